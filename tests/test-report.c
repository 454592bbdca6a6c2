/* test-report.c — CSV quoting, formula neutralising, columns, summaries
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <stdlib.h>

#include "puzzlewright.h"
#include "test-util.h"

static void
test_neutralise (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "=SUM(A1:A2)", "'=SUM(A1:A2)" },
    { "+1", "'+1" },
    { "-1", "'-1" },
    { "@cmd", "'@cmd" },
    { "\tx", "'\tx" },
    { "\rx", "'\rx" },
    { "a=b", "a=b" },
    { "", "" },
    { "Ünïcödé", "Ünïcödé" },
    { "'quoted", "'quoted" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = pw_csv_neutralise (cases[i].in);

      g_assert_cmpstr (out, ==, cases[i].out);
    }
}

/* Awkward names and notes survive a CSV round trip exactly, formulas
 * neutralised, one row per level, and the figures are the analysis'. */
static void
test_csv (void)
{
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autoptr(PwLevel) a = pw_level_new_from_text ("slide", "#####\n#r.r#\n#...#\n#R###\n", NULL);
  g_autoptr(PwLevel) b = pw_level_new_from_text ("slide", "######\n#r$..R\n######\n", NULL);
  g_autoptr(PwAnalysis) aa = pw_level_analyse (a, NULL, NULL, NULL, NULL, NULL);
  g_autoptr(PwAnalysis) ab = pw_level_analyse (b, NULL, NULL, NULL, NULL, NULL);
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *csv = NULL;
  PwPlaytest *playtest;

  pw_level_set_id (a, "id-1");
  pw_level_set_name (a, "Comma, \"quote\" and\nnewline");
  pw_level_set_notes (a, "=HYPERLINK(\"http://example.invalid\")");
  pw_level_set_id (b, "id-2");
  pw_level_set_name (b, "-minus first");
  pw_level_set_notes (b, "Ünïcödé ✓");

  playtest = pw_playtest_new ();
  playtest->rating = 3;
  playtest->seconds = 40;
  playtest->completed = TRUE;
  g_ptr_array_add (pw_level_get_playtests (a), playtest);
  playtest = pw_playtest_new ();
  playtest->rating = 6;
  playtest->seconds = 100;
  g_ptr_array_add (pw_level_get_playtests (a), playtest);
  playtest = pw_playtest_new ();
  playtest->rating = 0;
  g_ptr_array_add (pw_level_get_playtests (a), playtest);
  /* finished, timed, not rated: in the count, the time and the completion
   * rate, not in the rating figures */
  playtest = pw_playtest_new ();
  playtest->seconds = 10;
  playtest->completed = TRUE;
  g_ptr_array_add (pw_level_get_playtests (a), playtest);

  g_ptr_array_add (report, pw_report_row_new (NULL, 1, a, aa, NULL));
  g_ptr_array_add (report, pw_report_row_new (NULL, 2, b, ab, NULL));
  csv = pw_report_to_csv (report, FALSE);

  /* RFC 4180 line ends */
  g_assert_true (g_str_has_suffix (csv, "\r\n"));

  rows = test_parse_csv (csv);
  g_assert_cmpuint (rows->len, ==, 3);
  g_assert_cmpstr (test_csv_cell (rows, 0, "order"), ==, "order");
  g_assert_cmpstr (test_csv_cell (rows, 1, "order"), ==, "1");
  g_assert_cmpstr (test_csv_cell (rows, 1, "id"), ==, "id-1");
  g_assert_cmpstr (test_csv_cell (rows, 1, "name"), ==, "Comma, \"quote\" and\nnewline");
  g_assert_cmpstr (test_csv_cell (rows, 1, "notes"), ==, "'=HYPERLINK(\"http://example.invalid\")");
  g_assert_cmpstr (test_csv_cell (rows, 1, "kind"), ==, "slide");
  g_assert_cmpstr (test_csv_cell (rows, 1, "size"), ==, "5×4");
  g_assert_cmpstr (test_csv_cell (rows, 1, "states"), ==, "9");
  g_assert_cmpstr (test_csv_cell (rows, 1, "potential_states"), ==, "21");
  g_assert_cmpstr (test_csv_cell (rows, 1, "par"), ==, "2");
  g_assert_cmpstr (test_csv_cell (rows, 1, "solution"), ==, "LD");
  g_assert_cmpstr (test_csv_cell (rows, 1, "perfect"), ==, "true");
  g_assert_cmpstr (test_csv_cell (rows, 1, "playtests"), ==, "4");
  g_assert_cmpstr (test_csv_cell (rows, 1, "ratings"), ==, "3");
  g_assert_cmpstr (test_csv_cell (rows, 1, "mean_rating"), ==, "3");
  g_assert_cmpstr (test_csv_cell (rows, 1, "median_rating"), ==, "3");
  g_assert_cmpstr (test_csv_cell (rows, 1, "median_seconds"), ==, "40");
  g_assert_cmpstr (test_csv_cell (rows, 1, "completion_rate"), ==, "0.5");
  g_assert_cmpstr (test_csv_cell (rows, 1, "partial"), ==, "false");

  g_assert_cmpstr (test_csv_cell (rows, 2, "name"), ==, "'-minus first");
  g_assert_cmpstr (test_csv_cell (rows, 2, "notes"), ==, "Ünïcödé ✓");
  g_assert_cmpstr (test_csv_cell (rows, 2, "par"), ==, "");
  g_assert_cmpstr (test_csv_cell (rows, 2, "dead_ends"), ==, "5");
  g_assert_cmpstr (test_csv_cell (rows, 2, "dead_end_moves"), ==, "R");
  g_assert_cmpstr (test_csv_cell (rows, 2, "playtests"), ==, "0");
  g_assert_cmpstr (test_csv_cell (rows, 2, "ratings"), ==, "0");
  g_assert_cmpstr (test_csv_cell (rows, 2, "mean_rating"), ==, "");
  g_assert_cmpstr (test_csv_cell (rows, 2, "median_rating"), ==, "");
  g_assert_cmpstr (test_csv_cell (rows, 2, "completion_rate"), ==, "");
}

/* The columns: common ones, the kinds' figures, the summaries; a file
 * column first when asked. */
static void
test_columns (void)
{
  g_autoptr(GPtrArray) report = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autoptr(PwLevel) a = pw_level_new (pw_kinds_lookup ("slide"));
  g_autoptr(GPtrArray) columns = NULL;
  const PwKind *slide = pw_kinds_lookup ("slide");

  g_ptr_array_add (report, pw_report_row_new ("f.json", 1, a, NULL, "could not"));
  columns = pw_report_columns (report, TRUE);
  g_assert_cmpstr (g_ptr_array_index (columns, 0), ==, "file");
  g_assert_cmpstr (g_ptr_array_index (columns, 1), ==, "order");
  for (guint f = 0; f < slide->n_figures; f++)
    g_assert_true (g_ptr_array_find_with_equal_func (columns, slide->figures[f].key, g_str_equal,
                                                     NULL));
  g_assert_cmpstr (g_ptr_array_index (columns, columns->len - 1), ==, "error");
}

static void
test_playtest_summary (void)
{
  g_autoptr(PwLevel) level = pw_level_new (pw_kinds_lookup ("slide"));
  double ratings[] = { 1, 2, 7, 4 };
  double seconds[] = { 10, -1, 30, 20 };
  guint count;
  double mean, median;

  pw_level_playtest_summary (level, &count, &mean, &median);
  g_assert_cmpuint (count, ==, 0);
  g_assert_true (isnan (mean));
  g_assert_true (isnan (median));

  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    {
      PwPlaytest *p = pw_playtest_new ();

      p->rating = ratings[i];
      p->seconds = seconds[i];
      g_ptr_array_add (pw_level_get_playtests (level), p);
    }
  pw_level_playtest_summary (level, &count, &mean, &median);
  g_assert_cmpuint (count, ==, 4);
  g_assert_cmpfloat_with_epsilon (mean, 3.5, 1e-9);
  /* the median of the recorded times 10, 20, 30 */
  g_assert_cmpfloat_with_epsilon (median, 20, 1e-9);
}

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The aggregates against their definitions, on random playtests: the
 * rating figures over the playtests that have a rating, the median of
 * the middle one or two, the completion rate over every playtest. */
static void
test_playtest_stats (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1515);

  for (guint round = 0; round < 500; round++)
    {
      g_autoptr(PwLevel) level = pw_level_new (pw_kinds_lookup ("slide"));
      guint n = g_rand_int_range (rand, 0, 9);
      int rated[16];
      guint n_rated = 0, completed = 0;
      double sum = 0, median;
      PwPlaytestStats stats;

      for (guint i = 0; i < n; i++)
        {
          PwPlaytest *p = pw_playtest_new ();

          p->rating = g_rand_int_range (rand, -1, PW_RATING_MAX + 1);
          p->completed = g_rand_boolean (rand);
          g_ptr_array_add (pw_level_get_playtests (level), p);
          if (p->rating >= 0)
            {
              rated[n_rated++] = p->rating;
              sum += p->rating;
            }
          completed += p->completed;
        }
      qsort (rated, n_rated, sizeof (int), cmp_int);
      median = n_rated == 0 ? NAN
               : n_rated % 2 ? rated[n_rated / 2]
               : (rated[n_rated / 2 - 1] + rated[n_rated / 2]) / 2.0;

      pw_level_playtest_stats (level, &stats);
      g_assert_cmpuint (stats.count, ==, n);
      g_assert_cmpuint (stats.ratings, ==, n_rated);
      if (n_rated == 0)
        {
          g_assert_true (isnan (stats.mean_rating));
          g_assert_true (isnan (stats.median_rating));
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (stats.mean_rating, sum / n_rated, 1e-9);
          g_assert_cmpfloat_with_epsilon (stats.median_rating, median, 1e-9);
        }
      if (n == 0)
        g_assert_true (isnan (stats.completion_rate));
      else
        g_assert_cmpfloat_with_epsilon (stats.completion_rate, (double) completed / n, 1e-9);
      g_assert_true (isnan (stats.median_seconds));
    }
}

/* Cells are shown as (x, y) pairs with a no-break space inside, so a
 * wrapped line in the panel never splits a pair; lists per inventory
 * entry are numbered, an empty one says so. */
static void
test_cells_display (void)
{
  g_autoptr(JsonNode) cells = json_from_string ("[[2, 0], [13, 1]]", NULL);
  g_autoptr(JsonNode) lists = json_from_string ("[[[0, 4]], []]", NULL);
  g_autoptr(JsonNode) empty = json_from_string ("[[], []]", NULL);
  g_autofree char *a = pw_figure_to_display (cells, PW_FIGURE_CELLS);
  g_autofree char *b = pw_figure_to_display (lists, PW_FIGURE_LIST);
  g_autofree char *c = pw_figure_to_display (empty, PW_FIGURE_LIST);

  g_assert_cmpstr (a, ==, "(2,\u00a00) (13,\u00a01)");
  g_assert_cmpstr (b, ==, "1: (0,\u00a04); 2: none");
  g_assert_cmpstr (c, ==, "none");
}

/* A list of plain values (a nonogram's grade: line passes, probing
 * depth) is shown as its values, not read as cell lists ("none"). */
static void
test_values_display (void)
{
  g_autoptr(JsonNode) grade = json_from_string ("[2, 0]", NULL);
  g_autoptr(JsonNode) words = json_from_string ("[\"a\", 1.5, true]", NULL);
  g_autofree char *a = pw_figure_to_display (grade, PW_FIGURE_LIST);
  g_autofree char *b = pw_figure_to_display (words, PW_FIGURE_LIST);

  g_assert_cmpstr (a, ==, "2, 0");
  g_assert_cmpstr (b, ==, "a, 1.5, yes");
}

static gboolean
collect_level (const char  *title,
               guint        n_levels,
               PwLevel     *level,
               gpointer     user_data,
               GError     **error)
{
  g_ptr_array_add (user_data, pw_level_ref (level));
  return TRUE;
}

static gboolean
append_text (const char  *data,
             gsize        length,
             gpointer     user_data,
             GError     **error)
{
  g_string_append_len (user_data, data, length);
  return TRUE;
}

/* The text report written a row at a time (`analyse`'s stream) is the
 * whole-set text, byte for byte: rows of two files, FreeCell deals that
 * repeat (same_game_as, counted per file), a row that failed, a partial
 * analysis, a level of a kind this build does not know. */
static void
test_text_writer (void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autoptr(GPtrArray) deals = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(PwReportWriter) writer = NULL;
  g_autoptr(GString) streamed = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) slide = pw_level_new_from_text ("slide", "#####\n#r.r#\n#...#\n#R###\n",
                                                     NULL);
  g_autoptr(PwLevel) unknown = NULL;
  g_autoptr(JsonNode) payload = json_from_string ("{\"cells\": 3}", NULL);
  const PwKind *freecell = pw_kinds_lookup ("freecell");
  g_autofree char *whole = NULL;
  PwAnalyseOptions capped;

  g_assert_true (freecell->import_options[0].make_levels ("1-3,2,1", collect_level, deals,
                                                            &error));
  g_assert_no_error (error);
  pw_analyse_options_init (&capped);
  capped.max_states = 3;
  for (guint f = 0; f < 2; f++)
    {
      const char *file = f == 0 ? "a.json" : "b.json";
      guint order = 1;

      for (guint i = 0; i < deals->len; i++, order++)
        {
          PwLevel *level = g_ptr_array_index (deals, i);
          g_autoptr(PwAnalysis) analysis = pw_level_analyse (level, NULL, NULL, NULL, NULL,
                                                             &error);

          g_assert_no_error (error);
          g_ptr_array_add (rows, pw_report_row_new (file, order, level, analysis, NULL));
        }
      {
        g_autoptr(PwAnalysis) partial = pw_level_analyse (slide, &capped, NULL, NULL, NULL,
                                                          &error);

        g_assert_no_error (error);
        g_assert_true (pw_analysis_get_partial (partial));
        g_ptr_array_add (rows, pw_report_row_new (file, order++, slide, partial, NULL));
        g_ptr_array_add (rows, pw_report_row_new (file, order++, slide, NULL,
                                                  "the analysis failed"));
      }
    }
  unknown = _pw_level_new_unknown ("no-such-kind", payload);
  g_ptr_array_add (rows, pw_report_row_new ("b.json", 20, unknown, NULL, NULL));

  writer = pw_report_writer_new (PW_REPORT_TEXT, TRUE, 0, append_text, streamed);
  for (guint r = 0; r < rows->len; r++)
    g_assert_true (pw_report_writer_add (writer, g_ptr_array_index (rows, r), &error));
  g_assert_true (pw_report_writer_finish (writer, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pw_report_writer_get_n_rows (writer), ==, rows->len);
  whole = pw_report_to_text (rows);
  g_assert_cmpstr (streamed->str, ==, whole);
  /* what is compared is what it should be */
  g_assert_nonnull (strstr (whole, "Same game as"));
  g_assert_nonnull (strstr (whole, "   the analysis failed\n"));
  g_assert_nonnull (strstr (whole, "Partial"));
  g_assert_nonnull (strstr (whole, "no-such-kind"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/csv/neutralise", test_neutralise);
  g_test_add_func ("/io/csv/round-trip", test_csv);
  g_test_add_func ("/io/csv/columns", test_columns);
  g_test_add_func ("/io/report/playtest-summary", test_playtest_summary);
  g_test_add_func ("/io/report/playtest-stats", test_playtest_stats);
  g_test_add_func ("/io/report/cells-display", test_cells_display);
  g_test_add_func ("/io/report/values-display", test_values_display);
  g_test_add_func ("/io/report/text-writer", test_text_writer);

  return g_test_run ();
}
