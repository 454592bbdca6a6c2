/* test-explorer.c — the shared explorer against plain brute force
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Random puzzles given as transition tables (state × move → state) are
 * explored by PwStateGraph and by the obvious fixpoint and recursive
 * definitions written out below; every figure must agree.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"

#define N_MOVES 4
#define NO_MOVE G_MAXUINT32

typedef struct
{
  guint    n;                  /* values 0 .. n-1 */
  guint32 *next;               /* n * N_MOVES, NO_MOVE for a move that does nothing */
  guint8  *flag;               /* n * N_MOVES */
  guint8  *won;                /* n */
  guint32  start;
} Table;

static void
table_free (Table *t)
{
  g_free (t->next);
  g_free (t->flag);
  g_free (t->won);
}

static void
table_random (Table *t,
              GRand *rand)
{
  t->n = g_rand_int_range (rand, 1, 120);
  t->next = g_new (guint32, t->n * N_MOVES);
  t->flag = g_new0 (guint8, t->n * N_MOVES);
  t->won = g_new0 (guint8, t->n);
  t->start = g_rand_int_range (rand, 0, t->n);
  for (guint v = 0; v < t->n; v++)
    {
      t->won[v] = g_rand_int_range (rand, 0, 100) < 6;
      for (guint m = 0; m < N_MOVES; m++)
        {
          guint32 to = g_rand_int_range (rand, 0, t->n);

          t->next[v * N_MOVES + m] = (to == v || g_rand_int_range (rand, 0, 4) == 0) ? NO_MOVE : to;
          t->flag[v * N_MOVES + m] = g_rand_int_range (rand, 0, 5) == 0;
        }
    }
}

static void
expand (gconstpointer  ctx,
        const guint8  *key,
        guint8        *succ,
        guint         *changed,
        guint         *flagged)
{
  const Table *t = ctx;
  guint32 v;

  memcpy (&v, key, 4);
  *changed = 0;
  *flagged = 0;
  for (guint m = 0; m < N_MOVES; m++)
    {
      guint32 to = t->next[v * N_MOVES + m];

      memset (succ + m * 8, 0, 8);
      if (to == NO_MOVE)
        continue;
      memcpy (succ + m * 8, &to, 4);
      *changed |= 1u << m;
      if (t->flag[v * N_MOVES + m])
        *flagged |= 1u << m;
    }
}

static gboolean
is_won (gconstpointer ctx,
        const guint8 *key)
{
  const Table *t = ctx;
  guint32 v;

  memcpy (&v, key, 4);
  return t->won[v];
}

static const PwExplorerFuncs funcs = { .key_size = 8, .n_moves = N_MOVES, .expand = expand,
                                       .is_won = is_won };

static PwStateGraph *
explore (Table *t,
         guint64 max_states)
{
  guint8 key[8] = { 0 };
  g_autoptr(GError) error = NULL;
  PwStateGraph *graph;

  memcpy (key, &t->start, 4);
  graph = pw_state_graph_explore (&funcs, t, key, max_states, 0, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return graph;
}

static guint32
value_of (PwStateGraph *graph,
          guint32       s)
{
  guint32 v;

  memcpy (&v, pw_state_graph_get_key (graph, s), 4);
  return v;
}

/* Plain definitions. */

static void
reach (const Table *t,
       guint32      v,
       guint8      *seen)
{
  if (seen[v])
    return;
  seen[v] = 1;
  if (t->won[v])
    return;
  for (guint m = 0; m < N_MOVES; m++)
    if (t->next[v * N_MOVES + m] != NO_MOVE)
      reach (t, t->next[v * N_MOVES + m], seen);
}

/* Fewest moves to a won value, by relaxing until nothing changes; moves
 * with a flag are skipped when @unflagged. */
static guint32 *
distances (const Table *t,
           gboolean     unflagged)
{
  guint32 *dist = g_new (guint32, t->n);
  gboolean changed = TRUE;

  for (guint v = 0; v < t->n; v++)
    dist[v] = t->won[v] ? 0 : NO_MOVE;
  while (changed)
    {
      changed = FALSE;
      for (guint v = 0; v < t->n; v++)
        for (guint m = 0; m < N_MOVES && !t->won[v]; m++)
          {
            guint32 to = t->next[v * N_MOVES + m];

            if (to == NO_MOVE || dist[to] == NO_MOVE || (unflagged && t->flag[v * N_MOVES + m]))
              continue;
            if (dist[to] + 1 < dist[v])
              {
                dist[v] = dist[to] + 1;
                changed = TRUE;
              }
          }
    }
  return dist;
}

/* Move sequences of exactly @d moves from @v that end on a won value. */
static guint64
count_sequences (const Table *t,
                 guint32      v,
                 guint        d)
{
  guint64 total = 0;

  if (t->won[v])
    return d == 0;
  if (d == 0)
    return 0;
  for (guint m = 0; m < N_MOVES; m++)
    if (t->next[v * N_MOVES + m] != NO_MOVE)
      total += count_sequences (t, t->next[v * N_MOVES + m], d - 1);
  return total;
}

/* The randomised search, written plainly over the table: depth first from
 * the start; at each state it enters, one draw picks the order of its moves
 * (the n! orders numbered in the factorial number system); a dead end's
 * region is counted whole, without drawing. Returns whether it won;
 * *expanded counts the states it entered. */
static gboolean
reference_dfs (const Table    *t,
               const guint32  *dist,
               guint32         v,
               guint8         *visited,
               GRand          *rand,
               guint64        *expanded);

static void
reference_flood (const Table *t,
                 guint32      v,
                 guint8      *visited,
                 guint64     *expanded)
{
  for (guint m = 0; m < N_MOVES; m++)
    {
      guint32 w = t->next[v * N_MOVES + m];

      if (w == NO_MOVE || visited[w])
        continue;
      visited[w] = 1;
      (*expanded)++;
      reference_flood (t, w, visited, expanded);
    }
}

static gboolean
reference_dfs (const Table    *t,
               const guint32  *dist,
               guint32         v,
               guint8         *visited,
               GRand          *rand,
               guint64        *expanded)
{
  guint32 rank = g_rand_int_range (rand, 0, 24);
  guint8 left[N_MOVES] = { 0, 1, 2, 3 };
  guint8 order[N_MOVES];

  for (guint i = 0; i < N_MOVES; i++)
    {
      guint remaining = N_MOVES - i;
      guint pick = rank % remaining;

      rank /= remaining;
      order[i] = left[pick];
      left[pick] = left[remaining - 1];
    }

  for (guint i = 0; i < N_MOVES; i++)
    {
      guint32 w = t->next[v * N_MOVES + order[i]];

      if (w == NO_MOVE || visited[w])
        continue;
      if (t->won[w])
        return TRUE;
      visited[w] = 1;
      (*expanded)++;
      if (dist[w] == NO_MOVE)
        reference_flood (t, w, visited, expanded);
      else if (reference_dfs (t, dist, w, visited, rand, expanded))
        return TRUE;
    }
  return FALSE;
}

static guint64
reference_search (const Table   *t,
                  const guint32 *dist,
                  guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autofree guint8 *visited = g_new0 (guint8, t->n);
  guint64 expanded = 1;

  if (t->won[t->start])
    return 0;
  visited[t->start] = 1;
  reference_dfs (t, dist, t->start, visited, rand, &expanded);
  return expanded;
}

static void
test_random_tables (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261121);
  guint winnable = 0;
  guint unwinnable = 0;

  for (guint round = 0; round < 3000; round++)
    {
      Table t;
      g_autofree guint8 *seen = NULL;
      g_autofree guint32 *dist = NULL;
      g_autofree guint32 *udist = NULL;
      PwStateGraph *graph;
      guint n_reach = 0;
      guint n_won = 0;
      g_autoptr(GError) error = NULL;

      table_random (&t, rand);
      seen = g_new0 (guint8, t.n);
      reach (&t, t.start, seen);
      dist = distances (&t, FALSE);
      udist = distances (&t, TRUE);
      for (guint v = 0; v < t.n; v++)
        {
          n_reach += seen[v];
          n_won += seen[v] && t.won[v];
        }

      graph = explore (&t, G_MAXUINT32);
      g_assert_true (pw_state_graph_is_complete (graph));
      g_assert_cmpuint (pw_state_graph_get_n_states (graph), ==, n_reach);
      g_assert_cmpuint (pw_state_graph_get_n_won (graph), ==, n_won);
      g_assert_true (pw_state_graph_solve (graph, NULL, &error));
      g_assert_no_error (error);

      for (guint32 s = 0; s < pw_state_graph_get_n_states (graph); s++)
        {
          guint32 v = value_of (graph, s);

          g_assert_true (seen[v]);
          g_assert_cmpuint (pw_state_graph_get_distance (graph, s), ==, dist[v]);
          g_assert_cmpint (pw_state_graph_is_won (graph, s), ==, t.won[v]);
          for (guint m = 0; m < N_MOVES; m++)
            {
              guint32 to = pw_state_graph_get_successor (graph, s, m);
              guint32 expected = t.won[v] ? NO_MOVE : t.next[v * N_MOVES + m];

              if (expected == NO_MOVE)
                g_assert_cmpuint (to, ==, PW_NO_STATE);
              else
                g_assert_cmpuint (value_of (graph, to), ==, expected);
            }
          g_assert_cmpuint (pw_state_graph_lookup (graph, pw_state_graph_get_key (graph, s)), ==, s);
        }

      if (dist[t.start] != NO_MOVE)
        {
          winnable++;
          g_assert_cmpuint (pw_state_graph_count_shortest (graph), ==,
                            count_sequences (&t, t.start, dist[t.start]));
        }
      else
        {
          unwinnable++;
          g_assert_cmpuint (pw_state_graph_count_shortest (graph), ==, 0);
          /* a search that cannot win expands every state it can reach */
          {
            guint32 seeds[3] = { round, round + 1, round + 2 };
            guint64 expanded[3];

            g_assert_true (pw_state_graph_random_searches (graph, seeds, 3, expanded, NULL, NULL));
            for (guint r = 0; r < 3; r++)
              g_assert_cmpuint (expanded[r], ==, n_reach - n_won);
          }
        }
      g_assert_cmpint (pw_state_graph_unflagged_par (graph, NULL, NULL), ==,
                       udist[t.start] == NO_MOVE ? -1 : (gint64) udist[t.start]);

      /* the searches, against the plain one, seed by seed */
      {
        guint32 seeds[10];
        guint64 expanded[10];

        for (guint r = 0; r < 10; r++)
          seeds[r] = round * 10 + r;
        g_assert_true (pw_state_graph_random_searches (graph, seeds, 10, expanded, NULL, NULL));
        for (guint r = 0; r < 10; r++)
          g_assert_cmpuint (expanded[r], ==, reference_search (&t, dist, seeds[r]));
      }

      pw_state_graph_free (graph);
      table_free (&t);
    }

  g_test_message ("%u winnable, %u unwinnable tables", winnable, unwinnable);
  g_assert_cmpuint (winnable, >, 300);
  g_assert_cmpuint (unwinnable, >, 300);
}

/* The randomised search is deterministic for a seed, never above the
 * number of states, and finds a win on a winnable graph. */
static void
test_random_search (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 500; round++)
    {
      Table t;
      PwStateGraph *graph;
      guint64 a, b;

      table_random (&t, rand);
      graph = explore (&t, G_MAXUINT32);
      {
        /* a seed gives the same search alone or among others, in any
         * batch position */
        guint32 alone[1] = { round };
        guint32 among[11];
        guint64 e1[1], e11[11];

        for (guint i = 0; i < 11; i++)
          among[i] = round * 31 + i;
        among[9] = round;
        g_assert_true (pw_state_graph_random_searches (graph, alone, 1, e1, NULL, NULL));
        g_assert_true (pw_state_graph_random_searches (graph, among, 11, e11, NULL, NULL));
        a = e1[0];
        b = e11[9];
      }
      g_assert_cmpuint (a, ==, b);
      g_assert_cmpuint (a, <=, pw_state_graph_get_n_states (graph));
      if (!t.won[t.start])
        g_assert_cmpuint (a, >=, 1);
      pw_state_graph_free (graph);
      table_free (&t);
    }
}

/* A solve that was cancelled leaves the graph able to solve again, with
 * the same distances (the edge counts kept from the exploration are gone
 * by then and are counted afresh). */
static void
test_solve_after_cancel (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);

  for (guint round = 0; round < 300; round++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      g_autofree guint32 *dist = NULL;
      PwStateGraph *graph;
      Table t;

      table_random (&t, rand);
      dist = distances (&t, FALSE);
      graph = explore (&t, G_MAXUINT32);
      g_cancellable_cancel (cancellable);
      g_assert_false (pw_state_graph_solve (graph, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_true (pw_state_graph_solve (graph, NULL, NULL));
      for (guint32 s = 0; s < pw_state_graph_get_n_states (graph); s++)
        g_assert_cmpuint (pw_state_graph_get_distance (graph, s), ==, dist[value_of (graph, s)]);
      pw_state_graph_free (graph);
      table_free (&t);
    }
}

/* Past the budget the graph is partial and holds exactly the budget. */
static void
test_budget (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint partial = 0;

  for (guint round = 0; round < 500; round++)
    {
      Table t;
      PwStateGraph *graph;
      guint64 budget;
      guint full;

      table_random (&t, rand);
      graph = explore (&t, G_MAXUINT32);
      full = pw_state_graph_get_n_states (graph);
      pw_state_graph_free (graph);

      budget = g_rand_int_range (rand, 1, full + 2);
      graph = explore (&t, budget);
      if (budget < full)
        {
          partial++;
          g_assert_false (pw_state_graph_is_complete (graph));
          g_assert_cmpuint (pw_state_graph_get_n_states (graph), ==, budget);
          g_assert_nonnull (pw_state_graph_get_partial_reason (graph));
        }
      else
        {
          g_assert_true (pw_state_graph_is_complete (graph));
          g_assert_cmpuint (pw_state_graph_get_n_states (graph), ==, full);
        }
      pw_state_graph_free (graph);
      table_free (&t);
    }
  g_assert_cmpuint (partial, >, 100);
}

/* An endless state space, the counter x going to x + 1 and 2x + 1,
 * which cancels its exploration from is_won when the state that makes
 * the table double is stored. */
typedef struct
{
  GCancellable *cancellable;
  guint64       cancel_at;     /* is_won calls before the cancel */
  guint64       calls;
  guint64       after_cancel;  /* states stored after it */
} Endless;

static void
endless_expand (gconstpointer  ctx,
                const guint8  *key,
                guint8        *succ,
                guint         *changed,
                guint         *flagged)
{
  guint64 x;

  memcpy (&x, key, 8);
  x = (x + 1) & G_GUINT64_CONSTANT (0xffffffffffff);
  memcpy (succ, &x, 8);
  memcpy (&x, key, 8);
  x = (2 * x + 1) & G_GUINT64_CONSTANT (0xffffffffffff);
  memcpy (succ + 8, &x, 8);
  *changed = 3;
  *flagged = 0;
}

static gboolean
endless_is_won (gconstpointer  ctx,
                const guint8  *key)
{
  Endless *e = (Endless *) ctx;

  if (g_cancellable_is_cancelled (e->cancellable))
    e->after_cancel++;
  else if (++e->calls == e->cancel_at)
    g_cancellable_cancel (e->cancellable);
  return FALSE;
}

/* A cancel that comes while the table doubles is seen during the rehash:
 * no state is stored after it (before, the exploration went on until the
 * next of its every-4,096-states looks). The table of 2^17 slots doubles
 * when the 65,537th state is stored, a rehash long enough to look. */
static void
test_cancel_while_growing (void)
{
  static const PwExplorerFuncs endless = { .key_size = 8, .n_moves = 2,
                                           .expand = endless_expand,
                                           .is_won = endless_is_won };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Endless e = { .cancellable = cancellable, .cancel_at = 65537 };
  guint64 start = 0;
  PwStateGraph *graph;

  graph = pw_state_graph_explore (&endless, &e, (const guint8 *) &start, G_MAXUINT32, 0, NULL,
                                  NULL, cancellable, NULL, &error);
  g_assert_null (graph);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (e.calls, ==, 65537);
  g_assert_cmpuint (e.after_cancel, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/explorer/random-tables", test_random_tables);
  g_test_add_func ("/analysis/explorer/random-search", test_random_search);
  g_test_add_func ("/analysis/explorer/budget", test_budget);
  g_test_add_func ("/analysis/explorer/solve-after-cancel", test_solve_after_cancel);
  g_test_add_func ("/analysis/explorer/cancel-while-growing", test_cancel_while_growing);

  return g_test_run ();
}
