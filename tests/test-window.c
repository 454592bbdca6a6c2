/* test-window.c — the real editor window, under Xvfb: open the sample
 * set, paint, see the analysis follow, undo, play into a dead end
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <string.h>

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "freecell-private.h"
#include "pw-application.h"
#include "pw-card-table.h"
#include "pw-generate-dialog.h"
#include "pw-level-item.h"
#include "pw-window.h"
#include "test-util.h"

#define WAIT_MS 20000

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until @condition holds; fails after WAIT_MS. */
static void
wait_for (Condition   condition,
          gpointer    data,
          const char *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) test_scaled_ms (WAIT_MS) * 1000;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* A set from data/levels, by file name. */
static PwDocument *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels", name,
                                            NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwDocument *document = pw_document_load (file, NULL, &error);

  g_assert_no_error (error);
  return document;
}

static PwDocument *
load_sample (void)
{
  return load_bundled ("sample.json");
}

typedef struct
{
  PwWindow   *window;
  const char *text;
} FigureWait;

static gboolean
panel_says_analysed (gpointer data)
{
  PwWindow *window = data;

  return g_str_has_prefix (pw_analysis_panel_get_status_text (pw_window_get_analysis_panel (window)),
                           "Analysed");
}

/* The panel shows the figure, alone or as the new value of a change
 * since the edit ("2 014 → 2 023"). */
static gboolean
states_figure_is (gpointer data)
{
  FigureWait *wait = data;
  const char *text = pw_analysis_panel_get_figure_text (pw_window_get_analysis_panel (wait->window),
                                                        "states");
  const char *arrow = text != NULL ? strstr (text, "→ ") : NULL;

  if (arrow != NULL)
    text = arrow + strlen ("→ ");
  return panel_says_analysed (wait->window) && g_strcmp0 (text, wait->text) == 0;
}

static gboolean
list_filled (gpointer data)
{
  GListModel *model = pw_window_get_level_model (data);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (model, i);

      if (pw_level_item_get_analysis (item) == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean
canvas_allocated (gpointer data)
{
  GtkWidget *canvas = GTK_WIDGET (pw_window_get_canvas (data));

  return gtk_widget_get_mapped (canvas) && gtk_widget_get_width (canvas) > 100 &&
         gtk_widget_get_height (canvas) > 100;
}

static PwWindow *
open_window (void)
{
  g_autoptr(PwDocument) document = load_sample ();
  PwWindow *window = pw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");
  wait_for (panel_says_analysed, window, "the first level's analysis");
  return window;
}

/* The expected figure, by analysing the level directly. */
static char *
expected_states (PwLevel *level)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwAnalysis) analysis = NULL;
  PwAnalyseOptions options;
  gint64 states;

  pw_analyse_options_init (&options);
  analysis = pw_level_analyse (level, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (pw_analysis_get_int (analysis, "states", &states));
  return g_strdup_printf ("%" G_GINT64_FORMAT, states);
}

/* Renders @widget as it would draw now and returns the colour of the pixel
 * at (@x, @y) in widget coordinates. */
static void
widget_pixel (GtkWidget *widget,
              int        x,
              int        y,
              guint8     rgb[3])
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autofree guint8 *pixels = NULL;
  gsize stride = (gsize) width * 4;

  /* what the widget draws now, not the last frame shown */
  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);
  /* GDK_MEMORY_DEFAULT: B G R A in memory on little-endian machines */
  rgb[0] = pixels[y * stride + x * 4 + 2];
  rgb[1] = pixels[y * stride + x * 4 + 1];
  rgb[2] = pixels[y * stride + x * 4 + 0];
}

/* Open the sample set: every level listed, each row's analysis filled in
 * the background, the first level's figures in the panel. */
static void
test_window_opens_sample (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  GListModel *model = pw_window_get_level_model (window);
  g_autofree char *expected = expected_states (pw_document_get_level (document, 0));

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, pw_document_get_n_levels (document));
  g_assert_cmpuint (pw_window_get_current (window), ==, 0);
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (pw_window_get_analysis_panel (window),
                                                      "states"), ==, expected);
  wait_for (list_filled, window, "the background analysis of every level");
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (model, i);
      g_autofree char *text = NULL;
      g_autofree char *level_expected = expected_states (pw_level_item_get_level (item));

      const PwKind *kind = pw_level_list_get_columns_kind (pw_window_get_level_list (window));

      for (guint c = 0; c < kind->n_list_columns; c++)
        if (g_str_equal (kind->list_columns[c].key, "states"))
          text = pw_level_item_get_cell (item, kind, &kind->list_columns[c], NULL, NULL);
      /* the list groups thousands; compare digits only */
      {
        GString *digits = g_string_new (NULL);

        for (const char *p = text; *p; p++)
          if (g_ascii_isdigit (*p))
            g_string_append_c (digits, *p);
        g_assert_cmpstr (digits->str, ==, level_expected);
        g_string_free (digits, TRUE);
      }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Paint a floor cell into a wall with a stroke: one level change, one undo
 * step; the panel shows the new level's figures; undo brings back the old
 * ones (from the cache). */
static void
test_window_paint_and_undo (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  PwCanvas *canvas = pw_window_get_canvas (window);
  g_autoptr(PwLevel) before = pw_level_ref (pw_document_get_level (document, 0));
  g_autofree char *states_before = expected_states (before);
  g_autofree char *states_after = NULL;
  PwGeometry geometry;
  int column, row;
  FigureWait wait = { window, NULL };

  /* where the canvas put the cells: the cell under the centre of (2, 2) is
   * (2, 2) */
  pw_canvas_get_geometry (canvas, &geometry);
  g_assert_cmpfloat (geometry.cell, >, 10);
  g_assert_true (pw_geometry_cell_at (&geometry, geometry.x + 2.5 * geometry.cell,
                                      geometry.y + 2.5 * geometry.cell, &column, &row));
  g_assert_cmpint (column, ==, 2);
  g_assert_cmpint (row, ==, 2);

  /* a stroke over two cells: one undo step */
  gtk_widget_activate_action (GTK_WIDGET (window), "board.tile", "s", "#");
  g_signal_emit_by_name (canvas, "stroke-begin");
  g_signal_emit_by_name (canvas, "paint", 2, 2, (int) '#');
  g_signal_emit_by_name (canvas, "paint", 3, 2, (int) '#');
  g_signal_emit_by_name (canvas, "stroke-end");
  g_assert_true (pw_document_get_modified (document));
  g_assert_false (pw_level_same_content (before, pw_document_get_level (document, 0)));

  states_after = expected_states (pw_document_get_level (document, 0));
  g_assert_cmpstr (states_after, !=, states_before);
  wait.text = states_after;
  wait_for (states_figure_is, &wait, "the painted level's analysis");

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_true (pw_level_same_content (before, pw_document_get_level (document, 0)));
  g_assert_false (pw_document_get_modified (document));
  wait.text = states_before;
  wait_for (states_figure_is, &wait, "the analysis after undo");

  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  wait.text = states_after;
  wait_for (states_figure_is, &wait, "the analysis after redo");

  /* a rectangle and a flood fill are one step each too */
  {
    g_autoptr(PwLevel) painted = pw_level_ref (pw_document_get_level (document, 0));

    g_signal_emit_by_name (canvas, "fill-rectangle", 1, 1, 3, 2, (int) '.');
    g_assert_false (pw_level_same_content (painted, pw_document_get_level (document, 0)));
    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
    g_assert_true (pw_level_same_content (painted, pw_document_get_level (document, 0)));
    g_signal_emit_by_name (canvas, "flood-fill", 0, 0, (int) 'o');
    g_assert_false (pw_level_same_content (painted, pw_document_get_level (document, 0)));
    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
    g_assert_true (pw_level_same_content (painted, pw_document_get_level (document, 0)));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
play_has_analysis (gpointer data)
{
  PwPlay *play = pw_window_get_play (data);

  return play != NULL && pw_play_get_status (play, NULL) != PW_PLAY_UNKNOWN;
}

/* Play a level with dead ends: the move that leads into one is marked
 * before it is made (the move status), the position is flagged after it
 * (panel text, and the board drawn tinted red), Backspace-like undo steps
 * back out of it. */
static void
test_window_play_dead_end (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  GtkWidget *canvas = GTK_WIDGET (pw_window_get_canvas (window));
  guint index = G_MAXUINT;
  PwPlay *play;
  int dead_move = -1;
  PwGeometry geometry;
  guint8 before[3], after[3];
  int px, py;

  /* the first sample level with a dead end one move from the start */
  for (guint i = 0; i < pw_document_get_n_levels (document) && dead_move < 0; i++)
    {
      g_autoptr(PwPlay) probe = pw_play_new (pw_document_get_level (document, i));
      g_autoptr(PwAnalysis) analysis = NULL;
      PwAnalyseOptions options;

      pw_analyse_options_init (&options);
      analysis = pw_level_analyse (pw_document_get_level (document, i), &options, NULL, NULL,
                                   NULL, NULL);
      pw_play_set_analysis (probe, analysis);
      for (guint m = 0; m < pw_play_get_n_moves (probe); m++)
        {
          gboolean changes;

          if (pw_play_get_move_status (probe, m, &changes, NULL) == PW_PLAY_DEAD_END && changes)
            {
              dead_move = m;
              index = i;
              break;
            }
        }
    }
  g_assert_cmpint (dead_move, >=, 0);

  pw_window_select_level (window, index);
  g_assert_cmpuint (pw_window_get_current (window), ==, index);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  play = pw_window_get_play (window);
  g_assert_nonnull (play);
  wait_for (play_has_analysis, window, "play mode to know the level's analysis");
  g_assert_cmpint (pw_play_get_status (play, NULL), ==, PW_PLAY_WINNABLE);
  g_assert_cmpint (pw_play_get_move_status (play, dead_move, NULL, NULL), ==, PW_PLAY_DEAD_END);
  g_assert_nonnull (strstr (pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (window)),
                            "reachable"));

  /* a floor cell's colour before and after: the dead end tints the board */
  pw_canvas_get_geometry (pw_window_get_canvas (window), &geometry);
  px = (int) (geometry.x + 0.5 * geometry.cell);
  py = (int) (geometry.y + 0.5 * geometry.cell);
  widget_pixel (canvas, px, py, before);

  g_signal_emit_by_name (canvas, "move", (guint) dead_move);
  g_assert_cmpint (pw_play_get_status (play, NULL), ==, PW_PLAY_DEAD_END);
  g_assert_nonnull (strstr (pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (window)),
                            "Dead end"));
  widget_pixel (canvas, px, py, after);
  g_test_message ("cell (0, 0) before %u,%u,%u after %u,%u,%u", before[0], before[1], before[2],
                  after[0], after[1], after[2]);
  g_assert_cmpint (after[0] - after[2], >, before[0] - before[2] + 20);  /* redder */

  /* undo in play mode takes the move back; the document is untouched */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpint (pw_play_get_status (play, NULL), ==, PW_PLAY_WINNABLE);
  g_assert_false (pw_document_get_modified (document));

  /* the hint walks a shortest solution to the win */
  while (!pw_play_is_won (play))
    {
      guint before_len = strlen (pw_play_get_history (play));

      g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
      g_assert_cmpuint (strlen (pw_play_get_history (play)), ==, before_len + 1);
    }
  g_assert_nonnull (strstr (pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (window)),
                            "Won"));

  /* the state graph: every state drawn where a click finds it; a click
   * shows that state in play mode, ringed as the play position */
  {
    PwGraphView *graph_view = pw_window_get_graph_view (window);
    GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (graph_view), GTK_TYPE_STACK));
    PwStateGraph *graph;
    guint32 n, target;

    gtk_stack_set_visible_child_name (stack, "graph");
    wait_for (canvas_allocated, window, "the window");
    while (gtk_widget_get_width (GTK_WIDGET (graph_view)) == 0)
      g_main_context_iteration (NULL, FALSE);
    graph = pw_analysis_get_graph (pw_scheduler_lookup (pw_window_get_scheduler (window),
                                                        pw_document_get_level (document, index)));
    n = pw_state_graph_get_n_states (graph);
    g_assert_cmpuint (n, <=, PW_GRAPH_VIEW_MAX_STATES);
    for (guint32 s = 0; s < n; s++)
      {
        double x, y;

        g_assert_true (pw_graph_view_get_position (graph_view, s, &x, &y));
        g_assert_cmpuint (pw_graph_view_state_at (graph_view, x, y), ==, s);
      }
    target = n - 1;
    g_signal_emit_by_name (graph_view, "state-activated", target);
    g_assert_cmpuint (pw_play_get_state (play), ==, target);
  }

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_null (pw_window_get_play (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWindow *
playtest_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_widget_has_css_class (GTK_WIDGET (toplevel), "pw-playtest-question"))
        return toplevel;
    }
  return NULL;
}

static gboolean
question_shown (gpointer data)
{
  return playtest_question () != NULL;
}

/* A widget of @type under @widget, the first in a depth-first walk. */
static GtkWidget *
find_child (GtkWidget  *widget,
            GType       type,
            const char *name)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (name == NULL || g_str_equal (gtk_widget_get_name (widget), name)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_child (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Play mode records playtests: won with hints, the clock running from
 * the first move, then rated; left with moves made, not rated (Skip):
 * both recorded on the level with the date, moves and hints, each as a
 * step of undo. */
static void
test_window_playtest (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  GtkWidget *canvas = GTK_WIDGET (pw_window_get_canvas (window));
  g_autofree char *today = pw_playtest_date_today ();
  GtkWindow *question;
  GPtrArray *playtests;
  const PwPlaytest *p;
  PwPlay *play;
  guint hints = 0, moves;

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  play = pw_window_get_play (window);
  wait_for (play_has_analysis, window, "play mode to know the level's analysis");
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
  hints++;
  g_usleep (300000);
  while (!pw_play_is_won (play))
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
      hints++;
    }
  moves = strlen (pw_play_get_history (play));
  wait_for (question_shown, NULL, "the playtest question");
  question = playtest_question ();
  gtk_editable_set_text (GTK_EDITABLE (find_child (GTK_WIDGET (question), GTK_TYPE_ENTRY, NULL)),
                         "Tess");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_child (GTK_WIDGET (question),
                                                          GTK_TYPE_SPIN_BUTTON, NULL)), 6);
  g_signal_emit_by_name (find_child (gtk_window_get_titlebar (question), GTK_TYPE_BUTTON, "save"),
                         "clicked");
  g_assert_null (playtest_question ());

  playtests = pw_level_get_playtests (pw_document_get_level (document, 0));
  g_assert_cmpuint (playtests->len, ==, 1);
  p = g_ptr_array_index (playtests, 0);
  g_assert_cmpstr (p->tester, ==, "Tess");
  g_assert_cmpstr (p->date, ==, today);
  g_assert_cmpint (p->rating, ==, 6);
  g_assert_true (p->completed);
  g_assert_cmpint (p->moves, ==, (int) moves);
  g_assert_cmpint (p->hints_used, ==, (int) hints);
  g_assert_cmpfloat (p->seconds, >=, 0.3);
  g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Record Playtest");

  /* a new attempt: one move, then out of play mode */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-restart", NULL);
  play = pw_window_get_play (window);
  g_signal_emit_by_name (canvas, "move", (guint) pw_play_hint (play));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  wait_for (question_shown, NULL, "the playtest question after leaving");
  question = playtest_question ();
  g_signal_emit_by_name (find_child (gtk_window_get_titlebar (question), GTK_TYPE_BUTTON, "skip"),
                         "clicked");
  playtests = pw_level_get_playtests (pw_document_get_level (document, 0));
  g_assert_cmpuint (playtests->len, ==, 2);
  p = g_ptr_array_index (playtests, 1);
  g_assert_cmpstr (p->tester, ==, "Tess");
  g_assert_false (p->completed);
  g_assert_cmpint (p->rating, ==, PW_RATING_NONE);
  g_assert_cmpint (p->moves, ==, 1);
  g_assert_cmpint (p->hints_used, ==, 0);

  /* into play and out with no move: nothing asked, nothing recorded */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_null (playtest_question ());
  g_assert_cmpuint (pw_level_get_playtests (pw_document_get_level (document, 0))->len, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
clock_running (gpointer data)
{
  return g_strcmp0 (pw_window_get_clock_text (data), "00:00") != 0;
}

/* The play bar's clock: still until the first move, then running, and
 * stopped on the win at the seconds the playtest records. */
static void
test_window_play_clock (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  GtkWidget *canvas = GTK_WIDGET (pw_window_get_canvas (window));
  GPtrArray *playtests;
  const PwPlaytest *p;
  g_autofree char *stopped = NULL;
  g_autofree char *recorded = NULL;
  guint seconds;
  PwPlay *play;

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  play = pw_window_get_play (window);
  wait_for (play_has_analysis, window, "play mode to know the level's analysis");
  /* no move yet: no time */
  test_spin (1200);
  g_assert_cmpstr (pw_window_get_clock_text (window), ==, "00:00");

  g_signal_emit_by_name (canvas, "move", (guint) pw_play_hint (play));
  wait_for (clock_running, window, "the clock to run after the first move");
  g_assert_cmpstr (pw_window_get_clock_text (window), !=, "00:00");
  /* a second more */
  test_spin (1100);
  while (!pw_play_is_won (play))
    g_signal_emit_by_name (canvas, "move", (guint) pw_play_hint (play));
  wait_for (question_shown, NULL, "the playtest question");
  stopped = g_strdup (pw_window_get_clock_text (window));
  g_assert_cmpstr (stopped, !=, "00:00");
  g_assert_cmpstr (stopped, !=, "00:01");
  /* stopped: it reads the same later */
  test_spin (1200);
  g_assert_cmpstr (pw_window_get_clock_text (window), ==, stopped);

  g_signal_emit_by_name (find_child (gtk_window_get_titlebar (playtest_question ()),
                                     GTK_TYPE_BUTTON, "skip"),
                         "clicked");
  playtests = pw_level_get_playtests (pw_document_get_level (document, 0));
  g_assert_cmpuint (playtests->len, ==, 1);
  p = g_ptr_array_index (playtests, 0);
  g_assert_true (p->completed);
  seconds = (guint) p->seconds;
  recorded = g_strdup_printf ("%02u:%02u", seconds / 60, seconds % 60);
  g_assert_cmpstr (stopped, ==, recorded);

  /* a new attempt starts from nothing */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-restart", NULL);
  g_assert_cmpstr (pw_window_get_clock_text (window), ==, "00:00");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWindow *
toplevel_with_class (const char *css_class)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_widget_has_css_class (GTK_WIDGET (toplevel), css_class))
        return toplevel;
    }
  return NULL;
}

/* Find Duplicates lists the groups and shows a level clicked; Import
 * Playtest Sheets merges sheets into the set as one step of undo and
 * says what each file did. */
static void
test_window_set_tools (void)
{
  static const char *grids[][6] = {
    { "#####", "#r..R", "#.$.#", "#####", NULL },
    { "#####", "#r..R", "#..$#", "#####", NULL },
    { "####", "#.r#", "#$.#", "#..#", "##R#", NULL },
  };
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *sheet_path = g_build_filename (dir, "sheet.csv", NULL);
  g_autoptr(GFile) sheet = g_file_new_for_path (sheet_path);
  PwWindow *window = pw_window_new (NULL);
  GtkWindow *dialog;
  GtkWidget *list, *row, *flow, *child;
  GtkWidget *buttons[4];
  guint n_buttons = 0;

  for (guint i = 0; i < G_N_ELEMENTS (grids); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strjoinv ("\n", (char **) grids[i]);
      g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", text, &error);
      g_autofree char *id = g_strdup_printf ("l%u", i);

      g_assert_no_error (error);
      pw_level_set_id (level, id);
      pw_level_set_name (level, id);
      pw_level_set_append (set, level);
    }
  document = pw_document_new (set, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");

  g_action_group_activate_action (G_ACTION_GROUP (window), "find-duplicates", NULL);
  dialog = toplevel_with_class ("pw-duplicates");
  g_assert_nonnull (dialog);
  list = find_child (GTK_WIDGET (dialog), GTK_TYPE_LIST_BOX, NULL);
  row = gtk_widget_get_first_child (list);
  g_assert_nonnull (row);
  g_assert_null (gtk_widget_get_next_sibling (row));   /* one group */
  flow = find_child (row, GTK_TYPE_FLOW_BOX, NULL);
  for (child = gtk_widget_get_first_child (flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = find_child (child, GTK_TYPE_BUTTON, NULL);

      if (button != NULL)
        buttons[n_buttons++] = button;
    }
  g_assert_cmpuint (n_buttons, ==, 2);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[0])), ==, "l0");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[1])), ==, "l2");
  g_signal_emit_by_name (buttons[1], "clicked");
  g_assert_cmpuint (pw_window_get_current (window), ==, 2);
  gtk_window_destroy (dialog);

  g_assert_true (g_file_set_contents (sheet_path, "level,tester,rating\nl1,Ann,5\nl9,Ann,5\n",
                                      -1, NULL));
  pw_window_import_playtests (window, &sheet, 1);
  dialog = toplevel_with_class ("pw-import-report");
  g_assert_nonnull (dialog);
  gtk_window_destroy (dialog);
  g_assert_cmpuint (pw_level_get_playtests (pw_document_get_level (document, 1))->len, ==, 1);
  g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Import Playtests");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (pw_level_get_playtests (pw_document_get_level (document, 1))->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

/* The level list's operations, each undoable: add, duplicate, move,
 * rename through the document, delete; and the file saved from the
 * window loads back equal. */
static void
test_window_level_list (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  guint n = pw_document_get_n_levels (document);
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "saved.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelSet) reloaded = NULL;
  g_autofree char *first_id = g_strdup (pw_level_get_id (pw_document_get_level (document, 0)));

  g_action_group_activate_action (G_ACTION_GROUP (window), "level-duplicate", NULL);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n + 1);
  g_assert_cmpuint (pw_window_get_current (window), ==, 1);
  g_assert_true (pw_level_same_content (pw_document_get_level (document, 0),
                                        pw_document_get_level (document, 1)));
  g_assert_cmpstr (pw_level_get_id (pw_document_get_level (document, 1)), !=, first_id);

  g_action_group_activate_action (G_ACTION_GROUP (window), "level-move-down", NULL);
  g_assert_cmpuint (pw_window_get_current (window), ==, 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "level-delete", NULL);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n);
  g_action_group_activate_action (G_ACTION_GROUP (window), "level-add", g_variant_new_string ("slide"));
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n + 1);
  g_assert_cmpuint (g_list_model_get_n_items (pw_window_get_level_model (window)), ==, n + 1);

  /* four steps back: the set as it was */
  for (int i = 0; i < 4; i++)
    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n);
  g_assert_false (pw_document_get_modified (document));
  g_assert_cmpstr (pw_level_get_id (pw_document_get_level (document, 0)), ==, first_id);

  /* mirror: a grid edit through the menu's action */
  g_action_group_activate_action (G_ACTION_GROUP (window), "transform",
                                  g_variant_new_string ("mirror-left-right"));
  g_assert_true (pw_document_get_modified (document));
  g_assert_true (pw_document_save (document, file, NULL, &error));
  g_assert_no_error (error);
  reloaded = pw_level_set_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pw_level_set_get_n_levels (reloaded), ==, n);
  g_assert_true (pw_level_same_content (pw_level_set_get_level (reloaded, 0),
                                        pw_document_get_level (document, 0)));

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static gboolean
export_done (gpointer data)
{
  return !pw_window_get_exporting (data);
}

/* Export CSV from the window writes exactly what `puzzlewright
 * export-csv` writes for the same file. */
static void
test_window_export_csv (void)
{
  PwWindow *window = open_window ();
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *gui_path = g_build_filename (dir, "gui.csv", NULL);
  g_autofree char *cli_path = g_build_filename (dir, "cli.csv", NULL);
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autoptr(GFile) gui_file = g_file_new_for_path (gui_path);
  g_autofree char *gui = NULL;
  g_autofree char *cli = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { g_getenv ("PW_CLI"), "export-csv", "--quiet", sample, "-o", cli_path, NULL };
  int status;

  pw_window_export_csv (window, gui_file);
  g_assert_true (pw_window_get_exporting (window));
  wait_for (export_done, window, "the export");
  g_assert_true (g_file_get_contents (gui_path, &gui, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (cli_path, &cli, NULL, &error));
  /* the seconds column differs from run to run: compare every other cell */
  {
    g_autoptr(GPtrArray) a = test_parse_csv (gui);
    g_autoptr(GPtrArray) b = test_parse_csv (cli);
    GPtrArray *header = g_ptr_array_index (a, 0);

    g_assert_cmpuint (a->len, ==, b->len);
    g_assert_cmpuint (a->len, ==, 15);
    for (guint r = 1; r < a->len; r++)
      for (guint c = 0; c < header->len; c++)
        {
          const char *column = g_ptr_array_index (header, c);

          if (g_str_equal (column, "seconds"))
            continue;
          g_assert_cmpstr (test_csv_cell (a, r, column), ==, test_csv_cell (b, r, column));
        }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static gboolean
play_text_has (gpointer data)
{
  gpointer *pair = data;
  const char *text = pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (pair[0]));

  return text != NULL && strstr (text, pair[1]) != NULL;
}

/* Placement play on a combination level: a piece where no solution has it
 * is a dead end at once; taking it back, the hints and "show solution"
 * complete the puzzle. */
static void
test_window_placement (void)
{
  static const char *text = "....\n.#..\n....\n2 red orthogonal\n2 blue orthogonal\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination", text, &error);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  PwWindow *window = pw_window_new (NULL);
  PwCanvas *canvas = pw_window_get_canvas (window);
  gpointer dead[2] = { window, "Dead end" };
  gpointer alive[2] = { window, "can still be reached" };
  gpointer solved[2] = { window, "Solved" };

  g_assert_no_error (error);
  pw_level_set_name (level, "Rooks");
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");

  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  wait_for (play_text_has, alive, "the empty placement checked");
  /* red at (0, 0) and blue at (1, 0): a rook's ray hits the other colour */
  g_signal_emit_by_name (canvas, "place", 0, 0);
  g_signal_emit_by_name (canvas, "place", 2, 3);  /* the inventory: blue */
  g_signal_emit_by_name (canvas, "place", 1, 0);
  wait_for (play_text_has, dead, "the dead end");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  wait_for (play_text_has, alive, "the placement after undo");
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
  wait_for (play_text_has, alive, "the placement after a hint");
  g_action_group_activate_action (G_ACTION_GROUP (window), "solution-play", NULL);
  wait_for (play_text_has, solved, "the solution shown");
  /* the document never changed */
  g_assert_false (pw_document_get_modified (document));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_null (pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The focus level's row in the level list: the text of the kind's
 * column @key, and its state. */
static char *
focus_row_cell (PwWindow    *window,
                const char  *key,
                PwCellState *state)
{
  PwLevelList *list = pw_window_get_level_list (window);
  const PwKind *kind = pw_level_list_get_columns_kind (list);
  GListModel *model = pw_level_list_get_model (list);
  g_autoptr(PwLevelItem) item = g_list_model_get_item (model, 0);

  g_assert_cmpuint (pw_level_item_get_position (item), ==, pw_window_get_current (window) + 1);
  for (guint c = 0; c < kind->n_list_columns; c++)
    if (g_str_equal (kind->list_columns[c].key, key))
      return pw_level_item_get_cell (item, kind, &kind->list_columns[c], state, NULL);
  g_assert_not_reached ();
}

/* In the window's own "first-look" handler's wake: what the panel and
 * the level's row in the list show then. */
static void
seen_first_look (PwScheduler *scheduler,
                 PwLevel     *level,
                 PwAnalysis  *analysis,
                 PwWindow    *window)
{
  PwAnalysisPanel *panel = pw_window_get_analysis_panel (window);
  guint *seen = g_object_get_data (G_OBJECT (window), "first-looks");
  PwCellState state;
  g_autofree char *solutions = focus_row_cell (window, "solutions", &state);
  g_autofree char *difficulty = NULL;

  g_assert_cmpstr (solutions, ==, "1");
  g_assert_cmpint (state, ==, PW_CELL_VALUE);
  difficulty = focus_row_cell (window, "difficulty", &state);
  g_assert_cmpstr (difficulty, ==, "…");
  g_assert_cmpint (state, ==, PW_CELL_PENDING);

  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "solutions"), ==, "1");
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "dead_cells"), ==, "7");
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "difficulty"), ==, "…");
  g_assert_true (g_str_has_prefix (pw_analysis_panel_get_status_text (panel), "Analysing"));
  (*seen)++;
}

/* A combination level: its counts and dead cells are in the panel while
 * its difficulty (50 solves, seconds) is still being worked out; then
 * the whole analysis replaces them. */
static void
test_window_first_look (void)
{
  g_autoptr(PwDocument) document = load_bundled ("combination.json");
  PwWindow *window = pw_window_new (NULL);
  PwAnalysisPanel *panel = pw_window_get_analysis_panel (window);
  guint seen = 0;

  g_object_set_data (G_OBJECT (window), "first-looks", &seen);
  g_signal_connect (pw_window_get_scheduler (window), "first-look",
                    G_CALLBACK (seen_first_look), window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (panel_says_analysed, window, "the level's whole analysis");
  g_assert_cmpuint (seen, ==, 1);
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "solutions"), ==, "1");
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "difficulty"), !=, "…");
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "difficulty"), !=, "—");
  {
    PwCellState state;
    g_autofree char *difficulty = focus_row_cell (window, "difficulty", &state);

    g_assert_cmpint (state, ==, PW_CELL_VALUE);
    g_assert_cmpstr (difficulty, !=, "…");
  }
  g_signal_handlers_disconnect_by_data (pw_window_get_scheduler (window), window);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_levels (gpointer data)
{
  gpointer *pair = data;

  return pw_document_get_n_levels (pw_window_get_document (pair[0])) >= GPOINTER_TO_UINT (pair[1]);
}

/* The generator's dialog on screen, or NULL. */
static GtkWindow *
generate_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *dialog = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (PW_IS_GENERATE_DIALOG (w))
        dialog = w;
    }
  return dialog;
}

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* Whether the generate dialog @data's status names why it stopped. */
static gboolean
generation_stopped (gpointer data)
{
  const char *status = pw_generate_dialog_get_status (PW_GENERATE_DIALOG (data));

  return strstr (status, "different level") != NULL;
}

/* The generator's dialog: parameters in, levels added to the set in the
 * background, each one step of undo, the dialog closing when done. */
static void
test_window_generate (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("combination", "...\n...\n1 red both\n", &error);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  PwWindow *window = pw_window_new (NULL);
  GtkWindow *dialog = NULL;
  gpointer want[2] = { window, GUINT_TO_POINTER (3) };

  g_assert_no_error (error);
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");

  g_action_group_activate_action (G_ACTION_GROUP (window), "generate", NULL);
  dialog = generate_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "size", "4x4"));
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "colours", "2"));
  pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 2);
  pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
  wait_for (has_levels, want, "two generated levels");
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, 3);
  g_assert_cmpstr (pw_level_get_kind_id (pw_document_get_level (document, 2)), ==, "combination");
  g_assert_cmpstr (pw_document_get_undo_label (document), ==, "Generate Level");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));

  /* every level a different puzzle: 3×3 Latin puzzles are two, up to
   * symmetry; asked for ten, the dialog adds those and says why it
   * stopped */
  {
    g_autoptr(PwLevel) latin = pw_level_new_from_text ("latin", "1 0 0\n0 0 0\n0 0 0\n", &error);
    g_autoptr(PwLevelSet) latin_set = pw_level_set_new ();
    g_autoptr(PwDocument) latin_document = NULL;
    PwWindow *latin_window = pw_window_new (NULL);
    gpointer three[2] = { latin_window, GUINT_TO_POINTER (3) };

    g_assert_no_error (error);
    pw_level_set_append (latin_set, latin);
    latin_document = pw_document_new (latin_set, NULL);
    pw_window_set_document (latin_window, latin_document);
    gtk_window_present (GTK_WINDOW (latin_window));
    wait_for (widget_mapped, latin_window, "the window on screen");
    g_action_group_activate_action (G_ACTION_GROUP (latin_window), "generate", NULL);
    dialog = generate_dialog ();
    g_assert_nonnull (dialog);
    g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "size", "3"));
    pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 10);
    pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
    wait_for (has_levels, three, "two generated levels");
    wait_for (generation_stopped, dialog, "the generator to stop");
    g_assert_cmpuint (pw_document_get_n_levels (latin_document), ==, 3);
    /* the Latin generator grades by techniques: no difficulty, no "nan" */
    g_assert_cmpstr (pw_level_get_notes (pw_document_get_level (latin_document, 1)), ==,
                     "Generated with seed 1");
    g_assert_nonnull (strstr (pw_generate_dialog_get_status (PW_GENERATE_DIALOG (dialog)),
                              "only 2 different levels"));
    gtk_window_destroy (dialog);
    gtk_window_destroy (GTK_WINDOW (latin_window));
  }
}

/* Whether the object @data[0] has no more references than @data[1]. */
static gboolean
refs_back_to (gpointer data)
{
  gpointer *until = data;

  return G_OBJECT (until[0])->ref_count <= GPOINTER_TO_UINT (until[1]);
}

/* The slide generator in the editor: the dialog of the kind on screen
 * with its own parameters; closing it stops the search and keeps the
 * levels found. */
static void
test_window_generate_slide (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", "#R###\n#r..#\n#...#\n#####\n",
                                                     &error);
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  PwWindow *window = pw_window_new (NULL);
  GtkWindow *dialog = NULL;
  gpointer want[2] = { window, GUINT_TO_POINTER (3) };
  gpointer until[2] = { NULL, NULL };
  guint n;

  g_assert_no_error (error);
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");

  /* the references to the document before the dialog's generation */
  until[0] = document;
  until[1] = GUINT_TO_POINTER (G_OBJECT (document)->ref_count);
  g_action_group_activate_action (G_ACTION_GROUP (window), "generate", NULL);
  dialog = generate_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, "Generate Slide Levels");
  /* the slide generator's parameters, not another kind's */
  g_assert_false (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "walls", "0.1"));
  /* levels of 20,000 states: 100 of them (the most the dialog asks) take
   * tens of seconds, the first few well under one. Small easy levels came
   * so fast that all 100 could be found before the third was shown: the
   * search then ended by itself and the dialog closed itself (a crash
   * when the test closed it again) */
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "size", "7x7"));
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "states", "20000"));
  pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 100);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
  wait_for (has_levels, want, "two generated levels");
  /* closing the dialog cancels the search; what was found before stays.
   * Levels found before the search saw the cancellation are still on
   * their way (39 of them under AddressSanitizer at a load of 15): the
   * generation holds the document until its search has returned and its
   * last event has been handled, so no level comes after that */
  g_assert_nonnull (dialog);
  g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_destroy (dialog);
  wait_for (refs_back_to, until, "the search to end and its levels to arrive");
  n = pw_document_get_n_levels (document);
  g_assert_cmpuint (n, >=, 3);
  g_test_message ("%u levels when the search had ended", n);
  /* the search stopped before the 100 levels asked */
  g_assert_cmpuint (n, <, 1 + 100);
  g_assert_cmpstr (pw_level_get_kind_id (pw_document_get_level (document, 1)), ==, "slide");
  test_spin (500);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n);

  /* a target out of reach: the best level is added and the dialog says
   * why it stopped, after the last level's events too */
  g_action_group_activate_action (G_ACTION_GROUP (window), "generate", NULL);
  dialog = generate_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "size", "5x5"));
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "par", "60"));
  g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "steps", "40"));
  pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 3);
  pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
  want[1] = GUINT_TO_POINTER (n + 1);
  wait_for (has_levels, want, "the best level");
  test_spin (500);
  g_assert_cmpuint (pw_document_get_n_levels (document), ==, n + 1);
  g_assert_nonnull (strstr (pw_generate_dialog_get_status (PW_GENERATE_DIALOG (dialog)),
                            "did not reach the target in 40 steps"));
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The dialog on screen, or NULL. */
static GtkDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_DIALOG (w);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog () != NULL;
}

/* Opening another set with unsaved changes asks first: Cancel keeps the
 * set and its changes, Discard opens the other one. */
static void
test_window_confirm_discard (void)
{
  PwWindow *window = open_window ();
  PwDocument *document = pw_window_get_document (window);
  g_autofree char *path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "tests", "data", "good",
                                            "playtests.json", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (path);
  GtkDialog *dialog;

  g_assert_true (g_file_query_exists (other, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (window), "level-duplicate", NULL);
  g_assert_true (pw_document_get_modified (document));

  pw_window_open_file (window, other);
  wait_for (dialog_shown, NULL, "the question about unsaved changes");
  dialog = find_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  g_assert_true (pw_window_get_document (window) == document);
  g_assert_true (pw_document_get_modified (document));

  pw_window_open_file (window, other);
  wait_for (dialog_shown, NULL, "the question, again");
  gtk_dialog_response (find_dialog (), GTK_RESPONSE_REJECT);
  g_assert_true (pw_window_get_document (window) != document);
  g_assert_true (g_file_equal (pw_document_get_file (pw_window_get_document (window)), other));
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
  return gtk_application_get_active_window (data) != NULL;
}

/* A set of slide levels from grids, titled, ids @prefix0, @prefix1… */
static PwDocument *
slide_document (const char  *title,
                const char  *prefix,
                const char **grids,
                guint        n_grids)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();

  pw_level_set_set_title (set, title);
  for (guint i = 0; i < n_grids; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", grids[i], &error);
      g_autofree char *id = g_strdup_printf ("%s%u", prefix, i);

      g_assert_no_error (error);
      pw_level_set_id (level, id);
      pw_level_set_name (level, id);
      pw_level_set_append (set, level);
    }
  return pw_document_new (set, NULL);
}

/* The buttons of the levels in a row of the duplicates list. */
static guint
group_buttons (GtkWidget  *row,
               GtkWidget **buttons,
               guint       max)
{
  GtkWidget *flow = find_child (row, GTK_TYPE_FLOW_BOX, NULL);
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL && n < max;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = find_child (child, GTK_TYPE_BUTTON, NULL);

      if (button != NULL)
        buttons[n++] = button;
    }
  return n;
}

/* Find Duplicates with two sets open in two windows of the application:
 * it searches both, names each level's set, and a level clicked is shown
 * in its own set's window. */
static void
test_window_duplicates_across_sets (void)
{
  const char *first[] = {
    "#####\n#r..R\n#.$.#\n#####",
    "#####\n#r..R\n#..$#\n#####",
  };
  const char *second[] = {
    /* the first set's first level turned */
    "####\n#.r#\n#$.#\n#..#\n##R#",
    /* the first set's second level mirrored */
    "#####\nR..r#\n#$..#\n#####",
    /* the first set's second level in blue */
    "#####\n#b..B\n#..$#\n#####",
  };
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  g_autoptr(PwApplication) app = pw_application_new (sample);
  g_autoptr(PwDocument) document_a = slide_document ("Set A", "a", first, G_N_ELEMENTS (first));
  g_autoptr(PwDocument) document_b = slide_document ("Set B", "b", second, G_N_ELEMENTS (second));
  g_autoptr(GError) error = NULL;
  PwWindow *window_a, *window_b;
  GtkWindow *dialog;
  GtkWidget *list, *row, *buttons[4];

  g_test_log_set_fatal_handler (no_session_bus_is_fine, NULL);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  window_a = pw_window_new (GTK_APPLICATION (app));
  window_b = pw_window_new (GTK_APPLICATION (app));
  pw_window_set_document (window_a, document_a);
  pw_window_set_document (window_b, document_b);
  gtk_window_present (GTK_WINDOW (window_b));
  gtk_window_present (GTK_WINDOW (window_a));
  test_spin (300);

  g_action_group_activate_action (G_ACTION_GROUP (window_a), "find-duplicates", NULL);
  dialog = toplevel_with_class ("pw-duplicates");
  g_assert_nonnull (dialog);
  list = find_child (GTK_WIDGET (dialog), GTK_TYPE_LIST_BOX, NULL);

  /* group 1: a0 and b0; group 2: a1, b1 and b2; the window asked first */
  row = gtk_widget_get_first_child (list);
  g_assert_nonnull (row);
  g_assert_cmpuint (group_buttons (row, buttons, 4), ==, 2);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[0])), ==, "Set A: a0");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[1])), ==, "Set B: b0");
  row = gtk_widget_get_next_sibling (row);
  g_assert_nonnull (row);
  g_assert_null (gtk_widget_get_next_sibling (row));
  g_assert_cmpuint (group_buttons (row, buttons, 4), ==, 3);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[0])), ==, "Set A: a1");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[1])), ==, "Set B: b1");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[2])), ==, "Set B: b2");

  /* a level of the other set: shown there */
  g_assert_cmpuint (pw_window_get_current (window_b), !=, 2);
  g_signal_emit_by_name (buttons[2], "clicked");
  g_assert_cmpuint (pw_window_get_current (window_b), ==, 2);
  g_assert_cmpuint (pw_window_get_current (window_a), ==, 0);
  g_signal_emit_by_name (buttons[0], "clicked");
  g_assert_cmpuint (pw_window_get_current (window_a), ==, 1);
  gtk_window_destroy (dialog);

  /* from the second window, its own set comes first */
  g_action_group_activate_action (G_ACTION_GROUP (window_b), "find-duplicates", NULL);
  dialog = toplevel_with_class ("pw-duplicates");
  g_assert_nonnull (dialog);
  row = gtk_widget_get_first_child (find_child (GTK_WIDGET (dialog), GTK_TYPE_LIST_BOX, NULL));
  g_assert_cmpuint (group_buttons (row, buttons, 4), ==, 2);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[0])), ==, "Set B: b0");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (buttons[1])), ==, "Set A: a0");
  gtk_window_destroy (dialog);

  gtk_window_destroy (GTK_WINDOW (window_a));
  gtk_window_destroy (GTK_WINDOW (window_b));
  test_spin (100);
}

/* A recovery copy left by a run that did not end normally is offered at
 * the next start, and restoring it shows the unsaved work. */
static void
test_window_restore_after_crash (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_state_dir (), "puzzlewright", "recovery",
                                           NULL);
  g_autoptr(PwRecovery) recovery = pw_recovery_new (dir);
  g_autoptr(PwDocument) crashed = load_sample ();
  g_autoptr(GError) error = NULL;
  g_autoptr(PwApplication) app = NULL;
  g_autofree char *sample = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                              "sample.json", NULL);
  PwWindow *window;

  pw_recovery_watch (recovery, crashed, 60000);
  pw_document_set_info (crashed, PW_SET_TITLE, "Unsaved work", NULL);
  g_assert_true (pw_recovery_save_now (recovery, crashed, &error));
  g_assert_no_error (error);
  /* the "crash": the copy stays behind */
  g_clear_object (&recovery);

  g_test_log_set_fatal_handler (no_session_bus_is_fine, NULL);
  app = pw_application_new (sample);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_activate (G_APPLICATION (app));
  wait_for (app_has_window, app, "the application's window");
  window = PW_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  wait_for (dialog_shown, NULL, "the offer to restore");
  gtk_dialog_response (find_dialog (), GTK_RESPONSE_ACCEPT);
  g_assert_cmpstr (pw_level_set_get_title (pw_document_get_set (pw_window_get_document (window))),
                   ==, "Unsaved work");
  g_assert_true (pw_document_get_modified (pw_window_get_document (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With PW_TEST_SHOTS=DIR, writes how @widget looks now to DIR/NAME.png
 * (to look at a dialog by eye; the test itself checks by text). */
static void
maybe_shoot (GtkWidget  *widget,
             const char *name)
{
  const char *dir = g_getenv ("PW_TEST_SHOTS");
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  if (dir == NULL)
    return;
  wait_for ((Condition) gtk_widget_get_mapped, widget, "the widget on screen");
  test_spin (300);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  base = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, base, NULL);
  gdk_texture_save_to_png (texture, path);
}

static char *
set_bytes (PwDocument *document)
{
  return pw_level_set_to_data (pw_document_get_set (document), NULL);
}

static char *
file_bytes (const char *path)
{
  char *bytes = NULL;

  g_assert_true (g_file_get_contents (path, &bytes, NULL, NULL));
  return bytes;
}

/* The set's file is replaced by another program while it is open: Save
 * asks instead of overwriting. Cancel writes nothing; Keep Mine saves
 * over it; Reload shows the other program's version. Unchanged, Save
 * asks nothing. */
static void
test_window_file_changed (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *theirs_path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                   "magic.json", NULL);
  g_autofree char *theirs = file_bytes (theirs_path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwDocument) sample = load_sample ();
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  PwWindow *window = pw_window_new (NULL);
  GtkDialog *dialog;
  char *text = NULL;

  g_assert_true (pw_document_save (sample, file, NULL, &error));
  document = pw_document_load (file, NULL, &error);
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");

  for (guint round = 0; round < 3; round++)
    {
      g_autofree char *mine = NULL;
      g_autofree char *now = NULL;
      g_autofree char *primary = NULL;

      pw_document_set_info (document, PW_SET_TITLE, "Mine", NULL);
      mine = set_bytes (document);
      g_file_set_contents (path, theirs, -1, &error);
      g_assert_no_error (error);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
      wait_for (dialog_shown, NULL, "the question about the changed file");
      dialog = find_dialog ();
      if (round == 0)
        maybe_shoot (GTK_WIDGET (dialog), "file-changed");
      g_object_get (dialog, "text", &primary, NULL);
      g_assert_nonnull (strstr (primary, path));
      g_assert_nonnull (strstr (primary, "changed by another program"));
      now = file_bytes (path);
      g_assert_cmpstr (now, ==, theirs);
      g_clear_pointer (&now, g_free);

      if (round == 0)
        {
          /* Cancel: nothing written, the changes kept */
          gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
          now = file_bytes (path);
          g_assert_cmpstr (now, ==, theirs);
          g_assert_true (pw_document_get_modified (document));
        }
      else if (round == 1)
        {
          /* Keep Mine: saved over theirs */
          gtk_dialog_response (dialog, 1);
          now = file_bytes (path);
          g_assert_cmpstr (now, ==, mine);
          g_assert_false (pw_document_get_modified (document));
          /* unchanged since: Save asks nothing */
          pw_document_set_info (document, PW_SET_TITLE, "Mine again", NULL);
          gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
          g_assert_null (find_dialog ());
          g_clear_pointer (&mine, g_free);
          g_clear_pointer (&now, g_free);
          mine = set_bytes (document);
          now = file_bytes (path);
          g_assert_cmpstr (now, ==, mine);
        }
      else
        {
          /* Reload: their version on screen, nothing unsaved */
          gtk_dialog_response (dialog, 2);
          g_assert_true (pw_window_get_document (window) != document);
          g_clear_pointer (&text, g_free);
          text = set_bytes (pw_window_get_document (window));
          now = file_bytes (path);
          g_assert_cmpstr (now, ==, theirs);
          g_assert_false (pw_document_get_modified (pw_window_get_document (window)));
          PwDocument *shown = pw_window_get_document (window);

          g_assert_cmpstr (pw_level_set_get_title (pw_document_get_set (shown)), !=, "Mine");
        }
    }
  g_free (text);
  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static gboolean
banner_shown (gpointer data)
{
  return pw_window_get_file_banner (data) != NULL;
}

/* Spins the main loop for @ms milliseconds. */
static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The file monitor: another program writing the open file shows the
 * banner at once, without a Save; the window's own saves do not. Keep
 * Mine hides it and keeps the edits; Reload with edits asks first
 * (Cancel keeps them, Reload shows the file's version); without edits it
 * reloads at once; a deleted file says so. */
static void
test_window_file_monitor (void)
{
  g_autofree char *dir = test_make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "set.json", NULL);
  g_autofree char *theirs_path = g_build_filename (g_getenv ("PW_SOURCE_ROOT"), "data", "levels",
                                                   "magic.json", NULL);
  g_autofree char *theirs = file_bytes (theirs_path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PwDocument) sample = load_sample ();
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(PwDocument) magic = load_bundled ("magic.json");
  PwWindow *window = pw_window_new (NULL);
  PwDocument *now;
  GtkDialog *dialog;

  expected = set_bytes (magic);
  g_assert_true (pw_document_save (sample, file, NULL, &error));
  document = pw_document_load (file, NULL, &error);
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (canvas_allocated, window, "the window on screen");
  spin (300);
  g_assert_null (pw_window_get_file_banner (window));

  /* our own save: no banner */
  pw_document_set_info (document, PW_SET_TITLE, "Mine", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_null (find_dialog ());
  spin (500);
  g_assert_null (pw_window_get_file_banner (window));

  /* theirs: the banner, no Save needed; Keep Mine hides it */
  g_file_set_contents (path, theirs, -1, &error);
  g_assert_no_error (error);
  wait_for (banner_shown, window, "the changed-file banner");
  maybe_shoot (GTK_WIDGET (window), "file-banner");
  g_assert_nonnull (strstr (pw_window_get_file_banner (window), "set.json"));
  g_assert_nonnull (strstr (pw_window_get_file_banner (window), "changed by another program"));
  pw_document_set_info (document, PW_SET_TITLE, "Mine again", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.file-keep", NULL);
  g_assert_null (pw_window_get_file_banner (window));
  g_assert_true (pw_window_get_document (window) == document);
  g_assert_cmpstr (pw_level_set_get_title (pw_document_get_set (document)), ==, "Mine again");

  /* theirs again, with my edits: Reload asks; Cancel keeps them */
  g_file_set_contents (path, theirs, -1, &error);
  g_assert_no_error (error);
  wait_for (banner_shown, window, "the banner again");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.file-reload", NULL);
  wait_for (dialog_shown, NULL, "the question before reloading");
  dialog = find_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  g_assert_true (pw_window_get_document (window) == document);
  g_assert_true (pw_document_get_modified (document));
  g_assert_nonnull (pw_window_get_file_banner (window));
  /* … and Reload shows theirs */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.file-reload", NULL);
  wait_for (dialog_shown, NULL, "the question before reloading");
  dialog = find_dialog ();
  gtk_dialog_response (dialog, GTK_RESPONSE_ACCEPT);
  now = pw_window_get_document (window);
  g_assert_true (now != document);
  g_assert_false (pw_document_get_modified (now));
  shown = set_bytes (now);
  g_assert_cmpstr (shown, ==, expected);
  g_assert_cmpstr (pw_level_set_get_title (pw_document_get_set (now)), !=, "Mine again");
  g_assert_null (pw_window_get_file_banner (window));

  /* no edits: Reload reloads at once */
  g_file_set_contents (path, theirs, -1, &error);
  g_assert_no_error (error);
  wait_for (banner_shown, window, "the banner for the reloaded set");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.file-reload", NULL);
  g_assert_null (find_dialog ());
  g_assert_true (pw_window_get_document (window) != now);
  g_assert_null (pw_window_get_file_banner (window));

  /* deleted: said so */
  g_assert_cmpint (g_remove (path), ==, 0);
  wait_for (banner_shown, window, "the banner for a deleted file");
  g_assert_nonnull (strstr (pw_window_get_file_banner (window), "deleted or moved"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_dir (dir);
}

static gboolean
panel_says_partial (gpointer data)
{
  return g_str_has_prefix (pw_analysis_panel_get_status_text (pw_window_get_analysis_panel (data)),
                           "Partial");
}

/* The analysis-memory-mib setting reaches the live analysis: changed to
 * 1 MiB after the window started, a level with an enormous state space
 * stops at that budget and the panel says so. */
static void
test_window_memory_budget (void)
{
  g_autofree char *schemas = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);
  g_autoptr(GSettingsSchemaSource) source =
    g_settings_schema_source_new_from_directory (schemas, NULL, FALSE, NULL);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwLevel) level = pw_level_new_from_text ("slide", test_huge_level, NULL);
  g_autoptr(PwDocument) document = NULL;
  PwWindow *window;
  const char *status;

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, "org.puzzlewright.Puzzlewright", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  g_assert_cmpuint (g_settings_get_uint (settings, "analysis-memory-mib"), ==, 2048);
  window = g_object_new (PW_TYPE_WINDOW, "settings", settings, NULL);
  g_settings_set_uint (settings, "analysis-memory-mib", 1);

  g_assert_nonnull (level);
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (panel_says_partial, window, "the analysis stopped by its budget");
  status = pw_analysis_panel_get_status_text (pw_window_get_analysis_panel (window));
  g_assert_nonnull (strstr (status, "memory budget"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window asks the level's kind for its board: FreeCell's is the card
 * table. */
static gboolean
card_table_allocated (gpointer data)
{
  GtkWidget *table = GTK_WIDGET (pw_window_get_board (data));

  return PW_IS_CARD_TABLE (table) && gtk_widget_get_mapped (table) &&
         gtk_widget_get_width (table) > 100 && gtk_widget_get_height (table) > 100;
}

static gboolean
card_table_checked (gpointer data)
{
  return pw_card_table_is_checked (PW_CARD_TABLE (pw_window_get_board (data)));
}

static PwLevel *
ms_deal_level (guint32     number,
               int         free_cells,
               const char *name)
{
  PwFreecellLevel *data = g_new0 (PwFreecellLevel, 1);
  PwLevel *level;

  pw_fc_ms_deal (number, data);
  data->free_cells = free_cells;
  level = _pw_level_new_take_data (&pw_freecell_kind, data);
  pw_level_set_name (level, name);
  return level;
}

static gboolean
third_is_same_game (gpointer data)
{
  g_autoptr(PwLevelItem) third = g_list_model_get_item (pw_window_get_level_model (data), 2);

  return pw_level_item_get_same_game_as (third) != 0;
}

static const PwFreecellLevel *
document_deal (PwWindow *window,
               guint     index)
{
  return pw_level_get_data (pw_document_get_level (pw_window_get_document (window), index));
}

/* A FreeCell deal on the card table: edits by swapping and moving cards
 * (each one step of undo), then play: every move from the start checked,
 * a winnable move made, hints and the solution stepping on, undo; and a
 * deal with one free cell, a dead end from the start, every move marked
 * dead. */
static void
test_window_freecell (void)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  g_autoptr(PwLevel) deal = ms_deal_level (1, 4, "Deal 1");
  g_autoptr(PwLevel) cramped = ms_deal_level (1, 1, "Deal 1 with one free cell");
  PwWindow *window = pw_window_new (NULL);
  PwCardTable *table;
  gpointer winnable[2] = { window, "It can still be won" };
  gpointer dead[2] = { window, "Dead end" };
  int from = -1, to = -1, left = -1;
  guint n;

  pw_level_set_append (set, deal);
  pw_level_set_append (set, cramped);
  {
    /* deal 1 with clubs and spades swapped: the same game as level 1 */
    PwFreecellLevel *swapped = g_memdup2 (pw_level_get_data (deal), sizeof (PwFreecellLevel));
    g_autoptr(PwLevel) same = NULL;

    pw_fc_swap_suits (swapped, 1);
    swapped->ms_deal = 0;
    same = _pw_level_new_take_data (&pw_freecell_kind, swapped);
    pw_level_set_name (same, "Deal 1, suits swapped");
    pw_level_set_append (set, same);
  }
  document = pw_document_new (set, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (card_table_allocated, window, "the card table on screen");
  table = PW_CARD_TABLE (pw_window_get_board (window));
  wait_for (panel_says_analysed, window, "the deal's analysis");
  g_assert_cmpstr (pw_analysis_panel_get_figure_text (pw_window_get_analysis_panel (window),
                                                      "solvable"), ==, "yes");
  {
    /* the model's parts and Chen's components are folded under their
     * scores until opened; their values are there either way */
    PwAnalysisPanel *panel = pw_window_get_analysis_panel (window);
    g_autofree char *part = g_strdup (pw_analysis_panel_get_figure_text (panel,
                                                                        "difficulty_model_aces"));

    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "difficulty_model"));
    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "hardness"));
    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "difficulty"));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_aces"));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_playout"));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_search"));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "hardness_aces"));
    g_assert_cmpstr (part, !=, "—");
    g_assert_false (pw_analysis_panel_set_fold_open (panel, "difficulty", TRUE));
    g_assert_true (pw_analysis_panel_set_fold_open (panel, "difficulty_model_peak", TRUE));
    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_aces"));
    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_playout"));
    g_assert_true (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_search"));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "hardness_aces"));
    g_assert_cmpstr (pw_analysis_panel_get_figure_text (panel, "difficulty_model_aces"), ==, part);
    g_assert_true (pw_analysis_panel_set_fold_open (panel, "difficulty_model_aces", FALSE));
    g_assert_false (pw_analysis_panel_get_figure_shown (panel, "difficulty_model_base"));
  }
  /* the list flags the third level as the first one's game, once the
   * burst of analyses is over */
  wait_for (list_filled, window, "every deal analysed");
  wait_for (third_is_same_game, window, "the same game flagged");
  {
    GListModel *model = pw_window_get_level_model (window);
    g_autoptr(PwLevelItem) first = g_list_model_get_item (model, 0);
    g_autoptr(PwLevelItem) third = g_list_model_get_item (model, 2);
    g_autofree char *text = NULL;

    g_assert_cmpuint (pw_level_item_get_same_game_as (first), ==, 0);
    g_assert_cmpuint (pw_level_item_get_same_game_as (third), ==, 1);
    g_object_get (third, "name-text", &text, NULL);
    g_assert_cmpstr (text, ==, "Deal 1, suits swapped (same game as 1)");
  }

  /* swap the first cards of cascades 1 and 2 (JD, 2D), and undo */
  pw_card_table_swap_cards (table, 0, 0, 1, 0);
  g_assert_cmpint (document_deal (window, 0)->cards[0][0], ==, PW_FC_CARD (2, 1));
  g_assert_cmpint (document_deal (window, 0)->cards[1][0], ==, PW_FC_CARD (11, 1));
  g_assert_cmpint (document_deal (window, 0)->ms_deal, ==, 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpint (document_deal (window, 0)->cards[0][0], ==, PW_FC_CARD (11, 1));
  g_assert_cmpint (document_deal (window, 0)->ms_deal, ==, 1);
  /* move 6S (the top of cascade 1) under cascade 2: the cards shift */
  pw_card_table_move_card (table, 0, 6, 1, 0);
  g_assert_cmpint (document_deal (window, 0)->height[0], ==, 6);
  g_assert_cmpint (document_deal (window, 0)->height[1], ==, 8);
  g_assert_cmpint (document_deal (window, 0)->cards[1][0], ==, PW_FC_CARD (6, 3));
  g_assert_cmpint (document_deal (window, 0)->cards[1][1], ==, PW_FC_CARD (2, 1));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_true (pw_level_same_content (pw_document_get_level (document, 0), deal));
  wait_for (panel_says_analysed, window, "the deal analysed again");

  /* play: the start can be won; some move keeps it winnable */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_true (pw_card_table_get_playing (table));
  wait_for (play_text_has, winnable, "the start checked");
  {
    /* play solves in the suits of the deal's class, as the analysis
     * does: the same solution from the start */
    g_autofree char *moves = g_strdup_printf ("has %s moves",
      pw_analysis_panel_get_figure_text (pw_window_get_analysis_panel (window),
                                         "solution_length"));
    gpointer same[2] = { window, moves };

    g_assert_true (play_text_has (same));
  }
  wait_for (card_table_checked, window, "every move from the start checked");
  for (int f = 0; f < PW_FC_FOUNDATION && from < 0; f++)
    for (int t = 0; t <= PW_FC_FOUNDATION && from < 0; t++)
      if (pw_card_table_get_mark (table, f, t, &left) == 1 /* PW_FC_MARK_WINNABLE */)
        {
          from = f;
          to = t;
        }
  g_assert_cmpint (from, >=, 0);
  g_assert_cmpint (left, >, 0);
  g_assert_true (pw_card_table_play (table, from, document_deal (window, 0)->height[from] - 1,
                                     to));
  n = pw_card_table_get_n_moves (table);
  g_assert_cmpuint (n, >=, 1);
  wait_for (play_text_has, winnable, "the move checked");
  /* a hint shows a move, a second one makes it; the solution steps on */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
  g_assert_cmpuint (pw_card_table_get_n_moves (table), ==, n);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
  g_assert_cmpuint (pw_card_table_get_n_moves (table), ==, n + 1);
  g_action_group_activate_action (G_ACTION_GROUP (window), "solution-step", NULL);
  g_assert_cmpuint (pw_card_table_get_n_moves (table), ==, n + 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (pw_card_table_get_n_moves (table), ==, n + 1);
  wait_for (play_text_has, winnable, "the position after undo");
  g_assert_false (pw_document_get_modified (document));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  g_assert_false (pw_card_table_get_playing (table));

  /* one free cell: a dead end from the start, and so is every move */
  pw_window_select_level (window, 1);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  wait_for (play_text_has, dead, "the dead end at the start");
  wait_for (card_table_checked, window, "every move from the dead end checked");
  {
    int dead_marks = 0;

    for (int f = 0; f < PW_FC_FOUNDATION; f++)
      for (int t = 0; t <= PW_FC_FOUNDATION; t++)
        {
          int mark = pw_card_table_get_mark (table, f, t, NULL);

          g_assert_cmpint (mark, !=, 1 /* PW_FC_MARK_WINNABLE */);
          dead_marks += mark == 2 /* PW_FC_MARK_DEAD */;
        }
    g_assert_cmpint (dead_marks, >, 0);
  }
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The width of the screen meson gives this test (xvfb-run -s "-screen 0
 * 1400x900x24"), and of the side column the analysis panel is in. */
#define SCREEN_WIDTH 1400
#define SIDE_WIDTH   300

/* Each bundled set, its first level analysed, fits a 1400 px wide screen:
 * GTK never makes a window narrower than its minimum width, so that must
 * be less than the screen's (the FreeCell deal bar on one line, measured
 * even behind a grid level's canvas, made it 1575 px); and the analysis
 * panel asks no more than its column, however long its figures (a
 * combination level's dead cells per inventory entry, a FreeCell
 * solution). */
static void
test_window_fits_screen (void)
{
  static const char *const sets[] = { "sample.json", "combination.json", "freecell.json" };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(PwDocument) document = load_bundled (sets[i]);
      PwWindow *window = pw_window_new (NULL);
      GtkWidget *panel = GTK_WIDGET (pw_window_get_analysis_panel (window));
      int minimum, natural;

      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      pw_window_set_document (window, document);
      gtk_window_present (GTK_WINDOW (window));
      wait_for (panel_says_analysed, window, "the first level's analysis");

      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL,
                          NULL, NULL);
      g_test_message ("%s: window at least %d px wide", sets[i], minimum);
      g_assert_cmpint (minimum, <=, SCREEN_WIDTH);
      gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      g_test_message ("%s: analysis panel %d px, %d px natural", sets[i], minimum, natural);
      g_assert_cmpint (natural, <=, SIDE_WIDTH);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state = test_make_temp_dir ();
  int status;

  /* before anything asks GLib where the user's state goes */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  pw_ui_register_resources ();
  /* moves land at once, so a frame shows the position they reach */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/ui/window/opens-sample", test_window_opens_sample);
  g_test_add_func ("/ui/window/paint-and-undo", test_window_paint_and_undo);
  g_test_add_func ("/ui/window/play-dead-end", test_window_play_dead_end);
  g_test_add_func ("/ui/window/playtest", test_window_playtest);
  g_test_add_func ("/ui/window/play-clock", test_window_play_clock);
  g_test_add_func ("/ui/window/set-tools", test_window_set_tools);
  g_test_add_func ("/ui/window/duplicates-across-sets", test_window_duplicates_across_sets);
  g_test_add_func ("/ui/window/level-list", test_window_level_list);
  g_test_add_func ("/ui/window/export-csv", test_window_export_csv);
  g_test_add_func ("/ui/window/confirm-discard", test_window_confirm_discard);
  g_test_add_func ("/ui/window/placement", test_window_placement);
  g_test_add_func ("/ui/window/first-look", test_window_first_look);
  g_test_add_func ("/ui/window/freecell", test_window_freecell);
  g_test_add_func ("/ui/window/fits-screen", test_window_fits_screen);
  g_test_add_func ("/ui/window/generate", test_window_generate);
  g_test_add_func ("/ui/window/generate-slide", test_window_generate_slide);
  g_test_add_func ("/ui/window/restore-after-crash", test_window_restore_after_crash);
  g_test_add_func ("/ui/window/memory-budget", test_window_memory_budget);
  g_test_add_func ("/ui/window/file-changed", test_window_file_changed);
  g_test_add_func ("/ui/window/file-monitor", test_window_file_monitor);
  status = g_test_run ();
  test_remove_dir (state);
  return status;
}
