/* freecell-seeds.c — would restarts with randomised search orders, or a
 * portfolio of differently seeded searches, check fewer positions than
 * the FreeCell solver's fixed schedule? (issue 17, docs/performance.md
 * "Round four")
 *
 *   freecell-seeds --measure [-K SEEDS] [--cap POSITIONS] [-j JOBS]
 *                  [--every N] [--noise N] FIRST LAST > TABLE
 *       runs, on Microsoft deals FIRST..LAST (every Nth), the solver's
 *       first and second searches (both pruned) alone with the exact
 *       order (seed 0) and with seeds 1..SEEDS (default 16), each stopped
 *       at its first solution or after POSITIONS (default 50,000)
 *       checked; and the solver as it is. --noise N: a seeded order
 *       also takes priorities within N of each other as ties (the
 *       estimate counts 6 for a card not up in the first search, 1 in
 *       the second). One line a run:
 *         deal F - - STATUS POSITIONS LENGTH   pw_fc_solve as it is
 *         deal T - - STATUS POSITIONS LENGTH   its second and third
 *                                              searches (the fallback)
 *         deal P PASS SEED STATUS POSITIONS LENGTH
 *       STATUS: S solved, E the pruned search ran out of positions (the
 *       same count for every seed: the pruned space is the same), C
 *       stopped at the cap, U proved unsolvable. LENGTH: atomic moves,
 *       after shortening (0 unless solved).
 *
 *   freecell-seeds --simulate TABLE
 *       schedules simulated from those counts: mean positions a deal,
 *       mean solution length, deals left to the fallback, and the most
 *       positions one deal takes.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "freecell-private.h"

#define MAX_SEEDS 64
#define N_PASSES  2

typedef struct
{
  char    status;
  guint64 states;
  guint   length;
} Run;

typedef struct
{
  guint32 deal;
  Run     full;          /* pw_fc_solve as it is */
  Run     tail;          /* its second and third searches */
  Run     runs[N_PASSES][MAX_SEEDS + 1];
} Deal;

/* ------------------------------------------------------------------ */
/* Measuring                                                            */

typedef struct
{
  Deal   *deals;
  guint   n;
  gint    next;
  int     seeds;
  guint64 cap;
  guint   noise;
} Measure;

static Run
run_of (const PwFcSolveResult *result,
        guint64                cap,
        gboolean               pruned)
{
  Run run = { 'C', result->states, 0 };

  if (result->verdict == PW_FC_SOLVED)
    {
      run.status = 'S';
      run.length = result->solution->len;
    }
  else if (result->verdict == PW_FC_UNSOLVABLE)
    run.status = 'U';
  else if (pruned && (cap == 0 || result->states < cap))
    run.status = 'E';
  return run;
}

static void
measure_deal (Deal    *deal,
              int      seeds,
              guint64  cap,
              guint    noise)
{
  PwFreecellLevel level;
  PwFcPosition start;
  PwFcSolveOptions options;
  PwFcSolveResult result;

  pw_fc_ms_deal (deal->deal, &level);
  pw_fc_position_init (&start, &level);
  pw_fc_solve_options_init (&options);
  pw_fc_solve (&start, &options, &result, NULL);
  deal->full = run_of (&result, 0, FALSE);
  pw_fc_solve_result_clear (&result);

  for (int p = 0; p < N_PASSES; p++)
    for (int s = 0; s <= seeds; s++)
      {
        _pw_fc_solve_pass (&start, p, s, cap, noise, &result);
        deal->runs[p][s] = run_of (&result, cap, TRUE);
        pw_fc_solve_result_clear (&result);
      }

  /* the fallback: the second search to its end, then the complete one */
  if (deal->runs[1][0].status == 'S')
    deal->tail = deal->runs[1][0];
  else
    {
      guint64 states;

      _pw_fc_solve_pass (&start, 1, 0, 0, 0, &result);
      states = result.states;
      if (result.verdict != PW_FC_SOLVED)
        {
          pw_fc_solve_result_clear (&result);
          _pw_fc_solve_pass (&start, 2, 0, 0, 0, &result);
          states += result.states;
        }
      deal->tail = run_of (&result, 0, FALSE);
      deal->tail.states = states;
      pw_fc_solve_result_clear (&result);
    }
}

static gpointer
measure_worker (gpointer data)
{
  Measure *measure = data;
  guint i;

  while ((i = (guint) g_atomic_int_add (&measure->next, 1)) < measure->n)
    measure_deal (&measure->deals[i], measure->seeds, measure->cap, measure->noise);
  return NULL;
}

static void
print_run (guint32     deal,
           const char *what,
           const Run  *run)
{
  printf ("%u %s %c %" G_GUINT64_FORMAT " %u\n", deal, what, run->status, run->states,
          run->length);
}

static int
measure_run (guint32 first,
             guint32 last,
             guint   every,
             int     seeds,
             guint64 cap,
             guint   noise,
             int     jobs)
{
  Measure measure = { 0 };
  GThread *threads[64];

  measure.n = (last - first) / every + 1;
  measure.deals = g_new0 (Deal, measure.n);
  measure.seeds = seeds;
  measure.cap = cap;
  measure.noise = noise;
  for (guint i = 0; i < measure.n; i++)
    measure.deals[i].deal = first + i * every;
  for (int j = 0; j < jobs; j++)
    threads[j] = g_thread_new ("measure", measure_worker, &measure);
  for (int j = 0; j < jobs; j++)
    g_thread_join (threads[j]);

  printf ("# freecell-seeds --measure -K %d --cap %" G_GUINT64_FORMAT " --every %u --noise %u "
          "%u %u\n", seeds, cap, every, noise, first, last);
  for (guint i = 0; i < measure.n; i++)
    {
      const Deal *deal = &measure.deals[i];

      print_run (deal->deal, "F - -", &deal->full);
      print_run (deal->deal, "T - -", &deal->tail);
      for (int p = 0; p < N_PASSES; p++)
        for (int s = 0; s <= seeds; s++)
          {
            char what[32];

            g_snprintf (what, sizeof what, "P %d %d", p, s);
            print_run (deal->deal, what, &deal->runs[p][s]);
          }
    }
  g_free (measure.deals);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Simulating                                                           */

typedef struct
{
  Deal   *deals;
  guint   n;
  int     seeds;
  guint64 cap;
} Table;

/* What a schedule spent on one deal and what it found */
typedef struct
{
  guint64  states;
  gboolean solved;
  guint    length;
  gboolean fell_back;
} Outcome;

static gboolean
table_read (const char *path,
            Table      *table,
            GError    **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *deals = g_array_new (FALSE, TRUE, sizeof (Deal));

  if (!g_file_get_contents (path, &text, NULL, error))
    {
      g_array_unref (deals);
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  table->seeds = 0;
  table->cap = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint32 number;
      char kind, status, pass[8], seed[8];
      guint64 states;
      guint length;
      Deal *deal;
      Run run;

      if (lines[i][0] == '#')
        {
          const char *cap = strstr (lines[i], "--cap ");

          if (cap != NULL)
            table->cap = g_ascii_strtoull (cap + 6, NULL, 10);
          continue;
        }
      if (lines[i][0] == '\0')
        continue;
      if (sscanf (lines[i], "%u %c %7s %7s %c %" G_GUINT64_FORMAT " %u", &number, &kind, pass,
                  seed, &status, &states, &length) != 7)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: not a line of the table",
                       path, i + 1);
          g_array_unref (deals);
          return FALSE;
        }
      if (deals->len == 0 || g_array_index (deals, Deal, deals->len - 1).deal != number)
        {
          g_array_set_size (deals, deals->len + 1);
          g_array_index (deals, Deal, deals->len - 1).deal = number;
        }
      deal = &g_array_index (deals, Deal, deals->len - 1);
      run = (Run) { status, states, length };
      if (kind == 'F')
        deal->full = run;
      else if (kind == 'T')
        deal->tail = run;
      else
        {
          int p = atoi (pass), s = atoi (seed);

          if (p < 0 || p >= N_PASSES || s < 0 || s > MAX_SEEDS)
            {
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: no such run", path,
                           i + 1);
              g_array_unref (deals);
              return FALSE;
            }
          deal->runs[p][s] = run;
          table->seeds = MAX (table->seeds, s);
        }
    }
  if (table->cap == 0 || deals->len == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: not a table of freecell-seeds --measure (no header or no deals)", path);
      g_array_unref (deals);
      return FALSE;
    }
  table->n = deals->len;
  table->deals = (Deal *) g_array_free (deals, FALSE);
  return TRUE;
}

/* Luby et al.'s universal sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 … */
static guint64
luby (guint64 i)
{
  for (;;)
    {
      int k = 1;

      while ((G_GUINT64_CONSTANT (1) << k) - 1 < i)
        k++;
      if ((G_GUINT64_CONSTANT (1) << k) - 1 == i)
        return G_GUINT64_CONSTANT (1) << (k - 1);
      i -= (G_GUINT64_CONSTANT (1) << (k - 1)) - 1;
    }
}

/* One search run with @cap (within the table's): TRUE if it solved */
static gboolean
run_try (const Run *run,
         guint64    cap,
         Outcome   *outcome)
{
  if (run->status == 'S' && run->states <= cap)
    {
      outcome->states += run->states;
      outcome->solved = TRUE;
      outcome->length = run->length;
      return TRUE;
    }
  outcome->states += MIN (run->states, cap);
  return FALSE;
}

static void
fall_back (const Deal *deal,
           Outcome    *outcome)
{
  outcome->states += deal->tail.states;
  outcome->solved = deal->tail.status == 'S';
  outcome->length = deal->tail.length;
  outcome->fell_back = TRUE;
}

/* Restarts of search @pass (or of both, alternately): the first search's
 * exact order for @head positions first (0: no head), then the second search's exact order for
 * @second positions (0: none; kept, and gone on with in the fallback),
 * then seeds 1, 2, … with caps @base times
 * Luby's sequence (or @base each, if !@use_luby), until @limit positions
 * have gone into the restarts or the seeds run out; then the fallback. */
static Outcome
schedule_restarts (const Deal *deal,
                   const Table *table,
                   int         pass,
                   gboolean    alternate,
                   guint64     head,
                   guint64     base,
                   gboolean    use_luby,
                   guint64     second,
                   guint64     limit)
{
  Outcome outcome = { 0 };
  guint64 spent = 0, kept = 0;
  /* both searches leave out the same moves: when one has run out of
   * positions, so would every other */
  gboolean exhausted = FALSE;

  if (head > 0)
    {
      if (run_try (&deal->runs[0][0], head, &outcome))
        return outcome;
      exhausted = deal->runs[0][0].status == 'E';
    }
  if (second > 0 && !exhausted)
    {
      if (run_try (&deal->runs[1][0], MIN (second, table->cap), &outcome))
        return outcome;
      kept = MIN (MIN (second, table->cap), deal->runs[1][0].states);
      exhausted = deal->runs[1][0].status == 'E';
    }
  for (int i = 1; i <= table->seeds; i++)
    {
      int p = alternate ? (i - 1) % 2 : pass;
      guint64 cap = MIN (base * (use_luby ? luby (i) : 1), table->cap);
      guint64 before = outcome.states;

      if (exhausted || spent >= limit)
        break;
      cap = MIN (cap, limit - spent);
      if (run_try (&deal->runs[p][i], cap, &outcome))
        return outcome;
      spent += outcome.states - before;
      exhausted = deal->runs[p][i].status == 'E';
    }
  fall_back (deal, &outcome);
  /* the second search's exact order kept, not started again: the
   * fallback goes on from where it stopped */
  outcome.states -= kept;
  return outcome;
}

/* @k searches of @pass, seeds 0 … k-1, interleaved position by position
 * (each kept, none restarted), seed 0 with @head positions before the
 * others start, until one solves or @limit positions have gone in all;
 * then the fallback. */
static Outcome
schedule_portfolio (const Deal  *deal,
                    const Table *table,
                    int          pass,
                    int          k,
                    guint64      head,
                    guint64      limit)
{
  Outcome outcome = { 0 };
  guint64 best_t = G_MAXUINT64;
  int best = -1;

  k = MIN (k, table->seeds + 1);
  /* the time (positions each) at which each search solves */
  for (int j = 0; j < k; j++)
    {
      const Run *run = &deal->runs[pass][j];
      guint64 t;

      if (run->status != 'S')
        continue;
      t = j == 0 ? (run->states > head ? run->states - head : 0) : run->states;
      if (t < best_t)
        {
          best_t = t;
          best = j;
        }
    }
  if (best >= 0)
    {
      guint64 total = 0;

      /* searches before @best in the turn have taken their t-th position
       * too; the ones after it their (t-1)-th */
      for (int j = 0; j < k; j++)
        {
          const Run *run = &deal->runs[pass][j];
          guint64 t = j <= best ? best_t : (best_t > 0 ? best_t - 1 : 0);

          total += MIN (run->states, j == 0 ? t + head : t);
        }
      if (total <= limit)
        {
          outcome.states = total;
          outcome.solved = TRUE;
          outcome.length = deal->runs[pass][best].length;
          return outcome;
        }
    }
  /* none in the budget: what went in by then */
  {
    guint64 total = 0;

    for (int j = 0; j < k; j++)
      total += deal->runs[pass][j].states;
    outcome.states = MIN (total, limit);
  }
  fall_back (deal, &outcome);
  return outcome;
}

/* Restarts in rounds: each of seeds 0 … k-1 with @base positions, then
 * each again from scratch with twice as many, … while the caps stay
 * within the table's; then the fallback. */
static Outcome
schedule_rounds (const Deal  *deal,
                 const Table *table,
                 int          pass,
                 int          k,
                 guint64      base,
                 guint64      limit)
{
  Outcome outcome = { 0 };
  gboolean exhausted = FALSE;

  k = MIN (k, table->seeds + 1);
  for (guint64 cap = base; cap <= table->cap && !exhausted; cap *= 2)
    for (int j = 0; j < k && !exhausted; j++)
      {
        if (outcome.states >= limit)
          goto out;
        if (run_try (&deal->runs[pass][j], cap, &outcome))
          return outcome;
        exhausted = deal->runs[pass][j].status == 'E';
      }
out:
  fall_back (deal, &outcome);
  return outcome;
}

typedef enum
{
  TODAY,
  RESTARTS,
  PORTFOLIO,
  ROUNDS,
} Kind;

typedef struct
{
  Kind     kind;
  int      pass;
  gboolean alternate;
  guint64  head;
  guint64  base;
  gboolean use_luby;
  guint64  second;
  int      k;
  guint64  limit;
} Schedule;

static void
simulate_one (const Table    *table,
              const Schedule *schedule)
{
  guint64 states = 0, moves = 0, solved = 0, fell_back = 0, most = 0;
  guint32 most_deal = 0;
  char name[160];

  for (guint i = 0; i < table->n; i++)
    {
      const Deal *deal = &table->deals[i];
      Outcome outcome = { 0 };

      switch (schedule->kind)
        {
        case TODAY:
          if (!run_try (&deal->runs[0][0], 1200, &outcome))
            fall_back (deal, &outcome);
          break;
        case RESTARTS:
          outcome = schedule_restarts (deal, table, schedule->pass, schedule->alternate,
                                       schedule->head, schedule->base, schedule->use_luby,
                                       schedule->second, schedule->limit);
          break;
        case PORTFOLIO:
          outcome = schedule_portfolio (deal, table, schedule->pass, schedule->k,
                                        schedule->head, schedule->limit);
          break;
        case ROUNDS:
          outcome = schedule_rounds (deal, table, schedule->pass, schedule->k, schedule->base,
                                     schedule->limit);
          break;
        }
      states += outcome.states;
      if (outcome.solved)
        {
          solved++;
          moves += outcome.length;
        }
      fell_back += outcome.fell_back;
      if (outcome.states > most)
        {
          most = outcome.states;
          most_deal = deal->deal;
        }
    }
  switch (schedule->kind)
    {
    case TODAY:
      g_snprintf (name, sizeof name, "today: search 1 for 1200, then 2 and 3");
      break;
    case RESTARTS:
      g_snprintf (name, sizeof name, "%s%s, head %" G_GUINT64_FORMAT ", then search 2 %"
                  G_GUINT64_FORMAT ", base %" G_GUINT64_FORMAT ", limit %" G_GUINT64_FORMAT,
                  schedule->use_luby ? "luby" : "fixed",
                  schedule->alternate ? " alternating 1/2" : schedule->pass ? " search 2" : "",
                  schedule->head, schedule->second, schedule->base, schedule->limit);
      break;
    case PORTFOLIO:
      g_snprintf (name, sizeof name, "portfolio%s k %d, head %" G_GUINT64_FORMAT ", limit %"
                  G_GUINT64_FORMAT, schedule->pass ? " search 2" : "", schedule->k,
                  schedule->head, schedule->limit);
      break;
    case ROUNDS:
      g_snprintf (name, sizeof name, "rounds k %d, base %" G_GUINT64_FORMAT ", limit %"
                  G_GUINT64_FORMAT, schedule->k, schedule->base, schedule->limit);
      break;
    }
  printf ("| %s | %.1f | %.2f | %" G_GUINT64_FORMAT " | %" G_GUINT64_FORMAT " (%u) |\n", name,
          (double) states / MAX (table->n, 1), solved ? (double) moves / solved : 0.0, fell_back,
          most, most_deal);
}

/* The expected positions of restarts of one search with the best cap for
 * this deal (Luby et al.: the optimal fixed cutoff; unknown in advance, so
 * a bound on every restart schedule): each seeded run as a sample,
 * E[min (T, c)] / P(T <= c) at the best c, which is one of the runs'
 * lengths */
static double
best_cutoff (const Run   *runs,
             const Table *table)
{
  double best = G_MAXDOUBLE;

  for (int i = 1; i <= table->seeds; i++)
    {
      guint64 c = runs[i].states, spent = 0, wins = 0;

      if (runs[i].status != 'S')
        continue;
      for (int j = 1; j <= table->seeds; j++)
        {
          spent += MIN (runs[j].states, c);
          wins += runs[j].status == 'S' && runs[j].states <= c;
        }
      best = MIN (best, (double) spent / wins);
    }
  return best == G_MAXDOUBLE ? (double) table->cap : best;
}

/* How much the order matters on the deals the first search misses
 * within 1,200 positions: for each search, the runs of the seeded orders
 * that solve within 1,200, the mean of a seed (capped runs counted at
 * the cap), restarts with each deal's best cap, and the best of all the
 * seeds (an oracle: no schedule can do as well, having to pay for the
 * others) */
static void
spread (const Table *table)
{
  guint64 hard = 0, fallback = 0, hits[N_PASSES] = { 0 };
  double mean[N_PASSES] = { 0 }, best[N_PASSES] = { 0 }, exact[N_PASSES] = { 0 };
  double cutoff[N_PASSES] = { 0 };

  for (guint i = 0; i < table->n; i++)
    {
      const Deal *deal = &table->deals[i];

      if (deal->runs[0][0].status == 'S' && deal->runs[0][0].states <= 1200)
        continue;
      hard++;
      fallback += deal->tail.states;
      for (int p = 0; p < N_PASSES; p++)
        {
          guint64 most = G_MAXUINT64;

          for (int s = 0; s <= table->seeds; s++)
            {
              const Run *run = &deal->runs[p][s];
              guint64 cost = run->status == 'S' ? run->states : table->cap;

              if (s == 0)
                {
                  exact[p] += cost;
                  continue;
                }
              hits[p] += run->status == 'S' && run->states <= 1200;
              mean[p] += (double) cost / table->seeds;
              most = MIN (most, cost);
            }
          best[p] += most;
          cutoff[p] += best_cutoff (deal->runs[p], table);
        }
    }
  hard = MAX (hard, 1);
  printf ("%" G_GUINT64_FORMAT " deals the first search misses within 1200; the fallback takes "
          "%.0f positions a deal\n", hard, (double) fallback / hard);
  for (int p = 0; p < N_PASSES; p++)
    printf ("search %d alone on them: exact order %.0f positions a deal; seeded orders: %.1f %% "
            "of the runs within 1200, a seed's mean %.0f, restarts with each deal's best cap "
            "%.0f, the best seed's (oracle) %.0f\n",
            p + 1, exact[p] / hard, 100.0 * hits[p] / (hard * MAX (table->seeds, 1)),
            mean[p] / hard, cutoff[p] / hard, best[p] / hard);
  printf ("\n");
}

static int
simulate (const char *path)
{
  g_autoptr(GError) error = NULL;
  Table table = { 0 };
  guint64 full = 0, full_moves = 0, full_solved = 0;
  static const guint64 limits[] = { 5000, 10000, 20000, 50000 };
  static const guint64 bases[] = { 50, 100, 200, 400, 800, 1200 };
  static const guint64 heads[] = { 0, 1200 };
  static const int ks[] = { 2, 3, 4, 8 };
  static const guint64 seconds[] = { 1000, 2000, 4000 };

  if (!table_read (path, &table, &error))
    {
      g_printerr ("freecell-seeds: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; i < table.n; i++)
    {
      full += table.deals[i].full.states;
      if (table.deals[i].full.status == 'S')
        {
          full_solved++;
          full_moves += table.deals[i].full.length;
        }
    }
  printf ("%u deals, seeds 1-%d, cap %" G_GUINT64_FORMAT "; the solver as it is: %.1f positions "
          "a deal, %.2f moves\n\n", table.n, table.seeds, table.cap,
          (double) full / MAX (table.n, 1), full_solved ? (double) full_moves / full_solved : 0.0);
  spread (&table);
  printf ("| schedule | positions a deal | mean solution | deals to the fallback | most "
          "(deal) |\n|---|---|---|---|---|\n");
  simulate_one (&table, &(Schedule) { .kind = TODAY });
  for (guint h = 0; h < G_N_ELEMENTS (heads); h++)
    for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
      for (guint l = 0; l < G_N_ELEMENTS (limits); l++)
        for (int luby_ = 1; luby_ >= 0; luby_--)
          for (int alt = 0; alt <= 2; alt++)
            if (limits[l] <= table.cap || table.cap == 0)
              simulate_one (&table, &(Schedule) { .kind = RESTARTS, .head = heads[h],
                                                 .base = bases[b], .limit = limits[l],
                                                 .use_luby = luby_, .alternate = alt == 1,
                                                 .pass = alt == 2 });
  for (guint c = 0; c < G_N_ELEMENTS (seconds); c++)
    for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
      for (guint l = 0; l < G_N_ELEMENTS (limits); l++)
        for (int luby_ = 1; luby_ >= 0; luby_--)
          for (int alt = 0; alt <= 2; alt++)
            if (limits[l] <= table.cap || table.cap == 0)
              simulate_one (&table, &(Schedule) { .kind = RESTARTS, .head = 1200,
                                                 .second = seconds[c], .base = bases[b],
                                                 .limit = limits[l], .use_luby = luby_,
                                                 .alternate = alt == 1, .pass = alt == 2 });
  for (int pass = 0; pass < N_PASSES; pass++)
    for (guint h = 0; h < G_N_ELEMENTS (heads); h++)
      for (guint k = 0; k < G_N_ELEMENTS (ks); k++)
        for (guint l = 0; l < G_N_ELEMENTS (limits); l++)
          simulate_one (&table, &(Schedule) { .kind = PORTFOLIO, .pass = pass, .k = ks[k],
                                             .head = heads[h], .limit = limits[l] });
  for (guint k = 0; k < G_N_ELEMENTS (ks); k++)
    for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
      for (guint l = 0; l < G_N_ELEMENTS (limits); l++)
        simulate_one (&table, &(Schedule) { .kind = ROUNDS, .k = ks[k], .base = bases[b],
                                           .limit = limits[l] });
  g_free (table.deals);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  int seeds = 16, jobs = 1;
  guint every = 1, noise = 0;
  guint64 cap = 50000;
  const char *numbers[2] = { NULL, NULL };
  int n_numbers = 0;

  if (argc == 3 && g_str_equal (argv[1], "--simulate"))
    return simulate (argv[2]);
  if (argc < 4 || !g_str_equal (argv[1], "--measure"))
    goto usage;
  for (int i = 2; i < argc; i++)
    if (g_str_equal (argv[i], "-K") && i + 1 < argc)
      seeds = atoi (argv[++i]);
    else if (g_str_equal (argv[i], "--cap") && i + 1 < argc)
      cap = g_ascii_strtoull (argv[++i], NULL, 10);
    else if (g_str_equal (argv[i], "-j") && i + 1 < argc)
      jobs = atoi (argv[++i]);
    else if (g_str_equal (argv[i], "--every") && i + 1 < argc)
      every = (guint) atoi (argv[++i]);
    else if (g_str_equal (argv[i], "--noise") && i + 1 < argc)
      noise = (guint) atoi (argv[++i]);
    else if (argv[i][0] != '-' && n_numbers < 2)
      numbers[n_numbers++] = argv[i];
    else
      goto usage;
  if (n_numbers != 2 || seeds < 0 || seeds > MAX_SEEDS || jobs < 1 || jobs > 64 || every < 1 ||
      cap == 0)
    goto usage;
  return measure_run (strtoul (numbers[0], NULL, 10), strtoul (numbers[1], NULL, 10), every,
                      seeds, cap, noise, jobs);

usage:
  g_printerr ("usage: freecell-seeds --measure [-K SEEDS] [--cap POSITIONS] [-j JOBS] "
              "[--every N] [--noise N] FIRST LAST\n"
              "       freecell-seeds --simulate TABLE\n");
  return 2;
}
