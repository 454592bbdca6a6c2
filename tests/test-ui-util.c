/* test-ui-util.c — helpers shared by the widget tests (under Xvfb)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "pw-level-item.h"
#include "test-ui-util.h"
#include "test-util.h"

#define WAIT_MS 20000

void
test_wait_for (TestCondition  condition,
               gpointer       data,
               const char    *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) test_scaled_ms (WAIT_MS) * 1000;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

PwDocument *
test_load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", name,
                                            NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwDocument *document = pw_document_load (file, NULL, &error);

  g_assert_no_error (error);
  return document;
}

gboolean
test_panel_says_analysed (gpointer window)
{
  return g_str_has_prefix (pw_analysis_panel_get_status_text (pw_window_get_analysis_panel (window)),
                           "Analysed");
}

gboolean
test_list_filled (gpointer window)
{
  GListModel *model = pw_window_get_level_model (window);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (model, i);

      if (pw_level_item_get_analysis (item) == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean
mapped (gpointer window)
{
  return gtk_widget_get_mapped (window) && gtk_widget_get_width (window) > 1000;
}

PwWindow *
test_show_window (PwDocument *document)
{
  PwWindow *window = pw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_for (mapped, window, "the window on screen");
  test_wait_for (test_panel_says_analysed, window, "the first level's analysis");
  return window;
}

GtkDialog *
test_find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_DIALOG (w);
    }
  return NULL;
}

void
test_widget_pixel (GtkWidget *widget,
                   int        x,
                   int        y,
                   guint8     rgb[3])
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autofree guint8 *pixels = NULL;
  gsize stride = (gsize) width * 4;

  /* what the widget draws now, not the last frame shown */
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);
  /* GDK_MEMORY_DEFAULT: B G R A in memory on little-endian machines */
  rgb[0] = pixels[y * stride + x * 4 + 2];
  rgb[1] = pixels[y * stride + x * 4 + 1];
  rgb[2] = pixels[y * stride + x * 4 + 0];
}
