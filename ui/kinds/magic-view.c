/* magic-view.c — the view table of the magic kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn here (cairo only: screen, PNG, print) with every line's sum
 * beside it: the rows' on the right, the columns' below, the main
 * diagonal's at the bottom right and the other diagonal's at the top
 * right. Edited and played on the cell board (pw-cell-board.c): click a
 * cell, or move with the arrow keys, and type its value (several digits
 * typed quickly make one number); the size in the bar. A line's sum is
 * red once it is over the magic sum, or full and not it; two equal
 * values are red in play. The hint is the plainest step there is: a
 * line with one blank cell left takes what its sum lacks.
 */

#define G_LOG_DOMAIN "pw-magic-view"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "magic-private.h"
#include "magic-view.h"
#include "pw-cell-view.h"

/* The lines: rows 0..n-1, columns n..2n-1, the main diagonal 2n, the
 * other diagonal 2n+1. */
static guint
n_lines (guint n)
{
  return 2 * n + 2;
}

static guint
line_cell (guint n,
           guint line,
           guint i)
{
  if (line < n)
    return line * n + i;
  if (line < 2 * n)
    return i * n + line - n;
  if (line == 2 * n)
    return i * n + i;
  return (n - 1 - i) * n + i;
}

static void
magic_get_cells (gconstpointer data,
                 int          *x,
                 int          *y,
                 int          *width,
                 int          *height)
{
  const PwMagicLevel *level = data;

  *x = 0;
  *y = 1;
  *width = *height = level->n;
}

/* A row above for the other diagonal's sum, a column right and a row
 * below for the lines' sums. */
static void
magic_get_grid (gconstpointer data,
                int          *columns,
                int          *rows)
{
  const PwMagicLevel *level = data;

  *columns = level->n + 1;
  *rows = level->n + 2;
}

/* The values on the board: the givens, and the entries in play. */
static guint
value_at (const PwMagicLevel *level,
          const int          *position,
          guint               cell)
{
  if (level->givens[cell] != 0)
    return level->givens[cell];
  return position != NULL ? (guint) position[cell] : 0;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

static void
magic_paint (gconstpointer           data,
             const PwCellPaintState *state,
             cairo_t                *cr,
             const PwGeometry       *g,
             const PwViewStyle      *style)
{
  const PwMagicLevel *level = data;
  guint n = level->n, target = _pw_magic_sum (n);
  double s = g->cell, x0 = g->x, y0 = g->y + s;
  const int *position = state != NULL ? state->position : NULL;
  g_autofree int *ghost = NULL;
  double size = s * (n * n >= 100 ? 0.4 : n * n >= 10 ? 0.48 : 0.56);

  if (state != NULL && state->figures != NULL &&
      json_object_get_boolean_member_with_default (state->figures, "unique", FALSE))
    ghost = pw_cell_grid_figure (state->figures, "solution", n, n);

  for (guint c = 0; c < n * n; c++)
    {
      double px = x0 + (c % n) * s, py = y0 + (c / n) * s;
      g_autofree char *text = NULL;

      pw_colour_set (cr, ((c % n) + (c / n)) % 2 ? &style->floor_alternate : &style->floor);
      cairo_rectangle (cr, px, py, s, s);
      cairo_fill (cr);
      if (level->givens[c] != 0)
        {
          text = g_strdup_printf ("%u", level->givens[c]);
          pw_cell_draw_text (cr, style, text, px + s / 2, py + s / 2, size, TRUE, 0.95);
        }
      else if (position != NULL && position[c] != 0)
        {
          text = g_strdup_printf ("%d", position[c]);
          cairo_set_source_rgba (cr, 0.2, 0.42, 0.85, 1);
          pw_cell_draw_text (cr, NULL, text, px + s / 2, py + s / 2, size, FALSE, 1);
        }
      else if (ghost != NULL)
        {
          text = g_strdup_printf ("%d", ghost[c]);
          pw_cell_draw_text (cr, style, text, px + s / 2, py + s / 2, size, FALSE, 0.25);
        }
    }

  /* the lines' sums: grey while open, ink when right, red when wrong */
  for (guint l = 0; l < n_lines (n); l++)
    {
      guint sum = 0, blank = 0;
      g_autofree char *text = NULL;
      double cx, cy;

      for (guint i = 0; i < n; i++)
        {
          guint v = value_at (level, position, line_cell (n, l, i));

          sum += v;
          blank += v == 0;
        }
      if (l < n)
        cx = x0 + n * s + s / 2, cy = y0 + l * s + s / 2;
      else if (l < 2 * n)
        cx = x0 + (l - n) * s + s / 2, cy = y0 + n * s + s / 2;
      else if (l == 2 * n)
        cx = x0 + n * s + s / 2, cy = y0 + n * s + s / 2;
      else
        cx = x0 + n * s + s / 2, cy = y0 - s / 2;
      if (sum > target || (blank == 0 && sum != target))
        cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 1);
      else
        pw_cell_set_ink (cr, style, blank == 0 ? 0.9 : 0.4);
      text = g_strdup_printf ("%u", sum);
      pw_cell_draw_text (cr, NULL, text, cx, cy, s * 0.36, blank == 0, 1);
    }
  /* the diagonals' sums marked with their direction */
  pw_cell_set_ink (cr, style, 0.3);
  cairo_set_line_width (cr, MAX (1, s / 30));
  cairo_move_to (cr, x0 + n * s + s * 0.1, y0 + n * s + s * 0.1);
  cairo_line_to (cr, x0 + n * s + s * 0.25, y0 + n * s + s * 0.25);
  cairo_move_to (cr, x0 + n * s + s * 0.1, y0 - s * 0.1);
  cairo_line_to (cr, x0 + n * s + s * 0.25, y0 - s * 0.25);
  cairo_stroke (cr);

  /* the grid */
  pw_cell_set_ink (cr, style, 0.35);
  cairo_set_line_width (cr, MAX (1, s / 40));
  for (guint i = 1; i < n; i++)
    {
      cairo_move_to (cr, x0 + i * s, y0);
      cairo_line_to (cr, x0 + i * s, y0 + n * s);
      cairo_move_to (cr, x0, y0 + i * s);
      cairo_line_to (cr, x0 + n * s, y0 + i * s);
    }
  cairo_stroke (cr);
  pw_cell_set_ink (cr, style, 0.9);
  cairo_set_line_width (cr, MAX (2, s / 14));
  cairo_rectangle (cr, x0, y0, n * s, n * s);
  cairo_stroke (cr);
}

static void
magic_draw (gconstpointer      data,
            cairo_t           *cr,
            const PwGeometry  *geometry,
            const PwViewStyle *style)
{
  magic_paint (data, NULL, cr, geometry, style);
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

static guint
magic_max_value (gconstpointer data)
{
  const PwMagicLevel *level = data;

  return MIN (level->n * level->n, 255);
}

static gpointer
magic_type_value (gconstpointer data,
                  guint         cell,
                  guint         value)
{
  const PwMagicLevel *level = data;
  PwMagicLevel *copy;

  if (cell >= level->n * level->n || level->givens[cell] == value ||
      value > magic_max_value (data))
    return NULL;
  copy = _pw_magic_level_copy (level);
  copy->givens[cell] = value;
  return copy;
}

static int
get_size (gconstpointer data)
{
  return ((const PwMagicLevel *) data)->n;
}

/* The givens that fit stay at the top left (those too large for the new
 * square go). */
static gpointer
set_size (gconstpointer data,
          int           n)
{
  const PwMagicLevel *level = data;
  PwMagicLevel *copy;

  if ((guint) n == level->n || n < PW_MAGIC_MIN_N || n > PW_MAGIC_MAX_N)
    return NULL;
  copy = _pw_magic_level_new (n);
  for (guint y = 0; y < MIN ((guint) n, level->n); y++)
    for (guint x = 0; x < MIN ((guint) n, level->n); x++)
      {
        guint v = level->givens[y * level->n + x];

        copy->givens[y * n + x] = v <= (guint) (n * n) ? v : 0;
      }
  return copy;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static int
magic_fixed (gconstpointer data,
             guint         cell)
{
  const PwMagicLevel *level = data;

  return level->givens[cell] != 0 ? level->givens[cell] : -1;
}

/* The pointer selects; values are typed. */
static int
magic_play_press (gconstpointer data,
                  const int    *position,
                  guint         cell,
                  guint         button)
{
  return -1;
}

/* Equal values, and the cells of a line over the sum or full and not it. */
static void
magic_conflicts (gconstpointer data,
                 const int    *position,
                 guint8       *marks)
{
  const PwMagicLevel *level = data;
  guint n = level->n, target = _pw_magic_sum (n);
  g_autofree int *first = g_new (int, n * n + 1);

  for (guint v = 0; v <= n * n; v++)
    first[v] = -1;
  for (guint c = 0; c < n * n; c++)
    {
      guint v = value_at (level, position, c);

      if (v == 0 || v > n * n)
        continue;
      if (first[v] >= 0)
        {
          marks[c] |= PW_CELL_MARK_CONFLICT;
          marks[first[v]] |= PW_CELL_MARK_CONFLICT;
        }
      else
        first[v] = c;
    }
  for (guint l = 0; l < n_lines (n); l++)
    {
      guint sum = 0, blank = 0;

      for (guint i = 0; i < n; i++)
        {
          guint v = value_at (level, position, line_cell (n, l, i));

          sum += v;
          blank += v == 0;
        }
      if (sum > target || (blank == 0 && sum != target))
        for (guint i = 0; i < n; i++)
          if (value_at (level, position, line_cell (n, l, i)) != 0)
            marks[line_cell (n, l, i)] |= PW_CELL_MARK_CONFLICT;
    }
}

static gboolean
magic_solved (gconstpointer data,
              const int    *position)
{
  const PwMagicLevel *level = data;
  guint n = level->n, target = _pw_magic_sum (n);
  g_autofree guint8 *seen = g_new0 (guint8, n * n + 1);

  for (guint c = 0; c < n * n; c++)
    {
      guint v = value_at (level, position, c);

      if (v == 0 || v > n * n || seen[v])
        return FALSE;
      seen[v] = 1;
    }
  for (guint l = 0; l < n_lines (n); l++)
    {
      guint sum = 0;

      for (guint i = 0; i < n; i++)
        sum += value_at (level, position, line_cell (n, l, i));
      if (sum != target)
        return FALSE;
    }
  return TRUE;
}

static int *
magic_solution (gconstpointer data,
                JsonObject   *figures)
{
  const PwMagicLevel *level = data;

  return pw_cell_grid_figure (figures, "solution", level->n, level->n);
}

static char *
line_name (guint n,
           guint line)
{
  if (line < n)
    /* Translators: a line of a magic square */
    return g_strdup_printf (_("row %u"), line + 1);
  if (line < 2 * n)
    /* Translators: a line of a magic square */
    return g_strdup_printf (_("column %u"), line - n + 1);
  if (line == 2 * n)
    return g_strdup (_("the main diagonal"));
  return g_strdup (_("the other diagonal"));
}

/* The first line (rows, columns, diagonals) with one blank cell left:
 * it takes what the line's sum lacks (an error when that value cannot
 * be: too small, too large, or on the board already). */
static PwCellHint *
magic_hint (gconstpointer data,
            const int    *position,
            GError      **error)
{
  const PwMagicLevel *level = data;
  guint n = level->n, target = _pw_magic_sum (n);
  g_autofree guint8 *seen = g_new0 (guint8, n * n + 1);

  for (guint c = 0; c < n * n; c++)
    {
      guint v = value_at (level, position, c);

      if (v != 0 && v <= n * n)
        seen[v] = 1;
    }
  for (guint l = 0; l < n_lines (n); l++)
    {
      guint sum = 0, blank = 0, cell = 0;
      g_autofree char *name = NULL;
      g_autofree char *sentence = NULL;
      PwCellHint *hint;
      int lacks;

      for (guint i = 0; i < n; i++)
        {
          guint v = value_at (level, position, line_cell (n, l, i));

          sum += v;
          if (v == 0)
            {
              blank++;
              cell = line_cell (n, l, i);
            }
        }
      if (blank != 1)
        continue;
      name = line_name (n, l);
      lacks = (int) target - (int) sum;
      if (lacks < 1 || lacks > (int) (n * n) || seen[lacks])
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       /* Translators: a magic square hint; %s is "row 2" */
                       _("%s lacks %d, which no cell can take."), name, lacks);
          return NULL;
        }
      /* Translators: a magic square hint; "row 2", the magic sum, the
       * sum so far, the value */
      sentence = g_strdup_printf (_("Last cell of a line: %s has one blank cell left, so it "
                                    "takes %u − %u = %d."), name, target, sum, lacks);
      hint = pw_cell_hint_new (sentence);
      for (guint i = 0; i < n; i++)
        {
          guint c = line_cell (n, l, i);

          if (c != cell)
            g_array_append_val (hint->pattern, c);
        }
      pw_cell_hint_add (hint, cell, lacks);
      return hint;
    }
  return NULL;
}

static char *
magic_play_status (gconstpointer data,
                   const int    *position)
{
  const PwMagicLevel *level = data;
  guint filled = 0, n = level->n;

  for (guint c = 0; c < n * n; c++)
    filled += value_at (level, position, c) != 0;
  /* Translators: play mode of a magic square: cells filled, cells, the
   * magic sum */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u of %u cell filled; every line sums to %u.",
                                       "%u of %u cells filled; every line sums to %u.", n * n),
                          filled, n * n, _pw_magic_sum (n));
}

/* ------------------------------------------------------------------ */
/* The tables                                                           */

static const PwCellSetting magic_settings[] = {
  { N_("_Size"), N_("Cells a side: the values are 1 to its square"), N_("Change the size"),
    FALSE, PW_MAGIC_MIN_N, PW_MAGIC_MAX_N, get_size, set_size },
};

static const PwCellFigureMark magic_figure_marks[] = {
  { "conflicts", PW_CELL_MARK_CONFLICT },
};

static const PwCellView magic_cells = {
  .get_cells = magic_get_cells,
  .paint = magic_paint,
  .edit_help = N_("Click a cell and type a given (Backspace clears it). The lines' sums are "
                  "beside them."),
  .settings = magic_settings,
  .n_settings = G_N_ELEMENTS (magic_settings),
  .max_value = magic_max_value,
  .type_value = magic_type_value,
  .figure_marks = magic_figure_marks,
  .n_figure_marks = G_N_ELEMENTS (magic_figure_marks),
  .play_help = N_("Click a cell and type its value; Backspace clears it."),
  .fixed = magic_fixed,
  .play_press = magic_play_press,
  .solved = magic_solved,
  .conflicts = magic_conflicts,
  .solution = magic_solution,
  .solution_quiet = -1,
  .hint = magic_hint,
  .play_status = magic_play_status,
};

/* Print: the level solved, as play shows it (pw_cell_paint_solution). */
static gboolean
magic_draw_solution (gconstpointer      data,
                     JsonObject        *figures,
                     cairo_t           *cr,
                     const PwGeometry  *geometry,
                     const PwViewStyle *style)
{
  return pw_cell_paint_solution (&magic_cells, data, figures, cr, geometry, style);
}

const PwKindView pw_magic_view = {
  .kind_id = "magic",
  .get_grid = magic_get_grid,
  .draw = magic_draw,
  .cell_board = &magic_cells,
  .draw_solution = magic_draw_solution,
};
