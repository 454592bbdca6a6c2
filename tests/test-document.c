/* test-document.c — the edit model: one execute path, undo, redo, saving
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

static PwLevel *
level (const char *text,
       const char *name)
{
  g_autoptr(GError) error = NULL;
  PwLevel *l = pw_level_new_from_text ("slide", text, &error);

  g_assert_no_error (error);
  pw_level_set_name (l, name);
  return l;
}

static char *
snapshot (PwDocument *doc)
{
  return pw_level_set_to_data (pw_document_get_set (doc), NULL);
}

static PwDocument *
sample_document (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  const char *texts[] = { "#####\n#r.r#\n#...#\n#R###\n", "####\n#r.R\n#..#\n####\n",
                          "#####\n#r.oR\n#####\n" };

  pw_level_set_set_title (set, "Test set");
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *name = g_strdup_printf ("Level %u", i + 1);
      g_autoptr(PwLevel) l = level (texts[i], name);

      pw_level_set_append (set, l);
    }
  return pw_document_new (set, NULL);
}

/* A changed copy of the level at @index: renamed, and turned. */
static PwLevel *
changed_copy (PwDocument *doc,
              guint       index,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  PwLevel *l = pw_level_transformed (pw_document_get_level (doc, index),
                                     PW_TRANSFORM_ROTATE_CLOCKWISE, &error);

  g_assert_no_error (error);
  pw_level_set_name (l, name);
  return l;
}

/* Random edits; then undo back to the start and redo to the end, the set
 * matching its recorded state byte for byte after every step. */
static void
test_random_undo_redo (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

  for (guint round = 0; round < 50; round++)
    {
      g_autoptr(PwDocument) doc = sample_document ();
      g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
      guint n_edits = g_rand_int_range (rand, 1, 25);

      g_ptr_array_add (states, snapshot (doc));
      for (guint e = 0; e < n_edits; e++)
        {
          guint n = pw_document_get_n_levels (doc);
          guint op = g_rand_int_range (rand, 0, 6);

          if (n == 0)
            op = 1;
          switch (op)
            {
            case 0:
              {
                g_autofree char *name = g_strdup_printf ("edit %u", e);
                g_autoptr(PwLevel) l = changed_copy (doc, g_rand_int_range (rand, 0, n), name);
                guint index = g_rand_int_range (rand, 0, n);

                /* keep the id of the level it replaces */
                pw_level_set_id (l, pw_level_get_id (pw_document_get_level (doc, index)));
                pw_document_replace_level (doc, index, l, NULL);
              }
              break;
            case 1:
              {
                g_autoptr(PwLevel) l = level ("#####\n#r..R\n#####\n", "new");

                pw_document_insert_level (doc, g_rand_int_range (rand, 0, n + 1), l, NULL);
              }
              break;
            case 2:
              pw_document_remove_level (doc, g_rand_int_range (rand, 0, n), NULL);
              break;
            case 3:
              {
                guint from = g_rand_int_range (rand, 0, n);
                guint to = g_rand_int_range (rand, 0, n);

                if (from == to)
                  continue;
                pw_document_move_level (doc, from, to, NULL);
              }
              break;
            case 4:
              {
                g_autofree guint *order = g_new (guint, n);
                g_autoptr(GPtrArray) before = g_ptr_array_new ();
                gboolean same = TRUE;

                for (guint i = 0; i < n; i++)
                  order[i] = i;
                for (guint i = n; i > 1; i--)
                  {
                    guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

                    order[i - 1] = order[j];
                    order[j] = t;
                  }
                for (guint i = 0; i < n; i++)
                  {
                    g_ptr_array_add (before, pw_document_get_level (doc, i));
                    same &= order[i] == i;
                  }
                if (same)
                  continue;
                pw_document_reorder_levels (doc, order, NULL);
                for (guint i = 0; i < n; i++)
                  g_assert_true (pw_document_get_level (doc, i) ==
                                 g_ptr_array_index (before, order[i]));
              }
              break;
            default:
              {
                g_autofree char *title = g_strdup_printf ("title %u", e);

                pw_document_set_info (doc, PW_SET_TITLE, title, NULL);
              }
              break;
            }
          g_ptr_array_add (states, snapshot (doc));
        }

      for (guint i = states->len - 1; i > 0; i--)
        {
          g_autofree char *now = NULL;

          g_assert_true (pw_document_undo (doc));
          now = snapshot (doc);
          g_assert_cmpstr (now, ==, g_ptr_array_index (states, i - 1));
        }
      g_assert_false (pw_document_can_undo (doc));
      g_assert_false (pw_document_get_modified (doc));
      for (guint i = 1; i < states->len; i++)
        {
          g_autofree char *now = NULL;

          g_assert_true (pw_document_redo (doc));
          now = snapshot (doc);
          g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
        }
      g_assert_false (pw_document_can_redo (doc));
    }
}

/* A stroke is one step of undo, and keeps only its first and last state. */
static void
test_group (void)
{
  g_autoptr(PwDocument) doc = sample_document ();
  g_autofree char *before = snapshot (doc);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;

  pw_document_begin_group (doc, "Paint");
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = g_strdup_printf ("stroke %u", i);
      g_autoptr(PwLevel) l = changed_copy (doc, 0, name);

      pw_document_replace_level (doc, 0, l, NULL);
    }
  g_assert_false (pw_document_can_undo (doc));
  pw_document_end_group (doc);
  after = snapshot (doc);

  g_assert_true (pw_document_can_undo (doc));
  g_assert_cmpstr (pw_document_get_undo_label (doc), ==, "Paint");
  g_assert_true (pw_document_undo (doc));
  undone = snapshot (doc);
  g_assert_cmpstr (undone, ==, before);
  g_assert_false (pw_document_can_undo (doc));
  g_assert_cmpstr (pw_document_get_redo_label (doc), ==, "Paint");
  g_assert_true (pw_document_redo (doc));
  {
    g_autofree char *redone = snapshot (doc);

    g_assert_cmpstr (redone, ==, after);
  }

  /* an empty group leaves no step */
  pw_document_begin_group (doc, "Nothing");
  pw_document_end_group (doc);
  g_assert_cmpstr (pw_document_get_undo_label (doc), ==, "Paint");
}

/* Modified follows the saved state through undo, redo and new edits. */
static void
test_modified_and_save (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwDocument) doc = sample_document ();
  g_autoptr(PwDocument) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;

  g_assert_false (pw_document_get_modified (doc));
  pw_document_set_info (doc, PW_SET_AUTHOR, "Ann", NULL);
  g_assert_true (pw_document_get_modified (doc));
  pw_document_undo (doc);
  g_assert_false (pw_document_get_modified (doc));
  pw_document_redo (doc);
  g_assert_true (pw_document_get_modified (doc));

  g_assert_true (pw_document_save (doc, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (pw_document_get_modified (doc));
  g_assert_true (pw_document_get_file (doc) == file);
  saved = snapshot (doc);

  pw_document_undo (doc);
  g_assert_true (pw_document_get_modified (doc));
  pw_document_redo (doc);
  g_assert_false (pw_document_get_modified (doc));

  /* undo, then a different edit: the saved state cannot come back */
  pw_document_undo (doc);
  pw_document_remove_level (doc, 0, NULL);
  g_assert_true (pw_document_get_modified (doc));
  pw_document_undo (doc);
  g_assert_true (pw_document_get_modified (doc));
  g_assert_cmpstr (pw_document_get_redo_label (doc), ==, "Delete Level");
  pw_document_redo (doc);
  g_assert_true (pw_document_get_modified (doc));

  loaded = pw_document_load (file, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *again = snapshot (loaded);

    g_assert_cmpstr (again, ==, saved);
  }
  g_assert_false (pw_document_get_modified (loaded));
  test_remove_dir (dir);
}

typedef struct
{
  guint position, removed, added;
  guint changed_index;
  guint n_levels_changed, n_level_changed, n_info_changed;
} Seen;

static void
on_levels_changed (PwDocument *doc,
                   guint       position,
                   guint       removed,
                   guint       added,
                   Seen       *seen)
{
  seen->position = position;
  seen->removed = removed;
  seen->added = added;
  seen->n_levels_changed++;
  /* listeners see the set as it is after the change */
  g_assert_cmpuint (pw_document_get_n_levels (doc), >=, position + added);
}

static void
on_level_changed (PwDocument *doc,
                  guint       index,
                  Seen       *seen)
{
  seen->changed_index = index;
  seen->n_level_changed++;
}

static void
on_info_changed (PwDocument *doc,
                 Seen       *seen)
{
  seen->n_info_changed++;
}

/* Signals say what changed, as a list model would. */
static void
test_signals (void)
{
  g_autoptr(PwDocument) doc = sample_document ();
  g_autoptr(PwLevel) extra = level ("#####\n#r..R\n#####\n", "extra");
  g_autoptr(PwLevel) turned = changed_copy (doc, 1, "turned");
  Seen seen = { 0 };

  g_signal_connect (doc, "levels-changed", G_CALLBACK (on_levels_changed), &seen);
  g_signal_connect (doc, "level-changed", G_CALLBACK (on_level_changed), &seen);
  g_signal_connect (doc, "info-changed", G_CALLBACK (on_info_changed), &seen);

  pw_document_insert_level (doc, 1, extra, NULL);
  g_assert_cmpuint (seen.position, ==, 1);
  g_assert_cmpuint (seen.removed, ==, 0);
  g_assert_cmpuint (seen.added, ==, 1);
  g_assert_cmpstr (pw_level_get_name (pw_document_get_level (doc, 1)), ==, "extra");

  pw_document_move_level (doc, 3, 0, NULL);
  g_assert_cmpuint (seen.position, ==, 0);
  g_assert_cmpuint (seen.removed, ==, 4);
  g_assert_cmpuint (seen.added, ==, 4);
  g_assert_cmpstr (pw_level_get_name (pw_document_get_level (doc, 0)), ==, "Level 3");

  pw_level_set_id (turned, pw_level_get_id (pw_document_get_level (doc, 2)));
  pw_document_replace_level (doc, 2, turned, NULL);
  g_assert_cmpuint (seen.changed_index, ==, 2);

  pw_document_remove_level (doc, 2, NULL);
  g_assert_cmpuint (seen.position, ==, 2);
  g_assert_cmpuint (seen.removed, ==, 1);
  g_assert_cmpuint (seen.added, ==, 0);

  pw_document_set_info (doc, PW_SET_NOTES, "notes", NULL);
  /* setting what is already there is no change */
  pw_document_set_info (doc, PW_SET_NOTES, "notes", NULL);
  g_assert_cmpuint (seen.n_info_changed, ==, 1);

  g_assert_cmpuint (seen.n_levels_changed, ==, 3);
  g_assert_cmpuint (seen.n_level_changed, ==, 1);

  /* undoing the removal puts the level back where it was */
  pw_document_undo (doc);
  pw_document_undo (doc);
  g_assert_cmpuint (seen.position, ==, 2);
  g_assert_cmpuint (seen.added, ==, 1);
  g_assert_cmpstr (pw_level_get_name (pw_document_get_level (doc, 2)), ==, "turned");
}

/* Another program replaces or rewrites the file while it is open: the
 * document notices (a rename, a rewrite in place with the same size, a
 * rewrite with a new size), and no longer after saving over it; a file
 * deleted under it is no conflict. */
static void
test_file_changed (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) sample_file = g_file_new_for_path (sample);
  g_autoptr(PwLevelSet) set = pw_level_set_load (sample_file, NULL, NULL);
  g_autoptr(PwDocument) unsaved = pw_document_new (set, NULL);
  g_autoptr(PwDocument) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = NULL;
  gsize length;
  FILE *in_place;

  g_assert_false (pw_document_file_changed (unsaved));
  g_assert_true (pw_level_set_save (set, file, NULL, &error));
  g_assert_no_error (error);
  doc = pw_document_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_document_file_changed (doc));

  /* replaced by rename (as editors and g_file_set_contents save) */
  g_file_get_contents (path, &bytes, &length, &error);
  g_assert_no_error (error);
  bytes[length - 2] = ' ';
  g_file_set_contents (path, bytes, length, &error);
  g_assert_no_error (error);
  g_assert_true (pw_document_file_changed (doc));
  g_assert_true (pw_document_save (doc, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (pw_document_file_changed (doc));

  /* rewritten in place, same size, at once */
  g_clear_pointer (&bytes, g_free);
  g_file_get_contents (path, &bytes, &length, &error);
  g_assert_no_error (error);
  g_usleep (2000);
  in_place = fopen (path, "r+");
  g_assert_nonnull (in_place);
  g_assert_cmpuint (fwrite ("{", 1, 1, in_place), ==, 1);
  fclose (in_place);
  g_assert_true (pw_document_file_changed (doc));
  g_assert_true (pw_document_save (doc, NULL, NULL, &error));
  g_assert_false (pw_document_file_changed (doc));

  /* deleted: saving replaces nothing */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_false (pw_document_file_changed (doc));
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/document/random-undo-redo", test_random_undo_redo);
  g_test_add_func ("/io/document/group", test_group);
  g_test_add_func ("/io/document/modified-and-save", test_modified_and_save);
  g_test_add_func ("/io/document/signals", test_signals);
  g_test_add_func ("/io/document/file-changed", test_file_changed);

  return g_test_run ();
}
