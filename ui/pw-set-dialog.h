/* pw-set-dialog.h — the level set's title, author and notes
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_SET_DIALOG (pw_set_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PwSetDialog, pw_set_dialog, PW, SET_DIALOG, GtkWindow)

/* A modal dialog with @document's title, author and notes; Apply changes
 * those that differ, in one step of undo. */
PwSetDialog *pw_set_dialog_new (GtkWindow  *parent,
                                PwDocument *document);

G_END_DECLS
