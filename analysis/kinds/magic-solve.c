/* magic-solve.c — the search for magic squares: counting, random orders,
 * restarts
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A dedicated search rather than the general engine (fd.h): the values of
 * a square are 1..n² (n ≤ 11) as two-word bit sets, a state is a few
 * hundred bytes copied from node to node, and the propagation knows the
 * structure — every line sums to the same total and every value is used
 * exactly once. Between choices (magic-private.h says what): a line with
 * one blank cell takes its value; each blank cell's values lie within the
 * bounds each of its lines leaves (the remaining sum less the largest and
 * the smallest sums of the unused values for the other blank cells of the
 * line); a line with two blank cells keeps the pairs of unused values with
 * the right sum; a value only one cell can still take goes there, and a
 * value no cell can take fails the node.
 *
 * The search is an explicit stack so that the plain count can stop at a
 * node limit and resume later (_pw_magic_count takes turns between it and
 * randomised restarts).
 */

#define G_LOG_DOMAIN "pw-magic"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "magic-private.h"

#define MAX_N      PW_MAGIC_MAX_N
#define MAX_CELLS  PW_MAGIC_MAX_CELLS
#define MAX_LINES  (2 * MAX_N + 2)

/* ------------------------------------------------------------------ */
/* Value sets: value v is bit v % 64 of word v / 64 (v from 1 to 121)   */

typedef struct
{
  guint64 w[2];
} VSet;

static inline gboolean
vset_has (VSet s,
          guint v)
{
  return (s.w[v >> 6] >> (v & 63)) & 1;
}

static inline void
vset_remove (VSet *s,
             guint v)
{
  s->w[v >> 6] &= ~(G_GUINT64_CONSTANT (1) << (v & 63));
}

static inline void
vset_add (VSet *s,
          guint v)
{
  s->w[v >> 6] |= G_GUINT64_CONSTANT (1) << (v & 63);
}

static inline gboolean
vset_empty (VSet s)
{
  return (s.w[0] | s.w[1]) == 0;
}

static inline guint
vset_count (VSet s)
{
  return __builtin_popcountll (s.w[0]) + __builtin_popcountll (s.w[1]);
}

/* Exactly one value (without counting: no popcount instruction is
 * assumed). */
static inline gboolean
vset_single (VSet s)
{
  return s.w[0] != 0 ? (s.w[0] & (s.w[0] - 1)) == 0 && s.w[1] == 0
                     : s.w[1] != 0 && (s.w[1] & (s.w[1] - 1)) == 0;
}

static inline guint
vset_lowest (VSet s)
{
  return s.w[0] != 0 ? (guint) __builtin_ctzll (s.w[0]) : 64 + (guint) __builtin_ctzll (s.w[1]);
}

static inline guint
vset_highest (VSet s)
{
  return s.w[1] != 0 ? 127 - (guint) __builtin_clzll (s.w[1])
                     : 63 - (guint) __builtin_clzll (s.w[0]);
}

static inline VSet
vset_and (VSet a,
          VSet b)
{
  return (VSet) { { a.w[0] & b.w[0], a.w[1] & b.w[1] } };
}

static inline gboolean
vset_equal (VSet a,
            VSet b)
{
  return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

/* The values lo..hi (empty when lo > hi; both within 0..127). */
static inline VSet
vset_range (int lo,
            int hi)
{
  VSet s = { { 0, 0 } };

  if (lo < 0)
    lo = 0;
  if (hi > 127)
    hi = 127;
  for (int i = 0; i < 2 && lo <= hi; i++)
    {
      int a = MAX (lo - 64 * i, 0), b = MIN (hi - 64 * i, 63);

      if (b < 0 || a > 63)
        continue;
      s.w[i] = (b == 63 ? ~G_GUINT64_CONSTANT (0) : (G_GUINT64_CONSTANT (1) << (b + 1)) - 1) &
               ~((G_GUINT64_CONSTANT (1) << a) - 1);
    }
  return s;
}

/* The @k-th smallest value of @s (k < count). */
static guint
vset_nth (VSet  s,
          guint k)
{
  for (guint i = 0; i < k; i++)
    vset_remove (&s, vset_lowest (s));
  return vset_lowest (s);
}

/* ------------------------------------------------------------------ */
/* A seeded generator (splitmix64)                                      */

static inline guint64
next_random (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* ------------------------------------------------------------------ */
/* The square's structure                                               */

guint
_pw_magic_sum (guint n)
{
  return n * (n * n + 1) / 2;
}

guint
_pw_magic_symmetry_cell (guint n,
                         guint s,
                         guint cell)
{
  guint x = cell % n, y = cell / n;

  g_return_val_if_fail (s < 8, cell);

  if (s >= 4)
    x = n - 1 - x;
  for (guint t = 0; t < s % 4; t++)
    {
      /* a quarter turn clockwise: (x, y) → (n − 1 − y, x) */
      guint nx = n - 1 - y, ny = x;

      x = nx;
      y = ny;
    }
  return y * n + x;
}

typedef struct
{
  guint8 value[MAX_CELLS];
  VSet   unused;
  gint16 sum[MAX_LINES];
  guint8 n_free[MAX_LINES];
  guint8 left;
} State;

typedef struct
{
  State  state;
  VSet   values;  /* still to try */
  guint8 cell;
} Frame;

typedef enum
{
  RUN_EXHAUSTED,
  RUN_SOLUTIONS,   /* max_solutions reached */
  RUN_NODE_LIMIT,  /* resumable */
  RUN_STOPPED,     /* on_solution said stop */
  RUN_CANCELLED,
} RunStatus;

typedef struct
{
  guint        n;
  guint        cells;
  guint        n_values;
  int          magic;
  guint        n_lines;
  guint8       line_cells[MAX_LINES][MAX_N];
  guint8       cell_lines[MAX_CELLS][4];
  guint8       n_cell_lines[MAX_CELLS];
  guint8       givens[MAX_CELLS];
  guint8       symmetry[8][MAX_CELLS];

  gboolean     random_order;
  guint64      random;

  Frame       *stack;
  guint        depth;       /* frames in use */
  gboolean     started;
  gboolean     finished;

  guint64      nodes;
  guint64      solutions;
  guint64      classes;

  PwDeadline  *deadline;    /* runs out as the node limit does; NULL: none */
} Searcher;

static void
assign (const Searcher *s,
        State          *st,
        guint           cell,
        guint           value)
{
  st->value[cell] = value;
  vset_remove (&st->unused, value);
  for (guint i = 0; i < s->n_cell_lines[cell]; i++)
    {
      guint line = s->cell_lines[cell][i];

      st->sum[line] += value;
      st->n_free[line]--;
    }
  st->left--;
}

static void
searcher_init (Searcher           *s,
               const PwMagicLevel *level,
               gboolean            random_order,
               guint64             seed)
{
  guint n = level->n;

  memset (s, 0, sizeof *s);
  s->n = n;
  s->cells = n * n;
  s->n_values = n * n;
  s->magic = _pw_magic_sum (n);
  s->random_order = random_order;
  s->random = seed;
  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        s->line_cells[s->n_lines][x] = y * n + x;
      s->n_lines++;
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        s->line_cells[s->n_lines][y] = y * n + x;
      s->n_lines++;
    }
  for (guint i = 0; i < n; i++)
    s->line_cells[s->n_lines][i] = i * n + i;
  s->n_lines++;
  for (guint i = 0; i < n; i++)
    s->line_cells[s->n_lines][i] = i * n + (n - 1 - i);
  s->n_lines++;
  for (guint l = 0; l < s->n_lines; l++)
    for (guint i = 0; i < n; i++)
      {
        guint c = s->line_cells[l][i];

        /* the centre of an odd square of one cell is on both diagonals once each */
        s->cell_lines[c][s->n_cell_lines[c]++] = l;
      }
  memcpy (s->givens, level->givens, s->cells);
  for (guint g = 0; g < 8; g++)
    for (guint c = 0; c < s->cells; c++)
      s->symmetry[g][c] = _pw_magic_symmetry_cell (n, g, c);
  s->stack = g_new (Frame, s->cells + 1);
}

static void
searcher_clear (Searcher *s)
{
  g_clear_pointer (&s->stack, g_free);
}

/* Narrows @st to a fixpoint of the rules in the file comment; @dom gets
 * each blank cell's values. FALSE when a rule fails. */
static gboolean
propagate (const Searcher *s,
           State          *st,
           VSet           *dom)
{
  guint n = s->n;
  int small[MAX_N + 1], large[MAX_N + 1];
  VSet seen1, seen2, once;

again:
  /* the sums of the k smallest and k largest unused values (#unused = left) */
  small[0] = large[0] = 0;
  {
    VSet u = st->unused;
    guint k = 0;

    for (; k < n && !vset_empty (u); k++)
      {
        guint v = vset_lowest (u);

        vset_remove (&u, v);
        small[k + 1] = small[k] + v;
      }
    for (; k < n; k++)
      small[k + 1] = G_MAXINT / 4;
    u = st->unused;
    for (k = 0; k < n && !vset_empty (u); k++)
      {
        guint v = vset_highest (u);

        vset_remove (&u, v);
        large[k + 1] = large[k] + v;
      }
    for (; k < n; k++)
      large[k + 1] = -G_MAXINT / 4;
  }

  for (guint l = 0; l < s->n_lines; l++)
    {
      int f = st->n_free[l], r = s->magic - st->sum[l];

      if (f == 0)
        {
          if (r != 0)
            return FALSE;
          continue;
        }
      if (r < small[f] || r > large[f])
        return FALSE;
      if (f == 1)
        {
          for (guint i = 0; i < n; i++)
            {
              guint c = s->line_cells[l][i];

              if (st->value[c] == 0)
                {
                  if (r > (int) s->n_values || !vset_has (st->unused, r))
                    return FALSE;
                  assign (s, st, c, r);
                  goto again;
                }
            }
          g_assert_not_reached ();
        }
    }
  if (st->left == 0)
    return TRUE;

  for (guint c = 0; c < s->cells; c++)
    {
      int lo = 1, hi = s->n_values;

      if (st->value[c] != 0)
        continue;
      for (guint i = 0; i < s->n_cell_lines[c]; i++)
        {
          guint l = s->cell_lines[c][i];
          int f = st->n_free[l], r = s->magic - st->sum[l];

          lo = MAX (lo, r - large[f - 1]);
          hi = MIN (hi, r - small[f - 1]);
        }
      dom[c] = vset_and (st->unused, vset_range (lo, hi));
      if (vset_empty (dom[c]))
        return FALSE;
      if (vset_single (dom[c]))
        {
          assign (s, st, c, vset_lowest (dom[c]));
          goto again;
        }
    }

  /* lines with two blank cells: pairs of values with the right sum */
  for (guint l = 0; l < s->n_lines; l++)
    {
      guint a = G_MAXUINT, b = G_MAXUINT;
      int r;
      VSet da = { { 0, 0 } }, db = { { 0, 0 } }, t;

      if (st->n_free[l] != 2)
        continue;
      for (guint i = 0; i < n; i++)
        {
          guint c = s->line_cells[l][i];

          if (st->value[c] == 0)
            {
              if (a == G_MAXUINT)
                a = c;
              else
                b = c;
            }
        }
      r = s->magic - st->sum[l];
      t = dom[a];
      while (!vset_empty (t))
        {
          guint v = vset_lowest (t);
          int w = r - (int) v;

          vset_remove (&t, v);
          if (w != (int) v && w >= 1 && w <= (int) s->n_values && vset_has (dom[b], w))
            {
              vset_add (&da, v);
              vset_add (&db, w);
            }
        }
      if (vset_empty (da))
        return FALSE;
      if (vset_single (da))
        {
          guint v = vset_lowest (da);

          assign (s, st, a, v);
          assign (s, st, b, r - v);
          goto again;
        }
      dom[a] = da;
      dom[b] = db;
    }

  /* every unused value needs a cell */
  seen1 = seen2 = (VSet) { { 0, 0 } };
  for (guint c = 0; c < s->cells; c++)
    if (st->value[c] == 0)
      for (guint i = 0; i < 2; i++)
        {
          seen2.w[i] |= seen1.w[i] & dom[c].w[i];
          seen1.w[i] |= dom[c].w[i];
        }
  if (((st->unused.w[0] & ~seen1.w[0]) | (st->unused.w[1] & ~seen1.w[1])) != 0)
    return FALSE;
  once = (VSet) { { seen1.w[0] & ~seen2.w[0], seen1.w[1] & ~seen2.w[1] } };
  if (!vset_empty (once))
    {
      guint v = vset_lowest (once);

      for (guint c = 0; c < s->cells; c++)
        if (st->value[c] == 0 && vset_has (dom[c], v))
          {
            assign (s, st, c, v);
            goto again;
          }
      g_assert_not_reached ();
    }
  return TRUE;
}

/* The blank cell to branch on. */
static guint
choose (Searcher    *s,
        const State *st,
        const VSet  *dom)
{
  guint best = G_MAXUINT, best_count = G_MAXUINT, best_lines = G_MAXUINT, ties = 0;

  for (guint c = 0; c < s->cells; c++)
    {
      guint count, lines = 0;

      if (st->value[c] != 0)
        continue;
      count = vset_count (dom[c]);
      if (count > best_count)
        continue;
      for (guint i = 0; i < s->n_cell_lines[c]; i++)
        lines += st->n_free[s->cell_lines[c][i]];
      if (count < best_count || lines < best_lines)
        {
          best = c;
          best_count = count;
          best_lines = lines;
          ties = 1;
        }
      else if (lines == best_lines && s->random_order)
        {
          /* reservoir: each tied cell equally likely */
          ties++;
          if (next_random (&s->random) % ties == 0)
            best = c;
        }
    }
  g_assert (best != G_MAXUINT);
  return best;
}

/* Whether @values is the smallest, in reading order, of its images under
 * the symmetries that keep the givens. */
static gboolean
smallest_of_class (const Searcher *s,
                   const guint8   *values)
{
  guint8 image[MAX_CELLS];

  for (guint g = 1; g < 8; g++)
    {
      gboolean keeps = TRUE;

      for (guint c = 0; c < s->cells; c++)
        image[s->symmetry[g][c]] = values[c];
      for (guint c = 0; c < s->cells && keeps; c++)
        keeps = s->givens[c] == 0 || image[c] == s->givens[c];
      if (keeps && memcmp (image, values, s->cells) < 0)
        return FALSE;
    }
  return TRUE;
}

/* Runs (or resumes) the search until it is exhausted, @max_solutions
 * solutions in all (0: no cap), the node count reaches @node_limit (0: no
 * limit), @on_solution says stop, or a cancel. */
static RunStatus
searcher_run (Searcher            *s,
              guint64              node_limit,
              guint64              max_solutions,
              PwMagicSolutionFunc  on_solution,
              gpointer             data,
              GCancellable        *cancellable)
{
  VSet dom[MAX_CELLS];

  if (s->finished)
    return RUN_EXHAUSTED;
  if (!s->started)
    {
      State *root = &s->stack[0].state;

      s->started = TRUE;
      memset (root, 0, sizeof *root);
      root->unused = vset_range (1, s->n_values);
      root->left = s->cells;
      for (guint l = 0; l < s->n_lines; l++)
        root->n_free[l] = s->n;
      for (guint c = 0; c < s->cells; c++)
        if (s->givens[c] != 0)
          {
            if (s->givens[c] > s->n_values || !vset_has (root->unused, s->givens[c]))
              {
                s->finished = TRUE;
                return RUN_EXHAUSTED;
              }
            assign (s, root, c, s->givens[c]);
          }
      if (!propagate (s, root, dom))
        {
          s->finished = TRUE;
          return RUN_EXHAUSTED;
        }
      if (root->left == 0)
        {
          s->finished = TRUE;
          s->solutions++;
          s->classes += smallest_of_class (s, root->value);
          if (on_solution != NULL && !on_solution (root->value, data))
            return RUN_STOPPED;
          return RUN_EXHAUSTED;
        }
      s->stack[0].cell = choose (s, root, dom);
      s->stack[0].values = dom[s->stack[0].cell];
      s->depth = 1;
    }

  while (s->depth > 0)
    {
      Frame *top = &s->stack[s->depth - 1];
      Frame *child = &s->stack[s->depth];
      guint v;

      if (vset_empty (top->values))
        {
          s->depth--;
          continue;
        }
      if (node_limit != 0 && s->nodes >= node_limit)
        return RUN_NODE_LIMIT;
      if ((s->nodes & 4095) == 0)
        {
          if (g_cancellable_is_cancelled (cancellable))
            return RUN_CANCELLED;
          if (pw_deadline_passed (s->deadline))
            return RUN_NODE_LIMIT;
        }

      v = s->random_order ? vset_nth (top->values,
                                      next_random (&s->random) % vset_count (top->values))
                          : vset_lowest (top->values);
      vset_remove (&top->values, v);
      s->nodes++;
      child->state = top->state;
      assign (s, &child->state, top->cell, v);
      if (!propagate (s, &child->state, dom))
        continue;
      if (child->state.left == 0)
        {
          s->solutions++;
          s->classes += smallest_of_class (s, child->state.value);
          if (on_solution != NULL && !on_solution (child->state.value, data))
            return RUN_STOPPED;
          if (max_solutions != 0 && s->solutions >= max_solutions)
            return RUN_SOLUTIONS;
          continue;
        }
      child->cell = choose (s, &child->state, dom);
      child->values = dom[child->cell];
      s->depth++;
    }
  s->finished = TRUE;
  return RUN_EXHAUSTED;
}

void
_pw_magic_search_init (PwMagicSearch *search)
{
  g_return_if_fail (search != NULL);

  memset (search, 0, sizeof *search);
}

static gboolean
cancelled_error (GCancellable  *cancellable,
                 GError       **error)
{
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));
  return FALSE;
}

gboolean
_pw_magic_search (const PwMagicLevel  *level,
                  const PwMagicSearch *search,
                  PwMagicResult       *result,
                  GError             **error)
{
  Searcher s;
  RunStatus status;

  g_return_val_if_fail (level != NULL && search != NULL && result != NULL, FALSE);
  g_return_val_if_fail (level->n >= PW_MAGIC_MIN_N && level->n <= PW_MAGIC_MAX_N, FALSE);

  memset (result, 0, sizeof *result);
  if (g_cancellable_is_cancelled (search->cancellable))
    return cancelled_error (search->cancellable, error);
  /* searches too short to reach a check stop here once time has run out */
  if (pw_deadline_passed (search->deadline))
    {
      result->node_limit = TRUE;
      return TRUE;
    }
  searcher_init (&s, level, search->random_order, search->seed);
  s.deadline = search->deadline;
  status = searcher_run (&s, search->max_nodes, search->max_solutions, search->on_solution,
                         search->on_solution_data, search->cancellable);
  result->nodes = s.nodes;
  result->solutions = s.solutions;
  result->classes = s.classes;
  result->exhausted = status == RUN_EXHAUSTED;
  result->node_limit = status == RUN_NODE_LIMIT;
  searcher_clear (&s);
  if (status == RUN_CANCELLED)
    return cancelled_error (search->cancellable, error);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Counting to a cap: the plain search and restarts, taking turns        */

/* Restarts collect their solutions only while the cap is small enough to
 * keep them all. */
#define RESTART_MAX_KEPT     100000
#define RESTART_BASE_NODES   100
#define FIRST_TURN_NODES     1024

typedef struct
{
  const Searcher *shape;   /* lines, givens, symmetries */
  guint        cells;
  GHashTable  *seen;     /* GBytes of every solution found, or NULL */
  guint64      wanted;   /* cap + 1 */
  guint8      *first;
  guint8      *second;
  guint        kept;     /* of first, second */
} Collect;

static void
keep_solution (Collect      *c,
               const guint8 *values)
{
  if (c->kept == 0 && c->first != NULL)
    memcpy (c->first, values, c->cells);
  else if (c->kept == 1 && c->second != NULL)
    memcpy (c->second, values, c->cells);
  c->kept++;
}

/* Whether @values is a magic square that keeps the givens. */
static gboolean
is_solution (const Searcher *s,
             const guint8   *values)
{
  guint64 used[2] = { 0, 0 };

  for (guint c = 0; c < s->cells; c++)
    {
      guint v = values[c];

      if (v < 1 || v > s->n_values || (used[v >> 6] >> (v & 63) & 1) ||
          (s->givens[c] != 0 && s->givens[c] != v))
        return FALSE;
      used[v >> 6] |= G_GUINT64_CONSTANT (1) << (v & 63);
    }
  for (guint l = 0; l < s->n_lines; l++)
    {
      int sum = 0;

      for (guint i = 0; i < s->n; i++)
        sum += values[s->line_cells[l][i]];
      if (sum != s->magic)
        return FALSE;
    }
  return TRUE;
}

/* Adds the images of a solution that are solutions too: the square's 8
 * symmetries, each also with every value v made n² + 1 − v, and each of
 * those with one pair of rows symmetric about the centre swapped with
 * another pair (or one such pair's two rows swapped), and the same
 * columns likewise — all of which keep the lines' sums. Only counting
 * towards the cap uses them: they prove many solutions quickly. */
static void
add_images (Collect      *c,
            const guint8 *values)
{
  const Searcher *s = c->shape;
  guint n = s->n, pairs = n / 2;
  guint8 turned[MAX_CELLS], image[MAX_CELLS];
  guint perm[MAX_N];

  for (guint g = 0; g < 16; g++)
    for (guint a = 0; a < pairs; a++)
      for (guint b = a; b < pairs; b++)
        {
          if (g_hash_table_size (c->seen) >= c->wanted)
            return;
          for (guint cell = 0; cell < s->cells; cell++)
            turned[s->symmetry[g % 8][cell]] = g < 8 ? values[cell]
                                                     : s->n_values + 1 - values[cell];
          /* b == a: swap the two rows of pair a; else pairs a and b (and
           * the first of all (0, 0) also stands for no permutation) */
          for (guint i = 0; i < n; i++)
            perm[i] = i;
          if (a != b)
            {
              perm[a] = b, perm[b] = a;
              perm[n - 1 - a] = n - 1 - b, perm[n - 1 - b] = n - 1 - a;
            }
          else if (a > 0)
            perm[a] = n - 1 - a, perm[n - 1 - a] = a;
          for (guint y = 0; y < n; y++)
            for (guint x = 0; x < n; x++)
              image[y * n + x] = turned[perm[y] * n + perm[x]];
          if (is_solution (s, image) &&
              g_hash_table_add (c->seen, g_bytes_new (image, s->cells)) && c->kept < 2)
            keep_solution (c, image);
        }
}


/* The plain search's solutions are all different, but the restarts may
 * have found one first; FALSE when the two together have found enough. */
static gboolean
collect_plain (const guint8 *values,
               gpointer      data)
{
  Collect *c = data;
  gboolean new = TRUE;

  if (c->seen != NULL)
    new = g_hash_table_add (c->seen, g_bytes_new (values, c->cells));
  if (new && c->kept < 2)
    keep_solution (c, values);
  /* a solution already known was an image, or its images were added */
  if (c->seen != NULL && new)
    add_images (c, values);
  return c->seen == NULL || g_hash_table_size (c->seen) < c->wanted;
}

static gboolean
collect_restart (const guint8 *values,
                 gpointer      data)
{
  Collect *c = data;
  if (g_hash_table_add (c->seen, g_bytes_new (values, c->cells)))
    {
      if (c->kept < 2)
        keep_solution (c, values);
      add_images (c, values);
    }
  return g_hash_table_size (c->seen) < c->wanted;
}

/* Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …, @i from 1. */
static guint64
luby (guint64 i)
{
  for (;;)
    {
      guint k = 1;

      while (((G_GUINT64_CONSTANT (1) << k) - 1) < i)
        k++;
      if (i == (G_GUINT64_CONSTANT (1) << k) - 1)
        return G_GUINT64_CONSTANT (1) << (k - 1);
      i -= (G_GUINT64_CONSTANT (1) << (k - 1)) - 1;
    }
}

gboolean
_pw_magic_count (const PwMagicLevel *level,
                 guint64             cap,
                 guint64             max_nodes,
                 guint64             seed,
                 guint8             *first,
                 guint8             *second,
                 PwMagicCount       *count,
                 GCancellable       *cancellable,
                 PwDeadline         *deadline,
                 GError            **error)
{
  Searcher plain;
  Collect collect = { 0 };
  gboolean restarts = cap + 1 <= RESTART_MAX_KEPT;
  guint64 turn = FIRST_TURN_NODES, restart_index = 1, restart_nodes = 0, found_before;
  gboolean ok = TRUE;

  g_return_val_if_fail (level != NULL && count != NULL, FALSE);
  g_return_val_if_fail (level->n >= PW_MAGIC_MIN_N && level->n <= PW_MAGIC_MAX_N, FALSE);
  g_return_val_if_fail (cap >= 1, FALSE);

  memset (count, 0, sizeof *count);
  if (g_cancellable_is_cancelled (cancellable))
    return cancelled_error (cancellable, error);

  searcher_init (&plain, level, FALSE, 0);
  plain.deadline = deadline;
  collect.shape = &plain;
  collect.cells = plain.cells;
  collect.wanted = cap + 1;
  collect.first = first;
  collect.second = second;
  if (restarts)
    collect.seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                          (GDestroyNotify) g_bytes_unref, NULL);

  for (;;)
    {
      guint64 spent = plain.nodes + restart_nodes;
      guint64 limit = max_nodes != 0 ? MIN (turn, max_nodes - MIN (spent, max_nodes)) : turn;
      RunStatus status;

      /* the time budget stops both searches where the node budget would */
      if (limit == 0 || pw_deadline_passed (deadline))
        {
          count->node_limit = TRUE;
          count->solutions = restarts ? g_hash_table_size (collect.seen) : plain.solutions;
          break;
        }

      /* the plain search's turn */
      found_before = plain.solutions;
      status = searcher_run (&plain, plain.nodes + limit, cap + 1, collect_plain, &collect,
                             cancellable);
      if (status == RUN_CANCELLED)
        {
          ok = cancelled_error (cancellable, error);
          break;
        }
      if (status == RUN_EXHAUSTED)
        {
          count->exact = TRUE;
          count->solutions = plain.solutions;
          count->classes = plain.classes;
          break;
        }
      if (status == RUN_SOLUTIONS || status == RUN_STOPPED)
        {
          count->capped = TRUE;
          count->solutions = cap + 1;
          break;
        }
      spent = plain.nodes + restart_nodes;
      if (max_nodes != 0 && spent >= max_nodes)
        {
          count->node_limit = TRUE;
          count->solutions = restarts ? g_hash_table_size (collect.seen) : plain.solutions;
          break;
        }

      /* the restarts' turn, as many nodes, unless the plain search is
       * finding solutions: then it is not lost, and its count may well
       * end exact */
      if (restarts && plain.solutions == found_before)
        {
          guint64 budget = max_nodes != 0 ? MIN (limit, max_nodes - spent) : limit;
          guint64 used = 0;

          while (used < budget && status != RUN_STOPPED && status != RUN_CANCELLED)
            {
              Searcher r;
              guint64 run_seed = seed ^ (restart_index * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
              guint64 run_limit = MIN (luby (restart_index) * RESTART_BASE_NODES, budget - used);

              searcher_init (&r, level, TRUE, run_seed);
              r.deadline = deadline;
              status = searcher_run (&r, run_limit, 0, collect_restart, &collect, cancellable);
              /* solutions come in clusters: a run that found some goes on
               * for as long again, while it keeps finding */
              while (status == RUN_NODE_LIMIT && r.solutions > 0 && used + r.nodes < budget)
                {
                  guint64 before = r.solutions;

                  status = searcher_run (&r, MIN (2 * r.nodes, budget - used), 0, collect_restart,
                                         &collect, cancellable);
                  if (r.solutions == before)
                    break;
                }
              used += r.nodes;
              restart_index++;
              if (status == RUN_EXHAUSTED)
                {
                  /* a complete search in another order: its count is exact */
                  count->exact = TRUE;
                  count->solutions = r.solutions;
                  count->classes = r.classes;
                  count->capped = r.solutions > cap;
                }
              searcher_clear (&r);
              if (status == RUN_EXHAUSTED || pw_deadline_passed (deadline))
                break;
            }
          restart_nodes += used;
          if (status == RUN_CANCELLED)
            {
              ok = cancelled_error (cancellable, error);
              break;
            }
          if (count->exact)
            break;
          if (status == RUN_STOPPED)
            {
              count->capped = TRUE;
              count->solutions = cap + 1;
              break;
            }
        }
      turn *= 2;
    }

  count->nodes = plain.nodes + restart_nodes;
  if (count->exact && count->solutions > cap)
    {
      count->capped = TRUE;
      count->solutions = cap + 1;
    }
  searcher_clear (&plain);
  g_clear_pointer (&collect.seen, g_hash_table_unref);
  return ok;
}

/* ------------------------------------------------------------------ */
/* The multiple method                                                  */

/* A seed per run of the multiple method, spread over 64 bits. */
guint64
_pw_magic_run_seed (guint64 seed,
                    guint   run)
{
  guint64 z = seed + (run + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* The multiple method: mean and standard deviation of the nodes a search
 * in a random order needs to find a solution and settle uniqueness (count
 * to 2), over @runs seeded orders, within @budget nodes (*@limited when it
 * ran out). FALSE when cancelled. */
gboolean
_pw_magic_measure (const PwMagicLevel *level,
                   guint64             seed,
                   guint               runs,
                   guint64            *budget,
                   double             *mean,
                   double             *sd,
                   gboolean           *limited,
                   GCancellable       *cancellable,
                   PwDeadline         *deadline,
                   GError            **error)
{
  g_autofree guint64 *nodes = g_new0 (guint64, runs);
  double sum = 0, squares = 0;

  *limited = FALSE;
  for (guint r = 0; r < runs; r++)
    {
      PwMagicSearch search;
      PwMagicResult result;

      _pw_magic_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (*budget, 1);
      search.random_order = TRUE;
      search.seed = _pw_magic_run_seed (seed, r);
      search.cancellable = cancellable;
      search.deadline = deadline;
      if (!_pw_magic_search (level, &search, &result, error))
        return FALSE;
      *budget -= MIN (*budget, result.nodes);
      if (result.node_limit)
        {
          *limited = TRUE;
          return TRUE;
        }
      nodes[r] = result.nodes;
      sum += result.nodes;
    }
  *mean = sum / runs;
  for (guint r = 0; r < runs; r++)
    squares += (nodes[r] - *mean) * (nodes[r] - *mean);
  *sd = runs > 1 ? sqrt (squares / (runs - 1)) : 0;
  return TRUE;
}
