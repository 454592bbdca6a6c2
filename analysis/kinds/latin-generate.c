/* latin-generate.c — making Sudoku, Latin square and Futoshiki puzzles
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full grid from a seeded randomised solve of the empty level, varied
 * by transformations that keep it valid (relabelling values; rows within
 * a band, bands, columns within a stack, stacks; transposing and turning
 * a square-boxed grid). Then the clues are emptied in a random order, one
 * cell or one symmetric orbit at a time, each removal kept while the
 * puzzle has at most K solutions (K = 1: a proper puzzle). Removing clues
 * never lowers the count, so one pass over every orbit leaves a puzzle no
 * orbit of which can go: minimal (per cell when there is no symmetry).
 *
 * Futoshiki starts from every clue the full grid gives — all values and
 * all signs — and empties values and signs together (values first, as
 * Futoshiki puzzles are mostly signs), so that signs and givens are
 * chosen together and the result is unique.
 *
 * Jigsaw regions are grown at random from n seeds over the grid, then
 * kept when the empty level with them has a solution.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "latin-private.h"
#include "techniques.h"

typedef enum
{
  SYMMETRY_NONE,
  SYMMETRY_ROT180,
  SYMMETRY_ROT90,
  SYMMETRY_MIRROR,
} Symmetry;

typedef struct
{
  PwLatinVariant variant;
  guint          n;
  guint          box_rows;
  guint          box_cols;
  gboolean       jigsaw;
  gboolean       diagonals;
  Symmetry       symmetry;
  gboolean       minimal;
  guint          solutions;     /* K */
  guint          min_givens;
  guint          max_givens;
  double         min_grade;
  double         max_grade;
  gboolean       graded;        /* a grade band was asked for */
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

/* The squarest box shape r × c = n with r ≤ c; FALSE for n prime > 3. */
static gboolean
squarest_boxes (guint  n,
                guint *rows,
                guint *cols)
{
  for (guint r = (guint) sqrt (n); r >= 1; r--)
    if (n % r == 0)
      {
        *rows = r;
        *cols = n / r;
        return r > 1 || n == 1;
      }
  return FALSE;
}

static gboolean
parse_params (PwLatinVariant   variant,
              GHashTable      *table,
              Params          *p,
              GError         **error)
{
  const char *text;
  guint max_n = variant == PW_LATIN_SUDOKU ? PW_SUDOKU_MAX_N
                : variant == PW_LATIN_LATIN ? PW_LATIN_MAX_N : PW_FUTOSHIKI_MAX_N;
  GHashTableIter iter;
  gpointer key;
  static const char * const common[] = {
    "size", "grade", "symmetry", "minimal", "solutions", "givens", NULL
  };
  static const char * const sudoku_only[] = { "box", "regions", "diagonals", NULL };

  memset (p, 0, sizeof *p);
  p->variant = variant;
  p->n = variant == PW_LATIN_SUDOKU ? 9 : 5;
  p->solutions = 1;
  p->max_givens = G_MAXUINT;
  p->max_grade = INFINITY;

  if (table != NULL)
    {
      g_hash_table_iter_init (&iter, table);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (!g_strv_contains (common, key) &&
            (variant != PW_LATIN_SUDOKU || !g_strv_contains (sudoku_only, key)))
          {
            g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                         _("“%s” is not a parameter of the %s generator"), (const char *) key,
                         _(_pw_latin_kind_of (variant)->name));
            return FALSE;
          }
    }

#define PARAM(name) (table != NULL ? (const char *) g_hash_table_lookup (table, name) : NULL)
  if ((text = PARAM ("size")) != NULL)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (text, 10, variant == PW_LATIN_SUDOKU ? 4 : PW_LATIN_MIN_N,
                                       max_n, &n, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("size=%s: give a number from %u to %u"), text,
                       variant == PW_LATIN_SUDOKU ? 4 : PW_LATIN_MIN_N, max_n);
          return FALSE;
        }
      p->n = n;
    }
  if (variant == PW_LATIN_SUDOKU)
    {
      if ((text = PARAM ("regions")) != NULL)
        {
          if (g_str_equal (text, "jigsaw"))
            p->jigsaw = TRUE;
          else if (!g_str_equal (text, "boxes"))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("regions=%s: give boxes or jigsaw"), text);
              return FALSE;
            }
        }
      if ((text = PARAM ("box")) != NULL)
        {
          guint r, c;
          char extra;

          if (p->jigsaw)
            {
              g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                                   _("box= and regions=jigsaw exclude each other"));
              return FALSE;
            }
          if (sscanf (text, "%ux%u%c", &r, &c, &extra) != 2 || r < 1 || c < 1 ||
              r * c > PW_SUDOKU_MAX_N || r * c < 4)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("box=%s: give RxC, box rows by columns, making a grid of 4 to %u"),
                           text, PW_SUDOKU_MAX_N);
              return FALSE;
            }
          if (PARAM ("size") != NULL && r * c != p->n)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("box=%s does not make a grid of size %u"), text, p->n);
              return FALSE;
            }
          p->box_rows = r;
          p->box_cols = c;
          p->n = r * c;
        }
      else if (!p->jigsaw && !squarest_boxes (p->n, &p->box_rows, &p->box_cols))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("size=%u has no box shape: give regions=jigsaw"), p->n);
          return FALSE;
        }
      if ((text = PARAM ("diagonals")) != NULL)
        {
          if (g_str_equal (text, "true"))
            p->diagonals = TRUE;
          else if (!g_str_equal (text, "false"))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("diagonals=%s: give true or false"), text);
              return FALSE;
            }
        }
    }
  if ((text = PARAM ("symmetry")) != NULL)
    {
      if (g_str_equal (text, "none"))
        p->symmetry = SYMMETRY_NONE;
      else if (g_str_equal (text, "rot180"))
        p->symmetry = SYMMETRY_ROT180;
      else if (g_str_equal (text, "rot90"))
        p->symmetry = SYMMETRY_ROT90;
      else if (g_str_equal (text, "mirror"))
        p->symmetry = SYMMETRY_MIRROR;
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("symmetry=%s: give none, rot180, rot90 or mirror"), text);
          return FALSE;
        }
    }
  if ((text = PARAM ("minimal")) != NULL)
    {
      if (g_str_equal (text, "true"))
        p->minimal = TRUE;
      else if (!g_str_equal (text, "false"))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("minimal=%s: give true or false"), text);
          return FALSE;
        }
    }
  if ((text = PARAM ("solutions")) != NULL)
    {
      guint64 k;

      if (!g_ascii_string_to_unsigned (text, 10, 1, 1000000, &k, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("solutions=%s: give a number from 1 to 1000000"), text);
          return FALSE;
        }
      p->solutions = k;
    }
  if ((text = PARAM ("givens")) != NULL &&
      !parse_uint_range ("givens", text, p->n * p->n, &p->min_givens, &p->max_givens, error))
    return FALSE;
  if ((text = PARAM ("grade")) != NULL)
    {
      const char *dash = strchr (text, '-');
      char *end1 = NULL, *end2 = NULL;
      double lo = g_ascii_strtod (text, &end1);
      double hi = dash ? g_ascii_strtod (dash + 1, &end2) : NAN;

      if (dash == NULL || end1 != dash || end2 == dash + 1 || *end2 != '\0' || !(lo >= 0) ||
          !(hi >= lo))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("grade=%s: give MIN-MAX, as 1.0-2.5"), text);
          return FALSE;
        }
      p->min_grade = lo;
      p->max_grade = hi;
      p->graded = TRUE;
    }
#undef PARAM
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Full grids                                                           */

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

/* Regions grown from n random seeds, each taking a random free
 * neighbour of its cells in turn until it has n cells; FALSE when a region
 * is walled in before it is full (the caller tries again). */
static gboolean
grow_regions (guint8 *regions,
              guint   n,
              GRand  *rand)
{
  guint cells = n * n;
  g_autofree guint *size = g_new0 (guint, n);
  g_autofree guint *order = g_new (guint, cells);
  g_autofree guint *frontier = g_new (guint, cells * 4);

  memset (regions, 0xff, cells);
  for (guint c = 0; c < cells; c++)
    order[c] = c;
  shuffle (rand, order, cells);
  for (guint r = 0; r < n; r++)
    {
      regions[order[r]] = r;
      size[r] = 1;
    }
  for (guint round = 0; round < cells; round++)
    {
      gboolean grew = FALSE;

      for (guint r = 0; r < n; r++)
        {
          guint k = 0;

          if (size[r] == n)
            continue;
          for (guint c = 0; c < cells; c++)
            {
              guint x = c % n, y = c / n;

              if (regions[c] != r)
                continue;
              if (x > 0 && regions[c - 1] == 0xff)
                frontier[k++] = c - 1;
              if (x + 1 < n && regions[c + 1] == 0xff)
                frontier[k++] = c + 1;
              if (y > 0 && regions[c - n] == 0xff)
                frontier[k++] = c - n;
              if (y + 1 < n && regions[c + n] == 0xff)
                frontier[k++] = c + n;
            }
          if (k == 0)
            continue;
          regions[frontier[g_rand_int_range (rand, 0, k)]] = r;
          size[r]++;
          grew = TRUE;
        }
      if (!grew)
        break;
    }
  for (guint r = 0; r < n; r++)
    if (size[r] != n)
      return FALSE;
  return TRUE;
}

typedef struct
{
  guint8 *values;
  guint   cells;
} Copy;

static gboolean
copy_first (const guint8 *values,
            gpointer      data)
{
  Copy *copy = data;

  memcpy (copy->values, values, copy->cells);
  return FALSE;
}

/* A full grid of @level's rules (its givens ignored) from a randomised
 * solve into @out; *@found FALSE when none turned up within the budget (a
 * jigsaw layout may have none). FALSE when cancelled. */
static gboolean
random_full_grid (const PwLatinLevel *level,
                  GRand              *rand,
                  guint8             *out,
                  gboolean           *found,
                  GCancellable       *cancellable,
                  GError            **error)
{
  g_autoptr(PwLatinLevel) empty = _pw_latin_level_copy (level);
  g_autoptr(PwNumGrid) grid = NULL;
  PwNumGridSearch search;
  PwNumGridResult result;
  guint n = level->n;
  Copy copy = { out, n * n };

  memset (empty->givens, 0, n * n);
  if (empty->signs != NULL)
    memset (empty->signs, 0, n * n);
  grid = _pw_latin_build_grid (empty);
  pw_numgrid_search_init (&search);
  search.max_solutions = 1;
  search.max_nodes = 20000 + 20 * n * n;
  search.random_order = TRUE;
  search.seed = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  search.on_solution = copy_first;
  search.on_solution_data = &copy;
  search.cancellable = cancellable;
  if (!pw_numgrid_search (grid, &search, &result, error))
    return FALSE;
  *found = result.solutions > 0;
  return TRUE;
}

/* Validity-preserving variations of a full grid with r × c boxes (or none,
 * box_rows = 0, for Latin squares): values relabelled; rows permuted within
 * bands and bands among themselves, columns within stacks and stacks;
 * transposed when boxes are square. Diagonals and jigsaw regions keep
 * only relabelling. */
static void
vary_grid (const Params *p,
           guint8       *values,
           GRand        *rand)
{
  guint n = p->n;
  g_autofree guint *label = g_new (guint, n + 1);
  g_autofree guint *rows = g_new (guint, n);
  g_autofree guint *cols = g_new (guint, n);
  g_autofree guint8 *copy = g_memdup2 (values, n * n);
  guint br = p->variant == PW_LATIN_SUDOKU ? p->box_rows : 1;
  guint bc = p->variant == PW_LATIN_SUDOKU ? p->box_cols : 1;
  gboolean keep_places = p->jigsaw || p->diagonals;

  for (guint v = 0; v <= n; v++)
    label[v] = v;
  shuffle (rand, label + 1, n);
  for (guint i = 0; i < n; i++)
    rows[i] = cols[i] = i;
  if (!keep_places)
    {
      g_autofree guint *bands = g_new (guint, n);

      /* rows: bands of br rows, each band's rows shuffled, bands shuffled */
      for (guint b = 0; b < n / br; b++)
        {
          shuffle (rand, rows + b * br, br);
          bands[b] = b;
        }
      shuffle (rand, bands, n / br);
      {
        g_autofree guint *r2 = g_new (guint, n);

        for (guint b = 0; b < n / br; b++)
          for (guint i = 0; i < br; i++)
            r2[b * br + i] = rows[bands[b] * br + i];
        memcpy (rows, r2, sizeof (guint) * n);
      }
      for (guint s = 0; s < n / bc; s++)
        {
          shuffle (rand, cols + s * bc, bc);
          bands[s] = s;
        }
      shuffle (rand, bands, n / bc);
      {
        g_autofree guint *c2 = g_new (guint, n);

        for (guint s = 0; s < n / bc; s++)
          for (guint i = 0; i < bc; i++)
            c2[s * bc + i] = cols[bands[s] * bc + i];
        memcpy (cols, c2, sizeof (guint) * n);
      }
    }
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      values[y * n + x] = label[copy[rows[y] * n + cols[x]]];
  if (!keep_places && br == bc && g_rand_boolean (rand))
    {
      memcpy (copy, values, n * n);
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          values[y * n + x] = copy[x * n + y];
    }
}

/* ------------------------------------------------------------------ */
/* Emptying                                                             */

/* The cells of @cell's orbit under the symmetry (itself first). */
static guint
orbit (const Params *p,
       guint         cell,
       guint        *out)
{
  guint n = p->n, x = cell % n, y = cell / n, k = 0;
  guint candidates[4];
  guint m = 1;

  candidates[0] = cell;
  switch (p->symmetry)
    {
    case SYMMETRY_ROT180:
      candidates[m++] = (n - 1 - y) * n + (n - 1 - x);
      break;
    case SYMMETRY_ROT90:
      candidates[m++] = x * n + (n - 1 - y);
      candidates[m++] = (n - 1 - y) * n + (n - 1 - x);
      candidates[m++] = (n - 1 - x) * n + y;
      break;
    case SYMMETRY_MIRROR:
      candidates[m++] = y * n + (n - 1 - x);
      break;
    case SYMMETRY_NONE:
    default:
      break;
    }
  for (guint i = 0; i < m; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < k; j++)
        seen |= out[j] == candidates[i];
      if (!seen)
        out[k++] = candidates[i];
    }
  return k;
}

/* The number of solutions of @grid, up to @cap (more means cap + 1); -1
 * when the budget ran out, -2 when cancelled. */
static gint64
count_up_to (const PwNumGrid *grid,
             guint            cap,
             GCancellable    *cancellable,
             GError         **error)
{
  PwNumGridSearch search;
  PwNumGridResult result;

  pw_numgrid_search_init (&search);
  search.max_solutions = cap + 1;
  search.max_nodes = 2000000;
  search.allow_fast_path = TRUE;
  search.cancellable = cancellable;
  if (!pw_numgrid_search (grid, &search, &result, error))
    return -2;
  if (result.node_limit)
    return -1;
  return result.solutions;
}

static guint
count_givens (const PwLatinLevel *level)
{
  guint k = 0;

  for (guint c = 0; c < level->n * level->n; c++)
    k += level->givens[c] != 0;
  return k;
}

/* A clue of a Futoshiki: a value (index < cells) or the sign between a
 * cell and its right (cells + 2c) or lower (cells + 2c + 1) neighbour. */
static gboolean
clue_present (const PwLatinLevel *level,
              guint               clue)
{
  guint cells = level->n * level->n;

  if (clue < cells)
    return level->givens[clue] != 0;
  clue -= cells;
  return (level->signs[clue / 2] & (clue % 2 ? PW_SIGN_DOWN_LESS | PW_SIGN_DOWN_GREATER
                                             : PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER)) != 0;
}

static void
clue_set (PwLatinLevel *level,
          const guint8 *full,
          guint         clue,
          gboolean      present)
{
  guint cells = level->n * level->n;
  guint c, mask;

  if (clue < cells)
    {
      level->givens[clue] = present ? full[clue] : 0;
      return;
    }
  c = (clue - cells) / 2;
  if ((clue - cells) % 2 == 0)
    {
      mask = PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER;
      level->signs[c] &= ~mask;
      if (present)
        level->signs[c] |= full[c] < full[c + 1] ? PW_SIGN_RIGHT_LESS : PW_SIGN_RIGHT_GREATER;
    }
  else
    {
      mask = PW_SIGN_DOWN_LESS | PW_SIGN_DOWN_GREATER;
      level->signs[c] &= ~mask;
      if (present)
        level->signs[c] |= full[c] < full[c + level->n] ? PW_SIGN_DOWN_LESS
                                                        : PW_SIGN_DOWN_GREATER;
    }
}

/* Empties @level (every clue of @full present) in a random order while it
 * keeps at most K solutions and at least min_givens givens; FALSE when
 * cancelled. */
static gboolean
empty_level (const Params *p,
             PwLatinLevel *level,
             const guint8 *full,
             GRand        *rand,
             GCancellable *cancellable,
             GError      **error)
{
  /* a band of givens without minimal: stop at a target drawn in it */
  guint target = p->max_givens == G_MAXUINT ? 0
                 : p->min_givens + g_rand_int_range (rand, 0, p->max_givens - p->min_givens + 1);
  guint n = p->n, cells = n * n;
  gboolean futoshiki = p->variant == PW_LATIN_FUTOSHIKI;
  guint n_clues = futoshiki ? cells * 3 : cells;
  g_autofree guint *order = g_new (guint, n_clues);
  g_autofree guint8 *done = g_new0 (guint8, n_clues);
  PwNumGrid *grid = _pw_latin_build_grid (level);
  guint k = 0;

  /* values in a random order; for Futoshiki, signs after them */
  for (guint c = 0; c < cells; c++)
    order[k++] = c;
  shuffle (rand, order, cells);
  if (futoshiki)
    {
      guint first = k;

      for (guint c = 0; c < cells; c++)
        {
          if (c % n + 1 < n)
            order[k++] = cells + 2 * c;
          if (c / n + 1 < n)
            order[k++] = cells + 2 * c + 1;
        }
      shuffle (rand, order + first, k - first);
    }

  for (guint i = 0; i < k; i++)
    {
      guint members[4], m = 1;
      gint64 count;

      if (done[order[i]] || !clue_present (level, order[i]))
        continue;
      if (order[i] < cells)
        {
          m = orbit (p, order[i], members);
          if (count_givens (level) < p->min_givens + m)
            continue;
        }
      else
        members[0] = order[i];
      for (guint j = 0; j < m; j++)
        {
          done[members[j]] = 1;
          clue_set (level, full, members[j], FALSE);
          if (members[j] < cells)
            pw_numgrid_set_given (grid, members[j], 0);
        }
      /* a sign's removal changes the rules: the engine's grid anew */
      if (order[i] >= cells)
        {
          pw_numgrid_free (grid);
          grid = _pw_latin_build_grid (level);
        }
      count = count_up_to (grid, p->solutions, cancellable, error);
      if (count == -2)
        {
          pw_numgrid_free (grid);
          return FALSE;
        }
      if (count < 0 || count > p->solutions)
        {
          for (guint j = 0; j < m; j++)
            {
              clue_set (level, full, members[j], TRUE);
              if (members[j] < cells)
                pw_numgrid_set_given (grid, members[j], full[members[j]]);
            }
          if (order[i] >= cells)
            {
              pw_numgrid_free (grid);
              grid = _pw_latin_build_grid (level);
            }
        }
      /* without minimal, stop at the target number of givens */
      if (!p->minimal && count_givens (level) <= target)
        break;
    }
  pw_numgrid_free (grid);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The generator                                                        */

gboolean
_pw_latin_generate (PwLatinVariant      variant,
                    GHashTable         *table,
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
  g_autoptr(PwLatinLevel) rules = NULL;
  g_autofree guint8 *full = NULL;
  guint64 tried = 0;
  guint made = 0;
  gboolean have_full = FALSE;
  guint grids_from_solve = 0;

  if (!parse_params (variant, table, &p, error))
    return FALSE;

  rand = g_rand_new_with_seed_array ((const guint32 *) &seed, 2);
  /* a jigsaw's regions replace the boxes it is made with */
  if (variant == PW_LATIN_SUDOKU && p.jigsaw)
    rules = _pw_latin_level_new (variant, p.n, 1, p.n);
  else
    rules = _pw_latin_level_new (variant, p.n, p.box_rows, p.box_cols);
  rules->diagonals = p.diagonals;
  full = g_new0 (guint8, p.n * p.n);

  for (;;)
    {
      g_autoptr(PwLatinLevel) level = NULL;
      guint givens;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      tried++;
      if (progress != NULL && tried % 16 == 0)
        progress (tried, made, user_data);

      /* a new full grid now and then; transformed copies in between */
      if (!have_full || grids_from_solve >= 8)
        {
          gboolean got;

          if (p.jigsaw)
            {
              rules->jigsaw = TRUE;
              rules->box_rows = rules->box_cols = 0;
              while (!grow_regions (rules->regions, p.n, rand))
                if (g_cancellable_set_error_if_cancelled (cancellable, error))
                  return FALSE;
            }
          if (!random_full_grid (rules, rand, full, &got, cancellable, error))
            return FALSE;
          if (!got)
            continue;
          have_full = TRUE;
          grids_from_solve = 0;
        }
      else
        vary_grid (&p, full, rand);
      grids_from_solve++;

      level = _pw_latin_level_copy (rules);
      memcpy (level->givens, full, p.n * p.n);
      if (variant == PW_LATIN_FUTOSHIKI)
        for (guint clue = p.n * p.n; clue < 3 * p.n * p.n; clue++)
          {
            guint c = (clue - p.n * p.n) / 2;
            gboolean down = (clue - p.n * p.n) % 2;

            if ((down && c / p.n + 1 < p.n) || (!down && c % p.n + 1 < p.n))
              clue_set (level, full, clue, TRUE);
          }
      if (!empty_level (&p, level, full, rand, cancellable, error))
        return FALSE;
      givens = count_givens (level);
      if (givens < p.min_givens || givens > p.max_givens)
        continue;

      {
        /* the grade when a band asked for it; not measured otherwise */
        double difficulty = NAN;

        if (p.graded)
          {
            g_autoptr(PwNumGrid) grid = _pw_latin_build_grid (level);
            PwLogicGrade grade;
            g_autoptr(GError) grade_error = NULL;

            if (!pw_logic_grade (grid, NULL, 2000000, &grade, cancellable, &grade_error))
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
            difficulty = grade.grade;
          }
        made++;
        if (!found (g_steal_pointer (&level), difficulty, user_data))
          return TRUE;
      }
    }
}

