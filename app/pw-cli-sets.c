/* pw-cli-sets.c — commands about a set as a whole: playtests, duplicates
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright playtests import SET.json SHEET.csv… [-o OUT.json] [--dry-run]
 *   puzzlewright playtests template [SET.json] [-o SHEET.csv]
 *   puzzlewright duplicates SET.json…
 *
 * Every command reads sets a level at a time, so their size is not
 * limited. playtests import reads the sheets whole, then the set twice:
 * the levels the sheets name are kept (the others cannot change what a
 * sheet does), merged, then the set is written a level at a time with
 * them in their places. duplicates reads the sets twice: a digest of each
 * level's canonical form (20 bytes a level with its place), then the ids
 * of the levels whose digest another shares.
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "pw-cli.h"
#include "pw-cli-private.h"

/* playtests import: the sheets read, and the levels they name (in the
 * set's order, with their indices) */
typedef struct
{
  GPtrArray        *sheets;   /* PwPlaytestSheet *, or NULL for a sheet not read */
  GPtrArray        *levels;   /* PwLevel * */
  GArray           *indices;  /* guint: each level's index in the set */
  guint             next;     /* the kept level to meet next in the second reading */
  PwLevelSetWriter *writer;
} Playtests;

static gboolean
keep_named (PwLevel  *level,
            guint     index,
            gpointer  user_data,
            GError  **error)
{
  Playtests *pt = user_data;

  for (guint i = 0; i < pt->sheets->len; i++)
    {
      PwPlaytestSheet *sheet = g_ptr_array_index (pt->sheets, i);

      if (sheet != NULL && pw_playtest_sheet_wants (sheet, level))
        {
          g_ptr_array_add (pt->levels, pw_level_ref (level));
          g_array_append_val (pt->indices, index);
          break;
        }
    }
  return TRUE;
}

/* The level read, or the one the sheets changed in its place. */
static gboolean
write_merged (PwLevel  *level,
              guint     index,
              gpointer  user_data,
              GError  **error)
{
  Playtests *pt = user_data;

  if (pt->next < pt->indices->len && g_array_index (pt->indices, guint, pt->next) == index)
    level = g_ptr_array_index (pt->levels, pt->next++);
  return pw_level_set_writer_add (pt->writer, level, error);
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
  g_autoptr(GPtrArray) sheets =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_playtest_sheet_free);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GFile) out_file = NULL;
  g_auto(PwCliSetRead) read = { 0 };
  Playtests pt = { sheets, levels, indices, 0, NULL };
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

  /* the sheets, read whole (what cannot be read is said after the set) */
  for (guint i = 1; files[i] != NULL; i++)
    {
      g_autofree char *data = NULL;
      gsize length;

      if (!_pw_cli_read_file ("playtests", files[i], &data, &length))
        {
          g_ptr_array_add (sheets, NULL);
          g_ptr_array_add (errors, NULL);
          continue;
        }
      g_ptr_array_add (sheets, pw_playtest_sheet_read (data, length, files[i], &error));
      g_ptr_array_add (errors, error != NULL ? g_strdup (error->message) : NULL);
      g_clear_error (&error);
    }
  /* the levels they name */
  if (!_pw_cli_each_level (files[0], NULL, keep_named, &pt, NULL, &read, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  for (guint i = 0; i < sheets->len; i++)
    {
      PwPlaytestSheet *sheet = g_ptr_array_index (sheets, i);
      g_autoptr(PwPlaytestImport) import = NULL;
      g_autofree char *text = NULL;

      if (sheet == NULL)
        {
          if (g_ptr_array_index (errors, i) != NULL)
            g_printerr ("puzzlewright: %s\n", (char *) g_ptr_array_index (errors, i));
          status = PW_EXIT_FAILURE;
          continue;
        }
      import = pw_playtest_sheet_merge (sheet, levels);
      text = pw_playtest_import_describe (import);
      g_print ("%s", text);
    }

  if (dry_run)
    return status;
  /* the set again, the levels changed in their places */
  out_file = g_file_new_for_commandline_arg (output != NULL ? output : files[0]);
  pt.writer = pw_level_set_writer_open (out_file, &error);
  if (pt.writer != NULL)
    {
      pw_level_set_writer_set_header (pt.writer, pw_level_set_get_title (read.header),
                                      pw_level_set_get_author (read.header),
                                      pw_level_set_get_notes (read.header));
      if (_pw_cli_each_level (files[0], NULL, write_merged, &pt, read.sha256, NULL, &error))
        pw_level_set_writer_commit (g_steal_pointer (&pt.writer), &error);
      g_clear_pointer (&pt.writer, pw_level_set_writer_abort);
    }
  if (error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return status;
}

static gboolean
add_template_row (PwLevel  *level,
                  guint     index,
                  gpointer  user_data,
                  GError  **error)
{
  PwCliOutput *out = user_data;
  g_autoptr(GString) row = g_string_new (NULL);

  pw_playtest_template_append_level (row, level);
  return _pw_cli_output_write (out, row->str, row->len, error);
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
  g_autoptr(GString) header = g_string_new (NULL);
  g_auto(PwCliSetRead) read = { 0 };
  gboolean with_set;
  PwCliOutput out;

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
  /* the set checked first, then a row a level (nothing written from a bad set) */
  with_set = files != NULL && files[0] != NULL;
  if (with_set && !_pw_cli_each_level (files[0], NULL, NULL, NULL, NULL, &read, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  pw_playtest_template_append_header (header);
  if (_pw_cli_output_open (&out, output, &error))
    {
      if (_pw_cli_output_write (&out, header->str, header->len, &error) &&
          (!with_set || _pw_cli_each_level (files[0], NULL, add_template_row, &out, read.sha256,
                                            NULL, &error)))
        _pw_cli_output_commit (&out, &error);
      else
        _pw_cli_output_abort (&out);
    }
  if (error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return PW_EXIT_OK;
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
      g_auto(PwCliSetRead) read = { 0 };

      if (!_pw_cli_each_level (files[f], NULL, add_form, &dup, NULL, &read, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      g_ptr_array_add (sums, g_steal_pointer (&read.sha256));
      dup.base += read.n_levels;
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
      g_auto(PwCliSetRead) read = { 0 };

      dup.file = n_files > 1 ? files[f] : NULL;
      if (!_pw_cli_each_level (files[f], is_member, keep_id, &dup, g_ptr_array_index (sums, f),
                               &read, &error))
        {
          g_printerr ("puzzlewright: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      dup.base += read.n_levels;
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
