/* pw-window-files.c — the window's files: open, save, ask before losing
 * changes, export CSV
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-window-private.h"

#define AUTOSAVE_MS 30000

typedef void (*ThenFunc) (PwWindow *self,
                          gpointer  data);

typedef struct
{
  PwWindow      *window;
  ThenFunc       then;
  gpointer       data;
  GDestroyNotify destroy;
} Confirm;


static void
confirm_response (GtkDialog *dialog,
                  int        response,
                  Confirm   *confirm)
{
  PwWindow *self = confirm->window;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      _pw_window_save_then (self, confirm->then, confirm->data, confirm->destroy);
      confirm->destroy = NULL;
    }
  else if (response == GTK_RESPONSE_REJECT)
    confirm->then (self, confirm->data);
  if (confirm->destroy != NULL)
    confirm->destroy (confirm->data);
  g_object_unref (confirm->window);
  g_free (confirm);
}

/* Runs @then now when nothing is unsaved, else after asking: Save (then
 * go on once saved), Discard (go on), Cancel (do nothing). */
void
_pw_window_confirm_discard (PwWindow       *self,
                            ThenFunc        then,
                            gpointer        data,
                            GDestroyNotify  destroy)
{
  Confirm *confirm;
  GtkWidget *dialog;
  const char *title;

  pw_level_panel_flush (self->level_panel);
  if (self->document == NULL || !pw_document_get_modified (self->document))
    {
      then (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  confirm = g_new0 (Confirm, 1);
  confirm->window = g_object_ref (self);
  confirm->then = then;
  confirm->data = data;
  confirm->destroy = destroy;
  title = pw_level_set_get_title (pw_document_get_set (self->document));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save the changes to “%s”?"),
                                   title && *title ? title : _("Untitled Level Set"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Unsaved changes are lost if you do not save them."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_REJECT),
                            "destructive-action");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response), confirm);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
save_to (PwWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  pw_level_panel_flush (self->level_panel);
  if (!pw_document_save (self->document, file, NULL, &error))
    {
      _pw_window_show_error (self, _("The level set could not be saved"), error->message);
      return FALSE;
    }
  if (self->recovery != NULL)
    {
      pw_recovery_forget (self->recovery, self->document);
      pw_recovery_watch (self->recovery, self->document, AUTOSAVE_MS);
    }
  _pw_window_note_file (self);
  _pw_window_update_title (self);
  /* the file saved to may be another one */
  _pw_window_watch_file (self);
  return TRUE;
}

typedef struct
{
  PwWindow       *window;
  ThenFunc        then;
  gpointer        data;
  GDestroyNotify  destroy;
  GtkNativeDialog *chooser;
} SaveAs;

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  SaveAs          *save)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (save_to (save->window, file) && save->then != NULL)
        save->then (save->window, save->data);
    }
  if (save->destroy != NULL)
    save->destroy (save->data);
  g_object_unref (save->window);
  g_object_unref (save->chooser);
  g_free (save);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Level sets (*.json)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

void
_pw_window_save_as_then (PwWindow       *self,
              ThenFunc        then,
              gpointer        data,
              GDestroyNotify  destroy)
{
  GtkFileChooserNative *chooser;
  SaveAs *save = g_new0 (SaveAs, 1);
  const char *title = pw_level_set_get_title (pw_document_get_set (self->document));
  g_autofree char *name = g_strdup_printf ("%s.json", title && *title ? title : _("Untitled"));
  g_autoptr(GtkFileFilter) filter = json_filter ();

  chooser = gtk_file_chooser_native_new (_("Save Level Set"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (pw_document_get_file (self->document) != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), pw_document_get_file (self->document), NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  save->window = g_object_ref (self);
  save->then = then;
  save->data = data;
  save->destroy = destroy;
  save->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response), save);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

enum
{
  RESPONSE_KEEP_MINE = 1,
  RESPONSE_RELOAD,
  RESPONSE_SAVE_AS,
};

/* The file was replaced under the window: keep mine (save over it), save
 * mine elsewhere, reload the file (my changes go), or cancel. */
static void
changed_response (GtkDialog *dialog,
                  int        response,
                  Confirm   *confirm)
{
  PwWindow *self = confirm->window;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == RESPONSE_KEEP_MINE)
    {
      if (save_to (self, NULL) && confirm->then != NULL)
        confirm->then (self, confirm->data);
    }
  else if (response == RESPONSE_SAVE_AS)
    {
      _pw_window_save_as_then (self, confirm->then, confirm->data, confirm->destroy);
      confirm->destroy = NULL;
    }
  else if (response == RESPONSE_RELOAD)
    _pw_window_reload (self);
  if (confirm->destroy != NULL)
    confirm->destroy (confirm->data);
  g_object_unref (confirm->window);
  g_free (confirm);
}

void
_pw_window_reload (PwWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_object_ref (pw_document_get_file (self->document));
  g_autoptr(PwDocument) document = pw_document_load (file, NULL, &error);

  if (document == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *primary = g_strdup_printf (_("“%s” could not be opened"), name);

      _pw_window_show_error (self, primary, error->message);
    }
  else
    pw_window_set_document (self, document);
}

static void
ask_file_changed (PwWindow       *self,
                  ThenFunc        then,
                  gpointer        data,
                  GDestroyNotify  destroy)
{
  Confirm *confirm = g_new0 (Confirm, 1);
  g_autofree char *name = g_file_get_parse_name (pw_document_get_file (self->document));
  GtkWidget *dialog;

  confirm->window = g_object_ref (self);
  confirm->then = then;
  confirm->data = data;
  confirm->destroy = destroy;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("“%s” was changed by another program"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Saving now replaces what the other program wrote. "
                                              "Reloading shows its version and drops your "
                                              "unsaved changes."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Reload"), RESPONSE_RELOAD, _("Save _As…"), RESPONSE_SAVE_AS,
                          _("_Keep Mine"), RESPONSE_KEEP_MINE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_SAVE_AS);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                RESPONSE_KEEP_MINE),
                            "destructive-action");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (changed_response), confirm);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_pw_window_save_then (PwWindow       *self,
           ThenFunc        then,
           gpointer        data,
           GDestroyNotify  destroy)
{
  GFile *file = pw_document_get_file (self->document);

  if (file == NULL)
    {
      _pw_window_save_as_then (self, then, data, destroy);
      return;
    }
  /* never overwrite what another program wrote without asking */
  if (pw_document_file_changed (self->document))
    {
      ask_file_changed (self, then, data, destroy);
      return;
    }
  if (save_to (self, NULL) && then != NULL)
    then (self, data);
  if (destroy != NULL)
    destroy (data);
}

static PwDocument *
load_file (GFile   *file,
           GError **error)
{
  g_autofree char *basename = g_file_get_basename (file);

  /* a plain-text collection opens as a new, unsaved set, in the first
   * kind whose text form reads it */
  if (g_str_has_suffix (basename, ".txt"))
    {
      g_autofree char *contents = NULL;
      g_autofree char *title = g_strndup (basename, strlen (basename) - 4);
      const PwKind * const *kinds;
      guint n_kinds;
      GError *first_error = NULL;

      if (!g_file_load_contents (file, NULL, &contents, NULL, NULL, error))
        return NULL;
      kinds = pw_kinds_list (&n_kinds);
      for (guint i = 0; i < n_kinds; i++)
        {
          g_autoptr(PwLevelSet) set = pw_level_set_new ();

          if (kinds[i]->from_text == NULL ||
              !pw_import_text (set, kinds[i]->id, contents, basename,
                               first_error == NULL ? &first_error : NULL))
            continue;
          g_clear_error (&first_error);
          pw_level_set_set_title (set, title);
          return pw_document_new (set, NULL);
        }
      if (first_error != NULL)
        g_propagate_error (error, first_error);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: no kind of level reads this text"), basename);
      return NULL;
    }
  return pw_document_load (file, NULL, error);
}

static void
open_now (PwWindow *self,
          gpointer  data)
{
  GFile *file = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = load_file (file, &error);

  if (document == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *primary = g_strdup_printf (_("“%s” could not be opened"), name);

      _pw_window_show_error (self, primary, error->message);
      return;
    }
  pw_window_set_document (self, document);
}

void
pw_window_open_file (PwWindow *self,
                     GFile    *file)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  _pw_window_confirm_discard (self, open_now, g_object_ref (file), g_object_unref);
}

typedef void (*FileChosen) (PwWindow *self,
                            GFile    *file);

/* a function pointer cannot travel as object data by itself */
typedef struct
{
  FileChosen fn;
} FileChosenBox;

/* A native file chooser, modal over the window, that calls @chosen with
 * the file when the user accepts. */
static void
file_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       PwWindow        *self)
{
  FileChosenBox *chosen = g_object_get_data (G_OBJECT (chooser), "chosen");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      chosen->fn (self, file);
    }
  g_object_unref (chooser);
}

GtkFileChooser *
_pw_window_file_chooser_new (PwWindow             *self,
                  const char           *title,
                  GtkFileChooserAction  action,
                  const char           *accept,
                  FileChosen            chosen)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                               accept, _("_Cancel"));
  FileChosenBox *box = g_new (FileChosenBox, 1);

  box->fn = chosen;
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "chosen", box, g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chooser_response), self);
  return GTK_FILE_CHOOSER (chooser);
}

static void
open_chosen (PwWindow *self,
             GFile    *file)
{
  open_now (self, file);
}

/* File choosers start in the folder of the set on screen. */
void
_pw_window_chooser_in_set_folder (PwWindow       *self,
                                  GtkFileChooser *chooser)
{
  GFile *file = self->document != NULL ? pw_document_get_file (self->document) : NULL;
  g_autoptr(GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;

  if (folder != NULL)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

void
_pw_window_choose_file_to_open (PwWindow *self,
                     gpointer  data)
{
  GtkFileChooser *chooser = _pw_window_file_chooser_new (self, _("Open Level Set"),
                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                              open_chosen);
  g_autoptr(GtkFileFilter) filter = json_filter ();
  g_autoptr(GtkFileFilter) text = gtk_file_filter_new ();

  gtk_file_filter_set_name (text, _("Plain-text level collections (*.txt)"));
  gtk_file_filter_add_pattern (text, "*.txt");
  gtk_file_chooser_add_filter (chooser, filter);
  gtk_file_chooser_add_filter (chooser, text);
  _pw_window_chooser_in_set_folder (self, chooser);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
_pw_window_new_now (PwWindow *self,
         gpointer  data)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(PwLevel) level = NULL;

  kinds = pw_kinds_list (&n_kinds);
  level = pw_level_new (kinds[0]);
  pw_level_set_name (level, _("Level 1"));
  pw_level_set_set_title (set, _("Untitled Level Set"));
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  pw_window_set_document (self, document);
}

/* ------------------------------------------------------------------ */
/* CSV export                                                           */

typedef struct
{
  GPtrArray        *levels;     /* PwLevel copies */
  GPtrArray        *analyses;   /* PwAnalysis or NULL, from the cache */
  GFile            *file;
  PwAnalyseOptions  options;
  PwWindow         *window;
} Export;

static void
analysis_unref0 (gpointer analysis)
{
  if (analysis != NULL)
    pw_analysis_unref (analysis);
}

static void
export_free (Export *export)
{
  g_ptr_array_unref (export->levels);
  g_ptr_array_unref (export->analyses);
  g_object_unref (export->file);
  g_object_unref (export->window);
  g_free (export);
}

typedef struct
{
  PwWindow *window;
  guint     done;
  guint     total;
} ExportProgress;

static gboolean
export_progress_idle (gpointer data)
{
  ExportProgress *p = data;
  g_autofree char *text = g_strdup_printf (_("Exporting: %u of %u levels analysed"),
                                           p->done, p->total);

  if (p->window->export_cancellable != NULL)
    {
      gtk_label_set_text (p->window->export_label, text);
      gtk_progress_bar_set_fraction (p->window->export_progress, (double) p->done / MAX (p->total, 1));
    }
  g_object_unref (p->window);
  g_free (p);
  return G_SOURCE_REMOVE;
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Export *export = data;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autofree char *csv = NULL;
  GError *error = NULL;

  for (guint i = 0; i < export->levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (export->levels, i);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) level_error = NULL;

      if (g_ptr_array_index (export->analyses, i) != NULL)
        analysis = pw_analysis_ref (g_ptr_array_index (export->analyses, i));
      else if (pw_level_get_kind (level) != NULL)
        analysis = pw_level_analyse (level, &export->options, NULL, NULL, cancellable,
                                     &level_error);
      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, level, analysis,
                                                level_error ? level_error->message : NULL));
      {
        ExportProgress *p = g_new (ExportProgress, 1);

        p->window = g_object_ref (export->window);
        p->done = i + 1;
        p->total = export->levels->len;
        g_idle_add_full (G_PRIORITY_DEFAULT, export_progress_idle, p, NULL);
      }
    }

  csv = pw_report_to_csv (rows, FALSE);
  if (!pw_file_replace_atomic (export->file, csv, strlen (csv), FALSE, cancellable, &error))
    {
      g_autofree char *name = g_file_get_parse_name (export->file);

      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_prefix_error (&error, "%s: ", name);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The revealer says where the CSV file went, until closed. */
static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  PwWindow *self = PW_WINDOW (source);
  GFile *file = g_task_get_task_data (G_TASK (result)) != NULL
                ? ((Export *) g_task_get_task_data (G_TASK (result)))->file : NULL;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->export_cancellable);
  _pw_window_update_actions (self);
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *where = g_file_get_parse_name (file);
      /* Translators: the CSV export is done; %s is the file's path */
      g_autofree char *text = g_strdup_printf (_("Exported to %s"), where);

      gtk_label_set_text (self->export_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->export_progress), FALSE);
      gtk_widget_set_visible (self->export_cancel, FALSE);
      gtk_widget_set_visible (self->export_close, TRUE);
      return;
    }
  gtk_revealer_set_reveal_child (self->export_revealer, FALSE);
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _pw_window_show_error (self, _("The CSV file could not be written"), error->message);
}

void
_pw_window_export_cancel_clicked (PwWindow *self)
{
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
}

void
_pw_window_export_close_clicked (PwWindow *self)
{
  gtk_revealer_set_reveal_child (self->export_revealer, FALSE);
}

void
pw_window_export_csv (PwWindow *self,
                      GFile    *file)
{
  g_autoptr(GTask) task = NULL;
  Export *export;

  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->document == NULL || self->export_cancellable != NULL)
    return;
  export = g_new0 (Export, 1);

  export->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  export->analyses = g_ptr_array_new_with_free_func (analysis_unref0);
  for (guint i = 0; i < pw_document_get_n_levels (self->document); i++)
    {
      PwLevel *level = pw_document_get_level (self->document, i);
      PwAnalysis *cached = pw_scheduler_lookup (self->scheduler, level);

      g_ptr_array_add (export->levels, pw_level_copy (level));
      g_ptr_array_add (export->analyses, cached ? pw_analysis_ref (cached) : NULL);
    }
  export->file = g_object_ref (file);
  export->window = g_object_ref (self);
  pw_analyse_options_init (&export->options);
  export->options.max_bytes = _pw_window_memory_budget (self);

  self->export_cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->export_progress, 0);
  gtk_label_set_text (self->export_label, _("Exporting…"));
  gtk_widget_set_visible (GTK_WIDGET (self->export_progress), TRUE);
  gtk_widget_set_visible (self->export_cancel, TRUE);
  gtk_widget_set_visible (self->export_close, FALSE);
  gtk_revealer_set_reveal_child (self->export_revealer, TRUE);
  _pw_window_update_actions (self);

  task = g_task_new (self, self->export_cancellable, export_done, NULL);
  g_task_set_task_data (task, export, (GDestroyNotify) export_free);
  g_task_run_in_thread (task, export_thread);
}

