/* test-numgrid.c — the number-placement search against a plain
 * enumeration of every assignment, on many small random problems
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fd.h"
#include "numgrid.h"
#include "numgrid-private.h"
#include "sudoku9-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* A plain description of a problem, kept apart from the engine's model,
 * and its enumeration: cells in index order, each value in turn, checked
 * only against the cells already set. */

typedef struct
{
  guint   width;
  guint   height;
  guint   n_cells;
  guint   n_values;
  GArray *unit_start;   /* guint: where each unit's cells begin in unit_cells */
  GArray *unit_cells;   /* guint */
  GArray *unit_kind;    /* PwUnitKind */
  GArray *less;         /* guint pairs: smaller, larger */
  guint8 *givens;
} Plain;

static Plain *
plain_new (guint width,
           guint height,
           guint n_values)
{
  Plain *p = g_new0 (Plain, 1);
  guint zero = 0;

  p->width = width;
  p->height = height;
  p->n_cells = width * height;
  p->n_values = n_values;
  p->unit_start = g_array_new (FALSE, FALSE, sizeof (guint));
  p->unit_cells = g_array_new (FALSE, FALSE, sizeof (guint));
  p->unit_kind = g_array_new (FALSE, FALSE, sizeof (PwUnitKind));
  p->less = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  p->givens = g_new0 (guint8, p->n_cells);
  g_array_append_val (p->unit_start, zero);
  return p;
}

static void
plain_free (Plain *p)
{
  g_array_unref (p->unit_start);
  g_array_unref (p->unit_cells);
  g_array_unref (p->unit_kind);
  g_array_unref (p->less);
  g_free (p->givens);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Plain, plain_free)

static guint
plain_n_units (const Plain *p)
{
  return p->unit_kind->len;
}

PW_TEST_ORACLE static const guint *
plain_unit (const Plain *p,
            guint        u,
            guint       *n)
{
  guint start = g_array_index (p->unit_start, guint, u);

  *n = g_array_index (p->unit_start, guint, u + 1) - start;
  return &g_array_index (p->unit_cells, guint, start);
}

static void
plain_add_unit (Plain       *p,
                PwUnitKind   kind,
                const guint *cells,
                guint        n)
{
  guint end;

  g_array_append_vals (p->unit_cells, cells, n);
  end = p->unit_cells->len;
  g_array_append_val (p->unit_start, end);
  g_array_append_val (p->unit_kind, kind);
}

static void
plain_add_less (Plain *p,
                guint  smaller,
                guint  larger)
{
  guint pair[2] = { smaller, larger };

  g_array_append_vals (p->less, pair, 1);
}

static PwNumGrid *
plain_to_grid (const Plain *p)
{
  PwNumGrid *grid = pw_numgrid_new (p->width, p->height, p->n_values);

  for (guint u = 0; u < plain_n_units (p); u++)
    {
      guint n;
      const guint *cells = plain_unit (p, u, &n);

      pw_numgrid_add_unit (grid, g_array_index (p->unit_kind, PwUnitKind, u), u, cells, n);
    }
  for (guint i = 0; i < p->less->len; i++)
    {
      const guint *pair = &g_array_index (p->less, guint, 2 * i);

      pw_numgrid_add_less (grid, pair[0], pair[1]);
    }
  for (guint c = 0; c < p->n_cells; c++)
    pw_numgrid_set_given (grid, c, p->givens[c]);
  return grid;
}

/* cell → the units naming it (a unit naming a cell twice is listed
 * twice), built before an enumeration */
static GArray **
plain_cell_units (const Plain *p)
{
  GArray **cell_units = g_new (GArray *, p->n_cells);

  for (guint c = 0; c < p->n_cells; c++)
    cell_units[c] = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint u = 0; u < plain_n_units (p); u++)
    {
      guint n;
      const guint *cells = plain_unit (p, u, &n);

      for (guint i = 0; i < n; i++)
        g_array_append_val (cell_units[cells[i]], u);
    }
  return cell_units;
}

static void
cell_units_free (GArray **cell_units,
                 guint    n_cells)
{
  for (guint c = 0; c < n_cells; c++)
    g_array_unref (cell_units[c]);
  g_free (cell_units);
}

/* Whether cell @c's value fits with the cells already known: those before
 * it, and fixed ones (givens, assumptions) anywhere, whose values are set
 * from the start. */
PW_TEST_ORACLE static gboolean
plain_fits (const Plain  *p,
            GArray      **cell_units,
            const guint8 *fixed,
            const guint8 *values,
            guint         c)
{
  for (guint k = 0; k < cell_units[c]->len; k++)
    {
      guint n, same = 0;
      const guint *cells = plain_unit (p, g_array_index (cell_units[c], guint, k), &n);

      for (guint i = 0; i < n; i++)
        if ((cells[i] <= c || fixed[cells[i]] != 0) && values[cells[i]] == values[c])
          same++;
      if (same > 1)
        return FALSE;
    }
  for (guint i = 0; i < p->less->len; i++)
    {
      const guint *pair = &g_array_index (p->less, guint, 2 * i);

      guint other = pair[0] == c ? pair[1] : pair[0];

      if ((pair[0] == c || pair[1] == c) && (other <= c || fixed[other] != 0) &&
          values[pair[0]] >= values[pair[1]])
        return FALSE;
    }
  return TRUE;
}

/* Every value 1..n as one byte, so a solution is a string. */
static char *
solution_key (const guint8 *values,
              guint         n_cells)
{
  char *key = g_new (char, n_cells + 1);

  for (guint c = 0; c < n_cells; c++)
    key[c] = (char) values[c];
  key[n_cells] = '\0';
  return key;
}

typedef struct
{
  const Plain  *p;
  GArray      **cell_units;
  guint8       *fixed;    /* givens and assumptions */
  guint8       *values;
  GPtrArray    *out;      /* solution keys, in order */
  guint64       limit;    /* stop after this many (0: all) */
  GRand        *rand;     /* values in a random order, or NULL */
} Enumeration;

PW_TEST_ORACLE static gboolean
enumerate_from (Enumeration *e,
                guint        c)
{
  const Plain *p = e->p;
  guint8 order[PW_NUMGRID_MAX_VALUES];

  /* fixed cells have one value: checked in a loop, not a recursion, so
   * that the depth is the number of free cells */
  for (; c < p->n_cells && e->fixed[c] != 0; c++)
    if (!plain_fits (p, e->cell_units, e->fixed, e->values, c))
      return TRUE;
  if (c == p->n_cells)
    {
      g_ptr_array_add (e->out, solution_key (e->values, p->n_cells));
      return e->limit == 0 || e->out->len < e->limit;
    }
  for (guint v = 1; v <= p->n_values; v++)
    order[v - 1] = v;
  if (e->rand != NULL)
    for (guint i = p->n_values - 1; i > 0; i--)
      {
        guint j = g_rand_int_range (e->rand, 0, i + 1), t = order[i];

        order[i] = order[j];
        order[j] = t;
      }
  for (guint i = 0; i < p->n_values; i++)
    {
      e->values[c] = order[i];
      if (plain_fits (p, e->cell_units, e->fixed, e->values, c) && !enumerate_from (e, c + 1))
        return FALSE;
    }
  e->values[c] = 0;
  return TRUE;
}

static GPtrArray *
enumerate (const Plain  *p,
           const guint8 *assume,
           guint64       limit,
           GRand        *rand)
{
  g_autofree guint8 *values = g_new0 (guint8, p->n_cells);
  g_autofree guint8 *fixed = g_new0 (guint8, p->n_cells);
  Enumeration e = { p, NULL, fixed, values, g_ptr_array_new_with_free_func (g_free), limit, rand };

  for (guint c = 0; c < p->n_cells; c++)
    {
      fixed[c] = p->givens[c];
      if (assume != NULL && assume[c] != 0)
        {
          if (fixed[c] != 0 && fixed[c] != assume[c])
            return e.out;   /* an assumption against a given */
          fixed[c] = assume[c];
        }
      values[c] = fixed[c];
    }
  e.cell_units = plain_cell_units (p);
  enumerate_from (&e, 0);
  cell_units_free (e.cell_units, p->n_cells);
  return e.out;
}

/* Every solution, in order (cell by cell, values ascending). */
static GPtrArray *
plain_solutions (const Plain  *p,
                 const guint8 *assume)
{
  return enumerate (p, assume, 0, NULL);
}

/* One solution with values tried in a random order; FALSE when none. */
static gboolean
plain_random_solution (const Plain *p,
                       GRand       *rand,
                       guint8      *solution)
{
  g_autoptr(GPtrArray) out = enumerate (p, NULL, 1, rand);

  if (out->len == 0)
    return FALSE;
  for (guint c = 0; c < p->n_cells; c++)
    solution[c] = (guint8) ((const char *) out->pdata[0])[c];
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The propagation rules applied plainly, whole passes until nothing
 * changes, and the search that counts nodes by their definition (one
 * value tried at a choice point: the lowest cell among those with the
 * fewest candidates, two or more; values ascending). Domains are one
 * byte per (cell, value). @cell_units is NULL for the rules of
 * PW_NUMGRID_PROPAGATE_SINGLES, and given (plain_cell_units) for
 * PW_NUMGRID_PROPAGATE_LOCKED, which adds locked candidates. */

typedef struct
{
  const Plain *p;
  GArray     **cell_units;
  guint64      nodes;
  guint64      solutions;
} PlainSearch;

PW_TEST_ORACLE static gboolean
cell_in_unit (GArray **cell_units,
              guint    c,
              guint    u)
{
  for (guint i = 0; i < cell_units[c]->len; i++)
    if (g_array_index (cell_units[c], guint, i) == u)
      return TRUE;
  return FALSE;
}

#define DOM(d, c, v) ((d)[(gsize) (c) * p->n_values + (v) - 1])

PW_TEST_ORACLE static guint
dom_count (const Plain  *p,
           const guint8 *dom,
           guint         c)
{
  guint n = 0;

  for (guint v = 1; v <= p->n_values; v++)
    n += DOM (dom, c, v);
  return n;
}

PW_TEST_ORACLE static guint
dom_first (const Plain  *p,
           const guint8 *dom,
           guint         c)
{
  for (guint v = 1; v <= p->n_values; v++)
    if (DOM (dom, c, v))
      return v;
  return 0;
}

PW_TEST_ORACLE static guint
dom_last (const Plain  *p,
          const guint8 *dom,
          guint         c)
{
  for (guint v = p->n_values; v >= 1; v--)
    if (DOM (dom, c, v))
      return v;
  return 0;
}

/* FALSE on a contradiction: an empty cell, a unit of n cells where a value
 * has no place, a unit naming a cell twice. */
PW_TEST_ORACLE static gboolean
plain_propagate (const Plain *p,
                 GArray     **cell_units,
                 guint8      *dom)
{
  gboolean changed = TRUE;
  g_autofree guint *where = g_new (guint, p->n_values);

  for (guint u = 0; u < plain_n_units (p); u++)
    {
      guint n;
      const guint *cells = plain_unit (p, u, &n);

      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          if (cells[i] == cells[j])
            return FALSE;
    }
  while (changed)
    {
      changed = FALSE;
      for (guint c = 0; c < p->n_cells; c++)
        if (dom_count (p, dom, c) == 0)
          return FALSE;
      /* a decided cell's value leaves the other cells of its units */
      for (guint u = 0; u < plain_n_units (p); u++)
        {
          guint n;
          const guint *cells = plain_unit (p, u, &n);

          for (guint i = 0; i < n; i++)
            if (dom_count (p, dom, cells[i]) == 1)
              {
                guint v = dom_first (p, dom, cells[i]);

                for (guint j = 0; j < n; j++)
                  if (j != i && DOM (dom, cells[j], v))
                    {
                      DOM (dom, cells[j], v) = 0;
                      changed = TRUE;
                    }
              }
        }
      /* units of n cells: a value with one place goes there */
      for (guint u = 0; u < plain_n_units (p); u++)
        {
          guint n;
          const guint *cells = plain_unit (p, u, &n);

          if (n != p->n_values)
            continue;
          for (guint v = 1; v <= p->n_values; v++)
            {
              guint places = 0, at = 0;

              for (guint i = 0; i < n; i++)
                if (DOM (dom, cells[i], v))
                  {
                    places++;
                    at = cells[i];
                  }
              if (places == 0)
                return FALSE;
              if (places == 1 && dom_count (p, dom, at) > 1)
                {
                  for (guint w = 1; w <= p->n_values; w++)
                    DOM (dom, at, w) = w == v;
                  changed = TRUE;
                }
            }
        }
      /* locked candidates: when every place of a value in a unit A of n
       * cells is a cell of another unit B, the value leaves the cells of
       * B outside A */
      for (guint a = 0; cell_units != NULL && a < plain_n_units (p); a++)
        {
          guint n;
          const guint *cells = plain_unit (p, a, &n);

          if (n != p->n_values)
            continue;
          for (guint v = 1; v <= p->n_values; v++)
            {
              guint k = 0;

              for (guint i = 0; i < n; i++)
                if (DOM (dom, cells[i], v))
                  where[k++] = cells[i];
              if (k == 0)
                continue;   /* no place: failed above */
              /* B is among the units of the first place */
              for (guint j = 0; j < cell_units[where[0]]->len; j++)
                {
                  guint b = g_array_index (cell_units[where[0]], guint, j), m;
                  const guint *b_cells = plain_unit (p, b, &m);
                  gboolean inside = b != a;

                  for (guint i = 0; i < k && inside; i++)
                    inside = cell_in_unit (cell_units, where[i], b);
                  if (!inside)
                    continue;
                  for (guint i = 0; i < m; i++)
                    if (!cell_in_unit (cell_units, b_cells[i], a) && DOM (dom, b_cells[i], v))
                      {
                        DOM (dom, b_cells[i], v) = 0;
                        changed = TRUE;
                      }
                }
            }
        }
      /* a < b: a below the largest of b, b above the smallest of a */
      for (guint i = 0; i < p->less->len; i++)
        {
          const guint *pair = &g_array_index (p->less, guint, 2 * i);
          guint a = pair[0], b = pair[1];
          guint max_b = dom_last (p, dom, b), min_a = dom_first (p, dom, a);

          for (guint v = 1; v <= p->n_values; v++)
            {
              if (v >= max_b && DOM (dom, a, v))
                {
                  DOM (dom, a, v) = 0;
                  changed = TRUE;
                }
              if (v <= min_a && DOM (dom, b, v))
                {
                  DOM (dom, b, v) = 0;
                  changed = TRUE;
                }
            }
        }
    }
  return TRUE;
}

/* Every value, then givens and assumptions; FALSE when they clash. */
PW_TEST_ORACLE static void
plain_initial (const Plain  *p,
               const guint8 *assume,
               guint8       *dom)
{
  memset (dom, 1, (gsize) p->n_cells * p->n_values);
  for (guint c = 0; c < p->n_cells; c++)
    for (guint v = 1; v <= p->n_values; v++)
      {
        if (p->givens[c] != 0 && p->givens[c] != v)
          DOM (dom, c, v) = 0;
        if (assume != NULL && assume[c] != 0 && assume[c] != v)
          DOM (dom, c, v) = 0;
      }
}

PW_TEST_ORACLE static void
plain_search_from (PlainSearch *ps,
                   guint8      *dom)
{
  const Plain *p = ps->p;
  guint best = G_MAXUINT, best_n = G_MAXUINT;
  g_autofree guint8 *child = NULL;

  if (!plain_propagate (p, ps->cell_units, dom))
    return;
  for (guint c = 0; c < p->n_cells; c++)
    {
      guint n = dom_count (p, dom, c);

      if (n >= 2 && n < best_n)
        {
          best_n = n;
          best = c;
        }
    }
  if (best == G_MAXUINT)
    {
      ps->solutions++;
      return;
    }
  child = g_new (guint8, (gsize) p->n_cells * p->n_values);
  for (guint v = 1; v <= p->n_values; v++)
    if (DOM (dom, best, v))
      {
        ps->nodes++;
        memcpy (child, dom, (gsize) p->n_cells * p->n_values);
        for (guint w = 1; w <= p->n_values; w++)
          DOM (child, best, w) = w == v;
        plain_search_from (ps, child);
      }
}

/* Nodes and solutions of the whole search with the rules of @level. */
static void
plain_search (const Plain          *p,
              const guint8         *assume,
              PwNumGridPropagation  level,
              guint64              *nodes,
              guint64              *solutions)
{
  PlainSearch ps = { p, NULL, 0, 0 };
  g_autofree guint8 *dom = g_new (guint8, (gsize) p->n_cells * p->n_values);

  if (level == PW_NUMGRID_PROPAGATE_LOCKED)
    ps.cell_units = plain_cell_units (p);
  plain_initial (p, assume, dom);
  plain_search_from (&ps, dom);
  *nodes = ps.nodes;
  *solutions = ps.solutions;
  if (ps.cell_units != NULL)
    cell_units_free (ps.cell_units, p->n_cells);
}

/* The root propagation at @level (pw_numgrid_propagate for singles) gives
 * exactly the plain fixpoint. Returns the candidates left, 0 on a
 * contradiction. */
static guint64
assert_root_propagation (const PwNumGrid      *grid,
                         const Plain          *p,
                         const guint8         *assume,
                         PwNumGridPropagation  level)
{
  g_autofree guint8 *dom = g_new (guint8, (gsize) p->n_cells * p->n_values);
  g_autofree PwValueSet *cand = g_new (PwValueSet, p->n_cells);
  GArray **cell_units = level == PW_NUMGRID_PROPAGATE_LOCKED ? plain_cell_units (p) : NULL;
  guint64 left = 0;
  gboolean ok;

  plain_initial (p, assume, dom);
  ok = plain_propagate (p, cell_units, dom);
  if (level == PW_NUMGRID_PROPAGATE_SINGLES)
    g_assert_true (pw_numgrid_propagate (grid, assume, cand) == ok);
  else
    g_assert_true (_pw_numgrid_propagate_level (grid, assume, level, cand) == ok);
  if (ok)
    for (guint c = 0; c < p->n_cells; c++)
      for (guint v = 1; v <= p->n_values; v++)
        {
          g_assert_true (pw_value_set_has (&cand[c], v) == DOM (dom, c, v));
          left += DOM (dom, c, v);
        }
  if (cell_units != NULL)
    cell_units_free (cell_units, p->n_cells);
  return left;
}

#undef DOM

/* ------------------------------------------------------------------ */
/* Running the engine */

typedef struct
{
  const PwNumGrid *grid;
  GPtrArray       *list;
} Collected;

static gboolean
collect (const guint8 *values,
         gpointer      data)
{
  Collected *col = data;

  g_assert_true (pw_numgrid_check (col->grid, values));
  g_ptr_array_add (col->list, solution_key (values, pw_numgrid_get_n_cells (col->grid)));
  return TRUE;
}

/* Runs @search (its callback replaced) and returns the solutions found. */
static GPtrArray *
run (const PwNumGrid *grid,
     PwNumGridSearch  search,
     PwNumGridResult *result)
{
  Collected col = { grid, g_ptr_array_new_with_free_func (g_free) };

  search.on_solution = collect;
  search.on_solution_data = &col;
  g_assert_true (pw_numgrid_search (grid, &search, result, NULL));
  g_assert_cmpuint (result->solutions, ==, col.list->len);
  return col.list;
}

static GHashTable *
key_set (GPtrArray *keys)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < keys->len; i++)
    g_hash_table_add (set, keys->pdata[i]);
  return set;
}

/* @found holds distinct solutions, all in @all. */
static void
assert_subset (GPtrArray  *found,
               GHashTable *all)
{
  g_autoptr(GHashTable) seen = key_set (found);

  g_assert_cmpuint (g_hash_table_size (seen), ==, found->len);
  for (guint i = 0; i < found->len; i++)
    g_assert_true (g_hash_table_contains (all, found->pdata[i]));
}

static void
assert_same_sequence (GPtrArray *a,
                      GPtrArray *b,
                      guint      n)
{
  g_assert_cmpuint (a->len, >=, n);
  g_assert_cmpuint (b->len, >=, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
}

typedef struct
{
  guint64 instances;
  guint64 solutions;
  guint64 none;
  guint64 unique;
  guint64 nodes;
  guint64 locked_nodes;   /* with PW_NUMGRID_PROPAGATE_LOCKED */
} Tally;

/* Everything the engine promises, for one problem, against the plain
 * enumeration. */
static void
check_problem (const Plain *p,
               GRand       *rand,
               Tally       *tally)
{
  g_autoptr(PwNumGrid) grid = plain_to_grid (p);
  g_autoptr(GPtrArray) brute = plain_solutions (p, NULL);
  g_autoptr(GHashTable) all = key_set (brute);
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autofree PwValueSet *cand = g_new (PwValueSet, p->n_cells);
  PwNumGridSearch search;
  PwNumGridResult result, result2;
  guint64 total = brute->len;
  guint64 nodes;
  gboolean ok;

  tally->instances++;
  tally->solutions += total;
  tally->none += total == 0;
  tally->unique += total == 1;

  /* every solution */
  pw_numgrid_search_init (&search);
  found = run (grid, search, &result);
  g_assert_cmpuint (result.solutions, ==, total);
  g_assert_true (result.exhausted);
  g_assert_false (result.node_limit);
  assert_subset (found, all);
  nodes = result.nodes;
  tally->nodes += nodes;

  /* nodes by their definition, from the plain rules */
  {
    guint64 plain_nodes, plain_count;

    plain_search (p, NULL, PW_NUMGRID_PROPAGATE_SINGLES, &plain_nodes, &plain_count);
    g_assert_cmpuint (plain_count, ==, total);
    g_assert_cmpuint (plain_nodes, ==, nodes);
  }

  /* with locked candidates: the same solutions (the choices may differ,
   * so the order may), nodes by that level's definition; the fast path's
   * choice for grids other than the standard 9 × 9 */
  {
    guint64 plain_nodes, plain_count;
    PwNumGridResult result3;
    g_autoptr(GPtrArray) third = NULL;

    search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
    again = run (grid, search, &result2);
    g_assert_cmpuint (result2.solutions, ==, total);
    g_assert_true (result2.exhausted);
    assert_subset (again, all);
    plain_search (p, NULL, PW_NUMGRID_PROPAGATE_LOCKED, &plain_nodes, &plain_count);
    g_assert_cmpuint (plain_count, ==, total);
    g_assert_cmpuint (plain_nodes, ==, result2.nodes);
    tally->locked_nodes += result2.nodes;

    search.propagation = PW_NUMGRID_PROPAGATE_SINGLES;
    search.allow_fast_path = TRUE;
    third = run (grid, search, &result3);
    g_assert_cmpuint (result3.solutions, ==, total);
    if (!_pw_sudoku9_applies (grid))
      {
        g_assert_cmpuint (result3.nodes, ==, result2.nodes);
        assert_same_sequence (again, third, total);
      }
    search.allow_fast_path = FALSE;
    search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
    g_clear_pointer (&third, g_ptr_array_unref);

    /* its node limits, and a random order: the same set */
    if (result2.nodes >= 2)
      {
        search.max_nodes = result2.nodes - 1;
        third = run (grid, search, &result3);
        g_assert_true (result3.node_limit);
        g_assert_cmpuint (result3.nodes, ==, result2.nodes - 1);
        assert_same_sequence (again, third, result3.solutions);
        g_clear_pointer (&third, g_ptr_array_unref);
        search.max_nodes = 0;
      }
    search.random_order = TRUE;
    search.seed = g_rand_int (rand);
    third = run (grid, search, &result3);
    g_assert_cmpuint (result3.solutions, ==, total);
    assert_subset (third, all);
    search.random_order = FALSE;
    search.propagation = PW_NUMGRID_PROPAGATE_SINGLES;
    g_clear_pointer (&again, g_ptr_array_unref);
  }

  /* repeatable: the same solutions in the same order, the same nodes */
  again = run (grid, search, &result2);
  g_assert_cmpuint (result2.nodes, ==, nodes);
  assert_same_sequence (found, again, total);
  g_clear_pointer (&again, g_ptr_array_unref);

  /* a cap: the first solutions of the full search, stopped */
  search.max_solutions = 1 + g_rand_int_range (rand, 0, (gint32) MIN (total + 2, 1000));
  again = run (grid, search, &result2);
  g_assert_cmpuint (result2.solutions, ==, MIN (total, search.max_solutions));
  g_assert_true (result2.exhausted == (search.max_solutions > total));
  assert_same_sequence (found, again, result2.solutions);
  g_clear_pointer (&again, g_ptr_array_unref);
  search.max_solutions = 0;

  /* node limits: exactly the nodes of the full search is enough, one
   * fewer stops it */
  if (nodes >= 2)
    {
      search.max_nodes = nodes;
      again = run (grid, search, &result2);
      g_assert_true (result2.exhausted);
      g_assert_false (result2.node_limit);
      g_assert_cmpuint (result2.solutions, ==, total);
      g_clear_pointer (&again, g_ptr_array_unref);

      search.max_nodes = nodes - 1;
      again = run (grid, search, &result2);
      g_assert_false (result2.exhausted);
      g_assert_true (result2.node_limit);
      g_assert_cmpuint (result2.nodes, ==, nodes - 1);
      assert_same_sequence (found, again, result2.solutions);
      g_clear_pointer (&again, g_ptr_array_unref);
      search.max_nodes = 0;
    }

  /* random order: the same set, repeatable from the seed */
  search.random_order = TRUE;
  search.seed = g_rand_int (rand);
  again = run (grid, search, &result2);
  g_assert_cmpuint (result2.solutions, ==, total);
  g_assert_true (result2.exhausted);
  assert_subset (again, all);
  {
    g_autoptr(GPtrArray) third = NULL;
    PwNumGridResult result3;

    third = run (grid, search, &result3);
    g_assert_cmpuint (result3.nodes, ==, result2.nodes);
    assert_same_sequence (again, third, total);
    g_clear_pointer (&again, g_ptr_array_unref);

    search.max_solutions = 1 + g_rand_int_range (rand, 0, 3);
    again = run (grid, search, &result3);
    g_assert_cmpuint (result3.solutions, ==, MIN (total, search.max_solutions));
    assert_subset (again, all);
    g_clear_pointer (&again, g_ptr_array_unref);
  }
  search.random_order = FALSE;
  search.max_solutions = 0;

  /* the root propagation is the plain fixpoint, and keeps every
   * solution's values */
  assert_root_propagation (grid, p, NULL, PW_NUMGRID_PROPAGATE_SINGLES);
  assert_root_propagation (grid, p, NULL, PW_NUMGRID_PROPAGATE_LOCKED);
  ok = pw_numgrid_propagate (grid, NULL, cand);
  if (!ok)
    g_assert_cmpuint (total, ==, 0);
  for (guint i = 0; i < brute->len; i++)
    {
      const char *key = brute->pdata[i];

      for (guint c = 0; c < p->n_cells; c++)
        g_assert_true (pw_value_set_has (&cand[c], (guint8) key[c]));
    }
  if (ok)
    for (guint c = 0; c < p->n_cells; c++)
      {
        g_assert_cmpuint (pw_value_set_count (&cand[c]), >=, 1);
        g_assert_cmpuint (pw_value_set_count (&cand[c]), <=, p->n_values);
        if (p->givens[c] != 0)
          g_assert_cmpuint (pw_value_set_first (&cand[c]), ==, p->givens[c]);
      }

  /* assumptions: like more givens, from a solution or at random (which
   * may clash with a given) */
  {
    g_autofree guint8 *assume = g_new0 (guint8, p->n_cells);
    g_autoptr(GPtrArray) brute_assumed = NULL;
    g_autoptr(GHashTable) all_assumed = NULL;
    const char *from = NULL;

    if (total > 0)
      from = brute->pdata[g_rand_int_range (rand, 0, (gint32) MIN (total, 1000))];
    for (guint c = 0; c < p->n_cells; c++)
      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          if (from != NULL && g_rand_int_range (rand, 0, 5) != 0)
            assume[c] = (guint8) from[c];
          else
            assume[c] = g_rand_int_range (rand, 1, (gint32) p->n_values + 1);
        }
    brute_assumed = plain_solutions (p, assume);
    all_assumed = key_set (brute_assumed);
    search.assume = assume;
    again = run (grid, search, &result2);
    g_assert_cmpuint (result2.solutions, ==, brute_assumed->len);
    g_assert_true (result2.exhausted);
    assert_subset (again, all_assumed);
    {
      guint64 plain_nodes, plain_count;

      plain_search (p, assume, PW_NUMGRID_PROPAGATE_SINGLES, &plain_nodes, &plain_count);
      g_assert_cmpuint (plain_count, ==, brute_assumed->len);
      g_assert_cmpuint (plain_nodes, ==, result2.nodes);
      g_clear_pointer (&again, g_ptr_array_unref);

      search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
      again = run (grid, search, &result2);
      search.propagation = PW_NUMGRID_PROPAGATE_SINGLES;
      g_assert_cmpuint (result2.solutions, ==, brute_assumed->len);
      assert_subset (again, all_assumed);
      plain_search (p, assume, PW_NUMGRID_PROPAGATE_LOCKED, &plain_nodes, &plain_count);
      g_assert_cmpuint (plain_nodes, ==, result2.nodes);
    }
    assert_root_propagation (grid, p, assume, PW_NUMGRID_PROPAGATE_SINGLES);
    assert_root_propagation (grid, p, assume, PW_NUMGRID_PROPAGATE_LOCKED);
    search.assume = NULL;

    ok = pw_numgrid_propagate (grid, assume, cand);
    if (!ok)
      g_assert_cmpuint (brute_assumed->len, ==, 0);
    for (guint i = 0; i < brute_assumed->len; i++)
      for (guint c = 0; c < p->n_cells; c++)
        {
          const char *key = brute_assumed->pdata[i];

          g_assert_true (pw_value_set_has (&cand[c], (guint8) key[c]));
        }
  }

  /* the grid is not changed by a search */
  for (guint c = 0; c < p->n_cells; c++)
    g_assert_cmpuint (pw_numgrid_get_givens (grid)[c], ==, p->givens[c]);
}

static void
tally_report (const char  *what,
              const Tally *tally)
{
  g_test_message ("%s: %" G_GUINT64_FORMAT " problems, %" G_GUINT64_FORMAT " with no solution, %"
                  G_GUINT64_FORMAT " unique, %" G_GUINT64_FORMAT " solutions, %" G_GUINT64_FORMAT
                  " nodes, %" G_GUINT64_FORMAT " with locked candidates", what, tally->instances,
                  tally->none, tally->unique, tally->solutions, tally->nodes, tally->locked_nodes);
  /* the mix must hold every kind of answer */
  g_assert_cmpuint (tally->none, >, 0);
  g_assert_cmpuint (tally->unique, >, 0);
  g_assert_cmpuint (tally->instances - tally->none - tally->unique, >, 0);
  g_assert_cmpuint (tally->nodes, >, 0);
}

/* ------------------------------------------------------------------ */
/* The random problems */

static void
add_rows_columns (Plain *p)
{
  guint n = p->width;
  g_autofree guint *cells = g_new (guint, n);

  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        cells[x] = y * n + x;
      plain_add_unit (p, PW_UNIT_ROW, cells, n);
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        cells[y] = y * n + x;
      plain_add_unit (p, PW_UNIT_COLUMN, cells, n);
    }
}

static void
add_boxes (Plain *p,
           guint  box_rows,
           guint  box_cols)
{
  guint n = p->width;
  g_autofree guint *cells = g_new (guint, n);

  for (guint by = 0; by < n; by += box_rows)
    for (guint bx = 0; bx < n; bx += box_cols)
      {
        guint k = 0;

        for (guint y = by; y < by + box_rows; y++)
          for (guint x = bx; x < bx + box_cols; x++)
            cells[k++] = y * n + x;
        plain_add_unit (p, PW_UNIT_BOX, cells, n);
      }
}

static void
add_diagonals (Plain *p)
{
  guint n = p->width;
  g_autofree guint *cells = g_new (guint, n);

  for (guint i = 0; i < n; i++)
    cells[i] = i * n + i;
  plain_add_unit (p, PW_UNIT_DIAGONAL, cells, n);
  for (guint i = 0; i < n; i++)
    cells[i] = i * n + (n - 1 - i);
  plain_add_unit (p, PW_UNIT_DIAGONAL, cells, n);
}

/* n regions of n cells: either a random partition (often with no solution
 * at all), or the boxes of @box_rows × @box_cols with cells of the same
 * value in a random solution swapped between regions, so that that
 * solution still holds (the engine does not care whether regions are
 * connected). */
static void
add_jigsaw (Plain   *p,
            GRand   *rand,
            guint    box_rows,
            guint    box_cols,
            gboolean diagonals)
{
  guint n = p->width;
  g_autofree guint *order = g_new (guint, n * n);
  g_autofree guint8 *solution = g_new (guint8, n * n);
  g_autofree guint *region = g_new (guint, n * n);
  g_autoptr(Plain) boxed = plain_new (n, n, n);

  add_rows_columns (boxed);
  add_boxes (boxed, box_rows, box_cols);
  if (diagonals)
    add_diagonals (boxed);
  if (g_rand_boolean (rand) && plain_random_solution (boxed, rand, solution))
    {
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          region[y * n + x] = (y / box_rows) * (n / box_cols) + x / box_cols;
      for (guint k = 0; k < 4 * n * n; k++)
        {
          guint a = g_rand_int_range (rand, 0, (gint32) (n * n));
          guint b = g_rand_int_range (rand, 0, (gint32) (n * n));

          if (solution[a] == solution[b])
            {
              guint t = region[a];

              region[a] = region[b];
              region[b] = t;
            }
        }
      for (guint r = 0; r < n; r++)
        {
          guint k = 0;

          for (guint c = 0; c < n * n; c++)
            if (region[c] == r)
              order[k++] = c;
          g_assert_cmpuint (k, ==, n);
          plain_add_unit (p, PW_UNIT_REGION, order, n);
        }
      return;
    }

  for (guint c = 0; c < n * n; c++)
    order[c] = c;
  for (guint i = n * n - 1; i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, i + 1), t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  for (guint r = 0; r < n; r++)
    plain_add_unit (p, PW_UNIT_REGION, order + r * n, n);
}

/* Units of fewer than n cells, anywhere. */
static void
add_small_units (Plain *p,
                 GRand *rand,
                 guint  count)
{
  for (guint k = 0; k < count; k++)
    {
      guint cells[16];
      guint size = g_rand_int_range (rand, 2, (gint32) MIN (p->n_values, 16));

      for (guint i = 0; i < size; i++)
        {
          gboolean again;

          do
            {
              cells[i] = g_rand_int_range (rand, 0, (gint32) p->n_cells);
              again = FALSE;
              for (guint j = 0; j < i; j++)
                again |= cells[j] == cells[i];
            }
          while (again);
        }
      plain_add_unit (p, PW_UNIT_OTHER, cells, size);
    }
}

/* Givens: a random share of a random solution's cells, sometimes one of
 * them changed (often leaving no solution); random values when there is
 * no solution at all. */
static void
add_givens (Plain *p,
            GRand *rand,
            guint  keep_min,
            guint  keep_max)   /* percent */
{
  g_autofree guint8 *solution = g_new0 (guint8, p->n_cells);
  guint keep = g_rand_int_range (rand, (gint32) keep_min, (gint32) keep_max + 1);

  if (plain_random_solution (p, rand, solution))
    {
      for (guint c = 0; c < p->n_cells; c++)
        if ((guint) g_rand_int_range (rand, 0, 100) < keep)
          p->givens[c] = solution[c];
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          guint c = g_rand_int_range (rand, 0, (gint32) p->n_cells);

          p->givens[c] = g_rand_int_range (rand, 1, (gint32) p->n_values + 1);
        }
    }
  else
    for (guint c = 0; c < p->n_cells; c++)
      if ((guint) g_rand_int_range (rand, 0, 100) < keep / 2)
        p->givens[c] = g_rand_int_range (rand, 1, (gint32) p->n_values + 1);
}

/* Futoshiki signs: mostly agreeing with a random Latin square, sometimes
 * at random (always when there is no solution to agree with). */
static void
add_signs (Plain *p,
           GRand *rand,
           guint  percent)
{
  guint n = p->width;
  g_autofree guint8 *solution = g_new0 (guint8, p->n_cells);

  gboolean agree = plain_random_solution (p, rand, solution);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      for (guint dir = 0; dir < 2; dir++)
        {
          guint a = y * n + x;
          guint b = dir == 0 ? a + 1 : a + n;

          if ((dir == 0 && x + 1 == n) || (dir == 1 && y + 1 == n) ||
              (guint) g_rand_int_range (rand, 0, 100) >= percent)
            continue;
          if (!agree || g_rand_int_range (rand, 0, 12) == 0 ? g_rand_boolean (rand)
                                                            : solution[a] < solution[b])
            plain_add_less (p, a, b);
          else
            plain_add_less (p, b, a);
        }
}

static void
sudoku_small (guint count,
              guint seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  static const guint shapes[][3] = { { 4, 2, 2 }, { 6, 2, 3 }, { 6, 3, 2 } };
  Tally tally = { 0 };

  count = test_instances (count, 60);

  for (guint i = 0; i < count; i++)
    {
      const guint *shape = shapes[i % G_N_ELEMENTS (shapes)];
      guint n = shape[0];
      g_autoptr(Plain) p = plain_new (n, n, n);

      add_rows_columns (p);
      add_boxes (p, shape[1], shape[2]);
      if (n == 4)
        add_givens (p, rand, 0, 60);
      else
        add_givens (p, rand, 30, 75);
      check_problem (p, rand, &tally);
    }
  tally_report ("sudoku 4x4, 6x6 (2x3, 3x2)", &tally);
}

static void
test_numgrid_sudoku_small (void)
{
  sudoku_small (3000, 1301);
}

static void
test_numgrid_jigsaw_diagonal (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1302);
  Tally tally = { 0 };
  const guint n_instances = test_instances (1000, 250);

  for (guint i = 0; i < n_instances; i++)
    {
      guint n = i % 2 == 0 ? 4 : 5 + (i / 2) % 2;
      gboolean jigsaw = i % 4 < 2 || n == 5;
      gboolean diagonals = i % 3 != 0;
      g_autoptr(Plain) p = plain_new (n, n, n);

      add_rows_columns (p);
      if (jigsaw)
        add_jigsaw (p, rand, n == 5 ? 1 : 2, n == 5 ? 5 : n / 2, diagonals);   /* 5: from rows */
      else
        add_boxes (p, 2, n / 2);
      if (diagonals)
        add_diagonals (p);
      /* a random partition can leave no solution at all: then givens are random */
      add_givens (p, rand, n == 4 ? 0 : 30, 65);
      check_problem (p, rand, &tally);
    }
  tally_report ("jigsaw regions and diagonals, 4x4 to 6x6", &tally);
  g_assert_cmpuint (tally.locked_nodes, <, tally.nodes);
}

static void
test_numgrid_latin_futoshiki (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1303);
  Tally latin = { 0 }, futoshiki = { 0 };
  const guint n_instances = test_instances (1500, 150);

  for (guint i = 0; i < n_instances; i++)
    {
      gboolean signs = i % 2 == 1;
      guint n = signs ? 4 + (i / 2) % 2 : 3 + (i / 2) % 3;
      g_autoptr(Plain) p = plain_new (n, n, n);

      add_rows_columns (p);
      if (signs)
        {
          add_signs (p, rand, g_rand_int_range (rand, 10, 60));
          add_givens (p, rand, n == 4 ? 0 : 10, 40);
        }
      else
        add_givens (p, rand, n <= 4 ? 0 : 25, 60);
      check_problem (p, rand, signs ? &futoshiki : &latin);
    }
  tally_report ("latin 3-5", &latin);
  tally_report ("futoshiki 4-5", &futoshiki);
}

/* Units smaller than n beside the full ones, and problems of small units
 * and inequalities only (cells in no unit at all, no full unit). */
static void
test_numgrid_small_units (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1304);
  Tally with_full = { 0 }, free_form = { 0 };
  const guint n_instances = test_instances (2000, 200);

  for (guint i = 0; i < n_instances; i++)
    {
      if (i % 2 == 0)
        {
          guint n = 4 + (i / 2) % 2;
          g_autoptr(Plain) p = plain_new (n, n, n);

          add_rows_columns (p);
          add_small_units (p, rand, g_rand_int_range (rand, 1, 5));
          if (g_rand_boolean (rand))
            add_signs (p, rand, 15);
          add_givens (p, rand, 10, 50);
          check_problem (p, rand, &with_full);
        }
      else
        {
          guint w = g_rand_int_range (rand, 1, 5), h = g_rand_int_range (rand, 1, 3);
          guint n = g_rand_int_range (rand, 1, 6);
          g_autoptr(Plain) p = plain_new (w, h, n);
          guint n_less = g_rand_int_range (rand, 0, 4);

          for (guint k = g_rand_int_range (rand, 0, 6); k > 0; k--)
            {
              guint cells[8], size = g_rand_int_range (rand, 1, (gint32) MIN (n, p->n_cells) + 1);

              /* a cell named twice now and then: such a unit has no solution */
              for (guint j = 0; j < size; j++)
                cells[j] = g_rand_int_range (rand, 0, (gint32) p->n_cells);
              plain_add_unit (p, PW_UNIT_OTHER, cells, size);
            }
          for (guint k = 0; k < n_less && p->n_cells > 1; k++)
            {
              guint a = g_rand_int_range (rand, 0, (gint32) p->n_cells);
              guint b = g_rand_int_range (rand, 0, (gint32) p->n_cells);

              if (a != b)
                plain_add_less (p, a, b);
            }
          for (guint c = 0; c < p->n_cells; c++)
            if (g_rand_int_range (rand, 0, 6) == 0)
              p->givens[c] = g_rand_int_range (rand, 1, (gint32) n + 1);
          check_problem (p, rand, &free_form);
        }
    }
  tally_report ("full units with smaller ones", &with_full);
  tally_report ("small units and inequalities only", &free_form);
}

/* Over 64 values (two words a set): Latin squares of order 65 to 100
 * from a shuffled cyclic square with cells blanked (an intercalate's four
 * cells among them for two solutions, a changed given for none), some
 * inequalities between blank cells. */
static void
test_numgrid_wide (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1305);
  static const guint orders[] = { 65, 66, 100, 128 };
  Tally tally = { 0 };
  const guint n_instances = test_instances (24, 12);

  for (guint i = 0; i < n_instances; i++)
    {
      guint n = orders[i % G_N_ELEMENTS (orders)];
      g_autoptr(Plain) p = plain_new (n, n, n);
      g_autofree guint *row = g_new (guint, n);
      g_autofree guint *col = g_new (guint, n);
      g_autofree guint *sym = g_new (guint, n);
      g_autofree guint8 *square = g_new (guint8, n * n);
      guint kind = (i / G_N_ELEMENTS (orders)) % 3;

      add_rows_columns (p);
      for (guint k = 0; k < n; k++)
        row[k] = col[k] = sym[k] = k;
      for (guint k = n - 1; k > 0; k--)
        {
          guint j = g_rand_int_range (rand, 0, k + 1), t;

          t = sym[k], sym[k] = sym[j], sym[j] = t;
          j = g_rand_int_range (rand, 0, k + 1);
          t = row[k], row[k] = row[j], row[j] = t;
          j = g_rand_int_range (rand, 0, k + 1);
          t = col[k], col[k] = col[j], col[j] = t;
        }
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          square[row[y] * n + col[x]] = sym[(y + x) % n] + 1;
      memcpy (p->givens, square, n * n);
      for (guint k = 0; k < 2 * n; k++)
        p->givens[g_rand_int_range (rand, 0, (gint32) (n * n))] = 0;
      if (kind == 1 && n % 2 == 0)
        {
          /* rows y, y + n/2 and columns x, x + n/2 of the cyclic square
           * form a 2 × 2 subsquare */
          guint y = g_rand_int_range (rand, 0, (gint32) n / 2);
          guint x = g_rand_int_range (rand, 0, (gint32) n / 2);

          p->givens[row[y] * n + col[x]] = 0;
          p->givens[row[y] * n + col[x + n / 2]] = 0;
          p->givens[row[y + n / 2] * n + col[x]] = 0;
          p->givens[row[y + n / 2] * n + col[x + n / 2]] = 0;
        }
      else if (kind == 2)
        {
          guint c = g_rand_int_range (rand, 0, (gint32) (n * n));

          p->givens[c] = p->givens[c] == 0 ? 0 : p->givens[c] % n + 1;
        }
      /* signs between blank cells of a row, agreeing with the square */
      for (guint c = 0; c + 1 < n * n; c++)
        if (p->givens[c] == 0 && p->givens[c + 1] == 0 && (c + 1) % n != 0)
          {
            if (square[c] < square[c + 1])
              plain_add_less (p, c, c + 1);
            else
              plain_add_less (p, c + 1, c);
          }
      check_problem (p, rand, &tally);
    }
  g_test_message ("over 64 values: %" G_GUINT64_FORMAT " problems, %" G_GUINT64_FORMAT
                  " with no solution, %" G_GUINT64_FORMAT " unique, %" G_GUINT64_FORMAT " nodes",
                  tally.instances, tally.none, tally.unique, tally.nodes);
  g_assert_cmpuint (tally.none, >, 0);
  g_assert_cmpuint (tally.unique, >, 0);
  g_assert_cmpuint (tally.instances - tally.none - tally.unique, >, 0);
}

/* Locked candidates where they bite, on grids too large to enumerate:
 * the root fixpoint at each level is the plain one (and the locked one
 * inside the singles one); the locked search finds the solutions of the
 * singles search (itself checked against enumeration above) with nodes
 * by its definition (the plain search). */

typedef struct
{
  guint64 problems;
  guint64 stronger;       /* the locked root left fewer candidates */
  guint64 searched;
  guint64 singles_nodes;
  guint64 locked_nodes;
} LockedTally;

static void
check_locked (const Plain *p,
              gboolean     search_too,
              LockedTally *tally)
{
  g_autoptr(PwNumGrid) grid = plain_to_grid (p);
  guint64 singles_left, locked_left;

  tally->problems++;
  singles_left = assert_root_propagation (grid, p, NULL, PW_NUMGRID_PROPAGATE_SINGLES);
  locked_left = assert_root_propagation (grid, p, NULL, PW_NUMGRID_PROPAGATE_LOCKED);
  g_assert_cmpuint (locked_left, <=, singles_left);
  tally->stronger += locked_left < singles_left;

  if (search_too)
    {
      PwNumGridSearch search;
      PwNumGridResult singles, locked;
      g_autoptr(GPtrArray) a = NULL;
      g_autoptr(GPtrArray) b = NULL;
      g_autoptr(GHashTable) all = NULL;
      guint64 plain_nodes, plain_count;

      pw_numgrid_search_init (&search);
      a = run (grid, search, &singles);
      search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
      b = run (grid, search, &locked);
      g_assert_cmpuint (locked.solutions, ==, singles.solutions);
      all = key_set (a);
      assert_subset (b, all);
      plain_search (p, NULL, PW_NUMGRID_PROPAGATE_LOCKED, &plain_nodes, &plain_count);
      g_assert_cmpuint (plain_count, ==, locked.solutions);
      g_assert_cmpuint (plain_nodes, ==, locked.nodes);
      tally->searched++;
      tally->singles_nodes += singles.nodes;
      tally->locked_nodes += locked.nodes;
    }
}

/* A solution of @p's rules from the engine's random order (checked by
 * run); FALSE when there is none. */
static gboolean
engine_random_solution (const Plain *p,
                        guint64      seed,
                        guint8      *solution)
{
  g_autoptr(PwNumGrid) grid = plain_to_grid (p);
  g_autoptr(GPtrArray) one = NULL;
  PwNumGridSearch search;
  PwNumGridResult result;

  pw_numgrid_search_init (&search);
  search.max_solutions = 1;
  search.max_nodes = 3000;
  search.random_order = TRUE;
  search.seed = seed;
  search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
  one = run (grid, search, &result);
  if (one->len == 0)
    return FALSE;
  memcpy (solution, one->pdata[0], p->n_cells);
  return TRUE;
}

static void
shuffle (GRand *rand,
         guint *a,
         guint  n)
{
  for (guint i = 0; i < n; i++)
    a[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32) i), t = a[i - 1];

      a[i - 1] = a[j];
      a[j] = t;
    }
}

/* A full Sudoku of order b² with b × b boxes: the pattern
 * (b · (row % b) + row / b + col) % n, symbols relabelled, rows shuffled
 * within bands and columns within stacks. */
static void
pattern_square (GRand  *rand,
                guint   b,
                guint8 *out)
{
  guint n = b * b;
  g_autofree guint *sym = g_new (guint, n);
  g_autofree guint *row = g_new (guint, n);
  g_autofree guint *col = g_new (guint, n);
  g_autofree guint *in = g_new (guint, b);

  shuffle (rand, sym, n);
  for (guint band = 0; band < b; band++)
    {
      shuffle (rand, in, b);
      for (guint i = 0; i < b; i++)
        row[band * b + i] = band * b + in[i];
      shuffle (rand, in, b);
      for (guint i = 0; i < b; i++)
        col[band * b + i] = band * b + in[i];
    }
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      out[row[y] * n + col[x]] = sym[(b * (y % b) + y / b + x) % n] + 1;
}

/* Givens from @solution, then taken away in a random order while the
 * solution stays unique (and shown so in a short search), up to
 * @max_blank cells: puzzles of the kind that need more than singles. */
static void
unique_puzzle (Plain        *p,
               const guint8 *solution,
               guint         max_blank,
               GRand        *rand)
{
  g_autofree guint *order = g_new (guint, p->n_cells);
  g_autoptr(PwNumGrid) grid = NULL;
  guint blank = 0;

  memcpy (p->givens, solution, p->n_cells);
  grid = plain_to_grid (p);
  shuffle (rand, order, p->n_cells);
  for (guint i = 0; i < p->n_cells && blank < max_blank; i++)
    {
      guint c = order[i];
      PwNumGridSearch search;
      PwNumGridResult result;

      pw_numgrid_set_given (grid, c, 0);
      pw_numgrid_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = 2000;
      search.propagation = PW_NUMGRID_PROPAGATE_LOCKED;
      g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
      if (result.solutions == 1 && result.exhausted)
        {
          p->givens[c] = 0;
          blank++;
        }
      else
        pw_numgrid_set_given (grid, c, solution[c]);
    }
}

static void
test_numgrid_locked (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1312);
  LockedTally tally = { 0 }, wide = { 0 };

  for (guint i = 0; i < 240; i++)
    {
      guint shape = i % 4;
      guint n = shape == 2 ? 16 : shape == 3 ? 8 : 9;
      g_autoptr(Plain) p = plain_new (n, n, n);
      g_autofree guint8 *solution = g_new (guint8, n * n);

      add_rows_columns (p);
      if (shape == 0)
        add_boxes (p, 3, 3);
      else if (shape == 1)
        add_jigsaw (p, rand, 3, 3, FALSE);
      else if (shape == 2)
        add_boxes (p, 4, 4);
      else
        add_boxes (p, 2, 4);
      if (!engine_random_solution (p, i + 1, solution))
        continue;
      /* unique puzzles, short enough for the plain search; now and then
       * a few givens more taken away (several solutions) */
      unique_puzzle (p, solution, n == 16 ? 144 : n == 9 ? 54 : 40, rand);
      for (guint k = i % 5 == 3 ? 3 : 0; k > 0; k--)
        p->givens[g_rand_int_range (rand, 0, (gint32) (n * n))] = 0;
      if (i % 5 == 4)
        {
          guint c = g_rand_int_range (rand, 0, (gint32) (n * n));

          p->givens[c] = solution[c] % n + 1;   /* usually no solution */
        }
      check_locked (p, TRUE, &tally);
    }
  g_test_message ("locked candidates, 8x8 to 16x16: %" G_GUINT64_FORMAT " problems, %"
                  G_GUINT64_FORMAT " with a stronger root, nodes %" G_GUINT64_FORMAT
                  " -> %" G_GUINT64_FORMAT, tally.problems, tally.stronger,
                  tally.singles_nodes, tally.locked_nodes);
  g_assert_cmpuint (tally.searched, >, 150);   /* some jigsaws have no solution */
  g_assert_cmpuint (tally.stronger, >, tally.problems / 8);
  g_assert_cmpuint (tally.locked_nodes, <, tally.singles_nodes);

  /* two words a set: 81 × 81 with 9 × 9 boxes, root fixpoints */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(Plain) p = plain_new (81, 81, 81);
      g_autofree guint8 *solution = g_new (guint8, 81 * 81);
      guint keep = 35 + 10 * i;

      add_rows_columns (p);
      add_boxes (p, 9, 9);
      pattern_square (rand, 9, solution);
      for (guint c = 0; c < 81 * 81; c++)
        if ((guint) g_rand_int_range (rand, 0, 100) < keep)
          p->givens[c] = solution[c];
      check_locked (p, FALSE, &wide);
    }
  g_test_message ("locked candidates, 81x81: %" G_GUINT64_FORMAT " problems, %" G_GUINT64_FORMAT
                  " with a stronger root", wide.problems, wide.stronger);
  g_assert_cmpuint (wide.stronger, >, 0);
}

/* ------------------------------------------------------------------ */
/* Known counts and limits */

static PwNumGrid *
latin_grid (guint n)
{
  g_autoptr(Plain) p = plain_new (n, n, n);

  add_rows_columns (p);
  return plain_to_grid (p);
}

static PwNumGrid *
sudoku_grid (guint n,
             guint box_rows,
             guint box_cols)
{
  g_autoptr(Plain) p = plain_new (n, n, n);

  add_rows_columns (p);
  add_boxes (p, box_rows, box_cols);
  return plain_to_grid (p);
}

/* Latin squares of order 1-5 and the 4 × 4 Sudoku grids, by their known
 * numbers. */
static void
test_numgrid_known_counts (void)
{
  static const guint64 latin[] = { 0, 1, 2, 12, 576, 161280 };
  PwNumGridSearch search;
  PwNumGridResult result;

  pw_numgrid_search_init (&search);
  for (guint n = 1; n <= 5; n++)
    {
      g_autoptr(PwNumGrid) grid = latin_grid (n);

      g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
      g_assert_cmpuint (result.solutions, ==, latin[n]);
      g_assert_true (result.exhausted);
    }
  {
    g_autoptr(PwNumGrid) grid = sudoku_grid (4, 2, 2);

    g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
    g_assert_cmpuint (result.solutions, ==, 288);
    search.random_order = TRUE;
    search.seed = 99;
    g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
    g_assert_cmpuint (result.solutions, ==, 288);
  }
}

/* An empty 9 × 9 Sudoku and Latin squares of order 70 and 128: a first
 * solution, valid. */
static void
test_numgrid_first_solution (void)
{
  PwNumGridSearch search;
  PwNumGridResult result;
  static const guint orders[] = { 9, 70, 128 };

  pw_numgrid_search_init (&search);
  search.max_solutions = 1;
  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autoptr(PwNumGrid) grid = orders[i] == 9 ? sudoku_grid (9, 3, 3) : latin_grid (orders[i]);
      g_autoptr(GPtrArray) found = NULL;

      found = run (grid, search, &result);
      g_assert_cmpuint (result.solutions, ==, 1);
      g_assert_false (result.exhausted);
      g_assert_cmpuint (result.nodes, >, 0);
    }
}

static void
test_numgrid_node_limit (void)
{
  g_autoptr(PwNumGrid) grid = sudoku_grid (9, 3, 3);
  PwNumGridSearch search;
  PwNumGridResult result;

  pw_numgrid_search_init (&search);
  search.max_nodes = 1000;
  g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
  g_assert_true (result.node_limit);
  g_assert_false (result.exhausted);
  g_assert_cmpuint (result.nodes, ==, 1000);
  g_assert_cmpuint (result.solutions, >, 0);
}

static gboolean
cancel_at_once (const guint8 *values,
                gpointer      data)
{
  g_cancellable_cancel (data);
  return TRUE;
}

static gboolean
stop_at_once (const guint8 *values,
              gpointer      data)
{
  return FALSE;
}

static void
test_numgrid_cancel (void)
{
  g_autoptr(PwNumGrid) grid = sudoku_grid (9, 3, 3);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwNumGridSearch search;
  PwNumGridResult result;

  /* cancelled from the first solution's callback: the search notices
   * within a few thousand nodes */
  pw_numgrid_search_init (&search);
  search.cancellable = cancellable;
  search.on_solution = cancel_at_once;
  search.on_solution_data = cancellable;
  g_assert_false (pw_numgrid_search (grid, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (result.exhausted);
  g_assert_cmpuint (result.solutions, >, 0);
  g_assert_cmpuint (result.nodes, <, 4096);
  g_clear_error (&error);

  /* cancelled before it starts */
  search.on_solution = NULL;
  g_assert_false (pw_numgrid_search (grid, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.nodes, <=, 1024);
  g_clear_error (&error);

  /* a callback returning FALSE stops it, with no error */
  g_cancellable_reset (cancellable);
  search.on_solution = stop_at_once;
  g_assert_true (pw_numgrid_search (grid, &search, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.solutions, ==, 1);
  g_assert_false (result.exhausted);
}

/* Misuse is refused with a critical, and nothing is searched. */
static void
test_numgrid_misuse (void)
{
  g_autoptr(PwNumGrid) grid = latin_grid (4);
  PwNumGridSearch search;
  PwNumGridResult result;
  guint8 assume[16] = { 0 };
  PwValueSet cand[16];

  pw_numgrid_search_init (&search);

  g_test_expect_message ("pw-numgrid", G_LOG_LEVEL_CRITICAL, "*grid != NULL*");
  g_assert_false (pw_numgrid_search (NULL, &search, &result, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("pw-numgrid", G_LOG_LEVEL_CRITICAL, "*result != NULL*");
  g_assert_false (pw_numgrid_search (grid, &search, NULL, NULL));
  g_test_assert_expected_messages ();

  /* a value beyond n_values among the assumptions */
  assume[5] = 5;
  search.assume = assume;
  g_test_expect_message ("pw-numgrid", G_LOG_LEVEL_CRITICAL, "*assume_valid*");
  g_assert_false (pw_numgrid_search (grid, &search, &result, NULL));
  g_test_assert_expected_messages ();

  g_test_expect_message ("pw-numgrid", G_LOG_LEVEL_CRITICAL, "*assume_valid*");
  g_assert_false (pw_numgrid_propagate (grid, assume, cand));
  g_test_assert_expected_messages ();

  g_test_expect_message ("pw-numgrid", G_LOG_LEVEL_CRITICAL, "*candidates != NULL*");
  g_assert_false (pw_numgrid_propagate (grid, NULL, NULL));
  g_test_assert_expected_messages ();
}

/* Hand-worked propagation: a 4 × 4 Latin square with a row of three
 * givens, and a chain of signs. */
static void
test_numgrid_propagate_cases (void)
{
  g_autoptr(PwNumGrid) grid = latin_grid (4);
  PwValueSet cand[16];

  /* row 0: 1 2 3 . → the last is 4 (naked single); column 3 then loses 4 */
  pw_numgrid_set_given (grid, 0, 1);
  pw_numgrid_set_given (grid, 1, 2);
  pw_numgrid_set_given (grid, 2, 3);
  g_assert_true (pw_numgrid_propagate (grid, NULL, cand));
  g_assert_cmpuint (pw_value_set_count (&cand[3]), ==, 1);
  g_assert_true (pw_value_set_has (&cand[3], 4));
  g_assert_false (pw_value_set_has (&cand[7], 4));
  g_assert_cmpuint (pw_value_set_count (&cand[4]), ==, 3);   /* 2, 3, 4 */

  /* a chain a < b < c < d over a row of 4: 1 2 3 4 by bounds alone */
  {
    g_autoptr(PwNumGrid) chain = latin_grid (4);

    pw_numgrid_add_less (chain, 4, 5);
    pw_numgrid_add_less (chain, 5, 6);
    pw_numgrid_add_less (chain, 6, 7);
    g_assert_true (pw_numgrid_propagate (chain, NULL, cand));
    for (guint x = 0; x < 4; x++)
      {
        g_assert_cmpuint (pw_value_set_count (&cand[4 + x]), ==, 1);
        g_assert_true (pw_value_set_has (&cand[4 + x], x + 1));
      }
    /* and a cycle is a contradiction */
    pw_numgrid_add_less (chain, 7, 4);
    g_assert_false (pw_numgrid_propagate (chain, NULL, cand));
  }

  /* hidden single: in a 4 × 4 Latin square with 1 at (1,1), (2,2), (3,3),
   * row 0 has 1 only at (0,0) */
  {
    g_autoptr(PwNumGrid) hidden = latin_grid (4);

    pw_numgrid_set_given (hidden, 5, 1);
    pw_numgrid_set_given (hidden, 10, 1);
    pw_numgrid_set_given (hidden, 15, 1);
    g_assert_true (pw_numgrid_propagate (hidden, NULL, cand));
    g_assert_cmpuint (pw_value_set_count (&cand[0]), ==, 1);
    g_assert_true (pw_value_set_has (&cand[0], 1));
  }
}

/* ------------------------------------------------------------------ */
/* The 9 × 9 path against the general one */

/* A random full 9 × 9 grid: the pattern (3 · (row % 3) + row / 3 + col)
 * % 9 under random relabelling, row and column swaps within bands and
 * stacks, band and stack swaps, and transposition. */
static void
random_full_grid (GRand  *rand,
                  guint8 *grid)
{
  guint digit[9], row[9], col[9], band[3], stack[3];
  gboolean transpose = g_rand_boolean (rand);

  for (guint i = 0; i < 9; i++)
    digit[i] = i + 1;
  for (guint i = 8; i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, i + 1), t = digit[i];

      digit[i] = digit[j];
      digit[j] = t;
    }
  for (guint i = 0; i < 3; i++)
    band[i] = stack[i] = i;
  for (guint i = 2; i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, i + 1), t = band[i];

      band[i] = band[j];
      band[j] = t;
      j = g_rand_int_range (rand, 0, i + 1);
      t = stack[i];
      stack[i] = stack[j];
      stack[j] = t;
    }
  for (guint b = 0; b < 3; b++)
    {
      guint in[3] = { 0, 1, 2 };

      for (guint i = 2; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1), t = in[i];

          in[i] = in[j];
          in[j] = t;
        }
      for (guint i = 0; i < 3; i++)
        row[3 * b + i] = 3 * band[b] + in[i];
      for (guint i = 2; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1), t = in[i];

          in[i] = in[j];
          in[j] = t;
        }
      for (guint i = 0; i < 3; i++)
        col[3 * b + i] = 3 * stack[b] + in[i];
    }
  for (guint y = 0; y < 9; y++)
    for (guint x = 0; x < 9; x++)
      {
        guint r = row[y], c = col[x];
        guint v = digit[(3 * (r % 3) + r / 3 + c) % 9];

        grid[transpose ? x * 9 + y : y * 9 + x] = v;
      }
}

/* The standard units, in a random order with their cells shuffled when
 * @shuffle. */
static PwNumGrid *
sudoku9_grid (GRand   *rand,
              gboolean shuffle)
{
  g_autoptr(Plain) p = plain_new (9, 9, 9);
  PwNumGrid *grid = pw_numgrid_new (9, 9, 9);
  guint order[27];

  add_rows_columns (p);
  add_boxes (p, 3, 3);
  for (guint u = 0; u < 27; u++)
    order[u] = u;
  for (guint i = 26; shuffle && i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, i + 1), t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < 27; i++)
    {
      guint n, cells[9];

      memcpy (cells, plain_unit (p, order[i], &n), sizeof cells);
      for (guint k = 8; shuffle && k > 0; k--)
        {
          guint j = g_rand_int_range (rand, 0, k + 1), t = cells[k];

          cells[k] = cells[j];
          cells[j] = t;
        }
      pw_numgrid_add_unit (grid, g_array_index (p->unit_kind, PwUnitKind, order[i]), i, cells, 9);
    }
  return grid;
}

/* Both paths on one 9 × 9 grid: the same count to @cap, the same
 * solutions when they are all found, and the fast path's own node rule
 * respected by max_nodes. */
static void
check_both_paths (const PwNumGrid *grid,
                  const guint8    *assume,
                  guint64          cap,
                  GRand           *rand,
                  Tally           *tally)
{
  PwNumGridSearch search;
  PwNumGridResult general, fast, again;
  g_autoptr(GPtrArray) general_found = NULL;
  g_autoptr(GPtrArray) fast_found = NULL;
  g_autoptr(GPtrArray) more = NULL;
  g_autoptr(GHashTable) all = NULL;

  pw_numgrid_search_init (&search);
  search.max_solutions = cap;
  search.assume = assume;
  general_found = run (grid, search, &general);
  search.allow_fast_path = TRUE;
  fast_found = run (grid, search, &fast);
  g_assert_cmpuint (fast.solutions, ==, general.solutions);
  g_assert_true (fast.exhausted == general.exhausted);
  g_assert_false (fast.node_limit);
  all = key_set (general_found);
  if (general.exhausted)
    assert_subset (fast_found, all);
  else
    {
      /* capped: the fast path's solutions are solutions (checked by
       * pw_numgrid_check in run) and distinct */
      g_autoptr(GHashTable) seen = key_set (fast_found);

      g_assert_cmpuint (g_hash_table_size (seen), ==, fast_found->len);
    }

  tally->instances++;
  tally->none += fast.solutions == 0;
  tally->unique += fast.solutions == 1;
  tally->nodes += fast.nodes;

  /* repeatable */
  more = run (grid, search, &again);
  g_assert_cmpuint (again.nodes, ==, fast.nodes);
  assert_same_sequence (fast_found, more, fast.solutions);
  g_clear_pointer (&more, g_ptr_array_unref);

  /* node limits by the fast path's own count */
  if (fast.nodes >= 2)
    {
      search.max_nodes = fast.nodes;
      more = run (grid, search, &again);
      g_assert_true (again.exhausted == fast.exhausted);
      g_assert_false (again.node_limit);
      g_assert_cmpuint (again.solutions, ==, fast.solutions);
      g_clear_pointer (&more, g_ptr_array_unref);
      search.max_nodes = fast.nodes - 1;
      more = run (grid, search, &again);
      g_assert_true (again.node_limit);
      g_assert_false (again.exhausted);
      g_assert_cmpuint (again.nodes, ==, fast.nodes - 1);
      assert_same_sequence (fast_found, more, again.solutions);
      g_clear_pointer (&more, g_ptr_array_unref);
      search.max_nodes = 0;
    }

  /* random order: the same count */
  search.random_order = TRUE;
  search.seed = g_rand_int (rand);
  more = run (grid, search, &again);
  g_assert_cmpuint (again.solutions, ==, general.solutions);
  g_assert_true (again.exhausted == general.exhausted);
  if (general.exhausted)
    assert_subset (more, all);
}

static void
sudoku9_random (guint count,
                guint seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  Tally tally = { 0 };
  guint64 multiple = 0;

  count = test_instances (count, 60);

  for (guint i = 0; i < count; i++)
    {
      g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, i % 3 == 0);
      guint8 full[81];
      guint keep = g_rand_int_range (rand, 17, 46);
      guint64 before = tally.instances - tally.none - tally.unique;

      g_assert_true (_pw_sudoku9_applies (grid));
      random_full_grid (rand, full);
      for (guint c = 0; c < 81; c++)
        pw_numgrid_set_given (grid, c, (guint) g_rand_int_range (rand, 0, 81) < keep ? full[c] : 0);
      if (i % 4 == 1)
        {
          /* one given changed: usually no solution */
          guint c = g_rand_int_range (rand, 0, 81);

          pw_numgrid_set_given (grid, c, full[c] % 9 + 1);
        }
      if (i % 5 == 2)
        {
          guint8 assume[81] = { 0 };

          for (guint c = 0; c < 81; c++)
            if (g_rand_int_range (rand, 0, 10) == 0)
              assume[c] = g_rand_int_range (rand, 0, 8) != 0 ? full[c]
                                                             : g_rand_int_range (rand, 1, 10);
          check_both_paths (grid, assume, 300, rand, &tally);
        }
      else
        check_both_paths (grid, NULL, i % 2 == 0 ? 300 : 2, rand, &tally);
      multiple += tally.instances - tally.none - tally.unique > before;
    }
  g_test_message ("9x9 random: %" G_GUINT64_FORMAT " puzzles, %" G_GUINT64_FORMAT
                  " with no solution, %" G_GUINT64_FORMAT " unique, %" G_GUINT64_FORMAT
                  " several; %" G_GUINT64_FORMAT " fast-path nodes",
                  tally.instances, tally.none, tally.unique, multiple, tally.nodes);
  g_assert_cmpuint (tally.none, >, count / 15);
  g_assert_cmpuint (tally.unique, >, count / 15);
  g_assert_cmpuint (multiple, >, count / 15);
}

static void
test_numgrid_sudoku9_random (void)
{
  sudoku9_random (1500, 1306);
}

/* The code built for any processor (without POPCNT) gives the same. */
static void
test_numgrid_portable (void)
{
  _pw_numgrid_force_portable (TRUE);
  g_assert_false (_pw_numgrid_use_popcnt ());
  sudoku_small (600, 1310);
  sudoku9_random (300, 1311);
  _pw_numgrid_force_portable (FALSE);
}

/* The first 1,000 of Royle's 17-clue puzzles: unique, the same solution
 * by both paths. */
static void
test_numgrid_sudoku17 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "sudoku",
                                                  "sudoku17-first1000.txt", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1307);
  g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, FALSE);
  g_autoptr(GError) error = NULL;
  guint puzzles = 0;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      PwNumGridSearch search;
      PwNumGridResult general, fast;
      g_autoptr(GPtrArray) a = NULL;
      g_autoptr(GPtrArray) b = NULL;

      if (lines[i][0] == '\0')
        continue;
      g_assert_cmpuint (strlen (lines[i]), ==, 81);
      for (guint c = 0; c < 81; c++)
        pw_numgrid_set_given (grid, c, lines[i][c] == '.' ? 0 : (guint) (lines[i][c] - '0'));
      pw_numgrid_search_init (&search);
      search.max_solutions = 2;
      a = run (grid, search, &general);
      search.allow_fast_path = TRUE;
      b = run (grid, search, &fast);
      g_assert_cmpuint (general.solutions, ==, 1);
      g_assert_cmpuint (fast.solutions, ==, 1);
      g_assert_true (general.exhausted && fast.exhausted);
      g_assert_cmpstr (a->pdata[0], ==, b->pdata[0]);
      puzzles++;
    }
  g_assert_cmpuint (puzzles, ==, 1000);
}

/* The fast path is taken for the standard units only, in any order. */
static void
test_numgrid_sudoku9_detect (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1308);
  guint diagonal[9], row[9];

  for (guint i = 0; i < 9; i++)
    {
      diagonal[i] = i * 10;
      row[i] = i;
    }
  {
    g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, TRUE);

    g_assert_true (_pw_sudoku9_applies (grid));
    /* a unit repeated changes nothing */
    pw_numgrid_add_unit (grid, PW_UNIT_ROW, 0, row, 9);
    g_assert_true (_pw_sudoku9_applies (grid));
    /* a copy keeps it */
    {
      g_autoptr(PwNumGrid) copy = pw_numgrid_copy (grid);

      g_assert_true (_pw_sudoku9_applies (copy));
    }
    /* an inequality or a diagonal does not */
    pw_numgrid_add_less (grid, 0, 1);
    g_assert_false (_pw_sudoku9_applies (grid));
  }
  {
    g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, FALSE);

    pw_numgrid_add_unit (grid, PW_UNIT_DIAGONAL, 0, diagonal, 9);
    g_assert_false (_pw_sudoku9_applies (grid));
  }
  {
    /* a Latin square of 9: no boxes */
    g_autoptr(PwNumGrid) grid = latin_grid (9);

    g_assert_false (_pw_sudoku9_applies (grid));
  }
  {
    /* boxes of 3 × 3 in another layout: a grid of 9 × 9 whose 'boxes'
     * are a jigsaw */
    g_autoptr(Plain) p = plain_new (9, 9, 9);
    g_autoptr(PwNumGrid) grid = NULL;

    add_rows_columns (p);
    add_jigsaw (p, rand, 3, 3, FALSE);
    grid = plain_to_grid (p);
    g_assert_false (_pw_sudoku9_applies (grid));
  }
  {
    /* a unit naming a cell twice is not a row */
    g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, FALSE);
    guint twice[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 7 };

    pw_numgrid_add_unit (grid, PW_UNIT_OTHER, 0, twice, 9);
    g_assert_false (_pw_sudoku9_applies (grid));
  }
}

/* Cancellation, node limits and a stopping callback on the fast path. */
static void
test_numgrid_sudoku9_limits (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1309);
  g_autoptr(PwNumGrid) grid = sudoku9_grid (rand, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwNumGridSearch search;
  PwNumGridResult result;

  pw_numgrid_search_init (&search);
  search.allow_fast_path = TRUE;
  search.max_nodes = 5000;
  g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
  g_assert_true (result.node_limit);
  g_assert_false (result.exhausted);
  g_assert_cmpuint (result.nodes, ==, 5000);
  g_assert_cmpuint (result.solutions, >, 0);

  search.max_nodes = 0;
  search.cancellable = cancellable;
  search.on_solution = cancel_at_once;
  search.on_solution_data = cancellable;
  g_assert_false (pw_numgrid_search (grid, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.nodes, <, 4096);
  g_assert_cmpuint (result.solutions, >, 0);
  g_clear_error (&error);

  g_cancellable_reset (cancellable);
  search.on_solution = stop_at_once;
  g_assert_true (pw_numgrid_search (grid, &search, &result, &error));
  g_assert_cmpuint (result.solutions, ==, 1);
  g_assert_false (result.exhausted);

  /* the first solution of the empty grid, then a clash of givens */
  search.on_solution = NULL;
  search.max_solutions = 1;
  g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
  g_assert_cmpuint (result.solutions, ==, 1);
  pw_numgrid_set_given (grid, 0, 5);
  pw_numgrid_set_given (grid, 80, 5);
  pw_numgrid_set_given (grid, 8, 5);   /* row 0 twice */
  g_assert_true (pw_numgrid_search (grid, &search, &result, NULL));
  g_assert_cmpuint (result.solutions, ==, 0);
  g_assert_true (result.exhausted);
  g_assert_cmpuint (result.nodes, ==, 0);
}

/* ------------------------------------------------------------------ */
/* The general engine (fd.h) on the same problems: one variable a cell
 * (values 0..n-1), an all-different a unit, x < y a sign, the givens
 * assigned, built from the engine's model by its public accessors. Both
 * engines must find the same solutions. */

static PwFd *
fd_from_grid (const PwNumGrid *grid)
{
  guint cells = pw_numgrid_get_n_cells (grid);
  const guint8 *givens = pw_numgrid_get_givens (grid);
  PwFd *fd = pw_fd_new (cells, pw_numgrid_get_n_values (grid));

  for (guint u = 0; u < pw_numgrid_get_n_units (grid); u++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (grid, u, NULL, NULL, &size);

      pw_fd_add_all_different (fd, unit, size);
    }
  for (guint i = 0; i < pw_numgrid_get_n_less (grid); i++)
    {
      guint a, b;

      pw_numgrid_get_less (grid, i, &a, &b);
      pw_fd_add_less (fd, a, b, 0);
    }
  for (guint c = 0; c < cells; c++)
    if (givens[c] != 0)
      pw_fd_assign (fd, c, givens[c] - 1);
  return fd;
}

typedef struct
{
  guint      n_cells;
  GPtrArray *list;
} FdCollected;

static gboolean
fd_collect (const guint16 *values,
            gpointer       data)
{
  FdCollected *col = data;
  g_autofree guint8 *bytes = g_new (guint8, col->n_cells);

  for (guint c = 0; c < col->n_cells; c++)
    bytes[c] = values[c] + 1;
  g_ptr_array_add (col->list, solution_key (bytes, col->n_cells));
  return TRUE;
}

/* The two engines find the same solutions (up to @cap of each: then the
 * same count, and numgrid's all valid for fd). */
static void
assert_agrees_with_fd (const PwNumGrid *grid,
                       guint64          cap,
                       gboolean         fast)
{
  g_autoptr(PwFd) fd = fd_from_grid (grid);
  PwFdSearch fd_search;
  PwFdResult fd_result;
  PwNumGridSearch search;
  PwNumGridResult result;
  FdCollected col = { pw_numgrid_get_n_cells (grid),
                      g_ptr_array_new_with_free_func (g_free) };
  g_autoptr(GPtrArray) ours = NULL;
  g_autoptr(GPtrArray) theirs = col.list;

  pw_fd_search_init (&fd_search);
  fd_search.all_different = PW_FD_ALLDIFF_GAC;
  fd_search.order = PW_FD_ORDER_SMALLEST_DOMAIN;
  fd_search.max_solutions = cap;
  fd_search.on_solution = fd_collect;
  fd_search.on_solution_data = &col;
  g_assert_true (pw_fd_search (fd, &fd_search, &fd_result, NULL));

  pw_numgrid_search_init (&search);
  search.max_solutions = cap;
  search.allow_fast_path = fast;
  ours = run (grid, search, &result);

  g_assert_cmpuint (result.solutions, ==, fd_result.solutions);
  if (cap == 0 || result.solutions < cap)
    {
      g_autoptr(GHashTable) set = key_set (theirs);

      for (guint i = 0; i < ours->len; i++)
        g_assert_true (g_hash_table_contains (set, g_ptr_array_index (ours, i)));
    }
}

static void
test_numgrid_agrees_with_fd (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1309);
  const guint n_small = test_instances (600, 60), n_nine = test_instances (150, 30);

  /* small problems of every shape, every solution */
  for (guint i = 0; i < n_small; i++)
    {
      guint shape = i % 4;
      guint n = shape == 0 ? 4 : shape == 1 ? 6 : 4 + (i / 4) % 2;
      g_autoptr(Plain) p = plain_new (n, n, n);
      g_autoptr(PwNumGrid) grid = NULL;

      add_rows_columns (p);
      if (shape == 0)
        add_boxes (p, 2, 2);
      else if (shape == 1)
        add_boxes (p, 2, 3);
      else if (shape == 2)
        {
          add_jigsaw (p, rand, n == 5 ? 1 : 2, n == 5 ? 5 : n / 2, TRUE);
          add_diagonals (p);
        }
      else
        add_signs (p, rand, g_rand_int_range (rand, 10, 60));
      if (i % 7 == 0)
        add_small_units (p, rand, 2);
      add_givens (p, rand, n == 6 ? 35 : 0, 70);
      grid = plain_to_grid (p);
      assert_agrees_with_fd (grid, 0, FALSE);
    }

  /* 9×9 puzzles, unique or not, through the fast path, counted to 3 */
  for (guint i = 0; i < n_nine; i++)
    {
      g_autoptr(Plain) p = plain_new (9, 9, 9);
      g_autoptr(PwNumGrid) grid = NULL;
      g_autoptr(PwNumGrid) rules = NULL;
      PwNumGridSearch search;
      PwNumGridResult result;
      g_autofree guint8 *full = g_new0 (guint8, 81);
      guint keep = g_rand_int_range (rand, 22, 40);

      add_rows_columns (p);
      add_boxes (p, 3, 3);
      rules = plain_to_grid (p);
      /* a random full grid from the engine's random order */
      pw_numgrid_search_init (&search);
      search.max_solutions = 1;
      search.random_order = TRUE;
      search.seed = i + 1;
      {
        g_autoptr(GPtrArray) one = run (rules, search, &result);

        g_assert_cmpuint (one->len, ==, 1);
        for (guint c = 0; c < 81; c++)
          full[c] = (guint8) ((const char *) one->pdata[0])[c];
      }
      for (guint c = 0; c < 81; c++)
        if ((guint) g_rand_int_range (rand, 0, 81) < keep)
          p->givens[c] = full[c];
      grid = plain_to_grid (p);
      assert_agrees_with_fd (grid, 3, TRUE);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/numgrid/sudoku-small", test_numgrid_sudoku_small);
  g_test_add_func ("/analysis/numgrid/jigsaw-diagonal", test_numgrid_jigsaw_diagonal);
  g_test_add_func ("/analysis/numgrid/latin-futoshiki", test_numgrid_latin_futoshiki);
  g_test_add_func ("/analysis/numgrid/small-units", test_numgrid_small_units);
  g_test_add_func ("/analysis/numgrid/wide", test_numgrid_wide);
  g_test_add_func ("/analysis/numgrid/locked", test_numgrid_locked);
  g_test_add_func ("/analysis/numgrid/known-counts", test_numgrid_known_counts);
  g_test_add_func ("/analysis/numgrid/first-solution", test_numgrid_first_solution);
  g_test_add_func ("/analysis/numgrid/node-limit", test_numgrid_node_limit);
  g_test_add_func ("/analysis/numgrid/cancel", test_numgrid_cancel);
  g_test_add_func ("/analysis/numgrid/misuse", test_numgrid_misuse);
  g_test_add_func ("/analysis/numgrid/propagate-cases", test_numgrid_propagate_cases);
  g_test_add_func ("/analysis/numgrid/sudoku9-random", test_numgrid_sudoku9_random);
  g_test_add_func ("/analysis/numgrid/sudoku9-17-clue", test_numgrid_sudoku17);
  g_test_add_func ("/analysis/numgrid/sudoku9-detect", test_numgrid_sudoku9_detect);
  g_test_add_func ("/analysis/numgrid/sudoku9-limits", test_numgrid_sudoku9_limits);
  g_test_add_func ("/analysis/numgrid/portable", test_numgrid_portable);
  g_test_add_func ("/analysis/numgrid/agrees-with-fd", test_numgrid_agrees_with_fd);
  return g_test_run ();
}
