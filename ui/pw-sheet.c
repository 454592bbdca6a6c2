/* pw-sheet.c — levels laid out on printable pages
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page is a grid of boxes, one level a box: the level drawn by its
 * kind's view as on the canvas, and under it its order, name and id.
 * Solution pages repeat the layout with each level solved (the view's
 * draw_solution: every kind bundled has one); a kind that draws no
 * solution shows its level with the analysis's "solution" figure written
 * under it when it is text (a move list), else says it has none.
 */

#define G_LOG_DOMAIN "pw-sheet"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-chart-paint.h"
#include "pw-image-file.h"
#include "pw-kind-view.h"
#include "pw-sheet.h"

#define MARGIN       36.0
#define TITLE_SIZE   14.0
#define LABEL_SIZE    9.0
#define BOX_PADDING   8.0
#define PNG_SCALE     2.0

struct _PwSheetWriter
{
  PwSheetOptions   options;
  char            *title;
  char            *path;
  const char      *format;
  guint            n_levels;
  guint            n_pages;
  guint            page;      /* pages written */
  guint            added;     /* rows given */
  GPtrArray       *rows;      /* PwReportRow: the page being filled */
  PwImageFile     *pdf;       /* every page of a PDF; NULL for SVG and PNG */
  cairo_t         *cr;
};

void
pw_sheet_options_init (PwSheetOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (PwSheetOptions) {
    .title = NULL,
    .per_page = 4,
    .solutions = FALSE,
    .width = PW_SHEET_WIDTH,
    .height = PW_SHEET_HEIGHT,
  };
}

static guint
level_pages (const PwSheetOptions *options,
             guint                 n_levels)
{
  return MAX ((n_levels + options->per_page - 1) / options->per_page, 1);
}

guint
pw_sheet_n_pages (const PwSheetOptions *options,
                  guint                 n_levels)
{
  g_return_val_if_fail (options != NULL && options->per_page > 0, 0);

  return level_pages (options, n_levels) * (options->solutions ? 2 : 1);
}

/* Columns and rows of boxes for @n a page in a @width × @height area: the
 * layout whose boxes take the largest square. */
static void
choose_grid (guint   n,
             double  width,
             double  height,
             guint  *columns,
             guint  *rows)
{
  double best = -1;

  *columns = *rows = 1;
  for (guint c = 1; c <= n; c++)
    {
      guint r = (n + c - 1) / c;
      double side = MIN (width / c, height / r - 2.6 * LABEL_SIZE);

      if (side > best + 1e-9)
        {
          best = side;
          *columns = c;
          *rows = r;
        }
    }
}

/* Shows @text from (@x, @y) on, no wider than @width, breaking it into
 * lines where it must; returns the y under the last line. */
static double
show_wrapped (cairo_t    *cr,
              const char *text,
              double      x,
              double      y,
              double      width,
              guint       max_lines)
{
  const char *p = text;
  cairo_font_extents_t font;

  cairo_font_extents (cr, &font);
  for (guint line = 0; *p != '\0' && line < max_lines; line++)
    {
      const char *end = p, *fits = NULL, *space = NULL;
      g_autofree char *piece = NULL;

      /* the longest prefix, whole characters, that fits; cut after its
       * last space when it has one */
      while (*end != '\0')
        {
          const char *next = g_utf8_next_char (end);
          g_autofree char *candidate = g_strndup (p, next - p);
          cairo_text_extents_t extents;

          cairo_text_extents (cr, candidate, &extents);
          if (extents.x_advance > width && fits != NULL)
            {
              if (space != NULL)
                fits = space;
              break;
            }
          if (*end == ' ')
            space = next;
          fits = next;
          end = next;
        }
      piece = g_strndup (p, fits - p);
      if (line + 1 == max_lines && *fits != '\0')
        {
          g_autofree char *cut = piece;

          piece = g_strconcat (cut, "…", NULL);
        }
      y += font.ascent;
      cairo_move_to (cr, x, y);
      cairo_show_text (cr, piece);
      y += font.descent;
      p = fits;
    }
  return y;
}

static void
show_centred (cairo_t    *cr,
              const char *text,
              double      cx,
              double      baseline,
              double      width)
{
  cairo_text_extents_t extents;
  g_autofree char *shown = g_strdup (text);

  cairo_text_extents (cr, shown, &extents);
  /* shorten from the end, whole characters, until it fits */
  while (extents.x_advance > width && g_utf8_strlen (shown, -1) > 1)
    {
      glong n = g_utf8_strlen (shown, -1);
      g_autofree char *head = g_utf8_substring (shown, 0, n - 2);

      g_free (shown);
      shown = g_strconcat (head, "…", NULL);
      cairo_text_extents (cr, shown, &extents);
    }
  cairo_move_to (cr, cx - extents.x_advance / 2, baseline);
  cairo_show_text (cr, shown);
}

/* The analysis's "solution" figure when it is text, else NULL. */
static const char *
solution_text (PwReportRow *row)
{
  JsonNode *node;

  if (row->analysis == NULL)
    return NULL;
  node = json_object_get_member (pw_analysis_get_figures (row->analysis), "solution");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static void
paint_box (PwReportRow *row,
           gboolean     solution,
           cairo_t     *cr,
           double       x,
           double       y,
           double       width,
           double       height)
{
  double label_height = 2.6 * LABEL_SIZE;
  double draw_height = height - label_height - 2 * BOX_PADDING;
  double draw_width = width - 2 * BOX_PADDING;
  const char *text = NULL;
  g_autofree char *caption = NULL;
  PwGeometry geometry;
  const PwKindView *view;
  int columns, rows;
  gboolean drawn = FALSE;
  double below;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LABEL_SIZE);

  view = pw_kind_view_lookup (pw_level_get_kind_id (row->level));
  if (solution)
    {
      /* a kind that draws no solution writes it, when it is text (moves) */
      if (row->analysis == NULL)
        text = _("Not analysed: no solution to show.");
      else if (view == NULL || view->draw_solution == NULL)
        {
          text = solution_text (row);
          if (text == NULL)
            text = _("Levels of this kind print no solution.");
        }
      /* room under the level for the words */
      draw_height -= 4 * (LABEL_SIZE + 2);
    }

  if (draw_height > 4 && draw_width > 4 && pw_level_get_grid (row->level, &columns, &rows) &&
      columns > 0 && rows > 0)
    {
      pw_geometry_fit (&geometry, columns, rows, draw_width, draw_height, 0);
      /* fit floors cells to whole units: keep the sheet's own scale */
      geometry.x += x + BOX_PADDING;
      geometry.y += y + BOX_PADDING;
      if (solution && text == NULL)
        {
          drawn = pw_level_paint_solution (row->level, pw_analysis_get_figures (row->analysis), cr,
                                           &geometry, FALSE);
          if (!drawn)
            text = _("No solution was found.");
        }
      if (!drawn)
        drawn = pw_level_paint_at (row->level, cr, &geometry, FALSE);
    }
  /* the words go just under the drawing */
  below = drawn ? geometry.y + geometry.rows * geometry.cell : y + BOX_PADDING + draw_height;
  if (!drawn)
    {
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      show_centred (cr, _("This kind cannot be drawn"), x + width / 2, y + draw_height / 2,
                    draw_width);
    }

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (text != NULL)
    below = show_wrapped (cr, text, x + BOX_PADDING, below + 2, draw_width, 4);

  /* Translators: under a printed level: its place in the set and its name */
  caption = g_strdup_printf (_("%u. %s"), row->order, pw_level_get_name (row->level));
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  show_centred (cr, caption, x + width / 2, below + 1.4 * LABEL_SIZE, draw_width);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  show_centred (cr, pw_level_get_id (row->level), x + width / 2, below + 2.6 * LABEL_SIZE,
                draw_width);
  cairo_restore (cr);
}

/* Paints page @page of a sheet of @n_levels levels, whose boxes hold the
 * @n rows in @rows. */
static void
paint_page (PwReportRow          **rows,
            guint                  n,
            const PwSheetOptions  *options,
            guint                  n_levels,
            guint                  page,
            cairo_t               *cr)
{
  guint n_pages, first_pages, columns, grid_rows;
  gboolean solution;
  double top, area_width, area_height, box_width, box_height;
  g_autofree char *heading = NULL;
  g_autofree char *page_label = NULL;
  cairo_text_extents_t extents;

  n_pages = pw_sheet_n_pages (options, n_levels);
  first_pages = level_pages (options, n_levels);
  g_return_if_fail (page < n_pages);
  solution = page >= first_pages;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  /* the heading: the set's title, "Solutions" on solution pages, the page */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, TITLE_SIZE);
  if (solution)
    /* Translators: the heading of a printed sheet's solution pages: the set's title */
    heading = g_strdup_printf (_("%s — solutions"), options->title != NULL ? options->title : "");
  else
    heading = g_strdup (options->title != NULL ? options->title : "");
  show_centred (cr, heading, options->width / 2, MARGIN + TITLE_SIZE, options->width - 2 * MARGIN - 60);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LABEL_SIZE);
  /* Translators: page number on a printed sheet */
  page_label = g_strdup_printf (_("%u / %u"), page + 1, n_pages);
  cairo_text_extents (cr, page_label, &extents);
  cairo_move_to (cr, options->width - MARGIN - extents.x_advance, MARGIN + TITLE_SIZE);
  cairo_show_text (cr, page_label);

  top = MARGIN + TITLE_SIZE * 2;
  area_width = options->width - 2 * MARGIN;
  area_height = options->height - top - MARGIN;
  choose_grid (options->per_page, area_width, area_height, &columns, &grid_rows);
  box_width = area_width / columns;
  box_height = area_height / grid_rows;
  for (guint i = 0; i < options->per_page && i < n; i++)
    paint_box (rows[i], solution, cr, MARGIN + (i % columns) * box_width,
               top + (i / columns) * box_height, box_width, box_height);
  cairo_restore (cr);
}

void
pw_sheet_paint_page (GPtrArray            *rows,
                     const PwSheetOptions *options,
                     guint                 page,
                     cairo_t              *cr)
{
  guint first;

  g_return_if_fail (rows != NULL);
  g_return_if_fail (options != NULL && options->per_page > 0);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < pw_sheet_n_pages (options, rows->len));

  first = (page % level_pages (options, rows->len)) * options->per_page;
  paint_page ((PwReportRow **) rows->pdata + MIN (first, rows->len),
              rows->len - MIN (first, rows->len), options, rows->len, page, cr);
}

static char *
page_path (const char *path,
           guint       page)
{
  const char *dot = strrchr (path, '.');

  if (page == 0)
    return g_strdup (path);
  return g_strdup_printf ("%.*s-%u%s", (int) (dot - path), path, page + 1, dot);
}

PwSheetWriter *
pw_sheet_writer_new (const PwSheetOptions  *options,
                     guint                  n_levels,
                     const char            *path,
                     GError               **error)
{
  PwSheetWriter *writer;
  const char *format;

  g_return_val_if_fail (options != NULL && options->per_page > 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  format = pw_image_format_for_path (path);
  if (format == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the file name should end in .svg, .png or .pdf"), path);
      return NULL;
    }
  writer = g_new0 (PwSheetWriter, 1);
  writer->options = *options;
  writer->title = g_strdup (options->title);
  writer->options.title = writer->title;
  writer->path = g_strdup (path);
  writer->format = format;
  writer->n_levels = n_levels;
  writer->n_pages = pw_sheet_n_pages (options, n_levels);
  writer->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  if (g_str_equal (format, "pdf"))
    {
      writer->pdf = pw_image_file_open (format, path, options->width, options->height, error);
      if (writer->pdf == NULL)
        {
          pw_sheet_writer_free (writer);
          return NULL;
        }
      writer->cr = cairo_create (pw_image_file_get_surface (writer->pdf));
    }
  return writer;
}

/* Draws and writes the next page, of the rows waiting. */
static gboolean
write_page (PwSheetWriter  *writer,
            GError        **error)
{
  PwReportRow **rows = (PwReportRow **) writer->rows->pdata;
  guint n = writer->rows->len;

  if (writer->pdf != NULL)
    {
      paint_page (rows, n, &writer->options, writer->n_levels, writer->page, writer->cr);
      cairo_show_page (writer->cr);
    }
  else
    {
      g_autofree char *file = page_path (writer->path, writer->page);
      /* pictures at twice the points, 144 pixels an inch */
      double scale = g_str_equal (writer->format, "png") ? PNG_SCALE : 1;
      PwImageFile *image = pw_image_file_open (writer->format, file,
                                               writer->options.width * scale,
                                               writer->options.height * scale, error);
      cairo_t *cr;

      if (image == NULL)
        return FALSE;
      cr = cairo_create (pw_image_file_get_surface (image));
      cairo_scale (cr, scale, scale);
      paint_page (rows, n, &writer->options, writer->n_levels, writer->page, cr);
      cairo_show_page (cr);
      cairo_destroy (cr);
      if (!pw_image_file_close (image, error))
        return FALSE;
    }
  writer->page++;
  g_ptr_array_set_size (writer->rows, 0);
  return TRUE;
}

gboolean
pw_sheet_writer_add (PwSheetWriter  *writer,
                     PwReportRow    *row,
                     GError        **error)
{
  guint of_pass;

  g_return_val_if_fail (writer != NULL, FALSE);
  g_return_val_if_fail (row != NULL, FALSE);
  g_return_val_if_fail (writer->added < writer->n_levels * (writer->options.solutions ? 2 : 1),
                        FALSE);

  g_ptr_array_add (writer->rows, pw_report_row_new (row->file, row->order, row->level,
                                                    row->analysis, row->error));
  writer->added++;
  /* a page is full, or the levels (or the solutions) end */
  of_pass = (writer->added - 1) % writer->n_levels + 1;
  if (writer->rows->len == writer->options.per_page || of_pass == writer->n_levels)
    return write_page (writer, error);
  return TRUE;
}

gboolean
pw_sheet_writer_finish (PwSheetWriter  *writer,
                        guint          *n_pages,
                        GError        **error)
{
  g_autoptr(PwSheetWriter) owned = writer;

  g_return_val_if_fail (writer != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* an empty set has a page of levels (and one of solutions) all the same */
  while (writer->page < writer->n_pages)
    if (!write_page (writer, error))
      return FALSE;
  if (n_pages != NULL)
    *n_pages = writer->page;
  if (writer->pdf == NULL)
    return TRUE;
  g_clear_pointer (&writer->cr, cairo_destroy);
  return pw_image_file_close (g_steal_pointer (&writer->pdf), error);
}

void
pw_sheet_writer_free (PwSheetWriter *writer)
{
  if (writer == NULL)
    return;
  g_clear_pointer (&writer->cr, cairo_destroy);
  /* not finished: the file stays as it was */
  g_clear_pointer (&writer->pdf, pw_image_file_abort);
  g_ptr_array_unref (writer->rows);
  g_free (writer->title);
  g_free (writer->path);
  g_free (writer);
}

gboolean
pw_sheet_write (GPtrArray            *rows,
                const PwSheetOptions *options,
                const char           *path,
                guint                *n_pages,
                GError              **error)
{
  g_autoptr(PwSheetWriter) writer = NULL;

  g_return_val_if_fail (rows != NULL, FALSE);
  g_return_val_if_fail (options != NULL && options->per_page > 0, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  writer = pw_sheet_writer_new (options, rows->len, path, error);
  if (writer == NULL)
    return FALSE;
  for (guint pass = 0; pass < (options->solutions ? 2 : 1); pass++)
    for (guint i = 0; i < rows->len; i++)
      if (!pw_sheet_writer_add (writer, g_ptr_array_index (rows, i), error))
        return FALSE;
  return pw_sheet_writer_finish (g_steal_pointer (&writer), n_pages, error);
}

gboolean
pw_level_write_image (PwLevel     *level,
                      const char  *path,
                      double       cell,
                      GError     **error)
{
  const char *format;
  PwImageFile *image;
  cairo_t *cr;
  int columns, rows;

  g_return_val_if_fail (level != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (cell > 0, FALSE);

  format = pw_image_format_for_path (path);
  if (format == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the file name should end in .svg, .png or .pdf"), path);
      return FALSE;
    }
  if (!pw_level_get_grid (level, &columns, &rows) || columns <= 0 || rows <= 0)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("Levels of kind “%s” cannot be drawn"), pw_level_get_kind_id (level));
      return FALSE;
    }
  image = pw_image_file_open (format, path, columns * cell, rows * cell, error);
  if (image == NULL)
    return FALSE;
  cr = cairo_create (pw_image_file_get_surface (image));
  pw_level_paint (level, cr, columns * cell, rows * cell, FALSE, NULL);
  cairo_show_page (cr);
  cairo_destroy (cr);
  return pw_image_file_close (image, error);
}
