/* combination-view.h — how combination levels are drawn and edited
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind-view.h"

G_BEGIN_DECLS

extern const PwKindView pw_combination_view;

G_END_DECLS
