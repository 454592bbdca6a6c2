/* latin-view.c — the view tables of the sudoku, latin and futoshiki kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The three kinds are drawn by latin-paint.c (cairo only: screen, PNG,
 * print) and edited and played on the number board (latin-board.c): cells
 * take typed values, not painted tiles.
 */

#define G_LOG_DOMAIN "pw-latin-view"

#include "config.h"

#include "latin-board.h"
#include "latin-paint.h"
#include "latin-view.h"

static void
latin_get_grid (gconstpointer data,
                int          *columns,
                int          *rows)
{
  const PwLatinLevel *level = data;

  *columns = *rows = level->n;
}

static void
latin_draw (gconstpointer      data,
            cairo_t           *cr,
            const PwGeometry  *geometry,
            const PwViewStyle *style)
{
  pw_latin_paint (data, NULL, cr, geometry, style);
}

#define LATIN_VIEW                       \
  .get_grid = latin_get_grid,            \
  .draw = latin_draw,                    \
  .board_type = pw_number_board_get_type

const PwKindView pw_sudoku_view = {
  .kind_id = "sudoku",
  LATIN_VIEW,
};

const PwKindView pw_latin_view = {
  .kind_id = "latin",
  LATIN_VIEW,
};

const PwKindView pw_futoshiki_view = {
  .kind_id = "futoshiki",
  LATIN_VIEW,
};
