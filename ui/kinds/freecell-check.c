/* freecell-check.c — what play on the card table works out on worker
 * threads: the moves a click makes, and whether a position and every move
 * from it can still be won
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only, apart from the card table's marks: a check solves the
 * position with a budget, then every move a click could make from it,
 * each from the position it leads to.
 */

#define G_LOG_DOMAIN "pw-card-table"

#include "config.h"

#include "freecell-check.h"

/* what a check may spend: the position itself, then each move (positions
 * stored, and microseconds) */
#define POSITION_BUDGET  300000
#define POSITION_TIME    (180 * G_TIME_SPAN_MILLISECOND)
#define MOVE_BUDGET      100000
#define MOVE_TIME        (60 * G_TIME_SPAN_MILLISECOND)


gboolean
pw_fc_is_run (const PwFcPosition *position,
        int                 c,
        int                 index)
{
  for (int i = index + 1; i < position->height[c]; i++)
    {
      guint8 below = position->cards[c][i - 1], card = position->cards[c][i];

      if (PW_FC_RANK (below) != PW_FC_RANK (card) + 1 || PW_FC_RED (below) == PW_FC_RED (card))
        return FALSE;
    }
  return TRUE;
}

/* The atomic moves that carry the card at @index of @from (and all above
 * it) to @to, the way a click does: onto a cascade only the part of the
 * run that fits, into an occupied free cell the first empty one
 * instead. Appended to @out; FALSE, appending nothing, when no legal move
 * does it. */
gboolean
pw_fc_resolve_move (const PwFcPosition *position,
              int                 from,
              int                 index,
              int                 to,
              GArray             *out)
{
  PwFcMove move;

  if (from < 0 || to < 0 || from == to || from >= PW_FC_FOUNDATION || to > PW_FC_FOUNDATION ||
      (from < PW_FC_MAX_CASCADES && from >= position->n_cascades) ||
      (to < PW_FC_MAX_CASCADES && to >= position->n_cascades) ||
      (PW_FC_IS_CELL (from) && from - PW_FC_MAX_CASCADES >= position->n_free) ||
      (PW_FC_IS_CELL (to) && to - PW_FC_MAX_CASCADES >= position->n_free))
    return FALSE;
  if (PW_FC_IS_CELL (to) && pw_fc_top (position, to) != 0)
    {
      to = -1;
      for (int i = 0; i < position->n_free && to < 0; i++)
        if (position->cells[i] == 0)
          to = PW_FC_CELL (i);
      if (to < 0)
        return FALSE;
    }

  if (from < PW_FC_MAX_CASCADES)
    {
      int h = position->height[from];
      int count = h - index;

      if (index < 0 || index >= h || !pw_fc_is_run (position, from, index))
        return FALSE;
      if (to < PW_FC_MAX_CASCADES && to != from)
        {
          if (position->height[to] == 0)
            {
              for (int k = count; k >= 1; k--)
                if (pw_fc_supermove (position, from, k, to, out))
                  return TRUE;
              return FALSE;
            }
          /* onto a card only one part of the top run fits, wherever in
           * the run the click was */
          while (index > 0 && pw_fc_is_run (position, from, index - 1))
            index--;
          for (int k = 1; k <= h - index; k++)
            if (pw_fc_supermove (position, from, k, to, out))
              return TRUE;
          return FALSE;
        }
      if (count != 1)
        {
          /* a run cannot go to a free cell or up: its top card can */
          index = h - 1;
        }
    }
  move.from = from;
  move.to = to;
  if (!pw_fc_move_legal (position, move))
    return FALSE;
  g_array_append_val (out, move);
  return TRUE;
}

void
pw_fc_apply_moves (PwFcPosition *position,
             GArray       *moves,
             guint         first)
{
  for (guint i = first; i < moves->len; i++)
    pw_fc_move_apply (position, g_array_index (moves, PwFcMove, i));
}


void
pw_fc_check_free (gpointer data)
{
  PwFcCheck *check = data;

  g_clear_pointer (&check->solution, g_array_unref);
  g_free (check);
}

/* Solves @position in the suits of its deal's class (@swaps), as the
 * analysis does, so that both find the same solutions; a solution names
 * places, so it plays on @position as it is. */
static gboolean
solve_from (const PwFcPosition *position,
            int                 swaps,
            guint64             budget,
            GTimeSpan           time,
            GCancellable       *cancellable,
            PwFcSolveResult    *result,
            GError            **error)
{
  PwFcSolveOptions options;
  PwFcPosition swapped = *position;
  PwDeadline deadline;

  pw_fc_position_swap_suits (&swapped, swaps);
  position = &swapped;
  pw_fc_solve_options_init (&options);
  options.max_states = budget;
  pw_deadline_init (&deadline, (double) time / G_USEC_PER_SEC);
  options.deadline = &deadline;
  options.cancellable = cancellable;
  return pw_fc_solve (position, &options, result, error);
}

void
pw_fc_check_position_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  PwFcCheck *check = data;
  PwFcSolveResult result;
  GError *error = NULL;

  if (!solve_from (&check->position, check->swaps, POSITION_BUDGET, POSITION_TIME, cancellable,
                   &result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  check->verdict = result.verdict;
  check->states = result.states;
  check->solution = g_steal_pointer (&result.solution);
  pw_fc_solve_result_clear (&result);
  g_task_return_boolean (task, TRUE);
}

void
pw_fc_check_moves_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  PwFcCheck *check = data;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (PwFcMove));

  for (int from = 0; from < PW_FC_N_SOURCES; from++)
    {
      int index;

      if (from < PW_FC_MAX_CASCADES)
        {
          int h = from < check->position.n_cascades ? check->position.height[from] : 0;

          if (h == 0)
            continue;
          /* the whole run at the top: a click on its lowest card */
          for (index = h - 1; index > 0 && pw_fc_is_run (&check->position, from, index - 1); index--)
            ;
        }
      else if (pw_fc_top (&check->position, from) == 0)
        continue;
      else
        index = 0;

      for (int to = 0; to < PW_FC_N_PLACES; to++)
        {
          PwFcPosition after = check->position;
          PwFcSolveResult result;
          GError *error = NULL;

          g_array_set_size (moves, 0);
          if (g_task_return_error_if_cancelled (task))
            return;
          if (!pw_fc_resolve_move (&check->position, from, index, to, moves))
            continue;
          if (check->dead)
            {
              check->marks[from][to] = PW_FC_MARK_DEAD;
              continue;
            }
          pw_fc_apply_moves (&after, moves, 0);
          if (check->auto_moves)
            pw_fc_auto_moves (&after, moves);
          if (!solve_from (&after, check->swaps, MOVE_BUDGET, MOVE_TIME, cancellable, &result,
                           &error))
            {
              g_task_return_error (task, error);
              return;
            }
          switch (result.verdict)
            {
            case PW_FC_SOLVED:
              check->marks[from][to] = PW_FC_MARK_WINNABLE;
              check->moves_left[from][to] = moves->len + result.solution->len;
              break;
            case PW_FC_UNSOLVABLE:
              check->marks[from][to] = PW_FC_MARK_DEAD;
              break;
            default:
              check->marks[from][to] = PW_FC_MARK_UNKNOWN;
              break;
            }
          pw_fc_solve_result_clear (&result);
        }
    }
  g_task_return_boolean (task, TRUE);
}

