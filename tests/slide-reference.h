/* slide-reference.h — a second, deliberately plain implementation of the
 * slide rules, written from the rules text alone, for cross-checking
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The moves, in this order everywhere: Up, Right, Down, Left. */
#define SLIDE_REF_MOVES "URDL"

/* A level: the static tiles (walls, floor, pits, goals) and the pieces at
 * the start. A state is a string of width * height characters, one per
 * cell, row by row: the piece on that cell ('r' 'y' 'g' 'b' '$' '*') or
 * SLIDE_REF_EMPTY. */
#define SLIDE_REF_EMPTY '-'

typedef struct
{
  int   width;
  int   height;
  char *tiles;  /* '#', '.', 'o', 'R', 'Y', 'G', 'B'; width * height */
  char *start;  /* the start state */
} SlideRef;

/* Things that happened during one move, for coverage counting. */
typedef enum
{
  SLIDE_REF_EVENT_ENTER_PIT     = 1 << 0,  /* a piece slid into a pit */
  SLIDE_REF_EVENT_LEAVE_PIT     = 1 << 1,  /* a piece slid out of a pit */
  SLIDE_REF_EVENT_PUSH          = 1 << 2,  /* a skiddy pushed a crate */
  SLIDE_REF_EVENT_PUSH_INTO_PIT = 1 << 3,  /* … onto a pit */
  SLIDE_REF_EVENT_PUSH_BLOCKED  = 1 << 4,  /* a skiddy ran into a crate it could not push */
  SLIDE_REF_EVENT_ICE_MOVED     = 1 << 5,  /* an ice cube slid */
  SLIDE_REF_EVENT_ICE_AT_CRATE  = 1 << 6,  /* an ice cube stopped before a crate */
  SLIDE_REF_EVENT_EXIT          = 1 << 7,  /* a skiddy left through its goal */
  SLIDE_REF_EVENT_MULTI_EXIT    = 1 << 8,  /* two or more left in one move */
  SLIDE_REF_EVENT_WRONG_GOAL    = 1 << 9,  /* a skiddy stopped before a goal of another colour */
  SLIDE_REF_EVENT_COMBO         = 1 << 10, /* a combo cleared at least one skiddy */
  SLIDE_REF_EVENT_BREAKS_COMBO  = 1 << 11, /* the move broke the combo */
  SLIDE_REF_EVENT_CRATE_ON_PIT_PUSHED = 1 << 12, /* a crate standing on a pit was pushed */
} SlideRefEvents;

#define SLIDE_REF_N_EVENTS 13

/* The outcome of one move. */
typedef struct
{
  gboolean won;
  gboolean breaks_combo;
  guint    events;  /* SlideRefEvents */
} SlideRefStep;

/* The brute-force figures; -1 where the rules say "none". */
typedef struct
{
  guint64  states;
  guint64  wins;
  double   potential_states;
  guint64  dead_ends;
  char     dead_end_moves[5];
  int      par;
  guint64  shortest_solutions;
  int      max_combo_par;
  gboolean perfect;
  guint    events;  /* every SlideRefEvents seen on any explored move */
} SlideRefFigures;

#define SLIDE_REF_ERROR (slide_ref_error_quark ())

typedef enum
{
  SLIDE_REF_ERROR_INVALID,
  SLIDE_REF_ERROR_NO_MOVE,
} SlideRefError;

GQuark    slide_ref_error_quark (void);

/* @text: rows separated by '\n' (a final '\n' is allowed). */
SlideRef *slide_ref_new      (const char      *text,
                              GError         **error);
void      slide_ref_free     (SlideRef        *ref);

/* Applies move @dir (0..3, SLIDE_REF_MOVES order) to @state. Returns the
 * new state, or NULL when the move changes nothing or @state is won. */
char     *slide_ref_move     (const SlideRef  *ref,
                              const char      *state,
                              int              dir,
                              SlideRefStep    *step);

gboolean  slide_ref_is_won   (const char      *state);

/* The grid as text, a piece standing on a pit drawn as the piece, each row
 * followed by '\n'. */
char     *slide_ref_draw     (const SlideRef  *ref,
                              const char      *state);

/* Plays @moves from the start; returns the final state, or NULL with
 * SLIDE_REF_ERROR_NO_MOVE when some move is not a move. */
char     *slide_ref_play     (const SlideRef  *ref,
                              const char      *moves,
                              gboolean        *won,
                              gboolean        *combo_broken,
                              GError         **error);

/* Breadth-first search of every reachable state. FALSE when more than
 * @max_states states are found; then only figures->states means anything. */
gboolean  slide_ref_analyse  (const SlideRef  *ref,
                              guint            max_states,
                              SlideRefFigures *figures);

/* F!/(k_r! k_y! k_g! k_b! crates! ice! (F - total)!) summed as the rules say. */
double    slide_ref_potential_states (const SlideRef *ref);

/* A random small valid level as text (at most 5×4 inside the border),
 * drawn to bring every rule up often, or NULL when an attempt failed. */
char     *slide_ref_random_level (GRand *rand);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SlideRef, slide_ref_free)

G_END_DECLS
