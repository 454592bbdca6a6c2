/* pw-level-panel.c — the selected level's designer notes and playtests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-level-panel"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pw-level-panel.h"

#define NOTES_PAUSE_MS 700

struct _PwLevelPanel
{
  GtkWidget    parent_instance;

  GtkTextView *notes_view;
  GtkLabel    *summary_label;
  GtkButton   *add_button;
  GtkListBox  *playtest_list;

  PwLevel     *level;
  guint        notes_timeout;
  gboolean     loading;     /* filling the view: no signal */
};

G_DEFINE_FINAL_TYPE (PwLevelPanel, pw_level_panel, GTK_TYPE_WIDGET)

enum
{
  NOTES_CHANGED,
  PLAYTESTS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
notes_text (PwLevelPanel *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
pw_level_panel_flush (PwLevelPanel *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (PW_IS_LEVEL_PANEL (self));

  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  if (self->level == NULL)
    return;
  text = notes_text (self);
  if (g_strcmp0 (text, pw_level_get_notes (self->level) ? pw_level_get_notes (self->level) : "") != 0)
    g_signal_emit (self, signals[NOTES_CHANGED], 0, text);
}

static gboolean
notes_pause (gpointer data)
{
  PwLevelPanel *self = data;

  self->notes_timeout = 0;
  pw_level_panel_flush (self);
  return G_SOURCE_REMOVE;
}

static void
notes_buffer_changed (PwLevelPanel *self)
{
  if (self->loading)
    return;
  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  self->notes_timeout = g_timeout_add (NOTES_PAUSE_MS, notes_pause, self);
}

static GPtrArray *
copy_playtests (PwLevel *level)
{
  GPtrArray *playtests = pw_level_get_playtests (level);
  GPtrArray *copy = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_playtest_free);

  for (guint i = 0; i < playtests->len; i++)
    g_ptr_array_add (copy, pw_playtest_copy (g_ptr_array_index (playtests, i)));
  return copy;
}

static char *
format_seconds (double seconds)
{
  int s = (int) lround (seconds);

  if (seconds < 0)
    return g_strdup ("—");
  return g_strdup_printf ("%d:%02d", s / 60, s % 60);
}

/* ------------------------------------------------------------------ */
/* The playtest editor: a small modal window                           */

typedef struct
{
  PwLevelPanel   *panel;
  int             index;    /* -1: a new playtest */
  GtkWindow      *window;
  GtkEntry       *tester;
  GtkEntry       *date;
  GtkCheckButton *rated;
  GtkSpinButton  *rating;
  GtkSpinButton  *minutes;
  GtkSpinButton  *seconds;
  GtkCheckButton *timed;
  GtkCheckButton *completed;
  GtkEntry       *note;
} Editor;

static void
editor_save (Editor *editor)
{
  PwLevelPanel *self = editor->panel;
  g_autoptr(GPtrArray) playtests = NULL;
  PwPlaytest *playtest;

  if (self->level == NULL)
    return;
  playtests = copy_playtests (self->level);
  if (editor->index < 0 || (guint) editor->index >= playtests->len)
    {
      playtest = pw_playtest_new ();
      g_ptr_array_add (playtests, playtest);
    }
  else
    playtest = g_ptr_array_index (playtests, editor->index);

  g_free (playtest->tester);
  playtest->tester = g_strdup (gtk_editable_get_text (GTK_EDITABLE (editor->tester)));
  g_free (playtest->date);
  playtest->date = *gtk_editable_get_text (GTK_EDITABLE (editor->date))
                   ? g_strdup (gtk_editable_get_text (GTK_EDITABLE (editor->date))) : NULL;
  playtest->rating = gtk_check_button_get_active (editor->rated)
                     ? gtk_spin_button_get_value_as_int (editor->rating) : PW_RATING_NONE;
  playtest->seconds = gtk_check_button_get_active (editor->timed)
                      ? gtk_spin_button_get_value (editor->minutes) * 60 +
                        gtk_spin_button_get_value (editor->seconds)
                      : -1;
  playtest->completed = gtk_check_button_get_active (editor->completed);
  g_free (playtest->note);
  playtest->note = g_strdup (gtk_editable_get_text (GTK_EDITABLE (editor->note)));

  g_signal_emit (self, signals[PLAYTESTS_CHANGED], 0, playtests,
                 editor->index < 0 ? _("Add Playtest") : _("Edit Playtest"));
}

static void
editor_response (GtkWidget *button,
                 Editor    *editor)
{
  if (g_object_get_data (G_OBJECT (button), "save") != NULL)
    editor_save (editor);
  gtk_window_destroy (editor->window);
}

static void
editor_rated_toggled (Editor *editor)
{
  gtk_widget_set_sensitive (GTK_WIDGET (editor->rating),
                            gtk_check_button_get_active (editor->rated));
}

/* A date is empty or YYYY-MM-DD; Save waits for a valid one. */
static void
editor_date_changed (Editor *editor)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (editor->date));
  gboolean valid = *text == '\0' || pw_playtest_date_valid (text);
  GtkWidget *save = gtk_window_get_default_widget (editor->window);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (editor->date), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (editor->date), "error");
  if (save != NULL)
    gtk_widget_set_sensitive (save, valid);
}

static void
editor_timed_toggled (Editor *editor)
{
  gboolean timed = gtk_check_button_get_active (editor->timed);

  gtk_widget_set_sensitive (GTK_WIDGET (editor->minutes), timed);
  gtk_widget_set_sensitive (GTK_WIDGET (editor->seconds), timed);
}

static GtkWidget *
grid_label (const char *text,
            GtkWidget  *mnemonic)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), mnemonic);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
edit_playtest (PwLevelPanel *self,
               int           index)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const PwPlaytest *existing = NULL;
  Editor *editor = g_new0 (Editor, 1);
  GtkWidget *grid, *box, *cancel, *save, *time_box, *rating_box, *headerbar;

  if (index >= 0)
    existing = g_ptr_array_index (pw_level_get_playtests (self->level), index);

  editor->panel = self;
  editor->index = index;
  editor->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (editor->window, index < 0 ? _("Add Playtest") : _("Edit Playtest"));
  gtk_window_set_modal (editor->window, TRUE);
  gtk_window_set_resizable (editor->window, FALSE);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (editor->window, GTK_WINDOW (root));
  g_object_set_data_full (G_OBJECT (editor->window), "editor", editor, g_free);

  editor->tester = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (editor->tester, TRUE);
  editor->date = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (editor->date, TRUE);
  /* Translators: placeholder of the playtest's date; keep the form */
  gtk_entry_set_placeholder_text (editor->date, _("YYYY-MM-DD"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (editor->date),
                               _("The day of the playtest, written YYYY-MM-DD; may be left empty"));
  editor->rated = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("R_ated")));
  /* Translators: the rating scale: 0 = could not finish, 1 easiest … 7 hardest */
  editor->rating = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, PW_RATING_MAX, 1));
  gtk_widget_set_tooltip_text (GTK_WIDGET (editor->rating),
                               _("1 (very easy) to 7 (very hard); 0 when the tester could not finish"));
  editor->timed = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Timed")));
  editor->minutes = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 9999, 1));
  editor->seconds = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 59, 1));
  editor->completed = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Completed")));
  editor->note = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (editor->note, TRUE);

  if (existing != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (editor->tester), existing->tester ? existing->tester : "");
      gtk_editable_set_text (GTK_EDITABLE (editor->date), existing->date ? existing->date : "");
      gtk_check_button_set_active (editor->rated, existing->rating != PW_RATING_NONE);
      gtk_spin_button_set_value (editor->rating,
                                 existing->rating != PW_RATING_NONE ? existing->rating : 4);
      gtk_check_button_set_active (editor->timed, existing->seconds >= 0);
      if (existing->seconds >= 0)
        {
          int s = (int) lround (existing->seconds);

          gtk_spin_button_set_value (editor->minutes, s / 60);
          gtk_spin_button_set_value (editor->seconds, s % 60);
        }
      gtk_check_button_set_active (editor->completed, existing->completed);
      gtk_editable_set_text (GTK_EDITABLE (editor->note), existing->note ? existing->note : "");
    }
  else
    {
      g_autofree char *today = pw_playtest_date_today ();

      gtk_editable_set_text (GTK_EDITABLE (editor->date), today);
      gtk_check_button_set_active (editor->rated, TRUE);
      gtk_spin_button_set_value (editor->rating, 4);
      gtk_check_button_set_active (editor->timed, TRUE);
      gtk_check_button_set_active (editor->completed, TRUE);
    }
  g_signal_connect_swapped (editor->timed, "toggled", G_CALLBACK (editor_timed_toggled), editor);
  editor_timed_toggled (editor);
  g_signal_connect_swapped (editor->rated, "toggled", G_CALLBACK (editor_rated_toggled), editor);
  editor_rated_toggled (editor);

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_attach (GTK_GRID (grid), grid_label (_("_Tester"), GTK_WIDGET (editor->tester)), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (editor->tester), 1, 0, 1, 1);
  rating_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (rating_box), GTK_WIDGET (editor->rated));
  gtk_box_append (GTK_BOX (rating_box), GTK_WIDGET (editor->rating));
  gtk_grid_attach (GTK_GRID (grid), grid_label (_("_Rating (0–7)"), GTK_WIDGET (editor->rating)), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), rating_box, 1, 1, 1, 1);
  time_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (time_box), GTK_WIDGET (editor->timed));
  gtk_box_append (GTK_BOX (time_box), GTK_WIDGET (editor->minutes));
  gtk_box_append (GTK_BOX (time_box), gtk_label_new (_("min")));
  gtk_box_append (GTK_BOX (time_box), GTK_WIDGET (editor->seconds));
  gtk_box_append (GTK_BOX (time_box), gtk_label_new (_("s")));
  gtk_grid_attach (GTK_GRID (grid), grid_label (_("Solve time"), GTK_WIDGET (editor->minutes)), 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), time_box, 1, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (editor->completed), 1, 3, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), grid_label (_("_Note"), GTK_WIDGET (editor->note)), 0, 4, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (editor->note), 1, 4, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), grid_label (_("_Date"), GTK_WIDGET (editor->date)), 0, 5, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (editor->date), 1, 5, 1, 1);

  headerbar = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (headerbar), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  save = gtk_button_new_with_mnemonic (index < 0 ? _("_Add") : _("_Save"));
  gtk_widget_add_css_class (save, "suggested-action");
  g_object_set_data (G_OBJECT (save), "save", GINT_TO_POINTER (1));
  g_signal_connect (cancel, "clicked", G_CALLBACK (editor_response), editor);
  g_signal_connect (save, "clicked", G_CALLBACK (editor_response), editor);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (headerbar), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (headerbar), save);
  gtk_window_set_titlebar (editor->window, headerbar);
  gtk_window_set_default_widget (editor->window, save);
  g_signal_connect_swapped (editor->date, "changed", G_CALLBACK (editor_date_changed), editor);
  editor_date_changed (editor);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_window_set_child (editor->window, box);
  gtk_window_present (editor->window);
}

static void
add_clicked (PwLevelPanel *self)
{
  if (self->level != NULL)
    edit_playtest (self, -1);
}

static void
row_edit_clicked (GtkButton    *button,
                  PwLevelPanel *self)
{
  edit_playtest (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index")));
}

static void
row_delete_clicked (GtkButton    *button,
                    PwLevelPanel *self)
{
  g_autoptr(GPtrArray) playtests = copy_playtests (self->level);
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (index >= playtests->len)
    return;
  g_ptr_array_remove_index (playtests, index);
  g_signal_emit (self, signals[PLAYTESTS_CHANGED], 0, playtests, _("Delete Playtest"));
}

static GtkWidget *
playtest_row (PwLevelPanel     *self,
              const PwPlaytest *playtest,
              guint             index)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *text, *edit, *remove;
  g_autofree char *time = format_seconds (playtest->seconds);
  g_autofree char *rating = playtest->rating == PW_RATING_NONE
                            /* Translators: a playtest without a rating, in the playtest list */
                            ? g_strdup (_("not rated"))
                            : playtest->rating == 0
                            /* Translators: rating 0 in the playtest list */
                            ? g_strdup (_("could not finish"))
                            : g_strdup_printf (_("rated %d"), playtest->rating);
  g_autofree char *date = playtest->date != NULL ? g_strdup_printf ("%s ", playtest->date)
                                                 : g_strdup ("");
  g_autofree char *moves = playtest->moves >= 0
                           ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, ", %d move",
                                                           ", %d moves", playtest->moves),
                                              playtest->moves)
                           : g_strdup ("");
  g_autofree char *hints = playtest->hints_used > 0
                           ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, ", %d hint",
                                                           ", %d hints", playtest->hints_used),
                                              playtest->hints_used)
                           : g_strdup ("");
  g_autofree char *line = g_strdup_printf ("%s%s — %s, %s%s%s%s%s%s", date,
                                           playtest->tester && *playtest->tester
                                           ? playtest->tester : _("Anonymous"),
                                           rating, time, moves, hints,
                                           playtest->completed ? "" : _(", not completed"),
                                           playtest->note && *playtest->note ? " — " : "",
                                           playtest->note ? playtest->note : "");

  text = gtk_label_new (line);
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_widget_set_hexpand (text, TRUE);
  edit = gtk_button_new_from_icon_name ("document-edit-symbolic");
  gtk_widget_set_tooltip_text (edit, _("Edit Playtest"));
  gtk_widget_add_css_class (edit, "flat");
  g_object_set_data (G_OBJECT (edit), "index", GUINT_TO_POINTER (index));
  g_signal_connect (edit, "clicked", G_CALLBACK (row_edit_clicked), self);
  remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (remove, _("Delete Playtest"));
  gtk_widget_add_css_class (remove, "flat");
  g_object_set_data (G_OBJECT (remove), "index", GUINT_TO_POINTER (index));
  g_signal_connect (remove, "clicked", G_CALLBACK (row_delete_clicked), self);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), edit);
  gtk_box_append (GTK_BOX (box), remove);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 4);
  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  return box;
}

void
pw_level_panel_set_level (PwLevelPanel *self,
                          PwLevel      *level)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->notes_view);
  g_autofree char *current = NULL;
  GtkWidget *child;
  GPtrArray *playtests;
  guint count;
  double mean, median;

  g_return_if_fail (PW_IS_LEVEL_PANEL (self));

  /* notes typed for the previous level go to that level first */
  if (self->level != NULL && level != NULL &&
      g_strcmp0 (pw_level_get_id (self->level), pw_level_get_id (level)) != 0)
    pw_level_panel_flush (self);

  if (level != NULL)
    pw_level_ref (level);
  g_clear_pointer (&self->level, pw_level_unref);
  self->level = level;
  gtk_widget_set_sensitive (GTK_WIDGET (self), level != NULL);
  if (level == NULL)
    return;

  /* leave the text alone when it already says this (the designer may be
   * typing: the cursor must not jump) */
  current = notes_text (self);
  if (g_strcmp0 (current, pw_level_get_notes (level) ? pw_level_get_notes (level) : "") != 0 &&
      self->notes_timeout == 0)
    {
      self->loading = TRUE;
      gtk_text_buffer_set_text (buffer, pw_level_get_notes (level) ? pw_level_get_notes (level) : "", -1);
      self->loading = FALSE;
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->playtest_list))) != NULL)
    gtk_list_box_remove (self->playtest_list, child);
  playtests = pw_level_get_playtests (level);
  for (guint i = 0; i < playtests->len; i++)
    gtk_list_box_append (self->playtest_list,
                         playtest_row (self, g_ptr_array_index (playtests, i), i));

  pw_level_playtest_summary (level, &count, &mean, &median);
  if (count == 0)
    gtk_label_set_text (self->summary_label, "");
  else if (isnan (mean))
    {
      g_autofree char *time = format_seconds (isnan (median) ? -1 : median);
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%u playtest, not rated, median time %s",
                                      "%u playtests, none rated, median time %s", count),
                         count, time);

      gtk_label_set_text (self->summary_label, text);
    }
  else
    {
      g_autofree char *time = format_seconds (isnan (median) ? -1 : median);
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%u playtest, mean rating %.1f, median time %s",
                                      "%u playtests, mean rating %.1f, median time %s", count),
                         count, isnan (mean) ? 0.0 : mean, time);

      gtk_label_set_text (self->summary_label, text);
    }
}

static void
pw_level_panel_dispose (GObject *object)
{
  PwLevelPanel *self = PW_LEVEL_PANEL (object);
  GtkWidget *child;

  g_clear_handle_id (&self->notes_timeout, g_source_remove);
  g_clear_pointer (&self->level, pw_level_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_LEVEL_PANEL);
  /* the template's unnamed box, which dispose_template leaves */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (pw_level_panel_parent_class)->dispose (object);
}

static void
pw_level_panel_class_init (PwLevelPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_level_panel_dispose;

  signals[NOTES_CHANGED] = g_signal_new ("notes-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[PLAYTESTS_CHANGED] = g_signal_new ("playtests-changed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 2, G_TYPE_PTR_ARRAY, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-level-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PwLevelPanel, notes_view);
  gtk_widget_class_bind_template_child (widget_class, PwLevelPanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, PwLevelPanel, add_button);
  gtk_widget_class_bind_template_child (widget_class, PwLevelPanel, playtest_list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pw_level_panel_init (PwLevelPanel *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->notes_view), "changed",
                            G_CALLBACK (notes_buffer_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (pw_level_panel_flush), self);
  gtk_widget_add_controller (GTK_WIDGET (self->notes_view), focus);
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (add_clicked), self);
}
