/* techniques.h — a human-style solver that grades number-placement puzzles
 * by the techniques they need, and explains its steps (hints)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver applies the techniques below in order of difficulty and, after
 * every step, starts again from the easiest (Tatham's rule), on any
 * PwNumGrid: Sudoku of any box shape, jigsaw, diagonals, Latin squares,
 * Futoshiki. A puzzle no technique finishes is solved by trial: assume a
 * candidate, apply the techniques, and remove it when that contradicts;
 * nested trials when one level is not enough. docs/rules/grading.md gives
 * the scale and how the grade is made.
 */

#pragma once

#include "numgrid.h"

G_BEGIN_DECLS

#define PW_LOGIC_ERROR (pw_logic_error_quark ())

typedef enum
{
  PW_LOGIC_ERROR_CONTRADICTION,  /* the position breaks a rule or leaves a cell no value */
} PwLogicError;

GQuark pw_logic_error_quark (void);

/* id, key (JSON, "hardest_technique"), name (translatable), rating on the
 * Sudoku Explainer-like scale; in order of difficulty (docs/rules/grading.md
 * gives an example of each). Singles follow Sudoku Explainer: a hidden
 * single in a box is easier to see than one in a row or column, and both
 * easier than a naked single. Inequality sits just above the singles:
 * Tatham's Unequal makes its "trivial" puzzles with singles alone and its
 * "easy" ones need the signs. */
#define PW_TECHNIQUES(X)                                                          \
  X (FULL_HOUSE,        "full_house",        N_("Full house"),          1.0)     \
  X (HIDDEN_SINGLE_BOX, "hidden_single_box", N_("Hidden single in a box"), 1.2)  \
  X (HIDDEN_SINGLE,     "hidden_single",     N_("Hidden single"),       1.5)     \
  X (NAKED_SINGLE,      "naked_single",      N_("Naked single"),        2.3)     \
  X (INEQUALITY,        "inequality",        N_("Inequality"),          2.4)     \
  X (POINTING,          "pointing",          N_("Pointing"),            2.6)     \
  X (CLAIMING,          "claiming",          N_("Claiming"),            2.8)     \
  X (INEQUALITY_CHAIN,  "inequality_chain",  N_("Inequality chain"),    2.9)     \
  X (NAKED_PAIR,        "naked_pair",        N_("Naked pair"),          3.0)     \
  X (X_WING,            "x_wing",            N_("X-Wing"),              3.2)     \
  X (HIDDEN_PAIR,       "hidden_pair",       N_("Hidden pair"),         3.4)     \
  X (NAKED_TRIPLE,      "naked_triple",      N_("Naked triple"),        3.6)     \
  X (SWORDFISH,         "swordfish",         N_("Swordfish"),           3.8)     \
  X (HIDDEN_TRIPLE,     "hidden_triple",     N_("Hidden triple"),       4.0)     \
  X (XY_WING,           "xy_wing",           N_("XY-Wing"),             4.2)     \
  X (XYZ_WING,          "xyz_wing",          N_("XYZ-Wing"),            4.4)     \
  X (NAKED_QUAD,        "naked_quad",        N_("Naked quad"),          5.0)     \
  X (JELLYFISH,         "jellyfish",         N_("Jellyfish"),           5.2)     \
  X (HIDDEN_QUAD,       "hidden_quad",       N_("Hidden quad"),         5.4)     \
  X (SIMPLE_COLOURING,  "simple_colouring",  N_("Simple colouring"),    6.0)     \
  X (X_CHAIN,           "x_chain",           N_("X-chain"),             6.5)     \
  X (XY_CHAIN,          "xy_chain",          N_("XY-chain"),            7.0)     \
  X (TRIAL,             "trial",             N_("Trial and error"),     8.0)

#define PW_TECHNIQUE_ENUM(id, key, name, rating) PW_TECHNIQUE_##id,
typedef enum
{
  PW_TECHNIQUES (PW_TECHNIQUE_ENUM)
  PW_N_TECHNIQUES
} PwTechnique;
#undef PW_TECHNIQUE_ENUM

const char *pw_technique_key    (PwTechnique technique);
/* Translated. */
const char *pw_technique_name   (PwTechnique technique);
double      pw_technique_rating (PwTechnique technique);

typedef struct
{
  guint cell;
  guint value;
} PwCellValue;

/* One deduction: what it places and removes, the cells that make the
 * pattern (to highlight) and one sentence for people, e.g. "Hidden
 * single: 7 can only go in r3c5 within box 2". Cells are named rXcY (row,
 * then column, from 1), units "row 3", "column 5", "box 2", "region 4",
 * "the main diagonal". */
typedef struct
{
  PwTechnique technique;
  GArray     *placements;    /* PwCellValue */
  GArray     *eliminations;  /* PwCellValue */
  GArray     *pattern;       /* guint cells */
  char       *sentence;      /* translated */
} PwLogicStep;

void         pw_logic_step_free (PwLogicStep      *step);

/* The easiest step from a position: @values (0 for an empty cell; the
 * givens count as placed whatever @values holds there) and, when not
 * NULL, the player's candidates per cell (NULL: every value the placed
 * values allow). The player's candidates are first narrowed to what the
 * placed values allow, which is no technique. NULL when the position is
 * solved, contradicts itself (@error, PW_LOGIC_ERROR_CONTRADICTION, says
 * where) or no technique below trial applies. */
PwLogicStep *pw_logic_next_step (const PwNumGrid  *grid,
                                 const guint8     *values,
                                 const PwValueSet *candidates,
                                 GError          **error);
/* The same, with techniques up to @max only (PW_TECHNIQUE_TRIAL allows
 * one trial of depth 1: "assuming 5 in r2c3 leads to a contradiction"). */
PwLogicStep *pw_logic_next_step_upto (const PwNumGrid  *grid,
                                      const guint8     *values,
                                      const PwValueSet *candidates,
                                      PwTechnique       max,
                                      GError          **error);

/* Nested trials go no deeper than this. */
#define PW_LOGIC_MAX_TRIAL_DEPTH 3

/* A budget that grades every puzzle of tests/data/grading with room to
 * spare and stops any grid within seconds (docs/rules/grading.md). */
#define PW_LOGIC_DEFAULT_BUDGET G_GUINT64_CONSTANT (2000000)

typedef struct
{
  gboolean    solved;        /* the techniques (with trial) reached the solution */
  gboolean    contradiction; /* the givens and @assume have no solution */
  gboolean    several_solutions;  /* two different solutions were found */
  double      grade;         /* docs/rules/grading.md; 0 when nothing was left to do */
  PwTechnique hardest;       /* FULL_HOUSE when no step was taken */
  guint       counts[PW_N_TECHNIQUES];  /* steps taken with each technique */
  guint       trial_depth;   /* 0: no trial needed; 1: single trials; 2: nested … */
  guint64     steps;
  guint64     work;          /* budget used */
} PwLogicGrade;

/* Called with every step of the grading (top level only: not the steps
 * inside a trial), before it is applied. */
typedef void (*PwLogicStepFunc) (const PwLogicStep *step,
                                 gpointer           data);

/* Grades the puzzle from its givens (and @assume, may be NULL). @budget
 * bounds the work (0: no limit): every search for one technique over the
 * grid, found or not, every trial and every node of the solution count
 * costs the grid's cells / 81 (at least 1). FALSE with
 * G_IO_ERROR_CANCELLED when cancelled, G_IO_ERROR_TIMED_OUT when the
 * budget ran out. Meaningful for puzzles with one solution: with several,
 * or none, solved is FALSE (several_solutions or contradiction says why
 * when the solver could tell) and the grade is that of the steps taken. */
gboolean     pw_logic_grade     (const PwNumGrid  *grid,
                                 const guint8     *assume,
                                 guint64           budget,
                                 PwLogicGrade     *grade,
                                 GCancellable     *cancellable,
                                 GError          **error);
/* The same, within @deadline too (NULL: none; past it, as when the
 * budget runs out), calling @func (when not NULL) with every step. */
gboolean     pw_logic_grade_traced (const PwNumGrid  *grid,
                                    const guint8     *assume,
                                    guint64           budget,
                                    PwDeadline       *deadline,
                                    PwLogicStepFunc   func,
                                    gpointer          data,
                                    PwLogicGrade     *grade,
                                    GCancellable     *cancellable,
                                    GError          **error);

/* The grade for the steps taken with each technique and the deepest
 * trial (the formula of docs/rules/grading.md; pw_logic_grade uses it). */
double       pw_logic_grade_value (const guint  counts[PW_N_TECHNIQUES],
                                   guint        trial_depth);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLogicStep, pw_logic_step_free)

G_END_DECLS
