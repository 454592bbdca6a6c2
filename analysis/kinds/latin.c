/* latin.c — the number-placement kinds: sudoku, latin, futoshiki
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One level model (latin-private.h) and one engine (numgrid.h) serve the
 * three kinds, as Tatham's latin.c serves Solo, Unequal and Towers.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "latin-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"
#include "techniques.h"

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

PwLatinLevel *
_pw_latin_level_new (PwLatinVariant variant,
                     guint          n,
                     guint          box_rows,
                     guint          box_cols)
{
  PwLatinLevel *level;

  g_return_val_if_fail (n >= 1 && n <= PW_NUMGRID_MAX_VALUES, NULL);
  g_return_val_if_fail (variant != PW_LATIN_SUDOKU || box_rows * box_cols == n, NULL);

  level = g_new0 (PwLatinLevel, 1);
  level->variant = variant;
  level->n = n;
  level->givens = g_new0 (guint8, n * n);
  if (variant == PW_LATIN_SUDOKU)
    {
      level->box_rows = box_rows;
      level->box_cols = box_cols;
      level->regions = g_new0 (guint8, n * n);
      _pw_latin_level_set_boxes (level);
    }
  if (variant == PW_LATIN_FUTOSHIKI)
    level->signs = g_new0 (guint8, n * n);
  return level;
}

PwLatinLevel *
_pw_latin_level_copy (const PwLatinLevel *level)
{
  PwLatinLevel *copy;
  guint cells;

  g_return_val_if_fail (level != NULL, NULL);

  cells = level->n * level->n;
  copy = g_memdup2 (level, sizeof *level);
  copy->givens = g_memdup2 (level->givens, cells);
  copy->regions = level->regions ? g_memdup2 (level->regions, cells) : NULL;
  copy->signs = level->signs ? g_memdup2 (level->signs, cells) : NULL;
  return copy;
}

void
_pw_latin_level_free (PwLatinLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->givens);
  g_free (level->regions);
  g_free (level->signs);
  g_free (level);
}

static gboolean
same_bytes (const guint8 *a,
            const guint8 *b,
            guint         n)
{
  if (a == NULL || b == NULL)
    return a == b;
  return memcmp (a, b, n) == 0;
}

gboolean
_pw_latin_level_equal (const PwLatinLevel *a,
                       const PwLatinLevel *b)
{
  guint cells;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->variant != b->variant || a->n != b->n || a->box_rows != b->box_rows ||
      a->box_cols != b->box_cols || a->jigsaw != b->jigsaw || a->diagonals != b->diagonals)
    return FALSE;
  cells = a->n * a->n;
  return same_bytes (a->givens, b->givens, cells) && same_bytes (a->regions, b->regions, cells) &&
         same_bytes (a->signs, b->signs, cells);
}

void
_pw_latin_level_set_boxes (PwLatinLevel *level)
{
  guint n = level->n;

  g_return_if_fail (level->regions != NULL);
  g_return_if_fail (level->box_rows * level->box_cols == n);

  /* boxes in reading order: n / box_cols boxes across */
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      level->regions[y * n + x] =
        (y / level->box_rows) * (n / level->box_cols) + x / level->box_cols;
}

/* ------------------------------------------------------------------ */
/* The engine's problem                                                 */

PwNumGrid *
_pw_latin_build_grid (const PwLatinLevel *level)
{
  guint n = level->n;
  PwNumGrid *grid = pw_numgrid_new (n, n, n);
  g_autofree guint *cells = g_new (guint, n);

  for (guint y = 0; y < n; y++)
    {
      for (guint x = 0; x < n; x++)
        cells[x] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_ROW, y, cells, n);
    }
  for (guint x = 0; x < n; x++)
    {
      for (guint y = 0; y < n; y++)
        cells[y] = y * n + x;
      pw_numgrid_add_unit (grid, PW_UNIT_COLUMN, x, cells, n);
    }
  if (level->regions != NULL)
    for (guint r = 0; r < n; r++)
      {
        guint k = 0;

        for (guint c = 0; c < n * n && k < n; c++)
          if (level->regions[c] == r)
            cells[k++] = c;
        pw_numgrid_add_unit (grid, level->jigsaw ? PW_UNIT_REGION : PW_UNIT_BOX, r, cells, k);
      }
  if (level->diagonals)
    {
      for (guint i = 0; i < n; i++)
        cells[i] = i * n + i;
      pw_numgrid_add_unit (grid, PW_UNIT_DIAGONAL, 0, cells, n);
      for (guint i = 0; i < n; i++)
        cells[i] = i * n + (n - 1 - i);
      pw_numgrid_add_unit (grid, PW_UNIT_DIAGONAL, 1, cells, n);
    }
  if (level->signs != NULL)
    for (guint y = 0; y < n; y++)
      for (guint x = 0; x < n; x++)
        {
          guint c = y * n + x;
          guint8 s = level->signs[c];

          if (x + 1 < n && (s & PW_SIGN_RIGHT_LESS))
            pw_numgrid_add_less (grid, c, c + 1);
          if (x + 1 < n && (s & PW_SIGN_RIGHT_GREATER))
            pw_numgrid_add_less (grid, c + 1, c);
          if (y + 1 < n && (s & PW_SIGN_DOWN_LESS))
            pw_numgrid_add_less (grid, c, c + n);
          if (y + 1 < n && (s & PW_SIGN_DOWN_GREATER))
            pw_numgrid_add_less (grid, c + n, c);
        }
  for (guint c = 0; c < n * n; c++)
    if (level->givens[c] != 0 && level->givens[c] <= n)
      pw_numgrid_set_given (grid, c, level->givens[c]);
  return grid;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

static char *technique_display  (JsonNode *value);
static char *techniques_display (JsonNode *value);

/* id, key, label, type, and how it reads for people when its type cannot
 * say it (NULL: the type's way) */
#define LATIN_FIGURES(X)                                                                         \
  X (SOLUTIONS,       "solutions",          N_("Solutions"),                       PW_FIGURE_INT, NULL)    \
  X (CAPPED,          "capped",             N_("Count stopped at the cap"),         PW_FIGURE_BOOL, NULL)   \
  X (UNIQUE,          "unique",             N_("Unique"),                           PW_FIGURE_BOOL, NULL)   \
  X (GIVENS,          "givens",             N_("Givens"),                           PW_FIGURE_INT, NULL)    \
  X (GRADE,           "grade",              N_("Grade"),                            PW_FIGURE_DOUBLE, NULL) \
  X (HARDEST,         "hardest_technique",  N_("Hardest technique"),                PW_FIGURE_STRING, technique_display) \
  X (TECHNIQUES,      "techniques",         N_("Techniques used"),                  PW_FIGURE_COUNTS, techniques_display) \
  X (TRIAL_DEPTH,     "trial_depth",        N_("Depth of trial needed"),            PW_FIGURE_INT, NULL)    \
  X (DIFFICULTY,      "difficulty",         N_("Difficulty (mean nodes)"),          PW_FIGURE_DOUBLE, NULL) \
  X (DIFFICULTY_SD,   "difficulty_sd",      N_("Difficulty (standard deviation)"),  PW_FIGURE_DOUBLE, NULL) \
  X (METHOD,          "difficulty_method",  N_("Difficulty measured with"),         PW_FIGURE_STRING, NULL) \
  X (NODES,           "nodes",              N_("Nodes to prove the count"),         PW_FIGURE_INT, NULL)    \
  X (MINIMAL,         "minimal",            N_("Minimal (no given can go)"),        PW_FIGURE_BOOL, NULL)   \
  X (REDUNDANT,       "redundant_givens",   N_("Givens that can go"),               PW_FIGURE_CELLS, NULL)  \
  X (CONFLICTS,       "conflicts",          N_("Givens that clash"),                PW_FIGURE_CELLS, NULL)  \
  X (DIFFERING,       "differing_cells",    N_("Cells where two solutions differ"), PW_FIGURE_CELLS, NULL)  \
  X (SOLUTION,        "solution",           N_("Solution"),                         PW_FIGURE_GRID, NULL)

#define AS_ENUM(id, key, label, type, display) FIG_##id,
enum { LATIN_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, label, type, display) { key, label, type, display },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo latin_figures[] = { LATIN_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (latin_figures[FIG_##id].key)

/* What the editor shows first: the count and its solution; the grading,
 * the difficulty's searches and the minimality (a count a given) take
 * seconds on large grids. */
static const char * const first_look[] = { "solutions", "capped", "unique", "givens", "nodes",
                                           "conflicts", "differing_cells", "solution", NULL };

/* A technique's key ("x_wing") as its translated name ("X-Wing"). */
static const char *
technique_name_of (const char *key)
{
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (g_str_equal (pw_technique_key (t), key))
      return pw_technique_name (t);
  return key;
}

static char *
technique_display (JsonNode *value)
{
  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    return NULL;
  return g_strdup (technique_name_of (json_node_get_string (value)));
}

/* "Hidden single 34, X-Wing 1", in the order of difficulty. */
static char *
techniques_display (JsonNode *value)
{
  JsonObject *counts;
  GString *text;

  if (!JSON_NODE_HOLDS_OBJECT (value))
    return NULL;
  counts = json_node_get_object (value);
  text = g_string_new (NULL);
  for (guint t = 0; t < PW_N_TECHNIQUES; t++)
    if (json_object_has_member (counts, pw_technique_key (t)))
      g_string_append_printf (text, "%s%s\u00a0%" G_GINT64_FORMAT, text->len ? ", " : "",
                              pw_technique_name (t),
                              json_object_get_int_member (counts, pw_technique_key (t)));
  if (text->len == 0)
    g_string_append (text, _("none"));
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* The kind table's level functions                                     */

static gpointer
sudoku_new_default (void)
{
  return _pw_latin_level_new (PW_LATIN_SUDOKU, 9, 3, 3);
}

static gpointer
latin_new_default (void)
{
  return _pw_latin_level_new (PW_LATIN_LATIN, 5, 0, 0);
}

static gpointer
futoshiki_new_default (void)
{
  return _pw_latin_level_new (PW_LATIN_FUTOSHIKI, 5, 0, 0);
}

static gpointer
latin_copy (gconstpointer data)
{
  return _pw_latin_level_copy (data);
}

static void
latin_free (gpointer data)
{
  _pw_latin_level_free (data);
}

static gboolean
latin_equal (gconstpointer a,
             gconstpointer b)
{
  return _pw_latin_level_equal (a, b);
}

static guint
max_size (PwLatinVariant variant)
{
  switch (variant)
    {
    case PW_LATIN_SUDOKU:
      return PW_SUDOKU_MAX_N;
    case PW_LATIN_LATIN:
      return PW_LATIN_MAX_N;
    case PW_LATIN_FUTOSHIKI:
    default:
      return PW_FUTOSHIKI_MAX_N;
    }
}

/* ------------------------------------------------------------------ */
/* The payload                                                          */

static void
bad_value (const char  *member,
           guint        row,
           guint        column,
           const char  *token,
           guint        max,
           gboolean     blank_ok,
           GError     **error)
{
  if (blank_ok)
    g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                 _("payload.%s: row %u, column %u: “%s” is neither a blank nor a value from 1 to "
                   "%u"), member, row + 1, column + 1, token, max);
  else
    g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                 _("payload.%s: row %u, column %u: “%s” is not a number from 1 to %u"), member,
                 row + 1, column + 1, token, max);
}

/* Reads one row of numbers: n characters ('.' or '0' blank) when n ≤ 9
 * and the row has no spaces, else n whitespace-separated tokens. Values
 * 0..@max (0 blank; @blank_ok FALSE refuses blanks). */
static gboolean
row_from_string (const char  *text,
                 guint        n,
                 guint        max,
                 gboolean     blank_ok,
                 const char  *member,
                 guint        row,
                 guint8      *out,
                 GError     **error)
{
  if (n <= 9 && strlen (text) == n && strchr (text, ' ') == NULL)
    {
      for (guint x = 0; x < n; x++)
        {
          char c = text[x];

          if ((c == '.' || c == '0') && blank_ok)
            out[x] = 0;
          else if (c >= '1' && c <= '9' && (guint) (c - '0') <= max)
            out[x] = c - '0';
          else
            {
              g_autofree char *token = g_strndup (&text[x], 1);

              bad_value (member, row, x, token, max, blank_ok, error);
              return FALSE;
            }
        }
      return TRUE;
    }
  else
    {
      g_auto(GStrv) tokens = g_strsplit_set (text, " \t", -1);
      guint x = 0;

      for (guint i = 0; tokens[i] != NULL; i++)
        {
          guint64 value;

          if (tokens[i][0] == '\0')
            continue;
          if (x == n)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.%s: row %u has more than %u cells"), member, row + 1, n);
              return FALSE;
            }
          if (blank_ok && (g_str_equal (tokens[i], ".") || g_str_equal (tokens[i], "0")))
            value = 0;
          else if (!g_ascii_string_to_unsigned (tokens[i], 10, 1, max, &value, NULL))
            {
              bad_value (member, row, x, tokens[i], max, blank_ok, error);
              return FALSE;
            }
          out[x++] = (guint8) value;
        }
      if (x != n)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.%s: row %u has %u cells; a row of this level has %u"),
                       member, row + 1, x, n);
          return FALSE;
        }
      return TRUE;
    }
}

/* The inverse of row_from_string: characters for n ≤ 9, else numbers
 * right-aligned to the width of n, one space apart. */
static char *
row_to_string (const guint8 *values,
               guint         n)
{
  GString *text = g_string_new (NULL);

  if (n <= 9)
    for (guint x = 0; x < n; x++)
      g_string_append_c (text, values[x] ? '0' + values[x] : '.');
  else
    {
      int width = n >= 100 ? 3 : 2;

      for (guint x = 0; x < n; x++)
        {
          if (x > 0)
            g_string_append_c (text, ' ');
          if (values[x])
            g_string_append_printf (text, "%*u", width, values[x]);
          else
            g_string_append_printf (text, "%*s", width, ".");
        }
    }
  return g_string_free (text, FALSE);
}

static gboolean
grid_from_json (JsonObject  *object,
                const char  *member,
                guint        n,
                guint        max,
                gboolean     blank_ok,
                guint8      *out,
                GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a list of %u row strings"), member, n);
      return FALSE;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s has %u rows; a level of size %u has %u"), member,
                   json_array_get_length (array), n, n);
      return FALSE;
    }
  for (guint y = 0; y < n; y++)
    {
      JsonNode *row = json_array_get_element (array, y);

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.%s row %u is not a string"), member, y + 1);
          return FALSE;
        }
      if (!row_from_string (json_node_get_string (row), n, max, blank_ok, member, y,
                            out + y * n, error))
        return FALSE;
    }
  return TRUE;
}

static JsonArray *
grid_to_json (const guint8 *values,
              guint         n)
{
  JsonArray *array = json_array_new ();

  for (guint y = 0; y < n; y++)
    {
      g_autofree char *row = row_to_string (values + y * n, n);

      json_array_add_string_element (array, row);
    }
  return array;
}

static gboolean
int_member (JsonObject  *object,
            const char  *member,
            gint64       min,
            gint64       max,
            gint64      *value,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 ||
      json_node_get_int (node) < min || json_node_get_int (node) > max)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a whole number from %d to %d"), member, (int) min,
                   (int) max);
      return FALSE;
    }
  *value = json_node_get_int (node);
  return TRUE;
}

static gboolean
check_members (JsonObject          *object,
               const char * const  *allowed,
               GError             **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("payload has an unknown member “%s”"), (const char *) l->data);
        return FALSE;
      }
  return TRUE;
}

/* "less_than": [[x, y, x2, y2], …]: the value at (x, y) is less than the
 * value at its orthogonal neighbour (x2, y2). */
static gboolean
signs_from_json (JsonObject    *object,
                 PwLatinLevel  *level,
                 GError       **error)
{
  JsonNode *node = json_object_get_member (object, "less_than");
  JsonArray *array;
  guint n = level->n;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.less_than must be a list of [x, y, x2, y2]"));
      return FALSE;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      JsonArray *four = JSON_NODE_HOLDS_ARRAY (item) ? json_node_get_array (item) : NULL;
      gint64 v[4];
      guint8 flag, opposite;
      guint cell;

      if (four == NULL || json_array_get_length (four) != 4)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.less_than[%u] must be a list [x, y, x2, y2]"), i);
          return FALSE;
        }
      for (guint k = 0; k < 4; k++)
        {
          JsonNode *e = json_array_get_element (four, k);

          if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_INT64 ||
              json_node_get_int (e) < 0 || json_node_get_int (e) >= n)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.less_than[%u]: coordinates are whole numbers from 0 to %u"),
                           i, n - 1);
              return FALSE;
            }
          v[k] = json_node_get_int (e);
        }
      /* stored on the upper or left cell of the pair */
      if (v[1] == v[3] && v[2] == v[0] + 1)
        cell = v[1] * n + v[0], flag = PW_SIGN_RIGHT_LESS, opposite = PW_SIGN_RIGHT_GREATER;
      else if (v[1] == v[3] && v[0] == v[2] + 1)
        cell = v[3] * n + v[2], flag = PW_SIGN_RIGHT_GREATER, opposite = PW_SIGN_RIGHT_LESS;
      else if (v[0] == v[2] && v[3] == v[1] + 1)
        cell = v[1] * n + v[0], flag = PW_SIGN_DOWN_LESS, opposite = PW_SIGN_DOWN_GREATER;
      else if (v[0] == v[2] && v[1] == v[3] + 1)
        cell = v[3] * n + v[2], flag = PW_SIGN_DOWN_GREATER, opposite = PW_SIGN_DOWN_LESS;
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.less_than[%u]: (%d, %d) and (%d, %d) are not neighbours"), i,
                       (int) v[0], (int) v[1], (int) v[2], (int) v[3]);
          return FALSE;
        }
      if (level->signs[cell] & (flag | opposite))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.less_than[%u]: the pair (%d, %d), (%d, %d) already has a sign"),
                       i, (int) v[0], (int) v[1], (int) v[2], (int) v[3]);
          return FALSE;
        }
      level->signs[cell] |= flag;
    }
  return TRUE;
}

static void
add_pair (JsonArray *array,
          guint      x,
          guint      y,
          guint      x2,
          guint      y2)
{
  JsonArray *four = json_array_new ();

  json_array_add_int_element (four, x);
  json_array_add_int_element (four, y);
  json_array_add_int_element (four, x2);
  json_array_add_int_element (four, y2);
  json_array_add_array_element (array, four);
}

static JsonArray *
signs_to_json (const PwLatinLevel *level)
{
  JsonArray *array = json_array_new ();
  guint n = level->n;

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint8 s = level->signs[y * n + x];

        if (s & PW_SIGN_RIGHT_LESS)
          add_pair (array, x, y, x + 1, y);
        if (s & PW_SIGN_RIGHT_GREATER)
          add_pair (array, x + 1, y, x, y);
        if (s & PW_SIGN_DOWN_LESS)
          add_pair (array, x, y, x, y + 1);
        if (s & PW_SIGN_DOWN_GREATER)
          add_pair (array, x, y + 1, x, y);
      }
  return array;
}

static PwLatinLevel *
level_from_json (PwLatinVariant   variant,
                 JsonNode        *payload,
                 GError         **error)
{
  static const char * const sudoku_members[] = {
    "size", "box_rows", "box_columns", "regions", "diagonals", "grid", NULL
  };
  static const char * const latin_members[] = { "size", "grid", NULL };
  static const char * const futoshiki_members[] = { "size", "grid", "less_than", NULL };
  g_autoptr(PwLatinLevel) level = NULL;
  JsonObject *object;
  gint64 n, box_rows = 0, box_cols = 0;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with a “size” and a “grid”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  if (!check_members (object, variant == PW_LATIN_SUDOKU ? sudoku_members
                              : variant == PW_LATIN_LATIN ? latin_members : futoshiki_members,
                      error))
    return NULL;
  if (!int_member (object, "size", variant == PW_LATIN_SUDOKU ? 1 : PW_LATIN_MIN_N,
                   max_size (variant), &n, error))
    return NULL;

  if (variant == PW_LATIN_SUDOKU)
    {
      JsonNode *diagonals = json_object_get_member (object, "diagonals");
      gboolean jigsaw = json_object_has_member (object, "regions");

      if (jigsaw && (json_object_has_member (object, "box_rows") ||
                     json_object_has_member (object, "box_columns")))
        {
          g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                               _("payload has both boxes and jigsaw regions: give one"));
          return NULL;
        }
      if (!jigsaw)
        {
          if (!int_member (object, "box_rows", 1, n, &box_rows, error) ||
              !int_member (object, "box_columns", 1, n, &box_cols, error))
            return NULL;
          if (box_rows * box_cols != n)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload: boxes of %d × %d cells do not make a grid of size %d"),
                           (int) box_rows, (int) box_cols, (int) n);
              return NULL;
            }
        }
      else
        {
          /* any shape will do for the allocation: the regions replace it */
          box_rows = 1;
          box_cols = n;
        }
      level = _pw_latin_level_new (variant, n, box_rows, box_cols);
      if (jigsaw)
        {
          level->jigsaw = TRUE;
          level->box_rows = level->box_cols = 0;
          if (!grid_from_json (object, "regions", n, n, FALSE, level->regions, error))
            return NULL;
          for (guint c = 0; c < n * n; c++)
            level->regions[c]--;
          _pw_latin_level_number_regions (level);
        }
      if (diagonals != NULL)
        {
          if (!JSON_NODE_HOLDS_VALUE (diagonals) ||
              json_node_get_value_type (diagonals) != G_TYPE_BOOLEAN)
            {
              g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                                   _("payload.diagonals must be true or false"));
              return NULL;
            }
          level->diagonals = json_node_get_boolean (diagonals);
        }
    }
  else
    level = _pw_latin_level_new (variant, n, 0, 0);

  if (!grid_from_json (object, "grid", n, n, TRUE, level->givens, error))
    return NULL;
  if (variant == PW_LATIN_FUTOSHIKI && !signs_from_json (object, level, error))
    return NULL;
  return g_steal_pointer (&level);
}

static gpointer
sudoku_from_json (JsonNode  *payload,
                  GError   **error)
{
  return level_from_json (PW_LATIN_SUDOKU, payload, error);
}

static gpointer
latin_from_json (JsonNode  *payload,
                 GError   **error)
{
  return level_from_json (PW_LATIN_LATIN, payload, error);
}

static gpointer
futoshiki_from_json (JsonNode  *payload,
                     GError   **error)
{
  return level_from_json (PW_LATIN_FUTOSHIKI, payload, error);
}

static JsonNode *
latin_to_json (gconstpointer data)
{
  const PwLatinLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  guint n = level->n;

  json_object_set_int_member (object, "size", n);
  if (level->variant == PW_LATIN_SUDOKU)
    {
      if (level->jigsaw)
        {
          g_autofree guint8 *numbers = g_new (guint8, n * n);

          for (guint c = 0; c < n * n; c++)
            numbers[c] = level->regions[c] + 1;
          json_object_set_array_member (object, "regions", grid_to_json (numbers, n));
        }
      else
        {
          json_object_set_int_member (object, "box_rows", level->box_rows);
          json_object_set_int_member (object, "box_columns", level->box_cols);
        }
      json_object_set_boolean_member (object, "diagonals", level->diagonals);
    }
  json_object_set_array_member (object, "grid", grid_to_json (level->givens, n));
  if (level->variant == PW_LATIN_FUTOSHIKI)
    json_object_set_array_member (object, "less_than", signs_to_json (level));
  json_node_take_object (node, object);
  return node;
}

/* ------------------------------------------------------------------ */
/* Edits                                                                */

/* Marks value(@a) < value(@b) for orthogonal neighbours a, b; FALSE when
 * they are not neighbours. */
gboolean
_pw_latin_level_set_less (PwLatinLevel *level,
                          guint         a,
                          guint         b)
{
  guint n = level->n;
  guint ax = a % n, ay = a / n, bx = b % n, by = b / n;

  g_return_val_if_fail (level->signs != NULL, FALSE);

  if (ay == by && bx == ax + 1)
    level->signs[a] = (level->signs[a] & ~PW_SIGN_RIGHT_GREATER) | PW_SIGN_RIGHT_LESS;
  else if (ay == by && ax == bx + 1)
    level->signs[b] = (level->signs[b] & ~PW_SIGN_RIGHT_LESS) | PW_SIGN_RIGHT_GREATER;
  else if (ax == bx && by == ay + 1)
    level->signs[a] = (level->signs[a] & ~PW_SIGN_DOWN_GREATER) | PW_SIGN_DOWN_LESS;
  else if (ax == bx && ay == by + 1)
    level->signs[b] = (level->signs[b] & ~PW_SIGN_DOWN_LESS) | PW_SIGN_DOWN_GREATER;
  else
    return FALSE;
  return TRUE;
}

static gpointer
latin_transform (gconstpointer data,
                 PwTransform   transform)
{
  const PwLatinLevel *level = data;
  gboolean turn = pw_transform_turns (transform);
  guint n = level->n;
  PwLatinLevel *out = _pw_latin_level_copy (level);

  for (guint c = 0; c < n * n; c++)
    out->givens[pw_transform_cell (transform, n, c)] = level->givens[c];
  if (level->variant == PW_LATIN_SUDOKU)
    {
      if (level->jigsaw)
        for (guint c = 0; c < n * n; c++)
          out->regions[pw_transform_cell (transform, n, c)] = level->regions[c];
      else
        {
          /* boxes of r × c turn into boxes of c × r */
          if (turn)
            {
              out->box_rows = level->box_cols;
              out->box_cols = level->box_rows;
            }
          _pw_latin_level_set_boxes (out);
        }
    }
  if (level->signs != NULL)
    {
      g_autoptr(PwNumGrid) grid = _pw_latin_build_grid (level);

      memset (out->signs, 0, n * n);
      for (guint i = 0; i < pw_numgrid_get_n_less (grid); i++)
        {
          guint a, b;

          pw_numgrid_get_less (grid, i, &a, &b);
          _pw_latin_level_set_less (out, pw_transform_cell (transform, n, a),
                                    pw_transform_cell (transform, n, b));
        }
    }
  return out;
}

static char *
latin_describe_size (gconstpointer data)
{
  const PwLatinLevel *level = data;

  return g_strdup_printf ("%u×%u", level->n, level->n);
}

/* Every problem that stops a level from being analysed. Givens that clash
 * are not one: such a level has no solution, which the analysis says. */
static GPtrArray *
latin_validate (gconstpointer data)
{
  const PwLatinLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  guint n = level->n;

  if (level->variant == PW_LATIN_SUDOKU && level->jigsaw)
    {
      g_autofree guint *sizes = g_new0 (guint, n);

      for (guint c = 0; c < n * n; c++)
        if (level->regions[c] < n)
          sizes[level->regions[c]]++;
      for (guint r = 0; r < n; r++)
        if (sizes[r] != n)
          {
            guint first = 0;

            for (guint c = 0; c < n * n; c++)
              if (level->regions[c] == r)
                {
                  first = c;
                  break;
                }
            if (sizes[r] == 0)
              g_ptr_array_add (problems,
                               pw_problem_new_cell (-1, -1,
                                                    _("Region %u has no cells; each of the %u "
                                                      "regions needs %u"), r + 1, n, n));
            else
              g_ptr_array_add (problems,
                               pw_problem_new_cell (first % n, first / n,
                                                    _("Region %u has %u cells; it needs %u"),
                                                    r + 1, sizes[r], n));
          }
    }
  return problems;
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

/* Cells whose givens break a rule by themselves: a value twice in a unit,
 * or a sign two givens contradict. */
static JsonArray *
find_conflicts (const PwLatinLevel *level,
                const PwNumGrid    *grid,
                guint8             *marked)
{
  const guint8 *givens = pw_numgrid_get_givens (grid);
  guint n = level->n;
  g_autofree guint *where = g_new (guint, n + 1);

  memset (marked, 0, n * n);
  for (guint u = 0; u < pw_numgrid_get_n_units (grid); u++)
    {
      guint size;
      const guint *unit = pw_numgrid_get_unit (grid, u, NULL, NULL, &size);

      for (guint v = 0; v <= n; v++)
        where[v] = G_MAXUINT;
      for (guint i = 0; i < size; i++)
        {
          guint v = givens[unit[i]];

          if (v == 0)
            continue;
          if (where[v] != G_MAXUINT)
            marked[where[v]] = marked[unit[i]] = 1;
          else
            where[v] = unit[i];
        }
    }
  for (guint i = 0; i < pw_numgrid_get_n_less (grid); i++)
    {
      guint a, b;

      pw_numgrid_get_less (grid, i, &a, &b);
      if (givens[a] != 0 && givens[b] != 0 && givens[a] >= givens[b])
        marked[a] = marked[b] = 1;
    }
  return pw_figure_cells_where (marked, n, n * n);
}

typedef struct
{
  guint   n_cells;
  guint   found;
  guint8 *first;
  guint8 *second;
} Solutions;

static gboolean
keep_two (const guint8 *values,
          gpointer      data)
{
  Solutions *s = data;

  if (s->found == 0)
    memcpy (s->first, values, s->n_cells);
  else if (s->found == 1)
    memcpy (s->second, values, s->n_cells);
  s->found++;
  return TRUE;
}

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

typedef struct
{
  guint64  left;      /* nodes */
  gboolean partial;
  guint64  max_bytes; /* each search's memory (PwNumGridSearch.max_bytes) */
  gboolean memory;    /* a search stopped for it */
  PwDeadline *deadline; /* the analysis's time budget, NULL: none */
} Budget;

static void
budget_spend (Budget                *budget,
              const PwNumGridResult *result)
{
  budget->left = budget->left > result->nodes ? budget->left - result->nodes : 0;
  budget->partial |= result->node_limit;
  budget->memory |= result->memory_limit;
}

/* The multiple method: the mean and standard deviation of the nodes a
 * randomised search needs to find a solution and settle uniqueness
 * (count to 2), over @runs seeded orders. FALSE when cancelled; *@limited
 * when the budget stopped a run. */
static gboolean
measure (const PwNumGrid *grid,
         guint64          seed,
         guint            runs,
         Budget          *budget,
         double          *mean,
         double          *sd,
         gboolean        *limited,
         GCancellable    *cancellable,
         GError         **error)
{
  g_autofree guint64 *nodes = g_new0 (guint64, runs);
  double sum = 0, squares = 0;

  *limited = FALSE;
  for (guint r = 0; r < runs; r++)
    {
      PwNumGridSearch search;
      PwNumGridResult result;

      pw_numgrid_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (budget->left, 1);
      search.max_bytes = budget->max_bytes;
      search.deadline = budget->deadline;
      search.random_order = TRUE;
      search.seed = run_seed (seed, r);
      search.cancellable = cancellable;
      if (!pw_numgrid_search (grid, &search, &result, error))
        return FALSE;
      budget_spend (budget, &result);
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

/* Which givens can go, each on its own, leaving one solution. FALSE when
 * cancelled; *@limited when the budget ran out first. */
static gboolean
find_redundant (const PwNumGrid *grid,
                guint8          *redundant,
                Budget          *budget,
                gboolean        *limited,
                GCancellable    *cancellable,
                GError         **error)
{
  g_autoptr(PwNumGrid) without = pw_numgrid_copy (grid);
  const guint8 *givens = pw_numgrid_get_givens (grid);
  guint cells = pw_numgrid_get_n_cells (grid);

  *limited = FALSE;
  memset (redundant, 0, cells);
  for (guint c = 0; c < cells; c++)
    {
      PwNumGridSearch search;
      PwNumGridResult result;

      if (givens[c] == 0)
        continue;
      pw_numgrid_set_given (without, c, 0);
      pw_numgrid_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (budget->left, 1);
      search.max_bytes = budget->max_bytes;
      search.deadline = budget->deadline;
      search.allow_fast_path = TRUE;
      search.cancellable = cancellable;
      if (!pw_numgrid_search (without, &search, &result, error))
        return FALSE;
      budget_spend (budget, &result);
      pw_numgrid_set_given (without, c, givens[c]);
      if (result.node_limit)
        {
          *limited = TRUE;
          return TRUE;
        }
      redundant[c] = result.solutions == 1;
    }
  return TRUE;
}

#define GRADE_BUDGET G_GUINT64_CONSTANT (2000000)

static PwAnalysis *
latin_analyse (gconstpointer           data,
               const PwAnalyseOptions *options,
               PwProgressFunc          progress,
               gpointer                progress_data,
               GCancellable           *cancellable,
               GError                **error)
{
  const PwLatinLevel *level = data;
  g_autoptr(GPtrArray) problems = latin_validate (level);
  g_autoptr(PwNumGrid) grid = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autofree guint8 *marked = NULL;
  g_autofree guint8 *first = NULL;
  g_autofree guint8 *second = NULL;
  const PwKind *kind = _pw_latin_kind_of (level->variant);
  guint n = level->n, cells = n * n, givens = 0;
  guint64 cap = MAX (options->max_solutions, 1);
  guint64 total = MAX (options->max_states, 4);
  Budget count_budget = { total / 4, FALSE, options->max_bytes, FALSE, options->deadline };
  Budget measure_budget = { total / 2, FALSE, options->max_bytes, FALSE, options->deadline };
  Budget minimal_budget = { total / 4, FALSE, options->max_bytes, FALSE, options->deadline };
  Solutions solutions;
  PwNumGridSearch search;
  PwNumGridResult counted;
  JsonObject *figures;
  JsonArray *conflicts;
  gboolean partial = FALSE, unique;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  grid = _pw_latin_build_grid (level);
  analysis = pw_analysis_new (kind->id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, latin_figures[f].key);

  for (guint c = 0; c < cells; c++)
    givens += level->givens[c] != 0;
  json_object_set_int_member (figures, FIG (GIVENS), givens);
  marked = g_new0 (guint8, cells);
  conflicts = find_conflicts (level, grid, marked);
  json_object_set_array_member (figures, FIG (CONFLICTS), conflicts);

  /* the count, with the first two solutions, in the plain order */
  first = g_new0 (guint8, cells);
  second = g_new0 (guint8, cells);
  solutions = (Solutions) { cells, 0, first, second };
  pw_numgrid_search_init (&search);
  search.max_solutions = cap + 1;
  search.max_nodes = count_budget.left;
  search.max_bytes = count_budget.max_bytes;
  search.deadline = count_budget.deadline;
  search.on_solution = keep_two;
  search.on_solution_data = &solutions;
  search.cancellable = cancellable;
  if (!pw_numgrid_search (grid, &search, &counted, error))
    return NULL;
  budget_spend (&count_budget, &counted);
  if (progress)
    progress (counted.nodes, progress_data);

  if (solutions.found > 0)
    json_object_set_array_member (figures, FIG (SOLUTION), pw_figure_rows_u8 (first, n, n));
  if (solutions.found > 1)
    {
      for (guint c = 0; c < cells; c++)
        marked[c] = first[c] != second[c];
      json_object_set_array_member (figures, FIG (DIFFERING), pw_figure_cells_where (marked, n, n * n));
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
  unique = !counted.node_limit && counted.solutions == 1;

  /* difficulty: the multiple method (also the effort to prove a level
   * has no solution) */
  if (pw_analyse_options_wants (options, FIG (DIFFICULTY)) ||
      pw_analyse_options_wants (options, FIG (DIFFICULTY_SD)) ||
      pw_analyse_options_wants (options, FIG (METHOD)))
    {
      double mean = 0, sd = 0;
      gboolean limited;
      guint runs = MAX (options->search_runs, 1);

      if (!measure (grid, options->seed, runs, &measure_budget, &mean, &sd, &limited, cancellable,
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
          method = g_strdup_printf (_("mean nodes over %u random orders (singles, smallest "
                                      "domain first, count to 2)"), runs);
          json_object_set_string_member (figures, FIG (METHOD), method);
        }
      if (progress)
        progress (counted.nodes + (total / 2 - measure_budget.left), progress_data);
    }

  /* the technique grade and minimality, for proper puzzles */
  if (unique)
    {
      PwLogicGrade grade;
      g_autoptr(GError) grade_error = NULL;
      g_autofree guint8 *redundant = g_new0 (guint8, cells);
      gboolean limited;

      gboolean grading = pw_analyse_options_wants (options, FIG (GRADE)) ||
                         pw_analyse_options_wants (options, FIG (HARDEST)) ||
                         pw_analyse_options_wants (options, FIG (TECHNIQUES)) ||
                         pw_analyse_options_wants (options, FIG (TRIAL_DEPTH));
      gboolean minimality = pw_analyse_options_wants (options, FIG (MINIMAL)) ||
                            pw_analyse_options_wants (options, FIG (REDUNDANT));

      if (!grading)
        ;
      else if (pw_logic_grade_traced (grid, NULL, GRADE_BUDGET, options->deadline, NULL, NULL,
                                      &grade, cancellable, &grade_error) &&
               grade.solved)
        {
          JsonObject *used = json_object_new ();

          json_object_set_double_member (figures, FIG (GRADE), round (grade.grade * 100) / 100);
          json_object_set_string_member (figures, FIG (HARDEST), pw_technique_key (grade.hardest));
          for (guint t = 0; t < PW_N_TECHNIQUES; t++)
            if (grade.counts[t] > 0)
              json_object_set_int_member (used, pw_technique_key (t), grade.counts[t]);
          json_object_set_object_member (figures, FIG (TECHNIQUES), used);
          json_object_set_int_member (figures, FIG (TRIAL_DEPTH), grade.trial_depth);
        }
      else if (g_error_matches (grade_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&grade_error));
          return NULL;
        }
      else
        partial = TRUE;

      if (!minimality)
        ;
      else if (!find_redundant (grid, redundant, &minimal_budget, &limited, cancellable, error))
        return NULL;
      else if (limited)
        partial = TRUE;
      else
        {
          JsonArray *list = pw_figure_cells_where (redundant, n, n * n);

          json_object_set_boolean_member (figures, FIG (MINIMAL),
                                          json_array_get_length (list) == 0);
          json_object_set_array_member (figures, FIG (REDUNDANT), list);
        }
    }

  if (partial && (count_budget.memory || measure_budget.memory || minimal_budget.memory))
    pw_analysis_set_partial (analysis, _("the memory budget ran out"));
  else if (partial)
    pw_analysis_set_partial (analysis, _("the node budget ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* The kind tables                                                      */

static gpointer
sudoku_from_text (const char  *text,
                  GError     **error)
{
  return _pw_latin_from_text (PW_LATIN_SUDOKU, text, error);
}

static gpointer
latin_from_text (const char  *text,
                 GError     **error)
{
  return _pw_latin_from_text (PW_LATIN_LATIN, text, error);
}

static gpointer
futoshiki_from_text (const char  *text,
                     GError     **error)
{
  return _pw_latin_from_text (PW_LATIN_FUTOSHIKI, text, error);
}

static char *
latin_to_text (gconstpointer data)
{
  return _pw_latin_to_text (data);
}

static gboolean
import_levels (PwLatinVariant   variant,
               const char      *text,
               const char      *display_name,
               GPtrArray       *levels,
               GError         **error)
{
  return _pw_latin_import_text (variant, text, display_name, levels, error);
}

static gboolean
sudoku_import_text (const char  *text,
                    const char  *display_name,
                    GPtrArray   *levels,
                    GError     **error)
{
  return import_levels (PW_LATIN_SUDOKU, text, display_name, levels, error);
}

static gboolean
latin_import_text (const char  *text,
                   const char  *display_name,
                   GPtrArray   *levels,
                   GError     **error)
{
  return import_levels (PW_LATIN_LATIN, text, display_name, levels, error);
}

static gboolean
futoshiki_import_text (const char  *text,
                       const char  *display_name,
                       GPtrArray   *levels,
                       GError     **error)
{
  return import_levels (PW_LATIN_FUTOSHIKI, text, display_name, levels, error);
}

static gboolean
sudoku_generate (GHashTable         *params,
                 guint64             seed,
                 guint64             max_bytes,
                 PwGenerateFound     found,
                 PwGenerateProgress  progress,
                 gpointer            user_data,
                 GCancellable       *cancellable,
                 GError            **error)
{
  return _pw_latin_generate (PW_LATIN_SUDOKU, params, seed, max_bytes, found, progress,
                             user_data, cancellable, error);
}

static gboolean
latin_generate (GHashTable         *params,
                guint64             seed,
                guint64             max_bytes,
                PwGenerateFound     found,
                PwGenerateProgress  progress,
                gpointer            user_data,
                GCancellable       *cancellable,
                GError            **error)
{
  return _pw_latin_generate (PW_LATIN_LATIN, params, seed, max_bytes, found, progress,
                             user_data, cancellable, error);
}

static gboolean
futoshiki_generate (GHashTable         *params,
                    guint64             seed,
                    guint64             max_bytes,
                    PwGenerateFound     found,
                    PwGenerateProgress  progress,
                    gpointer            user_data,
                    GCancellable       *cancellable,
                    GError            **error)
{
  return _pw_latin_generate (PW_LATIN_FUTOSHIKI, params, seed, max_bytes, found, progress,
                             user_data, cancellable, error);
}

#define COMMON_PARAMS                                                                        \
  { "grade", N_("MIN-MAX"), N_("keep puzzles whose technique grade is in this band") },      \
  { "symmetry", N_("none|rot180|rot90|mirror"),                                              \
    N_("givens placed symmetrically (default none)") },                                      \
  { "minimal", N_("true|false"),                                                             \
    N_("empty every cell that can go, whatever the givens band (default false)") },          \
  { "solutions", N_("K"), N_("keep emptying while at most K solutions (default 1: unique)") }, \
  { "givens", N_("MIN-MAX"), N_("the number of givens to stop at") }

static const PwGenerateParam sudoku_params[] = {
  { "size", N_("N"), N_("grid size, 4 to 64 (default 9)") },
  { "box", N_("RxC"), N_("box rows by columns (default: the squarest for the size)") },
  { "regions", N_("boxes|jigsaw"), N_("jigsaw: random regions of N cells instead of boxes") },
  { "diagonals", N_("true|false"), N_("the two main diagonals hold every value too (Sudoku X)") },
  COMMON_PARAMS,
};

static const PwGenerateParam latin_params[] = {
  { "size", N_("N"), N_("grid size, 2 to 128 (default 5)") },
  COMMON_PARAMS,
};

/* The level list: is it a proper puzzle, how hard for people, how much
 * work for a solver. */
static const PwListColumn latin_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "grade", N_("Grade"), N_("Technique grade: 1 for singles up to 8 and more for trial"),
    PW_COLUMN_DECIMAL },
  { "givens", N_("Givens"), N_("Given cells"), PW_COLUMN_COUNT },
};

#define LATIN_COMMON                                  \
  .copy = latin_copy,                                 \
  .free = latin_free,                                 \
  .equal = latin_equal,                               \
  .canonical_form = _pw_latin_canonical_form,         \
  .to_json = latin_to_json,                           \
  .to_text = latin_to_text,                           \
  .transform = latin_transform,                       \
  .describe_size = latin_describe_size,               \
  .validate = latin_validate,                         \
  .to_xcsp3 = _pw_latin_to_xcsp3,                     \
  .figures = latin_figures,                           \
  .n_figures = N_FIGURES,                             \
  .first_look = first_look,                           \
  .list_columns = latin_columns,                      \
  .n_list_columns = G_N_ELEMENTS (latin_columns),     \
  .solvable_figure = "solutions",                     \
  .progress_unit = N_("search nodes"),                \
  .analyse = latin_analyse

const PwKind pw_sudoku_kind = {
  .id = "sudoku",
  .name = N_("Sudoku"),
  .new_default = sudoku_new_default,
  .from_json = sudoku_from_json,
  .from_text = sudoku_from_text,
  .from_xcsp3 = _pw_sudoku_from_xcsp3,
  .import_text = sudoku_import_text,
  .generate_params = sudoku_params,
  .n_generate_params = G_N_ELEMENTS (sudoku_params),
  .generate = sudoku_generate,
  LATIN_COMMON,
};

const PwKind pw_latin_kind = {
  .id = "latin",
  .name = N_("Latin square"),
  .new_default = latin_new_default,
  .from_json = latin_from_json,
  .from_text = latin_from_text,
  .from_xcsp3 = _pw_latin_from_xcsp3,
  .import_text = latin_import_text,
  .generate_params = latin_params,
  .n_generate_params = G_N_ELEMENTS (latin_params),
  .generate = latin_generate,
  LATIN_COMMON,
};

const PwKind pw_futoshiki_kind = {
  .id = "futoshiki",
  .name = N_("Futoshiki"),
  .new_default = futoshiki_new_default,
  .from_json = futoshiki_from_json,
  .from_text = futoshiki_from_text,
  .from_xcsp3 = _pw_futoshiki_from_xcsp3,
  .import_text = futoshiki_import_text,
  .generate_params = latin_params,
  .n_generate_params = G_N_ELEMENTS (latin_params),
  .generate = futoshiki_generate,
  LATIN_COMMON,
};

const PwKind *
_pw_latin_kind_of (PwLatinVariant variant)
{
  switch (variant)
    {
    case PW_LATIN_SUDOKU:
      return &pw_sudoku_kind;
    case PW_LATIN_LATIN:
      return &pw_latin_kind;
    case PW_LATIN_FUTOSHIKI:
    default:
      return &pw_futoshiki_kind;
    }
}
