/* test-knight.c — the knights-tour kind: counts and figures against a
 * plain enumeration of knight's paths on many random small boards, known
 * tour counts, text and payload forms, transforms, the generator
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference below walks every knight's path from every cell, cell by
 * cell, and keeps those that visit every cell that is not blocked once,
 * agree with the givens and (closed) end a knight's move from the start.
 * It knows nothing of the engine's pruning, plan or restarts.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzlewright.h"
#include "knight-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The plain enumeration                                                */

typedef struct
{
  const PwKnightLevel *level;
  guint                w;
  guint                h;
  guint                n_free;
  guint16              path[1024];     /* per step: cell */
  guint8               visited[1024];
  guint8               given_somewhere[1026];  /* per step: some cell has it */
  GHashTable          *tours;          /* GBytes: the step at each cell */
  guint64              count;
} Ref;

static const int move_dx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
static const int move_dy[8] = { -2, -1, 1, 2, 2, 1, -1, -2 };

static gboolean
knight_move (guint w,
             guint a,
             guint b)
{
  int dx = abs ((int) (a % w) - (int) (b % w)), dy = abs ((int) (a / w) - (int) (b / w));

  return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

PW_TEST_ORACLE static void
ref_walk (Ref  *r,
          guint s,
          guint c)
{
  guint16 given = r->level->cells[c];

  /* a cell given a step is there at that step, and that step nowhere else */
  if (given != 0 && given != s)
    return;
  if (given == 0 && r->given_somewhere[s])
    return;
  r->path[s] = c;
  r->visited[c] = 1;
  if (s == r->n_free)
    {
      if (!r->level->closed || knight_move (r->w, r->path[s], r->path[1]))
        {
          g_autofree guint16 *steps = g_new0 (guint16, r->w * r->h);

          for (guint t = 1; t <= s; t++)
            steps[r->path[t]] = t;
          g_hash_table_add (r->tours, g_bytes_new (steps, sizeof (guint16) * r->w * r->h));
          r->count++;
        }
    }
  else
    for (guint k = 0; k < 8; k++)
      {
        int x = (int) (c % r->w) + move_dx[k], y = (int) (c / r->w) + move_dy[k];
        guint u;

        if (x < 0 || y < 0 || x >= (int) r->w || y >= (int) r->h)
          continue;
        u = y * r->w + x;
        if (!r->visited[u] && r->level->cells[u] != PW_KNIGHT_BLOCKED)
          ref_walk (r, s + 1, u);
      }
  r->visited[c] = 0;
}

/* Every tour of @level, in r->tours. */
static void
ref_count (const PwKnightLevel *level,
           Ref                 *r)
{
  memset (r, 0, sizeof *r);
  r->level = level;
  r->w = level->width;
  r->h = level->height;
  r->tours = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                    (GDestroyNotify) g_bytes_unref, NULL);
  for (guint c = 0; c < r->w * r->h; c++)
    {
      guint16 v = level->cells[c];

      r->n_free += v != PW_KNIGHT_BLOCKED;
      if (v != PW_KNIGHT_BLOCKED && v <= 1024)
        r->given_somewhere[v] = 1;
    }
  r->given_somewhere[0] = 0;
  for (guint c = 0; c < r->w * r->h; c++)
    if (level->cells[c] != PW_KNIGHT_BLOCKED)
      ref_walk (r, 1, c);
}

static void
ref_clear (Ref *r)
{
  g_clear_pointer (&r->tours, g_hash_table_unref);
}

/* Whether @steps (per cell) is a tour of @level, checked from the rules. */
static gboolean
valid_tour (const PwKnightLevel *level,
            const guint16       *steps)
{
  guint n = level->width * level->height, f = 0;
  g_autofree guint *where = g_new0 (guint, n + 1);

  for (guint c = 0; c < n; c++)
    f += level->cells[c] != PW_KNIGHT_BLOCKED;
  for (guint c = 0; c < n; c++)
    {
      if (level->cells[c] == PW_KNIGHT_BLOCKED)
        {
          if (steps[c] != 0)
            return FALSE;
          continue;
        }
      if (steps[c] < 1 || steps[c] > f || where[steps[c]] != 0)
        return FALSE;
      if (level->cells[c] != 0 && level->cells[c] != steps[c])
        return FALSE;
      where[steps[c]] = c + 1;
    }
  for (guint s = 1; s < f; s++)
    if (!knight_move (level->width, where[s] - 1, where[s + 1] - 1))
      return FALSE;
  if (level->closed && !knight_move (level->width, where[f] - 1, where[1] - 1))
    return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Random levels                                                        */

typedef struct
{
  const PwKnightLevel *level;
  GHashTable          *seen;
  guint64              weight;
  gboolean             all_valid;
  gboolean             repeated;
} Collect;

static gboolean
collect (const guint16 *steps,
         guint64        weight,
         gpointer       data)
{
  Collect *c = data;
  GBytes *key = g_bytes_new (steps, sizeof (guint16) * c->level->width * c->level->height);

  c->all_valid &= valid_tour (c->level, steps);
  if (!g_hash_table_add (c->seen, key))
    c->repeated = TRUE;
  c->weight = weight;
  return TRUE;
}

static gboolean
take_first (const guint16 *steps,
            guint64        weight,
            gpointer       data)
{
  PwKnightLevel *level = data;

  memcpy (level->cells, steps, sizeof (guint16) * level->width * level->height);
  return FALSE;
}

/* A random small level: a board from the list, some blocked cells, open
 * or closed, and givens taken from a random tour of it (or, when it has
 * none, numbers at random), sometimes one of them changed. Large boards
 * get enough givens to keep the plain enumeration quick. */
static PwKnightLevel *
random_level (GRand *rand)
{
  static const guint sizes[][2] = {
    { 3, 3 }, { 3, 4 }, { 4, 3 }, { 4, 4 }, { 3, 5 }, { 5, 3 }, { 4, 5 }, { 5, 4 }, { 3, 6 },
    { 3, 7 }, { 4, 6 }, { 5, 5 }, { 5, 6 }, { 6, 5 }, { 6, 6 },
  };
  guint pick = g_rand_int_range (rand, 0, G_N_ELEMENTS (sizes));
  guint w = sizes[pick][0], h = sizes[pick][1], n = w * h, f;
  PwKnightLevel *level = _pw_knight_level_new (w, h, g_rand_boolean (rand));
  g_autoptr(PwKnightLevel) tour = NULL;
  g_autoptr(PwKnightBoard) board = NULL;
  PwKnightSearch search;
  PwKnightResult result;
  guint blocked = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, 4) : 0;
  g_autofree guint *order = g_new (guint, n);
  guint keep;

  for (guint c = 0; c < n; c++)
    order[c] = c;
  for (guint i = 0; i < blocked; i++)
    level->cells[g_rand_int_range (rand, 0, n)] = PW_KNIGHT_BLOCKED;
  f = _pw_knight_level_n_free (level);
  if (f == 0)
    {
      level->cells[0] = 0;
      f = 1;
    }

  /* a tour to take givens from */
  tour = _pw_knight_level_copy (level);
  board = _pw_knight_board_new (level);
  _pw_knight_search_init (&search);
  search.max_solutions = 1;
  search.max_nodes = 200000;
  search.random_order = TRUE;
  search.seed = g_rand_int (rand);
  search.on_solution = take_first;
  search.on_solution_data = tour;
  g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));

  /* often few givens, for levels with many tours */
  keep = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, f + 1)
                               : g_rand_int_range (rand, 0, f / 4 + 2);
  if (f > 20)
    keep = MAX (keep, f / 6);
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < n && keep > 0; i++)
    {
      guint c = order[i];

      if (level->cells[c] == PW_KNIGHT_BLOCKED)
        continue;
      level->cells[c] = result.solutions > 0 ? tour->cells[c] : g_rand_int_range (rand, 1, f + 1);
      keep--;
    }
  if (f > 20 && result.solutions == 0)
    {
      /* no tour: make sure the plain walk is cut early */
      for (guint c = 0; c < n; c++)
        if (level->cells[c] != PW_KNIGHT_BLOCKED)
          {
            level->cells[c] = 1;
            break;
          }
    }
  if (g_rand_int_range (rand, 0, 6) == 0)
    {
      guint c = g_rand_int_range (rand, 0, n);

      if (level->cells[c] != PW_KNIGHT_BLOCKED)
        level->cells[c] = g_rand_int_range (rand, 1, f + 2);
    }
  return level;
}

/* The engine's count of @level in one mode, against the reference. */
static void
check_search (const PwKnightLevel *level,
              const PwKnightBoard *board,
              const Ref           *ref,
              gboolean             restarts,
              gboolean             connectivity,
              gboolean             random_order,
              guint64              seed,
              guint64              cap)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                      (GDestroyNotify) g_bytes_unref, NULL);
  Collect c = { level, seen, 1, TRUE, FALSE };
  PwKnightSearch search;
  PwKnightResult result;
  GHashTableIter iter;
  gpointer key;

  _pw_knight_search_init (&search);
  search.restarts = restarts;
  search.connectivity = connectivity;
  search.random_order = random_order;
  search.seed = seed;
  search.max_solutions = cap == 0 ? 100000 : cap + 1;
  search.on_solution = collect;
  search.on_solution_data = &c;
  g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
  g_assert_false (result.node_limit);
  g_assert_true (c.all_valid);
  g_assert_false (c.repeated);

  /* every tour the engine gives is one the reference found */
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_assert_true (g_hash_table_contains (ref->tours, key));
  if (cap == 0)
    {
      g_assert_cmpuint (result.solutions, ==, ref->count);
      /* a closed tour without givens stands for its rotations */
      g_assert_cmpuint (g_hash_table_size (seen) * c.weight, ==, ref->count);
      if (c.weight == 1)
        g_assert_cmpuint (g_hash_table_size (seen), ==, ref->count);
    }
  else if (ref->count > cap)
    g_assert_cmpuint (result.solutions, >, cap);
  else
    g_assert_cmpuint (result.solutions, ==, ref->count);
  if (ref->count == 0)
    g_assert_cmpuint (g_hash_table_size (seen), ==, 0);
}

static JsonArray *
figure_array (PwAnalysis *analysis,
              const char *key)
{
  JsonNode *node = json_object_get_member (pw_analysis_get_figures (analysis), key);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static guint16 *
solution_from_figure (JsonArray *rows,
                      guint      w,
                      guint      h)
{
  guint16 *steps = g_new0 (guint16, w * h);

  g_assert_cmpuint (json_array_get_length (rows), ==, h);
  for (guint y = 0; y < h; y++)
    {
      JsonArray *row = json_array_get_array_element (rows, y);

      g_assert_cmpuint (json_array_get_length (row), ==, w);
      for (guint x = 0; x < w; x++)
        steps[y * w + x] = json_array_get_int_element (row, x);
    }
  return steps;
}

/* The analysis's figures of @level against the reference; whether each
 * given "can go" is checked by the plain walk for every given of a small
 * level, for three of a larger one. */
static void
check_analysis (const PwKnightLevel *level,
                const Ref           *ref,
                guint64              cap,
                GRand               *rand)
{
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  gint64 solutions, givens;
  JsonObject *figures;
  JsonArray *array;
  guint w = level->width, h = level->height;

  pw_analyse_options_init (&options);
  options.max_solutions = cap;
  options.search_runs = 5;
  analysis = pw_knights_tour_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_analysis_get_partial (analysis));
  figures = pw_analysis_get_figures (analysis);

  g_assert_true (pw_analysis_get_int (analysis, "solutions", &solutions));
  g_assert_cmpint (solutions, ==, MIN (ref->count, cap));
  g_assert_cmpint (json_object_get_boolean_member (figures, "capped"), ==, ref->count > cap);
  g_assert_cmpint (json_object_get_boolean_member (figures, "unique"), ==, ref->count == 1);
  g_assert_true (pw_analysis_get_int (analysis, "givens", &givens));
  g_assert_cmpint (givens, ==, _pw_knight_level_n_givens (level));
  g_assert_true (json_object_get_double_member (figures, "difficulty") >= 0);

  array = figure_array (analysis, "solution");
  if (ref->count == 0)
    g_assert_null (array);
  else
    {
      g_autofree guint16 *steps = solution_from_figure (array, w, h);
      GBytes *key = g_bytes_new_static (steps, sizeof (guint16) * w * h);

      g_assert_true (g_hash_table_contains (ref->tours, key));
      g_bytes_unref (key);
    }
  array = figure_array (analysis, "differing_cells");
  if (ref->count > 1)
    g_assert_true (array != NULL && json_array_get_length (array) > 0);
  else
    g_assert_null (array);

  /* givens that clash rule out every tour */
  array = figure_array (analysis, "conflicts");
  g_assert_nonnull (array);
  if (json_array_get_length (array) > 0)
    g_assert_cmpuint (ref->count, ==, 0);

  /* the givens that can go, each on its own */
  array = figure_array (analysis, "redundant_givens");
  if (ref->count != 1)
    g_assert_null (array);
  else
    {
      g_autoptr(PwKnightLevel) without = _pw_knight_level_copy (level);
      guint listed = 0, checks = _pw_knight_level_n_free (level) <= 20 ? G_MAXUINT : 3;

      g_assert_nonnull (array);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonArray *xy = json_array_get_array_element (array, i);
          guint c = json_array_get_int_element (xy, 1) * w + json_array_get_int_element (xy, 0);

          g_assert_true (level->cells[c] != 0 && level->cells[c] != PW_KNIGHT_BLOCKED);
        }
      for (guint c = 0; c < w * h; c++)
        {
          Ref r2;
          gboolean in_list = FALSE;

          if (level->cells[c] == 0 || level->cells[c] == PW_KNIGHT_BLOCKED)
            continue;
          for (guint i = 0; i < json_array_get_length (array); i++)
            {
              JsonArray *xy = json_array_get_array_element (array, i);

              in_list |= (guint) json_array_get_int_element (xy, 0) == c % w &&
                         (guint) json_array_get_int_element (xy, 1) == c / w;
            }
          listed += in_list;
          if (checks == 0 || (checks != G_MAXUINT && g_rand_int_range (rand, 0, 3) != 0))
            continue;
          checks--;
          without->cells[c] = 0;
          ref_count (without, &r2);
          g_assert_cmpint (in_list, ==, r2.count == 1);
          ref_clear (&r2);
          without->cells[c] = level->cells[c];
        }
      g_assert_cmpuint (listed, ==, json_array_get_length (array));
      g_assert_cmpint (json_object_get_boolean_member (figures, "minimal"), ==, listed == 0);
    }
}

static void
test_random_levels (void)
{
  /* KNIGHT_SEED=N runs other levels */
  const char *seed = g_getenv ("KNIGHT_SEED");
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed != NULL ? atoi (seed) : 20261126);
  guint with_tours = 0, unique = 0, closed_tours = 0, blocked_tours = 0, many = 0;
  guint n = test_instances (1000, 250);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PwKnightLevel) level = random_level (rand);
      g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
      Ref ref;
      guint64 cap = g_rand_int_range (rand, 1, 6);

      ref_count (level, &ref);
      with_tours += ref.count > 0;
      unique += ref.count == 1;
      many += ref.count > 5;
      closed_tours += ref.count > 0 && level->closed;
      blocked_tours += ref.count > 0 &&
                       _pw_knight_level_n_free (level) < level->width * level->height;
      for (guint mode = 0; mode < 8; mode++)
        {
          check_search (level, board, &ref, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1,
                        g_rand_int (rand), 0);
          check_search (level, board, &ref, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1,
                        g_rand_int (rand), cap);
        }
      check_analysis (level, &ref, cap, rand);
      ref_clear (&ref);
    }
  /* the instances were not all trivial */
  g_test_message ("%u levels with tours, %u unique, %u with more than 5, %u closed, %u with "
                  "blocked cells", with_tours, unique, many, closed_tours, blocked_tours);
  g_assert_cmpuint (with_tours, >, n / 5);
  g_assert_cmpuint (unique, >, n / 20);
  g_assert_cmpuint (many, >, n / 25);
  g_assert_cmpuint (closed_tours, >, n / 100);
  g_assert_cmpuint (blocked_tours, >, n / 100);
}

/* More than 63 stretches: the search tracks the first 63 and keeps the
 * rest to the board’s distances. Boards of 10 to 11 cells a side with most steps
 * of a random tour given, some taken away in runs, sometimes one changed:
 * the plain walk is quick on them. */
static void
test_many_givens (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  guint several = 0;

  for (guint i = 0; i < 40; i++)
    {
      guint w = g_rand_int_range (rand, 10, 12), h = g_rand_int_range (rand, 10, 12);
      g_autoptr(PwKnightLevel) level = _pw_knight_level_new (w, h, g_rand_boolean (rand));
      g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
      PwKnightSearch search;
      PwKnightResult result;
      guint f = w * h;
      Ref ref;

      if (level->closed && f % 2 == 1)
        level->closed = FALSE;
      _pw_knight_search_init (&search);
      search.max_solutions = 1;
      search.random_order = TRUE;
      search.seed = g_rand_int (rand);
      search.on_solution = take_first;
      search.on_solution_data = level;
      g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
      g_assert_cmpuint (result.solutions, >=, 1);
      /* blank runs of steps, 1 to 5 long, about one step in four */
      for (guint s = g_rand_int_range (rand, 1, 6); s <= f; s += g_rand_int_range (rand, 8, 16))
        {
          guint run = g_rand_int_range (rand, 1, 6);

          for (guint c = 0; c < f; c++)
            if (level->cells[c] >= s && level->cells[c] < s + run)
              level->cells[c] = 0;
        }
      if (g_rand_int_range (rand, 0, 5) == 0)
        level->cells[g_rand_int_range (rand, 0, f)] = g_rand_int_range (rand, 1, f + 1);
      g_assert_cmpuint (_pw_knight_level_n_givens (level), >, 64);

      ref_count (level, &ref);
      several += ref.count > 1;
      for (guint mode = 0; mode < 8; mode++)
        check_search (level, board, &ref, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1,
                      g_rand_int (rand), mode < 4 ? 0 : 1);
      ref_clear (&ref);
    }
  g_assert_cmpuint (several, >, 3);
}

/* ------------------------------------------------------------------ */
/* Known counts                                                         */

static PwKnightLevel *
empty_level (guint    w,
             guint    h,
             gboolean closed)
{
  return _pw_knight_level_new (w, h, closed);
}

static gint64
analysed_count (const PwKnightLevel *level,
                guint64              cap,
                gboolean            *capped)
{
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  gint64 solutions = -1;

  pw_analyse_options_init (&options);
  options.max_solutions = cap;
  analysis = pw_knights_tour_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_analysis_get_partial (analysis));
  g_assert_true (pw_analysis_get_int (analysis, "solutions", &solutions));
  if (capped != NULL)
    *capped = json_object_get_boolean_member (pw_analysis_get_figures (analysis), "capped");
  return solutions;
}

/* Empty boards: the analysis against the plain walk, and the published
 * counts. The count is of numbered tours: an open tour in each direction,
 * a closed tour from each of its cells in each direction. */
static void
test_known_counts (void)
{
  static const struct { guint w, h; gboolean closed; } boards[] = {
    { 3, 3, FALSE }, { 3, 4, FALSE }, { 4, 3, FALSE }, { 3, 4, TRUE }, { 4, 4, FALSE },
    { 3, 5, FALSE }, { 4, 5, FALSE }, { 3, 7, FALSE }, { 3, 8, FALSE }, { 5, 5, FALSE },
    { 5, 5, TRUE }, { 3, 10, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (boards[i].w, boards[i].h, boards[i].closed);
      Ref ref;
      gboolean capped;

      ref_count (level, &ref);
      g_assert_cmpint (analysed_count (level, 100000000, &capped), ==, ref.count);
      g_assert_false (capped);
      if (boards[i].w == 3 && boards[i].h == 4 && !boards[i].closed)
        g_assert_cmpuint (ref.count, ==, 16);   /* 8 tours, each way */
      if (boards[i].w == 5 && boards[i].h == 5)
        g_assert_cmpuint (ref.count, ==, boards[i].closed ? 0 : 1728);
      ref_clear (&ref);
    }
  /* 5×6 has 8 closed tours: 480 numbered ones (the plain walk counts them
   * in 2.5 × 10⁹ steps, too slow to repeat here) */
  for (guint turn = 0; turn < 2; turn++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (turn ? 6 : 5, turn ? 5 : 6, TRUE);
      gboolean capped;

      g_assert_cmpint (analysed_count (level, 100000, &capped), ==, 8 * 2 * 30);
      g_assert_false (capped);
    }
}

/* 9,862 closed tours on 6×6 (undirected, unnumbered): 9,862 × 2
 * directions × 36 starting cells numbered tours. */
static void
test_closed_6x6 (void)
{
  g_autoptr(PwKnightLevel) level = empty_level (6, 6, TRUE);
  gboolean capped;

  g_assert_cmpint (analysed_count (level, 1000000, &capped), ==, 9862 * 2 * 36);
  g_assert_false (capped);
}

/* Empty 8×8 boards: the count stops at the cap, within the default
 * budget; a closed tour is found and the multiple method measures. */
static void
test_empty_8x8 (void)
{
  for (guint closed = 0; closed < 2; closed++)
    {
      g_autoptr(PwKnightLevel) level = empty_level (8, 8, closed);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree guint16 *steps = NULL;
      PwAnalyseOptions options;
      gint64 solutions;
      double difficulty;

      pw_analyse_options_init (&options);
      analysis = pw_knights_tour_kind.analyse (level, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pw_analysis_get_partial (analysis));
      g_assert_true (pw_analysis_get_int (analysis, "solutions", &solutions));
      g_assert_cmpint (solutions, ==, PW_DEFAULT_MAX_SOLUTIONS);
      g_assert_true (json_object_get_boolean_member (pw_analysis_get_figures (analysis),
                                                     "capped"));
      steps = solution_from_figure (figure_array (analysis, "solution"), 8, 8);
      g_assert_true (valid_tour (level, steps));
      g_assert_true (pw_analysis_get_double (analysis, "difficulty", &difficulty));
      g_assert_cmpfloat (difficulty, >=, 64);
    }
}

/* Larger boards: a tour found by the count's search, open and closed. */
static void
test_large_boards (void)
{
  static const guint sizes[][2] = { { 10, 10 }, { 12, 7 }, { 16, 16 }, { 32, 32 }, { 5, 31 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint closed = 0; closed < 2; closed++)
      {
        g_autoptr(PwKnightLevel) level = empty_level (sizes[i][0], sizes[i][1], closed);
        g_autoptr(PwKnightLevel) tour = _pw_knight_level_copy (level);
        g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
        PwKnightSearch search;
        PwKnightResult result;

        if (closed && sizes[i][0] * sizes[i][1] % 2 == 1)
          continue;
        _pw_knight_search_init (&search);
        search.max_solutions = 1;
        search.max_nodes = 5000000;
        search.connectivity = TRUE;
        search.on_solution = take_first;
        search.on_solution_data = tour;
        g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
        g_assert_cmpuint (result.solutions, >=, 1);
        g_assert_true (valid_tour (level, tour->cells));
      }
}

/* The budget stops a search, and cancelling it is an error. */
static void
test_budget_and_cancel (void)
{
  g_autoptr(PwKnightLevel) level = empty_level (8, 8, FALSE);   /* far too many tours */
  g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwKnightSearch search;
  PwKnightResult result;

  _pw_knight_search_init (&search);
  search.max_nodes = 5000;
  g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
  g_assert_true (result.node_limit);
  g_assert_cmpuint (result.nodes, ==, 5000);
  /* the restarts share the budget */
  search.max_solutions = 100000;
  g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
  g_assert_true (result.node_limit);
  g_assert_cmpuint (result.nodes, ==, 5000);
  g_assert_cmpuint (result.solutions, <, 100000);

  search.max_nodes = 0;
  search.cancellable = cancellable;
  g_cancellable_cancel (cancellable);
  g_assert_false (_pw_knight_search (board, level, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ------------------------------------------------------------------ */
/* Text and payload                                                     */

static void
test_text_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < 100; i++)
    {
      guint w = g_rand_int_range (rand, 3, 13), h = g_rand_int_range (rand, 3, 13);
      g_autoptr(PwKnightLevel) level = _pw_knight_level_new (w, h, g_rand_boolean (rand));
      g_autoptr(PwKnightLevel) back = NULL;
      g_autoptr(PwKnightLevel) from_json = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;

      for (guint c = 0; c < w * h; c++)
        switch (g_rand_int_range (rand, 0, 4))
          {
          case 0:
            level->cells[c] = PW_KNIGHT_BLOCKED;
            break;
          case 1:
            level->cells[c] = g_rand_int_range (rand, 1, w * h + 1);
            break;
          default:
            break;
          }
      text = _pw_knight_to_text (level);
      back = _pw_knight_from_text (text, &error);
      g_assert_no_error (error);
      g_assert_true (_pw_knight_level_equal (level, back));
      again = _pw_knight_to_text (back);
      g_assert_cmpstr (text, ==, again);

      node = pw_knights_tour_kind.to_json (level);
      from_json = pw_knights_tour_kind.from_json (node, &error);
      g_assert_no_error (error);
      g_assert_true (_pw_knight_level_equal (level, from_json));
    }
}

/* The plain grid form as the issue gives it: no first line (open), "0"
 * or "." blank, tabs and runs of spaces. */
static void
test_text_forms (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwKnightLevel) level = NULL;
  g_autofree char *text = NULL;

  level = _pw_knight_from_text ("\n1 0 .  x\n.\t. 12 .\n0 . . 9\n\n", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (level->width, ==, 4);
  g_assert_cmpuint (level->height, ==, 3);
  g_assert_false (level->closed);
  g_assert_cmpuint (level->cells[0], ==, 1);
  g_assert_cmpuint (level->cells[3], ==, PW_KNIGHT_BLOCKED);
  g_assert_cmpuint (level->cells[6], ==, 12);
  g_assert_cmpuint (level->cells[11], ==, 9);
  text = _pw_knight_to_text (level);
  g_assert_cmpstr (text, ==, "open\n 1  .  .  x\n .  . 12  .\n .  .  .  9\n");
  g_clear_pointer (&level, _pw_knight_level_free);

  level = _pw_knight_from_text ("CLOSED\n. . .\n. x .\n. . .\n", &error);
  g_assert_no_error (error);
  g_assert_true (level->closed);
}

typedef struct
{
  const char *text;
  const char *message;   /* part of the error */
} BadText;

/* Every kind of bad input, through the importer: the file, the line the
 * level starts at, the row and column. */
static void
test_bad_text (void)
{
  static const BadText cases[] = {
    { "; One\nopen\n1 . .\n. y .\n. . .\n", "bad.txt: the level starting at line 2: "
                                           "Row 2, column 2: “y” is not a step number" },
    { "; One\n. . .\n. . . .\n. . .\n", "line 2: Row 2 has 4 cells; the first row has 3" },
    { ". . .\n. . .\n", "line 1: The board is 3×2; a board is 3 to 32 cells" },
    { ". .\n. .\n. .\n", "The board is 2×3" },
    { ". . .\n. 10 .\n. . .\n", "Row 2, column 2: 10 is larger than the 9 cells" },
    { ". . .\n. -1 .\n. . .\n", "Row 2, column 2: “-1” is not a step number" },
    { "opne\n. . .\n. . .\n. . .\n", "The first line “opne” is not “open”, “closed” or a row" },
    { "; Ok\n. . .\n. . .\n. . .\n\n; Two\nclosed\n. . .\n. . .\n. x . .\n",
      "bad.txt: the level starting at line 7: Row 3 has 4 cells" },
    { "; Three\n. . .\n. . .\n. . .\nclosed\n", "Row 4, column 1: “closed” is not" },
  };
  GString *wide = g_string_new (NULL);
  GString *tall = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PwLevelSet) set = pw_level_set_new ();
      g_autoptr(GError) error = NULL;

      g_assert_false (pw_import_text (set, "knights-tour", cases[i].text, "bad.txt", &error));
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
      g_assert_nonnull (strstr (error->message, "bad.txt"));
      g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 0);
    }

  /* too wide, too tall */
  for (guint x = 0; x < 33; x++)
    g_string_append (wide, ". ");
  g_string_append_c (wide, '\n');
  for (guint y = 0; y < 33; y++)
    g_string_append (tall, ". . .\n");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PwKnightLevel) level = _pw_knight_from_text (wide->str, &error);

    g_assert_null (level);
    g_assert_nonnull (strstr (error->message, "Row 1 has more than 32 cells"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PwKnightLevel) level = _pw_knight_from_text (tall->str, &error);

    g_assert_null (level);
    g_assert_nonnull (strstr (error->message, "Row 33: a board has at most 32 rows"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PwKnightLevel) level = _pw_knight_from_text (". . .\n\n. . .\n. . .\n", &error);

    g_assert_null (level);
    g_assert_nonnull (strstr (error->message, "A blank line after row 1 is inside the board"));
  }
  g_string_free (wide, TRUE);
  g_string_free (tall, TRUE);
}

static void
test_bad_payload (void)
{
  static const BadText cases[] = {
    { "[1]", "payload must be an object with a “grid”" },
    { "{\"grid\": [\". . .\"], \"size\": 3}", "payload has an unknown member “size”" },
    { "{\"grid\": \". . .\"}", "payload.grid must be a list of row strings" },
    { "{\"closed\": 1, \"grid\": []}", "payload.closed must be true or false" },
    { "{\"grid\": []}", "payload.grid: There are no rows" },
    { "{\"grid\": [\". . .\", 3, \". . .\"]}", "payload.grid: Row 2 is not a string" },
    { "{\"grid\": [\". . .\", \". q .\", \". . .\"]}",
      "payload.grid: Row 2, column 2: “q” is not a step number" },
    { "{\"grid\": [\". . .\", \". . .\", \". . 10\"]}",
      "payload.grid: Row 3, column 3: 10 is larger than the 9 cells" },
    { "{\"grid\": [\". . .\", \". .\", \". . .\"]}",
      "payload.grid: Row 2 has 2 cells; the first row has 3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) node = json_from_string (cases[i].text, &error);
      gpointer data;

      g_assert_no_error (error);
      data = pw_knights_tour_kind.from_json (node, &error);
      g_assert_null (data);
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
    }
}

/* import, then export --format text, gives the same text back, names and
 * all; the set file loads back equal. */
static void
test_cli_round_trip (void)
{
  static const char *text =
    "; First\n"
    "open\n"
    " 1  .  .  .\n"
    " .  .  x  .\n"
    " .  .  . 11\n"
    "\n"
    "; Second\n"
    "closed\n"
    " .  .  .  .  .  .\n"
    " .  .  .  . 20  .\n"
    " .  .  .  .  .  .\n"
    " .  1  .  .  .  .\n"
    " .  .  .  .  .  .\n"
    " .  .  .  .  .  .\n"
    "\n";
  const char *cli = g_getenv ("PW_CLI");
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *txt = g_build_filename (dir, "levels.txt", NULL);
  g_autofree char *json = g_build_filename (dir, "levels.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("PW_CLI is not set");
      return;
    }
  g_assert_true (g_file_set_contents (txt, text, -1, &error));
  {
    const char *argv[] = { cli, "import", "--kind", "knights-tour", txt, "-o", json, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                 &err, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *argv[] = { cli, "export", "--format", "text", json, NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                 &err, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    g_assert_cmpstr (out, ==, text);
  }
  test_remove_dir (dir);
}

/* ------------------------------------------------------------------ */
/* Transforms                                                           */

static void
test_transforms (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  static const PwTransform transforms[] = {
    PW_TRANSFORM_MIRROR_LEFT_RIGHT, PW_TRANSFORM_MIRROR_TOP_BOTTOM,
    PW_TRANSFORM_ROTATE_CLOCKWISE, PW_TRANSFORM_ROTATE_ANTICLOCKWISE,
  };

  for (guint i = 0; i < 60; i++)
    {
      g_autoptr(PwKnightLevel) level = random_level (rand);
      /* the plain walk on the smaller boards only */
      gboolean walk = _pw_knight_level_n_free (level) <= 25;
      Ref ref = { 0 };

      if (walk)
        ref_count (level, &ref);
      for (guint t = 0; t < G_N_ELEMENTS (transforms); t++)
        {
          g_autoptr(PwKnightLevel) moved = pw_knights_tour_kind.transform (level, transforms[t]);
          g_autoptr(PwKnightLevel) back = NULL;
          Ref moved_ref;
          PwTransform inverse = transforms[t] == PW_TRANSFORM_ROTATE_CLOCKWISE
                                  ? PW_TRANSFORM_ROTATE_ANTICLOCKWISE
                                : transforms[t] == PW_TRANSFORM_ROTATE_ANTICLOCKWISE
                                  ? PW_TRANSFORM_ROTATE_CLOCKWISE
                                  : transforms[t];

          /* a symmetry of the board keeps the tours */
          if (walk)
            {
              ref_count (moved, &moved_ref);
              g_assert_cmpuint (moved_ref.count, ==, ref.count);
              ref_clear (&moved_ref);
            }
          back = pw_knights_tour_kind.transform (moved, inverse);
          g_assert_true (_pw_knight_level_equal (level, back));
        }
      ref_clear (&ref);
    }
  /* a turn swaps width and height and moves (0, 0) to the top right */
  {
    g_autoptr(PwKnightLevel) level = _pw_knight_level_new (3, 4, FALSE);
    g_autoptr(PwKnightLevel) turned = NULL;

    level->cells[0] = 5;
    turned = pw_knights_tour_kind.transform (level, PW_TRANSFORM_ROTATE_CLOCKWISE);
    g_assert_cmpuint (turned->width, ==, 4);
    g_assert_cmpuint (turned->height, ==, 3);
    g_assert_cmpuint (turned->cells[3], ==, 5);
  }
}

static void
test_resize_and_validate (void)
{
  g_autoptr(PwKnightLevel) level = _pw_knight_level_new (3, 3, FALSE);
  g_autoptr(PwKnightLevel) bigger = NULL;
  g_autoptr(PwKnightLevel) smaller = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;

  level->cells[0] = 4;
  bigger = pw_knights_tour_kind.resize (level, PW_SIDE_LEFT, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bigger->width, ==, 5);
  g_assert_cmpuint (bigger->cells[2], ==, 4);
  smaller = pw_knights_tour_kind.resize (level, PW_SIDE_TOP, -1, &error);
  g_assert_null (smaller);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);

  problems = pw_knights_tour_kind.validate (level);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);
  for (guint c = 0; c < 9; c++)
    level->cells[c] = PW_KNIGHT_BLOCKED;
  problems = pw_knights_tour_kind.validate (level);
  g_assert_cmpuint (problems->len, ==, 1);
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

typedef struct
{
  GPtrArray *levels;
  guint      wanted;
} Generated;

static gboolean
keep_level (gpointer data,
            double   difficulty,
            gpointer user_data)
{
  Generated *g = user_data;

  g_ptr_array_add (g->levels, data);
  return g->levels->len < g->wanted;
}

static GPtrArray *
generate (const char * const *params,
          guint64             seed,
          guint               wanted)
{
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  Generated g = { g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_knight_level_free),
                  wanted };

  for (guint i = 0; params[i] != NULL; i += 2)
    g_hash_table_insert (table, g_strdup (params[i]), g_strdup (params[i + 1]));
  g_assert_true (pw_knights_tour_kind.generate (table, seed, 0, keep_level, NULL, &g, NULL,
                                                &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g.levels->len, ==, wanted);
  return g.levels;
}

static void
test_generator (void)
{
  static const char * const open_params[] = { "size", "5x5", "givens", "5-8", NULL };
  static const char * const closed_params[] = { "size", "3x10", "closed", "true", NULL };
  static const char * const blocked_params[] = { "size", "5x5", "blocked", "3", "givens",
                                                 "5-8", NULL };
  const char * const *all[] = { open_params, closed_params, blocked_params };

  for (guint p = 0; p < G_N_ELEMENTS (all); p++)
    {
      g_autoptr(GPtrArray) levels = generate (all[p], 5, 3);
      g_autoptr(GPtrArray) again = generate (all[p], 5, 3);
      g_autoptr(GPtrArray) other = generate (all[p], 6, 1);

      for (guint i = 0; i < levels->len; i++)
        {
          const PwKnightLevel *level = g_ptr_array_index (levels, i);
          guint givens = _pw_knight_level_n_givens (level);
          Ref ref;

          /* reproducible */
          g_assert_true (_pw_knight_level_equal (level, g_ptr_array_index (again, i)));
          /* unique, by the plain walk */
          ref_count (level, &ref);
          g_assert_cmpuint (ref.count, ==, 1);
          ref_clear (&ref);
          if (p == 0)
            {
              g_assert_cmpuint (givens, >=, 5);
              g_assert_cmpuint (givens, <=, 8);
            }
          if (p == 1)
            g_assert_true (level->closed);
          if (p == 2)
            g_assert_cmpuint (_pw_knight_level_n_free (level), ==, 22);
        }
      g_assert_false (_pw_knight_level_equal (g_ptr_array_index (levels, 0),
                                              g_ptr_array_index (other, 0)));
    }
}

/* Larger boards: unique by the engine in its plainest mode (one order,
 * no connectivity pruning), reproducible. */
static void
test_generator_large (void)
{
  static const char * const closed_params[] = { "size", "6x6", "closed", "true", NULL };
  static const char * const open_params[] = { "size", "8x8", "givens", "14-20", NULL };
  const char * const *all[] = { closed_params, open_params };

  for (guint p = 0; p < G_N_ELEMENTS (all); p++)
    {
      g_autoptr(GPtrArray) levels = generate (all[p], 9, 2);
      g_autoptr(GPtrArray) again = generate (all[p], 9, 2);

      for (guint i = 0; i < levels->len; i++)
        {
          const PwKnightLevel *level = g_ptr_array_index (levels, i);
          g_autoptr(PwKnightBoard) board = _pw_knight_board_new (level);
          PwKnightSearch search;
          PwKnightResult result;

          g_assert_true (_pw_knight_level_equal (level, g_ptr_array_index (again, i)));
          _pw_knight_search_init (&search);
          search.restarts = FALSE;
          g_assert_true (_pw_knight_search (board, level, &search, &result, NULL));
          g_assert_cmpuint (result.solutions, ==, 1);
          if (p == 1)
            g_assert_cmpuint (_pw_knight_level_n_givens (level), <=, 20);
        }
    }
}

/* Without a givens band the puzzles are minimal: no given can go. */
static void
test_generator_minimal (void)
{
  static const char * const params[] = { "size", "4x5", NULL };
  g_autoptr(GPtrArray) levels = generate (params, 3, 2);

  for (guint i = 0; i < levels->len; i++)
    {
      PwKnightLevel *level = g_ptr_array_index (levels, i);

      for (guint c = 0; c < level->width * level->height; c++)
        {
          guint16 given = level->cells[c];
          Ref ref;

          if (given == 0 || given == PW_KNIGHT_BLOCKED)
            continue;
          level->cells[c] = 0;
          ref_count (level, &ref);
          g_assert_cmpuint (ref.count, >, 1);
          ref_clear (&ref);
          level->cells[c] = given;
        }
    }
}

static void
test_generator_bad_params (void)
{
  static const char * const bad[][3] = {
    { "size", "2x8", "size=2x8" },
    { "size", "8x", "size=8x" },
    { "closed", "maybe", "closed=maybe" },
    { "givens", "9-3", "givens=9-3" },
    { "blocked", "40", "blocked=40" },
    { "difficulty", "x", "difficulty=x" },
    { "glitter", "1", "“glitter” is not a parameter" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GHashTable) table = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      Generated g = { NULL, 1 };

      g_hash_table_insert (table, (gpointer) bad[i][0], (gpointer) bad[i][1]);
      g_assert_false (pw_knights_tour_kind.generate (table, 1, 0, keep_level, NULL, &g, NULL,
                                                     &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (strstr (error->message, bad[i][2]) == NULL)
        g_error ("“%s” does not say “%s”", error->message, bad[i][2]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/knight/random-levels", test_random_levels);
  g_test_add_func ("/analysis/knight/many-givens", test_many_givens);
  g_test_add_func ("/analysis/knight/known-counts", test_known_counts);
  g_test_add_func ("/analysis/knight/closed-6x6", test_closed_6x6);
  g_test_add_func ("/analysis/knight/empty-8x8", test_empty_8x8);
  g_test_add_func ("/analysis/knight/large-boards", test_large_boards);
  g_test_add_func ("/analysis/knight/budget-and-cancel", test_budget_and_cancel);
  g_test_add_func ("/analysis/knight/text-round-trip", test_text_round_trip);
  g_test_add_func ("/analysis/knight/text-forms", test_text_forms);
  g_test_add_func ("/analysis/knight/bad-text", test_bad_text);
  g_test_add_func ("/analysis/knight/bad-payload", test_bad_payload);
  g_test_add_func ("/analysis/knight/cli-round-trip", test_cli_round_trip);
  g_test_add_func ("/analysis/knight/transforms", test_transforms);
  g_test_add_func ("/analysis/knight/resize-and-validate", test_resize_and_validate);
  g_test_add_func ("/analysis/knight/generator", test_generator);
  g_test_add_func ("/analysis/knight/generator-large", test_generator_large);
  g_test_add_func ("/analysis/knight/generator-minimal", test_generator_minimal);
  g_test_add_func ("/analysis/knight/generator-bad-params", test_generator_bad_params);

  return g_test_run ();
}
