/* queens-canon.c — the canonical form of Queens and Star Battle
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rows, columns, regions and the cells around a queen (star) look the
 * same turned or mirrored, and regions are only names: per symmetry, the
 * cells in reading order with the regions numbered by first appearance;
 * the smallest wins.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include "pw-canon.h"
#include "queens-private.h"

char *
_pw_queens_canonical_form (gconstpointer data)
{
  const PwQueensLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;
  guint n = level->n;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    {
      guint8 header[3] = { (guint8) level->variant, (guint8) n, (guint8) level->stars };
      PwCanonLabels regions;

      _pw_canon_labels_init (&regions);
      g_byte_array_set_size (candidate, 0);
      g_byte_array_append (candidate, header, 3);
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          {
            guint c = _pw_canon_dihedral_source (t, n, n, x, y);
            guint8 bytes[2] = { level->cells[c], 0 };

            if (level->regions != NULL)
              bytes[1] = _pw_canon_label (&regions, level->regions[c] + 1);
            g_byte_array_append (candidate, bytes, 2);
          }
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
