/* freecell-check.h — what play on the card table works out on worker
 * threads
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "freecell-private.h"
#include "freecell-view.h"

G_BEGIN_DECLS

#define PW_FC_N_SOURCES  PW_FC_FOUNDATION        /* places a card can leave */
#define PW_FC_N_PLACES   (PW_FC_FOUNDATION + 1)  /* places a card can go */

/* Whether the cards of cascade @c from @index up make a run. */
gboolean pw_fc_is_run       (const PwFcPosition *position,
                             int                 c,
                             int                 index);
/* The atomic moves that carry the card at @index of @from (and all above
 * it) to @to, the way a click does, appended to @out; FALSE, appending
 * nothing, when no legal move does it. */
gboolean pw_fc_resolve_move (const PwFcPosition *position,
                             int                 from,
                             int                 index,
                             int                 to,
                             GArray             *out);
/* Applies @moves from @first on. */
void     pw_fc_apply_moves  (PwFcPosition       *position,
                             GArray             *moves,
                             guint               first);

/* A check's question (the position, the suit swaps to its class, whether
 * automatic moves follow a move, whether the position is known dead) and
 * its answers: the position's verdict and solution, then each move's mark
 * and moves left. */
typedef struct
{
  PwFcPosition position;
  int          swaps;
  gboolean     auto_moves;
  gboolean     dead;
  PwFcVerdict  verdict;
  guint64      states;
  GArray      *solution;
  PwFcMark     marks[PW_FC_N_SOURCES][PW_FC_N_PLACES];
  int          moves_left[PW_FC_N_SOURCES][PW_FC_N_PLACES];
} PwFcCheck;

void     pw_fc_check_free   (gpointer            check);
/* GTaskThreadFuncs: the position's verdict, then every move's; the task
 * data is the PwFcCheck, the result a boolean. */
void     pw_fc_check_position_thread (GTask        *task,
                                      gpointer      source,
                                      gpointer      data,
                                      GCancellable *cancellable);
void     pw_fc_check_moves_thread    (GTask        *task,
                                      gpointer      source,
                                      gpointer      data,
                                      GCancellable *cancellable);

G_END_DECLS
