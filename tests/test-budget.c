/* test-budget.c — `--max-memory` holds: the command line's peak memory
 * stays under the budget plus a constant, and the figures say why they
 * are partial
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each run is `puzzlewright analyse -f json` in a child process; its peak
 * resident memory (VmHWM, from wait4's ru_maxrss) is compared with the
 * budget. The constant is the program's own footprint (about 7 MiB: the
 * libraries, the level set, the report) with room for the allocator.
 */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "puzzlewright.h"
#include "test-util.h"

/* Under AddressSanitizer the process's memory is mostly shadow and
 * quarantine: the peaks say nothing about the budget there (the partial
 * reasons are still checked). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PEAKS_MEAN_NOTHING TRUE
#else
#define PEAKS_MEAN_NOTHING FALSE
#endif

#define MIB (1024 * 1024)
/* what the process uses besides the analyses' budget */
#define FOOTPRINT (16 * MIB)

typedef struct
{
  int     status;
  guint64 peak;     /* bytes */
  char   *out;      /* standard output */
  char   *err;      /* standard error */
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

/* A child's ru_maxrss starts at its parent's high-water mark (fork copies
 * the parent's memory map, and exec keeps the larger of the two), so a
 * test process that once held 48 MiB would read 48 MiB for every command
 * it runs. The command is therefore started by this program exec'd
 * afresh ("--measure", below), whose own mark is a few MiB, and which
 * writes the command's status and peak. */
static int
measure (char **argv)
{
  struct rusage usage;
  FILE *file;
  int status;
  pid_t pid = fork ();

  if (pid < 0)
    return 127;
  if (pid == 0)
    {
      execv (argv[1], argv + 1);
      _exit (127);
    }
  if (wait4 (pid, &status, 0, &usage) != pid || (file = fopen (argv[0], "w")) == NULL)
    return 127;
  fprintf (file, "%d %ld\n", status, usage.ru_maxrss);
  return fclose (file) == 0 ? 0 : 127;
}

/* Runs PW_CLI with @args (NULL-terminated) and measures its peak memory. */
static void
run_cli (Run         *run,
         const char  *dir,
         const char **args)
{
  g_autofree char *out_path = g_build_filename (dir, "out.json", NULL);
  g_autofree char *err_path = g_build_filename (dir, "err.txt", NULL);
  g_autofree char *peak_path = g_build_filename (dir, "peak.txt", NULL);
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *peak = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  long kib = -1;
  int status;
  pid_t pid;

  g_assert_nonnull (self);
  g_ptr_array_add (argv, self);
  g_ptr_array_add (argv, "--measure");
  g_ptr_array_add (argv, peak_path);
  g_ptr_array_add (argv, (char *) g_getenv ("PW_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_remove (peak_path);

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err_fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      if (fd < 0 || dup2 (fd, STDOUT_FILENO) < 0 ||
          err_fd < 0 || dup2 (err_fd, STDERR_FILENO) < 0)
        _exit (127);
      execv ((char *) argv->pdata[0], (char **) argv->pdata);
      _exit (127);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_file_get_contents (peak_path, &peak, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sscanf (peak, "%d %ld", &run->status, &kib), ==, 2);
  run->peak = (guint64) kib * 1024;
  g_file_get_contents (out_path, &run->out, NULL, &error);
  g_assert_no_error (error);
  g_file_get_contents (err_path, &run->err, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s %s: exit %d, peak %.1f MiB", args[0], args[1],
                  WIFEXITED (run->status) ? WEXITSTATUS (run->status) : -1,
                  run->peak / (double) MIB);
}

static char *
write_set (const char *dir,
           const char *name,
           const char *kind,
           const char *text,
           guint       copies)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < copies; i++)
    {
      g_autoptr(PwLevel) level = pw_level_new_from_text (kind, text, &error);

      g_assert_no_error (error);
      pw_level_set_append (set, level);
    }
  pw_level_set_save (set, file, NULL, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* Every level's partial_reason in the JSON report contains @reason. */
static void
assert_partial (const char *json,
                const char *reason,
                guint       n_levels)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *rows;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  rows = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (rows), ==, n_levels);
  for (guint i = 0; i < n_levels; i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_true (json_object_get_boolean_member (row, "partial"));
      g_assert_nonnull (strstr (json_object_get_string_member (row, "partial_reason"), reason));
    }
}

/* A slide level with an astronomical state space: 3 million states take
 * far more than 64 MiB without a memory budget (so the comparison means
 * something); with --max-memory 64M the exploration stops within it, also
 * with two levels analysed at once (the budget is the process's). */
static void
test_budget_slide (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *one = write_set (dir, "one.json", "slide", test_huge_level, 1);
  g_autofree char *two = write_set (dir, "two.json", "slide", test_huge_level, 2);
  Run free_run = { 0 }, budget_run = { 0 }, jobs_run = { 0 };
  const char *free_args[] = { "analyse", "-q", "-f", "json", "--max-states", "3000000", one, NULL };
  const char *budget_args[] = { "analyse", "-q", "-f", "json", "--max-states", "3000000",
                                "--max-memory", "64M", one, NULL };
  const char *jobs_args[] = { "analyse", "-q", "-f", "json", "--max-states", "3000000",
                              "--max-memory", "64M", "--jobs", "2", two, NULL };

  run_cli (&free_run, dir, free_args);
  g_assert_true (WIFEXITED (free_run.status));
  g_assert_true (PEAKS_MEAN_NOTHING || free_run.peak > 64 * MIB + FOOTPRINT);
  assert_partial (free_run.out, "state budget", 1);

  run_cli (&budget_run, dir, budget_args);
  g_assert_true (WIFEXITED (budget_run.status));
  g_assert_true (PEAKS_MEAN_NOTHING || budget_run.peak <= 64 * MIB + FOOTPRINT);
  assert_partial (budget_run.out, "memory budget", 1);

  run_cli (&jobs_run, dir, jobs_args);
  g_assert_true (WIFEXITED (jobs_run.status));
  g_assert_true (PEAKS_MEAN_NOTHING || jobs_run.peak <= 64 * MIB + FOOTPRINT);
  assert_partial (jobs_run.out, "memory budget", 2);

  run_clear (&free_run);
  run_clear (&budget_run);
  run_clear (&jobs_run);
  test_remove_dir (dir);
}

/* FreeCell: Microsoft deal 982 with two free cells asks for the fewest
 * free cells, which neither the solver nor the prover decides (without a
 * budget the prover's table passes 1.5 GB); with --max-memory 64M both
 * stop within it. */
static void
test_budget_freecell (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set = g_build_filename (dir, "deal.json", NULL);
  const char *import_args[] = { "import", "--kind", "freecell", "--ms-deal", "982", "-o", set,
                                NULL };
  const char *budget_args[] = { "analyse", "-q", "-f", "json", "--figures", "all",
                                "--max-memory", "64M", set, NULL };
  Run import_run = { 0 }, budget_run = { 0 };

  run_cli (&import_run, dir, import_args);
  g_assert_true (WIFEXITED (import_run.status) && WEXITSTATUS (import_run.status) == 0);
  run_cli (&budget_run, dir, budget_args);
  g_assert_true (WIFEXITED (budget_run.status));
  g_assert_true (PEAKS_MEAN_NOTHING || budget_run.peak <= 64 * MIB + FOOTPRINT);
  assert_partial (budget_run.out, "memory budget", 1);
  run_clear (&import_run);
  run_clear (&budget_run);
  test_remove_dir (dir);
}

/* Every bundled set (every kind) analysed under 64M stays under it. */
static void
test_budget_bundled (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *levels = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", NULL);
  g_autoptr(GDir) listing = g_dir_open (levels, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (levels, name, NULL);
      const char *args[] = { "analyse", "-q", "-f", "json", "--max-memory", "64M", path, NULL };
      Run run = { 0 };

      if (!g_str_has_suffix (name, ".json"))
        continue;
      run_cli (&run, dir, args);
      g_assert_true (WIFEXITED (run.status) && WEXITSTATUS (run.status) == 0);
      g_assert_true (PEAKS_MEAN_NOTHING || run.peak <= 64 * MIB + FOOTPRINT);
      run_clear (&run);
      n++;
    }
  g_assert_cmpuint (n, >=, 9);
  test_remove_dir (dir);
}

static guint
levels_in (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  return pw_level_set_get_n_levels (set);
}

/* generate --max-memory: a candidate whose analysis needs more stops the
 * generator (FreeCell: a deal undecided within the positions that fit;
 * slide: a candidate with more states than fit), and so does the process
 * growing past the budget (a Latin square generator keeping thousands of
 * levels); the levels found so far are written and the message says how
 * many. */
static void
test_budget_generate (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set = g_build_filename (dir, "made.json", NULL);
  const char *fc_args[] = { "generate", "-q", "--kind", "freecell", "-p", "free-cells=1",
                            "--count", "50", "--max-memory", "1M", "-o", set, NULL };
  const char *slide_args[] = { "generate", "-q", "--kind", "slide", "-p", "states=50000",
                               "--count", "3", "--max-memory", "4M", "-o", set, NULL };
  const char *roomy_args[] = { "generate", "-q", "--kind", "slide", "-p", "states=50000",
                               "--count", "3", "--max-memory", "16M", "-o", set, NULL };
  /* 6×6: 4×4 Latin puzzles are used up after 21 (pw_generate) */
  const char *latin_args[] = { "generate", "-q", "--kind", "latin", "-p", "size=6",
                               "--count", "100000", "--max-memory", "1M", "-o", set, NULL };
  Run fc_run = { 0 }, slide_run = { 0 }, roomy_run = { 0 }, latin_run = { 0 };
  const char *after;
  guint kept;

  run_cli (&fc_run, dir, fc_args);
  g_assert_true (WIFEXITED (fc_run.status) && WEXITSTATUS (fc_run.status) == 1);
  g_assert_nonnull (strstr (fc_run.err, "memory budget ran out after"));
  /* under ASan the resident memory is mostly shadow: the process's
   * growth may stop it first, with the shorter message */
  g_assert_true (PEAKS_MEAN_NOTHING || strstr (fc_run.err, "positions") != NULL);
  g_assert_true (PEAKS_MEAN_NOTHING || fc_run.peak <= 1 * MIB + FOOTPRINT);

  run_cli (&slide_run, dir, slide_args);
  g_assert_true (WIFEXITED (slide_run.status) && WEXITSTATUS (slide_run.status) == 1);
  g_assert_nonnull (strstr (slide_run.err, "memory budget ran out after"));
  g_assert_true (PEAKS_MEAN_NOTHING || strstr (slide_run.err, "states") != NULL);
  g_assert_true (PEAKS_MEAN_NOTHING || slide_run.peak <= 4 * MIB + FOOTPRINT);

  /* the same with room: the three levels */
  g_remove (set);
  if (!PEAKS_MEAN_NOTHING)
    {
      run_cli (&roomy_run, dir, roomy_args);
      g_assert_true (WIFEXITED (roomy_run.status) && WEXITSTATUS (roomy_run.status) == 0);
      g_assert_cmpuint (levels_in (set), ==, 3);
    }

  g_remove (set);
  run_cli (&latin_run, dir, latin_args);
  g_assert_true (WIFEXITED (latin_run.status) && WEXITSTATUS (latin_run.status) == 1);
  after = strstr (latin_run.err, "memory budget ran out after ");
  if (after == NULL)
    g_error ("generate latin: %s", latin_run.err);
  kept = (guint) g_ascii_strtoull (after + strlen ("memory budget ran out after "), NULL, 10);
  g_assert_cmpuint (kept, >, 0);
  g_assert_cmpuint (kept, <, 100000);
  g_assert_cmpuint (levels_in (set), ==, kept);
  g_assert_true (PEAKS_MEAN_NOTHING || latin_run.peak <= 1 * MIB + FOOTPRINT);

  run_clear (&fc_run);
  run_clear (&slide_run);
  run_clear (&roomy_run);
  run_clear (&latin_run);
  test_remove_dir (dir);
}

/* The biggest level each constraint kind accepts, its solutions counted
 * (to the cap) under --max-memory 64M: the peak stays under the budget
 * plus the program's footprint, and a figure cut short says it was the
 * budget. Only the solution count is asked: the costly defaults of the
 * biggest sizes (every given re-solved for minimality, 50 randomised
 * searches) are minutes of time, not memory. */
static void
test_budget_largest (void)
{
  static const char * const kinds[] = { "latin", "futoshiki", "sudoku", "queens",
                                        "star-battle", "nonogram", "knights-tour", "magic",
                                        "combination" };
  g_autofree char *dir = test_make_temp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *text = test_largest_level (kinds[i]);
      g_autofree char *name = g_strdup_printf ("%s.json", kinds[i]);
      g_autofree char *set = write_set (dir, name, kinds[i], text, 1);
      const char *args[] = { "analyse", "-q", "-f", "json", "--figures", "solutions",
                             "--max-memory", "64M", set, NULL };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *row;
      Run run = { 0 };

      run_cli (&run, dir, args);
      g_test_message ("%s: peak %.1f MiB", kinds[i], run.peak / (double) MIB);
      g_assert_true (WIFEXITED (run.status) && WEXITSTATUS (run.status) == 0);
      g_assert_true (PEAKS_MEAN_NOTHING || run.peak <= 64 * MIB + FOOTPRINT);
      json_parser_load_from_data (parser, run.out, -1, &error);
      g_assert_no_error (error);
      row = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)),
                                           0);
      g_assert_true (json_object_has_member (row, "solutions"));
      if (json_object_get_boolean_member (row, "partial"))
        g_assert_nonnull (strstr (json_object_get_string_member (row, "partial_reason"),
                                  "budget"));
      else
        g_assert_cmpint (json_object_get_int_member (row, "solutions"), >=, 1);
      run_clear (&run);
    }

  /* the Latin-square search's trail (40 MiB for the empty 128 × 128 when
   * it ignored the budget) keeps within a small one */
  {
    g_autofree char *text = test_largest_level ("latin");
    g_autofree char *set = write_set (dir, "small.json", "latin", text, 1);
    const char *args[] = { "analyse", "-q", "-f", "json", "--figures", "solutions",
                           "--max-memory", "8M", set, NULL };
    Run run = { 0 };

    run_cli (&run, dir, args);
    g_assert_true (WIFEXITED (run.status) && WEXITSTATUS (run.status) == 0);
    g_assert_true (PEAKS_MEAN_NOTHING || run.peak <= 8 * MIB + FOOTPRINT);
    assert_partial (run.out, "memory budget", 1);
    run_clear (&run);
  }
  test_remove_dir (dir);
}

/* Sizes: a suffix K, M, G or T, at least 1M; anything else is a usage
 * error that names the option. */
static void
test_budget_sizes (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                           "sample.json", NULL);
  const char *bad[] = { "64", "1023K", "0M", "12X", "M", "-5M", "99999999999T", "" };
  const char *good[] = { "1M", "1024K", "2g", "512M" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *argv[] = { g_getenv ("PW_CLI"), "export-csv", "--max-memory", bad[i], set,
                             "-o", "-", NULL };
      g_autofree char *err = NULL;
      int status;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                    &err, &status, NULL);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 2);
      g_assert_nonnull (strstr (err, "--max-memory"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      const char *argv[] = { g_getenv ("PW_CLI"), "analyse", "-q", "--max-memory", good[i], set,
                             NULL };
      int status;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                    NULL, &status, NULL);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }
  test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  if (argc > 3 && strcmp (argv[1], "--measure") == 0)
    return measure (argv + 2);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/budget/slide", test_budget_slide);
  g_test_add_func ("/io/budget/freecell", test_budget_freecell);
  g_test_add_func ("/io/budget/bundled", test_budget_bundled);
  g_test_add_func ("/io/budget/sizes", test_budget_sizes);
  g_test_add_func ("/io/budget/generate", test_budget_generate);
  g_test_add_func ("/io/budget/largest", test_budget_largest);
  return g_test_run ();
}
