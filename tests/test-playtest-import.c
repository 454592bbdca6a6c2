/* test-playtest-import.c — testers' sheets merged into a set
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "puzzlewright.h"
#include "test-util.h"

static GPtrArray *
make_levels (void)
{
  static const char *ids[] = { "one", "two", "three" };
  static const char *names[] = { "First", "Second", "-Dash" };
  GPtrArray *levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(GError) error = NULL;
      PwLevel *level = pw_level_new_from_text ("slide", "#####\n#r..R\n#####", &error);

      g_assert_no_error (error);
      pw_level_set_id (level, ids[i]);
      pw_level_set_name (level, names[i]);
      g_ptr_array_add (levels, level);
    }
  return levels;
}

static GPtrArray *
playtests_of (GPtrArray *levels,
              guint      i)
{
  return pw_level_get_playtests (g_ptr_array_index (levels, i));
}

static PwPlaytestImport *
import_text (GPtrArray  *levels,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  PwPlaytestImport *import = pw_playtest_import_csv (levels, text, strlen (text), "sheet.csv",
                                                     &error);

  g_assert_no_error (error);
  g_assert_nonnull (import);
  return import;
}

/* Columns by header in any order and case, with the other names taken
 * for them; cells read: clock times, yes/no, a rating that says
 * whether the level was finished, notes over several lines. */
static void
test_columns (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) import =
    import_text (levels,
                 "\xef\xbb\xbfNotes,Solve time,RATING,Player,Level ID,Hints,Moves,Finished,Date,Extra\r\n"
                 "\"two\nlines\",1:35,5,Ann,one,2,40,no,2026-11-20,zzz\r\n"
                 "\"a, b\",0:01:00.5,0,Bo,two,,,,,\r\n"
                 ",95.5,3,Cy,two,,,,,\r\n");
  const PwPlaytest *p;

  g_assert_cmpuint (import->added, ==, 3);
  g_assert_cmpuint (import->merged, ==, 0);
  g_assert_cmpuint (import->refused, ==, 0);
  g_assert_cmpuint (import->ignored->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (import->ignored, 0), ==, "Extra");

  g_assert_cmpuint (playtests_of (levels, 0)->len, ==, 1);
  p = g_ptr_array_index (playtests_of (levels, 0), 0);
  g_assert_cmpstr (p->tester, ==, "Ann");
  g_assert_cmpstr (p->date, ==, "2026-11-20");
  g_assert_cmpint (p->rating, ==, 5);
  g_assert_cmpfloat (p->seconds, ==, 95);
  g_assert_false (p->completed);
  g_assert_cmpint (p->moves, ==, 40);
  g_assert_cmpint (p->hints_used, ==, 2);
  g_assert_cmpstr (p->note, ==, "two\nlines");

  p = g_ptr_array_index (playtests_of (levels, 1), 0);
  g_assert_cmpint (p->rating, ==, 0);
  g_assert_false (p->completed);           /* 0: could not finish */
  g_assert_cmpfloat (p->seconds, ==, 60.5);
  g_assert_null (p->date);
  g_assert_cmpint (p->moves, ==, -1);
  g_assert_cmpstr (p->note, ==, "a, b");
  p = g_ptr_array_index (playtests_of (levels, 1), 1);
  g_assert_true (p->completed);            /* a rating 1–7: finished */
  g_assert_cmpfloat (p->seconds, ==, 95.5);
}

/* Every refusal names its line (a note over two lines counts both) and
 * why; the other rows go in. */
static void
test_refusals (void)
{
  static const struct
  {
    guint       line;
    const char *reason;
  } expected[] = {
    { 4, "no level has the id “nine”" },
    { 5, "no level is named “Nobody”" },
    { 6, "no tester" },
    { 7, "the date “2026-02-30” is not a date written YYYY-MM-DD" },
    { 8, "the rating “8” is not a whole number from 0 to 7" },
    { 9, "the time “1:75” is not seconds (95) or minutes:seconds (1:35)" },
    { 10, "“completed” is “maybe”, not yes or no" },
    { 11, "the moves “-3” are not a whole number" },
    { 12, "says neither whether the level was completed nor a rating" },
    { 13, "no level id or name" },
    /* a time a saved set could not hold (found by fuzz-playtest-import) */
    { 16, "the time “1E48” is too long: under a billion seconds, please" },
  };
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) import =
    import_text (levels,
                 "level,name,tester,date,rating,seconds,completed,moves,notes\n"
                 "one,,Ann,,4,,,,\"over\n"
                 "two lines\"\n"
                 "nine,,Ann,,4,,,,\n"
                 ",Nobody,Ann,,4,,,,\n"
                 "one,,,,4,,,,\n"
                 "one,,Ann,2026-02-30,4,,,,\n"
                 "one,,Bo,,8,,,,\n"
                 "one,,Bo,,4,1:75,,,\n"
                 "one,,Bo,,4,,maybe,,\n"
                 "one,,Bo,,4,,,-3,\n"
                 "one,,Bo,,,,,,a note\n"
                 ",,Bo,,4,,,,\n"
                 "two,,,,,,,,\n"
                 ",Second,Cy,,2,,,,\n"
                 "one,,Dee,,4,1E48,,,\n");

  g_assert_cmpuint (import->added, ==, 2);
  g_assert_cmpuint (import->refused, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const PwPlaytestRefusal *refusal = g_ptr_array_index (import->refusals, i);

      g_assert_cmpuint (refusal->line, ==, expected[i].line);
      g_assert_cmpstr (refusal->reason, ==, expected[i].reason);
    }
  /* the row that names only a level (a template row not played) is passed over */
  g_assert_cmpuint (playtests_of (levels, 1)->len, ==, 1);
}

/* Several testers' files: a tester's row for a level and a date already
 * there updates it (the cells it fills), whichever file it came from;
 * the same tester on another date is another playtest. */
static void
test_merge (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) first =
    import_text (levels, "level,tester,date,rating,seconds,notes\n"
                         "one,Ann,2026-11-20,4,100,first try\n"
                         "one,Bo,2026-11-20,5,,\n");
  g_autoptr(PwPlaytestImport) second =
    import_text (levels, "level,tester,date,rating,seconds,notes\n"
                         "one,Ann,2026-11-20,3,,\n"
                         "one,Ann,2026-11-21,2,50,again\n"
                         "one,Bo,2026-11-20,5,,\n");
  g_autoptr(PwPlaytestImport) again =
    import_text (levels, "level,tester,date,rating,seconds,notes\n"
                         "one,Ann,2026-11-20,3,,\n"
                         "one,Ann,2026-11-21,2,50,again\n"
                         "one,Bo,2026-11-20,5,,\n");
  GPtrArray *playtests = playtests_of (levels, 0);
  const PwPlaytest *ann;

  g_assert_cmpuint (first->added, ==, 2);
  g_assert_cmpuint (second->added, ==, 1);
  g_assert_cmpuint (second->merged, ==, 2);
  g_assert_cmpuint (again->added, ==, 0);
  g_assert_cmpuint (again->merged, ==, 3);
  g_assert_cmpuint (playtests->len, ==, 3);
  ann = g_ptr_array_index (playtests, 0);
  g_assert_cmpint (ann->rating, ==, 3);         /* the later file's rating */
  g_assert_cmpfloat (ann->seconds, ==, 100);    /* an empty cell keeps the time */
  g_assert_cmpstr (ann->note, ==, "first try");
}

/* Names as well as ids; a name two levels share is refused; a name the
 * template wrote with a quote before it (so that a spreadsheet does not
 * take it for a formula) still finds its level. */
static void
test_names (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) import = NULL;
  g_autoptr(PwPlaytestImport) shared = NULL;

  import = import_text (levels, "name,tester,rating\nSecond,Ann,4\n'-Dash,Ann,2\n");
  g_assert_cmpuint (import->added, ==, 2);
  g_assert_cmpuint (playtests_of (levels, 1)->len, ==, 1);
  g_assert_cmpuint (playtests_of (levels, 2)->len, ==, 1);

  pw_level_set_name (g_ptr_array_index (levels, 0), "Second");
  shared = import_text (levels, "name,tester,rating\nSecond,Bo,4\n");
  g_assert_cmpuint (shared->refused, ==, 1);
}

/* Semicolons (spreadsheets where the decimal sign is a comma). */
static void
test_semicolons (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) import =
    import_text (levels, "level;tester;rating;notes\none;Ann;4;a, b\n");
  const PwPlaytest *p = g_ptr_array_index (playtests_of (levels, 0), 0);

  g_assert_cmpuint (import->added, ==, 1);
  g_assert_cmpstr (p->note, ==, "a, b");
}

/* The data is bytes with a length, not a string: no NUL after it is
 * read (the fuzzer found the delimiter guess reading one), and a NUL
 * inside is not text. */
static void
test_not_a_string (void)
{
  static const char text[] = "level;tester;rating\none;Ann;4";
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autofree char *bytes = g_memdup2 (text, strlen (text));   /* no NUL after it */
  g_autoptr(GError) error = NULL;
  g_autoptr(PwPlaytestImport) import =
    pw_playtest_import_csv (levels, bytes, strlen (text), "bytes.csv", &error);
  g_autoptr(PwPlaytestImport) with_nul = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (import->added, ==, 1);
  with_nul = pw_playtest_import_csv (levels, "level,tester\n\0,Ann\n", 19, "nul.csv", &error);
  g_assert_null (with_nul);
  g_assert_error (error, PW_PLAYTEST_IMPORT_ERROR, PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT);
}

/* A file as a whole: not UTF-8, no header, no level or tester column. */
static void
test_bad_files (void)
{
  static const char *texts[] = {
    "level,tester\n\xff\xfe,Ann\n",
    "",
    "rating,seconds\n4,10\n",
    "level,rating\none,4\n",
    "level,tester,notes\none,Ann,\"never closed\n",
  };
  static const int codes[] = {
    PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,
    PW_PLAYTEST_IMPORT_ERROR_COLUMNS,
    PW_PLAYTEST_IMPORT_ERROR_COLUMNS,
    PW_PLAYTEST_IMPORT_ERROR_COLUMNS,
    PW_PLAYTEST_IMPORT_ERROR_NOT_TEXT,
  };
  g_autoptr(GPtrArray) levels = make_levels ();

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwPlaytestImport) import =
        pw_playtest_import_csv (levels, texts[i], strlen (texts[i]), "bad.csv", &error);

      g_test_message ("%u: %s", i, error ? error->message : "(no error)");
      g_assert_null (import);
      g_assert_error (error, PW_PLAYTEST_IMPORT_ERROR, codes[i]);
      g_assert_nonnull (strstr (error->message, "bad.csv"));
    }
  for (guint i = 0; i < levels->len; i++)
    g_assert_cmpuint (playtests_of (levels, i)->len, ==, 0);
}

/* The template names every column the importer reads and one row per
 * level; filled in, it imports, and its untouched rows are passed over. */
static void
test_template (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autofree char *empty = pw_playtest_template (NULL);
  g_autofree char *sheet = pw_playtest_template (levels);
  g_autoptr(GString) filled = g_string_new (NULL);
  g_autoptr(PwPlaytestImport) import = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpstr (empty, ==,
                   "level,name,tester,date,rating,seconds,completed,moves,hints_used,notes\r\n");
  lines = g_strsplit (sheet, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[1], ==, "\"one\",\"First\",,,,,,,,");
  g_assert_cmpstr (lines[3], ==, "\"three\",\"'-Dash\",,,,,,,,");

  /* a tester fills in the second row */
  g_string_append_printf (filled, "%s\r\n%s\r\n\"two\",\"Second\",Ann,2026-11-22,6,42,yes,9,0,"
                          "nice\r\n%s\r\n", lines[0], lines[1], lines[3]);
  import = import_text (levels, filled->str);
  g_assert_cmpuint (import->added, ==, 1);
  g_assert_cmpuint (import->refused, ==, 0);
  g_assert_cmpuint (playtests_of (levels, 1)->len, ==, 1);
}

/* The description says the counts, each refusal and the ignored columns. */
static void
test_describe (void)
{
  g_autoptr(GPtrArray) levels = make_levels ();
  g_autoptr(PwPlaytestImport) import =
    import_text (levels, "level,tester,rating,mood\none,Ann,4,\nnine,Ann,4,\n");
  g_autofree char *text = pw_playtest_import_describe (import);

  g_assert_cmpstr (text, ==,
                   "sheet.csv: 1 added, 0 merged, 1 refused\n"
                   "  line 3: no level has the id “nine”\n"
                   "  columns ignored: “mood”\n");
}

/* The set of @levels as its file would hold it. */
static char *
levels_text (GPtrArray *levels)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();

  for (guint i = 0; i < levels->len; i++)
    pw_level_set_append (set, g_ptr_array_index (levels, i));
  return pw_level_set_to_data (set, NULL);
}

static const char *
pick (GRand       *rand,
      const char **from,
      guint        n)
{
  return from[g_rand_int_range (rand, 0, n)];
}

/* A sheet read, asked which levels it names and merged into those alone
 * (as `playtests import` does over a set read a level at a time) does
 * what the whole-set import does: random levels with shared names, names
 * a spreadsheet would take for formulas, playtests already there; random
 * sheets naming levels by id and by name, rows merged, rows refused. */
static void
test_sheet_wants (void)
{
  static const char *names[] = { "A", "B", "C", "=D", "'=D", "E" };
  static const char *testers[] = { "ann", "bob", "" };
  static const char *dates[] = { "", "2026-11-01", "2026-11-02", "2026-13-40" };
  static const char *ratings[] = { "", "0", "3", "7", "9", "x" };
  static const char *completed[] = { "", "yes", "no", "maybe" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  guint subsets = 0;

  for (guint round = 0; round < 500; round++)
    {
      guint n = g_rand_int_range (rand, 1, 13);
      guint n_sheets = g_rand_int_range (rand, 1, 4);
      g_autoptr(GPtrArray) whole =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
      g_autoptr(GPtrArray) streamed =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
      g_autoptr(GPtrArray) wanted = g_ptr_array_new ();
      g_autoptr(GPtrArray) sheets =
        g_ptr_array_new_with_free_func ((GDestroyNotify) pw_playtest_sheet_free);
      g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) whole_said = g_string_new (NULL);
      g_autoptr(GString) streamed_said = g_string_new (NULL);
      g_autofree char *whole_text = NULL;
      g_autofree char *streamed_text = NULL;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", "#####\n#r..R\n#####",
                                                             &error);
          g_autofree char *id = g_strdup_printf ("L%u", i);

          g_assert_no_error (error);
          pw_level_set_id (level, id);
          pw_level_set_name (level, pick (rand, names, G_N_ELEMENTS (names)));
          if (g_rand_boolean (rand))
            {
              PwPlaytest *playtest = pw_playtest_new ();

              g_free (playtest->tester);
              playtest->tester = g_strdup (pick (rand, testers, 2));
              playtest->date = g_strdup ("2026-11-01");
              playtest->rating = 2;
              playtest->completed = TRUE;
              g_ptr_array_add (pw_level_get_playtests (level), playtest);
            }
          g_ptr_array_add (whole, pw_level_copy (level));
          g_ptr_array_add (streamed, pw_level_copy (level));
        }
      for (guint s = 0; s < n_sheets; s++)
        {
          GString *csv = g_string_new ("level,name,tester,date,rating,completed\n");
          guint rows = g_rand_int_range (rand, 0, 8);

          for (guint r = 0; r < rows; r++)
            {
              guint how = g_rand_int_range (rand, 0, 3);
              g_autofree char *id = g_strdup_printf ("L%u", g_rand_int_range (rand, 0, n + 2));

              g_string_append_printf (csv, "%s,%s,%s,%s,%s,%s\n", how == 0 ? id : "",
                                      how == 1 ? pick (rand, names, G_N_ELEMENTS (names)) : "",
                                      pick (rand, testers, G_N_ELEMENTS (testers)),
                                      pick (rand, dates, G_N_ELEMENTS (dates)),
                                      pick (rand, ratings, G_N_ELEMENTS (ratings)),
                                      pick (rand, completed, G_N_ELEMENTS (completed)));
            }
          g_ptr_array_add (texts, g_string_free (csv, FALSE));
        }

      /* the whole set */
      for (guint s = 0; s < n_sheets; s++)
        {
          const char *text = g_ptr_array_index (texts, s);
          g_autoptr(PwPlaytestImport) import = import_text (whole, text);
          g_autofree char *said = pw_playtest_import_describe (import);

          g_string_append (whole_said, said);
        }
      /* the sheets read, the levels they name kept, then merged */
      for (guint s = 0; s < n_sheets; s++)
        {
          const char *text = g_ptr_array_index (texts, s);
          g_autoptr(GError) error = NULL;

          g_ptr_array_add (sheets, pw_playtest_sheet_read (text, strlen (text), "sheet.csv",
                                                           &error));
          g_assert_no_error (error);
        }
      for (guint i = 0; i < n; i++)
        for (guint s = 0; s < n_sheets; s++)
          if (pw_playtest_sheet_wants (g_ptr_array_index (sheets, s),
                                       g_ptr_array_index (streamed, i)))
            {
              g_ptr_array_add (wanted, g_ptr_array_index (streamed, i));
              break;
            }
      subsets += wanted->len < n;
      for (guint s = 0; s < n_sheets; s++)
        {
          g_autoptr(PwPlaytestImport) import =
            pw_playtest_sheet_merge (g_ptr_array_index (sheets, s), wanted);
          g_autofree char *said = pw_playtest_import_describe (import);

          g_string_append (streamed_said, said);
        }

      g_assert_cmpstr (streamed_said->str, ==, whole_said->str);
      whole_text = levels_text (whole);
      streamed_text = levels_text (streamed);
      g_assert_cmpstr (streamed_text, ==, whole_text);
    }
  /* most rounds left levels out */
  g_assert_cmpuint (subsets, >, 250);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/playtest-import/columns", test_columns);
  g_test_add_func ("/io/playtest-import/refusals", test_refusals);
  g_test_add_func ("/io/playtest-import/merge", test_merge);
  g_test_add_func ("/io/playtest-import/names", test_names);
  g_test_add_func ("/io/playtest-import/semicolons", test_semicolons);
  g_test_add_func ("/io/playtest-import/bad-files", test_bad_files);
  g_test_add_func ("/io/playtest-import/not-a-string", test_not_a_string);
  g_test_add_func ("/io/playtest-import/template", test_template);
  g_test_add_func ("/io/playtest-import/describe", test_describe);
  g_test_add_func ("/io/playtest-import/sheet-wants", test_sheet_wants);

  return g_test_run ();
}
