/* pw-graph-view.h — the whole state space of a small level, drawn
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_GRAPH_VIEW_MAX_STATES 300

#define PW_TYPE_GRAPH_VIEW (pw_graph_view_get_type ())

G_DECLARE_FINAL_TYPE (PwGraphView, pw_graph_view, PW, GRAPH_VIEW, GtkWidget)

/* Draws the state graph of an analysis of up to PW_GRAPH_VIEW_MAX_STATES
 * states, like the diagrams of the Skiddy designers' article: states in
 * rows by depth from the start, moves as lines; the start, won states,
 * max-combo wins (reached without breaking the combo) and dead ends in
 * their colours; the play position ringed. A click on a state emits
 * "state-activated" (guint state). */

void    pw_graph_view_set_analysis (PwGraphView *self,
                                    PwAnalysis  *analysis);
/* The play position's state, or PW_NO_STATE. */
void    pw_graph_view_set_current  (PwGraphView *self,
                                    guint32      state);
/* The state drawn nearest (@x, @y), within a node's radius, or
 * PW_NO_STATE; and where state @state is drawn (for tests). */
guint32 pw_graph_view_state_at     (PwGraphView *self,
                                    double       x,
                                    double       y);
gboolean pw_graph_view_get_position (PwGraphView *self,
                                     guint32      state,
                                     double      *x,
                                     double      *y);

G_END_DECLS
