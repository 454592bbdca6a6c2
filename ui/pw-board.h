/* pw-board.h — the widget a kind's levels are shown, edited and played
 * on: what the window asks of it
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-play.h"

G_BEGIN_DECLS

#define PW_TYPE_BOARD (pw_board_get_type ())

G_DECLARE_INTERFACE (PwBoard, pw_board, PW, BOARD, GtkWidget)

/* What play mode can do now, for the window's play bar. */
typedef enum
{
  PW_BOARD_CAN_BACK  = 1 << 0,  /* take a move back */
  PW_BOARD_CAN_HINT  = 1 << 1,  /* show or make a move of a solution */
  PW_BOARD_CAN_SOLVE = 1 << 2,  /* play the solution, step by step */
} PwBoardPlayActions;

/* Each kind's view table names the board its levels go on
 * (PwKindView.board_type); the grid board (pw-grid-board.h) serves every
 * kind drawn on a grid, the card table FreeCell. The window shows the
 * board of the level on screen and only ever talks to it through this
 * interface.
 *
 * A board never changes the document; it asks, by signals:
 * - "edited" (PwLevel *level, const char *label): put @level in place of
 *   the level on screen, as one step of undo named @label;
 * - "edit-begin" (const char *label), "edit-end": the edits between are
 *   one step (a pencil stroke);
 * - "play-status" (const char *text, int state): what the play position
 *   is, for the figures panel (state 0 plain, 1 won, 2 a dead end), or
 *   NULL text out of play;
 * - "play-changed": a move made or taken back, a check done: the play
 *   bar's actions and move count may have changed. */
struct _PwBoardInterface
{
  GTypeInterface parent_iface;

  /* The level on screen (NULL: none) and its validation problems. */
  void          (*set_level)         (PwBoard    *self,
                                      PwLevel    *level,
                                      GPtrArray  *problems);
  /* The analysis of the level on screen, or NULL. */
  void          (*set_analysis)      (PwBoard    *self,
                                      PwAnalysis *analysis);
  /* Actions the window offers as "board.NAME" (tools, zoom…), or NULL. */
  GActionGroup *(*get_actions)       (PwBoard    *self);

  /* Play mode. start_play fails with a message when the level cannot be
   * played. */
  gboolean      (*can_play)          (PwBoard    *self);
  gboolean      (*start_play)        (PwBoard    *self,
                                      GError    **error);
  void          (*stop_play)         (PwBoard    *self);
  gboolean      (*get_playing)       (PwBoard    *self);
  PwBoardPlayActions (*get_play_actions) (PwBoard *self);
  void          (*play_restart)      (PwBoard    *self);
  void          (*play_back)         (PwBoard    *self);
  void          (*play_hint)         (PwBoard    *self);
  /* One more move of the known solution; FALSE when there is none left. */
  gboolean      (*solution_step)     (PwBoard    *self);
  /* Shows the whole solution at once, when the board plays no solution
   * move by move (placement); FALSE otherwise. May be NULL. */
  gboolean      (*solution_at_once)  (PwBoard    *self);
  /* "3 moves", with the moves as a tooltip, or NULL. */
  char         *(*get_moves_text)    (PwBoard    *self,
                                      char      **tooltip);
  /* Moves made so far in play, for the playtest play mode records; -1
   * when the board does not count moves (placement play). May be NULL. */
  int           (*get_n_moves)       (PwBoard    *self);

  /* Move play over the analysis's state graph, for the graph view; NULL
   * for boards without one. */
  PwPlay       *(*get_play)          (PwBoard    *self);
  gboolean      (*goto_state)        (PwBoard    *self,
                                      guint       state);

  /* Marks cells of the level (x, y pairs; NULL to clear), as the figures
   * panel asks when an entry's dead cells are selected. May be NULL. */
  void          (*show_cells)        (PwBoard    *self,
                                      const int  *cells,
                                      guint       n_cells);
};

/* The board type of @level's kind (the grid board by default). */
GType               pw_board_type_for_level (PwLevel    *level);

void                pw_board_set_level       (PwBoard    *self,
                                              PwLevel    *level,
                                              GPtrArray  *problems);
void                pw_board_set_analysis    (PwBoard    *self,
                                              PwAnalysis *analysis);
GActionGroup       *pw_board_get_actions     (PwBoard    *self);
gboolean            pw_board_can_play        (PwBoard    *self);
gboolean            pw_board_start_play      (PwBoard    *self,
                                              GError    **error);
void                pw_board_stop_play       (PwBoard    *self);
gboolean            pw_board_get_playing     (PwBoard    *self);
PwBoardPlayActions  pw_board_get_play_actions (PwBoard   *self);
void                pw_board_play_restart    (PwBoard    *self);
void                pw_board_play_back       (PwBoard    *self);
void                pw_board_play_hint       (PwBoard    *self);
gboolean            pw_board_solution_step   (PwBoard    *self);
gboolean            pw_board_solution_at_once (PwBoard   *self);
char               *pw_board_get_moves_text  (PwBoard    *self,
                                              char      **tooltip);
int                 pw_board_get_n_moves     (PwBoard    *self);
PwPlay             *pw_board_get_play        (PwBoard    *self);
gboolean            pw_board_goto_state      (PwBoard    *self,
                                              guint       state);
void                pw_board_show_cells      (PwBoard    *self,
                                              const int  *cells,
                                              guint       n_cells);

/* For implementations: emit the interface's signals. */
void                pw_board_emit_edited      (PwBoard    *self,
                                               PwLevel    *level,
                                               const char *label);
void                pw_board_emit_edit_begin  (PwBoard    *self,
                                               const char *label);
void                pw_board_emit_edit_end    (PwBoard    *self);
void                pw_board_emit_play_status (PwBoard    *self,
                                               const char *text,
                                               int         state);
void                pw_board_emit_play_changed (PwBoard   *self);

G_END_DECLS
