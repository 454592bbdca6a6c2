/* bench-slide.c — speed and memory of the full slide analysis
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-slide [--runs N] LEVELS.txt        every level, each in a fresh process
 *   bench-slide [--runs N] LEVELS.txt INDEX  one level, in this process
 *   bench-slide --cancel LEVELS.txt INDEX
 *                                     cancellation latency, 20 trials
 *
 * Reports, per level: reachable states (won included), seconds for the
 * whole analysis (every figure), states per second, and the process' peak
 * resident memory above what it held before the analysis, per state; all
 * of the first run. With --runs N (default 1) the analysis runs N times in
 * the process and a second line gives the best and median CPU time of the
 * N runs and the states per CPU second of the best: on a shared machine
 * the best CPU time is the figure that says what the code can do. See
 * docs/performance.md.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzlewright.h"

static gsize
read_status_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, field);
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen (field), NULL, 10);
}

static PwLevelSet *
load_levels (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_new ();

  if (g_str_has_suffix (path, ".json"))
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      PwLevelSet *loaded = pw_level_set_load (file, NULL, &error);

      if (loaded == NULL)
        g_error ("%s", error->message);
      return loaded;
    }
  if (!g_file_get_contents (path, &text, NULL, &error) ||
      !pw_import_text (set, "slide", text, path, &error))
    g_error ("%s", error->message);
  return g_steal_pointer (&set);
}

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The CPU time at each line the analysis traces (its phases). */
typedef struct
{
  double start;
  double at[8];
  guint  n;
} Phases;

static void
trace_phase (const char *line,
             gpointer    data)
{
  Phases *phases = data;

  if (phases->n < G_N_ELEMENTS (phases->at))
    phases->at[phases->n++] = cpu_seconds () - phases->start;
}

static int
bench_one (PwLevel *level,
           guint    runs)
{
  Phases best_phases = { 0 };
  gsize rss_before = read_status_kb ("VmRSS:");
  g_autofree double *cpu = g_new (double, runs);
  g_autofree double *wall = g_new (double, runs);
  gint64 states = 0, wins = 0;
  gsize hwm = 0;
  gboolean partial = FALSE;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GTimer) timer = NULL;
      PwAnalyseOptions options;
      double cpu_start;

      Phases phases = { 0 };

      pw_analyse_options_init (&options);
      options.trace = trace_phase;
      options.trace_data = &phases;
      timer = g_timer_new ();
      cpu_start = phases.start = cpu_seconds ();
      analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
      cpu[r] = cpu_seconds () - cpu_start;
      wall[r] = g_timer_elapsed (timer, NULL);
      if (analysis == NULL)
        g_error ("%s", error->message);
      if (r == 0 || cpu[r] < best_phases.at[best_phases.n - 1])
        best_phases = phases;
      if (r == 0)
        {
          hwm = read_status_kb ("VmHWM:");
          pw_analysis_get_int (analysis, "states", &states);
          pw_analysis_get_int (analysis, "wins", &wins);
          states += wins;
          partial = pw_analysis_get_partial (analysis);
        }
    }

  printf ("%-12s %10" G_GINT64_FORMAT " states %8.3f s %6.2f M states/s %6.1f B/state (RSS); "
          "CPU %.3f s, %.2f M states/s%s\n",
          pw_level_get_name (level), states, wall[0], states / wall[0] / 1e6,
          (double) (hwm - rss_before) * 1024.0 / MAX (states, 1), cpu[0], states / cpu[0] / 1e6,
          partial ? "  PARTIAL" : "");
  if (runs > 1)
    {
      double best_wall, median_cpu;

      qsort (cpu, runs, sizeof (double), compare_doubles);
      qsort (wall, runs, sizeof (double), compare_doubles);
      best_wall = wall[0];
      median_cpu = runs % 2 ? cpu[runs / 2] : (cpu[runs / 2 - 1] + cpu[runs / 2]) / 2;
      printf ("%-12s %u runs: CPU best %.3f s (%.2f M states/s), median %.3f s (%.2f M states/s); "
              "wall best %.3f s\n",
              pw_level_get_name (level), runs, cpu[0], states / cpu[0] / 1e6, median_cpu,
              states / median_cpu / 1e6, best_wall);
      /* the slide analysis traces: explored, distances, dead ends,
       * max-combo par, searches, analysed */
      if (best_phases.n >= 2)
        printf ("%-12s best run's CPU by phase: exploration %.3f s (%.2f M states/s), "
                "distances %.3f s, the rest %.3f s\n",
                pw_level_get_name (level), best_phases.at[0], states / best_phases.at[0] / 1e6,
                best_phases.at[1] - best_phases.at[0],
                best_phases.at[best_phases.n - 1] - best_phases.at[1]);
    }
  return 0;
}

typedef struct
{
  PwLevel      *level;
  GCancellable *cancellable;
  gint64        finished;
} Job;

static gpointer
run_job (gpointer data)
{
  Job *job = data;
  PwAnalysis *analysis = pw_level_analyse (job->level, NULL, NULL, NULL, job->cancellable, NULL);

  job->finished = g_get_monotonic_time ();
  if (analysis != NULL)
    pw_analysis_unref (analysis);
  return NULL;
}

static int
bench_cancel (PwLevel *level)
{
  double worst = 0;
  double sum = 0;
  const guint trials = 20;

  for (guint i = 0; i < trials; i++)
    {
      Job job = { level, g_cancellable_new (), 0 };
      GThread *thread = g_thread_new ("analyse", run_job, &job);
      gint64 cancelled;
      double ms;

      /* cancel at varied points of the analysis */
      g_usleep ((20 + 37 * i % 300) * 1000);
      cancelled = g_get_monotonic_time ();
      g_cancellable_cancel (job.cancellable);
      g_thread_join (thread);
      ms = MAX (job.finished - cancelled, 0) / 1000.0;
      worst = MAX (worst, ms);
      sum += ms;
      g_object_unref (job.cancellable);
    }
  printf ("%-12s cancellation latency: mean %.2f ms, worst %.2f ms over %u trials\n",
          pw_level_get_name (level), sum / trials, worst, trials);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PwLevelSet) set = NULL;
  gboolean cancel = FALSE;
  guint64 runs = 1;
  int first = 1;

  for (; first < argc && argv[first][0] == '-'; first++)
    if (g_str_equal (argv[first], "--cancel"))
      cancel = TRUE;
    else if (g_str_equal (argv[first], "--runs") && first + 1 < argc &&
             g_ascii_string_to_unsigned (argv[first + 1], 10, 1, 1000, &runs, NULL))
      first++;
    else
      break;
  if (argc < first + 1)
    {
      fprintf (stderr, "usage: %s [--cancel] [--runs N] LEVELS.txt|SET.json [INDEX]\n", argv[0]);
      return 2;
    }
  set = load_levels (argv[first]);

  if (argc > first + 1)
    {
      guint64 index;

      if (!g_ascii_string_to_unsigned (argv[first + 1], 10, 0,
                                       pw_level_set_get_n_levels (set) - 1, &index, NULL))
        {
          fprintf (stderr, "no level %s\n", argv[first + 1]);
          return 2;
        }
      return cancel ? bench_cancel (pw_level_set_get_level (set, index))
                    : bench_one (pw_level_set_get_level (set, index), runs);
    }

  /* each level in a fresh process, so peak memory is the level's own */
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      g_autofree char *index = g_strdup_printf ("%u", i);
      g_autofree char *runs_text = g_strdup_printf ("%u", (guint) runs);
      const char *child_argv[] = { argv[0], "--runs", runs_text, argv[first], index, NULL };
      g_autoptr(GError) error = NULL;
      int status;

      fflush (stdout);
      if (!g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDOUT, NULL,
                         NULL, NULL, NULL, &status, &error))
        g_error ("%s", error->message);
    }
  return 0;
}
