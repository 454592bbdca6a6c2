/* slide-view.c — how slide levels are drawn
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Floor in a faint checkerboard so cells can be counted; walls as blocks;
 * pits as holes; goals as a frame in their colour with a dot; skiddies as
 * round creatures with eyes; crates as boxes with a cross; ice as pale
 * blocks with a shine. Every piece has an outline so it stands out on
 * floor of either style.
 */

#define G_LOG_DOMAIN "pw-slide-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "slide-private.h"
#include "slide-view.h"

static int
colour_index (char c,
              const char *letters)
{
  const char *p = strchr (letters, c);

  return p ? (int) (p - letters) : -1;
}

static void
draw_pit (cairo_t           *cr,
          const PwViewStyle *style,
          double             x,
          double             y,
          double             s)
{
  pw_colour_set (cr, &style->pit);
  cairo_arc (cr, x + s / 2, y + s / 2, s * 0.4, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
draw_goal (cairo_t           *cr,
           const PwViewStyle *style,
           int                colour,
           double             x,
           double             y,
           double             s)
{
  const PwColour *c = &style->pieces[colour];

  cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.3);
  pw_rounded_rectangle (cr, x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, s * 0.15);
  cairo_fill_preserve (cr);
  pw_colour_set (cr, c);
  cairo_set_line_width (cr, MAX (1.5, s / 10));
  cairo_stroke (cr);
  cairo_arc (cr, x + s / 2, y + s / 2, s * 0.15, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
draw_skiddy (cairo_t           *cr,
             const PwViewStyle *style,
             int                colour,
             double             x,
             double             y,
             double             s)
{
  double cx = x + s / 2;
  double cy = y + s / 2;

  cairo_arc (cr, cx, cy, s * 0.38, 0, 2 * G_PI);
  pw_colour_set (cr, &style->pieces[colour]);
  cairo_fill_preserve (cr);
  pw_colour_set (cr, &style->outline);
  cairo_set_line_width (cr, MAX (1, s / 24));
  cairo_stroke (cr);

  for (int side = -1; side <= 1; side += 2)
    {
      double ex = cx + side * s * 0.14;
      double ey = cy - s * 0.1;

      pw_colour_set (cr, &style->eye);
      cairo_arc (cr, ex, ey, s * 0.085, 0, 2 * G_PI);
      cairo_fill (cr);
      pw_colour_set (cr, &style->pupil);
      cairo_arc (cr, ex + side * s * 0.02, ey + s * 0.015, s * 0.04, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_crate (cairo_t           *cr,
            const PwViewStyle *style,
            double             x,
            double             y,
            double             s)
{
  double inset = s * 0.12;

  pw_rounded_rectangle (cr, x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.06);
  pw_colour_set (cr, &style->crate);
  cairo_fill_preserve (cr);
  pw_colour_set (cr, &style->crate_edge);
  cairo_set_line_width (cr, MAX (1, s / 16));
  cairo_stroke (cr);
  cairo_move_to (cr, x + inset, y + inset);
  cairo_line_to (cr, x + s - inset, y + s - inset);
  cairo_move_to (cr, x + s - inset, y + inset);
  cairo_line_to (cr, x + inset, y + s - inset);
  cairo_stroke (cr);
}

static void
draw_ice (cairo_t           *cr,
          const PwViewStyle *style,
          double             x,
          double             y,
          double             s)
{
  double inset = s * 0.14;

  pw_rounded_rectangle (cr, x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.12);
  pw_colour_set (cr, &style->ice);
  cairo_fill_preserve (cr);
  pw_colour_set (cr, &style->ice_edge);
  cairo_set_line_width (cr, MAX (1, s / 20));
  cairo_stroke (cr);
  /* a shine across the top left corner */
  pw_colour_set (cr, &style->eye);
  cairo_set_line_width (cr, MAX (1, s / 14));
  cairo_move_to (cr, x + s * 0.28, y + s * 0.42);
  cairo_line_to (cr, x + s * 0.42, y + s * 0.28);
  cairo_stroke (cr);
}

static void
slide_get_grid (gconstpointer  data,
                int           *columns,
                int           *rows)
{
  const PwSlideLevel *level = data;

  *columns = level->width;
  *rows = level->height;
}

static void
draw_piece (cairo_t           *cr,
            const PwViewStyle *style,
            char               c,
            double             x,
            double             y,
            double             s)
{
  int colour;

  if ((colour = colour_index (c, "rygb")) >= 0)
    draw_skiddy (cr, style, colour, x, y, s);
  else if (c == '$')
    draw_crate (cr, style, x, y, s);
  else if (c == '*')
    draw_ice (cr, style, x, y, s);
}

/* A level as edited has its pieces in cells; a position in play mode
 * (PwSlideLevel.pieces) has them in a layer over the tiles, so a piece
 * in a pit shows the pit's rim around it. */
static void
draw_grid (const PwSlideLevel *level,
           gboolean            with_layer,
           cairo_t            *cr,
           const PwGeometry   *geometry,
           const PwViewStyle  *style)
{
  double s = geometry->cell;

  for (int row = 0; row < level->height; row++)
    for (int column = 0; column < level->width; column++)
      {
        int i = row * level->width + column;
        char c = level->cells[i];
        double x, y;
        int colour;

        pw_geometry_cell_origin (geometry, column, row, &x, &y);
        if (c == '#')
          {
            pw_draw_wall (cr, style, x, y, s);
            continue;
          }

        pw_draw_floor (cr, style, column, row, x, y, s);
        if (c == 'o')
          draw_pit (cr, style, x, y, s);
        else if ((colour = colour_index (c, "RYGB")) >= 0)
          draw_goal (cr, style, colour, x, y, s);
        else
          draw_piece (cr, style, c, x, y, s);
        if (level->pieces != NULL && with_layer)
          draw_piece (cr, style, level->pieces[i], x, y, s);
      }
}

static void
slide_draw (gconstpointer      data,
            cairo_t           *cr,
            const PwGeometry  *geometry,
            const PwViewStyle *style)
{
  draw_grid (data, TRUE, cr, geometry, style);
}

/* A move under way, at @t from 0 to 1: the tiles, then every piece on its
 * way from its cell to where it stops, easing out; a skiddy that leaves
 * slides into its goal as it fades, one a combo clears fades where it
 * stands. */
static gboolean
slide_draw_move (gconstpointer      level_data,
                 gconstpointer      before_data,
                 guint              move,
                 double             t,
                 cairo_t           *cr,
                 const PwGeometry  *geometry,
                 const PwViewStyle *style)
{
  const PwSlideLevel *level = level_data;
  const PwSlideLevel *before = before_data;
  PwSlideTrace traces[PW_SLIDE_MAX_PIECES];
  int n = _pw_slide_trace_move (level, before, move, traces);
  double e = 1 - (1 - t) * (1 - t);

  if (n == 0)
    return FALSE;
  draw_grid (before, FALSE, cr, geometry, style);
  for (int k = 0; k < n; k++)
    {
      const PwSlideTrace *trace = &traces[k];
      int target = trace->to >= 0 ? trace->to : trace->exit >= 0 ? trace->exit : trace->from;
      double x0, y0, x1, y1, alpha = 1;

      if (trace->from < 0)
        continue;
      pw_geometry_cell_origin (geometry, trace->from % before->width, trace->from / before->width,
                               &x0, &y0);
      pw_geometry_cell_origin (geometry, target % before->width, target / before->width, &x1, &y1);
      if (trace->to < 0)
        alpha = trace->exit >= 0 ? CLAMP (2 * (1 - e), 0, 1) : 1 - e;
      cairo_push_group (cr);
      draw_piece (cr, style, trace->piece, x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, geometry->cell);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
  return TRUE;
}

/* One tile alone, for the palette. */
static void
slide_draw_tile (char               tile,
                 cairo_t           *cr,
                 double             x,
                 double             y,
                 double             s,
                 const PwViewStyle *style)
{
  int colour;

  if (tile == '#')
    {
      pw_draw_wall (cr, style, x, y, s);
      return;
    }
  pw_draw_floor (cr, style, 0, 0, x, y, s);
  if (tile == 'o')
    draw_pit (cr, style, x, y, s);
  else if ((colour = colour_index (tile, "RYGB")) >= 0)
    draw_goal (cr, style, colour, x, y, s);
  else
    draw_piece (cr, style, tile, x, y, s);
}

static const PwPaletteEntry slide_palette[] = {
  { '.', N_("Floor"), 'f' },
  { '#', N_("Wall"), 'w' },
  { 'o', N_("Pit"), 'p' },
  { 'r', N_("Red skiddy"), 'r' },
  { 'y', N_("Yellow skiddy"), 'y' },
  { 'g', N_("Green skiddy"), 'g' },
  { 'b', N_("Blue skiddy"), 'b' },
  { 'R', N_("Red goal"), 'R' },
  { 'Y', N_("Yellow goal"), 'Y' },
  { 'G', N_("Green goal"), 'G' },
  { 'B', N_("Blue goal"), 'B' },
  { '$', N_("Crate"), 'c' },
  { '*', N_("Ice"), 'i' },
};

static char
slide_get_tile (gconstpointer data,
                int           column,
                int           row)
{
  const PwSlideLevel *level = data;

  if (column < 0 || row < 0 || column >= level->width || row >= level->height)
    return '\0';
  return level->cells[row * level->width + column];
}

/* Any tile may go anywhere: a goal inside the grid or a piece on the
 * border is a validation problem the panel and canvas show, which is more
 * use to a designer in the middle of a change than a refused click. */
static gpointer
slide_set_tile (gconstpointer data,
                int           column,
                int           row,
                char          tile)
{
  const PwSlideLevel *level = data;
  PwSlideLevel *copy;

  if (column < 0 || row < 0 || column >= level->width || row >= level->height ||
      strchr (".#orygbRYGB$*", tile) == NULL || tile == '\0' ||
      level->cells[row * level->width + column] == tile)
    return NULL;
  copy = pw_slide_kind.copy (level);
  copy->cells[row * level->width + column] = tile;
  return copy;
}

/* Print: the level, and under it the moves of the analysis's shortest
 * solution as arrows (the letters of the arrow keys' moves). */
static gboolean
slide_draw_solution (gconstpointer      data,
                     JsonObject        *figures,
                     cairo_t           *cr,
                     const PwGeometry  *geometry,
                     const PwViewStyle *style)
{
  static const char *const arrows[] = { "↑", "→", "↓", "←" };
  static const char letters[] = "URDL";
  JsonNode *node = figures != NULL ? json_object_get_member (figures, "solution") : NULL;
  g_autoptr(GPtrArray) moves = g_ptr_array_new ();
  const char *solution;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  solution = json_node_get_string (node);
  for (const char *c = solution; *c != '\0'; c++)
    {
      const char *at = strchr (letters, *c);

      if (at == NULL)
        return FALSE;
      g_ptr_array_add (moves, (gpointer) arrows[at - letters]);
    }
  g_ptr_array_add (moves, NULL);
  pw_kind_view_paint_moves (data, slide_draw, (const char * const *) moves->pdata, cr, geometry,
                            style);
  return TRUE;
}

const PwKindView pw_slide_view = {
  .kind_id = "slide",
  .get_grid = slide_get_grid,
  .draw = slide_draw,
  .draw_move = slide_draw_move,
  .palette = slide_palette,
  .n_palette = G_N_ELEMENTS (slide_palette),
  .erase_tile = '.',
  .draw_tile = slide_draw_tile,
  .get_tile = slide_get_tile,
  .set_tile = slide_set_tile,
  .arrow_moves = "URDL",
  .draw_solution = slide_draw_solution,
};
