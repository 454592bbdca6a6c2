/* pw-application.c — the editor application
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-application"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-application.h"
#include "pw-preferences-window.h"
#include "pw-resources.h"
#include "pw-window.h"

#define MAX_RECENT 10

struct _PwApplication
{
  GtkApplication  parent_instance;

  char           *sample_set;
  GSettings      *settings;
  PwRecovery     *recovery;
  GtkWindow      *preferences;   /* weak: the open Preferences window */
};

G_DEFINE_FINAL_TYPE (PwApplication, pw_application, GTK_TYPE_APPLICATION)

void
pw_ui_register_resources (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      g_resources_register (pw_get_resource ());
      g_once_init_leave (&done, 1);
    }
}

/* The installed schema, or the one compiled in the build tree, so the
 * editor runs from the build directory too. */
static GSettings *
open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaSource) build = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, PW_APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      build = g_settings_schema_source_new_from_directory (PW_BUILD_SCHEMADIR, source, FALSE, NULL);
      if (build != NULL)
        schema = g_settings_schema_source_lookup (build, PW_APPLICATION_ID, FALSE);
    }
  if (schema == NULL)
    {
      g_warning ("The settings schema %s is not installed: settings will not be kept",
                 PW_APPLICATION_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

GSettings *
pw_application_get_settings (PwApplication *self)
{
  g_return_val_if_fail (PW_IS_APPLICATION (self), NULL);
  return self->settings;
}

PwRecovery *
pw_application_get_recovery (PwApplication *self)
{
  g_return_val_if_fail (PW_IS_APPLICATION (self), NULL);
  return self->recovery;
}

void
pw_application_note_recent (PwApplication *self,
                            const char    *path)
{
  g_auto(GStrv) recent = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;
  guint kept = 1;

  g_return_if_fail (PW_IS_APPLICATION (self));

  if (self->settings == NULL)
    return;
  g_settings_set_string (self->settings, "last-set", path);
  recent = g_settings_get_strv (self->settings, "recent-sets");
  g_strv_builder_add (builder, path);
  for (guint i = 0; recent[i] != NULL && kept < MAX_RECENT; i++)
    if (!g_str_equal (recent[i], path))
      {
        g_strv_builder_add (builder, recent[i]);
        kept++;
      }
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-sets", (const char * const *) updated);
}

/* ------------------------------------------------------------------ */

static void
open_start_set (PwApplication *self,
                PwWindow      *window)
{
  g_autofree char *last = self->settings ? g_settings_get_string (self->settings, "last-set") : NULL;
  const char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = NULL;

  if (last != NULL && *last != '\0' && g_file_test (last, G_FILE_TEST_IS_REGULAR))
    path = last;
  else if (self->sample_set != NULL)
    path = self->sample_set;

  if (path != NULL)
    {
      file = g_file_new_for_path (path);
      document = pw_document_load (file, NULL, &error);
      /* the set opened last that no longer opens says why, and no other
       * set takes its place */
      if (document == NULL && path == last)
        {
          pw_window_show_open_error (window, file, error->message);
          return;
        }
      if (document == NULL)
        g_warning ("%s", error->message);
    }
  /* a sample opened from the installation is a starting point, not a
   * file to overwrite by accident: it opens as a new, unsaved set */
  if (document != NULL && path == self->sample_set)
    {
      g_autoptr(PwLevelSet) set = pw_level_set_ref (pw_document_get_set (document));

      g_clear_object (&document);
      document = pw_document_new (set, NULL);
    }
  if (document == NULL)
    {
      g_autoptr(PwLevelSet) set = pw_level_set_new ();
      const PwKind * const *kinds;
      guint n_kinds;
      g_autoptr(PwLevel) level = NULL;

      kinds = pw_kinds_list (&n_kinds);
      level = pw_level_new (kinds[0]);
      pw_level_set_name (level, _("Level 1"));
      pw_level_set_set_title (set, _("Untitled Level Set"));
      pw_level_set_append (set, level);
      document = pw_document_new (set, NULL);
    }
  pw_window_set_document (window, document);
}

typedef struct
{
  PwApplication *app;
  PwWindow      *window;
  GPtrArray     *entries;
} Restore;

static void
restore_free (Restore *restore)
{
  g_ptr_array_unref (restore->entries);
  g_free (restore);
}

static void
restore_response (GtkDialog *dialog,
                  int        response,
                  Restore   *restore)
{
  PwRecoveryEntry *entry = g_ptr_array_index (restore->entries, 0);

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwDocument) document = pw_recovery_restore (restore->app->recovery, entry, &error);

      if (document != NULL)
        pw_window_set_document (restore->window, document);
      else
        g_warning ("%s", error->message);
    }
  else if (response == GTK_RESPONSE_REJECT)
    for (guint i = 0; i < restore->entries->len; i++)
      pw_recovery_discard (restore->app->recovery, g_ptr_array_index (restore->entries, i));
  restore_free (restore);
}

/* Unsaved work from a run that did not end normally: offer the newest. */
static void
offer_recovery (PwApplication *self,
                PwWindow      *window)
{
  g_autoptr(GPtrArray) entries = self->recovery ? pw_recovery_list (self->recovery) : NULL;
  PwRecoveryEntry *entry;
  Restore *restore;
  GtkWidget *dialog;
  g_autofree char *when = NULL;

  if (entries == NULL || entries->len == 0)
    return;
  entry = g_ptr_array_index (entries, 0);
  when = g_date_time_format (entry->saved_at, "%x %X");
  restore = g_new0 (Restore, 1);
  restore->app = self;
  restore->window = window;
  restore->entries = g_ptr_array_ref (entries);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (window), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Restore unsaved work?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("Puzzlewright did not close normally. A copy of "
                                              "“%s” with unsaved changes was kept at %s."),
                                            entry->title && *entry->title ? entry->title
                                                                           : _("Untitled Level Set"),
                                            when);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Later"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Restore"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (restore_response), restore);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
window_file_used (PwApplication *self,
                  const char    *path)
{
  pw_application_note_recent (self, path);
}

static PwWindow *
new_window (PwApplication *self)
{
  PwWindow *window = g_object_new (PW_TYPE_WINDOW,
                                   "application", self,
                                   "settings", self->settings,
                                   "recovery", self->recovery,
                                   NULL);

  g_signal_connect_object (window, "file-used", G_CALLBACK (window_file_used), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
pw_application_activate (GApplication *application)
{
  PwApplication *self = PW_APPLICATION (application);
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  PwWindow *window;

  if (active != NULL)
    {
      gtk_window_present (active);
      return;
    }
  window = new_window (self);
  open_start_set (self, window);
  offer_recovery (self, window);
}

static void
pw_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  PwApplication *self = PW_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      PwWindow *window = new_window (self);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwDocument) document = pw_document_load (files[i], NULL, &error);

      /* a file that does not open says why, and nothing else opens in
       * its place */
      if (document != NULL)
        pw_window_set_document (window, document);
      else
        pw_window_show_open_error (window, files[i], error->message);
    }
}

static void
action_about (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  PwApplication *self = data;
  const char *authors[] = { _("The Puzzlewright authors"), NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", _("Puzzlewright"),
                         "logo-icon-name", PW_APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("A level editor for puzzle designers, with live analysis "
                                       "of every level"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* One Preferences window, over the window it was asked from. */
static void
action_preferences (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  PwApplication *self = data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (self->settings == NULL)
    return;
  if (self->preferences == NULL)
    {
      self->preferences = GTK_WINDOW (pw_preferences_window_new (parent, self->settings));
      g_object_add_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
    }
  else if (parent != self->preferences)
    gtk_window_set_transient_for (self->preferences, parent);
  gtk_window_present (self->preferences);
}

static void
action_quit (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwApplication *self = data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* each window asks about its own unsaved changes */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static const GActionEntry app_entries[] = {
  { "about", action_about },
  { "preferences", action_preferences },
  { "quit", action_quit },
};

static void
pw_application_startup (GApplication *application)
{
  PwApplication *self = PW_APPLICATION (application);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  g_autofree char *recovery_dir = g_build_filename (g_get_user_state_dir (), "puzzlewright",
                                                    "recovery", NULL);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.export-csv", { "<Control>e", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.level-add-default", { "<Control><Shift>n", NULL } },
    { "win.level-duplicate", { "<Control>d", NULL } },
    { "win.level-rename", { "F2", NULL } },
    { "win.level-copy", { "<Control><Shift>c", NULL } },
    { "win.level-paste", { "<Control><Shift>v", NULL } },
    { "win.play", { "F5", NULL } },
    { "win.find", { "<Control>f", NULL } },
    /* the board of the level on screen offers these (PwBoard) */
    { "board.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
    { "board.zoom-out", { "<Control>minus", NULL } },
    { "board.zoom-fit", { "<Control>0", NULL } },
    { "board.tool::pencil", { "<Control>1", NULL } },
    { "board.tool::rectangle", { "<Control>2", NULL } },
    { "board.tool::fill", { "<Control>3", NULL } },
    { "board.tool::eraser", { "<Control>4", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };

  static gsize named = 0;

  G_APPLICATION_CLASS (pw_application_parent_class)->startup (application);

  /* once a process: tests make more than one application */
  if (g_once_init_enter (&named))
    {
      g_set_application_name (_("Puzzlewright"));
      g_once_init_leave (&named, 1);
    }
  gtk_window_set_default_icon_name (PW_APPLICATION_ID);
  gtk_css_provider_load_from_resource (css, "/org/puzzlewright/Puzzlewright/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries, G_N_ELEMENTS (app_entries),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);

  self->settings = open_settings ();
  self->recovery = pw_recovery_new (recovery_dir);
  /* no schema, nothing to set */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                            "preferences")),
                               self->settings != NULL);
}

static void
pw_application_finalize (GObject *object)
{
  PwApplication *self = PW_APPLICATION (object);

  if (self->preferences != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
  g_clear_object (&self->settings);
  g_clear_object (&self->recovery);
  g_free (self->sample_set);
  G_OBJECT_CLASS (pw_application_parent_class)->finalize (object);
}

static void
pw_application_class_init (PwApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = pw_application_finalize;
  app_class->startup = pw_application_startup;
  app_class->activate = pw_application_activate;
  app_class->open = pw_application_open;
  pw_ui_register_resources ();
}

static void
pw_application_init (PwApplication *self)
{
}

PwApplication *
pw_application_new (const char *sample_set)
{
  PwApplication *self = g_object_new (PW_TYPE_APPLICATION,
                                      "application-id", PW_APPLICATION_ID,
                                      "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                                      "resource-base-path", "/org/puzzlewright/Puzzlewright",
                                      NULL);

  self->sample_set = g_strdup (sample_set);
  return self;
}
