/* bench-freecell-hard.c — the counts of free cells the fewest-free-cells
 * ladder leaves undecided: randomised solver restarts, other solvers'
 * solutions checked by our rules, and proofs with more memory (issue 17;
 * docs/performance.md, "The unknown deals"):
 *
 *   bench-freecell-hard --cells K [--seeds N] [--cap STORED] [--all]
 *                        DEALS
 *       runs the solver on each Microsoft deal of DEALS ("982,14497",
 *       "1-100") with K free cells and seeds 1 … N (PwFcSolveOptions.seed:
 *       the moves and the estimate's ties in a random order), each run
 *       storing at most STORED positions; a line a run that wins (deal,
 *       seed, positions checked, CPU seconds, moves) — every solution is
 *       replayed by the rules (pw_fc_move_legal) before it counts — and a
 *       line a deal: the first seed that won, the runs and positions
 *       spent up to it or in all. --all carries on after the first win.
 *
 *   bench-freecell-hard --sample [--seeds N] [--cap STORED] [-j JOBS]
 *                        [--every E] FIRST LAST
 *       for every count of free cells the fewest-free-cells ladder asks
 *       of each deal (from three down, stopping below the fewest), the
 *       ladder's first step (the solver, 200 k stored); where that does
 *       not decide the count, the seeded restarts above (stopping at the
 *       first win), then the rest of the ladder as
 *       _pw_fc_min_free_cells runs it (prover to 3 M, solver 2 M, prover
 *       to 30 M, solver 5 M) for the truth. A line for each such count
 *       (deal, count, what the ladder decided and at which step, the
 *       restarts' first winning seed or 0, their positions and CPU, the
 *       ladder's), then the totals: how many counts the restarts win
 *       that the ladder's solver steps do not, and what they cost where
 *       the count is lost (where they can win nothing).
 *
 *   bench-freecell-hard --cells K --replay FILE DEAL
 *       replays on the deal with K free cells the moves of FILE in
 *       fc-solve's standard notation (`fc-solve -m -snx`: "6a", "7h",
 *       "43v3" for three cards from cascade 4 to 3; onto a card the
 *       count is left out: the run whose bottom card fits), each multi-card
 *       move as the atomic moves through the free cells and empty
 *       cascades (pw_fc_supermove), every atomic move checked by the
 *       rules (pw_fc_move_legal): whether the deal is won at the end,
 *       and the solution in atomic moves. Anything else in FILE that is
 *       not a move is skipped, and reading stops at "This game …".
 *
 *   bench-freecell-hard --cells K --prove-max N [--layered HELD] DEAL
 *       the prover (pw_fc_prove) on one deal with K free cells, at most N
 *       positions visited (its table sized to hold them: 24 bytes a
 *       position at up to 85 % load, and the old table beside the new
 *       one while it grows), or layer by layer holding at most HELD:
 *       the verdict, positions, CPU and peak resident memory. Run it
 *       under a hard `ulimit -v`.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "freecell-private.h"

/* the CPU seconds of the calling thread */
static double
thread_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static gboolean
replays (const PwFcPosition *start,
         GArray             *solution)
{
  PwFcPosition position = *start;

  for (guint i = 0; i < solution->len; i++)
    {
      PwFcMove move = g_array_index (solution, PwFcMove, i);

      if (!pw_fc_move_legal (&position, move))
        return FALSE;
      pw_fc_move_apply (&position, move);
    }
  return pw_fc_position_won (&position);
}

/* One solver run from @start: its verdict, positions checked into
 * *@checked; a solution that does not replay is a bug and ends the run
 * with exit status 1. */
static PwFcVerdict
solve_seeded (const PwFcPosition *start,
              guint64             seed,
              guint64             cap,
              guint64            *checked,
              guint              *length)
{
  PwFcSolveOptions options;
  PwFcSolveResult result;
  PwFcVerdict verdict;

  pw_fc_solve_options_init (&options);
  options.seed = seed;
  options.max_states = cap;
  pw_fc_solve (start, &options, &result, NULL);
  *checked = result.states;
  verdict = result.verdict;
  if (verdict == PW_FC_SOLVED)
    {
      if (!replays (start, result.solution))
        {
          g_printerr ("bench-freecell-hard: a solution (seed %" G_GUINT64_FORMAT
                      ") does not replay\n", seed);
          exit (1);
        }
      *length = result.solution->len;
    }
  pw_fc_solve_result_clear (&result);
  return verdict;
}

/* Seeds 1 … @n_seeds from @start until one wins (or all, with @all):
 * the first winning seed (0: none), runs, positions and CPU spent up to
 * and including it (in all when none wins). A proof by a seeded run
 * (its queue emptied) is a proof too: *@proved. */
static guint64
restarts (const PwFcPosition *start,
          guint32             deal,
          guint               n_seeds,
          guint64             cap,
          gboolean            all,
          gboolean            verbose,
          guint64            *positions,
          double             *seconds,
          guint              *runs,
          gboolean           *proved)
{
  guint64 first = 0;

  *positions = 0;
  *seconds = 0;
  *runs = 0;
  *proved = FALSE;
  for (guint64 seed = 1; seed <= n_seeds; seed++)
    {
      double started = thread_seconds ();
      guint64 checked = 0;
      guint length = 0;
      PwFcVerdict verdict = solve_seeded (start, seed, cap, &checked, &length);
      double spent = thread_seconds () - started;

      if (first == 0)
        {
          *positions += checked;
          *seconds += spent;
          *runs += 1;
        }
      if (verdict == PW_FC_UNSOLVABLE)
        {
          *proved = TRUE;
          break;
        }
      if (verdict == PW_FC_SOLVED)
        {
          if (verbose)
            printf ("won: deal %u cells %u seed %" G_GUINT64_FORMAT " positions %" G_GUINT64_FORMAT
                    " CPU %.2f s, %u moves (replayed)\n", deal, start->n_free, seed, checked,
                    spent, length);
          if (first == 0)
            first = seed;
          if (!all)
            break;
        }
    }
  return first;
}

static int
seeds_run (const char *deals_text,
           int         cells,
           guint       n_seeds,
           guint64     cap,
           gboolean    all)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) deals = pw_fc_parse_deal_numbers (deals_text, &error);

  if (deals == NULL)
    {
      g_printerr ("bench-freecell-hard: %s\n", error->message);
      return 2;
    }
  for (guint i = 0; i < deals->len; i++)
    {
      guint32 deal = g_array_index (deals, guint32, i);
      PwFreecellLevel level;
      PwFcPosition start;
      guint64 positions, first;
      double seconds;
      guint runs;
      gboolean proved;

      pw_fc_ms_deal (deal, &level);
      level.free_cells = cells;
      pw_fc_position_init (&start, &level);
      first = restarts (&start, deal, n_seeds, cap, all, TRUE, &positions, &seconds, &runs,
                        &proved);
      printf ("deal %u, %d cells, %u seeds × %" G_GUINT64_FORMAT " stored: %s", deal, cells,
              n_seeds, cap, proved ? "proved lost" : first ? "won" : "no solution");
      if (first != 0)
        printf (" first by seed %" G_GUINT64_FORMAT, first);
      printf ("; %u runs, %" G_GUINT64_FORMAT " positions checked, CPU %.1f s%s\n", runs,
              positions, seconds, first != 0 ? " up to the first win" : "");
      fflush (stdout);
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* The restarts against the ladder, count by count                     */

/* the ladder of _pw_fc_min_free_cells (freecell.c) after its first step */
static const struct
{
  gboolean prover;
  guint64  budget;
} rest_of_ladder[] = {
  { TRUE, 3000000 },
  { FALSE, 2000000 },
  { TRUE, 30000000 },
  { FALSE, 5000000 },
};

typedef struct
{
  guint32  first;
  guint    every;
  guint    n;
  gint     next;
  guint    n_seeds;
  guint64  cap;
  GMutex   lock;
  /* totals, under @lock */
  guint    hard;              /* counts the first step left undecided */
  guint    won_by_restarts;   /* … that the restarts won */
  guint    won_by_ladder_solver;
  guint    won_by_ladder_prover;
  guint    proved;
  guint    unknown;
  guint    restarts_only;     /* won by the restarts, not by a solver step */
  guint    unknown_won;       /* unknown to the ladder, won by the restarts */
  guint64  restart_positions_won, restart_positions_lost;
  double   restart_seconds_won, restart_seconds_lost;
  double   ladder_seconds;
} Sample;

/* The rest of the ladder on one count: its verdict and the step (1 …)
 * that gave it, 0 when none did. */
static PwFcVerdict
ladder_rest (const PwFcPosition *start,
             int                *step,
             guint64            *positions,
             double             *seconds)
{
  PwFcProver *prover = _pw_fc_prover_new (start);
  PwFcVerdict verdict = PW_FC_UNKNOWN;
  double started = thread_seconds ();

  *step = 0;
  *positions = 0;
  for (guint s = 0; s < G_N_ELEMENTS (rest_of_ladder) && verdict == PW_FC_UNKNOWN; s++)
    {
      guint64 checked = 0;

      if (rest_of_ladder[s].prover)
        _pw_fc_prover_run (prover, rest_of_ladder[s].budget, NULL, NULL, &verdict, &checked,
                           NULL);
      else
        {
          guint length;

          verdict = solve_seeded (start, 0, rest_of_ladder[s].budget, &checked, &length);
        }
      *positions += checked;
      if (verdict != PW_FC_UNKNOWN)
        *step = s + 1;
    }
  _pw_fc_prover_free (prover);
  *seconds = thread_seconds () - started;
  return verdict;
}

static gpointer
sample_worker (gpointer data)
{
  Sample *sample = data;
  guint i;

  while ((i = (guint) g_atomic_int_add (&sample->next, 1)) < sample->n)
    {
      guint32 deal = sample->first + i * sample->every;
      PwFreecellLevel level;

      pw_fc_ms_deal (deal, &level);
      for (int k = PW_FC_MAX_FREE - 1; k >= 0; k--)
        {
          PwFcPosition start;
          guint64 checked = 0, rest_positions, seed_positions;
          guint length, runs;
          double rest_seconds, seed_seconds;
          int step;
          gboolean seed_proved;
          guint64 seed;
          PwFcVerdict verdict;

          pw_fc_position_init (&start, &level);
          start.n_free = k;
          verdict = solve_seeded (&start, 0, 200000, &checked, &length);
          if (verdict == PW_FC_UNSOLVABLE)
            break;
          if (verdict == PW_FC_SOLVED)
            continue;
          seed = restarts (&start, deal, sample->n_seeds, sample->cap, FALSE, FALSE,
                           &seed_positions, &seed_seconds, &runs, &seed_proved);
          verdict = ladder_rest (&start, &step, &rest_positions, &rest_seconds);
          if ((verdict == PW_FC_UNSOLVABLE && seed != 0) ||
              (verdict == PW_FC_SOLVED && seed_proved))
            {
              g_printerr ("bench-freecell-hard: deal %u with %d cells: the restarts and the "
                          "ladder disagree\n", deal, k);
              exit (1);
            }

          g_mutex_lock (&sample->lock);
          printf ("deal %u cells %d: ladder %s at step %d (%" G_GUINT64_FORMAT
                  " positions, %.2f s); restarts %s seed %" G_GUINT64_FORMAT " (%u runs, %"
                  G_GUINT64_FORMAT " positions, %.2f s)\n", deal, k,
                  verdict == PW_FC_SOLVED ? "won" : verdict == PW_FC_UNSOLVABLE ? "lost"
                                                                               : "unknown",
                  step, rest_positions, rest_seconds,
                  seed_proved ? "proved" : seed != 0 ? "won by" : "none,", seed, runs,
                  seed_positions, seed_seconds);
          fflush (stdout);
          sample->hard++;
          sample->ladder_seconds += rest_seconds;
          if (seed != 0)
            {
              sample->won_by_restarts++;
              sample->restart_positions_won += seed_positions;
              sample->restart_seconds_won += seed_seconds;
            }
          else
            {
              sample->restart_positions_lost += seed_positions;
              sample->restart_seconds_lost += seed_seconds;
            }
          if (verdict == PW_FC_SOLVED)
            {
              /* steps 2 and 4 are the solver's */
              if (step == 2 || step == 4)
                sample->won_by_ladder_solver++;
              else
                {
                  sample->won_by_ladder_prover++;
                  sample->restarts_only += seed != 0;
                }
            }
          else if (verdict == PW_FC_UNSOLVABLE)
            sample->proved++;
          else
            {
              sample->unknown++;
              sample->unknown_won += seed != 0;
            }
          g_mutex_unlock (&sample->lock);
          if (verdict != PW_FC_SOLVED && seed == 0)
            break;
        }
    }
  return NULL;
}

static int
sample_run (guint32 first,
            guint32 last,
            guint   every,
            guint   jobs,
            guint   n_seeds,
            guint64 cap)
{
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autoptr(GTimer) timer = g_timer_new ();
  Sample sample = { 0 };

  if (first == 0 || last < first)
    {
      g_printerr ("bench-freecell-hard: no deals in %u-%u\n", first, last);
      return 2;
    }
  sample.first = first;
  sample.every = MAX (every, 1);
  sample.n = (last - first) / sample.every + 1;
  sample.n_seeds = n_seeds;
  sample.cap = cap;
  g_mutex_init (&sample.lock);
  for (guint j = 0; j < jobs; j++)
    g_ptr_array_add (threads, g_thread_new ("seeds", sample_worker, &sample));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));

  printf ("deals %u-%u every %u (%u deals), %u seeds × %" G_GUINT64_FORMAT " stored:\n"
          "counts the solver's first 200 k left undecided: %u — won by the ladder's solver "
          "steps %u, by its prover steps %u, proved lost %u, unknown %u\n"
          "the restarts won %u of them (%u that only the prover won, %u the ladder left "
          "unknown); their cost: %" G_GUINT64_FORMAT " positions, %.1f s CPU up to the wins, %"
          G_GUINT64_FORMAT " positions, %.1f s CPU where they won nothing; the ladder's steps "
          "after the first on these counts %.1f s CPU; wall %.1f s\n",
          first, last, sample.every, sample.n, n_seeds, cap, sample.hard,
          sample.won_by_ladder_solver, sample.won_by_ladder_prover, sample.proved, sample.unknown,
          sample.won_by_restarts, sample.restarts_only, sample.unknown_won,
          sample.restart_positions_won, sample.restart_seconds_won,
          sample.restart_positions_lost, sample.restart_seconds_lost, sample.ladder_seconds,
          g_timer_elapsed (timer, NULL));
  g_mutex_clear (&sample.lock);
  return 0;
}

/* One move of fc-solve's standard notation: "6a", "ah", "43v3". */
static gboolean
parse_fcs_move (const char *token,
                PwFcMove   *move,
                int        *count)
{
  char pair[3] = { token[0], token[0] ? token[1] : 0, 0 };

  if (strlen (token) < 2 || !pw_fc_move_parse (pair, move))
    return FALSE;
  *count = 1;
  if (token[2] == 'v')
    {
      char *end;

      *count = (int) strtol (token + 3, &end, 10);
      return *end == 0 && *count >= 1;
    }
  return token[2] == 0;
}

static int
replay_run (guint32     deal,
            int         cells,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GArray) atomic = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
  g_auto(GStrv) tokens = NULL;
  g_autofree char *notation = NULL;
  PwFreecellLevel level;
  PwFcPosition position;
  guint n_moves = 0;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("bench-freecell-hard: %s\n", error->message);
      return 2;
    }
  pw_fc_ms_deal (deal, &level);
  level.free_cells = cells;
  pw_fc_position_init (&position, &level);
  tokens = g_strsplit_set (text, " \t\n\r", -1);
  for (int t = 0; tokens[t] != NULL; t++)
    {
      PwFcMove move;
      int count;
      guint before = atomic->len;

      /* "This game is solveable." and the counts after the moves */
      if (g_str_equal (tokens[t], "This"))
        break;
      if (!parse_fcs_move (tokens[t], &move, &count))
        continue;
      n_moves++;
      /* fc-solve gives the count only onto an empty cascade; onto a card
       * it is the run whose bottom card fits there */
      if (count == 1 && !strchr (tokens[t], 'v') && move.from < PW_FC_MAX_CASCADES &&
          move.to < PW_FC_MAX_CASCADES && position.height[move.to] > 0)
        {
          guint8 onto = position.cards[move.to][position.height[move.to] - 1];

          for (int k = 1; k <= position.height[move.from]; k++)
            {
              guint8 card = position.cards[move.from][position.height[move.from] - k];

              if (PW_FC_RANK (onto) == PW_FC_RANK (card) + 1 &&
                  PW_FC_RED (onto) != PW_FC_RED (card))
                {
                  count = k;
                  break;
                }
            }
        }
      if (count > 1)
        {
          if (move.from >= PW_FC_MAX_CASCADES || move.to >= PW_FC_MAX_CASCADES ||
              !pw_fc_supermove (&position, move.from, count, move.to, atomic))
            {
              g_printerr ("bench-freecell-hard: move %u (%s) cannot be made\n", n_moves,
                          tokens[t]);
              return 1;
            }
        }
      else
        g_array_append_val (atomic, move);
      for (guint i = before; i < atomic->len; i++)
        {
          PwFcMove step = g_array_index (atomic, PwFcMove, i);

          if (!pw_fc_move_legal (&position, step))
            {
              g_printerr ("bench-freecell-hard: move %u (%s) is not legal\n", n_moves,
                          tokens[t]);
              return 1;
            }
          pw_fc_move_apply (&position, step);
        }
    }
  notation = pw_fc_moves_to_string ((const PwFcMove *) atomic->data, atomic->len);
  printf ("deal %u, %d cells: %u moves, %u atomic, %s\n%s\n", deal, cells, n_moves, atomic->len,
          pw_fc_position_won (&position) ? "won (every move legal)" : "NOT won", notation);
  return pw_fc_position_won (&position) ? 0 : 1;
}

static int
prove_run (guint32 deal,
           int     cells,
           guint64 max_states,
           guint64 held,
           gboolean layered)
{
  PwFreecellLevel level;
  PwFcPosition start;
  PwFcVerdict verdict = PW_FC_UNKNOWN;
  guint64 states = 0;
  double started = thread_seconds ();
  g_autoptr(GTimer) timer = g_timer_new ();
  struct rusage usage;

  pw_fc_ms_deal (deal, &level);
  level.free_cells = cells;
  pw_fc_position_init (&start, &level);
  if (layered)
    pw_fc_prove_layered (&start, max_states, held, NULL, NULL, &verdict, &states, NULL);
  else
    pw_fc_prove (&start, max_states, NULL, NULL, &verdict, &states, NULL);
  getrusage (RUSAGE_SELF, &usage);
  printf ("deal %u, %d cells, %s prover, at most %" G_GUINT64_FORMAT " positions",
          deal, cells, layered ? "layered" : "plain", max_states);
  if (layered)
    printf (" (%" G_GUINT64_FORMAT " held)", held);
  printf (": %s after %" G_GUINT64_FORMAT " positions; CPU %.1f s, wall %.1f s, peak "
          "resident %.0f MiB\n",
          verdict == PW_FC_SOLVED ? "won" : verdict == PW_FC_UNSOLVABLE ? "proved lost"
                                                                        : "unknown",
          states, thread_seconds () - started, g_timer_elapsed (timer, NULL),
          usage.ru_maxrss / 1024.0);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  gboolean all = FALSE, sample = FALSE;
  int cells = -1;
  guint n_seeds = 64, jobs = 1, every = 1;
  guint64 cap = 200000, prove_max = 0, held = 0;
  const char *replay = NULL;
  gboolean layered = FALSE;
  int i;

  for (i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--all"))
      all = TRUE;
    else if (g_str_equal (argv[i], "--sample"))
      sample = TRUE;
    else if (g_str_equal (argv[i], "--cells") && i + 1 < argc)
      cells = atoi (argv[++i]);
    else if (g_str_equal (argv[i], "--seeds") && i + 1 < argc)
      n_seeds = strtoul (argv[++i], NULL, 10);
    else if (g_str_equal (argv[i], "--cap") && i + 1 < argc)
      cap = g_ascii_strtoull (argv[++i], NULL, 10);
    else if (g_str_equal (argv[i], "--replay") && i + 1 < argc)
      replay = argv[++i];
    else if (g_str_equal (argv[i], "--prove-max") && i + 1 < argc)
      prove_max = g_ascii_strtoull (argv[++i], NULL, 10);
    else if (g_str_equal (argv[i], "--layered") && i + 1 < argc)
      {
        layered = TRUE;
        held = g_ascii_strtoull (argv[++i], NULL, 10);
      }
    else if (g_str_equal (argv[i], "-j") && i + 1 < argc)
      jobs = strtoul (argv[++i], NULL, 10);
    else if (g_str_equal (argv[i], "--every") && i + 1 < argc)
      every = strtoul (argv[++i], NULL, 10);
    else
      break;
  if (sample && argc - i == 2)
    return sample_run (strtoul (argv[i], NULL, 10), strtoul (argv[i + 1], NULL, 10), every,
                       CLAMP (jobs, 1, 64), n_seeds, cap);
  if (replay != NULL && argc - i == 1 && cells >= 0 && cells <= PW_FC_MAX_FREE)
    return replay_run (strtoul (argv[i], NULL, 10), cells, replay);
  if (prove_max > 0 && argc - i == 1 && cells >= 0 && cells <= PW_FC_MAX_FREE)
    return prove_run (strtoul (argv[i], NULL, 10), cells, prove_max, held, layered);
  if (!sample && argc - i == 1 && cells >= 0 && cells <= PW_FC_MAX_FREE)
    return seeds_run (argv[i], cells, n_seeds, cap, all);
  g_printerr ("usage: bench-freecell-hard --cells K [--seeds N] [--cap STORED] [--all] DEALS\n"
              "       bench-freecell-hard --cells K --replay FCS-MOVES DEAL\n"
              "       bench-freecell-hard --cells K --prove-max N [--layered HELD] DEAL\n"
              "       bench-freecell-hard --sample [--seeds N] [--cap STORED] [-j JOBS] "
              "[--every E] FIRST LAST\n");
  return 2;
}
