/* test-xcsp3.c — XCSP3 files: every kind's round trip, and the files
 * refused with their line and element
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * That the files mean what the levels mean (the same solutions) is checked
 * by tests/xcsp3-check.py, an independent reader on z3.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "test-util.h"

/* The kinds whose rules are constraints: exactly these write XCSP3. */
static const char * const constraint_kinds[] = {
  "sudoku", "latin", "futoshiki", "magic", "queens", "star-battle", "nonogram",
  "knights-tour", "combination",
};

/* Levels of every kind with the forms the generators do not make: jigsaw
 * and Sudoku X, clashing givens, futoshiki signs both ways, blocked cells
 * and given queens, two stars, nonograms of clues alone, of a picture
 * alone and of both, closed tours and blocked cells, every combination
 * piece, and notes that need quoting. */
static const char variety[] =
  "{ \"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": [\n"
  "{ \"id\": \"s1\", \"name\": \"Jigsaw X\", \"kind\": \"sudoku\", \"notes\": \"a \\\"quoted\\\" "
  "note\\non two lines \\\\ with a backslash\",\n"
  "  \"payload\": { \"size\": 4, \"diagonals\": true, \"regions\": [\"1122\", \"1122\", "
  "\"3344\", \"3344\"], \"grid\": [\"1...\", \"....\", \"....\", \"...4\"] } },\n"
  "{ \"id\": \"s2\", \"name\": \"Clash\", \"kind\": \"sudoku\",\n"
  "  \"payload\": { \"size\": 6, \"box_rows\": 2, \"box_columns\": 3, \"diagonals\": false, "
  "\"grid\": [\"11....\", \"......\", \"......\", \"......\", \"......\", \"......\"] } },\n"
  "{ \"id\": \"s3\", \"name\": \"Irregular\", \"kind\": \"sudoku\",\n"
  "  \"payload\": { \"size\": 5, \"diagonals\": false, \"regions\": [\"11122\", \"11222\", "
  "\"33344\", \"35444\", \"35555\"], \"grid\": [\".....\", \"..3..\", \".....\", \".....\", "
  "\"....1\"] } },\n"
  "{ \"id\": \"l1\", \"name\": \"Wide\", \"kind\": \"latin\",\n"
  "  \"payload\": { \"size\": 10, \"grid\": [\"1 . . . . . . . . 10\", \". . . . . . . . . .\", "
  "\". . . . . . . . . .\", \". . . . . . . . . .\", \". . . . . . . . . .\", "
  "\". . . . . . . . . .\", \". . . . . . . . . .\", \". . . . . . . . . .\", "
  "\". . . . . . . . . .\", \"10 . . . . . . . . 1\"] } },\n"
  "{ \"id\": \"f1\", \"name\": \"Signs\", \"kind\": \"futoshiki\",\n"
  "  \"payload\": { \"size\": 4, \"grid\": [\"....\", \".2..\", \"....\", \"....\"], "
  "\"less_than\": [[0, 0, 1, 0], [2, 1, 1, 1], [3, 3, 3, 2], [0, 2, 0, 3]] } },\n"
  "{ \"id\": \"f2\", \"name\": \"No signs\", \"kind\": \"futoshiki\",\n"
  "  \"payload\": { \"size\": 3, \"grid\": [\"...\", \"...\", \"...\"], \"less_than\": [] } },\n"
  "{ \"id\": \"m1\", \"name\": \"Empty 4\", \"kind\": \"magic\",\n"
  "  \"payload\": { \"size\": 4, \"grid\": [\". . . .\", \". . . .\", \". . . .\", "
  "\". . . .\"] } },\n"
  "{ \"id\": \"m2\", \"name\": \"Givens 5\", \"kind\": \"magic\",\n"
  "  \"payload\": { \"size\": 5, \"grid\": [\"17 . . . 15\", \". . . . .\", \". . 13 . .\", "
  "\". . . . .\", \"11 . . . 9\"] } },\n"
  "{ \"id\": \"q1\", \"name\": \"Marks\", \"kind\": \"queens\",\n"
  "  \"payload\": { \"grid\": [\".Q....\", \"......\", \"x....x\", \"......\", \"..x...\", "
  "\"......\"] } },\n"
  "{ \"id\": \"q2\", \"name\": \"Plain\", \"kind\": \"queens\",\n"
  "  \"payload\": { \"grid\": [\"....\", \"....\", \"....\", \"....\"] } },\n"
  "{ \"id\": \"b1\", \"name\": \"Two stars\", \"kind\": \"star-battle\",\n"
  "  \"payload\": { \"stars\": 2, \"regions\": [\"AAAABBBB\", \"AAAABBBB\", \"CCCCDDDD\", "
  "\"CCCCDDDD\", \"EEEEFFFF\", \"EEEEFFFF\", \"GGGGHHHH\", \"GGGGHHHH\"], \"grid\": [\"*.......\", "
  "\"........\", \"...x....\", \"........\", \"........\", \"........\", \"........\", "
  "\".......x\"] } },\n"
  "{ \"id\": \"b2\", \"name\": \"One star\", \"kind\": \"star-battle\",\n"
  "  \"payload\": { \"stars\": 1, \"regions\": [\"AABBB\", \"AABBB\", \"CCCBB\", \"DDBBE\", "
  "\"DDDBE\"], \"grid\": [\".....\", \".....\", \".....\", \".....\", \".....\"] } },\n"
  "{ \"id\": \"n1\", \"name\": \"Clues\", \"kind\": \"nonogram\",\n"
  "  \"payload\": { \"width\": 4, \"height\": 3, \"rows\": [[2, 1], [], [4]], "
  "\"columns\": [[1], [1], [2], [2]] } },\n"
  "{ \"id\": \"n2\", \"name\": \"Picture\", \"kind\": \"nonogram\",\n"
  "  \"payload\": { \"width\": 5, \"height\": 2, \"grid\": [\"#.#.#\", \".###.\"] } },\n"
  "{ \"id\": \"n3\", \"name\": \"Both\", \"kind\": \"nonogram\",\n"
  "  \"payload\": { \"width\": 3, \"height\": 3, \"grid\": [\"##.\", \"...\", \".##\"], "
  "\"rows\": [[2], [], [2]], \"columns\": [[1], [1, 1], [1]] } },\n"
  "{ \"id\": \"n4\", \"name\": \"Blank\", \"kind\": \"nonogram\",\n"
  "  \"payload\": { \"width\": 1, \"height\": 1, \"grid\": [\".\"] } },\n"
  "{ \"id\": \"k1\", \"name\": \"Closed\", \"kind\": \"knights-tour\",\n"
  "  \"payload\": { \"closed\": true, \"grid\": [\"1 . . . . .\", \". . . . . .\", "
  "\". . . . . .\", \". . . . . .\", \". . . . . 30\"] } },\n"
  "{ \"id\": \"k2\", \"name\": \"Blocked\", \"kind\": \"knights-tour\",\n"
  "  \"payload\": { \"closed\": false, \"grid\": [\". . .\", \". x .\", \". . 8\"] } },\n"
  "{ \"id\": \"c1\", \"name\": \"Pieces\", \"kind\": \"combination\",\n"
  "  \"payload\": { \"grid\": [\"..#.\", \".o..\", \"....\"], \"pieces\": [ "
  "{ \"count\": 2, \"colour\": \"red\", \"attack\": \"orthogonal\" }, "
  "{ \"count\": 1, \"colour\": \"blue\", \"attack\": \"diagonal\" }, "
  "{ \"count\": 1, \"colour\": \"red\", \"attack\": \"both\" } ] } }\n"
  "] }\n";

static PwLevelSet *
variety_set (void)
{
  g_autoptr(GError) error = NULL;
  PwLevelSet *set = pw_level_set_load_from_data (variety, -1, "variety.json", &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

/* Writes @level, reads the file back and checks it is the same level
 * (content, id, name, notes), and that writing that gives the same file;
 * returns the file. */
static char *
round_trip (PwLevel *level)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = pw_xcsp3_write_level (level, &error);
  g_autoptr(PwLevel) back = NULL;
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (text);
  back = pw_xcsp3_read_level (text, -1, "level.xml", NULL, &error);
  if (back == NULL)
    g_test_message ("%s\n%s", error->message, text);
  g_assert_no_error (error);
  g_assert_cmpstr (pw_level_get_kind_id (back), ==, pw_level_get_kind_id (level));
  g_assert_true (pw_level_same_content (back, level));
  g_assert_cmpstr (pw_level_get_id (back), ==, pw_level_get_id (level));
  g_assert_cmpstr (pw_level_get_name (back), ==, pw_level_get_name (level));
  g_assert_cmpstr (pw_level_get_notes (back), ==, pw_level_get_notes (level));
  again = pw_xcsp3_write_level (back, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, text);
  return g_steal_pointer (&text);
}

/* The kinds that write XCSP3 are exactly those whose rules are
 * constraints. */
static void
test_kinds (void)
{
  const PwKind * const *kinds;
  guint n_kinds, writers = 0;

  kinds = pw_kinds_list (&n_kinds);
  for (guint k = 0; k < n_kinds; k++)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (constraint_kinds); i++)
        listed |= g_str_equal (kinds[k]->id, constraint_kinds[i]);
      g_assert_cmpint (pw_xcsp3_kind_writes (kinds[k]), ==, listed);
      writers += listed;
    }
  g_assert_cmpuint (writers, ==, G_N_ELEMENTS (constraint_kinds));
}

/* Every level of the variety set comes back the same, and the files are
 * what a reader expects of XCSP3. */
static void
test_round_trip_variety (void)
{
  g_autoptr(PwLevelSet) set = variety_set ();
  g_autoptr(GHashTable) kinds_seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autofree char *text = round_trip (level);

      g_assert_true (g_str_has_prefix (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<instance format=\"XCSP3\" type=\"CSP\""));
      g_assert_nonnull (strstr (text, "<variables>"));
      g_assert_nonnull (strstr (text, "<constraints>"));
      g_hash_table_add (kinds_seen, (gpointer) pw_level_get_kind_id (level));
    }
  g_assert_cmpuint (g_hash_table_size (kinds_seen), ==, G_N_ELEMENTS (constraint_kinds));
}

/* The forms each kind's model uses: nonogram lines as <regular>, magic
 * lines as <sum>, the givens as <instantiation>, … */
static void
test_standard_forms (void)
{
  g_autoptr(PwLevelSet) set = variety_set ();
  static const struct
  {
    const char *id;
    const char *forms[4];
  } expected[] = {
    { "s1", { "<instantiation", "<allDifferent>", "<group", NULL } },
    { "f1", { "<instantiation", "<allDifferent>", "<intension", NULL } },
    { "m2", { "<instantiation", "<allDifferent>", "<sum>", "(eq,65)" } },
    { "n1", { "<regular", "<transitions>", "<final>", NULL } },
    { "k1", { "<instantiation", "<allDifferent>", "<extension", "<supports>" } },
  };

  for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
    for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
      {
        PwLevel *level = pw_level_set_get_level (set, i);
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;

        if (!g_str_equal (pw_level_get_id (level), expected[e].id))
          continue;
        text = pw_xcsp3_write_level (level, &error);
        g_assert_no_error (error);
        for (guint f = 0; f < G_N_ELEMENTS (expected[e].forms) && expected[e].forms[f]; f++)
          {
            if (strstr (text, expected[e].forms[f]) == NULL)
              g_test_message ("%s has no %s:\n%s", expected[e].id, expected[e].forms[f], text);
            g_assert_nonnull (strstr (text, expected[e].forms[f]));
          }
      }
}

typedef struct
{
  GPtrArray *levels;
  guint      wanted;
} Collected;

static gboolean
collect (gpointer data,
         double   difficulty,
         gpointer user_data)
{
  Collected *c = user_data;

  g_ptr_array_add (c->levels, data);
  return c->levels->len < c->wanted;
}

/* Levels of @kind_id from its generator with @seed and the parameters
 * given as name, value pairs, as they are once saved in a set and loaded
 * (a generator's jigsaw regions, for one, are numbered in the order of
 * their first cells only then). */
static PwLevelSet *
generate (const char *kind_id,
          guint64     seed,
          guint       wanted,
          ...)
{
  const PwKind *kind = pw_kinds_lookup (kind_id);
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) data = g_ptr_array_new ();
  Collected c = { data, wanted };
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autofree char *saved = NULL;
  gsize length;
  PwLevelSet *loaded;
  va_list args;

  va_start (args, wanted);
  for (const char *name = va_arg (args, const char *); name != NULL;
       name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_nonnull (kind);
  g_assert_true (kind->generate (params, seed, 0, collect, NULL, &c, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < data->len; i++)
    {
      PwLevel *level = _pw_level_new_take_data (kind, g_ptr_array_index (data, i));
      g_autofree char *name = g_strdup_printf ("%s %" G_GUINT64_FORMAT "/%u", kind_id, seed, i);

      pw_level_set_name (level, name);
      pw_level_set_append (set, level);
      pw_level_unref (level);
    }
  saved = pw_level_set_to_data (set, &length);
  loaded = pw_level_set_load_from_data (saved, length, "generated.json", &error);
  g_assert_no_error (error);
  return loaded;
}

/* Generated levels of every kind, many seeds and shapes, come back the
 * same. */
static void
test_round_trip_generated (void)
{
  static const struct
  {
    const char *kind;
    const char *params[6];
  } shapes[] = {
    { "sudoku", { "size", "4", NULL } },
    { "sudoku", { "size", "9", NULL } },
    { "sudoku", { "size", "6", "regions", "jigsaw", NULL } },
    { "sudoku", { "size", "4", "diagonals", "true", NULL } },
    { "latin", { "size", "5", NULL } },
    { "futoshiki", { "size", "5", NULL } },
    { "magic", { "size", "3", "solutions", "8", NULL } },
    { "magic", { "size", "4", NULL } },
    { "queens", { "size", "6", "clues", "mixed", NULL } },
    { "queens", { "size", "8", "clues", "blocked", NULL } },
    { "star-battle", { "size", "6", NULL } },
    { "star-battle", { "size", "8", "stars", "2", NULL } },
    { "nonogram", { "size", "7x4", NULL } },
    { "nonogram", { "size", "12x12", "density", "0.3", NULL } },
    { "knights-tour", { "size", "5x5", NULL } },
    { "knights-tour", { "size", "6x5", "closed", "true", NULL } },
    { "knights-tour", { "size", "5x6", "blocked", "2", NULL } },
    { "combination", { "size", "4x4", NULL } },
  };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(PwLevelSet) levels = generate (shapes[s].kind, seed, 2, shapes[s].params[0],
                                                shapes[s].params[1], shapes[s].params[2],
                                                shapes[s].params[3], shapes[s].params[4],
                                                shapes[s].params[5], NULL);

        g_assert_cmpuint (pw_level_set_get_n_levels (levels), >, 0);
        for (guint i = 0; i < pw_level_set_get_n_levels (levels); i++)
          g_free (round_trip (pw_level_set_get_level (levels, i)));
      }
}

/* A kind whose rules are not constraints is refused, naming it. */
static void
test_unsupported_kind (void)
{
  g_autoptr(PwLevel) level = pw_level_new (pw_kinds_lookup ("slide"));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = pw_xcsp3_write_level (level, &error);

  g_assert_null (text);
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "slide"));
}

/* A knight's tour whose givens clash has no step variables to say so:
 * refused, naming the step (a valid level, with no solution). */
static void
test_knight_clash (void)
{
  static const char clash[] =
    "{ \"format\": \"puzzlewright-level-set\", \"version\": 1, \"levels\": [\n"
    "{ \"id\": \"a\", \"name\": \"Twice\", \"kind\": \"knights-tour\",\n"
    "  \"payload\": { \"closed\": false, \"grid\": [\"3 . .\", \". . .\", \". . 3\", "
    "\". . .\"] } },\n"
    "{ \"id\": \"b\", \"name\": \"Past\", \"kind\": \"knights-tour\",\n"
    "  \"payload\": { \"closed\": false, \"grid\": [\"x . .\", \". . .\", \". . 12\", "
    "\". . .\"] } } ] }\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load_from_data (clash, -1, "clash.json", &error);
  const char *expected[] = { "step 3 is given twice", "step 12 is given on a board of 11 free" };

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(GPtrArray) problems = pw_level_validate (level);
      g_autoptr(GError) write_error = NULL;
      g_autofree char *text = pw_xcsp3_write_level (level, &write_error);

      g_assert_cmpuint (problems->len, ==, 0);
      g_assert_null (text);
      g_assert_error (write_error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (write_error->message, expected[i]));
    }
}

/* The line (1-based) of @text on which @needle starts. */
static int
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* @text with the first @from replaced by @to. */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* A file changed in one place is refused with the line and element of
 * that place; a file of another kind than the one asked for too. */
static void
test_refused (void)
{
  g_autoptr(PwLevelSet) set = variety_set ();
  PwLevel *magic = NULL, *nonogram = NULL;
  g_autofree char *magic_text = NULL;
  g_autofree char *nonogram_text = NULL;
  struct
  {
    char       **text;
    const char  *from;
    const char  *to;
    const char  *at;       /* where the line is counted, in the changed file */
    const char  *element;  /* in the message */
    int          code;
  } cases[] = {
    /* outside the subset */
    { &magic_text, "<allDifferent>", "<allEqual>", "<allEqual>", "<allEqual>",
      PW_XCSP_ERROR_UNSUPPORTED },
    { &magic_text, "<allDifferent>", "<allDifferent case=\"1\">", "<allDifferent", "<allDifferent>",
      PW_XCSP_ERROR_UNSUPPORTED },
    { &magic_text, "type=\"CSP\"", "type=\"COP\"", "<instance", "<instance>",
      PW_XCSP_ERROR_UNSUPPORTED },
    /* the subset, but not the model of the level */
    { &magic_text, "(eq,65)", "(le,65)", "(le,65)", "<condition>", PW_XCSP_ERROR_UNSUPPORTED },
    { &magic_text, "<allDifferent> x[][] </allDifferent>", "", "<group", "<group>",
      PW_XCSP_ERROR_UNSUPPORTED },
    /* the clue read from this automaton is not the one its transitions
     * say: they are the first element that differs */
    { &nonogram_text, "<start> q0 </start>", "<start> q1 </start>", "<transitions>",
      "<transitions>", PW_XCSP_ERROR_UNSUPPORTED },
    { &nonogram_text, "(q0,1,q1)", "(q0,1,q2)", "<transitions>", "<transitions>",
      PW_XCSP_ERROR_UNSUPPORTED },
    /* values out of range */
    { &magic_text, "<values> 17 15 13 11 9 </values>", "<values> 17 15 13 11 99 </values>",
      "<values> 17", "<values>", PW_XCSP_ERROR_INVALID },
    /* no Puzzlewright note */
    { &magic_text, "note=\"puzzlewright magic", "note=\"somebody magic", "<instance",
      "<instance>", PW_XCSP_ERROR_UNSUPPORTED },
    { &magic_text, "note=\"puzzlewright magic", "note=\"puzzlewright rubik", "<instance",
      "rubik", PW_XCSP_ERROR_UNSUPPORTED },
  };

  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);

      if (g_str_equal (pw_level_get_id (level), "m2"))
        magic = level;
      if (g_str_equal (pw_level_get_id (level), "n1"))
        nonogram = level;
    }
  magic_text = round_trip (magic);
  nonogram_text = round_trip (nonogram);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *bad = replace_once (*cases[c].text, cases[c].from, cases[c].to);
      g_autofree char *where = g_strdup_printf ("bad.xml: line %d: ",
                                                line_of (bad, cases[c].at));
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = pw_xcsp3_read_level (bad, -1, "bad.xml", NULL, &error);

      g_assert_null (level);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", c, error->message);
      g_assert_error (error, PW_XCSP_ERROR, cases[c].code);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, cases[c].element));
    }

  /* the kind asked for is not the file's */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(PwLevel) level = pw_xcsp3_read_level (magic_text, -1, "m.xml", "latin", &error);

    g_assert_null (level);
    g_assert_error (error, PW_XCSP_ERROR, PW_XCSP_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, "m.xml: line 2: <instance>"));
    g_assert_nonnull (strstr (error->message, "magic"));
  }
}

/* Files that are not XCSP3 at all, or not XML, are refused with a line
 * where there is one. */
static void
test_refused_syntax (void)
{
  static const struct
  {
    const char *text;
    const char *prefix;
  } cases[] = {
    { "", "x.xml: " },
    { "<?xml version=\"1.0\"?>\n<instance format=\"XCSP3\" type=\"CSP\">\n<variables>\n",
      "x.xml: " },
    { "<?xml version=\"1.0\"?>\n<instance format=\"XCSP3\" type=\"CSP\">\n  <objectives/>\n"
      "</instance>\n", "x.xml: line 3: <objectives>" },
    { "<?xml version=\"1.0\"?>\n<instance format=\"XCSP3\" type=\"CSP\">\n  <constraints/>\n"
      "  <variables/>\n</instance>\n", "x.xml: line 3: <constraints>" },
    { "<?xml version=\"1.0\"?>\n<instance format=\"XCSP3\" type=\"CSP\">\n  <variables/>\n"
      "  <constraints/>\n</instance>\n", "x.xml: line 2: <instance>" },
    { "<?xml version=\"1.0\"?>\n<sudoku/>\n", "x.xml: line 2: <sudoku>" },
    { "<instance format=\"XCSP3\" type=\"CSP\" note=\"puzzlewright magic size=\">\n"
      "<variables/><constraints/></instance>", "x.xml: line 1: <instance>" },
    { "\xff\xfe<", "x.xml: " },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = pw_xcsp3_read_level (cases[c].text, -1, "x.xml", NULL, &error);

      g_assert_null (level);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", c, error->message);
      g_assert_true (error->domain == PW_XCSP_ERROR);
      g_assert_true (g_str_has_prefix (error->message, cases[c].prefix));
      g_assert_cmpuint (strlen (error->message), >, strlen (cases[c].prefix));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xcsp3/kinds", test_kinds);
  g_test_add_func ("/xcsp3/round-trip/variety", test_round_trip_variety);
  g_test_add_func ("/xcsp3/round-trip/generated", test_round_trip_generated);
  g_test_add_func ("/xcsp3/standard-forms", test_standard_forms);
  g_test_add_func ("/xcsp3/unsupported-kind", test_unsupported_kind);
  g_test_add_func ("/xcsp3/knight-clash", test_knight_clash);
  g_test_add_func ("/xcsp3/refused", test_refused);
  g_test_add_func ("/xcsp3/refused-syntax", test_refused_syntax);

  return g_test_run ();
}
