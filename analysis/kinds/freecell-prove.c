/* freecell-prove.c — whether a FreeCell position can be won, decided by
 * visiting every position reachable from it
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The best-first solver (freecell-solve.c) finds solutions quickly but
 * pays for its order on every position: decoding, an estimate, a heap.
 * When a deal cannot be won — the question behind the fewest free cells a
 * deal needs — every reachable position must be visited anyway, and the
 * order buys nothing. This search is depth-first over atomic moves, one
 * position changed in place and changed back, with automatic moves to the
 * foundations that never lose a won game (safe_up below), so that the
 * verdict is the solver's.
 *
 * A position is known by where each card lies: on which card, at the
 * bottom of a cascade, in a free cell or on the foundations, six bits a
 * card. That says the same for every order of the cascades and of the
 * free cells (the solver sorts them for the same effect), and a move
 * changes the six bits of the card it carries and nothing else.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "freecell-private.h"

/* where a card lies, besides on another card (its index 0 … 51) */
#define ON_BOTTOM     52
#define ON_CELL       53
#define ON_FOUNDATION 54

#define CARD_INDEX(card) ((card) - PW_FC_CARD (1, 0))
#define INDEX_CARD(i)    ((guint8) ((i) + PW_FC_CARD (1, 0)))

/* 52 six-bit fields packed end to end (312 bits, a field may straddle
 * two words); the top bit of the last word, past them, marks a used slot
 * of the table */
#define KEY_WORDS 5
#define USED      (G_GUINT64_CONSTANT (1) << 63)

typedef struct
{
  guint64 w[KEY_WORDS];
} Key;

/* A move as made, to be unmade: the card, and the places it left and
 * reached (cascade, PW_FC_CELL (i) or PW_FC_FOUNDATION). */
typedef struct
{
  guint8 card;
  guint8 from;
  guint8 to;
} Step;

/* A position on the path: its moves still to try are moves[next … end),
 * and unmaking it takes the steps from @undo on. */
typedef struct
{
  guint32 start;
  guint32 next;
  guint32 end;
  guint32 undo;
} Frame;

typedef struct
{
  PwFcPosition position;
  Key          key;
  int          in_play;    /* cards not yet up */

  Key         *table;
  gsize        table_size; /* a power of two */
  gsize        table_used;
  guint64      max_states;

  /* stacks: the moves of the positions on the path, the steps made
   * along it, and its positions */
  PwFcMove    *moves;
  gsize        n_moves, moves_size;
  Step        *steps;
  gsize        n_steps, steps_size;
  Frame       *frames;
  gsize        n_frames, frames_size;
} Prover;

/* Room for @n more items on a stack. */
#define RESERVE(array, n_items, size, n)                                     \
  G_STMT_START {                                                             \
    if ((n_items) + (n) > (size))                                            \
      {                                                                      \
        (size) = MAX ((size) * 2, (n_items) + (n));                          \
        (array) = g_renew (__typeof__ (*(array)), (array), (size));          \
      }                                                                      \
  } G_STMT_END

static inline void
set_place (Key  *key,
           int   index,
           guint place)
{
  int bit = 6 * index, word = bit / 64, shift = bit % 64;

  key->w[word] = (key->w[word] & ~(G_GUINT64_CONSTANT (63) << shift)) |
                 ((guint64) place << shift);
  if (shift > 58)
    {
      /* the field's high bits start the next word */
      int low = 64 - shift;

      key->w[word + 1] = (key->w[word + 1] & ~(G_GUINT64_CONSTANT (63) >> low)) |
                         ((guint64) place >> low);
    }
}

static inline guint64
key_hash (const Key *key)
{
  guint64 h = 0x9e3779b97f4a7c15ull;

  for (int i = 0; i < KEY_WORDS; i++)
    {
      h = (h ^ key->w[i]) * 0xff51afd7ed558ccdull;
      h ^= h >> 29;
    }
  return h;
}

/* What the card arriving at @place will lie on. */
static inline guint
place_below (const PwFcPosition *position,
             int                 place)
{
  if (place >= PW_FC_MAX_CASCADES)
    return place == PW_FC_FOUNDATION ? ON_FOUNDATION : ON_CELL;
  if (position->height[place] == 0)
    return ON_BOTTOM;
  return CARD_INDEX (position->cards[place][position->height[place] - 1]);
}

/* Moves the card on top of @from to @to (a legal move), the key along;
 * returns the card. */
static inline guint8
shift_card (Prover *prover,
            int     from,
            int     to)
{
  PwFcPosition *position = &prover->position;
  guint8 card;

  if (from < PW_FC_MAX_CASCADES)
    card = position->cards[from][--position->height[from]];
  else
    {
      card = position->cells[from - PW_FC_MAX_CASCADES];
      position->cells[from - PW_FC_MAX_CASCADES] = 0;
    }

  set_place (&prover->key, CARD_INDEX (card), place_below (position, to));
  if (to == PW_FC_FOUNDATION)
    {
      position->foundation[PW_FC_SUIT (card)] = PW_FC_RANK (card);
      prover->in_play--;
    }
  else if (to >= PW_FC_MAX_CASCADES)
    position->cells[to - PW_FC_MAX_CASCADES] = card;
  else
    position->cards[to][position->height[to]++] = card;
  return card;
}

/* Makes a move and logs it. */
static inline void
make (Prover *prover,
      int     from,
      int     to)
{
  Step step = { 0, from, to };

  step.card = shift_card (prover, from, to);
  RESERVE (prover->steps, prover->n_steps, prover->steps_size, 1);
  prover->steps[prover->n_steps++] = step;
}

/* Unmakes the logged steps back to @mark, latest first. */
static void
unmake (Prover *prover,
        guint   mark)
{
  PwFcPosition *position = &prover->position;

  while (prover->n_steps > mark)
    {
      Step step = prover->steps[--prover->n_steps];
      guint8 card;

      if (step.to == PW_FC_FOUNDATION)
        {
          /* unmade latest first, so the card is its suit's top */
          card = step.card;
          g_assert (position->foundation[PW_FC_SUIT (card)] == PW_FC_RANK (card));
          position->foundation[PW_FC_SUIT (card)]--;
          prover->in_play++;
        }
      else if (step.to >= PW_FC_MAX_CASCADES)
        {
          card = position->cells[step.to - PW_FC_MAX_CASCADES];
          position->cells[step.to - PW_FC_MAX_CASCADES] = 0;
        }
      else
        card = position->cards[step.to][--position->height[step.to]];

      set_place (&prover->key, CARD_INDEX (card), place_below (position, step.from));
      if (step.from >= PW_FC_MAX_CASCADES)
        position->cells[step.from - PW_FC_MAX_CASCADES] = card;
      else
        position->cards[step.from][position->height[step.from]++] = card;
    }
}

static inline gboolean
fits (guint8 card,
      guint8 below)
{
  return PW_FC_RANK (below) == PW_FC_RANK (card) + 1 && PW_FC_RED (below) != PW_FC_RED (card);
}

/* Whether @card can go up without losing a won game. The solver's rule
 * (pw_fc_safe_to_foundation): no card in play could be put on it — both
 * cards of the other colour one rank lower are up. And one more: those
 * two cards could themselves go up the moment they are free (their suits
 * stand one rank below them), and so could the card of @card's colour
 * that might be put on either of them (its suit two ranks below @card).
 * Take a game won from the position with @card still in play and play it
 * with @card up: a move putting one of those cards on @card, or on one of
 * them, puts it up instead (it is next on its suit), moves of the cards
 * already up are left out, and every other move stays legal, the cards
 * taken out having always been on top of their cascades or in free cells.
 * Fewer positions to visit, the same verdict; the tests compare with a
 * plain search that has no automatic moves at all. */
static inline gboolean
safe_up (const PwFcPosition *position,
         guint8              card)
{
  int rank = PW_FC_RANK (card);
  int suit = PW_FC_SUIT (card);
  int other, same;

  if (position->foundation[suit] + 1 != rank)
    return FALSE;
  if (rank <= 2)
    return TRUE;
  if (PW_FC_RED (card))
    {
      other = MIN (position->foundation[0], position->foundation[3]);
      same = position->foundation[suit == 1 ? 2 : 1];
    }
  else
    {
      other = MIN (position->foundation[1], position->foundation[2]);
      same = position->foundation[suit == 0 ? 3 : 0];
    }
  return other >= rank - 1 || (other >= rank - 2 && same >= rank - 3);
}

/* The automatic moves, logged. */
static void
auto_moves (Prover *prover)
{
  PwFcPosition *position = &prover->position;
  gboolean again = TRUE;

  while (again)
    {
      again = FALSE;
      for (int p = 0; p < position->n_cascades; p++)
        if (position->height[p] > 0 &&
            safe_up (position, position->cards[p][position->height[p] - 1]))
          {
            make (prover, p, PW_FC_FOUNDATION);
            again = TRUE;
          }
      for (int i = 0; i < position->n_free; i++)
        if (position->cells[i] != 0 && safe_up (position, position->cells[i]))
          {
            make (prover, PW_FC_CELL (i), PW_FC_FOUNDATION);
            again = TRUE;
          }
    }
}

/* The automatic moves after moving a card from @from to @to in a position
 * that had none: only a card the move uncovered, or any card once the
 * foundations changed, can have become one. */
static void
auto_moves_after (Prover *prover,
                  int     from,
                  int     to)
{
  PwFcPosition *position = &prover->position;

  if (to != PW_FC_FOUNDATION)
    {
      if (from >= PW_FC_MAX_CASCADES || position->height[from] == 0 ||
          !safe_up (position,
                                     position->cards[from][position->height[from] - 1]))
        return;
      make (prover, from, PW_FC_FOUNDATION);
    }
  auto_moves (prover);
}

/* Pushes the moves of the current position, those most likely to win
 * first: to the foundations, onto cascades, into an empty cascade, into a
 * free cell. One empty cascade and one free cell stand for all. */
static void
add_moves (Prover *prover)
{
  const PwFcPosition *position = &prover->position;
  int first_empty = -1, free_cell = -1;
  /* the cascade each card tops, plus one; 0 for none */
  guint8 tops[PW_FC_CARD_MAX + 1];
  PwFcMove *moves;
  gsize n;

  RESERVE (prover->moves, prover->n_moves, prover->moves_size,
           PW_FC_MAX_FREE * (PW_FC_MAX_CASCADES + 3) + PW_FC_MAX_CASCADES * 5);
  moves = prover->moves;
  n = prover->n_moves;
#define ADD(f, t) (moves[n].from = (f), moves[n].to = (t), n++)

  memset (tops, 0, sizeof tops);
  for (int c = position->n_cascades - 1; c >= 0; c--)
    if (position->height[c] == 0)
      first_empty = c;
    else
      tops[position->cards[c][position->height[c] - 1]] = c + 1;
  for (int i = position->n_free - 1; i >= 0; i--)
    if (position->cells[i] == 0)
      free_cell = i;

  for (int i = 0; i < position->n_free; i++)
    {
      guint8 card = position->cells[i];

      if (card != 0 && position->foundation[PW_FC_SUIT (card)] + 1 == PW_FC_RANK (card))
        ADD (PW_FC_CELL (i), PW_FC_FOUNDATION);
    }
  for (int c = 0; c < position->n_cascades; c++)
    if (position->height[c] > 0)
      {
        guint8 card = position->cards[c][position->height[c] - 1];

        if (position->foundation[PW_FC_SUIT (card)] + 1 == PW_FC_RANK (card))
          ADD (c, PW_FC_FOUNDATION);
      }

  /* onto a cascade: the two cards of the other colour one rank higher */
  for (int p = 0; p < PW_FC_MAX_CASCADES + position->n_free; p++)
    {
      guint8 card;
      int rank;

      if (p < PW_FC_MAX_CASCADES)
        {
          if (p >= position->n_cascades || position->height[p] == 0)
            continue;
          card = position->cards[p][position->height[p] - 1];
        }
      else if ((card = position->cells[p - PW_FC_MAX_CASCADES]) == 0)
        continue;
      rank = PW_FC_RANK (card);
      if (rank == 13)
        continue;
      for (int s = 0; s < 4; s++)
        {
          guint8 below = PW_FC_CARD (rank + 1, s);

          if (PW_FC_RED (below) != PW_FC_RED (card) && tops[below] != 0)
            ADD (p, tops[below] - 1);
        }
    }

  if (first_empty >= 0)
    {
      for (int c = 0; c < position->n_cascades; c++)
        /* a cascade of one card moved to an empty one is the same layout */
        if (position->height[c] > 1)
          ADD (c, first_empty);
      for (int i = 0; i < position->n_free; i++)
        if (position->cells[i] != 0)
          ADD (PW_FC_CELL (i), first_empty);
    }

  if (free_cell >= 0)
    for (int c = 0; c < position->n_cascades; c++)
      if (position->height[c] > 0)
        ADD (c, PW_FC_CELL (free_cell));
#undef ADD
  prover->n_moves = n;
}

static void
table_grow (Prover *prover)
{
  gsize size = prover->table_size * 2;
  Key *table = g_new0 (Key, size);

  for (gsize i = 0; i < prover->table_size; i++)
    if (prover->table[i].w[KEY_WORDS - 1] & USED)
      {
        gsize j = key_hash (&prover->table[i]) & (size - 1);

        while (table[j].w[KEY_WORDS - 1] & USED)
          j = (j + 1) & (size - 1);
        table[j] = prover->table[i];
      }
  g_free (prover->table);
  prover->table = table;
  prover->table_size = size;
}

/* Adds the current position unless it was seen; TRUE when it is new. */
static gboolean
visit (Prover *prover)
{
  Key key = prover->key;
  gsize i;

  key.w[KEY_WORDS - 1] |= USED;
  i = key_hash (&key) & (prover->table_size - 1);
  while (prover->table[i].w[KEY_WORDS - 1] & USED)
    {
      if (memcmp (&prover->table[i], &key, sizeof key) == 0)
        return FALSE;
      i = (i + 1) & (prover->table_size - 1);
    }
  prover->table[i] = key;
  if (++prover->table_used * 10 > prover->table_size * 7)
    table_grow (prover);
  return TRUE;
}

/* Enters the position reached: TRUE when it was not seen before, with a
 * frame of its moves pushed. */
static gboolean
enter (Prover *prover,
       guint   undo)
{
  Frame frame;

  if (!visit (prover))
    return FALSE;
  frame.start = frame.next = prover->n_moves;
  add_moves (prover);
  frame.end = prover->n_moves;
  frame.undo = undo;
  RESERVE (prover->frames, prover->n_frames, prover->frames_size, 1);
  prover->frames[prover->n_frames++] = frame;
  return TRUE;
}

gboolean
pw_fc_prove (const PwFcPosition *start,
             guint64             max_states,
             GCancellable       *cancellable,
             PwFcVerdict        *verdict,
             guint64            *states,
             GError            **error)
{
  Prover prover;
  gboolean cancelled = FALSE;

  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (verdict != NULL, FALSE);

  memset (&prover, 0, sizeof prover);
  prover.position = *start;
  prover.max_states = max_states;
  prover.table_size = 1 << 12;
  prover.table = g_new0 (Key, prover.table_size);

  /* the key of the start: every card of the deck, where it lies */
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    set_place (&prover.key, i, ON_FOUNDATION);
  for (int i = 0; i < start->n_free; i++)
    if (start->cells[i] != 0)
      {
        set_place (&prover.key, CARD_INDEX (start->cells[i]), ON_CELL);
        prover.in_play++;
      }
  for (int c = 0; c < start->n_cascades; c++)
    for (int h = 0; h < start->height[c]; h++)
      {
        set_place (&prover.key, CARD_INDEX (start->cards[c][h]),
                   h == 0 ? ON_BOTTOM : CARD_INDEX (start->cards[c][h - 1]));
        prover.in_play++;
      }

  *verdict = PW_FC_UNSOLVABLE;
  auto_moves (&prover);
  if (prover.in_play == 0)
    *verdict = PW_FC_SOLVED;
  else
    enter (&prover, 0);

  while (*verdict == PW_FC_UNSOLVABLE && prover.n_frames > 0)
    {
      Frame *frame = &prover.frames[prover.n_frames - 1];
      PwFcMove move;
      guint mark;

      if (frame->next == frame->end)
        {
          /* every move tried: back to the position before */
          prover.n_moves = frame->start;
          unmake (&prover, frame->undo);
          prover.n_frames--;
          continue;
        }

      move = prover.moves[frame->next++];
      mark = prover.n_steps;
      make (&prover, move.from, move.to);
      auto_moves_after (&prover, move.from, move.to);
      if (prover.in_play == 0)
        {
          *verdict = PW_FC_SOLVED;
          break;
        }
      if (!enter (&prover, mark))
        {
          unmake (&prover, mark);
          continue;
        }
      if (max_states > 0 && prover.table_used >= max_states)
        *verdict = PW_FC_UNKNOWN;
      else if ((prover.table_used & 0xfff) == 0 &&
               g_cancellable_is_cancelled (cancellable))
        cancelled = TRUE;
      if (cancelled)
        break;
    }

  if (states != NULL)
    *states = prover.table_used;
  g_free (prover.table);
  g_free (prover.moves);
  g_free (prover.steps);
  g_free (prover.frames);
  if (cancelled)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  return TRUE;
}
