/* pw-text-dialog.c — a level edited in its plain-text form
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-text-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-text-dialog.h"

struct _PwTextDialog
{
  GtkWindow    parent_instance;

  GtkTextView *text_view;
  GtkLabel    *message_label;

  PwDocument  *document;
  PwLevel     *level;       /* as it was when the dialog opened */
  guint        index;
};

G_DEFINE_FINAL_TYPE (PwTextDialog, pw_text_dialog, GTK_TYPE_WINDOW)

static void
apply_clicked (PwTextDialog *self)
{
  const PwKind *kind = pw_level_get_kind (self->level);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gpointer data;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  data = kind->from_text (text, &error);
  if (data == NULL)
    {
      /* the dialog stays, with the problem named, so nothing typed is lost */
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
      return;
    }
  /* the level is still there, where it was */
  if (self->index < pw_document_get_n_levels (self->document) &&
      pw_document_get_level (self->document, self->index) == self->level &&
      !kind->equal (data, pw_level_get_data (self->level)))
    {
      g_autoptr(PwLevel) changed = pw_level_with_data (self->level, data);

      pw_document_replace_level (self->document, self->index, changed, _("Edit as Text"));
    }
  else
    kind->free (data);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
pw_text_dialog_dispose (GObject *object)
{
  PwTextDialog *self = PW_TEXT_DIALOG (object);

  g_clear_object (&self->document);
  g_clear_pointer (&self->level, pw_level_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_TEXT_DIALOG);
  G_OBJECT_CLASS (pw_text_dialog_parent_class)->dispose (object);
}

static void
pw_text_dialog_class_init (PwTextDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_text_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-text-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PwTextDialog, text_view);
  gtk_widget_class_bind_template_child (widget_class, PwTextDialog, message_label);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
}

static void
pw_text_dialog_init (PwTextDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PwTextDialog *
pw_text_dialog_new (GtkWindow  *parent,
                    PwDocument *document,
                    guint       index)
{
  PwTextDialog *self;
  PwLevel *level;
  const PwKind *kind;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (PW_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (index < pw_document_get_n_levels (document), NULL);

  level = pw_document_get_level (document, index);
  kind = pw_level_get_kind (level);
  g_return_val_if_fail (kind != NULL && kind->to_text != NULL && kind->from_text != NULL, NULL);

  self = g_object_new (PW_TYPE_TEXT_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  self->level = pw_level_ref (level);
  self->index = index;
  title = g_strdup_printf (_("Edit “%s” as Text"), pw_level_get_name (level));
  gtk_window_set_title (GTK_WINDOW (self), title);
  text = kind->to_text (pw_level_get_data (level));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->text_view));
  return self;
}
