/* pw-preferences-window.h — the editor's preferences
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PW_TYPE_PREFERENCES_WINDOW (pw_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (PwPreferencesWindow, pw_preferences_window, PW, PREFERENCES_WINDOW,
                      GtkWindow)

/* A window whose rows are bound to @settings (the application's
 * org.puzzlewright.Puzzlewright): a change is saved as it is made. */
PwPreferencesWindow *pw_preferences_window_new          (GtkWindow           *parent,
                                                         GSettings           *settings);
GSettings           *pw_preferences_window_get_settings (PwPreferencesWindow *self);

G_END_DECLS
