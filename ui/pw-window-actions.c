/* pw-window-actions.c — the window's actions, and which of them are
 * enabled
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.* actions, all listed in win_entries; _pw_window_update_actions
 * sets every enabled state. The board of the level on screen offers its
 * own (tools, zoom) as board.*.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-generate-dialog.h"
#include "pw-set-dialog.h"
#include "pw-text-dialog.h"
#include "pw-window-private.h"

static void
set_action_enabled (PwWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_pw_window_update_actions (PwWindow *self)
{
  gboolean has_doc = self->document != NULL;
  PwLevel *level = _pw_window_current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  gboolean playing = self->board != NULL && pw_board_get_playing (self->board);
  PwBoardPlayActions play = playing ? pw_board_get_play_actions (self->board) : 0;

  set_action_enabled (self, "undo", has_doc && (playing ? (play & PW_BOARD_CAN_BACK) != 0
                                                        : pw_document_can_undo (self->document)));
  set_action_enabled (self, "redo", has_doc && !playing && pw_document_can_redo (self->document));
  set_action_enabled (self, "save", has_doc);
  set_action_enabled (self, "save-as", has_doc);
  set_action_enabled (self, "set-properties", has_doc);
  set_action_enabled (self, "export-csv", has_doc && self->export_cancellable == NULL);
  set_action_enabled (self, "print", has_doc && pw_document_get_n_levels (self->document) > 0);
  set_action_enabled (self, "export-image", level != NULL && kind != NULL);
  set_action_enabled (self, "import-playtests", has_doc);
  set_action_enabled (self, "find-duplicates", has_doc);
  set_action_enabled (self, "level-add", has_doc);
  set_action_enabled (self, "level-add-default", has_doc);
  set_action_enabled (self, "level-paste", has_doc);
  set_action_enabled (self, "generate", has_doc);
  set_action_enabled (self, "level-duplicate", level != NULL);
  set_action_enabled (self, "level-rename", level != NULL);
  set_action_enabled (self, "level-delete", level != NULL);
  set_action_enabled (self, "level-copy", kind != NULL && kind->to_text != NULL);
  set_action_enabled (self, "level-edit-text",
                      kind != NULL && kind->to_text != NULL && kind->from_text != NULL && !playing);
  set_action_enabled (self, "level-move-up", pw_level_list_can_move_current (self->level_list, -1));
  set_action_enabled (self, "level-move-down", pw_level_list_can_move_current (self->level_list, 1));
  set_action_enabled (self, "transform", kind != NULL && kind->transform != NULL && !playing);
  set_action_enabled (self, "resize", kind != NULL && kind->resize != NULL && !playing);
  set_action_enabled (self, "play", playing || (self->board != NULL && pw_board_can_play (self->board)));
  set_action_enabled (self, "play-restart", playing);
  set_action_enabled (self, "play-back", (play & PW_BOARD_CAN_BACK) != 0);
  set_action_enabled (self, "play-hint", (play & PW_BOARD_CAN_HINT) != 0);
  set_action_enabled (self, "solution-play",
                      (play & PW_BOARD_CAN_SOLVE) != 0 || self->solution_timeout != 0);
  set_action_enabled (self, "solution-step", (play & PW_BOARD_CAN_SOLVE) != 0);
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static void
action_new (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       data)
{
  _pw_window_confirm_discard (data, _pw_window_new_now, NULL, NULL);
}

static void
action_open (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  _pw_window_confirm_discard (data, _pw_window_choose_file_to_open, NULL, NULL);
}

static void
action_open_recent (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  pw_window_open_file (data, file);
}

static void
action_save (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  _pw_window_save_then (data, NULL, NULL, NULL);
}

static void
action_save_as (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  _pw_window_save_as_then (data, NULL, NULL, NULL);
}

static void
action_import_playtests (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       data)
{
  _pw_window_choose_playtest_sheets (data);
}

static void
action_find_duplicates (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  _pw_window_show_duplicates (data);
}

/* The chooser starts in the set's folder, with the set's title as the
 * name; the window says where it wrote once done. */
static void
action_export_csv (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  GtkFileChooser *chooser = _pw_window_file_chooser_new (self, _("Export CSV"),
                                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                                         _("_Export"), pw_window_export_csv);
  const char *title = pw_level_set_get_title (pw_document_get_set (self->document));
  g_autofree char *name = g_strdup_printf ("%s.csv", title && *title ? title : _("levels"));

  _pw_window_chooser_in_set_folder (self, chooser);
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
action_print (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  _pw_window_print_with_dialog (data);
}

static void
action_export_image (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  _pw_window_choose_level_image (data);
}

static void
action_set_properties (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       data)
{
  PwWindow *self = data;

  gtk_window_present (GTK_WINDOW (pw_set_dialog_new (GTK_WINDOW (self), self->document)));
}

/* ------------------------------------------------------------------ */
/* Undo                                                                 */

static void
action_undo (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  /* in play, undo takes a move back */
  if (pw_board_get_playing (self->board))
    {
      _pw_window_stop_solution (self);
      pw_board_play_back (self->board);
      return;
    }
  pw_level_panel_flush (self->level_panel);
  pw_document_undo (self->document);
}

static void
action_redo (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  pw_document_redo (self->document);
}

/* ------------------------------------------------------------------ */
/* Levels                                                               */

static void
insert_after_current (PwWindow   *self,
                      PwLevel    *level,
                      const char *label)
{
  guint at = self->current == G_MAXUINT ? pw_document_get_n_levels (self->document)
                                        : self->current + 1;

  pw_document_insert_level (self->document, at, level, label);
  pw_window_select_level (self, at);
}

static void
action_level_add (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;
  const PwKind *kind = pw_kinds_lookup (g_variant_get_string (parameter, NULL));
  g_autoptr(PwLevel) level = NULL;
  g_autofree char *name = NULL;

  if (kind == NULL)
    return;
  level = pw_level_new (kind);
  name = g_strdup_printf (_("Level %u"), pw_document_get_n_levels (self->document) + 1);
  pw_level_set_name (level, name);
  insert_after_current (self, level, _("Add Level"));
}

static void
action_level_add_default (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = _pw_window_current_level (self);
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(GVariant) kind = NULL;

  kinds = pw_kinds_list (&n_kinds);
  kind = g_variant_ref_sink (g_variant_new_string (level && pw_level_get_kind (level)
                                                   ? pw_level_get_kind_id (level)
                                                   : kinds[0]->id));
  action_level_add (NULL, kind, self);
}

static void
action_level_duplicate (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  PwWindow *self = data;
  g_autoptr(PwLevel) copy = pw_level_copy (_pw_window_current_level (self));
  g_autofree char *name = g_strdup_printf (_("%s (copy)"), pw_level_get_name (copy));

  pw_level_set_name (copy, name);
  pw_level_set_id (copy, NULL);
  insert_after_current (self, copy, _("Duplicate Level"));
}

static void
action_level_delete (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  if (pw_board_get_playing (self->board))
    _pw_window_leave_play (self);
  pw_document_remove_level (self->document, self->current, _("Delete Level"));
}

static void
action_level_rename (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  pw_level_list_start_rename (self->level_list);
}

static void
action_level_move (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  gboolean up = g_str_equal (g_action_get_name (G_ACTION (action)), "level-move-up");

  /* in a sorted list, the order shown becomes the set's */
  pw_level_list_move_current (self->level_list, up ? -1 : 1);
}

static void
action_level_copy (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = _pw_window_current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  g_autofree char *text = NULL;

  if (kind == NULL || kind->to_text == NULL)
    return;
  text = kind->to_text (pw_level_get_data (level));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
paste_received (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(PwWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  PwLevel *level = _pw_window_current_level (self);
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(PwLevel) pasted = NULL;
  g_autoptr(GError) first_error = NULL;

  if (text == NULL)
    {
      _pw_window_show_error (self, _("Nothing to paste"), error ? error->message : NULL);
      return;
    }
  /* the kind on screen first, then any kind whose text form fits */
  if (level != NULL && pw_level_get_kind (level) != NULL &&
      pw_level_get_kind (level)->from_text != NULL)
    pasted = pw_level_new_from_text (pw_level_get_kind_id (level), text, &first_error);
  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; pasted == NULL && i < n_kinds; i++)
    if (kinds[i]->from_text != NULL)
      pasted = pw_level_new_from_text (kinds[i]->id, text, first_error ? NULL : &first_error);
  if (pasted == NULL)
    {
      _pw_window_show_error (self, _("The clipboard does not hold a level"),
                  first_error ? first_error->message : NULL);
      return;
    }
  if (pw_level_get_name (pasted) == NULL || *pw_level_get_name (pasted) == '\0')
    pw_level_set_name (pasted, _("Pasted level"));
  insert_after_current (self, pasted, _("Paste Level"));
}

static void
action_level_paste (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  PwWindow *self = data;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 paste_received, g_object_ref (self));
}

static void
action_transform (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;
  static const struct { const char *name; PwTransform transform; const char *label; } table[] = {
    { "mirror-left-right", PW_TRANSFORM_MIRROR_LEFT_RIGHT, N_("Mirror Left to Right") },
    { "mirror-top-bottom", PW_TRANSFORM_MIRROR_TOP_BOTTOM, N_("Mirror Top to Bottom") },
    { "rotate-clockwise", PW_TRANSFORM_ROTATE_CLOCKWISE, N_("Rotate Clockwise") },
    { "rotate-anticlockwise", PW_TRANSFORM_ROTATE_ANTICLOCKWISE, N_("Rotate Anticlockwise") },
  };
  const char *name = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (name, table[i].name))
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(PwLevel) changed = pw_level_transformed (_pw_window_current_level (self),
                                                           table[i].transform, &error);

        if (changed == NULL)
          _pw_window_show_error (self, _("The level cannot be transformed"), error->message);
        else
          _pw_window_replace_level (self, changed, _(table[i].label));
      }
}

static void
action_resize (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       data)
{
  PwWindow *self = data;
  static const struct { const char *name; PwSide side; } sides[] = {
    { "top", PW_SIDE_TOP }, { "right", PW_SIDE_RIGHT },
    { "bottom", PW_SIDE_BOTTOM }, { "left", PW_SIDE_LEFT },
  };
  const char *spec = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      gsize len = strlen (sides[i].name);

      if (strncmp (spec, sides[i].name, len) == 0 && (spec[len] == '+' || spec[len] == '-'))
        {
          int delta = spec[len] == '+' ? 1 : -1;
          g_autoptr(GError) error = NULL;
          g_autoptr(PwLevel) changed = pw_level_resized (_pw_window_current_level (self), sides[i].side,
                                                         delta, &error);

          if (changed == NULL)
            _pw_window_show_error (self, _("The grid cannot be resized"), error->message);
          else
            _pw_window_replace_level (self, changed, delta > 0 ? _("Add Row or Column")
                                                      : _("Remove Row or Column"));
          return;
        }
    }
}

static void
action_level_edit_text (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = _pw_window_current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;

  if (kind == NULL || kind->to_text == NULL || kind->from_text == NULL)
    return;
  gtk_window_present (GTK_WINDOW (pw_text_dialog_new (GTK_WINDOW (self), self->document,
                                                      self->current)));
}

/* The generator of the kind on screen, else of the first kind that has
 * one. */
static void
action_generate (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = _pw_window_current_level (self);
  const PwKind *kind = level && pw_level_get_kind (level) && pw_level_get_kind (level)->generate
                       ? pw_level_get_kind (level) : NULL;
  const PwKind * const *kinds;
  PwGenerateDialog *dialog;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; kind == NULL && i < n_kinds; i++)
    if (kinds[i]->generate != NULL)
      kind = kinds[i];
  if (kind == NULL)
    return;
  dialog = pw_generate_dialog_new (GTK_WINDOW (self), self->document, kind);
  pw_generate_dialog_set_memory_budget (dialog, _pw_window_memory_budget (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_find (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  pw_level_list_focus_filter (self->level_list);
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

static void
action_play (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  if (pw_board_get_playing (self->board))
    _pw_window_leave_play (self);
  else
    _pw_window_enter_play (self);
}

static void
action_play_restart (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  _pw_window_stop_solution (self);
  pw_board_play_restart (self->board);
  /* the clock goes on across a restart; after a win, a new attempt */
  if (!self->attempt_open)
    _pw_window_attempt_begin (self);
}

static void
action_play_back (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;

  _pw_window_stop_solution (self);
  pw_board_play_back (self->board);
}

static void
action_play_hint (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;

  _pw_window_stop_solution (self);
  _pw_window_attempt_hint (self);
  pw_board_play_hint (self->board);
}

static gboolean
solution_tick (gpointer data)
{
  PwWindow *self = data;
  gboolean more;

  self->stepping = TRUE;
  more = pw_board_solution_step (self->board);
  self->stepping = FALSE;
  if (!more)
    {
      self->solution_timeout = 0;
      _pw_window_stop_solution (self);
      _pw_window_update_actions (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
speed_changed (PwWindow *self)
{
  if (self->solution_timeout != 0)
    {
      g_source_remove (self->solution_timeout);
      self->solution_timeout =
        g_timeout_add ((guint) (1000 / gtk_adjustment_get_value (self->speed_adjustment)),
                       solution_tick, self);
    }
}

static void
action_solution_play (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  PwWindow *self = data;

  if (self->solution_timeout != 0)
    {
      _pw_window_stop_solution (self);
      return;
    }
  _pw_window_attempt_helped (self);
  /* a board that shows its solution at once (placement) is done */
  if (pw_board_solution_at_once (self->board))
    {
      g_simple_action_set_state (action, g_variant_new_boolean (FALSE));
      return;
    }
  g_simple_action_set_state (action, g_variant_new_boolean (TRUE));
  self->solution_timeout =
    g_timeout_add ((guint) (1000 / gtk_adjustment_get_value (self->speed_adjustment)),
                   solution_tick, self);
  _pw_window_update_actions (self);
}

static void
action_solution_step (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  PwWindow *self = data;

  _pw_window_stop_solution (self);
  _pw_window_attempt_helped (self);
  self->stepping = TRUE;
  pw_board_solution_step (self->board);
  self->stepping = FALSE;
}

/* the changed-file banner's buttons (pw-window-monitor.c) */
static void
action_file_reload (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  _pw_window_file_reload_clicked (data);
}

static void
action_file_keep (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  _pw_window_file_keep_clicked (data);
}

static const GActionEntry win_entries[] = {
  { "new", action_new },
  { "open", action_open },
  { "open-recent", action_open_recent, "s" },
  { "save", action_save },
  { "save-as", action_save_as },
  { "export-csv", action_export_csv },
  { "print", action_print },
  { "export-image", action_export_image },
  { "import-playtests", action_import_playtests },
  { "find-duplicates", action_find_duplicates },
  { "set-properties", action_set_properties },
  { "undo", action_undo },
  { "redo", action_redo },
  { "level-add", action_level_add, "s" },
  { "level-add-default", action_level_add_default },
  { "level-duplicate", action_level_duplicate },
  { "level-rename", action_level_rename },
  { "level-delete", action_level_delete },
  { "level-move-up", action_level_move },
  { "level-move-down", action_level_move },
  { "level-copy", action_level_copy },
  { "level-paste", action_level_paste },
  { "level-edit-text", action_level_edit_text },
  { "generate", action_generate },
  { "transform", action_transform, "s" },
  { "resize", action_resize, "s" },
  { "play", action_play, NULL, "false" },
  { "play-restart", action_play_restart },
  { "play-back", action_play_back },
  { "play-hint", action_play_hint },
  { "solution-play", action_solution_play, NULL, "false" },
  { "solution-step", action_solution_step },
  { "find", action_find },
  { "file-reload", action_file_reload },
  { "file-keep", action_file_keep },
};

void
_pw_window_add_actions (PwWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  g_signal_connect_swapped (self->speed_adjustment, "value-changed", G_CALLBACK (speed_changed),
                            self);
}
