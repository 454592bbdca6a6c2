/* pw-window-playtest.c — play mode records playtests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An attempt starts when play mode is entered (or restarted); its clock
 * starts with the first move and stops when the level is won, or when
 * the player leaves play mode or the level with moves made (abandoned);
 * the play bar shows it running (mm:ss) and, once stopped, the seconds
 * recorded.
 * Then the window asks for a rating from 0 to 7 and a note, either of
 * which may be skipped, and records a playtest on the level: the tester
 * (the tester-name setting, else the user's name), today's date, the
 * seconds, whether it was completed, the moves and the hints asked for.
 * A win the solution player reached is not the player's: it is recorded
 * as not completed.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <glib/gi18n.h>

#include "puzzlewright.h"
#include "pw-window-private.h"

/* ---- the play bar's clock: mm:ss of the attempt ---- */

/* Whole seconds: while the attempt runs, since its first move; once it
 * ended, of the time recorded on its playtest. */
static void
clock_show (PwWindow *self)
{
  guint64 seconds = 0;
  g_autofree char *text = NULL;

  if (self->attempt_seconds >= 0)
    seconds = (guint64) self->attempt_seconds;
  else if (self->attempt_started != 0)
    seconds = (guint64) (g_get_monotonic_time () - self->attempt_started) / G_USEC_PER_SEC;
  text = g_strdup_printf ("%02u:%02u", (guint) (seconds / 60), (guint) (seconds % 60));
  gtk_label_set_text (self->clock_label, text);
}

static gboolean
clock_tick (gpointer data)
{
  clock_show (data);
  return G_SOURCE_CONTINUE;
}

void
_pw_window_clock_stop (PwWindow *self)
{
  g_clear_handle_id (&self->clock_source, g_source_remove);
}

const char *
pw_window_get_clock_text (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->clock_label);
}

/* ---- an attempt ---- */

void
_pw_window_attempt_begin (PwWindow *self)
{
  PwLevel *level = _pw_window_current_level (self);

  g_free (self->attempt_level);
  self->attempt_level = level != NULL ? g_strdup (pw_level_get_id (level)) : NULL;
  self->attempt_open = level != NULL;
  self->attempt_started = 0;
  self->attempt_seconds = -1;
  self->attempt_hints = 0;
  self->attempt_helped = FALSE;
  _pw_window_clock_stop (self);
  clock_show (self);
}

void
_pw_window_attempt_moved (PwWindow *self)
{
  int moves;

  if (!self->attempt_open || self->attempt_started != 0)
    return;
  moves = pw_board_get_n_moves (self->board);
  /* boards that count no moves start the clock at their first change */
  if (moves != 0)
    {
      self->attempt_started = g_get_monotonic_time ();
      /* four ticks a second: the shown second turns within a quarter of
       * a second of the real one */
      self->clock_source = g_timeout_add_full (G_PRIORITY_DEFAULT, 250, clock_tick, self, NULL);
      g_source_set_name_by_id (self->clock_source, "[pw] play clock");
      clock_show (self);
    }
}

void
_pw_window_attempt_hint (PwWindow *self)
{
  if (self->attempt_open)
    self->attempt_hints++;
}

void
_pw_window_attempt_helped (PwWindow *self)
{
  if (self->attempt_open)
    self->attempt_helped = TRUE;
}

/* ---- the question after an attempt ---- */

typedef struct
{
  PwWindow       *window;      /* weak */
  PwDocument     *document;    /* the document played in */
  char           *level_id;
  PwPlaytest     *playtest;
  GtkWindow      *dialog;
  GtkEntry       *tester;
  GtkSpinButton  *rating;
  GtkEntry       *note;
} Question;

static void
question_free (Question *question)
{
  g_clear_weak_pointer (&question->window);
  g_clear_object (&question->document);
  g_free (question->level_id);
  pw_playtest_free (question->playtest);
  g_free (question);
}

static char *
tester_name (PwWindow *self)
{
  g_autofree char *name = self->settings != NULL ? g_settings_get_string (self->settings,
                                                                          "tester-name")
                                                 : g_strdup (self->tester_name);

  if (name != NULL && *name)
    return g_steal_pointer (&name);
  return g_strdup (g_get_real_name () != NULL && g_strcmp0 (g_get_real_name (), "Unknown") != 0
                   ? g_get_real_name () : g_get_user_name ());
}

/* The playtest goes on the level it was played on, found by its id
 * wherever it now stands in the document, as one step of undo. */
static void
question_record (Question *question,
                 gboolean  answered)
{
  PwWindow *self = question->window;
  PwPlaytest *playtest = question->playtest;

  if (playtest == NULL)
    return;
  g_free (playtest->tester);
  playtest->tester = g_strdup (gtk_editable_get_text (GTK_EDITABLE (question->tester)));
  if (answered)
    {
      playtest->rating = gtk_spin_button_get_value_as_int (question->rating);
      g_free (playtest->note);
      playtest->note = g_strdup (gtk_editable_get_text (GTK_EDITABLE (question->note)));
    }
  if (self != NULL)
    {
      g_autofree char *usual = tester_name (self);

      /* a name typed here is the name next time (in this window when
       * there are no settings) */
      if (!g_str_equal (usual, playtest->tester))
        {
          if (self->settings != NULL)
            g_settings_set_string (self->settings, "tester-name", playtest->tester);
          g_free (self->tester_name);
          self->tester_name = g_strdup (playtest->tester);
        }
    }

  for (guint i = 0; i < pw_document_get_n_levels (question->document); i++)
    {
      PwLevel *level = pw_document_get_level (question->document, i);

      if (g_str_equal (pw_level_get_id (level), question->level_id))
        {
          g_autoptr(PwLevel) copy = pw_level_copy (level);

          g_ptr_array_add (pw_level_get_playtests (copy), g_steal_pointer (&question->playtest));
          pw_document_replace_level (question->document, i, copy, _("Record Playtest"));
          break;
        }
    }
}

static gboolean
question_closed (Question *question)
{
  question_record (question, FALSE);
  return FALSE;
}

static void
question_save (Question *question)
{
  question_record (question, TRUE);
  gtk_window_destroy (question->dialog);
}

static void
question_skip (Question *question)
{
  question_record (question, FALSE);
  gtk_window_destroy (question->dialog);
}

static char *
format_time (double seconds)
{
  guint whole = (guint) (seconds + 0.5);

  return g_strdup_printf ("%u:%02u", whole / 60, whole % 60);
}

static void
ask (PwWindow   *self,
     PwLevel    *level,
     PwPlaytest *playtest)
{
  Question *question = g_new0 (Question, 1);
  g_autofree char *time = format_time (playtest->seconds);
  g_autofree char *tester = tester_name (self);
  g_autofree char *summary = NULL;
  g_autofree char *moves = NULL;
  GtkWidget *grid, *box, *label, *headerbar, *skip, *save;

  g_set_weak_pointer (&question->window, self);
  question->document = g_object_ref (self->document);
  question->level_id = g_strdup (pw_level_get_id (level));
  question->playtest = playtest;

  moves = playtest->moves >= 0
          ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d move", "%d moves", playtest->moves),
                             playtest->moves)
          : g_strdup ("");
  if (playtest->completed)
    /* Translators: after a level is solved in play mode: time, then "12 moves" (or nothing) */
    summary = g_strdup_printf (_("“%s” solved in %s. %s"), pw_level_get_name (level), time, moves);
  else
    /* Translators: after a level is left unsolved in play mode */
    summary = g_strdup_printf (_("“%s” left after %s. %s"), pw_level_get_name (level), time,
                               moves);

  question->dialog = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (question->dialog, _("Playtest"));
  gtk_window_set_transient_for (question->dialog, GTK_WINDOW (self));
  gtk_window_set_modal (question->dialog, TRUE);
  gtk_window_set_destroy_with_parent (question->dialog, TRUE);
  gtk_window_set_resizable (question->dialog, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (question->dialog), "pw-playtest-question");
  g_object_set_data_full (G_OBJECT (question->dialog), "pw-question", question,
                          (GDestroyNotify) question_free);

  question->tester = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (question->tester), tester);
  question->rating = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, PW_RATING_MAX, 1));
  gtk_spin_button_set_value (question->rating, playtest->completed ? 4 : 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (question->rating),
                               _("1 (very easy) to 7 (very hard); 0 when the tester could not finish"));
  question->note = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (question->note, TRUE);

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  label = gtk_label_new_with_mnemonic (_("_Tester"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (question->tester));
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (question->tester), 1, 0, 1, 1);
  label = gtk_label_new_with_mnemonic (_("_Rating (0–7)"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (question->rating));
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (question->rating), 1, 1, 1, 1);
  label = gtk_label_new_with_mnemonic (_("_Note"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (question->note));
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (question->note), 1, 2, 1, 1);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  label = gtk_label_new (summary);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  label = gtk_label_new (_("How hard was it? The rating and the note may be skipped: the time "
                           "is recorded either way."));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_window_set_child (question->dialog, box);

  headerbar = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (headerbar), FALSE);
  skip = gtk_button_new_with_mnemonic (_("S_kip"));
  gtk_widget_set_name (skip, "skip");
  save = gtk_button_new_with_mnemonic (_("_Save"));
  gtk_widget_set_name (save, "save");
  gtk_widget_add_css_class (save, "suggested-action");
  g_signal_connect_swapped (skip, "clicked", G_CALLBACK (question_skip), question);
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (question_save), question);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (headerbar), skip);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (headerbar), save);
  gtk_window_set_titlebar (question->dialog, headerbar);
  gtk_window_set_default_widget (question->dialog, save);
  /* closing the question skips it */
  g_signal_connect_swapped (question->dialog, "close-request", G_CALLBACK (question_closed),
                            question);
  gtk_window_present (question->dialog);
}

static PwLevel *
find_level (PwDocument *document,
            const char *id)
{
  for (guint i = 0; document != NULL && i < pw_document_get_n_levels (document); i++)
    if (g_str_equal (pw_level_get_id (pw_document_get_level (document, i)), id))
      return pw_document_get_level (document, i);
  return NULL;
}

/* The attempt ends: asked about, then recorded, when a move was made. */
static void
attempt_finish (PwWindow *self,
                gboolean  completed)
{
  PwPlaytest *playtest;
  PwLevel *level;

  if (!self->attempt_open)
    return;
  self->attempt_open = FALSE;
  /* the clock stops at the time recorded */
  _pw_window_clock_stop (self);
  if (self->attempt_started != 0)
    {
      /* tenths of a second are enough for people */
      self->attempt_seconds = (double) ((g_get_monotonic_time () - self->attempt_started) / 100000)
                              / 10;
      clock_show (self);
    }
  level = find_level (self->document, self->attempt_level);
  if (self->attempt_started == 0 || level == NULL)
    return;
  playtest = pw_playtest_new ();
  playtest->date = pw_playtest_date_today ();
  playtest->seconds = self->attempt_seconds;
  playtest->completed = completed && !self->attempt_helped;
  playtest->moves = pw_board_get_n_moves (self->board);
  playtest->hints_used = (int) self->attempt_hints;
  ask (self, level, playtest);
}

void
_pw_window_attempt_won (PwWindow *self)
{
  /* a win reported before the move that made it */
  _pw_window_attempt_moved (self);
  attempt_finish (self, TRUE);
}

void
_pw_window_attempt_abandon (PwWindow *self)
{
  attempt_finish (self, FALSE);
}
