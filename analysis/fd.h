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
  gboolean exhausted;
  gboolean node_limit;
} PwFdResult;

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

void      pw_fd_search_init      (PwFdSearch        *search);
gboolean  pw_fd_search           (const PwFd        *fd,
                                  const PwFdSearch  *search,
                                  PwFdResult        *result,
                                  GError           **error);
/* Whether @values satisfies every constraint and domain. */
gboolean  pw_fd_check            (const PwFd        *fd,
                                  const guint16     *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwFd, pw_fd_free)

G_END_DECLS
