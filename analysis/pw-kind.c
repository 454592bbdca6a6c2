/* pw-kind.c — the registry of puzzle kinds, problems, analysis options
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-kind"

#include "config.h"

#include "pw-kind.h"
#include "kinds/combination-private.h"
#include "kinds/freecell-private.h"
#include "kinds/latin-private.h"
#include "kinds/nonogram-private.h"
#include "kinds/magic-private.h"
#include "kinds/queens-private.h"
#include "kinds/knight-private.h"
#include "kinds/slide-private.h"

G_DEFINE_QUARK (pw-kind-error-quark, pw_kind_error)

/* Every kind this build knows, in the order lists and menus show them.
 * Adding a kind means adding its table here and nowhere else. */
static const PwKind * const registry[] = {
  &pw_slide_kind,
  &pw_combination_kind,
  &pw_freecell_kind,
  &pw_sudoku_kind,
  &pw_latin_kind,
  &pw_futoshiki_kind,
  &pw_nonogram_kind,
  &pw_magic_kind,
  &pw_queens_kind,
  &pw_star_battle_kind,
  &pw_knights_tour_kind,
};

const PwKind *
pw_kinds_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_str_equal (registry[i]->id, id))
      return registry[i];
  return NULL;
}

const PwKind * const *
pw_kinds_list (guint *n_kinds)
{
  if (n_kinds != NULL)
    *n_kinds = G_N_ELEMENTS (registry);
  return registry;
}

PwProblem *
pw_problem_new_cell (int         x,
                     int         y,
                     const char *format,
                     ...)
{
  PwProblem *problem = g_new0 (PwProblem, 1);
  va_list args;

  problem->x = x;
  problem->y = y;
  problem->card = -1;
  va_start (args, format);
  problem->message = g_strdup_vprintf (format, args);
  va_end (args);
  return problem;
}

void
pw_problem_free (PwProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->message);
  g_free (problem);
}

void
pw_analyse_options_init (PwAnalyseOptions *options)
{
  g_return_if_fail (options != NULL);

  options->max_states = PW_DEFAULT_MAX_STATES;
  options->max_bytes = 0;
  options->max_seconds = 0;
  options->deadline = NULL;
  options->seed = PW_DEFAULT_SEED;
  options->search_runs = PW_DEFAULT_SEARCH_RUNS;
  options->threads = 0;
  options->max_solutions = PW_DEFAULT_MAX_SOLUTIONS;
  options->figures = NULL;
  options->skip_costly = FALSE;
  options->trace = NULL;
  options->trace_data = NULL;
}

void
pw_deadline_init (PwDeadline *deadline,
                  double      seconds)
{
  g_return_if_fail (deadline != NULL);

  deadline->at = g_get_monotonic_time () + (gint64) (MAX (seconds, 0) * G_USEC_PER_SEC);
  deadline->passed = 0;
}

gboolean
pw_analyse_options_wants (const PwAnalyseOptions *options,
                          const char             *key)
{
  g_return_val_if_fail (options != NULL, TRUE);
  g_return_val_if_fail (key != NULL, TRUE);

  return options->figures == NULL || g_strv_contains (options->figures, key);
}

gboolean
pw_analyse_options_wants_costly (const PwAnalyseOptions *options,
                                 const char             *key)
{
  g_return_val_if_fail (options != NULL, TRUE);
  g_return_val_if_fail (key != NULL, TRUE);

  if (options->figures == NULL)
    return !options->skip_costly;
  return g_strv_contains (options->figures, key);
}

void
pw_analyse_options_trace (const PwAnalyseOptions *options,
                          const char             *format,
                          ...)
{
  g_autofree char *line = NULL;
  va_list args;

  g_return_if_fail (options != NULL);

  if (options->trace == NULL)
    return;
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  options->trace (line, options->trace_data);
}

void
pw_transform_point (PwTransform  transform,
                    guint        width,
                    guint        height,
                    guint        x,
                    guint        y,
                    guint       *nx,
                    guint       *ny)
{
  switch (transform)
    {
    case PW_TRANSFORM_MIRROR_LEFT_RIGHT:
      *nx = width - 1 - x, *ny = y;
      break;
    case PW_TRANSFORM_MIRROR_TOP_BOTTOM:
      *nx = x, *ny = height - 1 - y;
      break;
    case PW_TRANSFORM_ROTATE_CLOCKWISE:
      *nx = height - 1 - y, *ny = x;
      break;
    case PW_TRANSFORM_ROTATE_ANTICLOCKWISE:
    default:
      *nx = y, *ny = width - 1 - x;
      break;
    }
}

guint
pw_transform_cell (PwTransform transform,
                   guint       n,
                   guint       cell)
{
  guint nx, ny;

  pw_transform_point (transform, n, n, cell % n, cell / n, &nx, &ny);
  return ny * n + nx;
}

gboolean
pw_transform_turns (PwTransform transform)
{
  return transform == PW_TRANSFORM_ROTATE_CLOCKWISE ||
         transform == PW_TRANSFORM_ROTATE_ANTICLOCKWISE;
}

PwImportedLevel *
pw_imported_level_new (const PwKind *kind,
                       gpointer      data,
                       const char   *name,
                       const char   *notes)
{
  PwImportedLevel *level;

  g_return_val_if_fail (kind != NULL && data != NULL, NULL);

  level = g_new0 (PwImportedLevel, 1);
  level->kind = kind;
  level->data = data;
  level->name = g_strdup (name);
  level->notes = g_strdup (notes);
  return level;
}

void
pw_imported_level_free (PwImportedLevel *level)
{
  if (level == NULL)
    return;
  if (level->data != NULL)
    level->kind->free (level->data);
  g_free (level->name);
  g_free (level->notes);
  g_free (level);
}

void
pw_place_result_clear (PwPlaceResult *result)
{
  g_clear_pointer (&result->conflict, g_free);
  g_clear_pointer (&result->solution, g_free);
  result->decided = result->completable = FALSE;
}
