/* numgrid-search.c — the number-placement search: propagation (naked and
 * hidden singles, inequality bounds, optionally locked candidates) and a
 * depth-first search that counts solutions
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Candidates are bit sets of one 64-bit word per cell when n_values ≤ 64
 * and of two words up to 128 values; every routine on them is written
 * once with the word count as a constant and instantiated for both, so
 * that the usual grids (Sudoku up to 64 × 64) run on single words.
 *
 * Propagation, to a fixpoint:
 * - a cell left with one candidate (naked single, or a given) has its
 *   value removed from every cell sharing a unit with it;
 * - in a unit of exactly n_values cells every value has a place: a value
 *   with one place left is placed there (hidden single), a value with no
 *   place is a contradiction. Smaller units are plain all-different;
 * - value(a) < value(b): a keeps only values below the largest of b, b
 *   only values above the smallest of a;
 * - a cell without candidates is a contradiction;
 * - with PW_NUMGRID_PROPAGATE_LOCKED (the fast path for every grid but
 *   the standard 9 × 9), locked candidates: when every place left for a
 *   value in a unit of n_values cells lies in another unit (a box's
 *   places in one row, a row's in one box: pointing and claiming), the
 *   value leaves that unit's other cells. Only pairs of units sharing
 *   two or more cells are looked at, and a (unit, value) is queued only
 *   once its places are no more than the largest such share.
 *
 * Search: depth-first from the root propagation, branching on a cell with
 * the fewest candidates (two or more): the lowest such cell, or with
 * random_order one drawn at random among them; its values ascending, or
 * in a random order. All randomness comes from a generator seeded by
 * search->seed, so a search is repeatable.
 *
 * A NODE is one value tried at a choice point: branching on a cell with k
 * candidates costs up to k nodes, one for each value tried (whether its
 * propagation fails or not). The root propagation is not a node, so a
 * puzzle solved by propagation alone takes 0 nodes. max_nodes stops the
 * search before a node would exceed it.
 *
 * Beside each cell's candidates, every unit keeps for every value the
 * set of its cells (by position in the unit) that still have it, placed
 * cells included: a placed value leaves exactly the cells that have it,
 * without looking at the others, and a hidden single is seen, with its
 * cell, the moment such a set drops to one.
 *
 * Pending work is taken hidden singles first, then decided cells, then
 * locked candidates, then inequalities, each in the order found: any order reaches the same
 * fixpoint (the rules only narrow), this one reaches contradictions with
 * the least work on the puzzles measured (docs/performance.md).
 *
 * Backtracking uses a trail: every change of a cell's candidates records
 * the cell and its previous set; going back restores them (and sets their
 * bits in the position sets again) down to the mark of the choice point.
 * This keeps the cost of a node proportional to what it changed, which
 * matters for 100 × 100 Latin squares (10,000 cells of two words), where
 * copying the state per level would not.
 */

#define G_LOG_DOMAIN "pw-numgrid"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "numgrid-private.h"
#include "sudoku9-private.h"

/* How often the search looks at its GCancellable: every this many nodes
 * (a power of two). */
#define CANCEL_CHECK_MASK 1023

typedef struct
{
  guint    cell;
  gsize    mark;                       /* trail length when it was pushed */
  guint64  values[PW_NUMGRID_WORDS];   /* values not tried yet */
} Frame;

typedef struct
{
  guint32 set;      /* unit × n_values × words + the word of the position */
  guint8  bit;      /* position % 64 */
  guint8  full;     /* the unit has n_values cells */
  guint8  lock;     /* locked candidates: a value with this many places or
                     * fewer in the unit may lie within another unit (0:
                     * never, or the level is singles) */
} Entry;

typedef struct
{
  const PwNumGrid *grid;
  guint            n_cells;
  guint            n_values;
  gboolean         infeasible;       /* a unit names a cell twice */
  guint            n_units;

  /* cell → its units, each as (unit << 7) | position of the cell in it,
   * and the same for narrow(): where the cell's bit is in the unit's
   * position sets */
  guint           *cell_entry_start;
  guint           *cell_entry;
  Entry           *entries;
  const guint    **unit_cells;

  /* locked candidates: for each unit of n_values cells, the other units
   * it shares two or more cells with (and that have cells outside it),
   * each with two position sets: the shared cells' positions in the
   * unit, then in the other unit (2 × words) */
  guint           *lock_start;       /* n_units + 1 offsets */
  guint           *lock_unit;
  guint64         *lock_mask;
  guint8          *lock_threshold;   /* by unit: the largest share */

  /* inequalities by cell: (other cell << 1) | (1 when this cell is the smaller) */
  guint           *cell_less_start;
  guint           *cell_less;
  gboolean         has_less;

  /* the state */
  guint64         *cand;             /* n_cells × words */
  guint64         *pos;              /* (unit × n_values + value) × words: cells having it */

  /* the trail: cell and its previous candidates */
  guint           *trail_cell;
  guint64         *trail_old;        /* trail_cap × words */
  gsize            trail_len;
  gboolean         trailing;         /* FALSE at the root: nothing goes back
                                      * before it, and its changes (one per
                                      * candidate taken, over 10,000 on a
                                      * 25 × 25) made the trail the solver's
                                      * largest allocation */
  gsize            trail_cap;

  /* propagation queues */
  guint           *single_q;         /* cells that became single */
  guint            n_single;
  guint            single_head;
  guint           *hidden_q;         /* unit × n_values + value index */
  guint            n_hidden;
  guint            hidden_head;
  guint           *ineq_q;           /* cells with inequalities that changed */
  guint            n_ineq;
  guint8          *in_ineq;
  guint           *lock_q;           /* unit × n_values + value index, a ring */
  guint            lock_head;
  guint            n_lock;           /* waiting in the ring */
  guint            lock_cap;
  guint8          *in_lock;

  /* the search */
  const PwNumGridSearch *search;
  PwNumGridResult       *result;
  guint64                rng;
  guint8                *values;     /* a solution, 1..n per cell */
  gboolean               stop;
  gboolean               cancelled;
} Solver;

/* ------------------------------------------------------------------ */
/* The generator behind random_order: SplitMix64 from the seed. */

static inline guint64
rng_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* 0..n-1 */
static inline guint
rng_below (guint64 *state,
           guint    n)
{
  return (guint) (rng_next (state) % n);
}

/* ------------------------------------------------------------------ */
/* Word-count generic helpers: W is a compile-time 1 or 2 in every
 * instantiation. */

/* Forced inlining makes four copies of the whole search (one or two words,
 * with and without POPCNT). Under AddressSanitizer or ThreadSanitizer that
 * takes gcc 55 s and clang over 2 minutes to compile, against 3 s when
 * the compiler may choose, and the sanitizer tests run only about a tenth
 * slower for it (docs/reliability.md). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PW_SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PW_SANITIZED_BUILD 1
#endif
#endif
#ifdef PW_SANITIZED_BUILD
#define ALWAYS_INLINE static inline
#else
#define ALWAYS_INLINE static inline __attribute__ ((always_inline))
#endif

ALWAYS_INLINE guint
set_count (const guint64 *a,
           const guint    W)
{
  guint n = __builtin_popcountll (a[0]);

  if (W == 2)
    n += __builtin_popcountll (a[1]);
  return n;
}

ALWAYS_INLINE gboolean
set_empty (const guint64 *a,
           const guint    W)
{
  return W == 1 ? a[0] == 0 : (a[0] | a[1]) == 0;
}

/* The index (0-based) of the lowest value; @a not empty. */
ALWAYS_INLINE guint
set_lowest (const guint64 *a,
            const guint    W)
{
  if (W == 1 || a[0] != 0)
    return __builtin_ctzll (a[0]);
  return 64 + __builtin_ctzll (a[1]);
}

/* The index (0-based) of the highest value; @a not empty. */
ALWAYS_INLINE guint
set_highest (const guint64 *a,
             const guint    W)
{
  if (W == 2 && a[1] != 0)
    return 127 - __builtin_clzll (a[1]);
  return 63 - __builtin_clzll (a[0]);
}

/* The index of the @k-th lowest value (k from 0). */
ALWAYS_INLINE guint
set_select (const guint64 *a,
            guint          k,
            const guint    W)
{
  for (guint w = 0; w < W; w++)
    {
      guint64 x = a[w];
      guint n = __builtin_popcountll (x);

      if (k < n)
        {
          for (; k > 0; k--)
            x &= x - 1;
          return w * 64 + __builtin_ctzll (x);
        }
      k -= n;
    }
  g_assert_not_reached ();
  return 0;
}

/* Values with index < @i (i ≤ 128). */
ALWAYS_INLINE void
set_below (guint64    *out,
           guint       i,
           const guint W)
{
  for (guint w = 0; w < W; w++)
    {
      guint lo = w * 64;

      if (i <= lo)
        out[w] = 0;
      else if (i >= lo + 64)
        out[w] = G_MAXUINT64;
      else
        out[w] = (G_GUINT64_CONSTANT (1) << (i - lo)) - 1;
    }
}

/* ------------------------------------------------------------------ */
/* Building the solver */

/* The units each unit of n_values cells shares two or more cells with,
 * and the largest such share as the unit's threshold. */
static void
locks_build (Solver     *s,
             const guint W)
{
  const PwNumGrid *grid = s->grid;
  g_autofree guint *shared = g_new0 (guint, MAX (s->n_units, 1));
  g_autofree guint *touched = g_new (guint, MAX (s->n_units, 1));
  /* by unit touched: the shared positions in u, then in it (4 words) */
  g_autofree guint64 *masks_of = g_new0 (guint64, MAX ((gsize) s->n_units * 4, 1));
  guint8 *threshold = g_new0 (guint8, MAX (s->n_units, 1));
  gsize cap = 64, n = 0;

  /* grown as needed: sized by an upper bound (every entry of every
   * cell), the tables of a 25 × 25 Sudoku took the solver's memory past
   * malloc's trim threshold, and every search then paid page faults for
   * it (4× the time of an easy 25 × 25 puzzle) */
  s->lock_unit = g_new (guint, cap);
  s->lock_mask = g_new (guint64, cap * 2 * W);
  s->lock_start = g_new0 (guint, s->n_units + 1);
  for (guint u = 0; u < s->n_units; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);
      guint n_touched = 0;

      s->lock_start[u] = n;
      if (unit->n_cells != s->n_values || s->infeasible)
        continue;
      for (guint i = 0; i < unit->n_cells; i++)
        {
          guint c = unit->cells[i];

          for (guint e = s->cell_entry_start[c]; e < s->cell_entry_start[c + 1]; e++)
            {
              guint b = s->cell_entry[e] >> 7, j = s->cell_entry[e] & 127;
              guint64 *mask = masks_of + (gsize) b * 4;

              if (b == u)
                continue;
              if (shared[b]++ == 0)
                touched[n_touched++] = b;
              mask[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
              mask[W + j / 64] |= G_GUINT64_CONSTANT (1) << (j % 64);
            }
        }
      for (guint t = 0; t < n_touched; t++)
        {
          guint b = touched[t];
          guint64 *mask = masks_of + (gsize) b * 4;

          if (shared[b] >= 2 &&
              g_array_index (grid->units, PwNumGridUnit, b).n_cells > shared[b])
            {
              if (n == cap)
                {
                  cap *= 2;
                  s->lock_unit = g_renew (guint, s->lock_unit, cap);
                  s->lock_mask = g_renew (guint64, s->lock_mask, cap * 2 * W);
                }
              s->lock_unit[n] = b;
              memcpy (s->lock_mask + n * 2 * W, mask, sizeof (guint64) * 2 * W);
              n++;
              threshold[u] = MAX (threshold[u], shared[b]);
            }
          shared[b] = 0;
          mask[0] = mask[1] = mask[2] = mask[3] = 0;
        }
    }
  s->lock_start[s->n_units] = n;
  s->lock_threshold = threshold;

  for (guint c = 0; c < s->n_cells; c++)
    for (guint e = s->cell_entry_start[c]; e < s->cell_entry_start[c + 1]; e++)
      s->entries[e].lock = threshold[s->cell_entry[e] >> 7];

  s->lock_cap = MAX (s->n_units * s->n_values, 1);
  s->lock_q = g_new (guint, s->lock_cap);
  s->in_lock = g_new0 (guint8, s->lock_cap);
}

static void
solver_init (Solver              *s,
             const PwNumGrid     *grid,
             PwNumGridPropagation level)
{
  const guint n_units = grid->units->len;
  const guint n_less = grid->less->len;
  const guint W = grid->n_values <= 64 ? 1 : 2;
  guint n_entries;
  g_autofree guint *seen = g_new0 (guint, grid->n_cells);

  _pw_numgrid_prepare ((PwNumGrid *) grid);
  n_entries = grid->cell_unit_start[grid->n_cells];

  memset (s, 0, sizeof *s);
  s->grid = grid;
  s->n_cells = grid->n_cells;
  s->n_values = grid->n_values;
  s->n_units = n_units;

  /* each cell's units with its position there, in the order of
   * grid->cell_unit_list (units ascending); a unit naming a cell twice
   * can never hold */
  s->cell_entry_start = grid->cell_unit_start;
  s->cell_entry = g_new (guint, MAX (n_entries, 1));
  s->entries = g_new (Entry, MAX (n_entries, 1));
  s->unit_cells = g_new (const guint *, MAX (n_units, 1));
  for (guint u = 0; u < n_units; u++)
    {
      const PwNumGridUnit *unit = &g_array_index (grid->units, PwNumGridUnit, u);

      s->unit_cells[u] = unit->cells;
      for (guint i = 0; i < unit->n_cells; i++)
        {
          guint c = unit->cells[i];

          if (seen[c] > 0 && grid->cell_unit_list[grid->cell_unit_start[c] + seen[c] - 1] == u)
            s->infeasible = TRUE;   /* c seen in this unit already */
          guint e = grid->cell_unit_start[c] + seen[c]++;

          s->cell_entry[e] = u << 7 | i;
          s->entries[e].set = u * grid->n_values * W + (W == 2 ? i / 64 : 0);
          s->entries[e].bit = i % 64;
          s->entries[e].full = unit->n_cells == grid->n_values;
          s->entries[e].lock = 0;
        }
    }
  if (level >= PW_NUMGRID_PROPAGATE_LOCKED)
    locks_build (s, W);

  /* inequalities by cell */
  s->cell_less_start = g_new0 (guint, s->n_cells + 1);
  s->cell_less = g_new (guint, MAX (2 * n_less, 1));
  for (guint i = 0; i < n_less; i++)
    {
      guint a, b;

      pw_numgrid_get_less (grid, i, &a, &b);
      s->cell_less_start[a + 1]++;
      s->cell_less_start[b + 1]++;
    }
  for (guint c = 0; c < s->n_cells; c++)
    s->cell_less_start[c + 1] += s->cell_less_start[c];
  memset (seen, 0, sizeof (guint) * s->n_cells);
  for (guint i = 0; i < n_less; i++)
    {
      guint a, b;

      pw_numgrid_get_less (grid, i, &a, &b);
      s->cell_less[s->cell_less_start[a] + seen[a]++] = b << 1 | 1;
      s->cell_less[s->cell_less_start[b] + seen[b]++] = a << 1;
    }

  s->cand = g_new (guint64, (gsize) s->n_cells * W);
  s->pos = g_new (guint64, MAX ((gsize) n_units * s->n_values * W, 1));

  s->trail_cap = MAX (s->n_cells, 64);
  s->trail_cell = g_new (guint, s->trail_cap);
  s->trail_old = g_new (guint64, s->trail_cap * W);
  s->has_less = n_less > 0;

  s->single_q = g_new (guint, s->n_cells);
  s->hidden_q = g_new (guint, MAX ((gsize) n_units * s->n_values, 1));
  s->ineq_q = g_new (guint, s->n_cells);
  s->in_ineq = g_new0 (guint8, s->n_cells);
  s->values = g_new0 (guint8, s->n_cells);
}

static void
solver_clear (Solver *s)
{
  g_free (s->cell_entry);
  g_free (s->entries);
  g_free (s->unit_cells);
  g_free (s->cell_less_start);
  g_free (s->cell_less);
  g_free (s->cand);
  g_free (s->pos);

  g_free (s->trail_cell);
  g_free (s->trail_old);
  g_free (s->single_q);
  g_free (s->hidden_q);
  g_free (s->ineq_q);
  g_free (s->in_ineq);
  g_free (s->lock_start);
  g_free (s->lock_unit);
  g_free (s->lock_mask);
  g_free (s->lock_threshold);
  g_free (s->lock_q);
  g_free (s->in_lock);
  g_free (s->values);
}

/* ------------------------------------------------------------------ */
/* Changing candidates, and going back */

static void
trail_grow (Solver     *s,
            const guint W)
{
  s->trail_cap *= 2;
  s->trail_cell = g_renew (guint, s->trail_cell, s->trail_cap);
  s->trail_old = g_renew (guint64, s->trail_old, s->trail_cap * W);
}

/* (unit, value) to look at for locked candidates, once while waiting. */
ALWAYS_INLINE void
lock_push (Solver *s,
           guint   h)
{
  if (!s->in_lock[h])
    {
      guint at = s->lock_head + s->n_lock;

      s->in_lock[h] = 1;
      s->lock_q[at >= s->lock_cap ? at - s->lock_cap : at] = h;
      s->n_lock++;
    }
}

/* Keeps only the candidates of @c in @keep. FALSE on a contradiction;
 * below the root every change is recorded, so undo restores the state
 * before. */
ALWAYS_INLINE gboolean
narrow (Solver        *s,
        guint          c,
        const guint64 *keep,
        const guint    W)
{
  guint64 *cand = s->cand + (gsize) c * W;
  guint64 old[2] = { cand[0], W == 2 ? cand[1] : 0 };
  guint64 removed[2];
  guint n;

  removed[0] = old[0] & ~keep[0];
  removed[1] = W == 2 ? old[1] & ~keep[1] : 0;
  if ((removed[0] | removed[1]) == 0)
    return TRUE;

  if (s->trailing)
    {
      if (G_UNLIKELY (s->trail_len == s->trail_cap))
        trail_grow (s, W);
      s->trail_cell[s->trail_len] = c;
      for (guint w = 0; w < W; w++)
        s->trail_old[s->trail_len * W + w] = old[w];
      s->trail_len++;
    }
  for (guint w = 0; w < W; w++)
    cand[w] = old[w] & ~removed[w];

  n = set_count (cand, W);
  if (n == 0)
    return FALSE;   /* nothing else changed: undo restores the candidates alone */
  if (n == 1)
    s->single_q[s->n_single++] = c;

  /* the cell leaves the position sets of the values it lost, in each of
   * its units (stopping at a contradiction is safe: undo sets the bits of
   * every value the cell gets back) */
  for (guint w = 0; w < W; w++)
    for (guint64 bits = removed[w]; bits != 0; bits &= bits - 1)
      {
        guint v = w * 64 + __builtin_ctzll (bits);

        for (guint e = s->cell_entry_start[c]; e < s->cell_entry_start[c + 1]; e++)
          {
            const Entry entry = s->entries[e];
            guint64 *p = s->pos + entry.set + v * W;
            const guint64 bit = G_GUINT64_CONSTANT (1) << entry.bit;
            guint64 was = *p;

            *p = was & ~bit;
            if (entry.full)
              {
                /* the whole set: p is one of its words */
                guint left = W == 1 ? (guint) __builtin_popcountll (was & ~bit)
                                    : set_count (s->pos + (entry.set / 2 + v) * 2, 2);

                if (left <= 1)
                  {
                    if (left == 0)
                      return FALSE;
                    s->hidden_q[s->n_hidden++] = entry.set / W + v;
                  }
                else if (left <= entry.lock)
                  lock_push (s, entry.set / W + v);
              }
          }
      }

  if (s->has_less && s->cell_less_start[c] != s->cell_less_start[c + 1] && !s->in_ineq[c])
    {
      s->in_ineq[c] = 1;
      s->ineq_q[s->n_ineq++] = c;
    }
  return TRUE;
}

ALWAYS_INLINE void
undo_to (Solver     *s,
         gsize       mark,
         const guint W)
{
  while (s->trail_len > mark)
    {
      guint c;
      const guint64 *old;
      guint64 *cand;

      s->trail_len--;
      c = s->trail_cell[s->trail_len];
      old = s->trail_old + s->trail_len * W;
      cand = s->cand + (gsize) c * W;
      for (guint w = 0; w < W; w++)
        for (guint64 bits = old[w] & ~cand[w]; bits != 0; bits &= bits - 1)
          {
            guint v = w * 64 + __builtin_ctzll (bits);

            for (guint e = s->cell_entry_start[c]; e < s->cell_entry_start[c + 1]; e++)
              s->pos[s->entries[e].set + v * W] |= G_GUINT64_CONSTANT (1) << s->entries[e].bit;
          }
      for (guint w = 0; w < W; w++)
        cand[w] = old[w];
    }
}

ALWAYS_INLINE gboolean
assign (Solver     *s,
        guint       c,
        guint       v,   /* index 0.. */
        const guint W)
{
  guint64 keep[2] = { 0, 0 };

  keep[v / 64] = G_GUINT64_CONSTANT (1) << (v % 64);
  return narrow (s, c, keep, W);
}

static void
queues_reset (Solver *s)
{
  for (guint i = 0; i < s->n_ineq; i++)
    s->in_ineq[s->ineq_q[i]] = 0;
  for (guint i = 0; i < s->n_lock; i++)
    {
      guint at = s->lock_head + i;

      s->in_lock[s->lock_q[at >= s->lock_cap ? at - s->lock_cap : at]] = 0;
    }
  s->n_single = s->n_hidden = s->n_ineq = s->n_lock = 0;
  s->single_head = s->hidden_head = s->lock_head = 0;
}

/* Locked candidates for value index @v in unit @u: for each unit sharing
 * two or more cells with it that holds every place of @v in @u, @v leaves
 * that unit's other cells. */
ALWAYS_INLINE gboolean
locked (Solver     *s,
        guint       h,
        const guint W)
{
  const guint64 *p = s->pos + (gsize) h * W;
  guint u = h / s->n_values, v = h % s->n_values;
  guint64 keep[2] = { G_MAXUINT64, G_MAXUINT64 };

  if (set_count (p, W) < 2)
    return TRUE;   /* a hidden single, or a failure: seen elsewhere */
  keep[v / 64] &= ~(G_GUINT64_CONSTANT (1) << (v % 64));
  for (guint i = s->lock_start[u]; i < s->lock_start[u + 1]; i++)
    {
      const guint64 *mask = s->lock_mask + (gsize) i * 2 * W;
      guint b;
      const guint64 *q;
      guint64 others[2];

      if ((p[0] & ~mask[0]) != 0 || (W == 2 && (p[1] & ~mask[1]) != 0))
        continue;
      b = s->lock_unit[i];
      q = s->pos + ((gsize) b * s->n_values + v) * W;
      /* a copy: narrowing changes the set */
      others[0] = q[0] & ~mask[W];
      others[1] = W == 2 ? q[1] & ~mask[W + 1] : 0;
      for (guint w = 0; w < W; w++)
        for (guint64 bits = others[w]; bits != 0; bits &= bits - 1)
          if (!narrow (s, s->unit_cells[b][w * 64 + __builtin_ctzll (bits)], keep, W))
            return FALSE;
    }
  return TRUE;
}

/* value(a) < value(b), both not empty */
ALWAYS_INLINE gboolean
less_bounds (Solver     *s,
             guint       a,
             guint       b,
             const guint W)
{
  guint64 keep[2];

  /* a: below the largest of b */
  set_below (keep, set_highest (s->cand + (gsize) b * W, W), W);
  if (!narrow (s, a, keep, W))
    return FALSE;
  /* b: above the smallest of a */
  set_below (keep, set_lowest (s->cand + (gsize) a * W, W) + 1, W);
  for (guint w = 0; w < W; w++)
    keep[w] = ~keep[w];
  return narrow (s, b, keep, W);
}

/* Runs the queues to a fixpoint. FALSE on a contradiction (queues are then
 * empty again). */
ALWAYS_INLINE gboolean
propagate (Solver     *s,
           const guint W)
{
  for (;;)
    {
      if (s->n_hidden > s->hidden_head)
        {
          guint h = s->hidden_q[s->hidden_head++];
          const guint64 *p = s->pos + (gsize) h * W;
          guint c;

          if (set_count (p, W) != 1)
            continue;
          c = s->unit_cells[h / s->n_values][set_lowest (p, W)];
          if (set_count (s->cand + (gsize) c * W, W) > 1 && !assign (s, c, h % s->n_values, W))
            goto fail;
        }
      else if (s->n_single > s->single_head)
        {
          guint c = s->single_q[s->single_head++];
          const guint64 *cand = s->cand + (gsize) c * W;
          guint64 keep[2];
          guint v;

          if (set_count (cand, W) != 1)
            continue;   /* emptied since: already failed */
          v = set_lowest (cand, W);
          keep[0] = ~cand[0];
          keep[1] = W == 2 ? ~cand[1] : 0;
          for (guint e = s->cell_entry_start[c]; e < s->cell_entry_start[c + 1]; e++)
            {
              guint u = s->cell_entry[e] >> 7, i = s->cell_entry[e] & 127;
              const guint64 *p = s->pos + ((gsize) u * s->n_values + v) * W;
              const guint *cells = s->unit_cells[u];
              guint64 others[2];

              /* a copy: narrowing changes the set */
              others[0] = p[0];
              others[1] = W == 2 ? p[1] : 0;
              others[i / 64] &= ~(G_GUINT64_CONSTANT (1) << (i % 64));
              for (guint w = 0; w < W; w++)
                for (guint64 bits = others[w]; bits != 0; bits &= bits - 1)
                  if (!narrow (s, cells[w * 64 + __builtin_ctzll (bits)], keep, W))
                    goto fail;
            }
        }
      else if (s->n_lock > 0)
        {
          guint h = s->lock_q[s->lock_head];

          s->lock_head = s->lock_head + 1 == s->lock_cap ? 0 : s->lock_head + 1;
          s->n_lock--;
          s->in_lock[h] = 0;
          if (!locked (s, h, W))
            goto fail;
        }
      else if (s->n_ineq > 0)
        {
          guint c = s->ineq_q[--s->n_ineq];

          s->in_ineq[c] = 0;
          for (guint i = s->cell_less_start[c]; i < s->cell_less_start[c + 1]; i++)
            {
              guint other = s->cell_less[i] >> 1;
              gboolean ok = (s->cell_less[i] & 1) ? less_bounds (s, c, other, W)
                                                  : less_bounds (s, other, c, W);

              if (!ok)
                goto fail;
            }
        }
      else
        {
          s->n_single = s->single_head = s->n_hidden = s->hidden_head = s->lock_head = 0;
          return TRUE;
        }
    }

fail:
  queues_reset (s);
  return FALSE;
}

/* The root: every cell full, then givens and assumptions placed, then the
 * inequalities looked at once, all to a fixpoint. */
ALWAYS_INLINE gboolean
root (Solver       *s,
      const guint8 *assume,
      const guint   W)
{
  const guint8 *givens = s->grid->givens;
  guint64 all[2];

  set_below (all, s->n_values, W);
  for (guint c = 0; c < s->n_cells; c++)
    for (guint w = 0; w < W; w++)
      s->cand[(gsize) c * W + w] = all[w];
  for (guint u = 0; u < s->n_units; u++)
    {
      guint64 cells[2];

      set_below (cells, g_array_index (s->grid->units, PwNumGridUnit, u).n_cells, W);
      for (guint v = 0; v < s->n_values; v++)
        for (guint w = 0; w < W; w++)
          s->pos[((gsize) u * s->n_values + v) * W + w] = cells[w];
    }
  s->trail_len = 0;
  s->trailing = FALSE;
  queues_reset (s);

  if (s->infeasible)
    return FALSE;
  if (s->n_values == 1)
    for (guint c = 0; c < s->n_cells; c++)
      s->single_q[s->n_single++] = c;
  for (guint c = 0; c < s->n_cells; c++)
    if (s->cell_less_start[c] != s->cell_less_start[c + 1])
      {
        s->in_ineq[c] = 1;
        s->ineq_q[s->n_ineq++] = c;
      }

  for (guint c = 0; c < s->n_cells; c++)
    {
      guint v = givens[c] != 0 ? givens[c] : (assume != NULL ? assume[c] : 0);

      if (v == 0)
        continue;
      if (!((s->cand[(gsize) c * W + (v - 1) / 64] >> ((v - 1) % 64)) & 1) ||
          !assign (s, c, v - 1, W))
        {
          queues_reset (s);
          return FALSE;
        }
      /* an assumption on a given cell must agree with it */
      if (givens[c] != 0 && assume != NULL && assume[c] != 0 && assume[c] != givens[c])
        {
          queues_reset (s);
          return FALSE;
        }
    }
  /* locked candidates need no look here: a unit's share with another is
   * smaller than the unit (a unit has at most n_values cells), so every
   * value's places are more than the threshold until narrow() takes some */
  return propagate (s, W);
}

/* ------------------------------------------------------------------ */
/* The search */

/* The cell to branch on: fewest candidates (≥ 2); G_MAXUINT when every
 * cell is decided. */
ALWAYS_INLINE guint
choose (Solver     *s,
        const guint W)
{
  guint best = G_MAXUINT, best_n = G_MAXUINT, ties = 0;

  if (!s->search->random_order)
    {
      for (guint c = 0; c < s->n_cells; c++)
        {
          guint n = set_count (s->cand + (gsize) c * W, W);

          if (n >= 2 && n < best_n)
            {
              best_n = n;
              best = c;
              if (n == 2)
                break;
            }
        }
      return best;
    }

  for (guint c = 0; c < s->n_cells; c++)
    {
      guint n = set_count (s->cand + (gsize) c * W, W);

      if (n < 2 || n > best_n)
        continue;
      if (n < best_n)
        {
          best_n = n;
          best = c;
          ties = 1;
        }
      else if (rng_below (&s->rng, ++ties) == 0)
        best = c;
    }
  return best;
}

ALWAYS_INLINE void
found (Solver     *s,
       const guint W)
{
  for (guint c = 0; c < s->n_cells; c++)
    s->values[c] = set_lowest (s->cand + (gsize) c * W, W) + 1;
  g_assert (pw_numgrid_check (s->grid, s->values));
  s->result->solutions++;
  if (s->search->on_solution != NULL &&
      !s->search->on_solution (s->values, s->search->on_solution_data))
    s->stop = TRUE;
  if (s->search->max_solutions > 0 && s->result->solutions >= s->search->max_solutions)
    s->stop = TRUE;
}

ALWAYS_INLINE void
dfs (Solver     *s,
     const guint W)
{
  const PwNumGridSearch *search = s->search;
  /* grown as needed: searches seldom go deep, and a stack for every
   * cell added to what each search allocates and frees (see locks_build) */
  guint cap = MIN (s->n_cells + 1, 64);
  g_autofree Frame *stack = g_new (Frame, cap);
  guint depth = 0;

  for (;;)
    {
      guint c = choose (s, W);

      if (c == G_MAXUINT)
        {
          found (s, W);
          if (s->stop)
            return;
        }
      else
        {
          Frame *frame;

          if (G_UNLIKELY (depth == cap))
            {
              cap = MIN (2 * cap, s->n_cells + 1);
              stack = g_renew (Frame, stack, cap);
            }
          frame = &stack[depth++];
          frame->cell = c;
          frame->mark = s->trail_len;
          frame->values[0] = s->cand[(gsize) c * W];
          frame->values[1] = W == 2 ? s->cand[(gsize) c * W + 1] : 0;
        }

      /* the next value to try, backing up over exhausted choice points */
      for (;;)
        {
          Frame *frame;
          guint v, n;

          if (depth == 0)
            return;
          frame = &stack[depth - 1];
          n = set_count (frame->values, W);
          if (n == 0)
            {
              depth--;
              continue;
            }
          if (search->max_nodes > 0 && s->result->nodes >= search->max_nodes)
            {
              s->result->node_limit = TRUE;
              s->stop = TRUE;
              return;
            }
          if (search->max_bytes > 0 &&
              (guint64) s->trail_cap * (sizeof (guint) + W * sizeof (guint64)) >
                search->max_bytes / 2)
            {
              s->result->node_limit = s->result->memory_limit = TRUE;
              s->stop = TRUE;
              return;
            }
          s->result->nodes++;
          if ((s->result->nodes & CANCEL_CHECK_MASK) == 0)
            {
              if (g_cancellable_is_cancelled (search->cancellable))
                {
                  s->cancelled = s->stop = TRUE;
                  return;
                }
              if (pw_deadline_passed (search->deadline))
                {
                  s->result->node_limit = TRUE;
                  s->stop = TRUE;
                  return;
                }
            }
          v = search->random_order ? set_select (frame->values, rng_below (&s->rng, n), W)
                                   : set_lowest (frame->values, W);
          frame->values[v / 64] &= ~(G_GUINT64_CONSTANT (1) << (v % 64));
          undo_to (s, frame->mark, W);
          c = frame->cell;
          if (n == 1)
            depth--;   /* the last value: nothing to come back to */
          if (assign (s, c, v, W) && propagate (s, W))
            break;
          queues_reset (s);
        }
    }
}

ALWAYS_INLINE void
run_search_body (Solver       *s,
                 const guint8 *assume)
{
  if (s->n_values <= 64)
    {
      if (root (s, assume, 1))
        {
          s->trailing = TRUE;
          dfs (s, 1);
        }
    }
  else
    {
      if (root (s, assume, 2))
        {
          s->trailing = TRUE;
          dfs (s, 2);
        }
    }
}

/* Counting candidates is the inner loop: built once for any x86-64 (where
 * __builtin_popcountll is a library call) and once with the POPCNT
 * instruction, chosen at run time. */
static void
run_search_portable (Solver       *s,
                     const guint8 *assume)
{
  run_search_body (s, assume);
}

#if defined(__x86_64__) || defined(__i386__)
static __attribute__ ((target ("popcnt"))) void
run_search_popcnt (Solver       *s,
                   const guint8 *assume)
{
  run_search_body (s, assume);
}
#endif

static gboolean force_portable = FALSE;

void
_pw_numgrid_force_portable (gboolean portable)
{
  force_portable = portable;
}

gboolean
_pw_numgrid_use_popcnt (void)
{
#if defined(__x86_64__) || defined(__i386__)
  return !force_portable && __builtin_cpu_supports ("popcnt");
#else
  return FALSE;
#endif
}

static void
run_search (Solver       *s,
            const guint8 *assume)
{
#if defined(__x86_64__) || defined(__i386__)
  if (_pw_numgrid_use_popcnt ())
    {
      run_search_popcnt (s, assume);
      return;
    }
#endif
  run_search_portable (s, assume);
}

/* ------------------------------------------------------------------ */
/* Public entry points */

void
pw_numgrid_search_init (PwNumGridSearch *search)
{
  g_return_if_fail (search != NULL);

  memset (search, 0, sizeof *search);
}

static gboolean
assume_valid (const PwNumGrid *grid,
              const guint8    *assume)
{
  if (assume != NULL)
    for (guint c = 0; c < grid->n_cells; c++)
      if (assume[c] > grid->n_values)
        return FALSE;
  return TRUE;
}

gboolean
pw_numgrid_search (const PwNumGrid       *grid,
                   const PwNumGridSearch *search,
                   PwNumGridResult       *result,
                   GError               **error)
{
  Solver s;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (assume_valid (grid, search->assume), FALSE);

  memset (result, 0, sizeof *result);
  /* searches too short to reach a check stop here once time has run out */
  if (pw_deadline_passed (search->deadline))
    {
      result->node_limit = TRUE;
      return TRUE;
    }

  _pw_numgrid_prepare ((PwNumGrid *) grid);
  if (search->allow_fast_path && _pw_sudoku9_applies (grid))
    return _pw_sudoku9_search (grid->givens, search, result, error);

  solver_init (&s, grid, search->allow_fast_path ? MAX (search->propagation,
                                                        PW_NUMGRID_PROPAGATE_LOCKED)
                                                 : search->propagation);
  s.search = search;
  s.result = result;
  s.rng = search->seed;
  run_search (&s, search->assume);
  result->exhausted = !s.stop;
  solver_clear (&s);

  if (s.cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }
  return TRUE;
}

gboolean
pw_numgrid_propagate (const PwNumGrid *grid,
                      const guint8    *assume,
                      PwValueSet      *candidates)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (candidates != NULL, FALSE);
  g_return_val_if_fail (assume_valid (grid, assume), FALSE);

  return _pw_numgrid_propagate_level (grid, assume, PW_NUMGRID_PROPAGATE_SINGLES, candidates);
}

gboolean
_pw_numgrid_propagate_level (const PwNumGrid      *grid,
                             const guint8         *assume,
                             PwNumGridPropagation  level,
                             PwValueSet           *candidates)
{
  const guint W = grid->n_values > 64 ? 2 : 1;
  Solver s;
  gboolean ok;

  solver_init (&s, grid, level);
  ok = W == 1 ? root (&s, assume, 1) : root (&s, assume, 2);
  for (guint c = 0; c < s.n_cells; c++)
    {
      pw_value_set_clear (&candidates[c]);
      for (guint w = 0; w < W; w++)
        candidates[c].w[w] = s.cand[(gsize) c * W + w];
    }
  solver_clear (&s);
  return ok;
}
