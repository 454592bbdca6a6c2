/* test-chart.c — the difficulty curve, the scatter and printed sheets
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The statistics are checked against plain textbook computations on many
 * random instances; the shapes against a plain walk; a chart's figures
 * against the CSV export of the same rows; pictures and sheets by file
 * type, page count and pixels where the points and levels should be.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "pw-chart-paint.h"
#include "pw-kind-view.h"
#include "pw-sheet.h"
#include "test-util.h"

#define N_RANDOM 2000

/* --- plain second implementations ---------------------------------- */

/* Pearson's r from the raw sums, the textbook formula. */
static double
plain_pearson (const double *x,
               const double *y,
               guint         n)
{
  long double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, num, den;

  for (guint i = 0; i < n; i++)
    {
      sx += x[i];
      sy += y[i];
      sxx += (long double) x[i] * x[i];
      syy += (long double) y[i] * y[i];
      sxy += (long double) x[i] * y[i];
    }
  num = n * sxy - sx * sy;
  den = sqrtl (n * sxx - sx * sx) * sqrtl (n * syy - sy * sy);
  return den == 0 ? NAN : (double) (num / den);
}

/* The rank of each value by counting: 1 + how many are smaller + half of
 * the others equal to it. */
static void
plain_ranks (const double *v,
             guint         n,
             double       *ranks)
{
  for (guint i = 0; i < n; i++)
    {
      guint less = 0, equal = 0;

      for (guint j = 0; j < n; j++)
        {
          less += v[j] < v[i];
          equal += v[j] == v[i] && j != i;
        }
      ranks[i] = 1 + less + equal / 2.0;
    }
}

/* Least squares by the normal equations, solved by Cramer's rule. */
static gboolean
plain_fit (const double *x,
           const double *y,
           guint         n,
           double       *slope,
           double       *intercept)
{
  long double sx = 0, sy = 0, sxx = 0, sxy = 0, det;

  for (guint i = 0; i < n; i++)
    {
      sx += x[i];
      sy += y[i];
      sxx += (long double) x[i] * x[i];
      sxy += (long double) x[i] * y[i];
    }
  det = n * sxx - sx * sx;
  if (fabsl (det) < 1e-9)
    return FALSE;
  *slope = (double) ((n * sxy - sx * sy) / det);
  *intercept = (double) ((sxx * sy - sx * sxy) / det);
  return TRUE;
}

/* A level breaks the ramp when some earlier value, the nearest one that
 * is a number, is greater. */
static gboolean
plain_ramp_mark (const double *v,
                 guint         i)
{
  if (isnan (v[i]))
    return FALSE;
  for (guint j = i; j-- > 0;)
    if (!isnan (v[j]))
      return v[j] > v[i];
  return FALSE;
}

/* The length of the rise ending at i: walk back over numbers while each
 * is no greater than the one after it. */
static gboolean
plain_sawtooth_mark (const double *v,
                     guint         i,
                     guint         period)
{
  guint length = 1;
  guint at = i;

  if (isnan (v[i]))
    return FALSE;
  for (;;)
    {
      guint j = at;
      gboolean found = FALSE;

      while (j-- > 0)
        if (!isnan (v[j]))
          {
            found = TRUE;
            break;
          }
      if (!found || v[j] > v[at])
        break;
      length++;
      at = j;
    }
  return length > period;
}

/* --- statistics ----------------------------------------------------- */

static void
random_values (GRand  *rand,
               double *v,
               guint   n,
               gboolean ties)
{
  for (guint i = 0; i < n; i++)
    v[i] = ties ? g_rand_int_range (rand, 0, 6) : g_rand_double_range (rand, -50, 50);
}

static void
test_stats_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);

  for (guint t = 0; t < N_RANDOM; t++)
    {
      guint n = g_rand_int_range (rand, 2, 40);
      gboolean ties = t % 2;
      double x[40], y[40], rx[40], ry[40], prx[40], pry[40];
      double r, plain, slope, intercept, pslope = 0, pintercept = 0;
      gboolean fitted, pfitted;

      random_values (rand, x, n, ties);
      random_values (rand, y, n, ties && t % 4 == 1);
      /* some pairs lie near a line */
      if (t % 3 == 0)
        for (guint i = 0; i < n; i++)
          y[i] = 2 * x[i] + g_rand_double_range (rand, -1, 1);

      r = pw_stats_pearson (x, y, n);
      plain = plain_pearson (x, y, n);
      if (isnan (plain))
        g_assert_true (isnan (r));
      else
        g_assert_cmpfloat_with_epsilon (r, plain, 1e-9);

      pw_stats_ranks (x, n, rx);
      pw_stats_ranks (y, n, ry);
      plain_ranks (x, n, prx);
      plain_ranks (y, n, pry);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpfloat (rx[i], ==, prx[i]);
          g_assert_cmpfloat (ry[i], ==, pry[i]);
        }
      r = pw_stats_spearman (x, y, n);
      plain = plain_pearson (prx, pry, n);
      if (isnan (plain))
        g_assert_true (isnan (r));
      else
        g_assert_cmpfloat_with_epsilon (r, plain, 1e-9);
      if (!ties)
        {
          /* no ties: Spearman's own formula, 1 − 6 Σd² / (n (n² − 1)) */
          double d2 = 0;

          for (guint i = 0; i < n; i++)
            d2 += (prx[i] - pry[i]) * (prx[i] - pry[i]);
          g_assert_cmpfloat_with_epsilon (r, 1 - 6 * d2 / (n * ((double) n * n - 1)), 1e-9);
        }

      fitted = pw_stats_fit (x, y, n, &slope, &intercept);
      pfitted = plain_fit (x, y, n, &pslope, &pintercept);
      g_assert_cmpint (fitted, ==, pfitted);
      if (fitted)
        {
          g_assert_cmpfloat_with_epsilon (slope, pslope, 1e-6 * MAX (1, fabs (pslope)));
          g_assert_cmpfloat_with_epsilon (intercept, pintercept, 1e-6 * MAX (1, fabs (pintercept)));
        }
    }
}

static void
test_stats_known (void)
{
  /* Spearman's ρ of a monotone but not linear relation is 1, Pearson's
   * less */
  const double x[] = { 1, 2, 3, 4, 5, 6 };
  const double y[] = { 1, 4, 9, 16, 25, 36 };
  const double down[] = { 6, 5, 4, 3, 2, 1 };
  const double flat[] = { 3, 3, 3, 3, 3, 3 };
  const double tied[] = { 10, 20, 20, 30 };
  double ranks[4], slope, intercept;

  g_assert_cmpfloat_with_epsilon (pw_stats_spearman (x, y, 6), 1, 1e-12);
  g_assert_cmpfloat (pw_stats_pearson (x, y, 6), <, 0.99);
  g_assert_cmpfloat_with_epsilon (pw_stats_pearson (x, down, 6), -1, 1e-12);
  g_assert_true (isnan (pw_stats_pearson (x, flat, 6)));
  g_assert_true (isnan (pw_stats_pearson (x, y, 1)));
  g_assert_false (pw_stats_fit (flat, x, 6, &slope, &intercept));
  g_assert_true (pw_stats_fit (x, down, 6, &slope, &intercept));
  g_assert_cmpfloat_with_epsilon (slope, -1, 1e-12);
  g_assert_cmpfloat_with_epsilon (intercept, 7, 1e-12);
  pw_stats_ranks (tied, 4, ranks);
  g_assert_cmpfloat (ranks[0], ==, 1);
  g_assert_cmpfloat (ranks[1], ==, 2.5);
  g_assert_cmpfloat (ranks[2], ==, 2.5);
  g_assert_cmpfloat (ranks[3], ==, 4);
}

/* --- shapes --------------------------------------------------------- */

static void
test_shapes_known (void)
{
  const double ramp[] = { 1, 2, 2, 1.5, 3, NAN, 2.5, 4 };
  const gboolean ramp_marks[] = { 0, 0, 0, 1, 0, 0, 1, 0 };
  /* period 3: a rise of four levels with no rest breaks it */
  const double saw[] = { 1, 2, 3, 1, 2, 3, 4, 5, 2 };
  const gboolean saw_marks[] = { 0, 0, 0, 0, 0, 0, 1, 1, 0 };
  gboolean marks[9];
  PwShape shape;

  pw_shape_mark (PW_SHAPE_RAMP, 0, ramp, G_N_ELEMENTS (ramp), marks);
  for (guint i = 0; i < G_N_ELEMENTS (ramp); i++)
    g_assert_cmpint (marks[i], ==, ramp_marks[i]);
  pw_shape_mark (PW_SHAPE_SAWTOOTH, 3, saw, G_N_ELEMENTS (saw), marks);
  for (guint i = 0; i < G_N_ELEMENTS (saw); i++)
    g_assert_cmpint (marks[i], ==, saw_marks[i]);
  pw_shape_mark (PW_SHAPE_NONE, 3, saw, G_N_ELEMENTS (saw), marks);
  for (guint i = 0; i < G_N_ELEMENTS (saw); i++)
    g_assert_false (marks[i]);

  g_assert_true (pw_shape_from_string ("sawtooth", &shape));
  g_assert_cmpint (shape, ==, PW_SHAPE_SAWTOOTH);
  g_assert_false (pw_shape_from_string ("zigzag", &shape));
}

static void
test_shapes_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1515);

  for (guint t = 0; t < N_RANDOM; t++)
    {
      guint n = g_rand_int_range (rand, 0, 30);
      guint period = g_rand_int_range (rand, 1, 6);
      double v[30];
      gboolean marks[30];

      for (guint i = 0; i < n; i++)
        v[i] = g_rand_int_range (rand, 0, 10) == 0 ? NAN : g_rand_int_range (rand, 0, 8);
      pw_shape_mark (PW_SHAPE_RAMP, period, v, n, marks);
      for (guint i = 0; i < n; i++)
        g_assert_cmpint (marks[i], ==, plain_ramp_mark (v, i));
      pw_shape_mark (PW_SHAPE_SAWTOOTH, period, v, n, marks);
      for (guint i = 0; i < n; i++)
        g_assert_cmpint (marks[i], ==, plain_sawtooth_mark (v, i, period));
    }
}

/* --- rows of a real set --------------------------------------------- */

static char *
sample_path (const char *name)
{
  return g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", name, NULL);
}

/* Playtests made up from a seed: ratings, times, completion. */
static void
add_playtests (PwLevelSet *set,
               guint64     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      GPtrArray *playtests = pw_level_get_playtests (pw_level_set_get_level (set, i));
      /* every fifth level not played */
      guint n = i % 5 == 4 ? 0 : g_rand_int_range (rand, 1, 4);

      for (guint p = 0; p < n; p++)
        {
          PwPlaytest *playtest = pw_playtest_new ();
          /* harder levels later in the set, rated higher */
          int rating = 1 + i / 2 + g_rand_int_range (rand, 0, 2);

          g_free (playtest->tester);
          playtest->tester = g_strdup_printf ("T%u", p);
          playtest->rating = MIN (PW_RATING_MAX, rating);
          playtest->seconds = g_rand_int_range (rand, 0, 4) == 0 ? -1
                              : g_rand_int_range (rand, 10, 600);
          playtest->completed = g_rand_int_range (rand, 0, 4) != 0;
          g_ptr_array_add (playtests, playtest);
        }
    }
}

/* The figures a chart of the difficulty, or of the difficulty against a
 * playtest measure, asks for (what `chart` and `report` ask: test-columns
 * checks they are the whole analysis's). */
static const char *const difficulty_only[] = { "difficulty", NULL };
static const char *const par_only[] = { "par", NULL };

/* Every level of @set analysed for @figures (NULL: all but the costly
 * ones, such as FreeCell's fewest free cells, a proof per deal, which no
 * chart here shows). */
static GPtrArray *
analyse_rows (PwLevelSet         *set,
              const char * const *figures)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  PwAnalyseOptions options;

  pw_analyse_options_init (&options);
  options.skip_costly = TRUE;
  options.figures = figures;
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(GError) error = NULL;
      PwAnalysis *analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);

      g_assert_no_error (error);
      g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, level, analysis, NULL));
      pw_analysis_unref (analysis);
    }
  return rows;
}

static PwLevelSet *
load_sample (const char *name)
{
  g_autofree char *path = sample_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwLevelSet *set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  return set;
}

/* Every measure's value is the number the CSV export writes in its
 * column, and missing where the cell is empty. */
static void
test_measures_equal_csv (void)
{
  const char *sets[] = { "sample.json", "combination.json", "sudoku.json" };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autoptr(PwLevelSet) set = load_sample (sets[s]);
      g_autoptr(GPtrArray) rows = NULL;
      g_autoptr(GPtrArray) csv = NULL;
      g_autofree char *text = NULL;
      g_auto(GStrv) measures = pw_measure_list ();
      guint compared = 0;

      add_playtests (set, 7 + s);
      rows = analyse_rows (set, NULL);
      text = pw_report_to_csv (rows, FALSE);
      csv = test_parse_csv (text);
      g_assert_cmpuint (csv->len, ==, rows->len + 1);

      for (guint m = 0; measures[m] != NULL; m++)
        {
          /* the CSV's name of the playtest measures */
          const char *column = g_str_equal (measures[m], "rating") ? "mean_rating"
                               : g_str_equal (measures[m], "time") ? "median_seconds"
                               : measures[m];
          gboolean in_csv = FALSE;
          GPtrArray *header = g_ptr_array_index (csv, 0);

          for (guint c = 0; c < header->len; c++)
            in_csv |= g_str_equal (g_ptr_array_index (header, c), column);
          if (!in_csv)
            continue;
          for (guint r = 0; r < rows->len; r++)
            {
              const char *cell = test_csv_cell (csv, r + 1, column);
              double value;
              gboolean has = pw_report_row_measure (g_ptr_array_index (rows, r), measures[m],
                                                    &value);

              if (g_str_equal (cell, "true") || g_str_equal (cell, "false"))
                {
                  g_assert_true (has);
                  g_assert_cmpfloat (value, ==, g_str_equal (cell, "true") ? 1 : 0);
                }
              else if (*cell == '\0')
                g_assert_false (has);
              else
                {
                  double expected = g_ascii_strtod (cell, NULL);

                  g_assert_true (has);
                  /* the CSV writes six significant digits */
                  g_assert_cmpfloat_with_epsilon (value, expected, 1e-5 * MAX (1, fabs (expected)));
                }
              compared++;
            }
        }
      /* figures and playtest measures both took part */
      g_assert_cmpuint (compared, >=, 4 * rows->len);
    }
}

static void
test_curve_points (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(PwChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *values = NULL;
  g_autofree gboolean *marks = NULL;
  guint n;

  add_playtests (set, 3);
  rows = analyse_rows (set, difficulty_only);
  n = rows->len;
  chart = pw_chart_new_curve (rows, "difficulty", "rating", PW_SHAPE_RAMP, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (chart->points->len, ==, n);
  values = g_new (double, n);
  marks = g_new (gboolean, n);
  for (guint i = 0; i < n; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);
      double y, y2;
      gboolean has2 = pw_report_row_measure (g_ptr_array_index (rows, i), "rating", &y2);

      g_assert_true (pw_report_row_measure (g_ptr_array_index (rows, i), "difficulty", &y));
      g_assert_cmpfloat (point->y, ==, y);
      g_assert_cmpfloat (point->x, ==, i + 1);
      g_assert_cmpuint (point->order, ==, i + 1);
      g_assert_cmpint (has2, ==, !isnan (point->y2));
      if (has2)
        g_assert_cmpfloat (point->y2, ==, y2);
      values[i] = y;
    }
  pw_shape_mark (PW_SHAPE_RAMP, 5, values, n, marks);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (chart->points, PwChartPoint, i).marked, ==, marks[i]);

  g_assert_null (pw_chart_new_curve (rows, "no_such_figure", NULL, PW_SHAPE_NONE, 5, &error));
  g_assert_error (error, PW_CHART_ERROR, PW_CHART_ERROR_UNKNOWN_MEASURE);
}

/* The sort order by a measure is a plain stable insertion sort's: values
 * least first, levels without one last, ties in their order. */
static void
test_sort_order (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = NULL;
  const char *measures[] = { "rating", "par", "dead_ends", "completion" };

  add_playtests (set, 5);
  rows = analyse_rows (set, NULL);
  for (guint m = 0; m < G_N_ELEMENTS (measures); m++)
    {
      g_autofree guint *order = pw_measure_sort_order (rows, measures[m]);
      g_autofree guint *plain = g_new (guint, rows->len);
      g_autofree double *values = g_new (double, rows->len);
      g_autofree gboolean *seen = g_new0 (gboolean, rows->len);

      for (guint i = 0; i < rows->len; i++)
        if (!pw_report_row_measure (g_ptr_array_index (rows, i), measures[m], &values[i]))
          values[i] = INFINITY;  /* after every value, ties kept in order */
      for (guint i = 0; i < rows->len; i++)
        {
          guint j = i;

          plain[i] = i;
          while (j > 0 && values[plain[j - 1]] > values[plain[j]])
            {
              guint t = plain[j - 1];

              plain[j - 1] = plain[j];
              plain[j] = t;
              j--;
            }
        }
      for (guint i = 0; i < rows->len; i++)
        {
          g_assert_cmpuint (order[i], ==, plain[i]);
          g_assert_false (seen[order[i]]);
          seen[order[i]] = TRUE;
        }
    }
}

static gboolean
pixel_differs (cairo_surface_t *surface,
               int              x,
               int              y,
               guint32          background)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  return (((const guint32 *) (data + y * stride))[x] & 0xffffff) != (background & 0xffffff);
}

/* Some pixel within @radius of (@x, @y) is not the background. */
static gboolean
ink_near (cairo_surface_t *surface,
          double           x,
          double           y,
          int              radius)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);

  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      {
        int px = (int) x + dx, py = (int) y + dy;

        if (px >= 0 && py >= 0 && px < w && py < h && pixel_differs (surface, px, py, 0xffffff))
          return TRUE;
      }
  return FALSE;
}

static void
test_scatter_paint (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(PwChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PwChartLayout layout;
  guint n = 0;

  add_playtests (set, 11);
  rows = analyse_rows (set, difficulty_only);
  chart = pw_chart_new_scatter (rows, "difficulty", "rating", &error);
  g_assert_no_error (error);

  /* the pairs are the rows with both values, and the coefficients theirs */
  xs = g_new (double, rows->len);
  ys = g_new (double, rows->len);
  for (guint i = 0; i < rows->len; i++)
    if (pw_report_row_measure (g_ptr_array_index (rows, i), "difficulty", &xs[n]) &&
        pw_report_row_measure (g_ptr_array_index (rows, i), "rating", &ys[n]))
      n++;
  g_assert_cmpuint (n, <, rows->len);  /* some levels have no playtest */
  g_assert_cmpuint (chart->n, ==, n);
  g_assert_cmpfloat_with_epsilon (chart->pearson, plain_pearson (xs, ys, n), 1e-9);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 400);
  cr = cairo_create (surface);
  pw_chart_paint (chart, cr, 640, 400, FALSE, -1, &layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);
      double px, py;

      g_assert_true (pw_chart_layout_point (&layout, point, FALSE, &px, &py));
      g_assert_cmpfloat (px, >=, layout.left);
      g_assert_cmpfloat (px, <=, layout.right);
      g_assert_cmpfloat (py, >=, layout.top);
      g_assert_cmpfloat (py, <=, layout.bottom);
      /* the dot is drawn there, and clicking there finds a point at that place */
      g_assert_true (pixel_differs (surface, (int) px, (int) py, 0xffffff));
      g_assert_cmpint (pw_chart_point_at (chart, &layout, px, py, 4), >=, 0);
    }
  /* far from every point, nothing is found */
  g_assert_cmpint (pw_chart_point_at (chart, &layout, -100, -100, 4), ==, -1);
  cairo_surface_destroy (surface);
}

static char *
read_file (const char *path,
           gsize      *length)
{
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

static guint
pdf_pages (const char *path)
{
  gsize length;
  g_autofree char *data = read_file (path, &length);
  g_autoptr(GRegex) regex = g_regex_new ("/Type\\s*/Page[^s]", G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n = 0;

  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  g_regex_match_full (regex, data, length, 0, 0, &match, NULL);
  while (g_match_info_matches (match))
    {
      n++;
      g_match_info_next (match, NULL);
    }
  return n;
}

static void
assert_file_type (const char *path,
                  const char *format)
{
  gsize length;
  g_autofree char *data = read_file (path, &length);

  if (g_str_equal (format, "png"))
    g_assert_true (length > 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0);
  else if (g_str_equal (format, "pdf"))
    g_assert_true (g_str_has_prefix (data, "%PDF-"));
  else
    g_assert_nonnull (strstr (data, "<svg"));
}

static void
test_chart_write (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = analyse_rows (set, par_only);
  g_autoptr(PwChart) chart = pw_chart_new_curve (rows, "par", NULL, PW_SHAPE_SAWTOOTH, 3, NULL);
  g_autofree char *dir = test_make_temp_dir ();
  const char *formats[] = { "svg", "png", "pdf" };
  g_autoptr(GError) error = NULL;
  g_autofree char *bad = g_build_filename (dir, "chart.txt", NULL);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *name = g_strconcat ("chart.", formats[f], NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (pw_chart_write (chart, path, 600, 400, &error));
      g_assert_no_error (error);
      assert_file_type (path, formats[f]);
    }
  g_assert_false (pw_chart_write (chart, bad, 600, 400, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  test_remove_dir (dir);
}

/* --- sheets --------------------------------------------------------- */

static void
test_sheet_pages (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  guint n = pw_level_set_get_n_levels (set);
  PwSheetOptions options;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, pw_level_set_get_level (set, i),
                                              NULL, NULL));
  pw_sheet_options_init (&options);
  options.title = "Sample";
  for (guint per_page = 1; per_page <= 16; per_page += 3)
    for (int solutions = 0; solutions < 2; solutions++)
      {
        guint pages = 0;
        guint expected = (n + per_page - 1) / per_page * (solutions ? 2 : 1);
        g_autoptr(GError) error = NULL;

        options.per_page = per_page;
        options.solutions = solutions;
        g_assert_cmpuint (pw_sheet_n_pages (&options, n), ==, expected);
        g_assert_true (pw_sheet_write (rows, &options, pdf, &pages, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (pages, ==, expected);
        g_assert_cmpuint (pdf_pages (pdf), ==, expected);
      }
  test_remove_dir (dir);
}

/* On a page of 4 with 3 levels, the three boxes hold a drawing and the
 * fourth is blank. */
static void
test_sheet_pixels (void)
{
  g_autoptr(PwLevelSet) set = load_sample ("sudoku.json");
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  cairo_surface_t *surface;
  cairo_t *cr;
  PwSheetOptions options;
  /* the boxes of a 2 × 2 page: the margin 36, the heading 28 */
  double box_w = (PW_SHEET_WIDTH - 72) / 2, box_h = (PW_SHEET_HEIGHT - 36 - 28 - 36) / 2;

  g_assert_cmpuint (pw_level_set_get_n_levels (set), >=, 3);
  for (guint i = 0; i < 3; i++)
    g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, pw_level_set_get_level (set, i),
                                              NULL, NULL));
  pw_sheet_options_init (&options);
  options.per_page = 4;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, PW_SHEET_WIDTH, PW_SHEET_HEIGHT);
  cr = cairo_create (surface);
  pw_sheet_paint_page (rows, &options, 0, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (guint box = 0; box < 4; box++)
    {
      double cx = 36 + (box % 2 + 0.5) * box_w, cy = 36 + 28 + (box / 2 + 0.4) * box_h;
      guint inked = 0;

      /* a grid of samples over the middle of the box */
      for (int dy = -40; dy <= 40; dy += 4)
        for (int dx = -40; dx <= 40; dx += 4)
          inked += ink_near (surface, cx + dx, cy + dy, 0);
      if (box < 3)
        g_assert_cmpuint (inked, >, 50);
      else
        g_assert_cmpuint (inked, ==, 0);
    }
  cairo_surface_destroy (surface);
}

/* Whether the analysis says the level has a solution: its kind's
 * solvable figure is true or a count above 0. */
static gboolean
says_solvable (PwLevel    *level,
               JsonObject *figures)
{
  const char *key = pw_level_get_kind (level)->solvable_figure;
  JsonNode *node = key != NULL ? json_object_get_member (figures, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (node);
  return json_node_get_int (node) > 0;
}

static cairo_surface_t *
white_surface (int size)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size, size);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  return surface;
}

/* Every bundled set's solution pages: each level that has a solution is
 * drawn solved by its kind's draw_solution (what it draws differs from
 * the level's own drawing in hundreds of pixels), a level without one
 * draws nothing, and the sheets hold a solution page per level page. */
static void
test_sheet_solutions (void)
{
  static const char *sets[] = {
    "sample.json", "combination.json", "freecell.json", "sudoku.json", "latin.json",
    "queens.json", "nonogram.json", "magic.json", "knights-tour.json",
  };
  const int size = 300;
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *pdf = g_build_filename (dir, "solutions.pdf", NULL);
  guint unsolvable = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autoptr(PwLevelSet) set = load_sample (sets[s]);
      g_autoptr(GPtrArray) rows = analyse_rows (set, pw_kind_view_solution_figures ());
      g_autoptr(GError) error = NULL;
      PwSheetOptions options;
      guint pages = 0;

      for (guint i = 0; i < rows->len; i++)
        {
          PwReportRow *row = g_ptr_array_index (rows, i);
          JsonObject *figures = pw_analysis_get_figures (row->analysis);
          gboolean solvable = says_solvable (row->level, figures);
          cairo_surface_t *plain = white_surface (size);
          cairo_surface_t *solved = white_surface (size);
          PwGeometry geometry;
          gboolean drawn;
          int columns, grid_rows;
          guint differ = 0, inked = 0;
          cairo_t *cr;

          g_assert_true (pw_level_get_grid (row->level, &columns, &grid_rows));
          pw_geometry_fit (&geometry, columns, grid_rows, size, size, 4);
          cr = cairo_create (plain);
          g_assert_true (pw_level_paint_at (row->level, cr, &geometry, FALSE));
          cairo_destroy (cr);
          cr = cairo_create (solved);
          drawn = pw_level_paint_solution (row->level, figures, cr, &geometry, FALSE);
          cairo_destroy (cr);
          cairo_surface_flush (plain);
          cairo_surface_flush (solved);
          g_test_message ("%s, %s: %s", sets[s], pw_level_get_name (row->level),
                          drawn ? "drawn solved" : "no solution drawn");
          g_assert_cmpint (drawn, ==, solvable);
          for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
              {
                const guint32 *a = (const guint32 *) (cairo_image_surface_get_data (plain)
                                                      + y * cairo_image_surface_get_stride (plain));
                const guint32 *b = (const guint32 *) (cairo_image_surface_get_data (solved)
                                                      + y * cairo_image_surface_get_stride (solved));

                differ += (a[x] & 0xffffff) != (b[x] & 0xffffff);
                inked += (b[x] & 0xffffff) != 0xffffff;
              }
          if (drawn)
            g_assert_cmpuint (differ, >, 300);
          else
            {
              /* nothing drawn at all */
              g_assert_cmpuint (inked, ==, 0);
              unsolvable++;
            }
          cairo_surface_destroy (plain);
          cairo_surface_destroy (solved);
        }

      pw_sheet_options_init (&options);
      options.per_page = 2;
      options.solutions = TRUE;
      g_assert_true (pw_sheet_write (rows, &options, pdf, &pages, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (pages, ==, 2 * ((rows->len + 1) / 2));
      g_assert_cmpuint (pdf_pages (pdf), ==, pages);
    }
  /* the FreeCell sampler's unwinnable deal */
  g_assert_cmpuint (unsolvable, ==, 1);
  test_remove_dir (dir);
}

/* --- the command line ----------------------------------------------- */

static int
run_cli (char       **out,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("PW_CLI"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, &err, &wait_status, &error));
  g_assert_no_error (error);
  if (g_test_verbose ())
    g_printerr ("%s", err);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

/* A copy of a bundled set with made-up playtests, in @dir. */
static char *
set_with_playtests (const char *dir,
                    const char *name,
                    guint64     seed)
{
  g_autoptr(PwLevelSet) set = load_sample (name);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  add_playtests (set, seed);
  g_assert_true (pw_level_set_save (set, file, NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

static void
test_cli_report (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = set_with_playtests (dir, "sample.json", 21);
  g_autofree char *plot = g_build_filename (dir, "plot.svg", NULL);
  g_autofree char *out = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(PwChart) chart = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run_cli (&out, "report", path, "--x", "difficulty", "--y", "rating", "-o",
                            plot, "-q", NULL), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  g_assert_true (g_regex_match_simple ("^pearson=-?[0-9.]+ spearman=-?[0-9.]+ n=[0-9]+$",
                                       lines[0], 0, 0));
  /* the same numbers as computed here from the same file */
  set = pw_level_set_load (file, NULL, NULL);
  rows = analyse_rows (set, difficulty_only);
  chart = pw_chart_new_scatter (rows, "difficulty", "rating", NULL);
  expected = pw_chart_coefficients_line (chart);
  g_assert_cmpstr (lines[0], ==, expected);
  assert_file_type (plot, "svg");

  /* two sets: the pairs of both */
  {
    g_autofree char *other = set_with_playtests (dir, "combination.json", 22);
    g_autoptr(PwLevelSet) other_set = load_sample ("combination.json");
    g_autoptr(GPtrArray) other_rows = NULL;
    g_autoptr(PwChart) both = NULL;
    g_autofree char *both_line = NULL;
    g_auto(GStrv) both_lines = NULL;

    add_playtests (other_set, 22);
    other_rows = analyse_rows (other_set, difficulty_only);
    for (guint i = 0; i < other_rows->len; i++)
      g_ptr_array_add (rows, g_steal_pointer (&other_rows->pdata[i]));
    g_ptr_array_set_free_func (other_rows, NULL);
    both = pw_chart_new_scatter (rows, "difficulty", "rating", NULL);
    both_line = pw_chart_coefficients_line (both);
    g_assert_cmpuint (both->n, >, chart->n);
    g_clear_pointer (&out, g_free);
    g_assert_cmpint (run_cli (&out, "report", path, other, "--x", "difficulty", "--y", "rating",
                              "-q", NULL), ==, 0);
    both_lines = g_strsplit (out, "\n", -1);
    g_assert_cmpstr (both_lines[0], ==, both_line);
  }

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "report", path, "--x", "difficulty", "--y", "nonsense",
                            NULL), ==, 2);
  test_remove_dir (dir);
}

static void
test_cli_chart (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = sample_path ("sample.json");
  g_autofree char *png = g_build_filename (dir, "curve.png", NULL);
  g_autofree char *pdf = g_build_filename (dir, "curve.pdf", NULL);
  g_autofree char *out = NULL;
  g_autoptr(PwLevelSet) set = load_sample ("sample.json");
  g_autoptr(GPtrArray) rows = analyse_rows (set, difficulty_only);
  g_autoptr(PwChart) chart = pw_chart_new_curve (rows, "difficulty", NULL, PW_SHAPE_RAMP, 5, NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  cairo_surface_t *surface;
  cairo_t *cr;
  PwChartLayout layout;

  g_assert_cmpint (run_cli (&out, "chart", path, "--y", "difficulty", "-o", png, "-q", NULL),
                   ==, 0);
  assert_file_type (png, "png");
  /* it prints the levels that dip, as the chart marks them */
  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);

      if (point->marked)
        g_string_append_printf (expected, "%u\t%s\t%s\n", point->order, point->id, point->name);
    }
  g_assert_cmpuint (expected->len, >, 0);
  g_assert_cmpstr (out, ==, expected->str);

  /* the picture has ink where each point is */
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cr = cairo_create (cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1));
  pw_chart_paint (chart, cr, cairo_image_surface_get_width (surface),
                  cairo_image_surface_get_height (surface), FALSE, -1, &layout);
  cairo_surface_destroy (cairo_get_target (cr));
  cairo_destroy (cr);
  for (guint i = 0; i < chart->points->len; i++)
    {
      double px, py;

      g_assert_true (pw_chart_layout_point (&layout, &g_array_index (chart->points, PwChartPoint,
                                                                     i), FALSE, &px, &py));
      g_assert_true (pixel_differs (surface, (int) px, (int) py, 0xffffff));
    }
  /* and none in the plot's top-left corner, above the first point */
  g_assert_false (ink_near (surface, layout.left + 6, layout.top + 6, 2));
  cairo_surface_destroy (surface);

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "chart", path, "--y", "par", "--y2", "states", "--shape",
                            "sawtooth", "--period", "2", "-o", pdf, "-q", NULL), ==, 0);
  g_assert_cmpuint (pdf_pages (pdf), ==, 1);
  /* a narrow picture, as the editor's pane: the size asked for */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "chart", path, "--y", "difficulty", "--y2", "states", "--width",
                            "380", "--height", "520", "-o", png, "-q", NULL), ==, 0);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 380);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 520);
  cairo_surface_destroy (surface);

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "chart", path, "--y", "par", "-o", "curve.gif", NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "chart", path, "--y", "par", "--width", "20", "-o", png, NULL),
                   ==, 2);
  test_remove_dir (dir);
}

static void
test_cli_render (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = sample_path ("sudoku.json");
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "one.png", NULL);
  g_autofree char *out = NULL;
  g_autoptr(PwLevelSet) set = load_sample ("sudoku.json");
  guint n = pw_level_set_get_n_levels (set);
  g_autofree char *second_id = g_strdup (pw_level_get_id (pw_level_set_get_level (set, 1)));

  g_assert_cmpint (run_cli (&out, "render", path, "-o", pdf, "--per-page", "2", "-q", NULL),
                   ==, 0);
  g_assert_cmpuint (pdf_pages (pdf), ==, (n + 1) / 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "render", path, "-o", pdf, "--per-page", "3", "--solutions",
                            "-q", NULL), ==, 0);
  g_assert_cmpuint (pdf_pages (pdf), ==, 2 * ((n + 2) / 3));

  /* one level, by id, to a picture: one page */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "render", path, "-o", png, "--level", second_id, "-n", "1",
                            "-q", NULL), ==, 0);
  assert_file_type (png, "png");
  {
    g_autofree char *next = g_build_filename (dir, "one-2.png", NULL);

    g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));
  }
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "render", path, "-o", png, "--level", "no-such-level", NULL),
                   ==, 2);
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/stats/random", test_stats_random);
  g_test_add_func ("/chart/stats/known", test_stats_known);
  g_test_add_func ("/chart/shapes/known", test_shapes_known);
  g_test_add_func ("/chart/shapes/random", test_shapes_random);
  g_test_add_func ("/chart/measures-equal-csv", test_measures_equal_csv);
  g_test_add_func ("/chart/curve/points", test_curve_points);
  g_test_add_func ("/chart/sort-order", test_sort_order);
  g_test_add_func ("/chart/scatter/paint", test_scatter_paint);
  g_test_add_func ("/chart/write", test_chart_write);
  g_test_add_func ("/sheet/pages", test_sheet_pages);
  g_test_add_func ("/sheet/pixels", test_sheet_pixels);
  g_test_add_func ("/sheet/solutions", test_sheet_solutions);
  g_test_add_func ("/cli/chart", test_cli_chart);
  g_test_add_func ("/cli/report", test_cli_report);
  g_test_add_func ("/cli/render", test_cli_render);
  return g_test_run ();
}
