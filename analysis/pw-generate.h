/* pw-generate.h — a kind's generator, every level a different puzzle
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "pw-kind.h"

G_BEGIN_DECLS

/* Repeats in a row after which a generator is taken to have made every
 * puzzle it can with its parameters */
#define PW_GENERATE_MAX_REPEATS 1000

/* Runs @kind's generator (PwKind.generate, the same arguments) and passes
 * on to @found only the levels that are not the same puzzle as one it
 * passed on before (pw-duplicates.h: the level turned, mirrored or
 * relabelled); @progress is told how many it passed on. Those left out
 * are freed. After PW_GENERATE_MAX_REPEATS repeats in a row it stops with
 * PW_KIND_ERROR_USED_UP, the levels passed on standing. Memory: 11 to 21
 * bytes a level passed on (an 8-byte digest of its form). */
gboolean pw_generate (const PwKind       *kind,
                      GHashTable         *params,
                      guint64             seed,
                      guint64             max_bytes,
                      PwGenerateFound     found,
                      PwGenerateProgress  progress,
                      gpointer            user_data,
                      GCancellable       *cancellable,
                      GError            **error);

G_END_DECLS
