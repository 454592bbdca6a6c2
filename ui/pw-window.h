/* pw-window.h — the editor's main window
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-analysis-panel.h"
#include "pw-board.h"
#include "pw-canvas.h"
#include "pw-chart-view.h"
#include "pw-graph-view.h"
#include "pw-level-list.h"

G_BEGIN_DECLS

#define PW_TYPE_WINDOW (pw_window_get_type ())

G_DECLARE_FINAL_TYPE (PwWindow, pw_window, PW, WINDOW, GtkApplicationWindow)

/* The window takes the application's GSettings ("settings", may be
 * NULL: nothing is remembered) and recovery folder ("recovery", may be
 * NULL) at construction, and emits "file-used" (const char *path) when a
 * set's file is opened or saved, for the recent list. */
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
/* @file could not be opened: the window shows why (@message) and has no
 * set open, rather than another set in its place. */
void             pw_window_show_open_error    (PwWindow       *self,
                                               GFile          *file,
                                               const char     *message);
/* The message shown when no set is open, or NULL. */
const char      *pw_window_get_message        (PwWindow       *self);
/* The changed-file banner's text while it shows, or NULL (tests). */
const char      *pw_window_get_file_banner    (PwWindow       *self);

/* Writes the set's CSV report to @file in the background (the figures of
 * levels not yet analysed are worked out first), with progress in the
 * window; errors are shown there. The columns are those of
 * `puzzlewright export-csv`. */
void             pw_window_export_csv         (PwWindow       *self,
                                               GFile          *file);
gboolean         pw_window_get_exporting      (PwWindow       *self);
/* What the export bar says ("Exported to …"), or NULL when hidden. */
const char      *pw_window_get_export_message (PwWindow       *self);

/* The index of the level on screen, or G_MAXUINT; selecting one. */
guint            pw_window_get_current        (PwWindow       *self);
void             pw_window_select_level       (PwWindow       *self,
                                               guint           index);
/* Merges playtest sheets (CSV) into the set, one step of undo, and says
 * per file what was added, merged and refused (win.import-playtests). */
void             pw_window_import_playtests   (PwWindow       *self,
                                               GFile         **files,
                                               guint           n_files);

/* Prints the set as `puzzlewright render` does, the sheets-per-page
 * setting's levels a page (four without settings), with solution pages
 * from the analyses done so far when @solutions: to the PDF file
 * @pdf_path, or through the print dialog when NULL (its Sheets tab
 * starts from these and may change them). */
gboolean         pw_window_print              (PwWindow       *self,
                                               const char     *pdf_path,
                                               gboolean        solutions,
                                               GError        **error);
/* Writes the level on screen, drawn alone, to @path: SVG, PNG or PDF. */
gboolean         pw_window_export_level_image (PwWindow       *self,
                                               const char     *path,
                                               GError        **error);

/* For tests. */
/* The board of the level on screen (its kind's, ui/kinds/kind-boards.c). */
PwBoard         *pw_window_get_board          (PwWindow       *self);
/* The grid board's canvas. */
PwCanvas        *pw_window_get_canvas         (PwWindow       *self);
PwAnalysisPanel *pw_window_get_analysis_panel (PwWindow       *self);
PwGraphView     *pw_window_get_graph_view     (PwWindow       *self);
PwChartView     *pw_window_get_chart_view     (PwWindow       *self);
PwPlay          *pw_window_get_play           (PwWindow       *self);
/* The play bar's clock, "mm:ss". */
const char      *pw_window_get_clock_text     (PwWindow       *self);
PwScheduler     *pw_window_get_scheduler      (PwWindow       *self);
GListModel      *pw_window_get_level_model    (PwWindow       *self);
PwLevelList     *pw_window_get_level_list     (PwWindow       *self);

G_END_DECLS
