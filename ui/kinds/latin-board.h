/* latin-board.h — the board Sudoku, Latin square and Futoshiki levels are
 * edited and played on
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pw-board.h"

G_BEGIN_DECLS

#define PW_TYPE_NUMBER_BOARD (pw_number_board_get_type ())

G_DECLARE_FINAL_TYPE (PwNumberBoard, pw_number_board, PW, NUMBER_BOARD, GtkBox)

GtkWidget *pw_number_board_new          (void);

/* For tests and keyboard-less callers: what a key press on the selected
 * cell does (a digit, a letter with letters shown, 0 or Backspace to
 * clear), the selected cell, and the player's values. */
void       pw_number_board_select       (PwNumberBoard *self,
                                         guint          cell);
gboolean   pw_number_board_type_value   (PwNumberBoard *self,
                                         guint          value);
/* Cycles the sign between neighbouring cells @a and @b (futoshiki): none,
 * a < b, a > b. */
gboolean   pw_number_board_cycle_sign   (PwNumberBoard *self,
                                         guint          a,
                                         guint          b);
const guint8 *pw_number_board_get_values (PwNumberBoard *self);
/* Play: pencil mode (typing toggles a candidate), automatic candidates,
 * live conflicts, Check. */
void       pw_number_board_set_pencil   (PwNumberBoard *self,
                                         gboolean       pencil);
void       pw_number_board_check        (PwNumberBoard *self);
/* The cells Check marked wrong, one flag a cell; NULL before a Check. */
const guint8 *pw_number_board_get_wrong (PwNumberBoard *self);
/* The sentence of the hint on show, or NULL. */
const char *pw_number_board_get_hint_text (PwNumberBoard *self);
/* Seconds of play until solved (0 while unsolved or before the first
 * entry). */
double     pw_number_board_get_solve_seconds (PwNumberBoard *self);

G_END_DECLS
