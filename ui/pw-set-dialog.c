/* pw-set-dialog.c — the level set's title, author and notes
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-set-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-set-dialog.h"

struct _PwSetDialog
{
  GtkWindow    parent_instance;

  GtkEntry    *title_entry;
  GtkEntry    *author_entry;
  GtkTextView *notes_view;

  PwDocument  *document;
};

G_DEFINE_FINAL_TYPE (PwSetDialog, pw_set_dialog, GTK_TYPE_WINDOW)

static const char *
or_empty (const char *text)
{
  return text != NULL ? text : "";
}

static void
apply_clicked (PwSetDialog *self)
{
  PwLevelSet *set = pw_document_get_set (self->document);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  const char *title = gtk_editable_get_text (GTK_EDITABLE (self->title_entry));
  const char *author = gtk_editable_get_text (GTK_EDITABLE (self->author_entry));
  g_autofree char *notes = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  notes = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  pw_document_begin_group (self->document, _("Level Set Properties"));
  if (g_strcmp0 (title, pw_level_set_get_title (set)) != 0)
    pw_document_set_info (self->document, PW_SET_TITLE, title, _("Level Set Properties"));
  if (g_strcmp0 (author, pw_level_set_get_author (set)) != 0)
    pw_document_set_info (self->document, PW_SET_AUTHOR, author, _("Level Set Properties"));
  if (g_strcmp0 (notes, or_empty (pw_level_set_get_notes (set))) != 0)
    pw_document_set_info (self->document, PW_SET_NOTES, notes, _("Level Set Properties"));
  pw_document_end_group (self->document);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
pw_set_dialog_dispose (GObject *object)
{
  PwSetDialog *self = PW_SET_DIALOG (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_SET_DIALOG);
  G_OBJECT_CLASS (pw_set_dialog_parent_class)->dispose (object);
}

static void
pw_set_dialog_class_init (PwSetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_set_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-set-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PwSetDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, PwSetDialog, author_entry);
  gtk_widget_class_bind_template_child (widget_class, PwSetDialog, notes_view);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
}

static void
pw_set_dialog_init (PwSetDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PwSetDialog *
pw_set_dialog_new (GtkWindow  *parent,
                   PwDocument *document)
{
  PwSetDialog *self;
  PwLevelSet *set;

  g_return_val_if_fail (PW_IS_DOCUMENT (document), NULL);

  self = g_object_new (PW_TYPE_SET_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  set = pw_document_get_set (document);
  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), or_empty (pw_level_set_get_title (set)));
  gtk_editable_set_text (GTK_EDITABLE (self->author_entry),
                         or_empty (pw_level_set_get_author (set)));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->notes_view),
                            or_empty (pw_level_set_get_notes (set)), -1);
  return self;
}
