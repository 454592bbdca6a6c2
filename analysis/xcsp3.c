/* xcsp3.c — XCSP3 files: the writer, the reader of the subset, a level's
 * file both ways
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writer and reader share one tree (PwXcspElement). The writer builds it
 * and prints it; the reader builds it from GMarkup's callbacks, with the
 * line of each start tag, refusing names outside the subset. A level is
 * read in three steps: the kind reads its data from the tree, the kind
 * writes the model of that data into a second tree, and the two trees
 * must be equal (notes and spacing aside). So a file is either exactly a
 * model Puzzlewright writes, read with the data it holds, or refused at
 * the first element that is not.
 */

#define G_LOG_DOMAIN "pw-xcsp3"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "xcsp3.h"
#include "pw-kind.h"
#include "pw-level.h"

G_DEFINE_QUARK (pw-xcsp-error-quark, pw_xcsp_error)

/* Files larger than this are refused before parsing. */
#define MAX_BYTES (64 * 1024 * 1024)
#define MAX_DEPTH 8
/* Wrap texts longer than this (in characters, indentation included). */
#define LINE_WIDTH 100

/* Every element of the subset, and the attributes each may have besides
 * "note" (which any element may carry). */
static const struct
{
  const char *name;
  const char *attributes[3];
} subset[] = {
  { "instance", { "format", "type" } },
  { "variables", { NULL } },
  { "array", { "id", "size" } },
  { "constraints", { NULL } },
  { "group", { NULL } },
  { "args", { NULL } },
  { "instantiation", { NULL } },
  { "list", { NULL } },
  { "values", { NULL } },
  { "allDifferent", { NULL } },
  { "sum", { NULL } },
  { "condition", { NULL } },
  { "extension", { NULL } },
  { "supports", { NULL } },
  { "intension", { NULL } },
  { "regular", { NULL } },
  { "transitions", { NULL } },
  { "start", { NULL } },
  { "final", { NULL } },
  { "cardinality", { NULL } },
  { "occurs", { NULL } },
};

/* ------------------------------------------------------------------ */
/* Elements                                                             */

static PwXcspElement *
element_new (const char *name)
{
  PwXcspElement *element = g_new0 (PwXcspElement, 1);

  element->name = g_strdup (name);
  element->attribute_names = g_new0 (char *, 1);
  element->attribute_values = g_new0 (char *, 1);
  element->text = g_string_new (NULL);
  element->children = g_ptr_array_new ();
  return element;
}

static void
element_free (PwXcspElement *element)
{
  if (element == NULL)
    return;
  g_free (element->name);
  g_strfreev (element->attribute_names);
  g_strfreev (element->attribute_values);
  g_string_free (element->text, TRUE);
  for (guint i = 0; i < element->children->len; i++)
    element_free (g_ptr_array_index (element->children, i));
  g_ptr_array_free (element->children, TRUE);
  g_free (element);
}

static void
element_set_attribute (PwXcspElement *element,
                       const char    *name,
                       const char    *value)
{
  guint n = g_strv_length (element->attribute_names);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (element->attribute_names[i], name))
      {
        g_free (element->attribute_values[i]);
        element->attribute_values[i] = g_strdup (value);
        return;
      }
  element->attribute_names = g_renew (char *, element->attribute_names, n + 2);
  element->attribute_values = g_renew (char *, element->attribute_values, n + 2);
  element->attribute_names[n] = g_strdup (name);
  element->attribute_values[n] = g_strdup (value);
  element->attribute_names[n + 1] = element->attribute_values[n + 1] = NULL;
}

const char *
pw_xcsp_element_get_attribute (const PwXcspElement *element,
                               const char          *name)
{
  g_return_val_if_fail (element != NULL && name != NULL, NULL);

  for (guint i = 0; element->attribute_names[i] != NULL; i++)
    if (g_str_equal (element->attribute_names[i], name))
      return element->attribute_values[i];
  return NULL;
}

const PwXcspElement *
pw_xcsp_element_get_child (const PwXcspElement *element,
                           const char          *name)
{
  g_return_val_if_fail (element != NULL && name != NULL, NULL);

  for (guint i = 0; i < element->children->len; i++)
    {
      const PwXcspElement *child = g_ptr_array_index (element->children, i);

      if (child->name != NULL && g_str_equal (child->name, name))
        return child;
    }
  return NULL;
}

GPtrArray *
pw_xcsp_element_get_children (const PwXcspElement *element,
                              const char          *name)
{
  GPtrArray *children;

  g_return_val_if_fail (element != NULL && name != NULL, NULL);

  children = g_ptr_array_new ();
  for (guint i = 0; i < element->children->len; i++)
    {
      PwXcspElement *child = g_ptr_array_index (element->children, i);

      if (child->name != NULL && g_str_equal (child->name, name))
        g_ptr_array_add (children, child);
    }
  return children;
}

char **
pw_xcsp_element_get_tokens (const PwXcspElement *element)
{
  GPtrArray *tokens = g_ptr_array_new ();
  const char *p;

  g_return_val_if_fail (element != NULL, NULL);

  p = element->text->str;
  while (*p != '\0')
    {
      const char *start;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;
      start = p;
      while (*p != '\0' && !g_ascii_isspace (*p))
        p++;
      g_ptr_array_add (tokens, g_strndup (start, p - start));
    }
  g_ptr_array_add (tokens, NULL);
  return (char **) g_ptr_array_free (tokens, FALSE);
}

/* The text as compared: white space runs made one space, none at the ends
 * nor next to "(", ")" and ",". */
static char *
normalise_text (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && out->len > 0 && strchr ("(),", *p) == NULL &&
          strchr ("(),", out->str[out->len - 1]) == NULL)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* Notes: "puzzlewright KIND key=value key="quoted value" …"             */

static gboolean
bare_value (const char *value)
{
  if (*value == '\0')
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("#._/:+-", *p) == NULL)
      return FALSE;
  return TRUE;
}

static void
append_param (GString    *note,
              const char *key,
              const char *value)
{
  g_string_append_printf (note, " %s=", key);
  if (bare_value (value))
    {
      g_string_append (note, value);
      return;
    }
  g_string_append_c (note, '"');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (note, '\\');
      g_string_append_c (note, *p);
    }
  g_string_append_c (note, '"');
}

/* Reads the note into @kind and @keys/@values; FALSE when it is not a
 * Puzzlewright note or is malformed. */
static gboolean
parse_note (const char  *note,
            char       **kind,
            GPtrArray   *keys,
            GPtrArray   *values)
{
  const char *p = note;
  const char *start;

  while (g_ascii_isspace (*p))
    p++;
  if (!g_str_has_prefix (p, "puzzlewright") || !g_ascii_isspace (p[strlen ("puzzlewright")]))
    return FALSE;
  p += strlen ("puzzlewright");
  while (g_ascii_isspace (*p))
    p++;
  start = p;
  while (*p != '\0' && !g_ascii_isspace (*p))
    p++;
  if (p == start)
    return FALSE;
  *kind = g_strndup (start, p - start);

  for (;;)
    {
      GString *value;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        return TRUE;
      start = p;
      while (g_ascii_isalnum (*p) || *p == '_')
        p++;
      if (p == start || *p != '=')
        return FALSE;
      g_ptr_array_add (keys, g_strndup (start, p - start));
      p++;
      value = g_string_new (NULL);
      if (*p == '"')
        {
          for (p++; *p != '"'; p++)
            {
              if (*p == '\\' && p[1] != '\0')
                p++;
              if (*p == '\0')
                {
                  g_string_free (value, TRUE);
                  g_ptr_array_add (values, g_strdup (""));
                  return FALSE;
                }
              g_string_append_c (value, *p);
            }
          p++;
        }
      else
        while (*p != '\0' && !g_ascii_isspace (*p))
          g_string_append_c (value, *p++);
      g_ptr_array_add (values, g_string_free (value, FALSE));
    }
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

struct _PwXcspWriter
{
  char          *kind;
  GPtrArray     *keys;
  GPtrArray     *values;
  PwXcspElement *root;
  PwXcspElement *variables;
  PwXcspElement *constraints;
  GPtrArray     *open;         /* elements begun and not ended */
};

PwXcspWriter *
pw_xcsp_writer_new (const char *kind_id)
{
  PwXcspWriter *writer;

  g_return_val_if_fail (kind_id != NULL, NULL);

  writer = g_new0 (PwXcspWriter, 1);
  writer->kind = g_strdup (kind_id);
  writer->keys = g_ptr_array_new_with_free_func (g_free);
  writer->values = g_ptr_array_new_with_free_func (g_free);
  writer->root = element_new ("instance");
  element_set_attribute (writer->root, "format", "XCSP3");
  element_set_attribute (writer->root, "type", "CSP");
  writer->variables = element_new ("variables");
  writer->constraints = element_new ("constraints");
  g_ptr_array_add (writer->root->children, writer->variables);
  g_ptr_array_add (writer->root->children, writer->constraints);
  writer->open = g_ptr_array_new ();
  return writer;
}

void
pw_xcsp_writer_free (PwXcspWriter *writer)
{
  if (writer == NULL)
    return;
  g_free (writer->kind);
  g_ptr_array_free (writer->keys, TRUE);
  g_ptr_array_free (writer->values, TRUE);
  element_free (writer->root);
  g_ptr_array_free (writer->open, TRUE);
  g_free (writer);
}

void
pw_xcsp_writer_set_param (PwXcspWriter *writer,
                          const char   *key,
                          const char   *format,
                          ...)
{
  va_list args;

  g_return_if_fail (writer != NULL && key != NULL && format != NULL);

  va_start (args, format);
  g_ptr_array_add (writer->keys, g_strdup (key));
  g_ptr_array_add (writer->values, g_strdup_vprintf (format, args));
  va_end (args);
}

static PwXcspElement *
writer_container (PwXcspWriter *writer)
{
  if (writer->open->len > 0)
    return g_ptr_array_index (writer->open, writer->open->len - 1);
  return writer->constraints;
}

void
pw_xcsp_writer_comment (PwXcspWriter *writer,
                        const char   *format,
                        ...)
{
  PwXcspElement *comment;
  PwXcspElement *container;
  va_list args;

  g_return_if_fail (writer != NULL && format != NULL);

  comment = element_new (NULL);
  va_start (args, format);
  g_string_append_vprintf (comment->text, format, args);
  va_end (args);
  /* before anything else, the comment heads the file */
  container = writer_container (writer);
  if (container == writer->constraints && writer->constraints->children->len == 0 &&
      writer->variables->children->len == 0)
    g_ptr_array_insert (writer->root->children, writer->root->children->len - 2, comment);
  else
    g_ptr_array_add (container->children, comment);
}

void
pw_xcsp_writer_array (PwXcspWriter *writer,
                      const char   *id,
                      const char   *size,
                      const char   *note,
                      const char   *domain)
{
  PwXcspElement *array;

  g_return_if_fail (writer != NULL && id != NULL && size != NULL && domain != NULL);

  array = element_new ("array");
  element_set_attribute (array, "id", id);
  if (note != NULL)
    element_set_attribute (array, "note", note);
  element_set_attribute (array, "size", size);
  g_string_append (array->text, domain);
  g_ptr_array_add (writer->variables->children, array);
}

void
pw_xcsp_writer_begin (PwXcspWriter *writer,
                      const char   *name,
                      const char   *note)
{
  PwXcspElement *element;

  g_return_if_fail (writer != NULL && name != NULL);

  element = element_new (name);
  if (note != NULL)
    element_set_attribute (element, "note", note);
  g_ptr_array_add (writer_container (writer)->children, element);
  g_ptr_array_add (writer->open, element);
}

void
pw_xcsp_writer_text (PwXcspWriter *writer,
                     const char   *format,
                     ...)
{
  PwXcspElement *element;
  va_list args;

  g_return_if_fail (writer != NULL && format != NULL);
  g_return_if_fail (writer->open->len > 0);

  element = g_ptr_array_index (writer->open, writer->open->len - 1);
  if (element->text->len > 0 && element->text->str[element->text->len - 1] != ' ')
    g_string_append_c (element->text, ' ');
  va_start (args, format);
  g_string_append_vprintf (element->text, format, args);
  va_end (args);
}

void
pw_xcsp_writer_end (PwXcspWriter *writer)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (writer->open->len > 0);

  g_ptr_array_remove_index (writer->open, writer->open->len - 1);
}

void
pw_xcsp_writer_leaf (PwXcspWriter *writer,
                     const char   *name,
                     const char   *format,
                     ...)
{
  PwXcspElement *element;
  va_list args;

  g_return_if_fail (writer != NULL && name != NULL && format != NULL);

  pw_xcsp_writer_begin (writer, name, NULL);
  element = g_ptr_array_index (writer->open, writer->open->len - 1);
  va_start (args, format);
  g_string_append_vprintf (element->text, format, args);
  va_end (args);
  pw_xcsp_writer_end (writer);
}

static void
append_escaped (GString    *out,
                const char *text,
                gboolean    attribute)
{
  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '&':
        g_string_append (out, "&amp;");
        break;
      case '<':
        g_string_append (out, "&lt;");
        break;
      case '>':
        g_string_append (out, "&gt;");
        break;
      case '"':
        g_string_append (out, attribute ? "&quot;" : "\"");
        break;
      case '\n':
        g_string_append (out, attribute ? "&#10;" : "\n");
        break;
      case '\t':
        g_string_append (out, attribute ? "&#9;" : "\t");
        break;
      case '\r':
        g_string_append (out, "&#13;");
        break;
      default:
        g_string_append_c (out, *p);
      }
}

static void
write_element (GString             *out,
               const PwXcspElement *element,
               guint                depth)
{
  g_autofree char *text = NULL;
  gsize open_length;

  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
  if (element->name == NULL)
    {
      /* "--" may not appear in a comment */
      g_auto(GStrv) parts = g_strsplit (element->text->str, "--", -1);
      g_autofree char *joined = g_strjoinv ("- -", parts);

      g_string_append (out, "<!-- ");
      append_escaped (out, joined, FALSE);
      g_string_append (out, " -->\n");
      return;
    }

  open_length = out->len;
  g_string_append_printf (out, "<%s", element->name);
  for (guint i = 0; element->attribute_names[i] != NULL; i++)
    {
      g_string_append_printf (out, " %s=\"", element->attribute_names[i]);
      append_escaped (out, element->attribute_values[i], TRUE);
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, '>');
  open_length = out->len - open_length;

  text = g_strstrip (g_strdup (element->text->str));
  if (element->children->len == 0)
    {
      if (depth * 2 + open_length + strlen (text) + strlen (element->name) + 5 <= LINE_WIDTH &&
          strchr (text, '\n') == NULL)
        {
          g_string_append_printf (out, " ");
          append_escaped (out, text, FALSE);
          g_string_append_printf (out, " </%s>\n", element->name);
          return;
        }
      /* wrapped between tokens */
      {
        g_auto(GStrv) tokens = g_strsplit_set (text, " \t\n", -1);
        gsize column = LINE_WIDTH;

        for (guint i = 0; tokens[i] != NULL; i++)
          {
            gsize length = strlen (tokens[i]);

            if (length == 0)
              continue;
            if (column + 1 + length > LINE_WIDTH)
              {
                g_string_append_c (out, '\n');
                for (guint d = 0; d <= depth; d++)
                  g_string_append (out, "  ");
                column = (depth + 1) * 2;
              }
            else
              {
                g_string_append_c (out, ' ');
                column++;
              }
            append_escaped (out, tokens[i], FALSE);
            column += length;
          }
        g_string_append_c (out, '\n');
      }
    }
  else
    {
      g_string_append_c (out, '\n');
      if (text[0] != '\0')
        {
          for (guint d = 0; d <= depth; d++)
            g_string_append (out, "  ");
          append_escaped (out, text, FALSE);
          g_string_append_c (out, '\n');
        }
      for (guint i = 0; i < element->children->len; i++)
        write_element (out, g_ptr_array_index (element->children, i), depth + 1);
    }
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
  g_string_append_printf (out, "</%s>\n", element->name);
}

char *
pw_xcsp_writer_to_string (PwXcspWriter *writer)
{
  GString *out;
  GString *note;

  g_return_val_if_fail (writer != NULL, NULL);
  g_return_val_if_fail (writer->open->len == 0, NULL);

  note = g_string_new ("puzzlewright ");
  g_string_append (note, writer->kind);
  for (guint i = 0; i < writer->keys->len; i++)
    append_param (note, g_ptr_array_index (writer->keys, i),
                  g_ptr_array_index (writer->values, i));
  element_set_attribute (writer->root, "note", note->str);
  g_string_free (note, TRUE);

  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  write_element (out, writer->root, 0);
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

struct _PwXcspInstance
{
  char          *display_name;
  PwXcspElement *root;
  PwXcspElement *variables;
  PwXcspElement *constraints;
  char          *kind;
  GPtrArray     *keys;
  GPtrArray     *values;
};

typedef struct
{
  PwXcspInstance      *instance;
  GPtrArray           *stack;
  GMarkupParseContext *context;
} Parse;

static gboolean
in_subset (const char  *name,
           const char  *attribute,
           gboolean    *known_element)
{
  for (guint i = 0; i < G_N_ELEMENTS (subset); i++)
    if (g_str_equal (subset[i].name, name))
      {
        *known_element = TRUE;
        if (attribute == NULL || g_str_equal (attribute, "note"))
          return TRUE;
        for (guint a = 0; a < G_N_ELEMENTS (subset[i].attributes) && subset[i].attributes[a]; a++)
          if (g_str_equal (subset[i].attributes[a], attribute))
            return TRUE;
        return FALSE;
      }
  *known_element = FALSE;
  return FALSE;
}

static void
parse_start (GMarkupParseContext  *context,
             const char           *name,
             const char          **attribute_names,
             const char          **attribute_values,
             gpointer              user_data,
             GError              **error)
{
  Parse *parse = user_data;
  PwXcspElement *element;
  gboolean known = FALSE;
  int line, column;

  g_markup_parse_context_get_position (context, &line, &column);
  /* GMarkup calls this once past the ">"; when a newline follows it, it
   * has counted that line already and restarted the column at 1 */
  if (column == 1 && line > 1)
    line--;
  if (!in_subset (name, NULL, &known))
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_UNSUPPORTED,
                   _("%s: line %d: <%s> is not understood: it is not part of the XCSP3 that "
                     "Puzzlewright writes"), parse->instance->display_name, line, name);
      return;
    }
  if (parse->stack->len == 0 && parse->instance->root != NULL)
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_SYNTAX,
                   _("%s: line %d: <%s> after the end of <instance>"),
                   parse->instance->display_name, line, name);
      return;
    }
  if (parse->stack->len >= MAX_DEPTH)
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_UNSUPPORTED,
                   _("%s: line %d: <%s> is nested too deep"), parse->instance->display_name,
                   line, name);
      return;
    }
  for (guint i = 0; attribute_names[i] != NULL; i++)
    if (!in_subset (name, attribute_names[i], &known))
      {
        g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_UNSUPPORTED,
                     _("%s: line %d: <%s>: the attribute “%s” is not understood"),
                     parse->instance->display_name, line, name, attribute_names[i]);
        return;
      }

  element = element_new (name);
  element->line = line;
  element->column = column;
  for (guint i = 0; attribute_names[i] != NULL; i++)
    element_set_attribute (element, attribute_names[i], attribute_values[i]);
  if (parse->stack->len == 0)
    parse->instance->root = element;
  else
    {
      PwXcspElement *parent = g_ptr_array_index (parse->stack, parse->stack->len - 1);

      g_ptr_array_add (parent->children, element);
    }
  g_ptr_array_add (parse->stack, element);
}

static void
parse_end (GMarkupParseContext  *context,
           const char           *name,
           gpointer              user_data,
           GError              **error)
{
  Parse *parse = user_data;

  g_ptr_array_remove_index (parse->stack, parse->stack->len - 1);
}

static void
parse_text (GMarkupParseContext  *context,
            const char           *text,
            gsize                 length,
            gpointer              user_data,
            GError              **error)
{
  Parse *parse = user_data;

  if (parse->stack->len > 0)
    {
      PwXcspElement *element = g_ptr_array_index (parse->stack, parse->stack->len - 1);

      g_string_append_len (element->text, text, length);
    }
}

void
pw_xcsp_instance_free (PwXcspInstance *instance)
{
  if (instance == NULL)
    return;
  g_free (instance->display_name);
  element_free (instance->root);
  g_free (instance->kind);
  g_ptr_array_free (instance->keys, TRUE);
  g_ptr_array_free (instance->values, TRUE);
  g_free (instance);
}

void
pw_xcsp_set_error (GError               **error,
                   const PwXcspInstance  *instance,
                   const PwXcspElement   *element,
                   PwXcspError            code,
                   const char            *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: FILE: line N: <ELEMENT>: what is wrong */
  g_set_error (error, PW_XCSP_ERROR, code, _("%s: line %d: <%s>: %s"), instance->display_name,
               element->line, element->name != NULL ? element->name : "!--", message);
}

/* Whether @element has text other than white space. */
static gboolean
has_text (const PwXcspElement *element)
{
  for (const char *p = element->text->str; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return TRUE;
  return FALSE;
}

PwXcspInstance *
pw_xcsp_instance_parse (const char  *text,
                        gssize       length,
                        const char  *display_name,
                        GError     **error)
{
  static const GMarkupParser parser = { parse_start, parse_end, parse_text, NULL, NULL };
  g_autoptr(PwXcspInstance) instance = NULL;
  g_autoptr(GError) local_error = NULL;
  Parse parse = { 0 };
  const char *note;
  g_autofree char *kind = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (length < 0)
    length = strlen (text);
  instance = g_new0 (PwXcspInstance, 1);
  instance->display_name = g_strdup (display_name);
  instance->keys = g_ptr_array_new_with_free_func (g_free);
  instance->values = g_ptr_array_new_with_free_func (g_free);

  if (length > MAX_BYTES)
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_SYNTAX,
                   _("%s: the file is larger than 64 MiB"), display_name);
      return NULL;
    }
  if (!g_utf8_validate (text, length, NULL))
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_SYNTAX,
                   _("%s: the text is not valid UTF-8"), display_name);
      return NULL;
    }
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    text += 3, length -= 3;

  parse.instance = instance;
  parse.stack = g_ptr_array_new ();
  parse.context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &parse, NULL);
  if (!g_markup_parse_context_parse (parse.context, text, length, &local_error) ||
      !g_markup_parse_context_end_parse (parse.context, &local_error))
    {
      g_markup_parse_context_free (parse.context);
      g_ptr_array_free (parse.stack, TRUE);
      if (local_error->domain == PW_XCSP_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_SYNTAX, "%s: %s", display_name,
                     local_error->message);
      return NULL;
    }
  g_markup_parse_context_free (parse.context);
  g_ptr_array_free (parse.stack, TRUE);

  if (instance->root == NULL || !g_str_equal (instance->root->name, "instance"))
    {
      g_set_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_SYNTAX,
                   _("%s: not an XCSP3 instance: the file has no <instance>"), display_name);
      return NULL;
    }
  if (g_strcmp0 (pw_xcsp_element_get_attribute (instance->root, "format"), "XCSP3") != 0 ||
      g_strcmp0 (pw_xcsp_element_get_attribute (instance->root, "type"), "CSP") != 0)
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_UNSUPPORTED,
                         _("Puzzlewright reads format=\"XCSP3\" type=\"CSP\" instances only"));
      return NULL;
    }
  for (guint i = 0; i < instance->root->children->len; i++)
    {
      PwXcspElement *child = g_ptr_array_index (instance->root->children, i);

      if (g_str_equal (child->name, "variables") && instance->variables == NULL &&
          instance->constraints == NULL)
        instance->variables = child;
      else if (g_str_equal (child->name, "constraints") && instance->variables != NULL &&
               instance->constraints == NULL)
        instance->constraints = child;
      else
        {
          pw_xcsp_set_error (error, instance, child, PW_XCSP_ERROR_UNSUPPORTED,
                             _("not understood here: an instance holds <variables>, then "
                               "<constraints>"));
          return NULL;
        }
    }
  if (instance->variables == NULL || instance->constraints == NULL || has_text (instance->root))
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_UNSUPPORTED,
                         _("an instance holds <variables>, then <constraints>, and no text"));
      return NULL;
    }

  note = pw_xcsp_element_get_attribute (instance->root, "note");
  if (note != NULL && g_str_has_prefix (note, "puzzlewright"))
    {
      if (!parse_note (note, &kind, instance->keys, instance->values))
        {
          pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_UNSUPPORTED,
                             _("its note is not understood: Puzzlewright writes “puzzlewright "
                               "KIND key=value …”"));
          return NULL;
        }
      instance->kind = g_steal_pointer (&kind);
    }
  return g_steal_pointer (&instance);
}

const char *
pw_xcsp_instance_get_display_name (const PwXcspInstance *instance)
{
  g_return_val_if_fail (instance != NULL, NULL);
  return instance->display_name;
}

const char *
pw_xcsp_instance_get_kind (const PwXcspInstance *instance)
{
  g_return_val_if_fail (instance != NULL, NULL);
  return instance->kind;
}

const char *
pw_xcsp_instance_get_param (const PwXcspInstance *instance,
                            const char           *key)
{
  g_return_val_if_fail (instance != NULL && key != NULL, NULL);

  for (guint i = 0; i < instance->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (instance->keys, i), key))
      return g_ptr_array_index (instance->values, i);
  return NULL;
}

gboolean
pw_xcsp_instance_get_uint (const PwXcspInstance  *instance,
                           const char            *key,
                           guint                  min,
                           guint                  max,
                           guint                 *value,
                           GError               **error)
{
  const char *text;
  guint64 number;

  g_return_val_if_fail (instance != NULL && key != NULL && value != NULL, FALSE);

  text = pw_xcsp_instance_get_param (instance, key);
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, min, max, &number, NULL))
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_INVALID,
                         _("its note needs %s=N, a whole number from %u to %u"), key, min, max);
      return FALSE;
    }
  *value = number;
  return TRUE;
}

const PwXcspElement *
pw_xcsp_instance_get_root (const PwXcspInstance *instance)
{
  g_return_val_if_fail (instance != NULL, NULL);
  return instance->root;
}

const PwXcspElement *
pw_xcsp_instance_get_constraints (const PwXcspInstance *instance)
{
  g_return_val_if_fail (instance != NULL, NULL);
  return instance->constraints;
}

/* ------------------------------------------------------------------ */
/* The check against the model the kind writes                          */

/* "“x[0][] (eq,15)”", cut after a few dozen characters. */
static char *
quote_text (const char *text)
{
  g_autofree char *normal = normalise_text (text);

  if (g_utf8_strlen (normal, -1) > 48)
    {
      g_autofree char *cut = g_utf8_substring (normal, 0, 45);

      return g_strdup_printf ("“%s…”", cut);
    }
  return g_strdup_printf ("“%s”", normal);
}

static gboolean
same_attributes (const PwXcspElement *a,
                 const PwXcspElement *b)
{
  guint n_a = 0, n_b = 0;

  for (guint i = 0; a->attribute_names[i] != NULL; i++)
    {
      const char *other;

      if (g_str_equal (a->attribute_names[i], "note"))
        continue;
      n_a++;
      other = pw_xcsp_element_get_attribute (b, a->attribute_names[i]);
      if (other == NULL || !g_str_equal (other, a->attribute_values[i]))
        return FALSE;
    }
  for (guint i = 0; b->attribute_names[i] != NULL; i++)
    n_b += !g_str_equal (b->attribute_names[i], "note");
  return n_a == n_b;
}

/* The next child element (comments skipped) from *@i. */
static const PwXcspElement *
next_child (const PwXcspElement *element,
            guint               *i)
{
  while (*i < element->children->len)
    {
      const PwXcspElement *child = g_ptr_array_index (element->children, (*i)++);

      if (child->name != NULL)
        return child;
    }
  return NULL;
}

static gboolean
compare_elements (const PwXcspInstance *instance,
                  const PwXcspElement  *got,
                  const PwXcspElement  *want,
                  const char           *kind_name,
                  GError              **error)
{
  g_autofree char *got_text = normalise_text (got->text->str);
  g_autofree char *want_text = normalise_text (want->text->str);
  guint i = 0, j = 0;

  if (!g_str_equal (got->name, want->name))
    {
      pw_xcsp_set_error (error, instance, got, PW_XCSP_ERROR_UNSUPPORTED,
                         /* Translators: the model of a kind (“Sudoku”) has another element here */
                         _("not understood here: Puzzlewright’s %s model of this level has "
                           "<%s> here"), kind_name, want->name);
      return FALSE;
    }
  if (!same_attributes (got, want))
    {
      pw_xcsp_set_error (error, instance, got, PW_XCSP_ERROR_UNSUPPORTED,
                         _("its attributes are not understood: Puzzlewright’s %s model of this "
                           "level has other attributes here"), kind_name);
      return FALSE;
    }
  if (!g_str_equal (got_text, want_text))
    {
      g_autofree char *quoted = quote_text (want->text->str);

      pw_xcsp_set_error (error, instance, got, PW_XCSP_ERROR_UNSUPPORTED,
                         _("its content is not understood: Puzzlewright’s %s model of this "
                           "level has %s here"), kind_name, quoted);
      return FALSE;
    }
  for (;;)
    {
      const PwXcspElement *a = next_child (got, &i);
      const PwXcspElement *b = next_child (want, &j);

      if (a == NULL && b == NULL)
        return TRUE;
      if (a == NULL)
        {
          pw_xcsp_set_error (error, instance, got, PW_XCSP_ERROR_UNSUPPORTED,
                             _("it ends too soon: Puzzlewright’s %s model of this level has "
                               "<%s> more in it"), kind_name, b->name);
          return FALSE;
        }
      if (b == NULL)
        {
          pw_xcsp_set_error (error, instance, a, PW_XCSP_ERROR_UNSUPPORTED,
                             _("not understood here: Puzzlewright’s %s model of this level has "
                               "nothing more in <%s>"), kind_name, got->name);
          return FALSE;
        }
      if (!compare_elements (instance, a, b, kind_name, error))
        return FALSE;
    }
}

gboolean
pw_xcsp_instance_check (const PwXcspInstance  *instance,
                        PwXcspWriter          *expected,
                        const char            *kind_name,
                        GError               **error)
{
  g_return_val_if_fail (instance != NULL && expected != NULL && kind_name != NULL, FALSE);

  return compare_elements (instance, instance->variables, expected->variables, kind_name,
                           error) &&
         compare_elements (instance, instance->constraints, expected->constraints, kind_name,
                           error);
}

/* ------------------------------------------------------------------ */
/* Tokens                                                               */

static gboolean
parse_number (const char *text,
              gsize       length,
              gint64     *value)
{
  g_autofree char *copy = g_strndup (text, length);

  return length > 0 && g_ascii_string_to_signed (copy, 10, G_MININT32, G_MAXINT32, value, NULL);
}

/* One index of a reference: "", "k" or "a..b", into [*lo, *hi]; FALSE
 * when malformed or beyond @size. */
static gboolean
parse_index (const char *text,
             gsize       length,
             guint       size,
             guint      *lo,
             guint      *hi)
{
  const char *dots = g_strstr_len (text, length, "..");
  gint64 a, b;

  if (length == 0)
    {
      *lo = 0;
      *hi = size - 1;
      return size > 0;
    }
  if (dots != NULL)
    {
      if (!parse_number (text, dots - text, &a) ||
          !parse_number (dots + 2, text + length - dots - 2, &b))
        return FALSE;
    }
  else if (!parse_number (text, length, &a))
    return FALSE;
  else
    b = a;
  if (a < 0 || b < a || b >= size)
    return FALSE;
  *lo = a;
  *hi = b;
  return TRUE;
}

gboolean
pw_xcsp_read_variables (const PwXcspInstance  *instance,
                        const PwXcspElement   *element,
                        const char            *id,
                        guint                  n_dims,
                        const guint           *sizes,
                        GArray                *indices,
                        GError               **error)
{
  g_auto(GStrv) tokens = NULL;

  g_return_val_if_fail (instance != NULL && element != NULL && id != NULL, FALSE);
  g_return_val_if_fail (n_dims >= 1 && n_dims <= 3, FALSE);
  g_return_val_if_fail (indices != NULL, FALSE);

  tokens = pw_xcsp_element_get_tokens (element);
  for (guint t = 0; tokens[t] != NULL; t++)
    {
      const char *p = tokens[t];
      guint lo[3] = { 0 }, hi[3] = { 0 }, at[3];
      gboolean ok = g_str_has_prefix (p, id);
      guint d = 0;

      p += strlen (id);
      for (; ok && d < n_dims; d++)
        {
          const char *close;

          if (*p != '[' || (close = strchr (p, ']')) == NULL ||
              !parse_index (p + 1, close - p - 1, sizes[d], &lo[d], &hi[d]))
            ok = FALSE;
          else
            p = close + 1;
        }
      if (!ok || *p != '\0')
        {
          pw_xcsp_set_error (error, instance, element, PW_XCSP_ERROR_UNSUPPORTED,
                             _("“%s” is not a variable of the array %s"), tokens[t], id);
          return FALSE;
        }
      /* the slice in row-major order */
      for (d = 0; d < n_dims; d++)
        at[d] = lo[d];
      for (;;)
        {
          guint index = 0;

          for (d = 0; d < n_dims; d++)
            index = index * sizes[d] + at[d];
          g_array_append_val (indices, index);
          for (d = n_dims; d-- > 0;)
            {
              if (at[d] < hi[d])
                {
                  at[d]++;
                  break;
                }
              at[d] = lo[d];
            }
          if (d == G_MAXUINT)
            break;
        }
    }
  return TRUE;
}

gboolean
pw_xcsp_read_integers (const PwXcspInstance  *instance,
                       const PwXcspElement   *element,
                       gint64                 min,
                       gint64                 max,
                       GArray                *values,
                       GError               **error)
{
  g_auto(GStrv) tokens = NULL;

  g_return_val_if_fail (instance != NULL && element != NULL && values != NULL, FALSE);

  tokens = pw_xcsp_element_get_tokens (element);
  for (guint t = 0; tokens[t] != NULL; t++)
    {
      const char *dots = strstr (tokens[t], "..");
      gint64 a, b;

      if (dots != NULL ? !parse_number (tokens[t], dots - tokens[t], &a) ||
                         !parse_number (dots + 2, strlen (dots + 2), &b)
                       : !parse_number (tokens[t], strlen (tokens[t]), &a))
        {
          pw_xcsp_set_error (error, instance, element, PW_XCSP_ERROR_UNSUPPORTED,
                             _("“%s” is not a whole number"), tokens[t]);
          return FALSE;
        }
      if (dots == NULL)
        b = a;
      if (a < min || b > max || b < a)
        {
          /* the bounds as text: a translatable format cannot hold
           * G_GINT64_FORMAT (xgettext stops at the macro) */
          g_autofree char *low = g_strdup_printf ("%" G_GINT64_FORMAT, min);
          g_autofree char *high = g_strdup_printf ("%" G_GINT64_FORMAT, max);

          pw_xcsp_set_error (error, instance, element, PW_XCSP_ERROR_INVALID,
                             _("%s is not from %s to %s"), tokens[t], low, high);
          return FALSE;
        }
      for (gint64 v = a; v <= b; v++)
        g_array_append_val (values, v);
    }
  return TRUE;
}

gboolean
pw_xcsp_read_instantiation (const PwXcspInstance  *instance,
                            const PwXcspElement   *element,
                            const char            *id,
                            guint                  n_dims,
                            const guint           *sizes,
                            gint64                 min,
                            gint64                 max,
                            GArray                *indices,
                            GArray                *values,
                            GError               **error)
{
  const PwXcspElement *list, *numbers;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  g_return_val_if_fail (instance != NULL && element != NULL && id != NULL, FALSE);
  g_return_val_if_fail (indices != NULL && values != NULL, FALSE);

  list = pw_xcsp_element_get_child (element, "list");
  numbers = pw_xcsp_element_get_child (element, "values");
  if (list == NULL || numbers == NULL)
    {
      pw_xcsp_set_error (error, instance, element, PW_XCSP_ERROR_UNSUPPORTED,
                         _("an instantiation has a <list> and its <values>"));
      return FALSE;
    }
  if (!pw_xcsp_read_variables (instance, list, id, n_dims, sizes, indices, error) ||
      !pw_xcsp_read_integers (instance, numbers, min, max, values, error))
    return FALSE;
  if (indices->len != values->len)
    {
      pw_xcsp_set_error (error, instance, numbers, PW_XCSP_ERROR_INVALID,
                         _("%u values for %u variables"), values->len, indices->len);
      return FALSE;
    }
  for (guint i = 0; i < indices->len; i++)
    {
      guint index = g_array_index (indices, guint, i);

      if (!g_hash_table_add (seen, GUINT_TO_POINTER (index + 1)))
        {
          pw_xcsp_set_error (error, instance, list, PW_XCSP_ERROR_INVALID,
                             _("a variable of %s is listed twice"), id);
          return FALSE;
        }
    }
  return TRUE;
}

void
pw_xcsp_transition_free (PwXcspTransition *transition)
{
  if (transition == NULL)
    return;
  g_free (transition->from);
  g_free (transition->to);
  g_free (transition);
}

gboolean
pw_xcsp_read_transitions (const PwXcspInstance  *instance,
                          const PwXcspElement   *element,
                          GPtrArray             *transitions,
                          GError               **error)
{
  g_autofree char *text = NULL;
  const char *p;

  g_return_val_if_fail (instance != NULL && element != NULL && transitions != NULL, FALSE);

  text = normalise_text (element->text->str);
  for (p = text; *p != '\0';)
    {
      const char *close = strchr (p, ')');
      g_auto(GStrv) parts = NULL;
      g_autoptr(PwXcspTransition) transition = NULL;

      if (*p == ' ')
        {
          p++;
          continue;
        }
      if (*p != '(' || close == NULL)
        break;
      {
        g_autofree char *inside = g_strndup (p + 1, close - p - 1);

        parts = g_strsplit (inside, ",", -1);
      }
      transition = g_new0 (PwXcspTransition, 1);
      if (g_strv_length (parts) != 3 || parts[0][0] == '\0' || parts[2][0] == '\0' ||
          !parse_number (parts[1], strlen (parts[1]), &transition->value))
        break;
      transition->from = g_strdup (parts[0]);
      transition->to = g_strdup (parts[2]);
      g_ptr_array_add (transitions, g_steal_pointer (&transition));
      p = close + 1;
    }
  if (*p != '\0')
    {
      pw_xcsp_set_error (error, instance, element, PW_XCSP_ERROR_UNSUPPORTED,
                         _("transitions are (state,value,state) triples"));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* A level's file                                                       */

gboolean
pw_xcsp3_kind_writes (const PwKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);
  return kind->to_xcsp3 != NULL && kind->from_xcsp3 != NULL;
}

char *
pw_xcsp3_write_level (PwLevel  *level,
                      GError  **error)
{
  const PwKind *kind;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(PwXcspWriter) writer = NULL;

  g_return_val_if_fail (level != NULL, NULL);

  kind = pw_level_get_kind (level);
  if (kind == NULL || !pw_xcsp3_kind_writes (kind))
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("the kind “%s” has no XCSP3 model"), pw_level_get_kind_id (level));
      return NULL;
    }
  problems = pw_level_validate (level);
  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("the level is not valid: %s"), problem->message);
      return NULL;
    }
  writer = pw_xcsp_writer_new (kind->id);
  if (!kind->to_xcsp3 (pw_level_get_data (level), writer, error))
    return NULL;
  pw_xcsp_writer_set_param (writer, "id", "%s", pw_level_get_id (level));
  pw_xcsp_writer_set_param (writer, "name", "%s", pw_level_get_name (level));
  if (pw_level_get_notes (level)[0] != '\0')
    pw_xcsp_writer_set_param (writer, "notes", "%s", pw_level_get_notes (level));
  return pw_xcsp_writer_to_string (writer);
}

PwLevel *
pw_xcsp3_read_level (const char  *text,
                     gssize       length,
                     const char  *display_name,
                     const char  *kind_id,
                     GError     **error)
{
  g_autoptr(PwXcspInstance) instance = NULL;
  g_autoptr(PwXcspWriter) expected = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) local_error = NULL;
  const PwKind *kind;
  gpointer data;
  PwLevel *level;
  const char *value;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  instance = pw_xcsp_instance_parse (text, length, display_name, error);
  if (instance == NULL)
    return NULL;
  if (instance->kind == NULL)
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_UNSUPPORTED,
                         _("no note names a Puzzlewright kind (note=\"puzzlewright KIND …\"): "
                           "Puzzlewright reads the XCSP3 files it writes"));
      return NULL;
    }
  kind = pw_kinds_lookup (instance->kind);
  if (kind == NULL || !pw_xcsp3_kind_writes (kind))
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_UNSUPPORTED,
                         _("the note names the kind “%s”, which this Puzzlewright does not "
                           "read from XCSP3"), instance->kind);
      return NULL;
    }
  if (kind_id != NULL && !g_str_equal (kind_id, kind->id))
    {
      pw_xcsp_set_error (error, instance, instance->root, PW_XCSP_ERROR_INVALID,
                         _("the file holds a level of the kind “%s”, not “%s”"), kind->id,
                         kind_id);
      return NULL;
    }

  data = kind->from_xcsp3 (instance, error);
  if (data == NULL)
    return NULL;
  level = _pw_level_new_take_data (kind, data);
  problems = pw_level_validate (level);
  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      pw_xcsp_set_error (error, instance, instance->constraints, PW_XCSP_ERROR_INVALID,
                         _("the level it describes is not valid: %s"), problem->message);
      pw_level_unref (level);
      return NULL;
    }
  expected = pw_xcsp_writer_new (kind->id);
  if (!kind->to_xcsp3 (data, expected, &local_error))
    {
      pw_xcsp_set_error (error, instance, instance->constraints, PW_XCSP_ERROR_INVALID, "%s",
                         local_error->message);
      pw_level_unref (level);
      return NULL;
    }
  if (!pw_xcsp_instance_check (instance, expected, _(kind->name), error))
    {
      pw_level_unref (level);
      return NULL;
    }

  if ((value = pw_xcsp_instance_get_param (instance, "id")) != NULL)
    pw_level_set_id (level, value);
  if ((value = pw_xcsp_instance_get_param (instance, "name")) != NULL)
    pw_level_set_name (level, value);
  else
    {
      g_autofree char *base = g_path_get_basename (display_name);
      char *dot = strrchr (base, '.');

      if (dot != NULL && dot != base)
        *dot = '\0';
      pw_level_set_name (level, base);
    }
  if ((value = pw_xcsp_instance_get_param (instance, "notes")) != NULL)
    pw_level_set_notes (level, value);
  return level;
}

gboolean
pw_xcsp3_looks_like_xml (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (g_str_has_prefix (text, "\xef\xbb\xbf"))
    text += 3;
  while (g_ascii_isspace (*text))
    text++;
  return *text == '<';
}
