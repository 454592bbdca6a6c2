/* queens-private.h — the queens and star-battle kinds: one level model,
 * their searches and the Star Battle grader, for the kinds' files, tests
 * and benchmark
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind.h"

G_BEGIN_DECLS

extern const PwKind pw_queens_kind;
extern const PwKind pw_star_battle_kind;

typedef enum
{
  PW_QUEENS_QUEENS,       /* N-Queens: one queen a row and column, none attacking */
  PW_QUEENS_STAR_BATTLE,  /* k stars a row, column and region, none touching */
} PwQueensVariant;

#define PW_QUEENS_MAX_N      32
#define PW_STAR_BATTLE_MAX_N 32
/* Stars a row, column and region. */
#define PW_STAR_BATTLE_MAX_STARS 4
/* Region letters: A–Z, then a–z. */
#define PW_STAR_BATTLE_LETTERS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

typedef enum
{
  PW_QUEENS_CELL_EMPTY   = 0,
  PW_QUEENS_CELL_QUEEN   = 1,  /* a queen (star) given */
  PW_QUEENS_CELL_BLOCKED = 2,  /* no queen (star) may go here */
} PwQueensCell;

/* A level: an n × n board, cell (x, y) at index y * n + x. cells[] holds
 * PwQueensCell values; regions[] (star battle only, else NULL) each
 * cell's region 0..n-1; stars is k (1 for queens). */
typedef struct
{
  PwQueensVariant variant;
  guint           n;
  guint           stars;
  guint8         *cells;
  guint8         *regions;
} PwQueensLevel;

PwQueensLevel *_pw_queens_level_new   (PwQueensVariant      variant,
                                       guint                n,
                                       guint                stars);
PwQueensLevel *_pw_queens_level_copy  (const PwQueensLevel *level);
void           _pw_queens_level_free  (PwQueensLevel       *level);
gboolean       _pw_queens_level_equal (const PwQueensLevel *a,
                                       const PwQueensLevel *b);
const PwKind  *_pw_queens_kind_of     (PwQueensVariant      variant);

/* Called with every solution: per cell 1 for a queen (star), else 0;
 * FALSE stops. */
typedef gboolean (*PwQueensSolutionFunc) (const guint8 *cells,
                                          gpointer      data);

/* One depth-first search (queens-solve.c); a node is one value tried at
 * a choice point.
 *
 * - queens: bit boards (columns and both diagonal directions as masks);
 *   between choices, a row with one free cell takes its queen and a
 *   column with one free cell takes its queen (a row or column with none
 *   fails); the choice is a row with the fewest free cells (ties: the
 *   first, or at random), its cells left to right (or in a random order).
 * - star battle: cells star, empty or unknown; a star empties its eight
 *   neighbours, a row, column or region with its k stars empties the rest,
 *   one whose unknown cells are as many as the stars it lacks fills them
 *   with stars, and a row or column whose unknown cells cannot hold the
 *   stars it lacks without two touching (runs of c cells hold ⌈c/2⌉)
 *   fails, as does a region whose unknown cells meet fewer 2 × 2 blocks
 *   of the board (each holds one star at most) than the stars it lacks.
 *   The choice is a row, column or region lacking stars with the fewest
 *   unknown cells (ties: the first in the order rows, columns, regions, or
 *   at random); each of its unknown cells in turn is its next star (the
 *   cells before it in reading order empty). */
typedef struct
{
  guint64              max_solutions;  /* 0: all */
  guint64              max_nodes;      /* 0: no limit */
  gboolean             random_order;
  guint64              seed;
  PwQueensSolutionFunc on_solution;
  gpointer             on_solution_data;
  GCancellable        *cancellable;
  PwDeadline          *deadline;       /* stops as max_nodes does; NULL: none */
} PwQueensSearch;

typedef struct
{
  guint64  nodes;
  guint64  solutions;
  gboolean exhausted;   /* the whole tree was searched: the count is exact */
  gboolean node_limit;  /* stopped at max_nodes or the deadline */
} PwQueensResult;

void     _pw_queens_search_init (PwQueensSearch       *search);
/* FALSE with G_IO_ERROR_CANCELLED when cancelled (checked every 4096
 * nodes). */
gboolean _pw_queens_search      (const PwQueensLevel  *level,
                                 const PwQueensSearch *search,
                                 PwQueensResult       *result,
                                 GError              **error);

/* The multiple method: the mean and standard deviation of the nodes a
 * search in a random order needs to find a solution and settle
 * uniqueness (count to 2), over @runs seeded orders, within *@budget
 * nodes (spent from it; *@limited when it ran out). FALSE when
 * cancelled. */
gboolean _pw_queens_measure     (const PwQueensLevel  *level,
                                 guint64               seed,
                                 guint                 runs,
                                 guint64              *budget,
                                 double               *mean,
                                 double               *sd,
                                 gboolean             *limited,
                                 GCancellable         *cancellable,
                                 PwDeadline           *deadline,
                                 GError              **error);

/* ------------------------------------------------------------------ */
/* The Star Battle grader (star-logic.c), docs/rules/star-battle.md      */

#define PW_STAR_TECHNIQUES(X)                                                        \
  X (UNIT_COMPLETE, "unit_complete", N_("Row, column or region complete"), 1.0)      \
  X (NEIGHBOURS,    "neighbours",    N_("Cells around a star"),            1.1)      \
  X (LAST_CELLS,    "last_cells",    N_("Last free cells"),                1.2)      \
  X (CONFINEMENT,   "confinement",   N_("Region confined to a line"),      2.0)      \
  X (PIGEONHOLE,    "pigeonhole",    N_("Regions confined to lines"),      2.5)      \
  X (NO_ROOM,       "no_room",       N_("A star here leaves no room"),     3.0)      \
  X (TRIAL,         "trial",         N_("Trial and error"),                4.0)

#define PW_STAR_TECHNIQUE_ENUM(id, key, name, rating) PW_STAR_##id,
typedef enum
{
  PW_STAR_TECHNIQUES (PW_STAR_TECHNIQUE_ENUM)
  PW_N_STAR_TECHNIQUES
} PwStarTechnique;
#undef PW_STAR_TECHNIQUE_ENUM

/* Deeper trials than this: the grader gives up. */
#define PW_STAR_MAX_TRIAL_DEPTH 3

const char *_pw_star_technique_key    (PwStarTechnique technique);
const char *_pw_star_technique_name   (PwStarTechnique technique);
double      _pw_star_technique_rating (PwStarTechnique technique);

/* A position: per cell PW_QUEENS_CELL_QUEEN (a star), _BLOCKED (known
 * empty) or _EMPTY (not known yet). */
typedef struct
{
  PwStarTechnique technique;
  guint           depth;      /* trial: its depth, from 1 */
  GArray         *stars;      /* guint cells that become stars */
  GArray         *empties;    /* guint cells that become empty */

  /* Why, for hints: the cells that make the step (the unit, the star,
   * the regions or lines of a band) and what its sentence names. Units
   * are rows 0..n-1, columns n..2n-1, regions 2n..3n-1. */
  GArray         *pattern;    /* guint cells */
  guint           unit;       /* unit_complete, last_cells; no_room: the unit left without room */
  guint           cell;       /* neighbours: the star; no_room, trial: the cell */
  gboolean        columns;    /* confinement, pigeonhole: the band is of columns */
  guint           first;      /* the band's first and last line */
  guint           last;
  guint64         regions;    /* the band's regions, a bit each */
  gboolean        inside;     /* the regions lie inside the band (else the band's
                               * free cells lie inside the regions) */
} PwStarStep;

void        _pw_star_step_free   (PwStarStep *step);

/* One sentence for people about @step of @level, translated: "Row 3 has
 * its stars: its other cells hold none." Cells are named rXcY (row, then
 * column, from 1), regions by their letters. */
char       *_pw_star_step_sentence (const PwQueensLevel *level,
                                    const PwStarStep    *step);

/* The easiest step from @position (n × n bytes) of @level's star battle,
 * using techniques up to @max (and trials up to @max_depth when @max is
 * TRIAL). NULL when the position is solved, stuck, or contradicts itself
 * (*@contradiction set then). */
PwStarStep *_pw_star_next_step   (const PwQueensLevel *level,
                                  const guint8        *position,
                                  PwStarTechnique      max,
                                  guint                max_depth,
                                  gboolean            *contradiction);

typedef struct
{
  gboolean        solved;
  double          grade;
  PwStarTechnique hardest;
  guint           counts[PW_N_STAR_TECHNIQUES];
  guint           trial_depth;  /* 0: no trial; 1: single trials; … */
  guint64         work;         /* technique searches, trials included */
} PwStarGrade;

/* Grades @level from its givens; @budget bounds the work. FALSE with
 * G_IO_ERROR_CANCELLED when cancelled, G_IO_ERROR_TIMED_OUT when the
 * budget or @deadline (NULL: none) ran out. */
gboolean    _pw_star_grade       (const PwQueensLevel *level,
                                  guint64              budget,
                                  PwStarGrade         *grade,
                                  GCancellable        *cancellable,
                                  PwDeadline          *deadline,
                                  GError             **error);
/* The grade of these counts: docs/rules/star-battle.md. */
double      _pw_star_grade_value (const guint         *counts,
                                  guint                trial_depth);

/* Generators (queens-generate.c). */
gboolean _pw_queens_generate     (PwQueensVariant      variant,
                                  GHashTable          *params,
                                  guint64              seed,
                                  guint64              max_bytes,
                                  PwGenerateFound      found,
                                  PwGenerateProgress   progress,
                                  gpointer             user_data,
                                  GCancellable        *cancellable,
                                  GError             **error);

/* XCSP3 (queens-xcsp3.c): PwKind.to_xcsp3 and from_xcsp3. */
gboolean _pw_queens_to_xcsp3        (gconstpointer          data,
                                     PwXcspWriter          *writer,
                                     GError               **error);
gpointer _pw_queens_from_xcsp3      (const PwXcspInstance  *instance,
                                     GError               **error);
gpointer _pw_star_battle_from_xcsp3 (const PwXcspInstance  *instance,
                                     GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwQueensLevel, _pw_queens_level_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwStarStep, _pw_star_step_free)

G_END_DECLS
