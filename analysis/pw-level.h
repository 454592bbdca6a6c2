/* pw-level.h — one level of a set: identity, notes, playtests, kind payload
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "pw-kind.h"
#include "pw-types.h"

G_BEGIN_DECLS

/* One playtest annotation. @rating is 0 ("could not finish") or 1–7, the
 * scale of the Combination study, or PW_RATING_NONE when the tester gave
 * none; @seconds < 0 when not recorded. @date ("YYYY-MM-DD"), @moves and
 * @hints_used are what the editor's play mode records: NULL and -1 when
 * not recorded (files before they existed, or a tester's row without
 * them). */
struct _PwPlaytest
{
  char    *tester;
  int      rating;
  double   seconds;
  gboolean completed;
  char    *note;
  char    *date;
  int      moves;
  int      hints_used;
};

#define PW_RATING_MAX  7
/* A playtest's time is under this many seconds (about 31 years): a file
 * holds no other (docs/file-format.md). */
#define PW_PLAYTEST_MAX_SECONDS 1e9
#define PW_RATING_NONE (-1)

PwPlaytest *pw_playtest_new  (void);
PwPlaytest *pw_playtest_copy (const PwPlaytest *playtest);
void        pw_playtest_free (PwPlaytest       *playtest);
/* Whether @date is a calendar date written YYYY-MM-DD (year 1000–9999). */
gboolean    pw_playtest_date_valid (const char *date);
/* Today's local date, YYYY-MM-DD. */
char       *pw_playtest_date_today (void);

/* A level owns its kind's parsed data. A level of a kind this build does
 * not know keeps its payload as JSON and writes it back untouched. */

PwLevel       *pw_level_new               (const PwKind   *kind);
PwLevel       *pw_level_new_from_text     (const char     *kind_id,
                                           const char     *text,
                                           GError        **error);
PwLevel       *_pw_level_new_take_data    (const PwKind   *kind,
                                           gpointer        data);
PwLevel       *_pw_level_new_unknown      (const char     *kind_id,
                                           JsonNode       *payload);
/* A new level with @level's id, name, notes and playtests, and @data
 * (taken) as its kind's payload. */
PwLevel       *pw_level_with_data         (PwLevel        *level,
                                           gpointer        data);
/* Whether two levels have the same kind and payload (what analysis sees;
 * names, notes and playtests aside). */
gboolean       pw_level_same_content      (PwLevel        *a,
                                           PwLevel        *b);
PwLevel       *pw_level_ref               (PwLevel        *level);
void           pw_level_unref             (PwLevel        *level);
PwLevel       *pw_level_copy              (PwLevel        *level);

const char    *pw_level_get_id            (PwLevel        *level);
void           pw_level_set_id            (PwLevel        *level,
                                           const char     *id);
const char    *pw_level_get_name          (PwLevel        *level);
void           pw_level_set_name          (PwLevel        *level,
                                           const char     *name);
const char    *pw_level_get_notes         (PwLevel        *level);
void           pw_level_set_notes         (PwLevel        *level,
                                           const char     *notes);
const char    *pw_level_get_kind_id       (PwLevel        *level);
const PwKind  *pw_level_get_kind          (PwLevel        *level);
gconstpointer  pw_level_get_data          (PwLevel        *level);
JsonNode      *pw_level_get_unknown_payload (PwLevel      *level);
GPtrArray     *pw_level_get_playtests     (PwLevel        *level);

/* New levels (same id, name, notes and playtests) with the payload
 * transformed or resized; NULL with an error when the kind cannot. */
PwLevel       *pw_level_transformed       (PwLevel        *level,
                                           PwTransform     transform,
                                           GError        **error);
PwLevel       *pw_level_resized           (PwLevel        *level,
                                           PwSide          side,
                                           int             delta,
                                           GError        **error);

char          *pw_level_describe_size     (PwLevel        *level);
GPtrArray     *pw_level_validate          (PwLevel        *level);
PwAnalysis    *pw_level_analyse           (PwLevel        *level,
                                           const PwAnalyseOptions *options,
                                           PwProgressFunc  progress,
                                           gpointer        progress_data,
                                           GCancellable   *cancellable,
                                           GError        **error);

/* A short stable id from the level's content, unique within @taken. */
char          *_pw_level_make_id          (PwLevel        *level,
                                           GHashTable     *taken);
/* The same, with @is_taken saying whether an id is among @taken. */
char          *_pw_level_make_id_full     (PwLevel        *level,
                                           gboolean      (*is_taken) (gconstpointer taken,
                                                                      const char   *id),
                                           gconstpointer   taken);

/* Playtest summaries: count, mean rating (NaN if none), median of the
 * recorded solve times (NaN if none). Ratings are those given (0–7):
 * playtests without one count in @count only. */
void           pw_level_playtest_summary  (PwLevel        *level,
                                           guint          *count,
                                           double         *mean_rating,
                                           double         *median_seconds);

/* Everything the CSV report says of a level's playtests. */
typedef struct
{
  guint  count;            /* playtests */
  guint  ratings;          /* of them with a rating: the n of the rating figures */
  double mean_rating;      /* NaN when no rating */
  double median_rating;    /* NaN when no rating */
  double median_seconds;   /* of the recorded times; NaN when none */
  double completion_rate;  /* completed / count, 0–1; NaN when no playtest */
} PwPlaytestStats;

void           pw_level_playtest_stats    (PwLevel         *level,
                                           PwPlaytestStats *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwLevel, pw_level_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwPlaytest, pw_playtest_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwProblem, pw_problem_free)

G_END_DECLS
