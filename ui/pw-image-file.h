/* pw-image-file.h — a picture file (PDF, SVG, PNG) written atomically
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A cairo surface whose bytes go through a PwFileWriter (pw-file.h): a
 * temporary beside the file, renamed over it when closed, so that a
 * failure (a full disk) or a kill leaves the file as it was. PDF and SVG
 * surfaces stream their pages as they are drawn; a PNG is an image
 * surface, encoded when closed. */
typedef struct _PwImageFile PwImageFile;

/* A new file of @format ("svg", "pdf", "png") at @path, @width × @height
 * (points; pixels for PNG); NULL with an error naming @path. */
PwImageFile     *pw_image_file_open        (const char   *format,
                                            const char   *path,
                                            double        width,
                                            double        height,
                                            GError      **error);
cairo_surface_t *pw_image_file_get_surface (PwImageFile  *file);
/* Finishes the surface (encodes a PNG) and puts the file in place; on a
 * failure the old file stays and the error names @path. Frees @file. */
gboolean         pw_image_file_close       (PwImageFile  *file,
                                            GError      **error);
/* Drops what was drawn; the old file stays. Frees @file. */
void             pw_image_file_abort       (PwImageFile  *file);

/* Writes the image surface @image as a PNG at @path, atomically. */
gboolean         pw_image_write_png        (cairo_surface_t *image,
                                            const char      *path,
                                            GError         **error);

G_END_DECLS
