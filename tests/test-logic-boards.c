/* test-logic-boards.c — the logic kinds on the cell board in the editor:
 * N-Queens and Star Battle (giving queens and stars, blocking cells,
 * painting regions, the size and stars a unit), nonograms (painting the
 * picture, typing clues, the size), magic squares (typing givens, the
 * size), knight's tours (typing givens, blocked cells, the size and
 * closed tours), each played with conflicts, Check, Hint, Back and the
 * solution
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-application.h"
#include "pw-cell-board.h"
#include "pw-kind-view.h"
#include "pw-level-item.h"
#include "pw-window.h"
#include "knight-private.h"
#include "magic-private.h"
#include "nonogram-private.h"
#include "queens-private.h"
#include "test-ui-util.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static gconstpointer
current_data (PwWindow *window)
{
  PwDocument *document = pw_window_get_document (window);

  return pw_level_get_data (pw_document_get_level (document, pw_window_get_current (window)));
}

static PwLevel *
current_level (PwWindow *window)
{
  return pw_document_get_level (pw_window_get_document (window), pw_window_get_current (window));
}

/* The analysis the level list holds for the level on screen, or NULL. */
static PwAnalysis *
current_analysis (PwWindow *window)
{
  g_autoptr(PwLevelItem) item = g_list_model_get_item (pw_window_get_level_model (window),
                                                       pw_window_get_current (window));

  return item != NULL ? pw_level_item_get_analysis (item) : NULL;
}

static PwCellBoard *
cell_board (PwWindow *window)
{
  PwBoard *board = pw_window_get_board (window);

  g_assert_true (PW_IS_CELL_BOARD (board));
  return PW_CELL_BOARD (board);
}

static const PwCellView *
cell_table (PwWindow *window)
{
  const PwKindView *view = pw_kind_view_lookup (pw_level_get_kind_id (current_level (window)));

  g_assert_nonnull (view);
  g_assert_nonnull (view->cell_board);
  return view->cell_board;
}

static gboolean
has_unique_solution (gpointer data)
{
  PwWindow *window = data;
  PwAnalysis *analysis = current_analysis (window);
  JsonObject *figures;

  if (analysis == NULL || pw_analysis_get_partial (analysis))
    return FALSE;
  figures = pw_analysis_get_figures (analysis);
  return json_object_get_member (figures, "solution") != NULL &&
         json_object_get_boolean_member_with_default (figures, "unique", FALSE);
}

/* The analysis's solution of the level on screen, as rows × columns. */
static int *
solution_grid (PwWindow *window,
               int       width,
               int       height)
{
  int *grid = pw_cell_grid_figure (pw_analysis_get_figures (current_analysis (window)),
                                   "solution", width, height);

  g_assert_nonnull (grid);
  return grid;
}

static guint
find_level (PwDocument *document,
            const char *name)
{
  for (guint i = 0; i < pw_document_get_n_levels (document); i++)
    if (g_strcmp0 (pw_level_get_name (pw_document_get_level (document, i)), name) == 0)
      return i;
  g_error ("no level named %s", name);
  return 0;
}

static void
undo (PwWindow *window)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
}

/* ------------------------------------------------------------------ */
/* Queens and Star Battle                                               */

/* Stars given and taken away, cells blocked, a region painted by a drag,
 * the size and the stars a unit: each changes the level through the
 * document (undo takes it back). */
static void
test_star_battle_edit (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("queens.json");
  PwWindow *window = test_show_window (document);
  PwCellBoard *board;
  const PwQueensLevel *level;
  guint a = 0, b = 0, n;

  pw_window_select_level (window, find_level (document, "Star Battle 6×6"));
  board = cell_board (window);
  level = current_data (window);
  g_assert_cmpuint (level->variant, ==, PW_QUEENS_STAR_BATTLE);
  n = level->n;

  /* a star given, then taken away by a second click */
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 7 }, 1, 1));
  g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[7], ==,
                    PW_QUEENS_CELL_QUEEN);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 7 }, 1, 1));
  g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[7], ==,
                    PW_QUEENS_CELL_EMPTY);
  undo (window);
  g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[7], ==,
                    PW_QUEENS_CELL_QUEEN);
  undo (window);
  g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[7], ==,
                    PW_QUEENS_CELL_EMPTY);

  /* blocked cells: one stroke through three cells, one step of undo */
  pw_cell_board_set_tool (board, 1);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 0, 1, 2 }, 3, 1));
  for (guint c = 0; c < 3; c++)
    g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[c], ==,
                      PW_QUEENS_CELL_BLOCKED);
  undo (window);
  for (guint c = 0; c < 3; c++)
    g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->cells[c], ==,
                      PW_QUEENS_CELL_EMPTY);

  /* regions: a drag from a cell into its neighbour of another region
   * gives the neighbour the first cell's region */
  level = current_data (window);
  for (guint c = 0; c + 1 < n * n; c++)
    if (c % n + 1 < n && level->regions[c] != level->regions[c + 1])
      {
        a = c;
        b = c + 1;
        break;
      }
  g_assert_cmpuint (level->regions[a], !=, level->regions[b]);
  pw_cell_board_set_tool (board, 2);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { a, b }, 2, 1));
  level = current_data (window);
  g_assert_cmpuint (level->regions[a], ==, level->regions[b]);
  undo (window);
  level = current_data (window);
  g_assert_cmpuint (level->regions[a], !=, level->regions[b]);

  /* the bar: a larger board keeps the cells that fit; two stars a unit */
  g_assert_true (pw_cell_board_set_setting (board, 0, 7));
  level = current_data (window);
  g_assert_cmpuint (level->n, ==, 7);
  g_assert_true (pw_cell_board_set_setting (board, 1, 2));
  g_assert_cmpuint (((const PwQueensLevel *) current_data (window))->stars, ==, 2);
  g_assert_false (pw_cell_board_set_setting (board, 1, 2));   /* no change */
  undo (window);
  undo (window);
  level = current_data (window);
  g_assert_cmpuint (level->n, ==, 6);
  g_assert_cmpuint (level->stars, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Play a Star Battle: two touching stars conflict; a star off the
 * solution is crossed out by Check and Back takes it away; Hint shows a
 * step of the grader with its sentence, changing nothing, and a second
 * Hint makes it, agreeing with the solution; the solution finishes it. */
static void
test_star_battle_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("queens.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;
  const PwCellView *table;
  const PwQueensLevel *level;
  g_autofree int *solution = NULL;
  g_autofree int *before = NULL;
  g_autofree guint8 *marks = NULL;
  guint n, off = 0, changed = 0;

  pw_window_select_level (window, find_level (document, "Star Battle 8×8"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  table = cell_table (window);
  level = current_data (window);
  n = level->n;
  solution = solution_grid (window, n, n);

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_true (pw_board_get_playing (board));

  /* two stars side by side break the rule: both marked */
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { 0 }, 1, 1));
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { 1 }, 1, 1));
  marks = g_new0 (guint8, n * n);
  table->conflicts (level, pw_cell_board_get_position (cells), marks);
  g_assert_true (marks[0] & PW_CELL_MARK_CONFLICT);
  g_assert_true (marks[1] & PW_CELL_MARK_CONFLICT);
  g_assert_false (marks[n + 5] & PW_CELL_MARK_CONFLICT);
  pw_board_play_back (board);
  pw_board_play_back (board);
  g_assert_cmpint (pw_cell_board_get_position (cells)[0], ==, 0);
  g_assert_cmpint (pw_cell_board_get_position (cells)[1], ==, 0);

  /* a star where the solution has none: Check crosses it out */
  while (solution[off] == 1)
    off++;
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { off }, 1, 1));
  pw_cell_board_check (cells);
  g_assert_nonnull (pw_cell_board_get_wrong (cells));
  g_assert_true (pw_cell_board_get_wrong (cells)[off]);
  g_assert_true (pw_board_get_play_actions (board) & PW_BOARD_CAN_BACK);
  pw_board_play_back (board);
  g_assert_cmpint (pw_cell_board_get_position (cells)[off], ==, 0);

  /* a hint: its sentence first, then the step made, true to the solution */
  before = g_memdup2 (pw_cell_board_get_position (cells), sizeof (int) * n * n);
  g_assert_true (pw_board_get_play_actions (board) & PW_BOARD_CAN_HINT);
  pw_board_play_hint (board);
  g_assert_nonnull (pw_cell_board_get_hint_text (cells));
  g_test_message ("hint: %s", pw_cell_board_get_hint_text (cells));
  g_assert_cmpmem (before, sizeof (int) * n * n, pw_cell_board_get_position (cells),
                   sizeof (int) * n * n);
  pw_board_play_hint (board);
  g_assert_null (pw_cell_board_get_hint_text (cells));
  for (guint c = 0; c < n * n; c++)
    {
      int entry = pw_cell_board_get_position (cells)[c];

      if (entry == before[c])
        continue;
      changed++;
      /* a star (1) where the solution has one, a dot (2) where it has none */
      g_assert_cmpint (entry == 1, ==, solution[c] == 1);
    }
  g_assert_cmpuint (changed, >=, 1);

  /* the solution: solved, with its time; hints are over */
  g_assert_true (pw_board_solution_at_once (board));
  g_assert_true (pw_cell_board_get_solved (cells));
  g_assert_true (table->solved (level, pw_cell_board_get_position (cells)));
  g_assert_false (pw_board_get_play_actions (board) & PW_BOARD_CAN_HINT);
  g_assert_cmpfloat (pw_cell_board_get_solve_seconds (cells), >=, 0.0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_false (pw_board_get_playing (board));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* N-Queens: a given queen and blocked cells are fixed in play; two
 * queens on a diagonal conflict; placing the solution's queens one by
 * one solves it. */
static void
test_queens_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("queens.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;
  const PwCellView *table;
  const PwQueensLevel *level;
  g_autofree int *solution = NULL;
  g_autofree guint8 *marks = NULL;
  guint n, given = G_MAXUINT, free_cell = G_MAXUINT;

  pw_window_select_level (window, find_level (document, "Eight queens, two given"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  table = cell_table (window);
  level = current_data (window);
  g_assert_cmpuint (level->variant, ==, PW_QUEENS_QUEENS);
  n = level->n;
  solution = solution_grid (window, n, n);
  for (guint c = 0; c < n * n; c++)
    if (level->cells[c] == PW_QUEENS_CELL_QUEEN)
      given = c;
  g_assert_cmpuint (given, <, n * n);

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  /* the given queen is on the board and stays */
  g_assert_cmpint (pw_cell_board_get_position (cells)[given], ==, 1);
  g_assert_false (pw_cell_board_stroke (cells, (guint[]) { given }, 1, 1));

  /* a queen on the given one's diagonal: both marked */
  for (guint c = 0; c < n * n && free_cell == G_MAXUINT; c++)
    {
      int dx = (int) (c % n) - (int) (given % n), dy = (int) (c / n) - (int) (given / n);

      if (dx != 0 && ABS (dx) == ABS (dy) && level->cells[c] == PW_QUEENS_CELL_EMPTY)
        free_cell = c;
    }
  g_assert_cmpuint (free_cell, <, n * n);
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { free_cell }, 1, 1));
  marks = g_new0 (guint8, n * n);
  table->conflicts (level, pw_cell_board_get_position (cells), marks);
  g_assert_true (marks[free_cell] & PW_CELL_MARK_CONFLICT);
  g_assert_true (marks[given] & PW_CELL_MARK_CONFLICT);
  g_assert_false (pw_cell_board_get_solved (cells));
  pw_board_play_back (board);

  /* the solution's queens by hand: solved */
  for (guint c = 0; c < n * n; c++)
    if (solution[c] == 1 && level->cells[c] != PW_QUEENS_CELL_QUEEN)
      g_assert_true (pw_cell_board_stroke (cells, (guint[]) { c }, 1, 1));
  g_assert_true (pw_cell_board_get_solved (cells));
  g_assert_nonnull (strstr (pw_cell_board_get_status (cells), "Solved"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* N-Queens hints: dots where a queen attacks, a row's or column's last
 * cell, a queen that would leave no room; every step true to the
 * solution, as far as they go (blocked cells alone may give them
 * nothing to start from: that level is for search). */
static void
test_queens_hints (void)
{
  static const char * const names[] = {
    "Eight queens, two given", "Ten queens, blocked cells",
  };
  g_autoptr(PwDocument) document = test_load_bundled ("queens.json");
  PwWindow *window = test_show_window (document);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      PwBoard *board;
      PwCellBoard *cells;
      const PwQueensLevel *level;
      g_autofree int *solution = NULL;
      guint n, hints = 0;

      pw_window_select_level (window, find_level (document, names[i]));
      test_wait_for (has_unique_solution, window, "the analysis of the level");
      board = pw_window_get_board (window);
      cells = cell_board (window);
      level = current_data (window);
      n = level->n;
      solution = solution_grid (window, n, n);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      while (!pw_cell_board_get_solved (cells))
        {
          pw_board_play_hint (board);
          if (pw_cell_board_get_hint_text (cells) == NULL)
            break;
          pw_board_play_hint (board);
          hints++;
          for (guint c = 0; c < n * n; c++)
            {
              int entry = pw_cell_board_get_position (cells)[c];

              if (entry == 1)
                g_assert_cmpint (solution[c], ==, 1);
              else if (entry == 2)
                g_assert_cmpint (solution[c], ==, 0);
            }
        }
      g_test_message ("%s: %u hints, %s", names[i], hints,
                      pw_cell_board_get_solved (cells) ? "solved" : "stuck");
      /* a given queen always attacks cells: there is a first step */
      if (memchr (level->cells, PW_QUEENS_CELL_QUEEN, n * n) != NULL)
        g_assert_cmpuint (hints, >, 0);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------ */
/* Nonograms                                                            */

static const PwNonogramLevel *
nonogram_data (PwWindow *window)
{
  return current_data (window);
}

/* The clue of a line as a string, "3 1". */
static char *
clue_of (const PwNonogramLevel *level,
         guint                  line)
{
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);

  return _pw_nono_clue_text (clues, line);
}

/* Painting a cell changes the picture and its clues follow; typing a
 * line's clues makes a clues-only level; clues that cannot be are
 * refused with a message; the width in the bar; undo takes each back. */
static void
test_nonogram_edit (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("nonogram.json");
  PwWindow *window = test_show_window (document);
  PwCellBoard *board;
  const PwNonogramLevel *level;
  g_autoptr(GError) error = NULL;
  g_autofree char *clue = NULL;
  guint white = 0;

  pw_window_select_level (window, find_level (document, "Heart"));
  board = cell_board (window);
  level = nonogram_data (window);
  g_assert_nonnull (level->grid);
  while (level->grid[white] != 0)
    white++;
  clue = clue_of (level, white / level->width);

  /* paint a white cell black: the row's clue changes with it */
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { white }, 1, 1));
  level = nonogram_data (window);
  g_assert_cmpuint (level->grid[white], ==, 1);
  {
    g_autofree char *after = clue_of (level, white / level->width);

    g_assert_cmpstr (after, !=, clue);
  }
  /* a drag with the right button paints white across a row */
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 7, 8, 9 }, 3, 3));
  level = nonogram_data (window);
  for (guint c = 7; c <= 9; c++)
    g_assert_cmpuint (level->grid[c], ==, 0);
  undo (window);
  undo (window);
  level = nonogram_data (window);
  g_assert_cmpuint (level->grid[white], ==, 0);
  {
    g_autofree char *again = clue_of (level, white / level->width);

    g_assert_cmpstr (again, ==, clue);
  }

  /* typed clues: the level is its clues now */
  g_assert_true (pw_cell_board_set_line (board, 0, "2 3", &error));
  g_assert_no_error (error);
  level = nonogram_data (window);
  g_assert_null (level->grid);
  {
    g_autofree char *typed = clue_of (level, 0);

    g_assert_cmpstr (typed, ==, "2 3");
  }
  /* blocks that do not fit the row of 7, and a word */
  g_assert_false (pw_cell_board_set_line (board, 0, "4 4", &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (pw_cell_board_set_line (board, 1, "two", &error));
  g_assert_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID);
  g_clear_error (&error);
  undo (window);
  g_assert_nonnull (nonogram_data (window)->grid);

  /* the same through the popover beside the line: its text, typed over */
  level = nonogram_data (window);
  g_assert_true (pw_cell_board_edit_line (board, level->height));   /* column 1 */
  {
    guint height = level->height;
    GtkWidget *entry = gtk_root_get_focus (GTK_ROOT (window));
    g_autofree char *shown = clue_of (nonogram_data (window), height);

    g_assert_true (GTK_IS_EDITABLE (entry) || GTK_IS_TEXT (entry));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, shown);
    gtk_editable_set_text (GTK_EDITABLE (entry), "1 1");
    g_signal_emit_by_name (entry, "activate");
    g_assert_null (nonogram_data (window)->grid);
    {
      g_autofree char *typed = clue_of (nonogram_data (window), height);

      g_assert_cmpstr (typed, ==, "1 1");
    }
  }
  undo (window);
  g_assert_nonnull (nonogram_data (window)->grid);

  /* the width */
  g_assert_true (pw_cell_board_set_setting (board, 0, 9));
  g_assert_cmpuint (nonogram_data (window)->width, ==, 9);
  undo (window);
  g_assert_cmpuint (nonogram_data (window)->width, ==, 7);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_undecided (gpointer data)
{
  PwWindow *window = data;
  PwAnalysis *analysis = current_analysis (window);
  JsonNode *node;

  if (analysis == NULL || pw_analysis_get_partial (analysis))
    return FALSE;
  node = json_object_get_member (pw_analysis_get_figures (analysis), "undecided_cells");
  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) &&
         json_array_get_length (json_node_get_array (node)) > 0;
}

/* Painting a clues-only level starts from its one solution; a level
 * line logic cannot finish has its undecided cells in the analysis. */
static void
test_nonogram_clues_only (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("nonogram.json");
  PwWindow *window = test_show_window (document);
  PwCellBoard *board;
  const PwNonogramLevel *level;
  g_autofree int *solution = NULL;
  guint n;

  pw_window_select_level (window, find_level (document, "Ten by ten, clues only"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = cell_board (window);
  level = nonogram_data (window);
  g_assert_null (level->grid);
  n = level->width * level->height;
  solution = solution_grid (window, level->width, level->height);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 0 }, 1, 1));
  level = nonogram_data (window);
  g_assert_nonnull (level->grid);
  g_assert_cmpuint (level->grid[0], ==, 1);
  for (guint c = 1; c < n; c++)
    g_assert_cmpuint (level->grid[c], ==, solution[c] == 1);

  pw_window_select_level (window, find_level (document, "Twelve by twelve, beyond line logic"));
  test_wait_for (has_undecided, window, "the cells line logic cannot decide");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Play: a black cell off the picture is crossed out by Check; a row
 * filled black breaks its clue; Hint shows the line solver's step, then
 * makes it, true to the solution; the solution finishes the picture. */
static void
test_nonogram_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("nonogram.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;
  const PwCellView *table;
  const PwNonogramLevel *level;
  g_autofree int *solution = NULL;
  g_autofree int *before = NULL;
  g_autofree guint8 *marks = NULL;
  guint w, n, off = 0, changed = 0;
  guint row[16];

  pw_window_select_level (window, find_level (document, "Fifteen by fifteen"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  table = cell_table (window);
  level = nonogram_data (window);
  w = level->width;
  n = w * level->height;
  solution = solution_grid (window, w, level->height);

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  while (solution[off] == 1)
    off++;
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { off }, 1, 1));
  g_assert_cmpint (pw_cell_board_get_position (cells)[off], ==, 1);
  pw_cell_board_check (cells);
  g_assert_true (pw_cell_board_get_wrong (cells)[off]);
  pw_board_play_back (board);

  /* a whole row black, in one drag: its cells conflict */
  for (guint x = 0; x < w; x++)
    row[x] = x;
  g_assert_true (pw_cell_board_stroke (cells, row, w, 1));
  marks = g_new0 (guint8, n);
  table->conflicts (level, pw_cell_board_get_position (cells), marks);
  for (guint x = 0; x < w; x++)
    g_assert_true (marks[x] & PW_CELL_MARK_CONFLICT);
  g_assert_false (marks[w * 5] & PW_CELL_MARK_CONFLICT);
  pw_board_play_back (board);
  for (guint x = 0; x < w; x++)
    g_assert_cmpint (pw_cell_board_get_position (cells)[x], ==, 0);

  /* a hint, then the step */
  before = g_memdup2 (pw_cell_board_get_position (cells), sizeof (int) * n);
  pw_board_play_hint (board);
  g_assert_nonnull (pw_cell_board_get_hint_text (cells));
  g_test_message ("hint: %s", pw_cell_board_get_hint_text (cells));
  g_assert_cmpmem (before, sizeof (int) * n, pw_cell_board_get_position (cells),
                   sizeof (int) * n);
  pw_board_play_hint (board);
  for (guint c = 0; c < n; c++)
    {
      int entry = pw_cell_board_get_position (cells)[c];

      if (entry == before[c])
        continue;
      changed++;
      g_assert_cmpint (entry == 1, ==, solution[c] == 1);
    }
  g_assert_cmpuint (changed, >=, 1);

  g_assert_true (pw_board_solution_at_once (board));
  g_assert_true (pw_cell_board_get_solved (cells));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------ */
/* Magic squares                                                        */

static const PwMagicLevel *
magic_data (PwWindow *window)
{
  return current_data (window);
}

/* Typed givens up to n², through the document; the size in the bar. */
static void
test_magic_edit (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("magic.json");
  PwWindow *window = test_show_window (document);
  PwCellBoard *board;
  guint blank = 0;

  pw_window_select_level (window, find_level (document, "Three by three"));
  board = cell_board (window);
  while (magic_data (window)->givens[blank] != 0)
    blank++;
  pw_cell_board_select (board, blank);
  g_assert_true (pw_cell_board_type_value (board, 5));
  g_assert_cmpuint (magic_data (window)->givens[blank], ==, 5);
  g_assert_false (pw_cell_board_type_value (board, 10));   /* over 3² */
  g_assert_false (pw_cell_board_type_value (board, 5));    /* no change */
  g_assert_true (pw_cell_board_type_value (board, 0));
  g_assert_cmpuint (magic_data (window)->givens[blank], ==, 0);
  undo (window);
  g_assert_cmpuint (magic_data (window)->givens[blank], ==, 5);
  undo (window);
  g_assert_cmpuint (magic_data (window)->givens[blank], ==, 0);

  /* four a side: values to 16 */
  g_assert_true (pw_cell_board_set_setting (board, 0, 4));
  g_assert_cmpuint (magic_data (window)->n, ==, 4);
  pw_cell_board_select (board, 15);
  g_assert_true (pw_cell_board_type_value (board, 16));
  g_assert_cmpuint (magic_data (window)->givens[15], ==, 16);
  undo (window);
  undo (window);
  g_assert_cmpuint (magic_data (window)->n, ==, 3);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Play: a value twice conflicts, a wrong value is crossed out by Check;
 * the hint fills a line's last cell with what its sum lacks, the
 * solution's value; the solution finishes it. */
static void
test_magic_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("magic.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;
  const PwCellView *table;
  const PwMagicLevel *level;
  g_autofree int *solution = NULL;
  g_autofree int *before = NULL;
  g_autofree guint8 *marks = NULL;
  guint n, blank = 0, given = 0, changed = 0;

  pw_window_select_level (window, find_level (document, "Five by five"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  table = cell_table (window);
  level = magic_data (window);
  n = level->n;
  solution = solution_grid (window, n, n);
  while (level->givens[blank] != 0)
    blank++;
  while (level->givens[given] == 0)
    given++;

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  /* givens are fixed */
  pw_cell_board_select (cells, given);
  g_assert_false (pw_cell_board_type_value (cells, 1));
  /* a given's value again: both marked */
  pw_cell_board_select (cells, blank);
  g_assert_true (pw_cell_board_type_value (cells, level->givens[given]));
  marks = g_new0 (guint8, n * n);
  table->conflicts (level, pw_cell_board_get_position (cells), marks);
  g_assert_true (marks[blank] & PW_CELL_MARK_CONFLICT);
  g_assert_true (marks[given] & PW_CELL_MARK_CONFLICT);
  /* a wrong value: Check */
  g_assert_true (pw_cell_board_type_value (cells, solution[blank] % (n * n) + 1));
  pw_cell_board_check (cells);
  g_assert_true (pw_cell_board_get_wrong (cells)[blank]);
  pw_board_play_back (board);
  pw_board_play_back (board);
  g_assert_cmpint (pw_cell_board_get_position (cells)[blank], ==, 0);

  before = g_memdup2 (pw_cell_board_get_position (cells), sizeof (int) * n * n);
  pw_board_play_hint (board);
  g_assert_nonnull (pw_cell_board_get_hint_text (cells));
  g_test_message ("hint: %s", pw_cell_board_get_hint_text (cells));
  pw_board_play_hint (board);
  for (guint c = 0; c < n * n; c++)
    if (pw_cell_board_get_position (cells)[c] != before[c])
      {
        changed++;
        g_assert_cmpint (pw_cell_board_get_position (cells)[c], ==, solution[c]);
      }
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (pw_board_solution_at_once (board));
  g_assert_true (pw_cell_board_get_solved (cells));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
analysed_eight (gpointer data)
{
  PwAnalysis *analysis = current_analysis (data);

  return analysis != NULL && !pw_analysis_get_partial (analysis) &&
         json_object_get_int_member_with_default (pw_analysis_get_figures (analysis),
                                                  "solutions", 0) == 8;
}

/* A square with eight solutions: Check has no one solution to go by, but
 * any magic square typed in is solved. */
static void
test_magic_any_solution (void)
{
  static const guint lo_shu[] = { 2, 7, 6, 9, 5, 1, 4, 3, 8 };
  g_autoptr(PwDocument) document = test_load_bundled ("magic.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;

  pw_window_select_level (window, find_level (document, "Three by three, no givens"));
  test_wait_for (analysed_eight, window, "the count of eight");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_false (pw_board_get_play_actions (board) & PW_BOARD_CAN_SOLVE);
  pw_cell_board_check (cells);
  g_assert_null (pw_cell_board_get_wrong (cells));
  for (guint c = 0; c < 9; c++)
    {
      g_assert_false (pw_cell_board_get_solved (cells));
      pw_cell_board_select (cells, c);
      g_assert_true (pw_cell_board_type_value (cells, lo_shu[8 - c]));
    }
  g_assert_true (pw_cell_board_get_solved (cells));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------ */
/* Knight's tours                                                       */

static const PwKnightLevel *
knight_data (PwWindow *window)
{
  return current_data (window);
}

static gboolean
knight_apart (guint w,
              guint a,
              guint b)
{
  int dx = ABS ((int) (a % w) - (int) (b % w)), dy = ABS ((int) (a / w) - (int) (b / w));

  return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

/* Typed givens, blocked cells, the size and a closed tour: each through
 * the document. */
static void
test_knight_edit (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("knights-tour.json");
  PwWindow *window = test_show_window (document);
  PwCellBoard *board;
  guint blank = 0;

  pw_window_select_level (window, find_level (document, "Five by five, open"));
  board = cell_board (window);
  while (knight_data (window)->cells[blank] != 0)
    blank++;
  pw_cell_board_select (board, blank);
  g_assert_true (pw_cell_board_type_value (board, 12));
  g_assert_cmpuint (knight_data (window)->cells[blank], ==, 12);
  g_assert_false (pw_cell_board_type_value (board, 26));   /* over 25 cells */
  undo (window);
  g_assert_cmpuint (knight_data (window)->cells[blank], ==, 0);

  /* blocked cells: a press on a blank selects only, with Givens */
  g_assert_false (pw_cell_board_stroke (board, (guint[]) { blank }, 1, 1));
  pw_cell_board_set_tool (board, 1);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 0, 1 }, 2, 1));
  g_assert_cmpuint (knight_data (window)->cells[0], ==, PW_KNIGHT_BLOCKED);
  g_assert_cmpuint (knight_data (window)->cells[1], ==, PW_KNIGHT_BLOCKED);
  g_assert_cmpuint (_pw_knight_level_n_free (knight_data (window)), ==, 23);
  g_assert_true (pw_cell_board_stroke (board, (guint[]) { 0 }, 1, 1));   /* freed */
  g_assert_cmpuint (knight_data (window)->cells[0], ==, 0);
  undo (window);
  undo (window);
  g_assert_cmpuint (_pw_knight_level_n_free (knight_data (window)), ==, 25);

  /* the bar: width, closed */
  g_assert_true (pw_cell_board_set_setting (board, 0, 6));
  g_assert_cmpuint (knight_data (window)->width, ==, 6);
  g_assert_false (knight_data (window)->closed);
  g_assert_true (pw_cell_board_set_setting (board, 2, 1));
  g_assert_true (knight_data (window)->closed);
  undo (window);
  undo (window);
  g_assert_cmpuint (knight_data (window)->width, ==, 5);
  g_assert_false (knight_data (window)->closed);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Play: a click a knight's move from a step gives the next step; a step
 * a knight cannot reach from the one before conflicts; Check; the hint's
 * forced step agrees with the tour; the solution is a tour. */
static void
test_knight_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("knights-tour.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwCellBoard *cells;
  const PwCellView *table;
  const PwKnightLevel *level;
  g_autofree int *solution = NULL;
  g_autofree int *before = NULL;
  g_autofree guint8 *marks = NULL;
  guint w, n, k = 0, at = G_MAXUINT, near = G_MAXUINT, far = G_MAXUINT, changed = 0;
  guint typed = G_MAXUINT;

  pw_window_select_level (window, find_level (document, "Five by five, open"));
  test_wait_for (has_unique_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  cells = cell_board (window);
  table = cell_table (window);
  level = knight_data (window);
  w = level->width;
  n = w * level->height;
  solution = solution_grid (window, w, level->height);
  /* the smallest given whose next step is not given */
  for (guint c = 0; c < n; c++)
    if (level->cells[c] != 0 && level->cells[c] < n && (k == 0 || level->cells[c] < k))
      {
        gboolean next_given = FALSE;

        for (guint d = 0; d < n; d++)
          next_given |= level->cells[d] == level->cells[c] + 1;
        if (!next_given)
          {
            k = level->cells[c];
            at = c;
          }
      }
  g_assert_cmpuint (at, <, n);
  for (guint c = 0; c < n; c++)
    if (level->cells[c] == 0)
      {
        if (knight_apart (w, at, c) && near == G_MAXUINT)
          near = c;
        else if (!knight_apart (w, at, c) && far == G_MAXUINT)
          far = c;
      }
  g_assert_cmpuint (near, <, n);
  g_assert_cmpuint (far, <, n);

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  /* steps 1 to k - 1 typed where the tour has them */
  for (guint c = 0; c < n; c++)
    if (solution[c] >= 1 && (guint) solution[c] < k && level->cells[c] == 0)
      {
        pw_cell_board_select (cells, c);
        g_assert_true (pw_cell_board_type_value (cells, solution[c]));
        typed = c;
      }
  /* a right click clears an entry */
  if (typed != G_MAXUINT)
    {
      int entry = pw_cell_board_get_position (cells)[typed];

      g_assert_true (pw_cell_board_stroke (cells, (guint[]) { typed }, 1, 3));
      g_assert_cmpint (pw_cell_board_get_position (cells)[typed], ==, 0);
      pw_board_play_back (board);
      g_assert_cmpint (pw_cell_board_get_position (cells)[typed], ==, entry);
    }
  /* then a click a knight's move from step k is step k + 1 */
  g_assert_true (pw_cell_board_stroke (cells, (guint[]) { near }, 1, 1));
  g_assert_cmpint (pw_cell_board_get_position (cells)[near], ==, k + 1);
  pw_cell_board_check (cells);
  g_assert_cmpint (pw_cell_board_get_wrong (cells)[near], ==, (guint) solution[near] != k + 1);
  pw_board_play_back (board);
  g_assert_cmpint (pw_cell_board_get_position (cells)[near], ==, 0);

  /* step k + 1 where a knight cannot come from step k */
  pw_cell_board_select (cells, far);
  g_assert_true (pw_cell_board_type_value (cells, k + 1));
  marks = g_new0 (guint8, n);
  table->conflicts (level, pw_cell_board_get_position (cells), marks);
  g_assert_true (marks[far] & PW_CELL_MARK_CONFLICT);
  g_assert_true (marks[at] & PW_CELL_MARK_CONFLICT);
  pw_board_play_back (board);

  /* a hint, then the step: the tour's */
  before = g_memdup2 (pw_cell_board_get_position (cells), sizeof (int) * n);
  pw_board_play_hint (board);
  g_assert_nonnull (pw_cell_board_get_hint_text (cells));
  g_test_message ("hint: %s", pw_cell_board_get_hint_text (cells));
  pw_board_play_hint (board);
  for (guint c = 0; c < n; c++)
    if (pw_cell_board_get_position (cells)[c] != before[c])
      {
        changed++;
        g_assert_cmpint (pw_cell_board_get_position (cells)[c], ==, solution[c]);
      }
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (pw_board_solution_at_once (board));
  g_assert_true (pw_cell_board_get_solved (cells));
  g_assert_true (table->solved (level, pw_cell_board_get_position (cells)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The hints alone finish the sampler's first three tours (open, closed,
 * blocked cells), every step they make the tour's. */
static void
test_knight_hints_finish (void)
{
  static const char * const names[] = {
    "Five by five, open", "Six by six, closed", "Seven by seven, blocked cells",
  };
  g_autoptr(PwDocument) document = test_load_bundled ("knights-tour.json");
  PwWindow *window = test_show_window (document);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      PwBoard *board;
      PwCellBoard *cells;
      const PwKnightLevel *level;
      g_autofree int *solution = NULL;
      guint n, hints = 0;

      pw_window_select_level (window, find_level (document, names[i]));
      test_wait_for (has_unique_solution, window, "the analysis of the level");
      board = pw_window_get_board (window);
      cells = cell_board (window);
      level = knight_data (window);
      n = level->width * level->height;
      solution = solution_grid (window, level->width, level->height);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      while (!pw_cell_board_get_solved (cells))
        {
          pw_board_play_hint (board);
          g_assert_nonnull (pw_cell_board_get_hint_text (cells));
          pw_board_play_hint (board);
          hints++;
          for (guint c = 0; c < n; c++)
            if (pw_cell_board_get_position (cells)[c] != 0)
              g_assert_cmpint (pw_cell_board_get_position (cells)[c], ==, solution[c]);
        }
      g_test_message ("%s: %u hints", names[i], hints);
      g_assert_cmpuint (hints, >, 0);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *state = test_make_temp_dir ();
  int status;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  pw_ui_register_resources ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/ui/logic-boards/star-battle/edit", test_star_battle_edit);
  g_test_add_func ("/ui/logic-boards/star-battle/play", test_star_battle_play);
  g_test_add_func ("/ui/logic-boards/queens/play", test_queens_play);
  g_test_add_func ("/ui/logic-boards/queens/hints", test_queens_hints);
  g_test_add_func ("/ui/logic-boards/nonogram/edit", test_nonogram_edit);
  g_test_add_func ("/ui/logic-boards/nonogram/clues-only", test_nonogram_clues_only);
  g_test_add_func ("/ui/logic-boards/nonogram/play", test_nonogram_play);
  g_test_add_func ("/ui/logic-boards/magic/edit", test_magic_edit);
  g_test_add_func ("/ui/logic-boards/magic/play", test_magic_play);
  g_test_add_func ("/ui/logic-boards/magic/any-solution", test_magic_any_solution);
  g_test_add_func ("/ui/logic-boards/knights-tour/edit", test_knight_edit);
  g_test_add_func ("/ui/logic-boards/knights-tour/play", test_knight_play);
  g_test_add_func ("/ui/logic-boards/knights-tour/hints-finish", test_knight_hints_finish);

  status = g_test_run ();
  test_remove_dir (state);
  return status;
}
