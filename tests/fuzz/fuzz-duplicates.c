/* fuzz-duplicates.c — libFuzzer target: canonical forms
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any level-set file that loads: every level of a kind with a grid keeps
 * its canonical form when turned or mirrored, and a level and its copy
 * are one group of duplicates.
 */

#include "config.h"

#include "puzzlewright.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static const PwTransform transforms[] = {
    PW_TRANSFORM_MIRROR_LEFT_RIGHT, PW_TRANSFORM_MIRROR_TOP_BOTTOM,
    PW_TRANSFORM_ROTATE_CLOCKWISE, PW_TRANSFORM_ROTATE_ANTICLOCKWISE,
  };
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (text, -1, "fuzz.json", NULL);

  if (set == NULL)
    return 0;
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      const PwKind *kind = pw_level_get_kind (level);
      g_autofree char *form = pw_level_canonical_form (level);
      g_autoptr(PwLevel) copy = pw_level_copy (level);
      g_autoptr(GPtrArray) pair = g_ptr_array_new ();
      g_autoptr(GPtrArray) groups = NULL;

      g_ptr_array_add (pair, level);
      g_ptr_array_add (pair, copy);
      groups = pw_find_duplicates (pair);
      g_assert (groups->len == 1);

      if (kind == NULL || kind->transform == NULL)
        continue;
      for (guint t = 0; t < G_N_ELEMENTS (transforms); t++)
        {
          g_autoptr(PwLevel) turned = pw_level_transformed (level, transforms[t], NULL);
          g_autofree char *turned_form = NULL;

          if (turned == NULL)
            continue;
          turned_form = pw_level_canonical_form (turned);
          g_assert (g_str_equal (form, turned_form));
        }
    }
  return 0;
}
