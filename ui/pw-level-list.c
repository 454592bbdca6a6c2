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
#include "pw-level-list.h"

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

G_DEFINE_FINAL_TYPE (PwLevelList, pw_level_list, GTK_TYPE_WIDGET)

enum { CURRENT_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The styles of a cell's states (style.css). */
static const char * const cell_classes[] = {
  [PW_CELL_VALUE] = NULL,
  [PW_CELL_PENDING] = "pw-cell-pending",
  [PW_CELL_INVALID] = "pw-cell-invalid",
  [PW_CELL_UNSOLVABLE] = "pw-cell-unsolvable",
  [PW_CELL_UNKNOWN] = "pw-cell-unknown",
  [PW_CELL_NOT_APPLICABLE] = "pw-cell-not-applicable",
};

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

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static void
text_cell_setup (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  numeric);

static void
label_setup (GtkListItem *list_item,
             gboolean     numeric,
             gboolean     ellipsize);

/* A property shown as it is: #, name, kind, size, rating. */
static void
property_cell_bind (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item,
                    const char               *property)
{
  GObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  GBinding *binding = g_object_bind_property (item, property, label, "label",
                                              G_BINDING_SYNC_CREATE);

  g_object_set_data (G_OBJECT (list_item), "binding", binding);
}

static void
property_cell_unbind (GtkSignalListItemFactory *factory,
                      GtkListItem              *list_item,
                      const char               *property)
{
  GBinding *binding = g_object_steal_data (G_OBJECT (list_item), "binding");

  if (binding != NULL)
    g_binding_unbind (binding);
}

/* A column of the kind: which one, of which kind. */
typedef struct
{
  const PwKind *kind;
  guint         column;
} KindColumn;

static void
kind_cell_update (PwLevelItem *item,
                  GParamSpec  *pspec,
                  GtkListItem *list_item)
{
  const KindColumn *kc = g_object_get_data (G_OBJECT (list_item), "kind-column");
  GtkWidget *label = gtk_list_item_get_child (list_item);
  PwCellState state;
  g_autofree char *text = pw_level_item_get_cell (item, kc->kind, &kc->kind->list_columns[kc->column],
                                                  &state, NULL);

  gtk_label_set_text (GTK_LABEL (label), text);
  for (guint i = 0; i < G_N_ELEMENTS (cell_classes); i++)
    if (cell_classes[i] != NULL)
      {
        if (i == state)
          gtk_widget_add_css_class (label, cell_classes[i]);
        else
          gtk_widget_remove_css_class (label, cell_classes[i]);
      }
}

static void
kind_cell_bind (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                KindColumn               *kc)
{
  PwLevelItem *item = gtk_list_item_get_item (list_item);
  gulong handler;

  g_object_set_data (G_OBJECT (list_item), "kind-column", kc);
  handler = g_signal_connect (item, "notify::analysis", G_CALLBACK (kind_cell_update), list_item);
  g_object_set_data (G_OBJECT (list_item), "handler", GSIZE_TO_POINTER (handler));
  kind_cell_update (item, NULL, list_item);
}

static void
kind_cell_unbind (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  KindColumn               *kc)
{
  PwLevelItem *item = gtk_list_item_get_item (list_item);
  gulong handler = GPOINTER_TO_SIZE (g_object_steal_data (G_OBJECT (list_item), "handler"));

  if (item != NULL && handler != 0)
    g_signal_handler_disconnect (item, handler);
}

static int
kind_column_compare (gconstpointer a,
                     gconstpointer b,
                     gpointer      data)
{
  const KindColumn *kc = data;
  double x = pw_level_item_get_sort_value ((PwLevelItem *) a, kc->kind, kc->column);
  double y = pw_level_item_get_sort_value ((PwLevelItem *) b, kc->kind, kc->column);

  if (x != y)
    return x < y ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  return GTK_ORDERING_EQUAL;
}

/* Sizes in natural order: 5×4 before 10×6. */
static int
size_compare (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  g_autofree char *x = pw_level_describe_size (pw_level_item_get_level ((PwLevelItem *) a));
  g_autofree char *y = pw_level_describe_size (pw_level_item_get_level ((PwLevelItem *) b));
  g_autofree char *kx = g_utf8_collate_key_for_filename (x ? x : "", -1);
  g_autofree char *ky = g_utf8_collate_key_for_filename (y ? y : "", -1);
  int c = strcmp (kx, ky);

  return c < 0 ? GTK_ORDERING_SMALLER : c > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static GtkColumnViewColumn *
new_column (PwLevelList *self,
            const char  *title,
            const char  *tooltip,
            GtkListItemFactory *factory,
            GtkSorter   *sorter,
            gboolean     expand)
{
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_sorter (column, sorter);
  g_object_unref (sorter);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  if (tooltip != NULL)
    g_object_set_data_full (G_OBJECT (column), "tooltip", g_strdup (tooltip), g_free);
  return column;
}

/* A column showing a property of the items. */
static GtkColumnViewColumn *
property_column (PwLevelList *self,
                 const char  *title,
                 const char  *property,
                 GtkSorter   *sorter,
                 gboolean     numeric,
                 gboolean     expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (text_cell_setup),
                    GINT_TO_POINTER (numeric ? 1 : expand ? 2 : 0));
  g_signal_connect (factory, "bind", G_CALLBACK (property_cell_bind), (gpointer) property);
  g_signal_connect (factory, "unbind", G_CALLBACK (property_cell_unbind), (gpointer) property);
  return new_column (self, title, NULL, factory, sorter, expand);
}

static GtkSorter *
property_sorter (const char *property,
                 gboolean    numeric)
{
  GtkExpression *expression = gtk_property_expression_new (PW_TYPE_LEVEL_ITEM, NULL, property);

  if (numeric)
    return GTK_SORTER (gtk_numeric_sorter_new (expression));
  return GTK_SORTER (gtk_string_sorter_new (expression));
}

/* The columns of @kind, between the size and the rating. */
static void
set_columns_kind (PwLevelList  *self,
                  const PwKind *kind)
{
  guint at;

  if (kind == self->columns_kind)
    return;
  for (guint c = 0; c < self->kind_columns->len; c++)
    gtk_column_view_remove_column (self->column_view, g_ptr_array_index (self->kind_columns, c));
  g_ptr_array_set_size (self->kind_columns, 0);
  self->columns_kind = kind;
  if (kind == NULL)
    return;

  /* after #, name, kind and size */
  at = 4;
  for (guint c = 0; c < kind->n_list_columns; c++)
    {
      const PwListColumn *info = &kind->list_columns[c];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      /* shared by the factory and the sorter, whichever goes last */
      KindColumn *kc = g_rc_box_new (KindColumn);
      GtkSorter *sorter;
      GtkColumnViewColumn *column;

      kc->kind = kind;
      kc->column = c;
      g_signal_connect (factory, "setup", G_CALLBACK (text_cell_setup), GINT_TO_POINTER (1));
      g_signal_connect_data (factory, "bind", G_CALLBACK (kind_cell_bind), g_rc_box_acquire (kc),
                             (GClosureNotify) (void (*) (void)) g_rc_box_release, 0);
      g_signal_connect (factory, "unbind", G_CALLBACK (kind_cell_unbind), kc);
      sorter = GTK_SORTER (gtk_custom_sorter_new (kind_column_compare, kc, g_rc_box_release));
      column = new_column (self, _(info->title), _(info->description), factory, sorter, FALSE);
      gtk_column_view_insert_column (self->column_view, at + c, column);
      g_ptr_array_add (self->kind_columns, column);
    }
}

static gboolean set_header_tooltips (gpointer data);

/* Which columns a set needs: its kind's, the kind column when it mixes
 * kinds, the rating when some level has playtests. */
static void
update_columns (PwLevelList *self)
{
  PwLevelSet *set = self->document != NULL ? pw_document_get_set (self->document) : NULL;
  const PwKind *main_kind = set != NULL ? pw_level_set_main_kind (set) : NULL;
  gboolean mixed = FALSE, rated = FALSE;

  for (guint i = 0; set != NULL && i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);

      mixed |= main_kind != NULL && !g_str_equal (pw_level_get_kind_id (level), main_kind->id);
      rated |= pw_level_get_playtests (level)->len > 0;
    }
  set_columns_kind (self, main_kind);
  gtk_column_view_column_set_visible (self->kind_column, mixed);
  gtk_column_view_column_set_visible (self->rating_column, rated);
  /* once the header has its new titles */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, set_header_tooltips, g_object_ref (self),
                   g_object_unref);
}

GStrv
pw_level_list_get_column_titles (PwLevelList *self)
{
  GListModel *columns;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), NULL);

  columns = gtk_column_view_get_columns (self->column_view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (gtk_column_view_column_get_visible (column))
        g_strv_builder_add (builder, gtk_column_view_column_get_title (column));
    }
  return g_strv_builder_end (builder);
}

const PwKind *
pw_level_list_get_columns_kind (PwLevelList *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_LIST (self), NULL);
  return self->columns_kind;
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
static void
move_level (PwLevelList *self,
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
  move_level (self, pw_level_item_get_position (a) - 1, pw_level_item_get_position (b) - 1);
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
      move_level (self, self->current, self->current + delta);
      return TRUE;
    }
  row = row_of (self, self->current);
  pw_level_list_move_row (self, row, row + delta);
  return TRUE;
}

/* Drag a row onto another to move the level there. */
static GdkContentProvider *
row_drag_prepare (GtkDragSource *source,
                  double         x,
                  double         y,
                  GtkListItem   *list_item)
{
  PwLevelItem *item = gtk_list_item_get_item (list_item);

  if (item == NULL)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_UINT, pw_level_item_get_position (item));
}

static gboolean
row_drop (GtkDropTarget *target,
          const GValue  *value,
          double         x,
          double         y,
          GtkListItem   *list_item)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  PwLevelList *self = PW_LEVEL_LIST (gtk_widget_get_ancestor (widget, PW_TYPE_LEVEL_LIST));
  PwLevelItem *item = gtk_list_item_get_item (list_item);
  guint from, to;

  if (self == NULL || item == NULL || !G_VALUE_HOLDS_UINT (value) || self->document == NULL)
    return FALSE;
  from = g_value_get_uint (value) - 1;
  to = pw_level_item_get_position (item) - 1;
  if (from == to || from >= n_items (self))
    return FALSE;
  move_level (self, from, to);
  return TRUE;
}

static void
label_setup (GtkListItem *list_item,
             gboolean     numeric,
             gboolean     ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  /* names may shorten; numbers never do: their column is as wide as
   * they are */
  if (ellipsize)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
    }
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (row_drag_prepare), list_item);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (target, "drop", G_CALLBACK (row_drop), list_item);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (target));
  gtk_list_item_set_child (list_item, label);
}

/* @mode: 1 a number, 2 a name (shortened when narrow), 0 other text. */
static void
text_cell_setup (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  mode)
{
  label_setup (list_item, GPOINTER_TO_INT (mode) == 1, GPOINTER_TO_INT (mode) == 2);
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

  update_columns (self);
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
      update_columns (self);
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
    g_signal_connect_swapped (scheduler, "analysed", G_CALLBACK (analysed), self);
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

/* The first label inside @widget, or NULL. */
static GtkLabel *
find_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = find_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* The header's tooltips say what a short title means. GTK 4.8 gives a
 * column no tooltip of its own: each title widget of the header (the
 * column view's first child) gets the one of the column titled as it is. */
static gboolean
set_header_tooltips (gpointer data)
{
  PwLevelList *self = data;
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  for (GtkWidget *title = header ? gtk_widget_get_first_child (header) : NULL; title != NULL;
       title = gtk_widget_get_next_sibling (title))
    {
      GtkLabel *label = find_label (title);

      for (guint i = 0; label != NULL && i < g_list_model_get_n_items (columns); i++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          if (g_strcmp0 (gtk_column_view_column_get_title (column), gtk_label_get_text (label)) == 0)
            gtk_widget_set_tooltip_text (title, g_object_get_data (G_OBJECT (column), "tooltip"));
        }
    }
  return G_SOURCE_REMOVE;
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
  GtkColumnViewColumn *column;
  GtkCustomSorter *size_sorter;

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

  /* Translators: the level list's column of positions in the set */
  column = property_column (self, _("#"), "position", property_sorter ("position", TRUE), TRUE,
                            FALSE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
  column = property_column (self, _("Name"), "name-text", property_sorter ("name", FALSE), FALSE,
                            TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
  self->kind_column = property_column (self, _("Kind"), "kind", property_sorter ("kind", FALSE),
                                       FALSE, FALSE);
  gtk_column_view_append_column (self->column_view, self->kind_column);
  g_object_unref (self->kind_column);
  size_sorter = gtk_custom_sorter_new (size_compare, NULL, NULL);
  column = property_column (self, _("Size"), "size", GTK_SORTER (size_sorter), FALSE, FALSE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
  /* Translators: short column title for the playtesters' mean rating */
  self->rating_column = property_column (self, _("Rating"), "rating-text",
                                         property_sorter ("rating", TRUE), TRUE, FALSE);
  g_object_set_data_full (G_OBJECT (self->rating_column), "tooltip",
                          g_strdup (_("The playtesters' mean rating")), g_free);
  gtk_column_view_append_column (self->column_view, self->rating_column);
  g_object_unref (self->rating_column);
  gtk_column_view_column_set_visible (self->kind_column, FALSE);
  gtk_column_view_column_set_visible (self->rating_column, FALSE);

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
