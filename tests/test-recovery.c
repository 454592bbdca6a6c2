/* test-recovery.c — autosave of unsaved work, restoring it after a crash
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "puzzlewright.h"
#include "test-util.h"

static PwLevel *
level (const char *text,
       const char *name)
{
  PwLevel *l = pw_level_new_from_text ("slide", text, NULL);

  g_assert_nonnull (l);
  pw_level_set_name (l, name);
  return l;
}

static char *
snapshot (PwDocument *doc)
{
  return pw_level_set_to_data (pw_document_get_set (doc), NULL);
}

/* A saved set is edited; the recovery copy appears while it is modified,
 * restores the edited work over the original file, and goes away once the
 * work is saved. */
static void
test_autosave_restore (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *recovery_dir = g_build_filename (dir, "recovery", NULL);
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwDocument) doc = pw_document_new (NULL, NULL);
  g_autoptr(PwRecovery) recovery = pw_recovery_new (recovery_dir);
  g_autoptr(PwLevel) first = level ("#####\n#r.r#\n#...#\n#R###\n", "First");
  g_autoptr(PwLevel) second = level ("####\n#r.R\n#..#\n####\n", "Second");
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(PwDocument) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *edited = NULL;

  pw_document_insert_level (doc, 0, first, NULL);
  pw_document_set_info (doc, PW_SET_TITLE, "Mine", NULL);
  g_assert_true (pw_document_save (doc, file, NULL, &error));
  g_assert_no_error (error);

  pw_recovery_watch (recovery, doc, 20);
  test_spin (60);
  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 0);   /* nothing unsaved yet */
  g_clear_pointer (&entries, g_ptr_array_unref);

  pw_document_insert_level (doc, 1, second, NULL);
  edited = snapshot (doc);
  test_spin (80);
  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 1);
  {
    PwRecoveryEntry *entry = g_ptr_array_index (entries, 0);
    g_autofree char *uri = g_file_get_uri (file);
    g_autofree char *now = NULL;

    g_assert_cmpstr (entry->original, ==, uri);
    g_assert_cmpstr (entry->title, ==, "Mine");

    /* as the next launch would: restore over the original */
    restored = pw_recovery_restore (recovery, entry, &error);
    g_assert_no_error (error);
    now = snapshot (restored);
    g_assert_cmpstr (now, ==, edited);
    g_assert_true (pw_document_get_modified (restored));
    g_assert_true (g_file_equal (pw_document_get_file (restored), file));
    /* undo goes back to what was saved */
    g_assert_true (pw_document_undo (restored));
    g_assert_cmpuint (pw_document_get_n_levels (restored), ==, 1);
    g_assert_false (pw_document_get_modified (restored));
  }
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* saving the work makes the copy go */
  g_assert_true (pw_document_save (doc, NULL, NULL, &error));
  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 0);

  pw_recovery_forget (recovery, doc);
  test_remove_dir (dir);
}

/* A set never saved has a copy too; forgetting or discarding removes it. */
static void
test_untitled_and_discard (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(PwRecovery) recovery = pw_recovery_new (dir);
  g_autoptr(PwDocument) a = pw_document_new (NULL, NULL);
  g_autoptr(PwDocument) b = pw_document_new (NULL, NULL);
  g_autoptr(PwLevel) l = level ("#####\n#r..R\n#####\n", "Only");
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;

  pw_recovery_watch (recovery, a, 1000);
  pw_recovery_watch (recovery, b, 1000);
  pw_document_insert_level (a, 0, l, NULL);
  pw_document_set_info (b, PW_SET_TITLE, "Second", NULL);
  g_assert_true (pw_recovery_save_now (recovery, a, &error));
  g_assert_true (pw_recovery_save_now (recovery, b, &error));
  g_assert_no_error (error);

  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 2);
  for (guint i = 0; i < entries->len; i++)
    g_assert_null (((PwRecoveryEntry *) g_ptr_array_index (entries, i))->original);

  pw_recovery_forget (recovery, a);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((PwRecoveryEntry *) g_ptr_array_index (entries, 0))->title, ==, "Second");

  pw_recovery_discard (recovery, g_ptr_array_index (entries, 0));
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = pw_recovery_list (recovery);
  g_assert_cmpuint (entries->len, ==, 0);
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/recovery/autosave-restore", test_autosave_restore);
  g_test_add_func ("/io/recovery/untitled-and-discard", test_untitled_and_discard);

  return g_test_run ();
}
