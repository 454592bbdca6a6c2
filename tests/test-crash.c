/* test-crash.c — kill -9 while saving, exporting and autosaving
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A child process (crash-child) writes a file in a loop, alternating two
 * versions, and is killed with SIGKILL at a random moment, many times.
 * After every kill the target must be byte for byte the old or the new
 * version and load, and the next start (opening the file, the next export,
 * listing the recovery folder) must leave no temporary behind. The kill
 * moments are drawn from CRASH_SEED (printed; set it to replay a run) over
 * three times the time one write takes here, measured first, so that most
 * kills land inside a write; the test checks that some did.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "puzzlewright.h"
#include "test-util.h"

typedef struct
{
  char       *dir;        /* where the target is written */
  char       *refs;       /* the two versions, outside @dir */
  char       *target;
  char       *version[2];
  gsize       length[2];
  char       *version_path[2];
  PwLevelSet *sets[2];    /* the versions' sets, for kill-save */
  GRand      *rand;
} Fixture;

static guint32
crash_seed (void)
{
  const char *env = g_getenv ("CRASH_SEED");
  static guint32 seed;

  if (seed == 0)
    seed = env != NULL ? (guint32) g_ascii_strtoull (env, NULL, 10) : (guint32) g_get_real_time ();
  return seed;
}

/* Under the sanitizers (PW_TEST_INSTANCE_DIVISOR, test-util.h) a kill
 * loop may stop after a part of its kills, but only once this many landed
 * inside a write and each version was left (else it goes on to all of
 * them): what it proves stays proven. */
#define ENOUGH_MID_WRITE 5

/* CRASH_KILLS=N multiplies the kills by N/100 (a longer run by hand) */
static guint
n_kills (guint usual)
{
  const char *env = g_getenv ("CRASH_KILLS");

  return env == NULL ? usual : MAX (1, usual * g_ascii_strtoull (env, NULL, 10) / 100);
}

static char *
source_path (const char *name)
{
  return g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", name, NULL);
}

static char *
child_path (void)
{
  return g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "crash-child", NULL);
}

/* The two versions: a bundled set, and the same with its levels @copies
 * times over and another title (bigger, so that a write takes a while). */
static void
make_sets (Fixture    *f,
           guint       copies,
           PwLevelSet *sets[2])
{
  g_autofree char *sample = source_path ("sample.json");
  g_autoptr(GFile) file = g_file_new_for_path (sample);
  g_autoptr(GError) error = NULL;

  sets[0] = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  sets[1] = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  pw_level_set_set_title (sets[1], "The second version");
  for (guint copy = 1; copy < copies; copy++)
    for (guint i = 0; i < pw_level_set_get_n_levels (sets[0]); i++)
      {
        g_autoptr(PwLevel) level = pw_level_copy (pw_level_set_get_level (sets[0], i));

        pw_level_set_append (sets[1], level);
      }
}

/* The kills test what a process leaves when it dies, not what a disk
 * keeps through a power cut: the target's folder is in memory when it
 * can be (/dev/shm), where a sync costs nothing, so that hundreds of
 * kills take seconds on a loaded machine, not a minute. */
static char *
make_target_dir (void)
{
  char *dir;

  if (!g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) ||
      (dir = g_mkdtemp (g_strdup ("/dev/shm/pw-crash-XXXXXX"))) == NULL)
    return test_make_temp_dir ();
  return dir;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = make_target_dir ();
  f->refs = test_make_temp_dir ();
  f->rand = g_rand_new_with_seed (crash_seed ());
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  test_remove_dir (f->dir);
  test_remove_dir (f->refs);
  for (guint k = 0; k < 2; k++)
    {
      g_free (f->version[k]);
      g_free (f->version_path[k]);
      g_clear_pointer (&f->sets[k], pw_level_set_unref);
    }
  g_free (f->dir);
  g_free (f->refs);
  g_free (f->target);
  g_rand_free (f->rand);
}

static void
keep_version (Fixture    *f,
              guint       k,
              const char *name,
              char       *bytes,
              gsize       length)
{
  g_autoptr(GError) error = NULL;

  f->version[k] = bytes;
  f->length[k] = length;
  f->version_path[k] = g_build_filename (f->refs, name, NULL);
  g_file_set_contents (f->version_path[k], bytes, length, &error);
  g_assert_no_error (error);
}

/* -1 unless @path holds exactly one of the versions */
static int
which_version (Fixture    *f,
               const char *path)
{
  g_autofree char *bytes = NULL;
  gsize length;

  if (!g_file_get_contents (path, &bytes, &length, NULL))
    return -1;
  for (guint k = 0; k < 2; k++)
    if (length == f->length[k] && memcmp (bytes, f->version[k], length) == 0)
      return k;
  return -1;
}

/* The names in @dir other than @allowed (NULL-terminated). */
static GPtrArray *
other_files (const char  *dir,
             const char **allowed)
{
  GPtrArray *others = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (allowed == NULL || !g_strv_contains (allowed, name))
      g_ptr_array_add (others, g_strdup (name));
  return others;
}

static guint
count_temporaries (const char *dir)
{
  g_autoptr(GPtrArray) names = other_files (dir, NULL);
  guint n = 0;

  for (guint i = 0; i < names->len; i++)
    n += pw_file_is_temporary_name (g_ptr_array_index (names, i));
  return n;
}

/* Starts @argv, waits for its "ready" line (its first write is done),
 * lets it run @delay_us more and kills it with SIGKILL. */
static void
run_and_kill (char   **argv,
              gulong   delay_us)
{
  g_autoptr(GError) error = NULL;
  GPid pid;
  int out;
  char line[16];
  gsize got = 0;
  int status;

  g_spawn_async_with_pipes (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                            NULL, &out, NULL, &error);
  g_assert_no_error (error);
  while (got < 6)
    {
      gssize n = read (out, line + got, 6 - got);

      if (n < 0 && errno == EINTR)
        continue;
      /* the child stopped before its first write: it said why on stderr */
      g_assert_cmpint (n, >, 0);
      got += n;
    }
  g_assert_cmpmem (line, 6, "ready\n", 6);
  g_usleep (delay_us);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  close (out);
  g_spawn_close_pid (pid);
  /* killed, not failed */
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
}

/* Microseconds one call of @write takes here, on average over 20. */
static gulong
time_writes (Fixture *f,
             void   (*write) (Fixture *f, guint k))
{
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < 20; i++)
    write (f, i % 2);
  return MAX ((g_get_monotonic_time () - start) / 20, 1);
}

typedef struct
{
  guint  outcome[2];    /* kills after which the target was each version */
  guint  mid_write;     /* kills that left a temporary */
} Tally;

/* Whether the kills so far left each version and landed inside enough
 * writes to stop (under the sanitizers: ENOUGH_MID_WRITE). */
static gboolean
proven (const Tally *tally)
{
  return tally->mid_write >= ENOUGH_MID_WRITE && tally->outcome[0] > 0 && tally->outcome[1] > 0;
}

static void
report (const char *what,
        Tally      *tally,
        guint       kills,
        gulong      write_us)
{
  g_test_message ("%s: %u kills (seed %u), one write %lu us: old/new %u/%u, "
                  "%u inside a write (a temporary left)",
                  what, kills, crash_seed (), write_us, tally->outcome[0], tally->outcome[1],
                  tally->mid_write);
  /* the kills landed inside writes, else nothing was proven */
  g_assert_cmpuint (tally->mid_write, >, 0);
  g_assert_cmpuint (tally->outcome[0], >, 0);
  g_assert_cmpuint (tally->outcome[1], >, 0);
}

static void
save_version (Fixture *f,
              guint    k)
{
  g_autoptr(GFile) target = g_file_new_for_path (f->target);
  g_autoptr(GError) error = NULL;

  pw_level_set_save (f->sets[k], target, NULL, &error);
  g_assert_no_error (error);
}

/* The editor's Save (pw_level_set_save, which keeps NAME~) killed 200
 * times: NAME and NAME~ are each one of the versions; opening NAME (the
 * next start) removes the dead process's temporary. */
static void
test_kill_save (Fixture       *f,
                gconstpointer  data)
{
  PwLevelSet *sets[2];
  g_autofree char *child = child_path ();
  g_autofree char *backup = NULL;
  const guint kills = n_kills (200);
  const guint enough = test_instances (kills, 20);
  Tally tally = { { 0 } };
  gulong write_us;
  guint i;

  make_sets (f, 10, sets);
  for (guint k = 0; k < 2; k++)
    {
      gsize length;
      char *bytes = pw_level_set_to_data (sets[k], &length);

      keep_version (f, k, k ? "new.json" : "old.json", bytes, length);
      f->sets[k] = sets[k];
    }
  f->target = g_build_filename (f->dir, "set.json", NULL);
  backup = g_strconcat (f->target, "~", NULL);
  write_us = time_writes (f, save_version);

  for (i = 0; i < kills && (i < enough || !proven (&tally)); i++)
    {
      char *argv[] = { child, "save", f->target, f->version_path[0], f->version_path[1], NULL };
      g_autofree char *base = g_path_get_basename (f->target);
      g_autofree char *backup_base = g_path_get_basename (backup);
      const char *allowed[] = { base, backup_base, NULL };
      g_autoptr(GPtrArray) others = NULL;
      g_autoptr(GFile) file = g_file_new_for_path (f->target);
      g_autoptr(PwDocument) document = NULL;
      g_autoptr(GError) error = NULL;
      int k;

      run_and_kill (argv, g_rand_int_range (f->rand, 0, 3 * write_us + 1));
      k = which_version (f, f->target);
      g_assert_cmpint (k, >=, 0);
      tally.outcome[k]++;
      /* the backup, when there is one, is a whole version too */
      g_assert_true (!g_file_test (backup, G_FILE_TEST_EXISTS) || which_version (f, backup) >= 0);
      tally.mid_write += count_temporaries (f->dir) > 0;

      /* the next start: the editor opens the file */
      document = pw_document_load (file, NULL, &error);
      g_assert_no_error (error);
      others = other_files (f->dir, allowed);
      if (others->len > 0)
        g_error ("left after the next start: %s", (char *) g_ptr_array_index (others, 0));
    }
  report ("save", &tally, i, write_us);
}

static void
write_version (Fixture *f,
               guint    k)
{
  g_autoptr(GFile) target = g_file_new_for_path (f->target);
  g_autoptr(GError) error = NULL;

  pw_file_replace_atomic (target, f->version[k], f->length[k], FALSE, NULL, &error);
  g_assert_no_error (error);
}

/* Whether the CSV at @path is one of the versions but for the seconds
 * each analysis took, which differ from run to run. */
static gboolean
same_but_seconds (Fixture    *f,
                  const char *path)
{
  g_autofree char *bytes = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  if (!g_file_get_contents (path, &bytes, NULL, NULL))
    return FALSE;
  rows = test_parse_csv (bytes);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GPtrArray) version = test_parse_csv (f->version[k]);
      gboolean same = version->len == rows->len;

      for (guint r = 0; same && r < rows->len; r++)
        {
          GPtrArray *a = g_ptr_array_index (rows, r), *b = g_ptr_array_index (version, r);
          GPtrArray *header = g_ptr_array_index (rows, 0);

          same = a->len == b->len;
          for (guint c = 0; same && c < a->len; c++)
            same = g_str_equal (g_ptr_array_index (a, c), g_ptr_array_index (b, c)) ||
                   (r > 0 && g_str_equal (g_ptr_array_index (header, c), "seconds"));
        }
      if (same)
        return TRUE;
    }
  return FALSE;
}

/* Runs `puzzlewright export-csv SET -o CSV`; returns the CSV's bytes. */
static char *
export_csv (const char *set,
            const char *csv,
            gsize      *length)
{
  const char *argv[] = { g_getenv ("PW_CLI"), "export-csv", "-q", set, "-o", csv, NULL };
  g_autoptr(GError) error = NULL;
  char *bytes;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  g_file_get_contents (csv, &bytes, length, &error);
  g_assert_no_error (error);
  return bytes;
}

/* The CSV export's write (pw_file_replace_atomic, used by export-csv and
 * the editor's Export) killed 200 times with two real exports as the
 * versions; then the command line itself killed at random moments of its
 * run. The next export removes the temporary. */
static void
test_kill_export (Fixture       *f,
                  gconstpointer  data)
{
  PwLevelSet *sets[2];
  g_autofree char *child = child_path ();
  char *set_path[2] = { NULL, NULL };
  const guint kills = n_kills (200);
  const guint enough = test_instances (kills, 20);
  const guint cli_kills = test_instances (n_kills (20), 5);
  Tally tally = { { 0 } };
  gulong write_us;
  gint64 cli_us;
  guint i;

  /* the command line analyses the sets: keep them small */
  make_sets (f, 2, sets);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *csv = g_build_filename (f->refs, k ? "new.csv" : "old.csv", NULL);
      char *bytes;
      gsize length;

      set_path[k] = g_build_filename (f->refs, k ? "new.json" : "old.json", NULL);
      file = g_file_new_for_path (set_path[k]);
      pw_level_set_save (sets[k], file, NULL, &error);
      g_assert_no_error (error);
      pw_level_set_unref (sets[k]);
      cli_us = g_get_monotonic_time ();
      bytes = export_csv (set_path[k], csv, &length);
      cli_us = g_get_monotonic_time () - cli_us;
      keep_version (f, k, k ? "new-version.csv" : "old-version.csv", bytes, length);
    }
  f->target = g_build_filename (f->dir, "figures.csv", NULL);
  write_us = time_writes (f, write_version);

  for (i = 0; i < kills && (i < enough || !proven (&tally)); i++)
    {
      char *argv[] = { child, "write", f->target, f->version_path[0], f->version_path[1], NULL };
      g_autofree char *base = g_path_get_basename (f->target);
      const char *allowed[] = { base, NULL };
      g_autoptr(GPtrArray) others = NULL;
      int k;

      run_and_kill (argv, g_rand_int_range (f->rand, 0, 3 * write_us + 1));
      k = which_version (f, f->target);
      g_assert_cmpint (k, >=, 0);
      tally.outcome[k]++;
      tally.mid_write += count_temporaries (f->dir) > 0;

      /* the next start: the next export to the same file */
      write_version (f, k);
      others = other_files (f->dir, allowed);
      if (others->len > 0)
        g_error ("left after the next export: %s", (char *) g_ptr_array_index (others, 0));
    }
  report ("export", &tally, i, write_us);

  /* the real command line, from the old CSV to the new, killed anywhere
   * in its run (the last export, of the bigger set, took cli_us) */
  for (i = 0; i < cli_kills; i++)
    {
      const char *argv[] = { g_getenv ("PW_CLI"), "export-csv", "-q", set_path[i % 2], "-o",
                             f->target, NULL };
      g_autoptr(GError) error = NULL;
      GPid pid;
      int status;

      g_spawn_async (NULL, (char **) argv, NULL,
                     G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &pid,
                     &error);
      g_assert_no_error (error);
      g_usleep (g_rand_int_range (f->rand, 0, (gint32) MIN (cli_us * 3 / 2, G_MAXINT32)));
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      g_assert_true (same_but_seconds (f, f->target));
    }
  g_free (set_path[0]);
  g_free (set_path[1]);
}

/* The editor's autosave (PwRecovery every millisecond while the first
 * level is renamed every millisecond) killed 100 times: the next start's
 * listing offers the work, it restores as edited, and nothing else is left
 * in the recovery folder. */
static void
test_kill_autosave (Fixture       *f,
                    gconstpointer  data)
{
  PwLevelSet *sets[2];
  g_autofree char *child = child_path ();
  g_autofree char *set_path = g_build_filename (f->refs, "set.json", NULL);
  g_autoptr(GFile) set_file = g_file_new_for_path (set_path);
  g_autoptr(GError) error = NULL;
  const guint kills = test_instances (n_kills (100), 25);
  guint n_levels;
  guint mid_write = 0;

  make_sets (f, 10, sets);
  pw_level_set_save (sets[1], set_file, NULL, &error);
  g_assert_no_error (error);
  n_levels = pw_level_set_get_n_levels (sets[1]);
  pw_level_set_unref (sets[0]);
  pw_level_set_unref (sets[1]);

  for (guint i = 0; i < kills; i++)
    {
      char *argv[] = { child, "recovery", f->dir, set_path, NULL };
      g_autoptr(PwRecovery) recovery = pw_recovery_new (f->dir);
      g_autoptr(GPtrArray) entries = NULL;
      g_autoptr(GPtrArray) others = NULL;
      g_autoptr(PwDocument) restored = NULL;
      g_autofree char *uri = g_file_get_uri (set_file);
      PwRecoveryEntry *entry;
      const char *name;

      run_and_kill (argv, g_rand_int_range (f->rand, 0, 5000));
      mid_write += count_temporaries (f->dir) > 0;

      /* the next start lists the folder */
      entries = pw_recovery_list (recovery);
      g_assert_cmpuint (entries->len, ==, 1);
      entry = g_ptr_array_index (entries, 0);
      g_assert_cmpstr (entry->original, ==, uri);
      restored = pw_recovery_restore (recovery, entry, &error);
      g_assert_no_error (error);
      g_assert_true (pw_document_get_modified (restored));
      g_assert_cmpuint (pw_document_get_n_levels (restored), ==, n_levels);
      name = pw_level_get_name (pw_document_get_level (restored, 0));
      g_assert_true (g_str_has_prefix (name, "edit "));

      /* a copy and its description, nothing else */
      others = other_files (f->dir, NULL);
      g_assert_cmpuint (others->len, ==, 2);
      pw_recovery_discard (recovery, entry);
      g_clear_pointer (&others, g_ptr_array_unref);
      others = other_files (f->dir, NULL);
      g_assert_cmpuint (others->len, ==, 0);
    }
  g_test_message ("autosave: %u kills (seed %u), %u inside a write", kills, crash_seed (),
                  mid_write);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_message ("CRASH_SEED=%u", crash_seed ());

  g_test_add ("/crash/kill-save", Fixture, NULL, fixture_set_up, test_kill_save,
              fixture_tear_down);
  g_test_add ("/crash/kill-export", Fixture, NULL, fixture_set_up, test_kill_export,
              fixture_tear_down);
  g_test_add ("/crash/kill-autosave", Fixture, NULL, fixture_set_up, test_kill_autosave,
              fixture_tear_down);
  return g_test_run ();
}
