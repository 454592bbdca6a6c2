/* test-slide-generate.c — the slide generator and what it steers by
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The generator's measure is checked against the plain reference
 * implementation on random levels; generated levels against the full
 * analysis (size, validity, targets within the tolerance), the seed
 * against itself, cancellation and bad parameters; the command line keeps
 * the best level when the target is out of reach.
 */

#define G_LOG_DOMAIN "test-slide-generate"


#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "slide-private.h"
#include "slide-reference.h"
#include "test-util.h"

typedef struct
{
  GPtrArray *levels;
  GArray    *difficulties;
  guint      wanted;
  guint      cancel_after;   /* progress calls; 0: never */
  guint      progress_calls;
  guint64    last_tried;
  GCancellable *cancellable;
} Collected;

static void
collected_clear (Collected *c)
{
  g_ptr_array_unref (c->levels);
  g_array_unref (c->difficulties);
  g_clear_object (&c->cancellable);
}

static gboolean
collect (gpointer data,
         double   difficulty,
         gpointer user_data)
{
  Collected *c = user_data;

  g_ptr_array_add (c->levels, data);
  g_array_append_val (c->difficulties, difficulty);
  return c->levels->len < c->wanted;
}

static void
progress (guint64  tried,
          guint    found,
          gpointer user_data)
{
  Collected *c = user_data;

  g_assert_cmpuint (tried, >=, c->last_tried);
  g_assert_cmpuint (found, <=, c->levels->len);
  c->last_tried = tried;
  if (++c->progress_calls == c->cancel_after)
    g_cancellable_cancel (c->cancellable);
}

/* Runs the generator with NULL-terminated name, value pairs; returns
 * whether it succeeded, the levels in @c. */
static gboolean
run (Collected   *c,
     guint64      seed,
     guint        wanted,
     GError     **error,
     ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  va_list args;

  c->levels = g_ptr_array_new_with_free_func (pw_slide_kind.free);
  c->difficulties = g_array_new (FALSE, FALSE, sizeof (double));
  c->wanted = wanted;
  if (c->cancel_after > 0)
    c->cancellable = g_cancellable_new ();
  va_start (args, error);
  for (const char *name = va_arg (args, const char *); name != NULL;
       name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  return pw_slide_kind.generate (params, seed, 0, collect, progress, c, c->cancellable, error);
}

static char *
level_text (gconstpointer level)
{
  return pw_slide_kind.to_text (level);
}

/* The measure the generator steers by agrees with the reference's
 * brute force. */
static void
test_measure_crosscheck (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  guint checked = 0, unsolvable = 0, partial = 0;

  for (guint i = 0; checked < 400; i++)
    {
      g_autofree char *text = slide_ref_random_level (rand);
      g_autoptr(GError) error = NULL;
      g_autoptr(SlideRef) ref = NULL;
      PwSlideLevel *level;
      PwSlideMeasure m;
      SlideRefFigures figures;
      gboolean complete;
      guint cap = 1 + g_rand_int_range (rand, 0, 3000);

      if (text == NULL)
        continue;
      ref = slide_ref_new (text, &error);
      g_assert_no_error (error);
      level = pw_slide_kind.from_text (text, &error);
      g_assert_no_error (error);
      complete = slide_ref_analyse (ref, cap, &figures);
      g_assert_true (_pw_slide_measure (level, cap, 0, &m, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpint (m.complete, ==, complete);
      if (complete)
        {
          g_assert_cmpuint (m.states, ==, figures.states);
          g_assert_cmpint (m.par, ==, figures.par);
          g_assert_cmpuint (m.dead_ends, ==, figures.dead_ends);
          g_assert_cmpfloat_with_epsilon (m.dead_end_share,
                                          figures.states ? (double) figures.dead_ends /
                                                           figures.states : 0.0, 1e-12);
          unsolvable += m.par < 0;
        }
      else
        partial++;
      pw_slide_kind.free (level);
      checked++;
    }
  /* both sides of each branch were taken */
  g_assert_cmpuint (unsolvable, >, 0);
  g_assert_cmpuint (partial, >, 0);
  g_assert_cmpuint (partial, <, checked);
}

/* Each generated level has the size asked for, is valid, and the full
 * analysis finds its par, states and dead-end share within the
 * tolerance. */
static void
check_levels (Collected  *c,
              int         width,
              int         height,
              gint64      par,
              gint64      states,
              double      dead_ends,
              double      tolerance)
{
  for (guint i = 0; i < c->levels->len; i++)
    {
      PwSlideLevel *level = c->levels->pdata[i];
      g_autoptr(GPtrArray) problems = pw_slide_kind.validate (level);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) error = NULL;
      PwAnalyseOptions options;
      gint64 a_par, a_states;
      double a_share, difficulty;

      g_assert_cmpint (level->width, ==, width);
      g_assert_cmpint (level->height, ==, height);
      g_assert_cmpuint (problems->len, ==, 0);
      pw_analyse_options_init (&options);
      analysis = pw_slide_kind.analyse (level, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pw_analysis_get_partial (analysis));
      g_assert_true (pw_analysis_get_int (analysis, "par", &a_par));
      g_assert_true (pw_analysis_get_int (analysis, "states", &a_states));
      g_assert_true (pw_analysis_get_double (analysis, "dead_end_share", &a_share));
      g_assert_true (pw_analysis_get_double (analysis, "difficulty", &difficulty));
      g_assert_cmpfloat (difficulty, ==, g_array_index (c->difficulties, double, i));
      if (par >= 0)
        g_assert_cmpfloat (fabs ((double) (a_par - par)), <=, tolerance * par + 1e-9);
      if (states >= 0)
        g_assert_cmpfloat (fabs ((double) (a_states - states)), <=, tolerance * states + 1e-9);
      if (dead_ends >= 0)
        g_assert_cmpfloat (fabs (a_share - dead_ends), <=, tolerance + 1e-9);
    }
}

static void
test_targets (void)
{
  Collected a = { 0 }, b = { 0 }, other = { 0 }, defaults = { 0 };
  g_autoptr(GError) error = NULL;
  gboolean differs = FALSE;

  g_assert_true (run (&a, 5, 3, &error, "size", "6x6", "par", "6", "states", "300",
                      "dead-ends", "0.2", "tolerance", "0.25", NULL));
  g_assert_no_error (error);
  g_assert_cmpuint (a.levels->len, ==, 3);
  check_levels (&a, 6, 6, 6, 300, 0.2, 0.25);

  /* the same seed, the same levels; another seed, others */
  g_assert_true (run (&b, 5, 3, &error, "size", "6x6", "par", "6", "states", "300",
                      "dead-ends", "0.2", "tolerance", "0.25", NULL));
  g_assert_true (run (&other, 6, 3, &error, "size", "6x6", "par", "6", "states", "300",
                      "dead-ends", "0.2", "tolerance", "0.25", NULL));
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *ta = level_text (a.levels->pdata[i]);
      g_autofree char *tb = level_text (b.levels->pdata[i]);
      g_autofree char *to = level_text (other.levels->pdata[i]);

      g_assert_cmpstr (ta, ==, tb);
      differs |= strcmp (ta, to) != 0;
      /* no level twice */
      for (guint j = 0; j < i; j++)
        {
          g_autofree char *tj = level_text (a.levels->pdata[j]);

          g_assert_cmpstr (ta, !=, tj);
        }
    }
  g_assert_true (differs);
  check_levels (&other, 6, 6, 6, 300, 0.2, 0.25);

  /* the defaults: 7×6, par 8 ± 20 % */
  g_assert_true (run (&defaults, 1, 2, &error, NULL));
  g_assert_no_error (error);
  check_levels (&defaults, 7, 6, 8, -1, -1, 0.2);

  collected_clear (&a);
  collected_clear (&b);
  collected_clear (&other);
  collected_clear (&defaults);
}

/* A target out of reach: the best level is reported, then an error
 * says so. */
static void
test_unreachable (void)
{
  Collected c = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (run (&c, 3, 2, &error, "size", "4x4", "colours", "1", "pieces", "2",
                       "par", "40", "tolerance", "0", "steps", "60", NULL));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "did not reach the target in 60 steps"));
  g_assert_nonnull (strstr (error->message, "par 40"));
  g_assert_cmpuint (c.levels->len, ==, 1);
  g_assert_cmpuint (c.last_tried, ==, 59);
  check_levels (&c, 4, 4, -1, -1, -1, 0);
  collected_clear (&c);
}

static void
test_cancel (void)
{
  Collected c = { .cancel_after = 25 };
  g_autoptr(GError) error = NULL;

  /* a target it cannot meet: only the cancel ends it */
  g_assert_false (run (&c, 2, 5, &error, "par", "200", "tolerance", "0", "steps", "1000000",
                       NULL));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (c.progress_calls, ==, 25);
  g_assert_cmpuint (c.levels->len, ==, 0);
  collected_clear (&c);
}

static void
test_bad_params (void)
{
  const struct { const char *name, *value, *message; } bad[] = {
    { "size", "3x6", "size=3x6: give WxH, the grid with its border, each from 4 to 12" },
    { "size", "7", "size=7: give WxH" },
    { "colours", "5", "colours=5: give a number from 1 to 4" },
    { "pieces", "0", "pieces=0: give a number from 1 to 64" },
    { "par", "0", "par=0: give a number from 1 to 1000, or any" },
    { "states", "lots", "states=lots: give a number" },
    { "dead-ends", "1.5", "dead-ends=1.5: give a share from 0 to 1, or any" },
    { "tolerance", "-0.1", "tolerance=-0.1: give a number from 0 to 1" },
    { "steps", "0", "steps=0: give a number from 1 to 1000000" },
    { "walls", "3", "“walls” is not a parameter of the Slide generator" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      Collected c = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (run (&c, 1, 1, &error, bad[i].name, bad[i].value, NULL));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i].message));
      g_assert_cmpuint (c.levels->len, ==, 0);
      collected_clear (&c);
    }
  {
    Collected c = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_false (run (&c, 1, 1, &error, "colours", "3", "pieces", "2", NULL));
    g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "pieces=2"));
    collected_clear (&c);
  }
}

/* The command line: levels in the file, and the best kept when the
 * target is out of reach. */
static void
test_cli (void)
{
  const char *cli = g_getenv ("PW_CLI");
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "gen.json", NULL);
  g_autofree char *out2 = g_build_filename (dir, "best.json", NULL);
  const char *argv[] = { cli, "generate", "--kind", "slide", "-n", "2", "--seed", "4", "-q",
                         "-p", "size=6x5", "-p", "par=5", "-o", out, NULL };
  const char *argv2[] = { cli, "generate", "--kind", "slide", "-n", "2", "-q", "-p", "size=4x4",
                          "-p", "par=50", "-p", "tolerance=0", "-p", "steps=30", "-o", out2,
                          NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GFile) file = NULL;
  int status;

  if (cli == NULL)
    {
      g_test_skip ("PW_CLI is not set");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  file = g_file_new_for_path (out);
  set = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 2);
  g_clear_pointer (&set, pw_level_set_unref);
  g_clear_object (&file);
  g_clear_pointer (&err, g_free);

  g_assert_true (g_spawn_sync (NULL, (char **) argv2, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "did not reach the target in 30 steps"));
  file = g_file_new_for_path (out2);
  set = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), ==, 1);
  test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/slide/generate/measure-crosscheck", test_measure_crosscheck);
  g_test_add_func ("/analysis/slide/generate/targets", test_targets);
  g_test_add_func ("/analysis/slide/generate/unreachable", test_unreachable);
  g_test_add_func ("/analysis/slide/generate/cancel", test_cancel);
  g_test_add_func ("/analysis/slide/generate/bad-params", test_bad_params);
  g_test_add_func ("/analysis/slide/generate/cli", test_cli);
  return g_test_run ();
}
