/* pw-canvas.c — the level canvas
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One cairo pass draws the board (through the kind's view table), then
 * the overlays: validation problems, the keyboard cursor and the
 * rectangle being drawn in edit mode; in play mode, the state of the
 * position (won, dead end) and, beside each side of the board, what the
 * move that way would lead to, so a move into a dead end is marked before
 * it is made. Pointer and keys are pw-canvas-input.c's.
 */

#define G_LOG_DOMAIN "pw-canvas"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pw-canvas-private.h"
#include "pw-kind-view.h"
#include "pw-view-style.h"

#define MOVE_ANIMATION_US (150 * 1000)
#define ZOOM_MIN_CELL 8
#define ZOOM_MAX_CELL 160

G_DEFINE_FINAL_TYPE (PwCanvas, pw_canvas, GTK_TYPE_WIDGET)

guint _pw_canvas_signals[N_SIGNALS];

gboolean
pw_widget_is_dark (GtkWidget *widget)
{
  GdkRGBA colour;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.5;
}

static PwLevel *
drawn_level (PwCanvas *self)
{
  return self->shown != NULL ? self->shown : self->level;
}

void
_pw_canvas_compute_geometry (PwCanvas   *self,
                             PwGeometry *geometry)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int columns = 1, rows = 1;
  double margin;

  memset (geometry, 0, sizeof *geometry);
  if (self->level == NULL || !pw_level_get_grid (drawn_level (self), &columns, &rows))
    return;

  /* in play mode, almost a cell all round for the move markers */
  if (self->play != NULL)
    margin = MAX (16, 0.9 * MIN (width / (columns + 1.8), height / (rows + 1.8)));
  else
    margin = 12;
  if (self->zoom_cell > 0)
    {
      geometry->cell = self->zoom_cell;
      geometry->columns = columns;
      geometry->rows = rows;
      geometry->x = floor (MAX (margin, (width - columns * geometry->cell) / 2));
      geometry->y = floor (MAX (margin, (height - rows * geometry->cell) / 2));
    }
  else
    pw_geometry_fit (geometry, columns, rows, width, height, margin);
}

void
pw_canvas_get_geometry (PwCanvas   *self,
                        PwGeometry *geometry)
{
  g_return_if_fail (PW_IS_CANVAS (self));
  _pw_canvas_compute_geometry (self, geometry);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

static void
outline_cell (cairo_t          *cr,
              const PwGeometry *g,
              int               column,
              int               row,
              double            inset)
{
  double x, y;

  pw_geometry_cell_origin (g, column, row, &x, &y);
  cairo_rectangle (cr, x + inset, y + inset, g->cell - 2 * inset, g->cell - 2 * inset);
}

static void
draw_problems (PwCanvas         *self,
               cairo_t          *cr,
               const PwGeometry *g)
{
  if (self->problems == NULL || self->play != NULL)
    return;
  for (guint i = 0; i < self->problems->len; i++)
    {
      const PwProblem *problem = g_ptr_array_index (self->problems, i);
      double x, y;

      if (problem->x < 0 || problem->y < 0 || problem->x >= g->columns || problem->y >= g->rows)
        continue;
      pw_geometry_cell_origin (g, problem->x, problem->y, &x, &y);
      cairo_set_source_rgba (cr, 0.9, 0.1, 0.1, 0.25);
      cairo_rectangle (cr, x, y, g->cell, g->cell);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
      cairo_set_line_width (cr, MAX (2, g->cell / 14));
      outline_cell (cr, g, problem->x, problem->y, MAX (1, g->cell / 28));
      cairo_stroke (cr);
      /* a warning mark in the corner */
      cairo_arc (cr, x + g->cell * 0.8, y + g->cell * 0.2, g->cell * 0.14, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, MAX (1.5, g->cell / 30));
      cairo_move_to (cr, x + g->cell * 0.8, y + g->cell * 0.12);
      cairo_line_to (cr, x + g->cell * 0.8, y + g->cell * 0.22);
      cairo_stroke (cr);
      cairo_arc (cr, x + g->cell * 0.8, y + g->cell * 0.27, MAX (1, g->cell / 40), 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_selection (PwCanvas         *self,
                cairo_t          *cr,
                const PwGeometry *g)
{
  gboolean focus = gtk_widget_has_focus (GTK_WIDGET (self));
  int c0, r0, c1, r1;
  double x0, y0, x1, y1;

  if (self->play != NULL || self->placing)
    return;
  if (self->dragging && self->tool == PW_TOOL_RECTANGLE && !self->drag_erases)
    {
      c0 = self->drag_column, r0 = self->drag_row;
      c1 = self->hover_column, r1 = self->hover_row;
    }
  else if (focus && self->has_anchor)
    {
      c0 = self->anchor_column, r0 = self->anchor_row;
      c1 = self->cursor_column, r1 = self->cursor_row;
    }
  else if (focus)
    {
      c0 = c1 = self->cursor_column;
      r0 = r1 = self->cursor_row;
    }
  else
    return;

  pw_geometry_cell_origin (g, MIN (c0, c1), MIN (r0, r1), &x0, &y0);
  pw_geometry_cell_origin (g, MAX (c0, c1) + 1, MAX (r0, r1) + 1, &x1, &y1);
  cairo_set_line_width (cr, MAX (2, g->cell / 16));
  cairo_rectangle (cr, x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2);
  cairo_set_source_rgb (cr, 0.1, 0.45, 0.95);
  cairo_set_dash (cr, (double[]) { g->cell / 6, g->cell / 10 }, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* A marker beside side @side (0 top, 1 right, 2 bottom, 3 left) for the
 * move that way: an arrow, green with the moves left when it keeps a win
 * in reach, red and crossed when it leads into a dead end, faint when it
 * changes nothing. */
static void
draw_move_marker (cairo_t          *cr,
                  const PwGeometry *g,
                  int               side,
                  PwPlayStatus      status,
                  gboolean          changes,
                  guint             distance)
{
  static const int dx[4] = { 0, 1, 0, -1 };
  static const int dy[4] = { -1, 0, 1, 0 };
  double w = g->columns * g->cell, h = g->rows * g->cell;
  double cx = g->x + w / 2 + dx[side] * (w / 2 + g->cell * 0.45);
  double cy = g->y + h / 2 + dy[side] * (h / 2 + g->cell * 0.45);
  double r = MAX (8, g->cell * 0.3);
  double px = -dy[side], py = dx[side];  /* across the arrow */

  if (!changes)
    cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.35);
  else if (status == PW_PLAY_DEAD_END)
    cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
  else if (status == PW_PLAY_WINNABLE || status == PW_PLAY_WON)
    cairo_set_source_rgb (cr, 0.15, 0.6, 0.25);
  else
    cairo_set_source_rgb (cr, 0.45, 0.45, 0.5);

  cairo_move_to (cr, cx + dx[side] * r, cy + dy[side] * r);
  cairo_line_to (cr, cx - dx[side] * r * 0.6 + px * r, cy - dy[side] * r * 0.6 + py * r);
  cairo_line_to (cr, cx - dx[side] * r * 0.6 - px * r, cy - dy[side] * r * 0.6 - py * r);
  cairo_close_path (cr);
  cairo_fill (cr);

  if (!changes)
    return;
  cairo_set_source_rgb (cr, 1, 1, 1);
  if (status == PW_PLAY_DEAD_END)
    {
      double s = r * 0.35;

      cairo_set_line_width (cr, MAX (2, r / 5));
      cairo_move_to (cr, cx - s, cy - s);
      cairo_line_to (cr, cx + s, cy + s);
      cairo_move_to (cr, cx + s, cy - s);
      cairo_line_to (cr, cx - s, cy + s);
      cairo_stroke (cr);
    }
  else if (status == PW_PLAY_WINNABLE || status == PW_PLAY_WON)
    {
      char text[16];
      cairo_text_extents_t extents;

      g_snprintf (text, sizeof text, "%u", status == PW_PLAY_WON ? 0 : distance);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, r * 0.7);
      cairo_text_extents (cr, text, &extents);
      cairo_move_to (cr, cx - extents.width / 2 - extents.x_bearing,
                     cy - extents.height / 2 - extents.y_bearing);
      cairo_show_text (cr, text);
    }
}

static void
draw_play (PwCanvas         *self,
           cairo_t          *cr,
           const PwGeometry *g)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  PwPlayStatus status = pw_play_get_status (self->play, NULL);
  double w = g->columns * g->cell, h = g->rows * g->cell;
  double line = MAX (4, g->cell / 8);

  if (status == PW_PLAY_DEAD_END || status == PW_PLAY_WON)
    {
      if (status == PW_PLAY_DEAD_END)
        {
          /* unmistakable: the board tinted red and hatched, a red frame */
          cairo_save (cr);
          cairo_rectangle (cr, g->x, g->y, w, h);
          cairo_clip (cr);
          cairo_set_source_rgba (cr, 0.85, 0.05, 0.05, 0.22);
          cairo_paint (cr);
          cairo_set_source_rgba (cr, 0.85, 0.05, 0.05, 0.35);
          cairo_set_line_width (cr, MAX (1, g->cell / 20));
          for (double d = -h; d < w; d += g->cell / 2)
            {
              cairo_move_to (cr, g->x + d, g->y + h);
              cairo_line_to (cr, g->x + d + h, g->y);
            }
          cairo_stroke (cr);
          cairo_restore (cr);
          cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
        }
      else
        cairo_set_source_rgb (cr, 0.15, 0.65, 0.25);
      cairo_set_line_width (cr, line);
      cairo_rectangle (cr, g->x - line / 2, g->y - line / 2, w + line, h + line);
      cairo_stroke (cr);
    }

  if (view == NULL || view->arrow_moves == NULL || pw_play_is_won (self->play))
    return;
  for (int side = 0; side < 4; side++)
    {
      int move = pw_play_find_move (self->play, view->arrow_moves[side]);
      gboolean changes = FALSE;
      guint distance = 0;
      PwPlayStatus s;

      if (move < 0)
        continue;
      s = pw_play_get_move_status (self->play, move, &changes, &distance);
      draw_move_marker (cr, g, side, s, changes, distance);
    }
}

/* Placement play's dead end: the pieces that cannot all stay, ringed in
 * red. */
static void
draw_conflict (PwCanvas         *self,
               cairo_t          *cr,
               const PwGeometry *g)
{
  int width, height;

  if (!self->placing || self->conflict == NULL || self->level == NULL)
    return;
  pw_level_get_cells (self->level, &width, &height);
  for (int i = 0; i < width * height; i++)
    {
      double x, y;

      if (!self->conflict[i])
        continue;
      pw_geometry_cell_origin (g, i % width, i / width, &x, &y);
      cairo_set_source_rgb (cr, 0.85, 0.05, 0.05);
      cairo_set_line_width (cr, MAX (3, g->cell / 9));
      cairo_new_path (cr);
      cairo_arc (cr, x + g->cell / 2, y + g->cell / 2, g->cell * 0.47, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

static void
draw_overlay (PwCanvas         *self,
              cairo_t          *cr,
              const PwGeometry *g,
              gboolean          dark)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));

  /* not while playing: the overlay would give the answers away */
  if (view == NULL || view->draw_overlay == NULL || self->analysis == NULL || self->play != NULL ||
      self->placing)
    return;
  cairo_save (cr);
  view->draw_overlay (pw_level_get_data (self->level), pw_analysis_get_figures (self->analysis),
                      cr, g, pw_view_style_get (dark));
  cairo_restore (cr);
}

/* Cells the figures panel points at (an entry's dead cells): filled in
 * the accent colour and outlined, over the kind's own overlay. */
static void
draw_highlight (PwCanvas         *self,
                cairo_t          *cr,
                const PwGeometry *g)
{
  if (self->highlight == NULL || self->play != NULL || self->placing)
    return;
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (2, g->cell / 14));
  for (guint i = 0; i + 1 < self->highlight->len; i += 2)
    {
      int column = g_array_index (self->highlight, int, i);
      int row = g_array_index (self->highlight, int, i + 1);
      double x, y;

      if (column < 0 || row < 0 || column >= g->columns || row >= g->rows)
        continue;
      pw_geometry_cell_origin (g, column, row, &x, &y);
      cairo_rectangle (cr, x + 2, y + 2, g->cell - 4, g->cell - 4);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.35);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0.11, 0.39, 0.77, 0.95);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static gboolean
draw_animation (PwCanvas         *self,
                cairo_t          *cr,
                const PwGeometry *g,
                gboolean          dark)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  double t = (double) (g_get_monotonic_time () - self->anim_start) / MOVE_ANIMATION_US;
  gboolean drawn;

  if (view == NULL || view->draw_move == NULL)
    return FALSE;
  cairo_save (cr);
  drawn = view->draw_move (pw_level_get_data (self->level), pw_level_get_data (self->anim_before),
                           self->anim_move, CLAMP (t, 0, 1), cr, g, pw_view_style_get (dark));
  cairo_restore (cr);
  return drawn;
}

static void
stop_animation (PwCanvas *self)
{
  if (self->anim_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->anim_tick);
  self->anim_tick = 0;
  g_clear_pointer (&self->anim_before, pw_level_unref);
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  PwCanvas *self = PW_CANVAS (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->anim_start >= MOVE_ANIMATION_US)
    {
      self->anim_tick = 0;
      g_clear_pointer (&self->anim_before, pw_level_unref);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
pw_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  PwCanvas *self = PW_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  gboolean dark = pw_widget_is_dark (widget);
  PwGeometry g;
  cairo_t *cr;

  if (self->level == NULL || width <= 0 || height <= 0)
    return;

  _pw_canvas_compute_geometry (self, &g);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  pw_colour_set (cr, &pw_view_style_get (dark)->background);
  cairo_paint (cr);
  if (g.cell > 0 && self->anim_before != NULL && draw_animation (self, cr, &g, dark))
    ;  /* the move's overlays come when it has arrived */
  else if (g.cell > 0 && pw_level_paint_at (drawn_level (self), cr, &g, dark))
    {
      draw_overlay (self, cr, &g, dark);
      draw_highlight (self, cr, &g);
      draw_conflict (self, cr, &g);
      draw_problems (self, cr, &g);
      draw_selection (self, cr, &g);
      if (self->play != NULL)
        draw_play (self, cr, &g);
    }
  else
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (widget,
                                                            _("This build cannot draw levels of this kind."));
      int lw, lh;

      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_move_to (cr, (width - lw) / 2.0, (height - lh) / 2.0);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  cairo_destroy (cr);
}

static void
pw_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  PwCanvas *self = PW_CANVAS (widget);
  int columns = 8, rows = 8;

  if (self->level != NULL)
    pw_level_get_grid (drawn_level (self), &columns, &rows);
  if (self->zoom_cell > 0)
    {
      int cells = orientation == GTK_ORIENTATION_HORIZONTAL ? columns : rows;

      *minimum = *natural = cells * self->zoom_cell + 2 * 24;
    }
  else
    {
      *minimum = 120;
      *natural = 480;
    }
}

/* ------------------------------------------------------------------ */

static void
pw_canvas_dispose (GObject *object)
{
  PwCanvas *self = PW_CANVAS (object);

  stop_animation (self);
  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->shown, pw_level_unref);
  g_clear_pointer (&self->history, g_free);
  g_clear_pointer (&self->conflict, g_free);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->highlight, g_array_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  self->play = NULL;
  G_OBJECT_CLASS (pw_canvas_parent_class)->dispose (object);
}

static void
pw_canvas_class_init (PwCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_canvas_dispose;
  widget_class->snapshot = pw_canvas_snapshot;
  widget_class->measure = pw_canvas_measure;

  _pw_canvas_signals[STROKE_BEGIN] = g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
  _pw_canvas_signals[PAINT] = g_signal_new ("paint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                 G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  _pw_canvas_signals[STROKE_END] = g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 0);
  _pw_canvas_signals[FILL_RECTANGLE] = g_signal_new ("fill-rectangle", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 5, G_TYPE_INT, G_TYPE_INT,
                                          G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  _pw_canvas_signals[FLOOD_FILL] = g_signal_new ("flood-fill", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  _pw_canvas_signals[MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  _pw_canvas_signals[PLACE] = g_signal_new ("place", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  _pw_canvas_signals[PLAY_KEY] = g_signal_new ("play-key", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "pw-canvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pw_canvas_init (PwCanvas *self)
{
  self->tool = PW_TOOL_PENCIL;
  self->tile = '#';

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  _pw_canvas_add_input (self);
}

GtkWidget *
pw_canvas_new (void)
{
  return g_object_new (PW_TYPE_CANVAS, NULL);
}

static void
update_description (PwCanvas *self)
{
  g_autofree char *size = self->level != NULL ? pw_level_describe_size (self->level) : NULL;
  g_autofree char *text = NULL;

  if (self->level == NULL)
    return;
  /* Translators: the canvas's description for screen readers: level name, size */
  text = g_strdup_printf (_("Level “%s”, %s"), pw_level_get_name (self->level), size);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

void
pw_canvas_set_level (PwCanvas *self,
                     PwLevel  *level)
{
  int columns, rows;

  g_return_if_fail (PW_IS_CANVAS (self));

  if (level == self->level)
    return;
  if (level != NULL)
    pw_level_ref (level);
  g_clear_pointer (&self->level, pw_level_unref);
  self->level = level;
  if (level != NULL && pw_level_get_grid (level, &columns, &rows))
    {
      self->cursor_column = CLAMP (self->cursor_column, 0, columns - 1);
      self->cursor_row = CLAMP (self->cursor_row, 0, rows - 1);
    }
  update_description (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

PwLevel *
pw_canvas_get_level (PwCanvas *self)
{
  g_return_val_if_fail (PW_IS_CANVAS (self), NULL);
  return self->level;
}

void
pw_canvas_set_problems (PwCanvas  *self,
                        GPtrArray *problems)
{
  g_return_if_fail (PW_IS_CANVAS (self));

  if (problems != NULL)
    g_ptr_array_ref (problems);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = problems;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pw_canvas_set_highlight (PwCanvas  *self,
                         const int *cells,
                         guint      n_cells)
{
  g_return_if_fail (PW_IS_CANVAS (self));

  g_clear_pointer (&self->highlight, g_array_unref);
  if (cells != NULL && n_cells > 0)
    {
      self->highlight = g_array_sized_new (FALSE, FALSE, sizeof (int), 2 * n_cells);
      g_array_append_vals (self->highlight, cells, 2 * n_cells);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
pw_canvas_get_highlight (PwCanvas   *self,
                         const int **cells)
{
  g_return_val_if_fail (PW_IS_CANVAS (self), 0);

  if (cells != NULL)
    *cells = self->highlight != NULL ? (const int *) self->highlight->data : NULL;
  return self->highlight != NULL ? self->highlight->len / 2 : 0;
}

void
pw_canvas_set_placement (PwCanvas     *self,
                         const guint8 *placed,
                         const guint8 *conflict)
{
  const PwKind *kind;
  int columns = 0, rows = 0;

  g_return_if_fail (PW_IS_CANVAS (self));

  g_clear_pointer (&self->shown, pw_level_unref);
  g_clear_pointer (&self->conflict, g_free);
  self->placing = placed != NULL && self->level != NULL;
  kind = self->level ? pw_level_get_kind (self->level) : NULL;
  if (self->placing && kind != NULL && kind->place_render != NULL)
    {
      gpointer data = kind->place_render (pw_level_get_data (self->level), placed);

      self->shown = _pw_level_new_take_data (kind, data);
      pw_level_get_cells (self->level, &columns, &rows);
      if (conflict != NULL)
        self->conflict = g_memdup2 (conflict, (gsize) columns * rows);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pw_canvas_set_analysis (PwCanvas   *self,
                        PwAnalysis *analysis)
{
  g_return_if_fail (PW_IS_CANVAS (self));

  if (pw_analysis_replace (&self->analysis, analysis))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pw_canvas_set_play (PwCanvas *self,
                    PwPlay   *play)
{
  g_return_if_fail (PW_IS_CANVAS (self));

  self->play = play;
  self->dragging = FALSE;
  self->has_anchor = FALSE;
  pw_canvas_play_changed (self);
}

void
pw_canvas_play_changed (PwCanvas *self)
{
  const char *history;
  gboolean animate = FALSE;
  gsize old_len;

  g_return_if_fail (PW_IS_CANVAS (self));

  stop_animation (self);
  history = self->play != NULL ? pw_play_get_history (self->play) : NULL;
  old_len = self->history != NULL ? strlen (self->history) : 0;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animate,
                NULL);
  /* one move forward: show it travelling; anything else jumps */
  if (animate && history != NULL && self->history != NULL && self->shown != NULL &&
      strlen (history) == old_len + 1 && strncmp (history, self->history, old_len) == 0)
    {
      int move = pw_play_find_move (self->play, history[old_len]);

      if (move >= 0)
        {
          self->anim_before = pw_level_ref (self->shown);
          self->anim_move = move;
          self->anim_start = g_get_monotonic_time ();
          self->anim_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick,
                                                          NULL, NULL);
        }
    }
  g_free (self->history);
  self->history = g_strdup (history);

  g_clear_pointer (&self->shown, pw_level_unref);
  if (self->play != NULL)
    self->shown = pw_play_render (self->play);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pw_canvas_set_tool (PwCanvas *self,
                    PwTool    tool)
{
  g_return_if_fail (PW_IS_CANVAS (self));
  self->tool = tool;
  self->has_anchor = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

PwTool
pw_canvas_get_tool (PwCanvas *self)
{
  return self->tool;
}

void
pw_canvas_set_tile (PwCanvas *self,
                    char      tile)
{
  g_return_if_fail (PW_IS_CANVAS (self));
  self->tile = tile;
}

char
pw_canvas_get_tile (PwCanvas *self)
{
  return self->tile;
}

static int
current_cell (PwCanvas *self)
{
  PwGeometry g;

  if (self->zoom_cell > 0)
    return self->zoom_cell;
  _pw_canvas_compute_geometry (self, &g);
  return MAX ((int) g.cell, ZOOM_MIN_CELL);
}

void
pw_canvas_zoom_in (PwCanvas *self)
{
  self->zoom_cell = MIN (ZOOM_MAX_CELL, (int) ceil (current_cell (self) * 1.25));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
pw_canvas_zoom_out (PwCanvas *self)
{
  self->zoom_cell = MAX (ZOOM_MIN_CELL, (int) floor (current_cell (self) / 1.25));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
pw_canvas_zoom_fit (PwCanvas *self)
{
  self->zoom_cell = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
