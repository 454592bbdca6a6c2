/* pw-playtest-import.h — playtesters' spreadsheets (CSV) merged into a set
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "pw-types.h"

G_BEGIN_DECLS

#define PW_PLAYTEST_IMPORT_ERROR (pw_playtest_import_error_quark ())

typedef enum
{
  PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,   /* not UTF-8 text, or not CSV */
  PW_PLAYTEST_IMPORT_ERROR_COLUMNS,    /* no header naming the level and tester columns */
} PwPlaytestImportError;

GQuark pw_playtest_import_error_quark (void);

/* A row that was not imported: its line in the file and why (translated). */
typedef struct
{
  guint  line;
  char  *reason;
} PwPlaytestRefusal;

/* What one file did. */
typedef struct
{
  char      *display_name;
  guint      added;      /* rows that became new playtests */
  guint      merged;     /* rows of a tester, level and date already there */
  guint      refused;    /* rows left out: see @refusals */
  GPtrArray *refusals;   /* PwPlaytestRefusal *, in line order */
  GPtrArray *ignored;    /* char *: header cells no column is known by */
} PwPlaytestImport;

void   pw_playtest_import_free (PwPlaytestImport *import);

/* Reads one CSV file of playtests (@data, @length bytes; @display_name
 * names it in messages) and merges its rows into @levels (PwLevel *,
 * changed in place). The first row is the header: columns are found by
 * name, in any order, any case (docs/playtests.md lists the names). A row
 * whose tester, level and date are those of a playtest already there
 * (imported before, from this or an earlier file) updates it with the
 * cells it fills; any other valid row is added. Returns NULL with an
 * error when the file as a whole cannot be read; single rows that
 * cannot be read are refused and listed in the result. */
PwPlaytestImport *pw_playtest_import_csv (GPtrArray   *levels,
                                          const char  *data,
                                          gsize        length,
                                          const char  *display_name,
                                          GError     **error);

/* A sheet read but not yet merged, for a set read a level at a time (the
 * command line): read it, ask which levels it names, then merge it into
 * those alone (PwLevel *, in the set's order); the other levels could not
 * change what it does. pw_playtest_import_csv is read then merge. The
 * errors of reading are those of pw_playtest_import_csv. */
typedef struct _PwPlaytestSheet PwPlaytestSheet;

PwPlaytestSheet  *pw_playtest_sheet_read  (const char       *data,
                                           gsize             length,
                                           const char       *display_name,
                                           GError          **error);
/* Whether a row of @sheet names @level: by its id, or by its name in a row
 * without an id (so every level that shares such a name). */
gboolean          pw_playtest_sheet_wants (PwPlaytestSheet  *sheet,
                                           PwLevel          *level);
/* Merges the rows into @levels, as pw_playtest_import_csv does; @levels
 * must hold every level of the set the sheet wants (others may be
 * there). */
PwPlaytestImport *pw_playtest_sheet_merge (PwPlaytestSheet  *sheet,
                                           GPtrArray        *levels);
void              pw_playtest_sheet_free  (PwPlaytestSheet  *sheet);

/* The result as lines for people: "NAME: 3 added, 1 merged, 1 refused",
 * then one line per refused row and one for ignored columns. */
char  *pw_playtest_import_describe (const PwPlaytestImport *import);

/* The template testers fill in: the header, then, when @levels is not
 * NULL, one row per level with its id and name. */
char  *pw_playtest_template (GPtrArray *levels);
/* The template a piece at a time: its header, then a level's row. */
void   pw_playtest_template_append_header (GString *out);
void   pw_playtest_template_append_level  (GString *out,
                                           PwLevel *level);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwPlaytestImport, pw_playtest_import_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwPlaytestSheet, pw_playtest_sheet_free)

G_END_DECLS
