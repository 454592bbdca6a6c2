/* test-latin-text.c — the text forms of sudoku, Latin squares and
 * futoshiki: real Solo and Unequal game IDs round trip byte for byte and
 * agree with what Solo itself draws; random levels survive export and
 * import; every kind of bad input is refused with its place named
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/latin/README.md says how the data files were made.
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "latin-private.h"
#include "test-util.h"

#define SGT_SOLO    "/usr/games/sgt-solo"
#define SGT_UNEQUAL "/usr/games/sgt-unequal"

static char *
read_data (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "latin", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The lines of a data file that are neither blank nor comments. */
static GPtrArray *
data_lines (const char *name)
{
  g_autofree char *text = read_data (name);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0' && lines[i][0] != '#')
      g_ptr_array_add (out, g_strdup (lines[i]));
  return out;
}

static GPtrArray *
new_level_array (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_latin_level_free);
}

static PwLatinLevel *
must_read (PwLatinVariant variant,
           const char    *text)
{
  g_autoptr(GError) error = NULL;
  PwLatinLevel *level = _pw_latin_from_text (variant, text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (level);
  return level;
}

/* Export, read back: the same level. */
static void
assert_round_trip (const PwLatinLevel *level)
{
  g_autofree char *text = _pw_latin_to_text (level);
  g_autoptr(PwLatinLevel) back = NULL;

  g_assert_nonnull (text);
  g_assert_null (strchr (text, '\n'));
  back = must_read (level->variant, text);
  if (!_pw_latin_level_equal (level, back))
    g_error ("%s does not read back as the level written", text);
}

/* ------------------------------------------------------------------ */
/* Real Solo output                                                     */

typedef struct
{
  char   *id;
  guint   n;
  guint8 *regions;
  guint8 *givens;
} Printed;

static void
printed_free (Printed *p)
{
  g_free (p->id);
  g_free (p->regions);
  g_free (p->givens);
  g_free (p);
}

/* solo-printed.txt: per puzzle "# ID", "# regions", n comment lines of
 * region numbers, n lines of givens, a blank line. */
static GPtrArray *
read_printed (void)
{
  g_autofree char *text = read_data ("solo-printed.txt");
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) printed_free);
  guint l = 0;

  while (lines[l] != NULL && lines[l][0] != '\0')
    {
      Printed *p = g_new0 (Printed, 1);
      g_auto(GStrv) first = NULL;

      g_assert_true (g_str_has_prefix (lines[l], "# "));
      p->id = g_strdup (lines[l] + 2);
      g_assert_cmpstr (lines[l + 1], ==, "# regions");
      first = g_strsplit (lines[l + 2] + 2, " ", -1);
      p->n = g_strv_length (first);
      p->regions = g_new (guint8, p->n * p->n);
      p->givens = g_new (guint8, p->n * p->n);
      for (guint part = 0; part < 2; part++)
        for (guint y = 0; y < p->n; y++)
          {
            const char *row = lines[l + 2 + part * p->n + y] + (part == 0 ? 2 : 0);
            g_auto(GStrv) cells = g_strsplit (row, " ", -1);

            g_assert_cmpuint (g_strv_length (cells), ==, p->n);
            for (guint x = 0; x < p->n; x++)
              (part == 0 ? p->regions : p->givens)[y * p->n + x] = (guint8) atoi (cells[x]);
          }
      l += 2 + 2 * p->n;
      g_assert_cmpstr (lines[l], ==, "");
      l++;
      g_ptr_array_add (out, p);
    }
  return out;
}

static void
test_sgt_solo (void)
{
  g_autoptr(GPtrArray) ids = data_lines ("solo.txt");
  g_autoptr(GPtrArray) printed = read_printed ();
  g_autoptr(GPtrArray) lines81 = data_lines ("solo-3x3.81");
  g_autoptr(GPtrArray) levels = new_level_array ();
  g_autofree char *file = read_data ("solo.txt");
  g_autoptr(GError) error = NULL;
  guint next81 = 0, jigsaws = 0, xs = 0;

  g_assert_cmpuint (ids->len, ==, 45);
  g_assert_cmpuint (printed->len, ==, ids->len);

  /* the whole file at once, comments and all */
  g_assert_true (_pw_latin_import_text (PW_LATIN_SUDOKU, file, "solo.txt", levels, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (levels->len, ==, ids->len);

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = ids->pdata[i];
      const Printed *p = printed->pdata[i];
      const PwLatinLevel *level = levels->pdata[i];
      g_autoptr(PwLatinLevel) alone = must_read (PW_LATIN_SUDOKU, id);
      g_autofree char *written = _pw_latin_to_text (level);
      const char *params_end = strchr (id, ':');
      g_autofree char *params = g_strndup (id, params_end - id);

      g_assert_cmpstr (p->id, ==, id);
      g_assert_true (_pw_latin_level_equal (alone, level));

      /* what Solo draws: the same givens, boxes or regions */
      g_assert_cmpuint (level->n, ==, p->n);
      g_assert_cmpmem (level->givens, p->n * p->n, p->givens, p->n * p->n);
      g_assert_cmpmem (level->regions, p->n * p->n, p->regions, p->n * p->n);
      g_assert_true (level->jigsaw == (strchr (params, 'j') != NULL));
      g_assert_true (level->diagonals == (params[strlen (params) - 1] == 'x'));
      jigsaws += level->jigsaw;
      xs += level->diagonals;

      /* written back: a 9×9 with 3×3 boxes as the 81 characters Solo
       * draws, anything else as the very ID sgt wrote */
      if (g_str_equal (params, "3x3"))
        {
          g_assert_cmpuint (next81, <, lines81->len);
          g_assert_cmpstr (written, ==, lines81->pdata[next81++]);
        }
      else
        g_assert_cmpstr (written, ==, id);
      assert_round_trip (level);
    }
  g_assert_cmpuint (next81, ==, lines81->len);
  g_assert_cmpuint (jigsaws, ==, 15);
  g_assert_cmpuint (xs, ==, 9);
}

/* Solo's "2x3" has boxes 2 rows high and 3 columns wide (its own drawing
 * in solo-printed.txt says so too); "3x2" the other way. */
static void
test_solo_box_orientation (void)
{
  g_autoptr(PwLatinLevel) a = must_read (PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4_3c4_1b2e1");
  g_autoptr(PwLatinLevel) b = must_read (PW_LATIN_SUDOKU, "3x2:4_5_6a2h6a3d1a5h2a5_3_6");
  g_autoptr(PwLatinLevel) j = must_read (PW_LATIN_SUDOKU, "3x3j:zzzc,zzt" "________"
                                         "________________________________________________"
                                         "________________");

  g_assert_cmpuint (a->n, ==, 6);
  g_assert_cmpuint (a->box_rows, ==, 2);
  g_assert_cmpuint (a->box_cols, ==, 3);
  g_assert_cmpuint (a->regions[0 * 6 + 2], ==, 0);
  g_assert_cmpuint (a->regions[0 * 6 + 3], ==, 1);
  g_assert_cmpuint (a->regions[1 * 6 + 0], ==, 0);
  g_assert_cmpuint (a->regions[2 * 6 + 0], ==, 2);
  g_assert_cmpuint (b->box_rows, ==, 3);
  g_assert_cmpuint (b->box_cols, ==, 2);
  g_assert_cmpuint (b->regions[2 * 6 + 0], ==, 0);
  g_assert_cmpuint (b->regions[3 * 6 + 0], ==, 3);

  /* "3x3j" is Solo's 9j; 72 lines inside regions (two z of 26, t of 20)
   * then 72 dividing ones: each row a region. A jigsaw takes the squarest
   * box shape. */
  g_assert_true (j->jigsaw);
  g_assert_cmpuint (j->n, ==, 9);
  g_assert_cmpuint (j->box_rows, ==, 3);
  g_assert_cmpuint (j->box_cols, ==, 3);
  for (guint c = 0; c < 81; c++)
    g_assert_cmpuint (j->regions[c], ==, c / 9);
  {
    g_autofree char *written = _pw_latin_to_text (j);

    g_assert_true (g_str_has_prefix (written, "9j:zzzc,zzt________"));
  }
}

/* ------------------------------------------------------------------ */
/* Real Unequal output                                                  */

/* A plain decoder: the relations (greater cell, lesser cell) an Unequal
 * ID states, and its values. */
static void
ref_unequal (const char *id,
             guint       n,
             guint8     *values,
             GArray     *relations)
{
  g_auto(GStrv) cells = g_strsplit (strchr (id, ':') + 1, ",", -1);

  g_assert_cmpuint (g_strv_length (cells), ==, n * n + 1);
  g_assert_cmpstr (cells[n * n], ==, "");
  for (guint i = 0; i < n * n; i++)
    {
      char *flags;
      guint x = i % n, y = i / n;

      values[i] = (guint8) strtoul (cells[i], &flags, 10);
      for (; *flags != '\0'; flags++)
        {
          guint other = *flags == 'U' ? i - n : *flags == 'D' ? i + n
                        : *flags == 'L' ? i - 1 : i + 1;
          guint pair[2] = { i, other };

          g_assert_true (strchr ("URDL", *flags) != NULL);
          g_assert_true (*flags != 'U' || y > 0);
          g_assert_true (*flags != 'D' || y + 1 < n);
          g_assert_true (*flags != 'L' || x > 0);
          g_assert_true (*flags != 'R' || x + 1 < n);
          g_array_append_vals (relations, pair, 1);
        }
    }
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const guint *p = a, *q = b;

  return p[0] != q[0] ? (p[0] < q[0] ? -1 : 1) : (p[1] < q[1] ? -1 : p[1] > q[1]);
}

/* The relations a level's signs state, in the same form. */
static void
level_relations (const PwLatinLevel *level,
                 GArray             *relations)
{
  guint n = level->n;

  for (guint c = 0; c < n * n; c++)
    {
      guint8 s = level->signs[c];
      guint pairs[4][2] = { { c + 1, c }, { c, c + 1 }, { c + n, c }, { c, c + n } };
      PwLatinSign bits[4] = { PW_SIGN_RIGHT_LESS, PW_SIGN_RIGHT_GREATER, PW_SIGN_DOWN_LESS,
                              PW_SIGN_DOWN_GREATER };

      for (guint k = 0; k < 4; k++)
        if (s & bits[k])
          g_array_append_vals (relations, pairs[k], 1);
    }
}

static void
test_sgt_unequal (void)
{
  g_autoptr(GPtrArray) ids = data_lines ("unequal.txt");
  g_autoptr(GPtrArray) levels = new_level_array ();
  g_autofree char *file = read_data ("unequal.txt");
  g_autoptr(GError) error = NULL;
  guint signs = 0;

  g_assert_cmpuint (ids->len, ==, 12);
  g_assert_true (_pw_latin_import_text (PW_LATIN_FUTOSHIKI, file, "unequal.txt", levels, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (levels->len, ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = ids->pdata[i];
      const PwLatinLevel *level = levels->pdata[i];
      g_autofree char *written = _pw_latin_to_text (level);
      g_autoptr(GArray) want = g_array_new (FALSE, FALSE, 2 * sizeof (guint));
      g_autoptr(GArray) got = g_array_new (FALSE, FALSE, 2 * sizeof (guint));
      g_autofree guint8 *values = g_new (guint8, level->n * level->n);

      g_assert_cmpuint (level->n, ==, strtoul (id, NULL, 10));
      g_assert_cmpstr (written, ==, id);
      assert_round_trip (level);

      ref_unequal (id, level->n, values, want);
      level_relations (level, got);
      g_array_sort (want, compare_pairs);
      g_array_sort (got, compare_pairs);
      g_assert_cmpuint (got->len, ==, want->len);
      g_assert_cmpmem (got->data, got->len * 2 * sizeof (guint), want->data,
                       want->len * 2 * sizeof (guint));
      g_assert_cmpmem (level->givens, level->n * level->n, values, level->n * level->n);
      signs += got->len;
    }
  g_assert_cmpuint (signs, >, 100);

  /* by hand: "3:0,0,0,0D,0,0,0,0,2U,": r2c1 > r3c1, and r3c3 (2) > r2c3 */
  {
    g_autoptr(PwLatinLevel) level = must_read (PW_LATIN_FUTOSHIKI, "3:0,0,0,0D,0,0,0,0,2U,");

    g_assert_cmpuint (level->signs[3], ==, PW_SIGN_DOWN_GREATER);
    g_assert_cmpuint (level->signs[5], ==, PW_SIGN_DOWN_LESS);
    g_assert_cmpuint (level->givens[8], ==, 2);
    for (guint c = 0; c < 9; c++)
      g_assert_true (c == 3 || c == 5 || level->signs[c] == 0);
  }
  /* "R" and "L" on one cell: greater than both neighbours */
  {
    g_autoptr(PwLatinLevel) level = must_read (PW_LATIN_FUTOSHIKI, "3:0,0RL,0,0,0,0,0,0,0,");

    g_assert_cmpuint (level->signs[0], ==, PW_SIGN_RIGHT_LESS);
    g_assert_cmpuint (level->signs[1], ==, PW_SIGN_RIGHT_GREATER);
  }
  /* Unequal's own shorthand: letters for runs of blank cells, no
   * trailing comma */
  {
    g_autoptr(PwLatinLevel) a = must_read (PW_LATIN_FUTOSHIKI, "3:b0D,d0,1");
    g_autoptr(PwLatinLevel) b = must_read (PW_LATIN_FUTOSHIKI, "3dk:0,0,0D,0,0,0,0,0,1,");

    g_assert_true (_pw_latin_level_equal (a, b));
  }
}

static void
test_latin_forms (void)
{
  g_autoptr(GPtrArray) ids = data_lines ("latin.txt");
  g_autoptr(GPtrArray) levels = new_level_array ();
  g_autofree char *file = read_data ("latin.txt");
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ids->len, ==, 8);
  g_assert_true (_pw_latin_import_text (PW_LATIN_LATIN, file, "latin.txt", levels, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (levels->len, ==, ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      const PwLatinLevel *level = levels->pdata[i];
      g_autofree char *written = _pw_latin_to_text (level);
      g_autoptr(PwLatinLevel) as_futoshiki = must_read (PW_LATIN_FUTOSHIKI, ids->pdata[i]);

      g_assert_cmpint (level->variant, ==, PW_LATIN_LATIN);
      g_assert_null (level->signs);
      g_assert_null (level->regions);
      g_assert_cmpstr (written, ==, ids->pdata[i]);
      assert_round_trip (level);
      /* the same givens read as a futoshiki without signs */
      g_assert_cmpmem (as_futoshiki->givens, level->n * level->n, level->givens,
                       level->n * level->n);
    }
  g_assert_cmpuint (((PwLatinLevel *) levels->pdata[ids->len - 1])->n, ==, 16);
}

/* ------------------------------------------------------------------ */
/* Plain grids, comments, line ends                                     */

static const char plain_sudoku[] =
  "# a 4×4 and a 6×6 sudoku, and a 9×9 with dots\n"
  "\n"
  "1 0 0 4\n"
  "0 0 . 0\n"
  "# a comment inside a grid\n"
  "0 3 0 0\n"
  "2 0 0 1\n"
  "\n"
  "\n"
  "0 0 0 0 0 6\n"
  "1 0 0 0 0 0\n"
  "0 0 3 0 0 0\n"
  "0 0 0 4 0 0\n"
  "0 0 0 0 5 0\n"
  "0 2 0 0 0 0\n"
  "\n"
  "5 3 . . 7 . . . .\n"
  "6 . . 1 9 5 . . .\n"
  ". 9 8 . . . . 6 .\n"
  "8 . . . 6 . . . 3\n"
  "4 . . 8 . 3 . . 1\n"
  "7 . . . 2 . . . 6\n"
  ". 6 . . . . 2 8 .\n"
  ". . . 4 1 9 . . 5\n"
  ". . . . 8 . . 7 9\n";

static const char sudoku_81[] =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static void
test_plain_grids (void)
{
  g_autoptr(GPtrArray) levels = new_level_array ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLatinLevel) from_81 = must_read (PW_LATIN_SUDOKU, sudoku_81);
  const PwLatinLevel *a, *b, *c;

  _pw_latin_import_text (PW_LATIN_SUDOKU, plain_sudoku, "plain.txt", levels, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (levels->len, ==, 3);
  a = levels->pdata[0];
  b = levels->pdata[1];
  c = levels->pdata[2];
  g_assert_cmpuint (a->n, ==, 4);
  g_assert_cmpuint (a->box_rows, ==, 2);
  g_assert_cmpuint (a->box_cols, ==, 2);
  g_assert_cmpmem (a->givens, 16, ((guint8[]) { 1, 0, 0, 4, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 0, 1 }),
                   16);
  g_assert_cmpuint (b->n, ==, 6);
  g_assert_cmpuint (b->box_rows, ==, 2);
  g_assert_cmpuint (b->box_cols, ==, 3);
  g_assert_cmpmem (b->givens, 36,
                   ((guint8[]) { 0, 0, 0, 0, 0, 6, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0,
                                 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 5, 0, 0, 2, 0, 0, 0, 0 }),
                   36);
  g_assert_true (_pw_latin_level_equal (c, from_81));
  {
    g_autofree char *written = _pw_latin_to_text (c);

    g_assert_cmpstr (written, ==, sudoku_81);
  }
  for (guint i = 0; i < levels->len; i++)
    assert_round_trip (levels->pdata[i]);

  /* box shapes of plain grids: the squarest */
  {
    static const guint shapes[][3] = { { 4, 2, 2 }, { 6, 2, 3 }, { 8, 2, 4 }, { 9, 3, 3 },
                                       { 10, 2, 5 }, { 12, 3, 4 }, { 16, 4, 4 }, { 64, 8, 8 } };

    for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
      {
        guint n = shapes[s][0];
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(PwLatinLevel) level = NULL;

        for (guint y = 0; y < n; y++)
          for (guint x = 0; x < n; x++)
            g_string_append_printf (text, "%u%c", (x + y) % 3 == 0 ? x + 1 : 0,
                                    x + 1 < n ? ' ' : '\n');
        level = must_read (PW_LATIN_SUDOKU, text->str);
        g_assert_cmpuint (level->n, ==, n);
        g_assert_cmpuint (level->box_rows, ==, shapes[s][1]);
        g_assert_cmpuint (level->box_cols, ==, shapes[s][2]);
        g_assert_cmpuint (level->givens[n * n - 1], ==, (2 * n - 2) % 3 == 0 ? n : 0);
        assert_round_trip (level);
      }
  }

  /* Latin squares and futoshiki as plain grids, two-digit numbers */
  {
    g_autoptr(PwLatinLevel) latin = must_read (PW_LATIN_LATIN, "1 2\n0 .\n");
    g_autoptr(PwLatinLevel) futoshiki = NULL;
    g_autoptr(GString) text = g_string_new (NULL);

    g_assert_cmpuint (latin->n, ==, 2);
    g_assert_cmpmem (latin->givens, 4, ((guint8[]) { 1, 2, 0, 0 }), 4);
    for (guint y = 0; y < 12; y++)
      for (guint x = 0; x < 12; x++)
        g_string_append_printf (text, "%2u%s", (x + y) % 12 + 1, x + 1 < 12 ? "  " : "\n");
    futoshiki = must_read (PW_LATIN_FUTOSHIKI, text->str);
    g_assert_cmpuint (futoshiki->n, ==, 12);
    g_assert_cmpuint (futoshiki->givens[11], ==, 12);
    g_assert_cmpuint (futoshiki->givens[12], ==, 2);
    for (guint i = 0; i < 144; i++)
      g_assert_cmpuint (futoshiki->signs[i], ==, 0);
    assert_round_trip (latin);
    assert_round_trip (futoshiki);
  }
}

/* The same file with a byte-order mark, CRLF line ends and trailing
 * spaces reads the same. */
static void
test_line_ends (void)
{
  static const char *ids[] = {
    "# comment\n",
    "2x3:4e3b4_6c5_2d4_3c4_1b2e1\n",
    "\n",
    "9j:4k6d3_5a7_3a1_6_9a9a6h5c9h1a6a4_1_8a2_7a5_6d5k2,afca_ca___aa_aaa_a_a_abaab__b__a__dce_"
    "aba_ac______a_aca_b_a_b___cba_g\n",
    sudoku_81,
    "\n",
  };
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GString) dos = g_string_new ("\xef\xbb\xbf");
  g_autoptr(GPtrArray) a = new_level_array ();
  g_autoptr(GPtrArray) b = new_level_array ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *line = g_strdup (ids[i]);

      g_string_append (plain, ids[i]);
      g_strchomp (line);
      g_string_append_printf (dos, "%s%s\r\n", line, line[0] != '\0' ? "  \t" : "");
    }
  g_string_append (plain, plain_sudoku);
  g_string_append (dos, "  5 3 . . 7 . . . .   \r\n");
  for (const char *p = strchr (plain_sudoku + 1, '\n') + 1; *p; p++)
    if (*p == '\n')
      g_string_append (dos, "\r\n");
    else
      g_string_append_c (dos, *p);

  g_assert_true (_pw_latin_import_text (PW_LATIN_SUDOKU, plain->str, "unix.txt", a, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, 6);
  /* a lone row before the first grid: refused, and nothing read */
  g_assert_false (_pw_latin_import_text (PW_LATIN_SUDOKU, dos->str, "dos.txt", b, &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_cmpuint (b->len, ==, 0);
  g_clear_error (&error);

  /* without that row, the same levels */
  g_string_replace (dos, "  5 3 . . 7 . . . .   \r\n", "", 1);
  g_assert_true (_pw_latin_import_text (PW_LATIN_SUDOKU, dos->str, "dos.txt", b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (b->len, ==, a->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_true (_pw_latin_level_equal (a->pdata[i], b->pdata[i]));
}

/* ------------------------------------------------------------------ */
/* Random levels                                                        */

static gboolean
region_connected (const guint8 *regions,
                  guint         n,
                  guint8        r)
{
  g_autofree guint *stack = g_new (guint, n * n);
  g_autofree gboolean *seen = g_new0 (gboolean, n * n);
  guint top = 0, count = 0, total = 0;

  for (guint c = 0; c < n * n; c++)
    if (regions[c] == r)
      {
        if (total++ == 0)
          {
            stack[top++] = c;
            seen[c] = TRUE;
          }
      }
  while (top > 0)
    {
      guint c = stack[--top], x = c % n, y = c / n;
      guint next[4];
      guint k = 0;

      count++;
      if (x > 0)
        next[k++] = c - 1;
      if (x + 1 < n)
        next[k++] = c + 1;
      if (y > 0)
        next[k++] = c - n;
      if (y + 1 < n)
        next[k++] = c + n;
      for (guint i = 0; i < k; i++)
        if (!seen[next[i]] && regions[next[i]] == r)
          {
            seen[next[i]] = TRUE;
            stack[top++] = next[i];
          }
    }
  return count == total;
}

/* n regions of n cells, each in one piece: rows, then random swaps of
 * two neighbouring cells between their regions that keep both whole. */
static void
random_jigsaw (PwLatinLevel *level,
               GRand        *rand)
{
  guint n = level->n;

  for (guint c = 0; c < n * n; c++)
    level->regions[c] = (guint8) (c / n);
  for (guint k = 0; k < 20 * n * n; k++)
    {
      guint a = g_rand_int_range (rand, 0, n * n);
      guint b = g_rand_boolean (rand) ? a + 1 : a + n;
      guint8 ra, rb;

      if (b >= n * n || (b == a + 1 && b % n == 0))
        continue;
      ra = level->regions[a];
      rb = level->regions[b];
      if (ra == rb)
        continue;
      level->regions[a] = rb;
      level->regions[b] = ra;
      if (!region_connected (level->regions, n, ra) || !region_connected (level->regions, n, rb))
        {
          level->regions[a] = ra;
          level->regions[b] = rb;
        }
    }
  _pw_latin_level_number_regions (level);
  level->jigsaw = TRUE;
}

static PwLatinLevel *
random_level (GRand *rand)
{
  PwLatinVariant variant = g_rand_int_range (rand, 0, 3);
  PwLatinLevel *level;
  guint n, density;

  if (variant == PW_LATIN_SUDOKU)
    {
      guint r, c;

      if (g_rand_int_range (rand, 0, 3) == 0)
        {
          n = g_rand_int_range (rand, 2, 17);
          _pw_latin_squarest_boxes (n, &r, &c);
          level = _pw_latin_level_new (variant, n, r, c);
          random_jigsaw (level, rand);
        }
      else
        {
          do
            {
              r = g_rand_int_range (rand, 2, 9);
              c = g_rand_int_range (rand, 2, 9);
            }
          while (r * c > PW_SUDOKU_MAX_N);
          n = r * c;
          level = _pw_latin_level_new (variant, n, r, c);
        }
      level->diagonals = g_rand_boolean (rand);
    }
  else
    {
      guint max = variant == PW_LATIN_LATIN ? PW_LATIN_MAX_N : PW_FUTOSHIKI_MAX_N;

      n = g_rand_int_range (rand, 0, 8) == 0 ? g_rand_int_range (rand, 2, max + 1)
                                             : g_rand_int_range (rand, 2, 13);
      level = _pw_latin_level_new (variant, n, 0, 0);
    }

  density = g_rand_int_range (rand, 0, 101);
  for (guint i = 0; i < n * n; i++)
    if (g_rand_int_range (rand, 0, 100) < (gint32) density)
      level->givens[i] = (guint8) g_rand_int_range (rand, 1, n + 1);
  if (level->signs != NULL)
    {
      guint sign_density = g_rand_int_range (rand, 0, 101);

      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          {
            guint8 *s = &level->signs[y * n + x];

            if (x + 1 < n && g_rand_int_range (rand, 0, 100) < (gint32) sign_density)
              *s |= g_rand_boolean (rand) ? PW_SIGN_RIGHT_LESS : PW_SIGN_RIGHT_GREATER;
            if (y + 1 < n && g_rand_int_range (rand, 0, 100) < (gint32) sign_density)
              *s |= g_rand_boolean (rand) ? PW_SIGN_DOWN_LESS : PW_SIGN_DOWN_GREATER;
          }
    }
  return level;
}

static void
test_random_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);
  g_autoptr(GPtrArray) written = new_level_array ();
  GString *files[3] = { g_string_new ("# random levels\n"), g_string_new (NULL),
                        g_string_new (NULL) };
  guint jigsaws = 0;

  for (guint i = 0; i < 1500; i++)
    {
      PwLatinLevel *level = random_level (rand);
      g_autofree char *text = _pw_latin_to_text (level);

      g_assert_nonnull (text);
      assert_round_trip (level);
      jigsaws += level->jigsaw;
      g_string_append_printf (files[level->variant], "%s\r\n%s", text,
                              i % 7 == 0 ? "\n# next\n" : "");
      g_ptr_array_add (written, level);
    }
  g_assert_cmpuint (jigsaws, >, 100);

  /* one file per variant, read at once: the same levels in order */
  for (PwLatinVariant v = PW_LATIN_SUDOKU; v <= PW_LATIN_FUTOSHIKI; v++)
    {
      g_autoptr(GPtrArray) read = new_level_array ();
      g_autoptr(GError) error = NULL;
      guint k = 0;

      g_assert_true (_pw_latin_import_text (v, files[v]->str, "random.txt", read, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < written->len; i++)
        {
          const PwLatinLevel *level = written->pdata[i];

          if (level->variant != v)
            continue;
          g_assert_cmpuint (k, <, read->len);
          g_assert_true (_pw_latin_level_equal (level, read->pdata[k++]));
        }
      g_assert_cmpuint (k, ==, read->len);
      g_string_free (files[v], TRUE);
    }
}

/* Plain grids written the plain way read back with the same givens. */
static void
test_random_plain_grids (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < 300; i++)
    {
      g_autoptr(PwLatinLevel) level = random_level (rand);
      g_autoptr(PwLatinLevel) back = NULL;
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = level->n, r, c;

      if (level->variant == PW_LATIN_SUDOKU && !_pw_latin_squarest_boxes (n, &r, &c))
        continue;
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          {
            guint8 v = level->givens[y * n + x];

            if (v == 0 && g_rand_boolean (rand))
              g_string_append_c (text, '.');
            else
              g_string_append_printf (text, "%u", v);
            g_string_append (text, x + 1 < n ? (g_rand_boolean (rand) ? " " : " \t ") : "\n");
          }
      back = must_read (level->variant, text->str);
      g_assert_cmpuint (back->n, ==, n);
      g_assert_cmpmem (back->givens, n * n, level->givens, n * n);
    }
}

/* Levels no text form holds. */
static void
test_unwritable (void)
{
  g_autoptr(PwLatinLevel) rows = _pw_latin_level_new (PW_LATIN_SUDOKU, 6, 1, 6);
  g_autoptr(PwLatinLevel) columns = _pw_latin_level_new (PW_LATIN_SUDOKU, 6, 6, 1);
  g_autoptr(PwLatinLevel) split = _pw_latin_level_new (PW_LATIN_SUDOKU, 4, 2, 2);
  g_autoptr(PwLatinLevel) latin = _pw_latin_level_new (PW_LATIN_LATIN, 4, 0, 0);
  g_autofree char *a = _pw_latin_to_text (rows);
  g_autofree char *b = _pw_latin_to_text (columns);
  g_autofree char *c = NULL;
  g_autofree char *d = NULL;

  g_assert_null (a);
  g_assert_null (b);
  /* region 0 in two pieces: r1c1-r1c2 and r2c3-r2c4 */
  memcpy (split->regions, (guint8[]) { 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 3, 3, 2, 2, 3, 3 }, 16);
  split->jigsaw = TRUE;
  c = _pw_latin_to_text (split);
  g_assert_null (c);
  latin->diagonals = TRUE;
  d = _pw_latin_to_text (latin);
  g_assert_null (d);
}

/* Givens that contradict each other are not bad input. */
static void
test_contradicting_givens (void)
{
  g_autofree char *dots = g_strnfill (78, '.');
  g_autofree char *line = g_strdup_printf ("55%s9", dots);
  g_autoptr(PwLatinLevel) sudoku = must_read (PW_LATIN_SUDOKU, line);
  g_autoptr(PwLatinLevel) futoshiki = must_read (PW_LATIN_FUTOSHIKI, "2:1R,2,1,1,");

  g_assert_cmpuint (sudoku->givens[0], ==, 5);
  g_assert_cmpuint (sudoku->givens[1], ==, 5);
  g_assert_cmpuint (futoshiki->signs[0], ==, PW_SIGN_RIGHT_GREATER);
  assert_round_trip (sudoku);
  assert_round_trip (futoshiki);
}

/* ------------------------------------------------------------------ */
/* Bad input                                                            */

typedef struct
{
  PwLatinVariant variant;
  const char    *text;
  const char    *where;   /* "line 3, cell r1c5, character 5" */
  const char    *what;    /* part of the rest */
} Bad;

static const Bad bad[] = {
  /* 81 characters */
  { PW_LATIN_SUDOKU,
    "# c\n\n53..7....6..195....98....6.8...6...3"
    "4..8.3..17...2...6.6....28....419..5....8..7",
    "line 3", "81 characters, this one 80" },
  { PW_LATIN_SUDOKU,
    "53..x....6..195....98....6.8...6...34..8"
    ".3..17...2...6.6....28....419..5....8..79",
    "line 1, cell r1c5, character 5", "unknown character “x”" },
  { PW_LATIN_SUDOKU,
    "53..é....6..195....98....6.8...6...34..8"
    ".3..17...2...6.6....28....419..5....8..79",
    "line 1, cell r1c5, character 5", "unknown character “é”" },
  { PW_LATIN_SUDOKU,
    "53..7....6..195....98....6.8...6...34..8.3"
    "..17...2...6.6....28....419..5....8..7\x01",
    "line 1, cell r9c9, character 81", "unknown character U+0001" },
  /* Solo IDs */
  { PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4_3c4_1b2e7", "line 1, cell r6c6, character 27",
    "7 is larger than 6" },
  { PW_LATIN_SUDOKU, "4x4:10_17z", "line 1, cell r1c2, character 8", "17 is larger than 16" },
  { PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4_3c4_1b2e1a", "line 1, character 28",
    "goes past its 36 cells" },
  { PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4_3c4_1b2e1_2", "line 1, character 29",
    "goes past its 36 cells" },
  { PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4_3c4_1b2d1", "line 1, character 28",
    "the grid has 35 of its 36 cells" },
  { PW_LATIN_SUDOKU, "2x3:4e3b4_6c5_2d4.3c4_1b2e1", "line 1, character 18",
    "unknown character “.” in the grid" },
  { PW_LATIN_SUDOKU, "2x3:04e3b4_6c5_2d4_3c4_1b2e1", "line 1, character 5",
    "unknown character “0” in the grid" },
  { PW_LATIN_SUDOKU, "3x3k:i", "line 1, character 4", "killer" },
  { PW_LATIN_SUDOKU, "3x3q:i", "line 1, character 4", "unknown parameter “q”" },
  { PW_LATIN_SUDOKU, "3x3dz:i", "line 1, character 4", "unknown parameter “d”" },
  { PW_LATIN_SUDOKU, "x3:i", "line 1, character 1", "expected the size" },
  { PW_LATIN_SUDOKU, "1x4:i", "line 1, character 1", "at least 2 rows and 2 columns" },
  { PW_LATIN_SUDOKU, "3x0:i", "line 1, character 1", "at least 2 rows and 2 columns" },
  { PW_LATIN_SUDOKU, "9x9:i",
    "line 1, character 1", "81×81 is larger than the largest sudoku, 64×64" },
  { PW_LATIN_SUDOKU, "2x2:p,a", "line 1, character 6", "unexpected text after the grid" },
  { PW_LATIN_SUDOKU, "3x3:i", "line 1, character 6", "the grid has 9 of its 81 cells" },
  { PW_LATIN_SUDOKU, "2j:d", "line 1", "needs “,” and its regions" },
  /* 2 × 2 jigsaw regions "b__": the two rows */
  { PW_LATIN_SUDOKU, "2j:d,b___", "line 1, character 9", "regions go past the end" },
  { PW_LATIN_SUDOKU, "2j:d,bz", "line 1, character 7", "regions go past the end" },
  { PW_LATIN_SUDOKU, "2j:d,b_", "line 1, character 8", "regions stop before the end" },
  { PW_LATIN_SUDOKU, "2j:d,b__,",
    "line 1, character 9", "unexpected text after the jigsaw regions" },
  { PW_LATIN_SUDOKU, "2j:d,_A_", "line 1, character 7", "unknown character “A” in the jigsaw" },
  { PW_LATIN_SUDOKU, "2j:d,c_",
    "line 1, cell r1c1", "region starting here has 4 cells; each needs 2" },
  { PW_LATIN_SUDOKU, "2j:d,a_a",
    "line 1, cell r1c1", "region starting here has 3 cells; each needs 2" },
  /* plain grids */
  { PW_LATIN_SUDOKU, "1 2 3 4\n3 4 1 2\n2 1 10 3\n4 3 2 1\n", "line 3, cell r3c3, character 5",
    "10 is larger than 4" },
  { PW_LATIN_SUDOKU, "1 2 3 4\n3 4 1 2\n2 1 x 3\n4 3 2 1\n", "line 3, cell r3c3, character 5",
    "unknown character “x”" },
  { PW_LATIN_SUDOKU, "1 2 3 4\n3 4 1 2\n2 1 4-1 3\n4 3 2 1\n", "line 3, cell r3c3, character 6",
    "unknown character “-”" },
  { PW_LATIN_SUDOKU, "1 2 3 4 5\n", "line 1", "(5 is prime)" },
  { PW_LATIN_SUDOKU, "1 2 3 4\n3 4 1\n",
    "line 2", "this row has 3 numbers, the grid's first row 4" },
  { PW_LATIN_SUDOKU, "\n1 2 3 4\n3 4 1 2\n# c\n2 1 4 3\n\n", "line 2",
    "the grid starting here has 3 rows of 4 numbers; it needs 4" },
  { PW_LATIN_SUDOKU, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n1 2 3 4\n", "line 5",
    "already has its 4 rows" },
  { PW_LATIN_SUDOKU, "5 3 . . 7 . . . .\n"
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    "line 2", "mixed forms" },
  { PW_LATIN_LATIN, "1 2 3\n2 3 1\n4:1,2,3,4,\n", "line 3", "mixed forms" },
  { PW_LATIN_FUTOSHIKI, "1 2\n2 1\n2:1,0,0,0,\n", "line 3", "mixed forms" },
  { PW_LATIN_LATIN, "2:1,2,2,1,\n" "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 "
    "25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 "
    "56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 "
    "87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 "
    "113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129\n",
    "line 2", "129×129 is outside the sizes a Latin square can have, 2×2 to 128×128" },
  /* Unequal IDs */
  { PW_LATIN_FUTOSHIKI, "3:0U,0,0,0,0,0,0,0,0,",
    "line 1, cell r1c1, character 4", "“U” points off the board" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0R,0,0,0,0,0,0,",
    "line 1, cell r1c3, character 8", "“R” points off the board" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0,0,0,0,0,0D,",
    "line 1, cell r3c3, character 20", "“D” points off the board" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0L,0,0,0,0,0,",
    "line 1, cell r2c1, character 10", "“L” points off the board" },
  { PW_LATIN_FUTOSHIKI, "3:0R,0L,0,0,0,0,0,0,0,", "line 1, cell r1c2, character 7",
    "“L” contradicts “R” on cell r1c1" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0,0D,0,0,0U,0,", "line 1, cell r3c2, character 19",
    "“U” contradicts “D” on cell r2c2" },
  { PW_LATIN_LATIN, "3:0,0,0,0D,0,0,0,0,2,", "line 1, cell r2c1, character 10",
    "no inequality signs (found “D”)" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0,4,0,0,0,0,", "line 1, cell r2c2, character 11",
    "4 is larger than 3" },
  { PW_LATIN_LATIN, "10:0,0,0,0,0,0,0,0,0,11", "line 1, cell r1c10, character 22",
    "11 is larger than 10" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0,0,0,0,0,", "line 1", "wrong number of cells: found 8 of 9" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,0,0,0,0,0,0,0", "line 1, character 21", "more than 9" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0,,0,0,0,0,0,", "line 1, cell r2c1, character 9",
    "expected a number (0 for a blank), found “,”" },
  { PW_LATIN_FUTOSHIKI, "3:0,0,0;0,0,0,0,0,0,", "line 1, cell r1c3, character 8",
    "unknown character “;”" },
  { PW_LATIN_FUTOSHIKI, "5a:0,0", "line 1, character 2", "Adjacent" },
  { PW_LATIN_FUTOSHIKI, "5dq:0,0", "line 1, character 2", "unknown parameter “d”" },
  { PW_LATIN_FUTOSHIKI, "1:0,",
    "line 1, character 1", "1×1 is outside the sizes a futoshiki can have, 2×2 to" },
  { PW_LATIN_LATIN, "3x3:0,", "line 1, character 2", "unknown parameter “x”" },
  { PW_LATIN_LATIN, "# c\n1,2,3\n", "line 2", "expected a game ID" },
  { PW_LATIN_FUTOSHIKI, "123\n", "line 1", "expected an Unequal game ID" },
  /* the file */
  { PW_LATIN_SUDOKU, "# c\n\n2x2:p\n\xff\n", "line 4", "not valid UTF-8" },
};

static void
test_bad_input (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GPtrArray) levels = new_level_array ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) single_error = NULL;
      g_autoptr(PwLatinLevel) single = NULL;
      g_autofree char *expected = g_strdup_printf ("bad.txt: %s: ", bad[i].where);
      g_autofree char *expected_single = g_strdup_printf ("%s: ", bad[i].where);

      /* a level read before stays; nothing is appended */
      g_ptr_array_add (levels, _pw_latin_level_new (PW_LATIN_LATIN, 2, 0, 0));
      g_assert_false (_pw_latin_import_text (bad[i].variant, bad[i].text, "bad.txt", levels,
                                             &error));
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      if (!g_str_has_prefix (error->message, expected) ||
          strstr (error->message, bad[i].what) == NULL)
        g_error ("%s: got “%s”, expected “%s…%s”", bad[i].text, error->message, expected,
                 bad[i].what);
      g_assert_cmpuint (levels->len, ==, 1);
      g_test_message ("%s", error->message);

      /* pasted: the same message without the file name */
      single = _pw_latin_from_text (bad[i].variant, bad[i].text, &single_error);
      g_assert_null (single);
      g_assert_error (single_error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (single_error->message, expected_single));
      g_assert_cmpstr (single_error->message, ==, error->message + strlen ("bad.txt: "));
    }
}

/* An error anywhere in a file: nothing from the good lines before it. */
static void
test_nothing_appended (void)
{
  g_autofree char *good = read_data ("solo.txt");
  g_autofree char *text = g_strconcat (good, "3x3:i\n", NULL);
  g_autoptr(GPtrArray) levels = new_level_array ();
  g_autoptr(GError) error = NULL;

  g_assert_false (_pw_latin_import_text (PW_LATIN_SUDOKU, text, "solo+1.txt", levels, &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_cmpuint (levels->len, ==, 0);
  g_assert_true (g_str_has_prefix (error->message, "solo+1.txt: line 62, character 6: "));
}

static void
test_from_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLatinLevel) level = NULL;

  level = _pw_latin_from_text (PW_LATIN_SUDOKU, "2x2:p\n2x2:p\n", &error);
  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "the text holds 2 puzzles; expected one");
  g_clear_error (&error);

  level = _pw_latin_from_text (PW_LATIN_LATIN, "\n# only a comment\n  \n", &error);
  g_assert_null (level);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "there is no puzzle in the text");
  g_clear_error (&error);

  /* pasted with space around it */
  level = must_read (PW_LATIN_SUDOKU, "\n   2x2:c2_4f4_1c  \n\n");
  g_assert_cmpuint (level->n, ==, 4);
  g_assert_cmpuint (level->givens[3], ==, 2);
  g_assert_cmpuint (level->givens[4], ==, 4);
  g_assert_cmpuint (level->givens[11], ==, 4);
  g_assert_cmpuint (level->givens[12], ==, 1);
}

/* ------------------------------------------------------------------ */
/* What sgt accepts                                                     */

/* Feeds game IDs to sgt's --print, which reads them from its input and
 * fails on the first it refuses. */
static void
assert_sgt_accepts (const char *program,
                    GString    *ids,
                    guint       count)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error, program, "--print", "1x1", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, ids->str, NULL, &out, &err, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_successful (process))
    g_error ("%s refused an ID: %s", program, err);
  /* one page each */
  g_assert_nonnull (strstr (out, "%%Pages: "));
  g_assert_cmpuint (strtoul (strstr (out, "%%Pages: ") + 9, NULL, 10), ==, count);
}

static void
test_sgt_accepts (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  g_autoptr(GString) solo = g_string_new (NULL);
  g_autoptr(GString) unequal = g_string_new (NULL);
  guint n_solo = 0, n_unequal = 0, jigsaws = 0, diagonals = 0, signs = 0;
  g_autoptr(PwLatinLevel) rows = must_read (PW_LATIN_SUDOKU, "3x3j:zzzc,zzt" "________"
                                            "________________________________________________"
                                            "________________");

  if (!g_file_test (SGT_SOLO, G_FILE_TEST_IS_EXECUTABLE) ||
      !g_file_test (SGT_UNEQUAL, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("sgt-puzzles is not installed");
      return;
    }
  /* runs of more than 26 lines inside regions */
  {
    g_autofree char *text = _pw_latin_to_text (rows);

    g_string_append_printf (solo, "%s\n", text);
    n_solo++;
  }
  while (n_solo < 150 || n_unequal < 150)
    {
      g_autoptr(PwLatinLevel) level = random_level (rand);
      g_autofree char *text = _pw_latin_to_text (level);

      /* Solo: at most 31 symbols, diagonals from 4 × 4 */
      if (level->variant == PW_LATIN_SUDOKU && strchr (text, ':') != NULL && level->n <= 31 &&
          (!level->diagonals || level->n >= 4) && n_solo < 150)
        {
          g_string_append_printf (solo, "%s\n", text);
          n_solo++;
          jigsaws += level->jigsaw;
          diagonals += level->diagonals;
        }
      /* Unequal: orders 3 to 32 */
      if (level->variant != PW_LATIN_SUDOKU && level->n >= 3 && level->n <= 32 &&
          n_unequal < 150)
        {
          g_string_append_printf (unequal, "%s\n", text);
          n_unequal++;
          signs += strpbrk (strchr (text, ':'), "URDL") != NULL;
        }
    }
  g_assert_cmpuint (jigsaws, >, 20);
  g_assert_cmpuint (diagonals, >, 20);
  g_assert_cmpuint (signs, >, 20);
  assert_sgt_accepts (SGT_SOLO, solo, n_solo);
  assert_sgt_accepts (SGT_UNEQUAL, unequal, n_unequal);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/latin-text/sgt-solo", test_sgt_solo);
  g_test_add_func ("/io/latin-text/solo-box-orientation", test_solo_box_orientation);
  g_test_add_func ("/io/latin-text/sgt-unequal", test_sgt_unequal);
  g_test_add_func ("/io/latin-text/latin-forms", test_latin_forms);
  g_test_add_func ("/io/latin-text/plain-grids", test_plain_grids);
  g_test_add_func ("/io/latin-text/line-ends", test_line_ends);
  g_test_add_func ("/io/latin-text/random-round-trip", test_random_round_trip);
  g_test_add_func ("/io/latin-text/random-plain-grids", test_random_plain_grids);
  g_test_add_func ("/io/latin-text/unwritable", test_unwritable);
  g_test_add_func ("/io/latin-text/contradicting-givens", test_contradicting_givens);
  g_test_add_func ("/io/latin-text/bad-input", test_bad_input);
  g_test_add_func ("/io/latin-text/nothing-appended", test_nothing_appended);
  g_test_add_func ("/io/latin-text/from-text", test_from_text);
  g_test_add_func ("/io/latin-text/sgt-accepts", test_sgt_accepts);

  return g_test_run ();
}
