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
 * (several digits typed quickly make one number); click beside the grid
 * to type a line's text. Playing: press and drag, or type; the kind's
 * conflicts as they happen, Check (the entries that differ from the
 * solution), Hint (the kind's easiest step with its sentence; a second
 * Hint makes it), Back, the solution, the solve time. A board never
 * changes the document: edits go out as "edited" (pw-board.h).
 */

#define G_LOG_DOMAIN "pw-cell-board"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pw-cell-board.h"
#include "pw-kind-view.h"

/* Digits typed within this long on one cell make one number. */
#define TYPING_PAUSE_US (1200 * 1000)

/* One step of play: the cells it changed, with their entries before. */
typedef struct
{
  GArray *cells;  /* PwCellChange */
} Step;

struct _PwCellBoard
{
  GtkBox            parent_instance;

  /* template */
  GtkWidget        *edit_bar;
  GtkWidget        *tool_box;
  GtkWidget        *settings_box;
  GtkWidget        *play_bar;
  GtkWidget        *conflicts_check;
  GtkWidget        *check_button;
  GtkWidget        *play_help;
  GtkWidget        *area;
  GtkWidget        *status_label;
  GtkWidget        *line_popover;
  GtkWidget        *line_label;
  GtkWidget        *line_entry;
  GtkWidget        *line_error;

  const PwCellView *table;          /* of the level on screen */
  const PwCellView *bar_table;      /* the table the bar's widgets were made for */
  GPtrArray        *tool_buttons;   /* GtkToggleButton */
  GPtrArray        *setting_widgets; /* GtkSpinButton or GtkCheckButton */

  PwLevel          *level;
  GPtrArray        *problems;
  PwAnalysis       *analysis;
  PwGeometry        geometry;       /* where the view's grid was last drawn */
  int               cursor;
  guint             tool;
  gboolean          updating;       /* the bar is being set from the level */
  char             *status;

  /* typing several digits */
  int               typed_cell;
  guint             typed_value;
  gint64            typed_time;

  /* a stroke of the pointer */
  gboolean          stroking;
  int               stroke_value;
  int               stroke_last;
  Step              stroke_step;    /* play: the cells changed so far */

  /* the line whose text is being typed */
  int               editing_line;

  /* cells the figures panel asked to show */
  guint8           *shown;

  /* play */
  gboolean          playing;
  int              *position;       /* every cell's entry, fixed cells included */
  GArray           *steps;          /* Step */
  guint8           *wrong;          /* Check's marks, or NULL */
  PwCellHint       *hint;           /* shown, made by the next Hint */
  int              *solution;       /* the level's one solution as entries, or NULL */
  gint64            started;        /* monotonic µs of the first entry, 0 before */
  double            solved_seconds;
  gboolean          solved;
};

static void pw_cell_board_board_init (PwBoardInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PwCellBoard, pw_cell_board, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, pw_cell_board_board_init))

static void update_status (PwCellBoard *self);
static void stop_play (PwCellBoard *self);

/* ------------------------------------------------------------------ */
/* Hints and drawing helpers for the kinds                              */

PwCellHint *
pw_cell_hint_new (const char *sentence)
{
  PwCellHint *hint = g_new0 (PwCellHint, 1);

  hint->sentence = g_strdup (sentence);
  hint->pattern = g_array_new (FALSE, FALSE, sizeof (guint));
  hint->changes = g_array_new (FALSE, FALSE, sizeof (PwCellChange));
  return hint;
}

void
pw_cell_hint_free (PwCellHint *hint)
{
  if (hint == NULL)
    return;
  g_free (hint->sentence);
  g_array_unref (hint->pattern);
  g_array_unref (hint->changes);
  g_free (hint);
}

void
pw_cell_hint_add (PwCellHint *hint,
                  guint       cell,
                  int         entry)
{
  PwCellChange change = { cell, entry };

  g_return_if_fail (hint != NULL);
  g_array_append_val (hint->changes, change);
}

void
pw_cell_set_ink (cairo_t           *cr,
                 const PwViewStyle *style,
                 double             alpha)
{
  if (style->dark)
    cairo_set_source_rgba (cr, 0.92, 0.92, 0.92, alpha);
  else
    cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, alpha);
}

void
pw_cell_draw_text (cairo_t           *cr,
                   const PwViewStyle *style,
                   const char        *text,
                   double             cx,
                   double             cy,
                   double             size,
                   gboolean           bold,
                   double             alpha)
{
  cairo_text_extents_t extents;

  if (style != NULL)
    pw_cell_set_ink (cr, style, alpha);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, cx - extents.width / 2 - extents.x_bearing,
                 cy - extents.height / 2 - extents.y_bearing);
  cairo_show_text (cr, text);
}

void
pw_cell_mark_figure (JsonObject *figures,
                     const char *key,
                     guint8      flag,
                     guint8     *marks,
                     int         width,
                     int         height)
{
  JsonNode *node;
  JsonArray *cells;

  if (figures == NULL || (node = json_object_get_member (figures, key)) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (node))
    return;
  cells = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonNode *item = json_array_get_element (cells, i);
      JsonArray *xy = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;
      gint64 x, y;

      if (xy == NULL || json_array_get_length (xy) != 2)
        continue;
      x = json_array_get_int_element (xy, 0);
      y = json_array_get_int_element (xy, 1);
      if (x >= 0 && y >= 0 && x < width && y < height)
        marks[y * width + x] |= flag;
    }
}

int *
pw_cell_grid_figure (JsonObject *figures,
                     const char *key,
                     int         width,
                     int         height)
{
  JsonNode *node;
  JsonArray *rows;
  int *out;

  if (figures == NULL || (node = json_object_get_member (figures, key)) == NULL ||
      !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  rows = json_node_get_array (node);
  if (json_array_get_length (rows) != (guint) height)
    return NULL;
  out = g_new0 (int, (gsize) width * height);
  for (int y = 0; y < height; y++)
    {
      JsonNode *row_node = json_array_get_element (rows, y);
      JsonArray *row = JSON_NODE_HOLDS_ARRAY (row_node) ? json_node_get_array (row_node) : NULL;

      if (row == NULL || json_array_get_length (row) != (guint) width)
        {
          g_free (out);
          return NULL;
        }
      for (int x = 0; x < width; x++)
        out[y * width + x] = json_array_get_int_element (row, x);
    }
  return out;
}

/* ------------------------------------------------------------------ */
/* The level                                                            */

static gconstpointer
data (PwCellBoard *self)
{
  return self->level != NULL && self->table != NULL ? pw_level_get_data (self->level) : NULL;
}

static void
get_cells (PwCellBoard *self,
           int         *x,
           int         *y,
           int         *width,
           int         *height)
{
  *x = *y = *width = *height = 0;
  if (data (self) != NULL)
    self->table->get_cells (data (self), x, y, width, height);
}

static guint
n_cells (PwCellBoard *self)
{
  int x, y, w, h;

  get_cells (self, &x, &y, &w, &h);
  return (guint) (w * h);
}

static JsonObject *
figures (PwCellBoard *self)
{
  return self->analysis != NULL ? pw_analysis_get_figures (self->analysis) : NULL;
}

static void
redraw (PwCellBoard *self)
{
  gtk_widget_queue_draw (self->area);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

/* Hatching across a cell: what logic leaves undecided. */
static void
hatch (cairo_t *cr,
       double   x,
       double   y,
       double   s)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, s, s);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, 0.3, 0.45, 0.85, 0.7);
  cairo_set_line_width (cr, MAX (1, s / 18));
  for (double d = -s; d < s; d += s / 4)
    {
      cairo_move_to (cr, x + d, y + s);
      cairo_line_to (cr, x + d + s, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
paint_marks (PwCellBoard  *self,
             cairo_t      *cr,
             const guint8 *marks,
             int           cx,
             int           cy,
             int           cw,
             int           ch)
{
  const PwGeometry *g = &self->geometry;
  double s = g->cell;

  for (int c = 0; c < cw * ch; c++)
    {
      double x, y;
      guint8 mark = marks[c];

      if (mark == 0)
        continue;
      pw_geometry_cell_origin (g, cx + c % cw, cy + c / cw, &x, &y);
      if (mark & PW_CELL_MARK_DIFFERING)
        {
          cairo_set_source_rgba (cr, 0.98, 0.72, 0.1, 0.45);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_UNDECIDED)
        hatch (cr, x, y, s);
      if (mark & PW_CELL_MARK_PATTERN)
        {
          cairo_set_source_rgba (cr, 0.25, 0.5, 1.0, 0.35);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_TARGET)
        {
          cairo_set_source_rgba (cr, 0.2, 0.75, 0.3, 0.5);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_CONFLICT)
        {
          cairo_set_source_rgba (cr, 0.9, 0.15, 0.15, 0.45);
          cairo_rectangle (cr, x, y, s, s);
          cairo_fill (cr);
        }
      if (mark & PW_CELL_MARK_REDUNDANT)
        {
          double dash[] = { s / 10, s / 14 };

          cairo_save (cr);
          cairo_set_source_rgba (cr, 0.25, 0.5, 1.0, 0.9);
          cairo_set_line_width (cr, MAX (1.5, s / 20));
          cairo_set_dash (cr, dash, 2, 0);
          cairo_arc (cr, x + s / 2, y + s / 2, s * 0.42, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (mark & PW_CELL_MARK_WRONG)
        {
          cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.9);
          cairo_set_line_width (cr, MAX (2, s / 14));
          cairo_move_to (cr, x + s * 0.15, y + s * 0.15);
          cairo_line_to (cr, x + s * 0.85, y + s * 0.85);
          cairo_move_to (cr, x + s * 0.85, y + s * 0.15);
          cairo_line_to (cr, x + s * 0.15, y + s * 0.85);
          cairo_stroke (cr);
        }
      if (mark & PW_CELL_MARK_SHOWN)
        {
          cairo_set_source_rgba (cr, 0.55, 0.2, 0.85, 0.9);
          cairo_set_line_width (cr, MAX (2, s / 10));
          cairo_rectangle (cr, x + s * 0.08, y + s * 0.08, s * 0.84, s * 0.84);
          cairo_stroke (cr);
        }
    }
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
        pw_cell_mark_figure (figures (self), self->table->figure_marks[i].key,
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
        self->table->conflicts (data (self), self->position, marks);
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
  if (data (self) == NULL)
    return;

  view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  view->get_grid (data (self), &columns, &rows);
  pw_geometry_fit (&self->geometry, columns, rows, width, height, 12);
  get_cells (self, &cx, &cy, &cw, &ch);

  state.position = self->playing ? self->position : NULL;
  state.figures = self->playing ? NULL : figures (self);
  state.conflicts = self->playing &&
                    gtk_check_button_get_active (GTK_CHECK_BUTTON (self->conflicts_check));
  cairo_save (cr);
  self->table->paint (data (self), &state, cr, &self->geometry, style);
  cairo_restore (cr);

  marks = make_marks (self, cw, ch);
  paint_marks (self, cr, marks, cx, cy, cw, ch);

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

  if (data (self) == NULL || !pw_geometry_cell_at (&self->geometry, x, y, &column, &row))
    return -1;
  get_cells (self, &cx, &cy, &cw, &ch);
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
  gpointer next = self->table->edit_paint (data (self), cell, self->tool, self->stroke_value,
                                           figures (self));

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
  next = self->table->type_value (data (self), cell, value);
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

  if (self->updating || data (self) == NULL || self->bar_table != self->table ||
      i >= self->table->n_settings)
    return;
  setting = &self->table->settings[i];
  value = setting->check ? gtk_check_button_get_active (GTK_CHECK_BUTTON (widget))
                         : gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  if (value == setting->get (data (self)))
    return;
  next = setting->set (data (self), value);
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
  if (data (self) == NULL)
    return;
  self->updating = TRUE;
  for (guint i = 0; i < self->setting_widgets->len; i++)
    {
      const PwCellSetting *setting = &self->table->settings[i];
      GtkWidget *widget = g_ptr_array_index (self->setting_widgets, i);

      if (setting->check)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), setting->get (data (self)) != 0);
      else
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), setting->get (data (self)));
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

  if (data (self) == NULL || self->playing || setting >= self->setting_widgets->len)
    return FALSE;
  before = data (self);
  widget = g_ptr_array_index (self->setting_widgets, setting);
  if (self->table->settings[setting].check)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), value != 0);
  else
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
  return data (self) != before;
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

  if (data (self) == NULL || self->playing || self->table->set_line_text == NULL)
    return FALSE;
  next = self->table->set_line_text (data (self), line, text, error);
  if (next == NULL)
    return FALSE;
  name = self->table->line_name (data (self), line);
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
  text = self->table->line_text (data (self), line);
  name = self->table->line_name (data (self), line);
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
      (line = self->table->line_at (data (self), column, row)) < 0)
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

  if (data (self) == NULL || self->playing || self->table->line_at == NULL)
    return FALSE;
  view = pw_kind_view_lookup (pw_level_get_kind_id (self->level));
  view->get_grid (data (self), &columns, &rows);
  /* the line's place nearest the grid: the last in reading order */
  for (int c = 0; c < columns * rows; c++)
    if (self->table->line_at (data (self), c % columns, c / columns) == (int) line)
      at = c;
  if (at < 0)
    return FALSE;
  popup_line (self, line, at % columns, at / columns);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static void
step_clear (Step *step)
{
  g_clear_pointer (&step->cells, g_array_unref);
}

static void
clear_steps (PwCellBoard *self)
{
  for (guint i = 0; self->steps != NULL && i < self->steps->len; i++)
    step_clear (&g_array_index (self->steps, Step, i));
  if (self->steps != NULL)
    g_array_set_size (self->steps, 0);
}

static void
clear_hint (PwCellBoard *self)
{
  g_clear_pointer (&self->hint, pw_cell_hint_free);
}

static gboolean
is_fixed (PwCellBoard *self,
          guint        cell)
{
  return self->table->fixed (data (self), cell) >= 0;
}

/* Fixed cells take their entries from the level. */
static void
fill_fixed (PwCellBoard *self)
{
  for (guint c = 0; c < n_cells (self); c++)
    {
      int fixed = self->table->fixed (data (self), c);

      if (fixed >= 0)
        self->position[c] = fixed;
      else if (self->position[c] < 0)
        self->position[c] = 0;
    }
}

static void
play_changed (PwCellBoard *self)
{
  g_clear_pointer (&self->wrong, g_free);
  update_status (self);
  redraw (self);
  pw_board_emit_play_changed (PW_BOARD (self));
}

/* Sets one entry inside the step being made, saving what it was. */
static gboolean
set_entry (PwCellBoard *self,
           Step        *step,
           guint        cell,
           int          entry)
{
  PwCellChange before;

  if (cell >= n_cells (self) || is_fixed (self, cell) || self->position[cell] == entry)
    return FALSE;
  before = (PwCellChange) { cell, self->position[cell] };
  if (step->cells == NULL)
    step->cells = g_array_new (FALSE, FALSE, sizeof (PwCellChange));
  g_array_append_val (step->cells, before);
  self->position[cell] = entry;
  if (self->started == 0)
    self->started = g_get_monotonic_time ();
  return TRUE;
}

/* Keeps @step as one step of Back when it changed anything. */
static void
finish_step (PwCellBoard *self,
             Step        *step)
{
  if (step->cells == NULL)
    return;
  g_array_append_val (self->steps, *step);
  step->cells = NULL;
  clear_hint (self);
  if (!self->solved && self->table->solved (data (self), self->position))
    {
      self->solved = TRUE;
      self->solved_seconds = (g_get_monotonic_time () - self->started) / 1e6;
    }
  play_changed (self);
}

static gboolean
play_one (PwCellBoard *self,
          guint        cell,
          int          entry)
{
  Step step = { NULL };

  if (self->solved || !set_entry (self, &step, cell, entry))
    return FALSE;
  finish_step (self, &step);
  return TRUE;
}

static void
stop_play (PwCellBoard *self)
{
  self->playing = FALSE;
  g_clear_pointer (&self->position, g_free);
  g_clear_pointer (&self->wrong, g_free);
  g_clear_pointer (&self->solution, g_free);
  step_clear (&self->stroke_step);
  clear_steps (self);
  clear_hint (self);
  gtk_widget_set_visible (self->edit_bar, TRUE);
  gtk_widget_set_visible (self->play_bar, FALSE);
}

/* The solution as entries, when the analysis found exactly one. */
static int *
known_solution (PwCellBoard *self)
{
  JsonObject *f = figures (self);
  JsonNode *unique;

  if (f == NULL || self->table->solution == NULL)
    return NULL;
  unique = json_object_get_member (f, "unique");
  if (unique == NULL || !JSON_NODE_HOLDS_VALUE (unique) || !json_node_get_boolean (unique))
    return NULL;
  return self->table->solution (data (self), f);
}

static gboolean
ensure_solution (PwCellBoard *self)
{
  if (self->solution == NULL)
    self->solution = known_solution (self);
  return self->solution != NULL;
}

/* The entry the solution shows on a cell. */
static int
solution_entry (PwCellBoard *self,
                guint        cell)
{
  int entry = self->solution[cell];

  return entry == self->table->solution_quiet ? 0 : entry;
}

static gboolean
differs_from_solution (PwCellBoard *self,
                       guint        cell)
{
  int entry = self->position[cell];

  return !is_fixed (self, cell) && entry != self->solution[cell] &&
         entry != solution_entry (self, cell);
}

void
pw_cell_board_check (PwCellBoard *self)
{
  guint cells;

  g_return_if_fail (PW_IS_CELL_BOARD (self));

  if (!self->playing)
    return;
  if (!ensure_solution (self))
    {
      gtk_label_set_text (GTK_LABEL (self->status_label),
                          _("Check needs the analysis to have found exactly one solution."));
      return;
    }
  cells = n_cells (self);
  g_free (self->wrong);
  self->wrong = g_new0 (guint8, cells);
  for (guint c = 0; c < cells; c++)
    self->wrong[c] = self->position[c] != 0 && differs_from_solution (self, c);
  update_status (self);
  redraw (self);
}

static void
update_status (PwCellBoard *self)
{
  g_autofree char *text = NULL;
  int state = 0;

  if (data (self) == NULL)
    text = g_strdup ("");
  else if (!self->playing)
    text = g_strdup (_(self->table->edit_help));
  else if (self->solved)
    {
      guint s = (guint) self->solved_seconds;

      /* Translators: play mode, the level finished in minutes:seconds */
      text = g_strdup_printf (_("Solved in %u:%02u."), s / 60, s % 60);
      state = 1;
    }
  else if (self->hint != NULL)
    text = g_strdup_printf (_("%s (Hint again makes this step.)"), self->hint->sentence);
  else if (self->wrong != NULL)
    {
      guint wrong = 0;

      for (guint c = 0; c < n_cells (self); c++)
        wrong += self->wrong[c];
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Check: %u entry differs from the solution.",
                                           "Check: %u entries differ from the solution.", wrong),
                              wrong);
    }
  else
    text = self->table->play_status (data (self), self->position);
  g_free (self->status);
  self->status = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  if (self->playing)
    pw_board_emit_play_status (PW_BOARD (self), text, state);
}

/* ------------------------------------------------------------------ */
/* Input                                                                */

void
pw_cell_board_select (PwCellBoard *self,
                      guint        cell)
{
  g_return_if_fail (PW_IS_CELL_BOARD (self));

  if (cell >= n_cells (self))
    return;
  self->cursor = cell;
  self->typed_cell = -1;
  redraw (self);
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
  if (data (self) == NULL || cell >= n_cells (self))
    return FALSE;
  if (!self->playing)
    {
      if (self->table->edit_stroke == NULL || self->table->n_tools == 0)
        return FALSE;
      self->stroke_value = self->table->edit_stroke (data (self), cell, self->tool, button);
      if (self->stroke_value < 0)
        return FALSE;
      self->stroking = TRUE;
      self->stroke_last = cell;
      pw_board_emit_edit_begin (PW_BOARD (self), _(self->table->tools[self->tool].undo_label));
      edit_paint (self, cell);
      return TRUE;
    }
  if (self->solved || is_fixed (self, cell))
    return FALSE;
  self->stroke_value = self->table->play_press (data (self), self->position, cell, button);
  if (self->stroke_value < 0)
    return FALSE;
  self->stroking = TRUE;
  self->stroke_last = cell;
  set_entry (self, &self->stroke_step, cell, self->stroke_value);
  redraw (self);
  return TRUE;
}

static void
stroke_to (PwCellBoard *self,
           guint        cell)
{
  if (!self->stroking || (int) cell == self->stroke_last || cell >= n_cells (self))
    return;
  self->stroke_last = cell;
  if (!self->playing)
    edit_paint (self, cell);
  else if (self->table->play_drag != NULL && self->table->play_drag (self->stroke_value))
    {
      set_entry (self, &self->stroke_step, cell, self->stroke_value);
      redraw (self);
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
    finish_step (self, &self->stroke_step);
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

  if (data (self) == NULL || self->cursor < 0 || (guint) self->cursor >= n_cells (self) ||
      self->table->max_value == NULL || value > self->table->max_value (data (self)))
    return FALSE;
  if (!self->playing)
    {
      gconstpointer before = data (self);

      edit_value (self, self->cursor, value);
      return data (self) != before;
    }
  clear_hint (self);
  return play_one (self, self->cursor, value);
}

/* A digit: one value, or with the digits before it (same cell, quickly)
 * a larger one up to the largest value. */
static void
type_digit (PwCellBoard *self,
            guint        digit)
{
  gint64 now = g_get_monotonic_time ();
  guint max = self->table->max_value (data (self));
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

  if (data (self) == NULL || (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  get_cells (self, &cx, &cy, &w, &h);
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
        play_one (self, self->cursor, 0);
      break;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      pw_cell_board_stroke (self, (guint[]) { self->cursor }, 1, 1);
      break;
    default:
      ch = gdk_keyval_to_unicode (keyval);
      if (ch >= '0' && ch <= '9' && self->table->max_value != NULL &&
          self->table->max_value (data (self)) > 0)
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
      return FALSE;
    }
  self->typed_cell = -1;
  redraw (self);
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
  if (data (self) == NULL)
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
  redraw (self);
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
  guint cells_before = n_cells (self);

  if (self->playing && (table != self->table || level == NULL))
    stop_play (self);
  g_clear_pointer (&self->level, pw_level_unref);
  self->table = table;
  self->level = table != NULL ? pw_level_ref (level) : NULL;
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = problems != NULL ? g_ptr_array_ref (problems) : NULL;
  if (self->playing && n_cells (self) != cells_before)
    stop_play (self);
  if (self->playing)
    fill_fixed (self);
  if (n_cells (self) != cells_before)
    {
      g_clear_pointer (&self->shown, g_free);
      if (self->cursor >= (int) n_cells (self))
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
  update_status (self);
  redraw (self);
}

static void
board_set_analysis (PwBoard    *board,
                    PwAnalysis *analysis)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  pw_analysis_replace (&self->analysis, analysis);
  redraw (self);
}

static gboolean
board_can_play (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  return data (self) != NULL && (self->problems == NULL || self->problems->len == 0);
}

static gboolean
board_start_play (PwBoard  *board,
                  GError  **error)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  if (!board_can_play (board))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Its problems are listed in the analysis panel; fix them first."));
      return FALSE;
    }
  self->playing = TRUE;
  self->position = g_new0 (int, n_cells (self));
  fill_fixed (self);
  self->started = 0;
  self->solved = FALSE;
  self->solved_seconds = 0;
  clear_steps (self);
  if (self->cursor < 0)
    self->cursor = 0;
  if (self->editing_line >= 0)
    gtk_popover_popdown (GTK_POPOVER (self->line_popover));
  gtk_widget_set_visible (self->edit_bar, FALSE);
  gtk_widget_set_visible (self->play_bar, TRUE);
  gtk_widget_set_visible (self->check_button, self->table->solution != NULL);
  gtk_widget_grab_focus (self->area);
  play_changed (self);
  return TRUE;
}

static void
board_stop_play (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  if (!self->playing)
    return;
  stop_play (self);
  update_status (self);
  pw_board_emit_play_status (board, NULL, 0);
  redraw (self);
}

static gboolean
board_get_playing (PwBoard *board)
{
  return PW_CELL_BOARD (board)->playing;
}

static PwBoardPlayActions
board_get_play_actions (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  PwBoardPlayActions actions = 0;

  if (!self->playing)
    return 0;
  if (self->steps->len > 0)
    actions |= PW_BOARD_CAN_BACK;
  if (!self->solved && self->table->hint != NULL)
    actions |= PW_BOARD_CAN_HINT;
  if (!self->solved && ensure_solution (self))
    actions |= PW_BOARD_CAN_SOLVE;
  return actions;
}

static void
board_play_restart (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  if (!self->playing)
    return;
  memset (self->position, 0, sizeof (int) * n_cells (self));
  fill_fixed (self);
  clear_steps (self);
  clear_hint (self);
  self->started = 0;
  self->solved = FALSE;
  play_changed (self);
}

static void
board_play_back (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  Step *step;

  if (!self->playing || self->steps->len == 0)
    return;
  step = &g_array_index (self->steps, Step, self->steps->len - 1);
  for (guint i = step->cells->len; i-- > 0;)
    {
      const PwCellChange *before = &g_array_index (step->cells, PwCellChange, i);

      self->position[before->cell] = before->entry;
    }
  step_clear (step);
  g_array_set_size (self->steps, self->steps->len - 1);
  clear_hint (self);
  self->solved = FALSE;
  play_changed (self);
}

/* The first press shows the easiest step; the second makes it. */
static void
board_play_hint (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  g_autoptr(GError) error = NULL;

  if (!self->playing || self->solved || self->table->hint == NULL)
    return;
  if (self->hint != NULL)
    {
      g_autoptr(PwCellHint) hint = g_steal_pointer (&self->hint);
      Step step = { NULL };

      for (guint i = 0; i < hint->changes->len; i++)
        {
          const PwCellChange *change = &g_array_index (hint->changes, PwCellChange, i);

          set_entry (self, &step, change->cell, change->entry);
        }
      if (step.cells != NULL)
        finish_step (self, &step);
      else
        play_changed (self);
      return;
    }

  self->hint = self->table->hint (data (self), self->position, &error);
  if (self->hint == NULL)
    {
      g_autofree char *text = NULL;

      if (error != NULL)
        /* Translators: a hint when the player's entries break a rule */
        text = g_strdup_printf (_("Your entries cannot all be right: %s"), error->message);
      else
        text = g_strdup (_("No step of logic found from here: try an entry and see."));
      gtk_label_set_text (GTK_LABEL (self->status_label), text);
      g_free (self->status);
      self->status = g_strdup (text);
      pw_board_emit_play_status (board, text, 0);
      return;
    }
  update_status (self);
  redraw (self);
  pw_board_emit_play_changed (board);
}

/* One cell more of the solution: the first in reading order that
 * differs from it. */
static gboolean
board_solution_step (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  if (!self->playing || !ensure_solution (self))
    return FALSE;
  for (guint c = 0; c < n_cells (self); c++)
    if (differs_from_solution (self, c))
      {
        clear_hint (self);
        self->solved = FALSE;
        play_one (self, c, solution_entry (self, c));
        return !self->solved;
      }
  return FALSE;
}

static gboolean
board_solution_at_once (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  Step step = { NULL };

  if (!self->playing || !ensure_solution (self))
    return FALSE;
  for (guint c = 0; c < n_cells (self); c++)
    if (differs_from_solution (self, c))
      set_entry (self, &step, c, solution_entry (self, c));
  if (step.cells != NULL)
    finish_step (self, &step);
  return TRUE;
}

static char *
board_get_moves_text (PwBoard  *board,
                      char    **tooltip)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  guint n;

  if (!self->playing)
    return NULL;
  n = self->steps->len;
  /* Translators: play mode, the number of entries made so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry", "%u entries", n), n);
}

static void
board_show_cells (PwBoard   *board,
                  const int *cells,
                  guint      n)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  int cx, cy, w, h;

  g_clear_pointer (&self->shown, g_free);
  get_cells (self, &cx, &cy, &w, &h);
  if (cells != NULL && w * h > 0)
    {
      self->shown = g_new0 (guint8, (gsize) w * h);
      for (guint i = 0; i < n; i++)
        if (cells[2 * i] >= 0 && cells[2 * i] < w && cells[2 * i + 1] >= 0 &&
            cells[2 * i + 1] < h)
          self->shown[cells[2 * i + 1] * w + cells[2 * i]] = 1;
    }
  redraw (self);
}

static void
pw_cell_board_board_init (PwBoardInterface *iface)
{
  iface->set_level = board_set_level;
  iface->set_analysis = board_set_analysis;
  iface->can_play = board_can_play;
  iface->start_play = board_start_play;
  iface->stop_play = board_stop_play;
  iface->get_playing = board_get_playing;
  iface->get_play_actions = board_get_play_actions;
  iface->play_restart = board_play_restart;
  iface->play_back = board_play_back;
  iface->play_hint = board_play_hint;
  iface->solution_step = board_solution_step;
  iface->solution_at_once = board_solution_at_once;
  iface->get_moves_text = board_get_moves_text;
  iface->show_cells = board_show_cells;
}

/* ------------------------------------------------------------------ */
/* For tests                                                            */

const int *
pw_cell_board_get_position (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), NULL);
  return self->position;
}

const guint8 *
pw_cell_board_get_wrong (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), NULL);
  return self->wrong;
}

const char *
pw_cell_board_get_hint_text (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), NULL);
  return self->hint != NULL ? self->hint->sentence : NULL;
}

const char *
pw_cell_board_get_status (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), NULL);
  return self->status;
}

gboolean
pw_cell_board_get_solved (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), FALSE);
  return self->playing && self->solved;
}

double
pw_cell_board_get_solve_seconds (PwCellBoard *self)
{
  g_return_val_if_fail (PW_IS_CELL_BOARD (self), 0);
  return self->solved ? self->solved_seconds : 0;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */

static void
pw_cell_board_dispose (GObject *object)
{
  PwCellBoard *self = PW_CELL_BOARD (object);

  stop_play (self);
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
  gtk_widget_class_bind_template_callback (widget_class, redraw);
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
  self->steps = g_array_new (FALSE, FALSE, sizeof (Step));
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
