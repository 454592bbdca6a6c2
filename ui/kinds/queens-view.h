/* queens-view.h — the view tables of the queens and star-battle kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind-view.h"

G_BEGIN_DECLS

extern const PwKindView pw_queens_view;
extern const PwKindView pw_star_battle_view;

G_END_DECLS
