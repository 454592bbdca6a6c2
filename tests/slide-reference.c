/* slide-reference.c — a second, deliberately plain implementation of the
 * slide rules, written from the rules text alone, for cross-checking
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here is meant to be fast. A state is a string with one character
 * per cell; the search keeps every state in a GHashTable and every edge in
 * plain arrays.
 */

#define G_LOG_DOMAIN "slide-reference"

#include "slide-reference.h"
#include "test-util.h"

#include <string.h>

G_DEFINE_QUARK (slide-reference-error-quark, slide_ref_error)

/* Up, Right, Down, Left. */
static const int dir_dx[4] = { 0, 1, 0, -1 };
static const int dir_dy[4] = { -1, 0, 1, 0 };

static const char skiddy_colours[] = "rygb";

static gboolean
is_skiddy (char c)
{
  return c == 'r' || c == 'y' || c == 'g' || c == 'b';
}

static gboolean
is_goal (char c)
{
  return c == 'R' || c == 'Y' || c == 'G' || c == 'B';
}

/* The skiddy colour a goal lets through. */
static char
goal_colour (char goal)
{
  return g_ascii_tolower (goal);
}

/* Parsing */

void
slide_ref_free (SlideRef *ref)
{
  if (ref == NULL)
    return;
  g_free (ref->tiles);
  g_free (ref->start);
  g_free (ref);
}

SlideRef *
slide_ref_new (const char  *text,
               GError     **error)
{
  g_autoptr (SlideRef) ref = NULL;
  g_auto (GStrv) rows = NULL;
  int n_rows;
  int n_skiddies = 0;

  g_return_val_if_fail (text != NULL, NULL);

  rows = g_strsplit (text, "\n", -1);
  n_rows = g_strv_length (rows);
  if (n_rows > 0 && rows[n_rows - 1][0] == '\0')
    n_rows--;

  ref = g_new0 (SlideRef, 1);
  ref->height = n_rows;
  ref->width = n_rows > 0 ? (int) strlen (rows[0]) : 0;

  if (ref->width < 3 || ref->width > 16 || ref->height < 3 || ref->height > 16)
    {
      g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                   "size %d×%d is not within 3..16", ref->width, ref->height);
      return NULL;
    }

  ref->tiles = g_malloc0 (ref->width * ref->height + 1);
  ref->start = g_malloc0 (ref->width * ref->height + 1);

  for (int y = 0; y < ref->height; y++)
    {
      if ((int) strlen (rows[y]) != ref->width)
        {
          g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                       "row %d has a different length", y);
          return NULL;
        }

      for (int x = 0; x < ref->width; x++)
        {
          char c = rows[y][x];
          int i = y * ref->width + x;
          gboolean border = x == 0 || y == 0 || x == ref->width - 1 || y == ref->height - 1;

          if (c == '#' || c == '.' || c == 'o' || is_goal (c))
            {
              ref->tiles[i] = c;
              ref->start[i] = SLIDE_REF_EMPTY;
            }
          else if (is_skiddy (c) || c == '$' || c == '*')
            {
              ref->tiles[i] = '.';
              ref->start[i] = c;
              if (is_skiddy (c))
                n_skiddies++;
            }
          else
            {
              g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                           "unknown tile '%c' at %d,%d", c, x, y);
              return NULL;
            }

          if (border && c != '#' && !is_goal (c))
            {
              g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                           "border cell %d,%d is '%c', not a wall or goal", x, y, c);
              return NULL;
            }
          if (!border && is_goal (c))
            {
              g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                           "goal inside the border at %d,%d", x, y);
              return NULL;
            }
        }
    }

  if (n_skiddies == 0)
    {
      g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID, "no skiddy");
      return NULL;
    }

  return g_steal_pointer (&ref);
}

/* One move */

typedef struct
{
  char colour;
  int  cell;  /* the last board cell it stood on */
} Leaving;

/* Slides the piece on @cell as far as it goes, changing @pieces. */
static void
slide_one (const SlideRef *ref,
           char           *pieces,
           int             cell,
           int             dir,
           GArray         *leavings,
           guint          *events)
{
  char piece = pieces[cell];
  int x = cell % ref->width;
  int y = cell / ref->width;
  gboolean moved = FALSE;

  for (;;)
    {
      int here = y * ref->width + x;
      int nx = x + dir_dx[dir];
      int ny = y + dir_dy[dir];
      int next = ny * ref->width + nx;
      char tile;
      char occupant;

      /* Pieces never stand on the border, so next is always on the grid. */
      g_assert (nx >= 0 && nx < ref->width && ny >= 0 && ny < ref->height);
      tile = ref->tiles[next];
      occupant = pieces[next];

      if (tile == '#')
        break;

      if (is_goal (tile))
        {
          if (is_skiddy (piece) && goal_colour (tile) == piece)
            {
              Leaving leaving = { piece, here };

              pieces[here] = SLIDE_REF_EMPTY;
              g_array_append_val (leavings, leaving);
              *events |= SLIDE_REF_EVENT_EXIT;
              if (ref->tiles[here] == 'o' && !moved)
                *events |= SLIDE_REF_EVENT_LEAVE_PIT;
              return;
            }
          if (is_skiddy (piece))
            *events |= SLIDE_REF_EVENT_WRONG_GOAL;
          break;
        }

      if (occupant != SLIDE_REF_EMPTY)
        {
          if (occupant == '$' && is_skiddy (piece))
            {
              int beyond = next + dir_dy[dir] * ref->width + dir_dx[dir];
              char beyond_tile = ref->tiles[beyond];

              if ((beyond_tile == '.' || beyond_tile == 'o')
                  && pieces[beyond] == SLIDE_REF_EMPTY)
                {
                  pieces[beyond] = '$';
                  pieces[next] = piece;
                  pieces[here] = SLIDE_REF_EMPTY;
                  *events |= SLIDE_REF_EVENT_PUSH;
                  if (beyond_tile == 'o')
                    *events |= SLIDE_REF_EVENT_PUSH_INTO_PIT;
                  if (tile == 'o')
                    *events |= SLIDE_REF_EVENT_CRATE_ON_PIT_PUSHED;
                  if (ref->tiles[here] == 'o' && !moved)
                    *events |= SLIDE_REF_EVENT_LEAVE_PIT;
                }
              else
                {
                  *events |= SLIDE_REF_EVENT_PUSH_BLOCKED;
                }
            }
          else if (occupant == '$' && piece == '*')
            {
              *events |= SLIDE_REF_EVENT_ICE_AT_CRATE;
            }
          break;
        }

      /* Free floor or a free pit: step onto it. */
      pieces[next] = piece;
      pieces[here] = SLIDE_REF_EMPTY;
      if (ref->tiles[here] == 'o' && !moved)
        *events |= SLIDE_REF_EVENT_LEAVE_PIT;
      moved = TRUE;
      if (piece == '*')
        *events |= SLIDE_REF_EVENT_ICE_MOVED;
      x = nx;
      y = ny;

      if (tile == 'o')
        {
          *events |= SLIDE_REF_EVENT_ENTER_PIT;
          break;
        }
    }
}

typedef struct
{
  int cell;
  int lead;  /* how far ahead in the move's direction */
} Mover;

static int
compare_movers (gconstpointer a,
                gconstpointer b)
{
  const Mover *ma = a;
  const Mover *mb = b;

  /* Leading pieces first. */
  return mb->lead - ma->lead;
}

PW_TEST_ORACLE gboolean
slide_ref_is_won (const char *state)
{
  for (const char *p = state; *p != '\0'; p++)
    if (is_skiddy (*p))
      return FALSE;
  return TRUE;
}

static int
count_piece (const char *state,
             char        piece)
{
  int n = 0;

  for (const char *p = state; *p != '\0'; p++)
    if (*p == piece)
      n++;
  return n;
}

PW_TEST_ORACLE char *
slide_ref_move (const SlideRef *ref,
                const char     *state,
                int             dir,
                SlideRefStep   *step)
{
  g_autofree char *pieces = g_strdup (state);
  g_autofree gboolean *cleared = NULL;
  g_autoptr (GArray) movers = g_array_new (FALSE, FALSE, sizeof (Mover));
  g_autoptr (GArray) leavings = g_array_new (FALSE, FALSE, sizeof (Leaving));
  int n_cells = ref->width * ref->height;
  guint events = 0;
  gboolean any_cleared = FALSE;
  gboolean breaks_combo = FALSE;

  g_assert (dir >= 0 && dir < 4);

  if (slide_ref_is_won (state))
    return NULL;

  /* Every skiddy and ice cube moves, leading pieces first. */
  for (int i = 0; i < n_cells; i++)
    {
      if (is_skiddy (pieces[i]) || pieces[i] == '*')
        {
          Mover mover;

          mover.cell = i;
          mover.lead = (i % ref->width) * dir_dx[dir] + (i / ref->width) * dir_dy[dir];
          g_array_append_val (movers, mover);
        }
    }
  g_array_sort (movers, compare_movers);

  for (guint m = 0; m < movers->len; m++)
    {
      const Mover *mover = &g_array_index (movers, Mover, m);

      /* Only the mover itself and crates ahead of it change, so the
       * movers still to come are where they were. */
      g_assert (is_skiddy (pieces[mover->cell]) || pieces[mover->cell] == '*');
      slide_one (ref, pieces, mover->cell, dir, leavings, &events);
    }

  /* Combos, once everything has stopped: from the cell each leaving skiddy
   * left from, through 4-connected skiddies of its colour. */
  cleared = g_new0 (gboolean, n_cells);
  for (guint l = 0; l < leavings->len; l++)
    {
      const Leaving *leaving = &g_array_index (leavings, Leaving, l);
      g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
      int lx = leaving->cell % ref->width;
      int ly = leaving->cell / ref->width;

      /* The cell itself and its four neighbours start the flood. */
      if (pieces[leaving->cell] == leaving->colour && !cleared[leaving->cell])
        {
          cleared[leaving->cell] = TRUE;
          g_array_append_val (stack, leaving->cell);
        }
      for (int d = 0; d < 4; d++)
        {
          int nx = lx + dir_dx[d];
          int ny = ly + dir_dy[d];
          int n = ny * ref->width + nx;

          if (nx < 0 || ny < 0 || nx >= ref->width || ny >= ref->height)
            continue;
          if (pieces[n] == leaving->colour && !cleared[n])
            {
              cleared[n] = TRUE;
              g_array_append_val (stack, n);
            }
        }

      while (stack->len > 0)
        {
          int c = g_array_index (stack, int, stack->len - 1);
          int cx = c % ref->width;
          int cy = c / ref->width;

          g_array_set_size (stack, stack->len - 1);
          for (int d = 0; d < 4; d++)
            {
              int nx = cx + dir_dx[d];
              int ny = cy + dir_dy[d];
              int n = ny * ref->width + nx;

              if (nx < 0 || ny < 0 || nx >= ref->width || ny >= ref->height)
                continue;
              if (pieces[n] == leaving->colour && !cleared[n])
                {
                  cleared[n] = TRUE;
                  g_array_append_val (stack, n);
                }
            }
        }
    }

  for (int i = 0; i < n_cells; i++)
    {
      if (cleared[i])
        {
          g_assert (is_skiddy (pieces[i]));
          pieces[i] = SLIDE_REF_EMPTY;
          any_cleared = TRUE;
        }
    }
  if (any_cleared)
    events |= SLIDE_REF_EVENT_COMBO;
  if (leavings->len >= 2)
    events |= SLIDE_REF_EVENT_MULTI_EXIT;

  if (strcmp (pieces, state) == 0)
    return NULL;

  /* Some colour had a skiddy leave and still has skiddies left. */
  for (guint l = 0; l < leavings->len; l++)
    {
      const Leaving *leaving = &g_array_index (leavings, Leaving, l);

      if (count_piece (pieces, leaving->colour) > 0)
        breaks_combo = TRUE;
    }
  if (breaks_combo)
    events |= SLIDE_REF_EVENT_BREAKS_COMBO;

  if (step != NULL)
    {
      step->won = slide_ref_is_won (pieces);
      step->breaks_combo = breaks_combo;
      step->events = events;
    }

  return g_steal_pointer (&pieces);
}

char *
slide_ref_draw (const SlideRef *ref,
                const char     *state)
{
  GString *out = g_string_new (NULL);

  for (int y = 0; y < ref->height; y++)
    {
      for (int x = 0; x < ref->width; x++)
        {
          int i = y * ref->width + x;

          g_string_append_c (out, state[i] != SLIDE_REF_EMPTY ? state[i] : ref->tiles[i]);
        }
      g_string_append_c (out, '\n');
    }

  return g_string_free (out, FALSE);
}

char *
slide_ref_play (const SlideRef  *ref,
                const char      *moves,
                gboolean        *won,
                gboolean        *combo_broken,
                GError         **error)
{
  g_autofree char *state = g_strdup (ref->start);
  gboolean broken = FALSE;

  for (const char *m = moves; *m != '\0'; m++)
    {
      const char *letter = strchr (SLIDE_REF_MOVES, *m);
      SlideRefStep step;
      char *next;

      if (letter == NULL)
        {
          g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_INVALID,
                       "'%c' is not a move", *m);
          return NULL;
        }
      next = slide_ref_move (ref, state, (int) (letter - SLIDE_REF_MOVES), &step);
      if (next == NULL)
        {
          g_set_error (error, SLIDE_REF_ERROR, SLIDE_REF_ERROR_NO_MOVE,
                       "move %d ('%c') is not a move", (int) (m - moves) + 1, *m);
          return NULL;
        }
      broken = broken || step.breaks_combo;
      g_free (state);
      state = next;
    }

  if (won != NULL)
    *won = slide_ref_is_won (state);
  if (combo_broken != NULL)
    *combo_broken = broken;
  return g_steal_pointer (&state);
}

/* Potential states */

/* n choose k, in doubles (exact for the small numbers the tests use). */
static double
choose (int n,
        int k)
{
  double r = 1;

  if (k < 0 || k > n)
    return 0;
  for (int i = 1; i <= k; i++)
    r = r * (n - k + i) / i;
  return r;
}

double
slide_ref_potential_states (const SlideRef *ref)
{
  int n_free = 0;
  int n_colour[4];
  int n_crates = count_piece (ref->start, '$');
  int n_ice = count_piece (ref->start, '*');
  double sum = 0;

  for (int y = 1; y < ref->height - 1; y++)
    for (int x = 1; x < ref->width - 1; x++)
      {
        char tile = ref->tiles[y * ref->width + x];

        if (tile == '.' || tile == 'o')
          n_free++;
      }

  for (int c = 0; c < 4; c++)
    n_colour[c] = count_piece (ref->start, skiddy_colours[c]);

  for (int kr = 0; kr <= n_colour[0]; kr++)
    for (int ky = 0; ky <= n_colour[1]; ky++)
      for (int kg = 0; kg <= n_colour[2]; kg++)
        for (int kb = 0; kb <= n_colour[3]; kb++)
          {
            int left = n_free;
            double ways = 1;
            int counts[6] = { kr, ky, kg, kb, n_crates, n_ice };

            if (kr + ky + kg + kb == 0)
              continue;

            /* The multinomial as a product of binomials. */
            for (int i = 0; i < 6; i++)
              {
                ways *= choose (left, counts[i]);
                left -= counts[i];
              }
            if (left < 0)
              ways = 0;
            sum += ways;
          }

  return sum;
}

/* The search */

PW_TEST_ORACLE gboolean
slide_ref_analyse (const SlideRef  *ref,
                   guint            max_states,
                   SlideRefFigures *figures)
{
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) dist = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) paths = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GArray) succ = g_array_new (FALSE, FALSE, sizeof (int));      /* 4 per state */
  g_autoptr (GArray) breaks = g_array_new (FALSE, FALSE, sizeof (gboolean)); /* 4 per state */
  g_autofree gboolean *won = NULL;
  g_autofree gboolean *can_win = NULL;
  g_autofree int *combo_dist = NULL;
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));
  guint n;
  int zero = 0;
  guint64 one = 1;

  memset (figures, 0, sizeof *figures);
  figures->par = -1;
  figures->max_combo_par = -1;

  /* Plain breadth-first search; states are numbered in the order found,
   * which is also the order they are expanded. */
  g_ptr_array_add (states, g_strdup (ref->start));
  g_hash_table_insert (index, states->pdata[0], GINT_TO_POINTER (0));
  g_array_append_val (dist, zero);
  g_array_append_val (paths, one);

  for (guint s = 0; s < states->len; s++)
    {
      const char *state = states->pdata[s];

      for (int d = 0; d < 4; d++)
        {
          int t = -1;
          gboolean b = FALSE;

          if (!slide_ref_is_won (state))
            {
              SlideRefStep step;
              char *next = slide_ref_move (ref, state, d, &step);

              if (next != NULL)
                {
                  gpointer found;

                  figures->events |= step.events;
                  b = step.breaks_combo;
                  if (g_hash_table_lookup_extended (index, next, NULL, &found))
                    {
                      t = GPOINTER_TO_INT (found);
                      g_free (next);
                    }
                  else
                    {
                      int next_dist = g_array_index (dist, int, s) + 1;
                      guint64 no_paths = 0;

                      t = states->len;
                      g_ptr_array_add (states, next);
                      g_hash_table_insert (index, next, GINT_TO_POINTER (t));
                      g_array_append_val (dist, next_dist);
                      g_array_append_val (paths, no_paths);
                    }

                  /* Count shortest move sequences from the start. */
                  if (g_array_index (dist, int, t) == g_array_index (dist, int, s) + 1)
                    g_array_index (paths, guint64, t) += g_array_index (paths, guint64, s);
                }
            }
          g_array_append_val (succ, t);
          g_array_append_val (breaks, b);
        }

      if (states->len > max_states)
        {
          figures->states = states->len;
          return FALSE;
        }
    }

  n = states->len;
  won = g_new0 (gboolean, n);
  for (guint s = 0; s < n; s++)
    {
      won[s] = slide_ref_is_won (states->pdata[s]);
      if (won[s])
        figures->wins++;
      else
        figures->states++;
    }

  /* Which states can still win: repeat until nothing changes. Each pass
   * marks at least one more state or stops, so it ends. */
  can_win = g_new0 (gboolean, n);
  for (guint s = 0; s < n; s++)
    can_win[s] = won[s];
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      /* Going backwards through the BFS order makes this converge in a
       * handful of passes; the order does not affect the answer. */
      for (guint s = n; s-- > 0;)
        {
          if (can_win[s])
            continue;
          for (int d = 0; d < 4; d++)
            {
              int t = g_array_index (succ, int, s * 4 + d);

              if (t >= 0 && can_win[t])
                {
                  can_win[s] = TRUE;
                  changed = TRUE;
                  break;
                }
            }
        }
    }

  for (guint s = 0; s < n; s++)
    if (!won[s] && !can_win[s])
      figures->dead_ends++;

  {
    int k = 0;

    for (int d = 0; d < 4; d++)
      {
        int t = g_array_index (succ, int, d);

        if (t >= 0 && !won[t] && !can_win[t])
          figures->dead_end_moves[k++] = SLIDE_REF_MOVES[d];
      }
    figures->dead_end_moves[k] = '\0';
  }

  /* Par and the number of shortest solutions. */
  for (guint s = 0; s < n; s++)
    {
      int ds = g_array_index (dist, int, s);

      if (won[s] && (figures->par < 0 || ds < figures->par))
        figures->par = ds;
    }
  if (figures->par >= 0)
    for (guint s = 0; s < n; s++)
      if (won[s] && g_array_index (dist, int, s) == figures->par)
        figures->shortest_solutions += g_array_index (paths, guint64, s);

  /* The same search again, using only the moves that keep the combo. */
  combo_dist = g_new (int, n);
  for (guint s = 0; s < n; s++)
    combo_dist[s] = -1;
  combo_dist[0] = 0;
  g_array_append_val (queue, zero);
  for (guint q = 0; q < queue->len; q++)
    {
      int s = g_array_index (queue, int, q);

      if (won[s])
        {
          figures->max_combo_par = combo_dist[s];
          break;
        }
      for (int d = 0; d < 4; d++)
        {
          int t = g_array_index (succ, int, s * 4 + d);

          if (t < 0 || g_array_index (breaks, gboolean, s * 4 + d) || combo_dist[t] >= 0)
            continue;
          combo_dist[t] = combo_dist[s] + 1;
          g_array_append_val (queue, t);
        }
    }

  figures->perfect = figures->par >= 0 && figures->max_combo_par >= 0
                     && figures->par == figures->max_combo_par;
  figures->potential_states = slide_ref_potential_states (ref);

  return TRUE;
}

/* Random levels */


/* A random small valid level as text, or NULL when this attempt failed. */
char *
slide_ref_random_level (GRand *rand)
{
  int iw = g_rand_int_range (rand, 1, 6);
  int ih = g_rand_int_range (rand, 1, 5);
  int width = iw + 2;
  int height = ih + 2;
  g_autofree char *grid = NULL;
  g_autoptr (GArray) free_cells = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) border = g_array_new (FALSE, FALSE, sizeof (int));
  char used[4];
  /* Three flavours, so that every rule comes up often: anything goes;
   * crates among pits; several skiddies of one colour, for combos. */
  int flavour = g_rand_int_range (rand, 0, 3);
  int n_colours = flavour == 2 ? 1 : g_rand_int_range (rand, 1, 4);
  int n_skiddies = flavour == 2 ? g_rand_int_range (rand, 2, 5) : g_rand_int_range (rand, 1, 5);
  int n_goals = flavour == 2 ? 2 : g_rand_int_range (rand, 1, 4);
  int n_crates = flavour == 2 ? 0
                 : flavour == 1 ? g_rand_int_range (rand, 1, 4)
                 : g_rand_int_range (rand, 0, 100) < 30 ? g_rand_int_range (rand, 1, 3) : 0;
  int n_ice = flavour != 2 && g_rand_int_range (rand, 0, 100) < 40
              ? g_rand_int_range (rand, 1, 3) : 0;
  gboolean cluster = g_rand_int_range (rand, 0, 100) < (flavour == 2 ? 50 : 30);
  int wall_pct = g_rand_int_range (rand, 0, flavour == 2 ? 10 : 20);
  int pit_pct = flavour >= 1 ? g_rand_int_range (rand, 15, 40)
                : g_rand_int_range (rand, 0, 100) < 50 ? g_rand_int_range (rand, 5, 30) : 0;
  int last = -1;
  GString *text;

  grid = g_malloc (width * height);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        int i = y * width + x;
        gboolean on_border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
        gboolean corner = (x == 0 || x == width - 1) && (y == 0 || y == height - 1);
        int roll = g_rand_int_range (rand, 0, 100);

        if (on_border)
          {
            grid[i] = '#';
            if (!corner)
              g_array_append_val (border, i);
          }
        else if (roll < wall_pct)
          grid[i] = '#';
        else if (roll < wall_pct + pit_pct)
          grid[i] = 'o';
        else
          grid[i] = '.';
      }

  /* Distinct colours, in random order. */
  memcpy (used, skiddy_colours, 4);
  for (int i = 3; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1);
      char t = used[i];

      used[i] = used[j];
      used[j] = t;
    }

  /* Goals on the border, not in corners, mostly of colours in play. */
  for (int g = 0; g < n_goals; g++)
    {
      int i = g_array_index (border, int, g_rand_int_range (rand, 0, border->len));
      char colour = g_rand_int_range (rand, 0, 100) < 90
                    ? used[g_rand_int_range (rand, 0, n_colours)]
                    : used[g_rand_int_range (rand, 0, 4)];

      grid[i] = g_ascii_toupper (colour);
    }

  /* Pieces only on floor. */
  for (int i = 0; i < width * height; i++)
    if (grid[i] == '.')
      g_array_append_val (free_cells, i);
  if ((int) free_cells->len < n_skiddies + n_crates + n_ice)
    return NULL;

  for (int k = 0; k < n_skiddies + n_crates + n_ice; k++)
    {
      char piece;
      int i = -1;

      if (k < n_skiddies)
        piece = k < n_colours ? used[k] : used[g_rand_int_range (rand, 0, n_colours)];
      else if (k < n_skiddies + n_crates)
        piece = '$';
      else
        piece = '*';

      /* Sometimes put same-colour skiddies side by side, for combos. */
      if (cluster && k < n_skiddies && last >= 0)
        {
          int d = g_rand_int_range (rand, 0, 4);
          int n = last + (d == 0 ? -width : d == 1 ? 1 : d == 2 ? width : -1);

          if (grid[n] == '.')
            {
              i = n;
              piece = grid[last];
            }
        }
      while (i < 0)
        {
          int f = g_array_index (free_cells, int,
                                g_rand_int_range (rand, 0, free_cells->len));

          if (grid[f] == '.')
            i = f;
        }
      grid[i] = piece;
      if (k < n_skiddies)
        last = i;
    }

  text = g_string_new (NULL);
  for (int y = 0; y < height; y++)
    {
      g_string_append_len (text, grid + y * width, width);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}
