/* pw-big.c — large arrays read and written at random, on huge pages
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/mman.h>
#include <unistd.h>

#include "pw-big.h"

#define HUGE_PAGE ((gsize) 2 << 20)

static gboolean
is_mapped (gsize size)
{
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  return size >= HUGE_PAGE;
#else
  (void) size;
  return FALSE;
#endif
}

#if defined (__linux__) && defined (MADV_HUGEPAGE)
static gsize
mapped_length (gsize size)
{
  gsize page = sysconf (_SC_PAGESIZE);

  return (size + page - 1) / page * page;
}
#endif

gpointer
pw_big_alloc0 (gsize size)
{
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  if (is_mapped (size))
    {
      gsize length = mapped_length (size);
      guint8 *base = mmap (NULL, length + HUGE_PAGE, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      guint8 *aligned;

      if (base == MAP_FAILED)
        return NULL;
      aligned = (guint8 *) (((guintptr) base + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
      /* the unaligned ends go back */
      if (aligned > base)
        munmap (base, aligned - base);
      munmap (aligned + length, base + HUGE_PAGE - aligned);
      madvise (aligned, size & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
      return aligned;
    }
#endif
  return g_try_malloc0 (size);
}

void
pw_big_free (gpointer data,
             gsize    size)
{
  if (data == NULL)
    return;
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  if (is_mapped (size))
    {
      munmap (data, mapped_length (size));
      return;
    }
#endif
  g_free (data);
}
