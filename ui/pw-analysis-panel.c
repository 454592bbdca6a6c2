/* pw-analysis-panel.c — the figures of the level on screen, live
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-analysis-panel"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "pw-analysis-panel.h"

struct _PwAnalysisPanel
{
  GtkWidget     parent_instance;

  GtkWidget    *scroller;
  GtkSpinner   *spinner;
  GtkLabel     *status_label;
  GtkLabel     *play_label;
  GtkListBox   *problems;
  GtkGrid      *figures;

  const PwKind *kind;
  GHashTable   *values;      /* figure key -> GtkLabel (the grid owns them) */
};

G_DEFINE_FINAL_TYPE (PwAnalysisPanel, pw_analysis_panel, GTK_TYPE_WIDGET)

/* A value up to this many characters sits beside its name; a longer one
 * (a solution, a list of cells) on its own line under it, the panel's
 * whole width, where it reads as wrapped text rather than a narrow column. */
#define VALUE_CHARS 24

/* Figure @i's name is on grid row 2i; its value beside it, or on row
 * 2i + 1 when long (an empty row takes no space). */
static void
set_value (PwAnalysisPanel *self,
           guint            i,
           const char      *text)
{
  GtkLabel *value = g_hash_table_lookup (self->values, self->kind->figures[i].key);
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->figures));
  GtkGridLayoutChild *child =
    GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, GTK_WIDGET (value)));
  gboolean below = g_utf8_strlen (text, -1) > VALUE_CHARS;

  gtk_label_set_text (value, text);
  gtk_label_set_xalign (value, below ? 0 : 1);
  gtk_widget_set_halign (GTK_WIDGET (value), below ? GTK_ALIGN_FILL : GTK_ALIGN_END);
  gtk_grid_layout_child_set_column (child, below ? 0 : 1);
  gtk_grid_layout_child_set_column_span (child, below ? 2 : 1);
  gtk_grid_layout_child_set_row (child, below ? 2 * i + 1 : 2 * i);
}

static void
build_figures (PwAnalysisPanel *self,
               const PwKind    *kind)
{
  GtkWidget *child;

  if (kind == self->kind)
    return;
  self->kind = kind;
  g_hash_table_remove_all (self->values);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->figures))) != NULL)
    gtk_grid_remove (self->figures, child);
  if (kind == NULL)
    return;

  for (guint i = 0; i < kind->n_figures; i++)
    {
      const PwFigureInfo *info = &kind->figures[i];
      GtkWidget *name = gtk_label_new (_(info->label));
      GtkWidget *value = gtk_label_new ("—");

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_wrap (GTK_LABEL (name), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (name), VALUE_CHARS);
      /* at the top of a row that a wrapped value makes tall */
      gtk_widget_set_valign (name, GTK_ALIGN_START);
      gtk_widget_add_css_class (name, "dim-label");
      gtk_widget_set_tooltip_text (name, info->key);
      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      /* short values on one line; long ones wrap within the panel */
      gtk_label_set_wrap (GTK_LABEL (value), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (value), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_natural_wrap_mode (GTK_LABEL (value), GTK_NATURAL_WRAP_NONE);
      gtk_label_set_max_width_chars (GTK_LABEL (value), VALUE_CHARS);
      gtk_widget_set_hexpand (value, TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_START);
      gtk_widget_add_css_class (value, "numeric");
      gtk_grid_attach (self->figures, name, 0, 2 * i, 1, 1);
      gtk_grid_attach (self->figures, value, 1, 2 * i, 1, 1);
      g_hash_table_insert (self->values, (gpointer) info->key, value);
      set_value (self, i, "—");
    }
}

static void
clear_values (PwAnalysisPanel *self)
{
  for (guint i = 0; self->kind != NULL && i < self->kind->n_figures; i++)
    set_value (self, i, "—");
}

void
pw_analysis_panel_set_level (PwAnalysisPanel *self,
                             PwLevel         *level,
                             GPtrArray       *problems)
{
  GtkWidget *child;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  build_figures (self, level != NULL ? pw_level_get_kind (level) : NULL);
  clear_values (self);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->problems))) != NULL)
    gtk_list_box_remove (self->problems, child);
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    {
      const PwProblem *problem = g_ptr_array_index (problems, i);
      g_autofree char *text = NULL;
      GtkWidget *row;

      if (problem->x >= 0)
        /* Translators: a validation problem at a cell: (column, row): message */
        text = g_strdup_printf (_("Cell (%d, %d): %s"), problem->x, problem->y, problem->message);
      else
        text = g_strdup (problem->message);
      row = gtk_label_new (text);
      gtk_label_set_wrap (GTK_LABEL (row), TRUE);
      gtk_label_set_xalign (GTK_LABEL (row), 0);
      gtk_widget_set_margin_start (row, 8);
      gtk_widget_set_margin_end (row, 8);
      gtk_widget_set_margin_top (row, 6);
      gtk_widget_set_margin_bottom (row, 6);
      gtk_list_box_append (self->problems, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->problems), problems != NULL && problems->len > 0);

  if (level == NULL)
    gtk_label_set_text (self->status_label, _("No level"));
  else if (pw_level_get_kind (level) == NULL)
    gtk_label_set_text (self->status_label, _("This build does not know this kind of level."));
  else if (problems != NULL && problems->len > 0)
    {
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cannot analyse: %u problem",
                                      "Cannot analyse: %u problems", problems->len),
                         problems->len);

      gtk_label_set_text (self->status_label, text);
    }
  else
    gtk_label_set_text (self->status_label, _("Waiting to analyse…"));
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

void
pw_analysis_panel_set_progress (PwAnalysisPanel *self,
                                guint64          explored)
{
  g_autofree char *count = pw_format_count (explored);
  g_autofree char *text = NULL;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  /* Translators: %s is a number of states, with thousands separators */
  text = g_strdup_printf (_("Analysing… %s states explored"), count);
  gtk_label_set_text (self->status_label, text);
  gtk_spinner_start (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
}

void
pw_analysis_panel_set_analysis (PwAnalysisPanel *self,
                                PwAnalysis      *analysis)
{
  JsonObject *figures;
  g_autofree char *status = NULL;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  if (analysis == NULL)
    {
      clear_values (self);
      return;
    }

  figures = pw_analysis_get_figures (analysis);
  for (guint i = 0; self->kind != NULL && i < self->kind->n_figures; i++)
    {
      const PwFigureInfo *info = &self->kind->figures[i];
      g_autofree char *text = pw_figure_to_display (json_object_get_member (figures, info->key),
                                                    info->type);

      set_value (self, i, text);
    }

  if (pw_analysis_get_partial (analysis))
    /* Translators: the analysis stopped early; %s says why */
    status = g_strdup_printf (_("Partial: %s"), pw_analysis_get_partial_reason (analysis));
  else
    status = g_strdup_printf (_("Analysed in %.2f s"), pw_analysis_get_seconds (analysis));
  gtk_label_set_text (self->status_label, status);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  if (pw_analysis_get_partial (analysis))
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "warning");
}

void
pw_analysis_panel_set_error (PwAnalysisPanel *self,
                             const char      *message)
{
  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  clear_values (self);
  gtk_label_set_text (self->status_label, message);
}

void
pw_analysis_panel_set_play (PwAnalysisPanel *self,
                            PwPlay          *play)
{
  g_autofree char *text = NULL;
  guint distance = 0;
  const char *css = NULL;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  gtk_widget_set_visible (GTK_WIDGET (self->play_label), play != NULL);
  gtk_widget_remove_css_class (GTK_WIDGET (self->play_label), "pw-dead-end");
  gtk_widget_remove_css_class (GTK_WIDGET (self->play_label), "pw-won");
  if (play == NULL)
    return;

  switch (pw_play_get_status (play, &distance))
    {
    case PW_PLAY_WON:
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Won in %u move.",
                                           "Won in %u moves.",
                                           (gulong) strlen (pw_play_get_history (play))),
                              (guint) strlen (pw_play_get_history (play)));
      if (pw_play_get_combo_broken (play))
        {
          char *more = g_strconcat (text, " ", _("The combo was broken."), NULL);

          g_free (text);
          text = more;
        }
      css = "pw-won";
      break;
    case PW_PLAY_WINNABLE:
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "A win is reachable: %u move at best.",
                                           "A win is reachable: %u moves at best.", distance),
                              distance);
      break;
    case PW_PLAY_DEAD_END:
      text = g_strdup (_("Dead end: no win can be reached from here. Undo with Backspace."));
      css = "pw-dead-end";
      break;
    case PW_PLAY_UNKNOWN:
    default:
      text = g_strdup (_("Waiting for the analysis to say whether a win is reachable."));
      break;
    }
  if (*pw_play_get_history (play) != '\0')
    {
      /* Translators: play mode, the moves made so far as letters (U R D L…) */
      char *more = g_strdup_printf (_("%s\nMoves: %s"), text, pw_play_get_history (play));

      g_free (text);
      text = more;
    }
  gtk_label_set_text (self->play_label, text);
  if (css != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->play_label), css);
}

void
pw_analysis_panel_set_play_message (PwAnalysisPanel *self,
                                    const char      *text,
                                    int              state)
{
  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  gtk_widget_set_visible (GTK_WIDGET (self->play_label), text != NULL);
  gtk_widget_remove_css_class (GTK_WIDGET (self->play_label), "pw-dead-end");
  gtk_widget_remove_css_class (GTK_WIDGET (self->play_label), "pw-won");
  if (text == NULL)
    return;
  gtk_label_set_text (self->play_label, text);
  if (state == 1)
    gtk_widget_add_css_class (GTK_WIDGET (self->play_label), "pw-won");
  else if (state == 2)
    gtk_widget_add_css_class (GTK_WIDGET (self->play_label), "pw-dead-end");
}

const char *
pw_analysis_panel_get_figure_text (PwAnalysisPanel *self,
                                   const char      *key)
{
  GtkLabel *label = g_hash_table_lookup (self->values, key);

  return label != NULL ? gtk_label_get_text (label) : NULL;
}

const char *
pw_analysis_panel_get_status_text (PwAnalysisPanel *self)
{
  return gtk_label_get_text (self->status_label);
}

const char *
pw_analysis_panel_get_play_text (PwAnalysisPanel *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->play_label))
         ? gtk_label_get_text (self->play_label) : NULL;
}

static void
pw_analysis_panel_dispose (GObject *object)
{
  PwAnalysisPanel *self = PW_ANALYSIS_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_ANALYSIS_PANEL);
  G_OBJECT_CLASS (pw_analysis_panel_parent_class)->dispose (object);
}

static void
pw_analysis_panel_finalize (GObject *object)
{
  PwAnalysisPanel *self = PW_ANALYSIS_PANEL (object);

  g_hash_table_unref (self->values);
  G_OBJECT_CLASS (pw_analysis_panel_parent_class)->finalize (object);
}

static void
pw_analysis_panel_class_init (PwAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_analysis_panel_dispose;
  object_class->finalize = pw_analysis_panel_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/puzzlewright/Puzzlewright/ui/pw-analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, play_label);
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, problems);
  gtk_widget_class_bind_template_child (widget_class, PwAnalysisPanel, figures);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pw-analysis-panel");
}

static void
pw_analysis_panel_init (PwAnalysisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->values = g_hash_table_new (g_str_hash, g_str_equal);
}
