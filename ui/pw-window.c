/* pw-window.c — the editor's main window
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window knows no kind: it draws and edits through the kind's view
 * table (ui/kinds), analyses through the scheduler, and changes the
 * document only through PwDocument, so every change can be undone.
 *
 * Left, the level list: a GListStore of PwLevelItem kept in step with the
 * document's "levels-changed" and "level-changed", behind a filter and a
 * sorter. Centre, the canvas and the notes and playtests of the level on
 * screen. Right, the analysis panel and the state graph.
 */

#define G_LOG_DOMAIN "pw-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "freecell-private.h"
#include "pw-application.h"
#include "pw-card-table.h"
#include "pw-kind-view.h"
#include "pw-level-item.h"
#include "pw-level-list.h"
#include "pw-level-panel.h"
#include "pw-window.h"

#define ANALYSIS_DELAY_MS    150
#define PROGRESS_INTERVAL_MS 100
#define AUTOSAVE_MS          30000

struct _PwWindow
{
  GtkApplicationWindow  parent_instance;

  /* template */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkPaned             *outer_paned;
  PwLevelList          *level_list;
  GtkStack             *toolbar_stack;
  GtkBox               *tool_box;
  GtkFlowBox           *palette_box;
  GtkLabel             *moves_label;
  GtkAdjustment        *speed_adjustment;
  PwCanvas             *canvas;
  GtkStack             *view_stack;
  PwCardTable          *card_table;
  PwLevelPanel         *level_panel;
  PwAnalysisPanel      *analysis_panel;
  PwGraphView          *graph_view;
  GtkStack             *side_stack;
  GtkRevealer          *export_revealer;
  GtkLabel             *export_label;
  GtkProgressBar       *export_progress;
  GtkButton            *export_cancel;
  GMenu                *recent_menu;

  PwDocument           *document;
  PwScheduler          *scheduler;
  guint                 current;      /* index in the document, or G_MAXUINT */
  PwLevel              *on_screen;    /* the level at @current when it came */

  PwLevel              *shown;        /* the content the panel shows */
  PwAnalysis           *analysis;     /* of the level on screen, or NULL */
  PwPlay               *play;         /* play mode when not NULL */
  /* placement play (kinds with place_check) */
  guint8               *placed;       /* per cell 0 or entry + 1, or NULL */
  GArray               *placed_order; /* cells, in the order pieces went down */
  int                   cells_width;
  int                   cells_height;
  int                   entry;        /* the inventory entry clicks place */
  PwPlaceResult         place_result;
  gboolean              place_known;
  GCancellable         *place_cancellable;
  guint                 solution_timeout;
  gboolean              stroke;

  GCancellable         *export_cancellable;
  GtkWidget            *tool_buttons[4];
  const PwKindView     *palette_view;  /* the kind the palette shows */
};

G_DEFINE_FINAL_TYPE (PwWindow, pw_window, GTK_TYPE_APPLICATION_WINDOW)

static void refresh_current  (PwWindow *self);
static void update_actions   (PwWindow *self);
static void update_play      (PwWindow *self);
static void leave_play       (PwWindow *self);

/* ------------------------------------------------------------------ */
/* Small helpers                                                        */

static PwLevel *
current_level (PwWindow *self)
{
  if (self->document == NULL || self->current >= pw_document_get_n_levels (self->document))
    return NULL;
  return pw_document_get_level (self->document, self->current);
}

/* Whether @level is shown on the card table (FreeCell) rather than the
 * grid canvas. */
static gboolean
is_cards (PwLevel *level)
{
  return g_str_equal (pw_level_get_kind_id (level), pw_freecell_kind.id);
}

static void
show_error (PwWindow   *self,
            const char *primary,
            const char *secondary)
{
  GtkWidget *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);
  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_window_present (GTK_WINDOW (dialog));
}

static GSettings *
settings (PwWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return PW_IS_APPLICATION (app) ? pw_application_get_settings (PW_APPLICATION (app)) : NULL;
}

static PwRecovery *
recovery (PwWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return PW_IS_APPLICATION (app) ? pw_application_get_recovery (PW_APPLICATION (app)) : NULL;
}

static void
set_action_enabled (PwWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* ------------------------------------------------------------------ */
/* Title                                                                */

static void
update_title (PwWindow *self)
{
  PwLevelSet *set;
  GFile *file;
  const char *title;
  g_autofree char *shown = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *where = NULL;

  if (self->document == NULL)
    return;
  set = pw_document_get_set (self->document);
  file = pw_document_get_file (self->document);
  title = pw_level_set_get_title (set);
  if (title == NULL || *title == '\0')
    title = _("Untitled Level Set");
  /* an unsaved marker, as text editors show it */
  shown = pw_document_get_modified (self->document) ? g_strdup_printf ("• %s", title)
                                                    : g_strdup (title);
  gtk_label_set_text (self->title_label, shown);
  if (file != NULL)
    where = g_file_get_parse_name (file);
  gtk_label_set_text (self->subtitle_label, where != NULL ? where : _("Not saved yet"));
  window_title = g_strdup_printf ("%s — %s", shown, _("Puzzlewright"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* ------------------------------------------------------------------ */
/* The level list                                                       */

void
pw_window_select_level (PwWindow *self,
                        guint     index)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  pw_level_list_select (self->level_list, index);
}

/* Another level on screen, or the set changed around it. */
static void
current_changed (PwWindow *self)
{
  PwLevel *level;

  self->current = pw_level_list_get_current (self->level_list);
  level = current_level (self);
  if (level != self->on_screen && (self->play != NULL || self->placed != NULL ||
                                   pw_card_table_get_playing (self->card_table)))
    leave_play (self);
  g_clear_pointer (&self->on_screen, pw_level_unref);
  self->on_screen = level != NULL ? pw_level_ref (level) : NULL;
  refresh_current (self);
}

static void
levels_changed (PwWindow *self)
{
  update_actions (self);
}

static void
level_changed (PwWindow *self,
               guint     index)
{
  if (index == self->current)
    {
      g_clear_pointer (&self->on_screen, pw_level_unref);
      self->on_screen = pw_level_ref (current_level (self));
      refresh_current (self);
    }
}

/* ------------------------------------------------------------------ */
/* The level on screen                                                  */

static void
update_moves_label (PwWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *cards = NULL;
  const char *history;

  if (pw_card_table_get_playing (self->card_table))
    {
      guint n = pw_card_table_get_n_moves (self->card_table);

      cards = pw_card_table_get_history (self->card_table);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n), n);
      gtk_label_set_text (self->moves_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->moves_label), cards);
      return;
    }
  if (self->play == NULL)
    return;
  history = pw_play_get_history (self->play);
  /* Translators: play mode, the number of moves made so far */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", strlen (history)),
                          (guint) strlen (history));
  gtk_label_set_text (self->moves_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->moves_label), history);
}

static void
update_play (PwWindow *self)
{
  pw_canvas_play_changed (self->canvas);
  pw_analysis_panel_set_play (self->analysis_panel, self->play);
  pw_graph_view_set_current (self->graph_view,
                             self->play != NULL ? pw_play_get_state (self->play) : PW_NO_STATE);
  update_moves_label (self);
  update_actions (self);
}

static void
set_analysis (PwWindow   *self,
              PwAnalysis *analysis)
{
  pw_analysis_replace (&self->analysis, analysis);
  pw_analysis_panel_set_analysis (self->analysis_panel, analysis);
  pw_graph_view_set_analysis (self->graph_view, analysis);
  pw_canvas_set_analysis (self->canvas, analysis);
  if (self->play != NULL)
    {
      pw_play_set_analysis (self->play, analysis);
      update_play (self);
    }
}

static void
draw_palette_tile (GtkDrawingArea *area,
                   cairo_t        *cr,
                   int             width,
                   int             height,
                   gpointer        data)
{
  const PwKindView *view = g_object_get_data (G_OBJECT (area), "view");
  char tile = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "tile"));

  if (view != NULL && view->draw_tile != NULL)
    view->draw_tile (tile, cr, 0, 0, MIN (width, height),
                     pw_view_style_get (pw_widget_is_dark (GTK_WIDGET (area))));
}

static void
rebuild_palette (PwWindow *self)
{
  PwLevel *level = current_level (self);
  const PwKindView *view = level ? pw_kind_view_lookup (pw_level_get_kind_id (level)) : NULL;
  GtkWidget *child;

  if (view == self->palette_view)
    return;
  self->palette_view = view;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->palette_box))) != NULL)
    gtk_flow_box_remove (self->palette_box, child);
  if (view == NULL || view->palette == NULL)
    return;

  for (guint i = 0; i < view->n_palette; i++)
    {
      const PwPaletteEntry *entry = &view->palette[i];
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *picture = gtk_drawing_area_new ();
      g_autofree char *tip = entry->key
                             ? g_strdup_printf ("%s (%c)", _(entry->label), entry->key)
                             : g_strdup (_(entry->label));
      g_autofree char *target = g_strdup_printf ("%c", entry->tile);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), 24);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), 24);
      g_object_set_data (G_OBJECT (picture), "tile", GINT_TO_POINTER (entry->tile));
      g_object_set_data (G_OBJECT (picture), "view", (gpointer) view);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), draw_palette_tile, NULL, NULL);
      gtk_button_set_child (GTK_BUTTON (button), picture);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(entry->label), -1);
      gtk_widget_add_css_class (button, "pw-palette-tile");
      gtk_widget_add_css_class (button, "flat");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.tile");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
      gtk_flow_box_append (self->palette_box, button);
    }
}

static void
refresh_current (PwWindow *self)
{
  PwLevel *level = current_level (self);
  g_autoptr(GPtrArray) problems = NULL;
  PwAnalysis *cached = NULL;

  pw_canvas_set_level (self->canvas, level);
  pw_card_table_set_level (self->card_table, level);
  gtk_stack_set_visible_child_name (self->view_stack,
                                    level != NULL && is_cards (level) ? "cards" : "grid");
  pw_level_panel_set_level (self->level_panel, level);
  rebuild_palette (self);

  if (level == NULL)
    {
      g_clear_pointer (&self->shown, pw_level_unref);
      pw_canvas_set_problems (self->canvas, NULL);
      pw_analysis_panel_set_level (self->analysis_panel, NULL, NULL);
      set_analysis (self, NULL);
      update_actions (self);
      return;
    }

  if (pw_level_get_kind (level) != NULL)
    problems = pw_level_validate (level);
  pw_canvas_set_problems (self->canvas, problems);
  pw_card_table_set_problems (self->card_table, problems);

  /* keep the figures while the same content is on screen (a rename, a
   * note): only a new content needs a new analysis */
  if (self->shown != NULL && pw_level_same_content (self->shown, level))
    {
      update_actions (self);
      return;
    }
  g_clear_pointer (&self->shown, pw_level_unref);
  self->shown = pw_level_ref (level);

  pw_analysis_panel_set_level (self->analysis_panel, level, problems);
  if (problems != NULL && problems->len == 0)
    cached = pw_scheduler_lookup (self->scheduler, level);
  set_analysis (self, cached);
  if (problems != NULL && problems->len == 0)
    pw_scheduler_focus (self->scheduler, level);
  update_actions (self);
}

/* ------------------------------------------------------------------ */
/* Scheduler                                                            */

static void
analysed (PwWindow   *self,
          PwLevel    *level,
          PwAnalysis *analysis,
          gboolean    focus)
{
  PwLevel *on_screen = current_level (self);

  if (on_screen != NULL && pw_level_same_content (on_screen, level) && analysis != self->analysis)
    set_analysis (self, analysis);
}

static void
failed (PwWindow *self,
        PwLevel  *level,
        GError   *error,
        gboolean  focus)
{
  PwLevel *on_screen = current_level (self);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (focus && on_screen != NULL && pw_level_same_content (on_screen, level))
    pw_analysis_panel_set_error (self->analysis_panel, error->message);
}

static void
progress (PwWindow *self,
          guint64   explored)
{
  if (self->analysis == NULL)
    pw_analysis_panel_set_progress (self->analysis_panel, explored);
}

/* ------------------------------------------------------------------ */
/* Canvas edits                                                         */

static void
replace_current (PwWindow   *self,
                 PwLevel    *level,
                 const char *label)
{
  if (level != NULL && self->current != G_MAXUINT)
    pw_document_replace_level (self->document, self->current, level, label);
}

static void
canvas_stroke_begin (PwWindow *self)
{
  if (self->document == NULL || self->stroke)
    return;
  self->stroke = TRUE;
  pw_document_begin_group (self->document, _("Paint"));
}

static void
canvas_paint (PwWindow *self,
              int       column,
              int       row,
              int       tile)
{
  PwLevel *level = current_level (self);
  g_autoptr(PwLevel) changed = NULL;

  if (level == NULL)
    return;
  changed = pw_level_with_tile (level, column, row, (char) tile);
  replace_current (self, changed, _("Paint"));
}

static void
canvas_stroke_end (PwWindow *self)
{
  if (!self->stroke)
    return;
  self->stroke = FALSE;
  pw_document_end_group (self->document);
}

static void
canvas_fill_rectangle (PwWindow *self,
                       int       column0,
                       int       row0,
                       int       column1,
                       int       row1,
                       int       tile)
{
  PwLevel *level = current_level (self);
  g_autoptr(PwLevel) changed = NULL;

  if (level == NULL)
    return;
  changed = pw_level_fill_rectangle (level, column0, row0, column1, row1, (char) tile);
  replace_current (self, changed, _("Fill Rectangle"));
}

static void
canvas_flood_fill (PwWindow *self,
                   int       column,
                   int       row,
                   int       tile)
{
  PwLevel *level = current_level (self);
  g_autoptr(PwLevel) changed = NULL;

  if (level == NULL)
    return;
  changed = pw_level_flood_fill (level, column, row, (char) tile);
  replace_current (self, changed, _("Flood Fill"));
}

/* ------------------------------------------------------------------ */
/* Placement play                                                       */

static void placement_changed (PwWindow *self);

static int
placed_count (PwWindow *self)
{
  int n = 0;

  for (int i = 0; i < self->cells_width * self->cells_height; i++)
    n += self->placed[i] != 0;
  return n;
}

static void
update_placement_status (PwWindow *self)
{
  PwLevel *level = current_level (self);
  const PwKindView *view = level ? pw_kind_view_lookup (pw_level_get_kind_id (level)) : NULL;
  g_autofree char *entry = view && view->entry_label
                           ? view->entry_label (pw_level_get_data (level), self->entry) : NULL;
  g_autofree char *text = NULL;
  int state = 0;

  pw_canvas_set_placement (self->canvas, self->placed,
                           self->place_known && !self->place_result.completable
                           ? self->place_result.conflict : NULL);
  if (!self->place_known)
    text = g_strdup_printf (_("Checking the placement…\nPlacing: %s"), entry ? entry : "");
  else if (!self->place_result.decided)
    text = g_strdup_printf (_("The search budget ran out: it is not known whether this "
                              "placement can be completed.\nPlacing: %s"), entry ? entry : "");
  else if (!self->place_result.completable)
    {
      text = g_strdup (_("Dead end: the pieces ringed in red cannot all stay in any solution. "
                         "Click a piece to take it away, or Backspace."));
      state = 2;
    }
  else if (self->place_result.solution != NULL &&
           memcmp (self->place_result.solution, self->placed,
                   self->cells_width * self->cells_height) == 0)
    {
      text = g_strdup (_("Solved: every piece is placed and no ray hits another colour."));
      state = 1;
    }
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d piece placed; a solution can still be reached.\n"
                                         "Placing: %s (click the inventory to choose)",
                                         "%d pieces placed; a solution can still be reached.\n"
                                         "Placing: %s (click the inventory to choose)",
                                         placed_count (self)),
                            placed_count (self), entry ? entry : "");
  pw_analysis_panel_set_play_message (self->analysis_panel, text, state);
  /* the toolbar's move counter belongs to move play */
  gtk_label_set_text (self->moves_label, "");
  update_actions (self);
}

static void
place_checked (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(PwWindow) self = data;
  g_autoptr(GError) error = NULL;
  PwPlaceResult *found = g_task_propagate_pointer (G_TASK (result), &error);

  if (found == NULL)
    return;  /* cancelled: a newer check is on its way */
  if (self->placed == NULL)
    {
      pw_place_result_clear (found);
      g_free (found);
      return;
    }
  pw_place_result_clear (&self->place_result);
  self->place_result = *found;
  g_free (found);
  self->place_known = TRUE;
  update_placement_status (self);
}

static void
place_result_free (gpointer data)
{
  pw_place_result_clear (data);
  g_free (data);
}

typedef struct
{
  PwLevel *level;
  guint8  *placed;
} PlaceJob;

static void
place_job_free (PlaceJob *job)
{
  pw_level_unref (job->level);
  g_free (job->placed);
  g_free (job);
}

static void
place_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  PlaceJob *job = data;
  const PwKind *kind = pw_level_get_kind (job->level);
  PwPlaceResult *result = g_new0 (PwPlaceResult, 1);
  GError *error = NULL;

  if (!kind->place_check (pw_level_get_data (job->level), job->placed, result, cancellable,
                          &error))
    {
      g_free (result);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, result, place_result_free);
}

/* The placement changed: check it on a worker thread; the panel says so
 * meanwhile. */
static void
placement_changed (PwWindow *self)
{
  PwLevel *level = current_level (self);
  g_autoptr(GTask) task = NULL;
  PlaceJob *job;

  if (self->place_cancellable != NULL)
    g_cancellable_cancel (self->place_cancellable);
  g_clear_object (&self->place_cancellable);
  self->place_known = FALSE;
  update_placement_status (self);
  if (level == NULL)
    return;

  self->place_cancellable = g_cancellable_new ();
  job = g_new0 (PlaceJob, 1);
  job->level = pw_level_copy (level);
  job->placed = g_memdup2 (self->placed, self->cells_width * self->cells_height);
  task = g_task_new (NULL, self->place_cancellable, place_checked, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) place_job_free);
  g_task_run_in_thread (task, place_thread);
}

static void
canvas_place (PwWindow *self,
              int       column,
              int       row)
{
  PwLevel *level = current_level (self);
  const PwKindView *view = level ? pw_kind_view_lookup (pw_level_get_kind_id (level)) : NULL;
  int entry, cell;

  if (self->placed == NULL || view == NULL)
    return;
  entry = view->place_entry_at ? view->place_entry_at (pw_level_get_data (level), column, row) : -1;
  if (entry >= 0)
    {
      self->entry = entry;
      update_placement_status (self);
      return;
    }
  if (column >= self->cells_width || row >= self->cells_height)
    return;
  cell = row * self->cells_width + column;
  if (self->placed[cell] != 0)
    {
      /* a piece: take it away */
      self->placed[cell] = 0;
      for (guint i = 0; i < self->placed_order->len; i++)
        if (g_array_index (self->placed_order, int, i) == cell)
          {
            g_array_remove_index (self->placed_order, i);
            break;
          }
    }
  else if (view->get_tile (pw_level_get_data (level), column, row) == '.')
    {
      self->placed[cell] = self->entry + 1;
      g_array_append_val (self->placed_order, cell);
    }
  else
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  placement_changed (self);
}

static void
placement_back (PwWindow *self)
{
  int cell;

  if (self->placed_order->len == 0)
    return;
  cell = g_array_index (self->placed_order, int, self->placed_order->len - 1);
  g_array_set_size (self->placed_order, self->placed_order->len - 1);
  self->placed[cell] = 0;
  placement_changed (self);
}

static void
placement_restart (PwWindow *self)
{
  memset (self->placed, 0, self->cells_width * self->cells_height);
  g_array_set_size (self->placed_order, 0);
  placement_changed (self);
}

/* One piece of the known completion (a hint), or all of them. */
static void
placement_fill (PwWindow *self,
                gboolean  all)
{
  const guint8 *solution = self->place_result.solution;

  if (!self->place_known || !self->place_result.completable || solution == NULL)
    return;
  for (int i = 0; i < self->cells_width * self->cells_height; i++)
    if (solution[i] != 0 && self->placed[i] == 0)
      {
        self->placed[i] = solution[i];
        g_array_append_val (self->placed_order, i);
        if (!all)
          break;
      }
  placement_changed (self);
}

static void
leave_placement (PwWindow *self)
{
  if (self->place_cancellable != NULL)
    g_cancellable_cancel (self->place_cancellable);
  g_clear_object (&self->place_cancellable);
  g_clear_pointer (&self->placed, g_free);
  g_clear_pointer (&self->placed_order, g_array_unref);
  pw_place_result_clear (&self->place_result);
  self->place_known = FALSE;
  pw_canvas_set_placement (self->canvas, NULL, NULL);
  pw_analysis_panel_set_play_message (self->analysis_panel, NULL, 0);
}

static gboolean
enter_placement (PwWindow *self)
{
  PwLevel *level = current_level (self);

  pw_level_get_cells (level, &self->cells_width, &self->cells_height);
  if (self->cells_width * self->cells_height == 0)
    return FALSE;
  self->placed = g_new0 (guint8, self->cells_width * self->cells_height);
  self->placed_order = g_array_new (FALSE, FALSE, sizeof (int));
  self->entry = 0;
  placement_changed (self);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Play mode                                                            */

static void
stop_solution (PwWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "solution-play");

  g_clear_handle_id (&self->solution_timeout, g_source_remove);
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (FALSE));
}

static void
leave_play (PwWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "play");

  stop_solution (self);
  if (self->placed != NULL)
    leave_placement (self);
  if (pw_card_table_get_playing (self->card_table))
    {
      pw_card_table_set_playing (self->card_table, FALSE);
      pw_analysis_panel_set_play_message (self->analysis_panel, NULL, 0);
    }
  pw_canvas_set_play (self->canvas, NULL);
  g_clear_pointer (&self->play, pw_play_free);
  gtk_stack_set_visible_child_name (self->toolbar_stack, "edit");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (FALSE));
  update_play (self);
}

static gboolean
enter_play (PwWindow *self)
{
  PwLevel *level = current_level (self);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "play");

  if (level == NULL)
    return FALSE;
  if (is_cards (level))
    {
      g_autoptr(GPtrArray) problems = pw_level_validate (level);

      if (problems->len > 0)
        return FALSE;
      pw_card_table_set_playing (self->card_table, TRUE);
      gtk_stack_set_visible_child_name (self->toolbar_stack, "play");
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (TRUE));
      update_actions (self);
      return TRUE;
    }
  if (pw_level_get_kind (level) != NULL && pw_level_get_kind (level)->place_check != NULL)
    {
      if (!enter_placement (self))
        return FALSE;
      gtk_stack_set_visible_child_name (self->toolbar_stack, "play");
      g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (TRUE));
      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
      update_actions (self);
      return TRUE;
    }
  self->play = pw_play_new (level);
  if (self->play == NULL)
    {
      show_error (self, _("This level cannot be played"),
                  _("Its problems are listed in the analysis panel; fix them first."));
      return FALSE;
    }
  if (self->analysis != NULL)
    pw_play_set_analysis (self->play, self->analysis);
  pw_canvas_set_play (self->canvas, self->play);
  gtk_stack_set_visible_child_name (self->toolbar_stack, "play");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (TRUE));
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  update_play (self);
  return TRUE;
}

static void
canvas_move (PwWindow *self,
             guint     move)
{
  if (self->play == NULL)
    return;
  stop_solution (self);
  if (pw_play_move (self->play, move))
    update_play (self);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static gboolean
solution_step (PwWindow *self)
{
  int hint;

  if (pw_card_table_get_playing (self->card_table))
    return pw_card_table_solution_step (self->card_table);
  if (self->play == NULL)
    return FALSE;
  if (pw_play_is_won (self->play) || pw_play_get_status (self->play, NULL) != PW_PLAY_WINNABLE)
    pw_play_restart (self->play);
  hint = pw_play_hint (self->play);
  if (hint < 0)
    {
      update_play (self);
      return FALSE;
    }
  pw_play_move (self->play, hint);
  update_play (self);
  return !pw_play_is_won (self->play);
}

static gboolean
solution_tick (gpointer data)
{
  PwWindow *self = data;

  if (!solution_step (self))
    {
      self->solution_timeout = 0;
      stop_solution (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
speed_changed (PwWindow *self)
{
  if (self->solution_timeout != 0)
    {
      g_source_remove (self->solution_timeout);
      self->solution_timeout =
        g_timeout_add ((guint) (1000 / gtk_adjustment_get_value (self->speed_adjustment)),
                       solution_tick, self);
    }
}

static void
graph_state_activated (PwWindow *self,
                       guint     state)
{
  if (self->play == NULL && !enter_play (self))
    return;
  stop_solution (self);
  if (pw_play_goto_state (self->play, state))
    update_play (self);
}

/* ------------------------------------------------------------------ */
/* Documents                                                            */

static void
document_notify (PwWindow *self)
{
  update_title (self);
  update_actions (self);
}

static void
disconnect_document (PwWindow *self)
{
  if (self->document == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->document, self);
  if (recovery (self) != NULL)
    pw_recovery_forget (recovery (self), self->document);
  g_clear_object (&self->document);
}

void
pw_window_set_document (PwWindow   *self,
                        PwDocument *document)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (PW_IS_DOCUMENT (document));

  if (self->play != NULL || self->placed != NULL)
    leave_play (self);
  disconnect_document (self);
  self->document = g_object_ref (document);
  g_signal_connect_swapped (document, "levels-changed", G_CALLBACK (levels_changed), self);
  g_signal_connect_swapped (document, "level-changed", G_CALLBACK (level_changed), self);
  g_signal_connect_swapped (document, "info-changed", G_CALLBACK (document_notify), self);
  g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (document_notify), self);
  g_signal_connect_swapped (document, "notify::can-undo", G_CALLBACK (document_notify), self);
  g_signal_connect_swapped (document, "notify::can-redo", G_CALLBACK (document_notify), self);
  if (recovery (self) != NULL)
    pw_recovery_watch (recovery (self), document, AUTOSAVE_MS);

  self->current = G_MAXUINT;
  set_analysis (self, NULL);
  g_clear_pointer (&self->shown, pw_level_unref);
  pw_level_list_set_document (self->level_list, document);
  update_title (self);
  update_actions (self);

  if (pw_document_get_file (document) != NULL && settings (self) != NULL)
    {
      g_autofree char *path = g_file_get_path (pw_document_get_file (document));

      if (path != NULL)
        pw_application_note_recent (PW_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                    path);
    }
}

PwDocument *
pw_window_get_document (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), NULL);
  return self->document;
}

guint
pw_window_get_current (PwWindow *self)
{
  g_return_val_if_fail (PW_IS_WINDOW (self), G_MAXUINT);
  return self->current;
}

typedef void (*ThenFunc) (PwWindow *self,
                          gpointer  data);

typedef struct
{
  PwWindow      *window;
  ThenFunc       then;
  gpointer       data;
  GDestroyNotify destroy;
} Confirm;

static void save_then (PwWindow *self, ThenFunc then, gpointer data, GDestroyNotify destroy);

static void
confirm_response (GtkDialog *dialog,
                  int        response,
                  Confirm   *confirm)
{
  PwWindow *self = confirm->window;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    {
      save_then (self, confirm->then, confirm->data, confirm->destroy);
      confirm->destroy = NULL;
    }
  else if (response == GTK_RESPONSE_REJECT)
    confirm->then (self, confirm->data);
  if (confirm->destroy != NULL)
    confirm->destroy (confirm->data);
  g_object_unref (confirm->window);
  g_free (confirm);
}

/* Runs @then now when nothing is unsaved, else after asking: Save (then
 * go on once saved), Discard (go on), Cancel (do nothing). */
static void
confirm_discard (PwWindow       *self,
                 ThenFunc        then,
                 gpointer        data,
                 GDestroyNotify  destroy)
{
  Confirm *confirm;
  GtkWidget *dialog;
  const char *title;

  pw_level_panel_flush (self->level_panel);
  if (self->document == NULL || !pw_document_get_modified (self->document))
    {
      then (self, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  confirm = g_new0 (Confirm, 1);
  confirm->window = g_object_ref (self);
  confirm->then = then;
  confirm->data = data;
  confirm->destroy = destroy;
  title = pw_level_set_get_title (pw_document_get_set (self->document));
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save the changes to “%s”?"),
                                   title && *title ? title : _("Untitled Level Set"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Unsaved changes are lost if you do not save them."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_REJECT),
                            "destructive-action");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response), confirm);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
save_to (PwWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  pw_level_panel_flush (self->level_panel);
  if (!pw_document_save (self->document, file, NULL, &error))
    {
      show_error (self, _("The level set could not be saved"), error->message);
      return FALSE;
    }
  if (recovery (self) != NULL)
    pw_recovery_forget (recovery (self), self->document),
    pw_recovery_watch (recovery (self), self->document, AUTOSAVE_MS);
  {
    g_autofree char *path = g_file_get_path (pw_document_get_file (self->document));
    GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

    if (path != NULL && PW_IS_APPLICATION (app))
      pw_application_note_recent (PW_APPLICATION (app), path);
  }
  update_title (self);
  return TRUE;
}

typedef struct
{
  PwWindow       *window;
  ThenFunc        then;
  gpointer        data;
  GDestroyNotify  destroy;
  GtkNativeDialog *chooser;
} SaveAs;

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  SaveAs          *save)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (save_to (save->window, file) && save->then != NULL)
        save->then (save->window, save->data);
    }
  if (save->destroy != NULL)
    save->destroy (save->data);
  g_object_unref (save->window);
  g_object_unref (save->chooser);
  g_free (save);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Level sets (*.json)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

static void
save_as_then (PwWindow       *self,
              ThenFunc        then,
              gpointer        data,
              GDestroyNotify  destroy)
{
  GtkFileChooserNative *chooser;
  SaveAs *save = g_new0 (SaveAs, 1);
  const char *title = pw_level_set_get_title (pw_document_get_set (self->document));
  g_autofree char *name = g_strdup_printf ("%s.json", title && *title ? title : _("Untitled"));
  g_autoptr(GtkFileFilter) filter = json_filter ();

  chooser = gtk_file_chooser_native_new (_("Save Level Set"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (pw_document_get_file (self->document) != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), pw_document_get_file (self->document), NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  save->window = g_object_ref (self);
  save->then = then;
  save->data = data;
  save->destroy = destroy;
  save->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (save_as_response), save);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save_then (PwWindow       *self,
           ThenFunc        then,
           gpointer        data,
           GDestroyNotify  destroy)
{
  GFile *file = pw_document_get_file (self->document);

  if (file == NULL)
    {
      save_as_then (self, then, data, destroy);
      return;
    }
  if (save_to (self, NULL) && then != NULL)
    then (self, data);
  if (destroy != NULL)
    destroy (data);
}

static PwDocument *
load_file (GFile   *file,
           GError **error)
{
  g_autofree char *basename = g_file_get_basename (file);

  /* a plain-text collection opens as a new, unsaved set, in the first
   * kind whose text form reads it */
  if (g_str_has_suffix (basename, ".txt"))
    {
      g_autofree char *contents = NULL;
      g_autofree char *title = g_strndup (basename, strlen (basename) - 4);
      const PwKind * const *kinds;
      guint n_kinds;
      GError *first_error = NULL;

      if (!g_file_load_contents (file, NULL, &contents, NULL, NULL, error))
        return NULL;
      kinds = pw_kinds_list (&n_kinds);
      for (guint i = 0; i < n_kinds; i++)
        {
          g_autoptr(PwLevelSet) set = pw_level_set_new ();

          if (kinds[i]->from_text == NULL ||
              !pw_import_text (set, kinds[i]->id, contents, basename,
                               first_error == NULL ? &first_error : NULL))
            continue;
          g_clear_error (&first_error);
          pw_level_set_set_title (set, title);
          return pw_document_new (set, NULL);
        }
      if (first_error != NULL)
        g_propagate_error (error, first_error);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("%s: no kind of level reads this text"), basename);
      return NULL;
    }
  return pw_document_load (file, NULL, error);
}

static void
open_now (PwWindow *self,
          gpointer  data)
{
  GFile *file = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PwDocument) document = load_file (file, &error);

  if (document == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *primary = g_strdup_printf (_("“%s” could not be opened"), name);

      show_error (self, primary, error->message);
      return;
    }
  pw_window_set_document (self, document);
}

void
pw_window_open_file (PwWindow *self,
                     GFile    *file)
{
  g_return_if_fail (PW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  confirm_discard (self, open_now, g_object_ref (file), g_object_unref);
}

typedef void (*FileChosen) (PwWindow *self,
                            GFile    *file);

/* a function pointer cannot travel as object data by itself */
typedef struct
{
  FileChosen fn;
} FileChosenBox;

/* A native file chooser, modal over the window, that calls @chosen with
 * the file when the user accepts. */
static void
file_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       PwWindow        *self)
{
  FileChosenBox *chosen = g_object_get_data (G_OBJECT (chooser), "chosen");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      chosen->fn (self, file);
    }
  g_object_unref (chooser);
}

static GtkFileChooser *
file_chooser_new (PwWindow             *self,
                  const char           *title,
                  GtkFileChooserAction  action,
                  const char           *accept,
                  FileChosen            chosen)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                               accept, _("_Cancel"));
  FileChosenBox *box = g_new (FileChosenBox, 1);

  box->fn = chosen;
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "chosen", box, g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (file_chooser_response), self);
  return GTK_FILE_CHOOSER (chooser);
}

static void
open_chosen (PwWindow *self,
             GFile    *file)
{
  open_now (self, file);
}

static void
choose_file_to_open (PwWindow *self,
                     gpointer  data)
{
  GtkFileChooser *chooser = file_chooser_new (self, _("Open Level Set"),
                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                              open_chosen);
  g_autoptr(GtkFileFilter) filter = json_filter ();
  g_autoptr(GtkFileFilter) text = gtk_file_filter_new ();

  gtk_file_filter_set_name (text, _("Plain-text level collections (*.txt)"));
  gtk_file_filter_add_pattern (text, "*.txt");
  gtk_file_chooser_add_filter (chooser, filter);
  gtk_file_chooser_add_filter (chooser, text);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
new_now (PwWindow *self,
         gpointer  data)
{
  g_autoptr(PwLevelSet) set = pw_level_set_new ();
  g_autoptr(PwDocument) document = NULL;
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(PwLevel) level = NULL;

  kinds = pw_kinds_list (&n_kinds);
  level = pw_level_new (kinds[0]);
  pw_level_set_name (level, _("Level 1"));
  pw_level_set_set_title (set, _("Untitled Level Set"));
  pw_level_set_append (set, level);
  document = pw_document_new (set, NULL);
  pw_window_set_document (self, document);
}

/* ------------------------------------------------------------------ */
/* CSV export                                                           */

typedef struct
{
  GPtrArray        *levels;     /* PwLevel copies */
  GPtrArray        *analyses;   /* PwAnalysis or NULL, from the cache */
  GFile            *file;
  PwAnalyseOptions  options;
  PwWindow         *window;
} Export;

static void
analysis_unref0 (gpointer analysis)
{
  if (analysis != NULL)
    pw_analysis_unref (analysis);
}

static void
export_free (Export *export)
{
  g_ptr_array_unref (export->levels);
  g_ptr_array_unref (export->analyses);
  g_object_unref (export->file);
  g_object_unref (export->window);
  g_free (export);
}

typedef struct
{
  PwWindow *window;
  guint     done;
  guint     total;
} ExportProgress;

static gboolean
export_progress_idle (gpointer data)
{
  ExportProgress *p = data;
  g_autofree char *text = g_strdup_printf (_("Exporting: %u of %u levels analysed"),
                                           p->done, p->total);

  if (p->window->export_cancellable != NULL)
    {
      gtk_label_set_text (p->window->export_label, text);
      gtk_progress_bar_set_fraction (p->window->export_progress, (double) p->done / MAX (p->total, 1));
    }
  g_object_unref (p->window);
  g_free (p);
  return G_SOURCE_REMOVE;
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Export *export = data;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_report_row_free);
  g_autofree char *csv = NULL;
  GError *error = NULL;

  for (guint i = 0; i < export->levels->len; i++)
    {
      PwLevel *level = g_ptr_array_index (export->levels, i);
      g_autoptr(PwAnalysis) analysis = NULL;
      g_autoptr(GError) level_error = NULL;

      if (g_ptr_array_index (export->analyses, i) != NULL)
        analysis = pw_analysis_ref (g_ptr_array_index (export->analyses, i));
      else if (pw_level_get_kind (level) != NULL)
        analysis = pw_level_analyse (level, &export->options, NULL, NULL, cancellable,
                                     &level_error);
      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (rows, pw_report_row_new (NULL, i + 1, level, analysis,
                                                level_error ? level_error->message : NULL));
      {
        ExportProgress *p = g_new (ExportProgress, 1);

        p->window = g_object_ref (export->window);
        p->done = i + 1;
        p->total = export->levels->len;
        g_idle_add_full (G_PRIORITY_DEFAULT, export_progress_idle, p, NULL);
      }
    }

  csv = pw_report_to_csv (rows, FALSE);
  if (!g_file_replace_contents (export->file, csv, strlen (csv), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  PwWindow *self = PW_WINDOW (source);
  g_autoptr(GError) error = NULL;

  gtk_revealer_set_reveal_child (self->export_revealer, FALSE);
  g_clear_object (&self->export_cancellable);
  update_actions (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_error (self, _("The CSV file could not be written"), error->message);
}

void
pw_window_export_csv (PwWindow *self,
                      GFile    *file)
{
  g_autoptr(GTask) task = NULL;
  Export *export = g_new0 (Export, 1);

  export->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_level_unref);
  export->analyses = g_ptr_array_new_with_free_func (analysis_unref0);
  for (guint i = 0; i < pw_document_get_n_levels (self->document); i++)
    {
      PwLevel *level = pw_document_get_level (self->document, i);
      PwAnalysis *cached = pw_scheduler_lookup (self->scheduler, level);

      g_ptr_array_add (export->levels, pw_level_copy (level));
      g_ptr_array_add (export->analyses, cached ? pw_analysis_ref (cached) : NULL);
    }
  export->file = g_object_ref (file);
  export->window = g_object_ref (self);
  pw_analyse_options_init (&export->options);

  self->export_cancellable = g_cancellable_new ();
  gtk_progress_bar_set_fraction (self->export_progress, 0);
  gtk_label_set_text (self->export_label, _("Exporting…"));
  gtk_revealer_set_reveal_child (self->export_revealer, TRUE);
  update_actions (self);

  task = g_task_new (self, self->export_cancellable, export_done, NULL);
  g_task_set_task_data (task, export, (GDestroyNotify) export_free);
  g_task_run_in_thread (task, export_thread);
}

/* ------------------------------------------------------------------ */
/* Actions                                                              */

static void
update_actions (PwWindow *self)
{
  gboolean has_doc = self->document != NULL;
  gboolean has_level = current_level (self) != NULL;
  gboolean placing = self->placed != NULL;
  gboolean cards = pw_card_table_get_playing (self->card_table);
  gboolean playing = self->play != NULL || placing || cards;
  gboolean can_fill = placing && self->place_known && self->place_result.completable;
  PwLevel *level = current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  g_autofree char *undo_tip = NULL;

  set_action_enabled (self, "undo", has_doc && (cards ? pw_card_table_get_n_moves (self->card_table) > 0
                                                : placing ? self->placed_order->len > 0
                                                : self->play != NULL
                                                ? strlen (pw_play_get_history (self->play)) > 0
                                                        : pw_document_can_undo (self->document)));
  set_action_enabled (self, "redo", has_doc && !playing && pw_document_can_redo (self->document));
  set_action_enabled (self, "save", has_doc);
  set_action_enabled (self, "export-csv", has_doc && self->export_cancellable == NULL);
  set_action_enabled (self, "level-duplicate", has_level);
  set_action_enabled (self, "level-rename", has_level);
  set_action_enabled (self, "level-delete", has_level);
  set_action_enabled (self, "level-copy", kind != NULL && kind->to_text != NULL);
  set_action_enabled (self, "level-edit-text",
                      kind != NULL && kind->to_text != NULL && kind->from_text != NULL && !playing);
  set_action_enabled (self, "level-move-up", pw_level_list_can_move_current (self->level_list, -1));
  set_action_enabled (self, "level-move-down", pw_level_list_can_move_current (self->level_list, 1));
  set_action_enabled (self, "transform", kind != NULL && kind->transform != NULL && !playing);
  set_action_enabled (self, "resize", kind != NULL && kind->resize != NULL && !playing);
  if (kind != NULL && (kind->play_new != NULL || kind->place_check != NULL || is_cards (level)) &&
      !playing)
    {
      g_autoptr(GPtrArray) problems = pw_level_validate (level);

      set_action_enabled (self, "play", problems->len == 0);
    }
  else
    set_action_enabled (self, "play", playing);
  set_action_enabled (self, "play-restart", playing);
  if (cards)
    {
      gboolean can_hint = pw_card_table_can_hint (self->card_table);

      set_action_enabled (self, "play-back", pw_card_table_get_n_moves (self->card_table) > 0);
      set_action_enabled (self, "play-hint", can_hint);
      set_action_enabled (self, "solution-play", can_hint || self->solution_timeout != 0);
      set_action_enabled (self, "solution-step", can_hint);
    }
  else if (placing)
    {
      set_action_enabled (self, "play-back", self->placed_order->len > 0);
      set_action_enabled (self, "play-hint", can_fill);
      set_action_enabled (self, "solution-play", can_fill);
      set_action_enabled (self, "solution-step", can_fill);
    }
  else
    {
      set_action_enabled (self, "play-back", playing && strlen (pw_play_get_history (self->play)) > 0);
      set_action_enabled (self, "play-hint", playing && pw_play_hint (self->play) >= 0);
      set_action_enabled (self, "solution-play", playing && self->analysis != NULL);
      set_action_enabled (self, "solution-step", playing && self->analysis != NULL);
    }
  /* the card table brings its own edit bar */
  gtk_widget_set_visible (GTK_WIDGET (self->toolbar_stack),
                          playing || level == NULL || !is_cards (level));
  set_action_enabled (self, "tool", !playing);
  set_action_enabled (self, "tile", !playing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->palette_box), !playing);
}

static void
action_undo (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  if (pw_card_table_get_playing (self->card_table))
    {
      stop_solution (self);
      pw_card_table_back (self->card_table);
      return;
    }
  if (self->placed != NULL)
    {
      placement_back (self);
      return;
    }
  if (self->play != NULL)
    {
      stop_solution (self);
      if (pw_play_back (self->play))
        update_play (self);
      return;
    }
  pw_level_panel_flush (self->level_panel);
  pw_document_undo (self->document);
}

static void
action_redo (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  pw_document_redo (self->document);
}

static void
action_new (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       data)
{
  confirm_discard (data, new_now, NULL, NULL);
}

static void
action_open (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  confirm_discard (data, choose_file_to_open, NULL, NULL);
}

static void
action_open_recent (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  pw_window_open_file (data, file);
}

static void
action_save (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  save_then (data, NULL, NULL, NULL);
}

static void
action_save_as (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  save_as_then (data, NULL, NULL, NULL);
}

static void
action_export_csv (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  GtkFileChooser *chooser = file_chooser_new (self, _("Export CSV"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                              _("_Export"), pw_window_export_csv);
  const char *title = pw_level_set_get_title (pw_document_get_set (self->document));
  g_autofree char *name = g_strdup_printf ("%s.csv", title && *title ? title : _("levels"));

  gtk_file_chooser_set_current_name (chooser, name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_cancel_clicked (PwWindow *self)
{
  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
}

static void
insert_after_current (PwWindow   *self,
                      PwLevel    *level,
                      const char *label)
{
  guint at = self->current == G_MAXUINT ? pw_document_get_n_levels (self->document)
                                        : self->current + 1;

  pw_document_insert_level (self->document, at, level, label);
  pw_window_select_level (self, at);
}

static void
action_level_add (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;
  const PwKind *kind = pw_kinds_lookup (g_variant_get_string (parameter, NULL));
  g_autoptr(PwLevel) level = NULL;
  g_autofree char *name = NULL;

  if (kind == NULL)
    return;
  level = pw_level_new (kind);
  name = g_strdup_printf (_("Level %u"), pw_document_get_n_levels (self->document) + 1);
  pw_level_set_name (level, name);
  insert_after_current (self, level, _("Add Level"));
}

static void
action_level_add_default (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = current_level (self);
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(GVariant) kind = NULL;

  kinds = pw_kinds_list (&n_kinds);
  kind = g_variant_ref_sink (g_variant_new_string (level && pw_level_get_kind (level)
                                                   ? pw_level_get_kind_id (level)
                                                   : kinds[0]->id));
  action_level_add (NULL, kind, self);
}

static void
action_level_duplicate (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  PwWindow *self = data;
  g_autoptr(PwLevel) copy = pw_level_copy (current_level (self));
  g_autofree char *name = g_strdup_printf (_("%s (copy)"), pw_level_get_name (copy));

  pw_level_set_name (copy, name);
  pw_level_set_id (copy, NULL);
  insert_after_current (self, copy, _("Duplicate Level"));
}

static void
action_level_delete (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  if (self->play != NULL || self->placed != NULL)
    leave_play (self);
  pw_document_remove_level (self->document, self->current, _("Delete Level"));
}

static void
action_level_rename (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  pw_level_list_start_rename (self->level_list);
}

static void
action_level_move (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  gboolean up = g_str_equal (g_action_get_name (G_ACTION (action)), "level-move-up");

  /* in a sorted list, the order shown becomes the set's */
  pw_level_list_move_current (self->level_list, up ? -1 : 1);
}

static void
action_level_copy (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  g_autofree char *text = NULL;

  if (kind == NULL || kind->to_text == NULL)
    return;
  text = kind->to_text (pw_level_get_data (level));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
paste_received (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(PwWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  PwLevel *level = current_level (self);
  const PwKind * const *kinds;
  guint n_kinds;
  g_autoptr(PwLevel) pasted = NULL;
  g_autoptr(GError) first_error = NULL;

  if (text == NULL)
    {
      show_error (self, _("Nothing to paste"), error ? error->message : NULL);
      return;
    }
  /* the kind on screen first, then any kind whose text form fits */
  if (level != NULL && pw_level_get_kind (level) != NULL &&
      pw_level_get_kind (level)->from_text != NULL)
    pasted = pw_level_new_from_text (pw_level_get_kind_id (level), text, &first_error);
  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; pasted == NULL && i < n_kinds; i++)
    if (kinds[i]->from_text != NULL)
      pasted = pw_level_new_from_text (kinds[i]->id, text, first_error ? NULL : &first_error);
  if (pasted == NULL)
    {
      show_error (self, _("The clipboard does not hold a level"),
                  first_error ? first_error->message : NULL);
      return;
    }
  if (pw_level_get_name (pasted) == NULL || *pw_level_get_name (pasted) == '\0')
    pw_level_set_name (pasted, _("Pasted level"));
  insert_after_current (self, pasted, _("Paste Level"));
}

static void
action_level_paste (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       data)
{
  PwWindow *self = data;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 paste_received, g_object_ref (self));
}

/* ------------------------------------------------------------------ */
/* Generating levels                                                    */

typedef struct
{
  PwWindow     *window;       /* a reference */
  const PwKind *kind;
  GHashTable   *params;
  guint64       seed;
  guint         wanted;
  gint          found;        /* atomic */
  guint64       tried;        /* atomic-ish: read only for display */
  GCancellable *cancellable;
  GtkWidget    *dialog;       /* main thread only */
  GtkLabel     *status;
  GtkProgressBar *bar;
  GtkWidget    *start;
  gboolean      running;
} Generation;

typedef struct
{
  Generation *g;
  gpointer    data;     /* the kind's level, or NULL for progress */
  double      difficulty;
} GenerationEvent;

/* A generation is shared by its dialog, the running search and every
 * event on its way to the main loop; the last of them frees it. */
static void
generation_clear (gpointer data)
{
  Generation *g = data;

  g_object_unref (g->window);
  g_hash_table_unref (g->params);
  g_clear_object (&g->cancellable);
}

static void
generation_unref (Generation *g)
{
  g_atomic_rc_box_release_full (g, generation_clear);
}

static void
generation_update (Generation *g)
{
  g_autofree char *tried = pw_format_count (g->tried);
  g_autofree char *text =
    /* Translators: the generator's progress: levels found of those asked for, candidates tried */
    g_strdup_printf (_("%d of %u levels found, %s candidates tried"),
                     g_atomic_int_get (&g->found), g->wanted, tried);

  if (g->status == NULL)
    return;
  gtk_label_set_text (g->status, text);
  gtk_progress_bar_set_fraction (g->bar, (double) g_atomic_int_get (&g->found) / MAX (g->wanted, 1));
}

/* On the main loop: a level found goes into the set, one step of undo. */
static gboolean
generation_event (gpointer data)
{
  GenerationEvent *event = data;
  Generation *g = event->g;
  PwWindow *self = g->window;

  if (event->data != NULL && self->document != NULL)
    {
      g_autoptr(PwLevel) level = _pw_level_new_take_data (g->kind, event->data);
      g_autofree char *name = g_strdup_printf (_("Generated %u"),
                                               pw_document_get_n_levels (self->document) + 1);
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, g->seed);
      g_autofree char *notes = g_strdup_printf (_("Generated with seed %s; difficulty %.2f"),
                                                seed, event->difficulty);

      pw_level_set_name (level, name);
      pw_level_set_notes (level, notes);
      pw_document_insert_level (self->document, pw_document_get_n_levels (self->document), level,
                                _("Generate Level"));
      event->data = NULL;
    }
  generation_update (g);
  if (event->data != NULL)
    g->kind->free (event->data);
  generation_unref (g);
  g_free (event);
  return G_SOURCE_REMOVE;
}

static gboolean
generation_found (gpointer data,
                  double   difficulty,
                  gpointer user_data)
{
  Generation *g = user_data;
  GenerationEvent *event = g_new0 (GenerationEvent, 1);
  int found = g_atomic_int_add (&g->found, 1) + 1;

  event->g = g_atomic_rc_box_acquire (g);
  event->data = data;
  event->difficulty = difficulty;
  g_idle_add (generation_event, event);
  return (guint) found < g->wanted;
}

static void
generation_progress (guint64  tried,
                     guint    found,
                     gpointer user_data)
{
  Generation *g = user_data;
  GenerationEvent *event;

  g->tried = tried;
  if (tried % 8 != 0)
    return;
  event = g_new0 (GenerationEvent, 1);
  event->g = g_atomic_rc_box_acquire (g);
  g_idle_add (generation_event, event);
}

static void
generation_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  Generation *g = data;
  GError *error = NULL;

  if (!g->kind->generate (g->params, g->seed, generation_found, generation_progress, g,
                          cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
generation_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Generation *g = data;
  g_autoptr(GError) error = NULL;

  g->running = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (g->status != NULL)
        gtk_label_set_text (g->status, error->message);
      if (g->start != NULL)
        gtk_widget_set_sensitive (g->start, TRUE);
    }
  else if (g->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (g->dialog));
  generation_unref (g);  /* the search's reference */
}

static void
generation_dialog_destroyed (Generation *g)
{
  /* closing the dialog stops the search; the levels found stay */
  g->dialog = NULL;
  g->status = NULL;
  g->bar = NULL;
  g->start = NULL;
  if (g->running)
    g_cancellable_cancel (g->cancellable);
  generation_unref (g);  /* the dialog's reference */
}

static void
generation_start (GtkWidget  *button,
                  Generation *g)
{
  GtkWidget *dialog = gtk_widget_get_ancestor (button, GTK_TYPE_WINDOW);
  GtkSpinButton *count = g_object_get_data (G_OBJECT (dialog), "count");
  GtkSpinButton *seed = g_object_get_data (G_OBJECT (dialog), "seed");
  g_autoptr(GTask) task = NULL;

  g_hash_table_remove_all (g->params);
  for (guint i = 0; i < g->kind->n_generate_params; i++)
    {
      const char *name = g->kind->generate_params[i].name;
      GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), name);
      const char *text = gtk_editable_get_text (entry);

      if (*text != '\0')
        g_hash_table_insert (g->params, g_strdup (name), g_strdup (text));
    }
  g->wanted = gtk_spin_button_get_value_as_int (count);
  g->seed = gtk_spin_button_get_value_as_int (seed);
  g_atomic_int_set (&g->found, 0);
  g->tried = 0;
  g->running = TRUE;
  gtk_widget_set_sensitive (button, FALSE);
  gtk_label_set_text (g->status, _("Generating…"));

  g_clear_object (&g->cancellable);
  g->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, g->cancellable, generation_done, g_atomic_rc_box_acquire (g));
  g_task_set_task_data (task, g, (GDestroyNotify) NULL);
  g_task_run_in_thread (task, generation_thread);
}

static void
action_generate (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = current_level (self);
  const PwKind *kind = level && pw_level_get_kind (level) && pw_level_get_kind (level)->generate
                       ? pw_level_get_kind (level) : NULL;
  const PwKind * const *kinds;
  guint n_kinds;
  Generation *g;
  GtkWidget *window, *header, *close, *start, *grid, *box, *count, *seed, *status, *bar;
  g_autofree char *title = NULL;

  kinds = pw_kinds_list (&n_kinds);
  for (guint i = 0; kind == NULL && i < n_kinds; i++)
    if (kinds[i]->generate != NULL)
      kind = kinds[i];
  if (kind == NULL)
    return;

  g = g_atomic_rc_box_new0 (Generation);
  g->window = g_object_ref (self);
  g->kind = kind;
  g->params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  window = gtk_window_new ();
  g->dialog = window;
  title = g_strdup_printf (_("Generate %s Levels"), _(kind->name));
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_default_size (GTK_WINDOW (window), 460, -1);
  header = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  close = gtk_button_new_with_mnemonic (_("_Close"));
  start = gtk_button_new_with_mnemonic (_("_Generate"));
  gtk_widget_add_css_class (start, "suggested-action");
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), close);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), start);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);
  g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_destroy), window);
  g_signal_connect (start, "clicked", G_CALLBACK (generation_start), g);
  g->start = start;

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint i = 0; i < kind->n_generate_params; i++)
    {
      const PwGenerateParam *param = &kind->generate_params[i];
      GtkWidget *label = gtk_label_new (param->name);
      GtkWidget *entry = gtk_entry_new ();

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      g_autofree char *tip = g_strdup_printf ("%s=%s", param->name, _(param->value));

      /* the placeholder says what the field means and its default */
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _(param->description));
      gtk_widget_set_tooltip_text (entry, tip);
      gtk_widget_set_hexpand (entry, TRUE);
      g_object_set_data (G_OBJECT (window), param->name, entry);
      gtk_grid_attach (GTK_GRID (grid), label, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), entry, 1, i, 1, 1);
    }
  count = gtk_spin_button_new_with_range (1, 100, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (count), 5);
  seed = gtk_spin_button_new_with_range (0, G_MAXINT, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (seed), 1);
  g_object_set_data (G_OBJECT (window), "count", count);
  g_object_set_data (G_OBJECT (window), "seed", seed);
  g_object_set_data (G_OBJECT (window), "start", start);
  gtk_grid_attach (GTK_GRID (grid), gtk_label_new (_("Levels")), 0, kind->n_generate_params, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), count, 1, kind->n_generate_params, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), gtk_label_new (_("Seed")), 0, kind->n_generate_params + 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), seed, 1, kind->n_generate_params + 1, 1, 1);

  status = gtk_label_new (_("Empty fields take the defaults shown. Levels are added to the "
                            "set as they are found; closing stops the search."));
  gtk_label_set_wrap (GTK_LABEL (status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (status), 0);
  bar = gtk_progress_bar_new ();
  g->status = GTK_LABEL (status);
  g->bar = GTK_PROGRESS_BAR (bar);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), status);
  gtk_window_set_child (GTK_WINDOW (window), box);
  /* the dialog holds the first reference, the search and its events their
   * own: closing the dialog stops the search, the levels found stay */
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (generation_dialog_destroyed), g);
  gtk_window_present (GTK_WINDOW (window));
}

static void
edit_text_apply (GtkWidget *button,
                 PwWindow  *self)
{
  GtkWidget *window = gtk_widget_get_ancestor (button, GTK_TYPE_WINDOW);
  GtkTextView *view = g_object_get_data (G_OBJECT (window), "view");
  GtkLabel *message = g_object_get_data (G_OBJECT (window), "message");
  PwLevel *level = current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  gpointer data;

  if (kind == NULL)
    return;
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
  data = kind->from_text (text, &error);
  if (data == NULL)
    {
      /* the dialog stays, with the problem named, so nothing typed is lost */
      gtk_label_set_text (message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (message), TRUE);
      return;
    }
  if (!kind->equal (data, pw_level_get_data (level)))
    {
      g_autoptr(PwLevel) changed = pw_level_with_data (level, data);

      replace_current (self, changed, _("Edit as Text"));
    }
  else
    kind->free (data);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
action_level_edit_text (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  PwWindow *self = data;
  PwLevel *level = current_level (self);
  const PwKind *kind = level ? pw_level_get_kind (level) : NULL;
  GtkWidget *window, *header, *cancel, *apply, *box, *scroller, *view, *message, *hint;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;

  if (kind == NULL || kind->to_text == NULL || kind->from_text == NULL)
    return;
  text = kind->to_text (pw_level_get_data (level));
  window = gtk_window_new ();
  title = g_strdup_printf (_("Edit “%s” as Text"), pw_level_get_name (level));
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 420);
  header = gtk_header_bar_new ();
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  apply = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_add_css_class (apply, "suggested-action");
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), apply);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), window);
  g_signal_connect (apply, "clicked", G_CALLBACK (edit_text_apply), self);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  hint = gtk_label_new (_("The level in its plain-text form, as copy and paste and the "
                          "importer use it. Apply checks it and changes the level in one "
                          "step of undo."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  view = gtk_text_view_new ();
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_add_css_class (scroller, "frame");
  message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_add_css_class (message, "error");
  gtk_widget_set_visible (message, FALSE);
  gtk_box_append (GTK_BOX (box), hint);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_box_append (GTK_BOX (box), message);
  g_object_set_data (G_OBJECT (window), "view", view);
  g_object_set_data (G_OBJECT (window), "message", message);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (view);
}

static void
action_transform (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;
  static const struct { const char *name; PwTransform transform; const char *label; } table[] = {
    { "mirror-left-right", PW_TRANSFORM_MIRROR_LEFT_RIGHT, N_("Mirror Left to Right") },
    { "mirror-top-bottom", PW_TRANSFORM_MIRROR_TOP_BOTTOM, N_("Mirror Top to Bottom") },
    { "rotate-clockwise", PW_TRANSFORM_ROTATE_CLOCKWISE, N_("Rotate Clockwise") },
    { "rotate-anticlockwise", PW_TRANSFORM_ROTATE_ANTICLOCKWISE, N_("Rotate Anticlockwise") },
  };
  const char *name = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (name, table[i].name))
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(PwLevel) changed = pw_level_transformed (current_level (self),
                                                           table[i].transform, &error);

        if (changed == NULL)
          show_error (self, _("The level cannot be transformed"), error->message);
        else
          replace_current (self, changed, _(table[i].label));
      }
}

static void
action_resize (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       data)
{
  PwWindow *self = data;
  static const struct { const char *name; PwSide side; } sides[] = {
    { "top", PW_SIDE_TOP }, { "right", PW_SIDE_RIGHT },
    { "bottom", PW_SIDE_BOTTOM }, { "left", PW_SIDE_LEFT },
  };
  const char *spec = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      gsize len = strlen (sides[i].name);

      if (strncmp (spec, sides[i].name, len) == 0 && (spec[len] == '+' || spec[len] == '-'))
        {
          int delta = spec[len] == '+' ? 1 : -1;
          g_autoptr(GError) error = NULL;
          g_autoptr(PwLevel) changed = pw_level_resized (current_level (self), sides[i].side,
                                                         delta, &error);

          if (changed == NULL)
            show_error (self, _("The grid cannot be resized"), error->message);
          else
            replace_current (self, changed, delta > 0 ? _("Add Row or Column")
                                                      : _("Remove Row or Column"));
          return;
        }
    }
}

static void
action_play (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  if (self->play != NULL || self->placed != NULL || pw_card_table_get_playing (self->card_table))
    leave_play (self);
  else
    enter_play (self);
}

static void
action_play_restart (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  PwWindow *self = data;

  if (pw_card_table_get_playing (self->card_table))
    {
      stop_solution (self);
      pw_card_table_restart (self->card_table);
      return;
    }
  if (self->placed != NULL)
    {
      placement_restart (self);
      return;
    }
  stop_solution (self);
  pw_play_restart (self->play);
  update_play (self);
}

static void
action_play_back (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;

  if (pw_card_table_get_playing (self->card_table))
    {
      stop_solution (self);
      pw_card_table_back (self->card_table);
      return;
    }
  if (self->placed != NULL)
    {
      placement_back (self);
      return;
    }
  stop_solution (self);
  if (pw_play_back (self->play))
    update_play (self);
}

static void
action_play_hint (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  PwWindow *self = data;
  int hint;

  if (pw_card_table_get_playing (self->card_table))
    {
      stop_solution (self);
      pw_card_table_hint (self->card_table);
      return;
    }
  if (self->placed != NULL)
    {
      placement_fill (self, FALSE);
      return;
    }
  hint = pw_play_hint (self->play);
  stop_solution (self);
  if (hint >= 0 && pw_play_move (self->play, hint))
    update_play (self);
}

static void
action_solution_play (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  PwWindow *self = data;

  if (self->placed != NULL)
    {
      /* show the solution: the known completion, all at once */
      placement_fill (self, TRUE);
      g_simple_action_set_state (action, g_variant_new_boolean (FALSE));
      return;
    }
  if (self->solution_timeout != 0)
    {
      stop_solution (self);
      return;
    }
  g_simple_action_set_state (action, g_variant_new_boolean (TRUE));
  if (self->play != NULL && pw_play_get_status (self->play, NULL) != PW_PLAY_WINNABLE)
    {
      pw_play_restart (self->play);
      update_play (self);
    }
  self->solution_timeout =
    g_timeout_add ((guint) (1000 / gtk_adjustment_get_value (self->speed_adjustment)),
                   solution_tick, self);
}

static void
action_solution_step (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  PwWindow *self = data;

  if (self->placed != NULL)
    {
      placement_fill (self, FALSE);
      return;
    }
  stop_solution (self);
  solution_step (self);
}

static void
action_tool (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;
  static const char *names[] = { "pencil", "rectangle", "fill", "eraser" };
  const char *name = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        pw_canvas_set_tool (self->canvas, (PwTool) i);
        g_simple_action_set_state (action, parameter);
      }
}

static void
action_tile (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;
  const char *tile = g_variant_get_string (parameter, NULL);

  if (tile[0] == '\0')
    return;
  pw_canvas_set_tile (self->canvas, tile[0]);
  g_simple_action_set_state (action, parameter);
  if (pw_canvas_get_tool (self->canvas) == PW_TOOL_ERASER)
    g_action_group_activate_action (G_ACTION_GROUP (self), "tool", g_variant_new_string ("pencil"));
}

static void
action_zoom (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "zoom-in"))
    pw_canvas_zoom_in (self->canvas);
  else if (g_str_equal (name, "zoom-out"))
    pw_canvas_zoom_out (self->canvas);
  else
    pw_canvas_zoom_fit (self->canvas);
}

static void
action_find (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwWindow *self = data;

  pw_level_list_focus_filter (self->level_list);
}

static void
set_properties_apply (GtkWidget *button,
                      PwWindow  *self)
{
  GtkWidget *window = gtk_widget_get_ancestor (button, GTK_TYPE_WINDOW);
  GtkEditable *title = g_object_get_data (G_OBJECT (window), "title");
  GtkEditable *author = g_object_get_data (G_OBJECT (window), "author");
  GtkTextView *notes = g_object_get_data (G_OBJECT (window), "notes");
  PwLevelSet *set = pw_document_get_set (self->document);
  GtkTextIter start, end;
  g_autofree char *notes_text = NULL;

  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (notes), &start, &end);
  notes_text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (notes), &start, &end, FALSE);
  pw_document_begin_group (self->document, _("Level Set Properties"));
  if (g_strcmp0 (gtk_editable_get_text (title), pw_level_set_get_title (set)) != 0)
    pw_document_set_info (self->document, PW_SET_TITLE, gtk_editable_get_text (title),
                          _("Level Set Properties"));
  if (g_strcmp0 (gtk_editable_get_text (author), pw_level_set_get_author (set)) != 0)
    pw_document_set_info (self->document, PW_SET_AUTHOR, gtk_editable_get_text (author),
                          _("Level Set Properties"));
  if (g_strcmp0 (notes_text, pw_level_set_get_notes (set) ? pw_level_set_get_notes (set) : "") != 0)
    pw_document_set_info (self->document, PW_SET_NOTES, notes_text, _("Level Set Properties"));
  pw_document_end_group (self->document);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
action_set_properties (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       data)
{
  PwWindow *self = data;
  PwLevelSet *set = pw_document_get_set (self->document);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *apply = gtk_button_new_with_mnemonic (_("_Apply"));
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *title = gtk_entry_new ();
  GtkWidget *author = gtk_entry_new ();
  GtkWidget *notes = gtk_text_view_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  const char *labels[] = { N_("_Title"), N_("_Author"), N_("_Notes") };
  GtkWidget *fields[] = { title, author, scroller };

  gtk_window_set_title (GTK_WINDOW (window), _("Level Set Properties"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 320);
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), apply);
  gtk_widget_add_css_class (apply, "suggested-action");
  gtk_window_set_titlebar (GTK_WINDOW (window), header);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), window);
  g_signal_connect (apply, "clicked", G_CALLBACK (set_properties_apply), self);

  gtk_editable_set_text (GTK_EDITABLE (title), pw_level_set_get_title (set) ? pw_level_set_get_title (set) : "");
  gtk_editable_set_text (GTK_EDITABLE (author), pw_level_set_get_author (set) ? pw_level_set_get_author (set) : "");
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (notes)),
                            pw_level_set_get_notes (set) ? pw_level_set_get_notes (set) : "", -1);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (notes), GTK_WRAP_WORD_CHAR);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), notes);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_hexpand (scroller, TRUE);
  gtk_widget_add_css_class (scroller, "frame");
  g_object_set_data (G_OBJECT (window), "title", title);
  g_object_set_data (G_OBJECT (window), "author", author);
  g_object_set_data (G_OBJECT (window), "notes", notes);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      GtkWidget *label = gtk_label_new_with_mnemonic (_(labels[i]));

      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_label_set_yalign (GTK_LABEL (label), 0);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), i == 2 ? notes : fields[i]);
      gtk_grid_attach (GTK_GRID (grid), label, 0, i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), fields[i], 1, i, 1, 1);
    }
  gtk_window_set_child (GTK_WINDOW (window), grid);
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry win_entries[] = {
  { "new", action_new },
  { "open", action_open },
  { "open-recent", action_open_recent, "s" },
  { "save", action_save },
  { "save-as", action_save_as },
  { "export-csv", action_export_csv },
  { "set-properties", action_set_properties },
  { "undo", action_undo },
  { "redo", action_redo },
  { "level-add", action_level_add, "s" },
  { "level-add-default", action_level_add_default },
  { "level-duplicate", action_level_duplicate },
  { "level-rename", action_level_rename },
  { "level-delete", action_level_delete },
  { "level-move-up", action_level_move },
  { "level-move-down", action_level_move },
  { "level-copy", action_level_copy },
  { "level-paste", action_level_paste },
  { "level-edit-text", action_level_edit_text },
  { "generate", action_generate },
  { "transform", action_transform, "s" },
  { "resize", action_resize, "s" },
  { "play", action_play, NULL, "false" },
  { "play-restart", action_play_restart },
  { "play-back", action_play_back },
  { "play-hint", action_play_hint },
  { "solution-play", action_solution_play, NULL, "false" },
  { "solution-step", action_solution_step },
  { "tool", action_tool, "s", "'pencil'" },
  { "tile", action_tile, "s", "'#'" },
  { "zoom-in", action_zoom },
  { "zoom-out", action_zoom },
  { "zoom-fit", action_zoom },
  { "find", action_find },
};

/* ------------------------------------------------------------------ */

/* The tools' icons, drawn like the board so they stay crisp at any scale:
 * a pencil, a rectangle, a paint drop over a filled square, an eraser. */
static void
draw_tool_icon (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  int tool = GPOINTER_TO_INT (data);
  double s = MIN (width, height);
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_translate (cr, (width - s) / 2, (height - s) / 2);
  cairo_set_line_width (cr, MAX (1.5, s / 10));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (tool)
    {
    case PW_TOOL_PENCIL:
      cairo_move_to (cr, s * 0.2, s * 0.8);
      cairo_line_to (cr, s * 0.27, s * 0.58);
      cairo_line_to (cr, s * 0.7, s * 0.15);
      cairo_line_to (cr, s * 0.85, s * 0.3);
      cairo_line_to (cr, s * 0.42, s * 0.73);
      cairo_close_path (cr);
      cairo_stroke (cr);
      break;
    case PW_TOOL_RECTANGLE:
      cairo_rectangle (cr, s * 0.18, s * 0.25, s * 0.64, s * 0.5);
      cairo_stroke (cr);
      break;
    case PW_TOOL_FILL:
      cairo_rectangle (cr, s * 0.15, s * 0.45, s * 0.5, s * 0.4);
      cairo_fill (cr);
      cairo_move_to (cr, s * 0.75, s * 0.15);
      cairo_curve_to (cr, s * 0.95, s * 0.45, s * 0.9, s * 0.55, s * 0.75, s * 0.55);
      cairo_curve_to (cr, s * 0.6, s * 0.55, s * 0.55, s * 0.45, s * 0.75, s * 0.15);
      cairo_fill (cr);
      break;
    case PW_TOOL_ERASER:
    default:
      cairo_move_to (cr, s * 0.15, s * 0.6);
      cairo_line_to (cr, s * 0.5, s * 0.25);
      cairo_line_to (cr, s * 0.85, s * 0.6);
      cairo_line_to (cr, s * 0.6, s * 0.85);
      cairo_line_to (cr, s * 0.4, s * 0.85);
      cairo_close_path (cr);
      cairo_stroke (cr);
      cairo_move_to (cr, s * 0.32, s * 0.43);
      cairo_line_to (cr, s * 0.67, s * 0.78);
      cairo_stroke (cr);
      break;
    }
}

static void
build_tools (PwWindow *self)
{
  static const struct { const char *name; const char *label; const char *key; } tools[] = {
    { "pencil", N_("Pencil"), "Ctrl+1" },
    { "rectangle", N_("Rectangle"), "Ctrl+2" },
    { "fill", N_("Fill"), "Ctrl+3" },
    { "eraser", N_("Eraser (or the right button)"), "Ctrl+4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *icon = gtk_drawing_area_new ();
      g_autofree char *tip = g_strdup_printf ("%s (%s)", _(tools[i].label), tools[i].key);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), 20);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), 20);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_tool_icon,
                                      GINT_TO_POINTER (i), NULL);
      gtk_button_set_child (GTK_BUTTON (button), icon);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(tools[i].label), -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].name);
      gtk_box_append (self->tool_box, button);
      self->tool_buttons[i] = button;
    }
}

static void
destroy_now (PwWindow *self,
             gpointer  data)
{
  /* saved or discarded: nothing left to recover */
  disconnect_document (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
close_request_handler (GtkWindow *window)
{
  PwWindow *self = PW_WINDOW (window);
  GSettings *s = settings (self);

  if (s != NULL)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set (s, "window-size", "(ii)", width, height);
      g_settings_set_int (s, "level-list-width", gtk_paned_get_position (self->outer_paned));
      g_settings_set_boolean (s, "window-maximized", gtk_window_is_maximized (window));
    }
  if (self->document != NULL && pw_document_get_modified (self->document))
    {
      confirm_discard (self, destroy_now, NULL, NULL);
      return TRUE;
    }
  return FALSE;
}

static void
pw_window_dispose (GObject *object)
{
  PwWindow *self = PW_WINDOW (object);

  if (self->export_cancellable != NULL)
    g_cancellable_cancel (self->export_cancellable);
  g_clear_handle_id (&self->solution_timeout, g_source_remove);
  g_clear_pointer (&self->play, pw_play_free);
  if (self->placed != NULL)
    leave_placement (self);
  disconnect_document (self);
  if (self->scheduler != NULL)
    g_signal_handlers_disconnect_by_data (self->scheduler, self);
  g_clear_object (&self->scheduler);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->shown, pw_level_unref);
  g_clear_pointer (&self->on_screen, pw_level_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_WINDOW);
  G_OBJECT_CLASS (pw_window_parent_class)->dispose (object);
}

static void
pw_window_class_init (PwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pw_window_dispose;
  window_class->close_request = close_request_handler;

  g_type_ensure (PW_TYPE_CANVAS);
  g_type_ensure (PW_TYPE_CARD_TABLE);
  g_type_ensure (PW_TYPE_ANALYSIS_PANEL);
  g_type_ensure (PW_TYPE_LEVEL_PANEL);
  g_type_ensure (PW_TYPE_GRAPH_VIEW);
  g_type_ensure (PW_TYPE_LEVEL_LIST);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PwWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, outer_paned);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, level_list);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, toolbar_stack);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, tool_box);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, palette_box);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, moves_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, card_table);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, level_panel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, analysis_panel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, graph_view);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_revealer);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_label);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_progress);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, export_cancel);
  gtk_widget_class_bind_template_child (widget_class, PwWindow, recent_menu);

  /* keys that belong to the level list */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "win.level-move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "win.level-move-down", NULL);
}

static void
notes_changed (PwWindow   *self,
               const char *notes)
{
  PwLevel *level = current_level (self);
  g_autoptr(PwLevel) changed = NULL;

  if (level == NULL)
    return;
  changed = pw_level_copy (level);
  pw_level_set_notes (changed, notes);
  replace_current (self, changed, _("Edit Notes"));
}

static void
playtests_changed (PwWindow   *self,
                   GPtrArray  *playtests,
                   const char *label)
{
  PwLevel *level = current_level (self);
  g_autoptr(PwLevel) changed = NULL;
  GPtrArray *list;

  if (level == NULL)
    return;
  changed = pw_level_copy (level);
  list = pw_level_get_playtests (changed);
  g_ptr_array_set_size (list, 0);
  for (guint i = 0; i < playtests->len; i++)
    g_ptr_array_add (list, pw_playtest_copy (g_ptr_array_index (playtests, i)));
  replace_current (self, changed, label);
}

static void
cards_edited (PwWindow   *self,
              PwLevel    *level,
              const char *label)
{
  replace_current (self, level, label);
}

static void
cards_play_status (PwWindow   *self,
                   const char *text,
                   int         state)
{
  pw_analysis_panel_set_play_message (self->analysis_panel, text, state);
}

static void
cards_play_changed (PwWindow *self)
{
  update_moves_label (self);
  update_actions (self);
}

static void
canvas_play_key (PwWindow *self,
                 guint     keyval)
{
  if (self->play == NULL && self->placed == NULL)
    return;
  if (keyval == GDK_KEY_BackSpace)
    g_action_group_activate_action (G_ACTION_GROUP (self), "play-back", NULL);
  else if (keyval == GDK_KEY_Home)
    g_action_group_activate_action (G_ACTION_GROUP (self), "play-restart", NULL);
  else if (keyval == GDK_KEY_h)
    g_action_group_activate_action (G_ACTION_GROUP (self), "play-hint", NULL);
}

static gboolean
palette_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             PwWindow              *self)
{
  guint32 c = gdk_keyval_to_unicode (keyval);

  if (self->play != NULL || self->placed != NULL || self->palette_view == NULL ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 || c == 0 || c > 127)
    return FALSE;
  for (guint i = 0; i < self->palette_view->n_palette; i++)
    if (self->palette_view->palette[i].key == (char) c)
      {
        char target[2] = { self->palette_view->palette[i].tile, 0 };

        g_action_group_activate_action (G_ACTION_GROUP (self), "tile", g_variant_new_string (target));
        return TRUE;
      }
  return FALSE;
}

static void
pw_window_init (PwWindow *self)
{
  PwAnalyseOptions options;
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->current = G_MAXUINT;

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  build_tools (self);

  pw_analyse_options_init (&options);
  self->scheduler = pw_scheduler_new (&options, ANALYSIS_DELAY_MS, PROGRESS_INTERVAL_MS);
  g_signal_connect_swapped (self->scheduler, "analysed", G_CALLBACK (analysed), self);
  g_signal_connect_swapped (self->scheduler, "failed", G_CALLBACK (failed), self);
  g_signal_connect_swapped (self->scheduler, "progress", G_CALLBACK (progress), self);
  pw_level_list_set_scheduler (self->level_list, self->scheduler);
  g_signal_connect_swapped (self->level_list, "current-changed", G_CALLBACK (current_changed),
                            self);

  g_signal_connect_swapped (self->canvas, "stroke-begin", G_CALLBACK (canvas_stroke_begin), self);
  g_signal_connect_swapped (self->canvas, "paint", G_CALLBACK (canvas_paint), self);
  g_signal_connect_swapped (self->canvas, "stroke-end", G_CALLBACK (canvas_stroke_end), self);
  g_signal_connect_swapped (self->canvas, "fill-rectangle", G_CALLBACK (canvas_fill_rectangle), self);
  g_signal_connect_swapped (self->canvas, "flood-fill", G_CALLBACK (canvas_flood_fill), self);
  g_signal_connect_swapped (self->canvas, "move", G_CALLBACK (canvas_move), self);
  g_signal_connect_swapped (self->canvas, "play-key", G_CALLBACK (canvas_play_key), self);
  g_signal_connect_swapped (self->canvas, "place", G_CALLBACK (canvas_place), self);
  g_signal_connect_swapped (self->card_table, "edited", G_CALLBACK (cards_edited), self);
  g_signal_connect_swapped (self->card_table, "play-status", G_CALLBACK (cards_play_status), self);
  g_signal_connect_swapped (self->card_table, "play-changed", G_CALLBACK (cards_play_changed),
                            self);
  g_signal_connect_swapped (self->level_panel, "notes-changed", G_CALLBACK (notes_changed), self);
  g_signal_connect_swapped (self->level_panel, "playtests-changed",
                            G_CALLBACK (playtests_changed), self);
  g_signal_connect_swapped (self->graph_view, "state-activated",
                            G_CALLBACK (graph_state_activated), self);
  g_signal_connect_swapped (self->speed_adjustment, "value-changed", G_CALLBACK (speed_changed), self);
  g_signal_connect_swapped (self->export_cancel, "clicked", G_CALLBACK (export_cancel_clicked), self);

  /* palette shortcuts: single keys while the canvas has the focus */
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (palette_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), keys);

  update_actions (self);
}

/* The recent sets, newest first, as they stand in the settings; ones
 * that are gone are left out. */
static void
update_recent (PwWindow *self)
{
  GSettings *s = settings (self);
  g_auto(GStrv) recent = s != NULL ? g_settings_get_strv (s, "recent-sets") : NULL;

  g_menu_remove_all (self->recent_menu);
  for (guint i = 0; recent != NULL && recent[i] != NULL; i++)
    {
      g_autofree char *name = g_filename_display_basename (recent[i]);
      g_autoptr(GMenuItem) item = NULL;

      if (!g_file_test (recent[i], G_FILE_TEST_IS_REGULAR))
        continue;
      item = g_menu_item_new (name, NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (recent[i]));
      g_menu_append_item (self->recent_menu, item);
    }
  if (g_menu_model_get_n_items (G_MENU_MODEL (self->recent_menu)) == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No recent level sets"), "win.none");

      g_menu_append_item (self->recent_menu, item);
    }
}

PwWindow *
pw_window_new (GtkApplication *application)
{
  PwWindow *self = g_object_new (PW_TYPE_WINDOW, "application", application, NULL);
  GSettings *s = settings (self);

  update_recent (self);
  if (s != NULL)
    {
      g_signal_connect_object (s, "changed::recent-sets", G_CALLBACK (update_recent), self,
                               G_CONNECT_SWAPPED);
      int width, height;

      g_settings_get (s, "window-size", "(ii)", &width, &height);
      if (width > 0 && height > 0)
        gtk_window_set_default_size (GTK_WINDOW (self), width, height);
      if (g_settings_get_boolean (s, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      if (g_settings_get_int (s, "level-list-width") > 0)
        gtk_paned_set_position (self->outer_paned, g_settings_get_int (s, "level-list-width"));
    }
  return self;
}

gboolean
pw_window_get_exporting (PwWindow *self)
{
  return self->export_cancellable != NULL;
}

PwCanvas *
pw_window_get_canvas (PwWindow *self)
{
  return self->canvas;
}

GtkWidget *
pw_window_get_card_table (PwWindow *self)
{
  return GTK_WIDGET (self->card_table);
}

PwAnalysisPanel *
pw_window_get_analysis_panel (PwWindow *self)
{
  return self->analysis_panel;
}

PwGraphView *
pw_window_get_graph_view (PwWindow *self)
{
  return self->graph_view;
}

PwPlay *
pw_window_get_play (PwWindow *self)
{
  return self->play;
}

PwScheduler *
pw_window_get_scheduler (PwWindow *self)
{
  return self->scheduler;
}

GListModel *
pw_window_get_level_model (PwWindow *self)
{
  return pw_level_list_get_model (self->level_list);
}

PwLevelList *
pw_window_get_level_list (PwWindow *self)
{
  return self->level_list;
}
