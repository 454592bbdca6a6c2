/* pw-cli.h — the headless command line
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses */
#define PW_EXIT_OK        0
#define PW_EXIT_FAILURE   1  /* a file could not be read or written, a level not analysed */
#define PW_EXIT_USAGE     2

/* Whether the command line, not the editor, should handle @argv: a
 * command, an option, or a word that names no file. */
gboolean pw_cli_wants            (int    argc,
                                  char **argv);
int   pw_cli_run                 (int    argc,
                                  char **argv);
/* The bundled sample set: installed, or in the source tree when run from
 * the build folder. NULL when neither exists. */
char *pw_cli_find_sample_set     (void);

/* Replaces this process with the editor (puzzlewright-editor beside this
 * program, else the installed one) given @argv; returns only when that
 * fails, with an exit status, having said why. */
int   pw_cli_exec_editor         (int    argc,
                                  char **argv);

G_END_DECLS
