/* pw-level-set.h — an ordered set of levels and its JSON file
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-level.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_LEVEL_SET_ERROR (pw_level_set_error_quark ())

typedef enum
{
  PW_LEVEL_SET_ERROR_SYNTAX,       /* not JSON, or truncated */
  PW_LEVEL_SET_ERROR_NOT_A_SET,    /* JSON, but not a Puzzlewright level set */
  PW_LEVEL_SET_ERROR_VERSION,      /* written by a newer version */
  PW_LEVEL_SET_ERROR_INVALID,      /* a member is missing, mistyped or out of range */
  PW_LEVEL_SET_ERROR_TOO_LARGE,    /* over the limits below */
  PW_LEVEL_SET_ERROR_IO,           /* reading or writing failed */
} PwLevelSetError;

GQuark pw_level_set_error_quark (void);

#define PW_LEVEL_SET_FORMAT        "puzzlewright-level-set"
#define PW_LEVEL_SET_VERSION       1
#define PW_LEVEL_SET_MAX_BYTES     (64 * 1024 * 1024)
#define PW_LEVEL_SET_MAX_LEVELS    100000
#define PW_LEVEL_SET_MAX_DEPTH     64

PwLevelSet  *pw_level_set_new             (void);
PwLevelSet  *pw_level_set_ref             (PwLevelSet   *set);
void         pw_level_set_unref           (PwLevelSet   *set);

PwLevelSet  *pw_level_set_load            (GFile        *file,
                                           GCancellable *cancellable,
                                           GError      **error);
PwLevelSet  *pw_level_set_load_from_data  (const char   *data,
                                           gssize        length,
                                           const char   *display_name,
                                           GError      **error);
char        *pw_level_set_to_data         (PwLevelSet   *set,
                                           gsize        *length);
/* Atomic: writes a temporary file beside @file, keeps the previous file as
 * FILE~ and renames; the old file survives any failure. */
gboolean     pw_level_set_save            (PwLevelSet   *set,
                                           GFile        *file,
                                           GCancellable *cancellable,
                                           GError      **error);

const char  *pw_level_set_get_title       (PwLevelSet   *set);
void         pw_level_set_set_title       (PwLevelSet   *set,
                                           const char   *title);
const char  *pw_level_set_get_author      (PwLevelSet   *set);
void         pw_level_set_set_author      (PwLevelSet   *set,
                                           const char   *author);
const char  *pw_level_set_get_notes       (PwLevelSet   *set);
void         pw_level_set_set_notes       (PwLevelSet   *set,
                                           const char   *notes);

guint        pw_level_set_get_n_levels    (PwLevelSet   *set);
PwLevel     *pw_level_set_get_level       (PwLevelSet   *set,
                                           guint         index);
/* Takes a reference; gives the level a fresh id when it has none or its id
 * is already used in the set. */
void         pw_level_set_append          (PwLevelSet   *set,
                                           PwLevel      *level);
void         pw_level_set_insert          (PwLevelSet   *set,
                                           guint         index,
                                           PwLevel      *level);
void         pw_level_set_remove          (PwLevelSet   *set,
                                           guint         index);
/* Puts @level (a reference is taken) in place of the level at @index; it
 * keeps its own id, which must not be used by another level of the set. */
void         pw_level_set_replace         (PwLevelSet   *set,
                                           guint         index,
                                           PwLevel      *level);
/* Moves the level at @from so that it ends up at @to. */
void         pw_level_set_move            (PwLevelSet   *set,
                                           guint         from,
                                           guint         to);
/* Puts every level in a new order: the level at position i becomes the
 * one that was at @order[i]; @order holds each index once. */
void         pw_level_set_reorder         (PwLevelSet   *set,
                                           const guint  *order);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLevelSet, pw_level_set_unref)

/* The first @limit bytes of @file (all of it when shorter), NUL-terminated
 * (one byte more than @length), so that a huge or endless file (a device,
 * a pipe) costs at most @limit: read @limit + 1 to tell "too big". */
char *pw_file_read_at_most (GFile         *file,
                            gsize          limit,
                            gsize         *length,
                            GCancellable  *cancellable,
                            GError       **error);

G_END_DECLS
