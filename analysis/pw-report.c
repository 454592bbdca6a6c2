/* pw-report.c — analysis results as records: JSON, CSV, text
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-report"

#include "config.h"

#include <math.h>
#include <string.h>
#include <csv.h>
#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "pw-kind.h"
#include "pw-level.h"
#include "pw-json-text.h"
#include "pw-report.h"

/* Columns that are not a kind's figures. @text: a free-text column that a
 * spreadsheet might take for a formula. */
#define COMMON_COLUMNS_BEFORE(X)               \
  X ("order",          N_("Order"),   FALSE)   \
  X ("id",             N_("Id"),      TRUE)    \
  X ("name",           N_("Name"),    TRUE)    \
  X ("kind",           N_("Kind"),    TRUE)    \
  X ("size",           N_("Size"),    TRUE)
#define COMMON_COLUMNS_AFTER(X)                          \
  X ("partial",        N_("Partial"),           FALSE)   \
  X ("seconds",        N_("Seconds"),           FALSE)   \
  X ("playtests",       N_("Playtests"),         FALSE)  \
  X ("ratings",         N_("Ratings"),           FALSE)  \
  X ("mean_rating",     N_("Mean rating"),       FALSE)  \
  X ("median_rating",   N_("Median rating"),     FALSE)  \
  X ("median_seconds",  N_("Median solve time"), FALSE)  \
  X ("completion_rate", N_("Completion rate"),   FALSE)  \
  X ("notes",          N_("Notes"),             TRUE)    \
  X ("error",          N_("Error"),             TRUE)

PwReportRow *
pw_report_row_new (const char *file,
                   guint       order,
                   PwLevel    *level,
                   PwAnalysis *analysis,
                   const char *error)
{
  PwReportRow *row = g_new0 (PwReportRow, 1);

  row->file = g_strdup (file);
  row->order = order;
  row->level = pw_level_ref (level);
  row->analysis = analysis ? pw_analysis_ref (analysis) : NULL;
  row->error = g_strdup (error);
  return row;
}

void
pw_report_row_free (PwReportRow *row)
{
  if (row == NULL)
    return;
  g_free (row->file);
  pw_level_unref (row->level);
  g_clear_pointer (&row->analysis, pw_analysis_unref);
  g_free (row->error);
  g_free (row);
}

static const char *
class_key (const PwKind *kind)
{
  for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
    if (kind->figures[f].type == PW_FIGURE_CLASS)
      return kind->figures[f].key;
  return NULL;
}

/* Sets @row's same_game_as from @first, the classes of the rows before it
 * ("file\nkind\nclass" -> order), and adds its class when it is new. */
static void
row_same_game (GHashTable  *first,
               PwReportRow *row)
{
  const char *key = class_key (pw_level_get_kind (row->level));
  JsonNode *value;
  char *full;
  gpointer order;

  row->same_game_as = 0;
  if (key == NULL || row->analysis == NULL)
    return;
  value = json_object_get_member (pw_analysis_get_figures (row->analysis), key);
  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value) ||
      json_node_get_value_type (value) != G_TYPE_STRING)
    return;
  full = g_strdup_printf ("%s\n%s\n%s", row->file ? row->file : "",
                          pw_level_get_kind_id (row->level), json_node_get_string (value));
  if (g_hash_table_lookup_extended (first, full, NULL, &order))
    {
      row->same_game_as = GPOINTER_TO_UINT (order);
      g_free (full);
    }
  else
    g_hash_table_insert (first, full, GUINT_TO_POINTER (row->order));
}

void
pw_report_find_same_games (GPtrArray *rows)
{
  g_autoptr(GHashTable) first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < rows->len; i++)
    row_same_game (first, g_ptr_array_index (rows, i));
}

static gboolean
kind_present (GPtrArray    *rows,
              const PwKind *kind)
{
  for (guint i = 0; i < rows->len; i++)
    {
      PwReportRow *row = g_ptr_array_index (rows, i);

      if (pw_level_get_kind (row->level) == kind)
        return TRUE;
    }
  return FALSE;
}

/* Whether @key is among the figures of @kind's analysed rows (the command
 * line drops the figures not asked for); when none of them was analysed,
 * every figure of the kind has its column. */
static gboolean
figure_reported (GPtrArray    *rows,
                 const PwKind *kind,
                 const char   *key)
{
  gboolean analysed = FALSE;

  for (guint i = 0; i < rows->len; i++)
    {
      PwReportRow *row = g_ptr_array_index (rows, i);

      if (pw_level_get_kind (row->level) != kind || row->analysis == NULL)
        continue;
      if (json_object_has_member (pw_analysis_get_figures (row->analysis), key))
        return TRUE;
      analysed = TRUE;
    }
  return !analysed;
}

static void append_csv_field (GString    *out,
                              const char *text);

typedef gboolean (*KindPresent)     (gpointer data, const PwKind *kind);
typedef gboolean (*FigureReported)  (gpointer data, const PwKind *kind, const char *key);

/* The columns in their order, whatever says which kinds and figures are
 * there: the rows of a report, or the headers of parts to merge. */
static GPtrArray *
columns_where (KindPresent     kind_present_fn,
               FigureReported  figure_reported_fn,
               gpointer        data,
               gboolean        with_file)
{
  GPtrArray *columns = g_ptr_array_new ();
  const PwKind * const *kinds;
  guint n_kinds;

  if (with_file)
    g_ptr_array_add (columns, (gpointer) "file");
#define ADD(key, label, text) g_ptr_array_add (columns, (gpointer) key);
  COMMON_COLUMNS_BEFORE (ADD)
#undef ADD
  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    if (kind_present_fn (data, kinds[k]))
      for (guint f = 0; f < kinds[k]->n_figures; f++)
        if (figure_reported_fn (data, kinds[k], kinds[k]->figures[f].key) &&
            !g_ptr_array_find_with_equal_func (columns, kinds[k]->figures[f].key, g_str_equal,
                                               NULL))
          g_ptr_array_add (columns, (gpointer) kinds[k]->figures[f].key);
  for (guint k = 0; k < n_kinds; k++)
    if (kind_present_fn (data, kinds[k]) && class_key (kinds[k]) != NULL)
      {
        g_ptr_array_add (columns, (gpointer) "same_game_as");
        break;
      }
#define ADD(key, label, text) g_ptr_array_add (columns, (gpointer) key);
  COMMON_COLUMNS_AFTER (ADD)
#undef ADD
  return columns;
}

GPtrArray *
pw_report_columns (GPtrArray *rows,
                   gboolean   with_file)
{
  return columns_where ((KindPresent) kind_present, (FigureReported) figure_reported, rows,
                        with_file);
}

typedef struct
{
  GHashTable *kind_ids;
  GHashTable *columns;
} Present;

static gboolean
kind_id_present (Present      *present,
                 const PwKind *kind)
{
  return g_hash_table_contains (present->kind_ids, kind->id);
}

static gboolean
column_present (Present      *present,
                const PwKind *kind,
                const char   *key)
{
  return g_hash_table_contains (present->columns, key);
}

GPtrArray *
pw_report_order_columns (GHashTable *kind_ids,
                         GHashTable *columns,
                         gboolean    with_file)
{
  Present present = { kind_ids, columns };

  return columns_where ((KindPresent) kind_id_present, (FigureReported) column_present, &present,
                        with_file);
}

const char *
pw_report_class_key (const char *kind_id)
{
  return class_key (pw_kinds_lookup (kind_id));
}

void
pw_csv_append_field (GString    *out,
                     const char *text)
{
  append_csv_field (out, text);
}

/* The text columns (neutralised against spreadsheet formulas): a set
 * made once, since every cell of every row asks. */
static gpointer
make_text_columns (gpointer data)
{
  static const char *common[] = {
#define ADD(key, label, text) text ? key : NULL,
    COMMON_COLUMNS_BEFORE (ADD) COMMON_COLUMNS_AFTER (ADD)
#undef ADD
  };
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);
  const PwKind * const *kinds;
  guint n_kinds;

  g_hash_table_add (set, (gpointer) "file");
  for (guint i = 0; i < G_N_ELEMENTS (common); i++)
    if (common[i] != NULL)
      g_hash_table_add (set, (gpointer) common[i]);
  kinds = pw_kinds_list (&n_kinds);
  /* a key two kinds share is text if the first kind that has it says so */
  {
    g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint k = 0; k < n_kinds; k++)
      for (guint f = 0; f < kinds[k]->n_figures; f++)
        {
          const PwFigureInfo *figure = &kinds[k]->figures[f];

          if (g_hash_table_add (seen, (gpointer) figure->key) &&
              (figure->type == PW_FIGURE_STRING || figure->type == PW_FIGURE_CLASS))
            g_hash_table_add (set, (gpointer) figure->key);
        }
  }
  return set;
}

static gboolean
column_is_text (const char *column)
{
  static GOnce once = G_ONCE_INIT;
  GHashTable *set = g_once (&once, make_text_columns, NULL);

  return g_hash_table_contains (set, column);
}

static char *
format_double (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (value))
    return g_strdup ("");
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", value));
}

/* A row's playtest figures, made by the first cell that needs them. */
typedef struct
{
  PwPlaytestStats stats;
  gboolean        made;
} RowStats;

static const PwPlaytestStats *
row_stats (PwReportRow *row,
           RowStats    *cache)
{
  if (!cache->made)
    {
      pw_level_playtest_stats (row->level, &cache->stats);
      cache->made = TRUE;
    }
  return &cache->stats;
}

/* The text of one cell; "" for nothing. */
static char *
row_cell (PwReportRow *row,
          const char  *column,
          RowStats    *stats)
{
  if (g_str_equal (column, "file"))
    return g_strdup (row->file ? row->file : "");
  if (g_str_equal (column, "order"))
    return g_strdup_printf ("%u", row->order);
  if (g_str_equal (column, "id"))
    return g_strdup (pw_level_get_id (row->level));
  if (g_str_equal (column, "name"))
    return g_strdup (pw_level_get_name (row->level));
  if (g_str_equal (column, "kind"))
    return g_strdup (pw_level_get_kind_id (row->level));
  if (g_str_equal (column, "size"))
    return pw_level_describe_size (row->level);
  if (g_str_equal (column, "notes"))
    return g_strdup (pw_level_get_notes (row->level));
  if (g_str_equal (column, "error"))
    return g_strdup (row->error ? row->error : "");
  if (g_str_equal (column, "partial"))
    return g_strdup (row->analysis == NULL ? ""
                     : pw_analysis_get_partial (row->analysis) ? "true" : "false");
  if (g_str_equal (column, "same_game_as"))
    return row->same_game_as ? g_strdup_printf ("%u", row->same_game_as) : g_strdup ("");
  if (g_str_equal (column, "seconds"))
    return row->analysis ? format_double (pw_analysis_get_seconds (row->analysis)) : g_strdup ("");

  if (g_str_equal (column, "playtests"))
    return g_strdup_printf ("%u", row_stats (row, stats)->count);
  if (g_str_equal (column, "ratings"))
    return g_strdup_printf ("%u", row_stats (row, stats)->ratings);
  if (g_str_equal (column, "mean_rating"))
    return format_double (row_stats (row, stats)->mean_rating);
  if (g_str_equal (column, "median_rating"))
    return format_double (row_stats (row, stats)->median_rating);
  if (g_str_equal (column, "median_seconds"))
    return format_double (row_stats (row, stats)->median_seconds);
  if (g_str_equal (column, "completion_rate"))
    return format_double (row_stats (row, stats)->completion_rate);

  if (row->analysis == NULL)
    return g_strdup ("");
  return pw_figure_to_string (json_object_get_member (pw_analysis_get_figures (row->analysis),
                                                      column));
}

char *
pw_csv_neutralise (const char *text)
{
  if (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' ||
      text[0] == '\t' || text[0] == '\r')
    return g_strconcat ("'", text, NULL);
  return g_strdup (text);
}

static void
append_csv_field (GString    *out,
                  const char *text)
{
  gsize len = strlen (text);
  /* csv_write quotes the field and doubles inner quotes: at most 2n + 2 */
  gsize size = 2 * len + 2;
  gsize old = out->len;
  gsize written;

  g_string_set_size (out, old + size);
  written = csv_write (out->str + old, size, text, len);
  g_assert (written <= size);
  g_string_set_size (out, old + written);
}

char *
pw_report_to_csv (GPtrArray *rows,
                  gboolean   with_file)
{
  g_autoptr(GPtrArray) columns = pw_report_columns (rows, with_file);
  GString *out = g_string_new (NULL);

  pw_report_find_same_games (rows);
  for (guint c = 0; c < columns->len; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      append_csv_field (out, g_ptr_array_index (columns, c));
    }
  g_string_append (out, "\r\n");

  for (guint r = 0; r < rows->len; r++)
    {
      PwReportRow *row = g_ptr_array_index (rows, r);
      RowStats stats = { .made = FALSE };

      for (guint c = 0; c < columns->len; c++)
        {
          const char *column = g_ptr_array_index (columns, c);
          g_autofree char *cell = row_cell (row, column, &stats);

          if (c > 0)
            g_string_append_c (out, ',');
          if (column_is_text (column))
            {
              g_autofree char *safe = pw_csv_neutralise (cell);

              append_csv_field (out, safe);
            }
          else
            append_csv_field (out, cell);
        }
      g_string_append (out, "\r\n");
    }

  return g_string_free (out, FALSE);
}

JsonNode *
pw_report_row_to_json (PwReportRow *row)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  g_autofree char *size = pw_level_describe_size (row->level);

  json_builder_begin_object (builder);
  if (row->file != NULL)
    {
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, row->file);
    }
  json_builder_set_member_name (builder, "order");
  json_builder_add_int_value (builder, row->order);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, pw_level_get_id (row->level));
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, pw_level_get_name (row->level));
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, pw_level_get_kind_id (row->level));
  json_builder_set_member_name (builder, "size");
  json_builder_add_string_value (builder, size);

  if (row->analysis != NULL)
    {
      JsonObject *figures = pw_analysis_get_figures (row->analysis);
      g_autoptr(GList) members = json_object_get_members (figures);

      for (GList *l = members; l != NULL; l = l->next)
        {
          json_builder_set_member_name (builder, l->data);
          json_builder_add_value (builder, json_node_copy (json_object_get_member (figures,
                                                                                   l->data)));
        }
      if (class_key (pw_level_get_kind (row->level)) != NULL)
        {
          json_builder_set_member_name (builder, "same_game_as");
          if (row->same_game_as > 0)
            json_builder_add_int_value (builder, row->same_game_as);
          else
            json_builder_add_null_value (builder);
        }
      json_builder_set_member_name (builder, "partial");
      json_builder_add_boolean_value (builder, pw_analysis_get_partial (row->analysis));
      if (pw_analysis_get_partial (row->analysis))
        {
          json_builder_set_member_name (builder, "partial_reason");
          json_builder_add_string_value (builder, pw_analysis_get_partial_reason (row->analysis));
        }
      json_builder_set_member_name (builder, "seconds");
      json_builder_add_double_value (builder, pw_analysis_get_seconds (row->analysis));
    }
  else
    {
      json_builder_set_member_name (builder, "partial");
      json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "seconds");
      json_builder_add_null_value (builder);
    }

  if (row->error != NULL)
    {
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, row->error);
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static const PwFigureInfo *
find_figure (const PwKind *kind,
             const char   *key)
{
  for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
    if (g_str_equal (kind->figures[f].key, key))
      return &kind->figures[f];
  return NULL;
}

/* One row as the text report gives it, after a blank line unless it is
 * the first (@first). */
static void
append_text_row (GString     *out,
                 PwReportRow *row,
                 gboolean     first)
{
  const PwKind *kind = pw_level_get_kind (row->level);
  g_autofree char *size = pw_level_describe_size (row->level);
  JsonObject *figures;
  g_autoptr(GList) members = NULL;

  if (!first)
    g_string_append_c (out, '\n');
  g_string_append_printf (out, "%u. %s  [%s, %s, %s]\n", row->order,
                          pw_level_get_name (row->level),
                          kind ? _(kind->name) : pw_level_get_kind_id (row->level),
                          size, pw_level_get_id (row->level));
  if (row->error != NULL)
    {
      g_string_append_printf (out, "   %s\n", row->error);
      return;
    }
  if (row->analysis == NULL)
    return;

  figures = pw_analysis_get_figures (row->analysis);
  members = json_object_get_members (figures);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const PwFigureInfo *info = find_figure (kind, l->data);
      JsonNode *node = json_object_get_member (figures, l->data);
      g_autofree char *value = info != NULL ? pw_figure_info_display (info, node)
                                            : pw_figure_to_display (node, PW_FIGURE_STRING);

      g_string_append_printf (out, "   %-30s %s\n",
                              info ? _(info->label) : (const char *) l->data, value);
    }
  if (row->same_game_as > 0)
    {
      g_autofree char *text = g_strdup_printf (_("level %u"), row->same_game_as);

      g_string_append_printf (out, "   %-30s %s\n", _("Same game as"), text);
    }
  if (pw_analysis_get_partial (row->analysis))
    g_string_append_printf (out, "   %-30s %s\n", _("Partial"),
                            pw_analysis_get_partial_reason (row->analysis));
  g_string_append_printf (out, "   %-30s %.3f\n", _("Seconds"),
                          pw_analysis_get_seconds (row->analysis));
}

char *
pw_report_to_text (GPtrArray *rows)
{
  GString *out = g_string_new (NULL);

  pw_report_find_same_games (rows);
  for (guint r = 0; r < rows->len; r++)
    append_text_row (out, g_ptr_array_index (rows, r), r == 0);
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* Writing rows as they come                                            */

struct _PwReportWriter
{
  PwReportFormat  format;
  gboolean        with_file;
  guint           depth;
  PwReportWrite   write;
  gpointer        user_data;
  guint           n_rows;
  GHashTable     *first;        /* "file\nkind\nclass" -> order, for same_game_as */
  /* CSV: the rows wait in a file until the columns are known */
  GFile          *spool_file;
  GFileIOStream  *spool;
  GString        *pending;      /* spooled bytes not yet written */
  GHashTable     *key_index;    /* column name -> index + 1 */
  GPtrArray      *keys;         /* index -> column name (static strings) */
  GHashTable     *kinds;        /* PwKind present */
  GHashTable     *analysed;     /* PwKind with an analysed row */
  GHashTable     *reported;     /* "kind\nkey" of figures some analysed row has */
};

PwReportWriter *
pw_report_writer_new (PwReportFormat  format,
                      gboolean        with_file,
                      guint           depth,
                      PwReportWrite   write,
                      gpointer        user_data)
{
  PwReportWriter *writer = g_new0 (PwReportWriter, 1);

  writer->format = format;
  writer->with_file = with_file;
  writer->depth = depth;
  writer->write = write;
  writer->user_data = user_data;
  writer->first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  writer->key_index = g_hash_table_new (g_str_hash, g_str_equal);
  writer->keys = g_ptr_array_new ();
  writer->kinds = g_hash_table_new (NULL, NULL);
  writer->analysed = g_hash_table_new (NULL, NULL);
  writer->reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  writer->pending = g_string_new (NULL);
  return writer;
}

void
pw_report_writer_free (PwReportWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->spool != NULL)
    g_io_stream_close (G_IO_STREAM (writer->spool), NULL, NULL);
  g_clear_object (&writer->spool);
  if (writer->spool_file != NULL)
    g_file_delete (writer->spool_file, NULL, NULL);
  g_clear_object (&writer->spool_file);
  g_hash_table_unref (writer->first);
  g_hash_table_unref (writer->key_index);
  g_ptr_array_unref (writer->keys);
  g_hash_table_unref (writer->kinds);
  g_hash_table_unref (writer->analysed);
  g_hash_table_unref (writer->reported);
  g_string_free (writer->pending, TRUE);
  g_free (writer);
}

/* Spools @length bytes, written out a block at a time (all that remain
 * when @length is 0). */
static gboolean
spool_write (PwReportWriter  *writer,
             const void      *data,
             gsize            length,
             GError         **error)
{
  gboolean ok = TRUE;

  g_string_append_len (writer->pending, data, length);
  if (writer->pending->len >= 65536 || (length == 0 && writer->pending->len > 0))
    {
      ok = g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (writer->spool)),
                                      writer->pending->str, writer->pending->len, NULL, NULL,
                                      error);
      g_string_truncate (writer->pending, 0);
    }
  return ok;
}

/* Every column the row could have and its cell, as (key index, text)
 * records in the spool file; what the header will need is noted. */
static gboolean
writer_spool_row (PwReportWriter  *writer,
                  PwReportRow     *row,
                  GError         **error)
{
  const PwKind *kind = pw_level_get_kind (row->level);
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  g_autoptr(GString) record = g_string_new (NULL);
  RowStats stats = { .made = FALSE };
  guint32 n;

  if (writer->spool == NULL)
    {
      writer->spool_file = g_file_new_tmp ("puzzlewright-report-XXXXXX", &writer->spool, error);
      if (writer->spool_file == NULL)
        return FALSE;
    }
  if (kind != NULL)
    g_hash_table_add (writer->kinds, (gpointer) kind);
  if (kind != NULL && row->analysis != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (pw_analysis_get_figures (row->analysis));

      g_hash_table_add (writer->analysed, (gpointer) kind);
      for (GList *l = members; l != NULL; l = l->next)
        {
          /* a set's rows report the same figures: most are known, and
           * looked up without an allocation */
          char buffer[256];
          int length = g_snprintf (buffer, sizeof buffer, "%s\n%s", kind->id,
                                   (const char *) l->data);

          if (length >= (int) sizeof buffer)
            g_hash_table_add (writer->reported, g_strdup_printf ("%s\n%s", kind->id,
                                                                 (const char *) l->data));
          else if (!g_hash_table_contains (writer->reported, buffer))
            g_hash_table_add (writer->reported, g_strdup (buffer));
        }
    }

  if (writer->with_file)
    g_ptr_array_add (columns, (gpointer) "file");
#define ADD(key, label, text) g_ptr_array_add (columns, (gpointer) key);
  COMMON_COLUMNS_BEFORE (ADD)
  COMMON_COLUMNS_AFTER (ADD)
#undef ADD
  g_ptr_array_add (columns, (gpointer) "same_game_as");
  for (guint f = 0; kind != NULL && f < kind->n_figures; f++)
    g_ptr_array_add (columns, (gpointer) kind->figures[f].key);

  n = columns->len;
  g_string_append_len (record, (const char *) &n, sizeof n);
  for (guint c = 0; c < columns->len; c++)
    {
      const char *column = g_ptr_array_index (columns, c);
      g_autofree char *cell = row_cell (row, column, &stats);
      g_autofree char *safe = column_is_text (column) ? pw_csv_neutralise (cell) : NULL;
      const char *text = safe != NULL ? safe : cell;
      guint32 index = GPOINTER_TO_UINT (g_hash_table_lookup (writer->key_index, column));
      guint32 length = strlen (text);

      if (index == 0)
        {
          g_ptr_array_add (writer->keys, (gpointer) column);
          index = writer->keys->len;
          g_hash_table_insert (writer->key_index, (gpointer) column, GUINT_TO_POINTER (index));
        }
      g_string_append_len (record, (const char *) &index, sizeof index);
      g_string_append_len (record, (const char *) &length, sizeof length);
      g_string_append_len (record, text, length);
    }
  return spool_write (writer, record->str, record->len, error);
}

static gboolean
writer_out (PwReportWriter  *writer,
            const char      *text,
            gsize            length,
            GError         **error)
{
  return writer->write (text, length, writer->user_data, error);
}

gboolean
pw_report_writer_add (PwReportWriter  *writer,
                      PwReportRow     *row,
                      GError         **error)
{
  row_same_game (writer->first, row);
  if (writer->format == PW_REPORT_CSV)
    {
      writer->n_rows++;
      return writer_spool_row (writer, row, error);
    }
  else if (writer->format == PW_REPORT_TEXT)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      append_text_row (text, row, writer->n_rows == 0);
      writer->n_rows++;
      return writer_out (writer, text->str, text->len, error);
    }
  else
    {
      g_autoptr(JsonNode) node = pw_report_row_to_json (row);
      g_autofree char *json = NULL;
      g_autoptr(GString) text = g_string_new (writer->n_rows > 0 ? ",\n" : "\n");
      gsize length;

      json = pw_json_to_text (node, TRUE, &length);
      /* one level deeper per enclosing list or object */
      g_string_append_printf (text, "%*s", 2 * writer->depth, "");
      for (gsize i = 0; i < length; i++)
        {
          g_string_append_c (text, json[i]);
          if (json[i] == '\n')
            g_string_append_printf (text, "%*s", 2 * writer->depth, "");
        }
      writer->n_rows++;
      return writer_out (writer, text->str, text->len, error);
    }
}

static gboolean
writer_kind_present (PwReportWriter *writer,
                     const PwKind   *kind)
{
  return g_hash_table_contains (writer->kinds, kind);
}

static gboolean
writer_figure_reported (PwReportWriter *writer,
                        const PwKind   *kind,
                        const char     *key)
{
  g_autofree char *full = NULL;

  if (!g_hash_table_contains (writer->analysed, kind))
    return TRUE;
  full = g_strdup_printf ("%s\n%s", kind->id, key);
  return g_hash_table_contains (writer->reported, full);
}

static gboolean
spool_read (GInputStream  *in,
            void          *data,
            gsize          length,
            GError       **error)
{
  gsize n;

  if (!g_input_stream_read_all (in, data, length, &n, NULL, error))
    return FALSE;
  if (n != length)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                           _("the report’s temporary file ended early"));
      return FALSE;
    }
  return TRUE;
}

/* The CSV: @before (unless NULL), the header, then the spooled rows. */
static gboolean
writer_finish_csv (PwReportWriter  *writer,
                   const char      *before,
                   GError         **error)
{
  g_autoptr(GPtrArray) columns =
    columns_where ((KindPresent) writer_kind_present, (FigureReported) writer_figure_reported,
                   writer, writer->with_file);
  g_autoptr(GString) out = g_string_new (before);
  g_autofree guint *position = g_new (guint, writer->keys->len + 1);
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GInputStream) in = NULL;

  for (guint c = 0; c < columns->len; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      append_csv_field (out, g_ptr_array_index (columns, c));
    }
  g_string_append (out, "\r\n");
  if (writer->spool == NULL)
    return writer_out (writer, out->str, out->len, error);

  /* where each spooled key goes, G_MAXUINT: nowhere */
  for (guint k = 1; k <= writer->keys->len; k++)
    {
      guint found;

      position[k] = G_MAXUINT;
      if (g_ptr_array_find_with_equal_func (columns, g_ptr_array_index (writer->keys, k - 1),
                                            g_str_equal, &found))
        position[k] = found;
    }
  if (!spool_write (writer, NULL, 0, error) ||
      !g_seekable_seek (G_SEEKABLE (writer->spool), 0, G_SEEK_SET, NULL, error))
    return FALSE;
  in = g_buffered_input_stream_new_sized (g_io_stream_get_input_stream (G_IO_STREAM (writer->spool)),
                                          65536);
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (in), FALSE);
  g_ptr_array_set_size (cells, columns->len);
  for (guint r = 0; r < writer->n_rows; r++)
    {
      guint32 n;

      if (!spool_read (in, &n, sizeof n, error))
        return FALSE;
      for (guint c = 0; c < cells->len; c++)
        g_clear_pointer (&cells->pdata[c], g_free);
      for (guint32 i = 0; i < n; i++)
        {
          guint32 index, length;
          char *text;

          if (!spool_read (in, &index, sizeof index, error) ||
              !spool_read (in, &length, sizeof length, error))
            return FALSE;
          text = g_malloc (length + 1);
          if (!spool_read (in, text, length, error))
            {
              g_free (text);
              return FALSE;
            }
          text[length] = '\0';
          if (index >= 1 && index <= writer->keys->len && position[index] != G_MAXUINT)
            {
              g_free (cells->pdata[position[index]]);
              cells->pdata[position[index]] = text;
            }
          else
            g_free (text);
        }
      if (out->len >= 65536)
        {
          if (!writer_out (writer, out->str, out->len, error))
            return FALSE;
          g_string_truncate (out, 0);
        }
      for (guint c = 0; c < cells->len; c++)
        {
          if (c > 0)
            g_string_append_c (out, ',');
          append_csv_field (out, cells->pdata[c] != NULL ? cells->pdata[c] : "");
        }
      g_string_append (out, "\r\n");
    }
  return writer_out (writer, out->str, out->len, error);
}

gboolean
pw_report_writer_finish (PwReportWriter  *writer,
                         const char      *before,
                         GError         **error)
{
  if (writer->format == PW_REPORT_CSV)
    return writer_finish_csv (writer, before, error);
  return TRUE;
}

guint
pw_report_writer_get_n_rows (PwReportWriter *writer)
{
  return writer->n_rows;
}
