/* freecell-solve.c — FreeCell positions, moves and the solver
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver is a best-first search over positions up to the order of
 * the cascades and of the free cells (a position is known by where each
 * card lies, and expanded in a canonical order that sorts both), with
 * the Microsoft game's automatic moves made after every move.
 * Those moves never lose a won game: a card goes up only when no card
 * still in play could be placed on it. The search's moves are every
 * atomic move plus whole runs moved at once (supermoves), which are
 * written out as atomic moves in the solution. A move is stored by the
 * card it carries and where that card lands (the foundations, a free
 * cell, an empty cascade or onto a named card), which means the same in
 * every order of the cascades; the solution is rebuilt by replaying those
 * moves on the real layout. When the queue runs dry every position
 * reachable from the start has been checked and the deal is proved
 * unsolvable.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "freecell-private.h"
#include "pw-big.h"

/* ------------------------------------------------------------------ */
/* Positions                                                            */

void
pw_fc_position_init (PwFcPosition          *position,
                     const PwFreecellLevel *level)
{
  guint8 lowest[4] = { 14, 14, 14, 14 };

  memset (position, 0, sizeof *position);
  position->n_cascades = level->n_cascades;
  position->n_free = level->free_cells;
  for (int c = 0; c < level->n_cascades; c++)
    {
      position->height[c] = MIN (level->height[c], PW_FC_N_CARDS);
      memcpy (position->cards[c], level->cards[c], position->height[c]);
      for (int i = 0; i < position->height[c]; i++)
        {
          guint8 card = position->cards[c][i];

          lowest[PW_FC_SUIT (card)] = MIN (lowest[PW_FC_SUIT (card)], PW_FC_RANK (card));
        }
    }
  if (level->in_play)
    {
      memcpy (position->foundation, level->foundation, 4);
      memcpy (position->cells, level->cells, PW_FC_MAX_FREE);
    }
  else
    /* a full deck starts with nothing up; a smaller one (the tests'
     * reduced deals) with each suit up to below its lowest card */
    for (int s = 0; s < 4; s++)
      position->foundation[s] = lowest[s] - 1;
}

gboolean
pw_fc_position_won (const PwFcPosition *position)
{
  for (int i = 0; i < position->n_free; i++)
    if (position->cells[i] != 0)
      return FALSE;
  for (int c = 0; c < position->n_cascades; c++)
    if (position->height[c] != 0)
      return FALSE;
  return TRUE;
}

static inline guint8
top_card (const PwFcPosition *position,
          int                 place)
{
  if (place < position->n_cascades)
    return position->height[place] > 0 ? position->cards[place][position->height[place] - 1] : 0;
  if (PW_FC_IS_CELL (place) && place - PW_FC_MAX_CASCADES < position->n_free)
    return position->cells[place - PW_FC_MAX_CASCADES];
  return 0;
}

guint8
pw_fc_top (const PwFcPosition *position,
           int                 place)
{
  return top_card (position, place);
}

/* Whether @card may lie on @below in a cascade. */
static inline gboolean
fits (guint8 card,
      guint8 below)
{
  guint8 x = below ^ card;

  /* one rank up, and the suits' bits differ in exactly one place (clubs
   * 00 and spades 11 are black, diamonds 01 and hearts 10 red): the
   * colours differ */
  return PW_FC_RANK (below) == PW_FC_RANK (card) + 1 && ((x ^ (x >> 1)) & 1);
}

static inline gboolean
move_legal (const PwFcPosition *position,
            PwFcMove            move)
{
  guint8 card;

  if (move.from == move.to || move.from >= PW_FC_FOUNDATION)
    return FALSE;
  if (move.from < PW_FC_MAX_CASCADES && move.from >= position->n_cascades)
    return FALSE;
  card = top_card (position, move.from);
  if (card == 0)
    return FALSE;
  if (move.to == PW_FC_FOUNDATION)
    return position->foundation[PW_FC_SUIT (card)] + 1 == PW_FC_RANK (card);
  if (PW_FC_IS_CELL (move.to))
    return move.to - PW_FC_MAX_CASCADES < position->n_free &&
           position->cells[move.to - PW_FC_MAX_CASCADES] == 0;
  if (move.to >= position->n_cascades)
    return FALSE;
  return position->height[move.to] == 0 ||
         fits (card, position->cards[move.to][position->height[move.to] - 1]);
}

static inline void
move_apply (PwFcPosition *position,
            PwFcMove      move)
{
  guint8 card;

  if (move.from < PW_FC_MAX_CASCADES)
    card = position->cards[move.from][--position->height[move.from]];
  else
    {
      card = position->cells[move.from - PW_FC_MAX_CASCADES];
      position->cells[move.from - PW_FC_MAX_CASCADES] = 0;
    }
  if (move.to == PW_FC_FOUNDATION)
    position->foundation[PW_FC_SUIT (card)] = PW_FC_RANK (card);
  else if (PW_FC_IS_CELL (move.to))
    position->cells[move.to - PW_FC_MAX_CASCADES] = card;
  else
    position->cards[move.to][position->height[move.to]++] = card;
}

gboolean
pw_fc_move_legal (const PwFcPosition *position,
                  PwFcMove            move)
{
  return move_legal (position, move);
}

void
pw_fc_move_apply (PwFcPosition *position,
                  PwFcMove      move)
{
  move_apply (position, move);
}

PwFreecellLevel *
pw_fc_position_render (const PwFreecellLevel *level,
                       const PwFcPosition    *position)
{
  PwFreecellLevel *drawn = g_new0 (PwFreecellLevel, 1);

  drawn->n_cascades = position->n_cascades;
  drawn->free_cells = position->n_free;
  drawn->ms_deal = level->ms_deal;
  for (int c = 0; c < position->n_cascades; c++)
    {
      drawn->height[c] = position->height[c];
      memcpy (drawn->cards[c], position->cards[c], position->height[c]);
    }
  drawn->in_play = TRUE;
  memcpy (drawn->foundation, position->foundation, 4);
  memcpy (drawn->cells, position->cells, PW_FC_MAX_FREE);
  return drawn;
}

static int
empty_cells (const PwFcPosition *position)
{
  int n = 0;

  for (int i = 0; i < position->n_free; i++)
    n += position->cells[i] == 0;
  return n;
}

static int
empty_cascades (const PwFcPosition *position)
{
  int n = 0;

  for (int c = 0; c < position->n_cascades; c++)
    n += position->height[c] == 0;
  return n;
}

int
pw_fc_max_supermove (const PwFcPosition *position,
                     gboolean            to_empty)
{
  int empties = empty_cascades (position) - (to_empty ? 1 : 0);

  return (empty_cells (position) + 1) << MAX (empties, 0);
}

/* The length of the run in alternating colours, one rank apart, at the
 * top of cascade @c. */
static int
run_length (const PwFcPosition *position,
            int                 c)
{
  int h = position->height[c];
  int n = h > 0 ? 1 : 0;

  while (n < h && fits (position->cards[c][h - n], position->cards[c][h - n - 1]))
    n++;
  return n;
}

static void
push_move (PwFcPosition *position,
           int           from,
           int           to,
           GArray       *moves)
{
  PwFcMove move = { from, to };

  pw_fc_move_apply (position, move);
  g_array_append_val (moves, move);
}

/* Moves the top @n cards of @from onto @to with the free cells and the
 * empty cascades not in @busy (a bit mask of cascades). */
static gboolean
move_run (PwFcPosition *position,
          int           from,
          int           n,
          int           to,
          guint32       busy,
          GArray       *moves)
{
  int cells[PW_FC_MAX_FREE], n_cells = 0;
  int empties[PW_FC_MAX_CASCADES], n_empties = 0;

  if (n == 1)
    {
      push_move (position, from, to, moves);
      return TRUE;
    }
  for (int i = 0; i < position->n_free; i++)
    if (position->cells[i] == 0)
      cells[n_cells++] = i;
  for (int c = 0; c < position->n_cascades; c++)
    if (position->height[c] == 0 && c != to && c != from && !(busy & (1u << c)))
      empties[n_empties++] = c;

  if (n <= n_cells + 1)
    {
      for (int i = 0; i < n - 1; i++)
        push_move (position, from, PW_FC_CELL (cells[i]), moves);
      push_move (position, from, to, moves);
      for (int i = n - 2; i >= 0; i--)
        push_move (position, PW_FC_CELL (cells[i]), to, moves);
      return TRUE;
    }
  if (n_empties == 0)
    return FALSE;

  {
    int e = empties[0];
    /* what fits through the other empty cascades, and as few cards
     * parked in @e as that allows: each card parked costs two moves */
    int through = (n_cells + 1) << (n_empties - 1);
    int m = MAX (1, n - through);

    if (m > through)
      return FALSE;
    if (!move_run (position, from, m, e, busy | (1u << to), moves) ||
        !move_run (position, from, n - m, to, busy | (1u << e), moves) ||
        !move_run (position, e, m, to, busy, moves))
      return FALSE;
  }
  return TRUE;
}

gboolean
pw_fc_supermove (const PwFcPosition *position,
                 int                 from,
                 int                 count,
                 int                 to,
                 GArray             *moves)
{
  PwFcPosition scratch;
  guint length = moves->len;
  guint8 bottom;

  if (from >= position->n_cascades || to >= position->n_cascades || from == to || count < 1 ||
      count > run_length (position, from))
    return FALSE;
  bottom = position->cards[from][position->height[from] - count];
  if (position->height[to] > 0 &&
      !fits (bottom, position->cards[to][position->height[to] - 1]))
    return FALSE;
  if (count > pw_fc_max_supermove (position, position->height[to] == 0))
    return FALSE;
  scratch = *position;
  if (!move_run (&scratch, from, count, to, 0, moves))
    {
      g_array_set_size (moves, length);
      return FALSE;
    }
  return TRUE;
}

static inline gboolean
safe_up (const PwFcPosition *position,
         guint8              card)
{
  int rank = PW_FC_RANK (card);
  int suit = PW_FC_SUIT (card);

  if (position->foundation[suit] + 1 != rank)
    return FALSE;
  if (rank <= 2)
    return TRUE;
  /* the two suits of the other colour */
  if (PW_FC_RED (card))
    return position->foundation[0] >= rank - 1 && position->foundation[3] >= rank - 1;
  return position->foundation[1] >= rank - 1 && position->foundation[2] >= rank - 1;
}

gboolean
pw_fc_safe_to_foundation (const PwFcPosition *position,
                          guint8              card)
{
  return safe_up (position, card);
}

/* ------------------------------------------------------------------ */
/* Notation                                                             */

void
pw_fc_move_notation (PwFcMove  move,
                     char     *buffer)
{
  for (int i = 0; i < 2; i++)
    {
      int p = i == 0 ? move.from : move.to;

      if (p < PW_FC_MAX_CASCADES)
        buffer[i] = (char) ('0' + (p + 1) % 10);
      else if (p < PW_FC_FOUNDATION)
        buffer[i] = (char) ('a' + p - PW_FC_MAX_CASCADES);
      else
        buffer[i] = 'h';
    }
  buffer[2] = '\0';
}

static int
place_from_char (char c)
{
  if (c >= '1' && c <= '9')
    return c - '1';
  if (c == '0')
    return 9;
  if (c >= 'a' && c <= 'd')
    return PW_FC_CELL (c - 'a');
  if (c == 'h')
    return PW_FC_FOUNDATION;
  return -1;
}

gboolean
pw_fc_move_parse (const char *text,
                  PwFcMove   *move)
{
  int from, to;

  if (text == NULL || text[0] == '\0' || text[1] == '\0' || text[2] != '\0')
    return FALSE;
  from = place_from_char (g_ascii_tolower (text[0]));
  to = place_from_char (g_ascii_tolower (text[1]));
  if (from < 0 || to < 0 || from == PW_FC_FOUNDATION || from == to)
    return FALSE;
  move->from = from;
  move->to = to;
  return TRUE;
}

char *
pw_fc_moves_to_string (const PwFcMove *moves,
                       guint           n_moves)
{
  GString *text = g_string_sized_new (n_moves * 3);

  for (guint i = 0; i < n_moves; i++)
    {
      char buffer[3];

      pw_fc_move_notation (moves[i], buffer);
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, buffer);
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* The solver's positions, canonical and packed                         */

/* A position is known by where each card lies: on which card (its index
 * 0 … 51), at the bottom of a cascade, in a free cell or on the
 * foundations; six bits a card, ten to a word. That says the same for
 * every order of the cascades and of the free cells, and a move that
 * sends no card up changes the six bits of the card it carries and
 * nothing else, so a child's key is its parent's with one field set. */
#define ON_BOTTOM     52
#define ON_CELL       53
#define ON_FOUNDATION 54
#define KEY_WORDS     6
/* a word of ten cards on the foundations, and the last word's two */
#define TEN_UP        G_GUINT64_CONSTANT (0x0db6db6db6db6db6)
#define TWO_UP        ((guint64) (ON_FOUNDATION | ON_FOUNDATION << 6))
#define CARD_INDEX(card) ((card) - PW_FC_CARD (1, 0))
#define INDEX_CARD(i)    ((guint8) ((i) + PW_FC_CARD (1, 0)))

typedef struct
{
  guint64 w[KEY_WORDS];
} CardKey;

/* where a move's card lands */
enum
{
  DEST_FOUNDATION = 0,
  DEST_CELL = 1,
  DEST_EMPTY = 2,
  /* ≥ 4: onto that card */
};

typedef struct
{
  guint32 parent;
  guint32 g;        /* atomic moves from the start, at least */
  guint8  card;     /* the move that led here: its (bottom) card */
  guint8  dest;
  guint8  foundation[4];  /* kept, not worked out again from the key */
} Node;

typedef struct
{
  guint32 priority;
  guint32 node;
} Entry;

typedef struct
{
  int      n_cascades;
  int      n_free;
  Node    *nodes;
  CardKey *keys;       /* of each node */
  gsize    n_nodes;
  gsize    nodes_size;
  guint32 *table;      /* node + 1, 0 empty */
  guint64 *hashes;
  gsize    table_size; /* a power of two */
  gsize    table_used;
  Entry   *heap;
  gsize    heap_len;
  gsize    heap_size;
} Search;

static inline guint64
hash_key (const CardKey *key)
{
  guint64 h = 0;

  for (int i = 0; i < KEY_WORDS; i++)
    {
      h = (h ^ key->w[i]) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
  return h;
}

static inline gboolean
key_equal (const CardKey *a,
           const CardKey *b)
{
  guint64 d = 0;

  for (int i = 0; i < KEY_WORDS; i++)
    d |= a->w[i] ^ b->w[i];
  return d == 0;
}

static inline void
key_set (CardKey *key,
         int      index,
         guint64  where)
{
  int w = index / 10, shift = index % 10 * 6;

  key->w[w] = (key->w[w] & ~(G_GUINT64_CONSTANT (63) << shift)) | where << shift;
}

/* The key of @position. */
static void
encode (const PwFcPosition *position,
        CardKey            *key)
{
  /* every card on the foundations (ten fields a word, two in the last),
   * then the cards in play where they are */
  for (int w = 0; w < KEY_WORDS - 1; w++)
    key->w[w] = TEN_UP;
  key->w[KEY_WORDS - 1] = TWO_UP;
  for (int i = 0; i < position->n_free; i++)
    if (position->cells[i] != 0)
      key_set (key, CARD_INDEX (position->cells[i]), ON_CELL);
  for (int c = 0; c < position->n_cascades; c++)
    for (int i = 0; i < position->height[c]; i++)
      key_set (key, CARD_INDEX (position->cards[c][i]),
               i == 0 ? ON_BOTTOM : CARD_INDEX (position->cards[c][i - 1]));
}

/* The position of @key in canonical order: the cascades by their bottom
 * card, empty ones last; the free cells highest card first, empty ones
 * last. */
static void
decode (const CardKey *key,
        int            n_cascades,
        int            n_free,
        const guint8  *foundation,
        PwFcPosition  *position)
{
  guint8 above[PW_FC_N_CARDS];
  guint8 bottoms[PW_FC_N_CARDS];
  guint8 cells[PW_FC_N_CARDS];
  int n_bottoms = 0, n_cells = 0;

  memset (above, 0, sizeof above);
  position->n_cascades = n_cascades;
  position->n_free = n_free;
  memset (position->cells, 0, sizeof position->cells);
  memset (position->height, 0, sizeof position->height);
#define DECODE_FIELD(i, where)                     \
  G_STMT_START                                     \
  {                                                \
    if ((where) < PW_FC_N_CARDS)                   \
      above[where] = INDEX_CARD (i);               \
    else if ((where) == ON_BOTTOM)                 \
      bottoms[n_bottoms++] = (guint8) (i);         \
    else if ((where) == ON_CELL)                   \
      cells[n_cells++] = INDEX_CARD (i);           \
  }                                                \
  G_STMT_END
  for (int w = 0; w < KEY_WORDS - 1; w++)
    {
      guint64 word = key->w[w];

      /* ten cards up: nothing to place */
      if (word == TEN_UP)
        continue;
      for (int f = 0; f < 10; f++)
        DECODE_FIELD (w * 10 + f, (int) ((word >> (6 * f)) & 63));
    }
  for (int i = 10 * (KEY_WORDS - 1); i < PW_FC_N_CARDS; i++)
    DECODE_FIELD (i, (int) ((key->w[KEY_WORDS - 1] >> (6 * (i % 10))) & 63));
#undef DECODE_FIELD
  /* the cells: highest card first */
  for (int k = 0; k < n_cells; k++)
    position->cells[k] = cells[n_cells - 1 - k];
  for (int c = 0; c < n_bottoms; c++)
    {
      guint8 card = INDEX_CARD (bottoms[c]);
      int h = 0;

      while (card != 0)
        {
          position->cards[c][h++] = card;
          card = above[CARD_INDEX (card)];
        }
      position->height[c] = h;
    }
  memcpy (position->foundation, foundation, 4);
}

/* How far @position is from won, for the search's order (tuned on
 * Microsoft deals 1–2000, docs/performance.md): every card not up needs a
 * move (weighed by the search, below); a card lying above a lower card of
 * its suit must move away before that one can go up (2), as must, more
 * often than not, a card out of sequence (1); the cards above each suit's
 * next card count once more; full free cells cost (weighed by the search)
 * and empty cascades help. */
/* A cascade's share of the estimate (below). */
static inline int
cascade_part (const PwFcPosition *position,
              int                 c)
{
  guint8 lowest[4] = { 14, 14, 14, 14 };
  const guint8 *cards = position->cards[c];
  int h = position->height[c], part = 0;
  guint64 next = 0;  /* the suits' next cards, a bit each */

  for (int s = 0; s < 4; s++)
    if (position->foundation[s] < 13)
      next |= G_GUINT64_CONSTANT (1) << PW_FC_CARD (position->foundation[s] + 1, s);
  for (int i = 0; i < h; i++)
    {
      guint8 card = cards[i];
      int rank = PW_FC_RANK (card);
      int suit = PW_FC_SUIT (card);

      /* two cards of a suit never share a rank: not above a lower one
       * means it is the suit's lowest so far */
      if (rank > lowest[suit])
        part += 2;
      else
        {
          if (i > 0 && !fits (card, cards[i - 1]))
            part += 1;
          lowest[suit] = rank;
        }
      if ((next >> card) & 1)
        part += h - 1 - i;
    }
  return part;
}

/* How the estimate weighs the cards not yet up and the full free cells,
 * and how many times it counts against the moves made in a position's
 * priority (the searches of pw_fc_solve differ in these). */
typedef struct
{
  int left;
  int cells;
  int times;
} Weights;

/* The estimate from the cascades' shares: cards not up, full free cells,
 * empty cascades (less one each). */
static inline guint32
estimate_with (const Weights *weights,
               int            left,
               int            parts,
               int            cells,
               int            empties)
{
  return MAX (0, weights->left * left + parts + weights->cells * cells - empties);
}

/* How many cards are not up, free cells full and cascades empty. */
static inline void
count_places (const PwFcPosition *position,
              int                *left,
              int                *cells,
              int                *empties)
{
  *left = 52;
  *cells = *empties = 0;
  for (int s = 0; s < 4; s++)
    *left -= position->foundation[s];
  for (int i = 0; i < position->n_free; i++)
    *cells += position->cells[i] != 0;
  for (int c = 0; c < position->n_cascades; c++)
    *empties += position->height[c] == 0;
}

static inline guint32
estimate_from (const PwFcPosition *position,
               const Weights      *weights,
               int                 parts)
{
  int left, cells, empties;

  count_places (position, &left, &cells, &empties);
  return estimate_with (weights, left, parts, cells, empties);
}

/* What the estimate needs to know of a cascade to work out its share
 * with cards put on top, without going over its cards again. */
typedef struct
{
  int    part;
  int    n_next;     /* the suits' next cards in it */
  int    run;        /* the run at its top (as run_length) */
  guint8 lowest[4];  /* each suit's lowest rank in it, 14 for none */
} CascadeShare;

/* cascade_part, and what it saw (@next: the suits' next cards, as there) */
static inline void
cascade_share (const PwFcPosition *position,
               int                 c,
               guint64             next,
               CascadeShare       *share)
{
  const guint8 *cards = position->cards[c];
  int h = position->height[c], part = 0, n_next = 0, run = 0;

  memset (share->lowest, 14, 4);
  for (int i = 0; i < h; i++)
    {
      guint8 card = cards[i];
      int rank = PW_FC_RANK (card);
      int suit = PW_FC_SUIT (card);
      gboolean in_sequence = i > 0 && fits (card, cards[i - 1]);

      run = in_sequence ? run + 1 : 1;
      if (rank > share->lowest[suit])
        part += 2;
      else
        {
          if (i > 0 && !in_sequence)
            part += 1;
          share->lowest[suit] = rank;
        }
      if ((next >> card) & 1)
        {
          part += h - 1 - i;
          n_next++;
        }
    }
  share->part = part;
  share->n_next = n_next;
  share->run = run;
}

/* The share of cascade @c, which was @share with @count cards since put
 * on top (the same as cascade_part). */
static inline int
cascade_part_grown (const PwFcPosition *position,
                    int                 c,
                    int                 count,
                    guint64             next,
                    const CascadeShare *share)
{
  const guint8 *cards = position->cards[c];
  int h = position->height[c];
  int part = share->part + share->n_next * count;
  guint8 lowest[4];

  memcpy (lowest, share->lowest, 4);
  for (int i = h - count; i < h; i++)
    {
      guint8 card = cards[i];
      int rank = PW_FC_RANK (card);
      int suit = PW_FC_SUIT (card);

      if (rank > lowest[suit])
        part += 2;
      else
        {
          if (i > 0 && !fits (card, cards[i - 1]))
            part += 1;
          lowest[suit] = rank;
        }
      if ((next >> card) & 1)
        part += h - 1 - i;
    }
  return part;
}

static guint32
estimate (const PwFcPosition *position,
          const Weights      *weights)
{
  int parts = 0;

  for (int c = 0; c < position->n_cascades; c++)
    parts += cascade_part (position, c);
  return estimate_from (position, weights, parts);
}

/* The table's two arrays are read at random, one look-up a position:
 * on huge pages once they are large (pw-big.h). */
static guint32 *
table_new (gsize size)
{
  guint32 *table = pw_big_alloc0 (size * sizeof (guint32));

  if (table == NULL)
    g_error ("out of memory for a table of %" G_GSIZE_FORMAT " positions", size);
  return table;
}

static guint64 *
hashes_new (gsize size)
{
  guint64 *hashes = pw_big_alloc0 (size * sizeof (guint64));

  if (hashes == NULL)
    g_error ("out of memory for a table of %" G_GSIZE_FORMAT " positions", size);
  return hashes;
}

static void
search_init (Search *search,
             int     n_cascades,
             int     n_free)
{
  memset (search, 0, sizeof *search);
  search->n_cascades = n_cascades;
  search->n_free = n_free;
  search->nodes_size = 4096;
  search->nodes = g_new (Node, search->nodes_size);
  search->keys = g_new (CardKey, search->nodes_size);
  search->table_size = 1 << 11;  /* most deals need a few hundred */
  search->table = table_new (search->table_size);
  search->hashes = hashes_new (search->table_size);
  search->heap_size = 4096;
  search->heap = g_new (Entry, search->heap_size);
}

static void
search_clear (Search *search)
{
  g_free (search->nodes);
  g_free (search->keys);
  pw_big_free (search->table, search->table_size * sizeof (guint32));
  pw_big_free (search->hashes, search->table_size * sizeof (guint64));
  g_free (search->heap);
}

static void
table_grow (Search *search)
{
  gsize size = search->table_size * 2;
  guint32 *table = table_new (size);
  guint64 *hashes = hashes_new (size);

  for (gsize i = 0; i < search->table_size; i++)
    if (search->table[i] != 0)
      {
        gsize j = search->hashes[i] & (size - 1);

        while (table[j] != 0)
          j = (j + 1) & (size - 1);
        table[j] = search->table[i];
        hashes[j] = search->hashes[i];
      }
  pw_big_free (search->table, search->table_size * sizeof (guint32));
  pw_big_free (search->hashes, search->table_size * sizeof (guint64));
  search->table = table;
  search->hashes = hashes;
  search->table_size = size;
}

/* Adds the position with @key unless it is known; returns the new node's
 * index, or G_MAXUINT32 when it was known. */
static guint32
search_add (Search        *search,
            const CardKey *key,
            const guint8  *foundation,
            guint32        parent,
            guint32        g,
            guint8         card,
            guint8         dest)
{
  guint64 h = hash_key (key);
  gsize i = h & (search->table_size - 1);
  guint32 id = search->n_nodes;
  Node node;

  while (search->table[i] != 0)
    {
      if (search->hashes[i] == h && key_equal (&search->keys[search->table[i] - 1], key))
        return G_MAXUINT32;
      i = (i + 1) & (search->table_size - 1);
    }

  if (id == search->nodes_size)
    {
      search->nodes_size *= 2;
      search->nodes = g_renew (Node, search->nodes, search->nodes_size);
      search->keys = g_renew (CardKey, search->keys, search->nodes_size);
    }
  search->keys[id] = *key;
  node.parent = parent;
  node.g = g;
  node.card = card;
  node.dest = dest;
  memcpy (node.foundation, foundation, 4);
  search->nodes[search->n_nodes++] = node;
  search->table[i] = id + 1;
  search->hashes[i] = h;
  if (++search->table_used * 2 > search->table_size)
    table_grow (search);
  return id;
}

static void
heap_push (Search  *search,
           guint32  priority,
           guint32  node)
{
  gsize i;

  if (search->heap_len == search->heap_size)
    {
      search->heap_size *= 2;
      search->heap = g_renew (Entry, search->heap, search->heap_size);
    }
  i = search->heap_len++;
  while (i > 0)
    {
      gsize parent = (i - 1) / 2;

      if (search->heap[parent].priority <= priority)
        break;
      search->heap[i] = search->heap[parent];
      i = parent;
    }
  search->heap[i].priority = priority;
  search->heap[i].node = node;
}

static guint32
heap_pop (Search *search)
{
  guint32 top = search->heap[0].node;
  Entry last = search->heap[--search->heap_len];
  gsize i = 0;

  for (;;)
    {
      gsize child = 2 * i + 1;

      if (child >= search->heap_len)
        break;
      if (child + 1 < search->heap_len &&
          search->heap[child + 1].priority < search->heap[child].priority)
        child++;
      if (search->heap[child].priority >= last.priority)
        break;
      search->heap[i] = search->heap[child];
      i = child;
    }
  if (search->heap_len > 0)
    search->heap[i] = last;
  return top;
}

/* Sends up every card that is safe to, until none is: the moves appended
 * to @moves and each card that goes up marked so in @key, either NULL.
 * Inlined into both callers below, each with one of them constant NULL. */
static inline int
auto_moves (PwFcPosition *position,
            GArray       *moves,
            CardKey      *key)
{
  int n = 0;
  gboolean again = TRUE;

  while (again)
    {
      again = FALSE;
      for (int p = 0; p < PW_FC_FOUNDATION; p++)
        {
          guint8 card;

          if (p >= position->n_cascades && p < PW_FC_MAX_CASCADES)
            continue;
          card = top_card (position, p);
          if (card != 0 && safe_up (position, card))
            {
              PwFcMove move = { p, PW_FC_FOUNDATION };

              move_apply (position, move);
              if (moves != NULL)
                g_array_append_val (moves, move);
              if (key != NULL)
                key_set (key, CARD_INDEX (card), ON_FOUNDATION);
              n++;
              again = TRUE;
            }
        }
    }
  return n;
}

int
pw_fc_auto_moves (PwFcPosition *position,
                  GArray       *moves)
{
  return auto_moves (position, moves, NULL);
}

/* The same, with each card that goes up marked so in @key. */
static int
auto_moves_keyed (PwFcPosition *position,
                  CardKey      *key)
{
  return auto_moves (position, NULL, key);
}

/* ------------------------------------------------------------------ */
/* The search's moves                                                   */

/* PwFcRunMove (freecell-private.h): from, the count of cards carried, to,
 * and DEST_* or the card landed on */
typedef PwFcRunMove SearchMove;

/* The search's moves from @position; @share: each cascade's, for the
 * runs at their tops. */
static int
search_moves (const PwFcPosition *position,
              const CascadeShare *share,
              gboolean            pruned,
              SearchMove         *moves)
{
  int n = 0;
  guint8 tops[PW_FC_MAX_CASCADES];
  /* which cascade each card tops, plus one (0: none) */
  guint8 topping[PW_FC_CARD_MAX + 1];
  int free_cell = -1, first_empty = -1;
  int n_cells = 0, n_empties = 0;
  int max_on, max_empty;

  for (int i = 0; i < position->n_free; i++)
    if (position->cells[i] == 0)
      {
        if (free_cell < 0)
          free_cell = i;
        n_cells++;
      }
  for (int c = 0; c < position->n_cascades; c++)
    if (position->height[c] == 0)
      {
        if (first_empty < 0)
          first_empty = c;
        n_empties++;
      }
  /* as pw_fc_max_supermove */
  max_on = (n_cells + 1) << n_empties;
  max_empty = (n_cells + 1) << MAX (n_empties - 1, 0);

  memset (topping, 0, sizeof topping);
  for (int c = 0; c < position->n_cascades; c++)
    {
      int h = position->height[c];

      tops[c] = h > 0 ? position->cards[c][h - 1] : 0;
      topping[tops[c]] = (guint8) (c + 1);
    }
  topping[0] = 0;

  /* to the foundations (the safe ones went up already): from the
   * cascades, then the free cells */
  for (int p = 0; p < position->n_cascades; p++)
    {
      guint8 card = tops[p];

      if (card != 0 && position->foundation[PW_FC_SUIT (card)] + 1 == PW_FC_RANK (card))
        moves[n++] = (SearchMove) { p, 1, PW_FC_FOUNDATION, DEST_FOUNDATION };
    }
  for (int i = 0; i < position->n_free; i++)
    {
      guint8 card = position->cells[i];

      if (card != 0 && position->foundation[PW_FC_SUIT (card)] + 1 == PW_FC_RANK (card))
        moves[n++] = (SearchMove) { PW_FC_CELL (i), 1, PW_FC_FOUNDATION, DEST_FOUNDATION };
    }

  /* runs onto other cascades: the run's card k from the top has rank
   * top + k − 1 and, the run alternating, the top's colour when k is odd */
  for (int s = 0; s < position->n_cascades; s++)
    {
      int h = position->height[s];
      int run, top_rank, top_red;
      guint32 targets = 0;

      if (h == 0)
        continue;
      run = MIN (share[s].run, max_on);
      top_rank = PW_FC_RANK (tops[s]);
      top_red = PW_FC_RED (tops[s]);
      /* the run's card k from the top goes on a card one rank higher of
       * the other colour: of rank top + k, red when that card is black */
      for (int k = 1; k <= run && top_rank + k <= 13; k++)
        {
          int red = top_red ^ ((k - 1) & 1) ^ 1;
          guint8 a = PW_FC_CARD (top_rank + k, red ? 1 : 0);
          guint8 b = PW_FC_CARD (top_rank + k, red ? 2 : 3);

          targets |= (topping[a] ? 1u << (topping[a] - 1) : 0) |
                     (topping[b] ? 1u << (topping[b] - 1) : 0);
        }
      /* in the order of the cascades */
      while (targets != 0)
        {
          int t = __builtin_ctz (targets);
          guint8 top = tops[t];

          targets &= targets - 1;
          moves[n++] = (SearchMove) { s, PW_FC_RANK (top) - top_rank, t, top };
        }
      /* into an empty cascade: one card, or the longest run that fits */
      if (first_empty >= 0 && h > 1)
        {
          int k = MIN (MIN (run, max_empty), h - 1);

          if (!pruned || k == 1)
            moves[n++] = (SearchMove) { s, 1, first_empty, DEST_EMPTY };
          if (k > 1)
            moves[n++] = (SearchMove) { s, k, first_empty, DEST_EMPTY };
        }
    }

  /* free cells onto cascades */
  for (int i = 0; i < position->n_free; i++)
    {
      guint8 card = position->cells[i];

      guint32 targets = 0;

      if (card == 0)
        continue;
      /* onto the cascades topped by a card one rank higher, of the other
       * colour, in the order of the cascades */
      if (PW_FC_RANK (card) < 13)
        {
          gboolean red = PW_FC_RED (card);
          guint8 a = PW_FC_CARD (PW_FC_RANK (card) + 1, red ? 0 : 1);
          guint8 b = PW_FC_CARD (PW_FC_RANK (card) + 1, red ? 3 : 2);

          targets = (topping[a] ? 1u << (topping[a] - 1) : 0) |
                    (topping[b] ? 1u << (topping[b] - 1) : 0);
        }
      for (; targets != 0; targets &= targets - 1)
        {
          int t = __builtin_ctz (targets);

          moves[n++] = (SearchMove) { PW_FC_CELL (i), 1, t, tops[t] };
        }
      if (first_empty >= 0)
        moves[n++] = (SearchMove) { PW_FC_CELL (i), 1, first_empty, DEST_EMPTY };
    }

  /* cascades into a free cell */
  if (free_cell >= 0)
    for (int s = 0; s < position->n_cascades; s++)
      if (position->height[s] > 0)
        {
          if (pruned && position->height[s] > 1 &&
              fits (position->cards[s][position->height[s] - 1],
                    position->cards[s][position->height[s] - 2]))
            continue;
          moves[n++] = (SearchMove) { s, 1, PW_FC_CELL (free_cell), DEST_CELL };
        }
  return n;
}

/* Copies a position, only the cards in use. */
static inline void
copy_position (PwFcPosition       *to,
               const PwFcPosition *from)
{
  memcpy (to, from, G_STRUCT_OFFSET (PwFcPosition, cards));
  for (int c = 0; c < from->n_cascades; c++)
    memcpy (to->cards[c], from->cards[c], from->height[c]);
}

/* Makes @move on @position the simple way (no atomic steps): the run is
 * lifted as a whole. */
static void
search_apply (PwFcPosition     *position,
              const SearchMove *move)
{
  if (move->count == 1)
    {
      PwFcMove atomic = { move->from, move->to };

      move_apply (position, atomic);
      return;
    }
  memcpy (position->cards[move->to] + position->height[move->to],
          position->cards[move->from] + position->height[move->from] - move->count, move->count);
  position->height[move->to] += move->count;
  position->height[move->from] -= move->count;
}

/* Takes back search_apply's @move (not one to the foundations), made
 * without automatic moves. */
static inline void
search_unapply (PwFcPosition     *position,
                const SearchMove *move)
{
  guint8 card;

  if (move->count > 1)
    {
      position->height[move->to] -= move->count;
      memcpy (position->cards[move->from] + position->height[move->from],
              position->cards[move->to] + position->height[move->to], move->count);
      position->height[move->from] += move->count;
      return;
    }
  g_assert (move->to != PW_FC_FOUNDATION);
  if (PW_FC_IS_CELL (move->to))
    {
      card = position->cells[move->to - PW_FC_MAX_CASCADES];
      position->cells[move->to - PW_FC_MAX_CASCADES] = 0;
    }
  else
    card = position->cards[move->to][--position->height[move->to]];
  if (move->from < PW_FC_MAX_CASCADES)
    position->cards[move->from][position->height[move->from]++] = card;
  else
    position->cells[move->from - PW_FC_MAX_CASCADES] = card;
}

/* ------------------------------------------------------------------ */
/* The solver's moves and visited set, for other searches               */

/* Every move of the complete search from @position (what pass 2 makes):
 * the moves up that are not automatic, runs onto cascades and into an
 * empty one, free cells onto cascades, cascades into a free cell. */
int
_pw_fc_run_moves (const PwFcPosition *position,
                  PwFcRunMove        *moves)
{
  CascadeShare share[PW_FC_MAX_CASCADES];
  guint64 next = 0;

  for (int s = 0; s < 4; s++)
    if (position->foundation[s] < 13)
      next |= G_GUINT64_CONSTANT (1) << PW_FC_CARD (position->foundation[s] + 1, s);
  for (int c = 0; c < position->n_cascades; c++)
    cascade_share (position, c, next, &share[c]);
  return search_moves (position, share, FALSE, moves);
}

void
_pw_fc_run_move_apply (PwFcPosition      *position,
                       const PwFcRunMove *move)
{
  search_apply (position, move);
}

/* The solver's table of positions, keyed by where each card lies. */
struct _PwFcSeen
{
  Search search;
};

PwFcSeen *
_pw_fc_seen_new (const PwFcPosition *start)
{
  PwFcSeen *seen = g_new (PwFcSeen, 1);

  search_init (&seen->search, start->n_cascades, start->n_free);
  return seen;
}

gboolean
_pw_fc_seen_add (PwFcSeen           *seen,
                 const PwFcPosition *position)
{
  CardKey key;

  encode (position, &key);
  return search_add (&seen->search, &key, position->foundation, 0, 0, 0, 0) != G_MAXUINT32;
}

guint64
_pw_fc_seen_count (const PwFcSeen *seen)
{
  return seen->search.n_nodes;
}

void
_pw_fc_seen_free (PwFcSeen *seen)
{
  search_clear (&seen->search);
  g_free (seen);
}

/* ------------------------------------------------------------------ */
/* Rebuilding the solution on the real layout                           */

static gboolean
find_card (const PwFcPosition *position,
           guint8              card,
           int                *place,
           int                *depth)
{
  for (int c = 0; c < position->n_cascades; c++)
    for (int i = 0; i < position->height[c]; i++)
      if (position->cards[c][i] == card)
        {
          *place = c;
          *depth = position->height[c] - i;
          return TRUE;
        }
  for (int i = 0; i < position->n_free; i++)
    if (position->cells[i] == card)
      {
        *place = PW_FC_CELL (i);
        *depth = 1;
        return TRUE;
      }
  return FALSE;
}

/* Appends the atomic moves of the search move that carries @card to
 * @dest, made on @position. */
static gboolean
replay (PwFcPosition *position,
        guint8        card,
        guint8        dest,
        GArray       *solution)
{
  int from, count, to = -1;
  guint start = solution->len;

  if (!find_card (position, card, &from, &count))
    return FALSE;
  switch (dest)
    {
    case DEST_FOUNDATION:
      to = PW_FC_FOUNDATION;
      break;
    case DEST_CELL:
      for (int i = 0; i < position->n_free && to < 0; i++)
        if (position->cells[i] == 0)
          to = PW_FC_CELL (i);
      break;
    case DEST_EMPTY:
      for (int c = 0; c < position->n_cascades && to < 0; c++)
        if (position->height[c] == 0)
          to = c;
      break;
    default:
      for (int c = 0; c < position->n_cascades && to < 0; c++)
        if (top_card (position, c) == dest)
          to = c;
      break;
    }
  if (to < 0)
    return FALSE;
  if (count == 1 || from >= PW_FC_MAX_CASCADES)
    {
      PwFcMove move = { from, to };

      if (!move_legal (position, move))
        return FALSE;
      move_apply (position, move);
      g_array_append_val (solution, move);
    }
  else
    {
      if (!pw_fc_supermove (position, from, count, to, solution))
        return FALSE;
      for (guint i = start; i < solution->len; i++)
        move_apply (position, g_array_index (solution, PwFcMove, i));
    }
  pw_fc_auto_moves (position, solution);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Shortening a solution                                                */

/* Whether @moves play from @start to a won position; writes the card each
 * move carries to @cards and the position before each move to @before
 * (both may be NULL). */
static gboolean
plays_to_win (const PwFcPosition *start,
              const PwFcMove     *moves,
              guint               n,
              guint8             *cards,
              PwFcPosition       *before)
{
  PwFcPosition position = *start;

  for (guint i = 0; i < n; i++)
    {
      if (!move_legal (&position, moves[i]))
        return FALSE;
      if (cards != NULL)
        cards[i] = top_card (&position, moves[i].from);
      if (before != NULL)
        before[i] = position;
      move_apply (&position, moves[i]);
    }
  return pw_fc_position_won (&position);
}

/* The cards and positions of @solution again after a change from move @i
 * on (those before stand). */
static void
plays_on (const GArray *solution,
          guint         i,
          guint8       *cards,
          PwFcPosition *before)
{
  const PwFcMove *moves = (const PwFcMove *) solution->data;
  PwFcPosition position;

  if (i >= solution->len)
    return;
  position = before[i];
  for (guint k = i; k < solution->len; k++)
    {
      cards[k] = top_card (&position, moves[k].from);
      before[k] = position;
      move_apply (&position, moves[k]);
    }
}

/* Move @k of a trial that changes the moves @i and @j of one card (see
 * shorten): FALSE when the trial leaves it out. */
static inline gboolean
trial_move (const PwFcMove *moves,
            guint           i,
            guint           j,
            guint           k,
            int             variant,
            PwFcMove       *move)
{
  *move = moves[k];
  if (k != i && k != j)
    return TRUE;
  if (moves[i].from == moves[j].to)
    return FALSE;  /* back where it was: neither move */
  if (variant == 0 && k == i)
    move->to = moves[j].to;
  else if (variant == 0)
    return FALSE;
  else if (k == i)
    return FALSE;
  else
    move->from = moves[i].from;
  return TRUE;
}

/* Whether the trial plays from @before (the position before move @i) to a
 * won position; it stops at the first move it cannot make, without
 * writing the trial out. */
static gboolean
trial_wins (const PwFcPosition *before,
            const PwFcMove     *moves,
            guint               n,
            guint               i,
            guint               j,
            int                 variant)
{
  PwFcPosition position = *before;

  for (guint k = i; k < n; k++)
    {
      PwFcMove move;

      if (!trial_move (moves, i, j, k, variant, &move))
        continue;
      if (!move_legal (&position, move))
        return FALSE;
      move_apply (&position, move);
    }
  return pw_fc_position_won (&position);
}

/* A card that moves twice, A to B and later B to C, could often have gone
 * from A to C at once, at the first time or at the second; and a card
 * that comes back where it was need not have left. Tries each such pair
 * and keeps every change after which the solution still wins. The moves
 * before the first one changed stay as they were, so each trial plays on
 * from the position before it. */
static gboolean
shorten_pairs (GArray             *solution,
               guint8             *cards,
               PwFcPosition       *before)
{
  g_autofree PwFcMove *trial = g_new (PwFcMove, MAX (solution->len, 1));
  gboolean changed = TRUE, any = FALSE;

  /* passes over the whole solution until one changes nothing; after a
   * change the same move is tried again */
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < solution->len; i++)
        {
          PwFcMove *moves = (PwFcMove *) solution->data;
          guint n = solution->len, j;
          gboolean here = FALSE;

          if (moves[i].to == PW_FC_FOUNDATION)
            continue;
          for (j = i + 1; j < n && cards[j] != cards[i]; j++)
            ;
          if (j == n)
            continue;
          for (int variant = 0; variant < 2 && !here; variant++)
            if (trial_wins (&before[i], moves, n, i, j, variant))
              {
                guint m = 0;

                /* the same changes, made for good */
                for (guint k = i; k < n; k++)
                  if (trial_move (moves, i, j, k, variant, &trial[m]))
                    m++;
                memcpy (moves + i, trial, m * sizeof (PwFcMove));
                g_array_set_size (solution, i + m);
                plays_on (solution, i, cards, before);
                changed = here = any = TRUE;
              }
          if (here)
            i--;  /* unsigned wrap at 0 is undone by the loop's i++ */
        }
    }
  return any;
}

/* Shortcuts. Any stretch of the solution, moves i … j − 1, may be
 * replaced by fewer moves that reach the same layout (every card in the
 * same cascade at the same height, the same cards in the free cells),
 * since the rest then plays as before once its moves name the free cells
 * the cards are in now. Such moves are looked for among the
 * cards the stretch moves: those that end elsewhere must each move at
 * least once, and a stretch is worth a search only when they are fewer
 * than its moves. The search is an iterative deepening one whose bound is
 * the cards not yet where they end, each of which needs a move. It finds
 * what the pairs of one card's moves miss: moves in another order, so
 * that a card goes straight where it ends, a run moved twice moved once,
 * a card parked in a free cell that need not have left. */

/* moves in a stretch, cards it may move, positions one search may visit */
#define SPAN_MOVES 14
#define SPAN_CARDS 12
#define SPAN_NODES 80

/* A card's place: the place × 64 + its height in a cascade; every free
 * cell counts as one (which card is in which cell is made to agree
 * afterwards), and a card has one place on the foundations. */
#define ANY_CELL ((guint16) (PW_FC_CELL (0) << 6))

static inline guint16
lands_at (const PwFcPosition *before,
          PwFcMove            move)
{
  if (move.to < PW_FC_MAX_CASCADES)
    return (guint16) (move.to << 6 | before->height[move.to]);
  if (PW_FC_IS_CELL (move.to))
    return ANY_CELL;
  return (guint16) (move.to << 6);
}

static inline guint16
leaves_from (const PwFcPosition *before,
             PwFcMove            move)
{
  if (move.from < PW_FC_MAX_CASCADES)
    return (guint16) (move.from << 6 | (before->height[move.from] - 1));
  return ANY_CELL;
}

#define SEEN_SIZE 1024

typedef struct
{
  guint32 check;    /* the hash's high half */
  guint16 search;   /* 0: empty */
  guint8  left;     /* moves that were not enough */
} Seen;

typedef struct
{
  int      n;
  guint8   card[SPAN_CARDS];
  guint16  at[SPAN_CARDS];
  guint8   place[SPAN_CARDS];   /* at, with the free cell it is in */
  guint16  target[SPAN_CARDS];
  int      misplaced;
  int      nodes;   /* left to visit */
  PwFcMove path[SPAN_MOVES];
  int      moved[SPAN_MOVES];   /* which card each move of the path moves */
  guint64  hash;                /* of where the cards lie */
  Seen    *seen;
  guint16  search;              /* which search this is, for @seen */
} Span;

/* A card's part of a layout's hash, and a table of the layouts a search
 * found no way on from within a number of moves: reached again by moves
 * in another order, they are passed over. */
static inline guint64
span_hash (int     k,
           guint16 at)
{
  guint64 x = ((guint64) k << 16 | at) * 0x9e3779b97f4a7c15ull;

  x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9ull;
  return x ^ (x >> 32);
}

static gboolean span_search (Span *span, PwFcPosition *position, int depth, int limit, int last);

/* Tries card @k of @span from @from to @to, then searches on; leaves
 * @position as it was. */
static inline gboolean
span_try (Span         *span,
          PwFcPosition *position,
          int           k,
          int           from,
          int           to,
          int           depth,
          int           limit)
{
  PwFcMove move = { from, to };
  guint16 was = span->at[k], now;
  int misplaced = span->misplaced;

  /* two moves on four different places (each foundation its own) play
   * in either order: only the one with the cards in list order is tried */
  if (depth > 0 && k < span->moved[depth - 1])
    {
      PwFcMove before = span->path[depth - 1];
      int a = before.from, b = before.to, c = from, d = to;

      if (b == PW_FC_FOUNDATION)
        b += PW_FC_SUIT (span->card[span->moved[depth - 1]]);
      if (d == PW_FC_FOUNDATION)
        d += PW_FC_SUIT (span->card[k]);
      if (a != c && a != d && b != c && b != d)
        return FALSE;
    }
  if (!move_legal (position, move))
    return FALSE;
  now = lands_at (position, move);
  span->misplaced += (now != span->target[k]) - (was != span->target[k]);
  if (span->misplaced > 0 && depth + 1 + span->misplaced > limit)
    {
      span->misplaced = misplaced;
      return FALSE;
    }
  move_apply (position, move);
  span->at[k] = now;
  span->place[k] = to;
  span->hash ^= span_hash (k, was) ^ span_hash (k, now);
  span->path[depth] = move;
  span->moved[depth] = k;
  if (span_search (span, position, depth + 1, limit, k))
    return TRUE;
  span->at[k] = was;
  span->place[k] = from;
  span->misplaced = misplaced;
  span->hash ^= span_hash (k, was) ^ span_hash (k, now);
  /* back: a card up on its foundation comes down by hand */
  if (to == PW_FC_FOUNDATION)
    {
      guint8 card = span->card[k];

      position->foundation[PW_FC_SUIT (card)]--;
      if (from < PW_FC_MAX_CASCADES)
        position->cards[from][position->height[from]++] = card;
      else
        position->cells[from - PW_FC_MAX_CASCADES] = card;
    }
  else
    move_apply (position, (PwFcMove) { to, from });
  return FALSE;
}

static gboolean
span_search (Span         *span,
             PwFcPosition *position,
             int           depth,
             int           limit,
             int           last)
{
  /* moves left beyond one for each card not yet where it ends */
  int slack = limit - depth - span->misplaced;
  int cell = -1;
  Seen *entry;

  if (span->misplaced == 0)
    return TRUE;
  if (slack < 0 || span->nodes <= 0)
    return FALSE;
  entry = &span->seen[span->hash & (SEEN_SIZE - 1)];
  if (entry->search == span->search && entry->check == (guint32) (span->hash >> 32) &&
      entry->left >= limit - depth)
    return FALSE;
  span->nodes--;
  /* one free cell and one empty cascade stand for all the others (the
   * tries below leave the position as it was) */
  for (int i = 0; i < position->n_free && cell < 0; i++)
    if (position->cells[i] == 0)
      cell = PW_FC_CELL (i);
  for (int k = 0; k < span->n; k++)
    {
      int from = span->place[k], target = span->target[k] >> 6;
      gboolean placed = span->at[k] == span->target[k];
      int empty = -1;

      /* a card moved twice running could have gone straight; a card
       * where it ends moves again only if two moves are to spare */
      if (k == last || from == PW_FC_FOUNDATION || (placed && slack < 2) ||
          top_card (position, from) != span->card[k])
        continue;
      if (!placed)
        {
          int t = target;

          if (PW_FC_IS_CELL (target))
            t = cell;
          else if (target < PW_FC_MAX_CASCADES &&
                   position->height[target] != (span->target[k] & 63))
            t = -1;  /* not yet: it would not land at its height */
          if (t >= 0 && span_try (span, position, k, from, t, depth, limit))
            return TRUE;
        }
      if (slack == 0)
        continue;  /* no move to spare for one that leaves it elsewhere */
      if (cell >= 0 && !PW_FC_IS_CELL (target) && !PW_FC_IS_CELL (from) &&
          span_try (span, position, k, from, cell, depth, limit))
        return TRUE;
      for (int c = 0; c < position->n_cascades; c++)
        {
          int h = position->height[c];

          if (c == from || (c == target && h == (span->target[k] & 63)))
            continue;
          if (h == 0 && c != target)
            {
              if (empty >= 0)
                continue;
              empty = c;
            }
          if (h > 0 && !fits (span->card[k], position->cards[c][h - 1]))
            continue;
          if (span_try (span, position, k, from, c, depth, limit))
            return TRUE;
        }
    }
  entry->search = span->search;
  entry->check = (guint32) (span->hash >> 32);
  entry->left = (guint8) (limit - depth);
  return FALSE;
}

/* After the shortcut @path from @start, the cards in the free cells are
 * those of @then but maybe in other cells: renames the cells in the moves
 * that follow to match. */
static void
same_cells (const PwFcPosition *start,
            const PwFcMove     *path,
            int                 n_path,
            const PwFcPosition *then,
            PwFcMove           *moves,
            guint               n)
{
  PwFcPosition now = *start;
  int map[PW_FC_MAX_FREE];
  gboolean used[PW_FC_MAX_FREE] = { FALSE };
  gboolean same = TRUE;

  for (int k = 0; k < n_path; k++)
    move_apply (&now, path[k]);
  for (int c = 0; c < now.n_free; c++)
    {
      map[c] = -1;
      for (int d = 0; d < now.n_free && then->cells[c] != 0; d++)
        if (now.cells[d] == then->cells[c])
          map[c] = d;
      if (map[c] >= 0)
        used[map[c]] = TRUE;
    }
  /* the empty cells in any order */
  for (int c = 0; c < now.n_free; c++)
    for (int d = 0; d < now.n_free && map[c] < 0; d++)
      if (!used[d] && now.cells[d] == 0)
        {
          map[c] = d;
          used[d] = TRUE;
        }
  for (int c = 0; c < now.n_free; c++)
    same = same && map[c] == c;
  for (guint k = 0; k < n && !same; k++)
    {
      if (PW_FC_IS_CELL (moves[k].from))
        moves[k].from = PW_FC_CELL (map[moves[k].from - PW_FC_MAX_CASCADES]);
      if (PW_FC_IS_CELL (moves[k].to))
        moves[k].to = PW_FC_CELL (map[moves[k].to - PW_FC_MAX_CASCADES]);
    }
}

/* Looks for a shortcut to a stretch starting at move @i, the longest
 * first, and makes the first one found. */
static gboolean
shortcut_at (GArray             *solution,
             const guint8       *cards,
             const PwFcPosition *before,
             guint               i,
             Seen               *table,
             guint16            *searches,
             guint              *reach)
{
  PwFcMove *moves = (PwFcMove *) solution->data;
  guint n = solution->len;
  guint last = MIN (n, i + SPAN_MOVES);
  int moved[SPAN_MOVES + 1], away[SPAN_MOVES + 1];
  guint8 seen[PW_FC_CARD_MAX + 1] = { 0 };
  guint8 list[SPAN_MOVES];
  guint16 from[SPAN_MOVES], to[SPAN_MOVES];
  guint8 place[SPAN_MOVES];
  int n_list = 0, n_away = 0;

  /* for each stretch i … j − 1: the cards it moves, and those that end
   * elsewhere */
  for (guint k = i; k < last; k++)
    {
      guint8 card = cards[k];
      int l = seen[card] - 1;

      if (l < 0)
        {
          l = n_list++;
          seen[card] = (guint8) (l + 1);
          list[l] = card;
          from[l] = to[l] = leaves_from (&before[k], moves[k]);
          place[l] = moves[k].from;
        }
      n_away -= to[l] != from[l];
      to[l] = lands_at (&before[k], moves[k]);
      n_away += to[l] != from[l];
      moved[k + 1 - i] = n_list;
      away[k + 1 - i] = n_away;
    }

  for (guint j = last; j >= i + 2; j--)
    {
      guint length = j - i;
      PwFcPosition position;
      Span span;

      if ((guint) away[length] >= length || moved[length] > SPAN_CARDS)
        continue;
      if (*reach == 0)
        *reach = j;
      /* where each card stands at j */
      span.n = moved[length];
      memcpy (span.card, list, span.n);
      for (guint k = i; k < j; k++)
        span.target[seen[cards[k]] - 1] = lands_at (&before[k], moves[k]);
      span.hash = 0;
      for (int l = 0; l < span.n; l++)
        {
          span.at[l] = from[l];
          span.place[l] = place[l];
          span.hash ^= span_hash (l, from[l]);
        }
      span.seen = table;
      if (++*searches == 0)
        {
          memset (table, 0, SEEN_SIZE * sizeof (Seen));
          *searches = 1;
        }
      span.search = *searches;
      span.misplaced = away[length];
      span.nodes = SPAN_NODES;
      position = before[i];
      for (int limit = away[length]; limit < (int) length && span.nodes > 0; limit++)
        if (span_search (&span, &position, 0, limit, -1))
          {
            if (j < n)
              same_cells (&before[i], span.path, limit, &before[j], moves + j, n - j);
            g_array_remove_range (solution, i, length);
            g_array_insert_vals (solution, i, span.path, limit);
            return TRUE;
          }
      /* a shortcut to a shorter stretch would be one to this one too,
       * with the rest of the moves: this search missed it only if it ran
       * out of positions */
      if (span.nodes > 0)
        return FALSE;
    }
  return FALSE;
}

/* Shortcuts through the solution. A search that found none for a
 * stretch, without running out of positions, found none for any part of
 * it either, so the next search starts half a stretch on: what is missed
 * is only a shortcut longer than half a stretch across the seam. */
static gboolean
shortcuts (GArray             *solution,
           guint8             *cards,
           PwFcPosition       *before)
{
  g_autofree Seen *seen = g_new0 (Seen, SEEN_SIZE);
  guint16 searches = 0;
  gboolean any = FALSE;

  for (guint i = 0; i + 2 <= solution->len;)
    {
      guint reach = 0;

      if (shortcut_at (solution, cards, before, i, seen, &searches, &reach))
        {
          plays_on (solution, i, cards, before);
          any = TRUE;
        }
      else
        i = MAX (i + 1, reach == 0 ? 0 : i + (reach - i) / 2);
    }
  return any;
}

/* The pairs of one card's moves, then shortcuts, in turn until neither
 * finds more. */
static void
shorten (const PwFcPosition *start,
         GArray             *solution)
{
  guint size = MAX (solution->len, 1);
  g_autofree guint8 *cards = g_new (guint8, size);
  g_autofree PwFcPosition *before = g_new (PwFcPosition, size);

  if (!plays_to_win (start, (PwFcMove *) solution->data, solution->len, cards, before))
    return;
  shorten_pairs (solution, cards, before);
  while (shortcuts (solution, cards, before) &&
         shorten_pairs (solution, cards, before))
    ;
}

/* shorten for other searches (bench-freecell --dfs-tail) */
void
_pw_fc_shorten (const PwFcPosition *start,
                GArray             *solution)
{
  shorten (start, solution);
}

/* ------------------------------------------------------------------ */
/* The search                                                           */

void
pw_fc_solve_options_init (PwFcSolveOptions *options)
{
  memset (options, 0, sizeof *options);
  options->max_states = 2000000;
}

void
pw_fc_solve_result_clear (PwFcSolveResult *result)
{
  g_clear_pointer (&result->solution, g_array_unref);
  result->verdict = PW_FC_UNKNOWN;
  result->states = result->stored = 0;
}

/* positions the first, short search may check */
#define FIRST_PASS_CHECKED 1200

/* A randomised order (PwFcSolveOptions.seed): the priority moved up
 * eight bits, random ones below, so that only ties are broken at random
 * (priorities stay far below 2^24). */
#define TIE_BITS 8

static inline guint32
order_priority (GRand   *rand,
                guint    noise,
                guint32  priority)
{
  if (rand == NULL)
    return priority;
  if (noise > 0)
    return (MIN (priority, (G_MAXUINT32 >> TIE_BITS) - noise) << TIE_BITS) +
           g_rand_int_range (rand, 0, (gint32) ((noise + 1) << TIE_BITS));
  return MIN (priority, (G_MAXUINT32 >> TIE_BITS)) << TIE_BITS |
         (g_rand_int (rand) & ((1u << TIE_BITS) - 1));
}

/* The moves in a random order (Fisher–Yates). */
static void
shuffle_moves (GRand      *rand,
               SearchMove *moves,
               int         n)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1);
      SearchMove t = moves[i];

      moves[i] = moves[j];
      moves[j] = t;
    }
}

/* One best-first search from @start with the estimate's @weights,
 * storing at most @max_states positions and checking at most @max_checked
 * (0: no limit); @pruned leaves out the moves that break a run (a card
 * lying in sequence into a free cell; one card of a longer run into an
 * empty cascade), so its exhausting the queue proves nothing. @already:
 * positions checked before, for progress. @rand: NULL for the exact
 * order, else the source of a randomised one. */
static gboolean
search_once (const PwFcPosition     *start,
             const PwFcSolveOptions *options,
             const Weights          *weights,
             gboolean                pruned,
             guint64                 max_states,
             guint64                 max_checked,
             guint64                 already,
             GRand                  *rand,
             guint                   noise,
             PwFcSolveResult        *result,
             GError                **error)
{
  Search search;
  PwFcPosition position, child;
  SearchMove moves[256];
  CardKey key, parent_key;
  guint32 root, goal = G_MAXUINT32;
  int parts;
  CascadeShare share[PW_FC_MAX_CASCADES];
  /* a cascade's share with cards taken off, by its height then (the
   * children that move cards from one cascade often take as many) */
  int shrunk[PW_FC_MAX_CASCADES];
  guint8 shrunk_height[PW_FC_MAX_CASCADES];
  guint64 next_cards;
  int left, cells, empties;

  memset (result, 0, sizeof *result);
  result->solution = g_array_new (FALSE, FALSE, sizeof (PwFcMove));

  position = *start;
  pw_fc_auto_moves (&position, NULL);
  search_init (&search, start->n_cascades, start->n_free);
  encode (&position, &key);
  root = search_add (&search, &key, position.foundation, G_MAXUINT32, 0, 0, 0);
  if (pw_fc_position_won (&position))
    goal = root;
  else
    heap_push (&search, order_priority (rand, noise, estimate (&position, weights)), root);

  while (goal == G_MAXUINT32 && search.heap_len > 0)
    {
      guint32 id;
      Node node;
      int n;

      /* before the pop: a search stopped here leaves the queue non-empty,
       * so it is never taken for one that checked every position */
      if ((max_states > 0 && search.n_nodes >= max_states) ||
          (max_checked > 0 && result->states >= max_checked))
        break;
      if ((result->states & 255) == 255 && pw_deadline_passed (options->deadline))
        break;
      id = heap_pop (&search);
      node = search.nodes[id];
      result->states++;
      /* a cancel returns within milliseconds (bench-cancel: under 50) */
      if ((result->states & 255) == 0 &&
          g_cancellable_set_error_if_cancelled (options->cancellable, error))
        {
          search_clear (&search);
          pw_fc_solve_result_clear (result);
          return FALSE;
        }
      if ((result->states & 4095) == 0 && options->progress != NULL)
        options->progress (already + result->states, options->progress_data);

      /* a copy: adding children may move the keys */
      parent_key = search.keys[id];
      decode (&parent_key, search.n_cascades, search.n_free, node.foundation, &position);
      /* what each child shares with this position, worked out once: the
       * cascades' shares of the estimate */
      parts = 0;
      next_cards = 0;
      for (int s = 0; s < 4; s++)
        if (position.foundation[s] < 13)
          next_cards |= G_GUINT64_CONSTANT (1) << PW_FC_CARD (position.foundation[s] + 1, s);
      for (int c = 0; c < position.n_cascades; c++)
        {
          cascade_share (&position, c, next_cards, &share[c]);
          parts += share[c].part;
          shrunk_height[c] = G_MAXUINT8;
        }
      count_places (&position, &left, &cells, &empties);
      n = search_moves (&position, share, pruned, moves);
      if (rand != NULL)
        shuffle_moves (rand, moves, n);
      for (int i = 0; i < n && goal == G_MAXUINT32; i++)
        {
          const SearchMove *move = &moves[i];
          PwFcPosition *next = &position;
          guint8 card;
          guint32 cost, added;
          gboolean up = move->to == PW_FC_FOUNDATION;

          /* the move is made on @position and taken back at the end;
           * only a child with cards going up is copied out, since
           * automatic moves are not taken back */
          if (up)
            {
              copy_position (&child, &position);
              next = &child;
            }
          card = move->from < PW_FC_MAX_CASCADES
                   ? next->cards[move->from][next->height[move->from] - move->count]
                   : next->cells[move->from - PW_FC_MAX_CASCADES];
          search_apply (next, move);
          cost = 2 * move->count - 1;
          /* nothing could go up before the move: now only the card it
           * uncovered can, or anything once a foundation has grown */
          if (!up && move->from < PW_FC_MAX_CASCADES && next->height[move->from] > 0)
            {
              up = safe_up (next, next->cards[move->from][next->height[move->from] - 1]);
              if (up)
                {
                  copy_position (&child, &position);
                  search_unapply (&position, move);
                  next = &child;
                }
            }
          /* only the card carried (a run's bottom card) lies elsewhere,
           * and the cards that went up after it */
          key = parent_key;
          key_set (&key, CARD_INDEX (card),
                   move->dest == DEST_FOUNDATION ? ON_FOUNDATION
                   : move->dest == DEST_CELL     ? ON_CELL
                   : move->dest == DEST_EMPTY    ? ON_BOTTOM
                                                 : CARD_INDEX (move->dest));
          if (up)
            cost += auto_moves_keyed (next, &key);
          added = search_add (&search, &key, next->foundation, id, node.g + cost, card,
                              move->dest);
          if (added == G_MAXUINT32)
            ;
          else if (up && pw_fc_position_won (next))  /* none is won with no card up */
            goal = added;
          else
            {
              guint32 h;

              if (up)
                h = estimate (next, weights);
              else
                {
                  /* the foundations stand: only the cascades the move
                   * touched have new shares */
                  int child_parts = parts;

                  if (move->from < PW_FC_MAX_CASCADES)
                    {
                      int f = move->from;

                      if (shrunk_height[f] != next->height[f])
                        {
                          shrunk[f] = cascade_part (next, f);
                          shrunk_height[f] = next->height[f];
                        }
                      child_parts += shrunk[f] - share[f].part;
                    }
                  if (move->to < PW_FC_MAX_CASCADES)
                    child_parts += cascade_part_grown (next, move->to, move->count,
                                                       next_cards, &share[move->to]) -
                                   share[move->to].part;
                  /* and the counts change only where it went */
                  h = estimate_with (
                    weights, left, child_parts,
                    cells + PW_FC_IS_CELL (move->to) - PW_FC_IS_CELL (move->from),
                    empties +
                      (move->from < PW_FC_MAX_CASCADES && next->height[move->from] == 0) -
                      (move->to < PW_FC_MAX_CASCADES && next->height[move->to] == move->count));
                }
              heap_push (&search, order_priority (rand, noise, weights->times * h + node.g + cost),
                         added);
            }
          if (next == &position)
            search_unapply (&position, move);
        }
    }

  result->stored = search.n_nodes;
  if (goal != G_MAXUINT32)
    {
      g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));

      for (guint32 id = goal; id != root; id = search.nodes[id].parent)
        g_array_append_val (path, id);
      position = *start;
      pw_fc_auto_moves (&position, result->solution);
      for (guint i = path->len; i-- > 0;)
        {
          const Node *node = &search.nodes[g_array_index (path, guint32, i)];

          if (!replay (&position, node->card, node->dest, result->solution))
            break;
        }
      if (pw_fc_position_won (&position))
        {
          shorten (start, result->solution);
          result->verdict = PW_FC_SOLVED;
        }
      else
        {
          /* a bug, never the input's fault: say so and claim nothing */
          g_critical ("freecell: a solution found did not replay");
          g_array_set_size (result->solution, 0);
        }
    }
  else if (search.heap_len == 0 && !pruned)
    result->verdict = PW_FC_UNSOLVABLE;
  search_clear (&search);
  return TRUE;
}

/* Three searches, each stopping at the first solution: a short one
 * without the moves that break runs, which solves most deals with few
 * positions and, weighing the moves made as much as the estimate, with
 * short solutions; a second with other weights (the deals one estimate
 * finds hard, another often finds easy), again without those moves, on
 * half the budget; then every move with the rest, which alone can prove a
 * deal unsolvable. The weights were chosen on Microsoft deals 1–5000 and
 * 1–2000 (docs/performance.md). A seed randomises the order of all
 * three, from one generator. */
static const Weights first_weights = { 6, 3, 1 }, then_weights = { 1, 3, 2 };
static const struct
{
  const Weights *weights;
  gboolean       pruned;
} passes[] = {
  { &first_weights, TRUE },
  { &then_weights, TRUE },
  { &then_weights, FALSE },
};

/* One of pw_fc_solve's searches alone (bench-freecell --seeds) */
void
_pw_fc_solve_pass (const PwFcPosition *start,
                   guint               pass,
                   guint64             seed,
                   guint64             max_checked,
                   guint               noise,
                   PwFcSolveResult    *result)
{
  PwFcSolveOptions options;
  g_autoptr(GRand) rand = NULL;

  g_return_if_fail (pass < G_N_ELEMENTS (passes));
  pw_fc_solve_options_init (&options);
  if (seed != 0)
    {
      guint32 seed_array[2] = { (guint32) seed, (guint32) (seed >> 32) };

      rand = g_rand_new_with_seed_array (seed_array, 2);
    }
  search_once (start, &options, passes[pass].weights, passes[pass].pruned, options.max_states,
               max_checked, 0, rand, noise, result, NULL);
}

gboolean
pw_fc_solve (const PwFcPosition     *start,
             const PwFcSolveOptions *options,
             PwFcSolveResult        *result,
             GError                **error)
{
  guint64 budget = options->max_states;
  guint64 states = 0, stored = 0;
  g_autoptr(GRand) rand = NULL;

  if (options->seed != 0)
    {
      guint32 seed[2] = { (guint32) options->seed, (guint32) (options->seed >> 32) };

      rand = g_rand_new_with_seed_array (seed, 2);
    }

  for (guint p = 0; p < G_N_ELEMENTS (passes); p++)
    {
      gboolean last = p + 1 == G_N_ELEMENTS (passes);
      guint64 max_states = budget == 0 ? 0
                           : last ? MAX (budget - MIN (stored, budget - 1), 1)
                                  : MAX (budget / 2, 1);

      if (!search_once (start, options, passes[p].weights, passes[p].pruned, max_states,
                        p == 0 ? FIRST_PASS_CHECKED : 0, states, rand, 0, result, error))
        return FALSE;
      states += result->states;
      stored = MAX (stored, result->stored);
      if (result->verdict != PW_FC_UNKNOWN || last)
        break;
      pw_fc_solve_result_clear (result);
    }
  result->states = states;
  result->stored = stored;
  return TRUE;
}
