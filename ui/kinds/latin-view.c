/* latin-view.c — the view tables of the sudoku, latin and futoshiki kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The three kinds are drawn by latin-paint.c (cairo only: screen, PNG,
 * print) and edited and played on the number board (latin-board.c, named
 * by kind-boards.c): cells take typed values, not painted tiles.
 */

#define G_LOG_DOMAIN "pw-latin-view"

#include "config.h"

#include "latin-paint.h"
#include "latin-view.h"

static void
latin_get_grid (gconstpointer data,
                int          *columns,
                int          *rows)
{
  const PwLatinLevel *level = data;

  *columns = *rows = level->n;
}

static void
latin_draw (gconstpointer      data,
            cairo_t           *cr,
            const PwGeometry  *geometry,
            const PwViewStyle *style)
{
  pw_latin_paint (data, NULL, cr, geometry, style);
}

/* The analysis's "solution" figure: n rows of n values 1..n. */
static gboolean
latin_draw_solution (gconstpointer      data,
                     JsonObject        *figures,
                     cairo_t           *cr,
                     const PwGeometry  *geometry,
                     const PwViewStyle *style)
{
  const PwLatinLevel *level = data;
  JsonNode *node = figures != NULL ? json_object_get_member (figures, "solution") : NULL;
  g_autofree guint8 *values = NULL;
  PwLatinPaintState state = { .cursor = -1 };
  JsonArray *rows;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  rows = json_node_get_array (node);
  if (json_array_get_length (rows) != level->n)
    return FALSE;
  values = g_new0 (guint8, level->n * level->n);
  for (guint r = 0; r < level->n; r++)
    {
      JsonNode *row_node = json_array_get_element (rows, r);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node) ||
          json_array_get_length (row = json_node_get_array (row_node)) != level->n)
        return FALSE;
      for (guint c = 0; c < level->n; c++)
        {
          gint64 v = json_array_get_int_element (row, c);

          if (v < 1 || v > (gint64) level->n)
            return FALSE;
          values[r * level->n + c] = v;
        }
    }
  state.values = values;
  pw_latin_paint (level, &state, cr, geometry, style);
  return TRUE;
}

#define LATIN_VIEW                       \
  .get_grid = latin_get_grid,            \
  .draw = latin_draw,                    \
  .draw_solution = latin_draw_solution

const PwKindView pw_sudoku_view = {
  .kind_id = "sudoku",
  LATIN_VIEW,
};

const PwKindView pw_latin_view = {
  .kind_id = "latin",
  LATIN_VIEW,
};

const PwKindView pw_futoshiki_view = {
  .kind_id = "futoshiki",
  LATIN_VIEW,
};
