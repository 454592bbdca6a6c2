/* pw-canon.c — what the kinds' canonical forms share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-canon"

#include "config.h"

#include <string.h>

#include "pw-canon.h"

void
_pw_canon_dihedral_size (guint  t,
                         guint  width,
                         guint  height,
                         guint *out_width,
                         guint *out_height)
{
  g_assert (t < PW_CANON_N_DIHEDRAL);

  *out_width = t & 4 ? height : width;
  *out_height = t & 4 ? width : height;
}

guint
_pw_canon_dihedral_source (guint t,
                           guint width,
                           guint height,
                           guint x,
                           guint y)
{
  guint sx = t & 4 ? y : x;
  guint sy = t & 4 ? x : y;

  g_assert (t < PW_CANON_N_DIHEDRAL);
  g_assert (sx < width && sy < height);

  if (t & 1)
    sx = width - 1 - sx;
  if (t & 2)
    sy = height - 1 - sy;
  return sy * width + sx;
}

void
_pw_canon_labels_init (PwCanonLabels *labels)
{
  memset (labels->map, 0, sizeof labels->map);
  labels->next = 1;
}

guint8
_pw_canon_label (PwCanonLabels *labels,
                 guint8         label)
{
  if (label == 0)
    return 0;
  if (labels->map[label] == 0)
    {
      g_assert (labels->next < 256);
      labels->map[label] = (guint8) labels->next++;
    }
  return labels->map[label];
}

static int
compare_bytes (const guint8 *a,
               gsize         a_length,
               const guint8 *b,
               gsize         b_length)
{
  int c = memcmp (a, b, MIN (a_length, b_length));

  if (c != 0)
    return c;
  return (a_length > b_length) - (a_length < b_length);
}

void
_pw_canon_offer (GByteArray **best,
                 GByteArray  *candidate)
{
  if (*best == NULL)
    *best = g_byte_array_new ();
  else if (compare_bytes (candidate->data, candidate->len, (*best)->data, (*best)->len) >= 0)
    return;
  g_byte_array_set_size (*best, 0);
  g_byte_array_append (*best, candidate->data, candidate->len);
}

gboolean
_pw_canon_beaten (GByteArray   *best,
                  const guint8 *prefix,
                  gsize         length)
{
  if (best == NULL)
    return FALSE;
  return memcmp (prefix, best->data, MIN (length, best->len)) > 0;
}

char *
_pw_canon_finish (GByteArray *best)
{
  char *text;

  g_assert (best != NULL);
  text = g_base64_encode (best->data, best->len);
  g_byte_array_unref (best);
  return text;
}
