/* freecell-reference.c — a second, deliberately plain implementation of
 * the FreeCell rules, written from the rules alone, for cross-checking
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here is meant to be fast, and nothing is clever: a position is
 * text, the search is breadth-first over exact layouts (no sorting of
 * cascades or cells, no automatic moves, no moves of several cards), so
 * that its answers can be trusted on the small deals it is given.
 */

#define G_LOG_DOMAIN "freecell-reference"

#include "freecell-reference.h"
#include "test-util.h"

#include <string.h>

PW_TEST_ORACLE int
fc_ref_rank (const char *card)
{
  const char *r;

  if (card[0] == '\0')
    return 0;
  r = strchr (FC_REF_RANKS, card[0]);
  return r != NULL ? (int) (r - FC_REF_RANKS) + 1 : 0;
}

PW_TEST_ORACLE int
fc_ref_suit (const char *card)
{
  const char *s;

  if (card[0] == '\0' || card[1] == '\0')
    return -1;
  s = strchr (FC_REF_SUITS, card[1]);
  return s != NULL ? (int) (s - FC_REF_SUITS) : -1;
}

PW_TEST_ORACLE gboolean
fc_ref_red (const char *card)
{
  return card[1] == 'D' || card[1] == 'H';
}

void
fc_ref_init (FcRef             *ref,
             const char *const *cascades,
             int                n_cascades,
             int                n_cells,
             const char        *cells,
             const int         *foundation)
{
  int lowest[4] = { 14, 14, 14, 14 };

  g_assert (n_cascades >= 1 && n_cascades <= FC_REF_MAX_CASCADES);
  g_assert (n_cells >= 0 && n_cells <= FC_REF_MAX_CELLS);
  memset (ref, 0, sizeof *ref);
  ref->n_cascades = n_cascades;
  ref->n_cells = n_cells;
  for (int c = 0; c < n_cascades; c++)
    {
      g_auto(GStrv) words = g_strsplit (cascades[c], " ", -1);

      for (int w = 0; words[w] != NULL; w++)
        {
          int suit = fc_ref_suit (words[w]);

          if (words[w][0] == '\0')
            continue;
          g_assert (fc_ref_rank (words[w]) > 0 && suit >= 0 && suit < 4);
          strcat (ref->cascade[c], words[w]);
          lowest[suit] = MIN (lowest[suit], fc_ref_rank (words[w]));
        }
    }
  if (cells != NULL)
    {
      g_auto(GStrv) words = g_strsplit (cells, " ", -1);
      int i = 0;

      for (int w = 0; words[w] != NULL; w++)
        {
          if (words[w][0] == '\0')
            continue;
          g_assert (i < n_cells);
          if (!g_str_equal (words[w], "-"))
            {
              int suit = fc_ref_suit (words[w]);

              g_assert (fc_ref_rank (words[w]) > 0 && suit >= 0 && suit < 4);
              g_strlcpy (ref->cell[i], words[w], 3);
              lowest[suit] = MIN (lowest[suit], fc_ref_rank (words[w]));
            }
          i++;
        }
    }
  for (int s = 0; s < 4; s++)
    ref->foundation[s] = foundation != NULL ? foundation[s] : lowest[s] - 1;
}

/* Places: a cascade, a free cell or the foundations. */
typedef enum
{
  PLACE_NONE,
  PLACE_CASCADE,
  PLACE_CELL,
  PLACE_FOUNDATION,
} PlaceType;

typedef struct
{
  PlaceType type;
  int       index;
} Place;

PW_TEST_ORACLE static Place
parse_place (const FcRef *ref,
             char         c)
{
  Place place = { PLACE_NONE, 0 };

  if (c >= '1' && c <= '9')
    place = (Place) { PLACE_CASCADE, c - '1' };
  else if (c == '0')
    place = (Place) { PLACE_CASCADE, 9 };
  else if (c >= 'a' && c <= 'd')
    place = (Place) { PLACE_CELL, c - 'a' };
  else if (c == 'h')
    place = (Place) { PLACE_FOUNDATION, 0 };
  /* a place this layout does not have is no place */
  if (place.type == PLACE_CASCADE && place.index >= ref->n_cascades)
    place.type = PLACE_NONE;
  if (place.type == PLACE_CELL && place.index >= ref->n_cells)
    place.type = PLACE_NONE;
  return place;
}

/* The card that would leave @place, copied into @card ("" for none). */
PW_TEST_ORACLE static void
top_card (const FcRef *ref,
          Place        place,
          char        *card)
{
  card[0] = '\0';
  if (place.type == PLACE_CASCADE)
    {
      const char *cascade = ref->cascade[place.index];
      size_t n = strlen (cascade);

      if (n >= 2)
        {
          card[0] = cascade[n - 2];
          card[1] = cascade[n - 1];
          card[2] = '\0';
        }
    }
  else if (place.type == PLACE_CELL)
    strcpy (card, ref->cell[place.index]);
}

PW_TEST_ORACLE gboolean
fc_ref_legal (const FcRef *ref,
              const char  *move)
{
  Place from, to;
  char card[3], below[3];

  if (move == NULL || strlen (move) != 2)
    return FALSE;
  from = parse_place (ref, move[0]);
  to = parse_place (ref, move[1]);
  /* cards leave only cascades and free cells */
  if (from.type != PLACE_CASCADE && from.type != PLACE_CELL)
    return FALSE;
  if (to.type == PLACE_NONE)
    return FALSE;
  if (from.type == to.type && from.index == to.index)
    return FALSE;
  top_card (ref, from, card);
  if (card[0] == '\0')
    return FALSE;

  switch (to.type)
    {
    case PLACE_FOUNDATION:
      /* the next card of its suit */
      return fc_ref_rank (card) == ref->foundation[fc_ref_suit (card)] + 1;
    case PLACE_CELL:
      /* an empty free cell takes any card */
      return ref->cell[to.index][0] == '\0';
    case PLACE_CASCADE:
      top_card (ref, to, below);
      /* an empty cascade takes any card; otherwise one rank lower, the
       * other colour */
      if (below[0] == '\0')
        return TRUE;
      return fc_ref_rank (below) == fc_ref_rank (card) + 1 && fc_ref_red (below) != fc_ref_red (card);
    case PLACE_NONE:
    default:
      return FALSE;
    }
}

PW_TEST_ORACLE gboolean
fc_ref_apply (FcRef      *ref,
              const char *move)
{
  Place from, to;
  char card[3];

  if (!fc_ref_legal (ref, move))
    return FALSE;
  from = parse_place (ref, move[0]);
  to = parse_place (ref, move[1]);
  top_card (ref, from, card);
  if (from.type == PLACE_CASCADE)
    ref->cascade[from.index][strlen (ref->cascade[from.index]) - 2] = '\0';
  else
    ref->cell[from.index][0] = '\0';

  if (to.type == PLACE_FOUNDATION)
    ref->foundation[fc_ref_suit (card)]++;
  else if (to.type == PLACE_CELL)
    strcpy (ref->cell[to.index], card);
  else
    strcat (ref->cascade[to.index], card);
  return TRUE;
}

gboolean
fc_ref_play (FcRef      *ref,
             const char *moves,
             int        *failed)
{
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);
  int n = 0;

  for (int w = 0; words[w] != NULL; w++)
    {
      if (words[w][0] == '\0')
        continue;
      if (!fc_ref_apply (ref, words[w]))
        {
          if (failed != NULL)
            *failed = n;
          return FALSE;
        }
      n++;
    }
  return TRUE;
}

PW_TEST_ORACLE gboolean
fc_ref_won (const FcRef *ref)
{
  for (int c = 0; c < ref->n_cascades; c++)
    if (ref->cascade[c][0] != '\0')
      return FALSE;
  for (int i = 0; i < ref->n_cells; i++)
    if (ref->cell[i][0] != '\0')
      return FALSE;
  return TRUE;
}

/* "0A23456789TJQK"[rank]: one character per foundation */
static const char foundation_chars[] = "0" FC_REF_RANKS;

PW_TEST_ORACLE char *
fc_ref_key (const FcRef *ref)
{
  GString *key = g_string_new (NULL);

  for (int s = 0; s < 4; s++)
    g_string_append_c (key, foundation_chars[ref->foundation[s]]);
  g_string_append_c (key, '/');
  for (int i = 0; i < ref->n_cells; i++)
    g_string_append (key, ref->cell[i][0] != '\0' ? ref->cell[i] : "..");
  for (int c = 0; c < ref->n_cascades; c++)
    {
      g_string_append_c (key, '/');
      g_string_append (key, ref->cascade[c]);
    }
  return g_string_free (key, FALSE);
}

static void
from_key (const char *key,
          FcRef      *ref)
{
  g_auto(GStrv) parts = g_strsplit (key, "/", -1);

  memset (ref, 0, sizeof *ref);
  for (int s = 0; s < 4; s++)
    ref->foundation[s] = (int) (strchr (foundation_chars, parts[0][s]) - foundation_chars);
  ref->n_cells = strlen (parts[1]) / 2;
  for (int i = 0; i < ref->n_cells; i++)
    if (parts[1][2 * i] != '.')
      {
        ref->cell[i][0] = parts[1][2 * i];
        ref->cell[i][1] = parts[1][2 * i + 1];
      }
  for (int c = 0; parts[c + 2] != NULL; c++)
    {
      strcpy (ref->cascade[c], parts[c + 2]);
      ref->n_cascades++;
    }
}

static char
place_char (PlaceType type,
            int       index)
{
  switch (type)
    {
    case PLACE_CASCADE:
      return (char) ('0' + (index + 1) % 10);
    case PLACE_CELL:
      return (char) ('a' + index);
    case PLACE_FOUNDATION:
      return 'h';
    case PLACE_NONE:
    default:
      g_assert_not_reached ();
    }
}

PW_TEST_ORACLE void
fc_ref_solve (const FcRef   *start,
              guint          max_positions,
              FcRefSolution *solution)
{
  /* key → depth + 1; the queue holds the table's own keys */
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GQueue queue = G_QUEUE_INIT;
  char *key = fc_ref_key (start);
  char places[FC_REF_MAX_CASCADES + FC_REF_MAX_CELLS + 1];
  int n_places = 0;

  for (int c = 0; c < start->n_cascades; c++)
    places[n_places++] = place_char (PLACE_CASCADE, c);
  for (int i = 0; i < start->n_cells; i++)
    places[n_places++] = place_char (PLACE_CELL, i);
  places[n_places++] = place_char (PLACE_FOUNDATION, 0);

  *solution = (FcRefSolution) { TRUE, FALSE, -1, 0 };
  g_hash_table_insert (seen, key, GINT_TO_POINTER (1));
  g_queue_push_tail (&queue, key);
  while (!g_queue_is_empty (&queue))
    {
      const char *here = g_queue_pop_head (&queue);
      int depth = GPOINTER_TO_INT (g_hash_table_lookup (seen, here)) - 1;
      FcRef ref;

      from_key (here, &ref);
      /* the first won position dequeued is at the smallest depth */
      if (fc_ref_won (&ref))
        {
          solution->solvable = TRUE;
          solution->shortest = depth;
          break;
        }
      for (int f = 0; f < n_places; f++)
        for (int t = 0; t < n_places; t++)
          {
            char move[3] = { places[f], places[t], '\0' };
            FcRef next = ref;
            char *next_key;

            if (!fc_ref_apply (&next, move))
              continue;
            next_key = fc_ref_key (&next);
            if (g_hash_table_contains (seen, next_key))
              {
                g_free (next_key);
                continue;
              }
            g_hash_table_insert (seen, next_key, GINT_TO_POINTER (depth + 2));
            g_queue_push_tail (&queue, next_key);
          }
      if (g_hash_table_size (seen) > max_positions)
        {
          solution->decided = FALSE;
          break;
        }
    }
  solution->positions = g_hash_table_size (seen);
  g_queue_clear (&queue);
}

void
fc_ref_hardness (const FcRef   *ref,
                 FcRefHardness *hardness)
{
  memset (hardness, 0, sizeof *hardness);
  for (int c = 0; c < ref->n_cascades; c++)
    {
      const char *cascade = ref->cascade[c];
      int n = strlen (cascade) / 2;

      for (int i = 0; i < n; i++)
        {
          const char *card = cascade + 2 * i;
          int rank = fc_ref_rank (card);
          /* neighbours: the card it lies on (i − 1), the card on it (i + 1) */
          int under = i > 0 ? fc_ref_rank (cascade + 2 * (i - 1)) : 0;
          int over = i + 1 < n ? fc_ref_rank (cascade + 2 * (i + 1)) : 0;

          if (rank == 1)
            {
              hardness->aces += n - 1 - i;
              hardness->blocking += over;
            }
          if (rank == 13)
            hardness->kings += i;
          /* in order: on a card one rank higher, or under one a rank lower */
          if (!(under == rank + 1 || (over != 0 && over == rank - 1)))
            hardness->disordered++;
        }
    }
  hardness->total = 2 * hardness->aces + 2 * hardness->kings + hardness->blocking +
                    hardness->disordered;
}
