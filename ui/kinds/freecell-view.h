/* freecell-view.h — how card deals are drawn, and where a point falls
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "freecell-private.h"
#include "pw-kind-view.h"

G_BEGIN_DECLS

extern const PwKindView pw_freecell_view;

/* What is drawn over a deal besides its cards. */
typedef enum
{
  PW_FC_MARK_NONE,
  PW_FC_MARK_WINNABLE,   /* a move there keeps the game winnable */
  PW_FC_MARK_DEAD,       /* a move there leads into a dead end */
  PW_FC_MARK_UNKNOWN,    /* a legal move there, not yet known */
} PwFcMark;

typedef struct
{
  int      selected_place;     /* -1 none; else a place (PW_FC_CELL…) */
  int      selected_count;     /* cards of the selection, from the top */
  PwFcMark marks[PW_FC_FOUNDATION + 1];     /* per destination place */
  int      moves_left[PW_FC_FOUNDATION + 1]; /* with PW_FC_MARK_WINNABLE, or -1 */
  gboolean dead;               /* the position is a dead end: hatched */
  int      hint_from;          /* a hint's move, or -1 */
  int      hint_to;
  /* cards being dragged: @drag_count cards from the top of @drag_place,
   * drawn with their top-left corner at (@drag_x, @drag_y) pixels */
  int      drag_place;         /* -1: none */
  int      drag_index;         /* edit mode: the one card dragged */
  int      drag_count;
  double   drag_x;
  double   drag_y;
  int      cursor;             /* the keyboard's place, or -1 */
  /* validation problems: one bit per (cascade, index) */
  guint64  problems[PW_FC_MAX_CASCADES];
} PwFcDecor;

void     pw_fc_decor_init   (PwFcDecor              *decor);

/* The grid a deal is drawn on, in card widths. */
void     pw_freecell_get_grid (const PwFreecellLevel *level,
                               int                   *columns,
                               int                   *rows);
void     pw_freecell_draw   (const PwFreecellLevel   *level,
                             const PwFcDecor         *decor,
                             cairo_t                 *cr,
                             const PwGeometry        *geometry,
                             const PwViewStyle       *style);
/* Where draw's count of moves left on @place's mark goes, from @left to
 * @right pixels; FALSE when it draws none (tests: counts never overlap). */
gboolean pw_freecell_moves_left_extent (const PwFreecellLevel *level,
                                        const PwFcDecor       *decor,
                                        const PwGeometry      *geometry,
                                        int                    place,
                                        double                *left,
                                        double                *right);
/* One card, @w wide, at (@x, @y). */
void     pw_freecell_draw_card (cairo_t             *cr,
                                guint8               card,
                                double               x,
                                double               y,
                                double               w,
                                const PwViewStyle   *style);
/* Where the point (@px, @py) falls: a place (cascade, free cell or the
 * foundations) and, in a cascade, the card under it (0 the bottom card;
 * the height when below the last card). FALSE outside every place. */
gboolean pw_freecell_hit    (const PwFreecellLevel   *level,
                             const PwGeometry        *geometry,
                             double                   px,
                             double                   py,
                             int                     *place,
                             int                     *index);
/* The top-left corner of the card at @index of @place, in pixels. */
void     pw_freecell_card_origin (const PwFreecellLevel *level,
                                  const PwGeometry      *geometry,
                                  int                    place,
                                  int                    index,
                                  double                *x,
                                  double                *y);

G_END_DECLS
