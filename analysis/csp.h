/* csp.h — a small finite-domain constraint engine
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Variables take values 0..n_values-1 (at most 32), domains are bit
 * masks. Three kinds of constraint cover the puzzles this project needs:
 *
 * - count: how many variables of a scope take a value lies in [min, max]
 *   (several on one scope make a global cardinality constraint);
 * - automaton: the values of a sequence of variables, read in order, are
 *   a word a finite automaton accepts (lines of Combination, rows of a
 *   Nonogram, precedence for symmetry breaking);
 * - binary: a table of allowed pairs (Futoshiki's inequalities, …);
 * - precedence: no value of one set comes before the first value of
 *   another in a sequence (symmetry breaking between interchangeable
 *   values: the same as a two-state automaton, at the cost of the cells
 *   up to where it prunes).
 *
 * Search is depth-first, one variable at a time, values in increasing
 * order (or decreasing), with forward checking, arc consistency (each
 * constraint's propagator to a fixpoint: automata and binary tables are
 * made generalised arc consistent) or singleton arc consistency at every
 * node; counts either prune (cardinality reasoning) or only check. The
 * variable order is static (given, or index order) or smallest domain
 * first. Every assignment tried is a node.
 */

#pragma once

#include <gio/gio.h>

#include "pw-deadline.h"

G_BEGIN_DECLS

#define PW_CSP_MAX_VALUES 32
#define PW_CSP_MAX_STATES 256

typedef guint32 PwCspDomain;

typedef struct _PwCsp PwCsp;

/* next[state * n_values + value] is the state after reading value, or
 * -1 when the value cannot come there; words must end in an accepting
 * state (bit s of accepting, for s < 64; states past 63 never accept). */
typedef struct
{
  guint         n_states;
  guint         start;
  guint64       accepting;
  const gint16 *next;
} PwCspAutomaton;

typedef enum
{
  PW_CSP_FORWARD_CHECKING,
  PW_CSP_ARC_CONSISTENCY,
  PW_CSP_SINGLETON_ARC_CONSISTENCY,
  /* singleton arc consistency once at the root, arc consistency below */
  PW_CSP_SINGLETON_AT_ROOT,
} PwCspPropagation;

typedef enum
{
  PW_CSP_ORDER_STATIC,
  PW_CSP_ORDER_SMALLEST_DOMAIN,
} PwCspOrder;

/* Called with every solution found (values per variable); FALSE stops. */
typedef gboolean (*PwCspSolutionFunc) (const guint8 *values,
                                       gpointer      data);

typedef struct
{
  PwCspPropagation    propagation;
  gboolean            cardinality;    /* counts prune, not only check */
  PwCspOrder          order;
  const guint        *var_order;      /* a permutation of the variables; NULL: index order */
  gboolean            values_descending;
  guint64             max_solutions;  /* stop after this many; 0: find them all */
  guint64             max_nodes;      /* stop after this many nodes; 0: no limit */
  const PwCspDomain  *domains;        /* assumptions: domains to intersect with, or NULL */
  PwCspSolutionFunc   on_solution;
  gpointer            on_solution_data;
  GCancellable       *cancellable;
  PwDeadline         *deadline;       /* time budget, NULL: none; stops as max_nodes does */
} PwCspSearch;

typedef struct
{
  guint64  nodes;
  guint64  solutions;
  gboolean exhausted;    /* the whole space was searched: the count is exact */
  gboolean node_limit;   /* stopped at max_nodes or the deadline */
} PwCspResult;

PwCsp   *pw_csp_new              (guint               n_vars,
                                  guint               n_values);
void     pw_csp_free             (PwCsp              *csp);
guint    pw_csp_get_n_vars       (const PwCsp        *csp);
guint    pw_csp_get_n_values     (const PwCsp        *csp);

/* Intersects a variable's initial domain with @domain. */
void     pw_csp_restrict         (PwCsp              *csp,
                                  guint               var,
                                  PwCspDomain         domain);
void     pw_csp_add_count        (PwCsp              *csp,
                                  const guint        *vars,
                                  guint               n_vars,
                                  guint               value,
                                  guint               min,
                                  guint               max);
/* A global cardinality constraint: how many variables of the scope take
 * each value v lies in [min[v], max[v]] (arrays of n_values); the same as
 * one count per value, checked and pruned in one pass. */
void     pw_csp_add_cardinality  (PwCsp              *csp,
                                  const guint        *vars,
                                  guint               n_vars,
                                  const guint        *min,
                                  const guint        *max);
/* The automaton is copied. */
void     pw_csp_add_automaton    (PwCsp              *csp,
                                  const guint        *vars,
                                  guint               n_vars,
                                  const PwCspAutomaton *automaton);
/* No variable of the sequence takes a value of @second before one has
 * taken a value of @first (the sets are disjoint). */
void     pw_csp_add_precedence   (PwCsp              *csp,
                                  const guint        *vars,
                                  guint               n_vars,
                                  PwCspDomain         first,
                                  PwCspDomain         second);
/* allowed[a]: the values y may take when x takes a. */
void     pw_csp_add_binary       (PwCsp              *csp,
                                  guint               x,
                                  guint               y,
                                  const PwCspDomain  *allowed);

void     pw_csp_search_init      (PwCspSearch        *search);
/* Runs a search; FALSE with G_IO_ERROR_CANCELLED when cancelled (the
 * result holds what was counted until then). */
gboolean pw_csp_search           (const PwCsp        *csp,
                                  const PwCspSearch  *search,
                                  PwCspResult        *result,
                                  GError            **error);

/* The domains after the search's root propagation (singleton arc
 * consistency included when asked for); FALSE when it finds the problem
 * has no solution. Searches that share the root can start from these. */
gboolean pw_csp_propagate        (const PwCsp        *csp,
                                  const PwCspSearch  *search,
                                  PwCspDomain        *domains);

/* Whether @values (one per variable) satisfies every constraint and
 * initial domain: the plain check tests and callers can trust. */
gboolean pw_csp_check            (const PwCsp        *csp,
                                  const guint8       *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwCsp, pw_csp_free)

G_END_DECLS
