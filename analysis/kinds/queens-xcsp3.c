/* queens-xcsp3.c — the queens and star-battle kinds in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3"): one 0/1 variable a cell, 1
 * for a queen (star); marked cells an <instantiation> (1 a given queen, 0
 * a blocked cell). Queens: a <sum> equal to 1 over every row and column,
 * at most 1 over every diagonal of two cells or more. Star battle: k over
 * every row, column and region (listed, region by region), at most 1
 * over every 2 × 2 block, which keeps stars from touching even
 * diagonally. The note says the size, and for star battle k.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "queens-private.h"
#include "xcsp3.h"

/* A group of <sum>s of @op @value, with args added by the caller. */
static void
begin_sums (PwXcspWriter *writer,
            const char   *note,
            const char   *op,
            guint         value)
{
  pw_xcsp_writer_begin (writer, "group", note);
  pw_xcsp_writer_begin (writer, "sum", NULL);
  pw_xcsp_writer_leaf (writer, "list", "%%...");
  pw_xcsp_writer_leaf (writer, "condition", "(%s,%u)", op, value);
  pw_xcsp_writer_end (writer);
}

/* The cells of one diagonal from (x, y) stepping (1, dy), when it has two
 * or more. */
static void
write_diagonal (PwXcspWriter *writer,
                guint         n,
                int           x,
                int           y,
                int           dy)
{
  guint length = 0;

  for (int cx = x, cy = y; cx < (int) n && cy >= 0 && cy < (int) n; cx++, cy += dy)
    length++;
  if (length < 2)
    return;
  pw_xcsp_writer_begin (writer, "args", NULL);
  for (int cx = x, cy = y; cx < (int) n && cy >= 0 && cy < (int) n; cx++, cy += dy)
    pw_xcsp_writer_text (writer, "q[%d][%d]", cy, cx);
  pw_xcsp_writer_end (writer);
}

gboolean
_pw_queens_to_xcsp3 (gconstpointer  data,
                     PwXcspWriter  *writer,
                     GError       **error)
{
  const PwQueensLevel *level = data;
  gboolean queens = level->variant == PW_QUEENS_QUEENS;
  const char *id = queens ? "q" : "s";
  guint n = level->n, marks = 0;
  g_autofree char *size = g_strdup_printf ("[%u][%u]", n, n);

  pw_xcsp_writer_set_param (writer, "size", "%u", n);
  if (queens)
    pw_xcsp_writer_comment (writer, "N-Queens on %u × %u: one queen a row and a column, none "
                            "on a diagonal with another.", n, n);
  else
    {
      pw_xcsp_writer_set_param (writer, "stars", "%u", level->stars);
      pw_xcsp_writer_comment (writer, "Star Battle on %u × %u: %u star%s in every row, column "
                              "and region, no two touching.", n, n, level->stars,
                              level->stars == 1 ? "" : "s");
    }
  pw_xcsp_writer_array (writer, id, size,
                        queens ? "q[r][c]: 1 for a queen in row r, column c"
                               : "s[r][c]: 1 for a star in row r, column c", "0 1");

  for (guint c = 0; c < n * n; c++)
    marks += level->cells[c] != PW_QUEENS_CELL_EMPTY;
  if (marks > 0)
    {
      pw_xcsp_writer_begin (writer, "instantiation",
                            queens ? "the marks: 1 a given queen, 0 a blocked cell"
                                   : "the marks: 1 a given star, 0 a blocked cell");
      pw_xcsp_writer_begin (writer, "list", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->cells[c] != PW_QUEENS_CELL_EMPTY)
          pw_xcsp_writer_text (writer, "%s[%u][%u]", id, c / n, c % n);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "values", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->cells[c] != PW_QUEENS_CELL_EMPTY)
          pw_xcsp_writer_text (writer, "%u", level->cells[c] == PW_QUEENS_CELL_QUEEN);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_end (writer);
    }

  begin_sums (writer, "rows", "eq", level->stars);
  for (guint y = 0; y < n; y++)
    pw_xcsp_writer_leaf (writer, "args", "%s[%u][]", id, y);
  pw_xcsp_writer_end (writer);
  begin_sums (writer, "columns", "eq", level->stars);
  for (guint x = 0; x < n; x++)
    pw_xcsp_writer_leaf (writer, "args", "%s[][%u]", id, x);
  pw_xcsp_writer_end (writer);

  if (queens)
    {
      if (n < 2)
        return TRUE;
      begin_sums (writer, "diagonals", "le", 1);
      /* down-right from the left column and the top row, then up-right */
      for (int y = n - 1; y >= 0; y--)
        write_diagonal (writer, n, 0, y, 1);
      for (guint x = 1; x < n; x++)
        write_diagonal (writer, n, x, 0, 1);
      for (guint y = 0; y < n; y++)
        write_diagonal (writer, n, 0, y, -1);
      for (guint x = 1; x < n; x++)
        write_diagonal (writer, n, x, n - 1, -1);
      pw_xcsp_writer_end (writer);
      return TRUE;
    }

  begin_sums (writer, "regions", "eq", level->stars);
  for (guint r = 0; r < n; r++)
    {
      pw_xcsp_writer_begin (writer, "args", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->regions[c] == r)
          pw_xcsp_writer_text (writer, "s[%u][%u]", c / n, c % n);
      pw_xcsp_writer_end (writer);
    }
  pw_xcsp_writer_end (writer);
  if (n < 2)
    return TRUE;
  begin_sums (writer, "no two stars touch: at most one in every 2 × 2 block", "le", 1);
  for (guint y = 0; y + 1 < n; y++)
    for (guint x = 0; x + 1 < n; x++)
      pw_xcsp_writer_leaf (writer, "args", "s[%u..%u][%u..%u]", y, y + 1, x, x + 1);
  pw_xcsp_writer_end (writer);
  return TRUE;
}

static gpointer
from_xcsp3 (PwQueensVariant        variant,
            const PwXcspInstance  *instance,
            GError               **error)
{
  g_autoptr(PwQueensLevel) level = NULL;
  const PwXcspElement *constraints = pw_xcsp_instance_get_constraints (instance);
  const PwXcspElement *marks;
  const char *id = variant == PW_QUEENS_QUEENS ? "q" : "s";
  guint n, stars = 1, sizes[2];

  if (!pw_xcsp_instance_get_uint (instance, "size", 1,
                                  variant == PW_QUEENS_QUEENS ? PW_QUEENS_MAX_N
                                                              : PW_STAR_BATTLE_MAX_N, &n, error))
    return NULL;
  if (variant == PW_QUEENS_STAR_BATTLE &&
      !pw_xcsp_instance_get_uint (instance, "stars", 1, PW_STAR_BATTLE_MAX_STARS, &stars, error))
    return NULL;
  sizes[0] = sizes[1] = n;
  level = _pw_queens_level_new (variant, n, stars);

  marks = pw_xcsp_element_get_child (constraints, "instantiation");
  if (marks != NULL)
    {
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));

      if (!pw_xcsp_read_instantiation (instance, marks, id, 2, sizes, 0, 1, cells, values, error))
        return NULL;
      for (guint i = 0; i < cells->len; i++)
        level->cells[g_array_index (cells, guint, i)] =
          g_array_index (values, gint64, i) ? PW_QUEENS_CELL_QUEEN : PW_QUEENS_CELL_BLOCKED;
    }

  if (variant == PW_QUEENS_STAR_BATTLE)
    {
      g_autoptr(GPtrArray) groups = pw_xcsp_element_get_children (constraints, "group");
      g_autoptr(GPtrArray) args = NULL;
      const PwXcspElement *group;

      /* rows, columns, then regions */
      if (groups->len < 3)
        {
          pw_xcsp_set_error (error, instance, constraints, PW_XCSP_ERROR_UNSUPPORTED,
                             _("a star battle has a third group of <sum>: its regions"));
          return NULL;
        }
      group = g_ptr_array_index (groups, 2);
      args = pw_xcsp_element_get_children (group, "args");
      if (args->len != n)
        {
          pw_xcsp_set_error (error, instance, group, PW_XCSP_ERROR_INVALID,
                             _("%u regions; a board of size %u has %u"), args->len, n, n);
          return NULL;
        }
      memset (level->regions, 0xff, n * n);
      for (guint r = 0; r < n; r++)
        {
          const PwXcspElement *region = g_ptr_array_index (args, r);
          g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));

          if (!pw_xcsp_read_variables (instance, region, id, 2, sizes, cells, error))
            return NULL;
          for (guint i = 0; i < cells->len; i++)
            {
              guint c = g_array_index (cells, guint, i);

              if (level->regions[c] != 0xff)
                {
                  pw_xcsp_set_error (error, instance, region, PW_XCSP_ERROR_INVALID,
                                     _("s[%u][%u] is in two regions"), c / n, c % n);
                  return NULL;
                }
              level->regions[c] = r;
            }
        }
      for (guint c = 0; c < n * n; c++)
        if (level->regions[c] == 0xff)
          {
            pw_xcsp_set_error (error, instance, group, PW_XCSP_ERROR_INVALID,
                               _("s[%u][%u] is in no region"), c / n, c % n);
            return NULL;
          }
    }
  return g_steal_pointer (&level);
}

gpointer
_pw_queens_from_xcsp3 (const PwXcspInstance  *instance,
                       GError               **error)
{
  return from_xcsp3 (PW_QUEENS_QUEENS, instance, error);
}

gpointer
_pw_star_battle_from_xcsp3 (const PwXcspInstance  *instance,
                            GError               **error)
{
  return from_xcsp3 (PW_QUEENS_STAR_BATTLE, instance, error);
}
