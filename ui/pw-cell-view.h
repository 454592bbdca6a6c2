/* pw-cell-view.h — the table a logic kind gives the cell board (its
 * cells, how they are drawn, edited and played), and what the kinds'
 * paint functions draw with
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cairo only, as the kinds' view tables (pw-kind-view.h) that point to
 * it: the views are in the drawing library, which links no GTK. The
 * widget that reads the table is pw-cell-board.h.
 */

#pragma once

#include <cairo.h>
#include <json-glib/json-glib.h>

#include "pw-geometry.h"
#include "pw-view-style.h"

G_BEGIN_DECLS

/* Marks the board draws over cells, any together. */
typedef enum
{
  PW_CELL_MARK_CONFLICT  = 1 << 0,  /* breaks a rule: red */
  PW_CELL_MARK_WRONG     = 1 << 1,  /* differs from the solution (Check): crossed out */
  PW_CELL_MARK_PATTERN   = 1 << 2,  /* why a hint holds: blue */
  PW_CELL_MARK_TARGET    = 1 << 3,  /* what a hint decides: green */
  PW_CELL_MARK_REDUNDANT = 1 << 4,  /* a given that can go: dashed ring */
  PW_CELL_MARK_DIFFERING = 1 << 5,  /* two solutions differ here: amber */
  PW_CELL_MARK_UNDECIDED = 1 << 6,  /* logic cannot decide it: hatched */
  PW_CELL_MARK_SHOWN     = 1 << 7,  /* asked for by the figures panel: outlined */
} PwCellMark;

/* A cell's entry after a change (hints), or before it (undo). */
typedef struct
{
  guint cell;
  int   entry;
} PwCellChange;

/* A hint: one sentence, the cells that make it (@pattern, guint) and what
 * it decides (@changes, PwCellChange). */
typedef struct
{
  char   *sentence;
  GArray *pattern;
  GArray *changes;
} PwCellHint;

PwCellHint *pw_cell_hint_new  (const char *sentence);
void        pw_cell_hint_free (PwCellHint *hint);
void        pw_cell_hint_add  (PwCellHint *hint,
                               guint       cell,
                               int         entry);

/* A way of editing cells with the pointer: "Queens", "Blocked cells". */
typedef struct
{
  const char *label;       /* N_(), with a mnemonic */
  const char *tooltip;     /* N_() */
  const char *undo_label;  /* N_(): a stroke's step of undo */
} PwCellTool;

/* A number of the level set in the bar above the board: a size, the
 * stars a unit; or an on/off property (@check). */
typedef struct
{
  const char *label;       /* N_(), with a mnemonic */
  const char *tooltip;     /* N_() */
  const char *undo_label;  /* N_() */
  gboolean    check;
  int         min;
  int         max;
  int       (*get) (gconstpointer data);
  /* a copy of the level with @value, or NULL when nothing changes */
  gpointer  (*set) (gconstpointer data,
                    int           value);
} PwCellSetting;

/* A cells figure of the analysis ([[x, y], …]) and the mark it gives
 * while editing. */
typedef struct
{
  const char *key;
  guint8      mark;
} PwCellFigureMark;

/* What a kind's paint function draws besides the level. */
typedef struct
{
  const int  *position;    /* play: every cell's entry, fixed cells included; NULL when editing */
  JsonObject *figures;     /* editing: the analysis's figures, or NULL */
  gboolean    conflicts;   /* play: show the rules the entries break (clues, sums) */
} PwCellPaintState;

/* The cell board's side of a kind (PwKindView.cell_board), as PwKindView
 * is its drawing side: the board knows the kind through this alone.
 *
 * The level's cells are a width × height block of the view's grid
 * (get_grid), numbered y * width + x; the board keeps, in play, an int
 * entry a cell whose meaning is the kind's (0 always empty). */
typedef struct _PwCellView
{
  /* where the cells are in the view's grid */
  void        (*get_cells)    (gconstpointer            data,
                               int                     *x,
                               int                     *y,
                               int                     *width,
                               int                     *height);
  /* draws the level, with @state's entries when playing (cairo only) */
  void        (*paint)        (gconstpointer            data,
                               const PwCellPaintState  *state,
                               cairo_t                 *cr,
                               const PwGeometry        *geometry,
                               const PwViewStyle       *style);

  /* Editing. What the status line says (N_()). */
  const char           *edit_help;
  /* pointer tools (one at least; buttons when several) */
  const PwCellTool     *tools;
  guint                 n_tools;
  /* a press with @tool and @button (1 or 3) on @cell: the value a stroke
   * through cells paints, or -1 when the press paints nothing */
  int         (*edit_stroke)  (gconstpointer            data,
                               guint                    cell,
                               guint                    tool,
                               guint                    button);
  /* a copy of the level with @value painted on @cell (@figures: the
   * analysis, may be NULL), or NULL when nothing changes */
  gpointer    (*edit_paint)   (gconstpointer            data,
                               guint                    cell,
                               guint                    tool,
                               int                      value,
                               JsonObject              *figures);
  const PwCellSetting  *settings;
  guint                 n_settings;
  /* typing: the largest value (0: cells take no typed values); a copy
   * with @value given on @cell (0 clears), or NULL when nothing changes */
  guint       (*max_value)    (gconstpointer            data);
  gpointer    (*type_value)   (gconstpointer            data,
                               guint                    cell,
                               guint                    value);
  /* Lines edited as text beside the grid (nonogram clues), or NULL: the
   * line at a grid cell of the view (-1: none), its text, a copy of the
   * level with new text (an error when it does not read). */
  int         (*line_at)      (gconstpointer            data,
                               int                      column,
                               int                      row);
  char       *(*line_text)    (gconstpointer            data,
                               guint                    line);
  char       *(*line_name)    (gconstpointer            data,
                               guint                    line);
  gpointer    (*set_line_text) (gconstpointer           data,
                                guint                   line,
                                const char             *text,
                                GError                **error);
  /* the analysis's cell figures drawn while editing */
  const PwCellFigureMark *figure_marks;
  guint                   n_figure_marks;

  /* Play. What the pointer and keys do (N_()), shown in the play bar. */
  const char           *play_help;
  /* A cell's entry for good (a given, a blocked cell), or -1 when
   * the player fills it. */
  int         (*fixed)        (gconstpointer            data,
                               guint                    cell);
  /* a press with @button on @cell of @position: the entry the cell takes,
   * or -1: none; whether a drag gives @entry to the cells it passes too
   * (NULL: never) */
  int         (*play_press)   (gconstpointer            data,
                               const int               *position,
                               guint                    cell,
                               guint                    button);
  gboolean    (*play_drag)    (int                      entry);
  gboolean    (*solved)       (gconstpointer            data,
                               const int               *position);
  /* marks with PW_CELL_MARK_CONFLICT the cells that break a rule */
  void        (*conflicts)    (gconstpointer            data,
                               const int               *position,
                               guint8                  *marks);
  /* the solution as entries from the analysis's figures, or NULL */
  int        *(*solution)     (gconstpointer            data,
                               JsonObject              *figures);
  /* a solution entry that showing the solution leaves unwritten (a
   * nonogram's white cells, the cells without a queen), or -1 */
  int                   solution_quiet;
  /* the easiest step of logic from @position (NULL: none; @error when
   * the entries contradict); NULL when the kind has no hints */
  PwCellHint *(*hint)         (gconstpointer            data,
                               const int               *position,
                               GError                 **error);
  /* "5 of 8 queens placed" */
  char       *(*play_status)  (gconstpointer            data,
                               const int               *position);
} PwCellView;

/* For the kinds' paint functions: text centred on a point, in the ink of
 * @style (@alpha), bold or not; a cells figure's cells as flags. */
void          pw_cell_draw_text            (cairo_t           *cr,
                                            const PwViewStyle *style,
                                            const char        *text,
                                            double             cx,
                                            double             cy,
                                            double             size,
                                            gboolean           bold,
                                            double             alpha);
void          pw_cell_set_ink              (cairo_t           *cr,
                                            const PwViewStyle *style,
                                            double             alpha);
/* Sets @flag in @marks (width × height) on each [x, y] of the figure
 * @key, if it is a list of cells. */
void          pw_cell_mark_figure          (JsonObject        *figures,
                                            const char        *key,
                                            guint8             flag,
                                            guint8            *marks,
                                            int                width,
                                            int                height);
/* A grid figure (rows of numbers: a solution) as width × height ints, or
 * NULL when it is missing or of another size. */
int          *pw_cell_grid_figure          (JsonObject        *figures,
                                            const char        *key,
                                            int                width,
                                            int                height);

/* For the kinds' draw_solution (printed solution pages): paints the level
 * as @view does in play, its cells holding the solution of @figures
 * (view->solution; fixed cells keep their entry, solution_quiet entries
 * are left empty). FALSE, painting nothing, when the figures hold none. */
gboolean      pw_cell_paint_solution       (const PwCellView  *view,
                                            gconstpointer      data,
                                            JsonObject        *figures,
                                            cairo_t           *cr,
                                            const PwGeometry  *geometry,
                                            const PwViewStyle *style);

/* For the cell board (pw-cell-board.c): the marks over cells (cx, cy) of
 * the view's grid onwards, cw × ch of them. */
void          _pw_cell_paint_marks         (cairo_t           *cr,
                                            const PwGeometry  *geometry,
                                            const guint8      *marks,
                                            int                cx,
                                            int                cy,
                                            int                cw,
                                            int                ch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwCellHint, pw_cell_hint_free)

G_END_DECLS
