/* pw-kind-view.c — the registry of kind views, and painting a level
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-kind-view"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pw-kind-view.h"
#include "kinds/slide-view.h"

/* Every kind this build can draw; adding one means adding it here. */
static const PwKindView * const registry[] = {
  &pw_slide_view,
};

const PwKindView *
pw_kind_view_lookup (const char *kind_id)
{
  g_return_val_if_fail (kind_id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_str_equal (registry[i]->kind_id, kind_id))
      return registry[i];
  return NULL;
}

gboolean
pw_level_paint (PwLevel    *level,
                cairo_t    *cr,
                double      width,
                double      height,
                gboolean    dark,
                PwGeometry *geometry)
{
  const PwViewStyle *style = pw_view_style_get (dark);
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  PwGeometry local;
  int columns, rows;

  g_return_val_if_fail (level != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  cairo_save (cr);
  pw_colour_set (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);

  if (view == NULL || pw_level_get_kind (level) == NULL)
    return FALSE;

  view->get_grid (pw_level_get_data (level), &columns, &rows);
  pw_geometry_fit (&local, columns, rows, width, height, 0);
  cairo_save (cr);
  view->draw (pw_level_get_data (level), cr, &local, style);
  cairo_restore (cr);
  if (geometry != NULL)
    *geometry = local;
  return TRUE;
}

gboolean
pw_level_write_png (PwLevel    *level,
                    const char *path,
                    int         cell,
                    gboolean    dark,
                    GError    **error)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (level));
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  int columns, rows;

  if (view == NULL || pw_level_get_kind (level) == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("Levels of kind “%s” cannot be drawn"), pw_level_get_kind_id (level));
      return FALSE;
    }

  view->get_grid (pw_level_get_data (level), &columns, &rows);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, columns * cell, rows * cell);
  cr = cairo_create (surface);
  pw_level_paint (level, cr, columns * cell, rows * cell, dark, NULL);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
