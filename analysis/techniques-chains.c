/* techniques-chains.c — wings (XY, XYZ), simple colouring,
 * X-chains and XY-chains
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of the human-style solver (techniques.c), on its problem, positions
 * and steps (techniques-private.h).
 */

#define G_LOG_DOMAIN "pw-techniques"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "techniques-private.h"

/* ------------------------------------------------------------------ */
/* Wings                                                                */

/* Adds to @step the removal of @v from every empty cell that sees all
 * of @cells (none of them). */
static void
elim_seeing_all (Solver      *s,
                 State       *st,
                 PwLogicStep *step,
                 const guint *cells,
                 guint        n,
                 guint        v)
{
  const Ctx *ctx = s->ctx;
  guint n_units, stamp = new_stamp (s);
  const guint *units = cell_units (ctx, cells[0], &n_units);

  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint c = unit->cells[j];
          gboolean all = TRUE;

          if (s->mark[c] == stamp || st->value[c] != 0 || !pw_value_set_has (&st->cand[c], v))
            continue;
          s->mark[c] = stamp;
          for (guint k = 0; k < n && all; k++)
            all = c != cells[k] && (k == 0 || sees (ctx, c, cells[k]));
          if (all)
            step_elim (step, c, v);
        }
    }
}

/* The empty cells that see @c with a candidate set accepted by @want
 * (stored in @out, each once); how many. */
static guint
peers_with (Solver      *s,
            State       *st,
            guint        c,
            guint       *out,
            guint        max_count)
{
  const Ctx *ctx = s->ctx;
  guint n_units, n = 0, stamp = new_stamp2 (s);
  const guint *units = cell_units (ctx, c, &n_units);

  s->mark2[c] = stamp;
  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint d = unit->cells[j];

          if (s->mark2[d] == stamp || st->value[d] != 0)
            continue;
          s->mark2[d] = stamp;
          if (set_count (st->cand[d]) <= max_count)
            out[n++] = d;
        }
    }
  return n;
}

Result
_pw_tq_find_xy_wing (Solver      *s,
                     State       *st,
                     PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;
  guint *peers = s->scratch2;

  for (guint p = 0; p < ctx->n_cells; p++)
    {
      guint n_peers;
      Set pc = st->cand[p];

      if (st->value[p] != 0 || set_count (pc) != 2)
        continue;
      n_peers = peers_with (s, st, p, peers, 2);
      for (guint i = 0; i < n_peers; i++)
        {
          Set a = st->cand[peers[i]], shared_a = set_and (a, pc);

          if (set_count (a) != 2 || set_count (shared_a) != 1)
            continue;
          for (guint j = i + 1; j < n_peers; j++)
            {
              Set b = st->cand[peers[j]], shared_b = set_and (b, pc);
              Set za = set_andnot (a, pc), zb = set_andnot (b, pc);
              guint cells[2] = { peers[i], peers[j] };

              if (set_count (b) != 2 || set_count (shared_b) != 1 ||
                  set_equal (shared_a, shared_b) || !set_equal (za, zb))
                continue;
              step_reset (step, PW_TECHNIQUE_XY_WING);
              elim_seeing_all (s, st, step, cells, 2, set_first (za));
              if (step->eliminations->len == 0)
                continue;
              step_pattern (step, p);
              step_pattern (step, peers[i]);
              step_pattern (step, peers[j]);
              if (s->explain)
                {
                  g_autofree char *pn = _pw_tq_cell_name (ctx, p);
                  g_autofree char *an = _pw_tq_cell_name (ctx, peers[i]);
                  g_autofree char *bn = _pw_tq_cell_name (ctx, peers[j]);
                  g_autofree char *x = _pw_tq_value_name (set_first (pc));
                  g_autofree char *y = _pw_tq_value_name (set_last (pc));
                  g_autofree char *z = _pw_tq_value_name (set_first (za));
                  g_autofree char *el = _pw_tq_elim_cells_text (ctx, step);

                  /* Translators: pivot cell, its two values, the two other cells, the value they
                   * share, list of cells */
                  step->sentence = g_strdup_printf (_("XY-Wing: whether %s is %s or %s, %s or %s "
                                                      "is %s, so it is removed from %s"),
                                                    pn, x, y, an, bn, z, el);
                }
              return R_FOUND;
            }
        }
    }
  return R_NONE;
}

Result
_pw_tq_find_xyz_wing (Solver      *s,
                      State       *st,
                      PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;
  guint *peers = s->scratch2;

  for (guint p = 0; p < ctx->n_cells; p++)
    {
      guint n_peers;
      Set pc = st->cand[p];

      if (st->value[p] != 0 || set_count (pc) != 3)
        continue;
      n_peers = peers_with (s, st, p, peers, 2);
      for (guint i = 0; i < n_peers; i++)
        {
          Set a = st->cand[peers[i]];

          if (set_count (a) != 2 || !set_empty (set_andnot (a, pc)))
            continue;
          for (guint j = i + 1; j < n_peers; j++)
            {
              Set b = st->cand[peers[j]], z = set_and (a, b);
              guint cells[3] = { p, peers[i], peers[j] };

              if (set_count (b) != 2 || !set_empty (set_andnot (b, pc)) ||
                  set_count (z) != 1)
                continue;
              step_reset (step, PW_TECHNIQUE_XYZ_WING);
              elim_seeing_all (s, st, step, cells, 3, set_first (z));
              if (step->eliminations->len == 0)
                continue;
              step_pattern (step, p);
              step_pattern (step, peers[i]);
              step_pattern (step, peers[j]);
              if (s->explain)
                {
                  g_autofree char *pn = _pw_tq_cell_name (ctx, p);
                  g_autofree char *an = _pw_tq_cell_name (ctx, peers[i]);
                  g_autofree char *bn = _pw_tq_cell_name (ctx, peers[j]);
                  g_autofree char *zn = _pw_tq_value_name (set_first (z));
                  g_autofree char *el = _pw_tq_elim_cells_text (ctx, step);

                  /* Translators: pivot cell, the same cell and the two other cells, the value all
                   * three share, list of cells */
                  step->sentence = g_strdup_printf (_("XYZ-Wing: whatever %s is, one of %s, %s, %s "
                                                      "is %s, so it is removed from %s"),
                                                    pn, pn, an, bn, zn, el);
                }
              return R_FOUND;
            }
        }
    }
  return R_NONE;
}

/* ------------------------------------------------------------------ */
/* Chains                                                               */

/* Chains look at no more candidates of one value, or bivalue cells,
 * than this: beyond, their search costs more than it tells. */
#define MAX_CHAIN_NODES 729

/* The empty cells with candidate v (sorted) and the strong links between
 * them (full units where v has exactly two places): for each node, its
 * strong partners (node indices) in adj from adj_start. */
typedef struct
{
  guint        n_nodes;
  const guint *nodes;
  guint       *adj_start;
  guint       *adj;
} Links;

static void
links_clear (Links *l)
{
  g_free (l->adj_start);
  g_free (l->adj);
}

/* Every value's cells and strong links, gathered in one pass. */
typedef struct
{
  guint *node_start;   /* n + 2 offsets into nodes, by value */
  guint *nodes;
  guint *pair_start;   /* n + 2 offsets into pairs (two cells each), by value */
  guint *pairs;
} ValueLinks;

static void
value_links_clear (ValueLinks *vl)
{
  g_free (vl->node_start);
  g_free (vl->nodes);
  g_free (vl->pair_start);
  g_free (vl->pairs);
}

static void
value_links_init (Solver     *s,
                  State      *st,
                  ValueLinks *vl)
{
  const Ctx *ctx = s->ctx;
  guint n = ctx->n, total = 0, n_pairs = 0;
  g_autofree guint *fill = g_new0 (guint, n + 2);
  g_autofree Set *two = g_new (Set, MAX (ctx->n_units, 1));

  vl->node_start = g_new0 (guint, n + 2);
  vl->pair_start = g_new0 (guint, n + 2);
  for (guint c = 0; c < ctx->n_cells; c++)
    if (st->value[c] == 0)
      SET_FOREACH (st->cand[c], v)
        {
          vl->node_start[v + 1]++;
          total++;
        }
  for (guint v = 1; v <= n; v++)
    vl->node_start[v + 1] += vl->node_start[v];
  vl->nodes = g_new (guint, MAX (total, 1));
  for (guint c = 0; c < ctx->n_cells; c++)
    if (st->value[c] == 0)
      SET_FOREACH (st->cand[c], v)
        vl->nodes[vl->node_start[v] + fill[v]++] = c;

  /* per full unit, the values with exactly two places */
  for (guint u = 0; u < ctx->n_units; u++)
    {
      const Unit *unit = &ctx->units[u];
      Set once, twice, more;

      pw_value_set_clear (&two[u]);
      if (!unit->full)
        continue;
      pw_value_set_clear (&once);
      pw_value_set_clear (&twice);
      pw_value_set_clear (&more);
      for (guint i = 0; i < unit->size; i++)
        {
          guint c = unit->cells[i];

          if (st->value[c] != 0)
            continue;
          more = set_or (more, set_and (twice, st->cand[c]));
          twice = set_or (twice, set_and (once, st->cand[c]));
          once = set_or (once, st->cand[c]);
        }
      two[u] = set_andnot (twice, more);
      SET_FOREACH (two[u], v)
        {
          vl->pair_start[v + 1]++;
          n_pairs++;
        }
    }
  for (guint v = 1; v <= n; v++)
    vl->pair_start[v + 1] += vl->pair_start[v];
  vl->pairs = g_new (guint, MAX (2 * n_pairs, 1));
  memset (fill, 0, sizeof (guint) * (n + 2));
  for (guint u = 0; u < ctx->n_units; u++)
    {
      const Unit *unit = &ctx->units[u];

      SET_FOREACH (two[u], v)
        {
          guint *pair = vl->pairs + 2 * (vl->pair_start[v] + fill[v]++), k = 0;

          for (guint i = 0; i < unit->size && k < 2; i++)
            {
              guint c = unit->cells[i];

              if (st->value[c] == 0 && pw_value_set_has (&st->cand[c], v))
                pair[k++] = c;
            }
          g_assert (k == 2);
        }
    }
}

static guint
node_index_of (const Links *l,
               guint        cell)
{
  guint lo = 0, hi = l->n_nodes;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (l->nodes[mid] < cell)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_assert (lo < l->n_nodes && l->nodes[lo] == cell);
  return lo;
}

/* The links of @v; FALSE when it has no candidate or too many. */
static gboolean
strong_links (const ValueLinks *vl,
              guint             v,
              Links            *l)
{
  guint n_pairs = vl->pair_start[v + 1] - vl->pair_start[v];
  const guint *pairs = vl->pairs + 2 * vl->pair_start[v];
  g_autofree guint *fill = NULL;

  memset (l, 0, sizeof *l);
  l->n_nodes = vl->node_start[v + 1] - vl->node_start[v];
  l->nodes = vl->nodes + vl->node_start[v];
  if (l->n_nodes == 0 || l->n_nodes > MAX_CHAIN_NODES)
    return FALSE;
  l->adj_start = g_new0 (guint, l->n_nodes + 1);
  l->adj = g_new (guint, MAX (2 * n_pairs, 1));
  fill = g_new0 (guint, l->n_nodes);
  for (guint i = 0; i < 2 * n_pairs; i++)
    l->adj_start[node_index_of (l, pairs[i]) + 1]++;
  for (guint i = 0; i < l->n_nodes; i++)
    l->adj_start[i + 1] += l->adj_start[i];
  for (guint i = 0; i < n_pairs; i++)
    {
      guint a = node_index_of (l, pairs[2 * i]), b = node_index_of (l, pairs[2 * i + 1]);

      l->adj[l->adj_start[a] + fill[a]++] = b;
      l->adj[l->adj_start[b] + fill[b]++] = a;
    }
  return TRUE;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static Result
simple_colouring (Solver           *s,
                  State            *st,
                  PwLogicStep      *step,
                  const ValueLinks *vl)
{
  const Ctx *ctx = s->ctx;
  g_autofree guint *seen_unit = g_new0 (guint, 2 * MAX (ctx->n_units, 1));
  guint seen_stamp = 0;

  for (guint v = 1; v <= ctx->n; v++)
    {
      Links l;
      g_autofree gint8 *colour = NULL;
      g_autofree guint *queue = NULL;

      if (!strong_links (vl, v, &l))
        {
          links_clear (&l);
          continue;
        }
      colour = g_new (gint8, l.n_nodes);
      memset (colour, -1, l.n_nodes);
      queue = g_new (guint, l.n_nodes);
      for (guint root = 0; root < l.n_nodes; root++)
        {
          guint head = 0, tail = 0;
          gboolean wrap[2] = { FALSE, FALSE };
          guint stamp_a, stamp_b;
          gint false_colour = -1;

          if (colour[root] >= 0 || l.adj_start[root] == l.adj_start[root + 1])
            continue;
          colour[root] = 0;
          queue[tail++] = root;
          while (head < tail)
            {
              guint x = queue[head++];

              for (guint i = l.adj_start[x]; i < l.adj_start[x + 1]; i++)
                {
                  guint y = l.adj[i];

                  if (colour[y] < 0)
                    {
                      colour[y] = 1 - colour[x];
                      queue[tail++] = y;
                    }
                  else if (colour[y] == colour[x])
                    {
                      /* an odd loop of strong links: no solution */
                      _pw_tq_why_no_colouring (s, v, l.nodes[x]);
                      links_clear (&l);
                      return R_CONTRADICTION;
                    }
                }
            }
          /* colour wrap: two cells of one colour share a unit */
          seen_stamp++;
          for (guint i = 0; i < tail; i++)
            {
              guint n_units, col = colour[queue[i]];
              const guint *units = cell_units (ctx, l.nodes[queue[i]], &n_units);

              for (guint k = 0; k < n_units; k++)
                {
                  if (seen_unit[2 * units[k] + col] == seen_stamp)
                    wrap[col] = TRUE;
                  seen_unit[2 * units[k] + col] = seen_stamp;
                }
            }
          if (wrap[0] && wrap[1])
            {
              _pw_tq_why_no_colouring (s, v, l.nodes[root]);
              links_clear (&l);
              return R_CONTRADICTION;
            }
          if (wrap[0] || wrap[1])
            false_colour = wrap[0] ? 0 : 1;
          step_reset (step, PW_TECHNIQUE_SIMPLE_COLOURING);
          if (false_colour >= 0)
            {
              for (guint i = 0; i < tail; i++)
                if (colour[queue[i]] == false_colour)
                  step_elim (step, l.nodes[queue[i]], v);
            }
          else
            {
              /* colour trap: a cell outside that sees both colours */
              stamp_a = new_stamp (s);
              for (guint i = 0; i < tail; i++)
                if (colour[queue[i]] == 0)
                  {
                    guint n_units;
                    const guint *units = cell_units (ctx, l.nodes[queue[i]], &n_units);

                    for (guint k = 0; k < n_units; k++)
                      for (guint m = 0; m < ctx->units[units[k]].size; m++)
                        s->mark[ctx->units[units[k]].cells[m]] = stamp_a;
                  }
              stamp_b = new_stamp2 (s);
              for (guint i = 0; i < tail; i++)
                s->mark2[l.nodes[queue[i]]] = stamp_b;
              for (guint i = 0; i < tail; i++)
                if (colour[queue[i]] == 1)
                  {
                    guint n_units;
                    const guint *units = cell_units (ctx, l.nodes[queue[i]], &n_units);

                    for (guint k = 0; k < n_units; k++)
                      for (guint m = 0; m < ctx->units[units[k]].size; m++)
                        {
                          guint c = ctx->units[units[k]].cells[m];

                          if (s->mark[c] == stamp_a && s->mark2[c] != stamp_b &&
                              st->value[c] == 0 && pw_value_set_has (&st->cand[c], v))
                            {
                              step_elim (step, c, v);
                              s->mark2[c] = stamp_b;
                            }
                        }
                  }
            }
          if (step->eliminations->len == 0)
            continue;
          for (guint i = 0; i < tail; i++)
            step_pattern (step, l.nodes[queue[i]]);
          if (s->explain)
            {
              g_autoptr (GArray) side0 = g_array_new (FALSE, FALSE, sizeof (guint));
              g_autoptr (GArray) side1 = g_array_new (FALSE, FALSE, sizeof (guint));
              g_autofree char *vn = _pw_tq_value_name (v);
              g_autofree char *first = NULL;
              g_autofree char *second = NULL;
              g_autofree char *el = _pw_tq_elim_cells_text (ctx, step);
              gint c0 = false_colour >= 0 ? false_colour : 0;

              for (guint i = 0; i < tail; i++)
                g_array_append_val (colour[queue[i]] == c0 ? side0 : side1, l.nodes[queue[i]]);
              g_array_sort (side0, compare_uint);
              g_array_sort (side1, compare_uint);
              first = _pw_tq_cells_text (ctx, (guint *) (gpointer) side0->data, side0->len);
              second = _pw_tq_cells_text (ctx, (guint *) (gpointer) side1->data, side1->len);
              if (false_colour >= 0)
                /* Translators: value, two lists of cells (the two colours) */
                step->sentence = g_strdup_printf (_("Simple colouring on %s: %s against %s; two of "
                                                    "the first see each other, so it is removed "
                                                    "from them"),
                                                  vn, first, second);
              else
                /* Translators: value, two lists of cells (the two colours), list of cells */
                step->sentence = g_strdup_printf (_("Simple colouring on %s: %s against %s; one "
                                                    "side holds it, so it is removed from the "
                                                    "cells that see both sides: %s"),
                                                  vn, first, second, el);
            }
          links_clear (&l);
          return R_FOUND;
        }
      links_clear (&l);
    }
  return R_NONE;
}

Result
_pw_tq_find_simple_colouring (Solver      *s,
                              State       *st,
                              PwLogicStep *step)
{
  ValueLinks vl;
  Result r;

  value_links_init (s, st, &vl);
  r = simple_colouring (s, st, step, &vl);
  value_links_clear (&vl);
  return r;
}

/* Where a chain's end sees: marks (stamp @s->stamp) every empty cell with
 * @v that sees @c. */
static guint
mark_peers_with (Solver *s,
                 State  *st,
                 guint   c,
                 guint   v)
{
  const Ctx *ctx = s->ctx;
  guint n_units, stamp = new_stamp (s);
  const guint *units = cell_units (ctx, c, &n_units);

  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint d = unit->cells[j];

          if (d != c && st->value[d] == 0 && pw_value_set_has (&st->cand[d], v))
            s->mark[d] = stamp;
        }
    }
  return stamp;
}

/* Eliminations of @v from the cells marked by mark_peers_with (seeing the
 * chain's start) that also see @end. */
static void
elim_marked_seeing (Solver      *s,
                    PwLogicStep *step,
                    guint        stamp,
                    guint        start,
                    guint        end,
                    guint        v)
{
  const Ctx *ctx = s->ctx;
  guint n_units, stamp2 = new_stamp2 (s);
  const guint *units = cell_units (ctx, end, &n_units);

  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint d = unit->cells[j];

          if (d != end && d != start && s->mark[d] == stamp && s->mark2[d] != stamp2)
            {
              s->mark2[d] = stamp2;
              step_elim (step, d, v);
            }
        }
    }
}

/* X-chains on one value: from a start cell assumed not to hold it, a
 * strong link makes the next cell hold it, a weak link (any cell that
 * sees it) makes the next not hold it, and so on. A cell reached holding
 * it is the other end of a chain whose two ends cannot both miss the
 * value: cells that see both ends lose it. Reaching the start itself
 * holding it places it there. */
static Result
x_chain (Solver           *s,
         State            *st,
         PwLogicStep      *step,
         const ValueLinks *vl)
{
  const Ctx *ctx = s->ctx;
  g_autofree guint *node_index = g_new (guint, ctx->n_cells);
  Result r = R_NONE;

  for (guint c = 0; c < ctx->n_cells; c++)
    node_index[c] = G_MAXUINT;
  for (guint v = 1; v <= ctx->n && r == R_NONE; v++)
    {
      Links l;
      g_autofree guint *parent = NULL;
      g_autofree guint *queue = NULL;

      if (!strong_links (vl, v, &l))
        {
          links_clear (&l);
          continue;
        }
      for (guint i = 0; i < l.n_nodes; i++)
        node_index[l.nodes[i]] = i;
      parent = g_new (guint, 2 * l.n_nodes);
      queue = g_new (guint, 2 * l.n_nodes);
      for (guint start = 0; start < l.n_nodes && r == R_NONE; start++)
        {
          guint head = 0, tail = 0, stamp, found = G_MAXUINT;

          if (l.adj_start[start] == l.adj_start[start + 1])
            continue;
          for (guint i = 0; i < 2 * l.n_nodes; i++)
            parent[i] = G_MAXUINT;
          stamp = mark_peers_with (s, st, l.nodes[start], v);
          parent[2 * start] = 2 * start;
          queue[tail++] = 2 * start;
          step_reset (step, PW_TECHNIQUE_X_CHAIN);
          while (head < tail && found == G_MAXUINT)
            {
              guint state = queue[head++], x = state / 2, on = state % 2;

              if (!on)
                {
                  for (guint i = l.adj_start[x]; i < l.adj_start[x + 1]; i++)
                    {
                      guint y = l.adj[i], next = 2 * y + 1;

                      if (parent[next] != G_MAXUINT)
                        continue;
                      parent[next] = state;
                      queue[tail++] = next;
                      if (y == start)
                        {
                          step_place (step, l.nodes[start], v);
                          found = next;
                          break;
                        }
                      elim_marked_seeing (s, step, stamp, l.nodes[start], l.nodes[y], v);
                      if (step->eliminations->len > 0)
                        {
                          found = next;
                          break;
                        }
                    }
                }
              else
                {
                  guint n_units;
                  const guint *units = cell_units (ctx, l.nodes[x], &n_units);

                  for (guint i = 0; i < n_units; i++)
                    {
                      const Unit *unit = &ctx->units[units[i]];

                      for (guint j = 0; j < unit->size; j++)
                        {
                          guint y = node_index[unit->cells[j]], next;

                          if (y == G_MAXUINT || y == x)
                            continue;
                          next = 2 * y;
                          if (parent[next] != G_MAXUINT)
                            continue;
                          parent[next] = state;
                          queue[tail++] = next;
                        }
                    }
                }
            }
          if (found == G_MAXUINT)
            continue;
          /* the chain, start first */
          {
            g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (guint));
            GString *text;

            for (guint state = found;; state = parent[state])
              {
                g_array_prepend_val (chain, state);
                if (state == 2 * start)
                  break;
              }
            for (guint i = 0; i < chain->len; i++)
              step_pattern (step, l.nodes[g_array_index (chain, guint, i) / 2]);
            if (s->explain)
              {
                g_autofree char *vn = _pw_tq_value_name (v);
                g_autofree char *chain_text = NULL;
                g_autofree char *el = NULL;
                g_autofree char *sn = _pw_tq_cell_name (ctx, l.nodes[start]);

                text = g_string_new (NULL);
                for (guint i = 0; i < chain->len; i++)
                  {
                    guint state = g_array_index (chain, guint, i);

                    if (i > 0)
                      g_string_append (text, state % 2 ? " = " : " − ");
                    _pw_tq_append_cell (text, ctx, l.nodes[state / 2]);
                  }
                chain_text = g_string_free (text, FALSE);
                if (step->placements->len > 0)
                  /* Translators: value, a chain like "r1c1 = r4c1 − r6c3 = r6c8" (= a unit's only
                   * two places, − cells that see each other), the chain's first cell */
                  step->sentence = g_strdup_printf (_("X-chain on %s: %s; if %s did not hold it, "
                                                      "it would, so it does"),
                                                    vn, chain_text, sn);
                else
                  {
                    el = _pw_tq_elim_cells_text (ctx, step);
                    /* Translators: value, a chain like "r1c1 = r4c1 − r6c3 = r6c8", list of
                     * cells */
                    step->sentence = g_strdup_printf (_("X-chain on %s: %s; one end holds it, so "
                                                        "it is removed from %s"),
                                                      vn, chain_text, el);
                  }
              }
            r = R_FOUND;
          }
        }
      for (guint i = 0; i < l.n_nodes; i++)
        node_index[l.nodes[i]] = G_MAXUINT;
      links_clear (&l);
    }
  return r;
}

Result
_pw_tq_find_x_chain (Solver      *s,
                     State       *st,
                     PwLogicStep *step)
{
  ValueLinks vl;
  Result r;

  value_links_init (s, st, &vl);
  r = x_chain (s, st, step, &vl);
  value_links_clear (&vl);
  return r;
}

/* XY-chains: bivalue cells, each seeing the next and sharing a value
 * with it. If the start is not a, it is its other value b, so the next
 * cell is not b and holds its other value… A cell reached holding a is
 * the other end: one of the two ends is a. */
Result
_pw_tq_find_xy_chain (Solver      *s,
                      State       *st,
                      PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;
  g_autofree guint *node_index = g_new (guint, ctx->n_cells);
  g_autofree guint *nodes = g_new (guint, ctx->n_cells);
  g_autofree guint *parent = NULL;
  g_autofree guint *queue = NULL;
  guint n_nodes = 0;

  for (guint c = 0; c < ctx->n_cells; c++)
    {
      node_index[c] = G_MAXUINT;
      if (st->value[c] == 0 && set_count (st->cand[c]) == 2)
        {
          node_index[c] = n_nodes;
          nodes[n_nodes++] = c;
        }
    }
  if (n_nodes < 3 || n_nodes > MAX_CHAIN_NODES)
    return R_NONE;
  /* state 2 * node + i: the node holds its i-th value (0 the smaller) */
  parent = g_new (guint, 2 * n_nodes);
  queue = g_new (guint, 2 * n_nodes);
  for (guint start = 0; start < n_nodes; start++)
    for (guint t = 0; t < 2; t++)
      {
        Set sc = st->cand[nodes[start]];
        guint a = t == 0 ? set_first (sc) : set_last (sc);
        guint head = 0, tail = 0, stamp, found = G_MAXUINT;

        for (guint i = 0; i < 2 * n_nodes; i++)
          parent[i] = G_MAXUINT;
        stamp = mark_peers_with (s, st, nodes[start], a);
        /* the start is not a: it holds its other value */
        parent[2 * start + (1 - t)] = 2 * start + (1 - t);
        queue[tail++] = 2 * start + (1 - t);
        step_reset (step, PW_TECHNIQUE_XY_CHAIN);
        while (head < tail && found == G_MAXUINT)
          {
            guint state = queue[head++], x = state / 2;
            Set xc = st->cand[nodes[x]];
            guint val = state % 2 == 0 ? set_first (xc) : set_last (xc);
            guint n_units;
            const guint *units = cell_units (ctx, nodes[x], &n_units);

            for (guint i = 0; i < n_units && found == G_MAXUINT; i++)
              {
                const Unit *unit = &ctx->units[units[i]];

                for (guint j = 0; j < unit->size; j++)
                  {
                    guint y = node_index[unit->cells[j]], other, next;
                    Set yc;

                    if (y == G_MAXUINT || y == x)
                      continue;
                    yc = st->cand[nodes[y]];
                    if (!pw_value_set_has (&yc, val))
                      continue;
                    /* y is not val: it holds the other one */
                    other = set_first (yc) == val ? set_last (yc) : set_first (yc);
                    next = 2 * y + (other == set_first (yc) ? 0 : 1);
                    if (parent[next] != G_MAXUINT)
                      continue;
                    parent[next] = state;
                    queue[tail++] = next;
                    if (other != a)
                      continue;
                    if (y == start)
                      {
                        step_place (step, nodes[start], a);
                        found = next;
                        break;
                      }
                    elim_marked_seeing (s, step, stamp, nodes[start], nodes[y], a);
                    if (step->eliminations->len > 0)
                      {
                        found = next;
                        break;
                      }
                  }
              }
          }
        if (found == G_MAXUINT)
          continue;
        {
          g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (guint));

          for (guint state = found;; state = parent[state])
            {
              g_array_prepend_val (chain, state);
              if (parent[state] == state)
                break;
            }
          for (guint i = 0; i < chain->len; i++)
            step_pattern (step, nodes[g_array_index (chain, guint, i) / 2]);
          if (s->explain)
            {
              GString *text = g_string_new (NULL);
              g_autofree char *chain_text = NULL;
              g_autofree char *an = _pw_tq_value_name (a);
              g_autofree char *sn = _pw_tq_cell_name (ctx, nodes[start]);

              for (guint i = 0; i < chain->len; i++)
                {
                  guint state = g_array_index (chain, guint, i);
                  Set xc = st->cand[nodes[state / 2]];
                  guint holds = state % 2 == 0 ? set_first (xc) : set_last (xc);
                  guint misses = holds == set_first (xc) ? set_last (xc) : set_first (xc);

                  if (i > 0)
                    g_string_append (text, " − ");
                  _pw_tq_append_cell (text, ctx, nodes[state / 2]);
                  g_string_append_printf (text, " (%u=%u)", misses, holds);
                }
              chain_text = g_string_free (text, FALSE);
              if (step->placements->len > 0)
                /* Translators: a chain like "r1c1 (1=2) − r1c5 (2=3)", its first cell, a value */
                step->sentence = g_strdup_printf (_("XY-chain: %s; if %s were not %s, it would be, "
                                                    "so it is"),
                                                  chain_text, sn, an);
              else
                {
                  g_autofree char *el = _pw_tq_elim_cells_text (ctx, step);

                  /* Translators: a chain like "r1c1 (1=2) − r1c5 (2=3)", a value, list of cells */
                  step->sentence = g_strdup_printf (_("XY-chain: %s; one end is %s, so it is "
                                                      "removed from %s"),
                                                    chain_text, an, el);
                }
            }
        }
        return R_FOUND;
      }
  return R_NONE;
}
