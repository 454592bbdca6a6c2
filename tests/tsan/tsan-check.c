/* tsan-check.c — proves the `tsan` test setup can see GLib's locks
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two threads add to one counter. Under a GMutex, ThreadSanitizer must
 * stay silent: with Debian's uninstrumented GLib it cannot see the
 * futexes inside g_mutex_lock and reports a race, so this fails when
 * tests/tsan/run did not put the GLib of tests/tsan/build-glib.sh first.
 * With "racy" the lock is left out and ThreadSanitizer must report (the
 * meson test expects the failure), so the setup is not silent for all.
 */

#define G_LOG_DOMAIN "tsan-check"

#include <glib.h>

#define ROUNDS 100000

static GMutex lock;
static long counter;

static gpointer
add_many (gpointer data)
{
  gboolean racy = GPOINTER_TO_INT (data);

  for (int i = 0; i < ROUNDS; i++)
    {
      if (!racy)
        g_mutex_lock (&lock);
      counter++;
      if (!racy)
        g_mutex_unlock (&lock);
    }
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  gboolean racy = argc > 1 && g_str_equal (argv[1], "racy");
  GThread *a = g_thread_new ("tsan-check-a", add_many, GINT_TO_POINTER (racy));
  GThread *b = g_thread_new ("tsan-check-b", add_many, GINT_TO_POINTER (racy));

  g_thread_join (a);
  g_thread_join (b);
  if (!racy && counter != 2 * ROUNDS)
    {
      g_printerr ("tsan-check: %ld, not %d\n", counter, 2 * ROUNDS);
      return 1;
    }
  return 0;
}
