/* bench-sudoku.c — the number-placement search on files of Sudoku
 * puzzles, and on an empty Latin square. Run by bench/sudoku.sh (beside
 * Debian's qqwing), figures in docs/performance.md.
 *
 *   bench-sudoku [--generic] [--cap K] [--repeat R] FILE…
 *   bench-sudoku --latin N [--repeat R] [--generic]
 *
 * A file holds one puzzle per line: n² characters, '.' or '0' blank,
 * values '1'-'9' then 'A'-'Z' for 10-35 (81, 256 and 625 characters are
 * 9 × 9, 16 × 16 and 25 × 25 with square boxes); a file with no digit 1-9
 * at all is read with letters from 'A' = 1 (how the generated Solo
 * 25 × 25 files are written: A-Y). Every puzzle's solutions
 * are counted up to K (default 2) on this thread, each solution checked
 * with pw_numgrid_check. The time is the process's CPU time for reading
 * the lines (already in memory), setting the givens, searching and
 * checking: the machine is shared, so CPU time is steadier than wall
 * time (which is printed too). The last line for each file is exactly
 * "FILE: N puzzles, S s, R puzzles/s".
 *
 * --generic: the general search even for 9 × 9 (the fast path is taken
 * by default). --random SEED: random_order, puzzle i with seed SEED + i. --latin N: the first solution of an empty N × N Latin
 * square, R times.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numgrid.h"

static gboolean generic = FALSE;
static gint64 random_seed = -1;
static guint64 cap = 2;
static guint repeat = 1;

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct
{
  const PwNumGrid *grid;
  guint64          invalid;
} Check;

static gboolean
check_solution (const guint8 *values,
                gpointer      data)
{
  Check *check = data;

  if (!pw_numgrid_check (check->grid, values))
    check->invalid++;
  return TRUE;
}

/* Rows, columns and boxes of a Sudoku of order @n = @box². */
static PwNumGrid *
sudoku_grid (guint n,
             guint box)
{
  PwNumGrid *grid = pw_numgrid_new (n, n, n);
  g_autofree guint *cells = g_new (guint, n);

  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        cells[x] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_ROW, y, cells, n);
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        cells[y] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_COLUMN, x, cells, n);
    }
  for (guint b = 0; b < n; b++)
    {
      guint k = 0;

      for (guint y = (b / box) * box; y < (b / box + 1) * box; y++)
        for (guint x = (b % box) * box; x < (b % box + 1) * box; x++)
          cells[k++] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_BOX, b, cells, n);
    }
  return grid;
}

static guint
char_value (char     ch,
            gboolean letters_only)
{
  guint first_letter = letters_only ? 1 : 10;

  if (ch >= '1' && ch <= '9')
    return ch - '0';
  if (ch >= 'A' && ch <= 'Z')
    return ch - 'A' + first_letter;
  if (ch >= 'a' && ch <= 'z')
    return ch - 'a' + first_letter;
  return 0;   /* '.', '0' */
}

static int
bench_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  PwNumGrid *grids[8] = { NULL };   /* by box size */
  guint64 puzzles = 0, unique = 0, multiple = 0, none = 0, nodes = 0, invalid = 0;
  double slowest = 0;   /* CPU seconds, puzzles over 9 × 9 only */
  double cpu0, cpu, wall;
  gint64 wall0;
  gboolean letters_only;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  letters_only = strpbrk (text, "123456789") == NULL;
  lines = g_strsplit (text, "\n", -1);

  wall0 = g_get_monotonic_time ();
  cpu0 = cpu_seconds ();
  for (guint r = 0; r < repeat; r++)
    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *line = lines[i];
        gsize len = strlen (line);
        guint n, box;
        PwNumGrid *grid;
        PwNumGridSearch search;
        PwNumGridResult result;
        Check check;
        double start = 0;

        while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' '))
          len--;
        if (len == 0 || line[0] == '#')
          continue;
        for (box = 2; box < G_N_ELEMENTS (grids) && box * box * box * box < len; box++)
          ;
        n = box * box;
        if (box == G_N_ELEMENTS (grids) || n * n != len)
          {
            g_printerr ("%s: line %u: %" G_GSIZE_FORMAT " characters is no square Sudoku\n",
                        path, i + 1, len);
            return 1;
          }
        if (grids[box] == NULL)
          grids[box] = sudoku_grid (n, box);
        grid = grids[box];
        for (guint c = 0; c < len; c++)
          {
            guint v = char_value (line[c], letters_only);

            if (v > n)
              {
                g_printerr ("%s: line %u: '%c' is beyond %u\n", path, i + 1, line[c], n);
                return 1;
              }
            pw_numgrid_set_given (grid, c, v);
          }

        pw_numgrid_search_init (&search);
        /* one clock reading per puzzle would weigh on 9 × 9 (a few µs
         * each): larger ones only */
        if (n > 9)
          start = cpu_seconds ();
        search.max_solutions = cap;
        search.allow_fast_path = !generic;
        if (random_seed >= 0)
          {
            search.random_order = TRUE;
            search.seed = (guint64) random_seed + puzzles;
          }
        check.grid = grid;
        check.invalid = 0;
        search.on_solution = check_solution;
        search.on_solution_data = &check;
        pw_numgrid_search (grid, &search, &result, NULL);
        if (n > 9)
          slowest = MAX (slowest, cpu_seconds () - start);
        puzzles++;
        nodes += result.nodes;
        invalid += check.invalid;
        if (result.solutions == 0)
          none++;
        else if (result.solutions == 1)
          unique++;
        else
          multiple++;
      }
  cpu = cpu_seconds () - cpu0;
  wall = (g_get_monotonic_time () - wall0) / 1e6;

  for (guint b = 0; b < G_N_ELEMENTS (grids); b++)
    g_clear_pointer (&grids[b], pw_numgrid_free);
  if (invalid > 0)
    {
      g_printerr ("%s: %" G_GUINT64_FORMAT " solutions failed the check\n", path, invalid);
      return 1;
    }
  g_print ("%s: %s path, count to %" G_GUINT64_FORMAT ": %" G_GUINT64_FORMAT " unique, %"
           G_GUINT64_FORMAT " multiple, %" G_GUINT64_FORMAT " none; %.1f nodes a puzzle; "
           "wall %.3f s, %.1f us a puzzle (CPU)",
           path, generic ? "general" : "default", cap, unique, multiple, none,
           puzzles ? (double) nodes / puzzles : 0.0, wall, puzzles ? cpu * 1e6 / puzzles : 0.0);
  if (slowest > 0)
    g_print (", slowest %.2f ms", slowest * 1e3);
  g_print ("\n");
  g_print ("%s: %" G_GUINT64_FORMAT " puzzles, %.3f s, %.0f puzzles/s\n", path, puzzles, cpu,
           cpu > 0 ? puzzles / cpu : 0.0);
  return 0;
}

static int
bench_latin (guint n)
{
  g_autoptr(PwNumGrid) grid = pw_numgrid_new (n, n, n);
  g_autofree guint *cells = g_new (guint, n);
  double best = G_MAXDOUBLE, total = 0;

  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        cells[x] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_ROW, y, cells, n);
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        cells[y] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_COLUMN, x, cells, n);
    }
  for (guint r = 0; r < repeat; r++)
    {
      PwNumGridSearch search;
      PwNumGridResult result;
      Check check = { grid, 0 };
      double cpu0 = cpu_seconds (), cpu;
      gint64 wall0 = g_get_monotonic_time ();

      pw_numgrid_search_init (&search);
      search.max_solutions = 1;
      search.allow_fast_path = !generic;
      search.on_solution = check_solution;
      search.on_solution_data = &check;
      pw_numgrid_search (grid, &search, &result, NULL);
      cpu = cpu_seconds () - cpu0;
      if (result.solutions != 1 || check.invalid > 0)
        {
          g_printerr ("latin %u: no valid solution\n", n);
          return 1;
        }
      g_print ("latin %u: first solution in %.3f s (wall %.3f s), %" G_GUINT64_FORMAT " nodes\n",
               n, cpu, (g_get_monotonic_time () - wall0) / 1e6, result.nodes);
      best = MIN (best, cpu);
      total += cpu;
    }
  g_print ("latin %u: %u runs, best %.3f s, mean %.3f s\n", n, repeat, best, total / repeat);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  gint latin = 0;
  gint cap_option = 2, repeat_option = 1;
  g_auto(GStrv) files = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) context = NULL;
  GOptionEntry entries[] = {
    { "generic", 0, 0, G_OPTION_ARG_NONE, &generic, "The general search even for 9x9", NULL },
    { "cap", 0, 0, G_OPTION_ARG_INT, &cap_option, "Count solutions up to K (0: all)", "K" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat_option, "Run each file R times", "R" },
    { "latin", 0, 0, G_OPTION_ARG_INT, &latin, "An empty N x N Latin square", "N" },
    { "random", 0, 0, G_OPTION_ARG_INT64, &random_seed,
      "Random order, seeds SEED, SEED + 1, … by puzzle", "SEED" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "FILE…" },
    { NULL },
  };
  int status = 0;

  context = g_option_context_new ("FILE… — Sudoku puzzles, one per line");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (cap_option < 0 || repeat_option < 1 || latin < 0 || latin > PW_NUMGRID_MAX_VALUES)
    {
      g_printerr ("bad option value\n");
      return 2;
    }
  cap = cap_option;
  repeat = repeat_option;
  if (latin > 0)
    return bench_latin (latin);
  if (files == NULL)
    {
      g_printerr ("no file\n");
      return 2;
    }
  for (guint i = 0; files[i] != NULL; i++)
    status |= bench_file (files[i]);
  return status;
}
