/* pw-recovery.h — autosave of unsaved work, and restoring it after a crash
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-document.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_TYPE_RECOVERY (pw_recovery_get_type ())

G_DECLARE_FINAL_TYPE (PwRecovery, pw_recovery, PW, RECOVERY, GObject)

/* One document's recovery copy, found at start-up. */
typedef struct
{
  char      *path;      /* the recovery copy, a level-set file */
  char      *original;  /* URI of the file it belongs to, or NULL if never saved */
  char      *title;     /* the set's title when it was written */
  GDateTime *saved_at;
} PwRecoveryEntry;

void             pw_recovery_entry_free (PwRecoveryEntry *entry);

/* Recovery copies live in @dir (the application passes a folder under
 * g_get_user_state_dir ()). */
PwRecovery      *pw_recovery_new        (const char       *dir);
/* Writes a recovery copy of @document every @interval_ms while it has
 * changes that are neither saved nor in a recovery copy yet. */
void             pw_recovery_watch      (PwRecovery       *self,
                                         PwDocument       *document,
                                         guint             interval_ms);
/* Stops watching @document and deletes its recovery copy: call after the
 * user saved it or chose to close it without saving. */
void             pw_recovery_forget     (PwRecovery       *self,
                                         PwDocument       *document);
/* Writes @document's recovery copy now (atomically). */
gboolean         pw_recovery_save_now   (PwRecovery       *self,
                                         PwDocument       *document,
                                         GError          **error);
/* The recovery copies in the folder, newest first (PwRecoveryEntry). */
GPtrArray       *pw_recovery_list       (PwRecovery       *self);
/* A modified document with the copy's levels, whose file is the original
 * (if any), so that saving puts the work back where it belongs. */
PwDocument      *pw_recovery_restore    (PwRecovery       *self,
                                         PwRecoveryEntry  *entry,
                                         GError          **error);
/* Deletes a recovery copy the user chose not to restore. */
void             pw_recovery_discard    (PwRecovery       *self,
                                         PwRecoveryEntry  *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwRecoveryEntry, pw_recovery_entry_free)

G_END_DECLS
