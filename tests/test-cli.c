/* test-cli.c — the command line, run as a user would
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "good", name, NULL);
}

static char *
sample_path (void)
{
  return g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", "sample.json", NULL);
}

static JsonArray *
parse_array (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));
  return json_array_ref (json_node_get_array (json_parser_get_root (parser)));
}

/* Help names every command and says that no command opens the editor;
 * a word that is neither a command nor a file is a usage error. */
static void
test_help (void)
{
  g_auto(TestCliRun) run = { 0 };
  g_auto(TestCliRun) unknown = { 0 };

  test_cli_run (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "opens the editor"));
  g_assert_nonnull (strstr (run.out, "analyse"));
  g_assert_nonnull (strstr (run.out, "export-csv"));
  test_cli_run (&unknown, "analyze-this", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "unknown command"));
}

static void
test_usage_errors (void)
{
  static const char *cases[][4] = {
    { "analyse", NULL },
    { "analyse", "--format", "xml", NULL },
    { "analyse", "--max-states", "lots", NULL },
    { "analyse", "--no-such-option", NULL },
    { "frobnicate", NULL },
    { "import", "x.txt", NULL },
    { "import", "--kind", "chess", NULL },
    { "export-csv", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TestCliRun) run = { 0 };

      test_cli_run (&run, cases[i][0], cases[i][1], cases[i][2], cases[i][3], NULL);
      g_test_message ("%s: %s", cases[i][0], run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.err, !=, "");
    }
}

/* JSON: one record per level in set order, with the keys. */
static void
test_analyse_json (void)
{
  g_autofree char *path = data_path ("playtests.json");
  g_auto(TestCliRun) run = { 0 };
  g_autoptr(JsonArray) records = NULL;
  JsonObject *first;
  static const char *keys[] = { "id", "name", "kind", "partial", "seconds", "states", "wins",
                                "potential_states", "ratio", "dead_ends", "dead_end_moves", "par",
                                "shortest_solutions", "solution", "max_combo_par", "perfect",
                                "difficulty", "search_effort", "branching", "dead_end_share" };

  test_cli_run (&run, "analyse", "--format", "json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  records = parse_array (run.out);
  g_assert_cmpuint (json_array_get_length (records), ==, 2);
  first = json_array_get_object_element (records, 0);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_test_message ("key %s", keys[i]);
      g_assert_true (json_object_has_member (first, keys[i]));
    }
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, "first");
  g_assert_cmpint (json_object_get_int_member (first, "states"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (first, "par"), ==, 2);
  g_assert_false (json_object_get_boolean_member (first, "partial"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (records, 1),
                                                  "id"), ==, "second");
}

/* An unreadable file: exit 1, a message, and the other files still done. */
static void
test_analyse_missing_file (void)
{
  g_autofree char *path = data_path ("playtests.json");
  g_auto(TestCliRun) run = { 0 };
  g_autoptr(JsonArray) records = NULL;

  test_cli_run (&run, "analyse", "--format", "json", "/nonexistent/levels.json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "/nonexistent/levels.json"));
  records = parse_array (run.out);
  g_assert_cmpuint (json_array_get_length (records), ==, 2);
}

static void
test_analyse_budget (void)
{
  g_autofree char *path = data_path ("playtests.json");
  g_auto(TestCliRun) run = { 0 };
  g_autoptr(JsonArray) records = NULL;
  JsonObject *first;

  test_cli_run (&run, "analyse", "--format", "json", "--max-states", "4", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  records = parse_array (run.out);
  first = json_array_get_object_element (records, 0);
  g_assert_true (json_object_get_boolean_member (first, "partial"));
  g_assert_true (json_object_get_null_member (first, "dead_ends"));
}

/* Levels of an unknown kind are reported, not analysed; exit 1. */
static void
test_analyse_unknown_kind (void)
{
  g_autofree char *path = data_path ("unknown-kind.json");
  g_auto(TestCliRun) run = { 0 };
  g_autoptr(JsonArray) records = NULL;

  test_cli_run (&run, "analyse", "--format", "json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  records = parse_array (run.out);
  g_assert_cmpuint (json_array_get_length (records), ==, 2);
  g_assert_true (json_object_has_member (json_array_get_object_element (records, 0), "error"));
  g_assert_true (json_object_has_member (json_array_get_object_element (records, 1), "par"));
}

static void
test_import (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *txt = g_build_filename (dir, "levels.txt", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *out = g_build_filename (dir, "set.json", NULL);
  g_autoptr(GFile) out_file = g_file_new_for_path (out);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (txt, "; One\n#####\n#r.r#\n#...#\n#R###\n\n"
                                           "; Two\n; A note.\n####\n#r.R\n#..#\n####\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "; One\n#####\n#r?R#\n#####\n", -1, NULL));

  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "slide", txt, "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  set = pw_level_set_load (out_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);
  g_assert_cmpstr (pw_level_set_get_title (set), ==, "levels");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 1)), ==, "Two");
  g_assert_cmpstr (pw_level_get_notes (pw_level_set_get_level (set, 1)), ==, "A note.");

  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "slide", bad, "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "bad.txt"));
    g_assert_nonnull (strstr (run.err, "line 2"));
    g_assert_nonnull (strstr (run.err, "“?”"));
  }
  /* the earlier set is still there, unharmed */
  g_clear_pointer (&set, pw_level_set_unref);
  set = pw_level_set_load (out_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);

  test_remove_dir (dir);
}

/* export --format text of the set at @path writes what import --kind
 * @kind reads back: the same levels (names of block-form kinds
 * included), and the same text again. */
static void
export_round_trip (const char *path,
                   const char *kind,
                   const char *dir)
{
  g_autofree char *txt = g_build_filename (dir, "levels.txt", NULL);
  g_autofree char *out = g_build_filename (dir, "back.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) back_file = g_file_new_for_path (out);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(TestCliRun) exported = { 0 };
  g_auto(TestCliRun) imported = { 0 };
  g_auto(TestCliRun) again = { 0 };

  test_cli_run (&exported, "export", "--format", "text", path, NULL);
  g_assert_cmpint (exported.status, ==, 0);
  g_assert_true (g_file_set_contents (txt, exported.out, -1, NULL));
  test_cli_run (&imported, "import", "--kind", kind, txt, "-o", out, NULL);
  g_assert_cmpint (imported.status, ==, 0);

  set = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  back = pw_level_set_load (back_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (back), ==, pw_level_set_get_n_levels (set));
  for (guint l = 0; l < pw_level_set_get_n_levels (set); l++)
    {
      PwLevel *a = pw_level_set_get_level (set, l);
      PwLevel *b = pw_level_set_get_level (back, l);

      g_assert_cmpstr (pw_level_get_name (a), ==, pw_level_get_name (b));
      g_assert_true (pw_level_get_kind (a)->equal (pw_level_get_data (a),
                                                   pw_level_get_data (b)));
    }
  test_cli_run (&again, "export", "--format", "text", out, NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_cmpstr (again.out, ==, exported.out);
}

static void
test_export_text_round_trip (void)
{
  const char *sets[] = { "sample.json", "combination.json" };
  const char *kinds[] = { "slide", "combination" };
  /* kinds whose levels are several lines of text: generated sets */
  const char *generated[][3] = {
    { "magic", "size=4", "size=4" },
    { "queens", "size=8", "clues=mixed" },
    { "star-battle", "size=10", "stars=2" },
  };
  g_autofree char *dir = test_make_temp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                sets[i], NULL);

      export_round_trip (path, kinds[i], dir);
    }
  for (guint i = 0; i < G_N_ELEMENTS (generated); i++)
    {
      g_autofree char *path = g_build_filename (dir, "generated.json", NULL);
      g_auto(TestCliRun) made = { 0 };

      test_cli_run (&made, "generate", "--kind", generated[i][0], "-n", "3", "--seed", "2", "-p",
               generated[i][1], "-p", generated[i][2], "-o", path, NULL);
      g_assert_cmpint (made.status, ==, 0);
      export_round_trip (path, generated[i][0], dir);
    }

  {
    g_auto(TestCliRun) run = { 0 };
    g_autofree char *path = sample_path ();

    test_cli_run (&run, "export", "--format", "xml", path, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--format"));
  }
  test_remove_dir (dir);
}

/* The options kinds add to import: each is in --help; FreeCell's --ms-deal
 * makes the numbered deals, names them and titles the set, and says what
 * is wrong with another kind or a bad list. */
static void
test_import_kind_options (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "deals.json", NULL);
  g_autoptr(GFile) out_file = g_file_new_for_path (out);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GError) error = NULL;
  const PwKind * const *kinds;
  guint n_kinds, n_options = 0;

  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--help", NULL);
    g_assert_cmpint (run.status, ==, 0);
    kinds = pw_kinds_list (&n_kinds);
    for (guint k = 0; k < n_kinds; k++)
      for (guint i = 0; i < kinds[k]->n_import_options; i++)
        {
          g_autofree char *shown = g_strdup_printf ("--%s=%s",
                                                    kinds[k]->import_options[i].long_name,
                                                    kinds[k]->import_options[i].arg_description);

          g_assert_nonnull (strstr (run.out, shown));
          n_options++;
        }
    g_assert_cmpuint (n_options, >=, 1);
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "freecell", "--ms-deal", "1-2,617", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  set = pw_level_set_load (out_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 3);
  g_assert_cmpstr (pw_level_set_get_title (set), ==, "Microsoft FreeCell deals 1-2,617");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 2)), ==, "Microsoft #617");
  g_assert_cmpstr (pw_level_get_kind_id (pw_level_set_get_level (set, 0)), ==, "freecell");
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "slide", "--ms-deal", "1", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_true (g_str_has_prefix (run.err, "puzzlewright import: --ms-deal makes freecell "
                                              "levels: give --kind freecell\n"));
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "freecell", "--ms-deal", "5-x", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_true (g_str_has_prefix (run.err, "puzzlewright import: --ms-deal: "));
  }
  test_remove_dir (dir);
}

/* export-csv and analyse give the same figures for every level: the same
 * rows cell for cell (analyse adds the file first; seconds differ run to
 * run), and the same values as analyse --format json. */
static void
test_export_csv_matches_analyse (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *csv = NULL;
  g_auto(TestCliRun) json_run = { 0 };
  g_auto(TestCliRun) csv_run = { 0 };
  g_auto(TestCliRun) analyse_csv = { 0 };
  g_autoptr(JsonArray) records = NULL;
  g_autoptr(GPtrArray) exported = NULL;
  g_autoptr(GPtrArray) analysed = NULL;
  GPtrArray *header;

  test_cli_run (&csv_run, "export-csv", path, "-o", out, "--quiet", NULL);
  g_assert_cmpint (csv_run.status, ==, 0);
  g_assert_cmpstr (csv_run.err, ==, "");
  g_assert_true (g_file_get_contents (out, &csv, NULL, NULL));
  exported = test_parse_csv (csv);

  test_cli_run (&json_run, "analyse", "--format", "json", path, NULL);
  g_assert_cmpint (json_run.status, ==, 0);
  records = parse_array (json_run.out);
  g_assert_cmpuint (exported->len, ==, json_array_get_length (records) + 1);

  header = g_ptr_array_index (exported, 0);
  for (guint i = 0; i < json_array_get_length (records); i++)
    {
      JsonObject *record = json_array_get_object_element (records, i);

      for (guint c = 0; c < header->len; c++)
        {
          const char *column = g_ptr_array_index (header, c);
          JsonNode *node = json_object_get_member (record, column);
          g_autofree char *expected = NULL;

          /* figures and the level's identity; summaries are CSV-only */
          if (node == NULL || g_str_equal (column, "seconds") || g_str_equal (column, "partial") ||
              g_str_equal (column, "order"))
            continue;
          expected = pw_figure_to_string (node);
          g_test_message ("level %u, %s", i + 1, column);
          g_assert_cmpstr (test_csv_cell (exported, i + 1, column), ==, expected);
        }
    }

  test_cli_run (&analyse_csv, "analyse", "--format", "csv", path, NULL);
  g_assert_cmpint (analyse_csv.status, ==, 0);
  analysed = test_parse_csv (analyse_csv.out);
  g_assert_cmpuint (analysed->len, ==, exported->len);
  for (guint r = 1; r < exported->len; r++)
    {
      g_assert_cmpstr (test_csv_cell (analysed, r, "file"), ==, path);
      for (guint c = 0; c < header->len; c++)
        {
          const char *column = g_ptr_array_index (header, c);

          if (g_str_equal (column, "seconds"))
            continue;
          g_assert_cmpstr (test_csv_cell (analysed, r, column), ==,
                           test_csv_cell (exported, r, column));
        }
    }

  test_remove_dir (dir);
}

static void
test_same_seed_same_output (void)
{
  g_autofree char *path = sample_path ();
  g_auto(TestCliRun) a = { 0 };
  g_auto(TestCliRun) b = { 0 };
  g_autoptr(JsonArray) ra = NULL;
  g_autoptr(JsonArray) rb = NULL;

  test_cli_run (&a, "analyse", "--format", "json", "--seed", "99", path, NULL);
  test_cli_run (&b, "analyse", "--format", "json", "--seed", "99", path, NULL);
  ra = parse_array (a.out);
  rb = parse_array (b.out);
  g_assert_cmpuint (json_array_get_length (ra), ==, json_array_get_length (rb));
  for (guint i = 0; i < json_array_get_length (ra); i++)
    {
      JsonObject *x = json_array_get_object_element (ra, i);
      JsonObject *y = json_array_get_object_element (rb, i);

      json_object_remove_member (x, "seconds");
      json_object_remove_member (y, "seconds");
      g_assert_true (json_node_equal (json_array_get_element (ra, i), json_array_get_element (rb, i)));
    }
}

/* generate writes the levels asked for, loadable and analysable, and
 * quietly with -q; parameters it does not know are usage errors. */
static void
test_generate (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "gen.json", NULL);
  g_auto(TestCliRun) run = { 0 };
  g_auto(TestCliRun) bad = { 0 };
  g_auto(TestCliRun) analysed = { 0 };
  g_autoptr(JsonArray) records = NULL;

  test_cli_run (&run, "generate", "--kind", "combination", "-p", "size=4x4", "-p", "colours=2",
           "--count", "2", "--seed", "5", "-q", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* -q: nothing on stderr, not even a line a level */
  g_assert_cmpstr (run.err, ==, "");
  test_cli_run (&analysed, "analyse", "--format", "json", out, NULL);
  g_assert_cmpint (analysed.status, ==, 0);
  records = parse_array (analysed.out);
  g_assert_cmpuint (json_array_get_length (records), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_true (json_object_get_boolean_member (json_array_get_object_element (records, i),
                                                   "unique"));

  test_cli_run (&bad, "generate", "--kind", "combination", "-p", "glitter=1", "-o", out, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "glitter"));

  /* no two levels are the same puzzle: 3×3 Latin puzzles with one
   * solution are two, up to symmetry; asked for ten, it writes those and
   * says why it stopped */
  {
    g_auto(TestCliRun) few = { 0 };
    g_auto(TestCliRun) groups = { 0 };
    g_autoptr(PwLevelSet) set = NULL;
    g_autoptr(GFile) file = g_file_new_for_path (out);
    g_autoptr(GError) error = NULL;

    test_cli_run (&few, "generate", "--kind", "latin", "-p", "size=3", "--count", "10", "-q",
                  "-o", out, NULL);
    g_assert_cmpint (few.status, ==, 1);
    g_assert_nonnull (strstr (few.err, "only 2 different levels"));
    set = pw_level_set_load (file, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);
    test_cli_run (&groups, "duplicates", out, NULL);
    g_assert_cmpint (groups.status, ==, 0);
    g_assert_cmpstr (groups.out, ==, "");
  }
  test_remove_dir (dir);
}

/* ------------------------------------------------------------------ */
/* Nonograms: the community formats in and out                          */

static char *
nonogram_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nonogram", name, NULL);
}

/* import --kind nonogram reads .non, .nin and TAAI files, keeping titles
 * and authors; a bad file is refused with its name and line. */
static void
test_nonogram_import (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "set.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.non", NULL);
  g_autofree char *non = nonogram_path ("webpbn-00001-dancer.non");
  g_autofree char *nin = nonogram_path ("webpbn-00803.nin");
  g_autofree char *taai = nonogram_path ("taai2011-1-5_question.txt");
  g_autoptr(GFile) out_file = g_file_new_for_path (out);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(TestCliRun) run = { 0 };
  g_auto(TestCliRun) failed = { 0 };

  test_cli_run (&run, "import", "--kind", "nonogram", non, nin, taai, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  set = pw_level_set_load (out_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 7);
  g_assert_cmpstr (pw_level_get_kind_id (pw_level_set_get_level (set, 0)), ==, "nonogram");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 0)), ==, "Dancer");
  g_assert_nonnull (strstr (pw_level_get_notes (pw_level_set_get_level (set, 0)),
                            "by: Jan Wolter"));
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 1)), ==, "webpbn-00803");
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (set, 6)), ==,
                   "taai2011-1-5_question $5");

  g_assert_true (g_file_set_contents (bad, "width 3\nheight 1\nrows\n2,2\n", -1, NULL));
  test_cli_run (&failed, "import", "--kind", "nonogram", bad, "-o", out, NULL);
  g_assert_cmpint (failed.status, ==, 1);
  g_assert_nonnull (strstr (failed.err, "bad.non: line 4: the clues 2 2 need 5 cells"));
  test_remove_dir (dir);
}

/* export --format non: one level to standard output, a set of several to
 * a folder, one file each; importing those files gives the same levels,
 * names and notes back. Levels of other kinds are not written as .non. */
static void
test_nonogram_export_non (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set_path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *one_path = g_build_filename (dir, "one.json", NULL);
  g_autofree char *back_path = g_build_filename (dir, "back.json", NULL);
  g_autofree char *folder = g_build_filename (dir, "out", NULL);
  g_autofree char *dancer_file = g_build_filename (folder, "001-dancer.non", NULL);
  g_autofree char *edge_file = g_build_filename (folder, "002-edge-pattern.non", NULL);
  g_autofree char *light_file = g_build_filename (folder, "003-webpbn-00803.non", NULL);
  g_autofree char *dancer = nonogram_path ("webpbn-00001-dancer.non");
  g_autofree char *edge = nonogram_path ("webpbn-00023-edge.non");
  g_autofree char *light = nonogram_path ("webpbn-00803.nin");
  g_autofree char *original = NULL;
  g_autofree char *sample = sample_path ();
  g_autoptr(GFile) set_file = g_file_new_for_path (set_path);
  g_autoptr(GFile) back_file = g_file_new_for_path (back_path);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "nonogram", dancer, edge, light, "-o", set_path, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(TestCliRun) run = { 0 };
    g_auto(TestCliRun) out = { 0 };

    /* one level: the .non on standard output, the goal and authors in it */
    test_cli_run (&run, "import", "--kind", "nonogram", dancer, "-o", one_path, NULL);
    g_assert_cmpint (run.status, ==, 0);
    test_cli_run (&out, "export", "--format", "non", one_path, NULL);
    g_assert_cmpint (out.status, ==, 0);
    g_assert_true (g_str_has_prefix (out.out, "catalogue \"webpbn.com #1\"\ntitle \"Dancer\"\n"
                                              "by \"Jan Wolter\"\n"
                                              "copyright \"&copy; Copyright 2004 by Jan Wolter\"\n"
                                              "width 5\nheight 10\n\nrows\n2\n2,1\n"));
    g_assert_true (g_file_get_contents (dancer, &original, NULL, NULL));
    g_assert_nonnull (strstr (out.out, "goal \"01100011010010101110101001010000110010100101111000\""));
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "export", "--format", "non", set_path, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "-o FOLDER"));
  }
  {
    g_auto(TestCliRun) run = { 0 };
    g_auto(TestCliRun) imported = { 0 };

    test_cli_run (&run, "export", "--format", "non", set_path, "-o", folder, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_test (dancer_file, G_FILE_TEST_IS_REGULAR));
    test_cli_run (&imported, "import", "--kind", "nonogram", dancer_file, edge_file, light_file, "-o",
             back_path, NULL);
    g_assert_cmpint (imported.status, ==, 0);
  }
  set = pw_level_set_load (set_file, NULL, &error);
  g_assert_no_error (error);
  back = pw_level_set_load (back_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (back), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      PwLevel *a = pw_level_set_get_level (set, i);
      PwLevel *b = pw_level_set_get_level (back, i);

      g_assert_cmpstr (pw_level_get_name (a), ==, pw_level_get_name (b));
      g_assert_cmpstr (pw_level_get_notes (a), ==, pw_level_get_notes (b));
      g_assert_true (pw_level_same_content (a, b));
    }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "export", "--format", "non", sample, "-o", folder, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "is not written as “non”"));
  }
  test_remove_dir (dir);
}

/* export --format text and import read nonograms back: pictures as rows
 * of # and ., clue-only levels as Pattern game IDs, names kept. */
static void
test_nonogram_export_text (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set_path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *txt = g_build_filename (dir, "levels.txt", NULL);
  g_autofree char *back_path = g_build_filename (dir, "back.json", NULL);
  g_autofree char *dancer = nonogram_path ("webpbn-00001-dancer.non");
  g_autofree char *light = nonogram_path ("webpbn-00803.nin");
  g_autoptr(GFile) set_file = g_file_new_for_path (set_path);
  g_autoptr(GFile) back_file = g_file_new_for_path (back_path);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(TestCliRun) imported = { 0 };
  g_auto(TestCliRun) exported = { 0 };
  g_auto(TestCliRun) again = { 0 };

  test_cli_run (&imported, "import", "--kind", "nonogram", dancer, light, "-o", set_path, NULL);
  g_assert_cmpint (imported.status, ==, 0);
  test_cli_run (&exported, "export", "--format", "text", set_path, "-o", txt, NULL);
  g_assert_cmpint (exported.status, ==, 0);
  test_cli_run (&again, "import", "--kind", "nonogram", txt, "-o", back_path, NULL);
  g_assert_cmpint (again.status, ==, 0);
  set = pw_level_set_load (set_file, NULL, &error);
  g_assert_no_error (error);
  back = pw_level_set_load (back_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (back), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      PwLevel *a = pw_level_set_get_level (set, i);
      PwLevel *b = pw_level_set_get_level (back, i);

      g_assert_cmpstr (pw_level_get_name (a), ==, pw_level_get_name (b));
      g_assert_true (pw_level_same_content (a, b));
    }
  test_remove_dir (dir);
}

/* analyse --format json gives the nonogram figures. */
static void
test_nonogram_analyse (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set_path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *edge = nonogram_path ("webpbn-00023-edge.non");
  g_autoptr(JsonArray) records = NULL;
  JsonObject *figures;
  g_auto(TestCliRun) imported = { 0 };
  g_auto(TestCliRun) run = { 0 };

  test_cli_run (&imported, "import", "--kind", "nonogram", edge, "-o", set_path, NULL);
  g_assert_cmpint (imported.status, ==, 0);
  test_cli_run (&run, "analyse", "--format", "json", "--quiet", set_path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  records = parse_array (run.out);
  /* the figures are members of the level's record */
  figures = json_array_get_object_element (records, 0);
  g_assert_cmpstr (json_object_get_string_member (figures, "kind"), ==, "nonogram");
  g_assert_cmpint (json_object_get_int_member (figures, "solutions"), ==, 1);
  g_assert_true (json_object_get_boolean_member (figures, "unique"));
  g_assert_false (json_object_get_boolean_member (figures, "capped"));
  g_assert_false (json_object_get_boolean_member (figures, "line_solvable"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (figures, "grade"),
                                               1), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (figures, "solution")),
                    ==, 11);
  g_assert_true (json_object_has_member (figures, "difficulty"));
  test_remove_dir (dir);
}

/* A NUL byte in a text file is refused, naming its line: the import does
 * not stop there and drop the rest; an endless file is refused at the
 * size limit rather than read until memory runs out. */
static void
test_import_nul (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *txt = g_build_filename (dir, "nul.txt", NULL);
  g_autofree char *out = g_build_filename (dir, "set.json", NULL);
  static const char text[] = "; One\n#####\n#r.R#\n#####\n\n; Two\0\n#####\n#r.R#\n#####\n";
  g_auto(TestCliRun) run = { 0 };

  g_assert_true (g_file_set_contents (txt, text, sizeof text - 1, NULL));
  test_cli_run (&run, "import", "--kind", "slide", txt, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "nul.txt: line 6: the text holds a NUL byte"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  /* an endless file is read up to the limit, then refused */
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_auto(TestCliRun) endless = { 0 };
      g_auto(TestCliRun) sheet = { 0 };

      test_cli_run (&endless, "import", "--kind", "slide", "/dev/zero", "-o", out, NULL);
      g_assert_cmpint (endless.status, ==, 1);
      g_assert_nonnull (strstr (endless.err, "/dev/zero: the file is over"));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      g_autofree char *sample = sample_path ();
      g_autofree char *copy = g_build_filename (dir, "sample.json", NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (sample, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
      test_cli_run (&sheet, "playtests", "import", "-n", copy, "/dev/zero", NULL);
      g_assert_cmpint (sheet.status, ==, 1);
      g_assert_nonnull (strstr (sheet.err, "/dev/zero: the file is over"));
    }
  test_remove_dir (dir);
}

static const char duplicates_set[] =
  "{ \"format\" : \"puzzlewright-level-set\", \"version\" : 1, \"levels\" : [\n"
  "  { \"id\" : \"a\", \"name\" : \"A\", \"kind\" : \"slide\",\n"
  "    \"payload\" : { \"grid\" : [ \"#####\", \"#r..R\", \"#.$.#\", \"#####\" ] } },\n"
  "  { \"id\" : \"b\", \"name\" : \"B\", \"kind\" : \"slide\",\n"
  "    \"payload\" : { \"grid\" : [ \"#####\", \"#.$.#\", \"#b..B\", \"#####\" ] } },\n"
  "  { \"id\" : \"c\", \"name\" : \"C\", \"kind\" : \"slide\",\n"
  "    \"payload\" : { \"grid\" : [ \"#####\", \"#r..R\", \"#..$#\", \"#####\" ] } },\n"
  "  { \"id\" : \"d\", \"name\" : \"D\", \"kind\" : \"slide\",\n"
  "    \"payload\" : { \"grid\" : [ \"####\", \"#.r#\", \"#$.#\", \"#..#\", \"##R#\" ] } }\n"
  "] }\n";

/* One line per group, ids separated by spaces (mirrored, recoloured,
 * turned: a, b and d are one puzzle); across sets, FILE:ID. */
static void
test_duplicates (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *first = g_build_filename (dir, "first.json", NULL);
  g_autofree char *second = g_build_filename (dir, "second.json", NULL);
  g_autofree char *both = NULL;

  g_assert_true (g_file_set_contents (first, duplicates_set, -1, NULL));
  g_assert_true (g_file_set_contents (second, duplicates_set, -1, NULL));
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "duplicates", first, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "a b d\n");
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "duplicates", first, second, NULL);
    g_assert_cmpint (run.status, ==, 0);
    both = g_strdup_printf ("%s:a %s:b %s:d %s:a %s:b %s:d\n%s:c %s:c\n", first, first, first,
                            second, second, second, first, second);
    g_assert_cmpstr (run.out, ==, both);
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "duplicates", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  test_remove_dir (dir);
}

/* The template to fill in; two testers' sheets merged into the set,
 * what each file did said on stdout; importing again adds nothing; the
 * CSV export sums the playtests up per level. */
static void
test_playtests (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set_path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *ann = g_build_filename (dir, "ann.csv", NULL);
  g_autofree char *bo = g_build_filename (dir, "bo.csv", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (set_path);
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  g_assert_true (g_file_set_contents (set_path, duplicates_set, -1, NULL));
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "playtests", "template", set_path, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "level,name,tester,date,rating,seconds,completed,"
                                              "moves,hints_used,notes\r\n\"a\",\"A\",,"));
  }
  g_assert_true (g_file_set_contents (ann, "level,tester,date,rating,seconds\n"
                                           "a,Ann,2026-11-20,2,30\n"
                                           "b,Ann,2026-11-20,6,90\n", -1, NULL));
  g_assert_true (g_file_set_contents (bo, "Level,Tester,Date,Rating,Seconds,Completed\n"
                                          "a,Bo,2026-11-21,4,50,yes\n"
                                          "a,Bo,2026-11-21,5,,\n"
                                          "q,Bo,2026-11-21,5,,\n"
                                          "a,Cy,2026-11-21,0,70,no\n", -1, NULL));
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "playtests", "import", set_path, ann, bo, NULL);
    g_assert_cmpint (run.status, ==, 0);
    expected = g_strdup_printf ("%s: 2 added, 0 merged, 0 refused\n"
                                "%s: 2 added, 1 merged, 1 refused\n"
                                "  line 4: no level has the id “q”\n", ann, bo);
    g_assert_cmpstr (run.out, ==, expected);
  }
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "playtests", "import", set_path, ann, bo, NULL);
    g_assert_nonnull (strstr (run.out, "0 added, 2 merged"));
    g_assert_nonnull (strstr (run.out, "0 added, 3 merged, 1 refused"));
  }
  set = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_get_playtests (pw_level_set_get_level (set, 0))->len, ==, 3);
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "export-csv", "-q", set_path, "-o", "-", NULL);
    g_assert_cmpint (run.status, ==, 0);
    rows = test_parse_csv (run.out);
  }
  /* a: Ann 2 (30 s), Bo 5 (50 s), Cy 0 (70 s, not finished) */
  g_assert_cmpstr (test_csv_cell (rows, 1, "playtests"), ==, "3");
  g_assert_cmpstr (test_csv_cell (rows, 1, "mean_rating"), ==, "2.33333");
  g_assert_cmpstr (test_csv_cell (rows, 1, "median_rating"), ==, "2");
  g_assert_cmpstr (test_csv_cell (rows, 1, "median_seconds"), ==, "50");
  g_assert_cmpstr (test_csv_cell (rows, 1, "completion_rate"), ==, "0.666667");
  g_assert_cmpstr (test_csv_cell (rows, 3, "playtests"), ==, "0");
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "playtests", "export", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  test_remove_dir (dir);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* export --format xcsp3 writes a file a level into the folder named,
 * NNN-ID.xml; import --kind auto reads them back as the same levels; a
 * set with a level of a kind without a model, or a file changed beyond
 * the subset, is refused with nothing written. */
static void
test_xcsp3 (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *folder = g_build_filename (dir, "xml", NULL);
  g_autofree char *back_path = g_build_filename (dir, "back.json", NULL);
  g_autofree char *none_folder = g_build_filename (dir, "none", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.xml", NULL);
  g_autofree char *logic = data_path ("logic-kinds.json");
  g_autofree char *sample = sample_path ();
  g_autoptr(GFile) logic_file = g_file_new_for_path (logic);
  g_autoptr(GFile) back_file = g_file_new_for_path (back_path);
  g_autoptr(PwLevelSet) original = NULL;
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) listing = NULL;
  const char *name;

  original = pw_level_set_load (logic_file, NULL, &error);
  g_assert_no_error (error);
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "export", "--format", "xcsp3", logic, "-o", folder, NULL);
    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
  }
  listing = g_dir_open (folder, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_ptr_array_add (files, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (files, compare_paths);
  g_assert_cmpuint (files->len, ==, pw_level_set_get_n_levels (original));
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (files, i));
      g_autofree char *prefix = g_strdup_printf ("%03u-", i + 1);

      g_assert_true (g_str_has_prefix (base, prefix));
      g_assert_true (g_str_has_suffix (base, ".xml"));
    }

  {
    g_auto(TestCliRun) run = { 0 };
    g_autoptr(GPtrArray) argv = g_ptr_array_new ();
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    int wait_status;

    /* import --kind auto FILE… -o back.json, the files in order */
    g_ptr_array_add (argv, (gpointer) g_getenv ("PW_CLI"));
    g_ptr_array_add (argv, "import");
    g_ptr_array_add (argv, "--kind");
    g_ptr_array_add (argv, "auto");
    for (guint i = 0; i < files->len; i++)
      g_ptr_array_add (argv, g_ptr_array_index (files, i));
    g_ptr_array_add (argv, "-o");
    g_ptr_array_add (argv, back_path);
    g_ptr_array_add (argv, NULL);
    g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &wait_status, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (err, ==, "");
    g_assert_true (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0);
  }
  back = pw_level_set_load (back_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (back), ==, pw_level_set_get_n_levels (original));
  for (guint i = 0; i < pw_level_set_get_n_levels (back); i++)
    {
      PwLevel *a = pw_level_set_get_level (original, i);
      PwLevel *b = pw_level_set_get_level (back, i);

      g_assert_true (pw_level_same_content (a, b));
      g_assert_cmpstr (pw_level_get_id (a), ==, pw_level_get_id (b));
      g_assert_cmpstr (pw_level_get_name (a), ==, pw_level_get_name (b));
      g_assert_cmpstr (pw_level_get_notes (a), ==, pw_level_get_notes (b));
    }

  /* a set with slide levels: refused, naming the first, no folder made */
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "export", "--format", "xcsp3", sample, "-o", none_folder, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "level 1"));
    g_assert_nonnull (strstr (run.err, "XCSP3"));
    g_assert_false (g_file_test (none_folder, G_FILE_TEST_EXISTS));
  }

  /* a file changed beyond the subset: refused with its line and element,
   * and the set is not written */
  {
    g_auto(TestCliRun) run = { 0 };
    g_autofree char *text = NULL;
    g_autofree char *bad = NULL;
    char *at;

    g_assert_true (g_file_get_contents (g_ptr_array_index (files, 0), &text, NULL, NULL));
    at = strstr (text, "<allDifferent>");
    g_assert_nonnull (at);
    bad = g_strdup_printf ("%.*s<allDifferent case=\"true\">%s", (int) (at - text), text,
                           at + strlen ("<allDifferent>"));
    g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));
    g_assert_true (g_remove (back_path) == 0);
    test_cli_run (&run, "import", "--kind", "auto", g_ptr_array_index (files, 1), bad_path,
             "-o", back_path, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "bad.xml: line "));
    g_assert_nonnull (strstr (run.err, "<allDifferent>: the attribute “case” is not understood"));
    g_assert_false (g_file_test (back_path, G_FILE_TEST_EXISTS));
  }
  /* --kind names another kind than the file's */
  {
    g_auto(TestCliRun) run = { 0 };

    test_cli_run (&run, "import", "--kind", "latin", g_ptr_array_index (files, 0), "-o", back_path,
             NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "“magic”, not “latin”"));
    g_assert_false (g_file_test (back_path, G_FILE_TEST_EXISTS));
  }
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/analyse/json", test_analyse_json);
  g_test_add_func ("/cli/analyse/missing-file", test_analyse_missing_file);
  g_test_add_func ("/cli/analyse/budget", test_analyse_budget);
  g_test_add_func ("/cli/analyse/unknown-kind", test_analyse_unknown_kind);
  g_test_add_func ("/cli/import", test_import);
  g_test_add_func ("/cli/import/nul", test_import_nul);
  g_test_add_func ("/cli/export/text-round-trip", test_export_text_round_trip);
  g_test_add_func ("/cli/import-kind-options", test_import_kind_options);
  g_test_add_func ("/cli/export-csv/matches-analyse", test_export_csv_matches_analyse);
  g_test_add_func ("/cli/analyse/same-seed", test_same_seed_same_output);
  g_test_add_func ("/cli/generate", test_generate);
  g_test_add_func ("/cli/duplicates", test_duplicates);
  g_test_add_func ("/cli/playtests", test_playtests);
  g_test_add_func ("/cli/nonogram/import", test_nonogram_import);
  g_test_add_func ("/cli/nonogram/export-non", test_nonogram_export_non);
  g_test_add_func ("/cli/nonogram/export-text", test_nonogram_export_text);
  g_test_add_func ("/cli/nonogram/analyse", test_nonogram_analyse);
  g_test_add_func ("/cli/xcsp3", test_xcsp3);

  return g_test_run ();
}
