/* bench-grading.c — the human-style grader (analysis/techniques.c) on
 * files of Solo and Unequal game IDs (bench-grading FILE…), or on random
 * Latin squares or Sudoku with some cells given (bench-grading --latin N
 * SHARE SEED, --sudoku N SHARE SEED).
 * Prints each puzzle's time, work and grade, then per file the fastest,
 * median and slowest time. BENCH_BUDGET=N sets the budget (default
 * PW_LOGIC_DEFAULT_BUDGET), BENCH_COUNTS=1 prints the steps by technique.
 * Figures in docs/performance.md.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "techniques.h"
#include "latin-private.h"

/* Solo ("RxC:", letters for runs of blanks, '_' between numbers) or
 * Unequal ("N:", comma-separated cells with U R D L: greater than the
 * neighbour up, right, down, left). NULL when the line is neither. */
static PwNumGrid *
parse_id (const char *id)
{
  guint c, r, n, cell = 0;
  const char *colon = strchr (id, ':'), *p;
  g_autoptr (PwLatinLevel) level = NULL;

  if (colon == NULL)
    return NULL;
  p = colon + 1;
  if (memchr (id, 'x', colon - id) != NULL)
    {
      if (sscanf (id, "%ux%u:", &c, &r) != 2)
        return NULL;
      n = c * r;
      level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, r, c);
      while (*p != '\0' && *p != '\n' && cell < n * n)
        {
          if (*p >= 'a' && *p <= 'z')
            cell += *p++ - 'a' + 1;
          else if (*p == '_')
            p++;
          else
            {
              char *end;

              level->givens[cell++] = strtoul (p, &end, 10);
              if (end == p)
                return NULL;
              p = end;
            }
        }
    }
  else
    {
      if (sscanf (id, "%u:", &n) != 1)
        return NULL;
      level = _pw_latin_level_new (PW_LATIN_FUTOSHIKI, n, 0, 0);
      while (*p != '\0' && *p != '\n' && cell < n * n)
        {
          char *end;

          level->givens[cell] = strtoul (p, &end, 10);
          for (p = end; *p != ',' && *p != '\0' && *p != '\n'; p++)
            {
              if (*p == 'U' && cell >= n)
                level->signs[cell - n] |= PW_SIGN_DOWN_LESS;
              else if (*p == 'R')
                level->signs[cell] |= PW_SIGN_RIGHT_GREATER;
              else if (*p == 'D')
                level->signs[cell] |= PW_SIGN_DOWN_GREATER;
              else if (*p == 'L' && cell > 0)
                level->signs[cell - 1] |= PW_SIGN_RIGHT_LESS;
            }
          if (*p == ',')
            p++;
          cell++;
        }
    }
  return _pw_latin_build_grid (level);
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
grade_one (const PwNumGrid *grid,
           const char      *label)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GTimer) timer = g_timer_new ();
  PwLogicGrade grade;
  const char *budget_text = g_getenv ("BENCH_BUDGET");
  guint64 budget = budget_text != NULL ? g_ascii_strtoull (budget_text, NULL, 10) :
                                         PW_LOGIC_DEFAULT_BUDGET;
  gboolean ok = pw_logic_grade (grid, NULL, budget, &grade, NULL, &error);
  double seconds = g_timer_elapsed (timer, NULL);

  printf ("%s\t%.4f s\twork %" G_GUINT64_FORMAT "\t%s\n", label, seconds, grade.work,
          ok ? "" : error->message);
  if (g_getenv ("BENCH_COUNTS") != NULL)
    for (guint t = 0; t < PW_N_TECHNIQUES; t++)
      if (grade.counts[t] > 0)
        printf ("\t%s %u\n", pw_technique_key (t), grade.counts[t]);
  if (ok)
    printf ("\tgrade %.2f, hardest %s, trial depth %u, %s%s%s\n", grade.grade,
            pw_technique_key (grade.hardest), grade.trial_depth,
            grade.solved ? "solved" : "not solved",
            grade.several_solutions ? ", several solutions" : "",
            grade.contradiction ? ", no solution" : "");
  return seconds;
}

static void
report (const char *name,
        GArray     *times)
{
  double *t = (double *) (gpointer) times->data;

  if (times->len == 0)
    return;
  qsort (t, times->len, sizeof (double), compare_double);
  printf ("%s: %u puzzles, fastest %.4f s, median %.4f s, slowest %.4f s\n", name, times->len,
          t[0], t[times->len / 2], t[times->len - 1]);
}

/* A random Latin square (a cyclic one with its rows, columns and
 * symbols shuffled) of which @share of the cells are given. */
static PwNumGrid *
random_latin (guint  n,
              double share,
              guint  seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_LATIN, n, 0, 0);
  g_autofree guint *row = g_new (guint, n);
  g_autofree guint *col = g_new (guint, n);
  g_autofree guint *sym = g_new (guint, n);
  guint *perms[3] = { row, col, sym };

  for (guint k = 0; k < 3; k++)
    {
      for (guint i = 0; i < n; i++)
        perms[k][i] = i;
      for (guint i = n; i > 1; i--)
        {
          guint j = g_rand_int_range (rand, 0, i), t = perms[k][i - 1];

          perms[k][i - 1] = perms[k][j];
          perms[k][j] = t;
        }
    }
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (g_rand_double (rand) < share)
        level->givens[row[y] * n + col[x]] = sym[(x + y) % n] + 1;
  return _pw_latin_build_grid (level);
}

static void
shuffle (guint *a,
         guint  n,
         GRand *rand)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = a[i - 1];

      a[i - 1] = a[j];
      a[j] = t;
    }
}

/* A random Sudoku of n = r × c (the squarest boxes, r ≤ c): the pattern
 * solution with its bands, stacks, rows within bands, columns within
 * stacks and symbols shuffled; @share of the cells given. */
static PwNumGrid *
random_sudoku (guint  n,
               double share,
               guint  seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (PwLatinLevel) level = NULL;
  g_autofree guint *row = g_new (guint, n);
  g_autofree guint *col = g_new (guint, n);
  g_autofree guint *sym = g_new (guint, n);
  g_autofree guint *bands = NULL;
  g_autofree guint *stacks = NULL;
  guint r = 1, c;

  for (guint k = 1; k * k <= n; k++)
    if (n % k == 0)
      r = k;
  c = n / r;
  level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, r, c);
  bands = g_new (guint, c);     /* n / r bands of r rows */
  stacks = g_new (guint, r);    /* n / c stacks of c columns */
  for (guint i = 0; i < c; i++)
    bands[i] = i;
  for (guint i = 0; i < r; i++)
    stacks[i] = i;
  shuffle (bands, c, rand);
  shuffle (stacks, r, rand);
  for (guint b = 0; b < c; b++)
    {
      guint inner[PW_NUMGRID_MAX_VALUES];

      for (guint i = 0; i < r; i++)
        inner[i] = i;
      shuffle (inner, r, rand);
      for (guint i = 0; i < r; i++)
        row[b * r + i] = bands[b] * r + inner[i];
    }
  for (guint s = 0; s < r; s++)
    {
      guint inner[PW_NUMGRID_MAX_VALUES];

      for (guint i = 0; i < c; i++)
        inner[i] = i;
      shuffle (inner, c, rand);
      for (guint i = 0; i < c; i++)
        col[s * c + i] = stacks[s] * c + inner[i];
    }
  for (guint i = 0; i < n; i++)
    sym[i] = i;
  shuffle (sym, n, rand);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (g_rand_double (rand) < share)
        {
          guint ry = row[y], cx = col[x];

          level->givens[y * n + x] = sym[(c * (ry % r) + ry / r + cx) % n] + 1;
        }
  return _pw_latin_build_grid (level);
}

int
main (int    argc,
      char **argv)
{
  if (argc == 5 && (strcmp (argv[1], "--latin") == 0 || strcmp (argv[1], "--sudoku") == 0))
    {
      guint n = atoi (argv[2]);
      double share = g_ascii_strtod (argv[3], NULL);
      gboolean latin = strcmp (argv[1], "--latin") == 0;
      g_autoptr (PwNumGrid) grid = latin ? random_latin (n, share, atoi (argv[4])) :
                                           random_sudoku (n, share, atoi (argv[4]));
      g_autofree char *label = g_strdup_printf ("%s %u, %.0f %% given", latin ? "latin" : "sudoku",
                                                n, share * 100);

      grade_one (grid, label);
      return 0;
    }
  if (argc < 2)
    {
      fprintf (stderr, "usage: bench-grading FILE… | bench-grading --latin|--sudoku N SHARE SEED\n");
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autofree char *text = NULL;
      g_auto (GStrv) lines = NULL;
      g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GError) error = NULL;

      if (!g_file_get_contents (argv[i], &text, NULL, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      lines = g_strsplit (text, "\n", -1);
      for (guint k = 0; lines[k] != NULL; k++)
        {
          g_autoptr (PwNumGrid) grid = lines[k][0] == '#' ? NULL : parse_id (lines[k]);
          g_autofree char *label = NULL;
          double seconds;

          if (grid == NULL)
            continue;
          label = g_strdup_printf ("%s:%u", argv[i], k + 1);
          seconds = grade_one (grid, label);
          g_array_append_val (times, seconds);
        }
      report (argv[i], times);
    }
  return 0;
}
