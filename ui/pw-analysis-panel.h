/* pw-analysis-panel.h — the figures of the level on screen, live
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-play.h"

G_BEGIN_DECLS

#define PW_TYPE_ANALYSIS_PANEL (pw_analysis_panel_get_type ())

G_DECLARE_FINAL_TYPE (PwAnalysisPanel, pw_analysis_panel, PW, ANALYSIS_PANEL, GtkWidget)

/* Shows every figure of the level's kind (in the kind's order, unknown
 * ones as "—"), the validation problems, progress while an analysis
 * runs, "partial" when a budget ran out, and in play mode what the
 * current position is. */

/* A new level is on screen: its kind's figures, its problems (NULL or
 * empty when valid); the figures are cleared until an analysis comes. */
void pw_analysis_panel_set_level    (PwAnalysisPanel *self,
                                     PwLevel         *level,
                                     GPtrArray       *problems);
/* Analysing: states explored so far. */
void pw_analysis_panel_set_progress (PwAnalysisPanel *self,
                                     guint64          explored);
void pw_analysis_panel_set_analysis (PwAnalysisPanel *self,
                                     PwAnalysis      *analysis);
/* The analysis could not run (other than for the problems shown). */
void pw_analysis_panel_set_error    (PwAnalysisPanel *self,
                                     const char      *message);
/* Play mode's position, or NULL out of play mode. */
void pw_analysis_panel_set_play     (PwAnalysisPanel *self,
                                     PwPlay          *play);

/* Placement play's status, or NULL to hide it; @state 0 plain, 1 won,
 * 2 dead end (coloured like play mode's). */
void pw_analysis_panel_set_play_message (PwAnalysisPanel *self,
                                         const char      *text,
                                         int              state);

/* The text shown for figure @key, and the status line (for tests). */
const char *pw_analysis_panel_get_figure_text (PwAnalysisPanel *self,
                                               const char      *key);
const char *pw_analysis_panel_get_status_text (PwAnalysisPanel *self);
const char *pw_analysis_panel_get_play_text   (PwAnalysisPanel *self);

G_END_DECLS
