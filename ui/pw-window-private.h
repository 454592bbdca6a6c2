/* pw-window-private.h — what the window's files share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-window.c composes the widgets and keeps them in step with the
 * document and the scheduler; pw-window-actions.c holds the actions.
 */

#pragma once

#include "pw-analysis-panel.h"
#include "pw-board.h"
#include "pw-chart-view.h"
#include "pw-graph-view.h"
#include "pw-level-list.h"
#include "pw-level-panel.h"
#include "pw-window.h"

G_BEGIN_DECLS

struct _PwWindow
{
  GtkApplicationWindow  parent_instance;

  /* template */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *main_stack;
  GtkLabel             *message_title;
  GtkLabel             *message_text;
  GtkPaned             *outer_paned;
  PwLevelList          *level_list;
  GtkWidget            *play_bar;
  GtkLabel             *moves_label;
  GtkLabel             *clock_label;
  GtkAdjustment        *speed_adjustment;
  GtkStack             *board_stack;
  PwLevelPanel         *level_panel;
  PwAnalysisPanel      *analysis_panel;
  PwGraphView          *graph_view;
  PwChartView          *chart_view;
  GtkRevealer          *export_revealer;
  GtkLabel             *export_label;
  GtkProgressBar       *export_progress;
  GtkWidget            *export_cancel;
  GtkWidget            *export_close;
  GtkRevealer          *file_revealer;
  GtkLabel             *file_label;
  GtkWidget            *file_reload;
  GMenu                *recent_menu;

  GSettings            *settings;     /* NULL when there is no schema */
  PwRecovery           *recovery;     /* NULL when nothing is recovered */
  PwDocument           *document;
  GFileMonitor         *file_monitor; /* of the document's file, or NULL */
  PwScheduler          *scheduler;
  guint                 current;      /* index in the document, or G_MAXUINT */
  PwLevel              *on_screen;    /* the level at @current when it came */
  PwLevel              *shown;        /* the content the figures are of */
  PwAnalysis           *analysis;     /* of the level on screen, or NULL */

  PwBoard              *board;        /* the board of the level on screen */
  guint                 solution_timeout;
  gboolean              stepping;     /* the solution timer is moving */
  GCancellable         *export_cancellable;
  gulong                divider_handler; /* until the divider's first place */

  /* play mode's playtest (pw-window-playtest.c) */
  gboolean              attempt_open;     /* playing, neither won nor left yet */
  char                 *attempt_level;    /* the id of the level played */
  gint64                attempt_started;  /* monotonic time of the first move; 0 before */
  double                attempt_seconds;  /* the time recorded when it ended; -1 while open */
  guint                 clock_source;     /* ticks the play bar's clock while it runs */
  guint                 attempt_hints;
  gboolean              attempt_helped;   /* the solution player moved */
  char                 *tester_name;      /* typed in, when there are no settings */
};

/* pw-window.c */
PwLevel  *_pw_window_current_level (PwWindow   *self);
void      _pw_window_show_error    (PwWindow   *self,
                                    const char *primary,
                                    const char *secondary);
void      _pw_window_replace_level (PwWindow   *self,
                                    PwLevel    *level,
                                    const char *label);
void      _pw_window_note_file     (PwWindow   *self);
void      _pw_window_leave_play    (PwWindow   *self);
gboolean  _pw_window_enter_play    (PwWindow   *self);
void      _pw_window_stop_solution (PwWindow   *self);
void      _pw_window_update_play   (PwWindow   *self);
void      _pw_window_update_title  (PwWindow   *self);

/* pw-window-monitor.c: watch the document's file (again, after a save
 * to another one), showing the banner when another program changes it */
void      _pw_window_watch_file          (PwWindow *self);
void      _pw_window_unwatch_file        (PwWindow *self);
void      _pw_window_file_reload_clicked (PwWindow *self);
void      _pw_window_file_keep_clicked   (PwWindow *self);

/* pw-window-print.c */
void      _pw_window_choose_level_image (PwWindow *self);
void      _pw_window_print_with_dialog  (PwWindow *self);

/* pw-window-files.c */
typedef void (*PwFileChosen) (PwWindow *self,
                              GFile    *file);

GtkFileChooser *_pw_window_file_chooser_new     (PwWindow             *self,
                                                 const char           *title,
                                                 GtkFileChooserAction  action,
                                                 const char           *accept,
                                                 PwFileChosen          chosen);
void            _pw_window_chooser_in_set_folder (PwWindow            *self,
                                                  GtkFileChooser      *chooser);
void            _pw_window_choose_file_to_open  (PwWindow             *self,
                                                 gpointer              data);
void            _pw_window_new_now              (PwWindow             *self,
                                                 gpointer              data);
void            _pw_window_save_then            (PwWindow             *self,
                                                 void                (*then) (PwWindow *self,
                                                                              gpointer  data),
                                                 gpointer              data,
                                                 GDestroyNotify        destroy);
void            _pw_window_save_as_then         (PwWindow             *self,
                                                 void                (*then) (PwWindow *self,
                                                                              gpointer  data),
                                                 gpointer              data,
                                                 GDestroyNotify        destroy);

/* pw-window-playtest.c: the events of an attempt in play mode */
void      _pw_window_attempt_begin   (PwWindow   *self);
void      _pw_window_attempt_moved   (PwWindow   *self);
void      _pw_window_clock_stop      (PwWindow   *self);
void      _pw_window_attempt_hint    (PwWindow   *self);
void      _pw_window_attempt_helped  (PwWindow   *self);
void      _pw_window_attempt_won     (PwWindow   *self);
void      _pw_window_attempt_abandon (PwWindow   *self);

/* pw-window-sets.c */
void      _pw_window_choose_playtest_sheets (PwWindow *self);
void      _pw_window_show_duplicates        (PwWindow *self);

/* pw-window-actions.c */
void      _pw_window_add_actions    (PwWindow   *self);
void      _pw_window_update_actions (PwWindow   *self);
/* The analysis-memory-mib setting in bytes, G_MAXUINT64 for none; 0
 * (the library's default) for a window without settings. */
guint64   _pw_window_memory_budget  (PwWindow   *self);
void      _pw_window_confirm_discard (PwWindow       *self,
                                      void          (*then) (PwWindow *self,
                                                             gpointer  data),
                                      gpointer        data,
                                      GDestroyNotify  destroy);
void      _pw_window_export_cancel_clicked (PwWindow *self);
/* Reads the document's file again in place of the document (its edits
 * go); an error is shown. */
void      _pw_window_reload (PwWindow *self);
void      _pw_window_export_close_clicked  (PwWindow *self);

G_END_DECLS
