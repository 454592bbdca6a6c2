/* latin-paint.c — drawing Sudoku, Latin square and Futoshiki grids
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cairo only, so the same drawing goes to the screen, PNG and print. A
 * Futoshiki's signs sit on the edge between two cells, which is why its
 * cells are drawn with a gap: the geometry's cell is the pitch, and each
 * cell square is inset by a sixth of it.
 */

#define G_LOG_DOMAIN "pw-latin-view"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "latin-paint.h"

void
pw_latin_value_text (guint     value,
                     gboolean  letters,
                     char     *buffer,
                     gsize     size)
{
  if (letters && value >= 10 && value <= 35)
    g_snprintf (buffer, size, "%c", 'A' + value - 10);
  else
    g_snprintf (buffer, size, "%u", value);
}

/* The inset of a cell's square: Futoshiki leaves room for its signs. */
static double
inset (const PwLatinLevel *level,
       double              cell)
{
  return level->variant == PW_LATIN_FUTOSHIKI ? cell / 6 : 0;
}

static void
centre_text (cairo_t    *cr,
             const char *text,
             double      cx,
             double      cy,
             double      size,
             gboolean    bold)
{
  cairo_text_extents_t extents;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, cx - extents.width / 2 - extents.x_bearing,
                 cy - extents.height / 2 - extents.y_bearing);
  cairo_show_text (cr, text);
}

static void
ink (cairo_t           *cr,
     const PwViewStyle *style,
     double             alpha)
{
  if (style->dark)
    cairo_set_source_rgba (cr, 0.92, 0.92, 0.92, alpha);
  else
    cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, alpha);
}

static void
paint_cells (const PwLatinLevel      *level,
             const PwLatinPaintState *state,
             cairo_t                 *cr,
             const PwGeometry        *g,
             const PwViewStyle       *style)
{
  guint n = level->n;
  double s = g->cell, in = inset (level, s);

  for (guint c = 0; c < n * n; c++)
    {
      guint x = c % n, y = c / n;
      double px = g->x + x * s + in, py = g->y + y * s + in, side = s - 2 * in;
      guint8 mark = state && state->marks ? state->marks[c] : 0;
      PwColour base = style->floor;

      if (level->diagonals && (x == y || x + y == n - 1))
        base = style->floor_alternate;
      pw_colour_set (cr, &base);
      cairo_rectangle (cr, px, py, side, side);
      cairo_fill (cr);

      /* tints, strongest last */
      if (mark & (PW_LATIN_MARK_PEER | PW_LATIN_MARK_SAME))
        {
          cairo_set_source_rgba (cr, 0.35, 0.55, 0.95, mark & PW_LATIN_MARK_SAME ? 0.28 : 0.10);
          cairo_rectangle (cr, px, py, side, side);
          cairo_fill (cr);
        }
      if (mark & PW_LATIN_MARK_DIFFERING)
        {
          cairo_set_source_rgba (cr, 0.98, 0.72, 0.1, 0.45);
          cairo_rectangle (cr, px, py, side, side);
          cairo_fill (cr);
        }
      if (mark & PW_LATIN_MARK_PATTERN)
        {
          cairo_set_source_rgba (cr, 0.25, 0.5, 1.0, 0.35);
          cairo_rectangle (cr, px, py, side, side);
          cairo_fill (cr);
        }
      if (mark & PW_LATIN_MARK_TARGET)
        {
          cairo_set_source_rgba (cr, 0.2, 0.75, 0.3, 0.5);
          cairo_rectangle (cr, px, py, side, side);
          cairo_fill (cr);
        }
      if (mark & PW_LATIN_MARK_CONFLICT)
        {
          cairo_set_source_rgba (cr, 0.9, 0.15, 0.15, 0.4);
          cairo_rectangle (cr, px, py, side, side);
          cairo_fill (cr);
        }
    }
}

/* Whether the edge between cells @a and @b is a region border. */
static gboolean
region_border (const PwLatinLevel *level,
               guint               a,
               guint               b)
{
  return level->regions != NULL && level->regions[a] != level->regions[b];
}

static void
paint_lines (const PwLatinLevel *level,
             cairo_t            *cr,
             const PwGeometry   *g,
             const PwViewStyle  *style)
{
  guint n = level->n;
  double s = g->cell;
  double thin = MAX (1, s / 40), thick = MAX (2, s / 14);

  if (level->variant == PW_LATIN_FUTOSHIKI)
    {
      /* each cell its own framed square */
      double in = inset (level, s);

      ink (cr, style, 0.8);
      cairo_set_line_width (cr, thin * 1.5);
      for (guint c = 0; c < n * n; c++)
        cairo_rectangle (cr, g->x + (c % n) * s + in, g->y + (c / n) * s + in, s - 2 * in,
                         s - 2 * in);
      cairo_stroke (cr);
      return;
    }

  /* thin lines between cells of one region */
  ink (cr, style, 0.35);
  cairo_set_line_width (cr, thin);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint c = y * n + x;

        if (x + 1 < n && !region_border (level, c, c + 1))
          {
            cairo_move_to (cr, g->x + (x + 1) * s, g->y + y * s);
            cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
          }
        if (y + 1 < n && !region_border (level, c, c + n))
          {
            cairo_move_to (cr, g->x + x * s, g->y + (y + 1) * s);
            cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
          }
      }
  cairo_stroke (cr);

  /* region borders and the frame, thick */
  ink (cr, style, 0.95);
  cairo_set_line_width (cr, thick);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint c = y * n + x;

        if (x + 1 < n && region_border (level, c, c + 1))
          {
            cairo_move_to (cr, g->x + (x + 1) * s, g->y + y * s);
            cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
          }
        if (y + 1 < n && region_border (level, c, c + n))
          {
            cairo_move_to (cr, g->x + x * s, g->y + (y + 1) * s);
            cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
          }
      }
  cairo_stroke (cr);
  cairo_rectangle (cr, g->x, g->y, n * s, n * s);
  cairo_stroke (cr);
}

/* A chevron on the edge between cells a and b, (@dx, @dy) the direction
 * from a to b: its tip towards the smaller cell, open towards the greater,
 * as "<" reads. */
static void
paint_sign (cairo_t           *cr,
            const PwViewStyle *style,
            double             cx,
            double             cy,
            double             s,
            int                dx,
            int                dy,
            gboolean           a_smaller)
{
  double arm = s * 0.11;
  double t = a_smaller ? -1 : 1;       /* the tip's side along (dx, dy) */
  double px = -dy, py = dx;            /* across the edge */

  ink (cr, style, 0.95);
  cairo_set_line_width (cr, MAX (1.5, s / 22));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, cx - t * dx * arm + px * arm, cy - t * dy * arm + py * arm);
  cairo_line_to (cr, cx + t * dx * arm, cy + t * dy * arm);
  cairo_line_to (cr, cx - t * dx * arm - px * arm, cy - t * dy * arm - py * arm);
  cairo_stroke (cr);
}

static void
paint_signs (const PwLatinLevel *level,
             cairo_t            *cr,
             const PwGeometry   *g,
             const PwViewStyle  *style)
{
  guint n = level->n;
  double s = g->cell;

  if (level->signs == NULL)
    return;
  for (guint c = 0; c < n * n; c++)
    {
      guint x = c % n, y = c / n;
      guint8 sign = level->signs[c];

      if (sign & (PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER))
        paint_sign (cr, style, g->x + (x + 1) * s, g->y + (y + 0.5) * s, s, 1, 0,
                    (sign & PW_SIGN_RIGHT_LESS) != 0);
      if (sign & (PW_SIGN_DOWN_LESS | PW_SIGN_DOWN_GREATER))
        paint_sign (cr, style, g->x + (x + 0.5) * s, g->y + (y + 1) * s, s, 0, 1,
                    (sign & PW_SIGN_DOWN_LESS) != 0);
    }
}

static void
paint_values (const PwLatinLevel      *level,
              const PwLatinPaintState *state,
              cairo_t                 *cr,
              const PwGeometry        *g,
              const PwViewStyle       *style)
{
  guint n = level->n;
  double s = g->cell, in = inset (level, s), side = s - 2 * in;
  gboolean letters = state != NULL && state->letters;
  /* the widest value decides the font size, so all values look alike */
  char widest[8];
  double size;

  pw_latin_value_text (n, letters, widest, sizeof widest);
  size = side * (strlen (widest) >= 3 ? 0.36 : strlen (widest) == 2 ? 0.5 : 0.62);

  for (guint c = 0; c < n * n; c++)
    {
      double cx = g->x + (c % n + 0.5) * s, cy = g->y + (c / n + 0.5) * s;
      guint given = level->givens[c];
      guint value = given ? given : state && state->values ? state->values[c] : 0;
      guint8 mark = state && state->marks ? state->marks[c] : 0;
      char text[8];

      if (value != 0)
        {
          pw_latin_value_text (value, letters, text, sizeof text);
          if (given)
            ink (cr, style, 1);
          else if (style->dark)
            cairo_set_source_rgb (cr, 0.55, 0.75, 1.0);
          else
            cairo_set_source_rgb (cr, 0.1, 0.3, 0.75);
          centre_text (cr, text, cx, cy, size, given != 0);
          if (mark & PW_LATIN_MARK_WRONG)
            {
              cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
              cairo_set_line_width (cr, MAX (1.5, s / 20));
              cairo_move_to (cr, cx - side * 0.32, cy + side * 0.32);
              cairo_line_to (cr, cx + side * 0.32, cy - side * 0.32);
              cairo_stroke (cr);
            }
          if (mark & PW_LATIN_MARK_REDUNDANT)
            {
              double dash = MAX (2, s / 14);

              cairo_set_source_rgb (cr, 0.9, 0.5, 0.05);
              cairo_set_line_width (cr, MAX (1.5, s / 24));
              cairo_set_dash (cr, &dash, 1, 0);
              cairo_arc (cr, cx, cy, side * 0.4, 0, 2 * G_PI);
              cairo_stroke (cr);
              cairo_set_dash (cr, NULL, 0, 0);
            }
        }
      else if (state != NULL && state->pencil != NULL && n <= 36)
        {
          /* candidates on a k × k sub-grid */
          guint k = (guint) ceil (sqrt (n));
          double sub = side / k;

          ink (cr, style, 0.7);
          for (guint v = 1; v <= n; v++)
            if (pw_value_set_has (&state->pencil[c], v))
              {
                pw_latin_value_text (v, letters, text, sizeof text);
                centre_text (cr, text, g->x + (c % n) * s + in + ((v - 1) % k + 0.5) * sub,
                             g->y + (c / n) * s + in + ((v - 1) / k + 0.5) * sub,
                             sub * (strlen (text) > 1 ? 0.55 : 0.75), FALSE);
              }
        }
    }
}

void
pw_latin_paint (const PwLatinLevel      *level,
                const PwLatinPaintState *state,
                cairo_t                 *cr,
                const PwGeometry        *geometry,
                const PwViewStyle       *style)
{
  g_return_if_fail (level != NULL);
  g_return_if_fail (cr != NULL && geometry != NULL && style != NULL);

  cairo_save (cr);
  paint_cells (level, state, cr, geometry, style);
  paint_lines (level, cr, geometry, style);
  paint_signs (level, cr, geometry, style);
  paint_values (level, state, cr, geometry, style);
  if (state != NULL && state->cursor >= 0 && (guint) state->cursor < level->n * level->n)
    {
      double s = geometry->cell, in = inset (level, s);
      guint c = state->cursor;

      cairo_set_source_rgb (cr, 0.2, 0.45, 0.95);
      cairo_set_line_width (cr, MAX (2, s / 12));
      cairo_rectangle (cr, geometry->x + (c % level->n) * s + in + s / 24,
                       geometry->y + (c / level->n) * s + in + s / 24,
                       s - 2 * in - s / 12, s - 2 * in - s / 12);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

gboolean
pw_latin_edge_at (const PwLatinLevel *level,
                  const PwGeometry   *geometry,
                  double              px,
                  double              py,
                  guint              *a,
                  guint              *b)
{
  double s = geometry->cell;
  double fx = (px - geometry->x) / s, fy = (py - geometry->y) / s;
  guint n = level->n;
  double rx = fx - floor (fx + 0.5), ry = fy - floor (fy + 0.5);
  int x, y;

  if (fx < 0 || fy < 0 || fx >= n || fy >= n)
    return FALSE;
  /* near a vertical edge (between columns), away from the corners */
  if (fabs (rx) < 0.2 && fabs (ry) > 0.2)
    {
      x = (int) floor (fx + 0.5);
      y = (int) floor (fy);
      if (x < 1 || x >= (int) n)
        return FALSE;
      *a = y * n + x - 1;
      *b = y * n + x;
      return TRUE;
    }
  if (fabs (ry) < 0.2 && fabs (rx) > 0.2)
    {
      x = (int) floor (fx);
      y = (int) floor (fy + 0.5);
      if (y < 1 || y >= (int) n)
        return FALSE;
      *a = (y - 1) * n + x;
      *b = y * n + x;
      return TRUE;
    }
  return FALSE;
}
