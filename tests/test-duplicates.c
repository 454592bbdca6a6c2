/* test-duplicates.c — canonical forms against a plain "try every symmetry"
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every kind: many random small levels, each turned, mirrored (by the
 * kind's own transform, written apart from the canonical forms) and
 * relabelled (here), must keep their canonical form; and for pairs of
 * levels — one a symmetric image of the other, one a changed copy, or
 * two unrelated levels — the forms must be equal exactly when a plain
 * search over every symmetry finds one that maps the first onto the
 * second.
 */

#include "config.h"

#include <string.h>

#include "puzzlewright.h"
#include "combination-private.h"
#include "freecell-private.h"
#include "knight-private.h"
#include "latin-private.h"
#include "magic-private.h"
#include "nonogram-private.h"
#include "queens-private.h"
#include "slide-private.h"
#include "test-util.h"

#define ROUNDS 400

typedef struct
{
  const char *kind_id;
  /* a random small level */
  gpointer  (*make)     (GRand *rand);
  /* a random relabelling (colours, digits…) of @data, or NULL: none */
  gpointer  (*relabel)  (gconstpointer data,
                         GRand        *rand);
  /* @data with one random change */
  gpointer  (*mutate)   (gconstpointer data,
                         GRand        *rand);
  /* plain: whether some relabelling maps @a onto @b (cells in place) */
  gboolean  (*same)     (gconstpointer a,
                         gconstpointer b);
  /* plain, optional: whether some symmetry maps @a onto @b; NULL: the 8
   * turns and mirrors of the kind's transform, then same() */
  gboolean  (*isomorphic) (gconstpointer a,
                           gconstpointer b);
} Case;

static void
shuffle (GRand *rand,
         guint *items,
         guint  n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint t = items[i - 1];

      items[i - 1] = items[j];
      items[j] = t;
    }
}

/* Calls @func on each permutation of 0..n-1 until it returns TRUE. */
static gboolean
any_permutation (guint      n,
                 gboolean (*func) (const guint *perm, gconstpointer a, gconstpointer b),
                 gconstpointer a,
                 gconstpointer b)
{
  guint perm[16], c[16] = { 0 };
  guint i = 1;

  g_assert (n <= 16);
  for (guint k = 0; k < n; k++)
    perm[k] = k;
  if (func (perm, a, b))
    return TRUE;
  /* Heap's algorithm */
  while (i < n)
    {
      if (c[i] < i)
        {
          guint j = i % 2 ? c[i] : 0;
          guint t = perm[j];

          perm[j] = perm[i];
          perm[i] = t;
          if (func (perm, a, b))
            return TRUE;
          c[i]++;
          i = 1;
        }
      else
        c[i++] = 0;
    }
  return FALSE;
}

/* The kind's own transform: @rotations quarter turns after an optional mirror. */
static gpointer
dihedral (const PwKind  *kind,
          gconstpointer  data,
          guint          t)
{
  gpointer level = kind->copy (data);

  if (t & 4)
    {
      gpointer next = kind->transform (level, PW_TRANSFORM_MIRROR_LEFT_RIGHT);

      kind->free (level);
      level = next;
    }
  for (guint r = 0; r < (t & 3); r++)
    {
      gpointer next = kind->transform (level, PW_TRANSFORM_ROTATE_CLOCKWISE);

      kind->free (level);
      level = next;
    }
  return level;
}

static gboolean
plain_isomorphic (const Case    *c,
                  const PwKind  *kind,
                  gconstpointer  a,
                  gconstpointer  b)
{
  if (c->isomorphic != NULL)
    return c->isomorphic (a, b);
  for (guint t = 0; t < 8; t++)
    {
      gpointer image = dihedral (kind, a, t);
      gboolean same = c->same (image, b);

      kind->free (image);
      if (same)
        return TRUE;
    }
  return FALSE;
}

/* A random symmetric image of @data. */
static gpointer
random_image (const Case    *c,
              const PwKind  *kind,
              gconstpointer  data,
              GRand         *rand)
{
  gpointer level = kind->transform != NULL ? dihedral (kind, data, g_rand_int_range (rand, 0, 8))
                                           : kind->copy (data);

  if (c->relabel != NULL)
    {
      gpointer next = c->relabel (level, rand);

      kind->free (level);
      level = next;
    }
  return level;
}

static void
test_case (gconstpointer user_data)
{
  const Case *c = user_data;
  const PwKind *kind = pw_kinds_lookup (c->kind_id);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (c->kind_id));
  guint equal_pairs = 0, different_pairs = 0;

  g_assert_nonnull (kind);
  g_assert_nonnull (kind->canonical_form);

  for (guint round = 0; round < ROUNDS; round++)
    {
      gpointer a = c->make (rand);
      gpointer b, image;
      g_autofree char *form_a = kind->canonical_form (a);
      g_autofree char *form_image = NULL;
      g_autofree char *form_b = NULL;
      gboolean truth;

      /* invariant under a random symmetry */
      image = random_image (c, kind, a, rand);
      form_image = kind->canonical_form (image);
      g_assert_cmpstr (form_a, ==, form_image);
      g_assert_true (plain_isomorphic (c, kind, a, image));
      kind->free (image);

      /* against the plain search */
      switch (round % 3)
        {
        case 0:
          {
            gpointer changed = c->mutate (a, rand);

            b = random_image (c, kind, changed, rand);
            kind->free (changed);
          }
          break;
        case 1:
          b = c->make (rand);
          break;
        default:
          b = random_image (c, kind, a, rand);
          break;
        }
      form_b = kind->canonical_form (b);
      truth = plain_isomorphic (c, kind, a, b);
      if (truth != g_str_equal (form_a, form_b))
        {
          g_autoptr(JsonNode) ja = kind->to_json (a);
          g_autoptr(JsonNode) jb = kind->to_json (b);
          g_autofree char *ta = json_to_string (ja, FALSE);
          g_autofree char *tb = json_to_string (jb, FALSE);

          g_error ("%s: round %u: plain search says %s, canonical forms %s\n%s\n%s", c->kind_id,
                   round, truth ? "same" : "different", truth ? "differ" : "agree", ta, tb);
        }
      if (truth)
        equal_pairs++;
      else
        different_pairs++;
      kind->free (a);
      kind->free (b);
    }
  /* both answers were put to the test */
  g_assert_cmpuint (equal_pairs, >=, ROUNDS / 4);
  g_assert_cmpuint (different_pairs, >=, ROUNDS / 4);
}

/* ---- slide: the four colours ---- */

static gpointer
slide_make (GRand *rand)
{
  static const char tiles[] = "..#o$*rygb";
  PwSlideLevel *level = g_new0 (PwSlideLevel, 1);

  level->width = g_rand_int_range (rand, 3, 6);
  level->height = g_rand_int_range (rand, 3, 6);
  level->cells = g_malloc (level->width * level->height);
  for (int y = 0; y < level->height; y++)
    for (int x = 0; x < level->width; x++)
      {
        gboolean border = x == 0 || y == 0 || x == level->width - 1 || y == level->height - 1;
        char *cell = &level->cells[y * level->width + x];

        if (border)
          *cell = g_rand_int_range (rand, 0, 4) == 0 ? "RYGB"[g_rand_int_range (rand, 0, 4)] : '#';
        else
          *cell = tiles[g_rand_int_range (rand, 0, sizeof tiles - 1)];
      }
  return level;
}

static gpointer
slide_recolour (const PwSlideLevel *level,
                const guint        *perm)
{
  PwSlideLevel *out = pw_slide_kind.copy (level);

  for (int i = 0; i < level->width * level->height; i++)
    {
      const char *lower = strchr ("rygb", level->cells[i]);
      const char *upper = strchr ("RYGB", level->cells[i]);

      if (level->cells[i] != '\0' && lower != NULL)
        out->cells[i] = "rygb"[perm[lower - "rygb"]];
      else if (level->cells[i] != '\0' && upper != NULL)
        out->cells[i] = "RYGB"[perm[upper - "RYGB"]];
    }
  return out;
}

static gpointer
slide_relabel (gconstpointer data,
               GRand        *rand)
{
  guint perm[4] = { 0, 1, 2, 3 };

  shuffle (rand, perm, 4);
  return slide_recolour (data, perm);
}

static gpointer
slide_mutate (gconstpointer data,
              GRand        *rand)
{
  PwSlideLevel *out = pw_slide_kind.copy (data);
  int x = g_rand_int_range (rand, 1, out->width - 1);
  int y = g_rand_int_range (rand, 1, out->height - 1);

  out->cells[y * out->width + x] = "..#o$*rygb"[g_rand_int_range (rand, 0, 10)];
  return out;
}

static gboolean
slide_same_perm (const guint   *perm,
                 gconstpointer  a,
                 gconstpointer  b)
{
  g_autoptr(GError) error = NULL;
  gpointer recoloured = slide_recolour (a, perm);
  gboolean same = pw_slide_kind.equal (recoloured, b);

  pw_slide_kind.free (recoloured);
  return same;
}

static gboolean
slide_same (gconstpointer a,
            gconstpointer b)
{
  return any_permutation (4, slide_same_perm, a, b);
}

/* ---- combination: three colours of the palette ---- */

static gpointer
combination_make (GRand *rand)
{
  int w = g_rand_int_range (rand, 1, 4), h = g_rand_int_range (rand, 1, 4);
  int n = g_rand_int_range (rand, 1, 4);
  PwCombinationLevel *level = _pw_combination_level_new (w, h, n);

  for (int i = 0; i < w * h; i++)
    level->cells[i] = ".#o"[g_rand_int_range (rand, 0, 3)];
  for (int e = 0; e < n; e++)
    {
      level->entries[e].count = g_rand_int_range (rand, 1, 3);
      level->entries[e].colour = g_rand_int_range (rand, 0, 3);
      level->entries[e].attack = g_rand_int_range (rand, 1, 4);
    }
  return level;
}

static gpointer
combination_recolour (const PwCombinationLevel *level,
                      const guint              *perm)
{
  PwCombinationLevel *out = pw_combination_kind.copy (level);

  for (int e = 0; e < level->n_entries; e++)
    out->entries[e].colour = perm[level->entries[e].colour];
  return out;
}

static gpointer
combination_relabel (gconstpointer data,
                     GRand        *rand)
{
  guint perm[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  PwCombinationLevel *out;

  shuffle (rand, perm, 8);
  out = combination_recolour (data, perm);
  /* the inventory in another order */
  for (int e = out->n_entries; e > 1; e--)
    {
      int j = g_rand_int_range (rand, 0, e);
      PwCombinationEntry t = out->entries[e - 1];

      out->entries[e - 1] = out->entries[j];
      out->entries[j] = t;
    }
  return out;
}

static gpointer
combination_mutate (gconstpointer data,
                    GRand        *rand)
{
  PwCombinationLevel *out = pw_combination_kind.copy (data);

  if (g_rand_boolean (rand))
    out->cells[g_rand_int_range (rand, 0, out->width * out->height)] =
      ".#o"[g_rand_int_range (rand, 0, 3)];
  else
    {
      PwCombinationEntry *entry = &out->entries[g_rand_int_range (rand, 0, out->n_entries)];

      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0: entry->count = g_rand_int_range (rand, 1, 3); break;
        case 1: entry->colour = g_rand_int_range (rand, 0, 3); break;
        default: entry->attack = g_rand_int_range (rand, 1, 4); break;
        }
    }
  return out;
}

/* Pieces per colour and attack, entries added up. */
static void
combination_counts (const PwCombinationLevel *level,
                    int                       counts[8][4])
{
  memset (counts, 0, sizeof (int) * 8 * 4);
  for (int e = 0; e < level->n_entries; e++)
    counts[level->entries[e].colour][level->entries[e].attack] += level->entries[e].count;
}

static gboolean
combination_same (gconstpointer a,
                  gconstpointer b)
{
  /* levels made here use colours 0–2 only, and relabel() keeps each
   * level's colours to themselves up to the 8! orders: compare the
   * colours by what they hold, each of a's against one of b's */
  const PwCombinationLevel *la = a, *lb = b;
  int ca[8][4], cb[8][4];
  gboolean used[8] = { FALSE };
  guint n_a = 0, n_b = 0;

  if (la->width != lb->width || la->height != lb->height ||
      memcmp (la->cells, lb->cells, la->width * la->height) != 0)
    return FALSE;
  combination_counts (la, ca);
  combination_counts (lb, cb);
  for (guint x = 0; x < 8; x++)
    {
      n_a += ca[x][1] + ca[x][2] + ca[x][3] > 0;
      n_b += cb[x][1] + cb[x][2] + cb[x][3] > 0;
    }
  if (n_a != n_b)
    return FALSE;
  /* a colour of a with pieces has a colour of b with the same pieces,
   * each used once: a bijection of the colours with pieces */
  for (guint x = 0; x < 8; x++)
    {
      gboolean found = FALSE;

      if (ca[x][1] + ca[x][2] + ca[x][3] == 0)
        continue;
      for (guint y = 0; y < 8 && !found; y++)
        if (!used[y] && memcmp (ca[x], cb[y], sizeof ca[x]) == 0)
          used[y] = found = TRUE;
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* ---- FreeCell: suits that keep colours, cascades in any order ---- */

static gpointer
freecell_make (GRand *rand)
{
  return pw_fc_level_new_shuffled (g_rand_int (rand), g_rand_int_range (rand, 4, 9),
                                   g_rand_int_range (rand, 0, 5));
}

static gpointer
freecell_resuit (const PwFreecellLevel *level,
                 const guint           *perm)
{
  PwFreecellLevel *out = pw_freecell_kind.copy (level);

  for (int c = 0; c < level->n_cascades; c++)
    for (int i = 0; i < level->height[c]; i++)
      out->cards[c][i] = PW_FC_CARD (PW_FC_RANK (level->cards[c][i]),
                                     perm[PW_FC_SUIT (level->cards[c][i])]);
  return out;
}

/* Whether @perm of the suits keeps red with red and black with black, or
 * swaps the two colours throughout. */
static gboolean
keeps_colours (const guint *perm)
{
  gboolean swapped = PW_FC_RED (PW_FC_CARD (1, 0)) != PW_FC_RED (PW_FC_CARD (1, perm[0]));

  for (guint s = 0; s < 4; s++)
    if ((PW_FC_RED (PW_FC_CARD (1, s)) != PW_FC_RED (PW_FC_CARD (1, perm[s]))) != swapped)
      return FALSE;
  return TRUE;
}

static gpointer
freecell_relabel (gconstpointer data,
                  GRand        *rand)
{
  const PwFreecellLevel *level = data;
  guint perm[4];
  guint order[PW_FC_MAX_CASCADES];
  PwFreecellLevel *suited, *out;

  do
    {
      for (guint s = 0; s < 4; s++)
        perm[s] = s;
      shuffle (rand, perm, 4);
    }
  while (!keeps_colours (perm));
  suited = freecell_resuit (level, perm);
  out = pw_freecell_kind.copy (suited);
  for (int c = 0; c < level->n_cascades; c++)
    order[c] = c;
  shuffle (rand, order, level->n_cascades);
  for (int c = 0; c < level->n_cascades; c++)
    {
      out->height[c] = suited->height[order[c]];
      memcpy (out->cards[c], suited->cards[order[c]], PW_FC_MAX_HEIGHT);
    }
  pw_freecell_kind.free (suited);
  return out;
}

static gpointer
freecell_mutate (gconstpointer data,
                 GRand        *rand)
{
  PwFreecellLevel *out = pw_freecell_kind.copy (data);
  int a = g_rand_int_range (rand, 0, out->n_cascades);
  int b = g_rand_int_range (rand, 0, out->n_cascades);

  if (g_rand_int_range (rand, 0, 4) == 0)
    out->free_cells = (out->free_cells + 1) % 5;
  else if (out->height[a] > 0 && out->height[b] > 0)
    {
      /* two cards change places */
      int i = g_rand_int_range (rand, 0, out->height[a]);
      int j = g_rand_int_range (rand, 0, out->height[b]);
      guint8 t = out->cards[a][i];

      out->cards[a][i] = out->cards[b][j];
      out->cards[b][j] = t;
    }
  return out;
}

static gboolean
freecell_same_perm (const guint   *perm,
                    gconstpointer  a,
                    gconstpointer  b)
{
  const PwFreecellLevel *lb = b;
  PwFreecellLevel *la;
  gboolean taken[PW_FC_MAX_CASCADES] = { FALSE };
  gboolean same = TRUE;

  if (!keeps_colours (perm))
    return FALSE;
  la = freecell_resuit (a, perm);
  if (la->n_cascades != lb->n_cascades || la->free_cells != lb->free_cells)
    same = FALSE;
  /* each cascade of a matches a cascade of b not matched yet */
  for (int c = 0; same && c < la->n_cascades; c++)
    {
      gboolean found = FALSE;

      for (int d = 0; d < lb->n_cascades && !found; d++)
        if (!taken[d] && la->height[c] == lb->height[d] &&
            memcmp (la->cards[c], lb->cards[d], la->height[c]) == 0)
          taken[d] = found = TRUE;
      same = found;
    }
  pw_freecell_kind.free (la);
  return same;
}

static gboolean
freecell_isomorphic (gconstpointer a,
                     gconstpointer b)
{
  return any_permutation (4, freecell_same_perm, a, b);
}

/* ---- Latin squares, Futoshiki, jigsaw Sudoku: small grids ---- */

static PwLatinLevel *
latin_random (PwLatinVariant variant,
              guint          n,
              GRand         *rand)
{
  PwLatinLevel *level = _pw_latin_level_new (variant, n, variant == PW_LATIN_SUDOKU ? 2 : 0,
                                             variant == PW_LATIN_SUDOKU ? n / 2 : 0);

  for (guint c = 0; c < n * n; c++)
    level->givens[c] = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, n + 1) : 0;
  if (variant == PW_LATIN_FUTOSHIKI)
    for (guint i = 0; i < n; i++)
      {
        guint a = g_rand_int_range (rand, 0, n * n);
        guint b = g_rand_boolean (rand) ? a + 1 : a + n;

        if ((b == a + 1 && b % n == 0) || b >= n * n)
          continue;
        if (g_rand_boolean (rand))
          _pw_latin_level_set_less (level, a, b);
        else
          _pw_latin_level_set_less (level, b, a);
      }
  return level;
}

static gpointer
latin_make (GRand *rand)
{
  return latin_random (PW_LATIN_LATIN, g_rand_int_range (rand, 2, 5), rand);
}

static gpointer
latin_redigit (const PwLatinLevel *level,
               const guint        *perm)
{
  PwLatinLevel *out = _pw_latin_level_copy (level);

  for (guint c = 0; c < level->n * level->n; c++)
    out->givens[c] = level->givens[c] ? perm[level->givens[c] - 1] + 1 : 0;
  return out;
}

static gpointer
latin_relabel (gconstpointer data,
               GRand        *rand)
{
  const PwLatinLevel *level = data;
  guint perm[PW_LATIN_MAX_N];

  for (guint d = 0; d < level->n; d++)
    perm[d] = d;
  shuffle (rand, perm, level->n);
  return latin_redigit (level, perm);
}

static gpointer
latin_mutate (gconstpointer data,
              GRand        *rand)
{
  PwLatinLevel *out = _pw_latin_level_copy (data);

  out->givens[g_rand_int_range (rand, 0, out->n * out->n)] = g_rand_int_range (rand, 0,
                                                                               out->n + 1);
  return out;
}

/* Regions equal up to their numbers: a bijection maps a's onto b's. */
static gboolean
regions_same (const guint8 *a,
              const guint8 *b,
              guint         cells)
{
  int forward[256], backward[256];

  for (guint i = 0; i < 256; i++)
    forward[i] = backward[i] = -1;
  for (guint c = 0; c < cells; c++)
    {
      if (forward[a[c]] < 0 && backward[b[c]] < 0)
        {
          forward[a[c]] = b[c];
          backward[b[c]] = a[c];
        }
      if (forward[a[c]] != b[c] || backward[b[c]] != a[c])
        return FALSE;
    }
  return TRUE;
}

/* Digits equal up to their names: blanks where b has blanks, and a
 * bijection of the digits maps a's onto b's; regions likewise. */
static gboolean
latin_same (gconstpointer a,
            gconstpointer b)
{
  const PwLatinLevel *la = a, *lb = b;
  guint cells = la->n * la->n;

  if (la->n != lb->n || la->box_rows != lb->box_rows || la->box_cols != lb->box_cols ||
      (la->regions == NULL) != (lb->regions == NULL))
    return FALSE;
  for (guint c = 0; c < cells; c++)
    if ((la->givens[c] == 0) != (lb->givens[c] == 0))
      return FALSE;
  return regions_same (la->givens, lb->givens, cells) &&
         (la->regions == NULL || regions_same (la->regions, lb->regions, cells));
}

static gpointer
futoshiki_make (GRand *rand)
{
  return latin_random (PW_LATIN_FUTOSHIKI, g_rand_int_range (rand, 2, 5), rand);
}

/* Digits backwards, every sign the other way round. */
static gpointer
futoshiki_backwards (gconstpointer data)
{
  const PwLatinLevel *level = data;
  PwLatinLevel *out = _pw_latin_level_copy (level);
  guint n = level->n;

  for (guint c = 0; c < n * n; c++)
    {
      guint8 s = level->signs[c];

      out->givens[c] = level->givens[c] ? n + 1 - level->givens[c] : 0;
      out->signs[c] = ((s & PW_SIGN_RIGHT_LESS) ? PW_SIGN_RIGHT_GREATER : 0) |
                      ((s & PW_SIGN_RIGHT_GREATER) ? PW_SIGN_RIGHT_LESS : 0) |
                      ((s & PW_SIGN_DOWN_LESS) ? PW_SIGN_DOWN_GREATER : 0) |
                      ((s & PW_SIGN_DOWN_GREATER) ? PW_SIGN_DOWN_LESS : 0);
    }
  return out;
}

static gpointer
futoshiki_relabel (gconstpointer data,
                   GRand        *rand)
{
  return g_rand_boolean (rand) ? futoshiki_backwards (data) : _pw_latin_level_copy (data);
}

static gpointer
futoshiki_mutate (gconstpointer data,
                  GRand        *rand)
{
  PwLatinLevel *out;
  guint n, a;

  if (g_rand_boolean (rand))
    return latin_mutate (data, rand);
  out = _pw_latin_level_copy (data);
  n = out->n;
  /* a sign between a cell and its right neighbour, either way */
  a = g_rand_int_range (rand, 0, n * (n - 1));
  a = a / (n - 1) * n + a % (n - 1);
  if (g_rand_boolean (rand))
    _pw_latin_level_set_less (out, a, a + 1);
  else
    _pw_latin_level_set_less (out, a + 1, a);
  return out;
}

static gboolean
futoshiki_same (gconstpointer a,
                gconstpointer b)
{
  PwLatinLevel *backwards;
  gboolean same;

  if (_pw_latin_level_equal (a, b))
    return TRUE;
  backwards = futoshiki_backwards (a);
  same = _pw_latin_level_equal (backwards, b);
  _pw_latin_level_free (backwards);
  return same;
}

static gpointer
jigsaw_make (GRand *rand)
{
  PwLatinLevel *level = latin_random (PW_LATIN_SUDOKU, 4, rand);

  level->jigsaw = TRUE;
  for (guint c = 0; c < 16; c++)
    level->regions[c] = g_rand_int_range (rand, 0, 4);
  return level;
}

static gpointer
jigsaw_relabel (gconstpointer data,
                GRand        *rand)
{
  PwLatinLevel *out = latin_relabel (data, rand);
  guint perm[4] = { 0, 1, 2, 3 };

  shuffle (rand, perm, 4);
  for (guint c = 0; c < 16; c++)
    out->regions[c] = perm[out->regions[c]];
  return out;
}

static gpointer
jigsaw_mutate (gconstpointer data,
               GRand        *rand)
{
  PwLatinLevel *out;

  if (g_rand_boolean (rand))
    return latin_mutate (data, rand);
  out = _pw_latin_level_copy (data);
  out->regions[g_rand_int_range (rand, 0, 16)] = g_rand_int_range (rand, 0, 4);
  return out;
}

/* ---- Sudoku 4×4 and 6×6: every Sudoku transformation, tried ---- */

static gpointer
sudoku_make (GRand *rand)
{
  guint n = g_rand_boolean (rand) ? 4 : 6;
  PwLatinLevel *level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, 2, n / 2);

  for (guint c = 0; c < n * n; c++)
    level->givens[c] = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, n + 1) : 0;
  return level;
}

/* Rows in @rows' order, columns in @cols' order, then transposed when
 * @turn (boxes r × c then c × r). */
static PwLatinLevel *
sudoku_arrange (const PwLatinLevel *level,
                const guint        *rows,
                const guint        *cols,
                gboolean            turn)
{
  guint n = level->n;
  PwLatinLevel *out = _pw_latin_level_new (PW_LATIN_SUDOKU, n,
                                           turn ? level->box_cols : level->box_rows,
                                           turn ? level->box_rows : level->box_cols);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint8 v = level->givens[rows[y] * n + cols[x]];

        if (turn)
          out->givens[x * n + y] = v;
        else
          out->givens[y * n + x] = v;
      }
  return out;
}

/* Every order of @n lines in groups of @size: groups in any order, lines
 * within each in any order; appended to @orders, n at a time. */
static void
line_orders (guint   n,
             guint   size,
             GArray *orders)
{
  guint groups[8], within[8][8];
  guint n_groups = n / size;
  GArray *group_orders = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *line_perms = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_group_orders, n_line_perms, total;

  /* the permutations of the groups and of the lines of one group, listed
   * plainly by counting in base n and keeping those with no repeats */
  for (guint k = 0, limit = 1; k < 2; k++, limit = 1)
    {
      guint m = k == 0 ? n_groups : size;
      GArray *into = k == 0 ? group_orders : line_perms;
      guint digits[8];

      for (guint i = 0; i < m; i++)
        limit *= m;
      for (guint v = 0; v < limit; v++)
        {
          guint seen = 0, x = v;
          gboolean ok = TRUE;

          for (guint i = 0; i < m; i++, x /= m)
            {
              digits[i] = x % m;
              ok = ok && !(seen & (1u << digits[i]));
              seen |= 1u << digits[i];
            }
          if (ok)
            g_array_append_vals (into, digits, m);
        }
    }
  n_group_orders = group_orders->len / n_groups;
  n_line_perms = line_perms->len / size;
  total = n_group_orders;
  for (guint g = 0; g < n_groups; g++)
    total *= n_line_perms;
  for (guint v = 0; v < total; v++)
    {
      guint x = v;

      memcpy (groups, &g_array_index (group_orders, guint, (x % n_group_orders) * n_groups),
              n_groups * sizeof (guint));
      x /= n_group_orders;
      for (guint g = 0; g < n_groups; g++, x /= n_line_perms)
        memcpy (within[g], &g_array_index (line_perms, guint, (x % n_line_perms) * size),
                size * sizeof (guint));
      for (guint g = 0; g < n_groups; g++)
        for (guint i = 0; i < size; i++)
          {
            guint line = groups[g] * size + within[g][i];

            g_array_append_val (orders, line);
          }
    }
  g_array_unref (group_orders);
  g_array_unref (line_perms);
}

static gboolean
sudoku_isomorphic (gconstpointer a,
                   gconstpointer b)
{
  const PwLatinLevel *la = a, *lb = b;
  guint n = la->n;
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint));

  if (la->n != lb->n)
    return FALSE;
  line_orders (n, la->box_rows, rows);
  line_orders (n, la->box_cols, cols);
  for (guint turn = 0; turn < 2; turn++)
    for (guint r = 0; r < rows->len / n; r++)
      for (guint c = 0; c < cols->len / n; c++)
        {
          PwLatinLevel *image = sudoku_arrange (la, &g_array_index (rows, guint, r * n),
                                                &g_array_index (cols, guint, c * n), turn);
          gboolean same = latin_same (image, lb);

          _pw_latin_level_free (image);
          if (same)
            return TRUE;
        }
  return FALSE;
}

static gpointer
sudoku_relabel (gconstpointer data,
                GRand        *rand)
{
  const PwLatinLevel *level = data;
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint));
  PwLatinLevel *arranged, *out;
  guint n = level->n;

  line_orders (n, level->box_rows, rows);
  line_orders (n, level->box_cols, cols);
  arranged = sudoku_arrange (level,
                             &g_array_index (rows, guint, g_rand_int_range (rand, 0, rows->len / n) * n),
                             &g_array_index (cols, guint, g_rand_int_range (rand, 0, cols->len / n) * n),
                             g_rand_boolean (rand));
  out = latin_relabel (arranged, rand);
  _pw_latin_level_free (arranged);
  return out;
}

/* ---- Latin squares: rows and columns in any order ---- */

static PwLatinLevel *
latin_arrange (const PwLatinLevel *level,
               const guint        *rows,
               const guint        *cols,
               gboolean            turn)
{
  guint n = level->n;
  PwLatinLevel *out = _pw_latin_level_copy (level);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      out->givens[turn ? x * n + y : y * n + x] = level->givens[rows[y] * n + cols[x]];
  return out;
}

static gpointer
latin_shuffle (gconstpointer data,
               GRand        *rand)
{
  const PwLatinLevel *level = data;
  guint rows[PW_LATIN_MAX_N], cols[PW_LATIN_MAX_N];
  PwLatinLevel *arranged, *out;

  for (guint i = 0; i < level->n; i++)
    rows[i] = cols[i] = i;
  shuffle (rand, rows, level->n);
  shuffle (rand, cols, level->n);
  arranged = latin_arrange (level, rows, cols, g_rand_boolean (rand));
  out = latin_relabel (arranged, rand);
  _pw_latin_level_free (arranged);
  return out;
}

static gboolean
latin_isomorphic (gconstpointer a,
                  gconstpointer b)
{
  const PwLatinLevel *la = a, *lb = b;
  guint n = la->n;
  g_autoptr(GArray) orders = g_array_new (FALSE, FALSE, sizeof (guint));

  if (la->n != lb->n)
    return FALSE;
  /* every order of the rows, of the columns (groups of one line) */
  line_orders (n, 1, orders);
  for (guint turn = 0; turn < 2; turn++)
    for (guint r = 0; r < orders->len / n; r++)
      for (guint c = 0; c < orders->len / n; c++)
        {
          PwLatinLevel *image = latin_arrange (la, &g_array_index (orders, guint, r * n),
                                               &g_array_index (orders, guint, c * n), turn);
          gboolean same = latin_same (image, lb);

          _pw_latin_level_free (image);
          if (same)
            return TRUE;
        }
  return FALSE;
}

/* ---- magic: the complement ---- */

static gpointer
magic_make (GRand *rand)
{
  guint n = g_rand_int_range (rand, 2, 5);
  PwMagicLevel *level = _pw_magic_level_new (n);

  for (guint c = 0; c < n * n; c++)
    level->givens[c] = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, n * n + 1)
                                                          : 0;
  return level;
}

static gpointer
magic_complement (const PwMagicLevel *level)
{
  PwMagicLevel *out = pw_magic_kind.copy (level);

  for (guint c = 0; c < level->n * level->n; c++)
    out->givens[c] = level->givens[c] ? level->n * level->n + 1 - level->givens[c] : 0;
  return out;
}

static gpointer
magic_relabel (gconstpointer data,
               GRand        *rand)
{
  return g_rand_boolean (rand) ? magic_complement (data) : pw_magic_kind.copy (data);
}

static gpointer
magic_mutate (gconstpointer data,
              GRand        *rand)
{
  PwMagicLevel *out = pw_magic_kind.copy (data);

  out->givens[g_rand_int_range (rand, 0, out->n * out->n)] = g_rand_int_range (rand, 0, out->n * out->n + 1);
  return out;
}

static gboolean
magic_same (gconstpointer a,
            gconstpointer b)
{
  PwMagicLevel *complement;
  gboolean same;

  if (pw_magic_kind.equal (a, b))
    return TRUE;
  complement = magic_complement (a);
  same = pw_magic_kind.equal (complement, b);
  pw_magic_kind.free (complement);
  return same;
}

/* ---- Queens and Star Battle: regions are names ---- */

static gpointer
queens_random (PwQueensVariant variant,
               GRand          *rand)
{
  guint n = g_rand_int_range (rand, 2, 5);
  PwQueensLevel *level = _pw_queens_level_new (variant, n, 1);

  for (guint c = 0; c < n * n; c++)
    {
      level->cells[c] = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_int_range (rand, 1, 3) : 0;
      if (level->regions != NULL)
        level->regions[c] = g_rand_int_range (rand, 0, 2);
    }
  return level;
}

static gpointer
queens_make (GRand *rand)
{
  return queens_random (PW_QUEENS_QUEENS, rand);
}

static gpointer
star_make (GRand *rand)
{
  return queens_random (PW_QUEENS_STAR_BATTLE, rand);
}

static gpointer
queens_mutate (gconstpointer data,
               GRand        *rand)
{
  PwQueensLevel *out = _pw_queens_level_copy (data);
  guint c = g_rand_int_range (rand, 0, out->n * out->n);

  if (out->regions != NULL && g_rand_boolean (rand))
    out->regions[c] = g_rand_int_range (rand, 0, 2);
  else
    out->cells[c] = g_rand_int_range (rand, 0, 3);
  return out;
}

static gpointer
star_relabel (gconstpointer data,
              GRand        *rand)
{
  PwQueensLevel *out = _pw_queens_level_copy (data);
  guint perm[PW_QUEENS_MAX_N];

  for (guint r = 0; r < out->n; r++)
    perm[r] = r;
  shuffle (rand, perm, out->n);
  for (guint c = 0; c < out->n * out->n; c++)
    out->regions[c] = perm[out->regions[c]];
  return out;
}

static gboolean
queens_same (gconstpointer a,
             gconstpointer b)
{
  const PwQueensLevel *la = a, *lb = b;

  return la->n == lb->n && la->stars == lb->stars &&
         memcmp (la->cells, lb->cells, la->n * la->n) == 0 &&
         (la->regions == NULL) == (lb->regions == NULL) &&
         (la->regions == NULL || regions_same (la->regions, lb->regions, la->n * la->n));
}

/* ---- knight's tour and nonogram: turns and mirrors only ---- */

static gpointer
knight_make (GRand *rand)
{
  guint w = g_rand_int_range (rand, 3, 5), h = g_rand_int_range (rand, 3, 5);
  PwKnightLevel *level = _pw_knight_level_new (w, h, g_rand_int_range (rand, 0, 4) == 0);

  for (guint c = 0; c < w * h; c++)
    switch (g_rand_int_range (rand, 0, 6))
      {
      case 0: level->cells[c] = PW_KNIGHT_BLOCKED; break;
      case 1: level->cells[c] = g_rand_int_range (rand, 1, w * h + 1); break;
      default: level->cells[c] = 0; break;
      }
  return level;
}

static gpointer
knight_mutate (gconstpointer data,
               GRand        *rand)
{
  PwKnightLevel *out = _pw_knight_level_copy (data);
  guint c = g_rand_int_range (rand, 0, out->width * out->height);

  if (g_rand_int_range (rand, 0, 5) == 0)
    out->closed = !out->closed;
  else
    out->cells[c] = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 1, 4);
  return out;
}

/* The tour walked backwards: the givens numbered from the other end. */
static gpointer
knight_backwards (const PwKnightLevel *level)
{
  PwKnightLevel *out = _pw_knight_level_copy (level);
  guint free_cells = 0;

  for (guint c = 0; c < level->width * level->height; c++)
    free_cells += level->cells[c] != PW_KNIGHT_BLOCKED;
  for (guint c = 0; c < level->width * level->height; c++)
    if (level->cells[c] != 0 && level->cells[c] != PW_KNIGHT_BLOCKED &&
        level->cells[c] <= free_cells)
      out->cells[c] = free_cells + 1 - level->cells[c];
  return out;
}

static gpointer
knight_relabel (gconstpointer data,
                GRand        *rand)
{
  return g_rand_boolean (rand) ? knight_backwards (data) : _pw_knight_level_copy (data);
}

static gboolean
knight_same (gconstpointer a,
             gconstpointer b)
{
  PwKnightLevel *backwards;
  gboolean same;

  if (pw_knights_tour_kind.equal (a, b))
    return TRUE;
  backwards = knight_backwards (a);
  same = pw_knights_tour_kind.equal (backwards, b);
  _pw_knight_level_free (backwards);
  return same;
}

static gpointer
nonogram_make (GRand *rand)
{
  guint w = g_rand_int_range (rand, 1, 5), h = g_rand_int_range (rand, 1, 5);
  PwNonogramLevel *level = _pw_nonogram_level_new (w, h);

  for (guint c = 0; c < w * h; c++)
    level->grid[c] = g_rand_boolean (rand);
  return level;
}

static gpointer
nonogram_mutate (gconstpointer data,
                 GRand        *rand)
{
  PwNonogramLevel *out = _pw_nonogram_level_copy (data);
  guint c = g_rand_int_range (rand, 0, out->width * out->height);

  out->grid[c] = !out->grid[c];
  return out;
}

/* The puzzle is its clues: two pictures with the same clues are one. */
static gboolean
nonogram_same (gconstpointer a,
               gconstpointer b)
{
  const PwNonogramLevel *la = a, *lb = b;
  g_autoptr(PwNonoClues) ca = NULL;
  g_autoptr(PwNonoClues) cb = NULL;

  if (la->width != lb->width || la->height != lb->height)
    return FALSE;
  ca = _pw_nonogram_level_clues (la);
  cb = _pw_nonogram_level_clues (lb);
  return _pw_nono_clues_equal (ca, cb);
}

static const Case cases[] = {
  { "slide", slide_make, slide_relabel, slide_mutate, slide_same, NULL },
  { "combination", combination_make, combination_relabel, combination_mutate, combination_same,
    NULL },
  { "freecell", freecell_make, freecell_relabel, freecell_mutate, NULL, freecell_isomorphic },
  { "latin", latin_make, latin_shuffle, latin_mutate, NULL, latin_isomorphic },
  { "futoshiki", futoshiki_make, futoshiki_relabel, futoshiki_mutate, futoshiki_same, NULL },
  { "sudoku", sudoku_make, sudoku_relabel, latin_mutate, NULL, sudoku_isomorphic },
  { "magic", magic_make, magic_relabel, magic_mutate, magic_same, NULL },
  { "queens", queens_make, NULL, queens_mutate, queens_same, NULL },
  { "star-battle", star_make, star_relabel, queens_mutate, queens_same, NULL },
  { "knights-tour", knight_make, knight_relabel, knight_mutate, knight_same, NULL },
  { "nonogram", nonogram_make, NULL, nonogram_mutate, nonogram_same, NULL },
};

/* Jigsaw Sudoku: the kind is sudoku, the symmetries those of a jigsaw. */
static const Case jigsaw_case = {
  "sudoku", jigsaw_make, jigsaw_relabel, jigsaw_mutate, latin_same, NULL
};

/* 9×9 Sudoku: too many transformations to try them all; each random one
 * keeps the form, and a changed given changes it. */
static void
test_sudoku_9x9 (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  const PwKind *kind = pw_kinds_lookup ("sudoku");

  for (guint round = 0; round < 60; round++)
    {
      PwLatinLevel *level = _pw_latin_level_new (PW_LATIN_SUDOKU, 9, 3, 3);
      PwLatinLevel *image, *changed;
      g_autofree char *form = NULL;
      g_autofree char *image_form = NULL;
      g_autofree char *changed_form = NULL;
      guint c;

      for (c = 0; c < 81; c++)
        level->givens[c] = g_rand_int_range (rand, 0, 3) == 0 ? g_rand_int_range (rand, 1, 10) : 0;
      form = kind->canonical_form (level);
      image = sudoku_relabel (level, rand);
      image_form = kind->canonical_form (image);
      g_assert_cmpstr (form, ==, image_form);

      /* one more given: fewer givens can no longer be the same puzzle */
      changed = _pw_latin_level_copy (level);
      for (c = g_rand_int_range (rand, 0, 81); changed->givens[c] != 0; c = (c + 1) % 81)
        ;
      changed->givens[c] = g_rand_int_range (rand, 1, 10);
      changed_form = kind->canonical_form (changed);
      g_assert_cmpstr (form, !=, changed_form);
      _pw_latin_level_free (level);
      _pw_latin_level_free (image);
      _pw_latin_level_free (changed);
    }

  /* blank rows and columns are interchangeable (the search tries one of
   * each kind): any two grids of one given are the same puzzle, and of
   * two givens, those in one box, in one band or stack, or in neither */
  {
    g_autofree char *reference = NULL;
    /* not g_autofree: on an array it frees only the first element */
    char *classes[3] = { NULL, NULL, NULL };

    for (guint round = 0; round < 40; round++)
      {
        PwLatinLevel *one = _pw_latin_level_new (PW_LATIN_SUDOKU, 9, 3, 3);
        PwLatinLevel *two = _pw_latin_level_new (PW_LATIN_SUDOKU, 9, 3, 3);
        guint a = g_rand_int_range (rand, 0, 81), b;
        g_autofree char *form_one = NULL;
        g_autofree char *form_two = NULL;
        guint class;

        one->givens[a] = g_rand_int_range (rand, 1, 10);
        form_one = kind->canonical_form (one);
        if (reference == NULL)
          reference = g_strdup (form_one);
        g_assert_cmpstr (form_one, ==, reference);

        do
          b = g_rand_int_range (rand, 0, 81);
        while (b == a || a / 9 == b / 9 || a % 9 == b % 9);
        two->givens[a] = 1;
        two->givens[b] = 2;
        /* 0: one box; 1: one band or one stack; 2: neither */
        class = (a / 27 == b / 27) + (a % 9 / 3 == b % 9 / 3);
        class = class == 2 ? 0 : class == 1 ? 1 : 2;
        form_two = kind->canonical_form (two);
        if (classes[class] == NULL)
          classes[class] = g_strdup (form_two);
        g_assert_cmpstr (form_two, ==, classes[class]);
        for (guint other = 0; other < 3; other++)
          if (other != class && classes[other] != NULL)
            g_assert_cmpstr (form_two, !=, classes[other]);
        _pw_latin_level_free (one);
        _pw_latin_level_free (two);
      }
    for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
      g_free (classes[c]);
  }
}

/* Grids past the Sudoku search (12×12 and up, boxes of one row or one
 * column) fall back to turns and mirrors, and keep their form under
 * each. */
static void
test_sudoku_large (void)
{
  static const guint shapes[][3] = { { 16, 4, 4 }, { 12, 3, 4 }, { 8, 1, 8 }, { 64, 8, 8 } };
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  const PwKind *kind = pw_kinds_lookup ("sudoku");

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      guint n = shapes[s][0];
      PwLatinLevel *level = _pw_latin_level_new (PW_LATIN_SUDOKU, n, shapes[s][1], shapes[s][2]);
      g_autofree char *form = NULL;

      for (guint c = 0; c < n * n; c++)
        level->givens[c] = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_int_range (rand, 1, n + 1)
                                                              : 0;
      form = kind->canonical_form (level);
      for (guint t = 0; t < 8; t++)
        {
          gpointer image = dihedral (kind, level, t);
          gpointer relabelled = latin_relabel (image, rand);
          g_autofree char *image_form = kind->canonical_form (relabelled);

          g_assert_cmpstr (form, ==, image_form);
          kind->free (image);
          kind->free (relabelled);
        }
      _pw_latin_level_free (level);
    }
}

/* The set-wide search: groups in order, levels of two kinds never
 * grouped, a level alone in no group. */
static void
test_find_duplicates (void)
{
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  g_autoptr(GPtrArray) groups = NULL;
  g_autoptr(GError) error = NULL;
  PwLevel *a, *turned, *other, *recoloured;

  a = pw_level_new_from_text ("slide", "#####\n#r..R\n#.$.#\n#####", &error);
  g_assert_no_error (error);
  pw_level_set_id (a, "a");
  other = pw_level_new_from_text ("slide", "#####\n#r..R\n#..$#\n#####", &error);
  g_assert_no_error (error);
  pw_level_set_id (other, "other");
  turned = pw_level_transformed (a, PW_TRANSFORM_ROTATE_CLOCKWISE, &error);
  g_assert_no_error (error);
  pw_level_set_id (turned, "turned");
  recoloured = pw_level_new_from_text ("slide", "#####\n#.$.#\n#b..B\n#####", &error);
  g_assert_no_error (error);
  pw_level_set_id (recoloured, "recoloured");
  g_ptr_array_add (levels, a);
  g_ptr_array_add (levels, other);
  g_ptr_array_add (levels, turned);
  g_ptr_array_add (levels, recoloured);

  groups = pw_find_duplicates (levels);
  g_assert_cmpuint (groups->len, ==, 1);
  g_assert_cmpuint (((GPtrArray *) groups->pdata[0])->len, ==, 3);
  g_assert_true (g_ptr_array_index ((GPtrArray *) groups->pdata[0], 0) == a);
  g_assert_true (g_ptr_array_index ((GPtrArray *) groups->pdata[0], 1) == turned);
  g_assert_true (g_ptr_array_index ((GPtrArray *) groups->pdata[0], 2) == recoloured);
}

/* ---- Latin squares 7 × 7 to 9 × 9: rows and columns in any order ---- */

/* A plain search for rows ρ, columns σ and digits π with
 * b[ρ(i)][σ(j)] = π(a[i][j]) (blanks to blanks): row 0 of a picks its row
 * of b and every column, the other rows then only their rows; digits are
 * bound as cells meet them. No numbering by appearance, no best so far. */
typedef struct
{
  const guint8 *a;
  const guint8 *b;
  guint         n;
  guint         rho0;
  guint         sigma[PW_LATIN_MAX_N];
  gboolean      row_used[PW_LATIN_MAX_N];
  gboolean      column_used[PW_LATIN_MAX_N];
  guint8        pi[PW_LATIN_MAX_N + 1];
  guint8        pi_inverse[PW_LATIN_MAX_N + 1];
} LatinIso;

/* Binds digit @x of a to @y of b; FALSE when that contradicts π. *bound
 * says whether a new pair was made (to undo). */
static gboolean
iso_bind (LatinIso *s,
          guint8    x,
          guint8    y,
          gboolean *bound)
{
  *bound = FALSE;
  if (x == 0 || y == 0)
    return x == y;
  if (s->pi[x] == 0 && s->pi_inverse[y] == 0)
    {
      s->pi[x] = y;
      s->pi_inverse[y] = x;
      *bound = TRUE;
      return TRUE;
    }
  return s->pi[x] == y;
}

static void
iso_unbind (LatinIso *s,
            guint8    x)
{
  s->pi_inverse[s->pi[x]] = 0;
  s->pi[x] = 0;
}

static gboolean iso_rows (LatinIso *s,
                          guint     i);

static gboolean
iso_columns (LatinIso *s,
             guint     j)
{
  guint n = s->n;

  if (j == n)
    return iso_rows (s, 1);
  for (guint c = 0; c < n; c++)
    {
      guint8 x = s->a[j];
      gboolean bound, found;

      if (s->column_used[c] || !iso_bind (s, x, s->b[s->rho0 * n + c], &bound))
        continue;
      s->column_used[c] = TRUE;
      s->sigma[j] = c;
      found = iso_columns (s, j + 1);
      s->column_used[c] = FALSE;
      if (bound)
        iso_unbind (s, x);
      if (found)
        return TRUE;
    }
  return FALSE;
}

static gboolean
iso_rows (LatinIso *s,
          guint     i)
{
  guint n = s->n;

  if (i == n)
    return TRUE;
  for (guint r = 0; r < n; r++)
    {
      guint8 made[PW_LATIN_MAX_N];
      guint n_made = 0;
      gboolean ok = TRUE, found = FALSE;

      if (s->row_used[r])
        continue;
      s->row_used[r] = TRUE;
      if (i == 0)
        {
          s->rho0 = r;
          found = iso_columns (s, 0);
        }
      else
        {
          for (guint j = 0; j < n && ok; j++)
            {
              gboolean bound;

              ok = iso_bind (s, s->a[i * n + j], s->b[r * n + s->sigma[j]], &bound);
              if (bound)
                made[n_made++] = s->a[i * n + j];
            }
          found = ok && iso_rows (s, i + 1);
          while (n_made > 0)
            iso_unbind (s, made[--n_made]);
        }
      s->row_used[r] = FALSE;
      if (found)
        return TRUE;
    }
  return FALSE;
}

static gboolean
latin_plain_isomorphic (const PwLatinLevel *a,
                        const PwLatinLevel *b)
{
  guint n = a->n;
  g_autofree guint8 *transposed = g_new (guint8, n * n);

  if (b->n != n)
    return FALSE;
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      transposed[x * n + y] = a->givens[y * n + x];
  for (guint turn = 0; turn < 2; turn++)
    {
      LatinIso s = { turn ? transposed : a->givens, b->givens, n };

      if (iso_rows (&s, 0))
        return TRUE;
    }
  return FALSE;
}

/* A random partial Latin square: a cyclic square with its rows, columns
 * and digits shuffled, about a third of its cells given. */
static PwLatinLevel *
latin_partial (guint  n,
               GRand *rand)
{
  PwLatinLevel *level = _pw_latin_level_new (PW_LATIN_LATIN, n, 0, 0);
  guint rows[PW_LATIN_MAX_N], cols[PW_LATIN_MAX_N], digits[PW_LATIN_MAX_N];

  for (guint i = 0; i < n; i++)
    rows[i] = cols[i] = digits[i] = i;
  shuffle (rand, rows, n);
  shuffle (rand, cols, n);
  shuffle (rand, digits, n);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      if (g_rand_int_range (rand, 0, 3) == 0)
        level->givens[y * n + x] = digits[(rows[y] + cols[x]) % n] + 1;
  return level;
}

/* Above 6 × 6 a Latin square's rows and columns are exchanged too: a
 * square and its image under random rows, columns, digits and a
 * transposition share their form; a square one cell away shares it
 * exactly when the plain search finds a way from one to the other. */
static void
test_latin_large (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (79);
  const PwKind *kind = pw_kinds_lookup ("latin");
  guint same = 0, different = 0;

  for (guint n = 7; n <= 9; n++)
    for (guint round = 0; round < 6; round++)
      {
        PwLatinLevel *a = latin_partial (n, rand);
        PwLatinLevel *image = latin_shuffle (a, rand);
        PwLatinLevel *changed = latin_mutate (round % 2 == 0 ? a : image, rand);
        /* every other time the changed square arranged again */
        PwLatinLevel *other = round % 2 == 0 ? _pw_latin_level_copy (changed)
                                             : latin_shuffle (changed, rand);
        g_autofree char *form_a = kind->canonical_form (a);
        g_autofree char *form_image = kind->canonical_form (image);
        g_autofree char *form_other = kind->canonical_form (other);
        gboolean truth = latin_plain_isomorphic (a, other);

        g_assert_cmpstr (form_a, ==, form_image);
        g_assert_true (latin_plain_isomorphic (a, image));
        g_assert_cmpint (truth, ==, g_str_equal (form_a, form_other));
        if (truth)
          same++;
        else
          different++;
        _pw_latin_level_free (a);
        _pw_latin_level_free (image);
        _pw_latin_level_free (changed);
        _pw_latin_level_free (other);
      }
  g_test_message ("one cell away: %u the same puzzle, %u not", same, different);
  g_assert_cmpuint (different, >, 0);
}

/* ---- pw_generate: every level a different puzzle ---- */

typedef struct
{
  const PwKind *kind;
  GPtrArray    *levels;   /* PwLevel */
  guint         wanted;
  GPtrArray    *forms;    /* char *: the levels' forms, in order */
} Collected;

static gboolean
collect_level (gpointer data,
               double   difficulty,
               gpointer user_data)
{
  Collected *c = user_data;
  PwLevel *level = _pw_level_new_take_data (c->kind, data);
  g_autofree char *form = pw_level_canonical_form (level);

  g_ptr_array_add (c->levels, level);
  g_ptr_array_add (c->forms, g_steal_pointer (&form));
  return c->levels->len < c->wanted;
}

static void
collected_init (Collected    *c,
                const PwKind *kind,
                guint         wanted)
{
  c->kind = kind;
  c->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  c->wanted = wanted;
  c->forms = g_ptr_array_new_with_free_func (g_free);
}

static void
collected_clear (Collected *c)
{
  g_ptr_array_unref (c->levels);
  g_ptr_array_unref (c->forms);
}

/* Whether @forms and @expected hold the same forms in the same order. */
static void
assert_same_forms (GPtrArray *forms,
                   GPtrArray *expected)
{
  g_assert_cmpuint (forms->len, ==, expected->len);
  for (guint l = 0; l < expected->len; l++)
    g_assert_cmpstr (g_ptr_array_index (forms, l), ==, g_ptr_array_index (expected, l));
}

/* The generators draw the same small puzzle again and again, turned,
 * mirrored or relabelled: pw_generate passes on exactly the first of each
 * in the order the generator made them (the plain way: every level the
 * generator made, its form, the first of each form kept), the same levels
 * for the same seed, and stops with PW_KIND_ERROR_USED_UP when a space
 * is used up, keeping what it passed on. */
static void
test_generate_distinct (void)
{
  static const struct
  {
    const char *kind_id;
    const char *param;
    const char *value;
    guint       wanted;
  } runs[] = {
    { "latin", "size", "4", 15 },
    { "latin", "size", "5", 60 },
    { "queens", NULL, NULL, 60 },
    { "futoshiki", "size", "4", 40 },
    { "sudoku", "size", "4", 20 },
    { "magic", NULL, NULL, 10 },
    { "nonogram", "size", "5x5", 40 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      const PwKind *kind = pw_kinds_lookup (runs[i].kind_id);
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GHashTable) firsts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr(GPtrArray) expected = g_ptr_array_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) groups = NULL;
      Collected raw, distinct, again;
      gboolean ok;

      g_assert_nonnull (kind);
      if (runs[i].param != NULL)
        g_hash_table_insert (params, (gpointer) runs[i].param, (gpointer) runs[i].value);

      /* the generator itself: enough levels for the first @wanted forms */
      collected_init (&raw, kind, 20 * runs[i].wanted);
      g_assert_true (kind->generate (params, 7, 0, collect_level, NULL, &raw, NULL, &error));
      g_assert_no_error (error);
      {
        guint kept = 0;

        for (guint l = 0; l < raw.forms->len && kept < runs[i].wanted; l++)
          if (g_hash_table_add (firsts, g_strdup (g_ptr_array_index (raw.forms, l))))
            {
              g_ptr_array_add (expected, g_ptr_array_index (raw.forms, l));
              kept++;
            }
        if (kept < runs[i].wanted)
          g_error ("%s %s: the generator's first %u levels hold only %u puzzles",
                   runs[i].kind_id, runs[i].value ? runs[i].value : "", raw.levels->len, kept);
        /* the point of it: the generator repeats itself */
        g_assert_cmpuint (g_hash_table_size (firsts), <, raw.levels->len);
      }

      collected_init (&distinct, kind, runs[i].wanted);
      ok = pw_generate (kind, params, 7, 0, collect_level, NULL, &distinct, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (ok);
      g_assert_cmpuint (distinct.levels->len, ==, runs[i].wanted);
      assert_same_forms (distinct.forms, expected);
      groups = pw_find_duplicates (distinct.levels);
      g_assert_cmpuint (groups->len, ==, 0);

      collected_init (&again, kind, runs[i].wanted);
      g_assert_true (pw_generate (kind, params, 7, 0, collect_level, NULL, &again, NULL, &error));
      assert_same_forms (again.forms, distinct.forms);

      collected_clear (&raw);
      collected_clear (&distinct);
      collected_clear (&again);
    }

  /* 3×3 Latin puzzles with one solution: two, up to symmetry */
  {
    const PwKind *latin = pw_kinds_lookup ("latin");
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) groups = NULL;
    Collected c;

    g_hash_table_insert (params, "size", "3");
    collected_init (&c, latin, 100);
    g_assert_false (pw_generate (latin, params, 1, 0, collect_level, NULL, &c, NULL, &error));
    g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_USED_UP);
    g_assert_nonnull (strstr (error->message, "only 2 different levels"));
    g_assert_cmpuint (c.levels->len, ==, 2);
    groups = pw_find_duplicates (c.levels);
    g_assert_cmpuint (groups->len, ==, 0);
    collected_clear (&c);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/analysis/duplicates/%s", cases[i].kind_id);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_data_func ("/analysis/duplicates/sudoku-jigsaw", &jigsaw_case, test_case);
  g_test_add_func ("/analysis/duplicates/sudoku-9x9", test_sudoku_9x9);
  g_test_add_func ("/analysis/duplicates/sudoku-large", test_sudoku_large);
  g_test_add_func ("/analysis/duplicates/latin-large", test_latin_large);
  g_test_add_func ("/analysis/duplicates/find", test_find_duplicates);
  g_test_add_func ("/analysis/duplicates/generate-distinct", test_generate_distinct);

  return g_test_run ();
}
