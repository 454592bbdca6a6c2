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
#include "pw-kind-view.h"

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
  PwLevel      *level;
  PwAnalysis   *analysis;
  GPtrArray    *rows;        /* Row, one per figure of the kind */
  gboolean      stale;       /* the figures shown are the previous content's */
  guint64       explored;    /* the last progress */
  gboolean      quiet;       /* untoggling entries ourselves */
};

G_DEFINE_FINAL_TYPE (PwAnalysisPanel, pw_analysis_panel, GTK_TYPE_WIDGET)

enum { CELLS_SELECTED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* A value up to this many characters sits beside its name; a longer one
 * (a solution) on its own line under it, the panel's whole width, where it
 * reads as wrapped text rather than a narrow column. */
#define VALUE_CHARS 24

/* One figure: its value, the entry buttons of a list of cell lists, the
 * text shown, and the text before this analysis while re-analysing. */
typedef struct
{
  const PwFigureInfo *info;
  guint               index;
  GtkWidget          *name;
  GtkLabel           *value;
  GtkFlowBox         *entries;
  GtkExpander        *fold;    /* the fold it is in (PwFigureInfo.group) */
  char               *text;
  char               *previous;
} Row;

static void
row_free (Row *row)
{
  g_free (row->text);
  g_free (row->previous);
  g_free (row);
}

static Row *
row_of (PwAnalysisPanel *self,
        const char      *key)
{
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (g_str_equal (row->info->key, key))
        return row;
    }
  return NULL;
}

/* Figure @i's name is on grid row 3i + 1; its value beside it, or on row
 * 3i + 2 when long; row 3i holds the fold that starts with it, if one
 * does (an empty row takes no space). */
static void
set_value (PwAnalysisPanel *self,
           Row             *row,
           const char      *text)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->figures));
  GtkGridLayoutChild *child =
    GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, GTK_WIDGET (row->value)));
  gboolean below = g_utf8_strlen (text, -1) > VALUE_CHARS;

  if (row->text != text)
    {
      g_free (row->text);
      row->text = g_strdup (text);
    }
  gtk_label_set_text (row->value, text);
  gtk_label_set_xalign (row->value, below ? 0 : 1);
  gtk_widget_set_halign (GTK_WIDGET (row->value), below ? GTK_ALIGN_FILL : GTK_ALIGN_END);
  gtk_grid_layout_child_set_column (child, below ? 0 : 1);
  gtk_grid_layout_child_set_column_span (child, below ? 2 : 1);
  gtk_grid_layout_child_set_row (child, 3 * row->index + (below ? 2 : 1));
}

/* A list whose every element is a list of [x, y] cells, or NULL. */
static JsonArray *
cell_lists (JsonNode *node)
{
  JsonArray *lists;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  lists = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (lists); i++)
    if (!JSON_NODE_HOLDS_ARRAY (json_array_get_element (lists, i)))
      return NULL;
  return json_array_get_length (lists) > 0 ? lists : NULL;
}

/* The text of one figure: counts for cells, entry by entry for lists of
 * cells (no walls of coordinates), else as the report says it. */
static char *
figure_text (const PwFigureInfo *info,
             JsonNode           *node)
{
  JsonArray *lists;

  if (info->type == PW_FIGURE_CELLS && node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    return pw_format_count (json_array_get_length (json_node_get_array (node)));
  if (info->type == PW_FIGURE_LIST && (lists = cell_lists (node)) != NULL)
    {
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < json_array_get_length (lists); i++)
        g_string_append_printf (text, "%s%u: %u", i ? ", " : "", i + 1,
                                json_array_get_length (json_array_get_array_element (lists, i)));
      return g_string_free (text, FALSE);
    }
  return pw_figure_info_display (info, node);
}

/* ------------------------------------------------------------------ */
/* Entries of a list of cell lists                                      */

static void
emit_cells (PwAnalysisPanel *self,
            JsonArray       *cells)
{
  g_autoptr(GArray) xy = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; cells != NULL && i < json_array_get_length (cells); i++)
    {
      JsonArray *cell = json_array_get_array_element (cells, i);
      int x, y;

      if (cell == NULL || json_array_get_length (cell) != 2)
        continue;
      x = json_array_get_int_element (cell, 0);
      y = json_array_get_int_element (cell, 1);
      g_array_append_val (xy, x);
      g_array_append_val (xy, y);
    }
  g_signal_emit (self, signals[CELLS_SELECTED], 0, cells != NULL ? (int *) xy->data : NULL,
                 cells != NULL ? xy->len / 2 : 0);
}

static void
entry_toggled (GtkToggleButton *button,
               PwAnalysisPanel *self)
{
  GtkWidget *box = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_FLOW_BOX);
  Row *row = g_object_get_data (G_OBJECT (box), "row");
  JsonArray *lists;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));
  gboolean any = FALSE;

  if (self->quiet)
    return;
  if (gtk_toggle_button_get_active (button))
    {
      /* one at a time */
      for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          GtkWidget *other = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

          if (other != GTK_WIDGET (button))
            {
              self->quiet = TRUE;
              gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (other), FALSE);
              self->quiet = FALSE;
            }
        }
      lists = self->analysis != NULL
              ? cell_lists (json_object_get_member (pw_analysis_get_figures (self->analysis),
                                                    row->info->key))
              : NULL;
      if (lists != NULL && index < json_array_get_length (lists))
        {
          emit_cells (self, json_array_get_array_element (lists, index));
          return;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    any |= gtk_toggle_button_get_active (
      GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))));
  if (!any)
    emit_cells (self, NULL);
}

/* A button per entry, its count on it, its name in the tooltip. */
static void
fill_entries (PwAnalysisPanel *self,
              Row             *row,
              JsonArray       *lists)
{
  const PwKindView *view = self->level != NULL
                           ? pw_kind_view_lookup (pw_level_get_kind_id (self->level)) : NULL;
  GtkWidget *child;
  gboolean had_choice = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (row->entries))) != NULL)
    {
      had_choice |= gtk_toggle_button_get_active (
        GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))));
      gtk_flow_box_remove (row->entries, child);
    }
  if (had_choice)
    emit_cells (self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (row->entries), lists != NULL);
  for (guint i = 0; lists != NULL && i < json_array_get_length (lists); i++)
    {
      guint n = json_array_get_length (json_array_get_array_element (lists, i));
      g_autofree char *name = view != NULL && view->entry_label != NULL
                              ? view->entry_label (pw_level_get_data (self->level), i) : NULL;
      g_autofree char *label = g_strdup_printf ("%u: %u", i + 1, n);
      g_autofree char *tip = NULL;
      GtkWidget *button = gtk_toggle_button_new_with_label (label);

      if (name == NULL)
        name = g_strdup_printf ("%u", i + 1);
      /* Translators: the tooltip of an inventory entry's button: its name,
       * then how many cells (dead cells) the figure lists for it */
      tip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u cell; choose to see it on the "
                                          "board", "%s: %u cells; choose to see them on the board",
                                          n),
                             name, n);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_widget_add_css_class (button, "numeric");
      gtk_widget_add_css_class (button, "pw-entry");
      g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "toggled", G_CALLBACK (entry_toggled), self);
      gtk_flow_box_append (row->entries, button);
    }
}

gboolean
pw_analysis_panel_select_entry (PwAnalysisPanel *self,
                                const char      *key,
                                int              index)
{
  Row *row;
  int i = 0;

  g_return_val_if_fail (PW_IS_ANALYSIS_PANEL (self), FALSE);

  row = row_of (self, key);
  if (row == NULL || row->entries == NULL)
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (row->entries)); child != NULL;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      GtkToggleButton *button = GTK_TOGGLE_BUTTON (gtk_flow_box_child_get_child (
        GTK_FLOW_BOX_CHILD (child)));

      if (i == index)
        {
          gtk_toggle_button_set_active (button, TRUE);
          return TRUE;
        }
      if (index < 0)
        gtk_toggle_button_set_active (button, FALSE);
    }
  return index < 0;
}

/* ------------------------------------------------------------------ */
/* Figures                                                              */

/* A fold opened or closed: its figures shown or hidden. */
static void
fold_toggled (GtkExpander     *fold,
              GParamSpec      *pspec,
              PwAnalysisPanel *self)
{
  gboolean open = gtk_expander_get_expanded (fold);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (row->fold != fold)
        continue;
      gtk_widget_set_visible (row->name, open);
      gtk_widget_set_visible (GTK_WIDGET (row->value), open);
    }
}

static void
build_figures (PwAnalysisPanel *self,
               const PwKind    *kind)
{
  GtkWidget *child;

  if (kind == self->kind)
    return;
  self->kind = kind;
  g_ptr_array_set_size (self->rows, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->figures))) != NULL)
    gtk_grid_remove (self->figures, child);
  if (kind == NULL)
    return;

  for (guint i = 0; i < kind->n_figures; i++)
    {
      const PwFigureInfo *info = &kind->figures[i];
      GtkWidget *name = gtk_label_new (_(info->label));
      GtkWidget *value = gtk_label_new ("—");
      Row *row = g_new0 (Row, 1);
      Row *before = i > 0 ? g_ptr_array_index (self->rows, i - 1) : NULL;

      row->info = info;
      row->index = i;
      row->name = name;
      row->value = GTK_LABEL (value);
      /* lists of cells keep their buttons in sight: never folded */
      if (info->group != NULL && info->type != PW_FIGURE_LIST)
        {
          if (before != NULL && before->fold != NULL &&
              g_strcmp0 (before->info->group, info->group) == 0)
            row->fold = before->fold;
          else
            {
              row->fold = GTK_EXPANDER (gtk_expander_new (_(info->group)));
              gtk_widget_add_css_class (GTK_WIDGET (row->fold), "dim-label");
              g_signal_connect (row->fold, "notify::expanded", G_CALLBACK (fold_toggled), self);
              gtk_grid_attach (self->figures, GTK_WIDGET (row->fold), 0, 3 * i, 2, 1);
            }
          gtk_widget_set_visible (name, FALSE);
          gtk_widget_set_visible (value, FALSE);
          gtk_widget_set_margin_start (name, 18);
        }
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
      gtk_grid_attach (self->figures, name, 0, 3 * i + 1, 1, 1);
      gtk_grid_attach (self->figures, value, 1, 3 * i + 1, 1, 1);
      if (info->type == PW_FIGURE_LIST)
        {
          /* entries under the name, the panel's width */
          row->entries = GTK_FLOW_BOX (gtk_flow_box_new ());
          gtk_flow_box_set_selection_mode (row->entries, GTK_SELECTION_NONE);
          gtk_flow_box_set_max_children_per_line (row->entries, 8);
          gtk_flow_box_set_column_spacing (row->entries, 4);
          gtk_flow_box_set_row_spacing (row->entries, 4);
          gtk_widget_set_visible (GTK_WIDGET (row->entries), FALSE);
          g_object_set_data (G_OBJECT (row->entries), "row", row);
          gtk_grid_attach (self->figures, GTK_WIDGET (row->entries), 0, 3 * i + 2, 2, 1);
        }
      g_ptr_array_add (self->rows, row);
      set_value (self, row, "—");
    }
}

static void
set_stale (PwAnalysisPanel *self,
           gboolean         stale)
{
  self->stale = stale;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (stale)
        gtk_widget_add_css_class (GTK_WIDGET (row->value), "pw-stale");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (row->value), "pw-stale");
      if (row->entries != NULL)
        gtk_widget_set_sensitive (GTK_WIDGET (row->entries), !stale);
    }
}

static void
clear_values (PwAnalysisPanel *self)
{
  set_stale (self, FALSE);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      g_clear_pointer (&row->previous, g_free);
      gtk_widget_remove_css_class (GTK_WIDGET (row->value), "pw-changed");
      set_value (self, row, "—");
      if (row->entries != NULL)
        fill_entries (self, row, NULL);
    }
  g_clear_pointer (&self->analysis, pw_analysis_unref);
}

/* Whether @level is another content of the level whose figures are shown. */
static gboolean
same_level (PwAnalysisPanel *self,
            PwLevel         *level)
{
  const char *id = level != NULL ? pw_level_get_id (level) : NULL;

  return self->level != NULL && level != NULL && self->analysis != NULL &&
         pw_level_get_kind (level) == self->kind && id != NULL && *id != '\0' &&
         g_strcmp0 (id, pw_level_get_id (self->level)) == 0;
}

void
pw_analysis_panel_set_level (PwAnalysisPanel *self,
                             PwLevel         *level,
                             GPtrArray       *problems)
{
  GtkWidget *child;
  gboolean again;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  again = (same_level (self, level) || (self->stale && level != NULL && self->level != NULL &&
                                        g_strcmp0 (pw_level_get_id (level),
                                                   pw_level_get_id (self->level)) == 0)) &&
          (problems == NULL || problems->len == 0);
  if (level != NULL)
    pw_level_ref (level);
  g_clear_pointer (&self->level, pw_level_unref);
  self->level = level;
  build_figures (self, level != NULL ? pw_level_get_kind (level) : NULL);
  if (again)
    {
      /* the figures before the edit stay, dimmed, to be compared with the
       * new ones; after two edits, with those of the first */
      for (guint i = 0; i < self->rows->len && !self->stale; i++)
        {
          Row *row = g_ptr_array_index (self->rows, i);

          g_free (row->previous);
          row->previous = g_strdup (row->text);
        }
      set_stale (self, TRUE);
    }
  else
    clear_values (self);
  self->explored = 0;

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

  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "warning");
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

/* "2 014 states explored", in the kind's unit. */
static char *
explored_text (PwAnalysisPanel *self,
               guint64          explored)
{
  g_autofree char *count = pw_format_count (explored);

  if (self->kind == NULL || self->kind->progress_unit == NULL)
    return g_steal_pointer (&count);
  /* Translators: a count and what it counts (the kind says: "states
   * explored", "positions checked"…) */
  return g_strdup_printf (C_("progress", "%s %s"), count, _(self->kind->progress_unit));
}

void
pw_analysis_panel_set_progress (PwAnalysisPanel *self,
                                guint64          explored)
{
  g_autofree char *count = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  self->explored = explored;
  count = explored_text (self, explored);
  /* Translators: the analysis is running; %s is how far it got: "2 014
   * states explored" */
  text = g_strdup_printf (_("Analysing… %s"), count);
  gtk_label_set_text (self->status_label, text);
  gtk_spinner_start (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
}

/* "13 → 11" when a figure changed since the edit; the plain value when
 * it did not, or when either is too long to read twice. */
static char *
changed_text (Row        *row,
              const char *text)
{
  if (row->previous == NULL || g_str_equal (row->previous, text) ||
      g_utf8_strlen (row->previous, -1) + g_utf8_strlen (text, -1) + 3 > VALUE_CHARS ||
      row->entries != NULL)
    return NULL;
  return g_strdup_printf ("%s → %s", row->previous, text);
}

/* @row's figure from @node, marked when it changed since the edit. */
static void
show_figure (PwAnalysisPanel *self,
             Row             *row,
             JsonNode        *node)
{
  g_autofree char *text = figure_text (row->info, node);
  g_autofree char *changed = changed_text (row, text);

  if (changed != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (row->value), "pw-changed");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row->value), "pw-changed");
  set_value (self, row, changed != NULL ? changed : text);
  /* the next comparison is with this analysis's own value */
  g_free (row->text);
  row->text = g_steal_pointer (&text);
  if (row->entries != NULL)
    {
      /* the buttons say the counts; the value beside the name, none */
      fill_entries (self, row, cell_lists (node));
      if (cell_lists (node) != NULL)
        gtk_label_set_text (row->value, "");
    }
}

void
pw_analysis_panel_set_first_look (PwAnalysisPanel *self,
                                  PwAnalysis      *analysis)
{
  JsonObject *figures;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));
  g_return_if_fail (analysis != NULL);

  /* the figures it has replace the dimmed ones before the edit; the
   * others stay dimmed, and the spinner turns, until the whole analysis */
  pw_analysis_replace (&self->analysis, analysis);
  figures = pw_analysis_get_figures (analysis);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      JsonNode *node = json_object_get_member (figures, row->info->key);

      if (node == NULL || JSON_NODE_HOLDS_NULL (node))
        {
          /* still to come: said so where no dimmed value stands */
          if (!self->stale)
            set_value (self, row, "…");
          continue;
        }
      show_figure (self, row, node);
      gtk_widget_remove_css_class (GTK_WIDGET (row->value), "pw-stale");
      if (row->entries != NULL)
        gtk_widget_set_sensitive (GTK_WIDGET (row->entries), TRUE);
    }
  /* Translators: the first figures of a level are shown, the others
   * (its difficulty, say) are still being worked out */
  gtk_label_set_text (self->status_label, _("Analysing… the first figures are in"));
  gtk_spinner_start (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
}

void
pw_analysis_panel_set_analysis (PwAnalysisPanel *self,
                                PwAnalysis      *analysis)
{
  JsonObject *figures;
  g_autofree char *status = NULL;
  g_autofree char *count = NULL;

  g_return_if_fail (PW_IS_ANALYSIS_PANEL (self));

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  if (analysis == NULL)
    {
      /* re-analysing: the previous figures stay, dimmed */
      if (!self->stale)
        clear_values (self);
      return;
    }

  pw_analysis_replace (&self->analysis, analysis);
  set_stale (self, FALSE);
  figures = pw_analysis_get_figures (analysis);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      show_figure (self, row, json_object_get_member (figures, row->info->key));
    }

  /* the count the progress reached, in its unit */
  if (pw_analysis_get_explored (analysis) > 0)
    count = explored_text (self, pw_analysis_get_explored (analysis));
  if (pw_analysis_get_partial (analysis))
    /* Translators: the analysis stopped early; %s says why */
    status = g_strdup_printf (_("Partial: %s"), pw_analysis_get_partial_reason (analysis));
  else
    status = g_strdup_printf (_("Analysed in %.2f s"), pw_analysis_get_seconds (analysis));
  if (count != NULL)
    {
      char *more = g_strconcat (status, "\n", count, NULL);

      g_free (status);
      status = more;
    }
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
  Row *row = row_of (self, key);

  if (row == NULL)
    return NULL;
  /* a list of entries reads as its buttons do */
  if (row->entries != NULL && gtk_widget_get_visible (GTK_WIDGET (row->entries)))
    return row->text;
  return gtk_label_get_text (row->value);
}

/* Whether figure @key's row is in sight: not in a closed fold. */
gboolean
pw_analysis_panel_get_figure_shown (PwAnalysisPanel *self,
                                    const char      *key)
{
  Row *row = row_of (self, key);

  return row != NULL && gtk_widget_get_visible (row->name);
}

/* Opens or closes the fold figure @key is in; FALSE when it is in none. */
gboolean
pw_analysis_panel_set_fold_open (PwAnalysisPanel *self,
                                 const char      *key,
                                 gboolean         open)
{
  Row *row = row_of (self, key);

  if (row == NULL || row->fold == NULL)
    return FALSE;
  gtk_expander_set_expanded (row->fold, open);
  return TRUE;
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

gboolean
pw_analysis_panel_get_stale (PwAnalysisPanel *self)
{
  g_return_val_if_fail (PW_IS_ANALYSIS_PANEL (self), FALSE);
  return self->stale;
}

static void
pw_analysis_panel_dispose (GObject *object)
{
  PwAnalysisPanel *self = PW_ANALYSIS_PANEL (object);

  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), PW_TYPE_ANALYSIS_PANEL);
  G_OBJECT_CLASS (pw_analysis_panel_parent_class)->dispose (object);
}

static void
pw_analysis_panel_finalize (GObject *object)
{
  PwAnalysisPanel *self = PW_ANALYSIS_PANEL (object);

  g_ptr_array_unref (self->rows);
  G_OBJECT_CLASS (pw_analysis_panel_parent_class)->finalize (object);
}

static void
pw_analysis_panel_class_init (PwAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pw_analysis_panel_dispose;
  object_class->finalize = pw_analysis_panel_finalize;

  signals[CELLS_SELECTED] = g_signal_new ("cells-selected", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);

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
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
}
