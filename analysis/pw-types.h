/* pw-types.h — forward declarations shared by the analysis library
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _PwKind            PwKind;
typedef struct _PwLevel           PwLevel;
typedef struct _PwLevelSet        PwLevelSet;
typedef struct _PwPlaytest        PwPlaytest;
typedef struct _PwProblem         PwProblem;
typedef struct _PwAnalysis        PwAnalysis;
typedef struct _PwAnalyseOptions  PwAnalyseOptions;
typedef struct _PwFigureInfo      PwFigureInfo;
typedef struct _PwXcspWriter      PwXcspWriter;
typedef struct _PwXcspInstance    PwXcspInstance;
typedef struct _PwXcspElement     PwXcspElement;

/* Called from the analysing thread every few thousand expansions.
 * @explored: states (or nodes) examined so far. */
typedef void (*PwProgressFunc) (guint64  explored,
                                gpointer user_data);

/* Called from the analysing thread with one line of trace (analyse -v). */
typedef void (*PwTraceFunc) (const char *line,
                             gpointer    user_data);

G_END_DECLS
