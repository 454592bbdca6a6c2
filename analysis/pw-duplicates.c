/* pw-duplicates.c — levels that are the same puzzle up to their kind's symmetries
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-duplicates"

#include "config.h"

#include "pw-duplicates.h"
#include "pw-kind.h"
#include "pw-level.h"

char *
pw_kind_canonical_form (const PwKind  *kind,
                        gconstpointer  data)
{
  g_autoptr(JsonNode) payload = NULL;

  g_return_val_if_fail (kind != NULL && data != NULL, NULL);

  if (kind->canonical_form != NULL)
    return kind->canonical_form (data);
  payload = kind->to_json (data);
  return json_to_string (payload, FALSE);
}

char *
pw_level_canonical_form (PwLevel *level)
{
  const PwKind *kind;
  g_autofree char *form = NULL;

  g_return_val_if_fail (level != NULL, NULL);

  kind = pw_level_get_kind (level);
  if (kind == NULL)
    form = json_to_string (pw_level_get_unknown_payload (level), FALSE);
  else
    form = pw_kind_canonical_form (kind, pw_level_get_data (level));
  /* levels of two kinds are never the same puzzle */
  return g_strconcat (pw_level_get_kind_id (level), "\n", form, NULL);
}

GPtrArray *
pw_find_duplicates (GPtrArray *levels)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  g_return_val_if_fail (levels != NULL, NULL);

  for (guint i = 0; i < levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (levels, i);
      char *form = pw_level_canonical_form (level);
      GPtrArray *group = g_hash_table_lookup (groups, form);

      if (group == NULL)
        {
          group = g_ptr_array_new ();
          g_ptr_array_add (order, group);
          g_hash_table_insert (groups, form, group);
        }
      else
        g_free (form);
      g_ptr_array_add (group, level);
    }
  for (guint i = 0; i < order->len; i++)
    {
      GPtrArray *group = g_ptr_array_index (order, i);

      if (group->len > 1)
        g_ptr_array_add (result, g_ptr_array_ref (group));
    }
  return result;
}
