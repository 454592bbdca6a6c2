/* freecell-reference.h — a second, deliberately plain implementation of
 * the FreeCell rules, written from the rules alone, for cross-checking
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Cards are two characters, rank then suit: "AS", "TD", "KH". */
#define FC_REF_RANKS "A23456789TJQK"
#define FC_REF_SUITS "CDHS"

#define FC_REF_MAX_CASCADES 10
#define FC_REF_MAX_CELLS    4

/* A position. Each cascade is its cards' names run together, bottom card
 * first ("KSQH": the queen of hearts lies on the king of spades). */
typedef struct
{
  int  n_cascades;
  int  n_cells;
  int  foundation[4];                          /* per suit of FC_REF_SUITS: highest rank up */
  char cell[FC_REF_MAX_CELLS][3];              /* "" when empty */
  char cascade[FC_REF_MAX_CASCADES][2 * 52 + 1];
} FcRef;

/* 1 … 13, or 0 for text that is no card */
int       fc_ref_rank       (const char *card);
/* index in FC_REF_SUITS, or -1 */
int       fc_ref_suit       (const char *card);
gboolean  fc_ref_red        (const char *card);

/* @cascades: @n_cascades strings of card names separated by spaces,
 * bottom first. @cells: names or "-" separated by spaces (NULL: all
 * empty). @foundation: the rank up per suit, or NULL for "every suit up
 * to just below its lowest card still in play" (a suit with no card in
 * play is complete), which is the start of a deal of a reduced deck. */
void      fc_ref_init       (FcRef             *ref,
                             const char *const *cascades,
                             int                n_cascades,
                             int                n_cells,
                             const char        *cells,
                             const int         *foundation);

/* Whether the atomic move in standard notation ("3a", "b5", "1h", "18")
 * is well formed and allowed by the rules. */
gboolean  fc_ref_legal      (const FcRef       *ref,
                             const char        *move);
/* Makes the move if it is legal; FALSE, leaving @ref alone, if not. */
gboolean  fc_ref_apply      (FcRef             *ref,
                             const char        *move);
/* Plays moves separated by spaces; FALSE at the first that is not legal,
 * with its index in *@failed (may be NULL). */
gboolean  fc_ref_play       (FcRef             *ref,
                             const char        *moves,
                             int               *failed);
gboolean  fc_ref_won        (const FcRef       *ref);

/* The exact layout as text: foundations, cells in order, cascades in
 * order. No two different positions share a key. */
char     *fc_ref_key        (const FcRef       *ref);

/* Breadth-first search over exact positions with atomic moves only. */
typedef struct
{
  gboolean decided;    /* FALSE: more than the allowed positions */
  gboolean solvable;
  int      shortest;   /* moves of a shortest solution, or -1 */
  guint    positions;  /* distinct positions seen */
} FcRefSolution;

void      fc_ref_solve      (const FcRef       *ref,
                             guint              max_positions,
                             FcRefSolution     *solution);

/* Chen's a priori hardness, read straight off the cascades. */
typedef struct
{
  int aces;        /* cards lying above an ace, summed over the aces */
  int kings;       /* cards lying under a king, summed over the kings */
  int blocking;    /* the ranks of the cards lying directly on the aces */
  int disordered;  /* cards that are in no pair of neighbours one rank apart */
  int total;       /* 2 aces + 2 kings + blocking + disordered */
} FcRefHardness;

void      fc_ref_hardness   (const FcRef       *ref,
                             FcRefHardness     *hardness);

G_END_DECLS
