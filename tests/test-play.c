/* test-play.c — play mode: moves, hints, and what the analysis says of
 * each position, against a plain search with the reference rules
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "pw-play.h"
#include "slide-private.h"
#include "slide-reference.h"
#include "test-util.h"

static PwAnalysis *
analyse (PwLevel *level)
{
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;
  PwAnalysis *analysis;

  pw_analyse_options_init (&options);
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_analysis_get_partial (analysis));
  return analysis;
}

/* Fewest moves from @state to a win by the reference rules, breadth
 * first over every reachable state; -1 when none is reachable. */
static int
reference_distance (const SlideRef *ref,
                    const char     *state)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) layer = g_ptr_array_new ();
  int depth = 0;

  g_hash_table_add (seen, g_strdup (state));
  g_ptr_array_add (layer, (gpointer) state);
  while (layer->len > 0)
    {
      g_autoptr(GPtrArray) next = g_ptr_array_new ();

      for (guint i = 0; i < layer->len; i++)
        {
          const char *s = g_ptr_array_index (layer, i);

          if (slide_ref_is_won (s))
            return depth;
          for (int dir = 0; dir < 4; dir++)
            {
              SlideRefStep step;
              char *t = slide_ref_move (ref, s, dir, &step);

              if (t == NULL || g_hash_table_contains (seen, t))
                {
                  g_free (t);
                  continue;
                }
              g_hash_table_add (seen, t);
              g_ptr_array_add (next, t);
            }
        }
      g_ptr_array_set_size (layer, 0);
      g_ptr_array_extend (layer, next, NULL, NULL);
      depth++;
    }
  return -1;
}

/* Random levels, random walks: at every position the status, the
 * distance and every move's status must match the reference search, and
 * the drawn position must match the reference's drawing. */
static void
test_play_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint checked = 0, dead = 0, n_levels = test_instances (150, 40);

  for (guint n = 0; n < n_levels; n++)
    {
      g_autofree char *text = slide_ref_random_level (rand);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = NULL;
      g_autoptr(SlideRef) ref = NULL;
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(PwPlay) play = NULL;
      g_autofree char *state = NULL;

      if (text == NULL)
        continue;
      level = pw_level_new_from_text ("slide", text, &error);
      g_assert_no_error (error);
      ref = slide_ref_new (text, &error);
      g_assert_no_error (error);
      analysis = analyse (level);
      play = pw_play_new (level);
      g_assert_nonnull (play);
      g_assert_cmpint (pw_play_get_status (play, NULL), ==,
                       slide_ref_is_won (ref->start) ? PW_PLAY_WON : PW_PLAY_UNKNOWN);
      pw_play_set_analysis (play, analysis);
      state = g_strdup (ref->start);

      for (int step = 0; step < 12; step++)
        {
          guint distance;
          int expected = reference_distance (ref, state);
          PwPlayStatus status = pw_play_get_status (play, &distance);
          g_autoptr(PwLevel) shown = pw_play_render (play);
          const PwSlideLevel *drawn = pw_level_get_data (shown);
          g_autofree char *ref_drawn = slide_ref_draw (ref, state);
          int moves[4], n_moves = 0;

          if (expected == 0)
            g_assert_cmpint (status, ==, PW_PLAY_WON);
          else if (expected < 0)
            {
              g_assert_cmpint (status, ==, PW_PLAY_DEAD_END);
              dead++;
            }
          else
            {
              g_assert_cmpint (status, ==, PW_PLAY_WINNABLE);
              g_assert_cmpint (distance, ==, expected);
            }
          g_assert_cmpint (pw_play_is_won (play), ==, expected == 0);

          /* the position drawn: pieces over the tiles they stand on */
          for (int y = 0, i = 0; y < drawn->height; y++, i++)
            for (int x = 0; x < drawn->width; x++, i++)
              {
                int c = y * drawn->width + x;
                char piece = drawn->pieces[c];
                char want = ref_drawn[i];

                g_assert_cmpint (piece != '.' ? piece : drawn->cells[c], ==, want);
              }

          if (expected == 0)
            break;
          for (int m = 0; m < 4; m++)
            {
              SlideRefStep ref_step;
              g_autofree char *t = slide_ref_move (ref, state, m, &ref_step);
              gboolean changes;
              guint d;
              PwPlayStatus s = pw_play_get_move_status (play, m, &changes, &d);

              g_assert_cmpint (changes, ==, t != NULL);
              if (t == NULL)
                continue;
              moves[n_moves++] = m;
              expected = reference_distance (ref, t);
              g_assert_cmpint (s, ==, expected == 0 ? PW_PLAY_WON
                                      : expected < 0 ? PW_PLAY_DEAD_END : PW_PLAY_WINNABLE);
              if (expected > 0)
                g_assert_cmpint (d, ==, expected);
              checked++;
            }
          if (n_moves == 0)
            break;

          {
            int m = moves[g_rand_int_range (rand, 0, n_moves)];
            SlideRefStep ref_step;
            char *t = slide_ref_move (ref, state, m, &ref_step);
            PwSlideTrace traces[PW_SLIDE_MAX_PIECES];
            int n_traced = _pw_slide_trace_move (pw_level_get_data (level), drawn, m, traces);
            g_autoptr(PwLevel) after = NULL;
            const PwSlideLevel *next;
            g_autofree char *traced = g_malloc0 (drawn->width * drawn->height);

            g_assert_true (pw_play_move (play, m));
            /* the animation's trace puts every piece where the move does */
            after = pw_play_render (play);
            next = pw_level_get_data (after);
            g_assert_cmpint (n_traced, >, 0);
            memset (traced, '.', drawn->width * drawn->height);
            for (int k = 0; k < n_traced; k++)
              {
                if (traces[k].from >= 0)
                  g_assert_cmpint (drawn->pieces[traces[k].from], ==, traces[k].piece);
                if (traces[k].to >= 0)
                  traced[traces[k].to] = traces[k].piece;
                if (traces[k].exit >= 0)
                  g_assert_cmpint (g_ascii_tolower (next->cells[traces[k].exit]), ==,
                                   traces[k].piece);
              }
            g_assert_cmpmem (traced, drawn->width * drawn->height,
                             next->pieces, drawn->width * drawn->height);
            g_assert_cmpint (pw_play_get_combo_broken (play) || !ref_step.breaks_combo, ==, TRUE);
            g_free (state);
            state = t;
          }
        }
    }
  g_test_message ("%u moves checked, %u dead-end positions", checked, dead);
  /* 1,000 and 20 for the 150 levels of the plain suite */
  g_assert_cmpuint (checked, >, n_levels * 20 / 3);
  g_assert_cmpuint (dead, >, n_levels * 2 / 15);
}

/* Following the hint from the start of every sample level wins in par
 * moves, each move bringing the win one closer; back and restart work. */
static void
test_play_hints (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                            "sample.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(PwAnalysis) analysis = analyse (level);
      g_autoptr(PwPlay) play = pw_play_new (level);
      gint64 par;
      guint distance;
      int hint;

      g_assert_true (pw_analysis_get_int (analysis, "par", &par));
      pw_play_set_analysis (play, analysis);
      g_assert_cmpint (pw_play_get_status (play, &distance), ==, PW_PLAY_WINNABLE);
      g_assert_cmpint (distance, ==, par);
      while ((hint = pw_play_hint (play)) >= 0)
        {
          g_assert_true (pw_play_move (play, hint));
          if (!pw_play_is_won (play))
            {
              g_assert_cmpint (pw_play_get_status (play, &distance), ==, PW_PLAY_WINNABLE);
              g_assert_cmpint (distance, ==, par - (gint64) strlen (pw_play_get_history (play)));
            }
        }
      g_assert_true (pw_play_is_won (play));
      g_assert_cmpint (strlen (pw_play_get_history (play)), ==, par);
      g_assert_false (pw_play_move (play, 0));  /* nothing moves after the win */

      /* the hinted line is a solution by the kind's own replay */
      {
        gboolean won;
        g_autofree char *grid = _pw_slide_play (pw_level_get_data (level),
                                                pw_play_get_history (play), &won, NULL,
                                                &error);
        g_assert_no_error (error);
        g_assert_true (won);
      }

      g_assert_true (pw_play_back (play));
      g_assert_false (pw_play_is_won (play));
      pw_play_restart (play);
      g_assert_cmpstr (pw_play_get_history (play), ==, "");
      g_assert_false (pw_play_back (play));

      /* every state of the graph can be reached by goto_state, and lands
       * on that very state */
      {
        PwStateGraph *graph = pw_analysis_get_graph (analysis);
        guint32 n = pw_state_graph_get_n_states (graph);

        for (guint32 s = 0; s < n; s += 1 + n / 50)
          {
            g_assert_true (pw_play_goto_state (play, s));
            g_assert_cmpuint (pw_play_get_state (play), ==, s);
            g_assert_cmpuint (strlen (pw_play_get_history (play)), ==,
                              pw_state_graph_get_depth (graph, s));
          }
      }
    }
}

/* A level without play (an invalid one) gives no play session; an
 * analysis of another level is not used. */
static void
test_play_refuses (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) bad = pw_level_new_from_text ("slide", "#####\n#rR.#\n#####\n", &error);
  g_autoptr(PwLevel) a = pw_level_new_from_text ("slide", "#####\n#r..#\n#...#\n#R###\n", &error);
  g_autoptr(PwLevel) b = pw_level_new_from_text ("slide", "#####\n#..r#\n#...#\n#R###\n", &error);
  g_autoptr(PwAnalysis) analysis_b = NULL;
  g_autoptr(PwPlay) play = NULL;

  g_assert_no_error (error);
  g_assert_null (pw_play_new (bad));
  play = pw_play_new (a);
  analysis_b = analyse (b);
  pw_play_set_analysis (play, analysis_b);
  g_assert_cmpint (pw_play_get_status (play, NULL), ==, PW_PLAY_UNKNOWN);
  g_assert_cmpint (pw_play_hint (play), ==, -1);
  g_assert_cmpint (pw_play_find_move (play, 'd'), ==, 2);
  g_assert_cmpint (pw_play_find_move (play, 'x'), ==, -1);
  g_assert_cmpint (pw_play_get_move_letter (play, 3), ==, 'L');
}

/* A level with more than ten pieces: its analysis keys take two words on
 * the bitboard path, and play positions must be those same keys, on the
 * path that moves all four directions at once and on the other. */
static void
test_play_many_pieces (void)
{
  const char *text = "########\n"
                     "#.r....#\n"
                     "#$#$#$.#\n"
                     "#$#$#$.#\n"
                     "#.#$#$.#\n"
                     "#......#\n"
                     "#b.*.$.B\n"
                     "###R####\n";

  for (int scalar = 0; scalar < 2; scalar++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", text, &error);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(PwPlay) play = NULL;
      gint64 par;
      guint distance;
      int hint;

      g_assert_no_error (error);
      _pw_slide_force_scalar (scalar);
      analysis = analyse (level);
      _pw_slide_force_scalar (FALSE);
      play = pw_play_new (level);
      g_assert_true (pw_analysis_get_int (analysis, "par", &par));
      g_assert_cmpint (par, ==, 10);
      pw_play_set_analysis (play, analysis);
      g_assert_cmpint (pw_play_get_status (play, &distance), ==, PW_PLAY_WINNABLE);
      g_assert_cmpint (distance, ==, par);
      while ((hint = pw_play_hint (play)) >= 0)
        {
          g_assert_true (pw_play_move (play, hint));
          if (!pw_play_is_won (play))
            {
              g_assert_cmpint (pw_play_get_status (play, &distance), ==, PW_PLAY_WINNABLE);
              g_assert_cmpint (distance, ==, par - (gint64) strlen (pw_play_get_history (play)));
            }
        }
      g_assert_true (pw_play_is_won (play));
      g_assert_cmpint (strlen (pw_play_get_history (play)), ==, par);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/play/random", test_play_random);
  g_test_add_func ("/play/hints", test_play_hints);
  g_test_add_func ("/play/refuses", test_play_refuses);
  g_test_add_func ("/play/many-pieces", test_play_many_pieces);
  return g_test_run ();
}
