/* fuzz-level-set.c — libFuzzer target: the level-set loader
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input either loads, or fails with an error that names the file.
 * What loads must save, load again and save to the same bytes, and every
 * valid level in it must validate and analyse within a small budget.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *again = NULL;
  g_autoptr(PwLevelSet) reloaded = NULL;
  PwAnalyseOptions options;

  set = pw_level_set_load_from_data ((const char *) data, size, "fuzz.json", &error);
  if (set == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.json: "));
      return 0;
    }

  saved = pw_level_set_to_data (set, NULL);
  reloaded = pw_level_set_load_from_data (saved, -1, "saved.json", &error);
  g_assert_no_error (error);
  again = pw_level_set_to_data (reloaded, NULL);
  g_assert (strcmp (saved, again) == 0);

  pw_analyse_options_init (&options);
  options.max_states = 2000;
  options.search_runs = 3;
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(GPtrArray) problems = pw_level_validate (level);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) analysis_error = NULL;

      analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &analysis_error);
      /* analysis refuses exactly the levels validation finds problems in */
      g_assert ((analysis == NULL) == (problems->len > 0));
    }
  return 0;
}
