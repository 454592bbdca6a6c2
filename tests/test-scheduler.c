/* test-scheduler.c — live analysis on a worker thread, headless
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "test-util.h"

#define TUTORIAL "#####\n#r.r#\n#...#\n#R###\n"
#define SMALL_ROOM "####\n#r.R\n#..#\n####\n"

typedef struct
{
  GPtrArray *analysed;   /* of Result */
  GPtrArray *failed;     /* of Result */
  GArray    *progress;   /* guint64 */
  GArray    *progress_at;/* gint64, monotonic µs */
} Fixture;

typedef struct
{
  char       *text;      /* the analysed level's grid */
  PwAnalysis *analysis;
  GError     *error;
  gboolean    focus;
} Result;

static void
result_free (Result *r)
{
  g_free (r->text);
  g_clear_pointer (&r->analysis, pw_analysis_unref);
  g_clear_error (&r->error);
  g_free (r);
}

static char *
level_text (PwLevel *level)
{
  return pw_level_get_kind (level)->to_text (pw_level_get_data (level));
}

static void
on_analysed (PwScheduler *scheduler,
             PwLevel     *level,
             PwAnalysis  *analysis,
             gboolean     focus,
             Fixture     *f)
{
  Result *r = g_new0 (Result, 1);

  r->text = level_text (level);
  r->analysis = pw_analysis_ref (analysis);
  r->focus = focus;
  g_ptr_array_add (f->analysed, r);
}

static void
on_failed (PwScheduler  *scheduler,
           PwLevel      *level,
           const GError *error,
           gboolean      focus,
           Fixture      *f)
{
  Result *r = g_new0 (Result, 1);

  r->text = level_text (level);
  r->error = g_error_copy (error);
  r->focus = focus;
  g_ptr_array_add (f->failed, r);
}

static void
on_progress (PwScheduler *scheduler,
             guint64      explored,
             Fixture     *f)
{
  gint64 now = g_get_monotonic_time ();

  g_array_append_val (f->progress, explored);
  g_array_append_val (f->progress_at, now);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->analysed = g_ptr_array_new_with_free_func ((GDestroyNotify) result_free);
  f->failed = g_ptr_array_new_with_free_func ((GDestroyNotify) result_free);
  f->progress = g_array_new (FALSE, FALSE, sizeof (guint64));
  f->progress_at = g_array_new (FALSE, FALSE, sizeof (gint64));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_ptr_array_unref (f->analysed);
  g_ptr_array_unref (f->failed);
  g_array_unref (f->progress);
  g_array_unref (f->progress_at);
}

static PwScheduler *
make_scheduler (Fixture *f,
                guint64  max_states)
{
  PwAnalyseOptions options;
  PwScheduler *scheduler;

  pw_analyse_options_init (&options);
  options.max_states = max_states;
  options.search_runs = 5;
  scheduler = pw_scheduler_new (&options, 20, 50);
  g_signal_connect (scheduler, "analysed", G_CALLBACK (on_analysed), f);
  g_signal_connect (scheduler, "failed", G_CALLBACK (on_failed), f);
  g_signal_connect (scheduler, "progress", G_CALLBACK (on_progress), f);
  return scheduler;
}

static PwLevel *
level (const char *text)
{
  g_autoptr(GError) error = NULL;
  PwLevel *l = pw_level_new_from_text ("slide", text, &error);

  g_assert_no_error (error);
  return l;
}

/* Runs the main loop until @count results have come, failing after 120 s. */
static void
wait_for_results (Fixture *f,
                  guint    count)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (f->analysed->len + f->failed->len < count)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

static void
wait_until_started (PwScheduler *scheduler,
                    guint        n)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (pw_scheduler_get_n_started (scheduler) < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      test_spin (2);
    }
}

static gint64
states_of (Result *r)
{
  gint64 states = -1;

  g_assert_true (pw_analysis_get_int (r->analysis, "states", &states));
  return states;
}

/* The focus level is analysed once; its content is then served from the
 * cache, whatever the level's name. */
static void
test_focus_and_cache (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  g_autoptr(PwLevel) a = level (TUTORIAL);
  g_autoptr(PwLevel) b = level (TUTORIAL);
  Result *r;

  pw_scheduler_focus (scheduler, a);
  g_assert_true (pw_scheduler_get_busy (scheduler));
  wait_for_results (f, 1);
  r = g_ptr_array_index (f->analysed, 0);
  g_assert_true (r->focus);
  g_assert_cmpint (states_of (r), ==, 9);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 1);
  g_assert_true (pw_scheduler_lookup (scheduler, a) == r->analysis);

  pw_level_set_name (b, "A different name");
  pw_scheduler_focus (scheduler, b);
  /* a cached result too comes from the main loop, never from inside the
   * call: the caller may be in the middle of a change */
  g_assert_cmpuint (f->analysed->len, ==, 1);
  wait_for_results (f, 2);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 1);
  g_assert_cmpint (states_of (g_ptr_array_index (f->analysed, 1)), ==, 9);
  g_assert_false (pw_scheduler_get_busy (scheduler));
}

/* Graphs beyond the budget are let go, figures never: with no budget only
 * the newest focus level keeps its graph; the other's figures stay in the
 * cache, and focusing it again explores it again for play mode. */
static void
test_graph_budget (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  g_autoptr(PwLevel) a = level (TUTORIAL);
  g_autoptr(PwLevel) b = level (SMALL_ROOM);
  PwAnalysis *cached;

  pw_scheduler_set_graph_budget (scheduler, 0);
  pw_scheduler_focus (scheduler, a);
  wait_for_results (f, 1);
  g_assert_nonnull (pw_analysis_get_graph (pw_scheduler_lookup (scheduler, a)));
  pw_scheduler_focus (scheduler, b);
  wait_for_results (f, 2);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 2);

  cached = pw_scheduler_lookup (scheduler, a);
  g_assert_nonnull (cached);
  g_assert_null (pw_analysis_get_graph (cached));
  g_assert_nonnull (pw_analysis_get_graph (pw_scheduler_lookup (scheduler, b)));
  /* the analysis already handed out keeps its graph */
  g_assert_nonnull (pw_analysis_get_graph (((Result *) g_ptr_array_index (f->analysed, 0))->analysis));
  {
    gint64 states;

    g_assert_true (pw_analysis_get_int (cached, "states", &states));
    g_assert_cmpint (states, ==, 9);
  }

  pw_scheduler_focus (scheduler, a);
  wait_for_results (f, 3);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 3);
  g_assert_nonnull (pw_analysis_get_graph (((Result *) g_ptr_array_index (f->analysed, 2))->analysis));
  g_assert_null (pw_analysis_get_graph (pw_scheduler_lookup (scheduler, b)));

  /* with room for both, both keep theirs */
  pw_scheduler_set_graph_budget (scheduler, PW_SCHEDULER_GRAPH_BUDGET);
  pw_scheduler_focus (scheduler, b);
  wait_for_results (f, 4);
  g_assert_nonnull (pw_analysis_get_graph (pw_scheduler_lookup (scheduler, a)));
  g_assert_nonnull (pw_analysis_get_graph (pw_scheduler_lookup (scheduler, b)));
}

/* Edits in quick succession: only the last is analysed. */
static void
test_debounce (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  const char *edits[] = {
    "#####\n#r..#\n#...#\n#R###\n",
    "#####\n#r.r#\n#.o.#\n#R###\n",
    "#####\n#r$r#\n#...#\n#R###\n",
    TUTORIAL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr(PwLevel) l = level (edits[i]);

      pw_scheduler_focus (scheduler, l);
    }
  wait_for_results (f, 1);
  test_spin (100);
  g_assert_cmpuint (f->analysed->len, ==, 1);
  g_assert_cmpstr (((Result *) g_ptr_array_index (f->analysed, 0))->text, ==, TUTORIAL);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 1);
}

/* A new focus request cancels the analysis in flight; its result never
 * arrives as the focus result. */
static void
test_stale_dropped (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, 3000000);
  g_autoptr(PwLevel) huge = level (test_huge_level);
  g_autoptr(PwLevel) small = level (SMALL_ROOM);

  pw_scheduler_focus (scheduler, huge);
  wait_until_started (scheduler, 1);
  test_spin (30);
  pw_scheduler_focus (scheduler, small);
  wait_for_results (f, 1);
  test_spin (200);

  g_assert_cmpuint (f->analysed->len, ==, 1);
  g_assert_cmpstr (((Result *) g_ptr_array_index (f->analysed, 0))->text, ==, SMALL_ROOM);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 2);
  g_assert_null (pw_scheduler_lookup (scheduler, huge));
}

/* Background levels are analysed one after another and cached; asking
 * again starts nothing. */
static void
test_background (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  const char *texts[] = { TUTORIAL, SMALL_ROOM, "#####\n#r.oR\n#####\n" };
  PwLevel *levels[3];

  for (guint i = 0; i < 3; i++)
    {
      levels[i] = level (texts[i]);
      pw_scheduler_queue (scheduler, levels[i]);
      /* the same content twice is queued once */
      pw_scheduler_queue (scheduler, levels[i]);
    }
  wait_for_results (f, 3);
  test_spin (50);
  g_assert_cmpuint (f->analysed->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      Result *r = g_ptr_array_index (f->analysed, i);

      g_assert_false (r->focus);
      g_assert_cmpstr (r->text, ==, texts[i]);
      g_assert_nonnull (pw_scheduler_lookup (scheduler, levels[i]));
    }
  for (guint i = 0; i < 3; i++)
    pw_scheduler_queue (scheduler, levels[i]);
  test_spin (50);
  g_assert_cmpuint (pw_scheduler_get_n_started (scheduler), ==, 3);
  for (guint i = 0; i < 3; i++)
    pw_level_unref (levels[i]);
}

/* The focus level goes before a background analysis in flight, which is
 * paused and started again afterwards. (The background level is far too
 * big to finish first, even when a slow runner such as valgrind starves
 * the main thread; dropping the scheduler cancels it.) */
static void
test_focus_preempts (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, 3000000);
  g_autoptr(PwLevel) huge = level (test_huge_level);
  g_autoptr(PwLevel) small = level (SMALL_ROOM);
  Result *first;

  pw_scheduler_queue (scheduler, huge);
  wait_until_started (scheduler, 1);
  test_spin (30);
  pw_scheduler_focus (scheduler, small);
  wait_for_results (f, 1);

  first = g_ptr_array_index (f->analysed, 0);
  g_assert_true (first->focus);
  g_assert_cmpstr (first->text, ==, SMALL_ROOM);
  /* the background level was started, paused, and is started again */
  wait_until_started (scheduler, 3);
  g_assert_true (pw_scheduler_get_busy (scheduler));
}

/* Progress of the focus analysis comes from the main loop, increasing, no
 * more often than asked. (Watched over three reports of an analysis far
 * too big to end first, however fast the machine; dropping the scheduler
 * cancels it.) */
static void
test_progress (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, 50000000);
  g_autoptr(PwLevel) huge = level (test_huge_level);
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  pw_scheduler_focus (scheduler, huge);
  while (f->progress->len < 3)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      test_spin (2);
    }
  g_assert_cmpuint (f->analysed->len + f->failed->len, ==, 0);
  for (guint i = 1; i < f->progress->len; i++)
    {
      g_assert_cmpuint (g_array_index (f->progress, guint64, i), >,
                        g_array_index (f->progress, guint64, i - 1));
      /* the reports come from a 50 ms timer */
      g_assert_cmpint (g_array_index (f->progress_at, gint64, i) -
                       g_array_index (f->progress_at, gint64, i - 1), >=, 40 * 1000);
    }
}

/* An invalid level is reported as failed, with the kind's error. */
static void
test_invalid (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  g_autoptr(PwLevel) bad = level ("#####\n#$..R\n#####\n");
  Result *r;

  pw_scheduler_focus (scheduler, bad);
  wait_for_results (f, 1);
  g_assert_cmpuint (f->failed->len, ==, 1);
  r = g_ptr_array_index (f->failed, 0);
  g_assert_error (r->error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_true (r->focus);
}

static void
on_first_look (PwScheduler *scheduler,
               PwLevel     *level,
               PwAnalysis  *analysis,
               GPtrArray   *looks)
{
  /* the first look comes before the whole analysis */
  g_assert_cmpuint (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (scheduler), "analysed")), ==,
                    0);
  g_ptr_array_add (looks, pw_analysis_ref (analysis));
}

static void
count_analysed (PwScheduler *scheduler)
{
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (scheduler), "analysed"));

  g_object_set_data (G_OBJECT (scheduler), "analysed", GUINT_TO_POINTER (n + 1));
}

/* A kind that names first-look figures (combination: the counts and dead
 * cells) reports them alone before the whole analysis, with the values
 * the whole analysis then gives, and the difficulty not yet; a kind
 * without (slide) reports only the whole analysis; a cached result
 * needs no first look. */
static void
test_first_look (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(PwScheduler) scheduler = make_scheduler (f, PW_DEFAULT_MAX_STATES);
  g_autoptr(GPtrArray) looks = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_analysis_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) combination =
    pw_level_new_from_text ("combination", "....\n....\n.#..\n....\n2 red both\n2 blue orthogonal\n",
                            &error);
  g_autoptr(PwLevel) slide = level (TUTORIAL);
  const PwKind *kind;
  JsonObject *first, *whole;

  g_assert_no_error (error);
  kind = pw_level_get_kind (combination);
  g_signal_connect (scheduler, "first-look", G_CALLBACK (on_first_look), looks);
  g_signal_connect (scheduler, "analysed", G_CALLBACK (count_analysed), NULL);

  pw_scheduler_focus (scheduler, combination);
  wait_for_results (f, 1);
  g_assert_cmpuint (looks->len, ==, 1);
  first = pw_analysis_get_figures (g_ptr_array_index (looks, 0));
  whole = pw_analysis_get_figures (((Result *) g_ptr_array_index (f->analysed, 0))->analysis);
  g_assert_false (pw_analysis_get_partial (g_ptr_array_index (looks, 0)));
  for (guint i = 0; kind->first_look[i] != NULL; i++)
    {
      g_autofree char *a = json_to_string (json_object_get_member (first, kind->first_look[i]),
                                           FALSE);
      g_autofree char *b = json_to_string (json_object_get_member (whole, kind->first_look[i]),
                                           FALSE);

      g_assert_cmpstr (a, ==, b);
      g_assert_cmpstr (a, !=, "null");
    }
  g_assert_true (json_object_get_null_member (first, "difficulty"));
  g_assert_false (json_object_get_null_member (whole, "difficulty"));

  /* the same content again: from the cache, no first look */
  pw_scheduler_focus (scheduler, combination);
  wait_for_results (f, 2);
  g_assert_cmpuint (looks->len, ==, 1);

  /* a kind with none */
  g_object_set_data (G_OBJECT (scheduler), "analysed", NULL);
  pw_scheduler_focus (scheduler, slide);
  wait_for_results (f, 3);
  g_assert_cmpuint (looks->len, ==, 1);
}

/* Dropping the scheduler mid-analysis stops the worker; results it had
 * posted are dropped, not delivered to a freed object. */
static void
test_dispose_while_running (Fixture       *f,
                            gconstpointer  data)
{
  PwScheduler *scheduler = make_scheduler (f, 3000000);
  g_autoptr(PwLevel) huge = level (test_huge_level);
  g_autoptr(PwLevel) small = level (SMALL_ROOM);
  GWeakRef weak;
  guint delivered;

  pw_scheduler_queue (scheduler, small);
  pw_scheduler_focus (scheduler, huge);
  wait_until_started (scheduler, 2);
  /* the small level may have been delivered; the huge one is running */
  delivered = f->analysed->len;
  g_weak_ref_init (&weak, scheduler);
  g_object_unref (scheduler);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
  test_spin (100);
  g_assert_cmpuint (f->analysed->len, ==, delivered);
  g_assert_cmpuint (f->failed->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/analysis/scheduler/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("focus-and-cache", test_focus_and_cache);
  ADD ("first-look", test_first_look);
  ADD ("graph-budget", test_graph_budget);
  ADD ("debounce", test_debounce);
  ADD ("stale-dropped", test_stale_dropped);
  ADD ("background", test_background);
  ADD ("focus-preempts", test_focus_preempts);
  ADD ("progress", test_progress);
  ADD ("invalid", test_invalid);
  ADD ("dispose-while-running", test_dispose_while_running);
#undef ADD

  return g_test_run ();
}
