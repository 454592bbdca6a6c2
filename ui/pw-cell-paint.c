/* pw-cell-paint.c — what the cell board and its kinds draw with: text
 * in a cell, the ink, the analysis's cells and grids read from its
 * figures, hints, and the marks over cells (conflicts, Check, hints,
 * hatching where logic cannot decide)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-cell-board"

#include "config.h"

#include <math.h>

#include "pw-cell-view.h"

/* ------------------------------------------------------------------ */
/* Hints and drawing helpers for the kinds                              */

PwCellHint *
pw_cell_hint_new (const char *sentence)
{
  PwCellHint *hint = g_new0 (PwCellHint, 1);

  hint->sentence = g_strdup (sentence);
  hint->pattern = g_array_new (FALSE, FALSE, sizeof (guint));
  hint->changes = g_array_new (FALSE, FALSE, sizeof (PwCellChange));
  return hint;
}

void
pw_cell_hint_free (PwCellHint *hint)
{
  if (hint == NULL)
    return;
  g_free (hint->sentence);
  g_array_unref (hint->pattern);
  g_array_unref (hint->changes);
  g_free (hint);
}

void
pw_cell_hint_add (PwCellHint *hint,
                  guint       cell,
                  int         entry)
{
  PwCellChange change = { cell, entry };

  g_return_if_fail (hint != NULL);
  g_array_append_val (hint->changes, change);
}

void
pw_cell_set_ink (cairo_t           *cr,
                 const PwViewStyle *style,
                 double             alpha)
{
  if (style->dark)
    cairo_set_source_rgba (cr, 0.92, 0.92, 0.92, alpha);
  else
    cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, alpha);
}

void
pw_cell_draw_text (cairo_t           *cr,
                   const PwViewStyle *style,
                   const char        *text,
                   double             cx,
                   double             cy,
                   double             size,
                   gboolean           bold,
                   double             alpha)
{
  cairo_text_extents_t extents;

  if (style != NULL)
    pw_cell_set_ink (cr, style, alpha);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, cx - extents.width / 2 - extents.x_bearing,
                 cy - extents.height / 2 - extents.y_bearing);
  cairo_show_text (cr, text);
}

void
pw_cell_mark_figure (JsonObject *figures,
                     const char *key,
                     guint8      flag,
                     guint8     *marks,
                     int         width,
                     int         height)
{
  JsonNode *node;
  JsonArray *cells;

  if (figures == NULL || (node = json_object_get_member (figures, key)) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (node))
    return;
  cells = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonNode *item = json_array_get_element (cells, i);
      JsonArray *xy = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;
      gint64 x, y;

      if (xy == NULL || json_array_get_length (xy) != 2)
        continue;
      x = json_array_get_int_element (xy, 0);
      y = json_array_get_int_element (xy, 1);
      if (x >= 0 && y >= 0 && x < width && y < height)
        marks[y * width + x] |= flag;
    }
}

int *
pw_cell_grid_figure (JsonObject *figures,
                     const char *key,
                     int         width,
                     int         height)
{
  JsonNode *node;
  JsonArray *rows;
  int *out;

  if (figures == NULL || (node = json_object_get_member (figures, key)) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  rows = json_node_get_array (node);
  if (json_array_get_length (rows) != (guint) height)
    return NULL;
  out = g_new0 (int, (gsize) width * height);
  for (int y = 0; y < height; y++)
    {
      JsonNode *row_node = json_array_get_element (rows, y);
      JsonArray *row = JSON_NODE_HOLDS_ARRAY (row_node) ? json_node_get_array (row_node) : NULL;

      if (row == NULL || json_array_get_length (row) != (guint) width)
        {
          g_free (out);
          return NULL;
        }
      for (int x = 0; x < width; x++)
        out[y * width + x] = json_array_get_int_element (row, x);
    }
  return out;
}

gboolean
pw_cell_paint_solution (const PwCellView  *view,
                        gconstpointer      data,
                        JsonObject        *figures,
                        cairo_t           *cr,
                        const PwGeometry  *geometry,
                        const PwViewStyle *style)
{
  g_autofree int *position = NULL;
  PwCellPaintState state = { NULL };
  int x, y, width, height;

  g_return_val_if_fail (view != NULL && view->paint != NULL && view->get_cells != NULL, FALSE);

  if (view->solution == NULL || figures == NULL ||
      (position = view->solution (data, figures)) == NULL)
    return FALSE;
  /* the position play shows when it ends solved */
  view->get_cells (data, &x, &y, &width, &height);
  for (int c = 0; c < width * height; c++)
    {
      int fixed = view->fixed != NULL ? view->fixed (data, c) : -1;

      if (fixed >= 0)
        position[c] = fixed;
      else if (position[c] == view->solution_quiet)
        position[c] = 0;
    }
  state.position = position;
  view->paint (data, &state, cr, geometry, style);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

/* Hatching across a cell: what logic leaves undecided. */
static void
hatch (cairo_t *cr,
       double   x,
       double   y,
       double   s)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, s, s);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, 0.3, 0.45, 0.85, 0.7);
  cairo_set_line_width (cr, MAX (1, s / 18));
  for (double d = -s; d < s; d += s / 4)
    {
      cairo_move_to (cr, x + d, y + s);
      cairo_line_to (cr, x + d + s, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
_pw_cell_paint_marks (cairo_t          *cr,
                      const PwGeometry *g,
                      const guint8     *marks,
                      int               cx,
                      int               cy,
                      int               cw,
                      int               ch)
{
  double s = g->cell;

  for (int c = 0; c < cw * ch; c++)
    {
      double x, y;
      guint8 mark = marks[c];

      if (mark == 0)
        continue;
      pw_geometry_cell_origin (g, cx + c % cw, cy + c / cw, &x, &y);
      if (mark & PW_CELL_MARK_DIFFERING)
        {
          cairo_set_source_rgba (cr, 0.98, 0.72, 0.1, 0.45);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_UNDECIDED)
        hatch (cr, x, y, s);
      if (mark & PW_CELL_MARK_PATTERN)
        {
          cairo_set_source_rgba (cr, 0.25, 0.5, 1.0, 0.35);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_TARGET)
        {
          cairo_set_source_rgba (cr, 0.2, 0.75, 0.3, 0.5);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_CONFLICT)
        {
          cairo_set_source_rgba (cr, 0.9, 0.15, 0.15, 0.45);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_REDUNDANT)
        {
          double dash[] = { s / 10, s / 14 };

          cairo_save (cr);
          cairo_set_source_rgba (cr, 0.25, 0.5, 1.0, 0.9);
          cairo_set_line_width (cr, MAX (1.5, s / 20));
          cairo_set_dash (cr, dash, 2, 0);
          cairo_arc (cr, x + s / 2, y + s / 2, s * 0.42, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (mark & PW_CELL_MARK_WRONG)
        {
          cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.9);
          cairo_set_line_width (cr, MAX (2, s / 14));
          cairo_move_to (cr, x + s * 0.15, y + s * 0.15);
          cairo_line_to (cr, x + s * 0.85, y + s * 0.85);
          cairo_move_to (cr, x + s * 0.85, y + s * 0.15);
          cairo_line_to (cr, x + s * 0.15, y + s * 0.85);
          cairo_stroke (cr);
        }
      if (mark & PW_CELL_MARK_SHOWN)
        {
          cairo_set_source_rgba (cr, 0.55, 0.2, 0.85, 0.9);
          cairo_set_line_width (cr, MAX (2, s / 10));
          cairo_rectangle (cr, x + s * 0.08, y + s * 0.08, s * 0.84, s * 0.84);
          cairo_stroke (cr);
        }
    }
}
