/* latin-board-draw.c — the number board's picture
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level drawn by latin-paint.c with what the board knows: the
 * analysis's cells (givens that clash, givens that can go, cells where
 * two solutions differ) while editing; in play the entries, pencil and
 * automatic candidates, conflicts, Check's marks and the hint on show.
 */

#define G_LOG_DOMAIN "pw-latin-board"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "latin-board-private.h"
#include "latin-paint.h"

/* Sets @flag on every cell of a cells figure ([[x, y], …]). */
static void
mark_figure (PwNumberBoard *self,
             const char    *key,
             guint8         flag,
             guint8        *marks)
{
  JsonObject *figures;
  JsonNode *node;
  JsonArray *cells;
  guint n = data (self)->n;

  if (self->analysis == NULL)
    return;
  figures = pw_analysis_get_figures (self->analysis);
  node = json_object_get_member (figures, key);
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  cells = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (cells); i++)
    {
      JsonNode *item = json_array_get_element (cells, i);
      JsonArray *xy = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;
      gint64 x, y;

      if (xy == NULL || json_array_get_length (xy) != 2)
        continue;
      x = json_array_get_int_element (xy, 0);
      y = json_array_get_int_element (xy, 1);
      if (x >= 0 && y >= 0 && x < n && y < n)
        marks[y * n + x] |= flag;
    }
}

/* Cells whose value breaks a rule with another filled cell. */
static void
mark_conflicts (PwNumberBoard *self,
                guint8        *marks)
{
  for (guint u = 0; u < pw_numgrid_get_n_units (self->grid); u++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (self->grid, u, NULL, NULL, &size);

      for (guint i = 0; i < size; i++)
        for (guint j = i + 1; j < size; j++)
          {
            guint vi = value_at (self, unit[i]), vj = value_at (self, unit[j]);

            if (vi != 0 && vi == vj)
              {
                marks[unit[i]] |= PW_LATIN_MARK_CONFLICT;
                marks[unit[j]] |= PW_LATIN_MARK_CONFLICT;
              }
          }
    }
  for (guint i = 0; i < pw_numgrid_get_n_less (self->grid); i++)
    {
      guint a, b, va, vb;

      pw_numgrid_get_less (self->grid, i, &a, &b);
      va = value_at (self, a);
      vb = value_at (self, b);
      if (va != 0 && vb != 0 && va >= vb)
        {
          marks[a] |= PW_LATIN_MARK_CONFLICT;
          marks[b] |= PW_LATIN_MARK_CONFLICT;
        }
    }
}

/* The values an empty cell still allows: none its peers hold, none a hint
 * removed. */
void
_pw_number_board_allowed (PwNumberBoard *self,
                          guint          c,
                          PwValueSet    *out)
{
  const PwLatinLevel *level = data (self);
  guint n_units;
  const guint *units = pw_numgrid_get_cell_units (self->grid, c, &n_units);

  pw_value_set_fill (out, level->n);
  for (guint i = 0; i < n_units; i++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (self->grid, units[i], NULL, NULL, &size);

      for (guint k = 0; k < size; k++)
        if (unit[k] != c && value_at (self, unit[k]) != 0)
          pw_value_set_remove (out, value_at (self, unit[k]));
    }
  if (self->eliminated != NULL)
    for (guint w = 0; w < PW_NUMGRID_WORDS; w++)
      out->w[w] &= ~self->eliminated[c].w[w];
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

void
_pw_number_board_draw_area (GtkDrawingArea *area,
                            cairo_t        *cr,
                            int             width,
                            int             height,
                            gpointer        user_data)
{
  PwNumberBoard *self = user_data;
  const PwLatinLevel *level = data (self);
  gboolean dark = FALSE;
  const PwViewStyle *style;
  g_autofree guint8 *marks = NULL;
  g_autofree PwValueSet *shown = NULL;
  PwLatinPaintState state = { 0 };
  guint cells;

  {
    GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (area));

    g_object_get (settings, "gtk-application-prefer-dark-theme", &dark, NULL);
  }
  style = pw_view_style_get (dark);
  pw_colour_set (cr, &style->background);
  cairo_paint (cr);
  if (level == NULL)
    return;

  cells = level->n * level->n;
  pw_geometry_fit (&self->geometry, level->n, level->n, width, height, 12);
  marks = g_new0 (guint8, cells);

  if (!self->playing)
    {
      mark_figure (self, "conflicts", PW_LATIN_MARK_CONFLICT, marks);
      mark_figure (self, "redundant_givens", PW_LATIN_MARK_REDUNDANT, marks);
      mark_figure (self, "differing_cells", PW_LATIN_MARK_DIFFERING, marks);
      for (guint i = 0; self->problems != NULL && i < self->problems->len; i++)
        {
          const PwProblem *problem = g_ptr_array_index (self->problems, i);

          if (problem->x >= 0 && problem->y >= 0 && (guint) problem->x < level->n &&
              (guint) problem->y < level->n)
            marks[problem->y * level->n + problem->x] |= PW_LATIN_MARK_CONFLICT;
        }
    }
  else
    {
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->conflicts_check)))
        mark_conflicts (self, marks);
      for (guint c = 0; self->wrong != NULL && c < cells; c++)
        if (self->wrong[c])
          marks[c] |= PW_LATIN_MARK_WRONG;
      if (self->hint != NULL)
        {
          for (guint i = 0; i < self->hint->pattern->len; i++)
            marks[g_array_index (self->hint->pattern, guint, i)] |= PW_LATIN_MARK_PATTERN;
          for (guint i = 0; i < self->hint->placements->len; i++)
            marks[g_array_index (self->hint->placements, PwCellValue, i).cell] |=
              PW_LATIN_MARK_TARGET;
          for (guint i = 0; i < self->hint->eliminations->len; i++)
            marks[g_array_index (self->hint->eliminations, PwCellValue, i).cell] |=
              PW_LATIN_MARK_TARGET;
        }
      /* candidates: the player's, or every value still allowed */
      shown = g_new0 (PwValueSet, cells);
      for (guint c = 0; c < cells; c++)
        {
          if (value_at (self, c) != 0)
            continue;
          if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->auto_check)))
            _pw_number_board_allowed (self, c, &shown[c]);
          else
            shown[c] = self->pencil[c];
        }
      state.values = self->values;
      state.pencil = shown;
    }
  /* the cursor's units and value, lightly */
  if (self->cursor >= 0 && (guint) self->cursor < cells && self->grid != NULL)
    {
      guint v = value_at (self, self->cursor), n_units;
      const guint *units = pw_numgrid_get_cell_units (self->grid, self->cursor, &n_units);

      for (guint i = 0; i < n_units; i++)
        {
          guint size;
          const guint *unit = pw_numgrid_get_unit (self->grid, units[i], NULL, NULL, &size);

          for (guint k = 0; k < size; k++)
            if ((int) unit[k] != self->cursor)
              marks[unit[k]] |= PW_LATIN_MARK_PEER;
        }
      for (guint c = 0; v != 0 && c < cells; c++)
        if (value_at (self, c) == v)
          marks[c] |= PW_LATIN_MARK_SAME;
    }
  state.marks = marks;
  state.cursor = gtk_widget_has_focus (self->area) || self->playing ? self->cursor : -1;
  state.letters = letters (self);
  pw_latin_paint (level, &state, cr, &self->geometry, style);
}
