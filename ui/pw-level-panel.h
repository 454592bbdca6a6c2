/* pw-level-panel.h — the selected level's designer notes and playtests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_LEVEL_PANEL (pw_level_panel_get_type ())

G_DECLARE_FINAL_TYPE (PwLevelPanel, pw_level_panel, PW, LEVEL_PANEL, GtkWidget)

/* Shows a level's notes and playtest annotations and asks for changes by
 * signals, each one step of undo for the window to run:
 * - "notes-changed" (const char *notes) when the designer pauses typing
 *   or leaves the notes;
 * - "playtests-changed" (GPtrArray *playtests, const char *label): the
 *   whole new list of PwPlaytest, with the undo label. */

void pw_level_panel_set_level (PwLevelPanel *self,
                               PwLevel      *level);
/* Writes pending notes now (before a save, say). */
void pw_level_panel_flush     (PwLevelPanel *self);

G_END_DECLS
