/* bench-combination.c — the constraint engine on peaceable armies of
 * queens (OEIS A250000, A328283): bench-combination [SECONDS]; the whole
 * combination analysis of the levels of a file, RUNS times each (default
 * 3): bench-combination --analyse bench/combination-levels.txt [RUNS];
 * and the whole analysis of two armies of 9 queens on 8×8 with the
 * default budget: bench-combination --armies [RUNS]. Wall-clock and CPU
 * seconds (every thread of the process). Run by bench/run, figures in
 * docs/performance.md
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlewright.h"
#include "combination-private.h"

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static PwLevel *
queens (int n,
        int army,
        int colours)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  PwLevel *level;

  for (int y = 0; y < n; y++)
    {
      for (int x = 0; x < n; x++)
        g_string_append_c (text, '.');
      g_string_append_c (text, '\n');
    }
  for (int c = 0; c < colours; c++)
    g_string_append_printf (text, "%d %s both\n", army, pw_combination_colours[c]);
  level = pw_level_new_from_text ("combination", text->str, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);
  return level;
}

/* The search the analysis runs first (the count up to colour symmetry:
 * smallest domain first, pieces before empty cells), stopped at the first
 * solution or run to the end for a proof. */
static void
solve (int      n,
       int      army,
       int      colours,
       double   limit_seconds)
{
  g_autoptr(PwLevel) level = queens (n, army, colours);
  g_autoptr(PwCombinationModel) model = _pw_combination_model_new (pw_level_get_data (level), TRUE);
  g_autoptr(GTimer) timer = g_timer_new ();
  double cpu = cpu_seconds ();
  PwCspSearch search;
  PwCspResult result;

  pw_csp_search_init (&search);
  search.order = PW_CSP_ORDER_SMALLEST_DOMAIN;
  search.max_solutions = 1;
  search.values_descending = TRUE;
  search.max_nodes = (guint64) (limit_seconds * 2e5);
  pw_csp_search (model->csp, &search, &result, NULL);
  g_print ("  n=%d, %d colours, army %d: %s in %.3f s (CPU %.3f s), %" G_GUINT64_FORMAT
           " nodes%s\n", n, colours, army,
           result.solutions > 0 ? "solution found"
           : result.exhausted ? "proved impossible" : "not decided",
           g_timer_elapsed (timer, NULL), cpu_seconds () - cpu, result.nodes,
           result.node_limit ? " (node limit)" : "");
}

/* The whole analysis of @level, as the editor runs it, @runs times. */
static void
analyse_level (PwLevel *level,
               int      runs)
{
  PwAnalyseOptions options;

  pw_analyse_options_init (&options);
  for (int run = 0; run < runs; run++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      double cpu = cpu_seconds ();
      g_autoptr(GError) error = NULL;
      g_autoptr(PwAnalysis) analysis = pw_level_analyse (level, &options, NULL, NULL, NULL,
                                                         &error);
      double difficulty = 0;
      gint64 solutions = 0;

      g_assert_no_error (error);
      cpu = cpu_seconds () - cpu;
      if (pw_analysis_get_partial (analysis))
        {
          g_print ("  %s: %.3f s (CPU %.3f s), partial: %s\n", pw_level_get_name (level),
                   g_timer_elapsed (timer, NULL), cpu, pw_analysis_get_partial_reason (analysis));
          continue;
        }
      pw_analysis_get_double (analysis, "difficulty", &difficulty);
      pw_analysis_get_int (analysis, "solutions", &solutions);
      g_print ("  %s: %.3f s (CPU %.3f s; solutions %" G_GINT64_FORMAT ", difficulty %.1f)\n",
               pw_level_get_name (level), g_timer_elapsed (timer, NULL), cpu, solutions,
               difficulty);
    }
}

/* The whole analysis of each level of a plain-text collection. */
static void
analyse_file (const char *path,
              int         runs)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, &error) ||
      !pw_import_text (set, "combination", text, path, &error))
    g_error ("%s", error->message);
  g_print ("== full analysis (%s)\n", path);
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    analyse_level (pw_level_set_get_level (set, i), runs);
}

int
main (int   argc,
      char *argv[])
{
  if (argc > 2 && g_str_equal (argv[1], "--analyse"))
    {
      analyse_file (argv[2], argc > 3 ? atoi (argv[3]) : 3);
      return 0;
    }
  if (argc > 1 && g_str_equal (argv[1], "--armies"))
    {
      /* the crowded case: every figure within the default budget */
      g_autoptr(PwLevel) level = queens (8, 9, 2);

      g_print ("== full analysis, two armies of 9 queens on 8x8 (default budget)\n");
      pw_level_set_name (level, "8x8, 9 + 9 queens");
      analyse_level (level, argc > 2 ? atoi (argv[2]) : 1);
      return 0;
    }

  /* the largest armies, two colours (A250000) and three (A328283) */
  static const int two[] = { 0, 0, 0, 0, 2, 4, 5, 7, 9 };
  static const int three[] = { 0, 0, 0, 0, 1, 1, 2, 3, 4 };
  double limit = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 600;

  g_print ("== peaceable queens, two colours\n");
  for (int n = 4; n <= 8; n++)
    {
      solve (n, two[n], 2, limit);
      solve (n, two[n] + 1, 2, limit);
    }
  g_print ("== peaceable queens, three colours\n");
  for (int n = 4; n <= 8; n++)
    {
      solve (n, three[n], 3, limit);
      solve (n, three[n] + 1, 3, limit);
    }
  return 0;
}
