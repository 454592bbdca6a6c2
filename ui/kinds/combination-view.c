/* combination-view.c — how combination levels are drawn and edited
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grid (empty floor, walls, holes as open squares), and below it the
 * inventory: each entry as its piece with the count, two cells each, in
 * as many rows as the grid's width needs (so a long inventory never
 * makes the drawing wide and the board small). A piece
 * is a disc in its colour with its attack drawn on it (a plus for
 * orthogonal, a cross for diagonal, both for both). Placed pieces (a play
 * position) send their rays; a piece a ray of another colour reaches is
 * ringed. The analysis's dead cells are hatched with a cross.
 */

#define G_LOG_DOMAIN "pw-combination-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "combination-private.h"
#include "combination-view.h"

static const int ray_dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int ray_dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

static void
draw_hole (cairo_t           *cr,
           const PwViewStyle *style,
           double             x,
           double             y,
           double             s)
{
  pw_colour_set (cr, &style->pit);
  pw_rounded_rectangle (cr, x + s * 0.18, y + s * 0.18, s * 0.64, s * 0.64, s * 0.1);
  cairo_fill (cr);
}

static void
draw_piece (cairo_t                  *cr,
            const PwViewStyle        *style,
            const PwCombinationEntry *entry,
            double                    x,
            double                    y,
            double                    s)
{
  const PwColour *c = &style->colours[entry->colour];
  double cx = x + s / 2, cy = y + s / 2, r = s * 0.36, arm = r * 0.62;
  gboolean light = 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue > 0.6;

  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  pw_colour_set (cr, c);
  cairo_fill_preserve (cr);
  pw_colour_set (cr, &style->outline);
  if (style->dark && entry->colour == 7)
    cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);  /* black on dark needs a light rim */
  cairo_set_line_width (cr, MAX (1, s / 22));
  cairo_stroke (cr);

  /* the attack, in black or white for contrast */
  if (light)
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, MAX (1.5, s / 12));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (entry->attack & PW_ATTACK_ORTHOGONAL)
    {
      cairo_move_to (cr, cx - arm, cy);
      cairo_line_to (cr, cx + arm, cy);
      cairo_move_to (cr, cx, cy - arm);
      cairo_line_to (cr, cx, cy + arm);
    }
  if (entry->attack & PW_ATTACK_DIAGONAL)
    {
      double d = arm * 0.72;

      cairo_move_to (cr, cx - d, cy - d);
      cairo_line_to (cr, cx + d, cy + d);
      cairo_move_to (cr, cx + d, cy - d);
      cairo_line_to (cr, cx - d, cy + d);
    }
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

/* Inventory entries side by side under the grid: two cells each. */
static int
entries_per_row (const PwCombinationLevel *level)
{
  return MAX (1, MIN (level->n_entries, level->width / 2));
}

static void
combination_get_grid (gconstpointer  data,
                      int           *columns,
                      int           *rows)
{
  const PwCombinationLevel *level = data;
  int per_row = entries_per_row (level);

  /* rows more for the inventory, at least one */
  *columns = MAX (level->width, 2 * per_row);
  *rows = level->height + MAX (1, (level->n_entries + per_row - 1) / per_row);
}

static const PwCombinationEntry *
entry_at (const PwCombinationLevel *level,
          int                       cell)
{
  int e = level->placed ? level->placed[cell] : 0;

  return e > 0 && e <= level->n_entries ? &level->entries[e - 1] : NULL;
}

/* The rays of the placed pieces, and whether each piece is hit. */
static void
draw_rays (const PwCombinationLevel *level,
           cairo_t                  *cr,
           const PwGeometry         *g,
           const PwViewStyle        *style,
           guint8                   *hit)
{
  const int w = level->width, h = level->height;
  double s = g->cell;

  for (int i = 0; i < w * h; i++)
    {
      const PwCombinationEntry *piece = entry_at (level, i);
      double x0, y0;

      if (piece == NULL)
        continue;
      pw_geometry_cell_origin (g, i % w, i / w, &x0, &y0);
      for (int d = 0; d < 8; d++)
        {
          int x = i % w, y = i / w;
          double x1, y1;

          if (!(piece->attack & (d < 4 ? PW_ATTACK_ORTHOGONAL : PW_ATTACK_DIAGONAL)))
            continue;
          for (;;)
            {
              int nx = x + ray_dx[d], ny = y + ray_dy[d];
              const PwCombinationEntry *other;

              if (nx < 0 || ny < 0 || nx >= w || ny >= h || level->cells[ny * w + nx] == '#')
                break;
              x = nx, y = ny;
              other = entry_at (level, y * w + x);
              if (other != NULL)
                {
                  if (other->colour != piece->colour)
                    hit[y * w + x] = 1;
                  break;
                }
            }
          if (x == i % w && y == i / w)
            continue;
          pw_geometry_cell_origin (g, x, y, &x1, &y1);
          cairo_set_source_rgba (cr, style->colours[piece->colour].red,
                                 style->colours[piece->colour].green,
                                 style->colours[piece->colour].blue, 0.55);
          cairo_set_line_width (cr, MAX (1.5, s / 14));
          cairo_move_to (cr, x0 + s / 2, y0 + s / 2);
          cairo_line_to (cr, x1 + s / 2, y1 + s / 2);
          cairo_stroke (cr);
        }
    }
}

static void
combination_draw (gconstpointer      data,
                  cairo_t           *cr,
                  const PwGeometry  *g,
                  const PwViewStyle *style)
{
  const PwCombinationLevel *level = data;
  const int w = level->width, h = level->height;
  double s = g->cell;
  g_autofree guint8 *hit = g_new0 (guint8, w * h);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        char c = level->cells[y * w + x];
        double cx, cy;

        pw_geometry_cell_origin (g, x, y, &cx, &cy);
        if (c == '#')
          pw_draw_wall (cr, style, cx, cy, s);
        else
          {
            pw_draw_floor (cr, style, x, y, cx, cy, s);
            if (c == 'o')
              draw_hole (cr, style, cx, cy, s);
          }
      }

  if (level->placed != NULL)
    {
      draw_rays (level, cr, g, style, hit);
      for (int i = 0; i < w * h; i++)
        {
          const PwCombinationEntry *piece = entry_at (level, i);
          double cx, cy;

          if (piece == NULL)
            continue;
          pw_geometry_cell_origin (g, i % w, i / w, &cx, &cy);
          draw_piece (cr, style, piece, cx, cy, s);
          if (hit[i])
            {
              cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
              cairo_set_line_width (cr, MAX (2, s / 10));
              cairo_arc (cr, cx + s / 2, cy + s / 2, s * 0.46, 0, 2 * G_PI);
              cairo_stroke (cr);
            }
        }
    }

  /* the inventory, below the grid: each entry's piece and its count */
  for (int e = 0; e < level->n_entries; e++)
    {
      double ex, ey;
      char count[16];
      cairo_text_extents_t extents;
      int left = level->entries[e].count;

      if (level->placed != NULL)
        for (int i = 0; i < w * h; i++)
          left -= level->placed[i] == e + 1;
      pw_geometry_cell_origin (g, 2 * (e % entries_per_row (level)),
                               h + e / entries_per_row (level), &ex, &ey);
      draw_piece (cr, style, &level->entries[e], ex, ey + s * 0.1, s * 0.8);
      g_snprintf (count, sizeof count, "×%d", left);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, s * 0.36);
      cairo_text_extents (cr, count, &extents);
      pw_colour_set (cr, style->dark ? &style->eye : &style->outline);
      cairo_move_to (cr, ex + s * 0.82, ey + s / 2 - extents.height / 2 - extents.y_bearing);
      cairo_show_text (cr, count);
    }
}

/* Dead cells: hatched and crossed, so a designer sees at once which
 * cells the pieces can never use. */
static void
combination_draw_overlay (gconstpointer      data,
                          JsonObject        *figures,
                          cairo_t           *cr,
                          const PwGeometry  *g,
                          const PwViewStyle *style)
{
  JsonNode *node = json_object_get_member (figures, "dead_cells");
  JsonArray *cells;
  double s = g->cell;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  cells = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonArray *xy = json_array_get_array_element (cells, i);
      double x, y;

      if (xy == NULL || json_array_get_length (xy) != 2)
        continue;
      pw_geometry_cell_origin (g, json_array_get_int_element (xy, 0),
                               json_array_get_int_element (xy, 1), &x, &y);
      cairo_save (cr);
      cairo_rectangle (cr, x, y, s, s);
      cairo_clip (cr);
      cairo_set_source_rgba (cr, 0.45, 0.45, 0.5, 0.35);
      cairo_set_line_width (cr, MAX (1, s / 24));
      for (double d = -s; d < s; d += s / 5)
        {
          cairo_move_to (cr, x + d, y + s);
          cairo_line_to (cr, x + d + s, y);
        }
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, 0.35, 0.35, 0.4, 0.8);
      cairo_set_line_width (cr, MAX (1.5, s / 14));
      cairo_move_to (cr, x + s * 0.3, y + s * 0.3);
      cairo_line_to (cr, x + s * 0.7, y + s * 0.7);
      cairo_move_to (cr, x + s * 0.7, y + s * 0.3);
      cairo_line_to (cr, x + s * 0.3, y + s * 0.7);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static void
combination_draw_tile (char               tile,
                       cairo_t           *cr,
                       double             x,
                       double             y,
                       double             s,
                       const PwViewStyle *style)
{
  if (tile == '#')
    pw_draw_wall (cr, style, x, y, s);
  else
    {
      pw_draw_floor (cr, style, 0, 0, x, y, s);
      if (tile == 'o')
        draw_hole (cr, style, x, y, s);
    }
}

static const PwPaletteEntry combination_palette[] = {
  { '.', N_("Empty cell"), 'f' },
  { '#', N_("Wall"), 'w' },
  { 'o', N_("Hole"), 'p' },
};

static char
combination_get_tile (gconstpointer data,
                      int           column,
                      int           row)
{
  const PwCombinationLevel *level = data;

  if (column < 0 || row < 0 || column >= level->width || row >= level->height)
    return '\0';
  return level->cells[row * level->width + column];
}

static gpointer
combination_set_tile (gconstpointer data,
                      int           column,
                      int           row,
                      char          tile)
{
  const PwCombinationLevel *level = data;
  PwCombinationLevel *copy;

  if (column < 0 || row < 0 || column >= level->width || row >= level->height ||
      tile == '\0' || strchr (".#o", tile) == NULL ||
      level->cells[row * level->width + column] == tile)
    return NULL;
  copy = pw_combination_kind.copy (level);
  copy->cells[row * level->width + column] = tile;
  return copy;
}

static int
combination_place_entry_at (gconstpointer data,
                            int           column,
                            int           row)
{
  const PwCombinationLevel *level = data;

  int per_row = entries_per_row (level);
  int entry;

  /* the inventory: entry e's piece two cells wide, per_row to a row */
  if (row < level->height || column < 0 || column / 2 >= per_row)
    return -1;
  entry = (row - level->height) * per_row + column / 2;
  return entry < level->n_entries ? entry : -1;
}

static char *
combination_entry_label (gconstpointer data,
                         int           entry)
{
  const PwCombinationLevel *level = data;
  static const char * const attacks[4] = {
    NULL, N_("orthogonal"), N_("diagonal"), N_("orthogonal and diagonal"),
  };
  static const char * const colours[PW_COMBINATION_N_COLOURS] = {
    N_("red"), N_("blue"), N_("green"), N_("yellow"),
    N_("purple"), N_("orange"), N_("white"), N_("black"),
  };

  if (entry < 0 || entry >= level->n_entries)
    return NULL;
  /* Translators: a combination piece: colour, then its attack */
  return g_strdup_printf (_("%s, %s"), _(colours[level->entries[entry].colour]),
                          _(attacks[level->entries[entry].attack]));
}

/* Print: the level with a solution's pieces placed, as placement play
 * shows it solved. The analysis says whether there is one; the kind's
 * placement check (a budgeted search) then finds one to draw. */
static gboolean
combination_draw_solution (gconstpointer      data,
                           JsonObject        *figures,
                           cairo_t           *cr,
                           const PwGeometry  *geometry,
                           const PwViewStyle *style)
{
  const PwCombinationLevel *level = data;
  JsonNode *node = figures != NULL ? json_object_get_member (figures, "solutions") : NULL;
  g_autofree guint8 *none = NULL;
  PwPlaceResult result;
  gpointer solved;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) < 1)
    return FALSE;
  none = g_new0 (guint8, (gsize) level->width * level->height);
  if (!pw_combination_kind.place_check (data, none, &result, NULL, NULL) || !result.decided ||
      !result.completable || result.solution == NULL)
    {
      pw_place_result_clear (&result);
      return FALSE;
    }
  solved = pw_combination_kind.place_render (data, result.solution);
  combination_draw (solved, cr, geometry, style);
  pw_combination_kind.free (solved);
  pw_place_result_clear (&result);
  return TRUE;
}

static const char *const combination_solution_figures[] = { "solutions", NULL };

const PwKindView pw_combination_view = {
  .kind_id = "combination",
  .get_grid = combination_get_grid,
  .draw = combination_draw,
  .draw_overlay = combination_draw_overlay,
  .palette = combination_palette,
  .n_palette = G_N_ELEMENTS (combination_palette),
  .erase_tile = '.',
  .draw_tile = combination_draw_tile,
  .get_tile = combination_get_tile,
  .set_tile = combination_set_tile,
  .place_entry_at = combination_place_entry_at,
  .entry_label = combination_entry_label,
  .draw_solution = combination_draw_solution,
  .solution_figures = combination_solution_figures,
};
