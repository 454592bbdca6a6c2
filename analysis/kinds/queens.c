/* queens.c — the queens and star-battle kinds
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two kinds on one level model (queens-private.h): `queens` is N-Queens
 * on an n × n board (a queen a row and column, none attacking another)
 * with given and blocked cells; `star-battle` is the region puzzle (k
 * stars a row, column and region, none touching, also sold as "Queens"
 * with k = 1). Their rules differ (diagonal attacks across the board
 * against touching; regions), so do their figures (a technique grade
 * where regions give the reasoning something to work on) and their
 * generators; they share the board, the marks and the text form.
 * docs/rules/queens.md and docs/rules/star-battle.md.
 */

#define G_LOG_DOMAIN "pw-queens"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "queens-private.h"
#include "pw-canon.h"

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

PwQueensLevel *
_pw_queens_level_new (PwQueensVariant variant,
                      guint           n,
                      guint           stars)
{
  PwQueensLevel *level;

  g_return_val_if_fail (n >= 1 && n <= PW_QUEENS_MAX_N, NULL);
  g_return_val_if_fail (variant == PW_QUEENS_STAR_BATTLE || stars == 1, NULL);
  g_return_val_if_fail (stars >= 1 && stars <= PW_STAR_BATTLE_MAX_STARS, NULL);

  level = g_new0 (PwQueensLevel, 1);
  level->variant = variant;
  level->n = n;
  level->stars = stars;
  level->cells = g_new0 (guint8, n * n);
  if (variant == PW_QUEENS_STAR_BATTLE)
    {
      /* a region a row until someone draws better ones */
      level->regions = g_new0 (guint8, n * n);
      for (guint c = 0; c < n * n; c++)
        level->regions[c] = c / n;
    }
  return level;
}

PwQueensLevel *
_pw_queens_level_copy (const PwQueensLevel *level)
{
  PwQueensLevel *copy;
  guint cells;

  g_return_val_if_fail (level != NULL, NULL);

  cells = level->n * level->n;
  copy = g_memdup2 (level, sizeof *level);
  copy->cells = g_memdup2 (level->cells, cells);
  copy->regions = level->regions != NULL ? g_memdup2 (level->regions, cells) : NULL;
  return copy;
}

void
_pw_queens_level_free (PwQueensLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->cells);
  g_free (level->regions);
  g_free (level);
}

gboolean
_pw_queens_level_equal (const PwQueensLevel *a,
                        const PwQueensLevel *b)
{
  guint cells;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->variant != b->variant || a->n != b->n || a->stars != b->stars)
    return FALSE;
  cells = a->n * a->n;
  if (memcmp (a->cells, b->cells, cells) != 0)
    return FALSE;
  if (a->regions == NULL || b->regions == NULL)
    return a->regions == b->regions;
  return memcmp (a->regions, b->regions, cells) == 0;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

#define QUEENS_FIGURES(X)                                                                        \
  X (SOLUTIONS,     "solutions",         N_("Solutions"),                       PW_FIGURE_INT)    \
  X (CAPPED,        "capped",            N_("Count stopped at the cap"),         PW_FIGURE_BOOL)   \
  X (UNIQUE,        "unique",            N_("Unique"),                           PW_FIGURE_BOOL)   \
  X (GIVENS,        "givens",            N_("Givens"),                           PW_FIGURE_INT)    \
  X (DIFFICULTY,    "difficulty",        N_("Difficulty (mean nodes)"),          PW_FIGURE_DOUBLE) \
  X (DIFFICULTY_SD, "difficulty_sd",     N_("Difficulty (standard deviation)"),  PW_FIGURE_DOUBLE) \
  X (METHOD,        "difficulty_method", N_("Difficulty measured with"),         PW_FIGURE_STRING) \
  X (NODES,         "nodes",             N_("Nodes to prove the count"),         PW_FIGURE_INT)    \
  X (SOLUTION,      "solution",          N_("Solution"),                         PW_FIGURE_GRID)

/* Star Battle: the same, then the grade. */
#define STAR_FIGURES(X)                                                                          \
  QUEENS_FIGURES (X)                                                                             \
  X (GRADE,         "grade",             N_("Grade"),                            PW_FIGURE_DOUBLE) \
  X (HARDEST,       "hardest_technique", N_("Hardest technique"),                PW_FIGURE_STRING) \
  X (TECHNIQUES,    "techniques",        N_("Techniques used"),                  PW_FIGURE_COUNTS) \
  X (TRIAL_DEPTH,   "trial_depth",       N_("Depth of trial needed"),            PW_FIGURE_INT)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { STAR_FIGURES (AS_ENUM) N_STAR_FIGURES };
#undef AS_ENUM

/* A technique's key as its name: "A star here leaves no room". */
static char *
technique_display (JsonNode *value)
{
  const char *key;

  if (!JSON_NODE_HOLDS_VALUE (value) || json_node_get_value_type (value) != G_TYPE_STRING)
    return NULL;
  key = json_node_get_string (value);
  for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
    if (g_str_equal (key, _pw_star_technique_key (t)))
      return g_strdup (_pw_star_technique_name (t));
  return g_strdup (key);
}

/* "Cells around a star 3, Last free cells 8", easiest first. */
static char *
techniques_display (JsonNode *value)
{
  JsonObject *counts;
  GString *text;

  if (!JSON_NODE_HOLDS_OBJECT (value))
    return NULL;
  counts = json_node_get_object (value);
  text = g_string_new (NULL);
  for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
    if (json_object_has_member (counts, _pw_star_technique_key (t)))
      g_string_append_printf (text, "%s%s\u00a0%" G_GINT64_FORMAT, text->len ? ", " : "",
                              _pw_star_technique_name (t),
                              json_object_get_int_member (counts, _pw_star_technique_key (t)));
  if (text->len == 0)
    g_string_append (text, _("none"));
  return g_string_free (text, FALSE);
}

/* technique keys read as their names */
#define DISPLAY_OF(id) (FIG_##id == FIG_HARDEST ? technique_display \
                        : FIG_##id == FIG_TECHNIQUES ? techniques_display : NULL)
#define AS_INFO(id, key, label, type) { key, label, type, DISPLAY_OF (id) },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo star_figures[] = { STAR_FIGURES (AS_INFO) };
#undef AS_INFO
#undef DISPLAY_OF

/* the queens kind's are the first ones */
#define N_QUEENS_FIGURES (FIG_SOLUTION + 1)
#define FIG(id) (star_figures[FIG_##id].key)

/* ------------------------------------------------------------------ */
/* Rows of marks and of region letters                                  */

static int
mark_of (char c)
{
  switch (c)
    {
    case '.':
    case '0':
      return PW_QUEENS_CELL_EMPTY;
    case 'Q':
    case 'q':
    case '*':
      return PW_QUEENS_CELL_QUEEN;
    case 'x':
    case 'X':
      return PW_QUEENS_CELL_BLOCKED;
    default:
      return -1;
    }
}

static char
mark_char (const PwQueensLevel *level,
           guint8               mark)
{
  switch (mark)
    {
    case PW_QUEENS_CELL_QUEEN:
      return level->variant == PW_QUEENS_QUEENS ? 'Q' : '*';
    case PW_QUEENS_CELL_BLOCKED:
      return 'x';
    default:
      return '.';
    }
}

static int
region_of (char c)
{
  const char *at = c != '\0' ? strchr (PW_STAR_BATTLE_LETTERS, c) : NULL;

  return at != NULL ? at - PW_STAR_BATTLE_LETTERS : -1;
}

/* A row's cells: n characters, or n one-character tokens separated by
 * spaces or tabs. Returns the characters (NUL-terminated) or NULL with
 * the count in *@width. */
static char *
row_characters (const char *text,
                guint      *width)
{
  GString *chars = g_string_new (NULL);
  gboolean spaced = strpbrk (text, " \t") != NULL;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t')
        continue;
      /* spaced rows have tokens of one character */
      if (spaced && p[1] != '\0' && p[1] != ' ' && p[1] != '\t')
        {
          *width = 0;
          g_string_free (chars, TRUE);
          return NULL;
        }
      g_string_append_c (chars, *p);
    }
  *width = chars->len;
  return g_string_free (chars, FALSE);
}

/* Reads row @row of marks (regions: FALSE) or region letters (TRUE) into
 * @out; errors name @where. */
static gboolean
row_from_string (const char  *text,
                 guint        n,
                 gboolean     regions,
                 const char  *where,
                 guint        row,
                 guint8      *out,
                 GError     **error)
{
  guint width;
  g_autofree char *chars = row_characters (text, &width);

  if (chars == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s, row %u: cells are single characters, with or without spaces between"),
                   where, row + 1);
      return FALSE;
    }
  if (width != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s, row %u: %u cells; a row of this board has %u"), where, row + 1, width, n);
      return FALSE;
    }
  for (guint x = 0; x < n; x++)
    {
      int value = regions ? region_of (chars[x]) : mark_of (chars[x]);

      if (regions && (value < 0 || (guint) value >= n))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s, row %u, column %u: “%c” is not a region letter of a board of size "
                         "%u (A to %c)"), where, row + 1, x + 1, chars[x], n,
                       PW_STAR_BATTLE_LETTERS[n - 1]);
          return FALSE;
        }
      if (!regions && value < 0)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s, row %u, column %u: “%c” is not “.” (empty), “Q” or “*” (queen, "
                         "star) or “x” (blocked)"), where, row + 1, x + 1, chars[x]);
          return FALSE;
        }
      out[x] = value;
    }
  return TRUE;
}

static char *
marks_row (const PwQueensLevel *level,
           guint                y)
{
  char *row = g_new (char, level->n + 1);

  for (guint x = 0; x < level->n; x++)
    row[x] = mark_char (level, level->cells[y * level->n + x]);
  row[level->n] = '\0';
  return row;
}

static char *
regions_row (const PwQueensLevel *level,
             guint                y)
{
  char *row = g_new (char, level->n + 1);

  for (guint x = 0; x < level->n; x++)
    row[x] = PW_STAR_BATTLE_LETTERS[level->regions[y * level->n + x]];
  row[level->n] = '\0';
  return row;
}

/* ------------------------------------------------------------------ */
/* The payload                                                          */

static gboolean
rows_from_json (JsonObject          *object,
                const char          *member,
                const PwQueensLevel *level,
                gboolean             regions,
                guint8              *out,
                GError             **error)
{
  JsonNode *node = json_object_get_member (object, member);
  g_autofree char *where = g_strdup_printf ("payload.%s", member);
  JsonArray *rows;
  guint n = level->n;

  rows = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
  if (rows == NULL || json_array_get_length (rows) != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a list of %u row strings, one a row of the board"),
                   member, n);
      return FALSE;
    }
  for (guint y = 0; y < n; y++)
    {
      JsonNode *row = json_array_get_element (rows, y);

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.%s row %u is not a string"), member, y + 1);
          return FALSE;
        }
      if (!row_from_string (json_node_get_string (row), n, regions, where, y, out + y * n,
                            error))
        return FALSE;
    }
  return TRUE;
}

/* The board's size: the number of cells in the first row of @member. */
static gboolean
size_from_json (JsonObject  *object,
                const char  *member,
                guint       *n,
                GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);
  JsonArray *rows = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node)
                                                                 : NULL;
  JsonNode *first = rows != NULL && json_array_get_length (rows) > 0
                    ? json_array_get_element (rows, 0) : NULL;

  if (first == NULL || !JSON_NODE_HOLDS_VALUE (first) ||
      json_node_get_value_type (first) != G_TYPE_STRING)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a list of row strings"), member);
      return FALSE;
    }
  g_free (row_characters (json_node_get_string (first), n));
  if (*n < 1 || *n > PW_QUEENS_MAX_N || *n != json_array_get_length (rows))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.%s must be a square of 1 to %u rows of as many cells; its first row "
                     "has %u cells and there are %u rows"), member, PW_QUEENS_MAX_N, *n,
                   json_array_get_length (rows));
      return FALSE;
    }
  return TRUE;
}

static PwQueensLevel *
level_from_json (PwQueensVariant   variant,
                 JsonNode         *payload,
                 GError          **error)
{
  static const char * const queens_members[] = { "grid", NULL };
  static const char * const star_members[] = { "stars", "regions", "grid", NULL };
  g_autoptr(PwQueensLevel) level = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  gint64 stars = 1;
  guint n;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           variant == PW_QUEENS_QUEENS
                           ? _("payload must be an object with a “grid”")
                           : _("payload must be an object with “stars”, “regions” and “grid”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (variant == PW_QUEENS_QUEENS ? queens_members : star_members, l->data))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("payload has an unknown member “%s”"), (const char *) l->data);
        return NULL;
      }
  if (variant == PW_QUEENS_STAR_BATTLE)
    {
      JsonNode *node = json_object_get_member (object, "stars");

      if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
          json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) < 1 ||
          json_node_get_int (node) > PW_STAR_BATTLE_MAX_STARS)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.stars must be a whole number from 1 to %d"),
                       PW_STAR_BATTLE_MAX_STARS);
          return NULL;
        }
      stars = json_node_get_int (node);
    }
  if (!size_from_json (object, variant == PW_QUEENS_QUEENS ? "grid" : "regions", &n, error))
    return NULL;
  level = _pw_queens_level_new (variant, n, stars);
  if (variant == PW_QUEENS_STAR_BATTLE &&
      !rows_from_json (object, "regions", level, TRUE, level->regions, error))
    return NULL;
  if (!rows_from_json (object, "grid", level, FALSE, level->cells, error))
    return NULL;
  return g_steal_pointer (&level);
}

static gpointer
queens_from_json (JsonNode  *payload,
                  GError   **error)
{
  return level_from_json (PW_QUEENS_QUEENS, payload, error);
}

static gpointer
star_from_json (JsonNode  *payload,
                GError   **error)
{
  return level_from_json (PW_QUEENS_STAR_BATTLE, payload, error);
}

static JsonNode *
queens_to_json (gconstpointer data)
{
  const PwQueensLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonArray *grid = json_array_new ();

  if (level->variant == PW_QUEENS_STAR_BATTLE)
    {
      JsonArray *regions = json_array_new ();

      json_object_set_int_member (object, "stars", level->stars);
      for (guint y = 0; y < level->n; y++)
        {
          g_autofree char *row = regions_row (level, y);

          json_array_add_string_element (regions, row);
        }
      json_object_set_array_member (object, "regions", regions);
    }
  for (guint y = 0; y < level->n; y++)
    {
      g_autofree char *row = marks_row (level, y);

      json_array_add_string_element (grid, row);
    }
  json_object_set_array_member (object, "grid", grid);
  json_node_take_object (node, object);
  return node;
}

/* ------------------------------------------------------------------ */
/* The text form                                                        */

/* queens: n rows of marks. star-battle: an optional line “stars K”, n
 * rows of marks (left out when none is marked), n rows of region
 * letters. The size is the number of cells in the last row. */
static PwQueensLevel *
level_from_text (PwQueensVariant   variant,
                 const char       *text,
                 GError          **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(PwQueensLevel) level = NULL;
  guint64 stars = 1;
  guint n, first = 0;
  gboolean marks;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (line[0] != '\0')
        g_ptr_array_add (rows, line);
    }
  if (variant == PW_QUEENS_STAR_BATTLE && rows->len > 0 &&
      g_ascii_strncasecmp (g_ptr_array_index (rows, 0), "stars", 5) == 0)
    {
      const char *number = (const char *) g_ptr_array_index (rows, 0) + 5;

      while (*number == ' ' || *number == '\t' || *number == ':' || *number == '=')
        number++;
      if (!g_ascii_string_to_unsigned (number, 10, 1, PW_STAR_BATTLE_MAX_STARS, &stars, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("row 1: “%s”: the stars a row, column and region hold are a number "
                         "from 1 to %d"), (const char *) g_ptr_array_index (rows, 0),
                       PW_STAR_BATTLE_MAX_STARS);
          return NULL;
        }
      first = 1;
    }
  if (rows->len <= first)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("there is no board"));
      return NULL;
    }
  g_free (row_characters (g_ptr_array_index (rows, rows->len - 1), &n));
  marks = variant == PW_QUEENS_QUEENS || rows->len - first == 2 * n;
  if (n < 1 || n > PW_QUEENS_MAX_N ||
      (variant == PW_QUEENS_QUEENS && rows->len != n) ||
      (variant == PW_QUEENS_STAR_BATTLE && rows->len - first != n && !marks))
    {
      if (variant == PW_QUEENS_QUEENS)
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("a board is square, 1 to %u rows of as many cells: this one has %u rows, "
                       "the last of %u cells"), PW_QUEENS_MAX_N, rows->len, n);
      else
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("a star battle is square, 1 to %u rows of as many region letters, after "
                       "as many rows of marks or none: this one has %u rows, the last of %u "
                       "cells"), PW_QUEENS_MAX_N, rows->len - first, n);
      return NULL;
    }

  level = _pw_queens_level_new (variant, n, stars);
  if (marks)
    for (guint y = 0; y < n; y++)
      /* Translators: the start of an error message about a plain-text level, "grid, row 2, …" */
      if (!row_from_string (g_ptr_array_index (rows, first + y), n, FALSE, _("grid"), y,
                            level->cells + y * n, error))
        return NULL;
  if (variant == PW_QUEENS_STAR_BATTLE)
    for (guint y = 0; y < n; y++)
      /* Translators: the start of an error message about a plain-text level, "regions, row 2, …" */
      if (!row_from_string (g_ptr_array_index (rows, rows->len - n + y), n, TRUE, _("regions"),
                            y, level->regions + y * n, error))
        return NULL;
  return g_steal_pointer (&level);
}

static gpointer
queens_from_text (const char  *text,
                  GError     **error)
{
  return level_from_text (PW_QUEENS_QUEENS, text, error);
}

static gpointer
star_from_text (const char  *text,
                GError     **error)
{
  return level_from_text (PW_QUEENS_STAR_BATTLE, text, error);
}

static char *
queens_to_text (gconstpointer data)
{
  const PwQueensLevel *level = data;
  GString *text = g_string_new (NULL);
  gboolean marked = level->variant == PW_QUEENS_QUEENS;

  for (guint c = 0; c < level->n * level->n && !marked; c++)
    marked = level->cells[c] != PW_QUEENS_CELL_EMPTY;
  if (level->variant == PW_QUEENS_STAR_BATTLE && level->stars != 1)
    g_string_append_printf (text, "stars %u\n", level->stars);
  for (guint y = 0; y < level->n && marked; y++)
    {
      g_autofree char *row = marks_row (level, y);

      g_string_append_printf (text, "%s\n", row);
    }
  for (guint y = 0; y < level->n && level->variant == PW_QUEENS_STAR_BATTLE; y++)
    {
      g_autofree char *row = regions_row (level, y);

      g_string_append_printf (text, "%s\n", row);
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* Edits and validation                                                 */

/* The rules of both kinds look the same from every side. */
static gpointer
queens_transform (gconstpointer data,
                  PwTransform   transform)
{
  const PwQueensLevel *level = data;
  PwQueensLevel *out = _pw_queens_level_copy (level);
  guint n = level->n;

  for (guint c = 0; c < n * n; c++)
    {
      guint to = pw_transform_cell (transform, n, c);

      out->cells[to] = level->cells[c];
      if (level->regions != NULL)
        out->regions[to] = level->regions[c];
    }
  return out;
}

static char *
queens_describe_size (gconstpointer data)
{
  const PwQueensLevel *level = data;

  if (level->variant == PW_QUEENS_STAR_BATTLE)
    /* Translators: the size of a star battle: rows × columns, stars a row */
    return g_strdup_printf (_("%u×%u, %u★"), level->n, level->n, level->stars);
  return g_strdup_printf ("%u×%u", level->n, level->n);
}

/* Regions must each have a cell and be numbered within the board's size;
 * marks that break the rules are not problems (no solution, which the
 * analysis says). */
static GPtrArray *
queens_validate (gconstpointer data)
{
  const PwQueensLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  guint n = level->n;

  for (guint c = 0; c < n * n; c++)
    if (level->cells[c] > PW_QUEENS_CELL_BLOCKED)
      g_ptr_array_add (problems, pw_problem_new_cell (c % n, c / n, _("This cell's mark is "
                                                                      "unknown")));
  if (level->regions != NULL)
    {
      guint sizes[PW_STAR_BATTLE_MAX_N] = { 0 };

      for (guint c = 0; c < n * n; c++)
        {
          if (level->regions[c] >= n)
            g_ptr_array_add (problems,
                             pw_problem_new_cell (c % n, c / n,
                                                  _("Region %u is beyond the %u regions of the "
                                                    "board"), level->regions[c] + 1, n));
          else
            sizes[level->regions[c]]++;
        }
      for (guint r = 0; r < n; r++)
        if (sizes[r] == 0)
          g_ptr_array_add (problems,
                           pw_problem_new_cell (-1, -1, _("Region %c has no cells: a board of "
                                                          "size %u has %u regions"),
                                                PW_STAR_BATTLE_LETTERS[r], n, n));
    }
  return problems;
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

typedef struct
{
  guint   cells;
  guint   found;
  guint8 *first;
} First;

static gboolean
keep_first (const guint8 *cells,
            gpointer      data)
{
  First *f = data;

  if (f->found++ == 0)
    memcpy (f->first, cells, f->cells);
  return TRUE;
}

/* Work units the grader may spend. */
#define GRADE_BUDGET G_GUINT64_CONSTANT (2000000)

static PwAnalysis *
queens_analyse (gconstpointer           data,
                const PwAnalyseOptions *options,
                PwProgressFunc          progress,
                gpointer                progress_data,
                GCancellable           *cancellable,
                GError                **error)
{
  const PwQueensLevel *level = data;
  const PwKind *kind = _pw_queens_kind_of (level->variant);
  g_autoptr(GPtrArray) problems = queens_validate (level);
  g_autoptr(PwAnalysis) analysis = NULL;
  guint n = level->n, cells = n * n, givens = 0;
  g_autofree guint8 *first = g_new0 (guint8, cells);
  guint64 cap = MAX (options->max_solutions, 1);
  guint64 total = MAX (options->max_states, 4);
  guint64 measure_budget = total / 2;
  First kept = { cells, 0, first };
  PwQueensSearch search;
  PwQueensResult counted;
  JsonObject *figures;
  gboolean partial = FALSE, unique;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  analysis = pw_analysis_new (kind->id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < kind->n_figures; f++)
    json_object_set_null_member (figures, kind->figures[f].key);
  for (guint c = 0; c < cells; c++)
    givens += level->cells[c] != PW_QUEENS_CELL_EMPTY;
  json_object_set_int_member (figures, FIG (GIVENS), givens);

  /* the count, with the first solution, in the plain order */
  _pw_queens_search_init (&search);
  search.max_solutions = cap + 1;
  search.max_nodes = total / 2;
  search.on_solution = keep_first;
  search.on_solution_data = &kept;
  search.cancellable = cancellable;
  search.deadline = options->deadline;
  if (!_pw_queens_search (level, &search, &counted, error))
    return NULL;
  if (progress)
    progress (counted.nodes, progress_data);
  if (kept.found > 0)
    json_object_set_array_member (figures, FIG (SOLUTION), pw_figure_rows_u8 (first, n, n));
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

  if (pw_analyse_options_wants (options, FIG (DIFFICULTY)) ||
      pw_analyse_options_wants (options, FIG (DIFFICULTY_SD)) ||
      pw_analyse_options_wants (options, FIG (METHOD)))
    {
      double mean = 0, sd = 0;
      gboolean limited;
      guint runs = MAX (options->search_runs, 1);

      if (!_pw_queens_measure (level, options->seed, runs, &measure_budget, &mean, &sd,
                               &limited, cancellable, options->deadline, error))
        return NULL;
      if (limited)
        partial = TRUE;
      else
        {
          g_autofree char *method = NULL;

          json_object_set_double_member (figures, FIG (DIFFICULTY), round (mean * 100) / 100);
          json_object_set_double_member (figures, FIG (DIFFICULTY_SD), round (sd * 100) / 100);
          method = level->variant == PW_QUEENS_QUEENS
            /* Translators: how the difficulty figure of an N-Queens level was measured */
            ? g_strdup_printf (_("mean nodes over %u random orders (forced rows and columns, "
                                 "fewest cells first, count to 2)"), runs)
            /* Translators: how the difficulty figure of a star battle was measured */
            : g_strdup_printf (_("mean nodes over %u random orders (stars' neighbours, full "
                                 "and forced units, room, fewest cells first, count to 2)"),
                               runs);
          json_object_set_string_member (figures, FIG (METHOD), method);
        }
      if (progress)
        progress (counted.nodes + (total / 2 - measure_budget), progress_data);
    }

  if (level->variant == PW_QUEENS_STAR_BATTLE && unique &&
      (pw_analyse_options_wants (options, FIG (GRADE)) ||
       pw_analyse_options_wants (options, FIG (HARDEST)) ||
       pw_analyse_options_wants (options, FIG (TECHNIQUES)) ||
       pw_analyse_options_wants (options, FIG (TRIAL_DEPTH))))
    {
      PwStarGrade grade;
      g_autoptr(GError) grade_error = NULL;

      if (_pw_star_grade (level, GRADE_BUDGET, &grade, cancellable, options->deadline,
                          &grade_error) &&
          grade.solved)
        {
          JsonObject *used = json_object_new ();

          json_object_set_double_member (figures, FIG (GRADE), round (grade.grade * 100) / 100);
          json_object_set_string_member (figures, FIG (HARDEST),
                                         _pw_star_technique_key (grade.hardest));
          for (guint t = 0; t < PW_N_STAR_TECHNIQUES; t++)
            if (grade.counts[t] > 0)
              json_object_set_int_member (used, _pw_star_technique_key (t), grade.counts[t]);
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
    }

  if (partial)
    pw_analysis_set_partial (analysis, _("the node budget ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* The kind tables                                                      */

static gpointer
queens_new_default (void)
{
  return _pw_queens_level_new (PW_QUEENS_QUEENS, 8, 1);
}

static gpointer
star_new_default (void)
{
  return _pw_queens_level_new (PW_QUEENS_STAR_BATTLE, 8, 1);
}

static gpointer
queens_copy (gconstpointer data)
{
  return _pw_queens_level_copy (data);
}

static void
queens_free (gpointer data)
{
  _pw_queens_level_free (data);
}

static gboolean
queens_equal (gconstpointer a,
              gconstpointer b)
{
  return _pw_queens_level_equal (a, b);
}

static gboolean
queens_generate (GHashTable         *params,
                 guint64             seed,
                 guint64             max_bytes,
                 PwGenerateFound     found,
                 PwGenerateProgress  progress,
                 gpointer            user_data,
                 GCancellable       *cancellable,
                 GError            **error)
{
  return _pw_queens_generate (PW_QUEENS_QUEENS, params, seed, max_bytes, found, progress,
                              user_data, cancellable, error);
}

static gboolean
star_generate (GHashTable         *params,
               guint64             seed,
               guint64             max_bytes,
               PwGenerateFound     found,
               PwGenerateProgress  progress,
               gpointer            user_data,
               GCancellable       *cancellable,
               GError            **error)
{
  return _pw_queens_generate (PW_QUEENS_STAR_BATTLE, params, seed, max_bytes, found, progress,
                              user_data, cancellable, error);
}

static const PwGenerateParam queens_params[] = {
  { "size", N_("N"), N_("board size, 4 to 32 (default 8)") },
  { "clues", N_("queens|blocked|mixed"),
    N_("what the clues are: given queens, blocked cells or both (default mixed)") },
};

static const PwGenerateParam star_params[] = {
  { "size", N_("N"), N_("board size, 4 to 16 (default 8)") },
  { "stars", N_("K"), N_("stars a row, column and region, 1 to 3 (default 1)") },
  { "grade", N_("MIN-MAX"), N_("keep puzzles whose technique grade is in this band") },
};

/* The level list: is it a proper puzzle, how hard (for people where a
 * grade applies, else for a solver). */
static const PwListColumn queens_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_DECIMAL },
  { "givens", N_("Givens"), N_("Given cells"), PW_COLUMN_COUNT },
};

static const PwListColumn star_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "grade", N_("Grade"), N_("Technique grade: 1 for the easiest steps up to 8 and more for trial"),
    PW_COLUMN_DECIMAL },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_DECIMAL },
};

#define QUEENS_COMMON                          \
  .solvable_figure = "solutions",              \
  .progress_unit = N_("search nodes"),         \
  .copy = queens_copy,                         \
  .free = queens_free,                         \
  .equal = queens_equal,                       \
  .canonical_form = _pw_queens_canonical_form, \
  .to_json = queens_to_json,                   \
  .to_text = queens_to_text,                   \
  .transform = queens_transform,               \
  .describe_size = queens_describe_size,       \
  .validate = queens_validate,                 \
  .to_xcsp3 = _pw_queens_to_xcsp3,             \
  .analyse = queens_analyse

const PwKind pw_queens_kind = {
  .id = "queens",
  .name = N_("N-Queens"),
  .new_default = queens_new_default,
  .from_json = queens_from_json,
  .from_text = queens_from_text,
  .from_xcsp3 = _pw_queens_from_xcsp3,
  .figures = star_figures,
  .n_figures = N_QUEENS_FIGURES,
  .list_columns = queens_columns,
  .n_list_columns = G_N_ELEMENTS (queens_columns),
  .generate_params = queens_params,
  .n_generate_params = G_N_ELEMENTS (queens_params),
  .generate = queens_generate,
  QUEENS_COMMON,
};

const PwKind pw_star_battle_kind = {
  .id = "star-battle",
  .name = N_("Star Battle"),
  .new_default = star_new_default,
  .from_json = star_from_json,
  .from_text = star_from_text,
  .from_xcsp3 = _pw_star_battle_from_xcsp3,
  .figures = star_figures,
  .n_figures = N_STAR_FIGURES,
  .list_columns = star_columns,
  .n_list_columns = G_N_ELEMENTS (star_columns),
  .generate_params = star_params,
  .n_generate_params = G_N_ELEMENTS (star_params),
  .generate = star_generate,
  QUEENS_COMMON,
};

const PwKind *
_pw_queens_kind_of (PwQueensVariant variant)
{
  return variant == PW_QUEENS_QUEENS ? &pw_queens_kind : &pw_star_battle_kind;
}
