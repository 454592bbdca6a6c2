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
/* The same, a piece at a time, for output too big to hold: open, write
 * (buffered in blocks of 64 KiB), then commit, which syncs, keeps the
 * backup if asked and renames the temporary over the file, or abort,
 * which removes the temporary and leaves the file as it was. Commit and
 * abort free the writer. A device, a pipe or a terminal is written into.
 * Errors say what failed and why, not the file: callers add it. */
typedef struct _PwFileWriter PwFileWriter;

PwFileWriter *pw_file_writer_open     (GFile         *file,
                                       GError       **error);
gboolean      pw_file_writer_write    (PwFileWriter  *writer,
                                       const char    *data,
                                       gsize          length,
                                       GCancellable  *cancellable,
                                       GError       **error);
gboolean      pw_file_writer_commit   (PwFileWriter  *writer,
                                       gboolean       backup,
                                       GCancellable  *cancellable,
                                       GError       **error);
void          pw_file_writer_abort    (PwFileWriter  *writer);

/* Removes the temporaries that pw_file_replace_atomic () left beside
 * @file when its process died before renaming them (the process named in
 * the temporary's name no longer runs). Returns how many it removed. */
guint     pw_file_clean_temporaries   (GFile         *file);
/* The same for every file in the folder @dir. */
guint     pw_file_clean_folder        (const char    *dir);
/* TRUE for a name pw_file_replace_atomic () gives its temporaries. */
gboolean  pw_file_is_temporary_name   (const char    *basename);

G_END_DECLS
