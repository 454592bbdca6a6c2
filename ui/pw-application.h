/* pw-application.h — the editor application
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_APPLICATION (pw_application_get_type ())

G_DECLARE_FINAL_TYPE (PwApplication, pw_application, PW, APPLICATION, GtkApplication)

/* @sample_set: the bundled sample set, opened at the first launch (may be
 * NULL). The set opened last reopens at start; unsaved work a crash left
 * behind is offered back first. */
PwApplication *pw_application_new          (const char    *sample_set);

/* NULL when the settings schema is not installed (nor in the build). */
GSettings     *pw_application_get_settings (PwApplication *self);
PwRecovery    *pw_application_get_recovery (PwApplication *self);
/* Remembers @path as the last set opened and among the recent ones. */
void           pw_application_note_recent  (PwApplication *self,
                                            const char    *path);

/* Registers the editor's resources (the application does it at start;
 * widget tests without an application call it first). */
void           pw_ui_register_resources    (void);

G_END_DECLS
