/* pw-deadline.h — a wall-clock budget that searches check with their cancellable
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The time budget of one analysis (`--max-seconds`), shared by every search
 * it runs, on any thread. A search reads it where it looks at its
 * cancellable and, once it has run out, stops as it does when its node or
 * state budget runs out: the figures found so far stay, marked partial.
 * @passed records that some search stopped for it, so that the analysis
 * can say why it is partial. */
typedef struct
{
  gint64 at;      /* g_get_monotonic_time () when it runs out */
  gint   passed;  /* atomic: a search has stopped for it */
} PwDeadline;

/* Sets @deadline to run out @seconds from now. */
void pw_deadline_init (PwDeadline *deadline,
                       double      seconds);

/* Whether @deadline (NULL: none) has run out; when it has, records it. */
static inline gboolean
pw_deadline_passed (PwDeadline *deadline)
{
  if (deadline == NULL)
    return FALSE;
  if (g_atomic_int_get (&deadline->passed))
    return TRUE;
  if (g_get_monotonic_time () < deadline->at)
    return FALSE;
  g_atomic_int_set (&deadline->passed, 1);
  return TRUE;
}

G_END_DECLS
