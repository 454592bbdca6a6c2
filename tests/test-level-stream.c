/* test-level-stream.c — reading and writing a set a level at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The stream must accept exactly what the whole-set reader accepts, give
 * the same levels, refuse the same files with the same code and message,
 * and write the same bytes.
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
list_files (const char *dir_path,
            const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (names, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (names, compare_paths);
  return names;
}

/* Every level of @file through the stream, as a set; NULL and @error
 * when the stream refuses the file. */
static PwLevelSet *
read_streamed (GFile   *file,
               GError **error)
{
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, error);
  g_autoptr(PwLevelSet) set = NULL;
  PwLevelSet *header;
  PwLevel *level;

  if (stream == NULL)
    return NULL;
  set = pw_level_set_new ();
  while ((level = pw_level_stream_next (stream, error)) != NULL)
    {
      pw_level_set_append (set, level);
      pw_level_unref (level);
    }
  if (*error != NULL)
    return NULL;
  g_assert_cmpuint (pw_level_stream_get_count (stream), ==, pw_level_set_get_n_levels (set));
  g_assert_nonnull (pw_level_stream_get_sha256 (stream));
  header = pw_level_stream_get_header (stream);
  pw_level_set_set_title (set, pw_level_set_get_title (header));
  pw_level_set_set_author (set, pw_level_set_get_author (header));
  pw_level_set_set_notes (set, pw_level_set_get_notes (header));
  return g_steal_pointer (&set);
}

/* Every level of @file as texts (pw_level_stream_next_text) read after
 * the whole stream, last first, as job threads might: as a set. */
static PwLevelSet *
read_texts (GFile   *file,
            GError **error)
{
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, error);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_text_free);
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  PwLevelText *text;

  if (stream == NULL)
    return NULL;
  while ((text = pw_level_stream_next_text (stream, error)) != NULL)
    g_ptr_array_add (texts, text);
  if (*error != NULL)
    return NULL;
  g_ptr_array_set_size (levels, texts->len);
  for (guint i = texts->len; i-- > 0;)
    {
      levels->pdata[i] = pw_level_text_read (g_ptr_array_index (texts, i), error);
      if (levels->pdata[i] == NULL)
        return NULL;
    }
  for (guint i = 0; i < levels->len; i++)
    pw_level_set_append (set, g_ptr_array_index (levels, i));
  return g_steal_pointer (&set);
}

/* Good files and the bundled sets: the stream gives what loading gives,
 * and the streamed writer writes what the writer writes. */
static void
test_good_files (void)
{
  g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "good", NULL);
  g_autofree char *bundled = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                               NULL);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out_path = g_build_filename (dir, "out.json", NULL);
  g_autoptr(GPtrArray) files = list_files (good, ".json");
  g_autoptr(GPtrArray) more = list_files (bundled, ".json");

  for (guint i = 0; i < more->len; i++)
    g_ptr_array_add (files, g_strdup (g_ptr_array_index (more, i)));
  g_assert_cmpuint (files->len, >, 10);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) out = g_file_new_for_path (out_path);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) whole = pw_level_set_load (file, NULL, &error);
      g_autoptr(PwLevelSet) streamed = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *got = NULL;
      g_autofree char *written = NULL;

      g_test_message ("%s", path);
      g_assert_no_error (error);
      streamed = read_streamed (file, &error);
      g_assert_no_error (error);
      expected = pw_level_set_to_data (whole, NULL);
      got = pw_level_set_to_data (streamed, NULL);
      g_assert_cmpstr (got, ==, expected);
      /* and as texts read elsewhere (the streamed header aside) */
      {
        g_autoptr(PwLevelSet) texts = read_texts (file, &error);
        g_autofree char *from_texts = NULL;

        g_assert_no_error (error);
        pw_level_set_set_title (texts, pw_level_set_get_title (streamed));
        pw_level_set_set_author (texts, pw_level_set_get_author (streamed));
        pw_level_set_set_notes (texts, pw_level_set_get_notes (streamed));
        from_texts = pw_level_set_to_data (texts, NULL);
        g_assert_cmpstr (from_texts, ==, expected);
      }

      g_assert_true (pw_level_set_save_streamed (whole, out, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
      g_assert_cmpstr (written, ==, expected);
    }

  /* an empty set too */
  {
    g_autoptr(PwLevelSet) empty = pw_level_set_new ();
    g_autoptr(GFile) out = g_file_new_for_path (out_path);
    g_autoptr(GError) error = NULL;
    g_autofree char *expected = pw_level_set_to_data (empty, NULL);
    g_autofree char *written = NULL;
    g_autoptr(PwLevelSet) back = NULL;

    g_assert_true (pw_level_set_save_streamed (empty, out, &error));
    g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
    g_assert_cmpstr (written, ==, expected);
    back = read_streamed (out, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (pw_level_set_get_n_levels (back), ==, 0);
  }
  test_remove_dir (dir);
}

/* Every bad file is refused by the stream as by loading: the same code,
 * the same message. */
static void
test_bad_files (void)
{
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "bad", NULL);
  g_autoptr(GPtrArray) files = list_files (bad, ".json");

  g_assert_cmpuint (files->len, >, 30);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) whole_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) whole = pw_level_set_load (file, NULL, &whole_error);
      g_autoptr(PwLevelSet) streamed = read_streamed (file, &error);

      g_assert_null (whole);
      g_test_message ("%s:\n  whole:  %s\n  stream: %s", path, whole_error->message,
                      error ? error->message : "(accepted)");
      g_assert_null (streamed);
      g_assert_error (error, PW_LEVEL_SET_ERROR, whole_error->code);
      g_assert_cmpstr (error->message, ==, whole_error->message);
    }
}

/* Refusals only the stream makes, and places in a long file. */
static void
test_stream_only (void)
{
  static const struct
  {
    const char *text;
    const char *says;
  } cases[] = {
    { "{\"levels\": [], \"format\": \"puzzlewright-level-set\", \"version\": 1}",
      "comes before “format” and “version”" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"lev\\u0065ls\": "
      "[{\"kind\": \"x\", \"payload\": 1}]}", "without escapes" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": "
      "[{\"kind\": \"x\", \"payload\": 1},]}", "line 1, column 91: a comma is followed" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": "
      "[{\"kind\": \"x\", \"payload\": 1} {}]}", "a comma or “]” was expected" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": "
      "[{\"kind\": \"x\", \"payload\": 1}", "ends inside the list of levels" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": "
      "[{\"kind\": \"x\", \"payload\": [1", "line 1, column 89: unexpected" },
    { "{\"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": "
      "[{\"kind\": \"x\", \"payload\": 1}], \"extra\": 2}", "unknown member “extra”" },
  };
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) big = g_string_new ("{\n  \"format\" : \"puzzlewright-level-set\",\n"
                                         "  \"version\" : 1,\n  \"levels\" : [\n");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = NULL;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      set = read_streamed (file, &error);
      g_test_message ("case %u: %s", i, error ? error->message : "(accepted)");
      g_assert_null (set);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }

  /* level 3000 of a long file is wrong: its line and column are said */
  for (guint i = 1; i <= 4000; i++)
    g_string_append_printf (big, "    {\"id\": \"l%u\", \"kind\": \"x\", \"payload\": %s}%s\n", i,
                            i == 3000 ? "01" : "1", i < 4000 ? "," : "");
  g_string_append (big, "  ]\n}\n");
  g_assert_true (g_file_set_contents (path, big->str, -1, NULL));
  {
    g_autoptr(GError) whole_error = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(PwLevelSet) whole = pw_level_set_load (file, NULL, &whole_error);
    g_autoptr(PwLevelSet) set = read_streamed (file, &error);

    g_assert_null (set);
    g_assert_cmpstr (error->message, ==, whole_error->message);
    g_assert_nonnull (strstr (error->message, "line 3004, column 45"));
  }
  /* and after its levels: the streamed reader parses the set's own text
   * without them, but says the file's line */
  g_string_truncate (big, big->len - strlen ("  ]\n}\n"));
  g_string_replace (big, "\"payload\": 01}", "\"payload\": 1}", 1);
  g_string_append (big, "  ],\n  \"title\" : \"a\",\n  \"notes\" : 01\n}\n");
  g_assert_true (g_file_set_contents (path, big->str, -1, NULL));
  {
    g_autoptr(GError) whole_error = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(PwLevelSet) whole = pw_level_set_load (file, NULL, &whole_error);
    g_autoptr(PwLevelSet) set = read_streamed (file, &error);

    g_assert_null (set);
    g_test_message ("after the levels: %s", error->message);
    g_assert_cmpstr (error->message, ==, whole_error->message);
    g_assert_nonnull (strstr (error->message, "line 4007, column 13"));
  }
  test_remove_dir (dir);
}

/* Levels written one at a time get the ids they get appended to a set:
 * levels with no id, the same level again and again, a level whose id is
 * one an earlier level was given; the bytes are the whole-set writer's. */
static void
test_writer_ids (void)
{
  g_autofree char *bundled = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                               NULL);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out_path = g_build_filename (dir, "out.json", NULL);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GPtrArray) files = list_files (bundled, ".json");
  g_autoptr(PwLevelSet) whole = pw_level_set_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  PwLevelSetWriter *writer;

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, i));
      g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

      g_assert_no_error (error);
      for (guint l = 0; l < pw_level_set_get_n_levels (set); l++)
        g_ptr_array_add (sources, pw_level_ref (pw_level_set_get_level (set, l)));
    }
  g_assert_cmpuint (sources->len, >, 20);

  writer = pw_level_set_writer_open (out, &error);
  g_assert_no_error (error);
  pw_level_set_writer_set_header (writer, "Ids", "Tester", "notes");
  pw_level_set_set_title (whole, "Ids");
  pw_level_set_set_author (whole, "Tester");
  pw_level_set_set_notes (whole, "notes");
  for (guint round = 0; round < 600; round++)
    {
      PwLevel *source = g_ptr_array_index (sources, g_rand_int_range (rand, 0, sources->len));
      g_autoptr(PwLevel) one = pw_level_copy (source);
      g_autoptr(PwLevel) two = NULL;
      guint how = g_rand_int_range (rand, 0, 4);

      if (how == 0)
        pw_level_set_id (one, "");
      else if (how == 1 && pw_level_set_get_n_levels (whole) > 0)
        /* the id of an earlier level, maybe one made here */
        pw_level_set_id (one, pw_level_get_id (pw_level_set_get_level (
                                whole, g_rand_int_range (rand, 0, pw_level_set_get_n_levels (whole)))));
      two = pw_level_copy (one);
      pw_level_set_append (whole, one);
      g_assert_true (pw_level_set_writer_add (writer, two, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (pw_level_get_id (two), ==, pw_level_get_id (one));
    }
  g_assert_cmpuint (pw_level_set_writer_get_count (writer), ==, 600);
  g_assert_true (pw_level_set_writer_commit (writer, &error));
  g_assert_no_error (error);
  expected = pw_level_set_to_data (whole, NULL);
  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  g_assert_nonnull (strstr (written, "-2\","));

  /* abort leaves the file as it was */
  writer = pw_level_set_writer_open (out, &error);
  g_assert_no_error (error);
  g_assert_true (pw_level_set_writer_add (writer, g_ptr_array_index (sources, 0), &error));
  pw_level_set_writer_abort (writer);
  g_clear_pointer (&written, g_free);
  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  test_remove_dir (dir);
}

/* The ids of @file's levels read through the stream: each level read
 * (next) or, when @skip says so for its place, passed over (skip) and
 * marked "-"; NULL and @error when the stream refuses the file. */
static GPtrArray *
streamed_ids (GFile    *file,
              gboolean (*skip) (guint index),
              GError  **error)
{
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, error);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  if (stream == NULL)
    return NULL;
  for (guint i = 0;; i++)
    {
      if (skip != NULL && skip (i))
        {
          if (!pw_level_stream_skip (stream, error))
            break;
          g_ptr_array_add (ids, g_strdup ("-"));
        }
      else
        {
          g_autoptr(PwLevel) level = pw_level_stream_next (stream, error);

          if (level == NULL)
            break;
          g_ptr_array_add (ids, g_strdup (pw_level_get_id (level)));
        }
    }
  if (*error != NULL)
    return NULL;
  return g_steal_pointer (&ids);
}

static gboolean
skip_odd (guint index)
{
  return index % 2 == 1;
}

static gboolean
skip_even (guint index)
{
  return index % 2 == 0;
}

/* Levels without an id get the one the whole-set reader gives them, read
 * or passed over (the ids of the levels before them decide it): ids
 * empty, missing, written with escapes, plain; the same level many times
 * (made ids end in -2, -3…); an id given to a level that an earlier
 * level was given is refused as the whole-set reader refuses it. */
static void
test_missing_ids (void)
{
  g_autofree char *bundled = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                               "sample.json", NULL);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "ids.json", NULL);
  g_autoptr(GFile) source_file = g_file_new_for_path (bundled);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwLevelSet) source = pw_level_set_load (source_file, NULL, NULL);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GString) edited = g_string_new (NULL);
  const char *at;

  g_assert_nonnull (source);
  for (guint i = 0; i < 300; i++)
    {
      g_autoptr(PwLevel) level =
        pw_level_copy (pw_level_set_get_level (source, g_rand_int_range (rand, 0, 4)));
      g_autofree char *mark = g_strdup_printf ("MARK%u", i);

      pw_level_set_id (level, mark);
      pw_level_set_append (set, level);
    }
  text = pw_level_set_to_data (set, NULL);
  /* each level's id made empty, left out or named with escapes, escaped
   * or plain */
  at = text;
  for (guint i = 0; *at != '\0'; i++)
    {
      const char *mark = strstr (at, "\"id\" : \"MARK");
      const char *end;
      guint how = g_rand_int_range (rand, 0, 4);

      if (mark == NULL)
        {
          g_string_append (edited, at);
          break;
        }
      end = strchr (mark + 9, '"') + 1;
      g_string_append_len (edited, at, mark - at);
      if (how == 0)
        g_string_append (edited, "\"id\" : \"\"");
      else if (how == 1)
        {
          /* no "id" at all: its comma and the space after it go too */
          g_string_append (edited, "\"\\u0069d\" : \"\"");
          if (i % 2 == 0)
            {
              g_string_truncate (edited, edited->len - strlen ("\"\\u0069d\" : \"\""));
              end += strspn (end, ", \n");
            }
        }
      else if (how == 2)
        g_string_append_printf (edited, "\"id\" : \"\\u004d%.*s\"", (int) (end - mark - 10),
                                mark + 9);
      else
        g_string_append_len (edited, mark, end - mark);
      at = end;
    }
  g_assert_nonnull (strstr (edited->str, "\"id\" : \"\""));
  g_assert_true (g_file_set_contents (path, edited->str, edited->len, NULL));

  {
    g_autoptr(PwLevelSet) whole = pw_level_set_load (file, NULL, &error);
    g_autoptr(GPtrArray) all = NULL, odd = NULL, even = NULL;
    guint made = 0;

    g_assert_no_error (error);
    all = streamed_ids (file, NULL, &error);
    g_assert_no_error (error);
    odd = streamed_ids (file, skip_odd, &error);
    g_assert_no_error (error);
    even = streamed_ids (file, skip_even, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (all->len, ==, 300);
    g_assert_cmpuint (odd->len, ==, 300);
    g_assert_cmpuint (even->len, ==, 300);
    for (guint i = 0; i < 300; i++)
      {
        const char *id = pw_level_get_id (pw_level_set_get_level (whole, i));

        g_assert_cmpstr (g_ptr_array_index (all, i), ==, id);
        g_assert_cmpstr (g_ptr_array_index (i % 2 ? even : odd, i), ==, id);
        made += strstr (id, "-") != NULL;
      }
    g_assert_cmpuint (made, >, 10);

    /* the same ids from texts read later and in another order: the
     * stream gives a level whose id its text does not say plainly
     * already read */
    {
      g_autoptr(PwLevelSet) texts = read_texts (file, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (pw_level_set_get_n_levels (texts), ==, 300);
      for (guint i = 0; i < 300; i++)
        g_assert_cmpstr (pw_level_get_id (pw_level_set_get_level (texts, i)), ==,
                         pw_level_get_id (pw_level_set_get_level (whole, i)));
    }
  }

  /* a later level given the id made for an earlier one: refused */
  {
    g_autoptr(GString) both = g_string_new (text);
    g_autoptr(GError) whole_error = NULL;
    g_autoptr(PwLevelSet) first = NULL;
    g_autofree char *made = NULL;
    char *mark = strstr (both->str, "\"MARK0\"");

    /* level 1 without an id: what it is given */
    g_assert_nonnull (mark);
    g_string_erase (both, mark - both->str + 1, 5);
    g_assert_true (g_file_set_contents (path, both->str, both->len, NULL));
    first = pw_level_set_load (file, NULL, &error);
    g_assert_no_error (error);
    made = g_strdup_printf ("\"%s\"", pw_level_get_id (pw_level_set_get_level (first, 0)));
    /* level 2 with that id */
    mark = strstr (both->str, "\"MARK1\"");
    g_assert_nonnull (mark);
    g_string_erase (both, mark - both->str, 7);
    g_string_insert (both, mark - both->str, made);
    g_assert_true (g_file_set_contents (path, both->str, both->len, NULL));
    g_assert_null (pw_level_set_load (file, NULL, &whole_error));
    g_assert_error (whole_error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
    g_assert_nonnull (strstr (whole_error->message, "already used"));
    for (guint k = 0; k < 2; k++)
      {
        g_autoptr(GError) stream_error = NULL;
        g_autoptr(GPtrArray) ids = streamed_ids (file, k == 0 ? NULL : skip_even, &stream_error);

        g_assert_null (ids);
        g_assert_error (stream_error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
        g_assert_nonnull (strstr (stream_error->message, "already used"));
      }
    {
      g_autoptr(GError) texts_error = NULL;
      g_autoptr(PwLevelSet) texts = read_texts (file, &texts_error);

      g_assert_null (texts);
      g_assert_error (texts_error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
      g_assert_cmpstr (texts_error->message, ==, whole_error->message);
    }
  }
  test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/level-stream/good-files", test_good_files);
  g_test_add_func ("/level-stream/bad-files", test_bad_files);
  g_test_add_func ("/level-stream/stream-only", test_stream_only);
  g_test_add_func ("/level-stream/writer-ids", test_writer_ids);
  g_test_add_func ("/level-stream/missing-ids", test_missing_ids);
  return g_test_run ();
}
