/* fit-freecell-model.c — fits the FreeCell difficulty model
 * (analysis/kinds/freecell-model.c) on Microsoft deals:
 *
 *   fit-freecell-model [--fc-solve FILE] [--rows FILE] TRAIN_FIRST TRAIN_LAST TEST_FIRST TEST_LAST
 *
 * For every deal of both ranges: the model's features, computed by the
 * kind's own code on the deal of its suit-swap class the kind analyses,
 * and the effort of the kind's solver on it (positions checked, with the
 * analysis's budget). Least squares of ln (1 + effort) on the features
 * over the training deals; Pearson r of the prediction and of Chen's
 * score with the effort on the held-out deals. Prints the fitted
 * constants as C to paste between the FITTED MODEL markers of
 * freecell-model.c.
 *
 * --rows FILE: every deal's features and efforts, tab-separated.
 * --fc-solve FILE: lines "DEAL ITERATIONS" (fc-solve's effort,
 * bench/fc-solve-iterations.sh); the model fitted on our effort is also
 * compared with ln (1 + iterations), and a model fitted on fc-solve's
 * effort is reported beside it.
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

#include "freecell-private.h"

#define N_FEATURES PW_FC_MODEL_N_FEATURES
/* the analysis's solver budget (SOLVE_MAX_STATES in freecell.c) */
#define MAX_STATES G_GUINT64_CONSTANT (5000000)

static const char * const feature_names[N_FEATURES] = {
  "aces", "kings", "blocking", "disordered", "deepest_ace", "twos", "threes", "runs",
  "suit_blocks", "target_blocks", "dug", "peak", "playout",
  "playout_won",
};

typedef struct
{
  guint32 deal;
  double  features[N_FEATURES];
  double  chen;
  double  ours;          /* ln (1 + positions checked) */
  double  theirs;        /* ln (1 + fc-solve's iterations), or NAN */
} Row;

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

/* Least squares of the target (ours, or fc-solve's) on the features,
 * on standardised features with a tiny ridge so that a constant feature
 * cannot make the system singular. */
static gboolean
fit (const Row *rows,
     guint      n,
     gboolean   theirs,
     Fit       *out)
{
  double sd[N_FEATURES], a[N_FEATURES * N_FEATURES] = { 0 }, b[N_FEATURES] = { 0 };
  double ymean = 0;

  memset (out, 0, sizeof *out);
  for (guint r = 0; r < n; r++)
    {
      ymean += theirs ? rows[r].theirs : rows[r].ours;
      for (int f = 0; f < N_FEATURES; f++)
        out->mean[f] += rows[r].features[f];
    }
  ymean /= n;
  for (int f = 0; f < N_FEATURES; f++)
    {
      out->mean[f] /= n;
      sd[f] = 0;
      for (guint r = 0; r < n; r++)
        sd[f] += (rows[r].features[f] - out->mean[f]) * (rows[r].features[f] - out->mean[f]);
      sd[f] = sqrt (sd[f] / n);
      if (sd[f] == 0)
        sd[f] = 1;
    }
  for (guint r = 0; r < n; r++)
    {
      double z[N_FEATURES];
      double y = (theirs ? rows[r].theirs : rows[r].ours) - ymean;

      for (int f = 0; f < N_FEATURES; f++)
        z[f] = (rows[r].features[f] - out->mean[f]) / sd[f];
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

/* r of the prediction and of Chen's score with the target, on @rows */
static void
held_out (const Fit *model,
          const Row *rows,
          guint      n,
          gboolean   theirs,
          double    *r_model,
          double    *r_chen)
{
  g_autofree double *p = g_new (double, n);
  g_autofree double *c = g_new (double, n);
  g_autofree double *y = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      p[i] = predict (model, &rows[i]);
      c[i] = rows[i].chen;
      y[i] = theirs ? rows[i].theirs : rows[i].ours;
    }
  *r_model = pearson (p, y, n);
  *r_chen = pearson (c, y, n);
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

/* CPU seconds spent on the features (the figure's cost) */
static double features_cpu;

static void
measure (guint32     first,
         guint32     last,
         GHashTable *fc_solve,
         GArray     *rows)
{
  for (guint32 deal = first; deal <= last; deal++)
    {
      PwFreecellLevel level;
      PwFcPosition start;
      PwFcSolveOptions options;
      PwFcSolveResult result;
      PwFcHardness hardness;
      g_autofree char *key = NULL;
      Row row = { .deal = deal, .theirs = NAN };
      int swaps;

      pw_fc_ms_deal (deal, &level);
      /* the deal the kind analyses: its class's smallest */
      key = pw_fc_class_key (&level, &swaps);
      pw_fc_swap_suits (&level, swaps);
      {
        double before = cpu_seconds ();

        pw_fc_model_features (&level, row.features);
        features_cpu += cpu_seconds () - before;
      }
      pw_fc_hardness (&level, &hardness);
      row.chen = hardness.total;

      pw_fc_position_init (&start, &level);
      pw_fc_solve_options_init (&options);
      options.max_states = MAX_STATES;
      pw_fc_solve (&start, &options, &result, NULL);
      row.ours = log1p ((double) result.states);
      pw_fc_solve_result_clear (&result);

      if (fc_solve != NULL)
        {
          const double *iterations = g_hash_table_lookup (fc_solve, GUINT_TO_POINTER (deal));

          if (iterations == NULL)
            {
              fprintf (stderr, "fit-freecell-model: no fc-solve iterations for deal %u\n", deal);
              exit (1);
            }
          row.theirs = log1p (*iterations);
        }
      g_array_append_val (rows, row);
    }
}

/* every deal's features and efforts, tab-separated with a header */
static gboolean
write_rows (const char *path,
            GArray     *train,
            GArray     *test)
{
  FILE *file = fopen (path, "w");

  if (file == NULL)
    {
      fprintf (stderr, "fit-freecell-model: %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  fprintf (file, "deal");
  for (int f = 0; f < N_FEATURES; f++)
    fprintf (file, "\t%s", feature_names[f]);
  fprintf (file, "\tchen\tours\ttheirs\n");
  for (int part = 0; part < 2; part++)
    {
      GArray *rows = part == 0 ? train : test;

      for (guint i = 0; i < rows->len; i++)
        {
          const Row *row = &g_array_index (rows, Row, i);

          fprintf (file, "%u", row->deal);
          for (int f = 0; f < N_FEATURES; f++)
            fprintf (file, "\t%g", row->features[f]);
          fprintf (file, "\t%g\t%.6f\t%.6f\n", row->chen, row->ours, row->theirs);
        }
    }
  if (fclose (file) != 0)
    {
      fprintf (stderr, "fit-freecell-model: %s: %s\n", path, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GHashTable) fc_solve = NULL;
  g_autoptr(GArray) train = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autoptr(GArray) test = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  const char *rows_path = NULL;
  guint32 range[4];
  double r_model, r_chen, r_train, r_train_chen;
  Fit model;

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
    else
      break;
  if (argc != 5)
    {
      fprintf (stderr, "usage: fit-freecell-model [--fc-solve FILE] [--rows FILE] "
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

  measure (range[0], range[1], fc_solve, train);
  measure (range[2], range[3], fc_solve, test);
  if (rows_path != NULL && !write_rows (rows_path, train, test))
    return 1;
  if (!fit ((const Row *) train->data, train->len, FALSE, &model))
    {
      fprintf (stderr, "fit-freecell-model: the features are linearly dependent\n");
      return 1;
    }

  printf ("FreeCell difficulty model, %s: trained on MS deals %u-%u, held out %u-%u; "
          "%.1f s, CPU %.1f s\n", date, range[0], range[1], range[2], range[3],
          g_timer_elapsed (timer, NULL), cpu_seconds ());
  printf ("features: %.3f ms of CPU a deal\n", features_cpu * 1000 / (train->len + test->len));
  printf ("target: ln (1 + positions checked by our solver)\n");
  held_out (&model, (const Row *) train->data, train->len, FALSE, &r_train, &r_train_chen);
  held_out (&model, (const Row *) test->data, test->len, FALSE, &r_model, &r_chen);
  printf ("  training  r = %.3f   (Chen's score r = %.3f)\n", r_train, r_train_chen);
  printf ("  held out  r = %.3f   (Chen's score r = %.3f)\n", r_model, r_chen);

  printf ("\n%-14s %12s %10s %16s\n", "feature", "coefficient", "mean", "held-out r alone");
  for (int f = 0; f < N_FEATURES; f++)
    {
      g_autofree double *x = g_new (double, test->len);
      g_autofree double *y = g_new (double, test->len);

      for (guint i = 0; i < test->len; i++)
        {
          x[i] = g_array_index (test, Row, i).features[f];
          y[i] = g_array_index (test, Row, i).ours;
        }
      printf ("%-14s %12.5f %10.3f %16.3f\n", feature_names[f], model.coefficient[f],
              model.mean[f], pearson (x, y, test->len));
    }

  if (fc_solve != NULL)
    {
      Fit theirs;

      printf ("\ntarget: ln (1 + fc-solve -l lg iterations)\n");
      held_out (&model, (const Row *) test->data, test->len, TRUE, &r_model, &r_chen);
      printf ("  our model,        held out r = %.3f   (Chen's score r = %.3f)\n", r_model,
              r_chen);
      if (fit ((const Row *) train->data, train->len, TRUE, &theirs))
        {
          held_out (&theirs, (const Row *) test->data, test->len, TRUE, &r_model, &r_chen);
          printf ("  fitted on fc-solve, held out r = %.3f\n", r_model);
        }
    }

  printf ("\n/* FITTED MODEL BEGIN */\n");
  printf ("/* build/bench/fit-freecell-model %u %u %u %u, %s: held-out r = %.3f */\n",
          range[0], range[1], range[2], range[3], date,
          (held_out (&model, (const Row *) test->data, test->len, FALSE, &r_model, &r_chen),
           r_model));
  printf ("#define MODEL_BASE %.6f\n", model.base);
  printf ("static const ModelTerm model_terms[PW_FC_MODEL_N_FEATURES] = {\n");
  for (int f = 0; f < N_FEATURES; f++)
    printf ("  { %.8f, %.6f },   /* %s */\n", model.coefficient[f], model.mean[f],
            feature_names[f]);
  printf ("};\n/* FITTED MODEL END */\n");
  return 0;
}
