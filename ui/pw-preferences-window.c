/* pw-preferences-window.c — the editor's preferences
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three settings a user sets once: the tester name play mode records on
 * playtests, how many levels a printed sheet holds, and the memory an
 * analysis may take. Each row is bound to its GSettings key, so a change
 * is kept as it is made and a change made elsewhere (the playtest
 * question's tester) shows here.
 */

#define G_LOG_DOMAIN "pw-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-preferences-window.h"

struct _PwPreferencesWindow
{
  GtkWindow      parent_instance;

  GtkEntry      *tester_entry;
  GtkAdjustment *per_page_adjustment;
  GtkAdjustment *memory_adjustment;
  GtkLabel      *memory_hint;

  GSettings     *settings;
};

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (PwPreferencesWindow, pw_preferences_window, GTK_TYPE_WINDOW)

/* 0 MiB is no limit: say so beside the number */
static void
memory_changed (PwPreferencesWindow *self)
{
  guint mib = (guint) gtk_adjustment_get_value (self->memory_adjustment);
  g_autofree char *text = NULL;

  if (mib == 0)
    text = g_strdup (_("No limit"));
  else
    {
      g_autofree char *bytes = g_format_size ((guint64) mib * 1024 * 1024);

      /* Translators: after the memory budget in MiB, the same in the units
       * the system shows (“2.1 GB”) */
      text = g_strdup_printf (_("MiB (%s)"), bytes);
    }
  gtk_label_set_text (self->memory_hint, text);
}

static void
pw_preferences_window_constructed (GObject *object)
{
  PwPreferencesWindow *self = PW_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (pw_preferences_window_parent_class)->constructed (object);

  g_settings_bind (self->settings, "tester-name", self->tester_entry, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sheets-per-page", self->per_page_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "analysis-memory-mib", self->memory_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  memory_changed (self);
}

static void
pw_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  PwPreferencesWindow *self = PW_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_preferences_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  PwPreferencesWindow *self = PW_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_preferences_window_dispose (GObject *object)
{
  PwPreferencesWindow *self = PW_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (pw_preferences_window_parent_class)->dispose (object);
}

static void
pw_preferences_window_finalize (GObject *object)
{
  PwPreferencesWindow *self = PW_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (pw_preferences_window_parent_class)->finalize (object);
}

static void
pw_preferences_window_class_init (PwPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pw_preferences_window_constructed;
  object_class->set_property = pw_preferences_window_set_property;
  object_class->get_property = pw_preferences_window_get_property;
  object_class->dispose = pw_preferences_window_dispose;
  object_class->finalize = pw_preferences_window_finalize;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PwPreferencesWindow, tester_entry);
  gtk_widget_class_bind_template_child (widget_class, PwPreferencesWindow, per_page_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PwPreferencesWindow, memory_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PwPreferencesWindow, memory_hint);
  gtk_widget_class_bind_template_callback (widget_class, memory_changed);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pw_preferences_window_init (PwPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

PwPreferencesWindow *
pw_preferences_window_new (GtkWindow *parent,
                           GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (PW_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "settings", settings,
                       NULL);
}

GSettings *
pw_preferences_window_get_settings (PwPreferencesWindow *self)
{
  g_return_val_if_fail (PW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->settings;
}
