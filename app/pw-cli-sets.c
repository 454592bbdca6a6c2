/* pw-cli-sets.c — commands about a set as a whole: playtests, duplicates
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright playtests import SET.json SHEET.csv… [-o OUT.json] [--dry-run]
 *   puzzlewright playtests template [SET.json] [-o SHEET.csv]
 *   puzzlewright duplicates SET.json…
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "pw-cli.h"
#include "pw-cli-private.h"

static GPtrArray *
set_levels (PwLevelSet *set)
{
  GPtrArray *levels = g_ptr_array_new ();

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    g_ptr_array_add (levels, pw_level_set_get_level (set, i));
  return levels;
}

static int
playtests_import (int    argc,
                  char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  gboolean dry_run = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Level-set file to write (default: the set itself)"), N_("OUT.json") },
    { "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run,
      N_("Say what would be imported, write nothing"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json SHEET.csv… — merge playtest sheets into a set"));
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GPtrArray) levels = NULL;
  g_autoptr(GFile) out_file = NULL;
  int status = PW_EXIT_OK;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Columns are found by their header: level (the id) or name, "
                                  "tester,\ndate, rating, seconds, completed, moves, hints_used, "
                                  "notes. A tester’s row\nfor a level and date already in the set "
                                  "updates it. “puzzlewright playtests\ntemplate SET.json” writes "
                                  "a sheet to fill in."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("playtests import", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL || files[1] == NULL)
    {
      _pw_cli_usage_error ("playtests import", _("name a level-set file and one or more sheets"));
      return PW_EXIT_USAGE;
    }

  set = _pw_cli_load_set (files[0], NULL);
  if (set == NULL)
    return PW_EXIT_FAILURE;
  levels = set_levels (set);

  for (guint i = 1; files[i] != NULL; i++)
    {
      g_autofree char *data = NULL;
      g_autofree char *text = NULL;
      g_autoptr(PwPlaytestImport) import = NULL;
      gsize length;

      if (!_pw_cli_read_file ("playtests", files[i], &data, &length))
        {
          status = PW_EXIT_FAILURE;
          continue;
        }
      import = pw_playtest_import_csv (levels, data, length, files[i], &error);
      if (import == NULL)
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          g_clear_error (&error);
          status = PW_EXIT_FAILURE;
          continue;
        }
      text = pw_playtest_import_describe (import);
      g_print ("%s", text);
    }

  if (dry_run)
    return status;
  out_file = g_file_new_for_commandline_arg (output != NULL ? output : files[0]);
  if (!pw_level_set_save (set, out_file, NULL, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return status;
}

static int
playtests_template (int    argc,
                    char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("CSV file to write (default: standard output)"), N_("SHEET.csv") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("[SET.json] — write the playtest sheet testers fill in"));
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GPtrArray) levels = NULL;
  g_autofree char *csv = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("The header, and with a set one row per level (its id and "
                                  "name) to fill in."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("playtests template", error->message);
      return PW_EXIT_USAGE;
    }
  if (files != NULL && files[0] != NULL && files[1] != NULL)
    {
      _pw_cli_usage_error ("playtests template", _("name at most one level-set file"));
      return PW_EXIT_USAGE;
    }
  if (files != NULL && files[0] != NULL)
    {
      set = _pw_cli_load_set (files[0], NULL);
      if (set == NULL)
        return PW_EXIT_FAILURE;
      levels = set_levels (set);
    }
  csv = pw_playtest_template (levels);
  return _pw_cli_write_output (output, csv, strlen (csv)) ? PW_EXIT_OK : PW_EXIT_FAILURE;
}

int
_pw_cli_playtests (int    argc,
                   char **argv)
{
  const char *what = argc >= 2 ? argv[1] : NULL;
  g_autofree char *name = NULL;
  char *saved;
  int status;

  if (what != NULL && (g_str_equal (what, "--help") || g_str_equal (what, "-h")))
    {
      g_print (_("Usage:\n"
                 "  puzzlewright playtests import SET.json SHEET.csv… [-o OUT.json] [--dry-run]\n"
                 "  puzzlewright playtests template [SET.json] [-o SHEET.csv]\n"));
      return PW_EXIT_OK;
    }
  if (what == NULL || (!g_str_equal (what, "import") && !g_str_equal (what, "template")))
    {
      _pw_cli_usage_error ("playtests", _("say “import” or “template”"));
      return PW_EXIT_USAGE;
    }
  /* the subcommand sees itself as argv[0] */
  name = g_strconcat (argv[0], " ", what, NULL);
  saved = argv[1];
  argv[1] = name;
  status = g_str_equal (what, "import") ? playtests_import (argc - 1, argv + 1)
                                        : playtests_template (argc - 1, argv + 1);
  argv[1] = saved;
  return status;
}

int
_pw_cli_duplicates (int    argc,
                    char **argv)
{
  g_auto(GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SET.json… — list levels that are the same puzzle"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_set_unref);
  g_autoptr(GPtrArray) levels = g_ptr_array_new ();
  g_autoptr(GHashTable) file_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_files;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Levels that are the same puzzle up to their kind’s symmetries "
                                  "(the grid\nturned or mirrored; colours, suits or digits "
                                  "exchanged; rows and columns\nreordered where the rules allow): "
                                  "one line per group, the ids of its\nlevels separated by spaces. "
                                  "With several sets, each id is written FILE:ID."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("duplicates", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL)
    {
      _pw_cli_usage_error ("duplicates", _("name one or more level-set files"));
      return PW_EXIT_USAGE;
    }
  n_files = g_strv_length (files);
  for (guint f = 0; f < n_files; f++)
    {
      PwLevelSet *set = _pw_cli_load_set (files[f], NULL);

      if (set == NULL)
        return PW_EXIT_FAILURE;
      g_ptr_array_add (sets, set);
      for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
        {
          PwLevel *level = pw_level_set_get_level (set, i);

          g_ptr_array_add (levels, level);
          g_hash_table_insert (file_of, level, files[f]);
        }
    }

  groups = pw_find_duplicates (levels);
  for (guint g = 0; g < groups->len; g++)
    {
      GPtrArray *group = g_ptr_array_index (groups, g);

      for (guint i = 0; i < group->len; i++)
        {
          PwLevel *level = g_ptr_array_index (group, i);

          if (i > 0)
            g_string_append_c (out, ' ');
          if (n_files > 1)
            g_string_append_printf (out, "%s:", (const char *) g_hash_table_lookup (file_of,
                                                                                    level));
          g_string_append (out, pw_level_get_id (level));
        }
      g_string_append_c (out, '\n');
    }
  return _pw_cli_write_output (NULL, out->str, out->len) ? PW_EXIT_OK : PW_EXIT_FAILURE;
}
