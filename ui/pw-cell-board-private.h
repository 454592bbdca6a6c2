/* pw-cell-board-private.h — the cell board's insides, shared by its
 * files: pw-cell-board.c (the widget: drawing, editing, input) and
 * pw-cell-board-play.c (play, and the board's play interface)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-cell-board.h"

G_BEGIN_DECLS

/* One step of play: the cells it changed, with their entries before. */
typedef struct
{
  GArray *cells;  /* PwCellChange */
} PwCellStep;

struct _PwCellBoard
{
  GtkBox            parent_instance;

  /* template */
  GtkWidget        *edit_bar;
  GtkWidget        *tool_box;
  GtkWidget        *settings_box;
  GtkWidget        *play_bar;
  GtkWidget        *conflicts_check;
  GtkWidget        *check_button;
  GtkWidget        *play_help;
  GtkWidget        *area;
  GtkWidget        *status_label;
  GtkWidget        *line_popover;
  GtkWidget        *line_label;
  GtkWidget        *line_entry;
  GtkWidget        *line_error;

  const PwCellView *table;          /* of the level on screen */
  const PwCellView *bar_table;      /* the table the bar's widgets were made for */
  GPtrArray        *tool_buttons;   /* GtkToggleButton */
  GPtrArray        *setting_widgets; /* GtkSpinButton or GtkCheckButton */

  PwLevel          *level;
  GPtrArray        *problems;
  PwAnalysis       *analysis;
  PwGeometry        geometry;       /* where the view's grid was last drawn */
  int               cursor;
  guint             tool;
  gboolean          updating;       /* the bar is being set from the level */
  char             *status;

  /* typing several digits */
  int               typed_cell;
  guint             typed_value;
  gint64            typed_time;

  /* a stroke of the pointer */
  gboolean          stroking;
  int               stroke_value;
  int               stroke_last;
  PwCellStep              stroke_step;    /* play: the cells changed so far */

  /* the line whose text is being typed */
  int               editing_line;

  /* cells the figures panel asked to show */
  guint8           *shown;

  /* play */
  gboolean          playing;
  int              *position;       /* every cell's entry, fixed cells included */
  GArray           *steps;          /* PwCellStep */
  guint8           *wrong;          /* Check's marks, or NULL */
  PwCellHint       *hint;           /* shown, made by the next Hint */
  int              *solution;       /* the level's one solution as entries, or NULL */
  gint64            started;        /* monotonic µs of the first entry, 0 before */
  double            solved_seconds;
  gboolean          solved;
};

/* The level on screen (pw-cell-board.c). */
gconstpointer _pw_cell_board_data        (PwCellBoard       *self);
void          _pw_cell_board_get_cells   (PwCellBoard       *self,
                                          int               *x,
                                          int               *y,
                                          int               *width,
                                          int               *height);
guint         _pw_cell_board_n_cells     (PwCellBoard       *self);
JsonObject   *_pw_cell_board_figures     (PwCellBoard       *self);
void          _pw_cell_board_redraw      (PwCellBoard       *self);

/* Play (pw-cell-board-play.c). */
void          _pw_cell_board_update_status (PwCellBoard     *self);
void          _pw_cell_board_stop_play   (PwCellBoard       *self);
void          _pw_cell_board_fill_fixed  (PwCellBoard       *self);
gboolean      _pw_cell_board_is_fixed    (PwCellBoard       *self,
                                          guint              cell);
/* Sets one entry inside the step being made, saving what it was. */
gboolean      _pw_cell_board_set_entry   (PwCellBoard       *self,
                                          PwCellStep              *step,
                                          guint              cell,
                                          int                entry);
/* Keeps @step as one step of Back when it changed anything. */
void          _pw_cell_board_finish_step (PwCellBoard       *self,
                                          PwCellStep              *step);
gboolean      _pw_cell_board_play_one    (PwCellBoard       *self,
                                          guint              cell,
                                          int                entry);
void          _pw_cell_board_clear_hint  (PwCellBoard       *self);
void          _pw_cell_board_clear_steps (PwCellBoard       *self);
void          _pw_cell_board_step_clear  (PwCellStep              *step);
/* The play side of the PwBoard interface. */
void          _pw_cell_board_play_init   (PwBoardInterface  *iface);

/* Drawing (pw-cell-paint.c): the marks over cells (cx, cy) of the view's
 * grid onwards, cw × ch of them. */
void          _pw_cell_paint_marks       (cairo_t           *cr,
                                          const PwGeometry  *geometry,
                                          const guint8      *marks,
                                          int                cx,
                                          int                cy,
                                          int                cw,
                                          int                ch);

G_END_DECLS
