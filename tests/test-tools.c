/* test-tools.c — the editing tools on grid levels, headless: pencil,
 * rectangle and flood fill against plain second implementations, and
 * strokes as single undo steps in the document
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "pw-kind-view.h"
#include "slide-private.h"
#include "test-util.h"

static const char tiles[] = ".#o$*rR";

static PwLevel *
random_level (GRand *rand,
              int   *width,
              int   *height)
{
  int w = g_rand_int_range (rand, 3, 12);
  int h = g_rand_int_range (rand, 3, 12);
  GString *text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  PwLevel *level;

  /* few tiles, so regions are large */
  for (int y = 0; y < h; y++)
    {
      for (int x = 0; x < w; x++)
        g_string_append_c (text, tiles[g_rand_int_range (rand, 0, 3)]);
      g_string_append_c (text, '\n');
    }
  level = pw_level_new_from_text ("slide", text->str, &error);
  g_assert_no_error (error);
  g_string_free (text, TRUE);
  *width = w;
  *height = h;
  return level;
}

static const char *
cells (PwLevel *level)
{
  return ((const PwSlideLevel *) pw_level_get_data (level))->cells;
}

/* The flood-filled region by the definition: grow the set of cells equal
 * to the start's tile and next to the set until nothing changes. */
static void
reference_fill (const char *grid,
                int         w,
                int         h,
                int         x0,
                int         y0,
                char        tile,
                char       *out)
{
  g_autofree guint8 *in = g_new0 (guint8, w * h);
  char from = grid[y0 * w + x0];
  gboolean changed = TRUE;

  in[y0 * w + x0] = 1;
  while (changed)
    {
      changed = FALSE;
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            int i = y * w + x;

            if (in[i] || grid[i] != from)
              continue;
            if ((x > 0 && in[i - 1]) || (x + 1 < w && in[i + 1]) ||
                (y > 0 && in[i - w]) || (y + 1 < h && in[i + w]))
              in[i] = changed = TRUE;
          }
    }
  for (int i = 0; i < w * h; i++)
    out[i] = in[i] ? tile : grid[i];
}

static void
test_tools_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);

  for (int n = 0; n < 500; n++)
    {
      int w, h;
      g_autoptr(PwLevel) level = random_level (rand, &w, &h);
      const char *grid = cells (level);
      int x0 = g_rand_int_range (rand, 0, w), y0 = g_rand_int_range (rand, 0, h);
      int x1 = g_rand_int_range (rand, 0, w), y1 = g_rand_int_range (rand, 0, h);
      char tile = tiles[g_rand_int_range (rand, 0, strlen (tiles))];
      g_autofree char *expected = g_malloc (w * h);
      g_autoptr(PwLevel) filled = pw_level_flood_fill (level, x0, y0, tile);
      g_autoptr(PwLevel) rect = pw_level_fill_rectangle (level, x1, y1, x0, y0, tile);
      g_autoptr(PwLevel) one = pw_level_with_tile (level, x0, y0, tile);
      gboolean rect_changes = FALSE;

      reference_fill (grid, w, h, x0, y0, tile, expected);
      if (grid[y0 * w + x0] == tile)
        {
          g_assert_null (filled);
          g_assert_null (one);
        }
      else
        {
          g_assert_nonnull (filled);
          g_assert_cmpmem (cells (filled), w * h, expected, w * h);
          g_assert_nonnull (one);
          for (int i = 0; i < w * h; i++)
            g_assert_cmpint (cells (one)[i], ==, i == y0 * w + x0 ? tile : grid[i]);
        }

      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            gboolean inside = x >= MIN (x0, x1) && x <= MAX (x0, x1) &&
                              y >= MIN (y0, y1) && y <= MAX (y0, y1);

            if (inside && grid[y * w + x] != tile)
              rect_changes = TRUE;
            if (rect != NULL)
              g_assert_cmpint (cells (rect)[y * w + x], ==, inside ? tile : grid[y * w + x]);
          }
      g_assert_cmpint (rect != NULL, ==, rect_changes);

      /* off the grid: nothing */
      g_assert_null (pw_level_with_tile (level, w, 0, tile));
      g_assert_null (pw_level_flood_fill (level, -1, 0, tile));
    }
}

/* A stroke (begin group, several cells, end group) is one undo step; the
 * level keeps its name and notes through tool edits. */
static void
test_tools_stroke_undo (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", "#######\n#r....#\n#.....#\n#R#####\n",
                                                     &error);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(PwLevel) original = NULL;

  g_assert_no_error (error);
  pw_level_set_name (level, "Stroke");
  pw_level_set_notes (level, "kept");
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  original = pw_level_ref (pw_document_get_level (document, 0));

  pw_document_begin_group (document, "Paint");
  for (int x = 2; x <= 4; x++)
    {
      g_autoptr(PwLevel) next = pw_level_with_tile (pw_document_get_level (document, 0), x, 2, '#');

      pw_document_replace_level (document, 0, next, "Paint");
    }
  pw_document_end_group (document);
  g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Paint");
  g_assert_cmpstr (pw_level_get_name (pw_document_get_level (document, 0)), ==, "Stroke");
  g_assert_cmpstr (pw_level_get_notes (pw_document_get_level (document, 0)), ==, "kept");
  g_assert_cmpmem (cells (pw_document_get_level (document, 0)) + 14, 7, "#.###.#", 7);

  g_assert_true (pw_document_undo (document));
  g_assert_true (pw_level_same_content (original, pw_document_get_level (document, 0)));
  g_assert_false (pw_document_can_undo (document));
  g_assert_true (pw_document_redo (document));
  g_assert_cmpmem (cells (pw_document_get_level (document, 0)) + 14, 7, "#.###.#", 7);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/tools/random", test_tools_random);
  g_test_add_func ("/ui/tools/stroke-undo", test_tools_stroke_undo);
  return g_test_run ();
}
