/* sudoku9.c — a bit-parallel search for the standard 9×9 Sudoku
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same contract as pw_numgrid_search (count to a cap, node limit,
 * assumptions, random order, cancellation), for the grid whose units are
 * the 9 rows, 9 columns and 9 boxes of 3 × 3, faster by a wide margin.
 * The ideas are those of the fastest public solvers (Zhou's "JCZSolve"
 * band representation, tdoku, fsss2); the code is our own.
 *
 * The board: for each digit, where it may still go, as three 27-bit
 * bands (rows 0-2, 3-5, 6-8; bit 9 · row-in-band + column). A cell keeps
 * its digit's bit once decided. Beside it, the cells not yet decided.
 *
 * Propagation, to a fixpoint:
 *
 * - band step (one digit, one band that changed): each of the band's
 *   three rows and three boxes holds the digit once, so the rows take the
 *   boxes in one of the six permutations. From which mini-rows (a row's
 *   three cells in one box) still have the digit, a table gives the cells
 *   of every mini-row that some possible permutation uses; the others go.
 *   This is pointing and claiming (box-line) within the band, and it
 *   places row and box hidden singles. If no permutation is left, the
 *   node fails. Then the columns: a box of the band whose digit is left in
 *   one column takes that column from the other two bands; two bands
 *   whose boxes in a stack are left in the same two columns take them from
 *   the third. A row left with one cell decides that cell: the other
 *   digits leave it;
 * - cells: counting candidates per cell over the nine digits with
 *   bitwise half adders gives empty cells (failure) and naked singles,
 *   which are placed (the digit leaves the cell's row, column and box);
 * - hidden singles in columns follow from the band and column steps
 *   (see singles()) and need no pass of their own.
 *
 * Search: depth-first; when propagation stops, guess on a cell with two
 * candidates (if there is none, with the fewest), the one with the most
 * undecided cells among its peers (the first in reading order among
 * equals; with random_order one drawn at random among equals); digits
 * ascending, or in a random order. Each branch copies the board (228
 * bytes) onto an explicit stack; the last digit of a guess reuses it.
 *
 * NODES on this path are the digits tried at its guesses: the same kind
 * of count as the general search's (one value tried at a choice point;
 * the root propagation is not a node), but with stronger propagation and
 * a different choice of cell, so the numbers are smaller and not
 * comparable with the general search's. docs/performance.md gives both
 * for the benchmark sets.
 */

#define G_LOG_DOMAIN "pw-numgrid"

#include "config.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <glib/gi18n-lib.h>

#include "numgrid-private.h"
#include "sudoku9-private.h"

#define BAND_ALL 0x7FFFFFFu   /* 27 bits */
#define CANCEL_CHECK_MASK 1023

typedef struct
{
  guint32 bands[9][3];      /* digit → band → 27 cells */
  guint32 done[9][3];       /* bands[][] when last processed */
  guint32 unsolved[3];      /* cells not decided */
} Board;

/* ------------------------------------------------------------------ */
/* Tables, built once */

static struct
{
  guint8  shrink[512];      /* a row's 9 cells → its 3 mini-rows that have the digit */
  guint16 single[512];      /* a row's 9 cells → the cell when it is alone, else 0 */
  guint32 complex[512];     /* the band's 9 mini-rows → cells of usable mini-rows */
  guint32 col_single[512];  /* columns of a band → the other bands without the
                             * columns of stacks where the band has one */
  guint32 col_double[512];  /* columns of two bands → the third band without
                             * those of stacks where the two have two */
  guint32 peers[81][3];     /* a cell → its row, column and box by band */
} tables;

static void
tables_build (void)
{
  static const guint8 perms[6][3] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
  };

  for (guint x = 0; x < 512; x++)
    {
      guint32 allowed = 0, cells = 0, keep_single = BAND_ALL, keep_double = BAND_ALL;

      tables.shrink[x] = (x & 0007 ? 1 : 0) | (x & 0070 ? 2 : 0) | (x & 0700 ? 4 : 0);
      tables.single[x] = __builtin_popcount (x) == 1 ? x : 0;

      /* x as mini-rows: bit 3 · row + box */
      for (guint p = 0; p < 6; p++)
        {
          guint32 used = 0;

          for (guint r = 0; r < 3; r++)
            used |= 1u << (3 * r + perms[p][r]);
          if ((x & used) == used)
            allowed |= used;
        }
      for (guint m = 0; m < 9; m++)
        if (allowed & (1u << m))
          cells |= 7u << (9 * (m / 3) + 3 * (m % 3));
      tables.complex[x] = cells;

      /* x as columns */
      for (guint stack = 0; stack < 3; stack++)
        {
          guint s = (x >> (3 * stack)) & 7;
          guint32 cols = 0;

          for (guint i = 0; i < 3; i++)
            if (s & (1u << i))
              {
                guint col = 3 * stack + i;

                cols |= (1u << col) | (1u << (col + 9)) | (1u << (col + 18));
              }
          if (__builtin_popcount (s) == 1)
            keep_single &= ~cols;
          if (__builtin_popcount (s) == 2)
            keep_double &= ~cols;
        }
      tables.col_single[x] = keep_single;
      tables.col_double[x] = keep_double;
    }

  for (guint c = 0; c < 81; c++)
    {
      guint row = c / 9, col = c % 9;

      for (guint o = 0; o < 81; o++)
        {
          guint orow = o / 9, ocol = o % 9;

          if (o != c && (orow == row || ocol == col ||
                         (orow / 3 == row / 3 && ocol / 3 == col / 3)))
            tables.peers[c][o / 27] |= 1u << (o % 27);
        }
    }
}

static void
tables_ensure (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      tables_build ();
      g_once_init_leave (&built, 1);
    }
}

/* ------------------------------------------------------------------ */
/* Whether the fast path applies */

gboolean
_pw_sudoku9_units_standard (const PwNumGrid *grid)
{
  guint32 covered = 0;   /* bit per standard unit: rows 0-8, columns 9-17, boxes 18-26 */

  if (grid->n_cells != 81 || grid->n_values != 9 || grid->units->len < 27)
    return FALSE;
  for (guint u = 0; u < grid->units->len; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);
      guint64 lo = 0, hi = 0;   /* cells 0-63, 64-80 */
      guint c0, r, col, box;

      if (unit->n_cells != 9)
        return FALSE;
      for (guint i = 0; i < 9; i++)
        {
          guint c = unit->cells[i];

          if (c < 64)
            lo |= G_GUINT64_CONSTANT (1) << c;
          else
            hi |= G_GUINT64_CONSTANT (1) << (c - 64);
        }
      if (__builtin_popcountll (lo) + __builtin_popcountll (hi) != 9)
        return FALSE;   /* a cell named twice */
      c0 = lo != 0 ? (guint) __builtin_ctzll (lo) : 64 + (guint) __builtin_ctzll (hi);
      r = c0 / 9;
      col = c0 % 9;
      box = (r / 3) * 3 + col / 3;
      /* the unit is the row, the column or the box of its first cell, if
       * every cell of the unit is in it */
      {
        gboolean same_row = TRUE, same_col = TRUE, same_box = TRUE;

        for (guint i = 0; i < 9; i++)
          {
            guint c = unit->cells[i];

            same_row &= c / 9 == r;
            same_col &= c % 9 == col;
            same_box &= (c / 27) * 3 + (c % 9) / 3 == box;
          }
        if (same_row)
          covered |= 1u << r;
        else if (same_col)
          covered |= 1u << (9 + col);
        else if (same_box)
          covered |= 1u << (18 + box);
        else
          return FALSE;
      }
    }
  return covered == BAND_ALL;
}

gboolean
_pw_sudoku9_applies (const PwNumGrid *grid)
{
  _pw_numgrid_prepare ((PwNumGrid *) grid);
  return grid->standard9 && grid->less->len == 0;
}

/* ------------------------------------------------------------------ */
/* Propagation */

#define ALWAYS_INLINE static inline __attribute__ ((always_inline))

ALWAYS_INLINE guint32
band_columns (guint32 a)
{
  return (a | a >> 9 | a >> 18) & 0x1FF;
}

/* The digit @d at cell @c: gone from its row, column and box. */
ALWAYS_INLINE void
place (Board *b,
       guint  d,
       guint  c)
{
  b->bands[d][0] &= ~tables.peers[c][0];
  b->bands[d][1] &= ~tables.peers[c][1];
  b->bands[d][2] &= ~tables.peers[c][2];
}

/* The band step for digit @d in band @k (the others @k1, @k2). FALSE on a
 * contradiction. */
ALWAYS_INLINE gboolean
band_step (Board      *b,
           guint       d,
           const guint k,
           const guint k1,
           const guint k2)
{
  guint32 a = b->bands[d][k];
  guint32 shrink, cols, single, newly;

  shrink = tables.shrink[a & 0x1FF] | tables.shrink[(a >> 9) & 0x1FF] << 3 |
           tables.shrink[a >> 18] << 6;
  a &= tables.complex[shrink];
  if (a == 0)
    return FALSE;

  cols = band_columns (a);
  b->bands[d][k1] &= tables.col_single[cols] &
                     tables.col_double[cols | band_columns (b->bands[d][k2])];
  b->bands[d][k2] &= tables.col_single[cols] &
                     tables.col_double[cols | band_columns (b->bands[d][k1])];

  single = tables.single[a & 0x1FF] | (guint32) tables.single[(a >> 9) & 0x1FF] << 9 |
           (guint32) tables.single[a >> 18] << 18;
  newly = single & b->unsolved[k];
  if (newly != 0)
    {
      b->unsolved[k] &= ~newly;
      for (guint e = 0; e < 9; e++)
        b->bands[e][k] &= ~newly;
    }
  b->bands[d][k] = b->done[d][k] = a;
  return TRUE;
}

/* The (digit, band) pairs whose band changed since its last band step,
 * as bit 3 · digit + band: seven four-word compares where SSE2 is (the
 * last one reads done[0][0] and unsolved[0] beyond the 27 words, masked
 * off), instead of 27 compares and branches. */
ALWAYS_INLINE guint32
bands_changed (const Board *b)
{
#ifdef __SSE2__
  const guint32 *bands = &b->bands[0][0], *done = &b->done[0][0];
  guint32 same = 0;

  G_STATIC_ASSERT (G_STRUCT_OFFSET (Board, done) == G_STRUCT_OFFSET (Board, bands) + 27 * 4);
  G_STATIC_ASSERT (G_STRUCT_OFFSET (Board, unsolved) == G_STRUCT_OFFSET (Board, done) + 27 * 4);
  for (guint i = 0; i < 7; i++)
    {
      __m128i eq = _mm_cmpeq_epi32 (_mm_loadu_si128 ((const __m128i *) (bands + 4 * i)),
                                    _mm_loadu_si128 ((const __m128i *) (done + 4 * i)));

      same |= (guint32) _mm_movemask_ps (_mm_castsi128_ps (eq)) << (4 * i);
    }
  return ~same & BAND_ALL;
#else
  guint32 changed = 0;

  for (guint i = 0; i < 27; i++)
    changed |= (guint32) ((&b->bands[0][0])[i] != (&b->done[0][0])[i]) << i;
  return changed;
#endif
}

/* Band steps until no band changes: those that had changed when a round
 * began, in order, then another round. */
ALWAYS_INLINE gboolean
bands_fixpoint (Board *b)
{
  for (guint32 changed = bands_changed (b); changed != 0; changed = bands_changed (b))
    do
      {
        guint i = __builtin_ctz (changed), d = i / 3;
        gboolean ok;

        switch (i - 3 * d)
          {
          case 0:
            ok = band_step (b, d, 0, 1, 2);
            break;
          case 1:
            ok = band_step (b, d, 1, 0, 2);
            break;
          default:
            ok = band_step (b, d, 2, 0, 1);
            break;
          }
        if (!ok)
          return FALSE;
        changed &= changed - 1;
      }
    while (changed != 0);
  return TRUE;
}

/* Naked singles. -1: a contradiction (an empty cell); 0: nothing found;
 * 1: something placed. (Hidden singles in columns need no look of their
 * own: in a band fixpoint a digit with one place in a column has it in
 * one column of that box, the other two bands' boxes of the stack having
 * been kept to the other two columns by the column step, so the box's
 * hidden single is placed by the band step; a column without the digit
 * empties a box the same way. Looking for them cost a fifth of the
 * instructions on the hardest set and changed no node.) */
ALWAYS_INLINE int
singles (Board *b)
{
  int found = 0;

  for (guint k = 0; k < 3; k++)
    {
      guint32 one = 0, two = 0, lone;

      for (guint d = 0; d < 9; d++)
        {
          two |= one & b->bands[d][k];
          one |= b->bands[d][k];
        }
      if (b->unsolved[k] & ~one)
        return -1;
      lone = b->unsolved[k] & ~two;
      while (lone != 0)
        {
          guint bit = __builtin_ctz (lone);
          guint32 m = 1u << bit;

          for (guint d = 0; d < 9; d++)
            if (b->bands[d][k] & m)
              {
                place (b, d, 27 * k + bit);
                break;
              }
          lone &= lone - 1;
          found = 1;
        }
    }
  return found;
}

enum { FAILED, OPEN, SOLVED };

ALWAYS_INLINE int
propagate (Board *b)
{
  for (;;)
    {
      int r;

      if (!bands_fixpoint (b))
        return FAILED;
      if ((b->unsolved[0] | b->unsolved[1] | b->unsolved[2]) == 0)
        return SOLVED;
      r = singles (b);
      if (r < 0)
        return FAILED;
      if (r == 0)
        return OPEN;
    }
}

/* ------------------------------------------------------------------ */
/* Search */

typedef struct
{
  const PwNumGridSearch *search;
  PwNumGridResult       *result;
  guint64                rng;
  gboolean               stop;
  gboolean               cancelled;
  guint8                 values[81];
} Ctx;

static inline guint64
rng_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

ALWAYS_INLINE void
solution (Ctx         *ctx,
          const Board *b)
{
  const PwNumGridSearch *search = ctx->search;

  for (guint d = 0; d < 9; d++)
    for (guint k = 0; k < 3; k++)
      for (guint32 x = b->bands[d][k]; x != 0; x &= x - 1)
        ctx->values[27 * k + __builtin_ctz (x)] = d + 1;
  ctx->result->solutions++;
  if (search->on_solution != NULL && !search->on_solution (ctx->values, search->on_solution_data))
    ctx->stop = TRUE;
  if (search->max_solutions > 0 && ctx->result->solutions >= search->max_solutions)
    ctx->stop = TRUE;
}

/* The cell to guess on and its digits (bit d - 1): among the cells with
 * two candidates (if none, with the fewest), the one with the most
 * undecided cells in its row, column and box, so that either guess
 * reaches far; the first in reading order, or one at random, among equals.
 * (The first cell with two candidates took twice the nodes on the
 * hardest set: docs/performance.md.) */
ALWAYS_INLINE guint
choose (Ctx         *ctx,
        const Board *b,
        guint       *digits)
{
  guint32 pairs[3], fewest[3] = { 0, 0, 0 };
  guint32 *from = pairs;
  guint n_pairs = 0, cell = 0, best = 10, ties = 0;
  int best_score = -1;

  for (guint k = 0; k < 3; k++)
    {
      guint32 one = 0, two = 0, three = 0;

      for (guint d = 0; d < 9; d++)
        {
          three |= two & b->bands[d][k];
          two |= one & b->bands[d][k];
          one |= b->bands[d][k];
        }
      pairs[k] = b->unsolved[k] & two & ~three;
      n_pairs += pairs[k] != 0;
    }

  if (n_pairs == 0)
    {
      for (guint c = 0; c < 81; c++)
        {
          guint k = c / 27, n = 0;
          guint32 m = 1u << (c % 27);

          if (!(b->unsolved[k] & m))
            continue;
          for (guint d = 0; d < 9; d++)
            n += (b->bands[d][k] & m) != 0;
          if (n < best)
            {
              best = n;
              fewest[0] = fewest[1] = fewest[2] = 0;
            }
          if (n == best)
            fewest[k] |= m;
        }
      from = fewest;
    }

  for (guint k = 0; k < 3; k++)
    for (guint32 x = from[k]; x != 0; x &= x - 1)
      {
        guint c = 27 * k + __builtin_ctz (x);
        int score = __builtin_popcount (tables.peers[c][0] & b->unsolved[0]) +
                    __builtin_popcount (tables.peers[c][1] & b->unsolved[1]) +
                    __builtin_popcount (tables.peers[c][2] & b->unsolved[2]);

        if (score > best_score)
          {
            best_score = score;
            cell = c;
            ties = 1;
          }
        else if (score == best_score && ctx->search->random_order &&
                 rng_next (&ctx->rng) % ++ties == 0)
          cell = c;
      }

  *digits = 0;
  for (guint d = 0; d < 9; d++)
    if (b->bands[d][cell / 27] & (1u << (cell % 27)))
      *digits |= 1u << d;
  return cell;
}

/* The digit @d at @cell by a guess: the other digits leave the cell. */
ALWAYS_INLINE void
guess (Board *b,
       guint  d,
       guint  cell)
{
  place (b, d, cell);
  for (guint e = 0; e < 9; e++)
    if (e != d)
      b->bands[e][cell / 27] &= ~(1u << (cell % 27));
}

typedef struct
{
  Board board;    /* propagated, open */
  guint cell;     /* the guess */
  guint digits;   /* its digits not tried yet */
} Frame;

/* Depth-first from @root (propagated, open), with an explicit stack of
 * boards (at most one a decided cell, so 81). */
ALWAYS_INLINE void
search_body (Ctx         *ctx,
             const Board *root)
{
  const PwNumGridSearch *search = ctx->search;
  Frame stack[82];
  guint depth = 0;

  stack[0].board = *root;
  stack[0].cell = choose (ctx, &stack[0].board, &stack[0].digits);
  for (;;)
    {
      Frame *f = &stack[depth];
      guint n = __builtin_popcount (f->digits), d;
      Board *next;
      int r;

      if (n == 0)
        {
          if (depth == 0)
            return;
          depth--;
          continue;
        }
      if (search->max_nodes > 0 && ctx->result->nodes >= search->max_nodes)
        {
          ctx->result->node_limit = TRUE;
          ctx->stop = TRUE;
          return;
        }
      ctx->result->nodes++;
      if ((ctx->result->nodes & CANCEL_CHECK_MASK) == 0)
        {
          if (g_cancellable_is_cancelled (search->cancellable))
            {
              ctx->cancelled = ctx->stop = TRUE;
              return;
            }
          if (pw_deadline_passed (search->deadline))
            {
              ctx->result->node_limit = TRUE;
              ctx->stop = TRUE;
              return;
            }
        }

      if (search->random_order)
        {
          guint k = rng_next (&ctx->rng) % n, x = f->digits;

          for (; k > 0; k--)
            x &= x - 1;
          d = __builtin_ctz (x);
        }
      else
        d = __builtin_ctz (f->digits);
      f->digits &= ~(1u << d);

      /* the last digit needs no copy: the frame's board becomes the child */
      if (n > 1)
        {
          next = &stack[depth + 1].board;
          *next = f->board;
        }
      else
        next = &f->board;
      guess (next, d, f->cell);
      r = propagate (next);
      if (r == SOLVED)
        {
          solution (ctx, next);
          if (ctx->stop)
            return;
        }
      else if (r == OPEN)
        {
          if (n > 1)
            depth++;
          stack[depth].cell = choose (ctx, &stack[depth].board, &stack[depth].digits);
        }
    }
}

/* From the givens and assumptions to the end of the search. */
ALWAYS_INLINE void
run_body (Ctx          *ctx,
          const guint8 *givens)
{
  const guint8 *assume = ctx->search->assume;
  Board b;
  int r;

  for (guint d = 0; d < 9; d++)
    for (guint k = 0; k < 3; k++)
      {
        b.bands[d][k] = BAND_ALL;
        b.done[d][k] = 0;
      }
  b.unsolved[0] = b.unsolved[1] = b.unsolved[2] = BAND_ALL;

  /* givens, then assumptions: each must still be possible where it goes */
  for (guint c = 0; c < 81; c++)
    for (guint pass = 0; pass < 2; pass++)
      {
        guint v = pass == 0 ? givens[c] : (assume != NULL ? assume[c] : 0);

        if (v == 0)
          continue;
        if (!(b.bands[v - 1][c / 27] & (1u << (c % 27))))
          return;
        guess (&b, v - 1, c);
      }

  r = propagate (&b);
  if (r == SOLVED)
    solution (ctx, &b);
  else if (r == OPEN)
    search_body (ctx, &b);
}

/* Built once for any x86-64 and once with the POPCNT instruction (for the
 * choice of a guess), chosen at run time. */
static void
run_portable (Ctx          *ctx,
              const guint8 *givens)
{
  run_body (ctx, givens);
}

#if defined(__x86_64__) || defined(__i386__)
static __attribute__ ((target ("popcnt"))) void
run_popcnt (Ctx          *ctx,
            const guint8 *givens)
{
  run_body (ctx, givens);
}
#endif

gboolean
_pw_sudoku9_search (const guint8          *givens,
                    const PwNumGridSearch *search,
                    PwNumGridResult       *result,
                    GError               **error)
{
  Ctx ctx;

  tables_ensure ();
  ctx.search = search;
  ctx.result = result;
  ctx.rng = search->seed;
  ctx.stop = ctx.cancelled = FALSE;

#if defined(__x86_64__) || defined(__i386__)
  if (_pw_numgrid_use_popcnt ())
    run_popcnt (&ctx, givens);
  else
#endif
    run_portable (&ctx, givens);
  result->exhausted = !ctx.stop;

  if (ctx.cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }
  return TRUE;
}
