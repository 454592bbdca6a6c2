/* knight-search.c — counting and finding knight's tours
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A depth-first search that extends the path one step at a time, trying
 * the next cells in Warnsdorff's order (fewest onward moves first; ties
 * by distance from the centre, farthest first, or at random). What it
 * knows at each node:
 *
 * - "available" neighbours of each unvisited cell: unvisited cells and
 *   placed cells that still miss a path neighbour ("ports": the head, the
 *   start of a closed tour, the anchor the search began from). A cell of
 *   the finished path has two path neighbours, one if it is an end, so an
 *   unvisited cell with none available is dead, and with one it must be
 *   an end: no more such cells than unplaced ends (none for a closed
 *   tour); a given that is not an end needs two. Counted incrementally:
 *   placing a cell changes the counts of its own neighbours and of the
 *   port it leaves.
 * - a port needs as many unvisited neighbours as path neighbours it
 *   misses (a closed tour's start stays reachable);
 * - given numbers are anchors: the cell of a given step is the only
 *   candidate for it, no other step may take it, and a cell placed at
 *   step s must be within the knight distance and of the colour that the
 *   next given ahead allows (distance ≤ step gap, same parity). Between
 *   consecutive givens, each cell that no later stretch of the path can
 *   reach must still be reachable in the current stretch: distance from
 *   the head plus distance to the next given within the steps left;
 * - optionally, the unvisited cells must not fall into more pieces than
 *   the path has ends left to cover them, each piece next to a port.
 *
 * Where it starts: at the smallest given number, going up to the last
 * step, then (open tours) down from the anchor to step 1. Without givens
 * an open tour tries every start cell (of the majority colour when the
 * count is odd); a closed tour fixes step 1 on the cell with the fewest
 * moves and counts each tour found as many times as there are cells (its
 * rotations). Distances are knight distances through cells that are not
 * blocked, so they ignore visited cells: they are lower bounds.
 */

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

  for (guint c = 0; c < n; c++)
    {
      int x = c % w, y = c / w;
      /* twice the offsets from the centre, squared */
      int ox = 2 * x - (int) (w - 1), oy = 2 * y - (int) (h - 1);

      board->free[c] = level->cells[c] != PW_KNIGHT_BLOCKED;
      board->n_free += board->free[c];
      board->colour[c] = (x + y) & 1;
      board->outer[c] = ox * ox + oy * oy;
    }
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

static inline gboolean
adjacent (const PwKnightBoard *board,
          guint                a,
          guint                b)
{
  return dist (board, a, b) == 1;
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
  PLAIN,        /* not given: may be an end while ends are left */
  GIVEN_END,    /* the given first or last step of an open tour */
  GIVEN_MIDDLE, /* any other given: needs two path neighbours */
};

enum
{
  UP,           /* the next step after the highest placed */
  DOWN,         /* the step before the lowest placed */
};

typedef struct
{
  const PwKnightBoard  *board;
  const PwKnightSearch *search;
  PwKnightResult       *result;
  guint                 n_steps;
  gboolean              closed;
  guint64               weight;

  /* the first step placed and the cells to try for it */
  guint    root_step;
  guint16 *roots;
  guint    n_roots;

  /* givens, in step order; stretches of the path between them (see
   * make_stretches): their ends and the cells each can reach */
  Given   *givens;
  guint    n_givens;
  guint    n_stretches;
  guint16 *stretch_of;   /* per step not given: its stretch */
  guint16 *stretch_size; /* per stretch: steps in it */
  guint16 *placed_in;    /* per stretch: steps placed */
  guint64 *reach;        /* per cell: bit j (or 63 for j ≥ 63) if stretch j can take it */
  guint64  untouched;    /* stretches with nothing placed (bit 63 always set) */
  guint16 *plain;        /* the cells to visit that are not given */
  guint    n_plain;

  /* state: the placed steps run from lo up to hi (round the end for a
   * closed tour) */
  guint    lo;
  guint    hi;
  guint    n_placed;
  guint16 *pos;         /* per step 1..n_steps: its cell or NONE */
  guint16 *step_at;     /* per cell: its step, 0 unvisited */
  guint16 *given_step;  /* per cell: its given step or 0 */
  guint16 *given_cell;  /* per step: the cell given it or NONE */
  guint16 *given_up;    /* per step: steps to the next given going up, 0 none */
  guint16 *given_down;  /* per step: steps to the next given going down, 0 none */
  guint8  *role;        /* per cell: PLAIN, GIVEN_END, GIVEN_MIDDLE */
  guint8  *deg;         /* per cell: unvisited neighbours */
  guint8  *avail;       /* per cell: unvisited or port neighbours */
  guint8  *need;        /* per placed cell: path neighbours still missing */
  guint16  ports[8];
  guint    n_ports;
  int      n_zero;      /* unvisited cells with nothing available */
  int      n_dead;      /* unvisited plain cells with one */
  int      n_bad;       /* unvisited middle givens with one */
  int      free_ends;   /* ends of the path not given and not placed */
  guint    n_unvisited;

  /* connectivity */
  guint32 *stamp;
  guint32  stamp_now;
  guint16 *queue;

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

/* Steps from @a up to @b, round the end for a closed tour. */
static inline guint
steps_up (const Ctx *x,
          guint      a,
          guint      b)
{
  return b >= a ? b - a : b + x->n_steps - a;
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
    {
      if (x->role[u] == PLAIN)
        x->n_dead += sign;
      else if (x->role[u] == GIVEN_MIDDLE)
        x->n_bad += sign;
    }
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
  if (delta > 0)
    x->ports[x->n_ports++] = p;
  else
    for (guint i = 0; i < x->n_ports; i++)
      if (x->ports[i] == p)
        {
          x->ports[i] = x->ports[--x->n_ports];
          break;
        }
}

static inline guint64
stretch_bit (guint j)
{
  return G_GUINT64_CONSTANT (1) << MIN (j, 63);
}

/* Places step @s on cell @c, at the end @dir (the root: either). */
static void
apply (Ctx  *x,
       guint c,
       guint s,
       int   dir)
{
  const PwKnightBoard *b = x->board;
  guint around[2], n_around, need = 0;

  x->step_at[c] = s;
  x->pos[s] = c;
  contribute (x, c, -1);
  x->n_unvisited--;
  if (x->n_placed++ == 0)
    x->lo = x->hi = s;
  else if (dir == UP)
    x->hi = s;
  else
    x->lo = s;
  if (is_end_step (x, s) && x->given_cell[s] == NONE)
    x->free_ends--;
  if (x->given_cell[s] == NONE && x->n_stretches > 0)
    {
      guint j = x->stretch_of[s];

      if (x->placed_in[j]++ == 0 && j < 63)
        x->untouched &= ~stretch_bit (j);
    }

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
  if (need > 0)
    x->ports[x->n_ports++] = c;
}

static void
undo (Ctx  *x,
      guint c,
      guint s,
      int   dir)
{
  const PwKnightBoard *b = x->board;
  guint around[2], n_around;

  if (x->need[c] > 0)
    for (guint i = 0; i < x->n_ports; i++)
      if (x->ports[i] == c)
        {
          x->ports[i] = x->ports[--x->n_ports];
          break;
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
  if (x->given_cell[s] == NONE && x->n_stretches > 0)
    {
      guint j = x->stretch_of[s];

      if (--x->placed_in[j] == 0)
        x->untouched |= stretch_bit (j);
    }
  if (is_end_step (x, s) && x->given_cell[s] == NONE)
    x->free_ends++;
  if (--x->n_placed > 0)
    {
      if (dir == UP)
        x->hi = step_towards (x, s, DOWN);
      else
        x->lo = step_towards (x, s, UP);
    }
  x->n_unvisited++;
  x->step_at[c] = 0;
  x->pos[s] = NONE;
  contribute (x, c, 1);
}

/* The unvisited cells in pieces: each must touch a port, and there can be
 * no more pieces than the path has pieces left to cover them. */
static gboolean
connected_enough (Ctx *x)
{
  const PwKnightBoard *b = x->board;
  guint needs = 0, ends = 0, pieces, found = 0;

  if (x->n_unvisited == 0)
    return TRUE;
  for (guint i = 0; i < x->n_ports; i++)
    needs += x->need[x->ports[i]];
  if (!x->closed)
    ends = (x->pos[1] == NONE) + (x->pos[x->n_steps] == NONE);
  pieces = (needs + ends) / 2;

  x->stamp_now++;
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

/* The ends of stretch @j that are known now: steps and cells of the head
 * working in it or of the givens around it; 0 for an open tour's missing
 * end. */
static inline void
stretch_ends (const Ctx *x,
              guint      j,
              guint      up_stretch,
              guint      down_stretch,
              guint     *low_step,
              guint     *low_cell,
              guint     *high_step,
              guint     *high_cell)
{
  guint m = x->n_givens;

  *low_step = *high_step = 0;
  *low_cell = *high_cell = NONE;
  if (j == up_stretch)
    *low_step = x->hi, *low_cell = x->pos[x->hi];
  else if (x->closed || j > 0)
    {
      const Given *g = &x->givens[(j + m - 1) % m];

      *low_step = g->step, *low_cell = g->cell;
    }
  if (j == down_stretch)
    *high_step = x->lo, *high_cell = x->pos[x->lo];
  else if (x->closed || j < m)
    {
      const Given *g = &x->givens[j % m];

      *high_step = g->step, *high_cell = g->cell;
    }
}

/* Whether cell @u can still be in stretch @j, from the distances to its
 * known ends. */
static inline gboolean
fits_stretch (const Ctx *x,
              guint      u,
              guint      low_step,
              guint      low_cell,
              guint      high_step,
              guint      high_cell)
{
  const PwKnightBoard *b = x->board;

  if (low_cell != NONE && high_cell != NONE)
    {
      guint gap = steps_up (x, low_step, high_step);

      /* the same step at both ends: all the way round (a closed tour's
       * only given or only placed step) */
      return dist (b, low_cell, u) + dist (b, u, high_cell) <= (gap == 0 ? x->n_steps : gap);
    }
  if (low_cell != NONE)
    return dist (b, low_cell, u) <= x->n_steps - low_step;
  return dist (b, u, high_cell) <= high_step - 1;
}

/* Every unvisited cell that is not given can still be visited: by a
 * stretch nothing has entered yet (as the givens allow), or by one a head
 * works in, within the distances from its ends. */
static gboolean
stretches_ok (Ctx *x)
{
  guint up = NONE, down = NONE;
  guint up_ends[4] = { 0 }, down_ends[4] = { 0 };
  guint next;

  if (x->n_stretches == 0 || x->n_placed == x->n_steps)
    return TRUE;
  next = step_towards (x, x->hi, UP);
  if (next != 0 && x->pos[next] == NONE && x->given_cell[next] == NONE)
    up = x->stretch_of[next];
  next = step_towards (x, x->lo, DOWN);
  if (next != 0 && x->pos[next] == NONE && x->given_cell[next] == NONE)
    down = x->stretch_of[next];
  if (up != NONE)
    stretch_ends (x, up, up, down, &up_ends[0], &up_ends[1], &up_ends[2], &up_ends[3]);
  if (down != NONE && down != up)
    stretch_ends (x, down, up, down, &down_ends[0], &down_ends[1], &down_ends[2],
                  &down_ends[3]);

  for (guint i = 0; i < x->n_plain; i++)
    {
      guint u = x->plain[i];
      guint64 reach = x->reach[u];

      if (x->step_at[u] != 0 || (reach & x->untouched) != 0)
        continue;
      if (up != NONE && (reach & stretch_bit (up)) &&
          fits_stretch (x, u, up_ends[0], up_ends[1], up_ends[2], up_ends[3]))
        continue;
      if (down != NONE && down != up && (reach & stretch_bit (down)) &&
          fits_stretch (x, u, down_ends[0], down_ends[1], down_ends[2], down_ends[3]))
        continue;
      return FALSE;
    }
  return TRUE;
}

static inline gboolean
consistent (Ctx *x)
{
  if (x->n_zero > 0 || x->n_bad > 0 || x->n_dead > x->free_ends)
    return FALSE;
  for (guint i = 0; i < x->n_ports; i++)
    if (x->deg[x->ports[i]] < x->need[x->ports[i]])
      return FALSE;
  if (!stretches_ok (x))
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
  if ((r->nodes & 1023) == 0 && x->search->cancellable != NULL &&
      g_cancellable_is_cancelled (x->search->cancellable))
    {
      x->stop = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Sorts @cand by Warnsdorff's rule: fewest ways on first (unvisited
 * neighbours, and ports: a closed tour's start counts, so that its
 * neighbours wait). */
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

/* The cells step @s can take, at the end @dir: next to that end, within
 * reach of the nearest fixed step beyond (a given, or the other end). */
static guint
gather (Ctx     *x,
        int      dir,
        guint    s,
        guint16 *cand)
{
  const PwKnightBoard *b = x->board;
  guint from = x->pos[dir == UP ? x->hi : x->lo];
  guint n = 0, target = NONE, gap = 0;
  gboolean forced = FALSE, last = x->n_placed == x->n_steps - 1;

  /* the fixed step ahead: a given, or the other end of a closed tour */
  if (dir == UP)
    {
      guint to_given = x->given_up[s];

      if (x->closed && (to_given == 0 || steps_up (x, s, x->lo) < to_given))
        target = x->pos[x->lo], gap = steps_up (x, s, x->lo);
      else if (to_given != 0)
        target = x->given_cell[(s - 1 + to_given) % x->n_steps + 1], gap = to_given;
    }
  else
    {
      guint to_given = x->given_down[s];

      if (x->closed && (to_given == 0 || steps_up (x, x->hi, s) < to_given))
        target = x->pos[x->hi], gap = steps_up (x, x->hi, s);
      else if (to_given != 0)
        target = x->given_cell[(s - 1 + x->n_steps - to_given) % x->n_steps + 1],
        gap = to_given;
    }

  if (x->given_cell[s] != NONE)
    {
      guint g = x->given_cell[s];

      if (x->step_at[g] == 0 && adjacent (b, from, g))
        cand[n++] = g;
    }
  else
    for (guint k = 0; k < b->n_moves[from]; k++)
      {
        guint u = b->moves[from * 8 + k];

        if (x->step_at[u] != 0 || x->given_step[u] != 0)
          continue;
        /* a cell with no other way in must come now, while @from is the
         * port it relies on */
        if (x->avail[u] == 1 && x->need[from] == 1)
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

  /* the checks that need no placing */
  for (guint i = 0; i < n;)
    {
      guint c = cand[i];
      gboolean ok = target == NONE || reachable_in (b, c, target, gap);

      if (ok && last && x->closed)
        ok = adjacent (b, c, x->pos[dir == UP ? x->lo : x->hi]);
      if (ok)
        i++;
      else
        cand[i] = cand[--n];
    }
  return n;
}

static void
dfs (Ctx *x)
{
  guint16 cand[2][8];
  guint n[2] = { G_MAXUINT, G_MAXUINT }, s[2] = { 0, 0 };
  int dir;

  if (x->n_placed == x->n_steps)
    {
      found_tour (x);
      return;
    }
  /* both ends of the path can grow: take the one with fewer choices (a
   * closed tour's last step is reached going up) */
  s[UP] = step_towards (x, x->hi, UP);
  s[DOWN] = step_towards (x, x->lo, DOWN);
  if (s[UP] != 0 && x->pos[s[UP]] == NONE)
    {
      n[UP] = gather (x, UP, s[UP], cand[UP]);
      if (n[UP] == 0)
        return;
    }
  if (s[DOWN] != 0 && x->pos[s[DOWN]] == NONE && !(x->closed && s[DOWN] == s[UP]))
    {
      n[DOWN] = gather (x, DOWN, s[DOWN], cand[DOWN]);
      if (n[DOWN] == 0)
        return;
    }
  dir = n[DOWN] < n[UP] ? DOWN : UP;
  g_assert (n[dir] != G_MAXUINT);
  if (n[dir] > 1)
    order_candidates (x, cand[dir], n[dir]);

  for (guint i = 0; i < n[dir] && !x->stop; i++)
    {
      guint c = cand[dir][i];

      if (!count_node (x))
        return;
      apply (x, c, s[dir], dir);
      if (consistent (x))
        dfs (x);
      undo (x, c, s[dir], dir);
    }
}

/* ------------------------------------------------------------------ */
/* Setting up                                                           */

/* The first step placed and the cells it can take: the smallest given;
 * else step 1, on the cell with the fewest moves for a closed tour (each
 * tour found then stands for its rotations), on any cell for an open one
 * (of the colour with more cells when their numbers differ). */
static void
make_roots (Ctx *x)
{
  const PwKnightBoard *b = x->board;

  if (x->n_givens > 0)
    {
      x->root_step = x->givens[0].step;
      x->roots[x->n_roots++] = x->givens[0].cell;
    }
  else if (x->closed)
    {
      guint best = NONE;

      for (guint c = 0; c < b->n_cells; c++)
        if (b->free[c] && (best == NONE || b->n_moves[c] < b->n_moves[best]))
          best = c;
      x->root_step = 1;
      x->roots[x->n_roots++] = best;
      x->weight = x->n_steps;
    }
  else
    {
      guint colours[2];

      count_colours (b, colours);
      x->root_step = 1;
      for (guint c = 0; c < b->n_cells; c++)
        if (b->free[c] && (colours[0] == colours[1] ||
                           b->colour[c] == (colours[1] > colours[0])))
          x->roots[x->n_roots++] = c;
    }
}

/* The stretches of the path between consecutive givens: for an open tour
 * stretch 0 runs from step 1 to the first given, stretch j from given j-1
 * to given j, stretch m after the last given; for a closed tour stretch 0
 * runs from the last given round to the first. Which cells each can take
 * (distance from its first given plus distance to its last within its
 * steps). FALSE when some cell fits none: no tour. */
static gboolean
make_stretches (Ctx *x)
{
  const PwKnightBoard *b = x->board;
  guint f = x->n_steps, m = x->n_givens;

  x->n_stretches = x->closed ? m : m + 1;
  x->stretch_size = g_new0 (guint16, x->n_stretches);
  x->placed_in = g_new0 (guint16, x->n_stretches);
  x->untouched = ~G_GUINT64_CONSTANT (0);
  for (guint s = 1, below = 0; s <= f; s++)
    {
      if (x->given_cell[s] != NONE)
        {
          below++;
          continue;
        }
      x->stretch_of[s] = x->closed ? below % m : below;
      x->stretch_size[x->stretch_of[s]]++;
    }
  for (guint c = 0; c < b->n_cells; c++)
    {
      if (!b->free[c] || x->given_step[c] != 0)
        continue;
      x->plain[x->n_plain++] = c;
      for (guint j = 0; j < x->n_stretches; j++)
        {
          guint low_step, low_cell, high_step, high_cell;

          if (x->stretch_size[j] == 0)
            continue;
          stretch_ends (x, j, NONE, NONE, &low_step, &low_cell, &high_step, &high_cell);
          if (fits_stretch (x, c, low_step, low_cell, high_step, high_cell))
            x->reach[c] |= stretch_bit (j);
        }
      if (x->reach[c] == 0)
        return FALSE;
    }
  return TRUE;
}

static void
ctx_clear (Ctx *x)
{
  g_free (x->roots);
  g_free (x->givens);
  g_free (x->stretch_of);
  g_free (x->stretch_size);
  g_free (x->placed_in);
  g_free (x->reach);
  g_free (x->plain);
  g_free (x->pos);
  g_free (x->step_at);
  g_free (x->given_step);
  g_free (x->given_cell);
  g_free (x->given_up);
  g_free (x->given_down);
  g_free (x->role);
  g_free (x->deg);
  g_free (x->avail);
  g_free (x->need);
  g_free (x->stamp);
  g_free (x->queue);
  g_free (x->steps_out);
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
  x.n_givens = givens->len;
  x.givens = (Given *) g_array_free (g_steal_pointer (&givens), FALSE);
  x.roots = g_new0 (guint16, n);
  x.stretch_of = g_new0 (guint16, f + 1);
  x.reach = g_new0 (guint64, n);
  x.plain = g_new0 (guint16, n);
  x.pos = g_new (guint16, f + 1);
  x.step_at = g_new0 (guint16, n);
  x.given_step = g_new0 (guint16, n);
  x.given_cell = g_new (guint16, f + 1);
  x.given_up = g_new0 (guint16, f + 1);
  x.given_down = g_new0 (guint16, f + 1);
  x.role = g_new0 (guint8, n);
  x.deg = g_new0 (guint8, n);
  x.avail = g_new0 (guint8, n);
  x.need = g_new0 (guint8, n);
  x.stamp = g_new0 (guint32, n);
  x.queue = g_new (guint16, n);
  x.steps_out = g_new0 (guint16, n);
  for (guint s = 0; s <= f; s++)
    x.pos[s] = x.given_cell[s] = NONE;

  for (guint i = 0; i < x.n_givens; i++)
    {
      const Given *g = &x.givens[i];

      x.given_step[g->cell] = g->step;
      x.given_cell[g->step] = g->cell;
      x.role[g->cell] = is_end_step (&x, g->step) ? GIVEN_END : GIVEN_MIDDLE;
    }
  /* steps to the nearest given each way */
  if (x.n_givens > 0)
    for (guint s = 1; s <= f; s++)
      {
        guint t = s;

        for (guint k = 1; k <= f && (t = step_towards (&x, t, UP)) != 0; k++)
          if (x.given_cell[t] != NONE)
            {
              x.given_up[s] = k;
              break;
            }
        t = s;
        for (guint k = 1; k <= f && (t = step_towards (&x, t, DOWN)) != 0; k++)
          if (x.given_cell[t] != NONE)
            {
              x.given_down[s] = k;
              break;
            }
      }
  make_roots (&x);
  if (x.n_givens > 0 && !make_stretches (&x))
    {
      result->conflict = TRUE;
      ctx_clear (&x);
      return TRUE;
    }

  /* every cell unvisited: available neighbours are all its neighbours */
  for (guint c = 0; c < n; c++)
    if (board->free[c])
      {
        x.deg[c] = x.avail[c] = board->n_moves[c];
        contribute (&x, c, 1);
        x.n_unvisited++;
      }
  if (!x.closed)
    x.free_ends = (x.given_cell[1] == NONE) + (f > 1 && x.given_cell[f] == NONE);

  x.rng = search->seed;
  for (guint i = 0; i < 4 || x.rng == 0; i++)
    {
      x.rng += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      x.rng = (x.rng ^ (x.rng >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
      x.rng = (x.rng ^ (x.rng >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
      x.rng ^= x.rng >> 31;
    }

  /* the roots: Warnsdorff's order, or a random one */
  if (x.n_roots > 1)
    {
      if (search->random_order)
        for (guint i = x.n_roots; i > 1; i--)
          {
            guint j = next_random (&x.rng) % i;
            guint16 t = x.roots[i - 1];

            x.roots[i - 1] = x.roots[j];
            x.roots[j] = t;
          }
      else
        {
          g_autofree guint64 *keys = g_new (guint64, x.n_roots);

          for (guint i = 0; i < x.n_roots; i++)
            keys[i] = ((guint64) board->n_moves[x.roots[i]] << 32) |
                      ((guint64) (G_MAXUINT16 - board->outer[x.roots[i]]) << 16) | x.roots[i];
          for (guint i = 1; i < x.n_roots; i++)
            for (guint j = i; j > 0 && keys[j - 1] > keys[j]; j--)
              {
                guint64 t = keys[j];

                keys[j] = keys[j - 1];
                keys[j - 1] = t;
              }
          for (guint i = 0; i < x.n_roots; i++)
            x.roots[i] = keys[i] & 0xffff;
        }
    }

  for (guint i = 0; i < x.n_roots && !x.stop; i++)
    {
      guint c = x.roots[i], s = x.root_step;

      if (!count_node (&x))
        break;
      apply (&x, c, s, UP);
      /* one cell: a closed tour would need it a knight's move from itself */
      if (f == 1 ? !x.closed : consistent (&x))
        dfs (&x);
      undo (&x, c, s, UP);
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

  if (!search->restarts || search->max_solutions > RESTART_MAX_SOLUTIONS)
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
      if (one.max_nodes == left)
        {
          result->node_limit = TRUE;
          result->solutions = r.weight;
          return TRUE;
        }
      cutoff = cutoff > G_MAXUINT64 / 2 ? G_MAXUINT64 : cutoff * 2;
    }
}
