/* pw-window.c — the editor's main window: a shell composing the widgets
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window knows no kind. Left, the level list (pw-level-list.c);
 * centre, the board of the level's kind (ui/kinds/kind-boards.c: the grid
 * board by default) under the play bar, and the level's notes and
 * playtests (pw-level-panel.c); right, the figures (pw-analysis-panel.c)
 * and the state graph (pw-graph-view.c). It keeps them in step with the
 * document (PwDocument: every change goes through it, so it can be
 * undone) and the scheduler (PwScheduler: live analysis); the actions are
 * in pw-window-actions.c.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-grid-board.h"
#include "pw-window-private.h"

#define ANALYSIS_DELAY_MS    150
#define PROGRESS_INTERVAL_MS 100
#define AUTOSAVE_MS          30000

G_DEFINE_FINAL_TYPE (PwWindow, pw_window, GTK_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_RECOVERY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { FILE_USED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void refresh_current (PwWindow *self);

/* ------------------------------------------------------------------ */
/* Small helpers                                                        */

PwLevel *
_pw_window_current_level (PwWindow *self)
{
  if (self->document == NULL || self->current >= pw_document_get_n_levels (self->document))
    return NULL;
  return pw_document_get_level (self->document, self->current);
}

void
_pw_window_show_error (PwWindow   *self,
                       const char *primary,
                       const char *secondary)
{
  GtkWidget *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_pw_window_replace_level (PwWindow   *self,
                          PwLevel    *level,
                          const char *label)
{
  if (level != NULL && self->current != G_MAXUINT)
    pw_document_replace_level (self->document, self->current, level, label);
}

/* The document's file is in use (opened, saved): the application keeps
 * it among the recent ones. */
void
_pw_window_note_file (PwWindow *self)
{
  g_autofree char *path = NULL;

  if (self->document == NULL || pw_document_get_file (self->document) == NULL)
    return;
  path = g_file_get_path (pw_document_get_file (self->document));
  if (path != NULL)
    g_signal_emit (self, signals[FILE_USED], 0, path);
}

void
_pw_window_update_title (PwWindow *self)
{
  PwLevelSet *set;
  GFile *file;
  const char *title;
  g_autofree char *shown = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *where = NULL;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->title_label, _("Puzzlewright"));
      gtk_label_set_text (self->subtitle_label, "");
      gtk_window_set_title (GTK_WINDOW (self), _("Puzzlewright"));
      return;
    }
  set = pw_document_get_set (self->document);
  file = pw_document_get_file (self->document);
  title = pw_level_set_get_title (set);
  if (title == NULL || *title == '\0')
    title = _("Untitled Level Set");
  /* an unsaved marker, as text editors show it */
  shown = pw_document_get_modified (self->document) ? g_strdup_printf ("• %s", title)
                                                    : g_strdup (title);
  gtk_label_set_text (self->title_label, shown);
  if (file != NULL)
    where = g_file_get_parse_name (file);
  gtk_label_set_text (self->subtitle_label, where != NULL ? where : _("Not saved yet"));
  window_title = g_strdup_printf ("%s — %s", shown, _("Puzzlewright"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* ------------------------------------------------------------------ */
/* The board                                                            */

static void
board_edited (PwWindow   *self,
              PwLevel    *level,
              const char *label,
              PwBoard    *board)
{
  if (board == self->board)
    _pw_window_replace_level (self, level, label);
}

static void
board_edit_begin (PwWindow   *self,
                  const char *label,
                  PwBoard    *board)
{
  if (board == self->board && self->document != NULL)
    pw_document_begin_group (self->document, label);
}

static void
board_edit_end (PwWindow *self,
                PwBoard  *board)
{
  if (board == self->board && self->document != NULL)
    pw_document_end_group (self->document);
}

static void
board_play_status (PwWindow   *self,
                   const char *text,
                   int         state,
                   PwBoard    *board)
{
  if (board != self->board)
    return;
  pw_analysis_panel_set_play_message (self->analysis_panel, text, state);
  if (state == 1)
    {
      if (self->stepping || self->solution_timeout != 0)
        _pw_window_attempt_helped (self);
      _pw_window_attempt_won (self);
    }
}

static void
board_play_changed (PwWindow *self,
                    PwBoard  *board)
{
  if (board != self->board)
    return;
  /* a move of the player's own stops the solution playing */
  if (!self->stepping && self->solution_timeout != 0)
    _pw_window_stop_solution (self);
  if (!self->stepping)
    _pw_window_attempt_moved (self);
  _pw_window_update_play (self);
}

/* The board of @level's kind, made the first time it is needed and kept
 * in the stack for the next level of that kind. */
static PwBoard *
board_for (PwWindow *self,
           PwLevel  *level)
{
  GType type = pw_board_type_for_level (level);
  const char *name = g_type_name (type);
  GtkWidget *board = gtk_stack_get_child_by_name (self->board_stack, name);

  if (board != NULL)
    return PW_BOARD (board);
  g_return_val_if_fail (g_type_is_a (type, PW_TYPE_BOARD), NULL);
  board = g_object_new (type, NULL);
  g_signal_connect_object (board, "edited", G_CALLBACK (board_edited), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "edit-begin", G_CALLBACK (board_edit_begin), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "edit-end", G_CALLBACK (board_edit_end), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "play-status", G_CALLBACK (board_play_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (board, "play-changed", G_CALLBACK (board_play_changed), self,
                           G_CONNECT_SWAPPED);
  gtk_stack_add_named (self->board_stack, board, name);
  return PW_BOARD (board);
}

static void
show_board (PwWindow *self,
            PwBoard  *board)
{
  if (board == self->board)
    return;
  if (self->board != NULL)
    pw_board_set_level (self->board, NULL, NULL);
  self->board = board;
  gtk_stack_set_visible_child (self->board_stack, GTK_WIDGET (board));
  /* its tools and zoom, for the menus and shortcuts */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", pw_board_get_actions (board));
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

void
_pw_window_update_play (PwWindow *self)
{
  g_autofree char *tooltip = NULL;
  g_autofree char *moves = NULL;
  PwPlay *play;

  moves = pw_board_get_moves_text (self->board, &tooltip);
  gtk_label_set_text (self->moves_label, moves != NULL ? moves : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->moves_label), tooltip);
  play = pw_board_get_play (self->board);
  pw_graph_view_set_current (self->graph_view, play != NULL ? pw_play_get_state (play)
                                                            : PW_NO_STATE);
  gtk_widget_set_visible (self->play_bar, pw_board_get_playing (self->board));
  _pw_window_update_actions (self);
}

void
_pw_window_stop_solution (PwWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "solution-play");

  g_clear_handle_id (&self->solution_timeout, g_source_remove);
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (FALSE));
}

void
_pw_window_leave_play (PwWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "play");

  _pw_window_stop_solution (self);
  _pw_window_attempt_abandon (self);
  pw_board_stop_play (self->board);
  pw_analysis_panel_set_play_message (self->analysis_panel, NULL, 0);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (FALSE));
  _pw_window_update_play (self);
}

gboolean
_pw_window_enter_play (PwWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "play");
  g_autoptr(GError) error = NULL;

  if (_pw_window_current_level (self) == NULL)
    return FALSE;
  if (!pw_board_start_play (self->board, &error))
    {
      _pw_window_show_error (self, _("This level cannot be played"), error->message);
      return FALSE;
    }
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (TRUE));
  _pw_window_attempt_begin (self);
  _pw_window_update_play (self);
  return TRUE;
}

static void
graph_state_activated (PwWindow *self,
                       guint     state)
{
  if (!pw_board_get_playing (self->board) && !_pw_window_enter_play (self))
    return;
  _pw_window_stop_solution (self);
  pw_board_goto_state (self->board, state);
}

/* ------------------------------------------------------------------ */
/* The level on screen                                                  */

static void
set_analysis (PwWindow   *self,
              PwAnalysis *analysis)
{
  pw_analysis_replace (&self->analysis, analysis);
  pw_analysis_panel_set_analysis (self->analysis_panel, analysis);
  pw_graph_view_set_analysis (self->graph_view, analysis);
  pw_board_set_analysis (self->board, analysis);
}

static void
refresh_current (PwWindow *self)
{
  PwLevel *level = _pw_window_current_level (self);
  g_autoptr(GPtrArray) problems = NULL;
  PwAnalysis *cached = NULL;

  if (level != NULL && pw_level_get_kind (level) != NULL)
    problems = pw_level_validate (level);
  show_board (self, board_for (self, level));
  pw_board_set_level (self->board, level, problems);
  pw_level_panel_set_level (self->level_panel, level);

  if (level == NULL)
    {
      g_clear_pointer (&self->shown, pw_level_unref);
      pw_analysis_panel_set_level (self->analysis_panel, NULL, NULL);
      set_analysis (self, NULL);
      _pw_window_update_play (self);
      return;
    }

  /* keep the figures while the same content is on screen (a rename, a
   * note): only a new content needs a new analysis */
  if (self->shown != NULL && pw_level_same_content (self->shown, level))
    {
      pw_board_set_analysis (self->board, self->analysis);
      _pw_window_update_play (self);
      return;
    }
  g_clear_pointer (&self->shown, pw_level_unref);
  self->shown = pw_level_ref (level);

  pw_analysis_panel_set_level (self->analysis_panel, level, problems);
  if (problems != NULL && problems->len == 0)
    cached = pw_scheduler_lookup (self->scheduler, level);
  set_analysis (self, cached);
  if (problems != NULL && problems->len == 0)
    pw_scheduler_focus (self->scheduler, level);
  _pw_window_update_play (self);
}

/* Another level on screen, or the set changed around it. */
static void
current_changed (PwWindow *self)
{
  PwLevel *level;

  self->current = pw_level_list_get_current (self->level_list);
  pw_chart_view_set_current (self->chart_view, self->current);
  level = _pw_window_current_level (self);
  if (level != self->on_screen && pw_board_get_playing (self->board))
    _pw_window_leave_play (self);
  g_clear_pointer (&self->on_screen, pw_level_unref);
  self->on_screen = level != NULL ? pw_level_ref (level) : NULL;
  refresh_current (self);
}

static void
level_changed (PwWindow *self,
               guint     index)
{
  if (index != self->current)
    return;
  g_clear_pointer (&self->on_screen, pw_level_unref);
  self->on_screen = pw_level_ref (_pw_window_current_level (self));
  refresh_current (self);
}

void
pw_window_select_level (PwWindow *self,
                        guint     index)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  pw_level_list_select (self->level_list, index);
}

/* The figures panel points at cells (an entry's dead cells): the board
 * marks them. */
static void
cells_selected (PwWindow  *self,
                const int *cells,
                guint      n_cells)
{
  pw_board_show_cells (self->board, cells, n_cells);
}

static void
notes_changed (PwWindow   *self,
               const char *notes)
{
  PwLevel *level = _pw_window_current_level (self);
  g_autoptr(PwLevel) changed = NULL;

  if (level == NULL)
    return;
  changed = pw_level_copy (level);
  pw_level_set_notes (changed, notes);
  _pw_window_replace_level (self, changed, _("Edit Notes"));
}

static void
playtests_changed (PwWindow   *self,
                   GPtrArray  *playtests,
                   const char *label)
{
  PwLevel *level = _pw_window_current_level (self);
  g_autoptr(PwLevel) changed = NULL;
  GPtrArray *list;

  if (level == NULL)
    return;
  changed = pw_level_copy (level);
  list = pw_level_get_playtests (changed);
  g_ptr_array_set_size (list, 0);
  for (guint i = 0; i < playtests->len; i++)
    g_ptr_array_add (list, pw_playtest_copy (g_ptr_array_index (playtests, i)));
  _pw_window_replace_level (self, changed, label);
}

/* ------------------------------------------------------------------ */
/* Scheduler                                                            */

static void
analysed (PwWindow   *self,
          PwLevel    *level,
          PwAnalysis *analysis,
          gboolean    focus)
{
  PwLevel *on_screen = _pw_window_current_level (self);

  if (on_screen != NULL && pw_level_same_content (on_screen, level) && analysis != self->analysis)
    set_analysis (self, analysis);
}

/* The quick figures of the level on screen, while its whole analysis
 * runs: in the panel and on the board (a kind's dead cells, say). */
static void
first_look (PwWindow   *self,
            PwLevel    *level,
            PwAnalysis *analysis)
{
  PwLevel *on_screen = _pw_window_current_level (self);

  if (self->analysis == NULL && on_screen != NULL && pw_level_same_content (on_screen, level))
    {
      pw_analysis_panel_set_first_look (self->analysis_panel, analysis);
      pw_board_set_analysis (self->board, analysis);
    }
}

static void
failed (PwWindow *self,
        PwLevel  *level,
        GError   *error,
        gboolean  focus)
{
  PwLevel *on_screen = _pw_window_current_level (self);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (focus && on_screen != NULL && pw_level_same_content (on_screen, level))
    pw_analysis_panel_set_error (self->analysis_panel, error->message);
}

static void
progress (PwWindow *self,
          guint64   explored)
{
  if (self->analysis == NULL)
    pw_analysis_panel_set_progress (self->analysis_panel, explored);
}

/* ------------------------------------------------------------------ */
/* Documents                                                            */

static void
document_notify (PwWindow *self)
{
  _pw_window_update_title (self);
  _pw_window_update_actions (self);
}

static void
disconnect_document (PwWindow *self)
{
  if (self->document == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->recovery != NULL)
    pw_recovery_forget (self->recovery, self->document);
  g_clear_object (&self->document);
}

static void
set_document (PwWindow   *self,
              PwDocument *document)
{
  if (pw_board_get_playing (self->board))
    _pw_window_leave_play (self);
  disconnect_document (self);
  self->document = document != NULL ? g_object_ref (document) : NULL;
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "levels-changed",
                                G_CALLBACK (_pw_window_update_actions), self);
      g_signal_connect_swapped (document, "level-changed", G_CALLBACK (level_changed), self);
      g_signal_connect_swapped (document, "info-changed", G_CALLBACK (document_notify), self);
      g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (document_notify), self);
      g_signal_connect_swapped (document, "notify::can-undo", G_CALLBACK (document_notify), self);
      g_signal_connect_swapped (document, "notify::can-redo", G_CALLBACK (document_notify), self);
      if (self->recovery != NULL)
        pw_recovery_watch (self->recovery, document, AUTOSAVE_MS);
    }

  self->current = G_MAXUINT;
  set_analysis (self, NULL);
  g_clear_pointer (&self->shown, pw_level_unref);
  pw_level_list_set_document (self->level_list, document);
  pw_chart_view_set_document (self->chart_view, document, self->scheduler);
  gtk_stack_set_visible_child_name (self->main_stack, document != NULL ? "editor" : "message");
  _pw_window_update_title (self);
  _pw_window_update_actions (self);
  _pw_window_watch_file (self);
}

void
pw_window_set_document (PwWindow   *self,
                        PwDocument *document)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (PW_IS_DOCUMENT (document));

  set_document (self, document);
  _pw_window_note_file (self);
}

void
pw_window_show_open_error (PwWindow   *self,
                           GFile      *file,
                           const char *message)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_parse_name (file);
  title = g_strdup_printf (_("“%s” could not be opened"), name);
  set_document (self, NULL);
  gtk_label_set_text (self->message_title, title);
  gtk_label_set_text (self->message_text, message);
}

const char *
pw_window_get_message (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "message") != 0)
    return NULL;
  return gtk_label_get_text (self->message_text);
}

PwDocument *
pw_window_get_document (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return self->document;
}

guint
pw_window_get_current (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), G_MAXUINT);
  return self->current;
}

/* ------------------------------------------------------------------ */
/* Settings                                                             */

/* The recent sets, newest first, as they stand in the settings; ones
 * that are gone are left out. */
static void
update_recent (PwWindow *self)
{
  g_auto(GStrv) recent = self->settings != NULL ? g_settings_get_strv (self->settings,
                                                                       "recent-sets") : NULL;

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; recent != NULL && recent[i] != NULL; i++)
    {
      g_autofree char *name = g_filename_display_basename (recent[i]);
      g_autoptr(GMenuItem) item = NULL;

      if (!g_file_test (recent[i], G_FILE_TEST_IS_REGULAR))
        continue;
      item = g_menu_item_new (name, NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (recent[i]));
      g_menu_append_item (self->recent_menu, item);
    }
  if (g_menu_model_get_n_items (G_MENU_MODEL (self->recent_menu)) == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No recent level sets"), "win.none");

      g_menu_append_item (self->recent_menu, item);
    }
}

/* The divider where it was last left, else two fifths of the window (the
 * list's figures need the room); set at the paned's first size, as a
 * position set before would be scaled with the sizes the window passes
 * through on its way to the screen. */
static void
first_divider (PwWindow *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self->outer_paned));
  int saved = self->settings != NULL ? g_settings_get_int (self->settings, "level-list-width") : 0;

  if (width <= 0)
    return;
  g_clear_signal_handler (&self->divider_handler, self->outer_paned);
  gtk_paned_set_position (self->outer_paned, saved > 0 ? saved : MAX (500, width * 2 / 5));
}

/* The analysis-memory-mib setting in bytes (0 there: no limit). */
guint64
_pw_window_memory_budget (PwWindow *self)
{
  guint mib;

  /* no settings (tests): the library's default */
  if (self->settings == NULL)
    return 0;
  mib = g_settings_get_uint (self->settings, "analysis-memory-mib");
  return mib == 0 ? G_MAXUINT64 : (guint64) mib << 20;
}

static void
update_memory_budget (PwWindow *self)
{
  pw_scheduler_set_max_bytes (self->scheduler, _pw_window_memory_budget (self));
}

/* The size, the divider and the recent sets as they were last; the
 * analyses' memory budget, now and when it changes. */
static void
apply_settings (PwWindow *self)
{
  int width, height;

  update_recent (self);
  self->divider_handler = g_signal_connect_swapped (self->outer_paned, "notify::max-position",
                                                    G_CALLBACK (first_divider), self);
  if (self->settings == NULL)
    return;
  g_signal_connect_object (self->settings, "changed::recent-sets", G_CALLBACK (update_recent),
                           self, G_CONNECT_SWAPPED);
  update_memory_budget (self);
  g_signal_connect_object (self->settings, "changed::analysis-memory-mib",
                           G_CALLBACK (update_memory_budget), self, G_CONNECT_SWAPPED);
  g_settings_get (self->settings, "window-size", "(ii)", &width, &height);
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
destroy_now (PwWindow *self,
             gpointer  data)
{
  /* saved or discarded: nothing left to recover */
  disconnect_document (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
close_request_handler (GtkWindow *window)
{
  PwWindow *self = PW_WINDOW (window);

  if (self->settings != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set (self->settings, "window-size", "(ii)", width, height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_set_int (self->settings, "level-list-width",
                          gtk_paned_get_position (self->outer_paned));
    }
  if (self->document != NULL && pw_document_get_modified (self->document))
    {
      _pw_window_confirm_discard (self, destroy_now, NULL, NULL);
      return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */

static void
pw_window_constructed (GObject *object)
{
  PwWindow *self = PW_WINDOW (object);

  G_OBJECT_CLASS (pw_window_parent_class)->constructed (object);
  apply_settings (self);
}

static void
pw_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PwWindow *self = PW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;
    case PROP_RECOVERY:
      g_set_object (&self->recovery, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_window_dispose (GObject *object)
{
  PwWindow *self = PW_WINDOW (object);

  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  /* a window closing asks nothing */
  self->attempt_open = FALSE;
  g_clear_pointer (&self->attempt_level, g_free);
  _pw_window_clock_stop (self);
  g_clear_pointer (&self->tester_name, g_free);
  g_clear_handle_id (&self->solution_timeout, g_source_remove);
  _pw_window_unwatch_file (self);
  disconnect_document (self);
  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_clear_object (&self->scheduler);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->shown, pw_level_unref);
  g_clear_pointer (&self->on_screen, pw_level_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->recovery);
  G_OBJECT_CLASS (pw_window_parent_class)->dispose (object);
}

static void
pw_window_class_init (PwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = pw_window_constructed;
  object_class->set_property = pw_window_set_property;
  object_class->dispose = pw_window_dispose;
  window_class->close_request = close_request_handler;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECOVERY] =
    g_param_spec_object ("recovery", NULL, NULL, PW_TYPE_RECOVERY,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FILE_USED] = g_signal_new ("file-used", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (PW_TYPE_ANALYSIS_PANEL);
  g_type_ensure (PW_TYPE_CHART_VIEW);
  g_type_ensure (PW_TYPE_GRAPH_VIEW);
  g_type_ensure (PW_TYPE_LEVEL_LIST);
  g_type_ensure (PW_TYPE_LEVEL_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PwWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, message_title);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, message_text);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, level_list);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, play_bar);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, moves_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, clock_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, board_stack);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, level_panel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, analysis_panel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, graph_view);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, chart_view);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_revealer);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, file_revealer);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, file_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, file_reload);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_progress);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_cancel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_close);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, recent_menu);
  gtk_widget_class_bind_template_callback_full (widget_class, "export_cancel_clicked",
                                                G_CALLBACK (_pw_window_export_cancel_clicked));
  gtk_widget_class_bind_template_callback_full (widget_class, "export_close_clicked",
                                                G_CALLBACK (_pw_window_export_close_clicked));

  /* keys that belong to the level list */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "win.level-move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "win.level-move-down", NULL);
}

static void
pw_window_init (PwWindow *self)
{
  PwAnalyseOptions options;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->current = G_MAXUINT;
  self->attempt_seconds = -1;
  _pw_window_add_actions (self);

  pw_analyse_options_init (&options);
  self->scheduler = pw_scheduler_new (&options, ANALYSIS_DELAY_MS, PROGRESS_INTERVAL_MS);
  g_signal_connect_swapped (self->scheduler, "analysed", G_CALLBACK (analysed), self);
  g_signal_connect_swapped (self->scheduler, "first-look", G_CALLBACK (first_look), self);
  g_signal_connect_swapped (self->scheduler, "failed", G_CALLBACK (failed), self);
  g_signal_connect_swapped (self->scheduler, "progress", G_CALLBACK (progress), self);
  pw_level_list_set_scheduler (self->level_list, self->scheduler);
  g_signal_connect_swapped (self->level_list, "current-changed", G_CALLBACK (current_changed),
                            self);
  g_signal_connect_swapped (self->level_panel, "notes-changed", G_CALLBACK (notes_changed), self);
  g_signal_connect_swapped (self->level_panel, "playtests-changed",
                            G_CALLBACK (playtests_changed), self);
  g_signal_connect_swapped (self->analysis_panel, "cells-selected", G_CALLBACK (cells_selected),
                            self);
  g_signal_connect_swapped (self->graph_view, "state-activated",
                            G_CALLBACK (graph_state_activated), self);
  /* a point of the chart is a level */
  g_signal_connect_swapped (self->chart_view, "level-activated",
                            G_CALLBACK (pw_window_select_level), self);

  /* the grid board to begin with, so every kind drawn on a grid finds it */
  show_board (self, board_for (self, NULL));
  gtk_stack_set_visible_child_name (self->main_stack, "message");
  _pw_window_update_title (self);
  _pw_window_update_actions (self);
}

PwWindow *
pw_window_new (GtkApplication *application)
{
  return g_object_new (PW_TYPE_WINDOW, "application", application, NULL);
}

/* ------------------------------------------------------------------ */
/* For tests                                                            */

PwBoard *
pw_window_get_board (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return self->board;
}

PwCanvas *
pw_window_get_canvas (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return pw_grid_board_get_canvas (PW_GRID_BOARD (board_for (self, NULL)));
}

PwAnalysisPanel *
pw_window_get_analysis_panel (PwWindow *self)
{
  return self->analysis_panel;
}

PwGraphView *
pw_window_get_graph_view (PwWindow *self)
{
  return self->graph_view;
}

PwChartView *
pw_window_get_chart_view (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return self->chart_view;
}

PwPlay *
pw_window_get_play (PwWindow *self)
{
  return pw_board_get_play (self->board);
}

PwScheduler *
pw_window_get_scheduler (PwWindow *self)
{
  return self->scheduler;
}

GListModel *
pw_window_get_level_model (PwWindow *self)
{
  return pw_level_list_get_model (self->level_list);
}

PwLevelList *
pw_window_get_level_list (PwWindow *self)
{
  return self->level_list;
}

gboolean
pw_window_get_exporting (PwWindow *self)
{
  return self->export_cancellable != NULL;
}

const char *
pw_window_get_export_message (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->export_revealer))
    return NULL;
  return gtk_label_get_text (self->export_label);
}
