/* kind-boards.c — the editor's widget for each kind's levels
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kinds' view tables (pw-kind-view.h) are cairo only, so that the
 * command line draws with them without GTK; the widget a kind's levels go
 * on in the editor is named here instead. Kinds not listed use the grid
 * board (canvas, palette, move or placement play).
 */

#define G_LOG_DOMAIN "pw-kind-boards"

#include "config.h"

#include "kind-boards.h"
#include "latin-board.h"
#include "pw-card-table.h"
#include "pw-cell-board.h"

static const struct
{
  const char *kind_id;
  GType     (*board_type) (void);
} boards[] = {
  /* cards are no grid of tiles: the card table edits and plays them */
  { "freecell",     pw_card_table_get_type },
  /* cells take typed values, not painted tiles */
  { "sudoku",       pw_number_board_get_type },
  { "latin",        pw_number_board_get_type },
  { "futoshiki",    pw_number_board_get_type },
  /* the logic kinds fill or mark cells: the cell board, through each
   * view's cell_board table (pw-cell-view.h) */
  { "queens",       pw_cell_board_get_type },
  { "star-battle",  pw_cell_board_get_type },
  { "nonogram",     pw_cell_board_get_type },
  { "magic",        pw_cell_board_get_type },
  { "knights-tour", pw_cell_board_get_type },
};

GType
pw_kind_board_type (const char *kind_id)
{
  g_return_val_if_fail (kind_id != NULL, G_TYPE_INVALID);

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    if (g_str_equal (boards[i].kind_id, kind_id))
      return boards[i].board_type ();
  return G_TYPE_INVALID;
}
