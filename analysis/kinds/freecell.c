/* freecell.c — the freecell kind: card deals, solved exactly, with
 * Chen's a priori hardness (The Hardness Analysis of FreeCell Games,
 * 2015) and the free cells a deal really needs
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are in docs/rules/freecell.md. Every figure is computed on
 * the smallest deal of the level's suit-swap class (clubs ↔ spades,
 * diamonds ↔ hearts), so two deals of one class get the same figures;
 * a solution names places, not cards, so it plays on either.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include <glib/gi18n-lib.h>

#include "freecell-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"
#include "pw-level.h"
#include "pw-level-set.h"

/* each solver run stores at most this many positions (about 80 bytes
 * each), whatever larger budget the caller gives */
#define SOLVE_MAX_STATES G_GUINT64_CONSTANT (5000000)
/* The fewest free cells: the searches tried in turn for each count, until
 * one wins it or proves it lost. The best-first solver finds most
 * solutions in a few thousand positions; the depth-first prover
 * (freecell-prove.c) checks a position at about half the solver's CPU
 * (deal 891, two cells: 1.0 µs against 1.9) but wanders when there is a
 * solution. Each prover step resumes the prover's last one (no position
 * visited twice); the solver starts over.
 * The order, measured with bench-freecell --census (rows per step;
 * docs/performance.md, "The ladder"): after the solver's first step, its
 * wins on MS 1–1000 and every 32nd deal of 1–32000 came within 2 M
 * positions stored but one (deal 140 with two cells, which the 5 M
 * solver wins at 636 k checked: each of its passes gets a share of the
 * budget), while where the prover needed more than its first 3 M, a 5 M
 * solver step before it only cost time (9 s on deal 891 with two cells).
 * A 1 M solver step before a 10 M prover step lost more than it saved
 * (the prover wandering 7 M positions on deals 140 and 267). So: solver
 * 200 k, prover 3 M, solver 2 M, prover on to 30 M, and the solver's
 * full 5 M last, for the solutions the prover does not find: on the
 * sample 16 % less CPU for the ladder than the old one in the same run
 * and 9 % less than the old order with the prover resumed would take;
 * on 1–1000 5–7 % more than that (deal 140 pays 10 M positions).
 * Every step of the old order (solver 200 k, prover 3 M, solver 5 M,
 * prover 30 M) is still here, and none depends on the others' order, so
 * every count the old ladder decided this one decides the same way.
 * Third, after the prover's 3 M, the depth-first portfolio
 * (freecell-dfs.c), 500 k positions stored, for the solvable counts
 * where the prover wanders: on every 32nd deal of 1–32000 it wins 5 of
 * the 8 counts it is given, 14497 with one cell among them (no other
 * step decides it within 30 M), and the ladder takes 97 s of CPU against
 * 146 s in the same run; on 1–1000 104 s against 111 s. Second (before
 * the prover) it won and proved more (26 of 37 on the sample) but cost
 * more on 1–1000 (123 s: the prover proves and wins those cheaply), and
 * 1 M third cost more on both (docs/performance.md, "A depth-first
 * step"). Its solutions are replayed by the rules and its proofs are
 * exhaustive, so it too decides only what the others would.
 *
 * Last, the prover goes on from 30 M to 100 M positions: the counts the
 * whole census of MS 1–32000 left undecided at 30 M were proofs of a
 * lost deal (all but two) needing 31–85 M positions for half of them and
 * more than 100 M for the others (docs/performance.md, "The census's
 * unknowns"); with the 24-byte key and claimed moves of freecell-prove.c
 * 100 M positions take about twice the CPU 30 M took before and hold
 * 2.8 GB. It comes after the solver's 5 M, which wins for a few seconds
 * the counts the prover would wander on (deal 3709 with one cell: 89.6 M
 * positions, 99 s, when the prover went straight on to 100 M). */
#define DFS_BUDGET 500000

typedef enum
{
  STEP_SOLVER,
  STEP_PROVER,
  STEP_DFS,
} StepKind;

typedef struct
{
  StepKind kind;
  guint64  budget;
} LadderStep;

static const LadderStep fewest_ladder[] = {
  { STEP_SOLVER,  200000 },
  { STEP_PROVER, 3000000 },
  { STEP_DFS,    DFS_BUDGET },
  { STEP_SOLVER, 2000000 },
  { STEP_PROVER, 30000000 },
  { STEP_SOLVER, 5000000 },
  { STEP_PROVER, 100000000 },
};
#define PROVE_MAX_STATES G_GUINT64_CONSTANT (100000000)

#define FREECELL_FIGURES(X)                                                                        \
  X (SOLVABLE,        "solvable",            N_("Solvable"),                       PW_FIGURE_BOOL)   \
  X (PROVED,          "proved",              N_("Verdict proved"),                 PW_FIGURE_BOOL)   \
  X (SOLUTION_LENGTH, "solution_length",     N_("Solution length (moves)"),        PW_FIGURE_INT)    \
  X (STATES,          "states_checked",      N_("Positions checked"),              PW_FIGURE_INT)    \
  X (MIN_FREE,        "min_free_cells",      N_("Fewest free cells needed"),       PW_FIGURE_INT)    \
  X (HARDNESS,        "hardness",            N_("A priori hardness (Chen)"),       PW_FIGURE_INT)    \
  X (ACES,            "hardness_aces",       N_("Cards above aces"),               PW_FIGURE_INT)    \
  X (KINGS,           "hardness_kings",      N_("Cards under kings"),              PW_FIGURE_INT)    \
  X (BLOCKING,        "hardness_blocking",   N_("Ranks blocking aces"),            PW_FIGURE_INT)    \
  X (DISORDERED,      "hardness_disordered", N_("Disordered cards"),               PW_FIGURE_INT)    \
  X (MODEL, "difficulty_model", N_("Model: predicted effort"),                                       \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_BASE, "difficulty_model_base", N_("Model: the average deal"),                             \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_ACES, "difficulty_model_aces", N_("Model: cards above aces"),                             \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_KINGS, "difficulty_model_kings", N_("Model: cards under kings"),                          \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_BLOCKING, "difficulty_model_blocking", N_("Model: ranks blocking aces"),                  \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_DISORDERED, "difficulty_model_disordered", N_("Model: disordered cards"),                 \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_DEEPEST_ACE, "difficulty_model_deepest_ace", N_("Model: the deepest ace"),                \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_TWOS, "difficulty_model_twos", N_("Model: cards above twos"),                             \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_THREES, "difficulty_model_threes", N_("Model: cards above threes"),                       \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_RUNS, "difficulty_model_runs", N_("Model: runs already built"),                           \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_SUIT, "difficulty_model_suit_blocks", N_("Model: suit order blocked"),                    \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_TARGET, "difficulty_model_target_blocks", N_("Model: build targets covered"),             \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_DUG, "difficulty_model_dug", N_("Model: cards dug out"),                                  \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_PEAK, "difficulty_model_peak", N_("Model: most cards set aside"),                         \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_PLAYOUT, "difficulty_model_playout", N_("Model: greedy playout"),                         \
     PW_FIGURE_DOUBLE)                                                                               \
  X (MODEL_SEARCH, "difficulty_model_search", N_("Model: searching playout"),                        \
     PW_FIGURE_DOUBLE)                                                                               \
  X (DIFFICULTY,      "difficulty",          N_("Difficulty"),                     PW_FIGURE_DOUBLE) \
  X (CLASS,           "suit_class",          N_("Suit-swap class"),                PW_FIGURE_CLASS)  \
  X (SOLUTION,        "solution",            N_("Solution"),                       PW_FIGURE_STRING)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { FREECELL_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

/* the fewest free cells takes a proof of impossibility per deal: costly;
 * the panel folds Chen's components and the model's parts under their
 * scores */
#define GROUP_OF(id)                                                          \
  (FIG_##id >= FIG_ACES && FIG_##id <= FIG_DISORDERED            ? N_("Chen’s components") \
   : FIG_##id >= FIG_MODEL_BASE && FIG_##id <= FIG_MODEL_SEARCH ? N_("The model’s parts") \
                                                                 : NULL)
#define AS_INFO(id, key, label, type) \
  { key, label, type, NULL, FIG_##id == FIG_MIN_FREE, GROUP_OF (id) },
static const PwFigureInfo freecell_figures[] = { FREECELL_FIGURES (AS_INFO) };
#undef AS_INFO
#undef GROUP_OF

#define FIG(id) (freecell_figures[FIG_##id].key)

/* What the editor shows first: every figure but the fewest free cells (a
 * proof for each count, which can take minutes); the solve and the
 * scores take milliseconds. */
static const char * const first_look[] = {
  "solvable", "proved", "solution_length", "states_checked", "hardness", "hardness_aces",
  "hardness_kings", "hardness_blocking", "hardness_disordered", "difficulty_model",
  "difficulty_model_base", "difficulty_model_aces", "difficulty_model_kings",
  "difficulty_model_blocking", "difficulty_model_disordered", "difficulty_model_deepest_ace",
  "difficulty_model_twos", "difficulty_model_threes", "difficulty_model_runs",
  "difficulty_model_suit_blocks", "difficulty_model_target_blocks", "difficulty_model_dug",
  "difficulty_model_peak", "difficulty_model_playout", "difficulty_model_search", "difficulty",
  "suit_class", "solution", NULL
};

/* the figure showing each feature's contribution to the difficulty model
 * (the greedy playout's two terms are one figure, the searching
 * playout's three another) */
static const int model_figures[PW_FC_MODEL_N_FEATURES] = {
  [PW_FC_MODEL_ACES] = FIG_MODEL_ACES,
  [PW_FC_MODEL_KINGS] = FIG_MODEL_KINGS,
  [PW_FC_MODEL_BLOCKING] = FIG_MODEL_BLOCKING,
  [PW_FC_MODEL_DISORDERED] = FIG_MODEL_DISORDERED,
  [PW_FC_MODEL_DEEPEST_ACE] = FIG_MODEL_DEEPEST_ACE,
  [PW_FC_MODEL_TWOS] = FIG_MODEL_TWOS,
  [PW_FC_MODEL_THREES] = FIG_MODEL_THREES,
  [PW_FC_MODEL_RUNS] = FIG_MODEL_RUNS,
  [PW_FC_MODEL_SUIT_BLOCKS] = FIG_MODEL_SUIT,
  [PW_FC_MODEL_TARGET_BLOCKS] = FIG_MODEL_TARGET,
  [PW_FC_MODEL_DUG] = FIG_MODEL_DUG,
  [PW_FC_MODEL_PEAK] = FIG_MODEL_PEAK,
  [PW_FC_MODEL_PLAYOUT] = FIG_MODEL_PLAYOUT,
  [PW_FC_MODEL_PLAYOUT_WON] = FIG_MODEL_PLAYOUT,
  [PW_FC_MODEL_SEARCH] = FIG_MODEL_SEARCH,
  [PW_FC_MODEL_SEARCH_WON] = FIG_MODEL_SEARCH,
  [PW_FC_MODEL_SEARCH_LEFT] = FIG_MODEL_SEARCH,
};

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

static gpointer
freecell_new_default (void)
{
  PwFreecellLevel *level = g_new0 (PwFreecellLevel, 1);

  pw_fc_ms_deal (1, level);
  return level;
}

static gpointer
freecell_copy (gconstpointer data)
{
  return g_memdup2 (data, sizeof (PwFreecellLevel));
}

static void
freecell_free (gpointer data)
{
  g_free (data);
}

static gboolean
freecell_equal (gconstpointer a,
                gconstpointer b)
{
  const PwFreecellLevel *x = a, *y = b;

  if (x->n_cascades != y->n_cascades || x->free_cells != y->free_cells ||
      x->ms_deal != y->ms_deal || x->in_play != y->in_play)
    return FALSE;
  for (int c = 0; c < x->n_cascades; c++)
    if (x->height[c] != y->height[c] || memcmp (x->cards[c], y->cards[c], x->height[c]) != 0)
      return FALSE;
  return !x->in_play || (memcmp (x->foundation, y->foundation, 4) == 0 &&
                         memcmp (x->cells, y->cells, PW_FC_MAX_FREE) == 0);
}

static gpointer
freecell_from_json (JsonNode  *payload,
                    GError   **error)
{
  g_autofree PwFreecellLevel *level = g_new0 (PwFreecellLevel, 1);
  JsonObject *object;
  JsonNode *node;
  JsonArray *cascades;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("a freecell level must be an object"));
      return NULL;
    }
  object = json_node_get_object (payload);

  node = json_object_get_member (object, "cascades");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("“cascades” must be a list of cascades, each a list of cards"));
      return NULL;
    }
  cascades = json_node_get_array (node);
  if (json_array_get_length (cascades) < 1 ||
      json_array_get_length (cascades) > PW_FC_MAX_CASCADES)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("“cascades” has %u cascades; a deal has %d to %d"),
                   json_array_get_length (cascades), PW_FC_MIN_CASCADES, PW_FC_MAX_CASCADES);
      return NULL;
    }
  level->n_cascades = json_array_get_length (cascades);
  for (int c = 0; c < level->n_cascades; c++)
    {
      JsonNode *cascade = json_array_get_element (cascades, c);
      JsonArray *cards;

      if (!JSON_NODE_HOLDS_ARRAY (cascade))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("cascade %d must be a list of cards"), c + 1);
          return NULL;
        }
      cards = json_node_get_array (cascade);
      if (json_array_get_length (cards) > PW_FC_MAX_HEIGHT)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("cascade %d has %u cards, more than %d"), c + 1,
                       json_array_get_length (cards), PW_FC_MAX_HEIGHT);
          return NULL;
        }
      for (guint i = 0; i < json_array_get_length (cards); i++)
        {
          JsonNode *card = json_array_get_element (cards, i);
          const char *text = JSON_NODE_HOLDS_VALUE (card) &&
                             json_node_get_value_type (card) == G_TYPE_STRING
                               ? json_node_get_string (card) : NULL;
          guint8 value = text != NULL ? pw_fc_card_parse (text, -1) : 0;

          if (value == 0)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("cascade %d, card %u: “%s” is not a card (write cards as AS, TD, "
                             "KH…)"),
                           c + 1, i + 1, text != NULL ? text : "?");
              return NULL;
            }
          level->cards[c][level->height[c]++] = value;
        }
    }

  level->free_cells = PW_FC_MAX_FREE;
  node = json_object_get_member (object, "free_cells");
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64 ||
          json_node_get_int (node) < 0 || json_node_get_int (node) > PW_FC_MAX_FREE)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“free_cells” must be a whole number from 0 to %d"), PW_FC_MAX_FREE);
          return NULL;
        }
      level->free_cells = json_node_get_int (node);
    }
  node = json_object_get_member (object, "ms_deal");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64 ||
          json_node_get_int (node) < 1 || json_node_get_int (node) > G_MAXINT32)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“ms_deal” must be a deal number from 1 to %d"), G_MAXINT32);
          return NULL;
        }
      level->ms_deal = json_node_get_int (node);
    }
  return g_steal_pointer (&level);
}

static JsonNode *
freecell_to_json (gconstpointer data)
{
  const PwFreecellLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonArray *cascades = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (int c = 0; c < level->n_cascades; c++)
    {
      JsonArray *cards = json_array_new ();

      for (int i = 0; i < level->height[c]; i++)
        {
          char name[3];

          json_array_add_string_element (cards, pw_fc_card_name (level->cards[c][i], name));
        }
      json_array_add_array_element (cascades, cards);
    }
  json_object_set_array_member (object, "cascades", cascades);
  json_object_set_int_member (object, "free_cells", level->free_cells);
  if (level->ms_deal > 0)
    json_object_set_int_member (object, "ms_deal", level->ms_deal);
  json_node_take_object (node, object);
  return node;
}

static gpointer
freecell_from_text (const char  *text,
                    GError     **error)
{
  return pw_fc_level_from_board (text, error);
}

static char *
freecell_to_text (gconstpointer data)
{
  return pw_fc_level_to_board (data);
}

static char *
freecell_describe_size (gconstpointer data)
{
  const PwFreecellLevel *level = data;

  /* cascades × free cells, written as every kind writes its size */
  return g_strdup_printf ("%d×%d", level->n_cascades, level->free_cells);
}

static GPtrArray *
freecell_validate (gconstpointer data)
{
  const PwFreecellLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  gboolean seen[PW_FC_CARD_MAX + 1] = { FALSE };

  if (level->n_cascades < PW_FC_MIN_CASCADES || level->n_cascades > PW_FC_MAX_CASCADES)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("A deal has %d to %d cascades, not %d."),
                                          PW_FC_MIN_CASCADES, PW_FC_MAX_CASCADES,
                                          level->n_cascades));
  if (level->free_cells < 0 || level->free_cells > PW_FC_MAX_FREE)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("A deal has 0 to %d free cells, not %d."),
                                          PW_FC_MAX_FREE, level->free_cells));
  for (int c = 0; c < level->n_cascades; c++)
    for (int i = 0; i < level->height[c]; i++)
      {
        guint8 card = level->cards[c][i];
        char name[3];

        if (card == 0 || card > PW_FC_CARD_MAX || PW_FC_RANK (card) < 1)
          continue;
        if (seen[card])
          {
            PwProblem *problem = pw_problem_new_cell (c, i, _("Cascade %d, card %d: %s is "
                                                              "there twice."),
                                                      c + 1, i + 1,
                                                      pw_fc_card_name (card, name));

            problem->card = card;
            g_ptr_array_add (problems, problem);
          }
        seen[card] = TRUE;
      }
  for (int rank = 1; rank <= 13; rank++)
    for (int suit = 0; suit < 4; suit++)
      if (!seen[PW_FC_CARD (rank, suit)])
        {
          char name[3];
          PwProblem *problem =
            pw_problem_new_cell (-1, -1, _("%s is missing."),
                                 pw_fc_card_name (PW_FC_CARD (rank, suit), name));

          problem->card = PW_FC_CARD (rank, suit);
          g_ptr_array_add (problems, problem);
        }
  return problems;
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

/* Solves the level with @free_cells free cells. */
/* The position budget: @max_states (0: the solver's own cap), or fewer
 * when @max_bytes (0: none) holds fewer positions of @bytes_each; sets
 * *@by_memory then. */
static guint64
position_budget (guint64   max_states,
                 guint64   cap,
                 guint64   max_bytes,
                 guint64   bytes_each,
                 gboolean *by_memory)
{
  guint64 budget = max_states == 0 ? cap : MIN (max_states, cap);

  if (max_bytes > 0 && max_bytes / bytes_each < budget)
    {
      budget = MAX (max_bytes / bytes_each, 1);
      if (by_memory != NULL)
        *by_memory = TRUE;
    }
  return budget;
}

static gboolean
solve (const PwFreecellLevel *level,
       int                    free_cells,
       guint64                max_states,
       guint64                max_bytes,
       gboolean              *by_memory,
       PwProgressFunc         progress,
       gpointer               progress_data,
       GCancellable          *cancellable,
       PwDeadline            *deadline,
       PwFcSolveResult       *result,
       GError               **error)
{
  PwFcSolveOptions options;
  PwFcPosition start;

  pw_fc_position_init (&start, level);
  start.n_free = free_cells;
  pw_fc_solve_options_init (&options);
  /* 0 means no budget from the caller: the solver's own cap still holds */
  options.max_states = position_budget (max_states, SOLVE_MAX_STATES, max_bytes,
                                        PW_FC_SOLVE_BYTES_PER_POSITION, by_memory);
  options.cancellable = cancellable;
  options.deadline = deadline;
  options.progress = progress;
  options.progress_data = progress_data;
  return pw_fc_solve (&start, &options, result, error);
}

/* The CPU seconds of the calling thread, for the ladder's statistics. */
static double
thread_seconds (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* The fewest free cells with which the deal is solvable, knowing it is
 * with the level's own; -1 when some smaller count stayed undecided
 * (freecell-private.h). */
gboolean
_pw_fc_min_free_cells (const PwFreecellLevel *level,
                       guint64                max_states,
                       guint64                prove_cap,
                       guint64                max_bytes,
                       gboolean              *by_memory,
                       GCancellable          *cancellable,
                       PwDeadline            *deadline,
                       int                   *min,
                       guint64               *states,
                       GError               **error)
{
  return _pw_fc_min_free_cells_stats (level, max_states, prove_cap, max_bytes, by_memory,
                                      cancellable, deadline, min, states, NULL, error);
}

gboolean
_pw_fc_min_free_cells_stats (const PwFreecellLevel *level,
                             guint64                max_states,
                             guint64                prove_cap,
                             guint64                max_bytes,
                             gboolean              *by_memory,
                             GCancellable          *cancellable,
                             PwDeadline            *deadline,
                             int                   *min,
                             guint64               *states,
                             PwFcLadderStats       *stats,
                             GError               **error)
{
  int n_steps = G_N_ELEMENTS (fewest_ladder) + (prove_cap > 0);

  G_STATIC_ASSERT (G_N_ELEMENTS (fewest_ladder) < PW_FC_LADDER_MAX);
  if (stats != NULL)
    {
      stats->n_steps = MAX (stats->n_steps, n_steps);
      for (int step = 0; step < n_steps; step++)
        {
          gboolean last = step == (int) G_N_ELEMENTS (fewest_ladder);

          stats->prover[step] = last || fewest_ladder[step].kind == STEP_PROVER;
          stats->layered[step] = last;
          stats->dfs[step] = !last && fewest_ladder[step].kind == STEP_DFS;
          stats->budget[step] = last ? prove_cap : fewest_ladder[step].budget;
        }
    }

  *min = level->free_cells;
  for (int k = level->free_cells - 1; k >= 0; k--)
    {
      PwFcVerdict verdict = PW_FC_UNKNOWN;
      PwFcProver *prover = NULL;
      gboolean ok = TRUE;

      for (int step = 0; step < n_steps; step++)
        {
          guint64 budget = step < (int) G_N_ELEMENTS (fewest_ladder)
                             ? fewest_ladder[step].budget : prove_cap;
          guint64 checked = 0;
          double started = stats != NULL ? thread_seconds () : 0;

          if (max_states != 0)
            budget = MIN (budget, max_states);
          if (step == (int) G_N_ELEMENTS (fewest_ladder))
            {
              PwFcPosition start;
              guint64 held;

              /* a last step, layer by layer, only when the caller gives it
               * a budget (bench-freecell --census --prove-max); the plain
               * prover's table goes before its own is made */
              g_clear_pointer (&prover, _pw_fc_prover_free);
              /* as many held at once as the plain prover's budget */
              pw_fc_position_init (&start, level);
              start.n_free = k;
              held = position_budget (PROVE_MAX_STATES, PROVE_MAX_STATES, max_bytes,
                                      PW_FC_PROVE_BYTES_PER_POSITION, by_memory);
              ok = pw_fc_prove_layered (&start, budget, held, cancellable, deadline, &verdict,
                                        &checked, error);
            }
          else if (fewest_ladder[step].kind == STEP_DFS)
            {
              PwFcSolveOptions options;
              PwFcSolveResult result;
              PwFcPosition start;
              guint64 bytes = max_bytes;

              /* as the solver: what the prover kept leaves */
              if (prover != NULL && max_bytes > 0)
                bytes = MAX (max_bytes, _pw_fc_prover_bytes (prover) + 1) -
                        _pw_fc_prover_bytes (prover);
              pw_fc_position_init (&start, level);
              start.n_free = k;
              pw_fc_solve_options_init (&options);
              options.max_states = position_budget (budget, budget, bytes,
                                                    PW_FC_DFS_BYTES_PER_POSITION, by_memory);
              options.cancellable = cancellable;
              options.deadline = deadline;
              ok = _pw_fc_solve_dfs (&start, &options, &result, error);
              if (ok)
                {
                  checked = result.states;
                  verdict = result.verdict;
                  pw_fc_solve_result_clear (&result);
                }
            }
          else if (fewest_ladder[step].kind == STEP_SOLVER)
            {
              PwFcSolveResult result;
              guint64 bytes = max_bytes;
              gboolean prover_later = FALSE;

              /* The prover kept for a later step holds its table while
               * the solver runs: the memory budget is for both, so the
               * solver gets what the prover leaves; after the last prover
               * step the prover goes. */
              for (int later = step + 1; later < (int) G_N_ELEMENTS (fewest_ladder); later++)
                prover_later |= fewest_ladder[later].kind == STEP_PROVER;
              if (!prover_later)
                g_clear_pointer (&prover, _pw_fc_prover_free);
              if (prover != NULL && max_bytes > 0)
                bytes = MAX (max_bytes, _pw_fc_prover_bytes (prover) + 1) -
                        _pw_fc_prover_bytes (prover);
              ok = solve (level, k, budget, bytes, by_memory, NULL, NULL, cancellable,
                          deadline, &result, error);
              if (ok)
                {
                  checked = result.states;
                  verdict = result.verdict;
                  pw_fc_solve_result_clear (&result);
                }
            }
          else
            {
              /* Each of the prover's steps resumes the one before: the
               * same depth-first search from where the smaller budget
               * stopped it, its path and the positions it visited kept
               * (the solver's steps between change neither), so the
               * verdict is the one a fresh search with the larger budget
               * gives and no position is visited twice. */
              if (prover == NULL)
                {
                  PwFcPosition start;

                  pw_fc_position_init (&start, level);
                  start.n_free = k;
                  prover = _pw_fc_prover_new (&start);
                }
              budget = position_budget (budget, budget, max_bytes,
                                        PW_FC_PROVE_BYTES_PER_POSITION, by_memory);
              ok = _pw_fc_prover_run (prover, budget, cancellable, deadline, &verdict, &checked,
                                      error);
            }
          if (!ok)
            break;
          *states += checked;
          if (stats != NULL)
            {
              stats->runs[step]++;
              stats->solved[step] += verdict == PW_FC_SOLVED;
              stats->proved[step] += verdict == PW_FC_UNSOLVABLE;
              stats->positions[step] += checked;
              stats->seconds[step] += thread_seconds () - started;
            }
          if (verdict != PW_FC_UNKNOWN)
            break;
        }
      _pw_fc_prover_free (prover);
      if (!ok)
        return FALSE;
      if (verdict == PW_FC_UNSOLVABLE)
        break;
      if (verdict == PW_FC_UNKNOWN)
        {
          *min = -1;
          break;
        }
      *min = k;
    }
  return TRUE;
}

/* Whether any of the model's figures is asked for: its searching playout
 * costs about as much as a solve (docs/difficulty.md), which a catalogue
 * asking only for solvability should not pay. */
static gboolean
wants_model (const PwAnalyseOptions *options)
{
  if (pw_analyse_options_wants (options, FIG (MODEL)) ||
      pw_analyse_options_wants (options, FIG (MODEL_BASE)))
    return TRUE;
  for (int f = 0; f < PW_FC_MODEL_N_FEATURES; f++)
    if (pw_analyse_options_wants (options, freecell_figures[model_figures[f]].key))
      return TRUE;
  return FALSE;
}

/* The difficulty model (freecell-model.c) and its parts: the base and
 * each feature's contribution, which add up to it. */
static void
set_model_figures (const PwFreecellLevel *level,
                   JsonObject            *figures)
{
  double features[PW_FC_MODEL_N_FEATURES];
  double parts[N_FIGURES] = { 0 };
  PwFcModel model;

  pw_fc_model_features (level, features);
  pw_fc_model_apply (features, &model);
  json_object_set_double_member (figures, FIG (MODEL), model.total);
  json_object_set_double_member (figures, FIG (MODEL_BASE), model.base);
  for (int f = 0; f < PW_FC_MODEL_N_FEATURES; f++)
    parts[model_figures[f]] += model.contribution[f];
  for (int f = 0; f < PW_FC_MODEL_N_FEATURES; f++)
    json_object_set_double_member (figures, freecell_figures[model_figures[f]].key,
                                   round (parts[model_figures[f]] * 100) / 100);
}

double
_pw_fc_difficulty (guint64 states,
                   guint   length)
{
  /* bits of search effort plus a tenth of the moves: docs/rules/freecell.md */
  return round ((log2 (1.0 + (double) states) + length / 10.0) * 100) / 100;
}

static PwAnalysis *
freecell_analyse (gconstpointer           data,
                  const PwAnalyseOptions *options,
                  PwProgressFunc          progress,
                  gpointer                progress_data,
                  GCancellable           *cancellable,
                  GError                **error)
{
  const PwFreecellLevel *original = data;
  g_autoptr(GPtrArray) problems = freecell_validate (original);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autofree char *class_key = NULL;
  g_autofree char *checksum = NULL;
  PwFreecellLevel level;
  PwFcSolveResult result;
  PwFcHardness hardness;
  JsonObject *figures;
  int swaps, min = -1;
  gboolean by_memory = FALSE;
  guint64 extra = 0;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  /* the class's smallest deal stands for the whole class */
  class_key = pw_fc_class_key (original, &swaps);
  checksum = g_compute_checksum_for_string (G_CHECKSUM_SHA1, class_key, -1);
  checksum[12] = '\0';
  level = *original;
  pw_fc_swap_suits (&level, swaps);

  analysis = pw_analysis_new (pw_freecell_kind.id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, freecell_figures[f].key);

  pw_fc_hardness (&level, &hardness);
  json_object_set_int_member (figures, FIG (HARDNESS), hardness.total);
  json_object_set_int_member (figures, FIG (ACES), hardness.aces);
  json_object_set_int_member (figures, FIG (KINGS), hardness.kings);
  json_object_set_int_member (figures, FIG (BLOCKING), hardness.blocking);
  json_object_set_int_member (figures, FIG (DISORDERED), hardness.disordered);
  json_object_set_string_member (figures, FIG (CLASS), checksum);
  if (wants_model (options))
    set_model_figures (&level, figures);

  if (!solve (&level, level.free_cells, options->max_states, options->max_bytes, &by_memory,
              progress, progress_data, cancellable, options->deadline, &result, error))
    return NULL;
  json_object_set_int_member (figures, FIG (STATES), result.states);
  /* the progress ends where the figure does: every position the solve
   * checked (the solver reports only every few thousand) */
  if (progress != NULL)
    progress (result.states, progress_data);
  json_object_set_boolean_member (figures, FIG (PROVED), result.verdict != PW_FC_UNKNOWN);
  if (result.verdict == PW_FC_UNKNOWN)
    pw_analysis_set_partial (analysis, by_memory ? _("the memory budget ran out")
                                                 : _("the position budget ran out"));
  else
    json_object_set_boolean_member (figures, FIG (SOLVABLE), result.verdict == PW_FC_SOLVED);

  if (options->trace != NULL)
    {
      g_autofree char *line = g_strdup_printf ("solve: %s, %" G_GUINT64_FORMAT " positions "
                                               "checked, %" G_GUINT64_FORMAT " stored, %.3f s",
                                               result.verdict == PW_FC_SOLVED ? "solved"
                                               : result.verdict == PW_FC_UNSOLVABLE
                                                 ? "unsolvable" : "unknown",
                                               result.states, result.stored,
                                               g_timer_elapsed (timer, NULL));

      options->trace (line, options->trace_data);
    }

  if (result.verdict == PW_FC_SOLVED)
    {
      g_autofree char *moves = pw_fc_moves_to_string ((const PwFcMove *) result.solution->data,
                                                      result.solution->len);

      json_object_set_int_member (figures, FIG (SOLUTION_LENGTH), result.solution->len);
      json_object_set_string_member (figures, FIG (SOLUTION), moves);
      json_object_set_double_member (figures, FIG (DIFFICULTY),
                                     _pw_fc_difficulty (result.states, result.solution->len));

      /* the fewest free cells takes a proof of impossibility: only when asked */
      if (pw_analyse_options_wants_costly (options, FIG (MIN_FREE)))
        {
          by_memory = FALSE;
          if (!_pw_fc_min_free_cells (&level, options->max_states, 0, options->max_bytes,
                                      &by_memory, cancellable, options->deadline, &min, &extra,
                                      error))
            {
              pw_fc_solve_result_clear (&result);
              return NULL;
            }
          if (min >= 0)
            json_object_set_int_member (figures, FIG (MIN_FREE), min);
          else
            pw_analysis_set_partial (analysis,
                                     by_memory ? _("the memory budget ran out before the "
                                                   "fewest free cells were known")
                                               : _("the position budget ran out before the "
                                                   "fewest free cells were known"));
          if (options->trace != NULL)
            {
              g_autofree char *line =
                g_strdup_printf ("fewest free cells: %d (%" G_GUINT64_FORMAT " positions "
                                 "checked), %.3f s", min, extra, g_timer_elapsed (timer, NULL));

              options->trace (line, options->trace_data);
            }
        }
    }
  pw_fc_solve_result_clear (&result);

  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* Generator                                                            */

typedef enum
{
  DEAL_RANDOM,
  DEAL_ACES,            /* aces at depth d */
  DEAL_KINGS,           /* kings at depth d */
  DEAL_ACES_TOP,        /* aces at depth 0, kings deepest */
  DEAL_KINGS_TOP,       /* kings at depth 0, aces deepest */
  DEAL_COLOURS,         /* each cascade one colour */
  DEAL_BLOCKED,         /* a card of rank r directly on each ace */
} DealType;

static const char * const deal_types[] = {
  "random", "aces", "kings", "aces-top", "kings-top", "colours", "blocked", NULL,
};

typedef struct
{
  DealType type;
  int      depth;
  int      rank;
  int      cascades;
  int      free_cells;
  double   min_difficulty;
  double   max_difficulty;
  int      min_free;        /* -1: any */
} Params;

static gboolean
parse_range (const char *text,
             double     *min,
             double     *max)
{
  g_auto(GStrv) parts = g_strsplit (text, "-", 2);
  char *end;

  if (parts[0] == NULL || parts[1] == NULL)
    return FALSE;
  *min = g_ascii_strtod (parts[0], &end);
  if (end == parts[0] || *end != '\0')
    return FALSE;
  *max = g_ascii_strtod (parts[1], &end);
  return end != parts[1] && *end == '\0' && *min <= *max;
}

static gboolean
parse_int (const char *text,
           int         low,
           int         high,
           int        *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, low, high, &v, NULL))
    return FALSE;
  *value = v;
  return TRUE;
}

static gboolean
parse_params (GHashTable  *table,
              Params      *p,
              GError     **error)
{
  GHashTableIter iter;
  gpointer key, value;

  *p = (Params) { DEAL_RANDOM, 0, 2, 8, 4, 0, G_MAXDOUBLE, -1 };
  if (table == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *name = key, *text = value;
      gboolean ok = TRUE;

      if (g_str_equal (name, "type"))
        {
          ok = FALSE;
          for (int t = 0; deal_types[t] != NULL; t++)
            if (g_str_equal (text, deal_types[t]))
              {
                p->type = t;
                ok = TRUE;
              }
        }
      else if (g_str_equal (name, "depth"))
        ok = parse_int (text, 0, 6, &p->depth);
      else if (g_str_equal (name, "rank"))
        ok = parse_int (text, 2, 13, &p->rank);
      else if (g_str_equal (name, "cascades"))
        ok = parse_int (text, PW_FC_MIN_CASCADES, PW_FC_MAX_CASCADES, &p->cascades);
      else if (g_str_equal (name, "free-cells"))
        ok = parse_int (text, 0, PW_FC_MAX_FREE, &p->free_cells);
      else if (g_str_equal (name, "difficulty"))
        ok = parse_range (text, &p->min_difficulty, &p->max_difficulty);
      else if (g_str_equal (name, "min-free-cells"))
        ok = parse_int (text, 0, PW_FC_MAX_FREE, &p->min_free);
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("the freecell generator has no parameter “%s”"), name);
          return FALSE;
        }
      if (!ok)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“%s” is not a valid value for “%s”"), text, name);
          return FALSE;
        }
    }
  if (p->min_free > p->free_cells)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("min-free-cells %d is more than the deal's %d free cells"), p->min_free,
                   p->free_cells);
      return FALSE;
    }
  return TRUE;
}

static void
shuffle (GRand  *rand,
         guint8 *cards,
         int     n)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1);
      guint8 t = cards[i];

      cards[i] = cards[j];
      cards[j] = t;
    }
}

/* The depth of a slot (cards above it) in a deal of @n_cascades. */
static int
slot_depth (int slot,
            int n_cascades)
{
  int c = slot % n_cascades;
  int height = PW_FC_N_CARDS / n_cascades + (c < PW_FC_N_CARDS % n_cascades ? 1 : 0);

  return height - 1 - slot / n_cascades;
}

/* Puts the four cards of @rank into slots of @depth (-1: the deepest of
 * each cascade), in distinct random cascades; FALSE when the deal has no
 * four such slots. */
static gboolean
place_rank (GRand  *rand,
            guint8 *deck,
            gboolean *fixed,
            int     n_cascades,
            int     rank,
            int     depth)
{
  int slots[PW_FC_N_CARDS], n = 0;

  for (int s = 0; s < PW_FC_N_CARDS; s++)
    {
      int d = slot_depth (s, n_cascades);
      gboolean want = depth >= 0 ? d == depth : s / n_cascades == 0;

      if (want && !fixed[s])
        slots[n++] = s;
    }
  if (n < 4)
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      int j = g_rand_int_range (rand, i, n);
      int t = slots[i];

      slots[i] = slots[j];
      slots[j] = t;
      deck[slots[i]] = PW_FC_CARD (rank, i);
      fixed[slots[i]] = TRUE;
    }
  return TRUE;
}

/* A deal of @p's type, or FALSE when the type cannot be dealt so. */
static gboolean
make_deal (const Params    *p,
           GRand           *rand,
           PwFreecellLevel *level)
{
  guint8 deck[PW_FC_N_CARDS], rest[PW_FC_N_CARDS];
  gboolean fixed[PW_FC_N_CARDS] = { FALSE };
  gboolean used[PW_FC_CARD_MAX + 1] = { FALSE };
  int n_rest = 0;

  memset (deck, 0, sizeof deck);
  switch (p->type)
    {
    case DEAL_RANDOM:
      break;
    case DEAL_ACES:
      if (!place_rank (rand, deck, fixed, p->cascades, 1, p->depth))
        return FALSE;
      break;
    case DEAL_KINGS:
      if (!place_rank (rand, deck, fixed, p->cascades, 13, p->depth))
        return FALSE;
      break;
    case DEAL_ACES_TOP:
      if (!place_rank (rand, deck, fixed, p->cascades, 1, 0) ||
          !place_rank (rand, deck, fixed, p->cascades, 13, -1))
        return FALSE;
      break;
    case DEAL_KINGS_TOP:
      if (!place_rank (rand, deck, fixed, p->cascades, 13, 0) ||
          !place_rank (rand, deck, fixed, p->cascades, 1, -1))
        return FALSE;
      break;
    case DEAL_BLOCKED:
      {
        /* aces anywhere but on top, each under a card of the rank (so
         * never directly on another ace: that one's card would cover it) */
        int slots[PW_FC_N_CARDS], n = 0;

        for (int s = 0; s + p->cascades < PW_FC_N_CARDS; s++)
          slots[n++] = s;
        for (int i = 0; i < 4; i++)
          {
            int s;

            do
              s = slots[g_rand_int_range (rand, 0, n)];
            while (fixed[s] || fixed[s + p->cascades] ||
                   (s >= p->cascades && fixed[s - p->cascades]));
            deck[s] = PW_FC_CARD (1, i);
            fixed[s] = TRUE;
          }
        {
          guint8 blockers[4] = { PW_FC_CARD (p->rank, 0), PW_FC_CARD (p->rank, 1),
                                 PW_FC_CARD (p->rank, 2), PW_FC_CARD (p->rank, 3) };
          int b = 0;

          shuffle (rand, blockers, 4);
          for (int s = 0; s < PW_FC_N_CARDS; s++)
            if (fixed[s] && PW_FC_RANK (deck[s]) == 1)
              {
                deck[s + p->cascades] = blockers[b++];
                fixed[s + p->cascades] = TRUE;
              }
        }
      }
      break;
    case DEAL_COLOURS:
      {
        /* cascades alternate red and black, each holding one colour */
        guint8 red[26], black[26];
        int nr = 0, nb = 0, ir = 0, ib = 0;

        for (int rank = 1; rank <= 13; rank++)
          for (int suit = 0; suit < 4; suit++)
            {
              guint8 card = PW_FC_CARD (rank, suit);

              if (PW_FC_RED (card))
                red[nr++] = card;
              else
                black[nb++] = card;
            }
        shuffle (rand, red, 26);
        shuffle (rand, black, 26);
        for (int s = 0; s < PW_FC_N_CARDS; s++)
          {
            gboolean want_red = (s % p->cascades) % 2 == 1;

            if ((want_red && ir < 26) || ib == 26)
              deck[s] = red[ir++];
            else
              deck[s] = black[ib++];
          }
        pw_fc_deal_cards (deck, p->cascades, level);
        level->free_cells = p->free_cells;
        return TRUE;
      }
    }

  for (int s = 0; s < PW_FC_N_CARDS; s++)
    if (fixed[s])
      used[deck[s]] = TRUE;
  for (int rank = 1; rank <= 13; rank++)
    for (int suit = 0; suit < 4; suit++)
      if (!used[PW_FC_CARD (rank, suit)])
        rest[n_rest++] = PW_FC_CARD (rank, suit);
  shuffle (rand, rest, n_rest);
  for (int s = 0, r = 0; s < PW_FC_N_CARDS; s++)
    if (!fixed[s])
      deck[s] = rest[r++];
  pw_fc_deal_cards (deck, p->cascades, level);
  level->free_cells = p->free_cells;
  return TRUE;
}

static gboolean
freecell_generate (GHashTable         *table,
                   guint64             seed,
                   guint64             max_bytes,
                   PwGenerateFound     found,
                   PwGenerateProgress  progress,
                   gpointer            user_data,
                   GCancellable       *cancellable,
                   GError            **error)
{
  guint32 seeds[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (seeds, 2);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 tried = 0;
  guint n_found = 0;
  Params p;

  if (!parse_params (table, &p, error))
    return FALSE;
  {
    PwFreecellLevel probe;

    if (!make_deal (&p, rand, &probe))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("%d cascades have no four places at depth %d"), p.cascades, p.depth);
        return FALSE;
      }
  }

  for (;;)
    {
      PwFreecellLevel *level = g_new0 (PwFreecellLevel, 1);
      g_autofree char *key = NULL;
      PwFcSolveResult result;
      double difficulty;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_free (level);
          return FALSE;
        }
      make_deal (&p, rand, level);
      tried++;
      if (progress != NULL)
        progress (tried, n_found, user_data);
      key = pw_fc_class_key (level, NULL);
      if (g_hash_table_contains (seen, key))
        {
          g_free (level);
          continue;
        }
      {
        int swaps;
        PwFreecellLevel canonical = *level;

        g_free (pw_fc_class_key (level, &swaps));
        pw_fc_swap_suits (&canonical, swaps);
        gboolean by_memory = FALSE;

        if (!solve (&canonical, canonical.free_cells, SOLVE_MAX_STATES, max_bytes, &by_memory,
                    NULL, NULL, cancellable, NULL, &result, error))
          {
            g_free (level);
            return FALSE;
          }
        /* undecided within the memory budget: the next deal would be too */
        if (result.verdict == PW_FC_UNKNOWN && by_memory)
          {
            g_autofree char *count = pw_format_count (result.states);

            g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_MEMORY_BUDGET,
                         _("the memory budget ran out after %s positions"), count);
            pw_fc_solve_result_clear (&result);
            g_free (level);
            return FALSE;
          }
        /* the figure the analysis gives; unsolvable deals have none */
        difficulty = result.verdict == PW_FC_SOLVED
                       ? _pw_fc_difficulty (result.states, result.solution->len) : -1;
        pw_fc_solve_result_clear (&result);
        if (difficulty < 0 || difficulty < p.min_difficulty || difficulty > p.max_difficulty)
          {
            g_free (level);
            continue;
          }
        if (p.min_free >= 0)
          {
            int min;
            guint64 states = 0;

            by_memory = FALSE;
            if (!_pw_fc_min_free_cells (&canonical, SOLVE_MAX_STATES, 0, max_bytes, &by_memory,
                                        cancellable, NULL, &min, &states, error))
              {
                g_free (level);
                return FALSE;
              }
            if (min < 0 && by_memory)
              {
                g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_MEMORY_BUDGET,
                             _("the memory budget ran out before the fewest free cells were "
                               "known"));
                g_free (level);
                return FALSE;
              }
            if (min != p.min_free)
              {
                g_free (level);
                continue;
              }
          }
      }
      g_hash_table_add (seen, g_steal_pointer (&key));
      n_found++;
      if (!found (level, difficulty, user_data))
        return TRUE;
    }
}

static const PwGenerateParam generate_params[] = {
  { "type", N_("random|aces|kings|aces-top|kings-top|colours|blocked"),
    N_("the deal type of Chen's thesis (default random)") },
  { "depth", N_("D"), N_("cards above the aces (aces) or the kings (kings), 0 to 6") },
  { "rank", N_("R"), N_("rank of the card on each ace (blocked), 2 to 13") },
  { "cascades", N_("N"), N_("cascades (default 8, 4 to 10)") },
  { "free-cells", N_("N"), N_("free cells (default 4, 0 to 4)") },
  { "difficulty", N_("MIN-MAX"), N_("keep deals whose difficulty is in this range") },
  { "min-free-cells", N_("K"), N_("keep deals that need exactly K free cells") },
};

/* The level list: can it be won, how long, how many cells it needs. */
static const PwListColumn freecell_columns[] = {
  { "solvable", N_("Solvable"), N_("Whether the deal can be won"), PW_COLUMN_YES_NO },
  { "solution_length", N_("Moves"), N_("Length of the solution found, in moves"),
    PW_COLUMN_COUNT },
  { "min_free_cells", N_("Free cells"), N_("The fewest free cells that win the deal"),
    PW_COLUMN_COUNT },
};

/* import --ms-deal LIST: Microsoft's numbered deals. */
static gboolean
import_ms_deals (const char    *value,
                 PwImportSink   sink,
                 gpointer       sink_data,
                 GError       **error)
{
  g_autoptr(GArray) deals = pw_fc_parse_deal_numbers (value, error);
  g_autofree char *title = NULL;

  if (deals == NULL)
    return FALSE;
  title = g_strdup_printf (_("Microsoft FreeCell deals %s"), value);
  for (guint i = 0; i < deals->len; i++)
    {
      PwFreecellLevel *data = g_new0 (PwFreecellLevel, 1);
      guint32 number = g_array_index (deals, guint32, i);
      g_autofree char *name = NULL;
      g_autoptr(PwLevel) level = NULL;

      pw_fc_ms_deal (number, data);
      level = _pw_level_new_take_data (&pw_freecell_kind, data);
      /* Translators: the name of a level made from Microsoft FreeCell deal N */
      name = g_strdup_printf (_("Microsoft #%u"), number);
      pw_level_set_name (level, name);
      if (!sink (title, deals->len, level, sink_data, error))
        return FALSE;
    }
  return TRUE;
}

static const PwImportOption import_options[] = {
  { "ms-deal", N_("LIST"),
    N_("Microsoft FreeCell deals (--kind freecell): numbers and ranges, as 1-100,617"),
    import_ms_deals },
};

const PwKind pw_freecell_kind = {
  .id = "freecell",
  .name = N_("FreeCell"),
  .new_default = freecell_new_default,
  .copy = freecell_copy,
  .free = freecell_free,
  .equal = freecell_equal,
  .canonical_form = _pw_freecell_canonical_form,
  .from_json = freecell_from_json,
  .to_json = freecell_to_json,
  .from_text = freecell_from_text,
  .to_text = freecell_to_text,
  .describe_size = freecell_describe_size,
  .validate = freecell_validate,
  .figures = freecell_figures,
  .n_figures = N_FIGURES,
  .first_look = first_look,
  .list_columns = freecell_columns,
  .n_list_columns = G_N_ELEMENTS (freecell_columns),
  .solvable_figure = "solvable",
  .progress_unit = N_("positions checked"),
  .import_options = import_options,
  .n_import_options = G_N_ELEMENTS (import_options),
  .analyse = freecell_analyse,
  .generate_params = generate_params,
  .n_generate_params = G_N_ELEMENTS (generate_params),
  .generate = freecell_generate,
};
