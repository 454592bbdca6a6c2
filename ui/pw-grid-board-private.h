/* pw-grid-board-private.h — what the grid board's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-grid-board.c: editing, tools, move play, the board interface;
 * pw-grid-board-place.c: placement play.
 */

#pragma once

#include "pw-grid-board.h"
#include "pw-kind-view.h"

G_BEGIN_DECLS

struct _PwGridBoard
{
  GtkWidget           parent_instance;

  /* template */
  GtkWidget          *box;
  GtkWidget          *edit_bar;
  GtkBox             *tool_box;
  GtkFlowBox         *palette_box;
  GtkWidget          *scroller;
  PwCanvas           *canvas;

  GSimpleActionGroup *actions;         /* tool, tile, zoom */
  const PwKindView   *palette_view;    /* the kind the palette shows */
  gboolean            stroke;

  PwLevel            *level;
  gboolean            valid;           /* no problems */
  PwAnalysis         *analysis;

  /* move play (kinds with play_*) */
  PwPlay             *play;

  /* placement play (kinds with place_check) */
  guint8             *placed;          /* per cell 0 or entry + 1, or NULL */
  GArray             *placed_order;    /* cells, in the order pieces went down */
  int                 cells_width;
  int                 cells_height;
  int                 entry;           /* the inventory entry clicks place */
  PwPlaceResult       place_result;
  gboolean            place_known;
  GCancellable       *place_cancellable;
};

/* pw-grid-board.c */
const PwKindView *_pw_grid_board_level_view         (PwGridBoard *self);

/* pw-grid-board-place.c */
gboolean          _pw_grid_board_enter_placement    (PwGridBoard *self);
void              _pw_grid_board_leave_placement    (PwGridBoard *self);
void              _pw_grid_board_placement_back     (PwGridBoard *self);
void              _pw_grid_board_placement_restart  (PwGridBoard *self);
gboolean          _pw_grid_board_placement_can_fill (PwGridBoard *self);
/* one piece of the known completion (a hint), or all of them */
void              _pw_grid_board_placement_fill     (PwGridBoard *self,
                                                     gboolean     all);
/* the canvas's "place" signal: a click on a cell */
void              _pw_grid_board_canvas_place       (PwGridBoard *self,
                                                     int          column,
                                                     int          row);

G_END_DECLS
