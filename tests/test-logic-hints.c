/* test-logic-hints.c — the hints the cell board's kinds give in play
 * (N-Queens, magic squares, knight's tours), cross-checked against every
 * solution found by brute force on many random small positions: a hint
 * only says what every solution that agrees with the position says; the
 * rules of play (solved, conflicts) against the same solutions; and
 * every bundled level of these kinds drawn, light and dark
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "knight-private.h"
#include "magic-private.h"
#include "pw-cell-board.h"
#include "pw-kind-view.h"
#include "queens-private.h"

static const PwCellView *
table_of (const char *kind_id)
{
  const PwKindView *view = pw_kind_view_lookup (kind_id);

  g_assert_nonnull (view);
  g_assert_nonnull (view->cell_board);
  return view->cell_board;
}

/* Every solution (@n_cells ints each) agreeing with @position where
 * @known is set must have the hint's entries (@entry_of maps a
 * solution's value at a cell to the play entry it means). */
typedef int (*EntryOf) (const int *solution,
                        guint      cell);

static void
check_hint (const PwCellHint *hint,
            GPtrArray        *solutions,
            const int        *position,
            EntryOf           entry_of,
            guint             n_cells,
            guint            *agreeing_out)
{
  guint agreeing = 0;

  for (guint s = 0; s < solutions->len; s++)
    {
      const int *solution = g_ptr_array_index (solutions, s);
      gboolean agrees = TRUE;

      for (guint c = 0; c < n_cells && agrees; c++)
        agrees = position[c] == 0 || entry_of (solution, c) == position[c];
      if (!agrees)
        continue;
      agreeing++;
      for (guint i = 0; hint != NULL && i < hint->changes->len; i++)
        {
          const PwCellChange *change = &g_array_index (hint->changes, PwCellChange, i);

          if (entry_of (solution, change->cell) != change->entry)
            g_error ("hint “%s”: cell %u takes %d, but a solution agreeing with the position "
                     "has %d there", hint->sentence, change->cell, change->entry,
                     entry_of (solution, change->cell));
        }
    }
  g_assert_cmpuint (agreeing, >, 0);
  if (agreeing_out != NULL)
    *agreeing_out = agreeing;
}

/* ------------------------------------------------------------------ */
/* N-Queens                                                             */

/* Every placement of n queens none attacking, by trying every column
 * for every row: per cell 1 a queen, 0 none. */
static void
queens_all (guint      n,
            guint      row,
            int       *columns,
            GPtrArray *out)
{
  if (row == n)
    {
      int *board = g_new0 (int, n * n);

      for (guint r = 0; r < n; r++)
        board[r * n + columns[r]] = 1;
      g_ptr_array_add (out, board);
      return;
    }
  for (guint c = 0; c < n; c++)
    {
      gboolean ok = TRUE;

      for (guint r = 0; r < row && ok; r++)
        ok = columns[r] != (int) c && ABS (columns[r] - (int) c) != (int) (row - r);
      if (!ok)
        continue;
      columns[row] = c;
      queens_all (n, row + 1, columns, out);
    }
}

/* play entries: 1 a queen, 2 a dot */
static int
queens_entry (const int *solution,
              guint      cell)
{
  return solution[cell] == 1 ? 1 : 2;
}

/* Random positions from one solution: some of its queens given, some of
 * its empty cells blocked, more of both as the player's queens and dots.
 * The hint agrees with every solution that agrees with them; a position
 * holding all of a solution is solved, without conflicts. */
static void
test_queens_hints (void)
{
  const PwCellView *table = table_of ("queens");
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  guint hints = 0;

  for (guint n = 4; n <= 7; n++)
    {
      g_autoptr(GPtrArray) solutions = g_ptr_array_new_with_free_func (g_free);
      int columns[8];

      queens_all (n, 0, columns, solutions);
      g_assert_cmpuint (solutions->len, >, 0);
      for (guint round = 0; round < 150; round++)
        {
          const int *chosen = g_ptr_array_index (solutions,
                                                 g_rand_int_range (rand, 0, solutions->len));
          PwQueensLevel *level = _pw_queens_level_new (PW_QUEENS_QUEENS, n, 1);
          g_autofree int *position = g_new0 (int, n * n);
          g_autofree guint8 *marks = g_new0 (guint8, n * n);
          g_autoptr(GError) error = NULL;
          g_autoptr(PwCellHint) hint = NULL;

          for (guint c = 0; c < n * n; c++)
            {
              double p = g_rand_double (rand);

              if (chosen[c] == 1 && p < 0.15)
                level->cells[c] = PW_QUEENS_CELL_QUEEN;
              else if (chosen[c] == 0 && p < 0.15)
                level->cells[c] = PW_QUEENS_CELL_BLOCKED;
              else if (p < 0.35)
                position[c] = chosen[c] == 1 ? 1 : 2;
              if (table->fixed (level, c) >= 0)
                position[c] = table->fixed (level, c);
            }
          hint = table->hint (level, position, &error);
          g_assert_no_error (error);
          check_hint (hint, solutions, position, queens_entry, n * n, NULL);
          hints += hint != NULL;

          /* the rules: the whole solution is solved and breaks none */
          for (guint c = 0; c < n * n; c++)
            position[c] = queens_entry (chosen, c);
          g_assert_true (table->solved (level, position));
          table->conflicts (level, position, marks);
          for (guint c = 0; c < n * n; c++)
            g_assert_cmpuint (marks[c], ==, 0);
          _pw_queens_level_free (level);
        }
    }
  g_test_message ("%u hints checked", hints);
  g_assert_cmpuint (hints, >, 100);
}

/* ------------------------------------------------------------------ */
/* Magic squares                                                        */

/* Every 3 × 3 magic square, by trying every order of 1..9. */
static void
magic3_all (int       *values,
            guint      k,
            guint      used,
            GPtrArray *out)
{
  static const guint lines[8][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
    { 0, 4, 8 }, { 2, 4, 6 },
  };

  if (k == 9)
    {
      for (guint l = 0; l < 8; l++)
        if (values[lines[l][0]] + values[lines[l][1]] + values[lines[l][2]] != 15)
          return;
      g_ptr_array_add (out, g_memdup2 (values, sizeof (int) * 9));
      return;
    }
  for (int v = 1; v <= 9; v++)
    if (!(used & (1u << v)))
      {
        values[k] = v;
        magic3_all (values, k + 1, used | (1u << v), out);
      }
}

static int
magic_entry (const int *solution,
             guint      cell)
{
  return solution[cell];
}

/* Random givens and entries from one of the 3 × 3 squares: the hint
 * agrees with every square agreeing with them; each square is solved. */
static void
test_magic_hints (void)
{
  const PwCellView *table = table_of ("magic");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GPtrArray) squares = g_ptr_array_new_with_free_func (g_free);
  int values[9];
  guint hints = 0;

  magic3_all (values, 0, 0, squares);
  g_assert_cmpuint (squares->len, ==, 8);
  for (guint round = 0; round < 2000; round++)
    {
      const int *chosen = g_ptr_array_index (squares, g_rand_int_range (rand, 0, 8));
      PwMagicLevel *level = _pw_magic_level_new (3);
      g_autofree int *position = g_new0 (int, 9);
      g_autofree guint8 *marks = g_new0 (guint8, 9);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwCellHint) hint = NULL;

      for (guint c = 0; c < 9; c++)
        {
          double p = g_rand_double (rand);

          if (p < 0.2)
            level->givens[c] = chosen[c];
          else if (p < 0.5)
            position[c] = chosen[c];
          if (table->fixed (level, c) >= 0)
            position[c] = table->fixed (level, c);
        }
      hint = table->hint (level, position, &error);
      g_assert_no_error (error);
      check_hint (hint, squares, position, magic_entry, 9, NULL);
      hints += hint != NULL;

      memcpy (position, chosen, sizeof (int) * 9);
      g_assert_true (table->solved (level, position));
      table->conflicts (level, position, marks);
      for (guint c = 0; c < 9; c++)
        g_assert_cmpuint (marks[c], ==, 0);
      /* two values swapped across lines: not solved */
      position[0] = chosen[1];
      position[1] = chosen[0];
      if (level->givens[0] == 0 && level->givens[1] == 0)
        g_assert_false (table->solved (level, position));
      _pw_magic_level_free (level);
    }
  g_test_message ("%u hints checked", hints);
  g_assert_cmpuint (hints, >, 500);
}

/* ------------------------------------------------------------------ */
/* Knight's tours                                                       */

typedef struct
{
  guint          width;
  guint          height;
  const guint8  *blocked;
  guint          n_free;
  int           *steps;   /* per cell, 0 unvisited */
  GPtrArray     *out;
} TourSearch;

static gboolean
is_knight_move (guint w,
                guint a,
                guint b)
{
  int dx = ABS ((int) (a % w) - (int) (b % w)), dy = ABS ((int) (a / w) - (int) (b / w));

  return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

/* Every open tour, as step numbers, by extending a path from every
 * start cell with every knight's move to an unvisited free cell. */
static void
tours_from (TourSearch *search,
            guint       cell,
            guint       step)
{
  guint cells = search->width * search->height;

  search->steps[cell] = step;
  if (step == search->n_free)
    g_ptr_array_add (search->out, g_memdup2 (search->steps, sizeof (int) * cells));
  else
    for (guint c = 0; c < cells; c++)
      if (!search->blocked[c] && search->steps[c] == 0 && is_knight_move (search->width, cell, c))
        tours_from (search, c, step + 1);
  search->steps[cell] = 0;
}

static int
knight_entry (const int *solution,
              guint      cell)
{
  return solution[cell];
}

/* Boards of 3 × 4 to 3 × 7 and 4 × 5 with up to two blocked cells, every tour by
 * brute force (the closed ones for closed levels); random givens and
 * entries from one tour: the hint agrees with every tour agreeing with
 * them, and the tour is solved. */
static void
test_knight_hints (void)
{
  const PwCellView *table = table_of ("knights-tour");
  g_autoptr(GRand) rand = g_rand_new_with_seed (1728);
  guint hints = 0, boards = 0;

  while (boards < 14)
    {
      static const guint sizes[][2] = { { 3, 4 }, { 3, 5 }, { 3, 6 }, { 4, 5 }, { 3, 7 } };
      guint size = g_rand_int_range (rand, 0, G_N_ELEMENTS (sizes));
      guint w = sizes[size][0], h = sizes[size][1];
      guint cells = w * h, n_blocked = g_rand_int_range (rand, 0, 3);
      gboolean closed = g_rand_boolean (rand);
      g_autofree guint8 *blocked = g_new0 (guint8, cells);
      g_autofree int *steps = g_new0 (int, cells);
      g_autoptr(GPtrArray) tours = g_ptr_array_new_with_free_func (g_free);
      TourSearch search = { w, h, blocked, cells - n_blocked, steps, tours };

      for (guint b = 0; b < n_blocked; b++)
        blocked[g_rand_int_range (rand, 0, cells)] = 1;
      search.n_free = 0;
      for (guint c = 0; c < cells; c++)
        search.n_free += !blocked[c];
      for (guint c = 0; c < cells; c++)
        if (!blocked[c])
          tours_from (&search, c, 1);
      if (closed)
        for (guint t = tours->len; t-- > 0;)
          {
            const int *tour = g_ptr_array_index (tours, t);
            guint first = 0, last = 0;

            for (guint c = 0; c < cells; c++)
              {
                if (tour[c] == 1)
                  first = c;
                if (tour[c] == (int) search.n_free)
                  last = c;
              }
            if (!is_knight_move (w, first, last))
              g_ptr_array_remove_index_fast (tours, t);
          }
      if (tours->len == 0)
        continue;
      boards++;

      for (guint round = 0; round < 60; round++)
        {
          const int *chosen = g_ptr_array_index (tours, g_rand_int_range (rand, 0, tours->len));
          PwKnightLevel *level = _pw_knight_level_new (w, h, closed);
          g_autofree int *position = g_new0 (int, cells);
          g_autofree guint8 *marks = g_new0 (guint8, cells);
          g_autoptr(GError) error = NULL;
          g_autoptr(PwCellHint) hint = NULL;
          double share = g_rand_double_range (rand, 0.1, 0.6);

          for (guint c = 0; c < cells; c++)
            {
              double p = g_rand_double (rand);

              if (blocked[c])
                level->cells[c] = PW_KNIGHT_BLOCKED;
              else if (p < share / 2)
                level->cells[c] = chosen[c];
              else if (p < share)
                position[c] = chosen[c];
              if (table->fixed (level, c) >= 0)
                position[c] = table->fixed (level, c);
            }
          hint = table->hint (level, position, &error);
          g_assert_no_error (error);
          check_hint (hint, tours, position, knight_entry, cells, NULL);
          hints += hint != NULL;

          memcpy (position, chosen, sizeof (int) * cells);
          g_assert_true (table->solved (level, position));
          table->conflicts (level, position, marks);
          for (guint c = 0; c < cells; c++)
            g_assert_cmpuint (marks[c], ==, 0);
          _pw_knight_level_free (level);
        }
    }
  g_test_message ("%u hints checked on %u boards", hints, boards);
  g_assert_cmpuint (hints, >, 200);
}

/* ------------------------------------------------------------------ */
/* Drawing                                                              */

/* Every level of the bundled sets of these kinds drawn, light and dark:
 * the picture is not all background. */
static void
test_bundled_drawn (void)
{
  static const char * const sets[] = {
    "queens.json", "nonogram.json", "magic.json", "knights-tour.json",
  };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                sets[s], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(PwDocument) document = pw_document_load (file, NULL, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < pw_document_get_n_levels (document); i++)
        for (int dark = 0; dark < 2; dark++)
          {
            PwLevel *level = pw_document_get_level (document, i);
            cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 240, 200);
            cairo_t *cr = cairo_create (surface);
            const guint32 *pixels;
            guint differing = 0;

            g_assert_true (pw_level_paint (level, cr, 240, 200, dark, NULL));
            cairo_surface_flush (surface);
            pixels = (const guint32 *) cairo_image_surface_get_data (surface);
            for (guint p = 0; p < 240 * 200; p++)
              differing += pixels[p] != pixels[0];
            g_assert_cmpuint (differing, >, 240 * 200 / 10);
            cairo_destroy (cr);
            cairo_surface_destroy (surface);
          }
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/logic-hints/queens", test_queens_hints);
  g_test_add_func ("/ui/logic-hints/magic", test_magic_hints);
  g_test_add_func ("/ui/logic-hints/knights-tour", test_knight_hints);
  g_test_add_func ("/ui/logic-hints/bundled-drawn", test_bundled_drawn);

  status = g_test_run ();
  /* cairo's caches of toy font faces, so that valgrind sees only ours */
  cairo_debug_reset_static_data ();
  return status;
}
