/* fd.h — a general finite-domain constraint engine with wide domains
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sibling of csp.h (bit masks of at most 32 values, tuned for the
 * combination kind) for the logic kinds: domains of up to PW_FD_MAX_VALUES
 * values 0..n_values-1 as multi-word bit sets, and the global constraints
 * those puzzles are stated with:
 *
 * - all-different over a scope, filtered by naked and hidden singles and
 *   Hall sets (generalised arc consistency by matching, Régin 1994, when
 *   asked for);
 * - x + offset < y (Futoshiki's signs, ordering for symmetry breaking);
 * - x != y;
 * - linear sums Σ coeff·x (=, ≤) rhs with bounds reasoning (magic squares);
 * - tables of allowed pairs.
 *
 * Search is depth-first, with smallest-domain-first (ties by index, or
 * random from a seed), values ascending or in a random order; solution
 * counting up to a cap, node limits, cancellation. It is the plain,
 * general engine: numgrid.h is the fast one for grids of all-different
 * units, and tests/test-numgrid.c checks that the two agree.
 *
 * A node is one value tried at a choice point (the variable chosen, the
 * value assigned, the propagation run), whether or not its propagation
 * fails; the root's propagation is no node. Each choice point tries every
 * value of the chosen variable's domain in turn (d-way branching). The
 * search is deterministic: the same problem and PwFdSearch (seed
 * included) give the same nodes, solutions and order of solutions.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PW_FD_MAX_VALUES 256

typedef struct _PwFd PwFd;

typedef enum
{
  PW_FD_ALLDIFF_VALUES,   /* remove assigned values from the others; hidden singles */
  PW_FD_ALLDIFF_GAC,      /* generalised arc consistency (Hall sets by matching) */
} PwFdAllDiff;

typedef enum
{
  PW_FD_ORDER_STATIC,           /* variable index order */
  PW_FD_ORDER_SMALLEST_DOMAIN,  /* ties by index, or at random with random_order */
} PwFdOrder;

/* Called with every solution (a value 0..n_values-1 per variable, as
 * guint16); FALSE stops. */
typedef gboolean (*PwFdSolutionFunc) (const guint16 *values,
                                      gpointer       data);

typedef struct
{
  PwFdAllDiff       all_different;
  PwFdOrder         order;
  gboolean          random_order;   /* random ties and value order from @seed */
  guint64           seed;
  guint64           max_solutions;  /* 0: all */
  guint64           max_nodes;      /* 0: no limit */
  PwFdSolutionFunc  on_solution;
  gpointer          on_solution_data;
  GCancellable     *cancellable;
} PwFdSearch;

typedef struct
{
  guint64  nodes;        /* every assignment tried is a node */
  guint64  solutions;
  gboolean exhausted;    /* the whole tree was searched: the count is exact.
                          * FALSE when stopped at max_solutions (even if no
                          * more existed), max_nodes, on_solution or a cancel */
  gboolean node_limit;   /* stopped at max_nodes */
} PwFdResult;

/* A domain as the engine hands it out: value v is bit v % 64 of word
 * v / 64; bits from n_values on are 0. */
#define PW_FD_WORDS (PW_FD_MAX_VALUES / 64)

typedef struct
{
  guint64 w[PW_FD_WORDS];
} PwFdDomain;

static inline gboolean
pw_fd_domain_contains (const PwFdDomain *domain,
                       guint             value)
{
  return value < PW_FD_MAX_VALUES && (domain->w[value / 64] >> (value % 64) & 1) != 0;
}

PwFd     *pw_fd_new              (guint              n_vars,
                                  guint              n_values);
void      pw_fd_free             (PwFd              *fd);
guint     pw_fd_get_n_vars       (const PwFd        *fd);
guint     pw_fd_get_n_values     (const PwFd        *fd);

/* Domain restrictions: keep only @value; keep [min, max]; remove @value. */
void      pw_fd_assign           (PwFd              *fd,
                                  guint              var,
                                  guint              value);
void      pw_fd_restrict_range   (PwFd              *fd,
                                  guint              var,
                                  guint              min,
                                  guint              max);
void      pw_fd_remove_value     (PwFd              *fd,
                                  guint              var,
                                  guint              value);

void      pw_fd_add_all_different (PwFd             *fd,
                                   const guint      *vars,
                                   guint             n_vars);
/* All vars[i] + offsets[i] differ (the diagonals of N-Queens: offsets i
 * and -i). The offsets may spread over at most 2 · PW_FD_MAX_VALUES
 * (max - min); filtered like pw_fd_add_all_different, in the value space
 * shifted by the offsets. */
void      pw_fd_add_all_different_offset (PwFd       *fd,
                                          const guint *vars,
                                          const int  *offsets,
                                          guint       n_vars);
/* x + offset < y */
void      pw_fd_add_less         (PwFd              *fd,
                                  guint              x,
                                  guint              y,
                                  int                offset);
void      pw_fd_add_not_equal    (PwFd              *fd,
                                  guint              x,
                                  guint              y);
typedef enum
{
  PW_FD_EQ,
  PW_FD_LE,
} PwFdRelation;
/* Σ coeffs[i]·vars[i] relation rhs (values as 0..n_values-1). */
void      pw_fd_add_linear       (PwFd              *fd,
                                  const guint       *vars,
                                  const int         *coeffs,
                                  guint              n_vars,
                                  PwFdRelation       relation,
                                  gint64             rhs);
/* allowed[a * n_values + b]: whether (x, y) = (a, b) is allowed. */
void      pw_fd_add_table        (PwFd              *fd,
                                  guint              x,
                                  guint              y,
                                  const gboolean    *allowed);

/* Defaults: all-different by values, static order, values ascending, no
 * caps. */
void      pw_fd_search_init      (PwFdSearch        *search);
/* Runs a search; FALSE with G_IO_ERROR_CANCELLED when cancelled (checked
 * before the first node, after every solution and every 4096 nodes; the
 * result holds what was counted until then). */
gboolean  pw_fd_search           (const PwFd        *fd,
                                  const PwFdSearch  *search,
                                  PwFdResult        *result,
                                  GError           **error);
/* The domains after the search's root propagation (@search gives the
 * all-different mode; NULL: the defaults of pw_fd_search_init), one per
 * variable in @domains; FALSE when it finds the problem has no solution
 * (the domains are then unspecified). */
gboolean  pw_fd_propagate        (const PwFd        *fd,
                                  const PwFdSearch  *search,
                                  PwFdDomain        *domains);
/* Whether @values satisfies every constraint and domain. */
gboolean  pw_fd_check            (const PwFd        *fd,
                                  const guint16     *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwFd, pw_fd_free)

G_END_DECLS
