/* star-logic.c — a human-style solver that grades Star Battle puzzles
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The techniques of PW_STAR_TECHNIQUES, in order of difficulty, one step
 * at a time, starting again from the easiest after every step (Tatham's
 * rule, as the number-placement grader does). When none applies, trial:
 * a star assumed on a cell, the techniques run from there, and a
 * contradiction empties the cell; nested trials when one level is not
 * enough. docs/rules/star-battle.md describes each technique and the
 * grade.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "queens-private.h"

#define MAX_N     PW_STAR_BATTLE_MAX_N
#define MAX_CELLS (MAX_N * MAX_N)
#define MAX_UNITS (3 * MAX_N)

enum
{
  UNKNOWN = PW_QUEENS_CELL_EMPTY,
  STAR = PW_QUEENS_CELL_QUEEN,
  EMPTY = PW_QUEENS_CELL_BLOCKED,
};

#define AS_KEY(id, key, name, rating) key,
static const char * const technique_keys[] = { PW_STAR_TECHNIQUES (AS_KEY) };
#undef AS_KEY
#define AS_NAME(id, key, name, rating) name,
static const char * const technique_names[] = { PW_STAR_TECHNIQUES (AS_NAME) };
#undef AS_NAME
#define AS_RATING(id, key, name, rating) rating,
static const double technique_ratings[] = { PW_STAR_TECHNIQUES (AS_RATING) };
#undef AS_RATING

const char *
_pw_star_technique_key (PwStarTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_STAR_TECHNIQUES, NULL);
  return technique_keys[technique];
}

const char *
_pw_star_technique_name (PwStarTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_STAR_TECHNIQUES, NULL);
  return _(technique_names[technique]);
}

double
_pw_star_technique_rating (PwStarTechnique technique)
{
  g_return_val_if_fail (technique < PW_N_STAR_TECHNIQUES, 0);
  return technique_ratings[technique];
}

void
_pw_star_step_free (PwStarStep *step)
{
  if (step == NULL)
    return;
  g_array_unref (step->stars);
  g_array_unref (step->empties);
  g_array_unref (step->pattern);
  g_free (step);
}

/* ------------------------------------------------------------------ */
/* The board                                                            */

typedef struct
{
  guint         n;
  guint         k;
  guint         n_units;             /* rows, columns, regions */
  guint16       unit_start[MAX_UNITS + 1];
  guint16       unit_cells[3 * MAX_CELLS];
  guint8        unit_of[MAX_CELLS][3];
  guint8        region[MAX_CELLS];

  guint64       budget;
  guint64       work;
  guint         cost;                /* work units of one technique search */
  GCancellable *cancellable;
  PwDeadline   *deadline;
  gboolean      stopped;             /* budget or cancel */
} Board;

typedef struct
{
  guint8 cell[MAX_CELLS];
} Position;

typedef enum
{
  RUN_STUCK,
  RUN_SOLVED,
  RUN_CONTRADICTION,
  RUN_STOPPED,
} RunResult;

static Board *
board_new (const PwQueensLevel *level)
{
  Board *b = g_new0 (Board, 1);
  guint n = level->n, at = 0;

  b->n = n;
  b->k = level->stars;
  b->n_units = 3 * n;
  b->cost = MAX (1, n * n / 64);
  memcpy (b->region, level->regions, n * n);
  for (guint u = 0; u < b->n_units; u++)
    {
      b->unit_start[u] = at;
      for (guint c = 0; c < n * n; c++)
        {
          guint x = c % n, y = c / n;
          gboolean in = u < n ? y == u : u < 2 * n ? x == u - n : level->regions[c] == u - 2 * n;

          if (in)
            b->unit_cells[at++] = c;
        }
    }
  b->unit_start[b->n_units] = at;
  for (guint c = 0; c < n * n; c++)
    {
      b->unit_of[c][0] = c / n;
      b->unit_of[c][1] = n + c % n;
      b->unit_of[c][2] = 2 * n + level->regions[c];
    }
  return b;
}

#define UNIT_FOREACH(b, u, c)                                                   \
  for (guint _i = (b)->unit_start[u], c;                                        \
       _i < (b)->unit_start[(u) + 1] && ((c) = (b)->unit_cells[_i], TRUE); _i++)

typedef struct
{
  guint8 stars[MAX_UNITS];
  guint8 open[MAX_UNITS];
} Counts;

static void
count_units (const Board    *b,
             const Position *p,
             Counts         *counts)
{
  memset (counts, 0, sizeof *counts);
  for (guint c = 0; c < b->n * b->n; c++)
    for (guint i = 0; i < 3; i++)
      {
        counts->stars[b->unit_of[c][i]] += p->cell[c] == STAR;
        counts->open[b->unit_of[c][i]] += p->cell[c] == UNKNOWN;
      }
}

static inline guint
need (const Board  *b,
      const Counts *counts,
      guint         unit)
{
  return counts->stars[unit] < b->k ? b->k - counts->stars[unit] : 0;
}

/* Stars a unit's unknown cells can hold with none touching: exact for a
 * line (runs of c cells hold ⌈c/2⌉), for a region the 2 × 2 blocks (at
 * even rows and columns) it meets. */
static guint
room (const Board    *b,
      const Position *p,
      guint           unit)
{
  guint n = b->n, total = 0;

  if (unit < 2 * n)
    {
      guint run = 0;

      for (guint i = 0; i <= n; i++)
        {
          guint c = i == n ? 0 : unit < n ? unit * n + i : i * n + (unit - n);

          if (i < n && p->cell[c] == UNKNOWN)
            run++;
          else
            {
              total += (run + 1) / 2;
              run = 0;
            }
        }
    }
  else
    {
      guint64 seen[((MAX_N / 2 + 1) * (MAX_N / 2 + 1) + 63) / 64] = { 0 };

      UNIT_FOREACH (b, unit, c)
        if (p->cell[c] == UNKNOWN)
          {
            guint block = (c / n / 2) * (n / 2 + 1) + c % n / 2;
            guint64 bit = G_GUINT64_CONSTANT (1) << (block % 64);

            total += (seen[block / 64] & bit) == 0;
            seen[block / 64] |= bit;
          }
    }
  return total;
}

/* Whether the position breaks a rule or leaves a unit without room. */
static gboolean
contradicts (const Board    *b,
             const Position *p)
{
  guint n = b->n;
  Counts counts;

  count_units (b, p, &counts);
  for (guint c = 0; c < n * n; c++)
    if (p->cell[c] == STAR)
      {
        guint x = c % n, y = c / n;

        /* touching: right, down-left, down, down-right */
        if ((x + 1 < n && p->cell[c + 1] == STAR) ||
            (y + 1 < n && x > 0 && p->cell[c + n - 1] == STAR) ||
            (y + 1 < n && p->cell[c + n] == STAR) ||
            (y + 1 < n && x + 1 < n && p->cell[c + n + 1] == STAR))
          return TRUE;
      }
  for (guint u = 0; u < b->n_units; u++)
    {
      guint lacking = need (b, &counts, u);

      if (counts.stars[u] > b->k || counts.open[u] < lacking ||
          (lacking > 0 && room (b, p, u) < lacking))
        return TRUE;
    }
  return FALSE;
}

static gboolean
solved (const Board    *b,
        const Position *p)
{
  Counts counts;

  count_units (b, p, &counts);
  for (guint y = 0; y < b->n; y++)
    if (counts.stars[y] != b->k)
      return FALSE;
  return TRUE;
}

static PwStarStep *
step_new (PwStarTechnique technique)
{
  PwStarStep *step = g_new0 (PwStarStep, 1);

  step->technique = technique;
  step->stars = g_array_new (FALSE, FALSE, sizeof (guint));
  step->empties = g_array_new (FALSE, FALSE, sizeof (guint));
  step->pattern = g_array_new (FALSE, FALSE, sizeof (guint));
  return step;
}

static void
step_apply (const PwStarStep *step,
            Position         *p)
{
  for (guint i = 0; i < step->stars->len; i++)
    p->cell[g_array_index (step->stars, guint, i)] = STAR;
  for (guint i = 0; i < step->empties->len; i++)
    p->cell[g_array_index (step->empties, guint, i)] = EMPTY;
}

static void
add_unknowns (const Board    *b,
              const Position *p,
              guint           unit,
              GArray         *cells)
{
  UNIT_FOREACH (b, unit, c)
    if (p->cell[c] == UNKNOWN)
      g_array_append_val (cells, c);
}

/* ------------------------------------------------------------------ */
/* The techniques                                                       */

/* A unit with its k stars: its other cells are empty. */
static PwStarStep *
find_unit_complete (const Board    *b,
                    const Position *p,
                    const Counts   *counts)
{
  for (guint u = 0; u < b->n_units; u++)
    if (counts->stars[u] == b->k && counts->open[u] > 0)
      {
        PwStarStep *step = step_new (PW_STAR_UNIT_COMPLETE);

        add_unknowns (b, p, u, step->empties);
        step->unit = u;
        UNIT_FOREACH (b, u, c)
          if (p->cell[c] == STAR)
            g_array_append_val (step->pattern, c);
        return step;
      }
  return NULL;
}

/* The cells around a star are empty. */
static PwStarStep *
find_neighbours (const Board    *b,
                 const Position *p)
{
  guint n = b->n;

  for (guint c = 0; c < n * n; c++)
    {
      PwStarStep *step = NULL;
      guint x = c % n, y = c / n;

      if (p->cell[c] != STAR)
        continue;
      for (guint ny = y > 0 ? y - 1 : 0; ny <= y + 1 && ny < n; ny++)
        for (guint nx = x > 0 ? x - 1 : 0; nx <= x + 1 && nx < n; nx++)
          if (p->cell[ny * n + nx] == UNKNOWN)
            {
              guint cell = ny * n + nx;

              if (step == NULL)
                {
                  step = step_new (PW_STAR_NEIGHBOURS);
                  step->cell = c;
                  g_array_append_val (step->pattern, c);
                }
              g_array_append_val (step->empties, cell);
            }
      if (step != NULL)
        return step;
    }
  return NULL;
}

/* A unit whose unknown cells are as many as the stars it lacks. */
static PwStarStep *
find_last_cells (const Board    *b,
                 const Position *p,
                 const Counts   *counts)
{
  for (guint u = 0; u < b->n_units; u++)
    if (counts->open[u] > 0 && counts->open[u] == need (b, counts, u))
      {
        PwStarStep *step = step_new (PW_STAR_LAST_CELLS);

        add_unknowns (b, p, u, step->stars);
        step->unit = u;
        UNIT_FOREACH (b, u, c)
          g_array_append_val (step->pattern, c);
        return step;
      }
  return NULL;
}

/* What a band step names: its lines, its regions, and as its pattern
 * the regions' cells (inside) or the band's cells (the band inside the
 * regions). */
static void
band_reason (const Board    *b,
             PwStarStep     *step,
             gboolean        columns,
             guint           first,
             guint           last,
             const gboolean *regions,
             gboolean        inside)
{
  guint n = b->n;

  step->columns = columns;
  step->first = first;
  step->last = last;
  step->inside = inside;
  for (guint r = 0; r < n; r++)
    if (regions[r])
      step->regions |= G_GUINT64_CONSTANT (1) << r;
  for (guint c = 0; c < n * n; c++)
    {
      guint line = columns ? c % n : c / n;

      if (inside ? regions[b->region[c]] : line >= first && line <= last)
        g_array_append_val (step->pattern, c);
    }
}

/* Bands of consecutive rows (or columns) [first, last] against
 * regions: the regions lying inside the band, lacking together as many
 * stars as the band lacks, leave the band's other cells empty; the
 * regions the band's unknown cells lie in, lacking as many as the band,
 * leave their cells outside the band empty. With @single (confinement),
 * only bands of one line against one region. With @all, every band's
 * eliminations in one step (inside trials). *@contradiction when the
 * regions inside lack more than the band, or those it meets less. */
static PwStarStep *
find_band (const Board    *b,
           const Position *p,
           const Counts   *counts,
           gboolean        single,
           gboolean        all,
           gboolean       *contradiction)
{
  guint n = b->n;
  PwStarStep *step = NULL;
  g_autofree guint8 *taken = all ? g_new0 (guint8, n * n) : NULL;
  /* per region and line: its unknown cells there, as running sums over
   * the lines (rows, then columns) */
  g_autofree guint16 *upto = g_new0 (guint16, 2 * n * (n + 1));

  for (guint c = 0; c < n * n; c++)
    if (p->cell[c] == UNKNOWN)
      {
        upto[(0 * n + b->region[c]) * (n + 1) + c / n + 1]++;
        upto[(1 * n + b->region[c]) * (n + 1) + c % n + 1]++;
      }
  for (guint i = 0; i < 2 * n; i++)
    for (guint line = 1; line <= n; line++)
      upto[i * (n + 1) + line] += upto[i * (n + 1) + line - 1];

  for (guint columns = 0; columns < 2; columns++)
    for (guint size = 1; size <= (single ? 1 : n - 1); size++)
      for (guint first = 0; first + size <= n; first++)
        {
          guint last = first + size - 1, band_need = 0, inside_need = 0, met_need = 0;
          guint inside = 0, met = 0;
          gboolean is_inside[MAX_N], is_met[MAX_N];

          for (guint i = first; i <= last; i++)
            band_need += need (b, counts, columns * n + i);
          if (band_need == 0)
            continue;
          for (guint r = 0; r < n; r++)
            {
              const guint16 *sums = upto + (columns * n + r) * (n + 1);
              guint in_band = sums[last + 1] - sums[first];

              /* regions with unknown cells, all of them in the band */
              is_inside[r] = sums[n] > 0 && in_band == sums[n];
              is_met[r] = in_band > 0;
              if (is_inside[r])
                inside_need += need (b, counts, 2 * n + r), inside++;
              if (is_met[r])
                met_need += need (b, counts, 2 * n + r), met++;
            }
          if (inside_need > band_need || met_need < band_need)
            {
              *contradiction = TRUE;
              g_clear_pointer (&step, _pw_star_step_free);
              return NULL;
            }
          if (inside_need == band_need && (!single || inside == 1))
            for (guint c = 0; c < n * n; c++)
              {
                guint line = columns ? c % n : c / n;

                if (p->cell[c] == UNKNOWN && line >= first && line <= last &&
                    !is_inside[b->region[c]] && (taken == NULL || !taken[c]))
                  {
                    if (step == NULL)
                      {
                        step = step_new (single ? PW_STAR_CONFINEMENT : PW_STAR_PIGEONHOLE);
                        band_reason (b, step, columns, first, last, is_inside, TRUE);
                      }
                    g_array_append_val (step->empties, c);
                    if (taken != NULL)
                      taken[c] = 1;
                  }
              }
          if (step != NULL && !all)
            return step;
          if (met_need == band_need && (!single || met == 1))
            for (guint c = 0; c < n * n; c++)
              {
                guint line = columns ? c % n : c / n;

                if (p->cell[c] == UNKNOWN && (line < first || line > last) &&
                    is_met[b->region[c]] && (taken == NULL || !taken[c]))
                  {
                    if (step == NULL)
                      {
                        step = step_new (single ? PW_STAR_CONFINEMENT : PW_STAR_PIGEONHOLE);
                        band_reason (b, step, columns, first, last, is_met, FALSE);
                      }
                    g_array_append_val (step->empties, c);
                    if (taken != NULL)
                      taken[c] = 1;
                  }
              }
          if (step != NULL && !all)
            return step;
        }
  return step;
}

/* A star on @cell, with what follows at once: its neighbours empty, its
 * units' other cells empty when they have their stars. Marks in
 * @touched the units whose cells changed. */
static void
place_star (const Board *b,
            Position    *p,
            guint        cell,
            gboolean    *touched)
{
  guint n = b->n, x = cell % n, y = cell / n;

  p->cell[cell] = STAR;
  for (guint i = 0; i < 3; i++)
    touched[b->unit_of[cell][i]] = TRUE;
  for (guint ny = y > 0 ? y - 1 : 0; ny <= y + 1 && ny < n; ny++)
    for (guint nx = x > 0 ? x - 1 : 0; nx <= x + 1 && nx < n; nx++)
      if (p->cell[ny * n + nx] == UNKNOWN)
        {
          p->cell[ny * n + nx] = EMPTY;
          for (guint i = 0; i < 3; i++)
            touched[b->unit_of[ny * n + nx][i]] = TRUE;
        }
  for (guint i = 0; i < 3; i++)
    {
      guint unit = b->unit_of[cell][i], stars = 0;

      UNIT_FOREACH (b, unit, c)
        stars += p->cell[c] == STAR;
      if (stars == b->k)
        UNIT_FOREACH (b, unit, c)
          if (p->cell[c] == UNKNOWN)
            {
              p->cell[c] = EMPTY;
              for (guint j = 0; j < 3; j++)
                touched[b->unit_of[c][j]] = TRUE;
            }
    }
}

/* Whether @unit has more than k stars or lacks room for its stars. */
static gboolean
unit_fails (const Board    *b,
            const Position *p,
            guint           unit)
{
  guint stars = 0, open = 0, lacking;

  UNIT_FOREACH (b, unit, c)
    {
      stars += p->cell[c] == STAR;
      open += p->cell[c] == UNKNOWN;
    }
  if (stars > b->k)
    return TRUE;
  lacking = b->k - stars;
  return open < lacking || (lacking > 0 && room (b, p, unit) < lacking);
}

/* A cell whose star would leave some unit without room for its stars
 * (the stars already placed have their neighbours emptied: the technique
 * comes after those that do it, so only the units the star changes can
 * fail). */
static PwStarStep *
find_no_room (const Board    *b,
              const Position *p,
              gboolean        all)
{
  PwStarStep *step = NULL;

  for (guint c = 0; c < b->n * b->n; c++)
    {
      Position after;
      gboolean touched[MAX_UNITS] = { 0 };

      if (p->cell[c] != UNKNOWN)
        continue;
      after = *p;
      place_star (b, &after, c, touched);
      for (guint u = 0; u < b->n_units; u++)
        if (touched[u] && unit_fails (b, &after, u))
          {
            if (step == NULL)
              {
                step = step_new (PW_STAR_NO_ROOM);
                step->cell = c;
                step->unit = u;
                UNIT_FOREACH (b, u, uc)
                  g_array_append_val (step->pattern, uc);
              }
            g_array_append_val (step->empties, c);
            if (!all)
              return step;
            break;
          }
    }
  return step;
}

static gboolean
spend (Board *b)
{
  b->work += b->cost;
  if (b->work > b->budget ||
      ((b->work & 63) < b->cost && (g_cancellable_is_cancelled (b->cancellable) ||
                                     pw_deadline_passed (b->deadline))))
    b->stopped = TRUE;
  return !b->stopped;
}

static PwStarStep *next_step (Board *b, const Position *p, PwStarTechnique max, guint max_depth,
                              gboolean *contradiction);
static PwStarStep *find_trial (Board *b, const Position *p, guint depth);

/* The three easiest techniques to a fixpoint, all their steps at once
 * (inside a trial only the outcome counts, not the steps); FALSE when
 * the position contradicts itself. */
static gboolean
basic_fixpoint (Board    *b,
                Position *p)
{
  guint n = b->n;
  gboolean changed = TRUE;

  while (changed)
    {
      Counts counts;

      changed = FALSE;
      if (!spend (b))
        return TRUE;
      for (guint c = 0; c < n * n; c++)
        if (p->cell[c] == STAR)
          {
            guint x = c % n, y = c / n;

            for (guint ny = y > 0 ? y - 1 : 0; ny <= y + 1 && ny < n; ny++)
              for (guint nx = x > 0 ? x - 1 : 0; nx <= x + 1 && nx < n; nx++)
                if (p->cell[ny * n + nx] == UNKNOWN)
                  p->cell[ny * n + nx] = EMPTY, changed = TRUE;
          }
      count_units (b, p, &counts);
      for (guint u = 0; u < b->n_units; u++)
        {
          if (counts.stars[u] > b->k)
            return FALSE;
          if (counts.open[u] == 0)
            continue;
          if (counts.stars[u] == b->k)
            UNIT_FOREACH (b, u, c)
              if (p->cell[c] == UNKNOWN)
                p->cell[c] = EMPTY, changed = TRUE;
        }
      count_units (b, p, &counts);
      for (guint u = 0; u < b->n_units; u++)
        {
          if (counts.open[u] < need (b, &counts, u))
            return FALSE;
          if (counts.open[u] > 0 && counts.open[u] == need (b, &counts, u))
            UNIT_FOREACH (b, u, c)
              if (p->cell[c] == UNKNOWN)
                p->cell[c] = STAR, changed = TRUE;
        }
    }
  return !contradicts (b, p);
}

/* Runs the techniques (trials up to @max_depth) from @p until stuck,
 * solved or a contradiction. */
static RunResult
run (Board    *b,
     Position *p,
     guint     max_depth)
{
  for (;;)
    {
      gboolean contradiction = FALSE;
      g_autoptr(PwStarStep) step = NULL;

      Counts counts;

      if (!basic_fixpoint (b, p))
        return RUN_CONTRADICTION;
      if (b->stopped || !spend (b))
        return RUN_STOPPED;
      if (solved (b, p))
        return RUN_SOLVED;
      /* every band's and every cell's eliminations at once: the outcome
       * of a trial does not depend on the order of sound steps */
      count_units (b, p, &counts);
      step = find_band (b, p, &counts, FALSE, TRUE, &contradiction);
      if (contradiction)
        return RUN_CONTRADICTION;
      if (step == NULL)
        step = find_no_room (b, p, TRUE);
      for (guint depth = 1; step == NULL && depth <= max_depth && !b->stopped; depth++)
        step = find_trial (b, p, depth);
      if (b->stopped)
        return RUN_STOPPED;
      if (step == NULL)
        return RUN_STUCK;
      step_apply (step, p);
    }
}

/* A cell whose star leads to a contradiction by the techniques with
 * trials nested below @depth. */
static PwStarStep *
find_trial (Board          *b,
            const Position *p,
            guint           depth)
{
  for (guint c = 0; c < b->n * b->n; c++)
    {
      Position after;
      RunResult result;

      if (p->cell[c] != UNKNOWN)
        continue;
      after = *p;
      after.cell[c] = STAR;
      result = run (b, &after, depth - 1);
      if (result == RUN_STOPPED)
        return NULL;
      if (result == RUN_CONTRADICTION)
        {
          PwStarStep *step = step_new (PW_STAR_TRIAL);

          step->depth = depth;
          step->cell = c;
          g_array_append_val (step->empties, c);
          return step;
        }
    }
  return NULL;
}

static PwStarStep *
next_step (Board           *b,
           const Position  *p,
           PwStarTechnique  max,
           guint            max_depth,
           gboolean        *contradiction)
{
  PwStarStep *step = NULL;
  Counts counts;

  *contradiction = FALSE;
  if (!spend (b))
    return NULL;
  if (contradicts (b, p))
    {
      *contradiction = TRUE;
      return NULL;
    }
  count_units (b, p, &counts);
  if ((step = find_unit_complete (b, p, &counts)) != NULL)
    return step;
  if (max >= PW_STAR_NEIGHBOURS && (step = find_neighbours (b, p)) != NULL)
    return step;
  if (max >= PW_STAR_LAST_CELLS && (step = find_last_cells (b, p, &counts)) != NULL)
    return step;
  if (max >= PW_STAR_CONFINEMENT &&
      ((step = find_band (b, p, &counts, TRUE, FALSE, contradiction)) != NULL || *contradiction))
    return step;
  if (max >= PW_STAR_PIGEONHOLE && spend (b) &&
      ((step = find_band (b, p, &counts, FALSE, FALSE, contradiction)) != NULL || *contradiction))
    return step;
  if (max >= PW_STAR_NO_ROOM && spend (b) && (step = find_no_room (b, p, FALSE)) != NULL)
    return step;
  for (guint depth = 1; max >= PW_STAR_TRIAL && depth <= max_depth && !b->stopped; depth++)
    if ((step = find_trial (b, p, depth)) != NULL)
      return step;
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Sentences                                                            */

static char *
unit_name (guint n,
           guint unit)
{
  if (unit < n)
    return g_strdup_printf (_("row %u"), unit + 1);
  if (unit < 2 * n)
    return g_strdup_printf (_("column %u"), unit - n + 1);
  return g_strdup_printf (_("region %c"), PW_STAR_BATTLE_LETTERS[unit - 2 * n]);
}

static char *
star_cell_name (guint n,
                guint cell)
{
  return g_strdup_printf ("r%uc%u", cell / n + 1, cell % n + 1);
}

char *
_pw_star_step_sentence (const PwQueensLevel *level,
                        const PwStarStep    *step)
{
  const char *technique;
  guint n;

  g_return_val_if_fail (level != NULL && step != NULL, NULL);

  n = level->n;
  technique = _pw_star_technique_name (step->technique);
  switch (step->technique)
    {
    case PW_STAR_UNIT_COMPLETE:
      {
        g_autofree char *unit = unit_name (n, step->unit);

        /* Translators: a star battle hint; %s the technique, then "row 3" */
        return g_strdup_printf (_("%s: %s has all its stars, so its other cells hold none."),
                                technique, unit);
      }
    case PW_STAR_NEIGHBOURS:
      {
        g_autofree char *cell = star_cell_name (n, step->cell);

        /* Translators: a star battle hint; %s the technique, then a cell "r2c3" */
        return g_strdup_printf (_("%s: no star touches the star in %s, not even diagonally."),
                                technique, cell);
      }
    case PW_STAR_LAST_CELLS:
      {
        g_autofree char *unit = unit_name (n, step->unit);

        /* Translators: a star battle hint; %s the technique, then "row 3" */
        return g_strdup_printf (_("%s: %s needs as many stars as it has free cells, so they all "
                                  "hold stars."), technique, unit);
      }
    case PW_STAR_CONFINEMENT:
    case PW_STAR_PIGEONHOLE:
      {
        g_autofree char *band = NULL;
        GString *letters = g_string_new (NULL);
        g_autofree char *regions = NULL;
        guint count = 0;

        if (step->first == step->last)
          band = g_strdup_printf (step->columns ? _("column %u") : _("row %u"), step->first + 1);
        else
          band = g_strdup_printf (step->columns
                                  /* Translators: a band of lines, "columns 2 to 4" */
                                  ? _("columns %u to %u") : _("rows %u to %u"),
                                  step->first + 1, step->last + 1);
        for (guint r = 0; r < n; r++)
          if (step->regions >> r & 1)
            {
              g_string_append_printf (letters, "%s%c", count > 0 ? ", " : "",
                                      PW_STAR_BATTLE_LETTERS[r]);
              count++;
            }
        regions = g_string_free (letters, FALSE);
        if (step->inside)
          return g_strdup_printf (count == 1
                                  /* Translators: a star battle hint; %s the technique, a
                                   * region's letter, then "row 3" or "rows 3 to 4" twice */
                                  ? _("%s: region %s lies within %s, which needs as many stars "
                                      "as the region, so the other cells of %s hold none.")
                                  /* Translators: a star battle hint; %s the technique, region
                                   * letters "B, C", then "rows 3 to 4" twice */
                                  : _("%s: regions %s lie within %s, which need as many stars "
                                      "as those regions, so the other cells of %s hold none."),
                                  technique, regions, band, band);
        return g_strdup_printf (count == 1
                                /* Translators: a star battle hint; %s the technique, "row 3"
                                 * or "rows 3 to 4", a region's letter, then the band again */
                                ? _("%s: the free cells of %s all lie in region %s, which needs "
                                    "as many stars, so its cells outside %s hold none.")
                                /* Translators: a star battle hint; %s the technique, "rows 3
                                 * to 4", region letters "B, C", then the band again */
                                : _("%s: the free cells of %s all lie in regions %s, which need "
                                    "as many stars, so their cells outside %s hold none."),
                                technique, band, regions, band);
      }
    case PW_STAR_NO_ROOM:
      {
        g_autofree char *cell = star_cell_name (n, step->cell);
        g_autofree char *unit = unit_name (n, step->unit);

        /* Translators: a star battle hint; %s the technique, a cell "r2c3", then "row 3" */
        return g_strdup_printf (_("%s: a star in %s would leave %s no room for its stars."),
                                technique, cell, unit);
      }
    case PW_STAR_TRIAL:
    default:
      {
        g_autofree char *cell = star_cell_name (n, step->cell);

        /* Translators: a star battle hint; %s the technique, then a cell "r2c3" */
        return g_strdup_printf (_("%s: a star in %s leads to a contradiction."), technique, cell);
      }
    }
}

/* ------------------------------------------------------------------ */
/* Public                                                               */

PwStarStep *
_pw_star_next_step (const PwQueensLevel *level,
                    const guint8        *position,
                    PwStarTechnique      max,
                    guint                max_depth,
                    gboolean            *contradiction)
{
  g_autofree Board *b = NULL;
  Position p = { { 0 } };
  gboolean dummy;

  g_return_val_if_fail (level != NULL && level->variant == PW_QUEENS_STAR_BATTLE, NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (contradiction == NULL)
    contradiction = &dummy;
  b = board_new (level);
  b->budget = G_MAXUINT64;
  memcpy (p.cell, position, level->n * level->n);
  if (solved (b, &p))
    {
      *contradiction = contradicts (b, &p);
      return NULL;
    }
  return next_step (b, &p, max, max_depth, contradiction);
}

double
_pw_star_grade_value (const guint *counts,
                      guint        trial_depth)
{
  int hardest = -1;
  double rating, band, hard;

  for (int t = PW_N_STAR_TECHNIQUES - 1; t >= 0 && hardest < 0; t--)
    if (counts[t] > 0)
      hardest = t;
  if (hardest < 0)
    return 0;
  if (hardest == PW_STAR_TRIAL)
    {
      rating = technique_ratings[PW_STAR_TRIAL] + (MAX (trial_depth, 1) - 1);
      band = 1.0;
    }
  else
    {
      rating = technique_ratings[hardest];
      band = technique_ratings[hardest + 1] - rating;
    }
  hard = counts[hardest];
  for (int t = PW_STAR_CONFINEMENT; t < hardest; t++)
    hard += counts[t] / 2.0;
  return rating + 0.9 * band * (hard - 1) / (hard - 1 + 5);
}

gboolean
_pw_star_grade (const PwQueensLevel *level,
                guint64              budget,
                PwStarGrade         *grade,
                GCancellable        *cancellable,
                PwDeadline          *deadline,
                GError             **error)
{
  g_autofree Board *b = NULL;
  Position p = { { 0 } };

  g_return_val_if_fail (level != NULL && level->variant == PW_QUEENS_STAR_BATTLE, FALSE);
  g_return_val_if_fail (grade != NULL, FALSE);

  memset (grade, 0, sizeof *grade);
  b = board_new (level);
  b->budget = budget;
  b->cancellable = cancellable;
  b->deadline = deadline;
  memcpy (p.cell, level->cells, level->n * level->n);

  for (;;)
    {
      gboolean contradiction = FALSE;
      g_autoptr(PwStarStep) step = NULL;

      if (solved (b, &p))
        {
          grade->solved = !contradicts (b, &p);
          break;
        }
      step = next_step (b, &p, PW_STAR_TRIAL, PW_STAR_MAX_TRIAL_DEPTH, &contradiction);
      if (b->stopped)
        break;
      if (step == NULL)
        break;
      grade->counts[step->technique]++;
      if (step->technique == PW_STAR_TRIAL)
        grade->trial_depth = MAX (grade->trial_depth, step->depth);
      step_apply (step, &p);
    }
  grade->work = b->work;
  for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
    if (grade->counts[t] > 0)
      grade->hardest = t;
  grade->grade = _pw_star_grade_value (grade->counts, grade->trial_depth);
  if (b->stopped)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           _("the grader's budget ran out"));
      return FALSE;
    }
  return TRUE;
}
