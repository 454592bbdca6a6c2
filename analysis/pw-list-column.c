/* pw-list-column.c — the level list's cells, as the kind's columns say
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only: the editor's list shows these texts, and tests check them
 * without a display.
 */

#define G_LOG_DOMAIN "pw-list-column"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "pw-kind.h"
#include "pw-level.h"
#include "pw-level-set.h"

/* Whether the level is known to have no solution, from the kind's
 * solvable figure of a complete analysis (a partial one may not have met
 * a solution yet). */
static gboolean
known_unsolvable (const PwKind *kind,
                  PwAnalysis   *analysis)
{
  JsonNode *node;

  if (kind->solvable_figure == NULL || pw_analysis_get_partial (analysis))
    return FALSE;
  node = json_object_get_member (pw_analysis_get_figures (analysis), kind->solvable_figure);
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_BOOLEAN:
      return !json_node_get_boolean (node);
    case G_TYPE_INT64:
      return json_node_get_int (node) == 0;
    case G_TYPE_DOUBLE:
      return json_node_get_double (node) == 0;
    default:
      return FALSE;
    }
}

static char *
grouped (double value)
{
  g_autofree char *digits = pw_format_count ((guint64) llround (fabs (value)));

  return value <= -0.5 ? g_strconcat ("−", digits, NULL) : g_steal_pointer (&digits);
}

/* The text of a value, and its number for sorting; NULL when the node is
 * not what the format wants. */
static char *
format_value (const PwListColumn *column,
              JsonObject         *figures,
              JsonNode           *node,
              double             *number)
{
  if (column->format == PW_COLUMN_CUSTOM)
    {
      *number = column->sort_value (node);
      return isnan (*number) ? NULL : column->format_value (figures, node);
    }
  if (column->format == PW_COLUMN_LENGTH)
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        return NULL;
      *number = json_array_get_length (json_node_get_array (node));
    }
  else if (!JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  else if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    *number = json_node_get_boolean (node) ? 1 : 0;
  else if (json_node_get_value_type (node) == G_TYPE_INT64)
    *number = (double) json_node_get_int (node);
  else if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    *number = json_node_get_double (node);
  else
    return NULL;

  if (column->format_value != NULL)
    {
      char *text = column->format_value (figures, node);

      if (text != NULL)
        return text;
    }
  switch (column->format)
    {
    case PW_COLUMN_YES_NO:
      return g_strdup (*number != 0 ? _("yes") : _("no"));
    case PW_COLUMN_DECIMAL:
      return g_strdup_printf ("%.1f", *number);
    case PW_COLUMN_COUNT:
    case PW_COLUMN_LENGTH:
    default:
      return grouped (*number);
    }
}

/* Whether @kind's analysis has the figure @key: a column of another kind
 * applies to it then (a Latin square's solutions in a Futoshiki list). */
static gboolean
kind_has_figure (const PwKind *kind,
                 const char   *key)
{
  for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
    if (g_str_equal (kind->figures[f].key, key))
      return TRUE;
  return FALSE;
}

char *
pw_list_column_cell (const PwKind       *columns_kind,
                     const PwListColumn *column,
                     const PwKind       *kind,
                     PwAnalysis         *analysis,
                     gboolean            invalid,
                     PwCellState        *state,
                     double             *sort_value)
{
  PwCellState local_state;
  double local_sort;
  JsonObject *figures;
  JsonNode *node;
  char *text;

  g_return_val_if_fail (columns_kind != NULL, NULL);
  g_return_val_if_fail (column != NULL, NULL);

  if (state == NULL)
    state = &local_state;
  if (sort_value == NULL)
    sort_value = &local_sort;
  /* the states without a value sort below every value */
  *sort_value = -INFINITY;

  if (kind != columns_kind && !kind_has_figure (kind, column->key))
    {
      *state = PW_CELL_NOT_APPLICABLE;
      /* Translators: the level list, a figure that does not apply to the
       * level (short: "not applicable") */
      return g_strdup (C_("list", "n/a"));
    }
  if (invalid)
    {
      *state = PW_CELL_INVALID;
      /* said once, in the first column: the row reads "invalid" */
      if (column != &columns_kind->list_columns[0])
        return g_strdup ("");
      /* Translators: the level list, a level that cannot be analysed */
      return g_strdup (C_("list", "invalid"));
    }
  if (analysis == NULL)
    {
      *state = PW_CELL_PENDING;
      return g_strdup ("…");
    }

  figures = pw_analysis_get_figures (analysis);
  node = json_object_get_member (figures, column->key);
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node) &&
      (text = format_value (column, figures, node, sort_value)) != NULL)
    {
      *state = PW_CELL_VALUE;
      return text;
    }
  *sort_value = -INFINITY;
  if (known_unsolvable (kind, analysis))
    {
      *state = PW_CELL_UNSOLVABLE;
      *sort_value = INFINITY;
      /* Translators: the level list, no value because the level has no
       * solution */
      return g_strdup (C_("list", "unsolvable"));
    }
  if (pw_analysis_get_partial (analysis))
    {
      *state = PW_CELL_UNKNOWN;
      /* Translators: the level list, the analysis stopped (its budget ran
       * out) before it knew this figure */
      return g_strdup (C_("list", "unknown"));
    }
  *state = PW_CELL_NOT_APPLICABLE;
  return g_strdup (C_("list", "n/a"));
}

const PwKind *
pw_level_set_main_kind (PwLevelSet *set)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  const PwKind *best = NULL;
  guint best_count = 0;

  g_return_val_if_fail (set != NULL, NULL);

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      const PwKind *kind = pw_level_get_kind (pw_level_set_get_level (set, i));
      guint count;

      if (kind == NULL)
        continue;
      count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, kind)) + 1;
      g_hash_table_insert (counts, (gpointer) kind, GUINT_TO_POINTER (count));
      /* strictly more: on a tie the kind met first stays */
      if (count > best_count)
        {
          best = kind;
          best_count = count;
        }
    }
  return best;
}

char *
pw_list_column_format_capped (JsonObject *figures,
                              JsonNode   *value)
{
  JsonNode *capped = json_object_get_member (figures, "capped");
  g_autofree char *count = NULL;

  if (capped == NULL || !JSON_NODE_HOLDS_VALUE (capped) || !json_node_get_boolean (capped) ||
      !JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_INT64)
    return NULL;
  count = pw_format_count ((guint64) MAX (json_node_get_int (value), 0));
  return g_strconcat (count, "+", NULL);
}
