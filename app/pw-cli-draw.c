/* pw-cli-draw.c — the command line's pictures: chart, report, render
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright chart SET.json --y MEASURE [--y2 MEASURE] [--shape ramp|sawtooth]
 *                      [--period N] -o curve.svg|png|pdf
 *   puzzlewright report SET.json… --x MEASURE --y MEASURE [-o plot.svg|png|pdf]
 *   puzzlewright render SET.json -o sheet.pdf|svg|png [--per-page N] [--solutions]
 *                       [--level ID|ORDER]…
 *
 * These run in puzzlewright-draw (draw-main.c), which links cairo and the
 * kinds' drawing library; puzzlewright hands them over, so that its other
 * commands start without cairo. A chart's figures are the report's (the
 * CSV's columns, analysis/pw-chart-data.h); every level is drawn by its
 * kind's view table.
 *
 * Sets are read a level at a time (pw-cli-stream.c), so their size is not
 * limited: a chart keeps a point a level (its numbers: the levels it names
 * are read again at the end), render a page of levels at a time.
 */

#define G_LOG_DOMAIN "pw-cli-draw"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "pw-chart-paint.h"
#include "pw-kind-view.h"
#include "pw-cli-draw.h"
#include "pw-cli-private.h"
#include "pw-sheet.h"

#define CHART_WIDTH  800
#define CHART_HEIGHT 500

/* Options every drawing command that analyses takes. */
typedef struct
{
  char    *width;
  char    *height;
  char    *max_states;
  char    *max_solutions;
  char    *seed;
  gboolean quiet;
} AnalyseArgs;

/* A chart's points that the output names, and where their levels are:
 * the rows of the points marked (over every set, in order), and the sets'
 * first rows. */
typedef struct
{
  PwChart    *chart;
  GArray     *marked;   /* guint: a marked point's row */
  GArray     *points;   /* guint: its index in chart->points */
  guint       base;     /* the first row of the set being read */
  gboolean    print;    /* curve: print each one as it comes */
} Named;

/* render: the levels --level names, and the sheet they go to */
typedef struct
{
  char          **wanted;  /* --level's ids and orders */
  GHashTable     *ids;     /* wanted id → index + 1 in the set, 0 until found */
  GArray         *chosen;  /* guint indices, sorted, no repeats; NULL: every level */
  PwSheetWriter  *sheet;
} Render;

static void
analyse_args_clear (AnalyseArgs *args)
{
  g_clear_pointer (&args->width, g_free);
  g_clear_pointer (&args->height, g_free);
  g_clear_pointer (&args->max_states, g_free);
  g_clear_pointer (&args->max_solutions, g_free);
  g_clear_pointer (&args->seed, g_free);
}

/* --width and --height, for the commands that draw a chart */
static void
add_size_entries (GOptionContext *context,
                  AnalyseArgs    *args)
{
  const GOptionEntry entries[] = {
    { "width", 0, 0, G_OPTION_ARG_STRING, &args->width,
      N_("Width of a chart, in points (pixels for PNG; default 800)"), "W" },
    { "height", 0, 0, G_OPTION_ARG_STRING, &args->height,
      N_("Height of a chart (default 500)"), "H" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

static void
add_analyse_entries (GOptionContext *context,
                     AnalyseArgs    *args)
{
  const GOptionEntry entries[] = {
    { "max-states", 0, 0, G_OPTION_ARG_STRING, &args->max_states,
      N_("Stop exploring after N states and report what was found (default 20000000)"), "N" },
    { "max-solutions", 0, 0, G_OPTION_ARG_STRING, &args->max_solutions,
      N_("Count solutions up to N, then report the count as capped (default 1000)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &args->seed,
      N_("Seed of the randomised searches (default 1)"), "S" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &args->quiet, N_("Print no progress on stderr"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* The chart's size: --width and --height, 100 to 10000 each. */
static gboolean
chart_size (const char  *command,
            AnalyseArgs *args,
            double      *width,
            double      *height)
{
  guint64 w = CHART_WIDTH, h = CHART_HEIGHT;

  if (!_pw_cli_parse_count (command, "--width", args->width, 100, &w) ||
      !_pw_cli_parse_count (command, "--height", args->height, 100, &h))
    return FALSE;
  if (w > 10000 || h > 10000)
    {
      _pw_cli_usage_error (command, _("--width and --height: at most 10000"));
      return FALSE;
    }
  *width = w;
  *height = h;
  return TRUE;
}

static gboolean
analyse_options (const char       *command,
                 AnalyseArgs      *args,
                 PwAnalyseOptions *options)
{
  pw_analyse_options_init (options);
  return _pw_cli_parse_count (command, "--max-states", args->max_states, 1,
                              &options->max_states) &&
         _pw_cli_parse_count (command, "--max-solutions", args->max_solutions, 1,
                              &options->max_solutions) &&
         _pw_cli_parse_count (command, "--seed", args->seed, 0, &options->seed);
}

/* Asks @options for the figures among @measures (NULL-terminated) alone,
 * in @wanted (room for them and the NULL): a chart shows those and
 * nothing else, and a chart of playtest measures analyses nothing. */
static void
want_measures (PwAnalyseOptions  *options,
               const char       **measures,
               const char       **wanted)
{
  guint n = 0;

  for (guint i = 0; measures[i] != NULL; i++)
    if (!pw_measure_is_playtest (measures[i]))
      wanted[n++] = measures[i];
  wanted[n] = NULL;
  options->figures = wanted;
}

static gboolean
add_point (PwReportRow  *row,
           gpointer      user_data,
           GError      **error)
{
  pw_chart_add_row (user_data, row, FALSE);
  return TRUE;
}

/* Analyses each file as a stream, a point each row added to @chart; FALSE
 * (having said why) when a file cannot be read. Levels that fail to
 * analyse keep their point, with no value. The files' levels and SHA-256
 * in @reads (PwCliSetRead *). */
static gboolean
analyse_files (char                   **files,
               const PwAnalyseOptions  *options,
               gboolean                 quiet,
               PwChart                 *chart,
               GPtrArray               *reads)
{
  PwCliAnalyseEach each = {
    .options = options,
    .jobs = g_get_num_processors (),
    .quiet = quiet || !isatty (STDERR_FILENO),
    .func = add_point,
    .user_data = chart,
  };

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      PwCliSetRead *read = g_new0 (PwCliSetRead, 1);

      g_ptr_array_add (reads, read);
      if (!_pw_cli_analyse_each (files[i], &each, read, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static void
set_read_free (PwCliSetRead *read)
{
  _pw_cli_set_read_clear (read);
  g_free (read);
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* The place of @row in @rows (sorted), or -1. */
static int
find_row (GArray *rows,
          guint   row)
{
  const guint *found;

  /* an empty array has no data to search (NULL: not for bsearch) */
  if (rows->len == 0)
    return -1;
  found = bsearch (&row, rows->data, rows->len, sizeof (guint), compare_guint);
  return found != NULL ? (int) (found - (const guint *) rows->data) : -1;
}

static gboolean
is_named (guint    index,
          gpointer user_data)
{
  Named *named = user_data;

  return find_row (named->marked, named->base + index) >= 0;
}

static gboolean
name_point (PwLevel  *level,
            guint     index,
            gpointer  user_data,
            GError  **error)
{
  Named *named = user_data;
  guint point = g_array_index (named->points, guint, find_row (named->marked,
                                                               named->base + index));

  if (named->print)
    g_print ("%u\t%s\t%s\n", index + 1, pw_level_get_id (level), pw_level_get_name (level));
  else
    pw_chart_name_point (named->chart, point, level);
  return TRUE;
}

/* Reads again, in each set of @files, the levels of the points marked
 * (the file must be the one analysed): a curve's are printed, a
 * scatter's named in the chart. FALSE after saying why. */
static gboolean
read_marked (char      **files,
             GPtrArray  *reads,
             PwChart    *chart,
             gboolean    print)
{
  g_autoptr(GArray) marked = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (guint));
  Named named = { chart, marked, points, 0, print };

  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);

      if (point->marked)
        {
          g_array_append_val (marked, point->row);
          g_array_append_val (points, i);
        }
    }
  for (guint f = 0; files[f] != NULL && marked->len > 0; f++)
    {
      PwCliSetRead *read = g_ptr_array_index (reads, f);
      g_autoptr(GError) error = NULL;

      if (!_pw_cli_each_level (files[f], is_named, name_point, &named, read->sha256, NULL,
                               &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return FALSE;
        }
      named.base += read->n_levels;
    }
  return TRUE;
}

/* The set of the chart's row @row: its file, from @reads. */
static const char *
row_file (char      **files,
          GPtrArray  *reads,
          guint       row)
{
  guint f = 0;

  for (guint base = 0; f + 1 < reads->len; f++)
    {
      guint n = ((PwCliSetRead *) g_ptr_array_index (reads, f))->n_levels;

      if (row < base + n)
        break;
      base += n;
    }
  return files[f];
}

static gboolean
check_measure (const char *command,
               const char *option,
               const char *measure)
{
  g_auto(GStrv) known = NULL;
  g_autofree char *list = NULL;
  g_autofree char *message = NULL;

  if (measure == NULL)
    {
      message = g_strdup_printf (_("%s is required"), option);
      _pw_cli_usage_error (command, message);
      return FALSE;
    }
  if (pw_measure_is_known (measure))
    return TRUE;
  known = pw_measure_list ();
  list = g_strjoinv (", ", known);
  message = g_strdup_printf (_("%s: “%s” is no figure nor playtest measure; one of: %s"), option,
                             measure, list);
  _pw_cli_usage_error (command, message);
  return FALSE;
}

static gboolean
check_image_path (const char *command,
                  const char *path)
{
  if (path != NULL && pw_image_format_for_path (path) != NULL)
    return TRUE;
  _pw_cli_usage_error (command, path == NULL ? _("-o FILE is required")
                                             : _("-o: the file name should end in .svg, .png or "
                                                 ".pdf"));
  return FALSE;
}

static int
cmd_chart (int    argc,
           char **argv)
{
  g_autofree char *y = NULL;
  g_autofree char *y2 = NULL;
  g_autofree char *shape_text = NULL;
  g_autofree char *period_text = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  AnalyseArgs args = { 0 };
  const GOptionEntry entries[] = {
    { "y", 0, 0, G_OPTION_ARG_STRING, &y,
      N_("What the curve shows: a figure (difficulty, par, grade…) or a playtest measure "
         "(rating, time, completion, playtests)"), N_("MEASURE") },
    { "y2", 0, 0, G_OPTION_ARG_STRING, &y2, N_("A second series, on the right-hand axis"),
      N_("MEASURE") },
    { "shape", 0, 0, G_OPTION_ARG_STRING, &shape_text,
      N_("Mark the levels that break a shape: ramp (a level easier than the one before) or "
         "sawtooth (more than --period levels rising with no rest); default ramp"),
      N_("SHAPE") },
    { "period", 0, 0, G_OPTION_ARG_STRING, &period_text,
      N_("Longest rise of a sawtooth without a rest (default 5)"), "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Picture to write"),
      N_("curve.svg|png|pdf") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json — draw the set's difficulty curve"));
  g_autoptr(GPtrArray) reads = g_ptr_array_new_with_free_func ((GDestroyNotify) set_read_free);
  g_autoptr(PwChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  const char *wanted[3];
  PwAnalyseOptions options;
  PwShape shape = PW_SHAPE_RAMP;
  guint64 period = PW_SHAPE_DEFAULT_PERIOD;
  double width, height;
  int status = PW_EXIT_USAGE;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  add_size_entries (context, &args);
  add_analyse_entries (context, &args);
  g_option_context_set_summary (context,
                                _("x is each level's place in the set's order. Prints the "
                                  "levels that break the shape, one a line: order, id, name."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("chart", error->message);
      goto out;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      _pw_cli_usage_error ("chart", _("name exactly one level-set file"));
      goto out;
    }
  if (!check_measure ("chart", "--y", y) || (y2 != NULL && !check_measure ("chart", "--y2", y2)) ||
      !check_image_path ("chart", output) ||
      !_pw_cli_parse_count ("chart", "--period", period_text, 1, &period) ||
      !chart_size ("chart", &args, &width, &height) ||
      !analyse_options ("chart", &args, &options))
    goto out;
  if (shape_text != NULL && !pw_shape_from_string (shape_text, &shape))
    {
      _pw_cli_usage_error ("chart", _("--shape must be ramp, sawtooth or none"));
      goto out;
    }

  {
    const char *measures[] = { y, y2, NULL };

    want_measures (&options, measures, wanted);
  }
  status = PW_EXIT_FAILURE;
  chart = pw_chart_curve_begin (y, y2, shape, MIN (period, G_MAXUINT), &error);
  if (chart == NULL)
    {
      g_printerr ("puzzlewright chart: %s\n", error->message);
      goto out;
    }
  if (!analyse_files (files, &options, args.quiet, chart, reads))
    goto out;
  if (!pw_chart_end (chart, &error) || !pw_chart_write (chart, output, width, height, &error))
    {
      g_printerr ("puzzlewright chart: %s\n", error->message);
      goto out;
    }
  /* the levels that break the shape, read again for their ids and names */
  if (!read_marked (files, reads, chart, TRUE))
    goto out;
  status = PW_EXIT_OK;

out:
  analyse_args_clear (&args);
  return status;
}

static int
cmd_report (int    argc,
            char **argv)
{
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  AnalyseArgs args = { 0 };
  const GOptionEntry entries[] = {
    { "x", 0, 0, G_OPTION_ARG_STRING, &x,
      N_("The prediction: a figure (difficulty, par, grade…)"), N_("MEASURE") },
    { "y", 0, 0, G_OPTION_ARG_STRING, &y,
      N_("What was observed: a playtest measure (rating, time, completion) or a figure"),
      N_("MEASURE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Also draw the scatter, with its fitted line and outliers named"),
      N_("plot.svg|png|pdf") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json… — how well a figure predicts what players found"));
  g_autoptr(GPtrArray) reads = g_ptr_array_new_with_free_func ((GDestroyNotify) set_read_free);
  g_autoptr(PwChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  const char *wanted[3];
  PwAnalyseOptions options;
  double width, height;
  int status = PW_EXIT_USAGE;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  add_size_entries (context, &args);
  add_analyse_entries (context, &args);
  g_option_context_set_summary (context,
                                _("Prints “pearson=R spearman=R n=N” over the levels that have "
                                  "both measures, then the outliers (levels far from the fitted "
                                  "line), one a line: file, order, id, name."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("report", error->message);
      goto out;
    }
  if (files == NULL || files[0] == NULL)
    {
      _pw_cli_usage_error ("report", _("name at least one level-set file"));
      goto out;
    }
  if (!check_measure ("report", "--x", x) || !check_measure ("report", "--y", y) ||
      (output != NULL && !check_image_path ("report", output)) ||
      !chart_size ("report", &args, &width, &height) ||
      !analyse_options ("report", &args, &options))
    goto out;

  {
    const char *measures[] = { x, y, NULL };

    want_measures (&options, measures, wanted);
  }
  status = PW_EXIT_FAILURE;
  chart = pw_chart_scatter_begin (x, y, &error);
  if (chart == NULL)
    {
      g_printerr ("puzzlewright report: %s\n", error->message);
      goto out;
    }
  if (!analyse_files (files, &options, args.quiet, chart, reads))
    goto out;
  if (!pw_chart_end (chart, &error))
    {
      g_printerr ("puzzlewright report: %s\n", error->message);
      goto out;
    }
  /* the outliers' ids and names, read again: the picture names them */
  if (!read_marked (files, reads, chart, FALSE))
    goto out;
  line = pw_chart_coefficients_line (chart);
  g_print ("%s\n", line);
  for (guint i = 0; i < chart->points->len; i++)
    {
      const PwChartPoint *point = &g_array_index (chart->points, PwChartPoint, i);

      if (point->marked)
        g_print ("outlier\t%s\t%u\t%s\t%s\n", row_file (files, reads, point->row), point->order,
                 point->id, point->name);
    }
  if (output != NULL && !pw_chart_write (chart, output, width, height, &error))
    {
      g_printerr ("puzzlewright report: %s\n", error->message);
      goto out;
    }
  status = PW_EXIT_OK;

out:
  analyse_args_clear (&args);
  return status;
}

static gboolean
find_wanted_ids (PwLevel  *level,
                 guint     index,
                 gpointer  user_data,
                 GError  **error)
{
  Render *render = user_data;
  gpointer found;

  if (g_hash_table_lookup_extended (render->ids, pw_level_get_id (level), NULL, &found) &&
      GPOINTER_TO_UINT (found) == 0)
    g_hash_table_insert (render->ids, g_strdup (pw_level_get_id (level)),
                         GUINT_TO_POINTER (index + 1));
  return TRUE;
}

/* The levels --level names, by id (found in the first reading) or order
 * counted from 1, sorted; FALSE, having said which, when one names no
 * level. */
static gboolean
choose_levels (Render *render,
               guint   n)
{
  for (guint w = 0; render->wanted[w] != NULL; w++)
    {
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (render->ids, render->wanted[w]));
      guint64 order;

      if (found > 0)
        order = found;
      /* (an empty set has no order to give) */
      else if (n == 0 ||
               !g_ascii_string_to_unsigned (render->wanted[w], 10, 1, n, &order, NULL))
        {
          g_autofree char *message =
            g_strdup_printf (_("--level %s: the set has no level with that id or order"),
                             render->wanted[w]);

          _pw_cli_usage_error ("render", message);
          return FALSE;
        }
      order--;
      if (find_row (render->chosen, order) < 0)
        {
          guint index = order;

          g_array_append_val (render->chosen, index);
          g_array_sort (render->chosen, compare_guint);
        }
    }
  return TRUE;
}

static gboolean
is_chosen (guint    index,
           gpointer user_data)
{
  Render *render = user_data;

  return render->chosen == NULL || find_row (render->chosen, index) >= 0;
}

static gboolean
draw_level (PwLevel  *level,
            guint     index,
            gpointer  user_data,
            GError  **error)
{
  Render *render = user_data;
  g_autoptr(PwReportRow) row = pw_report_row_new (NULL, index + 1, level, NULL, NULL);

  return pw_sheet_writer_add (render->sheet, row, error);
}

static gboolean
draw_solution (PwReportRow  *row,
               gpointer      user_data,
               GError      **error)
{
  Render *render = user_data;

  return pw_sheet_writer_add (render->sheet, row, error);
}

static int
cmd_render (int    argc,
            char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *per_page_text = NULL;
  g_autofree char *title = NULL;
  g_auto(GStrv) levels = NULL;
  g_auto(GStrv) files = NULL;
  gboolean solutions = FALSE;
  AnalyseArgs args = { 0 };
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Sheets to write: a PDF of every page, or SVG or PNG files, one a page"),
      N_("sheet.pdf|svg|png") },
    { "per-page", 'n', 0, G_OPTION_ARG_STRING, &per_page_text,
      N_("Levels a page (default 4)"), "N" },
    { "solutions", 's', 0, G_OPTION_ARG_NONE, &solutions,
      N_("Solution pages at the end (the levels are analysed to solve them)"), NULL },
    { "level", 'l', 0, G_OPTION_ARG_STRING_ARRAY, &levels,
      N_("Only this level, by id or order; may be repeated"), N_("ID|ORDER") },
    { "title", 't', 0, G_OPTION_ARG_STRING, &title,
      N_("Heading of every page (default: the set's title)"), N_("TITLE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json — print a set's levels on sheets"));
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(PwCliSetRead) read = { 0 };
  g_autoptr(GError) error = NULL;
  Render render = { NULL, ids, NULL, NULL };
  PwAnalyseOptions options;
  PwSheetOptions sheet;
  guint64 per_page = 4;
  guint n_pages = 0;
  int status = PW_EXIT_USAGE;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  add_analyse_entries (context, &args);
  g_option_context_set_summary (context,
                                _("Each level is drawn as on the canvas, its order, name and id "
                                  "under it; every page has the title and its number."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("render", error->message);
      goto out;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      _pw_cli_usage_error ("render", _("name exactly one level-set file"));
      goto out;
    }
  if (!check_image_path ("render", output) ||
      !_pw_cli_parse_count ("render", "--per-page", per_page_text, 1, &per_page) ||
      !analyse_options ("render", &args, &options))
    goto out;
  if (per_page > 100)
    {
      _pw_cli_usage_error ("render", _("--per-page: at most 100 levels a page"));
      goto out;
    }

  status = PW_EXIT_FAILURE;
  /* the set read once to its end: checked, its title, the ids --level names */
  for (guint w = 0; levels != NULL && levels[w] != NULL; w++)
    g_hash_table_insert (ids, g_strdup (levels[w]), GUINT_TO_POINTER (0));
  if (!_pw_cli_each_level (files[0], NULL, levels != NULL ? find_wanted_ids : NULL, &render, NULL,
                           &read, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      goto out;
    }
  if (levels != NULL)
    {
      render.wanted = levels;
      render.chosen = chosen;
      if (!choose_levels (&render, read.n_levels))
        {
          status = PW_EXIT_USAGE;
          goto out;
        }
    }

  pw_sheet_options_init (&sheet);
  sheet.title = title != NULL ? title : pw_level_set_get_title (read.header);
  sheet.per_page = per_page;
  sheet.solutions = solutions;
  render.sheet = pw_sheet_writer_new (&sheet, levels != NULL ? chosen->len : read.n_levels,
                                      output, &error);
  /* the levels' pages, then the levels analysed for the solution pages:
   * for what those draw alone */
  options.figures = pw_kind_view_solution_figures ();
  if (render.sheet != NULL &&
      _pw_cli_each_level (files[0], is_chosen, draw_level, &render, read.sha256, NULL, &error) &&
      solutions)
    {
      PwCliAnalyseEach each = {
        .options = &options,
        .jobs = g_get_num_processors (),
        .quiet = args.quiet || !isatty (STDERR_FILENO),
        .wanted = is_chosen,
        .func = draw_solution,
        .user_data = &render,
        .known = &read,
      };

      _pw_cli_analyse_each (files[0], &each, &read, &error);
    }
  if (error == NULL)
    pw_sheet_writer_finish (g_steal_pointer (&render.sheet), &n_pages, &error);
  g_clear_pointer (&render.sheet, pw_sheet_writer_free);
  if (error != NULL)
    {
      g_printerr ("puzzlewright render: %s\n", error->message);
      goto out;
    }
  if (!args.quiet)
    g_printerr (ngettext ("puzzlewright render: %u page written to %s\n",
                          "puzzlewright render: %u pages written to %s\n", n_pages),
                n_pages, output);
  status = PW_EXIT_OK;

out:
  analyse_args_clear (&args);
  return status;
}

static const struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
} draw_commands[] = {
  { "chart",  cmd_chart },
  { "report", cmd_report },
  { "render", cmd_render },
};

int
pw_cli_draw_run (int    argc,
                 char **argv)
{
  g_return_val_if_fail (argc >= 1, PW_EXIT_USAGE);

  for (guint i = 0; argc >= 2 && i < G_N_ELEMENTS (draw_commands); i++)
    if (g_str_equal (argv[1], draw_commands[i].name))
      {
        /* the command sees itself as argv[0] */
        g_autofree char *name = g_strconcat ("puzzlewright ", argv[1], NULL);
        char *saved = argv[1];
        int status;

        argv[1] = name;
        status = draw_commands[i].run (argc - 1, argv + 1);
        argv[1] = saved;
        return status;
      }
  g_printerr (_("puzzlewright-draw: give chart, report or render; it is run by puzzlewright\n"));
  return PW_EXIT_USAGE;
}
