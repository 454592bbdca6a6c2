/* pw-json-read.c — strict JSON text read into json-glib's tree, fast
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib's parser reads through a general-purpose scanner (a copy of
 * GScanner) and emits a signal for every value: reading a set of cheap
 * levels spent most of its time there. This reader builds the same tree
 * in one recursive pass over text it accepts only when it is strict JSON
 * with nothing the level-set reader refuses; for anything else it gives
 * up, and the reader in pw-level-set.c takes the text through json-glib
 * and its own checks, whose messages say what is wrong and where. So the
 * messages, and everything refused, stay exactly as they were; what this
 * must get right is the tree of every text it accepts. test-strict-json
 * compares it with json-glib's on many random texts.
 */

#define G_LOG_DOMAIN "pw-json"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "pw-json-read.h"

typedef struct
{
  const char *p;
  const char *end;
} Text;

static void
skip_space (Text *t)
{
  while (t->p < t->end && (*t->p == ' ' || *t->p == '\n' || *t->p == '\r' || *t->p == '\t'))
    t->p++;
}

static int
hex_digit (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The four hexadecimal digits at @p (before @end), or -1. */
static int
hex4 (const char *p,
      const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;
  for (guint i = 0; i < 4; i++)
    {
      int d = hex_digit (p[i]);

      if (d < 0)
        return -1;
      value = value * 16 + d;
    }
  return value;
}

/* The string whose opening quote is at t->p, decoded, its length in
 * *@length; t->p after its closing quote. NULL when it is not a strict
 * JSON string or holds U+0000 or half a surrogate pair. */
static char *
read_string (Text  *t,
             gsize *length)
{
  const char *start = ++t->p;
  const char *q = start;
  char *out, *o;

  /* the common string has no escape: copy it whole */
  while (q < t->end && *q != '"' && *q != '\\' && (guchar) *q >= 0x20)
    q++;
  if (q < t->end && *q == '"')
    {
      t->p = q + 1;
      *length = q - start;
      return g_strndup (start, q - start);
    }
  if (q >= t->end || (guchar) *q < 0x20)
    return NULL;

  /* decoded, a string is never longer than written (an escape of 2, 6 or
   * 12 bytes stands for at most 1, 3 or 4) */
  for (q = start; q < t->end && *q != '"'; q++)
    if (*q == '\\' && ++q >= t->end)
      return NULL;
  if (q >= t->end)
    return NULL;
  out = o = g_malloc (q - start + 1);
  for (q = start; *q != '"'; )
    {
      if ((guchar) *q < 0x20)
        goto bad;
      if (*q != '\\')
        {
          *o++ = *q++;
          continue;
        }
      switch (q[1])
        {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u':
          {
            int unit = hex4 (q + 2, t->end);
            gunichar c;

            if (unit <= 0 || (unit >= 0xDC00 && unit <= 0xDFFF))
              goto bad;
            c = unit;
            if (unit >= 0xD800 && unit <= 0xDBFF)
              {
                int low = t->end - q >= 12 && q[6] == '\\' && q[7] == 'u'
                          ? hex4 (q + 8, t->end) : -1;

                if (low < 0xDC00 || low > 0xDFFF)
                  goto bad;
                c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                q += 6;
              }
            o += g_unichar_to_utf8 (c, o);
            q += 6;
            continue;
          }
        default:
          goto bad;
        }
      q += 2;
    }
  t->p = q + 1;
  *o = '\0';
  *length = o - out;
  return out;

bad:
  g_free (out);
  return NULL;
}

/* The number at t->p, against the grammar
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?: a whole number (no
 * fraction, no exponent, as json-glib reads it) within 64 bits, any other
 * finite. */
static JsonNode *
read_number (Text *t)
{
  const char *p = t->p, *q = p;
  gboolean whole = TRUE;
  char buffer[64];
  g_autofree char *copy = NULL;
  const char *text;
  gsize n;

  if (q < t->end && *q == '-')
    q++;
  if (q >= t->end || !g_ascii_isdigit (*q))
    return NULL;
  if (*q == '0')
    q++;
  else
    while (q < t->end && g_ascii_isdigit (*q))
      q++;
  if (q < t->end && *q == '.')
    {
      whole = FALSE;
      if (++q >= t->end || !g_ascii_isdigit (*q))
        return NULL;
      while (q < t->end && g_ascii_isdigit (*q))
        q++;
    }
  if (q < t->end && (*q == 'e' || *q == 'E'))
    {
      whole = FALSE;
      if (++q < t->end && (*q == '+' || *q == '-'))
        q++;
      if (q >= t->end || !g_ascii_isdigit (*q))
        return NULL;
      while (q < t->end && g_ascii_isdigit (*q))
        q++;
    }
  /* a number runs into nothing a number or a word is made of ("01",
   * "1.5.2", "2x" are not JSON) */
  if (q < t->end && (g_ascii_isalnum (*q) || *q == '.' || *q == '-' || *q == '+' || *q == '_'))
    return NULL;

  n = q - p;
  if (n < sizeof buffer)
    {
      memcpy (buffer, p, n);
      buffer[n] = '\0';
      text = buffer;
    }
  else
    text = copy = g_strndup (p, n);
  errno = 0;
  t->p = q;
  if (whole)
    {
      gint64 value = g_ascii_strtoll (text, NULL, 10);

      if (errno == ERANGE)
        return NULL;
      return json_node_init_int (json_node_alloc (), value);
    }
  else
    {
      double value = g_ascii_strtod (text, NULL);

      if (isinf (value) || isnan (value))
        return NULL;
      return json_node_init_double (json_node_alloc (), value);
    }
}

/* The literal @word at t->p, not running on into a longer word. */
static gboolean
read_word (Text       *t,
           const char *word,
           gsize       n)
{
  if ((gsize) (t->end - t->p) < n || memcmp (t->p, word, n) != 0)
    return FALSE;
  if (t->p + n < t->end && (g_ascii_isalnum (t->p[n]) || t->p[n] == '_'))
    return FALSE;
  t->p += n;
  return TRUE;
}

static JsonNode *read_value (Text  *t,
                             guint  depth);

/* Takes @c and the white space after it, when @c is next. */
static gboolean
accept (Text *t,
        char  c)
{
  if (t->p >= t->end || *t->p != c)
    return FALSE;
  t->p++;
  skip_space (t);
  return TRUE;
}

static JsonNode *
read_object (Text  *t,
             guint  depth)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_init_object (json_node_alloc (), object);

  json_object_unref (object);
  accept (t, '{');
  if (accept (t, '}'))
    return node;
  do
    {
      g_autofree char *name = NULL;
      JsonNode *member;
      guint size;
      gsize length;

      if (t->p >= t->end || *t->p != '"' || (name = read_string (t, &length)) == NULL)
        goto fail;
      skip_space (t);
      if (!accept (t, ':') || (member = read_value (t, depth)) == NULL)
        goto fail;
      /* a member written twice replaces the first: refused (the caller
       * says which) */
      size = json_object_get_size (object);
      json_object_set_member (object, name, member);
      if (json_object_get_size (object) == size)
        goto fail;
      skip_space (t);
    }
  while (accept (t, ','));
  if (accept (t, '}'))
    return node;
fail:
  json_node_unref (node);
  return NULL;
}

static JsonNode *
read_array (Text  *t,
            guint  depth)
{
  JsonArray *array = json_array_new ();
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_array_unref (array);
  accept (t, '[');
  if (accept (t, ']'))
    return node;
  do
    {
      JsonNode *element = read_value (t, depth);

      if (element == NULL)
        goto fail;
      json_array_add_element (array, element);
      skip_space (t);
    }
  while (accept (t, ','));
  if (accept (t, ']'))
    return node;
fail:
  json_node_unref (node);
  return NULL;
}

/* The value at t->p (no white space before it), @depth lists and objects
 * more allowed. */
static JsonNode *
read_value (Text  *t,
            guint  depth)
{
  if (t->p >= t->end)
    return NULL;
  switch (*t->p)
    {
    case '{':
      return depth > 0 ? read_object (t, depth - 1) : NULL;
    case '[':
      return depth > 0 ? read_array (t, depth - 1) : NULL;
    case '"':
      {
        gsize length;
        char *text = read_string (t, &length);
        JsonNode *node;

        if (text == NULL)
          return NULL;
        node = json_node_init_string (json_node_alloc (), text);
        g_free (text);
        return node;
      }
    case 't':
      return read_word (t, "true", 4) ? json_node_init_boolean (json_node_alloc (), TRUE) : NULL;
    case 'f':
      return read_word (t, "false", 5) ? json_node_init_boolean (json_node_alloc (), FALSE)
                                       : NULL;
    case 'n':
      return read_word (t, "null", 4) ? json_node_init_null (json_node_alloc ()) : NULL;
    default:
      return read_number (t);
    }
}

JsonNode *
pw_json_read_strict (const char *data,
                     gsize       length,
                     guint       max_depth)
{
  Text t = { data, data + length };
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  skip_space (&t);
  root = read_value (&t, max_depth);
  if (root == NULL)
    return NULL;
  skip_space (&t);
  if (t.p != t.end)
    {
      json_node_unref (root);
      return NULL;
    }
  /* as json_parser_new_immutable's tree */
  json_node_seal (root);
  return root;
}
