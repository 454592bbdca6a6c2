/* bench-freecell.c — the FreeCell solver on Microsoft deals:
 *
 *   bench-freecell FIRST LAST            summary of the range
 *   bench-freecell --each FIRST LAST     one line per deal:
 *                                        deal verdict length states seconds
 *   bench-freecell --cells K …           with K free cells instead of
 *                                        four (with fewer than four most
 *                                        verdicts of the hard deals are
 *                                        proofs: every position searched)
 *   bench-freecell --prove …             the verdict by the exhaustive
 *                                        depth-first search (pw_fc_prove)
 *                                        instead of the solver
 *   bench-freecell --play FIRST LAST     play mode's check (300,000
 *                                        positions, 180 ms) on positions
 *                                        along each deal's solution and one
 *                                        random move off it: time per check
 *
 * One core, one deal after another, four free cells, the solver alone
 * (no fewest-free-cells search). Every solution is replayed before it
 * counts. Run by bench/run (with fc-solve side by side, bench/freecell.sh);
 * figures in docs/performance.md.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "freecell-private.h"

/* CPU seconds (user and system) this process has used: on a shared
 * machine the figure to compare, with wall clock beside it */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
         usage.ru_stime.tv_usec / 1e6;
}

static gboolean
replays (const PwFreecellLevel *level,
         GArray                *solution)
{
  PwFcPosition position;

  pw_fc_position_init (&position, level);
  for (guint i = 0; i < solution->len; i++)
    {
      PwFcMove move = g_array_index (solution, PwFcMove, i);

      if (!pw_fc_move_legal (&position, move))
        return FALSE;
      pw_fc_move_apply (&position, move);
    }
  return pw_fc_position_won (&position);
}

/* Play mode's check of one position, timed. */
static double
check (const PwFcPosition *position,
       PwFcVerdict        *verdict)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  PwFcSolveOptions options;
  PwFcSolveResult result;

  pw_fc_solve_options_init (&options);
  options.max_states = 300000;
  options.deadline = g_get_monotonic_time () + 180 * G_TIME_SPAN_MILLISECOND;
  pw_fc_solve (position, &options, &result, NULL);
  *verdict = result.verdict;
  pw_fc_solve_result_clear (&result);
  return g_timer_elapsed (timer, NULL);
}

static int
play_checks (guint32 first,
             guint32 last)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  guint counts[3] = { 0 };
  double total = 0, worst = 0;

  for (guint32 deal = first; deal <= last; deal++)
    {
      PwFreecellLevel level;
      PwFcPosition position;
      PwFcSolveOptions options;
      PwFcSolveResult result;

      pw_fc_ms_deal (deal, &level);
      pw_fc_position_init (&position, &level);
      pw_fc_solve_options_init (&options);
      pw_fc_solve (&position, &options, &result, NULL);
      if (result.verdict != PW_FC_SOLVED)
        {
          pw_fc_solve_result_clear (&result);
          continue;
        }
      for (guint i = 0; i < result.solution->len; i++)
        {
          if (i % 10 == 0)
            {
              PwFcPosition off = position;
              PwFcMove legal[256];
              int n = 0;

              for (int k = 0; k < 2; k++)
                {
                  PwFcVerdict verdict;
                  double t = check (&off, &verdict);

                  g_array_append_val (times, t);
                  total += t;
                  worst = MAX (worst, t);
                  counts[verdict]++;
                  /* then one random legal move off the solution */
                  n = 0;
                  for (int from = 0; from < PW_FC_FOUNDATION; from++)
                    for (int to = 0; to <= PW_FC_FOUNDATION; to++)
                      {
                        PwFcMove move = { from, to };

                        if (n < 256 && pw_fc_move_legal (&off, move))
                          legal[n++] = move;
                      }
                  if (n == 0)
                    break;
                  pw_fc_move_apply (&off, legal[g_rand_int_range (rand, 0, n)]);
                }
            }
          pw_fc_move_apply (&position, g_array_index (result.solution, PwFcMove, i));
        }
      pw_fc_solve_result_clear (&result);
    }
  {
    double *t = (double *) times->data;
    guint n = times->len;

    /* a plain sort of doubles */
    for (guint i = 1; i < n; i++)
      for (guint j = i; j > 0 && t[j - 1] > t[j]; j--)
        {
          double x = t[j];

          t[j] = t[j - 1];
          t[j - 1] = x;
        }
    printf ("puzzlewright play checks, deals %u-%u: %u positions: %u winnable, %u dead ends, "
            "%u unknown; mean %.1f ms, median %.1f ms, 99th percentile %.1f ms, worst %.1f ms\n",
            first, last, n, counts[PW_FC_SOLVED], counts[PW_FC_UNSOLVABLE], counts[PW_FC_UNKNOWN],
            total * 1000 / MAX (n, 1), n ? t[n / 2] * 1000 : 0, n ? t[n * 99 / 100] * 1000 : 0,
            worst * 1000);
  }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  gboolean each = FALSE;
  gboolean prove = FALSE;
  int cells = 4;
  guint32 first, last;
  guint64 solved = 0, unsolvable = 0, unknown = 0, moves = 0, states = 0, max_states = 0;
  guint max_length = 0;
  guint32 slowest = 0;
  double slowest_seconds = 0;
  g_autoptr(GTimer) total = g_timer_new ();
  GString *unsolved = g_string_new (NULL);
  double cpu_start = cpu_seconds ();

  for (;;)
    if (argc > 1 && g_str_equal (argv[1], "--each"))
      {
        each = TRUE;
        argc--;
        argv++;
      }
    else if (argc > 1 && g_str_equal (argv[1], "--prove"))
      {
        prove = TRUE;
        argc--;
        argv++;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--cells"))
      {
        cells = CLAMP (atoi (argv[2]), 0, PW_FC_MAX_FREE);
        argc -= 2;
        argv += 2;
      }
    else
      break;
  if (argc == 4 && g_str_equal (argv[1], "--play"))
    return play_checks (strtoul (argv[2], NULL, 10), strtoul (argv[3], NULL, 10));
  if (argc != 3)
    {
      g_printerr ("usage: bench-freecell [--each] [--cells K] [--prove] FIRST LAST\n"
                  "       bench-freecell --play FIRST LAST\n");
      return 2;
    }
  first = strtoul (argv[1], NULL, 10);
  last = strtoul (argv[2], NULL, 10);

  for (guint32 deal = first; deal <= last; deal++)
    {
      PwFreecellLevel level;
      PwFcPosition start;
      PwFcSolveOptions options;
      PwFcSolveResult result;
      g_autoptr(GTimer) timer = g_timer_new ();
      double seconds;

      pw_fc_ms_deal (deal, &level);
      level.free_cells = cells;
      pw_fc_position_init (&start, &level);
      pw_fc_solve_options_init (&options);
      options.max_states = 5000000;
      if (prove)
        {
          /* the verdict alone */
          memset (&result, 0, sizeof result);
          pw_fc_prove (&start, 0, NULL, &result.verdict, &result.states, NULL);
          if (result.verdict == PW_FC_SOLVED)
            result.solution = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
        }
      else
        pw_fc_solve (&start, &options, &result, NULL);
      seconds = g_timer_elapsed (timer, NULL);
      if (seconds > slowest_seconds)
        {
          slowest_seconds = seconds;
          slowest = deal;
        }
      states += result.states;
      max_states = MAX (max_states, result.states);
      switch (result.verdict)
        {
        case PW_FC_SOLVED:
          if (!prove && !replays (&level, result.solution))
            {
              g_printerr ("deal %u: the solution does not replay\n", deal);
              return 1;
            }
          solved++;
          moves += result.solution->len;
          max_length = MAX (max_length, result.solution->len);
          break;
        case PW_FC_UNSOLVABLE:
          unsolvable++;
          g_string_append_printf (unsolved, " %u", deal);
          break;
        case PW_FC_UNKNOWN:
          unknown++;
          g_string_append_printf (unsolved, " %u?", deal);
          break;
        }
      if (each)
        printf ("%u %s %u %" G_GUINT64_FORMAT " %.4f\n", deal,
                result.verdict == PW_FC_SOLVED ? "solved"
                : result.verdict == PW_FC_UNSOLVABLE ? "unsolvable" : "unknown",
                result.verdict == PW_FC_SOLVED ? result.solution->len : 0, result.states,
                seconds);
      pw_fc_solve_result_clear (&result);
    }

  if (!each)
    {
      guint64 n = (guint64) last - first + 1;

      printf ("puzzlewright: deals %u-%u, %d free cells: %" G_GUINT64_FORMAT " solved, %" G_GUINT64_FORMAT
              " proved unsolvable, %" G_GUINT64_FORMAT " unknown;%s%s\n",
              first, last, cells, solved, unsolvable, unknown, unsolved->len ? " not solved:" : "",
              unsolved->str);
      double cpu = cpu_seconds () - cpu_start;

      printf ("puzzlewright: %.2f s in all (CPU %.2f s, %.3f ms a deal), slowest %u (%.3f s); "
              "mean solution %.1f atomic moves (longest %u); positions checked: mean %.0f, most %"
              G_GUINT64_FORMAT "\n",
              g_timer_elapsed (total, NULL), cpu, cpu * 1000 / n, slowest,
              slowest_seconds, solved ? (double) moves / solved : 0, max_length,
              (double) states / n, max_states);
    }
  g_string_free (unsolved, TRUE);
  return 0;
}
