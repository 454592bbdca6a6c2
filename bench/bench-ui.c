/* bench-ui.c — does the editor keep its frame rate while a big level is
 * analysed? Run by bench/run under Xvfb; figures in docs/performance.md.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the window on one level of bench/levels.txt, keeps the canvas
 * redrawing every frame (as an animation would) and, until the analysis
 * is done, records the gaps between frames and how late a 10 ms timer
 * fires on the main loop.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-application.h"
#include "pw-window.h"

typedef struct
{
  GArray  *frame_gaps;   /* double, ms */
  GArray  *timer_late;   /* double, ms */
  gint64   last_frame;
  gint64   timer_due;
} Measure;

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Measure *m = data;
  gint64 now = g_get_monotonic_time ();

  if (m->last_frame != 0)
    {
      double gap = (now - m->last_frame) / 1000.0;

      g_array_append_val (m->frame_gaps, gap);
    }
  m->last_frame = now;
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
timer (gpointer data)
{
  Measure *m = data;
  gint64 now = g_get_monotonic_time ();
  double late = (now - m->timer_due) / 1000.0;

  g_array_append_val (m->timer_late, late);
  m->timer_due = now + 10000;
  return G_SOURCE_CONTINUE;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what,
        GArray     *values)
{
  double sum = 0;

  if (values->len == 0)
    {
      g_print ("  %s: none\n", what);
      return;
    }
  g_array_sort (values, compare_double);
  for (guint i = 0; i < values->len; i++)
    sum += g_array_index (values, double, i);
  g_print ("  %s: %u, mean %.1f ms, 99th percentile %.1f ms, worst %.1f ms\n", what, values->len,
           sum / values->len, g_array_index (values, double, (guint) (values->len * 0.99)),
           g_array_index (values, double, values->len - 1));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  PwAnalysisPanel *panel;
  PwWindow *window;
  Measure m = { 0 };
  gint64 start, end;
  guint timer_id;

  if (argc != 3)
    {
      g_printerr ("usage: bench-ui LEVELS.txt LEVEL-NAME\n");
      return 2;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_init ();
  pw_ui_register_resources ();

  if (!g_file_get_contents (argv[1], &text, NULL, &error) ||
      !pw_import_text (set, "slide", text, argv[1], &error))
    g_error ("%s", error->message);
  for (guint i = pw_level_set_get_n_levels (set); i-- > 0;)
    if (g_strcmp0 (pw_level_get_name (pw_level_set_get_level (set, i)), argv[2]) != 0)
      pw_level_set_remove (set, i);
  if (pw_level_set_get_n_levels (set) != 1)
    g_error ("no level %s in %s", argv[2], argv[1]);
  document = pw_document_new (set, NULL);

  window = pw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);

  m.frame_gaps = g_array_new (FALSE, FALSE, sizeof (double));
  m.timer_late = g_array_new (FALSE, FALSE, sizeof (double));
  gtk_widget_add_tick_callback (GTK_WIDGET (pw_window_get_canvas (window)), tick, &m, NULL);
  m.timer_due = g_get_monotonic_time () + 10000;
  timer_id = g_timeout_add (10, timer, &m);

  start = g_get_monotonic_time ();
  pw_window_set_document (window, document);
  panel = pw_window_get_analysis_panel (window);
  while (!g_str_has_prefix (pw_analysis_panel_get_status_text (panel), "Analysed") &&
         !g_str_has_prefix (pw_analysis_panel_get_status_text (panel), "Partial") &&
         g_get_monotonic_time () - start < 60 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  end = g_get_monotonic_time ();
  g_source_remove (timer_id);

  g_print ("%s: %s after %.2f s in the window; states %s\n", argv[2],
           pw_analysis_panel_get_status_text (panel), (end - start) / 1e6,
           pw_analysis_panel_get_figure_text (panel, "states"));
  report ("frames", m.frame_gaps);
  report ("10 ms timer lateness", m.timer_late);
  g_print ("  frame rate while analysing: %.1f per second\n", m.frame_gaps->len / ((end - start) / 1e6));

  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (m.frame_gaps);
  g_array_unref (m.timer_late);
  return 0;
}
