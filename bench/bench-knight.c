/* bench-knight.c — the knights-tour kind's search and analysis:
 * bench-knight [RUNS]. Figures in docs/performance.md ("Knight's tours").
 *
 * - tours of empty boards: the first tour in Warnsdorff's order (the
 *   fastest of RUNS runs), and in 100 random orders (restarts as the
 *   analysis uses them): how many nodes and how long;
 * - exact counts: 5×5 open tours (1,728), 6×6 closed tours (710,064
 *   numbered: 9,862 tours × 2 directions × 36 starts);
 * - the full analysis of empty 8×8 boards, as `puzzlewright analyse` runs
 *   it (count to the cap, multiple method);
 * - puzzles: 8×8 puzzles from the generator (seed 1; open with no givens
 *   band, so minimal; closed likewise): how long each took to make, and
 *   the nodes and time to prove it unique and to analyse it.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>

#include "knight-private.h"
#include "pw-analysis.h"

static guint runs = 3;

static PwKnightLevel *
empty_level (guint    w,
             guint    h,
             gboolean closed)
{
  return _pw_knight_level_new (w, h, closed);
}

/* One search; its result, the seconds it took. */
static double
timed_search (const PwKnightLevel *level,
              PwKnightSearch      *search,
              PwKnightResult      *result)
{
  g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
  g_autoptr(GTimer) timer = g_timer_new ();

  if (!_pw_knight_search (board, level, search, result, NULL))
    g_error ("the search failed");
  return g_timer_elapsed (timer, NULL);
}

static void
first_tours (void)
{
  static const struct { guint w, h; gboolean closed; } boards[] = {
    { 8, 8, FALSE }, { 8, 8, TRUE }, { 16, 16, FALSE }, { 16, 16, TRUE },
    { 32, 32, FALSE }, { 32, 32, TRUE }, { 5, 31, FALSE }, { 3, 30, FALSE },
  };

  g_print ("== first tour of an empty board (board building included)\n");
  g_print ("%-14s %12s %10s | %28s\n", "board", "Warnsdorff", "", "100 random orders, restarts");
  g_print ("%-14s %12s %10s | %9s %9s %9s\n", "", "nodes", "ms", "mean nodes", "max", "mean ms");
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (boards[i].w, boards[i].h, boards[i].closed);
      g_autofree char *name = g_strdup_printf ("%u×%u %s", boards[i].w, boards[i].h,
                                               boards[i].closed ? "closed" : "open");
      PwKnightSearch search;
      PwKnightResult result;
      double best = INFINITY, seconds = 0;
      guint64 nodes = 0, sum = 0, most = 0;

      for (guint r = 0; r < runs; r++)
        {
          _pw_knight_search_init (&search);
          search.max_solutions = 1;
          best = MIN (best, timed_search (level, &search, &result));
          nodes = result.nodes;
          g_assert (result.solutions >= 1);
        }
      for (guint seed = 1; seed <= 100; seed++)
        {
          _pw_knight_search_init (&search);
          search.max_solutions = 1;
          search.random_order = TRUE;
          search.seed = seed;
          seconds += timed_search (level, &search, &result);
          g_assert (result.solutions >= 1);
          sum += result.nodes;
          most = MAX (most, result.nodes);
        }
      g_print ("%-14s %12" G_GUINT64_FORMAT " %10.2f | %10.0f %9" G_GUINT64_FORMAT " %9.2f\n",
               name, nodes, best * 1000, sum / 100.0, most, seconds * 10);
    }
}

static void
counts (void)
{
  static const struct { guint w, h; gboolean closed; guint64 expected; } boards[] = {
    { 5, 5, FALSE, 1728 }, { 6, 6, TRUE, 710064 }, { 5, 6, TRUE, 480 }, { 3, 10, TRUE, 960 },
  };

  g_print ("\n== exact counts of numbered tours (plain search, no restarts)\n");
  g_print ("%-14s %10s %12s %10s\n", "board", "tours", "nodes", "s");
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (boards[i].w, boards[i].h, boards[i].closed);
      g_autofree char *name = g_strdup_printf ("%u×%u %s", boards[i].w, boards[i].h,
                                               boards[i].closed ? "closed" : "open");
      PwKnightSearch search;
      PwKnightResult result;
      double best = INFINITY;

      for (guint r = 0; r < runs; r++)
        {
          _pw_knight_search_init (&search);
          search.restarts = FALSE;
          best = MIN (best, timed_search (level, &search, &result));
        }
      if (result.solutions != boards[i].expected)
        g_error ("%s: %" G_GUINT64_FORMAT " tours, not %" G_GUINT64_FORMAT, name,
                 result.solutions, boards[i].expected);
      g_print ("%-14s %10" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %10.3f\n", name,
               result.solutions, result.nodes, best);
    }
}

/* The analysis as the command line runs it; the seconds, best of runs. */
static double
analyse (const PwKnightLevel *level,
         PwAnalysis         **out)
{
  double best = INFINITY;

  for (guint r = 0; r < runs; r++)
    {
      PwAnalyseOptions options;
      g_autoptr(GError) error = NULL;
      g_autoptr(GTimer) timer = g_timer_new ();
      PwAnalysis *analysis;

      pw_analyse_options_init (&options);
      analysis = pw_knights_tour_kind.analyse (level, &options, NULL, NULL, NULL, &error);
      if (analysis == NULL)
        g_error ("%s", error->message);
      best = MIN (best, g_timer_elapsed (timer, NULL));
      if (r + 1 == runs && out != NULL)
        *out = analysis;
      else
        pw_analysis_unref (analysis);
    }
  return best;
}

static void
empty_analyses (void)
{
  g_print ("\n== analysis of an empty 8×8 board, default options\n");
  for (guint closed = 0; closed < 2; closed++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (8, 8, closed);
      g_autoptr(PwAnalysis) analysis = NULL;
      double seconds = analyse (level, &analysis);
      gint64 solutions = 0, nodes = 0;
      double difficulty = 0;

      pw_analysis_get_int (analysis, "solutions", &solutions);
      pw_analysis_get_int (analysis, "nodes", &nodes);
      pw_analysis_get_double (analysis, "difficulty", &difficulty);
      g_print ("8×8 %-7s %" G_GINT64_FORMAT " tours%s (count: %" G_GINT64_FORMAT
               " nodes), difficulty %.1f, partial %s, %.1f ms\n",
               closed ? "closed" : "open", solutions,
               json_object_get_boolean_member (pw_analysis_get_figures (analysis), "capped")
                 ? " (capped)" : "", nodes, difficulty,
               pw_analysis_get_partial (analysis) ? "yes" : "no", seconds * 1000);
    }
}

typedef struct
{
  GPtrArray *levels;
  GArray    *seconds;
  GTimer    *timer;
  guint      wanted;
} Made;

static gboolean
made (gpointer data,
      double   difficulty,
      gpointer user_data)
{
  Made *m = user_data;
  double s = g_timer_elapsed (m->timer, NULL);

  g_ptr_array_add (m->levels, data);
  g_array_append_val (m->seconds, s);
  g_timer_start (m->timer);
  return m->levels->len < m->wanted;
}

static void
puzzles (const char *closed,
         guint       wanted)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  Made m = { g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_knight_level_free),
             g_array_new (FALSE, FALSE, sizeof (double)), g_timer_new (), wanted };
  double made_sum = 0, made_max = 0, proof_sum = 0, analysis_sum = 0, analysis_max = 0;
  guint64 nodes_sum = 0, nodes_max = 0, givens = 0;

  g_hash_table_insert (params, (gpointer) "size", (gpointer) "8x8");
  g_hash_table_insert (params, (gpointer) "closed", (gpointer) closed);
  if (!pw_knights_tour_kind.generate (params, 1, 0, made, NULL, &m, NULL, &error))
    g_error ("%s", error->message);
  for (guint i = 0; i < m.levels->len; i++)
    {
      const PwKnightLevel *level = g_ptr_array_index (m.levels, i);
      double s = g_array_index (m.seconds, double, i), proof = INFINITY, analysis;
      PwKnightSearch search;
      PwKnightResult result;

      made_sum += s;
      made_max = MAX (made_max, s);
      givens += _pw_knight_level_n_givens (level);
      for (guint r = 0; r < runs; r++)
        {
          _pw_knight_search_init (&search);
          search.max_solutions = 2;
          proof = MIN (proof, timed_search (level, &search, &result));
        }
      g_assert (result.solutions == 1);
      proof_sum += proof;
      nodes_sum += result.nodes;
      nodes_max = MAX (nodes_max, result.nodes);
      analysis = analyse (level, NULL);
      analysis_sum += analysis;
      analysis_max = MAX (analysis_max, analysis);
    }
  g_print ("8×8 %s, %u minimal puzzles: %.1f givens; made in %.2f s (max %.2f); uniqueness "
           "%.0f nodes (max %" G_GUINT64_FORMAT "), %.1f ms; analysis %.2f s (max %.2f)\n",
           g_str_equal (closed, "true") ? "closed" : "open", wanted,
           (double) givens / wanted, made_sum / wanted, made_max, (double) nodes_sum / wanted,
           nodes_max, proof_sum / wanted * 1000, analysis_sum / wanted, analysis_max);
  g_ptr_array_unref (m.levels);
  g_array_unref (m.seconds);
  g_timer_destroy (m.timer);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  if (argc > 1)
    runs = MAX (atoi (argv[1]), 1);
  first_tours ();
  counts ();
  empty_analyses ();
  g_print ("\n== generated puzzles (generate --seed 1 -p size=8x8 [-p closed=true])\n");
  puzzles ("false", 10);
  puzzles ("true", 10);
  return 0;
}
