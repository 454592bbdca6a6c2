/* pw-cli-export.c — `export`: a set's levels in a text form, read a level at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright export --format text SET.json [-o OUT.txt]
 *   puzzlewright export --format FORMAT SET.json [-o OUT|-o FOLDER]  (a kind's own format)
 *   puzzlewright export --format xcsp3 SET.json -o FOLDER  (FOLDER/001-ID.xml, a file a level)
 *
 * The set is read twice as a stream (pw-level-stream.h), whatever its
 * size: first every level is read and made in the format asked (and
 * dropped), so that a bad set or a level the format cannot hold stops the
 * export before anything is written; then each level is made again and
 * written. Memory: a level and its text, and the stream's ids.
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "pw-cli.h"
#include "pw-cli-private.h"

typedef struct
{
  const char  *display_name;
  const char  *format;       /* "text", PW_XCSP3_FORMAT or a kind's own */
  const char  *folder;       /* one file a level in it, or NULL */
  PwCliOutput  out;          /* otherwise: all of it here */
  GError      *first_error;  /* the first level that cannot be written */
} Export;

/* Whether some kind writes @format (its table's export_formats). */
static gboolean
known_format (const char *format)
{
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    {
      for (guint f = 0; kinds[k]->export_formats != NULL && kinds[k]->export_formats[f]; f++)
        if (g_str_equal (kinds[k]->export_formats[f], format))
          return TRUE;
      if (g_str_equal (format, PW_XCSP3_FORMAT) && pw_xcsp3_kind_writes (kinds[k]))
        return TRUE;
    }
  return FALSE;
}

/* "003-dancer": the level's number and its name in lower-case ASCII
 * letters and digits, for a file name. */
static char *
file_stem (guint       number,
           const char *name)
{
  GString *stem = g_string_new (NULL);
  gboolean dash = TRUE;

  g_string_append_printf (stem, "%03u", number);
  for (const char *p = name; *p; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash)
            g_string_append_c (stem, '-');
          g_string_append_c (stem, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  return g_string_free (stem, FALSE);
}

/* "non (Nonogram), …, xcsp3 (Sudoku, …)": every format some kind writes,
 * with its kinds. */
static char *
export_format_list (void)
{
  GString *list = g_string_new (NULL);
  GString *xcsp3 = g_string_new (NULL);
  const PwKind * const *kinds;
  guint n_kinds;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    {
      for (guint f = 0; kinds[k]->export_formats != NULL && kinds[k]->export_formats[f]; f++)
        g_string_append_printf (list, "%s%s (%s)", list->len ? ", " : "",
                                kinds[k]->export_formats[f], _(kinds[k]->name));
      if (pw_xcsp3_kind_writes (kinds[k]))
        g_string_append_printf (xcsp3, "%s%s", xcsp3->len ? ", " : "", _(kinds[k]->name));
    }
  if (xcsp3->len > 0)
    g_string_append_printf (list, "%s%s (%s)", list->len ? ", " : "", PW_XCSP3_FORMAT,
                            xcsp3->str);
  g_string_free (xcsp3, TRUE);
  return g_string_free (list, FALSE);
}

/* The level at @index in its kind's text form (kinds that read a file one
 * level a line, import_text, get one line, the others the block the
 * generic importer reads: "; Name", the text, a blank line), in a kind's
 * own format, or as XCSP3; NULL after setting @error. */
static char *
level_text (Export   *ex,
            PwLevel  *level,
            guint     index,
            GError  **error)
{
  const PwKind *kind = pw_level_get_kind (level);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;

  if (g_str_equal (ex->format, PW_XCSP3_FORMAT))
    {
      text = pw_xcsp3_write_level (level, &local_error);
      if (text == NULL)
        g_set_error (error, local_error->domain, local_error->code, _("%s: level %u (“%s”): %s"),
                     ex->display_name, index + 1, pw_level_get_name (level),
                     local_error->message);
      return g_steal_pointer (&text);
    }
  if (!g_str_equal (ex->format, "text"))
    {
      if (kind == NULL || kind->export_level == NULL || kind->export_formats == NULL ||
          !g_strv_contains (kind->export_formats, ex->format))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                       _("%s: level %u (“%s”): its kind “%s” is not written as “%s”"),
                       ex->display_name, index + 1, pw_level_get_name (level),
                       pw_level_get_kind_id (level), ex->format);
          return NULL;
        }
      text = kind->export_level (pw_level_get_data (level), ex->format, pw_level_get_name (level),
                                 pw_level_get_notes (level), &local_error);
      if (text == NULL)
        g_set_error (error, local_error->domain, local_error->code, "%s: %s", ex->display_name,
                     local_error->message);
      return g_steal_pointer (&text);
    }

  if (kind == NULL || kind->to_text == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("%s: level %u (“%s”): its kind “%s” has no text form"), ex->display_name,
                   index + 1, pw_level_get_name (level), pw_level_get_kind_id (level));
      return NULL;
    }
  text = kind->to_text (pw_level_get_data (level));
  if (text == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("%s: level %u (“%s”): no text form of its kind can hold this level"),
                   ex->display_name, index + 1, pw_level_get_name (level));
      return NULL;
    }
  if (kind->import_text != NULL)
    return g_strdup_printf ("%s\n", g_strchomp (text));
  return g_strdup_printf ("; %s\n%s%s\n", pw_level_get_name (level), text,
                          g_str_has_suffix (text, "\n") ? "" : "\n");
}

/* The first pass: every level made and dropped; the first that cannot be
 * is kept, and the levels are still counted (a usage error says more). */
static gboolean
check_level (PwLevel  *level,
             guint     index,
             gpointer  user_data,
             GError  **error)
{
  Export *ex = user_data;
  g_autofree char *text = NULL;

  if (ex->first_error == NULL)
    text = level_text (ex, level, index, &ex->first_error);
  return TRUE;
}

/* The second pass: each level written. */
static gboolean
write_level (PwLevel  *level,
             guint     index,
             gpointer  user_data,
             GError  **error)
{
  Export *ex = user_data;
  g_autofree char *text = level_text (ex, level, index, error);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (text == NULL)
    return FALSE;
  if (ex->folder == NULL)
    return _pw_cli_output_write (&ex->out, text, strlen (text), error);

  /* "003-9f89faa3c3.xml": the order, then the id in letters and digits;
   * "003-dancer.non": the order, then the name */
  if (g_str_equal (ex->format, PW_XCSP3_FORMAT))
    {
      stem = file_stem (index + 1, pw_level_get_id (level));
      name = g_strdup_printf ("%s.xml", stem);
    }
  else
    {
      stem = file_stem (index + 1, pw_level_get_name (level));
      name = g_strdup_printf ("%s.%s", stem, ex->format);
    }
  path = g_build_filename (ex->folder, name, NULL);
  file = g_file_new_for_commandline_arg (path);
  if (!pw_file_replace_atomic (file, text, strlen (text), FALSE, NULL, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", path,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

int
_pw_cli_export (int    argc,
                char **argv)
{
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Output format: text, or one a kind writes (listed below)"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("File to write (standard output when absent or “-”); a folder for one file a level"),
      N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json — write the levels of a set in a text form"));
  g_autoptr(GError) error = NULL;
  g_autofree char *formats = export_format_list ();
  g_autofree char *summary =
    g_strdup_printf (_("text: one line per level for kinds whose files hold a level a line, "
                       "else “; Name” and the level’s text; what “import” reads back. A "
                       "kind’s own format holds one level a file: a set of several goes to a "
                       "folder. Formats of the kinds: %s."), formats);
  g_autofree char *sha256 = NULL;
  gboolean to_stdout, one_file;
  Export ex = { 0 };
  guint n;
  g_auto(PwCliSetRead) read = { 0 };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("export", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    {
      _pw_cli_usage_error ("export", _("name exactly one level-set file"));
      return PW_EXIT_USAGE;
    }
  if (format == NULL || (!g_str_equal (format, "text") && !known_format (format)))
    {
      g_autofree char *message =
        g_strdup_printf (_("--format must be text or a format a kind writes: %s"), formats);

      _pw_cli_usage_error ("export", message);
      return PW_EXIT_USAGE;
    }

  ex.display_name = files[0];
  ex.format = format;
  if (!_pw_cli_each_level (files[0], NULL, check_level, &ex, NULL, &read, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      g_clear_error (&ex.first_error);
      return PW_EXIT_FAILURE;
    }
  n = read.n_levels;
  sha256 = g_steal_pointer (&read.sha256);
  to_stdout = output == NULL || g_str_equal (output, "-");
  one_file = !to_stdout && g_str_has_suffix (output, ".xml");
  if (g_str_equal (format, PW_XCSP3_FORMAT) && (to_stdout || one_file) && n != 1)
    {
      g_clear_error (&ex.first_error);
      _pw_cli_usage_error ("export", _("an XCSP3 file holds one level: give -o FOLDER for a set"));
      return PW_EXIT_USAGE;
    }
  if (!g_str_equal (format, "text") && !g_str_equal (format, PW_XCSP3_FORMAT) && n > 1 &&
      to_stdout)
    {
      /* Translators: %s is a file format such as "non" */
      g_autofree char *message = g_strdup_printf (_("a .%s file holds one level: give -o FOLDER "
                                                    "for a set of several"), format);

      g_clear_error (&ex.first_error);
      _pw_cli_usage_error ("export", message);
      return PW_EXIT_USAGE;
    }
  if (ex.first_error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", ex.first_error->message);
      g_clear_error (&ex.first_error);
      return PW_EXIT_FAILURE;
    }

  /* one file a level: a kind's format for a set of several, XCSP3 unless
   * to one file */
  if ((g_str_equal (format, PW_XCSP3_FORMAT) && !to_stdout && !one_file) ||
      (!g_str_equal (format, "text") && !g_str_equal (format, PW_XCSP3_FORMAT) && n > 1))
    {
      ex.folder = output;
      if (g_mkdir_with_parents (output, 0777) != 0)
        {
          g_printerr ("puzzlewright: %s: %s\n", output, g_strerror (errno));
          return PW_EXIT_FAILURE;
        }
      if (!_pw_cli_each_level (files[0], NULL, write_level, &ex, sha256, NULL, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      return PW_EXIT_OK;
    }

  /* no level, nothing to write but text (an empty file) */
  if (n == 0 && !g_str_equal (format, "text"))
    return PW_EXIT_OK;
  /* the rest into one output, whole or as it was (standard output as it
   * comes) */
  if (!_pw_cli_output_open (&ex.out, output, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  if (_pw_cli_each_level (files[0], NULL, write_level, &ex, sha256, NULL, &error))
    _pw_cli_output_commit (&ex.out, &error);
  else
    _pw_cli_output_abort (&ex.out);
  if (error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return PW_EXIT_OK;
}
