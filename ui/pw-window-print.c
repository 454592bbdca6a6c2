/* pw-window-print.c — printing the set and exporting a level's picture
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages are ui/pw-sheet.c's, as `puzzlewright render` writes them:
 * every level drawn by its kind's view, N a page (the sheets-per-page
 * setting, which the print dialog's Sheets tab starts from), with the
 * set's title; solution pages after them when asked (the same tab), from
 * the analyses the scheduler has. A level's picture is its kind's drawing alone.
 */

#define G_LOG_DOMAIN "pw-window-print"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-chart-paint.h"
#include "pw-sheet.h"
#include "pw-window-private.h"

#define IMAGE_CELL 48.0

typedef struct
{
  GPtrArray      *rows;
  PwSheetOptions  options;
  char           *title;
  /* the print dialog's Sheets tab */
  GtkSpinButton  *per_page;
  GtkCheckButton *solutions;
} Printing;

static void
printing_free (Printing *printing)
{
  g_ptr_array_unref (printing->rows);
  g_free (printing->title);
  g_free (printing);
}

static Printing *
printing_new (PwWindow *self,
              gboolean  solutions)
{
  Printing *printing = g_new0 (Printing, 1);
  guint n = pw_document_get_n_levels (self->document);

  printing->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  for (guint i = 0; i < n; i++)
    {
      PwLevel *level = pw_document_get_level (self->document, i);

      g_ptr_array_add (printing->rows,
                       pw_report_row_new (NULL, i + 1, level,
                                          pw_scheduler_lookup (self->scheduler, level), NULL));
    }
  printing->title = g_strdup (pw_level_set_get_title (pw_document_get_set (self->document)));
  pw_sheet_options_init (&printing->options);
  printing->options.title = printing->title;
  printing->options.solutions = solutions;
  /* the preference, when there are settings */
  if (self->settings != NULL)
    printing->options.per_page = MAX (g_settings_get_uint (self->settings, "sheets-per-page"), 1);
  return printing;
}

/* The print dialog's own tab: levels a page (the preference to start
 * with) and the solution pages. */
static GObject *
create_sheets_tab (GtkPrintOperation *operation,
                   Printing          *printing)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  printing->per_page = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 100, 1));
  gtk_spin_button_set_value (printing->per_page, printing->options.per_page);
  label = gtk_label_new_with_mnemonic (_("_Levels per page"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (printing->per_page));
  gtk_widget_set_halign (label, GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (printing->per_page), 1, 0, 1, 1);
  printing->solutions =
    GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Solution pages at the end")));
  gtk_check_button_set_active (printing->solutions, printing->options.solutions);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (printing->solutions), 1, 1, 1, 1);
  return G_OBJECT (grid);
}

static void
apply_sheets_tab (GtkPrintOperation *operation,
                  GtkWidget         *widget,
                  Printing          *printing)
{
  printing->options.per_page = gtk_spin_button_get_value_as_int (printing->per_page);
  printing->options.solutions = gtk_check_button_get_active (printing->solutions);
}

static void
begin_print (GtkPrintOperation *operation,
             GtkPrintContext   *context,
             Printing          *printing)
{
  printing->options.width = gtk_print_context_get_width (context);
  printing->options.height = gtk_print_context_get_height (context);
  gtk_print_operation_set_n_pages (operation,
                                   pw_sheet_n_pages (&printing->options, printing->rows->len));
}

static void
draw_page (GtkPrintOperation *operation,
           GtkPrintContext   *context,
           int                page,
           Printing          *printing)
{
  pw_sheet_paint_page (printing->rows, &printing->options, page,
                       gtk_print_context_get_cairo_context (context));
}

gboolean
pw_window_print (PwWindow    *self,
                 const char  *pdf_path,
                 gboolean     solutions,
                 GError     **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  GtkPrintOperationResult result;
  Printing *printing;

  g_return_val_if_fail (PW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->document == NULL)
    return FALSE;
  printing = printing_new (self, solutions);
  operation = gtk_print_operation_new ();
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, FALSE);
  gtk_print_operation_set_job_name (operation, printing->title != NULL ? printing->title : "");
  g_object_set_data_full (G_OBJECT (operation), "printing", printing,
                          (GDestroyNotify) printing_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print), printing);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page), printing);
  if (pdf_path != NULL)
    gtk_print_operation_set_export_filename (operation, pdf_path);
  else
    {
      /* Translators: the print dialog's tab of Puzzlewright's own options */
      gtk_print_operation_set_custom_tab_label (operation, _("Sheets"));
      g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_sheets_tab),
                        printing);
      g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (apply_sheets_tab),
                        printing);
    }
  result = gtk_print_operation_run (operation, pdf_path != NULL ? GTK_PRINT_OPERATION_ACTION_EXPORT
                                                               : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    GTK_WINDOW (self), error);
  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

gboolean
pw_window_export_level_image (PwWindow    *self,
                              const char  *path,
                              GError     **error)
{
  PwLevel *level;

  g_return_val_if_fail (PW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  level = _pw_window_current_level (self);
  if (level == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No level is selected"));
      return FALSE;
    }
  return pw_level_write_image (level, path, IMAGE_CELL, error);
}

static void
show_error (PwWindow   *self,
            const char *title,
            GError     *error)
{
  GtkWidget *alert = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL, GTK_MESSAGE_ERROR,
                                             GTK_BUTTONS_CLOSE, "%s", title);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (alert), "%s", error->message);
  g_signal_connect (alert, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (alert));
}

static void
image_chosen (PwWindow *self,
              GFile    *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *chosen = NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  /* no known ending: PNG */
  chosen = pw_image_format_for_path (path) != NULL ? g_strdup (path)
                                                  : g_strconcat (path, ".png", NULL);
  if (!pw_window_export_level_image (self, chosen, &error))
    show_error (self, _("Could not export the level’s picture"), error);
}

void
_pw_window_choose_level_image (PwWindow *self)
{
  PwLevel *level = _pw_window_current_level (self);
  GtkFileChooser *chooser;
  g_autofree char *name = NULL;

  if (level == NULL)
    return;
  chooser = _pw_window_file_chooser_new (self, _("Export Level Picture"),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                         image_chosen);
  /* Translators: the file name a level's picture is offered under */
  name = g_strdup_printf (_("%s.png"), pw_level_get_name (level));
  _pw_window_chooser_in_set_folder (self, chooser);
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
_pw_window_print_with_dialog (PwWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!pw_window_print (self, NULL, FALSE, &error))
    show_error (self, _("Could not print"), error);
}
