/* knight-generate.c — making knight's-tour number puzzles
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tour from a seeded randomised search of the board (blocked cells, if
 * asked, placed at random first; a layout without a tour found within the
 * budget is drawn again), numbered from a random start and direction when
 * it is closed, reversed half the time when it is open. Every step starts
 * given; the givens are then emptied in a random order, each removal kept
 * while the puzzle keeps one solution, until the number of givens drawn
 * from the band asked for is reached (or, without a band, until no given
 * can go on its own: a minimal puzzle). Puzzles that end above the band
 * are dropped. A uniqueness check that runs out of its budget counts as
 * "not unique", so the same seed always gives the same puzzles.
 */

#define G_LOG_DOMAIN "pw-knight"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "knight-private.h"

/* Nodes for one search for a tour, one uniqueness check, one measure. */
#define TOUR_BUDGET    G_GUINT64_CONSTANT (2000000)
#define UNIQUE_BUDGET  G_GUINT64_CONSTANT (500000)
#define MEASURE_BUDGET G_GUINT64_CONSTANT (10000000)
#define MEASURE_RUNS   50

const PwGenerateParam _pw_knight_generate_params[PW_KNIGHT_N_GENERATE_PARAMS] = {
  { "size", N_("WxH"), N_("board size, 3 to 32 each way (default 8x8)") },
  { "closed", N_("true|false"), N_("closed tours: the last step a knight’s move from the first "
                                   "(default false)") },
  { "givens", N_("MIN-MAX"), N_("the number of givens to stop at (default: as few as can stay "
                                "unique, a minimal puzzle)") },
  { "blocked", N_("N"), N_("cells blocked at random (default 0)") },
  { "difficulty", N_("MIN-MAX"), N_("keep puzzles whose difficulty (mean nodes) is in this "
                                    "range") },
};

typedef struct
{
  guint    width;
  guint    height;
  gboolean closed;
  guint    min_givens;
  guint    max_givens;   /* G_MAXUINT: no band, empty as far as possible */
  guint    blocked;
  gboolean banded;       /* a difficulty band was asked for */
  double   min_difficulty;
  double   max_difficulty;
} Params;

/* ------------------------------------------------------------------ */
/* Parameters                                                           */

static gboolean
parse_uint_range (const char  *name,
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
  const char *text;
  GHashTableIter iter;
  gpointer key;

  memset (p, 0, sizeof *p);
  p->width = p->height = 8;
  p->max_givens = G_MAXUINT;

  if (table != NULL)
    {
      g_hash_table_iter_init (&iter, table);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          gboolean known = FALSE;

          for (guint i = 0; i < PW_KNIGHT_N_GENERATE_PARAMS; i++)
            known |= g_str_equal (key, _pw_knight_generate_params[i].name);
          if (!known)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("“%s” is not a parameter of the %s generator"), (const char *) key,
                           _(pw_knights_tour_kind.name));
              return FALSE;
            }
        }
    }

#define PARAM(name) (table != NULL ? (const char *) g_hash_table_lookup (table, name) : NULL)
  if ((text = PARAM ("size")) != NULL)
    {
      guint w, h;
      char extra;
      int n = sscanf (text, "%ux%u%c", &w, &h, &extra);

      if (n == 1 && strchr (text, 'x') == NULL)
        h = w;
      if ((n != 2 && !(n == 1 && strchr (text, 'x') == NULL)) || w < PW_KNIGHT_MIN_SIZE ||
          h < PW_KNIGHT_MIN_SIZE || w > PW_KNIGHT_MAX_SIZE || h > PW_KNIGHT_MAX_SIZE)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("size=%s: give WxH (or N for N×N), %d to %d each way"), text,
                       PW_KNIGHT_MIN_SIZE, PW_KNIGHT_MAX_SIZE);
          return FALSE;
        }
      p->width = w;
      p->height = h;
    }
  if ((text = PARAM ("closed")) != NULL)
    {
      if (g_str_equal (text, "true"))
        p->closed = TRUE;
      else if (!g_str_equal (text, "false"))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("closed=%s: give true or false"), text);
          return FALSE;
        }
    }
  if ((text = PARAM ("blocked")) != NULL)
    {
      guint64 n;
      guint limit = p->width * p->height / 2;

      if (!g_ascii_string_to_unsigned (text, 10, 0, limit, &n, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("blocked=%s: give a number from 0 to %u (half the board)"), text,
                       limit);
          return FALSE;
        }
      p->blocked = n;
    }
  if ((text = PARAM ("givens")) != NULL &&
      !parse_uint_range ("givens", text, p->width * p->height - p->blocked, &p->min_givens,
                         &p->max_givens, error))
    return FALSE;
  if ((text = PARAM ("difficulty")) != NULL)
    {
      const char *dash = strchr (text, '-');
      char *end1 = NULL, *end2 = NULL;
      double lo = g_ascii_strtod (text, &end1);
      double hi = dash ? g_ascii_strtod (dash + 1, &end2) : NAN;

      if (dash == NULL || end1 != dash || end2 == dash + 1 || *end2 != '\0' || !(lo >= 0) ||
          !(hi >= lo))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("difficulty=%s: give MIN-MAX, as 100-2000"), text);
          return FALSE;
        }
      p->min_difficulty = lo;
      p->max_difficulty = hi;
      p->banded = TRUE;
    }
#undef PARAM
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Tours                                                                */

static void
shuffle (GRand *rand,
         guint *items,
         guint  n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint t = items[i - 1];

      items[i - 1] = items[j];
      items[j] = t;
    }
}

static guint64
rand_seed (GRand *rand)
{
  return ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
}

static gboolean
copy_tour (const guint16 *steps,
           guint64        weight,
           gpointer       data)
{
  PwKnightLevel *level = data;

  for (guint c = 0; c < level->width * level->height; c++)
    if (level->cells[c] != PW_KNIGHT_BLOCKED)
      level->cells[c] = steps[c];
  return FALSE;
}

/* Every step of a random tour given in @level (its blocked cells are the
 * board's); *@got FALSE when the budget found none. FALSE when
 * cancelled. */
static gboolean
random_tour (const PwKnightBoard *board,
             PwKnightLevel       *level,
             GRand               *rand,
             gboolean            *got,
             GCancellable        *cancellable,
             GError             **error)
{
  PwKnightSearch search;
  PwKnightResult result;
  guint cells = level->width * level->height, f = _pw_knight_level_n_free (level);

  for (guint c = 0; c < cells; c++)
    if (level->cells[c] != PW_KNIGHT_BLOCKED)
      level->cells[c] = 0;
  _pw_knight_search_init (&search);
  search.max_solutions = 1;
  search.max_nodes = TOUR_BUDGET;
  search.random_order = TRUE;
  search.seed = rand_seed (rand);
  search.on_solution = copy_tour;
  search.on_solution_data = level;
  search.cancellable = cancellable;
  if (!_pw_knight_search (board, level, &search, &result, error))
    return FALSE;
  *got = result.solutions > 0;
  if (!*got)
    return TRUE;

  /* a closed tour from any cell in either direction; an open one either
   * way round */
  if (level->closed)
    {
      guint shift = g_rand_int_range (rand, 0, f);
      gboolean back = g_rand_boolean (rand);

      for (guint c = 0; c < cells; c++)
        if (level->cells[c] != PW_KNIGHT_BLOCKED)
          {
            guint s = back ? f - level->cells[c] : (guint) level->cells[c] - 1;

            level->cells[c] = (s + shift) % f + 1;
          }
    }
  else if (g_rand_boolean (rand))
    for (guint c = 0; c < cells; c++)
      if (level->cells[c] != PW_KNIGHT_BLOCKED)
        level->cells[c] = f + 1 - level->cells[c];
  return TRUE;
}

/* Whether @level has exactly one tour, -1 when the budget could not tell,
 * -2 when cancelled. */
static int
unique (const PwKnightBoard *board,
        const PwKnightLevel *level,
        GCancellable        *cancellable,
        GError             **error)
{
  PwKnightSearch search;
  PwKnightResult result;

  _pw_knight_search_init (&search);
  search.max_solutions = 2;
  search.max_nodes = UNIQUE_BUDGET;
  search.cancellable = cancellable;
  if (!_pw_knight_search (board, level, &search, &result, error))
    return -2;
  if (result.node_limit)
    return -1;
  return result.solutions == 1;
}

/* Empties givens of @level (every step given) in a random order while it
 * keeps one solution, down to @target givens. FALSE when cancelled. */
static gboolean
empty_level (const PwKnightBoard *board,
             PwKnightLevel       *level,
             guint                target,
             GRand               *rand,
             GCancellable        *cancellable,
             GError             **error)
{
  guint cells = level->width * level->height, n = 0;
  g_autofree guint *order = g_new (guint, cells);
  guint givens = _pw_knight_level_n_givens (level);

  for (guint c = 0; c < cells; c++)
    if (level->cells[c] != PW_KNIGHT_BLOCKED)
      order[n++] = c;
  shuffle (rand, order, n);
  for (guint i = 0; i < n && givens > target; i++)
    {
      guint c = order[i], step = level->cells[c];
      int verdict;

      level->cells[c] = 0;
      verdict = unique (board, level, cancellable, error);
      if (verdict == -2)
        return FALSE;
      if (verdict == 1)
        givens--;
      else
        level->cells[c] = step;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

gboolean
_pw_knight_generate (GHashTable         *table,
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
  guint made = 0, cells;

  if (!parse_params (table, &p, error))
    return FALSE;
  cells = p.width * p.height;
  if (p.max_givens != G_MAXUINT && p.min_givens > cells - p.blocked)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("givens=%u-%u: the board has only %u cells to visit"), p.min_givens,
                   p.max_givens, cells - p.blocked);
      return FALSE;
    }

  rand = g_rand_new_with_seed_array ((const guint32 *) &seed, 2);
  for (;;)
    {
      g_autoptr(PwKnightLevel) level = _pw_knight_level_new (p.width, p.height, p.closed);
      g_autoptr(PwKnightBoard) board = NULL;
      g_autofree guint *order = NULL;
      double difficulty = NAN;
      guint target, givens;
      gboolean got;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      tried++;
      if (progress != NULL)
        progress (tried, made, user_data);

      if (p.blocked > 0)
        {
          order = g_new (guint, cells);
          for (guint c = 0; c < cells; c++)
            order[c] = c;
          shuffle (rand, order, cells);
          for (guint i = 0; i < p.blocked; i++)
            level->cells[order[i]] = PW_KNIGHT_BLOCKED;
        }
      board = _pw_knight_board_new (level);
      if (!random_tour (board, level, rand, &got, cancellable, error))
        return FALSE;
      if (!got)
        continue;

      target = p.max_givens == G_MAXUINT ? 0
               : p.min_givens + g_rand_int_range (rand, 0, p.max_givens - p.min_givens + 1);
      if (!empty_level (board, level, target, rand, cancellable, error))
        return FALSE;
      givens = _pw_knight_level_n_givens (level);
      if (p.max_givens != G_MAXUINT && (givens < p.min_givens || givens > p.max_givens))
        continue;

      if (p.banded)
        {
          guint64 budget = MEASURE_BUDGET;
          double sd;
          gboolean limited;

          if (!_pw_knight_measure (board, level, rand_seed (rand), MEASURE_RUNS, &budget,
                                   &difficulty, &sd, &limited, cancellable, NULL, error))
            return FALSE;
          if (limited || difficulty < p.min_difficulty || difficulty > p.max_difficulty)
            continue;
        }
      made++;
      if (!found (g_steal_pointer (&level), difficulty, user_data))
        return TRUE;
    }
}
