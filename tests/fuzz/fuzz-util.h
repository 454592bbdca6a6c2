/* fuzz-util.h — what the fuzz targets that read files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

/* Writes @size bytes of @data as the whole of the file @path, in place
 * and without fsync (thousands of inputs a second to a throwaway file).
 * Not g_file_set_contents_full (…, G_FILE_SET_CONTENTS_NONE, …): GLib
 * 2.74 writes over the old file without truncating it, so an input
 * shorter than the one before kept the other's tail. */
static inline void
fuzz_write_file (const char   *path,
                 const guint8 *data,
                 size_t        size)
{
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

  if (fd < 0)
    g_error ("cannot write %s: %s", path, g_strerror (errno));
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        g_error ("cannot write %s: %s", path, g_strerror (errno));
      data += n;
      size -= n;
    }
  if (close (fd) != 0)
    g_error ("cannot write %s: %s", path, g_strerror (errno));
}
