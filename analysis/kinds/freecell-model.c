/* freecell-model.c — the FreeCell difficulty model: features of a deal
 * alone and a linear model of the solver's effort fitted on them
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model predicts, from the deal, the mean over randomised search
 * orders of ln (1 + positions the solver checks) (PwFcSolveOptions.seed).
 * Its coefficients come from bench/fit-freecell-model.c (docs/difficulty.md
 * says the run and how to fit again); every feature is unchanged by the
 * suit swaps of a class, so both deals of a class get one prediction.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <math.h>
#include <string.h>

#include "freecell-private.h"

/* One term of the model: its coefficient and the feature's mean over the
 * training deals (a contribution is coefficient × (value − mean)). */
typedef struct
{
  double coefficient;
  double mean;
} ModelTerm;

/* ------------------------------------------------------------------ */
/* The fitted model: pasted from bench/fit-freecell-model's output       */

/* FITTED MODEL BEGIN */
/* build/bench/fit-freecell-model --orders 10 1 10000 10001 20000, 2026-11-27:
 * the mean over 10 randomised orders, held-out r = 0.718 */
#define MODEL_BASE 5.195904
static const ModelTerm model_terms[PW_FC_MODEL_N_FEATURES] = {
  { 0.00485785, 11.076200 },   /* aces */
  { 0.01631257, 11.022300 },   /* kings */
  { 0.00173507, 24.105600 },   /* blocking */
  { -0.00119521, 45.801100 },   /* disordered */
  { 0.02636983, 4.755900 },   /* deepest_ace */
  { 0.00833937, 11.087000 },   /* twos */
  { 0.00291060, 11.046900 },   /* threes */
  { -0.04107536, 1.606500 },   /* runs */
  { -0.00852106, 16.976000 },   /* suit_blocks */
  { -0.01257328, 5.222400 },   /* target_blocks */
  { 0.00866352, 24.199100 },   /* dug */
  { -0.00034217, 15.820500 },   /* peak */
  { 0.02001660, 42.287100 },   /* playout */
  { 0.63105185, 0.058100 },   /* playout_won */
  { 0.45174603, 5.471278 },   /* search */
  { 2.01909957, 0.534500 },   /* search_won */
  { 0.06445069, 18.993700 },   /* search_left */
};
/* FITTED MODEL END */

/* ------------------------------------------------------------------ */
/* Features                                                             */

/* The digging playout: the next card of some suit is dug out (the one
 * with the fewest cards on it), the cards on it parked anywhere, and every
 * card that can go up goes up, until all have. Returns the cards parked
 * in all; @peak the most parked at once. */
static int
dig_playout (const PwFreecellLevel *level,
             int                   *peak)
{
  int height[PW_FC_MAX_CASCADES];
  int foundation[4] = { 0 };
  guint64 parked = 0;           /* bit per card */
  int n_parked = 0, dug = 0, up = 0;

  *peak = 0;
  for (int c = 0; c < level->n_cascades; c++)
    height[c] = level->height[c];

  while (up < PW_FC_N_CARDS)
    {
      int best_c = -1, best_above = G_MAXINT;
      gboolean moved = TRUE;

      /* everything that can go up */
      while (moved)
        {
          moved = FALSE;
          for (int s = 0; s < 4; s++)
            {
              guint8 next;

              if (foundation[s] == 13)
                continue;
              next = PW_FC_CARD (foundation[s] + 1, s);
              if (parked & (G_GUINT64_CONSTANT (1) << next))
                {
                  parked &= ~(G_GUINT64_CONSTANT (1) << next);
                  n_parked--;
                  foundation[s]++;
                  up++;
                  moved = TRUE;
                  continue;
                }
              for (int c = 0; c < level->n_cascades; c++)
                if (height[c] > 0 && level->cards[c][height[c] - 1] == next)
                  {
                    height[c]--;
                    foundation[s]++;
                    up++;
                    moved = TRUE;
                    break;
                  }
            }
        }
      if (up == PW_FC_N_CARDS)
        break;

      /* the next card of a suit with the fewest cards on it */
      for (int c = 0; c < level->n_cascades; c++)
        for (int i = 0; i < height[c]; i++)
          {
            guint8 card = level->cards[c][i];

            if (PW_FC_RANK (card) == foundation[PW_FC_SUIT (card)] + 1 &&
                height[c] - 1 - i < best_above)
              {
                best_above = height[c] - 1 - i;
                best_c = c;
              }
          }
      g_assert (best_c >= 0 && best_above > 0);
      for (int k = 0; k < best_above; k++)
        {
          guint8 card = level->cards[best_c][--height[best_c]];

          parked |= G_GUINT64_CONSTANT (1) << card;
          n_parked++;
        }
      dug += best_above;
      *peak = MAX (*peak, n_parked);
    }
  return dug;
}

static guint64
position_hash (const PwFcPosition *position)
{
  guint64 h = G_GUINT64_CONSTANT (1469598103934665603);

  for (int c = 0; c < position->n_cascades; c++)
    {
      h = (h ^ (0x100u + position->height[c])) * G_GUINT64_CONSTANT (1099511628211);
      for (int i = 0; i < position->height[c]; i++)
        h = (h ^ position->cards[c][i]) * G_GUINT64_CONSTANT (1099511628211);
    }
  for (int i = 0; i < position->n_free; i++)
    h = (h ^ (0x200u + position->cells[i])) * G_GUINT64_CONSTANT (1099511628211);
  return h;
}

/* How far a position looks from won, for the greedy playout: ten a card
 * still in play, three a full free cell, −4 an empty cascade, two a card
 * on the next card of a suit, one a card not on a card one rank higher of
 * the other colour. */
static int
playout_estimate (const PwFcPosition *position)
{
  int estimate = 0;

  for (int s = 0; s < 4; s++)
    estimate += 10 * (13 - position->foundation[s]);
  for (int i = 0; i < position->n_free; i++)
    estimate += 3 * (position->cells[i] != 0);
  for (int c = 0; c < position->n_cascades; c++)
    {
      if (position->height[c] == 0)
        estimate -= 4;
      for (int i = 0; i < position->height[c]; i++)
        {
          guint8 card = position->cards[c][i];

          if (PW_FC_RANK (card) == position->foundation[PW_FC_SUIT (card)] + 1)
            estimate += 2 * (position->height[c] - 1 - i);
          if (i > 0 && (PW_FC_RANK (position->cards[c][i - 1]) != PW_FC_RANK (card) + 1 ||
                        PW_FC_RED (position->cards[c][i - 1]) == PW_FC_RED (card)))
            estimate += 1;
        }
    }
  return estimate;
}

/* The greedy playout: from the deal, the Microsoft automatic moves, then
 * always the one atomic move to a position not seen before with the best
 * estimate, for at most PLAYOUT_STEPS moves. Returns the cards it left in
 * play (0 when it won). */
#define PLAYOUT_STEPS 200

static int
greedy_playout (const PwFreecellLevel *level)
{
  PwFcPosition position;
  guint64 seen[PLAYOUT_STEPS + 1];
  int n_seen = 0, left = 0;

  pw_fc_position_init (&position, level);
  pw_fc_auto_moves (&position, NULL);
  seen[n_seen++] = position_hash (&position);
  for (int step = 0; step < PLAYOUT_STEPS && !pw_fc_position_won (&position); step++)
    {
      PwFcPosition best;
      int best_estimate = G_MAXINT;

      for (int from = 0; from < PW_FC_FOUNDATION; from++)
        for (int to = 0; to <= PW_FC_FOUNDATION; to++)
          {
            PwFcMove move = { from, to };
            PwFcPosition child;
            guint64 hash;
            int estimate, k;

            if (!pw_fc_move_legal (&position, move))
              continue;
            child = position;
            pw_fc_move_apply (&child, move);
            pw_fc_auto_moves (&child, NULL);
            estimate = playout_estimate (&child);
            if (estimate >= best_estimate)
              continue;
            hash = position_hash (&child);
            for (k = 0; k < n_seen && seen[k] != hash; k++)
              ;
            if (k < n_seen)
              continue;
            best_estimate = estimate;
            best = child;
          }
      if (best_estimate == G_MAXINT)
        break;
      position = best;
      seen[n_seen++] = position_hash (&position);
    }
  for (int s = 0; s < 4; s++)
    left += 13 - position.foundation[s];
  return left;
}

/* The searching playout: a small best-first search (ties to the position
 * found first) by search_priority below, from the deal with the Microsoft
 * automatic moves, over the atomic moves (each followed by the automatic
 * moves; below, which), expanding at most SEARCH_BUDGET positions. Positions
 * are kept packed: the foundations, the free cells, the heights and the
 * cascades' cards in a row. */
#define SEARCH_BUDGET 400

typedef struct
{
  guint8 foundation[4];
  guint8 cells[PW_FC_MAX_FREE];
  guint8 height[PW_FC_MAX_CASCADES];
  guint8 cards[PW_FC_N_CARDS];
  guint16 g;            /* moves from the deal */
} Packed;

typedef struct
{
  Packed  *nodes;
  gsize    n_nodes, nodes_size;
  guint64 *heap;        /* estimate << 32 | node: the least first */
  gsize    heap_len;
  guint64 *seen;        /* hashes, the lowest bit set; 0 empty */
  gsize    seen_size;   /* a power of two */
  gsize    seen_used;
} Playout;

static void
pack (const PwFcPosition *position,
      Packed             *packed)
{
  int k = 0;

  memcpy (packed->foundation, position->foundation, 4);
  memcpy (packed->cells, position->cells, PW_FC_MAX_FREE);
  memcpy (packed->height, position->height, PW_FC_MAX_CASCADES);
  for (int c = 0; c < position->n_cascades; c++)
    for (int i = 0; i < position->height[c]; i++)
      packed->cards[k++] = position->cards[c][i];
}

static void
unpack (const Packed *packed,
        int           n_cascades,
        int           n_free,
        PwFcPosition *position)
{
  int k = 0;

  memset (position, 0, sizeof *position);
  position->n_cascades = n_cascades;
  position->n_free = n_free;
  memcpy (position->foundation, packed->foundation, 4);
  memcpy (position->cells, packed->cells, PW_FC_MAX_FREE);
  memcpy (position->height, packed->height, PW_FC_MAX_CASCADES);
  for (int c = 0; c < n_cascades; c++)
    for (int i = 0; i < position->height[c]; i++)
      position->cards[c][i] = packed->cards[k++];
}

/* Whether the position with @hash is new (and marks it seen). */
static gboolean
playout_see (Playout *playout,
             guint64  hash)
{
  gsize i;

  hash |= 1;
  if ((playout->seen_used + 1) * 2 > playout->seen_size)
    {
      gsize size = playout->seen_size * 2;
      guint64 *seen = g_new0 (guint64, size);

      for (gsize j = 0; j < playout->seen_size; j++)
        if (playout->seen[j] != 0)
          {
            gsize k = playout->seen[j] & (size - 1);

            while (seen[k] != 0)
              k = (k + 1) & (size - 1);
            seen[k] = playout->seen[j];
          }
      g_free (playout->seen);
      playout->seen = seen;
      playout->seen_size = size;
    }
  for (i = hash & (playout->seen_size - 1); playout->seen[i] != 0;
       i = (i + 1) & (playout->seen_size - 1))
    if (playout->seen[i] == hash)
      return FALSE;
  playout->seen[i] = hash;
  playout->seen_used++;
  return TRUE;
}

static void
playout_push (Playout            *playout,
              const PwFcPosition *position,
              int                 g,
              guint32             estimate)
{
  gsize i;
  guint64 entry;

  if (playout->n_nodes == playout->nodes_size)
    {
      playout->nodes_size *= 2;
      playout->nodes = g_renew (Packed, playout->nodes, playout->nodes_size);
      playout->heap = g_renew (guint64, playout->heap, playout->nodes_size);
    }
  entry = (guint64) estimate << 32 | playout->n_nodes;
  pack (position, &playout->nodes[playout->n_nodes]);
  playout->nodes[playout->n_nodes++].g = g;
  for (i = playout->heap_len++; i > 0 && playout->heap[(i - 1) / 2] > entry; i = (i - 1) / 2)
    playout->heap[i] = playout->heap[(i - 1) / 2];
  playout->heap[i] = entry;
}

static guint32
playout_pop (Playout *playout)
{
  guint64 top = playout->heap[0], last = playout->heap[--playout->heap_len];
  gsize i = 0;

  for (;;)
    {
      gsize child = 2 * i + 1;

      if (child >= playout->heap_len)
        break;
      if (child + 1 < playout->heap_len && playout->heap[child + 1] < playout->heap[child])
        child++;
      if (playout->heap[child] >= last)
        break;
      playout->heap[i] = playout->heap[child];
      i = child;
    }
  if (playout->heap_len > 0)
    playout->heap[i] = last;
  return (guint32) top;
}

static int
cards_in_play (const PwFcPosition *position)
{
  return 52 - position->foundation[0] - position->foundation[1] - position->foundation[2] -
         position->foundation[3];
}

/* The searching playout's priority of a position @g moves from the
 * deal: @g plus the solver's first estimate (freecell-solve.c), six a
 * card in play, three a full free cell, −1 an empty cascade, and in each
 * cascade two a card above a lower card of its suit, else one a card not
 * on a card one rank higher of the other colour, and the cards on each
 * suit's next card (the whole at least 0). */
static guint32
search_priority (const PwFcPosition *position,
                 int                 g)
{
  int left = 0, parts = 0, cells = 0, empties = 0;

  for (int s = 0; s < 4; s++)
    left += 13 - position->foundation[s];
  for (int i = 0; i < position->n_free; i++)
    cells += position->cells[i] != 0;
  for (int c = 0; c < position->n_cascades; c++)
    {
      guint8 lowest[4] = { 14, 14, 14, 14 };
      int h = position->height[c];

      empties += h == 0;
      for (int i = 0; i < h; i++)
        {
          guint8 card = position->cards[c][i];
          int rank = PW_FC_RANK (card), suit = PW_FC_SUIT (card);

          if (rank > lowest[suit])
            parts += 2;
          else
            {
              if (i > 0 && (PW_FC_RANK (position->cards[c][i - 1]) != rank + 1 ||
                            PW_FC_RED (position->cards[c][i - 1]) == PW_FC_RED (card)))
                parts += 1;
              lowest[suit] = rank;
            }
          if (rank == position->foundation[suit] + 1)
            parts += h - 1 - i;
        }
    }
  return MAX (0, 6 * left + parts + 3 * cells - empties) + g;
}

/* Returns the positions it expanded before finding a won one
 * (SEARCH_BUDGET when it found none); @left: the fewest cards in play in
 * any position it found. */
static int
search_playout (const PwFreecellLevel *level,
                int                   *left)
{
  Playout playout = { 0 };
  PwFcPosition position;
  int expanded = 0;
  gboolean won = FALSE;

  playout.nodes_size = 1024;
  playout.nodes = g_new (Packed, playout.nodes_size);
  playout.heap = g_new (guint64, playout.nodes_size);
  playout.seen_size = 2048;
  playout.seen = g_new0 (guint64, playout.seen_size);

  pw_fc_position_init (&position, level);
  pw_fc_auto_moves (&position, NULL);
  *left = cards_in_play (&position);
  won = pw_fc_position_won (&position);
  playout_see (&playout, position_hash (&position));
  playout_push (&playout, &position, 0, search_priority (&position, 0));
  while (!won && expanded < SEARCH_BUDGET && playout.heap_len > 0)
    {
      guint32 id = playout_pop (&playout);
      int g = playout.nodes[id].g;

      int first_cell = -1, first_empty = -1;

      unpack (&playout.nodes[id], level->n_cascades, level->free_cells, &position);
      expanded++;
      /* a card goes only to the first empty free cell and the first empty
       * cascade (the others give the same position up to their order),
       * never from a free cell to another, nor alone into an empty
       * cascade */
      for (int i = position.n_free - 1; i >= 0; i--)
        if (position.cells[i] == 0)
          first_cell = PW_FC_CELL (i);
      for (int c = position.n_cascades - 1; c >= 0; c--)
        if (position.height[c] == 0)
          first_empty = c;
      for (int from = 0; from < PW_FC_FOUNDATION && !won; from++)
        for (int to = 0; to <= PW_FC_FOUNDATION && !won; to++)
          {
            PwFcMove move = { from, to };
            PwFcPosition child;

            if (PW_FC_IS_CELL (to) && (to != first_cell || PW_FC_IS_CELL (from)))
              continue;
            if (to < position.n_cascades && position.height[to] == 0 &&
                (to != first_empty || (from < position.n_cascades && position.height[from] == 1)))
              continue;
            if (!pw_fc_move_legal (&position, move))
              continue;
            child = position;
            pw_fc_move_apply (&child, move);
            pw_fc_auto_moves (&child, NULL);
            if (!playout_see (&playout, position_hash (&child)))
              continue;
            *left = MIN (*left, cards_in_play (&child));
            if (pw_fc_position_won (&child))
              won = TRUE;
            else
              playout_push (&playout, &child, g + 1, search_priority (&child, g + 1));
          }
    }
  g_free (playout.nodes);
  g_free (playout.heap);
  g_free (playout.seen);
  return won ? expanded : SEARCH_BUDGET;
}

void
pw_fc_model_features (const PwFreecellLevel *level,
                      double                *features)
{
  PwFcHardness hardness;
  int peak;

  g_return_if_fail (level != NULL && features != NULL);

  memset (features, 0, sizeof (double) * PW_FC_MODEL_N_FEATURES);
  pw_fc_hardness (level, &hardness);
  features[PW_FC_MODEL_ACES] = hardness.aces;
  features[PW_FC_MODEL_KINGS] = hardness.kings;
  features[PW_FC_MODEL_BLOCKING] = hardness.blocking;
  features[PW_FC_MODEL_DISORDERED] = hardness.disordered;

  for (int c = 0; c < level->n_cascades; c++)
    {
      int h = level->height[c];

      for (int i = 0; i < h; i++)
        {
          guint8 card = level->cards[c][i];
          int rank = PW_FC_RANK (card);

          if (rank == 1)
            features[PW_FC_MODEL_DEEPEST_ACE] = MAX (features[PW_FC_MODEL_DEEPEST_ACE], h - 1 - i);
          else if (rank == 2)
            features[PW_FC_MODEL_TWOS] += h - 1 - i;
          else if (rank == 3)
            features[PW_FC_MODEL_THREES] += h - 1 - i;
          /* a run already built: the card on it one rank lower, the
           * other colour */
          if (i + 1 < h && PW_FC_RANK (level->cards[c][i + 1]) + 1 == rank &&
              PW_FC_RED (level->cards[c][i + 1]) != PW_FC_RED (card))
            features[PW_FC_MODEL_RUNS]++;
          for (int j = i + 1; j < h; j++)
            {
              guint8 above = level->cards[c][j];

              /* a higher card of the suit on a lower one: it cannot go up
               * before the lower has, so it has to move away */
              if (PW_FC_SUIT (above) == PW_FC_SUIT (card) && PW_FC_RANK (above) > rank)
                features[PW_FC_MODEL_SUIT_BLOCKS]++;
              /* a card on one the lower card could be built on */
              if (PW_FC_RANK (above) == rank + 1 && PW_FC_RED (above) != PW_FC_RED (card))
                features[PW_FC_MODEL_TARGET_BLOCKS]++;
            }
        }
    }

  features[PW_FC_MODEL_DUG] = dig_playout (level, &peak);
  features[PW_FC_MODEL_PEAK] = peak;
  features[PW_FC_MODEL_PLAYOUT] = greedy_playout (level);
  features[PW_FC_MODEL_PLAYOUT_WON] = features[PW_FC_MODEL_PLAYOUT] == 0;
  {
    int left, expanded = search_playout (level, &left);

    features[PW_FC_MODEL_SEARCH] = log1p (expanded);
    features[PW_FC_MODEL_SEARCH_WON] = expanded < SEARCH_BUDGET;
    features[PW_FC_MODEL_SEARCH_LEFT] = left;
  }
}

void
pw_fc_model_apply (const double *features,
                   PwFcModel    *model)
{
  g_return_if_fail (features != NULL && model != NULL);

  /* each part rounded to hundredths, and the prediction their sum, so
   * that the figures shown add up */
  model->base = round (MODEL_BASE * 100) / 100;
  model->total = model->base;
  for (int f = 0; f < PW_FC_MODEL_N_FEATURES; f++)
    {
      const ModelTerm *term = &model_terms[f];

      model->contribution[f] = round (term->coefficient * (features[f] - term->mean) * 100) / 100;
      model->total += model->contribution[f];
    }
  /* a sum of hundredths, without the binary fractions' dust */
  model->total = round (model->total * 100) / 100;
}

double
pw_fc_model_coefficient (int feature)
{
  g_return_val_if_fail (feature >= 0 && feature < PW_FC_MODEL_N_FEATURES, 0);
  return model_terms[feature].coefficient;
}

double
pw_fc_model_mean (int feature)
{
  g_return_val_if_fail (feature >= 0 && feature < PW_FC_MODEL_N_FEATURES, 0);
  return model_terms[feature].mean;
}

double
pw_fc_model_base (void)
{
  return MODEL_BASE;
}
