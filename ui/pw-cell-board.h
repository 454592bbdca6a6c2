/* pw-cell-board.h — the board of the logic kinds whose cells are filled
 * or marked (pictures painted, values typed, pieces placed); the table a
 * kind gives it is in pw-cell-view.h (cairo only)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pw-board.h"
#include "pw-cell-view.h"

G_BEGIN_DECLS

#define PW_TYPE_CELL_BOARD (pw_cell_board_get_type ())

G_DECLARE_FINAL_TYPE (PwCellBoard, pw_cell_board, PW, CELL_BOARD, GtkBox)

GtkWidget    *pw_cell_board_new            (void);

/* For tests and keyboard-less callers: the selected cell, what the
 * pointer does (a press on a cell, a stroke through cells, with the
 * current tool when editing), what typing does (a value on the selected
 * cell: the given when editing, the entry in play), a setting, a line's
 * text. Each returns FALSE when it does nothing. */
void          pw_cell_board_select         (PwCellBoard  *self,
                                            guint         cell);
int           pw_cell_board_get_cursor     (PwCellBoard  *self);
void          pw_cell_board_set_tool       (PwCellBoard  *self,
                                            guint         tool);
gboolean      pw_cell_board_stroke         (PwCellBoard  *self,
                                            const guint  *cells,
                                            guint         n_cells,
                                            guint         button);
gboolean      pw_cell_board_type_value     (PwCellBoard  *self,
                                            guint         value);
gboolean      pw_cell_board_set_setting    (PwCellBoard  *self,
                                            guint         setting,
                                            int           value);
gboolean      pw_cell_board_set_line       (PwCellBoard  *self,
                                            guint         line,
                                            const char   *text,
                                            GError      **error);
/* Opens the line's text for typing, as a click beside it does. */
gboolean      pw_cell_board_edit_line      (PwCellBoard  *self,
                                            guint         line);
/* The cell under a point of the drawing area, -1 outside the cells. */
int           pw_cell_board_cell_at        (PwCellBoard  *self,
                                            double        x,
                                            double        y);

/* Play: every cell's entry (NULL out of play), Check, the cells it marked
 * wrong (NULL before a Check), the hint on show, the solve time. */
const int    *pw_cell_board_get_position   (PwCellBoard  *self);
void          pw_cell_board_check          (PwCellBoard  *self);
const guint8 *pw_cell_board_get_wrong      (PwCellBoard  *self);
const char   *pw_cell_board_get_hint_text  (PwCellBoard  *self);
const char   *pw_cell_board_get_status     (PwCellBoard  *self);
gboolean      pw_cell_board_get_solved     (PwCellBoard  *self);
double        pw_cell_board_get_solve_seconds (PwCellBoard *self);

G_END_DECLS
