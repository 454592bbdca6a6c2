/* pw-kind-view.c — the registry of kind views, and painting a level
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-kind-view"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pw-image-file.h"
#include "pw-kind-view.h"
#include "kinds/combination-view.h"
#include "kinds/freecell-view.h"
#include "kinds/knight-view.h"
#include "kinds/latin-view.h"
#include "kinds/magic-view.h"
#include "kinds/nonogram-view.h"
#include "kinds/queens-view.h"
#include "kinds/slide-view.h"

/* Every kind this build can draw; adding one means adding it here. */
static const PwKindView * const registry[] = {
  &pw_slide_view,
  &pw_combination_view,
  &pw_freecell_view,
  &pw_sudoku_view,
  &pw_latin_view,
  &pw_futoshiki_view,
  &pw_queens_view,
  &pw_star_battle_view,
  &pw_nonogram_view,
  &pw_magic_view,
  &pw_knights_tour_view,
};

const PwKindView *
pw_kind_view_lookup (const char *kind_id)
{
  g_return_val_if_fail (kind_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_str_equal (registry[i]->kind_id, kind_id))
      return registry[i];
  return NULL;
}

const char * const *
pw_kind_view_solution_figures (void)
{
  static gsize once = 0;
  static const char **keys;

  if (g_once_init_enter (&once))
    {
      GPtrArray *union_keys = g_ptr_array_new ();

      g_ptr_array_add (union_keys, (gpointer) "solution");
      for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
        for (guint k = 0; registry[i]->solution_figures != NULL &&
                          registry[i]->solution_figures[k] != NULL; k++)
          {
            const char *key = registry[i]->solution_figures[k];
            gboolean seen = FALSE;

            for (guint j = 0; j < union_keys->len && !seen; j++)
              seen = g_str_equal (g_ptr_array_index (union_keys, j), key);
            if (!seen)
              g_ptr_array_add (union_keys, (gpointer) key);
          }
      g_ptr_array_add (union_keys, NULL);
      /* kept for the process's life, like the registry it is made from */
      keys = (const char **) g_ptr_array_free (union_keys, FALSE);
      g_once_init_leave (&once, 1);
    }
  return keys;
}

void
pw_level_get_cells (PwLevel *level,
                    int     *width,
                    int     *height)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  gconstpointer data = pw_level_get_data (level);

  *width = *height = 0;
  if (view == NULL || view->get_tile == NULL || data == NULL)
    return;
  while (view->get_tile (data, *width, 0) != '\0')
    (*width)++;
  while (view->get_tile (data, 0, *height) != '\0')
    (*height)++;
}

PwLevel *
pw_level_with_tile (PwLevel *level,
                    int      column,
                    int      row,
                    char     tile)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  gpointer data;

  if (view == NULL || view->set_tile == NULL || pw_level_get_kind (level) == NULL)
    return NULL;
  data = view->set_tile (pw_level_get_data (level), column, row, tile);
  return data != NULL ? pw_level_with_data (level, data) : NULL;
}

PwLevel *
pw_level_fill_rectangle (PwLevel *level,
                         int      column0,
                         int      row0,
                         int      column1,
                         int      row1,
                         char     tile)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  const PwKind *kind = pw_level_get_kind (level);
  gpointer data;
  gboolean changed = FALSE;

  if (view == NULL || view->set_tile == NULL || kind == NULL)
    return NULL;
  data = kind->copy (pw_level_get_data (level));
  for (int row = MIN (row0, row1); row <= MAX (row0, row1); row++)
    for (int column = MIN (column0, column1); column <= MAX (column0, column1); column++)
      {
        gpointer next = view->set_tile (data, column, row, tile);

        if (next != NULL)
          {
            kind->free (data);
            data = next;
            changed = TRUE;
          }
      }
  if (!changed)
    {
      kind->free (data);
      return NULL;
    }
  return pw_level_with_data (level, data);
}

PwLevel *
pw_level_flood_fill (PwLevel *level,
                     int      column,
                     int      row,
                     char     tile)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  const PwKind *kind = pw_level_get_kind (level);
  g_autoptr(GArray) stack = NULL;
  g_autofree guint8 *seen = NULL;
  gconstpointer original;
  gpointer data;
  gboolean changed = FALSE;
  int columns, rows;
  char from;

  if (view == NULL || view->set_tile == NULL || kind == NULL)
    return NULL;
  original = pw_level_get_data (level);
  view->get_grid (original, &columns, &rows);
  if (column < 0 || row < 0 || column >= columns || row >= rows)
    return NULL;
  from = view->get_tile (original, column, row);
  if (from == tile)
    return NULL;

  data = kind->copy (original);
  seen = g_new0 (guint8, (gsize) columns * rows);
  stack = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (stack, (int) { row * columns + column });
  seen[row * columns + column] = 1;
  while (stack->len > 0)
    {
      int i = g_array_index (stack, int, stack->len - 1);
      int x = i % columns, y = i / columns;
      static const int dx[4] = { 0, 1, 0, -1 };
      static const int dy[4] = { -1, 0, 1, 0 };
      gpointer next;

      g_array_set_size (stack, stack->len - 1);
      next = view->set_tile (data, x, y, tile);
      if (next != NULL)
        {
          kind->free (data);
          data = next;
          changed = TRUE;
        }
      for (int d = 0; d < 4; d++)
        {
          int nx = x + dx[d], ny = y + dy[d];
          int j = ny * columns + nx;

          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows || seen[j] ||
              view->get_tile (original, nx, ny) != from)
            continue;
          seen[j] = 1;
          g_array_append_val (stack, j);
        }
    }
  if (!changed)
    {
      kind->free (data);
      return NULL;
    }
  return pw_level_with_data (level, data);
}

gboolean
pw_level_paint (PwLevel    *level,
                cairo_t    *cr,
                double      width,
                double      height,
                gboolean    dark,
                PwGeometry *geometry)
{
  const PwViewStyle *style = pw_view_style_get (dark);
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  PwGeometry local;
  int columns, rows;

  g_return_val_if_fail (level != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  cairo_save (cr);
  pw_colour_set (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);

  if (view == NULL || pw_level_get_kind (level) == NULL)
    return FALSE;

  view->get_grid (pw_level_get_data (level), &columns, &rows);
  pw_geometry_fit (&local, columns, rows, width, height, 0);
  cairo_save (cr);
  view->draw (pw_level_get_data (level), cr, &local, style);
  cairo_restore (cr);
  if (geometry != NULL)
    *geometry = local;
  return TRUE;
}

gboolean
pw_level_paint_at (PwLevel          *level,
                   cairo_t          *cr,
                   const PwGeometry *geometry,
                   gboolean          dark)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));

  if (view == NULL || pw_level_get_kind (level) == NULL)
    return FALSE;
  cairo_save (cr);
  view->draw (pw_level_get_data (level), cr, geometry, pw_view_style_get (dark));
  cairo_restore (cr);
  return TRUE;
}

gboolean
pw_level_paint_solution (PwLevel          *level,
                         JsonObject       *figures,
                         cairo_t          *cr,
                         const PwGeometry *geometry,
                         gboolean          dark)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  gboolean drawn;

  g_return_val_if_fail (level != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  if (view == NULL || view->draw_solution == NULL || pw_level_get_kind (level) == NULL ||
      figures == NULL)
    return FALSE;
  cairo_save (cr);
  drawn = view->draw_solution (pw_level_get_data (level), figures, cr, geometry,
                               pw_view_style_get (dark));
  cairo_restore (cr);
  return drawn;
}

/* The moves as lines no wider than @width at the font size set in @cr;
 * NULL when a single move is wider. */
static GPtrArray *
wrap_moves (cairo_t            *cr,
            const char * const *moves,
            double              width)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      /* Translators: a numbered move under a printed level's solution:
       * "3. ←", "12. 2h" */
      g_autofree char *word = g_strdup_printf (_("%u. %s"), i + 1, moves[i]);
      g_autofree char *longer = line->len > 0 ? g_strconcat (line->str, "   ", word, NULL)
                                              : g_strdup (word);
      cairo_text_extents_t extents;

      cairo_text_extents (cr, longer, &extents);
      if (extents.x_advance <= width)
        {
          g_string_assign (line, longer);
          continue;
        }
      cairo_text_extents (cr, word, &extents);
      if (line->len == 0 || extents.x_advance > width)
        return NULL;
      g_ptr_array_add (lines, g_strdup (line->str));
      g_string_assign (line, word);
    }
  if (line->len > 0)
    g_ptr_array_add (lines, g_strdup (line->str));
  return g_steal_pointer (&lines);
}

void
pw_kind_view_paint_moves (gconstpointer       data,
                          void              (*draw) (gconstpointer      data,
                                                     cairo_t           *cr,
                                                     const PwGeometry  *geometry,
                                                     const PwViewStyle *style),
                          const char * const *moves,
                          cairo_t            *cr,
                          const PwGeometry   *geometry,
                          const PwViewStyle  *style)
{
  double width = geometry->columns * geometry->cell;
  double height = geometry->rows * geometry->cell;
  g_autoptr(GPtrArray) lines = NULL;
  double size, text_height = 0, line_height = 0;
  PwGeometry board = *geometry;

  g_return_if_fail (draw != NULL && moves != NULL);

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  /* from a size a cell would read at down to the smallest readable one,
   * until the lines take at most half the area */
  for (size = MIN (geometry->cell * 0.45, 14); size >= 3; size *= 0.9)
    {
      g_clear_pointer (&lines, g_ptr_array_unref);
      cairo_set_font_size (cr, size);
      lines = wrap_moves (cr, moves, width);
      line_height = 1.3 * size;
      text_height = lines != NULL ? lines->len * line_height : G_MAXDOUBLE;
      if (text_height <= height / 2)
        break;
    }
  if (lines == NULL || text_height > height / 2)
    {
      /* too many to read: as many lines as fit, the last one saying so */
      g_clear_pointer (&lines, g_ptr_array_unref);
      size = 3;
      cairo_set_font_size (cr, size);
      line_height = 1.3 * size;
      lines = wrap_moves (cr, moves, width);
      if (lines == NULL)
        lines = g_ptr_array_new_with_free_func (g_free);
      while (lines->len > 0 && lines->len * line_height > height / 2)
        g_ptr_array_remove_index (lines, lines->len - 1);
      if (lines->len > 0)
        {
          char *last = g_ptr_array_index (lines, lines->len - 1);

          g_ptr_array_index (lines, lines->len - 1) = g_strconcat (last, " …", NULL);
          g_free (last);
        }
      text_height = lines->len * line_height;
    }

  /* the level above the moves, centred */
  board.cell = MIN (width / geometry->columns,
                    (height - text_height - line_height) / geometry->rows);
  board.x = geometry->x + (width - board.cell * geometry->columns) / 2;
  board.y = geometry->y;
  cairo_save (cr);
  draw (data, cr, &board, style);
  cairo_restore (cr);

  if (style->dark)
    cairo_set_source_rgb (cr, 0.92, 0.92, 0.92);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint i = 0; i < lines->len; i++)
    {
      cairo_move_to (cr, geometry->x,
                     board.y + board.cell * geometry->rows + line_height * (i + 1.5));
      cairo_show_text (cr, g_ptr_array_index (lines, i));
    }
  cairo_restore (cr);
}

gboolean
pw_level_get_grid (PwLevel *level,
                   int     *columns,
                   int     *rows)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));

  *columns = *rows = 0;
  if (view == NULL || pw_level_get_kind (level) == NULL)
    return FALSE;
  view->get_grid (pw_level_get_data (level), columns, rows);
  return TRUE;
}

gboolean
pw_level_write_png (PwLevel    *level,
                    const char *path,
                    int         cell,
                    gboolean    dark,
                    GError    **error)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  cairo_surface_t *surface;
  cairo_t *cr;
  int columns, rows;
  gboolean ok;

  if (view == NULL || pw_level_get_kind (level) == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("Levels of kind “%s” cannot be drawn"), pw_level_get_kind_id (level));
      return FALSE;
    }

  view->get_grid (pw_level_get_data (level), &columns, &rows);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, columns * cell, rows * cell);
  cr = cairo_create (surface);
  pw_level_paint (level, cr, columns * cell, rows * cell, dark, NULL);
  cairo_destroy (cr);
  ok = pw_image_write_png (surface, path, error);
  cairo_surface_destroy (surface);
  return ok;
}
