/* pw-level-item.h — one row of the level list
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

#define PW_TYPE_LEVEL_ITEM (pw_level_item_get_type ())

G_DECLARE_FINAL_TYPE (PwLevelItem, pw_level_item, PW, LEVEL_ITEM, GObject)

/* A level of the document as the list shows it: read-only properties
 * "position" (1-based order in the set), "name" and "name-text" (the name,
 * and for display "(same game as N)" after it), "kind", "size", "rating"
 * (the playtesters' mean, -1 without playtests) and "rating-text", and
 * "analysis", notified whenever the figures the kind's columns show may
 * have changed (a new analysis, a new level, the level found invalid). */

PwLevelItem *pw_level_item_new          (PwLevel     *level,
                                         guint        position);
PwLevel     *pw_level_item_get_level    (PwLevelItem *self);
guint        pw_level_item_get_position (PwLevelItem *self);
void         pw_level_item_set_level    (PwLevelItem *self,
                                         PwLevel     *level);
void         pw_level_item_set_position (PwLevelItem *self,
                                         guint        position);
PwAnalysis  *pw_level_item_get_analysis (PwLevelItem *self);
/* The analysis of the item's current level; NULL to say it has none. */
void         pw_level_item_set_analysis (PwLevelItem *self,
                                         PwAnalysis  *analysis);
/* The kind's quick figures of the item's level (PwKind.first_look),
 * shown while its whole analysis runs; ignored once that is in, and
 * dropped with it or a new level. */
void         pw_level_item_set_first_look (PwLevelItem *self,
                                           PwAnalysis  *first_look);
/* The position of an earlier level of the set that is the same game (its
 * kind's class figure is equal), or 0. */
guint        pw_level_item_get_same_game_as (PwLevelItem *self);
void         pw_level_item_set_same_game_as (PwLevelItem *self,
                                             guint        position);
/* The level could not be analysed (invalid): shown as such. */
void         pw_level_item_set_failed   (PwLevelItem *self,
                                         gboolean     failed);

/* The text of a kind's list column for this level (pw_list_column_cell),
 * its state, and the number to sort by (may be NULL). */
char        *pw_level_item_get_cell     (PwLevelItem        *self,
                                         const PwKind       *columns_kind,
                                         const PwListColumn *column,
                                         PwCellState        *state,
                                         double             *sort_value);
/* The same number to sort by, kept until the figures change. */
double       pw_level_item_get_sort_value (PwLevelItem        *self,
                                           const PwKind       *columns_kind,
                                           guint               column);

G_END_DECLS
