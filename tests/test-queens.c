/* test-queens.c — the queens and star-battle kinds: counts against plain
 * enumerators on random boards, every figure, the Star Battle grader's
 * techniques on positions made for them and its soundness on random
 * puzzles, text and payload forms, bad input, the generators
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The enumerators place a row at a time and check the rules as stated:
 * N-Queens tries every column of a row against every queen above it;
 * Star Battle tries every set of k cells of a row, then counts columns
 * and regions.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "puzzlewright.h"
#include "fd.h"
#include "queens-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The plain enumerators                                                */

typedef struct
{
  const PwQueensLevel *level;
  guint                n;
  guint8               board[PW_QUEENS_MAX_N * PW_QUEENS_MAX_N];
  guint                column[PW_QUEENS_MAX_N];   /* queens: per row */
  guint                col_count[PW_QUEENS_MAX_N];
  guint                region_count[PW_QUEENS_MAX_N];
  guint32              row_stars[PW_QUEENS_MAX_N];
  GPtrArray           *solutions;
} Plain;

static void
plain_queens (Plain *p,
              guint  y)
{
  guint n = p->n;

  if (y == n)
    {
      g_ptr_array_add (p->solutions, g_memdup2 (p->board, n * n));
      return;
    }
  for (guint x = 0; x < n; x++)
    {
      gboolean ok = p->level->cells[y * n + x] != PW_QUEENS_CELL_BLOCKED;

      /* a queen given elsewhere in the row takes the row */
      for (guint gx = 0; gx < n && ok; gx++)
        if (gx != x && p->level->cells[y * n + gx] == PW_QUEENS_CELL_QUEEN)
          ok = FALSE;
      for (guint py = 0; py < y && ok; py++)
        {
          int dx = (int) p->column[py] - (int) x, dy = (int) y - (int) py;

          if (dx == 0 || dx == dy || dx == -dy)
            ok = FALSE;
        }
      if (!ok)
        continue;
      p->column[y] = x;
      p->board[y * n + x] = 1;
      plain_queens (p, y + 1);
      p->board[y * n + x] = 0;
    }
}

static void
plain_stars (Plain *p,
             guint  y)
{
  guint n = p->n, k = p->level->stars;

  if (y == n)
    {
      for (guint i = 0; i < n; i++)
        if (p->col_count[i] != k || p->region_count[i] != k)
          return;
      g_ptr_array_add (p->solutions, g_memdup2 (p->board, n * n));
      return;
    }
  for (guint32 set = 0; set < (1u << n); set++)
    {
      gboolean ok = (guint) __builtin_popcount (set) == k && (set & (set << 1)) == 0;
      guint32 above = y > 0 ? p->row_stars[y - 1] : 0;

      /* no star touching one in the row above */
      ok = ok && (set & (above | above << 1 | above >> 1)) == 0;
      for (guint x = 0; x < n && ok; x++)
        {
          guint8 mark = p->level->cells[y * n + x];
          gboolean star = set >> x & 1;

          if ((mark == PW_QUEENS_CELL_QUEEN && !star) || (mark == PW_QUEENS_CELL_BLOCKED && star))
            ok = FALSE;
        }
      if (!ok)
        continue;
      for (guint x = 0; x < n; x++)
        if (set >> x & 1)
          {
            p->col_count[x]++;
            p->region_count[p->level->regions[y * n + x]]++;
            p->board[y * n + x] = 1;
          }
      for (guint i = 0; i < n && ok; i++)
        ok = p->col_count[i] <= k && p->region_count[i] <= k;
      p->row_stars[y] = set;
      if (ok)
        plain_stars (p, y + 1);
      for (guint x = 0; x < n; x++)
        if (set >> x & 1)
          {
            p->col_count[x]--;
            p->region_count[p->level->regions[y * n + x]]--;
            p->board[y * n + x] = 0;
          }
    }
}

static Plain *
plain_run (const PwQueensLevel *level)
{
  Plain *p = g_new0 (Plain, 1);

  p->level = level;
  p->n = level->n;
  p->solutions = g_ptr_array_new_with_free_func (g_free);
  if (level->variant == PW_QUEENS_QUEENS)
    plain_queens (p, 0);
  else
    plain_stars (p, 0);
  return p;
}

static void
plain_free (Plain *p)
{
  g_ptr_array_unref (p->solutions);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Plain, plain_free)

static gboolean
listed (GPtrArray    *solutions,
        const guint8 *board,
        guint         cells)
{
  for (guint i = 0; i < solutions->len; i++)
    if (memcmp (solutions->pdata[i], board, cells) == 0)
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Searching                                                            */

typedef struct
{
  GPtrArray *list;
  guint      cells;
} Kept;

static gboolean
keep_solution (const guint8 *board,
               gpointer      data)
{
  Kept *kept = data;

  g_ptr_array_add (kept->list, g_memdup2 (board, kept->cells));
  return TRUE;
}

static PwQueensResult
search (const PwQueensLevel *level,
        gboolean             random_order,
        guint64              seed,
        guint64              max_solutions,
        GPtrArray           *solutions)
{
  PwQueensSearch s;
  PwQueensResult result;
  g_autoptr(GError) error = NULL;
  Kept kept = { solutions, level->n * level->n };

  _pw_queens_search_init (&s);
  s.random_order = random_order;
  s.seed = seed;
  s.max_solutions = max_solutions;
  if (solutions != NULL)
    {
      s.on_solution = keep_solution;
      s.on_solution_data = &kept;
    }
  g_assert_true (_pw_queens_search (level, &s, &result, &error));
  g_assert_no_error (error);
  return result;
}

/* Regions grown at random from n seeds, 4-connected, each cell joining a
 * random neighbouring region. */
static void
random_regions (PwQueensLevel *level,
                GRand         *rand,
                const guint8  *around)
{
  guint n = level->n, cells = n * n, seeded = 0, placed = 0;

  memset (level->regions, 255, cells);
  /* around a solution: each region seeded with k of its stars (not
   * necessarily next to each other: regions need not be connected) */
  if (around != NULL)
    for (guint c = 0; c < cells; c++)
      if (around[c])
        level->regions[c] = placed++ / level->stars;
  seeded = around != NULL ? n : 0;
  while (seeded < n)
    {
      guint c = g_rand_int_range (rand, 0, cells);

      if (level->regions[c] == 255)
        {
          level->regions[c] = seeded++;
          placed++;
        }
    }
  for (guint left = cells - placed; left > 0;)
    {
      guint c = g_rand_int_range (rand, 0, cells), x = c % n, y = c / n;
      guint from[4], count = 0;

      if (level->regions[c] != 255)
        continue;
      if (x > 0 && level->regions[c - 1] != 255)
        from[count++] = level->regions[c - 1];
      if (x + 1 < n && level->regions[c + 1] != 255)
        from[count++] = level->regions[c + 1];
      if (y > 0 && level->regions[c - n] != 255)
        from[count++] = level->regions[c - n];
      if (y + 1 < n && level->regions[c + n] != 255)
        from[count++] = level->regions[c + n];
      if (count == 0)
        continue;
      level->regions[c] = from[g_rand_int_range (rand, 0, count)];
      left--;
    }
}

static PwQueensLevel *
random_queens (GRand *rand)
{
  guint n = g_rand_int_range (rand, 4, 11), cells = n * n;
  PwQueensLevel *level = _pw_queens_level_new (PW_QUEENS_QUEENS, n, 1);
  double blocked = g_rand_double_range (rand, 0, 0.25);
  guint queens = g_rand_int_range (rand, 0, 3);

  for (guint c = 0; c < cells; c++)
    if (g_rand_double (rand) < blocked)
      level->cells[c] = PW_QUEENS_CELL_BLOCKED;
  for (guint i = 0; i < queens; i++)
    level->cells[g_rand_int_range (rand, 0, cells)] = PW_QUEENS_CELL_QUEEN;
  return level;
}

/* A random star battle: regions around a random solution of the rows and
 * columns alone half the time, else anywhere; a few marks. */
static PwQueensLevel *
random_stars (GRand *rand,
              guint  n,
              guint  k)
{
  PwQueensLevel *level = _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, n, k);
  g_autoptr(GPtrArray) free_solutions = g_ptr_array_new_with_free_func (g_free);
  const guint8 *around = NULL;

  if (g_rand_boolean (rand))
    {
      /* the regions a row each: rows and columns only */
      search (level, TRUE, g_rand_int (rand), 1, free_solutions);
      if (free_solutions->len > 0)
        around = free_solutions->pdata[0];
    }
  random_regions (level, rand, around);
  for (guint i = 0, marks = g_rand_int_range (rand, 0, 3); i < marks; i++)
    level->cells[g_rand_int_range (rand, 0, n * n)] =
      g_rand_boolean (rand) ? PW_QUEENS_CELL_BLOCKED : PW_QUEENS_CELL_QUEEN;
  return level;
}

/* ------------------------------------------------------------------ */
/* Counts                                                               */

static void
test_queens_known (void)
{
  static const guint64 counts[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 };

  for (guint n = 1; n < G_N_ELEMENTS (counts); n++)
    {
      g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_QUEENS, n, 1);
      PwQueensResult ordered = search (level, FALSE, 0, 0, NULL);
      PwQueensResult shuffled = search (level, TRUE, n, 0, NULL);

      g_assert_cmpuint (ordered.solutions, ==, counts[n]);
      g_assert_cmpuint (shuffled.solutions, ==, counts[n]);
      g_assert_true (ordered.exhausted);
      if (n <= 9)
        {
          g_autoptr(Plain) plain = plain_run (level);

          g_assert_cmpuint (plain->solutions->len, ==, counts[n]);
        }
    }
}

static void
test_queens_against_plain (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1412);
  guint several = 0, none = 0;

  for (guint round = 0; round < 400; round++)
    {
      g_autoptr(PwQueensLevel) level = random_queens (rand);
      g_autoptr(Plain) plain = plain_run (level);
      g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      PwQueensResult ordered = search (level, FALSE, 0, 0, found);
      PwQueensResult shuffled = search (level, TRUE, round, 0, NULL);
      PwQueensResult capped = search (level, FALSE, 0, 2, NULL);

      g_assert_cmpuint (ordered.solutions, ==, plain->solutions->len);
      g_assert_cmpuint (shuffled.solutions, ==, plain->solutions->len);
      g_assert_cmpuint (capped.solutions, ==, MIN (2, plain->solutions->len));
      g_assert_cmpint (capped.exhausted, ==, plain->solutions->len < 2);
      for (guint i = 0; i < found->len; i++)
        g_assert_true (listed (plain->solutions, found->pdata[i], level->n * level->n));
      several += plain->solutions->len > 1;
      none += plain->solutions->len == 0;
    }
  g_assert_cmpuint (several, >, 50);
  g_assert_cmpuint (none, >, 50);
}

/* N-Queens on the general engine (fd.h): a column per row, columns and
 * both diagonals all different (by offsets), blocked cells removed, given
 * queens assigned (two in a row: no solution). */
static guint64
fd_queens_count (const PwQueensLevel *level)
{
  guint n = level->n;
  g_autoptr(PwFd) fd = pw_fd_new (n, n);
  g_autofree guint *vars = g_new (guint, n);
  g_autofree int *up = g_new (int, n);
  g_autofree int *down = g_new (int, n);
  PwFdSearch search;
  PwFdResult result;

  for (guint y = 0; y < n; y++)
    {
      guint given = 0;

      vars[y] = y;
      up[y] = y;
      down[y] = -(int) y;
      for (guint x = 0; x < n; x++)
        {
          if (level->cells[y * n + x] == PW_QUEENS_CELL_BLOCKED)
            pw_fd_remove_value (fd, y, x);
          if (level->cells[y * n + x] == PW_QUEENS_CELL_QUEEN && given++ == 0)
            pw_fd_assign (fd, y, x);
          else if (level->cells[y * n + x] == PW_QUEENS_CELL_QUEEN)
            return 0;
        }
    }
  pw_fd_add_all_different (fd, vars, n);
  pw_fd_add_all_different_offset (fd, vars, up, n);
  pw_fd_add_all_different_offset (fd, vars, down, n);
  pw_fd_search_init (&search);
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  return result.solutions;
}

static void
test_queens_against_fd (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2718);

  for (guint round = 0; round < 200; round++)
    {
      g_autoptr(PwQueensLevel) level = random_queens (rand);

      g_assert_cmpuint (search (level, FALSE, 0, 0, NULL).solutions, ==, fd_queens_count (level));
    }
}

static void
check_stars_against_plain (guint n,
                           guint k,
                           guint rounds,
                           guint seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint some = 0;

  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(PwQueensLevel) level = random_stars (rand, n, k);
      g_autoptr(Plain) plain = plain_run (level);
      g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      PwQueensResult ordered = search (level, FALSE, 0, 0, found);
      PwQueensResult shuffled = search (level, TRUE, round, 0, NULL);

      g_assert_cmpuint (ordered.solutions, ==, plain->solutions->len);
      g_assert_cmpuint (shuffled.solutions, ==, plain->solutions->len);
      for (guint i = 0; i < found->len; i++)
        g_assert_true (listed (plain->solutions, found->pdata[i], n * n));
      some += plain->solutions->len > 0;
    }
  g_assert_cmpuint (some, >, rounds / 10);
}

static void
test_stars_against_plain (void)
{
  check_stars_against_plain (5, 1, 300, 1);
  check_stars_against_plain (6, 1, 300, 2);
  check_stars_against_plain (8, 2, 60, 3);
  /* rows and columns only: every region a row */
  for (guint n = 1; n <= 8; n++)
    for (guint k = 1; k <= 2; k++)
      {
        g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, n, k);
        g_autoptr(Plain) plain = plain_run (level);

        g_assert_cmpuint (search (level, FALSE, 0, 0, NULL).solutions, ==, plain->solutions->len);
      }
}

static void
test_cancel_and_limits (void)
{
  g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_QUEENS, 14, 1);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwQueensSearch s;
  PwQueensResult result;

  _pw_queens_search_init (&s);
  s.max_nodes = 1000;
  g_assert_true (_pw_queens_search (level, &s, &result, NULL));
  g_assert_true (result.node_limit);
  g_assert_false (result.exhausted);
  g_assert_cmpuint (result.nodes, ==, 1000);
  s.cancellable = cancellable;
  s.max_nodes = 0;
  g_cancellable_cancel (cancellable);
  g_assert_false (_pw_queens_search (level, &s, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

static PwAnalysis *
analyse (const PwQueensLevel *level,
         guint64              cap)
{
  const PwKind *kind = _pw_queens_kind_of (level->variant);
  PwAnalyseOptions options;
  g_autoptr(GError) error = NULL;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  options.max_solutions = cap;
  options.search_runs = 12;
  analysis = kind->analyse (level, &options, NULL, NULL, NULL, &error);
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
check_figures (const PwQueensLevel *level,
               guint64              cap)
{
  const PwKind *kind = _pw_queens_kind_of (level->variant);
  g_autoptr(Plain) plain = plain_run (level);
  g_autoptr(PwAnalysis) analysis = analyse (level, cap);
  g_autoptr(PwAnalysis) again = analyse (level, cap);
  JsonObject *figures = pw_analysis_get_figures (analysis);
  guint n = level->n, solutions = plain->solutions->len, givens = 0;
  double difficulty, again_difficulty;

  for (guint c = 0; c < n * n; c++)
    givens += level->cells[c] != PW_QUEENS_CELL_EMPTY;
  g_assert_cmpuint (json_object_get_size (figures), ==, kind->n_figures);
  for (guint f = 0; f < kind->n_figures; f++)
    g_assert_true (json_object_has_member (figures, kind->figures[f].key));
  g_assert_cmpint (get_int (analysis, "solutions"), ==, MIN (solutions, cap));
  g_assert_cmpint (json_object_get_boolean_member (figures, "capped"), ==, solutions > cap);
  g_assert_cmpint (json_object_get_boolean_member (figures, "unique"), ==, solutions == 1);
  g_assert_cmpint (get_int (analysis, "givens"), ==, givens);
  g_assert_cmpint (get_int (analysis, "nodes"), >=, 0);
  g_assert_true (pw_analysis_get_double (analysis, "difficulty", &difficulty));
  g_assert_true (pw_analysis_get_double (again, "difficulty", &again_difficulty));
  g_assert_cmpfloat (difficulty, ==, again_difficulty);
  g_assert_nonnull (strstr (json_object_get_string_member (figures, "difficulty_method"), "12"));
  if (solutions > 0)
    {
      JsonArray *rows = json_object_get_array_member (figures, "solution");
      g_autofree guint8 *board = g_new0 (guint8, n * n);

      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          board[y * n + x] = json_array_get_int_element (json_array_get_array_element (rows, y),
                                                         x);
      g_assert_true (listed (plain->solutions, board, n * n));
    }
  else
    g_assert_true (json_object_get_null_member (figures, "solution"));
  if (level->variant == PW_QUEENS_STAR_BATTLE)
    {
      g_assert_cmpint (json_object_get_null_member (figures, "grade"), ==, solutions != 1);
      if (solutions == 1)
        {
          JsonObject *used = json_object_get_object_member (figures, "techniques");
          const char *hardest = json_object_get_string_member (figures, "hardest_technique");
          double grade;

          g_assert_true (json_object_has_member (used, hardest));
          g_assert_true (pw_analysis_get_double (analysis, "grade", &grade));
          g_assert_cmpfloat (grade, >=, 1.0);
          g_assert_cmpint (get_int (analysis, "trial_depth"), >=, 0);
          g_assert_cmpint (get_int (analysis, "trial_depth") > 0, ==,
                           g_str_equal (hardest, "trial"));

          /* people read the techniques by name, never by key */
          {
            const PwFigureInfo *info = NULL;
            g_autofree char *shown = NULL;
            g_autofree char *listed_names = NULL;

            for (guint f = 0; f < pw_star_battle_kind.n_figures; f++)
              if (g_str_equal (pw_star_battle_kind.figures[f].key, "hardest_technique"))
                info = &pw_star_battle_kind.figures[f];
            g_assert_nonnull (info);
            shown = pw_figure_info_display (info, json_object_get_member (figures,
                                                                          "hardest_technique"));
            for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
              if (g_str_equal (hardest, _pw_star_technique_key (t)))
                g_assert_cmpstr (shown, ==, _pw_star_technique_name (t));
            for (guint f = 0; f < pw_star_battle_kind.n_figures; f++)
              if (g_str_equal (pw_star_battle_kind.figures[f].key, "techniques"))
                listed_names = pw_figure_info_display (&pw_star_battle_kind.figures[f],
                                                       json_object_get_member (figures,
                                                                               "techniques"));
            g_assert_nonnull (strstr (listed_names, shown));
            g_assert_null (strstr (listed_names, "_"));
          }
        }
    }
}

static void
test_figures (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  g_autoptr(PwQueensLevel) twelve = _pw_queens_level_new (PW_QUEENS_QUEENS, 12, 1);
  g_autoptr(PwAnalysis) all = analyse (twelve, 100000);
  guint unique = 0;

  g_assert_true (pw_kinds_lookup ("queens") == &pw_queens_kind);
  g_assert_true (pw_kinds_lookup ("star-battle") == &pw_star_battle_kind);
  g_assert_cmpint (get_int (all, "solutions"), ==, 14200);
  for (guint round = 0; round < 60; round++)
    {
      g_autoptr(PwQueensLevel) q = random_queens (rand);
      g_autoptr(PwQueensLevel) s = random_stars (rand, 5 + round % 3, 1);

      check_figures (q, 3);
      check_figures (s, 3);
    }
  /* unique star battles have grades: a few from the generator */
  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, 6, 1);
      g_autoptr(GPtrArray) solution = g_ptr_array_new_with_free_func (g_free);

      /* regions around a solution until one is unique */
      for (guint tries = 0; tries < 200; tries++)
        {
          g_autoptr(GRand) r = g_rand_new_with_seed (seed * 1000 + tries);
          g_autoptr(PwQueensLevel) rows = _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, 6, 1);
          g_autoptr(Plain) plain = NULL;

          g_ptr_array_set_size (solution, 0);
          search (rows, TRUE, seed + tries, 1, solution);
          random_regions (level, r, solution->pdata[0]);
          plain = plain_run (level);
          if (plain->solutions->len == 1)
            break;
        }
      check_figures (level, 3);
      unique += TRUE;
    }
  g_assert_cmpuint (unique, ==, 6);
}

/* ------------------------------------------------------------------ */
/* The grader                                                           */

/* A 5 × 5 (k = 1) board from region rows and a position: '.' unknown,
 * '*' star, 'x' empty. */
static PwQueensLevel *
board (const char * const *regions,
       guint               k)
{
  guint n = strlen (regions[0]);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  PwQueensLevel *level;

  if (k != 1)
    g_string_append_printf (text, "stars %u\n", k);
  for (guint y = 0; y < n; y++)
    g_string_append_printf (text, "%s\n", regions[y]);
  level = pw_star_battle_kind.from_text (text->str, &error);
  g_assert_no_error (error);
  return level;
}

static guint8 *
position (const PwQueensLevel *level,
          const char * const  *rows)
{
  guint n = level->n;
  guint8 *p = g_new0 (guint8, n * n);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      p[y * n + x] = rows[y][x] == '*' ? PW_QUEENS_CELL_QUEEN
                     : rows[y][x] == 'x' ? PW_QUEENS_CELL_BLOCKED : PW_QUEENS_CELL_EMPTY;
  return p;
}

static char *
cells_text (const PwQueensLevel *level,
            GArray              *cells)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < cells->len; i++)
    {
      guint c = g_array_index (cells, guint, i);

      g_string_append_printf (text, "%s%u,%u", i ? " " : "", c % level->n, c / level->n);
    }
  return g_string_free (text, FALSE);
}

static void
assert_step (const char * const *regions,
             guint               k,
             const char * const *rows,
             PwStarTechnique     expected,
             const char         *stars,
             const char         *empties,
             const char         *sentence)
{
  g_autoptr(PwQueensLevel) level = board (regions, k);
  g_autofree guint8 *p = position (level, rows);
  gboolean contradiction = TRUE;
  g_autoptr(PwStarStep) step = _pw_star_next_step (level, p, PW_STAR_TRIAL, 1, &contradiction);
  g_autofree char *got_stars = NULL;
  g_autofree char *got_empties = NULL;

  g_assert_false (contradiction);
  g_assert_nonnull (step);
  got_stars = cells_text (level, step->stars);
  got_empties = cells_text (level, step->empties);
  g_assert_cmpstr (_pw_star_technique_key (step->technique), ==,
                   _pw_star_technique_key (expected));
  g_assert_cmpstr (got_stars, ==, stars);
  g_assert_cmpstr (got_empties, ==, empties);
  if (sentence != NULL)
    {
      g_autofree char *said = _pw_star_step_sentence (level, step);

      g_assert_cmpstr (said, ==, sentence);
    }
}

static void
test_techniques (void)
{
  /* five regions: A the left column pair, … (each test says what matters) */
  const char *plain_regions[] = { "AABBB", "AABBB", "CCDDD", "CCDDD", "EEEEE" };

  /* row 1 has its star: the rest of it */
  assert_step (plain_regions, 1,
               (const char *[]) { "*....", ".....", ".....", ".....", "....." },
               PW_STAR_UNIT_COMPLETE, "", "1,0 2,0 3,0 4,0",
               "Row, column or region complete: row 1 has all its stars, so its other cells "
               "hold none.");
  /* the star's row, column and region A emptied; its neighbour r2c2 left */
  {
    const char *regions[] = { "AABBB", "ACBBB", "CCDDD", "CEEDD", "EEEDD" };

    assert_step (regions, 1, (const char *[]) { "*xxxx", "x....", "x....", "x....", "x...." },
                 PW_STAR_NEIGHBOURS, "", "1,1",
                 "Cells around a star: no star touches the star in r1c1, not even "
                 "diagonally.");
  }
  /* region E (the bottom row) lacks a star and has one cell */
  assert_step (plain_regions, 1,
               (const char *[]) { ".....", ".....", ".....", ".....", "xx.xx" },
               PW_STAR_LAST_CELLS, "2,4", "",
               "Last free cells: row 5 needs as many stars as it has free cells, so they all "
               "hold stars.");
  /* region A lies in row 1: the rest of row 1 is empty */
  {
    const char *regions[] = { "AABBB", "CCCBB", "CCDDD", "CEEDD", "EEEDD" };

    assert_step (regions, 1, (const char *[]) { ".....", ".....", ".....", ".....", "....." },
                 PW_STAR_CONFINEMENT, "", "2,0 3,0 4,0",
                 "Region confined to a line: region A lies within row 1, which needs as many "
                 "stars as the region, so the other cells of row 1 hold none.");
  }
  /* regions A and B lie in rows 1–2, neither in one line (and no region
   * in one line, no line in one region): rows 1–2 elsewhere are empty */
  {
    const char *regions[] = { "ACCDB", "CACBD", "CCEDD", "CEEED", "CEEED" };

    assert_step (regions, 1, (const char *[]) { ".....", ".....", ".....", ".....", "....." },
                 PW_STAR_PIGEONHOLE, "", "1,0 2,0 3,0 0,1 2,1 4,1",
                 "Regions confined to lines: regions A, B lie within rows 1 to 2, which need "
                 "as many stars as those regions, so the other cells of rows 1 to 2 hold "
                 "none.");
  }
  /* a star on r2c2 would empty region D's three cells (its neighbours
   * and its row), when nothing easier applies */
  {
    const char *regions[] = { "DDACC", "DAACC", "AAABC", "EAABC", "EEEBB" };

    assert_step (regions, 1, (const char *[]) { ".....", ".....", ".....", ".....", "....." },
                 PW_STAR_NO_ROOM, "", "1,1",
                 "A star here leaves no room: a star in r2c2 would leave region D no room for "
                 "its stars.");
  }
}

/* Trial: from a position the other techniques cannot move, a trial step
 * that agrees with the solution. */
static void
test_trial (void)
{
  /* a 2-star 10 × 10 the grader needs trial for (the generator's) */
  const char *text =
    "stars 2\n"
    "JJJJJJBBBB\nJJJJDDBBBE\nJJJDDDBBBE\nJJJCCCFFFE\nAGGGCCCFFE\n"
    "AAGGCFFFFF\nAGGGGFFFIF\nAAHGGGFFII\nAHHHGIIIII\nAHHHGGIIII\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PwQueensLevel) level = pw_star_battle_kind.from_text (text, &error);
  g_autoptr(Plain) plain = NULL;
  g_autofree guint8 *p = NULL;
  const guint8 *solution;
  gboolean contradiction;
  guint trials = 0;

  g_assert_no_error (error);
  plain = plain_run (level);
  g_assert_cmpuint (plain->solutions->len, ==, 1);
  solution = plain->solutions->pdata[0];
  p = g_memdup2 (level->cells, 100);
  for (;;)
    {
      g_autoptr(PwStarStep) step = _pw_star_next_step (level, p, PW_STAR_NO_ROOM, 0,
                                                       &contradiction);

      g_assert_false (contradiction);
      if (step == NULL)
        {
          g_autoptr(PwStarStep) trial = _pw_star_next_step (level, p, PW_STAR_TRIAL, 3,
                                                            &contradiction);

          if (trial == NULL)
            break;
          g_assert_cmpint (trial->technique, ==, PW_STAR_TRIAL);
          g_assert_cmpuint (trial->depth, >=, 1);
          g_assert_cmpuint (trial->empties->len, ==, 1);
          g_assert_cmpuint (solution[g_array_index (trial->empties, guint, 0)], ==, 0);
          p[g_array_index (trial->empties, guint, 0)] = PW_QUEENS_CELL_BLOCKED;
          trials++;
          continue;
        }
      for (guint i = 0; i < step->stars->len; i++)
        p[g_array_index (step->stars, guint, i)] = PW_QUEENS_CELL_QUEEN;
      for (guint i = 0; i < step->empties->len; i++)
        p[g_array_index (step->empties, guint, i)] = PW_QUEENS_CELL_BLOCKED;
    }
  g_assert_cmpuint (trials, >, 0);
  for (guint c = 0; c < 100; c++)
    g_assert_cmpint (p[c] == PW_QUEENS_CELL_QUEEN, ==, solution[c]);
}

static void
test_contradictions (void)
{
  const char *regions[] = { "AABBB", "AABBB", "CCDDD", "CCDDD", "EEEEE" };
  g_autoptr(PwQueensLevel) level = board (regions, 1);
  gboolean contradiction = FALSE;
  g_autofree guint8 *touching = position (level, (const char *[]) {
    "*....", ".*...", ".....", ".....", "....." });
  g_autofree guint8 *no_room = position (level, (const char *[]) {
    ".....", ".....", ".....", ".....", "xxxxx" });
  g_autofree guint8 *two = position (level, (const char *[]) {
    "*.*..", ".....", ".....", ".....", "....." });
  g_autoptr(PwStarStep) a = _pw_star_next_step (level, touching, PW_STAR_TRIAL, 1, &contradiction);

  g_assert_null (a);
  g_assert_true (contradiction);
  contradiction = FALSE;
  g_assert_null (_pw_star_next_step (level, no_room, PW_STAR_TRIAL, 1, &contradiction));
  g_assert_true (contradiction);
  contradiction = FALSE;
  g_assert_null (_pw_star_next_step (level, two, PW_STAR_TRIAL, 1, &contradiction));
  g_assert_true (contradiction);
}

static void
test_grade_value (void)
{
  guint counts[PW_N_STAR_TECHNIQUES] = { 0 };
  double previous = 0;

  g_assert_cmpfloat (_pw_star_grade_value (counts, 0), ==, 0);
  counts[PW_STAR_UNIT_COMPLETE] = 1;
  g_assert_cmpfloat (_pw_star_grade_value (counts, 0), ==, 1.0);
  /* one step of each harder technique in turn: the grade is its rating,
   * plus half a step for each technique from confinement below it */
  for (guint t = PW_STAR_NEIGHBOURS; t < PW_N_STAR_TECHNIQUES; t++)
    {
      double grade, many;

      counts[t] = 1;
      grade = _pw_star_grade_value (counts, t == PW_STAR_TRIAL ? 1 : 0);
      g_assert_cmpfloat (grade, >=, _pw_star_technique_rating (t));
      g_assert_cmpfloat (grade, >, previous);
      counts[t] = 1000;
      many = _pw_star_grade_value (counts, t == PW_STAR_TRIAL ? 1 : 0);
      /* more hard steps grade higher, never into the next technique */
      g_assert_cmpfloat (many, >, grade);
      if (t + 1 < PW_N_STAR_TECHNIQUES)
        g_assert_cmpfloat (many, <, _pw_star_technique_rating (t + 1));
      counts[t] = 1;
      previous = many;
    }
  /* deeper trials grade higher whatever the counts */
  g_assert_cmpfloat (_pw_star_grade_value (counts, 2), >, previous);
  g_assert_cmpfloat (_pw_star_grade_value (counts, 2), >=, 5.0);
}

/* The reason a step gives is true of @p, the position it was found in:
 * its sentence starts with its technique, its pattern and what it names
 * make the step (a complete unit's stars, the star whose neighbours go,
 * the band and its regions…). */
static void
check_reason (const PwQueensLevel *level,
              const guint8        *p,
              const PwStarStep    *step)
{
  guint n = level->n;
  g_autofree char *sentence = _pw_star_step_sentence (level, step);

  g_assert_true (g_str_has_prefix (sentence, _pw_star_technique_name (step->technique)));
  for (guint i = 0; i < step->pattern->len; i++)
    g_assert_cmpuint (g_array_index (step->pattern, guint, i), <, n * n);
  switch (step->technique)
    {
    case PW_STAR_UNIT_COMPLETE:
      g_assert_cmpuint (step->pattern->len, ==, level->stars);
      for (guint i = 0; i < step->pattern->len; i++)
        g_assert_cmpint (p[g_array_index (step->pattern, guint, i)], ==, PW_QUEENS_CELL_QUEEN);
      for (guint i = 0; i < step->empties->len; i++)
        {
          guint c = g_array_index (step->empties, guint, i);

          g_assert_true (step->unit == c / n || step->unit == n + c % n ||
                         step->unit == 2 * n + level->regions[c]);
        }
      break;
    case PW_STAR_NEIGHBOURS:
      g_assert_cmpint (p[step->cell], ==, PW_QUEENS_CELL_QUEEN);
      for (guint i = 0; i < step->empties->len; i++)
        {
          guint c = g_array_index (step->empties, guint, i);

          g_assert_cmpuint (ABS ((int) (c % n) - (int) (step->cell % n)), <=, 1);
          g_assert_cmpuint (ABS ((int) (c / n) - (int) (step->cell / n)), <=, 1);
        }
      break;
    case PW_STAR_LAST_CELLS:
      for (guint i = 0; i < step->stars->len; i++)
        {
          guint c = g_array_index (step->stars, guint, i);

          g_assert_true (step->unit == c / n || step->unit == n + c % n ||
                         step->unit == 2 * n + level->regions[c]);
        }
      break;
    case PW_STAR_CONFINEMENT:
    case PW_STAR_PIGEONHOLE:
      g_assert_cmpuint (step->first, <=, step->last);
      g_assert_cmpuint (step->last, <, n);
      g_assert_cmpuint (step->regions, !=, 0);
      if (step->technique == PW_STAR_CONFINEMENT)
        {
          g_assert_cmpuint (step->first, ==, step->last);
          g_assert_cmpuint (step->regions & (step->regions - 1), ==, 0);
        }
      for (guint i = 0; i < step->empties->len; i++)
        {
          guint c = g_array_index (step->empties, guint, i);
          guint line = step->columns ? c % n : c / n;
          gboolean in_band = line >= step->first && line <= step->last;
          gboolean named = step->regions >> level->regions[c] & 1;

          g_assert_true (step->inside ? in_band && !named : !in_band && named);
        }
      break;
    case PW_STAR_NO_ROOM:
    case PW_STAR_TRIAL:
      g_assert_cmpuint (step->empties->len, ==, 1);
      g_assert_cmpuint (g_array_index (step->empties, guint, 0), ==, step->cell);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Steps from the givens of @level, which has one solution, to the end:
 * every step agrees with the solution, and the grade takes the same
 * steps. Counts each technique used into @used. */
static void
check_sound (const PwQueensLevel *level,
             guint               *used)
{
  guint n = level->n;
  g_autoptr(Plain) plain = plain_run (level);
  g_autofree guint8 *p = g_memdup2 (level->cells, n * n);
  const guint8 *solution;
  PwStarGrade grade;
  guint counts[PW_N_STAR_TECHNIQUES] = { 0 }, depth = 0;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (plain->solutions->len, ==, 1);
  solution = plain->solutions->pdata[0];
  for (;;)
    {
      gboolean contradiction;
      g_autoptr(PwStarStep) step = _pw_star_next_step (level, p, PW_STAR_TRIAL,
                                                       PW_STAR_MAX_TRIAL_DEPTH, &contradiction);

      g_assert_false (contradiction);
      if (step == NULL)
        break;
      g_assert_cmpuint (step->stars->len + step->empties->len, >, 0);
      check_reason (level, p, step);
      for (guint i = 0; i < step->stars->len; i++)
        {
          guint c = g_array_index (step->stars, guint, i);

          g_assert_cmpint (p[c], ==, PW_QUEENS_CELL_EMPTY);
          g_assert_cmpuint (solution[c], ==, 1);
          p[c] = PW_QUEENS_CELL_QUEEN;
        }
      for (guint i = 0; i < step->empties->len; i++)
        {
          guint c = g_array_index (step->empties, guint, i);

          g_assert_cmpint (p[c], ==, PW_QUEENS_CELL_EMPTY);
          g_assert_cmpuint (solution[c], ==, 0);
          p[c] = PW_QUEENS_CELL_BLOCKED;
        }
      counts[step->technique]++;
      used[step->technique]++;
      if (step->technique == PW_STAR_TRIAL)
        depth = MAX (depth, step->depth);
    }
  /* solved: every star placed */
  for (guint c = 0; c < n * n; c++)
    if (solution[c])
      g_assert_cmpint (p[c], ==, PW_QUEENS_CELL_QUEEN);
  g_assert_true (_pw_star_grade (level, G_MAXUINT64, &grade, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (grade.solved);
  g_assert_cmpmem (grade.counts, sizeof counts, counts, sizeof counts);
  g_assert_cmpuint (grade.trial_depth, ==, depth);
  g_assert_cmpfloat (grade.grade, ==, _pw_star_grade_value (counts, depth));
}

static GPtrArray *generate (const PwKind *kind, guint64 seed, guint wanted, const char *first,
                            ...) G_GNUC_NULL_TERMINATED;

/* Every step of the grader agrees with the only solution, on random
 * layouts that happen to have one and on generated puzzles. */
static void
test_soundness (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4321);
  guint used[PW_N_STAR_TECHNIQUES] = { 0 }, graded = 0;
  static const struct { const char *size, *stars; } generated[] = {
    { "5", "1" }, { "6", "1" }, { "7", "1" }, { "8", "1" }, { "9", "1" },
    { "8", "2" }, { "9", "2" }, { "10", "2" },
  };

  for (guint round = 0; round < 600; round++)
    {
      guint n = 5 + round % 4;
      g_autoptr(PwQueensLevel) level = random_stars (rand, n, 1);

      if (search (level, FALSE, 0, 2, NULL).solutions != 1)
        continue;
      check_sound (level, used);
      graded++;
    }
  g_assert_cmpuint (graded, >=, 10);
  for (guint i = 0; i < G_N_ELEMENTS (generated); i++)
    {
      g_autoptr(GPtrArray) levels = generate (&pw_star_battle_kind, i + 1, 3, "size",
                                              generated[i].size, "stars", generated[i].stars,
                                              NULL);

      for (guint j = 0; j < levels->len; j++)
        check_sound (levels->pdata[j], used);
    }
  /* the puzzles call on every technique */
  for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
    if (used[t] == 0)
      g_error ("no step with %s", _pw_star_technique_key (t));
}

static void
test_grade_budget (void)
{
  const char *text =
    "stars 2\n"
    "JJJJJJBBBB\nJJJJDDBBBE\nJJJDDDBBBE\nJJJCCCFFFE\nAGGGCCCFFE\n"
    "AAGGCFFFFF\nAGGGGFFFIF\nAAHGGGFFII\nAHHHGIIIII\nAHHHGGIIII\n";
  g_autoptr(PwQueensLevel) level = pw_star_battle_kind.from_text (text, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwStarGrade grade;

  g_assert_false (_pw_star_grade (level, 10, &grade, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_clear_error (&error);
  g_cancellable_cancel (cancellable);
  g_assert_false (_pw_star_grade (level, G_MAXUINT64, &grade, cancellable, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ------------------------------------------------------------------ */
/* Text and payload                                                     */

static void
test_text_round_trip (void)
{
  const char *queens = "..Q.\nx...\n....\n...x\n";
  const char *stars1 = "AABB\nACCB\nDDCB\nDDDD\n";
  const char *stars2 = "stars 2\n*.....x.\n........\n........\n........\n........\n........\n"
                       "........\n........\nAAAABBBB\nAAAABBBB\nCCCCDDDD\nCCCCDDDD\nEEEEFFFF\n"
                       "EEEEFFFF\nGGGGHHHH\nGGGGHHHH\n";
  const char *texts[] = { queens, stars1, stars2 };
  const PwKind *kinds[] = { &pw_queens_kind, &pw_star_battle_kind, &pw_star_battle_kind };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwQueensLevel) level = kinds[i]->from_text (texts[i], &error);
      g_autofree char *written = NULL;
      g_autoptr(JsonNode) json = NULL;
      g_autoptr(PwQueensLevel) from_json = NULL;

      g_assert_no_error (error);
      written = kinds[i]->to_text (level);
      g_assert_cmpstr (written, ==, texts[i]);
      json = kinds[i]->to_json (level);
      from_json = kinds[i]->from_json (json, &error);
      g_assert_no_error (error);
      g_assert_true (_pw_queens_level_equal (level, from_json));
    }
  {
    /* spaced cells, '0' empty, 'q' and 'X' read; stars written '*' */
    g_autoptr(PwQueensLevel) level = pw_star_battle_kind.from_text (
      "q 0 . .\n. . X .\n. . . .\n. . . .\nA A B B\nA C C B\nD D C B\nD D D D\n", NULL);
    g_autofree char *written = pw_star_battle_kind.to_text (level);

    g_assert_cmpstr (written, ==, "*...\n..x.\n....\n....\nAABB\nACCB\nDDCB\nDDDD\n");
  }
  {
    /* a file of several, with names; back through the export's block form */
    g_autoptr(PwLevelSet) set = pw_level_set_new ();
    g_autoptr(GError) error = NULL;

    g_assert_true (pw_import_text (set, "star-battle",
                                   "; One\nAABB\nACCB\nDDCB\nDDDD\n\n; Two\n" "stars 1\n"
                                   "*...\n....\n....\n....\nAABB\nACCB\nDDCB\nDDDD\n", "s.txt",
                                   &error));
    g_assert_no_error (error);
    g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);
    g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 1)), ==, "Two");
  }
}

static void
assert_text_error (const PwKind *kind,
                   const char   *text,
                   const char   *part)
{
  g_autoptr(GError) error = NULL;
  gpointer level = kind->from_text (text, &error);

  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s”: the message “%s” does not say “%s”", text, error->message, part);
}

static void
assert_payload_error (const PwKind *kind,
                      const char   *json,
                      const char   *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (json, &error);
  gpointer level;

  g_assert_no_error (error);
  level = kind->from_json (node, &error);
  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  if (strstr (error->message, part) == NULL)
    g_error ("%s: the message “%s” does not say “%s”", json, error->message, part);
}

static void
test_bad_input (void)
{
  const PwKind *q = &pw_queens_kind, *s = &pw_star_battle_kind;

  assert_text_error (q, "....\n....\n....\n", "this one has 3 rows, the last of 4 cells");
  assert_text_error (q, "....\n..k.\n....\n....\n", "row 2, column 3: “k” is not “.”");
  assert_text_error (q, "....\n.....\n....\n....\n", "row 2: 5 cells; a row of this board has 4");
  assert_text_error (q, ". . . .\n. .. .\n....\n....\n", "row 2: cells are single characters");
  assert_text_error (q, "", "there is no board");
  assert_text_error (s, "AABB\nACCB\nDDCB\nDDDE\n", "row 4, column 4: “E” is not a region letter");
  assert_text_error (s, "AABB\nACCB\nDDCB\n", "a star battle is square");
  assert_text_error (s, "stars 9\nAB\nBA\n", "row 1: “stars 9”");
  assert_text_error (s, "....\n..Z.\n....\n....\nAABB\nACCB\nDDCB\nDDDD\n",
                     "grid, row 2, column 3: “Z”");

  assert_payload_error (q, "[]", "payload must be an object with a “grid”");
  assert_payload_error (q, "{\"grid\": [\"..\", \"..\"], \"size\": 2}", "unknown member “size”");
  assert_payload_error (q, "{\"grid\": \"..\"}", "payload.grid must be a list of row strings");
  assert_payload_error (q, "{\"grid\": [\"...\", \"...\"]}",
                        "first row has 3 cells and there are 2");
  assert_payload_error (q, "{\"grid\": [\"..\", 3]}", "payload.grid row 2 is not a string");
  assert_payload_error (q, "{\"grid\": [\"..\", \".y\"]}", "payload.grid, row 2, column 2: “y”");
  assert_payload_error (s,
                        "{\"stars\": 0, \"regions\": [\"AB\", \"BA\"], \"grid\": [\"..\", \"..\"]}",
                        "payload.stars must be a whole number from 1 to 4");
  assert_payload_error (s, "{\"regions\": [\"AB\", \"BA\"], \"grid\": [\"..\", \"..\"]}",
                        "payload.stars");
  assert_payload_error (s,
                        "{\"stars\": 1, \"regions\": [\"AB\", \"BC\"], \"grid\": [\"..\", \"..\"]}",
                        "payload.regions, row 2, column 2: “C”");
  assert_payload_error (s, "{\"stars\": 1, \"regions\": [\"AB\", \"BA\"], \"grid\": [\"..\"]}",
                        "payload.grid must be a list of 2 row strings");
  assert_payload_error (s, "{\"stars\": 1, \"regions\": [\"AB\", \"BA\"]}", "payload.grid");

  {
    /* a region with no cells: a problem, named */
    g_autoptr(PwQueensLevel) level = pw_star_battle_kind.from_text ("AAB\nABB\nAAA\n", NULL);
    g_autoptr(GPtrArray) problems = pw_star_battle_kind.validate (level);
    g_autoptr(GError) error = NULL;
    PwAnalyseOptions options;

    g_assert_cmpuint (problems->len, ==, 1);
    g_assert_nonnull (strstr (((PwProblem *) problems->pdata[0])->message,
                              "Region C has no cells"));
    pw_analyse_options_init (&options);
    g_assert_null (pw_star_battle_kind.analyse (level, &options, NULL, NULL, NULL, &error));
    g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  }
}

static void
test_transforms (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(PwQueensLevel) level = round % 2 ? random_queens (rand) : random_stars (rand, 6, 1);
      const PwKind *kind = _pw_queens_kind_of (level->variant);
      guint64 count = search (level, FALSE, 0, 0, NULL).solutions;

      for (PwTransform t = PW_TRANSFORM_MIRROR_LEFT_RIGHT; t <= PW_TRANSFORM_ROTATE_ANTICLOCKWISE;
           t++)
        {
          g_autoptr(PwQueensLevel) turned = kind->transform (level, t);
          g_autoptr(PwQueensLevel) back = NULL;

          g_assert_cmpuint (search (turned, FALSE, 0, 0, NULL).solutions, ==, count);
          /* twice a mirror, or a turn and its inverse, is the level again */
          back = kind->transform (turned, t == PW_TRANSFORM_ROTATE_CLOCKWISE
                                          ? PW_TRANSFORM_ROTATE_ANTICLOCKWISE
                                          : t == PW_TRANSFORM_ROTATE_ANTICLOCKWISE
                                          ? PW_TRANSFORM_ROTATE_CLOCKWISE : t);
          g_assert_true (_pw_queens_level_equal (level, back));
        }
    }
}

/* ------------------------------------------------------------------ */
/* Generators                                                           */

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
generate (const PwKind *kind,
          guint64       seed,
          guint         wanted,
          const char   *first,
          ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  Collected c = { g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_queens_level_free),
                  wanted };
  g_autoptr(GError) error = NULL;
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_true (kind->generate (params, seed, 0, collect, NULL, &c, NULL, &error));
  g_assert_no_error (error);
  return c.levels;
}

static gboolean
regions_connected (const PwQueensLevel *level)
{
  guint n = level->n;

  for (guint r = 0; r < n; r++)
    {
      guint8 seen[PW_QUEENS_MAX_N * PW_QUEENS_MAX_N] = { 0 };
      guint stack[PW_QUEENS_MAX_N * PW_QUEENS_MAX_N], top = 0, total = 0, reached = 0;

      for (guint c = 0; c < n * n; c++)
        if (level->regions[c] == r && total++ == 0)
          {
            stack[top++] = c;
            seen[c] = 1;
          }
      while (top > 0)
        {
          guint c = stack[--top];
          int x = c % n, y = c / n;
          const int d[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

          reached++;
          for (guint i = 0; i < 4; i++)
            {
              int nx = x + d[i][0], ny = y + d[i][1];

              if (nx >= 0 && ny >= 0 && nx < (int) n && ny < (int) n &&
                  level->regions[ny * n + nx] == r && !seen[ny * n + nx])
                {
                  seen[ny * n + nx] = 1;
                  stack[top++] = ny * n + nx;
                }
            }
        }
      if (total == 0 || reached != total)
        return FALSE;
    }
  return TRUE;
}

static void
test_generate_queens (void)
{
  g_autoptr(GPtrArray) a = generate (&pw_queens_kind, 3, 3, "size", "8", NULL);
  g_autoptr(GPtrArray) b = generate (&pw_queens_kind, 3, 3, "size", "8", NULL);
  g_autoptr(GPtrArray) queens = generate (&pw_queens_kind, 4, 2, "size", "9", "clues", "queens",
                                          NULL);
  g_autoptr(GPtrArray) blocked = generate (&pw_queens_kind, 4, 2, "size", "9", "clues",
                                           "blocked", NULL);
  g_autoptr(GPtrArray) large = generate (&pw_queens_kind, 1, 1, "size", "24", NULL);
  GPtrArray *all[] = { a, queens, blocked, large };

  for (guint i = 0; i < a->len; i++)
    g_assert_true (_pw_queens_level_equal (a->pdata[i], b->pdata[i]));
  for (guint s = 0; s < G_N_ELEMENTS (all); s++)
    for (guint i = 0; i < all[s]->len; i++)
      {
        PwQueensLevel *level = all[s]->pdata[i];
        guint n = level->n;

        g_assert_cmpuint (search (level, FALSE, 0, 0, NULL).solutions, ==, 1);
        for (guint c = 0; c < n * n; c++)
          {
            g_autoptr(PwQueensLevel) less = NULL;

            if (level->cells[c] == PW_QUEENS_CELL_EMPTY)
              continue;
            g_assert_true (all[s] != queens || level->cells[c] == PW_QUEENS_CELL_QUEEN);
            g_assert_true (all[s] != blocked || level->cells[c] == PW_QUEENS_CELL_BLOCKED);
            /* no clue can go */
            less = _pw_queens_level_copy (level);
            less->cells[c] = PW_QUEENS_CELL_EMPTY;
            g_assert_cmpuint (search (less, FALSE, 0, 2, NULL).solutions, ==, 2);
          }
        if (n <= 9)
          {
            g_autoptr(Plain) plain = plain_run (level);

            g_assert_cmpuint (plain->solutions->len, ==, 1);
          }
      }
}

static void
test_generate_star_battle (void)
{
  g_autoptr(GPtrArray) a = generate (&pw_star_battle_kind, 8, 3, "size", "7", NULL);
  g_autoptr(GPtrArray) b = generate (&pw_star_battle_kind, 8, 3, "size", "7", NULL);
  g_autoptr(GPtrArray) c = generate (&pw_star_battle_kind, 9, 3, "size", "7", NULL);
  g_autoptr(GPtrArray) two = generate (&pw_star_battle_kind, 1, 2, "size", "9", "stars", "2",
                                       NULL);
  g_autoptr(GPtrArray) easy = generate (&pw_star_battle_kind, 2, 2, "size", "6", "grade",
                                        "1-2.4", NULL);
  GPtrArray *all[] = { a, two, easy };
  gboolean differs = FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      g_assert_true (_pw_queens_level_equal (a->pdata[i], b->pdata[i]));
      differs |= !_pw_queens_level_equal (a->pdata[i], c->pdata[i]);
    }
  g_assert_true (differs);
  for (guint s = 0; s < G_N_ELEMENTS (all); s++)
    for (guint i = 0; i < all[s]->len; i++)
      {
        PwQueensLevel *level = all[s]->pdata[i];
        g_autoptr(Plain) plain = plain_run (level);
        g_autoptr(GPtrArray) problems = pw_star_battle_kind.validate (level);

        g_assert_cmpuint (problems->len, ==, 0);
        g_assert_cmpuint (plain->solutions->len, ==, 1);
        g_assert_true (regions_connected (level));
        g_assert_cmpuint (level->stars, ==, all[s] == two ? 2 : 1);
      }
  for (guint i = 0; i < easy->len; i++)
    {
      PwStarGrade grade;

      g_assert_true (_pw_star_grade (easy->pdata[i], G_MAXUINT64, &grade, NULL, NULL, NULL));
      g_assert_cmpfloat (grade.grade, >=, 1);
      g_assert_cmpfloat (grade.grade, <=, 2.4);
    }
}

static void
test_generate_bad_params (void)
{
  const struct { const PwKind *kind; const char *name, *value, *message; } bad[] = {
    { &pw_queens_kind, "size", "3", "size=3: give a number from 4 to 32" },
    { &pw_queens_kind, "clues", "some", "clues=some: give queens, blocked or mixed" },
    { &pw_queens_kind, "stars", "2", "“stars” is not a parameter" },
    { &pw_star_battle_kind, "size", "17", "size=17: give a number from 4 to 16" },
    { &pw_star_battle_kind, "stars", "4", "stars=4: give a number from 1 to 3" },
    { &pw_star_battle_kind, "grade", "3", "grade=3: give MIN-MAX" },
    { &pw_star_battle_kind, "grade", "3-1", "grade=3-1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;

      g_hash_table_insert (params, (gpointer) bad[i].name, (gpointer) bad[i].value);
      g_assert_false (bad[i].kind->generate (params, 1, 0, collect, NULL, NULL, NULL, &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (strstr (error->message, bad[i].message) == NULL)
        g_error ("“%s”: not “%s”", error->message, bad[i].message);
    }
  {
    /* no 4 × 4 board holds 2 stars a row */
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GError) error = NULL;

    g_hash_table_insert (params, "size", "4");
    g_hash_table_insert (params, "stars", "2");
    g_assert_false (pw_star_battle_kind.generate (params, 1, 0, collect, NULL, NULL, NULL, &error));
    g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/queens/known-counts", test_queens_known);
  g_test_add_func ("/analysis/queens/against-plain", test_queens_against_plain);
  g_test_add_func ("/analysis/queens/against-fd", test_queens_against_fd);
  g_test_add_func ("/analysis/queens/stars-against-plain", test_stars_against_plain);
  g_test_add_func ("/analysis/queens/cancel-limits", test_cancel_and_limits);
  g_test_add_func ("/analysis/queens/figures", test_figures);
  g_test_add_func ("/analysis/queens/techniques", test_techniques);
  g_test_add_func ("/analysis/queens/trial", test_trial);
  g_test_add_func ("/analysis/queens/contradictions", test_contradictions);
  g_test_add_func ("/analysis/queens/grade-value", test_grade_value);
  g_test_add_func ("/analysis/queens/soundness", test_soundness);
  g_test_add_func ("/analysis/queens/grade-budget", test_grade_budget);
  g_test_add_func ("/analysis/queens/text-round-trip", test_text_round_trip);
  g_test_add_func ("/analysis/queens/bad-input", test_bad_input);
  g_test_add_func ("/analysis/queens/transforms", test_transforms);
  g_test_add_func ("/analysis/queens/generate-queens", test_generate_queens);
  g_test_add_func ("/analysis/queens/generate-star-battle", test_generate_star_battle);
  g_test_add_func ("/analysis/queens/generate-bad-params", test_generate_bad_params);
  return g_test_run ();
}
