/* pw-geometry.h — where a grid's cells are in pixels, and back
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A grid laid out in pixels: cell (0, 0)'s top-left corner and the side of
 * a cell. Painting, hit-testing and exporting all go through this. */
typedef struct
{
  double x;
  double y;
  double cell;
  int    columns;
  int    rows;
} PwGeometry;

/* Lays @columns × @rows cells out in a @width × @height area with @margin
 * pixels around: the largest whole-pixel cell that fits, centred, so
 * edges fall on pixel boundaries and stay crisp at every size. */
void     pw_geometry_fit       (PwGeometry       *geometry,
                                int               columns,
                                int               rows,
                                double            width,
                                double            height,
                                double            margin);
/* The cell under a point, FALSE outside the grid. */
gboolean pw_geometry_cell_at   (const PwGeometry *geometry,
                                double            px,
                                double            py,
                                int              *column,
                                int              *row);
/* A cell's top-left corner. */
void     pw_geometry_cell_origin (const PwGeometry *geometry,
                                  int               column,
                                  int               row,
                                  double           *x,
                                  double           *y);

G_END_DECLS
