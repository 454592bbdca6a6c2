/* pw-canvas.h — the level canvas: draws a level or a play position, and
 * turns pointer and keyboard input into tool strokes and moves
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-play.h"
#include "pw-geometry.h"

G_BEGIN_DECLS

typedef enum
{
  PW_TOOL_PENCIL,
  PW_TOOL_RECTANGLE,
  PW_TOOL_FILL,
  PW_TOOL_ERASER,
} PwTool;

#define PW_TYPE_CANVAS (pw_canvas_get_type ())

G_DECLARE_FINAL_TYPE (PwCanvas, pw_canvas, PW, CANVAS, GtkWidget)

/* The canvas never changes a level itself; it asks, by signals:
 *
 * - "stroke-begin", then "paint" (int column, int row, int tile) for each
 *   cell the pencil or eraser crosses, then "stroke-end": one stroke, one
 *   step of undo;
 * - "fill-rectangle" (int column0, int row0, int column1, int row1, int
 *   tile) when a rectangle is drawn (drag, or Shift+arrows and Return);
 * - "flood-fill" (int column, int row, int tile);
 * - "move" (guint move) in play mode, for an arrow key or a swipe;
 * - "play-key" (guint keyval) in play mode for Backspace (back), Home
 *   (restart) and h (hint);
 * - "place" (int column, int row) for a click in placement play.
 *
 * Keyboard: arrows move the cell cursor, Space or Return applies the tool
 * there, Delete erases; in play mode the arrows play. */

GtkWidget  *pw_canvas_new           (void);

/* Whether @widget is drawn in a dark style (its text colour is light):
 * the kinds' drawings then take their dark colours. */
gboolean    pw_widget_is_dark       (GtkWidget  *widget);

void        pw_canvas_set_level     (PwCanvas   *self,
                                     PwLevel    *level);
PwLevel    *pw_canvas_get_level     (PwCanvas   *self);
/* Validation problems, drawn at their cells (may be NULL). */
void        pw_canvas_set_problems  (PwCanvas   *self,
                                     GPtrArray  *problems);
/* The analysis of the level on screen, for the kind's overlay (dead cells
 * of a combination level…), or NULL. */
void        pw_canvas_set_analysis  (PwCanvas   *self,
                                     PwAnalysis *analysis);
/* Play mode while @play is not NULL (the canvas does not own it); call
 * pw_canvas_play_changed after every move or new analysis. */
void        pw_canvas_set_play      (PwCanvas   *self,
                                     PwPlay     *play);
void        pw_canvas_play_changed  (PwCanvas   *self);
/* Placement play (kinds with place_check): the level drawn with @placed
 * (per cell 0 or entry + 1; NULL leaves the mode), @conflict's cells (may
 * be NULL) ringed as the pieces that cannot all stay. Clicks then emit
 * "place" (int column, int row) instead of painting. */
void        pw_canvas_set_placement (PwCanvas     *self,
                                     const guint8 *placed,
                                     const guint8 *conflict);

/* Cells to mark (x, y pairs; NULL to clear), as the figures panel
 * chooses them; the number marked, for tests. */
void        pw_canvas_set_highlight (PwCanvas     *self,
                                     const int    *cells,
                                     guint         n_cells);
guint       pw_canvas_get_highlight (PwCanvas     *self,
                                     const int   **cells);

void        pw_canvas_set_tool      (PwCanvas   *self,
                                     PwTool      tool);
PwTool      pw_canvas_get_tool      (PwCanvas   *self);
void        pw_canvas_set_tile      (PwCanvas   *self,
                                     char        tile);
char        pw_canvas_get_tile      (PwCanvas   *self);

/* Zoom: 0 fits the level to the widget, otherwise pixels per cell. */
void        pw_canvas_zoom_in       (PwCanvas   *self);
void        pw_canvas_zoom_out      (PwCanvas   *self);
void        pw_canvas_zoom_fit      (PwCanvas   *self);

/* Where the grid is drawn now, for tests. */
void        pw_canvas_get_geometry  (PwCanvas   *self,
                                     PwGeometry *geometry);

G_END_DECLS
