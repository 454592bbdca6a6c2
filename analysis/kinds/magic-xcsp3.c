/* magic-xcsp3.c — the magic kind in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3"): x[r][c] in 1..n², all
 * different; a <group> of <sum>s equal to the magic sum over every row,
 * every column and both diagonals; the givens an <instantiation>. The
 * note says the size.
 */

#define G_LOG_DOMAIN "pw-magic"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "magic-private.h"
#include "xcsp3.h"

gboolean
_pw_magic_to_xcsp3 (gconstpointer  data,
                    PwXcspWriter  *writer,
                    GError       **error)
{
  const PwMagicLevel *level = data;
  guint n = level->n, givens = 0;
  g_autofree char *size = g_strdup_printf ("[%u][%u]", n, n);
  g_autofree char *domain = n == 1 ? g_strdup ("1") : g_strdup_printf ("1..%u", n * n);

  pw_xcsp_writer_set_param (writer, "size", "%u", n);
  pw_xcsp_writer_comment (writer, "A magic square of %u × %u: the values 1 to %u once each, "
                          "every row, column and diagonal adding up to %u.", n, n, n * n,
                          _pw_magic_sum (n));
  pw_xcsp_writer_array (writer, "x", size, "x[r][c]: the value in row r, column c", domain);

  for (guint c = 0; c < n * n; c++)
    givens += level->givens[c] != 0;
  if (givens > 0)
    {
      pw_xcsp_writer_begin (writer, "instantiation", "the givens");
      pw_xcsp_writer_begin (writer, "list", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->givens[c] != 0)
          pw_xcsp_writer_text (writer, "x[%u][%u]", c / n, c % n);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "values", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->givens[c] != 0)
          pw_xcsp_writer_text (writer, "%u", level->givens[c]);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_end (writer);
    }
  if (n < 2)
    return TRUE;

  pw_xcsp_writer_leaf (writer, "allDifferent", "x[][]");
  pw_xcsp_writer_begin (writer, "group", "rows, columns and diagonals add up to the magic sum");
  pw_xcsp_writer_begin (writer, "sum", NULL);
  pw_xcsp_writer_leaf (writer, "list", "%%...");
  pw_xcsp_writer_leaf (writer, "condition", "(eq,%u)", _pw_magic_sum (n));
  pw_xcsp_writer_end (writer);
  for (guint y = 0; y < n; y++)
    pw_xcsp_writer_leaf (writer, "args", "x[%u][]", y);
  for (guint x = 0; x < n; x++)
    pw_xcsp_writer_leaf (writer, "args", "x[][%u]", x);
  pw_xcsp_writer_begin (writer, "args", NULL);
  for (guint i = 0; i < n; i++)
    pw_xcsp_writer_text (writer, "x[%u][%u]", i, i);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_begin (writer, "args", NULL);
  for (guint i = 0; i < n; i++)
    pw_xcsp_writer_text (writer, "x[%u][%u]", i, n - 1 - i);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_end (writer);
  return TRUE;
}

gpointer
_pw_magic_from_xcsp3 (const PwXcspInstance  *instance,
                      GError               **error)
{
  g_autoptr(PwMagicLevel) level = NULL;
  const PwXcspElement *givens;
  guint n, sizes[2];

  if (!pw_xcsp_instance_get_uint (instance, "size", PW_MAGIC_MIN_N, PW_MAGIC_MAX_N, &n, error))
    return NULL;
  sizes[0] = sizes[1] = n;
  level = _pw_magic_level_new (n);
  givens = pw_xcsp_element_get_child (pw_xcsp_instance_get_constraints (instance),
                                      "instantiation");
  if (givens != NULL)
    {
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));

      if (!pw_xcsp_read_instantiation (instance, givens, "x", 2, sizes, 1, n * n, cells, values,
                                       error))
        return NULL;
      for (guint i = 0; i < cells->len; i++)
        level->givens[g_array_index (cells, guint, i)] = g_array_index (values, gint64, i);
    }
  return g_steal_pointer (&level);
}
