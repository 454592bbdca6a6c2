/* pw-cell-board-play.c — the cell board in play: entries and their
 * steps of Back, Check against the one solution, the kind's hints, the
 * solution shown, the status line, and the PwBoard interface's play side
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-cell-board"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-cell-board-private.h"
#include "pw-kind-view.h"

/* ------------------------------------------------------------------ */
/* Play                                                                 */

void
_pw_cell_board_step_clear (PwCellStep *step)
{
  g_clear_pointer (&step->cells, g_array_unref);
}

void
_pw_cell_board_clear_steps (PwCellBoard *self)
{
  for (guint i = 0; self->steps != NULL && i < self->steps->len; i++)
    _pw_cell_board_step_clear (&g_array_index (self->steps, PwCellStep, i));
  if (self->steps != NULL)
    g_array_set_size (self->steps, 0);
}

void
_pw_cell_board_clear_hint (PwCellBoard *self)
{
  g_clear_pointer (&self->hint, pw_cell_hint_free);
}

gboolean
_pw_cell_board_is_fixed (PwCellBoard *self,
          guint        cell)
{
  return self->table->fixed (_pw_cell_board_data (self), cell) >= 0;
}

/* Fixed cells take their entries from the level. */
void
_pw_cell_board_fill_fixed (PwCellBoard *self)
{
  for (guint c = 0, cells = _pw_cell_board_n_cells (self); c < cells; c++)
    {
      int fixed = self->table->fixed (_pw_cell_board_data (self), c);

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
  _pw_cell_board_update_status (self);
  _pw_cell_board_redraw (self);
  pw_board_emit_play_changed (PW_BOARD (self));
}

/* Sets one entry inside the step being made, saving what it was. */
gboolean
_pw_cell_board_set_entry (PwCellBoard *self,
           PwCellStep        *step,
           guint        cell,
           int          entry)
{
  PwCellChange before;

  if (cell >= _pw_cell_board_n_cells (self) || _pw_cell_board_is_fixed (self, cell) ||
      self->position[cell] == entry)
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
void
_pw_cell_board_finish_step (PwCellBoard *self,
             PwCellStep        *step)
{
  if (step->cells == NULL)
    return;
  g_array_append_val (self->steps, *step);
  step->cells = NULL;
  _pw_cell_board_clear_hint (self);
  if (!self->solved && self->table->solved (_pw_cell_board_data (self), self->position))
    {
      self->solved = TRUE;
      self->solved_seconds = (g_get_monotonic_time () - self->started) / 1e6;
    }
  play_changed (self);
}

gboolean
_pw_cell_board_play_one (PwCellBoard *self,
          guint        cell,
          int          entry)
{
  PwCellStep step = { NULL };

  if (self->solved || !_pw_cell_board_set_entry (self, &step, cell, entry))
    return FALSE;
  _pw_cell_board_finish_step (self, &step);
  return TRUE;
}

void
_pw_cell_board_stop_play (PwCellBoard *self)
{
  self->playing = FALSE;
  g_clear_pointer (&self->position, g_free);
  g_clear_pointer (&self->wrong, g_free);
  g_clear_pointer (&self->solution, g_free);
  _pw_cell_board_step_clear (&self->stroke_step);
  _pw_cell_board_clear_steps (self);
  _pw_cell_board_clear_hint (self);
  gtk_widget_set_visible (self->edit_bar, TRUE);
  gtk_widget_set_visible (self->play_bar, FALSE);
}

/* The solution as entries, when the analysis found exactly one. */
static int *
known_solution (PwCellBoard *self)
{
  JsonObject *f = _pw_cell_board_figures (self);
  JsonNode *unique;

  if (f == NULL || self->table->solution == NULL)
    return NULL;
  unique = json_object_get_member (f, "unique");
  if (unique == NULL || !JSON_NODE_HOLDS_VALUE (unique) || !json_node_get_boolean (unique))
    return NULL;
  return self->table->solution (_pw_cell_board_data (self), f);
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

  return !_pw_cell_board_is_fixed (self, cell) && entry != self->solution[cell] &&
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
  cells = _pw_cell_board_n_cells (self);
  g_free (self->wrong);
  self->wrong = g_new0 (guint8, cells);
  for (guint c = 0; c < cells; c++)
    self->wrong[c] = self->position[c] != 0 && differs_from_solution (self, c);
  _pw_cell_board_update_status (self);
  _pw_cell_board_redraw (self);
}

void
_pw_cell_board_update_status (PwCellBoard *self)
{
  g_autofree char *text = NULL;
  int state = 0;

  if (_pw_cell_board_data (self) == NULL)
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

      for (guint c = 0, cells = _pw_cell_board_n_cells (self); c < cells; c++)
        wrong += self->wrong[c];
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Check: %u entry differs from the solution.",
                                           "Check: %u entries differ from the solution.", wrong),
                              wrong);
    }
  else
    text = self->table->play_status (_pw_cell_board_data (self), self->position);
  g_free (self->status);
  self->status = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  if (self->playing)
    pw_board_emit_play_status (PW_BOARD (self), text, state);
}

/* ------------------------------------------------------------------ */
/* The board's play side                                                */

static gboolean
board_can_play (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);

  return _pw_cell_board_data (self) != NULL && (self->problems == NULL || self->problems->len == 0);
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
  self->position = g_new0 (int, _pw_cell_board_n_cells (self));
  _pw_cell_board_fill_fixed (self);
  self->started = 0;
  self->solved = FALSE;
  self->solved_seconds = 0;
  _pw_cell_board_clear_steps (self);
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
  _pw_cell_board_stop_play (self);
  _pw_cell_board_update_status (self);
  pw_board_emit_play_status (board, NULL, 0);
  _pw_cell_board_redraw (self);
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
  memset (self->position, 0, sizeof (int) * _pw_cell_board_n_cells (self));
  _pw_cell_board_fill_fixed (self);
  _pw_cell_board_clear_steps (self);
  _pw_cell_board_clear_hint (self);
  self->started = 0;
  self->solved = FALSE;
  play_changed (self);
}

static void
board_play_back (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  PwCellStep *step;

  if (!self->playing || self->steps->len == 0)
    return;
  step = &g_array_index (self->steps, PwCellStep, self->steps->len - 1);
  for (guint i = step->cells->len; i-- > 0;)
    {
      const PwCellChange *before = &g_array_index (step->cells, PwCellChange, i);

      self->position[before->cell] = before->entry;
    }
  _pw_cell_board_step_clear (step);
  g_array_set_size (self->steps, self->steps->len - 1);
  _pw_cell_board_clear_hint (self);
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
      PwCellStep step = { NULL };

      for (guint i = 0; i < hint->changes->len; i++)
        {
          const PwCellChange *change = &g_array_index (hint->changes, PwCellChange, i);

          _pw_cell_board_set_entry (self, &step, change->cell, change->entry);
        }
      if (step.cells != NULL)
        _pw_cell_board_finish_step (self, &step);
      else
        play_changed (self);
      return;
    }

  self->hint = self->table->hint (_pw_cell_board_data (self), self->position, &error);
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
  _pw_cell_board_update_status (self);
  _pw_cell_board_redraw (self);
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
  for (guint c = 0, cells = _pw_cell_board_n_cells (self); c < cells; c++)
    if (differs_from_solution (self, c))
      {
        _pw_cell_board_clear_hint (self);
        self->solved = FALSE;
        _pw_cell_board_play_one (self, c, solution_entry (self, c));
        return !self->solved;
      }
  return FALSE;
}

static gboolean
board_solution_at_once (PwBoard *board)
{
  PwCellBoard *self = PW_CELL_BOARD (board);
  PwCellStep step = { NULL };

  if (!self->playing || !ensure_solution (self))
    return FALSE;
  for (guint c = 0, cells = _pw_cell_board_n_cells (self); c < cells; c++)
    if (differs_from_solution (self, c))
      _pw_cell_board_set_entry (self, &step, c, solution_entry (self, c));
  if (step.cells != NULL)
    _pw_cell_board_finish_step (self, &step);
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
  _pw_cell_board_get_cells (self, &cx, &cy, &w, &h);
  if (cells != NULL && w * h > 0)
    {
      self->shown = g_new0 (guint8, (gsize) w * h);
      for (guint i = 0; i < n; i++)
        if (cells[2 * i] >= 0 && cells[2 * i] < w && cells[2 * i + 1] >= 0 &&
            cells[2 * i + 1] < h)
          self->shown[cells[2 * i + 1] * w + cells[2 * i]] = 1;
    }
  _pw_cell_board_redraw (self);
}

void
_pw_cell_board_play_init (PwBoardInterface *iface)
{
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
