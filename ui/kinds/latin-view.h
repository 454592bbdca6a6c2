/* latin-view.h — the view tables of the sudoku, latin and futoshiki kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind-view.h"

G_BEGIN_DECLS

extern const PwKindView pw_sudoku_view;
extern const PwKindView pw_latin_view;
extern const PwKindView pw_futoshiki_view;

G_END_DECLS
