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
 * bottom of a cascade, in a free cell or on the foundations. That says
 * the same for every order of the cascades and of the free cells (the
 * solver sorts them for the same effect), and a move changes where the
 * card it carries lies and nothing else. A card only ever lies on one of
 * six places: where it lay at the start (until it first moves), on one
 * of the two cards a move may put it on (one rank higher, the other
 * colour), at the bottom of a cascade, in a free cell or up; so three
 * bits a card, 24 bytes a position (six bits a card took 40).
 *
 * pw_fc_prove holds every position it visits; pw_fc_prove_layered visits
 * the same ones a layer (one set of foundations) at a time and holds one
 * layer and the positions found for the layers ahead (its comment says
 * why that is every reachable position).
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "freecell-private.h"
#include "pw-big.h"

/* where a card lies, besides on another card (its index 0 … 51) */
#define ON_BOTTOM     52
#define ON_CELL       53
#define ON_FOUNDATION 54

#define CARD_INDEX(card) ((card) - PW_FC_CARD (1, 0))
#define INDEX_CARD(i)    ((guint8) ((i) + PW_FC_CARD (1, 0)))

/* 52 three-bit codes of where each card lies (CODE_*), 21 to a word; the
 * top bit of the last word, past them, marks a used slot of the table */
#define KEY_WORDS      3
#define CODES_A_WORD   21
#define USED           (G_GUINT64_CONSTANT (1) << 63)

/* the codes: where the card lay at the start, on the first or second card
 * it fits on, then the three places besides cards */
enum { CODE_START, CODE_PARENT_1, CODE_PARENT_2, CODE_BOTTOM, CODE_CELL, CODE_FOUNDATION,
       N_CODES, NO_CODE = 0xff };
#define N_PLACES (ON_FOUNDATION + 1)

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

/* A set of keys: open addressing, linear probing. */
typedef struct
{
  Key   *slots;
  gsize  size;
  gsize  last;   /* the size that holds the budget; 0: none */
  gsize  used;
} Table;

/* the layered search's layers: one for each foundation, four ranks of
 * four bits */
#define N_LAYERS (1 << 16)

typedef struct
{
  PwFcPosition position;
  Key          key;
  int          in_play;    /* cards not yet up */
  /* each card's code for each place it can lie on (NO_CODE: none), and
   * the place of each code, made from the start (prover_init) */
  guint8       code_of[PW_FC_N_CARDS][N_PLACES];
  guint8       place_of[PW_FC_N_CARDS][N_CODES];

  Table        seen;       /* the positions entered or claimed (of this layer) */
  guint64      entered;    /* positions entered, for the cancellable's checks */
  guint64      max_states;
  PwDeadline  *deadline;   /* runs out like max_states; NULL: none */

  /* the layered search (pw_fc_prove_layered): the layer searched, the
   * positions found in each later layer (NULL: none yet), how many they
   * hold in all, and the positions visited in the layers done */
  gboolean     layered;
  guint8       layer[4];
  Table      **pending;
  guint64      held;
  guint64      visited_before;
  guint64      max_held;

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
set_code (Key  *key,
          int   index,
          guint code)
{
  int word = index / CODES_A_WORD, shift = 3 * (index % CODES_A_WORD);

  key->w[word] = (key->w[word] & ~(G_GUINT64_CONSTANT (7) << shift)) | ((guint64) code << shift);
}

/* Records in the prover's key that card @index lies on @place. */
static inline void
set_place (Prover *prover,
           int     index,
           guint   place)
{
  guint code = prover->code_of[index][place];

  g_assert (code != NO_CODE);
  set_code (&prover->key, index, code);
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

  set_place (prover, CARD_INDEX (card), place_below (position, to));
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

      set_place (prover, CARD_INDEX (card), place_below (position, step.from));
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
           PW_FC_PROVE_OVERSHOOT);
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

/* The slot of a hash in a table of @size (any size below 2^32 slots,
 * 160 GB): the hash's high 32 bits scaled to the size. */
static inline gsize
slot_of (guint64 hash,
         gsize   size)
{
  return (gsize) (((hash >> 32) * (guint64) size) >> 32);
}

/* The slots of a table: zeroed, on huge pages from 2 MiB up (pw-big.h),
 * where every look-up is a random access into up to gigabytes. */
static Key *
slots_new (gsize size)
{
  Key *slots = pw_big_alloc0 (size * sizeof (Key));

  if (slots == NULL)
    g_error ("out of memory for a table of %" G_GSIZE_FORMAT " positions", size);
  return slots;
}

/* An empty table of @size slots for up to @max_keys keys (0: no limit). */
static void
table_init (Table   *table,
            gsize    size,
            guint64  max_keys)
{
  table->size = size;
  table->last = 0;
  if (max_keys > 0)
    table->last = MAX (max_keys + max_keys * 3 / 17 + 1, table->size);
  table->used = 0;
  table->slots = slots_new (table->size);
}

static void
table_clear (Table *table)
{
  pw_big_free (table->slots, table->size * sizeof (Key));
  table->slots = NULL;
  table->size = table->used = 0;
}

/* Doubles the table, or makes it the size that holds the whole budget
 * when that is less than double: at the budget's end the table is then
 * at most 85 % full rather than up to half empty (82 M positions of
 * the old 40-byte key fitted 4 GB, not 94 M in 5.4 GB and 8 GB while it
 * doubled). */
static void
table_grow (Table *table)
{
  gsize size = table->size * 2;
  Key *slots;

  if (table->last > 0 && size > table->last && table->size < table->last)
    size = table->last;
  g_assert (size < (G_GUINT64_CONSTANT (1) << 32));
  slots = slots_new (size);
  for (gsize i = 0; i < table->size; i++)
    if (table->slots[i].w[KEY_WORDS - 1] & USED)
      {
        gsize j = slot_of (key_hash (&table->slots[i]), size);

        while (slots[j].w[KEY_WORDS - 1] & USED)
          j = j + 1 == size ? 0 : j + 1;
        slots[j] = table->slots[i];
      }
  pw_big_free (table->slots, table->size * sizeof (Key));
  table->slots = slots;
  table->size = size;
}

/* Adds @key (its USED bit set, @hash its hash) to @table unless it is
 * there; TRUE when it was not. */
static inline gboolean
table_add_hashed (Table     *table,
                  const Key *key,
                  guint64    hash)
{
  gsize i = slot_of (hash, table->size);

  while (table->slots[i].w[KEY_WORDS - 1] & USED)
    {
      if (memcmp (&table->slots[i], key, sizeof *key) == 0)
        return FALSE;
      i = i + 1 == table->size ? 0 : i + 1;
    }
  table->slots[i] = *key;
  /* the budget stops the search before a table of the last size fills;
   * the positions claimed beyond it (claim_moves: a few on the path)
   * could still fill it, and then it grows all the same */
  if (++table->used * 10 > table->size * 7 &&
      (table->size != table->last || table->used * 10 > table->size * 9))
    table_grow (table);
  return TRUE;
}

/* Adds @key unless it is there; TRUE when it was not. */
static gboolean
table_add (Table     *table,
           const Key *key)
{
  Key k = *key;

  k.w[KEY_WORDS - 1] |= USED;
  return table_add_hashed (table, &k, key_hash (&k));
}

/* In a move's @to on the stack: its position was added to the table
 * when the move was pushed (claim_moves), so it is entered without a
 * look at the table. */
#define CLAIMED 0x80

/* Whether the budgets allow another position to be entered: the
 * positions visited (and claimed), and those held (the layered search). */
static inline gboolean
has_room (const Prover *prover)
{
  return (prover->max_states == 0 ||
          prover->visited_before + prover->seen.used < prover->max_states) &&
         (prover->max_held == 0 || prover->held + prover->seen.used < prover->max_held);
}

/* Goes over the moves just pushed (moves[@start …]) before any is made.
 * The search would make each, look its position up in the table, and
 * either unmake it (seen) or enter it (new), waiting on one cache miss
 * after another. Here the keys are made and their slots fetched from
 * memory all at once; a move to a position already seen is dropped (the
 * table only grows, so the search would find it seen), and a new
 * position is added to the table now and its move marked CLAIMED: it
 * will be entered from here, and a path that reaches it first will find
 * it seen. Every reachable position is still entered once, and the
 * order does not depend on the budget: a search resumed with a larger
 * one goes on as one run would. The positions counted, and budgeted, are
 * those in the table, so a budget can be passed by the moves of one
 * position (PW_FC_PROVE_OVERSHOOT). Only moves
 * that put no card up are looked at, and only when the card they uncover
 * cannot go up by itself: their position is then the key with one
 * card's place changed, in the same layer. */
static void
claim_moves (Prover *prover,
             gsize   start)
{
  const PwFcPosition *position = &prover->position;
  Table *seen = &prover->seen;
  enum { MAX_MOVES = PW_FC_PROVE_OVERSHOOT };
  Key keys[MAX_MOVES];
  guint64 hashes[MAX_MOVES];
  gboolean look[MAX_MOVES];
  gsize n = prover->n_moves - start, kept = start;

  g_assert (n <= MAX_MOVES);
  for (gsize m = 0; m < n; m++)
    {
      const PwFcMove *move = &prover->moves[start + m];
      int from = move->from, to = move->to;
      guint8 card;
      guint code;

      look[m] = FALSE;
      if (to == PW_FC_FOUNDATION)
        continue;
      if (from < PW_FC_MAX_CASCADES)
        {
          int height = position->height[from];

          card = position->cards[from][height - 1];
          if (height > 1 && safe_up (position, position->cards[from][height - 2]))
            continue;
        }
      else
        card = position->cells[from - PW_FC_MAX_CASCADES];
      code = prover->code_of[CARD_INDEX (card)][place_below (position, to)];
      g_assert (code != NO_CODE);
      keys[m] = prover->key;
      set_code (&keys[m], CARD_INDEX (card), code);
      keys[m].w[KEY_WORDS - 1] |= USED;
      hashes[m] = key_hash (&keys[m]);
      __builtin_prefetch (&seen->slots[slot_of (hashes[m], seen->size)]);
      look[m] = TRUE;
    }
  for (gsize m = 0; m < n; m++)
    {
      PwFcMove move = prover->moves[start + m];

      if (look[m])
        {
          if (!table_add_hashed (seen, &keys[m], hashes[m]))
            continue;
          move.to |= CLAIMED;
        }
      prover->moves[kept++] = move;
    }
  prover->n_moves = kept;
}

/* Pushes a frame for the position reached, with its moves. */
static void
push_frame (Prover *prover,
            guint   undo)
{
  Frame frame;

  frame.start = frame.next = prover->n_moves;
  add_moves (prover);
  claim_moves (prover, frame.start);
  frame.end = prover->n_moves;
  frame.undo = undo;
  RESERVE (prover->frames, prover->n_frames, prover->frames_size, 1);
  prover->frames[prover->n_frames++] = frame;
  prover->entered++;
}

/* Enters the position reached: TRUE when it was not seen before, with a
 * frame of its moves pushed. */
static gboolean
enter (Prover *prover,
       guint   undo)
{
  if (!table_add (&prover->seen, &prover->key))
    return FALSE;
  push_frame (prover, undo);
  return TRUE;
}

/* Where card @index lies in @key. */
static inline guint
get_place (const Prover *prover,
           const Key    *key,
           int           index)
{
  int word = index / CODES_A_WORD, shift = 3 * (index % CODES_A_WORD);

  return prover->place_of[index][(key->w[word] >> shift) & 7];
}

static inline guint
layer_of (const guint8 *foundation)
{
  return foundation[0] | foundation[1] << 4 | foundation[2] << 8 | foundation[3] << 12;
}

/* The position of @key in layer @layer (its foundations), the cascades
 * in the order of their bottom cards and the free cells filled from the
 * first: the same position up to their orders, which change no verdict. */
static void
prover_decode (Prover    *prover,
               const Key *key,
               guint      layer)
{
  PwFcPosition *position = &prover->position;
  guint8 places[PW_FC_N_CARDS];
  guint8 above[PW_FC_N_CARDS];
  int cascade = 0, cell = 0;

  memset (position->height, 0, sizeof position->height);
  memset (position->cells, 0, sizeof position->cells);
  for (int s = 0; s < 4; s++)
    position->foundation[s] = (layer >> (4 * s)) & 15;
  memset (above, 0xff, sizeof above);
  prover->key = *key;
  prover->key.w[KEY_WORDS - 1] &= ~USED;
  prover->in_play = 0;
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    {
      places[i] = get_place (prover, key, i);
      if (places[i] < PW_FC_N_CARDS)
        above[places[i]] = i;
    }
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    if (places[i] == ON_CELL)
      {
        g_assert (cell < position->n_free);
        position->cells[cell++] = INDEX_CARD (i);
        prover->in_play++;
      }
    else if (places[i] == ON_BOTTOM)
      {
        g_assert (cascade < position->n_cascades);
        for (int j = i; j != 0xff; j = above[j])
          {
            position->cards[cascade][position->height[cascade]++] = INDEX_CARD (j);
            prover->in_play++;
          }
        cascade++;
      }
}

/* Positions visited so far, in all layers. */
static inline guint64
prover_visited (const Prover *prover)
{
  return prover->visited_before + prover->seen.used;
}

/* Depth-first from the frames on the stack until they are all done, a
 * won position is reached, the budget runs out or the search is
 * cancelled (TRUE). In the layered search a move that puts cards up ends
 * in a later layer: its position is kept for that layer, not entered. */
static gboolean
search (Prover       *prover,
        GCancellable *cancellable,
        PwFcVerdict  *verdict)
{
  while (*verdict == PW_FC_UNSOLVABLE && prover->n_frames > 0)
    {
      Frame *frame = &prover->frames[prover->n_frames - 1];
      PwFcMove move;
      gboolean claimed;
      guint mark;

      if (frame->next == frame->end)
        {
          /* every move tried: back to the position before */
          prover->n_moves = frame->start;
          unmake (prover, frame->undo);
          prover->n_frames--;
          continue;
        }

      move = prover->moves[frame->next++];
      claimed = (move.to & CLAIMED) != 0;
      move.to &= ~CLAIMED;
      mark = prover->n_steps;
      make (prover, move.from, move.to);
      auto_moves_after (prover, move.from, move.to);
      if (prover->in_play == 0)
        {
          *verdict = PW_FC_SOLVED;
          break;
        }
      if (prover->layered && memcmp (prover->position.foundation, prover->layer, 4) != 0)
        {
          guint layer = layer_of (prover->position.foundation);

          if (prover->pending[layer] == NULL)
            {
              prover->pending[layer] = g_new0 (Table, 1);
              /* small: thousands of layers may wait at once */
              table_init (prover->pending[layer], 16, prover->max_held);
            }
          prover->held += table_add (prover->pending[layer], &prover->key);
          unmake (prover, mark);
          if (prover->max_held > 0 && prover->held + prover->seen.used >= prover->max_held)
            *verdict = PW_FC_UNKNOWN;
          continue;
        }
      if (claimed)
        push_frame (prover, mark);
      else if (!enter (prover, mark))
        {
          unmake (prover, mark);
          continue;
        }
      if (!has_room (prover))
        *verdict = PW_FC_UNKNOWN;
      else if ((prover->entered & 0xfff) == 0)
        {
          if (g_cancellable_is_cancelled (cancellable))
            return TRUE;
          if (pw_deadline_passed (prover->deadline))
            *verdict = PW_FC_UNKNOWN;
        }
    }
  return FALSE;
}

/* The prover at @start, its key made and the automatic moves played. */
static void
prover_init (Prover             *prover,
             const PwFcPosition *start,
             guint64             max_states)
{
  guint8 start_below[PW_FC_N_CARDS];

  memset (prover, 0, sizeof *prover);
  prover->position = *start;
  prover->max_states = max_states;

  /* the places each card can lie on, and their codes */
  memset (start_below, NO_CODE, sizeof start_below);
  for (int c = 0; c < start->n_cascades; c++)
    for (int h = 1; h < start->height[c]; h++)
      start_below[CARD_INDEX (start->cards[c][h])] = CARD_INDEX (start->cards[c][h - 1]);
  memset (prover->code_of, NO_CODE, sizeof prover->code_of);
  memset (prover->place_of, ON_FOUNDATION, sizeof prover->place_of);
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    {
      int parent = CODE_PARENT_1;

      if (start_below[i] != NO_CODE)
        {
          prover->code_of[i][start_below[i]] = CODE_START;
          prover->place_of[i][CODE_START] = start_below[i];
        }
      for (int j = 0; j < PW_FC_N_CARDS; j++)
        if (fits (INDEX_CARD (i), INDEX_CARD (j)))
          {
            /* a card dealt on a card it fits on has that card's code */
            prover->code_of[i][j] = parent;
            prover->place_of[i][parent++] = j;
          }
      prover->code_of[i][ON_BOTTOM] = CODE_BOTTOM;
      prover->place_of[i][CODE_BOTTOM] = ON_BOTTOM;
      prover->code_of[i][ON_CELL] = CODE_CELL;
      prover->place_of[i][CODE_CELL] = ON_CELL;
      prover->code_of[i][ON_FOUNDATION] = CODE_FOUNDATION;
      prover->place_of[i][CODE_FOUNDATION] = ON_FOUNDATION;
    }

  /* the key of the start: every card of the deck, where it lies */
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    set_place (prover, i, ON_FOUNDATION);
  for (int i = 0; i < start->n_free; i++)
    if (start->cells[i] != 0)
      {
        set_place (prover, CARD_INDEX (start->cells[i]), ON_CELL);
        prover->in_play++;
      }
  for (int c = 0; c < start->n_cascades; c++)
    for (int h = 0; h < start->height[c]; h++)
      {
        set_place (prover, CARD_INDEX (start->cards[c][h]),
                   h == 0 ? ON_BOTTOM : CARD_INDEX (start->cards[c][h - 1]));
        prover->in_play++;
      }
  auto_moves (prover);
  /* the start's steps are never unmade */
  prover->n_steps = 0;
}

static void
prover_clear (Prover *prover)
{
  table_clear (&prover->seen);
  if (prover->pending != NULL)
    for (guint layer = 0; layer < N_LAYERS; layer++)
      if (prover->pending[layer] != NULL)
        {
          table_clear (prover->pending[layer]);
          g_free (prover->pending[layer]);
        }
  g_free (prover->pending);
  g_free (prover->moves);
  g_free (prover->steps);
  g_free (prover->frames);
}

/* A prover that can be resumed: the search stops with its path and table
 * intact when the budget runs out, so a larger budget carries on from
 * there instead of visiting the same positions again (the fewest free
 * cells' ladder, freecell.c). */
struct _PwFcProver
{
  Prover       prover;
  PwFcVerdict  verdict;   /* PW_FC_UNKNOWN while the search can go on */
  guint64      reported;  /* the positions visited that runs have counted */
};

PwFcProver *
_pw_fc_prover_new (const PwFcPosition *start)
{
  PwFcProver *self = g_new0 (PwFcProver, 1);

  prover_init (&self->prover, start, 0);
  table_init (&self->prover.seen, 1 << 12, 0);
  self->verdict = PW_FC_UNKNOWN;
  if (self->prover.in_play == 0)
    self->verdict = PW_FC_SOLVED;
  else
    enter (&self->prover, 0);
  return self;
}

void
_pw_fc_prover_free (PwFcProver *self)
{
  if (self == NULL)
    return;
  prover_clear (&self->prover);
  g_free (self);
}

gboolean
_pw_fc_prover_run (PwFcProver   *self,
                   guint64       max_states,
                   GCancellable *cancellable,
                   PwDeadline   *deadline,
                   PwFcVerdict  *verdict,
                   guint64      *states,
                   GError      **error)
{
  Prover *prover = &self->prover;
  Table *seen = &prover->seen;
  gboolean cancelled = FALSE;

  if (self->verdict == PW_FC_UNKNOWN &&
      (max_states == 0 || prover_visited (prover) < max_states))
    {
      /* the table's last size now holds the new budget (table_init) */
      prover->max_states = max_states;
      prover->deadline = deadline;
      seen->last = 0;
      if (max_states > 0)
        seen->last = MAX (max_states + max_states * 3 / 17 + 1, seen->size);
      if (seen->used * 10 > seen->size * 7 && seen->size != seen->last)
        table_grow (seen);
      /* search() goes on while the verdict says unsolvable; it is only
       * the answer once the stack is empty */
      self->verdict = PW_FC_UNSOLVABLE;
      cancelled = search (prover, cancellable, &self->verdict);
      if (cancelled)
        self->verdict = PW_FC_UNKNOWN;
    }

  *verdict = self->verdict;
  if (states != NULL)
    *states = prover_visited (prover) - self->reported;
  self->reported = prover_visited (prover);
  if (cancelled)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  return TRUE;
}

guint64
_pw_fc_prover_bytes (const PwFcProver *self)
{
  const Prover *prover = &self->prover;

  return prover->seen.size * sizeof (Key) + prover->moves_size * sizeof (PwFcMove) +
         prover->steps_size * sizeof (Step) + prover->frames_size * sizeof (Frame);
}

gboolean
pw_fc_prove (const PwFcPosition *start,
             guint64             max_states,
             GCancellable       *cancellable,
             PwDeadline         *deadline,
             PwFcVerdict        *verdict,
             guint64            *states,
             GError            **error)
{
  PwFcProver *prover;
  gboolean ok;

  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (verdict != NULL, FALSE);

  prover = _pw_fc_prover_new (start);
  ok = _pw_fc_prover_run (prover, max_states, cancellable, deadline, verdict, states, error);
  _pw_fc_prover_free (prover);
  return ok;
}

/* Layer by layer. Cards never come down from the foundations, so a
 * position reaches only positions with as many cards up in each suit or
 * more: the positions with one set of foundations (a layer) are reached
 * only from the same layer and those with fewer cards up. Searching the
 * layers in order of the cards up, each from every position the layers
 * before found in it, visits every reachable position once, as the plain
 * search does, and only one layer's positions (and those found for the
 * layers ahead) need be held at once. */
gboolean
pw_fc_prove_layered (const PwFcPosition *start,
                     guint64             max_states,
                     guint64             max_held,
                     GCancellable       *cancellable,
                     PwDeadline         *deadline,
                     PwFcVerdict        *verdict,
                     guint64            *states,
                     GError            **error)
{
  Prover prover;
  gboolean cancelled = FALSE;

  g_return_val_if_fail (start != NULL, FALSE);
  g_return_val_if_fail (verdict != NULL, FALSE);

  prover_init (&prover, start, max_states);
  prover.layered = TRUE;
  prover.deadline = deadline;
  prover.max_held = max_held;
  prover.pending = g_new0 (Table *, N_LAYERS);
  *verdict = PW_FC_UNSOLVABLE;
  if (prover.in_play == 0)
    *verdict = PW_FC_SOLVED;
  else
    {
      guint layer = layer_of (prover.position.foundation);

      prover.pending[layer] = g_new0 (Table, 1);
      table_init (prover.pending[layer], 16, 0);
      prover.held += table_add (prover.pending[layer], &prover.key);
    }

  while (*verdict == PW_FC_UNSOLVABLE && !cancelled)
    {
      Table *entries;
      guint layer = N_LAYERS;
      int fewest = G_MAXINT;

      /* the layer with the fewest cards up: no layer left can reach it */
      for (guint l = 0; l < N_LAYERS; l++)
        if (prover.pending[l] != NULL)
          {
            int up = (l & 15) + (l >> 4 & 15) + (l >> 8 & 15) + (l >> 12 & 15);

            if (up < fewest)
              {
                fewest = up;
                layer = l;
              }
          }
      if (layer == N_LAYERS)
        break;
      if (g_cancellable_is_cancelled (cancellable))
        {
          cancelled = TRUE;
          break;
        }
      if (pw_deadline_passed (deadline))
        {
          *verdict = PW_FC_UNKNOWN;
          break;
        }

      entries = g_steal_pointer (&prover.pending[layer]);
      for (int s = 0; s < 4; s++)
        prover.layer[s] = (layer >> (4 * s)) & 15;
      table_init (&prover.seen, 1 << 12, max_held);
      for (gsize i = 0; i < entries->size && *verdict == PW_FC_UNSOLVABLE && !cancelled; i++)
        if (entries->slots[i].w[KEY_WORDS - 1] & USED)
          {
            prover_decode (&prover, &entries->slots[i], layer);
            if (!enter (&prover, 0))
              continue;
            cancelled = search (&prover, cancellable, verdict);
          }
      prover.held -= entries->used;
      table_clear (entries);
      g_free (entries);
      prover.visited_before += prover.seen.used;
      table_clear (&prover.seen);
    }

  if (states != NULL)
    *states = prover_visited (&prover);
  prover_clear (&prover);
  if (cancelled)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  return TRUE;
}
