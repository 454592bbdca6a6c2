/* magic-generate.c — making magic-square puzzles
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full square from seeded randomised searches of the empty square
 * (restarts with Luby's node limits), then its cells emptied in a random
 * order, each removal kept while the square has at most K solutions (K =
 * 1: a proper puzzle) — counted within a node budget, so a removal whose
 * count does not finish in time is undone. Emptying stops at the givens
 * asked for; without a target, one pass over every cell leaves a square
 * no given of which can go on its own. A square that cannot get down to
 * the target is dropped and the next one tried.
 */

#define G_LOG_DOMAIN "pw-magic"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "magic-private.h"

/* Nodes one count may spend while emptying: past it the removal is
 * undone. */
#define CHECK_NODES G_GUINT64_CONSTANT (200000)
/* Nodes for the difficulty of a made puzzle (the multiple method). */
#define MEASURE_NODES G_GUINT64_CONSTANT (2000000)
#define MEASURE_RUNS 50

typedef struct
{
  guint n;
  guint min_givens;
  guint max_givens;
  guint solutions;
} Params;

static gboolean
parse_range (const char  *name,
             const char  *text,
             guint        limit,
             guint       *lo,
             guint       *hi,
             GError     **error)
{
  guint64 a, b;
  const char *dash = strchr (text, '-');
  g_autofree char *first = dash ? g_strndup (text, dash - text) : g_strdup (text);

  if (!g_ascii_string_to_unsigned (first, 10, 0, limit, &a, NULL) ||
      !g_ascii_string_to_unsigned (dash ? dash + 1 : text, 10, a, limit, &b, NULL))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s=%s: give MIN-MAX (or one number), whole numbers up to %u"), name, text,
                   limit);
      return FALSE;
    }
  *lo = a;
  *hi = b;
  return TRUE;
}

static gboolean
parse_params (GHashTable  *table,
              Params      *p,
              GError     **error)
{
  static const char * const known[] = { "size", "givens", "solutions", NULL };
  const char *text;
  GHashTableIter iter;
  gpointer key;

  p->n = 4;
  p->min_givens = 0;
  p->max_givens = 0;
  p->solutions = 1;
  if (table == NULL)
    return TRUE;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_strv_contains (known, key))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("“%s” is not a parameter of the %s generator"), (const char *) key,
                     _(pw_magic_kind.name));
        return FALSE;
      }
  if ((text = g_hash_table_lookup (table, "size")) != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (text, 10, 3, PW_MAGIC_MAX_N, &n, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("size=%s: give a number from %u to %u"), text, 3, PW_MAGIC_MAX_N);
          return FALSE;
        }
      p->n = n;
    }
  if ((text = g_hash_table_lookup (table, "givens")) != NULL &&
      !parse_range ("givens", text, p->n * p->n, &p->min_givens, &p->max_givens, error))
    return FALSE;
  if ((text = g_hash_table_lookup (table, "solutions")) != NULL)
    {
      guint64 k;

      if (!g_ascii_string_to_unsigned (text, 10, 1, 1000, &k, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("solutions=%s: give a number from 1 to 1000"), text);
          return FALSE;
        }
      p->solutions = k;
    }
  return TRUE;
}

static gboolean
keep_first (const guint8 *values,
            gpointer      data)
{
  PwMagicLevel *level = data;

  memcpy (level->givens, values, level->n * level->n);
  return FALSE;
}

/* A random full square: randomised searches with restarts. FALSE when
 * cancelled. */
static gboolean
random_square (PwMagicLevel  *level,
               GRand         *rand,
               GCancellable  *cancellable,
               GError       **error)
{
  guint64 limit = 100;

  memset (level->givens, 0, level->n * level->n);
  for (guint run = 0;; run++)
    {
      PwMagicSearch search;
      PwMagicResult result;

      _pw_magic_search_init (&search);
      search.random_order = TRUE;
      search.seed = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      search.max_solutions = 1;
      search.max_nodes = limit;
      /* the search copied the (blank) givens: the solution may go there */
      search.on_solution = keep_first;
      search.on_solution_data = level;
      search.cancellable = cancellable;
      if (!_pw_magic_search (level, &search, &result, error))
        return FALSE;
      if (result.solutions > 0)
        return TRUE;
      /* grow the limit slowly: most runs that succeed do so quickly */
      if (run % 8 == 7)
        limit *= 2;
    }
}

gboolean
_pw_magic_generate (GHashTable         *params,
                    guint64             seed,
                    guint64             max_bytes,
                    PwGenerateFound     found,
                    PwGenerateProgress  progress,
                    gpointer            user_data,
                    GCancellable       *cancellable,
                    GError            **error)
{
  Params p;
  g_autoptr(GRand) rand = NULL;
  guint64 tried = 0;
  guint made = 0;

  if (!parse_params (params, &p, error))
    return FALSE;
  rand = g_rand_new_with_seed_array ((const guint32[]) { seed & 0xffffffff, seed >> 32 }, 2);

  for (;;)
    {
      g_autoptr(PwMagicLevel) level = _pw_magic_level_new (p.n);
      guint cells = p.n * p.n, givens = cells;
      g_autofree guint *order = g_new (guint, cells);
      double mean = NAN, sd;
      guint64 budget = MEASURE_NODES;
      gboolean limited;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (progress != NULL)
        progress (tried, made, user_data);
      tried++;
      if (!random_square (level, rand, cancellable, error))
        return FALSE;

      for (guint c = 0; c < cells; c++)
        order[c] = c;
      for (guint c = cells - 1; c > 0; c--)
        {
          guint j = g_rand_int_range (rand, 0, c + 1), t = order[c];

          order[c] = order[j];
          order[j] = t;
        }
      for (guint i = 0; i < cells && givens > p.max_givens; i++)
        {
          guint c = order[i];
          guint8 value = level->givens[c];
          PwMagicCount count;

          level->givens[c] = 0;
          if (!_pw_magic_count (level, p.solutions, CHECK_NODES, g_rand_int (rand), NULL, NULL,
                                &count, cancellable, NULL, error))
            return FALSE;
          if (count.exact && count.solutions <= p.solutions)
            givens--;
          else
            level->givens[c] = value;
        }
      if (givens < p.min_givens || (p.max_givens > 0 && givens > p.max_givens))
        continue;

      if (!_pw_magic_measure (level, seed, MEASURE_RUNS, &budget, &mean, &sd, &limited,
                              cancellable, NULL, error))
        return FALSE;
      made++;
      if (!found (g_steal_pointer (&level), limited ? NAN : mean, user_data))
        return TRUE;
    }
}
