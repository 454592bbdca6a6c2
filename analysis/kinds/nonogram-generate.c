/* nonogram-generate.c — nonograms from a random or painted picture,
 * refined until unique (and, when asked, solvable line by line)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A picture's clues may allow other pictures. Where two solutions differ
 * the clues do not settle the cell, so the generator flips one such cell
 * of the picture (its row's and column's clues change) and looks again;
 * for line-solvable puzzles it then flips cells that line solving leaves
 * undecided, until none is left. A picture that does not settle within
 * a number of flips is dropped for a new one (a painted one starts over).
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "nonogram-private.h"

typedef struct
{
  guint     width;
  guint     height;
  double    density;
  gboolean  line_solvable;
  guint8   *picture;    /* painted start, or NULL */
} Params;

static gboolean
invalid (GError    **error,
         const char *name,
         const char *value,
         const char *expected)
{
  g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
               _("-p %s=%s: %s"), name, value, expected);
  return FALSE;
}

static gboolean
parse_params (GHashTable  *table,
              Params      *params,
              GError     **error)
{
  GHashTableIter iter;
  gpointer key, value;

  params->width = params->height = 10;
  params->density = 0.5;
  params->line_solvable = FALSE;
  params->picture = NULL;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *name = key, *text = value;

      if (g_str_equal (name, "size"))
        {
          g_auto(GStrv) parts = g_strsplit (text, "x", 2);
          guint64 w, h;

          if (parts[0] == NULL || parts[1] == NULL ||
              !g_ascii_string_to_unsigned (parts[0], 10, 1, PW_NONOGRAM_MAX_SIZE, &w, NULL) ||
              !g_ascii_string_to_unsigned (parts[1], 10, 1, PW_NONOGRAM_MAX_SIZE, &h, NULL))
            return invalid (error, name, text, _("give the size as WxH, each 1 to 100"));
          params->width = w;
          params->height = h;
        }
      else if (g_str_equal (name, "density"))
        {
          char *end;
          double d = g_ascii_strtod (text, &end);

          if (*end != '\0' || end == text || !(d >= 0 && d <= 1))
            return invalid (error, name, text, _("give a number from 0 to 1"));
          params->density = d;
        }
      else if (g_str_equal (name, "line_solvable"))
        {
          if (!g_str_equal (text, "true") && !g_str_equal (text, "false"))
            return invalid (error, name, text, _("give true or false"));
          params->line_solvable = g_str_equal (text, "true");
        }
      else if (g_str_equal (name, "picture"))
        ;
      else
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("-p %s: the nonogram generator has no such parameter"), name);
          return FALSE;
        }
    }

  if (g_hash_table_contains (table, "picture"))
    {
      const char *text = g_hash_table_lookup (table, "picture");
      g_auto(GStrv) rows = g_strsplit (text, "/", -1);
      guint h = g_strv_length (rows), w = h > 0 ? strlen (rows[0]) : 0;

      if (g_hash_table_contains (table, "size"))
        return invalid (error, "picture", text, _("the picture gives the size: leave out size"));
      if (w < 1 || h < 1 || w > PW_NONOGRAM_MAX_SIZE || h > PW_NONOGRAM_MAX_SIZE)
        return invalid (error, "picture", text,
                        _("rows of # and . separated by /, 1 to 100 of each"));
      params->picture = g_new (guint8, w * h);
      for (guint y = 0; y < h; y++)
        {
          if (strlen (rows[y]) != w)
            {
              g_clear_pointer (&params->picture, g_free);
              return invalid (error, "picture", text, _("every row as long as the first"));
            }
          for (guint x = 0; x < w; x++)
            {
              if (rows[y][x] != '#' && rows[y][x] != '.')
                {
                  g_clear_pointer (&params->picture, g_free);
                  return invalid (error, "picture", text, _("rows of # and . only"));
                }
              params->picture[y * w + x] = rows[y][x] == '#';
            }
        }
      params->width = w;
      params->height = h;
    }
  return TRUE;
}

/* Settles @picture in place. TRUE with *@done when it is unique (and
 * line-solvable when asked); *@done FALSE when the flips ran out. FALSE
 * only when cancelled. */
static gboolean
refine (const Params  *params,
        guint8        *picture,
        GRand         *rand,
        gboolean      *done,
        GCancellable  *cancellable,
        GError       **error)
{
  guint w = params->width, h = params->height, cells = w * h;
  g_autofree guint8 *first = g_new (guint8, cells);
  g_autofree guint8 *second = g_new (guint8, cells);
  g_autofree guint8 *undecided = g_new (guint8, cells);
  g_autofree guint *open = g_new (guint, cells);
  guint max_flips = 4 * cells + 20;

  *done = FALSE;
  for (guint flip = 0; flip <= max_flips; flip++)
    {
      g_autoptr(PwNonoClues) clues = _pw_nono_clues_of_grid (picture, w, h);
      g_autoptr(PwNonoSolver) solver = _pw_nono_solver_new (w, h, clues);
      PwNonoSearch search;
      PwNonoResult result;
      guint n_open = 0;

      _pw_nono_search_init (&search);
      search.max_solutions = 2;
      search.max_line_solves = 200000;
      search.first = first;
      search.second = second;
      search.cancellable = cancellable;
      if (!_pw_nono_solve (solver, &search, &result, error))
        return FALSE;

      if (result.solutions >= 2)
        {
          for (guint c = 0; c < cells; c++)
            if (first[c] != second[c])
              open[n_open++] = c;
        }
      else if (result.node_limit || params->line_solvable)
        {
          PwNonoGrade grade = { 0 };

          grade.undecided = undecided;
          if (!_pw_nono_grade (solver, 200000, &grade, cancellable, error))
            return FALSE;
          if (!result.node_limit && grade.line_solvable)
            {
              *done = TRUE;
              return TRUE;
            }
          for (guint c = 0; c < cells; c++)
            if (undecided[c])
              open[n_open++] = c;
        }
      else
        {
          *done = TRUE;
          return TRUE;
        }
      if (n_open == 0)
        return TRUE;
      picture[open[g_rand_int_range (rand, 0, n_open)]] ^= 1;
    }
  return TRUE;
}

gboolean
_pw_nonogram_generate (GHashTable         *table,
                       guint64             seed,
                       guint64             max_bytes,
                       PwGenerateFound     found,
                       PwGenerateProgress  progress,
                       gpointer            user_data,
                       GCancellable       *cancellable,
                       GError            **error)
{
  Params params;
  guint32 seeds[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = NULL;
  g_autofree guint8 *picture = NULL;
  guint64 tried = 0;
  guint made = 0;
  gboolean more = TRUE;

  if (!parse_params (table, &params, error))
    return FALSE;
  rand = g_rand_new_with_seed_array (seeds, 2);
  picture = g_new (guint8, params.width * params.height);

  while (more)
    {
      gboolean done;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_free (params.picture);
          return FALSE;
        }
      if (params.picture != NULL)
        memcpy (picture, params.picture, params.width * params.height);
      else
        for (guint c = 0; c < params.width * params.height; c++)
          picture[c] = g_rand_double (rand) < params.density;
      tried++;
      if (!refine (&params, picture, rand, &done, cancellable, error))
        {
          g_free (params.picture);
          return FALSE;
        }
      if (progress != NULL)
        progress (tried, made, user_data);
      if (!done)
        continue;

      {
        PwNonogramLevel *level = _pw_nonogram_level_new (params.width, params.height);

        memcpy (level->grid, picture, params.width * params.height);
        made++;
        more = found (level, NAN, user_data);
      }
    }
  g_free (params.picture);
  return TRUE;
}
