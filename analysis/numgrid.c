/* numgrid.c — the number-placement problem: cells, units, inequalities,
 * givens (the search is in numgrid-search.c)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-numgrid"

#include "config.h"

#include <string.h>

#include "numgrid-private.h"
#include "sudoku9-private.h"

PwNumGrid *
pw_numgrid_new (guint width,
                guint height,
                guint n_values)
{
  PwNumGrid *grid;

  g_return_val_if_fail (width > 0 && height > 0, NULL);
  g_return_val_if_fail ((guint64) width * height <= PW_NUMGRID_MAX_CELLS, NULL);
  g_return_val_if_fail (n_values >= 1 && n_values <= PW_NUMGRID_MAX_VALUES, NULL);

  grid = g_new0 (PwNumGrid, 1);
  grid->width = width;
  grid->height = height;
  grid->n_cells = width * height;
  grid->n_values = n_values;
  grid->givens = g_new0 (guint8, grid->n_cells);
  grid->units = g_array_new (FALSE, FALSE, sizeof (PwNumGridUnit));
  grid->less = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  return grid;
}

static void
invalidate_cell_units (PwNumGrid *grid)
{
  g_clear_pointer (&grid->cell_unit_start, g_free);
  g_clear_pointer (&grid->cell_unit_list, g_free);
  grid->standard9 = FALSE;
}

PwNumGrid *
pw_numgrid_copy (const PwNumGrid *grid)
{
  PwNumGrid *copy;

  g_return_val_if_fail (grid != NULL, NULL);

  copy = pw_numgrid_new (grid->width, grid->height, grid->n_values);
  memcpy (copy->givens, grid->givens, grid->n_cells);
  for (guint u = 0; u < grid->units->len; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);

      pw_numgrid_add_unit (copy, unit->kind, unit->number, unit->cells, unit->n_cells);
    }
  g_array_append_vals (copy->less, grid->less->data, grid->less->len);
  return copy;
}

void
pw_numgrid_free (PwNumGrid *grid)
{
  if (grid == NULL)
    return;
  for (guint u = 0; u < grid->units->len; u++)
    g_free (g_array_index (grid->units, PwNumGridUnit, u).cells);
  g_array_unref (grid->units);
  g_array_unref (grid->less);
  invalidate_cell_units (grid);
  g_free (grid->givens);
  g_free (grid);
}

void
pw_numgrid_add_unit (PwNumGrid   *grid,
                     PwUnitKind   kind,
                     guint        number,
                     const guint *cells,
                     guint        n_cells)
{
  PwNumGridUnit unit;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (cells != NULL || n_cells == 0);
  g_return_if_fail (n_cells <= grid->n_values);

  for (guint i = 0; i < n_cells; i++)
    g_return_if_fail (cells[i] < grid->n_cells);

  unit.kind = kind;
  unit.number = number;
  unit.n_cells = n_cells;
  unit.cells = g_memdup2 (cells, sizeof (guint) * n_cells);
  g_array_append_val (grid->units, unit);
  invalidate_cell_units (grid);
}

void
pw_numgrid_add_less (PwNumGrid *grid,
                     guint      smaller,
                     guint      larger)
{
  guint pair[2] = { smaller, larger };

  g_return_if_fail (grid != NULL);
  g_return_if_fail (smaller < grid->n_cells && larger < grid->n_cells && smaller != larger);

  g_array_append_vals (grid->less, pair, 1);
}

void
pw_numgrid_set_given (PwNumGrid *grid,
                      guint      cell,
                      guint      value)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (cell < grid->n_cells);
  g_return_if_fail (value <= grid->n_values);

  grid->givens[cell] = value;
}

guint
pw_numgrid_get_width (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->width;
}

guint
pw_numgrid_get_height (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->height;
}

guint
pw_numgrid_get_n_cells (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->n_cells;
}

guint
pw_numgrid_get_n_values (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->n_values;
}

const guint8 *
pw_numgrid_get_givens (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);
  return grid->givens;
}

guint
pw_numgrid_get_n_units (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->units->len;
}

const guint *
pw_numgrid_get_unit (const PwNumGrid *grid,
                     guint            unit,
                     PwUnitKind      *kind,
                     guint           *number,
                     guint           *n_cells)
{
  const PwNumGridUnit *u;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (unit < grid->units->len, NULL);

  u = &g_array_index (grid->units, PwNumGridUnit, unit);
  if (kind != NULL)
    *kind = u->kind;
  if (number != NULL)
    *number = u->number;
  if (n_cells != NULL)
    *n_cells = u->n_cells;
  return u->cells;
}

/* Builds the cell → units index the first time it is needed after a
 * change. A built grid is read from several threads (the analyses' search
 * threads): the first of them builds the index under the lock, and the
 * others see it whole, published by the atomic store. Changing a grid
 * while another thread reads it is a caller's error, as for any value. */
static GMutex prepare_lock;

void
_pw_numgrid_prepare (PwNumGrid *grid)
{
  guint *count, *start, *list;
  guint total = 0;

  if (g_atomic_pointer_get (&grid->cell_unit_list) != NULL)
    return;
  g_mutex_lock (&prepare_lock);
  if (grid->cell_unit_list != NULL)
    {
      g_mutex_unlock (&prepare_lock);
      return;
    }

  count = g_new0 (guint, grid->n_cells + 1);
  for (guint u = 0; u < grid->units->len; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);

      for (guint i = 0; i < unit->n_cells; i++)
        count[unit->cells[i]]++;
      total += unit->n_cells;
    }
  start = g_new (guint, grid->n_cells + 1);
  list = g_new (guint, MAX (total, 1));
  start[0] = 0;
  for (guint c = 0; c < grid->n_cells; c++)
    start[c + 1] = start[c] + count[c];
  memset (count, 0, sizeof (guint) * grid->n_cells);
  for (guint u = 0; u < grid->units->len; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);

      for (guint i = 0; i < unit->n_cells; i++)
        {
          guint c = unit->cells[i];

          list[start[c] + count[c]++] = u;
        }
    }
  g_free (count);
  grid->standard9 = _pw_sudoku9_units_standard (grid);
  grid->cell_unit_start = start;
  /* last: readers test the list */
  g_atomic_pointer_set (&grid->cell_unit_list, list);
  g_mutex_unlock (&prepare_lock);
}

const guint *
pw_numgrid_get_cell_units (const PwNumGrid *grid,
                           guint            cell,
                           guint           *n_units)
{
  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (cell < grid->n_cells, NULL);

  _pw_numgrid_prepare ((PwNumGrid *) grid);
  if (n_units != NULL)
    *n_units = grid->cell_unit_start[cell + 1] - grid->cell_unit_start[cell];
  return grid->cell_unit_list + grid->cell_unit_start[cell];
}

guint
pw_numgrid_get_n_less (const PwNumGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->less->len;
}

void
pw_numgrid_get_less (const PwNumGrid *grid,
                     guint            index,
                     guint           *smaller,
                     guint           *larger)
{
  const guint *pair;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (index < grid->less->len);

  pair = (const guint *) (gconstpointer) (grid->less->data + index * sizeof (guint) * 2);
  if (smaller != NULL)
    *smaller = pair[0];
  if (larger != NULL)
    *larger = pair[1];
}

gboolean
pw_numgrid_check (const PwNumGrid *grid,
                  const guint8    *values)
{
  g_autofree guint8 *seen = NULL;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (values != NULL, FALSE);

  for (guint c = 0; c < grid->n_cells; c++)
    {
      if (values[c] < 1 || values[c] > grid->n_values)
        return FALSE;
      if (grid->givens[c] != 0 && grid->givens[c] != values[c])
        return FALSE;
    }
  seen = g_new (guint8, grid->n_values + 1);
  for (guint u = 0; u < grid->units->len; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);

      memset (seen, 0, grid->n_values + 1);
      for (guint i = 0; i < unit->n_cells; i++)
        {
          if (seen[values[unit->cells[i]]])
            return FALSE;
          seen[values[unit->cells[i]]] = 1;
        }
    }
  for (guint i = 0; i < grid->less->len; i++)
    {
      guint smaller, larger;

      pw_numgrid_get_less (grid, i, &smaller, &larger);
      if (values[smaller] >= values[larger])
        return FALSE;
    }
  return TRUE;
}
