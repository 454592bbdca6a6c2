/* pw-view-style.h — the colours levels are drawn in, light and dark
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double red, green, blue, alpha;
} PwColour;

typedef struct
{
  gboolean dark;
  PwColour background;
  PwColour floor;
  PwColour floor_alternate;   /* every other cell, so cells can be counted */
  PwColour wall;
  PwColour wall_edge;
  PwColour pit;
  PwColour crate;
  PwColour crate_edge;
  PwColour ice;
  PwColour ice_edge;
  PwColour outline;           /* around pieces */
  PwColour eye;
  PwColour pupil;
  PwColour pieces[4];         /* red, yellow, green, blue */
  PwColour colours[8];        /* combination: red, blue, green, yellow, purple,
                               * orange, white, black */
} PwViewStyle;

const PwViewStyle *pw_view_style_get (gboolean dark);

void               pw_colour_set     (cairo_t        *cr,
                                      const PwColour *colour);

/* Shared pieces of the kinds' drawings, in cell coordinates: a floor cell
 * (checkered by @column + @row), a wall block, a rounded rectangle path. */
void               pw_draw_floor     (cairo_t           *cr,
                                      const PwViewStyle *style,
                                      int                column,
                                      int                row,
                                      double             x,
                                      double             y,
                                      double             size);
void               pw_draw_wall      (cairo_t           *cr,
                                      const PwViewStyle *style,
                                      double             x,
                                      double             y,
                                      double             size);
void               pw_rounded_rectangle (cairo_t        *cr,
                                         double          x,
                                         double          y,
                                         double          w,
                                         double          h,
                                         double          r);

G_END_DECLS
