/* pw-window-sets.c — the window's actions on the set as a whole:
 * importing playtest sheets, finding duplicates
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both go through the analysis library as the command line does
 * (pw_playtest_import_csv, pw_find_duplicates), so the editor and
 * `puzzlewright playtests import` / `puzzlewright duplicates` agree.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <glib/gi18n.h>

#include "puzzlewright.h"
#include "pw-window-private.h"

/* ---- playtest sheets ---- */

static gboolean
playtests_equal (GPtrArray *a,
                 GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const PwPlaytest *p = g_ptr_array_index (a, i), *q = g_ptr_array_index (b, i);

      if (g_strcmp0 (p->tester, q->tester) != 0 || g_strcmp0 (p->date, q->date) != 0 ||
          g_strcmp0 (p->note, q->note) != 0 || p->rating != q->rating ||
          p->seconds != q->seconds || p->completed != q->completed || p->moves != q->moves ||
          p->hints_used != q->hints_used)
        return FALSE;
    }
  return TRUE;
}

static void
show_report (PwWindow   *self,
             const char *primary,
             const char *text)
{
  GtkWidget *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_INFO, GTK_BUTTONS_CLOSE, "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_widget_add_css_class (dialog, "pw-import-report");
  gtk_window_present (GTK_WINDOW (dialog));
}

void
pw_window_import_playtests (PwWindow  *self,
                            GFile    **files,
                            guint      n_files)
{
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(GString) report = g_string_new (NULL);
  guint changed = 0;

  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (self->document != NULL);

  /* levels are values: the sheets go into copies, which replace the
   * levels they changed in one step of undo */
  for (guint i = 0; i < pw_document_get_n_levels (self->document); i++)
    g_ptr_array_add (copies, pw_level_copy (pw_document_get_level (self->document, i)));
  for (guint f = 0; f < n_files; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwPlaytestImport) import = NULL;
      g_autofree char *data = NULL;
      g_autofree char *name = g_file_get_basename (files[f]);
      gsize length;

      if (!g_file_load_contents (files[f], NULL, &data, &length, NULL, &error) ||
          (import = pw_playtest_import_csv (copies, data, length, name, &error)) == NULL)
        {
          g_string_append_printf (report, "%s\n", error->message);
          continue;
        }
      {
        g_autofree char *text = pw_playtest_import_describe (import);

        g_string_append (report, text);
      }
    }

  for (guint i = 0; i < copies->len; i++)
    if (!playtests_equal (pw_level_get_playtests (g_ptr_array_index (copies, i)),
                          pw_level_get_playtests (pw_document_get_level (self->document, i))))
      {
        if (changed++ == 0)
          pw_document_begin_group (self->document, _("Import Playtests"));
        pw_document_replace_level (self->document, i, g_ptr_array_index (copies, i),
                                   _("Import Playtests"));
      }
  if (changed > 0)
    pw_document_end_group (self->document);

  show_report (self, changed > 0 ? _("Playtests imported") : _("No playtests imported"),
               report->str);
}

static void
import_response (GtkNativeDialog *chooser,
                 int              response,
                 PwWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      guint n = g_list_model_get_n_items (list);
      g_autofree GFile **files = g_new0 (GFile *, n + 1);

      for (guint i = 0; i < n; i++)
        files[i] = g_list_model_get_item (list, i);
      pw_window_import_playtests (self, files, n);
      for (guint i = 0; i < n; i++)
        g_object_unref (files[i]);
    }
  g_object_unref (chooser);
}

void
_pw_window_choose_playtest_sheets (PwWindow *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Import Playtest Sheets"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Spreadsheets saved as CSV (*.csv)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.CSV");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  _pw_window_chooser_in_set_folder (self, GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (import_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- duplicates ---- */

/* Shows the level in the window of its set, that window in front. */
static void
level_clicked (GtkButton *button,
               gpointer   unused)
{
  const char *id = g_object_get_data (G_OBJECT (button), "pw-level-id");
  PwWindow *self = g_object_get_data (G_OBJECT (button), "pw-window");

  for (guint i = 0; self->document != NULL && i < pw_document_get_n_levels (self->document); i++)
    if (g_str_equal (pw_level_get_id (pw_document_get_level (self->document, i)), id))
      {
        pw_window_select_level (self, i);
        gtk_window_present (GTK_WINDOW (self));
        return;
      }
}

/* The windows whose sets are searched: this one first, then the
 * application's other windows with a set. */
static GPtrArray *
open_windows (PwWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  GPtrArray *windows = g_ptr_array_new ();

  g_ptr_array_add (windows, self);
  if (application == NULL)
    return windows;
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (PW_IS_WINDOW (l->data) && l->data != (gpointer) self &&
        PW_WINDOW (l->data)->document != NULL)
      g_ptr_array_add (windows, l->data);
  return windows;
}

static char *
set_name (PwWindow *window)
{
  PwLevelSet *set = pw_document_get_set (window->document);
  GFile *file = pw_document_get_file (window->document);

  if (pw_level_set_get_title (set) != NULL && *pw_level_set_get_title (set))
    return g_strdup (pw_level_set_get_title (set));
  if (file != NULL)
    return g_file_get_basename (file);
  return g_strdup (_("Unsaved set"));
}

/* The first level of the group in the row activated. */
static void
group_activated (GtkListBox    *box,
                 GtkListBoxRow *row,
                 PwWindow      *self)
{
  GtkWidget *first = g_object_get_data (G_OBJECT (row), "pw-first-level");

  level_clicked (GTK_BUTTON (first), NULL);
}

void
_pw_window_show_duplicates (PwWindow *self)
{
  g_autoptr(GPtrArray) levels = g_ptr_array_new ();
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GPtrArray) windows = NULL;
  g_autoptr(GHashTable) window_of = g_hash_table_new (NULL, NULL);
  GtkWindow *dialog;
  GtkWidget *box, *list, *scrolled, *label;

  g_return_if_fail (self->document != NULL);

  /* across every open set */
  windows = open_windows (self);
  for (guint w = 0; w < windows->len; w++)
    {
      PwWindow *window = g_ptr_array_index (windows, w);

      for (guint i = 0; i < pw_document_get_n_levels (window->document); i++)
        {
          PwLevel *level = pw_document_get_level (window->document, i);

          g_ptr_array_add (levels, level);
          g_hash_table_insert (window_of, level, window);
        }
    }
  groups = pw_find_duplicates (levels);
  if (groups->len == 0)
    {
      show_report (self, _("No duplicates"),
                   windows->len > 1
                   ? _("No two levels of the open sets are the same puzzle, even turned, "
                       "mirrored or with colours, suits or digits exchanged.")
                   : _("No two levels of the set are the same puzzle, even turned, mirrored or "
                       "with colours, suits or digits exchanged."));
      return;
    }

  dialog = GTK_WINDOW (gtk_window_new ());
  /* Translators: title of the window listing levels that are the same puzzle */
  gtk_window_set_title (dialog, _("Duplicates"));
  gtk_window_set_transient_for (dialog, GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (dialog, TRUE);
  gtk_window_set_default_size (dialog, 480, 360);
  gtk_widget_add_css_class (GTK_WIDGET (dialog), "pw-duplicates");

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  label = gtk_label_new (g_dngettext (GETTEXT_PACKAGE,
                                      "These levels are the same puzzle, turned, mirrored or "
                                      "with colours, suits or digits exchanged. Click a level "
                                      "to show it.",
                                      "Each group's levels are the same puzzle, turned, "
                                      "mirrored or with colours, suits or digits exchanged. "
                                      "Click a level to show it.", groups->len));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), TRUE);
  gtk_widget_add_css_class (list, "boxed-list");
  g_signal_connect_object (list, "row-activated", G_CALLBACK (group_activated), self, 0);
  for (guint g = 0; g < groups->len; g++)
    {
      GPtrArray *group = g_ptr_array_index (groups, g);
      GtkWidget *row_box = gtk_flow_box_new ();
      GtkWidget *row = gtk_list_box_row_new ();
      /* Translators: a group of duplicate levels, numbered */
      g_autofree char *title = g_strdup_printf (_("Group %u"), g + 1);

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row_box), GTK_SELECTION_NONE);
      gtk_flow_box_append (GTK_FLOW_BOX (row_box), gtk_label_new (title));
      for (guint i = 0; i < group->len; i++)
        {
          PwLevel *level = g_ptr_array_index (group, i);
          PwWindow *window = g_hash_table_lookup (window_of, level);
          g_autofree char *set = windows->len > 1 ? set_name (window) : NULL;
          /* Translators: a level in the duplicates list, when several sets are open: set, level */
          g_autofree char *text = set != NULL ? g_strdup_printf (_("%s: %s"), set,
                                                                 pw_level_get_name (level))
                                              : g_strdup (pw_level_get_name (level));
          GtkWidget *button = gtk_button_new_with_label (text);

          gtk_widget_set_tooltip_text (button, pw_level_get_id (level));
          g_object_set_data_full (G_OBJECT (button), "pw-level-id",
                                  g_strdup (pw_level_get_id (level)), g_free);
          g_object_set_data_full (G_OBJECT (button), "pw-window", g_object_ref (window),
                                  g_object_unref);
          g_signal_connect (button, "clicked", G_CALLBACK (level_clicked), NULL);
          gtk_flow_box_append (GTK_FLOW_BOX (row_box), button);
          if (i == 0)
            g_object_set_data (G_OBJECT (row), "pw-first-level", button);
        }
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), row_box);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_window_set_child (dialog, box);
  gtk_window_present (dialog);
}
