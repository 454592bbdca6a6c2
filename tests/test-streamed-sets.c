/* test-streamed-sets.c — chart, report, render and playtests, which read
 * sets a level at a time, write what the whole-set path writes
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every bundled set the built `puzzlewright` runs as a user would,
 * and its output is compared byte for byte with what this process makes
 * of the set loaded whole, through the library calls the commands made
 * before they read sets as streams: pw_chart_new_curve and
 * pw_chart_new_scatter over every row (analysed for the figure charted,
 * as the command asks), pw_sheet_write over the
 * rows printed, pw_playtest_import_csv over every level then
 * pw_level_set_save. Pictures are compared as PNG (cairo writes the same
 * PNG for the same drawing; its PDFs carry the time they were made).
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "pw-chart-paint.h"
#include "pw-kind-view.h"
#include "pw-sheet.h"
#include "test-util.h"


static PwLevelSet *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwLevelSet *set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  return set;
}

static char *
read_text (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, length, &error));
  g_assert_no_error (error);
  return text;
}

/* @text with cairo's SVG surface numbers ("surface6": a count of the
 * surfaces the process made before) renumbered from 1 in the order they
 * appear: the one thing in which a drawing made by a long-running test
 * and the same drawing made by a fresh command differ. */
static char *
svg_canonical (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("surface[0-9]+", 0, 0, NULL);
  g_autoptr(GHashTable) numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GString *out = g_string_new (NULL);
  const char *done = text;

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *name = g_match_info_fetch (match, 0);
      int start, end;
      guint n;

      g_match_info_fetch_pos (match, 0, &start, &end);
      n = GPOINTER_TO_UINT (g_hash_table_lookup (numbers, name));
      if (n == 0)
        {
          n = g_hash_table_size (numbers) + 1;
          g_hash_table_insert (numbers, g_steal_pointer (&name), GUINT_TO_POINTER (n));
        }
      g_string_append_len (out, done, text + start - done);
      g_string_append_printf (out, "surface%u", n);
      done = text + end;
      g_match_info_next (match, NULL);
    }
  g_string_append (out, done);
  return g_string_free (out, FALSE);
}

/* Fails unless the files @a and @b hold the same bytes. */
static void
assert_same_file (const char *a,
                  const char *b)
{
  gsize la, lb;
  g_autofree char *x = read_text (a, &la);
  g_autofree char *y = read_text (b, &lb);

  if (la != lb || memcmp (x, y, la) != 0)
    g_error ("%s (%zu bytes) and %s (%zu bytes) differ", a, la, b, lb);
}

/* Fails unless the SVG files @a and @b draw the same: the same text but
 * for the surfaces' numbers (svg_canonical). */
static void
assert_same_drawing (const char *a,
                     const char *b)
{
  gsize la, lb;
  g_autofree char *x = read_text (a, &la);
  g_autofree char *y = read_text (b, &lb);
  g_autofree char *cx = svg_canonical (x);
  g_autofree char *cy = svg_canonical (y);

  g_assert_true (g_str_has_prefix (x, "<?xml") && g_strstr_len (x, 200, "<svg") != NULL);
  if (strcmp (cx, cy) != 0)
    g_error ("%s (%zu bytes) and %s (%zu bytes) differ", a, la, b, lb);
}

/* Playtests on every level but every fourth: one to three of them, each
 * rating the level as many as there are (the mean rating follows the
 * count), but for the sixth level's, rated 0: an outlier of the rating
 * against the count. Times from a seed. */
static void
add_playtests (PwLevelSet *set,
               guint64     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    for (guint p = 0; i % 4 != 3 && p < i % 3 + 1; p++)
      {
        PwPlaytest *playtest = pw_playtest_new ();

        g_free (playtest->tester);
        playtest->tester = g_strdup_printf ("T%u", p);
        playtest->rating = i == 5 ? 0 : (int) (i % 3 + 1);
        playtest->seconds = g_rand_int_range (rand, 10, 600);
        playtest->completed = playtest->rating > 0;
        g_ptr_array_add (pw_level_get_playtests (pw_level_set_get_level (set, i)), playtest);
      }
}

/* Every level of @set analysed as `chart --y difficulty` analyses it: for
 * the difficulty alone (test-columns checks that it is the whole
 * analysis's; a scatter of playtest measures needs no figure). */
static GPtrArray *
analyse_rows (PwLevelSet *set,
              const char *file)
{
  static const char *const difficulty[] = { "difficulty", NULL };
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  PwAnalyseOptions options;

  pw_analyse_options_init (&options);
  options.figures = difficulty;
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwAnalysis) analysis = pw_level_analyse (level, &options, NULL, NULL, NULL,
                                                         &error);

      g_assert_no_error (error);
      g_ptr_array_add (rows, pw_report_row_new (file, i + 1, level, analysis, NULL));
    }
  return rows;
}

/* chart and report on each bundled set (with playtests added): the
 * pictures, the levels printed (the difficulty's dips, the outliers), the
 * coefficients. */
static void
test_chart_report_same (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GPtrArray) sets = test_bundled_sets ();
  /* SVG: the same drawing as PNG without the rasterising and the
   * compression, which were most of this test's time */
  g_autofree char *ours = g_build_filename (dir, "ours.svg", NULL);
  g_autofree char *theirs = g_build_filename (dir, "theirs.svg", NULL);
  guint outliers = 0, marked_levels = 0, scatters = 0;

  for (guint s = 0; s < sets->len; s++)
    {
      g_autoptr(PwLevelSet) set = load (g_ptr_array_index (sets, s));
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (sets, s));
      g_autofree char *path = g_build_filename (dir, base, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GPtrArray) rows = NULL;
      g_autoptr(PwChart) curve = NULL;
      g_autoptr(PwChart) scatter = NULL;
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_auto(TestCliRun) chart_run = { 0 };
      g_auto(TestCliRun) report_run = { 0 };

      add_playtests (set, s + 1);
      g_assert_true (pw_level_set_save (set, file, NULL, &error));
      g_assert_no_error (error);
      rows = analyse_rows (set, path);

      /* the curve: ramp marks on the difficulty (NaN for kinds without) */
      curve = pw_chart_new_curve (rows, "difficulty", "rating", PW_SHAPE_RAMP, 5, &error);
      g_assert_no_error (error);
      g_assert_true (pw_chart_write (curve, theirs, 640, 400, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < curve->points->len; i++)
        {
          const PwChartPoint *point = &g_array_index (curve->points, PwChartPoint, i);

          if (point->marked)
            g_string_append_printf (expected, "%u\t%s\t%s\n", point->order, point->id,
                                    point->name);
          marked_levels += point->marked != FALSE;
        }
      test_cli_run (&chart_run, "chart", path, "--y", "difficulty", "--y2", "rating", "--width",
                    "640", "--height", "400", "-q", "-o", ours, NULL);
      if (chart_run.status != 0)
        g_test_message ("chart: %s", chart_run.err);
      g_assert_cmpint (chart_run.status, ==, 0);
      g_assert_cmpstr (chart_run.out, ==, expected->str);
      assert_same_drawing (ours, theirs);

      /* the scatter: the mean rating against the playtests' count */
      g_string_truncate (expected, 0);
      scatter = pw_chart_new_scatter (rows, "playtests", "rating", &error);
      test_cli_run (&report_run, "report", path, "--x", "playtests", "--y", "rating", "-q", "-o",
                    ours, NULL);
      if (scatter == NULL)
        {
          /* too few points: both refuse it alike */
          g_assert_error (error, PW_CHART_ERROR, PW_CHART_ERROR_NO_DATA);
          g_assert_cmpint (report_run.status, ==, 1);
          g_assert_nonnull (strstr (report_run.err, error->message));
          continue;
        }
      scatters++;
      g_assert_no_error (error);
      g_assert_true (pw_chart_write (scatter, theirs, 800, 500, &error));
      g_assert_no_error (error);
      {
        g_autofree char *line = pw_chart_coefficients_line (scatter);

        g_string_append_printf (expected, "%s\n", line);
      }
      for (guint i = 0; i < scatter->points->len; i++)
        {
          const PwChartPoint *point = &g_array_index (scatter->points, PwChartPoint, i);
          PwReportRow *row = g_ptr_array_index (rows, point->row);

          if (point->marked)
            g_string_append_printf (expected, "outlier\t%s\t%u\t%s\t%s\n", row->file,
                                    point->order, point->id, point->name);
          outliers += point->marked != FALSE;
        }
      if (report_run.status != 0)
        g_test_message ("report: %s", report_run.err);
      g_assert_cmpint (report_run.status, ==, 0);
      g_assert_cmpstr (report_run.out, ==, expected->str);
      assert_same_drawing (ours, theirs);
    }
  /* the comparisons saw marks, scatters and outliers */
  g_assert_cmpuint (marked_levels, >, 0);
  g_assert_cmpuint (scatters, >=, 3);
  g_assert_cmpuint (outliers, >, 0);
  test_remove_dir (dir);
}

/* Fails unless each page of the CLI's sheet (@ours, @ours-2…) is the
 * page of @theirs. */
static void
assert_same_pages (const char *ours,
                   const char *theirs,
                   guint       n_pages)
{
  for (guint page = 0; page < n_pages; page++)
    {
      g_autofree char *suffix = page > 0 ? g_strdup_printf ("-%u.svg", page + 1)
                                         : g_strdup (".svg");
      g_autofree char *a = g_strconcat (ours, suffix, NULL);
      g_autofree char *b = g_strconcat (theirs, suffix, NULL);

      assert_same_drawing (a, b);
    }
  {
    g_autofree char *next = g_strdup_printf ("%s-%u.svg", ours, n_pages + 1);

    g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));
  }
}

/* Removes every file in @dir. */
static void
empty_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
}

/* render on each bundled set: every level, three a page; and the third
 * and first levels (by id and by order) with their solution pages. */
static void
test_render_same (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GPtrArray) sets = test_bundled_sets ();
  g_autofree char *ours = g_build_filename (dir, "ours", NULL);
  g_autofree char *theirs = g_build_filename (dir, "theirs", NULL);
  /* SVG pages (see test_chart_report_same) */
  g_autofree char *ours_svg = g_strconcat (ours, ".svg", NULL);
  g_autofree char *theirs_svg = g_strconcat (theirs, ".svg", NULL);

  for (guint s = 0; s < sets->len; s++)
    {
      const char *path = g_ptr_array_index (sets, s);
      g_autoptr(PwLevelSet) set = load (path);
      guint n = pw_level_set_get_n_levels (set);
      g_autoptr(GPtrArray) all =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
      g_autoptr(GPtrArray) chosen =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
      g_autoptr(GError) error = NULL;
      g_auto(TestCliRun) run = { 0 };
      g_auto(TestCliRun) solved = { 0 };
      g_autofree char *third_id = NULL;
      PwSheetOptions sheet;
      PwAnalyseOptions options;
      guint n_pages;

      g_assert_cmpuint (n, >=, 3);
      empty_dir (dir);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (all, pw_report_row_new (NULL, i + 1, pw_level_set_get_level (set, i),
                                                 NULL, NULL));
      pw_sheet_options_init (&sheet);
      sheet.title = pw_level_set_get_title (set);
      sheet.per_page = 3;
      g_assert_true (pw_sheet_write (all, &sheet, theirs_svg, &n_pages, &error));
      g_assert_no_error (error);
      test_cli_run (&run, "render", path, "-n", "3", "-q", "-o", ours_svg, NULL);
      g_assert_cmpint (run.status, ==, 0);
      assert_same_pages (ours, theirs, n_pages);

      /* two levels analysed for their solutions, one a page, in the set's
       * order, as render analyses them: for what the pages draw alone
       * (test-columns checks those are the whole analysis's) */
      pw_analyse_options_init (&options);
      options.figures = pw_kind_view_solution_figures ();
      for (guint i = 0; i < 3; i += 2)
        {
          PwLevel *level = pw_level_set_get_level (set, i);
          g_autoptr(PwAnalysis) analysis = pw_level_analyse (level, &options, NULL, NULL, NULL,
                                                             &error);

          g_assert_no_error (error);
          g_ptr_array_add (chosen, pw_report_row_new (NULL, i + 1, level, analysis, NULL));
        }
      empty_dir (dir);
      sheet.title = "Chosen";
      sheet.per_page = 1;
      sheet.solutions = TRUE;
      g_assert_true (pw_sheet_write (chosen, &sheet, theirs_svg, &n_pages, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (n_pages, ==, 4);
      third_id = g_strdup (pw_level_get_id (pw_level_set_get_level (set, 2)));
      test_cli_run (&solved, "render", path, "--level", third_id, "--level", "1", "--level",
                    "3", "-n", "1", "--solutions", "--title", "Chosen", "-q", "-o", ours_svg,
                    NULL);
      g_assert_cmpint (solved.status, ==, 0);
      assert_same_pages (ours, theirs, n_pages);
    }

  /* a set without levels: one empty page; no level to name */
  {
    g_autofree char *empty = g_build_filename (dir, "empty.json", NULL);
    g_auto(TestCliRun) run = { 0 };
    g_auto(TestCliRun) named = { 0 };

    empty_dir (dir);
    g_assert_true (g_file_set_contents (empty, "{\"format\": \"puzzlewright-level-set\", "
                                               "\"version\": 1, \"levels\": []}", -1, NULL));
    test_cli_run (&run, "render", empty, "-q", "-o", ours_svg, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_test (ours_svg, G_FILE_TEST_IS_REGULAR));
    test_cli_run (&named, "render", empty, "--level", "1", "-q", "-o", ours_svg, NULL);
    g_assert_cmpint (named.status, ==, 2);
    g_assert_nonnull (strstr (named.err, "--level 1: the set has no level"));
    g_assert_null (strstr (named.err, "CRITICAL"));
  }
  test_remove_dir (dir);
}

/* A sheet for @set: a row by id for most levels, by name for some, a
 * tester's second row for a level and date already there (merged), rows
 * refused (no such level, a bad rating). */
static char *
make_sheet (PwLevelSet *set)
{
  GString *csv = g_string_new ("Level,Name,Tester,Date,Rating,Seconds,Completed,Comment\r\n");
  guint n = pw_level_set_get_n_levels (set);

  for (guint i = 0; i < n; i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);

      /* names with quotes or commas are given by id */
      if (i % 3 == 1 && strpbrk (pw_level_get_name (level), "\",") == NULL)
        g_string_append_printf (csv, ",%s,ann,2026-11-%02u,%u,%u,yes,by name\r\n",
                                pw_level_get_name (level), i % 28 + 1, i % 8, 20 + i);
      else
        g_string_append_printf (csv, "%s,,ann,2026-11-%02u,%u,%u,,\r\n", pw_level_get_id (level),
                                i % 28 + 1, i % 8, 20 + i);
    }
  g_string_append_printf (csv, "%s,,ann,2026-11-01,,99,no,again\r\n",
                          pw_level_get_id (pw_level_set_get_level (set, 0)));
  g_string_append (csv, "nosuch,,bob,,3,,yes,\r\n");
  g_string_append_printf (csv, "%s,,bob,,9,,,\r\n",
                          pw_level_get_id (pw_level_set_get_level (set, n - 1)));
  return g_string_free (csv, FALSE);
}

/* playtests import and template on each bundled set: the set written, the
 * lines said, and --dry-run writing nothing. */
static void
test_playtests_same (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autoptr(GPtrArray) sets = test_bundled_sets ();
  g_autofree char *sheet_path = g_build_filename (dir, "sheet.csv", NULL);
  g_autofree char *ours = g_build_filename (dir, "ours.json", NULL);
  g_autofree char *theirs = g_build_filename (dir, "theirs.json", NULL);
  g_autofree char *template_path = g_build_filename (dir, "template.csv", NULL);

  for (guint s = 0; s < sets->len; s++)
    {
      const char *path = g_ptr_array_index (sets, s);
      g_autoptr(PwLevelSet) set = load (path);
      g_autoptr(GPtrArray) levels = g_ptr_array_new ();
      g_autoptr(GFile) file = g_file_new_for_path (theirs);
      g_autoptr(PwPlaytestImport) import = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *sheet = make_sheet (set);
      g_autofree char *described = NULL;
      g_autofree char *template = NULL;
      g_autofree char *written = NULL;
      g_auto(TestCliRun) dry = { 0 };
      g_auto(TestCliRun) run = { 0 };
      g_auto(TestCliRun) made = { 0 };

      g_assert_true (g_file_set_contents (sheet_path, sheet, -1, NULL));
      for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
        g_ptr_array_add (levels, pw_level_set_get_level (set, i));
      template = pw_playtest_template (levels);
      import = pw_playtest_import_csv (levels, sheet, strlen (sheet), sheet_path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (import->added, >, 0);
      g_assert_cmpuint (import->merged, >=, 1);
      g_assert_cmpuint (import->refused, >=, 2);
      described = pw_playtest_import_describe (import);
      g_assert_true (pw_level_set_save (set, file, NULL, &error));
      g_assert_no_error (error);

      g_remove (ours);
      test_cli_run (&dry, "playtests", "import", path, sheet_path, "--dry-run", "-o", ours, NULL);
      g_assert_cmpint (dry.status, ==, 0);
      g_assert_cmpstr (dry.out, ==, described);
      g_assert_false (g_file_test (ours, G_FILE_TEST_EXISTS));
      test_cli_run (&run, "playtests", "import", path, sheet_path, "-o", ours, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, described);
      assert_same_file (ours, theirs);

      test_cli_run (&made, "playtests", "template", path, "-o", template_path, NULL);
      g_assert_cmpint (made.status, ==, 0);
      written = read_text (template_path, NULL);
      g_assert_cmpstr (written, ==, template);
    }
  test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/streamed-sets/chart-report", test_chart_report_same);
  g_test_add_func ("/streamed-sets/render", test_render_same);
  g_test_add_func ("/streamed-sets/playtests", test_playtests_same);
  return g_test_run ();
}
