/* knight-view.h — the view table of the knights-tour kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind-view.h"

G_BEGIN_DECLS

extern const PwKindView pw_knights_tour_view;

G_END_DECLS
