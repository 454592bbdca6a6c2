/* magic-private.h — the magic kind: the level, its search, for the kind's
 * files, its tests and its benchmark
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind.h"

G_BEGIN_DECLS

extern const PwKind pw_magic_kind;

/* Sizes: values 1..n² fit in 128-bit sets up to n = 11. */
#define PW_MAGIC_MIN_N 1
#define PW_MAGIC_MAX_N 11
#define PW_MAGIC_MAX_CELLS (PW_MAGIC_MAX_N * PW_MAGIC_MAX_N)

/* A level: an n × n square, cell (x, y) at index y * n + x, each 0
 * (blank) or a given value 1..n². */
typedef struct
{
  guint   n;
  guint8 *givens;
} PwMagicLevel;

PwMagicLevel *_pw_magic_level_new   (guint               n);
PwMagicLevel *_pw_magic_level_copy  (const PwMagicLevel *level);
void          _pw_magic_level_free  (PwMagicLevel       *level);
gboolean      _pw_magic_level_equal (const PwMagicLevel *a,
                                     const PwMagicLevel *b);

/* The magic sum n(n² + 1)/2. */
guint         _pw_magic_sum         (guint               n);

/* The eight symmetries of the square, 0 the identity: where cell @cell
 * of an @n × @n square goes under symmetry @s (0–3 turns clockwise, 4–7
 * the same after a left-right mirror). */
guint         _pw_magic_symmetry_cell (guint             n,
                                       guint             s,
                                       guint             cell);

/* Called with every solution (n² values 1..n²); FALSE stops. */
typedef gboolean (*PwMagicSolutionFunc) (const guint8 *values,
                                         gpointer      data);

/* One depth-first search (magic-solve.c). A node is one value tried at a
 * choice point; between choices every line with one blank cell left
 * takes its value, every cell's values are bounded by each of its lines
 * (the smallest and largest sums the unused values allow), a line with
 * two blank cells keeps only pairs of unused values with the right sum,
 * and a value that only one cell can still take goes there. The variable
 * is a blank cell with the fewest values left (ties: the fewest blank
 * cells on its lines, then reading order, or at random), values
 * ascending (or in a random order). */
typedef struct
{
  guint64             max_solutions;  /* 0: all */
  guint64             max_nodes;      /* 0: no limit */
  gboolean            random_order;
  guint64             seed;
  PwMagicSolutionFunc on_solution;
  gpointer            on_solution_data;
  GCancellable       *cancellable;
  PwDeadline         *deadline;       /* stops as max_nodes does; NULL: none */
} PwMagicSearch;

typedef struct
{
  guint64  nodes;
  guint64  solutions;
  /* solutions that are the smallest (in reading order) of the solutions
   * their symmetries make: the count up to the square's 8 symmetries */
  guint64  classes;
  gboolean exhausted;   /* the whole tree was searched: the counts are exact */
  gboolean node_limit;  /* stopped at max_nodes */
} PwMagicResult;

void     _pw_magic_search_init (PwMagicSearch       *search);
/* FALSE with G_IO_ERROR_CANCELLED when cancelled (checked every 4096
 * nodes); @result then holds what was done. */
gboolean _pw_magic_search      (const PwMagicLevel  *level,
                                const PwMagicSearch *search,
                                PwMagicResult       *result,
                                GError             **error);

/* Counting to a cap (magic-solve.c). Depth-first search in the plain
 * order, resumed with doubling node limits, takes turns with the same
 * number of nodes spent on randomised restarts (Luby's sequence of node
 * limits, orders from @seed) whose solutions are collected: on a square
 * with many solutions, where a fixed order can get lost in a barren
 * subtree, the restarts find @cap + 1 different solutions quickly, which
 * proves the count is over the cap; on a square with few, the plain
 * search finishes and the count is exact. */
typedef struct
{
  guint64  solutions;   /* exact when exact; else the different solutions
                         * found (capped: cap + 1) */
  guint64  classes;     /* up to symmetry; meaningful when exact */
  gboolean exact;
  gboolean capped;      /* more than the cap: proved by cap + 1 solutions */
  gboolean node_limit;  /* neither: the budget ran out */
  guint64  nodes;       /* both searches together */
} PwMagicCount;

/* @first (n² bytes, may be NULL) receives the first solution found and
 * @second (may be NULL) a second one, when there are. */
gboolean _pw_magic_count       (const PwMagicLevel  *level,
                                guint64              cap,
                                guint64              max_nodes,
                                guint64              seed,
                                guint8              *first,
                                guint8              *second,
                                PwMagicCount        *count,
                                GCancellable        *cancellable,
                                PwDeadline          *deadline,
                                GError             **error);

/* A seed per run of the multiple method, spread over 64 bits. */
guint64  _pw_magic_run_seed    (guint64              seed,
                                guint                run);
/* The multiple method: the mean and standard deviation of the nodes a
 * search in a random order needs to find a solution and settle
 * uniqueness (count to 2), over @runs seeded orders, within *@budget
 * nodes (spent from it; *@limited when it ran out). FALSE when
 * cancelled. */
gboolean _pw_magic_measure     (const PwMagicLevel  *level,
                                guint64              seed,
                                guint                runs,
                                guint64             *budget,
                                double              *mean,
                                double              *sd,
                                gboolean            *limited,
                                GCancellable        *cancellable,
                                PwDeadline          *deadline,
                                GError             **error);

/* The generator (magic-generate.c). */
gboolean _pw_magic_generate    (GHashTable          *params,
                                guint64              seed,
                                guint64              max_bytes,
                                PwGenerateFound      found,
                                PwGenerateProgress   progress,
                                gpointer             user_data,
                                GCancellable        *cancellable,
                                GError             **error);

/* XCSP3 (magic-xcsp3.c): PwKind.to_xcsp3 and from_xcsp3. */
gboolean      _pw_magic_to_xcsp3   (gconstpointer          data,
                                    PwXcspWriter          *writer,
                                    GError               **error);
gpointer      _pw_magic_from_xcsp3 (const PwXcspInstance  *instance,
                                    GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwMagicLevel, _pw_magic_level_free)

G_END_DECLS
