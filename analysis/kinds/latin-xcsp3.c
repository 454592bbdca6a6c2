/* latin-xcsp3.c — the sudoku, latin and futoshiki kinds in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3"): x[r][c] in 1..n, the value in
 * row r, column c; an <instantiation> of the givens; <allDifferent> over
 * each row, each column (groups of %...), each box (slices) or jigsaw
 * region (lists), and each diagonal of a Sudoku X; futoshiki's signs as a
 * group of lt(%0,%1), the first cell less than the second. The note says
 * the size, and for a sudoku its box shape, jigsaw or not, diagonals or
 * not; givens, regions and signs are read from the constraints.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "latin-private.h"
#include "xcsp3.h"

static void
write_cell (PwXcspWriter *writer,
            guint         n,
            guint         cell)
{
  pw_xcsp_writer_text (writer, "x[%u][%u]", cell / n, cell % n);
}

/* rows a..b, columns c..d as a slice */
static void
write_box (PwXcspWriter *writer,
           guint         r0,
           guint         r1,
           guint         c0,
           guint         c1)
{
  g_autofree char *rows = r0 == r1 ? g_strdup_printf ("%u", r0)
                                   : g_strdup_printf ("%u..%u", r0, r1);
  g_autofree char *cols = c0 == c1 ? g_strdup_printf ("%u", c0)
                                   : g_strdup_printf ("%u..%u", c0, c1);

  pw_xcsp_writer_leaf (writer, "args", "x[%s][%s]", rows, cols);
}

gboolean
_pw_latin_to_xcsp3 (gconstpointer  data,
                    PwXcspWriter  *writer,
                    GError       **error)
{
  const PwLatinLevel *level = data;
  guint n = level->n, givens = 0;
  g_autofree char *size = g_strdup_printf ("[%u][%u]", n, n);
  g_autofree char *domain = n == 1 ? g_strdup ("1") : g_strdup_printf ("1..%u", n);

  pw_xcsp_writer_set_param (writer, "size", "%u", n);
  if (level->variant == PW_LATIN_SUDOKU)
    {
      pw_xcsp_writer_set_param (writer, "boxes", "%ux%u", level->box_rows, level->box_cols);
      pw_xcsp_writer_set_param (writer, "regions", "%s", level->jigsaw ? "jigsaw" : "boxes");
      pw_xcsp_writer_set_param (writer, "diagonals", "%s", level->diagonals ? "yes" : "no");
    }
  switch (level->variant)
    {
    case PW_LATIN_SUDOKU:
      pw_xcsp_writer_comment (writer, "A sudoku of %u × %u: every row, column and region%s "
                              "holds 1 to %u once.", n, n,
                              level->diagonals ? " (and both diagonals)" : "", n);
      break;
    case PW_LATIN_LATIN:
      pw_xcsp_writer_comment (writer, "A Latin square of %u × %u: every row and column holds 1 "
                              "to %u once.", n, n, n);
      break;
    case PW_LATIN_FUTOSHIKI:
    default:
      pw_xcsp_writer_comment (writer, "A futoshiki of %u × %u: a Latin square whose values "
                              "respect the signs.", n, n);
      break;
    }
  pw_xcsp_writer_array (writer, "x", size, "x[r][c]: the value in row r, column c", domain);

  for (guint c = 0; c < n * n; c++)
    givens += level->givens[c] != 0;
  if (givens > 0)
    {
      pw_xcsp_writer_begin (writer, "instantiation", "the givens");
      pw_xcsp_writer_begin (writer, "list", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->givens[c] != 0)
          write_cell (writer, n, c);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "values", NULL);
      for (guint c = 0; c < n * n; c++)
        if (level->givens[c] != 0)
          pw_xcsp_writer_text (writer, "%u", level->givens[c]);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_end (writer);
    }
  if (n < 2)
    return TRUE;

  pw_xcsp_writer_begin (writer, "group", "rows");
  pw_xcsp_writer_leaf (writer, "allDifferent", "%%...");
  for (guint y = 0; y < n; y++)
    pw_xcsp_writer_leaf (writer, "args", "x[%u][]", y);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_begin (writer, "group", "columns");
  pw_xcsp_writer_leaf (writer, "allDifferent", "%%...");
  for (guint x = 0; x < n; x++)
    pw_xcsp_writer_leaf (writer, "args", "x[][%u]", x);
  pw_xcsp_writer_end (writer);

  if (level->variant == PW_LATIN_SUDOKU && !level->jigsaw)
    {
      pw_xcsp_writer_begin (writer, "group", "boxes");
      pw_xcsp_writer_leaf (writer, "allDifferent", "%%...");
      for (guint by = 0; by < n; by += level->box_rows)
        for (guint bx = 0; bx < n; bx += level->box_cols)
          write_box (writer, by, by + level->box_rows - 1, bx, bx + level->box_cols - 1);
      pw_xcsp_writer_end (writer);
    }
  else if (level->variant == PW_LATIN_SUDOKU)
    {
      pw_xcsp_writer_begin (writer, "group", "jigsaw regions");
      g_autofree gboolean *written = g_new0 (gboolean, n);

      pw_xcsp_writer_leaf (writer, "allDifferent", "%%...");
      /* in the order of their first cells, whatever their numbers (a
       * generator's levels need not be numbered that way) */
      for (guint first = 0; first < n * n; first++)
        {
          guint r = level->regions[first];

          if (written[r])
            continue;
          written[r] = TRUE;
          pw_xcsp_writer_begin (writer, "args", NULL);
          for (guint c = first; c < n * n; c++)
            if (level->regions[c] == r)
              write_cell (writer, n, c);
          pw_xcsp_writer_end (writer);
        }
      pw_xcsp_writer_end (writer);
    }
  if (level->variant == PW_LATIN_SUDOKU && level->diagonals)
    {
      pw_xcsp_writer_begin (writer, "allDifferent", "the main diagonal");
      for (guint i = 0; i < n; i++)
        write_cell (writer, n, i * n + i);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "allDifferent", "the other diagonal");
      for (guint i = 0; i < n; i++)
        write_cell (writer, n, i * n + n - 1 - i);
      pw_xcsp_writer_end (writer);
    }

  if (level->variant == PW_LATIN_FUTOSHIKI)
    {
      g_autoptr(PwNumGrid) grid = _pw_latin_build_grid (level);
      guint n_less = pw_numgrid_get_n_less (grid);

      if (n_less > 0)
        {
          pw_xcsp_writer_begin (writer, "group", "the signs: the first cell is less");
          pw_xcsp_writer_leaf (writer, "intension", "lt(%%0,%%1)");
          for (guint i = 0; i < n_less; i++)
            {
              guint a, b;

              pw_numgrid_get_less (grid, i, &a, &b);
              pw_xcsp_writer_begin (writer, "args", NULL);
              write_cell (writer, n, a);
              write_cell (writer, n, b);
              pw_xcsp_writer_end (writer);
            }
          pw_xcsp_writer_end (writer);
        }
    }
  return TRUE;
}

/* "RxC" into two numbers. */
static gboolean
parse_shape (const char *text,
             guint       n,
             guint      *rows,
             guint      *cols)
{
  g_auto(GStrv) parts = text != NULL ? g_strsplit (text, "x", 3) : NULL;
  guint64 r, c;

  if (parts == NULL || g_strv_length (parts) != 2 ||
      !g_ascii_string_to_unsigned (parts[0], 10, 0, n, &r, NULL) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 0, n, &c, NULL))
    return FALSE;
  *rows = r;
  *cols = c;
  return TRUE;
}

/* The groups of <constraints> whose template is @template, in order. */
static GPtrArray *
groups_of (const PwXcspInstance *instance,
           const char           *template)
{
  g_autoptr(GPtrArray) all =
    pw_xcsp_element_get_children (pw_xcsp_instance_get_constraints (instance), "group");
  GPtrArray *groups = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      const PwXcspElement *group = g_ptr_array_index (all, i);

      if (pw_xcsp_element_get_child (group, template) != NULL)
        g_ptr_array_add (groups, (gpointer) group);
    }
  return groups;
}

static gboolean
read_regions (const PwXcspInstance *instance,
              PwLatinLevel         *level,
              GError              **error)
{
  guint n = level->n, sizes[2] = { n, n };
  g_autoptr(GPtrArray) groups = groups_of (instance, "allDifferent");
  g_autoptr(GPtrArray) args = NULL;
  const PwXcspElement *group;

  /* rows, columns, then the regions */
  if (groups->len < 3)
    {
      pw_xcsp_set_error (error, instance, pw_xcsp_instance_get_constraints (instance),
                         PW_XCSP_ERROR_UNSUPPORTED,
                         _("a jigsaw sudoku has a third group of <allDifferent>: its regions"));
      return FALSE;
    }
  group = g_ptr_array_index (groups, 2);
  args = pw_xcsp_element_get_children (group, "args");
  if (args->len != n)
    {
      pw_xcsp_set_error (error, instance, group, PW_XCSP_ERROR_INVALID,
                         _("%u regions; a sudoku of size %u has %u"), args->len, n, n);
      return FALSE;
    }
  memset (level->regions, 0xff, n * n);
  for (guint r = 0; r < n; r++)
    {
      const PwXcspElement *region = g_ptr_array_index (args, r);
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));

      if (!pw_xcsp_read_variables (instance, region, "x", 2, sizes, cells, error))
        return FALSE;
      for (guint i = 0; i < cells->len; i++)
        {
          guint c = g_array_index (cells, guint, i);

          if (level->regions[c] != 0xff)
            {
              pw_xcsp_set_error (error, instance, region, PW_XCSP_ERROR_INVALID,
                                 _("x[%u][%u] is in two regions"), c / n, c % n);
              return FALSE;
            }
          level->regions[c] = r;
        }
    }
  for (guint c = 0; c < n * n; c++)
    if (level->regions[c] == 0xff)
      {
        pw_xcsp_set_error (error, instance, group, PW_XCSP_ERROR_INVALID,
                           _("x[%u][%u] is in no region"), c / n, c % n);
        return FALSE;
      }
  _pw_latin_level_number_regions (level);
  return TRUE;
}

static gboolean
read_signs (const PwXcspInstance *instance,
            PwLatinLevel         *level,
            GError              **error)
{
  guint n = level->n, sizes[2] = { n, n };
  g_autoptr(GPtrArray) groups = groups_of (instance, "intension");

  for (guint g = 0; g < groups->len; g++)
    {
      g_autoptr(GPtrArray) args =
        pw_xcsp_element_get_children (g_ptr_array_index (groups, g), "args");

      for (guint i = 0; i < args->len; i++)
        {
          const PwXcspElement *pair = g_ptr_array_index (args, i);
          g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
          guint a, b, upper;
          guint8 mask;

          if (!pw_xcsp_read_variables (instance, pair, "x", 2, sizes, cells, error))
            return FALSE;
          if (cells->len != 2)
            {
              pw_xcsp_set_error (error, instance, pair, PW_XCSP_ERROR_UNSUPPORTED,
                                 _("a sign joins two cells"));
              return FALSE;
            }
          a = g_array_index (cells, guint, 0);
          b = g_array_index (cells, guint, 1);
          upper = MIN (a, b);
          mask = MAX (a, b) - upper == n ? PW_SIGN_DOWN_LESS | PW_SIGN_DOWN_GREATER
                                         : PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER;
          if (level->signs[upper] & mask)
            {
              pw_xcsp_set_error (error, instance, pair, PW_XCSP_ERROR_INVALID,
                                 _("x[%u][%u] and x[%u][%u] have a sign already"), a / n, a % n,
                                 b / n, b % n);
              return FALSE;
            }
          if (!_pw_latin_level_set_less (level, a, b))
            {
              pw_xcsp_set_error (error, instance, pair, PW_XCSP_ERROR_INVALID,
                                 _("x[%u][%u] and x[%u][%u] are not neighbours"), a / n, a % n,
                                 b / n, b % n);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gpointer
from_xcsp3 (PwLatinVariant         variant,
            const PwXcspInstance  *instance,
            GError               **error)
{
  g_autoptr(PwLatinLevel) level = NULL;
  guint n, box_rows = 0, box_cols = 0, sizes[2];
  const PwXcspElement *root = pw_xcsp_instance_get_root (instance);
  const PwXcspElement *givens;
  guint max = variant == PW_LATIN_SUDOKU ? PW_SUDOKU_MAX_N
              : variant == PW_LATIN_LATIN ? PW_LATIN_MAX_N : PW_FUTOSHIKI_MAX_N;

  if (!pw_xcsp_instance_get_uint (instance, "size", variant == PW_LATIN_SUDOKU ? 1 : PW_LATIN_MIN_N,
                                  max, &n, error))
    return NULL;
  sizes[0] = sizes[1] = n;
  if (variant == PW_LATIN_SUDOKU)
    {
      const char *regions = pw_xcsp_instance_get_param (instance, "regions");
      const char *diagonals = pw_xcsp_instance_get_param (instance, "diagonals");
      gboolean jigsaw = g_strcmp0 (regions, "jigsaw") == 0;

      if (!parse_shape (pw_xcsp_instance_get_param (instance, "boxes"), n, &box_rows, &box_cols) ||
          (!jigsaw && box_rows * box_cols != n) || (jigsaw && box_rows * box_cols != n &&
                                                    box_rows + box_cols != 0) ||
          (!jigsaw && g_strcmp0 (regions, "boxes") != 0) ||
          (g_strcmp0 (diagonals, "yes") != 0 && g_strcmp0 (diagonals, "no") != 0))
        {
          pw_xcsp_set_error (error, instance, root, PW_XCSP_ERROR_INVALID,
                             _("its note needs boxes=RxC (R·C = %u), regions=boxes or jigsaw, "
                               "diagonals=yes or no"), n);
          return NULL;
        }
      level = _pw_latin_level_new (variant, n, jigsaw ? 1 : box_rows, jigsaw ? n : box_cols);
      level->jigsaw = jigsaw;
      level->box_rows = box_rows;
      level->box_cols = box_cols;
      level->diagonals = g_str_equal (diagonals, "yes");
      if (jigsaw && n >= 2 && !read_regions (instance, level, error))
        return NULL;
    }
  else
    level = _pw_latin_level_new (variant, n, 0, 0);

  givens = pw_xcsp_element_get_child (pw_xcsp_instance_get_constraints (instance),
                                      "instantiation");
  if (givens != NULL)
    {
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));

      if (!pw_xcsp_read_instantiation (instance, givens, "x", 2, sizes, 1, n, cells, values,
                                       error))
        return NULL;
      for (guint i = 0; i < cells->len; i++)
        level->givens[g_array_index (cells, guint, i)] = g_array_index (values, gint64, i);
    }
  if (variant == PW_LATIN_FUTOSHIKI && !read_signs (instance, level, error))
    return NULL;
  return g_steal_pointer (&level);
}

gpointer
_pw_sudoku_from_xcsp3 (const PwXcspInstance  *instance,
                       GError               **error)
{
  return from_xcsp3 (PW_LATIN_SUDOKU, instance, error);
}

gpointer
_pw_latin_from_xcsp3 (const PwXcspInstance  *instance,
                      GError               **error)
{
  return from_xcsp3 (PW_LATIN_LATIN, instance, error);
}

gpointer
_pw_futoshiki_from_xcsp3 (const PwXcspInstance  *instance,
                          GError               **error)
{
  return from_xcsp3 (PW_LATIN_FUTOSHIKI, instance, error);
}
