/* test-util.c — helpers shared by the tests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <csv.h>

#include "test-util.h"

typedef struct
{
  GPtrArray *rows;
  GPtrArray *row;
} Parsed;

static void
on_field (void  *field,
          size_t len,
          void  *data)
{
  Parsed *p = data;

  if (p->row == NULL)
    p->row = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (p->row, g_strndup (field, len));
}

static void
on_row (int   c,
        void *data)
{
  Parsed *p = data;

  g_ptr_array_add (p->rows, p->row ? p->row : g_ptr_array_new ());
  p->row = NULL;
}

GPtrArray *
test_parse_csv (const char *text)
{
  struct csv_parser parser;
  Parsed p = { g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref), NULL };

  g_assert_cmpint (csv_init (&parser, CSV_STRICT | CSV_STRICT_FINI), ==, 0);
  g_assert_cmpuint (csv_parse (&parser, text, strlen (text), on_field, on_row, &p), ==,
                    strlen (text));
  g_assert_cmpint (csv_fini (&parser, on_field, on_row, &p), ==, 0);
  csv_free (&parser);
  return p.rows;
}

const char *
test_csv_cell (GPtrArray  *rows,
               guint       r,
               const char *column)
{
  GPtrArray *header = g_ptr_array_index (rows, 0);
  GPtrArray *row = g_ptr_array_index (rows, r);

  for (guint c = 0; c < header->len; c++)
    if (g_str_equal (g_ptr_array_index (header, c), column))
      return g_ptr_array_index (row, c);
  g_error ("no column %s", column);
}

char *
test_make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("pw-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
test_remove_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        test_remove_dir (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

const char *test_huge_level =
  "################\n"
  "#r.....y......b#\n"
  "#..............#\n"
  "#...$.....*....R\n"
  "#..............#\n"
  "#.....r........#\n"
  "#..o.......$...Y\n"
  "#..............#\n"
  "#.......y......#\n"
  "#...*..........B\n"
  "#..........o...#\n"
  "#..$...........#\n"
  "#......b....*..#\n"
  "#..............#\n"
  "#g............g#\n"
  "#######G########\n";

char *
test_largest_level (const char *kind)
{
  GString *text = g_string_new (NULL);

  if (g_str_equal (kind, "latin") || g_str_equal (kind, "futoshiki"))
    {
      /* 128 values, no givens */
      g_string_append (text, "128:");
      for (guint i = 0; i < 128 * 128; i++)
        g_string_append (text, "0,");
    }
  else if (g_str_equal (kind, "sudoku"))
    {
      /* boxes of 8x8: 64 values, no givens (runs of 26 blanks at most) */
      g_string_append (text, "8x8:");
      for (guint left = 64 * 64; left > 0; left -= MIN (left, 26))
        g_string_append_c (text, 'a' + MIN (left, 26) - 1);
    }
  else if (g_str_equal (kind, "queens"))
    {
      for (guint y = 0; y < 32; y++)
        g_string_append (text, "................................\n");
    }
  else if (g_str_equal (kind, "star-battle"))
    {
      /* 32 x 32, four stars, a region a row: no solution is found before
       * the search's node budget (the blocks of 4 x 8 cap at 1,000 at
       * once) */
      g_string_append (text, "stars 4\n");
      for (guint y = 0; y < 32; y++)
        {
          for (guint x = 0; x < 32; x++)
            g_string_append_c (text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"[y]);
          g_string_append_c (text, '\n');
        }
    }
  else if (g_str_equal (kind, "nonogram"))
    {
      /* 100x100, a staircase: row y has y + 1 cells filled */
      for (guint y = 0; y < 100; y++)
        {
          for (guint x = 0; x < 100; x++)
            g_string_append_c (text, x <= y ? '#' : '.');
          g_string_append_c (text, '\n');
        }
    }
  else if (g_str_equal (kind, "knights-tour"))
    {
      g_string_append (text, "open\n");
      for (guint y = 0; y < 32; y++)
        {
          for (guint x = 0; x < 32; x++)
            g_string_append (text, x > 0 ? "  ." : " .");
          g_string_append_c (text, '\n');
        }
    }
  else if (g_str_equal (kind, "magic"))
    {
      for (guint y = 0; y < 11; y++)
        g_string_append (text, ". . . . . . . . . . .\n");
    }
  else if (g_str_equal (kind, "combination"))
    {
      for (guint y = 0; y < 12; y++)
        g_string_append (text, "............\n");
      g_string_append (text, "12 red both\n");
    }
  else if (g_str_equal (kind, "slide"))
    g_string_append (text, test_huge_level);
  else
    g_error ("test_largest_level: no level of kind %s", kind);
  return g_string_free (text, FALSE);
}


static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
test_bundled_sets (void)
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

guint
test_scaled_ms (guint ms)
{
  const char *text = g_getenv ("PW_TEST_WAIT_SCALE");
  guint64 scale = 1;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, 100, &scale, NULL))
    g_error ("PW_TEST_WAIT_SCALE=%s: give a whole number from 1 to 100", text);
  return ms * (guint) scale;
}

guint
test_instances (guint n,
                guint least)
{
  const char *text = g_getenv ("PW_TEST_INSTANCE_DIVISOR");
  guint64 divisor = 1;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, 100, &divisor, NULL))
    g_error ("PW_TEST_INSTANCE_DIVISOR=%s: give a whole number from 1 to 100", text);
  return MIN (n, MAX (least, n / (guint) divisor));
}

char *
test_json_without_seconds (const char *json)
{
  static const char member[] = "\"seconds\" : ";
  GString *out = g_string_new (NULL);
  const char *at;

  /* a scan, not a GRegex: PCRE took seconds over a few thousand rows */
  while ((at = strstr (json, member)) != NULL)
    {
      at += strlen (member);
      g_string_append_len (out, json, at - json);
      g_string_append_c (out, '0');
      json = at + strspn (at, "-+0123456789.eE");
    }
  g_string_append (out, json);
  return g_string_free (out, FALSE);
}

void
test_cli_run_clear (TestCliRun *run)
{
  g_free (run->out);
  g_free (run->err);
}

void
test_cli_run_argv (TestCliRun  *run,
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

void
test_cli_run (TestCliRun *run,
              ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  test_cli_run_argv (run, (const char **) args->pdata);
}
