/* pw-cli.c — the headless command line
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright analyse FILE... [--format text|json|csv] [--max-states N] [--seed S]
 *                        [--jobs N] [-v]
 *   puzzlewright import --kind KIND TXT... -o SET.json [--title T]
 *                        [a kind's own options, as --ms-deal 1-32000]
 *   puzzlewright import --kind auto FILE.xml... -o SET.json  (XCSP3 files Puzzlewright wrote)
 *   puzzlewright export-csv SET.json -o OUT.csv [--quiet]
 *   puzzlewright export --format text SET.json [-o OUT.txt]
 *   puzzlewright export --format FORMAT SET.json [-o OUT|-o FOLDER]  (a kind's own format)
 *   puzzlewright playtests import SET.json SHEET.csv… [-o OUT.json] [--dry-run]
 *   puzzlewright playtests template [SET.json] [-o SHEET.csv]
 *   puzzlewright duplicates SET.json…
 *   puzzlewright export --format xcsp3 SET.json -o FOLDER  (FOLDER/001-ID.xml, a file a level)
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <glib/gi18n.h>

#include "puzzlewright.h"
#include "pw-cli.h"
#include "pw-cli-private.h"

typedef struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} Command;

static int cmd_analyse    (int argc, char **argv);
static int cmd_import     (int argc, char **argv);
static int cmd_export_csv (int argc, char **argv);
static int cmd_generate   (int argc, char **argv);
static int cmd_draw       (int argc, char **argv);

static const Command commands[] = {
  { "analyse",    cmd_analyse,    N_("Analyse every level of level-set files") },
  { "import",     cmd_import,     N_("Build a level set from plain-text levels") },
  { "export-csv", cmd_export_csv, N_("Analyse a level set and write it as CSV") },
  { "generate",   cmd_generate,   N_("Make new levels with a kind's generator") },
  { "export",     _pw_cli_export, N_("Write the levels of a set in their text form") },
  { "playtests",  _pw_cli_playtests,  N_("Merge testers’ playtest sheets into a set, or write the sheet") },
  { "duplicates", _pw_cli_duplicates, N_("List levels that are the same puzzle turned, mirrored or relabelled") },
  { "merge",      _pw_cli_merge,  N_("Join the parts of a report made with --shard") },
  /* drawn with cairo by puzzlewright-draw (pw-cli-draw.c), so that this
   * program starts without it */
  { "chart",      cmd_draw,       N_("Draw a set's difficulty curve as SVG, PNG or PDF") },
  { "report",     cmd_draw,       N_("Compare a figure with a playtest measure: correlation and "
                                     "scatter") },
  { "render",     cmd_draw,       N_("Print a set's levels on sheets: PDF, SVG or PNG") },
};

static void
usage_error (const char *command,
             const char *message)
{
  g_printerr ("puzzlewright %s: %s\n", command, message);
  g_printerr (_("Try “puzzlewright %s --help”.\n"), command);
}

static gboolean
parse_count (const char *command,
             const char *option,
             const char *text,
             guint64     min,
             guint64    *value)
{
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, G_MAXUINT64, value, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", option, error->message);

      usage_error (command, message);
      return FALSE;
    }
  return TRUE;
}

/* A memory size: bytes, or a number with K, M, G or T (powers of 1024),
 * as in 512M; at least 1 MiB. */
static gboolean
parse_size (const char *command,
            const char *option,
            const char *text,
            guint64    *value)
{
  static const char units[] = "KMGT";
  g_autofree char *digits = NULL;
  const char *unit;
  guint64 number;
  guint shift = 0;

  if (text == NULL)
    return TRUE;
  digits = g_strdup (text);
  unit = *digits != '\0' ? strchr (units, g_ascii_toupper (digits[strlen (digits) - 1])) : NULL;
  if (unit != NULL && *unit != '\0')
    {
      shift = 10 * (unit - units + 1);
      digits[strlen (digits) - 1] = '\0';
    }
  if (!g_ascii_string_to_unsigned (digits, 10, 1, G_MAXUINT64 >> shift, &number, NULL) ||
      (number << shift) < 1024 * 1024)
    {
      /* Translators: %s is an option, --max-memory; keep 512M and 2G */
      g_autofree char *message = g_strdup_printf (_("%s: “%s” is not a size of at least 1M "
                                                    "(as 512M or 2G)"), option, text);

      usage_error (command, message);
      return FALSE;
    }
  *value = number << shift;
  return TRUE;
}

/* A time budget in seconds: a decimal number above 0, as 30 or 0.5, and at
 * most a year. */
static gboolean
parse_seconds (const char *command,
               const char *option,
               const char *text,
               double     *value)
{
  char *end = NULL;
  double number;

  if (text == NULL)
    return TRUE;
  number = g_ascii_strtod (text, &end);
  /* decimal only: g_ascii_strtod also reads hexadecimal, nan and inf */
  if (end == text || *end != '\0' || text[strspn (text, "0123456789.eE+-")] != '\0' ||
      number <= 0 || number > 366.0 * 24 * 3600)
    {
      /* Translators: %s is an option, --max-seconds; keep 30 and 0.5 */
      g_autofree char *message = g_strdup_printf (_("%s: “%s” is not a number of seconds above "
                                                    "0 (as 30 or 0.5)"), option, text);

      usage_error (command, message);
      return FALSE;
    }
  *value = number;
  return TRUE;
}

/* Writes @data to @path atomically, or to standard output for NULL or "-". */
static gboolean
write_output (const char *path,
              const char *data,
              gsize       length)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL || g_str_equal (path, "-"))
    {
      if (fwrite (data, 1, length, stdout) != length || fflush (stdout) != 0)
        {
          g_printerr (_("puzzlewright: could not write the output\n"));
          return FALSE;
        }
      return TRUE;
    }

  file = g_file_new_for_commandline_arg (path);
  if (!pw_file_replace_atomic (file, data, length, FALSE, NULL, &error))
    {
      g_printerr ("puzzlewright: %s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
trace_to_stderr (const char *line,
                 gpointer    user_data)
{
  g_printerr ("   %s\n", line);
}

/* Drops the figures @options did not ask for (--figures, or the costly
 * ones by default), so that every output format shows the same ones. */
static void
keep_figures_asked (PwAnalysis             *analysis,
                    const PwKind           *kind,
                    const PwAnalyseOptions *options)
{
  JsonObject *figures = pw_analysis_get_figures (analysis);
  g_autoptr(GList) members = json_object_get_members (figures);

  for (GList *l = members; l != NULL; l = l->next)
    {
      gboolean costly = FALSE;

      for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
        if (g_str_equal (kind->figures[f].key, l->data))
          costly = kind->figures[f].costly;
      if (costly ? !pw_analyse_options_wants_costly (options, l->data)
                 : !pw_analyse_options_wants (options, l->data))
        json_object_remove_member (figures, l->data);
    }
}

/* Reads --figures: a comma-separated list of figure keys, or "all"; with
 * neither, every figure but the costly ones. @keys keeps the list alive. */
static gboolean
parse_figures (const char        *command,
               const char        *list,
               GStrv             *keys,
               PwAnalyseOptions  *options)
{
  const PwKind * const *kinds;
  guint n_kinds;

  options->figures = NULL;
  options->skip_costly = list == NULL;
  if (list == NULL || g_str_equal (list, "all"))
    return TRUE;

  *keys = g_strsplit (list, ",", -1);
  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; (*keys)[i] != NULL; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < n_kinds && !known; k++)
        for (guint f = 0; f < kinds[k]->n_figures && !known; f++)
          known = g_str_equal (kinds[k]->figures[f].key, (*keys)[i]);
      if (!known)
        {
          g_autofree char *message =
            g_strdup_printf (_("--figures: no kind has a figure “%s”"), (*keys)[i]);

          usage_error (command, message);
          return FALSE;
        }
    }
  options->figures = (const char * const *) *keys;
  return TRUE;
}


/* What a shard's figures depend on, for `merge` to check that parts were
 * made alike (--jobs is not: it changes no figure). */
static char *
options_text (const char             *figure_list,
              const PwAnalyseOptions *options)
{
  return g_strdup_printf ("figures=%s seed=%" G_GUINT64_FORMAT " max-states=%" G_GUINT64_FORMAT
                          " max-solutions=%" G_GUINT64_FORMAT,
                          figure_list != NULL ? figure_list : "default", options->seed,
                          options->max_states, options->max_solutions);
}

static int
cmd_analyse (int    argc,
             char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *max_states = NULL;
  g_autofree char *max_memory = NULL;
  g_autofree char *max_seconds = NULL;
  g_autofree char *max_solutions = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *jobs_text = NULL;
  g_autofree char *figure_list = NULL;
  g_autofree char *shard_text = NULL;
  g_auto(GStrv) figure_keys = NULL;
  g_auto(GStrv) files = NULL;
  PwCliShard shard;
  gboolean verbose = FALSE;
  gboolean quiet = FALSE;
  guint64 jobs = g_get_num_processors ();
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Output format: text (default), json or csv"), N_("FORMAT") },
    { "max-states", 0, 0, G_OPTION_ARG_STRING, &max_states,
      N_("Stop exploring after N states and report what was found (default 20000000)"), "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &max_memory,
      N_("Stop an analysis that would use more memory than SIZE (as 512M or 2G; all jobs "
         "together) and report what was found (default: four fifths of what is free)"),
      N_("SIZE") },
    { "max-seconds", 0, 0, G_OPTION_ARG_STRING, &max_seconds,
      N_("Stop the analysis of a level after S seconds of wall-clock time and report what was "
         "found (default: no limit)"), "S" },
    { "max-solutions", 0, 0, G_OPTION_ARG_STRING, &max_solutions,
      N_("Count solutions up to N, then report the count as capped (default 1000)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
      N_("Seed of the randomised searches (default 1)"), "S" },
    { "figures", 0, 0, G_OPTION_ARG_STRING, &figure_list,
      N_("Only these figures, as solutions,unique, or all (the default leaves out the figures "
         "a kind marks as costly)"),
      N_("KEY,…") },
    { "jobs", 'j', 0, G_OPTION_ARG_STRING, &jobs_text,
      N_("Analyse N levels at once, each on one core (default: every core; -v makes it 1)"),
      "N" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Analyse only the levels at places I, I + N, I + 2N… of each set (1 ≤ I ≤ N), as a "
         "part for “puzzlewright merge” (JSON or CSV)"), "I/N" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("Trace the analysis on stderr"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress on stderr"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE… — analyse level sets"));
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Analyses every level and prints one record per level, "
                                           "in set order."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      usage_error ("analyse", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL)
    {
      usage_error ("analyse", _("name at least one level-set file"));
      return PW_EXIT_USAGE;
    }
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "json") &&
      !g_str_equal (format, "csv"))
    {
      usage_error ("analyse", _("--format must be text, json or csv"));
      return PW_EXIT_USAGE;
    }

  pw_analyse_options_init (&options);
  if (!parse_count ("analyse", "--max-states", max_states, 1, &options.max_states) ||
      !parse_count ("analyse", "--max-solutions", max_solutions, 1, &options.max_solutions) ||
      !parse_count ("analyse", "--seed", seed, 0, &options.seed) ||
      !parse_count ("analyse", "--jobs", jobs_text, 1, &jobs) ||
      !_pw_cli_parse_shard ("analyse", shard_text, &shard) ||
      !parse_size ("analyse", "--max-memory", max_memory, &options.max_bytes) ||
      !parse_seconds ("analyse", "--max-seconds", max_seconds, &options.max_seconds))
    return PW_EXIT_USAGE;
  if (shard.count > 0 && (format == NULL || g_str_equal (format, "text")))
    {
      usage_error ("analyse", _("--shard writes a part for “puzzlewright merge”: give --format "
                                "json or csv"));
      return PW_EXIT_USAGE;
    }
  if (!parse_figures ("analyse", figure_list, &figure_keys, &options))
    return PW_EXIT_USAGE;
  if (verbose)
    {
      /* one trace at a time, readable */
      options.trace = trace_to_stderr;
      jobs = 1;
    }

  /* progress lines only for people watching a terminal */
  quiet = quiet || !isatty (STDERR_FILENO);

  /* sets of any size, level by level, whatever the format */
  {
    g_autofree char *used = options_text (figure_list, &options);
    PwCliStreamRun run = {
      .format = format == NULL || g_str_equal (format, "text") ? PW_REPORT_TEXT
                : g_str_equal (format, "csv") ? PW_REPORT_CSV : PW_REPORT_JSON,
      .with_file = TRUE,
      .options = &options,
      .options_text = used,
      .jobs = MIN (jobs, 256),
      .quiet = quiet,
      .shard = &shard,
      .output = NULL,
    };

    return _pw_cli_analyse_streamed (files, &run);
  }
}

/* The options kinds add to import (PwKind.import_options), as entries
 * after --kind; @values (freeing its strings) gets one slot per option and
 * @owners the kind and option of each. An option name two kinds declare
 * is the first one's. */
static void
add_import_options (GArray    *entries,
                    GPtrArray *values,
                    GPtrArray *owners)
{
  const PwKind * const *kinds;
  guint n_kinds, n = 0;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    n += kinds[k]->n_import_options;
  /* sized once: the entries point into it */
  g_ptr_array_set_size (values, n);
  for (guint k = 0; k < n_kinds; k++)
    for (guint i = 0; i < kinds[k]->n_import_options; i++)
      {
        const PwImportOption *option = &kinds[k]->import_options[i];
        GOptionEntry entry = { 0 };
        gboolean taken = FALSE;

        for (guint j = 0; j < owners->len; j += 2)
          taken |= g_str_equal (((const PwImportOption *) g_ptr_array_index (owners, j + 1))->long_name,
                                option->long_name);
        if (taken)
          continue;
        entry.long_name = option->long_name;
        entry.arg = G_OPTION_ARG_STRING;
        entry.arg_data = &values->pdata[owners->len / 2];
        entry.description = option->description;
        entry.arg_description = option->arg_description;
        g_array_append_val (entries, entry);
        g_ptr_array_add (owners, (gpointer) kinds[k]);
        g_ptr_array_add (owners, (gpointer) option);
      }
}

/* Where import writes: the set, its title (taken from the first level's
 * source when the command line gave none) and the progress. */
typedef struct
{
  PwLevelSetWriter *writer;
  const char       *title;
  gboolean          counting;   /* within an option's levels */
  PwCliProgress     progress;
} Importing;

static gboolean
import_level (const char  *title,
              guint        n_levels,
              PwLevel     *level,
              gpointer     user_data,
              GError     **error)
{
  Importing *im = user_data;

  /* an option's levels are counted when the first comes */
  if (title != NULL && !im->counting)
    im->progress.total += n_levels;
  im->counting = title != NULL;
  if (pw_level_set_writer_get_count (im->writer) == 0)
    pw_level_set_writer_set_header (im->writer, im->title != NULL ? im->title : title, NULL,
                                    NULL);
  if (!pw_level_set_writer_add (im->writer, level, error))
    return FALSE;
  _pw_cli_progress_step (&im->progress);
  return TRUE;
}

/* for an array whose written levels went already */
static void
unref_level (gpointer level)
{
  if (level != NULL)
    pw_level_unref (level);
}

/* The levels of text file @path, or FALSE having said why. */
static gboolean
import_file (Importing     *im,
             const PwKind  *kind,
             const char    *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  if (!_pw_cli_read_file ("import", path, &text, &length))
    return FALSE;
  /* the text would end at a NUL byte and the rest be dropped unread */
  if (strlen (text) != length)
    {
      guint line = 1;

      for (const char *p = text; *p != '\0'; p++)
        line += *p == '\n';
      _pw_cli_progress_clear (&im->progress);
      g_printerr (_("puzzlewright: %s: line %u: the text holds a NUL byte\n"), path, line);
      return FALSE;
    }
  if (pw_xcsp3_looks_like_xml (text))
    {
      /* an XCSP3 file: one level, of the kind its note names */
      g_autoptr(PwLevel) level = pw_xcsp3_read_level (text, length, path,
                                                      kind == NULL ? NULL : kind->id,
                                                      &local_error);

      if (level == NULL || !import_level (NULL, 0, level, im, &local_error))
        {
          _pw_cli_progress_clear (&im->progress);
          g_printerr ("puzzlewright: %s\n", local_error->message);
          return FALSE;
        }
      return TRUE;
    }
  if (kind == NULL || kind->from_text == NULL)
    {
      _pw_cli_progress_clear (&im->progress);
      g_printerr (kind == NULL ? _("puzzlewright: %s: not an XCSP3 file: --kind auto reads "
                                   "the XCSP3 files Puzzlewright writes; give the kind of "
                                   "text levels with --kind KIND\n")
                               : _("puzzlewright: %s: not an XCSP3 file, and this kind has no "
                                   "text form\n"), path);
      return FALSE;
    }
  else
    {
      /* a file's levels are held (its text is), the set's are not */
      g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func (unref_level);
      gboolean ok = pw_import_text_levels (kind->id, text, path, levels, &local_error);

      g_clear_pointer (&text, g_free);
      if (ok)
        im->progress.total += levels->len;
      for (guint i = 0; ok && i < levels->len; i++)
        {
          ok = import_level (NULL, 0, g_ptr_array_index (levels, i), im, &local_error);
          /* written: let it go */
          g_clear_pointer (&g_ptr_array_index (levels, i), pw_level_unref);
        }
      if (!ok)
        {
          _pw_cli_progress_clear (&im->progress);
          g_printerr ("puzzlewright: %s\n", local_error->message);
          return FALSE;
        }
      return TRUE;
    }
}

static int
cmd_import (int    argc,
            char **argv)
{
  g_autofree char *kind_id = NULL;
  g_autofree char *output = NULL;
  g_autofree char *title = NULL;
  g_autofree char *file_title = NULL;
  g_autoptr(GPtrArray) option_values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) owners = g_ptr_array_new ();  /* kind, option, kind, option… */
  g_autoptr(GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  gboolean from_option = FALSE;
  gboolean quiet = FALSE;
  g_auto(GStrv) files = NULL;
  const GOptionEntry kind_entry[] = {
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &kind_id,
      N_("Puzzle kind of the levels; auto: the kind each XCSP3 file names"), N_("KIND") },
  };
  const GOptionEntry other_entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Level-set file to write"),
      N_("SET.json") },
    { "title", 't', 0, G_OPTION_ARG_STRING, &title, N_("Title of the new set"), N_("TITLE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress on stderr"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("TXT… — build a level set from plain-text levels"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) out_file = NULL;
  Importing im = { 0 };
  const PwKind *kind;
  gboolean auto_kind;

  g_array_append_vals (entries, kind_entry, G_N_ELEMENTS (kind_entry));
  add_import_options (entries, option_values, owners);
  g_array_append_vals (entries, other_entries, G_N_ELEMENTS (other_entries));
  g_option_context_add_main_entries (context, (const GOptionEntry *) entries->data,
                                     GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Levels are separated by blank lines; a line “; Title” "
                                  "before a grid names it, further “;” lines become its notes."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      usage_error ("import", error->message);
      return PW_EXIT_USAGE;
    }
  if (kind_id == NULL)
    {
      usage_error ("import", _("--kind is required"));
      return PW_EXIT_USAGE;
    }
  /* "auto": every file is an XCSP3 file whose note names its kind */
  auto_kind = g_str_equal (kind_id, "auto");
  kind = auto_kind ? NULL : pw_kinds_lookup (kind_id);
  if (!auto_kind && (kind == NULL || (kind->from_text == NULL && kind->n_import_options == 0 &&
                                      !pw_xcsp3_kind_writes (kind))))
    {
      g_autofree char *message = g_strdup_printf (_("there is no puzzle kind “%s” with a text "
                                                    "form"), kind_id);
      usage_error ("import", message);
      return PW_EXIT_USAGE;
    }
  if (output == NULL)
    {
      usage_error ("import", _("-o SET.json is required"));
      return PW_EXIT_USAGE;
    }
  for (guint i = 0; i < owners->len / 2; i++)
    {
      const PwKind *owner = g_ptr_array_index (owners, 2 * i);
      const PwImportOption *option = g_ptr_array_index (owners, 2 * i + 1);

      if (g_ptr_array_index (option_values, i) == NULL)
        continue;
      if (owner != kind)
        {
          g_autofree char *message =
            /* Translators: an import option of one kind given with another kind:
             * "--ms-deal makes freecell levels: give --kind freecell" */
            g_strdup_printf (_("--%s makes %s levels: give --kind %s"), option->long_name,
                             owner->id, owner->id);

          usage_error ("import", message);
          return PW_EXIT_USAGE;
        }
      from_option = TRUE;
    }
  if (!from_option && (files == NULL || files[0] == NULL))
    {
      usage_error ("import", _("name at least one text file"));
      return PW_EXIT_USAGE;
    }

  /* the title given, else the first file's name, else the one a kind's
   * option gives with its levels */
  if (title == NULL && files != NULL && files[0] != NULL)
    {
      char *dot;

      file_title = g_path_get_basename (files[0]);
      dot = strrchr (file_title, '.');
      if (dot != NULL && dot != file_title)
        *dot = '\0';
    }
  im.title = title != NULL ? title : file_title;

  /* the set is written as its levels are made: a temporary file that
   * takes the place of OUTPUT only when the set is whole */
  out_file = g_file_new_for_commandline_arg (output);
  im.writer = pw_level_set_writer_open (out_file, &error);
  if (im.writer == NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  _pw_cli_progress_start (&im.progress, quiet || !isatty (STDERR_FILENO), 0);

  /* a kind's own options make levels first, in the order declared */
  for (guint i = 0; i < owners->len / 2; i++)
    {
      const PwImportOption *option = g_ptr_array_index (owners, 2 * i + 1);
      const char *value = g_ptr_array_index (option_values, i);

      if (value == NULL)
        continue;
      im.counting = FALSE;
      if (!option->make_levels (value, import_level, &im, &error))
        {
          gboolean usage = g_error_matches (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);

          pw_level_set_writer_abort (im.writer);
          _pw_cli_progress_clear (&im.progress);
          if (usage)
            {
              g_autofree char *message = g_strdup_printf ("--%s: %s", option->long_name,
                                                          error->message);

              usage_error ("import", message);
              return PW_EXIT_USAGE;
            }
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
    }
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    if (!import_file (&im, kind, files[i]))
      {
        pw_level_set_writer_abort (im.writer);
        return PW_EXIT_FAILURE;
      }

  if (pw_level_set_writer_get_count (im.writer) == 0)
    pw_level_set_writer_set_header (im.writer, im.title, NULL, NULL);
  _pw_cli_progress_end (&im.progress);
  if (!pw_level_set_writer_commit (im.writer, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return PW_EXIT_OK;
}

static int
cmd_export_csv (int    argc,
                char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *max_states = NULL;
  g_autofree char *max_memory = NULL;
  g_autofree char *max_seconds = NULL;
  g_autofree char *max_solutions = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *figure_list = NULL;
  g_autofree char *shard_text = NULL;
  g_auto(GStrv) figure_keys = NULL;
  g_auto(GStrv) files = NULL;
  PwCliShard shard;
  gboolean quiet = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("CSV file to write (standard output when “-”)"), N_("OUT.csv") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Analyse only the levels at places I, I + N, I + 2N… of the set (1 ≤ I ≤ N), as a "
         "part for “puzzlewright merge”"), "I/N" },
    { "figures", 0, 0, G_OPTION_ARG_STRING, &figure_list,
      N_("Only these figures, as solutions,unique, or all (the default leaves out the figures "
         "a kind marks as costly)"),
      N_("KEY,…") },
    { "max-states", 0, 0, G_OPTION_ARG_STRING, &max_states,
      N_("Stop exploring after N states and report what was found (default 20000000)"), "N" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &max_memory,
      N_("Stop an analysis that would use more memory than SIZE (as 512M or 2G; all jobs "
         "together) and report what was found (default: four fifths of what is free)"),
      N_("SIZE") },
    { "max-seconds", 0, 0, G_OPTION_ARG_STRING, &max_seconds,
      N_("Stop the analysis of a level after S seconds of wall-clock time and report what was "
         "found (default: no limit)"), "S" },
    { "max-solutions", 0, 0, G_OPTION_ARG_STRING, &max_solutions,
      N_("Count solutions up to N, then report the count as capped (default 1000)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed,
      N_("Seed of the randomised searches (default 1)"), "S" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress on stderr"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json — analyse a level set and write it as CSV"));
  g_autoptr(GError) error = NULL;
  PwAnalyseOptions options;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      usage_error ("export-csv", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      usage_error ("export-csv", _("name exactly one level-set file"));
      return PW_EXIT_USAGE;
    }
  if (output == NULL)
    {
      usage_error ("export-csv", _("-o OUT.csv is required (“-” for standard output)"));
      return PW_EXIT_USAGE;
    }
  pw_analyse_options_init (&options);
  if (!parse_count ("export-csv", "--max-states", max_states, 1, &options.max_states) ||
      !parse_count ("export-csv", "--max-solutions", max_solutions, 1, &options.max_solutions) ||
      !parse_count ("export-csv", "--seed", seed, 0, &options.seed) ||
      !parse_size ("export-csv", "--max-memory", max_memory, &options.max_bytes) ||
      !parse_seconds ("export-csv", "--max-seconds", max_seconds, &options.max_seconds) ||
      !parse_figures ("export-csv", figure_list, &figure_keys, &options) ||
      !_pw_cli_parse_shard ("export-csv", shard_text, &shard))
    return PW_EXIT_USAGE;

  {
    g_autofree char *used = options_text (figure_list, &options);
    PwCliStreamRun run = {
      .format = PW_REPORT_CSV,
      .with_file = FALSE,
      .options = &options,
      .options_text = used,
      .jobs = g_get_num_processors (),
      .quiet = quiet || !isatty (STDERR_FILENO),
      .shard = &shard,
      .output = output,
    };

    return _pw_cli_analyse_streamed (files, &run);
  }
}

typedef struct
{
  PwLevelSetWriter *writer;   /* the levels go out as they come */
  GError           *write_error;
  const PwKind     *kind;
  guint             wanted;
  char             *notes;
  gboolean          show;     /* a progress line on a terminal */
  gboolean          quiet;    /* no line a level either (-q) */
  PwCliProgress     progress;
  gint64            started;
  gint64            deadline; /* monotonic µs, 0: none */
  GCancellable     *cancellable;
  guint64           max_bytes;   /* --max-memory, 0: none */
  guint64           base_bytes;  /* resident at the first candidate; 0: not yet */
  gint64            next_check;  /* monotonic µs of the next look at it */
  gboolean          over_budget; /* the process grew past max_bytes */
} Generating;

/* The process's resident memory in bytes, 0 where it cannot be read. */
static guint64
resident_bytes (void)
{
  g_autofree char *text = NULL;
  unsigned long long pages = 0;

  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL) ||
      sscanf (text, "%*u %llu", &pages) != 1)
    return 0;
  return (guint64) pages * (guint64) sysconf (_SC_PAGESIZE);
}

static gboolean
generated (gpointer data,
           double   difficulty,
           gpointer user_data)
{
  Generating *g = user_data;
  g_autoptr(PwLevel) level = _pw_level_new_take_data (g->kind, data);
  guint n = pw_level_set_writer_get_count (g->writer) + 1;
  g_autofree char *name = g_strdup_printf (_("Generated %u"), n);
  /* a generator that did not measure a level's difficulty reports NAN */
  gboolean measured = !isnan (difficulty);
  g_autofree char *notes = measured ? g_strdup_printf (_("%s; difficulty %.2f"), g->notes,
                                                       difficulty)
                                    : g_strdup (g->notes);
  double seconds = (g_get_monotonic_time () - g->started) / 1e6;

  pw_level_set_name (level, name);
  pw_level_set_notes (level, notes);
  if (!pw_level_set_writer_add (g->writer, level, &g->write_error))
    return FALSE;
  if (g->show)
    _pw_cli_progress_step (&g->progress);
  else if (!g->quiet && measured)
    g_printerr (_("puzzlewright: level %u of %u, difficulty %.2f, after %.1f s\n"), n, g->wanted,
                difficulty, seconds);
  else if (!g->quiet)
    g_printerr (_("puzzlewright: level %u of %u after %.1f s\n"), n, g->wanted, seconds);
  return n < g->wanted;
}

static void
generating (guint64  tried,
            guint    found,
            gpointer user_data)
{
  Generating *g = user_data;

  if (g->deadline > 0 && g_get_monotonic_time () > g->deadline)
    g_cancellable_cancel (g->cancellable);
  /* The engines keep a candidate's analysis within the budget; this
   * catches the rest (the levels kept, what a generator's analyses leave
   * behind): the growth since the first candidate, a look every 10 ms. */
  if (g->max_bytes > 0 && g_get_monotonic_time () >= g->next_check)
    {
      guint64 now = resident_bytes ();

      g->next_check = g_get_monotonic_time () + 10000;
      if (g->base_bytes == 0)
        g->base_bytes = now;
      else if (now > g->base_bytes && now - g->base_bytes > g->max_bytes)
        {
          g->over_budget = TRUE;
          g_cancellable_cancel (g->cancellable);
        }
    }
  /* until the first level, then the levels a second and the time left */
  if (g->show && found == 0)
    {
      g_autofree char *text = pw_format_count (tried);

      g_printerr ("\r");
      /* Translators: progress of the generator: candidate levels tried so far */
      g_printerr (_("%s tried…"), text);
    }
}

static int
cmd_generate (int    argc,
              char **argv)
{
  g_autofree char *kind_id = NULL;
  g_autofree char *output = NULL;
  g_autofree char *count = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *seconds = NULL;
  g_autofree char *title = NULL;
  g_autofree char *max_memory = NULL;
  g_auto(GStrv) params = NULL;
  g_auto(GStrv) rest = NULL;
  gboolean quiet = FALSE;
  const GOptionEntry entries[] = {
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &kind_id, N_("Puzzle kind to generate"), N_("KIND") },
    { "count", 'n', 0, G_OPTION_ARG_STRING, &count, N_("How many levels (default 10)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Seed: the same seed, the same levels (default 1)"), "S" },
    { "time", 0, 0, G_OPTION_ARG_STRING, &seconds,
      N_("Stop after this many seconds, keeping what was found"), N_("SECONDS") },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &max_memory,
      N_("Stop, keeping what was found, when the analysis of a candidate or the generation "
         "as a whole would use more memory than SIZE (as 512M or 2G)"), N_("SIZE") },
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params,
      N_("A generator parameter (listed below)"), N_("NAME=VALUE") },
    { "title", 't', 0, G_OPTION_ARG_STRING, &title, N_("Title of the new set"), N_("TITLE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Level-set file to write"), N_("SET.json") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print no progress on stderr"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &rest, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("— make new levels"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GFile) out_file = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autoptr(GString) command = g_string_new ("puzzlewright generate");
  Generating g = { 0 };
  guint64 wanted = 10, seed_value = 1, limit = 0;
  const PwKind * const *kinds;
  guint n_kinds, n;
  gboolean ok;

  kinds = pw_kinds_list (&n_kinds);
  g_string_append (summary, _("No two levels are the same puzzle turned, mirrored or relabelled; "
                              "when the generator gives only such repeats a thousand times in a "
                              "row, it stops with the levels it found."));
  g_string_append (summary, "\n\n");
  g_string_append (summary, _("Parameters, by kind:"));
  for (guint k = 0; k < n_kinds; k++)
    for (guint i = 0; i < kinds[k]->n_generate_params; i++)
      g_string_append_printf (summary, "\n  --kind %s -p %s=%s  %s", kinds[k]->id,
                              kinds[k]->generate_params[i].name,
                              _(kinds[k]->generate_params[i].value),
                              _(kinds[k]->generate_params[i].description));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary->str);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      usage_error ("generate", error->message);
      return PW_EXIT_USAGE;
    }
  if (rest != NULL && rest[0] != NULL)
    {
      usage_error ("generate", _("unexpected arguments; parameters go with -p NAME=VALUE"));
      return PW_EXIT_USAGE;
    }
  if (kind_id == NULL || output == NULL)
    {
      usage_error ("generate", _("--kind and -o SET.json are required"));
      return PW_EXIT_USAGE;
    }
  g.kind = pw_kinds_lookup (kind_id);
  if (g.kind == NULL || g.kind->generate == NULL)
    {
      usage_error ("generate", g.kind == NULL ? _("unknown kind") : _("this kind has no generator"));
      return PW_EXIT_USAGE;
    }
  if (!parse_count ("generate", "--count", count, 1, &wanted) ||
      !parse_count ("generate", "--seed", seed, 0, &seed_value) ||
      !parse_count ("generate", "--time", seconds, 1, &limit) ||
      !parse_size ("generate", "--max-memory", max_memory, &g.max_bytes))
    return PW_EXIT_USAGE;
  for (guint i = 0; params != NULL && params[i] != NULL; i++)
    {
      char *eq = strchr (params[i], '=');

      if (eq == NULL || eq == params[i])
        {
          usage_error ("generate", _("a parameter is NAME=VALUE"));
          return PW_EXIT_USAGE;
        }
      g_hash_table_replace (table, g_strndup (params[i], eq - params[i]), g_strdup (eq + 1));
      g_string_append_printf (command, " -p %s", params[i]);
    }
  g_string_append_printf (command, " --kind %s --seed %" G_GUINT64_FORMAT, kind_id, seed_value);

  /* the set is written as the levels come: a temporary file that takes
   * the place of OUTPUT at the end */
  out_file = g_file_new_for_commandline_arg (output);
  g.writer = pw_level_set_writer_open (out_file, &error);
  if (g.writer == NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  pw_level_set_writer_set_header (g.writer, title ? title : _("Generated levels"), NULL, NULL);
  g.wanted = wanted;
  g.notes = command->str;
  g.show = !quiet && isatty (2);
  g.quiet = quiet;
  g.started = g_get_monotonic_time ();
  _pw_cli_progress_start (&g.progress, !g.show, wanted);
  g.cancellable = cancellable;
  g.deadline = limit > 0 ? g.started + (gint64) limit * G_USEC_PER_SEC : 0;
  /* the progress callback watches the clock and the memory */
  /* every level a different puzzle (pw-generate.h) */
  ok = pw_generate (g.kind, table, seed_value, g.max_bytes, generated, generating, &g, cancellable,
                    &error);
  if (g.show)
    _pw_cli_progress_end (&g.progress);
  if (g.write_error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", g.write_error->message);
      g_clear_error (&g.write_error);
      pw_level_set_writer_abort (g.writer);
      return PW_EXIT_FAILURE;
    }
  n = pw_level_set_writer_get_count (g.writer);
  if (!ok && (g.over_budget || g_error_matches (error, PW_KIND_ERROR,
                                                PW_KIND_ERROR_MEMORY_BUDGET)))
    {
      /* the levels found so far are kept */
      if (g.over_budget)
        g_printerr (_("puzzlewright generate: the memory budget ran out after %u of %u levels\n"),
                    n, (guint) wanted);
      else
        /* Translators: %s says how far the candidate's analysis got */
        g_printerr (_("puzzlewright generate: the memory budget ran out after %u of %u levels "
                      "(%s)\n"), n, (guint) wanted, error->message);
      g_clear_error (&error);
      if (n == 0)
        pw_level_set_writer_abort (g.writer);
      else if (!pw_level_set_writer_commit (g.writer, &error))
        g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      int status = g_error_matches (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID) ? PW_EXIT_USAGE
                                                                                : PW_EXIT_FAILURE;

      g_printerr ("puzzlewright generate: %s\n", error->message);
      g_clear_error (&error);
      /* a generator that stops with an error may have found levels (the
       * slide generator's best when it misses its target): they are kept */
      if (n == 0)
        pw_level_set_writer_abort (g.writer);
      else if (!pw_level_set_writer_commit (g.writer, &error))
        g_printerr ("puzzlewright: %s\n", error->message);
      return status;
    }
  g_clear_error (&error);
  if (!pw_level_set_writer_commit (g.writer, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  if (n < wanted)
    {
      g_printerr (_("puzzlewright generate: time ran out after %u of %u levels\n"), n,
                  (guint) wanted);
      return PW_EXIT_FAILURE;
    }
  return PW_EXIT_OK;
}

char *
pw_cli_find_sample_set (void)
{
  const char *candidates[] = {
    PW_PKGDATADIR "/levels/sample.json",
    PW_SOURCE_DATADIR "/levels/sample.json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      return g_strdup (candidates[i]);
  return NULL;
}

/* Replaces this process with @program, the one beside this program in a
 * build tree, else the installed one in libexecdir; @argv[0] is replaced,
 * the rest passed on. */
static int
exec_beside (const char  *program,
             int          argc,
             char       **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *beside = dir != NULL ? g_build_filename (dir, program, NULL) : NULL;
  g_autofree char *installed = g_build_filename (PW_LIBEXECDIR, program, NULL);
  const char *path;
  g_autofree char **args = g_new0 (char *, argc + 1);
  int saved;

  path = beside != NULL && g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE) ? beside : installed;
  args[0] = (char *) path;
  for (int i = 1; i < argc; i++)
    args[i] = argv[i];
  execv (path, args);
  saved = errno;
  g_printerr (_("puzzlewright: could not start %s: %s\n"), path, g_strerror (saved));
  return PW_EXIT_FAILURE;
}

int
pw_cli_exec_editor (int    argc,
                    char **argv)
{
  return exec_beside ("puzzlewright-editor", argc, argv);
}

/* chart, report, render: @argv[0] is "puzzlewright COMMAND" */
static int
cmd_draw (int    argc,
          char **argv)
{
  const char *command = strchr (argv[0], ' ') != NULL ? strchr (argv[0], ' ') + 1 : argv[0];
  g_autofree char **args = g_new0 (char *, argc + 2);

  args[0] = argv[0];
  args[1] = (char *) command;
  for (int i = 1; i < argc; i++)
    args[i + 1] = argv[i];
  return exec_beside ("puzzlewright-draw", argc + 1, args);
}

static void
print_help (void)
{
  g_print (_("Usage:\n  puzzlewright [SET.json…]\n  puzzlewright COMMAND [OPTION…]\n\n"
             "With no command, opens the editor: on the level sets named, else on the set\n"
             "opened last, else on the bundled sample set.\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-12s %s\n", commands[i].name, _(commands[i].summary));
  g_print (_("\nRun “puzzlewright COMMAND --help” for a command’s options.\n"));
}

gboolean
pw_cli_wants (int    argc,
              char **argv)
{
  if (argc < 2)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return TRUE;
  /* options and words that are not files are the command line's to
   * explain; files go to the editor */
  return argv[1][0] == '-' || g_str_equal (argv[1], "help") ||
         !g_file_test (argv[1], G_FILE_TEST_EXISTS);
}

int
pw_cli_run (int    argc,
            char **argv)
{
  if (argc < 2)
    {
      print_help ();
      return PW_EXIT_USAGE;
    }

#ifdef __GLIBC__
  /* glibc raises its mmap threshold to the largest block freed (up to
   * 32 MiB): after one hard level, the solvers' tables of every later one
   * come from the heap, which fragments and keeps its high-water mark per
   * thread, so a catalogue's resident memory grew with its length (a
   * FreeCell shard: 40.7 MiB resident by default, 10.1 MiB with this, at
   * the same point; docs/performance.md). Blocks of 1 MiB and more keep
   * their own mappings, returned when freed. A heap gives back what is
   * free at its top only past 1 MiB too: with the default 128 KiB, a job
   * thread that freed a deal's tables gave them back to the kernel and
   * took them again for the next deal, deal after deal (madvise and the
   * TLB flushes it sends to the other cores: --jobs 2 over MS deals
   * 1-2000, 12 % less CPU with it, the same peak). */
  mallopt (M_MMAP_THRESHOLD, 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 1024 * 1024);
#endif

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_help ();
      return PW_EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("puzzlewright %s\n", PACKAGE_VERSION);
      return PW_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        /* the command sees itself as argv[0] */
        g_autofree char *name = g_strconcat ("puzzlewright ", argv[1], NULL);
        char *saved = argv[1];
        int status;

        argv[1] = name;
        status = commands[i].run (argc - 1, argv + 1);
        argv[1] = saved;
        return status;
      }

  g_printerr (_("puzzlewright: unknown command “%s”\n"), argv[1]);
  print_help ();
  return PW_EXIT_USAGE;
}

void
_pw_cli_keep_figures_asked (PwAnalysis             *analysis,
                            const PwKind           *kind,
                            const PwAnalyseOptions *options)
{
  keep_figures_asked (analysis, kind, options);
}

/* For the commands in files of their own (pw-cli-sets.c) and the
 * drawing commands (pw-cli-draw.c), which run in their own program. */
void
_pw_cli_usage_error (const char *command,
                     const char *message)
{
  usage_error (command, message);
}

gboolean
_pw_cli_parse_count (const char *command,
                     const char *option,
                     const char *text,
                     guint64     min,
                     guint64    *value)
{
  return parse_count (command, option, text, min, value);
}

gboolean
_pw_cli_write_output (const char *path,
                      const char *data,
                      gsize       length)
{
  return write_output (path, data, length);
}

gboolean
_pw_cli_read_file (const char  *command,
                   const char  *path,
                   char       **text,
                   gsize       *length)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = pw_file_read_at_most (file, PW_LEVEL_SET_MAX_BYTES + 1, length, NULL,
                                                &error);

  if (data == NULL)
    {
      g_printerr ("puzzlewright %s: %s: %s\n", command, path, error->message);
      return FALSE;
    }
  if (*length > PW_LEVEL_SET_MAX_BYTES)
    {
      /* Translators: the command, the file, the most bytes read */
      g_printerr (_("puzzlewright %s: %s: the file is over %d bytes, the most a command reads\n"),
                  command, path, PW_LEVEL_SET_MAX_BYTES);
      return FALSE;
    }
  *text = g_steal_pointer (&data);
  return TRUE;
}
