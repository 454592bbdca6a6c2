/* test-combination.c — the combination kind: the rules by hand, the
 * analysis against a plainly written enumerator on many small random
 * levels, files, and the peaceable-queens facts for n ≤ 6
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "combination-private.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* The reference: every placement of the inventory, checked by walking
 * the rays as the rules say. Pieces of the same colour and attack are
 * identical, so they are one kind of piece with a count. */

typedef struct
{
  int  w, h;
  char cells[64];
  int  n_kinds;
  int  colour[16];
  int  attack[16];   /* 1 orthogonal, 2 diagonal, 3 both */
  int  count[16];
} Ref;

static const int ray_dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int ray_dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

/* placed[cell]: 0 empty, k + 1 a piece of kind k */
static gboolean
ref_valid (const Ref    *r,
           const guint8 *placed)
{
  for (int i = 0; i < r->w * r->h; i++)
    {
      int k;

      if (placed[i] == 0)
        continue;
      k = placed[i] - 1;
      for (int d = 0; d < 8; d++)
        {
          int type = d < 4 ? 1 : 2;
          int x = i % r->w, y = i / r->w;

          if (!(r->attack[k] & type))
            continue;
          for (;;)
            {
              x += ray_dx[d];
              y += ray_dy[d];
              if (x < 0 || y < 0 || x >= r->w || y >= r->h || r->cells[y * r->w + x] == '#')
                break;
              if (placed[y * r->w + x] != 0)
                {
                  if (r->colour[placed[y * r->w + x] - 1] != r->colour[k])
                    return FALSE;
                  break;  /* the first piece stops the ray */
                }
            }
        }
    }
  return TRUE;
}

typedef struct
{
  const Ref  *r;
  guint8      placed[64];
  int         left[16];
  GHashTable *raw;        /* placement strings */
} Enum;

static void
ref_enumerate (Enum *e,
               int   cell)
{
  const Ref *r = e->r;
  gboolean done = TRUE;

  for (int k = 0; k < r->n_kinds; k++)
    done &= e->left[k] == 0;
  if (done)
    {
      if (ref_valid (r, e->placed))
        {
          char *key = g_malloc (r->w * r->h + 1);

          for (int i = 0; i < r->w * r->h; i++)
            key[i] = 'A' + e->placed[i];
          key[r->w * r->h] = '\0';
          g_hash_table_add (e->raw, key);
        }
      return;
    }
  if (cell == r->w * r->h)
    return;
  ref_enumerate (e, cell + 1);
  if (r->cells[cell] != '.')
    return;
  for (int k = 0; k < r->n_kinds; k++)
    if (e->left[k] > 0)
      {
        e->left[k]--;
        e->placed[cell] = k + 1;
        ref_enumerate (e, cell + 1);
        e->placed[cell] = 0;
        e->left[k]++;
      }
}

/* Solutions counted once per orbit under every permutation of colours that
 * keeps each colour's pieces: the smallest image of each as its name. */
static guint
ref_orbits (const Ref  *r,
            GHashTable *raw)
{
  g_autoptr(GHashTable) canonical = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int perm[8], colours[8], n_colours = 0;
  g_autoptr(GPtrArray) perms = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  for (int k = 0; k < r->n_kinds; k++)
    {
      gboolean known = FALSE;

      for (int c = 0; c < n_colours; c++)
        known |= colours[c] == r->colour[k];
      if (!known)
        colours[n_colours++] = r->colour[k];
    }
  /* every permutation of the colours present, kept when it maps each
   * colour's (attack, count) pieces onto another's exactly */
  for (int i = 0; i < n_colours; i++)
    perm[i] = i;
  for (;;)
    {
      gboolean keeps = TRUE;

      for (int k = 0; k < r->n_kinds && keeps; k++)
        {
          int from = -1, to;
          gboolean found = FALSE;

          for (int c = 0; c < n_colours; c++)
            if (colours[c] == r->colour[k])
              from = c;
          to = colours[perm[from]];
          for (int j = 0; j < r->n_kinds; j++)
            found |= r->colour[j] == to && r->attack[j] == r->attack[k] && r->count[j] == r->count[k];
          keeps = found;
        }
      if (keeps)
        g_ptr_array_add (perms, g_memdup2 (perm, sizeof perm));
      /* next permutation, lexicographic */
      {
        int i = n_colours - 2, j;

        while (i >= 0 && perm[i] > perm[i + 1])
          i--;
        if (i < 0)
          break;
        j = n_colours - 1;
        while (perm[j] < perm[i])
          j--;
        { int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
        for (int a = i + 1, b = n_colours - 1; a < b; a++, b--)
          { int t = perm[a]; perm[a] = perm[b]; perm[b] = t; }
      }
    }

  g_hash_table_iter_init (&iter, raw);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const char *s = key;
      char *best = NULL;

      for (guint p = 0; p < perms->len; p++)
        {
          const int *pm = g_ptr_array_index (perms, p);
          char *image = g_strdup (s);

          for (int i = 0; image[i]; i++)
            if (image[i] != 'A')
              {
                int k = image[i] - 'A' - 1, from = 0, to;

                for (int c = 0; c < n_colours; c++)
                  if (colours[c] == r->colour[k])
                    from = c;
                to = colours[pm[from]];
                for (int j = 0; j < r->n_kinds; j++)
                  if (r->colour[j] == to && r->attack[j] == r->attack[k])
                    image[i] = 'A' + j + 1;
              }
          if (best == NULL || strcmp (image, best) < 0)
            {
              g_free (best);
              best = image;
            }
          else
            g_free (image);
        }
      g_hash_table_add (canonical, best);
    }
  return g_hash_table_size (canonical);
}

/* ------------------------------------------------------------------ */

static PwAnalysis *
analyse_text_capped (const char *text,
                     guint       threads,
                     guint64     max_solutions,
                     PwLevel   **level_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination", text, &error);
  PwAnalyseOptions options;
  PwAnalysis *analysis;

  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  options.search_runs = 5;
  options.threads = threads;
  if (max_solutions > 0)
    options.max_solutions = max_solutions;
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (pw_analysis_get_partial (analysis));
  if (level_out)
    *level_out = g_steal_pointer (&level);
  return analysis;
}

static PwAnalysis *
analyse_text_on (const char *text,
                 guint       threads,
                 PwLevel   **level_out)
{
  return analyse_text_capped (text, threads, 0, level_out);
}

static PwAnalysis *
analyse_text (const char *text,
              PwLevel   **level_out)
{
  return analyse_text_capped (text, 0, 0, level_out);
}

static gint64
figure (PwAnalysis *analysis,
        const char *key)
{
  gint64 value;

  g_assert_true (pw_analysis_get_int (analysis, key, &value));
  return value;
}

/* Each rule on a hand-worked level: solutions with colours distinct. */
static void
test_combination_rules (void)
{
  static const struct { const char *text; gint64 raw; const char *why; } cases[] = {
    /* two cells: any two pieces of different colours side by side clash
     * when either attacks orthogonally */
    { "..\n1 red orthogonal\n1 blue diagonal\n", 0, "an orthogonal ray hits the neighbour" },
    { "..\n1 red diagonal\n1 blue diagonal\n", 2, "diagonal rays miss a neighbour in a row" },
    { "..\n1 red orthogonal\n1 red orthogonal\n", 1, "same colour is harmless" },
    { ".#.\n1 red orthogonal\n1 blue orthogonal\n", 2, "a wall stops a ray" },
    { ".o.\n1 red orthogonal\n1 blue orthogonal\n", 0, "a hole lets a ray pass" },
    { "...\n1 red orthogonal\n1 green diagonal\n1 blue orthogonal\n", 0,
      "the middle piece is hit either way" },
    { "...\n1 red orthogonal\n1 blue diagonal\n", 0,
      "an empty cell between does not stop a ray" },
    { "...\n2 red orthogonal\n1 red diagonal\n", 3, "one colour: every arrangement" },
    /* blocking: red - red - blue in a row: the blue is only hit by the
     * nearest red, which must not attack orthogonally */
    { "...\n1 red orthogonal\n1 red diagonal\n1 blue diagonal\n", 2,
      "a piece between blocks the ray" },
    { ".\n.\n1 red diagonal\n1 blue both\n", 0, "a column is a line too" },
    { ".#\n#.\n1 red diagonal\n1 blue orthogonal\n", 0, "walls beside a diagonal do not block it" },
    { ".#\n#.\n1 red orthogonal\n1 blue orthogonal\n", 2, "orthogonal rays miss a diagonal neighbour" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PwAnalysis) analysis = analyse_text (cases[i].text, NULL);

      g_test_message ("%s", cases[i].why);
      g_assert_cmpint (figure (analysis, "raw_solutions"), ==, cases[i].raw);
    }
}

static void
random_ref (GRand *rand,
            Ref   *r,
            GString *text)
{
  int empty = 0, total = 0, kinds = 0;

  memset (r, 0, sizeof *r);
  r->w = g_rand_int_range (rand, 1, 5);
  r->h = g_rand_int_range (rand, 1, 5);
  g_string_truncate (text, 0);
  for (int y = 0; y < r->h; y++)
    {
      for (int x = 0; x < r->w; x++)
        {
          int roll = g_rand_int_range (rand, 0, 10);
          char c = roll < 6 ? '.' : roll < 8 ? '#' : 'o';

          r->cells[y * r->w + x] = c;
          empty += c == '.';
          g_string_append_c (text, c);
        }
      g_string_append_c (text, '\n');
    }
  kinds = g_rand_int_range (rand, 1, 5);
  /* a third of the levels give two or three colours the same pieces, so
   * colour symmetry comes up often */
  gboolean mirrored = g_rand_int_range (rand, 0, 3) == 0;
  int copies = g_rand_int_range (rand, 2, 4);
  int base_attack = g_rand_int_range (rand, 1, 4);

  for (int k = 0; k < kinds && total < MIN (5, empty); k++)
    {
      int colour = mirrored ? k % copies : g_rand_int_range (rand, 0, 3);
      int attack = mirrored ? (k < copies ? base_attack : g_rand_int_range (rand, 1, 4))
                            : g_rand_int_range (rand, 1, 4);
      int count = MIN (mirrored ? 1 : g_rand_int_range (rand, 1, 3), MIN (5, empty) - total);
      int j;

      g_string_append_printf (text, "%d %s %s\n", count, pw_combination_colours[colour],
                              attack == 1 ? "orthogonal" : attack == 2 ? "diagonal" : "both");
      total += count;
      /* pieces of one colour and attack are one kind */
      for (j = 0; j < r->n_kinds; j++)
        if (r->colour[j] == colour && r->attack[j] == attack)
          break;
      if (j == r->n_kinds)
        {
          r->colour[j] = colour;
          r->attack[j] = attack;
          r->n_kinds++;
        }
      r->count[j] += count;
    }
}

/* Solutions (both counts), uniqueness and dead cells against the
 * enumerator. */
static void
test_combination_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20111);
  g_autoptr(GString) text = g_string_new (NULL);
  guint solvable = 0, symmetric = 0, checked = 0, capped_checked = 0;

  while (checked < 1500)
    {
      Ref r;
      Enum e = { 0 };
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(PwLevel) level = NULL;
      JsonArray *dead;
      guint raw, orbits;

      random_ref (rand, &r, text);
      if (r.n_kinds == 0)
        continue;
      e.r = &r;
      memcpy (e.left, r.count, sizeof r.count);
      e.raw = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      ref_enumerate (&e, 0);
      raw = g_hash_table_size (e.raw);
      orbits = ref_orbits (&r, e.raw);

      analysis = analyse_text (text->str, &level);
      /* counts stop at the cap of 1000 */
      g_assert_cmpint (figure (analysis, "raw_solutions"), ==, MIN (raw, 1000));
      g_assert_cmpint (figure (analysis, "solutions"), ==, MIN (orbits, 1000));
      g_assert_cmpint (json_object_get_boolean_member (pw_analysis_get_figures (analysis), "capped"),
                       ==, raw > 1000);
      g_assert_cmpint (json_object_get_boolean_member (pw_analysis_get_figures (analysis), "unique"),
                       ==, orbits == 1);

      /* dead cells: empty cells no solution puts a piece on */
      dead = json_object_get_array_member (pw_analysis_get_figures (analysis), "dead_cells");
      {
        g_autofree guint8 *used = g_new0 (guint8, r.w * r.h);
        GHashTableIter iter;
        gpointer key;
        guint expected = 0;

        g_hash_table_iter_init (&iter, e.raw);
        while (g_hash_table_iter_next (&iter, &key, NULL))
          for (int i = 0; i < r.w * r.h; i++)
            used[i] |= ((const char *) key)[i] != 'A';
        for (int i = 0; i < r.w * r.h; i++)
          expected += r.cells[i] == '.' && !used[i];
        g_assert_cmpuint (json_array_get_length (dead), ==, expected);
        for (guint d = 0; d < json_array_get_length (dead); d++)
          {
            JsonArray *xy = json_array_get_array_element (dead, d);
            int x = json_array_get_int_element (xy, 0), y = json_array_get_int_element (xy, 1);

            g_assert_cmpint (r.cells[y * r.w + x], ==, '.');
            g_assert_false (used[y * r.w + x]);
          }
      }
      /* with the count capped below the solutions, the dead cells come
       * from one search per (cell, piece) no solution counted showed,
       * instead of from every solution: the same cells, per entry too */
      if (raw >= 2 && checked % 3 == 0)
        {
          g_autoptr(PwAnalysis) capped = analyse_text_capped (text->str, 0, 1, NULL);
          JsonObject *all = pw_analysis_get_figures (analysis);
          JsonObject *few = pw_analysis_get_figures (capped);
          g_autofree char *a = json_to_string (json_object_get_member (all, "entry_dead_cells"),
                                               FALSE);
          g_autofree char *b = json_to_string (json_object_get_member (few, "entry_dead_cells"),
                                               FALSE);
          g_autofree char *c = json_to_string (json_object_get_member (all, "dead_cells"), FALSE);
          g_autofree char *d = json_to_string (json_object_get_member (few, "dead_cells"), FALSE);

          g_assert_true (json_object_get_boolean_member (few, "capped"));
          g_assert_cmpstr (a, ==, b);
          g_assert_cmpstr (c, ==, d);
          capped_checked++;
        }
      solvable += raw > 0;
      symmetric += raw > orbits;
      checked++;
      g_hash_table_unref (e.raw);
    }
  g_test_message ("%u levels, %u solvable, %u with interchangeable colours, %u capped",
                  checked, solvable, symmetric, capped_checked);
  g_assert_cmpuint (solvable, >, 400);
  g_assert_cmpuint (capped_checked, >, 50);
  g_assert_cmpuint (symmetric, >, 100);
}

/* --figures: asked for alone, each group of figures (the counts, the
 * dead cells, the difficulty) comes out as in the whole analysis, and the
 * other groups are not computed (null), on random levels and the bundled
 * ones. */
static void
test_combination_figures_asked (void)
{
  static const char * const groups[][4] = {
    { "solutions", "unique", NULL },
    { "raw_solutions", NULL },
    { "capped", NULL },
    { "dead_cells", "entry_dead_cells", NULL },
    { "difficulty", "difficulty_sd", "single_method_nodes", NULL },
  };
  static const char * const all_keys[] = { "solutions", "unique", "search_nodes",
                                            "raw_solutions", "capped", "dead_cells",
                                            "entry_dead_cells", "difficulty",
                                            "difficulty_min", "difficulty_max", "difficulty_sd",
                                            "difficulty_method", "single_method_nodes" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1789);
  g_autoptr(GString) text = g_string_new (NULL);
  guint checked = 0;

  while (checked < 200)
    {
      Ref r;
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = NULL;
      g_autoptr(PwAnalysis) whole = NULL;
      PwAnalyseOptions options;

      random_ref (rand, &r, text);
      if (r.n_kinds == 0)
        continue;
      level = pw_level_new_from_text ("combination", text->str, &error);
      g_assert_no_error (error);
      pw_analyse_options_init (&options);
      options.search_runs = 5;
      whole = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
        {
          g_autoptr(PwAnalysis) some = NULL;
          JsonObject *a = pw_analysis_get_figures (whole);
          JsonObject *b;

          options.figures = groups[g];
          some = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          options.figures = NULL;
          b = pw_analysis_get_figures (some);
          g_assert_false (pw_analysis_get_partial (some));
          for (guint k = 0; k < G_N_ELEMENTS (all_keys); k++)
            {
              gboolean asked = g_strv_contains ((const char * const *) groups[g], all_keys[k]);
              g_autofree char *want = json_to_string (json_object_get_member (a, all_keys[k]),
                                                      FALSE);
              g_autofree char *got = json_to_string (json_object_get_member (b, all_keys[k]),
                                                     FALSE);

              if (asked)
                g_assert_cmpstr (got, ==, want);
              /* a group not asked for is not computed: the difficulty's
               * searches never run when only counts are asked, and the
               * dead cells' never when only the difficulty is */
              else if ((g < 3 && g_str_has_prefix (all_keys[k], "difficulty")) ||
                       (g == 4 && (g_str_has_suffix (all_keys[k], "dead_cells") ||
                                   g_str_has_suffix (all_keys[k], "solutions"))))
                g_assert_cmpstr (got, ==, "null");
            }
        }
      checked++;
    }
}

/* Peaceable armies of queens (OEIS A250000, A328283) up to n = 6: the
 * largest army fits, one more does not. */
static void
test_combination_queens (void)
{
  static const int two[] = { 0, 0, 0, 0, 2, 4, 5 };
  static const int three[] = { 0, 0, 0, 0, 1, 1, 2 };

  for (int n = 4; n <= 6; n++)
    for (int colours = 2; colours <= 3; colours++)
      for (int extra = 0; extra <= 1; extra++)
        {
          int army = (colours == 2 ? two[n] : three[n]) + extra;
          g_autoptr(GString) text = g_string_new (NULL);
          g_autoptr(PwLevel) level = NULL;
          g_autoptr(PwCombinationModel) model = NULL;
          g_autoptr(GError) error = NULL;
          PwCspSearch search;
          PwCspResult result;

          for (int y = 0; y < n; y++)
            g_string_append_printf (text, "%.*s\n", n, "........");
          for (int c = 0; c < colours; c++)
            g_string_append_printf (text, "%d %s both\n", army, pw_combination_colours[c]);
          level = pw_level_new_from_text ("combination", text->str, &error);
          g_assert_no_error (error);
          model = _pw_combination_model_new (pw_level_get_data (level), TRUE);
          pw_csp_search_init (&search);
          search.order = PW_CSP_ORDER_SMALLEST_DOMAIN;
          search.values_descending = TRUE;
          search.max_solutions = 1;
          g_assert_true (pw_csp_search (model->csp, &search, &result, NULL));
          g_test_message ("n=%d colours=%d army=%d: %s, %" G_GUINT64_FORMAT " nodes", n, colours,
                          army, result.solutions ? "solved" : "impossible", result.nodes);
          g_assert_cmpuint (result.solutions, ==, extra ? 0 : 1);
          if (extra)
            g_assert_true (result.exhausted);
        }
}

/* The text and JSON forms round-trip; bad payloads name what is wrong. */
static void
test_combination_files (void)
{
  static const char *text = "..#.\n.o..\n2 red orthogonal\n1 blue both\n1 red orthogonal\n";
  static const struct { const char *payload; const char *message; } bad[] = {
    { "{\"grid\": [\"..\"]}", "pieces" },
    { "{\"grid\": [\"..\"], \"pieces\": [{\"count\": 0, \"colour\": \"red\", \"attack\": \"both\"}]}", "count" },
    { "{\"grid\": [\"..\"], \"pieces\": [{\"count\": 1, \"colour\": \"pink\", \"attack\": \"both\"}]}", "pink" },
    { "{\"grid\": [\"..\"], \"pieces\": [{\"count\": 1, \"colour\": \"red\", \"attack\": \"knight\"}]}", "knight" },
    { "{\"grid\": [\".x\"], \"pieces\": []}", "“x”" },
    { "{\"grid\": [\"..\", \".\"], \"pieces\": []}", "rectangle" },
    { "{\"grid\": [\"..\"], \"pieces\": [], \"extra\": 1}", "extra" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination", text, &error);
  const PwKind *kind = &pw_combination_kind;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *back = NULL;
  gpointer again;

  g_assert_no_error (error);
  back = kind->to_text (pw_level_get_data (level));
  g_assert_cmpstr (back, ==, text);
  json = kind->to_json (pw_level_get_data (level));
  again = kind->from_json (json, &error);
  g_assert_no_error (error);
  g_assert_true (kind->equal (again, pw_level_get_data (level)));
  kind->free (again);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(JsonNode) node = json_from_string (bad[i].payload, NULL);
      gpointer data = kind->from_json (node, &error);

      g_assert_null (data);
      g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, bad[i].message));
      g_clear_error (&error);
    }

  /* too many pieces for the cells: a problem, not a crash */
  {
    g_autoptr(PwLevel) crowded = pw_level_new_from_text ("combination", "..\n3 red both\n", &error);
    g_autoptr(GPtrArray) problems = pw_level_validate (crowded);

    g_assert_no_error (error);
    g_assert_cmpuint (problems->len, ==, 1);
  }
}

/* The multiple method is deterministic for a seed, and says which
 * propagation it measured with. */
static void
test_combination_difficulty (void)
{
  static const char *text = "......\n..#...\n......\n...o..\n......\n......\n"
                            "2 red both\n2 blue orthogonal\n2 green diagonal\n";
  /* the same figures on one thread and on three, which share out the
   * searches in whatever order they finish */
  g_autoptr(PwAnalysis) a = analyse_text_on (text, 1, NULL);
  g_autoptr(PwAnalysis) b = analyse_text_on (text, 3, NULL);
  JsonObject *fa = pw_analysis_get_figures (a), *fb = pw_analysis_get_figures (b);
  const char *keys[] = { "difficulty", "difficulty_min", "difficulty_max", "difficulty_sd",
                         "single_method_nodes", "search_nodes", "solutions" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpfloat (json_object_get_double_member (fa, keys[i]), ==,
                       json_object_get_double_member (fb, keys[i]));
  g_assert_cmpfloat (json_object_get_double_member (fa, "difficulty_min"), <=,
                     json_object_get_double_member (fa, "difficulty"));
  g_assert_cmpfloat (json_object_get_double_member (fa, "difficulty"), <=,
                     json_object_get_double_member (fa, "difficulty_max"));
  g_assert_nonnull (json_object_get_string_member (fa, "difficulty_method"));
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (30 * G_TIME_SPAN_MILLISECOND);
  g_cancellable_cancel (data);
  return NULL;
}

/* Cancelling stops an analysis whose searches run on several threads: it
 * returns G_IO_ERROR_CANCELLED soon, its threads joined. */
static void
test_combination_cancel (void)
{
  static const char *text = "........\n.#....#.\n........\n...oo...\n...oo...\n........\n"
                            ".#....#.\n........\n3 red orthogonal\n3 blue orthogonal\n"
                            "3 green diagonal\n3 yellow diagonal\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination", text, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(PwAnalysis) analysis = NULL;
  PwAnalyseOptions options;
  GThread *canceller;

  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  options.search_runs = 2000;   /* far longer than the test waits */
  options.threads = 2;
  canceller = g_thread_new ("cancel", cancel_later, cancellable);
  analysis = pw_level_analyse (level, &options, NULL, NULL, cancellable, &error);
  g_thread_join (canceller);
  g_assert_null (analysis);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  GPtrArray *levels;   /* PwLevel */
  GArray    *difficulties;
  guint      wanted;
  guint64    max_tried;     /* stop_after (): cancel past this many candidates */
  guint64    tried;
  GCancellable *cancellable;
} Collected;

static gboolean
collect_level (gpointer data,
               double   difficulty,
               gpointer user_data)
{
  Collected *c = user_data;

  g_ptr_array_add (c->levels, _pw_level_new_take_data (&pw_combination_kind, data));
  g_array_append_val (c->difficulties, difficulty);
  return c->levels->len < c->wanted;
}

/* Levels from the generator with NAME, VALUE, … NULL as parameters. */
static Collected
generate_with (guint64     seed,
              guint       wanted,
              const char *first,
              ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  Collected c = { g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref),
                  g_array_new (FALSE, FALSE, sizeof (double)), wanted };
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  g_assert_true (pw_combination_kind.generate (params, seed, 0, collect_level, NULL, &c, NULL,
                                               &error));
  g_assert_no_error (error);
  return c;
}

/* The progress callback of a bounded search: cancels it once it has
 * tried more than max_tried candidates. */
static void
stop_after (guint64  tried,
            guint    found,
            gpointer user_data)
{
  Collected *c = user_data;

  c->tried = tried;
  if (tried > c->max_tried)
    g_cancellable_cancel (c->cancellable);
}

/* Levels from the generator's defaults on a SIZE grid, at most @wanted
 * and at most about @max_tried candidates. */
static Collected
generate_bounded (guint64     seed,
                  guint       wanted,
                  guint64     max_tried,
                  const char *size)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Collected c = { g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref),
                  g_array_new (FALSE, FALSE, sizeof (double)), wanted, max_tried, 0,
                  cancellable };

  g_hash_table_insert (params, "size", (gpointer) size);
  if (!pw_combination_kind.generate (params, seed, 0, collect_level, stop_after, &c, cancellable,
                                     &error))
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_test_message ("%s, seed %" G_GUINT64_FORMAT ": %u levels, %" G_GUINT64_FORMAT
                  " candidates", size, seed, c.levels->len, c.tried);
  c.cancellable = NULL;
  return c;
}

static Collected
generate (guint64 seed)
{
  return generate_with (seed, 3, "size", "4x4", "colours", "2", "walls", "0.15", NULL);
}

static void
collected_clear (Collected *c)
{
  g_ptr_array_unref (c->levels);
  g_array_unref (c->difficulties);
}

/* Every level has one solution up to colour symmetry, its difficulty as
 * the generator said, and one attack per colour. */
static void
assert_generated (const Collected *c)
{
  for (guint i = 0; i < c->levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (c->levels, i);
      const PwCombinationLevel *data = pw_level_get_data (level);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) error = NULL;
      PwAnalyseOptions options;
      double d;

      pw_analyse_options_init (&options);
      analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (figure (analysis, "solutions"), ==, 1);
      g_assert_true (json_object_get_boolean_member (pw_analysis_get_figures (analysis), "unique"));
      g_assert_true (pw_analysis_get_double (analysis, "difficulty", &d));
      g_assert_cmpfloat_with_epsilon (d, g_array_index (c->difficulties, double, i), 0.01);
      for (int a = 0; a < data->n_entries; a++)
        for (int b = 0; b < a; b++)
          g_assert_true (data->entries[a].colour != data->entries[b].colour ||
                         data->entries[a].attack == data->entries[b].attack);
    }
}

/* The default grid (6×6, three colours) gives levels in a few seconds
 * (it gave none in a minute before the walk kept one attack per colour
 * and tightened levels with holes); `bias=harder` is its own search. */
static void
test_combination_generate_default (void)
{
  Collected plain = generate_with (7, 2, NULL);
  Collected harder = generate_with (7, 1, "size", "5x5", "bias", "harder", NULL);
  Collected none = generate_with (7, 1, "size", "5x5", "bias", "none", NULL);

  g_assert_cmpuint (plain.levels->len, ==, 2);
  assert_generated (&plain);
  g_assert_cmpint (((const PwCombinationLevel *) pw_level_get_data (
                      g_ptr_array_index (plain.levels, 0)))->width, <=, 6);
  g_assert_cmpuint (harder.levels->len, ==, 1);
  assert_generated (&harder);
  g_assert_false (pw_level_same_content (g_ptr_array_index (harder.levels, 0),
                                         g_ptr_array_index (none.levels, 0)));
  collected_clear (&plain);
  collected_clear (&harder);
  collected_clear (&none);
}

/* The default holes rise with the grid's area past 36 cells, so that the
 * defaults give levels on large grids too: 8×8 with the 6×6 share of
 * holes gave none in 5.5 min of CPU. Its first level comes within a
 * thousand candidates (162 for seed 2), the same for the same seed. */
static void
test_combination_generate_large (void)
{
  Collected a = generate_bounded (2, 1, 1000, "8x8");
  Collected b = generate_bounded (2, 1, 1000, "8x8");

  g_assert_cmpuint (a.levels->len, ==, 1);
  assert_generated (&a);
  g_assert_cmpuint (b.levels->len, ==, 1);
  g_assert_cmpuint (a.tried, ==, b.tried);
  g_assert_true (pw_level_same_content (g_ptr_array_index (a.levels, 0),
                                        g_ptr_array_index (b.levels, 0)));
  collected_clear (&a);
  collected_clear (&b);
}

/* The generator makes levels with one solution up to colour symmetry,
 * each with the difficulty the analysis gives it, the same for the same
 * seed; bad parameters are named. */
static void
test_combination_generate (void)
{
  Collected a = generate (1), b = generate (1);
  g_autoptr(GHashTable) bad = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (a.levels->len, ==, 3);
  assert_generated (&a);
  for (guint i = 0; i < a.levels->len; i++)
    g_assert_true (pw_level_same_content (g_ptr_array_index (a.levels, i),
                                          g_ptr_array_index (b.levels, i)));

  g_hash_table_insert (bad, "size", "40x4");
  g_assert_false (pw_combination_kind.generate (bad, 1, 0, collect_level, NULL, NULL, NULL,
                                                &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "size"));
  g_clear_error (&error);
  g_hash_table_remove_all (bad);
  g_hash_table_insert (bad, "sparkle", "1");
  g_assert_false (pw_combination_kind.generate (bad, 1, 0, collect_level, NULL, NULL, NULL,
                                                &error));
  g_assert_nonnull (strstr (error->message, "sparkle"));

  collected_clear (&a);
  collected_clear (&b);
}

/* Prettiness keeps the puzzle: on random levels with walls and holes at
 * the edges, every figure of the prettified level equals the original's. */
static void
test_combination_prettify (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint changed = 0;

  for (int n = 0; n < 150; n++)
    {
      Ref r;
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(PwLevel) level = NULL;
      g_autoptr(PwAnalysis) before = NULL;
      g_autoptr(PwAnalysis) after = NULL;
      g_autoptr(PwLevel) pretty = NULL;
      PwCombinationLevel *p;
      const char *keys[] = { "solutions", "raw_solutions", "difficulty", "difficulty_min",
                             "difficulty_max", "single_method_nodes", "search_nodes" };

      random_ref (rand, &r, text);
      if (r.n_kinds == 0)
        continue;
      before = analyse_text (text->str, &level);
      p = _pw_combination_prettify (pw_level_get_data (level));
      changed += !pw_combination_kind.equal (p, pw_level_get_data (level));
      pretty = _pw_level_new_take_data (&pw_combination_kind, p);
      {
        PwAnalyseOptions options;
        g_autoptr(GError) error = NULL;

        pw_analyse_options_init (&options);
        options.search_runs = 5;
        after = pw_level_analyse (pretty, &options, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
      }
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        g_assert_cmpfloat (json_object_get_double_member (pw_analysis_get_figures (before), keys[k]),
                           ==,
                           json_object_get_double_member (pw_analysis_get_figures (after), keys[k]));
    }
  g_test_message ("%u of the levels changed by prettiness", changed);
  g_assert_cmpuint (changed, >, 20);
}

/* Whether some enumerated solution keeps every piece of @placed (cell →
 * kind + 1, as the enumerator names pieces) where @keep says. */
static gboolean
ref_completable (GHashTable   *raw,
                 const guint8 *placed,
                 const guint8 *keep,
                 int           n)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, raw);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const char *sol = key;
      gboolean ok = TRUE;

      for (int i = 0; i < n && ok; i++)
        if (placed[i] && keep[i])
          ok = sol[i] == 'A' + placed[i];
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* Placement play against the enumerator: a partial placement is
 * completable exactly when some solution extends it; the solution given
 * extends it; the conflict named cannot be completed, and dropping any
 * one of its pieces makes it completable. */
static void
test_combination_place (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (321);
  g_autoptr(GString) text = g_string_new (NULL);
  guint dead = 0, alive = 0;

  while (dead + alive < 600)
    {
      Ref r;
      Enum e = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = NULL;
      const PwCombinationLevel *data;
      guint8 placed[64] = { 0 }, keep[64];
      PwPlaceResult result;
      int n;

      random_ref (rand, &r, text);
      if (r.n_kinds == 0)
        continue;
      level = pw_level_new_from_text ("combination", text->str, &error);
      g_assert_no_error (error);
      data = pw_level_get_data (level);
      {
        g_autoptr(GPtrArray) problems = pw_level_validate (level);

        if (problems->len > 0)
          continue;
      }
      e.r = &r;
      memcpy (e.left, r.count, sizeof r.count);
      e.raw = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      ref_enumerate (&e, 0);
      n = r.w * r.h;

      /* a few random pieces on random empty cells; the file entries and
       * the enumerator's kinds: map through colour and attack */
      for (int k = g_rand_int_range (rand, 1, 4); k > 0; k--)
        {
          int cell = g_rand_int_range (rand, 0, n);
          int entry = g_rand_int_range (rand, 0, data->n_entries);

          if (r.cells[cell] == '.')
            placed[cell] = entry + 1;
        }
      {
        guint8 as_kind[64] = { 0 };

        for (int i = 0; i < n; i++)
          if (placed[i])
            for (int j = 0; j < r.n_kinds; j++)
              if (r.colour[j] == data->entries[placed[i] - 1].colour &&
                  r.attack[j] == (int) data->entries[placed[i] - 1].attack)
                as_kind[i] = j + 1;
        memset (keep, 1, sizeof keep);

        g_assert_true (pw_combination_kind.place_check (data, placed, &result, NULL, &error));
        g_assert_no_error (error);
        g_assert_true (result.decided);
        g_assert_cmpint (result.completable, ==, ref_completable (e.raw, as_kind, keep, n));
        if (result.completable)
          {
            /* the solution keeps the placed pieces and is a solution */
            guint8 sol_kind[64] = { 0 };
            char *key = g_malloc0 (n + 1);

            for (int i = 0; i < n; i++)
              {
                if (placed[i])
                  g_assert_cmpint (data->entries[result.solution[i] - 1].colour, ==,
                                   data->entries[placed[i] - 1].colour);
                if (result.solution[i])
                  for (int j = 0; j < r.n_kinds; j++)
                    if (r.colour[j] == data->entries[result.solution[i] - 1].colour &&
                        r.attack[j] == (int) data->entries[result.solution[i] - 1].attack)
                      sol_kind[i] = j + 1;
                key[i] = 'A' + sol_kind[i];
              }
            g_assert_true (g_hash_table_contains (e.raw, key));
            g_free (key);
            alive++;
          }
        else
          {
            g_assert_nonnull (result.conflict);
            for (int i = 0; i < n; i++)
              keep[i] = result.conflict[i];
            g_assert_false (ref_completable (e.raw, as_kind, keep, n));
            for (int i = 0; i < n; i++)
              if (keep[i])
                {
                  keep[i] = 0;
                  g_assert_true (ref_completable (e.raw, as_kind, keep, n));
                  keep[i] = 1;
                }
            dead++;
          }
        pw_place_result_clear (&result);
      }
      g_hash_table_unref (e.raw);
    }
  g_test_message ("%u completable placements, %u dead ends", alive, dead);
  g_assert_cmpuint (alive, >, 50);
  g_assert_cmpuint (dead, >, 50);
}

/* The bundled combination set: every level a puzzle with one solution. */
static void
test_combination_bundled (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                            "combination.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_load (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (set), >=, 4);
  for (guint i = 0; i < pw_level_set_get_n_levels (set); i++)
    {
      PwLevel *level = pw_level_set_get_level (set, i);
      g_autoptr(PwAnalysis) analysis = NULL;
      PwAnalyseOptions options;

      pw_analyse_options_init (&options);
      analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (pw_analysis_get_partial (analysis));
      g_assert_true (json_object_get_boolean_member (pw_analysis_get_figures (analysis), "unique"));
    }
}

/* One node budget for the whole analysis: when it runs out the analysis
 * is partial, and what it could not finish is null, never a guess. */
static void
test_combination_budget (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination",
                                                     "......\n......\n......\n......\n......\n"
                                                     "......\n4 red both\n4 blue both\n",
                                                     &error);
  g_autoptr(PwAnalysis) small = NULL;
  PwAnalyseOptions options;
  JsonObject *figures;

  g_assert_no_error (error);
  pw_analyse_options_init (&options);
  options.max_states = 300;
  small = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pw_analysis_get_partial (small));
  figures = pw_analysis_get_figures (small);
  g_assert_true (json_object_get_null_member (figures, "difficulty"));
  g_assert_true (json_object_get_null_member (figures, "dead_cells"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/combination/rules", test_combination_rules);
  g_test_add_func ("/analysis/combination/random", test_combination_random);
  g_test_add_func ("/analysis/combination/figures-asked", test_combination_figures_asked);
  g_test_add_func ("/analysis/combination/queens", test_combination_queens);
  g_test_add_func ("/analysis/combination/files", test_combination_files);
  g_test_add_func ("/analysis/combination/difficulty", test_combination_difficulty);
  g_test_add_func ("/analysis/combination/cancel", test_combination_cancel);
  g_test_add_func ("/analysis/combination/generate", test_combination_generate);
  g_test_add_func ("/analysis/combination/generate-default", test_combination_generate_default);
  g_test_add_func ("/analysis/combination/generate-large", test_combination_generate_large);
  g_test_add_func ("/analysis/combination/prettify", test_combination_prettify);
  g_test_add_func ("/analysis/combination/place", test_combination_place);
  g_test_add_func ("/analysis/combination/bundled", test_combination_bundled);
  g_test_add_func ("/analysis/combination/budget", test_combination_budget);
  return g_test_run ();
}
