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

  return g_test_run ();
}
