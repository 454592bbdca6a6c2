/* pw-generate-dialog.h — a kind's generator at work, its levels added to
 * the set as they are found
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_GENERATE_DIALOG (pw_generate_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PwGenerateDialog, pw_generate_dialog, PW, GENERATE_DIALOG, GtkWindow)

/* A dialog with a field per generator parameter of @kind (empty: the
 * default), how many levels and the seed. Generate runs the generator on
 * a worker thread; each level found goes at the end of @document, one
 * step of undo each. Closing the dialog stops the search; the levels
 * found stay. */
PwGenerateDialog *pw_generate_dialog_new       (GtkWindow        *parent,
                                                PwDocument       *document,
                                                const PwKind     *kind);
/* The memory budget of each candidate's analysis (PwKind.generate's
 * @max_bytes), from the analysis-memory-mib setting; 0: none. Set before
 * Generate. */
void              pw_generate_dialog_set_memory_budget (PwGenerateDialog *self,
                                                        guint64           max_bytes);
/* As typing in the fields and pressing Generate (tests). */
gboolean          pw_generate_dialog_set_param (PwGenerateDialog *self,
                                                const char       *name,
                                                const char       *value);
void              pw_generate_dialog_set_count (PwGenerateDialog *self,
                                                guint             count);
void              pw_generate_dialog_start     (PwGenerateDialog *self);
/* What the status line says: the progress, or why the generator stopped. */
const char       *pw_generate_dialog_get_status (PwGenerateDialog *self);

G_END_DECLS
