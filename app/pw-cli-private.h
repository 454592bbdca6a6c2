/* pw-cli-private.h — what the command line's files and programs share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "puzzlewright.h"
#include "pw-cli.h"

G_BEGIN_DECLS

/* "puzzlewright COMMAND: MESSAGE" and where to find help, on stderr. */
void        _pw_cli_usage_error  (const char             *command,
                                  const char             *message);
/* Parses @text (NULL: leaves *value) as a count ≥ @min; FALSE, having
 * said why, when it is none. */
gboolean    _pw_cli_parse_count  (const char             *command,
                                  const char             *option,
                                  const char             *text,
                                  guint64                 min,
                                  guint64                *value);
/* @data to @path atomically, or to standard output for NULL or "-". */
gboolean    _pw_cli_write_output (const char             *path,
                                  const char             *data,
                                  gsize                   length);
/* The set in @path, or NULL after saying why on stderr; the name to show
 * for it in @display_name unless NULL. */
PwLevelSet *_pw_cli_load_set     (const char             *path,
                                  char                  **display_name);
/* The text of the file @path for @command, at most the size a level set
 * may have (a device or a pipe is not read without end), or FALSE after
 * saying why on stderr. */
gboolean    _pw_cli_read_file    (const char             *command,
                                  const char             *path,
                                  char                  **text,
                                  gsize                  *length);
/* Analyses every level of @set as `analyse` does, a PwReportRow each
 * appended to @rows; FALSE when some level failed (its row says why). */
gboolean    _pw_cli_analyse_set  (const char             *display_name,
                                  PwLevelSet             *set,
                                  const PwAnalyseOptions *options,
                                  gboolean                quiet,
                                  GPtrArray              *rows);

/* Commands in files of their own (app/pw-cli-sets.c). */
int         _pw_cli_playtests    (int                     argc,
                                  char                  **argv);
int         _pw_cli_duplicates   (int                     argc,
                                  char                  **argv);

G_END_DECLS
