/* test-faults.c — a full disk, a read-only folder, a folder one may not
 * write: a clear message naming the file and the reason, the old file
 * intact, nothing left behind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real faults, not a seam in the code: /dev/full; a small tmpfs, filled,
 * then remounted read-only, in a mount namespace of our own (`unshare
 * -rm`, skipped where the kernel refuses it); a child run as nobody
 * (`setpriv`; CI runs as root, whom permission bits do not stop). The
 * level set is saved by crash-child's save-once (pw_document_save, the
 * editor's Save) and the CSV written by `puzzlewright export-csv`.
 */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "test-util.h"

static char *
bundled (const char *name)
{
  return g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", name, NULL);
}

static char *
child_path (void)
{
  return g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "crash-child", NULL);
}

static gboolean
same_file (const char *a,
           const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx, ny;

  return g_file_get_contents (a, &x, &nx, NULL) && g_file_get_contents (b, &y, &ny, NULL) &&
         nx == ny && memcmp (x, y, nx) == 0;
}

/* Runs @argv; its exit status, with standard error in *@err. */
static int
run (const char **argv,
     char       **err)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_SEARCH_PATH,
                NULL, NULL, NULL, err,
                &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s %s: status %d: %s", argv[0], argv[1], status, *err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The CSV export to a device that is always full fails, saying so, and
 * the device stays a device. As root the export runs as nobody when it
 * can, so that a writer that wrongly renamed a file over the target would
 * fail here instead of replacing /dev/full on the machine. */
static void
test_faults_dev_full (void)
{
  g_autofree char *set = bundled ("sample.json");
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");
  const char *as_nobody[] = { "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                              g_getenv ("PW_CLI"), "export-csv", "-q", set, "-o", "/dev/full",
                              NULL };
  const char *as_us[] = { g_getenv ("PW_CLI"), "export-csv", "-q", set, "-o", "/dev/full", NULL };
  g_autofree char *err = NULL;
  GStatBuf st;

  if (g_stat ("/dev/full", &st) != 0 || !S_ISCHR (st.st_mode))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  if (getuid () == 0 && (setpriv == NULL || !g_file_test (set, G_FILE_TEST_EXISTS) ||
                         g_access (set, R_OK) != 0))
    {
      g_test_skip ("as root, needs setpriv to write /dev/full as nobody");
      return;
    }
  g_assert_cmpint (run (getuid () == 0 ? as_nobody : as_us, &err), ==, 1);
  g_assert_nonnull (strstr (err, "/dev/full"));
  g_assert_nonnull (strstr (err, g_strerror (ENOSPC)));
  g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* What a pipe reads, on a thread. */
static gpointer
read_fifo (gpointer path)
{
  g_autofree char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, NULL);
  return g_steal_pointer (&contents);
}

/* A named pipe (like a device or a terminal) cannot be renamed over: the
 * CSV goes into it, and it stays a pipe. */
static void
test_faults_fifo (void)
{
  g_autofree char *work = test_make_temp_dir ();
  g_autofree char *fifo = g_build_filename (work, "out.csv", NULL);
  g_autofree char *set = bundled ("sample.json");
  const char *argv[] = { g_getenv ("PW_CLI"), "export-csv", "-q", set, "-o", fifo, NULL };
  g_autofree char *err = NULL;
  g_autofree char *csv = NULL;
  GThread *reader;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("fifo", read_fifo, fifo);
  g_assert_cmpint (run (argv, &err), ==, 0);
  csv = g_thread_join (reader);
  g_assert_nonnull (csv);
  g_assert_true (g_str_has_prefix (csv, "\"order\",\"id\","));
  g_assert_cmpint (g_stat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  test_remove_dir (work);
}

/* In a mount namespace: a 256 KiB tmpfs holding the old set, CSV, chart
 * and sheets, filled to the last byte; the editor's save, the CSV export,
 * the chart and the sheets fail there; then the same folder read-only.
 * The results are copied out before the namespace ends. */
static void
test_faults_full_and_read_only (void)
{
  g_autofree char *work = test_make_temp_dir ();
  g_autofree char *mnt = g_build_filename (work, "mnt", NULL);
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *old_set = bundled ("magic.json");
  g_autofree char *new_set = bundled ("sample.json");
  g_autofree char *old_csv = g_build_filename (work, "old.csv", NULL);
  g_autofree char *old_chart = g_build_filename (work, "old-chart.pdf", NULL);
  g_autofree char *old_sheet = g_build_filename (work, "old-sheet.pdf", NULL);
  g_autofree char *child = child_path ();
  g_autofree char *script = NULL;
  g_autofree char *err = NULL;
  g_autofree char *log = NULL;
  g_autofree char *listing = NULL;
  const char *probe[] = { "unshare", "-rm", "true", NULL };
  const char *argv[] = { "unshare", "-rm", "sh", "-c", NULL, NULL };
  const char *export_old[] = { g_getenv ("PW_CLI"), "export-csv", "-q", old_set, "-o", old_csv,
                               NULL };
  g_autofree char *probe_err = NULL;
  g_autofree char *unshare = g_find_program_in_path ("unshare");

  if (unshare == NULL || run (probe, &probe_err) != 0)
    {
      g_test_skip ("no mount namespace here (unshare -rm)");
      test_remove_dir (work);
      return;
    }
  g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  {
    g_autofree char *e = NULL;
    const char *chart_old[] = { g_getenv ("PW_CLI"), "chart", "--y", "difficulty", old_set, "-o",
                                old_chart, NULL };
    const char *render_old[] = { g_getenv ("PW_CLI"), "render", old_set, "-o", old_sheet, NULL };

    g_assert_cmpint (run (export_old, &e), ==, 0);
    g_clear_pointer (&e, g_free);
    g_assert_cmpint (run (chart_old, &e), ==, 0);
    g_clear_pointer (&e, g_free);
    g_assert_cmpint (run (render_old, &e), ==, 0);
  }

  /* each step's status and message go to out/log */
  script = g_strdup_printf (
    "M='%s'; O='%s'; exec 2>\"$O/log\"\n"
    "mount -t tmpfs -o size=256k tmpfs \"$M\" || exit 9\n"
    "cp '%s' \"$M/set.json\"; cp '%s' \"$M/figures.csv\"\n"
    "cp '%s' \"$M/chart.pdf\"; cp '%s' \"$M/sheet.pdf\"\n"
    "dd if=/dev/zero of=\"$M/filler\" bs=4k 2>/dev/null\n"
    "dd if=/dev/zero of=\"$M/filler2\" bs=1 2>/dev/null\n"
    "echo \"== save\" >&2; '%s' save-once \"$M/set.json\" '%s'; echo \"status $?\" >&2\n"
    "echo \"== export\" >&2; '%s' export-csv -q '%s' -o \"$M/figures.csv\";"
    " echo \"status $?\" >&2\n"
    "echo \"== chart\" >&2; '%s' chart --y difficulty '%s' -o \"$M/chart.pdf\"; echo \"status $?\" >&2\n"
    "echo \"== render\" >&2; '%s' render '%s' -o \"$M/sheet.pdf\"; echo \"status $?\" >&2\n"
    "ls -A \"$M\" > \"$O/full-listing\"\n"
    "cp \"$M/set.json\" \"$O/full-set.json\"; cp \"$M/figures.csv\" \"$O/full-figures.csv\"\n"
    "cp \"$M/chart.pdf\" \"$O/full-chart.pdf\"; cp \"$M/sheet.pdf\" \"$O/full-sheet.pdf\"\n"
    "rm \"$M/filler\" \"$M/filler2\"; mount -o remount,ro \"$M\" || exit 8\n"
    "echo \"== save-ro\" >&2; '%s' save-once \"$M/set.json\" '%s'; echo \"status $?\" >&2\n"
    "echo \"== export-ro\" >&2; '%s' export-csv -q '%s' -o \"$M/figures.csv\";"
    " echo \"status $?\" >&2\n"
    "echo \"== chart-ro\" >&2; '%s' chart --y difficulty '%s' -o \"$M/chart.pdf\"; echo \"status $?\" >&2\n"
    "echo \"== render-ro\" >&2; '%s' render '%s' -o \"$M/sheet.pdf\"; echo \"status $?\" >&2\n"
    "ls -A \"$M\" > \"$O/ro-listing\"\n"
    "cp \"$M/set.json\" \"$O/ro-set.json\"; cp \"$M/figures.csv\" \"$O/ro-figures.csv\"\n"
    "cp \"$M/chart.pdf\" \"$O/ro-chart.pdf\"; cp \"$M/sheet.pdf\" \"$O/ro-sheet.pdf\"\n",
    mnt, out, old_set, old_csv, old_chart, old_sheet, child, new_set, g_getenv ("PW_CLI"),
    new_set, g_getenv ("PW_CLI"), new_set, g_getenv ("PW_CLI"), new_set, child, new_set,
    g_getenv ("PW_CLI"), new_set, g_getenv ("PW_CLI"), new_set, g_getenv ("PW_CLI"), new_set);
  argv[4] = script;
  g_assert_cmpint (run (argv, &err), ==, 0);

  {
    g_autofree char *path = g_build_filename (out, "log", NULL);

    g_file_get_contents (path, &log, NULL, NULL);
    g_test_message ("%s", log);
  }
  for (guint pass = 0; pass < 2; pass++)
    {
      const char *tag = pass == 0 ? "full" : "ro";
      const char *reason = pass == 0 ? g_strerror (ENOSPC) : g_strerror (EROFS);
      g_autofree char *set_copy = g_strdup_printf ("%s/%s-set.json", out, tag);
      g_autofree char *csv_copy = g_strdup_printf ("%s/%s-figures.csv", out, tag);
      g_autofree char *chart_copy = g_strdup_printf ("%s/%s-chart.pdf", out, tag);
      g_autofree char *sheet_copy = g_strdup_printf ("%s/%s-sheet.pdf", out, tag);
      g_autofree char *listing_path = g_strdup_printf ("%s/%s-listing", out, tag);
      g_autofree char *save_says = g_strdup_printf ("== save%s\n%s/set.json: could not save: ",
                                                    pass ? "-ro" : "", mnt);
      g_autofree char *export_says = g_strdup_printf ("== export%s\npuzzlewright: %s/figures.csv: ",
                                                      pass ? "-ro" : "", mnt);
      const char *at;

      /* the old files are whole; nothing else was left */
      g_assert_true (same_file (set_copy, old_set));
      g_assert_true (same_file (csv_copy, old_csv));
      g_assert_true (same_file (chart_copy, old_chart));
      g_assert_true (same_file (sheet_copy, old_sheet));
      g_clear_pointer (&listing, g_free);
      g_file_get_contents (listing_path, &listing, NULL, NULL);
      g_assert_cmpstr (listing, ==,
                       pass == 0 ? "chart.pdf\nfigures.csv\nfiller\nfiller2\nset.json\nsheet.pdf\n"
                                 : "chart.pdf\nfigures.csv\nset.json\nsheet.pdf\n");
      /* each failure names the file and the reason, and fails the command */
      at = strstr (log, save_says);
      g_assert_nonnull (at);
      g_assert_nonnull (strstr (at, reason));
      g_assert_true (g_str_has_prefix (strstr (at, "status "), "status 1"));
      at = strstr (log, export_says);
      g_assert_nonnull (at);
      g_assert_nonnull (strstr (at, reason));
      g_assert_true (g_str_has_prefix (strstr (at, "status "), "status 1"));
      for (guint d = 0; d < 2; d++)
        {
          g_autofree char *says = g_strdup_printf ("== %s%s\n", d == 0 ? "chart" : "render",
                                                   pass ? "-ro" : "");
          g_autofree char *file = g_strdup_printf ("%s/%s.pdf", mnt, d == 0 ? "chart" : "sheet");

          at = strstr (log, says);
          g_assert_nonnull (at);
          at += strlen (says);
          g_assert_nonnull (strstr (at, file));
          g_assert_nonnull (strstr (at, reason));
          g_assert_true (g_str_has_prefix (strstr (at, "status "), "status 1"));
        }
    }
  test_remove_dir (work);
}

/* A folder the user may not write (root's, 0755), saved into as nobody:
 * refused with the folder and the reason; the old file untouched. */
static void
test_faults_not_allowed (void)
{
  g_autofree char *work = test_make_temp_dir ();
  g_autofree char *old_set = bundled ("magic.json");
  g_autofree char *new_set = bundled ("sample.json");
  g_autofree char *target = g_build_filename (work, "set.json", NULL);
  g_autofree char *child = child_path ();
  g_autofree char *copy = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *argv[] = { "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                         child, "save-once", target, new_set, NULL };
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");

  if (getuid () != 0 || setpriv == NULL)
    {
      g_test_skip ("needs root and setpriv to run a child as nobody");
      test_remove_dir (work);
      return;
    }
  g_file_get_contents (old_set, &copy, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (target, copy, length, &error);
  g_assert_no_error (error);
  /* nobody may read what it saves from, not write where it saves */
  g_assert_cmpint (g_chmod (work, 0755), ==, 0);
  g_assert_cmpint (g_chmod (target, 0644), ==, 0);
  {
    g_autofree char *parent = g_path_get_dirname (work);
    GStatBuf st;

    g_assert_cmpint (g_stat (parent, &st), ==, 0);
    if ((st.st_mode & 0001) == 0)
      {
        g_test_skip ("the temporary folder is closed to nobody");
        test_remove_dir (work);
        return;
      }
  }
  g_assert_cmpint (run (argv, &err), ==, 1);
  g_assert_nonnull (strstr (err, target));
  g_assert_nonnull (strstr (err, work));
  g_assert_nonnull (strstr (err, g_strerror (EACCES)));
  g_assert_true (same_file (target, old_set));
  test_remove_dir (work);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/faults/dev-full", test_faults_dev_full);
  g_test_add_func ("/io/faults/fifo", test_faults_fifo);
  g_test_add_func ("/io/faults/full-and-read-only", test_faults_full_and_read_only);
  g_test_add_func ("/io/faults/not-allowed", test_faults_not_allowed);
  return g_test_run ();
}
