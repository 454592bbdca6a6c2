/* bench-duplicates.c — the kinds' canonical forms (duplicates across
 * isomorphs) on level-set files: computes every level's form @repeat
 * times and prints, per kind, the levels, the mean and the slowest time
 * of one form; last, the time of pw_find_duplicates over all the files
 * together and the groups it found. Figures in docs/performance.md.
 *
 *   bench-duplicates [--repeat N] SET.json…
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzlewright.h"

typedef struct
{
  guint  levels;
  double total;
  double slowest;
} KindTimes;

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_set_unref);
  g_autoptr(GPtrArray) levels = g_ptr_array_new ();
  g_autoptr(GHashTable) times = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GPtrArray) groups = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint repeat = 10;
  int first = 1;
  gint64 start;

  if (argc > 2 && g_str_equal (argv[1], "--repeat"))
    {
      repeat = (guint) MAX (1, atoi (argv[2]));
      first = 3;
    }
  if (first >= argc)
    {
      g_printerr ("usage: bench-duplicates [--repeat N] SET.json…\n");
      return 2;
    }
  for (int a = first; a < argc; a++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[a]);
      g_autoptr(GError) error = NULL;
      PwLevelSet *set = pw_level_set_load (file, NULL, &error);

      if (set == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_ptr_array_add (sets, set);
      for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
        g_ptr_array_add (levels, pw_level_set_get_level (set, i));
    }

  for (guint i = 0; i < levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (levels, i);
      KindTimes *t = g_hash_table_lookup (times, pw_level_get_kind_id (level));
      double seconds;

      if (t == NULL)
        {
          t = g_new0 (KindTimes, 1);
          g_hash_table_insert (times, (gpointer) pw_level_get_kind_id (level), t);
        }
      start = g_get_monotonic_time ();
      for (guint r = 0; r < repeat; r++)
        g_free (pw_level_canonical_form (level));
      seconds = (g_get_monotonic_time () - start) / 1e6 / repeat;
      t->levels++;
      t->total += seconds;
      t->slowest = MAX (t->slowest, seconds);
    }
  g_hash_table_iter_init (&iter, times);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      KindTimes *t = value;

      g_print ("%-14s %5u levels  mean %9.1f us  slowest %9.1f us\n", (const char *) key,
               t->levels, t->total / t->levels * 1e6, t->slowest * 1e6);
    }
  start = g_get_monotonic_time ();
  groups = pw_find_duplicates (levels);
  g_print ("pw_find_duplicates: %u levels, %u groups, %.3f s\n", levels->len, groups->len,
           (g_get_monotonic_time () - start) / 1e6);
  return 0;
}
