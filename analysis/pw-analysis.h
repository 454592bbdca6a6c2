/* pw-analysis.h — the result of analysing one level
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pw-explorer.h"
#include "pw-kind.h"
#include "pw-types.h"

G_BEGIN_DECLS

/* An analysis holds the kind's figures as an ordered JSON object (keys are
 * the kind's PwFigureInfo keys; a figure that is unknown, e.g. because the
 * budget ran out, is JSON null), whether it is partial, and the time taken.
 * Kinds may attach private data (such as a state graph) for play mode. */

PwAnalysis *pw_analysis_new             (const char     *kind_id);
PwAnalysis *pw_analysis_ref             (PwAnalysis     *analysis);
void        pw_analysis_unref           (PwAnalysis     *analysis);
/* Sets *@slot to @analysis (may be NULL), taking a reference and dropping
 * the old one, as g_set_object does; TRUE when it changed. */
gboolean    pw_analysis_replace         (PwAnalysis    **slot,
                                         PwAnalysis     *analysis);

/* A new analysis with the same figures, partial reason and time, but no
 * private data or state graph. */
PwAnalysis *pw_analysis_copy_figures    (PwAnalysis     *analysis);

const char *pw_analysis_get_kind_id     (PwAnalysis     *analysis);
JsonObject *pw_analysis_get_figures     (PwAnalysis     *analysis);
gboolean    pw_analysis_get_partial     (PwAnalysis     *analysis);
const char *pw_analysis_get_partial_reason (PwAnalysis  *analysis);
void        pw_analysis_set_partial     (PwAnalysis     *analysis,
                                         const char     *reason);
double      pw_analysis_get_seconds     (PwAnalysis     *analysis);
void        pw_analysis_set_seconds     (PwAnalysis     *analysis,
                                         double          seconds);
/* The count the analysis's progress reached at its end (states, nodes,
 * positions: the kind's PwKind.progress_unit), or 0 when it gave none. */
guint64     pw_analysis_get_explored    (PwAnalysis     *analysis);
void        pw_analysis_set_explored    (PwAnalysis     *analysis,
                                         guint64         explored);
gpointer    pw_analysis_get_private     (PwAnalysis     *analysis);
void        pw_analysis_set_private     (PwAnalysis     *analysis,
                                         gpointer        data,
                                         GDestroyNotify  destroy);

/* The state graph of a kind that explores one (it belongs to the private
 * data, which the kind sets first), for play mode and the graph view;
 * NULL for other kinds. */
void          pw_analysis_set_graph     (PwAnalysis     *analysis,
                                         PwStateGraph   *graph);
PwStateGraph *pw_analysis_get_graph     (PwAnalysis     *analysis);

/* Convenience getters; FALSE when the figure is missing or null. */
gboolean    pw_analysis_get_int         (PwAnalysis     *analysis,
                                         const char     *key,
                                         gint64         *value);
gboolean    pw_analysis_get_double      (PwAnalysis     *analysis,
                                         const char     *key,
                                         double         *value);

/* Text of one figure as it appears in CSV and JSON-like output ("" for
 * null): exact, not localised. */
char       *pw_figure_to_string         (JsonNode       *node);
/* Text of one figure for people (the editor's panel, the text report):
 * thousands grouped, four significant digits, yes/no translated, "—"
 * for null. */
char       *pw_figure_to_display        (JsonNode       *node,
                                         PwFigureType    type);

/* The same for a figure of a kind, by its own display when it has one. */
char       *pw_figure_info_display      (const PwFigureInfo *info,
                                         JsonNode           *node);

/* Figures of a grid whose cells are numbered row by row from the top
 * left, @width to a row: the cells whose flag is set, as a list of [x, y];
 * and the values as a list of rows of numbers. */
JsonArray  *pw_figure_cells_where       (const guint8   *flags,
                                         guint           width,
                                         guint           n_cells);
JsonArray  *pw_figure_rows_u8           (const guint8   *values,
                                         guint           width,
                                         guint           height);
JsonArray  *pw_figure_rows_u16          (const guint16  *values,
                                         guint           width,
                                         guint           height);

/* @count with the locale's thousands separator ("1,323,388"). */
char       *pw_format_count             (guint64         count);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwAnalysis, pw_analysis_unref)

G_END_DECLS
