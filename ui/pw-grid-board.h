/* pw-grid-board.h — the board of every kind drawn on a grid: tools and
 * palette over the canvas; move play and placement play
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "pw-board.h"
#include "pw-canvas.h"

G_BEGIN_DECLS

#define PW_TYPE_GRID_BOARD (pw_grid_board_get_type ())

G_DECLARE_FINAL_TYPE (PwGridBoard, pw_grid_board, PW, GRID_BOARD, GtkWidget)

/* A PwBoard. Edits come from the canvas (pencil, rectangle, flood fill,
 * the eraser) with the tile the palette chose; its actions, offered as
 * "board.tool" (pencil, rectangle, fill, eraser), "board.tile" (a tile
 * code), "board.zoom-in", "board.zoom-out" and "board.zoom-fit", drive the
 * tools, the palette and the zoom. Play: kinds with play_* functions move
 * through their state graph (PwPlay); kinds with place_check place pieces,
 * each placement checked on a worker thread. */

GtkWidget *pw_grid_board_new        (void);
PwCanvas  *pw_grid_board_get_canvas (PwGridBoard *self);

G_END_DECLS
