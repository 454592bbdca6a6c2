/* test-latin.c — the sudoku, latin and futoshiki kinds: payloads,
 * transforms, validation, every figure against a plain enumerator, the
 * generator
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The enumerator below reads the rules from the level itself (rows,
 * columns, regions, diagonals, signs), not from the engine's model, so
 * it checks _pw_latin_build_grid as well as the search.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "latin-private.h"
#include "numgrid.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The plain enumerator                                                 */

/* Whether cells @c and @d share a row, column, region or diagonal. */
static gboolean
peers (const PwLatinLevel *level,
       guint               c,
       guint               d)
{
  guint n = level->n, x = c % n, y = c / n, dx = d % n, dy = d / n;

  return dx == x || dy == y ||
         (level->regions != NULL && level->regions[d] == level->regions[c]) ||
         (level->diagonals && ((dx == dy && x == y) || (dx + dy == n - 1 && x + y == n - 1)));
}

/* Whether value @v at cell @c agrees with every cell before it in
 * reading order (the cells after are still blank in @values) and with
 * the givens after it. */
PW_TEST_ORACLE static gboolean
fits (const PwLatinLevel *level,
      const guint8       *values,
      guint               c,
      guint               v)
{
  guint n = level->n, x = c % n, y = c / n;

  for (guint d = c + 1; d < n * n; d++)
    if (level->givens[d] == v && peers (level, c, d))
      return FALSE;
  for (guint d = 0; d < c; d++)
    {
      guint dx = d % n, dy = d / n;

      if (values[d] != v)
        continue;
      if (dx == x || dy == y)
        return FALSE;
      if (level->regions != NULL && level->regions[d] == level->regions[c])
        return FALSE;
      if (level->diagonals && ((dx == dy && x == y) || (dx + dy == n - 1 && x + y == n - 1)))
        return FALSE;
    }
  if (level->signs != NULL)
    {
      /* signs with the left and upper neighbours, both already placed */
      if (x > 0)
        {
          guint8 s = level->signs[c - 1];

          if ((s & PW_SIGN_RIGHT_LESS) && !(values[c - 1] < v))
            return FALSE;
          if ((s & PW_SIGN_RIGHT_GREATER) && !(values[c - 1] > v))
            return FALSE;
        }
      if (y > 0)
        {
          guint8 s = level->signs[c - n];

          if ((s & PW_SIGN_DOWN_LESS) && !(values[c - n] < v))
            return FALSE;
          if ((s & PW_SIGN_DOWN_GREATER) && !(values[c - n] > v))
            return FALSE;
        }
    }
  return TRUE;
}

typedef struct
{
  const PwLatinLevel *level;
  guint8             *values;
  guint64             count;
  guint64             cap;
  guint8             *agree;     /* per cell: every solution so far has first[c] */
  guint8             *first;
} Enum;

PW_TEST_ORACLE static void
enumerate (Enum *e,
           guint c)
{
  const PwLatinLevel *level = e->level;
  guint n = level->n;

  if (e->count >= e->cap)
    return;
  if (c == n * n)
    {
      if (e->count == 0)
        {
          memcpy (e->first, e->values, n * n);
          memset (e->agree, 1, n * n);
        }
      else
        for (guint d = 0; d < n * n; d++)
          e->agree[d] &= e->values[d] == e->first[d];
      e->count++;
      return;
    }
  for (guint v = 1; v <= n; v++)
    {
      if (level->givens[c] != 0 && level->givens[c] != v)
        continue;
      if (!fits (level, e->values, c, v))
        continue;
      e->values[c] = v;
      enumerate (e, c + 1);
      e->values[c] = 0;
    }
}

/* The number of solutions up to @cap; @agree (may be NULL) gets, per
 * cell, whether every solution enumerated agrees there. */
static guint64
brute_count (const PwLatinLevel *level,
             guint64             cap,
             guint8             *agree)
{
  guint cells = level->n * level->n;
  g_autofree guint8 *values = g_new0 (guint8, cells);
  g_autofree guint8 *first = g_new0 (guint8, cells);
  g_autofree guint8 *agreed = g_new0 (guint8, cells);
  Enum e = { level, values, 0, cap, agreed, first };

  enumerate (&e, 0);
  if (agree != NULL)
    memcpy (agree, agreed, cells);
  return e.count;
}

/* Whether @values is a solution of @level, by its rules. */
static gboolean
brute_is_solution (const PwLatinLevel *level,
                   const guint8       *values)
{
  guint cells = level->n * level->n;

  for (guint c = 0; c < cells; c++)
    {
      if (values[c] < 1 || values[c] > level->n)
        return FALSE;
      if (level->givens[c] != 0 && level->givens[c] != values[c])
        return FALSE;
      if (!fits (level, values, c, values[c]))
        return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Random levels                                                        */

/* A random partition of the n × n grid into n regions of n cells (not
 * always connected: the rules do not ask for it). */
static void
random_regions (PwLatinLevel *level,
                GRand        *rand)
{
  guint n = level->n, cells = n * n;
  g_autofree guint *order = g_new (guint, cells);

  for (guint c = 0; c < cells; c++)
    order[c] = c;
  for (guint i = cells; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < cells; i++)
    level->regions[order[i]] = i / n;
  level->jigsaw = TRUE;
  level->box_rows = level->box_cols = 0;
  /* numbered as files and text forms number them */
  _pw_latin_level_number_regions (level);
}

/* A random level: a full solution of its rules when one is easy to find,
 * with a random share of its cells kept, sometimes spoiled by a clash. */
static PwLatinLevel *
random_level (GRand *rand)
{
  PwLatinVariant variant = g_rand_int_range (rand, 0, 3);
  PwLatinLevel *level;
  guint cells;

  if (variant == PW_LATIN_SUDOKU)
    {
      static const guint shapes[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 } };
      guint s = g_rand_int_range (rand, 0, G_N_ELEMENTS (shapes));

      level = _pw_latin_level_new (variant, shapes[s][0] * shapes[s][1], shapes[s][0],
                                   shapes[s][1]);
      if (level->n == 4 && g_rand_int_range (rand, 0, 4) == 0)
        random_regions (level, rand);
      level->diagonals = level->n >= 4 && g_rand_int_range (rand, 0, 4) == 0;
    }
  else
    level = _pw_latin_level_new (variant, g_rand_int_range (rand, 2, 6), 0, 0);

  cells = level->n * level->n;
  {
    g_autoptr(PwLatinLevel) rules = _pw_latin_level_copy (level);
    g_autofree guint8 *values = g_new0 (guint8, cells);
    g_autofree guint8 *first = g_new0 (guint8, cells);
    g_autofree guint8 *agree = g_new0 (guint8, cells);
    Enum e = { rules, values, 0, 1, agree, first };

    /* a first solution of the rules from a random given or two */
    for (guint k = 0; k < 2; k++)
      rules->givens[g_rand_int_range (rand, 0, cells)] = g_rand_int_range (rand, 1, level->n + 1);
    enumerate (&e, 0);
    if (e.count > 0)
      {
        double keep = g_rand_double (rand);

        for (guint c = 0; c < cells; c++)
          if (g_rand_double (rand) < keep)
            level->givens[c] = first[c];
        if (level->signs != NULL)
          for (guint c = 0; c < cells; c++)
            {
              if (c % level->n + 1 < level->n && g_rand_int_range (rand, 0, 3) == 0)
                _pw_latin_level_set_less (level, first[c] < first[c + 1] ? c : c + 1,
                                          first[c] < first[c + 1] ? c + 1 : c);
              if (c / level->n + 1 < level->n && g_rand_int_range (rand, 0, 3) == 0)
                _pw_latin_level_set_less (level, first[c] < first[c + level->n] ? c : c + level->n,
                                          first[c] < first[c + level->n] ? c + level->n : c);
            }
      }
    /* now and then a clash, or a sign the wrong way round */
    if (g_rand_int_range (rand, 0, 6) == 0)
      level->givens[g_rand_int_range (rand, 0, cells)] = g_rand_int_range (rand, 1, level->n + 1);
  }
  return level;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static PwAnalysis *
analyse (const PwLatinLevel *level,
         guint64             max_solutions)
{
  const PwKind *kind = _pw_latin_kind_of (level->variant);
  PwAnalyseOptions options;
  g_autoptr(GError) error = NULL;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  options.max_solutions = max_solutions;
  analysis = kind->analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (analysis);
  g_assert_false (pw_analysis_get_partial (analysis));
  return analysis;
}

static JsonNode *
figure (PwAnalysis *analysis,
        const char *key)
{
  JsonNode *node = json_object_get_member (pw_analysis_get_figures (analysis), key);

  g_assert_nonnull (node);
  return node;
}

/* A cell list figure as one flag per cell. */
static void
cells_figure (PwAnalysis *analysis,
              const char *key,
              guint       n,
              guint8     *flags)
{
  JsonNode *node = figure (analysis, key);
  JsonArray *cells;

  memset (flags, 0, n * n);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  cells = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonArray *xy = json_array_get_array_element (cells, i);
      gint64 x = json_array_get_int_element (xy, 0), y = json_array_get_int_element (xy, 1);

      g_assert_cmpint (x, >=, 0);
      g_assert_cmpint (x, <, n);
      g_assert_cmpint (y, >=, 0);
      g_assert_cmpint (y, <, n);
      g_assert_false (flags[y * n + x]);
      flags[y * n + x] = 1;
    }
}

/* Cells whose givens break a rule by themselves, by the level's rules. */
static void
brute_conflicts (const PwLatinLevel *level,
                 guint8             *flags)
{
  guint n = level->n, cells = n * n;

  memset (flags, 0, cells);
  for (guint a = 0; a < cells; a++)
    for (guint b = a + 1; b < cells; b++)
      {
        guint ax = a % n, ay = a / n, bx = b % n, by = b / n;
        gboolean peers;

        if (level->givens[a] == 0 || level->givens[b] == 0)
          continue;
        peers = ax == bx || ay == by ||
                (level->regions != NULL && level->regions[a] == level->regions[b]) ||
                (level->diagonals && ((ax == ay && bx == by) ||
                                      (ax + ay == n - 1 && bx + by == n - 1)));
        if (peers && level->givens[a] == level->givens[b])
          flags[a] = flags[b] = 1;
        if (level->signs != NULL)
          {
            guint8 s = level->signs[a];
            gboolean broken = FALSE;

            if (b == a + 1 && ay == by)
              broken = ((s & PW_SIGN_RIGHT_LESS) && !(level->givens[a] < level->givens[b])) ||
                       ((s & PW_SIGN_RIGHT_GREATER) && !(level->givens[a] > level->givens[b]));
            if (b == a + n)
              broken = ((s & PW_SIGN_DOWN_LESS) && !(level->givens[a] < level->givens[b])) ||
                       ((s & PW_SIGN_DOWN_GREATER) && !(level->givens[a] > level->givens[b]));
            if (broken)
              flags[a] = flags[b] = 1;
          }
      }
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */

/* Every figure of many random small levels against the enumerator. */
static void
test_figures_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1313);
  guint unique = 0, several = 0, none = 0;
  guint rounds = test_instances (400, 100);

  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(PwLatinLevel) level = random_level (rand);
      guint n = level->n, cells = n * n;
      guint64 cap = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, 6) : 1000;
      g_autofree guint8 *agree = g_new0 (guint8, cells);
      g_autofree guint8 *flags = g_new0 (guint8, cells);
      g_autofree guint8 *expected = g_new0 (guint8, cells);
      g_autoptr(PwAnalysis) analysis = analyse (level, cap);
      guint64 count = brute_count (level, cap + 1, agree);
      guint givens = 0;

      for (guint c = 0; c < cells; c++)
        givens += level->givens[c] != 0;
      g_assert_cmpint (json_node_get_int (figure (analysis, "givens")), ==, givens);
      g_assert_cmpint (json_node_get_int (figure (analysis, "solutions")), ==, MIN (count, cap));
      g_assert_cmpint (json_node_get_boolean (figure (analysis, "capped")), ==, count > cap);
      g_assert_cmpint (json_node_get_boolean (figure (analysis, "unique")), ==, count == 1);

      cells_figure (analysis, "conflicts", n, flags);
      brute_conflicts (level, expected);
      g_assert_cmpmem (flags, cells, expected, cells);

      if (count == 0)
        {
          none++;
          g_assert_true (JSON_NODE_HOLDS_NULL (figure (analysis, "solution")));
          g_assert_true (JSON_NODE_HOLDS_NULL (figure (analysis, "grade")));
          continue;
        }

      /* the solution shown is one */
      {
        JsonArray *rows = json_node_get_array (figure (analysis, "solution"));
        g_autofree guint8 *values = g_new0 (guint8, cells);

        g_assert_cmpuint (json_array_get_length (rows), ==, n);
        for (guint y = 0; y < n; y++)
          {
            JsonArray *row = json_array_get_array_element (rows, y);

            g_assert_cmpuint (json_array_get_length (row), ==, n);
            for (guint x = 0; x < n; x++)
              values[y * n + x] = json_array_get_int_element (row, x);
          }
        g_assert_true (brute_is_solution (level, values));
      }
      g_assert_false (JSON_NODE_HOLDS_NULL (figure (analysis, "difficulty")));

      if (count == 1)
        {
          unique++;
          g_assert_true (JSON_NODE_HOLDS_NULL (figure (analysis, "differing_cells")));
          /* a level with every cell given needs no step: grade 0 */
          if (givens == cells)
            g_assert_cmpfloat (json_node_get_double (figure (analysis, "grade")), ==, 0.0);
          else
            g_assert_cmpfloat (json_node_get_double (figure (analysis, "grade")), >=, 1.0);
          /* redundant givens: each removable alone, keeping one solution */
          cells_figure (analysis, "redundant_givens", n, flags);
          for (guint c = 0; c < cells; c++)
            {
              g_autoptr(PwLatinLevel) without = _pw_latin_level_copy (level);

              if (level->givens[c] == 0)
                {
                  g_assert_false (flags[c]);
                  continue;
                }
              without->givens[c] = 0;
              g_assert_cmpint (flags[c], ==, brute_count (without, 2, NULL) == 1);
            }
          g_assert_cmpint (json_node_get_boolean (figure (analysis, "minimal")), ==,
                           json_array_get_length (json_node_get_array (
                             figure (analysis, "redundant_givens"))) == 0);
        }
      else
        {
          several++;
          /* the cells shown as differing are cells solutions disagree on */
          cells_figure (analysis, "differing_cells", n, flags);
          g_assert_true (memchr (flags, 1, cells) != NULL);
          /* (agree covers every solution only when the count was not cut) */
          if (count <= cap)
            for (guint c = 0; c < cells; c++)
              if (flags[c])
                g_assert_false (agree[c]);
          g_assert_true (JSON_NODE_HOLDS_NULL (figure (analysis, "grade")));
          g_assert_true (JSON_NODE_HOLDS_NULL (figure (analysis, "minimal")));
        }
    }
  g_test_message ("unique %u, several %u, none %u", unique, several, none);
  g_assert_cmpuint (unique, >, rounds / 10);
  g_assert_cmpuint (several, >, rounds / 10);
  g_assert_cmpuint (none, >, rounds / 20);
}

/* The same level and seed give the same figures; another seed moves only
 * the multiple method's. */
static void
test_deterministic (void)
{
  g_autoptr(PwLatinLevel) level = NULL;
  g_autoptr(GError) error = NULL;
  const char *text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  PwAnalyseOptions options;
  g_autoptr(PwAnalysis) a = NULL;
  g_autoptr(PwAnalysis) b = NULL;
  g_autoptr(JsonNode) node_a = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) node_b = json_node_new (JSON_NODE_OBJECT);

  level = _pw_latin_from_text (PW_LATIN_SUDOKU, text, &error);
  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  a = pw_sudoku_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  b = pw_sudoku_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  json_node_set_object (node_a, pw_analysis_get_figures (a));
  json_node_set_object (node_b, pw_analysis_get_figures (b));
  g_assert_true (json_node_equal (node_a, node_b));
  g_assert_true (json_node_get_boolean (figure (a, "unique")));
}

/* Payloads round-trip, and the kinds' text forms read what they write. */
static void
test_payload_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  const guint n_instances = test_instances (300, 75);

  for (guint round = 0; round < n_instances; round++)
    {
      g_autoptr(PwLatinLevel) level = random_level (rand);
      const PwKind *kind = _pw_latin_kind_of (level->variant);
      g_autoptr(JsonNode) node = kind->to_json (level);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLatinLevel) back = kind->from_json (node, &error);
      g_autofree char *text = NULL;
      g_autoptr(PwLatinLevel) from_text = NULL;

      g_assert_no_error (error);
      g_assert_true (_pw_latin_level_equal (level, back));
      text = kind->to_text (level);
      if (text == NULL)
        {
          /* Solo IDs hold connected regions only; the random ones here
           * need not be */
          g_assert_true (level->jigsaw);
          continue;
        }
      from_text = kind->from_text (text, &error);
      g_assert_no_error (error);
      g_assert_true (_pw_latin_level_equal (level, from_text));
    }
}

/* Four quarter turns, or two mirrors, give the level back; a turn turns
 * the boxes, and the solution count stays. */
static void
test_transforms (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  const guint n_instances = test_instances (200, 50);

  for (guint round = 0; round < n_instances; round++)
    {
      g_autoptr(PwLatinLevel) level = random_level (rand);
      const PwKind *kind = _pw_latin_kind_of (level->variant);
      PwLatinLevel *turned = _pw_latin_level_copy (level);
      PwLatinLevel *mirrored;
      guint64 count = brute_count (level, 50, NULL);

      for (guint k = 0; k < 4; k++)
        {
          PwLatinLevel *next = kind->transform (turned, PW_TRANSFORM_ROTATE_CLOCKWISE);

          if (k == 0)
            {
              g_assert_cmpuint (brute_count (next, 50, NULL), ==, count);
              if (!level->jigsaw && level->variant == PW_LATIN_SUDOKU)
                {
                  g_assert_cmpuint (next->box_rows, ==, level->box_cols);
                  g_assert_cmpuint (next->box_cols, ==, level->box_rows);
                }
            }
          _pw_latin_level_free (turned);
          turned = next;
        }
      g_assert_true (_pw_latin_level_equal (level, turned));
      _pw_latin_level_free (turned);

      mirrored = kind->transform (level, PW_TRANSFORM_MIRROR_LEFT_RIGHT);
      g_assert_cmpuint (brute_count (mirrored, 50, NULL), ==, count);
      turned = kind->transform (mirrored, PW_TRANSFORM_MIRROR_LEFT_RIGHT);
      g_assert_true (_pw_latin_level_equal (level, turned));
      _pw_latin_level_free (turned);
      _pw_latin_level_free (mirrored);
    }
}

/* A jigsaw whose regions are not n cells each is refused by validation,
 * naming the region; clashing givens are not a validation problem. */
static void
test_validation (void)
{
  g_autoptr(PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_SUDOKU, 4, 2, 2);
  g_autoptr(GPtrArray) problems = NULL;

  level->givens[0] = level->givens[1] = 3;
  problems = pw_sudoku_kind.validate (level);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  level->jigsaw = TRUE;
  level->box_rows = level->box_cols = 0;
  level->regions[0] = 1;   /* region 1 now has 5 cells, region 0 three */
  problems = pw_sudoku_kind.validate (level);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (((PwProblem *) g_ptr_array_index (problems, 0))->message,
                            "Region 1 has 3 cells"));
  g_assert_nonnull (strstr (((PwProblem *) g_ptr_array_index (problems, 1))->message,
                            "Region 2 has 5 cells"));
}

typedef struct
{
  GPtrArray *levels;
  guint      wanted;
} Collect;

static gboolean
collect (gpointer data,
         double   difficulty,
         gpointer user_data)
{
  Collect *c = user_data;

  g_ptr_array_add (c->levels, data);
  return c->levels->len < c->wanted;
}

static GPtrArray *
generate (const PwKind *kind,
          guint64       seed,
          guint         wanted,
          ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  Collect c = { g_ptr_array_new_with_free_func (kind->free), wanted };
  g_autoptr(GError) error = NULL;
  const char *name;
  va_list args;

  va_start (args, wanted);
  while ((name = va_arg (args, const char *)) != NULL)
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_true (kind->generate (params, seed, 0, collect, NULL, &c, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.levels->len, ==, wanted);
  return c.levels;
}

/* Generated puzzles are unique (or have at most K solutions), minimal
 * when asked, symmetric when asked, within the givens band, and the same
 * seed makes the same puzzles. */
static void
test_generator (void)
{
  struct
  {
    const PwKind *kind;
    const char   *name1, *value1, *name2, *value2, *name3, *value3;
  } cases[] = {
    { &pw_sudoku_kind, "size", "4", "minimal", "true", NULL, NULL },
    { &pw_sudoku_kind, "size", "6", "symmetry", "rot180", "minimal", "true" },
    { &pw_sudoku_kind, "size", "6", "box", "3x2", NULL, NULL },
    { &pw_sudoku_kind, "size", "4", "regions", "jigsaw", "minimal", "true" },
    { &pw_sudoku_kind, "size", "4", "diagonals", "true", "symmetry", "mirror" },
    { &pw_latin_kind, "size", "4", "minimal", "true", NULL, NULL },
    { &pw_latin_kind, "size", "5", "solutions", "3", NULL, NULL },
    { &pw_futoshiki_kind, "size", "4", NULL, NULL, NULL, NULL },
    { &pw_futoshiki_kind, "size", "5", NULL, NULL, NULL, NULL },
    { &pw_sudoku_kind, "size", "9", "givens", "30-34", NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) levels = generate (cases[i].kind, 9 + i, 4, cases[i].name1,
                                              cases[i].value1, cases[i].name2, cases[i].value2,
                                              cases[i].name3, cases[i].value3, NULL);
      g_autoptr(GPtrArray) again = generate (cases[i].kind, 9 + i, 4, cases[i].name1,
                                             cases[i].value1, cases[i].name2, cases[i].value2,
                                             cases[i].name3, cases[i].value3, NULL);
      guint64 k = 1;

      if (cases[i].name2 != NULL && g_str_equal (cases[i].name2, "solutions"))
        k = 3;
      for (guint l = 0; l < levels->len; l++)
        {
          PwLatinLevel *level = g_ptr_array_index (levels, l);
          guint n = level->n, cells = n * n, givens = 0;
          guint64 count;

          g_assert_true (_pw_latin_level_equal (level, g_ptr_array_index (again, l)));
          g_assert_cmpuint (level->variant, ==,
                            cases[i].kind == &pw_sudoku_kind ? PW_LATIN_SUDOKU
                            : cases[i].kind == &pw_latin_kind ? PW_LATIN_LATIN
                                                              : PW_LATIN_FUTOSHIKI);
          if (n <= 6)
            {
              count = brute_count (level, k + 1, NULL);
              g_assert_cmpuint (count, >=, 1);
              g_assert_cmpuint (count, <=, k);
            }
          else
            {
              g_autoptr(PwNumGrid) grid = _pw_latin_build_grid (level);
              PwNumGridSearch search;
              PwNumGridResult result;

              pw_numgrid_search_init (&search);
              search.max_solutions = 2;
              g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
              g_assert_cmpuint (result.solutions, ==, 1);
            }
          for (guint c = 0; c < cells; c++)
            givens += level->givens[c] != 0;
          for (guint j = 1; j < 6; j += 2)
            {
              const char *name = j == 1 ? cases[i].name2 : cases[i].name3;
              const char *value = j == 1 ? cases[i].value2 : cases[i].value3;

              if (name == NULL)
                continue;
              /* minimal cell by cell; with a symmetry, orbit by orbit */
              if (g_str_equal (name, "minimal") &&
                  !(cases[i].name2 != NULL && g_str_equal (cases[i].name2, "symmetry")))
                for (guint c = 0; c < cells; c++)
                  {
                    g_autoptr(PwLatinLevel) without = _pw_latin_level_copy (level);

                    if (level->givens[c] == 0)
                      continue;
                    without->givens[c] = 0;
                    g_assert_cmpuint (brute_count (without, 2, NULL), ==, 2);
                  }
              if (g_str_equal (name, "symmetry") && g_str_equal (value, "rot180"))
                {
                  for (guint c = 0; c < cells; c++)
                    g_assert_cmpint (level->givens[c] != 0, ==,
                                     level->givens[cells - 1 - c] != 0);
                  /* no pair of givens can go */
                  for (guint c = 0; c < cells; c++)
                    {
                      g_autoptr(PwLatinLevel) without = _pw_latin_level_copy (level);

                      if (level->givens[c] == 0)
                        continue;
                      without->givens[c] = without->givens[cells - 1 - c] = 0;
                      g_assert_cmpuint (brute_count (without, 2, NULL), ==, 2);
                    }
                }
              if (g_str_equal (name, "symmetry") && g_str_equal (value, "mirror"))
                for (guint c = 0; c < cells; c++)
                  g_assert_cmpint (level->givens[c] != 0, ==,
                                   level->givens[(c / n) * n + n - 1 - c % n] != 0);
              if (g_str_equal (name, "box"))
                {
                  g_assert_cmpuint (level->box_rows, ==, 3);
                  g_assert_cmpuint (level->box_cols, ==, 2);
                }
              if (g_str_equal (name, "regions"))
                {
                  g_autoptr(GPtrArray) problems = pw_sudoku_kind.validate (level);

                  g_assert_true (level->jigsaw);
                  g_assert_cmpuint (problems->len, ==, 0);
                }
              if (g_str_equal (name, "diagonals"))
                g_assert_true (level->diagonals);
              if (g_str_equal (name, "givens"))
                {
                  g_assert_cmpuint (givens, >=, 30);
                  g_assert_cmpuint (givens, <=, 34);
                }
            }
          if (level->variant == PW_LATIN_FUTOSHIKI)
            {
              guint signs = 0;

              for (guint c = 0; c < cells; c++)
                signs += level->signs[c] != 0;
              g_assert_cmpuint (signs, >, 0);
            }
        }
    }
}

static void
test_generator_bad_params (void)
{
  const char *cases[][2] = {
    { "size", "3" }, { "box", "2x5" }, { "symmetry", "spiral" }, { "grade", "5" },
    { "colour", "red" }, { "solutions", "0" }, { "givens", "9-3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      Collect c = { g_ptr_array_new_with_free_func (pw_sudoku_kind.free), 1 };

      g_hash_table_insert (params, (gpointer) cases[i][0], (gpointer) cases[i][1]);
      if (g_str_equal (cases[i][0], "box"))
        g_hash_table_insert (params, (gpointer) "size", (gpointer) "9");
      g_assert_false (pw_sudoku_kind.generate (params, 1, 0, collect, NULL, &c, NULL, &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i][0]));
      g_ptr_array_unref (c.levels);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/latin/figures-random", test_figures_random);
  g_test_add_func ("/analysis/latin/deterministic", test_deterministic);
  g_test_add_func ("/analysis/latin/payload-round-trip", test_payload_round_trip);
  g_test_add_func ("/analysis/latin/transforms", test_transforms);
  g_test_add_func ("/analysis/latin/validation", test_validation);
  g_test_add_func ("/analysis/latin/generator", test_generator);
  g_test_add_func ("/analysis/latin/generator-bad-params", test_generator_bad_params);

  return g_test_run ();
}
