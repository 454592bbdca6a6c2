/* test-slide-view.c — geometry, and every sample level drawn to pixels
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "freecell-view.h"
#include "pw-kind-view.h"
#include "slide-private.h"

static void
test_geometry (void)
{
  PwGeometry g;
  int column, row;

  /* 8 × 6 cells in 400 × 300 with a 10 px margin: 280 / 6 makes 46 px
   * cells, 368 × 276 centred at (16, 12) */
  pw_geometry_fit (&g, 8, 6, 400, 300, 10);
  g_assert_cmpfloat (g.cell, ==, 46);
  g_assert_cmpfloat (g.x, ==, 16);
  g_assert_cmpfloat (g.y, ==, 12);

  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 8; c++)
      {
        double x, y;

        pw_geometry_cell_origin (&g, c, r, &x, &y);
        g_assert_true (pw_geometry_cell_at (&g, x + g.cell / 2, y + g.cell / 2, &column, &row));
        g_assert_cmpint (column, ==, c);
        g_assert_cmpint (row, ==, r);
        /* the corner belongs to the cell, the next pixel row to the next */
        g_assert_true (pw_geometry_cell_at (&g, x, y, &column, &row));
        g_assert_cmpint (column, ==, c);
      }
  g_assert_false (pw_geometry_cell_at (&g, 15.5, 100, NULL, NULL));
  g_assert_false (pw_geometry_cell_at (&g, 100, 12 + 6 * 46, NULL, NULL));

  /* never smaller than a pixel */
  pw_geometry_fit (&g, 16, 16, 5, 5, 0);
  g_assert_cmpfloat (g.cell, ==, 1);
}

static void
pixel (cairo_surface_t *surface,
       int              x,
       int              y,
       double          *r,
       double          *g,
       double          *b)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 p = *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);

  /* opaque everywhere we look, so no unpremultiplying */
  *r = ((p >> 16) & 0xff) / 255.0;
  *g = ((p >> 8) & 0xff) / 255.0;
  *b = (p & 0xff) / 255.0;
}

static gboolean
close_to (double          r,
          double          g,
          double          b,
          const PwColour *c)
{
  return fabs (r - c->red) < 3.5 / 255 && fabs (g - c->green) < 3.5 / 255 &&
         fabs (b - c->blue) < 3.5 / 255;
}

/* Each sample level, light and dark: the pixel at the middle of every cell
 * has the colour of what stands there (for crates, a point off the cross),
 * and the PNG is kept in the build folder to look at. */
static void
test_sample_levels (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  const PwViewStyle *style = pw_view_style_get (dark);
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                            "sample.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, NULL);
  const int cell = 24;

  g_assert_nonnull (set);
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      const PwSlideLevel *slide = pw_level_get_data (level);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             slide->width * cell,
                                                             slide->height * cell);
      cairo_t *cr = cairo_create (surface);
      g_autofree char *png = g_strdup_printf ("%s/level-%02u-%s.png", g_getenv ("G_TEST_BUILDDIR"),
                                              i + 1, dark ? "dark" : "light");
      PwGeometry geometry;

      g_assert_true (pw_level_paint (level, cr, slide->width * cell, slide->height * cell, dark,
                                     &geometry));
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      g_assert_cmpfloat (geometry.cell, ==, cell);

      for (int y = 0; y < slide->height; y++)
        for (int x = 0; x < slide->width; x++)
          {
            char c = slide->cells[y * slide->width + x];
            const char *colours = "rygb";
            const PwColour *expected = NULL;
            const PwColour *other = NULL;
            double px = x * cell + cell / 2, py = y * cell + cell / 2;
            double r, g, b;

            switch (c)
              {
              case '#': expected = &style->wall; break;
              case '.': expected = &style->floor; other = &style->floor_alternate; break;
              case 'o': expected = &style->pit; break;
              case '$': expected = &style->crate; px = x * cell + cell * 0.3; break;
              case '*': expected = &style->ice; break;
              default:
                if (strchr (colours, c))
                  expected = &style->pieces[strchr (colours, c) - colours];
                else
                  expected = &style->pieces[strchr ("RYGB", c) - "RYGB"];
              }
            pixel (surface, px, py, &r, &g, &b);
            if (!close_to (r, g, b, expected) && (other == NULL || !close_to (r, g, b, other)))
              g_error ("level %u, cell (%d, %d) '%c': pixel %.3f %.3f %.3f, expected %.3f %.3f "
                       "%.3f", i + 1, x, y, c, r, g, b, expected->red, expected->green,
                       expected->blue);
          }

      g_assert_cmpint (cairo_surface_write_to_png (surface, png), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (surface);
    }
}

/* A kind without a view paints the background and says so. */
static void
test_unknown_kind (void)
{
  g_autoptr(JsonNode) payload = json_from_string ("{\"cards\":[]}", NULL);
  g_autoptr(PwLevel) level = _pw_level_new_unknown ("cards", payload);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GError) error = NULL;

  g_assert_false (pw_level_paint (level, cr, 10, 10, FALSE, NULL));
  g_assert_false (pw_level_write_png (level, "/nonexistent/x.png", 10, FALSE, &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A combination level: walls, holes and floor at their cells, the
 * inventory row's first piece in its colour, and the analysis's dead cells
 * drawn over the floor. */
static void
test_combination_view (gconstpointer data)
{
  gboolean dark = GPOINTER_TO_INT (data);
  const PwViewStyle *style = pw_view_style_get (dark);
  g_autoptr(GError) error = NULL;
  /* three queens of three colours around a wall cannot all hide from
   * each other: every empty cell is dead, the wall and the hole are not */
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination",
                                                     "...\n.#o\n...\n1 green both\n1 red both\n"
                                                     "1 blue both\n",
                                                     &error);
  g_autoptr(PwAnalysis) analysis = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 400);
  cairo_t *cr = cairo_create (surface);
  const PwKindView *view = pw_kind_view_lookup ("combination");
  PwAnalyseOptions options;
  PwGeometry g;
  JsonArray *dead;
  double r, gr, b, x, y;

  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  dead = json_object_get_array_member (pw_analysis_get_figures (analysis), "dead_cells");

  g_assert_true (pw_level_paint (level, cr, 300, 400, dark, &g));
  /* the wall at (1, 1), near its middle but off its edge lines */
  pw_geometry_cell_origin (&g, 1, 1, &x, &y);
  pixel (surface, x + g.cell * 0.6, y + g.cell * 0.6, &r, &gr, &b);
  g_assert_true (close_to (r, gr, b, &style->wall));
  /* the hole at (2, 1): its middle is the pit colour */
  pw_geometry_cell_origin (&g, 2, 1, &x, &y);
  pixel (surface, x + g.cell / 2, y + g.cell / 2, &r, &gr, &b);
  g_assert_true (close_to (r, gr, b, &style->pit));
  /* the inventory row: green's disc (drawn at 0.8 of a cell), at a point
   * clear of its attack lines */
  pw_geometry_cell_origin (&g, 0, 3, &x, &y);
  pixel (surface, x + g.cell * (0.4 - 0.08), y + g.cell * (0.1 + 0.4 - 0.2), &r, &gr, &b);
  g_assert_true (close_to (r, gr, b, &style->colours[2]));

  /* dead cells: the overlay changes each one, and only those */
  g_assert_nonnull (view->draw_overlay);
  {
    cairo_surface_t *before = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 400);
    cairo_t *cb = cairo_create (before);
    guint changed = 0;

    pw_level_paint (level, cb, 300, 400, dark, NULL);
    view->draw_overlay (pw_level_get_data (level), pw_analysis_get_figures (analysis), cr, &g, style);
    cairo_surface_flush (surface);
    cairo_surface_flush (before);
    for (int cy = 0; cy < 3; cy++)
      for (int cx = 0; cx < 3; cx++)
        {
          double r2, g2, b2;
          gboolean is_dead = FALSE;

          for (guint i = 0; i < json_array_get_length (dead); i++)
            {
              JsonArray *xy = json_array_get_array_element (dead, i);

              is_dead |= json_array_get_int_element (xy, 0) == cx &&
                         json_array_get_int_element (xy, 1) == cy;
            }
          pw_geometry_cell_origin (&g, cx, cy, &x, &y);
          /* the middle of the cross */
          pixel (surface, x + g.cell / 2, y + g.cell / 2, &r, &gr, &b);
          pixel (before, x + g.cell / 2, y + g.cell / 2, &r2, &g2, &b2);
          g_assert_cmpint (is_dead, ==, fabs (r - r2) + fabs (gr - g2) + fabs (b - b2) > 0.05);
          changed += is_dead;
        }
    g_test_message ("%u dead cells drawn", changed);
    g_assert_cmpuint (changed, ==, 7);
    cairo_destroy (cb);
    cairo_surface_destroy (before);
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* FreeCell's counts of moves left on winnable destinations: at every
 * size, three-digit counts on every free cell and cascade stay within
 * their card and never reach a neighbour's. */
static void
test_freecell_counts_apart (void)
{
  PwFreecellLevel level;
  PwFcDecor decor;
  static const double cells[] = { 24, 40, 65, 110 };

  pw_fc_ms_deal (1, &level);
  pw_fc_decor_init (&decor);
  for (int p = 0; p <= PW_FC_FOUNDATION; p++)
    {
      decor.marks[p] = PW_FC_MARK_WINNABLE;
      decor.moves_left[p] = 100 + p;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      PwGeometry g;
      int columns, rows;

      pw_freecell_get_grid (&level, &columns, &rows);
      pw_geometry_fit (&g, columns, rows, cells[i] * columns, cells[i] * rows, 0);
      for (int row = 0; row < 2; row++)
        {
          /* the free cells and foundation row, then the cascades */
          int first = row == 0 ? PW_FC_CELL (0) : 0;
          int last = row == 0 ? PW_FC_CELL (level.free_cells - 1) : level.n_cascades - 1;
          double previous_right = -G_MAXDOUBLE;

          for (int p = first; p <= last; p++)
            {
              double left, right, x, y;

              g_assert_true (pw_freecell_moves_left_extent (&level, &decor, &g, p, &left, &right));
              pw_freecell_card_origin (&level, &g, p, MAX (0, (p < PW_FC_MAX_CASCADES
                                                                ? level.height[p] : 1) - 1),
                                       &x, &y);
              g_assert_cmpfloat (left, >=, x - 0.5);
              g_assert_cmpfloat (right, <=, x + g.cell * 0.9 + 0.5);
              g_assert_cmpfloat (left, >, previous_right);
              previous_right = right;
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/geometry", test_geometry);
  g_test_add_data_func ("/ui/slide-view/sample-levels-light", GINT_TO_POINTER (FALSE),
                        test_sample_levels);
  g_test_add_data_func ("/ui/slide-view/sample-levels-dark", GINT_TO_POINTER (TRUE),
                        test_sample_levels);
  g_test_add_func ("/ui/slide-view/unknown-kind", test_unknown_kind);
  g_test_add_func ("/ui/freecell-view/counts-apart", test_freecell_counts_apart);
  g_test_add_data_func ("/ui/combination-view/light", GINT_TO_POINTER (FALSE),
                        test_combination_view);
  g_test_add_data_func ("/ui/combination-view/dark", GINT_TO_POINTER (TRUE),
                        test_combination_view);

  return g_test_run ();
}
