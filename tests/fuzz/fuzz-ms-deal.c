/* fuzz-ms-deal.c — libFuzzer target: Microsoft FreeCell deal numbers
 * ("import --kind freecell --ms-deal 1-100,617")
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any text is read as deal numbers or refused with a message. What is read
 * is 1 to a million numbers from 1 to 2^31 − 1, in runs of consecutive
 * numbers, at most one run per comma-separated part; a short list deals
 * and names every level.
 */

#include "config.h"

#include <string.h>

#include "freecell-private.h"
#include "puzzlewright.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static gboolean
append_level (const char  *title,
              guint        n_levels,
              PwLevel     *level,
              gpointer     user_data,
              GError     **error)
{
  g_assert (title != NULL && title[0] != '\0');
  pw_level_set_append (user_data, level);
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) deals = pw_fc_parse_deal_numbers (text, &error);
  guint parts = 1, runs = 0;

  if (deals == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return 0;
    }
  g_assert (error == NULL);
  g_assert (deals->len >= 1 && deals->len <= 1000000);
  for (const char *p = text; *p != '\0'; p++)
    parts += *p == ',';
  for (guint i = 0; i < deals->len; i++)
    {
      guint32 n = g_array_index (deals, guint32, i);

      g_assert (n >= 1 && n <= G_MAXINT32);
      if (i == 0 || n != g_array_index (deals, guint32, i - 1) + 1)
        runs++;
    }
  g_assert (runs <= parts);

  /* the import itself, when it is small */
  if (deals->len <= 20)
    {
      const PwKind *kind = pw_kinds_lookup ("freecell");
      g_autoptr(PwLevelSet) set = pw_level_set_new ();

      g_assert (kind->import_options[0].make_levels (text, append_level, set, &error));
      g_assert (pw_level_set_get_n_levels (set) == deals->len);
      for (guint i = 0; i < deals->len; i++)
        {
          g_autoptr(GPtrArray) problems = pw_level_validate (pw_level_set_get_level (set, i));

          g_assert (problems->len == 0);
        }
    }
  return 0;
}
