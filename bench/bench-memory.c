/* bench-memory.c — this machine's random-access rate into a table the
 * size of the slide explorer's, the bound its lookups run against
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-memory [--runs N] [MIB]
 *
 * A table of MIB mebibytes (default 16: the explorer's hash table on
 * bench-1m, 2^22 entries of 4 bytes) of 32-bit words, touched at
 * addresses drawn from a 64-bit mix of a counter (as the explorer draws
 * slots from a key's hash), in four ways:
 *
 *   chase     each address depends on the word read last: one miss at
 *             a time, the latency bound;
 *   read      independent reads, each address requested 16 accesses
 *             ahead (the explorer requests its slots a few successors
 *             ahead): as many misses in flight as the core allows, the
 *             throughput bound;
 *   update    the same, each word incremented (the explorer writes a new
 *             entry or an edge count);
 *   read-2    two dependent reads an access, the second at an address
 *             the first word gives: the explorer's probe of a slot and
 *             then of the key the slot points at.
 *
 * each with 4 KiB pages and with the table on transparent huge pages
 * (madvise, as the explorer maps its table). Every figure is accesses per
 * CPU second of the best of N runs (default 5), each run 2^24 accesses.
 * docs/performance.md compares the explorer's states and probes per
 * second with them.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define ACCESSES (1u << 24)
#define AHEAD 16
#define HUGE_PAGE ((gsize) 2 << 20)

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline guint64
mix (guint64 x)
{
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* A zeroed table, 2 MiB aligned, on huge pages when @huge. */
static guint32 *
table_new (gsize    bytes,
           gboolean huge)
{
  guint32 *table = NULL;

  if (posix_memalign ((void **) &table, HUGE_PAGE, bytes) != 0)
    g_error ("out of memory");
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  madvise (table, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
  if (huge)
    g_printerr ("no transparent huge pages here: the huge rows use small pages\n");
#endif
  memset (table, 0, bytes);
  return table;
}

typedef enum { CHASE, READ, UPDATE, READ_TWO, N_WAYS } Way;

static const char * const way_names[N_WAYS] = { "chase", "read", "update", "read-2" };

/* One run of @way: the CPU seconds of ACCESSES accesses. */
static double
run (guint32 *table,
     guint64  mask,
     Way      way,
     guint64 *sink)
{
  double start = cpu_seconds ();
  guint64 sum = 0;

  switch (way)
    {
    case CHASE:
      {
        guint64 at = 0;

        for (guint i = 0; i < ACCESSES; i++)
          {
            at = mix (at + table[at] + i) & mask;
            sum += table[at];
          }
      }
      break;
    case READ:
      for (guint i = 0; i < ACCESSES; i++)
        {
          __builtin_prefetch (&table[mix (i + AHEAD) & mask]);
          sum += table[mix (i) & mask];
        }
      break;
    case UPDATE:
      for (guint i = 0; i < ACCESSES; i++)
        {
          __builtin_prefetch (&table[mix (i + AHEAD) & mask], 1);
          table[mix (i) & mask]++;
        }
      sum = table[0];
      break;
    case READ_TWO:
      for (guint i = 0; i < ACCESSES; i++)
        {
          guint32 word;

          __builtin_prefetch (&table[mix (i + AHEAD) & mask]);
          /* the word read AHEAD / 2 ago names the second address */
          word = table[mix (i + AHEAD / 2) & mask];
          __builtin_prefetch (&table[mix (word + i + AHEAD / 2 + 0x9e37) & mask]);
          sum += table[mix (i) & mask];
          sum += table[mix (table[mix (i) & mask] + i + 0x9e37) & mask];
        }
      break;
    default:
      g_assert_not_reached ();
    }
  *sink += sum;
  return cpu_seconds () - start;
}

int
main (int   argc,
      char *argv[])
{
  guint64 runs = 5, mib = 16, sink = 0;
  int a = 1;

  if (a + 1 < argc && g_str_equal (argv[a], "--runs"))
    {
      if (!g_ascii_string_to_unsigned (argv[a + 1], 10, 1, 100, &runs, NULL))
        {
          fprintf (stderr, "--runs: give a number from 1 to 100\n");
          return 2;
        }
      a += 2;
    }
  if (a < argc && !g_ascii_string_to_unsigned (argv[a], 10, 1, 65536, &mib, NULL))
    {
      fprintf (stderr, "usage: %s [--runs N] [MIB]  (MIB a power of two, 1 to 65536)\n", argv[0]);
      return 2;
    }
  if ((mib & (mib - 1)) != 0)
    {
      fprintf (stderr, "MIB must be a power of two\n");
      return 2;
    }

  printf ("table %" G_GUINT64_FORMAT " MiB (%" G_GUINT64_FORMAT " words), %u accesses a run, "
          "best of %" G_GUINT64_FORMAT " runs, M accesses per CPU second:\n",
          mib, mib << 18, ACCESSES, runs);
  for (int huge = 0; huge < 2; huge++)
    {
      gsize bytes = (gsize) mib << 20;
      guint32 *table = table_new (bytes, huge);

      printf ("  %-11s", huge ? "huge pages" : "4 KiB pages");
      for (Way way = 0; way < N_WAYS; way++)
        {
          double best = G_MAXDOUBLE;

          for (guint r = 0; r < runs; r++)
            best = MIN (best, run (table, (bytes / 4) - 1, way, &sink));
          printf ("  %s %6.1f", way_names[way], ACCESSES / best / 1e6);
        }
      printf ("\n");
      free (table);
    }
  /* keeps the reads from being optimised away */
  if (sink == 42)
    printf ("\n");
  return 0;
}
