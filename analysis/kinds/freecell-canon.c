/* freecell-canon.c — the FreeCell kind's canonical form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules never tell cascades apart, and tell suits apart only by
 * colour (cards build down in alternating colours, foundations by suit):
 * a deal with its cascades in another order, or its suits exchanged in a
 * way that keeps red with red and black with black (or swaps the two
 * colours), is the same game. Per exchange of suits (8), the cascades as
 * texts, sorted; the smallest wins. The Microsoft deal number is a name,
 * not part of the game.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include "freecell-private.h"
#include "pw-canon.h"

typedef struct
{
  guint8 length;
  guint8 cards[PW_FC_MAX_HEIGHT];
} Cascade;

static int
compare_cascades (gconstpointer a,
                  gconstpointer b)
{
  return memcmp (a, b, sizeof (Cascade));
}

char *
_pw_freecell_canonical_form (gconstpointer data)
{
  /* suits 0 and 3 are black, 1 and 2 red: the exchanges that keep colours
   * apart (each colour's two suits kept or swapped, the colours kept or
   * swapped) */
  static const guint8 exchanges[8][4] = {
    { 0, 1, 2, 3 }, { 3, 1, 2, 0 }, { 0, 2, 1, 3 }, { 3, 2, 1, 0 },
    { 1, 0, 3, 2 }, { 2, 0, 3, 1 }, { 1, 3, 0, 2 }, { 2, 3, 0, 1 },
  };
  const PwFreecellLevel *level = data;
  g_autoptr(GByteArray) candidate = g_byte_array_new ();
  GByteArray *best = NULL;

  for (guint s = 0; s < G_N_ELEMENTS (exchanges); s++)
    {
      Cascade cascades[PW_FC_MAX_CASCADES];
      guint8 header[2] = { (guint8) level->n_cascades, (guint8) level->free_cells };

      memset (cascades, 0, sizeof cascades);
      for (int c = 0; c < level->n_cascades; c++)
        {
          cascades[c].length = (guint8) level->height[c];
          for (int i = 0; i < level->height[c]; i++)
            {
              guint8 card = level->cards[c][i];

              cascades[c].cards[i] = PW_FC_CARD (PW_FC_RANK (card),
                                                 exchanges[s][PW_FC_SUIT (card)]);
            }
        }
      qsort (cascades, level->n_cascades, sizeof (Cascade), compare_cascades);
      g_byte_array_set_size (candidate, 0);
      g_byte_array_append (candidate, header, 2);
      for (int c = 0; c < level->n_cascades; c++)
        g_byte_array_append (candidate, (const guint8 *) &cascades[c], 1 + cascades[c].length);
      _pw_canon_offer (&best, candidate);
    }
  return _pw_canon_finish (best);
}
