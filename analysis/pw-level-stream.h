/* pw-level-stream.h — a level set read and written one level at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For sets of any size (the command line): memory is a buffer, the
 * largest level, and the ids seen (about 27 bytes a level), not
 * the set. Every rule of pw_level_set_load_from_data holds (the same
 * code checks the text and each level); in addition "format" and
 * "version" must come before "levels", as Puzzlewright writes them.
 */

#pragma once

#include <gio/gio.h>

#include "pw-level-set.h"

G_BEGIN_DECLS

/* the most one level may take in the file */
#define PW_LEVEL_STREAM_MAX_LEVEL_BYTES  (16 * 1024 * 1024)
/* the most levels a set read as a stream may have */
#define PW_LEVEL_STREAM_MAX_LEVELS       1000000000u

typedef struct _PwLevelStream PwLevelStream;

PwLevelStream *pw_level_stream_open       (GFile          *file,
                                           GError        **error);
/* The next level, or NULL: at the end of the set (with no error; the rest
 * of the file has been checked) or after setting @error. */
PwLevel       *pw_level_stream_next       (PwLevelStream  *stream,
                                           GError        **error);
/* Passes over the next level without reading it (only its extent and
 * its id are found: for a file already read once, whose SHA-256 the
 * caller compares at the end): TRUE, or FALSE at the end or after setting
 * @error. A level that has no id is given the one the whole-set reader
 * gives it, as in pw_level_stream_next. */
gboolean       pw_level_stream_skip       (PwLevelStream  *stream,
                                           GError        **error);
/* Levels given (or skipped) so far. */
/* The next level's text, to be read on another thread by
 * pw_level_text_read: the stream keeps track of ids as
 * pw_level_stream_next does (a level whose id its text does not say
 * plainly is read here). NULL at the end of the set, or on an error. A
 * text is only cut out here, not checked: one that does not read is
 * refused by pw_level_text_read, so a set is checked by
 * pw_level_stream_next first (as analyse and export-csv do). */
typedef struct _PwLevelText PwLevelText;

PwLevelText   *pw_level_stream_next_text  (PwLevelStream  *stream,
                                           GError        **error);
PwLevel       *pw_level_text_read         (PwLevelText    *text,
                                           GError        **error);
void           pw_level_text_free         (PwLevelText    *text);
guint          pw_level_stream_get_count  (PwLevelStream  *stream);
/* Bytes read so far, and the file's size (0 when not known). */
guint64        pw_level_stream_get_offset (PwLevelStream  *stream);
guint64        pw_level_stream_get_size   (PwLevelStream  *stream);
/* The SHA-256 of the whole file, once the end has been reached. */
const char    *pw_level_stream_get_sha256 (PwLevelStream  *stream);
/* The set's title, author and notes, once the end has been reached. */
PwLevelSet    *pw_level_stream_get_header (PwLevelStream  *stream);
void           pw_level_stream_free       (PwLevelStream  *stream);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLevelStream, pw_level_stream_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLevelText, pw_level_text_free)

/* A set written a level at a time, as pw_level_set_save writes it (the
 * same bytes, atomically, the old file kept as FILE~), holding only the
 * ids written (about 27 bytes a level): open, set the header
 * (before the first level), add each level, then commit or abort; both
 * free the writer. Adding gives a level the id it would get appended to a
 * set holding the levels before it. Errors name the file. */
typedef struct _PwLevelSetWriter PwLevelSetWriter;

PwLevelSetWriter *pw_level_set_writer_open       (GFile            *file,
                                                  GError          **error);
void              pw_level_set_writer_set_header (PwLevelSetWriter *writer,
                                                  const char       *title,
                                                  const char       *author,
                                                  const char       *notes);
gboolean          pw_level_set_writer_add        (PwLevelSetWriter *writer,
                                                  PwLevel          *level,
                                                  GError          **error);
guint             pw_level_set_writer_get_count  (PwLevelSetWriter *writer);
gboolean          pw_level_set_writer_commit     (PwLevelSetWriter *writer,
                                                  GError          **error);
void              pw_level_set_writer_abort      (PwLevelSetWriter *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLevelSetWriter, pw_level_set_writer_abort)

/* Writes @set with a PwLevelSetWriter, so that no text of the whole set
 * is ever held. */
gboolean       pw_level_set_save_streamed (PwLevelSet     *set,
                                           GFile          *file,
                                           GError        **error);

G_END_DECLS
