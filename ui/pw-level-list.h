/* pw-level-list.h — the levels of the set, with the figures their kind
 * lists: filter, sort, select, reorder
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_LEVEL_LIST (pw_level_list_get_type ())

G_DECLARE_FINAL_TYPE (PwLevelList, pw_level_list, PW, LEVEL_LIST, GtkWidget)

/* The list keeps a row (PwLevelItem) per level of its document, in step
 * with the document's signals, and fills each row's figures from the
 * scheduler's cache or queues the level for analysis in the background.
 *
 * Columns: #, the name, the kind (only when the set mixes kinds), the
 * size, the columns of the set's kind (PwKind.list_columns: a cell of a
 * level of another kind reads "n/a"), and the playtesters' rating when
 * some level has playtests. Every column sizes to its content.
 *
 * Reordering (a row dragged onto another, pw_level_list_move_row) in a
 * sorted list makes the order on screen the set's order, with the row
 * moved, in one step of undo; the sort is then cleared, so the rows never
 * sit out of order under a sort arrow.
 *
 * "current-changed" is emitted whenever the level on screen may have
 * changed: another row selected, or the set changed around it. */

PwLevelList  *pw_level_list_new            (void);
void          pw_level_list_set_document   (PwLevelList *self,
                                            PwDocument  *document);
void          pw_level_list_set_scheduler  (PwLevelList *self,
                                            PwScheduler *scheduler);

/* The document index of the level on screen, or G_MAXUINT. */
guint         pw_level_list_get_current    (PwLevelList *self);
/* Selects the level at @index (G_MAXUINT: none), clearing the filter
 * when it hides it, and scrolls to it. */
void          pw_level_list_select         (PwLevelList *self,
                                            guint        index);

/* The rows as shown: filtered and sorted PwLevelItems. */
GListModel   *pw_level_list_get_model      (PwLevelList *self);
/* The kind whose columns the list shows, or NULL. */
const PwKind *pw_level_list_get_columns_kind (PwLevelList *self);
/* The titles of the columns shown, in order (tests). */
GStrv         pw_level_list_get_column_titles (PwLevelList *self);

/* Whether the rows are sorted by a column; sorting by the column titled
 * @title (NULL: unsorted). */
gboolean      pw_level_list_get_sorted     (PwLevelList *self);
gboolean      pw_level_list_sort_by        (PwLevelList *self,
                                            const char  *title,
                                            GtkSortType  order);

/* Moves the level shown in row @from to row @to, as a drop does. */
void          pw_level_list_move_row       (PwLevelList *self,
                                            guint        from,
                                            guint        to);
/* Moves the level on screen one row up (-1) or down (1); FALSE at an end. */
gboolean      pw_level_list_move_current   (PwLevelList *self,
                                            int          delta);
gboolean      pw_level_list_can_move_current (PwLevelList *self,
                                              int          delta);

void          pw_level_list_focus_filter   (PwLevelList *self);
/* Asks for a new name of the level on screen, in a popover; the rename is
 * one step of undo. */
void          pw_level_list_start_rename   (PwLevelList *self);

G_END_DECLS
