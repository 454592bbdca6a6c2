/* pw-generate-dialog.c — a kind's generator at work, its levels added to
 * the set as they are found
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-generate-dialog"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pw-generate-dialog.h"

/* A generation is shared by the dialog, the running search and every
 * event on its way to the main loop; the last of them frees it. */
typedef struct
{
  PwDocument       *document;     /* a reference */
  const PwKind     *kind;
  GHashTable       *params;
  guint64           seed;
  guint64           max_bytes;    /* a candidate's memory budget, 0: none */
  guint             wanted;
  gint              found;        /* atomic */
  guint64           tried;        /* main thread only, from progress events:
                                   * for display */
  GCancellable     *cancellable;
  PwGenerateDialog *dialog;       /* main thread only; NULL once closed */
  gboolean          running;
  /* why the generator stopped with an error (main thread only): the
   * status line keeps saying it when the last levels' events arrive
   * after the error */
  char             *stopped;
} Generation;

typedef struct
{
  Generation *g;
  gpointer    data;       /* the kind's level, or NULL for progress */
  double      difficulty;
  guint64     tried;      /* progress: candidates tried so far */
} GenerationEvent;

struct _PwGenerateDialog
{
  GtkWindow       parent_instance;

  GtkGrid        *grid;
  GtkSpinButton  *count_spin;
  GtkSpinButton  *seed_spin;
  GtkProgressBar *progress_bar;
  GtkLabel       *status_label;
  GtkWidget      *start_button;

  GHashTable     *entries;        /* parameter name -> GtkEntry */
  Generation     *generation;
};

G_DEFINE_FINAL_TYPE (PwGenerateDialog, pw_generate_dialog, GTK_TYPE_WINDOW)

static void
generation_clear (gpointer data)
{
  Generation *g = data;

  g_object_unref (g->document);
  g_hash_table_unref (g->params);
  g_clear_object (&g->cancellable);
  g_free (g->stopped);
}

static void
generation_unref (Generation *g)
{
  g_atomic_rc_box_release_full (g, generation_clear);
}

static void
generation_update (Generation *g)
{
  g_autofree char *tried = pw_format_count (g->tried);
  g_autofree char *text =
    /* Translators: the generator's progress: levels found of those asked for, candidates tried */
    g_strdup_printf (_("%d of %u levels found, %s candidates tried"),
                     g_atomic_int_get (&g->found), g->wanted, tried);

  if (g->dialog == NULL)
    return;
  gtk_label_set_text (g->dialog->status_label, g->stopped != NULL ? g->stopped : text);
  gtk_progress_bar_set_fraction (g->dialog->progress_bar,
                                 (double) g_atomic_int_get (&g->found) / MAX (g->wanted, 1));
}

/* On the main loop: a level found goes into the set, one step of undo. */
static gboolean
generation_event (gpointer data)
{
  GenerationEvent *event = data;
  Generation *g = event->g;

  if (event->data != NULL)
    {
      g_autoptr(PwLevel) level = _pw_level_new_take_data (g->kind, event->data);
      guint n = pw_document_get_n_levels (g->document);
      g_autofree char *name = g_strdup_printf (_("Generated %u"), n + 1);
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, g->seed);
      /* a generator that grades its levels some other way gives NaN */
      g_autofree char *notes = isnan (event->difficulty)
        ? g_strdup_printf (_("Generated with seed %s"), seed)
        : g_strdup_printf (_("Generated with seed %s; difficulty %.2f"), seed, event->difficulty);

      pw_level_set_name (level, name);
      pw_level_set_notes (level, notes);
      pw_document_insert_level (g->document, n, level, _("Generate Level"));
    }
  else
    g->tried = event->tried;
  generation_update (g);
  generation_unref (g);
  g_free (event);
  return G_SOURCE_REMOVE;
}

static gboolean
generation_found (gpointer data,
                  double   difficulty,
                  gpointer user_data)
{
  Generation *g = user_data;
  GenerationEvent *event = g_new0 (GenerationEvent, 1);
  int found = g_atomic_int_add (&g->found, 1) + 1;

  event->g = g_atomic_rc_box_acquire (g);
  event->data = data;
  event->difficulty = difficulty;
  g_idle_add (generation_event, event);
  return (guint) found < g->wanted;
}

static void
generation_progress (guint64  tried,
                     guint    found,
                     gpointer user_data)
{
  Generation *g = user_data;
  GenerationEvent *event;

  /* on the generator's thread: the count travels in the event, not
   * through g->tried, which the main thread reads */
  if (tried % 8 != 0)
    return;
  event = g_new0 (GenerationEvent, 1);
  event->g = g_atomic_rc_box_acquire (g);
  event->tried = tried;
  g_idle_add (generation_event, event);
}

static void
generation_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  Generation *g = data;
  GError *error = NULL;

  if (!pw_generate (g->kind, g->params, g->seed, g->max_bytes, generation_found,
                    generation_progress, g, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
generation_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Generation *g = data;
  g_autoptr(GError) error = NULL;

  g->running = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_free (g->stopped);
      g->stopped = g_strdup (error->message);
      if (g->dialog != NULL)
        {
          gtk_label_set_text (g->dialog->status_label, error->message);
          gtk_widget_set_sensitive (g->dialog->start_button, TRUE);
        }
    }
  else if (g->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (g->dialog));
  generation_unref (g);  /* the search's reference */
}

void
pw_generate_dialog_start (PwGenerateDialog *self)
{
  Generation *g;
  g_autoptr(GTask) task = NULL;
  GHashTableIter iter;
  gpointer name, entry;

  g_return_if_fail (PW_IS_GENERATE_DIALOG (self));

  g = self->generation;
  if (g->running)
    return;
  g_hash_table_remove_all (g->params);
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &name, &entry))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

      if (*text != '\0')
        g_hash_table_insert (g->params, g_strdup (name), g_strdup (text));
    }
  g->wanted = gtk_spin_button_get_value_as_int (self->count_spin);
  g->seed = gtk_spin_button_get_value_as_int (self->seed_spin);
  g_atomic_int_set (&g->found, 0);
  g->tried = 0;
  g_clear_pointer (&g->stopped, g_free);
  g->running = TRUE;
  gtk_widget_set_sensitive (self->start_button, FALSE);
  gtk_label_set_text (self->status_label, _("Generating…"));

  g_clear_object (&g->cancellable);
  g->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, g->cancellable, generation_done, g_atomic_rc_box_acquire (g));
  g_task_set_task_data (task, g, NULL);
  g_task_run_in_thread (task, generation_thread);
}

gboolean
pw_generate_dialog_set_param (PwGenerateDialog *self,
                              const char       *name,
                              const char       *value)
{
  GtkEditable *entry;

  g_return_val_if_fail (PW_IS_GENERATE_DIALOG (self), FALSE);

  entry = g_hash_table_lookup (self->entries, name);
  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (entry, value);
  return TRUE;
}

const char *
pw_generate_dialog_get_status (PwGenerateDialog *self)
{
  g_return_val_if_fail (PW_IS_GENERATE_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}

void
pw_generate_dialog_set_count (PwGenerateDialog *self,
                              guint             count)
{
  g_return_if_fail (PW_IS_GENERATE_DIALOG (self));
  gtk_spin_button_set_value (self->count_spin, count);
}

static void
pw_generate_dialog_dispose (GObject *object)
{
  PwGenerateDialog *self = PW_GENERATE_DIALOG (object);

  if (self->generation != NULL)
    {
      /* closing the dialog stops the search; the levels found stay */
      self->generation->dialog = NULL;
      if (self->generation->running)
        g_cancellable_cancel (self->generation->cancellable);
      g_clear_pointer (&self->generation, generation_unref);
    }
  g_clear_pointer (&self->entries, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_GENERATE_DIALOG);
  G_OBJECT_CLASS (pw_generate_dialog_parent_class)->dispose (object);
}

static void
pw_generate_dialog_class_init (PwGenerateDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_generate_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-generate-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, PwGenerateDialog, start_button);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, pw_generate_dialog_start);
}

static void
pw_generate_dialog_init (PwGenerateDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->entries = g_hash_table_new (g_str_hash, g_str_equal);
}

PwGenerateDialog *
pw_generate_dialog_new (GtkWindow    *parent,
                        PwDocument   *document,
                        const PwKind *kind)
{
  PwGenerateDialog *self;
  Generation *g;
  g_autofree char *title = NULL;

  g_return_val_if_fail (PW_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (kind != NULL && kind->generate != NULL, NULL);

  self = g_object_new (PW_TYPE_GENERATE_DIALOG, "transient-for", parent, NULL);
  title = g_strdup_printf (_("Generate %s Levels"), _(kind->name));
  gtk_window_set_title (GTK_WINDOW (self), title);

  /* the kind's parameters, above the count and the seed */
  for (guint n = kind->n_generate_params; n > 0; n--)
    {
      const PwGenerateParam *param = &kind->generate_params[n - 1];
      GtkWidget *label = gtk_label_new (param->name);
      GtkWidget *entry = gtk_entry_new ();
      /* what the field means and its default, in view beside it whether
       * or not it is filled */
      GtkWidget *description = gtk_label_new (_(param->description));
      g_autofree char *tip = g_strdup_printf ("%s=%s: %s", param->name, _(param->value),
                                              _(param->description));

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      /* the placeholder gives the value's form: N, F, WxH, … */
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _(param->value));
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 12);
      gtk_widget_set_tooltip_text (entry, tip);
      gtk_label_set_wrap (GTK_LABEL (description), TRUE);
      gtk_label_set_width_chars (GTK_LABEL (description), 36);
      gtk_label_set_max_width_chars (GTK_LABEL (description), 48);
      gtk_label_set_xalign (GTK_LABEL (description), 0);
      gtk_widget_set_hexpand (description, TRUE);
      gtk_widget_add_css_class (description, "dim-label");
      gtk_grid_insert_row (self->grid, 0);
      gtk_grid_attach (self->grid, label, 0, 0, 1, 1);
      gtk_grid_attach (self->grid, entry, 1, 0, 1, 1);
      gtk_grid_attach (self->grid, description, 2, 0, 1, 1);
      g_hash_table_insert (self->entries, (gpointer) param->name, entry);
    }

  g = g_atomic_rc_box_new0 (Generation);
  g->document = g_object_ref (document);
  g->kind = kind;
  g->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g->dialog = self;
  self->generation = g;
  return self;
}

void
pw_generate_dialog_set_memory_budget (PwGenerateDialog *self,
                                      guint64           max_bytes)
{
  g_return_if_fail (PW_IS_GENERATE_DIALOG (self));

  self->generation->max_bytes = max_bytes;
}
