/* knight-canon.c — the knight's tour kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A knight's move turned or mirrored is a knight's move, so a board
 * turned or mirrored, with its blocked cells and givens, is the same
 * puzzle: the smallest of the 8.
 */

#define G_LOG_DOMAIN "pw-knight"

#include "config.h"

#include "knight-private.h"
#include "pw-canon.h"

char *
_pw_knight_canonical_form (gconstpointer data)
{
  const PwKnightLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    {
      guint w, h;
      guint8 header[3];

      _pw_canon_dihedral_size (t, level->width, level->height, &w, &h);
      header[0] = (guint8) w;
      header[1] = (guint8) h;
      header[2] = (guint8) level->closed;
      g_byte_array_set_size (candidate, 0);
      g_byte_array_append (candidate, header, 3);
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          {
            guint16 v = level->cells[_pw_canon_dihedral_source (t, level->width, level->height,
                                                                x, y)];
            guint8 bytes[2] = { v >> 8, v & 0xff };

            g_byte_array_append (candidate, bytes, 2);
          }
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
