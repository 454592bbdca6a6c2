/* pw-canvas-private.h — what the canvas's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-canvas.c draws and keeps the state; pw-canvas-input.c turns pointer
 * and keys into the canvas's signals.
 */

#pragma once

#include "pw-canvas.h"
#include "pw-geometry.h"

G_BEGIN_DECLS

struct _PwCanvas
{
  GtkWidget   parent_instance;

  PwLevel    *level;
  GPtrArray  *problems;
  PwAnalysis *analysis;
  PwPlay     *play;
  PwLevel    *shown;        /* the play position, drawn instead of the level */
  gboolean    placing;      /* placement play */
  guint8     *conflict;     /* placement play: cells to ring, or NULL */
  GArray     *highlight;    /* int x, y pairs the figures panel chose */
  char       *history;      /* the moves shown, to tell a move from a jump */

  /* a move being animated */
  PwLevel    *anim_before;
  guint       anim_move;
  gint64      anim_start;
  guint       anim_tick;

  PwTool      tool;
  char        tile;
  int         zoom_cell;    /* 0: fit */

  int         cursor_column;
  int         cursor_row;
  gboolean    has_anchor;   /* Shift+arrows: a rectangle from the anchor */
  int         anchor_column;
  int         anchor_row;

  /* a drag in progress */
  gboolean    dragging;
  gboolean    drag_erases;
  double      drag_x;
  double      drag_y;
  int         drag_column;
  int         drag_row;
  int         last_column;
  int         last_row;
  int         hover_column; /* rectangle's far corner while dragging */
  int         hover_row;
};

enum
{
  STROKE_BEGIN,
  PAINT,
  STROKE_END,
  FILL_RECTANGLE,
  FLOOD_FILL,
  MOVE,
  PLAY_KEY,
  PLACE,
  N_SIGNALS
};

extern guint _pw_canvas_signals[N_SIGNALS];

/* pw-canvas.c: where the cells are at the canvas's size */
void _pw_canvas_compute_geometry (PwCanvas   *self,
                                  PwGeometry *geometry);

/* pw-canvas-input.c: the pointer, key, scroll and focus controllers */
void _pw_canvas_add_input        (PwCanvas   *self);

G_END_DECLS
