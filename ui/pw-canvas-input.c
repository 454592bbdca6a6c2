/* pw-canvas-input.c — the canvas's pointer and keys
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Strokes, rectangles and fills with the tool of the bar, the keyboard
 * cursor, swipes and arrow keys in play, clicks in placement play, Ctrl
 * and the wheel to zoom: each becomes one of the canvas's signals, never
 * an edit.
 */

#define G_LOG_DOMAIN "pw-canvas"

#include "config.h"

#include <math.h>

#include "pw-canvas-private.h"
#include "pw-kind-view.h"

static char
tool_tile (PwCanvas *self,
           gboolean  erase)
{
  const PwKindView *view = self->level != NULL
                           ? pw_kind_view_lookup (pw_level_get_kind_id (self->level)) : NULL;

  if (erase || self->tool == PW_TOOL_ERASER)
    return view != NULL ? view->erase_tile : '\0';
  return self->tile;
}

static gboolean
cell_at (PwCanvas *self,
         double    x,
         double    y,
         int      *column,
         int      *row)
{
  PwGeometry g;

  _pw_canvas_compute_geometry (self, &g);
  return g.cell > 0 && pw_geometry_cell_at (&g, x, y, column, row);
}

/* Every cell on the segment between two cells, so a fast stroke leaves
 * no gaps. */
static void
paint_line (PwCanvas *self,
            int       c0,
            int       r0,
            int       c1,
            int       r1,
            char      tile)
{
  int steps = MAX (ABS (c1 - c0), ABS (r1 - r0));

  for (int i = 1; i <= steps; i++)
    {
      int c = c0 + (int) lround ((double) (c1 - c0) * i / steps);
      int r = r0 + (int) lround ((double) (r1 - r0) * i / steps);

      g_signal_emit (self, _pw_canvas_signals[PAINT], 0, c, r, (int) tile);
    }
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            PwCanvas       *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int column, row;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->placing)
    {
      self->dragging = FALSE;
      if (cell_at (self, x, y, &column, &row))
        g_signal_emit (self, _pw_canvas_signals[PLACE], 0, column, row);
      return;
    }
  if (self->play != NULL || self->level == NULL || !cell_at (self, x, y, &column, &row))
    {
      self->dragging = FALSE;
      self->drag_x = x;
      self->drag_y = y;
      return;
    }

  self->dragging = TRUE;
  self->drag_erases = button == GDK_BUTTON_SECONDARY;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_column = self->last_column = self->hover_column = column;
  self->drag_row = self->last_row = self->hover_row = row;
  self->cursor_column = column;
  self->cursor_row = row;
  self->has_anchor = FALSE;

  if (self->tool == PW_TOOL_FILL && !self->drag_erases)
    {
      g_signal_emit (self, _pw_canvas_signals[FLOOD_FILL], 0, column, row, (int) tool_tile (self, FALSE));
      self->dragging = FALSE;
    }
  else if (self->tool != PW_TOOL_RECTANGLE || self->drag_erases)
    {
      g_signal_emit (self, _pw_canvas_signals[STROKE_BEGIN], 0);
      g_signal_emit (self, _pw_canvas_signals[PAINT], 0, column, row, (int) tool_tile (self, self->drag_erases));
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             PwCanvas       *self)
{
  int column, row;

  if (!self->dragging)
    return;
  if (!cell_at (self, self->drag_x + dx, self->drag_y + dy, &column, &row))
    return;
  if (self->tool == PW_TOOL_RECTANGLE && !self->drag_erases)
    {
      if (column != self->hover_column || row != self->hover_row)
        {
          self->hover_column = column;
          self->hover_row = row;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }
  if (column == self->last_column && row == self->last_row)
    return;
  paint_line (self, self->last_column, self->last_row, column, row,
              tool_tile (self, self->drag_erases));
  self->last_column = self->cursor_column = column;
  self->last_row = self->cursor_row = row;
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          PwCanvas       *self)
{
  if (self->placing)
    return;
  if (self->play != NULL)
    {
      /* a swipe plays the move in its direction */
      const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
      int side;

      if (view == NULL || view->arrow_moves == NULL || hypot (dx, dy) < 24)
        return;
      if (fabs (dx) > fabs (dy))
        side = dx > 0 ? 1 : 3;
      else
        side = dy > 0 ? 2 : 0;
      side = pw_play_find_move (self->play, view->arrow_moves[side]);
      if (side >= 0)
        g_signal_emit (self, _pw_canvas_signals[MOVE], 0, (guint) side);
      return;
    }
  if (!self->dragging)
    return;
  self->dragging = FALSE;
  if (self->tool == PW_TOOL_RECTANGLE && !self->drag_erases)
    g_signal_emit (self, _pw_canvas_signals[FILL_RECTANGLE], 0, self->drag_column, self->drag_row,
                   self->hover_column, self->hover_row, (int) tool_tile (self, FALSE));
  else
    g_signal_emit (self, _pw_canvas_signals[STROKE_END], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
apply_at_cursor (PwCanvas *self,
                 gboolean  erase)
{
  if (self->has_anchor && !erase)
    {
      g_signal_emit (self, _pw_canvas_signals[FILL_RECTANGLE], 0, self->anchor_column, self->anchor_row,
                     self->cursor_column, self->cursor_row, (int) tool_tile (self, FALSE));
      self->has_anchor = FALSE;
    }
  else if (self->tool == PW_TOOL_FILL && !erase)
    g_signal_emit (self, _pw_canvas_signals[FLOOD_FILL], 0, self->cursor_column, self->cursor_row,
                   (int) tool_tile (self, FALSE));
  else
    {
      g_signal_emit (self, _pw_canvas_signals[STROKE_BEGIN], 0);
      g_signal_emit (self, _pw_canvas_signals[PAINT], 0, self->cursor_column, self->cursor_row,
                     (int) tool_tile (self, erase));
      g_signal_emit (self, _pw_canvas_signals[STROKE_END], 0);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             PwCanvas              *self)
{
  static const guint arrows[4] = { GDK_KEY_Up, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Left };
  static const int dx[4] = { 0, 1, 0, -1 };
  static const int dy[4] = { -1, 0, 1, 0 };
  int columns, rows;

  if (self->level == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  /* placement play: clicks place; the keys only step back, restart, hint */
  if (self->placing)
    {
      if (keyval == GDK_KEY_BackSpace || keyval == GDK_KEY_Home || keyval == GDK_KEY_h)
        {
          g_signal_emit (self, _pw_canvas_signals[PLAY_KEY], 0, keyval);
          return TRUE;
        }
      return FALSE;
    }

  for (int side = 0; side < 4; side++)
    {
      if (keyval != arrows[side] && keyval != arrows[side] - GDK_KEY_Left + GDK_KEY_KP_Left)
        continue;
      if (self->play != NULL)
        {
          const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
          int move = view != NULL && view->arrow_moves != NULL
                     ? pw_play_find_move (self->play, view->arrow_moves[side]) : -1;

          if (move >= 0)
            g_signal_emit (self, _pw_canvas_signals[MOVE], 0, (guint) move);
          return TRUE;
        }
      pw_level_get_grid (self->level, &columns, &rows);
      if ((state & GDK_SHIFT_MASK) && !self->has_anchor)
        {
          self->has_anchor = TRUE;
          self->anchor_column = self->cursor_column;
          self->anchor_row = self->cursor_row;
        }
      else if (!(state & GDK_SHIFT_MASK))
        self->has_anchor = FALSE;
      self->cursor_column = CLAMP (self->cursor_column + dx[side], 0, columns - 1);
      self->cursor_row = CLAMP (self->cursor_row + dy[side], 0, rows - 1);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  if (self->play != NULL)
    {
      if (keyval == GDK_KEY_BackSpace || keyval == GDK_KEY_Home || keyval == GDK_KEY_h)
        {
          g_signal_emit (self, _pw_canvas_signals[PLAY_KEY], 0, keyval);
          return TRUE;
        }
      return FALSE;
    }
  switch (keyval)
    {
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      apply_at_cursor (self, FALSE);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_BackSpace:
      apply_at_cursor (self, TRUE);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->has_anchor)
        {
          self->has_anchor = FALSE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}

static gboolean
scrolled (GtkEventControllerScroll *controller,
          double                    dx,
          double                    dy,
          PwCanvas                 *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_CONTROL_MASK))
    return FALSE;
  if (dy < 0)
    pw_canvas_zoom_in (self);
  else if (dy > 0)
    pw_canvas_zoom_out (self);
  return TRUE;
}

static void
focus_changed (PwCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_pw_canvas_add_input (PwCanvas *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}
