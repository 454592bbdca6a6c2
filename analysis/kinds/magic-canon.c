/* magic-canon.c — the magic kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rows, columns and both diagonals add up to the magic sum, so a square
 * turned or mirrored is the same puzzle, and so is its complement (each
 * value v written n² + 1 - v: every line of n values still adds up to
 * n(n² + 1) - n(n² + 1)/2, the magic sum). The smallest of the 16.
 */

#define G_LOG_DOMAIN "pw-magic"

#include "config.h"

#include "magic-private.h"
#include "pw-canon.h"

char *
_pw_magic_canonical_form (gconstpointer data)
{
  const PwMagicLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;
  guint n = level->n;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    for (guint complement = 0; complement < 2; complement++)
      {
        guint8 size = (guint8) n;

        g_byte_array_set_size (candidate, 0);
        g_byte_array_append (candidate, &size, 1);
        for (guint y = 0; y < n; y++)
          for (guint x = 0; x < n; x++)
            {
              guint8 v = level->givens[_pw_canon_dihedral_source (t, n, n, x, y)];

              if (complement && v != 0)
                v = (guint8) (n * n + 1 - v);
              g_byte_array_append (candidate, &v, 1);
            }
        _pw_canon_offer (&best, candidate);
      }
  return _pw_canon_finish (best);
}
