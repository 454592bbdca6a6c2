/* pw-playtest-import.c — playtesters' spreadsheets (CSV) merged into a set
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Testers fill in a spreadsheet (the template of pw_playtest_template, or
 * their own with the same column names) and export it as CSV. Rows are
 * matched to levels by id, else by name; a tester's row for a level and a
 * date that is already there updates it, so importing the same file
 * twice, or several testers' files that overlap, never duplicates a row.
 */

#define G_LOG_DOMAIN "pw-playtest-import"

#include "config.h"

#include <math.h>
#include <string.h>
#include <csv.h>
#include <glib/gi18n-lib.h>

#include "pw-level.h"
#include "pw-playtest-import.h"
#include "pw-report.h"

G_DEFINE_QUARK (pw-playtest-import-error-quark, pw_playtest_import_error)

/* The columns: id, the name written in the template, and the other
 * header texts taken for it (lower case, words joined by "_"). */
#define PLAYTEST_COLUMNS(X)                                                  \
  X (LEVEL,      "level",      "id|level_id")                                \
  X (NAME,       "name",       "level_name|title")                           \
  X (TESTER,     "tester",     "player|playtester")                          \
  X (DATE,       "date",       "day")                                        \
  X (RATING,     "rating",     "difficulty|rating_0_7")                      \
  X (SECONDS,    "seconds",    "time|solve_time|time_s|seconds_taken")       \
  X (COMPLETED,  "completed",  "solved|finished")                            \
  X (MOVES,      "moves",      "move_count")                                 \
  X (HINTS,      "hints_used", "hints")                                      \
  X (NOTES,      "notes",      "note|comment|comments")

#define AS_ENUM(id, name, aliases) COLUMN_##id,
typedef enum
{
  PLAYTEST_COLUMNS (AS_ENUM)
  N_COLUMNS
} Column;
#undef AS_ENUM

#define AS_NAME(id, name, aliases) name,
static const char *column_names[] = { PLAYTEST_COLUMNS (AS_NAME) };
#undef AS_NAME
#define AS_ALIASES(id, name, aliases) aliases,
static const char *column_aliases[] = { PLAYTEST_COLUMNS (AS_ALIASES) };
#undef AS_ALIASES

struct _PwPlaytestSheet
{
  char       *display_name;
  GPtrArray  *records;     /* GPtrArray * of char * (the cells, stripped); the header first */
  GArray     *lines;       /* guint: the line each record starts on */
  int         where[N_COLUMNS];
  GPtrArray  *ignored;     /* char *: header cells no column is known by */
  GHashTable *ids;         /* the level cells of the rows */
  GHashTable *names;       /* the name cells of the rows without a level cell */
};

void
pw_playtest_import_free (PwPlaytestImport *import)
{
  if (import == NULL)
    return;
  g_free (import->display_name);
  g_ptr_array_unref (import->refusals);
  g_ptr_array_unref (import->ignored);
  g_free (import);
}

static void
refusal_free (gpointer data)
{
  PwPlaytestRefusal *refusal = data;

  g_free (refusal->reason);
  g_free (refusal);
}

/* ---- reading the CSV ---- */

typedef struct
{
  GPtrArray *records;    /* GPtrArray * of char * (the cells) */
  GArray    *lines;      /* guint: the line each record starts on */
  GPtrArray *current;
  guint      line;       /* the line being fed */
  guint      start;      /* the line the current record started on */
} Reader;

static void
reader_field (void   *field,
              size_t  length,
              void   *data)
{
  Reader *reader = data;

  if (reader->current == NULL)
    {
      reader->current = g_ptr_array_new_with_free_func (g_free);
      reader->start = reader->line;
    }
  g_ptr_array_add (reader->current, g_strndup (field != NULL ? field : "", length));
}

static void
reader_record (int   c,
               void *data)
{
  Reader *reader = data;

  if (reader->current == NULL)
    return;
  g_ptr_array_add (reader->records, g_steal_pointer (&reader->current));
  g_array_append_val (reader->lines, reader->start);
}

/* The delimiter: a comma, unless the header has none and has semicolons
 * (spreadsheets in locales with a decimal comma) or tabs. */
static unsigned char
guess_delimiter (const char *text,
                 gsize       size)
{
  /* the text is @size bytes, not a string */
  const char *end = memchr (text, '\n', size);
  gsize length = end != NULL ? (gsize) (end - text) : size;
  guint commas = 0, semicolons = 0, tabs = 0;

  for (gsize i = 0; i < length; i++)
    {
      commas += text[i] == ',';
      semicolons += text[i] == ';';
      tabs += text[i] == '\t';
    }
  if (commas > 0)
    return ',';
  if (semicolons > 0)
    return ';';
  if (tabs > 0)
    return '\t';
  return ',';
}

static gboolean
read_csv (const char  *text,
          gsize        length,
          const char  *display_name,
          Reader      *reader,
          GError     **error)
{
  struct csv_parser parser;
  gsize at = 0;
  gboolean ok = TRUE;

  guint quotes = 0;

  /* quotes come in pairs (one inside a field is written twice): an odd
   * count is a field never closed, which would swallow the rest */
  for (gsize i = 0; i < length; i++)
    quotes += text[i] == '"';
  if (quotes % 2 != 0)
    {
      g_set_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,
                   _("%s: a quoted cell is never closed"), display_name);
      return FALSE;
    }
  if (csv_init (&parser, CSV_APPEND_NULL) != 0)
    g_error ("csv_init failed");
  csv_set_delim (&parser, guess_delimiter (text, length));
  reader->line = 1;
  /* fed line by line, so that a record knows where it started */
  while (at < length && ok)
    {
      const char *newline = memchr (text + at, '\n', length - at);
      gsize end = newline != NULL ? (gsize) (newline - text) + 1 : length;

      if (csv_parse (&parser, text + at, end - at, reader_field, reader_record, reader) !=
          end - at)
        ok = FALSE;
      at = end;
      reader->line++;
    }
  reader->line--;
  if (ok && csv_fini (&parser, reader_field, reader_record, reader) != 0)
    ok = FALSE;
  if (!ok)
    g_set_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,
                 _("%s, line %u: not CSV (%s)"), display_name, reader->line,
                 csv_strerror (csv_error (&parser)));
  csv_free (&parser);
  g_clear_pointer (&reader->current, g_ptr_array_unref);
  return ok;
}

/* "Hints used" → "hints_used" */
static char *
normalise_header (const char *cell)
{
  g_autofree char *down = g_utf8_strdown (cell, -1);
  GString *out = g_string_new (NULL);
  gboolean gap = FALSE;

  for (const char *p = g_strstrip (down); *p; p++)
    {
      if (*p == ' ' || *p == '-' || *p == '_' || *p == '(' || *p == ')' || *p == '.' ||
          *p == '/')
        gap = TRUE;
      else
        {
          if (gap && out->len > 0)
            g_string_append_c (out, '_');
          gap = FALSE;
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

static int
find_column (const char *header)
{
  g_autofree char *name = normalise_header (header);

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      g_auto(GStrv) aliases = g_strsplit (column_aliases[c], "|", -1);

      if (g_str_equal (name, column_names[c]) || g_strv_contains ((const char * const *) aliases,
                                                                  name))
        return c;
    }
  return -1;
}

/* ---- cells ---- */

static gboolean
parse_whole (const char *text,
             guint64     max,
             int        *value)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &v, NULL))
    return FALSE;
  *value = (int) v;
  return TRUE;
}

/* Seconds as a number ("95", "95.5") or a clock time ("1:35", "0:01:35"). */
static gboolean
parse_seconds (const char *text,
               double     *seconds)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", -1);
  guint n = g_strv_length (parts);
  double total = 0;

  if (n == 0 || n > 3)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      double v;

      if (!g_ascii_isdigit (parts[i][0]))
        return FALSE;
      if (i + 1 < n)
        {
          int whole;

          /* hours and minutes are whole; minutes and seconds after a colon under 60 */
          if (!parse_whole (parts[i], i == 0 ? 1000000 : 59, &whole))
            return FALSE;
          v = whole;
        }
      else
        {
          v = g_ascii_strtod (parts[i], &end);
          if (end == NULL || *end != '\0' || !isfinite (v) || (i > 0 && v >= 60))
            return FALSE;
        }
      total = total * 60 + v;
    }
  *seconds = total;
  return TRUE;
}

static gboolean
parse_yes_no (const char *text,
              gboolean   *value)
{
  static const char *yes[] = { "yes", "y", "true", "1", "x", NULL };
  static const char *no[] = { "no", "n", "false", "0", NULL };
  g_autofree char *down = g_utf8_strdown (text, -1);

  if (g_strv_contains (yes, down))
    *value = TRUE;
  else if (g_strv_contains (no, down))
    *value = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* ---- merging ---- */

typedef struct
{
  GHashTable *by_id;    /* id → PwLevel */
  GHashTable *by_name;  /* name → PwLevel, or the table itself for a name two levels share */
} Levels;

static PwPlaytest *
find_playtest (PwLevel    *level,
               const char *tester,
               const char *date)
{
  GPtrArray *playtests = pw_level_get_playtests (level);

  for (guint i = 0; i < playtests->len; i++)
    {
      PwPlaytest *p = g_ptr_array_index (playtests, i);

      if (g_str_equal (p->tester, tester) && g_strcmp0 (p->date, date) == 0)
        return p;
    }
  return NULL;
}

static void
refuse (PwPlaytestImport *import,
        guint             line,
        const char       *format,
        ...) G_GNUC_PRINTF (3, 4);

static void
refuse (PwPlaytestImport *import,
        guint             line,
        const char       *format,
        ...)
{
  PwPlaytestRefusal *refusal = g_new0 (PwPlaytestRefusal, 1);
  va_list args;

  va_start (args, format);
  refusal->line = line;
  refusal->reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (import->refusals, refusal);
  import->refused++;
}

/* One data row: refused (with why), added or merged; a row with nothing
 * filled in but the level (a template row not played) is passed over. */
static void
import_row (PwPlaytestImport *import,
            Levels           *levels,
            const int        *where,
            GPtrArray        *cells,
            guint             line)
{
  const char *cell[N_COLUMNS] = { NULL };
  g_autoptr(PwPlaytest) row = pw_playtest_new ();
  gboolean has_completed = FALSE, anything = FALSE;
  PwLevel *level = NULL;
  PwPlaytest *existing;

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      cell[c] = where[c] >= 0 && (guint) where[c] < cells->len
                ? g_strstrip ((char *) g_ptr_array_index (cells, where[c])) : "";
      if (c != COLUMN_LEVEL && c != COLUMN_NAME && *cell[c])
        anything = TRUE;
    }
  if (!anything)
    return;

  if (*cell[COLUMN_LEVEL])
    {
      level = g_hash_table_lookup (levels->by_id, cell[COLUMN_LEVEL]);
      if (level == NULL)
        {
          refuse (import, line, _("no level has the id “%s”"), cell[COLUMN_LEVEL]);
          return;
        }
    }
  else if (*cell[COLUMN_NAME])
    {
      level = g_hash_table_lookup (levels->by_name, cell[COLUMN_NAME]);
      /* a name the template wrote with a quote in front, so that a
       * spreadsheet would not take it for a formula */
      if (level == NULL && cell[COLUMN_NAME][0] == '\'' &&
          strchr ("=+-@", cell[COLUMN_NAME][1]) != NULL && cell[COLUMN_NAME][1] != '\0')
        level = g_hash_table_lookup (levels->by_name, cell[COLUMN_NAME] + 1);
      if (level == NULL)
        {
          refuse (import, line, _("no level is named “%s”"), cell[COLUMN_NAME]);
          return;
        }
      if ((gpointer) level == (gpointer) levels->by_name)
        {
          refuse (import, line, _("several levels are named “%s”: give the level’s id"),
                  cell[COLUMN_NAME]);
          return;
        }
    }
  else
    {
      refuse (import, line, _("no level id or name"));
      return;
    }

  if (!*cell[COLUMN_TESTER])
    {
      refuse (import, line, _("no tester"));
      return;
    }
  g_free (row->tester);
  row->tester = g_strdup (cell[COLUMN_TESTER]);

  if (*cell[COLUMN_DATE])
    {
      if (!pw_playtest_date_valid (cell[COLUMN_DATE]))
        {
          refuse (import, line, _("the date “%s” is not a date written YYYY-MM-DD"),
                  cell[COLUMN_DATE]);
          return;
        }
      row->date = g_strdup (cell[COLUMN_DATE]);
    }
  if (*cell[COLUMN_RATING] && !parse_whole (cell[COLUMN_RATING], PW_RATING_MAX, &row->rating))
    {
      refuse (import, line, _("the rating “%s” is not a whole number from 0 to %d"),
              cell[COLUMN_RATING], PW_RATING_MAX);
      return;
    }
  if (*cell[COLUMN_SECONDS] && !parse_seconds (cell[COLUMN_SECONDS], &row->seconds))
    {
      refuse (import, line, _("the time “%s” is not seconds (95) or minutes:seconds (1:35)"),
              cell[COLUMN_SECONDS]);
      return;
    }
  /* what a level set may hold, so that the set saved reads back */
  if (*cell[COLUMN_SECONDS] && row->seconds >= PW_PLAYTEST_MAX_SECONDS)
    {
      refuse (import, line, _("the time “%s” is too long: under a billion seconds, please"),
              cell[COLUMN_SECONDS]);
      return;
    }
  if (*cell[COLUMN_COMPLETED])
    {
      if (!parse_yes_no (cell[COLUMN_COMPLETED], &row->completed))
        {
          refuse (import, line, _("“completed” is “%s”, not yes or no"), cell[COLUMN_COMPLETED]);
          return;
        }
      has_completed = TRUE;
    }
  if (*cell[COLUMN_MOVES] && !parse_whole (cell[COLUMN_MOVES], G_MAXINT, &row->moves))
    {
      refuse (import, line, _("the moves “%s” are not a whole number"), cell[COLUMN_MOVES]);
      return;
    }
  if (*cell[COLUMN_HINTS] && !parse_whole (cell[COLUMN_HINTS], G_MAXINT, &row->hints_used))
    {
      refuse (import, line, _("the hints “%s” are not a whole number"), cell[COLUMN_HINTS]);
      return;
    }
  g_free (row->note);
  row->note = g_strdup (cell[COLUMN_NOTES]);

  existing = find_playtest (level, row->tester, row->date);
  if (existing != NULL)
    {
      /* the cells the row fills replace what was there */
      if (*cell[COLUMN_RATING])
        existing->rating = row->rating;
      if (*cell[COLUMN_SECONDS])
        existing->seconds = row->seconds;
      if (has_completed)
        existing->completed = row->completed;
      if (*cell[COLUMN_MOVES])
        existing->moves = row->moves;
      if (*cell[COLUMN_HINTS])
        existing->hints_used = row->hints_used;
      if (*cell[COLUMN_NOTES])
        {
          g_free (existing->note);
          existing->note = g_strdup (row->note);
        }
      import->merged++;
      return;
    }

  if (!has_completed)
    {
      /* a rating says it: 0 is "could not finish" */
      if (row->rating == PW_RATING_NONE)
        {
          refuse (import, line, _("says neither whether the level was completed nor a rating"));
          return;
        }
      row->completed = row->rating > 0;
    }
  g_ptr_array_add (pw_level_get_playtests (level), g_steal_pointer (&row));
  import->added++;
}

void
pw_playtest_sheet_free (PwPlaytestSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_free (sheet->display_name);
  g_ptr_array_unref (sheet->records);
  g_array_unref (sheet->lines);
  g_ptr_array_unref (sheet->ignored);
  g_hash_table_unref (sheet->ids);
  g_hash_table_unref (sheet->names);
  g_free (sheet);
}

/* The levels the data rows name: ids, else names (with the form the
 * template wrote with a quote in front, see import_row). */
static void
sheet_find_keys (PwPlaytestSheet *sheet)
{
  for (guint r = 1; r < sheet->records->len; r++)
    {
      GPtrArray *cells = g_ptr_array_index (sheet->records, r);
      int level = sheet->where[COLUMN_LEVEL], name = sheet->where[COLUMN_NAME];
      const char *id = level >= 0 && (guint) level < cells->len
                       ? g_ptr_array_index (cells, level) : "";
      const char *text = name >= 0 && (guint) name < cells->len
                         ? g_ptr_array_index (cells, name) : "";

      if (*id)
        g_hash_table_add (sheet->ids, (gpointer) id);
      else if (*text)
        {
          g_hash_table_add (sheet->names, (gpointer) text);
          if (text[0] == '\'')
            g_hash_table_add (sheet->names, (gpointer) (text + 1));
        }
    }
}

PwPlaytestSheet *
pw_playtest_sheet_read (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  g_autoptr(PwPlaytestSheet) sheet = NULL;
  Reader reader = { NULL, NULL, NULL, 0, 0 };
  GPtrArray *header;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!g_utf8_validate_len (data, length, NULL))
    {
      g_set_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,
                   _("%s is not UTF-8 text: export the sheet as CSV (UTF-8)"), display_name);
      return NULL;
    }
  /* the byte order mark spreadsheets write */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  sheet = g_new0 (PwPlaytestSheet, 1);
  sheet->display_name = g_strdup (display_name);
  sheet->records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  sheet->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  sheet->ignored = g_ptr_array_new_with_free_func (g_free);
  sheet->ids = g_hash_table_new (g_str_hash, g_str_equal);
  sheet->names = g_hash_table_new (g_str_hash, g_str_equal);
  reader.records = sheet->records;
  reader.lines = sheet->lines;
  if (!read_csv (data, length, display_name, &reader, error))
    return NULL;
  if (sheet->records->len == 0)
    {
      g_set_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_COLUMNS,
                   _("%s is empty: the first row must name the columns"), display_name);
      return NULL;
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    sheet->where[c] = -1;
  header = g_ptr_array_index (sheet->records, 0);
  for (guint i = 0; i < header->len; i++)
    {
      const char *text = g_ptr_array_index (header, i);
      int c = find_column (text);

      if (c >= 0 && sheet->where[c] < 0)
        sheet->where[c] = (int) i;
      else if (*text)
        g_ptr_array_add (sheet->ignored, g_strdup (text));
    }
  if ((sheet->where[COLUMN_LEVEL] < 0 && sheet->where[COLUMN_NAME] < 0) ||
      sheet->where[COLUMN_TESTER] < 0)
    {
      g_set_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_COLUMNS,
                   _("%s: the first row must name the columns, with “level” (or “name”) and "
                     "“tester” among them"), display_name);
      return NULL;
    }
  /* cells are read stripped (import_row strips them too) */
  for (guint r = 1; r < sheet->records->len; r++)
    {
      GPtrArray *cells = g_ptr_array_index (sheet->records, r);

      for (guint c = 0; c < cells->len; c++)
        g_strstrip ((char *) g_ptr_array_index (cells, c));
    }
  sheet_find_keys (sheet);
  return g_steal_pointer (&sheet);
}

gboolean
pw_playtest_sheet_wants (PwPlaytestSheet *sheet,
                         PwLevel         *level)
{
  g_return_val_if_fail (sheet != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  return g_hash_table_contains (sheet->ids, pw_level_get_id (level)) ||
         g_hash_table_contains (sheet->names, pw_level_get_name (level));
}

PwPlaytestImport *
pw_playtest_sheet_merge (PwPlaytestSheet *sheet,
                         GPtrArray       *levels)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  Levels lookup = { by_id, by_name };
  PwPlaytestImport *import;

  g_return_val_if_fail (sheet != NULL, NULL);
  g_return_val_if_fail (levels != NULL, NULL);

  import = g_new0 (PwPlaytestImport, 1);
  import->display_name = g_strdup (sheet->display_name);
  import->refusals = g_ptr_array_new_with_free_func (refusal_free);
  import->ignored = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < sheet->ignored->len; i++)
    g_ptr_array_add (import->ignored, g_strdup (g_ptr_array_index (sheet->ignored, i)));

  for (guint i = 0; i < levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (levels, i);
      const char *name = pw_level_get_name (level);

      g_hash_table_insert (by_id, (gpointer) pw_level_get_id (level), level);
      if (g_hash_table_contains (by_name, name))
        g_hash_table_insert (by_name, (gpointer) name, by_name);
      else
        g_hash_table_insert (by_name, (gpointer) name, level);
    }

  for (guint r = 1; r < sheet->records->len; r++)
    import_row (import, &lookup, sheet->where, g_ptr_array_index (sheet->records, r),
                g_array_index (sheet->lines, guint, r));
  return import;
}

PwPlaytestImport *
pw_playtest_import_csv (GPtrArray   *levels,
                        const char  *data,
                        gsize        length,
                        const char  *display_name,
                        GError     **error)
{
  g_autoptr(PwPlaytestSheet) sheet = NULL;

  g_return_val_if_fail (levels != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  sheet = pw_playtest_sheet_read (data, length, display_name, error);
  if (sheet == NULL)
    return NULL;
  return pw_playtest_sheet_merge (sheet, levels);
}

char *
pw_playtest_import_describe (const PwPlaytestImport *import)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (import != NULL, NULL);

  /* Translators: the result of importing one playtest sheet */
  g_string_append_printf (out, _("%s: %u added, %u merged, %u refused"), import->display_name,
                          import->added, import->merged, import->refused);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < import->refusals->len; i++)
    {
      const PwPlaytestRefusal *refusal = g_ptr_array_index (import->refusals, i);

      g_string_append_printf (out, _("  line %u: %s"), refusal->line, refusal->reason);
      g_string_append_c (out, '\n');
    }
  if (import->ignored->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < import->ignored->len; i++)
        g_string_append_printf (list, "%s“%s”", i ? ", " : "",
                                (const char *) g_ptr_array_index (import->ignored, i));
      g_string_append_printf (out, _("  columns ignored: %s"), list->str);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
append_field (GString    *out,
              const char *text)
{
  g_autofree char *safe = pw_csv_neutralise (text);
  gsize length = strlen (safe);
  gsize old = out->len;
  gsize written;

  g_string_set_size (out, old + 2 * length + 2);
  written = csv_write (out->str + old, 2 * length + 2, safe, length);
  g_assert (written <= 2 * length + 2);
  g_string_set_size (out, old + written);
}

void
pw_playtest_template_append_header (GString *out)
{
  g_return_if_fail (out != NULL);

  for (guint c = 0; c < N_COLUMNS; c++)
    g_string_append_printf (out, "%s%s", c ? "," : "", column_names[c]);
  g_string_append (out, "\r\n");
}

void
pw_playtest_template_append_level (GString *out,
                                   PwLevel *level)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (level != NULL);

  append_field (out, pw_level_get_id (level));
  g_string_append_c (out, ',');
  append_field (out, pw_level_get_name (level));
  for (guint c = COLUMN_NAME + 1; c < N_COLUMNS; c++)
    g_string_append_c (out, ',');
  g_string_append (out, "\r\n");
}

char *
pw_playtest_template (GPtrArray *levels)
{
  GString *out = g_string_new (NULL);

  pw_playtest_template_append_header (out);
  for (guint i = 0; levels != NULL && i < levels->len; i++)
    pw_playtest_template_append_level (out, g_ptr_array_index (levels, i));
  return g_string_free (out, FALSE);
}
