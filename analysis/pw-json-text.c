/* pw-json-text.c — JSON text as json-glib writes it, made valid
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib 1.6 prints a double with g_ascii_dtostr and then appends
 * ".0" unless the text has a point, so a double big or small enough for
 * an exponent comes out as "1e+308.0"; and it escapes every control
 * character below U+001F but writes U+001F itself raw. Both were found
 * by the fuzzers (a level's number 1e308 kept as it was read, a
 * playtest's time 1E48; a name with U+001F): the program wrote files it
 * could not read back. Mended here, in one pass that knows where strings
 * are.
 */

#define G_LOG_DOMAIN "pw-json"

#include "config.h"

#include <string.h>

#include "pw-json-text.h"

static gboolean
number_byte (char c)
{
  return g_ascii_isdigit (c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

char *
pw_json_to_text (JsonNode *node,
                 gboolean  pretty,
                 gsize    *length)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *data = NULL;
  GString *text;
  gboolean in_string = FALSE, escape = FALSE;
  gsize len;

  g_return_val_if_fail (node != NULL, NULL);

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  data = json_generator_to_data (generator, &len);
  text = g_string_sized_new (len + 1);
  for (gsize i = 0; i < len;)
    {
      char c = data[i];

      if (in_string)
        {
          if (escape)
            escape = FALSE;
          else if (c == '\\')
            escape = TRUE;
          else if (c == '"')
            in_string = FALSE;
          if (c == '\x1f')
            g_string_append (text, "\\u001f");
          else
            g_string_append_c (text, c);
          i++;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        {
          /* a number: its bytes, without a ".0" after an exponent */
          gsize end = i;
          gboolean exponent = FALSE;

          for (; end < len && number_byte (data[end]); end++)
            exponent |= data[end] == 'e' || data[end] == 'E';
          if (exponent && end - i > 2 && data[end - 2] == '.' && data[end - 1] == '0' &&
              memchr (data + i, '.', end - 2 - i) == NULL)
            g_string_append_len (text, data + i, end - 2 - i);
          else
            g_string_append_len (text, data + i, end - i);
          i = end;
        }
      else
        {
          in_string = c == '"';
          g_string_append_c (text, c);
          i++;
        }
    }
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}
