/* pw-analysis-panel.h — the figures of the level on screen, live
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_ANALYSIS_PANEL (pw_analysis_panel_get_type ())

G_DECLARE_FINAL_TYPE (PwAnalysisPanel, pw_analysis_panel, PW, ANALYSIS_PANEL, GtkWidget)

/* Shows every figure of the level's kind (in the kind's order, unknown
 * ones as "—"), the validation problems, progress while an analysis runs
 * (counted in the kind's progress unit; the count it reached is said
 * again when the analysis is done), "partial" when a budget ran out, and
 * in play mode what the current position is.
 *
 * While the level on screen is analysed again after an edit, its previous
 * figures stay, dimmed; when the new ones come, a figure that changed
 * reads "13 → 11". Lists of cells read as counts; a list of cell lists
 * (dead cells per inventory entry) is a row of buttons, one per entry
 * with its count: choosing one emits "cells-selected" (const int *cells,
 * guint n_cells: x, y pairs; NULL and 0 when none is chosen), for the
 * board to mark them. */

/* A new level is on screen: its kind's figures, its problems (NULL or
 * empty when valid). Another content of the same level (same id) keeps
 * the figures shown, dimmed, until its analysis comes. */
void pw_analysis_panel_set_level    (PwAnalysisPanel *self,
                                     PwLevel         *level,
                                     GPtrArray       *problems);
/* Analysing: the count the analysis's progress reached. */
void pw_analysis_panel_set_progress (PwAnalysisPanel *self,
                                     guint64          explored);
/* Analysing still: the figures a quick first analysis found (the
 * scheduler's "first-look") replace the dimmed ones; the rest wait. */
void pw_analysis_panel_set_first_look (PwAnalysisPanel *self,
                                       PwAnalysis      *analysis);
void pw_analysis_panel_set_analysis (PwAnalysisPanel *self,
                                     PwAnalysis      *analysis);
/* The analysis could not run (other than for the problems shown). */
void pw_analysis_panel_set_error    (PwAnalysisPanel *self,
                                     const char      *message);

/* Play's status, or NULL to hide it; @state 0 plain, 1 won, 2 dead end. */
void pw_analysis_panel_set_play_message (PwAnalysisPanel *self,
                                         const char      *text,
                                         int              state);

/* The text shown for figure @key, the status line, the play status
 * (tests); whether the figures shown are the previous content's. */
const char *pw_analysis_panel_get_figure_text (PwAnalysisPanel *self,
                                               const char      *key);
gboolean    pw_analysis_panel_get_figure_shown (PwAnalysisPanel *self,
                                                const char      *key);
gboolean    pw_analysis_panel_set_fold_open    (PwAnalysisPanel *self,
                                                const char      *key,
                                                gboolean         open);
const char *pw_analysis_panel_get_status_text (PwAnalysisPanel *self);
const char *pw_analysis_panel_get_play_text   (PwAnalysisPanel *self);
gboolean    pw_analysis_panel_get_stale       (PwAnalysisPanel *self);
/* Chooses entry @index of the cell-list figure @key, as a click does
 * (-1: none); FALSE when there is no such entry. */
gboolean    pw_analysis_panel_select_entry    (PwAnalysisPanel *self,
                                               const char      *key,
                                               int              index);

G_END_DECLS
