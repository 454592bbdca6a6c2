/* fuzz-latin-text.c — libFuzzer target: the sudoku, Latin and futoshiki
 * text forms (latin-text.c)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks the kind, the rest is the text. Any text either
 * imports whole or not at all, with an error naming the file and a line;
 * every level read has a text form, which reads back as the same level.
 */

#include "config.h"

#include <string.h>

#include "latin-private.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GPtrArray) levels = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PwLatinVariant variant;

  if (size == 0)
    return 0;
  variant = data[0] % 3;
  text = g_strndup ((const char *) data + 1, size - 1);
  levels = g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_latin_level_free);

  if (!_pw_latin_import_text (variant, text, "fuzz.txt", levels, &error))
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.txt: line "));
      g_assert (levels->len == 0);
      return 0;
    }
  for (guint i = 0; i < levels->len; i++)
    {
      const PwLatinLevel *level = levels->pdata[i];
      g_autofree char *written = _pw_latin_to_text (level);
      g_autoptr(PwLatinLevel) back = NULL;

      g_assert (level->variant == variant);
      g_assert (written != NULL);
      back = _pw_latin_from_text (variant, written, &error);
      g_assert_no_error (error);
      g_assert (_pw_latin_level_equal (level, back));
    }
  return 0;
}
