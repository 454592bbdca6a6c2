/* test-slide-rules.c — every slide rule on hand-checked positions
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case is a start grid, a move string and the grid expected after it
 * (a piece standing on a pit is drawn as the piece), worked out by hand
 * from docs/rules/slide.md.
 */

#include "config.h"

#include "puzzlewright.h"
#include "slide-private.h"

typedef struct
{
  const char *path;
  const char *start;
  const char *moves;
  const char *expected;   /* NULL: the moves are refused */
  gboolean    won;
  gboolean    combo_broken;
} PlayCase;

static const PlayCase play_cases[] = {
  /* sliding */
  { "/analysis/slide/rules/slide-to-wall", "#####\n#r..#\n#####\n", "R", "#####\n#..r#\n#####\n" },
  { "/analysis/slide/rules/slide-up", "###\n#.#\n#.#\n#r#\n###\n", "U", "###\n#r#\n#.#\n#.#\n###\n" },
  { "/analysis/slide/rules/leading-first", "######\n#rr..#\n######\n", "R",
    "######\n#..rr#\n######\n" },
  { "/analysis/slide/rules/all-move-at-once", "#####\n#r..#\n#..y#\n#####\n", "L",
    "#####\n#r..#\n#y..#\n#####\n" },
  { "/analysis/slide/rules/no-op-refused", "#####\n#r..#\n#####\n", "L", NULL },
  /* goals */
  { "/analysis/slide/rules/other-goal-blocks", "#####\n#r..Y\n#####\n", "R", "#####\n#..rY\n#####\n" },
  { "/analysis/slide/rules/own-goal-exits", "#####\n#r..R\n#####\n", "R", "#####\n#...R\n#####\n",
    TRUE },
  { "/analysis/slide/rules/follower-takes-freed-cell", "#####\n#yr.R\n#####\n", "R",
    "#####\n#..yR\n#####\n", FALSE },
  { "/analysis/slide/rules/followers-exit-too", "######\n#rr..R\n######\n", "R",
    "######\n#....R\n######\n", TRUE },
  { "/analysis/slide/rules/goal-blocks-ice", "#####\n#*..R\n#r..#\n#####\n", "R",
    "#####\n#..*R\n#..r#\n#####\n" },
  { "/analysis/slide/rules/move-after-win-refused", "#####\n#r..R\n#####\n", "RL", NULL },
  /* pits */
  { "/analysis/slide/rules/pit-stops", "######\n#r.o.#\n######\n", "R", "######\n#..r.#\n######\n" },
  { "/analysis/slide/rules/pit-can-be-left", "######\n#r.o.#\n######\n", "RR",
    "######\n#..or#\n######\n" },
  { "/analysis/slide/rules/occupied-pit-blocks", "#######\n#rro..#\n#######\n", "R",
    "#######\n#.rr..#\n#######\n" },
  { "/analysis/slide/rules/occupied-pit-then-leave", "#######\n#rro..#\n#######\n", "RR",
    "#######\n#..r.r#\n#######\n" },
  { "/analysis/slide/rules/ice-stops-in-pit", "######\n#*.o.#\n#r...#\n######\n", "R",
    "######\n#..*.#\n#...r#\n######\n" },
  /* crates */
  { "/analysis/slide/rules/push-crate", "######\n#r.$.#\n######\n", "R", "######\n#..r$#\n######\n" },
  { "/analysis/slide/rules/crate-against-wall", "####\n#r$#\n####\n", "R", NULL },
  { "/analysis/slide/rules/crate-blocked-by-wall", "######\n#r..$#\n######\n", "R",
    "######\n#..r$#\n######\n" },
  { "/analysis/slide/rules/push-into-pit", "#####\n#r$o#\n#####\n", "R", "#####\n#.r$#\n#####\n" },
  { "/analysis/slide/rules/crate-not-into-goal", "#####\n#r.$R\n#####\n", "R",
    "#####\n#.r$R\n#####\n" },
  { "/analysis/slide/rules/crate-not-into-piece", "######\n#r.$*#\n######\n", "R",
    "######\n#.r$*#\n######\n" },
  { "/analysis/slide/rules/leading-ice-frees-crate", "#######\n#r.$*.#\n#######\n", "R",
    "#######\n#..r$*#\n#######\n" },
  { "/analysis/slide/rules/one-crate-at-most", "#######\n#r.$$.#\n#######\n", "R",
    "#######\n#.r$$.#\n#######\n" },
  { "/analysis/slide/rules/push-once-per-move", "#######\n#r$..$#\n#######\n", "R",
    "#######\n#.r$.$#\n#######\n" },
  { "/analysis/slide/rules/ice-does-not-push", "######\n#*.$.#\n#r...#\n######\n", "R",
    "######\n#.*$.#\n#...r#\n######\n" },
  { "/analysis/slide/rules/crate-out-of-pit", "######\n#r$o.#\n######\n", "RR",
    "######\n#..r$#\n######\n" },
  /* combos */
  { "/analysis/slide/rules/combo-clears-neighbour", "######\n#rr..#\n#....#\n#R####\n", "D",
    "######\n#....#\n#....#\n#R####\n", TRUE, FALSE },
  { "/analysis/slide/rules/combo-chain", "######\n#rrr.#\n#....#\n#R####\n", "D",
    "######\n#....#\n#....#\n#R####\n", TRUE, FALSE },
  { "/analysis/slide/rules/no-combo-breaks", "######\n#r.r.#\n#....#\n#R####\n", "D",
    "######\n#....#\n#..r.#\n#R####\n", FALSE, TRUE },
  { "/analysis/slide/rules/combo-not-through-other-colour",
    "#######\n#ryr..#\n#.....#\n#R#####\n", "D", "#######\n#.....#\n#.yr..#\n#R#####\n", FALSE,
    TRUE },
  { "/analysis/slide/rules/combo-only-same-colour", "######\n#ry..#\n#....#\n#R####\n", "D",
    "######\n#....#\n#.y..#\n#R####\n", FALSE, FALSE },
};

static void
test_play (gconstpointer data)
{
  const PlayCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", c->start, &error);
  g_autofree char *result = NULL;
  gboolean won = FALSE;
  gboolean broken = FALSE;

  g_assert_no_error (error);
  g_assert_nonnull (level);

  result = _pw_slide_play (pw_level_get_data (level), c->moves, &won, &broken, &error);
  if (c->expected == NULL)
    {
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_null (result);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpstr (result, ==, c->expected);
  g_assert_cmpint (won, ==, c->won);
  g_assert_cmpint (broken, ==, c->combo_broken);
}

/* ------------------------------------------------------------------ */
/* Whole analyses counted by hand                                       */

static PwAnalysis *
analyse_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", text, &error);
  PwAnalysis *analysis;

  g_assert_no_error (error);
  analysis = pw_level_analyse (level, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (analysis);
  g_assert_false (pw_analysis_get_partial (analysis));
  return analysis;
}

static gint64
fig_int (PwAnalysis *analysis,
         const char *key)
{
  gint64 value = -1;

  g_assert_true (pw_analysis_get_int (analysis, key, &value));
  return value;
}

static gboolean
fig_null (PwAnalysis *analysis,
          const char *key)
{
  JsonNode *node = json_object_get_member (pw_analysis_get_figures (analysis), key);

  g_assert_nonnull (node);
  return JSON_NODE_HOLDS_NULL (node);
}

static const char *
fig_string (PwAnalysis *analysis,
            const char *key)
{
  return json_object_get_string_member (pw_analysis_get_figures (analysis), key);
}

static gboolean
fig_bool (PwAnalysis *analysis,
          const char *key)
{
  return json_object_get_boolean_member (pw_analysis_get_figures (analysis), key);
}

/* The issue's 3×2 example. */
static void
test_example_3x2 (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("#####\n#r.r#\n#...#\n#R###\n");

  g_assert_cmpint (fig_int (a, "states"), ==, 9);
  g_assert_cmpint (fig_int (a, "wins"), ==, 1);
  g_assert_cmpint (fig_int (a, "potential_states"), ==, 21);
  g_assert_cmpint (fig_int (a, "par"), ==, 2);
  g_assert_cmpstr (fig_string (a, "solution"), ==, "LD");
  g_assert_cmpint (fig_int (a, "max_combo_par"), ==, 2);
  g_assert_true (fig_bool (a, "perfect"));
  g_assert_cmpint (fig_int (a, "dead_ends"), ==, 0);
  g_assert_cmpstr (fig_string (a, "dead_end_moves"), ==, "");
}

/* r walks a 2×2 room: (1,1) (1,2) (2,2) (2,1), and R from (2,1) or (1,1)
 * leaves through the goal. */
static void
test_small_room (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("####\n#r.R\n#..#\n####\n");

  g_assert_cmpint (fig_int (a, "states"), ==, 4);
  g_assert_cmpint (fig_int (a, "wins"), ==, 1);
  g_assert_cmpint (fig_int (a, "potential_states"), ==, 4);
  g_assert_cmpint (fig_int (a, "par"), ==, 1);
  g_assert_cmpint (fig_int (a, "shortest_solutions"), ==, 1);
  g_assert_cmpstr (fig_string (a, "solution"), ==, "R");
  g_assert_cmpint (fig_int (a, "dead_ends"), ==, 0);
}

/* Down first reaches the goal's row: DR is the one shortest line (RDR is
 * longer). States: r at (1,1), (3,1), (1,2), (3,2). */
static void
test_one_shortest (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("#####\n#r..#\n#...R\n#####\n");

  g_assert_cmpint (fig_int (a, "states"), ==, 4);
  g_assert_cmpint (fig_int (a, "par"), ==, 2);
  g_assert_cmpint (fig_int (a, "shortest_solutions"), ==, 1);
  g_assert_cmpstr (fig_string (a, "solution"), ==, "DR");
}

/* A crate jams against the goal: every state is a dead end. */
static void
test_all_dead (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("######\n#r$..R\n######\n");

  g_assert_cmpint (fig_int (a, "states"), ==, 5);
  g_assert_cmpint (fig_int (a, "wins"), ==, 0);
  g_assert_cmpint (fig_int (a, "potential_states"), ==, 12);
  g_assert_cmpint (fig_int (a, "dead_ends"), ==, 5);
  g_assert_cmpstr (fig_string (a, "dead_end_moves"), ==, "R");
  g_assert_true (fig_null (a, "par"));
  g_assert_cmpint (fig_int (a, "shortest_solutions"), ==, 0);
  g_assert_true (fig_null (a, "max_combo_par"));
  g_assert_false (fig_bool (a, "perfect"));
  g_assert_true (fig_null (a, "difficulty"));
}

/* The pit holds r for one move: R into the pit, R out through the goal. */
static void
test_pit_par (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("#####\n#r.oR\n#####\n");

  g_assert_cmpint (fig_int (a, "states"), ==, 2);
  g_assert_cmpint (fig_int (a, "par"), ==, 2);
  g_assert_cmpstr (fig_string (a, "solution"), ==, "RR");
  g_assert_cmpint (fig_int (a, "dead_ends"), ==, 0);
}

/* Two reds in separate rooms leave by different moves (D and R) from cells
 * that never touch: both orders win in two moves, and every win breaks the
 * combo. */
static void
test_combo_impossible (void)
{
  g_autoptr(PwAnalysis) a = analyse_text ("######\n#r#..#\n#.#.rR\n#R####\n");

  g_assert_cmpint (fig_int (a, "par"), ==, 2);
  g_assert_cmpint (fig_int (a, "shortest_solutions"), ==, 2);
  g_assert_cmpstr (fig_string (a, "solution"), ==, "RD");
  g_assert_true (fig_null (a, "max_combo_par"));
  g_assert_false (fig_bool (a, "perfect"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (play_cases); i++)
    g_test_add_data_func (play_cases[i].path, &play_cases[i], test_play);

  g_test_add_func ("/analysis/slide/figures/example-3x2", test_example_3x2);
  g_test_add_func ("/analysis/slide/figures/small-room", test_small_room);
  g_test_add_func ("/analysis/slide/figures/one-shortest", test_one_shortest);
  g_test_add_func ("/analysis/slide/figures/all-dead", test_all_dead);
  g_test_add_func ("/analysis/slide/figures/pit-par", test_pit_par);
  g_test_add_func ("/analysis/slide/figures/combo-impossible", test_combo_impossible);

  return g_test_run ();
}
