/* latin.c — the number-placement kinds: sudoku, latin, futoshiki
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One level model (latin-private.h) and one engine (numgrid.h) serve the
 * three kinds, as Tatham's latin.c serves Solo, Unequal and Towers.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "latin-private.h"

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

PwLatinLevel *
_pw_latin_level_new (PwLatinVariant variant,
                     guint          n,
                     guint          box_rows,
                     guint          box_cols)
{
  PwLatinLevel *level;

  g_return_val_if_fail (n >= 1 && n <= PW_NUMGRID_MAX_VALUES, NULL);
  g_return_val_if_fail (variant != PW_LATIN_SUDOKU || box_rows * box_cols == n, NULL);

  level = g_new0 (PwLatinLevel, 1);
  level->variant = variant;
  level->n = n;
  level->givens = g_new0 (guint8, n * n);
  if (variant == PW_LATIN_SUDOKU)
    {
      level->box_rows = box_rows;
      level->box_cols = box_cols;
      level->regions = g_new0 (guint8, n * n);
      _pw_latin_level_set_boxes (level);
    }
  if (variant == PW_LATIN_FUTOSHIKI)
    level->signs = g_new0 (guint8, n * n);
  return level;
}

PwLatinLevel *
_pw_latin_level_copy (const PwLatinLevel *level)
{
  PwLatinLevel *copy;
  guint cells;

  g_return_val_if_fail (level != NULL, NULL);

  cells = level->n * level->n;
  copy = g_memdup2 (level, sizeof *level);
  copy->givens = g_memdup2 (level->givens, cells);
  copy->regions = level->regions ? g_memdup2 (level->regions, cells) : NULL;
  copy->signs = level->signs ? g_memdup2 (level->signs, cells) : NULL;
  return copy;
}

void
_pw_latin_level_free (PwLatinLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->givens);
  g_free (level->regions);
  g_free (level->signs);
  g_free (level);
}

static gboolean
same_bytes (const guint8 *a,
            const guint8 *b,
            guint         n)
{
  if (a == NULL || b == NULL)
    return a == b;
  return memcmp (a, b, n) == 0;
}

gboolean
_pw_latin_level_equal (const PwLatinLevel *a,
                       const PwLatinLevel *b)
{
  guint cells;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->variant != b->variant || a->n != b->n || a->box_rows != b->box_rows ||
      a->box_cols != b->box_cols || a->jigsaw != b->jigsaw || a->diagonals != b->diagonals)
    return FALSE;
  cells = a->n * a->n;
  return same_bytes (a->givens, b->givens, cells) && same_bytes (a->regions, b->regions, cells) &&
         same_bytes (a->signs, b->signs, cells);
}

void
_pw_latin_level_set_boxes (PwLatinLevel *level)
{
  guint n = level->n;

  g_return_if_fail (level->regions != NULL);
  g_return_if_fail (level->box_rows * level->box_cols == n);

  /* boxes in reading order: n / box_cols boxes across */
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      level->regions[y * n + x] =
        (y / level->box_rows) * (n / level->box_cols) + x / level->box_cols;
}

/* ------------------------------------------------------------------ */
/* The engine's problem                                                 */

PwNumGrid *
_pw_latin_build_grid (const PwLatinLevel *level)
{
  guint n = level->n;
  PwNumGrid *grid = pw_numgrid_new (n, n, n);
  g_autofree guint *cells = g_new (guint, n);

  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        cells[x] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_ROW, y, cells, n);
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        cells[y] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_COLUMN, x, cells, n);
    }
  if (level->regions != NULL)
    for (guint r = 0; r < n; r++)
      {
        guint k = 0;

        for (guint c = 0; c < n * n && k < n; c++)
          if (level->regions[c] == r)
            cells[k++] = c;
        pw_numgrid_add_unit (grid, level->jigsaw ? PW_UNIT_REGION : PW_UNIT_BOX, r, cells, k);
      }
  if (level->diagonals)
    {
      for (guint i = 0; i < n; i++)
        cells[i] = i * n + i;
      pw_numgrid_add_unit (grid, PW_UNIT_DIAGONAL, 0, cells, n);
      for (guint i = 0; i < n; i++)
        cells[i] = i * n + (n - 1 - i);
      pw_numgrid_add_unit (grid, PW_UNIT_DIAGONAL, 1, cells, n);
    }
  if (level->signs != NULL)
    for (guint y = 0; y < n; y++)
      for (guint x = 0; x < n; x++)
        {
          guint c = y * n + x;
          guint8 s = level->signs[c];

          if (x + 1 < n && (s & PW_SIGN_RIGHT_LESS))
            pw_numgrid_add_less (grid, c, c + 1);
          if (x + 1 < n && (s & PW_SIGN_RIGHT_GREATER))
            pw_numgrid_add_less (grid, c + 1, c);
          if (y + 1 < n && (s & PW_SIGN_DOWN_LESS))
            pw_numgrid_add_less (grid, c, c + n);
          if (y + 1 < n && (s & PW_SIGN_DOWN_GREATER))
            pw_numgrid_add_less (grid, c + n, c);
        }
  for (guint c = 0; c < n * n; c++)
    if (level->givens[c] != 0 && level->givens[c] <= n)
      pw_numgrid_set_given (grid, c, level->givens[c]);
  return grid;
}
