/* test-magic.c — the magic kind: known counts, every figure against a
 * plain enumerator on random squares, the counting with restarts, text
 * and payload forms, bad input, the generator
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The enumerator fills cells in reading order and checks only the rules
 * themselves (distinct values, givens kept, a line's sum once it is full;
 * a partial row or column over the sum is cut, values being positive), and
 * finds classes up to symmetry with its own turning and mirroring.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "puzzlewright.h"
#include "fd.h"
#include "magic-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The plain enumerator                                                 */

typedef struct
{
  const PwMagicLevel *level;
  guint               n;
  guint               sum;
  guint8              values[PW_MAGIC_MAX_CELLS];
  guint               order[PW_MAGIC_MAX_CELLS];
  gboolean            used[PW_MAGIC_MAX_CELLS + 1];
  GPtrArray          *solutions;   /* guint8 copies */
} Plain;

/* Whether the line from @first by @step can still make the sum: its
 * blank cells (values 0) must be able to take distinct unused values
 * that add up to what is missing (the smallest and largest such sums
 * bound it). */
PW_TEST_ORACLE static gboolean
line_ok (const Plain *p,
         guint        first,
         guint        step)
{
  guint sum = 0, blanks = 0, low = 0, high = 0, taken;

  for (guint i = 0; i < p->n; i++)
    {
      sum += p->values[first + i * step];
      blanks += p->values[first + i * step] == 0;
    }
  if (sum > p->sum)
    return FALSE;
  taken = 0;
  for (guint v = 1; v <= p->n * p->n && taken < blanks; v++)
    if (!p->used[v])
      low += v, taken++;
  taken = 0;
  for (guint v = p->n * p->n; v >= 1 && taken < blanks; v--)
    if (!p->used[v])
      high += v, taken++;
  return sum + low <= p->sum && p->sum <= sum + high;
}

/* Fills the cells in the order row 1, column 1, row 2, column 2, … so
 * that lines fill early; after each value, every line through the cell
 * must still be able to make the sum. */
PW_TEST_ORACLE static void
plain_fill (Plain *p,
            guint  i)
{
  guint n = p->n, c, x, y;

  if (i == n * n)
    {
      g_ptr_array_add (p->solutions, g_memdup2 (p->values, n * n));
      return;
    }
  c = p->order[i];
  x = c % n;
  y = c / n;
  for (guint v = 1; v <= n * n; v++)
    {
      if (p->used[v] || (p->level->givens[c] != 0 && p->level->givens[c] != v))
        continue;
      p->values[c] = v;
      p->used[v] = TRUE;
      if (line_ok (p, y * n, 1) && line_ok (p, x, n) &&
          (x != y || line_ok (p, 0, n + 1)) && (x + y != n - 1 || line_ok (p, n - 1, n - 1)))
        plain_fill (p, i + 1);
      p->used[v] = FALSE;
      p->values[c] = 0;
    }
}

/* (x, y) turned a quarter clockwise @turns times, after a left-right
 * mirror when @mirror: written out, not shared with the kind. */
static guint
image_cell (guint    n,
            guint    turns,
            gboolean mirror,
            guint    c)
{
  guint x = c % n, y = c / n;

  if (mirror)
    x = n - 1 - x;
  for (guint t = 0; t < turns; t++)
    {
      guint nx = n - 1 - y;

      y = x;
      x = nx;
    }
  return y * n + x;
}

/* Solutions that are the smallest of their images keeping the givens. */
static guint64
plain_classes (const Plain *p)
{
  guint n = p->n, cells = n * n;
  guint64 classes = 0;
  guint8 image[PW_MAGIC_MAX_CELLS];

  for (guint i = 0; i < p->solutions->len; i++)
    {
      const guint8 *s = g_ptr_array_index (p->solutions, i);
      gboolean smallest = TRUE;

      for (guint t = 0; t < 4 && smallest; t++)
        for (guint m = 0; m < 2 && smallest; m++)
          {
            gboolean keeps = TRUE;

            for (guint c = 0; c < cells; c++)
              image[image_cell (n, t, m, c)] = s[c];
            for (guint c = 0; c < cells; c++)
              keeps = keeps && (p->level->givens[c] == 0 || p->level->givens[c] == image[c]);
            if (keeps && memcmp (image, s, cells) < 0)
              smallest = FALSE;
          }
      classes += smallest;
    }
  return classes;
}

static Plain *
plain_run (const PwMagicLevel *level)
{
  Plain *p = g_new0 (Plain, 1);

  p->level = level;
  p->n = level->n;
  p->sum = level->n * (level->n * level->n + 1) / 2;
  p->solutions = g_ptr_array_new_with_free_func (g_free);
  for (guint line = 0, i = 0; line < p->n; line++)
    {
      for (guint x = line; x < p->n; x++)
        p->order[i++] = line * p->n + x;
      for (guint y = line + 1; y < p->n; y++)
        p->order[i++] = y * p->n + line;
    }
  plain_fill (p, 0);
  return p;
}

static void
plain_free (Plain *p)
{
  g_ptr_array_unref (p->solutions);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Plain, plain_free)

/* Whether @values is a magic square keeping @level's givens. */
static gboolean
is_magic (const PwMagicLevel *level,
          const guint8       *values)
{
  guint n = level->n, sum = _pw_magic_sum (n), d1 = 0, d2 = 0;
  gboolean used[PW_MAGIC_MAX_CELLS + 1] = { 0 };

  for (guint c = 0; c < n * n; c++)
    {
      if (values[c] < 1 || values[c] > n * n || used[values[c]])
        return FALSE;
      if (level->givens[c] != 0 && level->givens[c] != values[c])
        return FALSE;
      used[values[c]] = TRUE;
    }
  for (guint i = 0; i < n; i++)
    {
      guint row = 0, col = 0;

      for (guint j = 0; j < n; j++)
        {
          row += values[i * n + j];
          col += values[j * n + i];
        }
      if (row != sum || col != sum)
        return FALSE;
      d1 += values[i * n + i];
      d2 += values[i * n + n - 1 - i];
    }
  return d1 == sum && d2 == sum;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

typedef struct
{
  GPtrArray *list;
  guint      cells;
} Kept;

static gboolean
keep_solution (const guint8 *values,
               gpointer      data)
{
  Kept *kept = data;

  g_ptr_array_add (kept->list, g_memdup2 (values, kept->cells));
  return TRUE;
}

static PwMagicResult
search (const PwMagicLevel *level,
        gboolean            random_order,
        guint64             seed,
        GPtrArray          *solutions)
{
  PwMagicSearch s;
  PwMagicResult result;
  g_autoptr(GError) error = NULL;
  Kept kept = { solutions, level->n * level->n };

  _pw_magic_search_init (&s);
  s.random_order = random_order;
  s.seed = seed;
  if (solutions != NULL)
    {
      s.on_solution = keep_solution;
      s.on_solution_data = &kept;
    }
  g_assert_true (_pw_magic_search (level, &s, &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.exhausted);
  return result;
}

static PwMagicLevel *
level_from_rows (guint              n,
                 const char * const *rows)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  PwMagicLevel *level;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s\n", rows[i]);
  level = pw_magic_kind.from_text (text->str, &error);
  g_assert_no_error (error);
  g_assert_nonnull (level);
  return level;
}

/* A random square of size @n with a few givens: from a random magic
 * square (found by a random search), or at random. */
static PwMagicLevel *
random_level (GRand *rand,
              guint  n)
{
  PwMagicLevel *level = _pw_magic_level_new (n);
  guint cells = n * n;
  guint kept = g_rand_int_range (rand, n == 3 ? 0 : 3, n == 3 ? 4 : 8);

  if (g_rand_int_range (rand, 0, 4) > 0)
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new_with_free_func (g_free);
      Kept square = { one, cells };
      PwMagicSearch s;
      PwMagicResult result;

      _pw_magic_search_init (&s);
      s.random_order = TRUE;
      s.seed = g_rand_int (rand);
      s.max_solutions = 1;
      s.on_solution = keep_solution;
      s.on_solution_data = &square;
      g_assert_true (_pw_magic_search (level, &s, &result, NULL));
      g_assert_cmpuint (one->len, ==, 1);
      for (guint i = 0; i < kept; i++)
        {
          guint c = g_rand_int_range (rand, 0, cells);

          level->givens[c] = ((guint8 *) one->pdata[0])[c];
        }
      /* sometimes one given changed: usually no solution then */
      if (g_rand_int_range (rand, 0, 4) == 0)
        level->givens[g_rand_int_range (rand, 0, cells)] = g_rand_int_range (rand, 1, cells + 1);
    }
  else
    for (guint i = 0; i < kept; i++)
      level->givens[g_rand_int_range (rand, 0, cells)] = g_rand_int_range (rand, 1, cells + 1);
  return level;
}

/* ------------------------------------------------------------------ */
/* Known counts                                                         */

static void
test_known_counts (void)
{
  for (guint n = 1; n <= 4; n++)
    {
      g_autoptr(PwMagicLevel) level = _pw_magic_level_new (n);
      g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) distinct = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                               (GDestroyNotify) g_bytes_unref,
                                                               NULL);
      PwMagicResult plain = search (level, FALSE, 0, found);
      PwMagicResult shuffled = search (level, TRUE, 7, NULL);
      static const guint64 counts[] = { 0, 1, 0, 8, 7040 };
      static const guint64 classes[] = { 0, 1, 0, 1, 880 };

      g_assert_cmpuint (plain.solutions, ==, counts[n]);
      g_assert_cmpuint (plain.classes, ==, classes[n]);
      g_assert_cmpuint (shuffled.solutions, ==, counts[n]);
      g_assert_cmpuint (shuffled.classes, ==, classes[n]);
      for (guint i = 0; i < found->len; i++)
        {
          g_assert_true (is_magic (level, found->pdata[i]));
          g_hash_table_add (distinct, g_bytes_new (found->pdata[i], n * n));
        }
      g_assert_cmpuint (g_hash_table_size (distinct), ==, counts[n]);
    }
}

/* The whole 3×3 and a sample of 4×4 squares against the enumerator. */
static void
test_against_plain (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261126);
  guint nonzero = 0, several = 0;

  for (guint round = 0; round < 300; round++)
    {
      guint n = round % 3 == 0 ? 4 : 3;
      g_autoptr(PwMagicLevel) level = random_level (rand, n);
      g_autoptr(Plain) plain = plain_run (level);
      g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      PwMagicResult ordered = search (level, FALSE, 0, found);
      PwMagicResult shuffled = search (level, TRUE, round, NULL);
      guint64 classes = plain_classes (plain);
      g_autofree guint8 *first = g_new0 (guint8, n * n);
      g_autofree guint8 *second = g_new0 (guint8, n * n);
      PwMagicCount count;

      g_assert_cmpuint (ordered.solutions, ==, plain->solutions->len);
      g_assert_cmpuint (shuffled.solutions, ==, plain->solutions->len);
      g_assert_cmpuint (ordered.classes, ==, classes);
      g_assert_cmpuint (shuffled.classes, ==, classes);
      /* the same solutions: each found is one of the enumerator's */
      g_assert_cmpuint (found->len, ==, plain->solutions->len);
      for (guint i = 0; i < found->len; i++)
        {
          gboolean listed = FALSE;

          g_assert_true (is_magic (level, found->pdata[i]));
          for (guint j = 0; j < plain->solutions->len && !listed; j++)
            listed = memcmp (found->pdata[i], plain->solutions->pdata[j], n * n) == 0;
          g_assert_true (listed);
        }
      nonzero += plain->solutions->len > 0;
      several += plain->solutions->len > 1;

      /* counting to caps of 1, 3 and beyond the count */
      static const guint64 caps[] = { 1, 3, 100 };

      for (guint i = 0; i < G_N_ELEMENTS (caps); i++)
        {
          guint64 cap = caps[i];

          g_assert_true (_pw_magic_count (level, cap, 0, round, first, second, &count, NULL,
                                          NULL, NULL));
          g_assert_false (count.node_limit);
          g_assert_cmpint (count.capped, ==, plain->solutions->len > cap);
          if (count.capped)
            g_assert_cmpuint (count.solutions, ==, cap + 1);
          else
            {
              g_assert_true (count.exact);
              g_assert_cmpuint (count.solutions, ==, plain->solutions->len);
              g_assert_cmpuint (count.classes, ==, classes);
            }
          if (plain->solutions->len > 0)
            g_assert_true (is_magic (level, first));
          if (plain->solutions->len > 1)
            {
              g_assert_true (is_magic (level, second));
              g_assert_true (memcmp (first, second, n * n) != 0);
            }
        }
    }
  /* the sample is not all empty or all unique */
  g_assert_cmpuint (nonzero, >, 60);
  g_assert_cmpuint (several, >, 20);
}

/* The general engine (fd.h) states the same square with linear sums: the
 * two must agree on random 4 × 4 squares with givens (5 × 5 ones take the
 * engine minutes). */
static guint64
fd_count (const PwMagicLevel *level)
{
  guint n = level->n, cells = n * n;
  g_autoptr(PwFd) fd = pw_fd_new (cells, cells);
  g_autofree guint *all = g_new (guint, cells);
  guint line[PW_MAGIC_MAX_N];
  int ones[PW_MAGIC_MAX_N];
  /* values 1..n² are 0..n² − 1 to the engine */
  gint64 sum = (gint64) _pw_magic_sum (n) - n;
  PwFdSearch search;
  PwFdResult result;

  for (guint c = 0; c < cells; c++)
    {
      all[c] = c;
      if (level->givens[c] != 0)
        pw_fd_assign (fd, c, level->givens[c] - 1);
    }
  pw_fd_add_all_different (fd, all, cells);
  for (guint i = 0; i < n; i++)
    ones[i] = 1;
  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < n; j++)
        line[j] = i * n + j;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
      for (guint j = 0; j < n; j++)
        line[j] = j * n + i;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
    }
  for (guint j = 0; j < n; j++)
    line[j] = j * n + j;
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  for (guint j = 0; j < n; j++)
    line[j] = j * n + (n - 1 - j);
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  pw_fd_search_init (&search);
  search.order = PW_FD_ORDER_SMALLEST_DOMAIN;
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  g_assert_true (result.exhausted);
  return result.solutions;
}

static void
test_against_fd (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  guint some = 0;

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(PwMagicLevel) level = random_level (rand, 4);
      guint64 count = fd_count (level);

      g_assert_cmpuint (search (level, FALSE, 0, NULL).solutions, ==, count);
      some += count > 0;
    }
  g_assert_cmpuint (some, >=, 10);
}

/* Counting with restarts: caps on squares with many solutions are proved
 * by different solutions, and a node budget stops it. */
static void
test_count_caps (void)
{
  for (guint n = 4; n <= PW_MAGIC_MAX_N; n++)
    {
      g_autoptr(PwMagicLevel) level = _pw_magic_level_new (n);
      PwMagicCount count;
      g_autoptr(GError) error = NULL;
      g_autofree guint8 *first = g_new0 (guint8, n * n);
      g_autofree guint8 *second = g_new0 (guint8, n * n);

      if (n > 8 && !g_test_slow ())
        break;
      g_assert_true (_pw_magic_count (level, 50, 0, n, first, second, &count, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (count.capped);
      g_assert_cmpuint (count.solutions, ==, 51);
      g_assert_true (is_magic (level, first));
      g_assert_true (is_magic (level, second));
      g_assert_true (memcmp (first, second, n * n) != 0);
    }

  {
    g_autoptr(PwMagicLevel) level = _pw_magic_level_new (4);
    PwMagicCount count;

    /* 7,040 squares cannot be counted in 500 nodes */
    g_assert_true (_pw_magic_count (level, 10000, 500, 1, NULL, NULL, &count, NULL, NULL, NULL));
    g_assert_true (count.node_limit);
    g_assert_false (count.exact);
    g_assert_false (count.capped);
    g_assert_cmpuint (count.nodes, <=, 500);
    g_assert_true (_pw_magic_count (level, 10000, 0, 1, NULL, NULL, &count, NULL, NULL, NULL));
    g_assert_true (count.exact);
    g_assert_cmpuint (count.solutions, ==, 7040);
    g_assert_cmpuint (count.classes, ==, 880);
  }
}

static void
test_cancel (void)
{
  g_autoptr(PwMagicLevel) level = _pw_magic_level_new (6);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  PwMagicCount count;

  g_cancellable_cancel (cancellable);
  g_assert_false (_pw_magic_count (level, 10, 0, 1, NULL, NULL, &count, cancellable, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  pw_analyse_options_init (&options);
  g_assert_null (pw_magic_kind.analyse (level, &options, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

static PwAnalysis *
analyse (const PwMagicLevel *level,
         guint64             cap,
         guint64             seed)
{
  PwAnalyseOptions options;
  g_autoptr(GError) error = NULL;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  options.max_solutions = cap;
  options.seed = seed;
  options.search_runs = 10;
  analysis = pw_magic_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (analysis);
  return analysis;
}

static gint64
get_int (PwAnalysis *analysis,
         const char *key)
{
  gint64 value = -1;

  g_assert_true (pw_analysis_get_int (analysis, key, &value));
  return value;
}

static void
assert_solution_figure (PwAnalysis         *analysis,
                        const PwMagicLevel *level)
{
  JsonObject *figures = pw_analysis_get_figures (analysis);
  JsonArray *rows = json_object_get_array_member (figures, "solution");
  guint n = level->n;
  g_autofree guint8 *values = g_new0 (guint8, n * n);

  g_assert_cmpuint (json_array_get_length (rows), ==, n);
  for (guint y = 0; y < n; y++)
    {
      JsonArray *row = json_array_get_array_element (rows, y);

      g_assert_cmpuint (json_array_get_length (row), ==, n);
      for (guint x = 0; x < n; x++)
        values[y * n + x] = json_array_get_int_element (row, x);
    }
  g_assert_true (is_magic (level, values));
}

static void
test_figures (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  const PwKind *kind = pw_kinds_lookup ("magic");

  g_assert_true (kind == &pw_magic_kind);
  for (guint round = 0; round < 60; round++)
    {
      guint n = round % 2 == 0 ? 3 : 4;
      g_autoptr(PwMagicLevel) level = random_level (rand, n);
      g_autoptr(Plain) plain = plain_run (level);
      g_autoptr(PwAnalysis) analysis = analyse (level, 5, 3);
      g_autoptr(PwAnalysis) again = analyse (level, 5, 3);
      JsonObject *figures = pw_analysis_get_figures (analysis);
      guint solutions = plain->solutions->len, givens = 0;
      double difficulty, again_difficulty, sd;

      for (guint c = 0; c < n * n; c++)
        givens += level->givens[c] != 0;
      g_assert_false (pw_analysis_get_partial (analysis));
      /* every figure of the table, and nothing else */
      g_assert_cmpuint (json_object_get_size (figures), ==, kind->n_figures);
      for (guint f = 0; f < kind->n_figures; f++)
        g_assert_true (json_object_has_member (figures, kind->figures[f].key));

      g_assert_cmpint (get_int (analysis, "solutions"), ==, MIN (solutions, 5));
      g_assert_cmpint (json_object_get_boolean_member (figures, "capped"), ==, solutions > 5);
      g_assert_cmpint (json_object_get_boolean_member (figures, "unique"), ==, solutions == 1);
      g_assert_cmpint (get_int (analysis, "givens"), ==, givens);
      g_assert_cmpint (get_int (analysis, "nodes"), >=, 0);
      if (solutions > 5)
        g_assert_true (json_object_get_null_member (figures, "solutions_up_to_symmetry"));
      else
        g_assert_cmpint (get_int (analysis, "solutions_up_to_symmetry"), ==,
                         plain_classes (plain));
      if (solutions > 0)
        assert_solution_figure (analysis, level);
      else
        g_assert_true (json_object_get_null_member (figures, "solution"));
      g_assert_true (pw_analysis_get_double (analysis, "difficulty", &difficulty));
      g_assert_true (pw_analysis_get_double (analysis, "difficulty_sd", &sd));
      g_assert_true (pw_analysis_get_double (again, "difficulty", &again_difficulty));
      g_assert_cmpfloat (difficulty, ==, again_difficulty);
      g_assert_cmpfloat (difficulty, >=, 0);
      g_assert_cmpfloat (sd, >=, 0);
      g_assert_nonnull (strstr (json_object_get_string_member (figures, "difficulty_method"),
                                "10"));
    }
}

static void
test_figures_blank_and_known (void)
{
  g_autoptr(PwMagicLevel) three = _pw_magic_level_new (3);
  g_autoptr(PwMagicLevel) four = _pw_magic_level_new (4);
  g_autoptr(PwAnalysis) a3 = analyse (three, 1000, 1);
  g_autoptr(PwAnalysis) a4 = analyse (four, 10000, 1);
  g_autoptr(PwAnalysis) capped = analyse (four, 1000, 1);
  g_autoptr(PwMagicLevel) seven = _pw_magic_level_new (7);
  g_autoptr(PwAnalysis) a7 = NULL;
  PwAnalyseOptions options;
  const char *only[] = { "solutions", "solution", NULL };

  g_assert_cmpint (get_int (a3, "solutions"), ==, 8);
  g_assert_cmpint (get_int (a3, "solutions_up_to_symmetry"), ==, 1);
  g_assert_cmpint (get_int (a4, "solutions"), ==, 7040);
  g_assert_cmpint (get_int (a4, "solutions_up_to_symmetry"), ==, 880);
  g_assert_false (json_object_get_boolean_member (pw_analysis_get_figures (a4), "capped"));
  g_assert_cmpint (get_int (capped, "solutions"), ==, 1000);
  g_assert_true (json_object_get_boolean_member (pw_analysis_get_figures (capped), "capped"));
  assert_solution_figure (a4, four);

  /* a blank 7 × 7: a solution, the cap proved, difficulty skipped */
  pw_analyse_options_init (&options);
  options.max_solutions = 1;
  options.figures = only;
  a7 = pw_magic_kind.analyse (seven, &options, NULL, NULL, NULL, NULL);
  g_assert_nonnull (a7);
  assert_solution_figure (a7, seven);
  g_assert_cmpint (get_int (a7, "solutions"), ==, 1);
  g_assert_true (json_object_get_boolean_member (pw_analysis_get_figures (a7), "capped"));
  g_assert_true (json_object_get_null_member (pw_analysis_get_figures (a7), "difficulty"));
}

static void
test_conflicts_and_partial (void)
{
  const char *rows[] = { "2 . 2", ". . .", "4 5 7" };
  g_autoptr(PwMagicLevel) level = level_from_rows (3, rows);
  g_autoptr(PwAnalysis) analysis = analyse (level, 10, 1);
  JsonArray *conflicts = json_object_get_array_member (pw_analysis_get_figures (analysis),
                                                       "conflicts");
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(PwMagicLevel) open = _pw_magic_level_new (5);
  g_autoptr(PwAnalysis) partial = NULL;
  PwAnalyseOptions options;

  /* 2 twice (top row), 4 5 7 is 16 not 15 (bottom row), and the first
   * column 2 . 4 is fine */
  json_node_set_array (node, conflicts);
  text = json_to_string (node, FALSE);
  g_assert_cmpstr (text, ==, "[[0,0],[2,0],[0,2],[1,2],[2,2]]");
  g_assert_cmpint (get_int (analysis, "solutions"), ==, 0);
  g_assert_true (json_object_get_null_member (pw_analysis_get_figures (analysis), "solution"));

  /* a budget too small: partial, the count unknown */
  pw_analyse_options_init (&options);
  options.max_states = 40;
  options.max_solutions = 100000000;
  partial = pw_magic_kind.analyse (open, &options, NULL, NULL, NULL, NULL);
  g_assert_nonnull (partial);
  g_assert_true (pw_analysis_get_partial (partial));
  g_assert_true (json_object_get_null_member (pw_analysis_get_figures (partial), "solutions"));
}

/* ------------------------------------------------------------------ */
/* Text and payload                                                     */

static void
test_text_round_trip (void)
{
  const char *text = " 16   .   .  13\n  .  11  10   .\n  .   7   6   .\n  4   .   .   1\n";
  const char *rows[] = { "16 . . 13", ". 11 10 .", ". 7 6 .", "4 . . 1" };
  g_autoptr(PwMagicLevel) level = level_from_rows (4, rows);
  g_autofree char *written = pw_magic_kind.to_text (level);
  g_autoptr(PwMagicLevel) back = pw_magic_kind.from_text (written, NULL);
  g_autoptr(JsonNode) json = pw_magic_kind.to_json (level);
  g_autoptr(PwMagicLevel) from_json = pw_magic_kind.from_json (json, NULL);
  g_autoptr(PwMagicLevel) compact = pw_magic_kind.from_text ("816\n3.7\n4.2\n", NULL);
  g_autofree char *three = pw_magic_kind.to_text (compact);
  g_autofree char *size = pw_magic_kind.describe_size (level);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) exported = g_string_new (NULL);

  g_assert_cmpstr (written, !=, text);  /* the width is that of 16: two */
  g_assert_cmpstr (written, ==, "16  .  . 13\n . 11 10  .\n .  7  6  .\n 4  .  .  1\n");
  g_assert_true (_pw_magic_level_equal (level, back));
  g_assert_true (_pw_magic_level_equal (level, from_json));
  g_assert_cmpstr (three, ==, "8 1 6\n3 . 7\n4 . 2\n");
  g_assert_cmpstr (size, ==, "4×4");

  /* a file of puzzles separated by blank lines, with names, back as written */
  g_assert_true (pw_import_text (set, "magic",
                                 "; First\n16 . . 13\n. 11 10 .\n. 7 6 .\n4 . . 1\n\n"
                                 "8 1 6\n3 5 7\n4 9 2\n", "m.txt", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 0)), ==, "First");
  g_assert_true (_pw_magic_level_equal (pw_level_get_data (pw_level_set_get_level (set, 0)),
                                        level));
  for (guint i = 0; i < 2; i++)
    {
      PwLevel *l = pw_level_set_get_level (set, i);
      g_autofree char *t = pw_magic_kind.to_text (pw_level_get_data (l));

      g_string_append_printf (exported, "; %s\n%s\n", pw_level_get_name (l), t);
    }
  {
    g_autoptr(PwLevelSet) again = pw_level_set_new ();

    g_assert_true (pw_import_text (again, "magic", exported->str, "e.txt", &error));
    for (guint i = 0; i < 2; i++)
      g_assert_true (_pw_magic_level_equal (
        pw_level_get_data (pw_level_set_get_level (set, i)),
        pw_level_get_data (pw_level_set_get_level (again, i))));
  }
}

static void
assert_text_error (const char *text,
                   const char *part)
{
  g_autoptr(GError) error = NULL;
  gpointer level = pw_magic_kind.from_text (text, &error);

  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s”: the message “%s” does not say “%s”", text, error->message, part);
}

static void
assert_payload_error (const char *json,
                      const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);
  gpointer level;

  g_assert_no_error (error);
  level = pw_magic_kind.from_json (node, &error);
  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  if (strstr (error->message, part) == NULL)
    g_error ("%s: the message “%s” does not say “%s”", json, error->message, part);
}

static void
test_bad_input (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;

  assert_text_error ("1 2 3\n4 5 6\n", "row 1 has 3 cells but there are 2 rows");
  assert_text_error ("1 2 3\n4 5 6\n7 8 10\n",
                     "row 3, column 3: “10” is not a blank or a value from 1 to 9");
  assert_text_error ("1 2 3\n4 5\n7 8 9\n", "row 2: 2 cells");
  assert_text_error ("1 2 3\n4 5 6 7\n7 8 9\n", "row 2: more than 3 cells");
  assert_text_error ("1 2 a\n. . .\n. . .\n", "row 1, column 3: “a”");
  assert_text_error ("81x\n...\n...\n", "row 1, column 3: “x”");
  assert_text_error ("", "has 1 to 11 rows; this one has 0");
  assert_text_error (". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n"
                     ". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n"
                     ". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n"
                     ". . . . . . . . . . . .\n. . . . . . . . . . . .\n. . . . . . . . . . . .\n",
                     "this one has 12");

  assert_payload_error ("[1]", "payload must be an object");
  assert_payload_error ("{\"size\": 3, \"grid\": [\"...\", \"...\", \"...\"], \"x\": 1}",
                        "unknown member “x”");
  assert_payload_error ("{\"size\": 12, \"grid\": []}",
                        "payload.size must be a whole number from 1 to 11");
  assert_payload_error ("{\"size\": \"3\", \"grid\": []}", "payload.size");
  assert_payload_error ("{\"size\": 3, \"grid\": \"...\"}",
                        "payload.grid must be a list of 3 row strings");
  assert_payload_error ("{\"size\": 3, \"grid\": [\"...\", \"...\"]}", "payload.grid has 2 rows");
  assert_payload_error ("{\"size\": 3, \"grid\": [\"...\", 5, \"...\"]}",
                        "payload.grid row 2 is not a string");
  assert_payload_error ("{\"size\": 3, \"grid\": [\"...\", \"...\", \". . 10\"]}",
                        "payload.grid, row 3, column 3: “10”");

  /* the importer names the file and the line the level starts on */
  g_assert_false (pw_import_text (set, "magic", "8 1 6\n3 5 7\n4 9 2\n\n1 2 3\n4 5 6\n7 8 99\n",
                                  "bad.txt", &error));
  g_assert_nonnull (strstr (error->message, "bad.txt: the level starting at line 5"));
  g_assert_nonnull (strstr (error->message, "row 3, column 3"));
}

static void
test_transforms (void)
{
  const char *rows[] = { "16 . . .", ". . 10 .", ". . . .", "4 . . 1" };
  g_autoptr(PwMagicLevel) level = level_from_rows (4, rows);
  g_autoptr(PwAnalysis) before = analyse (level, 10000, 1);

  for (PwTransform t = PW_TRANSFORM_MIRROR_LEFT_RIGHT; t <= PW_TRANSFORM_ROTATE_ANTICLOCKWISE; t++)
    {
      g_autoptr(PwMagicLevel) turned = pw_magic_kind.transform (level, t);
      g_autoptr(PwAnalysis) after = analyse (turned, 10000, 1);
      guint givens = 0;

      for (guint c = 0; c < 16; c++)
        givens += turned->givens[c] != 0;
      g_assert_cmpuint (givens, ==, 4);
      g_assert_false (_pw_magic_level_equal (level, turned));
      g_assert_cmpint (get_int (after, "solutions"), ==, get_int (before, "solutions"));
      g_assert_cmpint (get_int (after, "solutions_up_to_symmetry"), ==,
                       get_int (before, "solutions_up_to_symmetry"));
    }
  {
    g_autoptr(PwMagicLevel) cw = pw_magic_kind.transform (level, PW_TRANSFORM_ROTATE_CLOCKWISE);

    /* the top-left 16 goes to the top right */
    g_assert_cmpuint (cw->givens[3], ==, 16);
    g_assert_cmpuint (cw->givens[0], ==, 4);
  }
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

typedef struct
{
  GPtrArray *levels;
  guint      wanted;
} Collected;

static gboolean
collect (gpointer data,
         double   difficulty,
         gpointer user_data)
{
  Collected *c = user_data;

  g_assert_false (isnan (difficulty));
  g_ptr_array_add (c->levels, data);
  return c->levels->len < c->wanted;
}

static GPtrArray *
generate (guint64     seed,
          guint       wanted,
          const char *first,
          ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  Collected c = { g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_magic_level_free), wanted };
  g_autoptr(GError) error = NULL;
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_true (pw_magic_kind.generate (params, seed, 0, collect, NULL, &c, NULL, &error));
  g_assert_no_error (error);
  return c.levels;
}

static void
test_generator (void)
{
  g_autoptr(GPtrArray) a = generate (5, 3, "size", "4", NULL);
  g_autoptr(GPtrArray) b = generate (5, 3, "size", "4", NULL);
  g_autoptr(GPtrArray) c = generate (6, 3, "size", "4", NULL);
  g_autoptr(GPtrArray) targeted = generate (2, 2, "size", "5", "givens", "10-12", NULL);
  g_autoptr(GPtrArray) three = generate (1, 2, "size", "3", "solutions", "8", NULL);
  gboolean differs = FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      g_autoptr(Plain) plain = plain_run (a->pdata[i]);

      /* unique, and no given can go */
      g_assert_cmpuint (plain->solutions->len, ==, 1);
      for (guint cell = 0; cell < 16; cell++)
        {
          g_autoptr(PwMagicLevel) less = _pw_magic_level_copy (a->pdata[i]);
          g_autoptr(Plain) more = NULL;

          if (less->givens[cell] == 0)
            continue;
          less->givens[cell] = 0;
          more = plain_run (less);
          g_assert_cmpuint (more->solutions->len, >, 1);
        }
      g_assert_true (_pw_magic_level_equal (a->pdata[i], b->pdata[i]));
      differs |= !_pw_magic_level_equal (a->pdata[i], c->pdata[i]);
    }
  g_assert_true (differs);
  for (guint i = 0; i < targeted->len; i++)
    {
      PwMagicLevel *level = targeted->pdata[i];
      PwMagicCount count;
      guint givens = 0;

      for (guint cell = 0; cell < 25; cell++)
        givens += level->givens[cell] != 0;
      g_assert_cmpuint (givens, >=, 10);
      g_assert_cmpuint (givens, <=, 12);
      g_assert_true (_pw_magic_count (level, 10, 0, 1, NULL, NULL, &count, NULL, NULL, NULL));
      g_assert_true (count.exact);
      g_assert_cmpuint (count.solutions, ==, 1);
    }
  /* at most 8 solutions: the blank 3 × 3 itself */
  for (guint i = 0; i < three->len; i++)
    {
      guint givens = 0;

      for (guint cell = 0; cell < 9; cell++)
        givens += ((PwMagicLevel *) three->pdata[i])->givens[cell] != 0;
      g_assert_cmpuint (givens, ==, 0);
    }
}

static void
test_generator_bad_params (void)
{
  const char *bad[][3] = {
    { "size", "2", "size=2: give a number from 3 to 11" },
    { "size", "x", "size=x" },
    { "givens", "9-3", "givens=9-3: give MIN-MAX" },
    { "solutions", "0", "solutions=0" },
    { "colour", "red", "“colour” is not a parameter" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;

      g_hash_table_insert (params, (gpointer) bad[i][0], (gpointer) bad[i][1]);
      g_assert_false (pw_magic_kind.generate (params, 1, 0, collect, NULL, NULL, NULL, &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i][2]));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/magic/known-counts", test_known_counts);
  g_test_add_func ("/analysis/magic/against-plain", test_against_plain);
  g_test_add_func ("/analysis/magic/against-fd", test_against_fd);
  g_test_add_func ("/analysis/magic/count-caps", test_count_caps);
  g_test_add_func ("/analysis/magic/cancel", test_cancel);
  g_test_add_func ("/analysis/magic/figures", test_figures);
  g_test_add_func ("/analysis/magic/figures-known", test_figures_blank_and_known);
  g_test_add_func ("/analysis/magic/conflicts-partial", test_conflicts_and_partial);
  g_test_add_func ("/analysis/magic/text-round-trip", test_text_round_trip);
  g_test_add_func ("/analysis/magic/bad-input", test_bad_input);
  g_test_add_func ("/analysis/magic/transforms", test_transforms);
  g_test_add_func ("/analysis/magic/generator", test_generator);
  g_test_add_func ("/analysis/magic/generator-bad-params", test_generator_bad_params);
  return g_test_run ();
}
