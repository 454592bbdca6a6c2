/* test-util.h — helpers shared by the tests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Parses CSV text strictly with libcsv: an array of rows, each a GPtrArray
 * of field strings. Fails the test on malformed input. */
GPtrArray  *test_parse_csv  (const char *text);
/* The field of row @r under the header @column (row 0 is the header). */
const char *test_csv_cell   (GPtrArray  *rows,
                             guint       r,
                             const char *column);

/* A new empty folder under the temporary directory, and its removal with
 * everything in it. */
char       *test_make_temp_dir (void);
void        test_remove_dir    (const char *path);

/* Runs the default main context for @ms milliseconds. */
void        test_spin          (guint       ms);

/* An open 14×14 slide level with many pieces: far more states than any
 * test should explore, so its analysis ends only by budget or cancel. */
extern const char *test_huge_level;

/* The largest level of each kind (for the constraint kinds the biggest
 * size each accepts, mostly empty, since the searches' trails and domains
 * grow with the size; for slide test_huge_level), as the kind's text. */
char       *test_largest_level (const char *kind);

/* The bundled level sets, data/levels/NAME.json, as paths, sorted. */
GPtrArray  *test_bundled_sets  (void);

/* @ms scaled by $PW_TEST_WAIT_SCALE (a whole number, 1 when unset): the
 * sanitizer test setups, which make everything several times slower,
 * set it so that waits on the editor's worker do not time out. */
guint test_scaled_ms (guint ms);

/* How many random instances a cross-check loop of @n runs: @n, divided by
 * $PW_TEST_INSTANCE_DIVISOR (a whole number, 1 when unset) but never fewer
 * than @least. The plain suite runs every instance; the asan setup divides
 * by 8 and the tsan setup by 4: they look for memory errors, undefined
 * behaviour and races, which a part of the instances reach through the
 * same code, at a fifth of the speed or less (docs/reliability.md). Loops whose tallies assert thresholds scale
 * them with the count or keep @least high enough. */
guint test_instances (guint n,
                      guint least);

/* @json (the command line's or the library's JSON) with the number of
 * every "seconds" member, the one figure that differs from run to run,
 * written as 0. */
char *test_json_without_seconds (const char *json);

/* Marks a test's own reference implementation (a brute-force oracle):
 * the sanitizer builds leave it uninstrumented. It is plain, small and
 * checked by the ordinary suite and valgrind; instrumented, it was most
 * of some tests' time under ASan (test-knight: 73 % in its walk, plus the
 * fake stack frames of its recursion), while what the sanitizers are
 * there to check, the engine it is compared with, stays instrumented. */
#if defined(__GNUC__) || defined(__clang__)
#define PW_TEST_ORACLE __attribute__ ((no_sanitize ("address", "undefined")))
#else
#define PW_TEST_ORACLE
#endif

/* One run of the command line ($PW_CLI) with the arguments given: its
 * standard output, standard error and exit status (asserted to exit). */
typedef struct
{
  char *out;
  char *err;
  int   status;
} TestCliRun;

void test_cli_run_clear (TestCliRun  *run);
void test_cli_run_argv  (TestCliRun  *run,
                         const char **args);
void test_cli_run       (TestCliRun  *run,
                         ...) G_GNUC_NULL_TERMINATED;

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TestCliRun, test_cli_run_clear)

G_END_DECLS
