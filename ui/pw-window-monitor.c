/* pw-window-monitor.c — the open file watched: a banner the moment
 * another program changes, replaces, moves or deletes it
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The question at Save (pw-window-files.c) stays: the banner only says it
 * sooner. Reload reads the file again, asking first when there are
 * unsaved edits; Keep Mine hides the banner and keeps the edits (the
 * question comes again at Save). The window's own saves change the file
 * too: the document then records the new file, pw_document_file_changed
 * says FALSE and no banner shows.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-window-private.h"

static void
hide_banner (PwWindow *self)
{
  gtk_revealer_set_reveal_child (self->file_revealer, FALSE);
}

/* Looks at the file again: changed by another program, gone, or as the
 * document last saw it. */
static void
update_banner (PwWindow *self)
{
  GFile *file = self->document != NULL ? pw_document_get_file (self->document) : NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  gboolean gone;

  if (file == NULL)
    {
      hide_banner (self);
      return;
    }
  gone = !g_file_query_exists (file, NULL);
  if (!gone && !pw_document_file_changed (self->document))
    {
      hide_banner (self);
      return;
    }
  name = g_file_get_basename (file);
  if (gone)
    /* Translators: %s is the level set's file name */
    text = g_strdup_printf (_("“%s” was deleted or moved by another program. Your levels "
                              "are still here: save them to keep them."), name);
  else
    /* Translators: %s is the level set's file name */
    text = g_strdup_printf (_("“%s” was changed by another program."), name);
  gtk_label_set_text (self->file_label, text);
  gtk_widget_set_visible (self->file_reload, !gone);
  gtk_revealer_set_reveal_child (self->file_revealer, TRUE);
}

static void
file_changed (GFileMonitor      *monitor,
              GFile             *file,
              GFile             *other,
              GFileMonitorEvent  event,
              PwWindow          *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
      return;
    default:
      update_banner (self);
    }
}

void
_pw_window_watch_file (PwWindow *self)
{
  GFile *file = self->document != NULL ? pw_document_get_file (self->document) : NULL;
  g_autoptr(GError) error = NULL;

  _pw_window_unwatch_file (self);
  hide_banner (self);
  if (file == NULL)
    return;
  self->file_monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->file_monitor == NULL)
    {
      /* not every file system can be watched: the question at Save stays */
      g_debug ("the file cannot be watched: %s", error->message);
      return;
    }
  g_signal_connect_object (self->file_monitor, "changed", G_CALLBACK (file_changed), self, 0);
}

void
_pw_window_unwatch_file (PwWindow *self)
{
  if (self->file_monitor == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->file_monitor, self);
  g_file_monitor_cancel (self->file_monitor);
  g_clear_object (&self->file_monitor);
}

static void
reload_response (GtkDialog *dialog,
                 int        response,
                 PwWindow  *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    _pw_window_reload (self);
}

void
_pw_window_file_reload_clicked (PwWindow *self)
{
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  if (self->document == NULL || pw_document_get_file (self->document) == NULL)
    return;
  if (!pw_document_get_modified (self->document))
    {
      _pw_window_reload (self);
      return;
    }
  name = g_file_get_basename (pw_document_get_file (self->document));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Reload “%s”?"), name);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Your unsaved changes will be lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Reload"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_ACCEPT),
                            "destructive-action");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect_object (dialog, "response", G_CALLBACK (reload_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_pw_window_file_keep_clicked (PwWindow *self)
{
  hide_banner (self);
}

const char *
pw_window_get_file_banner (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->file_revealer))
    return NULL;
  return gtk_label_get_text (self->file_label);
}
