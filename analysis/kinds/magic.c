/* magic.c — the magic kind: magic squares with givens
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An n × n square of the distinct values 1..n², every row, column and both
 * main diagonals summing to n(n² + 1)/2; some cells given. The search is
 * magic-solve.c's; docs/rules/magic.md has the rules and figures.
 */

#define G_LOG_DOMAIN "pw-magic"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "magic-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

PwMagicLevel *
_pw_magic_level_new (guint n)
{
  PwMagicLevel *level;

  g_return_val_if_fail (n >= PW_MAGIC_MIN_N && n <= PW_MAGIC_MAX_N, NULL);

  level = g_new0 (PwMagicLevel, 1);
  level->n = n;
  level->givens = g_new0 (guint8, n * n);
  return level;
}

PwMagicLevel *
_pw_magic_level_copy (const PwMagicLevel *level)
{
  PwMagicLevel *copy;

  g_return_val_if_fail (level != NULL, NULL);

  copy = g_new0 (PwMagicLevel, 1);
  copy->n = level->n;
  copy->givens = g_memdup2 (level->givens, level->n * level->n);
  return copy;
}

void
_pw_magic_level_free (PwMagicLevel *level)
{
  if (level == NULL)
    return;
  g_free (level->givens);
  g_free (level);
}

gboolean
_pw_magic_level_equal (const PwMagicLevel *a,
                       const PwMagicLevel *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->n == b->n && memcmp (a->givens, b->givens, a->n * a->n) == 0;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

#define MAGIC_FIGURES(X)                                          \
  X (SOLUTIONS,     "solutions",                PW_FIGURE_INT,    \
     N_("Solutions"))                                             \
  X (CLASSES,       "solutions_up_to_symmetry", PW_FIGURE_INT,    \
     N_("Solutions up to symmetry"))                              \
  X (CAPPED,        "capped",                   PW_FIGURE_BOOL,   \
     N_("Count stopped at the cap"))                              \
  X (UNIQUE,        "unique",                   PW_FIGURE_BOOL,   \
     N_("Unique"))                                                \
  X (GIVENS,        "givens",                   PW_FIGURE_INT,    \
     N_("Givens"))                                                \
  X (DIFFICULTY,    "difficulty",               PW_FIGURE_DOUBLE, \
     N_("Difficulty (mean nodes)"))                               \
  X (DIFFICULTY_SD, "difficulty_sd",            PW_FIGURE_DOUBLE, \
     N_("Difficulty (standard deviation)"))                       \
  X (METHOD,        "difficulty_method",        PW_FIGURE_STRING, \
     N_("Difficulty measured with"))                              \
  X (NODES,         "nodes",                    PW_FIGURE_INT,    \
     N_("Nodes to prove the count"))                              \
  X (CONFLICTS,     "conflicts",                PW_FIGURE_CELLS,  \
     N_("Givens that clash"))                                     \
  X (SOLUTION,      "solution",                 PW_FIGURE_GRID,   \
     N_("Solution"))

/* X (id, key, type, label) */
#define AS_ENUM(id, key, type, label) FIG_##id,
enum { MAGIC_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, type, label) { key, label, type },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo magic_figures[] = { MAGIC_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (magic_figures[FIG_##id].key)

/* What the editor shows first: the count and its solution, before the
 * difficulty's searches. */
static const char * const first_look[] = { "solutions", "solutions_up_to_symmetry", "capped",
                                           "unique", "givens", "nodes", "conflicts", "solution",
                                           NULL };

/* ------------------------------------------------------------------ */
/* Rows of numbers: the payload and the text form                      */

/* Reads one row of @n cells: whitespace-separated numbers (“.” or “0”
 * blank), or for squares of at most 3 × 3 also n digits without spaces.
 * Errors name @where (“payload.grid: row 2” or “row 2”). */
static gboolean
row_from_string (const char  *text,
                 guint        n,
                 const char  *where,
                 guint        row,
                 guint8      *out,
                 GError     **error)
{
  guint max = n * n;
  g_auto(GStrv) tokens = NULL;
  guint x = 0;

  if (max <= 9 && strlen (text) == n && strpbrk (text, " \t") == NULL)
    {
      for (x = 0; x < n; x++)
        {
          char c = text[x];

          if (c == '.' || c == '0')
            out[x] = 0;
          else if (c >= '1' && c <= '9' && (guint) (c - '0') <= max)
            out[x] = c - '0';
          else
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("%s, row %u, column %u: “%c” is not a blank or a value from 1 to %u"),
                           where, row + 1, x + 1, c, max);
              return FALSE;
            }
        }
      return TRUE;
    }

  tokens = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      guint64 value;

      if (tokens[i][0] == '\0')
        continue;
      if (x == n)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s, row %u: more than %u cells"), where, row + 1, n);
          return FALSE;
        }
      if (g_str_equal (tokens[i], ".") || g_str_equal (tokens[i], "0"))
        value = 0;
      else if (!g_ascii_string_to_unsigned (tokens[i], 10, 1, max, &value, NULL))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s, row %u, column %u: “%s” is not a blank or a value from 1 to %u"),
                       where, row + 1, x + 1, tokens[i], max);
          return FALSE;
        }
      out[x++] = (guint8) value;
    }
  if (x != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s, row %u: %u cells; a row of this square has %u"), where, row + 1, x, n);
      return FALSE;
    }
  return TRUE;
}

/* Numbers right-aligned to the width of n², one space apart, “.” blank. */
static char *
row_to_string (const guint8 *values,
               guint         n)
{
  GString *text = g_string_new (NULL);
  int width = n * n >= 100 ? 3 : n * n >= 10 ? 2 : 1;

  for (guint x = 0; x < n; x++)
    {
      if (x > 0)
        g_string_append_c (text, ' ');
      if (values[x] != 0)
        g_string_append_printf (text, "%*u", width, values[x]);
      else
        g_string_append_printf (text, "%*s", width, ".");
    }
  return g_string_free (text, FALSE);
}

/* The number of cells in a row: the tokens, or the characters of a
 * compact row. */
static guint
row_width (const char *text)
{
  g_auto(GStrv) tokens = g_strsplit_set (text, " \t", -1);
  guint count = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    count += tokens[i][0] != '\0';
  if (count == 1 && strlen (text) <= 3)
    return strlen (text);
  return count;
}

/* ------------------------------------------------------------------ */
/* The kind table's level functions                                     */

static gpointer
magic_new_default (void)
{
  return _pw_magic_level_new (3);
}

static gpointer
magic_copy (gconstpointer data)
{
  return _pw_magic_level_copy (data);
}

static void
magic_free (gpointer data)
{
  _pw_magic_level_free (data);
}

static gboolean
magic_equal (gconstpointer a,
             gconstpointer b)
{
  return _pw_magic_level_equal (a, b);
}

static gpointer
magic_from_json (JsonNode  *payload,
                 GError   **error)
{
  g_autoptr(PwMagicLevel) level = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  JsonNode *size, *grid;
  JsonArray *rows;
  gint64 n;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with a “size” and a “grid”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "size") && !g_str_equal (l->data, "grid"))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("payload has an unknown member “%s”"), (const char *) l->data);
        return NULL;
      }
  size = json_object_get_member (object, "size");
  if (size == NULL || !JSON_NODE_HOLDS_VALUE (size) ||
      json_node_get_value_type (size) != G_TYPE_INT64 ||
      json_node_get_int (size) < PW_MAGIC_MIN_N || json_node_get_int (size) > PW_MAGIC_MAX_N)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.size must be a whole number from %d to %d"), PW_MAGIC_MIN_N,
                   PW_MAGIC_MAX_N);
      return NULL;
    }
  n = json_node_get_int (size);
  grid = json_object_get_member (object, "grid");
  if (grid == NULL || !JSON_NODE_HOLDS_ARRAY (grid))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid must be a list of %u row strings"), (guint) n);
      return NULL;
    }
  rows = json_node_get_array (grid);
  if (json_array_get_length (rows) != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid has %u rows; a square of size %u has %u"),
                   json_array_get_length (rows), (guint) n, (guint) n);
      return NULL;
    }
  level = _pw_magic_level_new (n);
  for (guint y = 0; y < n; y++)
    {
      JsonNode *row = json_array_get_element (rows, y);

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.grid row %u is not a string"), y + 1);
          return NULL;
        }
      if (!row_from_string (json_node_get_string (row), n, "payload.grid", y,
                            level->givens + y * n, error))
        return NULL;
    }
  return g_steal_pointer (&level);
}

static JsonNode *
magic_to_json (gconstpointer data)
{
  const PwMagicLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonArray *rows = json_array_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_int_member (object, "size", level->n);
  for (guint y = 0; y < level->n; y++)
    {
      g_autofree char *row = row_to_string (level->givens + y * level->n, level->n);

      json_array_add_string_element (rows, row);
    }
  json_object_set_array_member (object, "grid", rows);
  json_node_take_object (node, object);
  return node;
}

/* n lines of n numbers; the size is the number of lines, which every line
 * must match. */
static gpointer
magic_from_text (const char  *text,
                 GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(PwMagicLevel) level = NULL;
  guint n;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (line[0] != '\0')
        g_ptr_array_add (rows, line);
    }
  n = rows->len;
  if (n < PW_MAGIC_MIN_N || n > PW_MAGIC_MAX_N)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("a magic square has %d to %d rows; this one has %u"), PW_MAGIC_MIN_N,
                   PW_MAGIC_MAX_N, n);
      return NULL;
    }
  if (row_width (g_ptr_array_index (rows, 0)) != n)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("row 1 has %u cells but there are %u rows: a magic square is square"),
                   row_width (g_ptr_array_index (rows, 0)), n);
      return NULL;
    }
  level = _pw_magic_level_new (n);
  for (guint y = 0; y < n; y++)
    /* Translators: the start of an error message about a plain-text level, "grid, row 2, …" */
    if (!row_from_string (g_ptr_array_index (rows, y), n, _("grid"), y, level->givens + y * n,
                          error))
      return NULL;
  return g_steal_pointer (&level);
}

static char *
magic_to_text (gconstpointer data)
{
  const PwMagicLevel *level = data;
  GString *text = g_string_new (NULL);

  for (guint y = 0; y < level->n; y++)
    {
      g_autofree char *row = row_to_string (level->givens + y * level->n, level->n);

      g_string_append_printf (text, "%s\n", row);
    }
  return g_string_free (text, FALSE);
}

static guint
transform_cell (guint       cell,
                guint       n,
                PwTransform transform)
{
  switch (transform)
    {
    case PW_TRANSFORM_MIRROR_LEFT_RIGHT:
      return _pw_magic_symmetry_cell (n, 4, cell);
    case PW_TRANSFORM_MIRROR_TOP_BOTTOM:
      return _pw_magic_symmetry_cell (n, 6, cell);
    case PW_TRANSFORM_ROTATE_CLOCKWISE:
      return _pw_magic_symmetry_cell (n, 1, cell);
    case PW_TRANSFORM_ROTATE_ANTICLOCKWISE:
    default:
      return _pw_magic_symmetry_cell (n, 3, cell);
    }
}

/* Every symmetry of the square maps magic squares to magic squares. */
static gpointer
magic_transform (gconstpointer data,
                 PwTransform   transform)
{
  const PwMagicLevel *level = data;
  PwMagicLevel *out = _pw_magic_level_new (level->n);

  for (guint c = 0; c < level->n * level->n; c++)
    out->givens[transform_cell (c, level->n, transform)] = level->givens[c];
  return out;
}

static char *
magic_describe_size (gconstpointer data)
{
  const PwMagicLevel *level = data;

  return g_strdup_printf ("%u×%u", level->n, level->n);
}

/* Givens are values 1..n² by construction; what clashes is a figure, not
 * a problem: such a square has no solution, which the analysis says. */
static GPtrArray *
magic_validate (gconstpointer data)
{
  const PwMagicLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);

  for (guint c = 0; c < level->n * level->n; c++)
    if (level->givens[c] > level->n * level->n)
      g_ptr_array_add (problems,
                       pw_problem_new_cell (c % level->n, c / level->n,
                                            _("%u is larger than %u"), level->givens[c],
                                            level->n * level->n));
  return problems;
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

static void
mark_line_if_broken (const PwMagicLevel *level,
                     const guint        *cells,
                     guint8             *marked)
{
  guint n = level->n, sum = 0, blanks = 0;

  for (guint i = 0; i < n; i++)
    {
      sum += level->givens[cells[i]];
      blanks += level->givens[cells[i]] == 0;
    }
  /* full and wrong, or already over the sum */
  if ((blanks == 0 && sum != _pw_magic_sum (n)) || sum > _pw_magic_sum (n))
    for (guint i = 0; i < n; i++)
      if (level->givens[cells[i]] != 0)
        marked[cells[i]] = 1;
}

/* Givens that break a rule by themselves: a value given twice, a line of
 * givens that does not make the sum or already exceeds it. */
static void
find_conflicts (const PwMagicLevel *level,
                guint8             *marked)
{
  guint n = level->n, cells = n * n;
  g_autofree guint *where = g_new (guint, cells + 1);
  guint line[PW_MAGIC_MAX_N] = { 0 };

  memset (marked, 0, cells);
  for (guint v = 0; v <= cells; v++)
    where[v] = G_MAXUINT;
  for (guint c = 0; c < cells; c++)
    {
      guint v = level->givens[c];

      if (v == 0)
        continue;
      if (where[v] != G_MAXUINT)
        marked[where[v]] = marked[c] = 1;
      else
        where[v] = c;
    }
  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < n; j++)
        line[j] = i * n + j;
      mark_line_if_broken (level, line, marked);
      for (guint j = 0; j < n; j++)
        line[j] = j * n + i;
      mark_line_if_broken (level, line, marked);
    }
  for (guint j = 0; j < n; j++)
    line[j] = j * n + j;
  mark_line_if_broken (level, line, marked);
  for (guint j = 0; j < n; j++)
    line[j] = j * n + (n - 1 - j);
  mark_line_if_broken (level, line, marked);
}

static PwAnalysis *
magic_analyse (gconstpointer           data,
               const PwAnalyseOptions *options,
               PwProgressFunc          progress,
               gpointer                progress_data,
               GCancellable           *cancellable,
               GError                **error)
{
  const PwMagicLevel *level = data;
  g_autoptr(GPtrArray) problems = magic_validate (level);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GTimer) phase = g_timer_new ();
  guint n = level->n, cells = n * n, givens = 0;
  g_autofree guint8 *marked = g_new0 (guint8, cells);
  g_autofree guint8 *first = g_new0 (guint8, cells);
  guint64 cap = MAX (options->max_solutions, 1);
  guint64 total = MAX (options->max_states, 4);
  guint64 measure_budget = total / 2;
  PwMagicCount count;
  JsonObject *figures;
  gboolean partial = FALSE;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  analysis = pw_analysis_new (pw_magic_kind.id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, magic_figures[f].key);

  for (guint c = 0; c < cells; c++)
    givens += level->givens[c] != 0;
  json_object_set_int_member (figures, FIG (GIVENS), givens);
  find_conflicts (level, marked);
  json_object_set_array_member (figures, FIG (CONFLICTS), pw_figure_cells_where (marked, n, n * n));

  /* the count, with the first solution */
  if (!_pw_magic_count (level, cap, total / 2, options->seed, first, NULL, &count, cancellable,
                        options->deadline, error))
    return NULL;
  pw_analyse_options_trace (options, "count: %" G_GUINT64_FORMAT " solutions%s, %" G_GUINT64_FORMAT " nodes, %.3f s",
         count.solutions, count.exact ? "" : count.capped ? " (capped)" : " (budget)",
         count.nodes, g_timer_elapsed (phase, NULL));
  if (progress)
    progress (count.nodes, progress_data);
  if (count.solutions > 0)
    json_object_set_array_member (figures, FIG (SOLUTION), pw_figure_rows_u8 (first, n, n));
  if (count.exact || count.capped)
    {
      json_object_set_int_member (figures, FIG (SOLUTIONS), MIN (count.solutions, cap));
      json_object_set_boolean_member (figures, FIG (CAPPED), count.capped);
      json_object_set_boolean_member (figures, FIG (UNIQUE), count.solutions == 1);
      json_object_set_int_member (figures, FIG (NODES), count.nodes);
      if (!count.capped)
        json_object_set_int_member (figures, FIG (CLASSES), count.classes);
    }
  else
    partial = TRUE;

  /* difficulty: the multiple method (also the effort to prove there is
   * no solution) */
  if (pw_analyse_options_wants (options, FIG (DIFFICULTY)) ||
      pw_analyse_options_wants (options, FIG (DIFFICULTY_SD)) ||
      pw_analyse_options_wants (options, FIG (METHOD)))
    {
      double mean = 0, sd = 0;
      gboolean limited;
      guint runs = MAX (options->search_runs, 1);

      g_timer_start (phase);
      if (!_pw_magic_measure (level, options->seed, runs, &measure_budget, &mean, &sd, &limited,
                              cancellable, options->deadline, error))
        return NULL;
      pw_analyse_options_trace (options, "difficulty: %u runs, mean %.1f nodes, %.3f s", runs, mean,
             g_timer_elapsed (phase, NULL));
      if (limited)
        partial = TRUE;
      else
        {
          g_autofree char *method = NULL;

          json_object_set_double_member (figures, FIG (DIFFICULTY), round (mean * 100) / 100);
          json_object_set_double_member (figures, FIG (DIFFICULTY_SD), round (sd * 100) / 100);
          /* Translators: how the difficulty figure of a magic square was measured */
          method = g_strdup_printf (_("mean nodes over %u random orders (line sums, fewest values "
                                      "first, count to 2)"), runs);
          json_object_set_string_member (figures, FIG (METHOD), method);
        }
      if (progress)
        progress (count.nodes + (total / 2 - measure_budget), progress_data);
    }

  if (partial)
    pw_analysis_set_partial (analysis, _("the node budget ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* The kind table                                                       */

static const PwGenerateParam magic_params[] = {
  { "size", N_("N"), N_("square size, 3 to 11 (default 4)") },
  { "givens", N_("MIN-MAX"),
    N_("stop emptying at this many givens (default: empty every cell that can go)") },
  { "solutions", N_("K"), N_("keep emptying while at most K solutions (default 1: unique)") },
};

/* The level list: how many squares, up to symmetry too, and how hard
 * for a solver. */
static const PwListColumn magic_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, counted up to the cap"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "solutions_up_to_symmetry", N_("Distinct"),
    N_("Solutions counted once per rotation and reflection"), PW_COLUMN_COUNT,
    pw_list_column_format_capped },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_DECIMAL },
};

const PwKind pw_magic_kind = {
  .id = "magic",
  .name = N_("Magic square"),
  .new_default = magic_new_default,
  .copy = magic_copy,
  .free = magic_free,
  .equal = magic_equal,
  .canonical_form = _pw_magic_canonical_form,
  .from_json = magic_from_json,
  .to_json = magic_to_json,
  .from_text = magic_from_text,
  .to_text = magic_to_text,
  .transform = magic_transform,
  .describe_size = magic_describe_size,
  .validate = magic_validate,
  .to_xcsp3 = _pw_magic_to_xcsp3,
  .from_xcsp3 = _pw_magic_from_xcsp3,
  .figures = magic_figures,
  .n_figures = N_FIGURES,
  .first_look = first_look,
  .list_columns = magic_columns,
  .n_list_columns = G_N_ELEMENTS (magic_columns),
  .solvable_figure = "solutions",
  .progress_unit = N_("search nodes"),
  .analyse = magic_analyse,
  .generate_params = magic_params,
  .n_generate_params = G_N_ELEMENTS (magic_params),
  .generate = _pw_magic_generate,
};
