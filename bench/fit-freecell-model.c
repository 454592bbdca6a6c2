/* fit-freecell-model.c — fits the FreeCell difficulty model
 * (analysis/kinds/freecell-model.c) on Microsoft deals:
 *
 *   fit-freecell-model [--orders K] [--threads N] [--efforts FILE]
 *                      [--fc-solve FILE] [--rows FILE]
 *                      TRAIN_FIRST TRAIN_LAST TEST_FIRST TEST_LAST
 *
 * For every deal of both ranges: the model's features, computed by the
 * kind's own code on the deal of its suit-swap class the kind analyses,
 * and the effort of the kind's solver on it (positions checked, with the
 * analysis's budget): its one exact search, and with --orders K the mean
 * of ln (1 + positions) over K randomised search orders (seeds
 * deal × 65536 + 1 … K, PwFcSolveOptions.seed). Least squares of that
 * mean (of the one search's ln (1 + positions) without --orders) on the
 * features over the training deals; Pearson r of the prediction and of
 * Chen's score with each effort on the held-out deals, and the mean's
 * split-half reliability: r of the mean of orders 1 … K/2 with the mean
 * of the rest, the bound on what any feature can reach. Prints the
 * fitted constants as C to paste between the FITTED MODEL markers of
 * freecell-model.c.
 *
 * --threads N: deals measured on N threads (default 1; every figure the
 * same for any N).
 * --rows FILE: every deal's features and efforts, tab-separated.
 * --efforts FILE: the efforts read from the --rows FILE of an earlier run
 * with the same --orders (and the same solver) instead of solving again:
 * a change to the features alone fits in seconds.
 * --fc-solve FILE: lines "DEAL ITERATIONS" (fc-solve's effort,
 * bench/fc-solve-iterations.sh); the model is also compared with
 * ln (1 + iterations), and a model fitted on fc-solve's effort is
 * reported beside it.
 *
 * docs/difficulty.md has the run the kind's constants come from.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "freecell-private.h"

#define N_FEATURES PW_FC_MODEL_N_FEATURES
/* the analysis's solver budget (SOLVE_MAX_STATES in freecell.c) */
#define MAX_STATES G_GUINT64_CONSTANT (5000000)
#define MAX_ORDERS 1000

static const char * const feature_names[N_FEATURES] = {
  "aces", "kings", "blocking", "disordered", "deepest_ace", "twos", "threes", "runs",
  "suit_blocks", "target_blocks", "dug", "peak", "playout",
  "playout_won", "search", "search_won",
  "search_left",
};

typedef struct
{
  guint32 deal;
  double  features[N_FEATURES];
  double  features_cpu;  /* seconds of CPU the features took */
  double  solve_cpu;     /* … and the searches, 1 + orders of them */
  double  chen;
  double  ours;          /* ln (1 + positions checked), the exact order */
  double  mean;          /* … its mean over the randomised orders, or NAN */
  double  half[2];       /* … over the first half of them and the rest */
  double  theirs;        /* ln (1 + fc-solve's iterations), or NAN */
} Row;

/* what a fit predicts */
typedef enum
{
  TARGET_OURS,
  TARGET_MEAN,
  TARGET_THEIRS,
  TARGET_HALF_A,
  TARGET_HALF_B,
} Target;

static double
row_target (const Row *row,
            Target     target)
{
  switch (target)
    {
    case TARGET_OURS:
      return row->ours;
    case TARGET_MEAN:
      return row->mean;
    case TARGET_THEIRS:
      return row->theirs;
    case TARGET_HALF_A:
      return row->half[0];
    case TARGET_HALF_B:
      return row->half[1];
    default:
      g_assert_not_reached ();
    }
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

static double
pearson (const double *x,
         const double *y,
         guint         n)
{
  double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

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
      syy += (y[i] - my) * (y[i] - my);
    }
  return sxx > 0 && syy > 0 ? sxy / sqrt (sxx * syy) : 0;
}

/* Solves @a x = @b in place (@a symmetric positive definite, @n × @n) by
 * Cholesky; the answer in @b. */
static gboolean
cholesky_solve (double *a,
                double *b,
                int     n)
{
  for (int j = 0; j < n; j++)
    {
      double d = a[j * n + j];

      for (int k = 0; k < j; k++)
        d -= a[j * n + k] * a[j * n + k];
      if (d <= 0)
        return FALSE;
      a[j * n + j] = sqrt (d);
      for (int i = j + 1; i < n; i++)
        {
          double s = a[i * n + j];

          for (int k = 0; k < j; k++)
            s -= a[i * n + k] * a[j * n + k];
          a[i * n + j] = s / a[j * n + j];
        }
    }
  for (int i = 0; i < n; i++)
    {
      for (int k = 0; k < i; k++)
        b[i] -= a[i * n + k] * b[k];
      b[i] /= a[i * n + i];
    }
  for (int i = n - 1; i >= 0; i--)
    {
      for (int k = i + 1; k < n; k++)
        b[i] -= a[k * n + i] * b[k];
      b[i] /= a[i * n + i];
    }
  return TRUE;
}

typedef struct
{
  double coefficient[N_FEATURES];
  double mean[N_FEATURES];
  double base;                  /* the mean target: the prediction at the means */
} Fit;

/* Least squares of @target on the features, on standardised features
 * with a tiny ridge so that a constant feature cannot make the system
 * singular. */
static gboolean
fit (const GArray *rows,
     Target        target,
     Fit          *out)
{
  double sd[N_FEATURES], a[N_FEATURES * N_FEATURES] = { 0 }, b[N_FEATURES] = { 0 };
  double ymean = 0;
  guint n = rows->len;

  memset (out, 0, sizeof *out);
  for (guint r = 0; r < n; r++)
    {
      const Row *row = &g_array_index (rows, Row, r);

      ymean += row_target (row, target);
      for (int f = 0; f < N_FEATURES; f++)
        out->mean[f] += row->features[f];
    }
  ymean /= n;
  for (int f = 0; f < N_FEATURES; f++)
    {
      out->mean[f] /= n;
      sd[f] = 0;
      for (guint r = 0; r < n; r++)
        {
          double d = g_array_index (rows, Row, r).features[f] - out->mean[f];

          sd[f] += d * d;
        }
      sd[f] = sqrt (sd[f] / n);
      if (sd[f] == 0)
        sd[f] = 1;
    }
  for (guint r = 0; r < n; r++)
    {
      const Row *row = &g_array_index (rows, Row, r);
      double z[N_FEATURES];
      double y = row_target (row, target) - ymean;

      for (int f = 0; f < N_FEATURES; f++)
        z[f] = (row->features[f] - out->mean[f]) / sd[f];
      for (int i = 0; i < N_FEATURES; i++)
        {
          b[i] += z[i] * y;
          for (int j = 0; j < N_FEATURES; j++)
            a[i * N_FEATURES + j] += z[i] * z[j];
        }
    }
  for (int i = 0; i < N_FEATURES; i++)
    a[i * N_FEATURES + i] += 1e-6 * n;
  if (!cholesky_solve (a, b, N_FEATURES))
    return FALSE;
  for (int f = 0; f < N_FEATURES; f++)
    out->coefficient[f] = b[f] / sd[f];
  out->base = ymean;
  return TRUE;
}

static double
predict (const Fit *model,
         const Row *row)
{
  double y = model->base;

  for (int f = 0; f < N_FEATURES; f++)
    y += model->coefficient[f] * (row->features[f] - model->mean[f]);
  return y;
}

/* r of the model's prediction (Chen's score when @model is NULL) with
 * @target on @rows */
static double
r_with (const Fit    *model,
        const GArray *rows,
        Target        target)
{
  g_autofree double *p = g_new (double, rows->len);
  g_autofree double *y = g_new (double, rows->len);

  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);

      p[i] = model != NULL ? predict (model, row) : row->chen;
      y[i] = row_target (row, target);
    }
  return pearson (p, y, rows->len);
}

/* r of two targets with each other on @rows */
static double
r_between (const GArray *rows,
           Target        x_target,
           Target        y_target)
{
  g_autofree double *x = g_new (double, rows->len);
  g_autofree double *y = g_new (double, rows->len);

  for (guint i = 0; i < rows->len; i++)
    {
      x[i] = row_target (&g_array_index (rows, Row, i), x_target);
      y[i] = row_target (&g_array_index (rows, Row, i), y_target);
    }
  return pearson (x, y, rows->len);
}

static GHashTable *
read_fc_solve (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *table = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      fprintf (stderr, "fit-freecell-model: %s\n", error->message);
      exit (1);
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      unsigned long deal;
      double iterations;

      if (lines[i][0] == '\0')
        continue;
      if (sscanf (lines[i], "%lu %lf", &deal, &iterations) != 2)
        {
          fprintf (stderr, "fit-freecell-model: %s:%u: expected “DEAL ITERATIONS”\n", path,
                   i + 1);
          exit (1);
        }
      g_hash_table_insert (table, GUINT_TO_POINTER ((guint) deal),
                           g_memdup2 (&iterations, sizeof iterations));
    }
  return table;
}

/* The efforts of a --rows file: deal → a Row with ours, mean, half. */
static GHashTable *
read_efforts (const char *path,
              int         orders)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *table = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  int column[5] = { -1, -1, -1, -1, -1 };   /* deal, ours, mean, half_a, half_b */
  static const char * const wanted[5] = { "deal", "ours", "mean", "half_a", "half_b" };
  int file_orders = -1;
  guint first = 0;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      fprintf (stderr, "fit-freecell-model: %s\n", error->message);
      exit (1);
    }
  lines = g_strsplit (text, "\n", -1);
  if (lines[0] != NULL && sscanf (lines[0], "# orders %d", &file_orders) == 1)
    first = 1;
  if (file_orders != orders || lines[first] == NULL)
    {
      fprintf (stderr, "fit-freecell-model: %s: not a --rows file of a run with --orders %d\n",
               path, orders);
      exit (1);
    }
  {
    g_auto(GStrv) names = g_strsplit (lines[first], "\t", -1);

    for (int k = 0; k < 5; k++)
      for (int c = 0; names[c] != NULL; c++)
        if (g_str_equal (names[c], wanted[k]))
          column[k] = c;
    for (int k = 0; k < 5; k++)
      if (column[k] < 0)
        {
          fprintf (stderr, "fit-freecell-model: %s:%u: no column “%s”\n", path, first + 1,
                   wanted[k]);
          exit (1);
        }
  }
  for (guint i = first + 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      Row *row;
      guint n;

      if (lines[i][0] == '\0')
        continue;
      fields = g_strsplit (lines[i], "\t", -1);
      n = g_strv_length (fields);
      for (int k = 0; k < 5; k++)
        if ((guint) column[k] >= n)
          {
            fprintf (stderr, "fit-freecell-model: %s:%u: too few columns\n", path, i + 1);
            exit (1);
          }
      row = g_new0 (Row, 1);
      row->deal = strtoul (fields[column[0]], NULL, 10);
      row->ours = g_ascii_strtod (fields[column[1]], NULL);
      row->mean = g_ascii_strtod (fields[column[2]], NULL);
      row->half[0] = g_ascii_strtod (fields[column[3]], NULL);
      row->half[1] = g_ascii_strtod (fields[column[4]], NULL);
      g_hash_table_insert (table, GUINT_TO_POINTER (row->deal), row);
    }
  return table;
}

/* what the threads share */
typedef struct
{
  GArray     *rows;      /* Row, deal set, filled in by the threads */
  int         orders;
  GHashTable *fc_solve;
  GHashTable *efforts;
  gint        next;      /* the next row to measure */
} Work;

static double
thread_cpu_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* ln (1 + positions checked) of the kind's solver on @level, in the
 * exact order (@seed 0) or a randomised one */
static double
effort (const PwFreecellLevel *level,
        guint64                seed)
{
  PwFcPosition start;
  PwFcSolveOptions options;
  PwFcSolveResult result;
  double e;

  pw_fc_position_init (&start, level);
  pw_fc_solve_options_init (&options);
  options.max_states = MAX_STATES;
  options.seed = seed;
  pw_fc_solve (&start, &options, &result, NULL);
  e = log1p ((double) result.states);
  pw_fc_solve_result_clear (&result);
  return e;
}

static void
measure_row (Work *work,
             Row  *row)
{
  PwFreecellLevel level;
  PwFcHardness hardness;
  g_autofree char *key = NULL;
  double before;
  int swaps;

  pw_fc_ms_deal (row->deal, &level);
  /* the deal the kind analyses: its class's smallest */
  key = pw_fc_class_key (&level, &swaps);
  pw_fc_swap_suits (&level, swaps);
  before = thread_cpu_seconds ();
  pw_fc_model_features (&level, row->features);
  row->features_cpu = thread_cpu_seconds () - before;
  pw_fc_hardness (&level, &hardness);
  row->chen = hardness.total;
  row->mean = row->half[0] = row->half[1] = NAN;

  if (work->efforts != NULL)
    {
      const Row *known = g_hash_table_lookup (work->efforts, GUINT_TO_POINTER (row->deal));

      if (known == NULL)
        {
          fprintf (stderr, "fit-freecell-model: no efforts for deal %u\n", row->deal);
          exit (1);
        }
      row->ours = known->ours;
      row->mean = known->mean;
      row->half[0] = known->half[0];
      row->half[1] = known->half[1];
    }
  else
    {
      double sum[2] = { 0, 0 };

      before = thread_cpu_seconds ();
      row->ours = effort (&level, 0);
      for (int k = 0; k < work->orders; k++)
        sum[k >= work->orders / 2] += effort (&level, (guint64) row->deal << 16 | (k + 1));
      if (work->orders > 0)
        {
          row->mean = (sum[0] + sum[1]) / work->orders;
          row->half[0] = sum[0] / (work->orders / 2);
          row->half[1] = sum[1] / (work->orders - work->orders / 2);
        }
      row->solve_cpu = thread_cpu_seconds () - before;
    }

  if (work->fc_solve != NULL)
    {
      const double *iterations = g_hash_table_lookup (work->fc_solve,
                                                      GUINT_TO_POINTER (row->deal));

      if (iterations == NULL)
        {
          fprintf (stderr, "fit-freecell-model: no fc-solve iterations for deal %u\n", row->deal);
          exit (1);
        }
      row->theirs = log1p (*iterations);
    }
}

static gpointer
measure_thread (gpointer data)
{
  Work *work = data;

  for (;;)
    {
      gint i = g_atomic_int_add (&work->next, 1);

      if ((guint) i >= work->rows->len)
        break;
      measure_row (work, &g_array_index (work->rows, Row, i));
    }
  return NULL;
}

/* every deal's features and efforts, tab-separated with a header */
static gboolean
write_rows (const char *path,
            int         orders,
            GArray     *train,
            GArray     *test)
{
  FILE *file = fopen (path, "w");

  if (file == NULL)
    {
      fprintf (stderr, "fit-freecell-model: %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  fprintf (file, "# orders %d\ndeal", orders);
  for (int f = 0; f < N_FEATURES; f++)
    fprintf (file, "\t%s", feature_names[f]);
  fprintf (file, "\tchen\tours\tmean\thalf_a\thalf_b\ttheirs\n");
  for (int part = 0; part < 2; part++)
    {
      GArray *rows = part == 0 ? train : test;

      for (guint i = 0; i < rows->len; i++)
        {
          const Row *row = &g_array_index (rows, Row, i);

          fprintf (file, "%u", row->deal);
          for (int f = 0; f < N_FEATURES; f++)
            fprintf (file, "\t%g", row->features[f]);
          fprintf (file, "\t%g\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\n", row->chen, row->ours, row->mean,
                   row->half[0], row->half[1], row->theirs);
        }
    }
  if (fclose (file) != 0)
    {
      fprintf (stderr, "fit-freecell-model: %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_count (const char *text,
             int         min,
             int         max,
             int        *value)
{
  char *end;
  long v = strtol (text, &end, 10);

  if (*text == '\0' || *end != '\0' || v < min || v > max)
    {
      fprintf (stderr, "fit-freecell-model: “%s” is no count (%d … %d)\n", text, min, max);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GHashTable) fc_solve = NULL;
  g_autoptr(GHashTable) efforts = NULL;
  g_autoptr(GArray) train = g_array_new (FALSE, TRUE, sizeof (Row));
  g_autoptr(GArray) test = g_array_new (FALSE, TRUE, sizeof (Row));
  g_autoptr(GArray) all = g_array_new (FALSE, TRUE, sizeof (Row));
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  const char *rows_path = NULL, *efforts_path = NULL;
  int orders = 0, n_threads = 1;
  guint32 range[4];
  double features_cpu = 0, solve_cpu = 0;
  Target target;
  Fit model, single;
  Work work = { 0 };

  for (;;)
    if (argc > 2 && g_str_equal (argv[1], "--fc-solve"))
      {
        fc_solve = read_fc_solve (argv[2]);
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--rows"))
      {
        rows_path = argv[2];
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--efforts"))
      {
        efforts_path = argv[2];
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--orders"))
      {
        if (!parse_count (argv[2], 2, MAX_ORDERS, &orders))
          return 2;
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--threads"))
      {
        if (!parse_count (argv[2], 1, 64, &n_threads))
          return 2;
        argc -= 2;
        argv += 2;
      }
    else
      break;
  if (argc != 5)
    {
      fprintf (stderr, "usage: fit-freecell-model [--orders K] [--threads N] [--efforts FILE] "
                       "[--fc-solve FILE] [--rows FILE] "
                       "TRAIN_FIRST TRAIN_LAST TEST_FIRST TEST_LAST\n");
      return 2;
    }
  for (int i = 0; i < 4; i++)
    {
      char *end;
      unsigned long v = strtoul (argv[i + 1], &end, 10);

      if (*end != '\0' || v < 1 || v > G_MAXINT32)
        {
          fprintf (stderr, "fit-freecell-model: “%s” is no deal number (1 … 2^31 − 1)\n",
                   argv[i + 1]);
          return 2;
        }
      range[i] = v;
    }
  if (range[0] > range[1] || range[2] > range[3] || range[1] - range[0] < N_FEATURES * 10)
    {
      fprintf (stderr, "fit-freecell-model: the ranges must be FIRST ≤ LAST, the training one "
                       "at least %d deals\n", N_FEATURES * 10);
      return 2;
    }
  if (efforts_path != NULL)
    efforts = read_efforts (efforts_path, orders);
  target = orders > 0 ? TARGET_MEAN : TARGET_OURS;

  /* both ranges in one list, measured by the threads, then split */
  for (int part = 0; part < 2; part++)
    for (guint32 deal = range[2 * part]; deal <= range[2 * part + 1]; deal++)
      {
        Row row = { .deal = deal, .theirs = NAN };

        g_array_append_val (all, row);
      }
  work.rows = all;
  work.orders = orders;
  work.fc_solve = fc_solve;
  work.efforts = efforts;
  for (int t = 0; t < n_threads; t++)
    g_ptr_array_add (threads, g_thread_new ("measure", measure_thread, &work));
  for (guint t = 0; t < threads->len; t++)
    g_thread_join (g_ptr_array_index (threads, t));
  g_array_append_vals (train, all->data, range[1] - range[0] + 1);
  g_array_append_vals (test, &g_array_index (all, Row, range[1] - range[0] + 1),
                       range[3] - range[2] + 1);
  for (guint i = 0; i < all->len; i++)
    {
      features_cpu += g_array_index (all, Row, i).features_cpu;
      solve_cpu += g_array_index (all, Row, i).solve_cpu;
    }

  if (rows_path != NULL && !write_rows (rows_path, orders, train, test))
    return 1;
  if (!fit (train, target, &model) || !fit (train, TARGET_OURS, &single))
    {
      fprintf (stderr, "fit-freecell-model: the features are linearly dependent\n");
      return 1;
    }

  printf ("FreeCell difficulty model, %s: trained on MS deals %u-%u, held out %u-%u; "
          "%.1f s, CPU %.1f s, %d thread(s)%s\n", date, range[0], range[1], range[2], range[3],
          g_timer_elapsed (timer, NULL), cpu_seconds (), n_threads,
          efforts != NULL ? ", efforts read from a file" : "");
  printf ("features: %.3f ms of CPU a deal", features_cpu * 1000 / all->len);
  if (efforts == NULL)
    printf ("; the solver %.3f ms a search (the features cost %.2f searches)",
            solve_cpu * 1000 / (all->len * (1.0 + orders)),
            features_cpu / (solve_cpu / (1.0 + orders)));
  printf ("\n");
  if (orders > 0)
    {
      printf ("\ntarget: the mean ln (1 + positions checked by our solver) over %d randomised "
              "orders\n", orders);
      printf ("  split half (orders 1-%d against %d-%d): r = %.3f training, %.3f held out; "
              "the mean's reliability %.3f, so r at most %.3f\n", orders / 2, orders / 2 + 1,
              orders, r_between (train, TARGET_HALF_A, TARGET_HALF_B),
              r_between (test, TARGET_HALF_A, TARGET_HALF_B),
              2 * r_between (test, TARGET_HALF_A, TARGET_HALF_B) /
                (1 + r_between (test, TARGET_HALF_A, TARGET_HALF_B)),
              sqrt (2 * r_between (test, TARGET_HALF_A, TARGET_HALF_B) /
                    (1 + r_between (test, TARGET_HALF_A, TARGET_HALF_B))));
      printf ("  the exact order's effort with the mean: r = %.3f held out\n",
              r_between (test, TARGET_OURS, TARGET_MEAN));
      printf ("  model fitted on the mean:   training r = %.3f, held out r = %.3f   "
              "(Chen's score r = %.3f)\n", r_with (&model, train, TARGET_MEAN),
              r_with (&model, test, TARGET_MEAN), r_with (NULL, test, TARGET_MEAN));
      printf ("  … with half the orders:     held out r = %.3f, %.3f\n",
              r_with (&model, test, TARGET_HALF_A), r_with (&model, test, TARGET_HALF_B));
      printf ("  model fitted on one search: held out r = %.3f\n",
              r_with (&single, test, TARGET_MEAN));
    }
  printf ("\ntarget: ln (1 + positions checked by our solver), its one exact order\n");
  printf ("  model fitted on it:         training r = %.3f, held out r = %.3f   "
          "(Chen's score r = %.3f)\n", r_with (&single, train, TARGET_OURS),
          r_with (&single, test, TARGET_OURS), r_with (NULL, test, TARGET_OURS));
  if (orders > 0)
    printf ("  model fitted on the mean:   held out r = %.3f\n",
            r_with (&model, test, TARGET_OURS));

  if (fc_solve != NULL)
    {
      Fit theirs;

      printf ("\ntarget: ln (1 + fc-solve -l lg iterations)\n");
      printf ("  the model:                  held out r = %.3f   (Chen's score r = %.3f)\n",
              r_with (&model, test, TARGET_THEIRS), r_with (NULL, test, TARGET_THEIRS));
      if (fit (train, TARGET_THEIRS, &theirs))
        printf ("  model fitted on fc-solve:   held out r = %.3f\n",
                r_with (&theirs, test, TARGET_THEIRS));
      printf ("  our exact order's effort with fc-solve's: r = %.3f held out\n",
              r_between (test, TARGET_OURS, TARGET_THEIRS));
      if (orders > 0)
        printf ("  our mean effort with fc-solve's:          r = %.3f held out\n",
                r_between (test, TARGET_MEAN, TARGET_THEIRS));
    }

  printf ("\n%-14s %12s %10s %16s\n", "feature", "coefficient", "mean", "held-out r alone");
  for (int f = 0; f < N_FEATURES; f++)
    {
      g_autofree double *x = g_new (double, test->len);
      g_autofree double *y = g_new (double, test->len);

      for (guint i = 0; i < test->len; i++)
        {
          x[i] = g_array_index (test, Row, i).features[f];
          y[i] = row_target (&g_array_index (test, Row, i), target);
        }
      printf ("%-14s %12.5f %10.3f %16.3f\n", feature_names[f], model.coefficient[f],
              model.mean[f], pearson (x, y, test->len));
    }

  printf ("\n/* FITTED MODEL BEGIN */\n");
  if (orders > 0)
    printf ("/* build/bench/fit-freecell-model --orders %d %u %u %u %u, %s:\n"
            " * the mean over %d randomised orders, held-out r = %.3f */\n", orders, range[0],
            range[1], range[2], range[3], date, orders, r_with (&model, test, target));
  else
    printf ("/* build/bench/fit-freecell-model %u %u %u %u, %s: held-out r = %.3f */\n",
            range[0], range[1], range[2], range[3], date, r_with (&model, test, target));
  printf ("#define MODEL_BASE %.6f\n", model.base);
  printf ("static const ModelTerm model_terms[PW_FC_MODEL_N_FEATURES] = {\n");
  for (int f = 0; f < N_FEATURES; f++)
    printf ("  { %.8f, %.6f },   /* %s */\n", model.coefficient[f], model.mean[f],
            feature_names[f]);
  printf ("};\n/* FITTED MODEL END */\n");
  return 0;
}
