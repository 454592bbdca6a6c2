/* pw-chart-view.h — the set's difficulty curve or predicted-vs-observed
 * scatter, in the window's side pane
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_CHART_VIEW (pw_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (PwChartView, pw_chart_view, PW, CHART_VIEW, GtkWidget)

typedef enum
{
  PW_CHART_VIEW_CURVE,
  PW_CHART_VIEW_SCATTER,
} PwChartViewMode;

/* Follows @document's levels, in their order, and the analyses @scheduler
 * has (it queues the levels not analysed yet); redrawn when either
 * changes. Either may be NULL. Clicking a point emits "level-activated"
 * with the level's index. */
void      pw_chart_view_set_document (PwChartView     *self,
                                      PwDocument      *document,
                                      PwScheduler     *scheduler);
/* Rings the level @index (G_MAXUINT: none). */
void      pw_chart_view_set_current  (PwChartView     *self,
                                      guint            index);
/* What is charted: the mode, y (and the curve's second series @y2 or the
 * scatter's @x; NULL: none) and the curve's shape. FALSE when a measure
 * is not offered for this set. */
gboolean  pw_chart_view_set_measures (PwChartView     *self,
                                      PwChartViewMode  mode,
                                      const char      *y,
                                      const char      *other,
                                      PwShape          shape);
/* Reorders the set by the curve's measure, least first (levels without
 * one last), as one undoable step; FALSE when no curve is shown. */
gboolean  pw_chart_view_sort         (PwChartView     *self);
/* The chart on screen now (NULL when there is nothing to chart). */
PwChart  *pw_chart_view_get_chart    (PwChartView     *self);
/* For tests: the area the chart is drawn on (it takes the clicks), and
 * where point @index (of the chart's points) is drawn on it. */
GtkWidget *pw_chart_view_get_canvas   (PwChartView   *self);
gboolean  pw_chart_view_point_position (PwChartView   *self,
                                        guint          index,
                                        double        *x,
                                        double        *y);
/* Writes the chart as on screen (light colours) to @path: SVG, PNG or
 * PDF by its ending. */
gboolean  pw_chart_view_export       (PwChartView     *self,
                                      const char      *path,
                                      GError         **error);

G_END_DECLS
