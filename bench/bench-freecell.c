/* bench-freecell.c — the FreeCell solver on Microsoft deals:
 *
 *   bench-freecell FIRST LAST            summary of the range
 *   bench-freecell --each FIRST LAST     one line per deal:
 *                                        deal verdict length states seconds
 *   bench-freecell --cells K …           with K free cells instead of
 *                                        four (with fewer than four most
 *                                        verdicts of the hard deals are
 *                                        proofs: every position searched)
 *   bench-freecell --prove [--max N] …   the verdict by the exhaustive
 *                                        depth-first search (pw_fc_prove)
 *                                        instead of the solver, at most N
 *                                        positions visited (no limit)
 *   bench-freecell --layered [--max N] … the same layer by layer
 *                                        (pw_fc_prove_layered)
 *   bench-freecell --dfs [--max N] …     the depth-first search
 *                                        (_pw_fc_solve_dfs), at most N
 *                                        positions stored (5 M; 0: no
 *                                        limit; a solution replayed)
 *   bench-freecell [--max N] --dfs-tail FIRST LAST
 *                                        the default solve's first search,
 *                                        then the depth-first search (at
 *                                        most N stored, 5 M) on the deals
 *                                        it misses, the solver's other
 *                                        searches when that gives up: a
 *                                        measurement (issue 17's parity)
 *   bench-freecell --play FIRST LAST     play mode's check (300,000
 *                                        positions, 180 ms) on positions
 *                                        along each deal's solution and one
 *                                        random move off it: time per check
 *   bench-freecell --census FIRST LAST [-j JOBS] [--every N]
 *                  [--prove-max POSITIONS] [--each]
 *                                        the fewest free cells of each deal
 *                                        (the min_free_cells figure: the
 *                                        solver with four, then
 *                                        _pw_fc_min_free_cells), JOBS deals
 *                                        at once, every Nth deal of the
 *                                        range: the table of how many need
 *                                        0 … 4, a row per step of the
 *                                        ladder (runs, counts won and
 *                                        proved lost, positions, CPU),
 *                                        CPU and wall time, peak memory;
 *                                        --each adds a line a deal (deal
 *                                        fewest positions seconds, -1
 *                                        unknown, 5 not with four, then
 *                                        step:positions:CPU seconds for
 *                                        each step that ran);
 *                                        --prove-max N adds a last step:
 *                                        the layered prover, N positions
 *                                        in all, 30 M held at once
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

/* ------------------------------------------------------------------ */
/* The census of the fewest free cells                                  */

typedef struct
{
  guint32  first;
  guint    every;
  guint    n;             /* deals in the census */
  gint     next;          /* the next deal's place, taken atomically */
  gboolean each;
  guint64  prove_cap;     /* the prover's last budget; 0: the figure's */
  GMutex   lock;          /* for the lines of --each */
  int     *fewest;        /* per place: 0 … 4, 5 unsolvable with four, -1 unknown */
  guint64 *positions;
  double  *seconds;
  PwFcLadderStats steps;  /* added up over the deals, under @lock */
} Census;

static int
census_one (guint32          deal,
            guint64          prove_cap,
            guint64         *positions,
            PwFcLadderStats *steps)
{
  PwFreecellLevel level;
  PwFcPosition start;
  PwFcSolveOptions options;
  PwFcSolveResult result;
  PwFcVerdict verdict;
  int min = -1;

  pw_fc_ms_deal (deal, &level);
  pw_fc_position_init (&start, &level);
  pw_fc_solve_options_init (&options);
  options.max_states = 5000000;
  pw_fc_solve (&start, &options, &result, NULL);
  *positions = result.states;
  verdict = result.verdict;
  pw_fc_solve_result_clear (&result);
  if (verdict == PW_FC_UNSOLVABLE)
    return PW_FC_MAX_FREE + 1;
  if (verdict == PW_FC_UNKNOWN)
    return -1;
  _pw_fc_min_free_cells_stats (&level, 0, prove_cap, 0, NULL, NULL, NULL, &min, positions,
                               steps, NULL);
  return min;
}

static gpointer
census_worker (gpointer data)
{
  Census *census = data;
  guint i;

  while ((i = (guint) g_atomic_int_add (&census->next, 1)) < census->n)
    {
      guint32 deal = census->first + i * census->every;
      g_autoptr(GTimer) timer = g_timer_new ();
      PwFcLadderStats steps = { 0 };

      census->positions[i] = 0;
      census->fewest[i] = census_one (deal, census->prove_cap, &census->positions[i], &steps);
      census->seconds[i] = g_timer_elapsed (timer, NULL);
      g_mutex_lock (&census->lock);
      census->steps.n_steps = MAX (census->steps.n_steps, steps.n_steps);
      for (int s = 0; s < steps.n_steps; s++)
        {
          census->steps.prover[s] = steps.prover[s];
          census->steps.layered[s] = steps.layered[s];
          census->steps.dfs[s] = steps.dfs[s];
          census->steps.budget[s] = steps.budget[s];
          census->steps.runs[s] += steps.runs[s];
          census->steps.solved[s] += steps.solved[s];
          census->steps.proved[s] += steps.proved[s];
          census->steps.positions[s] += steps.positions[s];
          census->steps.seconds[s] += steps.seconds[s];
        }
      if (census->each)
        {
          /* then, for each step that ran: step:positions:CPU seconds */
          printf ("%u %d %" G_GUINT64_FORMAT " %.3f", deal, census->fewest[i],
                  census->positions[i], census->seconds[i]);
          for (int s = 0; s < steps.n_steps; s++)
            if (steps.runs[s] > 0)
              printf (" %d:%" G_GUINT64_FORMAT ":%.2f", s, steps.positions[s], steps.seconds[s]);
          printf ("\n");
          fflush (stdout);
        }
      g_mutex_unlock (&census->lock);
    }
  return NULL;
}

static int
census_run (guint32  first,
            guint32  last,
            guint    every,
            guint    jobs,
            guint64  prove_cap,
            gboolean each)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  GString *unknown = g_string_new (NULL), *over = g_string_new (NULL);
  guint counts[PW_FC_MAX_FREE + 1] = { 0 };
  guint n_over = 0, n_unknown = 0, slowest = 0;
  guint64 positions = 0;
  double cpu_start = cpu_seconds (), cpu;
  struct rusage usage;
  Census census = { 0 };

  if (first == 0 || last < first)
    {
      g_printerr ("bench-freecell: no deals in %u-%u\n", first, last);
      return 2;
    }
  census.first = first;
  census.every = MAX (every, 1);
  census.n = (last - first) / census.every + 1;
  census.each = each;
  census.prove_cap = prove_cap;
  census.fewest = g_new0 (int, census.n);
  census.positions = g_new0 (guint64, census.n);
  census.seconds = g_new0 (double, census.n);
  g_mutex_init (&census.lock);

  for (guint j = 0; j < MAX (jobs, 1); j++)
    g_ptr_array_add (threads, g_thread_new ("census", census_worker, &census));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  cpu = cpu_seconds () - cpu_start;
  getrusage (RUSAGE_SELF, &usage);

  for (guint i = 0; i < census.n; i++)
    {
      guint32 deal = first + i * census.every;

      if (census.fewest[i] < 0)
        {
          n_unknown++;
          g_string_append_printf (unknown, " %u", deal);
        }
      else if (census.fewest[i] > PW_FC_MAX_FREE)
        {
          n_over++;
          g_string_append_printf (over, " %u", deal);
        }
      else
        counts[census.fewest[i]]++;
      positions += census.positions[i];
      if (census.seconds[i] > census.seconds[slowest])
        slowest = i;
    }
  printf ("puzzlewright census, deals %u-%u", first, last);
  if (census.every > 1)
    printf (" (every %u)", census.every);
  printf (", %u deals, %u jobs\n"
          "| needs 0 | 1 | 2 | 3 | 4 | not with 4 | unknown |\n"
          "|---|---|---|---|---|---|---|\n"
          "| %u | %u | %u | %u | %u | %u | %u |\n",
          census.n, threads->len, counts[0], counts[1], counts[2], counts[3], counts[4], n_over,
          n_unknown);
  if (n_over > 0)
    printf ("not with 4:%s\n", over->str);
  if (n_unknown > 0)
    printf ("unknown:%s\n", unknown->str);
  printf ("| ladder step | runs | won | proved | positions | CPU s |\n|---|---|---|---|---|---|\n");
  for (int s = 0; s < census.steps.n_steps; s++)
    printf ("| %d: %s %" G_GUINT64_FORMAT " k | %" G_GUINT64_FORMAT " | %" G_GUINT64_FORMAT " | %"
            G_GUINT64_FORMAT " | %" G_GUINT64_FORMAT " | %.1f |\n", s,
            census.steps.layered[s] ? "layered prover to"
            : census.steps.prover[s] ? "prover to"
            : census.steps.dfs[s] ? "depth-first" : "solver",
            census.steps.budget[s] / 1000, census.steps.runs[s],
            census.steps.solved[s], census.steps.proved[s], census.steps.positions[s],
            census.steps.seconds[s]);
  printf ("wall %.1f s, CPU %.1f s (user + system), peak resident %.0f MiB; positions %"
          G_GUINT64_FORMAT "; slowest deal %u (%.1f s)\n",
          g_timer_elapsed (timer, NULL), cpu, usage.ru_maxrss / 1024.0, positions,
          first + slowest * census.every, census.seconds[slowest]);

  g_string_free (unknown, TRUE);
  g_string_free (over, TRUE);
  g_free (census.fewest);
  g_free (census.positions);
  g_free (census.seconds);
  g_mutex_clear (&census.lock);
  return 0;
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
  PwDeadline deadline;

  pw_fc_solve_options_init (&options);
  options.max_states = 300000;
  pw_deadline_init (&deadline, 0.180);
  options.deadline = &deadline;
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

/* Issue 17's parity question, measured only: the default solve's first
 * search (1,200 positions checked), and for the deals it misses the
 * depth-first portfolio (at most @max stored; its solution shortened as
 * the solver's are) in place of the solver's next two searches, which
 * run only when it gives up. */
static int
dfs_tail_run (guint32 first,
              guint32 last,
              guint64 max)
{
  guint64 solved = 0, unsolvable = 0, unknown = 0, moves = 0, states = 0;
  guint64 tail = 0, tail_won = 0, tail_states = 0, fallback = 0;
  double cpu_start = cpu_seconds ();
  g_autoptr(GTimer) timer = g_timer_new ();

  for (guint32 deal = first; deal <= last; deal++)
    {
      PwFreecellLevel level;
      PwFcPosition start;
      PwFcSolveOptions options;
      PwFcSolveResult result;

      pw_fc_ms_deal (deal, &level);
      pw_fc_position_init (&start, &level);
      pw_fc_solve_options_init (&options);
      _pw_fc_solve_pass (&start, 0, 0, 1200, 0, &result);
      states += result.states;
      if (result.verdict != PW_FC_SOLVED)
        {
          pw_fc_solve_result_clear (&result);
          tail++;
          options.max_states = max;
          _pw_fc_solve_dfs (&start, &options, &result, NULL);
          states += result.states;
          tail_states += result.states;
          if (result.verdict == PW_FC_SOLVED)
            {
              tail_won++;
              _pw_fc_shorten (&start, result.solution);
            }
          else
            {
              pw_fc_solve_result_clear (&result);
              fallback++;
              pw_fc_solve_options_init (&options);
              pw_fc_solve (&start, &options, &result, NULL);
              states += result.states;
            }
        }
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
          break;
        case PW_FC_UNSOLVABLE:
          unsolvable++;
          break;
        default:
          unknown++;
          break;
        }
      pw_fc_solve_result_clear (&result);
    }
  printf ("puzzlewright --dfs-tail, deals %u-%u: %" G_GUINT64_FORMAT " solved, %"
          G_GUINT64_FORMAT " unsolvable, %" G_GUINT64_FORMAT " unknown; %" G_GUINT64_FORMAT
          " past the first search, %" G_GUINT64_FORMAT " won by the depth-first search (%"
          G_GUINT64_FORMAT " positions), %" G_GUINT64_FORMAT " left to the solver\n"
          "puzzlewright --dfs-tail: %.2f s in all (CPU %.2f s); mean solution %.1f atomic "
          "moves; positions checked: mean %.0f\n",
          first, last, solved, unsolvable, unknown, tail, tail_won, tail_states, fallback,
          g_timer_elapsed (timer, NULL), cpu_seconds () - cpu_start,
          solved ? (double) moves / solved : 0, (double) states / (last - first + 1));
  return 0;
}

int
main (int    argc,
      char **argv)
{
  gboolean each = FALSE;
  gboolean prove = FALSE, layered = FALSE, dfs = FALSE;
  guint64 dfs_max = 5000000, dfs_quota = 500, prove_max = 0;
  guint dfs_runners = 8;
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
    else if (argc > 1 && g_str_equal (argv[1], "--layered"))
      {
        prove = layered = TRUE;
        argc--;
        argv++;
      }
    else if (argc > 1 && g_str_equal (argv[1], "--dfs"))
      {
        dfs = TRUE;
        argc--;
        argv++;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--runners"))
      {
        dfs_runners = MAX (atoi (argv[2]), 1);
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--quota"))
      {
        dfs_quota = MAX (g_ascii_strtoull (argv[2], NULL, 10), 1);
        argc -= 2;
        argv += 2;
      }
    else if (argc > 2 && g_str_equal (argv[1], "--max"))
      {
        dfs_max = prove_max = g_ascii_strtoull (argv[2], NULL, 10);
        argc -= 2;
        argv += 2;
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
  if (argc >= 4 && g_str_equal (argv[1], "--census"))
    {
      int jobs = 1, every = 1;
      guint64 prove_cap = 0;

      /* (CLAMP and MAX evaluate their arguments more than once) */
      for (int i = 4; i < argc; i++)
        if (g_str_equal (argv[i], "-j") && i + 1 < argc)
          jobs = atoi (argv[++i]);
        else if (g_str_equal (argv[i], "--every") && i + 1 < argc)
          every = atoi (argv[++i]);
        else if (g_str_equal (argv[i], "--prove-max") && i + 1 < argc)
          prove_cap = g_ascii_strtoull (argv[++i], NULL, 10);
        else if (g_str_equal (argv[i], "--each"))
          each = TRUE;
        else
          {
            g_printerr ("bench-freecell: unknown option %s\n", argv[i]);
            return 2;
          }
      return census_run (strtoul (argv[2], NULL, 10), strtoul (argv[3], NULL, 10),
                         MAX (every, 1), CLAMP (jobs, 1, 64), prove_cap, each);
    }
  if (argc == 4 && g_str_equal (argv[1], "--dfs-tail"))
    return dfs_tail_run (strtoul (argv[2], NULL, 10), strtoul (argv[3], NULL, 10), dfs_max);
  if (argc == 4 && g_str_equal (argv[1], "--play"))
    return play_checks (strtoul (argv[2], NULL, 10), strtoul (argv[3], NULL, 10));
  if (argc != 3)
    {
      g_printerr ("usage: bench-freecell [--each] [--cells K] [--prove|--layered|--dfs] "
                  "[--max N] FIRST LAST\n"
                  "       bench-freecell [--max N] --dfs-tail FIRST LAST\n"
                  "       bench-freecell --play FIRST LAST\n"
                  "       bench-freecell --census FIRST LAST [-j JOBS] [--every N] "
                  "[--prove-max POSITIONS] [--each]\n");
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
          if (layered)
            pw_fc_prove_layered (&start, prove_max, 0, NULL, NULL, &result.verdict,
                                 &result.states, NULL);
          else
            pw_fc_prove (&start, prove_max, NULL, NULL, &result.verdict, &result.states, NULL);
          if (result.verdict == PW_FC_SOLVED)
            result.solution = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
        }
      else if (dfs)
        {
          options.max_states = dfs_max;
          _pw_fc_solve_dfs_portfolio (&start, &options, dfs_runners, dfs_quota, &result, NULL);
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
