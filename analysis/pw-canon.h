/* pw-canon.h — canonical forms: one text per puzzle up to its kind's symmetries
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A kind's canonical_form (PwKind) writes a level as bytes for each
 * symmetry of the kind that moves cells (the 8 turns and mirrors of the
 * grid, or fewer), relabels what the kind lets be relabelled (colours,
 * suits, digits) by order of first appearance in those bytes, and keeps
 * the smallest: two levels get the same text exactly when one is the
 * other under some symmetry. The helpers here are what the kinds' files
 * (analysis/kinds/<kind>-canon.c) share.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The 8 symmetries of a grid: bit 0 mirrors x, bit 1 mirrors y, bit 2
 * transposes (applied last, so 4..7 swap width and height). */
#define PW_CANON_N_DIHEDRAL 8

/* The size of a @width × @height grid under symmetry @t. */
void    _pw_canon_dihedral_size   (guint        t,
                                   guint        width,
                                   guint        height,
                                   guint       *out_width,
                                   guint       *out_height);
/* The cell (index y · width + x) of the @width × @height grid that lands
 * on cell (@x, @y) of the grid symmetry @t makes of it. */
guint   _pw_canon_dihedral_source (guint        t,
                                   guint        width,
                                   guint        height,
                                   guint        x,
                                   guint        y);

/* Labels numbered by first appearance: 1, 2, 3… (0 stays 0). */
typedef struct
{
  guint8 map[256];
  guint  next;
} PwCanonLabels;

void    _pw_canon_labels_init     (PwCanonLabels *labels);
guint8  _pw_canon_label           (PwCanonLabels *labels,
                                   guint8         label);

/* Keeps the smallest of the candidates offered (bytes compared in
 * order, a prefix before a longer text). *@best starts NULL. */
void    _pw_canon_offer           (GByteArray  **best,
                                   GByteArray   *candidate);
/* Whether @prefix (@length bytes) is already above *@best's same bytes:
 * no candidate that starts with it can win. */
gboolean _pw_canon_beaten         (GByteArray   *best,
                                   const guint8 *prefix,
                                   gsize         length);
/* The text of a canonical form (takes @best). */
char   *_pw_canon_finish          (GByteArray   *best);

/* The kinds' canonical forms (analysis/kinds/<kind>-canon.c). */
char   *_pw_slide_canonical_form       (gconstpointer data);
char   *_pw_combination_canonical_form (gconstpointer data);
char   *_pw_freecell_canonical_form    (gconstpointer data);
char   *_pw_latin_canonical_form       (gconstpointer data);
char   *_pw_nonogram_canonical_form    (gconstpointer data);
char   *_pw_magic_canonical_form       (gconstpointer data);
char   *_pw_queens_canonical_form      (gconstpointer data);
char   *_pw_knight_canonical_form      (gconstpointer data);

G_END_DECLS
