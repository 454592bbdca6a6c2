/* combination-generate.c — making combination puzzles: the paper's local
 * search, and its prettiness post-processing
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Jefferson, Moncur and Petrie's generator: a random grid, then pieces
 * added one at a time (sometimes two, to reach the hardest levels) so
 * that the level stays solvable, restarting after 25 additions; each time
 * the level has exactly one solution up to colour symmetry, it is
 * recorded with its difficulty. Among the additions tried at each step the
 * fitness bias picks the hardest (or easiest) by a quick estimate.
 *
 * Two choices of ours, without which the walk on 6×6 and larger grids
 * nearly always went from many solutions to none and restarted without
 * recording anything (docs/rules/combination.md):
 *
 * - each colour has one attack, drawn when the colour first comes in:
 *   pieces of one colour with different attacks can trade places
 *   wherever their rays meet only their own colour, so such levels almost
 *   never have one solution;
 * - before each restart the level is made unique, when it can be, by a
 *   few holes on cells a kept solution leaves empty and others fill
 *   (tighten). A hole lets rays pass as an empty cell does, so the kept
 *   solution stays a solution and no new one appears.
 */

#define G_LOG_DOMAIN "pw-combination"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "combination-private.h"
#include "pw-analysis.h"

#define STEPS_PER_RESTART   25
#define CANDIDATES          6
#define SOLVE_NODE_LIMIT    20000     /* finding a solution: pieces first, quick */
#define PROOF_NODE_LIMIT    2000000   /* proving there is only one */
#define ESTIMATE_RUNS       2
#define ESTIMATE_NODE_LIMIT 20000
#define RECORD_RUNS         50
#define TIGHTEN_SAMPLE      16        /* solutions a tightening round looks at */
#define TIGHTEN_NODE_LIMIT  500000
#define DEFAULT_WALLS       0.1
#define DEFAULT_HOLES       0.05      /* at least; more on grids over 36 cells */
#define DEFAULT_FREE_CELLS  36        /* the default holes leave about this many */

typedef enum
{
  BIAS_HARDER,
  BIAS_EASIER,
  BIAS_NONE,
} Bias;

typedef struct
{
  int    width;
  int    height;
  double walls;
  double holes;
  int    colours;
  Bias   bias;
  double min_difficulty;
  double max_difficulty;
} Params;

/* ------------------------------------------------------------------ */
/* Prettiness                                                           */

static gboolean
line_is_solid (const PwCombinationLevel *level,
               gboolean                  row,
               int                       index)
{
  int n = row ? level->width : level->height;

  for (int i = 0; i < n; i++)
    {
      char c = row ? level->cells[index * level->width + i]
                   : level->cells[i * level->width + index];

      if (c == '.')
        return FALSE;
    }
  return TRUE;
}

static PwCombinationLevel *
crop (const PwCombinationLevel *level,
      int                       x0,
      int                       y0,
      int                       w,
      int                       h)
{
  PwCombinationLevel *out = _pw_combination_level_new (w, h, level->n_entries);

  memcpy (out->entries, level->entries, sizeof (PwCombinationEntry) * level->n_entries);
  for (int y = 0; y < h; y++)
    memcpy (out->cells + y * w, level->cells + (y + y0) * level->width + x0, w);
  return out;
}

/* Whether some empty cell lies from (x, y), exclusive, in direction
 * (dx, dy) before a wall or the edge. */
static gboolean
empty_beyond (const PwCombinationLevel *level,
              int                       x,
              int                       y,
              int                       dx,
              int                       dy)
{
  for (x += dx, y += dy; x >= 0 && y >= 0 && x < level->width && y < level->height;
       x += dx, y += dy)
    {
      char c = level->cells[y * level->width + x];

      if (c == '#')
        return FALSE;
      if (c == '.')
        return TRUE;
    }
  return FALSE;
}

PwCombinationLevel *
_pw_combination_prettify (const PwCombinationLevel *level)
{
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  int x0 = 0, y0 = 0, x1 = level->width, y1 = level->height;
  PwCombinationLevel *out;
  gboolean changed = TRUE;

  /* edge rows and columns with no empty cell: nothing stands or passes
   * there that matters, a ray stopping at them or at the edge is the same */
  while (y1 - y0 > 1 && line_is_solid (level, TRUE, y0))
    y0++;
  while (y1 - y0 > 1 && line_is_solid (level, TRUE, y1 - 1))
    y1--;
  while (x1 - x0 > 1 && line_is_solid (level, FALSE, x0))
    x0++;
  while (x1 - x0 > 1 && line_is_solid (level, FALSE, x1 - 1))
    x1--;
  /* (columns were tested over all rows; test them again within the kept
   * rows would remove more, but never changes the puzzle) */
  out = crop (level, x0, y0, x1 - x0, y1 - y0);

  /* a wall with empty cells on at most one side of every line through it
   * never stops a ray that could reach anything: it may be a hole */
  while (changed)
    {
      changed = FALSE;
      for (int i = 0; i < out->width * out->height; i++)
        {
          gboolean blocks = FALSE;

          if (out->cells[i] != '#')
            continue;
          for (int d = 0; d < 4 && !blocks; d++)
            blocks = empty_beyond (out, i % out->width, i / out->width, dirs[d][0], dirs[d][1]) &&
                     empty_beyond (out, i % out->width, i / out->width, -dirs[d][0], -dirs[d][1]);
          if (!blocks)
            {
              out->cells[i] = 'o';
              changed = TRUE;
            }
        }
    }
  return out;
}

/* ------------------------------------------------------------------ */
/* Parameters                                                           */

static gboolean
parse_fraction (const char  *text,
                const char  *name,
                double      *out,
                GError     **error)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(v >= 0 && v < 1))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s=%s: give a fraction from 0 to below 1"), name, text);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* The share of holes when the user gives none: 0.05 up to 36 cells (the
 * generator's output there is what it always was), and on larger grids
 * as many as leave about DEFAULT_FREE_CELLS cells neither wall nor hole.
 * With 0.05 an 8×8 grid keeps some 54 free cells, which twenty-odd
 * pieces fill in too many ways for the proofs and a few holes to make
 * one solution: no level in minutes (docs/rules/combination.md). */
static double
default_holes (int    area,
               double walls)
{
  return MAX (DEFAULT_HOLES, 1.0 - walls - (double) DEFAULT_FREE_CELLS / area);
}

static gboolean
parse_params (GHashTable  *table,
              Params      *p,
              GError     **error)
{
  GHashTableIter iter;
  gpointer key, value;

  p->width = p->height = 6;
  p->walls = DEFAULT_WALLS;
  p->holes = NAN;  /* not given: default_holes () once the size is known */
  p->colours = 3;
  p->bias = BIAS_NONE;
  p->min_difficulty = 0;
  p->max_difficulty = INFINITY;

  if (table != NULL)
    g_hash_table_iter_init (&iter, table);
  while (table != NULL && g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *name = key, *text = value;

      if (g_str_equal (name, "size"))
        {
          int w, h;
          char extra;

          if (sscanf (text, "%dx%d%c", &w, &h, &extra) != 2 || w < 2 || h < 2 ||
              w > PW_COMBINATION_MAX_SIZE || h > PW_COMBINATION_MAX_SIZE)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("size=%s: give WxH, each from 2 to %d"), text,
                           PW_COMBINATION_MAX_SIZE);
              return FALSE;
            }
          p->width = w;
          p->height = h;
        }
      else if (g_str_equal (name, "walls"))
        {
          if (!parse_fraction (text, name, &p->walls, error))
            return FALSE;
        }
      else if (g_str_equal (name, "holes"))
        {
          if (!parse_fraction (text, name, &p->holes, error))
            return FALSE;
        }
      else if (g_str_equal (name, "colours"))
        {
          gint64 n;

          if (!g_ascii_string_to_signed (text, 10, 1, PW_COMBINATION_N_COLOURS, &n, NULL))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("colours=%s: give a number from 1 to %d"), text,
                           PW_COMBINATION_N_COLOURS);
              return FALSE;
            }
          p->colours = n;
        }
      else if (g_str_equal (name, "bias"))
        {
          if (g_str_equal (text, "harder"))
            p->bias = BIAS_HARDER;
          else if (g_str_equal (text, "easier"))
            p->bias = BIAS_EASIER;
          else if (g_str_equal (text, "none"))
            p->bias = BIAS_NONE;
          else
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("bias=%s: give harder, easier or none"), text);
              return FALSE;
            }
        }
      else if (g_str_equal (name, "difficulty"))
        {
          double lo, hi;
          char *dash = strchr (text, '-');
          char *end1 = NULL, *end2 = NULL;

          lo = g_ascii_strtod (text, &end1);
          hi = dash ? g_ascii_strtod (dash + 1, &end2) : NAN;
          if (dash == NULL || end1 != dash || end2 == dash + 1 || *end2 != '\0' || !(lo >= 0) ||
              !(hi >= lo))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("difficulty=%s: give MIN-MAX, mean search nodes"), text);
              return FALSE;
            }
          p->min_difficulty = lo;
          p->max_difficulty = hi;
        }
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“%s” is not a parameter of the combination generator"), name);
          return FALSE;
        }
    }
  if (isnan (p->holes))
    p->holes = default_holes (p->width * p->height, p->walls);
  if (p->walls + p->holes >= 0.9)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("walls and holes together must leave at least a tenth of the grid "
                             "empty"));
      return FALSE;
    }
  return TRUE;
}

static int
empty_cells (const PwCombinationLevel *level)
{
  int n = 0;

  for (int i = 0; i < level->width * level->height; i++)
    n += level->cells[i] == '.';
  return n;
}

/* ------------------------------------------------------------------ */
/* The search                                                           */

static PwCombinationLevel *
random_grid (const Params *p,
             GRand        *rand)
{
  PwCombinationLevel *level = _pw_combination_level_new (p->width, p->height, 0);

  for (int i = 0; i < p->width * p->height; i++)
    {
      double roll = g_rand_double (rand);

      level->cells[i] = roll < p->walls ? '#' : roll < p->walls + p->holes ? 'o' : '.';
    }
  return level;
}

static PwCombinationLevel *
with_piece (const PwCombinationLevel *level,
            int                       colour,
            PwAttack                  attack)
{
  PwCombinationLevel *out = _pw_combination_level_new (level->width, level->height,
                                                       level->n_entries + 1);
  int e;

  memcpy (out->cells, level->cells, (gsize) level->width * level->height);
  memcpy (out->entries, level->entries, sizeof (PwCombinationEntry) * level->n_entries);
  out->n_entries = level->n_entries;
  /* one more of an existing entry, or a new entry */
  for (e = 0; e < out->n_entries; e++)
    if (out->entries[e].colour == colour && out->entries[e].attack == attack)
      break;
  if (e == out->n_entries)
    out->entries[out->n_entries++] = (PwCombinationEntry) { 0, colour, attack };
  out->entries[e].count++;
  return out;
}

/* Which cells a solution fills: one byte per cell of the level. */
typedef struct
{
  const PwCombinationModel *model;
  int                       n_cells;
  GPtrArray                *filled;   /* guint8[n_cells], one per solution */
} Collect;

static gboolean
collect_filled (const guint8 *values,
                gpointer      data)
{
  Collect *collect = data;
  guint8 *filled = g_new0 (guint8, collect->n_cells);

  for (int v = 0; v < collect->model->n_vars; v++)
    filled[collect->model->cell_of_var[v]] = values[v] != 0;
  g_ptr_array_add (collect->filled, filled);
  return TRUE;
}

/* The attack of a piece of @colour added to @level: the one its colour
 * has, or a random one for a new colour. One attack per colour: pieces
 * of one colour with different attacks can trade places wherever their
 * rays meet only their own colour, so such levels almost never have one
 * solution. */
static PwAttack
attack_of (const PwCombinationLevel *level,
           int                       colour,
           GRand                    *rand)
{
  for (int e = 0; e < level->n_entries; e++)
    if (level->entries[e].colour == colour)
      return level->entries[e].attack;
  return g_rand_int_range (rand, 1, 4);
}

/* Solutions up to colour symmetry, counted to @cap; -1 when the node
 * limit came first. With @filled, which cells each solution fills. */
static gint64
count (const PwCombinationLevel *level,
       guint64                   cap,
       guint64                   max_nodes,
       GPtrArray                *filled,
       GCancellable             *cancellable,
       GError                  **error)
{
  g_autoptr(PwCombinationModel) model = _pw_combination_model_new (level, TRUE);
  Collect collect = { model, level->width * level->height, filled };
  PwCspSearch search;
  PwCspResult result;

  pw_csp_search_init (&search);
  if (filled != NULL)
    {
      search.on_solution = collect_filled;
      search.on_solution_data = &collect;
    }
  search.order = PW_CSP_ORDER_SMALLEST_DOMAIN;
  search.values_descending = TRUE;
  search.max_solutions = cap;
  search.max_nodes = max_nodes;
  search.cancellable = cancellable;
  if (!pw_csp_search (model->csp, &search, &result, error))
    return -2;
  if (result.node_limit)
    return -1;
  return result.solutions;
}

/* The multiple method's mean over @runs: the estimate with few runs, the
 * recorded figure with the analysis's 50. -1 when cancelled. */
static double
difficulty (const PwCombinationLevel *level,
            guint64                   seed,
            guint                     runs,
            guint64                   max_nodes,
            GCancellable             *cancellable,
            GError                  **error)
{
  g_autoptr(PwCombinationModel) model = _pw_combination_model_new (level, TRUE);
  g_autofree guint64 *nodes = g_new0 (guint64, runs);
  PwCspPropagation propagation;
  gboolean cardinality, limited;
  double sum = 0;

  /* the estimates' two runs on this thread, the record's 50 on every core */
  if (!_pw_combination_measure (model, seed, runs, max_nodes * runs, nodes, NULL, 0,
                                runs > ESTIMATE_RUNS ? 0 : 1, &propagation, &cardinality,
                                &limited, cancellable, NULL, error))
    return -1;
  for (guint r = 0; r < runs; r++)
    sum += nodes[r];
  return round (sum / runs * 100) / 100;
}

/* A copy of @level made to have one solution by holes on empty cells,
 * or NULL. One solution S is kept: each round samples up to
 * TIGHTEN_SAMPLE solutions and puts a hole on the cell S leaves empty
 * that most of the others fill, until S is the only one left, at most
 * @max_holes holes (or the budget) later. */
static PwCombinationLevel *
tighten (const PwCombinationLevel *level,
         int                       max_holes,
         GRand                    *rand,
         GCancellable             *cancellable)
{
  const int n_cells = level->width * level->height;
  PwCombinationLevel *out = pw_combination_kind.copy (level);
  g_autofree guint8 *kept = NULL;

  for (int holes = 0;; holes++)
    {
      g_autoptr(GPtrArray) filled = g_ptr_array_new_with_free_func (g_free);
      gint64 n = count (out, TIGHTEN_SAMPLE, TIGHTEN_NODE_LIMIT, filled, cancellable, NULL);
      int best = -1;
      guint best_hits = 0, ties = 0;

      if (n == 1)
        return out;
      if (n < 1 || holes == max_holes)
        break;
      if (kept == NULL)
        kept = g_memdup2 (g_ptr_array_index (filled, g_rand_int_range (rand, 0, filled->len)),
                          n_cells);
      for (int cell = 0; cell < n_cells; cell++)
        {
          guint hits = 0;

          if (out->cells[cell] != '.' || kept[cell])
            continue;
          for (guint i = 0; i < filled->len; i++)
            hits += ((const guint8 *) g_ptr_array_index (filled, i))[cell];
          if (hits == 0 || hits < best_hits)
            continue;
          /* ties broken at random, each cell as likely */
          ties = hits > best_hits ? 1 : ties + 1;
          if (hits > best_hits || g_rand_int_range (rand, 0, ties) == 0)
            best = cell;
          best_hits = hits;
        }
      /* none: the others fill the same cells as S, in other colours */
      if (best < 0)
        break;
      out->cells[best] = 'o';
    }
  pw_combination_kind.free (out);
  return NULL;
}

/* Records a level with one solution, prettified, with its difficulty,
 * unless it was found before or its difficulty is out of range: 0 to go
 * on, 1 when @found wants no more, -1 on an error (cancelled). */
static int
record (const PwCombinationLevel *level,
        const Params             *p,
        GHashTable               *seen,
        guint                    *n_found,
        PwGenerateFound           found,
        gpointer                  user_data,
        GCancellable             *cancellable,
        GError                  **error)
{
  PwCombinationLevel *pretty = _pw_combination_prettify (level);
  g_autofree char *text = pw_combination_kind.to_text (pretty);
  double d;

  if (g_hash_table_contains (seen, text))
    {
      pw_combination_kind.free (pretty);
      return 0;
    }
  /* the figure the analysis gives, with its default seed */
  d = difficulty (pretty, PW_DEFAULT_SEED, RECORD_RUNS, 0, cancellable, error);
  if (d < 0)
    {
      pw_combination_kind.free (pretty);
      return -1;
    }
  if (d < p->min_difficulty || d > p->max_difficulty)
    {
      pw_combination_kind.free (pretty);
      return 0;
    }
  g_hash_table_add (seen, g_steal_pointer (&text));
  (*n_found)++;
  /* @found takes the level */
  return found (pretty, d, user_data) ? 0 : 1;
}

gboolean
_pw_combination_generate (GHashTable         *table,
                      guint64             seed,
                      guint64             max_bytes,
                      PwGenerateFound     found,
                      PwGenerateProgress  progress,
                      gpointer            user_data,
                      GCancellable       *cancellable,
                      GError            **error)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (seed ^ (seed >> 32)));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 tried = 0;
  guint n_found = 0;
  Params p;

  if (!parse_params (table, &p, error))
    return FALSE;

  for (;;)
    {
      PwCombinationLevel *level = random_grid (&p, rand);
      PwCombinationLevel *unique;

      for (int step = 0; step < STEPS_PER_RESTART; step++)
        {
          PwCombinationLevel *best = NULL;
          double best_score = 0;
          gint64 solutions;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              pw_combination_kind.free (level);
              return FALSE;
            }
          /* a few additions, sometimes of two pieces; the bias picks */
          for (int c = 0; c < CANDIDATES; c++)
            {
              int n_add = g_rand_int_range (rand, 0, 4) == 0 ? 2 : 1;
              PwCombinationLevel *candidate = pw_combination_kind.copy (level);
              g_autoptr(GError) local = NULL;
              double score;

              for (int a = 0; a < n_add; a++)
                {
                  int colour = g_rand_int_range (rand, 0, p.colours);
                  PwCombinationLevel *next = with_piece (candidate, colour,
                                                         attack_of (candidate, colour, rand));

                  pw_combination_kind.free (candidate);
                  candidate = next;
                }
              tried++;
              solutions = count (candidate, 1, SOLVE_NODE_LIMIT, NULL, cancellable, &local);
              if (solutions == -2)
                {
                  g_propagate_error (error, g_steal_pointer (&local));
                  pw_combination_kind.free (candidate);
                  pw_combination_kind.free (level);
                  pw_combination_kind.free (best);
                  return FALSE;
                }
              if (solutions < 1)
                {
                  pw_combination_kind.free (candidate);
                  continue;
                }
              score = p.bias == BIAS_NONE ? g_rand_double (rand)
                      : difficulty (candidate, seed + tried, ESTIMATE_RUNS, ESTIMATE_NODE_LIMIT,
                                    cancellable, NULL);
              if (p.bias == BIAS_EASIER)
                score = -score;
              if (best == NULL || score > best_score)
                {
                  pw_combination_kind.free (best);
                  best = candidate;
                  best_score = score;
                }
              else
                pw_combination_kind.free (candidate);
            }
          if (progress != NULL)
            progress (tried, n_found, user_data);
          if (best == NULL)
            break;  /* stuck: no piece more fits */
          pw_combination_kind.free (level);
          level = best;

          /* one solution: record it */
          if (count (level, 2, PROOF_NODE_LIMIT, NULL, cancellable, NULL) == 1)
            {
              int recorded = record (level, &p, seen, &n_found, found, user_data, cancellable,
                                     error);

              if (recorded != 0)
                {
                  pw_combination_kind.free (level);
                  return recorded > 0;
                }
            }
        }
      /* before the restart: one solution with a few holes, if it can be */
      unique = tighten (level, MAX (3, empty_cells (level) / 8), rand, cancellable);
      if (unique != NULL)
        {
          int recorded = record (unique, &p, seen, &n_found, found, user_data, cancellable, error);

          g_clear_pointer (&unique, pw_combination_kind.free);
          if (recorded != 0)
            {
              pw_combination_kind.free (level);
              return recorded > 0;
            }
        }
      pw_combination_kind.free (level);
    }
}
