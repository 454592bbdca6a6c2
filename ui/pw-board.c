/* pw-board.c — the widget a kind's levels are shown, edited and played
 * on: what the window asks of it
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-board"

#include "config.h"

#include "pw-board.h"
#include "pw-grid-board.h"
#include "pw-kind-view.h"

G_DEFINE_INTERFACE (PwBoard, pw_board, GTK_TYPE_WIDGET)

enum { EDITED, EDIT_BEGIN, EDIT_END, PLAY_STATUS, PLAY_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
pw_board_default_init (PwBoardInterface *iface)
{
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, PW_TYPE_LEVEL,
                                  G_TYPE_STRING);
  signals[EDIT_BEGIN] = g_signal_new ("edit-begin", G_TYPE_FROM_INTERFACE (iface),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                      G_TYPE_STRING);
  signals[EDIT_END] = g_signal_new ("edit-end", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[PLAY_STATUS] = g_signal_new ("play-status", G_TYPE_FROM_INTERFACE (iface),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                       G_TYPE_STRING, G_TYPE_INT);
  signals[PLAY_CHANGED] = g_signal_new ("play-changed", G_TYPE_FROM_INTERFACE (iface),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

GType
pw_board_type_for_level (PwLevel *level)
{
  const PwKindView *view = level != NULL ? pw_kind_view_lookup (pw_level_get_kind_id (level)) : NULL;

  if (view != NULL && view->board_type != NULL)
    return view->board_type ();
  return PW_TYPE_GRID_BOARD;
}

#define IFACE(self) PW_BOARD_GET_IFACE (self)

void
pw_board_set_level (PwBoard   *self,
                    PwLevel   *level,
                    GPtrArray *problems)
{
  g_return_if_fail (PW_IS_BOARD (self));
  IFACE (self)->set_level (self, level, problems);
}

void
pw_board_set_analysis (PwBoard    *self,
                       PwAnalysis *analysis)
{
  g_return_if_fail (PW_IS_BOARD (self));
  if (IFACE (self)->set_analysis != NULL)
    IFACE (self)->set_analysis (self, analysis);
}

GActionGroup *
pw_board_get_actions (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), NULL);
  return IFACE (self)->get_actions != NULL ? IFACE (self)->get_actions (self) : NULL;
}

gboolean
pw_board_can_play (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->can_play (self);
}

gboolean
pw_board_start_play (PwBoard  *self,
                     GError  **error)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->start_play (self, error);
}

void
pw_board_stop_play (PwBoard *self)
{
  g_return_if_fail (PW_IS_BOARD (self));
  IFACE (self)->stop_play (self);
}

gboolean
pw_board_get_playing (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->get_playing (self);
}

PwBoardPlayActions
pw_board_get_play_actions (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), 0);
  return IFACE (self)->get_play_actions (self);
}

void
pw_board_play_restart (PwBoard *self)
{
  g_return_if_fail (PW_IS_BOARD (self));
  IFACE (self)->play_restart (self);
}

void
pw_board_play_back (PwBoard *self)
{
  g_return_if_fail (PW_IS_BOARD (self));
  IFACE (self)->play_back (self);
}

void
pw_board_play_hint (PwBoard *self)
{
  g_return_if_fail (PW_IS_BOARD (self));
  IFACE (self)->play_hint (self);
}

gboolean
pw_board_solution_step (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->solution_step (self);
}

gboolean
pw_board_solution_at_once (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->solution_at_once != NULL && IFACE (self)->solution_at_once (self);
}

char *
pw_board_get_moves_text (PwBoard  *self,
                         char    **tooltip)
{
  g_return_val_if_fail (PW_IS_BOARD (self), NULL);
  if (tooltip != NULL)
    *tooltip = NULL;
  return IFACE (self)->get_moves_text != NULL ? IFACE (self)->get_moves_text (self, tooltip) : NULL;
}

int
pw_board_get_n_moves (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), -1);
  return IFACE (self)->get_n_moves != NULL ? IFACE (self)->get_n_moves (self) : -1;
}

PwPlay *
pw_board_get_play (PwBoard *self)
{
  g_return_val_if_fail (PW_IS_BOARD (self), NULL);
  return IFACE (self)->get_play != NULL ? IFACE (self)->get_play (self) : NULL;
}

gboolean
pw_board_goto_state (PwBoard *self,
                     guint    state)
{
  g_return_val_if_fail (PW_IS_BOARD (self), FALSE);
  return IFACE (self)->goto_state != NULL && IFACE (self)->goto_state (self, state);
}

void
pw_board_show_cells (PwBoard   *self,
                     const int *cells,
                     guint      n_cells)
{
  g_return_if_fail (PW_IS_BOARD (self));
  if (IFACE (self)->show_cells != NULL)
    IFACE (self)->show_cells (self, cells, n_cells);
}

void
pw_board_emit_edited (PwBoard    *self,
                      PwLevel    *level,
                      const char *label)
{
  g_signal_emit (self, signals[EDITED], 0, level, label);
}

void
pw_board_emit_edit_begin (PwBoard    *self,
                          const char *label)
{
  g_signal_emit (self, signals[EDIT_BEGIN], 0, label);
}

void
pw_board_emit_edit_end (PwBoard *self)
{
  g_signal_emit (self, signals[EDIT_END], 0);
}

void
pw_board_emit_play_status (PwBoard    *self,
                           const char *text,
                           int         state)
{
  g_signal_emit (self, signals[PLAY_STATUS], 0, text, state);
}

void
pw_board_emit_play_changed (PwBoard *self)
{
  g_signal_emit (self, signals[PLAY_CHANGED], 0);
}
