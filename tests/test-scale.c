/* test-scale.c — the command line at scale: --jobs, --shard, merge
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every check runs the built `puzzlewright` as a user would and compares
 * its output byte for byte with another run's, minus the timings.
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs the command line with the arguments in @args (NULL-terminated). */
static void
run_argv (Run         *run,
          const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("PW_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The bundled level sets, data/levels/NAME.json, sorted. */
static GPtrArray *
bundled_sets (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, compare_paths);
  g_assert_cmpuint (paths->len, >=, 9);
  return paths;
}

/* @text with every timing replaced by 0: the JSON member "seconds" and,
 * in CSV, the "seconds" column (located by the header). */
static char *
without_seconds (const char *text)
{
  g_autoptr(GRegex) json = g_regex_new ("\"seconds\" : [-+0-9.eE]+", 0, 0, NULL);

  if (text[0] == '[' || text[0] == '{')
    return g_regex_replace_literal (json, text, -1, 0, "\"seconds\" : 0", 0, NULL);
  else
    {
      g_autoptr(GPtrArray) rows = test_parse_csv (text);
      GPtrArray *header = g_ptr_array_index (rows, 0);
      GString *out = g_string_new (NULL);
      guint column = G_MAXUINT;

      for (guint c = 0; c < header->len; c++)
        if (g_str_equal (g_ptr_array_index (header, c), "seconds"))
          column = c;
      g_assert_cmpuint (column, !=, G_MAXUINT);
      for (guint r = 0; r < rows->len; r++)
        {
          GPtrArray *row = g_ptr_array_index (rows, r);

          for (guint c = 0; c < row->len; c++)
            g_string_append_printf (out, "%s%s", c ? "\x1f" : "",
                                    r > 0 && c == column ? "0"
                                                         : (char *) g_ptr_array_index (row, c));
          g_string_append_c (out, '\n');
        }
      return g_string_free (out, FALSE);
    }
}

/* The arguments "analyse -q --format FORMAT --jobs JOBS" then @extra
 * (NULL-terminated, may be NULL) then every bundled set. */
static void
run_analyse_all (Run         *run,
                 const char  *format,
                 guint        jobs,
                 const char **extra)
{
  g_autoptr(GPtrArray) sets = bundled_sets ();
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *jobs_text = g_strdup_printf ("%u", jobs);
  const char *start[] = { "analyse", "-q", "--format", format, "--jobs", jobs_text };

  for (guint i = 0; i < G_N_ELEMENTS (start); i++)
    g_ptr_array_add (args, (gpointer) start[i]);
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  for (guint i = 0; i < sets->len; i++)
    g_ptr_array_add (args, g_ptr_array_index (sets, i));
  g_ptr_array_add (args, NULL);
  run_argv (run, (const char **) args->pdata);
  g_test_message ("analyse --format %s --jobs %u: %s", format, jobs, run->err);
  g_assert_cmpint (run->status, ==, 0);
}

/* Fails the test at the first line where @text differs from @expected,
 * saying which (the whole texts are too long to read in a log). */
static void
assert_same_text (const char *text,
                  const char *expected,
                  const char *what)
{
  g_auto(GStrv) a = g_strsplit (text, "\n", -1);
  g_auto(GStrv) b = g_strsplit (expected, "\n", -1);

  for (guint i = 0; a[i] != NULL || b[i] != NULL; i++)
    if (a[i] == NULL || b[i] == NULL || !g_str_equal (a[i], b[i]))
      {
        g_test_message ("%s: line %u differs:\n  got      %s\n  expected %s", what, i + 1,
                        a[i] ? a[i] : "(end)", b[i] ? b[i] : "(end)");
        for (guint j = i > 12 ? i - 12 : 0; j < i && b[j] != NULL; j++)
          g_test_message ("  context %u: %s", j + 1, b[j]);
        g_test_fail ();
        return;
      }
}

/* `analyse --jobs N` gives what one job gives, for every bundled set (every
 * kind, analysed in one run): levels analysed side by side share nothing,
 * and their random searches are seeded from the level and --seed, never
 * from the thread. */
static void
test_jobs_identical (void)
{
  g_auto(Run) one = { 0 };
  g_autofree char *reference = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *rows;
  guint n_kinds;

  run_analyse_all (&one, "json", 1, NULL);
  reference = without_seconds (one.out);

  /* every kind is there, and analysed */
  json_parser_load_from_data (parser, one.out, -1, &error);
  g_assert_no_error (error);
  rows = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_false (json_object_has_member (row, "error"));
      g_hash_table_add (kinds, (gpointer) json_object_get_string_member (row, "kind"));
    }
  pw_kinds_list (&n_kinds);
  g_assert_cmpuint (g_hash_table_size (kinds), ==, n_kinds);

  for (guint jobs = 2; jobs <= 3; jobs++)
    {
      g_auto(Run) many = { 0 };
      g_autofree char *result = NULL;

      run_analyse_all (&many, "json", jobs, NULL);
      result = without_seconds (many.out);
      assert_same_text (result, reference, jobs == 2 ? "--jobs 2" : "--jobs 3");
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scale/jobs-identical", test_jobs_identical);
  return g_test_run ();
}
