/* knight-private.h — the knights-tour kind: the level model, the tour
 * search, the text form and the generator, shared by the kind's files and
 * its tests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-kind.h"

G_BEGIN_DECLS

extern const PwKind pw_knights_tour_kind;

/* Boards are 3 to 32 cells wide and high. */
#define PW_KNIGHT_MIN_SIZE 3
#define PW_KNIGHT_MAX_SIZE 32

/* A cell of a level: 0 blank, 1..width·height a given step, or blocked. */
#define PW_KNIGHT_BLOCKED G_MAXUINT16

/* A level: a width × height board, cell (x, y) at index y * width + x.
 * The tour visits every cell that is not blocked once, by knight's moves;
 * step numbers run 1..(cells not blocked). A closed tour's last cell is a
 * knight's move from its first. Givens say at which step the knight is on
 * their cell. Givens that clash (a number twice, larger than the cells to
 * visit, two givens too far apart for their step gap) are allowed in a
 * level: the analysis says there is no solution and names them. */
typedef struct
{
  guint     width;
  guint     height;
  gboolean  closed;
  guint16  *cells;
} PwKnightLevel;

PwKnightLevel *_pw_knight_level_new        (guint                width,
                                            guint                height,
                                            gboolean             closed);
PwKnightLevel *_pw_knight_level_copy       (const PwKnightLevel *level);
void           _pw_knight_level_free       (PwKnightLevel       *level);
gboolean       _pw_knight_level_equal      (const PwKnightLevel *a,
                                            const PwKnightLevel *b);
/* Cells not blocked: the steps of a tour. */
guint          _pw_knight_level_n_free     (const PwKnightLevel *level);
guint          _pw_knight_level_n_givens   (const PwKnightLevel *level);

/* The text form (docs/file-format.md): an optional first line "open" or
 * "closed" (open when absent), then one line per row of
 * whitespace-separated cells: a step number, "0" or "." blank, "x"
 * blocked. Errors are PW_KIND_ERROR_INVALID naming the row and column
 * ("Row 2, column 4: …"; the importer adds the file and the line the
 * level starts at). _pw_knight_to_text always writes the first line. */
PwKnightLevel *_pw_knight_from_text        (const char          *text,
                                            GError             **error);
char          *_pw_knight_to_text          (const PwKnightLevel *level);

/* ------------------------------------------------------------------ */
/* The tour search (knight-search.c)                                    */

/* A board's geometry, built once per blocked layout: the moves between
 * cells that are not blocked, and the knight distances between them. */
typedef struct _PwKnightBoard PwKnightBoard;

PwKnightBoard *_pw_knight_board_new        (const PwKnightLevel *level);
void           _pw_knight_board_free       (PwKnightBoard       *board);
/* Knight's moves from @a to @b through cells that are not blocked;
 * G_MAXUINT when there is no way. */
guint          _pw_knight_board_distance   (const PwKnightBoard *board,
                                            guint                a,
                                            guint                b);

/* Called with the step at each cell (0 on blocked cells) of a tour found,
 * and how many numbered tours it stands for (@weight: 1, or the number of
 * cells for a closed tour of a board without givens, whose search fixes
 * step 1 on one cell: each of its rotations is a tour too). FALSE stops
 * the search. */
typedef gboolean (*PwKnightSolutionFunc) (const guint16 *steps,
                                          guint64        weight,
                                          gpointer       user_data);

typedef struct
{
  guint64              max_solutions;  /* stop once this many are found */
  guint64              max_nodes;      /* budget of cells placed; 0: none */
  gboolean             random_order;   /* break Warnsdorff's ties at random */
  guint64              seed;           /* for random_order */
  gboolean             connectivity;   /* also prune when the cells left fall apart */
  gboolean             restarts;       /* restart in random orders (knight-search.c) */
  PwKnightSolutionFunc on_solution;
  gpointer             on_solution_data;
  GCancellable        *cancellable;
  PwDeadline          *deadline;       /* stops as max_nodes does; NULL: none */
} PwKnightSearch;

typedef struct
{
  guint64  solutions;   /* numbered tours found (see the weight above) */
  guint64  nodes;       /* cells placed */
  gboolean node_limit;  /* the budget stopped the search */
  gboolean conflict;    /* the givens rule out every tour before any search */
} PwKnightResult;

void           _pw_knight_search_init      (PwKnightSearch      *search);
/* Counts the tours of @level (whose blocked cells made @board) up to
 * max_solutions; FALSE only when cancelled. With restarts (the default),
 * up to 100,000 solutions and at most one cell in 16 given, it runs
 * searches in several orders with growing cutoffs, as knight-search.c
 * explains: counts stay exact, and on_solution sees each tour once, but
 * not always in the first order's sequence. */
gboolean       _pw_knight_search           (const PwKnightBoard *board,
                                            const PwKnightLevel *level,
                                            const PwKnightSearch *search,
                                            PwKnightResult      *result,
                                            GError             **error);

/* Marks (1 in @marked, one byte a cell) the givens that rule out every
 * tour by themselves: a number twice, a number larger than the cells to
 * visit, consecutive givens (in step order; for a closed tour also the
 * last and the first) that a knight cannot join in their step gap, or
 * givens on squares of the wrong colour for their step. Returns how many
 * cells it marked. */
guint          _pw_knight_find_conflicts   (const PwKnightBoard *board,
                                            const PwKnightLevel *level,
                                            guint8              *marked);

/* The multiple method (knight.c): the mean and standard deviation of the
 * nodes a search in a random order (Warnsdorff's rule with ties at
 * random, start cells shuffled) needs to find two numbered tours, or
 * fewer and prove there are no more, over @runs orders seeded from @seed.
 * On a board with few givens a run ends at its second tour; on a proper
 * puzzle it measures the proof of uniqueness. Spends from *@budget
 * (nodes); *@limited when it ran out. FALSE when cancelled. */
gboolean       _pw_knight_measure          (const PwKnightBoard *board,
                                            const PwKnightLevel *level,
                                            guint64              seed,
                                            guint                runs,
                                            guint64             *budget,
                                            double              *mean,
                                            double              *sd,
                                            gboolean            *limited,
                                            GCancellable        *cancellable,
                                            PwDeadline          *deadline,
                                            GError             **error);

/* The generator (knight-generate.c), for the kind table: its parameters
 * (size, closed, givens, blocked, difficulty) and the generator. */
#define PW_KNIGHT_N_GENERATE_PARAMS 5
extern const PwGenerateParam _pw_knight_generate_params[PW_KNIGHT_N_GENERATE_PARAMS];
gboolean       _pw_knight_generate         (GHashTable          *params,
                                            guint64              seed,
                                            guint64              max_bytes,
                                            PwGenerateFound      found,
                                            PwGenerateProgress   progress,
                                            gpointer             user_data,
                                            GCancellable        *cancellable,
                                            GError             **error);

/* XCSP3 (knight-xcsp3.c): PwKind.to_xcsp3 and from_xcsp3. */
gboolean       _pw_knight_to_xcsp3         (gconstpointer          data,
                                            PwXcspWriter          *writer,
                                            GError               **error);
gpointer       _pw_knight_from_xcsp3       (const PwXcspInstance  *instance,
                                            GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwKnightLevel, _pw_knight_level_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwKnightBoard, _pw_knight_board_free)

G_END_DECLS
