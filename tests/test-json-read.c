/* test-json-read.c — the fast strict JSON reader (pw_json_read_strict)
 * against json-glib's reading with the level-set reader's checks
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level-set reader reads strict JSON with pw_json_read_strict and
 * gives what that refuses to json-glib and its own checks, for their
 * messages. The old reading (json-glib for every text) is the reference:
 * on random texts, whole and damaged, the two readings must give the same
 * tree or the same message.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "pw-json-read.h"
#include "pw-level-set-private.h"
#include "test-util.h"

/* Whether two trees are the same: kinds, value types (a whole number is
 * not a double), values bit for bit, members in the same order. */
static gboolean
same_tree (JsonNode *a,
           JsonNode *b)
{
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (a), *y = json_node_get_object (b);
        g_autoptr(GList) kx = json_object_get_members (x);
        g_autoptr(GList) ky = json_object_get_members (y);

        if (json_node_is_immutable (a) != json_node_is_immutable (b) ||
            g_list_length (kx) != g_list_length (ky))
          return FALSE;
        for (GList *i = kx, *j = ky; i != NULL; i = i->next, j = j->next)
          if (!g_str_equal (i->data, j->data) ||
              !same_tree (json_object_get_member (x, i->data), json_object_get_member (y, j->data)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a), *y = json_node_get_array (b);

        if (json_array_get_length (x) != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (x); i++)
          if (!same_tree (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_NULL:
      return TRUE;
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (a) != json_node_get_value_type (b))
        return FALSE;
      switch (json_node_get_value_type (a))
        {
        case G_TYPE_INT64:
          return json_node_get_int (a) == json_node_get_int (b);
        case G_TYPE_DOUBLE:
          {
            double x = json_node_get_double (a), y = json_node_get_double (b);

            return memcmp (&x, &y, sizeof x) == 0;
          }
        case G_TYPE_BOOLEAN:
          return json_node_get_boolean (a) == json_node_get_boolean (b);
        case G_TYPE_STRING:
          return g_str_equal (json_node_get_string (a), json_node_get_string (b));
        default:
          return FALSE;
        }
    default:
      return FALSE;
    }
}

static void
random_space (GRand   *rand,
              GString *out)
{
  static const char space[] = " \n\r\t";

  while (g_rand_int_range (rand, 0, 3) == 0)
    g_string_append_c (out, space[g_rand_int_range (rand, 0, 4)]);
}

/* A random string's text: plain bytes, escapes, \u escapes of characters
 * and of surrogate pairs, characters of two to four bytes. */
static void
random_string (GRand   *rand,
               GString *out)
{
  static const char *const string_pieces[] = {
    "a", "Z", " ", "level", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
    "\\u00e9", "\\u4E2D", "\\uD83D\\uDE00", "\\u0041", "\\u001f", "é", "中", "😀", "'", "/",
  };

  g_string_append_c (out, '"');
  for (int n = g_rand_int_range (rand, 0, 6); n > 0; n--)
    {
      if (g_rand_int_range (rand, 0, 8) == 0)
        g_string_append_printf (out, "\\u%04X", g_rand_int_range (rand, 1, 0xD800));
      else
        g_string_append (out, string_pieces[g_rand_int_range (rand, 0,
                                                              G_N_ELEMENTS (string_pieces))]);
    }
  g_string_append_c (out, '"');
}

/* A random JSON value, @depth lists and objects deep at most; an object's
 * names are from a few, so that some are written twice. */
static void
random_value (GRand   *rand,
              GString *out,
              guint    depth)
{
  static const char *const numbers[] = {
    "0", "-0", "7", "-12", "42", "9223372036854775807", "-9223372036854775808",
    "1.5", "-0.25e10", "3E-5", "1e308", "2.2250738585072014e-308", "4.9e-324", "1.0",
    "0.1", "123456789012345678901234567890.5", "6.02214076E+23", "-1E-7", "1e-400",
  };
  static const char *const names[] = { "a", "id", "levels", "", "na\\u006de", "x" };
  int kind = g_rand_int_range (rand, 0, depth > 0 ? 8 : 6);

  random_space (rand, out);
  switch (kind)
    {
    case 0:
      random_string (rand, out);
      break;
    case 1:
      g_string_append (out, numbers[g_rand_int_range (rand, 0, G_N_ELEMENTS (numbers))]);
      break;
    case 2:
      g_string_append_printf (out, "%d", g_rand_int_range (rand, -100000, 100000));
      break;
    case 3:
      g_string_append (out, g_rand_boolean (rand) ? "true" : "false");
      break;
    case 4:
      g_string_append (out, "null");
      break;
    case 5:
      g_string_append_printf (out, "%d.%03de%d", g_rand_int_range (rand, -99, 100),
                              g_rand_int_range (rand, 0, 1000), g_rand_int_range (rand, -30, 30));
      break;
    case 6:
      g_string_append_c (out, '[');
      for (int n = g_rand_int_range (rand, 0, 5), i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          random_value (rand, out, depth - 1);
        }
      random_space (rand, out);
      g_string_append_c (out, ']');
      break;
    default:
      g_string_append_c (out, '{');
      for (int n = g_rand_int_range (rand, 0, 5), i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          random_space (rand, out);
          g_string_append_printf (out, "\"%s\"", names[g_rand_int_range (rand, 0,
                                                                       G_N_ELEMENTS (names))]);
          random_space (rand, out);
          g_string_append_c (out, ':');
          random_value (rand, out, depth - 1);
        }
      random_space (rand, out);
      g_string_append_c (out, '}');
      break;
    }
  random_space (rand, out);
}

/* @text damaged: an ASCII byte deleted or replaced, a byte a JSON text
 * is made of inserted, or the text cut short (at a character's start). */
static void
damage (GRand   *rand,
        GString *text)
{
  static const char bytes[] = "{}[],:\"\\ \n0123456789-+.eEtrufalsn/'x\x01";
  gsize at = text->len > 0 ? g_rand_int_range (rand, 0, text->len) : 0;

  /* at a character's start */
  while (at > 0 && ((guchar) text->str[at] & 0xc0) == 0x80)
    at--;
  switch (g_rand_int_range (rand, 0, 4))
    {
    case 0:
      if (at < text->len && (guchar) text->str[at] < 0x80)
        g_string_erase (text, at, 1);
      break;
    case 1:
      if (at < text->len && (guchar) text->str[at] < 0x80)
        text->str[at] = bytes[g_rand_int_range (rand, 0, sizeof bytes - 1)];
      break;
    case 2:
      g_string_insert_c (text, at, bytes[g_rand_int_range (rand, 0, sizeof bytes - 1)]);
      break;
    default:
      g_string_truncate (text, at);
      break;
    }
}

/* The fast reader gives what json-glib and the checks gave before it, on
 * random texts, whole and damaged: the same tree, or the same message. It
 * must read most whole texts itself (those without a member written twice
 * or a number out of range), and refuse every damaged one the old reading
 * refused. */
static void
test_fast_reader (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);
  guint n = test_instances (6000, 600), fast = 0, whole = 0, whole_fast = 0, refused = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      random_value (rand, text, g_rand_int_range (rand, 0, 6));
      for (guint round = 0; round < 3; round++)
        {
          g_autoptr(GError) slow_error = NULL;
          g_autoptr(GError) fast_error = NULL;
          g_autoptr(JsonNode) slow = NULL;
          g_autoptr(JsonNode) quick = NULL;
          g_autoptr(JsonNode) direct = NULL;

          if (round > 0)
            damage (rand, text);
          g_assert_true (g_utf8_validate (text->str, text->len, NULL));
          _pw_level_set_use_fast_read (FALSE);
          slow = _pw_level_set_parse_strict (text->str, text->len, "t.json", 1, 1, 0,
                                             &slow_error);
          _pw_level_set_use_fast_read (TRUE);
          quick = _pw_level_set_parse_strict (text->str, text->len, "t.json", 1, 1, 0,
                                              &fast_error);
          direct = pw_json_read_strict (text->str, text->len, PW_LEVEL_SET_MAX_DEPTH);
          if (slow == NULL)
            {
              if (quick != NULL || direct != NULL)
                g_error ("accepted what the old reading refused (%s): %s", slow_error->message,
                         text->str);
              g_assert_cmpstr (fast_error->message, ==, slow_error->message);
              refused++;
              continue;
            }
          g_assert_no_error (fast_error);
          if (!same_tree (slow, quick))
            g_error ("another tree: %s", text->str);
          if (direct != NULL)
            {
              g_assert_true (same_tree (slow, direct));
              fast++;
              whole_fast += round == 0;
            }
          whole += round == 0;
        }
    }
  g_test_message ("%u whole texts read, %u of them by the fast reader; %u texts read fast in "
                  "all, %u refused", whole, whole_fast, fast, refused);
  /* most whole texts are read fast; the damage was often refused */
  g_assert_cmpuint (whole_fast, >, whole / 2);
  g_assert_cmpuint (refused, >, n / 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/json-read/same-as-json-glib", test_fast_reader);

  return g_test_run ();
}
