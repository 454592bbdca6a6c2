/* pw-analysis.c — the result of analysing one level
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-analysis"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "pw-json-text.h"

struct _PwAnalysis
{
  gatomicrefcount  ref_count;
  char            *kind_id;
  JsonObject      *figures;
  char            *partial_reason;
  double           seconds;
  guint64          explored;
  gpointer         private_data;
  GDestroyNotify   private_destroy;
  PwStateGraph    *graph;  /* owned by the private data */
};

PwAnalysis *
pw_analysis_new (const char *kind_id)
{
  PwAnalysis *analysis = g_new0 (PwAnalysis, 1);

  g_atomic_ref_count_init (&analysis->ref_count);
  analysis->kind_id = g_strdup (kind_id);
  analysis->figures = json_object_new ();
  return analysis;
}

PwAnalysis *
pw_analysis_ref (PwAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  g_atomic_ref_count_inc (&analysis->ref_count);
  return analysis;
}

void
pw_analysis_unref (PwAnalysis *analysis)
{
  g_return_if_fail (analysis != NULL);

  if (!g_atomic_ref_count_dec (&analysis->ref_count))
    return;
  if (analysis->private_destroy != NULL)
    analysis->private_destroy (analysis->private_data);
  json_object_unref (analysis->figures);
  g_free (analysis->kind_id);
  g_free (analysis->partial_reason);
  g_free (analysis);
}

const char *
pw_analysis_get_kind_id (PwAnalysis *analysis)
{
  return analysis->kind_id;
}

JsonObject *
pw_analysis_get_figures (PwAnalysis *analysis)
{
  return analysis->figures;
}

gboolean
pw_analysis_get_partial (PwAnalysis *analysis)
{
  return analysis->partial_reason != NULL;
}

const char *
pw_analysis_get_partial_reason (PwAnalysis *analysis)
{
  return analysis->partial_reason;
}

void
pw_analysis_set_partial (PwAnalysis *analysis,
                         const char *reason)
{
  g_free (analysis->partial_reason);
  analysis->partial_reason = g_strdup (reason ? reason : "");
}

double
pw_analysis_get_seconds (PwAnalysis *analysis)
{
  return analysis->seconds;
}

void
pw_analysis_set_seconds (PwAnalysis *analysis,
                         double      seconds)
{
  analysis->seconds = seconds;
}

guint64
pw_analysis_get_explored (PwAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, 0);
  return analysis->explored;
}

void
pw_analysis_set_explored (PwAnalysis *analysis,
                          guint64     explored)
{
  g_return_if_fail (analysis != NULL);
  analysis->explored = explored;
}

gpointer
pw_analysis_get_private (PwAnalysis *analysis)
{
  return analysis->private_data;
}

void
pw_analysis_set_private (PwAnalysis     *analysis,
                         gpointer        data,
                         GDestroyNotify  destroy)
{
  if (analysis->private_destroy != NULL)
    analysis->private_destroy (analysis->private_data);
  analysis->private_data = data;
  analysis->private_destroy = destroy;
}

gboolean
pw_analysis_get_int (PwAnalysis *analysis,
                     const char *key,
                     gint64     *value)
{
  JsonNode *node = json_object_get_member (analysis->figures, key);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node) || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

gboolean
pw_analysis_get_double (PwAnalysis *analysis,
                        const char *key,
                        double     *value)
{
  JsonNode *node = json_object_get_member (analysis->figures, key);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node) || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  *value = json_node_get_double (node);
  return TRUE;
}

char *
pw_figure_to_string (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("");
  if (!JSON_NODE_HOLDS_VALUE (node))
    {
      return pw_json_to_text (node, FALSE, NULL);
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      {
        double d = json_node_get_double (node);
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        if (d == floor (d) && fabs (d) < 1e15)
          return g_strdup_printf ("%.0f", d);
        return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", d));
      }
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (node));
    default:
      return g_strdup ("");
    }
}

void
pw_analysis_set_graph (PwAnalysis   *analysis,
                       PwStateGraph *graph)
{
  g_return_if_fail (analysis != NULL);
  analysis->graph = graph;
}

PwStateGraph *
pw_analysis_get_graph (PwAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return analysis->graph;
}

char *
pw_format_count (guint64 count)
{
  const char *separator = localeconv ()->thousands_sep;
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  GString *text = g_string_new (NULL);
  gsize n = strlen (digits);

  /* C and C.UTF-8 have no separator; a thin space keeps numbers readable */
  if (separator == NULL || *separator == '\0')
    separator = "\u2009";
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (text, separator);
      g_string_append_c (text, digits[i]);
    }
  return g_string_free (text, FALSE);
}

PwAnalysis *
pw_analysis_copy_figures (PwAnalysis *analysis)
{
  PwAnalysis *copy;
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonNode) figures = NULL;

  g_return_val_if_fail (analysis != NULL, NULL);

  copy = pw_analysis_new (analysis->kind_id);
  json_node_set_object (node, analysis->figures);
  figures = json_node_copy (node);
  json_object_unref (copy->figures);
  copy->figures = json_object_ref (json_node_get_object (figures));
  copy->partial_reason = g_strdup (analysis->partial_reason);
  copy->seconds = analysis->seconds;
  copy->explored = analysis->explored;
  return copy;
}

char *
pw_figure_info_display (const PwFigureInfo *info,
                        JsonNode           *node)
{
  g_return_val_if_fail (info != NULL, NULL);

  if (info->display != NULL && node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      char *text = info->display (node);

      if (text != NULL)
        return text;
    }
  return pw_figure_to_display (node, info->type);
}

/* Whether @node is a non-empty list of numbers, words or truth values. */
static gboolean
list_of_values (JsonNode *node)
{
  JsonArray *list = json_node_get_array (node);

  for (guint i = 0; i < json_array_get_length (list); i++)
    if (!JSON_NODE_HOLDS_VALUE (json_array_get_element (list, i)))
      return FALSE;
  return json_array_get_length (list) > 0;
}

char *
pw_figure_to_display (JsonNode     *node,
                      PwFigureType  type)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("—");
  if (JSON_NODE_HOLDS_ARRAY (node) && type == PW_FIGURE_GRID)
    {
      /* rows one after another: "534678912 / 672195348 / …", numbers
       * spaced when some has two digits */
      JsonArray *rows = json_node_get_array (node);
      GString *text = g_string_new (NULL);
      gboolean spaced = FALSE;

      for (guint y = 0; y < json_array_get_length (rows); y++)
        {
          JsonNode *row = json_array_get_element (rows, y);

          if (JSON_NODE_HOLDS_ARRAY (row))
            for (guint x = 0; x < json_array_get_length (json_node_get_array (row)); x++)
              spaced |= json_array_get_int_element (json_node_get_array (row), x) > 9;
        }
      for (guint y = 0; y < json_array_get_length (rows); y++)
        {
          JsonNode *row = json_array_get_element (rows, y);

          if (y > 0)
            g_string_append (text, " / ");
          if (!JSON_NODE_HOLDS_ARRAY (row))
            continue;
          for (guint x = 0; x < json_array_get_length (json_node_get_array (row)); x++)
            g_string_append_printf (text, "%s%" G_GINT64_FORMAT, spaced && x > 0 ? " " : "",
                                    json_array_get_int_element (json_node_get_array (row), x));
        }
      return g_string_free (text, FALSE);
    }
  if (JSON_NODE_HOLDS_OBJECT (node) && type == PW_FIGURE_COUNTS)
    {
      /* "naked single 45, hidden single 12": keys with spaces for '_' */
      JsonObject *counts = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (counts);
      GString *text = g_string_new (NULL);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *name = g_strdelimit (g_strdup (l->data), "_", ' ');
          g_autofree char *count =
            pw_figure_to_display (json_object_get_member (counts, l->data), PW_FIGURE_INT);

          g_string_append_printf (text, "%s%s\u00a0%s", text->len ? ", " : "", name, count);
        }
      if (text->len == 0)
        {
          g_string_free (text, TRUE);
          return g_strdup (_("none"));
        }
      return g_string_free (text, FALSE);
    }
  if (JSON_NODE_HOLDS_ARRAY (node) && type == PW_FIGURE_LIST && list_of_values (node))
    {
      /* numbers or words ("2, 0": line passes, probing depth) */
      JsonArray *values = json_node_get_array (node);
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          g_autofree char *part = pw_figure_to_display (json_array_get_element (values, i),
                                                        PW_FIGURE_STRING);

          g_string_append_printf (text, "%s%s", i ? ", " : "", part);
        }
      return g_string_free (text, FALSE);
    }
  if (JSON_NODE_HOLDS_ARRAY (node) && type == PW_FIGURE_LIST)
    {
      /* a list of cell lists (per inventory entry…): each shown as cells */
      JsonArray *lists = json_node_get_array (node);
      GString *text = g_string_new (NULL);
      gboolean any = FALSE;

      for (guint i = 0; i < json_array_get_length (lists); i++)
        {
          JsonNode *item = json_array_get_element (lists, i);
          g_autofree char *part = pw_figure_to_display (item, PW_FIGURE_CELLS);

          any |= JSON_NODE_HOLDS_ARRAY (item) && json_array_get_length (json_node_get_array (item)) > 0;
          g_string_append_printf (text, "%s%u: %s", i ? "; " : "", i + 1, part);
        }
      if (!any)
        {
          g_string_free (text, TRUE);
          return g_strdup (_("none"));
        }
      return g_string_free (text, FALSE);
    }
  if (JSON_NODE_HOLDS_ARRAY (node) && type == PW_FIGURE_CELLS)
    {
      JsonArray *cells = json_node_get_array (node);
      guint n = json_array_get_length (cells);
      GString *text;

      if (n == 0)
        /* Translators: a list of cells with nothing in it */
        return g_strdup (_("none"));
      text = g_string_new (NULL);
      for (guint i = 0; i < n; i++)
        {
          JsonNode *cell = json_array_get_element (cells, i);
          JsonArray *xy = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;

          if (xy == NULL || json_array_get_length (xy) != 2)
            continue;
          /* a no-break space inside the pair: a wrapped line never splits one */
          g_string_append_printf (text, "%s(%" G_GINT64_FORMAT ",\u00a0%" G_GINT64_FORMAT ")",
                                  text->len ? " " : "", json_array_get_int_element (xy, 0),
                                  json_array_get_int_element (xy, 1));
        }
      return g_string_free (text, FALSE);
    }
  if (!JSON_NODE_HOLDS_VALUE (node))
    return pw_figure_to_string (node);

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      {
        gint64 v = json_node_get_int (node);
        g_autofree char *digits = pw_format_count ((guint64) ABS (v));

        return v < 0 ? g_strconcat ("−", digits, NULL) : g_steal_pointer (&digits);
      }
    case G_TYPE_DOUBLE:
      {
        double d = json_node_get_double (node);

        if (d == floor (d) && fabs (d) < 1e15)
          {
            g_autofree char *digits = pw_format_count ((guint64) fabs (d));

            return d < 0 ? g_strconcat ("−", digits, NULL) : g_steal_pointer (&digits);
          }
        /* four significant digits are all a person reads; large values
         * as grouped whole numbers, never in exponent form */
        if (fabs (d) >= 1000)
          {
            g_autofree char *digits = pw_format_count ((guint64) llround (fabs (d)));

            return d < 0 ? g_strconcat ("−", digits, NULL) : g_steal_pointer (&digits);
          }
        return g_strdup_printf ("%.4g", d);
      }
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? _("yes") : _("no"));
    case G_TYPE_STRING:
      return g_strdup (*json_node_get_string (node) ? json_node_get_string (node) : "—");
    default:
      return pw_figure_to_string (node);
    }
}

gboolean
pw_analysis_replace (PwAnalysis **slot,
                     PwAnalysis  *analysis)
{
  g_return_val_if_fail (slot != NULL, FALSE);

  if (*slot == analysis)
    return FALSE;
  if (analysis != NULL)
    pw_analysis_ref (analysis);
  g_clear_pointer (slot, pw_analysis_unref);
  *slot = analysis;
  return TRUE;
}

JsonArray *
pw_figure_cells_where (const guint8 *flags,
                       guint         width,
                       guint         n_cells)
{
  JsonArray *cells = json_array_new ();

  g_return_val_if_fail (width > 0, cells);

  for (guint c = 0; c < n_cells; c++)
    if (flags[c])
      {
        JsonArray *xy = json_array_new ();

        json_array_add_int_element (xy, c % width);
        json_array_add_int_element (xy, c / width);
        json_array_add_array_element (cells, xy);
      }
  return cells;
}

/* Rows of @values, each value @size bytes wide (1 or 2). */
static JsonArray *
figure_rows (gconstpointer values,
             guint         size,
             guint         width,
             guint         height)
{
  JsonArray *rows = json_array_new ();

  for (guint y = 0; y < height; y++)
    {
      JsonArray *row = json_array_new ();

      for (guint x = 0; x < width; x++)
        json_array_add_int_element (row, size == 1 ? ((const guint8 *) values)[y * width + x]
                                                   : ((const guint16 *) values)[y * width + x]);
      json_array_add_array_element (rows, row);
    }
  return rows;
}

JsonArray *
pw_figure_rows_u8 (const guint8 *values,
                   guint         width,
                   guint         height)
{
  return figure_rows (values, 1, width, height);
}

JsonArray *
pw_figure_rows_u16 (const guint16 *values,
                    guint          width,
                    guint          height)
{
  return figure_rows (values, 2, width, height);
}
