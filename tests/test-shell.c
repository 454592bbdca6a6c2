/* test-shell.c — the window asks the kind: the list's columns follow the
 * set's kind, sorting and reordering agree, the divider is remembered
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-application.h"
#include "pw-card-table.h"
#include "pw-grid-board.h"
#include "pw-level-item.h"
#include "pw-preferences-window.h"
#include "pw-window.h"
#include "test-ui-util.h"
#include "test-util.h"

static gboolean
strv_has (char      **strv,
          const char *text)
{
  return g_strv_contains ((const char * const *) strv, text);
}

/* Each bundled set shows its own kind's columns, and only those; no kind
 * column while the set has one kind. */
static void
test_shell_list_columns (void)
{
  static const struct { const char *set; const char *has[3]; const char *not; } cases[] = {
    { "sample.json", { "Par", "States", "Dead" }, "Solutions" },
    { "combination.json", { "Solutions", "Difficulty", "Dead cells" }, "Par" },
    { "freecell.json", { "Solvable", "Moves", "Free cells" }, "States" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PwDocument) document = test_load_bundled (cases[i].set);
      PwWindow *window = test_show_window (document);
      PwLevelList *list = pw_window_get_level_list (window);
      g_auto(GStrv) titles = pw_level_list_get_column_titles (list);
      g_autofree char *joined = g_strjoinv (", ", titles);

      g_test_message ("%s: %s", cases[i].set, joined);
      g_assert_true (pw_level_list_get_columns_kind (list) ==
                     pw_level_get_kind (pw_document_get_level (document, 0)));
      for (guint t = 0; t < G_N_ELEMENTS (cases[i].has); t++)
        g_assert_true (strv_has (titles, cases[i].has[t]));
      g_assert_false (strv_has (titles, cases[i].not));
      g_assert_false (strv_has (titles, "Kind"));
      g_assert_true (strv_has (titles, "Name"));
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Every GtkLabel under @widget whose text is @text. */
static void
find_labels (GtkWidget  *widget,
             const char *text,
             GPtrArray  *found)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_labels (child, text, found);
}

static GtkLabel *
list_label (PwWindow   *window,
            const char *text)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  find_labels (GTK_WIDGET (pw_window_get_level_list (window)), text, found);
  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

static char *
cell_text (PwWindow    *window,
           guint        row,
           const char  *key,
           PwCellState *state)
{
  const PwKind *kind = pw_level_list_get_columns_kind (pw_window_get_level_list (window));
  g_autoptr(PwLevelItem) item = g_list_model_get_item (pw_window_get_level_model (window), row);

  for (guint c = 0; c < kind->n_list_columns; c++)
    if (g_str_equal (kind->list_columns[c].key, key))
      return pw_level_item_get_cell (item, kind, &kind->list_columns[c], state, NULL);
  g_assert_not_reached ();
}

static gboolean
row_analysed (gpointer data)
{
  gpointer *pair = data;
  g_autoptr(PwLevelItem) item = g_list_model_get_item (pw_window_get_level_model (pair[0]),
                                                       GPOINTER_TO_UINT (pair[1]));

  return pw_level_item_get_analysis (item) != NULL;
}

/* A set of slide levels with one combination level and an unsolvable
 * slide level: the list shows the slide columns and the kind column; the
 * combination row reads "n/a", the unsolvable level's par "unsolvable",
 * a row not analysed yet "…", each drawn in its own style. */
static void
test_shell_list_cell_states (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) rooks = pw_level_new_from_text ("combination",
                                                     "....\n.#..\n....\n2 red orthogonal\n",
                                                     &error);
  g_autoptr(PwLevel) stuck = pw_level_new_from_text ("slide", "#####\n#r#.R\n#####\n", &error);
  g_autoptr(PwLevel) huge = pw_level_new_from_text ("slide", test_huge_level, &error);
  PwWindow *window;
  g_auto(GStrv) titles = NULL;
  gpointer stuck_row[2];
  PwCellState state;
  GtkLabel *na, *unsolvable, *pending;

  g_assert_no_error (error);
  pw_level_set_name (rooks, "Rooks");
  pw_level_set_name (stuck, "Stuck");
  pw_level_set_name (huge, "Huge");
  pw_document_insert_level (document, 0, rooks, NULL);
  pw_document_insert_level (document, 1, stuck, NULL);
  pw_document_insert_level (document, 2, huge, NULL);
  window = test_show_window (document);
  titles = pw_level_list_get_column_titles (pw_window_get_level_list (window));
  g_assert_true (strv_has (titles, "Kind"));
  g_assert_true (strv_has (titles, "Par"));

  stuck_row[0] = window;
  stuck_row[1] = GUINT_TO_POINTER (1);
  test_wait_for (row_analysed, stuck_row, "the stuck level analysed");
  {
    g_autofree char *text = cell_text (window, 0, "par", &state);

    g_assert_cmpint (state, ==, PW_CELL_NOT_APPLICABLE);
    g_assert_cmpstr (text, ==, "n/a");
  }
  {
    g_autofree char *text = cell_text (window, 1, "par", &state);

    g_assert_cmpint (state, ==, PW_CELL_UNSOLVABLE);
    g_assert_cmpstr (text, ==, "unsolvable");
  }
  {
    /* the huge level's analysis is far from done */
    g_autofree char *text = cell_text (window, 2, "par", &state);

    g_assert_cmpint (state, ==, PW_CELL_PENDING);
    g_assert_cmpstr (text, ==, "…");
  }
  test_spin (100);
  na = list_label (window, "n/a");
  unsolvable = list_label (window, "unsolvable");
  pending = list_label (window, "…");
  g_assert_nonnull (na);
  g_assert_nonnull (unsolvable);
  g_assert_nonnull (pending);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (na), "pw-cell-not-applicable"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (unsolvable), "pw-cell-unsolvable"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (pending), "pw-cell-pending"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The names of the rows as shown, and of the levels in set order. */
static char *
shown_names (PwWindow *window)
{
  GListModel *model = pw_window_get_level_model (window);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (model, i);

      g_string_append_printf (names, "%s|", pw_level_get_name (pw_level_item_get_level (item)));
    }
  return g_string_free (names, FALSE);
}

static char *
set_names (PwDocument *document)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < pw_document_get_n_levels (document); i++)
    g_string_append_printf (names, "%s|", pw_level_get_name (pw_document_get_level (document, i)));
  return g_string_free (names, FALSE);
}

/* The names of @names ("a|b|c|") with the @from-th moved to @to. */
static char *
moved (const char *names,
       guint       from,
       guint       to)
{
  g_auto(GStrv) parts = g_strsplit (names, "|", -1);
  guint n = g_strv_length (parts) - 1;  /* the last is empty */
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (order, parts[i]);
  {
    gpointer item = g_ptr_array_steal_index (order, from);

    g_ptr_array_insert (order, to, item);
  }
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s|", (char *) g_ptr_array_index (order, i));
  return g_string_free (out, FALSE);
}

/* A drag in a list sorted by States: the set takes the order shown, with
 * the row moved, in one step of undo, and the sort arrow goes; Alt+Down
 * in a sorted list does the same. The rows are never out of order under
 * a sort arrow. */
static void
test_shell_list_sorted_reorder (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
  PwWindow *window = test_show_window (document);
  PwLevelList *list = pw_window_get_level_list (window);
  g_autofree char *original = set_names (document);
  g_autofree char *sorted = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *now = NULL;
  g_autofree char *shown = NULL;

  test_wait_for (test_list_filled, window, "every level analysed");
  g_assert_false (pw_level_list_get_sorted (list));
  g_assert_true (pw_level_list_sort_by (list, "States", GTK_SORT_DESCENDING));
  g_assert_true (pw_level_list_get_sorted (list));
  sorted = shown_names (window);
  g_assert_cmpstr (sorted, !=, original);
  g_assert_true (g_str_has_prefix (sorted, "Rush Hour|"));

  /* drag the first row (the most states) onto the fourth */
  pw_level_list_move_row (list, 0, 3);
  expected = moved (sorted, 0, 3);
  now = set_names (document);
  g_assert_cmpstr (now, ==, expected);
  g_assert_false (pw_level_list_get_sorted (list));
  shown = shown_names (window);
  g_assert_cmpstr (shown, ==, now);
  g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Move Level");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_clear_pointer (&now, g_free);
  now = set_names (document);
  g_assert_cmpstr (now, ==, original);
  g_assert_false (pw_document_get_modified (document));

  /* sorted again; the level on screen one row down by the keyboard */
  g_assert_true (pw_level_list_sort_by (list, "States", GTK_SORT_DESCENDING));
  g_assert_true (pw_level_list_get_sorted (list));
  pw_window_select_level (window, pw_document_get_n_levels (document) - 1);  /* Rush Hour */
  g_action_group_activate_action (G_ACTION_GROUP (window), "level-move-down", NULL);
  g_clear_pointer (&expected, g_free);
  expected = moved (sorted, 0, 1);
  g_clear_pointer (&now, g_free);
  now = set_names (document);
  g_assert_cmpstr (now, ==, expected);
  g_assert_false (pw_level_list_get_sorted (list));
  g_clear_pointer (&shown, g_free);
  shown = shown_names (window);
  g_assert_cmpstr (shown, ==, now);
  /* the moved level is still the one on screen */
  g_assert_cmpstr (pw_level_get_name (pw_document_get_level (document,
                                                             pw_window_get_current (window))),
                   ==, "Rush Hour");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
board_shown (gpointer data)
{
  GtkWidget *board = GTK_WIDGET (pw_window_get_board (data));

  return gtk_widget_get_mapped (board) && gtk_widget_get_width (board) > 100;
}

/* The board on screen is the one the level's kind asks for in its view
 * table: the card table for FreeCell, the grid board for grid kinds, in
 * separate sets and in one set mixing them; the grid board's tools and
 * zoom are the window's "board." actions, the card table has none. */
static void
test_shell_board_per_kind (void)
{
  static const struct { const char *set; gboolean cards; } sets[] = {
    { "sample.json", FALSE }, { "freecell.json", TRUE }, { "combination.json", FALSE },
  };
  g_autoptr(PwDocument) first = test_load_bundled (sets[0].set);
  PwWindow *window = test_show_window (first);
  g_autoptr(PwDocument) mixed = test_load_bundled ("sample.json");

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(PwDocument) document = test_load_bundled (sets[i].set);
      PwBoard *board;

      pw_window_set_document (window, document);
      test_wait_for (board_shown, window, "the board on screen");
      board = pw_window_get_board (window);
      g_assert_true (G_OBJECT_TYPE (board) ==
                     pw_board_type_for_level (pw_document_get_level (document, 0)));
      g_assert_cmpint (PW_IS_CARD_TABLE (board), ==, sets[i].cards);
      g_assert_cmpint (PW_IS_GRID_BOARD (board), ==, !sets[i].cards);
      /* only the grid board zooms */
      g_assert_cmpint (gtk_widget_activate_action (GTK_WIDGET (window), "board.zoom-fit", NULL),
                       ==, !sets[i].cards);
    }

  /* a FreeCell deal among slide levels: its own board when selected */
  {
    g_autoptr(PwDocument) deals = test_load_bundled ("freecell.json");

    pw_document_insert_level (mixed, 1, pw_document_get_level (deals, 0), NULL);
  }
  pw_window_set_document (window, mixed);
  test_wait_for (board_shown, window, "the board on screen");
  g_assert_true (PW_IS_GRID_BOARD (pw_window_get_board (window)));
  pw_window_select_level (window, 1);
  test_wait_for (board_shown, window, "the card table on screen");
  g_assert_true (PW_IS_CARD_TABLE (pw_window_get_board (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_true (pw_board_get_playing (pw_window_get_board (window)));
  /* another level: play stops, the grid board comes back */
  pw_window_select_level (window, 2);
  g_assert_true (PW_IS_GRID_BOARD (pw_window_get_board (window)));
  g_assert_false (pw_board_get_playing (pw_window_get_board (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
no_session_bus_is_fine (const char     *domain,
                        GLogLevelFlags  level,
                        const char     *message,
                        gpointer        data)
{
  /* GtkApplication wants a session bus for session management; the tests
   * run without one */
  return strstr (message, "session bus") == NULL;
}

static gboolean
app_has_window (gpointer data)
{
  GtkWindow *window = gtk_application_get_active_window (data);

  return window != NULL && gtk_widget_get_width (GTK_WIDGET (window)) > 1000;
}

/* The divider between the list and the level, dragged, is where the
 * application's next window puts it. */
static void
test_shell_divider_remembered (void)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autoptr(PwApplication) app = pw_application_new (sample);
  g_autoptr(GError) error = NULL;
  PwWindow *window;
  GtkPaned *paned;

  g_test_log_set_fatal_handler (no_session_bus_is_fine, NULL);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_application_activate (G_APPLICATION (app));
  test_wait_for (app_has_window, app, "the application's window");
  window = PW_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  paned = GTK_PANED (gtk_widget_get_parent (GTK_WIDGET (pw_window_get_level_list (window))));
  g_assert_cmpint (gtk_paned_get_position (paned), !=, 537);
  gtk_paned_set_position (paned, 537);
  test_spin (50);
  gtk_window_close (GTK_WINDOW (window));
  test_spin (100);
  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));

  g_application_activate (G_APPLICATION (app));
  test_wait_for (app_has_window, app, "the application's second window");
  window = PW_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  paned = GTK_PANED (gtk_widget_get_parent (GTK_WIDGET (pw_window_get_level_list (window))));
  g_assert_cmpint (gtk_paned_get_position (paned), ==, 537);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file that does not open: the window says why and has no set open
 * (no sample set in its place), with nothing to save; opening a bad file
 * from a window with a set keeps that set. */
static void
test_shell_bad_file (void)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autofree char *bad = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "tests", "data", "bad",
                                           "invalid-bad-tile.json", NULL);
  g_autoptr(PwApplication) app = pw_application_new (sample);
  g_autoptr(GFile) file = g_file_new_for_path (bad);
  g_autoptr(GError) error = NULL;
  PwWindow *window;
  const char *message;

  g_test_log_set_fatal_handler (no_session_bus_is_fine, NULL);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  test_wait_for (app_has_window, app, "the application's window");
  window = PW_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_null (pw_window_get_document (window));
  message = pw_window_get_message (window);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "is not a slide tile"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "save"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export-csv"));
  g_assert_cmpuint (g_list_model_get_n_items (pw_window_get_level_model (window)), ==, 0);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "open"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* from a window with a set: the set stays, the error is a dialog */
  {
    g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
    GtkDialog *dialog;

    window = test_show_window (document);
    pw_window_open_file (window, file);
    dialog = test_find_dialog ();
    g_assert_nonnull (dialog);
    g_assert_true (pw_window_get_document (window) == document);
    g_assert_null (pw_window_get_message (window));
    gtk_window_destroy (GTK_WINDOW (dialog));
    gtk_window_destroy (GTK_WINDOW (window));
  }
}

static gboolean
export_done (gpointer data)
{
  return !pw_window_get_exporting (data);
}

/* The file chooser a native dialog falls back to without a portal. */
static GtkFileChooser *
find_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  GtkFileChooser *chooser = find_chooser ();
  g_autoptr(GFile) folder = chooser != NULL ? gtk_file_chooser_get_current_folder (chooser) : NULL;

  return folder != NULL;
}

#if defined(__SANITIZE_ADDRESS__)
#define CHOOSER_LEAKS TRUE
#else
#define CHOOSER_LEAKS FALSE
#endif

/* Export CSV: the chooser starts in the set's folder, and the window says
 * where the file went. */
static void
test_shell_export_says_where (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *set_path = g_build_filename (dir, "mine.json", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "out.csv", NULL);
  g_autoptr(GFile) set_file = g_file_new_for_path (set_path);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv_path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(PwDocument) sample = test_load_bundled ("sample.json");
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  PwWindow *window;
  GtkFileChooser *chooser;

  g_assert_true (pw_document_save (sample, set_file, NULL, &error));
  g_assert_no_error (error);
  document = pw_document_load (set_file, NULL, &error);
  g_assert_no_error (error);
  window = test_show_window (document);

  /* GTK 4.8's file chooser leaks what its folder queries return (GFileInfo
   * objects allocated on GIO's worker threads, and a list in a callback of
   * its own; no frame of ours or of a named GTK function to suppress by):
   * under AddressSanitizer only the export itself is checked
   * (docs/reliability.md, "AddressSanitizer + UndefinedBehaviorSanitizer") */
  if (!CHOOSER_LEAKS)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "export-csv", NULL);
      test_wait_for (chooser_shown, NULL, "the export's file chooser in a folder");
      chooser = find_chooser ();
      {
        g_autoptr(GFile) current = gtk_file_chooser_get_current_folder (chooser);

        g_assert_nonnull (current);
        g_assert_true (g_file_equal (current, folder));
      }
      gtk_window_destroy (GTK_WINDOW (chooser));
    }

  pw_window_export_csv (window, csv_file);
  test_wait_for (export_done, window, "the export");
  g_assert_true (g_file_query_exists (csv_file, NULL));
  where = g_file_get_parse_name (csv_file);
  g_assert_nonnull (pw_window_get_export_message (window));
  g_assert_nonnull (strstr (pw_window_get_export_message (window), where));
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static gboolean
reanalysed (gpointer data)
{
  PwAnalysisPanel *panel = pw_window_get_analysis_panel (data);

  return test_panel_says_analysed (data) && !pw_analysis_panel_get_stale (panel);
}

/* An edit: the previous figures stay on screen, dimmed, until the new
 * ones come; then a figure that changed reads "2 → 4"; the status says
 * the count the progress reached, in the kind's words. */
static void
test_shell_figures_while_reanalysing (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
  PwWindow *window = test_show_window (document);
  PwAnalysisPanel *panel = pw_window_get_analysis_panel (window);
  PwLevel *first = pw_document_get_level (document, 0);
  const PwKind *kind = pw_level_get_kind (first);
  g_autoptr(GError) error = NULL;
  /* the second level mirrored: a content no analysis has seen yet */
  g_autoptr(PwLevel) mirrored = pw_level_transformed (pw_document_get_level (document, 1),
                                                      PW_TRANSFORM_MIRROR_LEFT_RIGHT, &error);
  g_autoptr(PwLevel) edited = pw_level_with_data (first, kind->copy (pw_level_get_data (mirrored)));
  g_autofree char *par_before = g_strdup (pw_analysis_panel_get_figure_text (panel, "par"));
  g_autofree char *par_after = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *explored = NULL;
  PwAnalysis *analysis;
  gint64 par, states, wins;

  g_assert_cmpstr (pw_level_get_id (edited), ==, pw_level_get_id (first));
  pw_document_replace_level (document, 0, edited, "Paint");
  /* at once: the previous figures, dimmed */
  g_assert_true (pw_analysis_panel_get_stale (panel));
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "par"), ==, par_before);

  test_wait_for (reanalysed, window, "the edited level's analysis");
  analysis = pw_scheduler_lookup (pw_window_get_scheduler (window), edited);
  g_assert_nonnull (analysis);
  g_assert_true (pw_analysis_get_int (analysis, "par", &par));
  par_after = g_strdup_printf ("%" G_GINT64_FORMAT, par);
  g_assert_cmpstr (par_after, !=, par_before);
  expected = g_strdup_printf ("%s → %s", par_before, par_after);
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "par"), ==, expected);

  /* the status's count is the progress's, every state explored */
  g_assert_true (pw_analysis_get_int (analysis, "states", &states));
  g_assert_true (pw_analysis_get_int (analysis, "wins", &wins));
  g_assert_cmpuint (pw_analysis_get_explored (analysis), ==, (guint64) (states + wins));
  explored = g_strdup_printf ("%" G_GINT64_FORMAT " states explored", states + wins);
  g_assert_nonnull (strstr (pw_analysis_panel_get_status_text (panel), explored));

  /* another level: no comparison with this one */
  pw_window_select_level (window, 2);
  test_wait_for (test_panel_says_analysed, window, "the third level's analysis");
  g_assert_null (strstr (pw_analysis_panel_get_figure_text (panel, "par"), "→"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A combination level's dead cells read as counts, per inventory entry
 * too; choosing an entry marks its cells on the board (drawn tinted). */
static void
test_shell_entry_dead_cells (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("combination.json");
  PwWindow *window = test_show_window (document);
  PwAnalysisPanel *panel = pw_window_get_analysis_panel (window);
  PwCanvas *canvas = pw_window_get_canvas (window);
  PwAnalysis *analysis = pw_scheduler_lookup (pw_window_get_scheduler (window),
                                              pw_document_get_level (document, 0));
  JsonObject *figures = pw_analysis_get_figures (analysis);
  JsonArray *dead = json_object_get_array_member (figures, "dead_cells");
  JsonArray *entries = json_object_get_array_member (figures, "entry_dead_cells");
  JsonArray *first = json_array_get_array_element (entries, 0);
  g_autofree char *count = g_strdup_printf ("%u", json_array_get_length (dead));
  GString *per_entry = g_string_new (NULL);
  const int *cells;
  PwGeometry geometry;
  guint8 before[3], after[3];
  int x, y;

  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "dead_cells"), ==, count);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    g_string_append_printf (per_entry, "%s%u: %u", i ? ", " : "", i + 1,
                            json_array_get_length (json_array_get_array_element (entries, i)));
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "entry_dead_cells"), ==,
                   per_entry->str);
  g_string_free (per_entry, TRUE);
  g_assert_cmpuint (json_array_get_length (first), >, 0);

  /* a cell of the first entry's, before and after choosing the entry */
  x = json_array_get_int_element (json_array_get_array_element (first, 0), 0);
  y = json_array_get_int_element (json_array_get_array_element (first, 0), 1);
  pw_canvas_get_geometry (canvas, &geometry);
  test_widget_pixel (GTK_WIDGET (canvas), (int) (geometry.x + (x + 0.15) * geometry.cell),
                     (int) (geometry.y + (y + 0.5) * geometry.cell), before);
  g_assert_cmpuint (pw_canvas_get_highlight (canvas, NULL), ==, 0);
  g_assert_true (pw_analysis_panel_select_entry (panel, "entry_dead_cells", 0));
  g_assert_cmpuint (pw_canvas_get_highlight (canvas, &cells), ==, json_array_get_length (first));
  for (guint i = 0; i < json_array_get_length (first); i++)
    {
      g_assert_cmpint (cells[2 * i], ==,
                       json_array_get_int_element (json_array_get_array_element (first, i), 0));
      g_assert_cmpint (cells[2 * i + 1], ==,
                       json_array_get_int_element (json_array_get_array_element (first, i), 1));
    }
  test_widget_pixel (GTK_WIDGET (canvas), (int) (geometry.x + (x + 0.15) * geometry.cell),
                     (int) (geometry.y + (y + 0.5) * geometry.cell), after);
  g_test_message ("cell (%d, %d) before %u,%u,%u after %u,%u,%u", x, y, before[0], before[1],
                  before[2], after[0], after[1], after[2]);
  g_assert_cmpint (after[2] - after[0], >, before[2] - before[0] + 20);  /* bluer */

  /* the second entry instead, then none */
  g_assert_true (pw_analysis_panel_select_entry (panel, "entry_dead_cells", 1));
  g_assert_cmpuint (pw_canvas_get_highlight (canvas, NULL), ==,
                    json_array_get_length (json_array_get_array_element (entries, 1)));
  g_assert_true (pw_analysis_panel_select_entry (panel, "entry_dead_cells", -1));
  g_assert_cmpuint (pw_canvas_get_highlight (canvas, NULL), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first GtkTextView under @widget whose text begins with @prefix. */
static GtkTextView *
find_text_view (GtkWidget  *widget,
                const char *prefix)
{
  if (GTK_IS_TEXT_VIEW (widget))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (widget));
      GtkTextIter start, end;
      g_autofree char *text = NULL;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      if (g_str_has_prefix (text, prefix))
        return GTK_TEXT_VIEW (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkTextView *view = find_text_view (child, prefix);

      if (view != NULL)
        return view;
    }
  return NULL;
}

static gboolean
notes_laid_out (gpointer data)
{
  GtkAdjustment *adjustment = data;

  return gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment) &&
         gtk_adjustment_get_page_size (adjustment) > 0;
}

/* Long notes scroll in their box: the window stays its size. */
static void
test_shell_long_notes_scroll (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
  g_autoptr(PwLevel) noted = pw_level_copy (pw_document_get_level (document, 0));
  GString *notes = g_string_new (NULL);
  PwWindow *window;
  GtkTextView *view;
  GtkAdjustment *adjustment;
  int minimum;

  for (int i = 0; i < 80; i++)
    g_string_append_printf (notes, "Line %d of a designer's notes that go on and on.\n", i);
  pw_level_set_notes (noted, notes->str);
  g_string_free (notes, TRUE);
  pw_document_replace_level (document, 0, noted, NULL);
  window = test_show_window (document);
  view = find_text_view (GTK_WIDGET (window), "Line 0 of");
  g_assert_nonnull (view);
  adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  test_wait_for (notes_laid_out, adjustment, "the notes laid out");
  g_test_message ("notes %.0f px in a box of %.0f px", gtk_adjustment_get_upper (adjustment),
                  gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 800);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL,
                      NULL);
  g_assert_cmpint (minimum, <, 800);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
chart_shown (gpointer data)
{
  GtkWidget *canvas = pw_chart_view_get_canvas (data);

  return gtk_widget_get_mapped (canvas) && gtk_widget_get_width (canvas) > 100 &&
         gtk_widget_get_height (canvas) > 100;
}

/* The chart page: its figures are the headless chart's (the CSV's) for
 * the same set, each point is drawn where it is said to be, clicking one
 * selects its level, and moving a level reorders the curve at once. */
static void
test_shell_chart (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sample.json");
  PwWindow *window = test_show_window (document);
  PwChartView *view = pw_window_get_chart_view (window);
  GtkWidget *canvas = pw_chart_view_get_canvas (view);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_STACK);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autoptr(PwChart) expected = NULL;
  GtkEventController *click = NULL;
  g_autoptr(GListModel) controllers = NULL;
  guint n = pw_document_get_n_levels (document);
  PwAnalyseOptions options;
  PwChart *chart;
  double x, y;
  guint8 rgb[3];

  test_wait_for (test_list_filled, window, "every level analysed");
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (view));
  test_wait_for (chart_shown, view, "the chart on screen");
  g_assert_true (pw_chart_view_set_measures (view, PW_CHART_VIEW_CURVE, "difficulty", "par",
                                             PW_SHAPE_RAMP));

  /* the same figures as the command line's chart of the set */
  pw_analyse_options_init (&options);
  for (guint i = 0; i < n; i++)
    {
      PwLevel *level = pw_document_get_level (document, i);
      g_autoptr(PwAnalysis) analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, NULL);

      g_assert_nonnull (analysis);
      g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, level, analysis, NULL));
    }
  expected = pw_chart_new_curve (rows, "difficulty", "par", PW_SHAPE_RAMP,
                                 PW_SHAPE_DEFAULT_PERIOD, NULL);
  chart = pw_chart_view_get_chart (view);
  g_assert_nonnull (chart);
  g_assert_cmpuint (chart->points->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const PwChartPoint *a = &g_array_index (chart->points, PwChartPoint, i);
      const PwChartPoint *b = &g_array_index (expected->points, PwChartPoint, i);

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpfloat (a->y, ==, b->y);
      g_assert_cmpfloat (a->y2, ==, b->y2);
      g_assert_cmpint (a->marked, ==, b->marked);
    }

  /* the fourth level's point is drawn (not the white of the chart) and
   * clicking it selects the level */
  g_assert_true (pw_chart_view_point_position (view, 3, &x, &y));
  test_widget_pixel (canvas, (int) x, (int) y, rgb);
  g_assert_false (rgb[0] > 240 && rgb[1] > 240 && rgb[2] > 240);
  controllers = gtk_widget_observe_controllers (canvas);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = controller;
    }
  g_assert_nonnull (click);
  g_assert_cmpuint (pw_window_get_current (window), !=, 3);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  g_assert_cmpuint (pw_window_get_current (window), ==, 3);
  /* away from every point, nothing changes */
  g_signal_emit_by_name (click, "pressed", 1, 2.0, 2.0);
  g_assert_cmpuint (pw_window_get_current (window), ==, 3);

  /* moving the level down: the curve follows the new order */
  g_action_group_activate_action (G_ACTION_GROUP (window), "level-move-down", NULL);
  chart = pw_chart_view_get_chart (view);
  g_assert_cmpstr (g_array_index (chart->points, PwChartPoint, 4).id, ==,
                   g_array_index (expected->points, PwChartPoint, 3).id);
  g_assert_cmpstr (g_array_index (chart->points, PwChartPoint, 3).id, ==,
                   g_array_index (expected->points, PwChartPoint, 4).id);
  g_assert_cmpfloat (g_array_index (chart->points, PwChartPoint, 4).y, ==,
                     g_array_index (expected->points, PwChartPoint, 3).y);

  /* sorting by the curve's figure: one undoable step, after which the
   * ramp has no dip */
  {
    g_autofree char *before = set_names (document);
    g_autofree char *after = NULL;
    g_autofree char *undone = NULL;

    g_assert_true (pw_chart_view_set_measures (view, PW_CHART_VIEW_CURVE, "difficulty", NULL,
                                               PW_SHAPE_RAMP));
    g_assert_true (pw_chart_view_sort (view));
    g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Sort by Difficulty");
    after = set_names (document);
    g_assert_cmpstr (after, !=, before);
    chart = pw_chart_view_get_chart (view);
    for (guint i = 0; i < chart->points->len; i++)
      {
        g_assert_false (g_array_index (chart->points, PwChartPoint, i).marked);
        if (i > 0)
          g_assert_cmpfloat (g_array_index (chart->points, PwChartPoint, i - 1).y, <=,
                             g_array_index (chart->points, PwChartPoint, i).y);
      }
    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
    undone = set_names (document);
    g_assert_cmpstr (undone, ==, before);
  }

  /* the scatter of the figure against itself: r = 1 */
  g_assert_true (pw_chart_view_set_measures (view, PW_CHART_VIEW_SCATTER, "par", "par",
                                             PW_SHAPE_NONE));
  chart = pw_chart_view_get_chart (view);
  g_assert_cmpfloat_with_epsilon (chart->pearson, 1, 1e-12);
  g_assert_false (pw_chart_view_set_measures (view, PW_CHART_VIEW_CURVE, "no_such", NULL,
                                              PW_SHAPE_NONE));
  gtk_window_destroy (GTK_WINDOW (window));
}

static guint
count_pdf_pages (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr(GRegex) regex = g_regex_new ("/Type\\s*/Page[^s]", G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  g_regex_match_full (regex, data, length, 0, 0, &match, NULL);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    n++;
  return n;
}

/* Print (to a PDF, as the print dialog's "Print to File" would) gives the
 * sheets of `puzzlewright render`: four levels a page, solution pages
 * after them; a level's picture is a PNG of its drawing. */
static void
test_shell_print (void)
{
  g_autoptr(PwDocument) document = test_load_bundled ("sudoku.json");
  PwWindow *window = test_show_window (document);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *pdf = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "level.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "level.bmp", NULL);
  g_autoptr(GError) error = NULL;
  guint n = pw_document_get_n_levels (document);
  cairo_surface_t *surface;

  test_wait_for (test_list_filled, window, "every level analysed");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "print"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "export-image"));
  g_assert_true (pw_window_print (window, pdf, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (pdf), ==, (n + 3) / 4);
  g_assert_true (pw_window_print (window, pdf, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (pdf), ==, 2 * ((n + 3) / 4));

  g_assert_true (pw_window_export_level_image (window, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  /* a 9 × 9 grid, 48 pixels a cell */
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 9 * 48);
  cairo_surface_destroy (surface);
  g_assert_false (pw_window_export_level_image (window, bad, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static PwPreferencesWindow *
preferences_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (PW_IS_PREFERENCES_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return PW_PREFERENCES_WINDOW (toplevel);
    }
  return NULL;
}

static gboolean
preferences_shown (gpointer data)
{
  return preferences_window () != NULL;
}

/* The label under @widget that reads @text, or NULL. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0)
        return GTK_LABEL (child);
      found = find_label (child, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The widget the label @text names (its mnemonic widget). */
static GtkWidget *
find_labelled (GtkWidget  *widget,
               const char *text)
{
  GtkLabel *label = find_label (widget, text);

  g_assert_nonnull (label);
  return gtk_label_get_mnemonic_widget (label);
}

/* Preferences (app.preferences, Ctrl+comma, in the main menu): one
 * window whose rows are bound to the settings both ways; the tester name
 * is the one play mode records, the levels a page is Print's default. */
static void
test_shell_preferences (void)
{
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autoptr(PwApplication) app = pw_application_new (sample);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *pdf = g_build_filename (dir, "sheets.pdf", NULL);
  g_auto(GStrv) accels = NULL;
  GSettings *settings;
  PwPreferencesWindow *preferences;
  PwWindow *window;
  GtkWidget *tester, *per_page, *memory;
  guint n;

  g_test_log_set_fatal_handler (no_session_bus_is_fine, NULL);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  test_wait_for (app_has_window, app, "the application's window");
  window = PW_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  settings = pw_application_get_settings (app);
  g_assert_nonnull (settings);

  /* the schema's defaults */
  g_assert_cmpuint (g_settings_get_uint (settings, "analysis-memory-mib"), ==, 2048);
  g_assert_cmpuint (g_settings_get_uint (settings, "sheets-per-page"), ==, 4);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  g_assert_true (strv_has (accels, "<Control>comma"));
  g_assert_null (preferences_window ());
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  test_wait_for (preferences_shown, NULL, "the preferences window");
  preferences = preferences_window ();
  g_assert_true (pw_preferences_window_get_settings (preferences) == settings);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (preferences)) == GTK_WINDOW (window));
  /* asked again: the same window */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_assert_true (preferences_window () == preferences);

  tester = find_labelled (GTK_WIDGET (preferences), "_Tester name");
  per_page = find_labelled (GTK_WIDGET (preferences), "_Levels per page");
  memory = find_labelled (GTK_WIDGET (preferences), "_Memory budget");
  g_assert_true (GTK_IS_ENTRY (tester));
  g_assert_true (GTK_IS_SPIN_BUTTON (per_page));
  g_assert_true (GTK_IS_SPIN_BUTTON (memory));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (memory)), ==, 2048);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (per_page)), ==, 4);

  /* the rows write the settings… */
  gtk_editable_set_text (GTK_EDITABLE (tester), "Tess");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (memory), 512);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (per_page), 2);
  {
    g_autofree char *name = g_settings_get_string (settings, "tester-name");

    g_assert_cmpstr (name, ==, "Tess");
  }
  g_assert_cmpuint (g_settings_get_uint (settings, "analysis-memory-mib"), ==, 512);
  g_assert_cmpuint (g_settings_get_uint (settings, "sheets-per-page"), ==, 2);
  /* …and show what others write (0 MiB: no limit) */
  g_settings_set_string (settings, "tester-name", "Ann");
  g_settings_set_uint (settings, "analysis-memory-mib", 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (tester)), ==, "Ann");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (memory)), ==, 0);
  g_assert_nonnull (find_label (GTK_WIDGET (preferences), "No limit"));

  /* Print takes its levels a page from the setting */
  n = pw_document_get_n_levels (pw_window_get_document (window));
  g_assert_cmpuint (n, >, 2);
  g_assert_true (pw_window_print (window, pdf, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pdf_pages (pdf), ==, (n + 1) / 2);

  gtk_window_destroy (GTK_WINDOW (preferences));
  g_assert_null (preferences_window ());
  g_settings_reset (settings, "tester-name");
  g_settings_reset (settings, "analysis-memory-mib");
  g_settings_reset (settings, "sheets-per-page");
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state = test_make_temp_dir ();
  int status;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  pw_ui_register_resources ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/ui/shell/list-columns", test_shell_list_columns);
  g_test_add_func ("/ui/shell/list-cell-states", test_shell_list_cell_states);
  g_test_add_func ("/ui/shell/list-sorted-reorder", test_shell_list_sorted_reorder);
  g_test_add_func ("/ui/shell/divider-remembered", test_shell_divider_remembered);
  g_test_add_func ("/ui/shell/board-per-kind", test_shell_board_per_kind);
  g_test_add_func ("/ui/shell/bad-file", test_shell_bad_file);
  g_test_add_func ("/ui/shell/export-says-where", test_shell_export_says_where);
  g_test_add_func ("/ui/shell/figures-while-reanalysing", test_shell_figures_while_reanalysing);
  g_test_add_func ("/ui/shell/entry-dead-cells", test_shell_entry_dead_cells);
  g_test_add_func ("/ui/shell/long-notes-scroll", test_shell_long_notes_scroll);
  g_test_add_func ("/ui/shell/chart", test_shell_chart);
  g_test_add_func ("/ui/shell/print", test_shell_print);
  g_test_add_func ("/ui/shell/preferences", test_shell_preferences);
  status = g_test_run ();
  test_remove_dir (state);
  return status;
}
