/* pw-image-file.c — a picture file (PDF, SVG, PNG) written atomically
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cairo writes a PDF or an SVG page by page through a write function, and
 * a PNG through one too: here it is a PwFileWriter's, so a picture is
 * written the way every other file the program writes is (pw-file.c).
 */

#define G_LOG_DOMAIN "pw-image-file"

#include "config.h"

#include <math.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>

#include "pw-file.h"
#include "pw-image-file.h"

struct _PwImageFile
{
  char            *path;
  gboolean         png;
  PwFileWriter    *writer;
  cairo_surface_t *surface;
  GError          *error;    /* the writer's first failure */
};

/* cairo's write function: into the writer, until it fails once. */
static cairo_status_t
write_bytes (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  PwImageFile *file = closure;

  if (file->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!pw_file_writer_write (file->writer, (const char *) data, length, NULL, &file->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static void
image_file_free (PwImageFile *file)
{
  g_free (file->path);
  g_clear_error (&file->error);
  g_free (file);
}

PwImageFile *
pw_image_file_open (const char  *format,
                    const char  *path,
                    double       width,
                    double       height,
                    GError     **error)
{
  g_autoptr(GFile) gfile = NULL;
  g_autoptr(GError) local_error = NULL;
  PwImageFile *file;

  g_return_val_if_fail (format != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_new0 (PwImageFile, 1);
  file->path = g_strdup (path);
  gfile = g_file_new_for_path (path);
  file->writer = pw_file_writer_open (gfile, &local_error);
  if (file->writer == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", path,
                   local_error->message);
      image_file_free (file);
      return NULL;
    }
  if (g_str_equal (format, "svg"))
    file->surface = cairo_svg_surface_create_for_stream (write_bytes, file, width, height);
  else if (g_str_equal (format, "pdf"))
    file->surface = cairo_pdf_surface_create_for_stream (write_bytes, file, width, height);
  else
    {
      g_return_val_if_fail (g_str_equal (format, "png"), NULL);
      file->png = TRUE;
      file->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width),
                                                  (int) ceil (height));
    }
  return file;
}

cairo_surface_t *
pw_image_file_get_surface (PwImageFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->surface;
}

gboolean
pw_image_file_close (PwImageFile  *file,
                     GError      **error)
{
  cairo_status_t status;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (file != NULL, FALSE);

  if (file->png)
    status = cairo_surface_write_to_png_stream (file->surface, write_bytes, file);
  else
    {
      cairo_surface_finish (file->surface);
      status = cairo_surface_status (file->surface);
    }
  cairo_surface_destroy (file->surface);
  if (file->error != NULL || status != CAIRO_STATUS_SUCCESS)
    {
      pw_file_writer_abort (file->writer);
      if (file->error != NULL)
        g_set_error (error, file->error->domain, file->error->code, "%s: %s", file->path,
                     file->error->message);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", file->path,
                     cairo_status_to_string (status));
      image_file_free (file);
      return FALSE;
    }
  if (!pw_file_writer_commit (file->writer, FALSE, NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", file->path,
                   local_error->message);
      image_file_free (file);
      return FALSE;
    }
  image_file_free (file);
  return TRUE;
}

void
pw_image_file_abort (PwImageFile *file)
{
  g_return_if_fail (file != NULL);

  /* the bytes a stream surface writes as it finishes go to the writer,
   * which then drops them */
  cairo_surface_destroy (file->surface);
  pw_file_writer_abort (file->writer);
  image_file_free (file);
}

gboolean
pw_image_write_png (cairo_surface_t  *image,
                    const char       *path,
                    GError          **error)
{
  PwImageFile *file;

  g_return_val_if_fail (image != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  file = pw_image_file_open ("png", path, 1, 1, error);
  if (file == NULL)
    return FALSE;
  cairo_surface_destroy (file->surface);
  file->surface = cairo_surface_reference (image);
  return pw_image_file_close (file, error);
}
