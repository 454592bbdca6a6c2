/* techniques-sets.c — intersections (pointing, claiming),
 * naked and hidden sets, and fish
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
/* Intersections                                                        */

/* Within full unit @a, a value whose places all lie where @a meets
 * another unit @b is removed from the rest of @b. Pointing starts from
 * boxes and regions, claiming from the other units. */
static Result
find_intersection (Solver      *s,
                   State       *st,
                   PwLogicStep *step,
                   gboolean     pointing)
{
  const Ctx *ctx = s->ctx;

  if (!ctx->any_overlaps)
    return R_NONE;
  for (guint a = 0; a < ctx->n_units; a++)
    {
      const Unit *ua = &ctx->units[a];
      Set missing;

      if (!ua->full || ua->boxlike != pointing || ua->n_overlaps == 0)
        continue;
      missing = set_andnot (ctx->all, _pw_tq_unit_placed (st, ua, NULL));
      for (guint k = 0; k < ua->n_overlaps; k++)
        {
          guint b = ua->overlaps[k];
          const Unit *ub = &ctx->units[b];
          Set inside, outside, only, elim_values;

          pw_value_set_clear (&inside);
          pw_value_set_clear (&outside);
          for (guint i = 0; i < ua->size; i++)
            {
              guint c = ua->cells[i];

              if (st->value[c] != 0)
                continue;
              if (unit_has (ctx, b, c))
                inside = set_or (inside, st->cand[c]);
              else
                outside = set_or (outside, st->cand[c]);
            }
          only = set_andnot (set_and (inside, missing), outside);
          if (set_empty (only))
            continue;
          /* which of them can still go in the rest of b */
          pw_value_set_clear (&elim_values);
          for (guint i = 0; i < ub->size; i++)
            {
              guint c = ub->cells[i];

              if (st->value[c] == 0 && !unit_has (ctx, a, c))
                elim_values = set_or (elim_values, set_and (only, st->cand[c]));
            }
          if (set_empty (elim_values))
            continue;
          {
            guint v = set_first (elim_values);

            step_reset (step, pointing ? PW_TECHNIQUE_POINTING : PW_TECHNIQUE_CLAIMING);
            for (guint i = 0; i < ub->size; i++)
              {
                guint c = ub->cells[i];

                if (st->value[c] == 0 && !unit_has (ctx, a, c) &&
                    pw_value_set_has (&st->cand[c], v))
                  step_elim (step, c, v);
              }
            for (guint i = 0; i < ua->size; i++)
              {
                guint c = ua->cells[i];

                if (st->value[c] == 0 && pw_value_set_has (&st->cand[c], v))
                  step_pattern (step, c);
              }
            if (s->explain)
              {
                g_autofree char *an = _pw_tq_unit_name (ctx, a);
                g_autofree char *bn = _pw_tq_unit_name (ctx, b);
                g_autofree char *vn = _pw_tq_value_name (v);
                g_autofree char *cells = _pw_tq_elim_cells_text (ctx, step);

                step->sentence = g_strdup_printf (pointing ?
                                                  /* Translators: unit ("box 1"), value, unit
                                                   * ("row 1"), list of cells */
                                                  _("Pointing: within %s, %s can only go in %s, "
                                                    "so it is removed from %s") :
                                                  /* Translators: unit ("row 1"), value, unit
                                                   * ("box 1"), list of cells */
                                                  _("Claiming: within %s, %s can only go in %s, "
                                                    "so it is removed from %s"),
                                                  an, vn, bn, cells);
              }
            return R_FOUND;
          }
        }
    }
  return R_NONE;
}

Result
_pw_tq_find_pointing (Solver      *s,
                      State       *st,
                      PwLogicStep *step)
{
  return find_intersection (s, st, step, TRUE);
}

Result
_pw_tq_find_claiming (Solver      *s,
                      State       *st,
                      PwLogicStep *step)
{
  return find_intersection (s, st, step, FALSE);
}

/* ------------------------------------------------------------------ */
/* Naked and hidden sets                                                */

/* Set searches skip a unit with more eligible members than this: the
 * combinations grow too fast and people do not look there either. */
#define MAX_SET_MEMBERS 40

static const PwTechnique naked_technique[5] = {
  0, 0, PW_TECHNIQUE_NAKED_PAIR, PW_TECHNIQUE_NAKED_TRIPLE, PW_TECHNIQUE_NAKED_QUAD
};
static const PwTechnique hidden_technique[5] = {
  0, 0, PW_TECHNIQUE_HIDDEN_PAIR, PW_TECHNIQUE_HIDDEN_TRIPLE, PW_TECHNIQUE_HIDDEN_QUAD
};

typedef struct
{
  guint        k;
  guint        n_members;
  const Set   *members;     /* what each eligible member covers */
  guint        chosen[4];
  Set          unions[5];
  /* a callback tests a found set: R_FOUND (step made), R_CONTRADICTION or R_NONE */
  Result     (*found) (gpointer data, const guint *chosen, Set together);
  gpointer     data;
} Combo;

/* Every choice of k members whose union has at most k elements, in
 * order, pruned as soon as the union outgrows k. */
static Result
combo_search (Combo *cb,
              guint  depth,
              guint  from)
{
  if (depth == cb->k)
    return cb->found (cb->data, cb->chosen, cb->unions[depth]);
  for (guint i = from; i + (cb->k - depth) <= cb->n_members; i++)
    {
      Set u = set_or (cb->unions[depth], cb->members[i]);
      Result r;

      if (set_count (u) > cb->k)
        continue;
      cb->chosen[depth] = i;
      cb->unions[depth + 1] = u;
      r = combo_search (cb, depth + 1, i + 1);
      if (r != R_NONE)
        return r;
    }
  return R_NONE;
}

typedef struct
{
  Solver      *s;
  State       *st;
  PwLogicStep *step;
  guint        unit;
  guint        k;
  const guint *member_index;  /* member → unit position (naked) or value (hidden) */
  gboolean     hidden;
} SetSearch;

static Result
naked_found (gpointer     data,
             const guint *chosen,
             Set          together)
{
  SetSearch *ss = data;
  const Ctx *ctx = ss->s->ctx;
  const Unit *unit = &ctx->units[ss->unit];
  guint cells[4];

  for (guint i = 0; i < ss->k; i++)
    cells[i] = unit->cells[ss->member_index[chosen[i]]];
  if (set_count (together) < ss->k)
    {
      if (ss->s->explain)
        {
          g_autofree char *cn = _pw_tq_cells_text (ctx, cells, ss->k);

          _pw_tq_set_why (ss->s, _("%s share too few values"), cn);
        }
      return R_CONTRADICTION;
    }
  step_reset (ss->step, naked_technique[ss->k]);
  for (guint i = 0; i < unit->size; i++)
    {
      guint c = unit->cells[i];
      gboolean in_set = FALSE;

      for (guint j = 0; j < ss->k; j++)
        in_set |= cells[j] == c;
      if (in_set || ss->st->value[c] != 0)
        continue;
      SET_FOREACH (set_and (ss->st->cand[c], together), v)
        step_elim (ss->step, c, v);
    }
  if (ss->step->eliminations->len == 0)
    return R_NONE;
  for (guint j = 0; j < ss->k; j++)
    step_pattern (ss->step, cells[j]);
  if (ss->s->explain)
    {
      g_autofree char *un = _pw_tq_unit_name (ctx, ss->unit);
      g_autofree char *cn = _pw_tq_cells_text (ctx, cells, ss->k);
      g_autofree char *vn = _pw_tq_values_text (together);
      g_autofree char *el = _pw_tq_elims_text (ctx, ss->step);

      /* Translators: technique ("Naked pair"), unit ("row 1"), list of cells, list of values,
       * removals like "r1c9 ≠ 3; r1c8 ≠ 3, 7" */
      ss->step->sentence = g_strdup_printf (_("%s: in %s, %s hold only %s, so %s"),
                                            pw_technique_name (naked_technique[ss->k]),
                                            un, cn, vn, el);
    }
  return R_FOUND;
}

static Result
find_naked_set (Solver      *s,
                State       *st,
                PwLogicStep *step,
                guint        k)
{
  const Ctx *ctx = s->ctx;
  guint *index = s->scratch;
  Set *members = g_new (Set, ctx->n);
  Result r = R_NONE;

  for (guint u = 0; u < ctx->n_units && r == R_NONE; u++)
    {
      const Unit *unit = &ctx->units[u];
      guint n_members = 0, n_empty = 0;
      SetSearch ss = { s, st, step, u, k, index, FALSE };
      Combo cb = { 0 };

      for (guint i = 0; i < unit->size; i++)
        {
          guint c = unit->cells[i], count;

          if (st->value[c] != 0)
            continue;
          n_empty++;
          count = set_count (st->cand[c]);
          if (count >= 2 && count <= k)
            {
              index[n_members] = i;
              members[n_members++] = st->cand[c];
            }
        }
      if (n_empty <= k || n_members < k || n_members > MAX_SET_MEMBERS)
        continue;
      cb.k = k;
      cb.n_members = n_members;
      cb.members = members;
      pw_value_set_clear (&cb.unions[0]);
      cb.found = naked_found;
      cb.data = &ss;
      r = combo_search (&cb, 0, 0);
    }
  g_free (members);
  return r;
}

static Result
hidden_found (gpointer     data,
              const guint *chosen,
              Set          together)
{
  SetSearch *ss = data;
  const Ctx *ctx = ss->s->ctx;
  const Unit *unit = &ctx->units[ss->unit];
  Set values;
  guint cells[4], n_cells = 0;

  pw_value_set_clear (&values);
  for (guint i = 0; i < ss->k; i++)
    pw_value_set_add (&values, ss->member_index[chosen[i]]);
  SET_FOREACH (together, p)
    cells[n_cells++] = unit->cells[p - 1];
  if (n_cells < ss->k)
    {
      if (ss->s->explain)
        {
          g_autofree char *vn = _pw_tq_values_text (values);
          g_autofree char *un = _pw_tq_unit_name (ctx, ss->unit);

          _pw_tq_set_why (ss->s, _("%s have too few places in %s"), vn, un);
        }
      return R_CONTRADICTION;
    }
  step_reset (ss->step, hidden_technique[ss->k]);
  for (guint i = 0; i < n_cells; i++)
    SET_FOREACH (set_andnot (ss->st->cand[cells[i]], values), v)
      step_elim (ss->step, cells[i], v);
  if (ss->step->eliminations->len == 0)
    return R_NONE;
  for (guint i = 0; i < n_cells; i++)
    step_pattern (ss->step, cells[i]);
  if (ss->s->explain)
    {
      g_autofree char *un = _pw_tq_unit_name (ctx, ss->unit);
      g_autofree char *cn = _pw_tq_cells_text (ctx, cells, n_cells);
      g_autofree char *vn = _pw_tq_values_text (values);
      g_autofree char *el = _pw_tq_elims_text (ctx, ss->step);

      /* Translators: technique ("Hidden pair"), unit ("row 1"), list of values, list of cells,
       * removals like "r1c1 ≠ 1, 3; r1c5 ≠ 4" */
      ss->step->sentence = g_strdup_printf (_("%s: in %s, %s can only go in %s, so %s"),
                                            pw_technique_name (hidden_technique[ss->k]),
                                            un, vn, cn, el);
    }
  return R_FOUND;
}

static Result
find_hidden_set (Solver      *s,
                 State       *st,
                 PwLogicStep *step,
                 guint        k)
{
  const Ctx *ctx = s->ctx;
  guint *index = s->scratch;
  Set *members = g_new (Set, ctx->n);
  Result r = R_NONE;

  for (guint u = 0; u < ctx->n_units && r == R_NONE; u++)
    {
      const Unit *unit = &ctx->units[u];
      Set level[6], eligible, placed, missing;
      guint n_members = 0;
      SetSearch ss = { s, st, step, u, k, index, TRUE };
      Combo cb = { 0 };

      if (!unit->full)
        continue;
      /* how many places each value has, counted up to five */
      for (guint l = 0; l < 6; l++)
        pw_value_set_clear (&level[l]);
      pw_value_set_clear (&placed);
      for (guint i = 0; i < unit->size; i++)
        {
          guint c = unit->cells[i];

          if (st->value[c] != 0)
            {
              pw_value_set_add (&placed, st->value[c]);
              continue;
            }
          for (guint l = 5; l > 1; l--)
            level[l] = set_or (level[l], set_and (level[l - 1], st->cand[c]));
          level[1] = set_or (level[1], st->cand[c]);
        }
      missing = set_andnot (ctx->all, placed);
      if (set_count (missing) <= k)
        continue;
      eligible = set_andnot (set_and (level[2], missing), level[k + 1]);
      if (set_count (eligible) < k || set_count (eligible) > MAX_SET_MEMBERS)
        continue;
      SET_FOREACH (eligible, v)
        {
          Set where;

          pw_value_set_clear (&where);
          for (guint i = 0; i < unit->size; i++)
            {
              guint c = unit->cells[i];

              if (st->value[c] == 0 && pw_value_set_has (&st->cand[c], v))
                pw_value_set_add (&where, i + 1);
            }
          index[n_members] = v;
          members[n_members++] = where;
        }
      cb.k = k;
      cb.n_members = n_members;
      cb.members = members;
      pw_value_set_clear (&cb.unions[0]);
      cb.found = hidden_found;
      cb.data = &ss;
      r = combo_search (&cb, 0, 0);
    }
  g_free (members);
  return r;
}

Result
_pw_tq_find_naked_pair (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 2);
}

Result
_pw_tq_find_naked_triple (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 3);
}

Result
_pw_tq_find_naked_quad (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 4);
}

Result
_pw_tq_find_hidden_pair (Solver *s, State *st, PwLogicStep *step)
{
  return find_hidden_set (s, st, step, 2);
}

Result
_pw_tq_find_hidden_triple (Solver *s, State *st, PwLogicStep *step)
{
  return find_hidden_set (s, st, step, 3);
}

Result
_pw_tq_find_hidden_quad (Solver *s, State *st, PwLogicStep *step)
{
  return find_hidden_set (s, st, step, 4);
}

/* ------------------------------------------------------------------ */
/* Fish                                                                 */

static const PwTechnique fish_technique[5] = {
  0, 0, PW_TECHNIQUE_X_WING, PW_TECHNIQUE_SWORDFISH, PW_TECHNIQUE_JELLYFISH
};

typedef struct
{
  Solver        *s;
  State         *st;
  PwLogicStep   *step;
  const Family  *base;
  const Family  *cover;
  guint          value;
  guint          k;
  const guint   *base_index;   /* member → index in base->units */
  const guint   *base_count;   /* per base unit: its empty cells with the value */
  const guint   *cover_count;  /* per cover unit: the same */
} FishSearch;

static Result
fish_found (gpointer     data,
            const guint *chosen,
            Set          together)
{
  FishSearch *fs = data;
  Solver *s = fs->s;
  const Ctx *ctx = s->ctx;
  guint v = fs->value;
  guint base_units[4], cover_units[4], n_cover = 0;
  guint8 chosen_bases[4];

  for (guint i = 0; i < fs->k; i++)
    {
      chosen_bases[i] = fs->base_index[chosen[i]];
      base_units[i] = fs->base->units[chosen_bases[i]];
    }
  SET_FOREACH (together, p)
    cover_units[n_cover++] = fs->cover->units[p - 1];
  /* every place in the bases lies in the covers: the covers have more
   * places only if something can be removed */
  if (n_cover == fs->k)
    {
      guint in_bases = 0, in_covers = 0;

      for (guint i = 0; i < fs->k; i++)
        in_bases += fs->base_count[chosen_bases[i]];
      SET_FOREACH (together, p)
        in_covers += fs->cover_count[p - 1];
      if (in_covers == in_bases)
        return R_NONE;
    }
  if (n_cover < fs->k)
    {
      if (s->explain)
        {
          g_autofree char *vn = _pw_tq_value_name (v);
          g_autofree char *bn = _pw_tq_units_text (ctx, base_units, fs->k);

          _pw_tq_set_why (s, _("%s has too few places in %s"), vn, bn);
        }
      return R_CONTRADICTION;
    }
  step_reset (fs->step, fish_technique[fs->k]);
  for (guint i = 0; i < n_cover; i++)
    {
      const Unit *unit = &ctx->units[cover_units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint c = unit->cells[j];
          gboolean in_base = FALSE;

          if (fs->st->value[c] != 0 || !pw_value_set_has (&fs->st->cand[c], v))
            continue;
          for (guint b = 0; b < fs->k; b++)
            in_base |= fs->base->index[c] == chosen_bases[b];
          if (in_base)
            step_pattern (fs->step, c);
          else
            step_elim (fs->step, c, v);
        }
    }
  if (fs->step->eliminations->len == 0)
    return R_NONE;
  if (s->explain)
    {
      g_autofree char *vn = _pw_tq_value_name (v);
      g_autofree char *bn = _pw_tq_units_text (ctx, base_units, fs->k);
      g_autofree char *cn = _pw_tq_units_text (ctx, cover_units, n_cover);
      g_autofree char *el = _pw_tq_elim_cells_text (ctx, fs->step);

      /* Translators: technique ("X-Wing"), value, list of units ("row 2, row 7"), list of units,
       * list of cells */
      fs->step->sentence = g_strdup_printf (_("%s on %s: in %s it can only go in %s, "
                                              "so it is removed from %s"),
                                            pw_technique_name (fish_technique[fs->k]),
                                            vn, bn, cn, el);
    }
  return R_FOUND;
}

static Result
find_fish (Solver      *s,
           State       *st,
           PwLogicStep *step,
           guint        k)
{
  const Ctx *ctx = s->ctx;
  guint stride = ctx->n + 1, max_units = 0;
  g_autofree Set *where = NULL;
  g_autofree Set *excluded = NULL;
  g_autofree Set *members = g_new (Set, ctx->n + 1);
  g_autofree guint *counts = NULL;  /* family × unit × value: empty cells with it */
  guint *index = s->scratch;
  Result r = R_NONE;

  for (guint f = 0; f < ctx->n_families; f++)
    max_units = MAX (max_units, ctx->families[f].n_units);
  counts = g_new0 (guint, (gsize) MAX (ctx->n_families, 1) * max_units * stride);
  for (guint f = 0; f < ctx->n_families; f++)
    for (guint j = 0; j < ctx->families[f].n_units; j++)
      {
        const Unit *unit = &ctx->units[ctx->families[f].units[j]];
        guint *row = counts + ((gsize) f * max_units + j) * stride;

        for (guint i = 0; i < unit->size; i++)
          if (st->value[unit->cells[i]] == 0)
            SET_FOREACH (st->cand[unit->cells[i]], v)
              row[v]++;
      }
  where = g_new (Set, (gsize) max_units * stride);
  excluded = g_new (Set, max_units);
  /* rows against columns first, then any other pair of families */
  for (guint pass = 0; pass < 2 && r == R_NONE; pass++)
    for (guint fb = 0; fb < ctx->n_families && r == R_NONE; fb++)
      for (guint fc = 0; fc < ctx->n_families && r == R_NONE; fc++)
        {
          const Family *base = &ctx->families[fb], *cover = &ctx->families[fc];
          gboolean lines = (base->kind == PW_UNIT_ROW || base->kind == PW_UNIT_COLUMN) &&
                           (cover->kind == PW_UNIT_ROW || cover->kind == PW_UNIT_COLUMN);

          if (fb == fc || !base->full || lines != (pass == 0) || base->n_units <= k)
            continue;
          /* where each value can go in each base unit, by cover unit; a
           * value placed there, or with a place outside the cover
           * family, cannot make a fish from that unit */
          for (guint b = 0; b < base->n_units; b++)
            {
              const Unit *unit = &ctx->units[base->units[b]];

              pw_value_set_clear (&excluded[b]);
              for (guint v = 1; v <= ctx->n; v++)
                pw_value_set_clear (&where[b * stride + v]);
              for (guint i = 0; i < unit->size; i++)
                {
                  guint c = unit->cells[i];

                  if (st->value[c] != 0)
                    pw_value_set_add (&excluded[b], st->value[c]);
                  else if (cover->index[c] == NONE8)
                    excluded[b] = set_or (excluded[b], st->cand[c]);
                  else
                    SET_FOREACH (st->cand[c], v)
                      pw_value_set_add (&where[b * stride + v], cover->index[c] + 1);
                }
            }
          for (guint v = 1; v <= ctx->n && r == R_NONE; v++)
            {
              guint n_members = 0;
              FishSearch fs = { s, st, step, base, cover, v, k, index, NULL, NULL };
              Combo cb = { 0 };
              g_autofree guint *base_count = g_new (guint, base->n_units);
              g_autofree guint *cover_count = g_new (guint, cover->n_units);

              for (guint b = 0; b < base->n_units; b++)
                {
                  guint count;

                  if (pw_value_set_has (&excluded[b], v))
                    continue;
                  count = set_count (where[b * stride + v]);
                  if (count < 2 || count > k)
                    continue;
                  index[n_members] = b;
                  members[n_members++] = where[b * stride + v];
                }
              if (n_members < k)
                continue;
              for (guint b = 0; b < base->n_units; b++)
                base_count[b] = counts[((gsize) fb * max_units + b) * stride + v];
              for (guint j = 0; j < cover->n_units; j++)
                cover_count[j] = counts[((gsize) fc * max_units + j) * stride + v];
              fs.base_count = base_count;
              fs.cover_count = cover_count;
              cb.k = k;
              cb.n_members = n_members;
              cb.members = members;
              pw_value_set_clear (&cb.unions[0]);
              cb.found = fish_found;
              cb.data = &fs;
              r = combo_search (&cb, 0, 0);
            }
        }
  return r;
}

Result
_pw_tq_find_x_wing (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 2);
}

Result
_pw_tq_find_swordfish (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 3);
}

Result
_pw_tq_find_jellyfish (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 4);
}
