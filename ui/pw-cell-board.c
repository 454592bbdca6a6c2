/* pw-cell-board.c — the board of the logic kinds whose cells are filled
 * or marked
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything a kind does differently comes from its table (PwCellView,
 * pw-cell-board.h, through PwKindView.cell_board): how it is drawn, what
 * a press or a stroke of the pointer does with each tool, the numbers in
 * the bar (sizes, stars), typed values, the text of lines beside the grid
 * (clues), the analysis's cells to mark; in play, which cells are fixed,
 * what a press does, the rules (solved, conflicts), the solution as
 * entries and the hints. No kind is named here.
 *
 * Editing: press and drag with the tool of the bar (one step of undo a
 * stroke); click a cell, or move with the arrow keys, and type its value
 * (several digits typed quickly make one number); click beside the grid,
 * or press R or C on a cell, to type the text of its row's or column's
 * line. Playing: press and drag, or type; the kind's
 * conflicts as they happen, Check (the entries that differ from the
 * solution), Hint (the kind's easiest step with its sentence; a second
 * Hint makes it), Back, the solution, the solve time. A board never
 * changes the document: edits go out as "edited" (pw-board.h).
 *
 * This file is the widget (the level, drawing, editing, input); play is
 * in pw-cell-board-play.c, what cells are drawn with in pw-cell-paint.c,
 * the insides they share in pw-cell-board-private.h.
 */

#define G_LOG_DOMAIN "pw-cell-board"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-cell-board-private.h"
#include "pw-kind-view.h"

/* Digits typed within this long on one cell make one number. */
#define TYPING_PAUSE_US (1200 * 1000)

static void pw_cell_board_board_init (PwBoardInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PwCellBoard, pw_cell_board, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, pw_cell_board_board_init))


/* ------------------------------------------------------------------ */
/* The level                                                            */

gconstpointer
_pw_cell_board_data (PwCellBoard *self)
{
  return self->level != NULL && self->table != NULL ? pw_level_get_data (self->level) : NULL;
}

void
_pw_cell_board_get_cells (PwCellBoard *self,
           int         *x,
           int         *y,
           int         *width,
           int         *height)
{
  *x = *y = *width = *height = 0;
  if (_pw_cell_board_data (self) != NULL)
    self->table->get_cells (_pw_cell_board_data (self), x, y, width, height);
}

guint
_pw_cell_board_n_cells (PwCellBoard *self)
{
  int x, y, w, h;

  _pw_cell_board_get_cells (self, &x, &y, &w, &h);
  return (guint) (w * h);
}

JsonObject *
_pw_cell_board_figures (PwCellBoard *self)
{
  return self->analysis != NULL ? pw_analysis_get_figures (self->analysis) : NULL;
}

void
_pw_cell_board_redraw (PwCellBoard *self)
{
  gtk_widget_queue_draw (self->area);
}

/* The marks of the moment: the analysis's findings and the level's
 * problems while editing; conflicts, Check and the hint in play. */
static guint8 *
make_marks (PwCellBoard *self,
            int          cw,
            int          ch)
{
  guint8 *marks = g_new0 (guint8, (gsize) cw * ch);

  if (!self->playing)
    {
      for (guint i = 0; i < self->table->n_figure_marks; i++)
        pw_cell_mark_figure (_pw_cell_board_figures (self), self->table->figure_marks[i].key,
                             self->table->figure_marks[i].mark, marks, cw, ch);
      for (guint i = 0; self->problems != NULL && i < self->problems->len; i++)
        {
          const PwProblem *problem = g_ptr_array_index (self->problems, i);

          /* a cell, or a whole row (x = -1) or column (y = -1) */
          for (int c = 0; c < cw * ch; c++)
            if ((problem->x == c % cw || (problem->x < 0 && problem->y >= 0)) &&
                (problem->y == c / cw || (problem->y < 0 && problem->x >= 0)))
              marks[c] |= PW_CELL_MARK_CONFLICT;
        }
    }
  else
    {
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->conflicts_check)) &&
          self->table->conflicts != NULL)
        self->table->conflicts (_pw_cell_board_data (self), self->position, marks);
      for (int c = 0; self->wrong != NULL && c < cw * ch; c++)
        if (self->wrong[c])
          marks[c] |= PW_CELL_MARK_WRONG;
      if (self->hint != NULL)
        {
          for (guint i = 0; i < self->hint->pattern->len; i++)
            marks[g_array_index (self->hint->pattern, guint, i)] |= PW_CELL_MARK_PATTERN;
          for (guint i = 0; i < self->hint->changes->len; i++)
            marks[g_array_index (self->hint->changes, PwCellChange, i).cell] |=
              PW_CELL_MARK_TARGET;
        }
    }
  for (int c = 0; self->shown != NULL && c < cw * ch; c++)
    if (self->shown[c])
      marks[c] |= PW_CELL_MARK_SHOWN;
  return marks;
}

static void
draw_area (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  PwCellBoard *self = user_data;
  const PwKindView *view;
  gboolean dark = FALSE;
  const PwViewStyle *style;
  PwCellPaintState state = { 0 };
  g_autofree guint8 *marks = NULL;
  int columns, rows, cx, cy, cw, ch;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (area)), "gtk-application-prefer-dark-theme",
                &dark, NULL);
  style = pw_view_style_get (dark);
  pw_colour_set (cr, &style->background);
  cairo_paint (cr);
  if (_pw_cell_board_data (self) == NULL)
    return;

  view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  view->get_grid (_pw_cell_board_data (self), &columns, &rows);
  pw_geometry_fit (&self->geometry, columns, rows, width, height, 12);
  _pw_cell_board_get_cells (self, &cx, &cy, &cw, &ch);

  state.position = self->playing ? self->position : NULL;
  state.figures = self->playing ? NULL : _pw_cell_board_figures (self);
  state.conflicts = self->playing &&
                    gtk_check_button_get_active (GTK_CHECK_BUTTON (self->conflicts_check));
  cairo_save (cr);
  self->table->paint (_pw_cell_board_data (self), &state, cr, &self->geometry, style);
  cairo_restore (cr);

  marks = make_marks (self, cw, ch);
  _pw_cell_paint_marks (cr, &self->geometry, marks, cx, cy, cw, ch);

  if (self->cursor >= 0 && self->cursor < cw * ch &&
      (gtk_widget_has_focus (self->area) || self->playing))
    {
      double x, y, s = self->geometry.cell;

      pw_geometry_cell_origin (&self->geometry, cx + self->cursor % cw, cy + self->cursor / cw,
                               &x, &y);
      cairo_set_source_rgba (cr, 0.2, 0.45, 0.95, 0.95);
      cairo_set_line_width (cr, MAX (2, s / 14));
      cairo_rectangle (cr, x + s / 28, y + s / 28, s - s / 14, s - s / 14);
      cairo_stroke (cr);
    }
}

int
pw_cell_board_cell_at (PwCellBoard *self,
                       double       x,
                       double       y)
{
  int column, row, cx, cy, cw, ch;

  g_return_val_if_fail (PW_IS_CELL_BOARD (self), -1);

  if (_pw_cell_board_data (self) == NULL ||
      !pw_geometry_cell_at (&self->geometry, x, y, &column, &row))
    return -1;
  _pw_cell_board_get_cells (self, &cx, &cy, &cw, &ch);
  column -= cx;
  row -= cy;
  if (column < 0 || row < 0 || column >= cw || row >= ch)
    return -1;
  return row * cw + column;
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

static void
emit_level (PwCellBoard *self,
            gpointer     level_data,
            const char  *label)
{
  g_autoptr(PwLevel) edited = pw_level_with_data (self->level, level_data);

  pw_board_emit_edited (PW_BOARD (self), edited, label);
}

static void
edit_paint (PwCellBoard *self,
            guint        cell)
{
  gpointer next = self->table->edit_paint (_pw_cell_board_data (self), cell, self->tool,
                                           self->stroke_value,
                                           _pw_cell_board_figures (self));

  if (next != NULL)
    emit_level (self, next, _(self->table->tools[self->tool].undo_label));
}

static void
edit_value (PwCellBoard *self,
            guint        cell,
            guint        value)
{
  gpointer next;
  g_autofree char *label = NULL;

  if (self->table->type_value == NULL)
    return;
  next = self->table->type_value (_pw_cell_board_data (self), cell, value);
  if (next == NULL)
    return;
  if (value == 0)
    label = g_strdup (_("Clear a cell"));
  else
    {
      g_autofree char *text = g_strdup_printf ("%u", value);

      /* Translators: the undo label of typing a value into a cell */
      label = g_strdup_printf (_("Type %s"), text);
    }
  emit_level (self, next, label);
}

static void
setting_changed (GtkWidget   *widget,
                 PwCellBoard *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "setting"));
  const PwCellSetting *setting;
  int value;
  gpointer next;

  if (self->updating || _pw_cell_board_data (self) == NULL || self->bar_table != self->table ||
      i >= self->table->n_settings)
    return;
  setting = &self->table->settings[i];
  value = setting->check ? gtk_check_button_get_active (GTK_CHECK_BUTTON (widget))
                         : gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  if (value == setting->get (_pw_cell_board_data (self)))
    return;
  next = setting->set (_pw_cell_board_data (self), value);
  if (next != NULL)
    emit_level (self, next, _(setting->undo_label));
}

static void
tool_toggled (GtkToggleButton *button,
              PwCellBoard     *self)
{
  if (gtk_toggle_button_get_active (button))
    self->tool = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "tool"));
}

/* The bar's widgets for the table's tools and settings. */
static void
build_bar (PwCellBoard *self)
{
  GtkWidget *child;
  GtkToggleButton *group = NULL;

  if (self->bar_table == self->table)
    return;
  while ((child = gtk_widget_get_first_child (self->tool_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->tool_box), child);
  while ((child = gtk_widget_get_first_child (self->settings_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->settings_box), child);
  g_ptr_array_set_size (self->tool_buttons, 0);
  g_ptr_array_set_size (self->setting_widgets, 0);
  self->bar_table = self->table;
  self->tool = 0;
  if (self->table == NULL)
    return;

  for (guint t = 0; self->table->n_tools > 1 && t < self->table->n_tools; t++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_mnemonic (_(self->table->tools[t].label));

      gtk_widget_set_tooltip_text (button, _(self->table->tools[t].tooltip));
      g_object_set_data (G_OBJECT (button), "tool", GUINT_TO_POINTER (t));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), t == 0);
      g_signal_connect (button, "toggled", G_CALLBACK (tool_toggled), self);
      gtk_box_append (GTK_BOX (self->tool_box), button);
      g_ptr_array_add (self->tool_buttons, button);
    }
  gtk_widget_set_visible (self->tool_box, self->table->n_tools > 1);

  for (guint i = 0; i < self->table->n_settings; i++)
    {
      const PwCellSetting *setting = &self->table->settings[i];
      GtkWidget *widget;

      if (setting->check)
        {
          widget = gtk_check_button_new_with_mnemonic (_(setting->label));
          g_signal_connect (widget, "toggled", G_CALLBACK (setting_changed), self);
        }
      else
        {
          GtkWidget *label = gtk_label_new_with_mnemonic (_(setting->label));

          widget = gtk_spin_button_new_with_range (setting->min, setting->max, 1);
          gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
          gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
          gtk_box_append (GTK_BOX (self->settings_box), label);
          g_signal_connect (widget, "value-changed", G_CALLBACK (setting_changed), self);
        }
      gtk_widget_set_tooltip_text (widget, _(setting->tooltip));
      g_object_set_data (G_OBJECT (widget), "setting", GUINT_TO_POINTER (i));
      gtk_box_append (GTK_BOX (self->settings_box), widget);
      g_ptr_array_add (self->setting_widgets, widget);
    }
}

/* The bar shows the level's settings. */
static void
update_bar (PwCellBoard *self)
{
  build_bar (self);
  if (_pw_cell_board_data (self) == NULL)
    return;
  self->updating = TRUE;
  for (guint i = 0; i < self->setting_widgets->len; i++)
    {
      const PwCellSetting *setting = &self->table->settings[i];
      GtkWidget *widget = g_ptr_array_index (self->setting_widgets, i);

      if (setting->check)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (widget),
                                     setting->get (_pw_cell_board_data (self)) != 0);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget),
                                   setting->get (_pw_cell_board_data (self)));
    }
  self->updating = FALSE;
}

void
pw_cell_board_set_tool (PwCellBoard *self,
                        guint        tool)
{
  g_return_if_fail (PW_IS_CELL_BOARD (self));

  if (self->table == NULL || tool >= self->table->n_tools)
    return;
  self->tool = tool;
  if (tool < self->tool_buttons->len)
    gtk_toggle_button_set_active (g_ptr_array_index (self->tool_buttons, tool), TRUE);
}

gboolean
pw_cell_board_set_setting (PwCellBoard *self,
                           guint        setting,
                           int          value)
{
  GtkWidget *widget;
  gconstpointer before;

  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);

  if (_pw_cell_board_data (self) == NULL || self->playing || setting >= self->setting_widgets->len)
    return FALSE;
  before = _pw_cell_board_data (self);
  widget = g_ptr_array_index (self->setting_widgets, setting);
  if (self->table->settings[setting].check)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), value != 0);
  else
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
  return _pw_cell_board_data (self) != before;
}

gboolean
pw_cell_board_set_line (PwCellBoard  *self,
                        guint         line,
                        const char   *text,
                        GError      **error)
{
  gpointer next;
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;

  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (_pw_cell_board_data (self) == NULL || self->playing || self->table->set_line_text == NULL)
    return FALSE;
  next = self->table->set_line_text (_pw_cell_board_data (self), line, text, error);
  if (next == NULL)
    return FALSE;
  name = self->table->line_name (_pw_cell_board_data (self), line);
  /* Translators: the undo label of typing a line's clues; %s is "Row 3" */
  label = g_strdup_printf (_("Type the clues of %s"), name);
  emit_level (self, next, label);
  return TRUE;
}

static void
line_entry_activate (PwCellBoard *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->line_entry));

  if (self->editing_line < 0)
    return;
  if (!pw_cell_board_set_line (self, self->editing_line, text, &error) && error != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->line_error), error->message);
      gtk_widget_set_visible (self->line_error, TRUE);
      return;
    }
  gtk_popover_popdown (GTK_POPOVER (self->line_popover));
  self->editing_line = -1;
}

/* The text of @line in a popover pointing at the view's cell (@column,
 * @row). */
static void
popup_line (PwCellBoard *self,
            int          line,
            int          column,
            int          row)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  double cx, cy;

  self->editing_line = line;
  text = self->table->line_text (_pw_cell_board_data (self), line);
  name = self->table->line_name (_pw_cell_board_data (self), line);
  gtk_label_set_text (GTK_LABEL (self->line_label), name);
  gtk_editable_set_text (GTK_EDITABLE (self->line_entry), text);
  gtk_widget_set_visible (self->line_error, FALSE);
  pw_geometry_cell_origin (&self->geometry, column, row, &cx, &cy);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->line_popover),
                               &(GdkRectangle) { (int) cx, (int) cy, (int) self->geometry.cell,
                                                 (int) self->geometry.cell });
  gtk_popover_popup (GTK_POPOVER (self->line_popover));
  gtk_widget_grab_focus (self->line_entry);
}

/* A click beside the grid: the text of the line there, in a popover. */
static gboolean
open_line (PwCellBoard *self,
           double       x,
           double       y)
{
  int column, row, line;

  if (self->table->line_at == NULL || self->playing ||
      !pw_geometry_cell_at (&self->geometry, x, y, &column, &row) ||
      (line = self->table->line_at (_pw_cell_board_data (self), column, row)) < 0)
    return FALSE;
  popup_line (self, line, column, row);
  return TRUE;
}

gboolean
pw_cell_board_edit_line (PwCellBoard *self,
                         guint        line)
{
  const PwKindView *view;
  int columns, rows, at = -1;

  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);

  if (_pw_cell_board_data (self) == NULL || self->playing || self->table->line_at == NULL)
    return FALSE;
  view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  view->get_grid (_pw_cell_board_data (self), &columns, &rows);
  /* the line's place nearest the grid: the last in reading order */
  for (int c = 0; c < columns * rows; c++)
    if (self->table->line_at (_pw_cell_board_data (self), c % columns, c / columns) == (int) line)
      at = c;
  if (at < 0)
    return FALSE;
  popup_line (self, line, at % columns, at / columns);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Input                                                                */

void
pw_cell_board_select (PwCellBoard *self,
                      guint        cell)
{
  g_return_if_fail (PW_IS_CELL_BOARD (self));

  if (cell >= _pw_cell_board_n_cells (self))
    return;
  self->cursor = cell;
  self->typed_cell = -1;
  _pw_cell_board_redraw (self);
}

int
pw_cell_board_get_cursor (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), -1);
  return self->cursor;
}

/* A stroke begins on @cell: FALSE when the press does nothing. */
static gboolean
stroke_begin (PwCellBoard *self,
              guint        cell,
              guint        button)
{
  self->stroking = FALSE;
  if (_pw_cell_board_data (self) == NULL || cell >= _pw_cell_board_n_cells (self))
    return FALSE;
  if (!self->playing)
    {
      if (self->table->edit_stroke == NULL || self->table->n_tools == 0)
        return FALSE;
      self->stroke_value = self->table->edit_stroke (_pw_cell_board_data (self), cell, self->tool,
                                                     button);
      if (self->stroke_value < 0)
        return FALSE;
      self->stroking = TRUE;
      self->stroke_last = cell;
      pw_board_emit_edit_begin (PW_BOARD (self), _(self->table->tools[self->tool].undo_label));
      edit_paint (self, cell);
      return TRUE;
    }
  if (self->solved || _pw_cell_board_is_fixed (self, cell))
    return FALSE;
  self->stroke_value = self->table->play_press (_pw_cell_board_data (self), self->position, cell,
                                                button);
  if (self->stroke_value < 0)
    return FALSE;
  self->stroking = TRUE;
  self->stroke_last = cell;
  _pw_cell_board_set_entry (self, &self->stroke_step, cell, self->stroke_value);
  _pw_cell_board_redraw (self);
  return TRUE;
}

static void
stroke_to (PwCellBoard *self,
           guint        cell)
{
  if (!self->stroking || (int) cell == self->stroke_last || cell >= _pw_cell_board_n_cells (self))
    return;
  self->stroke_last = cell;
  if (!self->playing)
    edit_paint (self, cell);
  else if (self->table->play_drag != NULL && self->table->play_drag (self->stroke_value))
    {
      _pw_cell_board_set_entry (self, &self->stroke_step, cell, self->stroke_value);
      _pw_cell_board_redraw (self);
    }
}

static void
stroke_end (PwCellBoard *self)
{
  if (!self->stroking)
    return;
  self->stroking = FALSE;
  if (!self->playing)
    pw_board_emit_edit_end (PW_BOARD (self));
  else
    _pw_cell_board_finish_step (self, &self->stroke_step);
}

gboolean
pw_cell_board_stroke (PwCellBoard *self,
                      const guint *cells,
                      guint        n,
                      guint        button)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);

  if (n == 0 || !stroke_begin (self, cells[0], button))
    return FALSE;
  for (guint i = 1; i < n; i++)
    stroke_to (self, cells[i]);
  stroke_end (self);
  return TRUE;
}

gboolean
pw_cell_board_type_value (PwCellBoard *self,
                          guint        value)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);

  if (_pw_cell_board_data (self) == NULL || self->cursor < 0 ||
      (guint) self->cursor >= _pw_cell_board_n_cells (self) ||
      self->table->max_value == NULL || value > self->table->max_value (_pw_cell_board_data (self)))
    return FALSE;
  if (!self->playing)
    {
      gconstpointer before = _pw_cell_board_data (self);

      edit_value (self, self->cursor, value);
      return _pw_cell_board_data (self) != before;
    }
  _pw_cell_board_clear_hint (self);
  return _pw_cell_board_play_one (self, self->cursor, value);
}

/* A digit: one value, or with the digits before it (same cell, quickly)
 * a larger one up to the largest value. */
static void
type_digit (PwCellBoard *self,
            guint        digit)
{
  gint64 now = g_get_monotonic_time ();
  guint max = self->table->max_value (_pw_cell_board_data (self));
  guint value = digit;

  if (self->typed_cell == self->cursor && now - self->typed_time < TYPING_PAUSE_US &&
      self->typed_value > 0 && self->typed_value * 10 + digit <= max)
    {
      value = self->typed_value * 10 + digit;
      /* the first digits' entry gives way to the whole number */
      if (self->playing && self->steps->len > 0)
        pw_board_play_back (PW_BOARD (self));
    }
  else if (digit == 0)
    value = 0;
  self->typed_cell = value > 0 ? self->cursor : -1;
  self->typed_value = value;
  self->typed_time = now;
  pw_cell_board_type_value (self, value);
  self->typed_cell = value > 0 ? self->cursor : -1;
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        modifiers,
             PwCellBoard           *self)
{
  int cx, cy, w, h;
  guint32 ch;

  if (_pw_cell_board_data (self) == NULL || (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  _pw_cell_board_get_cells (self, &cx, &cy, &w, &h);
  if (self->cursor < 0)
    self->cursor = 0;
  switch (keyval)
    {
    case GDK_KEY_Left:
      self->cursor = self->cursor % w > 0 ? self->cursor - 1 : self->cursor;
      break;
    case GDK_KEY_Right:
      self->cursor = self->cursor % w < w - 1 ? self->cursor + 1 : self->cursor;
      break;
    case GDK_KEY_Up:
      self->cursor = self->cursor >= w ? self->cursor - w : self->cursor;
      break;
    case GDK_KEY_Down:
      self->cursor = self->cursor + w < w * h ? self->cursor + w : self->cursor;
      break;
    case GDK_KEY_BackSpace:
    case GDK_KEY_Delete:
      if (self->table->max_value != NULL)
        pw_cell_board_type_value (self, 0);
      else if (self->playing)
        _pw_cell_board_play_one (self, self->cursor, 0);
      break;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      pw_cell_board_stroke (self, (guint[]) { self->cursor }, 1, 1);
      break;
    default:
      ch = gdk_keyval_to_unicode (keyval);
      if (ch >= '0' && ch <= '9' && self->table->max_value != NULL &&
          self->table->max_value (_pw_cell_board_data (self)) > 0)
        {
          type_digit (self, ch - '0');
          return TRUE;
        }
      if (ch == 'x' || ch == 'X' || ch == '.')
        {
          pw_cell_board_stroke (self, (guint[]) { self->cursor }, 1, 3);
          return TRUE;
        }
      if (self->playing && (ch == 'h' || ch == 'H'))
        {
          pw_board_play_hint (PW_BOARD (self));
          return TRUE;
        }
      /* the text of the line beside the cursor's row (R) or above its
       * column (C) */
      if (!self->playing && self->table->line_at != NULL &&
          (ch == 'r' || ch == 'R' || ch == 'c' || ch == 'C'))
        {
          gboolean row = ch == 'r' || ch == 'R';
          int column = row ? cx - 1 : cx + self->cursor % w;
          int line_row = row ? cy + self->cursor / w : cy - 1;
          int line = self->table->line_at (_pw_cell_board_data (self), column, line_row);

          if (line < 0)
            return FALSE;
          return pw_cell_board_edit_line (self, line);
        }
      return FALSE;
    }
  self->typed_cell = -1;
  _pw_cell_board_redraw (self);
  return TRUE;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            PwCellBoard    *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int cell;

  gtk_widget_grab_focus (self->area);
  if (_pw_cell_board_data (self) == NULL)
    return;
  cell = pw_cell_board_cell_at (self, x, y);
  if (cell < 0)
    {
      if (button == GDK_BUTTON_PRIMARY)
        open_line (self, x, y);
      return;
    }
  self->cursor = cell;
  self->typed_cell = -1;
  stroke_begin (self, cell, button == GDK_BUTTON_SECONDARY ? 3 : 1);
  _pw_cell_board_redraw (self);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             PwCellBoard    *self)
{
  double x0, y0;
  int cell;

  if (!self->stroking)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x0, &y0);
  cell = pw_cell_board_cell_at (self, x0 + dx, y0 + dy);
  if (cell >= 0)
    stroke_to (self, cell);
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          PwCellBoard    *self)
{
  stroke_end (self);
}

/* ------------------------------------------------------------------ */
/* The board the window sees                                            */

static void
board_set_level (PwBoard   *board,
                 PwLevel   *level,
                 GPtrArray *problems)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  const PwKindView *view = level != NULL ? pw_kind_view_lookup (pw_level_get_kind_id (level))
                                         : NULL;
  const PwCellView *table = view != NULL && pw_level_get_kind (level) != NULL
                            ? view->cell_board : NULL;
  guint cells_before = _pw_cell_board_n_cells (self);

  if (self->playing && (table != self->table || level == NULL))
    _pw_cell_board_stop_play (self);
  g_clear_pointer (&self->level, pw_level_unref);
  self->table = table;
  self->level = table != NULL ? pw_level_ref (level) : NULL;
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = problems != NULL ? g_ptr_array_ref (problems) : NULL;
  if (self->playing && _pw_cell_board_n_cells (self) != cells_before)
    _pw_cell_board_stop_play (self);
  if (self->playing)
    _pw_cell_board_fill_fixed (self);
  if (_pw_cell_board_n_cells (self) != cells_before)
    {
      g_clear_pointer (&self->shown, g_free);
      if (self->cursor >= (int) _pw_cell_board_n_cells (self))
        self->cursor = -1;
    }
  if (self->editing_line >= 0)
    {
      gtk_popover_popdown (GTK_POPOVER (self->line_popover));
      self->editing_line = -1;
    }
  update_bar (self);
  gtk_label_set_text (GTK_LABEL (self->play_help),
                      self->table != NULL ? _(self->table->play_help) : "");
  _pw_cell_board_update_status (self);
  _pw_cell_board_redraw (self);
}

static void
board_set_analysis (PwBoard    *board,
                    PwAnalysis *analysis)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  pw_analysis_replace (&self->analysis, analysis);
  _pw_cell_board_redraw (self);
}


static void
pw_cell_board_board_init (PwBoardInterface *iface)
{
  iface->set_level = board_set_level;
  iface->set_analysis = board_set_analysis;
  _pw_cell_board_play_init (iface);
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */

static void
pw_cell_board_dispose (GObject *object)
{
  PwCellBoard *self = PW_CELL_BOARD (object);

  _pw_cell_board_stop_play (self);
  if (self->line_popover != NULL)
    gtk_widget_unparent (self->line_popover);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_CELL_BOARD);
  self->line_popover = NULL;
  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->tool_buttons, g_ptr_array_unref);
  g_clear_pointer (&self->setting_widgets, g_ptr_array_unref);
  g_clear_pointer (&self->shown, g_free);
  g_clear_pointer (&self->status, g_free);
  G_OBJECT_CLASS (pw_cell_board_parent_class)->dispose (object);
}

static void
pw_cell_board_class_init (PwCellBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_cell_board_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-cell-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, edit_bar);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, tool_box);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, settings_box);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, play_bar);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, conflicts_check);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, check_button);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, play_help);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, area);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, status_label);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, line_popover);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, line_label);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, line_entry);
  gtk_widget_class_bind_template_child (widget_class, PwCellBoard, line_error);
  gtk_widget_class_bind_template_callback_full (widget_class, "redraw",
                                                G_CALLBACK (_pw_cell_board_redraw));
  gtk_widget_class_bind_template_callback (widget_class, pw_cell_board_check);
  gtk_widget_class_bind_template_callback (widget_class, line_entry_activate);
  gtk_widget_class_set_css_name (widget_class, "pw-cell-board");
}

static void
pw_cell_board_init (PwCellBoard *self)
{
  GtkEventController *key;
  GtkGesture *drag;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cursor = -1;
  self->typed_cell = -1;
  self->editing_line = -1;
  self->steps = g_array_new (FALSE, FALSE, sizeof (PwCellStep));
  self->tool_buttons = g_ptr_array_new ();
  self->setting_widgets = g_ptr_array_new ();
  gtk_widget_set_parent (self->line_popover, self->area);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_area, self, NULL);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (self->area, key);
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
pw_cell_board_new (void)
{
  return g_object_new (PW_TYPE_CELL_BOARD, NULL);
}
