/* sudoku9-private.h — the bit-parallel path for the standard 9×9 Sudoku
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "numgrid.h"

G_BEGIN_DECLS

/* Whether @n_units units (cell lists of @grid) are exactly the 27 rows,
 * columns and 3 × 3 boxes of a 9 × 9 grid, cells 0..80 in reading order:
 * in any order, each unit's cells in any order, repeats allowed. Used by
 * numgrid.c when units change. */
gboolean _pw_sudoku9_units_standard (const PwNumGrid *grid);

/* Whether pw_numgrid_search may take this path for @grid: 81 cells of 9
 * values, the standard units, no inequality. */
gboolean _pw_sudoku9_applies        (const PwNumGrid *grid);

/* pw_numgrid_search for such a grid (@search->allow_fast_path is not
 * looked at). Nodes are counted by this path's own rule (sudoku9.c). */
gboolean _pw_sudoku9_search         (const guint8          *givens,
                                     const PwNumGridSearch *search,
                                     PwNumGridResult       *result,
                                     GError               **error);

G_END_DECLS
