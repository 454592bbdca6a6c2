/* pw-kind.h — one table of functions per puzzle kind, and the registry
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pw-deadline.h"
#include "pw-types.h"

G_BEGIN_DECLS

#define PW_KIND_ERROR (pw_kind_error_quark ())

typedef enum
{
  PW_KIND_ERROR_INVALID,      /* the payload or text does not describe a level */
  PW_KIND_ERROR_UNSUPPORTED,  /* the kind cannot do what was asked */
  PW_KIND_ERROR_UNKNOWN_KIND, /* no kind has that id */
  PW_KIND_ERROR_MEMORY_BUDGET, /* a generator's candidate needed more memory than allowed */
  PW_KIND_ERROR_USED_UP,      /* a generator made only puzzles it had made (pw_generate) */
} PwKindError;

GQuark pw_kind_error_quark (void);

typedef enum
{
  PW_FIGURE_INT,     /* gint64; JSON integer */
  PW_FIGURE_DOUBLE,  /* double; JSON number */
  PW_FIGURE_BOOL,    /* gboolean; JSON true/false */
  PW_FIGURE_STRING,  /* text */
  PW_FIGURE_CELLS,   /* a list of cells, JSON [[x, y], …] */
  PW_FIGURE_LIST,    /* any other JSON list */
  PW_FIGURE_CLASS,   /* text naming the level's class: two levels of a set
                      * with the same value are the same game */
  PW_FIGURE_GRID,    /* a grid of numbers, JSON [[row], …] (a solution) */
  PW_FIGURE_COUNTS,  /* how often each thing happened, JSON {"key": n, …} */
} PwFigureType;

/* One analysis figure: its JSON key and CSV column (@key), and its
 * translatable label for people (@label, marked with N_()). */
struct _PwFigureInfo
{
  const char  *key;
  const char  *label;
  PwFigureType type;
  /* Optional: the value for people when its type cannot say it (a
   * technique's key as its translated name); NULL for the type's way. */
  char      *(*display) (JsonNode *value);
  /* Costly to compute (minutes on a whole catalogue where the others take
   * seconds): the command line leaves it out unless asked by name or with
   * --figures all; the editor computes it. */
  gboolean     costly;
  /* N_() the name of a fold the editor's panel keeps this figure in,
   * closed until opened: the parts of a composite figure (a model's
   * terms), which would push the others out of sight. Consecutive
   * figures with the same group share the fold; NULL: always shown.
   * Only the panel reads it: reports and CSV list every figure. */
  const char  *group;
};

/* A problem found by validation: where (cell @x, @y, or card @card; -1 when
 * it does not apply) and what (@message, translated). */
struct _PwProblem
{
  int   x;
  int   y;
  int   card;
  char *message;
};

PwProblem *pw_problem_new_cell (int         x,
                                int         y,
                                const char *format,
                                ...) G_GNUC_PRINTF (3, 4);
void       pw_problem_free     (PwProblem  *problem);

struct _PwAnalyseOptions
{
  guint64      max_states;   /* budget; past it the result is partial */
  guint64      max_bytes;    /* memory budget; 0: from the memory available */
  double       max_seconds;  /* time budget of one analysis, wall clock; 0: none */
  /* The running analysis's time budget: pw_level_analyse sets it from
   * @max_seconds (NULL: none); every search checks it with its cancellable. */
  PwDeadline  *deadline;
  guint64      seed;         /* for every randomised figure */
  guint        search_runs;  /* randomised searches averaged (multiple method) */
  guint        threads;      /* threads one analysis may use; 0: one per core */
  guint64      max_solutions; /* kinds that count solutions stop there (capped) */
  /* The figures wanted, NULL-terminated keys (NULL: all; none: no work at
   * all, pw_level_analyse gives an analysis without figures): a kind may skip
   * the work of the others, which it leaves null. */
  const char * const *figures;
  /* With @figures NULL: leave out the figures the kinds mark as costly
   * (the command line's default); FALSE computes everything. */
  gboolean     skip_costly;
  PwTraceFunc  trace;        /* optional, may be NULL */
  gpointer     trace_data;
};

#define PW_DEFAULT_MAX_STATES   G_GUINT64_CONSTANT (20000000)
#define PW_DEFAULT_SEED         G_GUINT64_CONSTANT (1)
#define PW_DEFAULT_SEARCH_RUNS  50
#define PW_DEFAULT_MAX_SOLUTIONS 1000

void     pw_analyse_options_init  (PwAnalyseOptions       *options);
/* Whether @key is among the figures @options asks for. */
gboolean pw_analyse_options_wants (const PwAnalyseOptions *options,
                                   const char             *key);
/* The same for a figure its kind marks as costly: asked for by name, or
 * every figure asked for without skip_costly. */
gboolean pw_analyse_options_wants_costly (const PwAnalyseOptions *options,
                                          const char             *key);
/* A line for @options's trace (`analyse --trace`), when it has one. */
void     pw_analyse_options_trace (const PwAnalyseOptions *options,
                                   const char             *format,
                                   ...) G_GNUC_PRINTF (2, 3);

/* Whole-level transforms, for kinds laid out on a grid. */
typedef enum
{
  PW_TRANSFORM_MIRROR_LEFT_RIGHT,
  PW_TRANSFORM_MIRROR_TOP_BOTTOM,
  PW_TRANSFORM_ROTATE_CLOCKWISE,
  PW_TRANSFORM_ROTATE_ANTICLOCKWISE,
} PwTransform;

/* Where cell (@x, @y) of a @width × @height grid goes under @transform
 * (in the result, whose sides a turn swaps); the same for cell @cell of
 * an @n × @n square numbered row by row; whether @transform turns. */
void     pw_transform_point (PwTransform  transform,
                             guint        width,
                             guint        height,
                             guint        x,
                             guint        y,
                             guint       *nx,
                             guint       *ny);
guint    pw_transform_cell  (PwTransform  transform,
                             guint        n,
                             guint        cell);
gboolean pw_transform_turns (PwTransform  transform);

typedef enum
{
  PW_SIDE_TOP,
  PW_SIDE_RIGHT,
  PW_SIDE_BOTTOM,
  PW_SIDE_LEFT,
} PwSide;

/* A parameter of a kind's generator, for help texts. */
typedef struct
{
  const char *name;         /* "size" */
  const char *value;        /* N_() placeholder: "WxH" */
  const char *description;  /* N_() */
} PwGenerateParam;

/* A generator reports each level it makes (@data is the kind's level,
 * taken) with its difficulty; FALSE stops it. */
typedef gboolean (*PwGenerateFound)    (gpointer  data,
                                        double    difficulty,
                                        gpointer  user_data);
/* Every few attempts: levels tried and found so far. */
typedef void     (*PwGenerateProgress) (guint64   tried,
                                        guint     found,
                                        gpointer  user_data);

/* What a partial placement can still become (placement play). Arrays
 * have one byte per cell of the level's grid. */
typedef struct
{
  gboolean  decided;       /* FALSE: the search budget ran out */
  gboolean  completable;   /* some solution keeps every placed piece */
  guint8   *conflict;      /* when not: 1 on the cells of a smallest set of
                            * placed pieces that cannot all stay */
  guint8   *solution;      /* when completable: per cell 0 or entry + 1 */
} PwPlaceResult;

void pw_place_result_clear (PwPlaceResult *result);

/* ------------------------------------------------------------------ */
/* What the shell asks of a kind (issue 15): the level list's columns  */
/* and how their cells read, and the options a kind adds to `import`.  */
/* The editor's window, its level list and the command line never     */
/* branch on a kind's name: what differs is here.                      */

/* How a value of a list column is written. */
typedef enum
{
  PW_COLUMN_COUNT,    /* a number, whole, thousands grouped: "2 014" */
  PW_COLUMN_DECIMAL,  /* a number with one decimal: "59.1" */
  PW_COLUMN_YES_NO,   /* a boolean: "yes" or "no" */
  PW_COLUMN_LENGTH,   /* a list (cells…), by how many it holds */
  PW_COLUMN_CUSTOM,   /* any value: @format_value writes it, @sort_value
                       * gives its number (a grade [passes, depth]) */
} PwColumnFormat;

/* One column of the level list: a figure of the kind's analysis. */
typedef struct
{
  const char     *key;         /* the figure's key (one of the kind's figures) */
  const char     *title;       /* N_() short header: "Par" */
  const char     *description; /* N_() the header's tooltip: what it counts */
  PwColumnFormat  format;
  /* Optional: the text for a value when @format cannot say it (a count
   * that stopped at its cap: "1 000+"); NULL to use @format. @figures is
   * the analysis's whole figure object. */
  char         *(*format_value) (JsonObject *figures,
                                 JsonNode   *value);
  /* PW_COLUMN_CUSTOM only: the number @value sorts by; NAN when @value is
   * not what the column shows (the cell then reads as having none). */
  double        (*sort_value)   (JsonNode   *value);
} PwListColumn;

/* What a cell of the list says: a value, or why there is none. Each has
 * its own text and look, so "not applicable" never reads like
 * "unsolvable" or "not analysed yet". */
typedef enum
{
  PW_CELL_VALUE,           /* the figure's value */
  PW_CELL_PENDING,         /* not analysed yet, or being analysed */
  PW_CELL_INVALID,         /* the level has problems and cannot be analysed */
  PW_CELL_UNSOLVABLE,      /* no value because the level has no solution */
  PW_CELL_UNKNOWN,         /* the analysis stopped (a budget) before knowing it */
  PW_CELL_NOT_APPLICABLE,  /* the figure does not apply: a level of another
                            * kind, or a figure this level cannot have */
} PwCellState;

/* Takes each level an import option makes, in order, with the title
 * saying where they came from and how many levels the value makes (the
 * same for all the levels of one value); FALSE, with @error set, stops
 * the making. */
typedef gboolean (*PwImportSink) (const char  *title,
                                  guint        n_levels,
                                  PwLevel     *level,
                                  gpointer     user_data,
                                  GError     **error);

/* An option a kind adds to `puzzlewright import` (FreeCell: --ms-deal
 * LIST). Given, it makes levels from its value, besides any text files;
 * it needs --kind of the kind that declares it. */
typedef struct
{
  const char *long_name;        /* "ms-deal": the option is --ms-deal */
  const char *arg_description;  /* N_() "LIST" */
  const char *description;      /* N_() the option's --help line */
  /* Gives @sink the levels @value names, one at a time (so that a
   * million need not be held), each with a title saying where they came
   * from (the command line's --title or a text file's name replaces it);
   * FALSE with a PW_KIND_ERROR_INVALID error saying what is wrong with
   * @value, before any level, or with the error of @sink. */
  gboolean  (*make_levels)      (const char   *value,
                                 PwImportSink  sink,
                                 gpointer      sink_data,
                                 GError      **error);
} PwImportOption;

/* The text and state of @column's cell for @level, whose kind is @kind
 * (NULL when this build does not know it), with @analysis (NULL: not
 * analysed yet) of the kind @columns_kind the list's columns come from;
 * @invalid says the level has problems. *@sort_value (may be NULL) is a
 * number to sort by: the value, +inf for unsolvable, below every value
 * for the states without one. */
char *pw_list_column_cell (const PwKind       *columns_kind,
                           const PwListColumn *column,
                           const PwKind       *kind,
                           PwAnalysis         *analysis,
                           gboolean            invalid,
                           PwCellState        *state,
                           double             *sort_value);

/* A PwListColumn.format_value for solution counts: a count the figures'
 * "capped" member says stopped at the cap reads "1 000+". */
char *pw_list_column_format_capped (JsonObject *figures,
                                    JsonNode   *value);

/* The kind most of @set's levels are (on a tie, the one that reached
 * that count first, in set order), whose columns a list of the set shows;
 * NULL for an empty set or one of unknown kinds. */
const PwKind *pw_level_set_main_kind (PwLevelSet *set);
/* A level read from a file, with what the file says about it
 * (import_named). */
typedef struct
{
  const PwKind *kind;
  gpointer      data;    /* the kind's level */
  char         *name;    /* NULL: the importer names it "Level N" */
  char         *notes;   /* NULL: none (authors, copyright…) */
} PwImportedLevel;

PwImportedLevel *pw_imported_level_new  (const PwKind    *kind,
                                         gpointer         data,
                                         const char      *name,
                                         const char      *notes);
void             pw_imported_level_free (PwImportedLevel *level);

/* The table every kind fills in (see analysis/kinds/<kind>.c).
 * @data is the kind's own parsed level, opaque to everyone else. */
struct _PwKind
{
  const char *id;           /* stable, in files and on the command line */
  const char *name;         /* N_() display name */

  gpointer  (*new_default)   (void);
  gpointer  (*copy)          (gconstpointer data);
  void      (*free)          (gpointer data);
  gboolean  (*equal)         (gconstpointer a,
                              gconstpointer b);

  /* The kind's payload in a level-set file. from_json reports errors as
   * PW_KIND_ERROR_INVALID with a message naming the field and position. */
  gpointer  (*from_json)     (JsonNode     *payload,
                              GError      **error);
  JsonNode *(*to_json)       (gconstpointer data);

  /* Plain text form (import, copy and paste); NULL when the kind has none. */
  gpointer  (*from_text)     (const char   *text,
                              GError      **error);
  char     *(*to_text)       (gconstpointer data);
  /* A whole text file of levels (import), NULL for the generic reader
   * (pw-import.c: blocks separated by blank lines, each read by
   * from_text). Appends the kind's data of each level to @levels, whose
   * free function the caller set to the kind's free; nothing on error,
   * which names @display_name, the line and the place in it. */
  gboolean  (*import_text)   (const char   *text,
                              const char   *display_name,
                              GPtrArray    *levels,
                              GError      **error);
  /* Optional, for files that name their levels (titles, authors): as
   * import_text, but appends PwImportedLevel * (made with
   * pw_imported_level_new; the caller set the array's free function to
   * pw_imported_level_free). pw-import.c prefers it to import_text. */
  gboolean  (*import_named)  (const char   *text,
                              const char   *display_name,
                              GPtrArray    *levels,
                              GError      **error);

  /* Other file formats a level can be written in (export --format):
   * NULL-terminated ids such as "non", or NULL for none; export_level
   * writes one level in one of them, with its @name and @notes (a format
   * may carry them), or fails with a PW_KIND_ERROR. */
  const char * const *export_formats;
  char     *(*export_level)  (gconstpointer data,
                              const char   *format,
                              const char   *name,
                              const char   *notes,
                              GError      **error);

  /* XCSP3 (analysis/xcsp3.h, docs/file-format.md "XCSP3"), NULL for kinds
   * whose rules are not constraints. to_xcsp3 writes the model of a valid
   * level with @writer: its variables and constraints, whose solutions are
   * exactly the level's, and in the note (pw_xcsp_writer_set_param) the
   * layout the constraints do not say; FALSE with a PW_KIND_ERROR for a
   * level it cannot write. from_xcsp3 reads a level back from an
   * instance: the layout from the note, the givens, signs, clues, blocked
   * cells… from the constraint elements (never from a copy of the
   * payload), with errors made by pw_xcsp_set_error naming the element.
   * It need not check the rest of the model: the reader then compares the
   * file with what to_xcsp3 writes for the level read. */
  gboolean  (*to_xcsp3)      (gconstpointer          data,
                              PwXcspWriter          *writer,
                              GError               **error);
  gpointer  (*from_xcsp3)    (const PwXcspInstance  *instance,
                              GError               **error);

  /* Grid edits, NULL for kinds without a grid. transform returns the
   * level mirrored or rotated; resize adds (@delta > 0) or removes rows or
   * columns on @side, keeping the border, or fails with
   * PW_KIND_ERROR_INVALID past the size limits. */
  gpointer  (*transform)     (gconstpointer data,
                              PwTransform   transform);
  gpointer  (*resize)        (gconstpointer data,
                              PwSide        side,
                              int           delta,
                              GError      **error);

  /* The size, for lists and CSV, written one way for every kind: two
   * numbers with "×" and no spaces ("6×5"; FreeCell: cascades × free
   * cells, "8×4"), so that a list sorts them alike. */
  char     *(*describe_size) (gconstpointer data);

  /* Every problem that stops the level from being analysed, in reading
   * order; an empty array for a valid level. */
  GPtrArray *(*validate)     (gconstpointer data);

  /* The figures this kind's analysis produces, in output order. */
  const PwFigureInfo *figures;
  guint               n_figures;
  /* The figures the editor shows first, NULL-terminated keys: a quick
   * analysis of them alone runs before the whole one, so that they are on
   * screen while the slow figures (a difficulty of many searches, the
   * fewest free cells) are worked out. NULL for kinds whose whole
   * analysis is quick. */
  const char * const *first_look;

  /* --- What the shell asks of the kind (see PwListColumn above) --- */
  /* The few figures the level list shows, in order. */
  const PwListColumn   *list_columns;
  guint                 n_list_columns;
  /* The figure that says whether a level can be solved at all: an
   * integer (0: it cannot) or a boolean, read from complete analyses
   * only; a column's missing value then reads "unsolvable" rather than
   * "not applicable". NULL when the kind has none. */
  const char           *solvable_figure;
  /* N_() what the analysis's progress counts, after the number:
   * "states explored"; the figures panel says it while the analysis runs
   * and, with the final count, when it is done. */
  const char           *progress_unit;
  /* Options the kind adds to `puzzlewright import`. */
  const PwImportOption *import_options;
  guint                 n_import_options;

  /* Runs on any thread; checks @cancellable often. Returns NULL with an
   * error when cancelled or when the level is invalid; a budget that runs
   * out gives a partial analysis, not an error. */
  PwAnalysis *(*analyse)     (gconstpointer           data,
                              const PwAnalyseOptions *options,
                              PwProgressFunc          progress,
                              gpointer                progress_data,
                              GCancellable           *cancellable,
                              GError                **error);

  /* Play mode, NULL for kinds that cannot be played move by move. A
   * position is a key of at most PW_PLAY_MAX_KEY bytes; the moves are the
   * letters of @moves, in the order of the state graph's move indices.
   * play_new returns the rules of a valid level (freed with play_free)
   * and writes the start position; play_move writes the position after
   * @move and says whether it changed anything and whether the move is
   * flagged (see PwExplorerFuncs); play_render returns the kind's data of
   * a level drawn at @key, for the editor (free it with free). Every
   * analysis of a kind that plays keeps its state graph
   * (pw_analysis_get_graph) in the same keys. */
  /* Generator, NULL for kinds without one: runs until @found says stop
   * or @cancellable is cancelled; the same @seed and @params give the same
   * levels. @params maps parameter names to their text; unknown names
   * and bad values are PW_KIND_ERROR_INVALID errors naming them.
   * @max_bytes (0: none) is the memory budget of a candidate's analysis:
   * a generator whose candidate analysis would need more stops with
   * PW_KIND_ERROR_MEMORY_BUDGET (the levels already found stand). */
  const PwGenerateParam *generate_params;
  guint                  n_generate_params;
  gboolean  (*generate)      (GHashTable         *params,
                              guint64             seed,
                              guint64             max_bytes,
                              PwGenerateFound     found,
                              PwGenerateProgress  progress,
                              gpointer            user_data,
                              GCancellable       *cancellable,
                              GError            **error);

  /* Placement play, NULL for kinds played by moves: a position is, per
   * cell, 0 or an inventory entry + 1. place_check says whether the
   * placement can still be completed to a solution (any thread, budgeted,
   * cancellable); place_render gives the kind's data drawn with it. */
  gboolean  (*place_check)   (gconstpointer   data,
                              const guint8   *placed,
                              PwPlaceResult  *result,
                              GCancellable   *cancellable,
                              GError        **error);
  gpointer  (*place_render)  (gconstpointer   data,
                              const guint8   *placed);

  const char *moves;
  gpointer  (*play_new)      (gconstpointer  data,
                              guint8        *start,
                              guint         *key_size);
  void      (*play_free)     (gpointer       rules);
  gboolean  (*play_move)     (gconstpointer  rules,
                              const guint8  *key,
                              guint          move,
                              guint8        *next,
                              gboolean      *flagged);
  gboolean  (*play_won)      (gconstpointer  rules,
                              const guint8  *key);
  gpointer  (*play_render)   (gconstpointer  data,
                              gconstpointer  rules,
                              const guint8  *key);

  /* Duplicates across isomorphs (`puzzlewright duplicates`): a text that
   * two levels of the kind share exactly when one is the other under one
   * of the kind's symmetries (turns and mirrors of the grid, exchanged
   * colours, suits or digits…: each kind's <kind>-canon.c says which).
   * NULL: only levels with the same payload are the same puzzle. */
  char     *(*canonical_form) (gconstpointer data);
};

#define PW_PLAY_MAX_KEY 128

const PwKind  *pw_kinds_lookup (const char *id);
const PwKind * const *pw_kinds_list (guint *n_kinds);

G_END_DECLS
