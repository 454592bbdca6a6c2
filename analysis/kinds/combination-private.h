/* combination-private.h — the combination kind's internals, for tests,
 * views and the generator
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "csp.h"
#include "pw-kind.h"

G_BEGIN_DECLS

#define PW_COMBINATION_MAX_SIZE    12
#define PW_COMBINATION_N_COLOURS   8
/* after merging entries of one colour and attack: 8 colours × 3 attacks */
#define PW_COMBINATION_MAX_ENTRIES 24

typedef enum
{
  PW_ATTACK_ORTHOGONAL = 1,
  PW_ATTACK_DIAGONAL   = 2,
  PW_ATTACK_BOTH       = 3,
} PwAttack;

typedef struct
{
  int      count;
  int      colour;   /* 0..7: red, blue, green, yellow, purple, orange, white, black */
  PwAttack attack;
} PwCombinationEntry;

/* A level: the grid ('.' empty, '#' wall, 'o' hole) and the inventory,
 * entries in file order. @placed is only in a position drawn for play
 * mode: per cell, 0 or the inventory entry + 1 of the piece there. */
typedef struct
{
  int                 width;
  int                 height;
  char               *cells;
  PwCombinationEntry *entries;
  int                 n_entries;
  guint8             *placed;
} PwCombinationLevel;

extern const PwKind pw_combination_kind;

extern const char * const pw_combination_colours[PW_COMBINATION_N_COLOURS];

/* The constraint model of the paper, with one variable per empty cell
 * (value 0 empty, e + 1 a piece of merged entry e): a count per entry,
 * one automaton per line of cells between walls in each of the four
 * directions, and, when @break_symmetry, value precedence between
 * interchangeable colours. */
typedef struct
{
  PwCsp              *csp;
  int                 n_vars;
  int                *cell_of_var;
  int                *var_of_cell;           /* -1: no variable (wall, hole) */
  PwCombinationEntry  entries[PW_COMBINATION_MAX_ENTRIES];  /* merged */
  int                 n_entries;
  int                 entry_of_file_entry[PW_COMBINATION_MAX_ENTRIES * 4];
  guint64             symmetry_order;        /* colour permutations that map solutions to solutions */
} PwCombinationModel;

PwCombinationModel *_pw_combination_model_new  (const PwCombinationLevel *level,
                                                gboolean                  break_symmetry);
void                _pw_combination_model_free (PwCombinationModel       *model);

/* A level of @width × @height cells (not filled in) and @n_entries
 * inventory entries. */
PwCombinationLevel *_pw_combination_level_new  (int                       width,
                                                int                       height,
                                                int                       n_entries);

/* The multiple method with the paper's cut-off (docs/rules/combination.md):
 * nodes[r] for each of @runs solves on the symmetry-broken model, all
 * of them together at most @max_nodes (0: no limit), and with @single the single method's search (the
 * variables in index order, at most @single_max_nodes) under the same
 * propagation; says which propagation it settled on. The searches are
 * shared out over @threads threads (0: one per core). FALSE when
 * cancelled. */
gboolean            _pw_combination_measure    (const PwCombinationModel *model,
                                                guint64                   seed,
                                                guint                     runs,
                                                guint64                   max_nodes,
                                                guint64                  *nodes,
                                                PwCspResult              *single,
                                                guint64                   single_max_nodes,
                                                guint                     threads,
                                                PwCspPropagation         *propagation,
                                                gboolean                 *cardinality,
                                                gboolean                 *limited,
                                                GCancellable             *cancellable,
                                                PwDeadline               *deadline,
                                                GError                  **error);

/* The paper's prettiness: whole edge lines of walls and holes removed,
 * walls that can never stop a ray turned into holes. The same puzzle:
 * the same model, so every figure stays. A new level. */
PwCombinationLevel *_pw_combination_prettify   (const PwCombinationLevel *level);

/* The generator (combination-generate.c): see PwKind.generate. */
gboolean            _pw_combination_generate   (GHashTable               *params,
                                                guint64                   seed,
                                                guint64                   max_bytes,
                                                PwGenerateFound           found,
                                                PwGenerateProgress        progress,
                                                gpointer                  user_data,
                                                GCancellable             *cancellable,
                                                GError                  **error);

/* XCSP3 (combination-xcsp3.c): PwKind.to_xcsp3 and from_xcsp3. */
gboolean            _pw_combination_to_xcsp3   (gconstpointer             data,
                                                PwXcspWriter             *writer,
                                                GError                  **error);
gpointer            _pw_combination_from_xcsp3 (const PwXcspInstance     *instance,
                                                GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwCombinationModel, _pw_combination_model_free)

G_END_DECLS
