/* bench-logic.c — the magic, queens and star-battle kinds: their searches
 * in-process, and `puzzlewright analyse` on the Ludii instances with the
 * process start included.
 *
 *   bench-logic [RUNS] [PUZZLEWRIGHT]
 *
 * Each row is the fastest (and the median) of RUNS runs (default 5). The
 * command rows run PUZZLEWRIGHT (default: the build's) on level sets
 * written to a temporary folder, and print the command. Figures in
 * docs/performance.md.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "magic-private.h"
#include "queens-private.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *name,
        double     *seconds,
        guint       runs,
        const char *what)
{
  qsort (seconds, runs, sizeof (double), compare_doubles);
  g_print ("  %-40s %9.2f ms  (median %.2f)  %s\n", name, seconds[0] * 1000,
           seconds[runs / 2] * 1000, what);
}

/* ------------------------------------------------------------------ */
/* In-process                                                           */

static void
bench_queens_count (guint n,
                    guint runs)
{
  g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_QUEENS, n, 1);
  g_autofree double *seconds = g_new (double, runs);
  g_autofree char *name = g_strdup_printf ("%u-queens, all", n);
  g_autofree char *what = NULL;
  PwQueensResult result = { 0 };

  for (guint r = 0; r < runs; r++)
    {
      PwQueensSearch search;
      gint64 start = g_get_monotonic_time ();

      _pw_queens_search_init (&search);
      _pw_queens_search (level, &search, &result, NULL);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
    }
  what = g_strdup_printf ("%" G_GUINT64_FORMAT " solutions, %" G_GUINT64_FORMAT " nodes",
                          result.solutions, result.nodes);
  report (name, seconds, runs, what);
}

static void
bench_magic_count (guint   n,
                   guint64 cap,
                   guint   runs)
{
  g_autoptr(PwMagicLevel) level = _pw_magic_level_new (n);
  g_autofree double *seconds = g_new (double, runs);
  g_autofree char *name = g_strdup_printf ("magic %ux%u, count to %" G_GUINT64_FORMAT, n, n, cap);
  g_autofree char *what = NULL;
  PwMagicCount count = { 0 };

  for (guint r = 0; r < runs; r++)
    {
      gint64 start = g_get_monotonic_time ();

      _pw_magic_count (level, cap, 0, 1, NULL, NULL, &count, NULL, NULL, NULL);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
    }
  what = g_strdup_printf ("%" G_GUINT64_FORMAT " solutions%s (%" G_GUINT64_FORMAT
                          " up to symmetry), %" G_GUINT64_FORMAT " nodes", count.solutions,
                          count.capped ? ", capped" : "", count.classes, count.nodes);
  report (name, seconds, runs, what);
}

static void
bench_magic_plain (guint n,
                   guint runs)
{
  g_autoptr(PwMagicLevel) level = _pw_magic_level_new (n);
  g_autofree double *seconds = g_new (double, runs);
  g_autofree char *name = g_strdup_printf ("magic %ux%u, all, plain search only", n, n);
  g_autofree char *what = NULL;
  PwMagicResult result = { 0 };

  for (guint r = 0; r < runs; r++)
    {
      PwMagicSearch search;
      gint64 start = g_get_monotonic_time ();

      _pw_magic_search_init (&search);
      _pw_magic_search (level, &search, &result, NULL);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
    }
  what = g_strdup_printf ("%" G_GUINT64_FORMAT " solutions (%" G_GUINT64_FORMAT
                          " up to symmetry), %" G_GUINT64_FORMAT " nodes", result.solutions,
                          result.classes, result.nodes);
  report (name, seconds, runs, what);
}

typedef struct
{
  guint   found;
  double  difficulty;
} Made;

static gboolean
take_one (gpointer data,
          double   difficulty,
          gpointer user_data)
{
  Made *made = user_data;

  made->found++;
  made->difficulty = difficulty;
  _pw_queens_level_free (data);
  return FALSE;
}

static void
bench_star_generate (const char *size,
                     const char *stars,
                     guint       runs)
{
  g_autofree double *seconds = g_new (double, runs);
  g_autofree char *name = g_strdup_printf ("star battle %sx%s, %s stars, generate one", size,
                                           size, stars);
  g_autofree char *what = NULL;
  double grades = 0;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      Made made = { 0 };
      gint64 start = g_get_monotonic_time ();

      g_hash_table_insert (params, "size", (gpointer) size);
      g_hash_table_insert (params, "stars", (gpointer) stars);
      pw_star_battle_kind.generate (params, r + 1, 0, take_one, NULL, &made, NULL, NULL);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
      grades += made.difficulty;
    }
  what = g_strdup_printf ("seeds 1-%u, mean difficulty %.1f nodes", runs, grades / runs);
  report (name, seconds, runs, what);
}

/* ------------------------------------------------------------------ */
/* Through the command                                                  */

static void
write_set (const char *path,
           const char *kind_id,
           gpointer    data)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwLevel) level = _pw_level_new_take_data (pw_kinds_lookup (kind_id), data);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  pw_level_set_set_title (set, "bench-logic");
  pw_level_set_append (set, level);
  if (!pw_level_set_save (set, file, NULL, &error))
    g_error ("%s", error->message);
}

static void
bench_command (const char *name,
               const char *cli,
               const char *args,
               const char *file,
               const char *expect,
               guint       runs)
{
  g_autofree double *seconds = g_new (double, runs);
  g_autofree char *command = g_strdup_printf ("%s analyse --quiet -j 1 --format json %s %s",
                                             cli, args, file);
  g_auto(GStrv) argv = NULL;
  g_autofree char *out = NULL;

  g_shell_parse_argv (command, NULL, &argv, NULL);
  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(GError) error = NULL;
      int status;
      gint64 start = g_get_monotonic_time ();

      g_clear_pointer (&out, g_free);
      if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                         &error) || !g_spawn_check_wait_status (status, &error))
        g_error ("%s: %s", command, error->message);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
    }
  if (strstr (out, expect) == NULL)
    g_error ("%s: the output does not say “%s”:\n%s", command, expect, out);
  report (name, seconds, runs, expect);
  g_print ("    %s\n", command);
}

int
main (int    argc,
      char **argv)
{
  guint runs = argc > 1 ? MAX (atoi (argv[1]), 1) : 5;
  const char *cli = argc > 2 ? argv[2] : PW_BUILD_CLI;
  g_autofree char *dir = g_dir_make_tmp ("bench-logic-XXXXXX", NULL);
  struct
  {
    const char *name, *file, *kind, *args, *expect;
    guint n;
  } commands[] = {
    { "Ludii Magic Square 3: find one", "magic3.json", "magic",
      "--max-solutions 1 --figures solution", "\"solution\" : [", 3 },
    { "Ludii Magic Square 5: find one", "magic5.json", "magic",
      "--max-solutions 1 --figures solution", "\"solution\" : [", 5 },
    { "Ludii Magic Square 7: find one", "magic7.json", "magic",
      "--max-solutions 1 --figures solution", "\"solution\" : [", 7 },
    { "Ludii N-Queens 4: find one", "queens4.json", "queens",
      "--max-solutions 1 --figures solution", "\"solution\" : [", 4 },
    { "Ludii N-Queens 8: find one", "queens8.json", "queens",
      "--max-solutions 1 --figures solution", "\"solution\" : [", 8 },
    { "12-queens: all, through analyse", "queens12.json", "queens",
      "--max-solutions 100000 --figures solutions", "\"solutions\" : 14200", 12 },
    { "magic 4x4: all, through analyse", "magic4.json", "magic",
      "--max-solutions 10000 --figures solutions,solutions_up_to_symmetry",
      "\"solutions_up_to_symmetry\" : 880", 4 },
    { "magic 4x4: every figure", "magic4.json", "magic", "--max-solutions 10000",
      "\"solutions\" : 7040", 4 },
  };

  g_print ("== in-process searches (best of %u runs)\n", runs);
  bench_queens_count (8, runs);
  bench_queens_count (12, runs);
  bench_queens_count (14, MIN (runs, 3));
  bench_magic_plain (4, runs);
  bench_magic_count (4, 10000, runs);
  for (guint n = 3; n <= PW_MAGIC_MAX_N; n++)
    bench_magic_count (n, 1, runs);
  bench_magic_count (7, 1000, runs);
  bench_star_generate ("8", "1", runs);
  bench_star_generate ("10", "2", runs);

  g_print ("== puzzlewright analyse, process start included (best of %u runs)\n", runs);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *path = g_build_filename (dir, commands[i].file, NULL);

      if (g_str_equal (commands[i].kind, "magic"))
        write_set (path, "magic", _pw_magic_level_new (commands[i].n));
      else
        write_set (path, "queens", _pw_queens_level_new (PW_QUEENS_QUEENS, commands[i].n, 1));
      bench_command (commands[i].name, cli, commands[i].args, path, commands[i].expect, runs);
    }
  {
    g_autofree char *path = g_build_filename (dir, "empty.json", NULL);
    g_autoptr(PwLevelSet) set = pw_level_set_new ();
    g_autoptr(GFile) file = g_file_new_for_path (path);

    /* the command alone: an empty set */
    pw_level_set_save (set, file, NULL, NULL);
    bench_command ("process start (an empty set)", cli, "", path, "[", runs);
  }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *path = g_build_filename (dir, commands[i].file, NULL);

      g_unlink (path);
    }
  {
    g_autofree char *path = g_build_filename (dir, "empty.json", NULL);

    g_unlink (path);
  }
  g_rmdir (dir);
  return EXIT_SUCCESS;
}
