/* latin-paint.h — drawing Sudoku, Latin square and Futoshiki grids
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "latin-private.h"
#include "pw-geometry.h"
#include "pw-view-style.h"

G_BEGIN_DECLS

/* Marks on cells, any together. */
typedef enum
{
  PW_LATIN_MARK_CONFLICT  = 1 << 0,  /* breaks a rule: red */
  PW_LATIN_MARK_WRONG     = 1 << 1,  /* differs from the solution (Check): crossed */
  PW_LATIN_MARK_PATTERN   = 1 << 2,  /* a hint's pattern: blue */
  PW_LATIN_MARK_TARGET    = 1 << 3,  /* what a hint places or removes: green */
  PW_LATIN_MARK_REDUNDANT = 1 << 4,  /* a given that can go: dashed ring */
  PW_LATIN_MARK_DIFFERING = 1 << 5,  /* two solutions differ here: amber */
  PW_LATIN_MARK_PEER      = 1 << 6,  /* shares a unit with the cursor: tinted */
  PW_LATIN_MARK_SAME      = 1 << 7,  /* holds the cursor's value: tinted */
} PwLatinMark;

/* What is on the board besides the level: the player's values, pencil
 * marks, marks, the cursor. Every pointer may be NULL. */
typedef struct
{
  const guint8     *values;    /* per cell 0 or 1..n (givens are drawn from the level) */
  const PwValueSet *pencil;    /* per cell, candidates drawn small */
  const guint8     *marks;     /* per cell PwLatinMark flags */
  int               cursor;    /* a cell, or -1 */
  gboolean          letters;   /* values 10..35 as A..Z */
} PwLatinPaintState;

/* The text of a value: "7", "12", or "C" with @letters. */
void   pw_latin_value_text   (guint               value,
                              gboolean            letters,
                              char               *buffer,
                              gsize               size);

/* Paints the level's grid where @geometry says: cells (diagonal cells
 * shaded for Sudoku X), thin cell lines and thick region borders, signs
 * between cells, givens in bold, then the state's values, pencil marks,
 * marks and cursor. */
void   pw_latin_paint        (const PwLatinLevel      *level,
                              const PwLatinPaintState *state,
                              cairo_t                 *cr,
                              const PwGeometry        *geometry,
                              const PwViewStyle       *style);

/* What a point near a cell border is: the pair of neighbouring cells it
 * separates (@a left/above @b), when within a fifth of a cell of their
 * shared edge. For clicking signs. */
gboolean pw_latin_edge_at    (const PwLatinLevel      *level,
                              const PwGeometry        *geometry,
                              double                   px,
                              double                   py,
                              guint                   *a,
                              guint                   *b);

G_END_DECLS
