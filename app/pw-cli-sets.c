/* pw-cli-sets.c — commands about a set as a whole: playtests, duplicates
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright playtests import SET.json SHEET.csv… [-o OUT.json] [--dry-run]
 *   puzzlewright playtests template [SET.json] [-o SHEET.csv]
 *   puzzlewright duplicates SET.json…
 *
 * duplicates reads the sets a level at a time, twice: a digest of each
 * level's canonical form (20 bytes a level with its place), then the ids
 * of the levels whose digest another shares.
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

/* duplicates: a digest of each level's canonical form (pw-duplicates.h),
 * the first 16 bytes of its SHA-256 (two different forms share one with
 * a chance of about n² / 2¹²⁹ for n levels), and its place over all the
 * sets; the levels whose digest another shares, with their ids. */
typedef struct
{
  guint8  digest[16];
  guint32 index;
} Form;

typedef struct
{
  guint32  index;
  guint32  first;   /* the index of its group's first level */
  char    *id;      /* as written: ID, or FILE:ID for several sets */
} Member;

typedef struct
{
  GArray     *forms;     /* Form */
  GArray     *members;   /* Member, by index */
  guint       base;      /* the index of the set's first level */
  guint       next;      /* the member to meet next */
  const char *file;      /* FILE: before ids, or NULL */
} Duplicates;

static gboolean
add_form (PwLevel  *level,
          guint     index,
          gpointer  user_data,
          GError  **error)
{
  Duplicates *dup = user_data;
  g_autofree char *form = pw_level_canonical_form (level);
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  Form entry;

  if ((guint64) dup->base + index >= G_MAXUINT32)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("the sets have over %u levels"),
                   G_MAXUINT32 - 1);
      return FALSE;
    }
  g_checksum_update (checksum, (const guchar *) form, -1);
  g_checksum_get_digest (checksum, digest, &length);
  memcpy (entry.digest, digest, sizeof entry.digest);
  entry.index = dup->base + index;
  g_array_append_val (dup->forms, entry);
  return TRUE;
}

static int
compare_forms (gconstpointer a,
               gconstpointer b)
{
  const Form *x = a, *y = b;
  int order = memcmp (x->digest, y->digest, sizeof x->digest);

  if (order != 0)
    return order;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_members (gconstpointer a,
                 gconstpointer b)
{
  const Member *x = a, *y = b;

  if (x->first != y->first)
    return x->first < y->first ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_member_index (gconstpointer a,
                      gconstpointer b)
{
  const Member *x = a, *y = b;

  return x->index < y->index ? -1 : x->index > y->index;
}

static gboolean
is_member (guint    index,
           gpointer user_data)
{
  Duplicates *dup = user_data;

  return dup->next < dup->members->len &&
         g_array_index (dup->members, Member, dup->next).index == dup->base + index;
}

static gboolean
keep_id (PwLevel  *level,
         guint     index,
         gpointer  user_data,
         GError  **error)
{
  Duplicates *dup = user_data;
  Member *member = &g_array_index (dup->members, Member, dup->next++);

  member->id = dup->file != NULL ? g_strdup_printf ("%s:%s", dup->file, pw_level_get_id (level))
                                 : g_strdup (pw_level_get_id (level));
  return TRUE;
}

static void
member_clear (gpointer data)
{
  Member *member = data;

  g_free (member->id);
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
  g_autoptr(GPtrArray) sums = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) forms = g_array_new (FALSE, FALSE, sizeof (Form));
  g_autoptr(GArray) members = g_array_new (FALSE, FALSE, sizeof (Member));
  g_autoptr(GString) out = g_string_new (NULL);
  Duplicates dup = { forms, members, 0, 0, NULL };
  guint n_files;

  g_array_set_clear_func (members, member_clear);
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

  /* every set read a level at a time: a digest each */
  for (guint f = 0; f < n_files; f++)
    {
      char *sha256 = NULL;
      guint n;

      if (!_pw_cli_each_level (files[f], NULL, add_form, &dup, NULL, &n, &sha256, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      g_ptr_array_add (sums, sha256);
      dup.base += n;
    }

  /* the levels that share their digest, each with its group's first */
  g_array_sort (forms, compare_forms);
  for (guint i = 0; i < forms->len;)
    {
      guint end = i + 1;

      while (end < forms->len && memcmp (g_array_index (forms, Form, i).digest,
                                         g_array_index (forms, Form, end).digest, 16) == 0)
        end++;
      for (guint j = i; end - i > 1 && j < end; j++)
        {
          Member member = { g_array_index (forms, Form, j).index,
                            g_array_index (forms, Form, i).index, NULL };

          g_array_append_val (members, member);
        }
      i = end;
    }
  g_array_set_size (forms, 0);
  g_array_sort (members, compare_member_index);

  /* their ids, from a second reading */
  dup.base = 0;
  for (guint f = 0; f < n_files && members->len > 0; f++)
    {
      guint n;

      dup.file = n_files > 1 ? files[f] : NULL;
      if (!_pw_cli_each_level (files[f], is_member, keep_id, &dup, g_ptr_array_index (sums, f),
                               &n, NULL, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      dup.base += n;
    }
  g_assert (dup.next == members->len);

  /* a line a group, in the order of their first levels */
  g_array_sort (members, compare_members);
  for (guint i = 0; i < members->len; i++)
    {
      Member *member = &g_array_index (members, Member, i);

      if (i > 0 && member->first == g_array_index (members, Member, i - 1).first)
        g_string_append_c (out, ' ');
      else if (i > 0)
        g_string_append_c (out, '\n');
      g_string_append (out, member->id);
    }
  if (members->len > 0)
    g_string_append_c (out, '\n');
  return _pw_cli_write_output (NULL, out->str, out->len) ? PW_EXIT_OK : PW_EXIT_FAILURE;
}
