/* pw-level.c — one level of a set
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-level"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-analysis.h"
#include "pw-level.h"

struct _PwLevel
{
  gatomicrefcount  ref_count;
  char            *id;
  char            *name;
  char            *notes;
  char            *kind_id;
  const PwKind    *kind;          /* NULL for a kind this build does not know */
  gpointer         data;          /* the kind's parsed level */
  JsonNode        *unknown;       /* the payload of an unknown kind, untouched */
  GPtrArray       *playtests;
};

PwPlaytest *
pw_playtest_new (void)
{
  PwPlaytest *playtest = g_new0 (PwPlaytest, 1);

  playtest->tester = g_strdup ("");
  playtest->note = g_strdup ("");
  playtest->rating = PW_RATING_NONE;
  playtest->seconds = -1;
  playtest->moves = -1;
  playtest->hints_used = -1;
  return playtest;
}

PwPlaytest *
pw_playtest_copy (const PwPlaytest *playtest)
{
  PwPlaytest *copy = g_new0 (PwPlaytest, 1);

  *copy = *playtest;
  copy->tester = g_strdup (playtest->tester);
  copy->note = g_strdup (playtest->note);
  copy->date = g_strdup (playtest->date);
  return copy;
}

void
pw_playtest_free (PwPlaytest *playtest)
{
  if (playtest == NULL)
    return;
  g_free (playtest->tester);
  g_free (playtest->note);
  g_free (playtest->date);
  g_free (playtest);
}

gboolean
pw_playtest_date_valid (const char *date)
{
  guint64 year, month, day;
  char part[5];

  g_return_val_if_fail (date != NULL, FALSE);

  if (strlen (date) != 10 || date[4] != '-' || date[7] != '-')
    return FALSE;
  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (date[i]))
      return FALSE;
  memcpy (part, date, 4);
  part[4] = '\0';
  year = g_ascii_strtoull (part, NULL, 10);
  month = (date[5] - '0') * 10 + (date[6] - '0');
  day = (date[8] - '0') * 10 + (date[9] - '0');
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 &&
         g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year);
}

char *
pw_playtest_date_today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y-%m-%d");
}

static PwLevel *
level_alloc (const char *kind_id)
{
  PwLevel *level = g_new0 (PwLevel, 1);

  g_atomic_ref_count_init (&level->ref_count);
  level->id = g_strdup ("");
  level->name = g_strdup ("");
  level->notes = g_strdup ("");
  level->kind_id = g_strdup (kind_id);
  level->playtests = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_playtest_free);
  return level;
}

PwLevel *
_pw_level_new_take_data (const PwKind *kind,
                         gpointer      data)
{
  PwLevel *level = level_alloc (kind->id);

  level->kind = kind;
  level->data = data;
  return level;
}

PwLevel *
_pw_level_new_unknown (const char *kind_id,
                       JsonNode   *payload)
{
  PwLevel *level = level_alloc (kind_id);

  level->unknown = json_node_copy (payload);
  return level;
}

PwLevel *
pw_level_new (const PwKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);

  return _pw_level_new_take_data (kind, kind->new_default ());
}

PwLevel *
pw_level_new_from_text (const char  *kind_id,
                        const char  *text,
                        GError     **error)
{
  const PwKind *kind;
  gpointer data;

  g_return_val_if_fail (kind_id != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);

  kind = pw_kinds_lookup (kind_id);
  if (kind == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNKNOWN_KIND,
                   _("There is no puzzle kind “%s”"), kind_id);
      return NULL;
    }
  if (kind->from_text == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("%s levels have no text form"), _(kind->name));
      return NULL;
    }
  data = kind->from_text (text, error);
  if (data == NULL)
    return NULL;
  return _pw_level_new_take_data (kind, data);
}

PwLevel *
pw_level_ref (PwLevel *level)
{
  g_return_val_if_fail (level != NULL, NULL);
  g_atomic_ref_count_inc (&level->ref_count);
  return level;
}

void
pw_level_unref (PwLevel *level)
{
  g_return_if_fail (level != NULL);

  if (!g_atomic_ref_count_dec (&level->ref_count))
    return;
  if (level->kind != NULL)
    level->kind->free (level->data);
  g_clear_pointer (&level->unknown, json_node_unref);
  g_ptr_array_unref (level->playtests);
  g_free (level->id);
  g_free (level->name);
  g_free (level->notes);
  g_free (level->kind_id);
  g_free (level);
}

/* Everything but the payload: id, name, notes, playtests. */
static void
copy_details (PwLevel *to,
              PwLevel *from)
{
  pw_level_set_id (to, from->id);
  pw_level_set_name (to, from->name);
  pw_level_set_notes (to, from->notes);
  for (guint i = 0; i < from->playtests->len; i++)
    g_ptr_array_add (to->playtests, pw_playtest_copy (g_ptr_array_index (from->playtests, i)));
}

PwLevel *
pw_level_copy (PwLevel *level)
{
  PwLevel *copy;

  g_return_val_if_fail (level != NULL, NULL);

  copy = level_alloc (level->kind_id);
  copy->kind = level->kind;
  if (level->kind != NULL)
    copy->data = level->kind->copy (level->data);
  if (level->unknown != NULL)
    copy->unknown = json_node_copy (level->unknown);
  copy_details (copy, level);
  return copy;
}

PwLevel *
pw_level_with_data (PwLevel  *level,
                    gpointer  data)
{
  PwLevel *result;

  g_return_val_if_fail (level != NULL, NULL);
  g_return_val_if_fail (level->kind != NULL, NULL);

  result = _pw_level_new_take_data (level->kind, data);
  copy_details (result, level);
  return result;
}

gboolean
pw_level_same_content (PwLevel *a,
                       PwLevel *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a == b)
    return TRUE;
  if (g_strcmp0 (a->kind_id, b->kind_id) != 0 || a->kind != b->kind)
    return FALSE;
  if (a->kind != NULL)
    return a->kind->equal (a->data, b->data);
  return a->unknown != NULL && b->unknown != NULL && json_node_equal (a->unknown, b->unknown);
}

#define STRING_ACCESSORS(field)                                   \
  const char *                                                    \
  pw_level_get_##field (PwLevel *level)                           \
  {                                                               \
    g_return_val_if_fail (level != NULL, NULL);                   \
    return level->field;                                          \
  }                                                               \
  void                                                            \
  pw_level_set_##field (PwLevel    *level,                        \
                        const char *value)                        \
  {                                                               \
    g_return_if_fail (level != NULL);                             \
    g_free (level->field);                                        \
    level->field = g_strdup (value ? value : "");                 \
  }

STRING_ACCESSORS (id)
STRING_ACCESSORS (name)
STRING_ACCESSORS (notes)

#undef STRING_ACCESSORS

const char *
pw_level_get_kind_id (PwLevel *level)
{
  return level->kind_id;
}

const PwKind *
pw_level_get_kind (PwLevel *level)
{
  return level->kind;
}

gconstpointer
pw_level_get_data (PwLevel *level)
{
  return level->data;
}

JsonNode *
pw_level_get_unknown_payload (PwLevel *level)
{
  return level->unknown;
}

GPtrArray *
pw_level_get_playtests (PwLevel *level)
{
  return level->playtests;
}

/* A copy of @level with @data, owned, as its payload. */
static PwLevel *
copy_with_data (PwLevel  *level,
                gpointer  data)
{
  PwLevel *copy = _pw_level_new_take_data (level->kind, data);

  copy_details (copy, level);
  return copy;
}

static gboolean
check_grid_kind (PwLevel  *level,
                 gboolean  supported,
                 GError  **error)
{
  if (!supported)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNSUPPORTED,
                   _("Levels of kind “%s” cannot be mirrored, rotated or resized"),
                   level->kind_id);
      return FALSE;
    }
  return TRUE;
}

PwLevel *
pw_level_transformed (PwLevel     *level,
                      PwTransform  transform,
                      GError     **error)
{
  g_return_val_if_fail (level != NULL, NULL);

  if (!check_grid_kind (level, level->kind != NULL && level->kind->transform != NULL, error))
    return NULL;
  return copy_with_data (level, level->kind->transform (level->data, transform));
}

PwLevel *
pw_level_resized (PwLevel  *level,
                  PwSide    side,
                  int       delta,
                  GError  **error)
{
  gpointer data;

  g_return_val_if_fail (level != NULL, NULL);

  if (!check_grid_kind (level, level->kind != NULL && level->kind->resize != NULL, error))
    return NULL;
  data = level->kind->resize (level->data, side, delta, error);
  return data ? copy_with_data (level, data) : NULL;
}

char *
pw_level_describe_size (PwLevel *level)
{
  if (level->kind == NULL || level->kind->describe_size == NULL)
    return g_strdup ("");
  return level->kind->describe_size (level->data);
}

GPtrArray *
pw_level_validate (PwLevel *level)
{
  if (level->kind == NULL)
    {
      GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) pw_problem_free);

      g_ptr_array_add (problems,
                       pw_problem_new_cell (-1, -1,
                                            _("This version of Puzzlewright does not know "
                                              "the puzzle kind “%s”"),
                                            level->kind_id));
      return problems;
    }
  return level->kind->validate (level->data);
}

/* The progress a kind reports, passed on, its last count kept. */
typedef struct
{
  PwProgressFunc progress;
  gpointer       progress_data;
  guint64        last;
} Progress;

static void
keep_progress (guint64  explored,
               gpointer data)
{
  Progress *p = data;

  p->last = MAX (p->last, explored);
  if (p->progress != NULL)
    p->progress (explored, p->progress_data);
}

PwAnalysis *
pw_level_analyse (PwLevel                *level,
                  const PwAnalyseOptions *options,
                  PwProgressFunc          progress,
                  gpointer                progress_data,
                  GCancellable           *cancellable,
                  GError                **error)
{
  PwAnalyseOptions defaults;

  g_return_val_if_fail (level != NULL, NULL);

  if (options == NULL)
    {
      pw_analyse_options_init (&defaults);
      options = &defaults;
    }
  if (level->kind == NULL)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_UNKNOWN_KIND,
                   _("This version of Puzzlewright does not know the puzzle kind “%s”"),
                   level->kind_id);
      return NULL;
    }
  /* no figure asked for (a chart of playtest measures): nothing to do */
  if (options->figures != NULL && options->figures[0] == NULL)
    return pw_analysis_new (level->kind_id);
  {
    Progress p = { progress, progress_data, 0 };
    PwAnalyseOptions timed;
    PwDeadline deadline;
    PwAnalysis *analysis;
    gint64 started = g_get_monotonic_time ();

    /* the time budget starts now, for this level alone */
    if (options->max_seconds > 0 && options->deadline == NULL)
      {
        timed = *options;
        pw_deadline_init (&deadline, options->max_seconds);
        timed.deadline = &deadline;
        options = &timed;
      }
    analysis = level->kind->analyse (level->data, options, keep_progress, &p, cancellable, error);

    /* the time from where the budget starts: a kind's own timer starts
     * after its set-up, so an analysis stopped by a budget of 0.3 s could
     * say it took 0.297 s */
    if (analysis != NULL)
      pw_analysis_set_seconds (analysis, (g_get_monotonic_time () - started) / 1e6);
    /* the count the panel says at the end is the one progress reached */
    if (analysis != NULL && pw_analysis_get_explored (analysis) == 0)
      pw_analysis_set_explored (analysis, p.last);
    /* a search that stopped for the time budget left the figures it could
     * not finish null: say why, whatever other budget a search met first */
    if (analysis != NULL && options->deadline != NULL &&
        g_atomic_int_get (&options->deadline->passed))
      pw_analysis_set_partial (analysis, _("the time budget ran out"));
    return analysis;
  }
}

char *
_pw_level_make_id_full (PwLevel        *level,
                        gboolean      (*is_taken) (gconstpointer taken,
                                                   const char   *id),
                        gconstpointer   taken)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *content = NULL;

  if (level->kind != NULL && level->kind->to_text != NULL)
    content = level->kind->to_text (level->data);
  g_checksum_update (checksum, (const guchar *) level->kind_id, -1);
  g_checksum_update (checksum, (const guchar *) "\n", 1);
  g_checksum_update (checksum, (const guchar *) level->name, -1);
  g_checksum_update (checksum, (const guchar *) "\n", 1);
  if (content != NULL)
    g_checksum_update (checksum, (const guchar *) content, -1);

  for (guint n = 0;; n++)
    {
      g_autofree char *id = NULL;

      if (n == 0)
        id = g_strndup (g_checksum_get_string (checksum), 10);
      else
        id = g_strdup_printf ("%.10s-%u", g_checksum_get_string (checksum), n + 1);
      if (is_taken == NULL || !is_taken (taken, id))
        return g_steal_pointer (&id);
    }
}

static gboolean
in_table (gconstpointer taken,
          const char   *id)
{
  return g_hash_table_contains ((GHashTable *) taken, id);
}

char *
_pw_level_make_id (PwLevel    *level,
                   GHashTable *taken)
{
  return _pw_level_make_id_full (level, taken != NULL ? in_table : NULL, taken);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (GArray *values)
{
  g_array_sort (values, compare_doubles);
  if (values->len == 0)
    return NAN;
  if (values->len % 2)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) +
          g_array_index (values, double, values->len / 2)) / 2;
}

void
pw_level_playtest_stats (PwLevel         *level,
                         PwPlaytestStats *stats)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratings = g_array_new (FALSE, FALSE, sizeof (double));
  double rating_sum = 0;
  guint completed = 0;

  g_return_if_fail (level != NULL);
  g_return_if_fail (stats != NULL);

  for (guint i = 0; i < level->playtests->len; i++)
    {
      const PwPlaytest *p = g_ptr_array_index (level->playtests, i);

      if (p->rating != PW_RATING_NONE)
        {
          double rating = p->rating;

          rating_sum += rating;
          g_array_append_val (ratings, rating);
        }
      if (p->seconds >= 0)
        g_array_append_val (times, p->seconds);
      completed += p->completed != FALSE;
    }

  stats->count = level->playtests->len;
  stats->ratings = ratings->len;
  stats->mean_rating = ratings->len ? rating_sum / ratings->len : NAN;
  stats->median_rating = median_of (ratings);
  stats->median_seconds = median_of (times);
  stats->completion_rate = stats->count ? (double) completed / stats->count : NAN;
}

void
pw_level_playtest_summary (PwLevel *level,
                           guint   *count,
                           double  *mean_rating,
                           double  *median_seconds)
{
  PwPlaytestStats stats;

  pw_level_playtest_stats (level, &stats);
  if (count)
    *count = stats.count;
  if (mean_rating)
    *mean_rating = stats.mean_rating;
  if (median_seconds)
    *median_seconds = stats.median_seconds;
}
