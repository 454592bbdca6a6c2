/* test-slide-crosscheck.c — the slide analysis against a plain second
 * implementation of the rules, on thousands of small random levels
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Environment, for debugging only:
 *   PW_XCHECK_SEED=n        another seed for the random levels
 *   PW_XCHECK_LEVELS=n      how many random levels
 *   PW_XCHECK_KEEP_GOING=1  report every disagreement, fail at the end
 */

#define G_LOG_DOMAIN "test-slide-crosscheck"

#include <string.h>

#include "puzzlewright.h"
#include "slide-private.h"
#include "slide-reference.h"
#include "test-util.h"

#define DEFAULT_SEED      20260122
#define DEFAULT_LEVELS    3500
#define MAX_REF_STATES    2000
#define WALKS_PER_LEVEL   3
#define WALK_LENGTH       7

/* Coverage: how many random levels showed each feature. */
typedef enum
{
  FEATURE_PIT_ENTERED,
  FEATURE_PIT_LEFT,
  FEATURE_CRATE_PUSHED,
  FEATURE_CRATE_PUSH_BLOCKED,
  FEATURE_CRATE_INTO_PIT,
  FEATURE_CRATE_OUT_OF_PIT,
  FEATURE_ICE_MOVED,
  FEATURE_ICE_AT_CRATE,
  FEATURE_EXIT,
  FEATURE_MULTI_EXIT,
  FEATURE_WRONG_GOAL,
  FEATURE_COMBO,
  FEATURE_COMBO_BROKEN,
  FEATURE_SEVERAL_COLOURS,
  FEATURE_SEVERAL_GOALS,
  FEATURE_UNWINNABLE,
  FEATURE_DEAD_ENDS,
  FEATURE_DEAD_END_MOVES,
  FEATURE_IMPERFECT,
  FEATURE_PERFECT,
  FEATURE_NO_COMBO_WIN,
  FEATURE_SEVERAL_SHORTEST,
  N_FEATURES
} Feature;

static const char * const feature_names[N_FEATURES] = {
  [FEATURE_PIT_ENTERED]        = "a piece entered a pit",
  [FEATURE_PIT_LEFT]           = "a piece left a pit",
  [FEATURE_CRATE_PUSHED]       = "a crate was pushed",
  [FEATURE_CRATE_PUSH_BLOCKED] = "a push was blocked",
  [FEATURE_CRATE_INTO_PIT]     = "a crate was pushed into a pit",
  [FEATURE_CRATE_OUT_OF_PIT]   = "a crate was pushed out of a pit",
  [FEATURE_ICE_MOVED]          = "an ice cube slid",
  [FEATURE_ICE_AT_CRATE]       = "an ice cube stopped at a crate",
  [FEATURE_EXIT]               = "a skiddy left through its goal",
  [FEATURE_MULTI_EXIT]         = "several skiddies left in one move",
  [FEATURE_WRONG_GOAL]         = "a skiddy stopped at another colour's goal",
  [FEATURE_COMBO]              = "a combo cleared skiddies",
  [FEATURE_COMBO_BROKEN]       = "a move broke the combo",
  [FEATURE_SEVERAL_COLOURS]    = "several skiddy colours",
  [FEATURE_SEVERAL_GOALS]      = "several goals",
  [FEATURE_UNWINNABLE]         = "unwinnable",
  [FEATURE_DEAD_ENDS]          = "dead ends",
  [FEATURE_DEAD_END_MOVES]     = "dead-end first moves",
  [FEATURE_IMPERFECT]          = "max_combo_par > par",
  [FEATURE_PERFECT]            = "perfect",
  [FEATURE_NO_COMBO_WIN]       = "winnable, but not keeping the combo",
  [FEATURE_SEVERAL_SHORTEST]   = "several shortest solutions",
};

/* of DEFAULT_LEVELS, in proportion for other counts */
#define MIN_FEATURE_LEVELS 50

static gboolean keep_going;
static guint n_mismatches;

/* One random level being checked. */
typedef struct
{
  guint       number;
  char       *text;
  SlideRef   *ref;
  PwLevel    *level;
} Case;

static void
case_clear (Case *c)
{
  g_clear_pointer (&c->text, g_free);
  g_clear_pointer (&c->ref, slide_ref_free);
  g_clear_pointer (&c->level, pw_level_unref);
}

static guint
env_uint (const char *name,
          guint       fallback)
{
  const char *value = g_getenv (name);

  return value != NULL ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

/* Mismatch reporting: the level and both values, then the assertion. */

static void
report_mismatch (const Case *c,
                 const char *what,
                 const char *ours,
                 const char *theirs)
{
  g_test_message ("level %u disagrees on %s\n%s"
                  "  reference: %s\n  project:   %s",
                  c->number, what, c->text, ours, theirs);
  n_mismatches++;
}

static void
check_int (const Case *c,
           const char *what,
           gint64      ours,
           gint64      theirs)
{
  if (ours == theirs)
    return;

  {
    g_autofree char *a = g_strdup_printf ("%" G_GINT64_FORMAT, ours);
    g_autofree char *b = g_strdup_printf ("%" G_GINT64_FORMAT, theirs);

    report_mismatch (c, what, a, b);
  }
  if (!keep_going)
    g_assert_cmpint (ours, ==, theirs);
}

static void
check_str (const Case *c,
           const char *what,
           const char *ours,
           const char *theirs)
{
  if (g_strcmp0 (ours, theirs) == 0)
    return;

  report_mismatch (c, what, ours ? ours : "(null)", theirs ? theirs : "(null)");
  if (!keep_going)
    g_assert_cmpstr (ours, ==, theirs);
}

/* An integer figure that may be JSON null; -1 stands for null. */
static gint64
figure_int_or_null (JsonObject *figures,
                    const char *key)
{
  JsonNode *node = json_object_get_member (figures, key);

  g_assert_nonnull (node);
  if (JSON_NODE_HOLDS_NULL (node))
    return -1;
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

static gint64
figure_int (JsonObject *figures,
            const char *key)
{
  JsonNode *node = json_object_get_member (figures, key);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
  return json_node_get_int (node);
}

/* 1: the reference on the smallest example */

static void
test_reference_example (void)
{
  const char *text = "#####\n#r.r#\n#...#\n#R###\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SlideRef) ref = slide_ref_new (text, &error);
  SlideRefFigures figures;

  g_assert_no_error (error);
  g_assert_true (slide_ref_analyse (ref, 1000, &figures));
  g_assert_cmpuint (figures.states, ==, 9);
  g_assert_cmpuint (figures.wins, ==, 1);
  g_assert_cmpfloat (figures.potential_states, ==, 21);
  g_assert_cmpint (figures.par, ==, 2);
  g_assert_cmpuint (figures.shortest_solutions, ==, 1);
  g_assert_cmpint (figures.max_combo_par, ==, 2);
  g_assert_true (figures.perfect);
  g_assert_cmpuint (figures.dead_ends, ==, 0);
  g_assert_cmpstr (figures.dead_end_moves, ==, "");
}

/* A few hand-made checks of single rules in the reference, so that it is
 * not only compared with the project. */
static void
check_ref_moves (const char *text,
                 const char *moves,
                 const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SlideRef) ref = slide_ref_new (text, &error);
  g_autofree char *state = NULL;
  g_autofree char *grid = NULL;

  g_assert_no_error (error);
  state = slide_ref_play (ref, moves, NULL, NULL, &error);
  g_assert_no_error (error);
  grid = slide_ref_draw (ref, state);
  g_assert_cmpstr (grid, ==, expected);
}

static void
test_reference_rules (void)
{
  /* Leading pieces first; a crate is pushed one cell and the skiddy stops. */
  check_ref_moves ("#######\n#r.$..#\n#r*...#\n#######\n", "R",
                   "#######\n#..r$.#\n#...r*#\n#######\n");
  /* A blocked push; ice does not push. */
  check_ref_moves ("######\n#r.$$#\n#*.$.#\n######\n", "R",
                   "######\n#.r$$#\n#.*$.#\n######\n");
  /* A pit stops whatever enters it, and the piece leaves it later. */
  check_ref_moves ("######\n#r.o.#\n######\n", "R", "######\n#..r.#\n######\n");
  check_ref_moves ("######\n#r.o.#\n######\n", "RR", "######\n#..or#\n######\n");
  /* An occupied pit blocks like a piece; a crate can be pushed into a pit
   * and out of it again. */
  check_ref_moves ("#######\n#rr.o.#\n#######\n", "R", "#######\n#..rr.#\n#######\n");
  check_ref_moves ("#######\n#r$o..#\n#######\n", "R", "#######\n#.r$..#\n#######\n");
  check_ref_moves ("#######\n#r$o..#\n#######\n", "RR", "#######\n#..r$.#\n#######\n");
  /* Goals block other colours; followers leave too. */
  check_ref_moves ("######\n#.y.rR\n#.rr.R\n######\n", "R",
                   "######\n#...yR\n#....R\n######\n");
  /* A combo clears the same-colour group touching the cell left from,
   * transitively, but not diagonally. */
  check_ref_moves ("#######\n#...rrR\n#.r.r.#\n#r..g.#\n#######\n", "R",
                   "#######\n#.....R\n#.....#\n#....g#\n#######\n");
  check_ref_moves ("######\n#...rR\n#...r#\n#..rg#\n######\n", "R",
                   "######\n#....R\n#....#\n#..rg#\n######\n");
  /* … including a skiddy that stopped on the cell left from (a pit). */
  check_ref_moves ("######\n#rr.oR\n######\n", "R", "######\n#..rrR\n######\n");
  check_ref_moves ("######\n#rr.oR\n######\n", "RR", "######\n#...oR\n######\n");
}

/* 2: random levels */


static void
count_features (const Case            *c,
                const SlideRefFigures *figures,
                guint                 *counts)
{
  static const struct { guint event; Feature feature; } from_events[] = {
    { SLIDE_REF_EVENT_ENTER_PIT, FEATURE_PIT_ENTERED },
    { SLIDE_REF_EVENT_LEAVE_PIT, FEATURE_PIT_LEFT },
    { SLIDE_REF_EVENT_PUSH, FEATURE_CRATE_PUSHED },
    { SLIDE_REF_EVENT_PUSH_BLOCKED, FEATURE_CRATE_PUSH_BLOCKED },
    { SLIDE_REF_EVENT_PUSH_INTO_PIT, FEATURE_CRATE_INTO_PIT },
    { SLIDE_REF_EVENT_CRATE_ON_PIT_PUSHED, FEATURE_CRATE_OUT_OF_PIT },
    { SLIDE_REF_EVENT_ICE_MOVED, FEATURE_ICE_MOVED },
    { SLIDE_REF_EVENT_ICE_AT_CRATE, FEATURE_ICE_AT_CRATE },
    { SLIDE_REF_EVENT_EXIT, FEATURE_EXIT },
    { SLIDE_REF_EVENT_MULTI_EXIT, FEATURE_MULTI_EXIT },
    { SLIDE_REF_EVENT_WRONG_GOAL, FEATURE_WRONG_GOAL },
    { SLIDE_REF_EVENT_COMBO, FEATURE_COMBO },
    { SLIDE_REF_EVENT_BREAKS_COMBO, FEATURE_COMBO_BROKEN },
  };
  int n_colours = 0;
  int n_goals = 0;

  for (guint i = 0; i < G_N_ELEMENTS (from_events); i++)
    if (figures->events & from_events[i].event)
      counts[from_events[i].feature]++;

  for (int k = 0; k < 4; k++)
    if (strchr (c->ref->start, "rygb"[k]) != NULL)
      n_colours++;
  for (const char *t = c->ref->tiles; *t != '\0'; t++)
    if (strchr ("RYGB", *t) != NULL)
      n_goals++;

  if (n_colours >= 2)
    counts[FEATURE_SEVERAL_COLOURS]++;
  if (n_goals >= 2)
    counts[FEATURE_SEVERAL_GOALS]++;
  if (figures->par < 0)
    counts[FEATURE_UNWINNABLE]++;
  if (figures->dead_ends > 0)
    counts[FEATURE_DEAD_ENDS]++;
  if (figures->dead_end_moves[0] != '\0')
    counts[FEATURE_DEAD_END_MOVES]++;
  if (figures->par >= 0 && figures->max_combo_par > figures->par)
    counts[FEATURE_IMPERFECT]++;
  if (figures->perfect)
    counts[FEATURE_PERFECT]++;
  if (figures->par >= 0 && figures->max_combo_par < 0)
    counts[FEATURE_NO_COMBO_WIN]++;
  if (figures->shortest_solutions >= 2)
    counts[FEATURE_SEVERAL_SHORTEST]++;
}

/* Every figure of the brute force against pw_level_analyse(). */
static void
compare_figures (const Case            *c,
                 const SlideRefFigures *ours,
                 JsonObject            *theirs)
{
  JsonNode *node;
  const char *solution;

  check_int (c, "states", ours->states, figure_int (theirs, "states"));
  check_int (c, "wins", ours->wins, figure_int (theirs, "wins"));

  node = json_object_get_member (theirs, "potential_states");
  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  /* The levels here are small, so the count is an exact integer. */
  g_assert_cmpfloat (ours->potential_states, <, 9007199254740992.0);
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      check_int (c, "potential_states", (gint64) ours->potential_states,
                 json_node_get_int (node));
    }
  else
    {
      g_autofree char *a = g_strdup_printf ("%.17g", ours->potential_states);
      g_autofree char *b = g_strdup_printf ("%.17g (a double)", json_node_get_double (node));

      report_mismatch (c, "potential_states", a, b);
      if (!keep_going)
        g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_INT64);
    }

  check_int (c, "dead_ends", ours->dead_ends, figure_int (theirs, "dead_ends"));
  check_str (c, "dead_end_moves", ours->dead_end_moves,
             json_object_get_string_member (theirs, "dead_end_moves"));
  check_int (c, "par", ours->par, figure_int_or_null (theirs, "par"));
  check_int (c, "shortest_solutions", ours->shortest_solutions,
             figure_int (theirs, "shortest_solutions"));
  check_int (c, "max_combo_par", ours->max_combo_par,
             figure_int_or_null (theirs, "max_combo_par"));
  check_int (c, "perfect", ours->perfect, json_object_get_boolean_member (theirs, "perfect"));

  /* The project's solution, replayed by the reference. */
  node = json_object_get_member (theirs, "solution");
  g_assert_nonnull (node);
  solution = JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);
  if (ours->par < 0 || solution == NULL)
    {
      check_int (c, "solution is null", ours->par < 0, solution == NULL);
    }
  else
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *end = NULL;
      gboolean won = FALSE;

      check_int (c, "length of the solution", ours->par, strlen (solution));
      end = slide_ref_play (c->ref, solution, &won, NULL, &error);
      if (end == NULL)
        {
          report_mismatch (c, "replaying the solution", error->message, solution);
          if (!keep_going)
            g_assert_no_error (error);
        }
      else if (!won)
        {
          g_autofree char *grid = slide_ref_draw (c->ref, end);

          report_mismatch (c, "the solution wins", grid, solution);
          if (!keep_going)
            g_assert_true (won);
        }
    }
}

/* The project must refuse move @dir after @moves. */
static void
check_refused (const Case *c,
               const char *moves,
               int         dir)
{
  const PwSlideLevel *data = pw_level_get_data (c->level);
  g_autoptr (GError) error = NULL;
  g_autofree char *attempt = g_strdup_printf ("%s%c", moves, SLIDE_REF_MOVES[dir]);
  gboolean won = FALSE;
  gboolean combo_broken = FALSE;
  g_autofree char *grid = _pw_slide_play (data, attempt, &won, &combo_broken, &error);

  if (grid != NULL)
    {
      g_autofree char *what = g_strdup_printf ("whether \"%s\" is a move", attempt);

      report_mismatch (c, what, "not a move", grid);
      if (!keep_going)
        g_assert_null (grid);
    }
  g_assert_nonnull (error);
}

/* Random walks: the project's grid after every prefix against ours, and
 * moves that change nothing refused by both. */
static void
compare_walks (const Case *c,
               GRand      *rand)
{
  const PwSlideLevel *data = pw_level_get_data (c->level);

  for (int w = 0; w < WALKS_PER_LEVEL; w++)
    {
      g_autofree char *state = g_strdup (c->ref->start);
      GString *moves = g_string_new (NULL);
      gboolean broken = FALSE;

      for (int step_no = 0; step_no < WALK_LENGTH && !slide_ref_is_won (state); step_no++)
        {
          char *next[4];
          SlideRefStep steps[4];
          int valid[4];
          int n_valid = 0;
          int d;
          g_autoptr (GError) error = NULL;
          g_autofree char *theirs = NULL;
          g_autofree char *ours = NULL;
          gboolean won = FALSE;
          gboolean combo_broken = FALSE;

          for (int k = 0; k < 4; k++)
            {
              next[k] = slide_ref_move (c->ref, state, k, &steps[k]);
              if (next[k] != NULL)
                valid[n_valid++] = k;
            }

          /* A move the reference refuses must be refused by the project. */
          for (int k = 0; k < 4; k++)
            if (next[k] == NULL)
              check_refused (c, moves->str, k);

          if (n_valid == 0)
            break;

          d = valid[g_rand_int_range (rand, 0, n_valid)];
          g_string_append_c (moves, SLIDE_REF_MOVES[d]);
          broken = broken || steps[d].breaks_combo;
          g_free (state);
          state = next[d];
          next[d] = NULL;
          for (int k = 0; k < 4; k++)
            g_free (next[k]);

          ours = slide_ref_draw (c->ref, state);
          theirs = _pw_slide_play (data, moves->str, &won, &combo_broken, &error);
          {
            g_autofree char *what = g_strdup_printf ("the grid after \"%s\"", moves->str);

            if (theirs == NULL)
              {
                report_mismatch (c, what, ours, error->message);
                if (!keep_going)
                  g_assert_no_error (error);
                break;
              }
            check_str (c, what, ours, theirs);
          }
          {
            g_autofree char *what = g_strdup_printf ("won after \"%s\"", moves->str);

            check_int (c, what, slide_ref_is_won (state), won);
          }
          {
            g_autofree char *what = g_strdup_printf ("combo broken after \"%s\"", moves->str);

            check_int (c, what, broken, combo_broken);
          }
        }

      /* Nothing is a move once the level is won. */
      if (slide_ref_is_won (state))
        for (int k = 0; k < 4; k++)
          check_refused (c, moves->str, k);

      g_string_free (moves, TRUE);
    }
}

/* @data: non-NULL to analyse with the general move code even where the
 * project would use bitboards, so both paths meet the reference. */
static void
test_crosscheck_random (gconstpointer data)
{
  guint seed = env_uint ("PW_XCHECK_SEED", DEFAULT_SEED);
  guint n_levels = test_instances (env_uint ("PW_XCHECK_LEVELS", DEFAULT_LEVELS), 500);
  guint min_levels = MAX (1, (guint) ((guint64) MIN_FEATURE_LEVELS * n_levels / DEFAULT_LEVELS));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint counts[N_FEATURES] = { 0 };
  guint n_done = 0;
  guint n_attempts = 0;
  guint n_too_big = 0;
  guint64 total_states = 0;

  keep_going = g_getenv ("PW_XCHECK_KEEP_GOING") != NULL;
  n_mismatches = 0;
  _pw_slide_force_generic (g_strcmp0 (data, "generic") == 0);
  _pw_slide_force_scalar (g_strcmp0 (data, "scalar") == 0);

  while (n_done < n_levels)
    {
      Case c = { 0 };
      SlideRefFigures figures;
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) problems = NULL;
      g_autoptr (PwAnalysis) analysis = NULL;

      n_attempts++;
      c.text = slide_ref_random_level (rand);
      if (c.text == NULL)
        continue;
      c.number = n_done;

      c.ref = slide_ref_new (c.text, &error);
      g_assert_no_error (error);
      if (!slide_ref_analyse (c.ref, MAX_REF_STATES, &figures))
        {
          n_too_big++;
          case_clear (&c);
          continue;
        }

      c.level = pw_level_new_from_text ("slide", c.text, &error);
      if (c.level == NULL)
        g_test_message ("level %u: the project does not load\n%s", c.number, c.text);
      g_assert_no_error (error);
      problems = pw_level_validate (c.level);
      for (guint i = 0; i < problems->len; i++)
        {
          const PwProblem *problem = problems->pdata[i];

          g_test_message ("level %u: the project finds a problem at %d,%d: %s\n%s",
                          c.number, problem->x, problem->y, problem->message, c.text);
        }
      g_assert_cmpuint (problems->len, ==, 0);

      analysis = pw_level_analyse (c.level, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pw_analysis_get_partial (analysis));

      compare_figures (&c, &figures, pw_analysis_get_figures (analysis));
      compare_walks (&c, rand);
      count_features (&c, &figures, counts);

      total_states += figures.states + figures.wins;
      n_done++;
      case_clear (&c);
    }

  g_test_message ("%u random levels (seed %u) from %u attempts, %u too big; "
                  "%" G_GUINT64_FORMAT " states in all",
                  n_done, seed, n_attempts, n_too_big, total_states);
  for (int f = 0; f < N_FEATURES; f++)
    g_test_message ("  %5u levels: %s", counts[f], feature_names[f]);

  g_assert_cmpuint (n_mismatches, ==, 0);
  for (int f = 0; f < N_FEATURES; f++)
    {
      if (counts[f] < min_levels)
        g_test_message ("too few levels with feature: %s", feature_names[f]);
      g_assert_cmpuint (counts[f], >=, min_levels);
    }
  _pw_slide_force_generic (FALSE);
  _pw_slide_force_scalar (FALSE);
}

/* 3: potential_states too large for an integer, on a partial analysis */

static void
test_crosscheck_potential_large (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (DEFAULT_SEED);
  /* 10 of each colour, 12 crates, 12 ice cubes: 64 pieces, the most allowed. */
  const char pieces[] = "rrrrrrrrrr" "yyyyyyyyyy" "gggggggggg" "bbbbbbbbbb"
                        "$$$$$$$$$$$$" "************";
  char grid[16][17];
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SlideRef) ref = NULL;
  g_autoptr (PwLevel) level = NULL;
  g_autoptr (PwAnalysis) analysis = NULL;
  PwAnalyseOptions options;
  JsonNode *node;
  double ours;
  double theirs;

  for (int y = 0; y < 16; y++)
    {
      for (int x = 0; x < 16; x++)
        grid[y][x] = (x == 0 || y == 0 || x == 15 || y == 15) ? '#' : '.';
      grid[y][16] = '\0';
    }
  grid[0][5] = 'R';
  grid[15][7] = 'Y';
  grid[3][0] = 'G';
  grid[9][15] = 'B';
  for (const char *p = pieces; *p != '\0'; p++)
    {
      int x;
      int y;

      do
        {
          x = g_rand_int_range (rand, 1, 15);
          y = g_rand_int_range (rand, 1, 15);
        }
      while (grid[y][x] != '.');
      grid[y][x] = *p;
    }
  for (int y = 0; y < 16; y++)
    g_string_append_printf (text, "%s\n", grid[y]);

  ref = slide_ref_new (text->str, &error);
  g_assert_no_error (error);
  ours = slide_ref_potential_states (ref);

  level = pw_level_new_from_text ("slide", text->str, &error);
  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  options.max_states = 1000;
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  node = json_object_get_member (pw_analysis_get_figures (analysis), "potential_states");
  g_assert_nonnull (node);
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_DOUBLE);
  theirs = json_node_get_double (node);
  g_test_message ("potential_states: reference %.17g, project %.17g", ours, theirs);
  g_assert_cmpfloat (ours, >, 1e90);
  g_assert_cmpfloat_with_epsilon (theirs / ours, 1.0, 1e-12);
}

/* 4: boards of at most 64 cells with more than ten pieces, whose
 * bitboard keys take several words: the bitboard path against the
 * general one, every figure. */

static char *
figures_text (PwLevel *level,
              gboolean generic)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PwAnalysis) analysis = NULL;
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *json = NULL;
  PwAnalyseOptions options;

  pw_analyse_options_init (&options);
  options.max_states = 50000;
  _pw_slide_force_generic (generic);
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  _pw_slide_force_generic (FALSE);
  g_assert_no_error (error);
  json_node_set_object (node, pw_analysis_get_figures (analysis));
  json = json_to_string (node, FALSE);
  return g_strdup_printf ("%s%s", json, pw_analysis_get_partial (analysis) ? " (partial)" : "");
}

static void
test_crosscheck_many_pieces (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (DEFAULT_SEED);
  guint n_complete = 0;

  for (guint i = 0; i < 40; i++)
    {
      /* 8×8 is 64 cells; 14 to 29 pieces are two or three key words */
      const char *movers = "rrgbby**";
      int n_movers = g_rand_int_range (rand, 2, 6);
      int n_crates = g_rand_int_range (rand, 12, 25);
      char grid[8][9];
      g_autoptr (GString) text = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (PwLevel) level = NULL;
      g_autofree char *bits = NULL;
      g_autofree char *general = NULL;

      for (int y = 0; y < 8; y++)
        {
          for (int x = 0; x < 8; x++)
            grid[y][x] = (x == 0 || y == 0 || x == 7 || y == 7) ? '#' : '.';
          grid[y][8] = '\0';
        }
      grid[0][3] = 'R';
      grid[7][5] = 'G';
      grid[4][0] = 'B';
      grid[2][7] = 'Y';
      grid[g_rand_int_range (rand, 1, 7)][g_rand_int_range (rand, 1, 7)] = 'o';
      for (int k = 0; k < n_movers + n_crates; k++)
        {
          char piece = k == 0 ? 'r' : k < n_movers ? movers[g_rand_int_range (rand, 0, 8)] : '$';
          int x;
          int y;

          do
            {
              x = g_rand_int_range (rand, 1, 7);
              y = g_rand_int_range (rand, 1, 7);
            }
          while (grid[y][x] != '.');
          grid[y][x] = piece;
        }
      for (int y = 0; y < 8; y++)
        g_string_append_printf (text, "%s\n", grid[y]);

      level = pw_level_new_from_text ("slide", text->str, &error);
      g_assert_no_error (error);
      bits = figures_text (level, FALSE);
      general = figures_text (level, TRUE);
      if (g_strcmp0 (bits, general) != 0)
        g_test_message ("level %u:\n%sbitboards: %s\ngeneral:   %s", i, text->str, bits, general);
      g_assert_cmpstr (bits, ==, general);
      n_complete += !g_str_has_suffix (bits, "(partial)");
    }
  g_test_message ("%u of 40 levels analysed completely", n_complete);
  g_assert_cmpuint (n_complete, >=, 10);
}

/* 5: one-word keys (at most ten pieces) where one group holds up to all
 * ten: the four-lane path packs every group's count from 1 to 10 there.
 * All three paths (four lanes where the processor has AVX2, one direction
 * at a time, general), every figure. */

static char *
figures_text_path (PwLevel    *level,
                   const char *path)
{
  char *text;

  _pw_slide_force_scalar (g_strcmp0 (path, "scalar") == 0);
  text = figures_text (level, g_strcmp0 (path, "generic") == 0);
  _pw_slide_force_scalar (FALSE);
  return text;
}

static void
test_crosscheck_big_groups (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (DEFAULT_SEED + 5);
  const char pieces[] = "rygb$*";
  guint n_complete = 0;

  for (guint i = 0; i < 60; i++)
    {
      /* one group of 4 to 10 pieces, the rest of the ten at random */
      char big = pieces[i % 6];
      int n_big = MIN (4 + (int) (i / 6) % 7, big == '$' || big == '*' ? 9 : 10);
      char grid[8][9];
      g_autoptr (GString) text = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (PwLevel) level = NULL;
      g_autofree char *lanes = NULL;
      g_autofree char *scalar = NULL;
      g_autofree char *general = NULL;

      for (int y = 0; y < 8; y++)
        {
          for (int x = 0; x < 8; x++)
            grid[y][x] = (x == 0 || y == 0 || x == 7 || y == 7) ? '#' : '.';
          grid[y][8] = '\0';
        }
      grid[0][3] = 'R';
      grid[7][5] = 'G';
      grid[4][0] = 'B';
      grid[2][7] = 'Y';
      grid[g_rand_int_range (rand, 1, 7)][g_rand_int_range (rand, 1, 7)] = 'o';
      for (int k = 0; k < 10; k++)
        {
          /* at least one skiddy, so that the level can be won */
          char piece = k < n_big ? big : k == n_big ? 'r' : pieces[g_rand_int_range (rand, 0, 6)];
          int x;
          int y;

          do
            {
              x = g_rand_int_range (rand, 1, 7);
              y = g_rand_int_range (rand, 1, 7);
            }
          while (grid[y][x] != '.');
          grid[y][x] = piece;
        }
      for (int y = 0; y < 8; y++)
        g_string_append_printf (text, "%s\n", grid[y]);

      level = pw_level_new_from_text ("slide", text->str, &error);
      g_assert_no_error (error);
      lanes = figures_text_path (level, "lanes");
      scalar = figures_text_path (level, "scalar");
      general = figures_text_path (level, "generic");
      if (g_strcmp0 (lanes, scalar) != 0 || g_strcmp0 (lanes, general) != 0)
        g_test_message ("level %u:\n%sfour lanes: %s\none way:    %s\ngeneral:    %s", i,
                        text->str, lanes, scalar, general);
      g_assert_cmpstr (lanes, ==, scalar);
      g_assert_cmpstr (lanes, ==, general);
      n_complete += !g_str_has_suffix (lanes, "(partial)");
    }
  g_test_message ("%u of 60 levels analysed completely", n_complete);
  g_assert_cmpuint (n_complete, >=, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/slide/reference/example-3x2", test_reference_example);
  g_test_add_func ("/analysis/slide/reference/rules", test_reference_rules);
  g_test_add_data_func ("/analysis/slide/crosscheck/random", NULL, test_crosscheck_random);
  g_test_add_data_func ("/analysis/slide/crosscheck/random-general-path", "generic",
                        test_crosscheck_random);
  /* on processors with AVX2, the default path moves all four directions
   * at once; this one moves them one at a time, as other processors do */
  g_test_add_data_func ("/analysis/slide/crosscheck/random-one-direction-path", "scalar",
                        test_crosscheck_random);
  g_test_add_func ("/analysis/slide/crosscheck/potential-large",
                   test_crosscheck_potential_large);
  g_test_add_func ("/analysis/slide/crosscheck/many-pieces", test_crosscheck_many_pieces);
  g_test_add_func ("/analysis/slide/crosscheck/big-groups", test_crosscheck_big_groups);

  return g_test_run ();
}
