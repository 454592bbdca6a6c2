/* pw-window.h — the editor's main window
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-analysis-panel.h"
#include "pw-canvas.h"
#include "pw-graph-view.h"
#include "pw-level-list.h"

G_BEGIN_DECLS

#define PW_TYPE_WINDOW (pw_window_get_type ())

G_DECLARE_FINAL_TYPE (PwWindow, pw_window, PW, WINDOW, GtkApplicationWindow)

PwWindow        *pw_window_new                (GtkApplication *application);

/* Shows @document (the window takes a reference), replacing the one on
 * screen without asking: callers ask first (pw_window_confirm_discard). */
void             pw_window_set_document       (PwWindow       *self,
                                               PwDocument     *document);
PwDocument      *pw_window_get_document       (PwWindow       *self);
/* Opens a level-set file (or a plain-text collection), asking first when
 * the current set has unsaved changes; errors are shown in the window. */
void             pw_window_open_file          (PwWindow       *self,
                                               GFile          *file);

/* Writes the set's CSV report to @file in the background (the figures of
 * levels not yet analysed are worked out first), with progress in the
 * window; errors are shown there. The columns are those of
 * `puzzlewright export-csv`. */
void             pw_window_export_csv         (PwWindow       *self,
                                               GFile          *file);
gboolean         pw_window_get_exporting      (PwWindow       *self);

/* The index of the level on screen, or G_MAXUINT; selecting one. */
guint            pw_window_get_current        (PwWindow       *self);
void             pw_window_select_level       (PwWindow       *self,
                                               guint           index);

/* For tests. */
PwCanvas        *pw_window_get_canvas         (PwWindow       *self);
/* The table FreeCell levels are shown on. */
GtkWidget       *pw_window_get_card_table     (PwWindow       *self);
PwAnalysisPanel *pw_window_get_analysis_panel (PwWindow       *self);
PwGraphView     *pw_window_get_graph_view     (PwWindow       *self);
PwPlay          *pw_window_get_play           (PwWindow       *self);
PwScheduler     *pw_window_get_scheduler      (PwWindow       *self);
GListModel      *pw_window_get_level_model    (PwWindow       *self);
PwLevelList     *pw_window_get_level_list     (PwWindow       *self);

G_END_DECLS
