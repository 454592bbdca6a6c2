/* pw-cli-shard.c — the parts of a report made in shards, and merging them
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   puzzlewright analyse --shard I/N --format json|csv SET.json… > PART
 *   puzzlewright export-csv --shard I/N SET.json -o PART
 *   puzzlewright merge PART… [-o OUT]
 *
 * A part is the report of the levels whose 0-based index in their set is
 * I − 1 modulo N, each row carrying its level's place in the set
 * ("order"), headed by what `merge` needs to tell parts that belong
 * together: the shard, the sets (name, levels, SHA-256 of the file) and
 * the options the figures depend on. A JSON part is an object
 * (PW_CLI_PART_FORMAT) around the rows; a CSV part is the report's CSV
 * after one record that starts with "#" PW_CLI_PART_FORMAT. `merge`
 * writes what the run without --shard writes: the same bytes but for the
 * timings, same_game_as worked out again over the whole set. Either
 * format is read twice, a record or a row at a time: first what each part
 * is (for a JSON part, its members but the rows: pw-cli-json-rows.c), then
 * every part in step, level by level in the sets' order, so that memory
 * does not grow with the parts.
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <csv.h>
#include <glib/gi18n.h>

#include "puzzlewright.h"
#include "pw-cli.h"
#include "pw-cli-private.h"
#include "pw-json-text.h"

typedef struct
{
  char     *path;
  gboolean  csv;
  gboolean  with_file;   /* CSV: a "file" column (analyse), none (export-csv) */
  guint     shard;
  guint     of;
  char     *options;
  GPtrArray *sources;    /* PwCliSource */
  GPtrArray *header;     /* CSV: the column names */
  PwCliJsonRows *json;   /* JSON: read a row at a time */
  /* CSV: read a record at a time */
  GInputStream      *input;
  struct csv_parser  parser;
  gboolean           parsing;
  GQueue             records;   /* GPtrArray of char * each, parsed, not taken */
  GPtrArray         *record;    /* the one being parsed */
  guint              n_records; /* taken so far */
  guint             *position;  /* output column -> header column, G_MAXUINT: none */
} Part;

/* ------------------------------------------------------------------ */
/* Writing parts                                                        */

gboolean
_pw_cli_parse_shard (const char *command,
                     const char *text,
                     PwCliShard *shard)
{
  g_auto(GStrv) halves = NULL;
  guint64 index, count;

  shard->index = shard->count = 0;
  if (text == NULL)
    return TRUE;
  halves = g_strsplit (text, "/", 2);
  if (halves[1] == NULL ||
      !g_ascii_string_to_unsigned (halves[0], 10, 1, G_MAXUINT32, &index, NULL) ||
      !g_ascii_string_to_unsigned (halves[1], 10, 1, PW_CLI_MAX_SHARDS, &count, NULL) ||
      index > count)
    {
      g_autofree char *message =
        /* Translators: keep --shard I/N as it is */
        g_strdup_printf (_("--shard I/N: “%s” is not two whole numbers with 1 ≤ I ≤ N ≤ %d, "
                           "as --shard 2/8"), text, PW_CLI_MAX_SHARDS);

      _pw_cli_usage_error (command, message);
      return FALSE;
    }
  shard->index = index;
  shard->count = count;
  return TRUE;
}

void
_pw_cli_source_free (PwCliSource *source)
{
  if (source == NULL)
    return;
  g_free (source->file);
  g_free (source->sha256);
  g_free (source);
}

char *
_pw_cli_part_csv_record (const PwCliShard *shard,
                         const char       *options,
                         GPtrArray        *sources)
{
  GString *out = g_string_new (NULL);
  g_autofree char *index = g_strdup_printf ("%u", shard->index);
  g_autofree char *count = g_strdup_printf ("%u", shard->count);

  pw_csv_append_field (out, "#" PW_CLI_PART_FORMAT);
  g_string_append_c (out, ',');
  pw_csv_append_field (out, index);
  g_string_append_c (out, ',');
  pw_csv_append_field (out, count);
  g_string_append_c (out, ',');
  pw_csv_append_field (out, options);
  for (guint i = 0; i < sources->len; i++)
    {
      PwCliSource *source = g_ptr_array_index (sources, i);
      g_autofree char *levels = g_strdup_printf ("%u", source->levels);

      g_string_append_c (out, ',');
      pw_csv_append_field (out, source->file);
      g_string_append_c (out, ',');
      pw_csv_append_field (out, levels);
      g_string_append_c (out, ',');
      pw_csv_append_field (out, source->sha256);
    }
  g_string_append (out, "\r\n");
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* Reading parts                                                        */

static void
csv_close (Part *part)
{
  if (part->parsing)
    csv_free (&part->parser);
  part->parsing = FALSE;
  g_queue_clear_full (&part->records, (GDestroyNotify) g_ptr_array_unref);
  g_clear_pointer (&part->record, g_ptr_array_unref);
  g_clear_object (&part->input);
  part->n_records = 0;
}

static void
part_free (Part *part)
{
  csv_close (part);
  g_free (part->path);
  g_free (part->options);
  g_free (part->position);
  g_clear_pointer (&part->sources, g_ptr_array_unref);
  g_clear_pointer (&part->header, g_ptr_array_unref);
  g_clear_pointer (&part->json, _pw_cli_json_rows_free);
  g_free (part);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Part, part_free)

static void
csv_on_field (void   *text,
              size_t  length,
              void   *data)
{
  Part *part = data;

  if (part->record == NULL)
    part->record = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (part->record, g_strndup (text, length));
}

static void
csv_on_record (int   end,
               void *data)
{
  Part *part = data;

  if (part->record == NULL)
    part->record = g_ptr_array_new_with_free_func (g_free);
  g_queue_push_tail (&part->records, g_steal_pointer (&part->record));
}

/* Opens the CSV part (again) at its first record. */
static gboolean
csv_open (Part    *part,
          GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (part->path);
  g_autoptr(GError) local_error = NULL;

  csv_close (part);
  part->input = G_INPUT_STREAM (g_file_read (file, NULL, &local_error));
  if (part->input == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", part->path,
                   local_error->message);
      return FALSE;
    }
  csv_init (&part->parser, CSV_STRICT | CSV_STRICT_FINI);
  part->parsing = TRUE;
  return TRUE;
}

/* The next record (the caller's), or NULL at the end or after setting
 * @error. */
static GPtrArray *
csv_next (Part    *part,
          GError **error)
{
  char buffer[65536];

  while (g_queue_is_empty (&part->records) && part->input != NULL)
    {
      gssize n = g_input_stream_read (part->input, buffer, sizeof buffer, NULL, error);
      gboolean ok;

      if (n < 0)
        return NULL;
      if (n > 0)
        ok = csv_parse (&part->parser, buffer, n, csv_on_field, csv_on_record, part) == (gsize) n;
      else
        {
          ok = csv_fini (&part->parser, csv_on_field, csv_on_record, part) == 0;
          g_clear_object (&part->input);
        }
      if (!ok)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%s: after record %u: not valid CSV: %s"), part->path,
                       part->n_records + (guint) g_queue_get_length (&part->records),
                       csv_strerror (csv_error (&part->parser)));
          return NULL;
        }
    }
  if (g_queue_is_empty (&part->records))
    return NULL;
  part->n_records++;
  return g_queue_pop_head (&part->records);
}

static gboolean
not_a_part (const char  *path,
            GError     **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               _("%s: not a part written with --shard (“analyse --shard I/N --format json|csv” "
                 "or “export-csv --shard I/N”)"), path);
  return FALSE;
}

static gboolean
read_count (const char *text,
            guint      *value)
{
  guint64 number;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &number, NULL))
    return FALSE;
  *value = number;
  return TRUE;
}

/* The first two records: what the part is, and the header. */
static gboolean
read_csv_part (Part    *part,
               GError **error)
{
  g_autoptr(GPtrArray) meta = NULL;

  /* read again from the start for a second pass */
  g_ptr_array_set_size (part->sources, 0);
  g_clear_pointer (&part->header, g_ptr_array_unref);
  g_clear_pointer (&part->options, g_free);
  if (!csv_open (part, error))
    return FALSE;
  meta = csv_next (part, error);
  if (meta == NULL)
    return *error != NULL ? FALSE : not_a_part (part->path, error);
  if (meta->len < 4 || (meta->len - 4) % 3 != 0 ||
      !g_str_equal (g_ptr_array_index (meta, 0), "#" PW_CLI_PART_FORMAT) ||
      !read_count (g_ptr_array_index (meta, 1), &part->shard) ||
      !read_count (g_ptr_array_index (meta, 2), &part->of) ||
      part->shard < 1 || part->of > PW_CLI_MAX_SHARDS || part->shard > part->of)
    return not_a_part (part->path, error);
  part->options = g_strdup (g_ptr_array_index (meta, 3));
  for (guint i = 4; i < meta->len; i += 3)
    {
      PwCliSource *source = g_new0 (PwCliSource, 1);

      g_ptr_array_add (part->sources, source);
      source->file = g_strdup (g_ptr_array_index (meta, i));
      source->sha256 = g_strdup (g_ptr_array_index (meta, i + 2));
      if (!read_count (g_ptr_array_index (meta, i + 1), &source->levels))
        return not_a_part (part->path, error);
    }
  part->header = csv_next (part, error);
  if (part->header == NULL)
    return *error != NULL ? FALSE : not_a_part (part->path, error);
  part->with_file = part->header->len > 0 && g_str_equal (g_ptr_array_index (part->header, 0),
                                                          "file");
  return TRUE;
}

/* What the JSON part is: its members but the rows, read to the end
 * (a first pass). */
static gboolean
read_json_part (Part    *part,
                GError **error)
{
  g_autoptr(PwCliJsonRows) reader = _pw_cli_json_rows_open (part->path, error);
  g_autoptr(JsonNode) node = NULL;
  JsonObject *root;
  JsonNode *sources_node;
  JsonArray *sources;

  if (reader == NULL)
    return FALSE;
  while (_pw_cli_json_rows_skip (reader, error))
    ;
  if (*error != NULL)
    return FALSE;
  node = _pw_cli_json_rows_parse_skeleton (reader, error);
  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return not_a_part (part->path, error);
  root = json_node_get_object (node);
  if (g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""),
                 PW_CLI_PART_FORMAT) != 0)
    return not_a_part (part->path, error);
  if (json_object_get_int_member_with_default (root, "version", 0) != PW_CLI_PART_VERSION)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s: a part of version %d is read, not this one"), part->path,
                   PW_CLI_PART_VERSION);
      return FALSE;
    }
  sources_node = json_object_get_member (root, "sources");
  if (json_object_get_int_member_with_default (root, "shard", 0) < 1 ||
      json_object_get_int_member_with_default (root, "of", 0) < 1 ||
      json_object_get_int_member_with_default (root, "shard", 0) >
      json_object_get_int_member_with_default (root, "of", 0) ||
      json_object_get_int_member_with_default (root, "of", 0) > PW_CLI_MAX_SHARDS ||
      sources_node == NULL || !JSON_NODE_HOLDS_ARRAY (sources_node) ||
      json_object_get_member (root, "rows") == NULL ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "rows")) ||
      /* the reader took every row out of "rows" unless its name was
       * written with escapes */
      json_array_get_length (json_object_get_array_member (root, "rows")) > 0 ||
      !JSON_NODE_HOLDS_VALUE (json_object_get_member (root, "options")))
    return not_a_part (part->path, error);
  part->shard = json_object_get_int_member (root, "shard");
  part->of = json_object_get_int_member (root, "of");
  part->options = g_strdup (json_object_get_string_member_with_default (root, "options", ""));
  sources = json_node_get_array (sources_node);
  for (guint i = 0; i < json_array_get_length (sources); i++)
    {
      JsonNode *element = json_array_get_element (sources, i);
      JsonObject *object;
      PwCliSource *source;
      gint64 levels;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return not_a_part (part->path, error);
      object = json_node_get_object (element);
      levels = json_object_get_int_member_with_default (object, "levels", -1);
      if (levels < 0 || levels > G_MAXUINT32)
        return not_a_part (part->path, error);
      source = g_new0 (PwCliSource, 1);
      source->file = g_strdup (json_object_get_string_member_with_default (object, "file", ""));
      source->levels = levels;
      source->sha256 = g_strdup (json_object_get_string_member_with_default (object, "sha256",
                                                                            ""));
      g_ptr_array_add (part->sources, source);
    }
  return TRUE;
}

static Part *
read_part (const char  *path,
           GError     **error)
{
  g_autoptr(Part) part = g_new0 (Part, 1);
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  part->path = g_strdup (path);
  part->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_cli_source_free);
  g_queue_init (&part->records);
  /* parts of either format are read a record or a row at a time */
  text = pw_file_read_at_most (file, 2, &length, NULL, &local_error);
  if (text == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path, local_error->message);
      return NULL;
    }
  part->csv = length > 0 && text[0] != '{';
  if (part->csv)
    return read_csv_part (part, error) ? g_steal_pointer (&part) : NULL;
  return read_json_part (part, error) ? g_steal_pointer (&part) : NULL;
}

/* ------------------------------------------------------------------ */
/* Merging                                                              */

/* Whether @a and @b come from one run over the same sets: same format,
 * shards, options and sets. */
static gboolean
parts_agree (Part    *a,
             Part    *b,
             GError **error)
{
  const char *why = NULL;

  if (a->csv != b->csv || (a->csv && a->with_file != b->with_file))
    why = _("they are of different kinds (JSON and CSV, or analyse and export-csv)");
  else if (a->of != b->of)
    why = _("they are shards of different counts");
  else if (!g_str_equal (a->options, b->options))
    why = _("they were analysed with different options");
  else if (a->sources->len != b->sources->len)
    why = _("they were made from different level sets");
  for (guint i = 0; why == NULL && i < a->sources->len; i++)
    {
      PwCliSource *x = g_ptr_array_index (a->sources, i);
      PwCliSource *y = g_ptr_array_index (b->sources, i);

      if (!g_str_equal (x->file, y->file) || x->levels != y->levels ||
          !g_str_equal (x->sha256, y->sha256))
        why = _("they were made from different level sets, or from different versions of one");
    }
  if (why == NULL)
    return TRUE;
  /* Translators: two part files, then why they cannot be joined */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s and %s do not belong together: "
                                                            "%s"), a->path, b->path, why);
  return FALSE;
}

/* same_game_as over the whole of each set, as pw_report_find_same_games
 * does: the order of the first level of the same file, kind and class as
 * the level at @order, or 0 when it is the first (or has no class). */
static guint
same_game (GHashTable *first,
           guint       order,
           const char *file,
           const char *kind,
           const char *class_value)
{
  char *full;
  gpointer earlier;

  if (class_value == NULL)
    return 0;
  full = g_strdup_printf ("%s\n%s\n%s", file ? file : "", kind, class_value);
  if (g_hash_table_lookup_extended (first, full, NULL, &earlier))
    {
      g_free (full);
      return GPOINTER_TO_UINT (earlier);
    }
  g_hash_table_insert (first, full, GUINT_TO_POINTER (order));
  return 0;
}

typedef struct
{
  PwCliOutput  out;
  GString     *pending;
} Output;

static gboolean
output_flush (Output  *output,
              GError **error)
{
  gboolean ok = _pw_cli_output_write (&output->out, output->pending->str, output->pending->len,
                                      error);

  g_string_truncate (output->pending, 0);
  return ok;
}

/* Every kind named in the parts' rows: a first pass over them. */
static gboolean
csv_kinds (GPtrArray  *parts,
           GHashTable *kinds,
           GError    **error)
{
  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);
      guint column = G_MAXUINT;
      GPtrArray *record;

      for (guint c = 0; c < part->header->len; c++)
        if (g_str_equal (g_ptr_array_index (part->header, c), "kind"))
          column = c;
      while ((record = csv_next (part, error)) != NULL)
        {
          if (column < record->len &&
              !g_hash_table_contains (kinds, g_ptr_array_index (record, column)))
            g_hash_table_add (kinds, g_strdup (g_ptr_array_index (record, column)));
          g_ptr_array_unref (record);
        }
      if (*error != NULL)
        return FALSE;
      /* again from the first row, for the second pass */
      if (!read_csv_part (part, error))
        return FALSE;
    }
  return TRUE;
}

static const char *
cell_of (Part       *part,
         GPtrArray  *record,
         const char *column)
{
  for (guint c = 0; c < part->header->len; c++)
    if (g_str_equal (g_ptr_array_index (part->header, c), column))
      return g_ptr_array_index (record, c);
  return NULL;
}

/* @row as one element of the merged JSON list, after "[" or a row. */
static void
append_json_row (GString    *out,
                 JsonNode   *row,
                 gboolean    first)
{
  g_autofree char *json = NULL;
  gsize length;

  json = pw_json_to_text (row, TRUE, &length);
  /* one list deep, as the whole list written at once would be */
  g_string_append (out, first ? "\n  " : ",\n  ");
  for (gsize i = 0; i < length; i++)
    {
      g_string_append_c (out, json[i]);
      if (json[i] == '\n')
        g_string_append (out, "  ");
    }
}

/* The JSON the run without --shard writes, in the same steps as
 * merge_csv: each part read again, a row at a time, in step with the
 * others. */
static gboolean
merge_json (GPtrArray  *parts,
            Part      **by_shard,
            Output     *output,
            GError    **error)
{
  g_autoptr(GHashTable) first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Part *some = g_ptr_array_index (parts, 0);
  guint written = 0;

  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);

      part->json = _pw_cli_json_rows_open (part->path, error);
      if (part->json == NULL)
        return FALSE;
    }
  g_string_append_c (output->pending, '[');
  for (guint s = 0; s < some->sources->len; s++)
    {
      PwCliSource *source = g_ptr_array_index (some->sources, s);

      for (guint order = 1; order <= source->levels; order++)
        {
          Part *part = by_shard[(order - 1) % some->of + 1];
          g_autoptr(JsonNode) node = _pw_cli_json_rows_next (part->json, error);
          JsonObject *row = node != NULL ? json_node_get_object (node) : NULL;
          const char *file = NULL;

          if (node == NULL && *error != NULL)
            return FALSE;
          if (row != NULL)
            file = json_object_get_string_member_with_default (row, "file", NULL);
          if (row == NULL || json_object_get_int_member_with_default (row, "order", 0) != order ||
              (file != NULL && !g_str_equal (file, source->file)))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("%s: row %u is not level %u of %s, which shard %u/%u should hold "
                             "there"), part->path,
                           _pw_cli_json_rows_get_count (part->json) + (node == NULL),
                           order, source->file, part->shard, part->of);
              return FALSE;
            }
          if (json_object_has_member (row, "same_game_as"))
            {
              const char *kind = json_object_get_string_member_with_default (row, "kind", "");
              const char *key = pw_report_class_key (kind);
              JsonNode *value = key != NULL ? json_object_get_member (row, key) : NULL;
              guint same;

              same = same_game (first, order, file, kind,
                                value != NULL && JSON_NODE_HOLDS_VALUE (value) &&
                                json_node_get_value_type (value) == G_TYPE_STRING
                                  ? json_node_get_string (value) : NULL);
              if (same > 0)
                json_object_set_int_member (row, "same_game_as", same);
              else
                json_object_set_null_member (row, "same_game_as");
            }
          append_json_row (output->pending, node, written++ == 0);
          if (output->pending->len >= 65536 && !output_flush (output, error))
            return FALSE;
        }
    }
  g_string_append (output->pending, written > 0 ? "\n]\n" : "]\n");
  /* nothing may be left over */
  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);
      g_autoptr(JsonNode) node = _pw_cli_json_rows_next (part->json, error);

      if (node != NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("%s: row %u is of no level of the sets the part names"), part->path,
                     _pw_cli_json_rows_get_count (part->json));
      if (*error != NULL)
        return FALSE;
    }
  return output_flush (output, error);
}

/* The CSV the run without --shard writes: level o of a set comes from
 * shard (o − 1) mod N + 1, whose rows are in the set's order, so each
 * part is read once, a row at a time, in step. */
static gboolean
merge_csv (GPtrArray  *parts,
           Part      **by_shard,
           Output     *output,
           GError    **error)
{
  g_autoptr(GHashTable) kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) columns = NULL;
  Part *some = g_ptr_array_index (parts, 0);
  guint same_column = G_MAXUINT;

  if (!csv_kinds (parts, kinds, error))
    return FALSE;
  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);

      for (guint c = 0; c < part->header->len; c++)
        g_hash_table_add (present, g_ptr_array_index (part->header, c));
    }
  columns = pw_report_order_columns (kinds, present, some->with_file);
  for (guint c = 0; c < columns->len; c++)
    {
      if (c > 0)
        g_string_append_c (output->pending, ',');
      pw_csv_append_field (output->pending, g_ptr_array_index (columns, c));
      if (g_str_equal (g_ptr_array_index (columns, c), "same_game_as"))
        same_column = c;
    }
  g_string_append (output->pending, "\r\n");
  /* where each column is in each part's header */
  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);

      part->position = g_new (guint, columns->len);
      for (guint c = 0; c < columns->len; c++)
        if (!g_ptr_array_find_with_equal_func (part->header, g_ptr_array_index (columns, c),
                                               g_str_equal, &part->position[c]))
          part->position[c] = G_MAXUINT;
    }

  for (guint s = 0; s < some->sources->len; s++)
    {
      PwCliSource *source = g_ptr_array_index (some->sources, s);

      for (guint order = 1; order <= source->levels; order++)
        {
          Part *part = by_shard[(order - 1) % some->of + 1];
          g_autoptr(GPtrArray) record = csv_next (part, error);
          const char *order_text, *file, *kind, *key, *value, *partial;
          g_autofree char *expected = g_strdup_printf ("%u", order);
          guint same = 0;

          if (record == NULL && *error != NULL)
            return FALSE;
          order_text = record != NULL ? cell_of (part, record, "order") : NULL;
          file = record != NULL && part->with_file ? cell_of (part, record, "file") : NULL;
          if (record == NULL || record->len != part->header->len ||
              g_strcmp0 (order_text, expected) != 0 ||
              (part->with_file && g_strcmp0 (file, source->file) != 0))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("%s: record %u is not level %u of %s, which shard %u/%u should "
                             "hold there"), part->path, part->n_records, order, source->file,
                           part->shard, part->of);
              return FALSE;
            }
          kind = cell_of (part, record, "kind");
          key = kind != NULL ? pw_report_class_key (kind) : NULL;
          value = key != NULL ? cell_of (part, record, key) : NULL;
          partial = cell_of (part, record, "partial");
          /* only analysed rows (partial is true or false) take part */
          if (value != NULL && value[0] != '\0' && partial != NULL && partial[0] != '\0')
            same = same_game (first, order, file, kind, value);
          for (guint c = 0; c < columns->len; c++)
            {
              g_autofree char *number = NULL;
              const char *cell = part->position[c] != G_MAXUINT
                ? g_ptr_array_index (record, part->position[c]) : "";

              if (c == same_column)
                cell = number = same > 0 ? g_strdup_printf ("%u", same) : g_strdup ("");
              if (c > 0)
                g_string_append_c (output->pending, ',');
              pw_csv_append_field (output->pending, cell);
            }
          g_string_append (output->pending, "\r\n");
          if (output->pending->len >= 65536 && !output_flush (output, error))
            return FALSE;
        }
    }
  /* nothing may be left over */
  for (guint p = 0; p < parts->len; p++)
    {
      Part *part = g_ptr_array_index (parts, p);
      g_autoptr(GPtrArray) record = csv_next (part, error);

      if (record != NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("%s: record %u is of no level of the sets the part names"), part->path,
                     part->n_records);
      if (*error != NULL)
        return FALSE;
    }
  return output_flush (output, error);
}

int
_pw_cli_merge (int    argc,
               char **argv)
{
  g_autofree char *output = NULL;
  g_auto(GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("File to write (standard output when absent or “-”)"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("PART… — join the parts of a report made with --shard"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) part_free);
  g_autofree Part **by_shard = NULL;
  Output out = { { NULL, NULL }, NULL };
  Part *first;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Joins the parts that “analyse --shard I/N” or “export-csv "
                                  "--shard I/N” wrote, one for each I from 1 to N, into the "
                                  "report the run without --shard writes, in the sets’ order."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      _pw_cli_usage_error ("merge", error->message);
      return PW_EXIT_USAGE;
    }
  if (files == NULL || files[0] == NULL)
    {
      _pw_cli_usage_error ("merge", _("name the parts to join"));
      return PW_EXIT_USAGE;
    }
  for (guint i = 0; files[i] != NULL; i++)
    {
      Part *part = read_part (files[i], &error);

      if (part == NULL)
        {
          g_printerr ("puzzlewright merge: %s\n", error->message);
          return PW_EXIT_FAILURE;
        }
      g_ptr_array_add (parts, part);
    }

  first = g_ptr_array_index (parts, 0);
  by_shard = g_new0 (Part *, (gsize) first->of + 1);
  for (guint i = 0; i < parts->len; i++)
    {
      Part *part = g_ptr_array_index (parts, i);

      if (!parts_agree (first, part, &error))
        break;
      if (by_shard[part->shard] != NULL)
        {
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("%s and %s are both shard %u/%u"), by_shard[part->shard]->path,
                       part->path, part->shard, part->of);
          break;
        }
      by_shard[part->shard] = part;
    }
  for (guint s = 1; error == NULL && s <= first->of; s++)
    if (by_shard[s] == NULL)
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("shard %u/%u is missing: give every part from 1/%u to %u/%u"), s, first->of,
                   first->of, first->of, first->of);
  if (error != NULL)
    {
      g_printerr ("puzzlewright merge: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }

  /* row by row into OUT's temporary file, renamed over OUT only when
   * every row is there */
  out.pending = g_string_new (NULL);
  if (_pw_cli_output_open (&out.out, output, &error))
    {
      if (first->csv ? merge_csv (parts, by_shard, &out, &error)
                     : merge_json (parts, by_shard, &out, &error))
        _pw_cli_output_commit (&out.out, &error);
      else
        _pw_cli_output_abort (&out.out);
    }
  g_string_free (out.pending, TRUE);
  if (error != NULL)
    {
      g_printerr ("puzzlewright merge: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return PW_EXIT_OK;
}
