/* pw-cli-json-rows.c — a JSON part read a row at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A JSON part (pw-cli-shard.c) is one object whose member "rows" is a
 * list as long as the shard, beside small members (the shard, the
 * options, the sets). The reader splits the file into its "skeleton",
 * every byte but the rows (so "rows" reads as an empty list), and the
 * text of each row, which the level-set reader's strict parse reads on
 * its own, told where in the file each starts, so that its messages give
 * the file's line and column. Between rows only white space and commas
 * are allowed, checked here. Memory: a buffer, the skeleton and one row.
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "puzzlewright.h"
#include "pw-cli-private.h"
#include "pw-level-set-private.h"

#define BUFFER_SIZE 16384
/* the most the members but the rows, or one row, may take */
#define MAX_SKELETON_BYTES (16 * 1024 * 1024)
#define MAX_ROW_BYTES      (16 * 1024 * 1024)

struct _PwCliJsonRows
{
  GInputStream *input;
  char         *path;
  guint8       *buffer;
  gsize         length;
  gsize         pos;
  gboolean      eof;
  guint         line;
  guint         column;
  guint         row_line;  /* where the row being read starts */
  guint         row_column;
  PwTextCut     cut;       /* where the skeleton leaves the rows out */
  GString      *skeleton;
  GString      *row;
  guint         count;
  gboolean      in_rows;   /* between "rows" : [ and its ] */
  gboolean      done;      /* the whole file read */
  /* where the skeleton's last byte stands */
  gboolean      in_string;
  gboolean      escape;
  guint         depth;
  gboolean      value;     /* after the member name's colon */
  GString      *key;       /* the member name, at depth 1 */
};

static void
rows_error (PwCliJsonRows  *rows,
            GError        **error,
            const char     *what)
{
  /* Translators: a file, a line and a column in it, what is wrong there */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: line %u, column %u: %s"),
               rows->path, rows->line, rows->column, what);
}

/* The next byte without taking it: -1 at the end, -2 after an error. */
static int
peek_byte (PwCliJsonRows  *rows,
           GError        **error)
{
  if (rows->pos == rows->length && !rows->eof)
    {
      g_autoptr(GError) local_error = NULL;
      gssize n = g_input_stream_read (rows->input, rows->buffer, BUFFER_SIZE, NULL,
                                      &local_error);

      if (n < 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", rows->path,
                       local_error->message);
          return -2;
        }
      rows->length = n;
      rows->pos = 0;
      rows->eof = n == 0;
    }
  if (rows->pos == rows->length)
    return -1;
  return rows->buffer[rows->pos];
}

/* Takes the byte peek_byte gave, keeping count of lines and columns (in
 * characters, as the level-set reader counts them). */
static void
take_byte (PwCliJsonRows *rows)
{
  guint8 c = rows->buffer[rows->pos++];

  if (c == '\n')
    {
      rows->line++;
      rows->column = 1;
    }
  else if ((c & 0xc0) != 0x80)
    rows->column++;
}

/* Copies the part's own text into the skeleton until the "[" that opens
 * "rows" (TRUE) or the end of the file (FALSE, no error). */
static gboolean
scan_skeleton (PwCliJsonRows  *rows,
               GError        **error)
{
  for (;;)
    {
      guint depth = rows->depth;
      gboolean was_in_string = rows->in_string;
      int c = peek_byte (rows, error);

      if (c < 0)
        return FALSE;
      if (rows->skeleton->len >= MAX_SKELETON_BYTES)
        {
          g_autofree char *what = g_strdup_printf (_("the members but the rows take over %d "
                                                     "bytes"), MAX_SKELETON_BYTES);

          rows_error (rows, error, what);
          return FALSE;
        }
      take_byte (rows);
      g_string_append_c (rows->skeleton, c);
      if (rows->in_string)
        {
          if (rows->escape)
            rows->escape = FALSE;
          else if (c == '\\')
            rows->escape = TRUE;
          else if (c == '"')
            rows->in_string = FALSE;
        }
      else if (c == '"')
        rows->in_string = TRUE;
      else if (c == '{' || c == '[')
        rows->depth++;
      else if ((c == '}' || c == ']') && rows->depth > 0)
        rows->depth--;

      /* the names of the part's members, to find "rows" */
      if (was_in_string)
        {
          if (rows->in_string && depth == 1 && !rows->value)
            g_string_append_c (rows->key, c);
        }
      else if (c == '"' && depth == 1 && !rows->value)
        g_string_truncate (rows->key, 0);
      else if (c == ':' && depth == 1)
        rows->value = TRUE;
      else if (c == ',' && depth == 1)
        rows->value = FALSE;
      else if (c == '[' && depth == 1 && rows->value && rows->count == 0 && !rows->in_rows &&
               g_str_equal (rows->key->str, "rows"))
        {
          rows->in_rows = TRUE;
          rows->cut.offset = rows->skeleton->len;
          return TRUE;
        }
    }
}

PwCliJsonRows *
_pw_cli_json_rows_open (const char  *path,
                        GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) local_error = NULL;
  PwCliJsonRows *rows;

  g_return_val_if_fail (error != NULL, NULL);

  rows = g_new0 (PwCliJsonRows, 1);
  rows->path = g_strdup (path);
  rows->buffer = g_malloc (BUFFER_SIZE);
  rows->skeleton = g_string_new (NULL);
  rows->row = g_string_new (NULL);
  rows->key = g_string_new (NULL);
  rows->line = rows->column = 1;
  rows->input = G_INPUT_STREAM (g_file_read (file, NULL, &local_error));
  if (rows->input == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path, local_error->message);
      _pw_cli_json_rows_free (rows);
      return NULL;
    }
  if (!scan_skeleton (rows, error))
    {
      if (*error != NULL)
        {
          _pw_cli_json_rows_free (rows);
          return NULL;
        }
      /* no rows: the skeleton is the whole file */
      rows->done = TRUE;
    }
  return rows;
}

/* Skips white space; the next byte (or -1, -2) is left to take. */
static int
skip_space (PwCliJsonRows  *rows,
            GError        **error)
{
  int c;

  while ((c = peek_byte (rows, error)) == ' ' || c == '\t' || c == '\n' || c == '\r')
    take_byte (rows);
  return c;
}

/* The text of the next row, an object, into rows->row. */
static gboolean
read_row (PwCliJsonRows  *rows,
          GError        **error)
{
  gboolean in_string = FALSE, escape = FALSE;
  guint depth = 0;
  int first = peek_byte (rows, error);

  g_string_truncate (rows->row, 0);
  rows->row_line = rows->line;
  rows->row_column = rows->column;
  if (first == -1)
    rows_error (rows, error, _("the file ends inside the list of rows"));
  else if (first >= 0 && first != '{')
    {
      g_autofree char *what = g_strdup_printf (_("row %u is not an object"), rows->count + 1);

      rows_error (rows, error, what);
    }
  if (first != '{')
    return FALSE;
  for (;;)
    {
      int c = peek_byte (rows, error);

      if (c == -2)
        return FALSE;
      if (c == -1)
        {
          rows_error (rows, error, _("the file ends inside a row"));
          return FALSE;
        }
      if (rows->row->len >= MAX_ROW_BYTES)
        {
          g_autofree char *what = g_strdup_printf (_("row %u takes over %d bytes"),
                                                   rows->count + 1, MAX_ROW_BYTES);

          rows_error (rows, error, what);
          return FALSE;
        }
      take_byte (rows);
      g_string_append_c (rows->row, c);
      if (in_string)
        {
          if (escape)
            escape = FALSE;
          else if (c == '\\')
            escape = TRUE;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        depth++;
      else if (c == '}' || c == ']')
        {
          if (--depth == 0)
            return TRUE;
        }
    }
}

/* Up to the next row's text in rows->row (TRUE), or to the end of the
 * rows and of the file (FALSE, no error), or FALSE after setting @error. */
static gboolean
next_row (PwCliJsonRows  *rows,
          GError        **error)
{
  int c;

  if (!rows->in_rows)
    return FALSE;
  c = skip_space (rows, error);
  if (c == -2)
    return FALSE;
  if (rows->count > 0 && c == ',')
    {
      take_byte (rows);
      c = skip_space (rows, error);
      if (c == -2)
        return FALSE;
      if (c == ']')
        {
          rows_error (rows, error, _("a comma is followed by “]”: there is no row after it"));
          return FALSE;
        }
    }
  else if (c == ']')
    {
      /* the rest of the part: its sets */
      rows->cut.line = rows->line;
      rows->cut.column = rows->column;
      take_byte (rows);
      g_string_append_c (rows->skeleton, ']');
      rows->depth--;
      rows->in_rows = FALSE;
      if (scan_skeleton (rows, error))
        rows_error (rows, error, _("a second list of rows"));
      else if (*error == NULL)
        rows->done = TRUE;
      return FALSE;
    }
  else if (rows->count > 0 || c == -1)
    {
      rows_error (rows, error, c == -1 ? _("the file ends inside the list of rows")
                                       : _("a comma or “]” was expected after the row"));
      return FALSE;
    }
  return read_row (rows, error);
}

JsonNode *
_pw_cli_json_rows_next (PwCliJsonRows  *rows,
                        GError        **error)
{
  if (!next_row (rows, error))
    return NULL;
  rows->count++;
  /* a row is two deep: in the part's object, in its list */
  return _pw_level_set_parse_strict (rows->row->str, rows->row->len, rows->path, rows->row_line,
                                     rows->row_column, 2, error);
}

gboolean
_pw_cli_json_rows_skip (PwCliJsonRows  *rows,
                        GError        **error)
{
  if (!next_row (rows, error))
    return FALSE;
  rows->count++;
  return TRUE;
}

guint
_pw_cli_json_rows_get_count (PwCliJsonRows *rows)
{
  return rows->count;
}

JsonNode *
_pw_cli_json_rows_parse_skeleton (PwCliJsonRows  *rows,
                                  GError        **error)
{
  g_return_val_if_fail (rows->done, NULL);
  /* after the rows, the text from their "]" on stands after them */
  if (rows->cut.line != 0)
    return _pw_level_set_parse_strict_cut (rows->skeleton->str, rows->skeleton->len, rows->path,
                                           &rows->cut, error);
  return _pw_level_set_parse_strict (rows->skeleton->str, rows->skeleton->len, rows->path, 1, 1,
                                     0, error);
}

void
_pw_cli_json_rows_free (PwCliJsonRows *rows)
{
  if (rows == NULL)
    return;
  g_clear_object (&rows->input);
  g_free (rows->path);
  g_free (rows->buffer);
  g_string_free (rows->skeleton, TRUE);
  g_string_free (rows->row, TRUE);
  g_string_free (rows->key, TRUE);
  g_free (rows);
}
