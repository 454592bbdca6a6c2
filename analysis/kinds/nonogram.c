/* nonogram.c — the nonogram kind: a picture of black and white cells
 * given by the lengths of its runs along each row and column
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "nonogram-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"

/* ------------------------------------------------------------------ */
/* Clues                                                                */

PwNonoClues *
_pw_nono_clues_new (guint         n_lines,
                    const guint  *counts,
                    const guint8 *numbers)
{
  PwNonoClues *clues = g_new0 (PwNonoClues, 1);
  guint total = 0;

  for (guint l = 0; l < n_lines; l++)
    total += counts[l];
  clues->n_lines = n_lines;
  clues->start = g_new (guint, n_lines + 1);
  clues->num = g_new (guint8, MAX (total, 1));
  clues->start[0] = 0;
  for (guint l = 0; l < n_lines; l++)
    clues->start[l + 1] = clues->start[l] + counts[l];
  if (total > 0)
    memcpy (clues->num, numbers, total);
  return clues;
}

PwNonoClues *
_pw_nono_clues_copy (const PwNonoClues *clues)
{
  PwNonoClues *copy = g_new0 (PwNonoClues, 1);

  copy->n_lines = clues->n_lines;
  copy->start = g_memdup2 (clues->start, sizeof (guint) * (clues->n_lines + 1));
  copy->num = g_memdup2 (clues->num, MAX (clues->start[clues->n_lines], 1));
  return copy;
}

void
_pw_nono_clues_free (PwNonoClues *clues)
{
  if (clues == NULL)
    return;
  g_free (clues->start);
  g_free (clues->num);
  g_free (clues);
}

gboolean
_pw_nono_clues_equal (const PwNonoClues *a,
                      const PwNonoClues *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->n_lines == b->n_lines &&
         memcmp (a->start, b->start, sizeof (guint) * (a->n_lines + 1)) == 0 &&
         memcmp (a->num, b->num, a->start[a->n_lines]) == 0;
}

guint
_pw_nono_line_runs (const guint8 *cells,
                    guint         n,
                    guint         stride,
                    guint8       *out)
{
  guint k = 0, run = 0;

  for (guint i = 0; i <= n; i++)
    {
      if (i < n && cells[i * stride])
        run++;
      else if (run > 0)
        {
          out[k++] = run;
          run = 0;
        }
    }
  return k;
}

PwNonoClues *
_pw_nono_clues_of_grid (const guint8 *grid,
                        guint         width,
                        guint         height)
{
  guint n_lines = width + height;
  g_autofree guint *counts = g_new (guint, n_lines);
  g_autofree guint8 *numbers = g_new (guint8, (gsize) n_lines * (MAX (width, height) + 1) / 2 + 1);
  guint total = 0;

  for (guint l = 0; l < n_lines; l++)
    {
      counts[l] = l < height ? _pw_nono_line_runs (grid + l * width, width, 1, numbers + total)
                             : _pw_nono_line_runs (grid + (l - height), height, width,
                                                   numbers + total);
      total += counts[l];
    }
  return _pw_nono_clues_new (n_lines, counts, numbers);
}

/* ------------------------------------------------------------------ */
/* The level                                                            */

PwNonogramLevel *
_pw_nonogram_level_new (guint width,
                        guint height)
{
  PwNonogramLevel *level;

  g_return_val_if_fail (width >= 1 && width <= PW_NONOGRAM_MAX_SIZE, NULL);
  g_return_val_if_fail (height >= 1 && height <= PW_NONOGRAM_MAX_SIZE, NULL);

  level = g_new0 (PwNonogramLevel, 1);
  level->width = width;
  level->height = height;
  level->grid = g_new0 (guint8, width * height);
  return level;
}

PwNonogramLevel *
_pw_nonogram_level_copy (const PwNonogramLevel *level)
{
  PwNonogramLevel *copy = g_new0 (PwNonogramLevel, 1);

  copy->width = level->width;
  copy->height = level->height;
  if (level->grid != NULL)
    copy->grid = g_memdup2 (level->grid, level->width * level->height);
  if (level->clues != NULL)
    copy->clues = _pw_nono_clues_copy (level->clues);
  return copy;
}

void
_pw_nonogram_level_free (PwNonogramLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->grid);
  _pw_nono_clues_free (level->clues);
  g_free (level);
}

gboolean
_pw_nonogram_level_equal (const PwNonogramLevel *a,
                          const PwNonogramLevel *b)
{
  if (a->width != b->width || a->height != b->height)
    return FALSE;
  if ((a->grid == NULL) != (b->grid == NULL) ||
      (a->grid != NULL && memcmp (a->grid, b->grid, a->width * a->height) != 0))
    return FALSE;
  return _pw_nono_clues_equal (a->clues, b->clues);
}

PwNonoClues *
_pw_nonogram_level_clues (const PwNonogramLevel *level)
{
  if (level->clues != NULL)
    return _pw_nono_clues_copy (level->clues);
  return _pw_nono_clues_of_grid (level->grid, level->width, level->height);
}

static gpointer
nonogram_new_default (void)
{
  return _pw_nonogram_level_new (10, 10);
}

static gpointer
nonogram_copy (gconstpointer data)
{
  return _pw_nonogram_level_copy (data);
}

static void
nonogram_free (gpointer data)
{
  _pw_nonogram_level_free (data);
}

static gboolean
nonogram_equal (gconstpointer a,
                gconstpointer b)
{
  return _pw_nonogram_level_equal (a, b);
}

/* ------------------------------------------------------------------ */
/* The payload                                                          */

static gboolean
size_member (JsonObject  *object,
             const char  *member,
             guint       *value,
             GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) < 1 ||
      json_node_get_int (node) > PW_NONOGRAM_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a whole number from 1 to %d"), member,
                   PW_NONOGRAM_MAX_SIZE);
      return FALSE;
    }
  *value = json_node_get_int (node);
  return TRUE;
}

static gboolean
grid_from_json (JsonNode         *node,
                PwNonogramLevel  *level,
                GError          **error)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid must be a list of %u rows of “#” and “.”"), level->height);
      return FALSE;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) != level->height)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid has %u rows; the level is %u rows high"),
                   json_array_get_length (array), level->height);
      return FALSE;
    }
  level->grid = g_new0 (guint8, level->width * level->height);
  for (guint y = 0; y < level->height; y++)
    {
      JsonNode *row = json_array_get_element (array, y);
      const char *text;

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.grid row %u is not a string"), y + 1);
          return FALSE;
        }
      text = json_node_get_string (row);
      if (strlen (text) != level->width)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.grid row %u has %u cells; the level is %u cells wide"), y + 1,
                       (guint) g_utf8_strlen (text, -1), level->width);
          return FALSE;
        }
      for (guint x = 0; x < level->width; x++)
        {
          if (text[x] != '#' && text[x] != '.')
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.grid row %u, column %u: “%c” is neither “#” (black) nor "
                             "“.” (white)"), y + 1, x + 1, text[x]);
              return FALSE;
            }
          level->grid[y * level->width + x] = text[x] == '#';
        }
    }
  return TRUE;
}

/* "rows" or "columns": a list of @n lines of @len cells, each a list of
 * block lengths ([] or [0] for a line with none). */
static gboolean
lines_from_json (JsonObject  *object,
                 const char  *member,
                 guint        n,
                 guint        len,
                 guint       *counts,
                 GByteArray  *numbers,
                 GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node) ||
      json_array_get_length (json_node_get_array (node)) != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a list of %u lists of block lengths"), member, n);
      return FALSE;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      JsonArray *line = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;
      guint k;

      if (line == NULL)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.%s[%u] must be a list of block lengths"), member, i);
          return FALSE;
        }
      k = json_array_get_length (line);
      counts[i] = 0;
      for (guint j = 0; j < k; j++)
        {
          JsonNode *e = json_array_get_element (line, j);
          gint64 v;

          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_INT64 ||
              (v = json_node_get_int (e)) < 0 || v > len || (v == 0 && k > 1))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.%s[%u][%u] must be a block length from 1 to %u (or a "
                             "lone 0 for a line without blocks)"), member, i, j, len);
              return FALSE;
            }
          if (v > 0)
            {
              guint8 b = v;

              g_byte_array_append (numbers, &b, 1);
              counts[i]++;
            }
        }
    }
  return TRUE;
}

static gpointer
nonogram_from_json (JsonNode  *payload,
                    GError   **error)
{
  static const char * const allowed[] = { "width", "height", "grid", "rows", "columns", NULL };
  g_autoptr(PwNonogramLevel) level = g_new0 (PwNonogramLevel, 1);
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  JsonNode *grid;
  gboolean rows, columns;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with “width”, “height” and a “grid” "
                             "or “rows” and “columns”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("payload has an unknown member “%s”"), (const char *) l->data);
        return NULL;
      }
  if (!size_member (object, "width", &level->width, error) ||
      !size_member (object, "height", &level->height, error))
    return NULL;

  grid = json_object_get_member (object, "grid");
  rows = json_object_has_member (object, "rows");
  columns = json_object_has_member (object, "columns");
  if (grid == NULL && !rows && !columns)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload needs a “grid” (the picture), or “rows” and “columns” "
                             "(the clues), or both"));
      return NULL;
    }
  if (rows != columns)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload has “%s” but no “%s”: clues come as both"),
                   rows ? "rows" : "columns", rows ? "columns" : "rows");
      return NULL;
    }
  if (grid != NULL && !grid_from_json (grid, level, error))
    return NULL;
  if (rows)
    {
      guint n_lines = level->width + level->height;
      g_autofree guint *counts = g_new0 (guint, n_lines);
      g_autoptr(GByteArray) numbers = g_byte_array_new ();

      if (!lines_from_json (object, "rows", level->height, level->width, counts, numbers, error) ||
          !lines_from_json (object, "columns", level->width, level->height,
                            counts + level->height, numbers, error))
        return NULL;
      level->clues = _pw_nono_clues_new (n_lines, counts, numbers->data);
    }
  return g_steal_pointer (&level);
}

static JsonArray *
clue_lines_to_json (const PwNonoClues *clues,
                    guint              first,
                    guint              n)
{
  JsonArray *array = json_array_new ();

  for (guint l = first; l < first + n; l++)
    {
      JsonArray *line = json_array_new ();

      for (guint j = 0; j < _pw_nono_clues_count (clues, l); j++)
        json_array_add_int_element (line, _pw_nono_clues_line (clues, l)[j]);
      json_array_add_array_element (array, line);
    }
  return array;
}

static JsonNode *
nonogram_to_json (gconstpointer data)
{
  const PwNonogramLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_int_member (object, "width", level->width);
  json_object_set_int_member (object, "height", level->height);
  if (level->grid != NULL)
    {
      JsonArray *rows = json_array_new ();
      g_autofree char *row = g_new0 (char, level->width + 1);

      for (guint y = 0; y < level->height; y++)
        {
          for (guint x = 0; x < level->width; x++)
            row[x] = level->grid[y * level->width + x] ? '#' : '.';
          json_array_add_string_element (rows, row);
        }
      json_object_set_array_member (object, "grid", rows);
    }
  if (level->clues != NULL)
    {
      json_object_set_array_member (object, "rows",
                                    clue_lines_to_json (level->clues, 0, level->height));
      json_object_set_array_member (object, "columns",
                                    clue_lines_to_json (level->clues, level->height,
                                                        level->width));
    }
  json_node_take_object (node, object);
  return node;
}

/* ------------------------------------------------------------------ */
/* Text forms                                                           */

static gpointer
nonogram_from_text (const char  *text,
                    GError     **error)
{
  g_autoptr(GPtrArray) levels =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_imported_level_free);
  g_autoptr(GError) local_error = NULL;
  PwImportedLevel *first;

  if (!_pw_nonogram_read (text, _("the text"), levels, &local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  if (levels->len != 1)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   levels->len == 0 ? _("the text holds no nonogram")
                                    : _("the text holds %u nonograms; give one"), levels->len);
      return NULL;
    }
  first = g_ptr_array_index (levels, 0);
  return g_steal_pointer (&first->data);
}

/* The picture as rows of '#' and '.' when the level has one, else the
 * clues as a Pattern game ID: either way what import reads back. */
static char *
nonogram_to_text (gconstpointer data)
{
  const PwNonogramLevel *level = data;
  GString *text;

  if (level->grid == NULL)
    return _pw_nonogram_to_id (level);
  text = g_string_new (NULL);
  for (guint y = 0; y < level->height; y++)
    {
      for (guint x = 0; x < level->width; x++)
        g_string_append_c (text, level->grid[y * level->width + x] ? '#' : '.');
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static gboolean
nonogram_import_named (const char  *text,
                       const char  *display_name,
                       GPtrArray   *levels,
                       GError     **error)
{
  return _pw_nonogram_read (text, display_name, levels, error);
}

static const char * const export_formats[] = { "non", NULL };

static char *
nonogram_export_level (gconstpointer   data,
                       const char     *format,
                       const char     *name,
                       const char     *notes,
                       GError        **error)
{
  if (g_strcmp0 (format, "non") == 0)
    return _pw_nonogram_to_non (data, name, notes);
  g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
               _("nonograms are not written as “%s”"), format);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Edits                                                                */

/* Where cell (x, y) goes, and the size after. */
static gpointer
nonogram_transform (gconstpointer data,
                    PwTransform   transform)
{
  const PwNonogramLevel *level = data;
  gboolean turn = pw_transform_turns (transform);
  guint w = level->width, h = level->height;
  guint nw = turn ? h : w, nh = turn ? w : h;
  PwNonogramLevel *out = g_new0 (PwNonogramLevel, 1);

  out->width = nw;
  out->height = nh;
  if (level->grid != NULL)
    {
      out->grid = g_new0 (guint8, w * h);
      for (guint y = 0; y < h; y++)
        for (guint x = 0; x < w; x++)
          {
            guint nx, ny;

            pw_transform_point (transform, w, h, x, y, &nx, &ny);
            out->grid[ny * nw + nx] = level->grid[y * w + x];
          }
    }
  if (level->clues != NULL)
    {
      guint n_lines = w + h;
      g_autofree guint *counts = g_new (guint, n_lines);
      g_autoptr(GByteArray) numbers = g_byte_array_new ();

      /* each new line is an old line, maybe read backwards */
      for (guint l = 0; l < n_lines; l++)
        {
          gboolean row = l < nh;
          guint i = row ? l : l - nh, source;
          gboolean backwards;
          const guint8 *clue;
          guint k;

          switch (transform)
            {
            case PW_TRANSFORM_MIRROR_LEFT_RIGHT:
              source = row ? i : h + (w - 1 - i), backwards = row;
              break;
            case PW_TRANSFORM_MIRROR_TOP_BOTTOM:
              source = row ? h - 1 - i : h + i, backwards = !row;
              break;
            case PW_TRANSFORM_ROTATE_CLOCKWISE:
              source = row ? h + i : h - 1 - i, backwards = row;
              break;
            case PW_TRANSFORM_ROTATE_ANTICLOCKWISE:
            default:
              source = row ? h + (w - 1 - i) : i, backwards = !row;
              break;
            }
          clue = _pw_nono_clues_line (level->clues, source);
          k = _pw_nono_clues_count (level->clues, source);
          counts[l] = k;
          for (guint j = 0; j < k; j++)
            g_byte_array_append (numbers, &clue[backwards ? k - 1 - j : j], 1);
        }
      out->clues = _pw_nono_clues_new (n_lines, counts, numbers->data);
    }
  return out;
}

static gpointer
nonogram_resize (gconstpointer   data,
                 PwSide          side,
                 int             delta,
                 GError        **error)
{
  const PwNonogramLevel *level = data;
  gboolean across = side == PW_SIDE_LEFT || side == PW_SIDE_RIGHT;
  int w = level->width + (across ? delta : 0);
  int h = level->height + (across ? 0 : delta);
  int dx = side == PW_SIDE_LEFT ? delta : 0, dy = side == PW_SIDE_TOP ? delta : 0;
  PwNonogramLevel *out;

  if (w < 1 || h < 1 || w > PW_NONOGRAM_MAX_SIZE || h > PW_NONOGRAM_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("A nonogram is 1 to %d cells wide and high"), PW_NONOGRAM_MAX_SIZE);
      return NULL;
    }
  out = g_new0 (PwNonogramLevel, 1);
  out->width = w;
  out->height = h;
  if (level->grid != NULL)
    {
      /* new cells white */
      out->grid = g_new0 (guint8, w * h);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            int ox = x - dx, oy = y - dy;

            if (ox >= 0 && oy >= 0 && ox < (int) level->width && oy < (int) level->height)
              out->grid[y * w + x] = level->grid[oy * level->width + ox];
          }
      if (level->clues != NULL)
        out->clues = _pw_nono_clues_of_grid (out->grid, w, h);
    }
  else
    {
      /* clues only: new lines are empty (their cells white), lines across
       * keep their clues; removed lines go with theirs */
      guint n_lines = w + h;
      g_autofree guint *counts = g_new (guint, n_lines);
      g_autoptr(GByteArray) numbers = g_byte_array_new ();

      for (guint l = 0; l < n_lines; l++)
        {
          gboolean row = l < (guint) h;
          int i = row ? (int) l : (int) l - h;
          int old = row ? i - dy : i - dx;
          int old_n = row ? (int) level->height : (int) level->width;

          counts[l] = 0;
          if (old >= 0 && old < old_n)
            {
              guint source = row ? (guint) old : level->height + old;

              counts[l] = _pw_nono_clues_count (level->clues, source);
              g_byte_array_append (numbers, _pw_nono_clues_line (level->clues, source),
                                   counts[l]);
            }
        }
      out->clues = _pw_nono_clues_new (n_lines, counts, numbers->data);
    }
  return out;
}

static char *
nonogram_describe_size (gconstpointer data)
{
  const PwNonogramLevel *level = data;

  return g_strdup_printf ("%u×%u", level->width, level->height);
}

/* "3 1 2", or "0" for a line without blocks. */
static char *
clue_to_string (const guint8 *clue,
                guint         k)
{
  GString *text = g_string_new (NULL);

  for (guint j = 0; j < k; j++)
    g_string_append_printf (text, "%s%u", j > 0 ? " " : "", clue[j]);
  if (k == 0)
    g_string_append_c (text, '0');
  return g_string_free (text, FALSE);
}

static PwProblem *
line_problem (const PwNonogramLevel *level,
              guint                  line,
              const char            *row_format,
              const char            *column_format,
              ...) G_GNUC_NULL_TERMINATED;

/* A problem on a whole line: x = -1 for a row, y = -1 for a column. */
static PwProblem *
line_problem (const PwNonogramLevel *level,
              guint                  line,
              const char            *row_format,
              const char            *column_format,
              ...)
{
  gboolean row = line < level->height;
  guint i = row ? line : line - level->height;
  PwProblem *problem = pw_problem_new_cell (row ? -1 : (int) i, row ? (int) i : -1, "%s", "");
  va_list args;

  g_free (problem->message);
  va_start (args, column_format);
  problem->message = g_strdup_vprintf (row ? row_format : column_format, args);
  va_end (args);
  return problem;
}

/* Clues that cannot fit their line, and lines of the picture that do
 * not give their clues. Clues with no solution otherwise are not a
 * problem: the analysis says there is none. */
static GPtrArray *
nonogram_validate (gconstpointer data)
{
  const PwNonogramLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  g_autoptr(PwNonoClues) picture = NULL;

  if (level->clues == NULL)
    return problems;
  if (level->grid != NULL)
    picture = _pw_nono_clues_of_grid (level->grid, level->width, level->height);
  for (guint l = 0; l < level->clues->n_lines; l++)
    {
      const guint8 *clue = _pw_nono_clues_line (level->clues, l);
      guint k = _pw_nono_clues_count (level->clues, l), need = 0;
      guint len = l < level->height ? level->width : level->height;
      g_autofree char *text = clue_to_string (clue, k);

      for (guint j = 0; j < k; j++)
        need += clue[j] + (j > 0);
      if (need > len)
        {
          g_autofree char *n = g_strdup_printf ("%u", need);

          g_ptr_array_add (problems,
                           line_problem (level, l,
                                         _("Row %u: the clues %s need %s cells; the row has %u"),
                                         _("Column %u: the clues %s need %s cells; the column "
                                           "has %u"),
                                         (l < level->height ? l : l - level->height) + 1, text, n,
                                         len, NULL));
          continue;
        }
      if (picture != NULL &&
          (k != _pw_nono_clues_count (picture, l) ||
           memcmp (clue, _pw_nono_clues_line (picture, l), k) != 0))
        {
          g_autofree char *painted = clue_to_string (_pw_nono_clues_line (picture, l),
                                                     _pw_nono_clues_count (picture, l));

          g_ptr_array_add (problems,
                           line_problem (level, l,
                                         _("Row %u: the picture gives %s; the clues say %s"),
                                         _("Column %u: the picture gives %s; the clues say %s"),
                                         (l < level->height ? l : l - level->height) + 1,
                                         painted, text, NULL));
        }
    }
  return problems;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

#define NONOGRAM_FIGURES(X)                                                                      \
  X (SOLUTIONS,     "solutions",         N_("Solutions"),                         PW_FIGURE_INT)    \
  X (CAPPED,        "capped",            N_("Count stopped at the cap"),          PW_FIGURE_BOOL)   \
  X (UNIQUE,        "unique",            N_("Unique"),                            PW_FIGURE_BOOL)   \
  X (LINE_SOLVABLE, "line_solvable",     N_("Solvable line by line"),             PW_FIGURE_BOOL)   \
  X (GRADE,         "grade",             N_("Grade (line passes, probing depth)"), PW_FIGURE_LIST)  \
  X (DIFFICULTY,    "difficulty",        N_("Difficulty (mean nodes)"),           PW_FIGURE_DOUBLE) \
  X (DIFFICULTY_SD, "difficulty_sd",     N_("Difficulty (standard deviation)"),   PW_FIGURE_DOUBLE) \
  X (METHOD,        "difficulty_method", N_("Difficulty measured with"),          PW_FIGURE_STRING) \
  X (NODES,         "nodes",             N_("Nodes to prove the count"),          PW_FIGURE_INT)    \
  X (UNDECIDED,     "undecided_cells",   N_("Cells line logic cannot decide"),    PW_FIGURE_CELLS)  \
  X (DIFFERING,     "differing_cells",   N_("Cells where two solutions differ"),  PW_FIGURE_CELLS)  \
  X (SOLUTION,      "solution",          N_("Solution"),                          PW_FIGURE_GRID)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { NONOGRAM_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, label, type) { key, label, type },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo nonogram_figures[] = { NONOGRAM_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (nonogram_figures[FIG_##id].key)

/* What the editor shows first: the count, the line logic and the grade
 * take a fraction of a second where the difficulty's 50 searches take
 * seconds on a large picture that line logic cannot finish. */
static const char * const first_look[] = { "solutions", "capped", "unique", "line_solvable",
                                           "grade", "nodes", "undecided_cells",
                                           "differing_cells", "solution", NULL };

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

/* A seed per run of the multiple method, spread over 64 bits. */
static guint64
run_seed (guint64 seed,
          guint   run)
{
  guint64 z = seed + (run + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* The multiple method: mean and standard deviation of the nodes a
 * probing search branching on random cells needs to find a solution and
 * settle uniqueness (count to 2), over @runs seeded orders. FALSE when
 * cancelled; *@limited when the budget (line solves) stopped a run. */
static gboolean
measure (PwNonoSolver  *solver,
         guint64        seed,
         guint          runs,
         guint64        budget,
         double        *mean,
         double        *sd,
         gboolean      *limited,
         GCancellable  *cancellable,
         GError       **error)
{
  g_autofree guint64 *nodes = g_new0 (guint64, runs);
  guint64 start = _pw_nono_solver_line_solves (solver);
  double sum = 0, squares = 0;

  *limited = FALSE;
  for (guint r = 0; r < runs; r++)
    {
      PwNonoSearch search;
      PwNonoResult result;
      guint64 spent = _pw_nono_solver_line_solves (solver) - start;

      _pw_nono_search_init (&search);
      search.max_solutions = 2;
      search.max_line_solves = budget > spent ? budget - spent : 1;
      search.random_order = TRUE;
      search.seed = run_seed (seed, r);
      search.cancellable = cancellable;
      if (!_pw_nono_solve (solver, &search, &result, error))
        return FALSE;
      if (result.node_limit)
        {
          *limited = TRUE;
          return TRUE;
        }
      nodes[r] = result.nodes;
      sum += result.nodes;
    }
  *mean = sum / runs;
  for (guint r = 0; r < runs; r++)
    squares += (nodes[r] - *mean) * (nodes[r] - *mean);
  *sd = runs > 1 ? sqrt (squares / (runs - 1)) : 0;
  return TRUE;
}

static gboolean
wants_any (const PwAnalyseOptions *options,
           const char             *a,
           const char             *b,
           const char             *c)
{
  return pw_analyse_options_wants (options, a) || (b && pw_analyse_options_wants (options, b)) ||
         (c && pw_analyse_options_wants (options, c));
}

static PwAnalysis *
nonogram_analyse (gconstpointer           data,
                  const PwAnalyseOptions *options,
                  PwProgressFunc          progress,
                  gpointer                progress_data,
                  GCancellable           *cancellable,
                  GError                **error)
{
  const PwNonogramLevel *level = data;
  g_autoptr(GPtrArray) problems = nonogram_validate (level);
  g_autoptr(PwNonoClues) clues = NULL;
  g_autoptr(PwNonoSolver) solver = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autofree guint8 *first = NULL;
  g_autofree guint8 *second = NULL;
  guint w = level->width, h = level->height, cells = w * h;
  guint64 cap = MAX (options->max_solutions, 1);
  guint64 total = MAX (options->max_states, 4);
  PwNonoSearch search;
  PwNonoResult counted;
  JsonObject *figures;
  gboolean partial = FALSE;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  clues = _pw_nonogram_level_clues (level);
  solver = _pw_nono_solver_new (w, h, clues);
  _pw_nono_solver_set_deadline (solver, options->deadline);
  analysis = pw_analysis_new (pw_nonogram_kind.id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, nonogram_figures[f].key);

  /* the count, with the first two solutions */
  first = g_new0 (guint8, cells);
  second = g_new0 (guint8, cells);
  _pw_nono_search_init (&search);
  search.max_solutions = cap + 1;
  search.max_line_solves = total / 4;
  search.first = first;
  search.second = second;
  search.cancellable = cancellable;
  if (!_pw_nono_solve (solver, &search, &counted, error))
    return NULL;
  pw_analyse_options_trace (options, "count: %" G_GUINT64_FORMAT " solutions, %" G_GUINT64_FORMAT
         " nodes, %" G_GUINT64_FORMAT " line solves, %.3f s", counted.solutions, counted.nodes,
         _pw_nono_solver_line_solves (solver), g_timer_elapsed (timer, NULL));
  if (progress)
    progress (_pw_nono_solver_line_solves (solver), progress_data);
  if (counted.solutions > 0)
    json_object_set_array_member (figures, FIG (SOLUTION), pw_figure_rows_u8 (first, w, h));
  if (counted.solutions > 1)
    {
      g_autofree guint8 *differ = g_new (guint8, cells);

      for (guint c = 0; c < cells; c++)
        differ[c] = first[c] != second[c];
      json_object_set_array_member (figures, FIG (DIFFERING), pw_figure_cells_where (differ, w, w * h));
    }
  if (counted.node_limit)
    partial = TRUE;
  else
    {
      json_object_set_int_member (figures, FIG (SOLUTIONS), MIN (counted.solutions, cap));
      json_object_set_boolean_member (figures, FIG (CAPPED), counted.solutions > cap);
      json_object_set_boolean_member (figures, FIG (UNIQUE), counted.solutions == 1);
      json_object_set_int_member (figures, FIG (NODES), counted.nodes);
    }

  /* line logic and probing */
  if (wants_any (options, FIG (LINE_SOLVABLE), FIG (GRADE), FIG (UNDECIDED)))
    {
      g_autofree guint8 *undecided = g_new0 (guint8, cells);
      PwNonoGrade grade = { 0 };

      grade.undecided = undecided;
      if (!_pw_nono_grade (solver, total / 4, &grade, cancellable, error))
        return NULL;
      json_object_set_boolean_member (figures, FIG (LINE_SOLVABLE), grade.line_solvable);
      json_object_set_array_member (figures, FIG (UNDECIDED), pw_figure_cells_where (undecided, w, w * h));
      if (grade.limited)
        partial = TRUE;
      else if (!counted.node_limit && counted.solutions == 1)
        {
          JsonArray *pair = json_array_new ();

          json_array_add_int_element (pair, grade.passes);
          json_array_add_int_element (pair, grade.depth);
          json_object_set_array_member (figures, FIG (GRADE), pair);
        }
      pw_analyse_options_trace (options, "grade: %u passes, depth %u, line solvable %s", grade.passes, grade.depth,
             grade.line_solvable ? "yes" : "no");
    }

  /* difficulty: the multiple method */
  if (wants_any (options, FIG (DIFFICULTY), FIG (DIFFICULTY_SD), FIG (METHOD)))
    {
      double mean = 0, sd = 0;
      gboolean limited;
      guint runs = MAX (options->search_runs, 1);

      if (!measure (solver, options->seed, runs, total / 2, &mean, &sd, &limited, cancellable,
                    error))
        return NULL;
      if (limited)
        partial = TRUE;
      else
        {
          g_autofree char *method = NULL;

          json_object_set_double_member (figures, FIG (DIFFICULTY), round (mean * 100) / 100);
          json_object_set_double_member (figures, FIG (DIFFICULTY_SD), round (sd * 100) / 100);
          /* Translators: how the difficulty figure was measured */
          method = g_strdup_printf (_("mean nodes over %u random orders (line solving and "
                                      "probing, random cell, count to 2)"), runs);
          json_object_set_string_member (figures, FIG (METHOD), method);
        }
      if (progress)
        progress (_pw_nono_solver_line_solves (solver), progress_data);
    }

  if (partial)
    pw_analysis_set_partial (analysis, _("the work budget (line solves) ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* The kind table                                                       */

static const PwGenerateParam generate_params[] = {
  { "size", N_("WxH"), N_("grid width by height, 1 to 100 each (default 10x10)") },
  { "density", N_("F"), N_("share of black cells in the random picture, 0 to 1 (default 0.5)") },
  { "line_solvable", N_("true|false"),
    N_("keep refining until line solving alone solves it (default false)") },
  { "picture", N_("ROWS"),
    N_("start from this picture instead of a random one: rows of # and . separated by /") },
};

/* The grade [passes, depth] in the list: the depth by name, the passes
 * after it; sorted by depth, then passes. */
static gboolean
grade_of (JsonNode *value,
          gint64   *passes,
          gint64   *depth)
{
  JsonArray *pair;

  if (!JSON_NODE_HOLDS_ARRAY (value))
    return FALSE;
  pair = json_node_get_array (value);
  if (json_array_get_length (pair) != 2)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      JsonNode *element = json_array_get_element (pair, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_INT64 ||
          json_node_get_int (element) < 0 || json_node_get_int (element) > G_MAXINT32)
        return FALSE;
    }
  *passes = json_array_get_int_element (pair, 0);
  *depth = json_array_get_int_element (pair, 1);
  return *depth <= 2;
}

static char *
grade_text (JsonObject *figures,
            JsonNode   *value)
{
  gint64 passes, depth;

  if (!grade_of (value, &passes, &depth))
    return NULL;
  /* Translators: the level list's grade of a nonogram: how it is solved
   * (line logic alone, with probing, search), then the full passes line
   * solving made, as in "probing (5)" */
  if (depth == 0)
    return g_strdup_printf (_("line (%u)"), (guint) passes);
  if (depth == 1)
    return g_strdup_printf (_("probing (%u)"), (guint) passes);
  return g_strdup_printf (_("search (%u)"), (guint) passes);
}

static double
grade_sort (JsonNode *value)
{
  gint64 passes, depth;

  return grade_of (value, &passes, &depth) ? (double) depth * 1e10 + (double) passes : NAN;
}

/* The level list: is it a proper puzzle, can it be solved line by line,
 * how it is solved, how much work for a solver. */
static const PwListColumn nonogram_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "line_solvable", N_("Line"), N_("Solvable line by line, without guessing"),
    PW_COLUMN_YES_NO },
  { "grade", N_("Grade"),
    N_("Grade: solved by line logic alone, with probing, or by search; in brackets, the full "
       "passes of line solving"),
    PW_COLUMN_CUSTOM, grade_text, grade_sort },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_DECIMAL },
};

const PwKind pw_nonogram_kind = {
  .id = "nonogram",
  .name = N_("Nonogram"),
  .new_default = nonogram_new_default,
  .copy = nonogram_copy,
  .free = nonogram_free,
  .equal = nonogram_equal,
  .canonical_form = _pw_nonogram_canonical_form,
  .from_json = nonogram_from_json,
  .to_json = nonogram_to_json,
  .from_text = nonogram_from_text,
  .to_text = nonogram_to_text,
  .import_named = nonogram_import_named,
  .export_formats = export_formats,
  .export_level = nonogram_export_level,
  .transform = nonogram_transform,
  .resize = nonogram_resize,
  .describe_size = nonogram_describe_size,
  .validate = nonogram_validate,
  .to_xcsp3 = _pw_nonogram_to_xcsp3,
  .from_xcsp3 = _pw_nonogram_from_xcsp3,
  .figures = nonogram_figures,
  .n_figures = N_FIGURES,
  .first_look = first_look,
  .list_columns = nonogram_columns,
  .n_list_columns = G_N_ELEMENTS (nonogram_columns),
  .solvable_figure = "solutions",
  .progress_unit = N_("line solves"),
  .analyse = nonogram_analyse,
  .generate_params = generate_params,
  .n_generate_params = G_N_ELEMENTS (generate_params),
  .generate = _pw_nonogram_generate,
};
