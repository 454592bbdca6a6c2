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

#include "techniques.h"

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

typedef PwValueSet Set;

static inline Set
set_and (Set a,
         Set b)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    a.w[i] &= b.w[i];
  return a;
}

static inline Set
set_or (Set a,
        Set b)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    a.w[i] |= b.w[i];
  return a;
}

static inline Set
set_andnot (Set a,
            Set b)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    a.w[i] &= ~b.w[i];
  return a;
}

static inline gboolean
set_empty (Set a)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    if (a.w[i] != 0)
      return FALSE;
  return TRUE;
}

static inline gboolean
set_equal (Set a,
           Set b)
{
  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    if (a.w[i] != b.w[i])
      return FALSE;
  return TRUE;
}

static inline guint
popcount64 (guint64 x)
{
#ifdef __POPCNT__
  return __builtin_popcountll (x);
#else
  /* without the instruction, GCC calls a table-driven routine: slower */
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return (x * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56;
#endif
}

static inline guint
set_count (Set a)
{
  guint n = 0;

  for (guint i = 0; i < PW_NUMGRID_WORDS; i++)
    n += popcount64 (a.w[i]);
  return n;
}

static inline guint
set_first (Set a)
{
  return pw_value_set_first (&a);
}

/* The largest value, 0 when empty. */
static inline guint
set_last (Set a)
{
  for (guint i = PW_NUMGRID_WORDS; i-- > 0;)
    if (a.w[i] != 0)
      return i * 64 + 64 - __builtin_clzll (a.w[i]);
  return 0;
}

/* The smallest value above @v, 0 when none. */
static inline guint
set_next (Set   a,
          guint v)
{
  for (guint i = v / 64; i < PW_NUMGRID_WORDS; i++)
    {
      guint64 w = a.w[i];

      if (i == v / 64)
        w = v % 64 == 0 ? w : w & ~((G_GUINT64_CONSTANT (1) << (v % 64)) - 1);
      if (w != 0)
        return i * 64 + __builtin_ctzll (w) + 1;
    }
  return 0;
}

static inline Set
set_single (guint v)
{
  Set s;

  pw_value_set_clear (&s);
  pw_value_set_add (&s, v);
  return s;
}

/* Values of @a from @lo to @hi (1-based, inclusive). */
static Set
set_range (guint lo,
           guint hi)
{
  Set s;

  pw_value_set_clear (&s);
  for (guint v = MAX (lo, 1); v <= hi; v++)
    pw_value_set_add (&s, v);
  return s;
}

#define SET_FOREACH(set, v) \
  for (guint v = set_first (set); v != 0; v = set_next ((set), v))

/* ------------------------------------------------------------------ */
/* The problem, prepared                                                */

typedef struct
{
  PwUnitKind   kind;
  guint        number;
  guint        size;
  const guint *cells;
  gboolean     full;
  gboolean     boxlike;      /* a box or region: "pointing" starts there */
  guint       *overlaps;     /* units sharing at least two cells with this one */
  guint        n_overlaps;
} Unit;

/* Disjoint units of one kind (rows, columns, boxes…): the fish's lines. */
typedef struct
{
  PwUnitKind kind;
  guint      n_units;
  guint     *units;
  guint8    *index;     /* per cell: its unit's place in @units, NONE8 when none */
  gboolean   full;      /* every unit full: a possible base */
} Family;

#define NONE8 G_MAXUINT8
#define MAX_FAMILIES 6

typedef struct
{
  const PwNumGrid *grid;
  guint            n;
  guint            n_cells;
  guint            width;
  guint            n_units;
  Unit            *units;
  guint           *cu_start;   /* cell → units (sorted), n_cells + 1 offsets */
  guint           *cu_list;
  guint            n_less;
  guint           *less;       /* pairs: smaller, larger */
  guint           *up_start;   /* cell → cells it is less than */
  guint           *up_list;
  guint           *down_start; /* cell → cells it is greater than */
  guint           *down_list;
  Family           families[MAX_FAMILIES];
  guint            n_families;
  gboolean         any_overlaps;
  Set              all;        /* 1..n */
} Ctx;

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

static inline const guint *
cell_units (const Ctx *ctx,
            guint      cell,
            guint     *n)
{
  *n = ctx->cu_start[cell + 1] - ctx->cu_start[cell];
  return ctx->cu_list + ctx->cu_start[cell];
}

static inline gboolean
unit_has (const Ctx *ctx,
          guint      unit,
          guint      cell)
{
  for (guint i = ctx->cu_start[cell]; i < ctx->cu_start[cell + 1]; i++)
    if (ctx->cu_list[i] == unit)
      return TRUE;
  return FALSE;
}

/* Whether two different cells share a unit. */
static inline gboolean
sees (const Ctx *ctx,
      guint      a,
      guint      b)
{
  guint i = ctx->cu_start[a], ie = ctx->cu_start[a + 1];
  guint j = ctx->cu_start[b], je = ctx->cu_start[b + 1];

  if (a == b)
    return FALSE;
  while (i < ie && j < je)
    {
      if (ctx->cu_list[i] == ctx->cu_list[j])
        return TRUE;
      if (ctx->cu_list[i] < ctx->cu_list[j])
        i++;
      else
        j++;
    }
  return FALSE;
}

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

typedef struct
{
  Set    *cand;     /* a placed cell holds just its value */
  guint8 *value;    /* 0: empty */
  guint   n_empty;
} State;

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

typedef enum
{
  R_NONE,           /* nothing found */
  R_FOUND,          /* a step */
  R_CONTRADICTION,  /* the position has no solution */
  R_STOP,           /* budget or cancellation */
  R_SOLVED,
} Result;

typedef struct
{
  const Ctx    *ctx;
  guint64       budget;
  guint64       work;
  guint64       unit_cost;
  guint64       calls;
  GCancellable *cancellable;
  PwDeadline   *deadline;     /* runs out as the budget does; NULL: none */
  gboolean      cancelled;
  gboolean      out_of_budget;
  gboolean      explain;      /* sentences and the reason for contradictions */
  char         *why;          /* the last contradiction, when explaining */
  guint        *mark;         /* per cell, with @stamp */
  guint         stamp;
  guint        *mark2;
  guint         stamp2;
  guint        *scratch;      /* n_cells * 2 + n_units */
  guint        *scratch2;
  State        *trial_states[PW_LOGIC_MAX_TRIAL_DEPTH + 1];
  PwLogicStep  *trial_steps[PW_LOGIC_MAX_TRIAL_DEPTH + 1];
} Solver;

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

static void
step_reset (PwLogicStep *step,
            PwTechnique  technique)
{
  step->technique = technique;
  g_array_set_size (step->placements, 0);
  g_array_set_size (step->eliminations, 0);
  g_array_set_size (step->pattern, 0);
  g_clear_pointer (&step->sentence, g_free);
}

static void
step_place (PwLogicStep *step,
            guint        cell,
            guint        value)
{
  PwCellValue cv = { cell, value };

  g_array_append_val (step->placements, cv);
}

static void
step_elim (PwLogicStep *step,
           guint        cell,
           guint        value)
{
  PwCellValue cv = { cell, value };

  g_array_append_val (step->eliminations, cv);
}

static void
step_pattern (PwLogicStep *step,
              guint        cell)
{
  g_array_append_val (step->pattern, cell);
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

/* A fresh stamp: every cell unmarked. */
static guint
new_stamp (Solver *s)
{
  if (++s->stamp == 0)
    {
      memset (s->mark, 0, sizeof (guint) * s->ctx->n_cells);
      s->stamp = 1;
    }
  return s->stamp;
}

static guint
new_stamp2 (Solver *s)
{
  if (++s->stamp2 == 0)
    {
      memset (s->mark2, 0, sizeof (guint) * s->ctx->n_cells);
      s->stamp2 = 1;
    }
  return s->stamp2;
}

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

static void
append_cell (GString   *out,
             const Ctx *ctx,
             guint      cell)
{
  g_string_append_printf (out, "r%uc%u", cell / ctx->width + 1, cell % ctx->width + 1);
}

static char *
cell_name (const Ctx *ctx,
           guint      cell)
{
  return g_strdup_printf ("r%uc%u", cell / ctx->width + 1, cell % ctx->width + 1);
}

static char *
unit_name (const Ctx *ctx,
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

static char *
value_name (guint value)
{
  return g_strdup_printf ("%u", value);
}

static char *
cells_text (const Ctx   *ctx,
            const guint *cells,
            guint        n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_cell (out, ctx, cells[i]);
    }
  return g_string_free (out, FALSE);
}

static char *
values_text (Set values)
{
  GString *out = g_string_new (NULL);

  SET_FOREACH (values, v)
    g_string_append_printf (out, "%s%u", out->len > 0 ? ", " : "", v);
  return g_string_free (out, FALSE);
}

static char *
units_text (const Ctx   *ctx,
            const guint *units,
            guint        n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = unit_name (ctx, units[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", name);
    }
  return g_string_free (out, FALSE);
}

/* The cells of the eliminations, each once, in order. */
static char *
elim_cells_text (const Ctx         *ctx,
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
      append_cell (out, ctx, cv->cell);
    }
  return g_string_free (out, FALSE);
}

/* "r1c2 ≠ 4, 5; r1c3 ≠ 1": the eliminations grouped by cell. */
static char *
elims_text (const Ctx         *ctx,
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
      append_cell (out, ctx, cv->cell);
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

static void
set_why (Solver     *s,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
set_why (Solver     *s,
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

static void
why_no_candidate (Solver *s,
                  guint   cell)
{
  g_autofree char *c = NULL;

  if (!s->explain)
    return;
  c = cell_name (s->ctx, cell);
  set_why (s, _("%s has no candidate left"), c);
}

/* Strong links of @value that cannot alternate (an odd loop, or both
 * colours clash) around @cell. */
static void
why_no_colouring (Solver *s,
                  guint   value,
                  guint   cell)
{
  g_autofree char *v = NULL;
  g_autofree char *c = NULL;

  if (!s->explain)
    return;
  v = value_name (value);
  c = cell_name (s->ctx, cell);
  /* Translators: value, cell */
  set_why (s, _("%s has no consistent places around %s"), v, c);
}

static void
why_no_place (Solver *s,
              guint   value,
              guint   unit)
{
  g_autofree char *v = NULL;
  g_autofree char *u = NULL;

  if (!s->explain)
    return;
  v = value_name (value);
  u = unit_name (s->ctx, unit);
  set_why (s, _("%s has no place left in %s"), v, u);
}

/* ------------------------------------------------------------------ */
/* Placing and removing                                                 */

/* Places @v in @c and removes it from the cells that see @c. FALSE when
 * that contradicts (explained when @s explains). */
static gboolean
place (Solver *s,
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
          g_autofree char *cn = cell_name (ctx, c);

          set_why (s, _("%s cannot be both %u and %u"), cn, st->value[c], v);
        }
      return st->value[c] == v;
    }
  if (!pw_value_set_has (&st->cand[c], v))
    {
      if (s->explain)
        {
          g_autofree char *cn = cell_name (ctx, c);

          set_why (s, _("%s cannot be %u"), cn, v);
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
                  g_autofree char *vn = value_name (v);
                  g_autofree char *un = unit_name (ctx, units[i]);

                  set_why (s, _("%s is twice in %s"), vn, un);
                }
              return FALSE;
            }
          if (st->value[d] == 0 && pw_value_set_has (&st->cand[d], v))
            {
              pw_value_set_remove (&st->cand[d], v);
              if (set_empty (st->cand[d]))
                {
                  why_no_candidate (s, d);
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
              g_autofree char *a = cell_name (ctx, c);
              g_autofree char *b = cell_name (ctx, d);

              set_why (s, _("%s is not less than %s"), a, b);
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
              g_autofree char *a = cell_name (ctx, d);
              g_autofree char *b = cell_name (ctx, c);

              set_why (s, _("%s is not less than %s"), a, b);
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
          g_autofree char *cn = cell_name (s->ctx, c);

          set_why (s, _("%s cannot be %u"), cn, v);
        }
      return FALSE;
    }
  pw_value_set_remove (&st->cand[c], v);
  if (set_empty (st->cand[c]))
    {
      why_no_candidate (s, c);
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

      if (!place (s, st, cv->cell, cv->value))
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
static Set
unit_placed (const State *st,
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
/* Singles                                                              */

static Result
find_full_house (Solver      *s,
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
      placed = unit_placed (st, unit, &n_empty);
      if (n_empty != 1)
        continue;
      for (guint i = 0; i < unit->size; i++)
        if (st->value[unit->cells[i]] == 0)
          cell = unit->cells[i];
      v = set_first (set_andnot (ctx->all, placed));
      if (v == 0 || !pw_value_set_has (&st->cand[cell], v))
        {
          if (v != 0)
            why_no_place (s, v, u);
          else
            why_no_candidate (s, cell);
          return R_CONTRADICTION;
        }
      step_reset (step, PW_TECHNIQUE_FULL_HOUSE);
      step_place (step, cell, v);
      for (guint i = 0; i < unit->size; i++)
        step_pattern (step, unit->cells[i]);
      if (s->explain)
        {
          g_autofree char *cn = cell_name (ctx, cell);
          g_autofree char *un = unit_name (ctx, u);
          g_autofree char *vn = value_name (v);

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
          why_no_place (s, set_first (set_andnot (missing, once)), u);
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
          g_autofree char *cn = cell_name (ctx, cell);
          g_autofree char *un = unit_name (ctx, u);
          g_autofree char *vn = value_name (v);

          /* Translators: value, cell (r3c5), unit ("box 2") */
          step->sentence = g_strdup_printf (_("Hidden single: %s can only go in %s within %s"),
                                            vn, cn, un);
        }
      return R_FOUND;
    }
  return R_NONE;
}

static Result
find_hidden_single_box (Solver      *s,
                        State       *st,
                        PwLogicStep *step)
{
  return find_hidden_single (s, st, step, TRUE);
}

static Result
find_hidden_single_line (Solver      *s,
                         State       *st,
                         PwLogicStep *step)
{
  return find_hidden_single (s, st, step, FALSE);
}

static Result
find_naked_single (Solver      *s,
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
          why_no_candidate (s, c);
          return R_CONTRADICTION;
        }
      if (count != 1)
        continue;
      step_reset (step, PW_TECHNIQUE_NAKED_SINGLE);
      step_place (step, c, set_first (st->cand[c]));
      step_pattern (step, c);
      if (s->explain)
        {
          g_autofree char *cn = cell_name (ctx, c);
          g_autofree char *vn = value_name (set_first (st->cand[c]));

          /* Translators: cell (r3c5), value */
          step->sentence = g_strdup_printf (_("Naked single: %s can only be %s"), cn, vn);
        }
      return R_FOUND;
    }
  return R_NONE;
}

/* ------------------------------------------------------------------ */
/* Inequalities                                                         */

static Result
find_inequality (Solver      *s,
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
              g_autofree char *an = cell_name (ctx, a);
              g_autofree char *bn = cell_name (ctx, b);

              set_why (s, _("%s is not less than %s"), an, bn);
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
          g_autofree char *an = cell_name (ctx, a);
          g_autofree char *bn = cell_name (ctx, b);
          g_autofree char *el = elims_text (ctx, step);

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
                  why_no_place (s, larger ? set_last (together) : set_first (together), u);
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
                  g_autofree char *an = cell_name (ctx, a);
                  g_autofree char *others = cells_text (ctx,
                                                        &g_array_index (step->pattern, guint, 1),
                                                        step->pattern->len - 1);
                  g_autofree char *el = elims_text (ctx, step);

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

static Result
find_inequality_chain (Solver      *s,
                       State       *st,
                       PwLogicStep *step)
{
  Result r = find_inequality_chain_dir (s, st, step, TRUE);

  if (r != R_NONE)
    return r;
  return find_inequality_chain_dir (s, st, step, FALSE);
}

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
      missing = set_andnot (ctx->all, unit_placed (st, ua, NULL));
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
                g_autofree char *an = unit_name (ctx, a);
                g_autofree char *bn = unit_name (ctx, b);
                g_autofree char *vn = value_name (v);
                g_autofree char *cells = elim_cells_text (ctx, step);

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

static Result
find_pointing (Solver      *s,
               State       *st,
               PwLogicStep *step)
{
  return find_intersection (s, st, step, TRUE);
}

static Result
find_claiming (Solver      *s,
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
          g_autofree char *cn = cells_text (ctx, cells, ss->k);

          set_why (ss->s, _("%s share too few values"), cn);
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
      g_autofree char *un = unit_name (ctx, ss->unit);
      g_autofree char *cn = cells_text (ctx, cells, ss->k);
      g_autofree char *vn = values_text (together);
      g_autofree char *el = elims_text (ctx, ss->step);

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
          g_autofree char *vn = values_text (values);
          g_autofree char *un = unit_name (ctx, ss->unit);

          set_why (ss->s, _("%s have too few places in %s"), vn, un);
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
      g_autofree char *un = unit_name (ctx, ss->unit);
      g_autofree char *cn = cells_text (ctx, cells, n_cells);
      g_autofree char *vn = values_text (values);
      g_autofree char *el = elims_text (ctx, ss->step);

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

static Result
find_naked_pair (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 2);
}

static Result
find_naked_triple (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 3);
}

static Result
find_naked_quad (Solver *s, State *st, PwLogicStep *step)
{
  return find_naked_set (s, st, step, 4);
}

static Result
find_hidden_pair (Solver *s, State *st, PwLogicStep *step)
{
  return find_hidden_set (s, st, step, 2);
}

static Result
find_hidden_triple (Solver *s, State *st, PwLogicStep *step)
{
  return find_hidden_set (s, st, step, 3);
}

static Result
find_hidden_quad (Solver *s, State *st, PwLogicStep *step)
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
          g_autofree char *vn = value_name (v);
          g_autofree char *bn = units_text (ctx, base_units, fs->k);

          set_why (s, _("%s has too few places in %s"), vn, bn);
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
      g_autofree char *vn = value_name (v);
      g_autofree char *bn = units_text (ctx, base_units, fs->k);
      g_autofree char *cn = units_text (ctx, cover_units, n_cover);
      g_autofree char *el = elim_cells_text (ctx, fs->step);

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

static Result
find_x_wing (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 2);
}

static Result
find_swordfish (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 3);
}

static Result
find_jellyfish (Solver *s, State *st, PwLogicStep *step)
{
  return find_fish (s, st, step, 4);
}

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

static Result
find_xy_wing (Solver      *s,
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
                  g_autofree char *pn = cell_name (ctx, p);
                  g_autofree char *an = cell_name (ctx, peers[i]);
                  g_autofree char *bn = cell_name (ctx, peers[j]);
                  g_autofree char *x = value_name (set_first (pc));
                  g_autofree char *y = value_name (set_last (pc));
                  g_autofree char *z = value_name (set_first (za));
                  g_autofree char *el = elim_cells_text (ctx, step);

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

static Result
find_xyz_wing (Solver      *s,
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
                  g_autofree char *pn = cell_name (ctx, p);
                  g_autofree char *an = cell_name (ctx, peers[i]);
                  g_autofree char *bn = cell_name (ctx, peers[j]);
                  g_autofree char *zn = value_name (set_first (z));
                  g_autofree char *el = elim_cells_text (ctx, step);

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
                      why_no_colouring (s, v, l.nodes[x]);
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
              why_no_colouring (s, v, l.nodes[root]);
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
              g_autofree char *vn = value_name (v);
              g_autofree char *first = NULL;
              g_autofree char *second = NULL;
              g_autofree char *el = elim_cells_text (ctx, step);
              gint c0 = false_colour >= 0 ? false_colour : 0;

              for (guint i = 0; i < tail; i++)
                g_array_append_val (colour[queue[i]] == c0 ? side0 : side1, l.nodes[queue[i]]);
              g_array_sort (side0, compare_uint);
              g_array_sort (side1, compare_uint);
              first = cells_text (ctx, (guint *) (gpointer) side0->data, side0->len);
              second = cells_text (ctx, (guint *) (gpointer) side1->data, side1->len);
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

static Result
find_simple_colouring (Solver      *s,
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
                g_autofree char *vn = value_name (v);
                g_autofree char *chain_text = NULL;
                g_autofree char *el = NULL;
                g_autofree char *sn = cell_name (ctx, l.nodes[start]);

                text = g_string_new (NULL);
                for (guint i = 0; i < chain->len; i++)
                  {
                    guint state = g_array_index (chain, guint, i);

                    if (i > 0)
                      g_string_append (text, state % 2 ? " = " : " − ");
                    append_cell (text, ctx, l.nodes[state / 2]);
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
                    el = elim_cells_text (ctx, step);
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

static Result
find_x_chain (Solver      *s,
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
static Result
find_xy_chain (Solver      *s,
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
              g_autofree char *an = value_name (a);
              g_autofree char *sn = cell_name (ctx, nodes[start]);

              for (guint i = 0; i < chain->len; i++)
                {
                  guint state = g_array_index (chain, guint, i);
                  Set xc = st->cand[nodes[state / 2]];
                  guint holds = state % 2 == 0 ? set_first (xc) : set_last (xc);
                  guint misses = holds == set_first (xc) ? set_last (xc) : set_first (xc);

                  if (i > 0)
                    g_string_append (text, " − ");
                  append_cell (text, ctx, nodes[state / 2]);
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
                  g_autofree char *el = elim_cells_text (ctx, step);

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

/* ------------------------------------------------------------------ */
/* The solver                                                           */

typedef Result (*Finder) (Solver      *s,
                          State       *st,
                          PwLogicStep *step);

static const Finder finders[PW_N_TECHNIQUES] = {
  [PW_TECHNIQUE_FULL_HOUSE] = find_full_house,
  [PW_TECHNIQUE_HIDDEN_SINGLE_BOX] = find_hidden_single_box,
  [PW_TECHNIQUE_HIDDEN_SINGLE] = find_hidden_single_line,
  [PW_TECHNIQUE_NAKED_SINGLE] = find_naked_single,
  [PW_TECHNIQUE_INEQUALITY] = find_inequality,
  [PW_TECHNIQUE_POINTING] = find_pointing,
  [PW_TECHNIQUE_CLAIMING] = find_claiming,
  [PW_TECHNIQUE_INEQUALITY_CHAIN] = find_inequality_chain,
  [PW_TECHNIQUE_NAKED_PAIR] = find_naked_pair,
  [PW_TECHNIQUE_X_WING] = find_x_wing,
  [PW_TECHNIQUE_HIDDEN_PAIR] = find_hidden_pair,
  [PW_TECHNIQUE_NAKED_TRIPLE] = find_naked_triple,
  [PW_TECHNIQUE_SWORDFISH] = find_swordfish,
  [PW_TECHNIQUE_HIDDEN_TRIPLE] = find_hidden_triple,
  [PW_TECHNIQUE_XY_WING] = find_xy_wing,
  [PW_TECHNIQUE_XYZ_WING] = find_xyz_wing,
  [PW_TECHNIQUE_NAKED_QUAD] = find_naked_quad,
  [PW_TECHNIQUE_JELLYFISH] = find_jellyfish,
  [PW_TECHNIQUE_HIDDEN_QUAD] = find_hidden_quad,
  [PW_TECHNIQUE_SIMPLE_COLOURING] = find_simple_colouring,
  [PW_TECHNIQUE_X_CHAIN] = find_x_chain,
  [PW_TECHNIQUE_XY_CHAIN] = find_xy_chain,
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
              r = place (s, tmp, c, v) ? run_techniques (s, sh, tmp, depth - 1,
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
              g_autofree char *cn = cell_name (ctx, c);
              g_autofree char *vn = value_name (v);

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
          g_autofree char *cn = cell_name (ctx, c);

          set_why (s, _("%s cannot be %u"), cn, v);
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
                  g_autofree char *vn = value_name (v);
                  g_autofree char *un = unit_name (ctx, u);

                  set_why (s, _("%s is twice in %s"), vn, un);
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
              g_autofree char *an = cell_name (ctx, a);
              g_autofree char *bn = cell_name (ctx, b);

              set_why (s, _("%s is not less than %s"), an, bn);
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
              why_no_candidate (s, c);
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
                      why_no_candidate (s, d);
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
