/* pw-level-stream.c — a level set read and written one level at a time
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading splits the file into the set's own text, its "skeleton" (every
 * byte but the levels, so "levels" reads as an empty list), and the text
 * of each level. Each level's text goes through the strict pre-pass and
 * the level reader of pw-level-set.c, told where in the file it starts;
 * the skeleton goes through them as a whole before the first level (the
 * part before "levels") and again at the end (all of it). Between levels
 * only white space and commas are allowed, checked here. So the file is
 * held to every rule the whole-set reader applies, with these bytes
 * checked once each.
 */

#define G_LOG_DOMAIN "pw-level-stream"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-level-set-private.h"
#include "pw-file.h"
#include "pw-level-stream.h"

#define BUFFER_SIZE 65536

/* The ids seen so far, exactly: their text end to end in @arena, and an
 * open-addressing table of (hash, offset + 1) pairs. */
typedef struct
{
  GByteArray *arena;
  guint32    *slots;      /* 2 words a slot */
  gsize       n_slots;    /* a power of two */
  gsize       used;
} IdSet;

struct _PwLevelStream
{
  GInputStream *input;
  char         *name;
  GChecksum    *checksum;
  char         *sha256;
  guint8       *buffer;
  gsize         length;
  gsize         pos;
  gboolean      eof;
  guint64       offset;
  guint64       size;
  guint         line;
  guint         column;
  GString      *skeleton;
  GString      *element;
  guint         count;
  gboolean      in_levels;   /* between "levels" : [ and its ] */
  gboolean      found_levels;
  PwTextCut     cut;         /* where the skeleton leaves the levels out */
  gboolean      done;
  IdSet         ids;
  PwLevelSet   *header;
};

static void
id_set_init (IdSet *set)
{
  set->arena = g_byte_array_new ();
  set->n_slots = 1024;
  set->slots = g_new0 (guint32, 2 * set->n_slots);
  set->used = 0;
}

static void
id_set_clear (IdSet *set)
{
  g_clear_pointer (&set->arena, g_byte_array_unref);
  g_clear_pointer (&set->slots, g_free);
}

static void
id_set_place (IdSet   *set,
              guint32 *slots,
              gsize    n_slots,
              guint32  hash,
              guint32  offset)
{
  gsize i = hash & (n_slots - 1);

  while (slots[2 * i + 1] != 0)
    i = (i + 1) & (n_slots - 1);
  slots[2 * i] = hash;
  slots[2 * i + 1] = offset;
}

/* The slot of @id, or of the empty slot where it would go. */
static gsize
id_set_find (const IdSet *set,
             guint32      hash,
             const char  *id)
{
  gsize i = hash & (set->n_slots - 1);

  for (; set->slots[2 * i + 1] != 0; i = (i + 1) & (set->n_slots - 1))
    if (set->slots[2 * i] == hash &&
        strcmp ((const char *) set->arena->data + set->slots[2 * i + 1] - 1, id) == 0)
      break;
  return i;
}

static gboolean
id_set_contains (gconstpointer set,
                 const char   *id)
{
  const IdSet *ids = set;

  return ids->slots[2 * id_set_find (ids, g_str_hash (id), id) + 1] != 0;
}

/* Adds @id; FALSE when it was there already. */
static gboolean
id_set_add (IdSet      *set,
            const char *id)
{
  guint32 hash = g_str_hash (id);
  guint32 offset;

  if (set->slots[2 * id_set_find (set, hash, id) + 1] != 0)
    return FALSE;
  offset = set->arena->len + 1;
  g_byte_array_append (set->arena, (const guint8 *) id, strlen (id) + 1);
  if (2 * (set->used + 1) > set->n_slots)
    {
      gsize n = 2 * set->n_slots;
      guint32 *slots = g_new0 (guint32, 2 * n);

      for (gsize s = 0; s < set->n_slots; s++)
        if (set->slots[2 * s + 1] != 0)
          id_set_place (set, slots, n, set->slots[2 * s], set->slots[2 * s + 1]);
      g_free (set->slots);
      set->slots = slots;
      set->n_slots = n;
    }
  id_set_place (set, set->slots, set->n_slots, hash, offset);
  set->used++;
  return TRUE;
}

static void
stream_error (PwLevelStream  *stream,
              GError        **error,
              int             code,
              const char     *what)
{
  g_set_error (error, PW_LEVEL_SET_ERROR, code, _("%s: line %u, column %u: %s"), stream->name,
               stream->line, stream->column, what);
}

/* The next byte without taking it: -1 at the end, -2 after an error. */
static int
peek_byte (PwLevelStream  *stream,
           GError        **error)
{
  if (stream->pos == stream->length && !stream->eof)
    {
      g_autoptr(GError) local_error = NULL;
      gssize n = g_input_stream_read (stream->input, stream->buffer, BUFFER_SIZE, NULL,
                                      &local_error);

      if (n < 0)
        {
          g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, "%s: %s", stream->name,
                       local_error->message);
          return -2;
        }
      stream->length = n;
      stream->pos = 0;
      stream->eof = n == 0;
      if (n > 0)
        g_checksum_update (stream->checksum, stream->buffer, n);
    }
  if (stream->pos == stream->length)
    return -1;
  return stream->buffer[stream->pos];
}

/* Takes the byte peek_byte gave, keeping count of lines and columns (in
 * characters, as the whole-set reader counts them). */
static void
take_byte (PwLevelStream *stream)
{
  guint8 c = stream->buffer[stream->pos++];

  stream->offset++;
  if (c == '\n')
    {
      stream->line++;
      stream->column = 1;
    }
  else if ((c & 0xc0) != 0x80)
    stream->column++;
}

/* Where a byte of JSON text stands: in a string (after a backslash), and
 * how deep in objects and lists. */
typedef struct
{
  gboolean in_string;
  gboolean escape;
  guint    depth;
} JsonPlace;

/* Moves @place past byte @c. */
static void
json_place_take (JsonPlace *place,
                 int        c)
{
  if (place->in_string)
    {
      if (place->escape)
        place->escape = FALSE;
      else if (c == '\\')
        place->escape = TRUE;
      else if (c == '"')
        place->in_string = FALSE;
    }
  else if (c == '"')
    place->in_string = TRUE;
  else if (c == '{' || c == '[')
    place->depth++;
  else if ((c == '}' || c == ']') && place->depth > 0)
    place->depth--;
}

/* Copies the set's own text into the skeleton until the "[" that opens
 * "levels" (TRUE) or the end of the file (FALSE, *@at_end set). */
static gboolean
scan_skeleton (PwLevelStream  *stream,
               gboolean       *at_end,
               GError        **error)
{
  g_autoptr(GString) key = g_string_new (NULL);
  JsonPlace place = { 0 };
  gboolean value = FALSE;
  int c;

  /* the skeleton is read again from its start: so is its place */
  for (gsize i = 0; i < stream->skeleton->len; i++)
    json_place_take (&place, stream->skeleton->str[i]);

  *at_end = FALSE;
  for (;;)
    {
      JsonPlace before;

      c = peek_byte (stream, error);
      if (c == -2)
        return FALSE;
      if (c == -1)
        {
          *at_end = TRUE;
          return FALSE;
        }
      if (stream->skeleton->len >= PW_LEVEL_SET_MAX_BYTES)
        {
          g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE,
                       _("%s: the set’s members but its levels take over %d bytes"),
                       stream->name, PW_LEVEL_SET_MAX_BYTES);
          return FALSE;
        }
      take_byte (stream);
      g_string_append_c (stream->skeleton, c);
      before = place;
      json_place_take (&place, c);
      /* the names of the set's members, to find "levels" */
      if (before.in_string)
        {
          if (place.in_string && before.depth == 1 && !value)
            g_string_append_c (key, c);
        }
      else if (c == '"' && before.depth == 1 && !value)
        g_string_truncate (key, 0);
      else if (c == ':' && before.depth == 1)
        value = TRUE;
      else if (c == ',' && before.depth == 1)
        value = FALSE;
      else if (c == '[' && before.depth == 1 && value && !stream->found_levels &&
               g_str_equal (key->str, "levels"))
        return TRUE;
    }
}

/* Skips white space; the next byte (or -1, -2) is left to take. */
static int
skip_space (PwLevelStream  *stream,
            GError        **error)
{
  int c;

  while ((c = peek_byte (stream, error)) == ' ' || c == '\t' || c == '\n' || c == '\r')
    take_byte (stream);
  return c;
}

/* The text of the next level into stream->element, from the byte that
 * starts it to the one that ends it. The bytes of the buffer are looked
 * at in a run and copied at once (a byte at a time through peek_byte and
 * take_byte was a fifth of reading a set of cheap levels). */
static gboolean
read_element (PwLevelStream  *stream,
              GError        **error)
{
  guint line = stream->line, column = stream->column;
  JsonPlace place = { 0 };
  int c;

  g_string_truncate (stream->element, 0);
  for (;;)
    {
      gsize start, i;
      gboolean done = FALSE, too_long = FALSE;

      c = peek_byte (stream, error);
      if (c == -2)
        return FALSE;
      if (c == -1)
        {
          /* json-glib says what it misses, as it does for the whole file */
          g_autoptr(JsonNode) node =
            _pw_level_set_parse_strict (stream->element->str, stream->element->len,
                                        stream->name, line, column, 2, error);

          if (node != NULL)
            stream_error (stream, error, PW_LEVEL_SET_ERROR_SYNTAX,
                          _("the file ends inside a level"));
          return FALSE;
        }
      /* the buffer's bytes from stream->pos, as take_byte takes them */
      start = i = stream->pos;
      while (i < stream->length)
        {
          guint8 b = stream->buffer[i];
          gsize len = stream->element->len + (i - start);

          if (!place.in_string && place.depth == 0 && len > 0 &&
              (b == ',' || b == ']' || b == ' ' || b == '\t' || b == '\n' || b == '\r'))
            {
              done = TRUE;
              break;
            }
          if (len >= PW_LEVEL_STREAM_MAX_LEVEL_BYTES)
            {
              too_long = TRUE;
              break;
            }
          i++;
          if (b == '\n')
            {
              stream->line++;
              stream->column = 1;
            }
          else if ((b & 0xc0) != 0x80)
            stream->column++;
          /* an object or a list ends with the byte that closes it; a
           * scalar at the byte after it, above */
          if (!place.in_string && (b == '}' || b == ']') && place.depth == 1)
            {
              done = TRUE;
              break;
            }
          json_place_take (&place, b);
        }
      g_string_append_len (stream->element, (const char *) stream->buffer + start, i - start);
      stream->offset += i - start;
      stream->pos = i;
      if (too_long)
        {
          g_autofree char *what =
            g_strdup_printf (_("level %u takes over %d bytes"), stream->count + 1,
                             PW_LEVEL_STREAM_MAX_LEVEL_BYTES);

          stream_error (stream, error, PW_LEVEL_SET_ERROR_TOO_LARGE, what);
          return FALSE;
        }
      if (done)
        return TRUE;
    }
}

/* Checks the skeleton, closed with @close when it is not whole yet, as
 * the set's text; before the levels, "format" and "version" must be in
 * it. */
static gboolean
check_skeleton (PwLevelStream  *stream,
                const char     *close,
                GError        **error)
{
  g_autoptr(GString) text = g_string_new_len (stream->skeleton->str, stream->skeleton->len);
  g_autoptr(JsonNode) root = NULL;

  g_string_append (text, close);
  /* after the levels, the text from their "]" on stands after them */
  if (stream->cut.line != 0)
    root = _pw_level_set_parse_strict_cut (text->str, text->len, stream->name, &stream->cut,
                                           error);
  else
    root = _pw_level_set_parse_strict (text->str, text->len, stream->name, 1, 1, 0, error);
  if (root == NULL)
    return FALSE;
  if (close[0] != '\0' && JSON_NODE_HOLDS_OBJECT (root) &&
      (!json_object_has_member (json_node_get_object (root), "format") ||
       !json_object_has_member (json_node_get_object (root), "version")))
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_NOT_A_SET,
                   _("%s: “levels” comes before “format” and “version”: a set read level by "
                     "level needs them first, as Puzzlewright writes them"), stream->name);
      return FALSE;
    }
  if (!_pw_level_set_read_header (stream->name, root, stream->header, error))
    return FALSE;
  /* "levels" written so that the scan did not know it ("lev\u0065ls") */
  if (close[0] == '\0' && !stream->found_levels &&
      json_array_get_length (json_object_get_array_member (json_node_get_object (root),
                                                           "levels")) > 0)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID,
                   _("%s: write the member name “levels” without escapes"), stream->name);
      return FALSE;
    }
  return TRUE;
}

PwLevelStream *
pw_level_stream_open (GFile   *file,
                      GError **error)
{
  g_autoptr(PwLevelStream) stream = g_new0 (PwLevelStream, 1);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean at_end;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  stream->name = g_file_get_parse_name (file);
  stream->checksum = g_checksum_new (G_CHECKSUM_SHA256);
  stream->buffer = g_malloc (BUFFER_SIZE);
  stream->skeleton = g_string_new (NULL);
  stream->element = g_string_new (NULL);
  stream->header = pw_level_set_new ();
  stream->line = stream->column = 1;
  id_set_init (&stream->ids);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, "%s: %s", stream->name,
                   local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO,
                   _("%s: is a folder, not a level set"), stream->name);
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR)
    stream->size = g_file_info_get_size (info);
  stream->input = G_INPUT_STREAM (g_file_read (file, NULL, &local_error));
  if (stream->input == NULL)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, "%s: %s", stream->name,
                   local_error->message);
      return NULL;
    }

  if (scan_skeleton (stream, &at_end, error))
    {
      stream->found_levels = TRUE;
      stream->in_levels = TRUE;
      stream->cut.offset = stream->skeleton->len;
      if (!check_skeleton (stream, "]}", error))
        return NULL;
      return g_steal_pointer (&stream);
    }
  if (!at_end)
    return NULL;
  if (stream->skeleton->len == 0)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_SYNTAX, _("%s: the file is empty"),
                   stream->name);
      return NULL;
    }
  /* no levels list: the whole text says what is wrong */
  if (!check_skeleton (stream, "", error))
    return NULL;
  stream->done = TRUE;
  return g_steal_pointer (&stream);
}

/* After the last level: the rest of the set's text, then all of it. */
static gboolean
finish (PwLevelStream  *stream,
        GError        **error)
{
  gboolean at_end;

  stream->in_levels = FALSE;
  if (scan_skeleton (stream, &at_end, error) || !at_end)
    return FALSE;
  if (!check_skeleton (stream, "", error))
    return FALSE;
  stream->done = TRUE;
  stream->sha256 = g_strdup (g_checksum_get_string (stream->checksum));
  return TRUE;
}

/* Up to the next level's text in stream->element (TRUE), or to the end
 * of the set (FALSE, no error), or FALSE after setting @error. */
static gboolean
next_element (PwLevelStream  *stream,
              guint          *line,
              guint          *column,
              GError        **error)
{
  int c;

  if (stream->done)
    {
      if (stream->sha256 == NULL)
        stream->sha256 = g_strdup (g_checksum_get_string (stream->checksum));
      return FALSE;
    }
  c = skip_space (stream, error);
  if (c == -2)
    return FALSE;
  if (stream->count > 0 && c == ',')
    {
      take_byte (stream);
      c = skip_space (stream, error);
      if (c == -2)
        return FALSE;
      if (c == ']')
        {
          stream_error (stream, error, PW_LEVEL_SET_ERROR_SYNTAX,
                        _("a comma is followed by “]”: there is no level after it"));
          return FALSE;
        }
    }
  else if (c == ']')
    {
      stream->cut.line = stream->line;
      stream->cut.column = stream->column;
      take_byte (stream);
      g_string_append_c (stream->skeleton, ']');
      finish (stream, error);
      return FALSE;
    }
  else if (stream->count > 0 || c == -1)
    {
      stream_error (stream, error, PW_LEVEL_SET_ERROR_SYNTAX,
                    c == -1 ? _("the file ends inside the list of levels")
                            : _("a comma or “]” was expected after the level"));
      return FALSE;
    }

  if (stream->count >= PW_LEVEL_STREAM_MAX_LEVELS)
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE,
                   _("%s: the set has over %u levels, the most a set may have"), stream->name,
                   PW_LEVEL_STREAM_MAX_LEVELS);
      return FALSE;
    }
  *line = stream->line;
  *column = stream->column;
  return read_element (stream, error);
}

/* The level whose text next_element found. A level without an id gets
 * the one the whole-set reader gives it (pw_level_set_append: made from
 * its content, unlike those of the levels before it). */
static PwLevel *
read_level (PwLevelStream  *stream,
            guint           line,
            guint           column,
            GError        **error)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(PwLevel) level = NULL;

  node = _pw_level_set_parse_strict (stream->element->str, stream->element->len, stream->name,
                                     line, column, 2, error);
  if (node == NULL)
    return NULL;
  level = _pw_level_set_read_level (stream->name, stream->count + 1, node, error);
  if (level == NULL)
    return NULL;
  if (pw_level_get_id (level)[0] == '\0')
    {
      g_autofree char *id = _pw_level_make_id_full (level, id_set_contains, &stream->ids);

      pw_level_set_id (level, id);
      id_set_add (&stream->ids, id);
    }
  else if (!id_set_add (&stream->ids, pw_level_get_id (level)))
    {
      g_autofree char *where = pw_level_get_name (level)[0] != '\0'
        ? g_strdup_printf (_("level %u (“%s”)"), stream->count + 1, pw_level_get_name (level))
        : g_strdup_printf (_("level %u"), stream->count + 1);

      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID,
                   _("%s: %s: the id “%s” is already used by an earlier level"),
                   stream->name, where, pw_level_get_id (level));
      return NULL;
    }
  stream->count++;
  return g_steal_pointer (&level);
}

PwLevel *
pw_level_stream_next (PwLevelStream  *stream,
                      GError        **error)
{
  guint line, column;

  g_return_val_if_fail (stream != NULL, NULL);

  if (!next_element (stream, &line, &column, error))
    return NULL;
  return read_level (stream, line, column, error);
}

/* The level's "id" when its text says it plainly (a string without
 * escapes, not empty, and member names without escapes), copied; NULL
 * when only reading the level tells. */
static char *
plain_id (const char *text,
          gsize       length)
{
  gboolean in_string = FALSE, escape = FALSE, value = FALSE, key_is_id = FALSE;
  gsize start = 0;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (escape)
            escape = FALSE;
          else if (c == '\\')
            {
              if (depth == 1 && (!value || key_is_id))
                return NULL;
              escape = TRUE;
            }
          else if (c == '"')
            {
              in_string = FALSE;
              if (depth == 1 && !value)
                key_is_id = i - start == 3 && memcmp (text + start + 1, "id", 2) == 0;
              else if (depth == 1 && key_is_id)
                return i - start > 1 ? g_strndup (text + start + 1, i - start - 1) : NULL;
            }
        }
      else if (c == '"')
        {
          in_string = TRUE;
          start = i;
        }
      else if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
      else if (c == ':' && depth == 1)
        value = TRUE;
      else if (c == ',' && depth == 1)
        value = key_is_id = FALSE;
    }
  return NULL;
}

gboolean
pw_level_stream_skip (PwLevelStream  *stream,
                      GError        **error)
{
  g_autofree char *id = NULL;
  g_autoptr(PwLevel) level = NULL;
  guint line, column;

  g_return_val_if_fail (stream != NULL, FALSE);

  if (!next_element (stream, &line, &column, error))
    return FALSE;
  /* the ids, for those of later levels that have none: most levels say
   * theirs plainly, the others are read */
  id = plain_id (stream->element->str, stream->element->len);
  if (id != NULL && id_set_add (&stream->ids, id))
    {
      stream->count++;
      return TRUE;
    }
  level = read_level (stream, line, column, error);
  return level != NULL;
}

struct _PwLevelText
{
  char    *file;
  guint    index;     /* 1-based */
  guint    line;
  guint    column;
  char    *text;
  gsize    length;
  PwLevel *level;     /* read already, or NULL */
};

PwLevelText *
pw_level_stream_next_text (PwLevelStream  *stream,
                           GError        **error)
{
  g_autofree char *id = NULL;
  PwLevelText *text;
  guint line, column;

  g_return_val_if_fail (stream != NULL, NULL);

  if (!next_element (stream, &line, &column, error))
    return NULL;
  text = g_new0 (PwLevelText, 1);
  text->file = g_strdup (stream->name);
  text->index = stream->count + 1;
  text->line = line;
  text->column = column;
  /* the ids as pw_level_stream_skip keeps them: a level that says its id
   * plainly is read by whoever takes the text, the others here */
  id = plain_id (stream->element->str, stream->element->len);
  if (id != NULL && id_set_add (&stream->ids, id))
    {
      text->length = stream->element->len;
      text->text = g_strndup (stream->element->str, stream->element->len);
      stream->count++;
      return text;
    }
  text->level = read_level (stream, line, column, error);
  if (text->level == NULL)
    g_clear_pointer (&text, pw_level_text_free);
  return text;
}

/* May run on any thread, one text at a time. */
PwLevel *
pw_level_text_read (PwLevelText  *text,
                    GError      **error)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if (text->level != NULL)
    return pw_level_ref (text->level);
  node = _pw_level_set_parse_strict (text->text, text->length, text->file, text->line,
                                     text->column, 2, error);
  if (node == NULL)
    return NULL;
  return _pw_level_set_read_level (text->file, text->index, node, error);
}

void
pw_level_text_free (PwLevelText *text)
{
  if (text == NULL)
    return;
  g_free (text->file);
  g_free (text->text);
  g_clear_pointer (&text->level, pw_level_unref);
  g_free (text);
}

guint
pw_level_stream_get_count (PwLevelStream *stream)
{
  return stream->count;
}

guint64
pw_level_stream_get_offset (PwLevelStream *stream)
{
  return stream->offset;
}

guint64
pw_level_stream_get_size (PwLevelStream *stream)
{
  return stream->size;
}

const char *
pw_level_stream_get_sha256 (PwLevelStream *stream)
{
  return stream->sha256;
}

PwLevelSet *
pw_level_stream_get_header (PwLevelStream *stream)
{
  return stream->header;
}

void
pw_level_stream_free (PwLevelStream *stream)
{
  if (stream == NULL)
    return;
  g_clear_object (&stream->input);
  g_free (stream->name);
  g_clear_pointer (&stream->checksum, g_checksum_free);
  g_free (stream->sha256);
  g_free (stream->buffer);
  if (stream->skeleton != NULL)
    g_string_free (stream->skeleton, TRUE);
  if (stream->element != NULL)
    g_string_free (stream->element, TRUE);
  id_set_clear (&stream->ids);
  g_clear_pointer (&stream->header, pw_level_set_unref);
  g_free (stream);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

struct _PwLevelSetWriter
{
  PwFileWriter *file;
  char         *name;
  char         *title;
  char         *author;
  char         *notes;
  IdSet         ids;
  guint         count;
};

PwLevelSetWriter *
pw_level_set_writer_open (GFile   *file,
                          GError **error)
{
  g_autoptr(GError) local_error = NULL;
  PwFileWriter *output;
  PwLevelSetWriter *writer;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* a temporary file beside the target, renamed over it only when whole */
  output = pw_file_writer_open (file, &local_error);
  if (output == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO,
                   _("%s: could not save: %s"), name, local_error->message);
      return NULL;
    }
  writer = g_new0 (PwLevelSetWriter, 1);
  writer->file = output;
  writer->name = g_file_get_parse_name (file);
  writer->title = g_strdup ("");
  writer->author = g_strdup ("");
  writer->notes = g_strdup ("");
  id_set_init (&writer->ids);
  return writer;
}

void
pw_level_set_writer_set_header (PwLevelSetWriter *writer,
                                const char       *title,
                                const char       *author,
                                const char       *notes)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (writer->count == 0);

  g_free (writer->title);
  writer->title = g_strdup (title != NULL ? title : "");
  g_free (writer->author);
  writer->author = g_strdup (author != NULL ? author : "");
  g_free (writer->notes);
  writer->notes = g_strdup (notes != NULL ? notes : "");
}

static void
writer_free (PwLevelSetWriter *writer)
{
  g_free (writer->name);
  g_free (writer->title);
  g_free (writer->author);
  g_free (writer->notes);
  id_set_clear (&writer->ids);
  g_free (writer);
}

/* Writes @text; on failure says so in @error, naming the file. */
static gboolean
writer_put (PwLevelSetWriter  *writer,
            const char        *text,
            GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  if (pw_file_writer_write (writer->file, text, strlen (text), NULL, &local_error))
    return TRUE;
  g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, _("%s: could not save: %s"),
               writer->name, local_error->message);
  return FALSE;
}

static gboolean
writer_put_header (PwLevelSetWriter  *writer,
                   GError           **error)
{
  g_autofree char *header = _pw_level_set_header_text (writer->title, writer->author,
                                                       writer->notes);

  return writer_put (writer, header, error);
}

gboolean
pw_level_set_writer_add (PwLevelSetWriter  *writer,
                         PwLevel           *level,
                         GError           **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (writer != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  /* the id the level would get in a set holding the levels before it */
  if (pw_level_get_id (level)[0] == '\0' || id_set_contains (&writer->ids, pw_level_get_id (level)))
    {
      g_autofree char *id = _pw_level_make_id_full (level, id_set_contains, &writer->ids);

      pw_level_set_id (level, id);
    }
  id_set_add (&writer->ids, pw_level_get_id (level));
  text = _pw_level_set_level_text (level);
  if ((writer->count == 0 && !writer_put_header (writer, error)) ||
      !writer_put (writer, writer->count == 0 ? "\n" : ",\n", error) ||
      !writer_put (writer, text, error))
    return FALSE;
  writer->count++;
  return TRUE;
}

guint
pw_level_set_writer_get_count (PwLevelSetWriter *writer)
{
  g_return_val_if_fail (writer != NULL, 0);

  return writer->count;
}

gboolean
pw_level_set_writer_commit (PwLevelSetWriter  *writer,
                            GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (writer != NULL, FALSE);

  if ((writer->count == 0 && !writer_put_header (writer, error)) ||
      !writer_put (writer, writer->count > 0 ? "\n  ]\n}\n" : "]\n}\n", error))
    {
      pw_level_set_writer_abort (writer);
      return FALSE;
    }
  /* the previous file is kept as FILE~ */
  if (!pw_file_writer_commit (writer->file, TRUE, NULL, &local_error))
    {
      g_set_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_IO, _("%s: could not save: %s"),
                   writer->name, local_error->message);
      writer_free (writer);
      return FALSE;
    }
  writer_free (writer);
  return TRUE;
}

void
pw_level_set_writer_abort (PwLevelSetWriter *writer)
{
  if (writer == NULL)
    return;
  /* the temporary file goes and the old file stays */
  pw_file_writer_abort (writer->file);
  writer_free (writer);
}

gboolean
pw_level_set_save_streamed (PwLevelSet  *set,
                            GFile       *file,
                            GError     **error)
{
  PwLevelSetWriter *writer;
  guint n;

  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  writer = pw_level_set_writer_open (file, error);
  if (writer == NULL)
    return FALSE;
  pw_level_set_writer_set_header (writer, pw_level_set_get_title (set),
                                  pw_level_set_get_author (set), pw_level_set_get_notes (set));
  n = pw_level_set_get_n_levels (set);
  for (guint i = 0; i < n; i++)
    if (!pw_level_set_writer_add (writer, pw_level_set_get_level (set, i), error))
      {
        pw_level_set_writer_abort (writer);
        return FALSE;
      }
  return pw_level_set_writer_commit (writer, error);
}
