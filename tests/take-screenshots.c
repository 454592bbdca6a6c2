/* take-screenshots.c — pictures of the real editor for docs/screenshots,
 * run by docs/screenshots/take.sh under Xvfb; its "sets" group (every
 * bundled set at 1280 × 800 and 1920 × 1080) is also the test
 * `screenshots`, which fails when a set's window is not analysed in time,
 * not the size asked, or draws nothing
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
#include "pw-generate-dialog.h"
#include "pw-level-item.h"
#include "pw-preferences-window.h"
#include "latin-board.h"
#include "pw-cell-board.h"
#include "pw-window.h"
#include "test-util.h"

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static gboolean
analysed (PwWindow *window)
{
  return g_str_has_prefix (pw_analysis_panel_get_status_text (pw_window_get_analysis_panel (window)),
                           "Analysed");
}

static void
wait_analysed (PwWindow *window)
{
  gint64 end = g_get_monotonic_time () + test_scaled_ms (30000) * (gint64) 1000;

  while (!analysed (window) && g_get_monotonic_time () < end)
    spin (20);
  spin (300);
}

/* Popovers have surfaces of their own: each one open under @widget is
 * drawn where it is on screen, over the window's picture. */
static void
add_popovers (GtkWidget   *window,
              GtkWidget   *widget,
              GtkSnapshot *snapshot)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) && gtk_widget_get_mapped (child))
        {
          GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (child));
          GdkPaintable *paintable = gtk_widget_paintable_new (child);
          double wx, wy, px, py;

          gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
          gtk_native_get_surface_transform (GTK_NATIVE (child), &px, &py);
          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot,
                                  &GRAPHENE_POINT_INIT (gdk_popup_get_position_x (GDK_POPUP (surface))
                                                        + px - wx,
                                                        gdk_popup_get_position_y (GDK_POPUP (surface))
                                                        + py - wy));
          gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (child),
                                  gtk_widget_get_height (child));
          gtk_snapshot_restore (snapshot);
          g_object_unref (paintable);
        }
      add_popovers (window, child, snapshot);
    }
}

/* The window as GTK last drew it on screen, to a PNG. */
static void
save (GtkWidget  *window,
      const char *dir,
      const char *name)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);

  /* a widget waiting for its new size draws nothing (the level list and
   * the chart relayout as background analyses arrive): let it lay out */
  for (int tries = 0; tries < 50; tries++)
    {
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node != NULL)
        break;
      spin (20);
      snapshot = gtk_snapshot_new ();
    }
  g_object_unref (paintable);
  if (node == NULL)
    g_error ("nothing drawn for %s", name);
  /* the open popovers over the window's picture */
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_node (snapshot, node);
  add_popovers (window, window, snapshot);
  g_clear_pointer (&node, gsk_render_node_unref);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    g_error ("could not write %s", path);
  g_print ("%s\n", path);
}

static guint
find_level (PwDocument *document,
            const char *name)
{
  for (guint i = 0; i < pw_document_get_n_levels (document); i++)
    if (g_strcmp0 (pw_level_get_name (pw_document_get_level (document, i)), name) == 0)
      return i;
  g_error ("no level named %s in the sample set", name);
}

static PwDocument *
load_bundled (const char *name)
{
  g_autofree char *path = g_build_filename (PW_SOURCE_DATADIR, "levels", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PwDocument *document = pw_document_load (file, NULL, &error);

  if (document == NULL)
    g_error ("%s", error->message);
  return document;
}

/* The logic kinds on the cell board, each as edited (the analysis's
 * marks) and in play (a hint on show). */
static void
take_logic (PwWindow   *window,
            const char *dir,
            const char *group)
{
  if (g_str_equal (group, "queens"))
    {
      g_autoptr(PwDocument) document = load_bundled ("queens.json");

      pw_window_set_document (window, document);
      pw_window_select_level (window, find_level (document, "Star Battle 10×10, two stars"));
      wait_analysed (window);
      spin (500);
      save (GTK_WIDGET (window), dir, "star-battle.png");
      pw_window_select_level (window, find_level (document, "Star Battle 8×8"));
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      for (guint i = 0; i < 3; i++)
        {
          pw_board_play_hint (pw_window_get_board (window));
          pw_board_play_hint (pw_window_get_board (window));
        }
      pw_board_play_hint (pw_window_get_board (window));
      spin (500);
      save (GTK_WIDGET (window), dir, "star-battle-hint.png");
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  else if (g_str_equal (group, "nonogram"))
    {
      g_autoptr(PwDocument) document = load_bundled ("nonogram.json");

      pw_window_set_document (window, document);
      pw_window_select_level (window, find_level (document, "Twelve by twelve, beyond line logic"));
      wait_analysed (window);
      spin (500);
      save (GTK_WIDGET (window), dir, "nonogram.png");
      /* a line's clues typed beside it */
      pw_window_select_level (window, find_level (document, "Heart"));
      wait_analysed (window);
      pw_cell_board_edit_line (PW_CELL_BOARD (pw_window_get_board (window)), 2);
      spin (500);
      save (GTK_WIDGET (window), dir, "nonogram-clues.png");
      pw_window_select_level (window, find_level (document, "Fifteen by fifteen"));
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      for (guint i = 0; i < 6; i++)
        {
          pw_board_play_hint (pw_window_get_board (window));
          pw_board_play_hint (pw_window_get_board (window));
        }
      pw_board_play_hint (pw_window_get_board (window));
      spin (500);
      save (GTK_WIDGET (window), dir, "nonogram-hint.png");
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  else if (g_str_equal (group, "magic"))
    {
      g_autoptr(PwDocument) document = load_bundled ("magic.json");
      PwBoard *board;

      pw_window_set_document (window, document);
      pw_window_select_level (window, find_level (document, "Four by four"));
      wait_analysed (window);
      spin (500);
      save (GTK_WIDGET (window), dir, "magic.png");
      pw_window_select_level (window, find_level (document, "Five by five"));
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      board = pw_window_get_board (window);
      pw_board_play_hint (board);
      pw_board_play_hint (board);
      /* a value that is there already: both red */
      for (guint c = 0; c < 25; c++)
        if (pw_cell_board_get_position (PW_CELL_BOARD (board))[c] == 0)
          {
            pw_cell_board_select (PW_CELL_BOARD (board), c);
            pw_cell_board_type_value (PW_CELL_BOARD (board), 24);
            break;
          }
      pw_board_play_hint (board);
      spin (500);
      save (GTK_WIDGET (window), dir, "magic-play.png");
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  else if (g_str_equal (group, "knights-tour"))
    {
      g_autoptr(PwDocument) document = load_bundled ("knights-tour.json");
      PwBoard *board;

      pw_window_set_document (window, document);
      pw_window_select_level (window, find_level (document, "Seven by seven, blocked cells"));
      wait_analysed (window);
      spin (500);
      save (GTK_WIDGET (window), dir, "knights-tour.png");
      pw_window_select_level (window, find_level (document, "Six by six, closed"));
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      board = pw_window_get_board (window);
      for (guint i = 0; i < 9; i++)
        {
          pw_board_play_hint (board);
          pw_board_play_hint (board);
        }
      pw_board_play_hint (board);
      spin (500);
      save (GTK_WIDGET (window), dir, "knights-tour-hint.png");
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  else if (g_str_equal (group, "logic-dark"))
    {
      g_autoptr(PwDocument) document = load_bundled ("nonogram.json");
      PwBoard *board;

      g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
      pw_window_set_document (window, document);
      pw_window_select_level (window, find_level (document, "Twelve by twelve, beyond line logic"));
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      board = pw_window_get_board (window);
      for (guint i = 0; i < 8; i++)
        {
          pw_board_play_hint (board);
          pw_board_play_hint (board);
        }
      /* a black cell where the picture has none: Check crosses it out */
      for (guint c = 0; c < 144; c++)
        if (pw_cell_board_get_position (PW_CELL_BOARD (board))[c] == 2)
          {
            pw_board_play_back (board);
            break;
          }
      pw_cell_board_check (PW_CELL_BOARD (board));
      pw_board_play_hint (board);
      spin (500);
      save (GTK_WIDGET (window), dir, "nonogram-dark.png");
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE,
                    NULL);
    }
  else if (g_str_equal (group, "generate-slide"))
    {
      /* the sample set's slide level on screen: its generator's dialog */
      GListModel *toplevels = gtk_window_get_toplevels ();
      GtkWindow *dialog = NULL;

      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "generate", NULL);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

          if (PW_IS_GENERATE_DIALOG (w))
            dialog = w;
        }
      g_assert (dialog != NULL);
      g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "par", "12"));
      g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "states", "5000"));
      g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "dead-ends",
                                                   "0.3"));
      g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "tolerance",
                                                   "0.1"));
      pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 20);
      pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
      spin (4000);
      save (GTK_WIDGET (dialog), dir, "generate-slide.png");
      gtk_window_destroy (dialog);
      spin (500);
    }
  else if (g_str_equal (group, "preferences"))
    {
      g_autoptr(GSettingsSchemaSource) source =
        g_settings_schema_source_new_from_directory (PW_BUILD_SCHEMADIR, NULL, FALSE, NULL);
      g_autoptr(GSettingsSchema) schema = source != NULL
                                          ? g_settings_schema_source_lookup (source,
                                                                             "org.puzzlewright.Puzzlewright",
                                                                             FALSE)
                                          : NULL;
      g_autoptr(GSettings) settings = NULL;
      PwPreferencesWindow *preferences;

      if (schema == NULL)
        g_error ("no compiled schema in %s", PW_BUILD_SCHEMADIR);
      settings = g_settings_new_full (schema, NULL, NULL);
      g_settings_set_string (settings, "tester-name", "Tess");
      preferences = pw_preferences_window_new (GTK_WINDOW (window), settings);
      gtk_window_present (GTK_WINDOW (preferences));
      spin (800);
      save (GTK_WIDGET (preferences), dir, "preferences.png");
      gtk_window_destroy (GTK_WINDOW (preferences));
    }
  else
    g_error ("no screenshots named %s", group);
}

/* ---- every bundled set at the two window sizes ---- */

static gboolean
list_filled (PwWindow *window)
{
  GListModel *model = pw_window_get_level_model (window);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(PwLevelItem) item = g_list_model_get_item (model, i);

      if (pw_level_item_get_analysis (item) == NULL)
        return FALSE;
    }
  return g_list_model_get_n_items (model) > 0;
}

/* A new window of @width × @height on the bundled set @file, its middle
 * level on screen once every level is analysed: `SET-WxH.png`; the
 * window keeps its size in play mode; with @chart, the Chart side page
 * too: `SET-chart-WxH.png`. */
static void
take_set (const char *dir,
          const char *file,
          int         width,
          int         height,
          gboolean    chart)
{
  g_autoptr(PwDocument) document = load_bundled (file);
  g_autofree char *set = g_strndup (file, strlen (file) - strlen (".json"));
  g_autofree char *name = g_strdup_printf ("%s-%dx%d.png", set, width, height);
  /* longer under the sanitizers (PW_TEST_WAIT_SCALE) */
  gint64 end = g_get_monotonic_time () + test_scaled_ms (120000) * (gint64) 1000;
  PwWindow *window = pw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  /* the default size holds the frame's margins too: ask for what makes
   * the window itself @width × @height, until it has been so a while */
  for (int tries = 0, stable = 0; tries < 40 && stable < 3; tries++)
    {
      int w, h, dw, dh;

      spin (100);
      w = gtk_widget_get_width (GTK_WIDGET (window));
      h = gtk_widget_get_height (GTK_WIDGET (window));
      if (w == width && h == height && gtk_widget_get_mapped (GTK_WIDGET (window)))
        {
          stable++;
          continue;
        }
      stable = 0;
      if (w <= 0 || h <= 0)
        continue;
      gtk_window_get_default_size (GTK_WINDOW (window), &dw, &dh);
      gtk_window_set_default_size (GTK_WINDOW (window), dw + width - w, dh + height - h);
    }
  pw_window_select_level (window, pw_document_get_n_levels (document) / 2);
  while (!(list_filled (window) && analysed (window)))
    {
      if (g_get_monotonic_time () > end)
        g_error ("%s: not every level analysed in %u s", file, test_scaled_ms (120000) / 1000);
      spin (50);
    }
  /* the list and the chart relayout as the last figures arrive */
  spin (1000);
  if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
      gtk_widget_get_height (GTK_WIDGET (window)) != height)
    g_error ("%s: the window is %d × %d, not %d × %d (is the screen big enough?)", file,
             gtk_widget_get_width (GTK_WIDGET (window)),
             gtk_widget_get_height (GTK_WIDGET (window)), width, height);
  save (GTK_WIDGET (window), dir, name);
  /* play mode's bars must fit the same window */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  spin (500);
  if (!pw_board_get_playing (pw_window_get_board (window)))
    g_error ("%s: the level on screen cannot be played", file);
  if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
      gtk_widget_get_height (GTK_WIDGET (window)) != height)
    g_error ("%s: in play the window is %d × %d, not %d × %d", file,
             gtk_widget_get_width (GTK_WIDGET (window)),
             gtk_widget_get_height (GTK_WIDGET (window)), width, height);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  spin (200);
  if (chart)
    {
      g_autofree char *chart_name = g_strdup_printf ("%s-chart-%dx%d.png", set, width, height);

      g_object_set (gtk_widget_get_ancestor (GTK_WIDGET (pw_window_get_chart_view (window)),
                                             GTK_TYPE_STACK),
                    "visible-child-name", "chart", NULL);
      spin (1500);
      save (GTK_WIDGET (window), dir, chart_name);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  spin (200);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Every .json file of data/levels at 1280 × 800 and 1920 × 1080 (the screen
 * must hold 1920 × 1080), the sample set's chart at both. */
static void
take_sets (const char *dir)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1920, 1080 } };
  g_autofree char *levels = g_build_filename (PW_SOURCE_DATADIR, "levels", NULL);
  g_autoptr(GDir) folder = g_dir_open (levels, 0, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  if (folder == NULL)
    g_error ("cannot read %s", levels);
  while ((entry = g_dir_read_name (folder)) != NULL)
    if (g_str_has_suffix (entry, ".json"))
      g_ptr_array_add (files, g_strdup (entry));
  g_ptr_array_sort (files, compare_names);
  for (guint i = 0; i < files->len; i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      take_set (dir, g_ptr_array_index (files, i), sizes[s][0], sizes[s][1],
                g_str_equal (g_ptr_array_index (files, i), "sample.json"));
}

/* take-screenshots DIR [GROUP…]: every screenshot, or only the groups
 * named (queens, nonogram, magic, knights-tour, logic-dark, generate-slide,
 * preferences); take-screenshots DIR sets: every bundled set at both
 * window sizes. */
int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = g_build_filename (PW_SOURCE_DATADIR, "levels", "sample.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = NULL;
  const char *dir = argc > 1 ? argv[1] : ".";
  PwWindow *window;
  PwPlay *play;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_init ();
  pw_ui_register_resources ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/org/puzzlewright/Puzzlewright/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  if (argc > 2 && g_str_equal (argv[2], "sets"))
    {
      if (g_mkdir_with_parents (dir, 0755) != 0)
        g_error ("cannot make %s", dir);
      take_sets (dir);
      return 0;
    }

  document = pw_document_load (file, NULL, &error);
  if (document == NULL)
    g_error ("%s", error->message);

  window = pw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1360, 840);
  pw_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  spin (500);
  if (argc > 2)
    {
      for (int i = 2; i < argc; i++)
        take_logic (window, dir, argv[i]);
      gtk_window_destroy (GTK_WINDOW (window));
      return 0;
    }

  /* 1: editing a mid-sized level, every column filled in */
  pw_window_select_level (window, find_level (document, "Crate Expectations"));
  wait_analysed (window);
  spin (3000);
  save (GTK_WIDGET (window), dir, "editor.png");

  /* 2: play mode, one move into a dead end: the first small level where
   * a first move leads into one */
  for (guint i = 0; i < pw_document_get_n_levels (document); i++)
    {
      int dead = -1;

      pw_window_select_level (window, i);
      wait_analysed (window);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
      play = pw_window_get_play (window);
      spin (200);
      for (guint m = 0; m < pw_play_get_n_moves (play) && dead < 0; m++)
        {
          gboolean changes;

          if (pw_play_get_move_status (play, m, &changes, NULL) == PW_PLAY_DEAD_END && changes)
            dead = m;
        }
      if (dead >= 0)
        {
          save (GTK_WIDGET (window), dir, "play-before-dead-end.png");
          g_signal_emit_by_name (pw_window_get_canvas (window), "move", (guint) dead);
          break;
        }
      g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    }
  spin (300);
  save (GTK_WIDGET (window), dir, "play-dead-end.png");

  /* 3: the state graph of the same level, the dead end ringed */
  g_object_set (gtk_widget_get_ancestor (GTK_WIDGET (pw_window_get_graph_view (window)),
                                         GTK_TYPE_STACK),
                "visible-child-name", "graph", NULL);
  spin (300);
  save (GTK_WIDGET (window), dir, "state-graph.png");

  /* 3b: the set's difficulty curve, the levels that dip ringed */
  g_object_set (gtk_widget_get_ancestor (GTK_WIDGET (pw_window_get_chart_view (window)),
                                         GTK_TYPE_STACK),
                "visible-child-name", "chart", NULL);
  spin (1500);
  save (GTK_WIDGET (window), dir, "chart.png");

  /* 4: dark style, play mode with a win in reach */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  g_object_set (gtk_widget_get_ancestor (GTK_WIDGET (pw_window_get_graph_view (window)),
                                         GTK_TYPE_STACK),
                "visible-child-name", "figures", NULL);
  spin (500);
  save (GTK_WIDGET (window), dir, "play-dark.png");

  /* 5: a combination puzzle in placement play, one piece too many */
  {
    g_autofree char *combination = g_build_filename (PW_SOURCE_DATADIR, "levels",
                                                     "combination.json", NULL);
    g_autoptr(GFile) cfile = g_file_new_for_path (combination);
    g_autoptr(PwDocument) cdoc = pw_document_load (cfile, NULL, &error);

    if (cdoc == NULL)
      g_error ("%s", error->message);
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
    pw_window_set_document (window, cdoc);
    wait_analysed (window);
    spin (1500);
    save (GTK_WIDGET (window), dir, "combination.png");
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    spin (300);
    /* two hints, then a piece where it cannot stay */
    g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
    spin (600);
    g_action_group_activate_action (G_ACTION_GROUP (window), "play-hint", NULL);
    spin (600);
    for (int cell = 0; cell < 25; cell++)
      {
        g_signal_emit_by_name (pw_window_get_canvas (window), "place", cell % 5, cell / 5);
        spin (400);
        if (strstr (pw_analysis_panel_get_play_text (pw_window_get_analysis_panel (window)),
                    "Dead end") != NULL)
          break;
        g_signal_emit_by_name (pw_window_get_canvas (window), "place", cell % 5, cell / 5);
        spin (300);
      }
    save (GTK_WIDGET (window), dir, "combination-dead-end.png");
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  }

  /* 6: the generator's dialog at work */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    GtkWindow *dialog = NULL;

    g_action_group_activate_action (G_ACTION_GROUP (window), "generate", NULL);
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

        if (PW_IS_GENERATE_DIALOG (w))
          dialog = w;
      }
    g_assert (dialog != NULL);
    g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "size", "6x6"));
    g_assert_true (pw_generate_dialog_set_param (PW_GENERATE_DIALOG (dialog), "colours", "3"));
    pw_generate_dialog_set_count (PW_GENERATE_DIALOG (dialog), 50);
    pw_generate_dialog_start (PW_GENERATE_DIALOG (dialog));
    spin (4000);
    save (GTK_WIDGET (dialog), dir, "generate.png");
    gtk_window_destroy (dialog);
    spin (500);
  }

  /* 7: the FreeCell sampler in play: a card selected, its moves marked */
  {
    g_autofree char *freecell = g_build_filename (PW_SOURCE_DATADIR, "levels", "freecell.json",
                                                  NULL);
    g_autoptr(GFile) ffile = g_file_new_for_path (freecell);
    g_autoptr(PwDocument) fdoc = pw_document_load (ffile, NULL, &error);
    PwCardTable *table;

    if (fdoc == NULL)
      g_error ("%s", error->message);
    pw_window_set_document (window, fdoc);
    table = PW_CARD_TABLE (pw_window_get_board (window));
    wait_analysed (window);
    spin (1000);
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    for (int i = 0; i < 200 && !pw_card_table_is_checked (table); i++)
      spin (50);
    /* Deal 1: 6C from the fifth cascade; select it as a click would */
    pw_card_table_select (table, 4, 5);
    spin (500);
    save (GTK_WIDGET (window), dir, "freecell.png");
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
  }

  /* 8: number placement: a Sudoku being edited (the analysis marks the
   * givens that can go), then played with a hint on show; a Futoshiki */
  {
    g_autofree char *sudoku = g_build_filename (PW_SOURCE_DATADIR, "levels", "sudoku.json", NULL);
    g_autofree char *latin = g_build_filename (PW_SOURCE_DATADIR, "levels", "latin.json", NULL);
    g_autoptr(GFile) sfile = g_file_new_for_path (sudoku);
    g_autoptr(GFile) lfile = g_file_new_for_path (latin);
    g_autoptr(PwDocument) sdoc = pw_document_load (sfile, NULL, &error);
    g_autoptr(PwDocument) ldoc = NULL;
    PwNumberBoard *board;

    if (sdoc == NULL)
      g_error ("%s", error->message);
    pw_window_set_document (window, sdoc);
    pw_window_select_level (window, find_level (sdoc, "Basic"));
    wait_analysed (window);
    spin (500);
    save (GTK_WIDGET (window), dir, "sudoku.png");

    pw_window_select_level (window, find_level (sdoc, "Advanced"));
    wait_analysed (window);
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);
    board = PW_NUMBER_BOARD (pw_window_get_board (window));
    /* a few steps made, the next one shown */
    for (guint i = 0; i < 24; i++)
      {
        pw_board_play_hint (PW_BOARD (board));
        pw_board_play_hint (PW_BOARD (board));
      }
    pw_board_play_hint (PW_BOARD (board));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (
      g_object_get_data (G_OBJECT (board), "auto-candidates")), TRUE);
    spin (500);
    save (GTK_WIDGET (window), dir, "sudoku-hint.png");
    g_action_group_activate_action (G_ACTION_GROUP (window), "play", NULL);

    ldoc = pw_document_load (lfile, NULL, &error);
    if (ldoc == NULL)
      g_error ("%s", error->message);
    pw_window_set_document (window, ldoc);
    pw_window_select_level (window, find_level (ldoc, "Futoshiki: tricky"));
    wait_analysed (window);
    spin (500);
    save (GTK_WIDGET (window), dir, "futoshiki.png");
  }

  take_logic (window, dir, "queens");
  take_logic (window, dir, "nonogram");
  take_logic (window, dir, "magic");
  take_logic (window, dir, "knights-tour");

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
