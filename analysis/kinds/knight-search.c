/* knight-search.c — counting and finding knight's tours
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A depth-first search over numbered paths. The givens are placed first
 * (without givens: step 1, on every start cell in turn for an open tour,
 * on one cell for a closed tour, whose every tour found then stands for
 * its rotations). Between consecutive placed anchors lies a "stretch" of
 * steps still to place, with a "front" at each end (an open tour's first
 * and last stretches have one). A node places one step at one front: of
 * all fronts, the one with the fewest candidate cells (a forced step
 * first, like a person solving a Hidato), the candidates in Warnsdorff's
 * order (fewest ways on first; ties by distance from the centre, farthest
 * first, or at random). Growing from both ends is what finds closed tours
 * at once: with the start fixed, the path's far end is a front too, and
 * it is grown before the cells around it are used up.
 *
 * What the search knows at each node, besides the givens' cells being
 * taken:
 *
 * - "available" neighbours of each unvisited cell: unvisited cells, and
 *   placed cells that still miss a path neighbour ("ports": the fronts).
 *   A cell of the finished path has two path neighbours, one if it is an
 *   end, so an unvisited cell with none available is dead, and one with
 *   one must be an end: no more of those than unplaced ends (none for a
 *   closed tour). Counted incrementally: placing a cell changes the
 *   counts of its own neighbours and of the port it completes. A cell
 *   whose only way in is the front being grown must come next.
 * - a candidate must be within reach of the stretch's other front: knight
 *   distance at most the steps between them, same parity (the board is
 *   two-coloured and every move changes colour).
 * - per unvisited cell, the stretches that can still take it: the cell
 *   is within d1 moves of one front and d2 of the other, through
 *   unvisited cells, with d1 + d2 at most the stretch's gap (an open
 *   tour's end stretch: d1 at most its steps). A cell no stretch can take
 *   is dead; a stretch with fewer cells that fit it than steps left, or
 *   more cells that only it can take, fails. The distances are grown as
 *   bit sets, layer by layer from each front, for the stretch just grown
 *   and for the others the placed cell could have been part of; cells
 *   that lose a stretch go on a trail, so undoing is exact.
 * - optionally (connectivity), the unvisited cells must not fall into
 *   more pieces than there are stretches left, each piece next to a
 *   front. It cuts few nodes once the stretches are tracked, so the
 *   analysis leaves it off.
 *
 * Before any search, the givens are checked against each other (see
 * _pw_knight_find_conflicts) and the colours counted: an open tour needs
 * colour counts at most one apart, a closed one equal counts. */

#define G_LOG_DOMAIN "pw-knight"

#include "config.h"

#include <string.h>

#include "knight-private.h"

#define NONE G_MAXUINT16

struct _PwKnightBoard
{
  guint    width;
  guint    height;
  guint    n_cells;
  guint    n_free;
  guint8  *free;       /* per cell: not blocked */
  guint8  *colour;     /* (x + y) mod 2 */
  guint8  *n_moves;    /* per cell */
  guint16 *moves;      /* 8 per cell: the cells a knight reaches, not blocked */
  guint16 *dist;       /* n_cells²: knight distance, NONE when none */
  guint16 *outer;      /* per cell: larger farther from the centre */
  /* cell sets as bits, n_words words: the cells not blocked; per move,
   * the cells it can start from and how far it shifts the index */
  guint    n_words;
  guint64 *free_bits;
  guint64 *move_from;  /* 8 × n_words */
  int      move_shift[8];
};

static const int knight_dx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
static const int knight_dy[8] = { -2, -1, 1, 2, 2, 1, -1, -2 };

PwKnightBoard *
_pw_knight_board_new (const PwKnightLevel *level)
{
  PwKnightBoard *board;
  guint w, h, n;
  g_autofree guint16 *queue = NULL;

  g_return_val_if_fail (level != NULL, NULL);

  w = level->width;
  h = level->height;
  n = w * h;
  board = g_new0 (PwKnightBoard, 1);
  board->width = w;
  board->height = h;
  board->n_cells = n;
  board->free = g_new0 (guint8, n);
  board->colour = g_new0 (guint8, n);
  board->n_moves = g_new0 (guint8, n);
  board->moves = g_new0 (guint16, n * 8);
  board->dist = g_new (guint16, (gsize) n * n);
  board->outer = g_new0 (guint16, n);
  board->n_words = (n + 63) / 64;
  board->free_bits = g_new0 (guint64, board->n_words);
  board->move_from = g_new0 (guint64, 8 * board->n_words);

  for (guint c = 0; c < n; c++)
    {
      int x = c % w, y = c / w;
      /* twice the offsets from the centre, squared */
      int ox = 2 * x - (int) (w - 1), oy = 2 * y - (int) (h - 1);

      board->free[c] = level->cells[c] != PW_KNIGHT_BLOCKED;
      board->n_free += board->free[c];
      if (board->free[c])
        board->free_bits[c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
      for (guint k = 0; k < 8; k++)
        if (x + knight_dx[k] >= 0 && x + knight_dx[k] < (int) w)
          board->move_from[k * board->n_words + c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
      board->colour[c] = (x + y) & 1;
      board->outer[c] = ox * ox + oy * oy;
    }
  for (guint k = 0; k < 8; k++)
    board->move_shift[k] = knight_dy[k] * (int) w + knight_dx[k];
  for (guint c = 0; c < n; c++)
    {
      int x = c % w, y = c / w;

      if (!board->free[c])
        continue;
      for (guint k = 0; k < 8; k++)
        {
          int nx = x + knight_dx[k], ny = y + knight_dy[k];

          if (nx < 0 || ny < 0 || nx >= (int) w || ny >= (int) h || !board->free[ny * w + nx])
            continue;
          board->moves[c * 8 + board->n_moves[c]++] = ny * w + nx;
        }
    }

  /* all pairs, one breadth-first search from each cell */
  memset (board->dist, 0xff, sizeof (guint16) * n * n);
  queue = g_new (guint16, n);
  for (guint s = 0; s < n; s++)
    {
      guint16 *d = board->dist + (gsize) s * n;
      guint head = 0, tail = 0;

      if (!board->free[s])
        continue;
      d[s] = 0;
      queue[tail++] = s;
      while (head < tail)
        {
          guint c = queue[head++];

          for (guint k = 0; k < board->n_moves[c]; k++)
            {
              guint u = board->moves[c * 8 + k];

              if (d[u] == NONE)
                {
                  d[u] = d[c] + 1;
                  queue[tail++] = u;
                }
            }
        }
    }
  return board;
}

void
_pw_knight_board_free (PwKnightBoard *board)
{
  if (board == NULL)
    return;
  g_free (board->free);
  g_free (board->colour);
  g_free (board->n_moves);
  g_free (board->moves);
  g_free (board->dist);
  g_free (board->outer);
  g_free (board->free_bits);
  g_free (board->move_from);
  g_free (board);
}

guint
_pw_knight_board_distance (const PwKnightBoard *board,
                           guint                a,
                           guint                b)
{
  guint16 d;

  g_return_val_if_fail (board != NULL, G_MAXUINT);
  g_return_val_if_fail (a < board->n_cells && b < board->n_cells, G_MAXUINT);

  d = board->dist[(gsize) a * board->n_cells + b];
  return d == NONE ? G_MAXUINT : d;
}

static inline guint
dist (const PwKnightBoard *board,
      guint                a,
      guint                b)
{
  return board->dist[(gsize) a * board->n_cells + b];
}

/* Whether a knight at @a can be at @b after exactly @gap steps, as far as
 * distance and colour tell. */
static inline gboolean
reachable_in (const PwKnightBoard *board,
              guint                a,
              guint                b,
              guint                gap)
{
  guint d = dist (board, a, b);

  return d <= gap && ((d ^ gap) & 1) == 0;
}

/* The cells a knight reaches from @src on a board of one word: moves 2
 * to 5 go down the board (the index grows by at least w - 2 > 0), the
 * others up. */
static inline guint64
spread1 (const PwKnightBoard *board,
         guint64              src)
{
  const guint64 *m = board->move_from;
  const int *s = board->move_shift;

  return ((src & m[2]) << s[2]) | ((src & m[3]) << s[3]) | ((src & m[4]) << s[4]) |
         ((src & m[5]) << s[5]) | ((src & m[0]) >> -s[0]) | ((src & m[1]) >> -s[1]) |
         ((src & m[6]) >> -s[6]) | ((src & m[7]) >> -s[7]);
}

/* @dst = the cells a knight reaches from @src, among @within. */
static void
bits_neighbours (const PwKnightBoard *board,
                 const guint64       *src,
                 const guint64       *within,
                 guint64             *dst)
{
  guint nw = board->n_words;

  if (nw == 1)
    {
      dst[0] = spread1 (board, src[0]) & within[0];
      return;
    }
  memset (dst, 0, sizeof (guint64) * nw);
  for (guint k = 0; k < 8; k++)
    {
      const guint64 *ok = board->move_from + k * nw;
      int shift = board->move_shift[k];
      guint q = ABS (shift) / 64, r = ABS (shift) % 64;

      for (guint i = 0; i < nw; i++)
        {
          guint64 from = src[i] & ok[i];

          if (from == 0)
            continue;
          if (shift >= 0)
            {
              if (i + q < nw)
                dst[i + q] |= from << r;
              if (r != 0 && i + q + 1 < nw)
                dst[i + q + 1] |= from >> (64 - r);
            }
          else
            {
              if (i >= q)
                dst[i - q] |= from >> r;
              if (r != 0 && i >= q + 1)
                dst[i - q - 1] |= from << (64 - r);
            }
        }
    }
  for (guint i = 0; i < nw; i++)
    dst[i] &= within[i];
}

void
_pw_knight_search_init (PwKnightSearch *search)
{
  g_return_if_fail (search != NULL);

  memset (search, 0, sizeof *search);
  search->max_solutions = G_MAXUINT64;
  search->restarts = TRUE;
}

/* ------------------------------------------------------------------ */
/* Conflicts among the givens                                           */

typedef struct
{
  guint step;
  guint cell;
} Given;

/* The givens usable as anchors, in step order (numbers in range, once);
 * the others are marked. */
static GArray *
sorted_givens (const PwKnightBoard *board,
               const PwKnightLevel *level,
               guint8              *marked)
{
  guint n = board->n_cells, steps = board->n_free;
  g_autofree guint *first = g_new (guint, steps + 1);
  GArray *givens = g_array_new (FALSE, FALSE, sizeof (Given));

  for (guint s = 0; s <= steps; s++)
    first[s] = G_MAXUINT;
  for (guint c = 0; c < n; c++)
    {
      guint v = level->cells[c];

      if (v == 0 || v == PW_KNIGHT_BLOCKED)
        continue;
      if (v > steps)
        marked[c] = 1;
      else if (first[v] != G_MAXUINT)
        marked[c] = marked[first[v]] = 1;
      else
        first[v] = c;
    }
  for (guint s = 1; s <= steps; s++)
    if (first[s] != G_MAXUINT && !marked[first[s]])
      {
        Given g = { s, first[s] };

        g_array_append_val (givens, g);
      }
  return givens;
}

/* The colour counts of the cells to visit. */
static void
count_colours (const PwKnightBoard *board,
               guint               *counts)
{
  counts[0] = counts[1] = 0;
  for (guint c = 0; c < board->n_cells; c++)
    if (board->free[c])
      counts[board->colour[c]]++;
}

guint
_pw_knight_find_conflicts (const PwKnightBoard *board,
                           const PwKnightLevel *level,
                           guint8              *marked)
{
  g_autoptr(GArray) givens = NULL;
  guint steps, colours[2], n_marked = 0;

  g_return_val_if_fail (board != NULL && level != NULL && marked != NULL, 0);
  g_return_val_if_fail (board->n_cells == level->width * level->height, 0);

  steps = board->n_free;
  memset (marked, 0, board->n_cells);
  givens = sorted_givens (board, level, marked);
  for (guint i = 0; i + 1 < givens->len; i++)
    {
      Given *a = &g_array_index (givens, Given, i), *b = a + 1;

      if (!reachable_in (board, a->cell, b->cell, b->step - a->step))
        marked[a->cell] = marked[b->cell] = 1;
    }
  if (level->closed && givens->len >= 2)
    {
      Given *a = &g_array_index (givens, Given, givens->len - 1);
      Given *b = &g_array_index (givens, Given, 0);

      if (!reachable_in (board, a->cell, b->cell, steps - a->step + b->step))
        marked[a->cell] = marked[b->cell] = 1;
    }
  /* an open tour of an odd number of cells starts and ends on the colour
   * with one cell more: odd steps are on it */
  count_colours (board, colours);
  if (!level->closed && steps % 2 == 1 && colours[0] != colours[1])
    {
      guint major = colours[1] > colours[0];

      for (guint i = 0; i < givens->len; i++)
        {
          Given *g = &g_array_index (givens, Given, i);

          if (board->colour[g->cell] != (major ^ ((g->step - 1) & 1)))
            marked[g->cell] = 1;
        }
    }
  for (guint c = 0; c < board->n_cells; c++)
    n_marked += marked[c];
  return n_marked;
}

/* ------------------------------------------------------------------ */
/* The search                                                           */

enum
{
  UP,           /* a front that places the step above it */
  DOWN,         /* a front that places the step below it */
};

/* Stretches at or past this index share one mask bit that is never
 * cleared: their cells are not tracked. */
#define TRACKED 63

typedef struct
{
  guint16 cell;
  guint64 mask;
} Trail;

typedef struct
{
  const PwKnightBoard  *board;
  const PwKnightSearch *search;
  PwKnightResult       *result;
  guint                 n_steps;
  gboolean              closed;
  guint64               weight;

  /* anchors: the givens in step order, or the first step placed when
   * there are none */
  Given   *anchors;
  guint    n_anchors;
  gboolean have_givens;

  /* stretches of the path between consecutive anchors (see
   * make_stretches): the steps placed nearest their middle on each side
   * ("fronts"; 0 for an open tour's missing end), how many steps are
   * left, and the cells each could ever take */
  guint    n_stretches;
  guint16 *low;
  guint16 *high;
  guint16 *left;
  guint64 *holders;        /* per tracked stretch: the cells whose mask has it */
  guint64  end_stretches;  /* the stretches that hold an open tour's free end */
  /* per cell: which stretches can still take it (bit j, TRACKED for the
   * rest); per tracked stretch: unvisited cells it can take, and those it
   * alone can take */
  guint64 *fits;
  guint16 *fit_count;
  guint16 *only_count;
  Trail   *trail;
  guint    trail_len;
  gboolean stretch_fail;

  /* state */
  guint    n_placed;
  guint16 *pos;         /* per step 1..n_steps: its cell or NONE */
  guint16 *step_at;     /* per cell: its step, 0 unvisited */
  guint8  *deg;         /* per cell: unvisited neighbours */
  guint8  *avail;       /* per cell: unvisited or port neighbours */
  guint8  *need;        /* per placed cell: path neighbours still missing */
  int      n_zero;      /* unvisited cells with nothing available */
  int      n_dead;      /* unvisited cells with one */
  int      free_ends;   /* ends of an open path not placed */
  guint    n_unvisited;

  /* connectivity, and distances through unvisited cells from a
   * stretch's two fronts */
  guint32 *stamp;
  guint32  stamp_now;
  guint16 *queue;
  guint64 *unvisited;      /* as bits */
  guint64 *layers_low;     /* (n_steps + 1) × n_words: cells within i steps */
  guint64 *layers_high;
  guint64 *frontier;
  guint64 *next;
  guint64 *fit_bits;

  guint64  rng;
  gboolean stop;
  guint16 *steps_out;
} Ctx;

static inline guint64
next_random (guint64 *state)
{
  guint64 x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D);
}

static inline gboolean
is_end_step (const Ctx *x,
             guint      s)
{
  return !x->closed && (s == 1 || s == x->n_steps);
}

/* The step after @s going up or down, 0 past an open tour's end. */
static inline guint
step_towards (const Ctx *x,
              guint      s,
              int        dir)
{
  guint f = x->n_steps;

  if (dir == UP)
    return s < f ? s + 1 : x->closed ? 1 : 0;
  return s > 1 ? s - 1 : x->closed ? f : 0;
}

/* Steps from @a up to @b, round the end for a closed tour; all the way
 * round when they are the same step. */
static inline guint
steps_up (const Ctx *x,
          guint      a,
          guint      b)
{
  return b > a ? b - a : b + x->n_steps - a;
}

/* The steps next to @s on the path, at most two, distinct, not @s. */
static inline guint
path_neighbours (const Ctx *x,
                 guint      s,
                 guint     *out)
{
  guint n = 0;
  guint up = step_towards (x, s, UP), down = step_towards (x, s, DOWN);

  if (up != 0 && up != s)
    out[n++] = up;
  if (down != 0 && down != s && down != up)
    out[n++] = down;
  return n;
}

/* ---- available neighbours ---- */

/* Adds (+1) or takes away (-1) an unvisited cell's share of the counters. */
static inline void
contribute (Ctx  *x,
            guint u,
            int   sign)
{
  guint a = x->avail[u];

  if (a == 0)
    x->n_zero += sign;
  else if (a == 1)
    x->n_dead += sign;
}

static inline void
avail_add (Ctx  *x,
           guint u,
           int   delta)
{
  contribute (x, u, -1);
  x->avail[u] += delta;
  contribute (x, u, 1);
}

/* @p becomes a port (+1) or stops being one (-1). */
static void
port_change (Ctx  *x,
             guint p,
             int   delta)
{
  const PwKnightBoard *b = x->board;

  for (guint k = 0; k < b->n_moves[p]; k++)
    {
      guint u = b->moves[p * 8 + k];

      if (x->step_at[u] == 0)
        avail_add (x, u, delta);
    }
}

/* ---- stretches ---- */

static inline guint64
stretch_bit (guint j)
{
  return G_GUINT64_CONSTANT (1) << MIN (j, TRACKED);
}

/* Whether unvisited cell @u can take a step of stretch @j, from the
 * board's knight distances to its fronts (through visited cells too): the
 * first sieve when the search starts, refined by refit_stretch; the only
 * one for stretches past TRACKED. */
static inline gboolean
fits_stretch (const Ctx *x,
              guint      j,
              guint      u)
{
  const PwKnightBoard *b = x->board;
  guint lo = x->low[j], hi = x->high[j];

  if (x->left[j] == 0)
    return FALSE;
  if (lo != 0 && hi != 0)
    return dist (b, x->pos[lo], u) + dist (b, u, x->pos[hi]) <= steps_up (x, lo, hi);
  if (lo != 0)
    return dist (b, x->pos[lo], u) <= x->n_steps - lo;
  return dist (b, u, x->pos[hi]) <= hi - 1u;
}

/* Adds or takes away cell @u's share of the stretch counters (kept per
 * colour), for its mask @mask. */
static inline void
fits_contribute (Ctx     *x,
                 guint    u,
                 guint64  mask,
                 int      sign)
{
  guint64 tracked = mask & ~stretch_bit (TRACKED);
  guint colour = x->board->colour[u];

  for (guint64 m = tracked; m != 0; m &= m - 1)
    x->fit_count[2 * g_bit_nth_lsf (m, -1) + colour] += sign;
  if (mask == tracked && tracked != 0 && (tracked & (tracked - 1)) == 0)
    x->only_count[2 * g_bit_nth_lsf (tracked, -1) + colour] += sign;
}

/* Cell @u's mask goes from @old to @now: the counters follow the bits
 * that changed. */
static inline void
fits_change (Ctx     *x,
             guint    u,
             guint64  old,
             guint64  now)
{
  guint64 high = stretch_bit (TRACKED);
  guint colour = x->board->colour[u];

  for (guint64 d = (old ^ now) & ~high; d != 0; d &= d - 1)
    {
      guint j = g_bit_nth_lsf (d, -1);

      x->fit_count[2 * j + colour] += (now >> j) & 1 ? 1 : -1;
    }
  /* only one stretch can take it */
  if (!(old & high) && old != 0 && (old & (old - 1)) == 0)
    x->only_count[2 * g_bit_nth_lsf (old, -1) + colour]--;
  if (!(now & high) && now != 0 && (now & (now - 1)) == 0)
    x->only_count[2 * g_bit_nth_lsf (now, -1) + colour]++;
}

/* The stretch counters agree with what is left of stretch @j: its steps
 * alternate colours from its front's, so it needs so many cells of each
 * colour; no fewer fit it, no more fit only it. */
static inline gboolean
stretch_counts_ok (const Ctx *x,
                   guint      j)
{
  guint k = x->left[j], front, other;

  if (j >= TRACKED)
    return TRUE;
  front = x->board->colour[x->pos[x->low[j] != 0 ? x->low[j] : x->high[j]]];
  other = 1 - front;
  /* the step next to the front is of the other colour */
  return x->fit_count[2 * j + other] >= (k + 1) / 2 && x->fit_count[2 * j + front] >= k / 2 &&
         x->only_count[2 * j + other] <= (k + 1) / 2 && x->only_count[2 * j + front] <= k / 2;
}

/* The cells within i knight's moves of @from through unvisited cells,
 * for i = 0.. up to @limit, in @layers (n_words each). Returns the last i
 * stored: @limit, or less when nothing more is reached. */
static guint
grow_layers (Ctx     *x,
             guint    from,
             guint    limit,
             guint64 *layers)
{
  guint nw = x->board->n_words, i;

  if (nw == 1)
    {
      guint64 reached = G_GUINT64_CONSTANT (1) << from, edge = reached, u = x->unvisited[0];

      layers[0] = reached;
      for (i = 1; i <= limit; i++)
        {
          edge = spread1 (x->board, edge) & u & ~reached;
          if (edge == 0)
            return i - 1;
          reached |= edge;
          layers[i] = reached;
        }
      return limit;
    }
  memset (layers, 0, sizeof (guint64) * nw);
  layers[from / 64] |= G_GUINT64_CONSTANT (1) << (from % 64);
  memcpy (x->frontier, layers, sizeof (guint64) * nw);
  for (i = 1; i <= limit; i++)
    {
      guint64 *prev = layers + (i - 1) * nw, *cur = layers + i * nw, any = 0;

      bits_neighbours (x->board, x->frontier, x->unvisited, x->next);
      for (guint w = 0; w < nw; w++)
        {
          x->next[w] &= ~prev[w];
          cur[w] = prev[w] | x->next[w];
          any |= x->next[w];
        }
      if (any == 0)
        return i - 1;
      memcpy (x->frontier, x->next, sizeof (guint64) * nw);
    }
  return limit;
}

/* Stretch @j's cells that can no longer take one of its steps lose it
 * (on the trail): those the path cannot reach from its fronts through
 * unvisited cells within its steps (distance from the low front plus
 * distance to the high front at most the gap). Sets stretch_fail when a
 * cell fits nothing, or some stretch has too few cells or too many that
 * only it can take. */
static void
refit_stretch (Ctx  *x,
               guint j)
{
  guint64 bit = stretch_bit (j);
  guint lo = x->low[j], hi = x->high[j], nw = x->board->n_words;
  guint64 *fit = x->fit_bits;

  if (j >= TRACKED)
    return;
  memset (fit, 0, sizeof (guint64) * nw);
  if (x->left[j] == 0)
    ;
  else if (lo != 0 && hi != 0)
    {
      guint gap = steps_up (x, lo, hi);
      guint ra = grow_layers (x, x->pos[lo], gap - 1, x->layers_low);
      guint rb = grow_layers (x, x->pos[hi], gap - 1, x->layers_high);
      guint last = MIN (gap - 1, ra), first = MIN (gap - 1 > rb ? gap - rb : 1, last);

      /* a cell i moves from the low front and gap - i from the high one;
       * past the layers' last they stay the same, so i from gap - rb
       * (the high layers all there) to ra (the low ones) is enough, and
       * when gap - rb > ra, i = ra alone */
      for (guint i = first; i <= last; i++)
        {
          const guint64 *a = x->layers_low + i * nw;
          const guint64 *b = x->layers_high + MIN (gap - i, rb) * nw;

          for (guint w = 0; w < nw; w++)
            fit[w] |= a[w] & b[w];
        }
    }
  else if (lo != 0)
    memcpy (fit, x->layers_low + grow_layers (x, x->pos[lo], x->n_steps - lo, x->layers_low) * nw,
            sizeof (guint64) * nw);
  else
    memcpy (fit, x->layers_high + grow_layers (x, x->pos[hi], hi - 1, x->layers_high) * nw,
            sizeof (guint64) * nw);

  for (guint w = 0; w < nw; w++)
    {
      guint64 *holders = x->holders + j * nw + w;
      guint64 lost = *holders & x->unvisited[w] & ~fit[w];

      while (lost != 0)
        {
          guint u = w * 64 + __builtin_ctzll (lost);
          guint64 old = x->fits[u], now = old & ~bit;

          lost &= lost - 1;
          *holders &= ~(G_GUINT64_CONSTANT (1) << (u % 64));
          x->trail[x->trail_len++] = (Trail) { u, old };
          fits_change (x, u, old, now);
          x->fits[u] = now;
          if (now == 0)
            x->stretch_fail = TRUE;
          else if ((now & (now - 1)) == 0 && !stretch_counts_ok (x, g_bit_nth_lsf (now, -1)))
            x->stretch_fail = TRUE;
        }
    }
  if (!stretch_counts_ok (x, j))
    x->stretch_fail = TRUE;
}

/* ---- placing and taking back ---- */

/* Places step @s on cell @c, moving a front of stretch @j the way @dir
 * (@j NONE for an anchor). */
static void
apply (Ctx  *x,
       guint c,
       guint s,
       guint j,
       int   dir)
{
  const PwKnightBoard *b = x->board;
  guint around[2], n_around, need = 0;

  x->step_at[c] = s;
  x->pos[s] = c;
  x->unvisited[c / 64] &= ~(G_GUINT64_CONSTANT (1) << (c % 64));
  contribute (x, c, -1);
  x->n_unvisited--;
  x->n_placed++;
  if (is_end_step (x, s))
    x->free_ends--;

  n_around = path_neighbours (x, s, around);
  for (guint i = 0; i < n_around; i++)
    {
      guint p = x->pos[around[i]];

      if (p == NONE)
        need++;
      else if (--x->need[p] == 0)
        port_change (x, p, -1);
    }
  x->need[c] = need;
  for (guint k = 0; k < b->n_moves[c]; k++)
    {
      guint u = b->moves[c * 8 + k];

      if (x->step_at[u] != 0)
        continue;
      x->deg[u]--;
      /* a cell that becomes a port stays available to its neighbours */
      if (need == 0)
        avail_add (x, u, -1);
    }

  if (j != NONE)
    {
      guint64 others = x->fits[c] & ~stretch_bit (j);

      fits_contribute (x, c, x->fits[c], -1);
      if (dir == UP)
        x->low[j] = s;
      else
        x->high[j] = s;
      x->left[j]--;
      x->stretch_fail = FALSE;
      /* the other stretches @c could have taken lose a cell, and the ways
       * through it */
      for (guint64 m = others & ~stretch_bit (TRACKED); m != 0; m &= m - 1)
        refit_stretch (x, g_bit_nth_lsf (m, -1));
      refit_stretch (x, j);
    }
}

static void
undo (Ctx  *x,
      guint c,
      guint s,
      guint j,
      int   dir,
      guint trail_mark)
{
  const PwKnightBoard *b = x->board;
  guint around[2], n_around;

  if (j != NONE)
    {
      while (x->trail_len > trail_mark)
        {
          Trail *t = &x->trail[--x->trail_len];
          guint64 back = t->mask & ~x->fits[t->cell] & ~stretch_bit (TRACKED);

          for (; back != 0; back &= back - 1)
            x->holders[g_bit_nth_lsf (back, -1) * x->board->n_words + t->cell / 64] |=
              G_GUINT64_CONSTANT (1) << (t->cell % 64);
          fits_change (x, t->cell, x->fits[t->cell], t->mask);
          x->fits[t->cell] = t->mask;
        }
      x->left[j]++;
      if (dir == UP)
        x->low[j] = step_towards (x, s, DOWN);
      else
        x->high[j] = step_towards (x, s, UP);
      fits_contribute (x, c, x->fits[c], 1);
    }

  for (guint k = 0; k < b->n_moves[c]; k++)
    {
      guint u = b->moves[c * 8 + k];

      if (x->step_at[u] != 0)
        continue;
      x->deg[u]++;
      if (x->need[c] == 0)
        avail_add (x, u, 1);
    }
  n_around = path_neighbours (x, s, around);
  for (guint i = 0; i < n_around; i++)
    {
      guint p = x->pos[around[i]];

      if (p != NONE && x->need[p]++ == 0)
        port_change (x, p, 1);
    }
  x->need[c] = 0;
  if (is_end_step (x, s))
    x->free_ends++;
  x->n_placed--;
  x->n_unvisited++;
  x->step_at[c] = 0;
  x->pos[s] = NONE;
  x->unvisited[c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
  contribute (x, c, 1);
}

/* ---- checks ---- */

/* The unvisited cells in pieces: each must touch a port, and there can be
 * no more pieces than the path has pieces left to cover them. */
static gboolean
connected_enough (Ctx *x)
{
  const PwKnightBoard *b = x->board;
  guint pieces = 0, found = 0;

  if (x->n_unvisited == 0)
    return TRUE;
  for (guint j = 0; j < x->n_stretches; j++)
    pieces += x->left[j] > 0;

  if (++x->stamp_now == G_MAXUINT32)
    {
      memset (x->stamp, 0, sizeof (guint32) * b->n_cells);
      x->stamp_now = 1;
    }
  for (guint c = 0; c < b->n_cells && found < x->n_unvisited; c++)
    {
      guint head = 0, tail = 0;
      gboolean touches = FALSE;

      if (!b->free[c] || x->step_at[c] != 0 || x->stamp[c] == x->stamp_now)
        continue;
      if (pieces-- == 0)
        return FALSE;
      x->stamp[c] = x->stamp_now;
      x->queue[tail++] = c;
      while (head < tail)
        {
          guint v = x->queue[head++];

          for (guint k = 0; k < b->n_moves[v]; k++)
            {
              guint u = b->moves[v * 8 + k];

              if (x->step_at[u] == 0)
                {
                  if (x->stamp[u] != x->stamp_now)
                    {
                      x->stamp[u] = x->stamp_now;
                      x->queue[tail++] = u;
                    }
                }
              else if (x->need[u] > 0)
                touches = TRUE;
            }
        }
      if (!touches)
        return FALSE;
      found += tail;
    }
  return TRUE;
}

static inline gboolean
consistent (Ctx *x)
{
  if (x->n_zero > 0 || x->n_dead > x->free_ends || x->stretch_fail)
    return FALSE;
  if (x->search->connectivity && !connected_enough (x))
    return FALSE;
  return TRUE;
}

static void
found_tour (Ctx *x)
{
  const PwKnightBoard *b = x->board;
  const PwKnightSearch *search = x->search;

  for (guint c = 0; c < b->n_cells; c++)
    x->steps_out[c] = b->free[c] ? x->step_at[c] : 0;
  x->result->solutions += x->weight;
  if (search->on_solution != NULL &&
      !search->on_solution (x->steps_out, x->weight, search->on_solution_data))
    x->stop = TRUE;
  if (x->result->solutions >= search->max_solutions)
    x->stop = TRUE;
}

/* One more node; FALSE when the budget or a cancellation stops here. */
static inline gboolean
count_node (Ctx *x)
{
  PwKnightResult *r = x->result;

  if (x->search->max_nodes != 0 && r->nodes >= x->search->max_nodes)
    {
      r->node_limit = TRUE;
      x->stop = TRUE;
      return FALSE;
    }
  r->nodes++;
  if ((r->nodes & 1023) == 0)
    {
      if (x->search->cancellable != NULL && g_cancellable_is_cancelled (x->search->cancellable))
        {
          x->stop = TRUE;
          return FALSE;
        }
      if (pw_deadline_passed (x->search->deadline))
        {
          r->node_limit = TRUE;
          x->stop = TRUE;
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- branching ---- */

/* Sorts @cand by Warnsdorff's rule: fewest ways on first (unvisited
 * neighbours, and ports: cells next to another front wait). */
static void
order_candidates (Ctx     *x,
                  guint16 *cand,
                  guint    n)
{
  guint64 keys[8];

  for (guint i = 0; i < n; i++)
    {
      guint c = cand[i];
      guint64 tie = x->search->random_order ? next_random (&x->rng) >> 48
                                            : (guint64) (G_MAXUINT16 - x->board->outer[c]);

      keys[i] = ((guint64) x->avail[c] << 32) | (tie << 16) | c;
    }
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && keys[j - 1] > keys[j]; j--)
      {
        guint64 t = keys[j];

        keys[j] = keys[j - 1];
        keys[j - 1] = t;
      }
  for (guint i = 0; i < n; i++)
    cand[i] = keys[i] & 0xffff;
}

/* The cells the next step of stretch @j can take at its front @dir:
 * unvisited cells a knight's move from the front that can still reach
 * the other front (or, at an open tour's free end, anything), and when a
 * cell has no other way in, that cell alone. */
static guint
gather (Ctx     *x,
        guint    j,
        int      dir,
        guint16 *cand)
{
  const PwKnightBoard *b = x->board;
  guint front = dir == UP ? x->low[j] : x->high[j];
  guint other = dir == UP ? x->high[j] : x->low[j];
  guint from = x->pos[front], s = step_towards (x, front, dir);
  guint target = other != 0 ? x->pos[other] : NONE;
  guint gap = other == 0 ? 0 : dir == UP ? steps_up (x, s, other) : steps_up (x, other, s);
  guint n = 0;
  gboolean forced = FALSE;

  for (guint k = 0; k < b->n_moves[from]; k++)
    {
      guint u = b->moves[from * 8 + k];

      if (x->step_at[u] != 0)
        continue;
      if (target != NONE && !reachable_in (b, u, target, gap))
        continue;
      /* through unvisited cells too */
      if (j < TRACKED && !(x->fits[u] & stretch_bit (j)))
        continue;
      /* a cell with no other way in must come now, while @from is the
       * port it relies on; so must one with two ways in, one of them
       * @from, when it cannot be an end of the path (it needs both) */
      if (x->need[from] == 1 &&
          (x->avail[u] == 1 ||
           (x->avail[u] == 2 && (x->free_ends == 0 || !(x->fits[u] & x->end_stretches)))))
        {
          if (forced)
            return 0;
          forced = TRUE;
          cand[0] = u;
          n = 1;
          continue;
        }
      if (!forced)
        cand[n++] = u;
    }
  return n;
}

static void
dfs (Ctx *x)
{
  guint16 cand[8], best[8];
  guint n_best = G_MAXUINT, best_j = 0, n_ties = 0;
  int best_dir = UP;

  if (x->n_placed == x->n_steps)
    {
      found_tour (x);
      return;
    }
  /* the front with the fewest choices, over every stretch */
  for (guint j = 0; j < x->n_stretches && n_best > 1; j++)
    for (int dir = UP; dir <= DOWN && n_best > 1; dir++)
      {
        guint n;

        if (x->left[j] == 0 || (dir == UP ? x->low[j] : x->high[j]) == 0)
          continue;
        /* the last step of a stretch: from one side only */
        if (dir == DOWN && x->left[j] == 1 && x->low[j] != 0)
          continue;
        n = gather (x, j, dir, cand);
        if (n == 0)
          return;
        /* fewest candidates, then the shortest stretch; random orders
         * break the ties left at random */
        if (n == n_best && x->left[j] == x->left[best_j] && x->search->random_order &&
            (next_random (&x->rng) >> 32) % ++n_ties == 0)
          {
            best_j = j;
            best_dir = dir;
            memcpy (best, cand, sizeof (guint16) * n);
          }
        if (n < n_best || (n == n_best && x->left[j] < x->left[best_j]))
          {
            n_ties = 1;
            n_best = n;
            best_j = j;
            best_dir = dir;
            memcpy (best, cand, sizeof (guint16) * n);
          }
      }
  g_assert (n_best != G_MAXUINT);
  if (n_best > 1)
    order_candidates (x, best, n_best);

  for (guint i = 0; i < n_best && !x->stop; i++)
    {
      guint c = best[i];
      guint front = best_dir == UP ? x->low[best_j] : x->high[best_j];
      guint s = step_towards (x, front, best_dir);
      guint mark = x->trail_len;

      if (!count_node (x))
        return;
      apply (x, c, s, best_j, best_dir);
      if (consistent (x))
        dfs (x);
      undo (x, c, s, best_j, best_dir, mark);
    }
}

/* ------------------------------------------------------------------ */
/* Setting up                                                           */

/* The stretches between consecutive anchors: for an open tour stretch 0
 * runs from step 1 up to the first anchor, stretch j from anchor j-1 to
 * anchor j, stretch m after the last anchor; for a closed tour stretch 0
 * runs from the last anchor round to the first. Every cell's mask of the
 * stretches it fits and the counters. FALSE when some cell fits none, or
 * a stretch has too few cells or too many it alone can take. */
static gboolean
make_stretches (Ctx *x)
{
  const PwKnightBoard *b = x->board;
  guint f = x->n_steps, m = x->n_anchors, n = b->n_cells;
  g_autofree guint *counts = NULL;
  gsize trail_size = 0;

  x->n_stretches = x->closed ? m : m + 1;
  for (guint j = 0; j < x->n_stretches; j++)
    {
      x->low[j] = x->closed || j > 0 ? x->anchors[(j + m - 1) % m].step : 0;
      x->high[j] = x->closed || j < m ? x->anchors[j % m].step : 0;
      if (x->low[j] != 0 && x->high[j] != 0)
        x->left[j] = steps_up (x, x->low[j], x->high[j]) - 1;
      else if (x->low[j] != 0)
        x->left[j] = f - x->low[j];
      else
        x->left[j] = x->high[j] - 1;
    }
  x->stretch_fail = FALSE;
  x->end_stretches = 0;
  if (!x->closed && x->low[0] == 0)
    x->end_stretches |= stretch_bit (0);
  if (!x->closed && x->high[m] == 0)
    x->end_stretches |= stretch_bit (m);
  counts = g_new0 (guint, MIN (x->n_stretches, TRACKED) + 1);
  for (guint c = 0; c < n; c++)
    {
      if (!b->free[c] || x->step_at[c] != 0)
        continue;
      for (guint j = 0; j < x->n_stretches; j++)
        if (fits_stretch (x, j, c))
          x->fits[c] |= stretch_bit (j);
      if (x->fits[c] == 0)
        return FALSE;
      fits_contribute (x, c, x->fits[c], 1);
      for (guint j = 0; j < MIN (x->n_stretches, TRACKED); j++)
        counts[j] += (x->fits[c] & stretch_bit (j)) != 0;
    }
  x->holders = g_new0 (guint64, MIN (x->n_stretches, TRACKED) * b->n_words + 1);
  for (guint c = 0; c < n; c++)
    if (b->free[c] && x->step_at[c] == 0)
      for (guint j = 0; j < MIN (x->n_stretches, TRACKED); j++)
        if (x->fits[c] & stretch_bit (j))
          x->holders[j * b->n_words + c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
  /* the trail holds each (cell, stretch) once on a path of the search */
  for (guint j = 0; j < MIN (x->n_stretches, TRACKED); j++)
    trail_size += counts[j];
  x->trail = g_new (Trail, trail_size + 1);
  /* the distances around the placed anchors, not through them */
  for (guint j = 0; j < MIN (x->n_stretches, TRACKED); j++)
    refit_stretch (x, j);
  x->trail_len = 0;
  for (guint c = 0; c < n; c++)
    if (b->free[c] && x->step_at[c] == 0 && x->fits[c] == 0)
      return FALSE;
  for (guint j = 0; j < x->n_stretches; j++)
    if (!stretch_counts_ok (x, j))
      return FALSE;
  return TRUE;
}

static void
stretches_clear (Ctx *x)
{
  g_clear_pointer (&x->holders, g_free);
  g_clear_pointer (&x->trail, g_free);
  x->trail_len = 0;
  memset (x->fits, 0, sizeof (guint64) * x->board->n_cells);
  memset (x->fit_count, 0, sizeof (guint16) * 2 * (x->board->n_free + 2));
  memset (x->only_count, 0, sizeof (guint16) * 2 * (x->board->n_free + 2));
}

static void
ctx_clear (Ctx *x)
{
  stretches_clear (x);
  g_free (x->anchors);
  g_free (x->low);
  g_free (x->high);
  g_free (x->left);
  g_free (x->fits);
  g_free (x->fit_count);
  g_free (x->only_count);
  g_free (x->pos);
  g_free (x->step_at);
  g_free (x->deg);
  g_free (x->avail);
  g_free (x->need);
  g_free (x->stamp);
  g_free (x->queue);
  g_free (x->unvisited);
  g_free (x->layers_low);
  g_free (x->layers_high);
  g_free (x->frontier);
  g_free (x->next);
  g_free (x->fit_bits);
  g_free (x->steps_out);
}

/* Places the anchors and searches from them. */
static void
search_from_anchors (Ctx *x)
{
  guint m = x->n_anchors;
  gboolean ok = TRUE;

  for (guint i = 0; i < m; i++)
    apply (x, x->anchors[i].cell, x->anchors[i].step, NONE, UP);
  /* consecutive anchors are a knight's move apart (the conflicts say so);
   * one cell alone is a tour when open, never a closed one */
  if (x->n_steps == 1)
    ok = !x->closed;
  else
    ok = make_stretches (x) && consistent (x);
  if (ok && count_node (x))
    dfs (x);
  stretches_clear (x);
  for (guint i = m; i-- > 0;)
    undo (x, x->anchors[i].cell, x->anchors[i].step, NONE, UP, 0);
}

/* The cells step 1 can take when nothing is given: on a closed tour the
 * cell with the fewest moves (each tour found then stands for its
 * rotations); on an open one any cell, of the colour with more cells when
 * their numbers differ, in Warnsdorff's order or a random one. */
static guint
root_cells (Ctx     *x,
            guint16 *roots)
{
  const PwKnightBoard *b = x->board;
  guint n = 0, colours[2];

  if (x->closed)
    {
      guint best = NONE;

      for (guint c = 0; c < b->n_cells; c++)
        if (b->free[c] && (best == NONE || b->n_moves[c] < b->n_moves[best]))
          best = c;
      roots[n++] = best;
      x->weight = x->n_steps;
      return n;
    }
  count_colours (b, colours);
  for (guint c = 0; c < b->n_cells; c++)
    if (b->free[c] && (colours[0] == colours[1] || b->colour[c] == (colours[1] > colours[0])))
      roots[n++] = c;
  if (x->search->random_order)
    for (guint i = n; i > 1; i--)
      {
        guint j = next_random (&x->rng) % i;
        guint16 t = roots[i - 1];

        roots[i - 1] = roots[j];
        roots[j] = t;
      }
  else
    {
      g_autofree guint64 *keys = g_new (guint64, n);

      for (guint i = 0; i < n; i++)
        keys[i] = ((guint64) b->n_moves[roots[i]] << 32) |
                  ((guint64) (G_MAXUINT16 - b->outer[roots[i]]) << 16) | roots[i];
      for (guint i = 1; i < n; i++)
        for (guint j = i; j > 0 && keys[j - 1] > keys[j]; j--)
          {
            guint64 t = keys[j];

            keys[j] = keys[j - 1];
            keys[j - 1] = t;
          }
      for (guint i = 0; i < n; i++)
        roots[i] = keys[i] & 0xffff;
    }
  return n;
}

/* One depth-first search, complete unless its budget stops it. */
static gboolean
search_once (const PwKnightBoard  *board,
             const PwKnightLevel  *level,
             const PwKnightSearch *search,
             PwKnightResult       *result,
             GError              **error)
{
  Ctx x = { 0 };
  g_autofree guint8 *marked = NULL;
  g_autoptr(GArray) givens = NULL;
  guint n, f, colours[2];

  memset (result, 0, sizeof *result);
  n = board->n_cells;
  f = board->n_free;
  if (g_cancellable_set_error_if_cancelled (search->cancellable, error))
    return FALSE;
  if (f == 0 || search->max_solutions == 0)
    return TRUE;

  marked = g_new0 (guint8, n);
  count_colours (board, colours);
  if (_pw_knight_find_conflicts (board, level, marked) > 0 ||
      (level->closed && colours[0] != colours[1]) ||
      (!level->closed && MAX (colours[0], colours[1]) - MIN (colours[0], colours[1]) > 1))
    {
      result->conflict = TRUE;
      return TRUE;
    }
  givens = sorted_givens (board, level, marked);

  x.board = board;
  x.search = search;
  x.result = result;
  x.n_steps = f;
  x.closed = level->closed;
  x.weight = 1;
  x.have_givens = givens->len > 0;
  x.anchors = g_new0 (Given, MAX (givens->len, 1));
  x.n_anchors = givens->len;
  if (givens->len > 0)
    memcpy (x.anchors, givens->data, sizeof (Given) * givens->len);
  x.low = g_new0 (guint16, x.n_anchors + 2);
  x.high = g_new0 (guint16, x.n_anchors + 2);
  x.left = g_new0 (guint16, x.n_anchors + 2);
  x.fits = g_new0 (guint64, n);
  x.fit_count = g_new0 (guint16, 2 * (f + 2));
  x.only_count = g_new0 (guint16, 2 * (f + 2));
  x.pos = g_new (guint16, f + 1);
  x.step_at = g_new0 (guint16, n);
  x.deg = g_new0 (guint8, n);
  x.avail = g_new0 (guint8, n);
  x.need = g_new0 (guint8, n);
  x.stamp = g_new0 (guint32, n);
  x.queue = g_new (guint16, n);
  x.unvisited = g_memdup2 (board->free_bits, sizeof (guint64) * board->n_words);
  x.layers_low = g_new0 (guint64, (gsize) (f + 1) * board->n_words);
  x.layers_high = g_new0 (guint64, (gsize) (f + 1) * board->n_words);
  x.frontier = g_new0 (guint64, board->n_words);
  x.next = g_new0 (guint64, board->n_words);
  x.fit_bits = g_new0 (guint64, board->n_words);
  x.steps_out = g_new0 (guint16, n);
  for (guint s = 0; s <= f; s++)
    x.pos[s] = NONE;

  /* every cell unvisited: available neighbours are all its neighbours */
  for (guint c = 0; c < n; c++)
    if (board->free[c])
      {
        x.deg[c] = x.avail[c] = board->n_moves[c];
        contribute (&x, c, 1);
        x.n_unvisited++;
      }
  if (!x.closed)
    x.free_ends = f > 1 ? 2 : 1;

  x.rng = search->seed;
  for (guint i = 0; i < 4 || x.rng == 0; i++)
    {
      x.rng += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      x.rng = (x.rng ^ (x.rng >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
      x.rng = (x.rng ^ (x.rng >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
      x.rng ^= x.rng >> 31;
    }

  if (x.have_givens)
    search_from_anchors (&x);
  else
    {
      g_autofree guint16 *roots = g_new (guint16, n);
      guint n_roots = root_cells (&x, roots);

      x.n_anchors = 1;
      for (guint i = 0; i < n_roots && !x.stop; i++)
        {
          x.anchors[0] = (Given) { 1, roots[i] };
          search_from_anchors (&x);
        }
    }

  ctx_clear (&x);
  if (g_cancellable_set_error_if_cancelled (search->cancellable, error))
    return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Restarts                                                             */

/* A search in one order can get stuck for a long time in a part of the
 * tree with no tour while another order finds one at once (a closed 8×8
 * tour: 64 nodes in some orders, millions in others). So a count up to a
 * small number K runs as a series of searches, the first in the order
 * asked for, the next ones in random orders, each stopped after twice as
 * many nodes as the one before. The tours they find are kept in a set:
 * K distinct tours prove the count reached K; a search that finishes
 * before its cutoff has seen every tour, and its count is exact. The
 * nodes of all the searches are counted. */
#define RESTART_MAX_SOLUTIONS 100000
/* ... and only when at most one cell in this many is given */
#define RESTART_GIVENS 16

typedef struct
{
  const PwKnightSearch *search;
  GHashTable           *seen;     /* GBytes of the steps of each tour */
  guint                 n_cells;
  guint64               weight;   /* numbered tours the distinct ones stand for */
  gboolean              stopped;
} Restarts;

static gboolean
restart_found (const guint16 *steps,
               guint64        weight,
               gpointer       data)
{
  Restarts *r = data;
  GBytes *key = g_bytes_new (steps, sizeof (guint16) * r->n_cells);

  if (!g_hash_table_add (r->seen, key))
    return TRUE;
  r->weight += weight;
  if (r->search->on_solution != NULL &&
      !r->search->on_solution (steps, weight, r->search->on_solution_data))
    r->stopped = TRUE;
  if (r->weight >= r->search->max_solutions)
    r->stopped = TRUE;
  return !r->stopped;
}

gboolean
_pw_knight_search (const PwKnightBoard  *board,
                   const PwKnightLevel  *level,
                   const PwKnightSearch *search,
                   PwKnightResult       *result,
                   GError              **error)
{
  g_autoptr(GHashTable) seen = NULL;
  PwKnightSearch one;
  Restarts r = { 0 };
  guint64 cutoff;

  g_return_val_if_fail (board != NULL && level != NULL, FALSE);
  g_return_val_if_fail (search != NULL && result != NULL, FALSE);
  g_return_val_if_fail (board->n_cells == level->width * level->height, FALSE);

  /* searches too short to reach a check stop here once time has run out */
  if (pw_deadline_passed (search->deadline))
    {
      memset (result, 0, sizeof *result);
      result->node_limit = TRUE;
      return TRUE;
    }
  /* a level with many givens is mostly a proof, which restarts only
   * make longer */
  if (!search->restarts || search->max_solutions > RESTART_MAX_SOLUTIONS ||
      _pw_knight_level_n_givens (level) * RESTART_GIVENS > board->n_free)
    return search_once (board, level, search, result, error);

  memset (result, 0, sizeof *result);
  seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref,
                                NULL);
  r.search = search;
  r.seen = seen;
  r.n_cells = board->n_cells;
  one = *search;
  one.max_solutions = G_MAXUINT64;
  one.on_solution = restart_found;
  one.on_solution_data = &r;
  cutoff = 16 * (guint64) board->n_free + 64;
  for (guint attempt = 0;; attempt++)
    {
      PwKnightResult once;
      guint64 left = search->max_nodes == 0 ? G_MAXUINT64 : search->max_nodes - result->nodes;

      one.max_nodes = MIN (cutoff, left);
      if (attempt > 0)
        {
          guint64 z = search->seed + attempt * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

          z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
          z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
          one.seed = z ^ (z >> 31);
          one.random_order = TRUE;
        }
      if (!search_once (board, level, &one, &once, error))
        return FALSE;
      result->nodes += once.nodes;
      if (once.conflict)
        {
          result->conflict = TRUE;
          return TRUE;
        }
      if (r.stopped)
        {
          result->solutions = r.weight;
          return TRUE;
        }
      if (!once.node_limit)
        {
          result->solutions = once.solutions;
          return TRUE;
        }
      /* the budget, or the time budget (which a restart would meet at once) */
      if (one.max_nodes == left || pw_deadline_passed (search->deadline))
        {
          result->node_limit = TRUE;
          result->solutions = r.weight;
          return TRUE;
        }
      cutoff = cutoff > G_MAXUINT64 / 2 ? G_MAXUINT64 : cutoff * 2;
    }
}
