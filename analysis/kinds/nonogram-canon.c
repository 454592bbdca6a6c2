/* nonogram-canon.c — the nonogram kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The puzzle is its clues (a picture stands for its own): turned or
 * mirrored, rows become columns or are read backwards, and it is the
 * same puzzle. Per symmetry, the clues of the rows then the columns of
 * the grid it makes; the smallest wins.
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include "nonogram-private.h"
#include "pw-canon.h"

/* Line @line of @clues into @out, backwards when @reverse. */
static void
append_line (GByteArray        *out,
             const PwNonoClues *clues,
             guint              line,
             gboolean           reverse)
{
  guint start = clues->start[line], end = clues->start[line + 1];
  guint8 count = (guint8) (end - start);

  g_byte_array_append (out, &count, 1);
  for (guint i = 0; i < end - start; i++)
    g_byte_array_append (out, &clues->num[reverse ? end - 1 - i : start + i], 1);
}

char *
_pw_nonogram_canonical_form (gconstpointer data)
{
  const PwNonogramLevel *level = data;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;
  guint width = level->width, height = level->height;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    {
      gboolean mirror_x = (t & 1) != 0, mirror_y = (t & 2) != 0, turn = (t & 4) != 0;
      guint w, h;
      guint8 header[2];

      _pw_canon_dihedral_size (t, width, height, &w, &h);
      header[0] = (guint8) w;
      header[1] = (guint8) h;
      g_byte_array_set_size (candidate, 0);
      g_byte_array_append (candidate, header, 2);
      /* rows of the new grid (see _pw_canon_dihedral_source) */
      for (guint y = 0; y < h; y++)
        {
          if (!turn)
            append_line (candidate, clues, mirror_y ? height - 1 - y : y, mirror_x);
          else
            append_line (candidate, clues, height + (mirror_x ? width - 1 - y : y), mirror_y);
        }
      /* then its columns */
      for (guint x = 0; x < w; x++)
        {
          if (!turn)
            append_line (candidate, clues, height + (mirror_x ? width - 1 - x : x), mirror_y);
          else
            append_line (candidate, clues, mirror_y ? height - 1 - x : x, mirror_x);
        }
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
