/* techniques-singles.c — the singles and the inequalities
 * (Futoshiki's signs)
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
/* Singles                                                              */

Result
_pw_tq_find_full_house (Solver      *s,
                        State       *st,
                        PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;

  for (guint u = 0; u < ctx->n_units; u++)
    {
      const Unit *unit = &ctx->units[u];
      guint n_empty, cell = 0, v;
      Set placed;

      if (!unit->full)
        continue;
      placed = _pw_tq_unit_placed (st, unit, &n_empty);
      if (n_empty != 1)
        continue;
      for (guint i = 0; i < unit->size; i++)
        if (st->value[unit->cells[i]] == 0)
          cell = unit->cells[i];
      v = set_first (set_andnot (ctx->all, placed));
      if (v == 0 || !pw_value_set_has (&st->cand[cell], v))
        {
          if (v != 0)
            _pw_tq_why_no_place (s, v, u);
          else
            _pw_tq_why_no_candidate (s, cell);
          return R_CONTRADICTION;
        }
      step_reset (step, PW_TECHNIQUE_FULL_HOUSE);
      step_place (step, cell, v);
      for (guint i = 0; i < unit->size; i++)
        step_pattern (step, unit->cells[i]);
      if (s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, cell);
          g_autofree char *un = _pw_tq_unit_name (ctx, u);
          g_autofree char *vn = _pw_tq_value_name (v);

          /* Translators: cell (r3c5), unit ("row 3"), value */
          step->sentence = g_strdup_printf (_("Full house: %s is the last empty cell in %s, so "
                                              "it is %s"),
                                            cn, un, vn);
        }
      return R_FOUND;
    }
  return R_NONE;
}

static Result
find_hidden_single (Solver      *s,
                    State       *st,
                    PwLogicStep *step,
                    gboolean     boxes)
{
  const Ctx *ctx = s->ctx;

  for (guint u = 0; u < ctx->n_units; u++)
    {
      const Unit *unit = &ctx->units[u];
      Set once, twice, placed, missing, single;
      guint v, cell = 0;

      if (!unit->full || unit->boxlike != boxes)
        continue;
      pw_value_set_clear (&once);
      pw_value_set_clear (&twice);
      pw_value_set_clear (&placed);
      for (guint i = 0; i < unit->size; i++)
        {
          guint c = unit->cells[i];

          if (st->value[c] != 0)
            pw_value_set_add (&placed, st->value[c]);
          else
            {
              twice = set_or (twice, set_and (once, st->cand[c]));
              once = set_or (once, st->cand[c]);
            }
        }
      missing = set_andnot (ctx->all, placed);
      if (!set_empty (set_andnot (missing, once)))
        {
          _pw_tq_why_no_place (s, set_first (set_andnot (missing, once)), u);
          return R_CONTRADICTION;
        }
      single = set_andnot (set_and (once, missing), twice);
      if (set_empty (single))
        continue;
      v = set_first (single);
      for (guint i = 0; i < unit->size; i++)
        if (st->value[unit->cells[i]] == 0 && pw_value_set_has (&st->cand[unit->cells[i]], v))
          cell = unit->cells[i];
      step_reset (step, boxes ? PW_TECHNIQUE_HIDDEN_SINGLE_BOX : PW_TECHNIQUE_HIDDEN_SINGLE);
      step_place (step, cell, v);
      for (guint i = 0; i < unit->size; i++)
        step_pattern (step, unit->cells[i]);
      if (s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, cell);
          g_autofree char *un = _pw_tq_unit_name (ctx, u);
          g_autofree char *vn = _pw_tq_value_name (v);

          /* Translators: value, cell (r3c5), unit ("box 2") */
          step->sentence = g_strdup_printf (_("Hidden single: %s can only go in %s within %s"),
                                            vn, cn, un);
        }
      return R_FOUND;
    }
  return R_NONE;
}

Result
_pw_tq_find_hidden_single_box (Solver      *s,
                               State       *st,
                               PwLogicStep *step)
{
  return find_hidden_single (s, st, step, TRUE);
}

Result
_pw_tq_find_hidden_single_line (Solver      *s,
                                State       *st,
                                PwLogicStep *step)
{
  return find_hidden_single (s, st, step, FALSE);
}

Result
_pw_tq_find_naked_single (Solver      *s,
                          State       *st,
                          PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;

  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint count;

      if (st->value[c] != 0)
        continue;
      count = set_count (st->cand[c]);
      if (count == 0)
        {
          _pw_tq_why_no_candidate (s, c);
          return R_CONTRADICTION;
        }
      if (count != 1)
        continue;
      step_reset (step, PW_TECHNIQUE_NAKED_SINGLE);
      step_place (step, c, set_first (st->cand[c]));
      step_pattern (step, c);
      if (s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, c);
          g_autofree char *vn = _pw_tq_value_name (set_first (st->cand[c]));

          /* Translators: cell (r3c5), value */
          step->sentence = g_strdup_printf (_("Naked single: %s can only be %s"), cn, vn);
        }
      return R_FOUND;
    }
  return R_NONE;
}

/* ------------------------------------------------------------------ */
/* Inequalities                                                         */

Result
_pw_tq_find_inequality (Solver      *s,
                        State       *st,
                        PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;

  for (guint i = 0; i < ctx->n_less; i++)
    {
      guint a = ctx->less[2 * i], b = ctx->less[2 * i + 1];
      guint lo_a = set_first (st->cand[a]), hi_b = set_last (st->cand[b]);
      Set from_a, from_b;

      if (lo_a == 0 || hi_b == 0)
        return R_CONTRADICTION;
      /* a < b: a below the largest b, b above the smallest a */
      from_a = set_and (st->cand[a], set_range (hi_b, ctx->n));
      from_b = set_and (st->cand[b], set_range (1, lo_a));
      if (set_empty (from_a) && set_empty (from_b))
        continue;
      if ((st->value[a] != 0 && !set_empty (from_a)) || (st->value[b] != 0 && !set_empty (from_b)))
        {
          if (s->explain)
            {
              g_autofree char *an = _pw_tq_cell_name (ctx, a);
              g_autofree char *bn = _pw_tq_cell_name (ctx, b);

              _pw_tq_set_why (s, _("%s is not less than %s"), an, bn);
            }
          return R_CONTRADICTION;
        }
      step_reset (step, PW_TECHNIQUE_INEQUALITY);
      SET_FOREACH (from_a, v)
        step_elim (step, a, v);
      SET_FOREACH (from_b, v)
        step_elim (step, b, v);
      step_pattern (step, a);
      step_pattern (step, b);
      if (s->explain)
        {
          g_autofree char *an = _pw_tq_cell_name (ctx, a);
          g_autofree char *bn = _pw_tq_cell_name (ctx, b);
          g_autofree char *el = _pw_tq_elims_text (ctx, step);

          /* Translators: two cells, then removals like "r1c2 ≠ 4, 5; r1c3 ≠ 1" */
          step->sentence = g_strdup_printf (_("Inequality: %s < %s, so %s"), an, bn, el);
        }
      return R_FOUND;
    }
  return R_NONE;
}

/* The @k-th largest (@largest) or smallest value of @set, 0 when it has
 * fewer than @k. */
static guint
kth_value (Set      set,
           guint    k,
           gboolean largest)
{
  guint seen = 0;

  if (largest)
    {
      for (guint v = set_last (set); v != 0; v--)
        if (pw_value_set_has (&set, v) && ++seen == k)
          return v;
    }
  else
    {
      SET_FOREACH (set, v)
        if (++seen == k)
          return v;
    }
  return 0;
}

/* For each cell, the cells beyond it along chains of signs (all larger,
 * or all smaller): those that share a unit take different values, so
 * k of them in one unit put the cell below (above) the k-th largest
 * (smallest) value they can take. */
static Result
find_inequality_chain_dir (Solver      *s,
                           State       *st,
                           PwLogicStep *step,
                           gboolean     larger)
{
  const Ctx *ctx = s->ctx;
  const guint *start = larger ? ctx->up_start : ctx->down_start;
  const guint *list = larger ? ctx->up_list : ctx->down_list;
  guint *reach = s->scratch;
  guint *unit_count = s->scratch2;
  for (guint a = 0; a < ctx->n_cells; a++)
    {
      guint n_reach = 0, head = 0, stamp;

      if (st->value[a] != 0 || start[a] == start[a + 1])
        continue;
      /* every cell beyond a, breadth first */
      stamp = new_stamp (s);
      s->mark[a] = stamp;
      reach[n_reach++] = a;
      while (head < n_reach)
        {
          guint c = reach[head++];

          for (guint i = start[c]; i < start[c + 1]; i++)
            if (s->mark[list[i]] != stamp)
              {
                s->mark[list[i]] = stamp;
                reach[n_reach++] = list[i];
              }
        }
      if (n_reach < 3)
        continue;
      /* group them by unit: reach[1..] */
      for (guint i = 1; i < n_reach; i++)
        {
          guint k;
          const guint *units = cell_units (ctx, reach[i], &k);

          for (guint j = 0; j < k; j++)
            unit_count[units[j]] = 0;
        }
      for (guint i = 1; i < n_reach; i++)
        {
          guint k;
          const guint *units = cell_units (ctx, reach[i], &k);

          for (guint j = 0; j < k; j++)
            unit_count[units[j]]++;
        }
      for (guint i = 1; i < n_reach; i++)
        {
          guint k;
          const guint *units = cell_units (ctx, reach[i], &k);

          for (guint j = 0; j < k; j++)
            {
              guint u = units[j], count = unit_count[u], bound, members = 0;
              Set together, cut;

              if (count < 2)
                continue;
              unit_count[u] = 0;     /* each unit once */
              pw_value_set_clear (&together);
              for (guint m = 1; m < n_reach; m++)
                if (unit_has (ctx, u, reach[m]))
                  together = set_or (together, st->cand[reach[m]]);
              bound = kth_value (together, count, larger);
              if (bound == 0)
                {
                  _pw_tq_why_no_place (s, larger ? set_last (together) : set_first (together), u);
                  return R_CONTRADICTION;
                }
              cut = larger ? set_range (bound, ctx->n) : set_range (1, bound);
              cut = set_and (st->cand[a], cut);
              if (set_empty (cut))
                continue;
              step_reset (step, PW_TECHNIQUE_INEQUALITY_CHAIN);
              SET_FOREACH (cut, v)
                step_elim (step, a, v);
              step_pattern (step, a);
              for (guint m = 1; m < n_reach; m++)
                if (unit_has (ctx, u, reach[m]))
                  {
                    step_pattern (step, reach[m]);
                    members++;
                  }
              g_assert (members == count);
              if (s->explain)
                {
                  g_autofree char *an = _pw_tq_cell_name (ctx, a);
                  g_autofree char *others = _pw_tq_cells_text (ctx,
                                                               &g_array_index (step->pattern, guint, 1),
                                                               step->pattern->len - 1);
                  g_autofree char *el = _pw_tq_elims_text (ctx, step);

                  step->sentence =
                    g_strdup_printf (larger ?
                                     /* Translators: a cell, a list of cells, then removals
                                      * like "r1c2 ≠ 4, 5" */
                                     _("Inequality chain: %s is less than each of %s, which all "
                                       "differ, so %s") :
                                     /* Translators: a cell, a list of cells, then removals
                                      * like "r1c2 ≠ 4, 5" */
                                     _("Inequality chain: %s is greater than each of %s, which "
                                       "all differ, so %s"),
                                     an, others, el);
                }
              return R_FOUND;
            }
        }
    }
  return R_NONE;
}

Result
_pw_tq_find_inequality_chain (Solver      *s,
                              State       *st,
                              PwLogicStep *step)
{
  Result r = find_inequality_chain_dir (s, st, step, TRUE);

  if (r != R_NONE)
    return r;
  return find_inequality_chain_dir (s, st, step, FALSE);
}
