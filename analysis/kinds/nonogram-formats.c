/* nonogram-formats.c — the nonogram files read and written: Steve
 * Simpson's .non, Jan Wolter's .nin, the TAAI/ICGA tournament files,
 * Simon Tatham's Pattern game IDs and plain pictures
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "nonogram-private.h"

typedef struct
{
  const char *display_name;
  char      **lines;
  guint       n_lines;
  GPtrArray  *levels;
} Reader;

static gboolean fail (GError     **error,
                      Reader      *r,
                      guint        line,
                      const char  *format,
                      ...) G_GNUC_PRINTF (4, 5);

/* "FILE: line N: what" (@line counts from 0; G_MAXUINT: the end). */
static gboolean
fail (GError     **error,
      Reader      *r,
      guint        line,
      const char  *format,
      ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  if (line == G_MAXUINT)
    g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("%s: at the end: %s"),
                 r->display_name, what);
  else
    g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("%s: line %u: %s"),
                 r->display_name, line + 1, what);
  return FALSE;
}

static gboolean
is_blank (const char *line)
{
  for (; *line; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;
  return TRUE;
}

static char *
file_base (const char *display_name)
{
  char *base = g_path_get_basename (display_name);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return base;
}

static void
add_level (Reader          *r,
           PwNonogramLevel *level,
           const char      *name,
           const char      *notes)
{
  g_ptr_array_add (r->levels, pw_imported_level_new (&pw_nonogram_kind, level, name,
                                                     notes != NULL && notes[0] ? notes : NULL));
}

/* "3 1 2", or "0". */
static char *
clue_text (const guint8 *clue,
           guint         k)
{
  GString *text = g_string_new (NULL);

  for (guint j = 0; j < k; j++)
    g_string_append_printf (text, "%s%u", j > 0 ? " " : "", clue[j]);
  if (k == 0)
    g_string_append_c (text, '0');
  return g_string_free (text, FALSE);
}

/* One line of clues: numbers separated by any of @separators; a lone 0
 * (or nothing) is a line without blocks. The blocks must fit @len cells
 * of a row (@row) or column. */
static gboolean
parse_clues (Reader      *r,
             guint        line,
             const char  *text,
             const char  *separators,
             guint        len,
             gboolean     row,
             GByteArray  *numbers,
             guint       *count,
             GError     **error)
{
  g_auto(GStrv) tokens = g_strsplit_set (text, separators, -1);
  guint k = 0, need = 0, first = numbers->len;
  gboolean zero = FALSE;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      char *token = g_strstrip (tokens[i]);
      guint64 value;
      const char *end = token;

      if (token[0] == '\0')
        continue;
      while (g_ascii_isdigit (*end))
        end++;
      if (end != token && *end != '\0' && g_ascii_isalpha (*end))
        return fail (error, r, line, _("“%s”: colour clues are not supported yet"), token);
      if (!g_ascii_string_to_unsigned (token, 10, 0, 255, &value, NULL))
        return fail (error, r, line, _("“%s” is not a block length"), token);
      if (value == 0)
        {
          zero = TRUE;
          continue;
        }
      if (value > len)
        return fail (error, r, line, row ? _("a block of %u cannot fit a row of %u cells")
                                         : _("a block of %u cannot fit a column of %u cells"),
                     (guint) value, len);
      {
        guint8 b = value;

        g_byte_array_append (numbers, &b, 1);
      }
      need += value + (k > 0);
      k++;
    }
  if (zero && k > 0)
    return fail (error, r, line, _("0 stands alone, for a line without blocks"));
  if (need > len)
    {
      g_autofree char *clue = clue_text (numbers->data + first, k);

      return fail (error, r, line, row ? _("the clues %s need %u cells; a row has %u")
                                       : _("the clues %s need %u cells; a column has %u"),
                   clue, need, len);
    }
  *count = k;
  return TRUE;
}

/* The first line of the picture that does not give its clues, as an
 * error at @line. */
static gboolean
check_picture (Reader                *r,
               guint                  line,
               const PwNonogramLevel *level,
               const PwNonoClues     *clues,
               GError               **error)
{
  g_autoptr(PwNonoClues) picture = _pw_nono_clues_of_grid (level->grid, level->width,
                                                           level->height);

  for (guint l = 0; l < clues->n_lines; l++)
    {
      guint k = _pw_nono_clues_count (clues, l);

      if (k != _pw_nono_clues_count (picture, l) ||
          memcmp (_pw_nono_clues_line (clues, l), _pw_nono_clues_line (picture, l), k) != 0)
        {
          g_autofree char *given = clue_text (_pw_nono_clues_line (picture, l),
                                              _pw_nono_clues_count (picture, l));
          g_autofree char *said = clue_text (_pw_nono_clues_line (clues, l), k);

          return fail (error, r, line,
                       l < level->height ? _("row %u of the picture gives %s; its clues say %s")
                                         : _("column %u of the picture gives %s; its clues say %s"),
                       (l < level->height ? l : l - level->height) + 1, given, said);
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* .non                                                                 */

static const struct
{
  const char *entity;
  gunichar    c;
} entities[] = {
  { "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' }, { "apos", '\'' },
  { "copy", 0xa9 }, { "nbsp", 0xa0 }, { "reg", 0xae },
};

/* A property's value: quotes dropped, HTML character references read. */
static char *
property_value (const char *text)
{
  g_autofree char *value = g_strstrip (g_strdup (text));
  gsize len = strlen (value);
  GString *out = g_string_new (NULL);
  const char *p;

  if (len >= 2 && value[0] == '"' && value[len - 1] == '"')
    {
      value[len - 1] = '\0';
      memmove (value, value + 1, len - 1);
    }
  for (p = value; *p;)
    {
      const char *semi = *p == '&' ? strchr (p, ';') : NULL;
      gunichar c = 0;

      if (semi != NULL && semi - p <= 10)
        {
          g_autofree char *name = g_strndup (p + 1, semi - p - 1);

          if (name[0] == '#')
            {
              guint64 code;

              if ((name[1] == 'x' || name[1] == 'X')
                    ? g_ascii_string_to_unsigned (name + 2, 16, 1, 0x10ffff, &code, NULL)
                    : g_ascii_string_to_unsigned (name + 1, 10, 1, 0x10ffff, &code, NULL))
                c = code;
            }
          else
            for (guint i = 0; i < G_N_ELEMENTS (entities); i++)
              if (g_str_equal (name, entities[i].entity))
                c = entities[i].c;
        }
      if (c != 0 && g_unichar_validate (c))
        {
          g_string_append_unichar (out, c);
          p = semi + 1;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* The inverse: quoted, with references for '&', '"', '<', '>' and every
 * character beyond ASCII, as the format asks. */
static char *
quote_value (const char *value)
{
  GString *out = g_string_new ("\"");

  for (const char *p = value; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0xa9)
        g_string_append (out, "&copy;");
      else if (c == '&')
        g_string_append (out, "&amp;");
      else if (c == '"')
        g_string_append (out, "&quot;");
      else if (c == '<')
        g_string_append (out, "&lt;");
      else if (c == '>')
        g_string_append (out, "&gt;");
      else if (c >= 0x80 || c < 0x20)
        g_string_append_printf (out, "&#%u;", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

/* Properties kept in the notes, in the order the notes list them. */
static const char * const note_keys[] = { "catalogue", "by", "copyright", "license", NULL };

static gboolean
read_size (Reader      *r,
           guint        line,
           const char  *word,
           const char  *value,
           guint       *size,
           GError     **error)
{
  guint64 v;

  if (*size != 0)
    return fail (error, r, line, _("a second “%s”"), word);
  if (!g_ascii_string_to_unsigned (value, 10, 1, PW_NONOGRAM_MAX_SIZE, &v, NULL))
    return fail (error, r, line, _("“%s” must be a whole number from 1 to %d"), word,
                 PW_NONOGRAM_MAX_SIZE);
  *size = v;
  return TRUE;
}

static gboolean
read_non (Reader  *r,
          GError **error)
{
  guint width = 0, height = 0, goal_line = 0;
  g_autofree guint *row_counts = NULL;
  g_autofree guint *column_counts = NULL;
  g_autoptr(GByteArray) rows = g_byte_array_new ();
  g_autoptr(GByteArray) columns = g_byte_array_new ();
  g_autofree char *title = NULL;
  g_autofree char *goal = NULL;
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) comments = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PwNonogramLevel) level = NULL;
  g_autoptr(PwNonoClues) clues = NULL;
  g_autoptr(GString) note_text = g_string_new (NULL);
  g_autofree char *name = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (note_keys) - 1; i++)
    g_ptr_array_add (notes, NULL);

  for (guint i = 0; i < r->n_lines; i++)
    {
      char *line = g_strstrip (r->lines[i]);
      g_autofree char *word = NULL;
      const char *rest;

      if (line[0] == '\0')
        continue;
      if (g_ascii_isdigit (line[0]))
        return fail (error, r, i, _("clues outside a “rows” or “columns” block"));
      rest = line;
      while (*rest && !g_ascii_isspace (*rest))
        rest++;
      word = g_ascii_strdown (line, rest - line);
      while (g_ascii_isspace (*rest))
        rest++;

      if (g_str_equal (word, "width") || (g_str_equal (word, "columns") && *rest))
        {
          if (!read_size (r, i, word, rest, &width, error))
            return FALSE;
        }
      else if (g_str_equal (word, "height") || (g_str_equal (word, "rows") && *rest))
        {
          if (!read_size (r, i, word, rest, &height, error))
            return FALSE;
        }
      else if (g_str_equal (word, "rows") || g_str_equal (word, "columns"))
        {
          gboolean is_rows = word[0] == 'r';
          guint n = is_rows ? height : width, len = is_rows ? width : height, got = 0;
          guint **counts = is_rows ? &row_counts : &column_counts;

          if (*counts != NULL)
            return fail (error, r, i, _("a second “%s” block"), word);
          if (width == 0 || height == 0)
            return fail (error, r, i, _("“%s” comes before “width” and “height”"), word);
          *counts = g_new0 (guint, n);
          while (got < n)
            {
              char *clue_line;

              if (++i >= r->n_lines)
                return fail (error, r, G_MAXUINT,
                             is_rows ? _("the rows block has %u lines; the puzzle is %u high")
                                     : _("the columns block has %u lines; the puzzle is %u wide"),
                             got, n);
              clue_line = g_strstrip (r->lines[i]);
              if (clue_line[0] == '\0')
                continue;
              if (!g_ascii_isdigit (clue_line[0]))
                return fail (error, r, i,
                             is_rows ? _("the rows block has %u lines; the puzzle is %u high")
                                     : _("the columns block has %u lines; the puzzle is %u wide"),
                             got, n);
              if (!parse_clues (r, i, clue_line, ", \t", len, is_rows, is_rows ? rows : columns,
                                &(*counts)[got], error))
                return FALSE;
              got++;
            }
        }
      else if (g_str_equal (word, "goal"))
        {
          g_autofree char *value = property_value (rest);
          GString *cells = g_string_new (NULL);

          for (const char *p = value; *p; p++)
            if (!g_ascii_isspace (*p))
              g_string_append_c (cells, *p);
          g_free (goal);
          goal = g_string_free (cells, FALSE);
          goal_line = i;
        }
      else if (g_str_equal (word, "title"))
        {
          g_free (title);
          title = property_value (rest);
        }
      else if (g_str_equal (word, "comment"))
        g_ptr_array_add (comments, property_value (rest));
      else
        for (guint k = 0; note_keys[k] != NULL; k++)
          if (g_str_equal (word, note_keys[k]))
            {
              g_free (notes->pdata[k]);
              notes->pdata[k] = property_value (rest);
            }
      /* other words are properties the format allows and we do not keep */
    }

  if (width == 0 || height == 0)
    return fail (error, r, G_MAXUINT, _("the file gives no “%s”"), width == 0 ? "width"
                                                                               : "height");
  if (row_counts == NULL || column_counts == NULL)
    return fail (error, r, G_MAXUINT, _("the file has no “%s” block"),
                 row_counts == NULL ? "rows" : "columns");

  {
    g_autofree guint *counts = g_new (guint, width + height);

    memcpy (counts, row_counts, sizeof (guint) * height);
    memcpy (counts + height, column_counts, sizeof (guint) * width);
    g_byte_array_append (rows, columns->data, columns->len);
    clues = _pw_nono_clues_new (width + height, counts, rows->data);
  }

  level = g_new0 (PwNonogramLevel, 1);
  level->width = width;
  level->height = height;
  if (goal != NULL)
    {
      if (strlen (goal) != width * height)
        return fail (error, r, goal_line, _("the goal has %u cells; the puzzle has %u × %u"),
                     (guint) strlen (goal), width, height);
      level->grid = g_new (guint8, width * height);
      for (guint c = 0; c < width * height; c++)
        level->grid[c] = goal[c] != '0';
      if (!check_picture (r, goal_line, level, clues, error))
        return FALSE;
    }
  else
    level->clues = g_steal_pointer (&clues);

  for (guint k = 0; note_keys[k] != NULL; k++)
    if (notes->pdata[k] != NULL)
      g_string_append_printf (note_text, "%s%s: %s", note_text->len ? "\n" : "", note_keys[k],
                              (char *) notes->pdata[k]);
  for (guint k = 0; k < comments->len; k++)
    g_string_append_printf (note_text, "%s%s", note_text->len ? "\n" : "",
                            (char *) comments->pdata[k]);
  name = title != NULL && title[0] ? g_strdup (title) : file_base (r->display_name);
  add_level (r, g_steal_pointer (&level), name, note_text->str);
  return TRUE;
}

char *
_pw_nonogram_to_non (const PwNonogramLevel *level,
                     const char            *name,
                     const char            *notes)
{
  GString *out = g_string_new (NULL);
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_auto(GStrv) lines = g_strsplit (notes != NULL ? notes : "", "\n", -1);
  const char *values[G_N_ELEMENTS (note_keys)] = { NULL };
  g_autoptr(GPtrArray) comments = g_ptr_array_new ();

  for (guint i = 0; lines[i] != NULL; i++)
    {
      gboolean known = FALSE;

      if (lines[i][0] == '\0')
        continue;
      for (guint k = 0; note_keys[k] != NULL && !known; k++)
        if (g_str_has_prefix (lines[i], note_keys[k]) &&
            g_str_has_prefix (lines[i] + strlen (note_keys[k]), ": "))
          {
            values[k] = lines[i] + strlen (note_keys[k]) + 2;
            known = TRUE;
          }
      if (!known)
        g_ptr_array_add (comments, lines[i]);
    }

  for (guint k = 0; note_keys[k] != NULL; k++)
    {
      g_autofree char *quoted = NULL;

      if (values[k] == NULL)
        continue;
      quoted = quote_value (values[k]);
      g_string_append_printf (out, "%s %s\n", note_keys[k], quoted);
      /* the title goes after the catalogue entry, as in webpbn's files */
      if (k == 0 && name != NULL)
        {
          g_autofree char *title = quote_value (name);

          g_string_append_printf (out, "title %s\n", title);
          name = NULL;
        }
    }
  if (name != NULL)
    {
      g_autofree char *title = quote_value (name);

      /* before the authors, had there been no catalogue entry */
      g_string_prepend (out, "\n");
      g_string_prepend (out, title);
      g_string_prepend (out, "title ");
    }
  for (guint i = 0; i < comments->len; i++)
    {
      g_autofree char *quoted = quote_value (comments->pdata[i]);

      g_string_append_printf (out, "comment %s\n", quoted);
    }
  g_string_append_printf (out, "width %u\nheight %u\n", level->width, level->height);
  for (guint l = 0; l < clues->n_lines; l++)
    {
      guint k = _pw_nono_clues_count (clues, l);
      const guint8 *clue = _pw_nono_clues_line (clues, l);

      if (l == 0)
        g_string_append (out, "\nrows\n");
      if (l == level->height)
        g_string_append (out, "\ncolumns\n");
      for (guint j = 0; j < k; j++)
        g_string_append_printf (out, "%s%u", j > 0 ? "," : "", clue[j]);
      g_string_append (out, k == 0 ? "0\n" : "\n");
    }
  if (level->grid != NULL)
    {
      g_string_append (out, "\ngoal \"");
      for (guint c = 0; c < level->width * level->height; c++)
        g_string_append_c (out, level->grid[c] ? '1' : '0');
      g_string_append (out, "\"\n");
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* .nin: "W H", then H row lines and W column lines                     */

static gboolean
read_nin (Reader  *r,
          guint    first,
          GError **error)
{
  g_auto(GStrv) size = g_strsplit_set (g_strstrip (r->lines[first]), " \t", -1);
  g_autoptr(GByteArray) numbers = g_byte_array_new ();
  g_autofree guint *counts = NULL;
  g_autofree char *name = NULL;
  PwNonogramLevel *level;
  guint64 w = 0, h = 0;
  guint n = 0, got = 0, i;

  for (guint t = 0; size[t] != NULL; t++)
    {
      guint64 v;

      if (size[t][0] == '\0')
        continue;
      if (n >= 2 || !g_ascii_string_to_unsigned (size[t], 10, 1, PW_NONOGRAM_MAX_SIZE, &v, NULL))
        return fail (error, r, first, _("the first line must be the width and the height, "
                                        "whole numbers from 1 to %d"), PW_NONOGRAM_MAX_SIZE);
      if (n++ == 0)
        w = v;
      else
        h = v;
    }
  counts = g_new0 (guint, w + h);
  for (i = first + 1; i < r->n_lines; i++)
    {
      char *line = g_strstrip (r->lines[i]);
      gboolean row = got < h;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (got == w + h)
        return fail (error, r, i, _("more than the %u row and %u column clue lines"),
                     (guint) h, (guint) w);
      if (!parse_clues (r, i, line, " \t", row ? w : h, row, numbers, &counts[got], error))
        return FALSE;
      got++;
    }
  if (got < w + h)
    return fail (error, r, G_MAXUINT, _("%u clue lines; a %u × %u puzzle has %u (rows, then "
                                        "columns)"), got, (guint) w, (guint) h, (guint) (w + h));
  level = g_new0 (PwNonogramLevel, 1);
  level->width = w;
  level->height = h;
  level->clues = _pw_nono_clues_new (w + h, counts, numbers->data);
  name = file_base (r->display_name);
  add_level (r, level, name, NULL);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* TAAI/ICGA: "$k", then N column lines and N row lines; or, in the     */
/* solution files, "$k" and N rows of N 0/1                             */

static gboolean
read_taai_block (Reader  *r,
                 guint    header,
                 guint   *body,
                 guint    n_body,
                 GError **error)
{
  g_autofree char *base = file_base (r->display_name);
  g_autofree char *name = g_strdup_printf ("%s %s", base, g_strstrip (r->lines[header]));
  gboolean picture = n_body > 0 && n_body <= PW_NONOGRAM_MAX_SIZE;
  PwNonogramLevel *level;
  guint n;

  /* a picture: N lines of N 0/1 */
  for (guint i = 0; i < n_body && picture; i++)
    {
      g_auto(GStrv) tokens = g_strsplit_set (r->lines[body[i]], " \t", -1);
      guint k = 0;

      for (guint t = 0; tokens[t] != NULL && picture; t++)
        if (tokens[t][0] != '\0')
          {
            picture = g_str_equal (tokens[t], "0") || g_str_equal (tokens[t], "1");
            k++;
          }
      picture = picture && k == n_body;
    }
  if (picture)
    {
      n = n_body;
      level = _pw_nonogram_level_new (n, n);
      for (guint y = 0; y < n; y++)
        {
          g_auto(GStrv) tokens = g_strsplit_set (r->lines[body[y]], " \t", -1);
          guint x = 0;

          for (guint t = 0; tokens[t] != NULL; t++)
            if (tokens[t][0] != '\0')
              level->grid[y * n + x++] = tokens[t][0] == '1';
        }
    }
  else
    {
      g_autoptr(GByteArray) numbers = g_byte_array_new ();
      g_autoptr(GByteArray) column_numbers = g_byte_array_new ();
      g_autofree guint *counts = NULL;

      if (n_body % 2 != 0 || n_body / 2 > PW_NONOGRAM_MAX_SIZE || n_body == 0)
        return fail (error, r, header, _("the puzzle %s has %u clue lines; a square puzzle of "
                                         "N × N has 2N (columns, then rows), N at most %d"),
                     r->lines[header], n_body, PW_NONOGRAM_MAX_SIZE);
      n = n_body / 2;
      counts = g_new0 (guint, 2 * n);
      /* columns come first in the file, second in the clues */
      for (guint i = 0; i < n_body; i++)
        {
          gboolean column = i < n;

          if (!parse_clues (r, body[i], r->lines[body[i]], " \t", n, !column,
                            column ? column_numbers : numbers,
                            &counts[column ? n + i : i - n], error))
            return FALSE;
        }
      g_byte_array_append (numbers, column_numbers->data, column_numbers->len);
      level = g_new0 (PwNonogramLevel, 1);
      level->width = level->height = n;
      level->clues = _pw_nono_clues_new (2 * n, counts, numbers->data);
    }
  add_level (r, level, name, NULL);
  return TRUE;
}

static gboolean
read_taai (Reader  *r,
           guint    first,
           GError **error)
{
  g_autofree guint *body = g_new (guint, r->n_lines);
  guint header = first, n_body = 0;

  for (guint i = first + 1; i <= r->n_lines; i++)
    {
      const char *line = i < r->n_lines ? g_strstrip (r->lines[i]) : "$";

      if (line[0] == '$')
        {
          if (!read_taai_block (r, header, body, n_body, error))
            return FALSE;
          header = i;
          n_body = 0;
        }
      else if (line[0] != '\0')
        body[n_body++] = i;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Pattern game IDs and pictures, with "; Name" lines                   */

/* "WxH:c/c/…" (or "N:…"): the W column clues, then the H row clues,
 * each numbers joined by '.'. */
static gboolean
read_id (Reader      *r,
         guint        line,
         const char  *text,
         PwNonogramLevel **out,
         GError     **error)
{
  const char *colon = strchr (text, ':');
  g_autofree char *params = g_strndup (text, colon - text);
  g_auto(GStrv) size = g_strsplit (params, "x", 2);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GByteArray) numbers = g_byte_array_new ();
  g_autoptr(GByteArray) column_numbers = g_byte_array_new ();
  g_autofree guint *counts = NULL;
  guint64 w, h;
  guint n;

  if (!g_ascii_string_to_unsigned (size[0], 10, 1, PW_NONOGRAM_MAX_SIZE, &w, NULL) ||
      (size[1] != NULL && !g_ascii_string_to_unsigned (size[1], 10, 1, PW_NONOGRAM_MAX_SIZE, &h,
                                                       NULL)))
    return fail (error, r, line, _("“%s” is not a size WxH, each from 1 to %d"), params,
                 PW_NONOGRAM_MAX_SIZE);
  if (size[1] == NULL)
    h = w;
  if (strchr (colon + 1, ',') != NULL)
    return fail (error, r, line, _("squares given in advance (after “,”) are not supported"));
  lines = g_strsplit (colon + 1, "/", -1);
  n = g_strv_length (lines);
  if (n != w + h)
    return fail (error, r, line, _("%u clue lines; a %u × %u puzzle has %u (columns, then rows)"),
                 n, (guint) w, (guint) h, (guint) (w + h));
  counts = g_new0 (guint, w + h);
  for (guint i = 0; i < n; i++)
    {
      gboolean column = i < w;

      if (!parse_clues (r, line, lines[i], ".", column ? h : w, !column,
                        column ? column_numbers : numbers, &counts[column ? h + i : i - w],
                        error))
        return FALSE;
    }
  g_byte_array_append (numbers, column_numbers->data, column_numbers->len);
  *out = g_new0 (PwNonogramLevel, 1);
  (*out)->width = w;
  (*out)->height = h;
  (*out)->clues = _pw_nono_clues_new (w + h, counts, numbers->data);
  return TRUE;
}

char *
_pw_nonogram_to_id (const PwNonogramLevel *level)
{
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%ux%u:", level->width, level->height);
  for (guint i = 0; i < clues->n_lines; i++)
    {
      /* columns first */
      guint l = i < level->width ? level->height + i : i - level->width;
      const guint8 *clue = _pw_nono_clues_line (clues, l);

      if (i > 0)
        g_string_append_c (out, '/');
      for (guint j = 0; j < _pw_nono_clues_count (clues, l); j++)
        g_string_append_printf (out, "%s%u", j > 0 ? "." : "", clue[j]);
    }
  return g_string_free (out, FALSE);
}

static gboolean
is_picture_row (const char *line)
{
  for (; *line; line++)
    if (*line != '#' && *line != '.')
      return FALSE;
  return TRUE;
}

static gboolean
looks_like_id (const char *line)
{
  const char *p = line;

  while (g_ascii_isdigit (*p) || *p == 'x')
    p++;
  return p != line && *p == ':' && g_ascii_isdigit (line[0]);
}

typedef struct
{
  GString *name;
  GString *notes;
  GPtrArray *rows;   /* picture rows, borrowed */
  guint    first;
} Pending;

static gboolean
finish_picture (Reader   *r,
                Pending  *p,
                GError  **error)
{
  PwNonogramLevel *level;
  guint w, h = p->rows->len;

  if (h == 0)
    return TRUE;
  w = strlen (p->rows->pdata[0]);
  if (w > PW_NONOGRAM_MAX_SIZE || h > PW_NONOGRAM_MAX_SIZE)
    return fail (error, r, p->first, _("a picture is 1 to %d cells wide and high"),
                 PW_NONOGRAM_MAX_SIZE);
  level = _pw_nonogram_level_new (w, h);
  for (guint y = 0; y < h; y++)
    {
      const char *row = p->rows->pdata[y];

      if (strlen (row) != w)
        {
          _pw_nonogram_level_free (level);
          return fail (error, r, p->first + y, _("this row has %u cells; the picture's first "
                                                 "row has %u"), (guint) strlen (row), w);
        }
      for (guint x = 0; x < w; x++)
        level->grid[y * w + x] = row[x] == '#';
    }
  add_level (r, level, p->name->len ? p->name->str : NULL, p->notes->str);
  g_ptr_array_set_size (p->rows, 0);
  g_string_truncate (p->name, 0);
  g_string_truncate (p->notes, 0);
  return TRUE;
}

static gboolean
read_lines (Reader  *r,
            GError **error)
{
  Pending p = { g_string_new (NULL), g_string_new (NULL), g_ptr_array_new (), 0 };
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < r->n_lines; i++)
    {
      char *line = g_strstrip (r->lines[i]);

      if (line[0] == '\0')
        ok = finish_picture (r, &p, error);
      else if (line[0] == ';')
        {
          const char *comment = g_strstrip (line + 1);

          ok = finish_picture (r, &p, error);
          if (p.name->len == 0)
            g_string_assign (p.name, comment);
          else
            g_string_append_printf (p.notes, "%s%s", p.notes->len ? "\n" : "", comment);
        }
      else if (looks_like_id (line))
        {
          PwNonogramLevel *level = NULL;

          ok = finish_picture (r, &p, error) && read_id (r, i, line, &level, error);
          if (ok)
            {
              add_level (r, level, p.name->len ? p.name->str : NULL, p.notes->str);
              g_string_truncate (p.name, 0);
              g_string_truncate (p.notes, 0);
            }
        }
      else if (is_picture_row (line))
        {
          if (p.rows->len == 0)
            p.first = i;
          g_ptr_array_add (p.rows, line);
        }
      else
        ok = fail (error, r, i, _("neither a Pattern game ID (“WxH:…”) nor a picture row of “#” "
                                  "and “.”"));
    }
  if (ok)
    ok = finish_picture (r, &p, error);
  g_string_free (p.name, TRUE);
  g_string_free (p.notes, TRUE);
  g_ptr_array_free (p.rows, TRUE);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Which format                                                         */

static gboolean
two_numbers (const char *line)
{
  g_auto(GStrv) tokens = g_strsplit_set (line, " \t", -1);
  guint n = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      if (tokens[i][0] == '\0')
        continue;
      for (const char *p = tokens[i]; *p; p++)
        if (!g_ascii_isdigit (*p))
          return FALSE;
      n++;
    }
  return n == 2;
}

gboolean
_pw_nonogram_read (const char  *text,
                   const char  *display_name,
                   GPtrArray   *levels,
                   GError     **error)
{
  g_auto(GStrv) lines = NULL;
  Reader r;
  guint first = 0;
  guint before = levels->len;
  gboolean ok;

  if (g_str_has_prefix (text, "\xef\xbb\xbf"))
    text += 3;
  lines = g_strsplit (text, "\n", -1);
  r.display_name = display_name;
  r.lines = lines;
  r.n_lines = g_strv_length (lines);
  r.levels = levels;
  for (guint i = 0; i < r.n_lines; i++)
    g_strchomp (lines[i]);   /* CR LF too */

  while (first < r.n_lines && (is_blank (lines[first]) || g_strstrip (lines[first])[0] == ';'))
    first++;
  if (first == r.n_lines)
    return fail (error, &r, G_MAXUINT, _("there is no nonogram in the text"));

  {
    const char *line = g_strstrip (lines[first]);

    if (line[0] == '$')
      ok = read_taai (&r, first, error);
    else if (two_numbers (line))
      ok = read_nin (&r, first, error);
    else if (looks_like_id (line) || is_picture_row (line))
      ok = read_lines (&r, error);
    else if (g_ascii_isalpha (line[0]))
      ok = read_non (&r, error);
    else
      ok = fail (error, &r, first, _("not a nonogram in a format read here (.non, .nin, TAAI "
                                     "“$” blocks, Pattern game IDs, a picture of “#” and "
                                     "“.”)"));
  }
  if (!ok)
    g_ptr_array_remove_range (levels, before, levels->len - before);
  return ok;
}
