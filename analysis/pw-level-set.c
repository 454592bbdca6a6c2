/* pw-level-set.c — an ordered set of levels and its JSON file
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The schema is in docs/file-format.md. Loading checks everything before it
 * builds anything, so a file is either loaded whole or refused with a
 * message that names the file, the place and the problem.
 */

#define G_LOG_DOMAIN "pw-level-set"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-file.h"
#include "pw-json-read.h"
#include "pw-json-text.h"
#include "pw-level-set.h"
#include "pw-level-set-private.h"

G_DEFINE_QUARK (pw-level-set-error-quark, pw_level_set_error)

struct _PwLevelSet
{
  gatomicrefcount  ref_count;
  char            *title;
  char            *author;
  char            *notes;
  GPtrArray       *levels;
  GHashTable      *ids;      /* id -> level, borrowed */
};

PwLevelSet *
pw_level_set_new (void)
{
  PwLevelSet *set = g_new0 (PwLevelSet, 1);

  g_atomic_ref_count_init (&set->ref_count);
  set->title = g_strdup ("");
  set->author = g_strdup ("");
  set->notes = g_strdup ("");
  set->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  set->ids = g_hash_table_new (g_str_hash, g_str_equal);
  return set;
}

PwLevelSet *
pw_level_set_ref (PwLevelSet *set)
{
  g_return_val_if_fail (set != NULL, NULL);
  g_atomic_ref_count_inc (&set->ref_count);
  return set;
}

void
pw_level_set_unref (PwLevelSet *set)
{
  g_return_if_fail (set != NULL);

  if (!g_atomic_ref_count_dec (&set->ref_count))
    return;
  g_hash_table_unref (set->ids);
  g_ptr_array_unref (set->levels);
  g_free (set->title);
  g_free (set->author);
  g_free (set->notes);
  g_free (set);
}

#define STRING_ACCESSORS(field)                                   \
  const char *                                                    \
  pw_level_set_get_##field (PwLevelSet *set)                      \
  {                                                               \
    g_return_val_if_fail (set != NULL, NULL);                     \
    return set->field;                                            \
  }                                                               \
  void                                                            \
  pw_level_set_set_##field (PwLevelSet *set,                      \
                            const char *value)                    \
  {                                                               \
    g_return_if_fail (set != NULL);                               \
    g_free (set->field);                                          \
    set->field = g_strdup (value ? value : "");                   \
  }

STRING_ACCESSORS (title)
STRING_ACCESSORS (author)
STRING_ACCESSORS (notes)

#undef STRING_ACCESSORS

guint
pw_level_set_get_n_levels (PwLevelSet *set)
{
  return set->levels->len;
}

PwLevel *
pw_level_set_get_level (PwLevelSet *set,
                        guint       index)
{
  g_return_val_if_fail (index < set->levels->len, NULL);
  return g_ptr_array_index (set->levels, index);
}

void
pw_level_set_insert (PwLevelSet *set,
                     guint       index,
                     PwLevel    *level)
{
  g_return_if_fail (set != NULL);
  g_return_if_fail (level != NULL);
  g_return_if_fail (index <= set->levels->len);

  if (pw_level_get_id (level)[0] == '\0' ||
      g_hash_table_contains (set->ids, pw_level_get_id (level)))
    {
      g_autofree char *id = _pw_level_make_id (level, set->ids);

      pw_level_set_id (level, id);
    }
  g_ptr_array_insert (set->levels, index, pw_level_ref (level));
  g_hash_table_add (set->ids, (gpointer) pw_level_get_id (level));
}

void
pw_level_set_append (PwLevelSet *set,
                     PwLevel    *level)
{
  pw_level_set_insert (set, set->levels->len, level);
}

void
pw_level_set_remove (PwLevelSet *set,
                     guint       index)
{
  PwLevel *level;

  g_return_if_fail (index < set->levels->len);

  level = g_ptr_array_index (set->levels, index);
  g_hash_table_remove (set->ids, pw_level_get_id (level));
  g_ptr_array_remove_index (set->levels, index);
}

void
pw_level_set_replace (PwLevelSet *set,
                      guint       index,
                      PwLevel    *level)
{
  PwLevel *old;

  g_return_if_fail (index < set->levels->len);
  g_return_if_fail (level != NULL);

  old = g_ptr_array_index (set->levels, index);
  if (old == level)
    return;
  g_return_if_fail (g_str_equal (pw_level_get_id (old), pw_level_get_id (level)) ||
                    !g_hash_table_contains (set->ids, pw_level_get_id (level)));
  g_hash_table_remove (set->ids, pw_level_get_id (old));
  g_ptr_array_index (set->levels, index) = pw_level_ref (level);
  g_hash_table_add (set->ids, (gpointer) pw_level_get_id (level));
  pw_level_unref (old);
}

void
pw_level_set_move (PwLevelSet *set,
                   guint       from,
                   guint       to)
{
  PwLevel *level;

  g_return_if_fail (from < set->levels->len);
  g_return_if_fail (to < set->levels->len);

  if (from == to)
    return;
  level = g_ptr_array_steal_index (set->levels, from);
  g_ptr_array_insert (set->levels, to, level);
}

void
pw_level_set_reorder (PwLevelSet  *set,
                      const guint *order)
{
  g_autofree gpointer *before = NULL;
  guint n;

  g_return_if_fail (set != NULL);
  g_return_if_fail (order != NULL);

  n = set->levels->len;
  before = g_memdup2 (set->levels->pdata, n * sizeof (gpointer));
  for (guint i = 0; i < n; i++)
    {
      g_return_if_fail (order[i] < n);
      set->levels->pdata[i] = before[order[i]];
    }
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

typedef struct
{
  const char *file;     /* display name for messages */
  GString    *where;    /* "level 3 (“Ice Age”)", reset per level */
} Reader;

static void
reader_error (Reader     *reader,
              GError    **error,
              int         code,
              const char *format,
              ...) G_GNUC_PRINTF (4, 5);

static void
reader_error (Reader     *reader,
              GError    **error,
              int         code,
              const char *format,
              ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  if (reader->where->len > 0)
    g_set_error (error, PW_LEVEL_SET_ERROR, code, "%s: %s: %s", reader->file,
                 reader->where->str, what);
  else
    g_set_error (error, PW_LEVEL_SET_ERROR, code, "%s: %s", reader->file, what);
}

static const char *
node_type_name (JsonNode *node)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return _("null");
  if (JSON_NODE_HOLDS_OBJECT (node))
    return _("an object");
  if (JSON_NODE_HOLDS_ARRAY (node))
    return _("a list");
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return _("a string");
    case G_TYPE_BOOLEAN:
      return _("true or false");
    default:
      return _("a number");
    }
}

/* Every member of @object must be one of @allowed (NULL-terminated). */
static gboolean
check_members (Reader      *reader,
               JsonObject  *object,
               const char  *what,
               const char **allowed,
               GError     **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                      _("%s has an unknown member “%s”"), what, (const char *) l->data);
        return FALSE;
      }
  return TRUE;
}

static gboolean
get_string (Reader      *reader,
            JsonObject  *object,
            const char  *member,
            gboolean     required,
            const char **value,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL && !required)
    {
      *value = "";
      return TRUE;
    }
  if (node == NULL)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("the member “%s” is missing"), member);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("“%s” must be a string, not %s"), member, node_type_name (node));
      return FALSE;
    }
  *value = json_node_get_string (node);
  return TRUE;
}

static gboolean
is_number (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         (json_node_get_value_type (node) == G_TYPE_INT64 ||
          json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

static PwPlaytest *
read_playtest (Reader     *reader,
               JsonNode   *node,
               guint       index,
               GError    **error)
{
  static const char *allowed[] = { "tester", "date", "rating", "seconds", "completed", "moves",
                                   "hints_used", "note", NULL };
  static const char *counts[] = { "moves", "hints_used" };
  g_autoptr(PwPlaytest) playtest = pw_playtest_new ();
  g_autofree char *what = g_strdup_printf (_("playtest %u"), index + 1);
  JsonObject *object;
  JsonNode *member;
  const char *text;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("%s must be an object, not %s"), what, node_type_name (node));
      return NULL;
    }
  object = json_node_get_object (node);
  if (!check_members (reader, object, what, allowed, error))
    return NULL;

  if (!get_string (reader, object, "tester", FALSE, &text, error))
    return NULL;
  g_free (playtest->tester);
  playtest->tester = g_strdup (text);
  if (!get_string (reader, object, "note", FALSE, &text, error))
    return NULL;
  g_free (playtest->note);
  playtest->note = g_strdup (text);

  if (json_object_has_member (object, "date"))
    {
      if (!get_string (reader, object, "date", FALSE, &text, error))
        return NULL;
      if (!pw_playtest_date_valid (text))
        {
          reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                        _("%s: “date” must be a date written YYYY-MM-DD, not “%s”"), what, text);
          return NULL;
        }
      playtest->date = g_strdup (text);
    }

  /* null: the tester gave no rating */
  member = json_object_get_member (object, "rating");
  if (member == NULL ||
      (!JSON_NODE_HOLDS_NULL (member) &&
       (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_INT64 ||
        json_node_get_int (member) < 0 || json_node_get_int (member) > PW_RATING_MAX)))
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("%s: “rating” must be a whole number from 0 (could not finish) to %d, "
                      "or null"),
                    what, PW_RATING_MAX);
      return NULL;
    }
  playtest->rating = JSON_NODE_HOLDS_NULL (member) ? PW_RATING_NONE
                                                   : (int) json_node_get_int (member);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      member = json_object_get_member (object, counts[i]);
      if (member == NULL)
        continue;
      if (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_INT64 ||
          json_node_get_int (member) < 0 || json_node_get_int (member) > G_MAXINT)
        {
          reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                        _("%s: “%s” must be a whole number from 0"), what, counts[i]);
          return NULL;
        }
      if (i == 0)
        playtest->moves = (int) json_node_get_int (member);
      else
        playtest->hints_used = (int) json_node_get_int (member);
    }

  member = json_object_get_member (object, "seconds");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      double seconds = is_number (member) ? json_node_get_double (member) : -1;

      if (!(seconds >= 0 && seconds < PW_PLAYTEST_MAX_SECONDS))
        {
          reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                        _("%s: “seconds” must be a number of seconds or null"), what);
          return NULL;
        }
      playtest->seconds = seconds;
    }

  member = json_object_get_member (object, "completed");
  if (member == NULL || !JSON_NODE_HOLDS_VALUE (member) ||
      json_node_get_value_type (member) != G_TYPE_BOOLEAN)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("%s: “completed” must be true or false"), what);
      return NULL;
    }
  playtest->completed = json_node_get_boolean (member);

  return g_steal_pointer (&playtest);
}

static PwLevel *
read_level (Reader     *reader,
            JsonNode   *node,
            GError    **error)
{
  static const char *allowed[] = { "id", "name", "kind", "notes", "payload", "playtests", NULL };
  g_autoptr(PwLevel) level = NULL;
  JsonObject *object;
  JsonNode *payload;
  JsonNode *playtests;
  const char *id, *name, *kind_id, *notes;
  const PwKind *kind;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("a level must be an object, not %s"), node_type_name (node));
      return NULL;
    }
  object = json_node_get_object (node);

  /* name first, so later messages can say which level */
  if (!get_string (reader, object, "name", FALSE, &name, error))
    return NULL;
  if (name[0] != '\0')
    g_string_append_printf (reader->where, " (“%s”)", name);

  if (!check_members (reader, object, _("the level"), allowed, error) ||
      !get_string (reader, object, "id", FALSE, &id, error) ||
      !get_string (reader, object, "kind", TRUE, &kind_id, error) ||
      !get_string (reader, object, "notes", FALSE, &notes, error))
    return NULL;

  if (kind_id[0] == '\0')
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID, _("“kind” is empty"));
      return NULL;
    }

  payload = json_object_get_member (object, "payload");
  if (payload == NULL)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("the member “%s” is missing"), "payload");
      return NULL;
    }

  kind = pw_kinds_lookup (kind_id);
  if (kind != NULL)
    {
      GError *kind_error = NULL;
      gpointer data = kind->from_json (payload, &kind_error);

      if (data == NULL)
        {
          reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID, "%s", kind_error->message);
          g_error_free (kind_error);
          return NULL;
        }
      level = _pw_level_new_take_data (kind, data);
    }
  else
    level = _pw_level_new_unknown (kind_id, payload);

  pw_level_set_id (level, id);
  pw_level_set_name (level, name);
  pw_level_set_notes (level, notes);

  playtests = json_object_get_member (object, "playtests");
  if (playtests != NULL)
    {
      JsonArray *array;

      if (!JSON_NODE_HOLDS_ARRAY (playtests))
        {
          reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                        _("“playtests” must be a list, not %s"), node_type_name (playtests));
          return NULL;
        }
      array = json_node_get_array (playtests);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          PwPlaytest *playtest = read_playtest (reader, json_array_get_element (array, i), i,
                                                error);

          if (playtest == NULL)
            return NULL;
          g_ptr_array_add (pw_level_get_playtests (level), playtest);
        }
    }

  return g_steal_pointer (&level);
}

/* Line and column (from 1) of byte @offset. */
static void
locate (const char *data,
        gsize       offset,
        guint      *line,
        guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset; i++)
    {
      if (data[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) data[i] & 0xc0) != 0x80)
        (*column)++;
    }
}

/* json-glib recurses once per nesting level; refuse deep nesting before it
 * can exhaust the stack. */
static gboolean
check_nesting (const char *data,
               gsize       length,
               guint       limit,
               gsize      *offset)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > limit)
            {
              *offset = i;
              return FALSE;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return TRUE;
}

/* A number token's text for a message, shortened when it is long. */
static char *
token_text (const char *start,
            gsize       length)
{
  if (length > 24)
    return g_strdup_printf ("%.*s…", 24, start);
  return g_strndup (start, length);
}

/* The number at @p (before @end) against the JSON grammar,
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, and against what the
 * reader can hold: a whole number fits in 64 bits, any other is finite.
 * Sets *@length to the token's length; returns the problem or NULL. */
static char *
check_number (const char  *p,
              const char  *end,
              gsize       *length,
              int         *code)
{
  const char *q = p;
  gboolean whole = TRUE;
  gboolean ok = TRUE;
  g_autofree char *copy = NULL;

  /* the token: everything a sloppy number could be made of */
  while (q < end && (g_ascii_isalnum (*q) || *q == '.' || *q == '-' || *q == '+'))
    q++;
  *length = q - p;
  *code = PW_LEVEL_SET_ERROR_SYNTAX;

  q = p;
  if (q < end && *q == '-')
    q++;
  if (q < end && *q == '0' && q + 1 < p + *length && g_ascii_isdigit (q[1]))
    {
      g_autofree char *text = token_text (p, *length);

      return g_strdup_printf (_("“%s”: a number may not start with 0"), text);
    }
  if (q < end && g_ascii_isdigit (*q))
    while (q < end && g_ascii_isdigit (*q))
      q++;
  else
    ok = FALSE;
  if (ok && q < end && *q == '.')
    {
      whole = FALSE;
      if (++q >= end || !g_ascii_isdigit (*q))
        ok = FALSE;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  if (ok && q < end && (*q == 'e' || *q == 'E'))
    {
      whole = FALSE;
      q++;
      if (q < end && (*q == '+' || *q == '-'))
        q++;
      if (q >= end || !g_ascii_isdigit (*q))
        ok = FALSE;
      while (q < end && g_ascii_isdigit (*q))
        q++;
    }
  if (!ok || q != p + *length)
    {
      g_autofree char *text = token_text (p, *length);

      return g_strdup_printf (_("“%s” is not a JSON number"), text);
    }

  copy = g_strndup (p, *length);
  *code = PW_LEVEL_SET_ERROR_INVALID;
  errno = 0;
  if (whole)
    {
      g_ascii_strtoll (copy, NULL, 10);
      if (errno == ERANGE)
        {
          g_autofree char *text = token_text (p, *length);

          g_autofree char *min = g_strdup_printf ("%" G_GINT64_FORMAT, G_MININT64);
          g_autofree char *max = g_strdup_printf ("%" G_GINT64_FORMAT, G_MAXINT64);

          return g_strdup_printf (_("the number %s is out of range: a whole number must be "
                                    "from %s to %s"), text, min, max);
        }
    }
  else if (isinf (g_ascii_strtod (copy, NULL)))
    {
      g_autofree char *text = token_text (p, *length);

      return g_strdup_printf (_("the number %s is out of range"), text);
    }
  return NULL;
}

/* The value of four hexadecimal digits. */
static guint
hex4 (const char *p)
{
  guint value = 0;

  for (guint i = 0; i < 4; i++)
    value = value * 16 + g_ascii_xdigit_value (p[i]);
  return value;
}

/* json-glib reads more than JSON (comments, single quotes, hexadecimal,
 * leading zeros, raw control characters in strings) and cuts a string
 * at "\u0000"; a level set is strict JSON (RFC 8259) whose numbers fit the
 * reader, so check each token of the valid UTF-8 @data first. Returns the
 * problem and sets *@offset and *@code, or returns NULL. The structure is
 * left to the reading after it (pw_json_read_strict, or json-glib when
 * that gives up: its messages say what is wrong with a structure). */
static char *
check_tokens (const char *data,
              gsize       length,
              gsize      *offset,
              int        *code,
              guint64    *members)
{
  const char *end = data + length;
  const char *p = data;

  *members = 0;
  while (p < end)
    {
      *code = PW_LEVEL_SET_ERROR_SYNTAX;
      *offset = p - data;
      if (memchr (" \t\n\r{}[]:,", *p, 10) != NULL)
        {
          /* in text that parses, a colon is an object's member */
          *members += *p == ':';
          p++;
        }
      else if (*p == '"')
        {
          for (p++; p < end && *p != '"'; p++)
            {
              *offset = p - data;
              if ((guchar) *p < 0x20)
                return g_strdup (_("a string holds a control character; write it as \\n, "
                                   "\\t or \\u00XX"));
              if (*p != '\\')
                continue;
              if (++p >= end)
                break;
              if (*p == 'u')
                {
                  if (end - p < 5 || !g_ascii_isxdigit (p[1]) || !g_ascii_isxdigit (p[2]) ||
                      !g_ascii_isxdigit (p[3]) || !g_ascii_isxdigit (p[4]))
                    return g_strdup (_("“\\u” must be followed by four hexadecimal digits"));
                  guint unit = hex4 (p + 1);

                  if (unit == 0)
                    {
                      *code = PW_LEVEL_SET_ERROR_INVALID;
                      return g_strdup (_("a string holds \\u0000 (the character NUL), which "
                                         "a level set cannot hold"));
                    }
                  /* a UTF-16 surrogate only as the first half of a pair
                   * followed by its second: json-glib turns a lone half
                   * into bytes that are not UTF-8 */
                  if (unit >= 0xDC00 && unit <= 0xDFFF)
                    {
                      *code = PW_LEVEL_SET_ERROR_INVALID;
                      return g_strdup_printf (_("“\\u%.4s” is the second half of a UTF-16 "
                                                "surrogate pair without its first half"), p + 1);
                    }
                  if (unit >= 0xD800 && unit <= 0xDBFF)
                    {
                      if (end - p < 11 || p[5] != '\\' || p[6] != 'u' ||
                          !g_ascii_isxdigit (p[7]) || !g_ascii_isxdigit (p[8]) ||
                          !g_ascii_isxdigit (p[9]) || !g_ascii_isxdigit (p[10]) ||
                          hex4 (p + 7) < 0xDC00 || hex4 (p + 7) > 0xDFFF)
                        {
                          *code = PW_LEVEL_SET_ERROR_INVALID;
                          return g_strdup_printf (_("“\\u%.4s” is the first half of a UTF-16 "
                                                    "surrogate pair without its second half"),
                                                  p + 1);
                        }
                      p += 6;
                    }
                  p += 4;
                }
              else if (memchr ("\"\\/bfnrt", *p, 8) == NULL)
                {
                  g_autofree char *escape = g_strndup (p - 1, g_utf8_next_char (p) - (p - 1));

                  return g_strdup_printf (_("“%s” is not a JSON escape"), escape);
                }
            }
          p++;   /* the closing quote; an unclosed string is json-glib's to report */
        }
      else if (*p == '-' || g_ascii_isdigit (*p))
        {
          gsize token;
          char *problem = check_number (p, end, &token, code);

          if (problem != NULL)
            return problem;
          p += token;
        }
      else if (g_ascii_isalpha (*p))
        {
          const char *q = p;
          g_autofree char *word = NULL;

          while (q < end && (g_ascii_isalnum (*q) || *q == '_'))
            q++;
          word = g_strndup (p, q - p);
          if (!g_str_equal (word, "true") && !g_str_equal (word, "false") &&
              !g_str_equal (word, "null"))
            {
              g_autofree char *text = token_text (p, q - p);

              return g_strdup_printf (_("“%s” is not JSON: only true, false, null, numbers "
                                        "and strings in double quotes are"), text);
            }
          p = q;
        }
      else if (*p == '/' && p + 1 < end && (p[1] == '*' || p[1] == '/'))
        return g_strdup (_("JSON has no comments"));
      else if (*p == '\'')
        return g_strdup (_("a string must be in double quotes"));
      else
        {
          g_autofree char *text = g_strndup (p, g_utf8_next_char (p) - p);

          return g_strdup_printf (_("unexpected character “%s”"), text);
        }
    }
  return NULL;
}

/* json-glib keeps the last of two members of the same name and drops the
 * first silently. Every member of the text is in the tree unless it was
 * dropped or lies inside a value that was: so the tree holds as many
 * members as the text has colons exactly when no member was written
 * twice. */
static guint64
count_members (JsonNode *node)
{
  guint64 count = 0;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        count += 1 + count_members (member);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0, n = json_array_get_length (array); i < n; i++)
        count += count_members (json_array_get_element (array, i));
    }
  return count;
}

/* Which member is twice, and on which line: each object's members counted
 * as they are parsed (a second parse, only for a text that has one). */
typedef struct
{
  GHashTable *counts;     /* JsonObject -> members parsed so far */
  char       *duplicate;  /* the first member seen twice */
  guint       line;
} DuplicateCheck;

static void
on_object_member (JsonParser     *parser,
                  JsonObject     *object,
                  const char     *name,
                  DuplicateCheck *check)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (check->counts, object)) + 1;

  g_hash_table_insert (check->counts, object, GUINT_TO_POINTER (count));
  if (check->duplicate == NULL && json_object_get_size (object) < count)
    {
      check->duplicate = g_strdup (name);
      check->line = json_parser_get_current_line (parser);
    }
}

static void
on_object_end (JsonParser     *parser,
               JsonObject     *object,
               DuplicateCheck *check)
{
  g_hash_table_remove (check->counts, object);
}

/* Where the text being read stands in its file: it starts at line
 * @first_line, column @first_column, and, when @cut_line is not 0, its
 * text from its own line @cut_line, column @cut_column on (the bytes after
 * a stretch left out of it) stands at @to_line, @to_column. */
typedef struct
{
  guint first_line;
  guint first_column;
  guint cut_line;
  guint cut_column;
  guint to_line;
  guint to_column;
} Place;

/* A line and column of the text as read into the file's. */
static void
place_map (const Place *place,
           guint       *line,
           guint       *column)
{
  if (place->cut_line != 0 &&
      (*line > place->cut_line || (*line == place->cut_line && *column >= place->cut_column)))
    {
      if (*line == place->cut_line)
        *column = place->to_column + (*column - place->cut_column);
      *line = place->to_line + (*line - place->cut_line);
      return;
    }
  if (*line == 1)
    *column += place->first_column - 1;
  *line += place->first_line - 1;
}

/* Line and column in the file of byte @offset of @data. */
static void
locate_from (const char  *data,
             gsize        offset,
             const Place *place,
             guint       *line,
             guint       *column)
{
  locate (data, offset, line, column);
  place_map (place, line, column);
}

static JsonNode *parse_strict (const char  *data,
                               gsize        length,
                               const char  *file,
                               const Place *place,
                               guint        depth,
                               GError     **error);

JsonNode *
_pw_level_set_parse_strict (const char  *data,
                            gsize        length,
                            const char  *file,
                            guint        first_line,
                            guint        first_column,
                            guint        depth,
                            GError     **error)
{
  Place place = { first_line, first_column, 0, 0, 0, 0 };

  return parse_strict (data, length, file, &place, depth, error);
}

JsonNode *
_pw_level_set_parse_strict_cut (const char      *data,
                                gsize            length,
                                const char      *file,
                                const PwTextCut *cut,
                                GError         **error)
{
  Place place = { 1, 1, 0, 0, cut->line, cut->column };

  g_return_val_if_fail (cut->offset <= length, NULL);
  locate (data, cut->offset, &place.cut_line, &place.cut_column);
  return parse_strict (data, length, file, &place, 0, error);
}

/* Whether parse_strict tries pw_json_read_strict first (tests compare
 * the readers with it off). */
static gint fast_read = TRUE;

void
_pw_level_set_use_fast_read (gboolean use)
{
  g_atomic_int_set (&fast_read, use != FALSE);
}

static JsonNode *
parse_strict (const char  *data,
              gsize        length,
              const char  *file,
              const Place *place,
              guint        depth,
              GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) json_error = NULL;
  g_autoptr(GString) where = g_string_new (NULL);
  Reader reader = { file, where };
  const char *invalid;
  g_autofree char *problem = NULL;
  DuplicateCheck duplicates = { NULL, NULL, 0 };
  gboolean loaded;
  guint64 members;
  gsize offset;
  guint line, column;
  int code;

  if (!g_utf8_validate (data, length, &invalid))
    {
      locate_from (data, invalid - data, place, &line, &column);
      if (invalid < data + length && *invalid == '\0')
        reader_error (&reader, error, PW_LEVEL_SET_ERROR_SYNTAX,
                      _("line %u, column %u: the text holds a NUL byte"), line, column);
      else
        reader_error (&reader, error, PW_LEVEL_SET_ERROR_SYNTAX,
                      _("line %u, column %u: the text is not valid UTF-8"), line, column);
      return NULL;
    }
  if (!check_nesting (data, length, PW_LEVEL_SET_MAX_DEPTH - depth, &offset))
    {
      locate_from (data, offset, place, &line, &column);
      reader_error (&reader, error, PW_LEVEL_SET_ERROR_TOO_LARGE,
                    _("line %u, column %u: lists and objects nest deeper than %d"),
                    line, column, PW_LEVEL_SET_MAX_DEPTH);
      return NULL;
    }
  problem = check_tokens (data, length, &offset, &code, &members);
  if (problem != NULL)
    {
      locate_from (data, offset, place, &line, &column);
      reader_error (&reader, error, code, _("line %u, column %u: %s"), line, column, problem);
      return NULL;
    }

  /* strict JSON without a member written twice, the text of every file
   * this program writes, is read fast; the rest through json-glib, whose
   * messages and the checks below say what is wrong and where */
  if (g_atomic_int_get (&fast_read))
    {
      JsonNode *root = pw_json_read_strict (data, length, PW_LEVEL_SET_MAX_DEPTH - depth);

      if (root != NULL)
        return root;
    }
  parser = json_parser_new_immutable ();
  loaded = json_parser_load_from_data (parser, data, length, &json_error);
  if (loaded && json_parser_get_root (parser) != NULL &&
      count_members (json_parser_get_root (parser)) != members)
    {
      /* a member written twice: parse again, counting, to say which */
      g_autoptr(JsonParser) counting = json_parser_new_immutable ();

      duplicates.counts = g_hash_table_new (NULL, NULL);
      g_signal_connect (counting, "object-member", G_CALLBACK (on_object_member), &duplicates);
      g_signal_connect (counting, "object-end", G_CALLBACK (on_object_end), &duplicates);
      json_parser_load_from_data (counting, data, length, NULL);
      g_hash_table_unref (duplicates.counts);
    }
  if (duplicates.duplicate != NULL)
    {
      /* only its line is known: one the cut ends on counts as before it */
      line = duplicates.line;
      column = 0;
      place_map (place, &line, &column);
      reader_error (&reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("line %u: the member “%s” is written twice in one object"),
                    line, duplicates.duplicate);
      g_free (duplicates.duplicate);
      return NULL;
    }
  if (!loaded)
    {
      /* json-glib says "<data>:LINE:COLUMN: Parse error: WHAT"; say it our way */
      const char *message = json_error->message;
      const char *what;
      int consumed = 0;

      if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) == 2 && consumed > 0)
        {
          what = message + consumed;
          if (g_str_has_prefix (what, "Parse error: "))
            what += strlen ("Parse error: ");
          place_map (place, &line, &column);
          reader_error (&reader, error, PW_LEVEL_SET_ERROR_SYNTAX,
                        _("line %u, column %u: %s"), line, column, what);
        }
      else
        reader_error (&reader, error, PW_LEVEL_SET_ERROR_SYNTAX, "%s", message);
      return NULL;
    }
  /* nothing but white space: a null the caller refuses as no object */
  if (json_parser_get_root (parser) == NULL)
    return json_node_new (JSON_NODE_NULL);
  return json_node_ref (json_parser_get_root (parser));
}

/* The members of the set but its levels: format, version, the strings;
 * into @set unless NULL. */
static gboolean
read_header (Reader      *reader,
             JsonNode    *node,
             PwLevelSet  *set,
             GError     **error)
{
  static const char *allowed[] = { "format", "version", "title", "author", "notes", "levels",
                                   NULL };
  JsonObject *root;
  const char *text;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_NOT_A_SET,
                    _("not a Puzzlewright level set (the top level is not an object)"));
      return FALSE;
    }
  root = json_node_get_object (node);

  node = json_object_get_member (root, "format");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING ||
      g_strcmp0 (json_node_get_string (node), PW_LEVEL_SET_FORMAT) != 0)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_NOT_A_SET,
                    _("not a Puzzlewright level set (“format” is not “%s”)"),
                    PW_LEVEL_SET_FORMAT);
      return FALSE;
    }

  node = json_object_get_member (root, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) < 1)
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_VERSION,
                    _("“version” must be a whole number from 1"));
      return FALSE;
    }
  if (json_node_get_int (node) > PW_LEVEL_SET_VERSION)
    {
      g_autofree char *version = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));

      reader_error (reader, error, PW_LEVEL_SET_ERROR_VERSION,
                    _("the file is version %s, written by a newer Puzzlewright; "
                      "this one reads version %d"),
                    version, PW_LEVEL_SET_VERSION);
      return FALSE;
    }

  if (!check_members (reader, root, _("the set"), allowed, error))
    return FALSE;

  if (!get_string (reader, root, "title", FALSE, &text, error))
    return FALSE;
  if (set != NULL)
    pw_level_set_set_title (set, text);
  if (!get_string (reader, root, "author", FALSE, &text, error))
    return FALSE;
  if (set != NULL)
    pw_level_set_set_author (set, text);
  if (!get_string (reader, root, "notes", FALSE, &text, error))
    return FALSE;
  if (set != NULL)
    pw_level_set_set_notes (set, text);

  node = json_object_get_member (root, "levels");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      reader_error (reader, error, PW_LEVEL_SET_ERROR_INVALID,
                    _("“levels” must be a list, not %s"), node_type_name (node));
      return FALSE;
    }
  return TRUE;
}

gboolean
_pw_level_set_read_header (const char  *file,
                           JsonNode    *root,
                           PwLevelSet  *set,
                           GError     **error)
{
  g_autoptr(GString) where = g_string_new (NULL);
  Reader reader = { file, where };

  return read_header (&reader, root, set, error);
}

PwLevel *
_pw_level_set_read_level (const char  *file,
                          guint        number,
                          JsonNode    *node,
                          GError     **error)
{
  g_autoptr(GString) where = g_string_new (NULL);
  Reader reader = { file, where };

  g_string_printf (where, _("level %u"), number);
  return read_level (&reader, node, error);
}

PwLevelSet *
pw_level_set_load_from_data (const char *data,
                             gssize      length,
                             const char *display_name,
                             GError    **error)
{
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(GString) where = g_string_new (NULL);
  g_autoptr(JsonNode) node = NULL;
  Reader reader = { display_name ? display_name : "<data>", where };
  JsonArray *levels;

  g_return_val_if_fail (data != NULL, NULL);

  if (length < 0)
    length = strlen (data);

  if ((gsize) length > PW_LEVEL_SET_MAX_BYTES)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GSSIZE_FORMAT, length);

      reader_error (&reader, error, PW_LEVEL_SET_ERROR_TOO_LARGE,
                    _("the file is %s bytes; a level set opened whole may be at most %d "
                      "(“puzzlewright analyse”, “export-csv”, “export”, “duplicates”, “chart”, "
                      "“report”, “render” and “playtests” read larger sets level by level)"),
                    size, PW_LEVEL_SET_MAX_BYTES);
      return NULL;
    }
  if (length == 0)
    {
      reader_error (&reader, error, PW_LEVEL_SET_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  node = _pw_level_set_parse_strict (data, length, reader.file, 1, 1, 0, error);
  if (node == NULL)
    return NULL;

  set = pw_level_set_new ();
  if (!read_header (&reader, node, set, error))
    return NULL;
  levels = json_object_get_array_member (json_node_get_object (node), "levels");
  if (json_array_get_length (levels) > PW_LEVEL_SET_MAX_LEVELS)
    {
      reader_error (&reader, error, PW_LEVEL_SET_ERROR_TOO_LARGE,
                    _("the set has %u levels; a set opened whole may have at most %d "
                      "(“puzzlewright analyse”, “export-csv”, “export”, “duplicates”, “chart”, "
                      "“report”, “render” and “playtests” read larger sets level by level)"),
                    json_array_get_length (levels), PW_LEVEL_SET_MAX_LEVELS);
      return NULL;
    }

  for (guint i = 0; i < json_array_get_length (levels); i++)
    {
      g_autoptr(PwLevel) level = NULL;

      g_string_printf (where, _("level %u"), i + 1);
      level = read_level (&reader, json_array_get_element (levels, i), error);
      if (level == NULL)
        return NULL;

      if (pw_level_get_id (level)[0] != '\0' &&
          g_hash_table_contains (set->ids, pw_level_get_id (level)))
        {
          reader_error (&reader, error, PW_LEVEL_SET_ERROR_INVALID,
                        _("the id “%s” is already used by an earlier level"),
                        pw_level_get_id (level));
          return NULL;
        }
      pw_level_set_append (set, level);
    }

  return g_steal_pointer (&set);
}

/* The first @limit bytes of @file (all of it when shorter), NUL-terminated. */
char *
pw_file_read_at_most (GFile         *file,
                      gsize          limit,
                      gsize         *length,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, error);
  g_autoptr(GByteArray) bytes = NULL;
  gsize n;

  if (stream == NULL)
    return NULL;
  bytes = g_byte_array_new ();
  do
    {
      gsize old = bytes->len;
      gsize chunk = MIN (limit - old, 65536);

      g_byte_array_set_size (bytes, old + chunk);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), bytes->data + old, chunk, &n,
                                    cancellable, error))
        return NULL;
      g_byte_array_set_size (bytes, old + n);
    }
  while (n > 0 && bytes->len < limit);
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

PwLevelSet *
pw_level_set_load (GFile         *file,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);

  /* Refuse a huge file before reading it all. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO,
                   _("%s: is a folder, not a level set"), name);
      return NULL;
    }
  if (g_file_info_get_size (info) > PW_LEVEL_SET_MAX_BYTES)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GOFFSET_FORMAT, g_file_info_get_size (info));

      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE,
                   _("%s: the file is %s bytes; a level set opened whole may be at most %d "
                     "(“puzzlewright analyse”, “export-csv”, “export”, “duplicates”, “chart”, "
                     "“report”, “render” and “playtests” read larger sets level by level)"),
                   name, size, PW_LEVEL_SET_MAX_BYTES);
      return NULL;
    }

  /* The size above is 0 for a pipe or a device, which may never end
   * (/dev/zero): read one byte more than a set may have, never more. */
  data = pw_file_read_at_most (file, PW_LEVEL_SET_MAX_BYTES + 1, &length, cancellable, &local_error);
  if (data == NULL)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, "%s: %s", name,
                   local_error->message);
      return NULL;
    }
  if (length > PW_LEVEL_SET_MAX_BYTES)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE,
                   _("%s: the file is over %d bytes, the most a level set opened whole may "
                     "have (“puzzlewright analyse”, “export-csv”, “export”, “duplicates”, “chart”, "
                     "“report”, “render” and “playtests” read larger sets level by level)"),
                   name, PW_LEVEL_SET_MAX_BYTES);
      return NULL;
    }

  return pw_level_set_load_from_data (data, length, name, error);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

static JsonNode *
playtest_to_json (const PwPlaytest *playtest)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "tester");
  json_builder_add_string_value (builder, playtest->tester);
  /* the members play mode records are written only when recorded, so a
   * file from before them saves back as it was */
  if (playtest->date != NULL)
    {
      json_builder_set_member_name (builder, "date");
      json_builder_add_string_value (builder, playtest->date);
    }
  json_builder_set_member_name (builder, "rating");
  if (playtest->rating == PW_RATING_NONE)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, playtest->rating);
  json_builder_set_member_name (builder, "seconds");
  if (playtest->seconds < 0)
    json_builder_add_null_value (builder);
  else if (playtest->seconds == floor (playtest->seconds) && playtest->seconds < 1e15)
    json_builder_add_int_value (builder, (gint64) playtest->seconds);
  else
    json_builder_add_double_value (builder, playtest->seconds);
  json_builder_set_member_name (builder, "completed");
  json_builder_add_boolean_value (builder, playtest->completed);
  if (playtest->moves >= 0)
    {
      json_builder_set_member_name (builder, "moves");
      json_builder_add_int_value (builder, playtest->moves);
    }
  if (playtest->hints_used >= 0)
    {
      json_builder_set_member_name (builder, "hints_used");
      json_builder_add_int_value (builder, playtest->hints_used);
    }
  json_builder_set_member_name (builder, "note");
  json_builder_add_string_value (builder, playtest->note);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
level_to_json (PwLevel *level)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();
  const PwKind *kind = pw_level_get_kind (level);
  GPtrArray *playtests = pw_level_get_playtests (level);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, pw_level_get_id (level));
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, pw_level_get_name (level));
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, pw_level_get_kind_id (level));
  json_builder_set_member_name (builder, "notes");
  json_builder_add_string_value (builder, pw_level_get_notes (level));
  json_builder_set_member_name (builder, "payload");
  if (kind != NULL)
    json_builder_add_value (builder, kind->to_json (pw_level_get_data (level)));
  else
    json_builder_add_value (builder, json_node_copy (pw_level_get_unknown_payload (level)));
  json_builder_set_member_name (builder, "playtests");
  json_builder_begin_array (builder);
  for (guint i = 0; i < playtests->len; i++)
    json_builder_add_value (builder, playtest_to_json (g_ptr_array_index (playtests, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Whether @p starts a JSON string of a card name ("JD"): a freecell
 * cascade is a list of those, which the set writes on one line. */
static gboolean
is_card_string (const char *p)
{
  return p[0] == '"' && p[1] != '\0' && strchr ("A23456789TJQK", p[1]) != NULL &&
         p[2] != '\0' && strchr ("CDHS", p[2]) != NULL && p[3] == '"';
}

/* json-glib's pretty output with every array of card names joined onto
 * one line, so a deal reads as one line per cascade. */
static GString *
join_card_lists (const char *data,
                 gsize       length)
{
  GString *out = g_string_sized_new (length);
  const char *p = data, *end = data + length;

  while (p < end)
    {
      if (*p == '"')
        {
          /* copy a string whole: brackets inside it are text */
          const char *q = p + 1;

          while (q < end && *q != '"')
            q += *q == '\\' ? 2 : 1;
          q = MIN (q + 1, end);
          g_string_append_len (out, p, q - p);
          p = q;
          continue;
        }
      if (*p == '[')
        {
          const char *q = p + 1;
          GString *joined = g_string_new ("[");
          gboolean cards = TRUE;
          int n = 0;

          for (;;)
            {
              while (q < end && g_ascii_isspace (*q))
                q++;
              if (q < end && *q == ']' )
                break;
              if (q + 4 > end || !is_card_string (q))
                {
                  cards = FALSE;
                  break;
                }
              g_string_append (joined, n++ > 0 ? ", " : " ");
              g_string_append_len (joined, q, 4);
              q += 4;
              while (q < end && g_ascii_isspace (*q))
                q++;
              if (q < end && *q == ',')
                q++;
            }
          if (cards && n > 0)
            {
              g_string_append (joined, " ]");
              g_string_append_len (out, joined->str, joined->len);
              p = q + 1;
              g_string_free (joined, TRUE);
              continue;
            }
          g_string_free (joined, TRUE);
        }
      g_string_append_c (out, *p++);
    }
  return out;
}

char *
_pw_level_set_level_text (PwLevel *level)
{
  g_autoptr(JsonNode) node = level_to_json (level);
  g_autofree char *data = NULL;
  g_autoptr(GString) indented = g_string_new ("    ");
  GString *text;
  gsize len;

  data = pw_json_to_text (node, TRUE, &len);
  /* as deep as a level is in the set: inside "levels", inside the set */
  for (gsize i = 0; i < len; i++)
    {
      g_string_append_c (indented, data[i]);
      if (data[i] == '\n')
        g_string_append (indented, "    ");
    }
  text = join_card_lists (indented->str, indented->len);
  return g_string_free (text, FALSE);
}

char *
_pw_level_set_header_text (const char *title,
                           const char *author,
                           const char *notes)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *data = NULL;
  GString *text;
  char *end;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, PW_LEVEL_SET_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, PW_LEVEL_SET_VERSION);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, title);
  json_builder_set_member_name (builder, "author");
  json_builder_add_string_value (builder, author);
  json_builder_set_member_name (builder, "notes");
  json_builder_add_string_value (builder, notes);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  data = pw_json_to_text (root, TRUE, NULL);
  /* "{ … \"notes\" : \"…\"\n}": open it again for the levels */
  end = strrchr (data, '}');
  g_assert (end != NULL);
  *end = '\0';
  text = g_string_new (data);
  g_string_truncate (text, text->len - 1);   /* the newline before the brace */
  g_string_append (text, ",\n  \"levels\" : [");
  return g_string_free (text, FALSE);
}

char *
pw_level_set_to_data (PwLevelSet *set,
                      gsize      *length)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  GString *text;
  char *data;
  gsize len;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, PW_LEVEL_SET_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, PW_LEVEL_SET_VERSION);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, set->title);
  json_builder_set_member_name (builder, "author");
  json_builder_add_string_value (builder, set->author);
  json_builder_set_member_name (builder, "notes");
  json_builder_add_string_value (builder, set->notes);
  json_builder_set_member_name (builder, "levels");
  json_builder_begin_array (builder);
  for (guint i = 0; i < set->levels->len; i++)
    json_builder_add_value (builder, level_to_json (g_ptr_array_index (set->levels, i)));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  data = pw_json_to_text (root, TRUE, &len);

  text = join_card_lists (data, len);
  g_string_append_c (text, '\n');
  g_free (data);
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}

gboolean
pw_level_set_save (PwLevelSet    *set,
                   GFile         *file,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  data = pw_level_set_to_data (set, &length);

  /* a temporary file beside the target, synced, then renamed over it; the
   * previous file is kept as FILE~ */
  if (!pw_file_replace_atomic (file, data, length, TRUE, cancellable, &local_error))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO,
                   _("%s: could not save: %s"), name, local_error->message);
      return FALSE;
    }
  return TRUE;
}
