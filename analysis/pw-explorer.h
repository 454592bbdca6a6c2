/* pw-explorer.h — one breadth-first state-space explorer for every kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A kind describes its states as fixed-size byte keys (canonical: equal
 * positions give equal keys) and supplies an expand callback; the explorer
 * stores every reachable state once, in breadth-first order, with its
 * successor by each move, and derives the figures every kind shares:
 * distances to a win, dead ends, shortest-solution counts, searches.
 *
 * Memory per state: the key, 4 bytes per move, 1 flag byte, a won bit and,
 * while exploring, about 11 bytes of hash table and a 4-byte count of the
 * edges into the state (for the distances pass). Storage is chunked, so
 * growing never copies what is already stored.
 */

#pragma once

#include <gio/gio.h>

#include "pw-deadline.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_NO_STATE        G_MAXUINT32
#define PW_EXPLORER_MAX_MOVES 8

typedef struct
{
  guint key_size;  /* bytes, a multiple of 8 */
  guint n_moves;   /* 1..PW_EXPLORER_MAX_MOVES */

  /* Writes the successor by move m to succ + m * key_size. Sets bit m of
   * *changed when move m changes the state, and bit m of *flagged when the
   * move has the kind's special property (slide: it breaks the combo). Never
   * called on a won state. */
  void     (*expand) (gconstpointer  ctx,
                      const guint8  *key,
                      guint8        *succ,
                      guint         *changed,
                      guint         *flagged);
  gboolean (*is_won) (gconstpointer  ctx,
                      const guint8  *key);
} PwExplorerFuncs;

typedef struct _PwStateGraph PwStateGraph;

/* Explores from @start. Stops, marking the graph partial, when @max_states
 * states are stored, when more would not fit in @max_bytes (0: four fifths
 * of the memory the system has available, so that an analysis stops with a
 * partial result rather than being killed), when memory runs out or when
 * @deadline (NULL: none) runs out; returns NULL with G_IO_ERROR_CANCELLED
 * when cancelled. */
PwStateGraph  *pw_state_graph_explore        (const PwExplorerFuncs *funcs,
                                              gconstpointer          ctx,
                                              const guint8          *start,
                                              guint64                max_states,
                                              guint64                max_bytes,
                                              PwProgressFunc         progress,
                                              gpointer               progress_data,
                                              GCancellable          *cancellable,
                                              PwDeadline            *deadline,
                                              GError               **error);
void           pw_state_graph_free           (PwStateGraph          *graph);

gboolean       pw_state_graph_is_complete    (const PwStateGraph    *graph);
const char    *pw_state_graph_get_partial_reason (const PwStateGraph *graph);
guint32        pw_state_graph_get_n_states   (const PwStateGraph    *graph);
guint32        pw_state_graph_get_n_won      (const PwStateGraph    *graph);
guint          pw_state_graph_get_n_moves    (const PwStateGraph    *graph);
guint          pw_state_graph_get_key_size   (const PwStateGraph    *graph);
const guint8  *pw_state_graph_get_key        (const PwStateGraph    *graph,
                                              guint32                state);
gboolean       pw_state_graph_is_won         (const PwStateGraph    *graph,
                                              guint32                state);
/* PW_NO_STATE when the move changes nothing (or was not explored). */
guint32        pw_state_graph_get_successor  (const PwStateGraph    *graph,
                                              guint32                state,
                                              guint                  move);
gboolean       pw_state_graph_is_flagged     (const PwStateGraph    *graph,
                                              guint32                state,
                                              guint                  move);
/* Depth (moves from the start) of @state. */
guint          pw_state_graph_get_depth      (const PwStateGraph    *graph,
                                              guint32                state);
/* PW_NO_STATE when absent; builds a lookup table on first use. */
guint32        pw_state_graph_lookup         (PwStateGraph          *graph,
                                              const guint8          *key);

/* Everything below needs a complete graph. */

/* Fewest moves from each state to a won state (PW_NO_STATE: dead end). */
gboolean       pw_state_graph_solve          (PwStateGraph          *graph,
                                              GCancellable          *cancellable,
                                              GError               **error);
/* After solve: PW_NO_STATE when no win can be reached from @state. */
guint32        pw_state_graph_get_distance   (const PwStateGraph    *graph,
                                              guint32                state);
/* Number of distinct move sequences of the fewest moves that win from the
 * start (saturates at G_MAXUINT64), or 0 when unwinnable. */
guint64        pw_state_graph_count_shortest (const PwStateGraph    *graph);
/* Fewest moves to a won state using only unflagged moves, or -1. */
gint64         pw_state_graph_unflagged_par  (const PwStateGraph    *graph,
                                              GCancellable          *cancellable,
                                              GError               **error);
/* Runs @n_searches depth-first searches from the start, search r trying the
 * moves at each state in orders drawn from a GRand seeded with seeds[r], and
 * sets expanded[r] to the number of states it expanded before it first
 * reached a won state (all it could reach when there is none). Each result
 * depends only on the graph and its seed. */
gboolean       pw_state_graph_random_searches (const PwStateGraph   *graph,
                                               const guint32        *seeds,
                                               guint                 n_searches,
                                               guint64              *expanded,
                                               GCancellable         *cancellable,
                                               GError              **error);
/* Mean number of moves that change the state, over non-won states. */
double         pw_state_graph_branching      (const PwStateGraph    *graph);
/* Bytes the graph holds now, and the most it held at once. */
gsize          pw_state_graph_get_bytes      (const PwStateGraph    *graph);
gsize          pw_state_graph_get_peak_bytes (const PwStateGraph    *graph);

G_END_DECLS
