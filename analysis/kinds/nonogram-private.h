/* nonogram-private.h — the nonogram kind's internals: the level, the
 * engine (line solver, propagation, probing, search, grader), the file
 * formats and the generator, for the kind's files, tests and benchmarks
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-kind.h"

G_BEGIN_DECLS

extern const PwKind pw_nonogram_kind;

#define PW_NONOGRAM_MAX_SIZE 100

/* Clues of every line: rows top to bottom (lines 0..height-1), then
 * columns left to right (lines height..height+width-1). Line l's numbers
 * are num[start[l]] .. num[start[l + 1] - 1]; an empty line has none. */
typedef struct
{
  guint   n_lines;
  guint  *start;
  guint8 *num;
} PwNonoClues;

/* A level: a width × height grid with the picture (@grid, cell (x, y) at
 * y * width + x, 1 black, 0 white; NULL when the level is made of clues
 * only) and/or the clues (@clues; NULL when they follow the picture). At
 * least one of the two is there. */
typedef struct
{
  guint        width;
  guint        height;
  guint8      *grid;
  PwNonoClues *clues;
} PwNonogramLevel;

PwNonoClues     *_pw_nono_clues_new        (guint                  n_lines,
                                            const guint           *counts,
                                            const guint8          *numbers);
PwNonoClues     *_pw_nono_clues_copy       (const PwNonoClues     *clues);
void             _pw_nono_clues_free       (PwNonoClues           *clues);
gboolean         _pw_nono_clues_equal      (const PwNonoClues     *a,
                                            const PwNonoClues     *b);
/* The clues of a picture of @width × @height. */
PwNonoClues     *_pw_nono_clues_of_grid    (const guint8          *grid,
                                            guint                  width,
                                            guint                  height);
/* The runs of one line of a picture (@n cells @stride apart): writes
 * the numbers to @out (room for (n + 1) / 2) and returns how many. */
guint            _pw_nono_line_runs        (const guint8          *cells,
                                            guint                  n,
                                            guint                  stride,
                                            guint8                *out);
static inline guint
_pw_nono_clues_count (const PwNonoClues *clues,
                      guint              line)
{
  return clues->start[line + 1] - clues->start[line];
}

static inline const guint8 *
_pw_nono_clues_line (const PwNonoClues *clues,
                     guint              line)
{
  return clues->num + clues->start[line];
}

PwNonogramLevel *_pw_nonogram_level_new    (guint                  width,
                                            guint                  height);
PwNonogramLevel *_pw_nonogram_level_copy   (const PwNonogramLevel *level);
void             _pw_nonogram_level_free   (PwNonogramLevel       *level);
gboolean         _pw_nonogram_level_equal  (const PwNonogramLevel *a,
                                            const PwNonogramLevel *b);
/* The level's clues: the stored ones, else the picture's (free them). */
PwNonoClues     *_pw_nonogram_level_clues  (const PwNonogramLevel *level);

/* ------------------------------------------------------------------ */
/* The engine (nonogram-solve.c)                                        */

/* A cell's state is the set of colours it can still take. */
enum
{
  PW_NONO_WHITE   = 1,
  PW_NONO_BLACK   = 2,
  PW_NONO_UNKNOWN = 3,
};

typedef struct _PwNonoLineWork PwNonoLineWork;

PwNonoLineWork  *_pw_nono_line_work_new    (guint                  max_len,
                                            guint                  max_blocks);
void             _pw_nono_line_work_free   (PwNonoLineWork        *work);

/* The line solver: narrows each of the @n cells (PW_NONO_* sets) to the
 * colours it has in at least one placement of the @k blocks @clue that
 * agrees with every cell; so a cell comes out fixed exactly when it has
 * one colour in every such placement. FALSE when there is no placement
 * (the cells are then unchanged). */
gboolean         _pw_nono_line_solve       (const guint8          *clue,
                                            guint                  k,
                                            guint8                *cells,
                                            guint                  n,
                                            PwNonoLineWork        *work);

typedef struct _PwNonoSolver PwNonoSolver;

PwNonoSolver    *_pw_nono_solver_new       (guint                  width,
                                            guint                  height,
                                            const PwNonoClues     *clues);
void             _pw_nono_solver_free      (PwNonoSolver          *solver);
/* Line solves done so far (a measure of work). */
guint64          _pw_nono_solver_line_solves (PwNonoSolver        *solver);
/* A time budget for every search and grade @solver runs from now on
 * (NULL: none): past it they stop as their work budget does. */
void             _pw_nono_solver_set_deadline (PwNonoSolver       *solver,
                                               PwDeadline         *deadline);

typedef struct
{
  guint64       max_solutions; /* stop once this many are found */
  guint64       max_nodes;     /* 0: no limit */
  guint64       max_line_solves; /* work budget, 0: no limit */
  gboolean      probing;       /* probe every undecided cell at every node */
  gboolean      random_order;  /* branch on a random undecided cell (after probing,
                                * when probing), random colour first */
  guint64       seed;
  guint8       *first;         /* optional, width × height: the first solution (1 black) */
  guint8       *second;        /* optional: the second */
  GCancellable *cancellable;
} PwNonoSearch;

typedef struct
{
  guint64  solutions;
  guint64  nodes;              /* search nodes, the root included */
  gboolean node_limit;         /* stopped by a budget: the count is a lower bound */
} PwNonoResult;

void             _pw_nono_search_init      (PwNonoSearch          *search);
/* Counts solutions (depth-first, line solving to a fixpoint at every
 * node, optionally probing). FALSE only when cancelled. */
gboolean         _pw_nono_solve            (PwNonoSolver          *solver,
                                            const PwNonoSearch    *search,
                                            PwNonoResult          *result,
                                            GError               **error);

/* How far logic goes (the grader):
 * - passes: full line-solver passes (every row, then every column) that
 *   changed something, until a pass changes nothing;
 * - line_solvable: those passes decide every cell;
 * - undecided: per cell, 1 when those passes leave it undecided;
 * - depth: 0 line solving alone, 1 line solving with probing (each
 *   undecided cell tried both ways with line solving; a contradiction
 *   fixes it, cells fixed in both tries are fixed), 2 more than that
 *   (search needed); contradiction when logic finds the clues impossible. */
typedef struct
{
  guint     passes;
  gboolean  line_solvable;
  gboolean  contradiction;
  guint     depth;
  guint8   *undecided;          /* width × height, owned by the caller */
  gboolean  limited;            /* the budget stopped probing: depth unknown */
} PwNonoGrade;

gboolean         _pw_nono_grade            (PwNonoSolver          *solver,
                                            guint64                max_line_solves,
                                            PwNonoGrade           *grade,
                                            GCancellable          *cancellable,
                                            GError               **error);

/* One step of line logic from a position, for hints: the line whose
 * line solve decides the most undecided cells (ties: the first, rows
 * before columns) and the cells it decides; or, before anything else,
 * the first line the position leaves no way to fit its blocks
 * (@contradiction, no cells). */
typedef struct
{
  guint     line;           /* rows 0..height-1, then columns */
  gboolean  contradiction;
  GArray   *black;          /* guint cells (y * width + x) it makes black */
  GArray   *white;          /* and white */
  char     *sentence;       /* translated: the line, its clues, why */
} PwNonoStep;

/* @cells: per cell PW_NONO_WHITE, _BLACK or _UNKNOWN. NULL when no line
 * decides a cell more (solved, or stuck for line logic). */
PwNonoStep      *_pw_nono_next_step        (guint                  width,
                                            guint                  height,
                                            const PwNonoClues     *clues,
                                            const guint8          *cells);
void             _pw_nono_step_free        (PwNonoStep            *step);
/* "3 1", or "0" for a line without blocks. */
char            *_pw_nono_clue_text        (const PwNonoClues     *clues,
                                            guint                  line);

/* ------------------------------------------------------------------ */
/* File formats (nonogram-formats.c), docs/file-format.md               */

/* Reads one text holding levels in any of the formats: Steve Simpson's
 * .non, Wolter's .nin, TAAI/ICGA tournament files ($k blocks, questions
 * or solutions), Simon Tatham's Pattern game IDs ("WxH:…", one a line,
 * "; Name" lines before them), or a picture of '#' and '.' rows.
 * Appends PwImportedLevel * to @levels. Errors are PW_KIND_ERROR_INVALID
 * naming @display_name, the line and what is wrong. */
gboolean         _pw_nonogram_read         (const char            *text,
                                            const char            *display_name,
                                            GPtrArray             *levels,
                                            GError               **error);
/* The Pattern game ID of a level's clues. */
char            *_pw_nonogram_to_id        (const PwNonogramLevel *level);
/* The .non text of a level, with its @name and @notes ("by: …",
 * "copyright: …", "license: …", "catalogue: …" lines become those
 * properties, other lines "comment" properties). */
char            *_pw_nonogram_to_non       (const PwNonogramLevel *level,
                                            const char            *name,
                                            const char            *notes);

/* ------------------------------------------------------------------ */
/* The generator (nonogram-generate.c)                                  */

/* Parameters as the kind's table lists them: size, density,
 * line_solvable, picture. */
gboolean         _pw_nonogram_generate     (GHashTable            *params,
                                            guint64                seed,
                                            guint64                max_bytes,
                                            PwGenerateFound        found,
                                            PwGenerateProgress     progress,
                                            gpointer               user_data,
                                            GCancellable          *cancellable,
                                            GError               **error);

/* XCSP3 (nonogram-xcsp3.c): PwKind.to_xcsp3 and from_xcsp3. */
gboolean         _pw_nonogram_to_xcsp3     (gconstpointer          data,
                                            PwXcspWriter          *writer,
                                            GError               **error);
gpointer         _pw_nonogram_from_xcsp3   (const PwXcspInstance  *instance,
                                            GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNonogramLevel, _pw_nonogram_level_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNonoClues, _pw_nono_clues_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNonoSolver, _pw_nono_solver_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNonoStep, _pw_nono_step_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwNonoLineWork, _pw_nono_line_work_free)

G_END_DECLS
