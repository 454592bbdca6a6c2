/* queens-solve.c — the searches of the queens and star-battle kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two dedicated searches on bit boards (a row of at most 32 cells is one
 * word): N-Queens with given and blocked cells, and Star Battle.
 * queens-private.h says what each propagates and how it chooses.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "queens-private.h"

#define MAX_N     PW_QUEENS_MAX_N
#define MAX_CELLS (MAX_N * MAX_N)
#define MAX_UNITS (3 * MAX_N)

static inline guint64
next_random (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static inline guint
lowest (guint64 bits)
{
  return __builtin_ctzll (bits);
}

static inline gboolean
single (guint64 bits)
{
  return bits != 0 && (bits & (bits - 1)) == 0;
}

static inline guint
count_bits (guint64 bits)
{
  return __builtin_popcountll (bits);
}

/* What stops a search, shared by both. */
typedef struct
{
  guint64              max_solutions;
  guint64              max_nodes;
  gboolean             random_order;
  guint64              random;
  PwQueensSolutionFunc on_solution;
  gpointer             on_solution_data;
  GCancellable        *cancellable;
  PwDeadline          *deadline;

  guint64              nodes;
  guint64              solutions;
  gboolean             stopped;     /* by a cap, the callback or a cancel */
  gboolean             node_limit;
  gboolean             cancelled;
} Control;

/* Counts a node; FALSE when the search must stop first. */
static gboolean
control_node (Control *ctl)
{
  if (ctl->max_nodes != 0 && ctl->nodes >= ctl->max_nodes)
    {
      ctl->stopped = ctl->node_limit = TRUE;
      return FALSE;
    }
  if ((ctl->nodes & 4095) == 0)
    {
      if (g_cancellable_is_cancelled (ctl->cancellable))
        {
          ctl->stopped = ctl->cancelled = TRUE;
          return FALSE;
        }
      if (pw_deadline_passed (ctl->deadline))
        {
          ctl->stopped = ctl->node_limit = TRUE;
          return FALSE;
        }
    }
  ctl->nodes++;
  return TRUE;
}

static void
control_solution (Control      *ctl,
                  const guint8 *cells)
{
  ctl->solutions++;
  if (ctl->on_solution != NULL && !ctl->on_solution (cells, ctl->on_solution_data))
    ctl->stopped = TRUE;
  if (ctl->max_solutions != 0 && ctl->solutions >= ctl->max_solutions)
    ctl->stopped = TRUE;
}

/* Shuffles @items in place. */
static void
shuffle (guint   *items,
         guint    count,
         guint64 *random)
{
  for (guint i = count; i > 1; i--)
    {
      guint j = next_random (random) % i, t = items[i - 1];

      items[i - 1] = items[j];
      items[j] = t;
    }
}

/* ------------------------------------------------------------------ */
/* N-Queens                                                             */

typedef struct
{
  Control  ctl;
  guint    n;
  guint32  full;
  guint32  allowed[MAX_N];
  guint8   solution[MAX_CELLS];
} Queens;

typedef struct
{
  guint32 rows_left;  /* rows without their queen */
  guint32 cols;       /* columns with one */
  guint64 up;         /* diagonals x + y with one */
  guint64 down;       /* diagonals x − y + n − 1 with one */
  guint8  col_of[MAX_N];
} QState;

static inline void
queen_place (const Queens *q,
             QState       *st,
             guint         y,
             guint         x)
{
  st->rows_left &= ~(1u << y);
  st->cols |= 1u << x;
  st->up |= G_GUINT64_CONSTANT (1) << (x + y);
  st->down |= G_GUINT64_CONSTANT (1) << (x + q->n - 1 - y);
  st->col_of[y] = x;
}

/* The cells of row @y a queen can still take. */
static inline guint32
queen_free (const Queens *q,
            const QState *st,
            guint         y)
{
  return q->allowed[y] & ~st->cols & ~(guint32) (st->up >> y) &
         ~(guint32) (st->down >> (q->n - 1 - y)) & q->full;
}

/* Places forced queens (one cell left in a row or a column) to a
 * fixpoint; FALSE when a row or column has no cell left. */
static gboolean
queens_propagate (const Queens *q,
                  QState       *st)
{
again:
  {
    guint32 seen1 = 0, seen2 = 0, once, open_cols;

    for (guint32 rows = st->rows_left; rows != 0; rows &= rows - 1)
      {
        guint y = lowest (rows);
        guint32 cells = queen_free (q, st, y);

        if (cells == 0)
          return FALSE;
        if (single (cells))
          {
            queen_place (q, st, y, lowest (cells));
            goto again;
          }
        seen2 |= seen1 & cells;
        seen1 |= cells;
      }
    if (st->rows_left == 0)
      return TRUE;
    open_cols = q->full & ~st->cols;
    if ((open_cols & ~seen1) != 0)
      return FALSE;
    once = open_cols & seen1 & ~seen2;
    if (once != 0)
      {
        guint x = lowest (once);

        for (guint32 rows = st->rows_left; rows != 0; rows &= rows - 1)
          {
            guint y = lowest (rows);

            if (queen_free (q, st, y) >> x & 1)
              {
                queen_place (q, st, y, x);
                goto again;
              }
          }
        g_assert_not_reached ();
      }
  }
  return TRUE;
}

static void
queens_search (Queens *q,
               QState *st)
{
  guint best = 0, best_count = G_MAXUINT, ties = 0;
  guint order[MAX_N], n_order = 0;
  guint32 cells;

  if (!queens_propagate (q, st))
    return;
  if (st->rows_left == 0)
    {
      memset (q->solution, 0, q->n * q->n);
      for (guint y = 0; y < q->n; y++)
        q->solution[y * q->n + st->col_of[y]] = 1;
      control_solution (&q->ctl, q->solution);
      return;
    }
  for (guint32 rows = st->rows_left; rows != 0; rows &= rows - 1)
    {
      guint y = lowest (rows);
      guint count = count_bits (queen_free (q, st, y));

      if (count < best_count)
        {
          best = y;
          best_count = count;
          ties = 1;
        }
      else if (count == best_count && q->ctl.random_order &&
               next_random (&q->ctl.random) % ++ties == 0)
        best = y;
    }
  for (cells = queen_free (q, st, best); cells != 0; cells &= cells - 1)
    order[n_order++] = lowest (cells);
  if (q->ctl.random_order)
    shuffle (order, n_order, &q->ctl.random);
  for (guint i = 0; i < n_order && !q->ctl.stopped; i++)
    {
      QState child = *st;

      if (!control_node (&q->ctl))
        return;
      queen_place (q, &child, best, order[i]);
      queens_search (q, &child);
    }
}

static void
run_queens (const PwQueensLevel *level,
            Control             *ctl)
{
  Queens *q = g_new0 (Queens, 1);
  QState root = { 0 };
  guint n = level->n;

  q->ctl = *ctl;
  q->n = n;
  q->full = n == 32 ? G_MAXUINT32 : (1u << n) - 1;
  root.rows_left = q->full;
  for (guint y = 0; y < n; y++)
    {
      q->allowed[y] = q->full;
      for (guint x = 0; x < n; x++)
        if (level->cells[y * n + x] == PW_QUEENS_CELL_BLOCKED)
          q->allowed[y] &= ~(1u << x);
    }
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (level->cells[y * n + x] == PW_QUEENS_CELL_QUEEN)
        {
          /* a second queen in the row, or one attacked: no solution */
          if (!(root.rows_left >> y & 1) || !(queen_free (q, &root, y) >> x & 1))
            goto done;
          q->allowed[y] = 1u << x;
          queen_place (q, &root, y, x);
        }
  queens_search (q, &root);
done:
  *ctl = q->ctl;
  g_free (q);
}

/* ------------------------------------------------------------------ */
/* Star Battle                                                          */

typedef struct
{
  Control  ctl;
  guint    n;
  guint    k;
  guint32  full;
  guint8   region[MAX_CELLS];
  /* units: rows 0..n-1, columns n..2n-1, regions 2n..3n-1; each as a mask
   * per row, and the rows it spans */
  guint32  unit_rows[MAX_UNITS][MAX_N];
  guint8   unit_top[MAX_UNITS];
  guint8   unit_bottom[MAX_UNITS];
  guint8   solution[MAX_CELLS];
} Stars;

typedef struct
{
  guint32 star[MAX_N];
  guint32 out[MAX_N];    /* known empty */
  guint8  stars[MAX_UNITS];
  guint8  open[MAX_UNITS];  /* unknown cells */
  guint16 placed;
} SState;

static gboolean star_out (const Stars *s, SState *st, guint x, guint y);

static inline void
units_of (const Stars *s,
          guint        x,
          guint        y,
          guint       *units)
{
  units[0] = y;
  units[1] = s->n + x;
  units[2] = 2 * s->n + s->region[y * s->n + x];
}

/* Every unknown cell of @unit made a star (@star) or empty. */
static gboolean
unit_fill (const Stars *s,
           SState      *st,
           guint        unit,
           gboolean     star);

static gboolean
star_put (const Stars *s,
          SState      *st,
          guint        x,
          guint        y)
{
  guint units[3];

  if (st->star[y] >> x & 1)
    return TRUE;
  if (st->out[y] >> x & 1)
    return FALSE;
  st->star[y] |= 1u << x;
  st->placed++;
  units_of (s, x, y, units);
  for (guint i = 0; i < 3; i++)
    {
      st->open[units[i]]--;
      if (++st->stars[units[i]] > s->k)
        return FALSE;
    }
  for (guint ny = y > 0 ? y - 1 : 0; ny <= y + 1 && ny < s->n; ny++)
    for (guint nx = x > 0 ? x - 1 : 0; nx <= x + 1 && nx < s->n; nx++)
      if ((nx != x || ny != y) && !star_out (s, st, nx, ny))
        return FALSE;
  for (guint i = 0; i < 3; i++)
    if (st->stars[units[i]] == s->k && st->open[units[i]] > 0 &&
        !unit_fill (s, st, units[i], FALSE))
      return FALSE;
  return TRUE;
}

static gboolean
star_out (const Stars *s,
          SState      *st,
          guint        x,
          guint        y)
{
  guint units[3];

  if (st->out[y] >> x & 1)
    return TRUE;
  if (st->star[y] >> x & 1)
    return FALSE;
  st->out[y] |= 1u << x;
  units_of (s, x, y, units);
  for (guint i = 0; i < 3; i++)
    if (st->stars[units[i]] + --st->open[units[i]] < s->k)
      return FALSE;
  for (guint i = 0; i < 3; i++)
    if (st->open[units[i]] > 0 && st->stars[units[i]] + st->open[units[i]] == s->k &&
        !unit_fill (s, st, units[i], TRUE))
      return FALSE;
  return TRUE;
}

static gboolean
unit_fill (const Stars *s,
           SState      *st,
           guint        unit,
           gboolean     star)
{
  for (guint y = s->unit_top[unit]; y <= s->unit_bottom[unit]; y++)
    for (guint32 cells = s->unit_rows[unit][y] & ~st->star[y] & ~st->out[y]; cells != 0;
         cells &= cells - 1)
      if (!(star ? star_put (s, st, lowest (cells), y) : star_out (s, st, lowest (cells), y)))
        return FALSE;
  return TRUE;
}

/* Stars a line of unknown cells @cells can hold without two touching. */
static guint
line_room (guint64 cells)
{
  guint room = 0;

  while (cells != 0)
    {
      guint start = lowest (cells);
      guint length = __builtin_ctzll (~(cells >> start));

      room += (length + 1) / 2;
      cells &= ~(((G_GUINT64_CONSTANT (1) << length) - 1) << start);
    }
  return room;
}

/* Whether every row, column and region still has room for its stars. */
static gboolean
stars_room (const Stars  *s,
            const SState *st)
{
  guint32 columns[MAX_N] = { 0 };
  guint n = s->n;

  for (guint y = 0; y < n; y++)
    {
      guint32 open = s->full & ~st->star[y] & ~st->out[y];

      if (st->stars[y] < s->k && line_room (open) < s->k - st->stars[y])
        return FALSE;
      for (guint32 cells = open; cells != 0; cells &= cells - 1)
        columns[lowest (cells)] |= 1u << y;
    }
  for (guint x = 0; x < n; x++)
    if (st->stars[n + x] < s->k && line_room (columns[x]) < s->k - st->stars[n + x])
      return FALSE;
  for (guint r = 0; r < n; r++)
    {
      guint unit = 2 * n + r, blocks = 0;

      if (st->stars[unit] >= s->k)
        continue;
      /* 2 × 2 blocks at even rows and columns: one star each at most */
      for (guint y = s->unit_top[unit] & ~1u; y <= s->unit_bottom[unit]; y += 2)
        {
          guint32 cells = s->unit_rows[unit][y] & ~st->star[y] & ~st->out[y];

          if (y + 1 < n)
            cells |= s->unit_rows[unit][y + 1] & ~st->star[y + 1] & ~st->out[y + 1];
          blocks += count_bits ((cells | cells >> 1) & 0x55555555u);
        }
      if (blocks < s->k - st->stars[unit])
        return FALSE;
    }
  return TRUE;
}

static void
stars_search (Stars  *s,
              SState *st)
{
  guint n = s->n, best = G_MAXUINT, best_open = G_MAXUINT, ties = 0;
  /* a row lacking stars has at most n unknown cells: so has the unit chosen */
  guint cells[MAX_N], n_cells = 0, order[MAX_N], options;

  if (!stars_room (s, st))
    return;
  if (st->placed == n * s->k)
    {
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          s->solution[y * n + x] = st->star[y] >> x & 1;
      control_solution (&s->ctl, s->solution);
      return;
    }
  for (guint u = 0; u < 3 * n; u++)
    {
      if (st->stars[u] >= s->k)
        continue;
      if (st->open[u] < best_open)
        {
          best = u;
          best_open = st->open[u];
          ties = 1;
        }
      else if (st->open[u] == best_open && s->ctl.random_order &&
               next_random (&s->ctl.random) % ++ties == 0)
        best = u;
    }
  g_assert (best != G_MAXUINT && best_open <= n);
  for (guint y = s->unit_top[best]; y <= s->unit_bottom[best]; y++)
    for (guint32 row = s->unit_rows[best][y] & ~st->star[y] & ~st->out[y]; row != 0;
         row &= row - 1)
      cells[n_cells++] = y * n + lowest (row);
  /* the unit's next star: the ones after the last k − stars − 1 cells
   * could not all fit */
  options = n_cells - (s->k - st->stars[best]) + 1;
  for (guint i = 0; i < options; i++)
    order[i] = i;
  if (s->ctl.random_order)
    shuffle (order, options, &s->ctl.random);
  for (guint i = 0; i < options && !s->ctl.stopped; i++)
    {
      SState child = *st;
      gboolean ok = TRUE;

      if (!control_node (&s->ctl))
        return;
      for (guint j = 0; j < order[i] && ok; j++)
        ok = star_out (s, &child, cells[j] % n, cells[j] / n);
      if (ok && star_put (s, &child, cells[order[i]] % n, cells[order[i]] / n))
        stars_search (s, &child);
    }
}

static void
run_stars (const PwQueensLevel *level,
           Control             *ctl)
{
  Stars *s = g_new0 (Stars, 1);
  SState root = { 0 };
  guint n = level->n;
  gboolean ok = TRUE;

  s->ctl = *ctl;
  s->n = n;
  s->k = level->stars;
  s->full = n == 32 ? G_MAXUINT32 : (1u << n) - 1;
  memcpy (s->region, level->regions, n * n);
  for (guint u = 0; u < 3 * n; u++)
    {
      s->unit_top[u] = n - 1;
      s->unit_bottom[u] = 0;
    }
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint units[3];

        units_of (s, x, y, units);
        for (guint i = 0; i < 3; i++)
          {
            s->unit_rows[units[i]][y] |= 1u << x;
            s->unit_top[units[i]] = MIN (s->unit_top[units[i]], y);
            s->unit_bottom[units[i]] = MAX (s->unit_bottom[units[i]], y);
            root.open[units[i]]++;
          }
      }
  for (guint u = 0; u < 3 * n && ok; u++)
    ok = root.open[u] >= s->k;
  for (guint c = 0; c < n * n && ok; c++)
    if (level->cells[c] == PW_QUEENS_CELL_BLOCKED)
      ok = star_out (s, &root, c % n, c / n);
  for (guint c = 0; c < n * n && ok; c++)
    if (level->cells[c] == PW_QUEENS_CELL_QUEEN)
      ok = star_put (s, &root, c % n, c / n);
  if (ok)
    stars_search (s, &root);
  *ctl = s->ctl;
  g_free (s);
}

/* ------------------------------------------------------------------ */
/* The entry point                                                      */

void
_pw_queens_search_init (PwQueensSearch *search)
{
  g_return_if_fail (search != NULL);

  memset (search, 0, sizeof *search);
}

gboolean
_pw_queens_search (const PwQueensLevel  *level,
                   const PwQueensSearch *search,
                   PwQueensResult       *result,
                   GError              **error)
{
  Control ctl = { 0 };

  g_return_val_if_fail (level != NULL && search != NULL && result != NULL, FALSE);
  g_return_val_if_fail (level->n >= 1 && level->n <= MAX_N, FALSE);
  g_return_val_if_fail (level->variant == PW_QUEENS_QUEENS || level->regions != NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (g_cancellable_set_error_if_cancelled (search->cancellable, error))
    return FALSE;
  /* searches too short to reach a check stop here once time has run out */
  if (pw_deadline_passed (search->deadline))
    {
      result->node_limit = TRUE;
      return TRUE;
    }
  ctl.max_solutions = search->max_solutions;
  ctl.max_nodes = search->max_nodes;
  ctl.random_order = search->random_order;
  ctl.random = search->seed;
  ctl.on_solution = search->on_solution;
  ctl.on_solution_data = search->on_solution_data;
  ctl.cancellable = search->cancellable;
  ctl.deadline = search->deadline;
  if (level->variant == PW_QUEENS_QUEENS)
    run_queens (level, &ctl);
  else
    run_stars (level, &ctl);

  result->nodes = ctl.nodes;
  result->solutions = ctl.solutions;
  result->exhausted = !ctl.stopped;
  result->node_limit = ctl.node_limit;
  if (ctl.cancelled)
    {
      if (!g_cancellable_set_error_if_cancelled (search->cancellable, error))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The multiple method                                                  */

static guint64
run_seed (guint64 seed,
          guint   run)
{
  guint64 z = seed + (run + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

gboolean
_pw_queens_measure (const PwQueensLevel *level,
                    guint64              seed,
                    guint                runs,
                    guint64             *budget,
                    double              *mean,
                    double              *sd,
                    gboolean            *limited,
                    GCancellable        *cancellable,
                    PwDeadline          *deadline,
                    GError             **error)
{
  g_autofree guint64 *nodes = g_new0 (guint64, runs);
  double sum = 0, squares = 0;

  *limited = FALSE;
  for (guint r = 0; r < runs; r++)
    {
      PwQueensSearch search;
      PwQueensResult result;

      _pw_queens_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (*budget, 1);
      search.random_order = TRUE;
      search.seed = run_seed (seed, r);
      search.cancellable = cancellable;
      search.deadline = deadline;
      if (!_pw_queens_search (level, &search, &result, error))
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
