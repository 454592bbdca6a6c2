/* queens-generate.c — making N-Queens and Star Battle puzzles
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both start from a random solution (a seeded randomised search, restarted
 * with growing node limits) and make it the only one:
 *
 * - N-Queens: while a second solution exists, a clue that the intended
 *   solution keeps and the other breaks is added (the intended queen of a
 *   row where they differ, or the other's queen's cell blocked); then
 *   every clue that can go, in a random order, goes.
 * - Star Battle: regions grown at random around the stars (each region
 *   around one star, or k stars joined by a shortest path), every region
 *   connected; then, while another solution exists, one of its stars that
 *   the intended solution does not have moves into a neighbouring region
 *   (one that stays connected without it), which breaks that solution's
 *   count in the region it left. A layout that does not become unique
 *   within a few dozen moves is dropped.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "queens-private.h"

/* Nodes one uniqueness count may spend; past it the attempt is dropped. */
#define CHECK_NODES G_GUINT64_CONSTANT (2000000)
#define MEASURE_NODES G_GUINT64_CONSTANT (2000000)
#define MEASURE_RUNS 50
#define GRADE_BUDGET G_GUINT64_CONSTANT (2000000)

typedef enum
{
  CLUES_MIXED,
  CLUES_QUEENS,
  CLUES_BLOCKED,
} Clues;

typedef struct
{
  PwQueensVariant variant;
  guint           n;
  guint           stars;
  Clues           clues;
  gboolean        graded;
  double          min_grade;
  double          max_grade;
} Params;

static gboolean
parse_params (PwQueensVariant   variant,
              GHashTable       *table,
              Params           *p,
              GError          **error)
{
  static const char * const queens_known[] = { "size", "clues", NULL };
  static const char * const star_known[] = { "size", "stars", "grade", NULL };
  guint max_n = variant == PW_QUEENS_QUEENS ? PW_QUEENS_MAX_N : 16;
  const char *text;
  GHashTableIter iter;
  gpointer key;

  memset (p, 0, sizeof *p);
  p->variant = variant;
  p->n = 8;
  p->stars = 1;
  p->clues = CLUES_MIXED;
  if (table == NULL)
    return TRUE;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_strv_contains (variant == PW_QUEENS_QUEENS ? queens_known : star_known, key))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("“%s” is not a parameter of the %s generator"), (const char *) key,
                     _(_pw_queens_kind_of (variant)->name));
        return FALSE;
      }
  if ((text = g_hash_table_lookup (table, "size")) != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (text, 10, 4, max_n, &n, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("size=%s: give a number from %u to %u"), text, 4, max_n);
          return FALSE;
        }
      p->n = n;
    }
  if ((text = g_hash_table_lookup (table, "stars")) != NULL)
    {
      guint64 k;

      if (!g_ascii_string_to_unsigned (text, 10, 1, 3, &k, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("stars=%s: give a number from 1 to 3"), text);
          return FALSE;
        }
      p->stars = k;
    }
  if ((text = g_hash_table_lookup (table, "clues")) != NULL)
    {
      if (g_str_equal (text, "queens"))
        p->clues = CLUES_QUEENS;
      else if (g_str_equal (text, "blocked"))
        p->clues = CLUES_BLOCKED;
      else if (g_str_equal (text, "mixed"))
        p->clues = CLUES_MIXED;
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("clues=%s: give queens, blocked or mixed"), text);
          return FALSE;
        }
    }
  if ((text = g_hash_table_lookup (table, "grade")) != NULL)
    {
      const char *dash = strchr (text, '-');
      char *end;

      p->min_grade = g_ascii_strtod (text, &end);
      if (dash == NULL || end != dash)
        p->min_grade = -1;
      else
        {
          p->max_grade = g_ascii_strtod (dash + 1, &end);
          if (*end != '\0' || end == dash + 1)
            p->min_grade = -1;
        }
      if (p->min_grade < 0 || p->max_grade < p->min_grade)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("grade=%s: give MIN-MAX, two numbers, the smaller first"), text);
          return FALSE;
        }
      p->graded = TRUE;
    }
  return TRUE;
}

static guint64
random64 (GRand *rand)
{
  return ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
}

static void
shuffle (guint *items,
         guint  count,
         GRand *rand)
{
  for (guint i = count; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = items[i - 1];

      items[i - 1] = items[j];
      items[j] = t;
    }
}

typedef struct
{
  guint   cells;
  guint   found;
  guint8 *first;
  guint8 *second;
} Two;

static gboolean
keep_two (const guint8 *cells,
          gpointer      data)
{
  Two *two = data;

  if (two->found == 0 && two->first != NULL)
    memcpy (two->first, cells, two->cells);
  else if (two->found == 1 && two->second != NULL)
    memcpy (two->second, cells, two->cells);
  two->found++;
  return TRUE;
}

/* A random solution of @level into @solution; FALSE with *@none when
 * @level has none, or when cancelled (an error). */
static gboolean
random_solution (const PwQueensLevel  *level,
                 GRand                *rand,
                 guint8               *solution,
                 gboolean             *none,
                 GCancellable         *cancellable,
                 GError              **error)
{
  guint64 limit = 1000;

  *none = FALSE;
  for (guint run = 0;; run++)
    {
      Two two = { level->n * level->n, 0, solution, NULL };
      PwQueensSearch search;
      PwQueensResult result;

      _pw_queens_search_init (&search);
      search.random_order = TRUE;
      search.seed = random64 (rand);
      search.max_solutions = 1;
      search.max_nodes = limit;
      search.on_solution = keep_two;
      search.on_solution_data = &two;
      search.cancellable = cancellable;
      if (!_pw_queens_search (level, &search, &result, error))
        return FALSE;
      if (result.solutions > 0)
        return TRUE;
      if (result.exhausted)
        {
          *none = TRUE;
          return FALSE;
        }
      if (run % 4 == 3)
        limit *= 2;
    }
}

/* Counts @level's solutions to 2 within the check budget: 1 when unique,
 * 2 (the other in @other, which differs from @intended) when not, 0 when
 * the budget ran out or there is none. FALSE when cancelled. */
static gboolean
count_two (const PwQueensLevel  *level,
           const guint8         *intended,
           guint8               *other,
           guint                *count,
           GCancellable         *cancellable,
           GError              **error)
{
  guint cells = level->n * level->n;
  g_autofree guint8 *first = g_new0 (guint8, cells);
  g_autofree guint8 *second = g_new0 (guint8, cells);
  Two two = { cells, 0, first, second };
  PwQueensSearch search;
  PwQueensResult result;

  _pw_queens_search_init (&search);
  search.max_solutions = 2;
  search.max_nodes = CHECK_NODES;
  search.on_solution = keep_two;
  search.on_solution_data = &two;
  search.cancellable = cancellable;
  if (!_pw_queens_search (level, &search, &result, error))
    return FALSE;
  if (result.node_limit || result.solutions == 0)
    *count = 0;
  else if (result.solutions == 1)
    *count = 1;
  else
    {
      *count = 2;
      memcpy (other, memcmp (first, intended, cells) != 0 ? first : second, cells);
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* N-Queens                                                             */

/* A unique puzzle around a random solution, or NULL (no error) when this
 * attempt failed. */
static PwQueensLevel *
make_queens (const Params  *p,
             GRand         *rand,
             GCancellable  *cancellable,
             GError       **error)
{
  guint n = p->n, cells = n * n;
  g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_QUEENS, n, 1);
  g_autofree guint8 *intended = g_new0 (guint8, cells);
  g_autofree guint8 *other = g_new0 (guint8, cells);
  g_autofree guint *clues = g_new (guint, cells);
  guint n_clues = 0, count;
  gboolean none;

  if (!random_solution (level, rand, intended, &none, cancellable, error))
    {
      if (none)
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("size=%u: no board of this size holds its queens"), n);
      return NULL;
    }
  for (;;)
    {
      guint rows[PW_QUEENS_MAX_N] = { 0 }, n_rows = 0, y, x;
      gboolean queen;

      if (!count_two (level, intended, other, &count, cancellable, error))
        return NULL;
      if (count == 1)
        break;
      if (count == 0)
        return NULL;
      /* rows where the two differ; a clue on one of them */
      for (y = 0; y < n; y++)
        if (memcmp (intended + y * n, other + y * n, n) != 0)
          rows[n_rows++] = y;
      y = rows[g_rand_int_range (rand, 0, n_rows)];
      queen = p->clues == CLUES_QUEENS || (p->clues == CLUES_MIXED && g_rand_boolean (rand));
      for (x = 0; x < n; x++)
        if ((queen ? intended : other)[y * n + x])
          break;
      level->cells[y * n + x] = queen ? PW_QUEENS_CELL_QUEEN : PW_QUEENS_CELL_BLOCKED;
      clues[n_clues++] = y * n + x;
    }

  /* every clue that can go, goes */
  shuffle (clues, n_clues, rand);
  for (guint i = 0; i < n_clues; i++)
    {
      guint8 mark = level->cells[clues[i]];

      level->cells[clues[i]] = PW_QUEENS_CELL_EMPTY;
      if (!count_two (level, intended, other, &count, cancellable, error))
        return NULL;
      if (count != 1)
        level->cells[clues[i]] = mark;
    }
  return g_steal_pointer (&level);
}

/* ------------------------------------------------------------------ */
/* Star Battle                                                          */

/* Whether @region's cells other than @without are connected (4-way). */
static gboolean
connected_without (const PwQueensLevel *level,
                   guint                region,
                   guint                without)
{
  guint n = level->n, cells = n * n, total = 0, reached = 0, head = 0, tail = 0;
  g_autofree guint *queue = g_new (guint, cells);
  g_autofree guint8 *seen = g_new0 (guint8, cells);

  for (guint c = 0; c < cells; c++)
    if (c != without && level->regions[c] == region)
      {
        if (total++ == 0)
          {
            queue[tail++] = c;
            seen[c] = 1;
          }
      }
  while (head < tail)
    {
      guint c = queue[head++], x = c % n, y = c / n;
      guint next[4] = { x > 0 ? c - 1 : G_MAXUINT, x + 1 < n ? c + 1 : G_MAXUINT,
                        y > 0 ? c - n : G_MAXUINT, y + 1 < n ? c + n : G_MAXUINT };

      reached++;
      for (guint i = 0; i < 4; i++)
        if (next[i] != G_MAXUINT && next[i] != without && !seen[next[i]] &&
            level->regions[next[i]] == region)
          {
            seen[next[i]] = 1;
            queue[tail++] = next[i];
          }
    }
  return reached == total;
}

/* Joins @to to @from's region by a shortest path through unclaimed cells
 * (255) that hold no star; FALSE when there is none. */
static gboolean
join (PwQueensLevel *level,
      const guint8  *stars,
      guint          from,
      guint          to)
{
  guint n = level->n, cells = n * n, head = 0, tail = 0;
  g_autofree guint *queue = g_new (guint, cells);
  g_autofree guint *parent = g_new (guint, cells);
  guint8 region = level->regions[from];

  for (guint c = 0; c < cells; c++)
    parent[c] = G_MAXUINT;
  for (guint c = 0; c < cells; c++)
    if (level->regions[c] == region)
      {
        parent[c] = c;
        queue[tail++] = c;
      }
  while (head < tail && parent[to] == G_MAXUINT)
    {
      guint c = queue[head++], x = c % n, y = c / n;
      guint next[4] = { x > 0 ? c - 1 : G_MAXUINT, x + 1 < n ? c + 1 : G_MAXUINT,
                        y > 0 ? c - n : G_MAXUINT, y + 1 < n ? c + n : G_MAXUINT };

      for (guint i = 0; i < 4; i++)
        if (next[i] != G_MAXUINT && parent[next[i]] == G_MAXUINT &&
            level->regions[next[i]] == 255 && (!stars[next[i]] || next[i] == to))
          {
            parent[next[i]] = c;
            queue[tail++] = next[i];
          }
    }
  if (parent[to] == G_MAXUINT)
    return FALSE;
  for (guint c = to; level->regions[c] != region; c = parent[c])
    level->regions[c] = region;
  return TRUE;
}

/* Regions around the stars of @stars: FALSE when this grouping failed. */
static gboolean
grow_regions (PwQueensLevel *level,
              const guint8  *stars,
              GRand         *rand)
{
  guint n = level->n, cells = n * n, k = level->stars, n_stars = 0;
  g_autofree guint *star_cells = g_new (guint, cells);
  g_autofree guint *frontier = g_new (guint, cells);
  g_autofree guint8 *taken = g_new0 (guint8, cells);

  memset (level->regions, 255, cells);
  for (guint c = 0; c < cells; c++)
    if (stars[c])
      star_cells[n_stars++] = c;
  shuffle (star_cells, n_stars, rand);

  /* each region: a star, joined to its k − 1 nearest free stars */
  for (guint r = 0, i = 0; r < n; r++)
    {
      guint seed;

      while (taken[i])
        i++;
      seed = star_cells[i];
      taken[i] = 1;
      level->regions[seed] = r;
      for (guint more = 1; more < k; more++)
        {
          guint best = G_MAXUINT, best_distance = G_MAXUINT;

          for (guint j = 0; j < n_stars; j++)
            {
              guint c = star_cells[j];
              guint distance = ABS ((int) (c % n) - (int) (seed % n)) +
                               ABS ((int) (c / n) - (int) (seed / n));

              if (!taken[j] && distance < best_distance)
                best = j, best_distance = distance;
            }
          taken[best] = 1;
          if (!join (level, stars, seed, star_cells[best]))
            return FALSE;
        }
    }

  /* the rest, a random cell next to a region at a time */
  for (;;)
    {
      guint count = 0;

      for (guint c = 0; c < cells; c++)
        {
          guint x = c % n, y = c / n;

          if (level->regions[c] != 255)
            continue;
          if ((x > 0 && level->regions[c - 1] != 255) ||
              (x + 1 < n && level->regions[c + 1] != 255) ||
              (y > 0 && level->regions[c - n] != 255) ||
              (y + 1 < n && level->regions[c + n] != 255))
            frontier[count++] = c;
        }
      if (count == 0)
        break;
      /* a few at a time keeps the growth even */
      shuffle (frontier, count, rand);
      for (guint i = 0; i < MAX (1, count / 4); i++)
        {
          guint c = frontier[i], x = c % n, y = c / n, choices[4], n_choices = 0;

          if (x > 0 && level->regions[c - 1] != 255)
            choices[n_choices++] = level->regions[c - 1];
          if (x + 1 < n && level->regions[c + 1] != 255)
            choices[n_choices++] = level->regions[c + 1];
          if (y > 0 && level->regions[c - n] != 255)
            choices[n_choices++] = level->regions[c - n];
          if (y + 1 < n && level->regions[c + n] != 255)
            choices[n_choices++] = level->regions[c + n];
          if (n_choices > 0)
            level->regions[c] = choices[g_rand_int_range (rand, 0, n_choices)];
        }
    }
  return TRUE;
}

#define REPAIR_MOVES 60

static PwQueensLevel *
make_star_battle (const Params  *p,
                  GRand         *rand,
                  GCancellable  *cancellable,
                  GError       **error)
{
  guint n = p->n, cells = n * n, count;
  g_autoptr(PwQueensLevel) level = _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, n, p->stars);
  g_autofree guint8 *intended = g_new0 (guint8, cells);
  g_autofree guint8 *other = g_new0 (guint8, cells);
  gboolean none;

  /* a region a row: the stars' rows and columns only */
  if (!random_solution (level, rand, intended, &none, cancellable, error))
    {
      if (none)
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("size=%u, stars=%u: no board of this size holds its stars"), n, p->stars);
      return NULL;
    }
  if (!grow_regions (level, intended, rand))
    return NULL;

  for (guint move = 0;; move++)
    {
      guint choices[PW_STAR_BATTLE_MAX_N * PW_STAR_BATTLE_MAX_N], n_choices = 0;

      if (!count_two (level, intended, other, &count, cancellable, error))
        return NULL;
      if (count == 1)
        return g_steal_pointer (&level);
      if (count == 0 || move == REPAIR_MOVES)
        return NULL;
      /* the other solution's stars the intended one lacks, moved out of
       * their region into a neighbouring one */
      for (guint c = 0; c < cells; c++)
        if (other[c] && !intended[c])
          choices[n_choices++] = c;
      shuffle (choices, n_choices, rand);
      for (guint i = 0; i < n_choices; i++)
        {
          guint c = choices[i], x = c % n, y = c / n, targets[4], n_targets = 0;
          guint8 from = level->regions[c];

          if (x > 0 && level->regions[c - 1] != from)
            targets[n_targets++] = level->regions[c - 1];
          if (x + 1 < n && level->regions[c + 1] != from)
            targets[n_targets++] = level->regions[c + 1];
          if (y > 0 && level->regions[c - n] != from)
            targets[n_targets++] = level->regions[c - n];
          if (y + 1 < n && level->regions[c + n] != from)
            targets[n_targets++] = level->regions[c + n];
          if (n_targets == 0 || !connected_without (level, from, c))
            continue;
          level->regions[c] = targets[g_rand_int_range (rand, 0, n_targets)];
          break;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The loop                                                             */

gboolean
_pw_queens_generate (PwQueensVariant      variant,
                     GHashTable          *params,
                     guint64              seed,
                     guint64              max_bytes,
                     PwGenerateFound      found,
                     PwGenerateProgress   progress,
                     gpointer             user_data,
                     GCancellable        *cancellable,
                     GError             **error)
{
  Params p;
  g_autoptr(GRand) rand = NULL;
  guint64 tried = 0;
  guint made = 0;

  if (!parse_params (variant, params, &p, error))
    return FALSE;
  rand = g_rand_new_with_seed_array ((const guint32[]) { seed & 0xffffffff, seed >> 32 }, 2);

  for (;;)
    {
      g_autoptr(PwQueensLevel) level = NULL;
      g_autoptr(GError) local_error = NULL;
      double mean = NAN, sd;
      guint64 budget = MEASURE_NODES;
      gboolean limited;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (progress != NULL)
        progress (tried, made, user_data);
      tried++;
      level = variant == PW_QUEENS_QUEENS ? make_queens (&p, rand, cancellable, &local_error)
                                          : make_star_battle (&p, rand, cancellable, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (level == NULL)
        continue;
      if (p.graded)
        {
          PwStarGrade grade;
          g_autoptr(GError) grade_error = NULL;

          if (!_pw_star_grade (level, GRADE_BUDGET, &grade, cancellable, NULL, &grade_error))
            {
              if (g_error_matches (grade_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
                {
                  g_propagate_error (error, g_steal_pointer (&grade_error));
                  return FALSE;
                }
              continue;
            }
          if (!grade.solved || grade.grade < p.min_grade || grade.grade > p.max_grade)
            continue;
        }
      if (!_pw_queens_measure (level, seed, MEASURE_RUNS, &budget, &mean, &sd, &limited,
                               cancellable, NULL, error))
        return FALSE;
      made++;
      if (!found (g_steal_pointer (&level), limited ? NAN : mean, user_data))
        return TRUE;
    }
}
