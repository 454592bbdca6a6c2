/* pw-kind-view.h — how each puzzle kind is drawn, one table per kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "puzzlewright.h"
#include "pw-geometry.h"
#include "pw-view-style.h"

G_BEGIN_DECLS

/* The drawing side of a kind, as PwKind is its analysis side; one table
 * per kind in ui/kinds/<kind>-view.c, listed in pw-kind-view.c. The
 * editor will add hit-testing, the palette, tools and play here. */
typedef struct
{
  const char *kind_id;
  /* the grid the level is drawn on, in cells */
  void (*get_grid) (gconstpointer     data,
                    int              *columns,
                    int              *rows);
  /* draws the level as it is edited, its pieces at their start */
  void (*draw)     (gconstpointer     data,
                    cairo_t          *cr,
                    const PwGeometry *geometry,
                    const PwViewStyle *style);
} PwKindView;

const PwKindView *pw_kind_view_lookup (const char *kind_id);

/* Paints @level over a @width × @height area of @cr: background, the grid
 * fitted and centred, the level. Sets *geometry (may be NULL) to where the
 * cells went. FALSE, painting only the background, for a kind this build
 * cannot draw. */
gboolean pw_level_paint (PwLevel    *level,
                         cairo_t    *cr,
                         double      width,
                         double      height,
                         gboolean    dark,
                         PwGeometry *geometry);

/* The level as a PNG file, @cell pixels a cell. */
gboolean pw_level_write_png (PwLevel    *level,
                             const char *path,
                             int         cell,
                             gboolean    dark,
                             GError    **error);

G_END_DECLS
