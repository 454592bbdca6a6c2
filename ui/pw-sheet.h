/* pw-sheet.h — levels laid out on printable pages
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cairo only (the drawing library). Every level is drawn by its kind's
 * view table (pw-kind-view.h), solutions by its draw_solution, so that
 * printing knows no kind: `puzzlewright render`, the editor's print and
 * image export and the tests all go through here.
 */

#pragma once

#include <cairo.h>

#include "puzzlewright.h"

G_BEGIN_DECLS

/* A4 in points */
#define PW_SHEET_WIDTH   595.0
#define PW_SHEET_HEIGHT  842.0

typedef struct
{
  const char *title;       /* on every page; NULL: none */
  guint       per_page;    /* levels a page, ≥ 1 */
  gboolean    solutions;   /* solution pages after the levels */
  double      width;       /* page size, points */
  double      height;
} PwSheetOptions;

void     pw_sheet_options_init (PwSheetOptions *options);

/* Pages the sheet of @n_levels levels takes. */
guint    pw_sheet_n_pages      (const PwSheetOptions *options,
                                guint                 n_levels);

/* Paints page @page (0-based) of the sheet of @rows (PwReportRow: level,
 * order and, for solution pages, the analysis) on @cr, over the page
 * size of @options. */
void     pw_sheet_paint_page   (GPtrArray            *rows,
                                const PwSheetOptions *options,
                                guint                 page,
                                cairo_t              *cr);

/* Writes the sheet to @path: a PDF of every page, or SVG/PNG (one file a
 * page: “sheet.svg”, then “sheet-2.svg”…); by the file name's ending.
 * Sets *n_pages (may be NULL). */
gboolean pw_sheet_write        (GPtrArray            *rows,
                                const PwSheetOptions *options,
                                const char           *path,
                                guint                *n_pages,
                                GError              **error);

/* A sheet written a page at a time, for sets too large to hold (`render`):
 * the same files as pw_sheet_write, holding only the rows of the page
 * being filled. Give it the @n_levels rows in order, then, with
 * options->solutions, the same rows again with their analyses; each page
 * is drawn and written (a PDF page, or its own SVG or PNG file) once it
 * is full. Errors name the file. */
typedef struct _PwSheetWriter PwSheetWriter;

PwSheetWriter *pw_sheet_writer_new    (const PwSheetOptions *options,
                                       guint                 n_levels,
                                       const char           *path,
                                       GError              **error);
gboolean       pw_sheet_writer_add    (PwSheetWriter        *writer,
                                       PwReportRow          *row,
                                       GError              **error);
/* Writes what is left (an empty set's empty pages), finishes the files
 * and frees the writer; the pages written in *n_pages (may be NULL). */
gboolean       pw_sheet_writer_finish (PwSheetWriter        *writer,
                                       guint                *n_pages,
                                       GError              **error);
/* Frees the writer, leaving what it wrote. */
void           pw_sheet_writer_free   (PwSheetWriter        *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwSheetWriter, pw_sheet_writer_free)

/* Writes one level, drawn alone, to @path (SVG, PNG or PDF), @cell points
 * a cell. */
gboolean pw_level_write_image  (PwLevel              *level,
                                const char           *path,
                                double                cell,
                                GError              **error);

G_END_DECLS
