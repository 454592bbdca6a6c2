/* pw-graph-view.c — the whole state space of a small level, drawn
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * States stand in rows by their depth (moves from the start, the
 * explorer's breadth-first layers); within a row they are ordered by the
 * mean position of the states they are reached from, which keeps most
 * lines short.
 */

#define G_LOG_DOMAIN "pw-graph-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pw-graph-view.h"

#define LEGEND_HEIGHT 66

struct _PwGraphView
{
  GtkWidget     parent_instance;

  PwAnalysis   *analysis;
  guint32       current;
  guint32       n_states;
  guint         max_depth;
  double       *order;      /* per state: its place in its row, 0..1 */
  guint8       *combo_win;  /* per state: a win reached with no flagged move */
};

G_DEFINE_FINAL_TYPE (PwGraphView, pw_graph_view, GTK_TYPE_WIDGET)

enum
{
  STATE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static PwStateGraph *
drawable_graph (PwGraphView *self)
{
  PwStateGraph *graph = self->analysis ? pw_analysis_get_graph (self->analysis) : NULL;

  if (graph == NULL || !pw_state_graph_is_complete (graph) ||
      pw_state_graph_get_n_states (graph) > PW_GRAPH_VIEW_MAX_STATES)
    return NULL;
  return graph;
}

typedef struct
{
  guint32 state;
  double  key;
} Placed;

static int
compare_placed (gconstpointer a,
                gconstpointer b)
{
  const Placed *pa = a, *pb = b;

  if (pa->key != pb->key)
    return pa->key < pb->key ? -1 : 1;
  return pa->state < pb->state ? -1 : pa->state > pb->state;
}

/* Rows by depth, each ordered by the mean place of its predecessors in
 * the row above (a barycentre pass). */
static void
layout (PwGraphView *self)
{
  PwStateGraph *graph = drawable_graph (self);
  g_autofree double *sum = NULL;
  g_autofree guint *count = NULL;
  g_autoptr(GArray) queue = NULL;
  guint n_moves;

  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->combo_win, g_free);
  self->n_states = 0;
  self->max_depth = 0;
  if (graph == NULL)
    return;

  self->n_states = pw_state_graph_get_n_states (graph);
  n_moves = pw_state_graph_get_n_moves (graph);
  self->order = g_new0 (double, self->n_states);
  sum = g_new0 (double, self->n_states);
  count = g_new0 (guint, self->n_states);
  for (guint32 s = 0; s < self->n_states; s++)
    self->max_depth = MAX (self->max_depth, pw_state_graph_get_depth (graph, s));

  for (guint depth = 0; depth <= self->max_depth; depth++)
    {
      g_autoptr(GArray) row = g_array_new (FALSE, FALSE, sizeof (Placed));

      for (guint32 s = 0; s < self->n_states; s++)
        if (pw_state_graph_get_depth (graph, s) == depth)
          {
            Placed p = { s, count[s] > 0 ? sum[s] / count[s] : 0.5 };

            g_array_append_val (row, p);
          }
      g_array_sort (row, compare_placed);
      for (guint i = 0; i < row->len; i++)
        {
          guint32 s = g_array_index (row, Placed, i).state;

          self->order[s] = (i + 1.0) / (row->len + 1.0);
          if (pw_state_graph_is_won (graph, s))
            continue;
          for (guint m = 0; m < n_moves; m++)
            {
              guint32 t = pw_state_graph_get_successor (graph, s, m);

              if (t != PW_NO_STATE && pw_state_graph_get_depth (graph, t) == depth + 1)
                {
                  sum[t] += self->order[s];
                  count[t]++;
                }
            }
        }
    }

  /* wins reachable without a flagged move: the max-combo wins */
  self->combo_win = g_new0 (guint8, self->n_states);
  {
    g_autofree guint8 *seen = g_new0 (guint8, self->n_states);

    queue = g_array_new (FALSE, FALSE, sizeof (guint32));
    g_array_append_val (queue, (guint32) { 0 });
    seen[0] = 1;
    for (guint head = 0; head < queue->len; head++)
      {
        guint32 s = g_array_index (queue, guint32, head);

        if (pw_state_graph_is_won (graph, s))
          {
            self->combo_win[s] = 1;
            continue;
          }
        for (guint m = 0; m < n_moves; m++)
          {
            guint32 t = pw_state_graph_get_successor (graph, s, m);

            if (t == PW_NO_STATE || seen[t] || pw_state_graph_is_flagged (graph, s, m))
              continue;
            seen[t] = 1;
            g_array_append_val (queue, t);
          }
      }
  }
}

gboolean
pw_graph_view_get_position (PwGraphView *self,
                            guint32      state,
                            double      *x,
                            double      *y)
{
  PwStateGraph *graph = drawable_graph (self);
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double margin = 24;
  double bottom = margin + LEGEND_HEIGHT;

  if (graph == NULL || state >= self->n_states)
    return FALSE;
  *x = self->order[state] * width;
  *y = margin + (self->max_depth > 0
                 ? (height - margin - bottom) * pw_state_graph_get_depth (graph, state) /
                   self->max_depth
                 : (height - margin - bottom) / 2);
  return TRUE;
}

static double
node_radius (PwGraphView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double r = MIN (width, height) / (4.0 * sqrt (MAX (self->n_states, 1)));

  return CLAMP (r, 3, 10);
}

guint32
pw_graph_view_state_at (PwGraphView *self,
                        double       x,
                        double       y)
{
  double best = G_MAXDOUBLE;
  double r = node_radius (self) + 3;
  guint32 found = PW_NO_STATE;

  for (guint32 s = 0; s < self->n_states; s++)
    {
      double sx, sy, d;

      if (!pw_graph_view_get_position (self, s, &sx, &sy))
        break;
      d = hypot (sx - x, sy - y);
      if (d <= r && d < best)
        {
          best = d;
          found = s;
        }
    }
  return found;
}

static void
show_text (GtkWidget  *widget,
           cairo_t    *cr,
           const char *text,
           double      width,
           double      height)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int lw, lh;

  pango_layout_set_width (layout, (int) (width - 24) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &lw, &lh);
  cairo_move_to (cr, 12, (height - lh) / 2);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

typedef enum
{
  MARK_STATE,
  MARK_RING,
} Mark;

/* The key below the graph, in two rows of labelled marks. */
static void
draw_legend (GtkWidget *widget,
             cairo_t   *cr,
             double     width,
             double     height)
{
  static const struct { const char *label; double r, g, b; Mark mark; } entries[] = {
    { N_("start"), 0.15, 0.4, 0.9, MARK_RING },
    { N_("win"), 0.2, 0.65, 0.3, MARK_STATE },
    { N_("max-combo win"), 0.95, 0.7, 0.1, MARK_STATE },
    { N_("dead end"), 0.85, 0.15, 0.15, MARK_STATE },
    { N_("can still win"), 0.55, 0.6, 0.7, MARK_STATE },
    { N_("play position"), 0.1, 0.1, 0.1, MARK_RING },
  };
  double x = 8, y = height - LEGEND_HEIGHT + 6;
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, _(entries[i].label));
      int lw, lh;

      pango_layout_get_pixel_size (layout, &lw, &lh);
      if (x + 16 + lw > width - 8 && x > 8)
        {
          x = 8;
          y += LEGEND_HEIGHT / 3;
        }
      cairo_set_source_rgb (cr, entries[i].r, entries[i].g, entries[i].b);
      cairo_new_path (cr);
      cairo_arc (cr, x + 5, y + lh / 2.0, 5, 0, 2 * G_PI);
      if (entries[i].mark == MARK_RING)
        {
          cairo_set_line_width (cr, 2);
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_move_to (cr, x + 14, y);
      pango_cairo_show_layout (cr, layout);
      x += 14 + lw + 14;
      g_object_unref (layout);
    }
}

static void
pw_graph_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  PwGraphView *self = PW_GRAPH_VIEW (widget);
  PwStateGraph *graph = drawable_graph (self);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double r;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (graph == NULL)
    {
      PwStateGraph *any = self->analysis ? pw_analysis_get_graph (self->analysis) : NULL;
      g_autofree char *text = NULL;

      if (self->analysis == NULL)
        text = g_strdup (_("The state graph appears when the level has been analysed."));
      else if (any == NULL)
        text = g_strdup (_("This kind of level has no state graph."));
      else if (!pw_state_graph_is_complete (any))
        text = g_strdup (_("The analysis stopped early: the state graph is not complete."));
      else
        text = g_strdup_printf (_("The state graph is drawn for levels of up to %u states; "
                                  "this one has %u."),
                                PW_GRAPH_VIEW_MAX_STATES, pw_state_graph_get_n_states (any));
      show_text (widget, cr, text, width, height);
      cairo_destroy (cr);
      return;
    }

  r = node_radius (self);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height - LEGEND_HEIGHT);
  cairo_clip (cr);

  /* moves */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.55, 0.45);
  for (guint32 s = 0; s < self->n_states; s++)
    {
      double x0, y0;

      if (pw_state_graph_is_won (graph, s))
        continue;
      pw_graph_view_get_position (self, s, &x0, &y0);
      for (guint m = 0; m < pw_state_graph_get_n_moves (graph); m++)
        {
          guint32 t = pw_state_graph_get_successor (graph, s, m);
          double x1, y1;

          if (t == PW_NO_STATE || t == s)
            continue;
          pw_graph_view_get_position (self, t, &x1, &y1);
          cairo_move_to (cr, x0, y0);
          cairo_line_to (cr, x1, y1);
        }
    }
  cairo_stroke (cr);

  /* states */
  for (guint32 s = 0; s < self->n_states; s++)
    {
      double x, y;

      pw_graph_view_get_position (self, s, &x, &y);
      if (pw_state_graph_is_won (graph, s))
        {
          if (self->combo_win[s])
            cairo_set_source_rgb (cr, 0.95, 0.7, 0.1);
          else
            cairo_set_source_rgb (cr, 0.2, 0.65, 0.3);
        }
      else if (pw_state_graph_get_distance (graph, s) == PW_NO_STATE)
        cairo_set_source_rgb (cr, 0.85, 0.15, 0.15);
      else
        cairo_set_source_rgb (cr, 0.55, 0.6, 0.7);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_fill (cr);
      if (s == 0)
        {
          cairo_set_source_rgb (cr, 0.15, 0.4, 0.9);
          cairo_set_line_width (cr, 2.5);
          cairo_arc (cr, x, y, r + 2.5, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      if (s == self->current)
        {
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_line_width (cr, 3);
          cairo_arc (cr, x, y, r + 5, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, 1.5);
          cairo_arc (cr, x, y, r + 5, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
  draw_legend (widget, cr, width, height);
  cairo_destroy (cr);
}

static void
pressed (GtkGestureClick *gesture,
         int              n_press,
         double           x,
         double           y,
         PwGraphView     *self)
{
  guint32 state = pw_graph_view_state_at (self, x, y);

  if (state != PW_NO_STATE)
    g_signal_emit (self, signals[STATE_ACTIVATED], 0, state);
}

void
pw_graph_view_set_analysis (PwGraphView *self,
                            PwAnalysis  *analysis)
{
  g_return_if_fail (PW_IS_GRAPH_VIEW (self));

  if (!pw_analysis_replace (&self->analysis, analysis))
    return;
  self->current = PW_NO_STATE;
  layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
pw_graph_view_set_current (PwGraphView *self,
                           guint32      state)
{
  g_return_if_fail (PW_IS_GRAPH_VIEW (self));

  if (state == self->current)
    return;
  self->current = state;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pw_graph_view_finalize (GObject *object)
{
  PwGraphView *self = PW_GRAPH_VIEW (object);

  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->combo_win, g_free);
  G_OBJECT_CLASS (pw_graph_view_parent_class)->finalize (object);
}

static void
pw_graph_view_class_init (PwGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pw_graph_view_finalize;
  widget_class->snapshot = pw_graph_view_snapshot;

  signals[STATE_ACTIVATED] = g_signal_new ("state-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "pw-graph-view");
}

static void
pw_graph_view_init (PwGraphView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->current = PW_NO_STATE;
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Every state of the level, by moves from the start. "
                                 "Click a state to see it on the board."));
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}
