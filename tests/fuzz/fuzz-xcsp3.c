/* fuzz-xcsp3.c — libFuzzer target: the XCSP3 reader
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any input either reads as a level, or fails with an error that names
 * the file. A level read writes a file that reads back as the same level
 * and writes the same bytes again.
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
  g_autoptr(PwLevel) level = NULL;
  g_autoptr(PwLevel) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  level = pw_xcsp3_read_level ((const char *) data, size, "fuzz.xml", NULL, &error);
  if (level == NULL)
    {
      g_assert (error != NULL);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml: "));
      return 0;
    }

  text = pw_xcsp3_write_level (level, &error);
  g_assert_no_error (error);
  again = pw_xcsp3_read_level (text, -1, "written.xml", NULL, &error);
  g_assert_no_error (error);
  g_assert (pw_level_same_content (level, again));
  text_again = pw_xcsp3_write_level (again, &error);
  g_assert_no_error (error);
  g_assert (strcmp (text, text_again) == 0);
  return 0;
}
