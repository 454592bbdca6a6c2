/* pw-import.c — level sets from plain text collections
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-import"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-import.h"
#include "pw-kind.h"
#include "pw-level.h"
#include "pw-level-set.h"

typedef struct
{
  GString *name;
  GString *notes;
  GString *grid;
  guint    first_line;
} Block;

static gboolean
finish_block (Block       *block,
              const char  *kind_id,
              const char  *display_name,
              GPtrArray   *levels,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  PwLevel *level;

  if (block->grid->len == 0)
    return TRUE;

  level = pw_level_new_from_text (kind_id, block->grid->str, &local_error);
  if (level == NULL)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID,
                   _("%s: the level starting at line %u: %s"), display_name, block->first_line,
                   local_error->message);
      return FALSE;
    }
  if (block->name->len > 0)
    pw_level_set_name (level, block->name->str);
  else
    {
      g_autofree char *name = g_strdup_printf (_("Level %u"), levels->len + 1);

      pw_level_set_name (level, name);
    }
  pw_level_set_notes (level, block->notes->str);
  g_ptr_array_add (levels, level);

  g_string_truncate (block->name, 0);
  g_string_truncate (block->notes, 0);
  g_string_truncate (block->grid, 0);
  return TRUE;
}

/* The generic reader: blocks separated by blank lines, ";" lines naming
 * them, each block read by the kind's from_text. */
static gboolean
import_blocks (const char  *text,
               const char  *kind_id,
               const char  *display_name,
               GPtrArray   *levels,
               GError     **error)
{
  g_auto(GStrv) lines = NULL;
  Block block;
  gboolean ok = TRUE;

  block.name = g_string_new (NULL);
  block.notes = g_string_new (NULL);
  block.grid = g_string_new (NULL);
  block.first_line = 0;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; ok && lines[i] != NULL; i++)
    {
      char *line = g_strchomp (lines[i]);

      if (line[0] == '\0')
        ok = finish_block (&block, kind_id, display_name, levels, error);
      else if (line[0] == ';')
        {
          const char *comment = g_strstrip (line + 1);

          /* a comment after a grid starts the next level */
          if (block.grid->len > 0)
            ok = finish_block (&block, kind_id, display_name, levels, error);
          if (block.name->len == 0)
            g_string_assign (block.name, comment);
          else
            {
              if (block.notes->len > 0)
                g_string_append_c (block.notes, '\n');
              g_string_append (block.notes, comment);
            }
        }
      else
        {
          if (block.grid->len == 0)
            block.first_line = i + 1;
          g_string_append (block.grid, line);
          g_string_append_c (block.grid, '\n');
        }
    }
  if (ok)
    ok = finish_block (&block, kind_id, display_name, levels, error);

  g_string_free (block.name, TRUE);
  g_string_free (block.notes, TRUE);
  g_string_free (block.grid, TRUE);

  return ok;
}

gboolean
pw_import_text_levels (const char  *kind_id,
                       const char  *text,
                       const char  *display_name,
                       GPtrArray   *levels,
                       GError     **error)
{
  const PwKind *kind;

  g_return_val_if_fail (kind_id != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (levels != NULL && levels->len == 0, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_SYNTAX,
                   _("%s: the text is not valid UTF-8"), display_name);
      return FALSE;
    }

  /* editors on some systems start UTF-8 files with a byte-order mark */
  if (g_str_has_prefix (text, "\xef\xbb\xbf"))
    text += 3;

  kind = pw_kinds_lookup (kind_id);
  if (kind != NULL && kind->import_named != NULL)
    {
      g_autoptr(GPtrArray) read =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);

      if (!kind->import_named (text, display_name, read, error))
        return FALSE;
      for (guint i = 0; i < read->len; i++)
        {
          PwImportedLevel *imported = g_ptr_array_index (read, i);
          /* the level takes the data */
          PwLevel *level = _pw_level_new_take_data (kind, g_steal_pointer (&imported->data));
          g_autofree char *name = imported->name != NULL
                                    ? g_strdup (imported->name)
                                    : g_strdup_printf (_("Level %u"), levels->len + 1);

          pw_level_set_name (level, name);
          if (imported->notes != NULL)
            pw_level_set_notes (level, imported->notes);
          g_ptr_array_add (levels, level);
        }
    }
  else if (kind != NULL && kind->import_text != NULL)
    {
      g_autoptr(GPtrArray) data = g_ptr_array_new_with_free_func (kind->free);

      if (!kind->import_text (text, display_name, data, error))
        return FALSE;
      /* the levels take the data */
      g_ptr_array_set_free_func (data, NULL);
      for (guint i = 0; i < data->len; i++)
        {
          PwLevel *level = _pw_level_new_take_data (kind, g_ptr_array_index (data, i));
          g_autofree char *name = g_strdup_printf (_("Level %u"), levels->len + 1);

          pw_level_set_name (level, name);
          g_ptr_array_add (levels, level);
        }
    }
  else if (!import_blocks (text, kind_id, display_name, levels, error))
    return FALSE;

  if (levels->len == 0)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID,
                   _("%s: there is no level in the text"), display_name);
      return FALSE;
    }
  return TRUE;
}

gboolean
pw_import_text (PwLevelSet  *set,
                const char  *kind_id,
                const char  *text,
                const char  *display_name,
                GError     **error)
{
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);

  g_return_val_if_fail (set != NULL, FALSE);

  if (!pw_import_text_levels (kind_id, text, display_name, levels, error))
    return FALSE;
  for (guint i = 0; i < levels->len; i++)
    pw_level_set_append (set, g_ptr_array_index (levels, i));
  return TRUE;
}
