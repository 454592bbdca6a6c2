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

struct _PwFileWriter
{
  char    *path;       /* the target, through symbolic links */
  char    *dir;
  char    *temp;       /* the temporary; NULL when writing through */
  int      fd;
  gboolean exists;     /* the target existed: a backup can be kept */
  GString *pending;    /* bytes not yet written */
};

#define WRITER_BLOCK (64 * 1024)

static void
writer_free (PwFileWriter *writer)
{
  if (writer->fd >= 0)
    close (writer->fd);
  if (writer->temp != NULL)
    g_unlink (writer->temp);
  g_free (writer->path);
  g_free (writer->dir);
  g_free (writer->temp);
  g_string_free (writer->pending, TRUE);
  g_free (writer);
}

PwFileWriter *
pw_file_writer_open (GFile   *file,
                     GError **error)
{
  g_autofree char *given = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp_name = NULL;
  PwFileWriter *writer;
  GStatBuf st;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  given = g_file_get_path (file);
  if (given == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("only files with a local path can be written"));
      return NULL;
    }
  writer = g_new0 (PwFileWriter, 1);
  writer->fd = -1;
  writer->pending = g_string_sized_new (WRITER_BLOCK);
  /* through a symbolic link: replace the file it points to, keep the link */
  writer->path = g_file_test (given, G_FILE_TEST_IS_SYMLINK) ? realpath (given, NULL) : NULL;
  if (writer->path == NULL)
    writer->path = g_steal_pointer (&given);
  writer->dir = g_path_get_dirname (writer->path);

  writer->exists = g_stat (writer->path, &st) == 0;
  if (writer->exists && S_ISDIR (st.st_mode))
    {
      io_error (error, EISDIR, _("cannot write over a folder"));
      writer_free (writer);
      return NULL;
    }
  if (writer->exists && !S_ISREG (st.st_mode))
    {
      /* a device, a pipe or a terminal cannot be renamed over: write into it */
      writer->fd = g_open (writer->path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0);
      if (writer->fd < 0)
        {
          io_error (error, errno, _("could not open"));
          writer_free (writer);
          return NULL;
        }
      writer->exists = FALSE;
      return writer;
    }

  base = g_path_get_basename (writer->path);
  clean (writer->dir, base);
  temp_name = g_strdup_printf (".%s" TEMP_MARK "%ld-XXXXXX", base, (long) getpid ());
  writer->temp = g_build_filename (writer->dir, temp_name, NULL);
  writer->fd = g_mkstemp_full (writer->temp, O_RDWR | O_CLOEXEC, 0666);
  if (writer->fd < 0)
    {
      io_error (error, errno, _("could not create a file in the folder %s"), writer->dir);
      g_clear_pointer (&writer->temp, g_free);
      writer_free (writer);
      return NULL;
    }
  /* the lock says "being written" to a cleaner in another process */
  flock (writer->fd, LOCK_EX | LOCK_NB);
  if (writer->exists)
    {
      /* the new file keeps the old one's permissions and, if allowed, owner */
      if (fchmod (writer->fd, st.st_mode & 07777) != 0)
        {
          io_error (error, errno, _("could not set the permissions"));
          writer_free (writer);
          return NULL;
        }
      if (fchown (writer->fd, st.st_uid, st.st_gid) != 0)
        g_debug ("%s: the owner stays the writer's: %s", writer->path, g_strerror (errno));
    }
  return writer;
}

gboolean
pw_file_writer_write (PwFileWriter  *writer,
                      const char    *data,
                      gsize          length,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_return_val_if_fail (writer != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (writer->pending->len + length < WRITER_BLOCK)
    {
      g_string_append_len (writer->pending, data, length);
      return TRUE;
    }
  if (!write_all (writer->fd, writer->pending->str, writer->pending->len, cancellable, error))
    return FALSE;
  g_string_truncate (writer->pending, 0);
  if (length >= WRITER_BLOCK)
    return write_all (writer->fd, data, length, cancellable, error);
  g_string_append_len (writer->pending, data, length);
  return TRUE;
}

gboolean
pw_file_writer_commit (PwFileWriter  *writer,
                       gboolean       backup,
                       GCancellable  *cancellable,
                       GError       **error)
{
  gboolean ok;
  int fd;

  g_return_val_if_fail (writer != NULL, FALSE);

  ok = write_all (writer->fd, writer->pending->str, writer->pending->len, cancellable, error);
  if (ok && writer->temp != NULL && fsync (writer->fd) != 0)
    ok = io_error (error, errno, _("could not write"));
  fd = writer->fd;
  writer->fd = -1;
  if (close (fd) != 0 && ok)
    ok = io_error (error, errno, _("could not write"));
  if (ok && writer->temp != NULL)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (backup && writer->exists && !keep_backup (writer->path, error))
        ok = FALSE;
      else if (g_rename (writer->temp, writer->path) != 0)
        ok = io_error (error, errno, _("could not replace the file"));
      else
        {
          g_clear_pointer (&writer->temp, g_free);
          sync_folder (writer->dir);
        }
    }
  writer_free (writer);
  return ok;
}

void
pw_file_writer_abort (PwFileWriter *writer)
{
  if (writer != NULL)
    writer_free (writer);
}

gboolean
pw_file_replace_atomic (GFile         *file,
                        const char    *data,
                        gsize          length,
                        gboolean       backup,
                        GCancellable  *cancellable,
                        GError       **error)
{
  PwFileWriter *writer;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_file_is_native (file))
    return g_file_replace_contents (file, data, length, NULL, backup, G_FILE_CREATE_NONE, NULL,
                                    cancellable, error);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  writer = pw_file_writer_open (file, error);
  if (writer == NULL)
    return FALSE;
  if (!pw_file_writer_write (writer, data, length, cancellable, error))
    {
      pw_file_writer_abort (writer);
      return FALSE;
    }
  return pw_file_writer_commit (writer, backup, cancellable, error);
}
