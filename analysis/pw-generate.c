/* pw-generate.c — a kind's generator, every level a different puzzle
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kinds' generators draw their levels at random, and where the
 * puzzles of a size are few they draw the same one again, often turned or
 * mirrored: 300 queens puzzles from the defaults held 37 groups of the
 * same puzzle (`puzzlewright duplicates`). Each level's canonical form is
 * kept as the first 8 bytes of its SHA-256 in an open-addressing table:
 * 11 to 21 bytes a level.
 */

#define G_LOG_DOMAIN "pw-generate"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pw-duplicates.h"
#include "pw-generate.h"

typedef struct
{
  const PwKind       *kind;
  PwGenerateFound     found;
  PwGenerateProgress  progress;
  gpointer            user_data;
  guint64            *slots;      /* digests; 0: empty */
  gsize               n_slots;    /* a power of two */
  guint               passed;     /* levels passed on */
  guint               in_a_row;   /* repeats since the last one passed on */
  gboolean            used_up;
} Distinct;

/* The first 8 bytes of the SHA-256 of @data's canonical form; never 0.
 * Two different forms share one with a chance of about n² / 2⁶⁵ for n
 * levels, which would leave one level out, nothing worse. */
static guint64
form_digest (const PwKind  *kind,
             gconstpointer  data)
{
  g_autofree char *form = pw_kind_canonical_form (kind, data);
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 full[32];
  gsize length = sizeof full;
  guint64 digest;

  g_checksum_update (checksum, (const guchar *) form, -1);
  g_checksum_get_digest (checksum, full, &length);
  memcpy (&digest, full, sizeof digest);
  return digest != 0 ? digest : 1;
}

static guint64 *
slot_for (guint64 *slots,
          gsize    n_slots,
          guint64  digest)
{
  for (gsize i = (digest >> 32) & (n_slots - 1);; i = (i + 1) & (n_slots - 1))
    if (slots[i] == 0 || slots[i] == digest)
      return &slots[i];
}

/* Adds @digest: FALSE when it was there already. */
static gboolean
distinct_add (Distinct *d,
              guint64   digest)
{
  guint64 *slot;

  /* at most three quarters full */
  if (4 * ((gsize) d->passed + 1) > 3 * d->n_slots)
    {
      gsize n_slots = MAX (d->n_slots * 2, 64);
      guint64 *slots = g_new0 (guint64, n_slots);

      for (gsize i = 0; i < d->n_slots; i++)
        if (d->slots[i] != 0)
          *slot_for (slots, n_slots, d->slots[i]) = d->slots[i];
      g_free (d->slots);
      d->slots = slots;
      d->n_slots = n_slots;
    }
  slot = slot_for (d->slots, d->n_slots, digest);
  if (*slot != 0)
    return FALSE;
  *slot = digest;
  return TRUE;
}

static gboolean
distinct_found (gpointer data,
                double   difficulty,
                gpointer user_data)
{
  Distinct *d = user_data;

  if (!distinct_add (d, form_digest (d->kind, data)))
    {
      d->kind->free (data);
      if (++d->in_a_row < PW_GENERATE_MAX_REPEATS)
        return TRUE;
      d->used_up = TRUE;
      return FALSE;
    }
  d->in_a_row = 0;
  d->passed++;
  return d->found (data, difficulty, d->user_data);
}

static void
distinct_progress (guint64  tried,
                   guint    found,
                   gpointer user_data)
{
  Distinct *d = user_data;

  if (d->progress != NULL)
    d->progress (tried, d->passed, d->user_data);
}

gboolean
pw_generate (const PwKind       *kind,
             GHashTable         *params,
             guint64             seed,
             guint64             max_bytes,
             PwGenerateFound     found,
             PwGenerateProgress  progress,
             gpointer            user_data,
             GCancellable       *cancellable,
             GError            **error)
{
  Distinct d = { kind, found, progress, user_data, NULL, 0, 0, 0, FALSE };
  gboolean ok;

  g_return_val_if_fail (kind != NULL && kind->generate != NULL, FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  ok = kind->generate (params, seed, max_bytes, distinct_found, distinct_progress, &d,
                       cancellable, error);
  g_free (d.slots);
  if (ok && d.used_up)
    {
      g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_USED_UP,
                   g_dngettext (GETTEXT_PACKAGE,
                                "the generator made only %u different level: the last %u it "
                                "made were each the same puzzle as one before (turned, "
                                "mirrored or relabelled)",
                                "the generator made only %u different levels: the last %u it "
                                "made were each the same puzzle as one before (turned, "
                                "mirrored or relabelled)", d.passed),
                   d.passed, (guint) PW_GENERATE_MAX_REPEATS);
      return FALSE;
    }
  return ok;
}
