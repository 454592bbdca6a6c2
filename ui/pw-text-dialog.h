/* pw-text-dialog.h — a level edited in its plain-text form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_TEXT_DIALOG (pw_text_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PwTextDialog, pw_text_dialog, PW, TEXT_DIALOG, GtkWindow)

/* A modal dialog with the text form (PwKind.to_text) of the level at
 * @index of @document. Apply reads it back (from_text): a problem is
 * named in the dialog, which stays so nothing typed is lost; a changed
 * level replaces the old one as one step of undo. */
PwTextDialog *pw_text_dialog_new (GtkWindow  *parent,
                                  PwDocument *document,
                                  guint       index);

G_END_DECLS
