/* nonogram-solve.c — the nonogram engine: an exact line solver, lines
 * solved to a fixpoint, probing, depth-first search that counts
 * solutions, and the grader
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The line solver is a dynamic programme over (cells, blocks): which
 * prefixes can hold the first j blocks, which suffixes the last ones; a
 * cell can be white (black) when some placement through it that agrees
 * with both is white (black) there. It is exact: the cells it fixes are
 * those with one colour in every placement. Each row of the programme
 * (a block) is one set of positions in a 128-bit mask, moved along runs
 * of cells that can be white by an addition's carry, so a line costs a
 * few operations per block, not per cell. Everything else is built on
 * it: a queue of lines whose cells changed, solved until none is left;
 * probing (each undecided cell tried both ways with the lines solved:
 * a contradiction fixes the cell the other way, cells fixed alike in
 * both tries are fixed); then search on the cell whose two tries fixed
 * the most, as the TAAI tournament solvers do. Changes are undone from a
 * trail, so neither probing nor search copies the grid.
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "nonogram-private.h"

/* ------------------------------------------------------------------ */
/* The line solver                                                      */

/* Nothing but the limits, now that the solver works in registers; kept
 * so that callers need not change if a solver needs room again. */
struct _PwNonoLineWork
{
  guint max_len;
  guint max_blocks;
};

PwNonoLineWork *
_pw_nono_line_work_new (guint max_len,
                        guint max_blocks)
{
  PwNonoLineWork *work = g_new0 (PwNonoLineWork, 1);

  g_return_val_if_fail (max_len <= PW_NONOGRAM_MAX_SIZE, NULL);

  work->max_len = max_len;
  work->max_blocks = max_blocks;
  return work;
}

void
_pw_nono_line_work_free (PwNonoLineWork *work)
{
  g_free (work);
}

/* Sets of positions 0..n + 1 (n ≤ 100) as 128-bit masks. */
__extension__ typedef unsigned __int128 Bits;

#define ONE ((Bits) 1)

/* The line solver's operations, for a mask type T of BITS bits:
 *
 * reach_up: positions reachable from @from moving up over cells that can
 * be white (p + 1 from p when cell p is in @white). Adding a set bit of a
 * run of @white carries to the run's end and flips the bits it passes
 * (the ones in @from excepted, which are in the result anyway).
 * reach_down: the same downwards (p from p + 1 when cell p is in @white),
 * a Kogge-Stone fill. runs_of: where a run of @len cells of @black starts.
 * spread: @starts spread over the @len cells from each.
 *
 * line_solve: cells are padded with a white cell at n, so that a white
 * cell follows every block. A state (j, i) is "j blocks placed, the next
 * may start at i": up[j] holds the i that cells 0..i-1 reach with blocks
 * 0..j-1, down (for each j in turn) the i from which cells i..n take
 * blocks j..k-1. A cell can be white where a state has it white between
 * the two, or as the cell after a block; black where a block start agrees
 * with both. Needs n + 2 ≤ BITS. */
#define DEFINE_LINE_SOLVER(SUFFIX, T, BITS)                                                     \
static inline T                                                                                 \
reach_up_##SUFFIX (T from,                                                                      \
                   T white)                                                                     \
{                                                                                               \
  return from | ((white + (from & white)) ^ white);                                            \
}                                                                                               \
                                                                                                \
static inline T                                                                                 \
reach_down_##SUFFIX (T from,                                                                    \
                     T white)                                                                   \
{                                                                                               \
  T pass = white;                                                                               \
                                                                                                \
  for (guint d = 1; d < BITS; d <<= 1)                                                          \
    {                                                                                           \
      from |= pass & (from >> d);                                                               \
      pass &= pass >> d;                                                                        \
    }                                                                                           \
  return from;                                                                                  \
}                                                                                               \
                                                                                                \
static inline T                                                                                 \
runs_of_##SUFFIX (T     black,                                                                  \
                  guint len)                                                                    \
{                                                                                               \
  T result = ~(T) 0, run = black;                                                               \
  guint shift = 0, run_len = 1;                                                                 \
                                                                                                \
  for (; len > 0; len >>= 1)                                                                    \
    {                                                                                           \
      if (len & 1)                                                                              \
        {                                                                                       \
          result &= run >> shift;                                                               \
          shift += run_len;                                                                     \
        }                                                                                       \
      run &= run >> run_len;                                                                    \
      run_len <<= 1;                                                                            \
    }                                                                                           \
  return result;                                                                                \
}                                                                                               \
                                                                                                \
static inline T                                                                                 \
spread_##SUFFIX (T     starts,                                                                  \
                 guint len)                                                                     \
{                                                                                               \
  T result = 0, run = starts;                                                                   \
  guint shift = 0, run_len = 1;                                                                 \
                                                                                                \
  for (; len > 0; len >>= 1)                                                                    \
    {                                                                                           \
      if (len & 1)                                                                              \
        {                                                                                       \
          result |= run << shift;                                                               \
          shift += run_len;                                                                     \
        }                                                                                       \
      run |= run << run_len;                                                                    \
      run_len <<= 1;                                                                            \
    }                                                                                           \
  return result;                                                                                \
}                                                                                               \
                                                                                                \
static gboolean                                                                                 \
line_solve_##SUFFIX (const guint8 *clue,                                                        \
                     guint         k,                                                           \
                     guint         n,                                                           \
                     T            *white_cells,                                                 \
                     T            *black_cells)                                                 \
{                                                                                               \
  T up[PW_NONOGRAM_MAX_SIZE / 2 + 2], fits[PW_NONOGRAM_MAX_SIZE / 2 + 1];                       \
  T white = *white_cells | (T) 1 << n, black = *black_cells;                                    \
  T down, can_white, can_black = 0;                                                             \
                                                                                                \
  up[0] = reach_up_##SUFFIX (1, white);                                                         \
  for (guint j = 0; j < k; j++)                                                                 \
    {                                                                                           \
      /* block j fits at s: black-able cells s..s+len-1, white-able s+len */                    \
      fits[j] = runs_of_##SUFFIX (black, clue[j]) & (white >> clue[j]);                         \
      up[j + 1] = reach_up_##SUFFIX ((up[j] & fits[j]) << (clue[j] + 1), white);                \
    }                                                                                           \
  if (!(up[k] >> (n + 1) & 1))                                                                  \
    return FALSE;                                                                               \
                                                                                                \
  down = reach_down_##SUFFIX ((T) 1 << (n + 1), white);                                         \
  can_white = up[k] & (down >> 1) & white;                                                      \
  for (guint j = k; j-- > 0;)                                                                   \
    {                                                                                           \
      T starts = fits[j] & (down >> (clue[j] + 1));                                             \
      T valid = up[j] & starts;                                                                 \
                                                                                                \
      can_black |= spread_##SUFFIX (valid, clue[j]);                                            \
      can_white |= valid << clue[j];                                                            \
      down = reach_down_##SUFFIX (starts, white);                                               \
      can_white |= up[j] & (down >> 1) & white;                                                 \
    }                                                                                           \
  *white_cells &= can_white;                                                                    \
  *black_cells &= can_black;                                                                    \
  return TRUE;                                                                                  \
}

DEFINE_LINE_SOLVER (64, guint64, 64)
DEFINE_LINE_SOLVER (128, Bits, 128)

/* Either solver: 64-bit masks while the line and its two extra positions
 * fit (n ≤ 62), else 128-bit ones. */
static gboolean
line_solve_bits (const guint8 *clue,
                 guint         k,
                 guint         n,
                 Bits         *white_cells,
                 Bits         *black_cells)
{
  guint min_len = 0;
  gboolean ok;

  for (guint j = 0; j < k; j++)
    min_len += clue[j] + (j > 0);
  if (min_len > n)
    return FALSE;
  if (n <= 62)
    {
      guint64 white = (guint64) *white_cells, black = (guint64) *black_cells;

      ok = line_solve_64 (clue, k, n, &white, &black);
      *white_cells = white;
      *black_cells = black;
    }
  else
    ok = line_solve_128 (clue, k, n, white_cells, black_cells);
  g_assert (!ok || ((*white_cells | *black_cells) & ((ONE << n) - 1)) == (ONE << n) - 1);
  return ok;
}

/* The cells are padded with a white cell at n, so that a white cell
 * follows every block. A state (j, i) is "j blocks placed, the next may
 * start at i": up[j] holds the i that cells 0..i-1 reach with blocks
 * 0..j-1, down[j] the i from which cells i..n take blocks j..k-1. A cell
 * can be white where a state has it white between the two, or as the
 * cell after a block; black where a block start agrees with both. */
/* The cells are padded with a white cell at n, so that a white cell
 * follows every block. A state (j, i) is "j blocks placed, the next may
 * start at i": up[j] holds the i that cells 0..i-1 reach with blocks
 * 0..j-1, down[j] the i from which cells i..n take blocks j..k-1. A cell
 * can be white where a state has it white between the two, or as the
 * cell after a block; black where a block start agrees with both. */
gboolean
_pw_nono_line_solve (const guint8   *clue,
                     guint           k,
                     guint8         *cells,
                     guint           n,
                     PwNonoLineWork *work)
{
  Bits white = 0, black = 0;

  g_assert (n <= work->max_len && k <= work->max_blocks && n <= 125);

  for (guint i = 0; i < n; i++)
    {
      if (cells[i] & PW_NONO_WHITE)
        white |= ONE << i;
      if (cells[i] & PW_NONO_BLACK)
        black |= ONE << i;
    }
  if (!line_solve_bits (clue, k, n, &white, &black))
    return FALSE;
  for (guint i = 0; i < n; i++)
    cells[i] = ((white >> i & 1) ? PW_NONO_WHITE : 0) | ((black >> i & 1) ? PW_NONO_BLACK : 0);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The solver: cells, trail, queue of lines                             */

struct _PwNonoSolver
{
  PwDeadline     *deadline;   /* stops searches as their budgets do; NULL: none */
  guint           width;
  guint           height;
  guint           n_cells;
  guint           n_lines;
  PwNonoClues    *clues;

  guint8         *cells;
  Bits           *white;       /* per line (rows, then columns): cells that can be white */
  Bits           *black;       /* and black */
  guint32        *trail;       /* cells changed, in order */
  guint8         *trail_old;   /* their states before */
  guint           trail_len;

  guint8         *dirty;       /* line queued */
  guint          *queue;       /* ring of n_lines */
  guint           q_head;
  guint           q_count;

  guint8         *line;
  PwNonoLineWork *work;
  guint64         line_solves;

  /* line solves remembered (direct-mapped): the line's masks before and
   * after, and which line (0: empty entry) and whether it was solvable */
  struct CacheEntry
  {
    Bits    white;
    Bits    black;
    Bits    new_white;
    Bits    new_black;
    guint32 line;
    guint32 ok;
  }              *cache;
  guint           cache_mask;

  /* search: how often each cell took part in a conflict lately (the
   * decided cell and the cells of the line that failed), so that search
   * turns to the knot that fails rather than round it */
  double         *activity;
  double          bump;
  guint           conflict_line;

  /* probing */
  guint32        *stamp;
  guint8         *stamp_value;
  guint32         probe_id;
  guint32        *agree;
  guint8         *agree_value;
};

PwNonoSolver *
_pw_nono_solver_new (guint              width,
                     guint              height,
                     const PwNonoClues *clues)
{
  PwNonoSolver *s;
  guint max_len = MAX (width, height), max_blocks = 0;

  g_return_val_if_fail (clues != NULL && clues->n_lines == width + height, NULL);

  s = g_new0 (PwNonoSolver, 1);
  s->width = width;
  s->height = height;
  s->n_cells = width * height;
  s->n_lines = width + height;
  s->clues = _pw_nono_clues_copy (clues);
  for (guint l = 0; l < s->n_lines; l++)
    max_blocks = MAX (max_blocks, _pw_nono_clues_count (clues, l));
  s->cells = g_new (guint8, s->n_cells);
  s->white = g_new (Bits, s->n_lines);
  s->black = g_new (Bits, s->n_lines);
  s->trail = g_new (guint32, s->n_cells);
  s->trail_old = g_new (guint8, s->n_cells);
  s->dirty = g_new0 (guint8, s->n_lines);
  s->queue = g_new (guint, s->n_lines);
  s->line = g_new (guint8, max_len);
  s->work = _pw_nono_line_work_new (max_len, max_blocks);
  s->stamp = g_new0 (guint32, s->n_cells);
  s->stamp_value = g_new0 (guint8, s->n_cells);
  s->agree = g_new (guint32, s->n_cells);
  s->agree_value = g_new (guint8, s->n_cells);
  s->activity = g_new0 (double, s->n_cells);
  {
    guint entries = 1024;

    while (entries < 16 * s->n_cells && entries < (1u << 18))
      entries <<= 1;
    s->cache_mask = entries - 1;
    s->cache = g_new0 (struct CacheEntry, entries);
  }
  return s;
}

void
_pw_nono_solver_free (PwNonoSolver *s)
{
  if (s == NULL)
    return;
  _pw_nono_clues_free (s->clues);
  g_free (s->cells);
  g_free (s->white);
  g_free (s->black);
  g_free (s->trail);
  g_free (s->trail_old);
  g_free (s->dirty);
  g_free (s->queue);
  g_free (s->line);
  _pw_nono_line_work_free (s->work);
  g_free (s->stamp);
  g_free (s->stamp_value);
  g_free (s->agree);
  g_free (s->agree_value);
  g_free (s->cache);
  g_free (s->activity);
  g_free (s);
}

void
_pw_nono_solver_set_deadline (PwNonoSolver *solver,
                              PwDeadline   *deadline)
{
  solver->deadline = deadline;
}

guint64
_pw_nono_solver_line_solves (PwNonoSolver *s)
{
  return s->line_solves;
}

static inline void
enqueue (PwNonoSolver *s,
         guint         line)
{
  if (s->dirty[line])
    return;
  s->dirty[line] = 1;
  s->queue[(s->q_head + s->q_count) % s->n_lines] = line;
  s->q_count++;
}

static void
clear_queue (PwNonoSolver *s)
{
  while (s->q_count > 0)
    {
      s->dirty[s->queue[s->q_head]] = 0;
      s->q_head = (s->q_head + 1) % s->n_lines;
      s->q_count--;
    }
}

static inline void
set_cell (PwNonoSolver *s,
          guint         cell,
          guint8        value)
{
  guint x = cell % s->width, y = cell / s->width, column = s->height + x;

  g_assert (s->trail_len < s->n_cells);
  s->trail[s->trail_len] = cell;
  s->trail_old[s->trail_len] = s->cells[cell];
  s->trail_len++;
  s->cells[cell] = value;
  if (!(value & PW_NONO_WHITE))
    {
      s->white[y] &= ~(ONE << x);
      s->white[column] &= ~(ONE << y);
    }
  if (!(value & PW_NONO_BLACK))
    {
      s->black[y] &= ~(ONE << x);
      s->black[column] &= ~(ONE << y);
    }
}

/* Sets @cell and queues its row and column. */
static inline void
decide (PwNonoSolver *s,
        guint         cell,
        guint8        value)
{
  set_cell (s, cell, value);
  enqueue (s, cell / s->width);
  enqueue (s, s->height + cell % s->width);
}

static void
undo (PwNonoSolver *s,
      guint         mark)
{
  while (s->trail_len > mark)
    {
      guint cell, x, y;
      guint8 old;

      s->trail_len--;
      cell = s->trail[s->trail_len];
      old = s->trail_old[s->trail_len];
      x = cell % s->width;
      y = cell / s->width;
      s->cells[cell] = old;
      if (old & PW_NONO_WHITE)
        {
          s->white[y] |= ONE << x;
          s->white[s->height + x] |= ONE << y;
        }
      if (old & PW_NONO_BLACK)
        {
          s->black[y] |= ONE << x;
          s->black[s->height + x] |= ONE << y;
        }
    }
}

static inline void
line_geometry (const PwNonoSolver *s,
               guint               line,
               guint              *first,
               guint              *step,
               guint              *n)
{
  if (line < s->height)
    {
      *first = line * s->width;
      *step = 1;
      *n = s->width;
    }
  else
    {
      *first = line - s->height;
      *step = s->width;
      *n = s->height;
    }
}

/* Solves @line and applies what it finds; FALSE on a contradiction.
 * *@changed counts the cells it decided. */
static gboolean
solve_line (PwNonoSolver *s,
            guint         line,
            gboolean      queue_crossing,
            guint        *changed)
{
  gboolean row = line < s->height;
  guint n = row ? s->width : s->height;
  Bits white = s->white[line], black = s->black[line], changes;
  guint64 hash;
  struct CacheEntry *entry;

  hash = ((guint64) white ^ (guint64) (white >> 64) * 31) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  hash = (hash ^ (guint64) black ^ (guint64) (black >> 64) * 17 ^ line) *
         G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  hash ^= hash >> 31;
  entry = &s->cache[hash & s->cache_mask];
  if (entry->line == line + 1 && entry->white == white && entry->black == black)
    {
      if (!entry->ok)
        return FALSE;
      white = entry->new_white;
      black = entry->new_black;
    }
  else
    {
      gboolean ok;

      s->line_solves++;
      entry->line = line + 1;
      entry->white = white;
      entry->black = black;
      ok = line_solve_bits (_pw_nono_clues_line (s->clues, line),
                            _pw_nono_clues_count (s->clues, line), n, &white, &black);
      entry->ok = ok;
      entry->new_white = white;
      entry->new_black = black;
      if (!ok)
        return FALSE;
    }
  changes = (s->white[line] & ~white) | (s->black[line] & ~black);
  while (changes != 0)
    {
      guint64 low = (guint64) changes;
      guint i = low != 0 ? (guint) __builtin_ctzll (low)
                         : 64 + (guint) __builtin_ctzll ((guint64) (changes >> 64));
      guint cell = row ? line * s->width + i : i * s->width + (line - s->height);
      guint8 value = ((white >> i & 1) ? PW_NONO_WHITE : 0) | ((black >> i & 1) ? PW_NONO_BLACK : 0);

      changes &= changes - 1;
      set_cell (s, cell, value);
      (*changed)++;
      if (queue_crossing)
        enqueue (s, row ? s->height + i : i);
    }
  return TRUE;
}

/* Solves queued lines until none is left; FALSE on a contradiction (the
 * queue is then emptied). */
static gboolean
propagate (PwNonoSolver *s)
{
  while (s->q_count > 0)
    {
      guint line = s->queue[s->q_head], changed = 0;

      s->q_head = (s->q_head + 1) % s->n_lines;
      s->q_count--;
      s->dirty[line] = 0;
      if (!solve_line (s, line, TRUE, &changed))
        {
          s->conflict_line = line;
          clear_queue (s);
          return FALSE;
        }
    }
  return TRUE;
}

static void
reset (PwNonoSolver *s)
{
  memset (s->cells, PW_NONO_UNKNOWN, s->n_cells);
  for (guint l = 0; l < s->n_lines; l++)
    s->white[l] = s->black[l] = (ONE << (l < s->height ? s->width : s->height)) - 1;
  s->trail_len = 0;
  clear_queue (s);
  s->q_head = 0;
}

static void
queue_all (PwNonoSolver *s)
{
  for (guint l = 0; l < s->n_lines; l++)
    enqueue (s, l);
}

/* A conflict: the cells of the line that failed and @cell gain weight,
 * later conflicts more (the weights are scaled down when they grow). */
static void
bump_conflict (PwNonoSolver *s,
               int           cell)
{
  guint first, step, n;

  line_geometry (s, s->conflict_line, &first, &step, &n);
  for (guint i = 0; i < n; i++)
    s->activity[first + i * step] += s->bump;
  if (cell >= 0)
    s->activity[cell] += s->bump;
  s->bump *= 1.05;
  if (s->bump > 1e100)
    {
      for (guint c = 0; c < s->n_cells; c++)
        s->activity[c] *= 1e-100;
      s->bump *= 1e-100;
    }
}

/* ------------------------------------------------------------------ */
/* Probing                                                              */

typedef enum
{
  PROBE_OK,
  PROBE_CONTRADICTION,
  PROBE_STOPPED,      /* cancelled or out of line solves */
} ProbeStatus;

/* Probes every undecided cell until a round decides nothing. *@best is
 * then the undecided cell whose two tries decided the most (-1: none
 * left). */
static ProbeStatus
probe (PwNonoSolver *s,
       int          *best,
       guint64       line_limit,
       GCancellable *cancellable)
{
  gboolean changed;
  guint tried = 0;

  do
    {
      double best_score = 0;

      changed = FALSE;
      *best = -1;
      for (guint c = 0; c < s->n_cells; c++)
        {
          guint mark = s->trail_len, n_black, n_white, n_agree = 0;
          gboolean black_ok, white_ok;

          if (s->cells[c] != PW_NONO_UNKNOWN)
            continue;
          if ((++tried & 63) == 0 &&
              (g_cancellable_is_cancelled (cancellable) ||
               (line_limit > 0 && s->line_solves > line_limit) ||
               pw_deadline_passed (s->deadline)))
            return PROBE_STOPPED;

          s->probe_id++;
          decide (s, c, PW_NONO_BLACK);
          black_ok = propagate (s);
          n_black = s->trail_len - mark;
          if (black_ok)
            for (guint t = mark + 1; t < s->trail_len; t++)
              {
                s->stamp[s->trail[t]] = s->probe_id;
                s->stamp_value[s->trail[t]] = s->cells[s->trail[t]];
              }
          undo (s, mark);

          decide (s, c, PW_NONO_WHITE);
          white_ok = propagate (s);
          n_white = s->trail_len - mark;
          if (!white_ok)
            {
              undo (s, mark);
              if (!black_ok)
                return PROBE_CONTRADICTION;
              decide (s, c, PW_NONO_BLACK);
              if (!propagate (s))
                return PROBE_CONTRADICTION;
              changed = TRUE;
              continue;
            }
          if (!black_ok)
            {
              /* the white try stands */
              changed = TRUE;
              continue;
            }
          for (guint t = mark + 1; t < s->trail_len; t++)
            {
              guint cell = s->trail[t];

              if (s->stamp[cell] == s->probe_id && s->stamp_value[cell] == s->cells[cell])
                {
                  s->agree[n_agree] = cell;
                  s->agree_value[n_agree] = s->cells[cell];
                  n_agree++;
                }
            }
          undo (s, mark);
          if (n_agree > 0)
            {
              for (guint a = 0; a < n_agree; a++)
                decide (s, s->agree[a], s->agree_value[a]);
              if (!propagate (s))
                return PROBE_CONTRADICTION;
              changed = TRUE;
            }
          else
            {
              /* both tries decide much, and the cell is in the knot where
               * search keeps failing */
              double weight = 1 + s->activity[c];
              double score = (double) n_black * n_white * weight * weight;

              if (*best < 0 || score > best_score)
                {
                  *best = c;
                  best_score = score;
                }
            }
        }
    }
  while (changed);
  return PROBE_OK;
}

/* ------------------------------------------------------------------ */
/* Search                                                               */

void
_pw_nono_search_init (PwNonoSearch *search)
{
  memset (search, 0, sizeof *search);
  search->max_solutions = 2;
  search->probing = TRUE;
}

typedef struct
{
  guint    mark;
  guint    cell;
  guint8   second;
  gboolean tried_second;
} Frame;

static void
record (const PwNonoSolver *s,
        guint8             *out)
{
  for (guint c = 0; c < s->n_cells; c++)
    out[c] = s->cells[c] == PW_NONO_BLACK;
}

static gboolean
cancelled (GCancellable  *cancellable,
           GError       **error)
{
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

gboolean
_pw_nono_solve (PwNonoSolver       *s,
                const PwNonoSearch *search,
                PwNonoResult       *result,
                GError            **error)
{
  g_autofree Frame *frames = g_new (Frame, s->n_cells + 1);
  g_autofree guint *open = search->random_order ? g_new (guint, s->n_cells) : NULL;
  g_autoptr(GRand) rand = NULL;
  guint64 line_limit = search->max_line_solves > 0 ? s->line_solves + search->max_line_solves : 0;
  /* restarts (not in random orders): each run stops after run_limit
   * nodes and the next begins again at the root, turning first to the
   * cells the failures so far went through; the limit triples each time,
   * so the last run, which ends, does most of the work (on TAAI 2011
   * #301-#700, tripling took 140,915 nodes, doubling 217,220, growing by
   * half 197,386, Luby sequences of 64 to 256 more) */
  gboolean restarts = !search->random_order;
  guint64 run_limit = 64, run_start = 0;
  /* solutions found in any run, so that a restart loses none: when two
   * runs between them have found max_solutions different ones, that is
   * the count */
  guint memo = restarts ? (guint) MIN (search->max_solutions, 16) : 0, n_found = 0;
  g_autofree guint8 *found = memo > 0 ? g_new (guint8, (gsize) memo * s->n_cells) : NULL;
  guint depth = 0;
  gboolean ok;

  memset (result, 0, sizeof *result);
  if (search->random_order)
    {
      guint32 seed[2] = { (guint32) search->seed, (guint32) (search->seed >> 32) };

      rand = g_rand_new_with_seed_array (seed, 2);
    }

  reset (s);
  memset (s->activity, 0, sizeof (double) * s->n_cells);
  s->bump = 1;
  queue_all (s);
  ok = propagate (s);
  for (;;)
    {
      if (ok)
        {
          int cell = -1;
          guint8 first;

          result->nodes++;
          if ((search->max_nodes > 0 && result->nodes > search->max_nodes) ||
              (line_limit > 0 && s->line_solves > line_limit) ||
              pw_deadline_passed (s->deadline))
            {
              result->nodes--;
              result->node_limit = TRUE;
              break;
            }
          if (cancelled (search->cancellable, error))
            return FALSE;
          if (restarts && result->nodes - run_start > run_limit)
            {
              reset (s);
              queue_all (s);
              depth = 0;
              result->solutions = 0;
              run_start = result->nodes;
              run_limit *= 3;
              ok = propagate (s);
              continue;
            }
          if (search->probing)
            {
              ProbeStatus status = probe (s, &cell, line_limit, search->cancellable);

              if (status == PROBE_STOPPED)
                {
                  if (cancelled (search->cancellable, error))
                    return FALSE;
                  result->node_limit = TRUE;
                  break;
                }
              ok = status == PROBE_OK;
              if (!ok)
                continue;
            }
          if (search->random_order && (cell >= 0 || !search->probing))
            {
              guint n_open = 0;

              for (guint c = 0; c < s->n_cells; c++)
                if (s->cells[c] == PW_NONO_UNKNOWN)
                  open[n_open++] = c;
              cell = n_open > 0 ? (int) open[g_rand_int_range (rand, 0, n_open)] : -1;
            }
          else if (!search->probing)
            for (guint c = 0; c < s->n_cells && cell < 0; c++)
              if (s->cells[c] == PW_NONO_UNKNOWN)
                cell = c;

          if (cell < 0)
            {
              /* every cell decided, every line agreeing */
              if (memo > 0)
                {
                  gboolean fresh = n_found < memo;

                  for (guint f = 0; f < n_found && fresh; f++)
                    {
                      const guint8 *known = found + (gsize) f * s->n_cells;
                      guint c = 0;

                      while (c < s->n_cells && known[c] == (s->cells[c] == PW_NONO_BLACK))
                        c++;
                      fresh = c < s->n_cells;
                    }
                  if (fresh)
                    record (s, found + (gsize) n_found++ * s->n_cells);
                }
              else if (result->solutions == 0 && search->first != NULL)
                record (s, search->first);
              else if (result->solutions == 1 && search->second != NULL)
                record (s, search->second);
              result->solutions++;
              if (result->solutions >= search->max_solutions || n_found >= search->max_solutions)
                break;
              ok = FALSE;
              continue;
            }
          /* black first (trying first the colour whose probe decided
           * fewer or more cells was no better on TAAI puzzles) */
          first = search->random_order && g_rand_boolean (rand) ? PW_NONO_WHITE : PW_NONO_BLACK;
          frames[depth].mark = s->trail_len;
          frames[depth].cell = cell;
          frames[depth].second = first ^ PW_NONO_UNKNOWN;
          frames[depth].tried_second = FALSE;
          depth++;
          decide (s, cell, first);
          ok = propagate (s);
          continue;
        }

      /* back to the latest choice with a colour left */
      if (depth > 0)
        bump_conflict (s, frames[depth - 1].cell);
      while (depth > 0 && frames[depth - 1].tried_second)
        depth--;
      if (depth == 0)
        break;
      undo (s, frames[depth - 1].mark);
      frames[depth - 1].tried_second = TRUE;
      decide (s, frames[depth - 1].cell, frames[depth - 1].second);
      ok = propagate (s);
    }
  clear_queue (s);
  if (memo > 0)
    {
      result->solutions = MAX (result->solutions, n_found);
      if (n_found > 0 && search->first != NULL)
        memcpy (search->first, found, s->n_cells);
      if (n_found > 1 && search->second != NULL)
        memcpy (search->second, found + s->n_cells, s->n_cells);
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Hints: one line at a time                                            */

char *
_pw_nono_clue_text (const PwNonoClues *clues,
                    guint              line)
{
  GString *text = g_string_new (NULL);
  guint k;

  g_return_val_if_fail (clues != NULL && line < clues->n_lines, NULL);

  k = _pw_nono_clues_count (clues, line);
  for (guint j = 0; j < k; j++)
    g_string_append_printf (text, "%s%u", j > 0 ? " " : "", _pw_nono_clues_line (clues, line)[j]);
  if (k == 0)
    g_string_append_c (text, '0');
  return g_string_free (text, FALSE);
}

void
_pw_nono_step_free (PwNonoStep *step)
{
  if (step == NULL)
    return;
  g_array_unref (step->black);
  g_array_unref (step->white);
  g_free (step->sentence);
  g_free (step);
}

static PwNonoStep *
step_new (guint              line,
          gboolean           contradiction,
          guint              height,
          const PwNonoClues *clues)
{
  PwNonoStep *step = g_new0 (PwNonoStep, 1);
  g_autofree char *clue = _pw_nono_clue_text (clues, line);
  gboolean row = line < height;
  guint number = (row ? line : line - height) + 1;

  step->line = line;
  step->contradiction = contradiction;
  step->black = g_array_new (FALSE, FALSE, sizeof (guint));
  step->white = g_array_new (FALSE, FALSE, sizeof (guint));
  if (contradiction)
    step->sentence = g_strdup_printf (row
                                      /* Translators: a nonogram hint; %u a row, %s its clues */
                                      ? _("Row %u (clues %s): its blocks fit no way with the cells "
                                          "marked there, so one of them is wrong.")
                                      : _("Column %u (clues %s): its blocks fit no way with the "
                                          "cells marked there, so one of them is wrong."),
                                      number, clue);
  return step;
}

/* The sentence of a step that decides cells, once they are known: which
 * line, and how many of its cells turn black and how many empty. */
static void
step_describe (PwNonoStep        *step,
               guint              height,
               const PwNonoClues *clues)
{
  g_autofree char *clue = _pw_nono_clue_text (clues, step->line);
  gboolean row = step->line < height;
  guint number = (row ? step->line : step->line - height) + 1;
  g_autofree char *black = NULL;
  g_autofree char *white = NULL;
  g_autofree char *what = NULL;

  if (step->black->len > 0)
    /* Translators: part of a nonogram hint, "… agrees that 3 cells are black" */
    black = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell is black",
                                          "%u cells are black", step->black->len),
                             step->black->len);
  if (step->white->len > 0)
    /* Translators: part of a nonogram hint, "… agrees that 2 cells are empty" */
    white = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell is empty (a cross)",
                                          "%u cells are empty (crosses)", step->white->len),
                             step->white->len);
  if (black != NULL && white != NULL)
    /* Translators: joins the two parts of a nonogram hint: "3 cells are black and 2 cells are empty" */
    what = g_strdup_printf (_("%s and %s"), black, white);
  else
    what = g_strdup (black != NULL ? black : white);
  g_free (step->sentence);
  step->sentence = g_strdup_printf (row
                                    /* Translators: a nonogram hint; %u a row, %s its clues,
                                     * the last %s what is decided ("3 cells are black") */
                                    ? _("Row %u (clues %s): every way its blocks fit with the "
                                        "cells known agrees that %s, as shown.")
                                    : _("Column %u (clues %s): every way its blocks fit with the "
                                        "cells known agrees that %s, as shown."),
                                    number, clue, what);
}

PwNonoStep *
_pw_nono_next_step (guint              width,
                    guint              height,
                    const PwNonoClues *clues,
                    const guint8      *cells)
{
  g_autoptr(PwNonoLineWork) work = NULL;
  g_autofree guint8 *line = NULL;
  g_autofree guint8 *best_line = NULL;
  guint best = G_MAXUINT, best_fixed = 0, blocks = 0;

  g_return_val_if_fail (clues != NULL && clues->n_lines == width + height, NULL);
  g_return_val_if_fail (cells != NULL, NULL);

  for (guint l = 0; l < clues->n_lines; l++)
    blocks = MAX (blocks, _pw_nono_clues_count (clues, l));
  work = _pw_nono_line_work_new (MAX (width, height), blocks);
  line = g_new (guint8, MAX (width, height));
  best_line = g_new (guint8, MAX (width, height));
  for (guint l = 0; l < width + height; l++)
    {
      gboolean row = l < height;
      guint n = row ? width : height, fixed = 0;
      guint first = row ? l * width : l - height, stride = row ? 1 : width;

      for (guint i = 0; i < n; i++)
        line[i] = cells[first + i * stride];
      if (!_pw_nono_line_solve (_pw_nono_clues_line (clues, l), _pw_nono_clues_count (clues, l),
                                line, n, work))
        return step_new (l, TRUE, height, clues);
      for (guint i = 0; i < n; i++)
        fixed += cells[first + i * stride] == PW_NONO_UNKNOWN && line[i] != PW_NONO_UNKNOWN;
      if (fixed > best_fixed)
        {
          best = l;
          best_fixed = fixed;
          memcpy (best_line, line, n);
        }
    }
  if (best == G_MAXUINT)
    return NULL;
  {
    PwNonoStep *step = step_new (best, FALSE, height, clues);
    gboolean row = best < height;
    guint n = row ? width : height;
    guint first = row ? best * width : best - height, stride = row ? 1 : width;

    for (guint i = 0; i < n; i++)
      {
        guint c = first + i * stride;

        if (cells[c] != PW_NONO_UNKNOWN)
          continue;
        if (best_line[i] == PW_NONO_BLACK)
          g_array_append_val (step->black, c);
        else if (best_line[i] == PW_NONO_WHITE)
          g_array_append_val (step->white, c);
      }
    step_describe (step, height, clues);
    return step;
  }
}

/* ------------------------------------------------------------------ */
/* The grader                                                           */

gboolean
_pw_nono_grade (PwNonoSolver  *s,
                guint64        max_line_solves,
                PwNonoGrade   *grade,
                GCancellable  *cancellable,
                GError       **error)
{
  gboolean open = FALSE;
  int best;

  reset (s);
  grade->passes = 0;
  grade->contradiction = FALSE;
  grade->line_solvable = FALSE;
  grade->limited = FALSE;
  grade->depth = 0;

  /* full passes: every row, then every column */
  for (;;)
    {
      guint changed = 0;

      for (guint l = 0; l < s->n_lines && !grade->contradiction; l++)
        if (!solve_line (s, l, FALSE, &changed))
          grade->contradiction = TRUE;
      if (grade->contradiction || changed == 0)
        break;
      grade->passes++;
      if (cancelled (cancellable, error))
        return FALSE;
    }
  for (guint c = 0; c < s->n_cells; c++)
    {
      gboolean undecided = s->cells[c] == PW_NONO_UNKNOWN;

      if (grade->undecided != NULL)
        grade->undecided[c] = undecided && !grade->contradiction;
      open |= undecided;
    }
  if (grade->contradiction)
    return TRUE;
  grade->line_solvable = !open;
  if (!open)
    return TRUE;

  switch (probe (s, &best, max_line_solves, cancellable))
    {
    case PROBE_STOPPED:
      if (cancelled (cancellable, error))
        return FALSE;
      grade->limited = TRUE;
      break;
    case PROBE_CONTRADICTION:
      grade->contradiction = TRUE;
      break;
    case PROBE_OK:
    default:
      grade->depth = best < 0 ? 1 : 2;
      break;
    }
  clear_queue (s);
  return TRUE;
}
