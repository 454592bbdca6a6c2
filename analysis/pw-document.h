/* pw-document.h — a level set being edited: one execute path, undo, redo
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-level-set.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_TYPE_DOCUMENT (pw_document_get_type ())

G_DECLARE_FINAL_TYPE (PwDocument, pw_document, PW, DOCUMENT, GObject)

typedef enum
{
  PW_SET_TITLE,
  PW_SET_AUTHOR,
  PW_SET_NOTES,
} PwSetInfo;

/* A document owns a level set and runs every change through one path as
 * an operation that knows how to undo itself: a level's content replaced,
 * a level inserted, removed or moved, the set's title, author or notes.
 * Levels in a document are values: to change one, copy it, change the copy
 * and replace the original with it.
 *
 * Changes between pw_document_begin_group() and pw_document_end_group()
 * (a stroke of the pencil, say) are one step of undo.
 *
 * Signals: "levels-changed" (guint position, guint removed, guint added),
 * as GListModel's items-changed; "level-changed" (guint index) when a
 * level's content is replaced; "info-changed" for title, author, notes.
 * Properties "modified", "can-undo", "can-redo" are notified. */

PwDocument  *pw_document_new             (PwLevelSet   *set,
                                          GFile        *file);
PwDocument  *pw_document_load            (GFile        *file,
                                          GCancellable *cancellable,
                                          GError      **error);
/* Saves atomically to @file, or to the document's file when NULL; the
 * document is then unmodified and @file becomes its file. */
gboolean     pw_document_save            (PwDocument   *self,
                                          GFile        *file,
                                          GCancellable *cancellable,
                                          GError      **error);

/* Whether the document's file on disk is no longer the one it was loaded
 * from or last saved to (another program replaced or changed it), so that
 * saving would overwrite someone else's work. FALSE when the document has
 * no file, was not loaded from it, or the file is gone. */
gboolean     pw_document_file_changed    (PwDocument   *self);

PwLevelSet  *pw_document_get_set         (PwDocument   *self);
GFile       *pw_document_get_file        (PwDocument   *self);
gboolean     pw_document_get_modified    (PwDocument   *self);
guint        pw_document_get_n_levels    (PwDocument   *self);
PwLevel     *pw_document_get_level       (PwDocument   *self,
                                          guint         index);

void         pw_document_replace_level   (PwDocument   *self,
                                          guint         index,
                                          PwLevel      *level,
                                          const char   *label);
/* Gives @level a fresh id first when its id is empty or taken. */
void         pw_document_insert_level    (PwDocument   *self,
                                          guint         index,
                                          PwLevel      *level,
                                          const char   *label);
void         pw_document_remove_level    (PwDocument   *self,
                                          guint         index,
                                          const char   *label);
void         pw_document_move_level      (PwDocument   *self,
                                          guint         from,
                                          guint         to,
                                          const char   *label);
/* Puts every level in a new order in one step: the level at position i
 * becomes the one that was at @order[i] (each index once). Nothing
 * happens when the order is the present one. */
void         pw_document_reorder_levels  (PwDocument   *self,
                                          const guint  *order,
                                          const char   *label);
void         pw_document_set_info        (PwDocument   *self,
                                          PwSetInfo     field,
                                          const char   *text,
                                          const char   *label);

void         pw_document_begin_group     (PwDocument   *self,
                                          const char   *label);
void         pw_document_end_group       (PwDocument   *self);

gboolean     pw_document_can_undo        (PwDocument   *self);
gboolean     pw_document_can_redo        (PwDocument   *self);
/* What the next undo or redo would do ("Paint", "Delete Level"…), or NULL. */
const char  *pw_document_get_undo_label  (PwDocument   *self);
const char  *pw_document_get_redo_label  (PwDocument   *self);
gboolean     pw_document_undo            (PwDocument   *self);
gboolean     pw_document_redo            (PwDocument   *self);

G_END_DECLS
