/* pw-recovery.c — autosave of unsaved work, and restoring it after a crash
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each watched document has a recovery copy NAME.json (a level-set file)
 * and NAME.info (a key file: the original's URI, the title, the time).
 * NAME is a hash of the original's URI, or a random id for a document
 * never saved.
 */

#define G_LOG_DOMAIN "pw-recovery"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "pw-file.h"
#include "pw-level-set.h"
#include "pw-recovery.h"

#define INFO_GROUP "Recovery"

typedef struct
{
  PwRecovery *recovery;   /* not owned */
  PwDocument *document;   /* owned */
  char       *name;
  gboolean    pending;    /* changes not in the recovery copy yet */
  guint       timeout_id;
  gulong      handlers[4];
} Watch;

struct _PwRecovery
{
  GObject     parent_instance;
  char       *dir;
  GPtrArray  *watches;    /* Watch */
};

G_DEFINE_FINAL_TYPE (PwRecovery, pw_recovery, G_TYPE_OBJECT)

void
pw_recovery_entry_free (PwRecoveryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_free (entry->original);
  g_free (entry->title);
  g_clear_pointer (&entry->saved_at, g_date_time_unref);
  g_free (entry);
}

static char *
name_for (PwDocument *document)
{
  GFile *file = pw_document_get_file (document);
  g_autofree char *uri = NULL;

  if (file == NULL)
    {
      g_autofree char *id = g_uuid_string_random ();

      return g_strconcat ("untitled-", id, NULL);
    }
  uri = g_file_get_uri (file);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);
}

static char *
path_for (PwRecovery *self,
          const char *name,
          const char *suffix)
{
  g_autofree char *base = g_strconcat (name, suffix, NULL);

  return g_build_filename (self->dir, base, NULL);
}

static void
remove_copy (PwRecovery *self,
             const char *name)
{
  g_autofree char *json = path_for (self, name, ".json");
  g_autofree char *info = path_for (self, name, ".info");

  g_unlink (json);
  g_unlink (info);
}

static gboolean
write_copy (PwRecovery  *self,
            Watch       *watch,
            GError     **error)
{
  g_autofree char *json_path = path_for (self, watch->name, ".json");
  g_autofree char *info_path = path_for (self, watch->name, ".info");
  g_autoptr(GFile) json_file = g_file_new_for_path (json_path);
  g_autoptr(GFile) info_file = g_file_new_for_path (info_path);
  g_autofree char *info_data = NULL;
  g_autofree char *json_data = NULL;
  gsize info_length;
  gsize json_length;
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format_iso8601 (now);
  GFile *original = pw_document_get_file (watch->document);
  PwLevelSet *set = pw_document_get_set (watch->document);

  json_data = pw_level_set_to_data (set, &json_length);

  if (g_mkdir_with_parents (self->dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", self->dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (original != NULL)
    {
      g_autofree char *uri = g_file_get_uri (original);

      g_key_file_set_string (info, INFO_GROUP, "original", uri);
    }
  g_key_file_set_string (info, INFO_GROUP, "title", pw_level_set_get_title (set));
  g_key_file_set_string (info, INFO_GROUP, "saved", stamp);
  info_data = g_key_file_to_data (info, &info_length, NULL);

  /* Both files are replaced atomically, the description first: a process
   * killed between the two leaves either a description without a copy (the
   * first copy; pw_recovery_list removes it) or the previous copy with the
   * new description, which still restores. */
  if (!pw_file_replace_atomic (info_file, info_data, info_length, FALSE, NULL, error))
    {
      g_prefix_error (error, "%s: ", info_path);
      return FALSE;
    }
  if (!pw_file_replace_atomic (json_file, json_data, json_length, FALSE, NULL, error))
    {
      g_prefix_error (error, "%s: ", json_path);
      return FALSE;
    }
  watch->pending = FALSE;
  return TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  Watch *watch = data;
  g_autoptr(GError) error = NULL;

  if (watch->pending && pw_document_get_modified (watch->document) &&
      !write_copy (watch->recovery, watch, &error))
    g_warning ("Could not write a recovery copy: %s", error->message);
  return G_SOURCE_CONTINUE;
}

static void
on_changed (Watch *watch)
{
  watch->pending = TRUE;
}

static void
on_modified (PwDocument *document,
             GParamSpec *pspec,
             Watch      *watch)
{
  /* saved: the recovery copy is out of date and not needed */
  if (!pw_document_get_modified (document))
    {
      remove_copy (watch->recovery, watch->name);
      watch->pending = FALSE;
    }
}

static void
watch_free (Watch *watch)
{
  g_clear_handle_id (&watch->timeout_id, g_source_remove);
  for (guint i = 0; i < G_N_ELEMENTS (watch->handlers); i++)
    g_clear_signal_handler (&watch->handlers[i], watch->document);
  g_object_unref (watch->document);
  g_free (watch->name);
  g_free (watch);
}

static Watch *
find_watch (PwRecovery *self,
            PwDocument *document,
            guint      *index)
{
  for (guint i = 0; i < self->watches->len; i++)
    {
      Watch *watch = g_ptr_array_index (self->watches, i);

      if (watch->document == document)
        {
          if (index != NULL)
            *index = i;
          return watch;
        }
    }
  return NULL;
}

void
pw_recovery_watch (PwRecovery *self,
                   PwDocument *document,
                   guint       interval_ms)
{
  Watch *watch;

  g_return_if_fail (PW_IS_RECOVERY (self));
  g_return_if_fail (PW_IS_DOCUMENT (document));
  g_return_if_fail (interval_ms > 0);

  if (find_watch (self, document, NULL) != NULL)
    return;

  watch = g_new0 (Watch, 1);
  watch->recovery = self;
  watch->document = g_object_ref (document);
  watch->name = name_for (document);
  watch->handlers[0] = g_signal_connect_swapped (document, "levels-changed",
                                                 G_CALLBACK (on_changed), watch);
  watch->handlers[1] = g_signal_connect_swapped (document, "level-changed",
                                                 G_CALLBACK (on_changed), watch);
  watch->handlers[2] = g_signal_connect_swapped (document, "info-changed",
                                                 G_CALLBACK (on_changed), watch);
  watch->handlers[3] = g_signal_connect (document, "notify::modified",
                                         G_CALLBACK (on_modified), watch);
  watch->timeout_id = g_timeout_add (interval_ms, on_timeout, watch);
  g_ptr_array_add (self->watches, watch);
}

void
pw_recovery_forget (PwRecovery *self,
                    PwDocument *document)
{
  Watch *watch;
  guint index;

  g_return_if_fail (PW_IS_RECOVERY (self));
  g_return_if_fail (PW_IS_DOCUMENT (document));

  watch = find_watch (self, document, &index);
  if (watch == NULL)
    return;
  remove_copy (self, watch->name);
  g_ptr_array_remove_index (self->watches, index);
}

gboolean
pw_recovery_save_now (PwRecovery  *self,
                      PwDocument  *document,
                      GError     **error)
{
  Watch *watch;

  g_return_val_if_fail (PW_IS_RECOVERY (self), FALSE);
  g_return_val_if_fail (PW_IS_DOCUMENT (document), FALSE);

  watch = find_watch (self, document, NULL);
  g_return_val_if_fail (watch != NULL, FALSE);
  return write_copy (self, watch, error);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const PwRecoveryEntry *x = *(PwRecoveryEntry * const *) a;
  const PwRecoveryEntry *y = *(PwRecoveryEntry * const *) b;

  return g_date_time_compare (y->saved_at, x->saved_at);
}

GPtrArray *
pw_recovery_list (PwRecovery *self)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_recovery_entry_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (PW_IS_RECOVERY (self), entries);

  /* temporaries of a process that died while writing a copy */
  pw_file_clean_folder (self->dir);
  dir = g_dir_open (self->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *stem = NULL;
      g_autofree char *info_path = NULL;
      g_autofree char *json_path = NULL;
      g_autofree char *stamp = NULL;
      g_autoptr(GKeyFile) info = g_key_file_new ();
      PwRecoveryEntry *entry;

      if (!g_str_has_suffix (name, ".info"))
        continue;
      stem = g_strndup (name, strlen (name) - strlen (".info"));
      info_path = path_for (self, stem, ".info");
      json_path = path_for (self, stem, ".json");
      if (!g_file_test (json_path, G_FILE_TEST_IS_REGULAR))
        {
          /* killed before the first copy was written: nothing to offer */
          g_unlink (info_path);
          continue;
        }
      if (!g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
        continue;
      stamp = g_key_file_get_string (info, INFO_GROUP, "saved", NULL);

      entry = g_new0 (PwRecoveryEntry, 1);
      entry->path = g_steal_pointer (&json_path);
      entry->original = g_key_file_get_string (info, INFO_GROUP, "original", NULL);
      entry->title = g_key_file_get_string (info, INFO_GROUP, "title", NULL);
      entry->saved_at = stamp ? g_date_time_new_from_iso8601 (stamp, NULL) : NULL;
      if (entry->saved_at == NULL)
        entry->saved_at = g_date_time_new_from_unix_utc (0);
      g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, compare_newest_first);
  return entries;
}

PwDocument *
pw_recovery_restore (PwRecovery       *self,
                     PwRecoveryEntry  *entry,
                     GError          **error)
{
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GFile) original = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(PwLevelSet) before = NULL;

  g_return_val_if_fail (PW_IS_RECOVERY (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  copy = g_file_new_for_path (entry->path);
  set = pw_level_set_load (copy, NULL, error);
  if (set == NULL)
    return NULL;
  if (entry->original != NULL)
    original = g_file_new_for_uri (entry->original);

  /* The restored work is unsaved: build it as one step over the original
   * (or an empty set), so the document is modified and undo goes back. */
  before = original ? pw_level_set_load (original, NULL, NULL) : NULL;
  document = pw_document_new (before, original);
  pw_document_begin_group (document, NULL);
  while (pw_document_get_n_levels (document) > 0)
    pw_document_remove_level (document, 0, NULL);
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    pw_document_insert_level (document, i, pw_level_set_get_level (set, i), NULL);
  pw_document_set_info (document, PW_SET_TITLE, pw_level_set_get_title (set), NULL);
  pw_document_set_info (document, PW_SET_AUTHOR, pw_level_set_get_author (set), NULL);
  pw_document_set_info (document, PW_SET_NOTES, pw_level_set_get_notes (set), NULL);
  pw_document_end_group (document);
  return g_steal_pointer (&document);
}

void
pw_recovery_discard (PwRecovery      *self,
                     PwRecoveryEntry *entry)
{
  g_autofree char *stem = NULL;
  g_autofree char *base = NULL;

  g_return_if_fail (PW_IS_RECOVERY (self));
  g_return_if_fail (entry != NULL);

  base = g_path_get_basename (entry->path);
  stem = g_strndup (base, strlen (base) - strlen (".json"));
  remove_copy (self, stem);
}

PwRecovery *
pw_recovery_new (const char *dir)
{
  PwRecovery *self;

  g_return_val_if_fail (dir != NULL, NULL);

  self = g_object_new (PW_TYPE_RECOVERY, NULL);
  self->dir = g_strdup (dir);
  return self;
}

static void
pw_recovery_finalize (GObject *object)
{
  PwRecovery *self = (PwRecovery *) object;

  g_clear_pointer (&self->watches, g_ptr_array_unref);
  g_free (self->dir);

  G_OBJECT_CLASS (pw_recovery_parent_class)->finalize (object);
}

static void
pw_recovery_class_init (PwRecoveryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pw_recovery_finalize;
}

static void
pw_recovery_init (PwRecovery *self)
{
  self->watches = g_ptr_array_new_with_free_func ((GDestroyNotify) watch_free);
}
