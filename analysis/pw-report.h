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
  guint       same_game_as; /* the order of an earlier level of the same
                             * file that is the same game, or 0 */
} PwReportRow;

PwReportRow *pw_report_row_new  (const char  *file,
                                 guint        order,
                                 PwLevel     *level,
                                 PwAnalysis  *analysis,
                                 const char  *error);
void         pw_report_row_free (PwReportRow *row);

/* Sets same_game_as in every row: levels of one file whose kind's class
 * figure (PW_FIGURE_CLASS) is equal point to the first of them. The CSV
 * and text reports do this themselves. */
void         pw_report_find_same_games (GPtrArray *rows);

/* One JSON object per row: file (when set), order, id, name, kind, size,
 * the kind's figures, same_game_as (kinds with a class figure), partial,
 * seconds, error. */
JsonNode    *pw_report_row_to_json (PwReportRow *row);

/* The column names of a CSV report of @rows (kind figures: the union over
 * the kinds present, in registry order). */
GPtrArray   *pw_report_columns  (GPtrArray   *rows,
                                 gboolean     with_file);
/* The columns of a CSV report whose rows have the kinds @kind_ids and
 * whose figures are the keys of @columns (sets: hash tables of strings),
 * in the order pw_report_columns gives them: for joining the parts of a
 * report made in shards. */
GPtrArray   *pw_report_order_columns (GHashTable *kind_ids,
                                      GHashTable *columns,
                                      gboolean    with_file);
/* The key of the class figure (PW_FIGURE_CLASS) of the kind @kind_id, or
 * NULL: the figure same_game_as compares. */
const char  *pw_report_class_key     (const char *kind_id);
/* @text as one CSV field, quoted as the reports write it. */
void         pw_csv_append_field     (GString    *out,
                                      const char *text);
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
