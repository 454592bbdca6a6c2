/* test-slide-analysis.c — the sample set, budgets, cancellation, seeds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "slide-private.h"
#include "test-util.h"

static PwLevelSet *
load_sample_set (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                            "sample.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwLevelSet *set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static char *
figures_to_string (PwAnalysis *analysis)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, pw_analysis_get_figures (analysis));
  return json_to_string (node, FALSE);
}

/* Every level of the bundled set is valid, analyses completely, can be won,
 * and its reported solution really wins in par moves. */
static void
test_sample_set (void)
{
  g_autoptr(PwLevelSet) set = load_sample_set ();
  gboolean seen[256] = { FALSE };
  guint with_dead_ends = 0;

  g_assert_cmpuint (pw_level_set_get_n_levels (set), >=, 12);

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      const PwSlideLevel *slide = pw_level_get_data (level);
      g_autoptr(GPtrArray) problems = pw_level_validate (level);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *end = NULL;
      JsonObject *figures;
      const char *solution;
      gboolean won = FALSE;
      gint64 par, dead_ends;

      g_test_message ("level %u: %s", i + 1, pw_level_get_name (level));
      g_assert_cmpstr (pw_level_get_kind_id (level), ==, "slide");
      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_cmpstr (pw_level_get_name (level), !=, "");
      g_assert_cmpstr (pw_level_get_notes (level), !=, "");
      for (int c = 0; c < slide->width * slide->height; c++)
        seen[(guchar) slide->cells[c]] = TRUE;

      analysis = pw_level_analyse (level, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pw_analysis_get_partial (analysis));
      figures = pw_analysis_get_figures (analysis);

      g_assert_true (pw_analysis_get_int (analysis, "par", &par));
      solution = json_object_get_string_member (figures, "solution");
      g_assert_cmpint (strlen (solution), ==, par);
      end = _pw_slide_play (slide, solution, &won, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (won);

      g_assert_true (pw_analysis_get_int (analysis, "dead_ends", &dead_ends));
      with_dead_ends += dead_ends > 0;
    }

  /* the set shows every tile and piece */
  for (const char *c = "#.orygbRYGB$*"; *c; c++)
    {
      g_test_message ("tile %c", *c);
      g_assert_true (seen[(guchar) *c]);
    }
  g_assert_cmpuint (with_dead_ends, >=, 3);
}

/* The first level is the tutorial example of the issue. */
static void
test_sample_first_level (void)
{
  g_autoptr(PwLevelSet) set = load_sample_set ();
  PwLevel *level = pw_level_set_get_level (set, 0);
  g_autofree char *text = pw_level_get_kind (level)->to_text (pw_level_get_data (level));

  g_assert_cmpstr (text, ==, "#####\n#r.r#\n#...#\n#R###\n");
}

/* Same level and seed, same figures; the search figures follow the seed. */
static void
test_deterministic (void)
{
  g_autoptr(PwLevelSet) set = load_sample_set ();
  guint n = pw_level_set_get_n_levels (set);
  PwLevel *level = pw_level_set_get_level (set, n - 1);
  PwAnalyseOptions options;
  g_autoptr(PwAnalysis) a = NULL;
  g_autoptr(PwAnalysis) b = NULL;
  g_autofree char *ja = NULL;
  g_autofree char *jb = NULL;

  pw_analyse_options_init (&options);
  options.seed = 12345;
  a = pw_level_analyse (level, &options, NULL, NULL, NULL, NULL);
  b = pw_level_analyse (level, &options, NULL, NULL, NULL, NULL);
  ja = figures_to_string (a);
  jb = figures_to_string (b);
  g_assert_cmpstr (ja, ==, jb);
}

typedef struct
{
  GCancellable *cancellable;
  GError       *error;
  PwAnalysis   *analysis;
  gint64        finished;
} Job;

static gpointer
analyse_thread (gpointer data)
{
  Job *job = data;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", test_huge_level, NULL);

  job->analysis = pw_level_analyse (level, NULL, NULL, NULL, job->cancellable, &job->error);
  job->finished = g_get_monotonic_time ();
  return NULL;
}

/* Cancelling from another thread stops the analysis with
 * G_IO_ERROR_CANCELLED, long before the budget would have. (The latency
 * target of 50 ms is measured in bench/, not here.) */
static void
test_cancel (void)
{
  Job job = { g_cancellable_new () };
  GThread *thread = g_thread_new ("analyse", analyse_thread, &job);
  gint64 cancelled;

  g_usleep (100 * 1000);
  cancelled = g_get_monotonic_time ();
  g_cancellable_cancel (job.cancellable);
  g_thread_join (thread);

  g_assert_error (job.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (job.analysis);
  g_test_message ("stopped %.1f ms after the cancel", (job.finished - cancelled) / 1000.0);
  g_assert_cmpint (job.finished - cancelled, <, 5 * G_USEC_PER_SEC);
  g_clear_error (&job.error);
  g_object_unref (job.cancellable);
}

static void
count_progress (guint64  explored,
                gpointer data)
{
  guint64 *last = data;

  g_assert_cmpuint (explored, >=, *last);
  *last = explored;
}

/* Past the budget the result is partial: what was explored, no dead-end
 * figures, and progress was reported on the way. */
static void
test_budget (void)
{
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", test_huge_level, NULL);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  guint64 last = 0;
  gint64 states, wins;
  JsonObject *figures;

  pw_analyse_options_init (&options);
  options.max_states = 200000;
  analysis = pw_level_analyse (level, &options, count_progress, &last, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pw_analysis_get_partial (analysis));
  g_assert_nonnull (pw_analysis_get_partial_reason (analysis));
  g_assert_true (pw_analysis_get_int (analysis, "states", &states));
  g_assert_true (pw_analysis_get_int (analysis, "wins", &wins));
  g_assert_cmpint (states + wins, ==, 200000);
  g_assert_cmpuint (last, ==, 200000);
  figures = pw_analysis_get_figures (analysis);
  g_assert_true (json_object_get_null_member (figures, "dead_ends"));
  g_assert_true (json_object_get_null_member (figures, "difficulty"));
  g_assert_true (json_object_get_null_member (figures, "max_combo_par"));
}

/* A memory budget stops the exploration with a partial result, saying why,
 * before the state budget does. */
static void
test_memory_budget (void)
{
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", test_huge_level, NULL);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  gint64 states, wins;

  pw_analyse_options_init (&options);
  options.max_bytes = 4 * 1024 * 1024;
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pw_analysis_get_partial (analysis));
  g_assert_cmpstr (pw_analysis_get_partial_reason (analysis), ==, "the memory budget ran out");
  g_assert_true (pw_analysis_get_int (analysis, "states", &states));
  g_assert_true (pw_analysis_get_int (analysis, "wins", &wins));
  /* the budget holds some tens of thousands of states, not millions */
  g_assert_cmpint (states + wins, >, 10000);
  g_assert_cmpint (states + wins, <, 200000);
}

/* An invalid level is refused with the problem, not analysed. */
static void
test_invalid_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", "#####\n#r..R\n#.R.#\n#####\n",
                                                     &error);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  const PwProblem *problem;

  g_assert_no_error (error);
  problems = pw_level_validate (level);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_cmpint (problem->x, ==, 2);
  g_assert_cmpint (problem->y, ==, 2);

  analysis = pw_level_analyse (level, NULL, NULL, NULL, NULL, &error);
  g_assert_null (analysis);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "(2, 2)"));
}

typedef struct
{
  const char *path;
  const char *text;
  int         x, y;      /* of the first problem; -1 for the whole level */
} BadLevel;

static const BadLevel bad_levels[] = {
  { "/analysis/slide/validate/floor-on-border", "#.###\n#r..R\n#####\n", 1, 0 },
  { "/analysis/slide/validate/piece-on-border", "#####\n#r..R\n##$##\n", 2, 2 },
  { "/analysis/slide/validate/goal-inside", "#####\n#rR.#\n#####\n", 2, 1 },
  { "/analysis/slide/validate/no-skiddy", "#####\n#$..R\n#####\n", -1, -1 },
};

static void
test_bad_level (gconstpointer data)
{
  const BadLevel *bad = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", bad->text, &error);
  g_autoptr(GPtrArray) problems = NULL;
  const PwProblem *problem;

  g_assert_no_error (error);
  problems = pw_level_validate (level);
  g_assert_cmpuint (problems->len, >=, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_cmpint (problem->x, ==, bad->x);
  g_assert_cmpint (problem->y, ==, bad->y);
  g_assert_cmpstr (problem->message, !=, "");
}

typedef struct
{
  const char *path;
  const char *text;
  const char *message_part;
} BadText;

static const BadText bad_texts[] = {
  { "/analysis/slide/parse/ragged", "#####\n#r.R\n#####\n", "Row 2" },
  { "/analysis/slide/parse/unknown-tile", "#####\n#rxR#\n#####\n", "“x”" },
  { "/analysis/slide/parse/too-small", "###\n#r#\n", "2 rows" },
  { "/analysis/slide/parse/too-wide", "####################\n#r.................R\n"
                                      "####################\n", "20 columns" },
  { "/analysis/slide/parse/empty", "\n\n", "no grid" },
  { "/analysis/slide/parse/blank-inside", "#####\n#r..R\n\n#####\n", "blank line" },
};

static void
test_bad_text (gconstpointer data)
{
  const BadText *bad = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", bad->text, &error);

  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  if (strstr (error->message, bad->message_part) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, bad->message_part);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/slide/sample-set/all", test_sample_set);
  g_test_add_func ("/analysis/slide/sample-set/first-level", test_sample_first_level);
  g_test_add_func ("/analysis/slide/deterministic", test_deterministic);
  g_test_add_func ("/analysis/slide/cancel", test_cancel);
  g_test_add_func ("/analysis/slide/budget", test_budget);
  g_test_add_func ("/analysis/slide/memory-budget", test_memory_budget);
  g_test_add_func ("/analysis/slide/invalid-refused", test_invalid_refused);
  for (guint i = 0; i < G_N_ELEMENTS (bad_levels); i++)
    g_test_add_data_func (bad_levels[i].path, &bad_levels[i], test_bad_level);
  for (guint i = 0; i < G_N_ELEMENTS (bad_texts); i++)
    g_test_add_data_func (bad_texts[i].path, &bad_texts[i], test_bad_text);

  return g_test_run ();
}
