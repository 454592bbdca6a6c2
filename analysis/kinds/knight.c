/* knight.c — the knights-tour kind: a knight's path over a board,
 * visiting every cell that is not blocked once, with given step numbers
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level model, payload, text form, transforms, validation and the
 * analysis; the search is knight-search.c, the generator
 * knight-generate.c. Rules: docs/rules/knights-tour.md.
 */

#define G_LOG_DOMAIN "pw-knight"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "knight-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

PwKnightLevel *
_pw_knight_level_new (guint    width,
                      guint    height,
                      gboolean closed)
{
  PwKnightLevel *level;

  g_return_val_if_fail (width >= 1 && width <= PW_KNIGHT_MAX_SIZE, NULL);
  g_return_val_if_fail (height >= 1 && height <= PW_KNIGHT_MAX_SIZE, NULL);

  level = g_new0 (PwKnightLevel, 1);
  level->width = width;
  level->height = height;
  level->closed = closed;
  level->cells = g_new0 (guint16, width * height);
  return level;
}

PwKnightLevel *
_pw_knight_level_copy (const PwKnightLevel *level)
{
  PwKnightLevel *copy;

  g_return_val_if_fail (level != NULL, NULL);

  copy = g_memdup2 (level, sizeof *level);
  copy->cells = g_memdup2 (level->cells, sizeof (guint16) * level->width * level->height);
  return copy;
}

void
_pw_knight_level_free (PwKnightLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->cells);
  g_free (level);
}

gboolean
_pw_knight_level_equal (const PwKnightLevel *a,
                        const PwKnightLevel *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->width == b->width && a->height == b->height && !a->closed == !b->closed &&
         memcmp (a->cells, b->cells, sizeof (guint16) * a->width * a->height) == 0;
}

guint
_pw_knight_level_n_free (const PwKnightLevel *level)
{
  guint n = 0;

  g_return_val_if_fail (level != NULL, 0);

  for (guint c = 0; c < level->width * level->height; c++)
    n += level->cells[c] != PW_KNIGHT_BLOCKED;
  return n;
}

guint
_pw_knight_level_n_givens (const PwKnightLevel *level)
{
  guint n = 0;

  g_return_val_if_fail (level != NULL, 0);

  for (guint c = 0; c < level->width * level->height; c++)
    n += level->cells[c] != 0 && level->cells[c] != PW_KNIGHT_BLOCKED;
  return n;
}

/* ------------------------------------------------------------------ */
/* Rows of cells as text, for the payload and the text form             */

/* The cells of one row: step numbers, "." or "0" blank, "x" blocked,
 * separated by spaces or tabs. @where names the row in errors ("Row 2",
 * "payload.grid: Row 2"). Numbers are checked against the board later. */
static gboolean
row_from_string (const char  *text,
                 const char  *where,
                 GArray      *row,
                 GError     **error)
{
  g_auto(GStrv) tokens = g_strsplit_set (text, " \t", -1);

  g_array_set_size (row, 0);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];
      guint16 value;
      guint64 number;

      if (*t == '\0')
        continue;
      if (row->len == PW_KNIGHT_MAX_SIZE)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s has more than %d cells; a board is at most %d wide"), where,
                       PW_KNIGHT_MAX_SIZE, PW_KNIGHT_MAX_SIZE);
          return FALSE;
        }
      if (g_str_equal (t, ".") || g_str_equal (t, "0"))
        value = 0;
      else if (g_str_equal (t, "x") || g_str_equal (t, "X"))
        value = PW_KNIGHT_BLOCKED;
      else if (g_ascii_string_to_unsigned (t, 10, 1, PW_KNIGHT_MAX_SIZE * PW_KNIGHT_MAX_SIZE,
                                           &number, NULL))
        value = number;
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s, column %u: “%s” is not a step number, “.” or “x”"), where,
                       row->len + 1, t);
          return FALSE;
        }
      g_array_append_val (row, value);
    }
  return TRUE;
}

/* Rows read one by one into a level: equal lengths, the size limits, and
 * numbers no larger than the board's cells. */
typedef struct
{
  GArray *cells;   /* guint16, row after row */
  guint   width;
  guint   height;
} RowReader;

static gboolean
reader_add (RowReader   *reader,
            const char  *text,
            const char  *where,
            GError     **error)
{
  g_autoptr(GArray) row = g_array_new (FALSE, FALSE, sizeof (guint16));

  if (!row_from_string (text, where, row, error))
    return FALSE;
  if (row->len == 0)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("%s is empty"), where);
      return FALSE;
    }
  if (reader->height == 0)
    reader->width = row->len;
  else if (row->len != reader->width)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s has %u cells; the first row has %u"), where, row->len, reader->width);
      return FALSE;
    }
  if (reader->height == PW_KNIGHT_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s: a board has at most %d rows"), where, PW_KNIGHT_MAX_SIZE);
      return FALSE;
    }
  g_array_append_vals (reader->cells, row->data, row->len);
  reader->height++;
  return TRUE;
}

/* The level the rows make; @prefix starts each message ("payload.grid: "
 * or ""). */
static PwKnightLevel *
reader_finish (RowReader   *reader,
               gboolean     closed,
               const char  *prefix,
               GError     **error)
{
  guint w = reader->width, h = reader->height;
  PwKnightLevel *level;

  if (h == 0)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("%sThere are no rows"),
                   prefix);
      return NULL;
    }
  if (w < PW_KNIGHT_MIN_SIZE || h < PW_KNIGHT_MIN_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%sThe board is %u×%u; a board is %d to %d cells wide and high"), prefix,
                   w, h, PW_KNIGHT_MIN_SIZE, PW_KNIGHT_MAX_SIZE);
      return NULL;
    }
  for (guint c = 0; c < w * h; c++)
    {
      guint v = g_array_index (reader->cells, guint16, c);

      if (v != PW_KNIGHT_BLOCKED && v > w * h)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%sRow %u, column %u: %u is larger than the %u cells of the board"),
                       prefix, c / w + 1, c % w + 1, v, w * h);
          return NULL;
        }
    }
  level = _pw_knight_level_new (w, h, closed);
  memcpy (level->cells, reader->cells->data, sizeof (guint16) * w * h);
  return level;
}

/* One row as text: numbers right-aligned to the width of the largest
 * step, "." blank, "x" blocked, one space apart. */
static char *
row_to_string (const PwKnightLevel *level,
               guint                y)
{
  GString *text = g_string_new (NULL);
  guint cells = level->width * level->height;
  int width = cells >= 1000 ? 4 : cells >= 100 ? 3 : cells >= 10 ? 2 : 1;

  for (guint x = 0; x < level->width; x++)
    {
      guint v = level->cells[y * level->width + x];

      if (x > 0)
        g_string_append_c (text, ' ');
      if (v == PW_KNIGHT_BLOCKED)
        g_string_append_printf (text, "%*s", width, "x");
      else if (v == 0)
        g_string_append_printf (text, "%*s", width, ".");
      else
        g_string_append_printf (text, "%*u", width, v);
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* The text form                                                        */

PwKnightLevel *
_pw_knight_from_text (const char  *text,
                      GError     **error)
{
  g_auto(GStrv) lines = NULL;
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint16));
  RowReader reader = { cells, 0, 0 };
  gboolean closed = FALSE, first = TRUE;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      g_autofree char *where = NULL;

      if (*line == '\0' && first)
        continue;
      if (*line == '\0')
        {
          /* blank lines end a level in a file; inside one text, only
           * leading and trailing ones are allowed */
          for (guint j = i + 1; lines[j] != NULL; j++)
            if (*g_strstrip (lines[j]) != '\0')
              {
                g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                             _("A blank line after row %u is inside the board"), reader.height);
                return NULL;
              }
          break;
        }
      if (first && g_ascii_isalpha (*line) && !g_str_equal (line, "x") &&
          !g_str_equal (line, "X") && strchr (line, ' ') == NULL && strchr (line, '\t') == NULL)
        {
          first = FALSE;
          if (g_ascii_strcasecmp (line, "closed") == 0)
            closed = TRUE;
          else if (g_ascii_strcasecmp (line, "open") != 0)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("The first line “%s” is not “open”, “closed” or a row"), line);
              return NULL;
            }
          continue;
        }
      first = FALSE;
      where = g_strdup_printf (_("Row %u"), reader.height + 1);
      if (!reader_add (&reader, line, where, error))
        return NULL;
    }
  return reader_finish (&reader, closed, "", error);
}

char *
_pw_knight_to_text (const PwKnightLevel *level)
{
  GString *text;

  g_return_val_if_fail (level != NULL, NULL);

  text = g_string_new (level->closed ? "closed\n" : "open\n");
  for (guint y = 0; y < level->height; y++)
    {
      g_autofree char *row = row_to_string (level, y);

      g_string_append_printf (text, "%s\n", row);
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* The kind table's level functions                                     */

static gpointer
knight_new_default (void)
{
  return _pw_knight_level_new (8, 8, FALSE);
}

static gpointer
knight_copy (gconstpointer data)
{
  return _pw_knight_level_copy (data);
}

static void
knight_free (gpointer data)
{
  _pw_knight_level_free (data);
}

static gboolean
knight_equal (gconstpointer a,
              gconstpointer b)
{
  return _pw_knight_level_equal (a, b);
}

/* { "closed": false, "grid": [ ROW, … ] } */
static gpointer
knight_from_json (JsonNode  *payload,
                  GError   **error)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint16));
  g_autoptr(GList) members = NULL;
  RowReader reader = { cells, 0, 0 };
  JsonObject *object;
  JsonNode *node;
  JsonArray *rows;
  gboolean closed = FALSE;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with a “grid”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "closed") && !g_str_equal (l->data, "grid"))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("payload has an unknown member “%s”"), (const char *) l->data);
        return NULL;
      }
  node = json_object_get_member (object, "closed");
  if (node != NULL)
    {
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                               _("payload.closed must be true or false"));
          return NULL;
        }
      closed = json_node_get_boolean (node);
    }
  node = json_object_get_member (object, "grid");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.grid must be a list of row strings"));
      return NULL;
    }
  rows = json_node_get_array (node);
  for (guint y = 0; y < json_array_get_length (rows); y++)
    {
      JsonNode *row = json_array_get_element (rows, y);
      g_autofree char *where = g_strdup_printf (_("payload.grid: Row %u"), y + 1);

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, _("%s is not a string"),
                       where);
          return NULL;
        }
      if (!reader_add (&reader, json_node_get_string (row), where, error))
        return NULL;
    }
  return reader_finish (&reader, closed, "payload.grid: ", error);
}

static JsonNode *
knight_to_json (gconstpointer data)
{
  const PwKnightLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonArray *rows = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (guint y = 0; y < level->height; y++)
    {
      g_autofree char *row = row_to_string (level, y);

      json_array_add_string_element (rows, row);
    }
  json_object_set_boolean_member (object, "closed", level->closed);
  json_object_set_array_member (object, "grid", rows);
  json_node_take_object (node, object);
  return node;
}

static gpointer
knight_from_text (const char  *text,
                  GError     **error)
{
  return _pw_knight_from_text (text, error);
}

static char *
knight_to_text (gconstpointer data)
{
  return _pw_knight_to_text (data);
}

/* ------------------------------------------------------------------ */
/* Edits                                                                */

static gpointer
knight_transform (gconstpointer data,
                  PwTransform   transform)
{
  const PwKnightLevel *level = data;
  gboolean turn = pw_transform_turns (transform);
  guint w = level->width, h = level->height;
  PwKnightLevel *out = _pw_knight_level_new (turn ? h : w, turn ? w : h, level->closed);

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint nx, ny;

        pw_transform_point (transform, w, h, x, y, &nx, &ny);
        out->cells[ny * out->width + nx] = level->cells[y * w + x];
      }
  return out;
}

static gpointer
knight_resize (gconstpointer  data,
               PwSide         side,
               int            delta,
               GError       **error)
{
  const PwKnightLevel *level = data;
  gboolean rows = side == PW_SIDE_TOP || side == PW_SIDE_BOTTOM;
  int w = level->width + (rows ? 0 : delta);
  int h = level->height + (rows ? delta : 0);
  int dx = side == PW_SIDE_LEFT ? delta : 0;
  int dy = side == PW_SIDE_TOP ? delta : 0;
  PwKnightLevel *out;

  if (w < PW_KNIGHT_MIN_SIZE || h < PW_KNIGHT_MIN_SIZE || w > PW_KNIGHT_MAX_SIZE ||
      h > PW_KNIGHT_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("A knight’s tour board is %d to %d cells wide and high"),
                   PW_KNIGHT_MIN_SIZE, PW_KNIGHT_MAX_SIZE);
      return NULL;
    }
  out = _pw_knight_level_new (w, h, level->closed);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int ox = x - dx, oy = y - dy;

        if (ox >= 0 && oy >= 0 && ox < (int) level->width && oy < (int) level->height)
          out->cells[y * w + x] = level->cells[oy * level->width + ox];
      }
  return out;
}

static char *
knight_describe_size (gconstpointer data)
{
  const PwKnightLevel *level = data;

  return g_strdup_printf ("%u×%u", level->width, level->height);
}

/* What stops a level from being analysed: only a board with nothing to
 * visit. Givens that clash are not a problem here: the analysis says the
 * level has no solution and names them. */
static GPtrArray *
knight_validate (gconstpointer data)
{
  const PwKnightLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);

  if (_pw_knight_level_n_free (level) == 0)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("Every cell is blocked: the knight has "
                                                    "nowhere to go")));
  return problems;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

#define KNIGHT_FIGURES(X)                                                                        \
  X (SOLUTIONS,     "solutions",         N_("Solutions"),                        PW_FIGURE_INT)    \
  X (CAPPED,        "capped",            N_("Count stopped at the cap"),          PW_FIGURE_BOOL)   \
  X (UNIQUE,        "unique",            N_("Unique"),                            PW_FIGURE_BOOL)   \
  X (CELLS,         "cells",             N_("Cells to visit"),                    PW_FIGURE_INT)    \
  X (GIVENS,        "givens",            N_("Givens"),                            PW_FIGURE_INT)    \
  X (DIFFICULTY,    "difficulty",        N_("Difficulty (mean nodes)"),           PW_FIGURE_DOUBLE) \
  X (DIFFICULTY_SD, "difficulty_sd",     N_("Difficulty (standard deviation)"),   PW_FIGURE_DOUBLE) \
  X (METHOD,        "difficulty_method", N_("Difficulty measured with"),          PW_FIGURE_STRING) \
  X (NODES,         "nodes",             N_("Nodes to prove the count"),          PW_FIGURE_INT)    \
  X (MINIMAL,       "minimal",           N_("Minimal (no given can go)"),         PW_FIGURE_BOOL)   \
  X (REDUNDANT,     "redundant_givens",  N_("Givens that can go"),                PW_FIGURE_CELLS)  \
  X (CONFLICTS,     "conflicts",         N_("Givens that clash"),                 PW_FIGURE_CELLS)  \
  X (DIFFERING,     "differing_cells",   N_("Cells where two solutions differ"),  PW_FIGURE_CELLS)  \
  X (SOLUTION,      "solution",          N_("Solution"),                          PW_FIGURE_GRID)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { KNIGHT_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, label, type) { key, label, type },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo knight_figures[] = { KNIGHT_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (knight_figures[FIG_##id].key)

/* What the editor shows first: the count and its solution; the
 * difficulty's searches and the minimality's (one count a given) can take
 * minutes on large boards. */
static const char * const first_look[] = { "solutions", "capped", "unique", "cells", "givens",
                                           "nodes", "conflicts", "differing_cells", "solution",
                                           NULL };

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

/* The first two numbered tours a count meets. A closed tour standing for
 * its rotations (weight > 1) gives the second itself: numbered from its
 * second cell. */
typedef struct
{
  guint    n_cells;
  guint    n_steps;
  guint    found;
  guint16 *first;
  guint16 *second;
} Solutions;

static gboolean
keep_two (const guint16 *steps,
          guint64        weight,
          gpointer       data)
{
  Solutions *s = data;

  if (s->found == 0)
    {
      memcpy (s->first, steps, sizeof (guint16) * s->n_cells);
      s->found++;
      if (weight > 1)
        {
          for (guint c = 0; c < s->n_cells; c++)
            s->second[c] = steps[c] == 0 ? 0 : steps[c] % s->n_steps + 1;
          s->found++;
        }
    }
  else if (s->found == 1)
    {
      memcpy (s->second, steps, sizeof (guint16) * s->n_cells);
      s->found++;
    }
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
  guint64 left;      /* nodes */
} Budget;

static void
budget_spend (Budget               *budget,
              const PwKnightResult *result)
{
  budget->left = budget->left > result->nodes ? budget->left - result->nodes : 0;
}

/* The multiple method (see knight-private.h). */
gboolean
_pw_knight_measure (const PwKnightBoard *board,
                    const PwKnightLevel *level,
                    guint64              seed,
                    guint                runs,
                    guint64             *budget,
                    double              *mean,
                    double              *sd,
                    gboolean            *limited,
                    GCancellable        *cancellable,
                    PwDeadline          *deadline,
                    GError             **error)
{
  g_autofree guint64 *nodes = NULL;
  double sum = 0, squares = 0;

  g_return_val_if_fail (board != NULL && level != NULL && budget != NULL, FALSE);
  g_return_val_if_fail (runs > 0, FALSE);

  nodes = g_new0 (guint64, runs);
  *limited = FALSE;
  for (guint r = 0; r < runs; r++)
    {
      PwKnightSearch search;
      PwKnightResult result;

      _pw_knight_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (*budget, 1);
      search.random_order = TRUE;
      search.seed = run_seed (seed, r);
      search.cancellable = cancellable;
      search.deadline = deadline;
      if (!_pw_knight_search (board, level, &search, &result, error))
        return FALSE;
      *budget = *budget > result.nodes ? *budget - result.nodes : 0;
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
find_redundant (const PwKnightBoard *board,
                const PwKnightLevel *level,
                guint8              *redundant,
                Budget              *budget,
                gboolean            *limited,
                GCancellable        *cancellable,
                PwDeadline          *deadline,
                GError             **error)
{
  g_autoptr(PwKnightLevel) without = _pw_knight_level_copy (level);
  guint cells = level->width * level->height;

  *limited = FALSE;
  memset (redundant, 0, cells);
  for (guint c = 0; c < cells; c++)
    {
      PwKnightSearch search;
      PwKnightResult result;

      if (level->cells[c] == 0 || level->cells[c] == PW_KNIGHT_BLOCKED)
        continue;
      without->cells[c] = 0;
      _pw_knight_search_init (&search);
      search.max_solutions = 2;
      search.max_nodes = MAX (budget->left, 1);
      search.cancellable = cancellable;
      search.deadline = deadline;
      if (!_pw_knight_search (board, without, &search, &result, error))
        return FALSE;
      budget_spend (budget, &result);
      without->cells[c] = level->cells[c];
      if (result.node_limit)
        {
          *limited = TRUE;
          return TRUE;
        }
      redundant[c] = result.solutions == 1;
    }
  return TRUE;
}

static PwAnalysis *
knight_analyse (gconstpointer           data,
                const PwAnalyseOptions *options,
                PwProgressFunc          progress,
                gpointer                progress_data,
                GCancellable           *cancellable,
                GError                **error)
{
  const PwKnightLevel *level = data;
  g_autoptr(GPtrArray) problems = knight_validate (level);
  g_autoptr(PwKnightBoard) board = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autofree guint8 *marked = NULL;
  g_autofree guint16 *first = NULL;
  g_autofree guint16 *second = NULL;
  guint w = level->width, h = level->height, cells = w * h;
  guint64 cap = MAX (options->max_solutions, 1);
  guint64 total = MAX (options->max_states, 4);
  Budget count_budget = { total / 4 };
  Budget measure_budget = { total / 2 };
  Budget minimal_budget = { total / 4 };
  Solutions solutions;
  PwKnightSearch search;
  PwKnightResult counted;
  JsonObject *figures;
  gboolean partial = FALSE, unique;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  board = _pw_knight_board_new (level);
  analysis = pw_analysis_new (pw_knights_tour_kind.id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, knight_figures[f].key);

  json_object_set_int_member (figures, FIG (CELLS), _pw_knight_level_n_free (level));
  json_object_set_int_member (figures, FIG (GIVENS), _pw_knight_level_n_givens (level));
  marked = g_new0 (guint8, cells);
  _pw_knight_find_conflicts (board, level, marked);
  json_object_set_array_member (figures, FIG (CONFLICTS), pw_figure_cells_where (marked, w, cells));

  /* the count, with the first two solutions, in Warnsdorff's order */
  first = g_new0 (guint16, cells);
  second = g_new0 (guint16, cells);
  solutions = (Solutions) { cells, _pw_knight_level_n_free (level), 0, first, second };
  _pw_knight_search_init (&search);
  search.max_solutions = cap + 1;
  search.max_nodes = count_budget.left;
  search.on_solution = keep_two;
  search.on_solution_data = &solutions;
  search.cancellable = cancellable;
  search.deadline = options->deadline;
  if (!_pw_knight_search (board, level, &search, &counted, error))
    return NULL;
  budget_spend (&count_budget, &counted);
  pw_analyse_options_trace (options, "count: %" G_GUINT64_FORMAT " solutions, %" G_GUINT64_FORMAT " nodes, %.3f s",
         counted.solutions, counted.nodes, g_timer_elapsed (timer, NULL));
  if (progress)
    progress (counted.nodes, progress_data);

  if (solutions.found > 0)
    json_object_set_array_member (figures, FIG (SOLUTION), pw_figure_rows_u16 (first, w, h));
  if (solutions.found > 1)
    {
      for (guint c = 0; c < cells; c++)
        marked[c] = first[c] != second[c];
      json_object_set_array_member (figures, FIG (DIFFERING), pw_figure_cells_where (marked, w, cells));
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

  /* difficulty: the multiple method */
  if (pw_analyse_options_wants (options, FIG (DIFFICULTY)) ||
      pw_analyse_options_wants (options, FIG (DIFFICULTY_SD)) ||
      pw_analyse_options_wants (options, FIG (METHOD)))
    {
      double mean = 0, sd = 0;
      gboolean limited;
      guint runs = MAX (options->search_runs, 1);

      if (!_pw_knight_measure (board, level, options->seed, runs, &measure_budget.left, &mean,
                               &sd, &limited, cancellable, options->deadline, error))
        return NULL;
      if (limited)
        partial = TRUE;
      else
        {
          g_autofree char *method = NULL;

          json_object_set_double_member (figures, FIG (DIFFICULTY), round (mean * 100) / 100);
          json_object_set_double_member (figures, FIG (DIFFICULTY_SD), round (sd * 100) / 100);
          /* Translators: how the difficulty figure was measured */
          method = g_strdup_printf (_("mean nodes over %u random orders (Warnsdorff’s rule, "
                                      "ties at random, count to 2)"), runs);
          json_object_set_string_member (figures, FIG (METHOD), method);
        }
      pw_analyse_options_trace (options, "multiple method: %u runs, %" G_GUINT64_FORMAT " nodes, %.3f s", runs,
             total / 2 - measure_budget.left, g_timer_elapsed (timer, NULL));
      if (progress)
        progress (counted.nodes + (total / 2 - measure_budget.left), progress_data);
    }

  /* minimality, for proper puzzles */
  if (unique && (pw_analyse_options_wants (options, FIG (MINIMAL)) ||
                 pw_analyse_options_wants (options, FIG (REDUNDANT))))
    {
      g_autofree guint8 *redundant = g_new0 (guint8, cells);
      gboolean limited;

      if (!find_redundant (board, level, redundant, &minimal_budget, &limited, cancellable,
                           options->deadline, error))
        return NULL;
      if (limited)
        partial = TRUE;
      else
        {
          JsonArray *list = pw_figure_cells_where (redundant, w, cells);

          json_object_set_boolean_member (figures, FIG (MINIMAL),
                                          json_array_get_length (list) == 0);
          json_object_set_array_member (figures, FIG (REDUNDANT), list);
        }
      pw_analyse_options_trace (options, "minimality: %" G_GUINT64_FORMAT " nodes, %.3f s",
             total / 4 - minimal_budget.left, g_timer_elapsed (timer, NULL));
    }

  if (partial)
    pw_analysis_set_partial (analysis, _("the node budget ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* The kind table                                                       */

/* The level list: is it a proper puzzle, how hard for a solver, how
 * many numbers are given. */
static const PwListColumn knight_columns[] = {
  { "solutions", N_("Solutions"), N_("Tours, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_DECIMAL },
  { "givens", N_("Givens"), N_("Given step numbers"), PW_COLUMN_COUNT },
};

const PwKind pw_knights_tour_kind = {
  .id = "knights-tour",
  .name = N_("Knight’s tour"),
  .new_default = knight_new_default,
  .copy = knight_copy,
  .free = knight_free,
  .equal = knight_equal,
  .canonical_form = _pw_knight_canonical_form,
  .from_json = knight_from_json,
  .to_json = knight_to_json,
  .from_text = knight_from_text,
  .to_text = knight_to_text,
  .transform = knight_transform,
  .resize = knight_resize,
  .describe_size = knight_describe_size,
  .validate = knight_validate,
  .to_xcsp3 = _pw_knight_to_xcsp3,
  .from_xcsp3 = _pw_knight_from_xcsp3,
  .figures = knight_figures,
  .n_figures = N_FIGURES,
  .first_look = first_look,
  .list_columns = knight_columns,
  .n_list_columns = G_N_ELEMENTS (knight_columns),
  .solvable_figure = "solutions",
  .progress_unit = N_("search nodes"),
  .analyse = knight_analyse,
  .generate_params = _pw_knight_generate_params,
  .n_generate_params = PW_KNIGHT_N_GENERATE_PARAMS,
  .generate = _pw_knight_generate,
};
