/* latin-board-input.c — the number board's pointer and keys
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A click selects a cell (or cycles the sign on the edge between two
 * Futoshiki cells), a drag from a cell paints its jigsaw region, keys
 * move the cursor and type values (two digits typed quickly make one
 * value; letters when letters are shown), in play the entries, pencil
 * marks, H for a hint and Backspace to step back.
 */

#define G_LOG_DOMAIN "pw-latin-board"

#include "config.h"

#include <glib/gi18n.h>

#include "latin-board-private.h"
#include "latin-paint.h"

/* Two digits typed within this long make one value (10 and up). */
#define TYPING_PAUSE_US (1200 * 1000)

void
pw_number_board_select (PwNumberBoard *self,
                        guint          cell)
{
  g_return_if_fail (PW_IS_NUMBER_BOARD (self));

  if (cell >= n_cells (self))
    return;
  self->cursor = cell;
  self->typed_cell = -1;
  redraw (self);
}

gboolean
pw_number_board_type_value (PwNumberBoard *self,
                            guint          value)
{
  const PwLatinLevel *level;
  guint cell;

  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), FALSE);

  level = data (self);
  if (level == NULL || self->cursor < 0 || value > level->n)
    return FALSE;
  cell = self->cursor;
  if (self->playing)
    _pw_number_board_play_value (self, cell, value);
  else
    _pw_number_board_edit_given (self, cell, value);
  return TRUE;
}

const guint8 *
pw_number_board_get_values (PwNumberBoard *self)
{
  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), NULL);
  return self->values;
}

void
pw_number_board_set_pencil (PwNumberBoard *self,
                            gboolean       pencil)
{
  g_return_if_fail (PW_IS_NUMBER_BOARD (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pencil_toggle), pencil);
}

/* A digit: one value, or with the digit before it (same cell, quickly)
 * a two-digit value up to n. */
static void
type_digit (PwNumberBoard *self,
            guint          digit)
{
  const PwLatinLevel *level = data (self);
  gint64 now = g_get_monotonic_time ();
  guint value = digit;

  if (level->n >= 10 && self->typed_cell == self->cursor && now - self->typed_time < TYPING_PAUSE_US &&
      self->typed_value > 0 && self->typed_value * 10 + digit <= level->n)
    {
      value = self->typed_value * 10 + digit;
      /* the first digit's entry gives way to the whole number */
      if (self->playing && self->steps->len > 0)
        pw_board_play_back (PW_BOARD (self));
    }
  self->typed_cell = self->cursor;
  self->typed_value = value;
  self->typed_time = now;
  if (value <= level->n)
    pw_number_board_type_value (self, value);
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        modifiers,
             PwNumberBoard         *self)
{
  const PwLatinLevel *level = data (self);
  guint32 ch;
  int n;

  if (level == NULL || (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  n = level->n;
  if (self->cursor < 0)
    self->cursor = 0;
  switch (keyval)
    {
    case GDK_KEY_Left:
      self->cursor = self->cursor % n > 0 ? self->cursor - 1 : self->cursor;
      break;
    case GDK_KEY_Right:
      self->cursor = self->cursor % n < n - 1 ? self->cursor + 1 : self->cursor;
      break;
    case GDK_KEY_Up:
      self->cursor = self->cursor >= n ? self->cursor - n : self->cursor;
      break;
    case GDK_KEY_Down:
      self->cursor = self->cursor + n < n * n ? self->cursor + n : self->cursor;
      break;
    case GDK_KEY_BackSpace:
    case GDK_KEY_Delete:
    case GDK_KEY_period:
    case GDK_KEY_space:
      pw_number_board_type_value (self, 0);
      break;
    default:
      ch = gdk_keyval_to_unicode (keyval);
      if (ch >= '0' && ch <= '9')
        {
          if (ch == '0' && !(level->n >= 10 && self->typed_cell == self->cursor &&
                             g_get_monotonic_time () - self->typed_time < TYPING_PAUSE_US))
            pw_number_board_type_value (self, 0);
          else
            type_digit (self, ch - '0');
          return TRUE;
        }
      if (self->playing && (ch == 'h' || ch == 'H') && !letters (self))
        {
          pw_board_play_hint (PW_BOARD (self));
          return TRUE;
        }
      if (self->playing && (ch == 'p' || ch == 'P') && !letters (self))
        {
          GtkToggleButton *pencil = GTK_TOGGLE_BUTTON (self->pencil_toggle);

          gtk_toggle_button_set_active (pencil, !gtk_toggle_button_get_active (pencil));
          return TRUE;
        }
      if (letters (self) && g_ascii_isalpha (ch) && 10 + g_ascii_toupper (ch) - 'A' <= n)
        {
          pw_number_board_type_value (self, 10 + g_ascii_toupper (ch) - 'A');
          return TRUE;
        }
      return FALSE;
    }
  self->typed_cell = -1;
  redraw (self);
  return TRUE;
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         PwNumberBoard   *self)
{
  const PwLatinLevel *level = data (self);
  int column, row;
  guint a, b;

  gtk_widget_grab_focus (self->area);
  if (level == NULL)
    return;
  if (!self->playing && level->signs != NULL &&
      pw_latin_edge_at (level, &self->geometry, x, y, &a, &b))
    {
      pw_number_board_cycle_sign (self, a, b);
      return;
    }
  if (!pw_geometry_cell_at (&self->geometry, x, y, &column, &row))
    return;
  pw_number_board_select (self, row * level->n + column);
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            PwNumberBoard  *self)
{
  const PwLatinLevel *level = data (self);
  int column, row;

  self->paint_region = -1;
  if (level == NULL || self->playing || !level->jigsaw ||
      !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->regions_toggle)) ||
      !pw_geometry_cell_at (&self->geometry, x, y, &column, &row))
    return;
  self->paint_region = level->regions[row * level->n + column];
  pw_board_emit_edit_begin (PW_BOARD (self), _("Paint a region"));
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             PwNumberBoard  *self)
{
  const PwLatinLevel *level = data (self);
  double x0, y0;
  int column, row;

  if (self->paint_region < 0 || level == NULL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x0, &y0);
  if (pw_geometry_cell_at (&self->geometry, x0 + dx, y0 + dy, &column, &row))
    _pw_number_board_paint_region_at (self, row * level->n + column);
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          PwNumberBoard  *self)
{
  if (self->paint_region < 0)
    return;
  self->paint_region = -1;
  pw_board_emit_edit_end (PW_BOARD (self));
}

void
_pw_number_board_add_input (PwNumberBoard *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (self->area, key);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (click));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (drag));
}
