/* techniques-private.h — the human-style solver's problem, positions and
 * steps, shared by techniques.c and the files of its techniques
 * (techniques-singles.c, techniques-sets.c, techniques-chains.c)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not installed and not for the rest of the program: techniques.h is the
 * solver's interface.
 */

#pragma once

#include <string.h>

#include "techniques.h"

G_BEGIN_DECLS

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
static inline Set
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

typedef struct
{
  Set    *cand;     /* a placed cell holds just its value */
  guint8 *value;    /* 0: empty */
  guint   n_empty;
} State;

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

static inline void
step_reset (PwLogicStep *step,
            PwTechnique  technique)
{
  step->technique = technique;
  g_array_set_size (step->placements, 0);
  g_array_set_size (step->eliminations, 0);
  g_array_set_size (step->pattern, 0);
  g_clear_pointer (&step->sentence, g_free);
}

static inline void
step_place (PwLogicStep *step,
            guint        cell,
            guint        value)
{
  PwCellValue cv = { cell, value };

  g_array_append_val (step->placements, cv);
}

static inline void
step_elim (PwLogicStep *step,
           guint        cell,
           guint        value)
{
  PwCellValue cv = { cell, value };

  g_array_append_val (step->eliminations, cv);
}

static inline void
step_pattern (PwLogicStep *step,
              guint        cell)
{
  g_array_append_val (step->pattern, cell);
}

/* A fresh stamp: every cell unmarked. */
static inline guint
new_stamp (Solver *s)
{
  if (++s->stamp == 0)
    {
      memset (s->mark, 0, sizeof (guint) * s->ctx->n_cells);
      s->stamp = 1;
    }
  return s->stamp;
}

static inline guint
new_stamp2 (Solver *s)
{
  if (++s->stamp2 == 0)
    {
      memset (s->mark2, 0, sizeof (guint) * s->ctx->n_cells);
      s->stamp2 = 1;
    }
  return s->stamp2;
}

/* Names for people, and why a position has no solution (techniques.c):
 * the texts of a step's sentence. */
void _pw_tq_append_cell (GString   *out,
                         const Ctx *ctx,
                         guint      cell);
char *_pw_tq_cell_name (const Ctx *ctx,
                        guint      cell);
char *_pw_tq_cells_text (const Ctx   *ctx,
                         const guint *cells,
                         guint        n);
char *_pw_tq_elims_text (const Ctx         *ctx,
                         const PwLogicStep *step);
char *_pw_tq_elim_cells_text (const Ctx         *ctx,
                              const PwLogicStep *step);
char *_pw_tq_unit_name (const Ctx *ctx,
                        guint      unit);
char *_pw_tq_units_text (const Ctx   *ctx,
                         const guint *units,
                         guint        n);
char *_pw_tq_value_name (guint value);
char *_pw_tq_values_text (Set values);
void _pw_tq_set_why (Solver     *s,
                     const char *format,
                     ...) G_GNUC_PRINTF (2, 3);
void _pw_tq_why_no_candidate (Solver *s,
                              guint   cell);
void _pw_tq_why_no_place (Solver *s,
                          guint   value,
                          guint   unit);
void _pw_tq_why_no_colouring (Solver *s,
                              guint   value,
                              guint   cell);

/* Placing (techniques.c): @v in @c, removed from the cells that see @c;
 * FALSE on a contradiction. The values placed in a unit, and how many of
 * its cells are empty. */
gboolean _pw_tq_place (Solver *s,
                       State  *st,
                       guint   c,
                       guint   v);
Set _pw_tq_unit_placed (const State *st,
                        const Unit  *unit,
                        guint       *n_empty);

/* The techniques: each finds the first step of its kind in @st into
 * @step (R_FOUND), or says there is none, or a contradiction, or that the
 * budget ran out. techniques-singles.c: */
Result _pw_tq_find_full_house (Solver      *s,
                               State       *st,
                               PwLogicStep *step);
Result _pw_tq_find_naked_single (Solver      *s,
                                 State       *st,
                                 PwLogicStep *step);
Result _pw_tq_find_hidden_single_box (Solver      *s,
                                      State       *st,
                                      PwLogicStep *step);
Result _pw_tq_find_hidden_single_line (Solver      *s,
                                       State       *st,
                                       PwLogicStep *step);
Result _pw_tq_find_inequality (Solver      *s,
                               State       *st,
                               PwLogicStep *step);
Result _pw_tq_find_inequality_chain (Solver      *s,
                                     State       *st,
                                     PwLogicStep *step);

/* techniques-sets.c: */
Result _pw_tq_find_pointing (Solver      *s,
                             State       *st,
                             PwLogicStep *step);
Result _pw_tq_find_claiming (Solver      *s,
                             State       *st,
                             PwLogicStep *step);
Result _pw_tq_find_naked_pair (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_naked_triple (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_naked_quad (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_hidden_pair (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_hidden_triple (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_hidden_quad (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_x_wing (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_swordfish (Solver *s, State *st, PwLogicStep *step);
Result _pw_tq_find_jellyfish (Solver *s, State *st, PwLogicStep *step);

/* techniques-chains.c: */
Result _pw_tq_find_xy_wing (Solver      *s,
                            State       *st,
                            PwLogicStep *step);
Result _pw_tq_find_xyz_wing (Solver      *s,
                             State       *st,
                             PwLogicStep *step);
Result _pw_tq_find_simple_colouring (Solver      *s,
                                     State       *st,
                                     PwLogicStep *step);
Result _pw_tq_find_x_chain (Solver      *s,
                            State       *st,
                            PwLogicStep *step);
Result _pw_tq_find_xy_chain (Solver      *s,
                             State       *st,
                             PwLogicStep *step);

G_END_DECLS
