/* pw-view-style.c — the colours levels are drawn in, light and dark
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The piece colours are the GNOME palette's red 3, yellow 3, green 4 and
 * blue 3: strong enough to tell apart on both backgrounds.
 */

#include "config.h"

#include <math.h>

#include "pw-view-style.h"

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const PwViewStyle light = {
  .dark = FALSE,
  .background = RGB (0xfa, 0xfa, 0xfa),
  .floor = RGB (0xf0, 0xee, 0xe8),
  .floor_alternate = RGB (0xe8, 0xe5, 0xdd),
  .wall = RGB (0x5e, 0x5c, 0x64),
  .wall_edge = RGB (0x77, 0x76, 0x7b),
  .pit = RGB (0x24, 0x1f, 0x31),
  .crate = RGB (0xb5, 0x83, 0x5a),
  .crate_edge = RGB (0x86, 0x5e, 0x3c),
  .ice = RGB (0xa8, 0xe0, 0xf0),
  .ice_edge = RGB (0x62, 0xa0, 0xea),
  .outline = RGB (0x24, 0x1f, 0x31),
  .eye = RGB (0xff, 0xff, 0xff),
  .pupil = RGB (0x24, 0x1f, 0x31),
  .pieces = { RGB (0xe0, 0x1b, 0x24), RGB (0xf6, 0xd3, 0x2d), RGB (0x2e, 0xc2, 0x7e),
              RGB (0x35, 0x84, 0xe4) },
  .colours = { RGB (0xe0, 0x1b, 0x24), RGB (0x35, 0x84, 0xe4), RGB (0x2e, 0xc2, 0x7e),
               RGB (0xf6, 0xd3, 0x2d), RGB (0x91, 0x41, 0xac), RGB (0xff, 0x78, 0x00),
               RGB (0xff, 0xff, 0xff), RGB (0x24, 0x1f, 0x31) },
};

static const PwViewStyle dark = {
  .dark = TRUE,
  .background = RGB (0x24, 0x24, 0x24),
  .floor = RGB (0x3d, 0x3a, 0x36),
  .floor_alternate = RGB (0x36, 0x33, 0x30),
  .wall = RGB (0x12, 0x12, 0x14),
  .wall_edge = RGB (0x2a, 0x2a, 0x2e),
  .pit = RGB (0x00, 0x00, 0x00),
  .crate = RGB (0xb5, 0x83, 0x5a),
  .crate_edge = RGB (0xe0, 0xb0, 0x80),
  .ice = RGB (0x62, 0xa0, 0xc8),
  .ice_edge = RGB (0xa8, 0xe0, 0xf0),
  .outline = RGB (0x00, 0x00, 0x00),
  .eye = RGB (0xff, 0xff, 0xff),
  .pupil = RGB (0x00, 0x00, 0x00),
  .pieces = { RGB (0xf6, 0x61, 0x51), RGB (0xf8, 0xe4, 0x5c), RGB (0x57, 0xe3, 0x89),
              RGB (0x62, 0xa0, 0xea) },
  .colours = { RGB (0xf6, 0x61, 0x51), RGB (0x62, 0xa0, 0xea), RGB (0x57, 0xe3, 0x89),
               RGB (0xf8, 0xe4, 0x5c), RGB (0xc0, 0x61, 0xcb), RGB (0xff, 0xa3, 0x48),
               RGB (0xff, 0xff, 0xff), RGB (0x00, 0x00, 0x00) },
};

const PwViewStyle *
pw_view_style_get (gboolean is_dark)
{
  return is_dark ? &dark : &light;
}

void
pw_colour_set (cairo_t        *cr,
               const PwColour *colour)
{
  cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
}

void
pw_rounded_rectangle (cairo_t *cr,
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

void
pw_draw_floor (cairo_t           *cr,
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

void
pw_draw_wall (cairo_t           *cr,
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
