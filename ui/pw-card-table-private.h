/* pw-card-table-private.h — what the card table's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-card-table.c: state, checks, drawing, edits, the public calls and
 * the board; pw-card-table-input.c: play moves, the pointer and the
 * keyboard.
 */

#pragma once

#include "freecell-check.h"
#include "freecell-view.h"
#include "pw-board.h"
#include "pw-card-table.h"

G_BEGIN_DECLS

#define N_SOURCES  PW_FC_N_SOURCES
#define N_PLACES   PW_FC_N_PLACES

struct _PwCardTable
{
  GtkBox           parent_instance;

  GtkWidget       *edit_bar;
  GtkWidget       *play_bar;
  GtkWidget       *area;
  GtkSpinButton   *deal_spin;
  GtkSpinButton   *seed_spin;
  GtkSpinButton   *cascades_spin;
  GtkSpinButton   *free_spin;
  GtkCheckButton  *auto_check;
  GtkLabel        *hint_label;
  gboolean         updating;

  PwLevel         *level;
  gboolean         valid;          /* the level has no problems */
  PwFcDecor        decor;
  PwGeometry       geometry;

  /* pointer */
  int              press_place;    /* -1: none */
  int              press_index;
  double           press_x;
  double           press_y;
  double           grab_dx;
  double           grab_dy;
  gboolean         dragging;
  int              edit_place;     /* edit: a card clicked, waiting to swap */
  int              edit_index;

  /* play */
  gboolean         playing;
  PwFcPosition     position;
  GArray          *history;        /* PwFcPosition before each step */
  GArray          *steps;          /* guint: atomic moves of each step */
  GArray          *moves;          /* PwFcMove, every atomic move made */
  int              selected_place;
  int              selected_index;
  int              swaps;          /* to the suits of the deal's class */
  int              cursor;         /* play by keyboard: a place, or -1 */

  /* the check of the position on screen */
  GCancellable    *cancellable;
  gboolean         checked;
  gboolean         marks_known;
  PwFcVerdict      verdict;
  guint64          states;
  GArray          *solution;       /* PwFcMove from the position, or NULL */
  PwFcMark         marks[N_SOURCES][N_PLACES];
  int              moves_left[N_SOURCES][N_PLACES];
  gboolean         hint_shown;
};

const PwFreecellLevel *_pw_card_table_level_data        (PwCardTable *self);
/* The deal as it is drawn now (a play position rendered), to free. */
PwFreecellLevel       *_pw_card_table_shown_level       (PwCardTable *self);
/* The selected card's destinations marked as the last check found. */
void                   _pw_card_table_apply_decor_marks (PwCardTable *self);
/* A new position: check it and every move from it. */
void                   _pw_card_table_start_check       (PwCardTable *self);
/* The drag and key controllers on the table's area. */
void                   _pw_card_table_add_input         (PwCardTable *self);
/* pw-card-table-board.c: the PwBoard interface */
void                   _pw_card_table_board_init        (PwBoardInterface *iface);

G_END_DECLS
