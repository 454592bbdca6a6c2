/* freecell-view.c — how card deals are drawn
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grid is in card widths: the free cells at the top left, the four
 * foundations at the top right, the cascades below, each card lying a
 * strip lower than the one it covers, so that every card's rank and suit
 * stay readable. Suits are drawn as paths, not glyphs, so they look the
 * same with every font and at every size.
 */

#define G_LOG_DOMAIN "pw-freecell-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include "freecell-view.h"

#define CARD_WIDTH   0.9      /* of a column */
#define CARD_HEIGHT  1.26
#define TOP_ROW_Y    0.12
#define CASCADES_Y   1.6
#define STEP         0.3      /* a covered card's visible strip */
#define MIN_ROWS     6

void
pw_fc_decor_init (PwFcDecor *decor)
{
  memset (decor, 0, sizeof *decor);
  decor->selected_place = -1;
  decor->hint_from = decor->hint_to = -1;
  decor->drag_place = -1;
  decor->cursor = -1;
  for (int p = 0; p <= PW_FC_FOUNDATION; p++)
    decor->moves_left[p] = -1;
}

static int
top_columns (const PwFreecellLevel *level)
{
  /* free cells, a gap when there is room, four foundations */
  return level->free_cells + 4;
}

void
pw_freecell_get_grid (const PwFreecellLevel *level,
                      int                   *columns,
                      int                   *rows)
{
  int tallest = 1;

  for (int c = 0; c < level->n_cascades; c++)
    tallest = MAX (tallest, level->height[c]);
  *columns = MAX (MAX (level->n_cascades, top_columns (level)), 1);
  *rows = MAX (MIN_ROWS, (int) ceil (CASCADES_Y + STEP * (tallest - 1) + CARD_HEIGHT + 0.15));
}

static double
cascades_x (const PwFreecellLevel *level,
            int                    columns)
{
  return (columns - level->n_cascades) / 2.0;
}

void
pw_freecell_card_origin (const PwFreecellLevel *level,
                         const PwGeometry      *geometry,
                         int                    place,
                         int                    index,
                         double                *x,
                         double                *y)
{
  double s = geometry->cell, inset = (1 - CARD_WIDTH) / 2;

  if (place < PW_FC_MAX_CASCADES)
    {
      *x = geometry->x + (cascades_x (level, geometry->columns) + place + inset) * s;
      *y = geometry->y + (CASCADES_Y + STEP * index) * s;
    }
  else if (PW_FC_IS_CELL (place))
    {
      *x = geometry->x + (place - PW_FC_MAX_CASCADES + inset) * s;
      *y = geometry->y + TOP_ROW_Y * s;
    }
  else
    {
      /* foundations: index is the suit */
      *x = geometry->x + (geometry->columns - 4 + index + inset) * s;
      *y = geometry->y + TOP_ROW_Y * s;
    }
}

/* ------------------------------------------------------------------ */
/* Suits and cards                                                      */

static void
suit_path (cairo_t *cr,
           int      suit,
           double   cx,
           double   cy,
           double   size)
{
  double r = size / 2;

  cairo_new_sub_path (cr);
  switch (suit)
    {
    case 1: /* diamonds */
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + r * 0.72, cy);
      cairo_line_to (cr, cx, cy + r);
      cairo_line_to (cr, cx - r * 0.72, cy);
      cairo_close_path (cr);
      break;
    case 2: /* hearts */
      cairo_move_to (cr, cx, cy + r);
      cairo_curve_to (cr, cx - r * 1.3, cy - r * 0.1, cx - r * 0.7, cy - r * 1.2, cx,
                      cy - r * 0.45);
      cairo_curve_to (cr, cx + r * 0.7, cy - r * 1.2, cx + r * 1.3, cy - r * 0.1, cx, cy + r);
      cairo_close_path (cr);
      break;
    case 3: /* spades: a heart upside down on a stem */
      cairo_move_to (cr, cx, cy - r);
      cairo_curve_to (cr, cx - r * 1.3, cy + r * 0.05, cx - r * 0.7, cy + r * 0.95, cx,
                      cy + r * 0.35);
      cairo_curve_to (cr, cx + r * 0.7, cy + r * 0.95, cx + r * 1.3, cy + r * 0.05, cx, cy - r);
      cairo_close_path (cr);
      cairo_move_to (cr, cx, cy + r * 0.2);
      cairo_line_to (cr, cx + r * 0.35, cy + r);
      cairo_line_to (cr, cx - r * 0.35, cy + r);
      cairo_close_path (cr);
      break;
    default: /* clubs: three leaves on a stem */
      cairo_arc (cr, cx, cy - r * 0.45, r * 0.38, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx - r * 0.48, cy + r * 0.12, r * 0.38, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx + r * 0.48, cy + r * 0.12, r * 0.38, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, cx + r * 0.3, cy + r);
      cairo_line_to (cr, cx - r * 0.3, cy + r);
      cairo_close_path (cr);
      break;
    }
}

static void
ink (cairo_t           *cr,
     guint8             card,
     const PwViewStyle *style)
{
  if (PW_FC_RED (card))
    {
      if (style->dark)
        cairo_set_source_rgb (cr, 1.0, 0.48, 0.45);
      else
        cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
    }
  else if (style->dark)
    cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
}

void
pw_freecell_draw_card (cairo_t           *cr,
                       guint8             card,
                       double             x,
                       double             y,
                       double             w,
                       const PwViewStyle *style)
{
  double h = w / CARD_WIDTH * CARD_HEIGHT;
  double strip = w / CARD_WIDTH * STEP;
  double font = MIN (strip * 0.78, w * 0.34);
  static const char *ranks[] = { "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                 "J", "Q", "K" };
  cairo_text_extents_t extents;

  pw_rounded_rectangle (cr, x, y, w, h, w * 0.08);
  if (style->dark)
    cairo_set_source_rgb (cr, 0.22, 0.23, 0.25);
  else
    cairo_set_source_rgb (cr, 0.99, 0.99, 0.98);
  cairo_fill_preserve (cr);
  if (style->dark)
    cairo_set_source_rgb (cr, 0.55, 0.56, 0.6);
  else
    cairo_set_source_rgb (cr, 0.45, 0.45, 0.47);
  cairo_set_line_width (cr, MAX (1, w / 50));
  cairo_stroke (cr);

  if (card == 0 || PW_FC_RANK (card) < 1 || PW_FC_RANK (card) > 13)
    return;
  ink (cr, card, style);
  /* rank top left, suit top right: both in the strip a covering card
   * leaves visible */
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, font);
  cairo_text_extents (cr, ranks[PW_FC_RANK (card)], &extents);
  cairo_move_to (cr, x + w * 0.08 - extents.x_bearing,
                 y + (strip - extents.height) / 2 - extents.y_bearing);
  cairo_show_text (cr, ranks[PW_FC_RANK (card)]);
  suit_path (cr, PW_FC_SUIT (card), x + w - w * 0.08 - font * 0.42, y + strip / 2, font * 0.8);
  cairo_fill (cr);
  /* a large suit in the middle, seen on the top card */
  suit_path (cr, PW_FC_SUIT (card), x + w / 2, y + strip + (h - strip) / 2, w * 0.42);
  cairo_fill (cr);
}

static void
draw_slot (cairo_t           *cr,
           double             x,
           double             y,
           double             w,
           int                suit,
           const PwViewStyle *style)
{
  double h = w / CARD_WIDTH * CARD_HEIGHT;

  pw_rounded_rectangle (cr, x + 1, y + 1, w - 2, h - 2, w * 0.08);
  cairo_set_source_rgba (cr, style->outline.red, style->outline.green, style->outline.blue,
                         style->dark ? 0.5 : 0.35);
  cairo_set_line_width (cr, MAX (1, w / 40));
  cairo_stroke (cr);
  if (suit >= 0)
    {
      suit_path (cr, suit, x + w / 2, y + h / 2, w * 0.4);
      cairo_set_source_rgba (cr, style->outline.red, style->outline.green, style->outline.blue,
                             0.2);
      cairo_fill (cr);
    }
}

/* A ring around the card at (@x, @y) and all below it to @h high. */
static void
ring (cairo_t *cr,
      double   x,
      double   y,
      double   w,
      double   h,
      double   red,
      double   green,
      double   blue)
{
  pw_rounded_rectangle (cr, x - 2, y - 2, w + 4, h + 4, w * 0.1);
  cairo_set_source_rgb (cr, red, green, blue);
  cairo_set_line_width (cr, MAX (2, w / 18));
  cairo_stroke (cr);
}

/* Where a place's mark goes: its top card (the whole row for the
 * foundations), @w wide. */
static void
mark_origin (const PwFreecellLevel *level,
             const PwGeometry      *geometry,
             int                    place,
             double                *x,
             double                *y,
             double                *w)
{
  double s = geometry->cell;
  int index = 0;

  *w = s * CARD_WIDTH;
  if (place < PW_FC_MAX_CASCADES)
    index = level->height[place] > 0 ? level->height[place] - 1 : 0;
  if (place == PW_FC_FOUNDATION)
    {
      /* the whole foundation row */
      pw_freecell_card_origin (level, geometry, place, 0, x, y);
      *w = 4 * s - (s - *w);
    }
  else
    pw_freecell_card_origin (level, geometry, place, index, x, y);
}

static void
draw_mark (cairo_t               *cr,
           const PwFreecellLevel *level,
           const PwFcDecor       *decor,
           const PwGeometry      *geometry,
           int                    place)
{
  double s = geometry->cell, h = s * CARD_HEIGHT, x, y, w, cx, cy;

  if (decor->marks[place] == PW_FC_MARK_NONE)
    return;
  mark_origin (level, geometry, place, &x, &y, &w);
  cx = x + w / 2;
  cy = y + h / 2;

  switch (decor->marks[place])
    {
    case PW_FC_MARK_WINNABLE:
      ring (cr, x, y, w, h, 0.18, 0.65, 0.3);
      break;
    case PW_FC_MARK_DEAD:
      ring (cr, x, y, w, h, 0.85, 0.15, 0.15);
      cairo_set_source_rgba (cr, 0.85, 0.15, 0.15, 0.85);
      cairo_set_line_width (cr, MAX (2, s / 14));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, cx - s * 0.2, cy - s * 0.2);
      cairo_line_to (cr, cx + s * 0.2, cy + s * 0.2);
      cairo_move_to (cr, cx + s * 0.2, cy - s * 0.2);
      cairo_line_to (cr, cx - s * 0.2, cy + s * 0.2);
      cairo_stroke (cr);
      break;
    case PW_FC_MARK_UNKNOWN:
      ring (cr, x, y, w, h, 0.55, 0.55, 0.6);
      break;
    default:
      break;
    }
}

/* The moves left after a winnable move, on a pill at the bottom of the
 * place's top card and inside its width, so that neighbours' pills and
 * rings (drawn before every pill) never cover it; a long number gets a
 * smaller type. */
static void
draw_moves_left (cairo_t               *cr,
                 const PwFreecellLevel *level,
                 const PwFcDecor       *decor,
                 const PwGeometry      *geometry,
                 int                    place)
{
  double s = geometry->cell, h = s * CARD_HEIGHT, x, y, w, r, half, size;
  g_autofree char *text = NULL;
  cairo_text_extents_t extents;

  if (decor->marks[place] != PW_FC_MARK_WINNABLE || decor->moves_left[place] < 0)
    return;
  mark_origin (level, geometry, place, &x, &y, &w);
  if (place == PW_FC_FOUNDATION)
    w = s * CARD_WIDTH;  /* on the first foundation, as a card's */
  text = g_strdup_printf ("%d", decor->moves_left[place]);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  r = s * 0.2;
  size = r;
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  /* the pill (the number with a margin of 0.35 r each side) fits the card */
  if (extents.width + 0.7 * r > w - 2)
    {
      size *= (w - 2 - 0.7 * r) / extents.width;
      cairo_set_font_size (cr, size);
      cairo_text_extents (cr, text, &extents);
    }
  half = MAX (0, extents.width / 2 + r * 0.35 - r);
  cairo_new_path (cr);
  cairo_arc (cr, x + w / 2 - half, y + h - r, r, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, x + w / 2 + half, y + h - r, r, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 0.18, 0.65, 0.3);
  cairo_fill (cr);
  cairo_move_to (cr, x + w / 2 - extents.width / 2 - extents.x_bearing,
                 y + h - r - extents.height / 2 - extents.y_bearing);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_show_text (cr, text);
}

/* The extent of the pill draw_moves_left draws for @place, for tests:
 * FALSE when it draws none. */
gboolean
pw_freecell_moves_left_extent (const PwFreecellLevel *level,
                               const PwFcDecor       *decor,
                               const PwGeometry      *geometry,
                               int                    place,
                               double                *left,
                               double                *right)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double x1, y1, x2, y2;

  if (decor->marks[place] != PW_FC_MARK_WINNABLE || decor->moves_left[place] < 0)
    return FALSE;
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  draw_moves_left (cr, level, decor, geometry, place);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (surface, &x1, &y1, &x2, &y2);
  cairo_surface_destroy (surface);
  *left = x1;
  *right = x1 + x2;
  return TRUE;
}

static void
hatch (cairo_t          *cr,
       const PwGeometry *geometry)
{
  double w = geometry->columns * geometry->cell, h = geometry->rows * geometry->cell;
  double gap = MAX (8, geometry->cell / 4);

  cairo_save (cr);
  cairo_rectangle (cr, geometry->x, geometry->y, w, h);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.12);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.25);
  cairo_set_line_width (cr, MAX (1.5, gap / 5));
  for (double d = -h; d < w; d += gap)
    {
      cairo_move_to (cr, geometry->x + d, geometry->y + h);
      cairo_line_to (cr, geometry->x + d + h, geometry->y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
pw_freecell_draw (const PwFreecellLevel *level,
                  const PwFcDecor       *decor,
                  cairo_t               *cr,
                  const PwGeometry      *geometry,
                  const PwViewStyle     *style)
{
  PwFcDecor none;
  double s = geometry->cell, w = s * CARD_WIDTH, h = s * CARD_HEIGHT, x, y;

  if (decor == NULL)
    {
      pw_fc_decor_init (&none);
      decor = &none;
    }
  if (decor->dead)
    hatch (cr, geometry);

  /* free cells and foundations */
  for (int i = 0; i < level->free_cells; i++)
    {
      guint8 card = level->in_play ? level->cells[i] : 0;
      int place = PW_FC_CELL (i);
      gboolean dragged = decor->drag_place == place;

      pw_freecell_card_origin (level, geometry, place, 0, &x, &y);
      draw_slot (cr, x, y, w, -1, style);
      if (card != 0 && !dragged)
        pw_freecell_draw_card (cr, card, x, y, w, style);
      if (decor->selected_place == place)
        ring (cr, x, y, w, h, 0.2, 0.45, 0.9);
      if (decor->hint_from == place)
        ring (cr, x, y, w, h, 0.95, 0.7, 0.1);
    }
  for (int suit = 0; suit < 4; suit++)
    {
      int up = level->in_play ? level->foundation[suit] : 0;

      pw_freecell_card_origin (level, geometry, PW_FC_FOUNDATION, suit, &x, &y);
      draw_slot (cr, x, y, w, suit, style);
      if (up > 0)
        pw_freecell_draw_card (cr, PW_FC_CARD (up, suit), x, y, w, style);
    }

  /* cascades */
  for (int c = 0; c < level->n_cascades; c++)
    {
      int shown = level->height[c];

      if (decor->drag_place == c)
        shown -= decor->drag_count;
      pw_freecell_card_origin (level, geometry, c, 0, &x, &y);
      draw_slot (cr, x, y, w, -1, style);
      for (int i = 0; i < level->height[c]; i++)
        {
          if (decor->drag_place == c &&
              (decor->drag_index >= 0 ? i == decor->drag_index : i >= shown))
            continue;
          pw_freecell_card_origin (level, geometry, c, i, &x, &y);
          pw_freecell_draw_card (cr, level->cards[c][i], x, y, w, style);
          if (decor->problems[c] & (G_GUINT64_CONSTANT (1) << MIN (i, 63)))
            ring (cr, x, y, w, h, 0.9, 0.1, 0.1);
        }
      if (decor->selected_place == c && decor->selected_count > 0 && level->height[c] > 0)
        {
          int first = MAX (level->height[c] - decor->selected_count, 0);

          pw_freecell_card_origin (level, geometry, c, first, &x, &y);
          ring (cr, x, y, w, h + STEP * s * (level->height[c] - 1 - first), 0.2, 0.45, 0.9);
        }
      if (decor->hint_from == c && level->height[c] > 0)
        {
          pw_freecell_card_origin (level, geometry, c, level->height[c] - 1, &x, &y);
          ring (cr, x, y, w, h, 0.95, 0.7, 0.1);
        }
    }
  if (decor->hint_to >= 0)
    {
      int index = decor->hint_to < PW_FC_MAX_CASCADES ? MAX (level->height[decor->hint_to] - 1, 0)
                                                      : 0;

      pw_freecell_card_origin (level, geometry, decor->hint_to, index, &x, &y);
      if (decor->hint_to == PW_FC_FOUNDATION)
        w = 4 * s - (s - w);
      cairo_set_dash (cr, (double[]) { s / 10, s / 14 }, 2, 0);
      ring (cr, x, y, w, h, 0.95, 0.7, 0.1);
      cairo_set_dash (cr, NULL, 0, 0);
      w = s * CARD_WIDTH;
    }
  for (int p = 0; p <= PW_FC_FOUNDATION; p++)
    draw_mark (cr, level, decor, geometry, p);
  /* the counts over every ring */
  for (int p = 0; p <= PW_FC_FOUNDATION; p++)
    draw_moves_left (cr, level, decor, geometry, p);

  /* the keyboard's cursor: a dashed frame around the whole place */
  if (decor->cursor >= 0)
    {
      double top = 0;

      pw_freecell_card_origin (level, geometry, decor->cursor, 0, &x, &y);
      if (decor->cursor < PW_FC_MAX_CASCADES && level->height[decor->cursor] > 1)
        top = (level->height[decor->cursor] - 1) * STEP * s;
      if (decor->cursor == PW_FC_FOUNDATION)
        w = 4 * s - (s - w);
      pw_rounded_rectangle (cr, x - 5, y - 5, w + 10, h + top + 10, w * 0.12);
      cairo_set_dash (cr, (double[]) { s / 12, s / 16 }, 2, 0);
      if (style->dark)
        cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
      else
        cairo_set_source_rgb (cr, 0.15, 0.15, 0.2);
      cairo_set_line_width (cr, MAX (1.5, s / 30));
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      w = s * CARD_WIDTH;
    }

  /* what is being dragged, over everything */
  if (decor->drag_place >= 0)
    {
      if (decor->drag_index >= 0 && decor->drag_place < PW_FC_MAX_CASCADES)
        pw_freecell_draw_card (cr, level->cards[decor->drag_place][decor->drag_index],
                               decor->drag_x, decor->drag_y, w, style);
      else if (decor->drag_place < PW_FC_MAX_CASCADES)
        for (int k = 0; k < decor->drag_count; k++)
          {
            int i = level->height[decor->drag_place] - decor->drag_count + k;

            if (i < 0)
              continue;  /* the cascade changed under the drag */

            pw_freecell_draw_card (cr, level->cards[decor->drag_place][i], decor->drag_x,
                                   decor->drag_y + k * STEP * s, w, style);
          }
      else if (PW_FC_IS_CELL (decor->drag_place) && level->in_play)
        pw_freecell_draw_card (cr, level->cells[decor->drag_place - PW_FC_MAX_CASCADES],
                               decor->drag_x, decor->drag_y, w, style);
    }
}

gboolean
pw_freecell_hit (const PwFreecellLevel *level,
                 const PwGeometry      *geometry,
                 double                 px,
                 double                 py,
                 int                   *place,
                 int                   *index)
{
  double gx = (px - geometry->x) / geometry->cell;
  double gy = (py - geometry->y) / geometry->cell;

  *index = 0;
  if (gx < 0 || gy < 0 || gx >= geometry->columns || gy >= geometry->rows)
    return FALSE;
  if (gy < CASCADES_Y - 0.1)
    {
      int column = (int) gx;

      if (column < level->free_cells)
        {
          *place = PW_FC_CELL (column);
          return TRUE;
        }
      if (column >= geometry->columns - 4)
        {
          *place = PW_FC_FOUNDATION;
          *index = column - (geometry->columns - 4);
          return TRUE;
        }
      return FALSE;
    }
  gx -= cascades_x (level, geometry->columns);
  if (gx < 0 || gx >= level->n_cascades)
    return FALSE;
  *place = (int) gx;
  {
    int h = level->height[*place];
    int i = (int) floor ((gy - CASCADES_Y) / STEP);

    if (h == 0)
      *index = 0;
    else if (i >= h - 1)
      /* on the top card, or below the cascade */
      *index = gy - CASCADES_Y - STEP * (h - 1) < CARD_HEIGHT ? h - 1 : h;
    else
      *index = MAX (i, 0);
  }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The view table                                                       */

static void
freecell_get_grid (gconstpointer data,
                   int          *columns,
                   int          *rows)
{
  pw_freecell_get_grid (data, columns, rows);
}

static void
freecell_draw (gconstpointer      data,
               cairo_t           *cr,
               const PwGeometry  *geometry,
               const PwViewStyle *style)
{
  pw_freecell_draw (data, NULL, cr, geometry, style);
}

/* Print: the deal, and under it the analysis's solution in the standard
 * notation (source then destination: cascades 1–8, free cells a–d, h the
 * foundations), numbered. */
static gboolean
freecell_draw_solution (gconstpointer      data,
                        JsonObject        *figures,
                        cairo_t           *cr,
                        const PwGeometry  *geometry,
                        const PwViewStyle *style)
{
  JsonNode *node = figures != NULL ? json_object_get_member (figures, "solution") : NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) moves = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  text = g_strdup (json_node_get_string (node));
  moves = g_strsplit_set (g_strstrip (text), " ", -1);
  pw_kind_view_paint_moves (data, freecell_draw, (const char * const *) moves, cr, geometry,
                            style);
  return TRUE;
}

const PwKindView pw_freecell_view = {
  .kind_id = "freecell",
  .get_grid = freecell_get_grid,
  .draw = freecell_draw,
  .draw_solution = freecell_draw_solution,
};
