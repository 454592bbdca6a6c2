/* pw-level-list-private.h — what the level list's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-level-list.c: the rows in step with the document, selection,
 * filtering, reordering; pw-level-list-columns.c: the columns.
 */

#pragma once

#include "pw-level-list.h"

G_BEGIN_DECLS

struct _PwLevelList
{
  GtkWidget            parent_instance;

  /* template */
  GtkSearchEntry      *filter_entry;
  GtkColumnView       *column_view;
  GtkMenuButton       *add_level_button;

  PwDocument          *document;
  PwScheduler         *scheduler;
  GListStore          *store;         /* PwLevelItem, in document order */
  GtkStringFilter     *filter;
  GtkSortListModel    *sorted;
  GtkSingleSelection  *selection;
  guint                current;       /* document index, or G_MAXUINT */
  gboolean             selecting;     /* changing the selection ourselves */

  const PwKind        *columns_kind;  /* whose columns are shown */
  GPtrArray           *kind_columns;  /* GtkColumnViewColumn of those */
  GtkColumnViewColumn *kind_column;
  GtkColumnViewColumn *rating_column;
  guint                refresh_id;    /* same games and sorting, after analyses */
};

/* The fixed columns (#, name, kind, size, rating), at init. */
void _pw_level_list_add_columns    (PwLevelList *self);
/* The set's kind's columns, the kind and rating columns shown as the
 * set needs. */
void _pw_level_list_update_columns (PwLevelList *self);
/* Moves the level at document index @from to where the one at @to is;
 * in a sorted list the order shown becomes the set's (one undo step) and
 * the sort is cleared. */
void _pw_level_list_move_level     (PwLevelList *self,
                                    guint        from,
                                    guint        to);

G_END_DECLS
