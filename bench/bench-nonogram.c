/* bench-nonogram.c — the nonogram engine on puzzle files: solves every
 * puzzle of each file (count up to 2 solutions: solved and proved unique,
 * or two found), one thread, and prints per puzzle the time, solutions,
 * nodes and whether line solving alone solves it; last, per file,
 * "FILE: N puzzles, S s". Files in any format the kind imports (.non,
 * .nin, TAAI, Pattern game IDs). Figures in docs/performance.md.
 *
 *   bench-nonogram [--quiet] [--no-grade] [--first] [--seconds S] FILE…
 *
 * --first stops at the first solution (the tournaments' task); --seconds
 * gives up on a puzzle after S seconds (default 60), printing "undecided".
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzlewright.h"
#include "nonogram-private.h"

typedef struct
{
  GMutex        lock;
  GCond         cond;
  gboolean      done;
  double        seconds;
  GCancellable *cancellable;
} Watch;

/* Cancels the search when its time is up, unless it ends first. */
static gpointer
watch (gpointer data)
{
  Watch *w = data;
  gint64 end = g_get_monotonic_time () + (gint64) (w->seconds * G_USEC_PER_SEC);

  g_mutex_lock (&w->lock);
  while (!w->done)
    if (!g_cond_wait_until (&w->cond, &w->lock, end))
      {
        g_cancellable_cancel (w->cancellable);
        break;
      }
  g_mutex_unlock (&w->lock);
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  gboolean quiet = FALSE, grade = TRUE, first_only = FALSE;
  double limit = 60;
  int status = EXIT_SUCCESS;

  for (int a = 1; a < argc; a++)
    {
      g_autoptr(GPtrArray) levels =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      double total = 0, worst = 0;
      guint64 all_nodes = 0;
      guint undecided = 0;

      if (g_str_equal (argv[a], "--quiet"))
        {
          quiet = TRUE;
          continue;
        }
      if (g_str_equal (argv[a], "--no-grade"))
        {
          grade = FALSE;
          continue;
        }
      if (g_str_equal (argv[a], "--first"))
        {
          first_only = TRUE;
          continue;
        }
      if (g_str_equal (argv[a], "--seconds") && a + 1 < argc)
        {
          limit = g_ascii_strtod (argv[++a], NULL);
          continue;
        }
      if (!g_file_get_contents (argv[a], &text, NULL, &error) ||
          !_pw_nonogram_read (text, argv[a], levels, &error))
        {
          g_printerr ("bench-nonogram: %s\n", error->message);
          status = EXIT_FAILURE;
          continue;
        }
      for (guint i = 0; i < levels->len; i++)
        {
          PwImportedLevel *imported = g_ptr_array_index (levels, i);
          const PwNonogramLevel *level = imported->data;
          g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
          g_autoptr(GTimer) timer = g_timer_new ();
          g_autoptr(PwNonoSolver) solver = NULL;
          PwNonoSearch search;
          PwNonoResult result;
          PwNonoGrade graded = { 0 };
          g_autoptr(GCancellable) cancellable = g_cancellable_new ();
          Watch w = { .done = FALSE, .seconds = limit, .cancellable = cancellable };
          GThread *watcher;
          gboolean decided;
          double seconds;

          g_mutex_init (&w.lock);
          g_cond_init (&w.cond);
          watcher = g_thread_new ("watch", watch, &w);
          solver = _pw_nono_solver_new (level->width, level->height, clues);
          _pw_nono_search_init (&search);
          search.max_solutions = first_only ? 1 : 2;
          search.cancellable = cancellable;
          decided = _pw_nono_solve (solver, &search, &result, NULL);
          seconds = g_timer_elapsed (timer, NULL);
          g_mutex_lock (&w.lock);
          w.done = TRUE;
          g_cond_signal (&w.cond);
          g_mutex_unlock (&w.lock);
          g_thread_join (watcher);
          g_mutex_clear (&w.lock);
          g_cond_clear (&w.cond);
          if (!decided)
            undecided++;
          total += seconds;
          worst = MAX (worst, seconds);
          all_nodes += result.nodes;
          if (grade && decided)
            _pw_nono_grade (solver, 0, &graded, NULL, NULL);
          if (!quiet)
            g_print ("%3ux%-3u %10.6f s  solutions %-9s  nodes %7" G_GUINT64_FORMAT
                     "  line solves %9" G_GUINT64_FORMAT "  line_solvable %-3s  %s\n",
                     level->width, level->height, seconds,
                     !decided ? "undecided" : result.solutions >= 2 ? ">=2"
                     : result.solutions == 1 ? "1" : "0",
                     result.nodes, _pw_nono_solver_line_solves (solver),
                     !grade || !decided ? "-" : graded.line_solvable ? "yes" : "no",
                     imported->name ? imported->name : "?");
        }
      g_print ("%s: %u puzzles, %.3f s (mean %.6f s, worst %.6f s, %" G_GUINT64_FORMAT
               " nodes, %u undecided in %g s)\n", argv[a], levels->len, total,
               levels->len ? total / levels->len : 0, worst, all_nodes, undecided, limit);
    }
  return status;
}
