/* pw-chart-paint.h — the difficulty curve and the scatter, drawn with cairo
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cairo only (the drawing library): the editor's chart widget, the command
 * line's `chart` and `report` and the tests draw a PwChart
 * (analysis/pw-chart-data.h) through here.
 */

#pragma once

#include <cairo.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

/* Where a painted chart put things: the plot area and the ranges mapped
 * onto it, so that a point can be found again (hit tests, pixel tests). */
typedef struct
{
  double left, top, right, bottom;  /* the plot area */
  double x_min, x_max;
  double y_min, y_max;
  double y2_min, y2_max;            /* the second series' axis, on the right */
} PwChartLayout;

/* Paints @chart over a @width × @height area of @cr (background, axes,
 * series, marks, the fitted line and coefficients of a scatter); the point
 * @selected (an index in chart->points, or -1) is ringed. Sets *layout
 * (may be NULL). */
void     pw_chart_paint        (PwChart             *chart,
                                cairo_t             *cr,
                                double               width,
                                double               height,
                                gboolean             dark,
                                int                  selected,
                                PwChartLayout       *layout);

/* Where @point of a painted chart is (@second: its second series' value);
 * FALSE when it has no such value. */
gboolean pw_chart_layout_point (const PwChartLayout *layout,
                                const PwChartPoint  *point,
                                gboolean             second,
                                double              *px,
                                double              *py);

/* The index of the point of @chart nearest (@px, @py) within @radius, on
 * either series, or -1. */
int      pw_chart_point_at     (PwChart             *chart,
                                const PwChartLayout *layout,
                                double               px,
                                double               py,
                                double               radius);

/* Writes @chart to @path as SVG, PNG or PDF, by the file name's ending
 * (@width × @height points; pixels for PNG). */
gboolean pw_chart_write        (PwChart             *chart,
                                const char          *path,
                                double               width,
                                double               height,
                                GError             **error);

/* The image format of @path's ending: "svg", "png", "pdf", or NULL. */
const char *pw_image_format_for_path (const char *path);

G_END_DECLS
