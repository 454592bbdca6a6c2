/* numgrid.h — the number-placement engine: cells taking values 1..n,
 * all-different units, inequalities, givens
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One engine serves Sudoku (any box shape, jigsaw regions, diagonals),
 * Latin squares and Futoshiki, the way Tatham's latin.c serves Solo,
 * Unequal, Towers and Keen. A problem is a set of cells laid out on a
 * width × height grid (for naming cells "r3c5" in hints), each taking a
 * value 1..n_values (0 means "not decided"), with:
 *
 * - units: sets of cells whose values are all different. A unit with
 *   exactly n_values cells holds every value once (a row, column, box or
 *   region of a Sudoku or Latin square): "hidden single" reasoning applies
 *   to it;
 * - inequalities: value(a) < value(b) (Futoshiki's signs);
 * - givens: fixed values.
 *
 * Candidates are bit sets of up to PW_NUMGRID_MAX_VALUES values (bit v - 1
 * for value v). The search (numgrid-search.c) is depth-first with
 * propagation (naked and hidden singles, inequality bounds, optionally
 * locked candidates) and a bit-parallel fast path for the standard 9×9
 * Sudoku (sudoku9.c). tests/test-numgrid.c checks it against the general
 * engine (fd.h) and a brute-force enumerator.
 */

#pragma once

#include <gio/gio.h>

#include "pw-deadline.h"

G_BEGIN_DECLS

#define PW_NUMGRID_MAX_VALUES 128
#define PW_NUMGRID_MAX_CELLS  (128 * 128)
#define PW_NUMGRID_WORDS      2

/* A set of values 1..PW_NUMGRID_MAX_VALUES: bit (v - 1) % 64 of word
 * (v - 1) / 64. */
typedef struct
{
  guint64 w[PW_NUMGRID_WORDS];
} PwValueSet;

typedef enum
{
  PW_UNIT_ROW,
  PW_UNIT_COLUMN,
  PW_UNIT_BOX,       /* a Sudoku box of r × c cells */
  PW_UNIT_REGION,    /* a jigsaw region */
  PW_UNIT_DIAGONAL,  /* Sudoku X: 0 is the main diagonal, 1 the anti-diagonal */
  PW_UNIT_OTHER,
} PwUnitKind;

typedef struct _PwNumGrid PwNumGrid;

/* An empty problem: width × height cells, values 1..@n_values
 * (1 ≤ n_values ≤ PW_NUMGRID_MAX_VALUES). Cell (x, y) is y * width + x. */
PwNumGrid     *pw_numgrid_new            (guint              width,
                                          guint              height,
                                          guint              n_values);
PwNumGrid     *pw_numgrid_copy           (const PwNumGrid   *grid);
void           pw_numgrid_free           (PwNumGrid         *grid);

/* Adds an all-different unit; @number names it for people (row 3, box 2:
 * 0-based here, shown 1-based). The cells are copied. */
void           pw_numgrid_add_unit       (PwNumGrid         *grid,
                                          PwUnitKind         kind,
                                          guint              number,
                                          const guint       *cells,
                                          guint              n_cells);
/* value(@smaller) < value(@larger). */
void           pw_numgrid_add_less       (PwNumGrid         *grid,
                                          guint              smaller,
                                          guint              larger);
/* @value 1..n_values fixes the cell, 0 clears it. */
void           pw_numgrid_set_given      (PwNumGrid         *grid,
                                          guint              cell,
                                          guint              value);

guint          pw_numgrid_get_width      (const PwNumGrid   *grid);
guint          pw_numgrid_get_height     (const PwNumGrid   *grid);
guint          pw_numgrid_get_n_cells    (const PwNumGrid   *grid);
guint          pw_numgrid_get_n_values   (const PwNumGrid   *grid);
const guint8  *pw_numgrid_get_givens     (const PwNumGrid   *grid);
guint          pw_numgrid_get_n_units    (const PwNumGrid   *grid);
const guint   *pw_numgrid_get_unit       (const PwNumGrid   *grid,
                                          guint              unit,
                                          PwUnitKind        *kind,
                                          guint             *number,
                                          guint             *n_cells);
/* The units a cell belongs to (indices into the unit list). */
const guint   *pw_numgrid_get_cell_units (const PwNumGrid   *grid,
                                          guint              cell,
                                          guint             *n_units);
guint          pw_numgrid_get_n_less     (const PwNumGrid   *grid);
void           pw_numgrid_get_less       (const PwNumGrid   *grid,
                                          guint              index,
                                          guint             *smaller,
                                          guint             *larger);

/* Called with every solution (one value 1..n per cell); FALSE stops. */
typedef gboolean (*PwNumGridSolutionFunc) (const guint8 *values,
                                           gpointer      data);

/* How much reasoning runs at every node of the general search (the rules
 * in numgrid-search.c and docs/rules/sudoku.md). Every level finds the
 * same solutions; stronger levels take fewer nodes. */
typedef enum
{
  /* naked and hidden singles, inequality bounds: the rule the `nodes`
   * and `difficulty` figures are counted by */
  PW_NUMGRID_PROPAGATE_SINGLES,
  /* also locked candidates: when a value's places in a unit of n_values
   * cells all lie in another unit, the value leaves the rest of that
   * unit (pointing and claiming between boxes and lines) */
  PW_NUMGRID_PROPAGATE_LOCKED,
} PwNumGridPropagation;

typedef struct
{
  guint64                max_solutions;  /* stop after this many; 0: all */
  guint64                max_nodes;      /* stop after this many nodes; 0: no limit */
  /* Stop before a node when the trail (what backtracking restores, the
   * search's memory that grows: up to 40 MiB for an empty 128 × 128
   * Latin square) has passed half of this, so that its next doubling
   * stays within it; 0: no limit. The general search only. */
  guint64                max_bytes;
  /* Randomised order (the multiple method): ties between the variables
   * the heuristic would choose are broken, and values tried, in an order
   * drawn from @seed. FALSE: the deterministic order. */
  gboolean               random_order;
  guint64                seed;
  /* Values to assume besides the givens (0: free), or NULL; a value that
   * clashes with a given or another makes the problem unsolvable. */
  const guint8          *assume;
  /* The reasoning at every node of the general search. */
  PwNumGridPropagation   propagation;
  /* Allow the fastest way to the same count and solutions: the
   * specialised 9×9 Sudoku path when the units are those of a standard
   * Sudoku, else the general search with at least
   * PW_NUMGRID_PROPAGATE_LOCKED. Nodes are then counted by the rule of
   * what ran (docs/rules/sudoku.md): for counting, not for figures. */
  gboolean               allow_fast_path;
  PwNumGridSolutionFunc  on_solution;
  gpointer               on_solution_data;
  GCancellable          *cancellable;
  /* A time budget (NULL: none): past it the search stops as at max_nodes. */
  PwDeadline            *deadline;
} PwNumGridSearch;

typedef struct
{
  guint64  nodes;        /* values tried at choice points (numgrid-search.c; the
                          * 9×9 path counts by its own rule, sudoku9.c) */
  guint64  solutions;
  gboolean exhausted;    /* the whole space was searched: the count is exact */
  gboolean node_limit;   /* stopped at max_nodes or the deadline, or at max_bytes: */
  gboolean memory_limit; /* … this says it was the memory */
} PwNumGridResult;

void      pw_numgrid_search_init  (PwNumGridSearch       *search);
/* FALSE with G_IO_ERROR_CANCELLED when cancelled (the result holds what
 * was found until then). Any thread; the grid is not changed. */
gboolean  pw_numgrid_search       (const PwNumGrid       *grid,
                                   const PwNumGridSearch *search,
                                   PwNumGridResult       *result,
                                   GError               **error);

/* The candidates of every cell after the root propagation (givens and
 * @assume placed, singles and inequality bounds to a fixpoint); FALSE when
 * that finds a contradiction. @candidates has one set per cell. */
gboolean  pw_numgrid_propagate    (const PwNumGrid       *grid,
                                   const guint8          *assume,
                                   PwValueSet            *candidates);

/* Whether @values (a value 1..n per cell) satisfies every unit,
 * inequality and given: the plain check. */
gboolean  pw_numgrid_check        (const PwNumGrid       *grid,
                                   const guint8          *values);

/* Small helpers on value sets. */
static inline void
pw_value_set_clear (PwValueSet *set)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    set->w[i] = 0;
}

static inline void
pw_value_set_add (PwValueSet *set,
                  guint       value)
{
  set->w[(value - 1) / 64] |= G_GUINT64_CONSTANT (1) << ((value - 1) % 64);
}

static inline void
pw_value_set_remove (PwValueSet *set,
                     guint       value)
{
  set->w[(value - 1) / 64] &= ~(G_GUINT64_CONSTANT (1) << ((value - 1) % 64));
}

static inline gboolean
pw_value_set_has (const PwValueSet *set,
                  guint             value)
{
  return (set->w[(value - 1) / 64] >> ((value - 1) % 64)) & 1;
}

static inline guint
pw_value_set_count (const PwValueSet *set)
{
  guint n = 0;

  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    n += __builtin_popcountll (set->w[i]);
  return n;
}

/* The smallest value in @set, 0 when it is empty. */
static inline guint
pw_value_set_first (const PwValueSet *set)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    if (set->w[i] != 0)
      return i * 64 + __builtin_ctzll (set->w[i]) + 1;
  return 0;
}

/* Values 1..@n. */
static inline void
pw_value_set_fill (PwValueSet *set,
                   guint       n)
{
  pw_value_set_clear (set);
  for (guint i = 0; i < PW_NUMGRID_WORDS && n > 0; i++)
    {
      guint k = MIN (n, 64);

      set->w[i] = k == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << k) - 1;
      n -= k;
    }
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNumGrid, pw_numgrid_free)

G_END_DECLS
