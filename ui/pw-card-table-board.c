/* pw-card-table-board.c — the card table as the window sees it (PwBoard)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The play bar's actions and the level on screen reach the card table
 * through the board interface; each is one of its own calls.
 */

#define G_LOG_DOMAIN "pw-card-table"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pw-card-table-private.h"

static void
board_set_level (PwBoard   *board,
                 PwLevel   *level,
                 GPtrArray *problems)
{
  PwCardTable *self = PW_CARD_TABLE (board);

  pw_card_table_set_level (self, level);
  pw_card_table_set_problems (self, problems);
}

static gboolean
board_can_play (PwBoard *board)
{
  PwCardTable *self = PW_CARD_TABLE (board);

  return self->level != NULL && self->valid;
}

static gboolean
board_start_play (PwBoard  *board,
                  GError  **error)
{
  PwCardTable *self = PW_CARD_TABLE (board);

  if (!board_can_play (board))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Its problems are listed in the analysis panel; fix them first."));
      return FALSE;
    }
  pw_card_table_set_playing (self, TRUE);
  return TRUE;
}

static void
board_stop_play (PwBoard *board)
{
  PwCardTable *self = PW_CARD_TABLE (board);

  if (!self->playing)
    return;
  pw_card_table_set_playing (self, FALSE);
  pw_board_emit_play_status (board, NULL, 0);
}

static gboolean
board_get_playing (PwBoard *board)
{
  return pw_card_table_get_playing (PW_CARD_TABLE (board));
}

static PwBoardPlayActions
board_get_play_actions (PwBoard *board)
{
  PwCardTable *self = PW_CARD_TABLE (board);
  PwBoardPlayActions actions = 0;

  if (self->moves->len > 0)
    actions |= PW_BOARD_CAN_BACK;
  if (pw_card_table_can_hint (self))
    actions |= PW_BOARD_CAN_HINT | PW_BOARD_CAN_SOLVE;
  return actions;
}

static void
board_play_restart (PwBoard *board)
{
  pw_card_table_restart (PW_CARD_TABLE (board));
}

static void
board_play_back (PwBoard *board)
{
  pw_card_table_back (PW_CARD_TABLE (board));
}

static void
board_play_hint (PwBoard *board)
{
  pw_card_table_hint (PW_CARD_TABLE (board));
}

static gboolean
board_solution_step (PwBoard *board)
{
  return pw_card_table_solution_step (PW_CARD_TABLE (board));
}

static char *
board_get_moves_text (PwBoard  *board,
                      char    **tooltip)
{
  PwCardTable *self = PW_CARD_TABLE (board);
  guint n = self->moves->len;

  if (!self->playing)
    return NULL;
  *tooltip = pw_card_table_get_history (self);
  /* Translators: play mode, the number of moves made so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n), n);
}

static int
board_get_n_moves (PwBoard *board)
{
  PwCardTable *self = PW_CARD_TABLE (board);

  return self->playing ? (int) self->moves->len : -1;
}

void
_pw_card_table_board_init (PwBoardInterface *iface)
{
  iface->set_level = board_set_level;
  iface->can_play = board_can_play;
  iface->start_play = board_start_play;
  iface->stop_play = board_stop_play;
  iface->get_playing = board_get_playing;
  iface->get_play_actions = board_get_play_actions;
  iface->play_restart = board_play_restart;
  iface->play_back = board_play_back;
  iface->play_hint = board_play_hint;
  iface->solution_step = board_solution_step;
  iface->get_moves_text = board_get_moves_text;
  iface->get_n_moves = board_get_n_moves;
}
