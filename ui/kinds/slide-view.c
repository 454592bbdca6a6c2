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

#include "slide-private.h"
#include "slide-view.h"

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static int
colour_index (char c,
              const char *letters)
{
  const char *p = strchr (letters, c);

  return p ? (int) (p - letters) : -1;
}

static void
draw_floor (cairo_t           *cr,
            const PwViewStyle *style,
            int                column,
            int                row,
            double             x,
            double             y,
            double             s)
{
  pw_colour_set (cr, (column + row) % 2 ? &style->floor_alternate : &style->floor);
  cairo_rectangle (cr, x, y, s, s);
  cairo_fill (cr);
}

static void
draw_wall (cairo_t           *cr,
           const PwViewStyle *style,
           double             x,
           double             y,
           double             s)
{
  double edge = MAX (1, round (s / 12));

  pw_colour_set (cr, &style->wall);
  cairo_rectangle (cr, x, y, s, s);
  cairo_fill (cr);
  pw_colour_set (cr, &style->wall_edge);
  cairo_rectangle (cr, x, y, s, edge);
  cairo_rectangle (cr, x, y, edge, s);
  cairo_fill (cr);
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
  rounded_rectangle (cr, x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, s * 0.15);
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

  rounded_rectangle (cr, x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.06);
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

  rounded_rectangle (cr, x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.12);
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
slide_draw (gconstpointer      data,
            cairo_t           *cr,
            const PwGeometry  *geometry,
            const PwViewStyle *style)
{
  const PwSlideLevel *level = data;
  double s = geometry->cell;

  for (int row = 0; row < level->height; row++)
    for (int column = 0; column < level->width; column++)
      {
        char c = level->cells[row * level->width + column];
        double x, y;
        int colour;

        pw_geometry_cell_origin (geometry, column, row, &x, &y);
        if (c == '#')
          {
            draw_wall (cr, style, x, y, s);
            continue;
          }

        draw_floor (cr, style, column, row, x, y, s);
        if (c == 'o')
          draw_pit (cr, style, x, y, s);
        else if ((colour = colour_index (c, "RYGB")) >= 0)
          draw_goal (cr, style, colour, x, y, s);
        else if ((colour = colour_index (c, "rygb")) >= 0)
          draw_skiddy (cr, style, colour, x, y, s);
        else if (c == '$')
          draw_crate (cr, style, x, y, s);
        else if (c == '*')
          draw_ice (cr, style, x, y, s);
      }
}

const PwKindView pw_slide_view = {
  .kind_id = "slide",
  .get_grid = slide_get_grid,
  .draw = slide_draw,
};
