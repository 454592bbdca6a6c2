/* crash-child.c — a process that writes files in a loop until it is killed,
 * for test-crash
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   crash-child save TARGET A B      saves the level sets A and B to TARGET
 *                                    in turn (pw_level_set_save, as the
 *                                    editor's Save)
 *   crash-child write TARGET A B     writes the bytes of A and B to TARGET in
 *                                    turn (pw_file_replace_atomic, as the
 *                                    command line's and the editor's CSV
 *                                    export)
 *   crash-child save-once TARGET SET opens SET and saves it to TARGET once, as
 *                                    the editor's Save As (pw_document_save);
 *                                    a failure's message on stderr, status 1
 *   crash-child recovery DIR SET     opens SET as the editor does, watches it
 *                                    with PwRecovery every millisecond and
 *                                    renames its first level every
 *                                    millisecond ("edit N")
 *
 * Each prints "ready" on standard output once its first write is done, and
 * runs until killed. A failure exits with status 2 and says why.
 */

#define G_LOG_DOMAIN "crash-child"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "puzzlewright.h"

static void
say_ready (void)
{
  fputs ("ready\n", stdout);
  fflush (stdout);
}

static void G_GNUC_NORETURN
fail (const char *what,
      GError     *error)
{
  g_printerr ("crash-child: %s: %s\n", what, error ? error->message : "failed");
  exit (2);
}

static PwLevelSet *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwLevelSet *set = pw_level_set_load (file, NULL, &error);

  if (set == NULL)
    fail (path, error);
  return set;
}

static int
run_save (char **argv)
{
  g_autoptr(GFile) target = g_file_new_for_path (argv[2]);
  PwLevelSet *sets[2] = { load (argv[3]), load (argv[4]) };

  for (guint64 i = 0;; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!pw_level_set_save (sets[(i + 1) % 2], target, NULL, &error))
        fail ("save", error);
      if (i == 0)
        say_ready ();
    }
  return 0;
}

static int
run_write (char **argv)
{
  g_autoptr(GFile) target = g_file_new_for_path (argv[2]);
  char *data[2];
  gsize length[2];

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (argv[3 + k], &data[k], &length[k], &error))
        fail (argv[3 + k], error);
    }
  for (guint64 i = 0;; i++)
    {
      g_autoptr(GError) error = NULL;
      guint k = (i + 1) % 2;

      if (!pw_file_replace_atomic (target, data[k], length[k], FALSE, NULL, &error))
        fail ("write", error);
      if (i == 0)
        say_ready ();
    }
  return 0;
}

typedef struct
{
  PwDocument *document;
  char       *json;       /* the recovery copy's path */
  guint       n;
  gboolean    ready;
} Editing;

static gboolean
edit_tick (gpointer data)
{
  Editing *editing = data;
  g_autoptr(PwLevel) level = pw_level_copy (pw_document_get_level (editing->document, 0));
  g_autofree char *name = g_strdup_printf ("edit %u", ++editing->n);

  pw_level_set_name (level, name);
  pw_document_replace_level (editing->document, 0, level, NULL);
  if (!editing->ready && g_file_test (editing->json, G_FILE_TEST_EXISTS))
    {
      editing->ready = TRUE;
      say_ready ();
    }
  return G_SOURCE_CONTINUE;
}

static int
run_recovery (char **argv)
{
  g_autoptr(GFile) file = g_file_new_for_path (argv[3]);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = pw_document_load (file, NULL, &error);
  g_autoptr(PwRecovery) recovery = pw_recovery_new (argv[2]);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);
  g_autofree char *base = g_strconcat (hash, ".json", NULL);
  Editing editing = { 0 };

  if (document == NULL)
    fail (argv[3], error);
  editing.document = document;
  editing.json = g_build_filename (argv[2], base, NULL);
  pw_recovery_watch (recovery, document, 1);
  g_timeout_add (1, edit_tick, &editing);
  g_main_loop_run (loop);
  return 0;
}

static int
run_save_once (char **argv)
{
  g_autoptr(GFile) target = g_file_new_for_path (argv[2]);
  g_autoptr(GFile) file = g_file_new_for_path (argv[3]);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = pw_document_load (file, NULL, &error);

  if (document == NULL)
    fail (argv[3], error);
  if (!pw_document_save (document, target, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc == 5 && g_str_equal (argv[1], "save"))
    return run_save (argv);
  if (argc == 5 && g_str_equal (argv[1], "write"))
    return run_write (argv);
  if (argc == 4 && g_str_equal (argv[1], "save-once"))
    return run_save_once (argv);
  if (argc == 4 && g_str_equal (argv[1], "recovery"))
    return run_recovery (argv);
  g_printerr ("usage: crash-child save|write TARGET A B | save-once TARGET SET"
              " | recovery DIR SET\n");
  return 2;
}
