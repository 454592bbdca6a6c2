/* nonogram-view.c — the view table of the nonogram kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn here (cairo only: screen, PNG, print) with the clues left of the
 * rows and above the columns, and edited and played on the cell board
 * (pw-cell-board.c). Editing: paint the picture (press and drag; the
 * right button paints white) and the clues follow; or click beside a
 * line and type its clues ("3 1 2"), which makes the level a clues-only
 * puzzle whose picture is what the analysis finds; painting a clues-only
 * level starts again from its one solution. The cells line logic cannot
 * decide are hatched, the cells where two solutions differ amber. Play:
 * fill cells black, cross out white ones (right button), drag to do
 * many; the clues of a line the entries contradict turn red, those of a
 * line that is done grey; hints are the line solver's next step.
 */

#define G_LOG_DOMAIN "pw-nonogram-view"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "nonogram-private.h"
#include "nonogram-view.h"
#include "pw-cell-view.h"

/* Play entries. */
enum
{
  ENTRY_EMPTY = 0,
  ENTRY_BLACK = 1,
  ENTRY_CROSS = 2,  /* white: no block here */
};

/* The space the clues take: room for the longest line's clues, and at
 * least a third of the lines' length, so that the board seldom moves
 * while the picture is painted. */
static void
clue_space (const PwNonogramLevel *level,
            const PwNonoClues     *clues,
            guint                 *left,
            guint                 *top)
{
  *left = MAX (1, (level->width + 2) / 3);
  *top = MAX (1, (level->height + 2) / 3);
  for (guint l = 0; l < clues->n_lines; l++)
    {
      guint k = _pw_nono_clues_count (clues, l);

      if (l < level->height)
        *left = MAX (*left, k);
      else
        *top = MAX (*top, k);
    }
}

static void
nonogram_get_cells (gconstpointer data,
                    int          *x,
                    int          *y,
                    int          *width,
                    int          *height)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  guint left, top;

  clue_space (level, clues, &left, &top);
  *x = left;
  *y = top;
  *width = level->width;
  *height = level->height;
}

static void
nonogram_get_grid (gconstpointer data,
                   int          *columns,
                   int          *rows)
{
  int x, y, w, h;

  nonogram_get_cells (data, &x, &y, &w, &h);
  *columns = x + w;
  *rows = y + h;
}

/* ------------------------------------------------------------------ */
/* Lines                                                                */

static guint
line_length (const PwNonogramLevel *level,
             guint                  line)
{
  return line < level->height ? level->width : level->height;
}

/* The cell of a line's @i-th place. */
static guint
line_cell (const PwNonogramLevel *level,
           guint                  line,
           guint                  i)
{
  return line < level->height ? line * level->width + i : i * level->width + line - level->height;
}

/* The line state of @position (PW_NONO_* sets per cell). */
static void
line_states (const PwNonogramLevel *level,
             const int             *position,
             guint                  line,
             guint8                *cells)
{
  for (guint i = 0; i < line_length (level, line); i++)
    {
      int entry = position[line_cell (level, line, i)];

      cells[i] = entry == ENTRY_BLACK ? PW_NONO_BLACK
                 : entry == ENTRY_CROSS ? PW_NONO_WHITE : PW_NONO_UNKNOWN;
    }
}

/* Whether the line's black entries are exactly its clue's blocks. */
static gboolean
line_done (const PwNonogramLevel *level,
           const PwNonoClues     *clues,
           const int             *position,
           guint                  line)
{
  guint n = line_length (level, line), k = 0;
  g_autofree guint8 *black = g_new (guint8, n);
  g_autofree guint8 *runs = g_new (guint8, (n + 1) / 2 + 1);

  for (guint i = 0; i < n; i++)
    black[i] = position[line_cell (level, line, i)] == ENTRY_BLACK;
  k = _pw_nono_line_runs (black, n, 1, runs);
  return k == _pw_nono_clues_count (clues, line) &&
         memcmp (runs, _pw_nono_clues_line (clues, line), k) == 0;
}

/* Whether no placement of the line's blocks agrees with the entries. */
static gboolean
line_broken (const PwNonogramLevel *level,
             const PwNonoClues     *clues,
             const int             *position,
             guint                  line,
             PwNonoLineWork        *work)
{
  guint n = line_length (level, line);
  g_autofree guint8 *cells = g_new (guint8, n);

  line_states (level, position, line, cells);
  return !_pw_nono_line_solve (_pw_nono_clues_line (clues, line),
                               _pw_nono_clues_count (clues, line), cells, n, work);
}

static PwNonoLineWork *
line_work (const PwNonogramLevel *level)
{
  guint n = MAX (level->width, level->height);

  return _pw_nono_line_work_new (n, (n + 1) / 2 + 1);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

static void
nonogram_paint (gconstpointer           data,
                const PwCellPaintState *state,
                cairo_t                *cr,
                const PwGeometry       *g,
                const PwViewStyle      *style)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_autoptr(PwNonoLineWork) work = NULL;
  guint w = level->width, h = level->height, left, top;
  double s = g->cell, x0, y0;
  const int *position = state != NULL ? state->position : NULL;
  g_autofree int *ghost = NULL;

  clue_space (level, clues, &left, &top);
  x0 = g->x + left * s;
  y0 = g->y + top * s;

  /* editing a clues-only level: its one solution, faintly */
  if (level->grid == NULL && state != NULL && state->figures != NULL &&
      json_object_get_boolean_member_with_default (state->figures, "unique", FALSE))
    ghost = pw_cell_grid_figure (state->figures, "solution", w, h);

  /* the clue bands */
  pw_colour_set (cr, &style->floor_alternate);
  cairo_rectangle (cr, g->x, y0, left * s, h * s);
  cairo_rectangle (cr, x0, g->y, w * s, top * s);
  cairo_fill (cr);

  /* the cells */
  for (guint c = 0; c < w * h; c++)
    {
      double px = x0 + (c % w) * s, py = y0 + (c / w) * s;
      int entry = position != NULL ? position[c] : level->grid != NULL ? level->grid[c] : 0;

      pw_colour_set (cr, &style->floor);
      cairo_rectangle (cr, px, py, s, s);
      cairo_fill (cr);
      if (entry == ENTRY_BLACK)
        {
          pw_cell_set_ink (cr, style, 0.88);
          cairo_rectangle (cr, px, py, s, s);
          cairo_fill (cr);
        }
      else if (entry == ENTRY_CROSS)
        {
          pw_cell_set_ink (cr, style, 0.45);
          cairo_set_line_width (cr, MAX (1, s / 16));
          cairo_move_to (cr, px + s * 0.3, py + s * 0.3);
          cairo_line_to (cr, px + s * 0.7, py + s * 0.7);
          cairo_move_to (cr, px + s * 0.7, py + s * 0.3);
          cairo_line_to (cr, px + s * 0.3, py + s * 0.7);
          cairo_stroke (cr);
        }
      else if (ghost != NULL && ghost[c] == 1)
        {
          pw_cell_set_ink (cr, style, 0.18);
          cairo_rectangle (cr, px, py, s, s);
          cairo_fill (cr);
        }
    }

  /* the clues, right against the grid; red for a line the entries
   * contradict, grey for one that is done */
  if (position != NULL && state->conflicts)
    work = line_work (level);
  for (guint l = 0; l < clues->n_lines; l++)
    {
      const guint8 *clue = _pw_nono_clues_line (clues, l);
      guint k = _pw_nono_clues_count (clues, l);
      gboolean row = l < h;
      double alpha = 0.9;

      if (position != NULL && line_done (level, clues, position, l))
        alpha = 0.35;
      if (work != NULL && line_broken (level, clues, position, l, work))
        cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 1);
      else
        pw_cell_set_ink (cr, style, alpha);
      /* the j-th of k clues sits k - j places from the grid; "0" for none */
      for (guint j = 0; j < MAX (k, 1); j++)
        {
          g_autofree char *text = g_strdup_printf ("%u", k > 0 ? clue[j] : 0);
          double back = MAX (k, 1) - j, cx, cy;

          if (row)
            {
              cx = x0 - back * s + s / 2;
              cy = y0 + l * s + s / 2;
            }
          else
            {
              cx = x0 + (l - h) * s + s / 2;
              cy = y0 - back * s + s / 2;
            }
          pw_cell_draw_text (cr, NULL, text, cx, cy, s * (strlen (text) > 1 ? 0.48 : 0.58),
                             TRUE, 1);
        }
    }

  /* lines: thin between cells, thicker every five, thick round the grid */
  pw_cell_set_ink (cr, style, 0.3);
  cairo_set_line_width (cr, MAX (1, s / 40));
  for (guint x = 1; x < w; x++)
    if (x % 5 != 0)
      {
        cairo_move_to (cr, x0 + x * s, g->y);
        cairo_line_to (cr, x0 + x * s, y0 + h * s);
      }
  for (guint y = 1; y < h; y++)
    if (y % 5 != 0)
      {
        cairo_move_to (cr, g->x, y0 + y * s);
        cairo_line_to (cr, x0 + w * s, y0 + y * s);
      }
  cairo_stroke (cr);
  pw_cell_set_ink (cr, style, 0.75);
  cairo_set_line_width (cr, MAX (1.5, s / 16));
  for (guint x = 5; x < w; x += 5)
    {
      cairo_move_to (cr, x0 + x * s, g->y);
      cairo_line_to (cr, x0 + x * s, y0 + h * s);
    }
  for (guint y = 5; y < h; y += 5)
    {
      cairo_move_to (cr, g->x, y0 + y * s);
      cairo_line_to (cr, x0 + w * s, y0 + y * s);
    }
  cairo_stroke (cr);
  pw_cell_set_ink (cr, style, 0.9);
  cairo_set_line_width (cr, MAX (2, s / 12));
  cairo_rectangle (cr, x0, y0, w * s, h * s);
  cairo_stroke (cr);
}

static void
nonogram_draw (gconstpointer      data,
               cairo_t           *cr,
               const PwGeometry  *geometry,
               const PwViewStyle *style)
{
  nonogram_paint (data, NULL, cr, geometry, style);
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

static int
nonogram_edit_stroke (gconstpointer data,
                      guint         cell,
                      guint         tool,
                      guint         button)
{
  const PwNonogramLevel *level = data;

  if (button == 3)
    return 0;
  return level->grid != NULL && level->grid[cell] == 1 ? 0 : 1;
}

/* Painting a cell: the picture changes and its clues follow. A
 * clues-only level becomes a picture, its one solution if the analysis
 * found it. */
static gpointer
nonogram_edit_paint (gconstpointer data,
                     guint         cell,
                     guint         tool,
                     int           value,
                     JsonObject   *figures)
{
  const PwNonogramLevel *level = data;
  PwNonogramLevel *copy;

  if (level->grid != NULL && level->grid[cell] == value)
    return NULL;
  copy = _pw_nonogram_level_copy (level);
  if (copy->grid == NULL)
    {
      g_autofree int *solution = NULL;

      copy->grid = g_new0 (guint8, level->width * level->height);
      if (figures != NULL && json_object_get_boolean_member_with_default (figures, "unique", FALSE))
        solution = pw_cell_grid_figure (figures, "solution", level->width, level->height);
      for (guint c = 0; solution != NULL && c < level->width * level->height; c++)
        copy->grid[c] = solution[c] == 1;
      g_clear_pointer (&copy->clues, _pw_nono_clues_free);
    }
  copy->grid[cell] = value;
  if (copy->clues != NULL)
    {
      _pw_nono_clues_free (copy->clues);
      copy->clues = _pw_nono_clues_of_grid (copy->grid, copy->width, copy->height);
    }
  return copy;
}

static int
get_width (gconstpointer data)
{
  return ((const PwNonogramLevel *) data)->width;
}

static int
get_height (gconstpointer data)
{
  return ((const PwNonogramLevel *) data)->height;
}

static gpointer
resize_to (gconstpointer data,
           PwSide        side,
           int           delta)
{
  g_autoptr(GError) error = NULL;
  gpointer out;

  if (delta == 0)
    return NULL;
  out = pw_nonogram_kind.resize (data, side, delta, &error);
  if (out == NULL)
    g_debug ("%s", error->message);
  return out;
}

/* New columns and rows go right and at the bottom, white or empty. */
static gpointer
set_width (gconstpointer data,
           int           width)
{
  return resize_to (data, PW_SIDE_RIGHT, width - get_width (data));
}

static gpointer
set_height (gconstpointer data,
            int           height)
{
  return resize_to (data, PW_SIDE_BOTTOM, height - get_height (data));
}

/* The line of the clue cell at (@column, @row) of the view. */
static int
nonogram_line_at (gconstpointer data,
                  int           column,
                  int           row)
{
  const PwNonogramLevel *level = data;
  int x, y, w, h;

  nonogram_get_cells (data, &x, &y, &w, &h);
  if (column < x && row >= y && row < y + h)
    return row - y;
  if (row < y && column >= x && column < x + w)
    return level->height + column - x;
  return -1;
}

static char *
nonogram_line_text (gconstpointer data,
                    guint         line)
{
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (data);

  return _pw_nono_clue_text (clues, line);
}

static char *
nonogram_line_name (gconstpointer data,
                    guint         line)
{
  const PwNonogramLevel *level = data;

  if (line < level->height)
    /* Translators: a nonogram line, "Row 3" */
    return g_strdup_printf (_("Row %u"), line + 1);
  /* Translators: a nonogram line, "Column 3" */
  return g_strdup_printf (_("Column %u"), line - level->height + 1);
}

/* Typed clues: numbers separated by spaces or commas ("0" or nothing
 * for a line without blocks). The level keeps its clues from then on,
 * its picture gone: what the analysis finds. */
static gpointer
nonogram_set_line_text (gconstpointer data,
                        guint         line,
                        const char   *text,
                        GError      **error)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_auto(GStrv) words = g_strsplit_set (text, " ,\t", -1);
  g_autoptr(GByteArray) numbers = g_byte_array_new ();
  g_autofree guint *counts = NULL;
  guint len, need = 0;
  PwNonogramLevel *copy;

  if (line >= clues->n_lines)
    return NULL;
  len = line_length (level, line);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 value;

      if (*words[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 0, len, &value, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       /* Translators: a typed nonogram clue that does not read */
                       _("“%s” is not a block length from 0 to %u"), words[i], len);
          return NULL;
        }
      if (value > 0)
        {
          guint8 v = value;

          g_byte_array_append (numbers, &v, 1);
          need += value + (numbers->len > 1);
        }
    }
  if (need > len)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("These blocks need %u cells; the line has %u"), need, len);
      return NULL;
    }
  if (numbers->len == _pw_nono_clues_count (clues, line) &&
      memcmp (numbers->data, _pw_nono_clues_line (clues, line), numbers->len) == 0 &&
      level->grid == NULL)
    return NULL;

  /* the clues with this line's replaced */
  {
    g_autoptr(GByteArray) all = g_byte_array_new ();

    counts = g_new (guint, clues->n_lines);
    for (guint l = 0; l < clues->n_lines; l++)
      if (l == line)
        {
          counts[l] = numbers->len;
          g_byte_array_append (all, numbers->data, numbers->len);
        }
      else
        {
          counts[l] = _pw_nono_clues_count (clues, l);
          g_byte_array_append (all, _pw_nono_clues_line (clues, l), counts[l]);
        }
    copy = _pw_nonogram_level_copy (level);
    g_clear_pointer (&copy->grid, g_free);
    g_clear_pointer (&copy->clues, _pw_nono_clues_free);
    copy->clues = _pw_nono_clues_new (clues->n_lines, counts, all->data);
  }
  return copy;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static int
nonogram_fixed (gconstpointer data,
                guint         cell)
{
  return -1;
}

static int
nonogram_play_press (gconstpointer data,
                     const int    *position,
                     guint         cell,
                     guint         button)
{
  if (button == 3)
    return position[cell] == ENTRY_CROSS ? ENTRY_EMPTY : ENTRY_CROSS;
  return position[cell] == ENTRY_BLACK ? ENTRY_EMPTY : ENTRY_BLACK;
}

static gboolean
nonogram_play_drag (int entry)
{
  return TRUE;
}

/* Solved when every line's black cells are its clue's blocks (whichever
 * solution it is). */
static gboolean
nonogram_solved (gconstpointer data,
                 const int    *position)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);

  for (guint l = 0; l < clues->n_lines; l++)
    if (!line_done (level, clues, position, l))
      return FALSE;
  return TRUE;
}

/* The black cells of the lines whose blocks cannot fit the entries. */
static void
nonogram_conflicts (gconstpointer data,
                    const int    *position,
                    guint8       *marks)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_autoptr(PwNonoLineWork) work = line_work (level);

  for (guint l = 0; l < clues->n_lines; l++)
    if (line_broken (level, clues, position, l, work))
      for (guint i = 0; i < line_length (level, l); i++)
        {
          guint c = line_cell (level, l, i);

          if (position[c] == ENTRY_BLACK)
            marks[c] |= PW_CELL_MARK_CONFLICT;
        }
}

static int *
nonogram_solution (gconstpointer data,
                   JsonObject   *figures)
{
  const PwNonogramLevel *level = data;
  int *solution = pw_cell_grid_figure (figures, "solution", level->width, level->height);

  for (guint c = 0; solution != NULL && c < level->width * level->height; c++)
    solution[c] = solution[c] == 1 ? ENTRY_BLACK : ENTRY_CROSS;
  return solution;
}

/* The line solver's next step from the position: the line, and what it
 * decides. */
static PwCellHint *
nonogram_hint (gconstpointer data,
               const int    *position,
               GError      **error)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  guint n = level->width * level->height;
  g_autofree guint8 *cells = g_new (guint8, n);
  g_autoptr(PwNonoStep) step = NULL;
  PwCellHint *hint;

  for (guint c = 0; c < n; c++)
    cells[c] = position[c] == ENTRY_BLACK ? PW_NONO_BLACK
               : position[c] == ENTRY_CROSS ? PW_NONO_WHITE : PW_NONO_UNKNOWN;
  step = _pw_nono_next_step (level->width, level->height, clues, cells);
  if (step == NULL)
    return NULL;
  if (step->contradiction)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, step->sentence);
      return NULL;
    }
  hint = pw_cell_hint_new (step->sentence);
  for (guint i = 0; i < line_length (level, step->line); i++)
    {
      guint c = line_cell (level, step->line, i);

      g_array_append_val (hint->pattern, c);
    }
  for (guint i = 0; i < step->black->len; i++)
    pw_cell_hint_add (hint, g_array_index (step->black, guint, i), ENTRY_BLACK);
  for (guint i = 0; i < step->white->len; i++)
    pw_cell_hint_add (hint, g_array_index (step->white, guint, i), ENTRY_CROSS);
  return hint;
}

static char *
nonogram_play_status (gconstpointer data,
                      const int    *position)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  guint done = 0;

  for (guint l = 0; l < clues->n_lines; l++)
    done += line_done (level, clues, position, l);
  /* Translators: play mode: nonogram lines whose black cells match their clues */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u line done.",
                                       "%u of %u lines done.", clues->n_lines),
                          done, clues->n_lines);
}

/* ------------------------------------------------------------------ */
/* The tables                                                           */

static const PwCellTool nonogram_tools[] = {
  { N_("_Paint"), N_("Press and drag to paint black; the right button paints white"),
    N_("Paint the picture") },
};

static const PwCellSetting nonogram_settings[] = {
  { N_("_Width"), N_("Columns of the picture"), N_("Change the width"), FALSE, 1,
    PW_NONOGRAM_MAX_SIZE, get_width, set_width },
  { N_("_Height"), N_("Rows of the picture"), N_("Change the height"), FALSE, 1,
    PW_NONOGRAM_MAX_SIZE, get_height, set_height },
};

static const PwCellFigureMark nonogram_figure_marks[] = {
  { "undecided_cells", PW_CELL_MARK_UNDECIDED },
  { "differing_cells", PW_CELL_MARK_DIFFERING },
};

static const PwCellView nonogram_cells = {
  .get_cells = nonogram_get_cells,
  .paint = nonogram_paint,
  .edit_help = N_("Paint the picture (the right button paints white) and the clues follow; or "
                  "click beside a line (or press R or C on a cell) to type its clues. Hatched "
                  "cells: line logic cannot decide them."),
  .tools = nonogram_tools,
  .n_tools = G_N_ELEMENTS (nonogram_tools),
  .edit_stroke = nonogram_edit_stroke,
  .edit_paint = nonogram_edit_paint,
  .settings = nonogram_settings,
  .n_settings = G_N_ELEMENTS (nonogram_settings),
  .line_at = nonogram_line_at,
  .line_text = nonogram_line_text,
  .line_name = nonogram_line_name,
  .set_line_text = nonogram_set_line_text,
  .figure_marks = nonogram_figure_marks,
  .n_figure_marks = G_N_ELEMENTS (nonogram_figure_marks),
  .play_help = N_("Click or drag: black. Right click or drag: a cross, white."),
  .fixed = nonogram_fixed,
  .play_press = nonogram_play_press,
  .play_drag = nonogram_play_drag,
  .solved = nonogram_solved,
  .conflicts = nonogram_conflicts,
  .solution = nonogram_solution,
  .solution_quiet = ENTRY_CROSS,
  .hint = nonogram_hint,
  .play_status = nonogram_play_status,
};

/* Print: the level solved, as play shows it (pw_cell_paint_solution). */
static gboolean
nonogram_draw_solution (gconstpointer      data,
                        JsonObject        *figures,
                        cairo_t           *cr,
                        const PwGeometry  *geometry,
                        const PwViewStyle *style)
{
  return pw_cell_paint_solution (&nonogram_cells, data, figures, cr, geometry, style);
}

const PwKindView pw_nonogram_view = {
  .kind_id = "nonogram",
  .get_grid = nonogram_get_grid,
  .draw = nonogram_draw,
  .cell_board = &nonogram_cells,
  .draw_solution = nonogram_draw_solution,
};
