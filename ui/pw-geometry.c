/* pw-geometry.c — where a grid's cells are in pixels, and back
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "pw-geometry.h"

void
pw_geometry_fit (PwGeometry *geometry,
                 int         columns,
                 int         rows,
                 double      width,
                 double      height,
                 double      margin)
{
  double cell;

  g_return_if_fail (geometry != NULL);
  g_return_if_fail (columns > 0 && rows > 0);

  cell = floor (MIN ((width - 2 * margin) / columns, (height - 2 * margin) / rows));
  cell = MAX (cell, 1);
  geometry->cell = cell;
  geometry->columns = columns;
  geometry->rows = rows;
  geometry->x = floor ((width - cell * columns) / 2);
  geometry->y = floor ((height - cell * rows) / 2);
}

gboolean
pw_geometry_cell_at (const PwGeometry *geometry,
                     double            px,
                     double            py,
                     int              *column,
                     int              *row)
{
  double cx = floor ((px - geometry->x) / geometry->cell);
  double cy = floor ((py - geometry->y) / geometry->cell);

  if (cx < 0 || cy < 0 || cx >= geometry->columns || cy >= geometry->rows)
    return FALSE;
  if (column != NULL)
    *column = (int) cx;
  if (row != NULL)
    *row = (int) cy;
  return TRUE;
}

void
pw_geometry_cell_origin (const PwGeometry *geometry,
                         int               column,
                         int               row,
                         double           *x,
                         double           *y)
{
  *x = geometry->x + column * geometry->cell;
  *y = geometry->y + row * geometry->cell;
}
