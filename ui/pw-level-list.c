/* pw-level-list.c — the levels of the set, with the figures their kind
 * lists: filter, sort, select, reorder
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListStore of PwLevelItem in document order, behind a string filter
 * on the names and the column view's sorter. The kind's columns come
 * from its table (PwKind.list_columns); the cells of a column say why
 * they have no value in words and in style (pw_list_column_cell), never
 * with one dash for every reason.
 */

#define G_LOG_DOMAIN "pw-level-list"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "pw-kind-view.h"
#include "pw-level-item.h"
#include "pw-level-list-private.h"


G_DEFINE_FINAL_TYPE (PwLevelList, pw_level_list, GTK_TYPE_WIDGET)

enum { CURRENT_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static PwLevelItem *
item_at (PwLevelList *self,
         guint        index)
{
  return g_list_model_get_item (G_LIST_MODEL (self->store), index);
}

static guint
n_items (PwLevelList *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

/* The row showing the level at document @index, or GTK_INVALID_LIST_POSITION. */
static guint
row_of (PwLevelList *self,
        guint        index)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);

      if (pw_level_item_get_position (item) == index + 1)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* ------------------------------------------------------------------ */
/* Rows and their figures                                               */

/* Fills an item's analysis from the cache, or queues the level. */
static void
feed_item (PwLevelList *self,
           PwLevelItem *item)
{
  PwLevel *level = pw_level_item_get_level (item);
  g_autoptr(GPtrArray) problems = NULL;
  PwAnalysis *cached;

  if (pw_level_get_kind (level) == NULL || self->scheduler == NULL)
    return;
  problems = pw_level_validate (level);
  if (problems->len > 0)
    {
      pw_level_item_set_failed (item, TRUE);
      return;
    }
  cached = pw_scheduler_lookup (self->scheduler, level);
  if (cached != NULL)
    pw_level_item_set_analysis (item, cached);
  else
    pw_scheduler_queue (self->scheduler, level);
}

/* Flags each level that is the same game as an earlier one of the set:
 * its kind's class figure (PW_FIGURE_CLASS) is equal. */
static void
update_same_games (PwLevelList *self)
{
  guint n = n_items (self);
  g_autoptr(GHashTable) first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PwLevelItem) item = item_at (self, i);
      PwAnalysis *analysis = pw_level_item_get_analysis (item);
      const PwKind *kind = pw_level_get_kind (pw_level_item_get_level (item));
      guint same = 0;

      for (guint f = 0; analysis != NULL && kind != NULL && f < kind->n_figures; f++)
        if (kind->figures[f].type == PW_FIGURE_CLASS)
          {
            JsonNode *value = json_object_get_member (pw_analysis_get_figures (analysis),
                                                      kind->figures[f].key);
            char *key;

            if (value == NULL || !JSON_NODE_HOLDS_VALUE (value) ||
                json_node_get_value_type (value) != G_TYPE_STRING)
              break;
            key = g_strconcat (kind->id, ":", json_node_get_string (value), NULL);
            same = GPOINTER_TO_UINT (g_hash_table_lookup (first, key));
            if (same == 0)
              g_hash_table_insert (first, key, GUINT_TO_POINTER (pw_level_item_get_position (item)));
            else
              g_free (key);
            break;
          }
      pw_level_item_set_same_game_as (item, same);
    }
}

/* After a burst of analyses: the same-game flags, and the rows sorted
 * again by the figures that came in. */
static gboolean
refresh_idle (gpointer data)
{
  PwLevelList *self = data;

  self->refresh_id = 0;
  update_same_games (self);
  for (guint c = 0; c < self->kind_columns->len; c++)
    {
      GtkSorter *sorter = gtk_column_view_column_get_sorter (g_ptr_array_index (self->kind_columns,
                                                                                c));

      gtk_sorter_changed (sorter, GTK_SORTER_CHANGE_DIFFERENT);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (PwLevelList *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_LOW, refresh_idle, self, NULL);
}

static void
analysed (PwLevelList *self,
          PwLevel     *level,
          PwAnalysis  *analysis,
          gboolean     focus)
{
  guint n = n_items (self);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PwLevelItem) item = item_at (self, i);

      if (pw_level_item_get_analysis (item) == NULL &&
          pw_level_same_content (pw_level_item_get_level (item), level))
        pw_level_item_set_analysis (item, analysis);
    }
  queue_refresh (self);
}

/* The focus level's quick figures, shown in its row until its whole
 * analysis comes (the rows are not sorted again for them). */
static void
first_look (PwLevelList *self,
            PwLevel     *level,
            PwAnalysis  *analysis)
{
  guint n = n_items (self);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(PwLevelItem) item = item_at (self, i);

      if (pw_level_same_content (pw_level_item_get_level (item), level))
        pw_level_item_set_first_look (item, analysis);
    }
}

/* ------------------------------------------------------------------ */
/* Reordering                                                           */

gboolean
pw_level_list_get_sorted (PwLevelList *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), FALSE);
  return gtk_sorter_get_order (gtk_column_view_get_sorter (self->column_view)) !=
         GTK_SORTER_ORDER_NONE;
}

gboolean
pw_level_list_sort_by (PwLevelList *self,
                       const char  *title,
                       GtkSortType  order)
{
  GListModel *columns;

  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), FALSE);

  if (title == NULL)
    {
      gtk_column_view_sort_by_column (self->column_view, NULL, order);
      return TRUE;
    }
  columns = gtk_column_view_get_columns (self->column_view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        {
          gtk_column_view_sort_by_column (self->column_view, column, order);
          return TRUE;
        }
    }
  return FALSE;
}

typedef struct
{
  PwLevelItem *item;
  guint        index;
} Ranked;

static int
ranked_compare (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const Ranked *x = a, *y = b;
  int c = gtk_sorter_compare (data, x->item, y->item);

  if (c != GTK_ORDERING_EQUAL)
    return c;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Every level's document index, in the order the sort shows them
 * (filtered-out levels too), ties in document order. */
static guint *
sorted_order (PwLevelList *self)
{
  guint n = n_items (self);
  g_autofree Ranked *ranked = g_new (Ranked, MAX (n, 1));
  guint *order = g_new (guint, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      ranked[i].item = item_at (self, i);
      ranked[i].index = i;
    }
  g_qsort_with_data (ranked, n, sizeof (Ranked), ranked_compare,
                     gtk_column_view_get_sorter (self->column_view));
  for (guint i = 0; i < n; i++)
    {
      order[i] = ranked[i].index;
      g_object_unref (ranked[i].item);
    }
  return order;
}

/* Moves the level at document index @from to where the level at @to is.
 * Sorted, the order on screen becomes the set's order with the level
 * moved, and the sort is cleared. */
void
_pw_level_list_move_level (PwLevelList *self,
            guint        from,
            guint        to)
{
  guint n = n_items (self);
  g_autofree guint *order = NULL;
  guint a = 0, b = 0;

  if (from == to || from >= n || to >= n)
    return;
  if (!pw_level_list_get_sorted (self))
    {
      pw_document_move_level (self->document, from, to, _("Move Level"));
      return;
    }

  order = sorted_order (self);
  for (guint i = 0; i < n; i++)
    {
      if (order[i] == from)
        a = i;
      if (order[i] == to)
        b = i;
    }
  if (a < b)
    memmove (order + a, order + a + 1, (b - a) * sizeof (guint));
  else
    memmove (order + b + 1, order + b, (a - b) * sizeof (guint));
  order[b] = from;
  pw_document_reorder_levels (self->document, order, _("Move Level"));
  /* the rows are in the set's order now: no sort arrow over them */
  gtk_column_view_sort_by_column (self->column_view, NULL, GTK_SORT_ASCENDING);
}

void
pw_level_list_move_row (PwLevelList *self,
                        guint        from,
                        guint        to)
{
  GListModel *rows;
  g_autoptr(PwLevelItem) a = NULL;
  g_autoptr(PwLevelItem) b = NULL;

  g_return_if_fail (PW_IS_LEVEL_LIST (self));

  rows = G_LIST_MODEL (self->sorted);
  a = g_list_model_get_item (rows, from);
  b = g_list_model_get_item (rows, to);
  if (a == NULL || b == NULL || self->document == NULL)
    return;
  _pw_level_list_move_level (self, pw_level_item_get_position (a) - 1, pw_level_item_get_position (b) - 1);
}

gboolean
pw_level_list_can_move_current (PwLevelList *self,
                                int          delta)
{
  guint row;

  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), FALSE);

  if (self->current == G_MAXUINT)
    return FALSE;
  if (!pw_level_list_get_sorted (self))
    return (delta < 0 && self->current > 0) || (delta > 0 && self->current + 1 < n_items (self));
  row = row_of (self, self->current);
  return row != GTK_INVALID_LIST_POSITION &&
         ((delta < 0 && row > 0) ||
          (delta > 0 && row + 1 < g_list_model_get_n_items (G_LIST_MODEL (self->sorted))));
}

gboolean
pw_level_list_move_current (PwLevelList *self,
                            int          delta)
{
  guint row;

  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), FALSE);

  if (!pw_level_list_can_move_current (self, delta))
    return FALSE;
  if (!pw_level_list_get_sorted (self))
    {
      _pw_level_list_move_level (self, self->current, self->current + delta);
      return TRUE;
    }
  row = row_of (self, self->current);
  pw_level_list_move_row (self, row, row + delta);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The document                                                         */

static void
renumber (PwLevelList *self,
          guint        from)
{
  guint n = n_items (self);

  for (guint i = from; i < n; i++)
    {
      g_autoptr(PwLevelItem) item = item_at (self, i);

      pw_level_item_set_position (item, i + 1);
    }
}

void
pw_level_list_select (PwLevelList *self,
                      guint        index)
{
  guint row;

  g_return_if_fail (PW_IS_LEVEL_LIST (self));

  if (self->document == NULL || index >= pw_document_get_n_levels (self->document))
    index = G_MAXUINT;
  row = index != G_MAXUINT ? row_of (self, index) : GTK_INVALID_LIST_POSITION;
  if (index != G_MAXUINT && row == GTK_INVALID_LIST_POSITION)
    {
      /* filtered out: show every level again */
      gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), "");
      gtk_string_filter_set_search (self->filter, NULL);
      row = row_of (self, index);
    }

  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, row);
  self->selecting = FALSE;
  if (row != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (GTK_WIDGET (self->column_view), "list.scroll-to-item", "u", row);

  if (self->current != index)
    {
      self->current = index;
      g_signal_emit (self, signals[CURRENT_CHANGED], 0);
    }
}

static void
selection_changed (PwLevelList *self)
{
  PwLevelItem *item;

  if (self->selecting)
    return;
  item = gtk_single_selection_get_selected_item (self->selection);
  if (item == NULL)
    return;
  if (pw_level_item_get_position (item) - 1 != self->current)
    {
      self->current = pw_level_item_get_position (item) - 1;
      g_signal_emit (self, signals[CURRENT_CHANGED], 0);
    }
}

static void
levels_changed (PwLevelList *self,
                guint        position,
                guint        removed,
                guint        added)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) kept = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  PwLevel *shown = NULL;
  guint keep = self->current;
  gboolean found = FALSE;

  if (self->current != G_MAXUINT && self->current < n_items (self))
    {
      g_autoptr(PwLevelItem) item = item_at (self, self->current);

      shown = pw_level_item_get_level (item);
    }
  /* rows of levels that only moved keep their figures */
  for (guint i = 0; i < removed; i++)
    {
      PwLevelItem *item = item_at (self, position + i);

      g_hash_table_replace (kept, pw_level_item_get_level (item), item);
    }
  for (guint i = 0; i < added; i++)
    {
      PwLevel *level = pw_document_get_level (self->document, position + i);
      PwLevelItem *item = g_hash_table_lookup (kept, level);

      if (item != NULL)
        {
          g_ptr_array_add (items, g_object_ref (item));
          g_hash_table_remove (kept, level);
        }
      else
        g_ptr_array_add (items, pw_level_item_new (level, position + i + 1));
      if (level == shown)
        {
          keep = position + i;
          found = TRUE;
        }
    }
  self->selecting = TRUE;
  g_list_store_splice (self->store, position, removed, items->pdata, items->len);
  renumber (self, position);
  self->selecting = FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      PwLevelItem *item = g_ptr_array_index (items, i);

      if (pw_level_item_get_analysis (item) == NULL)
        feed_item (self, item);
    }

  /* the level on screen: one level added is shown; else the one that was
   * there, wherever it went, else the one now in its place */
  if (added == 1 && removed == 0)
    keep = position;
  else if (found)
    ; /* it moved */
  else if (keep != G_MAXUINT && keep >= position + removed)
    keep = keep - removed + added;
  else if (keep != G_MAXUINT && keep >= position)
    keep = MIN (position, pw_document_get_n_levels (self->document) - 1);
  if (pw_document_get_n_levels (self->document) == 0)
    keep = G_MAXUINT;

  _pw_level_list_update_columns (self);
  queue_refresh (self);
  /* the set changed around the level on screen: the window looks again */
  self->current = G_MAXUINT;
  pw_level_list_select (self, keep);
  if (keep == G_MAXUINT)
    g_signal_emit (self, signals[CURRENT_CHANGED], 0);
}

static void
level_changed (PwLevelList *self,
               guint        index)
{
  g_autoptr(PwLevelItem) item = item_at (self, index);

  pw_level_item_set_level (item, pw_document_get_level (self->document, index));
  feed_item (self, item);
  gtk_column_view_column_set_visible (self->rating_column,
                                      gtk_column_view_column_get_visible (self->rating_column) ||
                                      pw_level_get_playtests (pw_document_get_level (self->document,
                                                                                     index))->len > 0);
}

void
pw_level_list_set_document (PwLevelList *self,
                            PwDocument  *document)
{
  g_return_if_fail (PW_IS_LEVEL_LIST (self));
  g_return_if_fail (document == NULL || PW_IS_DOCUMENT (document));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  self->current = G_MAXUINT;
  self->selecting = TRUE;
  g_list_store_remove_all (self->store);
  self->selecting = FALSE;
  /* a new set: unsorted, unfiltered */
  gtk_column_view_sort_by_column (self->column_view, NULL, GTK_SORT_ASCENDING);
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), "");
  if (document == NULL)
    {
      _pw_level_list_update_columns (self);
      g_signal_emit (self, signals[CURRENT_CHANGED], 0);
      return;
    }
  g_signal_connect_swapped (document, "levels-changed", G_CALLBACK (levels_changed), self);
  g_signal_connect_swapped (document, "level-changed", G_CALLBACK (level_changed), self);
  levels_changed (self, 0, 0, pw_document_get_n_levels (document));
  pw_level_list_select (self, 0);
}

void
pw_level_list_set_scheduler (PwLevelList *self,
                             PwScheduler *scheduler)
{
  g_return_if_fail (PW_IS_LEVEL_LIST (self));

  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_set_object (&self->scheduler, scheduler);
  if (scheduler != NULL)
    {
      g_signal_connect_swapped (scheduler, "analysed", G_CALLBACK (analysed), self);
      g_signal_connect_swapped (scheduler, "first-look", G_CALLBACK (first_look), self);
    }
}

guint
pw_level_list_get_current (PwLevelList *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), G_MAXUINT);
  return self->current;
}

GListModel *
pw_level_list_get_model (PwLevelList *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

void
pw_level_list_focus_filter (PwLevelList *self)
{
  g_return_if_fail (PW_IS_LEVEL_LIST (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

static void
filter_changed (PwLevelList *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter_entry));

  gtk_string_filter_set_search (self->filter, *text ? text : NULL);
  /* keep the level on screen selected if it is still listed */
  if (self->current != G_MAXUINT)
    {
      self->selecting = TRUE;
      gtk_single_selection_set_selected (self->selection, row_of (self, self->current));
      self->selecting = FALSE;
    }
}

/* ------------------------------------------------------------------ */
/* Renaming and adding                                                  */

static void
rename_activated (GtkEntry    *entry,
                  PwLevelList *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (entry));
  PwLevel *level = self->current != G_MAXUINT && self->document != NULL
                   ? pw_document_get_level (self->document, self->current) : NULL;

  if (level != NULL && *name != '\0' && g_strcmp0 (name, pw_level_get_name (level)) != 0)
    {
      g_autoptr(PwLevel) renamed = pw_level_copy (level);

      pw_level_set_name (renamed, name);
      pw_document_replace_level (self->document, self->current, renamed, _("Rename Level"));
    }
  gtk_popover_popdown (GTK_POPOVER (gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_POPOVER)));
}

/* A small popover with the name of the level on screen to edit. */
void
pw_level_list_start_rename (PwLevelList *self)
{
  GtkWidget *popover, *box, *label, *entry;

  g_return_if_fail (PW_IS_LEVEL_LIST (self));

  if (self->current == G_MAXUINT || self->document == NULL)
    return;
  popover = gtk_popover_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Level name"));
  entry = gtk_entry_new ();
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_editable_set_text (GTK_EDITABLE (entry),
                         pw_level_get_name (pw_document_get_level (self->document, self->current)));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), FALSE);
  g_signal_connect (entry, "activate", G_CALLBACK (rename_activated), self);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_widget_set_parent (popover, GTK_WIDGET (self->add_level_button));
  g_signal_connect (popover, "closed", G_CALLBACK (gtk_widget_unparent), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
  gtk_widget_grab_focus (entry);
}

/* New levels of every kind this build can draw and edit. */
static void
build_add_menu (PwLevelList *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; i < n_kinds; i++)
    {
      const PwKindView *view = pw_kind_view_lookup (kinds[i]->id);
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (view == NULL || view->palette == NULL)
        continue;
      label = g_strdup_printf (_("New %s Level"), _(kinds[i]->name));
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "win.level-add",
                                               g_variant_new_string (kinds[i]->id));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->add_level_button, G_MENU_MODEL (menu));
}

/* ------------------------------------------------------------------ */

static void
pw_level_list_dispose (GObject *object)
{
  PwLevelList *self = PW_LEVEL_LIST (object);
  GtkWidget *child;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_clear_object (&self->scheduler);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_LEVEL_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->kind_columns, g_ptr_array_unref);
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filter);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (pw_level_list_parent_class)->dispose (object);
}

static void
pw_level_list_class_init (PwLevelListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_level_list_dispose;

  signals[CURRENT_CHANGED] = g_signal_new ("current-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-level-list.ui");
  gtk_widget_class_bind_template_child (widget_class, PwLevelList, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, PwLevelList, column_view);
  gtk_widget_class_bind_template_child (widget_class, PwLevelList, add_level_button);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pw-level-list");
}

static void
pw_level_list_init (PwLevelList *self)
{
  GtkFilterListModel *filtered;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->current = G_MAXUINT;
  self->kind_columns = g_ptr_array_new_with_free_func (g_object_unref);

  self->store = g_list_store_new (PW_TYPE_LEVEL_ITEM);
  self->filter = gtk_string_filter_new (gtk_property_expression_new (PW_TYPE_LEVEL_ITEM, NULL,
                                                                     "name"));
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  gtk_string_filter_set_ignore_case (self->filter, TRUE);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                        GTK_FILTER (g_object_ref (self->filter)));

  _pw_level_list_add_columns (self);

  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered),
                                          g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selection_changed), self);
  build_add_menu (self);
}

PwLevelList *
pw_level_list_new (void)
{
  return g_object_new (PW_TYPE_LEVEL_LIST, NULL);
}
