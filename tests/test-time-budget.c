/* test-time-budget.c — `--max-seconds`: an analysis that would run for
 * hours stops when its time runs out, keeps what it found and says why;
 * a time budget that does not run out changes nothing
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each run is `puzzlewright analyse -f json` in a child process. The
 * levels are built so that no other budget can stop them first: the node
 * and state budgets and the solution cap are lifted to 10^15, so without
 * the time budget each would run for hours (an empty 128 × 128 Latin
 * square counted to 10^15 solutions, the fewest free cells of MS deal 982
 * with no position budget, …).
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "puzzlewright.h"
#include "combination-private.h"
#include "test-util.h"

#define BUDGET "0.3"
/* How far past its budget an analysis may end here. bench-cancel measures
 * the real overshoot (milliseconds); this only has to tell a stop from an
 * analysis that ran on, under sanitizers on a loaded machine. */
#define SLACK_SECONDS 10.0
#define NO_LIMIT "1000000000000000"

/* A level of @kind, as text, whose full analysis takes hours without a
 * time budget: the kind's largest level, but for nonograms (a staircase
 * solves by propagation alone) and combination (one colour of 12 on
 * 12 × 12 has its figures within the budget). */
static char *
endless_level (const char *kind)
{
  GString *text;

  if (g_str_equal (kind, "nonogram"))
    {
      /* every row and column one cell: the 30! permutation matrices */
      text = g_string_new (NULL);
      for (guint y = 0; y < 30; y++)
        {
          for (guint x = 0; x < 30; x++)
            g_string_append_c (text, x == y ? '#' : '.');
          g_string_append_c (text, '\n');
        }
      return g_string_free (text, FALSE);
    }
  if (g_str_equal (kind, "combination"))
    {
      /* two armies of 9 queens on 8×8 */
      text = g_string_new (NULL);
      for (guint y = 0; y < 8; y++)
        g_string_append (text, "........\n");
      g_string_append_printf (text, "9 %s both\n9 %s both\n", pw_combination_colours[0],
                              pw_combination_colours[1]);
      return g_string_free (text, FALSE);
    }
  return test_largest_level (kind);
}

static char *
write_set (const char *dir,
           const char *kind,
           const char *text)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autofree char *name = g_strdup_printf ("%s.json", kind);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text (kind, text, &error);

  g_assert_no_error (error);
  pw_level_set_append (set, level);
  pw_level_set_save (set, file, NULL, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

static JsonArray *
rows_of (JsonParser *parser,
         const char *json)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  return json_node_get_array (json_parser_get_root (parser));
}

/* Counts the figures of @row that are not null. */
static guint
known_figures (JsonObject *row)
{
  g_autoptr(GList) members = json_object_get_members (row);
  guint n = 0;

  for (GList *m = members; m != NULL; m = m->next)
    if (!g_str_equal (m->data, "partial") && !g_str_equal (m->data, "seconds") &&
        !JSON_NODE_HOLDS_NULL (json_object_get_member (row, m->data)))
      n++;
  return n;
}

/* Every kind's endless level, and MS deal 982's fewest free cells, stop at
 * the time budget: exit 0, partial for the time, the analysis's own
 * seconds near the budget, and what was found before kept. */
static void
test_time_budget_stops (void)
{
  static const char * const kinds[] = { "slide", "combination", "latin", "futoshiki", "sudoku",
                                        "queens", "nonogram", "knights-tour", "magic" };
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *deal = g_build_filename (dir, "freecell.json", NULL);
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *text = endless_level (kinds[i]);

      g_ptr_array_add (sets, write_set (dir, kinds[i], text));
    }
  {
    g_auto(TestCliRun) import = { 0 };

    test_cli_run (&import, "import", "-q", "--kind", "freecell", "--ms-deal", "982", "-o", deal,
                  NULL);
    g_assert_cmpint (import.status, ==, 0);
    g_ptr_array_add (sets, g_strdup (deal));
  }

  for (guint i = 0; i < sets->len; i++)
    {
      const char *set = g_ptr_array_index (sets, i);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_auto(TestCliRun) run = { 0 };
      JsonObject *row;
      double seconds;

      test_cli_run (&run, "analyse", "-q", "-j", "1", "-f", "json", "--figures", "all",
                    "--max-states", NO_LIMIT, "--max-solutions", NO_LIMIT,
                    "--max-seconds", BUDGET, set, NULL);
      g_assert_cmpint (run.status, ==, 0);
      row = json_array_get_object_element (rows_of (parser, run.out), 0);
      seconds = json_object_get_double_member (row, "seconds");
      g_test_message ("%s: %.3f s, %u figures known, %s", set, seconds, known_figures (row),
                      json_object_get_string_member (row, "partial_reason"));
      g_assert_true (json_object_get_boolean_member (row, "partial"));
      g_assert_cmpstr (json_object_get_string_member (row, "partial_reason"), ==,
                       "the time budget ran out");
      g_assert_cmpfloat (seconds, >=, g_ascii_strtod (BUDGET, NULL));
      g_assert_cmpfloat (seconds, <, g_ascii_strtod (BUDGET, NULL) + SLACK_SECONDS);
      /* the level's own figures (sizes, counts so far, Chen's score…) */
      g_assert_cmpuint (known_figures (row), >, 1);
    }
  test_remove_dir (dir);
}

/* Removes "seconds" from every row: the one figure that differs by run. */
static char *
without_seconds (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *rows = rows_of (parser, json);

  for (guint i = 0; i < json_array_get_length (rows); i++)
    json_object_remove_member (json_array_get_object_element (rows, i), "seconds");
  return json_to_string (json_parser_get_root (parser), TRUE);
}

/* A time budget that does not run out (an hour) changes no figure of any
 * bundled level: the checks it adds to every search decide nothing. */
static void
test_time_budget_same (void)
{
  g_autofree char *levels = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", NULL);
  g_autoptr(GDir) listing = g_dir_open (levels, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (levels, name, NULL);
      g_auto(TestCliRun) plain = { 0 };
      g_auto(TestCliRun) timed = { 0 };
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      test_cli_run (&plain, "analyse", "-q", "-f", "json", path, NULL);
      test_cli_run (&timed, "analyse", "-q", "-f", "json", "--max-seconds", "3600", path, NULL);
      g_assert_cmpint (plain.status, ==, 0);
      g_assert_cmpint (timed.status, ==, 0);
      a = without_seconds (plain.out);
      b = without_seconds (timed.out);
      g_assert_cmpstr (a, ==, b);
      g_assert_null (strstr (b, "time budget"));
      n++;
    }
  g_assert_cmpuint (n, >=, 9);
}

/* Seconds: a decimal number above 0, at most a year; anything else is a
 * usage error that names the option, for analyse and export-csv. */
static void
test_time_budget_parse (void)
{
  g_autofree char *set = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                           "sample.json", NULL);
  const char *bad[] = { "0", "-1", "abc", "1s", "", " 5", "nan", "inf", "1e9", "0x10" };
  const char *good[] = { "30", "0.5", "1e3", "86400" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(TestCliRun) analyse = { 0 };
      g_auto(TestCliRun) csv = { 0 };

      test_cli_run (&analyse, "analyse", "-q", "--max-seconds", bad[i], set, NULL);
      g_assert_cmpint (analyse.status, ==, 2);
      g_assert_nonnull (strstr (analyse.err, "--max-seconds"));
      test_cli_run (&csv, "export-csv", "--max-seconds", bad[i], set, "-o", "-", NULL);
      g_assert_cmpint (csv.status, ==, 2);
      g_assert_nonnull (strstr (csv.err, "--max-seconds"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_auto(TestCliRun) run = { 0 };

      test_cli_run (&run, "export-csv", "--max-seconds", good[i], set, "-o", "-", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "Rush Hour"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/time-budget/stops", test_time_budget_stops);
  g_test_add_func ("/io/time-budget/same", test_time_budget_same);
  g_test_add_func ("/io/time-budget/parse", test_time_budget_parse);
  return g_test_run ();
}
