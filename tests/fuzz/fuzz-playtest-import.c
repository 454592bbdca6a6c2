/* fuzz-playtest-import.c — libFuzzer target: testers' playtest sheets
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes, read as a sheet into a set of three levels: either refused
 * whole (the levels untouched, the error naming the file) or imported,
 * the levels gaining exactly the rows said added, refusals in line
 * order; what was imported saves and loads back; and importing the same
 * bytes again adds nothing.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static guint
count_playtests (PwLevelSet *set)
{
  guint n = 0;

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    n += pw_level_get_playtests (pw_level_set_get_level (set, i))->len;
  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const char *ids[] = { "one", "two", "three" };
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GPtrArray) levels = g_ptr_array_new ();
  g_autoptr(PwPlaytestImport) import = NULL;
  g_autoptr(PwPlaytestImport) again = NULL;
  g_autoptr(GError) error = NULL;
  guint before;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", "#####\n#r..R\n#####", NULL);

      pw_level_set_id (level, ids[i]);
      pw_level_set_name (level, i == 2 ? "one" : ids[i]);
      pw_level_set_append (set, level);
      g_ptr_array_add (levels, pw_level_set_get_level (set, i));
    }

  import = pw_playtest_import_csv (levels, (const char *) data, size, "fuzz.csv", &error);
  if (import == NULL)
    {
      g_assert (error != NULL);
      g_assert (strstr (error->message, "fuzz.csv") != NULL);
      g_assert (count_playtests (set) == 0);
      return 0;
    }
  g_assert (count_playtests (set) == import->added);
  g_assert (import->refused == import->refusals->len);
  for (guint i = 1; i < import->refusals->len; i++)
    g_assert (((PwPlaytestRefusal *) import->refusals->pdata[i - 1])->line <=
              ((PwPlaytestRefusal *) import->refusals->pdata[i])->line);
  g_free (pw_playtest_import_describe (import));

  {
    g_autofree char *saved = pw_level_set_to_data (set, NULL);
    g_autoptr(PwLevelSet) reloaded = pw_level_set_load_from_data (saved, -1, "saved.json",
                                                                  &error);

    g_assert_no_error (error);
    g_assert (count_playtests (reloaded) == count_playtests (set));
  }

  before = count_playtests (set);
  again = pw_playtest_import_csv (levels, (const char *) data, size, "fuzz.csv", &error);
  g_assert_no_error (error);
  g_assert (again->added == 0);
  g_assert (count_playtests (set) == before);
  return 0;
}
