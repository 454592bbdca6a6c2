/* slide-generate.c — making slide levels to a target par, state count
 * and dead-end share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Simulated annealing on the level itself. A search starts from a random
 * level (border walls, one goal and one skiddy a colour, a few interior
 * walls) and changes it one to three edits at a time: a wall or a pit
 * added or taken away, a piece (skiddy, crate, ice cube) added, taken away
 * or moved, a goal moved, added or taken away; while the dead-end share
 * is off target, some edits add or take away crates. Each candidate is
 * measured exactly (states, par, dead ends: _pw_slide_measure) and scored
 * by how far it is from the targets, in units of the tolerance; a better
 * or equal candidate is kept, a worse one with the annealing's
 * probability; a search that stops improving goes back to its best, and
 * after a few vain returns starts afresh. A level within every
 * tolerance is reported; a search that spends its steps without one
 * reports its best and stops with an error that says how far it was.
 * Everything random comes from one GRand made from the seed.
 */

#define G_LOG_DOMAIN "pw-slide"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "slide-private.h"

#define MIN_GRID 4
#define MAX_GRID 12
#define MAX_GOALS_A_COLOUR 2
/* Steps without a new best after which a search returns to its best;
 * after that many returns in vain it starts afresh. */
#define STALL_STEPS 150
#define RETURNS 3

typedef struct
{
  int     width;
  int     height;
  guint   colours;
  guint   max_pieces;
  gint64  par;          /* -1: any */
  gint64  states;       /* -1: any */
  double  dead_ends;    /* < 0: any */
  double  tolerance;
  guint   steps;
  guint64 max_bytes;    /* a candidate's memory budget, 0: none */
} Params;

static const char skiddy_chars[] = "rygb";
static const char goal_chars[] = "RYGB";

static void
level_free (PwSlideLevel *level)
{
  pw_slide_kind.free (level);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwSlideLevel, level_free)

/* ------------------------------------------------------------------ */
/* Parameters                                                           */

static gboolean
bad_param (GError    **error,
           const char *name,
           const char *text,
           const char *what)
{
  g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, "%s=%s: %s", name, text, what);
  return FALSE;
}

static gboolean
parse_params (GHashTable  *table,
              Params      *p,
              GError     **error)
{
  static const char * const known[] = {
    "size", "colours", "pieces", "par", "states", "dead-ends", "tolerance", "steps", NULL
  };
  const char *text;
  GHashTableIter iter;
  gpointer key;
  guint64 n;
  char *end;

  p->width = 7;
  p->height = 6;
  p->colours = 2;
  p->max_pieces = 6;
  p->par = 8;
  p->states = -1;
  p->dead_ends = -1;
  p->tolerance = 0.2;
  p->steps = 2000;
  if (table == NULL)
    return TRUE;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_strv_contains (known, key))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("“%s” is not a parameter of the %s generator"), (const char *) key,
                     _(pw_slide_kind.name));
        return FALSE;
      }

  if ((text = g_hash_table_lookup (table, "size")) != NULL)
    {
      guint64 w, h;
      const char *x = strpbrk (text, "xX");
      g_autofree char *first = x ? g_strndup (text, x - text) : NULL;

      if (x == NULL ||
          !g_ascii_string_to_unsigned (first, 10, MIN_GRID, MAX_GRID, &w, NULL) ||
          !g_ascii_string_to_unsigned (x + 1, 10, MIN_GRID, MAX_GRID, &h, NULL))
        {
          g_autofree char *what =
            g_strdup_printf (_("give WxH, the grid with its border, each from %d to %d"),
                             MIN_GRID, MAX_GRID);
          return bad_param (error, "size", text, what);
        }
      p->width = w;
      p->height = h;
    }
  if ((text = g_hash_table_lookup (table, "colours")) != NULL)
    {
      if (!g_ascii_string_to_unsigned (text, 10, 1, 4, &n, NULL))
        return bad_param (error, "colours", text, _("give a number from 1 to 4"));
      p->colours = n;
    }
  if ((text = g_hash_table_lookup (table, "pieces")) != NULL)
    {
      if (!g_ascii_string_to_unsigned (text, 10, 1, PW_SLIDE_MAX_PIECES, &n, NULL))
        return bad_param (error, "pieces", text, _("give a number from 1 to 64"));
      p->max_pieces = n;
    }
  if ((text = g_hash_table_lookup (table, "par")) != NULL)
    {
      if (g_str_equal (text, "any"))
        p->par = -1;
      else if (!g_ascii_string_to_unsigned (text, 10, 1, 1000, &n, NULL))
        return bad_param (error, "par", text, _("give a number from 1 to 1000, or any"));
      else
        p->par = n;
    }
  if ((text = g_hash_table_lookup (table, "states")) != NULL)
    {
      if (g_str_equal (text, "any"))
        p->states = -1;
      else if (!g_ascii_string_to_unsigned (text, 10, 1, 10000000, &n, NULL))
        return bad_param (error, "states", text, _("give a number from 1 to 10000000, or any"));
      else
        p->states = n;
    }
  if ((text = g_hash_table_lookup (table, "dead-ends")) != NULL)
    {
      double d = g_ascii_strtod (text, &end);

      if (g_str_equal (text, "any"))
        p->dead_ends = -1;
      else if (end == text || *end != '\0' || !(d >= 0 && d <= 1))
        return bad_param (error, "dead-ends", text, _("give a share from 0 to 1, or any"));
      else
        p->dead_ends = d;
    }
  if ((text = g_hash_table_lookup (table, "tolerance")) != NULL)
    {
      double t = g_ascii_strtod (text, &end);

      if (end == text || *end != '\0' || !(t >= 0 && t <= 1))
        return bad_param (error, "tolerance", text, _("give a number from 0 to 1"));
      p->tolerance = t;
    }
  if ((text = g_hash_table_lookup (table, "steps")) != NULL)
    {
      if (!g_ascii_string_to_unsigned (text, 10, 1, 1000000, &n, NULL))
        return bad_param (error, "steps", text, _("give a number from 1 to 1000000"));
      p->steps = n;
    }
  if (p->max_pieces < p->colours)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("pieces=%u: a level of %u colours needs at least %u pieces"),
                   p->max_pieces, p->colours, p->colours);
      return FALSE;
    }
  if ((guint) (p->width - 2) * (p->height - 2) < 2 * p->colours)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("size=%dx%d: too small for %u colours"), p->width, p->height, p->colours);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Scores                                                               */

/* The states one candidate may explore: past it the candidate is far too
 * big anyway. */
static guint64
state_cap (const Params *p)
{
  if (p->states < 0)
    return 200000;
  return MAX ((guint64) (p->states * (1 + p->tolerance) * 2) + 64, 1000);
}

/* Whether @m meets every target within the tolerance (the definitions of
 * docs/rules/slide-generate.md). */
static gboolean
meets (const Params         *p,
       const PwSlideMeasure *m)
{
  if (!m->complete || m->par < 0)
    return FALSE;
  if (p->par >= 0 && fabs ((double) (m->par - p->par)) > p->tolerance * p->par + 1e-9)
    return FALSE;
  if (p->states >= 0 &&
      fabs ((double) m->states - (double) p->states) > p->tolerance * p->states + 1e-9)
    return FALSE;
  if (p->dead_ends >= 0 && fabs (m->dead_end_share - p->dead_ends) > p->tolerance + 1e-9)
    return FALSE;
  return TRUE;
}

/* A target's part of the cost, from its distance in tolerances: small
 * well inside the tolerance, so that the search spends its moves on the
 * targets it misses rather than on polishing those it meets. */
static double
excess (double distance)
{
  return distance <= 0.5 ? 0.1 * distance : distance - 0.45;
}

/* How far @m is from the targets: 0 on target, about 1 a tolerance away
 * in one of them; unsolvable and unfinished levels above any solvable
 * one that was measured. */
static double
cost (const Params         *p,
      const PwSlideMeasure *m)
{
  double c = 0, t = MAX (p->tolerance, 0.02);

  if (p->states >= 0)
    c += excess (fabs (log ((double) MAX (m->states, 1) / p->states)) / log1p (t));
  if (!m->complete)
    return 1000 + c;
  if (m->par < 0)
    return 100 + c;
  if (p->par >= 0)
    c += excess (fabs ((double) (m->par - p->par)) / MAX (t * p->par, 0.5));
  if (p->dead_ends >= 0)
    c += excess (fabs (m->dead_end_share - p->dead_ends) / t);
  return c;
}

/* ------------------------------------------------------------------ */
/* Levels and edits                                                     */

static gboolean
is_interior (const PwSlideLevel *level,
             int                 c)
{
  int x = c % level->width, y = c / level->width;

  return x > 0 && y > 0 && x < level->width - 1 && y < level->height - 1;
}

/* A border cell next to the interior (not a corner). */
static gboolean
is_side (const PwSlideLevel *level,
         int                 c)
{
  int x = c % level->width, y = c / level->width;
  gboolean border = x == 0 || y == 0 || x == level->width - 1 || y == level->height - 1;
  gboolean corner = (x == 0 || x == level->width - 1) && (y == 0 || y == level->height - 1);

  return border && !corner;
}

static gboolean
is_piece (char c)
{
  return c != '\0' && strchr ("rygb$*", c) != NULL;
}

static int
count_chars (const PwSlideLevel *level,
             char                c)
{
  int n = 0;

  for (int i = 0; i < level->width * level->height; i++)
    n += level->cells[i] == c;
  return n;
}

static int
count_pieces (const PwSlideLevel *level)
{
  int n = 0;

  for (int i = 0; i < level->width * level->height; i++)
    n += is_piece (level->cells[i]);
  return n;
}

/* A random cell for which @accept holds (interior cells when @interior,
 * side cells otherwise), -1 when there is none. */
static int
random_cell (const PwSlideLevel *level,
             GRand              *rand,
             gboolean            interior,
             const char         *accept)
{
  int n_cells = level->width * level->height, n = 0;
  g_autofree int *cells = g_new (int, n_cells);

  for (int c = 0; c < n_cells; c++)
    if ((interior ? is_interior (level, c) : is_side (level, c)) &&
        strchr (accept, level->cells[c]) != NULL)
      cells[n++] = c;
  return n > 0 ? cells[g_rand_int_range (rand, 0, n)] : -1;
}

static PwSlideLevel *
start_level (const Params *p,
             GRand        *rand)
{
  PwSlideLevel *level = g_new0 (PwSlideLevel, 1);
  int interior = (p->width - 2) * (p->height - 2);

  level->width = p->width;
  level->height = p->height;
  level->cells = g_malloc (p->width * p->height);
  for (int c = 0; c < p->width * p->height; c++)
    level->cells[c] = is_interior (level, c) ? '.' : '#';
  for (guint colour = 0; colour < p->colours; colour++)
    {
      level->cells[random_cell (level, rand, FALSE, "#")] = goal_chars[colour];
      level->cells[random_cell (level, rand, TRUE, ".")] = skiddy_chars[colour];
    }
  for (int i = 0; i < interior / 8; i++)
    {
      int c = random_cell (level, rand, TRUE, ".");

      if (c >= 0)
        level->cells[c] = '#';
    }
  return level;
}

/* One random edit of @level; FALSE when the edit drawn does not apply. */
static gboolean
edit (const Params *p,
      PwSlideLevel *level,
      GRand        *rand)
{
  int c, d;
  char piece;

  switch (g_rand_int_range (rand, 0, 9))
    {
    case 0: /* a wall added or taken away */
      if ((c = random_cell (level, rand, TRUE, ".#")) < 0)
        return FALSE;
      level->cells[c] = level->cells[c] == '.' ? '#' : '.';
      return TRUE;

    case 1: /* a pit dug or filled */
      if ((c = random_cell (level, rand, TRUE, ".o")) < 0)
        return FALSE;
      level->cells[c] = level->cells[c] == '.' ? 'o' : '.';
      return TRUE;

    case 2: /* a piece moved */
    case 3:
      if ((c = random_cell (level, rand, TRUE, "rygb$*")) < 0 ||
          (d = random_cell (level, rand, TRUE, ".")) < 0)
        return FALSE;
      level->cells[d] = level->cells[c];
      level->cells[c] = '.';
      return TRUE;

    case 4: /* a piece added: a skiddy of a colour in play, a crate or ice */
      if ((guint) count_pieces (level) >= p->max_pieces ||
          (c = random_cell (level, rand, TRUE, ".")) < 0)
        return FALSE;
      d = g_rand_int_range (rand, 0, p->colours + 2);
      level->cells[c] = d < (int) p->colours ? skiddy_chars[d] : d == (int) p->colours ? '$' : '*';
      return TRUE;

    case 5: /* a piece taken away, never a colour's last skiddy */
      if ((c = random_cell (level, rand, TRUE, "rygb$*")) < 0)
        return FALSE;
      piece = level->cells[c];
      if (strchr (skiddy_chars, piece) != NULL && count_chars (level, piece) == 1)
        return FALSE;
      level->cells[c] = '.';
      return TRUE;

    case 6: /* a goal moved along the border */
    case 7:
      if ((c = random_cell (level, rand, FALSE, "RYGB")) < 0 ||
          (d = random_cell (level, rand, FALSE, "#")) < 0)
        return FALSE;
      level->cells[d] = level->cells[c];
      level->cells[c] = '#';
      return TRUE;

    default: /* a second goal for a colour, or one of two taken away */
      d = g_rand_int_range (rand, 0, p->colours);
      if (count_chars (level, goal_chars[d]) < MAX_GOALS_A_COLOUR && g_rand_boolean (rand))
        {
          if ((c = random_cell (level, rand, FALSE, "#")) < 0)
            return FALSE;
          level->cells[c] = goal_chars[d];
          return TRUE;
        }
      if (count_chars (level, goal_chars[d]) < 2)
        return FALSE;
      level->cells[random_cell (level, rand, FALSE, (char[]) { goal_chars[d], '\0' })] = '#';
      return TRUE;
    }
}

/* An edit toward more dead ends (@more) or fewer: crates are what makes
 * positions that cannot be undone, so a crate added where there is room
 * or taken away. FALSE when it does not apply. */
static gboolean
edit_dead_ends (const Params *p,
                PwSlideLevel *level,
                GRand        *rand,
                gboolean      more)
{
  int c;

  if (more)
    {
      if ((guint) count_pieces (level) >= p->max_pieces)
        {
          /* no room: an ice cube becomes a crate */
          if ((c = random_cell (level, rand, TRUE, "*")) < 0)
            return FALSE;
        }
      else if ((c = random_cell (level, rand, TRUE, ".")) < 0)
        return FALSE;
      level->cells[c] = '$';
      return TRUE;
    }
  if ((c = random_cell (level, rand, TRUE, "$")) < 0)
    return FALSE;
  level->cells[c] = '.';
  return TRUE;
}

/* A neighbour of @level, whose measure is @measure (NULL: none yet): one
 * to three edits that apply; one in four of them, when the dead-end
 * share is off its target, a crate added or taken away. */
static PwSlideLevel *
neighbour (const Params         *p,
           const PwSlideLevel   *level,
           const PwSlideMeasure *measure,
           GRand                *rand)
{
  PwSlideLevel *next = pw_slide_kind.copy (level);
  guint edits = 1 + (g_rand_int_range (rand, 0, 10) >= 6) + (g_rand_int_range (rand, 0, 10) >= 8);
  gboolean steer = p->dead_ends >= 0 && measure != NULL && measure->complete &&
                   measure->par >= 0 &&
                   fabs (measure->dead_end_share - p->dead_ends) > p->tolerance / 2;

  for (guint made = 0; made < edits;)
    if (steer && g_rand_int_range (rand, 0, 4) == 0)
      made += edit_dead_ends (p, next, rand, measure->dead_end_share < p->dead_ends);
    else
      made += edit (p, next, rand);
  return next;
}

/* ------------------------------------------------------------------ */
/* The search                                                           */

typedef struct
{
  PwSlideLevel  *level;
  PwSlideMeasure measure;
  double         cost;
} Candidate;

static void
candidate_clear (Candidate *c)
{
  g_clear_pointer (&c->level, level_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Candidate, candidate_clear)

static void
candidate_take (Candidate    *into,
                PwSlideLevel *level,
                const Candidate *from)
{
  candidate_clear (into);
  into->level = level;
  into->measure = from->measure;
  into->cost = from->cost;
}

static char *
describe_measure (const PwSlideMeasure *m)
{
  g_autofree char *states = pw_format_count (m->states);

  if (!m->complete)
    /* Translators: a generated level that has more states than the generator explores */
    return g_strdup_printf (_("more than %s states"), states);
  if (m->par < 0)
    /* Translators: a generated level that cannot be won */
    return g_strdup_printf (_("no solution, %s states"), states);
  /* Translators: what a generated level measures: par, states, dead-end share in percent */
  return g_strdup_printf (_("par %d, %s states, %.0f %% dead ends"), (int) m->par,
                          states, 100 * m->dead_end_share);
}

static char *
describe_target (const Params *p)
{
  GString *text = g_string_new (NULL);

  if (p->par >= 0)
    /* Translators: the generator's target par, ± the tolerance in moves */
    g_string_append_printf (text, _("par %d ± %.1f"), (int) p->par,
                            p->tolerance * p->par);
  if (p->states >= 0)
    {
      g_autofree char *states = pw_format_count (p->states);

      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: the generator's target state count, ± the tolerance in percent */
      g_string_append_printf (text, _("%s states ± %.0f %%"), states, 100 * p->tolerance);
    }
  if (p->dead_ends >= 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: the generator's target dead-end share and tolerance, in percent */
      g_string_append_printf (text, _("%.0f ± %.0f %% dead ends"), 100 * p->dead_ends,
                              100 * p->tolerance);
    }
  if (text->len == 0)
    /* Translators: the generator's target when none was given */
    g_string_append (text, _("any solvable level"));
  return g_string_free (text, FALSE);
}

/* The level's difficulty by the full analysis (default options within
 * @max_bytes), NAN when it has none. FALSE when cancelled. */
static gboolean
difficulty_of (const PwSlideLevel *level,
               guint64             max_bytes,
               double             *difficulty,
               GCancellable       *cancellable,
               GError            **error)
{
  PwAnalyseOptions options;
  g_autoptr(PwAnalysis) analysis = NULL;

  pw_analyse_options_init (&options);
  options.max_bytes = max_bytes;
  analysis = pw_slide_kind.analyse (level, &options, NULL, NULL, cancellable, error);
  if (analysis == NULL)
    return FALSE;
  if (!pw_analysis_get_double (analysis, "difficulty", difficulty))
    *difficulty = NAN;
  return TRUE;
}

/* One search: a level that meets the targets into @best with *@met
 * TRUE, or after p->steps candidates the solvable one nearest them
 * (@best's level NULL when none could be won) with *@met FALSE. @seen holds the text of the levels
 * already reported, which do not count as meeting the targets again.
 * FALSE when cancelled. */
static gboolean
search (const Params        *p,
        GRand               *rand,
        GHashTable          *seen,
        guint64             *tried,
        guint                made,
        PwGenerateProgress   progress,
        gpointer             user_data,
        Candidate           *best,
        gboolean            *met,
        GCancellable        *cancellable,
        GError             **error)
{
  Candidate current = { 0 };
  g_auto(Candidate) run_best = { 0 };
  guint64 cap = state_cap (p);
  guint since_best = 0;
  guint returns = 0;

  *met = FALSE;
  candidate_clear (best);
  best->cost = INFINITY;
  current.cost = INFINITY;
  run_best.cost = INFINITY;
  current.level = start_level (p, rand);
  for (guint step = 0; step < p->steps; step++)
    {
      g_autoptr(PwSlideLevel) level =
        step == 0 ? pw_slide_kind.copy (current.level)
                  : neighbour (p, current.level, isinf (current.cost) ? NULL : &current.measure,
                               rand);
      Candidate next = { 0 };
      double temperature = 0.02 + 1.0 * (1.0 - (double) step / p->steps);

      if (progress != NULL)
        progress (*tried, made, user_data);
      ++*tried;
      if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
          !_pw_slide_measure (level, cap, p->max_bytes, &next.measure, cancellable, error))
        {
          candidate_clear (&current);
          return FALSE;
        }
      next.cost = cost (p, &next.measure);

      if (meets (p, &next.measure))
        {
          g_autofree char *text = pw_slide_kind.to_text (level);

          if (!g_hash_table_contains (seen, text))
            {
              g_hash_table_add (seen, g_steal_pointer (&text));
              candidate_take (best, g_steal_pointer (&level), &next);
              candidate_clear (&current);
              *met = TRUE;
              return TRUE;
            }
        }
      if (next.cost < best->cost && next.measure.par >= 0 && next.measure.complete)
        candidate_take (best, pw_slide_kind.copy (level), &next);
      if (next.cost < run_best.cost)
        {
          candidate_take (&run_best, pw_slide_kind.copy (level), &next);
          since_best = 0;
          returns = 0;
        }
      else if (++since_best >= STALL_STEPS)
        {
          since_best = 0;
          if (run_best.level != NULL && returns < RETURNS)
            {
              /* stuck: back to this run's best */
              returns++;
              candidate_take (&current, pw_slide_kind.copy (run_best.level), &run_best);
            }
          else
            {
              /* stuck there too: a fresh start, the best kept */
              returns = 0;
              candidate_clear (&run_best);
              run_best.cost = INFINITY;
              candidate_clear (&current);
              current.level = start_level (p, rand);
              current.cost = INFINITY;
            }
          continue;
        }
      if (next.cost <= current.cost ||
          g_rand_double (rand) < exp ((current.cost - next.cost) / temperature))
        candidate_take (&current, g_steal_pointer (&level), &next);
    }
  candidate_clear (&current);
  return TRUE;
}

gboolean
_pw_slide_generate (GHashTable         *params,
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
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 tried = 0;
  guint made = 0;

  if (!parse_params (params, &p, error))
    return FALSE;
  p.max_bytes = max_bytes;
  rand = g_rand_new_with_seed_array ((const guint32[]) { seed & 0xffffffff, seed >> 32 }, 2);

  for (;;)
    {
      g_auto(Candidate) best = { 0 };
      gboolean met;
      double difficulty;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!search (&p, rand, seen, &tried, made, progress, user_data, &best, &met, cancellable,
                   error))
        return FALSE;
      if (best.level == NULL)
        {
          g_autofree char *target = describe_target (&p);

          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                       _("No solvable level found in %u steps (target: %s)"), p.steps, target);
          return FALSE;
        }
      if (!difficulty_of (best.level, p.max_bytes, &difficulty, cancellable, error))
        return FALSE;
      made++;
      if (!met)
        {
          g_autofree char *target = describe_target (&p);
          g_autofree char *measure = describe_measure (&best.measure);

          found (g_steal_pointer (&best.level), difficulty, user_data);
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                       _("Level %u did not reach the target in %u steps (target: %s); "
                         "the best found is kept: %s"),
                       made, p.steps, target, measure);
          return FALSE;
        }
      if (!found (g_steal_pointer (&best.level), difficulty, user_data))
        return TRUE;
    }
}
