/* fuzz-import.c — libFuzzer target: plain-text level import
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any text, read as levels of each kind with a text form (or of the kind
 * FUZZ_KIND alone), either imports whole or not at all, with an error
 * naming the file; an imported set saves and loads back.
 */

#include "config.h"

#include "puzzlewright.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static void
import_as (const char *kind_id,
           const char *text)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;

  if (!pw_import_text (set, kind_id, text, "fuzz.txt", &error))
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.txt: "));
      g_assert (pw_level_set_get_n_levels (set) == 0);
      return;
    }

  g_assert (pw_level_set_get_n_levels (set) > 0);
  {
    g_autofree char *saved = pw_level_set_to_data (set, NULL);
    g_autoptr(PwLevelSet) reloaded = pw_level_set_load_from_data (saved, -1, "saved.json",
                                                                  &error);

    g_assert_no_error (error);
    g_assert (pw_level_set_get_n_levels (reloaded) == pw_level_set_get_n_levels (set));
  }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  const PwKind * const *kinds;
  guint n_kinds;

#ifdef FUZZ_KIND
  /* one kind's reader alone (fuzz-import-nonogram, …): every execution
   * goes to it */
  (void) kinds;
  (void) n_kinds;
  import_as (FUZZ_KIND, text);
#else
  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    if (kinds[k]->from_text != NULL)
      import_as (kinds[k]->id, text);
#endif
  return 0;
}
