/* pw-chart-data.h — what the difficulty curve and the predicted-vs-observed
 * scatter show: measures of report rows, shapes, correlation
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only: the command line, the editor's chart and the tests compute the
 * figures of a chart here, and the drawing library (ui/pw-chart-paint.c)
 * only draws them. A measure is a kind's numeric figure (its CSV column:
 * "difficulty", "par", "grade"…) or a playtest measure of the level
 * ("rating" — mean rating, "time" — median solve time, "completion" —
 * completion rate, "playtests" — how many); its value for a row is the
 * number the CSV export writes in that column.
 */

#pragma once

#include "pw-report.h"

G_BEGIN_DECLS

#define PW_CHART_ERROR (pw_chart_error_quark ())

typedef enum
{
  PW_CHART_ERROR_UNKNOWN_MEASURE,  /* no kind has such a numeric figure */
  PW_CHART_ERROR_NO_DATA,          /* too few levels have a value */
} PwChartError;

GQuark pw_chart_error_quark (void);

/* The shape a producer wants the curve to have; levels that break it are
 * marked. */
typedef enum
{
  PW_SHAPE_NONE,
  /* never easier than the level before: a level below its predecessor
   * is a dip */
  PW_SHAPE_RAMP,
  /* rising runs broken by rests (a level below its predecessor): a level
   * that makes a run longer than the period, with no rest, is marked */
  PW_SHAPE_SAWTOOTH,
} PwShape;

#define PW_SHAPE_DEFAULT_PERIOD 5

/* "ramp", "sawtooth", "none" and back; FALSE for another word. */
gboolean    pw_shape_from_string  (const char   *text,
                                   PwShape      *shape);

/* Whether @measure names a numeric figure of some kind or a playtest
 * measure (the aliases "mean_rating", "median_seconds" and
 * "completion_rate" too). */
gboolean    pw_measure_is_known   (const char   *measure);
/* Whether @measure is a playtest measure (a level's, no analysis needed). */
gboolean    pw_measure_is_playtest (const char  *measure);
/* Every measure, figure keys of every kind first (registry order, each
 * once), then the playtest measures; NULL-terminated, free with
 * g_strfreev. */
char      **pw_measure_list       (void);
/* The measure's translated label ("Difficulty", "Mean rating"); the first
 * kind's label when several kinds have the figure. */
const char *pw_measure_get_label  (const char   *measure);
/* The row's value of @measure; FALSE when it has none (not analysed, the
 * kind has no such figure, no playtest). */
gboolean    pw_report_row_measure (PwReportRow  *row,
                                   const char   *measure,
                                   double       *value);

/* Marks (@marks[i] TRUE) the values that break @shape; NaN values are
 * skipped (never marked, not a predecessor). @period is the sawtooth's
 * longest run without a rest. */
void        pw_shape_mark         (PwShape       shape,
                                   guint         period,
                                   const double *values,
                                   guint         n,
                                   gboolean     *marks);

/* The order that sorts @rows by @measure, least first, levels without a
 * value last, ties and those in their present order: order[i] is the
 * index of the row that goes to place i (as pw_document_reorder_levels
 * takes it). Free with g_free. */
guint      *pw_measure_sort_order (GPtrArray    *rows,
                                   const char   *measure);

/* Statistics over @n pairs (no NaN): Pearson's r and Spearman's ρ (ranks
 * with ties averaged; NaN when a side is constant or n < 2), the least
 * squares line y = slope·x + intercept (FALSE when x is constant). */
double      pw_stats_pearson      (const double *x,
                                   const double *y,
                                   guint         n);
double      pw_stats_spearman     (const double *x,
                                   const double *y,
                                   guint         n);
/* Ranks 1..n of @values in @ranks, ties given their mean rank. */
void        pw_stats_ranks        (const double *values,
                                   guint         n,
                                   double       *ranks);
gboolean    pw_stats_fit          (const double *x,
                                   const double *y,
                                   guint         n,
                                   double       *slope,
                                   double       *intercept);

/* One point of a chart: a row of the report. */
typedef struct
{
  guint       row;       /* index in the rows the chart was made from */
  const char *id;        /* the level's (owned by the row's level) */
  const char *name;
  guint       order;     /* 1-based place in its set */
  double      x;         /* curve: the position, 1-based */
  double      y;         /* NaN: no value (curve only) */
  double      y2;        /* the second series, NaN when none */
  gboolean    marked;    /* curve: breaks the shape; scatter: an outlier */
} PwChartPoint;

typedef struct
{
  char         *x_measure;  /* NULL for the curve: x is the position */
  char         *y_measure;
  char         *y2_measure; /* NULL: one series */
  char         *x_label;
  char         *y_label;
  char         *y2_label;
  PwShape       shape;
  guint         period;
  GArray       *points;     /* of PwChartPoint */
  /* scatter only */
  guint         n;          /* pairs with both values */
  double        pearson;
  double        spearman;
  double        slope;
  double        intercept;
  gboolean      fitted;
  /* keeps the rows' levels alive for the points' strings */
  GPtrArray    *levels;
  guint         n_rows;     /* rows added so far */
} PwChart;

/* The difficulty curve of @rows (in their order): y = @y, optionally a
 * second series @y2; points breaking @shape on the first series are
 * marked. Every row is a point, with NaN where it has no value. */
PwChart    *pw_chart_new_curve    (GPtrArray    *rows,
                                   const char   *y,
                                   const char   *y2,
                                   PwShape       shape,
                                   guint         period,
                                   GError      **error);
/* The scatter of @y against @x over the rows that have both (at least
 * two, else PW_CHART_ERROR_NO_DATA); outliers are the points whose
 * residual from the fitted line is over twice the residuals' standard
 * error (n ≥ 4). */
PwChart    *pw_chart_new_scatter  (GPtrArray    *rows,
                                   const char   *x,
                                   const char   *y,
                                   GError      **error);
void        pw_chart_free         (PwChart      *chart);

/* A chart built a row at a time, for sets too large to hold (the command
 * line): begin it, add every row in order, then end it; the charts are
 * those pw_chart_new_curve and pw_chart_new_scatter make of the same
 * rows. A point keeps its numbers (56 bytes); its id and name only when
 * @keep_level, else they are NULL until pw_chart_name_point gives them
 * (the rows' levels need not be kept for the marks: a curve's are found
 * by pw_chart_end, a scatter's outliers only once every point is in). */
PwChart    *pw_chart_curve_begin   (const char   *y,
                                    const char   *y2,
                                    PwShape       shape,
                                    guint         period,
                                    GError      **error);
PwChart    *pw_chart_scatter_begin (const char   *x,
                                    const char   *y,
                                    GError      **error);
/* Adds @row, the chart's row number chart->n_rows (a curve takes every row
 * as a point; a scatter those with both measures). */
void        pw_chart_add_row       (PwChart      *chart,
                                    PwReportRow  *row,
                                    gboolean      keep_level);
/* Marks the curve's shape breaks, or fits the scatter and marks its
 * outliers; FALSE (PW_CHART_ERROR_NO_DATA) for a scatter of fewer than
 * two points. */
gboolean    pw_chart_end           (PwChart      *chart,
                                    GError      **error);
/* Gives point @index the id and name of @level (its row's level), which
 * the chart keeps. */
void        pw_chart_name_point    (PwChart      *chart,
                                    guint         index,
                                    PwLevel      *level);

/* "pearson=0.912 spearman=0.880 n=24" (C locale, "nan" when undefined). */
char       *pw_chart_coefficients_line (PwChart *chart);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwChart, pw_chart_free)

G_END_DECLS
