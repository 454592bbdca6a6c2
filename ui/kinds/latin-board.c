/* latin-board.c — the board Sudoku, Latin square and Futoshiki levels are
 * edited and played on
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Editing: click a cell (or move with the arrow keys) and type its given
 * (10 and up as two digits typed quickly, or as letters when letters are
 * shown); 0, Backspace or Delete clears it. The bar above sets the size,
 * the box shape, jigsaw regions (painted by dragging from a cell of the
 * region) and the diagonals; a click on the edge between two Futoshiki
 * cells cycles its sign. The analysis's findings are drawn on the board:
 * givens that clash, givens that can go, cells where two solutions
 * differ.
 *
 * Playing: type values, or candidates in pencil mode; automatic
 * candidates, live conflicts, Check (the entries that differ from the
 * solution), Hint (the easiest logical step, highlighted with one
 * sentence; a second Hint makes it), Back, the solve time. A board never
 * changes the document: edits go out as "edited" (pw-board.h).
 */

#define G_LOG_DOMAIN "pw-latin-board"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "latin-board.h"
#include "latin-paint.h"
#include "latin-private.h"
#include "numgrid.h"
#include "techniques.h"

/* Two digits typed within this long make one value (10 and up). */
#define TYPING_PAUSE_US (1200 * 1000)

typedef struct
{
  guint      cell;
  guint8     value;        /* before */
  PwValueSet pencil;
  PwValueSet eliminated;
} Undo;

/* One step of play: the cells it changed, as they were. */
typedef struct
{
  GArray *cells;  /* Undo */
} Step;

static void
step_clear (Step *step)
{
  g_clear_pointer (&step->cells, g_array_unref);
}

struct _PwNumberBoard
{
  GtkBox        parent_instance;

  /* template */
  GtkWidget    *edit_bar;
  GtkWidget    *size_spin;
  GtkWidget    *box_dropdown;
  GtkWidget    *jigsaw_toggle;
  GtkWidget    *regions_toggle;
  GtkWidget    *diagonals_check;
  GtkWidget    *play_bar;
  GtkWidget    *pencil_toggle;
  GtkWidget    *auto_check;
  GtkWidget    *conflicts_check;
  GtkWidget    *check_button;
  GtkWidget    *area;
  GtkWidget    *status_label;
  GtkWidget    *letters_check;

  PwLevel      *level;
  GPtrArray    *problems;
  PwAnalysis   *analysis;
  PwNumGrid    *grid;          /* the level's rules, for play */
  PwGeometry    geometry;      /* where the cells were last drawn */
  int           cursor;
  gboolean      updating;      /* the bar is being set from the level */

  /* typing two digits */
  int           typed_cell;
  guint         typed_value;
  gint64        typed_time;

  /* painting regions */
  int           paint_region;

  /* play */
  gboolean      playing;
  guint8       *values;        /* entries; givens are read from the level */
  PwValueSet   *pencil;
  PwValueSet   *eliminated;    /* candidates a hint removed */
  GArray       *steps;         /* Step */
  guint8       *wrong;         /* Check's marks, or NULL */
  PwLogicStep  *hint;          /* shown, made by the next Hint */
  guint8       *solution;      /* the level's one solution, or NULL */
  gint64        started;       /* monotonic µs of the first entry, 0 before */
  double        solved_seconds;
  gboolean      solved;
};

static void pw_number_board_board_init (PwBoardInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PwNumberBoard, pw_number_board, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, pw_number_board_board_init))

static void update_status (PwNumberBoard *self);

static const PwLatinLevel *
data (PwNumberBoard *self)
{
  return self->level != NULL ? pw_level_get_data (self->level) : NULL;
}

static guint
n_cells (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);

  return level != NULL ? level->n * level->n : 0;
}

static void
redraw (PwNumberBoard *self)
{
  gtk_widget_queue_draw (self->area);
}

static gboolean
letters (PwNumberBoard *self)
{
  return gtk_check_button_get_active (GTK_CHECK_BUTTON (self->letters_check));
}

/* The value a cell shows: its given, else the player's entry. */
static guint
value_at (PwNumberBoard *self,
          guint          c)
{
  const PwLatinLevel *level = data (self);

  if (level->givens[c] != 0)
    return level->givens[c];
  return self->playing ? self->values[c] : 0;
}

/* ------------------------------------------------------------------ */
/* Marks                                                                */

/* Sets @flag on every cell of a cells figure ([[x, y], …]). */
static void
mark_figure (PwNumberBoard *self,
             const char    *key,
             guint8         flag,
             guint8        *marks)
{
  JsonObject *figures;
  JsonNode *node;
  JsonArray *cells;
  guint n = data (self)->n;

  if (self->analysis == NULL)
    return;
  figures = pw_analysis_get_figures (self->analysis);
  node = json_object_get_member (figures, key);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
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
      if (x >= 0 && y >= 0 && x < n && y < n)
        marks[y * n + x] |= flag;
    }
}

/* Cells whose value breaks a rule with another filled cell. */
static void
mark_conflicts (PwNumberBoard *self,
                guint8        *marks)
{
  for (guint u = 0; u < pw_numgrid_get_n_units (self->grid); u++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (self->grid, u, NULL, NULL, &size);

      for (guint i = 0; i < size; i++)
        for (guint j = i + 1; j < size; j++)
          {
            guint vi = value_at (self, unit[i]), vj = value_at (self, unit[j]);

            if (vi != 0 && vi == vj)
              {
                marks[unit[i]] |= PW_LATIN_MARK_CONFLICT;
                marks[unit[j]] |= PW_LATIN_MARK_CONFLICT;
              }
          }
    }
  for (guint i = 0; i < pw_numgrid_get_n_less (self->grid); i++)
    {
      guint a, b, va, vb;

      pw_numgrid_get_less (self->grid, i, &a, &b);
      va = value_at (self, a);
      vb = value_at (self, b);
      if (va != 0 && vb != 0 && va >= vb)
        {
          marks[a] |= PW_LATIN_MARK_CONFLICT;
          marks[b] |= PW_LATIN_MARK_CONFLICT;
        }
    }
}

/* The values an empty cell still allows: none its peers hold, none a hint
 * removed. */
static void
allowed (PwNumberBoard *self,
         guint          c,
         PwValueSet    *out)
{
  const PwLatinLevel *level = data (self);
  guint n_units;
  const guint *units = pw_numgrid_get_cell_units (self->grid, c, &n_units);

  pw_value_set_fill (out, level->n);
  for (guint i = 0; i < n_units; i++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (self->grid, units[i], NULL, NULL, &size);

      for (guint k = 0; k < size; k++)
        if (unit[k] != c && value_at (self, unit[k]) != 0)
          pw_value_set_remove (out, value_at (self, unit[k]));
    }
  if (self->eliminated != NULL)
    for (guint w = 0; w < PW_NUMGRID_WORDS; w++)
      out->w[w] &= ~self->eliminated[c].w[w];
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

static void
draw_area (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  PwNumberBoard *self = user_data;
  const PwLatinLevel *level = data (self);
  gboolean dark = FALSE;
  const PwViewStyle *style;
  g_autofree guint8 *marks = NULL;
  g_autofree PwValueSet *shown = NULL;
  PwLatinPaintState state = { 0 };
  guint cells;

  {
    GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (area));

    g_object_get (settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  }
  style = pw_view_style_get (dark);
  pw_colour_set (cr, &style->background);
  cairo_paint (cr);
  if (level == NULL)
    return;

  cells = level->n * level->n;
  pw_geometry_fit (&self->geometry, level->n, level->n, width, height, 12);
  marks = g_new0 (guint8, cells);

  if (!self->playing)
    {
      mark_figure (self, "conflicts", PW_LATIN_MARK_CONFLICT, marks);
      mark_figure (self, "redundant_givens", PW_LATIN_MARK_REDUNDANT, marks);
      mark_figure (self, "differing_cells", PW_LATIN_MARK_DIFFERING, marks);
      for (guint i = 0; self->problems != NULL && i < self->problems->len; i++)
        {
          const PwProblem *problem = g_ptr_array_index (self->problems, i);

          if (problem->x >= 0 && problem->y >= 0 && (guint) problem->x < level->n &&
              (guint) problem->y < level->n)
            marks[problem->y * level->n + problem->x] |= PW_LATIN_MARK_CONFLICT;
        }
    }
  else
    {
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->conflicts_check)))
        mark_conflicts (self, marks);
      for (guint c = 0; self->wrong != NULL && c < cells; c++)
        if (self->wrong[c])
          marks[c] |= PW_LATIN_MARK_WRONG;
      if (self->hint != NULL)
        {
          for (guint i = 0; i < self->hint->pattern->len; i++)
            marks[g_array_index (self->hint->pattern, guint, i)] |= PW_LATIN_MARK_PATTERN;
          for (guint i = 0; i < self->hint->placements->len; i++)
            marks[g_array_index (self->hint->placements, PwCellValue, i).cell] |=
              PW_LATIN_MARK_TARGET;
          for (guint i = 0; i < self->hint->eliminations->len; i++)
            marks[g_array_index (self->hint->eliminations, PwCellValue, i).cell] |=
              PW_LATIN_MARK_TARGET;
        }
      /* candidates: the player's, or every value still allowed */
      shown = g_new0 (PwValueSet, cells);
      for (guint c = 0; c < cells; c++)
        {
          if (value_at (self, c) != 0)
            continue;
          if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->auto_check)))
            allowed (self, c, &shown[c]);
          else
            shown[c] = self->pencil[c];
        }
      state.values = self->values;
      state.pencil = shown;
    }
  /* the cursor's units and value, lightly */
  if (self->cursor >= 0 && (guint) self->cursor < cells && self->grid != NULL)
    {
      guint v = value_at (self, self->cursor), n_units;
      const guint *units = pw_numgrid_get_cell_units (self->grid, self->cursor, &n_units);

      for (guint i = 0; i < n_units; i++)
        {
          guint size;
          const guint *unit = pw_numgrid_get_unit (self->grid, units[i], NULL, NULL, &size);

          for (guint k = 0; k < size; k++)
            if ((int) unit[k] != self->cursor)
              marks[unit[k]] |= PW_LATIN_MARK_PEER;
        }
      for (guint c = 0; v != 0 && c < cells; c++)
        if (value_at (self, c) == v)
          marks[c] |= PW_LATIN_MARK_SAME;
    }
  state.marks = marks;
  state.cursor = gtk_widget_has_focus (self->area) || self->playing ? self->cursor : -1;
  state.letters = letters (self);
  pw_latin_paint (level, &state, cr, &self->geometry, style);
}

/* ------------------------------------------------------------------ */
/* Editing                                                              */

static void
emit_level (PwNumberBoard *self,
            PwLatinLevel  *level,
            const char    *label)
{
  g_autoptr(PwLevel) edited = pw_level_with_data (self->level, level);

  pw_board_emit_edited (PW_BOARD (self), edited, label);
}

static void
edit_given (PwNumberBoard *self,
            guint          cell,
            guint          value)
{
  const PwLatinLevel *level = data (self);
  PwLatinLevel *copy;
  g_autofree char *label = NULL;

  if (level->givens[cell] == value)
    return;
  copy = _pw_latin_level_copy (level);
  copy->givens[cell] = value;
  if (value == 0)
    label = g_strdup (_("Clear a cell"));
  else
    {
      char text[8];

      pw_latin_value_text (value, letters (self), text, sizeof text);
      /* Translators: the undo label of typing a value into a cell */
      label = g_strdup_printf (_("Type %s"), text);
    }
  emit_level (self, copy, label);
}

gboolean
pw_number_board_cycle_sign (PwNumberBoard *self,
                            guint          a,
                            guint          b)
{
  const PwLatinLevel *level;
  PwLatinLevel *copy;
  guint n, flag_less, flag_greater, top;
  guint8 was;

  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), FALSE);

  level = data (self);
  if (level == NULL || level->signs == NULL || self->playing)
    return FALSE;
  n = level->n;
  top = MIN (a, b);
  if (MAX (a, b) == top + 1 && top % n + 1 < n)
    flag_less = PW_SIGN_RIGHT_LESS, flag_greater = PW_SIGN_RIGHT_GREATER;
  else if (MAX (a, b) == top + n)
    flag_less = PW_SIGN_DOWN_LESS, flag_greater = PW_SIGN_DOWN_GREATER;
  else
    return FALSE;

  /* none → upper/left smaller → upper/left greater → none */
  copy = _pw_latin_level_copy (level);
  was = copy->signs[top] & (flag_less | flag_greater);
  copy->signs[top] &= ~(flag_less | flag_greater);
  if (was == 0)
    copy->signs[top] |= flag_less;
  else if (was == flag_less)
    copy->signs[top] |= flag_greater;
  emit_level (self, copy, _("Change a sign"));
  return TRUE;
}

static void
paint_region_at (PwNumberBoard *self,
                 guint          cell)
{
  const PwLatinLevel *level = data (self);
  PwLatinLevel *copy;

  if (self->paint_region < 0 || level->regions[cell] == self->paint_region)
    return;
  copy = _pw_latin_level_copy (level);
  copy->regions[cell] = self->paint_region;
  emit_level (self, copy, _("Paint a region"));
}

/* The squarest shape first, then the others, as "3×3". */
static void
fill_box_shapes (PwNumberBoard *self,
                 guint          n)
{
  g_autoptr(GtkStringList) shapes = gtk_string_list_new (NULL);

  for (guint r = 1; r <= n; r++)
    if (n % r == 0)
      {
        g_autofree char *text = g_strdup_printf ("%u×%u", r, n / r);

        gtk_string_list_append (shapes, text);
      }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->box_dropdown), G_LIST_MODEL (shapes));
}

static void
size_changed (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);
  guint n = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->size_spin));
  guint rows = 1, cols = n;
  PwLatinLevel *copy;

  if (self->updating || level == NULL || n == level->n)
    return;
  if (level->variant == PW_LATIN_SUDOKU && !_pw_latin_squarest_boxes (n, &rows, &cols))
    rows = 1, cols = n;
  copy = _pw_latin_level_new (level->variant, n, level->variant == PW_LATIN_SUDOKU ? rows : 0,
                              level->variant == PW_LATIN_SUDOKU ? cols : 0);
  copy->diagonals = level->diagonals;
  /* what fits of the old grid stays, at the top left */
  for (guint y = 0; y < MIN (n, level->n); y++)
    for (guint x = 0; x < MIN (n, level->n); x++)
      {
        if (level->givens[y * level->n + x] <= n)
          copy->givens[y * n + x] = level->givens[y * level->n + x];
        if (copy->signs != NULL)
          copy->signs[y * n + x] = level->signs[y * level->n + x] &
                                   ((x + 1 < n ? PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER : 0) |
                                    (y + 1 < n ? PW_SIGN_DOWN_LESS | PW_SIGN_DOWN_GREATER : 0));
      }
  emit_level (self, copy, _("Change the size"));
}

static void
box_changed (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->box_dropdown));
  guint k = 0;
  PwLatinLevel *copy;

  if (self->updating || level == NULL || level->variant != PW_LATIN_SUDOKU || level->jigsaw ||
      selected == GTK_INVALID_LIST_POSITION)
    return;
  for (guint r = 1; r <= level->n; r++)
    if (level->n % r == 0 && k++ == selected)
      {
        if (r == level->box_rows)
          return;
        copy = _pw_latin_level_copy (level);
        copy->box_rows = r;
        copy->box_cols = level->n / r;
        _pw_latin_level_set_boxes (copy);
        emit_level (self, copy, _("Change the box shape"));
        return;
      }
}

static void
jigsaw_toggled (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);
  gboolean jigsaw = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->jigsaw_toggle));
  PwLatinLevel *copy;

  gtk_widget_set_visible (self->regions_toggle, jigsaw);
  gtk_widget_set_visible (self->box_dropdown, !jigsaw);
  if (self->updating || level == NULL || level->variant != PW_LATIN_SUDOKU ||
      jigsaw == level->jigsaw)
    return;
  copy = _pw_latin_level_copy (level);
  copy->jigsaw = jigsaw;
  if (jigsaw)
    {
      /* the boxes become regions to reshape */
      copy->box_rows = copy->box_cols = 0;
    }
  else
    {
      if (!_pw_latin_squarest_boxes (copy->n, &copy->box_rows, &copy->box_cols))
        copy->box_rows = 1, copy->box_cols = copy->n;
      _pw_latin_level_set_boxes (copy);
    }
  emit_level (self, copy, jigsaw ? _("Make jigsaw regions") : _("Make boxes"));
}

static void
diagonals_toggled (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);
  gboolean on = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->diagonals_check));
  PwLatinLevel *copy;

  if (self->updating || level == NULL || level->variant != PW_LATIN_SUDOKU ||
      on == level->diagonals)
    return;
  copy = _pw_latin_level_copy (level);
  copy->diagonals = on;
  emit_level (self, copy, on ? _("Add the diagonals") : _("Remove the diagonals"));
}

/* The bar shows the level's shape. */
static void
update_bar (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);
  gboolean sudoku;

  if (level == NULL)
    return;
  sudoku = level->variant == PW_LATIN_SUDOKU;
  self->updating = TRUE;
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->size_spin), sudoku ? 1 : PW_LATIN_MIN_N,
                             sudoku ? PW_SUDOKU_MAX_N : PW_LATIN_MAX_N);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->size_spin), level->n);
  gtk_widget_set_visible (self->jigsaw_toggle, sudoku);
  gtk_widget_set_visible (self->diagonals_check, sudoku);
  gtk_widget_set_visible (self->box_dropdown, sudoku && !level->jigsaw);
  gtk_widget_set_visible (self->regions_toggle, sudoku && level->jigsaw);
  if (sudoku)
    {
      guint k = 0, selected = 0;

      fill_box_shapes (self, level->n);
      for (guint r = 1; r <= level->n; r++)
        if (level->n % r == 0)
          {
            if (r == level->box_rows)
              selected = k;
            k++;
          }
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->box_dropdown), selected);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->jigsaw_toggle), level->jigsaw);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->diagonals_check), level->diagonals);
    }
  if (!level->jigsaw)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->regions_toggle), FALSE);
  gtk_widget_set_visible (self->letters_check, level->n >= 10 && level->n <= 35);
  self->updating = FALSE;
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static void
clear_hint (PwNumberBoard *self)
{
  g_clear_pointer (&self->hint, pw_logic_step_free);
}

static void
play_changed (PwNumberBoard *self)
{
  g_clear_pointer (&self->wrong, g_free);
  update_status (self);
  redraw (self);
  pw_board_emit_play_changed (PW_BOARD (self));
}

/* Opens a step of play, saving @cell as it is. */
static void
push_step (PwNumberBoard *self,
           const guint   *cells,
           guint          n)
{
  Step step = { g_array_new (FALSE, FALSE, sizeof (Undo)) };

  for (guint i = 0; i < n; i++)
    {
      Undo undo = { cells[i], self->values[cells[i]], self->pencil[cells[i]],
                    self->eliminated[cells[i]] };

      g_array_append_val (step.cells, undo);
    }
  g_array_append_val (self->steps, step);
  if (self->started == 0)
    self->started = g_get_monotonic_time ();
}

static gboolean
is_solved (PwNumberBoard *self)
{
  g_autofree guint8 *full = g_new (guint8, n_cells (self));

  for (guint c = 0; c < n_cells (self); c++)
    {
      full[c] = value_at (self, c);
      if (full[c] == 0)
        return FALSE;
    }
  return pw_numgrid_check (self->grid, full);
}

static void
after_entry (PwNumberBoard *self)
{
  if (!self->solved && is_solved (self))
    {
      self->solved = TRUE;
      self->solved_seconds = (g_get_monotonic_time () - self->started) / 1e6;
    }
  play_changed (self);
}

static void
play_value (PwNumberBoard *self,
            guint          cell,
            guint          value)
{
  guint c = cell;

  if (data (self)->givens[cell] != 0 || self->solved)
    return;
  clear_hint (self);
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->pencil_toggle)) && value != 0)
    {
      if (self->values[cell] != 0)
        return;
      push_step (self, &c, 1);
      if (pw_value_set_has (&self->pencil[cell], value))
        pw_value_set_remove (&self->pencil[cell], value);
      else
        pw_value_set_add (&self->pencil[cell], value);
    }
  else
    {
      if (self->values[cell] == value)
        return;
      push_step (self, &c, 1);
      self->values[cell] = value;
    }
  after_entry (self);
}

static void
clear_steps (PwNumberBoard *self)
{
  if (self->steps == NULL)
    return;
  for (guint i = 0; i < self->steps->len; i++)
    step_clear (&g_array_index (self->steps, Step, i));
  g_array_set_size (self->steps, 0);
}

static void
stop_play (PwNumberBoard *self)
{
  self->playing = FALSE;
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->pencil, g_free);
  g_clear_pointer (&self->eliminated, g_free);
  g_clear_pointer (&self->wrong, g_free);
  g_clear_pointer (&self->solution, g_free);
  clear_steps (self);
  clear_hint (self);
  gtk_widget_set_visible (self->edit_bar, TRUE);
  gtk_widget_set_visible (self->play_bar, FALSE);
}

/* The solution from the analysis, when the level has exactly one. */
static guint8 *
known_solution (PwNumberBoard *self)
{
  JsonObject *figures;
  JsonNode *unique, *rows;
  guint n = data (self)->n;
  guint8 *out;

  if (self->analysis == NULL)
    return NULL;
  figures = pw_analysis_get_figures (self->analysis);
  unique = json_object_get_member (figures, "unique");
  rows = json_object_get_member (figures, "solution");
  if (unique == NULL || !JSON_NODE_HOLDS_VALUE (unique) || !json_node_get_boolean (unique) ||
      rows == NULL || !JSON_NODE_HOLDS_ARRAY (rows) ||
      json_array_get_length (json_node_get_array (rows)) != n)
    return NULL;
  out = g_new0 (guint8, n * n);
  for (guint y = 0; y < n; y++)
    {
      JsonArray *row = json_array_get_array_element (json_node_get_array (rows), y);

      for (guint x = 0; x < n && x < json_array_get_length (row); x++)
        out[y * n + x] = json_array_get_int_element (row, x);
    }
  return out;
}

void
pw_number_board_check (PwNumberBoard *self)
{
  guint cells;

  g_return_if_fail (PW_IS_NUMBER_BOARD (self));

  if (!self->playing)
    return;
  if (self->solution == NULL)
    self->solution = known_solution (self);
  if (self->solution == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status_label),
                          _("Check needs the analysis to have found exactly one solution."));
      return;
    }
  cells = n_cells (self);
  g_free (self->wrong);
  self->wrong = g_new0 (guint8, cells);
  for (guint c = 0; c < cells; c++)
    self->wrong[c] = self->values[c] != 0 && self->values[c] != self->solution[c];
  update_status (self);
  redraw (self);
}

const guint8 *
pw_number_board_get_wrong (PwNumberBoard *self)
{
  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), NULL);
  return self->wrong;
}

const char *
pw_number_board_get_hint_text (PwNumberBoard *self)
{
  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), NULL);
  return self->hint != NULL ? self->hint->sentence : NULL;
}

double
pw_number_board_get_solve_seconds (PwNumberBoard *self)
{
  g_return_val_if_fail (PW_IS_NUMBER_BOARD (self), 0);
  return self->solved ? self->solved_seconds : 0;
}

static void
update_status (PwNumberBoard *self)
{
  g_autofree char *text = NULL;
  int state = 0;
  guint cells, filled = 0, wrong = 0;

  if (!self->playing)
    {
      const PwLatinLevel *level = data (self);

      gtk_label_set_text (GTK_LABEL (self->status_label),
                          level == NULL ? ""
                          : level->signs != NULL
                          ? _("Click a cell and type its given (0 clears); click between two cells "
                              "to change their sign.")
                          : level->jigsaw
                          ? _("Click a cell and type its given (0 clears). With Paint regions, drag "
                              "from a cell to give its region the cells you pass.")
                          : _("Click a cell and type its given; 0 clears."));
      return;
    }
  cells = n_cells (self);
  for (guint c = 0; c < cells; c++)
    {
      filled += value_at (self, c) != 0;
      wrong += self->wrong != NULL && self->wrong[c];
    }
  if (self->solved)
    {
      guint s = (guint) self->solved_seconds;

      /* Translators: play mode, the level finished in minutes:seconds */
      text = g_strdup_printf (_("Solved in %u:%02u."), s / 60, s % 60);
      state = 1;
    }
  else if (self->hint != NULL)
    text = g_strdup_printf (_("%s (Hint again makes this step.)"), self->hint->sentence);
  else if (self->wrong != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Check: %u entry differs from the solution.",
                                         "Check: %u entries differ from the solution.", wrong),
                            wrong);
  else
    /* Translators: play mode, cells filled of all cells */
    text = g_strdup_printf (_("%u of %u cells filled."), filled, cells);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  pw_board_emit_play_status (PW_BOARD (self), text, state);
}

/* ------------------------------------------------------------------ */
/* Input                                                                */

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
    play_value (self, cell, value);
  else
    edit_given (self, cell, value);
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
    paint_region_at (self, row * level->n + column);
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

/* ------------------------------------------------------------------ */
/* The board the window sees                                            */

static void
board_set_level (PwBoard   *board,
                 PwLevel   *level,
                 GPtrArray *problems)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  gboolean same_rules = FALSE;

  if (self->level != NULL && level != NULL)
    {
      const PwLatinLevel *a = data (self), *b = pw_level_get_data (level);

      same_rules = a->n == b->n;
    }
  if (self->playing && !same_rules)
    stop_play (self);
  g_clear_pointer (&self->level, pw_level_unref);
  self->level = level != NULL ? pw_level_ref (level) : NULL;
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  self->problems = problems != NULL ? g_ptr_array_ref (problems) : NULL;
  g_clear_pointer (&self->grid, pw_numgrid_free);
  if (self->level != NULL)
    {
      self->grid = _pw_latin_build_grid (data (self));
      if ((guint) MAX (self->cursor, 0) >= n_cells (self))
        self->cursor = -1;
      update_bar (self);
    }
  update_status (self);
  redraw (self);
}

static void
board_set_analysis (PwBoard    *board,
                    PwAnalysis *analysis)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);

  pw_analysis_replace (&self->analysis, analysis);
  redraw (self);
}

static gboolean
board_can_play (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);

  return self->level != NULL && (self->problems == NULL || self->problems->len == 0);
}

static gboolean
board_start_play (PwBoard  *board,
                  GError  **error)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  guint cells;

  if (!board_can_play (board))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Its problems are listed in the analysis panel; fix them first."));
      return FALSE;
    }
  cells = n_cells (self);
  self->playing = TRUE;
  self->values = g_new0 (guint8, cells);
  self->pencil = g_new0 (PwValueSet, cells);
  self->eliminated = g_new0 (PwValueSet, cells);
  self->started = 0;
  self->solved = FALSE;
  self->solved_seconds = 0;
  clear_steps (self);
  if (self->cursor < 0)
    self->cursor = 0;
  gtk_widget_set_visible (self->edit_bar, FALSE);
  gtk_widget_set_visible (self->play_bar, TRUE);
  gtk_widget_grab_focus (self->area);
  play_changed (self);
  return TRUE;
}

static void
board_stop_play (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);

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
  return PW_NUMBER_BOARD (board)->playing;
}

static PwBoardPlayActions
board_get_play_actions (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  PwBoardPlayActions actions = 0;

  if (!self->playing)
    return 0;
  if (self->steps->len > 0)
    actions |= PW_BOARD_CAN_BACK;
  if (!self->solved)
    actions |= PW_BOARD_CAN_HINT;
  if (!self->solved)
    {
      if (self->solution == NULL)
        self->solution = known_solution (self);
      if (self->solution != NULL)
        actions |= PW_BOARD_CAN_SOLVE;
    }
  return actions;
}

static void
board_play_restart (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  guint cells = n_cells (self);

  if (!self->playing)
    return;
  memset (self->values, 0, cells);
  memset (self->pencil, 0, sizeof (PwValueSet) * cells);
  memset (self->eliminated, 0, sizeof (PwValueSet) * cells);
  clear_steps (self);
  clear_hint (self);
  self->started = 0;
  self->solved = FALSE;
  play_changed (self);
}

static void
board_play_back (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  Step *step;

  if (!self->playing || self->steps->len == 0)
    return;
  step = &g_array_index (self->steps, Step, self->steps->len - 1);
  for (guint i = step->cells->len; i-- > 0;)
    {
      const Undo *undo = &g_array_index (step->cells, Undo, i);

      self->values[undo->cell] = undo->value;
      self->pencil[undo->cell] = undo->pencil;
      self->eliminated[undo->cell] = undo->eliminated;
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
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  guint cells = n_cells (self);
  g_autofree guint8 *position = NULL;
  g_autofree PwValueSet *candidates = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->playing || self->solved)
    return;
  if (self->hint != NULL)
    {
      PwLogicStep *hint = g_steal_pointer (&self->hint);
      g_autoptr(GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < hint->placements->len; i++)
        g_array_append_val (touched, g_array_index (hint->placements, PwCellValue, i).cell);
      for (guint i = 0; i < hint->eliminations->len; i++)
        g_array_append_val (touched, g_array_index (hint->eliminations, PwCellValue, i).cell);
      push_step (self, (const guint *) (gconstpointer) touched->data, touched->len);
      for (guint i = 0; i < hint->placements->len; i++)
        {
          const PwCellValue *cv = &g_array_index (hint->placements, PwCellValue, i);

          self->values[cv->cell] = cv->value;
        }
      for (guint i = 0; i < hint->eliminations->len; i++)
        {
          const PwCellValue *cv = &g_array_index (hint->eliminations, PwCellValue, i);

          pw_value_set_add (&self->eliminated[cv->cell], cv->value);
          pw_value_set_remove (&self->pencil[cv->cell], cv->value);
        }
      pw_logic_step_free (hint);
      after_entry (self);
      return;
    }

  position = g_new0 (guint8, cells);
  candidates = g_new0 (PwValueSet, cells);
  for (guint c = 0; c < cells; c++)
    {
      position[c] = value_at (self, c);
      if (position[c] == 0)
        allowed (self, c, &candidates[c]);
      else
        pw_value_set_add (&candidates[c], position[c]);
    }
  self->hint = pw_logic_next_step (self->grid, position, candidates, &error);
  if (self->hint == NULL)
    {
      g_autofree char *text = NULL;

      if (error != NULL)
        /* Translators: a hint when the player's entries break a rule */
        text = g_strdup_printf (_("Your entries cannot all be right: %s"), error->message);
      else
        text = g_strdup (_("No step of logic found from here: try a value and see."));
      gtk_label_set_text (GTK_LABEL (self->status_label), text);
      pw_board_emit_play_status (board, text, 0);
      return;
    }
  update_status (self);
  redraw (self);
  pw_board_emit_play_changed (board);
}

/* One cell more of the solution: the empty or wrong cell first in
 * reading order. */
static gboolean
board_solution_step (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  guint cells = n_cells (self);

  if (!self->playing)
    return FALSE;
  if (self->solution == NULL)
    self->solution = known_solution (self);
  if (self->solution == NULL)
    return FALSE;
  for (guint c = 0; c < cells; c++)
    if (data (self)->givens[c] == 0 && self->values[c] != self->solution[c])
      {
        push_step (self, &c, 1);
        self->values[c] = self->solution[c];
        clear_hint (self);
        after_entry (self);
        return !self->solved;
      }
  return FALSE;
}

static gboolean
board_solution_at_once (PwBoard *board)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  guint cells = n_cells (self);

  if (!self->playing)
    return FALSE;
  if (self->solution == NULL)
    self->solution = known_solution (self);
  if (self->solution == NULL)
    return FALSE;
  for (guint c = 0; c < cells; c++)
    if (data (self)->givens[c] == 0 && self->values[c] != self->solution[c])
      g_array_append_val (changed, c);
  if (changed->len == 0)
    return TRUE;
  push_step (self, (const guint *) (gconstpointer) changed->data, changed->len);
  for (guint i = 0; i < changed->len; i++)
    {
      guint c = g_array_index (changed, guint, i);

      self->values[c] = self->solution[c];
    }
  clear_hint (self);
  after_entry (self);
  return TRUE;
}

static char *
board_get_moves_text (PwBoard  *board,
                      char    **tooltip)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (board);
  guint n;

  if (!self->playing)
    return NULL;
  n = self->steps->len;
  *tooltip = NULL;
  /* Translators: play mode, the number of entries made so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry", "%u entries", n), n);
}

static void
board_show_cells (PwBoard   *board,
                  const int *cells,
                  guint      n_cells_shown)
{
  redraw (PW_NUMBER_BOARD (board));
}

static void
pw_number_board_board_init (PwBoardInterface *iface)
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
/* GObject                                                              */

static void
pw_number_board_dispose (GObject *object)
{
  PwNumberBoard *self = PW_NUMBER_BOARD (object);

  stop_play (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_NUMBER_BOARD);
  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->grid, pw_numgrid_free);
  clear_steps (self);
  g_clear_pointer (&self->steps, g_array_unref);
  G_OBJECT_CLASS (pw_number_board_parent_class)->dispose (object);
}

static void
pw_number_board_class_init (PwNumberBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_number_board_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-number-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, edit_bar);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, size_spin);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, box_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, jigsaw_toggle);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, regions_toggle);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, diagonals_check);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, play_bar);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, pencil_toggle);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, auto_check);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, conflicts_check);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, check_button);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, area);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, status_label);
  gtk_widget_class_bind_template_child (widget_class, PwNumberBoard, letters_check);
  gtk_widget_class_bind_template_callback (widget_class, size_changed);
  gtk_widget_class_bind_template_callback (widget_class, box_changed);
  gtk_widget_class_bind_template_callback (widget_class, jigsaw_toggled);
  gtk_widget_class_bind_template_callback (widget_class, diagonals_toggled);
  gtk_widget_class_bind_template_callback (widget_class, redraw);
  gtk_widget_class_bind_template_callback (widget_class, pw_number_board_check);
  gtk_widget_class_set_css_name (widget_class, "pw-number-board");
}

static void
pw_number_board_init (PwNumberBoard *self)
{
  GtkEventController *key;
  GtkGesture *click, *drag;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cursor = -1;
  self->typed_cell = -1;
  self->paint_region = -1;
  self->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw_area, self, NULL);
  /* for the screenshots: the toggle a player would click */
  g_object_set_data (G_OBJECT (self), "auto-candidates", self->auto_check);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (self->area, key);
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (click));
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (self->area, GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
pw_number_board_new (void)
{
  return g_object_new (PW_TYPE_NUMBER_BOARD, NULL);
}
