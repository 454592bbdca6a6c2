/* bench-fd.c — the general constraint engine (analysis/fd.h) on classic
 * problems: bench-fd [RUNS]. Counts N-Queens (8, 10, 12) and the 4×4
 * magic squares, and finds a first Latin square of order 10 and 100 from
 * empty, in both all-different modes; each the fastest of RUNS runs
 * (default 3). Figures in docs/performance.md; MiniZinc models of the
 * same problems beside this file (queens.mzn, magic4.mzn) for Gecode.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <sys/resource.h>

#include "fd.h"

/* The queen of row i in column q[i]: columns, q[i] + i and q[i] − i all
 * different (the diagonals by offsets). */
static PwFd *
queens (guint n)
{
  PwFd *fd = pw_fd_new (n, n);
  g_autofree guint *vars = g_new (guint, n);
  g_autofree int *up = g_new (int, n);
  g_autofree int *down = g_new (int, n);

  for (guint i = 0; i < n; i++)
    {
      vars[i] = i;
      up[i] = i;
      down[i] = -(int) i;
    }
  pw_fd_add_all_different (fd, vars, n);
  pw_fd_add_all_different_offset (fd, vars, up, n);
  pw_fd_add_all_different_offset (fd, vars, down, n);
  return fd;
}

/* Magic squares of 1..n² (as 0..n²−1): all different, rows, columns and
 * both diagonals summing alike. */
static PwFd *
magic (guint n)
{
  PwFd *fd = pw_fd_new (n * n, n * n);
  g_autofree guint *all = g_new (guint, n * n);
  g_autofree guint *line = g_new (guint, n);
  g_autofree int *ones = g_new (int, n);
  const gint64 sum = (gint64) n * (n * n + 1) / 2 - n;

  for (guint i = 0; i < n * n; i++)
    all[i] = i;
  pw_fd_add_all_different (fd, all, n * n);
  for (guint i = 0; i < n; i++)
    ones[i] = 1;
  for (guint r = 0; r < n; r++)
    {
      for (guint c = 0; c < n; c++)
        line[c] = r * n + c;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
      for (guint c = 0; c < n; c++)
        line[c] = c * n + r;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
    }
  for (guint i = 0; i < n; i++)
    line[i] = i * n + i;
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  for (guint i = 0; i < n; i++)
    line[i] = i * n + (n - 1 - i);
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  return fd;
}

static PwFd *
latin (guint n)
{
  PwFd *fd = pw_fd_new (n * n, n);
  g_autofree guint *vars = g_new (guint, n);

  for (guint r = 0; r < n; r++)
    {
      for (guint c = 0; c < n; c++)
        vars[c] = r * n + c;
      pw_fd_add_all_different (fd, vars, n);
      for (guint c = 0; c < n; c++)
        vars[c] = c * n + r;
      pw_fd_add_all_different (fd, vars, n);
    }
  return fd;
}

static const char *
mode_name (PwFdAllDiff mode)
{
  return mode == PW_FD_ALLDIFF_GAC ? "GAC   " : "values";
}

static void
run (const char  *name,
     const PwFd  *fd,
     PwFdAllDiff  mode,
     PwFdOrder    order,
     guint64      max_solutions,
     guint        runs)
{
  double best = G_MAXDOUBLE;
  PwFdResult result;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(GTimer) timer = g_timer_new ();
      PwFdSearch search;

      pw_fd_search_init (&search);
      search.all_different = mode;
      search.order = order;
      search.max_solutions = max_solutions;
      pw_fd_search (fd, &search, &result, NULL);
      best = MIN (best, g_timer_elapsed (timer, NULL));
    }
  g_print ("  %-22s %s %-8s %9" G_GUINT64_FORMAT " solutions %9" G_GUINT64_FORMAT
           " nodes %10.2f ms %8.2f us/node\n",
           name, mode_name (mode), order == PW_FD_ORDER_STATIC ? "static" : "smallest",
           result.solutions, result.nodes, best * 1e3,
           result.nodes > 0 ? best * 1e6 / result.nodes : 0.0);
}

int
main (int   argc,
      char *argv[])
{
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 3;
  struct rusage usage;

  runs = MAX (runs, 1);
  g_print ("bench-fd: fastest of %u runs\n", runs);
  for (PwFdAllDiff mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    for (guint n = 8; n <= 12; n += 2)
      {
        g_autoptr(PwFd) fd = queens (n);
        g_autofree char *name = g_strdup_printf ("%u-queens, all", n);

        run (name, fd, mode, PW_FD_ORDER_STATIC, 0, runs);
        run (name, fd, mode, PW_FD_ORDER_SMALLEST_DOMAIN, 0, runs);
      }
  for (PwFdAllDiff mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    {
      g_autoptr(PwFd) fd = magic (4);

      run ("magic 4x4, all", fd, mode, PW_FD_ORDER_STATIC, 0, runs);
      run ("magic 4x4, all", fd, mode, PW_FD_ORDER_SMALLEST_DOMAIN, 0, runs);
    }
  for (PwFdAllDiff mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    {
      g_autoptr(PwFd) ten = latin (10);
      g_autoptr(PwFd) hundred = latin (100);

      run ("Latin 10x10, first", ten, mode, PW_FD_ORDER_STATIC, 1, runs);
      run ("Latin 10x10, first", ten, mode, PW_FD_ORDER_SMALLEST_DOMAIN, 1, runs);
      run ("Latin 100x100, first", hundred, mode, PW_FD_ORDER_SMALLEST_DOMAIN, 1, 1);
    }
  getrusage (RUSAGE_SELF, &usage);
  g_print ("peak RSS %ld KiB\n", usage.ru_maxrss);
  return 0;
}
