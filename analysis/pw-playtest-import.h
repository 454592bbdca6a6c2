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

/* The result as lines for people: "NAME: 3 added, 1 merged, 1 refused",
 * then one line per refused row and one for ignored columns. */
char  *pw_playtest_import_describe (const PwPlaytestImport *import);

/* The template testers fill in: the header, then, when @levels is not
 * NULL, one row per level with its id and name. */
char  *pw_playtest_template (GPtrArray *levels);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwPlaytestImport, pw_playtest_import_free)

G_END_DECLS
