/* test-number-board.c — Sudoku, Latin square and Futoshiki levels in the
 * editor: typing givens, signs and sizes; play with pencil marks, Check,
 * Hint and the solution; the analysis's marks on the board
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "latin-board.h"
#include "latin-private.h"
#include "pw-application.h"
#include "pw-level-item.h"
#include "pw-window.h"
#include "test-ui-util.h"
#include "test-util.h"

static const PwLatinLevel *
current_data (PwWindow *window)
{
  PwDocument *document = pw_window_get_document (window);

  return pw_level_get_data (pw_document_get_level (document, pw_window_get_current (window)));
}

/* The analysis the level list holds for the level on screen, or NULL. */
static PwAnalysis *
current_analysis (PwWindow *window)
{
  g_autoptr(PwLevelItem) item = g_list_model_get_item (pw_window_get_level_model (window),
                                                       pw_window_get_current (window));

  return item != NULL ? pw_level_item_get_analysis (item) : NULL;
}

static PwNumberBoard *
number_board (PwWindow *window)
{
  PwBoard *board = pw_window_get_board (window);

  g_assert_true (PW_IS_NUMBER_BOARD (board));
  return PW_NUMBER_BOARD (board);
}

static guint
first_blank (const PwLatinLevel *level)
{
  for (guint c = 0; c < level->n * level->n; c++)
    if (level->givens[c] == 0)
      return c;
  g_assert_not_reached ();
  return 0;
}

/* Typing puts a given through the document (so undo takes it back); a
 * click between two Futoshiki cells cycles their sign; the size spin
 * makes a level of the new size. */
static void
test_number_board_edit (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sudoku.json");
  PwWindow *window = test_show_window (document);
  PwNumberBoard *board;
  guint cell;

  pw_window_select_level (window, 6);   /* the 6×6 */
  board = number_board (window);
  g_assert_cmpuint (current_data (window)->n, ==, 6);
  cell = first_blank (current_data (window));
  pw_number_board_select (board, cell);
  g_assert_true (pw_number_board_type_value (board, 4));
  g_assert_cmpuint (current_data (window)->givens[cell], ==, 4);
  g_assert_false (pw_number_board_type_value (board, 7));   /* larger than 6 */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (current_data (window)->givens[cell], ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_number_board_signs (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("latin.json");
  PwWindow *window = test_show_window (document);
  PwNumberBoard *board;
  const PwLatinLevel *level;
  guint8 before;

  pw_window_select_level (window, 3);   /* a 5×5 Futoshiki */
  board = number_board (window);
  level = current_data (window);
  g_assert_cmpuint (level->variant, ==, PW_LATIN_FUTOSHIKI);
  before = level->signs[0] & (PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER);

  /* none → less → greater → none, from whatever it was */
  for (guint i = 0; i < 3; i++)
    g_assert_true (pw_number_board_cycle_sign (board, 0, 1));
  g_assert_cmpuint (current_data (window)->signs[0] & (PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER),
                    ==, before);
  g_assert_true (pw_number_board_cycle_sign (board, 1, 0));
  g_assert_cmpuint (current_data (window)->signs[0] & (PW_SIGN_RIGHT_LESS | PW_SIGN_RIGHT_GREATER),
                    !=, before);
  /* not neighbours */
  g_assert_false (pw_number_board_cycle_sign (board, 0, 2));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_solution (gpointer data)
{
  PwWindow *window = data;
  PwAnalysis *analysis = current_analysis (window);

  return analysis != NULL && !pw_analysis_get_partial (analysis) &&
         json_object_get_member (pw_analysis_get_figures (analysis), "solution") != NULL;
}

/* Play: a wrong entry is crossed out by Check; Back takes it away; Hint
 * shows a step with its sentence and a second Hint makes it, agreeing
 * with the solution; the solution fills the rest and the level is
 * solved, with its time. */
static void
test_number_board_play (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sudoku.json");
  PwWindow *window = test_show_window (document);
  PwBoard *board;
  PwNumberBoard *numbers;
  const PwLatinLevel *level;
  PwAnalysis *analysis;
  JsonArray *rows;
  guint cell, right, wrong;
  g_autofree guint8 *before = NULL;

  pw_window_select_level (window, 0);   /* Trivial */
  test_wait_for (has_solution, window, "the analysis of the level");
  board = pw_window_get_board (window);
  numbers = number_board (window);
  level = current_data (window);
  analysis = current_analysis (window);
  rows = json_node_get_array (json_object_get_member (pw_analysis_get_figures (analysis),
                                                      "solution"));
  cell = first_blank (level);
  right = json_array_get_int_element (json_array_get_array_element (rows, cell / 9), cell % 9);
  wrong = right % 9 + 1;

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_true (pw_board_get_playing (board));
  pw_number_board_select (numbers, cell);
  g_assert_true (pw_number_board_type_value (numbers, wrong));
  g_assert_cmpuint (pw_number_board_get_values (numbers)[cell], ==, wrong);
  pw_number_board_check (numbers);
  g_assert_nonnull (pw_number_board_get_wrong (numbers));
  g_assert_true (pw_number_board_get_wrong (numbers)[cell]);
  g_assert_true (pw_board_get_play_actions (board) & PW_BOARD_CAN_BACK);
  pw_board_play_back (board);
  g_assert_cmpuint (pw_number_board_get_values (numbers)[cell], ==, 0);

  /* pencil marks go to candidates, not values */
  pw_number_board_set_pencil (numbers, TRUE);
  pw_number_board_type_value (numbers, right);
  g_assert_cmpuint (pw_number_board_get_values (numbers)[cell], ==, 0);
  pw_number_board_set_pencil (numbers, FALSE);

  /* a hint: a sentence first, then the step made, right */
  before = g_memdup2 (pw_number_board_get_values (numbers), 81);
  pw_board_play_hint (board);
  g_assert_nonnull (pw_number_board_get_hint_text (numbers));
  g_test_message ("hint: %s", pw_number_board_get_hint_text (numbers));
  g_assert_cmpmem (before, 81, pw_number_board_get_values (numbers), 81);
  pw_board_play_hint (board);
  g_assert_null (pw_number_board_get_hint_text (numbers));
  {
    const guint8 *values = pw_number_board_get_values (numbers);
    guint placed = 0;

    for (guint c = 0; c < 81; c++)
      if (values[c] != before[c])
        {
          placed++;
          g_assert_cmpint (values[c], ==,
                           json_array_get_int_element (json_array_get_array_element (rows, c / 9),
                                                       c % 9));
        }
    g_assert_cmpuint (placed, >=, 1);
  }

  /* the rest of the solution: solved */
  g_assert_true (pw_board_solution_at_once (board));
  g_assert_cmpfloat (pw_number_board_get_solve_seconds (numbers), >=, 0.0);
  g_assert_false (pw_board_get_play_actions (board) & PW_BOARD_CAN_HINT);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_false (pw_board_get_playing (board));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_conflicts (gpointer data)
{
  PwWindow *window = data;
  PwAnalysis *analysis = current_analysis (window);
  JsonNode *node;

  if (analysis == NULL)
    return FALSE;
  node = json_object_get_member (pw_analysis_get_figures (analysis), "conflicts");
  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) &&
         json_array_get_length (json_node_get_array (node)) > 0;
}

/* Two equal givens in a row: the analysis says there is no solution and
 * the two cells are drawn red. */
static void
test_number_board_clash_marked (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sudoku.json");
  PwWindow *window = test_show_window (document);
  PwNumberBoard *board;
  const PwLatinLevel *level;
  guint blank = 0, given = 0;
  GtkWidget *area;
  graphene_point_t point;
  guint8 rgb[3];

  pw_window_select_level (window, 0);
  board = number_board (window);
  level = current_data (window);
  /* a blank cell and a given in the same row */
  for (guint c = 0; c < 81; c++)
    if (level->givens[c] == 0)
      {
        for (guint x = 0; x < 9; x++)
          if (level->givens[(c / 9) * 9 + x] != 0)
            {
              blank = c;
              given = (c / 9) * 9 + x;
              break;
            }
        if (given != 0 || level->givens[0] != 0)
          break;
      }
  pw_number_board_select (board, blank);
  pw_number_board_type_value (board, level->givens[given]);
  test_wait_for (has_conflicts, window, "the clash in the analysis");
  g_assert_cmpint (json_object_get_int_member (
                     pw_analysis_get_figures (current_analysis (window)),
                     "solutions"), ==, 0);

  /* the blank's centre is drawn reddish */
  area = gtk_widget_get_last_child (GTK_WIDGET (board));
  while (area != NULL && !GTK_IS_DRAWING_AREA (area))
    area = gtk_widget_get_prev_sibling (area);
  g_assert_nonnull (area);
  {
    int w = gtk_widget_get_width (area), h = gtk_widget_get_height (area);
    double side = MIN (w, h) - 24;
    double x0 = (w - side) / 2, y0 = (h - side) / 2;

    point = GRAPHENE_POINT_INIT (x0 + (blank % 9 + 0.15) * side / 9,
                                 y0 + (blank / 9 + 0.15) * side / 9);
  }
  test_widget_pixel (area, point.x, point.y, rgb);
  g_test_message ("pixel %u %u %u", rgb[0], rgb[1], rgb[2]);
  g_assert_cmpuint (rgb[0], >, rgb[1] + 30);
  g_assert_cmpuint (rgb[0], >, rgb[2] + 30);
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
  gtk_test_init (&argc, &argv, NULL);
  pw_ui_register_resources ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/ui/number-board/edit", test_number_board_edit);
  g_test_add_func ("/ui/number-board/signs", test_number_board_signs);
  g_test_add_func ("/ui/number-board/play", test_number_board_play);
  g_test_add_func ("/ui/number-board/clash-marked", test_number_board_clash_marked);

  status = g_test_run ();
  test_remove_dir (state);
  return status;
}
