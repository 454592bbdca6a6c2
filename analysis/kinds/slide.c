/* slide.c — the slide kind: tilt puzzles in the style of Skiddy
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are in docs/rules/slide.md; this file follows them exactly.
 *
 * A state is a key of bytes: for each piece group (red, yellow, green and
 * blue skiddies, crates, ice cubes) the sorted cell indices of its pieces,
 * 0xff for a skiddy that has left. Cell 0xff is always border, never a
 * piece, so 0xff sorts after every real position. Boards of at most 64
 * cells, which move as bitboards, give the explorer the same positions
 * packed six bits a piece instead (packed_encode).
 */

#define G_LOG_DOMAIN "pw-slide"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#if defined (__x86_64__) && defined (__GNUC__)
#include <immintrin.h>
#endif

#include "pw-analysis.h"
#include "pw-explorer.h"
#include "slide-private.h"
#include "pw-canon.h"

#define N_COLOURS 4
#define GROUP_CRATE 4
#define GROUP_ICE 5
#define N_GROUPS 6
#define GONE 0xff
/* packed keys (boards of at most 64 cells) */
#define PACKED_FIELDS 10
#define PACKED_GONE 63

/* tiles after compilation */
enum { T_FLOOR, T_PIT, T_WALL, T_GOAL /* + colour */ };

static const char piece_chars[N_GROUPS] = { 'r', 'y', 'g', 'b', '$', '*' };
static const char goal_chars[N_COLOURS] = { 'R', 'Y', 'G', 'B' };

/* The figures, in output order: JSON keys and CSV columns. */
#define SLIDE_FIGURES(X)                                                                     \
  X (STATES,             "states",             N_("Reachable states"),        PW_FIGURE_INT)    \
  X (WINS,               "wins",               N_("Won states"),              PW_FIGURE_INT)    \
  X (POTENTIAL,          "potential_states",   N_("Theoretical states"),      PW_FIGURE_DOUBLE) \
  X (RATIO,              "ratio",              N_("Reachable share"),         PW_FIGURE_DOUBLE) \
  X (DEAD_ENDS,          "dead_ends",          N_("Dead ends"),               PW_FIGURE_INT)    \
  X (DEAD_END_MOVES,     "dead_end_moves",     N_("First moves into a dead end"), PW_FIGURE_STRING) \
  X (PAR,                "par",                N_("Par"),                     PW_FIGURE_INT)    \
  X (SHORTEST,           "shortest_solutions", N_("Shortest solutions"),      PW_FIGURE_INT)    \
  X (SOLUTION,           "solution",           N_("A shortest solution"),     PW_FIGURE_STRING) \
  X (MAX_COMBO_PAR,      "max_combo_par",      N_("Max-combo par"),           PW_FIGURE_INT)    \
  X (PERFECT,            "perfect",            N_("Perfect"),                 PW_FIGURE_BOOL)   \
  X (DIFFICULTY,         "difficulty",         N_("Difficulty"),              PW_FIGURE_DOUBLE) \
  X (DEAD_END_SHARE,     "dead_end_share",     N_("Dead-end share"),          PW_FIGURE_DOUBLE) \
  X (BRANCHING,          "branching",          N_("Branching"),               PW_FIGURE_DOUBLE) \
  X (SEARCH_EFFORT,      "search_effort",      N_("Search effort (mean)"),    PW_FIGURE_DOUBLE) \
  X (SEARCH_EFFORT_MIN,  "search_effort_min",  N_("Search effort (min)"),     PW_FIGURE_INT)    \
  X (SEARCH_EFFORT_MAX,  "search_effort_max",  N_("Search effort (max)"),     PW_FIGURE_INT)

#define AS_ENUM(id, key, label, type) FIG_##id,
enum { SLIDE_FIGURES (AS_ENUM) N_FIGURES };
#undef AS_ENUM

#define AS_INFO(id, key, label, type) { key, label, type },
static const PwFigureInfo slide_figures[] = { SLIDE_FIGURES (AS_INFO) };
#undef AS_INFO

#define FIG(id) (slide_figures[FIG_##id].key)

/* ------------------------------------------------------------------ */
/* Level data                                                           */

static gpointer
slide_new_default (void)
{
  static const char *rows[] = { "#####", "#r.r#", "#...#", "#R###" };
  PwSlideLevel *level = g_new0 (PwSlideLevel, 1);

  level->width = 5;
  level->height = 4;
  level->cells = g_malloc (20);
  for (int y = 0; y < 4; y++)
    memcpy (level->cells + y * 5, rows[y], 5);
  return level;
}

static gpointer
slide_copy (gconstpointer data)
{
  const PwSlideLevel *level = data;
  PwSlideLevel *copy = g_new0 (PwSlideLevel, 1);

  copy->width = level->width;
  copy->height = level->height;
  copy->cells = g_memdup2 (level->cells, (gsize) level->width * level->height);
  if (level->pieces != NULL)
    copy->pieces = g_memdup2 (level->pieces, (gsize) level->width * level->height);
  return copy;
}

static void
slide_free (gpointer data)
{
  PwSlideLevel *level = data;

  if (level == NULL)
    return;
  g_free (level->cells);
  g_free (level->pieces);
  g_free (level);
}

static gboolean
slide_equal (gconstpointer a,
             gconstpointer b)
{
  const PwSlideLevel *la = a;
  const PwSlideLevel *lb = b;

  return la->width == lb->width && la->height == lb->height &&
         memcmp (la->cells, lb->cells, (gsize) la->width * la->height) == 0;
}

static gboolean
is_tile_char (char c)
{
  return strchr ("#.oryg bRYGB$*", c) != NULL && c != ' ';
}

/* Rows to a level: rectangular, known characters, within the size limits.
 * @where names the rows for messages ("payload.grid", "line"). */
static PwSlideLevel *
level_from_rows (const char * const *rows,
                 guint               n_rows,
                 int                 first_line,
                 GError            **error)
{
  g_autoptr(GString) cells = NULL;
  PwSlideLevel *level;
  gsize width;

  if (n_rows < PW_SLIDE_MIN_SIZE || n_rows > PW_SLIDE_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("The grid has %u rows; a slide level has %d to %d"),
                   n_rows, PW_SLIDE_MIN_SIZE, PW_SLIDE_MAX_SIZE);
      return NULL;
    }

  width = strlen (rows[0]);
  cells = g_string_new (NULL);
  for (guint y = 0; y < n_rows; y++)
    {
      const char *row = rows[y];
      gsize len = strlen (row);

      if (len != width)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Row %d is %zu cells wide but row %d is %zu; the grid must be a rectangle"),
                       first_line + y, len, first_line, width);
          return NULL;
        }
      for (gsize x = 0; x < len; x++)
        if (!is_tile_char (row[x]))
          {
            if ((guchar) row[x] >= 0x20 && (guchar) row[x] < 0x7f)
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Row %d, column %zu: “%c” is not a slide tile "
                             "(use # . o r y g b R Y G B $ *)"),
                           first_line + y, x + 1, row[x]);
            else
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Row %d, column %zu: byte 0x%02x is not a slide tile "
                             "(use # . o r y g b R Y G B $ *)"),
                           first_line + y, x + 1, (guchar) row[x]);
            return NULL;
          }
      g_string_append_len (cells, row, len);
    }

  if (width < PW_SLIDE_MIN_SIZE || width > PW_SLIDE_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("The grid is %zu columns wide; a slide level has %d to %d"),
                   width, PW_SLIDE_MIN_SIZE, PW_SLIDE_MAX_SIZE);
      return NULL;
    }

  level = g_new0 (PwSlideLevel, 1);
  level->width = width;
  level->height = n_rows;
  level->cells = g_string_free (g_steal_pointer (&cells), FALSE);
  return level;
}

static gpointer
slide_from_json (JsonNode  *payload,
                 GError   **error)
{
  g_autofree const char **rows = NULL;
  JsonObject *object;
  JsonNode *grid;
  JsonArray *array;
  guint n_rows;
  GError *local_error = NULL;
  PwSlideLevel *level;

  if (!JSON_NODE_HOLDS_OBJECT (payload))
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("payload must be an object with a “grid”"));
      return NULL;
    }
  object = json_node_get_object (payload);

  {
    g_autoptr(GList) members = json_object_get_members (object);

    for (GList *l = members; l != NULL; l = l->next)
      if (!g_str_equal (l->data, "grid"))
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
  if (n_rows > PW_SLIDE_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("payload.grid has %u rows; a slide level has %d to %d"),
                   n_rows, PW_SLIDE_MIN_SIZE, PW_SLIDE_MAX_SIZE);
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

  level = level_from_rows (rows, n_rows, 1, &local_error);
  if (level == NULL)
    g_propagate_prefixed_error (error, local_error, "payload.grid: ");
  return level;
}

static JsonNode *
slide_to_json (gconstpointer data)
{
  const PwSlideLevel *level = data;
  JsonObject *object = json_object_new ();
  JsonArray *grid = json_array_new ();
  JsonNode *node;

  for (int y = 0; y < level->height; y++)
    {
      g_autofree char *row = g_strndup (level->cells + y * level->width, level->width);

      json_array_add_string_element (grid, row);
    }
  json_object_set_array_member (object, "grid", grid);
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, object);
  return node;
}

static gpointer
slide_from_text (const char  *text,
                 GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint first = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      gsize len = strlen (lines[i]);

      if (len > 0 && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
      /* surrounding blank lines and trailing spaces are not part of the grid */
      g_strchomp (lines[i]);
      if (lines[i][0] == '\0' && rows->len == 0)
        continue;
      if (lines[i][0] == '\0')
        {
          for (guint j = i; lines[j] != NULL; j++)
            if (g_strstrip (lines[j])[0] != '\0')
              {
                g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                             _("Line %u: a blank line inside the grid"), i + 1);
                return NULL;
              }
          break;
        }
      if (rows->len == 0)
        first = i + 1;
      g_ptr_array_add (rows, lines[i]);
    }
  g_ptr_array_add (rows, NULL);

  if (rows->len == 1)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("There is no grid in the text"));
      return NULL;
    }
  return level_from_rows ((const char * const *) rows->pdata, rows->len - 1, first, error);
}

static char *
slide_to_text (gconstpointer data)
{
  const PwSlideLevel *level = data;
  GString *text = g_string_new (NULL);

  for (int y = 0; y < level->height; y++)
    {
      g_string_append_len (text, level->cells + y * level->width, level->width);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static PwSlideLevel *
slide_alloc (int width,
             int height)
{
  PwSlideLevel *level = g_new0 (PwSlideLevel, 1);

  level->width = width;
  level->height = height;
  level->cells = g_malloc ((gsize) width * height);
  return level;
}

static gpointer
slide_transform (gconstpointer data,
                 PwTransform   transform)
{
  const PwSlideLevel *level = data;
  gboolean turn = pw_transform_turns (transform);
  guint w = level->width;
  guint h = level->height;
  PwSlideLevel *out = turn ? slide_alloc (h, w) : slide_alloc (w, h);

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
slide_resize (gconstpointer  data,
              PwSide         side,
              int            delta,
              GError       **error)
{
  const PwSlideLevel *level = data;
  gboolean rows = side == PW_SIDE_TOP || side == PW_SIDE_BOTTOM;
  int w = level->width + (rows ? 0 : delta);
  int h = level->height + (rows ? delta : 0);
  PwSlideLevel *out;

  if (w < PW_SLIDE_MIN_SIZE || h < PW_SLIDE_MIN_SIZE || w > PW_SLIDE_MAX_SIZE ||
      h > PW_SLIDE_MAX_SIZE)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                   _("The grid would be %d×%d; a slide level is %d×%d to %d×%d"), w, h,
                   PW_SLIDE_MIN_SIZE, PW_SLIDE_MIN_SIZE, PW_SLIDE_MAX_SIZE, PW_SLIDE_MAX_SIZE);
      return NULL;
    }

  /* Rows or columns come and go just inside the border on @side, so the
   * border stays where it is. A new row or column is floor with a wall on
   * each end. */
  out = slide_alloc (w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int sx = x;
        int sy = y;
        gboolean fresh = FALSE;

        switch (side)
          {
          case PW_SIDE_TOP:
            if (delta > 0 && y >= 1 && y <= delta)
              fresh = TRUE;
            else if (y >= 1)
              sy = y - delta;
            break;
          case PW_SIDE_LEFT:
            if (delta > 0 && x >= 1 && x <= delta)
              fresh = TRUE;
            else if (x >= 1)
              sx = x - delta;
            break;
          case PW_SIDE_BOTTOM:
            if (delta > 0 && y >= level->height - 1 && y < h - 1)
              fresh = TRUE;
            else if (y == h - 1)
              sy = level->height - 1;
            break;
          case PW_SIDE_RIGHT:
          default:
            if (delta > 0 && x >= level->width - 1 && x < w - 1)
              fresh = TRUE;
            else if (x == w - 1)
              sx = level->width - 1;
            break;
          }

        if (fresh)
          out->cells[y * w + x] = (x == 0 || y == 0 || x == w - 1 || y == h - 1) ? '#' : '.';
        else
          out->cells[y * w + x] = level->cells[sy * level->width + sx];
      }
  return out;
}

static char *
slide_describe_size (gconstpointer data)
{
  const PwSlideLevel *level = data;

  return g_strdup_printf ("%d×%d", level->width, level->height);
}

static int
group_of_piece (char c)
{
  const char *p = memchr (piece_chars, c, N_GROUPS);

  return p ? (int) (p - piece_chars) : -1;
}

static int
colour_of_goal (char c)
{
  const char *p = memchr (goal_chars, c, N_COLOURS);

  return p ? (int) (p - goal_chars) : -1;
}

static GPtrArray *
slide_validate (gconstpointer data)
{
  const PwSlideLevel *level = data;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);
  int n_pieces = 0;
  int n_skiddies = 0;

  if (level->width < PW_SLIDE_MIN_SIZE || level->height < PW_SLIDE_MIN_SIZE ||
      level->width > PW_SLIDE_MAX_SIZE || level->height > PW_SLIDE_MAX_SIZE)
    {
      g_ptr_array_add (problems,
                       pw_problem_new_cell (-1, -1, _("The grid is %d×%d; a slide level is "
                                                      "%d×%d to %d×%d"),
                                            level->width, level->height,
                                            PW_SLIDE_MIN_SIZE, PW_SLIDE_MIN_SIZE,
                                            PW_SLIDE_MAX_SIZE, PW_SLIDE_MAX_SIZE));
      return problems;
    }

  for (int y = 0; y < level->height; y++)
    for (int x = 0; x < level->width; x++)
      {
        char c = level->cells[y * level->width + x];
        gboolean border = x == 0 || y == 0 || x == level->width - 1 || y == level->height - 1;
        int group = group_of_piece (c);

        if (border && c != '#' && colour_of_goal (c) < 0)
          g_ptr_array_add (problems,
                           pw_problem_new_cell (x, y, _("The border holds only walls and goals")));
        else if (!border && colour_of_goal (c) >= 0)
          g_ptr_array_add (problems,
                           pw_problem_new_cell (x, y, _("Goals belong on the border")));

        if (group >= 0)
          {
            n_pieces++;
            if (group < N_COLOURS)
              n_skiddies++;
          }
      }

  if (n_skiddies == 0)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("There is no skiddy to guide to a goal")));
  if (n_pieces > PW_SLIDE_MAX_PIECES)
    g_ptr_array_add (problems,
                     pw_problem_new_cell (-1, -1, _("The level has %d pieces; at most %d fit"),
                                          n_pieces, PW_SLIDE_MAX_PIECES));
  return problems;
}

/* ------------------------------------------------------------------ */
/* Rules                                                                */

typedef struct
{
  int     width;
  int     n_cells;
  guint8  tile[PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
  guint8  cell_x[PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
  guint8  cell_y[PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
  /* Where a piece sliding from a cell stops when no other piece is in the
   * way: the last cell before a wall or goal, or the first pit it enters;
   * and the colour of the goal that ended the run, or -1. */
  guint8  run_end[4][PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
  gint8   run_goal[4][PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
  int     delta[4];                 /* U R D L */
  int     group_count[N_GROUPS];
  int     group_offset[N_GROUPS];
  guint8  piece_group[PW_SLIDE_MAX_PIECES];
  guint   multi_groups;             /* groups of two pieces or more */
  /* Boards of at most 64 cells also move as bitboards (bit i = cell i). */
  gboolean small;
  int     n_mover_groups;           /* skiddy colours and ice present */
  guint8  mover_groups[N_GROUPS];
  guint64 floor_pit_bits;           /* floor and pit cells */
  guint64 pit_bits;
  guint64 goal_bits[N_COLOURS];
  guint64 any_goal_bits;
  /* by direction and colour: the floor and pit cells from which a step
   * enters a goal of that colour */
  guint64 goal_from[4][N_COLOURS];
  /* by direction: bit planes 0-2 of the code (colour + 1) of the goal a
   * step from each cell enters, and 3: the cells a step from enters a goal */
  guint64 goal_code[4][4];
  /* for moving in all four directions at once (slide_expand_bits4): per
   * direction, the shift counts of a step ahead and back (64: none), and
   * goal_code by plane, then direction */
  guint64 ahead_left[4];
  guint64 ahead_right[4];
  guint64 behind_left[4];
  guint64 behind_right[4];
  guint64 goal_code_lanes[4][4];
  int     n_pieces;
  int     n_skiddies;
  guint   key_size;                 /* bytes of a key of the byte form */
  /* Bitboard boards give the explorer packed keys instead (see
   * packed_encode): 6 bits a piece, ten pieces to a 64-bit word. */
  guint   packed_size;              /* bytes */
  guint8  field_shift[PW_SLIDE_MAX_PIECES];
  guint64 won_mask[PW_SLIDE_MAX_PIECES / PACKED_FIELDS + 1];  /* the skiddies' fields */
} SlideCtx;

/* A position being worked on. */
typedef struct
{
  guint8  occ[PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];  /* piece index + 1, 0 = free */
  guint8  pos[PW_SLIDE_MAX_PIECES];                    /* GONE when left */
  guint   exited;                                      /* groups a skiddy left by the move */
} Board;

/* The skiddies and ice cubes of a position, by cell: the order in which a
 * move handles them (ascending for Up and Left, descending otherwise). */
typedef struct
{
  guint8  asc[PW_SLIDE_MAX_PIECES];
  guint8  desc[PW_SLIDE_MAX_PIECES];
  int     n;
} Movers;

/* Tests set these to check the general path on small boards too, and
 * the one-move-at-a-time bitboard path on processors with AVX2. */
static gboolean force_generic = FALSE;
static gboolean force_scalar = FALSE;

void
_pw_slide_force_generic (gboolean generic)
{
  force_generic = generic;
}

void
_pw_slide_force_scalar (gboolean scalar)
{
  force_scalar = scalar;
}

/* One cell on in direction @dir (U R D L) on a board @width cells wide. */
static inline guint64
shift_bits (guint64 bits,
            int     dir,
            int     width)
{
  switch (dir)
    {
    case 0: return bits >> width;  /* up */
    case 1: return bits << 1;      /* right */
    case 2: return bits << width;  /* down */
    default: return bits >> 1;     /* left */
    }
}

static void
ctx_init (SlideCtx           *ctx,
          const PwSlideLevel *level,
          guint8             *start_key)
{
  int offset = 0;
  int cursor[N_GROUPS];

  memset (ctx, 0, sizeof *ctx);
  ctx->width = level->width;
  ctx->n_cells = level->width * level->height;
  ctx->delta[0] = -level->width;
  ctx->delta[1] = 1;
  ctx->delta[2] = level->width;
  ctx->delta[3] = -1;

  for (int i = 0; i < ctx->n_cells; i++)
    {
      char c = level->cells[i];
      int group = group_of_piece (c);
      int colour = colour_of_goal (c);

      ctx->cell_x[i] = i % level->width;
      ctx->cell_y[i] = i / level->width;
      if (c == '#')
        ctx->tile[i] = T_WALL;
      else if (c == 'o')
        ctx->tile[i] = T_PIT;
      else if (colour >= 0)
        ctx->tile[i] = T_GOAL + colour;
      else
        ctx->tile[i] = T_FLOOR;
      if (group >= 0)
        ctx->group_count[group]++;
    }

  /* Static runs; border cells are walls or goals, so no run leaves the
   * grid. Runs are only ever looked up from floor and pit cells. */
  for (int d = 0; d < 4; d++)
    for (int i = 0; i < ctx->n_cells; i++)
      {
        int cell = i;

        ctx->run_end[d][i] = i;
        ctx->run_goal[d][i] = -1;
        if (ctx->tile[i] > T_PIT)
          continue;
        for (;;)
          {
            int next = cell + ctx->delta[d];
            int tile = ctx->tile[next];

            if (tile == T_WALL)
              break;
            if (tile >= T_GOAL)
              {
                ctx->run_goal[d][i] = tile - T_GOAL;
                break;
              }
            cell = next;
            if (tile == T_PIT)
              break;
          }
        ctx->run_end[d][i] = cell;
      }

  ctx->small = ctx->n_cells <= 64 && !force_generic;
  for (int i = 0; ctx->small && i < ctx->n_cells; i++)
    {
      guint64 bit = G_GUINT64_CONSTANT (1) << i;

      if (ctx->tile[i] <= T_PIT)
        ctx->floor_pit_bits |= bit;
      if (ctx->tile[i] == T_PIT)
        ctx->pit_bits |= bit;
      if (ctx->tile[i] >= T_GOAL)
        {
          ctx->goal_bits[ctx->tile[i] - T_GOAL] |= bit;
          ctx->any_goal_bits |= bit;
        }
    }

  for (int d = 0; ctx->small && d < 4; d++)
    for (int c = 0; c < N_COLOURS; c++)
      {
        ctx->goal_from[d][c] = shift_bits (ctx->goal_bits[c], d ^ 2, ctx->width) &
                               ctx->floor_pit_bits;
        for (int bit = 0; bit < 3; bit++)
          if ((c + 1) & (1 << bit))
            ctx->goal_code[d][bit] |= ctx->goal_from[d][c];
        ctx->goal_code[d][3] |= ctx->goal_from[d][c];
      }
  for (int d = 0; ctx->small && d < 4; d++)
    {
      /* U R D L: >> w, << 1, << w, >> 1 */
      static const int left_by[4] = { 0, 1, -1, 0 };  /* -1: the width */
      static const int right_by[4] = { -1, 0, 0, 1 };
      int back = d ^ 2;

      ctx->ahead_left[d] = left_by[d] < 0 ? ctx->width : left_by[d] ? 1 : 64;
      ctx->ahead_right[d] = right_by[d] < 0 ? ctx->width : right_by[d] ? 1 : 64;
      ctx->behind_left[d] = left_by[back] < 0 ? ctx->width : left_by[back] ? 1 : 64;
      ctx->behind_right[d] = right_by[back] < 0 ? ctx->width : right_by[back] ? 1 : 64;
      for (int plane = 0; plane < 4; plane++)
        ctx->goal_code_lanes[plane][d] = ctx->goal_code[d][plane];
    }

  for (int g = 0; g < N_GROUPS; g++)
    {
      ctx->group_offset[g] = offset;
      cursor[g] = offset;
      for (int k = offset; k < offset + ctx->group_count[g]; k++)
        ctx->piece_group[k] = g;
      offset += ctx->group_count[g];
      if (ctx->group_count[g] >= 2)
        ctx->multi_groups |= 1u << g;
      if (g < N_COLOURS)
        ctx->n_skiddies += ctx->group_count[g];
    }
  ctx->n_pieces = offset;
  ctx->key_size = MAX (8, (offset + 7) / 8 * 8);
  ctx->packed_size = MAX (1, (offset + PACKED_FIELDS - 1) / PACKED_FIELDS) * 8;
  for (int k = 0; k < offset; k++)
    {
      int first = k / PACKED_FIELDS * PACKED_FIELDS;
      int in_word = MIN (offset - first, PACKED_FIELDS);

      ctx->field_shift[k] = 6 * (in_word - 1 - (k - first));
      if (k < ctx->n_skiddies)
        ctx->won_mask[k / PACKED_FIELDS] |= (guint64) PACKED_GONE << ctx->field_shift[k];
    }
  for (int g = 0; g < N_GROUPS; g++)
    if (g != GROUP_CRATE && ctx->group_count[g] > 0)
      ctx->mover_groups[ctx->n_mover_groups++] = g;

  memset (start_key, GONE, ctx->key_size);
  /* row-major scan: each group's positions come out sorted */
  for (int i = 0; i < ctx->n_cells; i++)
    {
      int group = group_of_piece (level->cells[i]);

      if (group >= 0)
        start_key[cursor[group]++] = i;
    }
}

static void
board_decode (const SlideCtx *ctx,
              const guint8   *key,
              Board          *board,
              Movers         *movers)
{
  memset (board->occ, 0, ctx->n_cells);
  movers->n = 0;

  memcpy (board->pos, key, ctx->key_size);  /* padding and all */
  for (int k = 0; k < ctx->n_pieces; k++)
    {
      if (key[k] == GONE)
        continue;
      board->occ[key[k]] = k + 1;
      if (ctx->piece_group[k] != GROUP_CRATE)
        {
          /* insertion sort by cell: movers are few */
          int j = movers->n++;

          while (j > 0 && board->pos[movers->asc[j - 1]] > key[k])
            {
              movers->asc[j] = movers->asc[j - 1];
              j--;
            }
          movers->asc[j] = k;
        }
    }
  for (int o = 0; o < movers->n; o++)
    movers->desc[o] = movers->asc[movers->n - 1 - o];
}

static void
board_encode (const SlideCtx *ctx,
              const Board    *board,
              gboolean        horizontal,
              guint8         *key)
{
  guint fix = board->exited | (horizontal ? 0 : ctx->multi_groups);

  memcpy (key, board->pos, ctx->key_size);
  while (fix != 0)
    {
      int g = __builtin_ctz (fix);
      guint8 *out = key + ctx->group_offset[g];
      int n = ctx->group_count[g];

      fix &= fix - 1;
      for (int i = 1; i < n; i++)
        {
          guint8 p = out[i];
          int j;

          for (j = i; j > 0 && out[j - 1] > p; j--)
            out[j] = out[j - 1];
          out[j] = p;
        }
    }
}

/* Moves every skiddy and ice cube of @board in direction @dir. Returns
 * whether anything moved, and sets *breaks when a colour had a skiddy leave
 * and still has skiddies after the move (and its combos). Pieces only ever
 * move forward, so the position changed exactly when something moved. */
static gboolean
board_move (const SlideCtx *ctx,
            Board          *board,
            const Movers   *movers,
            int             dir,
            gboolean       *breaks)
{
  gboolean moved = FALSE;
  const int delta = ctx->delta[dir];
  const guint8 *restrict run_end = ctx->run_end[dir];
  const gint8 *restrict run_goal = ctx->run_goal[dir];
  const guint8 *restrict group = ctx->piece_group;
  const guint8 *restrict tile = ctx->tile;
  const guint8 *restrict order = delta > 0 ? movers->desc : movers->asc;
  const int n_movers = movers->n;
  guint8 *restrict occ = board->occ;
  guint8 *restrict pos = board->pos;
  int exit_cell[PW_SLIDE_MAX_PIECES];
  guint8 exit_colour[PW_SLIDE_MAX_PIECES];
  int n_exits = 0;
  guint exited = 0;

  /* Leading pieces first: for Down and Right, the largest cell first. */
  for (int o = 0; o < n_movers; o++)
    {
      const int k = order[o];
      const int g = group[k];
      const int from = pos[k];
      const int end = run_end[from];
      int cell = from;

      /* the piece's own cell is free while it slides; occupancy is written
       * once, where it stops */
      occ[from] = 0;
      while (cell != end)
        {
          const int next = cell + delta;
          int other = occ[next];

          if (G_UNLIKELY (other != 0))
            {
              const int beyond = next + delta;

              other--;
              if (g < N_COLOURS && group[other] == GROUP_CRATE &&
                  tile[beyond] <= T_PIT && occ[beyond] == 0)
                {
                  occ[beyond] = other + 1;
                  pos[other] = beyond;
                  occ[next] = 0;
                  cell = next;
                }
              goto stopped;
            }
          cell = next;
        }

      /* reached the end of the static run: a wall, a pit, or a goal */
      if (G_UNLIKELY (run_goal[from] == g))
        {
          exit_cell[n_exits] = cell;
          exit_colour[n_exits++] = g;
          exited |= 1u << g;
          pos[k] = GONE;
          moved = TRUE;
          continue;
        }

    stopped:
      occ[cell] = k + 1;
      pos[k] = cell;
      moved |= cell != from;
    }

  /* Combos, once every piece has stopped. */
  for (int e = 0; e < n_exits; e++)
    {
      int stack[PW_SLIDE_MAX_SIZE * PW_SLIDE_MAX_SIZE];
      int top = 0;
      int colour = exit_colour[e];

      stack[top++] = exit_cell[e];
      while (top > 0)
        {
          int cell = stack[--top];
          int here = board->occ[cell];

          if (here != 0)
            {
              if (ctx->piece_group[here - 1] != colour)
                {
                  if (cell != exit_cell[e])
                    continue;
                }
              else
                {
                  board->occ[cell] = 0;
                  board->pos[here - 1] = GONE;
                }
            }
          else if (cell != exit_cell[e])
            continue;

          for (int d = 0; d < 4; d++)
            {
              int n = cell + ctx->delta[d];
              int there = board->occ[n];

              if (there != 0 && ctx->piece_group[there - 1] == colour)
                stack[top++] = n;
            }
        }
    }

  *breaks = FALSE;
  for (int c = 0; c < N_COLOURS && exited; c++)
    if (exited & (1u << c))
      for (int k = ctx->group_offset[c]; k < ctx->group_offset[c] + ctx->group_count[c]; k++)
        if (board->pos[k] != GONE)
          *breaks = TRUE;

  board->exited = exited;
  return moved;
}

/* ------------------------------------------------------------------ */
/* The same rules on bitboards, for boards of at most 64 cells.          */
/*                                                                       */
/* Every group is a 64-bit set of cells. A move is a fixpoint of one-cell */
/* steps taken by all moving pieces at once: a piece steps when the cell */
/* ahead was free at the start of the step, so a piece behind another    */
/* waits one step and then follows. This gives the same final position   */
/* as moving the leading pieces first: pieces only ever wait for pieces  */
/* ahead of them in their own line, which finish first either way. A     */
/* piece stops for good on entering a pit or after pushing a crate; a    */
/* skiddy leaves when its step enters a goal of its colour. The move ends */
/* when a step changes nothing. tests/test-slide-crosscheck.c checks      */
/* both paths against an independent implementation, and against each   */
/* other on boards whose keys take several words.                        */

/* The end of a move on bitboards, from the planes of the moving pieces,
 * the crates and the cells skiddies left the board from: whether the
 * position changed, the groups after it (in @groups, which held them
 * before) and its combos. */
static inline __attribute__ ((always_inline)) gboolean
bits_finish (const SlideCtx *ctx,
             guint64         groups[N_GROUPS],
             int             dir,
             guint64         p0,
             guint64         p1,
             guint64         p2,
             guint64         crate,
             guint64         left,
             gboolean       *breaks)
{
  const int w = ctx->width;
  gboolean moved;

  /* pieces only move forward: the position changed exactly when some
   * piece's cell did */
  moved = (((groups[0] | groups[2] | groups[GROUP_ICE]) ^ p0) |
           ((groups[1] | groups[2]) ^ p1) | ((groups[3] | groups[GROUP_ICE]) ^ p2) |
           (groups[GROUP_CRATE] ^ crate)) != 0;
  /* codes 1 (001) to 5 (101); 6 and 7 are never used */
  groups[0] = p0 & ~p1 & ~p2;
  groups[1] = p1 & ~p0;
  groups[2] = p0 & p1;
  groups[3] = p2 & ~p0;
  groups[GROUP_ICE] = p0 & p2;
  groups[GROUP_CRATE] = crate;

  /* Combos, once every piece has stopped: grow each colour's cells left
   * from through that colour's skiddies. A cell a skiddy left from is
   * next to one goal, so goal_from tells their colours apart. */
  *breaks = FALSE;
  if (left != 0)
    {
      for (int c = 0; c < N_COLOURS; c++)
        {
          guint64 region = left & ctx->goal_from[dir][c];

          if (region == 0)
            continue;
          for (;;)
            {
              guint64 around = (region << 1) | (region >> 1) | (region << w) | (region >> w);
              guint64 grown = region | (around & groups[c]) | (region & groups[c]);

              if (grown == region)
                break;
              region = grown;
            }
          groups[c] &= ~region;
          if (groups[c] != 0)
            *breaks = TRUE;
        }
    }
  return moved;
}

/* Border cells are walls or goals and pieces never stand on them, so a
 * step never wraps from one row into the next with a piece on it.
 *
 * Every group is a local variable indexed only by constants, so the whole
 * fixpoint runs in registers. */
static inline __attribute__ ((always_inline)) gboolean
bits_move (const SlideCtx *ctx,
           guint64         groups[N_GROUPS],
           int             dir,
           gboolean       *breaks)
{
#define AHEAD(bits) shift_bits ((bits), dir, w)
#define BEHIND(bits) shift_bits ((bits), dir ^ 2, w)
  const int w = ctx->width;
  const guint64 *goal_code = ctx->goal_code[dir];
  /* The moving pieces as three bit planes of a code: skiddy colour c is
   * c + 1, an ice cube 5 (MOVER_CODES). A step moves three planes
   * instead of five groups. */
  guint64 p0 = groups[0] | groups[2] | groups[GROUP_ICE];
  guint64 p1 = groups[1] | groups[2];
  guint64 p2 = groups[3] | groups[GROUP_ICE];
  guint64 crate = groups[GROUP_CRATE];
  /* the cells skiddies left the board from */
  guint64 left = 0;
  guint64 active = p0 | p1 | p2;
  guint64 occupied = active | crate;

  for (;;)
    {
      const guint64 free_cells = ctx->floor_pit_bits & ~occupied;
      const guint64 ahead = AHEAD (active);
      const guint64 into_free = ahead & free_cells;
      /* crates that a piece stepping into them could push */
      const guint64 pushable = crate & BEHIND (free_cells);
      /* steps into a goal or onto a crate that can be pushed */
      const guint64 special = ahead & (ctx->any_goal_bits | pushable);
      gboolean step_changed = into_free != 0;

      if ((into_free | special) == 0)
        break;

      /* every moving piece whose cell ahead is free steps into it; the
       * targets are free, so one XOR clears the source and sets the target */
      if (into_free != 0)
        {
          const guint64 from = BEHIND (into_free);
          guint64 m;

#define STEP(g) (m = (g) & from, (g) ^= m | AHEAD (m))
          STEP (p0);
          STEP (p1);
          STEP (p2);
#undef STEP
          occupied ^= from | into_free;
          active = (active & ~from) | (into_free & ~ctx->pit_bits);
        }

      if (special != 0)
        {
          /* a skiddy's own goal, or a crate it can push; ice cubes (code
           * 5, the only one with bits 0 and 2) and other colours stop
           * there */
          const guint64 mine = active & BEHIND (special) & ~(p0 & p2);

          if (mine != 0)
            {
              /* the goal ahead has the skiddy's code */
              const guint64 exits = mine & goal_code[3] &
                                    ~((p0 ^ goal_code[0]) | (p1 ^ goal_code[1]) |
                                      (p2 ^ goal_code[2]));
              const guint64 push = mine & BEHIND (pushable);

              /* skiddies entering their goal leave */
              p0 &= ~exits;
              p1 &= ~exits;
              p2 &= ~exits;
              left |= exits;
              active &= ~exits;
              occupied &= ~exits;

              /* a crate moves one cell on; the skiddy takes its place and
               * stops there */
              if (push != 0)
                {
                  const guint64 into = AHEAD (push);
                  const guint64 beyond = AHEAD (into);
                  guint64 m;

                  crate ^= into | beyond;
#define PUSH(g) (m = (g) & push, (g) ^= m | AHEAD (m))
                  PUSH (p0);
                  PUSH (p1);
                  PUSH (p2);
#undef PUSH
                  active &= ~push;
                  occupied ^= push | beyond;
                }
              step_changed |= (exits | push) != 0;
            }
        }

      /* only goals of other colours, or crates ahead of ice cubes: done */
      if (!step_changed)
        break;
    }

  return bits_finish (ctx, groups, dir, p0, p1, p2, crate, left, breaks);
#undef AHEAD
#undef BEHIND
}

/* Packed keys, for boards of at most 64 cells: the pieces in the order of
 * the byte form (groups in turn, each group's cells ascending, pieces that
 * have left last), ten to a 64-bit word, 6 bits each, shifted in from the
 * bottom: the last piece of a word is its lowest field (field_shift). A
 * piece that has left is PACKED_GONE. Cell 63 is never a piece: it is the
 * last border cell of a 64-cell board, or no cell at all. Half the bytes
 * of the byte form for up to ten pieces, so half the key traffic, and one
 * word to hash and compare. */

static inline guint64
packed_word (const guint8 *key,
             int           word)
{
  guint64 w;

  memcpy (&w, key + word * 8, 8);
  return w;
}

static inline void
packed_decode (const SlideCtx *ctx,
               const guint8   *key,
               guint64         groups[N_GROUPS],
               gboolean        one_word)
{
  if (one_word)
    {
      guint64 w = packed_word (key, 0);

      /* the lowest field is the last piece: groups from the last; a
       * group's count picks the entry into a run of unrolled steps, as
       * in packed_encode */
      for (int g = N_GROUPS - 1; g >= 0; g--)
        {
          guint64 bits = 0;

          /* a piece that has left sets bit 63, which no floor cell has */
#define TAKE (bits |= G_GUINT64_CONSTANT (1) << (w & 63), w >>= 6)
          switch (ctx->group_count[g])
            {
            case 10: TAKE; /* fall through */
            case 9: TAKE; /* fall through */
            case 8: TAKE; /* fall through */
            case 7: TAKE; /* fall through */
            case 6: TAKE; /* fall through */
            case 5: TAKE; /* fall through */
            case 4: TAKE; /* fall through */
            case 3: TAKE; /* fall through */
            case 2: TAKE; /* fall through */
            case 1: TAKE; /* fall through */
            default: break;
            }
#undef TAKE
          groups[g] = bits & ctx->floor_pit_bits;
        }
    }
  else
    {
      guint64 bits[N_GROUPS] = { 0 };

      for (int k = 0; k < ctx->n_pieces; k++)
        {
          guint64 w = packed_word (key, k / PACKED_FIELDS);

          bits[ctx->piece_group[k]] |= G_GUINT64_CONSTANT (1) << ((w >> ctx->field_shift[k]) & 63);
        }
      for (int g = 0; g < N_GROUPS; g++)
        groups[g] = bits[g] & ctx->floor_pit_bits;
    }
}

/* Bits come out lowest first: each group is in cell order already. A
 * group with no bits left gives cell 63 (PACKED_GONE) from the bit kept
 * set above its cells. */
static inline void
packed_encode (const SlideCtx *ctx,
               const guint64   groups[N_GROUPS],
               guint8         *key,
               gboolean        one_word)
{
  const guint64 gone = G_GUINT64_CONSTANT (1) << PACKED_GONE;

  if (one_word)
    {
      guint64 w = 0;

      /* at most ten pieces: a group's count picks the entry into a run
       * of unrolled steps, with no loop to count them down */
      for (int g = 0; g < N_GROUPS; g++)
        {
          guint64 b = groups[g] | gone;

#define EMIT (w = (w << 6) | (guint64) __builtin_ctzll (b), b = (b & (b - 1)) | gone)
          switch (ctx->group_count[g])
            {
            case 10: EMIT; /* fall through */
            case 9: EMIT; /* fall through */
            case 8: EMIT; /* fall through */
            case 7: EMIT; /* fall through */
            case 6: EMIT; /* fall through */
            case 5: EMIT; /* fall through */
            case 4: EMIT; /* fall through */
            case 3: EMIT; /* fall through */
            case 2: EMIT; /* fall through */
            case 1: EMIT; /* fall through */
            default: break;
            }
#undef EMIT
        }
      memcpy (key, &w, 8);
    }
  else
    {
      guint64 words[PW_SLIDE_MAX_PIECES / PACKED_FIELDS + 1] = { 0 };
      int k = 0;

      for (int g = 0; g < N_GROUPS; g++)
        {
          guint64 b = groups[g] | gone;

          for (int i = 0; i < ctx->group_count[g]; i++, k++)
            {
              words[k / PACKED_FIELDS] |= (guint64) __builtin_ctzll (b) << ctx->field_shift[k];
              b = (b & (b - 1)) | gone;
            }
        }
      memcpy (key, words, ctx->packed_size);
    }
}

static void
packed_from_bytes (const SlideCtx *ctx,
                   const guint8   *bytes,
                   guint8         *key)
{
  guint64 words[PW_SLIDE_MAX_PIECES / PACKED_FIELDS + 1] = { 0 };

  for (int k = 0; k < ctx->n_pieces; k++)
    words[k / PACKED_FIELDS] |=
      (guint64) (bytes[k] == GONE ? PACKED_GONE : bytes[k]) << ctx->field_shift[k];
  memcpy (key, words, ctx->packed_size);
}

/* The byte form of a packed key, padding and all. */
static void
packed_to_bytes (const SlideCtx *ctx,
                 const guint8   *key,
                 guint8         *bytes)
{
  memset (bytes, GONE, ctx->key_size);
  for (int k = 0; k < ctx->n_pieces; k++)
    {
      guint cell = (packed_word (key, k / PACKED_FIELDS) >> ctx->field_shift[k]) & 63;

      bytes[k] = cell == PACKED_GONE ? GONE : cell;
    }
}

static inline __attribute__ ((always_inline)) void
bits_expand_one (const SlideCtx *ctx,
                 const guint64   start[N_GROUPS],
                 int             dir,
                 guint8         *succ,
                 guint          *changed,
                 guint          *flagged,
                 gboolean        one_word)
{
  guint64 groups[N_GROUPS];
  gboolean breaks;

  memcpy (groups, start, sizeof groups);
  if (bits_move (ctx, groups, dir, &breaks))
    {
      packed_encode (ctx, groups, succ + dir * ctx->packed_size, one_word);
      *changed |= 1u << dir;
      if (breaks)
        *flagged |= 1u << dir;
    }
}

static inline __attribute__ ((always_inline)) void
bits_expand (const SlideCtx *ctx,
             const guint8   *key,
             guint8         *succ,
             guint          *changed,
             guint          *flagged,
             gboolean        one_word)
{
  guint64 start[N_GROUPS];

  *changed = 0;
  *flagged = 0;
  packed_decode (ctx, key, start, one_word);
  /* constant directions: each call inlines a move with its shifts fixed */
  bits_expand_one (ctx, start, 0, succ, changed, flagged, one_word);
  bits_expand_one (ctx, start, 1, succ, changed, flagged, one_word);
  bits_expand_one (ctx, start, 2, succ, changed, flagged, one_word);
  bits_expand_one (ctx, start, 3, succ, changed, flagged, one_word);
}

/* Up to ten pieces: keys of one word. */
static void
slide_expand_bits1 (gconstpointer  data,
                    const guint8  *key,
                    guint8        *succ,
                    guint         *changed,
                    guint         *flagged)
{
  bits_expand (data, key, succ, changed, flagged, TRUE);
}

static void
slide_expand_bits (gconstpointer  data,
                   const guint8  *key,
                   guint8        *succ,
                   guint         *changed,
                   guint         *flagged)
{
  bits_expand (data, key, succ, changed, flagged, FALSE);
}

#if defined (__x86_64__) && defined (__GNUC__)
#define HAVE_BITS4 1

/* All four moves of a position at once, one move in each 64-bit lane of
 * AVX2 vectors, for processors that have AVX2 and BMI1/2 (chosen at run
 * time; the code above serves the others). When no skiddy left the board,
 * the successors' keys are packed in the lanes too; otherwise each lane
 * is finished on its own (combos), where BMI makes the packing a tzcnt and
 * a blsr a piece. The same steps as bits_move, taken by
 * every lane until none changes: a lane whose move has ended changes
 * nothing in later steps, so it keeps its result. Steps shift each lane
 * its own way: AHEAD (x) = (x << ahead_left) | (x >> ahead_right), and
 * counts of 64 give 0. */

#define V_AND(a, b)    _mm256_and_si256 ((a), (b))
#define V_OR(a, b)     _mm256_or_si256 ((a), (b))
#define V_XOR(a, b)    _mm256_xor_si256 ((a), (b))
#define V_ANDNOT(a, b) _mm256_andnot_si256 ((a), (b))  /* ~a & b */

static __attribute__ ((target ("avx2,bmi,bmi2"))) void
slide_expand_bits4 (gconstpointer  data,
                    const guint8  *key,
                    guint8        *succ,
                    guint         *changed,
                    guint         *flagged)
{
  const SlideCtx *ctx = data;
  const __m256i al = _mm256_loadu_si256 ((const __m256i *) ctx->ahead_left);
  const __m256i ar = _mm256_loadu_si256 ((const __m256i *) ctx->ahead_right);
  const __m256i bl = _mm256_loadu_si256 ((const __m256i *) ctx->behind_left);
  const __m256i br = _mm256_loadu_si256 ((const __m256i *) ctx->behind_right);
  const __m256i floor_pit = _mm256_set1_epi64x ((gint64) ctx->floor_pit_bits);
  const __m256i pits = _mm256_set1_epi64x ((gint64) ctx->pit_bits);
  const __m256i any_goal = _mm256_set1_epi64x ((gint64) ctx->any_goal_bits);
  const __m256i gc0 = _mm256_loadu_si256 ((const __m256i *) ctx->goal_code_lanes[0]);
  const __m256i gc1 = _mm256_loadu_si256 ((const __m256i *) ctx->goal_code_lanes[1]);
  const __m256i gc2 = _mm256_loadu_si256 ((const __m256i *) ctx->goal_code_lanes[2]);
  const __m256i gc3 = _mm256_loadu_si256 ((const __m256i *) ctx->goal_code_lanes[3]);
  guint64 start[N_GROUPS];
  __m256i p0, p1, p2, crate, left, active, occupied, s0, s1, s2, sc;
  guint64 out[5][4];
  guint exited;

#define AHEAD(x) V_OR (_mm256_sllv_epi64 ((x), al), _mm256_srlv_epi64 ((x), ar))
#define BEHIND(x) V_OR (_mm256_sllv_epi64 ((x), bl), _mm256_srlv_epi64 ((x), br))

  *changed = 0;
  *flagged = 0;
  packed_decode (ctx, key, start, TRUE);
  p0 = _mm256_set1_epi64x ((gint64) (start[0] | start[2] | start[GROUP_ICE]));
  p1 = _mm256_set1_epi64x ((gint64) (start[1] | start[2]));
  p2 = _mm256_set1_epi64x ((gint64) (start[3] | start[GROUP_ICE]));
  crate = _mm256_set1_epi64x ((gint64) start[GROUP_CRATE]);
  s0 = p0;
  s1 = p1;
  s2 = p2;
  sc = crate;
  left = _mm256_setzero_si256 ();
  active = V_OR (V_OR (p0, p1), p2);
  occupied = V_OR (active, crate);

  for (;;)
    {
      const __m256i free_cells = V_ANDNOT (occupied, floor_pit);
      const __m256i ahead = AHEAD (active);
      const __m256i into_free = V_AND (ahead, free_cells);
      const __m256i pushable = V_AND (crate, BEHIND (free_cells));
      const __m256i special = V_AND (ahead, V_OR (any_goal, pushable));
      const __m256i from = BEHIND (into_free);
      __m256i m, mine, exits, push, into, beyond, step;

#define STEP(g, f) (m = V_AND ((g), (f)), (g) = V_XOR ((g), V_OR (m, AHEAD (m))))
      STEP (p0, from);
      STEP (p1, from);
      STEP (p2, from);
      occupied = V_XOR (occupied, V_OR (from, into_free));
      active = V_OR (V_ANDNOT (from, active), V_ANDNOT (pits, into_free));

      exits = push = _mm256_setzero_si256 ();
      /* skiddies (not code 5, ice) facing their own goal or a crate
       * they can push: rare, so only looked for when some lane has one
       * ahead */
      if (!_mm256_testz_si256 (special, special))
        {
          mine = V_ANDNOT (V_AND (p0, p2), V_AND (active, BEHIND (special)));
          exits = V_ANDNOT (V_OR (V_OR (V_XOR (p0, gc0), V_XOR (p1, gc1)), V_XOR (p2, gc2)),
                            V_AND (mine, gc3));
          push = V_AND (mine, BEHIND (pushable));
          p0 = V_ANDNOT (exits, p0);
          p1 = V_ANDNOT (exits, p1);
          p2 = V_ANDNOT (exits, p2);
          left = V_OR (left, exits);
          active = V_ANDNOT (exits, active);
          occupied = V_ANDNOT (exits, occupied);

          if (!_mm256_testz_si256 (push, push))
            {
              into = AHEAD (push);
              beyond = AHEAD (into);
              crate = V_XOR (crate, V_OR (into, beyond));
              STEP (p0, push);
              STEP (p1, push);
              STEP (p2, push);
              active = V_ANDNOT (push, active);
              occupied = V_XOR (occupied, V_OR (push, beyond));
            }
        }
#undef STEP

      step = V_OR (V_OR (into_free, exits), push);
      if (_mm256_testz_si256 (step, step))
        break;
    }
#undef AHEAD
#undef BEHIND

  /* The groups, the test for a change and the packing of the
   * successors' keys run in the lanes too. Lanes where a skiddy left the
   * board may clear a combo: they are finished on their own below. */
  {
    const __m256i zero = _mm256_setzero_si256 ();
    const __m256i ones = _mm256_set1_epi64x (-1);
    const __m256i gone = _mm256_set1_epi64x ((gint64) (G_GUINT64_CONSTANT (1) << PACKED_GONE));
    const __m256i nibble = _mm256_set1_epi8 (0x0f);
    const __m256i nibble_count = _mm256_setr_epi8 (0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                   0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    __m256i groups[N_GROUPS];
    __m256i diff, moved, w = zero;

    /* pieces only move forward: a lane changed exactly when some piece's
     * cell did */
    diff = V_OR (V_OR (V_XOR (p0, s0), V_XOR (p1, s1)), V_OR (V_XOR (p2, s2), V_XOR (crate, sc)));
    moved = V_XOR (_mm256_cmpeq_epi64 (diff, zero), ones);
    groups[0] = V_ANDNOT (p2, V_ANDNOT (p1, p0));
    groups[1] = V_ANDNOT (p0, p1);
    groups[2] = V_AND (p0, p1);
    groups[3] = V_ANDNOT (p0, p2);
    groups[GROUP_CRATE] = crate;
    groups[GROUP_ICE] = V_AND (p0, p2);

    /* as packed_encode, each lane's lowest cell counted as the bits below
     * it (AVX2 has no tzcnt: a popcount by nibble lookup) */
    for (int g = 0; g < N_GROUPS; g++)
      {
        __m256i b = V_OR (groups[g], gone);
        __m256i b1, below, count;

#define EMIT (b1 = _mm256_add_epi64 (b, ones), below = V_ANDNOT (b, b1),                          \
              count = _mm256_add_epi8 (                                                           \
                _mm256_shuffle_epi8 (nibble_count, V_AND (below, nibble)),                        \
                _mm256_shuffle_epi8 (nibble_count, V_AND (_mm256_srli_epi16 (below, 4), nibble))), \
              w = V_OR (_mm256_slli_epi64 (w, 6), _mm256_sad_epu8 (count, zero)),                 \
              b = V_OR (V_AND (b, b1), gone))
        switch (ctx->group_count[g])
          {
          case 10: EMIT; /* fall through */
          case 9: EMIT; /* fall through */
          case 8: EMIT; /* fall through */
          case 7: EMIT; /* fall through */
          case 6: EMIT; /* fall through */
          case 5: EMIT; /* fall through */
          case 4: EMIT; /* fall through */
          case 3: EMIT; /* fall through */
          case 2: EMIT; /* fall through */
          case 1: EMIT; /* fall through */
          default: break;
          }
#undef EMIT
      }
    /* keys of one word: the four successors are one vector */
    _mm256_maskstore_epi64 ((long long *) succ, moved, w);
    *changed = (guint) _mm256_movemask_pd (_mm256_castsi256_pd (moved));
    exited = ~(guint) _mm256_movemask_pd (_mm256_castsi256_pd (_mm256_cmpeq_epi64 (left, zero)))
             & 0xf;
  }

  if (exited == 0)
    return;

  _mm256_storeu_si256 ((__m256i *) out[0], p0);
  _mm256_storeu_si256 ((__m256i *) out[1], p1);
  _mm256_storeu_si256 ((__m256i *) out[2], p2);
  _mm256_storeu_si256 ((__m256i *) out[3], crate);
  _mm256_storeu_si256 ((__m256i *) out[4], left);

  for (int dir = 0; dir < 4; dir++)
    {
      guint64 groups[N_GROUPS];
      gboolean breaks;
      gboolean moved;

      if (!(exited & (1u << dir)))
        continue;
      memcpy (groups, start, sizeof groups);
      /* a skiddy left, so the position changed */
      moved = bits_finish (ctx, groups, dir, out[0][dir], out[1][dir], out[2][dir], out[3][dir],
                           out[4][dir], &breaks);
      g_assert (moved);
      packed_encode (ctx, groups, succ + dir * ctx->packed_size, TRUE);
      if (breaks)
        *flagged |= 1u << dir;
    }
}

#undef V_AND
#undef V_OR
#undef V_XOR
#undef V_ANDNOT
#endif

/* Won when every skiddy has left: all their fields are PACKED_GONE. */
static gboolean
slide_is_won_packed (gconstpointer  data,
                     const guint8  *key)
{
  const SlideCtx *ctx = data;

  for (guint word = 0; word < ctx->packed_size / 8; word++)
    if ((packed_word (key, word) & ctx->won_mask[word]) != ctx->won_mask[word])
      return FALSE;
  return TRUE;
}

static void
slide_expand (gconstpointer  data,
              const guint8  *key,
              guint8        *succ,
              guint         *changed,
              guint         *flagged)
{
  const SlideCtx *ctx = data;
  Board start;
  Board board;
  Movers movers;

  *changed = 0;
  *flagged = 0;
  board_decode (ctx, key, &start, &movers);

  for (int dir = 0; dir < 4; dir++)
    {
      guint8 *out = succ + dir * ctx->key_size;
      gboolean breaks;

      memcpy (board.occ, start.occ, ctx->n_cells);
      memcpy (board.pos, start.pos, ctx->key_size);
      if (board_move (ctx, &board, &movers, dir, &breaks))
        {
          board_encode (ctx, &board, dir & 1, out);
          *changed |= 1u << dir;
          if (breaks)
            *flagged |= 1u << dir;
        }
    }
}

static gboolean
slide_is_won (gconstpointer  data,
              const guint8  *key)
{
  const SlideCtx *ctx = data;

  for (int c = 0; c < N_COLOURS; c++)
    if (ctx->group_count[c] > 0 && key[ctx->group_offset[c]] != GONE)
      return FALSE;
  return TRUE;
}

static const PwExplorerFuncs slide_explorer = {
  .n_moves = 4,
  .expand = slide_expand,
  .is_won = slide_is_won,
};

static const PwExplorerFuncs slide_explorer_bits = {
  .n_moves = 4,
  .expand = slide_expand_bits,
  .is_won = slide_is_won_packed,
};

char *
_pw_slide_play (const PwSlideLevel *level,
                const char         *moves,
                gboolean           *won,
                gboolean           *combo_broken,
                GError            **error)
{
  g_autoptr(GPtrArray) problems = slide_validate (level);
  guint8 key[PW_SLIDE_MAX_PIECES];
  guint8 next[PW_SLIDE_MAX_PIECES];
  g_autofree char *grid = NULL;
  SlideCtx ctx;
  Board board;
  Movers movers;
  GString *text;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  ctx_init (&ctx, level, key);
  if (won)
    *won = FALSE;
  if (combo_broken)
    *combo_broken = FALSE;

  for (const char *m = moves; *m; m++)
    {
      const char *dir = strchr (PW_SLIDE_MOVES, g_ascii_toupper (*m));
      gboolean breaks;

      if (dir == NULL)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Move %d: “%c” is not one of U, R, D, L"), (int) (m - moves) + 1, *m);
          return NULL;
        }
      if (slide_is_won (&ctx, key))
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Move %d: the level is already won"), (int) (m - moves) + 1);
          return NULL;
        }
      board_decode (&ctx, key, &board, &movers);
      board_move (&ctx, &board, &movers, dir - PW_SLIDE_MOVES, &breaks);
      board_encode (&ctx, &board, FALSE, next);
      if (memcmp (next, key, ctx.key_size) == 0)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("Move %d (%c) changes nothing"), (int) (m - moves) + 1, *m);
          return NULL;
        }
      if (breaks && combo_broken)
        *combo_broken = TRUE;
      memcpy (key, next, ctx.key_size);
    }

  if (won)
    *won = slide_is_won (&ctx, key);

  grid = g_memdup2 (level->cells, ctx.n_cells);
  for (int i = 0; i < ctx.n_cells; i++)
    if (group_of_piece (grid[i]) >= 0)
      grid[i] = '.';
  board_decode (&ctx, key, &board, &movers);
  for (int k = 0; k < ctx.n_pieces; k++)
    if (board.pos[k] != GONE)
      grid[board.pos[k]] = piece_chars[ctx.piece_group[k]];

  text = g_string_new (NULL);
  for (int y = 0; y < level->height; y++)
    {
      g_string_append_len (text, grid + y * level->width, level->width);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* Analysis                                                             */

/* C(n, r) exactly, FALSE when an intermediate step overflows 64 bits. */
static gboolean
binomial_u64 (guint64  n,
              guint64  r,
              guint64 *out)
{
  guint64 b = 1;

  if (r > n)
    {
      *out = 0;
      return TRUE;
    }
  /* after step i, b = C(n - r + i, i): every division is exact */
  for (guint64 i = 1; i <= r; i++)
    {
      if (__builtin_mul_overflow (b, n - r + i, &b))
        return FALSE;
      b /= i;
    }
  *out = b;
  return TRUE;
}

static double
binomial_double (double n,
                 double r)
{
  double b = 1;

  if (r > n)
    return 0;
  for (double i = 1; i <= r; i++)
    b = b * (n - r + i) / i;
  return b;
}

/* The designer's theoretical count: every way of placing 0..n_c skiddies of
 * each colour (not all colours empty), the crates and the ice cubes on the
 * floor and pit cells inside the border: a sum of multinomials, each the
 * product of binomials C(F, k1) C(F - k1, k2) … Exact while it fits in 64
 * bits (*exact is then TRUE); beyond that, the nearest double. */
static double
potential_states (const SlideCtx     *ctx,
                  const PwSlideLevel *level,
                  guint64            *exact_value,
                  gboolean           *exact)
{
  int cells = 0;
  int k[N_COLOURS] = { 0 };
  double total = 0;
  guint64 total64 = 0;

  *exact = TRUE;
  for (int y = 1; y < level->height - 1; y++)
    for (int x = 1; x < level->width - 1; x++)
      if (ctx->tile[y * level->width + x] <= T_PIT)
        cells++;

  for (;;)
    {
      int parts[N_GROUPS];
      gboolean any = FALSE;

      for (int c = 0; c < N_COLOURS; c++)
        {
          parts[c] = k[c];
          any |= k[c] > 0;
        }
      parts[GROUP_CRATE] = ctx->group_count[GROUP_CRATE];
      parts[GROUP_ICE] = ctx->group_count[GROUP_ICE];

      if (any)
        {
          int left = cells;
          double value = 1;
          guint64 value64 = 1;

          for (int g = 0; g < N_GROUPS; g++)
            {
              guint64 b;

              value *= binomial_double (left, parts[g]);
              if (*exact && (!binomial_u64 (MAX (left, 0), parts[g], &b) ||
                             __builtin_mul_overflow (value64, b, &value64)))
                *exact = FALSE;
              left -= parts[g];
            }
          if (left < 0)
            {
              value = 0;
              value64 = 0;
            }
          total += value;
          if (*exact && __builtin_add_overflow (total64, value64, &total64))
            *exact = FALSE;
        }

      /* the next combination of skiddy counts */
      {
        int c = 0;

        while (c < N_COLOURS && k[c] == ctx->group_count[c])
          k[c++] = 0;
        if (c == N_COLOURS)
          break;
        k[c]++;
      }
    }

  *exact_value = total64;
  return *exact ? (double) total64 : total;
}

typedef struct
{
  SlideCtx      ctx;
  PwStateGraph *graph;
} SlideAnalysis;

static void
slide_analysis_free (gpointer data)
{
  SlideAnalysis *sa = data;

  pw_state_graph_free (sa->graph);
  g_free (sa);
}

/* Explores @level's states (valid: validated by the caller) with the
 * explorer its board suits; NULL with an error when cancelled or out of
 * memory before anything was stored. */
static SlideAnalysis *
slide_explore (const PwSlideLevel *level,
               guint64             max_states,
               guint64             max_bytes,
               PwProgressFunc      progress,
               gpointer            progress_data,
               GCancellable       *cancellable,
               PwDeadline         *deadline,
               GError            **error)
{
  guint8 start[PW_SLIDE_MAX_PIECES];
  guint8 packed_start[PW_SLIDE_MAX_PIECES];
  PwExplorerFuncs funcs;
  SlideAnalysis *sa = g_new0 (SlideAnalysis, 1);

  ctx_init (&sa->ctx, level, start);
  if (sa->ctx.small)
    {
      funcs = slide_explorer_bits;
      funcs.key_size = sa->ctx.packed_size;
      if (funcs.key_size == 8)
        funcs.expand = slide_expand_bits1;
#ifdef HAVE_BITS4
      if (funcs.key_size == 8 && !force_scalar && __builtin_cpu_supports ("avx2") &&
          __builtin_cpu_supports ("bmi") && __builtin_cpu_supports ("bmi2"))
        funcs.expand = slide_expand_bits4;
#endif
      packed_from_bytes (&sa->ctx, start, packed_start);
    }
  else
    {
      funcs = slide_explorer;
      funcs.key_size = sa->ctx.key_size;
    }

  sa->graph = pw_state_graph_explore (&funcs, &sa->ctx, sa->ctx.small ? packed_start : start,
                                      max_states, max_bytes, progress, progress_data,
                                      cancellable, deadline, error);
  if (sa->graph == NULL)
    {
      g_free (sa);
      return NULL;
    }
  return sa;
}

gboolean
_pw_slide_measure (const PwSlideLevel *level,
                   guint64             max_states,
                   guint64             max_bytes,
                   PwSlideMeasure     *measure,
                   GCancellable       *cancellable,
                   GError            **error)
{
  SlideAnalysis *sa;
  PwStateGraph *graph;
  guint32 n_states;
  guint64 dead_ends = 0;

  memset (measure, 0, sizeof *measure);
  measure->par = -1;
  sa = slide_explore (level, max_states, max_bytes, NULL, NULL, cancellable, NULL, error);
  if (sa == NULL)
    return FALSE;
  graph = sa->graph;
  n_states = pw_state_graph_get_n_states (graph);
  measure->states = n_states - pw_state_graph_get_n_won (graph);
  measure->complete = pw_state_graph_is_complete (graph);
  /* the explorer stops at max_states exactly unless memory ran out first */
  if (!measure->complete && max_bytes > 0 && n_states < max_states)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_MEMORY_BUDGET,
                   _("the memory budget ran out after %u states"), n_states);
      slide_analysis_free (sa);
      return FALSE;
    }
  if (measure->complete)
    {
      if (!pw_state_graph_solve (graph, cancellable, error))
        {
          slide_analysis_free (sa);
          return FALSE;
        }
      for (guint32 s = 0; s < n_states; s++)
        if (pw_state_graph_get_distance (graph, s) == PW_NO_STATE)
          dead_ends++;
      if (pw_state_graph_get_distance (graph, 0) != PW_NO_STATE)
        measure->par = pw_state_graph_get_distance (graph, 0);
      measure->dead_ends = dead_ends;
      measure->dead_end_share = measure->states > 0 ? (double) dead_ends / measure->states : 0.0;
    }
  slide_analysis_free (sa);
  return TRUE;
}

static void
set_int (JsonObject *figures,
         int         figure,
         gint64      value)
{
  json_object_set_int_member (figures, slide_figures[figure].key, value);
}

static void
set_double (JsonObject *figures,
            int         figure,
            double      value)
{
  json_object_set_double_member (figures, slide_figures[figure].key, value);
}

/* Difficulty (docs/rules/slide.md): a weighted sum of the components, each
 * shown beside it. */
static double
slide_difficulty (double search_effort,
                  gint64 par,
                  double dead_end_share,
                  double branching)
{
  double d = 4.0 * log2 (MAX (search_effort, 1.0)) + 1.5 * par + 20.0 * dead_end_share +
             2.0 * MAX (branching - 1.0, 0.0);

  return round (d * 100.0) / 100.0;
}

static PwAnalysis *
slide_analyse (gconstpointer           data,
               const PwAnalyseOptions *options,
               PwProgressFunc          progress,
               gpointer                progress_data,
               GCancellable           *cancellable,
               GError                **error)
{
  const PwSlideLevel *level = data;
  g_autoptr(GPtrArray) problems = slide_validate (level);
  g_autoptr(PwAnalysis) analysis = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  SlideAnalysis *sa;
  PwStateGraph *graph;
  JsonObject *figures;
  guint64 potential64;
  gboolean potential_exact;
  double potential;
  guint32 n_states;
  guint32 n_won;
  gint64 par = -1;

  if (problems->len > 0)
    {
      const PwProblem *problem = g_ptr_array_index (problems, 0);

      if (problem->x >= 0)
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("Cell (%d, %d): %s"), problem->x, problem->y, problem->message);
      else
        g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, problem->message);
      return NULL;
    }

  sa = slide_explore (level, options->max_states, options->max_bytes, progress, progress_data,
                      cancellable, options->deadline, error);
  if (sa == NULL)
    return NULL;
  graph = sa->graph;

  analysis = pw_analysis_new (pw_slide_kind.id);
  pw_analysis_set_private (analysis, sa, slide_analysis_free);
  pw_analysis_set_graph (analysis, graph);
  figures = pw_analysis_get_figures (analysis);
  /* every figure, in order; unknown ones stay null */
  for (guint f = 0; f < N_FIGURES; f++)
    json_object_set_null_member (figures, slide_figures[f].key);

  n_states = pw_state_graph_get_n_states (graph);
  n_won = pw_state_graph_get_n_won (graph);
  pw_analyse_options_trace (options, "explored %u states (%u won) in %.3f s, %zu bytes at peak",
         n_states, n_won, g_timer_elapsed (timer, NULL), pw_state_graph_get_peak_bytes (graph));

  potential = potential_states (&sa->ctx, level, &potential64, &potential_exact);

  set_int (figures, FIG_STATES, n_states - n_won);
  set_int (figures, FIG_WINS, n_won);
  if (potential_exact && potential64 <= G_MAXINT64)
    set_int (figures, FIG_POTENTIAL, (gint64) potential64);
  else
    set_double (figures, FIG_POTENTIAL, potential);
  set_double (figures, FIG_RATIO, potential > 0 ? (n_states - n_won) / potential : 0.0);

  if (!pw_state_graph_is_complete (graph))
    {
      /* Breadth-first order finds the nearest win first, so a par that was
       * found is exact; everything else needs the whole space. */
      for (guint32 s = 0; s < n_states; s++)
        if (pw_state_graph_is_won (graph, s))
          {
            par = pw_state_graph_get_depth (graph, s);
            break;
          }
      if (par >= 0)
        set_int (figures, FIG_PAR, par);
      pw_analysis_set_partial (analysis, pw_state_graph_get_partial_reason (graph));
      return g_steal_pointer (&analysis);
    }

  if (!pw_state_graph_solve (graph, cancellable, error))
    return NULL;
  pw_analyse_options_trace (options, "distances to a win at %.3f s", g_timer_elapsed (timer, NULL));

  {
    guint64 dead_ends = 0;
    char dead_moves[5] = "";
    int n_dead_moves = 0;
    double dead_share;
    double branching;
    gint64 combo_par;
    GError *local_error = NULL;

    for (guint32 s = 0; s < n_states; s++)
      if (pw_state_graph_get_distance (graph, s) == PW_NO_STATE)
        dead_ends++;
    for (guint m = 0; m < 4; m++)
      {
        guint32 t = pw_state_graph_get_successor (graph, 0, m);

        if (t != PW_NO_STATE && pw_state_graph_get_distance (graph, t) == PW_NO_STATE)
          dead_moves[n_dead_moves++] = PW_SLIDE_MOVES[m];
      }
    dead_share = n_states > n_won ? (double) dead_ends / (n_states - n_won) : 0.0;
    branching = pw_state_graph_branching (graph);

    set_int (figures, FIG_DEAD_ENDS, dead_ends);
    json_object_set_string_member (figures, FIG (DEAD_END_MOVES), dead_moves);

    if (pw_state_graph_get_distance (graph, 0) != PW_NO_STATE)
      {
        GString *solution = g_string_new (NULL);
        guint32 s = 0;

        par = pw_state_graph_get_distance (graph, 0);
        /* the first move, in U R D L order, that keeps to a shortest line */
        while (!pw_state_graph_is_won (graph, s))
          for (guint m = 0; m < 4; m++)
            {
              guint32 t = pw_state_graph_get_successor (graph, s, m);

              if (t != PW_NO_STATE &&
                  pw_state_graph_get_distance (graph, t) + 1 == pw_state_graph_get_distance (graph, s))
                {
                  g_string_append_c (solution, PW_SLIDE_MOVES[m]);
                  s = t;
                  break;
                }
            }
        set_int (figures, FIG_PAR, par);
        set_int (figures, FIG_SHORTEST, MIN (pw_state_graph_count_shortest (graph), G_MAXINT64));
        json_object_set_string_member (figures, FIG (SOLUTION), solution->str);
        g_string_free (solution, TRUE);
      }
    else
      {
        json_object_set_null_member (figures, FIG (PAR));
        set_int (figures, FIG_SHORTEST, 0);
        json_object_set_null_member (figures, FIG (SOLUTION));
      }

    pw_analyse_options_trace (options, "dead ends, shortest solutions at %.3f s", g_timer_elapsed (timer, NULL));
    combo_par = pw_state_graph_unflagged_par (graph, cancellable, &local_error);
    if (local_error != NULL)
      {
        g_propagate_error (error, local_error);
        return NULL;
      }
    if (combo_par >= 0)
      set_int (figures, FIG_MAX_COMBO_PAR, combo_par);
    else
      json_object_set_null_member (figures, FIG (MAX_COMBO_PAR));
    json_object_set_boolean_member (figures, FIG (PERFECT), par >= 0 && combo_par == par);

    pw_analyse_options_trace (options, "max-combo par at %.3f s", g_timer_elapsed (timer, NULL));
    if (par >= 0)
      {
        g_autoptr(GRand) rand = g_rand_new_with_seed_array ((const guint32[]) {
                                                              (guint32) options->seed,
                                                              (guint32) (options->seed >> 32) },
                                                            2);
        guint runs = MAX (options->search_runs, 1);
        g_autofree guint32 *seeds = g_new (guint32, runs);
        g_autofree guint64 *efforts = g_new (guint64, runs);
        guint64 min_effort = G_MAXUINT64;
        guint64 max_effort = 0;
        double sum = 0;
        double mean;

        /* each search has its own seed, drawn from the analysis seed */
        for (guint r = 0; r < runs; r++)
          seeds[r] = g_rand_int (rand);
        if (!pw_state_graph_random_searches (graph, seeds, runs, efforts, cancellable, error))
          return NULL;
        for (guint r = 0; r < runs; r++)
          {
            sum += efforts[r];
            min_effort = MIN (min_effort, efforts[r]);
            max_effort = MAX (max_effort, efforts[r]);
          }
        mean = sum / runs;
        pw_analyse_options_trace (options, "%u randomised searches at %.3f s", runs, g_timer_elapsed (timer, NULL));
        set_double (figures, FIG_DIFFICULTY,
                    slide_difficulty (mean, par, dead_share, branching));
        set_double (figures, FIG_DEAD_END_SHARE, dead_share);
        set_double (figures, FIG_BRANCHING, branching);
        set_double (figures, FIG_SEARCH_EFFORT, mean);
        set_int (figures, FIG_SEARCH_EFFORT_MIN, min_effort);
        set_int (figures, FIG_SEARCH_EFFORT_MAX, max_effort);
      }
    else
      {
        json_object_set_null_member (figures, FIG (DIFFICULTY));
        set_double (figures, FIG_DEAD_END_SHARE, dead_share);
        set_double (figures, FIG_BRANCHING, branching);
        json_object_set_null_member (figures, FIG (SEARCH_EFFORT));
        json_object_set_null_member (figures, FIG (SEARCH_EFFORT_MIN));
        json_object_set_null_member (figures, FIG (SEARCH_EFFORT_MAX));
      }
  }

  pw_analyse_options_trace (options, "analysed in %.3f s", g_timer_elapsed (timer, NULL));
  return g_steal_pointer (&analysis);
}

/* ------------------------------------------------------------------ */
/* Play                                                                 */

/* Play positions are the keys the analysis stores in its graph, so that
 * the graph answers for them: on bitboard boards the packed form. The
 * moves themselves go through the byte form and board_move. */
static gpointer
slide_play_new (gconstpointer  data,
                guint8        *start,
                guint         *key_size)
{
  const PwSlideLevel *level = data;
  g_autoptr(GPtrArray) problems = slide_validate (level);
  guint8 bytes[PW_SLIDE_MAX_PIECES];
  SlideCtx *ctx;

  if (problems->len > 0)
    return NULL;
  ctx = g_new (SlideCtx, 1);
  memset (start, 0, PW_PLAY_MAX_KEY);
  ctx_init (ctx, level, bytes);
  if (ctx->small)
    {
      packed_from_bytes (ctx, bytes, start);
      *key_size = ctx->packed_size;
    }
  else
    {
      memcpy (start, bytes, ctx->key_size);
      *key_size = ctx->key_size;
    }
  return ctx;
}

static gboolean
slide_play_won (gconstpointer  rules,
                const guint8  *key)
{
  const SlideCtx *ctx = rules;

  return ctx->small ? slide_is_won_packed (rules, key) : slide_is_won (rules, key);
}

static gboolean
slide_play_move (gconstpointer  rules,
                 const guint8  *key,
                 guint          move,
                 guint8        *next,
                 gboolean      *flagged)
{
  const SlideCtx *ctx = rules;
  guint key_size = ctx->small ? ctx->packed_size : ctx->key_size;
  guint8 bytes[PW_SLIDE_MAX_PIECES];
  Board board;
  Movers movers;
  gboolean breaks = FALSE;

  memcpy (next, key, key_size);
  if (move >= 4 || slide_play_won (ctx, key))
    return FALSE;
  if (ctx->small)
    packed_to_bytes (ctx, key, bytes);
  else
    memcpy (bytes, key, ctx->key_size);
  board_decode (ctx, bytes, &board, &movers);
  if (!board_move (ctx, &board, &movers, move, &breaks))
    return FALSE;
  board_encode (ctx, &board, FALSE, bytes);
  if (ctx->small)
    packed_from_bytes (ctx, bytes, next);
  else
    memcpy (next, bytes, ctx->key_size);
  if (flagged != NULL)
    *flagged = breaks;
  return TRUE;
}

static gpointer
slide_play_render (gconstpointer  data,
                   gconstpointer  rules,
                   const guint8  *key)
{
  const PwSlideLevel *level = data;
  const SlideCtx *ctx = rules;
  PwSlideLevel *view = slide_copy (level);
  guint8 bytes[PW_SLIDE_MAX_PIECES];

  if (ctx->small)
    {
      packed_to_bytes (ctx, key, bytes);
      key = bytes;
    }
  view->pieces = g_malloc (ctx->n_cells);
  memset (view->pieces, '.', ctx->n_cells);
  for (int i = 0; i < ctx->n_cells; i++)
    if (group_of_piece (view->cells[i]) >= 0)
      view->cells[i] = '.';
  for (int k = 0; k < ctx->n_pieces; k++)
    if (key[k] != GONE)
      view->pieces[key[k]] = piece_chars[ctx->piece_group[k]];
  return view;
}

int
_pw_slide_trace_move (const PwSlideLevel *level,
                      const PwSlideLevel *position,
                      guint               move,
                      PwSlideTrace       *traces)
{
  g_autoptr(GPtrArray) problems = slide_validate (level);
  guint8 key[PW_PLAY_MAX_KEY];
  SlideCtx ctx;
  Board board;
  Movers movers;
  gboolean breaks;
  int cursor[N_GROUPS];

  if (problems->len > 0 || position->pieces == NULL || move >= 4 ||
      position->width != level->width || position->height != level->height)
    return 0;
  ctx_init (&ctx, level, key);

  /* the position's key: each group's cells in ascending order, then the
   * pieces that are gone */
  memset (key, GONE, ctx.key_size);
  for (int g = 0; g < N_GROUPS; g++)
    cursor[g] = ctx.group_offset[g];
  for (int i = 0; i < ctx.n_cells; i++)
    {
      int g = group_of_piece (position->pieces[i]);

      if (g < 0)
        continue;
      if (cursor[g] >= ctx.group_offset[g] + ctx.group_count[g])
        return 0;  /* not a position of this level */
      key[cursor[g]++] = i;
    }

  board_decode (&ctx, key, &board, &movers);
  board_move (&ctx, &board, &movers, move, &breaks);
  for (int k = 0; k < ctx.n_pieces; k++)
    {
      PwSlideTrace *t = &traces[k];

      t->piece = piece_chars[ctx.piece_group[k]];
      t->from = key[k] == GONE ? -1 : key[k];
      t->to = board.pos[k] == GONE ? -1 : board.pos[k];
      t->exit = -1;
      if (t->from >= 0 && t->to < 0 && ctx.run_goal[move][t->from] == ctx.piece_group[k])
        t->exit = ctx.run_end[move][t->from] + ctx.delta[move];
    }
  return ctx.n_pieces;
}

/* The level list: how short a win is, how big the space, how many traps. */
static const PwGenerateParam generate_params[] = {
  { "size", N_("WxH"), N_("grid with its border, 4 to 12 (default 7x6)") },
  { "colours", N_("N"), N_("colours of skiddies (default 2, at most 4)") },
  { "pieces", N_("N"), N_("most pieces: skiddies, crates, ice (default 6)") },
  { "par", N_("N|any"), N_("target par (default 8)") },
  { "states", N_("N|any"), N_("target reachable states (default any)") },
  { "dead-ends", N_("F|any"), N_("target dead-end share, 0 to 1 (default any)") },
  { "tolerance", N_("F"), N_("how far from a target is near enough: par and states ± F of it, "
                             "dead-end share ± F (default 0.2)") },
  { "steps", N_("N"), N_("tries before keeping the best (default 2000)") },
};

static const PwListColumn slide_columns[] = {
  { "par", N_("Par"), N_("Par: the fewest moves that win"), PW_COLUMN_COUNT },
  { "states", N_("States"), N_("Reachable states, won ones aside"), PW_COLUMN_COUNT },
  /* Translators: short column title for dead-end states */
  { "dead_ends", N_("Dead"), N_("Dead ends: states from which no win can be reached"),
    PW_COLUMN_COUNT },
  /* Translators: short column title for the difficulty score */
  { "difficulty", N_("Diff."), N_("Difficulty score"), PW_COLUMN_DECIMAL },
};

const PwKind pw_slide_kind = {
  .id = "slide",
  .name = N_("Slide"),
  .new_default = slide_new_default,
  .copy = slide_copy,
  .free = slide_free,
  .equal = slide_equal,
  .canonical_form = _pw_slide_canonical_form,
  .from_json = slide_from_json,
  .to_json = slide_to_json,
  .from_text = slide_from_text,
  .to_text = slide_to_text,
  .transform = slide_transform,
  .resize = slide_resize,
  .describe_size = slide_describe_size,
  .validate = slide_validate,
  .figures = slide_figures,
  .n_figures = N_FIGURES,
  .list_columns = slide_columns,
  .n_list_columns = G_N_ELEMENTS (slide_columns),
  .solvable_figure = "wins",
  .progress_unit = N_("states explored"),
  .analyse = slide_analyse,
  .generate_params = generate_params,
  .n_generate_params = G_N_ELEMENTS (generate_params),
  .generate = _pw_slide_generate,
  .moves = PW_SLIDE_MOVES,
  .play_new = slide_play_new,
  .play_free = g_free,
  .play_move = slide_play_move,
  .play_won = slide_play_won,
  .play_render = slide_play_render,
};
