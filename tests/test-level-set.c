/* test-level-set.c — level-set files: round trips, every bad file, saves
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/good/ *.json must load and save back byte for byte;
 * tests/data/bad/NAME.json must fail with the error code and the message
 * part written in NAME.expect (line 1: code, line 2: part of the message).
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

static GPtrArray *
list_data (const char *subdir,
           const char *suffix)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", subdir, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (names, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static void
test_good_file (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);
  g_autofree char *original = NULL;
  g_autofree char *saved = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  saved = pw_level_set_to_data (set, &length);
  g_assert_cmpstr (saved, ==, original);
  g_assert_cmpuint (length, ==, strlen (original));
}

static int
error_code_from_name (const char *name)
{
  static const struct { const char *name; int code; } codes[] = {
    { "SYNTAX", PW_LEVEL_SET_ERROR_SYNTAX },
    { "NOT_A_SET", PW_LEVEL_SET_ERROR_NOT_A_SET },
    { "VERSION", PW_LEVEL_SET_ERROR_VERSION },
    { "INVALID", PW_LEVEL_SET_ERROR_INVALID },
    { "TOO_LARGE", PW_LEVEL_SET_ERROR_TOO_LARGE },
    { "IO", PW_LEVEL_SET_ERROR_IO },
  };

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    if (g_str_equal (codes[i].name, name))
      return codes[i].code;
  g_error ("unknown error code %s", name);
}

static void
test_bad_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *stem = g_strndup (path, strlen (path) - strlen (".json"));
  g_autofree char *expect_path = g_strconcat (stem, ".expect", NULL);
  g_autofree char *expect = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;

  g_assert_true (g_file_get_contents (expect_path, &expect, NULL, NULL));
  lines = g_strsplit (expect, "\n", 3);
  g_assert_nonnull (lines[0]);
  g_assert_nonnull (lines[1]);

  set = pw_level_set_load (file, NULL, &error);
  g_assert_null (set);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, PW_LEVEL_SET_ERROR, error_code_from_name (lines[0]));
  /* the message names the file, and says what is wrong */
  if (strstr (error->message, base) == NULL || strstr (error->message, lines[1]) == NULL)
    g_error ("“%s” should name %s and say “%s”", error->message, base, lines[1]);
}

/* Every bad file in the folder has an .expect, and the other way round. */
static void
test_bad_files_paired (void)
{
  g_autoptr(GPtrArray) json = list_data ("bad", ".json");
  g_autoptr(GPtrArray) expect = list_data ("bad", ".expect");

  g_assert_cmpuint (json->len, ==, expect->len);
  g_assert_cmpuint (json->len, >=, 15);
}

/* Thousands of damaged copies of a good file: each loads or fails with a
 * message that names the file; nothing crashes or hangs. */
static void
test_mutations (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "playtests.json",
                                                 NULL);
  g_autofree char *original = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  gsize length;
  guint loaded = 0;
  guint refused = 0;

  g_assert_true (g_file_get_contents (path, &original, &length, NULL));

  for (guint round = 0; round < 3000; round++)
    {
      g_autoptr(GString) data = g_string_new_len (original, length);
      g_autoptr(PwLevelSet) set = NULL;
      g_autoptr(GError) error = NULL;
      guint edits = g_rand_int_range (rand, 1, 4);

      for (guint e = 0; e < edits; e++)
        {
          guint at = g_rand_int_range (rand, 0, data->len);
          static const char alphabet[] = "{}[]\",:0123456789.-eE \n\\truefalsnl#rygbRYGB$*o\xc3\xa9\xff";

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              data->str[at] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
              break;
            case 1:
              {
                gsize n = g_rand_int_range (rand, 1, 20);

                g_string_erase (data, at, MIN (n, data->len - at));
              }
              break;
            case 2:
              g_string_insert_c (data, at, alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]);
              break;
            default:
              g_string_truncate (data, at);
              break;
            }
          if (data->len == 0)
            break;
        }

      set = pw_level_set_load_from_data (data->str, data->len, "mutant.json", &error);
      if (set != NULL)
        {
          g_autofree char *again = pw_level_set_to_data (set, NULL);
          g_autoptr(PwLevelSet) reloaded = pw_level_set_load_from_data (again, -1, "again", &error);

          /* whatever loads also saves into something that loads */
          g_assert_no_error (error);
          g_assert_nonnull (reloaded);
          loaded++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "mutant.json: "));
          refused++;
        }
    }
  g_test_message ("%u loaded, %u refused", loaded, refused);
  g_assert_cmpuint (refused, >, 1000);
  g_assert_cmpuint (loaded, >, 10);
}

/* A set of over the level limit is refused without building it. */
static void
test_too_many_levels (void)
{
  g_autoptr(GString) data = g_string_new ("{\"format\":\"puzzlewright-level-set\",\"version\":1,"
                                          "\"levels\":[");
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;

  for (guint i = 0; i <= PW_LEVEL_SET_MAX_LEVELS; i++)
    g_string_append (data, i ? ",{}" : "{}");
  g_string_append (data, "]}");

  set = pw_level_set_load_from_data (data->str, data->len, "many.json", &error);
  g_assert_null (set);
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE);
}

/* A level of a kind this build does not know is kept, untouched. */
static void
test_unknown_kind (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "unknown-kind.json",
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, NULL);
  PwLevel *level;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;

  g_assert_nonnull (set);
  level = pw_level_set_get_level (set, 0);
  g_assert_null (pw_level_get_kind (level));
  g_assert_cmpstr (pw_level_get_kind_id (level), ==, "hexaslide");
  g_assert_nonnull (pw_level_get_unknown_payload (level));
  problems = pw_level_validate (level);
  g_assert_cmpuint (problems->len, ==, 1);
  analysis = pw_level_analyse (level, NULL, NULL, NULL, NULL, &error);
  g_assert_null (analysis);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNKNOWN_KIND);
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Saving writes the whole set, keeps the previous file as FILE~, and leaves
 * no temporary file behind. */
static void
test_save_atomic (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwLevel) level = pw_level_new (pw_kinds_lookup ("slide"));
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *on_disk = NULL;
  g_autofree char *kept = NULL;

  pw_level_set_set_title (set, "Version one");
  pw_level_set_append (set, level);
  g_assert_true (pw_level_set_save (set, file, NULL, &error));
  g_assert_no_error (error);
  first = pw_level_set_to_data (set, NULL);

  pw_level_set_set_title (set, "Version two");
  g_assert_true (pw_level_set_save (set, file, NULL, &error));
  g_assert_no_error (error);
  second = pw_level_set_to_data (set, NULL);

  g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));
  g_assert_cmpstr (on_disk, ==, second);
  g_assert_true (g_file_get_contents (backup, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, first);
  g_assert_cmpuint (count_entries (dir), ==, 2);

  /* the saved file loads back to the same bytes */
  {
    g_autoptr(PwLevelSet) reloaded = pw_level_set_load (file, NULL, &error);
    g_autofree char *again = NULL;

    g_assert_no_error (error);
    again = pw_level_set_to_data (reloaded, NULL);
    g_assert_cmpstr (again, ==, second);
  }

  test_remove_dir (dir);
}

/* A save that cannot happen says so and leaves what was there alone. */
static void
test_save_fails_cleanly (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *folder = g_build_filename (dir, "a-folder.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "set.json", NULL);
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);

  g_assert_false (pw_level_set_save (set, folder_file, NULL, &error));
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "a-folder.json"));
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_clear_error (&error);

  g_assert_false (pw_level_set_save (set, missing_file, NULL, &error));
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO);
  g_clear_error (&error);

  /* loading a folder or a missing file is an error too */
  g_assert_null (pw_level_set_load (folder_file, NULL, &error));
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO);
  g_clear_error (&error);
  g_assert_null (pw_level_set_load (missing_file, NULL, &error));
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "set.json"));

  test_remove_dir (dir);
}

/* Ids: kept when given, made from the content when missing, made unique
 * when a level is added twice. */
static void
test_ids (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwLevel) a = pw_level_new (pw_kinds_lookup ("slide"));
  g_autoptr(PwLevel) b = NULL;

  pw_level_set_append (set, a);
  g_assert_cmpuint (strlen (pw_level_get_id (a)), ==, 10);
  b = pw_level_copy (a);
  pw_level_set_append (set, b);
  g_assert_cmpstr (pw_level_get_id (b), !=, pw_level_get_id (a));
  pw_level_set_remove (set, 0);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 1);
  g_assert_true (pw_level_set_get_level (set, 0) == b);
}

/* What play mode records: the date, moves and hints read back; a
 * playtest without a rating; members left out when not recorded. */
static void
test_recorded_playtests (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good",
                                                 "playtests-recorded.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);
  GPtrArray *playtests;
  const PwPlaytest *p;
  PwPlaytestStats stats;

  g_assert_no_error (error);
  playtests = pw_level_get_playtests (pw_level_set_get_level (set, 0));
  g_assert_cmpuint (playtests->len, ==, 3);
  p = g_ptr_array_index (playtests, 0);
  g_assert_cmpstr (p->date, ==, "2026-11-28");
  g_assert_cmpint (p->rating, ==, 3);
  g_assert_cmpfloat (p->seconds, ==, 41.5);
  g_assert_cmpint (p->moves, ==, 7);
  g_assert_cmpint (p->hints_used, ==, 1);
  p = g_ptr_array_index (playtests, 1);
  g_assert_cmpint (p->rating, ==, PW_RATING_NONE);
  g_assert_false (p->completed);
  g_assert_cmpint (p->hints_used, ==, 0);
  p = g_ptr_array_index (playtests, 2);
  g_assert_null (p->date);
  g_assert_cmpint (p->moves, ==, 12);
  g_assert_cmpint (p->hints_used, ==, -1);

  pw_level_playtest_stats (pw_level_set_get_level (set, 0), &stats);
  g_assert_cmpuint (stats.count, ==, 3);
  g_assert_cmpuint (stats.ratings, ==, 2);
  g_assert_cmpfloat (stats.mean_rating, ==, 4);

  /* dates are calendar dates */
  g_assert_true (pw_playtest_date_valid ("2024-02-29"));
  g_assert_false (pw_playtest_date_valid ("2023-02-29"));
  g_assert_false (pw_playtest_date_valid ("2023-13-01"));
  g_assert_false (pw_playtest_date_valid ("2023-1-01"));
  g_assert_false (pw_playtest_date_valid ("0999-01-01"));
  g_assert_false (pw_playtest_date_valid ("2023-01-01T10:00"));
}

/* Plain-text import: titles, notes, several levels, errors with lines. */
static void
test_import_text (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;
  const char *text = "; First\n; a note\n; more note\n#####\n#r.r#\n#...#\n#R###\n\n\n"
                     "####\n#r.R\n#..#\n####\n"
                     "; Third\n#####\n#r..R\n#####\n";

  g_assert_true (pw_import_text (set, "slide", text, "in.txt", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 3);
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 0)), ==, "First");
  g_assert_cmpstr (pw_level_get_notes (pw_level_set_get_level (set, 0)), ==, "a note\nmore note");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 1)), ==, "Level 2");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 2)), ==, "Third");

  /* a byte-order mark and CRLF line ends, as some editors write them */
  g_assert_true (pw_import_text (set, "slide", "\xef\xbb\xbf; Windows\r\n#####\r\n#r..R\r\n"
                                 "#####\r\n", "crlf.txt", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 4);
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 3)), ==, "Windows");
  pw_level_set_remove (set, 3);

  g_assert_false (pw_import_text (set, "slide", "; Bad\n#####\n#r.R\n#####\n", "bad.txt",
                                  &error));
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad.txt"));
  g_assert_nonnull (strstr (error->message, "line 2"));
  /* nothing was added by the failed import */
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) good = NULL;
  g_autoptr(GPtrArray) bad = NULL;

  g_test_init (&argc, &argv, NULL);

  good = list_data ("good", ".json");
  for (guint i = 0; i < good->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (good, i));
      g_autofree char *test_path = g_strconcat ("/io/level-set/good/", base, NULL);

      g_test_add_data_func (test_path, g_ptr_array_index (good, i), test_good_file);
    }
  bad = list_data ("bad", ".json");
  for (guint i = 0; i < bad->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (bad, i));
      g_autofree char *test_path = g_strconcat ("/io/level-set/bad/", base, NULL);

      g_test_add_data_func (test_path, g_ptr_array_index (bad, i), test_bad_file);
    }
  g_test_add_func ("/io/level-set/bad-files-paired", test_bad_files_paired);
  g_test_add_func ("/io/level-set/mutations", test_mutations);
  g_test_add_func ("/io/level-set/too-many-levels", test_too_many_levels);
  g_test_add_func ("/io/level-set/unknown-kind", test_unknown_kind);
  g_test_add_func ("/io/level-set/save-atomic", test_save_atomic);
  g_test_add_func ("/io/level-set/save-fails-cleanly", test_save_fails_cleanly);
  g_test_add_func ("/io/level-set/ids", test_ids);
  g_test_add_func ("/io/level-set/recorded-playtests", test_recorded_playtests);
  g_test_add_func ("/io/import/text", test_import_text);

  return g_test_run ();
}
