/* kind-boards.h — the editor's widget for each kind's levels
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The type of the PwBoard (ui/pw-board.h) that shows, edits and plays
 * levels of @kind_id; G_TYPE_INVALID for the grid board, which every kind
 * drawn on a grid can use. */
GType pw_kind_board_type (const char *kind_id);

G_END_DECLS
