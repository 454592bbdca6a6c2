/* fuzz-merge-part.c — libFuzzer target: a JSON part of `merge`, read a row at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes, as a file: the reader (app/pw-cli-json-rows.c) gives its
 * rows, then the part's text but the rows, or an error, within its
 * limits. When the whole text is strict JSON (the level-set reader's
 * pre-pass: no duplicate members), an object whose "rows" is a list of
 * objects, with no backslash anywhere (the reader finds "rows" only when
 * its name is written plainly), the reader must give those rows, the same
 * and in the same order, and a text but the rows that the strict parse reads.
 */

#include "config.h"

#include <unistd.h>
#include <glib/gstdio.h>

#include <string.h>

#include "puzzlewright.h"
#include "pw-cli-private.h"
#include "pw-level-set-private.h"
#include "fuzz-util.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

/* The rows of @data when it is a part-like object in strict JSON (the
 * reader's job is to agree with it): a new list, or NULL. */
static JsonArray *
whole_rows (const guint8 *data,
            size_t        size)
{
  g_autoptr(JsonNode) root = NULL;
  JsonArray *rows;

  if (memchr (data, '\\', size) != NULL || memchr (data, '\0', size) != NULL)
    return NULL;
  root = _pw_level_set_parse_strict ((const char *) data, size, "fuzz.json", 1, 1, 0, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      json_object_get_member (json_node_get_object (root), "rows") == NULL ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (root), "rows")))
    return NULL;
  rows = json_object_get_array_member (json_node_get_object (root), "rows");
  for (guint i = 0; i < json_array_get_length (rows); i++)
    if (!JSON_NODE_HOLDS_OBJECT (json_array_get_element (rows, i)))
      return NULL;
  return json_array_ref (rows);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static char *path = NULL;
  g_autoptr(PwCliJsonRows) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) expected = NULL;
  JsonNode *row;
  guint n = 0;
  gboolean agreed = TRUE;

  /* the reader opens a file: one, written again for each input */
  if (path == NULL)
    {
      int fd = g_file_open_tmp ("fuzz-merge-part-XXXXXX.json", &path, NULL);

      g_assert (fd >= 0);
      close (fd);
    }
  fuzz_write_file (path, data, size);
  expected = whole_rows (data, size);

  reader = _pw_cli_json_rows_open (path, &error);
  if (reader == NULL)
    {
      g_assert (error != NULL);
      g_assert (expected == NULL);
      return 0;
    }
  while ((row = _pw_cli_json_rows_next (reader, &error)) != NULL)
    {
      g_assert (JSON_NODE_HOLDS_OBJECT (row));
      if (expected != NULL)
        agreed = agreed && n < json_array_get_length (expected) &&
                 json_node_equal (row, json_array_get_element (expected, n));
      n++;
      json_node_unref (row);
    }
  /* a row that did not parse was counted */
  g_assert (n == _pw_cli_json_rows_get_count (reader) ||
            (error != NULL && n + 1 == _pw_cli_json_rows_get_count (reader)));
  if (expected == NULL)
    return 0;
  /* json-glib read it whole: so must the reader, row for row */
  g_assert_no_error (error);
  g_assert (agreed);
  g_assert (n == json_array_get_length (expected));
  {
    g_autoptr(JsonNode) skeleton = _pw_cli_json_rows_parse_skeleton (reader, &error);

    g_assert_no_error (error);
    g_assert (skeleton != NULL && JSON_NODE_HOLDS_OBJECT (skeleton));
  }
  return 0;
}
