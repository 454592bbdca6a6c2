/* slide-private.h — the slide kind's internals, for tests and views
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind.h"

G_BEGIN_DECLS

#define PW_SLIDE_MIN_SIZE   3
#define PW_SLIDE_MAX_SIZE   16
#define PW_SLIDE_MAX_PIECES 64

typedef struct
{
  int   width;
  int   height;
  char *cells;  /* width * height tile characters, row by row */
  /* Only in a position drawn for play mode (play_render), else NULL: the
   * pieces by cell ('.' for none), while cells then holds the tiles
   * under them (floor or pit). */
  char *pieces;
} PwSlideLevel;

extern const PwKind pw_slide_kind;

/* The moves, in the order of the explorer's move indices. */
#define PW_SLIDE_MOVES "URDL"

/* Plays @moves (letters of PW_SLIDE_MOVES) from the level's start and
 * returns the grid as text, a piece standing on a pit drawn as the piece.
 * A move that changes nothing is an error, as is a move after the win.
 * *won says whether the last position is won; *combo_broken whether some
 * move broke the combo. */
char *_pw_slide_play (const PwSlideLevel *level,
                      const char         *moves,
                      gboolean           *won,
                      gboolean           *combo_broken,
                      GError            **error);

/* Where each piece of a position goes in a move, for animations: @from
 * and @to are cells (-1: not on the board), @exit the goal cell a skiddy
 * leaves through (-1 when it did not, e.g. cleared by a combo). @position
 * is a rendering of a position of @level (play_render). Returns the
 * number of pieces traced into @traces (PW_SLIDE_MAX_PIECES entries), 0
 * when @position is not one of @level's. */
typedef struct
{
  char piece;
  int  from;
  int  to;
  int  exit;
} PwSlideTrace;

int   _pw_slide_trace_move (const PwSlideLevel *level,
                            const PwSlideLevel *position,
                            guint               move,
                            PwSlideTrace       *traces);

/* What the generator steers by: the analysis's states, par, dead ends
 * and dead-end share, without the rest. Explores at most @max_states
 * states (won ones included); past that *complete is FALSE and only
 * @states is set. @level must be valid. FALSE with an error when
 * cancelled. */
typedef struct
{
  gboolean complete;
  guint64  states;          /* reachable states that are not won */
  gint64   par;             /* -1: cannot be won */
  guint64  dead_ends;
  double   dead_end_share;  /* dead_ends / states */
} PwSlideMeasure;

/* Explores @level within @max_states and @max_bytes (0: the memory
 * available); a PW_KIND_ERROR_MEMORY_BUDGET error when @max_bytes (not 0)
 * stopped it first. */
gboolean _pw_slide_measure  (const PwSlideLevel *level,
                             guint64             max_states,
                             guint64             max_bytes,
                             PwSlideMeasure     *measure,
                             GCancellable       *cancellable,
                             GError            **error);

/* The generator (slide-generate.c), PwKind.generate; its parameters
 * are listed in slide.c. */

gboolean _pw_slide_generate (GHashTable         *params,
                             guint64             seed,
                             guint64             max_bytes,
                             PwGenerateFound     found,
                             PwGenerateProgress  progress,
                             gpointer            user_data,
                             GCancellable       *cancellable,
                             GError            **error);

/* Analyse with the general move code even on boards small enough for
 * bitboards (for tests that compare the two). */
void  _pw_slide_force_generic (gboolean generic);

/* On small boards, move one direction at a time even where the processor
 * could move all four at once (for tests that compare the two). */
void  _pw_slide_force_scalar (gboolean scalar);

G_END_DECLS
