/* pw-card-table-input.c — play moves on the card table, and its pointer
 * and keyboard
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-card-table"

#include "config.h"

#include "pw-card-table-private.h"

#define DRAG_THRESHOLD 6.0

/* ------------------------------------------------------------------ */
/* Play                                                                 */

gboolean
pw_card_table_play (PwCardTable *self,
                    int          from,
                    int          index,
                    int          to)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
  guint step;

  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  if (!self->playing || !pw_fc_resolve_move (&self->position, from, index, to, moves))
    return FALSE;
  g_array_append_val (self->history, self->position);
  pw_fc_apply_moves (&self->position, moves, 0);
  if (gtk_check_button_get_active (self->auto_check))
    pw_fc_auto_moves (&self->position, moves);
  step = moves->len;
  g_array_append_val (self->steps, step);
  g_array_append_vals (self->moves, moves->data, moves->len);
  self->selected_place = -1;
  _pw_card_table_start_check (self);
  gtk_widget_queue_draw (self->area);
  pw_board_emit_play_changed (PW_BOARD (self));
  return TRUE;
}

static void
select_source (PwCardTable *self,
               int          place,
               int          index)
{
  if (place < PW_FC_MAX_CASCADES)
    {
      int h = self->position.height[place];

      if (h == 0)
        {
          self->selected_place = -1;
          return;
        }
      /* a card under the top run: the run it can carry starts higher */
      index = CLAMP (index, 0, h - 1);
      while (!pw_fc_is_run (&self->position, place, index))
        index++;
    }
  else if (pw_fc_top (&self->position, place) == 0)
    {
      self->selected_place = -1;
      return;
    }
  self->selected_place = place;
  self->selected_index = index;
}

void
pw_card_table_select (PwCardTable *self,
                      int          place,
                      int          index)
{
  g_return_if_fail (PW_IS_CARD_TABLE (self));

  if (!self->playing || place < 0 || place >= N_SOURCES)
    self->selected_place = -1;
  else
    select_source (self, place, index);
  _pw_card_table_apply_decor_marks (self);
  gtk_widget_queue_draw (self->area);
}

static void
play_click (PwCardTable *self,
            int          place,
            int          index)
{
  if (self->selected_place >= 0 && place != self->selected_place)
    {
      if (pw_card_table_play (self, self->selected_place, self->selected_index, place))
        return;
    }
  if (place == self->selected_place || place == PW_FC_FOUNDATION)
    self->selected_place = -1;
  else
    select_source (self, place, index);
  _pw_card_table_apply_decor_marks (self);
  gtk_widget_queue_draw (self->area);
}

/* ------------------------------------------------------------------ */
/* Pointer                                                              */

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            PwCardTable    *self)
{
  g_autofree PwFreecellLevel *level = _pw_card_table_shown_level (self);
  int place, index;
  double cx, cy;

  self->press_place = -1;
  self->dragging = FALSE;
  if (level == NULL || !pw_freecell_hit (level, &self->geometry, x, y, &place, &index))
    return;
  self->press_place = place;
  self->press_index = index;
  self->press_x = x;
  self->press_y = y;
  if (place < PW_FC_FOUNDATION)
    {
      pw_freecell_card_origin (level, &self->geometry, place,
                               place < PW_FC_MAX_CASCADES ? MIN (index, MAX (level->height[place]
                                                                             - 1, 0)) : 0,
                               &cx, &cy);
      self->grab_dx = x - cx;
      self->grab_dy = y - cy;
    }
  gtk_widget_grab_focus (self->area);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             PwCardTable    *self)
{
  if (self->press_place < 0 || self->press_place == PW_FC_FOUNDATION)
    return;
  if (!self->dragging && dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD)
    return;
  if (!self->dragging)
    {
      const PwFreecellLevel *data = _pw_card_table_level_data (self);

      if (self->playing)
        {
          select_source (self, self->press_place, self->press_index);
          if (self->selected_place < 0)
            return;
          self->decor.drag_place = self->selected_place;
          self->decor.drag_index = -1;
          self->decor.drag_count = self->selected_place < PW_FC_MAX_CASCADES
                                   ? self->position.height[self->selected_place] -
                                     self->selected_index
                                   : 1;
          _pw_card_table_apply_decor_marks (self);
        }
      else
        {
          if (self->press_place >= PW_FC_MAX_CASCADES ||
              self->press_index >= data->height[self->press_place])
            return;
          self->decor.drag_place = self->press_place;
          self->decor.drag_index = self->press_index;
          self->decor.drag_count = 1;
          self->edit_place = -1;
        }
      self->dragging = TRUE;
    }
  self->decor.drag_x = self->press_x + dx - self->grab_dx;
  self->decor.drag_y = self->press_y + dy - self->grab_dy;
  gtk_widget_queue_draw (self->area);
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          PwCardTable    *self)
{
  g_autofree PwFreecellLevel *level = _pw_card_table_shown_level (self);
  int place, index;
  gboolean hit;

  if (level == NULL || self->press_place < 0)
    return;
  hit = pw_freecell_hit (level, &self->geometry, self->press_x + dx, self->press_y + dy, &place,
                         &index);
  if (self->dragging)
    {
      int from = self->decor.drag_place, from_index = self->decor.drag_index;

      self->decor.drag_place = -1;
      self->dragging = FALSE;
      if (self->playing)
        {
          if (!hit || place == from ||
              !pw_card_table_play (self, from, self->selected_index, place))
            {
              self->selected_place = -1;
              _pw_card_table_apply_decor_marks (self);
              if (hit && place != from)
                gtk_widget_error_bell (GTK_WIDGET (self));
            }
        }
      else if (hit && place < PW_FC_MAX_CASCADES)
        pw_card_table_move_card (self, from, from_index, place, index);
      gtk_widget_queue_draw (self->area);
      return;
    }

  /* a click */
  if (!hit || place != self->press_place)
    return;
  if (self->playing)
    {
      play_click (self, place, index);
      return;
    }
  if (place >= PW_FC_MAX_CASCADES || index >= level->height[place])
    {
      self->edit_place = -1;
    }
  else if (self->edit_place < 0)
    {
      self->edit_place = place;
      self->edit_index = index;
    }
  else
    {
      int c = self->edit_place, i = self->edit_index;

      self->edit_place = -1;
      if (c != place || i != index)
        pw_card_table_swap_cards (self, c, i, place, index);
    }
  gtk_widget_queue_draw (self->area);
}

/* Play by keyboard: Left and Right move the cursor along a row, Up and
 * Down between the cascades and the free cells and foundations; Space or
 * Return clicks where the cursor is (selects a card, or moves the selected
 * one there). */
static gboolean
keyboard_play (PwCardTable *self,
               guint        keyval)
{
  int n_cascades = self->position.n_cascades, n_free = self->position.n_free;
  int top_row = n_free + 1;   /* the free cells, then the foundations */
  int cursor = self->cursor;
  gboolean top = cursor >= PW_FC_MAX_CASCADES;
  int index = cursor < 0 ? 0
              : top ? (cursor == PW_FC_FOUNDATION ? n_free : cursor - PW_FC_MAX_CASCADES)
                    : cursor;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      index = cursor < 0 ? 0 : MAX (index - 1, 0);
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      index = cursor < 0 ? 0 : MIN (index + 1, (top ? top_row : n_cascades) - 1);
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      top = TRUE;
      index = MIN (index, top_row - 1);
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      top = FALSE;
      index = MIN (index, n_cascades - 1);
      break;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (cursor < 0)
        return FALSE;
      play_click (self, cursor,
                  cursor < PW_FC_MAX_CASCADES ? MAX (self->position.height[cursor] - 1, 0) : 0);
      return TRUE;
    default:
      return FALSE;
    }
  self->cursor = !top ? index : index < n_free ? PW_FC_CELL (index) : PW_FC_FOUNDATION;
  self->decor.cursor = self->cursor;
  gtk_widget_queue_draw (self->area);
  return TRUE;
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             PwCardTable           *self)
{
  if (self->playing && (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) == 0)
    {
      const char *action = keyval == GDK_KEY_BackSpace ? "win.play-back"
                           : keyval == GDK_KEY_Home ? "win.play-restart"
                           : keyval == GDK_KEY_h ? "win.play-hint" : NULL;

      if (action != NULL)
        {
          gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
          return TRUE;
        }
    }
  if (self->playing && (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) == 0 &&
      keyboard_play (self, keyval))
    return TRUE;
  if (keyval == GDK_KEY_Escape && (self->selected_place >= 0 || self->edit_place >= 0))
    {
      self->selected_place = -1;
      self->edit_place = -1;
      _pw_card_table_apply_decor_marks (self);
      gtk_widget_queue_draw (self->area);
      return TRUE;
    }
  return FALSE;
}

void
_pw_card_table_add_input (PwCardTable *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (self->area, keys);
}
