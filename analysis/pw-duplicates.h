/* pw-duplicates.h — levels that are the same puzzle up to their kind's symmetries
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "pw-types.h"

G_BEGIN_DECLS

/* A text two levels share exactly when they are of one kind and the same
 * puzzle up to the kind's symmetries (PwKind.canonical_form; a kind
 * without one, or a kind this build does not know, by its payload). */
char      *pw_level_canonical_form (PwLevel   *level);
/* The same for @kind's level @data, without the kind: the text two levels
 * of @kind share exactly when they are the same puzzle. */
char      *pw_kind_canonical_form  (const PwKind  *kind,
                                    gconstpointer  data);

/* The groups of levels of @levels (PwLevel *) that are the same puzzle:
 * a GPtrArray per group of two or more, its levels in the order of
 * @levels, the groups in the order of their first level. */
GPtrArray *pw_find_duplicates      (GPtrArray *levels);

G_END_DECLS
