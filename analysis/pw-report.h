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

/* Rows written as they come, in order (the command line's analyse and
 * export-csv, whatever the set's size): the bytes pw_report_to_csv, or
 * the JSON array of pw_report_row_to_json, would give for all the rows at
 * once. JSON rows go out at once, @depth lists or objects deep, each after
 * "\n" or ",\n": the caller writes what is around them. Text rows (the
 * bytes of pw_report_to_text) go out at once. CSV rows wait
 * in a temporary file until the columns are known: finish writes the
 * header, then them. same_game_as is set from the rows before. */
typedef enum
{
  PW_REPORT_JSON,
  PW_REPORT_CSV,
  PW_REPORT_TEXT,
} PwReportFormat;

typedef gboolean (*PwReportWrite) (const char  *data,
                                   gsize        length,
                                   gpointer     user_data,
                                   GError     **error);
typedef struct _PwReportWriter PwReportWriter;

PwReportWriter *pw_report_writer_new       (PwReportFormat   format,
                                            gboolean         with_file,
                                            guint            depth,
                                            PwReportWrite    write,
                                            gpointer         user_data);
gboolean        pw_report_writer_add       (PwReportWriter  *writer,
                                            PwReportRow     *row,
                                            GError         **error);
/* CSV: @before (unless NULL), the header and the rows. */
gboolean        pw_report_writer_finish    (PwReportWriter  *writer,
                                            const char      *before,
                                            GError         **error);
guint           pw_report_writer_get_n_rows (PwReportWriter *writer);
void            pw_report_writer_free      (PwReportWriter  *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwReportWriter, pw_report_writer_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwReportRow, pw_report_row_free)

G_END_DECLS
