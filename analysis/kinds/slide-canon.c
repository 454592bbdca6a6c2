/* slide-canon.c — the slide kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules treat the four directions alike and never tell colours
 * apart (a skiddy goes to the goal of its own colour): a level turned,
 * mirrored or with its colours exchanged (skiddies and goals together)
 * is the same puzzle. Per symmetry, the cells in reading order with the
 * colours numbered by first appearance; the smallest wins.
 */

#define G_LOG_DOMAIN "pw-slide"

#include "config.h"

#include <string.h>

#include "pw-canon.h"
#include "slide-private.h"

#define SKIDDY_BASE 200
#define GOAL_BASE   220

char *
_pw_slide_canonical_form (gconstpointer data)
{
  const PwSlideLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;

  for (guint t = 0; t < PW_CANON_N_DIHEDRAL; t++)
    {
      PwCanonLabels colours;
      guint w, h;

      _pw_canon_dihedral_size (t, level->width, level->height, &w, &h);
      _pw_canon_labels_init (&colours);
      g_byte_array_set_size (candidate, 2);
      candidate->data[0] = (guint8) w;
      candidate->data[1] = (guint8) h;
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          {
            char c = level->cells[_pw_canon_dihedral_source (t, level->width, level->height,
                                                             x, y)];
            const char *colour = strchr ("rygb", g_ascii_tolower (c));
            guint8 byte;

            if (c != '\0' && colour != NULL)
              byte = (g_ascii_islower (c) ? SKIDDY_BASE : GOAL_BASE) +
                     _pw_canon_label (&colours, (guint8) (colour - "rygb" + 1));
            else
              byte = (guint8) c;
            g_byte_array_append (candidate, &byte, 1);
          }
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
