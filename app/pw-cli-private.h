/* pw-cli-private.h — what the command line's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "puzzlewright.h"

G_BEGIN_DECLS

void        _pw_cli_usage_error  (const char  *command,
                                  const char  *message);
/* @data to @path atomically, or to standard output for NULL or "-". */
gboolean    _pw_cli_write_output (const char  *path,
                                  const char  *data,
                                  gsize        length);
/* The set in @path, or NULL after saying why on stderr. */
PwLevelSet *_pw_cli_load_set     (const char  *path);

/* Commands in files of their own (app/pw-cli-sets.c). */
int         _pw_cli_playtests    (int          argc,
                                  char       **argv);
int         _pw_cli_duplicates   (int          argc,
                                  char       **argv);

G_END_DECLS
