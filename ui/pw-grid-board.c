/* pw-grid-board.c — the board of every kind drawn on a grid: tools and
 * palette over the canvas; move play and placement play
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here goes through the kind's view table (draw, palette,
 * tiles, the inventory of placement play) and its PwKind (play_* for
 * move play, place_check for placement play): no kind is named.
 * Placement play is pw-grid-board-place.c's.
 */

#define G_LOG_DOMAIN "pw-grid-board"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-grid-board-private.h"
#include "pw-kind-view.h"


static void pw_grid_board_board_init (PwBoardInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PwGridBoard, pw_grid_board, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (PW_TYPE_BOARD, pw_grid_board_board_init))

const PwKindView *
_pw_grid_board_level_view (PwGridBoard *self)
{
  return self->level != NULL ? pw_kind_view_lookup (pw_level_get_kind_id (self->level)) : NULL;
}

/* ------------------------------------------------------------------ */
/* Edits                                                                */

static void
canvas_stroke_begin (PwGridBoard *self)
{
  if (self->level == NULL || self->stroke)
    return;
  self->stroke = TRUE;
  pw_board_emit_edit_begin (PW_BOARD (self), _("Paint"));
}

static void
edited (PwGridBoard *self,
        PwLevel     *changed,
        const char  *label)
{
  if (changed != NULL)
    pw_board_emit_edited (PW_BOARD (self), changed, label);
}

static void
canvas_paint (PwGridBoard *self,
              int          column,
              int          row,
              int          tile)
{
  g_autoptr(PwLevel) changed = NULL;

  if (self->level == NULL)
    return;
  changed = pw_level_with_tile (self->level, column, row, (char) tile);
  edited (self, changed, _("Paint"));
}

static void
canvas_stroke_end (PwGridBoard *self)
{
  if (!self->stroke)
    return;
  self->stroke = FALSE;
  pw_board_emit_edit_end (PW_BOARD (self));
}

static void
canvas_fill_rectangle (PwGridBoard *self,
                       int          column0,
                       int          row0,
                       int          column1,
                       int          row1,
                       int          tile)
{
  g_autoptr(PwLevel) changed = NULL;

  if (self->level == NULL)
    return;
  changed = pw_level_fill_rectangle (self->level, column0, row0, column1, row1, (char) tile);
  edited (self, changed, _("Fill Rectangle"));
}

static void
canvas_flood_fill (PwGridBoard *self,
                   int          column,
                   int          row,
                   int          tile)
{
  g_autoptr(PwLevel) changed = NULL;

  if (self->level == NULL)
    return;
  changed = pw_level_flood_fill (self->level, column, row, (char) tile);
  edited (self, changed, _("Flood Fill"));
}

/* ------------------------------------------------------------------ */
/* Tools and palette                                                    */

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
build_tools (PwGridBoard *self)
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
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "board.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].name);
      gtk_box_append (self->tool_box, button);
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
rebuild_palette (PwGridBoard *self)
{
  const PwKindView *view = _pw_grid_board_level_view (self);
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
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "board.tile");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
      gtk_flow_box_append (self->palette_box, button);
    }
}

static void
action_tool (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwGridBoard *self = data;
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
  PwGridBoard *self = data;
  const char *tile = g_variant_get_string (parameter, NULL);

  if (tile[0] == '\0')
    return;
  pw_canvas_set_tile (self->canvas, tile[0]);
  g_simple_action_set_state (action, parameter);
  if (pw_canvas_get_tool (self->canvas) == PW_TOOL_ERASER)
    g_action_group_activate_action (G_ACTION_GROUP (self->actions), "tool",
                                    g_variant_new_string ("pencil"));
}

static void
action_zoom (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       data)
{
  PwGridBoard *self = data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "zoom-in"))
    pw_canvas_zoom_in (self->canvas);
  else if (g_str_equal (name, "zoom-out"))
    pw_canvas_zoom_out (self->canvas);
  else
    pw_canvas_zoom_fit (self->canvas);
}

static const GActionEntry board_entries[] = {
  { "tool", action_tool, "s", "'pencil'" },
  { "tile", action_tile, "s", "'#'" },
  { "zoom-in", action_zoom },
  { "zoom-out", action_zoom },
  { "zoom-fit", action_zoom },
};

static void
set_action_enabled (PwGridBoard *self,
                    const char  *name,
                    gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
update_edit_actions (PwGridBoard *self)
{
  gboolean editing = self->play == NULL && self->placed == NULL;

  set_action_enabled (self, "tool", editing);
  set_action_enabled (self, "tile", editing);
  gtk_widget_set_visible (self->edit_bar, editing);
}

/* Palette shortcuts: single keys while the canvas has the focus. */
static gboolean
palette_key (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             PwGridBoard           *self)
{
  guint32 c = gdk_keyval_to_unicode (keyval);

  if (self->play != NULL || self->placed != NULL || self->palette_view == NULL ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 || c == 0 || c > 127)
    return FALSE;
  for (guint i = 0; i < self->palette_view->n_palette; i++)
    if (self->palette_view->palette[i].key == (char) c)
      {
        char target[2] = { self->palette_view->palette[i].tile, 0 };

        g_action_group_activate_action (G_ACTION_GROUP (self->actions), "tile",
                                        g_variant_new_string (target));
        return TRUE;
      }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Move play                                                            */

/* What the play position is, for the figures panel. */
static char *
play_status_text (PwPlay *play,
                  int    *state)
{
  g_autofree char *text = NULL;
  guint distance = 0;
  guint made = strlen (pw_play_get_history (play));

  *state = 0;
  switch (pw_play_get_status (play, &distance))
    {
    case PW_PLAY_WON:
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Won in %u move.",
                                           "Won in %u moves.", made),
                              made);
      if (pw_play_get_combo_broken (play))
        {
          char *more = g_strconcat (text, " ", _("The combo was broken."), NULL);

          g_free (text);
          text = more;
        }
      *state = 1;
      break;
    case PW_PLAY_WINNABLE:
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "A win is reachable: %u move at best.",
                                           "A win is reachable: %u moves at best.", distance),
                              distance);
      break;
    case PW_PLAY_DEAD_END:
      text = g_strdup (_("Dead end: no win can be reached from here. Undo with Backspace."));
      *state = 2;
      break;
    case PW_PLAY_UNKNOWN:
    default:
      text = g_strdup (_("Waiting for the analysis to say whether a win is reachable."));
      break;
    }
  if (made > 0)
    /* Translators: play mode, the moves made so far as letters (U R D L…) */
    return g_strdup_printf (_("%s\nMoves: %s"), text, pw_play_get_history (play));
  return g_steal_pointer (&text);
}

static void
update_play (PwGridBoard *self)
{
  g_autofree char *text = NULL;
  int state;

  pw_canvas_play_changed (self->canvas);
  text = play_status_text (self->play, &state);
  pw_board_emit_play_status (PW_BOARD (self), text, state);
  pw_board_emit_play_changed (PW_BOARD (self));
}

static void
canvas_move (PwGridBoard *self,
             guint        move)
{
  if (self->play == NULL)
    return;
  if (pw_play_move (self->play, move))
    update_play (self);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

/* Backspace, Home and h in play: the window's play actions. */
static void
canvas_play_key (PwGridBoard *self,
                 guint        keyval)
{
  if (self->play == NULL && self->placed == NULL)
    return;
  if (keyval == GDK_KEY_BackSpace)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play-back", NULL);
  else if (keyval == GDK_KEY_Home)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play-restart", NULL);
  else if (keyval == GDK_KEY_h)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.play-hint", NULL);
}

/* ------------------------------------------------------------------ */
/* The board the window sees                                            */

static void
board_stop_play (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (self->play == NULL && self->placed == NULL)
    return;
  if (self->placed != NULL)
    _pw_grid_board_leave_placement (self);
  pw_canvas_set_play (self->canvas, NULL);
  g_clear_pointer (&self->play, pw_play_free);
  update_edit_actions (self);
  pw_board_emit_play_status (board, NULL, 0);
  pw_board_emit_play_changed (board);
}

static void
board_set_level (PwBoard   *board,
                 PwLevel   *level,
                 GPtrArray *problems)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (level != self->level && (level == NULL || self->level == NULL ||
                               !pw_level_same_content (level, self->level)))
    {
      board_stop_play (board);
      /* marks were of the content that was there */
      pw_canvas_set_highlight (self->canvas, NULL, 0);
    }
  if (level != NULL)
    pw_level_ref (level);
  g_clear_pointer (&self->level, pw_level_unref);
  self->level = level;
  self->valid = level != NULL && pw_level_get_kind (level) != NULL &&
                (problems == NULL || problems->len == 0);
  pw_canvas_set_level (self->canvas, level);
  pw_canvas_set_problems (self->canvas, problems);
  rebuild_palette (self);
}

static void
board_set_analysis (PwBoard    *board,
                    PwAnalysis *analysis)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  pw_analysis_replace (&self->analysis, analysis);
  pw_canvas_set_analysis (self->canvas, analysis);
  if (self->play != NULL)
    {
      pw_play_set_analysis (self->play, analysis);
      update_play (self);
    }
}

static GActionGroup *
board_get_actions (PwBoard *board)
{
  return G_ACTION_GROUP (PW_GRID_BOARD (board)->actions);
}

static gboolean
board_can_play (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  const PwKind *kind = self->level != NULL ? pw_level_get_kind (self->level) : NULL;

  return kind != NULL && self->valid && (kind->play_new != NULL || kind->place_check != NULL);
}

static gboolean
board_start_play (PwBoard  *board,
                  GError  **error)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  const PwKind *kind = self->level != NULL ? pw_level_get_kind (self->level) : NULL;

  if (self->play != NULL || self->placed != NULL)
    return TRUE;
  if (kind != NULL && self->valid && kind->place_check != NULL && _pw_grid_board_enter_placement (self))
    ;
  else if (kind != NULL && kind->place_check == NULL &&
           (self->play = pw_play_new (self->level)) != NULL)
    {
      if (self->analysis != NULL)
        pw_play_set_analysis (self->play, self->analysis);
      pw_canvas_set_play (self->canvas, self->play);
      update_play (self);
    }
  else
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("Its problems are listed in the analysis panel; fix them first."));
      return FALSE;
    }
  update_edit_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  pw_board_emit_play_changed (board);
  return TRUE;
}

static gboolean
board_get_playing (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  return self->play != NULL || self->placed != NULL;
}

static PwBoardPlayActions
board_get_play_actions (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  PwBoardPlayActions actions = 0;

  if (self->placed != NULL)
    {
      if (self->placed_order->len > 0)
        actions |= PW_BOARD_CAN_BACK;
      if (_pw_grid_board_placement_can_fill (self))
        actions |= PW_BOARD_CAN_HINT | PW_BOARD_CAN_SOLVE;
    }
  else if (self->play != NULL)
    {
      if (*pw_play_get_history (self->play) != '\0')
        actions |= PW_BOARD_CAN_BACK;
      if (pw_play_hint (self->play) >= 0)
        actions |= PW_BOARD_CAN_HINT;
      if (self->analysis != NULL)
        actions |= PW_BOARD_CAN_SOLVE;
    }
  return actions;
}

static void
board_play_restart (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (self->placed != NULL)
    _pw_grid_board_placement_restart (self);
  else if (self->play != NULL)
    {
      pw_play_restart (self->play);
      update_play (self);
    }
}

static void
board_play_back (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (self->placed != NULL)
    _pw_grid_board_placement_back (self);
  else if (self->play != NULL && pw_play_back (self->play))
    update_play (self);
}

static void
board_play_hint (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  int hint;

  if (self->placed != NULL)
    {
      _pw_grid_board_placement_fill (self, FALSE);
      return;
    }
  if (self->play == NULL)
    return;
  hint = pw_play_hint (self->play);
  if (hint >= 0 && pw_play_move (self->play, hint))
    update_play (self);
}

static gboolean
board_solution_step (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  int hint;

  if (self->placed != NULL)
    {
      _pw_grid_board_placement_fill (self, FALSE);
      return FALSE;
    }
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
board_solution_at_once (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (self->placed == NULL)
    return FALSE;
  /* the known completion, all at once */
  _pw_grid_board_placement_fill (self, TRUE);
  return TRUE;
}

static char *
board_get_moves_text (PwBoard  *board,
                      char    **tooltip)
{
  PwGridBoard *self = PW_GRID_BOARD (board);
  guint n;

  /* the move counter belongs to move play */
  if (self->play == NULL)
    return NULL;
  n = strlen (pw_play_get_history (self->play));
  *tooltip = g_strdup (pw_play_get_history (self->play));
  /* Translators: play mode, the number of moves made so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n), n);
}

static int
board_get_n_moves (PwBoard *board)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  /* placement play counts no moves */
  return self->play != NULL ? (int) strlen (pw_play_get_history (self->play)) : -1;
}

static PwPlay *
board_get_play (PwBoard *board)
{
  return PW_GRID_BOARD (board)->play;
}

static gboolean
board_goto_state (PwBoard *board,
                  guint    state)
{
  PwGridBoard *self = PW_GRID_BOARD (board);

  if (self->play == NULL || !pw_play_goto_state (self->play, state))
    return FALSE;
  update_play (self);
  return TRUE;
}

static void
board_show_cells (PwBoard   *board,
                  const int *cells,
                  guint      n_cells)
{
  pw_canvas_set_highlight (PW_GRID_BOARD (board)->canvas, cells, n_cells);
}

static void
pw_grid_board_board_init (PwBoardInterface *iface)
{
  iface->set_level = board_set_level;
  iface->set_analysis = board_set_analysis;
  iface->get_actions = board_get_actions;
  iface->can_play = board_can_play;
  iface->start_play = board_start_play;
  iface->stop_play = board_stop_play;
  iface->get_playing = board_get_playing;
  iface->get_play_actions = board_get_play_actions;
  iface->play_restart = board_play_restart;
  iface->play_back = board_play_back;
  iface->play_hint = board_play_hint;
  iface->solution_step = board_solution_step;
  iface->solution_at_once = board_solution_at_once;
  iface->get_moves_text = board_get_moves_text;
  iface->get_n_moves = board_get_n_moves;
  iface->get_play = board_get_play;
  iface->goto_state = board_goto_state;
  iface->show_cells = board_show_cells;
}

/* ------------------------------------------------------------------ */

static void
pw_grid_board_dispose (GObject *object)
{
  PwGridBoard *self = PW_GRID_BOARD (object);
  GtkWidget *child;

  if (self->placed != NULL)
    _pw_grid_board_leave_placement (self);
  g_clear_pointer (&self->play, pw_play_free);
  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_GRID_BOARD);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->actions);
  G_OBJECT_CLASS (pw_grid_board_parent_class)->dispose (object);
}

static void
pw_grid_board_class_init (PwGridBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_grid_board_dispose;

  g_type_ensure (PW_TYPE_CANVAS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-grid-board.ui");
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, box);
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, edit_bar);
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, tool_box);
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, palette_box);
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, scroller);
  gtk_widget_class_bind_template_child (widget_class, PwGridBoard, canvas);
  gtk_widget_class_bind_template_callback (widget_class, canvas_stroke_begin);
  gtk_widget_class_bind_template_callback (widget_class, canvas_paint);
  gtk_widget_class_bind_template_callback (widget_class, canvas_stroke_end);
  gtk_widget_class_bind_template_callback (widget_class, canvas_fill_rectangle);
  gtk_widget_class_bind_template_callback (widget_class, canvas_flood_fill);
  gtk_widget_class_bind_template_callback (widget_class, canvas_move);
  gtk_widget_class_bind_template_callback (widget_class, canvas_play_key);
  gtk_widget_class_bind_template_callback_full (widget_class, "canvas_place",
                                                G_CALLBACK (_pw_grid_board_canvas_place));
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pw-grid-board");
}

static void
pw_grid_board_init (PwGridBoard *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), board_entries,
                                   G_N_ELEMENTS (board_entries), self);
  /* for the board's own buttons; the window offers the same group to its
   * menus and shortcuts */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "board", G_ACTION_GROUP (self->actions));
  build_tools (self);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (palette_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), keys);
}

GtkWidget *
pw_grid_board_new (void)
{
  return g_object_new (PW_TYPE_GRID_BOARD, NULL);
}

PwCanvas *
pw_grid_board_get_canvas (PwGridBoard *self)
{
  g_return_val_if_fail (PW_IS_GRID_BOARD (self), NULL);
  return self->canvas;
}
