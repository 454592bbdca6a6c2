/* test-columns.c — the level list's columns as the kinds declare them:
 * their figures exist, and each reason for a missing value reads
 * differently
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlewright.h"
#include "test-util.h"

/* Every kind declares a few columns, each naming one of its figures, with
 * a title; its solvable figure is one of its figures too. */
static void
test_columns_declared (void)
{
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    {
      const PwKind *kind = kinds[k];
      gboolean solvable_found = kind->solvable_figure == NULL;

      g_test_message ("%s: %u columns", kind->id, kind->n_list_columns);
      /* the logic kinds are being added beside this test: a kind without
       * analysis figures yet has nothing to show */
      if (kind->n_figures == 0)
        continue;
      g_assert_cmpuint (kind->n_list_columns, >=, 1);
      g_assert_cmpuint (kind->n_list_columns, <=, 5);
      g_assert_nonnull (kind->progress_unit);
      for (guint c = 0; c < kind->n_list_columns; c++)
        {
          const PwListColumn *column = &kind->list_columns[c];
          gboolean found = FALSE;

          g_assert_nonnull (column->title);
          g_assert_nonnull (column->description);
          /* a custom column writes and sorts its values itself */
          if (column->format == PW_COLUMN_CUSTOM)
            g_assert_true (column->format_value != NULL && column->sort_value != NULL);
          else
            g_assert_null (column->sort_value);
          for (guint f = 0; f < kind->n_figures; f++)
            found |= g_str_equal (kind->figures[f].key, column->key);
          g_assert_true (found);
        }
      for (guint f = 0; f < kind->n_figures; f++)
        solvable_found |= g_str_equal (kind->figures[f].key, kind->solvable_figure);
      g_assert_true (solvable_found);
      /* a fold of the panel is one run of figures, never a list column
       * (the list would show a figure the panel hides) */
      for (guint f = 0; f < kind->n_figures; f++)
        {
          const char *group = kind->figures[f].group;

          if (group == NULL)
            continue;
          for (guint c = 0; c < kind->n_list_columns; c++)
            g_assert_cmpstr (kind->list_columns[c].key, !=, kind->figures[f].key);
          for (guint g = f + 2; g < kind->n_figures; g++)
            if (g_strcmp0 (kind->figures[g].group, group) == 0)
              g_assert_cmpstr (kind->figures[g - 1].group, ==, group);
        }
    }
}

static PwAnalysis *
analyse (PwLevel *level)
{
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  options.threads = 1;
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return analysis;
}

static const PwListColumn *
column_of (const PwKind *kind,
           const char   *key)
{
  for (guint c = 0; c < kind->n_list_columns; c++)
    if (g_str_equal (kind->list_columns[c].key, key))
      return &kind->list_columns[c];
  g_error ("%s has no column %s", kind->id, key);
}

typedef struct
{
  char        *text;
  PwCellState  state;
  double       sort;
} Cell;

static Cell
cell (const PwKind *columns_kind,
      const char   *key,
      const PwKind *kind,
      PwAnalysis   *analysis,
      gboolean      invalid)
{
  Cell c;

  c.text = pw_list_column_cell (columns_kind, column_of (columns_kind, key), kind, analysis,
                                invalid, &c.state, &c.sort);
  return c;
}

/* A slide level with a win and one without: par is a number, then
 * "unsolvable"; before an analysis "…"; an invalid level "invalid" in the
 * first column only; under another kind's columns "n/a"; a budget that
 * ran out "unknown". Each of those texts differs from the others. */
static void
test_columns_states (void)
{
  const PwKind *slide = pw_kinds_lookup ("slide");
  const PwKind *combination = pw_kinds_lookup ("combination");
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) winnable = pw_level_new_from_text ("slide", "#####\n#r.r#\n#...#\n#R###\n",
                                                        &error);
  g_autoptr(PwLevel) stuck = pw_level_new_from_text ("slide", "#####\n#r#.R\n#####\n", &error);
  g_autoptr(PwAnalysis) won = NULL;
  g_autoptr(PwAnalysis) lost = NULL;
  g_autoptr(PwAnalysis) partial = NULL;
  Cell value, unsolvable, pending, invalid, invalid_other, not_applicable, unknown;
  const char *texts[6];

  g_assert_no_error (error);
  won = analyse (winnable);
  lost = analyse (stuck);

  value = cell (slide, "par", slide, won, FALSE);
  g_assert_cmpint (value.state, ==, PW_CELL_VALUE);
  {
    gint64 par;

    g_assert_true (pw_analysis_get_int (won, "par", &par));
    g_assert_cmpfloat (value.sort, ==, (double) par);
    g_assert_cmpint (atoi (value.text), ==, par);
  }
  unsolvable = cell (slide, "par", slide, lost, FALSE);
  g_assert_cmpint (unsolvable.state, ==, PW_CELL_UNSOLVABLE);
  g_assert_cmpfloat (unsolvable.sort, ==, INFINITY);
  /* the states of the stuck level are known: a value */
  {
    Cell states = cell (slide, "states", slide, lost, FALSE);

    g_assert_cmpint (states.state, ==, PW_CELL_VALUE);
    g_assert_cmpstr (states.text, ==, "1");
    g_free (states.text);
  }
  pending = cell (slide, "par", slide, NULL, FALSE);
  g_assert_cmpint (pending.state, ==, PW_CELL_PENDING);
  invalid = cell (slide, slide->list_columns[0].key, slide, NULL, TRUE);
  g_assert_cmpint (invalid.state, ==, PW_CELL_INVALID);
  invalid_other = cell (slide, slide->list_columns[1].key, slide, NULL, TRUE);
  g_assert_cmpint (invalid_other.state, ==, PW_CELL_INVALID);
  g_assert_cmpstr (invalid_other.text, ==, "");
  not_applicable = cell (combination, "solutions", slide, won, FALSE);
  g_assert_cmpint (not_applicable.state, ==, PW_CELL_NOT_APPLICABLE);
  g_assert_cmpfloat (not_applicable.sort, <, -1e300);

  /* a budget too small to meet the win: par not known, and the level not
   * called unsolvable for it */
  {
    PwAnalyseOptions options;
    g_autoptr(PwLevel) big = NULL;
    g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

    g_assert_no_error (error);
    big = pw_level_ref (pw_level_set_get_level (set, pw_level_set_get_n_levels (set) - 1));
    pw_analyse_options_init (&options);
    options.max_states = 3;
    partial = pw_level_analyse (big, &options, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (pw_analysis_get_partial (partial));
  }
  unknown = cell (slide, "par", slide, partial, FALSE);
  g_assert_cmpint (unknown.state, ==, PW_CELL_UNKNOWN);

  texts[0] = value.text;
  texts[1] = unsolvable.text;
  texts[2] = pending.text;
  texts[3] = invalid.text;
  texts[4] = not_applicable.text;
  texts[5] = unknown.text;
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_test_message ("state %u: “%s”", i, texts[i]);
      g_assert_cmpstr (texts[i], !=, "");
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (texts[i], !=, texts[j]);
    }
  g_free (value.text);
  g_free (unsolvable.text);
  g_free (pending.text);
  g_free (invalid.text);
  g_free (invalid_other.text);
  g_free (not_applicable.text);
  g_free (unknown.text);
}

/* Formats by hand-made figures: a capped count reads "N+", a list by its
 * length, a boolean as yes/no; FreeCell's moves of an unsolvable deal
 * "unsolvable", its free cells too. */
static void
test_columns_formats (void)
{
  const PwKind *combination = pw_kinds_lookup ("combination");
  const PwKind *freecell = pw_kinds_lookup ("freecell");
  g_autoptr(PwAnalysis) capped = pw_analysis_new ("combination");
  g_autoptr(PwAnalysis) lost = pw_analysis_new ("freecell");
  JsonObject *figures = pw_analysis_get_figures (capped);
  g_autoptr(JsonArray) cells = json_array_new ();
  Cell c;

  for (guint f = 0; f < combination->n_figures; f++)
    json_object_set_null_member (figures, combination->figures[f].key);
  json_object_set_int_member (figures, "solutions", 1000);
  json_object_set_boolean_member (figures, "capped", TRUE);
  for (int i = 0; i < 3; i++)
    {
      JsonArray *xy = json_array_new ();

      json_array_add_int_element (xy, i);
      json_array_add_int_element (xy, 0);
      json_array_add_array_element (cells, xy);
    }
  json_object_set_array_member (figures, "dead_cells", json_array_ref (cells));

  c = cell (combination, "solutions", combination, capped, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_VALUE);
  g_assert_true (g_str_has_suffix (c.text, "+"));
  g_assert_cmpfloat (c.sort, ==, 1000);
  g_free (c.text);
  c = cell (combination, "dead_cells", combination, capped, FALSE);
  g_assert_cmpstr (c.text, ==, "3");
  g_free (c.text);
  /* difficulty null in a complete analysis of a level with solutions:
   * not applicable, not "unsolvable" */
  c = cell (combination, "difficulty", combination, capped, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_NOT_APPLICABLE);
  g_free (c.text);

  figures = pw_analysis_get_figures (lost);
  for (guint f = 0; f < freecell->n_figures; f++)
    json_object_set_null_member (figures, freecell->figures[f].key);
  json_object_set_boolean_member (figures, "solvable", FALSE);
  c = cell (freecell, "solvable", freecell, lost, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_VALUE);
  g_assert_cmpstr (c.text, ==, "no");
  g_assert_cmpfloat (c.sort, ==, 0);
  g_free (c.text);
  c = cell (freecell, "solution_length", freecell, lost, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_UNSOLVABLE);
  g_free (c.text);
  c = cell (freecell, "min_free_cells", freecell, lost, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_UNSOLVABLE);
  g_free (c.text);
}

/* A nonogram's grade [passes, depth] in the list: the depth by name with
 * the passes, sorted by depth first (the bundled 12×12 that needs
 * probing after two passes sorts above the 15×15 line solving finishes in
 * five); what is not such a pair has no value. */
static void
test_columns_grade (void)
{
  const PwKind *nonogram = pw_kinds_lookup ("nonogram");
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                            "nonogram.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);
  static const char * const expected[] = { "line (2)", "line (2)", "probing (2)", "line (5)" };
  double sorts[G_N_ELEMENTS (expected)];
  g_autoptr(PwAnalysis) odd = pw_analysis_new ("nonogram");
  JsonObject *figures = pw_analysis_get_figures (odd);
  g_autoptr(JsonArray) three = json_array_new ();
  Cell c;

  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(PwAnalysis) analysis = analyse (pw_level_set_get_level (set, i));

      c = cell (nonogram, "grade", nonogram, analysis, FALSE);
      g_assert_cmpint (c.state, ==, PW_CELL_VALUE);
      g_assert_cmpstr (c.text, ==, expected[i]);
      sorts[i] = c.sort;
      g_free (c.text);
    }
  g_assert_cmpfloat (sorts[0], ==, sorts[1]);
  g_assert_cmpfloat (sorts[3], >, sorts[0]);
  g_assert_cmpfloat (sorts[2], >, sorts[3]);

  /* a list of three, a depth past search, a negative count: none shown */
  for (guint f = 0; f < nonogram->n_figures; f++)
    json_object_set_null_member (figures, nonogram->figures[f].key);
  for (int i = 0; i < 3; i++)
    json_array_add_int_element (three, 1);
  json_object_set_array_member (figures, "grade", json_array_ref (three));
  c = cell (nonogram, "grade", nonogram, odd, FALSE);
  g_assert_cmpint (c.state, !=, PW_CELL_VALUE);
  g_free (c.text);
  json_array_remove_element (three, 2);
  c = cell (nonogram, "grade", nonogram, odd, FALSE);
  g_assert_cmpint (c.state, ==, PW_CELL_VALUE);
  g_assert_cmpstr (c.text, ==, "probing (1)");
  g_free (c.text);
  json_array_remove_element (three, 1);
  json_array_add_int_element (three, 3);
  c = cell (nonogram, "grade", nonogram, odd, FALSE);
  g_assert_cmpint (c.state, !=, PW_CELL_VALUE);
  g_free (c.text);
  json_array_remove_element (three, 0);
  json_array_add_int_element (three, -1);
  c = cell (nonogram, "grade", nonogram, odd, FALSE);
  g_assert_cmpint (c.state, !=, PW_CELL_VALUE);
  g_free (c.text);
}

/* The set's kind is the one most of its levels are. */
static void
test_columns_main_kind (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(GError) error = NULL;
  const char *kinds[] = { "combination", "slide", "slide", "combination", "combination" };

  g_assert_null (pw_level_set_main_kind (set));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(PwLevel) level = pw_level_new (pw_kinds_lookup (kinds[i]));

      pw_level_set_append (set, level);
      /* a tie goes to the kind that reached the count first */
      g_assert_cmpstr (pw_level_set_main_kind (set)->id, ==,
                       i < 2 ? "combination" : i < 4 ? "slide" : "combination");
    }
}

static void
last_progress (guint64  explored,
               gpointer data)
{
  guint64 *last = data;

  *last = MAX (*last, explored);
}

/* The count an analysis's progress reached is kept with it, so the panel
 * can say at the end the number it counted up to; for slide it is every
 * state, won ones too; for FreeCell the positions the solve checked. */
static void
test_columns_progress_count (void)
{
  static const char *const sets[] = { "sample.json", "combination.json", "freecell.json" };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                sets[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);
      g_autoptr(PwAnalysis) analysis = NULL;
      PwAnalyseOptions options;
      guint64 last = 0;

      g_assert_no_error (error);
      pw_analyse_options_init (&options);
      options.threads = 1;
      analysis = pw_level_analyse (pw_level_set_get_level (set, 0), &options, last_progress, &last,
                                   NULL, &error);
      g_assert_no_error (error);
      g_test_message ("%s: progress reached %" G_GUINT64_FORMAT, sets[i], last);
      g_assert_cmpuint (last, >, 0);
      g_assert_cmpuint (pw_analysis_get_explored (analysis), ==, last);
      if (i == 0)
        {
          gint64 states, wins;

          g_assert_true (pw_analysis_get_int (analysis, "states", &states));
          g_assert_true (pw_analysis_get_int (analysis, "wins", &wins));
          g_assert_cmpuint (last, ==, (guint64) (states + wins));
        }
      if (i == 2)
        {
          gint64 checked;

          g_assert_true (pw_analysis_get_int (analysis, "states_checked", &checked));
          g_assert_cmpuint (last, ==, (guint64) checked);
        }
    }
}

/* A kind's first-look figures (what the editor shows before the rest)
 * are its own figures, and an analysis asked for them alone gives, for
 * every level of the bundled sets, the values the whole analysis gives;
 * so do ones asked for the difficulty alone (what `chart --y
 * difficulty` asks) and for the solutions alone (`render --solutions`),
 * and one asked for no figure does nothing. */
static void
test_columns_first_look (void)
{
  g_autoptr(GPtrArray) sets = test_bundled_sets ();
  const PwKind * const *kinds;
  static const char *const asked_alone[][3] = {
    { "difficulty", NULL },
    { "solution", "solutions", NULL },
  };
  guint n_kinds, checked = 0, alone_checked[G_N_ELEMENTS (asked_alone)] = { 0 };

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    for (guint i = 0; kinds[k]->first_look != NULL && kinds[k]->first_look[i] != NULL; i++)
      {
        gboolean found = FALSE;

        for (guint f = 0; f < kinds[k]->n_figures; f++)
          found |= g_str_equal (kinds[k]->figures[f].key, kinds[k]->first_look[i]);
        g_assert_true (found);
      }

  for (guint s = 0; s < sets->len; s++)
    {
      const char *name = g_ptr_array_index (sets, s);
      g_autoptr(GFile) file = g_file_new_for_path (name);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = NULL;

      set = pw_level_set_load (file, NULL, &error);
      g_assert_no_error (error);
      for (guint l = 0; l < pw_level_set_get_n_levels (set); l++)
        {
          PwLevel *level = pw_level_set_get_level (set, l);
          const PwKind *kind = pw_level_get_kind (level);
          g_autoptr(PwAnalysis) whole = NULL;
          g_autoptr(PwAnalysis) first = NULL;
          PwAnalyseOptions options;

          pw_analyse_options_init (&options);
          options.search_runs = 5;
          /* no figure asked for (a chart of playtests): no work at all */
          {
            static const char *const none[] = { NULL };
            g_autoptr(PwAnalysis) empty = NULL;

            options.figures = none;
            empty = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
            g_assert_no_error (error);
            g_assert_cmpuint (json_object_get_size (pw_analysis_get_figures (empty)), ==, 0);
            g_assert_cmpuint (pw_analysis_get_explored (empty), ==, 0);
            g_assert_false (pw_analysis_get_partial (empty));
            options.figures = NULL;
          }
          whole = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          /* the figures a command asks for alone give the values the
           * whole analysis gives: the difficulty (`chart --y difficulty`),
           * the solutions (`render --solutions`: what the solution pages
           * draw, pw_kind_view_solution_figures) */
          for (guint a = 0; a < G_N_ELEMENTS (asked_alone); a++)
            {
              g_autoptr(PwAnalysis) alone = NULL;
              gboolean any = FALSE;

              for (guint i = 0; asked_alone[a][i] != NULL; i++)
                any |= json_object_has_member (pw_analysis_get_figures (whole),
                                               asked_alone[a][i]);
              if (!any)
                continue;
              options.figures = asked_alone[a];
              alone = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
              g_assert_no_error (error);
              for (guint i = 0; asked_alone[a][i] != NULL; i++)
                {
                  const char *key = asked_alone[a][i];
                  JsonNode *w = json_object_get_member (pw_analysis_get_figures (whole), key);
                  g_autofree char *x = w != NULL ? json_to_string (w, FALSE) : NULL;
                  g_autofree char *y = NULL;

                  if (w == NULL)
                    continue;
                  y = json_to_string (json_object_get_member (pw_analysis_get_figures (alone),
                                                              key), FALSE);
                  if (g_strcmp0 (x, y) != 0)
                    g_error ("%s, level %u, %s: %s whole, %s alone", name, l + 1, key, x, y);
                  alone_checked[a]++;
                }
              options.figures = NULL;
            }
          if (kind->first_look == NULL)
            continue;
          options.figures = kind->first_look;
          first = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          for (guint i = 0; kind->first_look[i] != NULL; i++)
            {
              const char *key = kind->first_look[i];
              g_autofree char *a = json_to_string (json_object_get_member (
                                                     pw_analysis_get_figures (whole), key), FALSE);
              g_autofree char *b = json_to_string (json_object_get_member (
                                                     pw_analysis_get_figures (first), key), FALSE);

              if (g_strcmp0 (a, b) != 0)
                g_error ("%s, level %u, %s: %s whole, %s first", name, l + 1, key, a, b);
            }
          checked++;
        }
    }
  g_test_message ("%u levels checked, %u difficulties and %u solutions alone", checked,
                  alone_checked[0], alone_checked[1]);
  g_assert_cmpuint (checked, >, 20);
  g_assert_cmpuint (alone_checked[0], >, 30);
  g_assert_cmpuint (alone_checked[1], >, 50);
}

/* Sizes are written one way: two numbers and "×", no spaces. */
static void
test_columns_sizes (void)
{
  static const char *const sets[] = { "sample.json", "combination.json", "freecell.json" };
  g_autoptr(GRegex) one_way = g_regex_new ("^[0-9]+×[0-9]+$", 0, 0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                sets[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

      g_assert_no_error (error);
      for (guint l = 0; l < pw_level_set_get_n_levels (set); l++)
        {
          g_autofree char *size = pw_level_describe_size (pw_level_set_get_level (set, l));

          g_assert_true (g_regex_match (one_way, size, 0, NULL));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/columns/declared", test_columns_declared);
  g_test_add_func ("/analysis/columns/first-look", test_columns_first_look);
  g_test_add_func ("/analysis/columns/states", test_columns_states);
  g_test_add_func ("/analysis/columns/formats", test_columns_formats);
  g_test_add_func ("/analysis/columns/grade", test_columns_grade);
  g_test_add_func ("/analysis/columns/main-kind", test_columns_main_kind);
  g_test_add_func ("/analysis/columns/progress-count", test_columns_progress_count);
  g_test_add_func ("/analysis/columns/sizes", test_columns_sizes);
  return g_test_run ();
}
