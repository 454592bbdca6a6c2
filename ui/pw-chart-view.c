/* pw-chart-view.c — the set's difficulty curve or predicted-vs-observed
 * scatter, in the window's side pane
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart is made from report rows (analysis/pw-chart-data.c: the
 * levels in the document's order, each with the analysis the scheduler
 * has cached) and painted by ui/pw-chart-paint.c, as the command line
 * does. Edits, reorders and finished analyses rebuild it once the main
 * loop is idle, so a burst of them costs one rebuild.
 */

#define G_LOG_DOMAIN "pw-chart-view"

#include "config.h"

#include <glib/gi18n.h>

#include "pw-canvas.h"
#include "pw-chart-paint.h"
#include "pw-chart-view.h"

#define HIT_RADIUS 8.0

struct _PwChartView
{
  GtkWidget        parent_instance;

  GtkDropDown     *mode_dropdown;
  GtkDropDown     *y_dropdown;
  GtkDropDown     *other_dropdown;
  GtkDropDown     *shape_dropdown;
  GtkLabel        *other_label;
  GtkLabel        *shape_label;
  GtkDrawingArea  *area;
  GtkButton       *export_button;
  GtkButton       *sort_button;

  PwDocument      *document;
  PwScheduler     *scheduler;
  GStrv            measures;     /* keys offered, in the dropdowns' order */
  PwChart         *chart;
  PwChartLayout    layout;
  gboolean         laid_out;
  char            *message;      /* shown instead of a chart */
  guint            current;
  guint            rebuild_idle;
  gboolean         stale;        /* changed while hidden: rebuilt when shown */
  gboolean         filling;      /* setting the dropdowns: no rebuild */
};

G_DEFINE_FINAL_TYPE (PwChartView, pw_chart_view, GTK_TYPE_WIDGET)

enum
{
  LEVEL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The measures worth offering for the set: the numeric figures of the
 * kinds it holds, then the playtest measures. */
static GStrv
measures_for (PwDocument *document)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) all = pw_measure_list ();
  guint n = document != NULL ? pw_document_get_n_levels (document) : 0;

  for (guint i = 0; i < n; i++)
    {
      const PwKind *kind = pw_level_get_kind (pw_document_get_level (document, i));

      for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
        g_hash_table_add (seen, (gpointer) kind->figures[f].key);
    }
  /* in the list's order: figures by registry, then the playtest measures
   * (the measures no kind has as a figure) */
  for (guint m = 0; all[m] != NULL; m++)
    {
      const PwKind * const *kinds;
      guint n_kinds;
      gboolean figure = FALSE;

      kinds = pw_kinds_list (&n_kinds);
      for (guint k = 0; k < n_kinds && !figure; k++)
        for (guint f = 0; f < kinds[k]->n_figures && !figure; f++)
          figure = g_str_equal (kinds[k]->figures[f].key, all[m]);
      if (!figure || g_hash_table_contains (seen, all[m]))
        g_strv_builder_add (builder, all[m]);
    }
  return g_strv_builder_end (builder);
}

static GListModel *
labels_model (GStrv    measures,
              gboolean with_none)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (with_none)
    gtk_string_list_append (list, C_("chart series", "None"));
  for (guint i = 0; measures[i] != NULL; i++)
    gtk_string_list_append (list, pw_measure_get_label (measures[i]));
  return G_LIST_MODEL (list);
}

static int
measure_index (PwChartView *self,
               const char  *measure)
{
  for (guint i = 0; measure != NULL && self->measures[i] != NULL; i++)
    if (g_str_equal (self->measures[i], measure))
      return i;
  return -1;
}

static PwChartViewMode
current_mode (PwChartView *self)
{
  return gtk_drop_down_get_selected (self->mode_dropdown) == 1 ? PW_CHART_VIEW_SCATTER
                                                                : PW_CHART_VIEW_CURVE;
}

static const char *
selected_measure (PwChartView *self,
                  GtkDropDown *dropdown,
                  gboolean     with_none)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || (with_none && selected == 0))
    return NULL;
  selected -= with_none ? 1 : 0;
  return selected < g_strv_length (self->measures) ? self->measures[selected] : NULL;
}

/* The document's levels in order, each with its cached analysis; while
 * shown, the levels not analysed yet are queued. */
static GPtrArray *
make_rows (PwChartView *self)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  guint n = self->document != NULL ? pw_document_get_n_levels (self->document) : 0;

  for (guint i = 0; i < n; i++)
    {
      PwLevel *level = pw_document_get_level (self->document, i);
      PwAnalysis *analysis = NULL;

      if (self->scheduler != NULL && pw_level_get_kind (level) != NULL &&
          (analysis = pw_scheduler_lookup (self->scheduler, level)) == NULL &&
          gtk_widget_get_mapped (GTK_WIDGET (self)))
        {
          g_autoptr(GPtrArray) problems = pw_level_validate (level);

          if (problems->len == 0)
            pw_scheduler_queue (self->scheduler, level);
        }
      g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, level, analysis, NULL));
    }
  return rows;
}

static void
rebuild (PwChartView *self)
{
  g_autoptr(GPtrArray) rows = make_rows (self);
  g_autoptr(GError) error = NULL;
  PwChartViewMode mode = current_mode (self);
  gboolean scatter = mode == PW_CHART_VIEW_SCATTER;
  const char *y = selected_measure (self, self->y_dropdown, FALSE);
  const char *other = selected_measure (self, self->other_dropdown, !scatter);
  guint n = self->document != NULL ? pw_document_get_n_levels (self->document) : 0;
  static const PwShape shapes[] = { PW_SHAPE_NONE, PW_SHAPE_RAMP, PW_SHAPE_SAWTOOTH };
  guint shape = gtk_drop_down_get_selected (self->shape_dropdown);

  g_clear_pointer (&self->chart, pw_chart_free);
  g_clear_pointer (&self->message, g_free);
  self->laid_out = FALSE;
  self->stale = FALSE;

  if (n == 0 || y == NULL || (scatter && other == NULL))
    self->message = g_strdup (_("No levels to chart"));
  else if (scatter)
    self->chart = pw_chart_new_scatter (rows, other, y, &error);
  else
    self->chart = pw_chart_new_curve (rows, y, other, shapes[MIN (shape, G_N_ELEMENTS (shapes) - 1)],
                                      PW_SHAPE_DEFAULT_PERIOD, &error);
  if (error != NULL)
    self->message = g_strdup (error->message);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), self->chart != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->sort_button), self->chart != NULL && !scatter);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static gboolean
rebuild_idle (gpointer data)
{
  PwChartView *self = data;

  self->rebuild_idle = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
queue_rebuild (PwChartView *self)
{
  if (self->filling)
    return;
  /* hidden, nothing is drawn: the work waits until the chart is shown */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  if (self->rebuild_idle == 0)
    self->rebuild_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rebuild_idle, self, NULL);
}

static void
fill_dropdowns (PwChartView *self,
                const char  *y,
                const char  *other)
{
  PwChartViewMode mode = current_mode (self);
  g_autoptr(GListModel) y_model = labels_model (self->measures, FALSE);
  g_autoptr(GListModel) other_model = labels_model (self->measures, mode == PW_CHART_VIEW_CURVE);
  int yi = measure_index (self, y), oi = measure_index (self, other);

  self->filling = TRUE;
  gtk_drop_down_set_model (self->y_dropdown, y_model);
  gtk_drop_down_set_model (self->other_dropdown, other_model);
  gtk_drop_down_set_selected (self->y_dropdown, MAX (yi, 0));
  if (mode == PW_CHART_VIEW_CURVE)
    gtk_drop_down_set_selected (self->other_dropdown, oi >= 0 ? oi + 1 : 0);
  else
    gtk_drop_down_set_selected (self->other_dropdown, MAX (oi, 0));
  gtk_label_set_text_with_mnemonic (self->other_label, mode == PW_CHART_VIEW_CURVE
                                                       ? _("_Second") : _("_Predicted by"));
  gtk_widget_set_visible (GTK_WIDGET (self->shape_dropdown), mode == PW_CHART_VIEW_CURVE);
  gtk_widget_set_visible (GTK_WIDGET (self->shape_label), mode == PW_CHART_VIEW_CURVE);
  self->filling = FALSE;
}

/* The defaults: the curve of difficulty, else of the first figure; the
 * scatter of the mean rating against it. */
static const char *
default_figure (PwChartView *self)
{
  if (measure_index (self, "difficulty") >= 0)
    return "difficulty";
  return self->measures[0];
}

static void
mode_changed (PwChartView *self)
{
  if (self->filling)
    return;
  if (current_mode (self) == PW_CHART_VIEW_SCATTER)
    fill_dropdowns (self, "rating", selected_measure (self, self->y_dropdown, FALSE));
  else
    fill_dropdowns (self, selected_measure (self, self->other_dropdown, FALSE), NULL);
  queue_rebuild (self);
}

void
pw_chart_view_set_document (PwChartView *self,
                            PwDocument  *document,
                            PwScheduler *scheduler)
{
  g_return_if_fail (PW_IS_CHART_VIEW (self));
  g_return_if_fail (document == NULL || PW_IS_DOCUMENT (document));
  g_return_if_fail (scheduler == NULL || PW_IS_SCHEDULER (scheduler));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_set_object (&self->document, document);
  g_set_object (&self->scheduler, scheduler);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "levels-changed", G_CALLBACK (queue_rebuild), self);
      g_signal_connect_swapped (document, "level-changed", G_CALLBACK (queue_rebuild), self);
    }
  if (scheduler != NULL)
    g_signal_connect_swapped (scheduler, "analysed", G_CALLBACK (queue_rebuild), self);

  g_strfreev (self->measures);
  self->measures = measures_for (document);
  self->current = G_MAXUINT;
  if (current_mode (self) == PW_CHART_VIEW_SCATTER)
    fill_dropdowns (self, "rating", default_figure (self));
  else
    fill_dropdowns (self, default_figure (self), NULL);
  queue_rebuild (self);
}

void
pw_chart_view_set_current (PwChartView *self,
                           guint        index)
{
  g_return_if_fail (PW_IS_CHART_VIEW (self));

  if (self->current == index)
    return;
  self->current = index;
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

gboolean
pw_chart_view_set_measures (PwChartView     *self,
                            PwChartViewMode  mode,
                            const char      *y,
                            const char      *other,
                            PwShape          shape)
{
  g_return_val_if_fail (PW_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (y != NULL, FALSE);

  if (measure_index (self, y) < 0 || (other != NULL && measure_index (self, other) < 0) ||
      (mode == PW_CHART_VIEW_SCATTER && other == NULL))
    return FALSE;
  self->filling = TRUE;
  gtk_drop_down_set_selected (self->mode_dropdown, mode == PW_CHART_VIEW_SCATTER ? 1 : 0);
  gtk_drop_down_set_selected (self->shape_dropdown, shape == PW_SHAPE_RAMP ? 1
                                                    : shape == PW_SHAPE_SAWTOOTH ? 2 : 0);
  self->filling = FALSE;
  fill_dropdowns (self, y, other);
  g_clear_handle_id (&self->rebuild_idle, g_source_remove);
  rebuild (self);
  return TRUE;
}

gboolean
pw_chart_view_sort (PwChartView *self)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree guint *order = NULL;
  g_autofree char *label = NULL;
  const char *y;

  g_return_val_if_fail (PW_IS_CHART_VIEW (self), FALSE);

  y = selected_measure (self, self->y_dropdown, FALSE);
  if (self->document == NULL || y == NULL || current_mode (self) != PW_CHART_VIEW_CURVE)
    return FALSE;
  rows = make_rows (self);
  order = pw_measure_sort_order (rows, y);
  /* Translators: the undo label of sorting the set by a figure: "Sort by Difficulty" */
  label = g_strdup_printf (_("Sort by %s"), pw_measure_get_label (y));
  pw_document_reorder_levels (self->document, order, label);
  return TRUE;
}

PwChart *
pw_chart_view_get_chart (PwChartView *self)
{
  g_return_val_if_fail (PW_IS_CHART_VIEW (self), NULL);

  if (self->rebuild_idle != 0 || self->stale)
    {
      g_clear_handle_id (&self->rebuild_idle, g_source_remove);
      rebuild (self);
    }
  return self->chart;
}

/* Lays the chart out for the area's size, without drawing. */
static void
ensure_layout (PwChartView *self)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  if (self->laid_out || self->chart == NULL)
    return;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (surface);
  pw_chart_paint (self->chart, cr, gtk_widget_get_width (GTK_WIDGET (self->area)),
                  gtk_widget_get_height (GTK_WIDGET (self->area)), FALSE, -1, &self->layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  self->laid_out = TRUE;
}

gboolean
pw_chart_view_point_position (PwChartView *self,
                              guint        index,
                              double      *x,
                              double      *y)
{
  g_return_val_if_fail (PW_IS_CHART_VIEW (self), FALSE);

  if (pw_chart_view_get_chart (self) == NULL || index >= self->chart->points->len)
    return FALSE;
  ensure_layout (self);
  return pw_chart_layout_point (&self->layout, &g_array_index (self->chart->points, PwChartPoint,
                                                                index), FALSE, x, y);
}

GtkWidget *
pw_chart_view_get_canvas (PwChartView *self)
{
  g_return_val_if_fail (PW_IS_CHART_VIEW (self), NULL);

  return GTK_WIDGET (self->area);
}

gboolean
pw_chart_view_export (PwChartView  *self,
                      const char   *path,
                      GError      **error)
{
  int width, height;

  g_return_val_if_fail (PW_IS_CHART_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (pw_chart_view_get_chart (self) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           self->message != NULL ? self->message : _("No levels to chart"));
      return FALSE;
    }
  /* at least the command line's size, in the pane's proportions */
  width = MAX (gtk_widget_get_width (GTK_WIDGET (self->area)), 1);
  height = MAX (gtk_widget_get_height (GTK_WIDGET (self->area)), 1);
  return pw_chart_write (self->chart, path, 800, 800.0 * height / width > 300 ? 800.0 * height / width
                                                                            : 500, error);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  PwChartView *self = data;
  gboolean dark = pw_widget_is_dark (GTK_WIDGET (self));
  int selected = -1;

  if (self->chart == NULL)
    {
      cairo_text_extents_t extents;
      const char *text = self->message != NULL ? self->message : "";

      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, 12);
      cairo_text_extents (cr, text, &extents);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_move_to (cr, MAX (6, (width - extents.x_advance) / 2), height / 2.0);
      cairo_show_text (cr, text);
      return;
    }
  for (guint i = 0; i < self->chart->points->len; i++)
    if (g_array_index (self->chart->points, PwChartPoint, i).row == self->current)
      selected = i;
  pw_chart_paint (self->chart, cr, width, height, dark, selected, &self->layout);
  self->laid_out = TRUE;
}

static void
area_resized (PwChartView *self)
{
  self->laid_out = FALSE;
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         PwChartView     *self)
{
  int found;

  if (pw_chart_view_get_chart (self) == NULL)
    return;
  ensure_layout (self);
  found = pw_chart_point_at (self->chart, &self->layout, x, y, HIT_RADIUS);
  if (found < 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_signal_emit (self, signals[LEVEL_ACTIVATED], 0,
                 g_array_index (self->chart->points, PwChartPoint, found).row);
}

static void
export_response (GtkNativeDialog *dialog,
                 int              response,
                 PwChartView     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      g_autofree char *chosen = g_strdup (path);

      /* no known ending: SVG */
      if (path != NULL && pw_image_format_for_path (path) == NULL)
        {
          g_free (chosen);
          chosen = g_strconcat (path, ".svg", NULL);
        }
      if (chosen != NULL && !pw_chart_view_export (self, chosen, &error))
        {
          GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW);
          GtkWidget *alert = gtk_message_dialog_new (GTK_WINDOW (window), GTK_DIALOG_MODAL,
                                                     GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                                     _("Could not export the chart"));

          gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (alert), "%s",
                                                    error->message);
          g_signal_connect (alert, "response", G_CALLBACK (gtk_window_destroy), NULL);
          gtk_window_present (GTK_WINDOW (alert));
        }
    }
  g_object_unref (dialog);
}

static void
export_clicked (PwChartView *self)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_WINDOW);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Export Chart"), GTK_WINDOW (window),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  GFile *file = self->document != NULL ? pw_document_get_file (self->document) : NULL;
  g_autoptr(GFile) folder = file != NULL ? g_file_get_parent (file) : NULL;
  const char *title = self->document != NULL
                      ? pw_level_set_get_title (pw_document_get_set (self->document)) : NULL;
  /* Translators: the file name an exported chart is offered under: the set's title */
  g_autofree char *name = g_strdup_printf (_("%s chart.svg"), title && *title ? title : _("levels"));

  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
pw_chart_view_map (GtkWidget *widget)
{
  PwChartView *self = PW_CHART_VIEW (widget);

  GTK_WIDGET_CLASS (pw_chart_view_parent_class)->map (widget);
  /* now shown: brought up to date, the levels not analysed yet queued */
  self->stale = FALSE;
  queue_rebuild (self);
}

static void
pw_chart_view_dispose (GObject *object)
{
  PwChartView *self = PW_CHART_VIEW (object);
  GtkWidget *child;

  g_clear_handle_id (&self->rebuild_idle, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_clear_object (&self->document);
  g_clear_object (&self->scheduler);
  g_clear_pointer (&self->chart, pw_chart_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_CHART_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (pw_chart_view_parent_class)->dispose (object);
}

static void
pw_chart_view_finalize (GObject *object)
{
  PwChartView *self = PW_CHART_VIEW (object);

  g_strfreev (self->measures);
  g_free (self->message);
  G_OBJECT_CLASS (pw_chart_view_parent_class)->finalize (object);
}

static void
pw_chart_view_class_init (PwChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_chart_view_dispose;
  object_class->finalize = pw_chart_view_finalize;
  widget_class->map = pw_chart_view_map;

  /* the index in the document of the level whose point was clicked */
  signals[LEVEL_ACTIVATED] = g_signal_new ("level-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-chart-view.ui");
  gtk_widget_class_bind_template_child (widget_class, PwChartView, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, y_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, other_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, shape_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, other_label);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, shape_label);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, area);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, export_button);
  gtk_widget_class_bind_template_child (widget_class, PwChartView, sort_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pw_chart_view_init (PwChartView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->measures = g_new0 (char *, 1);
  self->current = G_MAXUINT;
  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  g_signal_connect_swapped (self->area, "resize", G_CALLBACK (area_resized), self);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (self->mode_dropdown, "notify::selected", G_CALLBACK (mode_changed),
                            self);
  g_signal_connect_swapped (self->y_dropdown, "notify::selected", G_CALLBACK (queue_rebuild),
                            self);
  g_signal_connect_swapped (self->other_dropdown, "notify::selected", G_CALLBACK (queue_rebuild),
                            self);
  g_signal_connect_swapped (self->shape_dropdown, "notify::selected", G_CALLBACK (queue_rebuild),
                            self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  g_signal_connect_swapped (self->sort_button, "clicked", G_CALLBACK (pw_chart_view_sort), self);
}
