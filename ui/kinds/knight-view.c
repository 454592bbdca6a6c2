/* knight-view.c — the view table of the knights-tour kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn here (cairo only: screen, PNG, print): the board, blocked cells,
 * the given steps, and the tour as a path through the cells of
 * consecutive steps (while editing, the level's one tour faintly). Edited
 * and played on the cell board (pw-cell-board.c). Editing: click a cell
 * and type its step; with Blocked cells, click or drag to block cells or
 * free them; the size and whether the tour is closed in the bar. Play:
 * type steps, or click a cell a knight's move from a step to give it the
 * next one (the right button clears); steps twice, or consecutive steps
 * a knight cannot join, are red; the hint is a step that one empty cell
 * alone can take (the colours of the squares and the knight's distances
 * from the steps around it), or a cell that one step alone can take.
 */

#define G_LOG_DOMAIN "pw-knight-view"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "knight-private.h"
#include "knight-view.h"
#include "pw-cell-view.h"

enum
{
  TOOL_GIVENS,
  TOOL_BLOCKED,
};

static void
knight_get_grid (gconstpointer data,
                 int          *columns,
                 int          *rows)
{
  const PwKnightLevel *level = data;

  *columns = level->width;
  *rows = level->height;
}

static void
knight_get_cells (gconstpointer data,
                  int          *x,
                  int          *y,
                  int          *width,
                  int          *height)
{
  const PwKnightLevel *level = data;

  *x = *y = 0;
  *width = level->width;
  *height = level->height;
}

static gboolean
blocked (const PwKnightLevel *level,
         guint                cell)
{
  return level->cells[cell] == PW_KNIGHT_BLOCKED;
}

static gboolean
knight_move (const PwKnightLevel *level,
             guint                a,
             guint                b)
{
  int dx = ABS ((int) (a % level->width) - (int) (b % level->width));
  int dy = ABS ((int) (a / level->width) - (int) (b / level->width));

  return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

/* The step on each cell (givens and entries; 0 none or blocked). */
static guint
step_at (const PwKnightLevel *level,
         const int           *position,
         guint                cell)
{
  if (blocked (level, cell))
    return 0;
  if (level->cells[cell] != 0)
    return level->cells[cell];
  return position != NULL ? (guint) position[cell] : 0;
}

/* Where each step 1..n is (G_MAXUINT: nowhere; the first cell when on
 * several). */
static guint *
step_cells (const PwKnightLevel *level,
            const int           *position,
            guint                n)
{
  guint *where = g_new (guint, n + 2);

  for (guint k = 0; k <= n + 1; k++)
    where[k] = G_MAXUINT;
  for (guint c = 0; c < level->width * level->height; c++)
    {
      guint k = step_at (level, position, c);

      if (k >= 1 && k <= n && where[k] == G_MAXUINT)
        where[k] = c;
    }
  return where;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

static void
centre (const PwKnightLevel *level,
        const PwGeometry    *g,
        guint                cell,
        double              *x,
        double              *y)
{
  *x = g->x + (cell % level->width + 0.5) * g->cell;
  *y = g->y + (cell / level->width + 0.5) * g->cell;
}

/* The path through the cells of consecutive steps of @steps (per cell,
 * 0 none), closing it when the tour is closed and both ends are there. */
static void
path (const PwKnightLevel *level,
      const int           *steps,
      cairo_t             *cr,
      const PwGeometry    *g)
{
  guint n = _pw_knight_level_n_free (level);
  g_autofree guint *where = g_new (guint, n + 2);

  for (guint k = 0; k <= n + 1; k++)
    where[k] = G_MAXUINT;
  for (guint c = 0; c < level->width * level->height; c++)
    if (steps[c] >= 1 && (guint) steps[c] <= n)
      where[steps[c]] = c;
  for (guint k = 1; k <= n; k++)
    {
      guint next = k < n ? k + 1 : 1;
      double x0, y0, x1, y1;

      if ((k == n && !level->closed) || where[k] == G_MAXUINT || where[next] == G_MAXUINT ||
          !knight_move (level, where[k], where[next]))
        continue;
      centre (level, g, where[k], &x0, &y0);
      centre (level, g, where[next], &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }
  cairo_stroke (cr);
}

static void
knight_paint (gconstpointer           data,
              const PwCellPaintState *state,
              cairo_t                *cr,
              const PwGeometry       *g,
              const PwViewStyle      *style)
{
  const PwKnightLevel *level = data;
  guint w = level->width, h = level->height, n = _pw_knight_level_n_free (level);
  double s = g->cell, size = s * (n >= 100 ? 0.36 : 0.44);
  const int *position = state != NULL ? state->position : NULL;
  g_autofree int *ghost = NULL;
  g_autofree int *steps = g_new0 (int, w * h);

  if (state != NULL && state->figures != NULL &&
      json_object_get_boolean_member_with_default (state->figures, "unique", FALSE))
    ghost = pw_cell_grid_figure (state->figures, "solution", w, h);

  for (guint c = 0; c < w * h; c++)
    {
      double px = g->x + (c % w) * s, py = g->y + (c / w) * s;

      if (blocked (level, c))
        pw_colour_set (cr, &style->wall);
      else
        pw_colour_set (cr, ((c % w) + (c / w)) % 2 ? &style->floor_alternate : &style->floor);
      cairo_rectangle (cr, px, py, s, s);
      cairo_fill (cr);
      steps[c] = step_at (level, position, c);
    }

  /* the tour: the level's one tour faintly while editing, the steps on
   * the board in play */
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (ghost != NULL && position == NULL)
    {
      cairo_set_source_rgba (cr, 0.2, 0.42, 0.85, 0.3);
      cairo_set_line_width (cr, MAX (1, s / 16));
      path (level, ghost, cr, g);
    }
  cairo_set_source_rgba (cr, 0.2, 0.42, 0.85, 0.75);
  cairo_set_line_width (cr, MAX (1.5, s / 10));
  path (level, steps, cr, g);
  cairo_restore (cr);

  for (guint c = 0; c < w * h; c++)
    {
      double cx = g->x + (c % w + 0.5) * s, cy = g->y + (c / w + 0.5) * s;
      g_autofree char *text = NULL;

      if (steps[c] == 0)
        {
          if (ghost != NULL && ghost[c] > 0 && !blocked (level, c))
            {
              text = g_strdup_printf ("%d", ghost[c]);
              pw_cell_draw_text (cr, style, text, cx, cy, size * 0.8, FALSE, 0.3);
            }
          continue;
        }
      /* a disc under the number, so the path does not cross it */
      pw_colour_set (cr, ((c % w) + (c / w)) % 2 ? &style->floor_alternate : &style->floor);
      cairo_arc (cr, cx, cy, s * 0.3, 0, 2 * G_PI);
      cairo_fill (cr);
      text = g_strdup_printf ("%d", steps[c]);
      if (level->cells[c] != 0)
        pw_cell_draw_text (cr, style, text, cx, cy, size, TRUE, 0.95);
      else
        {
          cairo_set_source_rgba (cr, 0.2, 0.42, 0.85, 1);
          pw_cell_draw_text (cr, NULL, text, cx, cy, size, FALSE, 1);
        }
    }

  /* the grid */
  pw_cell_set_ink (cr, style, 0.3);
  cairo_set_line_width (cr, MAX (1, s / 40));
  for (guint x = 1; x < w; x++)
    {
      cairo_move_to (cr, g->x + x * s, g->y);
      cairo_line_to (cr, g->x + x * s, g->y + h * s);
    }
  for (guint y = 1; y < h; y++)
    {
      cairo_move_to (cr, g->x, g->y + y * s);
      cairo_line_to (cr, g->x + w * s, g->y + y * s);
    }
  cairo_stroke (cr);
  pw_cell_set_ink (cr, style, 0.9);
  cairo_set_line_width (cr, MAX (2, s / 14));
  cairo_rectangle (cr, g->x, g->y, w * s, h * s);
  cairo_stroke (cr);
}

static void
knight_draw (gconstpointer      data,
             cairo_t           *cr,
             const PwGeometry  *geometry,
             const PwViewStyle *style)
{
  knight_paint (data, NULL, cr, geometry, style);
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

/* Givens are typed (a press only selects); blocked cells are painted. */
static int
knight_edit_stroke (gconstpointer data,
                    guint         cell,
                    guint         tool,
                    guint         button)
{
  const PwKnightLevel *level = data;

  if (tool != TOOL_BLOCKED)
    return -1;
  return button == 3 || blocked (level, cell) ? 0 : PW_KNIGHT_BLOCKED;
}

static gpointer
knight_edit_paint (gconstpointer data,
                   guint         cell,
                   guint         tool,
                   int           value,
                   JsonObject   *figures)
{
  const PwKnightLevel *level = data;
  PwKnightLevel *copy;

  /* freeing a cell leaves a given alone */
  if (level->cells[cell] == value || (value == 0 && !blocked (level, cell)))
    return NULL;
  copy = _pw_knight_level_copy (level);
  copy->cells[cell] = value;
  return copy;
}

static guint
knight_max_value (gconstpointer data)
{
  return _pw_knight_level_n_free (data);
}

static gpointer
knight_type_value (gconstpointer data,
                   guint         cell,
                   guint         value)
{
  const PwKnightLevel *level = data;
  PwKnightLevel *copy;

  if (level->cells[cell] == value)
    return NULL;
  copy = _pw_knight_level_copy (level);
  copy->cells[cell] = value;
  return copy;
}

static int
get_width (gconstpointer data)
{
  return ((const PwKnightLevel *) data)->width;
}

static int
get_height (gconstpointer data)
{
  return ((const PwKnightLevel *) data)->height;
}

static int
get_closed (gconstpointer data)
{
  return ((const PwKnightLevel *) data)->closed;
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
  out = pw_knights_tour_kind.resize (data, side, delta, &error);
  if (out == NULL)
    g_debug ("%s", error->message);
  return out;
}

/* New columns and rows go right and at the bottom. */
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

static gpointer
set_closed (gconstpointer data,
            int           closed)
{
  const PwKnightLevel *level = data;
  PwKnightLevel *copy;

  if (!level->closed == !closed)
    return NULL;
  copy = _pw_knight_level_copy (level);
  copy->closed = closed != 0;
  return copy;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static int
knight_fixed (gconstpointer data,
              guint         cell)
{
  const PwKnightLevel *level = data;

  if (blocked (level, cell))
    return 0;
  return level->cells[cell] != 0 ? level->cells[cell] : -1;
}

/* A click on an empty cell gives it the step after the smallest step a
 * knight's move away whose next step is not on the board yet (step 1 on
 * an empty board); a right click clears. */
static int
knight_play_press (gconstpointer data,
                   const int    *position,
                   guint         cell,
                   guint         button)
{
  const PwKnightLevel *level = data;
  guint n = _pw_knight_level_n_free (level);
  g_autofree guint *where = NULL;

  if (button == 3)
    return position[cell] != 0 ? 0 : -1;
  if (position[cell] != 0)
    return -1;
  where = step_cells (level, position, n);
  for (guint k = 1; k < n; k++)
    if (where[k] != G_MAXUINT && where[k + 1] == G_MAXUINT && knight_move (level, where[k], cell))
      return k + 1;
  return where[1] == G_MAXUINT ? 1 : -1;
}

/* Steps on two cells, steps over the cells to visit, and consecutive
 * steps a knight cannot join. */
static void
knight_conflicts (gconstpointer data,
                  const int    *position,
                  guint8       *marks)
{
  const PwKnightLevel *level = data;
  guint cells = level->width * level->height, n = _pw_knight_level_n_free (level);
  g_autofree guint *where = step_cells (level, position, n);

  for (guint c = 0; c < cells; c++)
    {
      guint k = step_at (level, position, c);

      if (k == 0)
        continue;
      if (k > n || where[k] != c)
        {
          marks[c] |= PW_CELL_MARK_CONFLICT;
          if (k <= n)
            marks[where[k]] |= PW_CELL_MARK_CONFLICT;
          continue;
        }
      if (k < n && where[k + 1] != G_MAXUINT && !knight_move (level, c, where[k + 1]))
        {
          marks[c] |= PW_CELL_MARK_CONFLICT;
          marks[where[k + 1]] |= PW_CELL_MARK_CONFLICT;
        }
    }
}

static gboolean
knight_solved (gconstpointer data,
               const int    *position)
{
  const PwKnightLevel *level = data;
  guint n = _pw_knight_level_n_free (level), placed = 0;
  g_autofree guint *where = step_cells (level, position, n);

  for (guint c = 0; c < level->width * level->height; c++)
    {
      guint k = step_at (level, position, c);

      if (!blocked (level, c) && (k == 0 || k > n || where[k] != c))
        return FALSE;
      placed += k != 0;
    }
  if (placed != n)
    return FALSE;
  for (guint k = 1; k < n; k++)
    if (!knight_move (level, where[k], where[k + 1]))
      return FALSE;
  return !level->closed || n < 2 || knight_move (level, where[n], where[1]);
}

static int *
knight_solution (gconstpointer data,
                 JsonObject   *figures)
{
  const PwKnightLevel *level = data;

  return pw_cell_grid_figure (figures, "solution", level->width, level->height);
}

/* The colour of a cell's square. */
static guint
colour (const PwKnightLevel *level,
        guint                cell)
{
  return (cell % level->width + cell / level->width) % 2;
}

/* Whether step @s can be on the empty cell @c, between the nearest steps
 * on the board before it (@a, at cell @ca) and after it (@b at @cb; 0
 * when there is none): a knight changes colour every move, and needs at
 * least the board's distance in moves (round blocked cells) to go from
 * one cell to another. */
static gboolean
can_take (const PwKnightLevel *level,
          const PwKnightBoard *board,
          guint                c,
          guint                s,
          guint                a,
          guint                ca,
          guint                b,
          guint                cb)
{
  if (a != 0 && (colour (level, c) != (colour (level, ca) + s - a) % 2 ||
                 _pw_knight_board_distance (board, ca, c) > s - a))
    return FALSE;
  if (b != 0 && (colour (level, c) != (colour (level, cb) + b - s) % 2 ||
                 _pw_knight_board_distance (board, c, cb) > b - s))
    return FALSE;
  return TRUE;
}

/* Where each step not on the board can go: the steps on the board
 * before and after it, and its empty cells in reach (at most two, for
 * the hints; a flag per cell for the cells' side). */
typedef struct
{
  guint  a, ca, b, cb;
  guint  count;
  guint  cell;
} Reach;

static PwCellHint *
single_hint (const char *sentence,
             const Reach *r,
             guint        s)
{
  PwCellHint *hint = pw_cell_hint_new (sentence);

  if (r->a != 0)
    g_array_append_val (hint->pattern, r->ca);
  if (r->b != 0)
    g_array_append_val (hint->pattern, r->cb);
  pw_cell_hint_add (hint, r->cell, s);
  return hint;
}

/* Two techniques, the first that applies: a step not on the board that
 * one empty cell alone can take (by the colours of the squares and the
 * knight's distances from the nearest steps before and after it on the
 * board); then an empty cell that one step alone can take (every cell
 * not blocked is visited). An error when a step or a cell has none. */
static PwCellHint *
knight_hint (gconstpointer data,
             const int    *position,
             GError      **error)
{
  const PwKnightLevel *level = data;
  guint cells = level->width * level->height, n = _pw_knight_level_n_free (level);
  g_autofree guint *where = step_cells (level, position, n);
  g_autofree Reach *reach = g_new0 (Reach, n + 1);
  g_autofree guint *takers = g_new0 (guint, cells);
  g_autofree guint *taker = g_new0 (guint, cells);
  PwKnightBoard *board;
  PwCellHint *hint = NULL;
  gboolean any = FALSE;

  for (guint k = 1; k <= n; k++)
    any |= where[k] != G_MAXUINT;
  if (!any)
    return NULL;

  board = _pw_knight_board_new (level);
  for (guint s = 1; s <= n; s++)
    {
      Reach *r = &reach[s];

      if (where[s] != G_MAXUINT)
        continue;
      for (guint k = s - 1; k >= 1 && r->a == 0; k--)
        if (where[k] != G_MAXUINT)
          r->a = k, r->ca = where[k];
      for (guint k = s + 1; k <= n && r->b == 0; k++)
        if (where[k] != G_MAXUINT)
          r->b = k, r->cb = where[k];
      for (guint c = 0; c < cells; c++)
        if (!blocked (level, c) && step_at (level, position, c) == 0 &&
            can_take (level, board, c, s, r->a, r->ca, r->b, r->cb))
          {
            if (r->count++ == 0)
              r->cell = c;
            takers[c]++;
            taker[c] = s;
          }
      if (r->count == 0)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       /* Translators: a knight's tour hint; a step number */
                       _("no empty cell is in reach for step %u."), s);
          goto out;
        }
    }

  for (guint s = 1; s <= n && hint == NULL; s++)
    {
      const Reach *r = &reach[s];
      g_autofree char *sentence = NULL;

      if (where[s] != G_MAXUINT || r->count != 1)
        continue;
      if (r->a != 0 && r->b != 0)
        /* Translators: a knight's tour hint; numbers of moves and steps */
        sentence = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "One cell in reach: only one empty cell of the "
                                                 "right colour is within %u knight’s move of "
                                                 "step %u and %u of step %u, so step %u goes "
                                                 "there.",
                                                 "One cell in reach: only one empty cell of the "
                                                 "right colour is within %u knight’s moves of "
                                                 "step %u and %u of step %u, so step %u goes "
                                                 "there.",
                                                 s - r->a),
                                    s - r->a, r->a, r->b - s, r->b, s);
      else
        {
          guint moves = r->a != 0 ? s - r->a : r->b - s;

          /* Translators: a knight's tour hint; a number of moves and steps */
          sentence = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "One cell in reach: only one empty cell of the "
                                                   "right colour is within %u knight’s move of "
                                                   "step %u, so step %u goes there.",
                                                   "One cell in reach: only one empty cell of the "
                                                   "right colour is within %u knight’s moves of "
                                                   "step %u, so step %u goes there.", moves),
                                      moves, r->a != 0 ? r->a : r->b, s);
        }
      hint = single_hint (sentence, r, s);
    }

  for (guint c = 0; c < cells && hint == NULL; c++)
    {
      g_autofree char *sentence = NULL;
      Reach r;

      if (blocked (level, c) || step_at (level, position, c) != 0)
        continue;
      if (takers[c] == 0)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       /* Translators: a knight's tour hint; a cell "r2c3" */
                       _("no step left can reach the empty cell r%uc%u."),
                       c / level->width + 1, c % level->width + 1);
          goto out;
        }
      if (takers[c] != 1)
        continue;
      r = reach[taker[c]];
      r.cell = c;
      /* Translators: a knight's tour hint; a cell "r2c3", step numbers */
      sentence = g_strdup_printf (_("One step for a cell: every cell is visited, and of the steps "
                                    "left only step %u can reach r%uc%u, so it goes there."),
                                  taker[c], c / level->width + 1, c % level->width + 1);
      hint = single_hint (sentence, &r, taker[c]);
    }

out:
  _pw_knight_board_free (board);
  return hint;
}

static char *
knight_play_status (gconstpointer data,
                    const int    *position)
{
  const PwKnightLevel *level = data;
  guint n = _pw_knight_level_n_free (level), placed = 0;

  for (guint c = 0; c < level->width * level->height; c++)
    placed += step_at (level, position, c) != 0;
  /* Translators: play mode of a knight's tour: cells with a step number */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u cell numbered.",
                                       "%u of %u cells numbered.", n), placed, n);
}

/* ------------------------------------------------------------------ */
/* The tables                                                           */

static const PwCellTool knight_tools[] = {
  { N_("_Givens"), N_("Click a cell and type the step at which the knight is there"),
    N_("Type a given") },
  { N_("_Blocked cells"), N_("Click or drag to block cells (the tour leaves them out) or free "
                             "them"), N_("Block cells") },
};

static const PwCellSetting knight_settings[] = {
  { N_("_Width"), N_("Columns of the board"), N_("Change the width"), FALSE, PW_KNIGHT_MIN_SIZE,
    PW_KNIGHT_MAX_SIZE, get_width, set_width },
  { N_("_Height"), N_("Rows of the board"), N_("Change the height"), FALSE, PW_KNIGHT_MIN_SIZE,
    PW_KNIGHT_MAX_SIZE, get_height, set_height },
  { N_("_Closed tour"), N_("The last step is a knight’s move from the first"),
    N_("Change whether the tour is closed"), TRUE, 0, 1, get_closed, set_closed },
};

static const PwCellFigureMark knight_figure_marks[] = {
  { "conflicts", PW_CELL_MARK_CONFLICT },
  { "redundant_givens", PW_CELL_MARK_REDUNDANT },
  { "differing_cells", PW_CELL_MARK_DIFFERING },
};

static const PwCellView knight_cells = {
  .get_cells = knight_get_cells,
  .paint = knight_paint,
  .edit_help = N_("Click a cell and type the step the knight is there at (Backspace clears); "
                  "with Blocked cells, click or drag to block cells. Dashed rings: givens that "
                  "can go."),
  .tools = knight_tools,
  .n_tools = G_N_ELEMENTS (knight_tools),
  .edit_stroke = knight_edit_stroke,
  .edit_paint = knight_edit_paint,
  .settings = knight_settings,
  .n_settings = G_N_ELEMENTS (knight_settings),
  .max_value = knight_max_value,
  .type_value = knight_type_value,
  .figure_marks = knight_figure_marks,
  .n_figure_marks = G_N_ELEMENTS (knight_figure_marks),
  .play_help = N_("Click a knight’s move from a step for the next, or type steps. Right click "
                  "clears."),
  .fixed = knight_fixed,
  .play_press = knight_play_press,
  .solved = knight_solved,
  .conflicts = knight_conflicts,
  .solution = knight_solution,
  .solution_quiet = -1,
  .hint = knight_hint,
  .play_status = knight_play_status,
};

/* Print: the level solved, as play shows it (pw_cell_paint_solution). */
static gboolean
knight_draw_solution (gconstpointer      data,
                      JsonObject        *figures,
                      cairo_t           *cr,
                      const PwGeometry  *geometry,
                      const PwViewStyle *style)
{
  return pw_cell_paint_solution (&knight_cells, data, figures, cr, geometry, style);
}

const PwKindView pw_knights_tour_view = {
  .kind_id = "knights-tour",
  .get_grid = knight_get_grid,
  .draw = knight_draw,
  .cell_board = &knight_cells,
  .draw_solution = knight_draw_solution,
};
