/* pw-grid-board-place.c — placement play on the grid board
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For kinds with place_check: clicks put the chosen inventory entry on
 * cells (or take a piece back); each placement is checked on a worker
 * thread (completion or a smallest conflicting set), and the figures
 * panel and the canvas say what it can still become.
 */

#define G_LOG_DOMAIN "pw-grid-board"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-grid-board-private.h"

static void placement_changed (PwGridBoard *self);

static int
placed_count (PwGridBoard *self)
{
  int n = 0;

  for (int i = 0; i < self->cells_width * self->cells_height; i++)
    n += self->placed[i] != 0;
  return n;
}

static void
update_placement_status (PwGridBoard *self)
{
  const PwKindView *view = _pw_grid_board_level_view (self);
  g_autofree char *entry = view && view->entry_label
                           ? view->entry_label (pw_level_get_data (self->level), self->entry)
                           : NULL;
  g_autofree char *text = NULL;
  int state = 0;

  pw_canvas_set_placement (self->canvas, self->placed,
                           self->place_known && !self->place_result.completable
                           ? self->place_result.conflict : NULL);
  if (!self->place_known)
    text = g_strdup_printf (_("Checking the placement…\nPlacing: %s"), entry ? entry : "");
  else if (!self->place_result.decided)
    text = g_strdup_printf (_("The search budget ran out: it is not known whether this "
                              "placement can be completed.\nPlacing: %s"), entry ? entry : "");
  else if (!self->place_result.completable)
    {
      text = g_strdup (_("Dead end: the pieces ringed in red cannot all stay in any solution. "
                         "Click a piece to take it away, or Backspace."));
      state = 2;
    }
  else if (self->place_result.solution != NULL &&
           memcmp (self->place_result.solution, self->placed,
                   self->cells_width * self->cells_height) == 0)
    {
      text = g_strdup (_("Solved: every piece is placed and no ray hits another colour."));
      state = 1;
    }
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d piece placed; a solution can still be reached.\n"
                                         "Placing: %s (click the inventory to choose)",
                                         "%d pieces placed; a solution can still be reached.\n"
                                         "Placing: %s (click the inventory to choose)",
                                         placed_count (self)),
                            placed_count (self), entry ? entry : "");
  pw_board_emit_play_status (PW_BOARD (self), text, state);
  pw_board_emit_play_changed (PW_BOARD (self));
}

static void
place_checked (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(PwGridBoard) self = data;
  g_autoptr(GError) error = NULL;
  PwPlaceResult *found = g_task_propagate_pointer (G_TASK (result), &error);

  if (found == NULL)
    return;  /* cancelled: a newer check is on its way */
  if (self->placed == NULL)
    {
      pw_place_result_clear (found);
      g_free (found);
      return;
    }
  pw_place_result_clear (&self->place_result);
  self->place_result = *found;
  g_free (found);
  self->place_known = TRUE;
  update_placement_status (self);
}

static void
place_result_free (gpointer data)
{
  pw_place_result_clear (data);
  g_free (data);
}

typedef struct
{
  PwLevel *level;
  guint8  *placed;
} PlaceJob;

static void
place_job_free (PlaceJob *job)
{
  pw_level_unref (job->level);
  g_free (job->placed);
  g_free (job);
}

static void
place_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  PlaceJob *job = data;
  const PwKind *kind = pw_level_get_kind (job->level);
  PwPlaceResult *result = g_new0 (PwPlaceResult, 1);
  GError *error = NULL;

  if (!kind->place_check (pw_level_get_data (job->level), job->placed, result, cancellable,
                          &error))
    {
      g_free (result);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, result, place_result_free);
}

/* The placement changed: check it on a worker thread; the panel says so
 * meanwhile. */
static void
placement_changed (PwGridBoard *self)
{
  g_autoptr(GTask) task = NULL;
  PlaceJob *job;

  if (self->place_cancellable != NULL)
    g_cancellable_cancel (self->place_cancellable);
  g_clear_object (&self->place_cancellable);
  self->place_known = FALSE;
  update_placement_status (self);
  if (self->level == NULL)
    return;

  self->place_cancellable = g_cancellable_new ();
  job = g_new0 (PlaceJob, 1);
  job->level = pw_level_copy (self->level);
  job->placed = g_memdup2 (self->placed, self->cells_width * self->cells_height);
  task = g_task_new (NULL, self->place_cancellable, place_checked, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) place_job_free);
  g_task_run_in_thread (task, place_thread);
}

void
_pw_grid_board_canvas_place (PwGridBoard *self,
                             int          column,
                             int          row)
{
  const PwKindView *view = _pw_grid_board_level_view (self);
  int entry, cell;

  if (self->placed == NULL || view == NULL)
    return;
  entry = view->place_entry_at ? view->place_entry_at (pw_level_get_data (self->level), column,
                                                       row)
                               : -1;
  if (entry >= 0)
    {
      self->entry = entry;
      update_placement_status (self);
      return;
    }
  if (column >= self->cells_width || row >= self->cells_height)
    return;
  cell = row * self->cells_width + column;
  if (self->placed[cell] != 0)
    {
      /* a piece: take it away */
      self->placed[cell] = 0;
      for (guint i = 0; i < self->placed_order->len; i++)
        if (g_array_index (self->placed_order, int, i) == cell)
          {
            g_array_remove_index (self->placed_order, i);
            break;
          }
    }
  else if (view->get_tile (pw_level_get_data (self->level), column, row) == '.')
    {
      self->placed[cell] = self->entry + 1;
      g_array_append_val (self->placed_order, cell);
    }
  else
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  placement_changed (self);
}

void
_pw_grid_board_placement_back (PwGridBoard *self)
{
  int cell;

  if (self->placed_order->len == 0)
    return;
  cell = g_array_index (self->placed_order, int, self->placed_order->len - 1);
  g_array_set_size (self->placed_order, self->placed_order->len - 1);
  self->placed[cell] = 0;
  placement_changed (self);
}

void
_pw_grid_board_placement_restart (PwGridBoard *self)
{
  memset (self->placed, 0, self->cells_width * self->cells_height);
  g_array_set_size (self->placed_order, 0);
  placement_changed (self);
}

gboolean
_pw_grid_board_placement_can_fill (PwGridBoard *self)
{
  return self->placed != NULL && self->place_known && self->place_result.completable &&
         self->place_result.solution != NULL;
}

/* One piece of the known completion (a hint), or all of them. */
void
_pw_grid_board_placement_fill (PwGridBoard *self,
                               gboolean     all)
{
  const guint8 *solution = self->place_result.solution;

  if (!_pw_grid_board_placement_can_fill (self))
    return;
  for (int i = 0; i < self->cells_width * self->cells_height; i++)
    if (solution[i] != 0 && self->placed[i] == 0)
      {
        self->placed[i] = solution[i];
        g_array_append_val (self->placed_order, i);
        if (!all)
          break;
      }
  placement_changed (self);
}

void
_pw_grid_board_leave_placement (PwGridBoard *self)
{
  if (self->place_cancellable != NULL)
    g_cancellable_cancel (self->place_cancellable);
  g_clear_object (&self->place_cancellable);
  g_clear_pointer (&self->placed, g_free);
  g_clear_pointer (&self->placed_order, g_array_unref);
  pw_place_result_clear (&self->place_result);
  self->place_known = FALSE;
  pw_canvas_set_placement (self->canvas, NULL, NULL);
}

gboolean
_pw_grid_board_enter_placement (PwGridBoard *self)
{
  pw_level_get_cells (self->level, &self->cells_width, &self->cells_height);
  if (self->cells_width * self->cells_height == 0)
    return FALSE;
  self->placed = g_new0 (guint8, self->cells_width * self->cells_height);
  self->placed_order = g_array_new (FALSE, FALSE, sizeof (int));
  self->entry = 0;
  placement_changed (self);
  return TRUE;
}
