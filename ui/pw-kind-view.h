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

/* One entry of a kind's palette: a tile or piece the tools can put on a
 * cell. */
typedef struct
{
  char        tile;      /* the kind's code for it */
  const char *label;     /* N_() */
  char        key;       /* keyboard shortcut to pick it, or 0 */
} PwPaletteEntry;

typedef struct _PwCellView PwCellView;

/* The drawing and editing side of a kind, as PwKind is its analysis side;
 * one table per kind in ui/kinds/<kind>-view.c, listed in pw-kind-view.c.
 * The window knows kinds only through these two tables. */
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
  /* Draws play mode's move @move from the position @before (a play_render
   * of the level @level) at time @t, 0 to 1; FALSE when it cannot (the
   * canvas then shows the new position at once). May be NULL. */
  gboolean (*draw_move) (gconstpointer      level,
                         gconstpointer      before,
                         guint              move,
                         double             t,
                         cairo_t           *cr,
                         const PwGeometry  *geometry,
                         const PwViewStyle *style);

  /* What the analysis found, drawn over the level (combination: its dead
   * cells); @figures is the analysis's figures. May be NULL. */
  void     (*draw_overlay) (gconstpointer      data,
                            JsonObject        *figures,
                            cairo_t           *cr,
                            const PwGeometry  *geometry,
                            const PwViewStyle *style);

  /* Editing a grid: the palette, the tile at a cell, and a copy of the
   * level with a cell's tile replaced (NULL when @tile cannot go there,
   * or when nothing would change). The eraser paints @erase_tile. */
  const PwPaletteEntry *palette;
  guint                 n_palette;
  char                  erase_tile;
  void      (*draw_tile) (char               tile,
                          cairo_t           *cr,
                          double             x,
                          double             y,
                          double             size,
                          const PwViewStyle *style);
  char      (*get_tile) (gconstpointer     data,
                         int               column,
                         int               row);
  gpointer  (*set_tile) (gconstpointer     data,
                         int               column,
                         int               row,
                         char              tile);

  /* Placement play: the inventory entry drawn at a cell of the view (its
   * inventory row), or -1; a short name for an entry ("red orthogonal"). */
  int       (*place_entry_at) (gconstpointer data,
                               int           column,
                               int           row);
  char     *(*entry_label)    (gconstpointer data,
                               int           entry);

  /* Play: the move letters (PwKind.moves) the arrow keys Up, Right,
   * Down, Left make, or NULL. */
  const char *arrow_moves;

  /* Print: draws the level solved, as draw does the level, from its
   * analysis's @figures (an analysis of at least solution_figures);
   * FALSE, drawing nothing, when the figures hold no solution it can
   * draw. May be NULL: the kind has no solution page. */
  gboolean (*draw_solution) (gconstpointer      data,
                             JsonObject        *figures,
                             cairo_t           *cr,
                             const PwGeometry  *geometry,
                             const PwViewStyle *style);
  /* The figures draw_solution reads, NULL-terminated keys; NULL: the
   * "solution" figure alone. `render --solutions` asks the analysis for
   * these and nothing else (not a FreeCell deal's proofs of fewer cells). */
  const char * const *solution_figures;

  /* The view tables are cairo only (the drawing library: the editor, the
   * command line's pictures and the tests link it without GTK); the
   * editor's widget for a kind's levels is named apart, by
   * ui/kinds/kind-boards.c. For the kinds it gives the cell board: what
   * their levels' cells are and do (pw-cell-view.h, cairo only too);
   * NULL for every other kind. */
  const PwCellView *cell_board;
} PwKindView;

const PwKindView *pw_kind_view_lookup (const char *kind_id);

/* The size of the kind's own grid of cells, where its tiles are (the view
 * may draw more, such as an inventory row); 0 × 0 when it has none. */
void     pw_level_get_cells (PwLevel *level,
                             int     *width,
                             int     *height);

/* The level with @tile at (@column, @row), or NULL when nothing changes. */
PwLevel *pw_level_with_tile (PwLevel *level,
                             int      column,
                             int      row,
                             char     tile);
/* The level with every cell of the 4-connected region of equal tiles
 * around (@column, @row) set to @tile, or NULL when nothing changes. */
PwLevel *pw_level_flood_fill (PwLevel *level,
                              int      column,
                              int      row,
                              char     tile);
/* The level with the rectangle between the two cells set to @tile. */
PwLevel *pw_level_fill_rectangle (PwLevel *level,
                                  int      column0,
                                  int      row0,
                                  int      column1,
                                  int      row1,
                                  char     tile);

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

/* Paints @level's grid where @geometry says (no background); FALSE for
 * a kind this build cannot draw. */
gboolean pw_level_paint_at (PwLevel          *level,
                            cairo_t          *cr,
                            const PwGeometry *geometry,
                            gboolean          dark);
/* The grid of @level, in cells; FALSE for a kind this build cannot draw. */
gboolean pw_level_get_grid (PwLevel          *level,
                            int              *columns,
                            int              *rows);

/* The figures any kind's solution page reads (every view's
 * solution_figures, and "solution", which a page writes as text when its
 * kind draws none), NULL-terminated: what an analysis for solution pages
 * asks for. */
const char * const *pw_kind_view_solution_figures (void);

/* Paints @level solved where @geometry says (its view's draw_solution,
 * from @figures); FALSE, painting nothing, when it cannot. */
gboolean pw_level_paint_solution (PwLevel          *level,
                                  JsonObject       *figures,
                                  cairo_t          *cr,
                                  const PwGeometry *geometry,
                                  gboolean          dark);

/* For the draw_solution of kinds whose solution is a list of moves: the
 * level as @draw draws it at the top of @geometry's area, and under it
 * the moves numbered from 1 ("1. ←  2. ↓", "1. 2h  2. 67"), wrapped, in
 * the largest size that lets all of them and the level fit. */
void     pw_kind_view_paint_moves (gconstpointer       data,
                                   void              (*draw) (gconstpointer      data,
                                                              cairo_t           *cr,
                                                              const PwGeometry  *geometry,
                                                              const PwViewStyle *style),
                                   const char * const *moves,
                                   cairo_t            *cr,
                                   const PwGeometry   *geometry,
                                   const PwViewStyle  *style);

/* The level as a PNG file, @cell pixels a cell. */
gboolean pw_level_write_png (PwLevel    *level,
                             const char *path,
                             int         cell,
                             gboolean    dark,
                             GError    **error);

G_END_DECLS
