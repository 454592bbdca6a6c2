/* techniques.c — the human-style solver: techniques in order of
 * difficulty, trial, the grade and hints (techniques.h)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every technique is written for any PwNumGrid: units are sets of cells
 * with different values, and a unit with exactly n_values cells ("full")
 * holds every value once. Reasoning that a value must appear somewhere
 * (hidden singles and sets, pointing, fish bases, strong links) uses full
 * units only; reasoning that values differ (naked sets, eliminations from
 * a placement, wings, weak links) uses any unit.
 *
 * The solver applies one step of the easiest technique that has one, then
 * starts again from the easiest (Tatham's rule). When none applies, trial:
 * assume a candidate, run the techniques (and, at depth d, trials of depth
 * below d); a contradiction removes the candidate. docs/rules/grading.md
 * gives the scale and the formula.
 */

#define G_LOG_DOMAIN "pw-techniques"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "techniques-private.h"

G_DEFINE_QUARK (pw-logic-error-quark, pw_logic_error)

typedef struct
{
  const char *key;
  const char *name;
  double      rating;
} TechniqueInfo;

#define PW_TECHNIQUE_INFO(id, key, name, rating) { key, name, rating },
static const TechniqueInfo technique_info[] = { PW_TECHNIQUES (PW_TECHNIQUE_INFO) };
#undef PW_TECHNIQUE_INFO

G_STATIC_ASSERT (G_N_ELEMENTS (technique_info) == PW_N_TECHNIQUES);

const char *
pw_technique_key (PwTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_TECHNIQUES, NULL);
  return technique_info[technique].key;
}

const char *
pw_technique_name (PwTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_TECHNIQUES, NULL);
  return _(technique_info[technique].name);
}

double
pw_technique_rating (PwTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_TECHNIQUES, 0.0);
  return technique_info[technique].rating;
}

/* ------------------------------------------------------------------ */
/* Value sets                                                           */


/* ------------------------------------------------------------------ */
/* The problem, prepared                                                */





static void
ctx_free (Ctx *ctx)
{
  for (guint u = 0; u < ctx->n_units; u++)
    g_free (ctx->units[u].overlaps);
  g_free (ctx->units);
  g_free (ctx->cu_start);
  g_free (ctx->cu_list);
  g_free (ctx->less);
  g_free (ctx->up_start);
  g_free (ctx->up_list);
  g_free (ctx->down_start);
  g_free (ctx->down_list);
  for (guint f = 0; f < ctx->n_families; f++)
    {
      g_free (ctx->families[f].units);
      g_free (ctx->families[f].index);
    }
  g_free (ctx);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Ctx, ctx_free)




/* A list of cells per cell from pairs (@from → @to). */
static void
build_adjacency (guint        n_cells,
                 const guint *pairs,
                 guint        n_pairs,
                 guint        from,
                 guint      **start_out,
                 guint      **list_out)
{
  guint *start = g_new0 (guint, n_cells + 1);
  guint *list = g_new (guint, MAX (n_pairs, 1));
  g_autofree guint *fill = g_new0 (guint, n_cells);

  for (guint i = 0; i < n_pairs; i++)
    start[pairs[2 * i + from] + 1]++;
  for (guint c = 0; c < n_cells; c++)
    start[c + 1] += start[c];
  for (guint i = 0; i < n_pairs; i++)
    {
      guint c = pairs[2 * i + from];

      list[start[c] + fill[c]++] = pairs[2 * i + 1 - from];
    }
  *start_out = start;
  *list_out = list;
}

static Ctx *
ctx_new (const PwNumGrid *grid)
{
  Ctx *ctx = g_new0 (Ctx, 1);
  g_autofree guint *shared = NULL;
  g_autofree guint *touched = NULL;

  ctx->grid = grid;
  ctx->n = pw_numgrid_get_n_values (grid);
  ctx->n_cells = pw_numgrid_get_n_cells (grid);
  ctx->width = pw_numgrid_get_width (grid);
  ctx->n_units = pw_numgrid_get_n_units (grid);
  pw_value_set_fill (&ctx->all, ctx->n);

  ctx->units = g_new0 (Unit, MAX (ctx->n_units, 1));
  for (guint u = 0; u < ctx->n_units; u++)
    {
      Unit *unit = &ctx->units[u];

      unit->cells = pw_numgrid_get_unit (grid, u, &unit->kind, &unit->number, &unit->size);
      unit->full = unit->size == ctx->n;
      unit->boxlike = unit->kind == PW_UNIT_BOX || unit->kind == PW_UNIT_REGION;
    }

  ctx->cu_start = g_new (guint, ctx->n_cells + 1);
  ctx->cu_start[0] = 0;
  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint k;

      pw_numgrid_get_cell_units (grid, c, &k);
      ctx->cu_start[c + 1] = ctx->cu_start[c] + k;
    }
  ctx->cu_list = g_new (guint, MAX (ctx->cu_start[ctx->n_cells], 1));
  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint k;
      const guint *list = pw_numgrid_get_cell_units (grid, c, &k);

      memcpy (ctx->cu_list + ctx->cu_start[c], list, sizeof (guint) * k);
    }

  /* units that meet in two cells or more (pointing and claiming) */
  shared = g_new0 (guint, MAX (ctx->n_units, 1));
  touched = g_new (guint, MAX (ctx->n_units, 1));
  for (guint u = 0; u < ctx->n_units; u++)
    {
      Unit *unit = &ctx->units[u];
      guint n_touched = 0, n_over = 0;

      for (guint i = 0; i < unit->size; i++)
        {
          guint k;
          const guint *list = cell_units (ctx, unit->cells[i], &k);

          for (guint j = 0; j < k; j++)
            if (list[j] != u && shared[list[j]]++ == 0)
              touched[n_touched++] = list[j];
        }
      for (guint j = 0; j < n_touched; j++)
        if (shared[touched[j]] >= 2)
          n_over++;
      unit->overlaps = g_new (guint, MAX (n_over, 1));
      for (guint j = 0; j < n_touched; j++)
        {
          if (shared[touched[j]] >= 2)
            unit->overlaps[unit->n_overlaps++] = touched[j];
          shared[touched[j]] = 0;
        }
      if (unit->n_overlaps > 0)
        ctx->any_overlaps = TRUE;
    }

  ctx->n_less = pw_numgrid_get_n_less (grid);
  ctx->less = g_new (guint, MAX (2 * ctx->n_less, 1));
  for (guint i = 0; i < ctx->n_less; i++)
    pw_numgrid_get_less (grid, i, &ctx->less[2 * i], &ctx->less[2 * i + 1]);
  build_adjacency (ctx->n_cells, ctx->less, ctx->n_less, 0, &ctx->up_start, &ctx->up_list);
  build_adjacency (ctx->n_cells, ctx->less, ctx->n_less, 1, &ctx->down_start, &ctx->down_list);

  /* families: all units of one kind, when they are pairwise disjoint */
  for (PwUnitKind kind = PW_UNIT_ROW; kind <= PW_UNIT_OTHER; kind++)
    {
      Family *family = &ctx->families[ctx->n_families];
      guint count = 0;
      gboolean ok = TRUE;

      for (guint u = 0; u < ctx->n_units; u++)
        if (ctx->units[u].kind == kind)
          count++;
      if (count < 2 || count >= NONE8 || ctx->n_families == MAX_FAMILIES)
        continue;
      family->kind = kind;
      family->units = g_new (guint, count);
      family->index = g_new (guint8, ctx->n_cells);
      memset (family->index, NONE8, ctx->n_cells);
      family->full = TRUE;
      for (guint u = 0; u < ctx->n_units && ok; u++)
        {
          const Unit *unit = &ctx->units[u];

          if (unit->kind != kind)
            continue;
          for (guint i = 0; i < unit->size; i++)
            {
              if (family->index[unit->cells[i]] != NONE8)
                ok = FALSE;
              family->index[unit->cells[i]] = family->n_units;
            }
          family->full &= unit->full;
          family->units[family->n_units++] = u;
        }
      if (ok)
        ctx->n_families++;
      else
        {
          g_free (family->units);
          g_free (family->index);
          memset (family, 0, sizeof *family);
        }
    }
  return ctx;
}

/* ------------------------------------------------------------------ */
/* Positions                                                            */


static State *
state_new (const Ctx *ctx)
{
  State *st = g_new0 (State, 1);

  st->cand = g_new (Set, ctx->n_cells);
  st->value = g_new0 (guint8, ctx->n_cells);
  return st;
}

static void
state_free (State *st)
{
  if (st == NULL)
    return;
  g_free (st->cand);
  g_free (st->value);
  g_free (st);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (State, state_free)

static void
state_copy (const Ctx   *ctx,
            State       *dst,
            const State *src)
{
  memcpy (dst->cand, src->cand, sizeof (Set) * ctx->n_cells);
  memcpy (dst->value, src->value, ctx->n_cells);
  dst->n_empty = src->n_empty;
}



static PwLogicStep *
step_new (void)
{
  PwLogicStep *step = g_new0 (PwLogicStep, 1);

  step->placements = g_array_new (FALSE, FALSE, sizeof (PwCellValue));
  step->eliminations = g_array_new (FALSE, FALSE, sizeof (PwCellValue));
  step->pattern = g_array_new (FALSE, FALSE, sizeof (guint));
  return step;
}

void
pw_logic_step_free (PwLogicStep *step)
{
  if (step == NULL)
    return;
  g_array_unref (step->placements);
  g_array_unref (step->eliminations);
  g_array_unref (step->pattern);
  g_free (step->sentence);
  g_free (step);
}





static Solver *
solver_new (const Ctx    *ctx,
            guint64       budget,
            GCancellable *cancellable,
            gboolean      explain)
{
  Solver *s = g_new0 (Solver, 1);

  s->ctx = ctx;
  s->budget = budget;
  s->unit_cost = MAX (1, ctx->n_cells / 81);
  s->cancellable = cancellable;
  s->explain = explain;
  s->mark = g_new0 (guint, ctx->n_cells);
  s->mark2 = g_new0 (guint, ctx->n_cells);
  s->scratch = g_new (guint, 2 * ctx->n_cells + ctx->n_units + 2);
  s->scratch2 = g_new (guint, 2 * ctx->n_cells + ctx->n_units + 2);
  return s;
}

static void
solver_free (Solver *s)
{
  g_free (s->why);
  g_free (s->mark);
  g_free (s->mark2);
  g_free (s->scratch);
  g_free (s->scratch2);
  for (guint d = 0; d <= PW_LOGIC_MAX_TRIAL_DEPTH; d++)
    {
      state_free (s->trial_states[d]);
      pw_logic_step_free (s->trial_steps[d]);
    }
  g_free (s);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Solver, solver_free)



/* One technique application or trial: FALSE when the budget is spent or
 * the work cancelled. Its cost grows with the grid (cells × values, one
 * unit for a 9×9 Sudoku), as the searches do. */
static gboolean
charge (Solver *s)
{
  s->work += s->unit_cost;
  s->calls++;
  if (s->budget != 0 && s->work > s->budget)
    {
      s->out_of_budget = TRUE;
      return FALSE;
    }
  if ((s->calls & 31) == 0)
    {
      if (g_cancellable_is_cancelled (s->cancellable))
        s->cancelled = TRUE;
      else if (pw_deadline_passed (s->deadline))
        {
          s->out_of_budget = TRUE;
          return FALSE;
        }
    }
  return !s->cancelled;
}

/* ------------------------------------------------------------------ */
/* Names for people                                                     */

void
_pw_tq_append_cell (GString   *out,
                    const Ctx *ctx,
                    guint      cell)
{
  g_string_append_printf (out, "r%uc%u", cell / ctx->width + 1, cell % ctx->width + 1);
}

char *
_pw_tq_cell_name (const Ctx *ctx,
                  guint      cell)
{
  return g_strdup_printf ("r%uc%u", cell / ctx->width + 1, cell % ctx->width + 1);
}

char *
_pw_tq_unit_name (const Ctx *ctx,
                  guint      unit)
{
  const Unit *u = &ctx->units[unit];

  switch (u->kind)
    {
    case PW_UNIT_ROW:
      return g_strdup_printf (_("row %u"), u->number + 1);
    case PW_UNIT_COLUMN:
      return g_strdup_printf (_("column %u"), u->number + 1);
    case PW_UNIT_BOX:
      return g_strdup_printf (_("box %u"), u->number + 1);
    case PW_UNIT_REGION:
      return g_strdup_printf (_("region %u"), u->number + 1);
    case PW_UNIT_DIAGONAL:
      return g_strdup (u->number == 0 ? _("the main diagonal") : _("the anti-diagonal"));
    case PW_UNIT_OTHER:
    default:
      return g_strdup_printf (_("unit %u"), u->number + 1);
    }
}

char *
_pw_tq_value_name (guint value)
{
  return g_strdup_printf ("%u", value);
}

char *
_pw_tq_cells_text (const Ctx   *ctx,
                   const guint *cells,
                   guint        n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      _pw_tq_append_cell (out, ctx, cells[i]);
    }
  return g_string_free (out, FALSE);
}

char *
_pw_tq_values_text (Set values)
{
  GString *out = g_string_new (NULL);

  SET_FOREACH (values, v)
    g_string_append_printf (out, "%s%u", out->len > 0 ? ", " : "", v);
  return g_string_free (out, FALSE);
}

char *
_pw_tq_units_text (const Ctx   *ctx,
                   const guint *units,
                   guint        n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = _pw_tq_unit_name (ctx, units[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", name);
    }
  return g_string_free (out, FALSE);
}

/* The cells of the eliminations, each once, in order. */
char *
_pw_tq_elim_cells_text (const Ctx         *ctx,
                        const PwLogicStep *step)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = g_array_index (step->eliminations, PwCellValue, j).cell == cv->cell;
      if (seen)
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      _pw_tq_append_cell (out, ctx, cv->cell);
    }
  return g_string_free (out, FALSE);
}

/* "r1c2 ≠ 4, 5; r1c3 ≠ 1": the eliminations grouped by cell. */
char *
_pw_tq_elims_text (const Ctx         *ctx,
                   const PwLogicStep *step)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = g_array_index (step->eliminations, PwCellValue, j).cell == cv->cell;
      if (seen)
        continue;
      if (out->len > 0)
        g_string_append (out, "; ");
      _pw_tq_append_cell (out, ctx, cv->cell);
      g_string_append (out, " ≠ ");
      for (guint j = i, k = 0; j < step->eliminations->len; j++)
        {
          const PwCellValue *o = &g_array_index (step->eliminations, PwCellValue, j);

          if (o->cell == cv->cell)
            g_string_append_printf (out, "%s%u", k++ > 0 ? ", " : "", o->value);
        }
    }
  return g_string_free (out, FALSE);
}

void
_pw_tq_set_why (Solver     *s,
                const char *format,
                ...)
{
  va_list args;

  if (!s->explain)
    return;
  g_free (s->why);
  va_start (args, format);
  s->why = g_strdup_vprintf (format, args);
  va_end (args);
}

void
_pw_tq_why_no_candidate (Solver *s,
                         guint   cell)
{
  g_autofree char *c = NULL;

  if (!s->explain)
    return;
  c = _pw_tq_cell_name (s->ctx, cell);
  _pw_tq_set_why (s, _("%s has no candidate left"), c);
}

/* Strong links of @value that cannot alternate (an odd loop, or both
 * colours clash) around @cell. */
void
_pw_tq_why_no_colouring (Solver *s,
                         guint   value,
                         guint   cell)
{
  g_autofree char *v = NULL;
  g_autofree char *c = NULL;

  if (!s->explain)
    return;
  v = _pw_tq_value_name (value);
  c = _pw_tq_cell_name (s->ctx, cell);
  /* Translators: value, cell */
  _pw_tq_set_why (s, _("%s has no consistent places around %s"), v, c);
}

void
_pw_tq_why_no_place (Solver *s,
                     guint   value,
                     guint   unit)
{
  g_autofree char *v = NULL;
  g_autofree char *u = NULL;

  if (!s->explain)
    return;
  v = _pw_tq_value_name (value);
  u = _pw_tq_unit_name (s->ctx, unit);
  _pw_tq_set_why (s, _("%s has no place left in %s"), v, u);
}

/* ------------------------------------------------------------------ */
/* Placing and removing                                                 */

/* Places @v in @c and removes it from the cells that see @c. FALSE when
 * that contradicts (explained when @s explains). */
gboolean
_pw_tq_place (Solver *s,
              State  *st,
              guint   c,
              guint   v)
{
  const Ctx *ctx = s->ctx;
  guint n_units;
  const guint *units;

  if (st->value[c] != 0)
    {
      if (st->value[c] != v && s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, c);

          _pw_tq_set_why (s, _("%s cannot be both %u and %u"), cn, st->value[c], v);
        }
      return st->value[c] == v;
    }
  if (!pw_value_set_has (&st->cand[c], v))
    {
      if (s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, c);

          _pw_tq_set_why (s, _("%s cannot be %u"), cn, v);
        }
      return FALSE;
    }
  st->value[c] = v;
  st->cand[c] = set_single (v);
  st->n_empty--;
  units = cell_units (ctx, c, &n_units);
  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        {
          guint d = unit->cells[j];

          if (d == c)
            continue;
          if (st->value[d] == v)
            {
              if (s->explain)
                {
                  g_autofree char *vn = _pw_tq_value_name (v);
                  g_autofree char *un = _pw_tq_unit_name (ctx, units[i]);

                  _pw_tq_set_why (s, _("%s is twice in %s"), vn, un);
                }
              return FALSE;
            }
          if (st->value[d] == 0 && pw_value_set_has (&st->cand[d], v))
            {
              pw_value_set_remove (&st->cand[d], v);
              if (set_empty (st->cand[d]))
                {
                  _pw_tq_why_no_candidate (s, d);
                  return FALSE;
                }
            }
        }
    }
  for (guint i = ctx->up_start[c]; i < ctx->up_start[c + 1]; i++)
    {
      guint d = ctx->up_list[i];

      if (st->value[d] != 0 && st->value[d] <= v)
        {
          if (s->explain)
            {
              g_autofree char *a = _pw_tq_cell_name (ctx, c);
              g_autofree char *b = _pw_tq_cell_name (ctx, d);

              _pw_tq_set_why (s, _("%s is not less than %s"), a, b);
            }
          return FALSE;
        }
    }
  for (guint i = ctx->down_start[c]; i < ctx->down_start[c + 1]; i++)
    {
      guint d = ctx->down_list[i];

      if (st->value[d] != 0 && st->value[d] >= v)
        {
          if (s->explain)
            {
              g_autofree char *a = _pw_tq_cell_name (ctx, d);
              g_autofree char *b = _pw_tq_cell_name (ctx, c);

              _pw_tq_set_why (s, _("%s is not less than %s"), a, b);
            }
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
eliminate (Solver *s,
           State  *st,
           guint   c,
           guint   v)
{
  if (!pw_value_set_has (&st->cand[c], v))
    return TRUE;
  if (st->value[c] != 0)
    {
      if (s->explain)
        {
          g_autofree char *cn = _pw_tq_cell_name (s->ctx, c);

          _pw_tq_set_why (s, _("%s cannot be %u"), cn, v);
        }
      return FALSE;
    }
  pw_value_set_remove (&st->cand[c], v);
  if (set_empty (st->cand[c]))
    {
      _pw_tq_why_no_candidate (s, c);
      return FALSE;
    }
  return TRUE;
}

static gboolean
apply_step (Solver            *s,
            State             *st,
            const PwLogicStep *step)
{
  for (guint i = 0; i < step->placements->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, i);

      if (!_pw_tq_place (s, st, cv->cell, cv->value))
        return FALSE;
    }
  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);

      if (!eliminate (s, st, cv->cell, cv->value))
        return FALSE;
    }
  return TRUE;
}

/* The values placed in a unit, and its empty cells. */
Set
_pw_tq_unit_placed (const State *st,
                    const Unit  *unit,
                    guint       *n_empty)
{
  Set placed;
  guint empty = 0;

  pw_value_set_clear (&placed);
  for (guint i = 0; i < unit->size; i++)
    {
      guint v = st->value[unit->cells[i]];

      if (v != 0)
        pw_value_set_add (&placed, v);
      else
        empty++;
    }
  if (n_empty != NULL)
    *n_empty = empty;
  return placed;
}

/* ------------------------------------------------------------------ */
/* The solver                                                           */

typedef Result (*Finder) (Solver      *s,
                          State       *st,
                          PwLogicStep *step);

static const Finder finders[PW_N_TECHNIQUES] = {
  [PW_TECHNIQUE_FULL_HOUSE] = _pw_tq_find_full_house,
  [PW_TECHNIQUE_HIDDEN_SINGLE_BOX] = _pw_tq_find_hidden_single_box,
  [PW_TECHNIQUE_HIDDEN_SINGLE] = _pw_tq_find_hidden_single_line,
  [PW_TECHNIQUE_NAKED_SINGLE] = _pw_tq_find_naked_single,
  [PW_TECHNIQUE_INEQUALITY] = _pw_tq_find_inequality,
  [PW_TECHNIQUE_POINTING] = _pw_tq_find_pointing,
  [PW_TECHNIQUE_CLAIMING] = _pw_tq_find_claiming,
  [PW_TECHNIQUE_INEQUALITY_CHAIN] = _pw_tq_find_inequality_chain,
  [PW_TECHNIQUE_NAKED_PAIR] = _pw_tq_find_naked_pair,
  [PW_TECHNIQUE_X_WING] = _pw_tq_find_x_wing,
  [PW_TECHNIQUE_HIDDEN_PAIR] = _pw_tq_find_hidden_pair,
  [PW_TECHNIQUE_NAKED_TRIPLE] = _pw_tq_find_naked_triple,
  [PW_TECHNIQUE_SWORDFISH] = _pw_tq_find_swordfish,
  [PW_TECHNIQUE_HIDDEN_TRIPLE] = _pw_tq_find_hidden_triple,
  [PW_TECHNIQUE_XY_WING] = _pw_tq_find_xy_wing,
  [PW_TECHNIQUE_XYZ_WING] = _pw_tq_find_xyz_wing,
  [PW_TECHNIQUE_NAKED_QUAD] = _pw_tq_find_naked_quad,
  [PW_TECHNIQUE_JELLYFISH] = _pw_tq_find_jellyfish,
  [PW_TECHNIQUE_HIDDEN_QUAD] = _pw_tq_find_hidden_quad,
  [PW_TECHNIQUE_SIMPLE_COLOURING] = _pw_tq_find_simple_colouring,
  [PW_TECHNIQUE_X_CHAIN] = _pw_tq_find_x_chain,
  [PW_TECHNIQUE_XY_CHAIN] = _pw_tq_find_xy_chain,
};

/* Whether a technique can apply at all on this problem (no budget is
 * spent on those that cannot). */
static gboolean
technique_possible (const Ctx  *ctx,
                    PwTechnique t)
{
  gboolean boxes = FALSE, full = FALSE;

  for (guint u = 0; u < ctx->n_units; u++)
    {
      boxes |= ctx->units[u].full && ctx->units[u].boxlike;
      full |= ctx->units[u].full;
    }
  switch (t)
    {
    case PW_TECHNIQUE_FULL_HOUSE:
    case PW_TECHNIQUE_HIDDEN_SINGLE:
    case PW_TECHNIQUE_HIDDEN_PAIR:
    case PW_TECHNIQUE_HIDDEN_TRIPLE:
    case PW_TECHNIQUE_HIDDEN_QUAD:
    case PW_TECHNIQUE_SIMPLE_COLOURING:
    case PW_TECHNIQUE_X_CHAIN:
      return full;
    case PW_TECHNIQUE_HIDDEN_SINGLE_BOX:
      return boxes;
    case PW_TECHNIQUE_INEQUALITY:
    case PW_TECHNIQUE_INEQUALITY_CHAIN:
      return ctx->n_less > 0;
    case PW_TECHNIQUE_POINTING:
    case PW_TECHNIQUE_CLAIMING:
      return ctx->any_overlaps;
    case PW_TECHNIQUE_X_WING:
    case PW_TECHNIQUE_SWORDFISH:
    case PW_TECHNIQUE_JELLYFISH:
      for (guint f = 0; f < ctx->n_families; f++)
        if (ctx->families[f].full)
          return ctx->n_families >= 2;
      return FALSE;
    case PW_TECHNIQUE_TRIAL:
      return FALSE;
    default:
      return TRUE;
    }
}

/* The easiest step up to @max (below trial). */
static Result
next_technique_step (Solver           *s,
                     State            *st,
                     PwTechnique       max,
                     const gboolean   *possible,
                     PwLogicStep      *step)
{
  for (guint t = 0; t <= max && t < PW_TECHNIQUE_TRIAL; t++)
    {
      Result r;

      if (!possible[t])
        continue;
      if (!charge (s))
        return R_STOP;
      r = finders[t] (s, st, step);
      if (r != R_NONE)
        return r;
    }
  return R_NONE;
}

typedef struct
{
  gboolean possible[PW_N_TECHNIQUES];
  guint8  *solution;       /* the first solution a trial or the search reached */
  gboolean unique;         /* the search showed @solution is the only one */
  gboolean several;        /* two different solutions were seen */
  gboolean searched;
} Shared;

/* ------------------------------------------------------------------ */
/* Counting solutions                                                   */

/* When the techniques are stuck, a plain depth-first search counts the
 * solutions up to two: with several, grading stops; with one, trials
 * skip the solution's own values (they cannot lead to a contradiction).
 * It propagates incrementally (naked and hidden singles through counts
 * of places per unit and value, signs on placement) and undoes through a
 * trail, so that it stays cheap on a 100 × 100 Latin square. */

#define SEARCH_MAX_NODES 20000

typedef struct
{
  guint  cell;
  guint8 value;
  Set    cand;
} TrailEntry;

typedef struct
{
  Solver    *s;
  const Ctx *ctx;
  Set       *cand;
  guint8    *value;
  guint      n_empty;
  guint     *count;      /* n_units × (n + 1): empty cells of the unit with the value */
  Set       *placed;     /* per unit */
  GArray    *trail;      /* TrailEntry */
  GArray    *singles;    /* cells that may have one candidate left */
  GArray    *hidden;     /* pairs (unit, value) that may have one place left */
  guint64    nodes;
  guint64    max_nodes;
  guint8    *first;      /* the first solution */
  guint      found;
  gboolean   differ;     /* a second, different solution */
  gboolean   stopped;
} Quick;

static void
quick_contribute (Quick     *q,
                  guint      c,
                  Set        cand,
                  int        sign)
{
  guint n_units;
  const guint *units = cell_units (q->ctx, c, &n_units);
  guint stride = q->ctx->n + 1;

  SET_FOREACH (cand, w)
    for (guint i = 0; i < n_units; i++)
      q->count[units[i] * stride + w] += sign;
}

static void
quick_save (Quick *q,
            guint  c)
{
  TrailEntry e = { c, q->value[c], q->cand[c] };

  g_array_append_val (q->trail, e);
}

/* Undoes the trail back to @mark. */
static void
quick_undo (Quick *q,
            guint  mark)
{
  while (q->trail->len > mark)
    {
      TrailEntry *e = &g_array_index (q->trail, TrailEntry, q->trail->len - 1);
      guint c = e->cell;

      if (q->value[c] == 0)
        quick_contribute (q, c, q->cand[c], -1);
      else if (e->value == 0)
        {
          guint n_units;
          const guint *units = cell_units (q->ctx, c, &n_units);

          for (guint i = 0; i < n_units; i++)
            pw_value_set_remove (&q->placed[units[i]], q->value[c]);
          q->n_empty++;
        }
      if (e->value == 0)
        quick_contribute (q, c, e->cand, +1);
      q->cand[c] = e->cand;
      q->value[c] = e->value;
      g_array_set_size (q->trail, q->trail->len - 1);
    }
}

/* Removes @v from empty cell @c; FALSE on a contradiction. Every change
 * is made, and saved on the trail, before a contradiction is reported. */
static gboolean
quick_remove (Quick *q,
              guint  c,
              guint  v)
{
  const Ctx *ctx = q->ctx;
  guint n_units, stride = ctx->n + 1;
  const guint *units;
  gboolean ok = TRUE;

  if (q->value[c] != 0)
    return q->value[c] != v;
  if (!pw_value_set_has (&q->cand[c], v))
    return TRUE;
  quick_save (q, c);
  pw_value_set_remove (&q->cand[c], v);
  units = cell_units (ctx, c, &n_units);
  for (guint i = 0; i < n_units; i++)
    {
      guint u = units[i], left = --q->count[u * stride + v];

      if (!ctx->units[u].full || pw_value_set_has (&q->placed[u], v))
        continue;
      if (left == 0)
        ok = FALSE;
      else if (left == 1)
        {
          guint pair[2] = { u, v };

          g_array_append_vals (q->hidden, pair, 2);
        }
    }
  switch (set_count (q->cand[c]))
    {
    case 0:
      return FALSE;
    case 1:
      g_array_append_val (q->singles, c);
      return ok;
    default:
      return ok;
    }
}

static gboolean
quick_place (Quick *q,
             guint  c,
             guint  v)
{
  const Ctx *ctx = q->ctx;
  guint n_units, stride = ctx->n + 1;
  const guint *units;
  gboolean ok = TRUE;

  if (q->value[c] != 0)
    return q->value[c] == v;
  if (!pw_value_set_has (&q->cand[c], v))
    return FALSE;
  units = cell_units (ctx, c, &n_units);
  for (guint i = 0; i < n_units; i++)
    if (pw_value_set_has (&q->placed[units[i]], v))
      return FALSE;
  quick_save (q, c);
  /* c leaves the places of its values; another value may now have one
   * place left in a unit, or none */
  SET_FOREACH (q->cand[c], w)
    for (guint i = 0; i < n_units; i++)
      {
        guint u = units[i], left = --q->count[u * stride + w];

        if (w == v || !ctx->units[u].full || pw_value_set_has (&q->placed[u], w))
          continue;
        if (left == 0)
          ok = FALSE;
        else if (left == 1)
          {
            guint pair[2] = { u, w };

            g_array_append_vals (q->hidden, pair, 2);
          }
      }
  q->cand[c] = set_single (v);
  q->value[c] = v;
  q->n_empty--;
  for (guint i = 0; i < n_units; i++)
    pw_value_set_add (&q->placed[units[i]], v);
  if (!ok)
    return FALSE;
  for (guint i = 0; i < n_units; i++)
    {
      const Unit *unit = &ctx->units[units[i]];

      for (guint j = 0; j < unit->size; j++)
        if (unit->cells[j] != c && !quick_remove (q, unit->cells[j], v))
          return FALSE;
    }
  /* the signs: a larger neighbour above v, a smaller one below */
  for (guint i = ctx->up_start[c]; i < ctx->up_start[c + 1]; i++)
    for (guint w = 1; w <= v; w++)
      if (!quick_remove (q, ctx->up_list[i], w))
        return FALSE;
  for (guint i = ctx->down_start[c]; i < ctx->down_start[c + 1]; i++)
    for (guint w = v; w <= ctx->n; w++)
      if (!quick_remove (q, ctx->down_list[i], w))
        return FALSE;
  return TRUE;
}

/* Naked and hidden singles until none are left. */
static gboolean
quick_propagate (Quick *q)
{
  const Ctx *ctx = q->ctx;
  guint stride = ctx->n + 1;

  while (q->singles->len > 0 || q->hidden->len > 0)
    {
      if (q->singles->len > 0)
        {
          guint c = g_array_index (q->singles, guint, q->singles->len - 1);

          g_array_set_size (q->singles, q->singles->len - 1);
          if (q->value[c] == 0 && !quick_place (q, c, set_first (q->cand[c])))
            return FALSE;
        }
      else
        {
          guint u = g_array_index (q->hidden, guint, q->hidden->len - 2);
          guint v = g_array_index (q->hidden, guint, q->hidden->len - 1);
          const Unit *unit = &ctx->units[u];

          g_array_set_size (q->hidden, q->hidden->len - 2);
          if (pw_value_set_has (&q->placed[u], v) || q->count[u * stride + v] != 1)
            continue;
          for (guint j = 0; j < unit->size; j++)
            {
              guint c = unit->cells[j];

              if (q->value[c] == 0 && pw_value_set_has (&q->cand[c], v))
                {
                  if (!quick_place (q, c, v))
                    return FALSE;
                  break;
                }
            }
        }
    }
  return TRUE;
}

static void
quick_search (Quick *q)
{
  const Ctx *ctx = q->ctx;
  guint best = G_MAXUINT, best_count = G_MAXUINT, mark;
  Set options;

  if (q->n_empty == 0)
    {
      if (q->found++ == 0)
        memcpy (q->first, q->value, ctx->n_cells);
      else if (memcmp (q->first, q->value, ctx->n_cells) != 0)
        q->differ = TRUE;
      return;
    }
  if (++q->nodes > q->max_nodes || !charge (q->s))
    {
      q->stopped = TRUE;
      return;
    }
  for (guint c = 0; c < ctx->n_cells && best_count > 2; c++)
    if (q->value[c] == 0 && set_count (q->cand[c]) < best_count)
      {
        best = c;
        best_count = set_count (q->cand[c]);
      }
  options = q->cand[best];
  mark = q->trail->len;
  SET_FOREACH (options, v)
    {
      g_array_set_size (q->singles, 0);
      g_array_set_size (q->hidden, 0);
      if (quick_place (q, best, v) && quick_propagate (q))
        quick_search (q);
      quick_undo (q, mark);
      if (q->stopped || q->found >= 2)
        return;
    }
}

/* A propagator for @st's position; FALSE when it contradicts already. */
static gboolean
quick_init (Quick  *q,
            Solver *s,
            State  *st)
{
  const Ctx *ctx = s->ctx;
  guint stride = ctx->n + 1;
  gboolean ok = TRUE;

  memset (q, 0, sizeof *q);
  q->s = s;
  q->ctx = ctx;
  q->cand = g_memdup2 (st->cand, sizeof (Set) * ctx->n_cells);
  q->value = g_memdup2 (st->value, ctx->n_cells);
  q->n_empty = st->n_empty;
  q->count = g_new0 (guint, (gsize) MAX (ctx->n_units, 1) * stride);
  q->placed = g_new0 (Set, MAX (ctx->n_units, 1));
  q->trail = g_array_new (FALSE, FALSE, sizeof (TrailEntry));
  q->singles = g_array_new (FALSE, FALSE, sizeof (guint));
  q->hidden = g_array_new (FALSE, FALSE, sizeof (guint));
  q->first = g_new (guint8, ctx->n_cells);
  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint n_units;
      const guint *units = cell_units (ctx, c, &n_units);

      if (q->value[c] == 0)
        quick_contribute (q, c, q->cand[c], +1);
      else
        for (guint i = 0; i < n_units; i++)
          pw_value_set_add (&q->placed[units[i]], q->value[c]);
    }
  for (guint c = 0; c < ctx->n_cells; c++)
    if (q->value[c] == 0 && set_count (q->cand[c]) <= 1)
      {
        ok &= set_count (q->cand[c]) == 1;
        g_array_append_val (q->singles, c);
      }
  for (guint u = 0; u < ctx->n_units; u++)
    if (ctx->units[u].full)
      for (guint v = 1; v <= ctx->n; v++)
        if (!pw_value_set_has (&q->placed[u], v) && q->count[u * stride + v] <= 1)
          {
            guint pair[2] = { u, v };

            ok &= q->count[u * stride + v] == 1;
            g_array_append_vals (q->hidden, pair, 2);
          }
  return ok;
}

static void
quick_clear (Quick *q)
{
  g_free (q->cand);
  g_free (q->value);
  g_free (q->count);
  g_free (q->placed);
  g_array_unref (q->trail);
  g_array_unref (q->singles);
  g_array_unref (q->hidden);
  g_free (q->first);
}

/* Counts the solutions from @st, up to two: sets @sh's solution and
 * unique or several when it finishes. R_CONTRADICTION when there is
 * none, R_STOP on budget or cancellation, else R_NONE. */
static Result
search_solutions (Solver *s,
                  Shared *sh,
                  State  *st)
{
  Quick q;

  sh->searched = TRUE;
  if (quick_init (&q, s, st) && quick_propagate (&q))
    {
      /* at most a quarter of the budget left */
      q.max_nodes = SEARCH_MAX_NODES;
      if (s->budget != 0)
        q.max_nodes = MIN (q.max_nodes,
                           (s->budget - MIN (s->budget, s->work)) / (4 * s->unit_cost));
      quick_search (&q);
    }
  if (q.found > 0 && sh->solution == NULL)
    sh->solution = g_memdup2 (q.first, s->ctx->n_cells);
  quick_clear (&q);
  if (s->cancelled || s->out_of_budget)
    return R_STOP;
  if (q.differ)
    sh->several = TRUE;
  if (q.stopped || q.differ)
    return R_NONE;
  if (q.found == 0)
    return R_CONTRADICTION;
  sh->unique = TRUE;
  return R_NONE;
}

static Result run_techniques (Solver *s, Shared *sh, State *st, guint depth, PwTechnique max);

static State *
trial_state (Solver *s,
             guint   depth)
{
  if (s->trial_states[depth] == NULL)
    s->trial_states[depth] = state_new (s->ctx);
  return s->trial_states[depth];
}

/* Trial needs a cell with at most this many candidates: people try a
 * cell with two or three, and a position where every cell has many is
 * too open to have one solution, or to be solved by trial. */
#define TRIAL_MAX_FEWEST 4

/* Assumes each candidate in turn (cells with the fewest first) and runs
 * the techniques, with trials below @depth: a contradiction removes it. */
static Result
find_trial (Solver      *s,
            Shared      *sh,
            State       *st,
            guint        depth,
            PwLogicStep *step)
{
  const Ctx *ctx = s->ctx;
  g_autofree guint *order = g_new (guint, ctx->n_cells);
  g_autofree guint *bucket = g_new0 (guint, ctx->n + 2);
  State *tmp = trial_state (s, depth);
  gboolean explain = s->explain;
  guint n_order = 0;
  Quick quick;

  /* empty cells by candidate count, then by index */
  for (guint c = 0; c < ctx->n_cells; c++)
    if (st->value[c] == 0)
      bucket[set_count (st->cand[c]) + 1]++;
  for (guint k = 1; k <= ctx->n + 1; k++)
    bucket[k] += bucket[k - 1];
  for (guint c = 0; c < ctx->n_cells; c++)
    if (st->value[c] == 0)
      order[bucket[set_count (st->cand[c])]++] = c;
  n_order = bucket[ctx->n];
  if (n_order == 0 || set_count (st->cand[order[0]]) > TRIAL_MAX_FEWEST)
    return R_NONE;

  /* singles inside first (incrementally: cheap, and they find most
   * contradictions); then every technique, with shallower trials */
  if (!quick_init (&quick, s, st))
    {
      quick_clear (&quick);
      return R_CONTRADICTION;
    }
  for (guint phase = 0; phase < 2; phase++)
  for (guint i = 0; i < n_order; i++)
    {
      guint c = order[i];

      SET_FOREACH (st->cand[c], v)
        {
          Result r;

          /* the solution's own value never leads to a contradiction */
          if (sh->unique && sh->solution[c] == v)
            continue;
          if (!charge (s))
            {
              quick_clear (&quick);
              return R_STOP;
            }
          s->explain = FALSE;
          if (phase == 0)
            {
              guint mark = quick.trail->len;

              g_array_set_size (quick.singles, 0);
              g_array_set_size (quick.hidden, 0);
              if (!quick_place (&quick, c, v) || !quick_propagate (&quick))
                r = R_CONTRADICTION;
              else
                r = quick.n_empty == 0 ? R_SOLVED : R_NONE;
              if (r == R_SOLVED)
                memcpy (tmp->value, quick.value, ctx->n_cells);
              quick_undo (&quick, mark);
            }
          else
            {
              state_copy (ctx, tmp, st);
              r = _pw_tq_place (s, tmp, c, v) ? run_techniques (s, sh, tmp, depth - 1,
                                                                PW_TECHNIQUE_TRIAL - 1) :
                                         R_CONTRADICTION;
            }
          s->explain = explain;
          if (r == R_SOLVED)
            {
              if (sh->solution == NULL)
                sh->solution = g_memdup2 (tmp->value, ctx->n_cells);
              else if (memcmp (sh->solution, tmp->value, ctx->n_cells) != 0)
                {
                  sh->several = TRUE;
                  r = R_STOP;
                }
            }
          if (r == R_STOP)
            {
              quick_clear (&quick);
              return R_STOP;
            }
          if (r != R_CONTRADICTION)
            continue;
          quick_clear (&quick);
          step_reset (step, PW_TECHNIQUE_TRIAL);
          step_elim (step, c, v);
          step_pattern (step, c);
          if (explain)
            {
              g_autofree char *cn = _pw_tq_cell_name (ctx, c);
              g_autofree char *vn = _pw_tq_value_name (v);

              step->sentence = depth == 1 ?
                /* Translators: value, cell */
                g_strdup_printf (_("Trial: assuming %s in %s leads to a contradiction, so it is "
                                   "removed"), vn, cn) :
                /* Translators: value, cell */
                g_strdup_printf (_("Nested trial: assuming %s in %s leads, with trials inside, to "
                                   "a contradiction, so it is removed"), vn, cn);
            }
          return R_FOUND;
        }
    }
  quick_clear (&quick);
  return R_NONE;
}

/* Runs the techniques up to @max, and trials up to @depth deep, until the
 * position is solved, stuck or contradicts. */
static Result
run_techniques (Solver     *s,
                Shared     *sh,
                State      *st,
                guint       depth,
                PwTechnique max)
{
  PwLogicStep *step;

  if (s->trial_steps[depth] == NULL)
    s->trial_steps[depth] = step_new ();
  step = s->trial_steps[depth];
  for (;;)
    {
      Result r;

      if (st->n_empty == 0)
        return R_SOLVED;
      r = next_technique_step (s, st, max, sh->possible, step);
      for (guint d = 1; r == R_NONE && d <= depth; d++)
        r = find_trial (s, sh, st, d, step);
      if (r != R_FOUND)
        return r;
      if (!apply_step (s, st, step))
        return R_CONTRADICTION;
    }
}

/* The position from the givens, @values and the player's @candidates
 * (each may be NULL); FALSE when it contradicts itself. */
static gboolean
state_init (Solver       *s,
            State        *st,
            const guint8 *values,
            const Set    *candidates)
{
  const Ctx *ctx = s->ctx;
  const guint8 *givens = pw_numgrid_get_givens (ctx->grid);

  st->n_empty = ctx->n_cells;
  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint v = givens[c] != 0 ? givens[c] : values != NULL ? values[c] : 0;

      st->value[c] = 0;
      st->cand[c] = candidates != NULL ? set_and (candidates[c], ctx->all) : ctx->all;
      if (v > ctx->n)
        {
          g_autofree char *cn = _pw_tq_cell_name (ctx, c);

          _pw_tq_set_why (s, _("%s cannot be %u"), cn, v);
          return FALSE;
        }
      if (v != 0)
        {
          st->value[c] = v;
          st->cand[c] = set_single (v);
          st->n_empty--;
        }
    }
  for (guint u = 0; u < ctx->n_units; u++)
    {
      const Unit *unit = &ctx->units[u];
      Set seen;

      pw_value_set_clear (&seen);
      for (guint i = 0; i < unit->size; i++)
        {
          guint v = st->value[unit->cells[i]];

          if (v == 0)
            continue;
          if (pw_value_set_has (&seen, v))
            {
              if (s->explain)
                {
                  g_autofree char *vn = _pw_tq_value_name (v);
                  g_autofree char *un = _pw_tq_unit_name (ctx, u);

                  _pw_tq_set_why (s, _("%s is twice in %s"), vn, un);
                }
              return FALSE;
            }
          pw_value_set_add (&seen, v);
        }
    }
  for (guint i = 0; i < ctx->n_less; i++)
    {
      guint a = ctx->less[2 * i], b = ctx->less[2 * i + 1];

      if (st->value[a] != 0 && st->value[b] != 0 && st->value[a] >= st->value[b])
        {
          if (s->explain)
            {
              g_autofree char *an = _pw_tq_cell_name (ctx, a);
              g_autofree char *bn = _pw_tq_cell_name (ctx, b);

              _pw_tq_set_why (s, _("%s is not less than %s"), an, bn);
            }
          return FALSE;
        }
    }
  for (guint c = 0; c < ctx->n_cells; c++)
    {
      guint v = st->value[c], n_units;
      const guint *units;

      if (v == 0)
        {
          if (set_empty (st->cand[c]))
            {
              _pw_tq_why_no_candidate (s, c);
              return FALSE;
            }
          continue;
        }
      units = cell_units (ctx, c, &n_units);
      for (guint i = 0; i < n_units; i++)
        {
          const Unit *unit = &ctx->units[units[i]];

          for (guint j = 0; j < unit->size; j++)
            {
              guint d = unit->cells[j];

              if (st->value[d] == 0 && pw_value_set_has (&st->cand[d], v))
                {
                  pw_value_set_remove (&st->cand[d], v);
                  if (set_empty (st->cand[d]))
                    {
                      _pw_tq_why_no_candidate (s, d);
                      return FALSE;
                    }
                }
            }
        }
    }
  return TRUE;
}

static void
shared_init (Shared    *sh,
             const Ctx *ctx)
{
  memset (sh, 0, sizeof *sh);
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    sh->possible[t] = technique_possible (ctx, t);
}

/* ------------------------------------------------------------------ */
/* The grade                                                            */

/* Within a band, h hard steps take the grade this share of the way to
 * the next rating: (h - 1) / (h - 1 + HALF_STEPS) of BAND_SHARE. */
#define HALF_STEPS 5.0
#define BAND_SHARE 0.9

double
pw_logic_grade_value (const guint counts[PW_N_TECHNIQUES],
                      guint       trial_depth)
{
  gint hardest = -1;
  double base, width, hard;

  g_return_val_if_fail (counts != NULL, 0.0);

  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (counts[t] > 0)
      hardest = t;
  if (hardest < 0)
    return 0.0;
  if (hardest == PW_TECHNIQUE_TRIAL)
    {
      base = technique_info[PW_TECHNIQUE_TRIAL].rating + (MAX (trial_depth, 1) - 1);
      width = 1.0;
      hard = counts[PW_TECHNIQUE_TRIAL];
    }
  else
    {
      base = technique_info[hardest].rating;
      width = technique_info[hardest + 1].rating - base;
      hard = counts[hardest];
    }
  /* the other steps beyond the singles count half */
  for (gint t = PW_TECHNIQUE_INEQUALITY; t < hardest; t++)
    hard += 0.5 * counts[t];
  return base + BAND_SHARE * width * (hard - 1) / (hard - 1 + HALF_STEPS);
}

gboolean
pw_logic_grade_traced (const PwNumGrid *grid,
                       const guint8    *assume,
                       guint64          budget,
                       PwDeadline      *deadline,
                       PwLogicStepFunc  func,
                       gpointer         data,
                       PwLogicGrade    *grade,
                       GCancellable    *cancellable,
                       GError         **error)
{
  g_autoptr (Ctx) ctx = NULL;
  g_autoptr (Solver) s = NULL;
  g_autoptr (State) st = NULL;
  g_autoptr (PwLogicStep) step = NULL;
  Shared sh;
  gboolean ok = TRUE;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (grade != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (grade, 0, sizeof *grade);
  grade->hardest = PW_TECHNIQUE_FULL_HOUSE;
  ctx = ctx_new (grid);
  s = solver_new (ctx, budget, cancellable, func != NULL);
  s->deadline = deadline;
  st = state_new (ctx);
  step = step_new ();
  shared_init (&sh, ctx);

  if (!state_init (s, st, assume, NULL))
    grade->contradiction = TRUE;
  while (!grade->contradiction)
    {
      Result r;
      guint depth = 0;

      if (st->n_empty == 0)
        {
          grade->solved = TRUE;
          break;
        }
      r = next_technique_step (s, st, PW_TECHNIQUE_TRIAL - 1, sh.possible, step);
      /* stuck: first how many solutions there are (to stop on several,
       * and so that trials skip the solution's values) */
      if (r == R_NONE && !sh.searched)
        {
          r = search_solutions (s, &sh, st);

          if (r == R_NONE && sh.several)
            break;
        }
      for (guint d = 1; r == R_NONE && d <= PW_LOGIC_MAX_TRIAL_DEPTH; d++)
        {
          r = find_trial (s, &sh, st, d, step);
          depth = d;
        }
      if (r == R_STOP && sh.several)
        break;
      if (r == R_STOP)
        {
          if (s->cancelled)
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("The grading was cancelled"));
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                         _("The grading needed more work than its budget allows"));
          ok = FALSE;
          break;
        }
      if (r == R_CONTRADICTION)
        grade->contradiction = TRUE;
      if (r != R_FOUND)
        break;
      if (func != NULL)
        func (step, data);
      grade->counts[step->technique]++;
      grade->steps++;
      if (step->technique == PW_TECHNIQUE_TRIAL)
        grade->trial_depth = MAX (grade->trial_depth, depth);
      if (!apply_step (s, st, step))
        grade->contradiction = TRUE;
    }
  grade->several_solutions = sh.several;
  grade->work = s->work;
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (grade->counts[t] > 0)
      grade->hardest = t;
  grade->grade = pw_logic_grade_value (grade->counts, grade->trial_depth);
  g_free (sh.solution);
  return ok;
}

gboolean
pw_logic_grade (const PwNumGrid *grid,
                const guint8    *assume,
                guint64          budget,
                PwLogicGrade    *grade,
                GCancellable    *cancellable,
                GError         **error)
{
  return pw_logic_grade_traced (grid, assume, budget, NULL, NULL, NULL, grade, cancellable,
                                error);
}

/* ------------------------------------------------------------------ */
/* Hints                                                                */

PwLogicStep *
pw_logic_next_step_upto (const PwNumGrid  *grid,
                         const guint8     *values,
                         const PwValueSet *candidates,
                         PwTechnique       max,
                         GError          **error)
{
  g_autoptr (Ctx) ctx = NULL;
  g_autoptr (Solver) s = NULL;
  g_autoptr (State) st = NULL;
  g_autoptr (PwLogicStep) step = NULL;
  Shared sh;
  Result r;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (max < PW_N_TECHNIQUES, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ctx = ctx_new (grid);
  s = solver_new (ctx, PW_LOGIC_DEFAULT_BUDGET, NULL, TRUE);
  st = state_new (ctx);
  step = step_new ();
  shared_init (&sh, ctx);

  if (!state_init (s, st, values, candidates))
    {
      g_set_error_literal (error, PW_LOGIC_ERROR, PW_LOGIC_ERROR_CONTRADICTION, s->why);
      return NULL;
    }
  if (st->n_empty == 0)
    return NULL;
  r = next_technique_step (s, st, max, sh.possible, step);
  if (r == R_NONE && max == PW_TECHNIQUE_TRIAL)
    r = find_trial (s, &sh, st, 1, step);
  g_free (sh.solution);
  switch (r)
    {
    case R_FOUND:
      return g_steal_pointer (&step);
    case R_CONTRADICTION:
      g_set_error_literal (error, PW_LOGIC_ERROR, PW_LOGIC_ERROR_CONTRADICTION,
                           s->why != NULL ? s->why : _("The position has no solution"));
      return NULL;
    case R_STOP:
      if (!sh.several)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                     _("Finding a step needed more work than its budget allows"));
      return NULL;
    case R_NONE:
    case R_SOLVED:
    default:
      return NULL;
    }
}

PwLogicStep *
pw_logic_next_step (const PwNumGrid  *grid,
                    const guint8     *values,
                    const PwValueSet *candidates,
                    GError          **error)
{
  return pw_logic_next_step_upto (grid, values, candidates, PW_TECHNIQUE_TRIAL - 1, error);
}
