/* pw-chart-paint.c — the difficulty curve and the scatter, drawn with cairo
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text goes through cairo's own text calls, as the kinds' views do, so
 * that the command line draws charts with no Pango or GTK.
 */

#define G_LOG_DOMAIN "pw-chart-paint"

#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>

#include "pw-chart-paint.h"
#include "pw-image-file.h"
#include "pw-view-style.h"

#define FONT_SIZE    11.0
#define POINT_RADIUS 3.5
#define MARK_RADIUS  7.0
/* points (or segments) a path holds at most: cairo holds a filled or
 * stroked path whole while it draws it (2.6 KiB a point in an image), so
 * a chart of a million levels is drawn a piece at a time; a chart of
 * fewer points is drawn in one path */
#define PATH_BATCH   4096

typedef struct
{
  PwColour background;
  PwColour text;
  PwColour grid;
  PwColour series;
  PwColour series2;
  PwColour mark;
  PwColour fit;
} ChartColours;

#define RGB(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const ChartColours light_colours = {
  .background = RGB (0xff, 0xff, 0xff),
  .text = RGB (0x24, 0x24, 0x24),
  .grid = RGB (0xdd, 0xdd, 0xdd),
  .series = RGB (0x1c, 0x71, 0xd8),
  .series2 = RGB (0xe6, 0x61, 0x00),
  .mark = RGB (0xc0, 0x1c, 0x28),
  .fit = RGB (0x5e, 0x5c, 0x64),
};

static const ChartColours dark_colours = {
  .background = RGB (0x24, 0x24, 0x24),
  .text = RGB (0xee, 0xee, 0xee),
  .grid = RGB (0x48, 0x48, 0x48),
  .series = RGB (0x62, 0xa0, 0xea),
  .series2 = RGB (0xff, 0xa3, 0x48),
  .mark = RGB (0xf6, 0x61, 0x51),
  .fit = RGB (0xc0, 0xbf, 0xbc),
};

/* A step of 1, 2 or 5 × 10^k that cuts @range into about @wanted parts. */
static double
nice_step (double range,
           int    wanted)
{
  double raw = range / MAX (wanted, 1);
  double magnitude = pow (10, floor (log10 (raw)));
  double fraction = raw / magnitude;

  if (fraction <= 1)
    return magnitude;
  if (fraction <= 2)
    return 2 * magnitude;
  if (fraction <= 5)
    return 5 * magnitude;
  return 10 * magnitude;
}

/* Widens [*min, *max] to whole steps, never empty. */
static void
nice_range (double *min,
            double *max)
{
  double step;

  if (!isfinite (*min) || !isfinite (*max))
    {
      *min = 0;
      *max = 1;
      return;
    }
  if (*max - *min < 1e-12)
    {
      double pad = fabs (*min) > 0 ? fabs (*min) * 0.1 : 1;

      *min -= pad;
      *max += pad;
    }
  step = nice_step (*max - *min, 5);
  *min = floor (*min / step) * step;
  *max = ceil (*max / step) * step;
}

static void
format_tick (char   *buf,
             gsize   size,
             double  value,
             double  step)
{
  int decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  if (fabs (value) < step * 1e-6)
    value = 0;
  if (fabs (value) >= 1e6)
    g_snprintf (buf, size, "%.3g", value);
  else
    g_snprintf (buf, size, "%.*f", MIN (decimals, 6), value);
}

static void
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      align_x,   /* 0 left, 0.5 centre, 1 right */
           double      align_y)   /* 0 top, 0.5 middle, 1 baseline */
{
  cairo_text_extents_t extents;
  cairo_font_extents_t font;

  cairo_text_extents (cr, text, &extents);
  cairo_font_extents (cr, &font);
  cairo_move_to (cr, x - extents.x_advance * align_x, y + font.ascent * (1 - align_y));
  cairo_show_text (cr, text);
}

static double
map (double value,
     double from_min,
     double from_max,
     double to_min,
     double to_max)
{
  return to_min + (value - from_min) / (from_max - from_min) * (to_max - to_min);
}

gboolean
pw_chart_layout_point (const PwChartLayout *layout,
                       const PwChartPoint  *point,
                       gboolean             second,
                       double              *px,
                       double              *py)
{
  double y = second ? point->y2 : point->y;

  g_return_val_if_fail (layout != NULL && point != NULL, FALSE);

  if (isnan (y) || isnan (point->x))
    return FALSE;
  *px = map (point->x, layout->x_min, layout->x_max, layout->left, layout->right);
  if (second)
    *py = map (y, layout->y2_min, layout->y2_max, layout->bottom, layout->top);
  else
    *py = map (y, layout->y_min, layout->y_max, layout->bottom, layout->top);
  return TRUE;
}

int
pw_chart_point_at (PwChart             *chart,
                   const PwChartLayout *layout,
                   double               px,
                   double               py,
                   double               radius)
{
  double best = radius * radius;
  int found = -1;

  g_return_val_if_fail (chart != NULL && layout != NULL, -1);

  for (guint i = 0; i < chart->points->len; i++)
    for (int second = 0; second < 2; second++)
      {
        const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);
        double x, y, d;

        if (second && chart->y2_measure == NULL)
          continue;
        if (!pw_chart_layout_point (layout, point, second, &x, &y))
          continue;
        d = (x - px) * (x - px) + (y - py) * (y - py);
        if (d <= best)
          {
            best = d;
            found = i;
          }
      }
  return found;
}

static void
value_range (PwChart *chart,
             gboolean second,
             gboolean x_axis,
             double  *min,
             double  *max)
{
  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);
      double v = x_axis ? point->x : second ? point->y2 : point->y;

      if (isnan (v))
        continue;
      *min = MIN (*min, v);
      *max = MAX (*max, v);
    }
}

/* The line over the plot: a scatter's coefficients, or how many levels
 * break the curve's shape. */
static char *
chart_title (PwChart *chart)
{
  guint marked = 0;

  for (guint i = 0; i < chart->points->len; i++)
    marked += g_array_index (chart->points, PwChartPoint, i).marked != FALSE;

  if (chart->x_measure != NULL)
    {
      char r[G_ASCII_DTOSTR_BUF_SIZE], rho[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (r, sizeof r, "%.3f", chart->pearson);
      g_ascii_formatd (rho, sizeof rho, "%.3f", chart->spearman);
      /* Translators: the scatter's coefficients: Pearson's r, Spearman's ρ, the count of
       * levels and the outliers found */
      return g_strdup_printf (_("Pearson r = %s   Spearman ρ = %s   n = %u   outliers: %u"),
                              isnan (chart->pearson) ? "–" : r,
                              isnan (chart->spearman) ? "–" : rho, chart->n, marked);
    }
  if (chart->shape == PW_SHAPE_RAMP)
    return g_strdup_printf (ngettext ("%u level dips below the one before",
                                      "%u levels dip below the one before", marked), marked);
  if (chart->shape == PW_SHAPE_SAWTOOTH)
    return g_strdup_printf (ngettext ("%u level rises on with no rest",
                                      "%u levels rise on with no rest", marked), marked);
  return g_strdup ("");
}

#define SWATCH 8.0

/* The width of a curve's legend (a swatch and the label of each series). */
static double
legend_width (cairo_t *cr,
              PwChart *chart)
{
  double total = 0;

  if (chart->x_measure != NULL)
    return 0;
  for (int second = 0; second <= (chart->y2_measure != NULL); second++)
    {
      cairo_text_extents_t extents;

      cairo_text_extents (cr, second ? chart->y2_label : chart->y_label, &extents);
      total += SWATCH + 6 + extents.x_advance + (second ? 0 : 14);
    }
  return total;
}

/* Whether the legend goes on a line of its own, under the title: when the
 * two do not fit side by side. @cr has the chart's font. */
static gboolean
legend_below (cairo_t *cr,
              PwChart *chart,
              double   width)
{
  g_autofree char *title = chart_title (chart);
  cairo_text_extents_t extents;
  double legend = legend_width (cr, chart);

  if (legend == 0)
    return FALSE;
  cairo_text_extents (cr, title, &extents);
  return extents.x_advance + 20 + legend > width - 24;
}

static void
compute_layout (PwChart       *chart,
                cairo_t       *cr,
                double         width,
                double         height,
                PwChartLayout *layout)
{
  gboolean curve = chart->x_measure == NULL;
  gboolean two = chart->y2_measure != NULL;
  double margin = 12;

  if (curve)
    {
      layout->x_min = 0.5;
      layout->x_max = MAX (chart->points->len, 1) + 0.5;
    }
  else
    {
      value_range (chart, FALSE, TRUE, &layout->x_min, &layout->x_max);
      nice_range (&layout->x_min, &layout->x_max);
    }
  value_range (chart, FALSE, FALSE, &layout->y_min, &layout->y_max);
  nice_range (&layout->y_min, &layout->y_max);
  value_range (chart, TRUE, FALSE, &layout->y2_min, &layout->y2_max);
  nice_range (&layout->y2_min, &layout->y2_max);

  /* room for the title line, tick labels and axis titles */
  layout->left = margin + FONT_SIZE * 1.6 + FONT_SIZE * 4.5;
  layout->right = width - margin - (two ? FONT_SIZE * 1.6 + FONT_SIZE * 4.5 : FONT_SIZE);
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, FONT_SIZE);
  layout->top = margin + FONT_SIZE * (legend_below (cr, chart, width) ? 3.9 : 2.4);
  cairo_restore (cr);
  layout->bottom = height - margin - FONT_SIZE * 3.4;
  if (layout->right - layout->left < 20)
    layout->right = layout->left + 20;
  if (layout->bottom - layout->top < 20)
    layout->bottom = layout->top + 20;
}

static void
paint_y_axis (cairo_t             *cr,
              const ChartColours  *colours,
              const PwChartLayout *layout,
              double               min,
              double               max,
              gboolean             right,
              const char          *title,
              const PwColour      *title_colour)
{
  double step = nice_step (max - min, 5);
  double x = right ? layout->right : layout->left;
  double title_x;

  for (double v = min; v <= max + step * 1e-6; v += step)
    {
      double y = map (v, min, max, layout->bottom, layout->top);
      char buf[64];

      if (!right)
        {
          pw_colour_set (cr, &colours->grid);
          cairo_set_line_width (cr, 1);
          cairo_move_to (cr, layout->left, round (y) + 0.5);
          cairo_line_to (cr, layout->right, round (y) + 0.5);
          cairo_stroke (cr);
        }
      format_tick (buf, sizeof buf, v, step);
      pw_colour_set (cr, &colours->text);
      show_text (cr, buf, right ? x + 5 : x - 5, y + FONT_SIZE * 0.35, right ? 0 : 1, 1);
    }

  /* the axis title, turned a quarter */
  cairo_save (cr);
  title_x = right ? layout->right + FONT_SIZE * 5.5 : layout->left - FONT_SIZE * 5.2;
  cairo_translate (cr, title_x, (layout->top + layout->bottom) / 2);
  cairo_rotate (cr, right ? G_PI / 2 : -G_PI / 2);
  pw_colour_set (cr, title_colour);
  show_text (cr, title, 0, 0, 0.5, 1);
  cairo_restore (cr);
}

static void
paint_x_axis (cairo_t             *cr,
              const ChartColours  *colours,
              PwChart             *chart,
              const PwChartLayout *layout)
{
  gboolean curve = chart->x_measure == NULL;
  double min = curve ? 1 : layout->x_min;
  double max = curve ? MAX (chart->points->len, 1) : layout->x_max;
  double step = curve ? MAX (1, nice_step (max - min + 1, 8)) : nice_step (max - min, 6);

  if (curve)
    min = step > 1 ? step : 1;
  for (double v = min; v <= max + step * 1e-6; v += step)
    {
      double x = map (v, layout->x_min, layout->x_max, layout->left, layout->right);
      char buf[64];

      if (!curve)
        {
          pw_colour_set (cr, &colours->grid);
          cairo_set_line_width (cr, 1);
          cairo_move_to (cr, round (x) + 0.5, layout->top);
          cairo_line_to (cr, round (x) + 0.5, layout->bottom);
          cairo_stroke (cr);
        }
      format_tick (buf, sizeof buf, v, step);
      pw_colour_set (cr, &colours->text);
      show_text (cr, buf, x, layout->bottom + FONT_SIZE * 1.4, 0.5, 1);
    }
  show_text (cr, chart->x_label, (layout->left + layout->right) / 2,
             layout->bottom + FONT_SIZE * 2.9, 0.5, 1);

  pw_colour_set (cr, &colours->text);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, layout->left + 0.5, layout->top);
  cairo_line_to (cr, layout->left + 0.5, layout->bottom + 0.5);
  cairo_line_to (cr, layout->right, layout->bottom + 0.5);
  cairo_stroke (cr);
}

static void
paint_series (cairo_t             *cr,
              PwChart             *chart,
              const PwChartLayout *layout,
              gboolean             second,
              const PwColour      *colour,
              gboolean             lines)
{
  gboolean started = FALSE;
  guint in_path = 0;

  pw_colour_set (cr, colour);
  if (lines)
    {
      cairo_set_line_width (cr, 1.5);
      if (second)
        {
          static const double dashes[] = { 5, 3 };

          cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
        }
      for (guint i = 0; i < chart->points->len; i++)
        {
          double x, y;

          /* a level with no value breaks the line */
          if (!pw_chart_layout_point (layout, &g_array_index (chart->points, PwChartPoint, i),
                                      second, &x, &y))
            {
              started = FALSE;
              continue;
            }
          if (started)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          started = TRUE;
          /* a long line in pieces, the next starting where it stopped */
          if (++in_path == PATH_BATCH)
            {
              cairo_stroke (cr);
              cairo_move_to (cr, x, y);
              in_path = 0;
            }
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  in_path = 0;
  for (guint i = 0; i < chart->points->len; i++)
    {
      double x, y;

      if (!pw_chart_layout_point (layout, &g_array_index (chart->points, PwChartPoint, i),
                                  second, &x, &y))
        continue;
      if (second)
        cairo_rectangle (cr, x - POINT_RADIUS, y - POINT_RADIUS, 2 * POINT_RADIUS,
                         2 * POINT_RADIUS);
      else
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, POINT_RADIUS, 0, 2 * G_PI);
        }
      if (++in_path == PATH_BATCH)
        {
          cairo_fill (cr);
          in_path = 0;
        }
    }
  cairo_fill (cr);
}

static void
paint_marks (cairo_t             *cr,
             const ChartColours  *colours,
             PwChart             *chart,
             const PwChartLayout *layout)
{
  gboolean scatter = chart->x_measure != NULL;

  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);
      double x, y;

      if (!point->marked || !pw_chart_layout_point (layout, point, FALSE, &x, &y))
        continue;
      pw_colour_set (cr, &colours->mark);
      cairo_set_line_width (cr, 2);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, MARK_RADIUS, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_arc (cr, x, y, POINT_RADIUS, 0, 2 * G_PI);
      cairo_fill (cr);
      /* outliers are named */
      if (scatter)
        show_text (cr, point->name != NULL && *point->name ? point->name : point->id,
                   x + MARK_RADIUS + 2, y - 2, x > (layout->left + layout->right) / 2 ? 1 : 0, 1);
    }
}

static void
paint_title (cairo_t             *cr,
             const ChartColours  *colours,
             PwChart             *chart,
             const PwChartLayout *layout,
             double               width)
{
  g_autofree char *title = chart_title (chart);
  gboolean below = legend_below (cr, chart, width);
  double baseline = 12 + FONT_SIZE;

  pw_colour_set (cr, &colours->text);
  show_text (cr, title, 12, baseline, 0, 1);

  /* the legend of a curve, right-aligned, beside the title or under it */
  if (chart->x_measure == NULL)
    {
      double x = width - 12;

      if (below)
        baseline += FONT_SIZE * 1.5;
      for (int second = chart->y2_measure != NULL; second >= 0; second--)
        {
          const char *label = second ? chart->y2_label : chart->y_label;
          cairo_text_extents_t extents;

          cairo_text_extents (cr, label, &extents);
          pw_colour_set (cr, &colours->text);
          show_text (cr, label, x, baseline, 1, 1);
          x -= extents.x_advance + 6;
          pw_colour_set (cr, second ? &colours->series2 : &colours->series);
          cairo_rectangle (cr, x - SWATCH, baseline - FONT_SIZE * 0.65, SWATCH, SWATCH);
          cairo_fill (cr);
          x -= SWATCH + 14;
        }
    }
}

void
pw_chart_paint (PwChart       *chart,
                cairo_t       *cr,
                double         width,
                double         height,
                gboolean       dark,
                int            selected,
                PwChartLayout *layout)
{
  const ChartColours *colours = dark ? &dark_colours : &light_colours;
  PwChartLayout local;
  gboolean scatter;

  g_return_if_fail (chart != NULL);
  g_return_if_fail (cr != NULL);

  scatter = chart->x_measure != NULL;
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, FONT_SIZE);
  pw_colour_set (cr, &colours->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  compute_layout (chart, cr, width, height, &local);
  paint_y_axis (cr, colours, &local, local.y_min, local.y_max, FALSE, chart->y_label,
                chart->y2_measure != NULL ? &colours->series : &colours->text);
  if (chart->y2_measure != NULL)
    paint_y_axis (cr, colours, &local, local.y2_min, local.y2_max, TRUE, chart->y2_label,
                  &colours->series2);
  paint_x_axis (cr, colours, chart, &local);

  cairo_save (cr);
  cairo_rectangle (cr, local.left - MARK_RADIUS - 2, local.top - MARK_RADIUS - 2,
                   local.right - local.left + 2 * MARK_RADIUS + 4,
                   local.bottom - local.top + 2 * MARK_RADIUS + 4);
  cairo_clip (cr);
  if (scatter && chart->fitted)
    {
      pw_colour_set (cr, &colours->fit);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, local.left,
                     map (chart->slope * local.x_min + chart->intercept, local.y_min, local.y_max,
                          local.bottom, local.top));
      cairo_line_to (cr, local.right,
                     map (chart->slope * local.x_max + chart->intercept, local.y_min, local.y_max,
                          local.bottom, local.top));
      cairo_stroke (cr);
    }
  if (chart->y2_measure != NULL)
    paint_series (cr, chart, &local, TRUE, &colours->series2, TRUE);
  paint_series (cr, chart, &local, FALSE, &colours->series, !scatter);
  cairo_restore (cr);
  paint_marks (cr, colours, chart, &local);

  if (selected >= 0 && (guint) selected < chart->points->len)
    for (int second = 0; second < 2; second++)
      {
        double x, y;

        if (pw_chart_layout_point (&local, &g_array_index (chart->points, PwChartPoint, selected),
                                   second, &x, &y))
          {
            pw_colour_set (cr, &colours->text);
            cairo_set_line_width (cr, 2);
            cairo_new_sub_path (cr);
            cairo_arc (cr, x, y, MARK_RADIUS + 3, 0, 2 * G_PI);
            cairo_stroke (cr);
          }
      }

  paint_title (cr, colours, chart, &local, width);
  cairo_restore (cr);
  if (layout != NULL)
    *layout = local;
}

const char *
pw_image_format_for_path (const char *path)
{
  static const char * const formats[] = { "svg", "png", "pdf" };
  const char *dot;

  g_return_val_if_fail (path != NULL, NULL);

  dot = strrchr (path, '.');
  if (dot == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (dot + 1, formats[i]) == 0)
      return formats[i];
  return NULL;
}

gboolean
pw_chart_write (PwChart     *chart,
                const char  *path,
                double       width,
                double       height,
                GError     **error)
{
  const char *format;
  PwImageFile *image;
  cairo_t *cr;

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  format = pw_image_format_for_path (path);
  if (format == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: the file name should end in .svg, .png or .pdf"), path);
      return FALSE;
    }
  image = pw_image_file_open (format, path, width, height, error);
  if (image == NULL)
    return FALSE;
  cr = cairo_create (pw_image_file_get_surface (image));
  pw_chart_paint (chart, cr, width, height, FALSE, -1, NULL);
  cairo_show_page (cr);
  cairo_destroy (cr);
  return pw_image_file_close (image, error);
}
