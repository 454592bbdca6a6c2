/* pw-scheduler.h — analyses levels on a worker thread, for live analysis
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-kind.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_TYPE_LEVEL    (pw_level_get_type ())
#define PW_TYPE_ANALYSIS (pw_analysis_get_type ())

GType pw_level_get_type    (void) G_GNUC_CONST;
GType pw_analysis_get_type (void) G_GNUC_CONST;

#define PW_TYPE_SCHEDULER (pw_scheduler_get_type ())

G_DECLARE_FINAL_TYPE (PwScheduler, pw_scheduler, PW, SCHEDULER, GObject)

/* A scheduler analyses copies of levels on one worker thread of its own and
 * reports on the main context it was created in:
 *
 * - "analysed" (PwLevel *level, PwAnalysis *analysis, gboolean focus): a
 *   result, for the copy that was analysed;
 * - "first-look" (PwLevel *level, PwAnalysis *analysis): for a focus
 *   level whose kind names first-look figures (PwKind.first_look), those
 *   figures alone, from a quick analysis run before the whole one;
 *   "analysed" follows with every figure. Never cached, and dropped when
 *   the focus moved on;
 * - "failed" (PwLevel *level, GError *error, gboolean focus): a level that
 *   could not be analysed (an invalid level, say);
 * - "progress" (guint64 explored): states explored so far by the focus
 *   level's analysis, at most every @progress_ms.
 *
 * The focus level (the one on screen) goes first: a request waits for
 * @delay_ms of quiet, cancels the focus analysis in flight and pauses a
 * background one, which starts again afterwards. A result for a focus
 * request that was superseded is never reported as the focus result.
 * Results are cached by the level's content and the options, so a level
 * analysed once is never analysed again; only the state graphs that play
 * mode needs are kept within a budget (PW_SCHEDULER_GRAPH_BUDGET, most
 * recently used first), and a level whose graph was let go is explored
 * again when it comes back into focus. */

/* Bytes of state graphs the cache keeps besides the newest one. */
#define PW_SCHEDULER_GRAPH_BUDGET ((gsize) 256 << 20)

PwScheduler *pw_scheduler_new           (const PwAnalyseOptions *options,
                                         guint                   delay_ms,
                                         guint                   progress_ms);
void         pw_scheduler_focus         (PwScheduler            *self,
                                         PwLevel                *level);
void         pw_scheduler_queue         (PwScheduler            *self,
                                         PwLevel                *level);
/* The cached analysis of a level with this content, or NULL. */
PwAnalysis  *pw_scheduler_lookup        (PwScheduler            *self,
                                         PwLevel                *level);
void         pw_scheduler_set_graph_budget (PwScheduler         *self,
                                            gsize                bytes);
/* The memory budget of the analyses asked for from now on
 * (PwAnalyseOptions.max_bytes; 0: four fifths of the memory available). */
void         pw_scheduler_set_max_bytes (PwScheduler            *self,
                                         guint64                 max_bytes);
gboolean     pw_scheduler_get_busy      (PwScheduler            *self);
/* Analyses started so far (cancelled ones included). */
guint        pw_scheduler_get_n_started (PwScheduler            *self);

G_END_DECLS
