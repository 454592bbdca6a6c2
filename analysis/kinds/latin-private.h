/* latin-private.h — the number-placement kinds (sudoku, latin, futoshiki):
 * one level model, shared by the kinds' files and their tests
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-kind.h"
#include "numgrid.h"

G_BEGIN_DECLS

extern const PwKind pw_sudoku_kind;
extern const PwKind pw_latin_kind;
extern const PwKind pw_futoshiki_kind;

typedef enum
{
  PW_LATIN_SUDOKU,
  PW_LATIN_LATIN,
  PW_LATIN_FUTOSHIKI,
} PwLatinVariant;

/* Sizes each variant allows. */
#define PW_SUDOKU_MAX_N     64
#define PW_LATIN_MIN_N      2
#define PW_LATIN_MAX_N      PW_NUMGRID_MAX_VALUES
#define PW_FUTOSHIKI_MAX_N  PW_NUMGRID_MAX_VALUES

/* Inequality signs of a cell with its right and lower neighbours. */
typedef enum
{
  PW_SIGN_RIGHT_LESS    = 1 << 0,  /* this cell < the cell to its right */
  PW_SIGN_RIGHT_GREATER = 1 << 1,  /* this cell > the cell to its right */
  PW_SIGN_DOWN_LESS     = 1 << 2,  /* this cell < the cell below */
  PW_SIGN_DOWN_GREATER  = 1 << 3,  /* this cell > the cell below */
} PwLatinSign;

/* A level: an n × n grid, cell (x, y) at index y * n + x.
 *
 * - sudoku: regions are boxes of box_rows × box_cols cells (box_rows ·
 *   box_cols = n) or, when jigsaw, any partition into n regions of n cells;
 *   regions[] holds each cell's region 0..n-1 in both cases (boxes
 *   numbered in reading order). diagonals adds both main diagonals as
 *   units (Sudoku X).
 * - latin: rows and columns only; regions NULL.
 * - futoshiki: a Latin square with signs; regions NULL.
 *
 * givens[] holds 0 (blank) or 1..n. signs[] (futoshiki only, else NULL)
 * holds PwLatinSign flags; a cell on the last column has no RIGHT flags,
 * on the last row no DOWN flags, and never both LESS and GREATER on one
 * side. */
typedef struct
{
  PwLatinVariant variant;
  guint          n;
  guint          box_rows;
  guint          box_cols;
  gboolean       jigsaw;
  gboolean       diagonals;
  guint8        *regions;
  guint8        *givens;
  guint8        *signs;
} PwLatinLevel;

/* A level of @variant with every cell blank: sudoku with r × c boxes
 * (@box_rows · @box_cols = @n), others with @box_rows = @box_cols = 0. */
PwLatinLevel *_pw_latin_level_new    (PwLatinVariant      variant,
                                      guint               n,
                                      guint               box_rows,
                                      guint               box_cols);
PwLatinLevel *_pw_latin_level_copy   (const PwLatinLevel *level);
void          _pw_latin_level_free   (PwLatinLevel       *level);
gboolean      _pw_latin_level_equal  (const PwLatinLevel *a,
                                      const PwLatinLevel *b);
/* Fills regions[] with the boxes of box_rows × box_cols. */
void          _pw_latin_level_set_boxes (PwLatinLevel    *level);

/* Marks value(@a) < value(@b) for orthogonal neighbours (futoshiki),
 * replacing a sign the pair had; FALSE when they are not neighbours. */
gboolean      _pw_latin_level_set_less (PwLatinLevel     *level,
                                        guint             a,
                                        guint             b);

/* The engine's problem for a level: rows, columns, regions, diagonals,
 * inequalities, givens. */
PwNumGrid    *_pw_latin_build_grid   (const PwLatinLevel *level);

const PwKind *_pw_latin_kind_of      (PwLatinVariant      variant);

/* Text forms (latin-text.c), docs/file-format.md:
 *
 * - one line per puzzle: sudoku 9×9 with 3×3 boxes as 81 characters
 *   (1-9, '.' or '0' blank); any sudoku as a Solo game ID ("3x3:…",
 *   "2x3x:…" with diagonals, "9j:…" jigsaw); latin and futoshiki as
 *   Unequal's "N:c,c,…" (futoshiki cells followed by any of U R D L:
 *   this cell is greater than its neighbour up, right, down, left);
 * - a plain grid: n lines of n whitespace-separated numbers, 0 or '.'
 *   blank (a sudoku's box shape then is the squarest r × c, r ≤ c).
 *
 * _pw_latin_from_text reads one level in any of these forms;
 * _pw_latin_to_text writes the one-line form, without a newline, or
 * returns NULL for a level no text form holds: a sudoku whose boxes are 1
 * cell high or wide (not jigsaw), a jigsaw whose regions[] are not n
 * regions of n cells each in one piece, a latin or futoshiki level with
 * regions or diagonals. _pw_latin_import_text reads a file of puzzles: one
 * per line, or plain grids separated by blank lines; blank lines and lines
 * starting with '#' skipped. Errors are PW_KIND_ERROR_INVALID naming
 * @display_name, the line and the cell or character ("puzzles.txt: line
 * 12, cell r3c5: 10 is larger than 9").
 *
 * Levels read have regions numbered as _pw_latin_level_number_regions
 * does; a jigsaw's box_rows × box_cols (which no text form records) is the
 * squarest shape, _pw_latin_squarest_boxes. */
PwLatinLevel *_pw_latin_from_text    (PwLatinVariant      variant,
                                      const char         *text,
                                      GError            **error);
char         *_pw_latin_to_text      (const PwLatinLevel *level);
/* Appends each level read (PwLatinLevel *, owned by the array's free
 * function, which the caller sets) to @levels; nothing on error. */
gboolean      _pw_latin_import_text  (PwLatinVariant      variant,
                                      const char         *text,
                                      const char         *display_name,
                                      GPtrArray          *levels,
                                      GError            **error);

/* The generator (latin-generate.c), for the kind tables: parameters as
 * the tables list them. */
gboolean      _pw_latin_generate     (PwLatinVariant      variant,
                                      GHashTable         *params,
                                      guint64             seed,
                                      guint64             max_bytes,
                                      PwGenerateFound     found,
                                      PwGenerateProgress  progress,
                                      gpointer            user_data,
                                      GCancellable       *cancellable,
                                      GError            **error);

/* The squarest r × c = @n with r ≤ c, in @box_rows and @box_cols; FALSE
 * when that is 1 × n (n prime, or 1): no boxes. */
gboolean      _pw_latin_squarest_boxes       (guint               n,
                                              guint              *box_rows,
                                              guint              *box_cols);
/* Renumbers regions[] in reading order of each region's first cell (the
 * numbering _pw_latin_level_set_boxes gives boxes), so that levels with
 * the same partition compare equal. */
void          _pw_latin_level_number_regions (PwLatinLevel       *level);

/* XCSP3 (latin-xcsp3.c): the model of any of the three kinds, and each
 * kind's reader (PwKind.to_xcsp3, from_xcsp3). */
gboolean      _pw_latin_to_xcsp3       (gconstpointer          data,
                                        PwXcspWriter          *writer,
                                        GError               **error);
gpointer      _pw_sudoku_from_xcsp3    (const PwXcspInstance  *instance,
                                        GError               **error);
gpointer      _pw_latin_from_xcsp3     (const PwXcspInstance  *instance,
                                        GError               **error);
gpointer      _pw_futoshiki_from_xcsp3 (const PwXcspInstance  *instance,
                                        GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLatinLevel, _pw_latin_level_free)

G_END_DECLS
