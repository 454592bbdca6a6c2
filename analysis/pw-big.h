/* pw-big.h — large arrays read and written at random, on huge pages
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A zeroed array of @size bytes for random access (a hash table, a
 * reverse graph): on Linux, from 2 MiB up, mapped on its own, aligned to
 * 2 MiB, and its whole 2 MiB blocks marked for transparent huge pages.
 * With 4 KiB pages nearly every random access into tens of MiB also
 * misses the TLB, and filling the array takes a page fault every 4 KiB;
 * a huge page covers 512 of them. The rest, under 2 MiB, stays on small
 * pages, so no memory is added. NULL when there is no memory. */
gpointer pw_big_alloc0 (gsize size);

/* Frees what pw_big_alloc0 gave for the same @size (NULL: nothing). */
void     pw_big_free   (gpointer data,
                        gsize    size);

G_END_DECLS
