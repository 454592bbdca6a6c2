/* pw-file.c — writing files so that a crash, a kill or a full disk never
 * leaves a half-written one
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A save writes ".NAME.pw-PID-XXXXXX" beside NAME, holds an flock on it
 * while writing, syncs it and renames it over NAME: whatever moment the
 * process dies at, NAME is the old or the new file. A temporary left by a
 * process that died is recognised by its name (the PID no longer runs and
 * nobody holds its lock) and removed the next time NAME is saved or
 * opened, or when the recovery folder is listed.
 */

#define G_LOG_DOMAIN "pw-file"

#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pw-file.h"

#define TEMP_MARK ".pw-"

/* Sets a G_IO_ERROR for @saved_errno: what failed (@format), a colon and
 * the reason. */
static gboolean G_GNUC_PRINTF (3, 4)
io_error (GError     **error,
          int          saved_errno,
          const char  *format,
          ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", what,
               g_strerror (saved_errno));
  return FALSE;
}

/* Splits a temporary's name ".NAME.pw-PID-XXXXXX" into NAME and PID. */
static gboolean
parse_temporary (const char  *basename,
                 char       **name,
                 long        *pid)
{
  const char *mark;
  const char *p;
  char *end;
  long value;

  if (basename[0] != '.')
    return FALSE;
  mark = g_strrstr (basename, TEMP_MARK);
  if (mark == NULL || mark == basename)
    return FALSE;
  p = mark + strlen (TEMP_MARK);
  if (!g_ascii_isdigit (*p))
    return FALSE;
  errno = 0;
  value = strtol (p, &end, 10);
  if (errno != 0 || value <= 0 || *end != '-' || strlen (end + 1) != 6)
    return FALSE;
  for (const char *c = end + 1; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  if (name != NULL)
    *name = g_strndup (basename + 1, mark - basename - 1);
  if (pid != NULL)
    *pid = value;
  return TRUE;
}

gboolean
pw_file_is_temporary_name (const char *basename)
{
  g_return_val_if_fail (basename != NULL, FALSE);

  return parse_temporary (basename, NULL, NULL);
}

/* A temporary is stale when the process that wrote it is gone and no one
 * holds its lock (a PID reused after a reboot still leaves the lock free,
 * but then the process is alive: such a file stays, which is safe). */
static gboolean
is_stale (const char *path,
          long        pid)
{
  int fd;
  gboolean locked;

  if (pid == (long) getpid ())
    return FALSE;
  if (kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
    return FALSE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW, 0);
  if (fd < 0)
    return FALSE;
  locked = flock (fd, LOCK_EX | LOCK_NB) != 0;
  close (fd);
  return !locked;
}

static guint
clean (const char *dir,
       const char *only_name)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;
  guint removed = 0;

  while (listing != NULL && (entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;
      long pid;

      if (!parse_temporary (entry, &name, &pid) ||
          (only_name != NULL && strcmp (name, only_name) != 0))
        continue;
      path = g_build_filename (dir, entry, NULL);
      if (is_stale (path, pid) && g_unlink (path) == 0)
        removed++;
    }
  return removed;
}

guint
pw_file_clean_temporaries (GFile *file)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;

  g_return_val_if_fail (G_IS_FILE (file), 0);

  path = g_file_get_path (file);
  if (path == NULL)
    return 0;
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  return clean (dir, base);
}

guint
pw_file_clean_folder (const char *dir)
{
  g_return_val_if_fail (dir != NULL, 0);

  return clean (dir, NULL);
}

static gboolean
write_all (int            fd,
           const char    *data,
           gsize          length,
           GCancellable  *cancellable,
           GError       **error)
{
  while (length > 0)
    {
      gssize n = write (fd, data, MIN (length, 1 << 20));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return io_error (error, errno, _("could not write"));
      data += n;
      length -= n;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  return TRUE;
}

/* A device, a pipe or a terminal cannot be renamed over: write into it. */
static gboolean
write_through (const char    *path,
               const char    *data,
               gsize          length,
               GCancellable  *cancellable,
               GError       **error)
{
  int fd = g_open (path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0);

  if (fd < 0)
    return io_error (error, errno, _("could not open"));
  if (!write_all (fd, data, length, cancellable, error))
    {
      close (fd);
      return FALSE;
    }
  if (close (fd) != 0)
    return io_error (error, errno, _("could not write"));
  return TRUE;
}

static void
sync_folder (const char *dir)
{
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  /* some file systems cannot sync a folder; the rename is done anyway */
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

static gboolean
keep_backup (const char  *path,
             GError     **error)
{
  g_autofree char *backup = g_strconcat (path, "~", NULL);

  if (g_unlink (backup) != 0 && errno != ENOENT)
    return io_error (error, errno, _("could not replace the backup %s"), backup);
  if (link (path, backup) == 0)
    return TRUE;
  /* no hard links here (some network and FAT file systems): a copy */
  {
    g_autoptr(GFile) from = g_file_new_for_path (path);
    g_autoptr(GFile) to = g_file_new_for_path (backup);
    g_autoptr(GError) local_error = NULL;

    if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &local_error))
      {
        g_set_error (error, local_error->domain, local_error->code,
                     _("could not keep the backup %s: %s"), backup, local_error->message);
        return FALSE;
      }
  }
  return TRUE;
}

gboolean
pw_file_replace_atomic (GFile         *file,
                        const char    *data,
                        gsize          length,
                        gboolean       backup,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autofree char *given = NULL;
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp_name = NULL;
  g_autofree char *temp = NULL;
  GStatBuf st;
  gboolean exists;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  given = g_file_get_path (file);
  if (given == NULL)
    return g_file_replace_contents (file, data, length, NULL, backup, G_FILE_CREATE_NONE, NULL,
                                    cancellable, error);

  /* through a symbolic link: replace the file it points to, keep the link */
  path = g_file_test (given, G_FILE_TEST_IS_SYMLINK) ? realpath (given, NULL) : NULL;
  if (path == NULL)
    path = g_steal_pointer (&given);

  exists = g_stat (path, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return io_error (error, EISDIR, _("cannot write over a folder"));
  if (exists && !S_ISREG (st.st_mode))
    return write_through (path, data, length, cancellable, error);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  clean (dir, base);

  temp_name = g_strdup_printf (".%s" TEMP_MARK "%ld-XXXXXX", base, (long) getpid ());
  temp = g_build_filename (dir, temp_name, NULL);
  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    return io_error (error, errno, _("could not create a file in the folder %s"), dir);
  /* the lock says "being written" to a cleaner in another process */
  flock (fd, LOCK_EX | LOCK_NB);

  if (exists)
    {
      /* the new file keeps the old one's permissions and, if allowed, owner */
      if (fchmod (fd, st.st_mode & 07777) != 0)
        {
          io_error (error, errno, _("could not set the permissions"));
          goto fail;
        }
      if (fchown (fd, st.st_uid, st.st_gid) != 0)
        g_debug ("%s: the owner stays the writer's: %s", path, g_strerror (errno));
    }
  if (!write_all (fd, data, length, cancellable, error))
    goto fail;
  if (fsync (fd) != 0)
    {
      io_error (error, errno, _("could not write"));
      goto fail;
    }
  if (close (fd) != 0)
    {
      fd = -1;
      io_error (error, errno, _("could not write"));
      goto fail;
    }
  fd = -1;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;
  if (backup && exists && !keep_backup (path, error))
    goto fail;
  if (g_rename (temp, path) != 0)
    {
      io_error (error, errno, _("could not replace the file"));
      goto fail;
    }
  sync_folder (dir);
  return TRUE;

fail:
  if (fd >= 0)
    close (fd);
  g_unlink (temp);
  return FALSE;
}
