/* queens-view.c — the view tables of the queens and star-battle kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both are drawn here (cairo only: screen, PNG, print) and edited and
 * played on the cell board (pw-cell-board.c). Editing: click to give a
 * queen (a star) or to block a cell; star battle regions are painted by
 * dragging from a cell of the region; the bar sets the size and the
 * stars a unit. Play: a click places a queen (star), a right click or a
 * drag puts dots where none can go; conflicts (queens attacking, stars
 * touching, units with too many); hints for star battle are the
 * grader's steps (star-logic.c), for N-Queens the cells a queen attacks,
 * a row or column's last cell and a queen that would leave no room.
 */

#define G_LOG_DOMAIN "pw-queens-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pw-cell-view.h"
#include "queens-private.h"
#include "queens-view.h"

/* Play entries. */
enum
{
  ENTRY_EMPTY = 0,
  ENTRY_PIECE = 1,   /* a queen or a star */
  ENTRY_DOT   = 2,   /* none here */
};

/* Edit tools. */
enum
{
  TOOL_PIECE,
  TOOL_BLOCKED,
  TOOL_REGIONS,
};

static void
queens_get_grid (gconstpointer data,
                 int          *columns,
                 int          *rows)
{
  const PwQueensLevel *level = data;

  *columns = *rows = level->n;
}

static void
queens_get_cells (gconstpointer data,
                  int          *x,
                  int          *y,
                  int          *width,
                  int          *height)
{
  const PwQueensLevel *level = data;

  *x = *y = 0;
  *width = *height = level->n;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

/* A region's colour: the n regions' hues evenly round the wheel, every
 * other one paler, pale (dark: deep). */
static void
region_colour (cairo_t           *cr,
               const PwViewStyle *style,
               guint              region,
               guint              n)
{
  double h = fmod ((double) region / MAX (n, 1) + 0.08, 1.0) * 6;
  double s = (style->dark ? 0.45 : 0.3) - (region % 2) * 0.1;
  double v = style->dark ? 0.38 + (region % 2) * 0.06 : 0.97, f = h - floor (h);
  double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));

  switch ((int) floor (h) % 6)
    {
    case 0: cairo_set_source_rgb (cr, v, t, p); break;
    case 1: cairo_set_source_rgb (cr, q, v, p); break;
    case 2: cairo_set_source_rgb (cr, p, v, t); break;
    case 3: cairo_set_source_rgb (cr, p, q, v); break;
    case 4: cairo_set_source_rgb (cr, t, p, v); break;
    default: cairo_set_source_rgb (cr, v, p, q); break;
    }
}

/* A crown: three points over a band. */
static void
crown_path (cairo_t *cr,
            double   cx,
            double   cy,
            double   r)
{
  cairo_move_to (cr, cx - r, cy + r * 0.7);
  cairo_line_to (cr, cx - r, cy - r * 0.55);
  cairo_line_to (cr, cx - r * 0.5, cy + r * 0.05);
  cairo_line_to (cr, cx, cy - r * 0.8);
  cairo_line_to (cr, cx + r * 0.5, cy + r * 0.05);
  cairo_line_to (cr, cx + r, cy - r * 0.55);
  cairo_line_to (cr, cx + r, cy + r * 0.7);
  cairo_close_path (cr);
}

/* A five-pointed star. */
static void
star_path (cairo_t *cr,
           double   cx,
           double   cy,
           double   r)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5, d = i % 2 ? r * 0.42 : r;

      if (i == 0)
        cairo_move_to (cr, cx + d * cos (a), cy + d * sin (a));
      else
        cairo_line_to (cr, cx + d * cos (a), cy + d * sin (a));
    }
  cairo_close_path (cr);
}

/* A queen or star: given ones in ink, the player's in blue, the
 * solution's (editing) faint. */
static void
paint_piece (const PwQueensLevel *level,
             cairo_t             *cr,
             const PwViewStyle   *style,
             double               x,
             double               y,
             double               s,
             int                  how)
{
  double cx = x + s / 2, cy = y + s / 2 + (level->variant == PW_QUEENS_STAR_BATTLE ? s * 0.03 : 0);

  if (level->variant == PW_QUEENS_QUEENS)
    crown_path (cr, cx, cy, s * 0.32);
  else
    star_path (cr, cx, cy, s * 0.38);
  if (how == 0)
    pw_cell_set_ink (cr, style, 0.9);
  else if (how == 1)
    cairo_set_source_rgba (cr, 0.2, 0.42, 0.85, 1);
  else
    pw_cell_set_ink (cr, style, 0.18);
  cairo_fill (cr);
}

static void
queens_paint (gconstpointer           data,
              const PwCellPaintState *state,
              cairo_t                *cr,
              const PwGeometry       *g,
              const PwViewStyle      *style)
{
  const PwQueensLevel *level = data;
  guint n = level->n;
  double s = g->cell, thin = MAX (1, s / 40), thick = MAX (2, s / 14);
  g_autofree int *ghost = NULL;

  /* editing: the only solution, faintly */
  if (state != NULL && state->figures != NULL &&
      json_object_has_member (state->figures, "unique") &&
      json_object_get_boolean_member_with_default (state->figures, "unique", FALSE))
    ghost = pw_cell_grid_figure (state->figures, "solution", n, n);

  for (guint c = 0; c < n * n; c++)
    {
      guint x = c % n, y = c / n;
      double px = g->x + x * s, py = g->y + y * s;
      int entry = state != NULL && state->position != NULL ? state->position[c] : 0;

      if (level->cells[c] == PW_QUEENS_CELL_BLOCKED)
        pw_colour_set (cr, &style->wall);
      else if (level->regions != NULL)
        region_colour (cr, style, level->regions[c], n);
      else
        pw_colour_set (cr, (x + y) % 2 ? &style->floor_alternate : &style->floor);
      cairo_rectangle (cr, px, py, s, s);
      cairo_fill (cr);

      if (level->cells[c] == PW_QUEENS_CELL_QUEEN)
        paint_piece (level, cr, style, px, py, s, 0);
      else if (entry == ENTRY_PIECE)
        paint_piece (level, cr, style, px, py, s, 1);
      else if (entry == ENTRY_DOT && level->cells[c] != PW_QUEENS_CELL_BLOCKED)
        {
          pw_cell_set_ink (cr, style, 0.6);
          cairo_arc (cr, px + s / 2, py + s / 2, MAX (1.5, s * 0.08), 0, 2 * G_PI);
          cairo_fill (cr);
        }
      else if (ghost != NULL && ghost[c] == 1)
        paint_piece (level, cr, style, px, py, s, 2);
    }

  /* thin lines between cells, thick between regions and round the board */
  pw_cell_set_ink (cr, style, 0.3);
  cairo_set_line_width (cr, thin);
  for (guint i = 1; i < n; i++)
    {
      cairo_move_to (cr, g->x + i * s, g->y);
      cairo_line_to (cr, g->x + i * s, g->y + n * s);
      cairo_move_to (cr, g->x, g->y + i * s);
      cairo_line_to (cr, g->x + n * s, g->y + i * s);
    }
  cairo_stroke (cr);
  pw_cell_set_ink (cr, style, 0.9);
  cairo_set_line_width (cr, thick);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  if (level->regions != NULL)
    {
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          {
            guint c = y * n + x;

            if (x + 1 < n && level->regions[c] != level->regions[c + 1])
              {
                cairo_move_to (cr, g->x + (x + 1) * s, g->y + y * s);
                cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
              }
            if (y + 1 < n && level->regions[c] != level->regions[c + n])
              {
                cairo_move_to (cr, g->x + x * s, g->y + (y + 1) * s);
                cairo_line_to (cr, g->x + (x + 1) * s, g->y + (y + 1) * s);
              }
          }
      cairo_stroke (cr);
    }
  cairo_rectangle (cr, g->x, g->y, n * s, n * s);
  cairo_stroke (cr);
}

static void
queens_draw (gconstpointer      data,
             cairo_t           *cr,
             const PwGeometry  *geometry,
             const PwViewStyle *style)
{
  queens_paint (data, NULL, cr, geometry, style);
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

static int
queens_edit_stroke (gconstpointer data,
                    guint         cell,
                    guint         tool,
                    guint         button)
{
  const PwQueensLevel *level = data;

  switch (tool)
    {
    case TOOL_PIECE:
      return button == 3 || level->cells[cell] == PW_QUEENS_CELL_QUEEN ? PW_QUEENS_CELL_EMPTY
                                                                       : PW_QUEENS_CELL_QUEEN;
    case TOOL_BLOCKED:
      return button == 3 || level->cells[cell] == PW_QUEENS_CELL_BLOCKED ? PW_QUEENS_CELL_EMPTY
                                                                         : PW_QUEENS_CELL_BLOCKED;
    case TOOL_REGIONS:
      return level->regions != NULL ? level->regions[cell] : -1;
    default:
      return -1;
    }
}

static gpointer
queens_edit_paint (gconstpointer data,
                   guint         cell,
                   guint         tool,
                   int           value,
                   JsonObject   *figures)
{
  const PwQueensLevel *level = data;
  PwQueensLevel *copy;

  if (tool == TOOL_REGIONS)
    {
      if (level->regions == NULL || level->regions[cell] == value)
        return NULL;
      copy = _pw_queens_level_copy (level);
      copy->regions[cell] = value;
      return copy;
    }
  if (level->cells[cell] == value)
    return NULL;
  copy = _pw_queens_level_copy (level);
  copy->cells[cell] = value;
  return copy;
}

static int
get_size (gconstpointer data)
{
  return ((const PwQueensLevel *) data)->n;
}

/* What fits of the old board stays at the top left; a star battle's
 * regions too, where they are regions of the new size (the others' cells
 * go to their row's region, to be painted). */
static gpointer
set_size (gconstpointer data,
          int           n)
{
  const PwQueensLevel *level = data;
  PwQueensLevel *copy;

  if ((guint) n == level->n || n < 1 || n > PW_QUEENS_MAX_N)
    return NULL;
  copy = _pw_queens_level_new (level->variant, n, level->stars);
  for (guint y = 0; y < MIN ((guint) n, level->n); y++)
    for (guint x = 0; x < MIN ((guint) n, level->n); x++)
      {
        copy->cells[y * n + x] = level->cells[y * level->n + x];
        if (copy->regions != NULL && level->regions[y * level->n + x] < (guint) n)
          copy->regions[y * n + x] = level->regions[y * level->n + x];
      }
  return copy;
}

static int
get_stars (gconstpointer data)
{
  return ((const PwQueensLevel *) data)->stars;
}

static gpointer
set_stars (gconstpointer data,
           int           stars)
{
  const PwQueensLevel *level = data;
  PwQueensLevel *copy;

  if ((guint) stars == level->stars || stars < 1 || stars > PW_STAR_BATTLE_MAX_STARS)
    return NULL;
  copy = _pw_queens_level_copy (level);
  copy->stars = stars;
  return copy;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static int
queens_fixed (gconstpointer data,
              guint         cell)
{
  const PwQueensLevel *level = data;

  switch (level->cells[cell])
    {
    case PW_QUEENS_CELL_QUEEN:
      return ENTRY_PIECE;
    case PW_QUEENS_CELL_BLOCKED:
      return ENTRY_DOT;
    default:
      return -1;
    }
}

static int
queens_play_press (gconstpointer data,
                   const int    *position,
                   guint         cell,
                   guint         button)
{
  if (button == 3)
    return position[cell] == ENTRY_DOT ? ENTRY_EMPTY : ENTRY_DOT;
  return position[cell] == ENTRY_PIECE ? ENTRY_EMPTY : ENTRY_PIECE;
}

/* Dots (and clearing) go on along a drag; pieces one at a time. */
static gboolean
queens_play_drag (int entry)
{
  return entry != ENTRY_PIECE;
}

static gboolean
attack (const PwQueensLevel *level,
        guint                a,
        guint                b)
{
  int n = level->n, ax = a % n, ay = a / n, bx = b % n, by = b / n;

  if (level->variant == PW_QUEENS_QUEENS)
    return ax == bx || ay == by || ABS (ax - bx) == ABS (ay - by);
  /* stars: touching, even diagonally */
  return ABS (ax - bx) <= 1 && ABS (ay - by) <= 1;
}

/* The unit (rows, columns, regions) of each kind a cell is in. */
static guint
unit_of (const PwQueensLevel *level,
         guint                cell,
         guint                kind)
{
  guint n = level->n;

  return kind == 0 ? cell / n : kind == 1 ? n + cell % n : 2 * n + level->regions[cell];
}

static guint
n_unit_kinds (const PwQueensLevel *level)
{
  return level->regions != NULL ? 3 : 2;
}

static void
queens_conflicts (gconstpointer data,
                  const int    *position,
                  guint8       *marks)
{
  const PwQueensLevel *level = data;
  guint n = level->n;
  g_autofree guint *count = g_new0 (guint, 3 * n);

  for (guint a = 0; a < n * n; a++)
    {
      if (position[a] != ENTRY_PIECE)
        continue;
      for (guint k = 0; k < n_unit_kinds (level); k++)
        count[unit_of (level, a, k)]++;
      for (guint b = a + 1; b < n * n; b++)
        if (position[b] == ENTRY_PIECE && attack (level, a, b))
          {
            /* queens in one row or column are counted below, as units */
            if (level->variant == PW_QUEENS_QUEENS && (a % n == b % n || a / n == b / n))
              continue;
            marks[a] |= PW_CELL_MARK_CONFLICT;
            marks[b] |= PW_CELL_MARK_CONFLICT;
          }
    }
  /* a unit with too many pieces, or no room left for the ones it lacks */
  for (guint c = 0; c < n * n; c++)
    for (guint k = 0; k < n_unit_kinds (level); k++)
      if (position[c] == ENTRY_PIECE && count[unit_of (level, c, k)] > level->stars)
        marks[c] |= PW_CELL_MARK_CONFLICT;
}

static gboolean
queens_solved (gconstpointer data,
               const int    *position)
{
  const PwQueensLevel *level = data;
  guint n = level->n;
  g_autofree guint *count = g_new0 (guint, 3 * n);

  for (guint a = 0; a < n * n; a++)
    {
      if (position[a] != ENTRY_PIECE)
        continue;
      for (guint k = 0; k < n_unit_kinds (level); k++)
        count[unit_of (level, a, k)]++;
      for (guint b = a + 1; b < n * n; b++)
        if (position[b] == ENTRY_PIECE && attack (level, a, b))
          return FALSE;
    }
  for (guint u = 0; u < n_unit_kinds (level) * n; u++)
    if (count[u] != level->stars)
      return FALSE;
  return TRUE;
}

static int *
queens_solution (gconstpointer data,
                 JsonObject   *figures)
{
  const PwQueensLevel *level = data;
  int *solution = pw_cell_grid_figure (figures, "solution", level->n, level->n);

  for (guint c = 0; solution != NULL && c < level->n * level->n; c++)
    solution[c] = solution[c] == 1 ? ENTRY_PIECE : ENTRY_DOT;
  return solution;
}

/* The Star Battle grader's easiest step from the position (trials up to
 * two deep, so that a hint never takes long). */
static PwCellHint *
star_hint (gconstpointer data,
           const int    *position,
           GError      **error)
{
  const PwQueensLevel *level = data;
  guint n = level->n;
  g_autofree guint8 *cells = g_new0 (guint8, n * n);
  g_autoptr(PwStarStep) step = NULL;
  g_autofree char *sentence = NULL;
  gboolean contradiction = FALSE;
  PwCellHint *hint;

  for (guint c = 0; c < n * n; c++)
    cells[c] = position[c] == ENTRY_PIECE ? PW_QUEENS_CELL_QUEEN
               : position[c] == ENTRY_DOT ? PW_QUEENS_CELL_BLOCKED : PW_QUEENS_CELL_EMPTY;
  step = _pw_star_next_step (level, cells, PW_STAR_TRIAL, 2, &contradiction);
  if (step == NULL)
    {
      if (contradiction)
        g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                             _("stars touch, or a row, column or region has too many stars or "
                               "no room for the ones it lacks."));
      return NULL;
    }
  sentence = _pw_star_step_sentence (level, step);
  hint = pw_cell_hint_new (sentence);
  g_array_append_vals (hint->pattern, step->pattern->data, step->pattern->len);
  for (guint i = 0; i < step->stars->len; i++)
    pw_cell_hint_add (hint, g_array_index (step->stars, guint, i), ENTRY_PIECE);
  for (guint i = 0; i < step->empties->len; i++)
    pw_cell_hint_add (hint, g_array_index (step->empties, guint, i), ENTRY_DOT);
  return hint;
}

/* N-Queens' plain steps, the first that applies: the empty cells the
 * first queen (in reading order) attacks take dots; a row or column
 * without a queen whose cells but one have dots takes its queen there;
 * a cell whose queen would rule out every cell left in another row or
 * column takes a dot. An error when a row or column has no cell left. */
static PwCellHint *
queens_hint (gconstpointer data,
             const int    *position,
             GError      **error)
{
  const PwQueensLevel *level = data;
  guint n = level->n;
  g_autofree char *sentence = NULL;
  PwCellHint *hint;

  for (guint q = 0; q < n * n; q++)
    {
      if (position[q] != ENTRY_PIECE)
        continue;
      hint = NULL;
      for (guint c = 0; c < n * n; c++)
        if (c != q && position[c] == ENTRY_EMPTY && attack (level, q, c))
          {
            if (hint == NULL)
              {
                /* Translators: an N-Queens hint; a cell "r2c3" */
                sentence = g_strdup_printf (_("The queen in r%uc%u attacks its row, column and "
                                              "diagonals: no other queen can go there."),
                                            q / n + 1, q % n + 1);
                hint = pw_cell_hint_new (sentence);
                g_array_append_val (hint->pattern, q);
              }
            pw_cell_hint_add (hint, c, ENTRY_DOT);
          }
      if (hint != NULL)
        return hint;
    }

  /* rows (kind 0), then columns (kind 1) */
  for (guint kind = 0; kind < 2; kind++)
    for (guint line = 0; line < n; line++)
      {
        guint open = 0, queens = 0, cell = 0;

        for (guint i = 0; i < n; i++)
          {
            guint c = kind == 0 ? line * n + i : i * n + line;

            queens += position[c] == ENTRY_PIECE;
            if (position[c] == ENTRY_EMPTY)
              {
                open++;
                cell = c;
              }
          }
        if (queens > 0 || open > 1)
          continue;
        if (open == 0)
          {
            g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                         kind == 0 ? _("row %u has no cell left for its queen.")
                                   : _("column %u has no cell left for its queen."), line + 1);
            return NULL;
          }
        sentence = g_strdup_printf (kind == 0
                                    /* Translators: an N-Queens hint; a row, a cell "r2c3" */
                                    ? _("Last cell: every other cell of row %u is ruled out, so "
                                        "its queen goes in r%uc%u.")
                                    /* Translators: an N-Queens hint; a column, a cell "r2c3" */
                                    : _("Last cell: every other cell of column %u is ruled out, "
                                        "so its queen goes in r%uc%u."),
                                    line + 1, cell / n + 1, cell % n + 1);
        hint = pw_cell_hint_new (sentence);
        for (guint i = 0; i < n; i++)
          {
            guint c = kind == 0 ? line * n + i : i * n + line;

            if (c != cell)
              g_array_append_val (hint->pattern, c);
          }
        pw_cell_hint_add (hint, cell, ENTRY_PIECE);
        return hint;
      }

  /* a queen here would leave a row or column without a cell */
  for (guint c = 0; c < n * n; c++)
    {
      if (position[c] != ENTRY_EMPTY)
        continue;
      for (guint kind = 0; kind < 2; kind++)
        for (guint line = 0; line < n; line++)
          {
            guint open = 0, queens = 0;

            if (line == (kind == 0 ? c / n : c % n))
              continue;
            for (guint i = 0; i < n; i++)
              {
                guint d = kind == 0 ? line * n + i : i * n + line;

                queens += position[d] == ENTRY_PIECE;
                open += position[d] == ENTRY_EMPTY && !attack (level, c, d);
              }
            if (queens > 0 || open > 0)
              continue;
            sentence = g_strdup_printf (kind == 0
                                        /* Translators: an N-Queens hint; a cell "r2c3", a row */
                                        ? _("A queen here leaves no room: a queen in r%uc%u would "
                                            "rule out every cell left in row %u.")
                                        /* Translators: an N-Queens hint; a cell "r2c3", a column */
                                        : _("A queen here leaves no room: a queen in r%uc%u would "
                                            "rule out every cell left in column %u."),
                                        c / n + 1, c % n + 1, line + 1);
            hint = pw_cell_hint_new (sentence);
            for (guint i = 0; i < n; i++)
              {
                guint d = kind == 0 ? line * n + i : i * n + line;

                if (position[d] == ENTRY_EMPTY)
                  g_array_append_val (hint->pattern, d);
              }
            pw_cell_hint_add (hint, c, ENTRY_DOT);
            return hint;
          }
    }
  return NULL;
}

static char *
queens_play_status (gconstpointer data,
                    const int    *position)
{
  const PwQueensLevel *level = data;
  guint placed = 0, wanted = level->n * level->stars;

  for (guint c = 0; c < level->n * level->n; c++)
    placed += position[c] == ENTRY_PIECE;
  if (level->variant == PW_QUEENS_QUEENS)
    /* Translators: play mode: queens on the board of those the solution has */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u queen placed.",
                                         "%u of %u queens placed.", wanted), placed, wanted);
  /* Translators: play mode: stars on the board of those the solution has */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u star placed.",
                                       "%u of %u stars placed.", wanted), placed, wanted);
}

/* ------------------------------------------------------------------ */
/* The tables                                                           */

static const PwCellTool queens_tools[] = {
  { N_("_Queens"), N_("Click to give a queen or take it away"), N_("Give queens") },
  { N_("_Blocked cells"), N_("Click to block a cell (no queen may go there) or free it"),
    N_("Block cells") },
};

static const PwCellTool star_tools[] = {
  { N_("_Stars"), N_("Click to give a star or take it away"), N_("Give stars") },
  { N_("_Blocked cells"), N_("Click to block a cell (no star may go there) or free it"),
    N_("Block cells") },
  { N_("_Regions"), N_("Press on a cell, then drag: the cells passed join its region"),
    N_("Paint a region") },
};

static const PwCellSetting queens_settings[] = {
  { N_("_Size"), N_("Cells a side, and queens to place"), N_("Change the size"), FALSE, 1,
    PW_QUEENS_MAX_N, get_size, set_size },
};

static const PwCellSetting star_settings[] = {
  { N_("_Size"), N_("Cells a side, and regions"), N_("Change the size"), FALSE, 1,
    PW_STAR_BATTLE_MAX_N, get_size, set_size },
  { N_("S_tars"), N_("Stars in each row, column and region"), N_("Change the stars a unit"),
    FALSE, 1, PW_STAR_BATTLE_MAX_STARS, get_stars, set_stars },
};

#define QUEENS_CELLS                         \
  .get_cells = queens_get_cells,             \
  .paint = queens_paint,                     \
  .edit_stroke = queens_edit_stroke,         \
  .edit_paint = queens_edit_paint,           \
  .fixed = queens_fixed,                     \
  .play_press = queens_play_press,           \
  .play_drag = queens_play_drag,             \
  .solved = queens_solved,                   \
  .conflicts = queens_conflicts,             \
  .solution = queens_solution,               \
  .solution_quiet = ENTRY_DOT,               \
  .play_status = queens_play_status

static const PwCellView queens_cells = {
  QUEENS_CELLS,
  .edit_help = N_("Click a cell to give a queen there or take it away; with Blocked cells, "
                  "to block it."),
  .tools = queens_tools,
  .n_tools = G_N_ELEMENTS (queens_tools),
  .settings = queens_settings,
  .n_settings = G_N_ELEMENTS (queens_settings),
  .play_help = N_("Click: a queen. Right click: a dot, no queen here."),
  .hint = queens_hint,
};

static const PwCellView star_cells = {
  QUEENS_CELLS,
  .edit_help = N_("Click a cell to give a star or, with Blocked cells, to block it. With "
                  "Regions, drag from a cell to give its region the cells you pass."),
  .tools = star_tools,
  .n_tools = G_N_ELEMENTS (star_tools),
  .settings = star_settings,
  .n_settings = G_N_ELEMENTS (star_settings),
  .play_help = N_("Click: a star. Right click or drag: dots, no star here."),
  .hint = star_hint,
};

/* Print: the level solved, as play shows it (pw_cell_paint_solution;
 * queens and stars share the QUEENS_CELLS fields it uses). */
static gboolean
queens_draw_solution (gconstpointer      data,
                      JsonObject        *figures,
                      cairo_t           *cr,
                      const PwGeometry  *geometry,
                      const PwViewStyle *style)
{
  return pw_cell_paint_solution (&queens_cells, data, figures, cr, geometry, style);
}

const PwKindView pw_queens_view = {
  .kind_id = "queens",
  .get_grid = queens_get_grid,
  .draw = queens_draw,
  .cell_board = &queens_cells,
  .draw_solution = queens_draw_solution,
};

const PwKindView pw_star_battle_view = {
  .kind_id = "star-battle",
  .get_grid = queens_get_grid,
  .draw = queens_draw,
  .cell_board = &star_cells,
  .draw_solution = queens_draw_solution,
};
