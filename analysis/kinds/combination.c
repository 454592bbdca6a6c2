/* combination.c — the combination kind (Jefferson, Moncur and Petrie,
 * "Combination: Automated Generation of Puzzles with Constraints", SAC
 * 2011): place coloured pieces so that no ray hits another colour
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are in docs/rules/combination.md. The model has one variable
 * per empty cell (0 empty, e + 1 a piece of entry e), which makes "at
 * most one piece per cell" part of the variables. The paper's clause for
 * two cells on a line with nothing between is, along one line of cells
 * between walls, exactly: two pieces next to each other in the line's
 * sequence of pieces (holes and empty cells skipped) are of the same
 * colour, or neither attacks along that line. An automaton per line
 * reads that, and arc consistency on it is exact for the line.
 */

#define G_LOG_DOMAIN "pw-combination"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "combination-private.h"
#include "pw-canon.h"
#include "pw-analysis.h"

const char * const pw_combination_colours[PW_COMBINATION_N_COLOURS] = {
  "red", "blue", "green", "yellow", "purple", "orange", "white", "black",
};

static const char * const attack_names[4] = { NULL, "orthogonal", "diagonal", "both" };

#define DIFFICULTY_CUTOFF    500
#define MAX_FILE_ENTRIES     64

#define COMBINATION_FIGURES(X)                                                                    \
  X (SOLUTIONS,        "solutions",          N_("Solutions"),                      PW_FIGURE_INT)    \
  X (RAW_SOLUTIONS,    "raw_solutions",      N_("Solutions, colours distinct"),     PW_FIGURE_INT)    \
  X (CAPPED,           "capped",             N_("Count stopped at the cap"),        PW_FIGURE_BOOL)   \
  X (UNIQUE,           "unique",             N_("Unique"),                          PW_FIGURE_BOOL)   \
  X (DIFFICULTY,       "difficulty",         N_("Difficulty (mean nodes)"),         PW_FIGURE_DOUBLE) \
  X (DIFFICULTY_MIN,   "difficulty_min",     N_("Difficulty (min)"),                PW_FIGURE_INT)    \
  X (DIFFICULTY_MAX,   "difficulty_max",     N_("Difficulty (max)"),                PW_FIGURE_INT)    \
  X (DIFFICULTY_SD,    "difficulty_sd",      N_("Difficulty (standard deviation)"), PW_FIGURE_DOUBLE) \
  X (METHOD,           "difficulty_method",  N_("Difficulty measured with"),        PW_FIGURE_STRING) \
  X (SINGLE,           "single_method_nodes", N_("Nodes, one fixed order"),         PW_FIGURE_INT)    \
  X (SEARCH_NODES,     "search_nodes",       N_("Nodes to prove the count"),        PW_FIGURE_INT)    \
  X (DEAD_CELLS,       "dead_cells",         N_("Dead cells"),                      PW_FIGURE_CELLS)  \
  X (ENTRY_DEAD_CELLS, "entry_dead_cells",   N_("Dead cells per inventory entry"),  PW_FIGURE_LIST)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { COMBINATION_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, label, type) { key, label, type },
/* The figures, in output order: JSON keys and CSV columns. */
static const PwFigureInfo combination_figures[] = { COMBINATION_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (combination_figures[FIG_##id].key)

/* What the editor shows first: the counts and the dead cells take a
 * small share of the time; the difficulty's 51 solves nearly all of it. */
static const char * const first_look[] = { "solutions", "raw_solutions", "capped", "unique",
                                           "search_nodes", "dead_cells", "entry_dead_cells",
                                           NULL };

/* ------------------------------------------------------------------ */
/* The level as data                                                    */

static PwCombinationLevel *
level_alloc (int width,
             int height,
             int n_entries)
{
  PwCombinationLevel *level = g_new0 (PwCombinationLevel, 1);

  level->width = width;
  level->height = height;
  level->cells = g_malloc ((gsize) width * height);
  level->entries = g_new0 (PwCombinationEntry, MAX (n_entries, 1));
  level->n_entries = n_entries;
  return level;
}

static gpointer
combination_new_default (void)
{
  PwCombinationLevel *level = level_alloc (5, 5, 2);

  memset (level->cells, '.', 25);
  level->cells[12] = '#';
  level->entries[0] = (PwCombinationEntry) { 2, 0, PW_ATTACK_ORTHOGONAL };
  level->entries[1] = (PwCombinationEntry) { 2, 1, PW_ATTACK_DIAGONAL };
  return level;
}

static gpointer
combination_copy (gconstpointer data)
{
  const PwCombinationLevel *level = data;
  PwCombinationLevel *copy = level_alloc (level->width, level->height, level->n_entries);

  memcpy (copy->cells, level->cells, (gsize) level->width * level->height);
  memcpy (copy->entries, level->entries, sizeof (PwCombinationEntry) * level->n_entries);
  if (level->placed != NULL)
    copy->placed = g_memdup2 (level->placed, (gsize) level->width * level->height);
  return copy;
}

static void
combination_free (gpointer data)
{
  PwCombinationLevel *level = data;

  if (level == NULL)
    return;
  g_free (level->cells);
  g_free (level->entries);
  g_free (level->placed);
  g_free (level);
}

static gboolean
combination_equal (gconstpointer a,
                   gconstpointer b)
{
  const PwCombinationLevel *la = a, *lb = b;

  return la->width == lb->width && la->height == lb->height && la->n_entries == lb->n_entries &&
         memcmp (la->cells, lb->cells, (gsize) la->width * la->height) == 0 &&
         memcmp (la->entries, lb->entries, sizeof (PwCombinationEntry) * la->n_entries) == 0;
}

static int
colour_from_name (const char *name)
{
  for (int c = 0; c < PW_COMBINATION_N_COLOURS; c++)
    if (g_ascii_strcasecmp (name, pw_combination_colours[c]) == 0)
      return c;
  return -1;
}

static int
attack_from_name (const char *name)
{
  for (int a = 1; a <= 3; a++)
    if (g_ascii_strcasecmp (name, attack_names[a]) == 0)
      return a;
  return -1;
}

/* Rows and entries to a level, checked. */
static PwCombinationLevel *
level_from_parts (const char * const       *rows,
                  guint                     n_rows,
                  const PwCombinationEntry *entries,
                  int                       n_entries,
                  GError                  **error)
{
  PwCombinationLevel *level;
  gsize width;

  if (n_rows < 1 || n_rows > PW_COMBINATION_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("The grid has %u rows; a combination level has 1 to %d"),
                   n_rows, PW_COMBINATION_MAX_SIZE);
      return NULL;
    }
  width = strlen (rows[0]);
  if (width < 1 || width > PW_COMBINATION_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("The grid is %zu columns wide; a combination level has 1 to %d"),
                   width, PW_COMBINATION_MAX_SIZE);
      return NULL;
    }
  for (guint y = 0; y < n_rows; y++)
    {
      if (strlen (rows[y]) != width)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Row %u is %zu cells wide but row 1 is %zu; the grid must be a rectangle"),
                       y + 1, strlen (rows[y]), width);
          return NULL;
        }
      for (gsize x = 0; x < width; x++)
        if (strchr (".#o", rows[y][x]) == NULL || rows[y][x] == '\0')
          {
            if ((guchar) rows[y][x] >= 0x20 && (guchar) rows[y][x] < 0x7f)
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Row %u, column %zu: “%c” is not a combination cell (use . # o)"),
                           y + 1, x + 1, rows[y][x]);
            else
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Row %u, column %zu: byte 0x%02x is not a combination cell "
                             "(use . # o)"), y + 1, x + 1, (guchar) rows[y][x]);
            return NULL;
          }
    }

  level = level_alloc (width, n_rows, n_entries);
  for (guint y = 0; y < n_rows; y++)
    memcpy (level->cells + y * width, rows[y], width);
  memcpy (level->entries, entries, sizeof (PwCombinationEntry) * n_entries);
  return level;
}

static gboolean
entry_from_parts (gint64               count,
                  const char          *colour,
                  const char          *attack,
                  PwCombinationEntry  *entry,
                  const char          *where,
                  GError             **error)
{
  int c = colour ? colour_from_name (colour) : -1;
  int a = attack ? attack_from_name (attack) : -1;

  if (count < 1 || count > PW_COMBINATION_MAX_SIZE * PW_COMBINATION_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s: the count must be from 1 to %d"), where,
                   PW_COMBINATION_MAX_SIZE * PW_COMBINATION_MAX_SIZE);
      return FALSE;
    }
  if (c < 0)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s: “%s” is not a colour (red, blue, green, yellow, purple, orange, "
                     "white, black)"), where, colour ? colour : "");
      return FALSE;
    }
  if (a < 0)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("%s: “%s” is not an attack (orthogonal, diagonal, both)"), where,
                   attack ? attack : "");
      return FALSE;
    }
  entry->count = count;
  entry->colour = c;
  entry->attack = a;
  return TRUE;
}

static gpointer
combination_from_json (JsonNode  *payload,
                       GError   **error)
{
  g_autofree const char **rows = NULL;
  PwCombinationEntry entries[MAX_FILE_ENTRIES];
  JsonObject *object;
  JsonNode *grid, *pieces;
  JsonArray *array;
  guint n_rows, n_entries;
  GError *local_error = NULL;
  PwCombinationLevel *level;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with a “grid” and “pieces”"));
      return NULL;
    }
  object = json_node_get_object (payload);
  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *l = members; l != NULL; l = l->next)
      if (!g_str_equal (l->data, "grid") && !g_str_equal (l->data, "pieces"))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload has an unknown member “%s”"), (const char *) l->data);
          return NULL;
        }
  }

  grid = json_object_get_member (object, "grid");
  if (grid == NULL || !JSON_NODE_HOLDS_ARRAY (grid))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.grid must be a list of row strings"));
      return NULL;
    }
  array = json_node_get_array (grid);
  n_rows = json_array_get_length (array);
  if (n_rows > PW_COMBINATION_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid has %u rows; a combination level has 1 to %d"),
                   n_rows, PW_COMBINATION_MAX_SIZE);
      return NULL;
    }
  rows = g_new0 (const char *, n_rows + 1);
  for (guint i = 0; i < n_rows; i++)
    {
      JsonNode *row = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (row) || json_node_get_value_type (row) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("payload.grid row %u is not a string"), i + 1);
          return NULL;
        }
      rows[i] = json_node_get_string (row);
    }

  pieces = json_object_get_member (object, "pieces");
  if (pieces == NULL || !JSON_NODE_HOLDS_ARRAY (pieces))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload.pieces must be a list of {count, colour, attack}"));
      return NULL;
    }
  array = json_node_get_array (pieces);
  n_entries = json_array_get_length (array);
  if (n_entries > MAX_FILE_ENTRIES)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.pieces has %u entries; at most %d"), n_entries, MAX_FILE_ENTRIES);
      return NULL;
    }
  for (guint i = 0; i < n_entries; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("payload.pieces[%u]", i);
      JsonObject *entry;
      JsonNode *count, *colour, *attack;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s must be an object {count, colour, attack}"), where);
          return NULL;
        }
      entry = json_node_get_object (node);
      {
        g_autoptr(GList) members = json_object_get_members (entry);

        for (GList *l = members; l != NULL; l = l->next)
          if (!g_str_equal (l->data, "count") && !g_str_equal (l->data, "colour") &&
              !g_str_equal (l->data, "attack"))
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("%s has an unknown member “%s”"), where, (const char *) l->data);
              return NULL;
            }
      }
      count = json_object_get_member (entry, "count");
      colour = json_object_get_member (entry, "colour");
      attack = json_object_get_member (entry, "attack");
      if (count == NULL || !JSON_NODE_HOLDS_VALUE (count) ||
          json_node_get_value_type (count) != G_TYPE_INT64 ||
          colour == NULL || !JSON_NODE_HOLDS_VALUE (colour) ||
          json_node_get_value_type (colour) != G_TYPE_STRING ||
          attack == NULL || !JSON_NODE_HOLDS_VALUE (attack) ||
          json_node_get_value_type (attack) != G_TYPE_STRING)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("%s needs a whole-number “count” and text “colour” and “attack”"), where);
          return NULL;
        }
      if (!entry_from_parts (json_node_get_int (count), json_node_get_string (colour),
                             json_node_get_string (attack), &entries[i], where, error))
        return NULL;
    }

  level = level_from_parts (rows, n_rows, entries, n_entries, &local_error);
  if (level == NULL)
    g_propagate_prefixed_error (error, local_error, "payload.grid: ");
  return level;
}

static JsonNode *
combination_to_json (gconstpointer data)
{
  const PwCombinationLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonArray *grid = json_array_new ();
  JsonArray *pieces = json_array_new ();
  JsonNode *node;

  for (int y = 0; y < level->height; y++)
    {
      g_autofree char *row = g_strndup (level->cells + y * level->width, level->width);

      json_array_add_string_element (grid, row);
    }
  for (int i = 0; i < level->n_entries; i++)
    {
      JsonObject *entry = json_object_new ();

      json_object_set_int_member (entry, "count", level->entries[i].count);
      json_object_set_string_member (entry, "colour",
                                     pw_combination_colours[level->entries[i].colour]);
      json_object_set_string_member (entry, "attack", attack_names[level->entries[i].attack]);
      json_array_add_object_element (pieces, entry);
    }
  json_object_set_array_member (object, "grid", grid);
  json_object_set_array_member (object, "pieces", pieces);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

/* Text: the grid's rows, then one line per entry: "2 red orthogonal". */
static gpointer
combination_from_text (const char  *text,
                       GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  PwCombinationEntry entries[MAX_FILE_ENTRIES];
  int n_entries = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0')
        continue;
      if (g_ascii_isdigit (*line))
        {
          g_auto(GStrv) words = g_strsplit_set (line, " \t", -1);
          g_autofree char *where = g_strdup_printf (_("Line %u"), i + 1);
          const char *parts[3] = { NULL, NULL, NULL };
          guint n = 0;

          for (guint w = 0; words[w] != NULL; w++)
            if (*words[w] != '\0')
              {
                if (n == 3)
                  {
                    g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                                 _("Line %u: an entry is “COUNT COLOUR ATTACK”"), i + 1);
                    return NULL;
                  }
                parts[n++] = words[w];
              }
          if (n != 3 || n_entries == MAX_FILE_ENTRIES)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Line %u: an entry is “COUNT COLOUR ATTACK”"), i + 1);
              return NULL;
            }
          if (!entry_from_parts (g_ascii_strtoll (parts[0], NULL, 10), parts[1], parts[2],
                                 &entries[n_entries], where, error))
            return NULL;
          n_entries++;
          continue;
        }
      if (n_entries > 0)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Line %u: grid rows come before the inventory"), i + 1);
          return NULL;
        }
      g_ptr_array_add (rows, line);
    }
  if (rows->len == 0)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("There is no grid in the text"));
      return NULL;
    }
  g_ptr_array_add (rows, NULL);
  return level_from_parts ((const char * const *) rows->pdata, rows->len - 1, entries,
                           n_entries, error);
}

static char *
combination_to_text (gconstpointer data)
{
  const PwCombinationLevel *level = data;
  GString *text = g_string_new (NULL);

  for (int y = 0; y < level->height; y++)
    {
      g_string_append_len (text, level->cells + y * level->width, level->width);
      g_string_append_c (text, '\n');
    }
  for (int i = 0; i < level->n_entries; i++)
    g_string_append_printf (text, "%d %s %s\n", level->entries[i].count,
                            pw_combination_colours[level->entries[i].colour],
                            attack_names[level->entries[i].attack]);
  return g_string_free (text, FALSE);
}

static gpointer
combination_transform (gconstpointer data,
                       PwTransform   transform)
{
  const PwCombinationLevel *level = data;
  gboolean turn = pw_transform_turns (transform);
  guint w = level->width, h = level->height;
  PwCombinationLevel *out = level_alloc (turn ? h : w, turn ? w : h, level->n_entries);

  memcpy (out->entries, level->entries, sizeof (PwCombinationEntry) * level->n_entries);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint nx, ny;

        pw_transform_point (transform, w, h, x, y, &nx, &ny);
        out->cells[ny * out->width + nx] = level->cells[y * w + x];
      }
  return out;
}

static gpointer
combination_resize (gconstpointer  data,
                    PwSide         side,
                    int            delta,
                    GError       **error)
{
  const PwCombinationLevel *level = data;
  gboolean rows = side == PW_SIDE_TOP || side == PW_SIDE_BOTTOM;
  int w = level->width + (rows ? 0 : delta);
  int h = level->height + (rows ? delta : 0);
  int dx = side == PW_SIDE_LEFT ? delta : 0;
  int dy = side == PW_SIDE_TOP ? delta : 0;
  PwCombinationLevel *out;

  if (w < 1 || h < 1 || w > PW_COMBINATION_MAX_SIZE || h > PW_COMBINATION_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("A combination level is 1 to %d cells wide and high"),
                   PW_COMBINATION_MAX_SIZE);
      return NULL;
    }
  out = level_alloc (w, h, level->n_entries);
  memcpy (out->entries, level->entries, sizeof (PwCombinationEntry) * level->n_entries);
  memset (out->cells, '.', (gsize) w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int ox = x - dx, oy = y - dy;

        if (ox >= 0 && oy >= 0 && ox < level->width && oy < level->height)
          out->cells[y * w + x] = level->cells[oy * level->width + ox];
      }
  return out;
}

static int
total_pieces (const PwCombinationLevel *level)
{
  int total = 0;

  for (int i = 0; i < level->n_entries; i++)
    total += level->entries[i].count;
  return total;
}

static char *
combination_describe_size (gconstpointer data)
{
  const PwCombinationLevel *level = data;

  return g_strdup_printf ("%d×%d", level->width, level->height);
}

static GPtrArray *
combination_validate (gconstpointer data)
{
  const PwCombinationLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  int empty = 0;

  for (int i = 0; i < level->width * level->height; i++)
    empty += level->cells[i] == '.';
  if (level->n_entries == 0)
    g_ptr_array_add (problems, pw_problem_new_cell (-1, -1, _("The inventory is empty: add pieces")));
  else if (total_pieces (level) > empty)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("The inventory has %d pieces but the grid has "
                                                    "only %d empty cells"),
                                          total_pieces (level), empty));
  return problems;
}

/* ------------------------------------------------------------------ */
/* The model                                                            */

static gboolean
attacks_along (PwAttack attack,
               int      direction)
{
  /* directions 0, 1 are orthogonal lines, 2, 3 diagonal */
  return (attack & (direction < 2 ? PW_ATTACK_ORTHOGONAL : PW_ATTACK_DIAGONAL)) != 0;
}

/* The line automaton for one direction: state 0 before any piece, then
 * 1 + colour * 2 + (whether the last piece attacks along the line). */
static void
line_automaton (const PwCombinationModel *model,
                int                       direction,
                gint16                   *next,
                PwCspAutomaton           *automaton)
{
  const int nv = model->n_entries + 1;
  const int ns = 1 + PW_COMBINATION_N_COLOURS * 2;

  for (int st = 0; st < ns; st++)
    {
      int colour = st == 0 ? -1 : (st - 1) / 2;
      gboolean attacks = st != 0 && ((st - 1) & 1);

      next[st * nv] = st;  /* an empty cell changes nothing */
      for (int e = 0; e < model->n_entries; e++)
        {
          const PwCombinationEntry *entry = &model->entries[e];
          gboolean a = attacks_along (entry->attack, direction);

          if (colour >= 0 && colour != entry->colour && (attacks || a))
            next[st * nv + e + 1] = -1;
          else
            next[st * nv + e + 1] = 1 + entry->colour * 2 + a;
        }
    }
  automaton->n_states = ns;
  automaton->start = 0;
  automaton->accepting = (G_GUINT64_CONSTANT (1) << ns) - 1;
  automaton->next = next;
}

/* Colours with the same multiset of (count, attack) are interchangeable. */
static gboolean
same_signature (const PwCombinationModel *model,
                int                       a,
                int                       b)
{
  for (int attack = 1; attack <= 3; attack++)
    {
      int ca = 0, cb = 0;

      for (int e = 0; e < model->n_entries; e++)
        {
          if (model->entries[e].attack != (PwAttack) attack)
            continue;
          if (model->entries[e].colour == a)
            ca = model->entries[e].count;
          if (model->entries[e].colour == b)
            cb = model->entries[e].count;
        }
      if (ca != cb)
        return FALSE;
    }
  return TRUE;
}

PwCombinationModel *
_pw_combination_model_new (const PwCombinationLevel *level,
                           gboolean                  break_symmetry)
{
  PwCombinationModel *model = g_new0 (PwCombinationModel, 1);
  const int w = level->width, h = level->height;
  static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  gint16 next[(1 + PW_COMBINATION_N_COLOURS * 2) * (PW_COMBINATION_MAX_ENTRIES + 1)];
  guint *all, *line;
  gboolean colour_used[PW_COMBINATION_N_COLOURS] = { FALSE };
  int total = 0;

  /* merge entries of one colour and attack: pieces of one entry are
   * identical, so two such entries would only double-count solutions */
  for (int i = 0; i < level->n_entries; i++)
    {
      const PwCombinationEntry *entry = &level->entries[i];
      int e;

      for (e = 0; e < model->n_entries; e++)
        if (model->entries[e].colour == entry->colour && model->entries[e].attack == entry->attack)
          break;
      if (e == model->n_entries)
        {
          model->entries[e] = *entry;
          model->entries[e].count = 0;
          model->n_entries++;
        }
      model->entries[e].count += entry->count;
      model->entry_of_file_entry[i] = e;
      colour_used[entry->colour] = TRUE;
      total += entry->count;
    }

  model->var_of_cell = g_new (int, w * h);
  model->cell_of_var = g_new (int, w * h);
  for (int i = 0; i < w * h; i++)
    {
      model->var_of_cell[i] = -1;
      if (level->cells[i] == '.')
        {
          model->var_of_cell[i] = model->n_vars;
          model->cell_of_var[model->n_vars++] = i;
        }
    }
  model->csp = pw_csp_new (model->n_vars, model->n_entries + 1);
  all = g_new (guint, MAX (model->n_vars, 1));
  line = g_new (guint, MAX (PW_COMBINATION_MAX_SIZE, 1));
  for (int v = 0; v < model->n_vars; v++)
    all[v] = v;

  /* the counts: a global cardinality constraint */
  {
    guint min[PW_CSP_MAX_VALUES], max[PW_CSP_MAX_VALUES];

    min[0] = max[0] = MAX (model->n_vars - total, 0);
    for (int e = 0; e < model->n_entries; e++)
      min[e + 1] = max[e + 1] = model->entries[e].count;
    if (model->n_vars < total)
      min[0] = 1, max[0] = 0;  /* cannot hold: more pieces than cells */
    pw_csp_add_cardinality (model->csp, all, model->n_vars, min, max);
  }

  /* the lines: from each cell that starts a run of non-wall cells */
  for (int d = 0; d < 4; d++)
    {
      PwCspAutomaton automaton;

      line_automaton (model, d, next, &automaton);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            int px = x - dirs[d][0], py = y - dirs[d][1];
            guint n = 0;

            if (level->cells[y * w + x] == '#')
              continue;
            if (px >= 0 && py >= 0 && px < w && py < h && level->cells[py * w + px] != '#')
              continue;  /* not the start of a run */
            for (int cx = x, cy = y; cx >= 0 && cy >= 0 && cx < w && cy < h &&
                                     level->cells[cy * w + cx] != '#';
                 cx += dirs[d][0], cy += dirs[d][1])
              if (model->var_of_cell[cy * w + cx] >= 0)
                line[n++] = model->var_of_cell[cy * w + cx];
            if (n >= 2)
              pw_csp_add_automaton (model->csp, line, n, &automaton);
          }
    }

  /* interchangeable colours: the first cell holding either of two
   * consecutive ones holds the first */
  /* the colour permutations that keep the inventory: one symmetric group
   * per class of interchangeable colours */
  model->symmetry_order = 1;
  {
    gboolean counted[PW_COMBINATION_N_COLOURS] = { FALSE };

    for (int a = 0; a < PW_COMBINATION_N_COLOURS; a++)
      {
        int size = 0;

        if (!colour_used[a] || counted[a])
          continue;
        for (int b = a; b < PW_COMBINATION_N_COLOURS; b++)
          if (colour_used[b] && same_signature (model, a, b))
            {
              counted[b] = TRUE;
              model->symmetry_order *= ++size;
            }
      }
  }
  if (break_symmetry)
    {
      for (int a = 0; a < PW_COMBINATION_N_COLOURS; a++)
        {
          PwCspDomain first = 0, second = 0;
          int b;

          if (!colour_used[a])
            continue;
          for (b = a + 1; b < PW_COMBINATION_N_COLOURS; b++)
            if (colour_used[b] && same_signature (model, a, b))
              break;
          if (b == PW_COMBINATION_N_COLOURS)
            continue;
          /* no piece of b before the first of a, in cell order */
          for (int e = 0; e < model->n_entries; e++)
            {
              if (model->entries[e].colour == a)
                first |= 1u << (e + 1);
              else if (model->entries[e].colour == b)
                second |= 1u << (e + 1);
            }
          pw_csp_add_precedence (model->csp, all, model->n_vars, first, second);
        }
    }

  g_free (all);
  g_free (line);
  return model;
}

void
_pw_combination_model_free (PwCombinationModel *model)
{
  if (model == NULL)
    return;
  pw_csp_free (model->csp);
  g_free (model->var_of_cell);
  g_free (model->cell_of_var);
  g_free (model);
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

static gboolean
copy_solution (const guint8 *values,
               gpointer      data)
{
  struct { guint8 *out; int n; } *sink = data;

  memcpy (sink->out, values, sink->n);
  return TRUE;
}

/* Which (variable, value) pairs some solution found so far has. */
typedef struct
{
  guint8 *seen;       /* n_vars × n_values */
  int     n_vars;
  int     n_values;
} Seen;

static gboolean
mark_seen (const guint8 *values,
           gpointer      data)
{
  Seen *seen = data;

  for (int v = 0; v < seen->n_vars; v++)
    seen->seen[v * seen->n_values + values[v]] = 1;
  return TRUE;
}

static void
shuffle (GRand *rand,
         guint *order,
         guint  n)
{
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
}

/* The searches of one measure: @runs random static orders and, when
 * asked, the single method's fixed order, shared out over threads. */
typedef struct
{
  const PwCombinationModel *model;
  PwCspSearch               search;     /* propagation below the root, root domains */
  guint64                   seed;
  guint                     runs;
  guint64                  *nodes;      /* per run */
  PwCspResult              *single;     /* NULL: no single-method search */
  guint64                   single_max_nodes;
  gint                      next;       /* the next task: single (-1) first, then runs */
  gint                      limited;    /* some search stopped at its node limit */
  gint                      cancelled;
  guint                     threads;
  GMutex                    lock;
  guint64                   pool;       /* the runs' budget left; G_MAXUINT64: none */
} Measure;

/* A run's node limit: its share of the runs' budget left (a run never
 * takes more than the threads' share, so runs side by side stay within
 * the budget); 0 for none. */
static guint64
run_limit (Measure *m)
{
  guint64 limit;

  g_mutex_lock (&m->lock);
  limit = m->pool == G_MAXUINT64 ? 0 : MAX (m->pool / m->threads, 1);
  g_mutex_unlock (&m->lock);
  return limit;
}

static void
run_spent (Measure *m,
           guint64  nodes)
{
  g_mutex_lock (&m->lock);
  if (m->pool != G_MAXUINT64)
    m->pool = m->pool > nodes ? m->pool - nodes : 0;
  g_mutex_unlock (&m->lock);
}

static gpointer
measure_worker (gpointer data)
{
  Measure *m = data;
  g_autofree guint *order = g_new (guint, MAX (m->model->n_vars, 1));
  PwCspSearch search = m->search;

  for (;;)
    {
      gint task = g_atomic_int_add (&m->next, 1) - (m->single != NULL);
      PwCspResult result;

      if (task >= (gint) m->runs || g_atomic_int_get (&m->cancelled))
        break;
      if (task < 0)
        {
          /* the single method: the variables in index order */
          search.var_order = NULL;
          search.max_nodes = m->single_max_nodes;
          if (!pw_csp_search (m->model->csp, &search, m->single, NULL))
            g_atomic_int_set (&m->cancelled, TRUE);
          continue;
        }
      {
        g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (m->seed * 1000003u + task));

        shuffle (rand, order, m->model->n_vars);
      }
      search.var_order = order;
      search.max_nodes = run_limit (m);
      if (!pw_csp_search (m->model->csp, &search, &result, NULL))
        g_atomic_int_set (&m->cancelled, TRUE);
      run_spent (m, result.nodes);
      m->nodes[task] = result.nodes;
      if (result.node_limit)
        g_atomic_int_set (&m->limited, TRUE);
    }
  return NULL;
}

/* The multiple method: nodes to the first solution over @runs random
 * static variable orders, and with @single the fixed order's search.
 * FALSE when cancelled. */
static gboolean
measure (const PwCombinationModel *model,
         PwCspPropagation          propagation,
         gboolean                  cardinality,
         guint64                   seed,
         guint                     runs,
         guint64                   max_nodes,
         guint64                  *nodes,
         PwCspResult              *single,
         guint64                   single_max_nodes,
         guint                     threads,
         gboolean                 *limited,
         GCancellable             *cancellable,
         PwDeadline               *deadline,
         GError                  **error)
{
  g_autofree PwCspDomain *root = g_new (PwCspDomain, MAX (model->n_vars, 1));
  g_autoptr(GPtrArray) workers = g_ptr_array_new ();
  Measure m = { .model = model, .seed = seed, .runs = runs, .nodes = nodes, .single = single,
                .single_max_nodes = single_max_nodes, .threads = 1,
                .pool = max_nodes == 0 ? G_MAXUINT64 : max_nodes };
  gboolean consistent;

  /* the root's propagation is the same in every run: once, and every run
   * starts from its domains (singleton consistency at the root, arc
   * consistency below) */
  pw_csp_search_init (&m.search);
  m.search.propagation = propagation;
  m.search.cardinality = cardinality;
  consistent = pw_csp_propagate (model->csp, &m.search, root);
  if (propagation == PW_CSP_SINGLETON_AT_ROOT)
    m.search.propagation = PW_CSP_ARC_CONSISTENCY;
  m.search.domains = root;
  m.search.max_solutions = 1;
  m.search.cancellable = cancellable;
  m.search.deadline = deadline;

  *limited = FALSE;
  if (!consistent)
    {
      memset (nodes, 0, sizeof (guint64) * runs);
      if (single != NULL)
        *single = (PwCspResult) { 0, 0, TRUE, FALSE };
      return TRUE;
    }
  /* one thread per core, the caller's included; each search on one */
  if (threads == 0)
    threads = g_get_num_processors ();
  threads = CLAMP (threads, 1, runs + (single != NULL));
  m.threads = threads;
  g_mutex_init (&m.lock);
  for (guint t = 1; t < threads; t++)
    g_ptr_array_add (workers, g_thread_new ("pw-measure", measure_worker, &m));
  measure_worker (&m);
  for (guint t = 0; t < workers->len; t++)
    g_thread_join (g_ptr_array_index (workers, t));
  g_mutex_clear (&m.lock);

  if (m.cancelled)
    {
      if (!g_cancellable_set_error_if_cancelled (cancellable, error))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return FALSE;
    }
  *limited = m.limited;
  return TRUE;
}

gboolean
_pw_combination_measure (const PwCombinationModel *model,
                         guint64                   seed,
                         guint                     runs,
                         guint64                   max_nodes,
                         guint64                  *nodes,
                         PwCspResult              *single,
                         guint64                   single_max_nodes,
                         guint                     threads,
                         PwCspPropagation         *propagation,
                         gboolean                 *cardinality,
                         gboolean                 *limited,
                         GCancellable             *cancellable,
                         PwDeadline               *deadline,
                         GError                  **error)
{
  double sum = 0;

  *propagation = PW_CSP_SINGLETON_AT_ROOT;
  *cardinality = TRUE;
  if (!measure (model, *propagation, *cardinality, seed, runs, max_nodes, nodes, single,
                single_max_nodes, threads, limited, cancellable, deadline, error))
    return FALSE;
  for (guint r = 0; r < runs; r++)
    sum += nodes[r];
  if (sum / runs >= DIFFICULTY_CUTOFF)
    return TRUE;
  /* too easy to tell apart with strong propagation: measure without */
  *propagation = PW_CSP_ARC_CONSISTENCY;
  *cardinality = FALSE;
  return measure (model, *propagation, *cardinality, seed, runs, max_nodes, nodes, single,
                  single_max_nodes, threads, limited, cancellable, deadline, error);
}

PwCombinationLevel *
_pw_combination_level_new (int width,
                           int height,
                           int n_entries)
{
  return level_alloc (width, height, n_entries);
}

static JsonArray *
cells_array (const PwCombinationLevel *level,
             const PwCombinationModel *model,
             const guint8             *seen,
             int                       entry)
{
  JsonArray *cells = json_array_new ();

  for (int v = 0; v < model->n_vars; v++)
    {
      const guint8 *row = seen + (gsize) v * (model->n_entries + 1);
      gboolean dead = TRUE;

      if (entry >= 0)
        dead = !row[entry + 1];
      else
        for (int e = 1; e <= model->n_entries; e++)
          dead &= !row[e];
      if (dead)
        {
          JsonArray *xy = json_array_new ();

          json_array_add_int_element (xy, model->cell_of_var[v] % level->width);
          json_array_add_int_element (xy, model->cell_of_var[v] / level->width);
          json_array_add_array_element (cells, xy);
        }
    }
  return cells;
}

/* The counts and the dead cells: searches that need no randomness, run
 * beside the difficulty's (on a thread of their own when the analysis
 * may use several), with their own share of the node budget. */
typedef struct
{
  const PwCombinationModel *broken;
  const PwCombinationModel *raw;
  guint64                   left;         /* budget, spent as the searches go */
  guint64                   cap;          /* counts stop past it */
  GCancellable             *cancellable;
  PwDeadline               *deadline;
  /* what is asked: the count up to colour symmetry, the count with
   * colours distinct, the dead cells (which need the second) */
  gboolean                  want_count;
  gboolean                  want_raw;
  gboolean                  want_dead;
  gboolean                  did_count;    /* counted, raw_counted were made */
  gboolean                  did_raw;
  PwCspResult               counted;      /* up to colour symmetry */
  PwCspResult               raw_counted;
  guint8                   *seen;         /* [var][value]: some solution has it */
  gboolean                  partial;      /* the budget ran out */
  gboolean                  ok;           /* FALSE: cancelled, see error */
  GError                   *error;
} Counting;

/* Takes a search's nodes from the budget; a search the budget stopped
 * makes the analysis partial. */
static void
spend (Counting          *c,
       const PwCspResult *result)
{
  c->left = c->left > result->nodes ? c->left - result->nodes : 0;
  c->partial |= result->node_limit || c->left == 0;
}

static gpointer
count_and_find_dead (gpointer data)
{
  Counting *c = data;
  const PwCombinationModel *raw = c->raw;
  /* no interchangeable colours: the two models are one, and so are the
   * two counts */
  const gboolean same = c->broken->symmetry_order == 1;
  PwCspSearch search;
  Seen sv;

  /* which cells take which pieces in the solutions with colours
   * distinct: the dead cells come from these and from one search per
   * (cell, piece) no solution found showed */
  c->seen = g_new0 (guint8, (gsize) MAX (raw->n_vars, 1) * (raw->n_entries + 1));
  sv.seen = c->seen;
  sv.n_values = raw->n_entries + 1;
  sv.n_vars = raw->n_vars;

  /* solutions up to colour symmetry, with a cap: smallest domain first,
   * pieces before empty cells, which finds solutions of crowded levels
   * soonest (peaceable queens: docs/performance.md) */
  pw_csp_search_init (&search);
  search.order = PW_CSP_ORDER_SMALLEST_DOMAIN;
  search.values_descending = TRUE;
  search.max_solutions = c->cap + 1;
  search.max_nodes = c->left;
  search.cancellable = c->cancellable;
  search.deadline = c->deadline;
  if (same)
    {
      search.on_solution = mark_seen;
      search.on_solution_data = &sv;
    }
  if (c->want_count || (same && (c->want_raw || c->want_dead)))
    {
      if (!pw_csp_search (c->broken->csp, &search, &c->counted, &c->error))
        return NULL;
      spend (c, &c->counted);
      c->did_count = TRUE;
    }
  if (!c->want_raw && !c->want_dead)
    {
      c->ok = TRUE;
      return NULL;
    }

  /* every solution with colours distinct */
  search.on_solution = mark_seen;
  search.on_solution_data = &sv;
  if (same)
    c->raw_counted = c->counted;
  else
    {
      search.max_nodes = MAX (c->left, 1);
      if (!pw_csp_search (raw->csp, &search, &c->raw_counted, &c->error))
        return NULL;
      spend (c, &c->raw_counted);
    }
  c->did_raw = TRUE;

  /* a search that ran to its end saw every solution: the pairs none
   * showed are dead without asking again; one stopped at the cap asks
   * for each pair it did not see */
  if (c->want_dead && c->raw_counted.solutions > 0 && !c->raw_counted.exhausted)
    {
      g_autofree PwCspDomain *assume = g_new (PwCspDomain, MAX (raw->n_vars, 1));

      for (int v = 0; v < raw->n_vars && !c->partial; v++)
        for (int e = 1; e <= raw->n_entries && !c->partial; e++)
          {
            PwCspResult one;

            if (c->seen[(gsize) v * (raw->n_entries + 1) + e])
              continue;
            for (int i = 0; i < raw->n_vars; i++)
              assume[i] = G_MAXUINT32;
            assume[v] = 1u << e;
            search.domains = assume;
            search.max_solutions = 1;
            search.max_nodes = c->left;
            if (!pw_csp_search (raw->csp, &search, &one, &c->error))
              return NULL;
            spend (c, &one);
          }
    }
  c->ok = TRUE;
  return NULL;
}

static PwAnalysis *
combination_analyse (gconstpointer           data,
                     const PwAnalyseOptions *options,
                     PwProgressFunc          progress,
                     gpointer                progress_data,
                     GCancellable           *cancellable,
                     GError                **error)
{
  const PwCombinationLevel *level = data;
  g_autoptr(GPtrArray) problems = combination_validate (level);
  g_autoptr(PwCombinationModel) broken = NULL;
  g_autoptr(PwCombinationModel) raw = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autofree guint64 *nodes = NULL;
  g_autofree guint8 *seen = NULL;
  guint runs = MAX (options->search_runs, 1);
  /* one node budget for the whole analysis, shared out before the
   * searches run side by side: an eighth for the counts and dead cells,
   * an eighth for the single method, the rest for the multiple method's
   * runs, each drawing on it as it goes */
  const guint64 total = MAX (options->max_states, 1);
  const guint64 eighth = MAX (total / 8, 1);
  guint64 spent = 0;
  JsonObject *figures;
  Counting counting = { 0 };
  GThread *counter = NULL;
  PwCspResult single;
  gboolean partial, limited, measured;
  PwCspPropagation propagation = PW_CSP_SINGLETON_AT_ROOT;
  gboolean cardinality = TRUE;
  double mean = 0, sd = 0;
  guint64 min = G_MAXUINT64, max = 0;
  g_autoptr(GError) measure_error = NULL;
#define WANTS(id) pw_analyse_options_wants (options, FIG (id))
  /* only the searches the figures asked for need (--figures) */
  const gboolean want_difficulty = WANTS (DIFFICULTY) || WANTS (DIFFICULTY_MIN) ||
                                   WANTS (DIFFICULTY_MAX) || WANTS (DIFFICULTY_SD) ||
                                   WANTS (METHOD) || WANTS (SINGLE);
#undef WANTS

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  broken = _pw_combination_model_new (level, TRUE);
  raw = _pw_combination_model_new (level, FALSE);
  analysis = pw_analysis_new (pw_combination_kind.id);
  figures = pw_analysis_get_figures (analysis);
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, combination_figures[f].key);

  /* the counts and dead cells beside the difficulty's searches, or before
   * them on one thread */
  counting.broken = broken;
  counting.raw = raw;
  counting.left = eighth;
  counting.cap = MAX (options->max_solutions, 1);
  counting.cancellable = cancellable;
  counting.deadline = options->deadline;
  counting.want_count = pw_analyse_options_wants (options, FIG (SOLUTIONS)) ||
                   pw_analyse_options_wants (options, FIG (UNIQUE)) ||
                   pw_analyse_options_wants (options, FIG (SEARCH_NODES)) ||
                   pw_analyse_options_wants (options, FIG (CAPPED));
  counting.want_raw = pw_analyse_options_wants (options, FIG (RAW_SOLUTIONS)) ||
                 pw_analyse_options_wants (options, FIG (CAPPED));
  counting.want_dead = pw_analyse_options_wants (options, FIG (DEAD_CELLS)) ||
                  pw_analyse_options_wants (options, FIG (ENTRY_DEAD_CELLS));
  if (!counting.want_count && !counting.want_raw && !counting.want_dead)
    counting.ok = TRUE;
  else if (options->threads == 1 || !want_difficulty)
    count_and_find_dead (&counting);
  else
    counter = g_thread_new ("pw-count", count_and_find_dead, &counting);

  /* difficulty: the multiple method, with the paper's cut-off, and the
   * single method's fixed order */
  nodes = g_new0 (guint64, runs);
  memset (&single, 0, sizeof single);
  limited = FALSE;
  measured = !want_difficulty ||
             _pw_combination_measure (broken, options->seed, runs,
                                      MAX (total - 2 * eighth, 1), nodes, &single,
                                      eighth, options->threads,
                                      &propagation, &cardinality, &limited, cancellable,
                                      options->deadline, &measure_error);
  if (counter != NULL)
    g_thread_join (counter);
  seen = g_steal_pointer (&counting.seen);
  if (!counting.ok)
    {
      g_propagate_error (error, g_steal_pointer (&counting.error));
      return NULL;
    }
  if (!measured)
    {
      g_propagate_error (error, g_steal_pointer (&measure_error));
      return NULL;
    }
  partial = counting.partial;

  /* a count the budget cut short is not known: left null */
  if (counting.did_count && !counting.counted.node_limit)
    {
      json_object_set_int_member (figures, FIG (SOLUTIONS),
                                  MIN (counting.counted.solutions, counting.cap));
      json_object_set_boolean_member (figures, FIG (UNIQUE),
                                      counting.counted.solutions == 1 &&
                                      counting.counted.exhausted);
      json_object_set_int_member (figures, FIG (SEARCH_NODES), counting.counted.nodes);
    }
  if (counting.did_raw && !counting.raw_counted.node_limit)
    json_object_set_int_member (figures, FIG (RAW_SOLUTIONS),
                                MIN (counting.raw_counted.solutions, counting.cap));
  if (counting.did_count && counting.did_raw && !counting.counted.node_limit &&
      !counting.raw_counted.node_limit)
    json_object_set_boolean_member (figures, FIG (CAPPED),
                                    counting.counted.solutions > counting.cap ||
                                    counting.raw_counted.solutions > counting.cap);
  if (counting.want_dead && !partial)
    {
      JsonArray *per_entry = json_array_new ();

      json_object_set_array_member (figures, FIG (DEAD_CELLS), cells_array (level, raw, seen, -1));
      for (int i = 0; i < level->n_entries; i++)
        json_array_add_array_element (per_entry,
                                      cells_array (level, raw, seen, raw->entry_of_file_entry[i]));
      json_object_set_array_member (figures, FIG (ENTRY_DEAD_CELLS), per_entry);
    }

  for (guint r = 0; r < runs; r++)
    spent += nodes[r];
  spent += single.nodes + (eighth - counting.left);
  if (progress)
    progress (MIN (spent, total), progress_data);
  partial |= limited;
  for (guint r = 0; r < runs; r++)
    {
      mean += nodes[r];
      min = MIN (min, nodes[r]);
      max = MAX (max, nodes[r]);
    }
  mean /= runs;
  for (guint r = 0; r < runs; r++)
    sd += (nodes[r] - mean) * (nodes[r] - mean);
  sd = runs > 1 ? sqrt (sd / (runs - 1)) : 0;
  if (want_difficulty && !limited)
    {
      json_object_set_double_member (figures, FIG (DIFFICULTY), round (mean * 100) / 100);
      json_object_set_int_member (figures, FIG (DIFFICULTY_MIN), min);
      json_object_set_int_member (figures, FIG (DIFFICULTY_MAX), max);
      json_object_set_double_member (figures, FIG (DIFFICULTY_SD), round (sd * 100) / 100);
      json_object_set_string_member (figures, FIG (METHOD),
                                     cardinality ? "singleton arc consistency + cardinality"
                                                 : "arc consistency");
    }
  if (single.node_limit)
    partial = TRUE;
  else if (want_difficulty)
    json_object_set_int_member (figures, FIG (SINGLE), single.nodes);

  if (partial)
    pw_analysis_set_partial (analysis, _("the node budget ran out"));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* Placement play                                                       */

#define PLACE_NODE_LIMIT 200000

/* Whether the raw model has a solution with @fixed cells holding their
 * pieces; -1 when the budget ran out. */
static int
completable (const PwCombinationModel *model,
             const PwCombinationLevel *level,
             const guint8             *placed,
             const guint8             *keep,
             guint8                   *solution,
             GCancellable             *cancellable,
             GError                  **error)
{
  g_autofree PwCspDomain *assume = g_new (PwCspDomain, MAX (model->n_vars, 1));
  PwCspSearch search;
  PwCspResult result;
  guint8 *found = g_new0 (guint8, MAX (model->n_vars, 1));
  struct { guint8 *out; int n; } sink = { found, model->n_vars };

  for (int v = 0; v < model->n_vars; v++)
    {
      int cell = model->cell_of_var[v];

      assume[v] = G_MAXUINT32;
      if (placed[cell] > 0 && keep[cell])
        assume[v] = 1u << (model->entry_of_file_entry[placed[cell] - 1] + 1);
    }
  pw_csp_search_init (&search);
  search.order = PW_CSP_ORDER_SMALLEST_DOMAIN;
  search.values_descending = TRUE;
  search.max_solutions = 1;
  search.max_nodes = PLACE_NODE_LIMIT;
  search.domains = assume;
  search.cancellable = cancellable;
  search.on_solution = copy_solution;
  search.on_solution_data = &sink;
  if (!pw_csp_search (model->csp, &search, &result, error))
    {
      g_free (found);
      return -2;
    }
  if (result.solutions > 0 && solution != NULL)
    {
      /* back to file entries: the first entry of each merged one */
      memset (solution, 0, (gsize) level->width * level->height);
      for (int v = 0; v < model->n_vars; v++)
        if (found[v] > 0)
          for (int i = 0; i < level->n_entries; i++)
            if (model->entry_of_file_entry[i] == found[v] - 1)
              {
                solution[model->cell_of_var[v]] = i + 1;
                break;
              }
    }
  g_free (found);
  if (result.solutions > 0)
    return 1;
  return result.node_limit ? -1 : 0;
}

static gboolean
combination_place_check (gconstpointer   data,
                         const guint8   *placed,
                         PwPlaceResult  *out,
                         GCancellable   *cancellable,
                         GError        **error)
{
  const PwCombinationLevel *level = data;
  const int n = level->width * level->height;
  g_autoptr(GPtrArray) problems = combination_validate (level);
  g_autoptr(PwCombinationModel) model = NULL;
  g_autofree guint8 *keep = g_new (guint8, n);
  int r;

  memset (out, 0, sizeof *out);
  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    if (placed[i] > level->n_entries || (placed[i] > 0 && level->cells[i] != '.'))
      {
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("Cell (%d, %d): a piece cannot stand there"), i % level->width,
                     i / level->width);
        return FALSE;
      }

  model = _pw_combination_model_new (level, FALSE);
  for (int i = 0; i < n; i++)
    keep[i] = 1;
  out->solution = g_new0 (guint8, n);
  r = completable (model, level, placed, keep, out->solution, cancellable, error);
  if (r == -2)
    {
      pw_place_result_clear (out);
      return FALSE;
    }
  out->decided = r >= 0;
  out->completable = r == 1;
  if (r != 0)
    {
      if (r != 1)
        g_clear_pointer (&out->solution, g_free);
      return TRUE;
    }
  g_clear_pointer (&out->solution, g_free);

  /* a smallest set the engine finds cheaply: drop each placed piece in
   * turn and keep it dropped while the rest still cannot be completed */
  for (int i = 0; i < n; i++)
    {
      if (placed[i] == 0)
        continue;
      keep[i] = 0;
      r = completable (model, level, placed, keep, NULL, cancellable, error);
      if (r == -2)
        {
          pw_place_result_clear (out);
          return FALSE;
        }
      if (r != 0)
        keep[i] = 1;  /* needed for the conflict (or undecided: keep it) */
    }
  out->conflict = g_new0 (guint8, n);
  for (int i = 0; i < n; i++)
    out->conflict[i] = placed[i] > 0 && keep[i];
  return TRUE;
}

static gpointer
combination_place_render (gconstpointer  data,
                          const guint8  *placed)
{
  const PwCombinationLevel *level = data;
  PwCombinationLevel *copy = combination_copy (level);

  g_free (copy->placed);
  copy->placed = g_memdup2 (placed, (gsize) level->width * level->height);
  return copy;
}

static const PwGenerateParam generate_params[] = {
  { "size", N_("WxH"), N_("grid size (default 6x6, 2 to 12 each way)") },
  { "walls", N_("F"), N_("share of wall cells (default 0.1)") },
  { "holes", N_("F"),
    N_("share of hole cells (default 0.05 up to 36 cells, more on larger grids)") },
  { "colours", N_("N"), N_("colours of pieces (default 3)") },
  { "bias", N_("harder|easier|none"), N_("which additions the search prefers (default none: quickest)") },
  { "difficulty", N_("MIN-MAX"), N_("keep levels whose difficulty (mean nodes) is in this range") },
};

/* The level list: is it unique, how hard, how many cells are wasted. */
static const PwListColumn combination_columns[] = {
  { "solutions", N_("Solutions"), N_("Solutions, interchangeable colours counted once"),
    PW_COLUMN_COUNT, pw_list_column_format_capped },
  { "difficulty", N_("Difficulty"), N_("Difficulty: the mean search nodes of randomised solvers"),
    PW_COLUMN_COUNT },
  { "dead_cells", N_("Dead cells"), N_("Empty cells that no solution uses"), PW_COLUMN_LENGTH },
};

const PwKind pw_combination_kind = {
  .id = "combination",
  .name = N_("Combination"),
  .new_default = combination_new_default,
  .copy = combination_copy,
  .free = combination_free,
  .equal = combination_equal,
  .canonical_form = _pw_combination_canonical_form,
  .from_json = combination_from_json,
  .to_json = combination_to_json,
  .from_text = combination_from_text,
  .to_text = combination_to_text,
  .transform = combination_transform,
  .resize = combination_resize,
  .describe_size = combination_describe_size,
  .validate = combination_validate,
  .to_xcsp3 = _pw_combination_to_xcsp3,
  .from_xcsp3 = _pw_combination_from_xcsp3,
  .figures = combination_figures,
  .n_figures = N_FIGURES,
  .first_look = first_look,
  .list_columns = combination_columns,
  .n_list_columns = G_N_ELEMENTS (combination_columns),
  .solvable_figure = "solutions",
  .progress_unit = N_("search nodes"),
  .analyse = combination_analyse,
  .generate_params = generate_params,
  .n_generate_params = G_N_ELEMENTS (generate_params),
  .generate = _pw_combination_generate,
  .place_check = combination_place_check,
  .place_render = combination_place_render,
};
