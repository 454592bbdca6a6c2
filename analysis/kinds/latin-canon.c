/* latin-canon.c — the canonical form of Sudoku, Latin square and Futoshiki
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What is the same puzzle (docs/rules/sudoku.md, latin.md, futoshiki.md):
 *
 * - Sudoku with boxes: digits exchanged, and the Sudoku transformations:
 *   bands (rows of boxes) in any order, rows within a band in any order,
 *   the same for stacks and columns, and the grid transposed (which
 *   makes r × c boxes c × r). That includes every turn and mirror. Per
 *   transposition and order of the columns, a depth-first search picks
 *   rows one by one, the digits numbered by first appearance, and keeps
 *   the smallest grid row by row: a row above the best row of its depth
 *   ends that branch, so few of the orders of the rows are ever tried.
 *   Grids whose columns have more than MAX_COLUMN_ORDERS orders (12×12
 *   and larger) are compared as jigsaws are.
 * - Jigsaw Sudoku and Sudoku X: turns and mirrors, digits exchanged;
 *   regions numbered by first appearance.
 * - Latin square: digits exchanged, rows in any order, columns in any
 *   order, transposed: the Sudoku search with bands of one row and stacks
 *   of one column, up to 9×9 (9! orders of the columns, most of them left
 *   after a few columns: an order whose first columns no row can read as
 *   small as the best first row so far ends there). Larger squares:
 *   turns, mirrors and digits only (the general case is the canonical
 *   labelling of a graph).
 * - Futoshiki: turns and mirrors with the signs, and the digits read
 *   backwards (n + 1 - d) with every sign the other way round; other
 *   exchanges of digits do not keep the signs true.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <string.h>

#include "latin-private.h"
#include "pw-canon.h"

#define MAX_COLUMN_ORDERS 2000
/* 9!: Latin squares up to 9 × 9 try every order of rows and columns */
#define MAX_LATIN_COLUMN_ORDERS 362880

enum { HEADER_SIZE = 6 };

static void
append_header (GByteArray         *out,
               const PwLatinLevel *level,
               guint               box_rows,
               guint               box_cols)
{
  guint8 header[HEADER_SIZE] = { (guint8) level->variant, (guint8) level->n, (guint8) box_rows,
                                 (guint8) box_cols, (guint8) level->jigsaw,
                                 (guint8) level->diagonals };

  g_byte_array_append (out, header, HEADER_SIZE);
}

/* How cell @a compares with its neighbour @b by the signs: 0 no sign,
 * 1 a < b, 2 a > b. */
static guint8
relation (const PwLatinLevel *level,
          guint               a,
          guint               b)
{
  guint n = level->n;
  guint8 s;

  if (b + 1 == a || b + n == a)
    {
      guint8 r = relation (level, b, a);

      return r == 0 ? 0 : 3 - r;
    }
  s = level->signs[a];
  if (b == a + 1)
    return s & PW_SIGN_RIGHT_LESS ? 1 : s & PW_SIGN_RIGHT_GREATER ? 2 : 0;
  g_assert (b == a + n);
  return s & PW_SIGN_DOWN_LESS ? 1 : s & PW_SIGN_DOWN_GREATER ? 2 : 0;
}

/* Turns and mirrors (× the digits backwards for Futoshiki). */
static GByteArray *
dihedral_form (const PwLatinLevel *level)
{
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;
  guint n = level->n;
  gboolean signs = level->signs != NULL;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    for (guint backwards = 0; backwards < (signs ? 2u : 1u); backwards++)
      {
        PwCanonLabels digits, regions;
        gboolean turn = (t & 4) != 0;

        _pw_canon_labels_init (&digits);
        _pw_canon_labels_init (&regions);
        g_byte_array_set_size (candidate, 0);
        append_header (candidate, level, turn ? level->box_cols : level->box_rows,
                       turn ? level->box_rows : level->box_cols);
        for (guint y = 0; y < n; y++)
          for (guint x = 0; x < n; x++)
            {
              guint c = _pw_canon_dihedral_source (t, n, n, x, y);
              guint8 bytes[3];
              guint length = 1;
              guint8 given = level->givens[c];

              if (signs)
                {
                  /* the order of the digits matters: no numbering by appearance */
                  bytes[0] = given == 0 || !backwards ? given : (guint8) (n + 1 - given);
                  bytes[1] = x + 1 < n ? relation (level, c,
                                                   _pw_canon_dihedral_source (t, n, n, x + 1, y))
                                       : 0;
                  bytes[2] = y + 1 < n ? relation (level, c,
                                                   _pw_canon_dihedral_source (t, n, n, x, y + 1))
                                       : 0;
                  if (backwards)
                    for (guint i = 1; i < 3; i++)
                      bytes[i] = bytes[i] == 0 ? 0 : 3 - bytes[i];
                  length = 3;
                }
              else
                {
                  bytes[0] = _pw_canon_label (&digits, given);
                  if (level->variant == PW_LATIN_SUDOKU && level->jigsaw)
                    {
                      /* regions are 0..n-1: numbered from 1 by appearance */
                      bytes[1] = _pw_canon_label (&regions, level->regions[c] + 1);
                      length = 2;
                    }
                }
              g_byte_array_append (candidate, bytes, length);
            }
        _pw_canon_offer (&best, candidate);
      }
  return best;
}

/* ---- Sudoku with boxes ---- */

typedef struct
{
  guint         n;
  guint         box_rows;      /* rows per band */
  const guint8 *grid;          /* n × n givens */
  const guint  *columns;       /* the order of the columns */
  guint8       *best;          /* n × n, rows so far; 0xff: none yet */
  guint8        no_digits[PW_SUDOKU_MAX_N + 1];  /* zeros: no digit numbered yet */
} SudokuSearch;

/* Whether @length bytes at @a and @b are the same. A loop, not memcmp:
 * as fast for rows of at most 16 cells, and the fuzz build's memcmp
 * interceptor (a hook for every call, in libFuzzer) made it half of
 * fuzz-duplicates' time. */
static inline gboolean
same_bytes (const guint8 *a,
            const guint8 *b,
            gsize         length)
{
  for (gsize i = 0; i < length; i++)
    if (a[i] != b[i])
      return FALSE;
  return TRUE;
}

/* Whether rows @a and @b of @grid (n wide) hold the same cells. */
static gboolean
same_rows (const guint8 *grid,
           guint         n,
           guint         a,
           guint         b,
           guint         count)
{
  return same_bytes (grid + a * n, grid + b * n, (gsize) count * n);
}

static void
sudoku_rows (SudokuSearch *s,
             guint         depth,
             guint         bands_used,
             guint         band,
             guint         rows_used,
             const guint8 *map,
             guint         next)
{
  guint n = s->n, r = s->box_rows;
  gboolean new_band = depth % r == 0;

  if (depth == n)
    return;
  for (guint b = 0; b < n / r; b++)
    {
      gboolean twin = FALSE;

      if (new_band ? (bands_used & (1u << b)) != 0 : b != band)
        continue;
      /* bands (rows) alike in every cell are interchangeable: the first
       * unused one stands for them all, so blank rows do not multiply
       * the search */
      for (guint e = 0; new_band && e < b && !twin; e++)
        twin = (bands_used & (1u << e)) == 0 && same_rows (s->grid, n, e * r, b * r, r);
      if (twin)
        continue;
      for (guint i = 0; i < r; i++)
        {
          guint source = b * r + i;
          guint8 row[PW_SUDOKU_MAX_N];
          guint8 row_map[PW_SUDOKU_MAX_N + 1];
          const guint8 *best = s->best + depth * n;
          guint row_next = next;
          gboolean row_twin = FALSE;
          int order = 0;

          if (!new_band && (rows_used & (1u << i)) != 0)
            continue;
          for (guint e = 0; e < i && !row_twin; e++)
            row_twin = (new_band || (rows_used & (1u << e)) == 0) &&
                       same_rows (s->grid, n, b * r + e, source, 1);
          if (row_twin)
            continue;
          memcpy (row_map, map, n + 1);
          /* the row numbered and compared with the best at this depth
           * (0xff: none yet) in one pass, left at the first cell where it
           * is larger */
          for (guint x = 0; x < n && order <= 0; x++)
            {
              guint8 v = s->grid[source * n + s->columns[x]];

              if (v != 0 && row_map[v] == 0)
                row_map[v] = (guint8) row_next++;
              row[x] = row_map[v];
              if (order == 0 && row[x] != best[x])
                order = row[x] < best[x] ? -1 : 1;
            }
          if (order > 0)
            continue;
          if (order < 0)
            {
              memcpy (s->best + depth * n, row, n);
              memset (s->best + (depth + 1) * n, 0xff, (n - depth - 1) * n);
            }
          sudoku_rows (s, depth + 1, new_band ? bands_used | (1u << b) : bands_used, b,
                       new_band ? 1u << i : rows_used | (1u << i), row_map, row_next);
        }
    }
}

/* Whether columns @a.. and @b.. (@count each) of @grid hold the same cells. */
static gboolean
same_columns (const guint8 *grid,
              guint         n,
              guint         a,
              guint         b,
              guint         count)
{
  for (guint y = 0; y < n; y++)
    if (!same_bytes (grid + y * n + a, grid + y * n + b, count))
      return FALSE;
  return TRUE;
}

/* Whether some row, read in the first @p columns of @order with its
 * digits numbered by first appearance, starts no later than the best
 * first row so far. When none does, every order beginning so gives a
 * larger form than the best: the search leaves it. */
static gboolean
first_row_can_tie (const SudokuSearch *s,
                   const guint        *order,
                   guint               p)
{
  guint n = s->n;

  if (s->best[0] == 0xff)
    return TRUE;
  for (guint r = 0; r < n; r++)
    {
      guint8 map[PW_SUDOKU_MAX_N + 1] = { 0 };
      guint8 next = 1;
      int cmp = 0;

      for (guint x = 0; x < p && cmp == 0; x++)
        {
          guint8 v = s->grid[r * n + order[x]];

          if (v != 0 && map[v] == 0)
            map[v] = next++;
          cmp = map[v] < s->best[x] ? -1 : map[v] > s->best[x] ? 1 : 0;
        }
      if (cmp <= 0)
        return TRUE;
    }
  return FALSE;
}

/* Every order of the columns the Sudoku transformations allow (stacks of
 * @box_cols columns in any order, columns within each in any order), the
 * row search run on each. */
static void
column_orders (SudokuSearch *s,
               guint         box_cols,
               guint         position,
               guint         stacks_used,
               guint         stack,
               guint         columns_used,
               guint        *order)
{
  guint n = s->n;
  gboolean new_stack = position % box_cols == 0;

  if (position == n)
    {
      s->columns = order;
      sudoku_rows (s, 0, 0, 0, 0, s->no_digits, 1);
      return;
    }
  for (guint t = 0; t < n / box_cols; t++)
    {
      gboolean twin = FALSE;

      if (new_stack ? (stacks_used & (1u << t)) != 0 : t != stack)
        continue;
      /* as for rows: of stacks (columns) alike, the first unused one */
      for (guint e = 0; new_stack && e < t && !twin; e++)
        twin = (stacks_used & (1u << e)) == 0 &&
               same_columns (s->grid, n, e * box_cols, t * box_cols, box_cols);
      if (twin)
        continue;
      for (guint i = 0; i < box_cols; i++)
        {
          gboolean column_twin = FALSE;

          if (!new_stack && (columns_used & (1u << i)) != 0)
            continue;
          for (guint e = 0; e < i && !column_twin; e++)
            column_twin = (new_stack || (columns_used & (1u << e)) == 0) &&
                          same_columns (s->grid, n, t * box_cols + e, t * box_cols + i, 1);
          if (column_twin)
            continue;
          order[position] = t * box_cols + i;
          if (!first_row_can_tie (s, order, position + 1))
            continue;
          column_orders (s, box_cols, position + 1,
                         new_stack ? stacks_used | (1u << t) : stacks_used, t,
                         new_stack ? 1u << i : columns_used | (1u << i), order);
        }
    }
}

/* k!, or G_MAXUINT64 once it is past @cap (64! would wrap round to 0) */
static guint64
factorial (guint   k,
           guint64 cap)
{
  guint64 f = 1;

  for (guint i = 2; i <= k; i++)
    {
      f *= i;
      if (f > cap)
        return G_MAXUINT64;
    }
  return f;
}

/* The orders of the columns, or G_MAXUINT64 once they are past @cap. */
static guint64
count_column_orders (guint   n,
                     guint   box_cols,
                     guint64 cap)
{
  guint64 stacks = factorial (n / box_cols, cap);
  guint64 within = 1;

  for (guint s = 0; s < n / box_cols; s++)
    {
      within *= factorial (box_cols, cap);
      if (within > cap)
        return G_MAXUINT64;
    }
  return stacks > cap || stacks * within > cap ? G_MAXUINT64 : stacks * within;
}

/* The Sudoku search; a Latin square's is the same with bands of one row
 * and stacks of one column: rows and columns in any order. */
static GByteArray *
sudoku_form (const PwLatinLevel *level)
{
  gboolean latin = level->variant == PW_LATIN_LATIN;
  guint band_rows = latin ? 1 : level->box_rows;
  guint stack_cols = latin ? 1 : level->box_cols;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  guint n = level->n;
  g_autofree guint8 *transposed = g_new (guint8, n * n);
  g_autofree guint8 *best = g_new (guint8, n * n);
  GByteArray *result = NULL;

  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      transposed[x * n + y] = level->givens[y * n + x];

  for (guint turn = 0; turn < 2; turn++)
    {
      /* transposed, r × c boxes are c × r */
      guint box_rows = turn ? stack_cols : band_rows;
      guint box_cols = turn ? band_rows : stack_cols;
      g_autofree guint *order = g_new (guint, n);
      SudokuSearch s = { n, box_rows, turn ? transposed : level->givens, NULL, best, { 0 } };

      memset (best, 0xff, n * n);
      column_orders (&s, box_cols, 0, 0, 0, 0, order);
      g_byte_array_set_size (candidate, 0);
      append_header (candidate, level, turn ? level->box_cols : level->box_rows,
                     turn ? level->box_rows : level->box_cols);
      g_byte_array_append (candidate, best, n * n);
      _pw_canon_offer (&result, candidate);
    }
  return result;
}

char *
_pw_latin_canonical_form (gconstpointer data)
{
  const PwLatinLevel *level = data;
  gboolean boxes = level->variant == PW_LATIN_SUDOKU && !level->jigsaw && !level->diagonals &&
                   level->box_rows > 0 && level->box_cols > 0;

  if (boxes &&
      count_column_orders (level->n, level->box_cols, MAX_COLUMN_ORDERS) <= MAX_COLUMN_ORDERS &&
      count_column_orders (level->n, level->box_rows, MAX_COLUMN_ORDERS) <= MAX_COLUMN_ORDERS)
    return _pw_canon_finish (sudoku_form (level));
  if (level->variant == PW_LATIN_LATIN &&
      count_column_orders (level->n, 1, MAX_LATIN_COLUMN_ORDERS) <= MAX_LATIN_COLUMN_ORDERS)
    return _pw_canon_finish (sudoku_form (level));
  return _pw_canon_finish (dihedral_form (level));
}
