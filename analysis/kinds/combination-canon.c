/* combination-canon.c — the combination kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rays run along rows, columns and diagonals alike, so a grid turned or
 * mirrored is the same puzzle; colours only say which pieces may see
 * each other, so exchanging them is too, and entries of one colour and
 * attack add up (docs/rules/combination.md). The grid and the inventory
 * are apart: the smallest grid over the 8 symmetries, then the
 * inventory as, per colour used, its counts by attack, sorted.
 */

#define G_LOG_DOMAIN "pw-combination"

#include "config.h"

#include <string.h>

#include "combination-private.h"
#include "pw-canon.h"

typedef struct
{
  guint32 count[3];  /* orthogonal, diagonal, both */
} ColourCounts;

static int
compare_counts (gconstpointer a,
                gconstpointer b)
{
  return memcmp (a, b, sizeof (ColourCounts));
}

char *
_pw_combination_canonical_form (gconstpointer data)
{
  const PwCombinationLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  ColourCounts colours[PW_COMBINATION_N_COLOURS] = { { { 0 } } };
  GByteArray *best = NULL;
  guint n_used = 0;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    {
      guint w, h;

      _pw_canon_dihedral_size (t, level->width, level->height, &w, &h);
      g_byte_array_set_size (candidate, 2);
      candidate->data[0] = (guint8) w;
      candidate->data[1] = (guint8) h;
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          g_byte_array_append (candidate,
                               (const guint8 *) &level->cells[_pw_canon_dihedral_source (
                                 t, level->width, level->height, x, y)], 1);
      _pw_canon_offer (&best, candidate);
    }

  for (int e = 0; e < level->n_entries; e++)
    {
      const PwCombinationEntry *entry = &level->entries[e];

      g_assert (entry->colour >= 0 && entry->colour < PW_COMBINATION_N_COLOURS);
      g_assert (entry->attack >= PW_ATTACK_ORTHOGONAL && entry->attack <= PW_ATTACK_BOTH);
      colours[entry->colour].count[entry->attack - 1] += (guint32) MAX (entry->count, 0);
    }
  /* the colours a piece has, by their counts; which colour is which
   * does not matter */
  for (guint c = 0; c < PW_COMBINATION_N_COLOURS; c++)
    if (colours[c].count[0] + colours[c].count[1] + colours[c].count[2] > 0)
      colours[n_used++] = colours[c];
  qsort (colours, n_used, sizeof (ColourCounts), compare_counts);
  for (guint c = 0; c < n_used; c++)
    for (guint a = 0; a < 3; a++)
      {
        guint8 bytes[4] = { colours[c].count[a] >> 24, colours[c].count[a] >> 16,
                            colours[c].count[a] >> 8, colours[c].count[a] };

        g_byte_array_append (best, bytes, 4);
      }
  return _pw_canon_finish (best);
}
