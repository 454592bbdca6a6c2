/* pw-report.h — analysis results as records: JSON, CSV, text
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command line and the editor's export both go through here, so they
 * give the same columns and the same figures.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pw-types.h"

G_BEGIN_DECLS

typedef struct
{
  char       *file;      /* display name of the set file, or NULL */
  guint       order;     /* 1-based position in its set */
  PwLevel    *level;
  PwAnalysis *analysis;  /* NULL when the level could not be analysed */
  char       *error;     /* why not, or NULL */
} PwReportRow;

PwReportRow *pw_report_row_new  (const char  *file,
                                 guint        order,
                                 PwLevel     *level,
                                 PwAnalysis  *analysis,
                                 const char  *error);
void         pw_report_row_free (PwReportRow *row);

/* One JSON object per row: file (when set), order, id, name, kind, size,
 * the kind's figures, partial, seconds, error. */
JsonNode    *pw_report_row_to_json (PwReportRow *row);

/* The column names of a CSV report of @rows (kind figures: the union over
 * the kinds present, in registry order). */
GPtrArray   *pw_report_columns  (GPtrArray   *rows,
                                 gboolean     with_file);
/* The whole report as CSV: header row, then one row per entry; RFC 4180
 * quoting, CRLF line ends, UTF-8. */
char        *pw_report_to_csv   (GPtrArray   *rows,
                                 gboolean     with_file);
/* Readable text for people, labels translated. */
char        *pw_report_to_text  (GPtrArray   *rows);

/* A text cell a spreadsheet would run as a formula (it starts with = + - @,
 * tab or carriage return) gets a leading apostrophe. */
char        *pw_csv_neutralise  (const char  *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwReportRow, pw_report_row_free)

G_END_DECLS
