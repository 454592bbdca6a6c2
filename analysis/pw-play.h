/* pw-play.h — playing a level move by move, with what the analysis knows
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-analysis.h"
#include "pw-level.h"

G_BEGIN_DECLS

typedef struct _PwPlay PwPlay;

/* What is known of a position, from the level's analysis. */
typedef enum
{
  PW_PLAY_UNKNOWN,   /* no complete analysis of this level (yet) */
  PW_PLAY_WON,
  PW_PLAY_WINNABLE,  /* a win is reachable; the distance says in how many moves */
  PW_PLAY_DEAD_END,  /* no win can be reached any more */
} PwPlayStatus;

/* A play session of @level (a copy is kept), at its start; NULL when the
 * level's kind has no play mode or the level is not valid. */
PwPlay       *pw_play_new             (PwLevel      *level);
void          pw_play_free            (PwPlay       *play);

PwLevel      *pw_play_get_level       (PwPlay       *play);
guint         pw_play_get_n_moves     (PwPlay       *play);
/* The letter of move @move ("U", "R"…). */
char          pw_play_get_move_letter (PwPlay       *play,
                                       guint         move);
/* The move with letter @letter, or -1. */
int           pw_play_find_move       (PwPlay       *play,
                                       char          letter);

/* Makes @move; FALSE (and nothing happens) when it changes nothing or the
 * position is won. */
gboolean      pw_play_move            (PwPlay       *play,
                                       guint         move);
/* Takes the last move back; FALSE at the start. */
gboolean      pw_play_back            (PwPlay       *play);
void          pw_play_restart         (PwPlay       *play);
/* The moves made since the start, as letters. */
const char   *pw_play_get_history     (PwPlay       *play);
gboolean      pw_play_is_won          (PwPlay       *play);
/* Whether the last move was flagged (slide: it broke the combo). */
gboolean      pw_play_get_combo_broken (PwPlay      *play);

/* The analysis of this level's content, or NULL to forget it. Only a
 * complete analysis with a state graph gives more than PW_PLAY_UNKNOWN. */
void          pw_play_set_analysis    (PwPlay       *play,
                                       PwAnalysis   *analysis);
/* The current position: status and, when winnable, moves to the nearest
 * win (*distance may be NULL). */
PwPlayStatus  pw_play_get_status      (PwPlay       *play,
                                       guint        *distance);
/* What @move would lead to; *changes says whether it changes anything
 * (a move that does not has the current position's status). */
PwPlayStatus  pw_play_get_move_status (PwPlay       *play,
                                       guint         move,
                                       gboolean     *changes,
                                       guint        *distance);
/* A move on a shortest line to a win, or -1 when there is none or no
 * complete analysis. Ties go to the lowest move index. */
int           pw_play_hint            (PwPlay       *play);

/* The state graph's index of the current position, or PW_NO_STATE. */
guint32       pw_play_get_state       (PwPlay       *play);
/* Jumps to state @state of the analysis's graph (the history is then
 * the moves along a shortest way there from the start). */
gboolean      pw_play_goto_state      (PwPlay       *play,
                                       guint32       state);

/* A level showing the current position, for drawing. */
PwLevel      *pw_play_render          (PwPlay       *play);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwPlay, pw_play_free)

G_END_DECLS
