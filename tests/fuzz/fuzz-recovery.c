/* fuzz-recovery.c — libFuzzer target: the recovery loader (autosave)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is up to three parts separated by form feeds: the recovery
 * copy's NAME.info key file, its NAME.json level set, and the original
 * file it belongs to. They are written to a private folder, which the
 * recovery lists and restores from. A listed copy restores exactly when
 * its level set loads, into a document with the copy's levels (same ids
 * and names, in order). An "original" outside the folder is
 * pointed at the folder's own original file instead: the fuzzer must not
 * read the machine's files (a device could block it).
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "fuzz-util.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static char *folder;

static void
write_part (const char   *name,
            const guint8 *start,
            const guint8 *end)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);

  if (start == NULL)
    g_unlink (path);
  else
    fuzz_write_file (path, start, end - start);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const guint8 *end = data + size;
  const guint8 *parts[3] = { data, NULL, NULL };
  const guint8 *ends[3] = { end, NULL, NULL };
  g_autoptr(PwRecovery) recovery = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *original_path = NULL;
  g_autofree char *original_uri = NULL;

  if (folder == NULL)
    {
      folder = g_dir_make_tmp ("pw-fuzz-recovery-XXXXXX", NULL);
      g_assert (folder != NULL);
    }
  for (int i = 1; i < 3; i++)
    {
      const guint8 *feed = memchr (parts[i - 1], '\f', end - parts[i - 1]);

      if (feed == NULL)
        break;
      ends[i - 1] = feed;
      parts[i] = feed + 1;
      ends[i] = end;
    }
  write_part ("copy.info", parts[0], ends[0]);
  write_part ("copy.json", parts[1], ends[1]);
  write_part ("original.json", parts[2], ends[2]);
  original_path = g_build_filename (folder, "original.json", NULL);
  original_uri = g_filename_to_uri (original_path, NULL, NULL);

  recovery = pw_recovery_new (folder);
  entries = pw_recovery_list (recovery);
  g_assert (entries->len <= 1);
  for (guint i = 0; i < entries->len; i++)
    {
      PwRecoveryEntry *entry = entries->pdata[i];
      g_autoptr(GFile) copy = NULL;
      g_autoptr(PwLevelSet) set = NULL;
      g_autoptr(PwDocument) document = NULL;
      g_autoptr(GError) error = NULL;

      g_assert (parts[1] != NULL);
      g_assert (entry->saved_at != NULL);
      if (entry->original != NULL && g_strcmp0 (entry->original, original_uri) != 0)
        {
          g_free (entry->original);
          entry->original = g_strdup (original_uri);
        }
      copy = g_file_new_for_path (entry->path);
      set = pw_level_set_load (copy, NULL, NULL);
      document = pw_recovery_restore (recovery, entry, &error);
      g_assert ((document != NULL) == (set != NULL));
      if (document == NULL)
        {
          g_assert (error != NULL);
          continue;
        }
      g_assert (pw_document_get_n_levels (document) == pw_level_set_get_n_levels (set));
      for (guint l = 0; l < pw_level_set_get_n_levels (set); l++)
        {
          PwLevel *restored = pw_document_get_level (document, l);
          PwLevel *level = pw_level_set_get_level (set, l);

          g_assert (strcmp (pw_level_get_id (restored), pw_level_get_id (level)) == 0);
          g_assert (strcmp (pw_level_get_name (restored), pw_level_get_name (level)) == 0);
        }
    }
  return 0;
}
