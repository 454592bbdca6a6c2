/* pw-level-list-columns.c — the level list's columns: the fixed ones and
 * the set's kind's, their cells, sorters and header tooltips, and rows
 * dragged onto rows
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-level-list"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-level-item.h"
#include "pw-level-list-private.h"

static gboolean set_header_tooltips (gpointer data);

/* The styles of a cell's states (style.css). */
static const char * const cell_classes[] = {
  [PW_CELL_VALUE] = NULL,
  [PW_CELL_PENDING] = "pw-cell-pending",
  [PW_CELL_INVALID] = "pw-cell-invalid",
  [PW_CELL_UNSOLVABLE] = "pw-cell-unsolvable",
  [PW_CELL_UNKNOWN] = "pw-cell-unknown",
  [PW_CELL_NOT_APPLICABLE] = "pw-cell-not-applicable",
};

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
  if (from == to || from >= g_list_model_get_n_items (G_LIST_MODEL (self->store)))
    return FALSE;
  _pw_level_list_move_level (self, from, to);
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
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
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


/* Which columns a set needs: its kind's, the kind column when it mixes
 * kinds, the rating when some level has playtests. */
void
_pw_level_list_update_columns (PwLevelList *self)
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


void
_pw_level_list_add_columns (PwLevelList *self)
{
  GtkColumnViewColumn *column;
  GtkCustomSorter *size_sorter;

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
}
