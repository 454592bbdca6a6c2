/* knight-canon.c — the knight's tour kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A knight's move turned or mirrored is a knight's move, so a board
 * turned or mirrored, with its blocked cells and givens, is the same
 * puzzle; and a tour walked backwards is a tour, so the givens numbered
 * from the other end (k becomes F + 1 - k, F the cells not blocked) are
 * too. The smallest of the 16. (A given above F, which no tour can meet,
 * stays as it is.)
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
  guint free_cells = 0;

  for (guint c = 0; c < level->width * level->height; c++)
    free_cells += level->cells[c] != PW_KNIGHT_BLOCKED;
  for (guint t = 0; t < 2 * PW_CANON_N_DIHEDRAL; t++)
    {
      gboolean backwards = t >= PW_CANON_N_DIHEDRAL;
      guint w, h;
      guint8 header[3];

      _pw_canon_dihedral_size (t % PW_CANON_N_DIHEDRAL, level->width, level->height, &w, &h);
      header[0] = (guint8) w;
      header[1] = (guint8) h;
      header[2] = (guint8) level->closed;
      g_byte_array_set_size (candidate, 0);
      g_byte_array_append (candidate, header, 3);
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          {
            guint16 v = level->cells[_pw_canon_dihedral_source (t % PW_CANON_N_DIHEDRAL,
                                                                level->width, level->height,
                                                                x, y)];
            guint8 bytes[2];

            if (backwards && v != 0 && v != PW_KNIGHT_BLOCKED && v <= free_cells)
              v = (guint16) (free_cells + 1 - v);
            bytes[0] = v >> 8;
            bytes[1] = v & 0xff;

            g_byte_array_append (candidate, bytes, 2);
          }
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
