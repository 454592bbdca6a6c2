/* pw-file.h — writing files so that a crash, a kill or a full disk never
 * leaves a half-written one
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Replaces @file's contents with @data, atomically: the bytes go to a
 * temporary file beside @file (".NAME.pw-PID-XXXXXX"), which is synced,
 * given the old file's permissions and renamed over @file, and the folder
 * is synced. With @backup the previous file is kept as NAME~ (a hard link,
 * so @file exists at every moment). On any failure @file is untouched, the
 * temporary is removed and @error names the file and the reason. A file
 * that has no local path goes through g_file_replace_contents (). */
gboolean  pw_file_replace_atomic      (GFile         *file,
                                       const char    *data,
                                       gsize          length,
                                       gboolean       backup,
                                       GCancellable  *cancellable,
                                       GError       **error);
/* Removes the temporaries that pw_file_replace_atomic () left beside
 * @file when its process died before renaming them (the process named in
 * the temporary's name no longer runs). Returns how many it removed. */
guint     pw_file_clean_temporaries   (GFile         *file);
/* The same for every file in the folder @dir. */
guint     pw_file_clean_folder        (const char    *dir);
/* TRUE for a name pw_file_replace_atomic () gives its temporaries. */
gboolean  pw_file_is_temporary_name   (const char    *basename);

G_END_DECLS
