/* bench-freecell.c — the FreeCell solver on Microsoft deals:
 *
 *   bench-freecell FIRST LAST            summary of the range
 *   bench-freecell --each FIRST LAST     one line per deal:
 *                                        deal verdict length states seconds
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

#include "freecell-private.h"

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

int
main (int    argc,
      char **argv)
{
  gboolean each = argc > 1 && g_str_equal (argv[1], "--each");
  guint32 first, last;
  guint64 solved = 0, unsolvable = 0, unknown = 0, moves = 0, states = 0, max_states = 0;
  guint max_length = 0;
  guint32 slowest = 0;
  double slowest_seconds = 0;
  g_autoptr(GTimer) total = g_timer_new ();
  GString *unsolved = g_string_new (NULL);

  if (each)
    {
      argc--;
      argv++;
    }
  if (argc != 3)
    {
      g_printerr ("usage: bench-freecell [--each] FIRST LAST\n");
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
      pw_fc_position_init (&start, &level);
      pw_fc_solve_options_init (&options);
      options.max_states = 5000000;
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
          if (!replays (&level, result.solution))
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

      printf ("puzzlewright: deals %u-%u: %" G_GUINT64_FORMAT " solved, %" G_GUINT64_FORMAT
              " proved unsolvable, %" G_GUINT64_FORMAT " unknown;%s%s\n",
              first, last, solved, unsolvable, unknown, unsolved->len ? " not solved:" : "",
              unsolved->str);
      printf ("puzzlewright: %.2f s in all, %.3f ms a deal, slowest %u (%.3f s); mean solution "
              "%.1f atomic moves (longest %u); positions checked: mean %.0f, most %"
              G_GUINT64_FORMAT "\n",
              g_timer_elapsed (total, NULL), g_timer_elapsed (total, NULL) * 1000 / n, slowest,
              slowest_seconds, solved ? (double) moves / solved : 0, max_length,
              (double) states / n, max_states);
    }
  g_string_free (unsolved, TRUE);
  return 0;
}
