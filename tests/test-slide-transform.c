/* test-slide-transform.c — mirror, rotate, resize; the analysis is isotropic
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules treat every direction alike, so a mirrored or rotated level
 * must analyse to the same figures, and the original's solution, with its
 * moves turned the same way, must win it. That checks each direction's
 * move code against the others on many random levels.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "slide-private.h"

static PwLevel *
level (const char *text)
{
  g_autoptr(GError) error = NULL;
  PwLevel *l = pw_level_new_from_text ("slide", text, &error);

  g_assert_no_error (error);
  return l;
}

static char *
text_of (PwLevel *l)
{
  return pw_level_get_kind (l)->to_text (pw_level_get_data (l));
}

static PwLevel *
transformed (PwLevel     *l,
             PwTransform  t)
{
  g_autoptr(GError) error = NULL;
  PwLevel *out = pw_level_transformed (l, t, &error);

  g_assert_no_error (error);
  return out;
}

/* Worked by hand: the goal in the bottom row's left end goes to the left
 * column's top end. */
static void
test_rotate_by_hand (void)
{
  g_autoptr(PwLevel) l = level ("#####\n#r.r#\n#...#\n#R###\n");
  g_autoptr(PwLevel) cw = transformed (l, PW_TRANSFORM_ROTATE_CLOCKWISE);
  g_autoptr(PwLevel) lr = transformed (l, PW_TRANSFORM_MIRROR_LEFT_RIGHT);
  g_autofree char *cw_text = text_of (cw);
  g_autofree char *lr_text = text_of (lr);

  g_assert_cmpstr (cw_text, ==, "####\nR.r#\n#..#\n#.r#\n####\n");
  g_assert_cmpstr (lr_text, ==, "#####\n#r.r#\n#...#\n###R#\n");
  /* everything but the payload is kept */
  g_assert_cmpstr (pw_level_get_id (cw), ==, pw_level_get_id (l));
}

/* Four quarter turns, two mirrors, a turn and its inverse: the same level. */
static void
test_round_trips (void)
{
  g_autoptr(PwLevel) l = level ("#######\n#r.$..R\n#.o*y.#\n#b....#\n###YB##\n");
  g_autofree char *original = text_of (l);
  PwTransform pairs[][2] = {
    { PW_TRANSFORM_MIRROR_LEFT_RIGHT, PW_TRANSFORM_MIRROR_LEFT_RIGHT },
    { PW_TRANSFORM_MIRROR_TOP_BOTTOM, PW_TRANSFORM_MIRROR_TOP_BOTTOM },
    { PW_TRANSFORM_ROTATE_CLOCKWISE, PW_TRANSFORM_ROTATE_ANTICLOCKWISE },
    { PW_TRANSFORM_ROTATE_ANTICLOCKWISE, PW_TRANSFORM_ROTATE_CLOCKWISE },
  };
  PwLevel *turned = pw_level_ref (l);

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autoptr(PwLevel) a = transformed (l, pairs[i][0]);
      g_autoptr(PwLevel) b = transformed (a, pairs[i][1]);
      g_autofree char *back = text_of (b);

      g_assert_cmpstr (back, ==, original);
    }
  for (guint i = 0; i < 4; i++)
    {
      PwLevel *next = transformed (turned, PW_TRANSFORM_ROTATE_CLOCKWISE);

      pw_level_unref (turned);
      turned = next;
    }
  {
    g_autofree char *back = text_of (turned);

    g_assert_cmpstr (back, ==, original);
  }
  pw_level_unref (turned);
}

/* Rows and columns come and go just inside the border, on every side. */
static void
test_resize (void)
{
  g_autoptr(PwLevel) l = level ("#####\n#r.r#\n#...#\n#R###\n");
  g_autofree char *original = text_of (l);
  static const struct { PwSide side; const char *grown; } cases[] = {
    { PW_SIDE_TOP, "#####\n#...#\n#r.r#\n#...#\n#R###\n" },
    { PW_SIDE_BOTTOM, "#####\n#r.r#\n#...#\n#...#\n#R###\n" },
    { PW_SIDE_LEFT, "######\n#.r.r#\n#....#\n##R###\n" },
    { PW_SIDE_RIGHT, "######\n#r.r.#\n#....#\n#R####\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) grown = pw_level_resized (l, cases[i].side, 1, &error);
      g_autoptr(PwLevel) back = NULL;
      g_autofree char *grown_text = NULL;
      g_autofree char *back_text = NULL;

      g_assert_no_error (error);
      grown_text = text_of (grown);
      g_assert_cmpstr (grown_text, ==, cases[i].grown);
      back = pw_level_resized (grown, cases[i].side, -1, &error);
      g_assert_no_error (error);
      back_text = text_of (back);
      g_assert_cmpstr (back_text, ==, original);
    }
}

static void
test_resize_limits (void)
{
  g_autoptr(PwLevel) small = level ("#####\n#r..R\n#####\n");
  g_autoptr(PwLevel) shrunk = NULL;
  g_autoptr(PwLevel) grown = NULL;
  g_autoptr(GError) error = NULL;

  shrunk = pw_level_resized (small, PW_SIDE_TOP, -1, &error);
  g_assert_null (shrunk);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_clear_error (&error);

  grown = pw_level_resized (small, PW_SIDE_RIGHT, 11, &error);
  g_assert_no_error (error);
  g_assert_null (pw_level_resized (grown, PW_SIDE_LEFT, 1, &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
}

/* How a move turns with the level. */
static char
turn_move (char        move,
           PwTransform t)
{
  const char *from = "URDL";
  const char *to;

  switch (t)
    {
    case PW_TRANSFORM_MIRROR_LEFT_RIGHT: to = "ULDR"; break;
    case PW_TRANSFORM_MIRROR_TOP_BOTTOM: to = "DRUL"; break;
    case PW_TRANSFORM_ROTATE_CLOCKWISE: to = "RDLU"; break;
    default: to = "LURD"; break;
    }
  return to[strchr (from, move) - from];
}

static char *
random_level (GRand *rand)
{
  int w = g_rand_int_range (rand, 4, 8);
  int h = g_rand_int_range (rand, 4, 7);
  GString *text = g_string_new (NULL);
  char *grid = g_malloc (w * h);
  int movers = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gboolean border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
        gboolean corner = (x == 0 || x == w - 1) && (y == 0 || y == h - 1);
        char c;

        if (border)
          c = (!corner && g_rand_int_range (rand, 0, 6) == 0) ? "RYGB"[g_rand_int_range (rand, 0, 2)]
                                                              : '#';
        else
          {
            int r = g_rand_int_range (rand, 0, 20);

            c = r < 11 ? '.' : r < 13 ? '#' : r < 14 ? 'o' : r < 15 ? '$' : '.';
            if (r >= 15 && movers < 4)
              {
                c = "ryr*"[g_rand_int_range (rand, 0, 4)];
                movers++;
              }
          }
        grid[y * w + x] = c;
      }
  if (movers == 0)
    grid[w + 1] = 'r';
  for (int y = 0; y < h; y++)
    {
      g_string_append_len (text, grid + y * w, w);
      g_string_append_c (text, '\n');
    }
  g_free (grid);
  return g_string_free (text, FALSE);
}

/* @data: non-NULL to analyse with the piece-by-piece move code. */
static void
test_analysis_isotropic (gconstpointer data)
{
  static const char *figures[] = { "states", "wins", "potential_states", "dead_ends", "par",
                                   "shortest_solutions", "max_combo_par", "perfect" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (777);
  guint winnable = 0;
  guint checked = 0;

  _pw_slide_force_generic (data != NULL);
  while (checked < 400)
    {
      g_autofree char *text = random_level (rand);
      g_autoptr(PwLevel) l = level (text);
      g_autoptr(GPtrArray) problems = pw_level_validate (l);
      g_autoptr(PwAnalysis) a = NULL;
      JsonObject *fa;
      const char *solution;

      if (problems->len > 0)
        continue;
      a = pw_level_analyse (l, NULL, NULL, NULL, NULL, NULL);
      fa = pw_analysis_get_figures (a);
      solution = json_object_get_null_member (fa, "solution") ? NULL
                 : json_object_get_string_member (fa, "solution");
      checked++;
      winnable += solution != NULL;

      for (PwTransform t = PW_TRANSFORM_MIRROR_LEFT_RIGHT; t <= PW_TRANSFORM_ROTATE_ANTICLOCKWISE;
           t++)
        {
          g_autoptr(PwLevel) tl = transformed (l, t);
          g_autoptr(PwAnalysis) ta = pw_level_analyse (tl, NULL, NULL, NULL, NULL, NULL);
          JsonObject *ft = pw_analysis_get_figures (ta);

          for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
            if (!json_node_equal (json_object_get_member (fa, figures[f]),
                                  json_object_get_member (ft, figures[f])))
              {
                g_test_message ("level:\n%stransform %d, figure %s", text, t, figures[f]);
                g_assert_not_reached ();
              }

          if (solution != NULL)
            {
              g_autofree char *turned = g_strdup (solution);
              g_autofree char *end = NULL;
              g_autoptr(GError) error = NULL;
              gboolean won = FALSE;

              for (char *m = turned; *m; m++)
                *m = turn_move (*m, t);
              end = _pw_slide_play (pw_level_get_data (tl), turned, &won, NULL, &error);
              g_assert_no_error (error);
              g_assert_true (won);
            }
        }
    }
  _pw_slide_force_generic (FALSE);
  g_test_message ("%u levels, %u winnable", checked, winnable);
  g_assert_cmpuint (winnable, >=, 100);
}

/* The shared point transform every grid kind uses: a clockwise turn by
 * hand, and on random rectangles each transform is a bijection onto the
 * turned rectangle, mirrors undo themselves, the two turns undo each
 * other, four turns are nothing, and the cell form agrees with the
 * point form. */
static void
test_point (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  guint nx, ny;

  /* 3 wide, 2 high: the top left goes to the top right of 2 × 3 */
  pw_transform_point (PW_TRANSFORM_ROTATE_CLOCKWISE, 3, 2, 0, 0, &nx, &ny);
  g_assert_cmpuint (nx, ==, 1);
  g_assert_cmpuint (ny, ==, 0);
  pw_transform_point (PW_TRANSFORM_ROTATE_CLOCKWISE, 3, 2, 2, 1, &nx, &ny);
  g_assert_cmpuint (nx, ==, 0);
  g_assert_cmpuint (ny, ==, 2);
  for (guint round = 0; round < 200; round++)
    {
      guint w = g_rand_int_range (rand, 1, 9), h = g_rand_int_range (rand, 1, 9);
      g_autofree guint8 *seen = NULL;

      for (PwTransform t = PW_TRANSFORM_MIRROR_LEFT_RIGHT; t <= PW_TRANSFORM_ROTATE_ANTICLOCKWISE; t++)
        {
          guint tw = pw_transform_turns (t) ? h : w, th = pw_transform_turns (t) ? w : h;

          g_free (seen);
          seen = g_new0 (guint8, w * h);
          for (guint y = 0; y < h; y++)
            for (guint x = 0; x < w; x++)
              {
                guint bx, by;

                pw_transform_point (t, w, h, x, y, &nx, &ny);
                g_assert_cmpuint (nx, <, tw);
                g_assert_cmpuint (ny, <, th);
                g_assert_cmpuint (seen[ny * tw + nx]++, ==, 0);
                if (t == PW_TRANSFORM_MIRROR_LEFT_RIGHT || t == PW_TRANSFORM_MIRROR_TOP_BOTTOM)
                  pw_transform_point (t, tw, th, nx, ny, &bx, &by);
                else
                  pw_transform_point (t == PW_TRANSFORM_ROTATE_CLOCKWISE
                                      ? PW_TRANSFORM_ROTATE_ANTICLOCKWISE
                                      : PW_TRANSFORM_ROTATE_CLOCKWISE, tw, th, nx, ny, &bx, &by);
                g_assert_cmpuint (bx, ==, x);
                g_assert_cmpuint (by, ==, y);
                if (w == h)
                  g_assert_cmpuint (pw_transform_cell (t, w, y * w + x), ==, ny * w + nx);
              }
        }
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          {
            guint cx = x, cy = y, cw = w, ch = h;

            for (int k = 0; k < 4; k++)
              {
                pw_transform_point (PW_TRANSFORM_ROTATE_CLOCKWISE, cw, ch, cx, cy, &cx, &cy);
                { guint t = cw; cw = ch; ch = t; }
              }
            g_assert_cmpuint (cx, ==, x);
            g_assert_cmpuint (cy, ==, y);
          }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/transform/point", test_point);
  g_test_add_func ("/analysis/slide/transform/rotate-by-hand", test_rotate_by_hand);
  g_test_add_func ("/analysis/slide/transform/round-trips", test_round_trips);
  g_test_add_func ("/analysis/slide/transform/resize", test_resize);
  g_test_add_func ("/analysis/slide/transform/resize-limits", test_resize_limits);
  g_test_add_data_func ("/analysis/slide/transform/analysis-isotropic", NULL,
                        test_analysis_isotropic);
  g_test_add_data_func ("/analysis/slide/transform/analysis-isotropic-piece-by-piece", "yes",
                        test_analysis_isotropic);

  return g_test_run ();
}
