/* test-techniques.c — the human-style solver: every technique on a
 * position made for it, soundness against a plain brute-force solver on
 * random puzzles, the grade's order against the classes of Tatham's Solo
 * and Unequal generators, budget and cancellation
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "techniques.h"
#include "latin-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The plain solver: depth first, the cell with the fewest values the
 * rules allow first, every rule checked from scratch. */

typedef struct
{
  const PwNumGrid  *grid;
  guint             n;
  guint             n_cells;
  guint8           *values;
  guint64           count;
  guint64           limit;
  guint8           *first;
  GRand            *rand;        /* random value order, or NULL */
  const PwValueSet *candidates;  /* allowed values per cell, or NULL */
  PwValueSet       *seen;        /* per cell, the values of every solution, or NULL */
  GPtrArray        *less_of;     /* per cell: GArray of (other, cell_is_smaller) pairs */
} Plain;

/* The values the rules allow in empty cell @c as things stand. */
PW_TEST_ORACLE static PwValueSet
plain_allowed (Plain *p,
               guint  c)
{
  guint n_units;
  const guint *units = pw_numgrid_get_cell_units (p->grid, c, &n_units);
  GArray *pairs = g_ptr_array_index (p->less_of, c);
  PwValueSet ok;

  if (p->candidates != NULL)
    ok = p->candidates[c];
  else
    pw_value_set_fill (&ok, p->n);
  for (guint i = 0; i < n_units; i++)
    {
      guint size;
      const guint *cells = pw_numgrid_get_unit (p->grid, units[i], NULL, NULL, &size);

      for (guint j = 0; j < size; j++)
        if (cells[j] != c && p->values[cells[j]] != 0)
          pw_value_set_remove (&ok, p->values[cells[j]]);
    }
  for (guint i = 0; i < pairs->len; i += 2)
    {
      guint other = g_array_index (pairs, guint, i);
      gboolean smaller = g_array_index (pairs, guint, i + 1);
      guint w = p->values[other];

      if (w == 0)
        continue;
      for (guint v = 1; v <= p->n; v++)
        if (smaller ? v >= w : v <= w)
          pw_value_set_remove (&ok, v);
    }
  return ok;
}

PW_TEST_ORACLE static void
plain_search (Plain *p)
{
  guint best = G_MAXUINT, best_count = p->n + 1;
  guint order[PW_NUMGRID_MAX_VALUES];
  PwValueSet best_ok;

  if (p->count >= p->limit)
    return;
  for (guint c = 0; c < p->n_cells && best_count > 1; c++)
    {
      PwValueSet ok;
      guint k;

      if (p->values[c] != 0)
        continue;
      ok = plain_allowed (p, c);
      k = pw_value_set_count (&ok);
      if (k == 0)
        return;
      if (k < best_count)
        {
          best = c;
          best_count = k;
          best_ok = ok;
        }
    }
  if (best == G_MAXUINT)
    {
      if (p->count++ == 0)
        memcpy (p->first, p->values, p->n_cells);
      if (p->seen != NULL)
        for (guint c = 0; c < p->n_cells; c++)
          pw_value_set_add (&p->seen[c], p->values[c]);
      return;
    }
  for (guint v = 1; v <= p->n; v++)
    order[v - 1] = v;
  if (p->rand != NULL)
    for (guint i = p->n; i > 1; i--)
      {
        guint j = g_rand_int_range (p->rand, 0, i), t = order[i - 1];

        order[i - 1] = order[j];
        order[j] = t;
      }
  for (guint i = 0; i < p->n && p->count < p->limit; i++)
    if (pw_value_set_has (&best_ok, order[i]))
      {
        p->values[best] = order[i];
        plain_search (p);
        p->values[best] = 0;
      }
}

/* Solutions of @grid from its givens and @assume (may be NULL) within
 * @candidates (may be NULL), up to @limit; the first in @first (n_cells
 * bytes) when not NULL, the values any solution has in @seen (one set
 * per cell, cleared here) when not NULL. */
static guint64
plain_solve_full (const PwNumGrid  *grid,
                  const guint8     *assume,
                  const PwValueSet *candidates,
                  guint64           limit,
                  GRand            *rand,
                  guint8           *first,
                  PwValueSet       *seen)
{
  Plain p = { 0 };
  const guint8 *givens = pw_numgrid_get_givens (grid);
  g_autofree guint8 *scratch = NULL;

  p.grid = grid;
  p.n = pw_numgrid_get_n_values (grid);
  p.n_cells = pw_numgrid_get_n_cells (grid);
  p.values = g_new0 (guint8, p.n_cells);
  p.limit = limit;
  p.rand = rand;
  p.candidates = candidates;
  p.seen = seen;
  scratch = g_new0 (guint8, p.n_cells);
  p.first = first != NULL ? first : scratch;
  if (seen != NULL)
    for (guint c = 0; c < p.n_cells; c++)
      pw_value_set_clear (&seen[c]);
  p.less_of = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint c = 0; c < p.n_cells; c++)
    g_ptr_array_add (p.less_of, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint i = 0; i < pw_numgrid_get_n_less (grid); i++)
    {
      guint a, b, yes = 1, no = 0;

      pw_numgrid_get_less (grid, i, &a, &b);
      g_array_append_val (g_ptr_array_index (p.less_of, a), b);
      g_array_append_val (g_ptr_array_index (p.less_of, a), yes);
      g_array_append_val (g_ptr_array_index (p.less_of, b), a);
      g_array_append_val (g_ptr_array_index (p.less_of, b), no);
    }
  /* the fixed values must agree with each other */
  for (guint c = 0; c < p.n_cells; c++)
    {
      guint v = givens[c] != 0 ? givens[c] : assume != NULL ? assume[c] : 0;
      PwValueSet ok;

      if (v == 0)
        continue;
      ok = plain_allowed (&p, c);
      if (!pw_value_set_has (&ok, v))
        goto done;
      p.values[c] = v;
    }
  plain_search (&p);
done:
  g_ptr_array_unref (p.less_of);
  g_free (p.values);
  return p.count;
}

static guint64
plain_solve (const PwNumGrid *grid,
             const guint8    *assume,
             guint64          limit,
             GRand           *rand,
             guint8          *first)
{
  return plain_solve_full (grid, assume, NULL, limit, rand, first, NULL);
}

/* ------------------------------------------------------------------ */
/* Puzzles as Tatham's game IDs                                         */

/* Solo: the box shape ("3x3:"; the data has square boxes only) then the
 * cells in reading order, a letter a–z for that many blanks, a number
 * for a given, '_' between two numbers. */
static PwNumGrid *
parse_solo (const char *id)
{
  guint c, r, n, cell = 0;
  const char *p;
  g_autoptr (PwLatinLevel) level = NULL;

  g_assert_cmpint (sscanf (id, "%ux%u:", &c, &r), ==, 2);
  n = c * r;
  p = strchr (id, ':') + 1;
  level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, r, c);
  while (*p != '\0' && *p != '\n' && *p != '\r')
    {
      if (*p >= 'a' && *p <= 'z')
        cell += *p++ - 'a' + 1;
      else if (*p == '_')
        p++;
      else
        {
          char *end;
          guint64 v = g_ascii_strtoull (p, &end, 10);

          g_assert_true (end != p);
          g_assert_cmpuint (v, >=, 1);
          g_assert_cmpuint (v, <=, n);
          g_assert_cmpuint (cell, <, n * n);
          level->givens[cell++] = v;
          p = end;
        }
    }
  g_assert_cmpuint (cell, ==, n * n);
  return _pw_latin_build_grid (level);
}

/* Unequal: "N:" then comma-separated cells, each a number (0 blank) and
 * flags U R D L: this cell is greater than its neighbour up, right, down,
 * left. */
static PwNumGrid *
parse_unequal (const char *id)
{
  guint n, cell = 0;
  const char *p;
  g_autoptr (PwLatinLevel) level = NULL;

  g_assert_cmpint (sscanf (id, "%u:", &n), ==, 1);
  p = strchr (id, ':') + 1;
  level = _pw_latin_level_new (PW_LATIN_FUTOSHIKI, n, 0, 0);
  while (*p != '\0' && *p != '\n' && *p != '\r')
    {
      char *end;
      guint64 v = g_ascii_strtoull (p, &end, 10);
      guint x = cell % n, y = cell / n;

      g_assert_true (end != p);
      g_assert_cmpuint (v, <=, n);
      g_assert_cmpuint (cell, <, n * n);
      level->givens[cell] = v;
      for (p = end; *p != ',' && *p != '\0'; p++)
        switch (*p)
          {
          case 'U':
            g_assert_cmpuint (y, >, 0);
            level->signs[cell - n] |= PW_SIGN_DOWN_LESS;
            break;
          case 'R':
            g_assert_cmpuint (x + 1, <, n);
            level->signs[cell] |= PW_SIGN_RIGHT_GREATER;
            break;
          case 'D':
            g_assert_cmpuint (y + 1, <, n);
            level->signs[cell] |= PW_SIGN_DOWN_GREATER;
            break;
          case 'L':
            g_assert_cmpuint (x, >, 0);
            level->signs[cell - 1] |= PW_SIGN_RIGHT_LESS;
            break;
          default:
            g_assert_not_reached ();
          }
      if (*p == ',')
        p++;
      cell++;
    }
  g_assert_cmpuint (cell, ==, n * n);
  return _pw_latin_build_grid (level);
}

/* The puzzle in one line of a data file: "3x3:…" or "5:…". */
static PwNumGrid *
parse_id (const char *id)
{
  const char *colon = strchr (id, ':');

  g_assert_nonnull (colon);
  return memchr (id, 'x', colon - id) != NULL ? parse_solo (id) : parse_unequal (id);
}

/* ------------------------------------------------------------------ */
/* Positions made for one technique                                     */

typedef struct
{
  PwNumGrid  *grid;
  guint8     *values;
  PwValueSet *cands;
  guint       n;
} Position;

static void
position_clear (Position *pos)
{
  pw_numgrid_free (pos->grid);
  g_free (pos->values);
  g_free (pos->cands);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Position, position_clear)

/* An empty position: every cell may take every value. */
static void
position_init (Position  *pos,
               PwNumGrid *grid)
{
  guint n_cells = pw_numgrid_get_n_cells (grid);

  pos->grid = grid;
  pos->n = pw_numgrid_get_n_values (grid);
  pos->values = g_new0 (guint8, n_cells);
  pos->cands = g_new (PwValueSet, n_cells);
  for (guint c = 0; c < n_cells; c++)
    pw_value_set_fill (&pos->cands[c], pos->n);
}

static PwNumGrid *
sudoku_grid (guint    n,
             guint    box_rows,
             guint    box_cols,
             gboolean jigsaw,
             gboolean diagonals)
{
  g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, box_rows, box_cols);

  level->jigsaw = jigsaw;
  level->diagonals = diagonals;
  return _pw_latin_build_grid (level);
}

static guint
rc (const Position *pos,
    guint           row,
    guint           col)
{
  return (row - 1) * pw_numgrid_get_width (pos->grid) + col - 1;
}

/* Removes @v from every cell of the unit where rows (@row ≠ 0) or
 * columns (@col ≠ 0) match, except the cells listed as row, col pairs
 * ending with 0. */
static void
remove_except (Position *pos,
               guint     v,
               guint     row,
               guint     col,
               ...)
{
  guint w = pw_numgrid_get_width (pos->grid);
  guint keep[32], n_keep = 0;
  va_list args;

  va_start (args, col);
  for (;;)
    {
      guint r = va_arg (args, guint), c;

      if (r == 0)
        break;
      c = va_arg (args, guint);
      keep[n_keep++] = rc (pos, r, c);
    }
  va_end (args);
  for (guint cell = 0; cell < pw_numgrid_get_n_cells (pos->grid); cell++)
    {
      gboolean kept = FALSE;

      if ((row != 0 && cell / w + 1 != row) || (col != 0 && cell % w + 1 != col))
        continue;
      for (guint i = 0; i < n_keep; i++)
        kept |= keep[i] == cell;
      if (!kept)
        pw_value_set_remove (&pos->cands[cell], v);
    }
}

/* Removes @v from the cells of the box holding (@row, @col) (3×3 boxes)
 * except the listed cells. */
static void
remove_in_box_except (Position *pos,
                      guint     v,
                      guint     row,
                      guint     col,
                      ...)
{
  guint keep[32], n_keep = 0;
  guint r0 = (row - 1) / 3 * 3 + 1, c0 = (col - 1) / 3 * 3 + 1;
  va_list args;

  va_start (args, col);
  for (;;)
    {
      guint r = va_arg (args, guint), c;

      if (r == 0)
        break;
      c = va_arg (args, guint);
      keep[n_keep++] = rc (pos, r, c);
    }
  va_end (args);
  for (guint r = r0; r < r0 + 3; r++)
    for (guint c = c0; c < c0 + 3; c++)
      {
        gboolean kept = FALSE;

        for (guint i = 0; i < n_keep; i++)
          kept |= keep[i] == rc (pos, r, c);
        if (!kept)
          pw_value_set_remove (&pos->cands[rc (pos, r, c)], v);
      }
}

/* Sets a cell's candidates to the listed values (ending with 0). */
static void
set_cands (Position *pos,
           guint     row,
           guint     col,
           ...)
{
  PwValueSet *set = &pos->cands[rc (pos, row, col)];
  va_list args;

  pw_value_set_clear (set);
  va_start (args, col);
  for (guint v = va_arg (args, guint); v != 0; v = va_arg (args, guint))
    pw_value_set_add (set, v);
  va_end (args);
}

/* "r1c2=3 r4c5-6": the step's placements (=) and eliminations (-), in
 * the order the step lists them. */
static char *
step_changes (const PwLogicStep *step,
              guint              width)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < step->placements->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, i);

      g_string_append_printf (out, "%sr%uc%u=%u", out->len ? " " : "", cv->cell / width + 1,
                              cv->cell % width + 1, cv->value);
    }
  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);

      g_string_append_printf (out, "%sr%uc%u-%u", out->len ? " " : "", cv->cell / width + 1,
                              cv->cell % width + 1, cv->value);
    }
  return g_string_free (out, FALSE);
}

/* The easiest step from @pos is @technique, changing exactly @changes
 * and saying @sentence. */
static void
check_step (const Position *pos,
            PwTechnique     technique,
            const char     *changes,
            const char     *sentence)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PwLogicStep) step = NULL;
  g_autofree char *got = NULL;

  step = pw_logic_next_step (pos->grid, pos->values, pos->cands, &error);
  g_assert_no_error (error);
  g_assert_nonnull (step);
  g_assert_cmpstr (pw_technique_key (step->technique), ==, pw_technique_key (technique));
  got = step_changes (step, pw_numgrid_get_width (pos->grid));
  g_assert_cmpstr (got, ==, changes);
  g_assert_cmpstr (step->sentence, ==, sentence);
  g_assert_cmpuint (step->pattern->len, >, 0);
}

static void
test_full_house (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  for (guint c = 1; c <= 8; c++)
    pos.values[rc (&pos, 1, c)] = c;
  check_step (&pos, PW_TECHNIQUE_FULL_HOUSE, "r1c9=9",
              "Full house: r1c9 is the last empty cell in row 1, so it is 9");
}

static void
test_hidden_single_box (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_in_box_except (&pos, 7, 3, 5, 3, 5, 0);
  check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE_BOX, "r3c5=7",
              "Hidden single: 7 can only go in r3c5 within box 2");
}

static void
test_hidden_single_line (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 7, 3, 0, 3, 5, 0);
  check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE, "r3c5=7",
              "Hidden single: 7 can only go in r3c5 within row 3");
}

static void
test_hidden_single_units (void)
{
  /* the main diagonal of a Sudoku X, a region of a jigsaw, a column of
   * a Latin square */
  {
    g_auto (Position) pos = { 0 };

    position_init (&pos, sudoku_grid (9, 3, 3, FALSE, TRUE));
    for (guint i = 1; i <= 9; i++)
      if (i != 5)
        pw_value_set_remove (&pos.cands[rc (&pos, i, i)], 7);
    check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE, "r5c5=7",
                "Hidden single: 7 can only go in r5c5 within the main diagonal");
  }
  {
    g_auto (Position) pos = { 0 };

    position_init (&pos, sudoku_grid (9, 3, 3, FALSE, TRUE));
    for (guint i = 1; i <= 9; i++)
      if (i != 3)
        pw_value_set_remove (&pos.cands[rc (&pos, i, 10 - i)], 2);
    check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE, "r3c7=2",
                "Hidden single: 2 can only go in r3c7 within the anti-diagonal");
  }
  {
    g_auto (Position) pos = { 0 };

    position_init (&pos, sudoku_grid (6, 2, 3, TRUE, FALSE));
    /* region 4 of the 2×3 boxes: rows 3–4, columns 4–6 */
    for (guint r = 3; r <= 4; r++)
      for (guint c = 4; c <= 6; c++)
        if (r != 4 || c != 6)
          pw_value_set_remove (&pos.cands[rc (&pos, r, c)], 1);
    check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE_BOX, "r4c6=1",
                "Hidden single: 1 can only go in r4c6 within region 4");
  }
  {
    g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_LATIN, 5, 0, 0);
    g_auto (Position) pos = { 0 };

    position_init (&pos, _pw_latin_build_grid (level));
    remove_except (&pos, 4, 0, 2, 5, 2, 0);
    check_step (&pos, PW_TECHNIQUE_HIDDEN_SINGLE, "r5c2=4",
                "Hidden single: 4 can only go in r5c2 within column 2");
  }
}

static void
test_naked_single (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  set_cands (&pos, 3, 5, 7, 0);
  check_step (&pos, PW_TECHNIQUE_NAKED_SINGLE, "r3c5=7", "Naked single: r3c5 can only be 7");
}

static PwNumGrid *
futoshiki_grid (guint        n,
                const guint *less,
                guint        n_less)
{
  g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_FUTOSHIKI, n, 0, 0);
  PwNumGrid *grid = _pw_latin_build_grid (level);

  for (guint i = 0; i < n_less; i++)
    pw_numgrid_add_less (grid, less[2 * i], less[2 * i + 1]);
  return grid;
}

static void
test_inequality (void)
{
  static const guint less[] = { 0, 1 };   /* r1c1 < r1c2 */
  g_auto (Position) pos = { 0 };

  position_init (&pos, futoshiki_grid (4, less, 1));
  check_step (&pos, PW_TECHNIQUE_INEQUALITY, "r1c1-4 r1c2-1",
              "Inequality: r1c1 < r1c2, so r1c1 ≠ 4; r1c2 ≠ 1");
  /* from a placed value */
  pos.values[1] = 2;
  check_step (&pos, PW_TECHNIQUE_INEQUALITY, "r1c1-3 r1c1-4",
              "Inequality: r1c1 < r1c2, so r1c1 ≠ 3, 4");
}

static void
test_inequality_chain (void)
{
  static const guint less[] = { 1, 0, 1, 2 };  /* r1c2 < r1c1, r1c2 < r1c3 */
  g_auto (Position) pos = { 0 };

  position_init (&pos, futoshiki_grid (4, less, 2));
  set_cands (&pos, 1, 2, 1, 2, 3, 0);
  set_cands (&pos, 1, 1, 2, 3, 4, 0);
  set_cands (&pos, 1, 3, 2, 3, 4, 0);
  check_step (&pos, PW_TECHNIQUE_INEQUALITY_CHAIN, "r1c2-3",
              "Inequality chain: r1c2 is less than each of r1c1, r1c3, which all differ, "
              "so r1c2 ≠ 3");
  /* the other way: r2c2 > r2c1 > ... and r2c2 > r2c3 */
  {
    static const guint more[] = { 4, 5, 6, 5 };  /* r2c1 < r2c2, r2c3 < r2c2 */
    g_auto (Position) other = { 0 };

    position_init (&other, futoshiki_grid (4, more, 2));
    set_cands (&other, 2, 2, 2, 3, 4, 0);
    set_cands (&other, 2, 1, 1, 2, 3, 0);
    set_cands (&other, 2, 3, 1, 2, 3, 0);
    check_step (&other, PW_TECHNIQUE_INEQUALITY_CHAIN, "r2c2-2",
                "Inequality chain: r2c2 is greater than each of r2c1, r2c3, which all differ, "
                "so r2c2 ≠ 2");
  }
}

static void
test_pointing (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_in_box_except (&pos, 7, 1, 1, 1, 1, 1, 2, 0);
  check_step (&pos, PW_TECHNIQUE_POINTING,
              "r1c4-7 r1c5-7 r1c6-7 r1c7-7 r1c8-7 r1c9-7",
              "Pointing: within box 1, 7 can only go in row 1, so it is removed from "
              "r1c4, r1c5, r1c6, r1c7, r1c8, r1c9");
}

static void
test_claiming (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 7, 1, 0, 1, 1, 1, 2, 0);
  check_step (&pos, PW_TECHNIQUE_CLAIMING,
              "r2c1-7 r2c2-7 r2c3-7 r3c1-7 r3c2-7 r3c3-7",
              "Claiming: within row 1, 7 can only go in box 1, so it is removed from "
              "r2c1, r2c2, r2c3, r3c1, r3c2, r3c3");
}

static void
test_naked_pair (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 3, 1, 0, 1, 1, 1, 4, 1, 9, 0);
  remove_except (&pos, 7, 1, 0, 1, 1, 1, 4, 0);
  set_cands (&pos, 1, 1, 3, 7, 0);
  set_cands (&pos, 1, 4, 3, 7, 0);
  check_step (&pos, PW_TECHNIQUE_NAKED_PAIR, "r1c9-3",
              "Naked pair: in row 1, r1c1, r1c4 hold only 3, 7, so r1c9 ≠ 3");
}

static void
test_x_wing (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 4, 2, 0, 2, 3, 2, 8, 0);
  remove_except (&pos, 4, 7, 0, 7, 3, 7, 8, 0);
  remove_except (&pos, 4, 0, 3, 2, 3, 7, 3, 5, 3, 0);
  remove_except (&pos, 4, 0, 8, 2, 8, 7, 8, 0);
  check_step (&pos, PW_TECHNIQUE_X_WING, "r5c3-4",
              "X-Wing on 4: in row 2, row 7 it can only go in column 3, column 8, so it is "
              "removed from r5c3");
}

static void
test_hidden_pair (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 2, 1, 0, 1, 1, 1, 5, 0);
  remove_except (&pos, 6, 1, 0, 1, 1, 1, 5, 0);
  check_step (&pos, PW_TECHNIQUE_HIDDEN_PAIR,
              "r1c1-1 r1c1-3 r1c1-4 r1c1-5 r1c1-7 r1c1-8 r1c1-9 "
              "r1c5-1 r1c5-3 r1c5-4 r1c5-5 r1c5-7 r1c5-8 r1c5-9",
              "Hidden pair: in row 1, 2, 6 can only go in r1c1, r1c5, so "
              "r1c1 ≠ 1, 3, 4, 5, 7, 8, 9; r1c5 ≠ 1, 3, 4, 5, 7, 8, 9");
}

static void
test_naked_triple (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 1, 1, 0, 1, 1, 1, 7, 1, 9, 0);
  remove_except (&pos, 2, 1, 0, 1, 1, 1, 4, 0);
  remove_except (&pos, 3, 1, 0, 1, 4, 1, 7, 0);
  set_cands (&pos, 1, 1, 1, 2, 0);
  set_cands (&pos, 1, 4, 2, 3, 0);
  set_cands (&pos, 1, 7, 1, 3, 0);
  check_step (&pos, PW_TECHNIQUE_NAKED_TRIPLE, "r1c9-1",
              "Naked triple: in row 1, r1c1, r1c4, r1c7 hold only 1, 2, 3, so r1c9 ≠ 1");
}

static void
test_swordfish (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 5, 1, 0, 1, 2, 1, 5, 0);
  remove_except (&pos, 5, 4, 0, 4, 5, 4, 8, 0);
  remove_except (&pos, 5, 7, 0, 7, 2, 7, 8, 0);
  remove_except (&pos, 5, 0, 2, 1, 2, 7, 2, 9, 2, 0);
  remove_except (&pos, 5, 0, 5, 1, 5, 4, 5, 0);
  remove_except (&pos, 5, 0, 8, 4, 8, 7, 8, 0);
  check_step (&pos, PW_TECHNIQUE_SWORDFISH, "r9c2-5",
              "Swordfish on 5: in row 1, row 4, row 7 it can only go in column 2, column 5, "
              "column 8, so it is removed from r9c2");
}

static void
test_hidden_triple (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 1, 1, 0, 1, 1, 1, 4, 0);
  remove_except (&pos, 2, 1, 0, 1, 4, 1, 7, 0);
  remove_except (&pos, 3, 1, 0, 1, 1, 1, 7, 0);
  check_step (&pos, PW_TECHNIQUE_HIDDEN_TRIPLE,
              "r1c1-4 r1c1-5 r1c1-6 r1c1-7 r1c1-8 r1c1-9 "
              "r1c4-4 r1c4-5 r1c4-6 r1c4-7 r1c4-8 r1c4-9 "
              "r1c7-4 r1c7-5 r1c7-6 r1c7-7 r1c7-8 r1c7-9",
              "Hidden triple: in row 1, 1, 2, 3 can only go in r1c1, r1c4, r1c7, so "
              "r1c1 ≠ 4, 5, 6, 7, 8, 9; r1c4 ≠ 4, 5, 6, 7, 8, 9; r1c7 ≠ 4, 5, 6, 7, 8, 9");
}

static void
test_xy_wing (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  set_cands (&pos, 1, 1, 1, 2, 0);
  set_cands (&pos, 1, 5, 1, 3, 0);
  set_cands (&pos, 5, 1, 2, 3, 0);
  check_step (&pos, PW_TECHNIQUE_XY_WING, "r5c5-3",
              "XY-Wing: whether r1c1 is 1 or 2, r1c5 or r5c1 is 3, so it is removed from r5c5");
}

static void
test_xyz_wing (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  set_cands (&pos, 1, 1, 1, 2, 3, 0);
  set_cands (&pos, 2, 2, 1, 3, 0);
  set_cands (&pos, 1, 5, 2, 3, 0);
  check_step (&pos, PW_TECHNIQUE_XYZ_WING, "r1c2-3 r1c3-3",
              "XYZ-Wing: whatever r1c1 is, one of r1c1, r1c5, r2c2 is 3, so it is removed "
              "from r1c2, r1c3");
}

static void
test_naked_quad (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  for (guint v = 1; v <= 4; v++)
    remove_except (&pos, v, 1, 0, 1, 1, 1, 3, 1, 5, 1, 7, 1, 9, 0);
  set_cands (&pos, 1, 1, 1, 2, 0);
  set_cands (&pos, 1, 3, 2, 3, 0);
  set_cands (&pos, 1, 5, 3, 4, 0);
  set_cands (&pos, 1, 7, 1, 4, 0);
  check_step (&pos, PW_TECHNIQUE_NAKED_QUAD, "r1c9-1 r1c9-2 r1c9-3 r1c9-4",
              "Naked quad: in row 1, r1c1, r1c3, r1c5, r1c7 hold only 1, 2, 3, 4, so "
              "r1c9 ≠ 1, 2, 3, 4");
}

static void
test_jellyfish (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 5, 1, 0, 1, 4, 1, 7, 0);
  remove_except (&pos, 5, 4, 0, 4, 7, 4, 1, 0);
  remove_except (&pos, 5, 2, 0, 2, 1, 2, 9, 0);
  remove_except (&pos, 5, 7, 0, 7, 9, 7, 4, 0);
  remove_except (&pos, 5, 0, 7, 1, 7, 4, 7, 0);
  remove_except (&pos, 5, 0, 1, 4, 1, 2, 1, 9, 1, 0);
  remove_except (&pos, 5, 0, 9, 2, 9, 7, 9, 0);
  remove_except (&pos, 5, 0, 4, 7, 4, 1, 4, 0);
  check_step (&pos, PW_TECHNIQUE_JELLYFISH, "r9c1-5",
              "Jellyfish on 5: in row 1, row 2, row 4, row 7 it can only go in column 1, "
              "column 4, column 7, column 9, so it is removed from r9c1");
}

static void
test_hidden_quad (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 1, 1, 0, 1, 1, 1, 7, 0);
  remove_except (&pos, 2, 1, 0, 1, 7, 1, 4, 0);
  remove_except (&pos, 3, 1, 0, 1, 4, 1, 9, 0);
  remove_except (&pos, 4, 1, 0, 1, 9, 1, 1, 0);
  check_step (&pos, PW_TECHNIQUE_HIDDEN_QUAD,
              "r1c1-5 r1c1-6 r1c1-7 r1c1-8 r1c1-9 r1c4-5 r1c4-6 r1c4-7 r1c4-8 r1c4-9 "
              "r1c7-5 r1c7-6 r1c7-7 r1c7-8 r1c7-9 r1c9-5 r1c9-6 r1c9-7 r1c9-8 r1c9-9",
              "Hidden quad: in row 1, 1, 2, 3, 4 can only go in r1c1, r1c4, r1c7, r1c9, so "
              "r1c1 ≠ 5, 6, 7, 8, 9; r1c4 ≠ 5, 6, 7, 8, 9; r1c7 ≠ 5, 6, 7, 8, 9; "
              "r1c9 ≠ 5, 6, 7, 8, 9");
}

static void
test_simple_colouring (void)
{
  g_auto (Position) pos = { 0 };

  /* strong links for 6: column 1, box 4, row 5 */
  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 6, 0, 1, 1, 1, 4, 1, 0);
  remove_in_box_except (&pos, 6, 4, 1, 4, 1, 5, 3, 0);
  remove_except (&pos, 6, 5, 0, 5, 3, 5, 8, 0);
  check_step (&pos, PW_TECHNIQUE_SIMPLE_COLOURING, "r1c8-6",
              "Simple colouring on 6: r1c1, r5c3 against r4c1, r5c8; one side holds it, so "
              "it is removed from the cells that see both sides: r1c8");
}

static void
test_x_chain (void)
{
  g_auto (Position) pos = { 0 };

  /* strong links for 6 in column 1 and row 6, a weak one in box 4 */
  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 6, 0, 1, 1, 1, 4, 1, 0);
  remove_except (&pos, 6, 6, 0, 6, 3, 6, 8, 0);
  check_step (&pos, PW_TECHNIQUE_X_CHAIN, "r1c8-6",
              "X-chain on 6: r1c1 = r4c1 − r6c3 = r6c8; one end holds it, so it is removed "
              "from r1c8");
}

static void
test_xy_chain (void)
{
  g_auto (Position) pos = { 0 };

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  set_cands (&pos, 1, 1, 1, 2, 0);
  set_cands (&pos, 1, 5, 2, 3, 0);
  set_cands (&pos, 5, 5, 3, 4, 0);
  set_cands (&pos, 5, 9, 1, 4, 0);
  check_step (&pos, PW_TECHNIQUE_XY_CHAIN, "r5c1-1 r1c9-1",
              "XY-chain: r1c1 (1=2) − r1c5 (2=3) − r5c5 (3=4) − r5c9 (4=1); one end is 1, so "
              "it is removed from r5c1, r1c9");
}

/* The same techniques on other units: pointing from a jigsaw region, a
 * naked pair in a column of a Latin square. */
static void
test_other_units (void)
{
  {
    static const guint8 regions[16] = { 0, 0, 0, 1,
                                        0, 2, 1, 1,
                                        2, 2, 3, 1,
                                        2, 3, 3, 3 };
    g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_SUDOKU, 4, 2, 2);
    g_auto (Position) pos = { 0 };

    level->jigsaw = TRUE;
    memcpy (level->regions, regions, 16);
    position_init (&pos, _pw_latin_build_grid (level));
    pw_value_set_remove (&pos.cands[rc (&pos, 1, 3)], 1);
    pw_value_set_remove (&pos.cands[rc (&pos, 2, 1)], 1);
    check_step (&pos, PW_TECHNIQUE_POINTING, "r1c4-1",
                "Pointing: within region 1, 1 can only go in row 1, so it is removed from r1c4");
  }
  {
    g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_LATIN, 5, 0, 0);
    g_auto (Position) pos = { 0 };

    position_init (&pos, _pw_latin_build_grid (level));
    set_cands (&pos, 1, 2, 1, 2, 0);
    set_cands (&pos, 3, 2, 1, 2, 0);
    check_step (&pos, PW_TECHNIQUE_NAKED_PAIR, "r2c2-1 r2c2-2 r4c2-1 r4c2-2 r5c2-1 r5c2-2",
                "Naked pair: in column 2, r1c2, r3c2 hold only 1, 2, so r2c2 ≠ 1, 2; "
                "r4c2 ≠ 1, 2; r5c2 ≠ 1, 2");
  }
}

static void
test_colour_wrap (void)
{
  g_auto (Position) pos = { 0 };

  /* strong links for 6: column 1, row 4, column 5, row 2; r1c1 and r2c2
   * take one colour and share box 1 */
  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  remove_except (&pos, 6, 0, 1, 1, 1, 4, 1, 0);
  remove_except (&pos, 6, 4, 0, 4, 1, 4, 5, 0);
  remove_except (&pos, 6, 0, 5, 4, 5, 2, 5, 0);
  remove_except (&pos, 6, 2, 0, 2, 5, 2, 2, 0);
  check_step (&pos, PW_TECHNIQUE_SIMPLE_COLOURING, "r1c1-6 r4c5-6 r2c2-6",
              "Simple colouring on 6: r1c1, r2c2, r4c5 against r2c5, r4c1; two of the first "
              "see each other, so it is removed from them");
}

/* Applies a step to a player's position. */
static void
apply_to_position (Position          *pos,
                   const PwLogicStep *step)
{
  for (guint i = 0; i < step->placements->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, i);

      pos->values[cv->cell] = cv->value;
    }
  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);

      pw_value_set_remove (&pos->cands[cv->cell], cv->value);
    }
}

/* Hints from the givens to the end on a puzzle that needs trial: the
 * position where no technique applies gets no hint, a trial when asked
 * for one; every step agrees with the solution. */
static void
test_trial_hint (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "grading",
                                                 "solo-3x3-u.txt", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint trials = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0' && trials < 3; i++)
    {
      g_auto (Position) pos = { 0 };
      g_autofree guint8 *solution = NULL;
      gboolean needed_trial = FALSE;
      guint n_cells;

      position_init (&pos, parse_id (lines[i]));
      n_cells = pw_numgrid_get_n_cells (pos.grid);
      solution = g_new (guint8, n_cells);
      g_assert_cmpuint (plain_solve (pos.grid, NULL, 2, NULL, solution), ==, 1);
      for (;;)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (PwLogicStep) step = pw_logic_next_step (pos.grid, pos.values, pos.cands,
                                                             &error);

          g_assert_no_error (error);
          if (step == NULL)
            {
              step = pw_logic_next_step_upto (pos.grid, pos.values, pos.cands,
                                              PW_TECHNIQUE_TRIAL, &error);
              g_assert_no_error (error);
              if (step == NULL)
                break;
              g_assert_cmpint (step->technique, ==, PW_TECHNIQUE_TRIAL);
              g_assert_cmpuint (step->eliminations->len, ==, 1);
              g_assert_true (g_str_has_prefix (step->sentence, "Trial: assuming "));
              g_assert_true (g_str_has_suffix (step->sentence,
                                               " leads to a contradiction, so it is removed"));
              needed_trial = TRUE;
            }
          for (guint k = 0; k < step->placements->len; k++)
            {
              const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, k);

              g_assert_cmpuint (solution[cv->cell], ==, cv->value);
            }
          for (guint k = 0; k < step->eliminations->len; k++)
            {
              const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, k);

              g_assert_cmpuint (solution[cv->cell], !=, cv->value);
            }
          apply_to_position (&pos, step);
        }
      /* solved: every cell given or placed, as the solution says */
      for (guint c = 0; c < n_cells; c++)
        {
          guint v = pw_numgrid_get_givens (pos.grid)[c];

          g_assert_cmpuint (v != 0 ? v : pos.values[c], ==, solution[c]);
        }
      trials += needed_trial;
    }
  g_assert_cmpuint (trials, >, 0);
}

/* A position that breaks the rules gets no hint but an error naming it. */
static void
test_contradiction (void)
{
  g_auto (Position) pos = { 0 };
  g_autoptr (GError) error = NULL;
  PwLogicStep *step;

  position_init (&pos, sudoku_grid (9, 3, 3, FALSE, FALSE));
  pos.values[rc (&pos, 1, 1)] = 5;
  pos.values[rc (&pos, 1, 9)] = 5;
  step = pw_logic_next_step (pos.grid, pos.values, NULL, &error);
  g_assert_null (step);
  g_assert_error (error, PW_LOGIC_ERROR, PW_LOGIC_ERROR_CONTRADICTION);
  g_assert_cmpstr (error->message, ==, "5 is twice in row 1");
  g_clear_error (&error);

  /* no value left for 9 in box 1 */
  pos.values[rc (&pos, 1, 9)] = 0;
  remove_in_box_except (&pos, 9, 1, 1, 0);
  step = pw_logic_next_step (pos.grid, pos.values, pos.cands, &error);
  g_assert_null (step);
  g_assert_error (error, PW_LOGIC_ERROR, PW_LOGIC_ERROR_CONTRADICTION);
  g_assert_cmpstr (error->message, ==, "9 has no place left in box 1");
  g_clear_error (&error);

  /* a sign broken by the givens */
  {
    static const guint less[] = { 0, 1 };
    g_auto (Position) f = { 0 };

    position_init (&f, futoshiki_grid (4, less, 1));
    f.values[0] = 3;
    f.values[1] = 2;
    step = pw_logic_next_step (f.grid, f.values, NULL, &error);
    g_assert_null (step);
    g_assert_error (error, PW_LOGIC_ERROR, PW_LOGIC_ERROR_CONTRADICTION);
    g_assert_cmpstr (error->message, ==, "r1c1 is not less than r1c2");
    g_clear_error (&error);
  }

  /* solved: no step, no error */
  {
    g_auto (Position) l = { 0 };
    g_autoptr (PwLatinLevel) level = _pw_latin_level_new (PW_LATIN_LATIN, 3, 0, 0);

    position_init (&l, _pw_latin_build_grid (level));
    for (guint c = 0; c < 9; c++)
      l.values[c] = (c % 3 + c / 3) % 3 + 1;
    step = pw_logic_next_step (l.grid, l.values, NULL, &error);
    g_assert_no_error (error);
    g_assert_null (step);
  }
}

/* ------------------------------------------------------------------ */
/* Soundness on random puzzles                                          */

typedef enum
{
  RANDOM_SUDOKU,
  RANDOM_JIGSAW,
  RANDOM_SUDOKU_X,
  RANDOM_LATIN,
  RANDOM_FUTOSHIKI,
} RandomKind;

/* Whether the cells of region @r form one piece. */
static gboolean
region_connected (const PwLatinLevel *level,
                  guint               r)
{
  guint n = level->n, queue[PW_NUMGRID_MAX_VALUES], head = 0, tail = 0, start = G_MAXUINT;
  g_autofree gboolean *seen = g_new0 (gboolean, n * n);

  for (guint c = 0; c < n * n && start == G_MAXUINT; c++)
    if (level->regions[c] == r)
      start = c;
  queue[tail++] = start;
  seen[start] = TRUE;
  while (head < tail)
    {
      guint c = queue[head++], x = c % n, y = c / n;
      int nb[4] = { x > 0 ? (int) c - 1 : -1, x + 1 < n ? (int) c + 1 : -1,
                    y > 0 ? (int) (c - n) : -1, y + 1 < n ? (int) (c + n) : -1 };

      for (guint k = 0; k < 4; k++)
        if (nb[k] >= 0 && !seen[nb[k]] && level->regions[nb[k]] == r)
          {
            seen[nb[k]] = TRUE;
            queue[tail++] = nb[k];
          }
    }
  return tail == n;
}

/* Jigsaw regions from the boxes: a cell on a region's edge swaps regions
 * with a cell of the neighbouring region that has the same value in
 * @solution, so every region keeps its values; both stay in one piece. */
static void
jigsaw_regions (PwLatinLevel *level,
                const guint8 *solution,
                GRand        *rand)
{
  guint n = level->n, done = 0;

  for (guint attempt = 0; attempt < 4000 && done < 4 * n; attempt++)
    {
      guint a = g_rand_int_range (rand, 0, n * n), x = a % n, y = a / n, b = G_MAXUINT;
      int nb[4] = { x > 0 ? (int) a - 1 : -1, x + 1 < n ? (int) a + 1 : -1,
                    y > 0 ? (int) (a - n) : -1, y + 1 < n ? (int) (a + n) : -1 };
      int other = nb[g_rand_int_range (rand, 0, 4)];
      guint8 ra = level->regions[a], rb;

      if (other < 0 || level->regions[other] == ra)
        continue;
      rb = level->regions[other];
      for (guint c = 0; c < n * n; c++)
        if (level->regions[c] == rb && solution[c] == solution[a])
          b = c;
      g_assert_cmpuint (b, !=, G_MAXUINT);
      level->regions[a] = rb;
      level->regions[b] = ra;
      if (region_connected (level, ra) && region_connected (level, rb))
        done++;
      else
        {
          level->regions[a] = ra;
          level->regions[b] = rb;
        }
    }
}

/* A random puzzle of @kind and size @n with one solution (in @solution,
 * n × n bytes): a random solution, signs for Futoshiki, then givens taken
 * away in random order while the solution stays unique. */
static PwNumGrid *
random_puzzle (RandomKind kind,
               guint      n,
               GRand     *rand,
               guint8    *solution)
{
  g_autoptr (PwLatinLevel) level = NULL;
  guint box_rows = 1, box_cols = n;
  PwNumGrid *grid;
  g_autofree guint *order = g_new (guint, n * n);

  for (guint r = 1; r * r <= n; r++)
    if (n % r == 0)
      {
        box_rows = r;
        box_cols = n / r;
      }
  switch (kind)
    {
    case RANDOM_SUDOKU:
    case RANDOM_JIGSAW:
    case RANDOM_SUDOKU_X:
      level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, box_rows, box_cols);
      level->diagonals = kind == RANDOM_SUDOKU_X;
      break;
    case RANDOM_LATIN:
      level = _pw_latin_level_new (PW_LATIN_LATIN, n, 0, 0);
      break;
    case RANDOM_FUTOSHIKI:
    default:
      level = _pw_latin_level_new (PW_LATIN_FUTOSHIKI, n, 0, 0);
      break;
    }
  grid = _pw_latin_build_grid (level);
  g_assert_cmpuint (plain_solve (grid, NULL, 1, rand, solution), ==, 1);
  pw_numgrid_free (grid);
  if (kind == RANDOM_JIGSAW)
    {
      level->jigsaw = TRUE;
      jigsaw_regions (level, solution, rand);
    }
  if (kind == RANDOM_FUTOSHIKI)
    for (guint c = 0; c < n * n; c++)
      {
        if (c % n + 1 < n && g_rand_double (rand) < 0.35)
          level->signs[c] |= solution[c] < solution[c + 1] ? PW_SIGN_RIGHT_LESS :
                                                             PW_SIGN_RIGHT_GREATER;
        if (c / n + 1 < n && g_rand_double (rand) < 0.35)
          level->signs[c] |= solution[c] < solution[c + n] ? PW_SIGN_DOWN_LESS :
                                                             PW_SIGN_DOWN_GREATER;
      }
  memcpy (level->givens, solution, n * n);
  grid = _pw_latin_build_grid (level);
  for (guint c = 0; c < n * n; c++)
    order[c] = c;
  for (guint i = n * n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i), t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < n * n; i++)
    {
      guint c = order[i];

      pw_numgrid_set_given (grid, c, 0);
      if (plain_solve (grid, NULL, 2, NULL, NULL) != 1)
        pw_numgrid_set_given (grid, c, solution[c]);
    }
  return grid;
}

typedef struct
{
  const guint8 *solution;
  guint         counts[PW_N_TECHNIQUES];
} Soundness;

static void
check_against_solution (const PwLogicStep *step,
                        gpointer           data)
{
  Soundness *sound = data;

  g_assert_nonnull (step->sentence);
  for (guint i = 0; i < step->placements->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, i);

      if (sound->solution[cv->cell] != cv->value)
        g_test_message ("unsound: %s", step->sentence);
      g_assert_cmpuint (sound->solution[cv->cell], ==, cv->value);
    }
  for (guint i = 0; i < step->eliminations->len; i++)
    {
      const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);

      if (sound->solution[cv->cell] == cv->value)
        g_test_message ("unsound: %s", step->sentence);
      g_assert_cmpuint (sound->solution[cv->cell], !=, cv->value);
    }
  sound->counts[step->technique]++;
}

static void
test_sound_unique (void)
{
  static const struct
  {
    RandomKind  kind;
    guint       n;
    guint       count;
    const char *name;
  } cases[] = {
    { RANDOM_SUDOKU, 4, 30, "sudoku 4×4" },
    { RANDOM_SUDOKU, 6, 30, "sudoku 6×6" },
    { RANDOM_SUDOKU, 9, 12, "sudoku 9×9" },
    { RANDOM_JIGSAW, 6, 25, "jigsaw 6×6" },
    { RANDOM_JIGSAW, 9, 8, "jigsaw 9×9" },
    { RANDOM_SUDOKU_X, 9, 6, "sudoku X 9×9" },
    { RANDOM_LATIN, 4, 25, "latin 4×4" },
    { RANDOM_LATIN, 5, 25, "latin 5×5" },
    { RANDOM_LATIN, 6, 15, "latin 6×6" },
    { RANDOM_FUTOSHIKI, 4, 25, "futoshiki 4×4" },
    { RANDOM_FUTOSHIKI, 5, 25, "futoshiki 5×5" },
    { RANDOM_FUTOSHIKI, 6, 15, "futoshiki 6×6" },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261125);
  g_autoptr (GString) used = g_string_new (NULL);
  guint total[PW_N_TECHNIQUES] = { 0 };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      guint depth = 0;

      for (guint i = 0; i < cases[k].count; i++)
        {
          g_autofree guint8 *solution = g_new (guint8, cases[k].n * cases[k].n);
          g_autoptr (PwNumGrid) grid = random_puzzle (cases[k].kind, cases[k].n, rand, solution);
          g_autoptr (GError) error = NULL;
          Soundness sound = { solution, { 0 } };
          PwLogicGrade grade;

          g_assert_true (pw_logic_grade_traced (grid, NULL, PW_LOGIC_DEFAULT_BUDGET, NULL,
                                                check_against_solution, &sound, &grade, NULL,
                                                &error));
          g_assert_no_error (error);
          g_assert_true (grade.solved);
          g_assert_false (grade.contradiction);
          g_assert_false (grade.several_solutions);
          for (guint t = 0; t < PW_N_TECHNIQUES; t++)
            {
              g_assert_cmpuint (grade.counts[t], ==, sound.counts[t]);
              total[t] += sound.counts[t];
            }
          g_assert_cmpfloat (grade.grade, >=, pw_technique_rating (grade.hardest));
          depth = MAX (depth, grade.trial_depth);
        }
      g_test_message ("%u random %s puzzles sound, deepest trial %u", cases[k].count,
                      cases[k].name, depth);
    }
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (total[t] > 0)
      g_string_append_printf (used, " %s %u", pw_technique_key (t), total[t]);
  g_test_message ("steps by technique:%s", used->str);
}

/* Random puzzles made ambiguous (a given or two taken away) stop with
 * several solutions; made impossible (a given changed), with a
 * contradiction. The plain solver says which they are. */
static void
test_several_random (void)
{
  static const struct
  {
    RandomKind kind;
    guint      n;
  } cases[] = {
    { RANDOM_SUDOKU, 4 }, { RANDOM_SUDOKU, 6 }, { RANDOM_SUDOKU, 9 }, { RANDOM_JIGSAW, 6 },
    { RANDOM_LATIN, 5 }, { RANDOM_FUTOSHIKI, 4 }, { RANDOM_FUTOSHIKI, 5 },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  guint several = 0, none = 0;

  for (guint iter = 0; iter < 140; iter++)
    {
      guint k = iter % G_N_ELEMENTS (cases), n = cases[k].n, n_cells = n * n;
      g_autofree guint8 *solution = g_new (guint8, n_cells);
      g_autoptr (PwNumGrid) grid = random_puzzle (cases[k].kind, n, rand, solution);
      g_autoptr (GError) error = NULL;
      guint64 count;
      PwLogicGrade grade;

      /* (the plain solver proves 9×9 impossible too slowly) */
      if (iter % 2 == 0 || n > 6)
        {
          /* take away givens until there are several solutions */
          while (plain_solve (grid, NULL, 2, NULL, NULL) < 2)
            {
              guint c = g_rand_int_range (rand, 0, n_cells);

              pw_numgrid_set_given (grid, c, 0);
            }
        }
      else
        {
          /* change a given, or give an empty cell a wrong value */
          guint c = g_rand_int_range (rand, 0, n_cells);

          pw_numgrid_set_given (grid, c, solution[c] % n + 1);
        }
      count = plain_solve (grid, NULL, 2, NULL, NULL);
      g_assert_true (pw_logic_grade (grid, NULL, PW_LOGIC_DEFAULT_BUDGET, &grade, NULL, &error));
      g_assert_no_error (error);
      /* a changed given can make another puzzle with one solution */
      g_assert_cmpint (grade.solved, ==, count == 1);
      if (count >= 2)
        {
          g_assert_true (grade.several_solutions);
          g_assert_false (grade.contradiction);
          several++;
        }
      else if (count == 0)
        {
          g_assert_true (grade.contradiction);
          g_assert_false (grade.several_solutions);
          none++;
        }
    }
  g_test_message ("%u puzzles with several solutions, %u with none", several, none);
  g_assert_cmpuint (several, >=, 70);
  g_assert_cmpuint (none, >=, 25);
}

/* Hints on random positions with several solutions and random candidates:
 * a placement must hold in every solution the candidates allow, an
 * elimination in none. */
static void
test_sound_positions (void)
{
  static const struct
  {
    RandomKind kind;
    guint      n;
  } cases[] = {
    { RANDOM_LATIN, 4 }, { RANDOM_LATIN, 5 }, { RANDOM_SUDOKU, 4 }, { RANDOM_SUDOKU, 6 },
    { RANDOM_JIGSAW, 6 }, { RANDOM_SUDOKU_X, 6 }, { RANDOM_FUTOSHIKI, 4 }, { RANDOM_FUTOSHIKI, 5 },
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (77);
  guint counts[PW_N_TECHNIQUES] = { 0 }, positions = 0, kinds = 0;
  g_autoptr (GString) used = g_string_new (NULL);

  for (guint iter = 0; iter < 400; iter++)
    {
      guint k = iter % G_N_ELEMENTS (cases), n = cases[k].n, n_cells = n * n;
      g_autofree guint8 *solution = g_new (guint8, n_cells);
      g_autofree PwValueSet *seen = g_new (PwValueSet, n_cells);
      g_autoptr (PwNumGrid) full = random_puzzle (cases[k].kind, n, rand, solution);
      g_auto (Position) pos = { 0 };
      double p_given = g_rand_double_range (rand, 0.0, 0.35);
      double p_remove = g_rand_double_range (rand, 0.0, 0.6);

      /* the same rules, fewer givens: several solutions */
      position_init (&pos, pw_numgrid_copy (full));
      for (guint c = 0; c < n_cells; c++)
        {
          pw_numgrid_set_given (pos.grid, c,
                                g_rand_double (rand) < p_given ? solution[c] : 0);
          for (guint v = 1; v <= n; v++)
            if (v != solution[c] && g_rand_double (rand) < p_remove)
              pw_value_set_remove (&pos.cands[c], v);
        }
      if (plain_solve_full (pos.grid, NULL, pos.cands, 5000, NULL, NULL, seen) >= 5000)
        continue;
      positions++;
      for (guint steps = 0; steps < 4 * n_cells; steps++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (PwLogicStep) step = pw_logic_next_step_upto (pos.grid, pos.values, pos.cands,
                                                                  PW_TECHNIQUE_TRIAL, &error);

          g_assert_no_error (error);
          if (step == NULL)
            break;
          for (guint i = 0; i < step->placements->len; i++)
            {
              const PwCellValue *cv = &g_array_index (step->placements, PwCellValue, i);

              if (pw_value_set_count (&seen[cv->cell]) != 1 ||
                  !pw_value_set_has (&seen[cv->cell], cv->value))
                g_test_message ("unsound: %s", step->sentence);
              g_assert_cmpuint (pw_value_set_count (&seen[cv->cell]), ==, 1);
              g_assert_true (pw_value_set_has (&seen[cv->cell], cv->value));
            }
          for (guint i = 0; i < step->eliminations->len; i++)
            {
              const PwCellValue *cv = &g_array_index (step->eliminations, PwCellValue, i);

              if (pw_value_set_has (&seen[cv->cell], cv->value))
                g_test_message ("unsound: %s", step->sentence);
              g_assert_false (pw_value_set_has (&seen[cv->cell], cv->value));
            }
          counts[step->technique]++;
          apply_to_position (&pos, step);
        }
    }
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (counts[t] > 0)
      {
        g_string_append_printf (used, " %s %u", pw_technique_key (t), counts[t]);
        kinds++;
      }
  g_test_message ("%u positions; hints by technique:%s", positions, used->str);
  g_assert_cmpuint (positions, >=, 200);
  g_assert_cmpuint (kinds, >=, 12);
}

/* ------------------------------------------------------------------ */
/* The formula, budget, cancellation, several solutions                 */

static void
test_grade_formula (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);

  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    for (guint i = 0; i < 200; i++)
      {
        guint counts[PW_N_TECHNIQUES] = { 0 };
        guint depth = t == PW_TECHNIQUE_TRIAL ? g_rand_int_range (rand, 1, 4) : 0;
        double g, more, lo, hi;

        for (guint u = 0; u <= t; u++)
          counts[u] = g_rand_int_range (rand, u == t ? 1 : 0, i < 100 ? 5 : 500);
        g = pw_logic_grade_value (counts, depth);
        lo = t == PW_TECHNIQUE_TRIAL ? pw_technique_rating (t) + depth - 1 :
                                       pw_technique_rating (t);
        hi = t == PW_TECHNIQUE_TRIAL ? lo + 1 : pw_technique_rating (t + 1);
        g_assert_cmpfloat (g, >=, lo);
        g_assert_cmpfloat (g, <, hi);
        /* one more hard step raises it */
        counts[t]++;
        more = pw_logic_grade_value (counts, depth);
        g_assert_cmpfloat (more, >, g);
        g_assert_cmpfloat (more, <, hi);
      }
  {
    guint none[PW_N_TECHNIQUES] = { 0 };

    g_assert_cmpfloat (pw_logic_grade_value (none, 0), ==, 0.0);
  }
}

static PwNumGrid *
first_puzzle (const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "grading", file, NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  return parse_id (lines[0]);
}

static gboolean
cancel_soon (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
grade_thread (gpointer data)
{
  GCancellable *cancellable = data;
  g_autoptr (PwNumGrid) grid = first_puzzle ("solo-4x4-u.txt");
  g_autoptr (GError) error = NULL;
  PwLogicGrade grade;
  gboolean ok;

  /* a 16 × 16 puzzle that needs trial: seconds of work */
  ok = pw_logic_grade (grid, NULL, 0, &grade, cancellable, &error);
  g_assert_false (ok);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  return NULL;
}

static void
test_budget_cancel (void)
{
  g_autoptr (PwNumGrid) grid = first_puzzle ("solo-3x3-u.txt");
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  PwLogicGrade grade, full;

  g_assert_true (pw_logic_grade (grid, NULL, 0, &full, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (full.solved);
  g_assert_cmpuint (full.work, >, 100);

  /* too small a budget */
  g_assert_false (pw_logic_grade (grid, NULL, full.work / 2, &grade, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpuint (grade.work, <=, full.work / 2 + 1);
  g_clear_error (&error);
  /* just enough */
  g_assert_true (pw_logic_grade (grid, NULL, full.work, &grade, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (grade.grade, ==, full.grade);

  /* cancelled before */
  g_cancellable_cancel (cancellable);
  g_assert_false (pw_logic_grade (grid, NULL, 0, &grade, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* cancelled while grading, with no budget */
  {
    g_autoptr (GCancellable) later = g_cancellable_new ();
    GThread *thread = g_thread_new ("grade", grade_thread, later);
    g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

    g_timeout_add (50, cancel_soon, later);
    while (!g_cancellable_is_cancelled (later))
      g_main_context_iteration (NULL, TRUE);
    g_thread_join (thread);
  }
}

/* Values assumed besides the givens: the solution leaves nothing to do,
 * a wrong value no solution, half the solution an easier puzzle. */
static void
test_assume (void)
{
  g_autoptr (PwNumGrid) grid = first_puzzle ("solo-3x3-u.txt");
  guint8 solution[81], assume[81];
  g_autoptr (GError) error = NULL;
  PwLogicGrade grade, full;

  g_assert_cmpuint (plain_solve (grid, NULL, 2, NULL, solution), ==, 1);
  g_assert_true (pw_logic_grade (grid, NULL, 0, &full, NULL, &error));
  g_assert_true (pw_logic_grade (grid, solution, 0, &grade, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (grade.solved);
  g_assert_cmpuint (grade.steps, ==, 0);
  g_assert_cmpfloat (grade.grade, ==, 0.0);

  memset (assume, 0, sizeof assume);
  for (guint c = 0; c < 81; c++)
    if (pw_numgrid_get_givens (grid)[c] == 0)
      {
        assume[c] = solution[c] % 9 + 1;
        break;
      }
  g_assert_true (pw_logic_grade (grid, assume, 0, &grade, NULL, &error));
  g_assert_true (grade.contradiction);
  g_assert_false (grade.solved);

  for (guint c = 0; c < 81; c++)
    assume[c] = c % 2 ? solution[c] : 0;
  g_assert_true (pw_logic_grade (grid, assume, 0, &grade, NULL, &error));
  g_assert_true (grade.solved);
  g_assert_cmpfloat (grade.grade, <, full.grade);
}

/* Puzzles with several solutions end, whatever the budget. */
static void
test_several_solutions (void)
{
  g_autoptr (PwNumGrid) grid = first_puzzle ("solo-3x3-e.txt");
  const guint8 *givens = pw_numgrid_get_givens (grid);
  guint removed = 0;

  /* take givens away until there are several solutions */
  for (guint c = 0; c < 81 && removed < 4; c++)
    if (givens[c] != 0)
      {
        pw_numgrid_set_given (grid, c, 0);
        removed++;
      }
  g_assert_cmpuint (plain_solve (grid, NULL, 2, NULL, NULL), ==, 2);
  {
    g_autoptr (GError) error = NULL;
    PwLogicGrade grade;
    gboolean ok = pw_logic_grade (grid, NULL, PW_LOGIC_DEFAULT_BUDGET, &grade, NULL, &error);

    if (ok)
      {
        g_assert_false (grade.solved);
        g_assert_false (grade.contradiction);
        g_test_message ("several solutions: %s, grade %.2f after %" G_GUINT64_FORMAT " units",
                        grade.several_solutions ? "two found" : "stuck", grade.grade,
                        grade.work);
      }
    else
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  }
  /* the empty grid */
  {
    g_autoptr (PwNumGrid) empty = sudoku_grid (9, 3, 3, FALSE, FALSE);
    g_autoptr (GError) error = NULL;
    PwLogicGrade grade;

    if (pw_logic_grade (empty, NULL, 200000, &grade, NULL, &error))
      g_assert_false (grade.solved);
    else
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  }
  /* no solution: a contradiction, not a grade */
  {
    g_autoptr (PwNumGrid) bad = sudoku_grid (4, 2, 2, FALSE, FALSE);
    g_autoptr (GError) error = NULL;
    PwLogicGrade grade;

    pw_numgrid_set_given (bad, 0, 1);
    pw_numgrid_set_given (bad, 5, 1);
    g_assert_true (pw_logic_grade (bad, NULL, 0, &grade, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (grade.contradiction);
    g_assert_false (grade.solved);
  }
}

/* ------------------------------------------------------------------ */
/* Grade order against Tatham's classes                                 */

typedef struct
{
  double key;
  guint  index;
} Ranked;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Ranks with ties averaged. */
static void
rank_values (const double *values,
             guint         n,
             double       *ranks)
{
  g_autofree Ranked *r = g_new (Ranked, n);

  for (guint i = 0; i < n; i++)
    r[i] = (Ranked) { values[i], i };
  qsort (r, n, sizeof (Ranked), compare_ranked);
  for (guint i = 0; i < n;)
    {
      guint j = i;

      while (j < n && r[j].key == r[i].key)
        j++;
      for (guint k = i; k < j; k++)
        ranks[r[k].index] = (i + j - 1) / 2.0 + 1;
      i = j;
    }
}

/* Spearman's rank correlation: Pearson's on the ranks (ties averaged). */
static double
spearman (const double *x,
          const double *y,
          guint         n)
{
  g_autofree double *rx = g_new (double, n);
  g_autofree double *ry = g_new (double, n);
  double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

  rank_values (x, n, rx);
  rank_values (y, n, ry);
  for (guint i = 0; i < n; i++)
    {
      mx += rx[i] / n;
      my += ry[i] / n;
    }
  for (guint i = 0; i < n; i++)
    {
      sxy += (rx[i] - mx) * (ry[i] - my);
      sxx += (rx[i] - mx) * (rx[i] - mx);
      syy += (ry[i] - my) * (ry[i] - my);
    }
  return sxy / sqrt (sxx * syy);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

typedef struct
{
  const char *prefix;       /* files tests/data/grading/<prefix>-<class>.txt */
  const char *classes;      /* class letters, easiest first */
  double      min_rho;
  gboolean    brute_force;  /* check the solution against the plain solver */
} Collection;

static void
check_collection (gconstpointer data)
{
  const Collection *col = data;
  guint n_classes = strlen (col->classes);
  g_autoptr (GArray) classes = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) grades = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GString) report = g_string_new (NULL);
  double previous_median = -1, rho;

  for (guint k = 0; k < n_classes; k++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%c.txt", col->prefix, col->classes[k]);
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "grading", name, NULL);
      g_autofree char *text = NULL;
      g_auto (GStrv) lines = NULL;
      g_autoptr (GArray) here = g_array_new (FALSE, FALSE, sizeof (double));
      guint hardest[PW_N_TECHNIQUES] = { 0 };
      guint64 work = 0;
      double med;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autoptr (PwNumGrid) grid = NULL;
          g_autoptr (GError) error = NULL;
          PwLogicGrade grade;
          double class_rank = k;
          guint n_cells;

          if (lines[i][0] == '\0' || lines[i][0] == '#')
            continue;
          grid = parse_id (lines[i]);
          n_cells = pw_numgrid_get_n_cells (grid);
          g_assert_true (pw_logic_grade (grid, NULL, PW_LOGIC_DEFAULT_BUDGET, &grade, NULL,
                                         &error));
          g_assert_no_error (error);
          if (!grade.solved)
            g_test_message ("%s line %u not solved", name, i + 1);
          g_assert_true (grade.solved);
          g_assert_false (grade.contradiction);
          if (col->brute_force)
            {
              g_autofree guint8 *solution = g_new (guint8, n_cells);

              g_assert_cmpuint (plain_solve (grid, NULL, 2, NULL, solution), ==, 1);
            }
          hardest[grade.hardest]++;
          work += grade.work;
          g_array_append_val (classes, class_rank);
          g_array_append_val (grades, grade.grade);
          g_array_append_val (here, grade.grade);
        }
      g_assert_cmpuint (here->len, >=, 10);
      med = median ((double *) (gpointer) here->data, here->len);
      g_string_append_printf (report, "  %s: %u puzzles, grade %.2f–%.2f, median %.2f, "
                              "mean work %" G_GUINT64_FORMAT "; hardest:",
                              name, here->len, g_array_index (here, double, 0),
                              g_array_index (here, double, here->len - 1), med,
                              work / here->len);
      for (guint t = 0; t < PW_N_TECHNIQUES; t++)
        if (hardest[t] > 0)
          g_string_append_printf (report, " %s %u", pw_technique_key (t), hardest[t]);
      g_string_append_c (report, '\n');
      /* each class's median above the easier one's */
      g_assert_cmpfloat (med, >, previous_median);
      previous_median = med;
    }
  rho = spearman ((double *) (gpointer) classes->data, (double *) (gpointer) grades->data,
                  classes->len);
  /* the most a grade can reach against tied classes: one that orders the
   * classes perfectly, with no two puzzles alike */
  {
    g_autofree double *perfect = g_new (double, classes->len);

    for (guint i = 0; i < classes->len; i++)
      perfect[i] = g_array_index (classes, double, i) * classes->len + i;
    g_test_message ("%s: Spearman's rho between class and grade = %.3f over %u puzzles "
                    "(%.3f for a grade that orders the classes perfectly)\n%s",
                    col->prefix, rho, classes->len,
                    spearman ((double *) (gpointer) classes->data, perfect, classes->len),
                    report->str);
  }
  g_assert_cmpfloat (rho, >=, col->min_rho);
}

/* ------------------------------------------------------------------ */

int
main (int    argc,
      char **argv)
{
  /* Spearman thresholds: against classes with ties the ceiling is about
   * 0.986 for six classes and 0.980 for five (a grade ordering them
   * perfectly); a grade that swapped two neighbouring classes whole would
   * reach 0.93 (six) or 0.88 (five), one that could not tell the classes
   * apart in pairs 0.90 or 0.89. The thresholds sit between. (The plain
   * solver checks uniqueness where it is quick.) */
  static const Collection solo9 = { "solo-3x3", "tbiaeu", 0.95, TRUE };
  static const Collection solo16 = { "solo-4x4", "tbiaeu", 0.95, FALSE };
  static const Collection unequal5 = { "unequal-5", "tekxr", 0.93, TRUE };
  static const Collection unequal7 = { "unequal-7", "tekxr", 0.93, FALSE };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/techniques/step/full-house", test_full_house);
  g_test_add_func ("/analysis/techniques/step/hidden-single-box", test_hidden_single_box);
  g_test_add_func ("/analysis/techniques/step/hidden-single", test_hidden_single_line);
  g_test_add_func ("/analysis/techniques/step/hidden-single-units", test_hidden_single_units);
  g_test_add_func ("/analysis/techniques/step/naked-single", test_naked_single);
  g_test_add_func ("/analysis/techniques/step/inequality", test_inequality);
  g_test_add_func ("/analysis/techniques/step/inequality-chain", test_inequality_chain);
  g_test_add_func ("/analysis/techniques/step/pointing", test_pointing);
  g_test_add_func ("/analysis/techniques/step/claiming", test_claiming);
  g_test_add_func ("/analysis/techniques/step/naked-pair", test_naked_pair);
  g_test_add_func ("/analysis/techniques/step/x-wing", test_x_wing);
  g_test_add_func ("/analysis/techniques/step/hidden-pair", test_hidden_pair);
  g_test_add_func ("/analysis/techniques/step/naked-triple", test_naked_triple);
  g_test_add_func ("/analysis/techniques/step/swordfish", test_swordfish);
  g_test_add_func ("/analysis/techniques/step/hidden-triple", test_hidden_triple);
  g_test_add_func ("/analysis/techniques/step/xy-wing", test_xy_wing);
  g_test_add_func ("/analysis/techniques/step/xyz-wing", test_xyz_wing);
  g_test_add_func ("/analysis/techniques/step/naked-quad", test_naked_quad);
  g_test_add_func ("/analysis/techniques/step/jellyfish", test_jellyfish);
  g_test_add_func ("/analysis/techniques/step/hidden-quad", test_hidden_quad);
  g_test_add_func ("/analysis/techniques/step/simple-colouring", test_simple_colouring);
  g_test_add_func ("/analysis/techniques/step/x-chain", test_x_chain);
  g_test_add_func ("/analysis/techniques/step/xy-chain", test_xy_chain);
  g_test_add_func ("/analysis/techniques/step/colour-wrap", test_colour_wrap);
  g_test_add_func ("/analysis/techniques/step/other-units", test_other_units);
  g_test_add_func ("/analysis/techniques/step/trial", test_trial_hint);
  g_test_add_func ("/analysis/techniques/step/contradiction", test_contradiction);
  g_test_add_func ("/analysis/techniques/sound/unique", test_sound_unique);
  g_test_add_func ("/analysis/techniques/sound/positions", test_sound_positions);
  g_test_add_func ("/analysis/techniques/grade/several-random", test_several_random);
  g_test_add_func ("/analysis/techniques/grade/formula", test_grade_formula);
  g_test_add_func ("/analysis/techniques/grade/budget-cancel", test_budget_cancel);
  g_test_add_func ("/analysis/techniques/grade/several-solutions", test_several_solutions);
  g_test_add_func ("/analysis/techniques/grade/assume", test_assume);
  g_test_add_data_func ("/analysis/techniques/order/solo-9x9", &solo9, check_collection);
  g_test_add_data_func ("/analysis/techniques/order/solo-16x16", &solo16, check_collection);
  g_test_add_data_func ("/analysis/techniques/order/unequal-5x5", &unequal5, check_collection);
  g_test_add_data_func ("/analysis/techniques/order/unequal-7x7", &unequal7, check_collection);
  return g_test_run ();
}
