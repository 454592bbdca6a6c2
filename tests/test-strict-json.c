/* test-strict-json.c — the level-set reader takes strict JSON only
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib reads more than JSON and cuts strings at "\u0000"; the reader
 * checks every token first. Random numbers and strings are checked against
 * plain second readings: a GRegex of RFC 8259's number grammar with a
 * digit-by-digit range check, and strings built from pieces whose decoding
 * is known.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzlewright.h"
#include "test-util.h"

#define SET_HEAD "{ \"format\" : \"puzzlewright-level-set\", \"version\" : 1, "

/* RFC 8259: number = [ minus ] int [ frac ] [ exp ] */
static gboolean
reference_is_number (const char *text)
{
  static GRegex *regex;

  if (regex == NULL)
    regex = g_regex_new ("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$", 0, 0, NULL);
  return g_regex_match (regex, text, 0, NULL);
}

/* A whole number of the grammar fits in 64 bits: compare the digits. */
static gboolean
reference_fits_int64 (const char *text)
{
  gboolean negative = text[0] == '-';
  const char *digits = negative ? text + 1 : text;
  const char *limit = negative ? "9223372036854775808" : "9223372036854775807";

  if (strlen (digits) != strlen (limit))
    return strlen (digits) < strlen (limit);
  return strcmp (digits, limit) <= 0;
}

/* A number as the random generator makes it: mostly grammatical, then
 * perhaps damaged by a character inserted, deleted or replaced. */
static char *
random_number (GRand *rand)
{
  static const char alphabet[] = "0123456789-+.eEx";
  GString *s = g_string_new (NULL);

  if (g_rand_boolean (rand))
    g_string_append_c (s, '-');
  if (g_rand_int_range (rand, 0, 4) == 0)
    g_string_append_c (s, '0');
  else
    {
      int n = g_rand_int_range (rand, 1, 22);

      g_string_append_c (s, '1' + g_rand_int_range (rand, 0, 9));
      for (int i = 1; i < n; i++)
        g_string_append_c (s, '0' + g_rand_int_range (rand, 0, 10));
    }
  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      int n = g_rand_int_range (rand, 1, 6);

      g_string_append_c (s, '.');
      for (int i = 0; i < n; i++)
        g_string_append_c (s, '0' + g_rand_int_range (rand, 0, 10));
    }
  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      g_string_append_c (s, g_rand_boolean (rand) ? 'e' : 'E');
      if (g_rand_boolean (rand))
        g_string_append_c (s, g_rand_boolean (rand) ? '+' : '-');
      g_string_append_printf (s, "%d", g_rand_int_range (rand, 0, 400));
    }
  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:
      g_string_insert_c (s, g_rand_int_range (rand, 0, s->len + 1),
                         alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]);
      break;
    case 1:
      if (s->len > 1)
        g_string_erase (s, g_rand_int_range (rand, 0, s->len), 1);
      break;
    case 2:
      s->str[g_rand_int_range (rand, 0, s->len)] =
        alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      break;
    default:
      break;
    }
  return g_string_free (s, FALSE);
}

static void
test_numbers (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1601);
  guint loaded = 0, out_of_range = 0, refused = 0;

  for (guint round = 0; round < 20000; round++)
    {
      g_autofree char *number = random_number (rand);
      g_autofree char *text = g_strdup_printf (SET_HEAD "\"levels\" : [ { \"kind\" : "
                                               "\"future-kind\", \"payload\" : [ %s ] } ] }",
                                               number);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (text, -1, "n.json", &error);
      gboolean grammatical = reference_is_number (number);
      gboolean whole = grammatical && strpbrk (number, ".eE") == NULL;

      if (!grammatical)
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_SYNTAX);
          refused++;
        }
      else if (whole ? !reference_fits_int64 (number) : isinf (strtod (number, NULL)))
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "out of range"));
          out_of_range++;
        }
      else
        {
          JsonNode *payload;
          JsonNode *value;

          g_assert_no_error (error);
          payload = pw_level_get_unknown_payload (pw_level_set_get_level (set, 0));
          value = json_array_get_element (json_node_get_array (payload), 0);
          if (whole)
            g_assert_cmpint (json_node_get_int (value), ==, g_ascii_strtoll (number, NULL, 10));
          else
            {
              double expected = strtod (number, NULL);

              g_assert_cmpfloat_with_epsilon (json_node_get_double (value), expected,
                                              fabs (expected) * 1e-12 + 1e-300);
            }
          loaded++;
        }
    }
  g_test_message ("%u loaded, %u out of range, %u refused", loaded, out_of_range, refused);
  /* the generator reaches every outcome often */
  g_assert_cmpuint (loaded, >, 2000);
  g_assert_cmpuint (out_of_range, >, 500);
  g_assert_cmpuint (refused, >, 2000);
}

/* A piece of a JSON string: its text in the file, what it decodes to, and
 * whether the reader refuses it as not JSON or as a NUL. */
typedef struct
{
  const char *json;
  const char *decoded;
  enum { PIECE_OK, PIECE_SYNTAX, PIECE_NUL, PIECE_HALF } verdict;
} Piece;

static const Piece pieces[] = {
  { "abc", "abc", PIECE_OK },
  { "é✓", "é✓", PIECE_OK },
  { "\\n", "\n", PIECE_OK },
  { "\\t", "\t", PIECE_OK },
  { "\\\"", "\"", PIECE_OK },
  { "\\/", "/", PIECE_OK },
  { "\\\\", "\\", PIECE_OK },
  { "\\\\u0000", "\\u0000", PIECE_OK },     /* a backslash, then text */
  { "u0000", "u0000", PIECE_OK },
  { "\\u0041", "A", PIECE_OK },
  { "\\u00e9", "é", PIECE_OK },
  { "\\u0001", "\001", PIECE_OK },
  { "\\ud83d\\ude00", "\xf0\x9f\x98\x80", PIECE_OK },   /* a surrogate pair: U+1F600 */
  { "\\u0000", NULL, PIECE_NUL },
  { "\\x41", NULL, PIECE_SYNTAX },
  { "\\u00g1", NULL, PIECE_SYNTAX },
  { "\t", NULL, PIECE_SYNTAX },
  { "\n", NULL, PIECE_SYNTAX },
  { "\001", NULL, PIECE_SYNTAX },
  /* halves of a pair alone (the letter keeps a first half from meeting a
   * second in the next piece) */
  { "\\ud83dx", NULL, PIECE_HALF },
  { "\\ude00", NULL, PIECE_HALF },
  { "\\udbff\\u0041", NULL, PIECE_HALF },
};

static void
test_strings (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1602);
  guint loaded = 0, nul = 0, syntax = 0, half = 0;

  for (guint round = 0; round < 5000; round++)
    {
      g_autoptr(GString) json = g_string_new (NULL);
      g_autoptr(GString) decoded = g_string_new (NULL);
      int verdict = PIECE_OK;   /* the first bad piece's */
      int n = g_rand_int_range (rand, 0, 5);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = NULL;

      for (int i = 0; i < n; i++)
        {
          /* the good pieces twice as often */
          const Piece *piece = &pieces[g_rand_boolean (rand)
                                         ? g_rand_int_range (rand, 0, 13)
                                         : g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))];

          g_string_append (json, piece->json);
          if (piece->decoded != NULL)
            g_string_append (decoded, piece->decoded);
          if (verdict == PIECE_OK)
            verdict = piece->verdict;
        }
      text = g_strdup_printf (SET_HEAD "\"title\" : \"%s\", \"levels\" : [] }", json->str);
      set = pw_level_set_load_from_data (text, -1, "s.json", &error);
      if (verdict == PIECE_SYNTAX)
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_SYNTAX);
          syntax++;
        }
      else if (verdict == PIECE_NUL)
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "\\u0000"));
          nul++;
        }
      else if (verdict == PIECE_HALF)
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "surrogate pair"));
          g_assert_nonnull (strstr (error->message, "s.json: line 1"));
          half++;
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpstr (pw_level_set_get_title (set), ==, decoded->str);
          loaded++;
        }
    }
  g_test_message ("%u loaded, %u with NUL, %u with half a surrogate pair, %u not JSON", loaded,
                  nul, half, syntax);
  g_assert_cmpuint (half, >, 300);
  g_assert_cmpuint (loaded, >, 500);
  g_assert_cmpuint (nul, >, 100);
  g_assert_cmpuint (syntax, >, 500);
}

/* What json-glib would take but JSON does not, outside strings. */
static void
test_not_json (void)
{
  static const struct { const char *member; const char *says; } cases[] = {
    { "\"title\" : 'x', ", "double quotes" },
    { "/* c */ ", "no comments" },
    { "// c\n", "no comments" },
    { "\"title\" : True, ", "“True” is not JSON" },
    { "\"title\" : Infinity, ", "“Infinity” is not JSON" },
    { "\"title\" : +1, ", "unexpected character “+”" },
    { "\"title\" : .5, ", "unexpected character “.”" },
    { "\"title\" : 1., ", "“1.” is not a JSON number" },
    { "\"title\" : 0x10, ", "“0x10” is not a JSON number" },
    { "\"title\" : 1e, ", "“1e” is not a JSON number" },
    { "\"title\" : 00, ", "a number may not start with 0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (SET_HEAD "%s\"levels\" : [] }", cases[i].member);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (text, -1, "j.json", &error);

      g_assert_null (set);
      g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_SYNTAX);
      if (strstr (error->message, cases[i].says) == NULL)
        g_error ("%s: “%s” should say “%s”", text, error->message, cases[i].says);
    }
}

/* The limits of 64-bit whole numbers load; one past them does not. */
static void
test_int64_limits (void)
{
  static const struct { const char *number; gboolean loads; } cases[] = {
    { "9223372036854775807", TRUE },
    { "-9223372036854775808", TRUE },
    { "9223372036854775808", FALSE },
    { "-9223372036854775809", FALSE },
    { "18446744073709551616", FALSE },
    { "-0", TRUE },
    { "1e308", TRUE },
    { "1e309", FALSE },
    { "-1e309", FALSE },
    { "1e-400", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (SET_HEAD "\"levels\" : [ { \"kind\" : \"future\", "
                                               "\"payload\" : %s } ] }", cases[i].number);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (text, -1, "i.json", &error);

      if (cases[i].loads)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "out of range"));
        }
    }
}

/* A name may repeat in different objects, never within one. */
static void
test_duplicate_members (void)
{
  static const struct { const char *payload; gboolean loads; } cases[] = {
    { "{ \"a\" : 1, \"b\" : { \"a\" : 2 }, \"c\" : [ { \"a\" : 3 }, { \"a\" : 4 } ] }", TRUE },
    { "{ \"a\" : 1, \"a\" : 1 }", FALSE },
    { "[ { \"a\" : 1 }, { \"b\" : 1, \"a\" : 2, \"b\" : 3 } ]", FALSE },
    { "{ \"a\" : { }, \"\\u0061\" : 1 }", FALSE },
    /* the first of the two holds members of its own, all dropped */
    { "{ \"a\" : { \"x\" : { \"y\" : 1 }, \"z\" : [ { } ] }, \"a\" : 2 }", FALSE },
    { "[ [ [ { \"q\" : 1, \"r\" : 2, \"q\" : 3 } ] ] ]", FALSE },
    /* colons inside strings are no members */
    { "{ \"a:b\" : \"c:d\", \"e\" : \":\", \"f\" : [ \"::\", { \"g\" : \"h:\" } ] }", TRUE },
    { "{ \"a\" : 1, \"A\" : 2, \"a \" : 3 }", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (SET_HEAD "\"levels\" : [ { \"kind\" : \"future\", "
                                               "\"payload\" : %s } ] }", cases[i].payload);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (text, -1, "d.json", &error);

      if (cases[i].loads)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "written twice"));
        }
    }
}

/* Every control character a name or title may hold is written as JSON
 * allows and reads back the same (json-glib wrote U+001F raw). */
static void
test_control_characters_saved (void)
{
  g_autoptr(GString) text = g_string_new ("x");
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(PwLevel) level = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;

  for (int c = 1; c < 0x20; c++)
    g_string_append_c (text, c);
  g_string_append (text, "\x7f\xc2\x80\xc2\x9f y");
  level = pw_level_new_from_text ("slide", "#####\n#r.R#\n#####\n", &error);
  g_assert_no_error (error);
  pw_level_set_name (level, text->str);
  pw_level_set_notes (level, text->str);
  pw_level_set_append (set, level);
  pw_level_set_set_title (set, text->str);

  saved = pw_level_set_to_data (set, NULL);
  g_assert_null (memchr (saved, '\x1f', strlen (saved)));
  back = pw_level_set_load_from_data (saved, -1, "c.json", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (pw_level_set_get_title (back), ==, text->str);
  g_assert_cmpstr (pw_level_get_name (pw_level_set_get_level (back, 0)), ==, text->str);
  g_assert_cmpstr (pw_level_get_notes (pw_level_set_get_level (back, 0)), ==, text->str);
}

/* Numbers of every size in a level kept as it was read (a kind's payload
 * the program does not know) are written as JSON and read back the same:
 * json-glib wrote a double with an exponent and ".0" after it
 * ("1e+308.0"), which the reader refused (found by fuzz-level-set and
 * fuzz-playtest-import). pw_json_to_text writes them. */
static void
test_numbers_saved (void)
{
  static const double values[] = { 1e308, -1e300, 1e21, 1e20, 1e17, 1e16, 1e15, 1.5e-10,
                                    5e-324, 2.0, 0.1, -0.0, 123456789012345678.0, 1e-7 };
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *again = NULL;
  g_autoptr(PwLevelSet) set = NULL;
  g_autoptr(PwLevelSet) back = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *read;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (list, "%s%s", i ? ", " : "",
                              g_ascii_dtostr (buffer, sizeof buffer, values[i]));
    }
  text = g_strdup_printf (SET_HEAD "\"levels\" : [ { \"kind\" : \"no-such-kind\", "
                          "\"payload\" : { \"numbers\" : [%s] } } ] }", list->str);
  set = pw_level_set_load_from_data (text, -1, "n.json", &error);
  g_assert_no_error (error);
  saved = pw_level_set_to_data (set, NULL);
  g_assert_null (strstr (saved, "e+308.0"));
  back = pw_level_set_load_from_data (saved, -1, "saved.json", &error);
  g_assert_no_error (error);
  again = pw_level_set_to_data (back, NULL);
  g_assert_cmpstr (again, ==, saved);
  read = json_object_get_array_member (
    json_node_get_object (pw_level_get_unknown_payload (pw_level_set_get_level (back, 0))),
    "numbers");
  g_assert_cmpuint (json_array_get_length (read), ==, G_N_ELEMENTS (values));
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      JsonNode *node = json_array_get_element (read, i);
      double got = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64
                   ? (double) json_node_get_int (node) : json_node_get_double (node);

      g_assert_cmpfloat (got, ==, values[i]);
    }
}

/* A device or pipe has no size to check first; an endless one is read up
 * to the limit and refused, not until memory runs out. */
static void
test_endless_file (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/zero");
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  set = pw_level_set_load (file, NULL, &error);
  g_assert_null (set);
  g_assert_error (error, PW_LEVEL_SET_ERROR, PW_LEVEL_SET_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "/dev/zero: "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/strict-json/numbers", test_numbers);
  g_test_add_func ("/io/strict-json/strings", test_strings);
  g_test_add_func ("/io/strict-json/not-json", test_not_json);
  g_test_add_func ("/io/strict-json/int64-limits", test_int64_limits);
  g_test_add_func ("/io/strict-json/duplicate-members", test_duplicate_members);
  g_test_add_func ("/io/strict-json/endless-file", test_endless_file);
  g_test_add_func ("/io/strict-json/control-characters-saved", test_control_characters_saved);
  g_test_add_func ("/io/strict-json/numbers-saved", test_numbers_saved);

  return g_test_run ();
}
