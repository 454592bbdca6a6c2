/* test-nonogram.c — the nonogram kind: the line solver and the solution
 * counts against plain enumeration, the grader on worked cases, the
 * payload, transforms, validation, every file format on real files, the
 * generator
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The enumerators below know nothing of the engine: a line's placements
 * are every black-and-white filling of the line whose runs are the clue;
 * a puzzle's solutions are every choice of one filling per row whose
 * columns' runs are the column clues.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "nonogram-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* Plain enumeration                                                    */

/* The runs of @n cells (bit i of @bits is cell i). */
static guint
runs_of (guint32  bits,
         guint    n,
         guint8  *out)
{
  guint k = 0, run = 0;

  for (guint i = 0; i <= n; i++)
    {
      if (i < n && (bits >> i & 1))
        run++;
      else if (run > 0)
        {
          out[k++] = run;
          run = 0;
        }
    }
  return k;
}

static gboolean
same_runs (guint32       bits,
           guint         n,
           const guint8 *clue,
           guint         k)
{
  guint8 runs[32];

  return runs_of (bits, n, runs) == k && memcmp (runs, clue, k) == 0;
}

/* Every filling of @n cells with these runs, as bit masks. */
static GArray *
fillings (guint         n,
          const guint8 *clue,
          guint         k)
{
  GArray *all = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 bits = 0; bits < (1u << n); bits++)
    if (same_runs (bits, n, clue, k))
      g_array_append_val (all, bits);
  return all;
}

/* Solutions of @clues on a @w × @h grid (h ≤ 8, w ≤ 8), up to @cap. */
static guint64
count_solutions (const PwNonoClues *clues,
                 guint              w,
                 guint              h,
                 guint64            cap,
                 guint8            *first)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint pick[8] = { 0 };
  guint64 count = 0;

  for (guint y = 0; y < h; y++)
    {
      GArray *options = fillings (w, _pw_nono_clues_line (clues, y), _pw_nono_clues_count (clues, y));

      if (options->len == 0)
        {
          g_array_unref (options);
          return 0;
        }
      g_ptr_array_add (rows, options);
    }
  for (;;)
    {
      gboolean good = TRUE;

      for (guint x = 0; x < w && good; x++)
        {
          guint32 column = 0;

          for (guint y = 0; y < h; y++)
            column |= (g_array_index ((GArray *) rows->pdata[y], guint32, pick[y]) >> x & 1) << y;
          good = same_runs (column, h, _pw_nono_clues_line (clues, h + x),
                            _pw_nono_clues_count (clues, h + x));
        }
      if (good)
        {
          if (count == 0 && first != NULL)
            for (guint y = 0; y < h; y++)
              for (guint x = 0; x < w; x++)
                first[y * w + x] =
                  g_array_index ((GArray *) rows->pdata[y], guint32, pick[y]) >> x & 1;
          if (++count >= cap)
            return count;
        }
      /* the next choice, like an odometer */
      {
        guint y = 0;

        while (y < h && ++pick[y] == ((GArray *) rows->pdata[y])->len)
          pick[y++] = 0;
        if (y == h)
          return count;
      }
    }
}

static void
nonogram_free_level (gpointer data)
{
  _pw_nonogram_level_free (data);
}

static guint32
test_seed (void)
{
  return g_test_rand_int ();
}

/* ------------------------------------------------------------------ */
/* The line solver                                                      */

/* Random lines with random known cells: the solver's cells are exactly
 * the colours some agreeing placement has there. */
static void
test_line_solver (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  PwNonoLineWork *work = _pw_nono_line_work_new (14, 8);
  guint contradictions = 0, fixed = 0;

  for (guint round = 0; round < 20000; round++)
    {
      guint n = g_rand_int_range (rand, 1, 15);
      guint8 clue[8], cells[14], expect[14];
      guint k = 0;
      gboolean any = FALSE;

      /* a clue from a random filling, or made up (maybe impossible) */
      if (g_rand_boolean (rand))
        k = runs_of (g_rand_int (rand) & ((1u << n) - 1), n, clue);
      else
        {
          k = g_rand_int_range (rand, 0, 5);
          for (guint j = 0; j < k; j++)
            clue[j] = g_rand_int_range (rand, 1, n + 1);
        }
      for (guint i = 0; i < n; i++)
        {
          guint r = g_rand_int_range (rand, 0, 6);

          cells[i] = r == 0 ? PW_NONO_WHITE : r == 1 ? PW_NONO_BLACK : PW_NONO_UNKNOWN;
          expect[i] = 0;
        }
      for (guint32 bits = 0; bits < (1u << n); bits++)
        {
          gboolean agrees = same_runs (bits, n, clue, k);

          for (guint i = 0; i < n && agrees; i++)
            agrees = cells[i] & ((bits >> i & 1) ? PW_NONO_BLACK : PW_NONO_WHITE);
          if (!agrees)
            continue;
          any = TRUE;
          for (guint i = 0; i < n; i++)
            expect[i] |= (bits >> i & 1) ? PW_NONO_BLACK : PW_NONO_WHITE;
        }
      {
        guint8 before[14];

        memcpy (before, cells, n);
        g_assert_cmpint (_pw_nono_line_solve (clue, k, cells, n, work), ==, any);
        if (!any)
          {
            g_assert_cmpmem (cells, n, before, n);
            contradictions++;
            continue;
          }
        g_assert_cmpmem (cells, n, expect, n);
        for (guint i = 0; i < n; i++)
          fixed += before[i] == PW_NONO_UNKNOWN && cells[i] != PW_NONO_UNKNOWN;
      }
    }
  /* both outcomes were exercised */
  g_assert_cmpuint (contradictions, >, 1000);
  g_assert_cmpuint (fixed, >, 10000);
  _pw_nono_line_work_free (work);
}

/* Long lines (up to 100 cells, past the solver's 64-bit words): a short
 * random line placed anywhere in a long one whose other cells are known
 * white comes out as the short one does alone. */
static void
test_line_solver_long (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  PwNonoLineWork *work = _pw_nono_line_work_new (PW_NONOGRAM_MAX_SIZE, 8);
  PwNonoLineWork *short_work = _pw_nono_line_work_new (12, 8);

  for (guint round = 0; round < 20000; round++)
    {
      guint m = g_rand_int_range (rand, 1, 13);
      guint n = g_rand_int_range (rand, m, PW_NONOGRAM_MAX_SIZE + 1);
      guint at = g_rand_int_range (rand, 0, n - m + 1);
      guint8 clue[8], alone[12], cells[PW_NONOGRAM_MAX_SIZE];
      guint k = runs_of (g_rand_int (rand) & ((1u << m) - 1), m, clue);
      gboolean ok;

      if (g_rand_int_range (rand, 0, 4) == 0 && k > 0)
        clue[g_rand_int_range (rand, 0, k)] += 1;   /* maybe impossible now */
      for (guint i = 0; i < m; i++)
        {
          guint r = g_rand_int_range (rand, 0, 6);

          alone[i] = r == 0 ? PW_NONO_WHITE : r == 1 ? PW_NONO_BLACK : PW_NONO_UNKNOWN;
        }
      memset (cells, PW_NONO_WHITE, n);
      memcpy (cells + at, alone, m);
      ok = _pw_nono_line_solve (clue, k, alone, m, short_work);
      g_assert_cmpint (_pw_nono_line_solve (clue, k, cells, n, work), ==, ok);
      if (ok)
        {
          g_assert_cmpmem (cells + at, m, alone, m);
          for (guint i = 0; i < n; i++)
            if (i < at || i >= at + m)
              g_assert_cmpint (cells[i], ==, PW_NONO_WHITE);
        }
    }
  _pw_nono_line_work_free (work);
  _pw_nono_line_work_free (short_work);
}

/* ------------------------------------------------------------------ */
/* Solution counts                                                      */

static PwNonoClues *
random_clues (GRand *rand,
              guint  w,
              guint  h)
{
  guint n_lines = w + h;
  g_autofree guint *counts = g_new0 (guint, n_lines);
  g_autofree guint8 *numbers = g_new0 (guint8, n_lines * 8);
  guint total = 0;

  for (guint l = 0; l < n_lines; l++)
    {
      guint len = l < h ? w : h;
      guint k = g_rand_int_range (rand, 0, (len + 1) / 2 + 1);
      guint left = len + 1;

      for (guint j = 0; j < k && left >= 2; j++)
        {
          guint b = g_rand_int_range (rand, 1, MIN (left - 1, 3) + 1);

          numbers[total++] = b;
          counts[l]++;
          left -= b + 1;
        }
      /* now and then a clue too long for its line */
      if (g_rand_int_range (rand, 0, 20) == 0)
        {
          numbers[total++] = len;
          counts[l]++;
        }
    }
  return _pw_nono_clues_new (n_lines, counts, numbers);
}

static void
check_counts (const PwNonoClues *clues,
              guint              w,
              guint              h,
              guint64            cap,
              guint64           *solutions)
{
  g_autoptr(PwNonoSolver) solver = _pw_nono_solver_new (w, h, clues);
  g_autofree guint8 *first = g_new0 (guint8, w * h);
  g_autofree guint8 *second = g_new0 (guint8, w * h);
  guint64 expect = count_solutions (clues, w, h, cap, NULL);

  for (guint mode = 0; mode < 3; mode++)
    {
      PwNonoSearch search;
      PwNonoResult result;

      _pw_nono_search_init (&search);
      search.max_solutions = cap;
      search.probing = mode != 1;
      search.random_order = mode == 2;
      search.seed = mode;
      search.first = first;
      search.second = second;
      g_assert_true (_pw_nono_solve (solver, &search, &result, NULL));
      g_assert_false (result.node_limit);
      g_assert_cmpuint (result.solutions, ==, expect);
      /* the solutions it gives are solutions, and differ */
      if (expect >= 1)
        {
          g_autoptr(PwNonoClues) of_first = _pw_nono_clues_of_grid (first, w, h);

          g_assert_true (_pw_nono_clues_equal (of_first, clues));
        }
      if (expect >= 2)
        {
          g_autoptr(PwNonoClues) of_second = _pw_nono_clues_of_grid (second, w, h);

          g_assert_true (_pw_nono_clues_equal (of_second, clues));
          g_assert_true (memcmp (first, second, w * h) != 0);
        }
    }
  *solutions = expect;
}

static void
test_counts_from_pictures (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  guint unique = 0, several = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint w = g_rand_int_range (rand, 1, 5), h = g_rand_int_range (rand, 1, 6);
      g_autofree guint8 *grid = g_new (guint8, w * h);
      g_autoptr(PwNonoClues) clues = NULL;
      double density = g_rand_double (rand);
      guint64 n;

      for (guint c = 0; c < w * h; c++)
        grid[c] = g_rand_double (rand) < density;
      clues = _pw_nono_clues_of_grid (grid, w, h);
      check_counts (clues, w, h, 1000, &n);
      g_assert_cmpuint (n, >=, 1);
      unique += n == 1;
      several += n > 1;
    }
  g_assert_cmpuint (unique, >, 100);
  g_assert_cmpuint (several, >, 100);
}

static void
test_counts_from_clues (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  guint none = 0, some = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint w = g_rand_int_range (rand, 1, 5), h = g_rand_int_range (rand, 1, 6);
      g_autoptr(PwNonoClues) clues = random_clues (rand, w, h);
      guint64 n;

      check_counts (clues, w, h, 1 + g_rand_int_range (rand, 0, 5), &n);
      none += n == 0;
      some += n > 0;
    }
  g_assert_cmpuint (none, >, 100);
  g_assert_cmpuint (some, >, 100);
}

/* Larger random pictures (6 × 6): fewer, but with real search. */
static void
test_counts_larger (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  guint searched = 0;

  for (guint round = 0; round < 300; round++)
    {
      guint w = 6, h = 6;
      g_autofree guint8 *grid = g_new (guint8, w * h);
      g_autoptr(PwNonoClues) clues = NULL;
      g_autoptr(PwNonoSolver) solver = NULL;
      PwNonoSearch search;
      PwNonoResult result;
      guint64 n;

      for (guint c = 0; c < w * h; c++)
        grid[c] = g_rand_boolean (rand);
      clues = _pw_nono_clues_of_grid (grid, w, h);
      check_counts (clues, w, h, 50, &n);
      solver = _pw_nono_solver_new (w, h, clues);
      _pw_nono_search_init (&search);
      search.max_solutions = 50;
      search.probing = FALSE;
      g_assert_true (_pw_nono_solve (solver, &search, &result, NULL));
      searched += result.nodes > 1;
    }
  g_assert_cmpuint (searched, >, 30);
}

/* ------------------------------------------------------------------ */
/* The grader against plain line logic                                  */

/* One line by enumeration: cells narrowed to the colours of the
 * agreeing fillings; FALSE when none agrees. */
static gboolean
plain_line (const guint8 *clue,
            guint         k,
            guint8       *cells,
            guint         n)
{
  guint8 can[16] = { 0 };
  gboolean any = FALSE;

  for (guint32 bits = 0; bits < (1u << n); bits++)
    {
      gboolean agrees = same_runs (bits, n, clue, k);

      for (guint i = 0; i < n && agrees; i++)
        agrees = cells[i] & ((bits >> i & 1) ? PW_NONO_BLACK : PW_NONO_WHITE);
      if (!agrees)
        continue;
      any = TRUE;
      for (guint i = 0; i < n; i++)
        can[i] |= (bits >> i & 1) ? PW_NONO_BLACK : PW_NONO_WHITE;
    }
  if (any)
    memcpy (cells, can, n);
  return any;
}

/* One pass over every row then every column; -1 on a contradiction,
 * else the cells it changed. */
static int
plain_pass (const PwNonoClues *clues,
            guint              w,
            guint              h,
            guint8            *grid)
{
  int changed = 0;

  for (guint l = 0; l < w + h; l++)
    {
      gboolean row = l < h;
      guint n = row ? w : h, first = row ? l * w : l - h, step = row ? 1 : w;
      guint8 line[16];

      for (guint i = 0; i < n; i++)
        line[i] = grid[first + i * step];
      if (!plain_line (_pw_nono_clues_line (clues, l), _pw_nono_clues_count (clues, l), line, n))
        return -1;
      for (guint i = 0; i < n; i++)
        {
          changed += line[i] != grid[first + i * step];
          grid[first + i * step] = line[i];
        }
    }
  return changed;
}

/* Passes to the fixpoint: FALSE on a contradiction; *passes counts the
 * passes that changed something. */
static gboolean
plain_fixpoint (const PwNonoClues *clues,
                guint              w,
                guint              h,
                guint8            *grid,
                guint             *passes)
{
  int changed;

  *passes = 0;
  while ((changed = plain_pass (clues, w, h, grid)) > 0)
    (*passes)++;
  return changed == 0;
}

static gboolean
all_decided (const guint8 *grid,
             guint         cells)
{
  for (guint c = 0; c < cells; c++)
    if (grid[c] == PW_NONO_UNKNOWN)
      return FALSE;
  return TRUE;
}

/* Probing to its closure with plain line logic: FALSE on a
 * contradiction. */
static gboolean
plain_probing (const PwNonoClues *clues,
               guint              w,
               guint              h,
               guint8            *grid)
{
  guint cells = w * h, passes;
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint c = 0; c < cells; c++)
        {
          guint8 black[64], white[64];
          gboolean black_ok, white_ok;

          if (grid[c] != PW_NONO_UNKNOWN)
            continue;
          memcpy (black, grid, cells);
          memcpy (white, grid, cells);
          black[c] = PW_NONO_BLACK;
          white[c] = PW_NONO_WHITE;
          black_ok = plain_fixpoint (clues, w, h, black, &passes);
          white_ok = plain_fixpoint (clues, w, h, white, &passes);
          if (!black_ok && !white_ok)
            return FALSE;
          for (guint d = 0; d < cells; d++)
            {
              guint8 v = !black_ok ? white[d] : !white_ok ? black[d]
                       : (black[d] | white[d]);

              if (v != grid[d])
                {
                  grid[d] = v;
                  changed = TRUE;
                }
            }
          if (changed && !plain_fixpoint (clues, w, h, grid, &passes))
            return FALSE;
        }
    }
  return TRUE;
}

/* Passes, line-solvability, the undecided cells and the probing depth
 * against the plain versions, on random small puzzles. */
static void
test_grade_against_plain (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  guint depths[3] = { 0 }, contradictions = 0, multi_pass = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint w = g_rand_int_range (rand, 1, 8), h = g_rand_int_range (rand, 1, 8);
      g_autoptr(PwNonoClues) clues = NULL;
      g_autoptr(PwNonoSolver) solver = NULL;
      g_autofree guint8 *undecided = g_new0 (guint8, w * h);
      guint8 grid[64];
      PwNonoGrade grade = { 0 };
      guint passes, depth;
      gboolean ok, contradiction;

      if (g_rand_int_range (rand, 0, 4) == 0)
        clues = random_clues (rand, w, h);
      else
        {
          guint8 picture[64];

          for (guint c = 0; c < w * h; c++)
            picture[c] = g_rand_boolean (rand);
          clues = _pw_nono_clues_of_grid (picture, w, h);
        }
      solver = _pw_nono_solver_new (w, h, clues);
      grade.undecided = undecided;
      g_assert_true (_pw_nono_grade (solver, 0, &grade, NULL, NULL));

      memset (grid, PW_NONO_UNKNOWN, w * h);
      ok = plain_fixpoint (clues, w, h, grid, &passes);
      contradiction = !ok;
      if (ok)
        {
          g_assert_cmpuint (grade.passes, ==, passes);
          g_assert_cmpint (grade.line_solvable, ==, all_decided (grid, w * h));
          for (guint c = 0; c < w * h; c++)
            g_assert_cmpint (undecided[c], ==, grid[c] == PW_NONO_UNKNOWN);
        }
      depth = 0;
      if (ok && !all_decided (grid, w * h))
        {
          contradiction = !plain_probing (clues, w, h, grid);
          depth = all_decided (grid, w * h) ? 1 : 2;
        }
      g_assert_cmpint (grade.contradiction, ==, contradiction);
      if (!contradiction)
        {
          g_assert_cmpuint (grade.depth, ==, depth);
          depths[depth]++;
        }
      contradictions += contradiction;
      multi_pass += passes > 1;
    }
  g_assert_cmpuint (depths[0], >, 100);
  g_assert_cmpuint (depths[1], >, 5);
  g_assert_cmpuint (depths[2], >, 20);
  g_assert_cmpuint (contradictions, >, 20);
  g_assert_cmpuint (multi_pass, >, 100);
}

/* Hints: from random positions (cells known from a picture, or at
 * random, so some contradict), the step is the first line plain
 * enumeration finds impossible, else a line deciding the most cells
 * (the first of those), with exactly the cells enumeration decides
 * there; steps taken one after another reach line logic's fixpoint, the
 * grader's undecided cells. */
static void
test_next_step (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  guint contradictions = 0, steps = 0, stuck = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint w = g_rand_int_range (rand, 1, 9), h = g_rand_int_range (rand, 1, 9);
      g_autoptr(PwNonoClues) clues = NULL;
      g_autoptr(PwNonoStep) step = NULL;
      guint8 picture[64], grid[64];
      int expect = -1, first_bad = -1;
      guint most = 0;

      for (guint c = 0; c < w * h; c++)
        picture[c] = g_rand_boolean (rand);
      clues = _pw_nono_clues_of_grid (picture, w, h);
      for (guint c = 0; c < w * h; c++)
        {
          guint r = g_rand_int_range (rand, 0, 10);

          grid[c] = r < 6 ? PW_NONO_UNKNOWN
                    : r < 9 ? (picture[c] ? PW_NONO_BLACK : PW_NONO_WHITE)
                    : (g_rand_boolean (rand) ? PW_NONO_BLACK : PW_NONO_WHITE);
        }

      for (guint l = 0; l < w + h && first_bad < 0; l++)
        {
          gboolean row = l < h;
          guint n = row ? w : h, first = row ? l * w : l - h, stride = row ? 1 : w, fixed = 0;
          guint8 line[16];

          for (guint i = 0; i < n; i++)
            line[i] = grid[first + i * stride];
          if (!plain_line (_pw_nono_clues_line (clues, l), _pw_nono_clues_count (clues, l), line,
                           n))
            {
              first_bad = l;
              break;
            }
          for (guint i = 0; i < n; i++)
            fixed += grid[first + i * stride] == PW_NONO_UNKNOWN && line[i] != PW_NONO_UNKNOWN;
          if (fixed > most)
            {
              most = fixed;
              expect = l;
            }
        }

      step = _pw_nono_next_step (w, h, clues, grid);
      if (first_bad >= 0)
        {
          g_assert_nonnull (step);
          g_assert_true (step->contradiction);
          g_assert_cmpuint (step->line, ==, first_bad);
          g_assert_cmpuint (step->black->len + step->white->len, ==, 0);
          contradictions++;
          continue;
        }
      if (expect < 0)
        {
          g_assert_null (step);
          stuck++;
          continue;
        }
      g_assert_nonnull (step);
      g_assert_false (step->contradiction);
      g_assert_cmpuint (step->line, ==, expect);
      g_assert_cmpuint (step->black->len + step->white->len, ==, most);
      g_assert_nonnull (strstr (step->sentence, expect < (int) h ? "Row" : "Column"));
      /* the sentence says what the cells become, with the counts */
      {
        g_autofree char *black = g_strdup_printf (step->black->len == 1 ? " %u cell is black"
                                                  : " %u cells are black", step->black->len);
        g_autofree char *white = g_strdup_printf (step->white->len == 1 ? " %u cell is empty"
                                                  : " %u cells are empty", step->white->len);

        g_assert_true ((strstr (step->sentence, black) != NULL) == (step->black->len > 0));
        g_assert_true ((strstr (step->sentence, white) != NULL) == (step->white->len > 0));
      }
      {
        gboolean row = expect < (int) h;
        guint n = row ? w : h, first = row ? expect * w : expect - h, stride = row ? 1 : w;
        guint8 line[16];

        for (guint i = 0; i < n; i++)
          line[i] = grid[first + i * stride];
        plain_line (_pw_nono_clues_line (clues, expect), _pw_nono_clues_count (clues, expect),
                    line, n);
        for (guint i = 0; i < step->black->len; i++)
          {
            guint c = g_array_index (step->black, guint, i);

            g_assert_cmpuint (grid[c], ==, PW_NONO_UNKNOWN);
            g_assert_cmpuint (line[(c - first) / stride], ==, PW_NONO_BLACK);
          }
        for (guint i = 0; i < step->white->len; i++)
          {
            guint c = g_array_index (step->white, guint, i);

            g_assert_cmpuint (grid[c], ==, PW_NONO_UNKNOWN);
            g_assert_cmpuint (line[(c - first) / stride], ==, PW_NONO_WHITE);
          }
      }
      steps++;
    }
  g_assert_cmpuint (contradictions, >, 100);
  g_assert_cmpuint (steps, >, 1000);
  g_assert_cmpuint (stuck, >, 10);

  /* steps to the end: the grader's fixpoint */
  for (guint round = 0; round < 500; round++)
    {
      guint w = g_rand_int_range (rand, 1, 12), h = g_rand_int_range (rand, 1, 12);
      g_autoptr(PwNonoClues) clues = NULL;
      g_autoptr(PwNonoSolver) solver = NULL;
      g_autofree guint8 *undecided = g_new0 (guint8, w * h);
      PwNonoGrade grade = { 0 };
      guint8 picture[144], grid[144];
      guint taken = 0;

      for (guint c = 0; c < w * h; c++)
        picture[c] = g_rand_int_range (rand, 0, 3) > 0;
      clues = _pw_nono_clues_of_grid (picture, w, h);
      solver = _pw_nono_solver_new (w, h, clues);
      grade.undecided = undecided;
      g_assert_true (_pw_nono_grade (solver, 0, &grade, NULL, NULL));
      memset (grid, PW_NONO_UNKNOWN, w * h);
      for (;;)
        {
          g_autoptr(PwNonoStep) next = _pw_nono_next_step (w, h, clues, grid);

          if (next == NULL)
            break;
          g_assert_false (next->contradiction);
          g_assert_cmpuint (next->black->len + next->white->len, >, 0);
          for (guint i = 0; i < next->black->len; i++)
            grid[g_array_index (next->black, guint, i)] = PW_NONO_BLACK;
          for (guint i = 0; i < next->white->len; i++)
            grid[g_array_index (next->white, guint, i)] = PW_NONO_WHITE;
          g_assert_cmpuint (++taken, <=, w * h);
        }
      for (guint c = 0; c < w * h; c++)
        {
          g_assert_cmpint (undecided[c], ==, grid[c] == PW_NONO_UNKNOWN);
          if (grid[c] != PW_NONO_UNKNOWN)
            g_assert_cmpint (grid[c] == PW_NONO_BLACK, ==, picture[c]);
        }
    }
}

static PwNonogramLevel *
level_from_rows (const char * const *rows)
{
  guint h = g_strv_length ((char **) rows), w = strlen (rows[0]);
  PwNonogramLevel *level = _pw_nonogram_level_new (w, h);

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      level->grid[y * w + x] = rows[y][x] == '#';
  return level;
}

static PwAnalysis *
analyse (const PwNonogramLevel *level)
{
  PwAnalyseOptions options;
  g_autoptr(GError) error = NULL;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  options.search_runs = 10;
  analysis = pw_nonogram_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return analysis;
}

static JsonObject *
figures (PwAnalysis *analysis)
{
  return pw_analysis_get_figures (analysis);
}

/* Worked cases: a cross is solved in one pass (the middle row, then the
 * columns); a diagonal pair has two solutions that differ in four cells,
 * which line logic leaves undecided; an X too is solved in one pass. */
static void
test_grade_worked (void)
{
  static const char * const cross[] = { ".#.", "###", ".#.", NULL };
  static const char * const diagonal[] = { "#.", ".#", NULL };
  /* rows and columns 1 1 / 1 / 1 1: "1 1" fixes a line of three */
  static const char * const x[] = { "#.#", ".#.", "#.#", NULL };
  g_autoptr(PwNonogramLevel) a = level_from_rows (cross);
  g_autoptr(PwNonogramLevel) b = level_from_rows (diagonal);
  g_autoptr(PwNonogramLevel) c = level_from_rows (x);
  g_autoptr(PwAnalysis) fa = analyse (a);
  g_autoptr(PwAnalysis) fb = analyse (b);
  g_autoptr(PwAnalysis) fc = analyse (c);
  JsonArray *grade, *solution, *differ, *undecided;

  g_assert_cmpint (json_object_get_int_member (figures (fa), "solutions"), ==, 1);
  g_assert_true (json_object_get_boolean_member (figures (fa), "unique"));
  g_assert_true (json_object_get_boolean_member (figures (fa), "line_solvable"));
  grade = json_object_get_array_member (figures (fa), "grade");
  /* the middle row and column are fixed first; the other lines then */
  g_assert_cmpint (json_array_get_int_element (grade, 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (grade, 1), ==, 0);
  solution = json_object_get_array_member (figures (fa), "solution");
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (solution, 1), 0), ==,
                   1);
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (solution, 0), 0), ==,
                   0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (figures (fa),
                                                                          "undecided_cells")),
                    ==, 0);

  g_assert_cmpint (json_object_get_int_member (figures (fb), "solutions"), ==, 2);
  g_assert_false (json_object_get_boolean_member (figures (fb), "unique"));
  g_assert_false (json_object_get_boolean_member (figures (fb), "line_solvable"));
  g_assert_true (json_object_get_null_member (figures (fb), "grade"));
  differ = json_object_get_array_member (figures (fb), "differing_cells");
  g_assert_cmpuint (json_array_get_length (differ), ==, 4);
  undecided = json_object_get_array_member (figures (fb), "undecided_cells");
  g_assert_cmpuint (json_array_get_length (undecided), ==, 4);

  g_assert_true (json_object_get_boolean_member (figures (fc), "unique"));
  grade = json_object_get_array_member (figures (fc), "grade");
  g_assert_cmpint (json_array_get_int_element (grade, 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (grade, 1), ==, 0);
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static char *
test_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nonogram", name, NULL);
}

static GPtrArray *
read_file (const char *name)
{
  g_autofree char *path = test_file (name);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (_pw_nonogram_read (text, name, levels, &error));
  g_assert_no_error (error);
  return levels;
}

static guint64
count (const PwNonogramLevel *level,
       guint8                *first)
{
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_autoptr(PwNonoSolver) solver = _pw_nono_solver_new (level->width, level->height, clues);
  PwNonoSearch search;
  PwNonoResult result;

  _pw_nono_search_init (&search);
  search.first = first;
  g_assert_true (_pw_nono_solve (solver, &search, &result, NULL));
  return result.solutions;
}

static void
test_read_non (void)
{
  g_autoptr(GPtrArray) dancer = read_file ("webpbn-00001-dancer.non");
  g_autoptr(GPtrArray) edge = read_file ("webpbn-00023-edge.non");
  PwImportedLevel *level = g_ptr_array_index (dancer, 0);
  const PwNonogramLevel *data = level->data;
  g_autoptr(PwAnalysis) analysis = NULL;

  g_assert_cmpuint (dancer->len, ==, 1);
  g_assert_cmpstr (level->name, ==, "Dancer");
  /* the authors, as the file names them (&copy; read) */
  g_assert_cmpstr (level->notes, ==, "catalogue: webpbn.com #1\nby: Jan Wolter\n"
                                     "copyright: © Copyright 2004 by Jan Wolter");
  g_assert_cmpuint (data->width, ==, 5);
  g_assert_cmpuint (data->height, ==, 10);
  /* the goal is the picture; the clues follow it */
  g_assert_nonnull (data->grid);
  g_assert_null (data->clues);
  g_assert_cmpint (data->grid[1], ==, 1);
  g_assert_cmpint (data->grid[0], ==, 0);
  analysis = analyse (data);
  g_assert_true (json_object_get_boolean_member (figures (analysis), "unique"));
  g_assert_true (json_object_get_boolean_member (figures (analysis), "line_solvable"));

  level = g_ptr_array_index (edge, 0);
  g_assert_cmpstr (level->name, ==, "Edge Pattern");
  g_clear_pointer (&analysis, pw_analysis_unref);
  analysis = analyse (level->data);
  g_assert_true (json_object_get_boolean_member (figures (analysis), "unique"));
  g_assert_false (json_object_get_boolean_member (figures (analysis), "line_solvable"));
  /* no line can start: every cell is undecided by line logic */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (figures (analysis),
                                                                          "undecided_cells")),
                    ==, 110);
}

static void
test_read_nin (void)
{
  g_autoptr(GPtrArray) light = read_file ("webpbn-00803.nin");
  PwImportedLevel *level = g_ptr_array_index (light, 0);
  const PwNonogramLevel *data = level->data;
  g_autofree guint8 *first = g_new0 (guint8, 50 * 45);
  g_autoptr(PwNonoClues) of_solution = NULL;

  g_assert_cmpuint (light->len, ==, 1);
  g_assert_cmpstr (level->name, ==, "webpbn-00803");
  g_assert_null (level->notes);
  g_assert_cmpuint (data->width, ==, 50);
  g_assert_cmpuint (data->height, ==, 45);
  g_assert_null (data->grid);
  /* rows first: row 2's clue is "1", column 1's "0" */
  g_assert_cmpuint (_pw_nono_clues_count (data->clues, 0), ==, 0);
  g_assert_cmpuint (_pw_nono_clues_count (data->clues, 1), ==, 1);
  g_assert_cmpuint (count (data, first), ==, 1);
  of_solution = _pw_nono_clues_of_grid (first, 50, 45);
  g_assert_true (_pw_nono_clues_equal (of_solution, data->clues));
}

/* The TAAI questions and the tournament's solutions agree: each
 * solution gives its puzzle's clues, and a unique puzzle's solution is
 * the one found. */
static void
test_read_taai (void)
{
  g_autoptr(GPtrArray) questions = read_file ("taai2011-1-5_question.txt");
  g_autoptr(GPtrArray) answers = read_file ("taai2011-1-5_solution.txt");
  guint unique = 0;

  g_assert_cmpuint (questions->len, ==, 5);
  g_assert_cmpuint (answers->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      PwImportedLevel *q = g_ptr_array_index (questions, i);
      PwImportedLevel *a = g_ptr_array_index (answers, i);
      const PwNonogramLevel *question = q->data, *answer = a->data;
      g_autoptr(PwNonoClues) of_answer = NULL;
      g_autofree guint8 *first = g_new0 (guint8, 25 * 25);
      g_autofree char *name = g_strdup_printf ("taai2011-1-5_question $%u", i + 1);
      guint64 n;

      g_assert_cmpstr (q->name, ==, name);
      g_assert_cmpuint (question->width, ==, 25);
      g_assert_cmpuint (answer->width, ==, 25);
      g_assert_nonnull (answer->grid);
      of_answer = _pw_nono_clues_of_grid (answer->grid, 25, 25);
      g_assert_true (_pw_nono_clues_equal (of_answer, question->clues));
      n = count (question, first);
      g_assert_cmpuint (n, >=, 1);
      if (n == 1)
        {
          g_assert_cmpmem (first, 625, answer->grid, 625);
          unique++;
        }
    }
  g_assert_cmpuint (unique, >=, 1);
}

/* .non written and read back: the same level, name and notes, and the
 * same text again. */
static void
test_non_round_trip (void)
{
  const char *files[] = { "webpbn-00001-dancer.non", "webpbn-00006-cat.non",
                          "webpbn-00803.nin", "taai2011-1-5_question.txt" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(GPtrArray) levels = read_file (files[f]);

      for (guint i = 0; i < levels->len; i++)
        {
          PwImportedLevel *level = g_ptr_array_index (levels, i);
          g_autoptr(GPtrArray) again =
            g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
          g_autoptr(GError) error = NULL;
          g_autofree char *text = _pw_nonogram_to_non (level->data, level->name, level->notes);
          g_autofree char *text2 = NULL;
          PwImportedLevel *back;

          g_assert_true (_pw_nonogram_read (text, "out.non", again, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (again->len, ==, 1);
          back = g_ptr_array_index (again, 0);
          g_assert_true (_pw_nonogram_level_equal (back->data, level->data));
          g_assert_cmpstr (back->name, ==, level->name);
          g_assert_cmpstr (back->notes, ==, level->notes);
          text2 = _pw_nonogram_to_non (back->data, back->name, back->notes);
          g_assert_cmpstr (text2, ==, text);
        }
    }
}

/* Names and notes that need HTML references, and note lines that are no
 * property, survive .non. */
static void
test_non_notes (void)
{
  static const char * const rows[] = { "#.", ".#", NULL };
  g_autoptr(PwNonogramLevel) level = level_from_rows (rows);
  g_autoptr(GPtrArray) again =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
  g_autoptr(GError) error = NULL;
  const char *notes = "by: Zoë & \"Co\"\nlicense: CC-BY-4.0\nmade <on> a train";
  g_autofree char *text = _pw_nonogram_to_non (level, "Ça va", notes);
  PwImportedLevel *back;

  g_assert_nonnull (strstr (text, "title \"&#199;a va\"\n"));
  g_assert_nonnull (strstr (text, "by \"Zo&#235; &amp; &quot;Co&quot;\"\n"));
  g_assert_nonnull (strstr (text, "comment \"made &lt;on&gt; a train\"\n"));
  g_assert_nonnull (strstr (text, "goal \"1001\"\n"));
  g_assert_true (_pw_nonogram_read (text, "n.non", again, &error));
  g_assert_no_error (error);
  back = g_ptr_array_index (again, 0);
  g_assert_cmpstr (back->name, ==, "Ça va");
  g_assert_cmpstr (back->notes, ==, notes);
}

/* Pattern game IDs with "; Name" lines, and pictures. */
static void
test_read_ids_and_pictures (void)
{
  g_autoptr(GPtrArray) levels =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
  g_autoptr(GError) error = NULL;
  const char *text = "; Corner\n; a note\n2x2:2/1/2/1\n\n#..\n.#.\n..#\n\n; Square\n"
                     "3:3/1.1/3/3/1.1/3\r\n";
  PwImportedLevel *corner, *diagonal, *square;
  const PwNonogramLevel *data;
  g_autofree char *id = NULL;
  g_autofree char *id2 = NULL;

  g_assert_true (_pw_nonogram_read (text, "mixed.txt", levels, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (levels->len, ==, 3);
  corner = g_ptr_array_index (levels, 0);
  diagonal = g_ptr_array_index (levels, 1);
  square = g_ptr_array_index (levels, 2);
  g_assert_cmpstr (corner->name, ==, "Corner");
  g_assert_cmpstr (corner->notes, ==, "a note");
  g_assert_null (diagonal->name);
  g_assert_cmpstr (square->name, ==, "Square");
  id = _pw_nonogram_to_id (corner->data);
  g_assert_cmpstr (id, ==, "2x2:2/1/2/1");
  /* the ID lists columns first; the clues keep rows first */
  data = corner->data;
  g_assert_cmpuint (_pw_nono_clues_count (data->clues, 1), ==, 1);
  g_assert_cmpuint (_pw_nono_clues_line (data->clues, 0)[0], ==, 2);
  data = diagonal->data;
  g_assert_nonnull (data->grid);
  g_assert_cmpuint (data->width, ==, 3);
  g_assert_cmpint (data->grid[4], ==, 1);
  g_assert_cmpint (data->grid[1], ==, 0);
  id2 = _pw_nonogram_to_id (square->data);
  g_assert_cmpstr (id2, ==, "3x3:3/1.1/3/3/1.1/3");
  g_assert_cmpuint (count (square->data, NULL), ==, 1);
}

/* Every kind of bad input is refused with the file, the line and what
 * is wrong. */
static void
test_bad_inputs (void)
{
  static const struct
  {
    const char *name;
    const char *text;
    const char *message;
  } cases[] = {
    { "a.non", "width 5\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n1\n1\n",
      "a.non: at the end: the columns block has 4 lines; the puzzle is 5 wide" },
    { "b.non", "width 5\nheight 2\n\nrows\n6\n1\n",
      "b.non: line 5: a block of 6 cannot fit a row of 5 cells" },
    { "c.non", "width 5\nheight 2\nrows\n3,2\n",
      "c.non: line 4: the clues 3 2 need 6 cells; a row has 5" },
    { "d.non", "width 5\nheight 2\nrows\n3b,1\n", "d.non: line 4: “3b”: colour clues" },
    { "e.non", "title \"x\"\nrows\n", "e.non: line 2: “rows” comes before “width” and “height”" },
    { "f.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"101\"\n",
      "f.non: line 8: the goal has 3 cells; the puzzle has 2 × 1" },
    { "g.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"01\"\n",
      "g.non: line 8: column 1 of the picture gives 0; its clues say 1" },
    { "h.non", "width 2\nheight 1\nrows\n1,x\n", "h.non: line 4: “x” is not a block length" },
    { "i.non", "height 1\nby \"me\"\n", "i.non: at the end: the file gives no “width”" },
    { "j.non", "width 0\n", "j.non: line 1: “width” must be a whole number from 1 to 100" },
    { "k.non", "width 2\nwidth 3\n", "k.non: line 2: a second “width”" },
    { "l.non", "width 2\nheight 1\nrows\n1\n", "l.non: at the end: the file has no “columns” block" },
    { "m.non", "width 2\nheight 1\n1,1\n", "m.non: line 3: clues outside a “rows” or “columns” block" },
    { "n.non", "width 3\nheight 1\nrows\n0,1\n", "n.non: line 4: 0 stands alone" },
    { "a.nin", "2 2\n1\n1\n1\n", "a.nin: at the end: 3 clue lines; a 2 × 2 puzzle has 4" },
    { "b.nin", "2 1\n1\n1\n0\n1\n", "b.nin: line 5: more than the 1 row and 2 column clue lines" },
    { "c.nin", "0 5\n", "c.nin: line 1: the first line must be the width and the height" },
    { "d.nin", "2 1\n3\n", "d.nin: line 2: a block of 3 cannot fit a row of 2 cells" },
    { "a.txt", "$1\n1\n1\n1\n", "a.txt: line 1: the puzzle $1 has 3 clue lines" },
    { "b.txt", "$1\n1\n3\n1\n1\n", "b.txt: line 3: a block of 3 cannot fit a column of 2 cells" },
    { "c.txt", "2x2:1/1/1", "c.txt: line 1: 3 clue lines; a 2 × 2 puzzle has 4" },
    { "d.txt", "2x2:1/1/1/1,a", "d.txt: line 1: squares given in advance" },
    { "e.txt", "0x2:1/1", "e.txt: line 1: “0x2” is not a size WxH" },
    { "f.txt", "\n#.\n#\n", "f.txt: line 3: this row has 1 cells; the picture's first row has 2" },
    { "g.txt", "; x\n2x2:1/1/1/1\n??\n", "g.txt: line 3: neither a Pattern game ID" },
    { "h.txt", "%%%\n", "h.txt: line 1: not a nonogram in a format read here" },
    { "i.txt", "\n; only a name\n", "i.txt: at the end: there is no nonogram in the text" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) levels =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
      g_autoptr(GError) error = NULL;

      if (_pw_nonogram_read (cases[i].text, cases[i].name, levels, &error))
        g_error ("case %s: accepted", cases[i].name);
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %s: “%s” does not start with “%s”", cases[i].name, error->message,
                 cases[i].message);
      g_assert_cmpuint (levels->len, ==, 0);
    }
}

/* ------------------------------------------------------------------ */
/* The payload, validation, edits                                       */

static PwNonogramLevel *
level_from_json (const char  *json,
                 GError     **error)
{
  g_autoptr(JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  return pw_nonogram_kind.from_json (node, error);
}

static char *
level_to_json (const PwNonogramLevel *level)
{
  g_autoptr(JsonNode) node = pw_nonogram_kind.to_json (level);

  return json_to_string (node, FALSE);
}

static void
test_payload (void)
{
  static const char *good[] = {
    "{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..#\"]}",
    "{\"width\":3,\"height\":2,\"rows\":[[2],[1]],\"columns\":[[1],[1],[1]]}",
    "{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..#\"],\"rows\":[[2],[1]],"
    "\"columns\":[[1],[1],[1]]}",
    "{\"width\":2,\"height\":1,\"rows\":[[]],\"columns\":[[],[]]}",
  };
  static const struct
  {
    const char *json;
    const char *message;
  } bad[] = {
    { "[]", "payload must be an object" },
    { "{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..#\"],\"colour\":1}",
      "payload has an unknown member “colour”" },
    { "{\"width\":0,\"height\":2,\"grid\":[]}", "payload.width must be a whole number from 1 to 100" },
    { "{\"width\":3,\"height\":101,\"grid\":[]}", "payload.height must be a whole number" },
    { "{\"width\":3,\"height\":2}", "payload needs a “grid”" },
    { "{\"width\":3,\"height\":2,\"rows\":[[1],[1]]}", "payload has “rows” but no “columns”" },
    { "{\"width\":3,\"height\":2,\"grid\":[\"##.\"]}", "payload.grid has 1 rows; the level is 2" },
    { "{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..\"]}",
      "payload.grid row 2 has 2 cells; the level is 3 cells wide" },
    { "{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..x\"]}", "payload.grid row 2, column 3: “x”" },
    { "{\"width\":3,\"height\":2,\"grid\":[\"##.\",5]}", "payload.grid row 2 is not a string" },
    { "{\"width\":3,\"height\":2,\"rows\":[[2],[1]],\"columns\":[[1],[1]]}",
      "payload.columns must be a list of 3 lists" },
    { "{\"width\":3,\"height\":2,\"rows\":[[2],[4]],\"columns\":[[1],[1],[1]]}",
      "payload.rows[1][0] must be a block length from 1 to 3" },
    { "{\"width\":3,\"height\":2,\"rows\":[[2],[0,1]],\"columns\":[[1],[1],[1]]}",
      "payload.rows[1][0] must be a block length" },
    { "{\"width\":3,\"height\":2,\"rows\":[[2],1],\"columns\":[[1],[1],[1]]}",
      "payload.rows[1] must be a list of block lengths" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwNonogramLevel) level = level_from_json (good[i], &error);
      g_autoptr(PwNonogramLevel) again = NULL;
      g_autofree char *json = NULL;

      g_assert_no_error (error);
      json = level_to_json (level);
      again = level_from_json (json, &error);
      g_assert_no_error (error);
      g_assert_true (_pw_nonogram_level_equal (level, again));
      g_assert_true (pw_nonogram_kind.equal (level, again));
    }
  /* [0] reads as a line without blocks, written back as [] */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PwNonogramLevel) level =
      level_from_json ("{\"width\":1,\"height\":1,\"rows\":[[0]],\"columns\":[[]]}", &error);
    g_autofree char *json = level_to_json (level);

    g_assert_cmpstr (json, ==, "{\"width\":1,\"height\":1,\"rows\":[[]],\"columns\":[[]]}");
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwNonogramLevel) level = level_from_json (bad[i].json, &error);

      g_assert_null (level);
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, bad[i].message))
        g_error ("“%s”: “%s” does not start with “%s”", bad[i].json, error->message,
                 bad[i].message);
    }
}

static void
test_validate (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwNonogramLevel) good =
    level_from_json ("{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..#\"],\"rows\":[[2],[1]],"
                     "\"columns\":[[1],[1],[1]]}", &error);
  g_autoptr(PwNonogramLevel) differs =
    level_from_json ("{\"width\":3,\"height\":2,\"grid\":[\"##.\",\"..#\"],\"rows\":[[2],[2]],"
                     "\"columns\":[[1],[1],[2]]}", &error);
  g_autoptr(PwNonogramLevel) too_long =
    level_from_json ("{\"width\":3,\"height\":3,\"rows\":[[1],[1],[1]],"
                     "\"columns\":[[2,2],[],[1]]}", &error);
  g_autoptr(GPtrArray) none = pw_nonogram_kind.validate (good);
  g_autoptr(GPtrArray) two = pw_nonogram_kind.validate (differs);
  g_autoptr(GPtrArray) one = pw_nonogram_kind.validate (too_long);
  g_autoptr(PwAnalysis) analysis = NULL;
  PwAnalyseOptions options;
  PwProblem *problem;

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (two->len, ==, 2);
  problem = g_ptr_array_index (two, 0);
  g_assert_cmpstr (problem->message, ==, "Row 2: the picture gives 1; the clues say 2");
  g_assert_cmpint (problem->x, ==, -1);
  g_assert_cmpint (problem->y, ==, 1);
  problem = g_ptr_array_index (two, 1);
  g_assert_cmpstr (problem->message, ==, "Column 3: the picture gives 1; the clues say 2");
  g_assert_cmpint (problem->x, ==, 2);
  g_assert_cmpint (problem->y, ==, -1);
  g_assert_cmpuint (one->len, ==, 1);
  problem = g_ptr_array_index (one, 0);
  g_assert_cmpstr (problem->message, ==,
                   "Column 1: the clues 2 2 need 5 cells; the column has 3");

  /* the analysis refuses a level with problems, with the first one */
  pw_analyse_options_init (&options);
  analysis = pw_nonogram_kind.analyse (differs, &options, NULL, NULL, NULL, &error);
  g_assert_null (analysis);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Row 2: the picture gives 1; the clues say 2");
}

static PwNonogramLevel *
random_level (GRand *rand)
{
  guint w = g_rand_int_range (rand, 1, 6), h = g_rand_int_range (rand, 1, 6);
  PwNonogramLevel *level = _pw_nonogram_level_new (w, h);
  guint flavour = g_rand_int_range (rand, 0, 3);

  for (guint c = 0; c < w * h; c++)
    level->grid[c] = g_rand_boolean (rand);
  if (flavour > 0)
    level->clues = _pw_nono_clues_of_grid (level->grid, w, h);
  if (flavour == 2)
    g_clear_pointer (&level->grid, g_free);
  return level;
}

/* Mirrors and turns: the picture's cells move, the clues move with them
 * (so a picture with its clues stays valid), solution counts stay, and
 * undoing each gives the level back. */
static void
test_transform (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (test_seed ());
  static const PwTransform inverse[] = {
    PW_TRANSFORM_MIRROR_LEFT_RIGHT, PW_TRANSFORM_MIRROR_TOP_BOTTOM,
    PW_TRANSFORM_ROTATE_ANTICLOCKWISE, PW_TRANSFORM_ROTATE_CLOCKWISE,
  };

  for (guint round = 0; round < 500; round++)
    {
      g_autoptr(PwNonogramLevel) level = random_level (rand);
      guint w = level->width, h = level->height;

      for (PwTransform t = PW_TRANSFORM_MIRROR_LEFT_RIGHT; t <= PW_TRANSFORM_ROTATE_ANTICLOCKWISE;
           t++)
        {
          g_autoptr(PwNonogramLevel) out = pw_nonogram_kind.transform (level, t);
          g_autoptr(PwNonogramLevel) back = pw_nonogram_kind.transform (out, inverse[t]);
          g_autoptr(GPtrArray) problems = pw_nonogram_kind.validate (out);
          gboolean turn = t >= PW_TRANSFORM_ROTATE_CLOCKWISE;

          g_assert_cmpuint (out->width, ==, turn ? h : w);
          g_assert_cmpuint (out->height, ==, turn ? w : h);
          g_assert_true (_pw_nonogram_level_equal (back, level));
          g_assert_cmpuint (problems->len, ==, 0);
          if (out->grid != NULL)
            {
              /* one cell checked by coordinates */
              guint x = w - 1, y = 0, nx, ny;

              switch (t)
                {
                case PW_TRANSFORM_MIRROR_LEFT_RIGHT:
                  nx = 0, ny = 0;
                  break;
                case PW_TRANSFORM_MIRROR_TOP_BOTTOM:
                  nx = w - 1, ny = h - 1;
                  break;
                case PW_TRANSFORM_ROTATE_CLOCKWISE:
                  nx = h - 1, ny = w - 1;
                  break;
                default:
                  nx = 0, ny = 0;
                  break;
                }
              g_assert_cmpint (out->grid[ny * out->width + nx], ==, level->grid[y * w + x]);
            }
          {
            g_autoptr(PwNonoClues) a = _pw_nonogram_level_clues (level);
            g_autoptr(PwNonoClues) b = _pw_nonogram_level_clues (out);
            guint64 before = count_solutions (a, w, h, 100, NULL);
            guint64 after = count_solutions (b, out->width, out->height, 100, NULL);

            g_assert_cmpuint (before, ==, after);
          }
        }
    }
}

static void
test_resize (void)
{
  static const char * const rows[] = { "#.", ".#", NULL };
  g_autoptr(PwNonogramLevel) level = level_from_rows (rows);
  g_autoptr(PwNonogramLevel) clues_only = level_from_rows (rows);
  g_autoptr(PwNonogramLevel) wider = NULL;
  g_autoptr(PwNonogramLevel) taller = NULL;
  g_autoptr(PwNonogramLevel) shorter = NULL;
  g_autoptr(PwNonogramLevel) gone = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;

  wider = pw_nonogram_kind.resize (level, PW_SIDE_LEFT, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (wider->width, ==, 3);
  g_assert_cmpmem (wider->grid, 6, "\0\1\0\0\0\1", 6);

  clues_only->clues = _pw_nono_clues_of_grid (clues_only->grid, 2, 2);
  g_clear_pointer (&clues_only->grid, g_free);
  taller = pw_nonogram_kind.resize (clues_only, PW_SIDE_TOP, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (taller->height, ==, 3);
  g_assert_cmpuint (_pw_nono_clues_count (taller->clues, 0), ==, 0);   /* the new row */
  g_assert_cmpuint (_pw_nono_clues_count (taller->clues, 1), ==, 1);
  g_assert_cmpuint (count (taller, NULL), ==, 2);   /* as the diagonal pair has */
  /* removing a row of clues leaves the columns' clues, which may then
   * ask for more than the column holds: validation says so */
  shorter = pw_nonogram_kind.resize (clues_only, PW_SIDE_BOTTOM, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (shorter->height, ==, 1);
  problems = pw_nonogram_kind.validate (shorter);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (count (shorter, NULL), ==, 0);

  gone = pw_nonogram_kind.resize (level, PW_SIDE_RIGHT, -2, &error);
  g_assert_null (gone);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

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
generate (guint64     seed,
          guint       wanted,
          const char *first,
          ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  Collect c = { g_ptr_array_new_with_free_func (nonogram_free_level), wanted };
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_true (pw_nonogram_kind.generate (params, seed, 0, collect, NULL, &c, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.levels->len, ==, wanted);
  return c.levels;
}

static void
test_generate (void)
{
  g_autoptr(GPtrArray) a = generate (7, 4, "size", "8x6", "density", "0.6", NULL);
  g_autoptr(GPtrArray) b = generate (7, 4, "size", "8x6", "density", "0.6", NULL);
  g_autoptr(GPtrArray) other = generate (8, 4, "size", "8x6", "density", "0.6", NULL);
  g_autoptr(GPtrArray) easy = generate (3, 3, "size", "12x12", "line_solvable", "true", NULL);
  g_autoptr(GPtrArray) painted = generate (1, 2, "picture", "####/#..#/#..#/####", NULL);
  gboolean differs = FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      const PwNonogramLevel *level = g_ptr_array_index (a, i);

      g_assert_cmpuint (level->width, ==, 8);
      g_assert_cmpuint (level->height, ==, 6);
      g_assert_nonnull (level->grid);
      g_assert_cmpuint (count (level, NULL), ==, 1);
      /* the same seed, the same levels */
      g_assert_true (_pw_nonogram_level_equal (level, g_ptr_array_index (b, i)));
      differs |= !_pw_nonogram_level_equal (level, g_ptr_array_index (other, i));
    }
  g_assert_true (differs);
  for (guint i = 0; i < easy->len; i++)
    {
      const PwNonogramLevel *level = g_ptr_array_index (easy, i);
      g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
      g_autoptr(PwNonoSolver) solver = _pw_nono_solver_new (12, 12, clues);
      PwNonoGrade grade = { 0 };

      g_assert_true (_pw_nono_grade (solver, 0, &grade, NULL, NULL));
      g_assert_true (grade.line_solvable);
    }
  for (guint i = 0; i < painted->len; i++)
    {
      const PwNonogramLevel *level = g_ptr_array_index (painted, i);

      g_assert_cmpuint (level->width, ==, 4);
      g_assert_cmpuint (count (level, NULL), ==, 1);
    }
}

static void
test_generate_bad_params (void)
{
  static const char *cases[][3] = {
    { "size", "0x4", "-p size=0x4: give the size as WxH, each 1 to 100" },
    { "density", "1.5", "-p density=1.5: give a number from 0 to 1" },
    { "line_solvable", "yes", "-p line_solvable=yes: give true or false" },
    { "picture", "#./#", "-p picture=#./#: every row as long as the first" },
    { "colours", "2", "-p colours: the nonogram generator has no such parameter" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      Collect c = { g_ptr_array_new (), 1 };

      g_hash_table_insert (params, (gpointer) cases[i][0], (gpointer) cases[i][1]);
      g_assert_false (pw_nonogram_kind.generate (params, 1, 0, collect, NULL, &c, NULL, &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, cases[i][2]);
      g_ptr_array_unref (c.levels);
    }
}

/* The analysis within a budget is partial, cancelled is an error, and
 * figures not asked for are left null. */
static void
test_analyse_budget (void)
{
  g_autoptr(GPtrArray) levels = read_file ("taai2011-1-5_question.txt");
  const PwNonogramLevel *level = ((PwImportedLevel *) g_ptr_array_index (levels, 0))->data;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(PwAnalysis) partial = NULL;
  g_autoptr(PwAnalysis) cancelled = NULL;
  g_autoptr(PwAnalysis) some = NULL;
  g_autoptr(GError) error = NULL;
  const char * const wanted[] = { "solutions", NULL };
  PwAnalyseOptions options;

  pw_analyse_options_init (&options);
  options.max_states = 40;
  partial = pw_nonogram_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pw_analysis_get_partial (partial));
  g_assert_true (json_object_get_null_member (figures (partial), "solutions"));
  g_assert_true (json_object_get_null_member (figures (partial), "difficulty"));

  pw_analyse_options_init (&options);
  g_cancellable_cancel (cancellable);
  cancelled = pw_nonogram_kind.analyse (level, &options, NULL, NULL, cancellable, &error);
  g_assert_null (cancelled);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  pw_analyse_options_init (&options);
  options.figures = wanted;
  some = pw_nonogram_kind.analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_analysis_get_partial (some));
  g_assert_cmpint (json_object_get_int_member (figures (some), "solutions"), >=, 2);
  g_assert_true (json_object_get_null_member (figures (some), "grade"));
  g_assert_true (json_object_get_null_member (figures (some), "line_solvable"));
  g_assert_true (json_object_get_null_member (figures (some), "difficulty"));
}

/* The count stops at --max-solutions and says so: a 4 × 4 of "1" clues
 * has 24 solutions (the permutation matrices). */
static void
test_cap (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwNonogramLevel) perm =
    level_from_json ("{\"width\":4,\"height\":4,\"rows\":[[1],[1],[1],[1]],"
                     "\"columns\":[[1],[1],[1],[1]]}", &error);
  g_autoptr(PwAnalysis) all = NULL;
  g_autoptr(PwAnalysis) capped = NULL;
  PwAnalyseOptions options;

  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  options.search_runs = 5;
  all = pw_nonogram_kind.analyse (perm, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (figures (all), "solutions"), ==, 24);
  g_assert_false (json_object_get_boolean_member (figures (all), "capped"));
  options.max_solutions = 10;
  capped = pw_nonogram_kind.analyse (perm, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (figures (capped), "solutions"), ==, 10);
  g_assert_true (json_object_get_boolean_member (figures (capped), "capped"));
  g_assert_false (json_object_get_boolean_member (figures (capped), "unique"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/nonogram/line-solver", test_line_solver);
  g_test_add_func ("/analysis/nonogram/line-solver-long", test_line_solver_long);
  g_test_add_func ("/analysis/nonogram/counts-from-pictures", test_counts_from_pictures);
  g_test_add_func ("/analysis/nonogram/counts-from-clues", test_counts_from_clues);
  g_test_add_func ("/analysis/nonogram/counts-larger", test_counts_larger);
  g_test_add_func ("/analysis/nonogram/grade-against-plain", test_grade_against_plain);
  g_test_add_func ("/analysis/nonogram/grade-worked", test_grade_worked);
  g_test_add_func ("/analysis/nonogram/next-step", test_next_step);
  g_test_add_func ("/analysis/nonogram/read-non", test_read_non);
  g_test_add_func ("/analysis/nonogram/read-nin", test_read_nin);
  g_test_add_func ("/analysis/nonogram/read-taai", test_read_taai);
  g_test_add_func ("/analysis/nonogram/read-ids-and-pictures", test_read_ids_and_pictures);
  g_test_add_func ("/analysis/nonogram/non-round-trip", test_non_round_trip);
  g_test_add_func ("/analysis/nonogram/non-notes", test_non_notes);
  g_test_add_func ("/analysis/nonogram/bad-inputs", test_bad_inputs);
  g_test_add_func ("/analysis/nonogram/payload", test_payload);
  g_test_add_func ("/analysis/nonogram/validate", test_validate);
  g_test_add_func ("/analysis/nonogram/transform", test_transform);
  g_test_add_func ("/analysis/nonogram/resize", test_resize);
  g_test_add_func ("/analysis/nonogram/generate", test_generate);
  g_test_add_func ("/analysis/nonogram/analyse-budget", test_analyse_budget);
  g_test_add_func ("/analysis/nonogram/cap", test_cap);
  g_test_add_func ("/analysis/nonogram/generate-bad-params", test_generate_bad_params);

  return g_test_run ();
}
