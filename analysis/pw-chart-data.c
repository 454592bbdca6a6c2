/* pw-chart-data.c — measures, shapes and correlation for the charts
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-chart-data"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "pw-chart-data.h"
#include "pw-kind.h"
#include "pw-level.h"

G_DEFINE_QUARK (pw-chart-error-quark, pw_chart_error)

/* The playtest measures: name, the CSV column's name (an alias), label. */
#define PLAYTEST_MEASURES(X)                                              \
  X (RATING,     "rating",     "mean_rating",     N_("Mean rating"))      \
  X (TIME,       "time",       "median_seconds",  N_("Median solve time")) \
  X (COMPLETION, "completion", "completion_rate", N_("Completion rate"))  \
  X (PLAYTESTS,  "playtests",  "playtests",       N_("Playtests"))

typedef enum
{
#define X(e, name, alias, label) PLAYTEST_##e,
  PLAYTEST_MEASURES (X)
#undef X
  N_PLAYTEST_MEASURES
} PlaytestMeasure;

static const struct
{
  const char *name;
  const char *alias;
  const char *label;
} playtest_measures[] = {
#define X(e, name, alias, label) { name, alias, label },
  PLAYTEST_MEASURES (X)
#undef X
};

static int
find_playtest_measure (const char *measure)
{
  for (guint i = 0; i < N_PLAYTEST_MEASURES; i++)
    if (g_str_equal (measure, playtest_measures[i].name) ||
        g_str_equal (measure, playtest_measures[i].alias))
      return i;
  return -1;
}

static gboolean
figure_is_numeric (const PwFigureInfo *figure)
{
  return figure->type == PW_FIGURE_INT || figure->type == PW_FIGURE_DOUBLE ||
         figure->type == PW_FIGURE_BOOL;
}

/* The first kind's numeric figure called @key, or NULL. */
static const PwFigureInfo *
find_figure (const char *key)
{
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    for (guint f = 0; f < kinds[k]->n_figures; f++)
      if (g_str_equal (kinds[k]->figures[f].key, key) && figure_is_numeric (&kinds[k]->figures[f]))
        return &kinds[k]->figures[f];
  return NULL;
}

gboolean
pw_shape_from_string (const char *text,
                      PwShape    *shape)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (shape != NULL, FALSE);

  if (g_str_equal (text, "ramp"))
    *shape = PW_SHAPE_RAMP;
  else if (g_str_equal (text, "sawtooth"))
    *shape = PW_SHAPE_SAWTOOTH;
  else if (g_str_equal (text, "none"))
    *shape = PW_SHAPE_NONE;
  else
    return FALSE;
  return TRUE;
}

gboolean
pw_measure_is_known (const char *measure)
{
  g_return_val_if_fail (measure != NULL, FALSE);

  return find_playtest_measure (measure) >= 0 || find_figure (measure) != NULL;
}

gboolean
pw_measure_is_playtest (const char *measure)
{
  g_return_val_if_fail (measure != NULL, FALSE);

  return find_playtest_measure (measure) >= 0;
}

char **
pw_measure_list (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    for (guint f = 0; f < kinds[k]->n_figures; f++)
      {
        const PwFigureInfo *figure = &kinds[k]->figures[f];

        if (figure_is_numeric (figure) && g_hash_table_add (seen, (gpointer) figure->key))
          g_strv_builder_add (builder, figure->key);
      }
  for (guint i = 0; i < N_PLAYTEST_MEASURES; i++)
    g_strv_builder_add (builder, playtest_measures[i].name);
  return g_strv_builder_end (builder);
}

const char *
pw_measure_get_label (const char *measure)
{
  const PwFigureInfo *figure;
  int p;

  g_return_val_if_fail (measure != NULL, NULL);

  if ((p = find_playtest_measure (measure)) >= 0)
    return _(playtest_measures[p].label);
  figure = find_figure (measure);
  return figure != NULL ? _(figure->label) : measure;
}

gboolean
pw_report_row_measure (PwReportRow *row,
                       const char  *measure,
                       double      *value)
{
  JsonNode *node;
  int p;

  g_return_val_if_fail (row != NULL, FALSE);
  g_return_val_if_fail (measure != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  *value = NAN;
  if ((p = find_playtest_measure (measure)) >= 0)
    {
      GPtrArray *playtests = pw_level_get_playtests (row->level);
      guint count, completed = 0;
      double mean_rating, median_seconds;

      pw_level_playtest_summary (row->level, &count, &mean_rating, &median_seconds);
      switch ((PlaytestMeasure) p)
        {
        case PLAYTEST_RATING:
          *value = mean_rating;
          break;
        case PLAYTEST_TIME:
          *value = median_seconds;
          break;
        case PLAYTEST_COMPLETION:
          for (guint i = 0; i < playtests->len; i++)
            completed += ((PwPlaytest *) g_ptr_array_index (playtests, i))->completed != FALSE;
          *value = count > 0 ? (double) completed / count : NAN;
          break;
        case PLAYTEST_PLAYTESTS:
          *value = count;
          break;
        case N_PLAYTEST_MEASURES:
        default:
          g_assert_not_reached ();
        }
      return !isnan (*value);
    }

  if (row->analysis == NULL)
    return FALSE;
  node = json_object_get_member (pw_analysis_get_figures (row->analysis), measure);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      *value = json_node_get_int (node);
      break;
    case G_TYPE_DOUBLE:
      *value = json_node_get_double (node);
      break;
    case G_TYPE_BOOLEAN:
      *value = json_node_get_boolean (node) ? 1 : 0;
      break;
    default:
      return FALSE;
    }
  return isfinite (*value);
}

typedef struct
{
  double value;
  guint  index;
} Keyed;

static int
compare_keyed (gconstpointer a,
               gconstpointer b)
{
  const Keyed *ka = a, *kb = b;
  gboolean na = isnan (ka->value), nb = isnan (kb->value);

  /* no value last; equal values in their present order */
  if (na != nb)
    return na ? 1 : -1;
  if (!na && ka->value != kb->value)
    return ka->value < kb->value ? -1 : 1;
  return ka->index < kb->index ? -1 : ka->index > kb->index;
}

guint *
pw_measure_sort_order (GPtrArray  *rows,
                       const char *measure)
{
  g_autofree Keyed *keyed = NULL;
  guint *order;

  g_return_val_if_fail (rows != NULL, NULL);
  g_return_val_if_fail (measure != NULL, NULL);

  keyed = g_new (Keyed, MAX (rows->len, 1));
  order = g_new (guint, MAX (rows->len, 1));
  for (guint i = 0; i < rows->len; i++)
    {
      keyed[i].index = i;
      pw_report_row_measure (g_ptr_array_index (rows, i), measure, &keyed[i].value);
    }
  qsort (keyed, rows->len, sizeof *keyed, compare_keyed);
  for (guint i = 0; i < rows->len; i++)
    order[i] = keyed[i].index;
  return order;
}

void
pw_shape_mark (PwShape       shape,
               guint         period,
               const double *values,
               guint         n,
               gboolean     *marks)
{
  double previous = NAN;
  guint run = 0;

  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (marks != NULL || n == 0);

  for (guint i = 0; i < n; i++)
    {
      marks[i] = FALSE;
      if (isnan (values[i]))
        continue;
      switch (shape)
        {
        case PW_SHAPE_RAMP:
          marks[i] = !isnan (previous) && values[i] < previous;
          break;
        case PW_SHAPE_SAWTOOTH:
          /* a rest starts a new run; the first level is a run of one */
          if (isnan (previous) || values[i] < previous)
            run = 1;
          else
            run++;
          marks[i] = run > MAX (period, 1);
          break;
        case PW_SHAPE_NONE:
        default:
          break;
        }
      previous = values[i];
    }
}

double
pw_stats_pearson (const double *x,
                  const double *y,
                  guint         n)
{
  double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

  if (n < 2)
    return NAN;
  for (guint i = 0; i < n; i++)
    {
      mx += x[i];
      my += y[i];
    }
  mx /= n;
  my /= n;
  /* two passes: deviations from the means, for accuracy */
  for (guint i = 0; i < n; i++)
    {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
  if (sxx == 0 || syy == 0)
    return NAN;
  return CLAMP (sxy / sqrt (sxx * syy), -1.0, 1.0);
}

typedef struct
{
  double value;
  guint  index;
} Ranked;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *ra = a, *rb = b;

  return ra->value < rb->value ? -1 : ra->value > rb->value ? 1 : 0;
}

void
pw_stats_ranks (const double *values,
                guint         n,
                double       *ranks)
{
  g_autofree Ranked *order = g_new (Ranked, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    order[i] = (Ranked) { values[i], i };
  qsort (order, n, sizeof *order, compare_ranked);
  for (guint i = 0; i < n;)
    {
      guint j = i;

      while (j + 1 < n && order[j + 1].value == order[i].value)
        j++;
      /* places i..j (0-based) share the mean of ranks i+1..j+1 */
      for (guint k = i; k <= j; k++)
        ranks[order[k].index] = (i + j) / 2.0 + 1;
      i = j + 1;
    }
}

double
pw_stats_spearman (const double *x,
                   const double *y,
                   guint         n)
{
  g_autofree double *rx = g_new (double, MAX (n, 1));
  g_autofree double *ry = g_new (double, MAX (n, 1));

  if (n < 2)
    return NAN;
  pw_stats_ranks (x, n, rx);
  pw_stats_ranks (y, n, ry);
  return pw_stats_pearson (rx, ry, n);
}

gboolean
pw_stats_fit (const double *x,
              const double *y,
              guint         n,
              double       *slope,
              double       *intercept)
{
  double mx = 0, my = 0, sxy = 0, sxx = 0;

  *slope = *intercept = NAN;
  if (n < 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      mx += x[i];
      my += y[i];
    }
  mx /= n;
  my /= n;
  for (guint i = 0; i < n; i++)
    {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
    }
  if (sxx == 0)
    return FALSE;
  *slope = sxy / sxx;
  *intercept = my - *slope * mx;
  return TRUE;
}

static PwChart *
chart_new (void)
{
  PwChart *chart = g_new0 (PwChart, 1);

  chart->points = g_array_new (FALSE, TRUE, sizeof (PwChartPoint));
  chart->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  chart->pearson = chart->spearman = chart->slope = chart->intercept = NAN;
  return chart;
}

static gboolean
check_measure (const char  *measure,
               GError     **error)
{
  if (pw_measure_is_known (measure))
    return TRUE;
  g_set_error (error, PW_CHART_ERROR, PW_CHART_ERROR_UNKNOWN_MEASURE,
               _("“%s” is no numeric figure of any kind nor a playtest measure"), measure);
  return FALSE;
}

PwChart *
pw_chart_curve_begin (const char  *y,
                      const char  *y2,
                      PwShape      shape,
                      guint        period,
                      GError     **error)
{
  PwChart *chart;

  g_return_val_if_fail (y != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_measure (y, error) || (y2 != NULL && !check_measure (y2, error)))
    return NULL;

  chart = chart_new ();
  chart->y_measure = g_strdup (y);
  chart->y_label = g_strdup (pw_measure_get_label (y));
  chart->y2_measure = g_strdup (y2);
  chart->y2_label = y2 != NULL ? g_strdup (pw_measure_get_label (y2)) : NULL;
  chart->x_label = g_strdup (_("Position in the set"));
  chart->shape = shape;
  chart->period = period;
  return chart;
}

PwChart *
pw_chart_scatter_begin (const char  *x,
                        const char  *y,
                        GError     **error)
{
  PwChart *chart;

  g_return_val_if_fail (x != NULL && y != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_measure (x, error) || !check_measure (y, error))
    return NULL;

  chart = chart_new ();
  chart->x_measure = g_strdup (x);
  chart->y_measure = g_strdup (y);
  chart->x_label = g_strdup (pw_measure_get_label (x));
  chart->y_label = g_strdup (pw_measure_get_label (y));
  return chart;
}

void
pw_chart_add_row (PwChart     *chart,
                  PwReportRow *row,
                  gboolean     keep_level)
{
  PwChartPoint point = {
    .row = chart != NULL ? chart->n_rows : 0,
    .order = row != NULL ? row->order : 0,
    .x = chart != NULL ? chart->n_rows + 1 : 0,
    .y = NAN,
    .y2 = NAN,
  };

  g_return_if_fail (chart != NULL);
  g_return_if_fail (row != NULL && row->level != NULL);

  chart->n_rows++;
  if (chart->x_measure != NULL)
    {
      /* a scatter's point has both measures */
      if (!pw_report_row_measure (row, chart->x_measure, &point.x) ||
          !pw_report_row_measure (row, chart->y_measure, &point.y))
        return;
    }
  else
    {
      pw_report_row_measure (row, chart->y_measure, &point.y);
      if (chart->y2_measure != NULL)
        pw_report_row_measure (row, chart->y2_measure, &point.y2);
      if (!isnan (point.y))
        chart->n++;
    }
  g_array_append_val (chart->points, point);
  if (keep_level)
    pw_chart_name_point (chart, chart->points->len - 1, row->level);
}

void
pw_chart_name_point (PwChart *chart,
                     guint    index,
                     PwLevel *level)
{
  PwChartPoint *point;

  g_return_if_fail (chart != NULL);
  g_return_if_fail (index < chart->points->len);
  g_return_if_fail (level != NULL);

  point = &g_array_index (chart->points, PwChartPoint, index);
  g_ptr_array_add (chart->levels, pw_level_ref (level));
  point->id = pw_level_get_id (level);
  point->name = pw_level_get_name (level);
}

/* The curve's marks: the points that break its shape. */
static void
end_curve (PwChart *chart)
{
  guint n = chart->points->len;
  g_autofree double *values = g_new (double, MAX (n, 1));
  g_autofree gboolean *marks = g_new (gboolean, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    values[i] = g_array_index (chart->points, PwChartPoint, i).y;
  pw_shape_mark (chart->shape, chart->period, values, n, marks);
  for (guint i = 0; i < n; i++)
    g_array_index (chart->points, PwChartPoint, i).marked = marks[i];
}

/* The scatter's coefficients, fitted line and outliers. */
static gboolean
end_scatter (PwChart  *chart,
             GError  **error)
{
  guint n = chart->points->len;
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;

  if (n < 2)
    {
      g_set_error (error, PW_CHART_ERROR, PW_CHART_ERROR_NO_DATA,
                   /* Translators: the scatter of one measure against another */
                   ngettext ("only %u level has both “%s” and “%s”; a scatter needs two",
                             "only %u levels have both “%s” and “%s”; a scatter needs two", n),
                   n, chart->x_measure, chart->y_measure);
      return FALSE;
    }
  xs = g_new (double, n);
  ys = g_new (double, n);
  for (guint i = 0; i < n; i++)
    {
      xs[i] = g_array_index (chart->points, PwChartPoint, i).x;
      ys[i] = g_array_index (chart->points, PwChartPoint, i).y;
    }

  chart->n = n;
  chart->pearson = pw_stats_pearson (xs, ys, n);
  chart->spearman = pw_stats_spearman (xs, ys, n);
  chart->fitted = pw_stats_fit (xs, ys, n, &chart->slope, &chart->intercept);
  if (chart->fitted && n >= 4)
    {
      double ss = 0, se;

      for (guint i = 0; i < n; i++)
        {
          double r = ys[i] - (chart->slope * xs[i] + chart->intercept);

          ss += r * r;
        }
      se = sqrt (ss / (n - 2));
      for (guint i = 0; i < n && se > 0; i++)
        {
          double r = ys[i] - (chart->slope * xs[i] + chart->intercept);

          g_array_index (chart->points, PwChartPoint, i).marked = fabs (r) > 2 * se;
        }
    }
  return TRUE;
}

gboolean
pw_chart_end (PwChart  *chart,
              GError  **error)
{
  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (chart->x_measure != NULL)
    return end_scatter (chart, error);
  end_curve (chart);
  return TRUE;
}

PwChart *
pw_chart_new_curve (GPtrArray   *rows,
                    const char  *y,
                    const char  *y2,
                    PwShape      shape,
                    guint        period,
                    GError     **error)
{
  g_autoptr(PwChart) chart = NULL;

  g_return_val_if_fail (rows != NULL, NULL);
  g_return_val_if_fail (y != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  chart = pw_chart_curve_begin (y, y2, shape, period, error);
  if (chart == NULL)
    return NULL;
  for (guint i = 0; i < rows->len; i++)
    pw_chart_add_row (chart, g_ptr_array_index (rows, i), TRUE);
  if (!pw_chart_end (chart, error))
    return NULL;
  return g_steal_pointer (&chart);
}

PwChart *
pw_chart_new_scatter (GPtrArray   *rows,
                      const char  *x,
                      const char  *y,
                      GError     **error)
{
  g_autoptr(PwChart) chart = NULL;

  g_return_val_if_fail (rows != NULL, NULL);
  g_return_val_if_fail (x != NULL && y != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  chart = pw_chart_scatter_begin (x, y, error);
  if (chart == NULL)
    return NULL;
  for (guint i = 0; i < rows->len; i++)
    pw_chart_add_row (chart, g_ptr_array_index (rows, i), TRUE);
  if (!pw_chart_end (chart, error))
    return NULL;
  return g_steal_pointer (&chart);
}

void
pw_chart_free (PwChart *chart)
{
  if (chart == NULL)
    return;
  g_free (chart->x_measure);
  g_free (chart->y_measure);
  g_free (chart->y2_measure);
  g_free (chart->x_label);
  g_free (chart->y_label);
  g_free (chart->y2_label);
  g_array_unref (chart->points);
  g_ptr_array_unref (chart->levels);
  g_free (chart);
}

static void
append_coefficient (GString    *out,
                    const char *name,
                    double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "%s=%s ", name,
                          isnan (value) ? "nan" : g_ascii_formatd (buf, sizeof buf, "%.4f", value));
}

char *
pw_chart_coefficients_line (PwChart *chart)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (chart != NULL, NULL);

  append_coefficient (out, "pearson", chart->pearson);
  append_coefficient (out, "spearman", chart->spearman);
  g_string_append_printf (out, "n=%u", chart->n);
  return g_string_free (out, FALSE);
}
