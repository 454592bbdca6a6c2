/* knight-xcsp3.c — the knights-tour kind in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3"): p[k] is the cell of step
 * k + 1 (cell y × width + x), its domain the cells not blocked; all
 * different; a <group> of one binary <extension> whose supports are the
 * knight's moves between free cells, over each pair of consecutive steps
 * (and, for a closed tour, the last and the first); the givens an
 * <instantiation> of their steps. A solution is a numbering of the free
 * cells, as the kind counts them: an open tour once each way, a closed
 * tour from each of its cells in both directions (2F numberings of one
 * cycle). The note says the board's size and whether the tour is open or
 * closed; blocked cells are those outside the domain.
 */

#define G_LOG_DOMAIN "pw-knight"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n-lib.h>

#include "knight-private.h"
#include "xcsp3.h"

static gboolean
knight_move (guint w,
             guint a,
             guint b)
{
  int dx = abs ((int) (a % w) - (int) (b % w));
  int dy = abs ((int) (a / w) - (int) (b / w));

  return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

gboolean
_pw_knight_to_xcsp3 (gconstpointer  data,
                     PwXcspWriter  *writer,
                     GError       **error)
{
  const PwKnightLevel *level = data;
  guint w = level->width, h = level->height, cells = w * h;
  guint f = _pw_knight_level_n_free (level), n_givens = 0;
  g_autofree guint *cell_of_step = g_new (guint, f + 1);
  g_autofree char *size = g_strdup_printf ("[%u]", f);
  GString *domain = g_string_new (NULL);

  /* the givens as steps: a number twice, or past the free cells, has no
   * step variable to stand for it */
  for (guint k = 0; k <= f; k++)
    cell_of_step[k] = G_MAXUINT;
  for (guint c = 0; c < cells; c++)
    {
      guint k = level->cells[c];

      if (k == 0 || k == PW_KNIGHT_BLOCKED)
        continue;
      if (k > f || cell_of_step[k] != G_MAXUINT)
        {
          g_string_free (domain, TRUE);
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                       k > f ? _("step %u is given on a board of %u free cells: no tour has it, "
                                 "and the XCSP3 model has no variable for it")
                             : _("step %u is given twice: no tour has it, and the XCSP3 model "
                                 "gives each step one cell"), k, f);
          return FALSE;
        }
      cell_of_step[k] = c;
      n_givens++;
    }

  pw_xcsp_writer_set_param (writer, "width", "%u", w);
  pw_xcsp_writer_set_param (writer, "height", "%u", h);
  pw_xcsp_writer_set_param (writer, "tour", "%s", level->closed ? "closed" : "open");
  pw_xcsp_writer_comment (writer, "A%s knight's tour of %u × %u: p[k] is the cell (row × %u + "
                          "column) of step k + 1; every free cell once, consecutive steps a "
                          "knight's move apart%s.", level->closed ? " closed" : "n open", w, h,
                          w, level->closed ? ", the last step a move from the first" : "");
  if (f == cells)
    g_string_append_printf (domain, "0..%u", cells - 1);
  else
    for (guint c = 0; c < cells; c++)
      if (level->cells[c] != PW_KNIGHT_BLOCKED)
        g_string_append_printf (domain, "%s%u", domain->len ? " " : "", c);
  pw_xcsp_writer_array (writer, "p", size, "p[k]: the cell of step k + 1, row × width + column; "
                        "blocked cells are not in the domain", domain->str);
  g_string_free (domain, TRUE);

  if (n_givens > 0)
    {
      pw_xcsp_writer_begin (writer, "instantiation", "the givens");
      pw_xcsp_writer_begin (writer, "list", NULL);
      for (guint k = 1; k <= f; k++)
        if (cell_of_step[k] != G_MAXUINT)
          pw_xcsp_writer_text (writer, "p[%u]", k - 1);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "values", NULL);
      for (guint k = 1; k <= f; k++)
        if (cell_of_step[k] != G_MAXUINT)
          pw_xcsp_writer_text (writer, "%u", cell_of_step[k]);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_end (writer);
    }
  if (f < 2)
    return TRUE;

  pw_xcsp_writer_leaf (writer, "allDifferent", "p[]");
  pw_xcsp_writer_begin (writer, "group", "consecutive steps are a knight's move apart");
  pw_xcsp_writer_begin (writer, "extension", NULL);
  pw_xcsp_writer_leaf (writer, "list", "%%0 %%1");
  pw_xcsp_writer_begin (writer, "supports", NULL);
  for (guint a = 0; a < cells; a++)
    for (guint b = 0; b < cells; b++)
      if (level->cells[a] != PW_KNIGHT_BLOCKED && level->cells[b] != PW_KNIGHT_BLOCKED &&
          knight_move (w, a, b))
        pw_xcsp_writer_text (writer, "(%u,%u)", a, b);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_end (writer);
  for (guint k = 0; k + 1 < f; k++)
    pw_xcsp_writer_leaf (writer, "args", "p[%u] p[%u]", k, k + 1);
  if (level->closed)
    pw_xcsp_writer_leaf (writer, "args", "p[%u] p[0]", f - 1);
  pw_xcsp_writer_end (writer);
  return TRUE;
}

gpointer
_pw_knight_from_xcsp3 (const PwXcspInstance  *instance,
                       GError               **error)
{
  g_autoptr(PwKnightLevel) level = NULL;
  const PwXcspElement *root = pw_xcsp_instance_get_root (instance);
  const PwXcspElement *constraints = pw_xcsp_instance_get_constraints (instance);
  const PwXcspElement *variables, *array, *givens;
  const char *tour;
  g_autoptr(GArray) free_cells = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint w, h, f;

  if (!pw_xcsp_instance_get_uint (instance, "width", PW_KNIGHT_MIN_SIZE, PW_KNIGHT_MAX_SIZE, &w,
                                  error) ||
      !pw_xcsp_instance_get_uint (instance, "height", PW_KNIGHT_MIN_SIZE, PW_KNIGHT_MAX_SIZE, &h,
                                  error))
    return NULL;
  tour = pw_xcsp_instance_get_param (instance, "tour");
  if (g_strcmp0 (tour, "open") != 0 && g_strcmp0 (tour, "closed") != 0)
    {
      pw_xcsp_set_error (error, instance, root, PW_XCSP_ERROR_INVALID,
                         _("its note needs tour=open or tour=closed"));
      return NULL;
    }
  level = _pw_knight_level_new (w, h, g_str_equal (tour, "closed"));

  /* blocked: the cells outside the steps' domain */
  variables = pw_xcsp_element_get_child (root, "variables");
  array = pw_xcsp_element_get_child (variables, "array");
  if (array == NULL)
    {
      pw_xcsp_set_error (error, instance, variables, PW_XCSP_ERROR_UNSUPPORTED,
                         _("a knight's tour has an array p of steps"));
      return NULL;
    }
  if (!pw_xcsp_read_integers (instance, array, 0, w * h - 1, free_cells, error))
    return NULL;
  for (guint c = 0; c < w * h; c++)
    level->cells[c] = PW_KNIGHT_BLOCKED;
  for (guint i = 0; i < free_cells->len; i++)
    level->cells[g_array_index (free_cells, gint64, i)] = 0;
  f = _pw_knight_level_n_free (level);
  if (f == 0)
    {
      pw_xcsp_set_error (error, instance, array, PW_XCSP_ERROR_INVALID,
                         _("the knight has no cell to visit"));
      return NULL;
    }

  givens = pw_xcsp_element_get_child (constraints, "instantiation");
  if (givens != NULL)
    {
      g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) at = g_array_new (FALSE, FALSE, sizeof (gint64));

      if (!pw_xcsp_read_instantiation (instance, givens, "p", 1, &f, 0, w * h - 1, steps, at,
                                       error))
        return NULL;
      for (guint i = 0; i < steps->len; i++)
        {
          guint c = g_array_index (at, gint64, i);

          if (level->cells[c] != 0)
            {
              pw_xcsp_set_error (error, instance, givens, PW_XCSP_ERROR_INVALID,
                                 level->cells[c] == PW_KNIGHT_BLOCKED
                                   ? _("cell %u is blocked (not in the domain of p)")
                                   : _("cell %u is given two steps"), c);
              return NULL;
            }
          level->cells[c] = g_array_index (steps, guint, i) + 1;
        }
    }

  return g_steal_pointer (&level);
}
