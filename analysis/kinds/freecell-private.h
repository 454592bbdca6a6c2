/* freecell-private.h — the freecell kind's cards, positions, moves and
 * solver, for the kind, the tests, the views and the command line
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are in docs/rules/freecell.md.
 */

#pragma once

#include <gio/gio.h>

#include "pw-kind.h"

G_BEGIN_DECLS

#define PW_FC_MIN_CASCADES  4
#define PW_FC_MAX_CASCADES  10
#define PW_FC_MAX_FREE      4
#define PW_FC_N_CARDS       52
/* what one cascade of a level may hold as read from a file (a valid
 * level has 52 cards in all; more are kept so validation can name them) */
#define PW_FC_MAX_HEIGHT    64

/* A card is one byte: rank (1 ace … 13 king) × 4 + suit (0 clubs,
 * 1 diamonds, 2 hearts, 3 spades); 0 is no card. */
#define PW_FC_CARD(rank, suit) ((guint8) (((rank) << 2) | (suit)))
#define PW_FC_RANK(card)       ((card) >> 2)
#define PW_FC_SUIT(card)       ((card) & 3)
/* 1 for red (diamonds, hearts) */
#define PW_FC_RED(card)        ((((card) & 3) == 1) | (((card) & 3) == 2))
#define PW_FC_CARD_MAX         PW_FC_CARD (13, 3)

/* "AS", "TD", "KH"; @buffer holds at least 3 bytes */
const char *pw_fc_card_name  (guint8       card,
                              char        *buffer);
/* "AS", "10s", "td"…: the card, or 0 when @text is not one. Reads at most
 * the whole of @text (up to @length bytes, -1 for NUL-terminated). */
guint8      pw_fc_card_parse (const char  *text,
                              gssize       length);

/* A level: cascades bottom card first; cards may be invalid (0xff: text
 * that is no card) or repeated until validation passes. */
typedef struct
{
  int    n_cascades;                    /* 1 … PW_FC_MAX_CASCADES */
  int    free_cells;                    /* 0 … PW_FC_MAX_FREE */
  gint64 ms_deal;                       /* the Microsoft deal, or 0 */
  int    height[PW_FC_MAX_CASCADES];
  guint8 cards[PW_FC_MAX_CASCADES][PW_FC_MAX_HEIGHT];
  /* only in a position drawn for play mode: foundations and free cells */
  gboolean in_play;
  guint8   foundation[4];               /* highest rank up, per suit */
  guint8   cells[PW_FC_MAX_FREE];
} PwFreecellLevel;

extern const PwKind pw_freecell_kind;

/* ------------------------------------------------------------------ */
/* Positions and moves                                                  */

/* Places: cascades 0 … 9, free cells 10 … 13, the foundations 14. */
#define PW_FC_CELL(i)     (PW_FC_MAX_CASCADES + (i))
#define PW_FC_FOUNDATION  (PW_FC_MAX_CASCADES + PW_FC_MAX_FREE)
#define PW_FC_IS_CELL(p)  ((p) >= PW_FC_MAX_CASCADES && (p) < PW_FC_FOUNDATION)

typedef struct
{
  guint8 n_cascades;
  guint8 n_free;
  guint8 foundation[4];
  guint8 cells[PW_FC_MAX_FREE];
  guint8 height[PW_FC_MAX_CASCADES];
  guint8 cards[PW_FC_MAX_CASCADES][PW_FC_N_CARDS];
} PwFcPosition;

/* One atomic move: the top card of @from to @to. */
typedef struct
{
  guint8 from;
  guint8 to;
} PwFcMove;

/* The start position of a level (a valid one, or a smaller deck whose
 * suits each hold a run of consecutive ranks; the tests use those),
 * and whether no card is left to move up. */
void      pw_fc_position_init     (PwFcPosition          *position,
                                   const PwFreecellLevel *level);
gboolean  pw_fc_position_won      (const PwFcPosition    *position);
/* The card at the top of a place, or 0. */
guint8    pw_fc_top               (const PwFcPosition    *position,
                                   int                    place);
/* Whether one card may go from @from to @to by the rules. */
gboolean  pw_fc_move_legal        (const PwFcPosition    *position,
                                   PwFcMove               move);
void      pw_fc_move_apply        (PwFcPosition          *position,
                                   PwFcMove               move);
/* The level drawn at @position (for play mode). */
PwFreecellLevel *pw_fc_position_render (const PwFreecellLevel *level,
                                        const PwFcPosition    *position);

/* How many cards may move at once from one cascade to another, as a
 * series of atomic moves through the free cells and empty cascades:
 * (free cells + 1) × 2^(empty cascades), with the destination not
 * counted when it is empty. */
int       pw_fc_max_supermove     (const PwFcPosition    *position,
                                   gboolean               to_empty);
/* The atomic moves that carry the top @count cards of cascade @from onto
 * cascade @to, appended to @moves (PwFcMove); FALSE, appending nothing,
 * when the cards are not a run in alternating colours, do not fit, or are
 * more than the free cells and empty cascades allow. */
gboolean  pw_fc_supermove         (const PwFcPosition    *position,
                                   int                    from,
                                   int                    count,
                                   int                    to,
                                   GArray                *moves);

/* The Microsoft game's automatic moves: a card goes up when no card still
 * in play could be placed on it (aces and twos always; otherwise both
 * cards of the other colour one rank lower are up). Applies them one at
 * a time, appending each to @moves (may be NULL); returns how many. */
int       pw_fc_auto_moves        (PwFcPosition          *position,
                                   GArray                *moves);
/* Whether @card may go up automatically in @position. */
gboolean  pw_fc_safe_to_foundation (const PwFcPosition   *position,
                                    guint8                card);

/* Standard notation: "3a", "5h", "18" (cascades 1 … 9 and 0 for the
 * tenth, free cells a … d, foundation h). Parsing checks only the form. */
void      pw_fc_move_notation     (PwFcMove               move,
                                   char                  *buffer);
gboolean  pw_fc_move_parse        (const char            *text,
                                   PwFcMove              *move);
/* Moves separated by spaces. */
char     *pw_fc_moves_to_string   (const PwFcMove        *moves,
                                   guint                  n_moves);

/* ------------------------------------------------------------------ */
/* Solver                                                               */

typedef enum
{
  PW_FC_UNKNOWN,      /* the budget ran out */
  PW_FC_SOLVED,
  PW_FC_UNSOLVABLE,   /* proved: every reachable position was checked */
} PwFcVerdict;

typedef struct
{
  guint64      max_states;   /* positions stored; 0: no limit */
  PwDeadline  *deadline;     /* past it the search stops undecided; NULL:
                              * none (play mode's checks, `--max-seconds`;
                              * analyses stay exact and repeatable without
                              * one) */
  GCancellable *cancellable;
  PwProgressFunc progress;
  gpointer       progress_data;
  guint64      seed;         /* 0: the one exact order (every figure);
                              * else a randomised search order from this
                              * seed: each position's moves shuffled and
                              * ties of the estimate broken at random
                              * (the same verdict, other effort: the
                              * difficulty model's target,
                              * docs/difficulty.md) */
} PwFcSolveOptions;

typedef struct
{
  PwFcVerdict verdict;
  guint64     states;        /* positions checked (expanded) */
  guint64     stored;        /* positions stored */
  GArray     *solution;      /* PwFcMove, atomic, auto-moves written out */
} PwFcSolveResult;

void      pw_fc_solve_options_init (PwFcSolveOptions    *options);
/* Solves from @position with @position->n_free free cells. FALSE only
 * when cancelled. */
gboolean  pw_fc_solve              (const PwFcPosition  *position,
                                    const PwFcSolveOptions *options,
                                    PwFcSolveResult     *result,
                                    GError             **error);
void      pw_fc_solve_result_clear (PwFcSolveResult     *result);
/* One of pw_fc_solve's searches alone, for measuring schedules
 * (bench-freecell --seeds): @pass 0 the first (pruned, its own weights),
 * 1 the second (pruned), 2 the complete one; @seed as in
 * PwFcSolveOptions; at most @max_checked positions checked (0: no limit),
 * at most 2,000,000 stored; with a seed, @noise: priorities within
 * @noise of each other count as ties (0: equal ones only). @result->verdict: PW_FC_UNKNOWN also when a
 * pruned search ran out of positions (then its queue is empty and
 * @result->states is the pruned space's size). */
void      _pw_fc_solve_pass        (const PwFcPosition  *start,
                                    guint                pass,
                                    guint64              seed,
                                    guint64              max_checked,
                                    guint                noise,
                                    PwFcSolveResult     *result);

/* The solver's moves and visited set, for other searches
 * (freecell-dfs.c). A move carries @count cards (a run from a cascade,
 * written out as atomic moves by pw_fc_supermove) from @from to @to;
 * @dest says where its bottom card lands: 0 the foundations, 1 a free
 * cell, 2 an empty cascade, else onto that card. */
typedef struct
{
  guint8 from;
  guint8 count;
  guint8 to;
  guint8 dest;
} PwFcRunMove;

/* room for every move of one position */
#define PW_FC_RUN_MOVES_MAX 256

/* Every move of the solver's complete search from @position (the
 * automatic ones made already): at most PW_FC_RUN_MOVES_MAX. */
int       _pw_fc_run_moves         (const PwFcPosition  *position,
                                    PwFcRunMove         *moves);
/* Makes @move (one of those) on @position, without automatic moves. */
void      _pw_fc_run_move_apply    (PwFcPosition        *position,
                                    const PwFcRunMove   *move);

/* The solver's shortening (pairs of one card's moves, shortcuts) of a
 * @solution (atomic) that wins from @start; left as it is when it does
 * not. */
void      _pw_fc_shorten           (const PwFcPosition  *start,
                                    GArray              *solution);

/* A set of positions up to the order of the cascades and of the free
 * cells (the solver's keys and table). */
typedef struct _PwFcSeen PwFcSeen;

PwFcSeen *_pw_fc_seen_new          (const PwFcPosition  *start);
/* TRUE when @position was not in the set (it is now). */
gboolean  _pw_fc_seen_add          (PwFcSeen            *seen,
                                    const PwFcPosition  *position);
guint64   _pw_fc_seen_count        (const PwFcSeen      *seen);
void      _pw_fc_seen_free         (PwFcSeen            *seen);

/* A depth-first search for a solution (freecell-dfs.c): over the
 * solver's moves, each position's in an order made for few free cells,
 * never twice through one position. @options: max_states (positions
 * stored; 0: no limit), deadline, cancellable and progress as
 * pw_fc_solve; the seed is not used. A solution is written out in atomic
 * moves and replayed by the rules (pw_fc_move_legal) before it counts;
 * with no budget left unsearched, PW_FC_UNSOLVABLE is a proof (every
 * reachable position visited). FALSE only when cancelled. */
gboolean  _pw_fc_solve_dfs         (const PwFcPosition  *start,
                                    const PwFcSolveOptions *options,
                                    PwFcSolveResult     *result,
                                    GError             **error);
/* The same with @n_runners searches in turn, @quota new positions each
 * a turn, sharing one table: the first in the tuned order, the others
 * each in an order drawn at random within the move's class. */
gboolean  _pw_fc_solve_dfs_portfolio (const PwFcPosition     *start,
                                      const PwFcSolveOptions *options,
                                      guint                   n_runners,
                                      guint64                 quota,
                                      PwFcSolveResult        *result,
                                      GError                **error);

/* Decides whether @position can be won (with its own free cells) by
 * visiting every position reachable from it, depth-first; cheaper per
 * position than pw_fc_solve when the answer is no (freecell-prove.c).
 * @verdict: PW_FC_UNKNOWN when more than @max_states positions (0: no
 * limit) would be needed. @states: the positions visited, or found and
 * held to be visited (the search stops at the first position that
 * reaches the budget, so @states may pass it by PW_FC_PROVE_OVERSHOOT at
 * most, the moves of one position). FALSE only when cancelled. */
#define PW_FC_PROVE_OVERSHOOT (PW_FC_MAX_FREE * (PW_FC_MAX_CASCADES + 3) + PW_FC_MAX_CASCADES * 5)
/* Memory budgets (PwAnalyseOptions.max_bytes) become position budgets:
 * the most bytes a stored position may cost at the peak, counting the
 * tables' doubling (old and new at once) — the solver: a node (16 bytes),
 * its key (at most 66), an open-addressing slot (12 bytes at half load)
 * and a queue entry (8), each up to three times over while its array
 * grows; the prover: a 24-byte key at 70 % load, four times over while
 * the table grows, its stacks following the depth, not the count (a
 * generous bound, scaled from the 256 kept for the 40-byte key). */
#define PW_FC_SOLVE_BYTES_PER_POSITION 344
#define PW_FC_PROVE_BYTES_PER_POSITION 160
/* the depth-first search: the solver's table and arrays (a node, its
 * key, a slot; 207 bytes a position at the peak, measured on deal 982
 * with two cells and 50 M positions) and its path, a frame (a position
 * and its moves, about 680 bytes) a position entered at worst: a single
 * search on 982 held 6.2 GB at 20 M positions */
#define PW_FC_DFS_BYTES_PER_POSITION 960

gboolean  pw_fc_prove              (const PwFcPosition  *position,
                                    guint64              max_states,
                                    GCancellable        *cancellable,
                                    PwDeadline          *deadline,
                                    PwFcVerdict         *verdict,
                                    guint64             *states,
                                    GError             **error);
/* pw_fc_prove that can be resumed: each run carries the search on where
 * the last one stopped, up to @max_states positions visited in all runs
 * (0: no limit); @states: the positions this run visited. Once solved or
 * proved, a run gives that again. FALSE only when cancelled (the search
 * can still be resumed). */
typedef struct _PwFcProver PwFcProver;

PwFcProver *_pw_fc_prover_new      (const PwFcPosition  *start);
gboolean    _pw_fc_prover_run      (PwFcProver          *prover,
                                    guint64              max_states,
                                    GCancellable        *cancellable,
                                    PwDeadline          *deadline,
                                    PwFcVerdict         *verdict,
                                    guint64             *states,
                                    GError             **error);
void        _pw_fc_prover_free     (PwFcProver          *prover);
/* The bytes it holds between runs (its table and stacks). */
guint64     _pw_fc_prover_bytes    (const PwFcProver    *prover);

/* The same verdict and positions visited, layer by layer (a layer: the
 * positions with the same cards up; freecell-prove.c), holding at most
 * @max_held positions at once (0: no limit) — one layer and those found
 * for the layers ahead — where pw_fc_prove holds every one it visits;
 * @max_states bounds those visited in all. Slower to find a solution:
 * the won layer comes last. */
gboolean  pw_fc_prove_layered      (const PwFcPosition  *position,
                                    guint64              max_states,
                                    guint64              max_held,
                                    GCancellable        *cancellable,
                                    PwDeadline          *deadline,
                                    PwFcVerdict         *verdict,
                                    guint64             *states,
                                    GError             **error);

/* The fewest free cells that win @level, knowing that its own
 * @level->free_cells do: for each smaller count the solver and the
 * prover in turn (the ladder in freecell.c), each with a growing budget,
 * the prover resumed where it stopped (at most @max_states
 * positions a search when not 0, and what @max_bytes holds, setting
 * *@by_memory when that was the lesser; @deadline, NULL: none); when @prove_cap is not 0, last
 * the layered prover with that many positions, holding as many at once
 * as the plain prover's 100 M. *@min is -1 when a count stayed
 * undecided; @states adds up the positions checked. FALSE only when
 * cancelled. */
gboolean  _pw_fc_min_free_cells    (const PwFreecellLevel *level,
                                    guint64              max_states,
                                    guint64              prove_cap,
                                    guint64              max_bytes,
                                    gboolean            *by_memory,
                                    GCancellable        *cancellable,
                                    PwDeadline          *deadline,
                                    int                 *min,
                                    guint64             *states,
                                    GError             **error);

/* What each step of that ladder cost and decided, added up over the
 * counts and deals it is given (bench-freecell --census prints them):
 * what the step is (the solver or the prover, and its budget: positions
 * stored by the solver, visited in all by the prover, which each step
 * resumes; the last step, when there is one, the layered prover), how
 * often it ran, won the count or proved it hopeless, the positions it
 * checked and its thread's CPU seconds. */
#define PW_FC_LADDER_MAX 8

typedef struct
{
  int      n_steps;
  gboolean prover[PW_FC_LADDER_MAX];
  gboolean layered[PW_FC_LADDER_MAX];
  gboolean dfs[PW_FC_LADDER_MAX];       /* the depth-first search */
  guint64  budget[PW_FC_LADDER_MAX];
  guint64  runs[PW_FC_LADDER_MAX];
  guint64  solved[PW_FC_LADDER_MAX];
  guint64  proved[PW_FC_LADDER_MAX];
  guint64  positions[PW_FC_LADDER_MAX];
  double   seconds[PW_FC_LADDER_MAX];
} PwFcLadderStats;

/* _pw_fc_min_free_cells, adding to @stats (may be NULL). */
gboolean  _pw_fc_min_free_cells_stats (const PwFreecellLevel *level,
                                       guint64              max_states,
                                       guint64              prove_cap,
                                       guint64              max_bytes,
                                       gboolean            *by_memory,
                                       GCancellable        *cancellable,
                                       PwDeadline          *deadline,
                                       int                 *min,
                                       guint64             *states,
                                       PwFcLadderStats     *stats,
                                       GError             **error);

/* ------------------------------------------------------------------ */
/* Deals, text, hardness                                                */

/* Microsoft deal @number (1 … 2^31 − 1) into 8 cascades. */
void      pw_fc_ms_deal           (guint32                number,
                                   PwFreecellLevel       *level);
/* The 52 cards @deck (dealt row by row, first card to the first cascade)
 * into @n_cascades cascades. */
void      pw_fc_deal_cards        (const guint8          *deck,
                                   int                    n_cascades,
                                   PwFreecellLevel       *level);

/* Chen's a priori hardness (The Hardness Analysis of FreeCell Games,
 * 2015): total = 2 × aces + 2 × kings + blocking + disordered. */
typedef struct
{
  int aces;        /* cards above the aces */
  int kings;       /* cards under the kings */
  int blocking;    /* ranks of the cards directly on the aces */
  int disordered;  /* cards in no adjacent pair one rank apart */
  int total;
} PwFcHardness;

void      pw_fc_hardness          (const PwFreecellLevel *level,
                                   PwFcHardness          *hardness);

/* The difficulty model (freecell-model.c, docs/difficulty.md): features
 * of the deal alone and a linear model of the mean over randomised search
 * orders of ln (1 + positions the solver checks), fitted on them by
 * bench/fit-freecell-model. */
typedef enum
{
  PW_FC_MODEL_ACES,           /* Chen's components, as above */
  PW_FC_MODEL_KINGS,
  PW_FC_MODEL_BLOCKING,
  PW_FC_MODEL_DISORDERED,
  PW_FC_MODEL_DEEPEST_ACE,    /* the most cards on one ace */
  PW_FC_MODEL_TWOS,           /* cards on the twos */
  PW_FC_MODEL_THREES,         /* cards on the threes */
  PW_FC_MODEL_RUNS,           /* cards on one a rank higher, other colour */
  PW_FC_MODEL_SUIT_BLOCKS,    /* pairs: a higher card of a suit on a lower */
  PW_FC_MODEL_TARGET_BLOCKS,  /* pairs: a card on one that could go on it */
  PW_FC_MODEL_DUG,            /* the digging playout's cards parked */
  PW_FC_MODEL_PEAK,           /* … and the most parked at once */
  PW_FC_MODEL_PLAYOUT,        /* cards the greedy playout left in play */
  PW_FC_MODEL_PLAYOUT_WON,    /* 1 when it left none */
  PW_FC_MODEL_SEARCH,         /* ln (1 + positions the searching
                               * playout expanded, its budget when it
                               * did not win) */
  PW_FC_MODEL_SEARCH_WON,     /* 1 when it won */
  PW_FC_MODEL_SEARCH_LEFT,    /* the fewest cards in play it reached */
  PW_FC_MODEL_N_FEATURES
} PwFcModelFeature;

typedef struct
{
  double base;                                   /* the training deals' mean */
  double contribution[PW_FC_MODEL_N_FEATURES];   /* coefficient × (value − mean) */
  double total;                                  /* base + the contributions */
} PwFcModel;

/* The features of a valid level (52 cards), @features holding
 * PW_FC_MODEL_N_FEATURES. */
void      pw_fc_model_features    (const PwFreecellLevel *level,
                                   double                *features);
/* The model on @features, each part rounded to hundredths and the total
 * their sum. */
void      pw_fc_model_apply       (const double          *features,
                                   PwFcModel             *model);
/* The fitted constants (for tests). */
double    pw_fc_model_coefficient (int                    feature);
double    pw_fc_model_mean        (int                    feature);
double    pw_fc_model_base        (void);

/* The deal with suits of one colour swapped so that it is the smallest
 * of its class (two deals are the same game when they differ only by
 * swapping clubs with spades and/or diamonds with hearts), as text
 * "8/4:AS 2D …|…"; and which swaps map @level to it (0 none, 1 clubs and
 * spades, 2 diamonds and hearts, 3 both). */
char     *pw_fc_class_key         (const PwFreecellLevel *level,
                                   int                   *swaps);
/* @level with the suits swapped (@swaps as above). */
void      pw_fc_swap_suits        (PwFreecellLevel       *level,
                                   int                    swaps);
/* The same for a position, foundations included: a game's positions are
 * solved in its class's suits, so that play agrees with the analysis. */
void      pw_fc_position_swap_suits (PwFcPosition        *position,
                                     int                  swaps);

/* fc-solve board text: one cascade per line, bottom card first; lines
 * "Foundations:" (all empty) and "Freecells:" (no cards) are accepted.
 * The level has 4 free cells. */
PwFreecellLevel *pw_fc_level_from_board (const char  *text,
                                         GError     **error);
char            *pw_fc_level_to_board   (const PwFreecellLevel *level);

/* A new level: 52 cards shuffled from @seed into @n_cascades. */
PwFreecellLevel *pw_fc_level_new_shuffled (guint64 seed,
                                           int     n_cascades,
                                           int     free_cells);

/* The difficulty score: log2 (1 + @states) + @length / 10. */
double    _pw_fc_difficulty       (guint64                states,
                                   guint                  length);

/* Parses "1-32000", "1,5,7-9": the numbers in order, each 1 … 2^31 − 1. */
GArray   *pw_fc_parse_deal_numbers (const char *text,
                                    GError    **error);

G_END_DECLS
