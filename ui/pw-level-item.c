/* pw-level-item.c — one row of the level list
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-level-item"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "pw-level-item.h"

struct _PwLevelItem
{
  GObject     parent_instance;

  PwLevel    *level;
  PwAnalysis *analysis;
  /* the kind's quick figures, while @analysis is not in yet */
  PwAnalysis *first_look;
  guint       position;
  gboolean    failed;
  guint       same_game_as;
  /* sort values of the kind's columns, until the figures change */
  const PwKind *sort_kind;
  double     *sort_values;
};

G_DEFINE_FINAL_TYPE (PwLevelItem, pw_level_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_POSITION,
  PROP_NAME,
  PROP_NAME_TEXT,
  PROP_KIND,
  PROP_SIZE,
  PROP_RATING,
  PROP_RATING_TEXT,
  PROP_ANALYSIS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double
rating (PwLevelItem *self)
{
  guint count;
  double mean, median;

  pw_level_playtest_summary (self->level, &count, &mean, &median);
  return count > 0 && !isnan (mean) ? mean : -1;
}

static void
pw_level_item_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PwLevelItem *self = PW_LEVEL_ITEM (object);
  const PwKind *kind = pw_level_get_kind (self->level);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_NAME:
      g_value_set_string (value, pw_level_get_name (self->level));
      break;
    case PROP_NAME_TEXT:
      if (self->same_game_as > 0)
        /* Translators: the level list's name of a level that is the same
         * game as an earlier one (FreeCell: suits swapped) */
        g_value_take_string (value, g_strdup_printf (_("%s (same game as %u)"),
                                                     pw_level_get_name (self->level),
                                                     self->same_game_as));
      else
        g_value_set_string (value, pw_level_get_name (self->level));
      break;
    case PROP_KIND:
      g_value_set_string (value, kind != NULL ? _(kind->name) : pw_level_get_kind_id (self->level));
      break;
    case PROP_SIZE:
      g_value_take_string (value, pw_level_describe_size (self->level));
      break;
    case PROP_RATING:
      g_value_set_double (value, rating (self));
      break;
    case PROP_ANALYSIS:
      g_value_set_boxed (value, self->analysis);
      break;
    case PROP_RATING_TEXT:
      {
        double r = rating (self);

        g_value_take_string (value, r >= 0 ? g_strdup_printf ("%.1f", r) : g_strdup ("—"));
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_level_item_finalize (GObject *object)
{
  PwLevelItem *self = PW_LEVEL_ITEM (object);

  g_clear_pointer (&self->level, pw_level_unref);
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->first_look, pw_analysis_unref);
  g_free (self->sort_values);
  G_OBJECT_CLASS (pw_level_item_parent_class)->finalize (object);
}

static void
pw_level_item_class_init (PwLevelItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = pw_level_item_get_property;
  object_class->finalize = pw_level_item_finalize;

  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  properties[PROP_NAME_TEXT] = g_param_spec_string ("name-text", NULL, NULL, NULL, flags);
  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL, flags);
  properties[PROP_SIZE] = g_param_spec_string ("size", NULL, NULL, NULL, flags);
  properties[PROP_RATING] = g_param_spec_double ("rating", NULL, NULL, -1, G_MAXDOUBLE, -1,
                                                  flags);
  properties[PROP_RATING_TEXT] = g_param_spec_string ("rating-text", NULL, NULL, NULL, flags);
  properties[PROP_ANALYSIS] = g_param_spec_boxed ("analysis", NULL, NULL, PW_TYPE_ANALYSIS,
                                                  flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pw_level_item_init (PwLevelItem *self)
{
}

PwLevelItem *
pw_level_item_new (PwLevel *level,
                   guint    position)
{
  PwLevelItem *self = g_object_new (PW_TYPE_LEVEL_ITEM, NULL);

  self->level = pw_level_ref (level);
  self->position = position;
  return self;
}

PwLevel *
pw_level_item_get_level (PwLevelItem *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), NULL);
  return self->level;
}

guint
pw_level_item_get_position (PwLevelItem *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), 0);
  return self->position;
}

static void
notify_all (PwLevelItem *self)
{
  g_clear_pointer (&self->sort_values, g_free);
  g_object_freeze_notify (G_OBJECT (self));
  for (guint p = PROP_NAME; p < N_PROPS; p++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[p]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
pw_level_item_set_level (PwLevelItem *self,
                         PwLevel     *level)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (level == self->level)
    return;
  pw_level_ref (level);
  pw_level_unref (self->level);
  self->level = level;
  g_clear_pointer (&self->analysis, pw_analysis_unref);
  g_clear_pointer (&self->first_look, pw_analysis_unref);
  self->failed = FALSE;
  notify_all (self);
}

guint
pw_level_item_get_same_game_as (PwLevelItem *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), 0);
  return self->same_game_as;
}

void
pw_level_item_set_same_game_as (PwLevelItem *self,
                                guint        position)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (position == self->same_game_as)
    return;
  self->same_game_as = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME_TEXT]);
}

void
pw_level_item_set_position (PwLevelItem *self,
                            guint        position)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (position == self->position)
    return;
  self->position = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

PwAnalysis *
pw_level_item_get_analysis (PwLevelItem *self)
{
  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), NULL);
  return self->analysis;
}

void
pw_level_item_set_analysis (PwLevelItem *self,
                            PwAnalysis  *analysis)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (!pw_analysis_replace (&self->analysis, analysis))
    return;
  g_clear_pointer (&self->first_look, pw_analysis_unref);
  self->failed = FALSE;
  notify_all (self);
}

void
pw_level_item_set_first_look (PwLevelItem *self,
                              PwAnalysis  *first_look)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (self->analysis != NULL || self->failed ||
      !pw_analysis_replace (&self->first_look, first_look))
    return;
  notify_all (self);
}

void
pw_level_item_set_failed (PwLevelItem *self,
                          gboolean     failed)
{
  g_return_if_fail (PW_IS_LEVEL_ITEM (self));

  if (failed == self->failed)
    return;
  self->failed = failed;
  notify_all (self);
}

char *
pw_level_item_get_cell (PwLevelItem        *self,
                        const PwKind       *columns_kind,
                        const PwListColumn *column,
                        PwCellState        *state,
                        double             *sort_value)
{
  PwCellState local_state;
  char *text;

  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), NULL);

  if (state == NULL)
    state = &local_state;
  if (self->analysis != NULL || self->first_look == NULL || self->failed)
    return pw_list_column_cell (columns_kind, column, pw_level_get_kind (self->level),
                                self->analysis, self->failed, state, sort_value);

  /* a first look: its values, and every other figure still to come
   * (what it lacks is not unknown, nor n/a, until the whole analysis
   * says so) */
  text = pw_list_column_cell (columns_kind, column, pw_level_get_kind (self->level),
                              self->first_look, FALSE, state, sort_value);
  if (*state == PW_CELL_VALUE)
    return text;
  g_free (text);
  return pw_list_column_cell (columns_kind, column, pw_level_get_kind (self->level),
                              NULL, FALSE, state, sort_value);
}

double
pw_level_item_get_sort_value (PwLevelItem  *self,
                              const PwKind *columns_kind,
                              guint         column)
{
  g_return_val_if_fail (PW_IS_LEVEL_ITEM (self), 0);
  g_return_val_if_fail (column < columns_kind->n_list_columns, 0);

  if (self->sort_values == NULL || self->sort_kind != columns_kind)
    {
      g_free (self->sort_values);
      self->sort_kind = columns_kind;
      self->sort_values = g_new (double, columns_kind->n_list_columns);
      for (guint c = 0; c < columns_kind->n_list_columns; c++)
        g_free (pw_level_item_get_cell (self, columns_kind, &columns_kind->list_columns[c], NULL,
                                        &self->sort_values[c]));
    }
  return self->sort_values[column];
}
