/* freecell-model.c — the FreeCell difficulty model: features of a deal
 * alone and a linear model of the solver's effort fitted on them
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model predicts ln (1 + positions the solver checks) from the deal.
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
/* build/bench/fit-freecell-model 1 10000 10001 20000, 2026-11-27: held-out r = 0.446 */
#define MODEL_BASE 5.215231
static const ModelTerm model_terms[PW_FC_MODEL_N_FEATURES] = {
  { 0.02258288, 11.076200 },   /* aces */
  { 0.03169613, 11.022300 },   /* kings */
  { 0.00385073, 24.105600 },   /* blocking */
  { -0.00204321, 45.801100 },   /* disordered */
  { 0.02924354, 4.755900 },   /* deepest_ace */
  { 0.02030034, 11.087000 },   /* twos */
  { 0.00587403, 11.046900 },   /* threes */
  { -0.03753747, 1.606500 },   /* runs */
  { -0.01337725, 16.976000 },   /* suit_blocks */
  { -0.02868951, 5.222400 },   /* target_blocks */
  { 0.02526642, 24.199100 },   /* dug */
  { 0.01811146, 15.820500 },   /* peak */
  { 0.05344522, 42.287100 },   /* playout */
  { 1.63408479, 0.058100 },   /* playout_won */
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

/* How far a position looks from won, for the greedy playout: four a card
 * still in play, one a card on the next card of a suit, one a card in a
 * free cell. */
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
