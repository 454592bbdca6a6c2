/* numgrid-private.h — the problem's fields, for the engine's own files
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "numgrid.h"

G_BEGIN_DECLS

typedef struct
{
  PwUnitKind kind;
  guint      number;
  guint      n_cells;
  guint     *cells;
} PwNumGridUnit;

struct _PwNumGrid
{
  guint   width;
  guint   height;
  guint   n_cells;
  guint   n_values;
  guint8 *givens;
  GArray *units;            /* PwNumGridUnit */
  GArray *less;             /* pairs of guint: smaller, larger */
  /* cell → units, built by _pw_numgrid_prepare */
  guint  *cell_unit_start;  /* n_cells + 1 offsets into cell_unit_list */
  guint  *cell_unit_list;
  /* the units are those of the standard 9 × 9 Sudoku (sudoku9.c), also
   * kept by _pw_numgrid_prepare */
  gboolean standard9;
};

/* Builds the derived indices when a change has dropped them; any thread. */
void     _pw_numgrid_prepare        (PwNumGrid *grid);

/* Whether the searches use the POPCNT instruction (chosen at run time);
 * tests force the portable code, as on a processor without it. */
gboolean _pw_numgrid_use_popcnt     (void);
void     _pw_numgrid_force_portable (gboolean portable);

/* pw_numgrid_propagate with the rules of @level (tests compare the
 * stronger levels' fixpoint with a plain one). */
gboolean _pw_numgrid_propagate_level (const PwNumGrid      *grid,
                                      const guint8         *assume,
                                      PwNumGridPropagation  level,
                                      PwValueSet           *candidates);

G_END_DECLS
