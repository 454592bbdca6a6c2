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
 * changes the document: edits go out as "edited" (pw-board.h). The
 * board's picture and the marks on it are latin-board-draw.c's, the
 * pointer and keys latin-board-input.c's.
 */

#define G_LOG_DOMAIN "pw-latin-board"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "latin-board-private.h"
#include "latin-paint.h"
#include "latin-private.h"
#include "numgrid.h"
#include "techniques.h"

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


static void pw_number_board_board_init (PwBoardInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PwNumberBoard, pw_number_board, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, pw_number_board_board_init))

static void update_status (PwNumberBoard *self);

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

void
_pw_number_board_edit_given (PwNumberBoard *self,
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

void
_pw_number_board_paint_region_at (PwNumberBoard *self,
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

void
_pw_number_board_play_value (PwNumberBoard *self,
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
        _pw_number_board_allowed (self, c, &candidates[c]);
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
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cursor = -1;
  self->typed_cell = -1;
  self->paint_region = -1;
  self->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), _pw_number_board_draw_area, self,
                                  NULL);
  /* for the screenshots: the toggle a player would click */
  g_object_set_data (G_OBJECT (self), "auto-candidates", self->auto_check);

  _pw_number_board_add_input (self);
}

GtkWidget *
pw_number_board_new (void)
{
  return g_object_new (PW_TYPE_NUMBER_BOARD, NULL);
}
