/* pw-card-table.c — a FreeCell deal on screen: edited by dragging cards,
 * or played with every move checked for dead ends
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In play, each new position is checked on a worker thread in two steps:
 * first whether it can still be won (a budgeted solve: the answer the
 * panel shows), then every move a click could make from it, each solved
 * from the position it leads to, so the destinations of a selected card
 * are marked winnable or dead before the move is made. A newer position
 * cancels the older check; results of an old check are dropped. What the
 * window asks through PwBoard is pw-card-table-board.c's.
 */

#define G_LOG_DOMAIN "pw-card-table"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pw-canvas.h"
#include "pw-card-table-private.h"

G_DEFINE_FINAL_TYPE_WITH_CODE (PwCardTable, pw_card_table, GTK_TYPE_BOX,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, _pw_card_table_board_init))

static void update_status (PwCardTable *self);

const PwFreecellLevel *
_pw_card_table_level_data (PwCardTable *self)
{
  return self->level != NULL ? pw_level_get_data (self->level) : NULL;
}

/* ------------------------------------------------------------------ */
/* Checks on a worker thread (freecell-check.c)                         */

void
_pw_card_table_apply_decor_marks (PwCardTable *self)
{
  int source = self->selected_place;

  for (int p = 0; p < N_PLACES; p++)
    {
      self->decor.marks[p] = PW_FC_MARK_NONE;
      self->decor.moves_left[p] = -1;
    }
  if (!self->playing || source < 0 || source >= N_SOURCES || !self->marks_known)
    return;
  for (int p = 0; p < N_PLACES; p++)
    {
      self->decor.marks[p] = self->marks[source][p];
      self->decor.moves_left[p] = self->moves_left[source][p];
    }
  /* into an empty cascade the check moved the whole top run: a shorter
   * selection makes another move, not known */
  if (source < PW_FC_MAX_CASCADES && self->selected_index > 0 &&
      pw_fc_is_run (&self->position, source, self->selected_index - 1))
    for (int c = 0; c < self->position.n_cascades; c++)
      if (self->position.height[c] == 0)
        {
          self->decor.marks[c] = PW_FC_MARK_NONE;
          self->decor.moves_left[c] = -1;
        }
  /* every empty free cell is the same place */
  for (int i = 0; i < self->position.n_free; i++)
    if (self->position.cells[i] == 0)
      for (int j = 0; j < self->position.n_free; j++)
        if (self->position.cells[j] == 0 && self->marks[source][PW_FC_CELL (j)] != PW_FC_MARK_NONE)
          {
            self->decor.marks[PW_FC_CELL (i)] = self->marks[source][PW_FC_CELL (j)];
            self->decor.moves_left[PW_FC_CELL (i)] = self->moves_left[source][PW_FC_CELL (j)];
          }
}

/* Whether a finished check is of the position on screen: not cancelled,
 * and started since the last change. */
static gboolean
check_is_current (PwCardTable  *self,
                  GAsyncResult *result)
{
  return g_task_propagate_boolean (G_TASK (result), NULL) &&
         g_task_get_cancellable (G_TASK (result)) == self->cancellable;
}

static void
moves_checked (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(PwCardTable) self = data;
  PwFcCheck *check = g_task_get_task_data (G_TASK (result));

  if (!check_is_current (self, result))
    return;
  memcpy (self->marks, check->marks, sizeof self->marks);
  memcpy (self->moves_left, check->moves_left, sizeof self->moves_left);
  self->marks_known = TRUE;
  _pw_card_table_apply_decor_marks (self);
  gtk_widget_queue_draw (self->area);
  pw_board_emit_play_changed (PW_BOARD (self));
}

/* Checks every move from the position on screen, whose own verdict is
 * known; a dead end's moves are all dead ends. */
static void
start_moves_check (PwCardTable *self)
{
  g_autoptr(GTask) task = NULL;
  PwFcCheck *next = g_new0 (PwFcCheck, 1);

  next->position = self->position;
  next->swaps = self->swaps;
  next->auto_moves = gtk_check_button_get_active (self->auto_check);
  next->dead = self->verdict == PW_FC_UNSOLVABLE;
  task = g_task_new (NULL, self->cancellable, moves_checked, g_object_ref (self));
  g_task_set_task_data (task, next, pw_fc_check_free);
  g_task_run_in_thread (task, pw_fc_check_moves_thread);
}

static void
position_checked (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(PwCardTable) self = data;
  PwFcCheck *check = g_task_get_task_data (G_TASK (result));

  if (!check_is_current (self, result))
    return;
  self->checked = TRUE;
  self->verdict = check->verdict;
  self->states = check->states;
  g_clear_pointer (&self->solution, g_array_unref);
  self->solution = g_steal_pointer (&check->solution);
  self->decor.dead = self->verdict == PW_FC_UNSOLVABLE;
  update_status (self);
  gtk_widget_queue_draw (self->area);
  pw_board_emit_play_changed (PW_BOARD (self));

  /* then every move from here */
  start_moves_check (self);
}

/* A drag in progress ends when the position changes under it. */
static void
stop_drag (PwCardTable *self)
{
  self->dragging = FALSE;
  self->press_place = -1;
  self->decor.drag_place = -1;
}

static void
cancel_check (PwCardTable *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

void
_pw_card_table_start_check (PwCardTable *self)
{
  g_autoptr(GTask) task = NULL;
  PwFcCheck *check;

  cancel_check (self);
  stop_drag (self);
  self->checked = FALSE;
  self->marks_known = FALSE;
  self->hint_shown = FALSE;
  self->decor.dead = FALSE;
  self->decor.hint_from = self->decor.hint_to = -1;
  g_clear_pointer (&self->solution, g_array_unref);
  _pw_card_table_apply_decor_marks (self);
  update_status (self);
  if (pw_fc_position_won (&self->position))
    return;

  self->cancellable = g_cancellable_new ();
  check = g_new0 (PwFcCheck, 1);
  check->position = self->position;
  check->swaps = self->swaps;
  task = g_task_new (NULL, self->cancellable, position_checked, g_object_ref (self));
  g_task_set_task_data (task, check, pw_fc_check_free);
  g_task_run_in_thread (task, pw_fc_check_position_thread);
}

/* ------------------------------------------------------------------ */
/* Status                                                               */

static void
update_status (PwCardTable *self)
{
  g_autofree char *text = NULL;
  g_autofree char *made = NULL;
  int state = 0;
  guint n = self->moves ? self->moves->len : 0;

  if (!self->playing)
    return;
  /* Translators: play mode, moves made so far, as the start of a sentence */
  made = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move made.", "%u moves made.", n), n);
  if (pw_fc_position_won (&self->position))
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Won in %u move.", "Won in %u moves.",
                                           n), n);
      state = 1;
    }
  else if (!self->checked)
    text = g_strdup_printf ("%s %s", made, _("Checking whether this position can still be "
                                              "won…"));
  else if (self->verdict == PW_FC_SOLVED)
    {
      guint left = self->solution ? self->solution->len : 0;
      g_autofree char *can = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "It can still be won: the best "
                                                           "solution found from here has %u "
                                                           "move.",
                                                           "It can still be won: the best "
                                                           "solution found from here has %u "
                                                           "moves.", left), left);

      text = g_strdup_printf ("%s %s %s", made, can,
                              _("Select a card: its destinations are marked green (winnable, "
                                "with the moves left), red (a dead end) or grey (not decided "
                                "within the check's budget)."));
    }
  else if (self->verdict == PW_FC_UNSOLVABLE)
    {
      g_autofree char *count = pw_format_count (self->states);

      text = g_strdup_printf (_("Dead end: this position cannot be won (all %s positions "
                                "reachable from it were checked). Take moves back with "
                                "Backspace."), count);
      state = 2;
    }
  else
    {
      g_autofree char *count = pw_format_count (self->states);

      text = g_strdup_printf (_("%s Unknown: the search stopped after %s positions without "
                                "deciding whether this position can be won."), made, count);
    }
  pw_board_emit_play_status (PW_BOARD (self), text, state);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

PwFreecellLevel *
_pw_card_table_shown_level (PwCardTable *self)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);

  if (data == NULL)
    return NULL;
  if (self->playing)
    return pw_fc_position_render (data, &self->position);
  return g_memdup2 (data, sizeof *data);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  PwCardTable *self = data;
  g_autofree PwFreecellLevel *level = _pw_card_table_shown_level (self);
  const PwViewStyle *style = pw_view_style_get (pw_widget_is_dark (GTK_WIDGET (area)));
  int columns, rows;

  pw_colour_set (cr, &style->background);
  cairo_paint (cr);
  if (level == NULL)
    return;
  pw_freecell_get_grid (level, &columns, &rows);
  pw_geometry_fit (&self->geometry, columns, rows, width, height, 12);
  self->decor.selected_place = self->playing ? self->selected_place : -1;
  if (self->playing && self->selected_place >= 0 && self->selected_place < PW_FC_MAX_CASCADES)
    self->decor.selected_count = self->position.height[self->selected_place] -
                                 self->selected_index;
  else
    self->decor.selected_count = 1;
  if (!self->playing && self->edit_place >= 0)
    {
      double x, y;

      pw_freecell_draw (level, &self->decor, cr, &self->geometry, style);
      pw_freecell_card_origin (level, &self->geometry, self->edit_place, self->edit_index, &x,
                               &y);
      pw_rounded_rectangle (cr, x - 2, y - 2, self->geometry.cell * 0.9 + 4,
                            self->geometry.cell * 1.26 + 4, self->geometry.cell * 0.1);
      cairo_set_source_rgb (cr, 0.2, 0.45, 0.9);
      cairo_set_line_width (cr, MAX (2, self->geometry.cell / 18));
      cairo_stroke (cr);
      return;
    }
  pw_freecell_draw (level, &self->decor, cr, &self->geometry, style);
}

/* ------------------------------------------------------------------ */
/* Edits                                                                */

static void
emit_edit (PwCardTable     *self,
           PwFreecellLevel *data,
           const char      *label)
{
  g_autoptr(PwLevel) level = pw_level_with_data (self->level, data);

  pw_board_emit_edited (PW_BOARD (self), level, label);
}

void
pw_card_table_move_card (PwCardTable *self,
                int          from,
                int          index,
                int          to,
                int          at)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);
  PwFreecellLevel *copy;
  guint8 card;

  if (data == NULL || from < 0 || to < 0 || index < 0 || from >= data->n_cascades || to >= data->n_cascades || index >= data->height[from] ||
      (to != from && data->height[to] >= PW_FC_MAX_HEIGHT))
    return;
  if (from == to && (at == index || at == index + 1))
    return;
  copy = g_memdup2 (data, sizeof *data);
  card = copy->cards[from][index];
  memmove (copy->cards[from] + index, copy->cards[from] + index + 1,
           copy->height[from] - index - 1);
  copy->height[from]--;
  if (from == to && at > index)
    at--;
  at = CLAMP (at, 0, copy->height[to]);
  memmove (copy->cards[to] + at + 1, copy->cards[to] + at, copy->height[to] - at);
  copy->cards[to][at] = card;
  copy->height[to]++;
  copy->ms_deal = 0;
  emit_edit (self, copy, _("Move Card"));
}

void
pw_card_table_swap_cards (PwCardTable *self,
           int          c1,
           int          i1,
           int          c2,
           int          i2)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);
  PwFreecellLevel *copy;
  guint8 t;

  if (data == NULL || c1 < 0 || c2 < 0 || c1 >= data->n_cascades || c2 >= data->n_cascades ||
      i1 < 0 || i2 < 0 || i1 >= data->height[c1] || i2 >= data->height[c2])
    return;
  copy = g_memdup2 (data, sizeof *data);
  t = copy->cards[c1][i1];

  copy->cards[c1][i1] = copy->cards[c2][i2];
  copy->cards[c2][i2] = t;
  copy->ms_deal = 0;
  emit_edit (self, copy, _("Swap Cards"));
}

static void
deal_clicked (PwCardTable *self)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);
  PwFreecellLevel *deal;
  guint32 number = gtk_spin_button_get_value (self->deal_spin);

  if (data == NULL)
    return;
  deal = g_new0 (PwFreecellLevel, 1);
  pw_fc_ms_deal (number, deal);
  deal->free_cells = data->free_cells;
  emit_edit (self, deal, _("New Microsoft Deal"));
}

static void
shuffle_clicked (PwCardTable *self)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);

  if (data == NULL)
    return;
  emit_edit (self,
             pw_fc_level_new_shuffled ((guint64) gtk_spin_button_get_value (self->seed_spin),
                                       CLAMP (data->n_cascades, PW_FC_MIN_CASCADES,
                                              PW_FC_MAX_CASCADES), data->free_cells),
             _("Shuffle"));
}

static void
counts_changed (PwCardTable *self)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);
  int cascades = gtk_spin_button_get_value_as_int (self->cascades_spin);
  int free_cells = gtk_spin_button_get_value_as_int (self->free_spin);
  PwFreecellLevel *copy;

  if (self->updating || data == NULL)
    return;
  if (cascades == data->n_cascades && free_cells == data->free_cells)
    return;
  copy = g_new0 (PwFreecellLevel, 1);
  if (cascades != data->n_cascades)
    {
      /* the same cards in reading order (row by row), dealt anew */
      guint8 deck[PW_FC_MAX_CASCADES * PW_FC_MAX_HEIGHT];
      int n = 0, tallest = 0;

      for (int c = 0; c < data->n_cascades; c++)
        tallest = MAX (tallest, data->height[c]);
      for (int row = 0; row < tallest; row++)
        for (int c = 0; c < data->n_cascades; c++)
          if (row < data->height[c])
            deck[n++] = data->cards[c][row];
      copy->n_cascades = cascades;
      for (int i = 0; i < n; i++)
        {
          int c = i % cascades;

          if (copy->height[c] < PW_FC_MAX_HEIGHT)
            copy->cards[c][copy->height[c]++] = deck[i];
        }
      copy->free_cells = data->free_cells;
    }
  else
    {
      *copy = *data;
      copy->free_cells = free_cells;
    }
  emit_edit (self, copy, cascades != data->n_cascades ? _("Change Cascades")
                                                      : _("Change Free Cells"));
}

/* ------------------------------------------------------------------ */
/* Public                                                               */

static void
sync_spins (PwCardTable *self)
{
  const PwFreecellLevel *data = _pw_card_table_level_data (self);

  if (data == NULL)
    return;
  self->updating = TRUE;
  gtk_spin_button_set_value (self->cascades_spin, CLAMP (data->n_cascades, PW_FC_MIN_CASCADES,
                                                         PW_FC_MAX_CASCADES));
  gtk_spin_button_set_value (self->free_spin, data->free_cells);
  if (data->ms_deal > 0)
    gtk_spin_button_set_value (self->deal_spin, data->ms_deal);
  self->updating = FALSE;
}

void
pw_card_table_set_level (PwCardTable *self,
                         PwLevel     *level)
{
  g_return_if_fail (PW_IS_CARD_TABLE (self));

  if (level == self->level)
    return;
  if (self->playing && (level == NULL || self->level == NULL ||
                        !pw_level_same_content (level, self->level)))
    pw_card_table_set_playing (self, FALSE);
  g_clear_pointer (&self->level, pw_level_unref);
  if (level != NULL && g_str_equal (pw_level_get_kind_id (level), pw_freecell_kind.id) &&
      pw_level_get_data (level) != NULL)
    self->level = pw_level_ref (level);
  self->edit_place = -1;
  sync_spins (self);
  gtk_widget_queue_draw (self->area);
}

void
pw_card_table_set_problems (PwCardTable *self,
                            GPtrArray   *problems)
{
  g_return_if_fail (PW_IS_CARD_TABLE (self));

  self->valid = problems == NULL || problems->len == 0;
  memset (self->decor.problems, 0, sizeof self->decor.problems);
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    {
      const PwProblem *problem = g_ptr_array_index (problems, i);

      if (problem->x >= 0 && problem->x < PW_FC_MAX_CASCADES && problem->y >= 0)
        self->decor.problems[problem->x] |= G_GUINT64_CONSTANT (1) << MIN (problem->y, 63);
    }
  gtk_widget_queue_draw (self->area);
}

void
pw_card_table_set_playing (PwCardTable *self,
                           gboolean     playing)
{
  g_return_if_fail (PW_IS_CARD_TABLE (self));

  playing = playing && self->level != NULL;
  if (playing == self->playing)
    return;
  self->playing = playing;
  self->selected_place = -1;
  self->edit_place = -1;
  self->cursor = self->decor.cursor = -1;
  cancel_check (self);
  g_array_set_size (self->history, 0);
  g_array_set_size (self->steps, 0);
  g_array_set_size (self->moves, 0);
  gtk_widget_set_visible (self->edit_bar, !playing);
  gtk_widget_set_visible (self->play_bar, playing);
  memset (self->decor.problems, 0, sizeof self->decor.problems);
  if (playing)
    {
      g_free (pw_fc_class_key (_pw_card_table_level_data (self), &self->swaps));
      pw_fc_position_init (&self->position, _pw_card_table_level_data (self));
      if (gtk_check_button_get_active (self->auto_check))
        {
          g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (PwFcMove));

          pw_fc_auto_moves (&self->position, moves);
          g_array_append_vals (self->moves, moves->data, moves->len);
        }
      _pw_card_table_start_check (self);
    }
  else
    {
      self->decor.dead = FALSE;
      self->decor.hint_from = self->decor.hint_to = -1;
      _pw_card_table_apply_decor_marks (self);
    }
  gtk_widget_queue_draw (self->area);
}

gboolean
pw_card_table_get_playing (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  return self->playing;
}

char *
pw_card_table_get_history (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), NULL);

  return pw_fc_moves_to_string ((const PwFcMove *) self->moves->data, self->moves->len);
}

guint
pw_card_table_get_n_moves (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), 0);

  return self->moves->len;
}

gboolean
pw_card_table_back (PwCardTable *self)
{
  guint step;

  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  if (!self->playing || self->history->len == 0)
    return FALSE;
  self->position = g_array_index (self->history, PwFcPosition, self->history->len - 1);
  g_array_set_size (self->history, self->history->len - 1);
  step = g_array_index (self->steps, guint, self->steps->len - 1);
  g_array_set_size (self->steps, self->steps->len - 1);
  g_array_set_size (self->moves, self->moves->len - MIN (step, self->moves->len));
  self->selected_place = -1;
  _pw_card_table_start_check (self);
  gtk_widget_queue_draw (self->area);
  pw_board_emit_play_changed (PW_BOARD (self));
  return TRUE;
}

void
pw_card_table_restart (PwCardTable *self)
{
  g_return_if_fail (PW_IS_CARD_TABLE (self));

  if (!self->playing)
    return;
  pw_card_table_set_playing (self, FALSE);
  pw_card_table_set_playing (self, TRUE);
  pw_board_emit_play_changed (PW_BOARD (self));
}

gboolean
pw_card_table_can_hint (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  return self->playing && self->checked && self->verdict == PW_FC_SOLVED &&
         self->solution != NULL && self->solution->len > 0;
}

gboolean
pw_card_table_solution_step (PwCardTable *self)
{
  PwFcMove move;
  g_autoptr(GArray) rest = NULL;
  guint step = 1;
  gboolean more;

  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  if (!pw_card_table_can_hint (self))
    return FALSE;
  /* the solution's moves are exact (its automatic moves are written
   * out): play them as they are, and keep the rest as the new solution */
  move = g_array_index (self->solution, PwFcMove, 0);
  if (!pw_fc_move_legal (&self->position, move))
    return FALSE;
  g_array_append_val (self->history, self->position);
  pw_fc_move_apply (&self->position, move);
  g_array_append_val (self->steps, step);
  g_array_append_val (self->moves, move);
  rest = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
  g_array_append_vals (rest, (PwFcMove *) self->solution->data + 1, self->solution->len - 1);
  more = rest->len > 0;
  cancel_check (self);
  self->selected_place = -1;
  self->hint_shown = FALSE;
  self->decor.hint_from = self->decor.hint_to = -1;
  self->marks_known = FALSE;
  _pw_card_table_apply_decor_marks (self);
  g_clear_pointer (&self->solution, g_array_unref);
  self->solution = g_steal_pointer (&rest);
  self->checked = TRUE;
  self->verdict = PW_FC_SOLVED;
  stop_drag (self);
  /* the position's verdict is known; its moves are not */
  if (!pw_fc_position_won (&self->position))
    {
      self->cancellable = g_cancellable_new ();
      start_moves_check (self);
    }
  update_status (self);
  gtk_widget_queue_draw (self->area);
  pw_board_emit_play_changed (PW_BOARD (self));
  return more;
}

void
pw_card_table_hint (PwCardTable *self)
{
  PwFcMove move;
  char notation[3];
  g_autofree char *text = NULL;

  g_return_if_fail (PW_IS_CARD_TABLE (self));

  if (!pw_card_table_can_hint (self))
    return;
  if (self->hint_shown)
    {
      pw_card_table_solution_step (self);
      return;
    }
  move = g_array_index (self->solution, PwFcMove, 0);
  self->hint_shown = TRUE;
  self->decor.hint_from = move.from;
  self->decor.hint_to = move.to;
  pw_fc_move_notation (move, notation);
  /* Translators: %s is a move in standard notation, such as 3a */
  text = g_strdup_printf (_("Hint: %s (press Hint again to make it)"), notation);
  gtk_label_set_text (self->hint_label, text);
  gtk_widget_queue_draw (self->area);
}

gboolean
pw_card_table_is_won (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  return self->playing && pw_fc_position_won (&self->position);
}

int
pw_card_table_get_mark (PwCardTable *self,
                        int          from,
                        int          to,
                        int         *moves_left)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), PW_FC_MARK_NONE);

  if (!self->marks_known || from < 0 || from >= N_SOURCES || to < 0 || to >= N_PLACES)
    return PW_FC_MARK_NONE;
  if (moves_left != NULL)
    *moves_left = self->moves_left[from][to];
  return self->marks[from][to];
}

gboolean
pw_card_table_is_checked (PwCardTable *self)
{
  g_return_val_if_fail (PW_IS_CARD_TABLE (self), FALSE);

  return self->checked && self->marks_known;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */

static void
hint_label_update (PwCardTable *self)
{
  if (!self->hint_shown)
    gtk_label_set_text (self->hint_label, "");
}

/* The moves' marks depend on the automatic moves: check again. */
static void
auto_toggled (PwCardTable *self)
{
  if (self->playing)
    _pw_card_table_start_check (self);
}

/* A group of controls in the edit bar, kept on one line when the bar wraps. */
static GtkWidget *
edit_group (GtkWidget *bar)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_flow_box_append (GTK_FLOW_BOX (bar), group);
  /* the group is no stop of its own for Tab: its controls are */
  gtk_widget_set_focusable (gtk_widget_get_parent (group), FALSE);
  return group;
}

static GtkWidget *
labelled_spin (GtkWidget   *box,
               const char  *label,
               double       low,
               double       high,
               const char  *tooltip)
{
  GtkWidget *text = gtk_label_new_with_mnemonic (label);
  GtkWidget *spin = gtk_spin_button_new_with_range (low, high, 1);

  gtk_widget_add_css_class (text, "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (text), spin);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), high >= 1000 ? 6 : 2);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (spin, tooltip);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), spin);
  return spin;
}

static void
pw_card_table_dispose (GObject *object)
{
  PwCardTable *self = PW_CARD_TABLE (object);

  cancel_check (self);
  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->solution, g_array_unref);
  G_OBJECT_CLASS (pw_card_table_parent_class)->dispose (object);
}

static void
pw_card_table_class_init (PwCardTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pw_card_table_dispose;

  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "pw-card-table");
}

static void
pw_card_table_init (PwCardTable *self)
{
  GtkWidget *button;
  GtkWidget *group;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->history = g_array_new (FALSE, FALSE, sizeof (PwFcPosition));
  self->steps = g_array_new (FALSE, FALSE, sizeof (guint));
  self->moves = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
  self->selected_place = -1;
  self->edit_place = -1;
  self->press_place = -1;
  self->cursor = -1;
  pw_fc_decor_init (&self->decor);

  /* edit: new deals and counts, in groups that wrap onto more lines when
   * the centre is narrow: on one line the bar is wider (963 px) than the
   * centre of a window that fits a 1400 px screen */
  self->edit_bar = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->edit_bar), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->edit_bar), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->edit_bar), 12);
  gtk_widget_set_margin_start (self->edit_bar, 8);
  gtk_widget_set_margin_end (self->edit_bar, 8);
  gtk_widget_set_margin_top (self->edit_bar, 4);
  gtk_widget_set_margin_bottom (self->edit_bar, 4);
  group = edit_group (self->edit_bar);
  self->deal_spin = GTK_SPIN_BUTTON (labelled_spin (group, _("Microsoft _deal"), 1, G_MAXINT32,
                                                    _("The number of a deal of Microsoft "
                                                      "FreeCell, 1 to 2147483647")));
  button = gtk_button_new_with_label (_("Deal"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (deal_clicked), self);
  gtk_box_append (GTK_BOX (group), button);
  group = edit_group (self->edit_bar);
  self->seed_spin = GTK_SPIN_BUTTON (labelled_spin (group, _("_Seed"), 0, G_MAXINT32,
                                                    _("Shuffles with the same seed give the "
                                                      "same deal")));
  button = gtk_button_new_with_mnemonic (_("S_huffle"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (shuffle_clicked), self);
  gtk_box_append (GTK_BOX (group), button);
  group = edit_group (self->edit_bar);
  self->cascades_spin = GTK_SPIN_BUTTON (labelled_spin (group, _("_Cascades"),
                                                        PW_FC_MIN_CASCADES, PW_FC_MAX_CASCADES,
                                                        _("The cards are dealt again, row by "
                                                          "row, into this many cascades")));
  self->free_spin = GTK_SPIN_BUTTON (labelled_spin (group, _("_Free cells"), 0,
                                                    PW_FC_MAX_FREE, NULL));
  g_signal_connect_swapped (self->cascades_spin, "value-changed", G_CALLBACK (counts_changed),
                            self);
  g_signal_connect_swapped (self->free_spin, "value-changed", G_CALLBACK (counts_changed), self);
  gtk_box_append (GTK_BOX (self), self->edit_bar);

  /* play: the automatic moves and a hint */
  self->play_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->play_bar, 8);
  gtk_widget_set_margin_end (self->play_bar, 8);
  gtk_widget_set_margin_top (self->play_bar, 4);
  gtk_widget_set_margin_bottom (self->play_bar, 4);
  self->auto_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (
    _("_Automatic moves to the foundations")));
  gtk_check_button_set_active (self->auto_check, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->auto_check),
                               _("As the Microsoft game does: a card goes up once no card in "
                                 "play could be placed on it"));
  gtk_box_append (GTK_BOX (self->play_bar), GTK_WIDGET (self->auto_check));
  g_signal_connect_swapped (self->auto_check, "toggled", G_CALLBACK (auto_toggled), self);
  self->hint_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->hint_label), TRUE);
  gtk_label_set_xalign (self->hint_label, 1);
  /* a hint is read: it wraps rather than widen the window */
  gtk_label_set_wrap (self->hint_label, TRUE);
  gtk_label_set_wrap_mode (self->hint_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (self->hint_label, GTK_JUSTIFY_RIGHT);
  gtk_box_append (GTK_BOX (self->play_bar), GTK_WIDGET (self->hint_label));
  gtk_widget_set_visible (self->play_bar, FALSE);
  gtk_box_append (GTK_BOX (self), self->play_bar);
  g_signal_connect (self, "play-changed", G_CALLBACK (hint_label_update), NULL);

  self->area = gtk_drawing_area_new ();
  gtk_widget_set_vexpand (self->area, TRUE);
  gtk_widget_set_hexpand (self->area, TRUE);
  gtk_widget_set_focusable (self->area, TRUE);
  gtk_widget_set_tooltip_text (self->area, _("Drag a card to move it; click two cards to swap "
                                              "them."));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->area), draw, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Card table"), -1);
  _pw_card_table_add_input (self);
  gtk_box_append (GTK_BOX (self), self->area);
}

GtkWidget *
pw_card_table_new (void)
{
  return g_object_new (PW_TYPE_CARD_TABLE, NULL);
}
