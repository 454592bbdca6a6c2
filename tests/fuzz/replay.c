/* replay.c — a fuzz target as a plain program, for the ordinary test suite
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built with any compiler in place of libFuzzer's main: runs the target on
 * every file named and on every file in the folders named (in name order),
 * so the corpora and the crash regressions in tests/fuzz/ run with gcc too.
 * Prints TAP: one test per folder or file.
 */

#include "config.h"

#include <glib.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static guint
replay_file (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    g_error ("%s", error->message);
  LLVMFuzzerTestOneInput ((const guint8 *) data, length);
  return 1;
}

static guint
replay_folder (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  guint n = 0;

  if (dir == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    if (g_file_test (names->pdata[i], G_FILE_TEST_IS_REGULAR))
      n += replay_file (names->pdata[i]);
  return n;
}

int
main (int   argc,
      char *argv[])
{
  g_print ("1..%d\n", argc - 1);
  for (int i = 1; i < argc; i++)
    {
      guint n = g_file_test (argv[i], G_FILE_TEST_IS_DIR) ? replay_folder (argv[i])
                                                           : replay_file (argv[i]);

      /* an empty folder would replay nothing and prove nothing */
      if (n == 0)
        g_error ("%s: no input to replay", argv[i]);
      g_print ("ok %d %s: %u inputs\n", i, argv[i], n);
    }
  return 0;
}
