/* pw-play.c — playing a level move by move, with what the analysis knows
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions are the kind's state keys, the same keys its analysis stores
 * in the state graph, so the graph answers for any position the player
 * reaches: a lookup gives the state, and its distance to a win says
 * whether it is a dead end.
 */

#define G_LOG_DOMAIN "pw-play"

#include "config.h"

#include <string.h>

#include "pw-play.h"

struct _PwPlay
{
  PwLevel      *level;
  const PwKind *kind;
  gpointer      rules;
  guint         key_size;
  guint8        start[PW_PLAY_MAX_KEY];
  GByteArray   *keys;       /* the positions so far, start first */
  GString      *history;    /* the moves, as letters */
  GArray       *flagged;    /* gboolean per move */
  PwAnalysis   *analysis;   /* complete, with a solved graph, or NULL */
};

PwPlay *
pw_play_new (PwLevel *level)
{
  const PwKind *kind;
  PwPlay *play;

  g_return_val_if_fail (level != NULL, NULL);

  kind = pw_level_get_kind (level);
  if (kind == NULL || kind->play_new == NULL)
    return NULL;

  play = g_new0 (PwPlay, 1);
  play->rules = kind->play_new (pw_level_get_data (level), play->start, &play->key_size);
  if (play->rules == NULL)
    {
      g_free (play);
      return NULL;
    }
  play->level = pw_level_copy (level);
  play->kind = kind;
  play->keys = g_byte_array_new ();
  g_byte_array_append (play->keys, play->start, play->key_size);
  play->history = g_string_new (NULL);
  play->flagged = g_array_new (FALSE, FALSE, sizeof (gboolean));
  return play;
}

void
pw_play_free (PwPlay *play)
{
  if (play == NULL)
    return;
  play->kind->play_free (play->rules);
  g_byte_array_unref (play->keys);
  g_string_free (play->history, TRUE);
  g_array_unref (play->flagged);
  g_clear_pointer (&play->analysis, pw_analysis_unref);
  pw_level_unref (play->level);
  g_free (play);
}

PwLevel *
pw_play_get_level (PwPlay *play)
{
  return play->level;
}

guint
pw_play_get_n_moves (PwPlay *play)
{
  return strlen (play->kind->moves);
}

char
pw_play_get_move_letter (PwPlay *play,
                         guint   move)
{
  g_return_val_if_fail (move < pw_play_get_n_moves (play), '?');
  return play->kind->moves[move];
}

int
pw_play_find_move (PwPlay *play,
                   char    letter)
{
  const char *p = strchr (play->kind->moves, g_ascii_toupper (letter));

  return p != NULL && letter != '\0' ? (int) (p - play->kind->moves) : -1;
}

static const guint8 *
current_key (PwPlay *play)
{
  return play->keys->data + play->keys->len - play->key_size;
}

gboolean
pw_play_move (PwPlay *play,
              guint   move)
{
  guint8 next[PW_PLAY_MAX_KEY];
  gboolean flagged = FALSE;

  g_return_val_if_fail (move < pw_play_get_n_moves (play), FALSE);

  if (!play->kind->play_move (play->rules, current_key (play), move, next, &flagged))
    return FALSE;
  g_byte_array_append (play->keys, next, play->key_size);
  g_string_append_c (play->history, play->kind->moves[move]);
  g_array_append_val (play->flagged, flagged);
  return TRUE;
}

gboolean
pw_play_back (PwPlay *play)
{
  if (play->history->len == 0)
    return FALSE;
  g_byte_array_set_size (play->keys, play->keys->len - play->key_size);
  g_string_truncate (play->history, play->history->len - 1);
  g_array_set_size (play->flagged, play->flagged->len - 1);
  return TRUE;
}

void
pw_play_restart (PwPlay *play)
{
  g_byte_array_set_size (play->keys, play->key_size);
  g_string_truncate (play->history, 0);
  g_array_set_size (play->flagged, 0);
}

const char *
pw_play_get_history (PwPlay *play)
{
  return play->history->str;
}

gboolean
pw_play_is_won (PwPlay *play)
{
  return play->kind->play_won (play->rules, current_key (play));
}

gboolean
pw_play_get_combo_broken (PwPlay *play)
{
  for (guint i = 0; i < play->flagged->len; i++)
    if (g_array_index (play->flagged, gboolean, i))
      return TRUE;
  return FALSE;
}

void
pw_play_set_analysis (PwPlay     *play,
                      PwAnalysis *analysis)
{
  PwStateGraph *graph = analysis != NULL ? pw_analysis_get_graph (analysis) : NULL;

  g_clear_pointer (&play->analysis, pw_analysis_unref);
  /* distances exist only for a complete, solved graph */
  if (graph != NULL && !pw_analysis_get_partial (analysis) &&
      pw_state_graph_is_complete (graph) &&
      pw_state_graph_get_key_size (graph) == play->key_size &&
      memcmp (pw_state_graph_get_key (graph, 0), play->start, play->key_size) == 0)
    play->analysis = pw_analysis_ref (analysis);
}

static PwPlayStatus
status_of_key (PwPlay       *play,
               const guint8 *key,
               guint        *distance)
{
  PwStateGraph *graph;
  guint32 state, d;

  if (distance != NULL)
    *distance = 0;
  if (play->kind->play_won (play->rules, key))
    return PW_PLAY_WON;
  if (play->analysis == NULL)
    return PW_PLAY_UNKNOWN;
  graph = pw_analysis_get_graph (play->analysis);
  state = pw_state_graph_lookup (graph, key);
  if (state == PW_NO_STATE)
    return PW_PLAY_UNKNOWN;  /* cannot happen for a complete graph */
  d = pw_state_graph_get_distance (graph, state);
  if (d == PW_NO_STATE)
    return PW_PLAY_DEAD_END;
  if (distance != NULL)
    *distance = d;
  return PW_PLAY_WINNABLE;
}

PwPlayStatus
pw_play_get_status (PwPlay *play,
                    guint  *distance)
{
  return status_of_key (play, current_key (play), distance);
}

PwPlayStatus
pw_play_get_move_status (PwPlay   *play,
                         guint     move,
                         gboolean *changes,
                         guint    *distance)
{
  guint8 next[PW_PLAY_MAX_KEY];
  gboolean changed;

  g_return_val_if_fail (move < pw_play_get_n_moves (play), PW_PLAY_UNKNOWN);

  changed = play->kind->play_move (play->rules, current_key (play), move, next, NULL);
  if (changes != NULL)
    *changes = changed;
  return status_of_key (play, changed ? next : current_key (play), distance);
}

int
pw_play_hint (PwPlay *play)
{
  guint here, there;

  if (pw_play_get_status (play, &here) != PW_PLAY_WINNABLE)
    return -1;
  for (guint m = 0; m < pw_play_get_n_moves (play); m++)
    {
      gboolean changes;
      PwPlayStatus status = pw_play_get_move_status (play, m, &changes, &there);

      if (!changes)
        continue;
      if (status == PW_PLAY_WON || (status == PW_PLAY_WINNABLE && there + 1 == here))
        return m;
    }
  return -1;
}

guint32
pw_play_get_state (PwPlay *play)
{
  if (play->analysis == NULL)
    return PW_NO_STATE;
  return pw_state_graph_lookup (pw_analysis_get_graph (play->analysis), current_key (play));
}

gboolean
pw_play_goto_state (PwPlay  *play,
                    guint32  state)
{
  PwStateGraph *graph;
  g_autofree guint32 *parent = NULL;
  g_autofree guint8 *parent_move = NULL;
  g_autoptr(GArray) queue = NULL;
  g_autoptr(GString) path = NULL;
  guint32 n;

  if (play->analysis == NULL)
    return FALSE;
  graph = pw_analysis_get_graph (play->analysis);
  n = pw_state_graph_get_n_states (graph);
  if (state >= n)
    return FALSE;

  /* breadth first from the start, then the moves back along the parents */
  parent = g_new (guint32, n);
  parent_move = g_new0 (guint8, n);
  memset (parent, 0xff, sizeof (guint32) * n);
  parent[0] = 0;
  queue = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (queue, (guint32) { 0 });
  for (guint head = 0; head < queue->len && parent[state] == PW_NO_STATE; head++)
    {
      guint32 s = g_array_index (queue, guint32, head);

      if (pw_state_graph_is_won (graph, s))
        continue;
      for (guint m = 0; m < pw_state_graph_get_n_moves (graph); m++)
        {
          guint32 t = pw_state_graph_get_successor (graph, s, m);

          if (t != PW_NO_STATE && parent[t] == PW_NO_STATE)
            {
              parent[t] = s;
              parent_move[t] = m;
              g_array_append_val (queue, t);
            }
        }
    }
  if (parent[state] == PW_NO_STATE)
    return FALSE;

  path = g_string_new (NULL);
  for (guint32 s = state; s != 0; s = parent[s])
    g_string_prepend_c (path, (char) parent_move[s]);
  pw_play_restart (play);
  for (gsize i = 0; i < path->len; i++)
    if (!pw_play_move (play, (guint) path->str[i]))
      g_return_val_if_reached (FALSE);
  return TRUE;
}

PwLevel *
pw_play_render (PwPlay *play)
{
  gpointer data = play->kind->play_render (pw_level_get_data (play->level), play->rules,
                                           current_key (play));

  return _pw_level_new_take_data (play->kind, data);
}
