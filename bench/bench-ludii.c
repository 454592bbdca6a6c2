/* bench-ludii.c — the Ludii→XCSP paper's instances through `puzzlewright
 * analyse`, process start included, next to the paper's times and Gecode's
 * (the MiniZinc models in bench/ludii, run with `minizinc --solver
 * gecode`). Figures in docs/performance.md, "Ludii instances (issues 13
 * and 14)".
 *
 *   bench-ludii [--runs N] [--gecode-runs N] [--time-limit S] [--no-gecode]
 *               [--keep] [--cli PUZZLEWRIGHT] [INSTANCES.txt]
 *
 * INSTANCES.txt (default bench/ludii/instances.txt) holds one instance a
 * line: KIND SIZE TASK PAPER TARGET TEXT. TASK is what both solvers do:
 *
 *   one     find a solution   analyse --max-solutions 1 --figures solution
 *                             minizinc (first solution)
 *   unique  solve and prove   analyse --max-solutions 2 --figures solutions,solution
 *           the count to 2    minizinc -n 2
 *   all     count them all    analyse --max-solutions 100000000 --figures solutions
 *                             minizinc -a
 *
 * PAPER is the paper's time in seconds (`-` when it has none), TARGET the
 * goal in seconds (`-`: the paper's time / 100). TEXT is what `puzzlewright
 * import --kind KIND` reads, `|` standing for a line break; `empty` is the
 * empty SIZE × SIZE board, and for knights-tour `open` or `closed` the
 * empty board of that kind of tour.
 *
 * Each instance is imported once into a one-level set (not timed); each
 * row then runs the command N times (default 5), a fresh process each
 * time, and gives the fastest and the median. The MiniZinc data file is
 * written from the level's payload as the set stores it, so both solvers
 * read the same level. Each row checks that both found the same number of
 * solutions (for `one`: both found one) and the bench fails when one does
 * not: bench/ludii/check.txt holds small instances whose full counts check
 * the models against the kinds.
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "bench-ludii"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

typedef enum
{
  TASK_ONE,
  TASK_UNIQUE,
  TASK_ALL,
} Task;

static const char *const task_names[] = { "one", "unique", "all" };

static const char *const task_args[] = {
  "--max-solutions 1 --figures solution",
  "--max-solutions 2 --figures solutions,solution",
  "--max-solutions 100000000 --figures solutions",
};

typedef struct
{
  char   *kind;
  guint   size;
  Task    task;
  double  paper;   /* seconds, < 0: none */
  double  target;  /* seconds */
  char   *text;
  char   *label;
} Instance;

typedef struct
{
  double   best;       /* wall clock */
  double   median;
  double   cpu;        /* user + system time of the fastest run by CPU */
  gint64   solutions;  /* -1: not known */
  gboolean complete;   /* the count is proved (or, for one, a solution found) */
  double   solve_time; /* the analysis's "seconds", Gecode's solveTime; -1 when not given */
  gboolean timed_out;
} Timing;

static void
instance_clear (Instance *instance)
{
  g_free (instance->kind);
  g_free (instance->text);
  g_free (instance->label);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static const char *
kind_title (const char *kind)
{
  static const struct { const char *kind, *title; } titles[] = {
    { "futoshiki", "Futoshiki" }, { "latin", "Latin" }, { "sudoku", "Sudoku" },
    { "magic", "Magic" }, { "queens", "N-Queens" }, { "nonogram", "Nonogram" },
    { "knights-tour", "Knight's tour" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (g_str_equal (titles[i].kind, kind))
      return titles[i].title;
  return kind;
}

/* ------------------------------------------------------------------ */
/* The instance file                                                    */

static double
parse_seconds (const char *word,
               const char *path,
               guint       line)
{
  char *end;
  double value;

  if (g_str_equal (word, "-"))
    return -1;
  value = g_ascii_strtod (word, &end);
  if (*end != '\0' || value <= 0)
    g_error ("%s:%u: “%s” is not a time in seconds", path, line, word);
  return value;
}

static GArray *
read_instances (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *instances = g_array_new (FALSE, TRUE, sizeof (Instance));

  g_array_set_clear_func (instances, (GDestroyNotify) instance_clear);
  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      Instance instance = { 0 };
      char *end;
      guint64 size;
      guint t;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      words = g_strsplit_set (lines[i], " \t", 6);
      if (g_strv_length (words) != 6)
        g_error ("%s:%u: expected KIND SIZE TASK PAPER TARGET TEXT", path, i + 1);
      size = g_ascii_strtoull (words[1], &end, 10);
      if (*end != '\0' || size < 1 || size > 128)
        g_error ("%s:%u: “%s” is not a size", path, i + 1, words[1]);
      for (t = 0; t < G_N_ELEMENTS (task_names); t++)
        if (g_str_equal (words[2], task_names[t]))
          break;
      if (t == G_N_ELEMENTS (task_names))
        g_error ("%s:%u: task “%s” is not one, unique or all", path, i + 1, words[2]);
      instance.kind = g_strdup (words[0]);
      instance.size = size;
      instance.task = t;
      instance.paper = parse_seconds (words[3], path, i + 1);
      instance.target = parse_seconds (words[4], path, i + 1);
      if (instance.target < 0)
        {
          if (instance.paper < 0)
            g_error ("%s:%u: a row needs the paper's time or a target", path, i + 1);
          instance.target = instance.paper / 100;
        }
      instance.text = g_strdup (g_strstrip (words[5]));
      instance.label = g_strdup_printf ("%s %u%s", kind_title (instance.kind), instance.size,
                                        g_str_equal (instance.kind, "knights-tour")
                                        ? (strstr (instance.text, "closed") ? " closed" : " open")
                                        : "");
      g_array_append_val (instances, instance);
    }
  return instances;
}

/* The text `puzzlewright import` reads for an instance. */
static char *
import_text (const Instance *instance)
{
  GString *text = g_string_new (NULL);
  const char *grid_of = NULL;

  if (g_str_equal (instance->text, "empty"))
    grid_of = "";
  else if (g_str_equal (instance->kind, "knights-tour")
           && (g_str_equal (instance->text, "open") || g_str_equal (instance->text, "closed")))
    grid_of = instance->text;
  if (grid_of != NULL)
    {
      if (*grid_of != '\0')
        g_string_append_printf (text, "%s\n", grid_of);
      for (guint r = 0; r < instance->size; r++)
        {
          for (guint c = 0; c < instance->size; c++)
            g_string_append (text, c > 0 ? " ." : ".");
          g_string_append_c (text, '\n');
        }
    }
  else
    {
      g_string_append (text, instance->text);
      g_strdelimit (text->str, "|", '\n');
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* Running commands                                                     */

static char *
run (char       **argv,
     gboolean     may_fail)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                     &error))
    g_error ("%s: %s", argv[0], error->message);
  if (!g_spawn_check_wait_status (status, &error) && !may_fail)
    {
      g_autofree char *command = g_strjoinv (" ", argv);

      g_error ("%s: %s\n%s", command, error->message, err);
    }
  return out;
}

static void
import_instance (const char     *cli,
                 const Instance *instance,
                 const char     *txt_path,
                 const char     *set_path)
{
  g_autofree char *text = import_text (instance);
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli, "import", "--kind", instance->kind, txt_path, "-o", set_path,
                         NULL };
  g_autofree char *out = NULL;

  if (!g_file_set_contents (txt_path, text, -1, &error))
    g_error ("%s", error->message);
  out = run ((char **) argv, FALSE);
}

static double
children_cpu (void)
{
  struct rusage usage;

  getrusage (RUSAGE_CHILDREN, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* The time a solver says it spent itself, from its output; -1 if none. */
typedef double (*OwnSeconds) (const char *out);

/* Times argv RUNS times (wall clock; the CPU time of the process and the
 * children it waited for; the least of the times own_seconds reads);
 * returns the last run's standard output. */
static char *
time_command (char       **argv,
              guint        runs,
              double       give_up_after,
              OwnSeconds   own_seconds,
              Timing      *timing)
{
  g_autofree double *seconds = g_new (double, runs);
  char *out = NULL;
  guint r;

  timing->cpu = G_MAXDOUBLE;
  timing->solve_time = -1;
  for (r = 0; r < runs; r++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu_start = children_cpu ();

      g_clear_pointer (&out, g_free);
      out = run (argv, TRUE);
      seconds[r] = (g_get_monotonic_time () - start) / 1e6;
      timing->cpu = MIN (timing->cpu, children_cpu () - cpu_start);
      if (own_seconds != NULL)
        {
          double own = own_seconds (out);

          if (own >= 0 && (timing->solve_time < 0 || own < timing->solve_time))
            timing->solve_time = own;
        }
      if (seconds[r] > give_up_after)
        {
          r++;
          break;
        }
    }
  qsort (seconds, r, sizeof (double), compare_doubles);
  timing->best = seconds[0];
  timing->median = seconds[r / 2];
  return out;
}

/* ------------------------------------------------------------------ */
/* Ours                                                                 */

/* The analysis's "seconds" of the first record. */
static double
analysis_seconds (const char *out)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (!json_parser_load_from_data (parser, out, -1, NULL))
    return -1;
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_ARRAY (root) || json_array_get_length (json_node_get_array (root)) == 0)
    return -1;
  return json_object_get_double_member_with_default (
           json_array_get_object_element (json_node_get_array (root), 0), "seconds", -1);
}

static void
time_ours (const char     *cli,
           const Instance *instance,
           const char     *set_path,
           guint           runs,
           Timing         *timing,
           char          **command_out)
{
  g_autofree char *command = g_strdup_printf ("%s analyse --quiet -j 1 --format json %s %s",
                                             cli, task_args[instance->task], set_path);
  g_auto(GStrv) argv = NULL;
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *record;

  if (!g_shell_parse_argv (command, NULL, &argv, &error))
    g_error ("%s", error->message);
  out = time_command (argv, runs, G_MAXDOUBLE, analysis_seconds, timing);
  if (!json_parser_load_from_data (parser, out, -1, &error))
    g_error ("%s: %s\n%s", command, error->message, out);
  record = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  if (instance->task == TASK_ONE)
    {
      JsonNode *solution = json_object_get_member (record, "solution");

      timing->solutions = solution != NULL && !JSON_NODE_HOLDS_NULL (solution) ? 1 : 0;
      timing->complete = timing->solutions == 1;
    }
  else
    {
      timing->solutions = json_object_get_int_member_with_default (record, "solutions", -1);
      timing->complete = !json_object_get_boolean_member_with_default (record, "partial", FALSE)
                         && timing->solutions >= 0;
      if (instance->task == TASK_ALL
          && json_object_get_boolean_member_with_default (record, "capped", FALSE))
        timing->complete = FALSE;
    }
  *command_out = g_steal_pointer (&command);
}

/* ------------------------------------------------------------------ */
/* MiniZinc data from the level's payload                               */

/* The cells of a grid row: n characters when written without spaces (n
 * > 0), else whitespace-separated words. */
static GStrv
row_cells (const char *row,
           guint       n)
{
  g_autofree char *copy = g_strstrip (g_strdup (row));

  if (strchr (copy, ' ') == NULL && strchr (copy, '\t') == NULL && n > 0
      && strlen (copy) == n)
    {
      GStrv cells = g_new0 (char *, n + 1);

      for (guint i = 0; i < n; i++)
        cells[i] = g_strndup (copy + i, 1);
      return cells;
    }
  else
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) words = g_strsplit_set (copy, " \t", -1);

      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0')
          g_strv_builder_add (builder, words[i]);
      return g_strv_builder_end (builder);
    }
}

/* A cell's number: 0 for blank (. or 0), -1 for anything else that is not
 * a number. */
static int
cell_number (const char *cell)
{
  char *end;
  guint64 value;

  if (g_str_equal (cell, "."))
    return 0;
  value = g_ascii_strtoull (cell, &end, 10);
  if (end == cell || *end != '\0')
    return -1;
  return (int) value;
}

/* Writes an n × m array2d of the numbers of a grid member. */
static void
append_grid (GString    *dzn,
             const char *name,
             JsonArray  *rows,
             guint       n_rows,
             guint       n_columns)
{
  g_string_append_printf (dzn, "%s = array2d (1..%u, 1..%u, [", name, n_rows, n_columns);
  for (guint r = 0; r < n_rows; r++)
    {
      g_auto(GStrv) cells = row_cells (json_array_get_string_element (rows, r), n_columns);

      if (g_strv_length (cells) != n_columns)
        g_error ("row %u of %s has %u cells, not %u", r + 1, name, g_strv_length (cells),
                 n_columns);
      for (guint c = 0; c < n_columns; c++)
        {
          int value = cell_number (cells[c]);

          if (value < 0)
            g_error ("row %u of %s: “%s” is not a number or a blank", r + 1, name, cells[c]);
          g_string_append_printf (dzn, "%s%d", r + c > 0 ? ", " : "", value);
        }
    }
  g_string_append (dzn, "]);\n");
}

static void
dzn_latin (GString    *dzn,
           const char *kind,
           JsonObject *payload)
{
  guint n = json_object_get_int_member (payload, "size");
  JsonArray *less = json_object_has_member (payload, "less_than")
                    ? json_object_get_array_member (payload, "less_than") : NULL;
  guint n_less = less != NULL ? json_array_get_length (less) : 0;

  g_string_append_printf (dzn, "n = %u;\n", n);
  append_grid (dzn, "givens", json_object_get_array_member (payload, "grid"), n, n);
  if (g_str_equal (kind, "sudoku") && json_object_has_member (payload, "regions"))
    append_grid (dzn, "region", json_object_get_array_member (payload, "regions"), n, n);
  else
    {
      guint box_rows = 0, box_columns = 0;

      if (g_str_equal (kind, "sudoku"))
        {
          box_rows = json_object_get_int_member (payload, "box_rows");
          box_columns = json_object_get_int_member (payload, "box_columns");
        }
      g_string_append_printf (dzn, "region = array2d (1..%u, 1..%u, [", n, n);
      for (guint r = 0; r < n; r++)
        for (guint c = 0; c < n; c++)
          g_string_append_printf (dzn, "%s%u", r + c > 0 ? ", " : "",
                                  box_rows == 0 ? 0
                                  : 1 + (r / box_rows) * (n / box_columns) + c / box_columns);
      g_string_append (dzn, "]);\n");
    }
  g_string_append_printf (dzn, "diagonals = %s;\n",
                          json_object_get_boolean_member_with_default (payload, "diagonals",
                                                                       FALSE)
                          ? "true" : "false");
  /* [x, y, x2, y2] → rows [r, c, r2, c2], 1-based */
  g_string_append_printf (dzn, "n_less = %u;\nless = array2d (1..%u, 1..4, [", n_less, n_less);
  for (guint i = 0; i < n_less; i++)
    {
      JsonArray *sign = json_array_get_array_element (less, i);

      g_string_append_printf (dzn, "%s%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ", %"
                              G_GINT64_FORMAT ", %" G_GINT64_FORMAT, i > 0 ? ", " : "",
                              json_array_get_int_element (sign, 1) + 1,
                              json_array_get_int_element (sign, 0) + 1,
                              json_array_get_int_element (sign, 3) + 1,
                              json_array_get_int_element (sign, 2) + 1);
    }
  g_string_append (dzn, "]);\n");
}

static void
dzn_magic (GString    *dzn,
           JsonObject *payload)
{
  guint n = json_object_get_int_member (payload, "size");

  g_string_append_printf (dzn, "n = %u;\n", n);
  append_grid (dzn, "givens", json_object_get_array_member (payload, "grid"), n, n);
}

static void
dzn_queens (GString    *dzn,
            JsonObject *payload)
{
  JsonArray *rows = json_object_get_array_member (payload, "grid");
  guint n = json_array_get_length (rows);
  guint first = TRUE;

  g_string_append_printf (dzn, "n = %u;\ncells = array2d (1..%u, 1..%u, [", n, n, n);
  for (guint r = 0; r < n; r++)
    for (const char *p = json_array_get_string_element (rows, r); *p != '\0'; p++)
      {
        int value;

        if (*p == ' ' || *p == '\t')
          continue;
        value = strchr ("Qq*", *p) != NULL ? 1 : strchr ("xX", *p) != NULL ? 2 : 0;
        g_string_append_printf (dzn, "%s%d", first ? "" : ", ", value);
        first = FALSE;
      }
  g_string_append (dzn, "]);\n");
}

/* One line's clue: from the clues when the payload has them, else from the
 * picture. */
static GArray *
nonogram_clue (JsonObject *payload,
               gboolean    row,
               guint       index,
               guint       width,
               guint       height)
{
  GArray *clue = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *member = row ? "rows" : "columns";

  if (json_object_has_member (payload, member))
    {
      JsonArray *blocks = json_array_get_array_element (json_object_get_array_member (payload,
                                                                                      member),
                                                        index);

      for (guint i = 0; i < json_array_get_length (blocks); i++)
        {
          guint block = json_array_get_int_element (blocks, i);

          if (block > 0)
            g_array_append_val (clue, block);
        }
    }
  else
    {
      JsonArray *grid = json_object_get_array_member (payload, "grid");
      guint length = row ? width : height, run = 0;

      for (guint i = 0; i <= length; i++)
        {
          gboolean black = FALSE;

          if (i < length)
            black = (row ? json_array_get_string_element (grid, index)[i]
                         : json_array_get_string_element (grid, i)[index]) == '#';
          if (black)
            run++;
          else if (run > 0)
            {
              g_array_append_val (clue, run);
              run = 0;
            }
        }
    }
  return clue;
}

static void
append_clues (GString    *dzn,
              JsonObject *payload,
              gboolean    row,
              guint       width,
              guint       height)
{
  guint lines = row ? height : width, longest = 1;
  g_autoptr(GPtrArray) clues = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint i = 0; i < lines; i++)
    {
      GArray *clue = nonogram_clue (payload, row, i, width, height);

      longest = MAX (longest, clue->len);
      g_ptr_array_add (clues, clue);
    }
  g_string_append_printf (dzn, "%s_len = %u;\n%s_clues = array2d (1..%u, 1..%u, [",
                          row ? "row" : "col", longest, row ? "row" : "col", lines, longest);
  for (guint i = 0; i < lines; i++)
    {
      GArray *clue = g_ptr_array_index (clues, i);

      for (guint k = 0; k < longest; k++)
        g_string_append_printf (dzn, "%s%u", i + k > 0 ? ", " : "",
                                k < clue->len ? g_array_index (clue, guint, k) : 0);
    }
  g_string_append (dzn, "]);\n");
}

static void
dzn_nonogram (GString    *dzn,
              JsonObject *payload)
{
  guint width = json_object_get_int_member (payload, "width");
  guint height = json_object_get_int_member (payload, "height");

  g_string_append_printf (dzn, "width = %u;\nheight = %u;\n", width, height);
  append_clues (dzn, payload, TRUE, width, height);
  append_clues (dzn, payload, FALSE, width, height);
}

static void
dzn_knight (GString    *dzn,
            JsonObject *payload)
{
  JsonArray *rows = json_object_get_array_member (payload, "grid");
  guint h = json_array_get_length (rows);
  g_auto(GStrv) first = row_cells (json_array_get_string_element (rows, 0), 0);
  guint w = g_strv_length (first);

  g_string_append_printf (dzn, "w = %u;\nh = %u;\nclosed = %s;\n", w, h,
                          json_object_get_boolean_member_with_default (payload, "closed", FALSE)
                          ? "true" : "false");
  /* bench/ludii/knight.mzn has no blocked cells: append_grid refuses x */
  append_grid (dzn, "givens", rows, h, w);
}

/* Writes the data file for the set's only level; returns the model's
 * file name under bench/ludii/. */
static const char *
write_dzn (const char *set_path,
           const char *dzn_path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) dzn = g_string_new (NULL);
  JsonObject *level, *payload;
  const char *kind, *model;

  if (!json_parser_load_from_file (parser, set_path, &error))
    g_error ("%s", error->message);
  level = json_array_get_object_element (json_object_get_array_member (
                                           json_node_get_object (json_parser_get_root (parser)),
                                           "levels"), 0);
  kind = json_object_get_string_member (level, "kind");
  payload = json_object_get_object_member (level, "payload");
  if (g_str_equal (kind, "latin") || g_str_equal (kind, "futoshiki")
      || g_str_equal (kind, "sudoku"))
    {
      dzn_latin (dzn, kind, payload);
      model = "latin.mzn";
    }
  else if (g_str_equal (kind, "magic"))
    {
      dzn_magic (dzn, payload);
      model = "magic.mzn";
    }
  else if (g_str_equal (kind, "queens"))
    {
      dzn_queens (dzn, payload);
      model = "queens.mzn";
    }
  else if (g_str_equal (kind, "nonogram"))
    {
      dzn_nonogram (dzn, payload);
      model = "nonogram.mzn";
    }
  else if (g_str_equal (kind, "knights-tour"))
    {
      dzn_knight (dzn, payload);
      model = "knight.mzn";
    }
  else
    g_error ("%s: no MiniZinc model for the kind %s", set_path, kind);
  if (!g_file_set_contents (dzn_path, dzn->str, dzn->len, &error))
    g_error ("%s", error->message);
  return model;
}

/* ------------------------------------------------------------------ */
/* Gecode                                                               */

#define SOLVE_TIME "%%%mzn-stat: solveTime="

/* Gecode's solveTime statistic (the last one printed). */
static double
gecode_solve_time (const char *out)
{
  const char *found = NULL;

  for (const char *at = strstr (out, SOLVE_TIME); at != NULL; at = strstr (at + 1, SOLVE_TIME))
    found = at;
  return found != NULL ? g_ascii_strtod (found + strlen (SOLVE_TIME), NULL) : -1;
}

static void
time_gecode (const Instance *instance,
             const char     *model_path,
             const char     *dzn_path,
             guint           runs,
             double          time_limit,
             Timing         *timing)
{
  g_autofree char *limit = g_strdup_printf ("%.0f", time_limit * 1000);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean finished = FALSE, unsatisfiable = FALSE;
  const char *fixed[] = { "minizinc", "--solver", "gecode", "--statistics", "--time-limit",
                          limit };

  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_ptr_array_add (argv, (gpointer) fixed[i]);
  if (instance->task == TASK_ALL)
    g_ptr_array_add (argv, "-a");
  else if (instance->task == TASK_UNIQUE)
    {
      g_ptr_array_add (argv, "-n");
      g_ptr_array_add (argv, "2");
    }
  g_ptr_array_add (argv, (gpointer) model_path);
  g_ptr_array_add (argv, (gpointer) dzn_path);
  g_ptr_array_add (argv, NULL);
  /* a run over 5 s is not repeated */
  out = time_command ((char **) argv->pdata, runs, 5.0, gecode_solve_time, timing);

  timing->solutions = 0;
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_equal (lines[i], "----------"))
        timing->solutions++;
      else if (g_str_equal (lines[i], "=========="))
        finished = TRUE;
      else if (g_str_equal (lines[i], "=====UNSATISFIABLE====="))
        unsatisfiable = TRUE;
    }
  switch (instance->task)
    {
    case TASK_ONE:
      timing->complete = timing->solutions > 0 || unsatisfiable;
      break;
    case TASK_UNIQUE:
      timing->complete = timing->solutions == 2 || finished || unsatisfiable;
      break;
    case TASK_ALL:
      timing->complete = finished || unsatisfiable;
      break;
    default:
      g_assert_not_reached ();
    }
  timing->timed_out = !timing->complete;
}

/* ------------------------------------------------------------------ */

/* The table is UTF-8 whatever the locale (g_print would transliterate). */
G_GNUC_PRINTF (1, 2)
static void
say (const char *format,
     ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  fputs (text, stdout);
}

/* Formatted figures live until the end of the run. */
static GPtrArray *texts;

static const char *
keep (char *text)
{
  g_ptr_array_add (texts, text);
  return text;
}

static const char *
format_seconds (double seconds)
{
  if (seconds < 0.1)
    return keep (g_strdup_printf ("%.1f ms", seconds * 1000));
  return keep (g_strdup_printf ("%.2f s", seconds));
}

static const char *
format_factor (double factor)
{
  if (factor >= 100)
    return keep (g_strdup_printf ("%.0f×", factor));
  return keep (g_strdup_printf ("%.1f×", factor));
}

/* wall clock best (median), CPU */
static const char *
format_timing (const Timing *timing)
{
  return keep (g_strdup_printf ("%s (%s), CPU %s", format_seconds (timing->best),
                                format_seconds (timing->median), format_seconds (timing->cpu)));
}

int
main (int    argc,
      char **argv)
{
  int runs = 5, gecode_runs = 3;
  double time_limit = 120;
  gboolean no_gecode = FALSE, keep_files = FALSE;
  g_autofree char *cli = g_strdup (PW_BUILD_CLI);
  g_autofree char *dir = NULL;
  g_autofree char *empty_path = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new ("[INSTANCES.txt] — the Ludii table");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) instances = NULL;
  g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func (g_free);
  const char *path;
  guint failures = 0, missed = 0;
  Timing empty = { 0 };
  GOptionEntry entries[] = {
    { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Runs of each analyse command (default 5)", "N" },
    { "gecode-runs", 0, 0, G_OPTION_ARG_INT, &gecode_runs,
      "Runs of each MiniZinc command (default 3; one when it takes over 5 s)", "N" },
    { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &time_limit,
      "MiniZinc's time limit in seconds (default 120)", "S" },
    { "no-gecode", 0, 0, G_OPTION_ARG_NONE, &no_gecode, "Leave out the Gecode column", NULL },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep_files,
      "Keep the level sets and MiniZinc data files (their folder is printed)", NULL },
    { "cli", 0, 0, G_OPTION_ARG_FILENAME, &cli, "The puzzlewright binary (default: the build's)",
      "PATH" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-ludii: %s\n", error->message);
      return EXIT_FAILURE;
    }
  texts = g_ptr_array_new_with_free_func (g_free);
  runs = MAX (runs, 1);
  gecode_runs = MAX (gecode_runs, 1);
  if (!no_gecode && g_find_program_in_path ("minizinc") == NULL)
    {
      g_printerr ("bench-ludii: minizinc not found (apt install minizinc): no Gecode column\n");
      no_gecode = TRUE;
    }
  path = argc > 1 ? argv[1] : PW_BENCH_DIR "/ludii/instances.txt";
  instances = read_instances (path);
  dir = g_dir_make_tmp ("bench-ludii-XXXXXX", &error);
  if (dir == NULL)
    g_error ("%s", error->message);

  /* the command alone, on an empty set */
  empty_path = g_build_filename (dir, "empty.json", NULL);
  if (!g_file_set_contents (empty_path, "{ \"format\" : \"puzzlewright-level-set\", "
                            "\"version\" : 1, \"title\" : \"\", \"levels\" : [] }", -1, &error))
    g_error ("%s", error->message);
  {
    g_autofree char *command = g_strdup_printf ("%s analyse --quiet -j 1 --format json %s",
                                               cli, empty_path);
    g_auto(GStrv) empty_argv = NULL;
    g_autofree char *out = NULL;

    g_shell_parse_argv (command, NULL, &empty_argv, NULL);
    out = time_command (empty_argv, runs, G_MAXDOUBLE, NULL, &empty);
  }

  say ("%s: best of %d runs of `puzzlewright analyse` (wall clock, median in brackets, "
       "the least CPU time, and the least of the analysis's own \"seconds\")%s\n\n", path, runs,
       no_gecode ? "" : "; Gecode 6.2 through MiniZinc, the same figures over up to "
       "--gecode-runs runs and its own solveTime");
  say ("| instance | task | paper | target | ours | paper / ours | solutions%s |\n",
           no_gecode ? "" : " | Gecode | Gecode / ours");
  say ("|---|---|---|---|---|---|---%s|\n", no_gecode ? "" : "|---|---");
  for (guint i = 0; i < instances->len; i++)
    {
      Instance *instance = &g_array_index (instances, Instance, i);
      g_autofree char *stem = g_strdup_printf ("%02u-%s-%u", i + 1, instance->kind,
                                               instance->size);
      g_autofree char *txt_path = g_strdup_printf ("%s/%s.txt", dir, stem);
      g_autofree char *set_path = g_strdup_printf ("%s/%s.json", dir, stem);
      g_autofree char *dzn_path = g_strdup_printf ("%s/%s.dzn", dir, stem);
      const char *ours_text, *paper_text, *target_text, *factor_text, *count_text;
      const char *gecode_text = NULL, *gecode_factor = NULL;
      char *command = NULL;
      Timing ours = { 0 }, gecode = { 0 };
      gboolean met;

      import_instance (cli, instance, txt_path, set_path);
      time_ours (cli, instance, set_path, runs, &ours, &command);
      g_ptr_array_add (commands, command);
      met = ours.complete && ours.best <= instance->target;
      if (!met)
        missed++;

      ours_text = keep (g_strdup_printf ("%s; analysis %s%s", format_timing (&ours),
                                         format_seconds (ours.solve_time),
                                         ours.complete ? "" : ", not settled"));
      paper_text = instance->paper > 0 ? keep (g_strdup_printf ("%.1f s", instance->paper))
                                       : "—";
      target_text = keep (g_strdup_printf ("%s %s", met ? "✓" : "✗",
                                           format_seconds (instance->target)));
      factor_text = instance->paper > 0
                    ? keep (g_strdup_printf ("%s (CPU %s)",
                                             format_factor (instance->paper / ours.best),
                                             format_factor (instance->paper / ours.cpu)))
                    : "—";
      if (instance->task == TASK_ONE)
        count_text = ours.solutions > 0 ? "found" : "none";
      else
        count_text = keep (g_strdup_printf ("%" G_GINT64_FORMAT, ours.solutions));

      if (!no_gecode)
        {
          const char *model = write_dzn (set_path, dzn_path);
          g_autofree char *model_path = g_build_filename (PW_BENCH_DIR, "ludii", model, NULL);

          time_gecode (instance, model_path, dzn_path, gecode_runs, time_limit, &gecode);
          if (gecode.timed_out)
            gecode_text = keep (g_strdup_printf ("> %.0f s (time limit)", time_limit));
          else
            gecode_text = keep (g_strdup_printf ("%s; solveTime %s", format_timing (&gecode),
                                                 gecode.solve_time >= 0
                                                 ? format_seconds (gecode.solve_time) : "?"));
          gecode_factor = format_factor (gecode.best / ours.best);
          if (gecode.complete && ours.complete && gecode.solutions != ours.solutions
              && !(instance->task == TASK_ONE && gecode.solutions > 0 && ours.solutions > 0))
            {
              g_printerr ("bench-ludii: %s: Gecode found %" G_GINT64_FORMAT " solutions, "
                          "puzzlewright %" G_GINT64_FORMAT "\n", instance->label,
                          gecode.solutions, ours.solutions);
              failures++;
            }
          if (instance->task != TASK_ONE && gecode.complete)
            count_text = keep (g_strdup_printf ("%s (Gecode %" G_GINT64_FORMAT ")", count_text,
                                                gecode.solutions));
        }

      say ("| %s | %s | %s | %s | %s | %s | %s", instance->label, task_names[instance->task],
           paper_text, target_text, ours_text, factor_text, count_text);
      if (!no_gecode)
        say (" | %s | %s%s", gecode_text, gecode.timed_out ? "> " : "", gecode_factor);
      say (" |\n");
      if (!keep_files)
        {
          g_unlink (txt_path);
          g_unlink (set_path);
          g_unlink (dzn_path);
        }
    }
  say ("\nprocess start alone (an empty set): %s\n", format_timing (&empty));
  say ("%u of %u rows within their target%s\n", instances->len - missed, instances->len,
           failures > 0 ? "; SOLUTION COUNTS DIFFER (see above)" : "");
  say ("\ncommands (FILE: the instance's one-level set):\n");
  for (guint i = 0; i < commands->len; i++)
    say ("  %s\n", (char *) g_ptr_array_index (commands, i));
  if (keep_files)
    say ("\nfiles kept in %s\n", dir);
  else
    {
      g_unlink (empty_path);
      g_rmdir (dir);
    }
  g_ptr_array_unref (texts);
  return failures > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
