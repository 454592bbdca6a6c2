/* pw-card-table.h — a FreeCell deal on screen: edited by dragging cards,
 * or played with every move checked for dead ends
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_CARD_TABLE (pw_card_table_get_type ())
G_DECLARE_FINAL_TYPE (PwCardTable, pw_card_table, PW, CARD_TABLE, GtkBox)

/* The table never changes a level itself; it asks, by signals:
 *
 * - "edited" (PwLevel *level, const char *label): the deal after an edit
 *   (a card dragged, two cards swapped, a new deal, other counts), one
 *   step of undo named @label;
 * - "play-status" (const char *text, int state): what the position is
 *   (state 0 on the way, 1 won, 2 a dead end), for the analysis panel;
 * - "play-changed": a move was made or taken back, or a check finished.
 *
 * Edit mode: drag a card to another place in any cascade (the cards
 * there shift); click one card, then another, to swap them. Play mode:
 * click a card (or a run) and then where it goes, or drag it there. */
GtkWidget  *pw_card_table_new            (void);
void        pw_card_table_set_level      (PwCardTable *self,
                                          PwLevel     *level);
void        pw_card_table_set_problems   (PwCardTable *self,
                                          GPtrArray   *problems);

void        pw_card_table_set_playing    (PwCardTable *self,
                                          gboolean     playing);
gboolean    pw_card_table_get_playing    (PwCardTable *self);
/* Moves made since the start of play, atomic, in standard notation. */
char       *pw_card_table_get_history    (PwCardTable *self);
guint       pw_card_table_get_n_moves    (PwCardTable *self);
gboolean    pw_card_table_back           (PwCardTable *self);
void        pw_card_table_restart        (PwCardTable *self);
/* Whether a next move of a winning line is known. */
gboolean    pw_card_table_can_hint       (PwCardTable *self);
/* Shows the next move of a winning line; when it is shown already,
 * makes it. */
void        pw_card_table_hint           (PwCardTable *self);
/* Makes the next move of the known solution; FALSE when there is none
 * or the game is won. */
gboolean    pw_card_table_solution_step  (PwCardTable *self);
gboolean    pw_card_table_is_won         (PwCardTable *self);

/* Makes the move from @from to @to (places as in freecell-private.h,
 * cards carried as a click would choose); FALSE when it is not legal. */
gboolean    pw_card_table_play           (PwCardTable *self,
                                          int          from,
                                          int          index,
                                          int          to);
/* Selects the card at @index of @place (and the run above it) as a click
 * does in play; -1 clears the selection. */
void        pw_card_table_select         (PwCardTable *self,
                                          int          place,
                                          int          index);
/* Edits, as the pointer makes them: the card at @index of cascade @from
 * moved to position @at of cascade @to (the cards there shift), or two
 * cards swapped. Emit "edited". */
void        pw_card_table_move_card      (PwCardTable *self,
                                          int          from,
                                          int          index,
                                          int          to,
                                          int          at);
void        pw_card_table_swap_cards     (PwCardTable *self,
                                          int          cascade1,
                                          int          index1,
                                          int          cascade2,
                                          int          index2);
/* What the last check found for the move from @from (its whole top run)
 * to @to: a PwFcMark value, and with a winnable one the moves left. */
int         pw_card_table_get_mark       (PwCardTable *self,
                                          int          from,
                                          int          to,
                                          int         *moves_left);
/* Whether the last check has finished (tests). */
gboolean    pw_card_table_is_checked     (PwCardTable *self);

G_END_DECLS
