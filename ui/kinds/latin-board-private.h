/* latin-board-private.h — what the number board's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * latin-board.c: editing, play, the board interface;
 * latin-board-draw.c: the picture and the marks on it;
 * latin-board-input.c: pointer and keys.
 */

#pragma once

#include "latin-board.h"
#include "latin-private.h"
#include "numgrid.h"
#include "pw-geometry.h"
#include "techniques.h"

G_BEGIN_DECLS

struct _PwNumberBoard
{
  GtkBox        parent_instance;

  /* template */
  GtkWidget    *edit_bar;
  GtkWidget    *size_spin;
  GtkWidget    *box_dropdown;
  GtkWidget    *jigsaw_toggle;
  GtkWidget    *regions_toggle;
  GtkWidget    *diagonals_check;
  GtkWidget    *play_bar;
  GtkWidget    *pencil_toggle;
  GtkWidget    *auto_check;
  GtkWidget    *conflicts_check;
  GtkWidget    *check_button;
  GtkWidget    *area;
  GtkWidget    *status_label;
  GtkWidget    *letters_check;

  PwLevel      *level;
  GPtrArray    *problems;
  PwAnalysis   *analysis;
  PwNumGrid    *grid;          /* the level's rules, for play */
  PwGeometry    geometry;      /* where the cells were last drawn */
  int           cursor;
  gboolean      updating;      /* the bar is being set from the level */

  /* typing two digits */
  int           typed_cell;
  guint         typed_value;
  gint64        typed_time;

  /* painting regions */
  int           paint_region;

  /* play */
  gboolean      playing;
  guint8       *values;        /* entries; givens are read from the level */
  PwValueSet   *pencil;
  PwValueSet   *eliminated;    /* candidates a hint removed */
  GArray       *steps;         /* Step */
  guint8       *wrong;         /* Check's marks, or NULL */
  PwLogicStep  *hint;          /* shown, made by the next Hint */
  guint8       *solution;      /* the level's one solution, or NULL */
  gint64        started;       /* monotonic µs of the first entry, 0 before */
  double        solved_seconds;
  gboolean      solved;
};

static inline const PwLatinLevel *
data (PwNumberBoard *self)
{
  return self->level != NULL ? pw_level_get_data (self->level) : NULL;
}

static inline guint
n_cells (PwNumberBoard *self)
{
  const PwLatinLevel *level = data (self);

  return level != NULL ? level->n * level->n : 0;
}

static inline void
redraw (PwNumberBoard *self)
{
  gtk_widget_queue_draw (self->area);
}

static inline gboolean
letters (PwNumberBoard *self)
{
  return gtk_check_button_get_active (GTK_CHECK_BUTTON (self->letters_check));
}

/* The value a cell shows: its given, else the player's entry. */
static inline guint
value_at (PwNumberBoard *self,
          guint          c)
{
  const PwLatinLevel *level = data (self);

  if (level->givens[c] != 0)
    return level->givens[c];
  return self->playing ? self->values[c] : 0;
}

/* latin-board.c: a given typed on @cell (0 clears), the jigsaw region
 * painted on to @cell, a value played on @cell (0 clears) */
void _pw_number_board_edit_given      (PwNumberBoard  *self,
                                       guint           cell,
                                       guint           value);
void _pw_number_board_paint_region_at (PwNumberBoard  *self,
                                       guint           cell);
void _pw_number_board_play_value      (PwNumberBoard  *self,
                                       guint           cell,
                                       guint           value);

/* latin-board-input.c: the key, click and drag controllers */
void _pw_number_board_add_input       (PwNumberBoard  *self);

/* latin-board-draw.c */
/* The values an empty cell still allows (as the play code needs them
 * for automatic candidates and hints). */
void _pw_number_board_allowed   (PwNumberBoard  *self,
                                 guint           c,
                                 PwValueSet     *out);
void _pw_number_board_draw_area (GtkDrawingArea *area,
                                 cairo_t        *cr,
                                 int             width,
                                 int             height,
                                 gpointer        user_data);

G_END_DECLS
