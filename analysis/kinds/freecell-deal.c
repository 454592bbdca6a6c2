/* freecell-deal.c — FreeCell cards, deals, board text, Chen's hardness
 * and the suit-swap classes of deals
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "freecell-private.h"

/* deals one import may make: a set of a million deals is about 1 GB */
#define MAX_DEALS 1000000

static const char ranks[] = "?A23456789TJQK";
static const char suits[] = "CDHS";

const char *
pw_fc_card_name (guint8  card,
                 char   *buffer)
{
  if (card == 0 || PW_FC_RANK (card) < 1 || PW_FC_RANK (card) > 13)
    {
      buffer[0] = buffer[1] = '?';
      buffer[2] = '\0';
      return buffer;
    }
  buffer[0] = ranks[PW_FC_RANK (card)];
  buffer[1] = suits[PW_FC_SUIT (card)];
  buffer[2] = '\0';
  return buffer;
}

guint8
pw_fc_card_parse (const char *text,
                  gssize      length)
{
  int rank = 0, suit = -1, i = 0;

  if (length < 0)
    length = strlen (text);
  if (length >= 2 && text[0] == '1' && text[1] == '0')
    {
      rank = 10;
      i = 2;
    }
  else if (length >= 1)
    {
      const char *r = strchr (ranks + 1, g_ascii_toupper (text[0]));

      if (r == NULL || text[0] == '\0')
        return 0;
      rank = r - ranks;
      i = 1;
    }
  if (length != i + 1 || text[i] == '\0')
    return 0;
  {
    const char *s = strchr (suits, g_ascii_toupper (text[i]));

    if (s == NULL)
      return 0;
    suit = s - suits;
  }
  return PW_FC_CARD (rank, suit);
}

void
pw_fc_deal_cards (const guint8    *deck,
                  int              n_cascades,
                  PwFreecellLevel *level)
{
  memset (level, 0, sizeof *level);
  level->n_cascades = n_cascades;
  level->free_cells = PW_FC_MAX_FREE;
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    {
      int c = i % n_cascades;

      level->cards[c][level->height[c]++] = deck[i];
    }
}

void
pw_fc_ms_deal (guint32          number,
               PwFreecellLevel *level)
{
  /* the Microsoft C library's rand(), seeded with the deal's number,
   * picks from a deck ordered AC AD AH AS 2C …; the last card moves into
   * the hole */
  guint8 deck[PW_FC_N_CARDS], dealt[PW_FC_N_CARDS];
  guint32 state = number;

  for (int i = 0; i < PW_FC_N_CARDS; i++)
    deck[i] = PW_FC_CARD (i / 4 + 1, i % 4);
  for (int i = 0; i < PW_FC_N_CARDS; i++)
    {
      int left = PW_FC_N_CARDS - i;
      int k;

      state = state * 214013u + 2531011u;
      k = ((state >> 16) & 0x7fff) % left;
      dealt[i] = deck[k];
      deck[k] = deck[left - 1];
    }
  pw_fc_deal_cards (dealt, 8, level);
  level->ms_deal = number;
}

PwFreecellLevel *
pw_fc_level_new_shuffled (guint64 seed,
                          int     n_cascades,
                          int     free_cells)
{
  guint32 seeds[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (seeds, 2);
  PwFreecellLevel *level = g_new0 (PwFreecellLevel, 1);
  guint8 deck[PW_FC_N_CARDS];

  for (int i = 0; i < PW_FC_N_CARDS; i++)
    deck[i] = PW_FC_CARD (i / 4 + 1, i % 4);
  for (int i = PW_FC_N_CARDS - 1; i > 0; i--)
    {
      int j = g_rand_int_range (rand, 0, i + 1);
      guint8 t = deck[i];

      deck[i] = deck[j];
      deck[j] = t;
    }
  pw_fc_deal_cards (deck, n_cascades, level);
  level->free_cells = free_cells;
  return level;
}

/* ------------------------------------------------------------------ */
/* Hardness                                                             */

void
pw_fc_hardness (const PwFreecellLevel *level,
                PwFcHardness          *hardness)
{
  memset (hardness, 0, sizeof *hardness);
  for (int c = 0; c < level->n_cascades; c++)
    {
      int h = level->height[c];

      for (int i = 0; i < h; i++)
        {
          guint8 card = level->cards[c][i];
          gboolean ordered = FALSE;

          if (PW_FC_RANK (card) == 1)
            {
              hardness->aces += h - 1 - i;
              if (i + 1 < h)
                hardness->blocking += PW_FC_RANK (level->cards[c][i + 1]);
            }
          else if (PW_FC_RANK (card) == 13)
            hardness->kings += i;
          /* in a pair one rank apart, the upper card one lower, with
           * the card below or the card above (colour not considered) */
          if (i > 0 && PW_FC_RANK (level->cards[c][i - 1]) == PW_FC_RANK (card) + 1)
            ordered = TRUE;
          if (i + 1 < h && PW_FC_RANK (level->cards[c][i + 1]) + 1 == PW_FC_RANK (card))
            ordered = TRUE;
          if (!ordered)
            hardness->disordered++;
        }
    }
  hardness->total = 2 * hardness->aces + 2 * hardness->kings + hardness->blocking +
                    hardness->disordered;
}

/* ------------------------------------------------------------------ */
/* Suit-swap classes                                                    */

static guint8
swap_card (guint8 card,
           int    swaps)
{
  static const guint8 swapped[4][4] = {
    { 0, 1, 2, 3 },
    { 3, 1, 2, 0 },   /* clubs ↔ spades */
    { 0, 2, 1, 3 },   /* diamonds ↔ hearts */
    { 3, 2, 1, 0 },
  };

  if (card == 0 || card == 0xff)
    return card;
  return PW_FC_CARD (PW_FC_RANK (card), swapped[swaps][PW_FC_SUIT (card)]);
}

void
pw_fc_swap_suits (PwFreecellLevel *level,
                  int              swaps)
{
  for (int c = 0; c < level->n_cascades; c++)
    for (int i = 0; i < level->height[c]; i++)
      level->cards[c][i] = swap_card (level->cards[c][i], swaps);
}

void
pw_fc_position_swap_suits (PwFcPosition *position,
                           int           swaps)
{
  guint8 foundation[4];

  for (int c = 0; c < position->n_cascades; c++)
    for (int i = 0; i < position->height[c]; i++)
      position->cards[c][i] = swap_card (position->cards[c][i], swaps);
  for (int i = 0; i < position->n_free; i++)
    position->cells[i] = swap_card (position->cells[i], swaps);
  /* the foundation of a suit goes with the suit */
  for (int suit = 0; suit < 4; suit++)
    foundation[PW_FC_SUIT (swap_card (PW_FC_CARD (1, suit), swaps))] = position->foundation[suit];
  memcpy (position->foundation, foundation, 4);
}

/* The cards of cascade @c, bottom first, separated by spaces. */
static void
append_cascade (GString               *text,
                const PwFreecellLevel *level,
                int                    c)
{
  for (int i = 0; i < level->height[c]; i++)
    {
      char name[3];

      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, pw_fc_card_name (level->cards[c][i], name));
    }
}

static char *
deal_text (const PwFreecellLevel *level)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%d/%d:", level->n_cascades, level->free_cells);
  for (int c = 0; c < level->n_cascades; c++)
    {
      if (c > 0)
        g_string_append_c (text, '|');
      append_cascade (text, level, c);
    }
  return g_string_free (text, FALSE);
}

char *
pw_fc_class_key (const PwFreecellLevel *level,
                 int                   *swaps)
{
  char *best = NULL;
  int best_swaps = 0;

  for (int s = 0; s < 4; s++)
    {
      PwFreecellLevel copy = *level;
      char *text;

      pw_fc_swap_suits (&copy, s);
      text = deal_text (&copy);
      if (best == NULL || strcmp (text, best) < 0)
        {
          g_free (best);
          best = text;
          best_swaps = s;
        }
      else
        g_free (text);
    }
  if (swaps != NULL)
    *swaps = best_swaps;
  return best;
}

/* ------------------------------------------------------------------ */
/* fc-solve board text                                                  */

static gboolean
blank (const char *line)
{
  for (; *line; line++)
    if (!g_ascii_isspace (*line))
      return FALSE;
  return TRUE;
}

PwFreecellLevel *
pw_fc_level_from_board (const char  *text,
                        GError     **error)
{
  g_autofree PwFreecellLevel *level = g_new0 (PwFreecellLevel, 1);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  level->free_cells = PW_FC_MAX_FREE;
  for (int l = 0; lines[l] != NULL; l++)
    {
      char *line = g_strstrip (lines[l]);
      g_auto(GStrv) words = NULL;
      gboolean header = FALSE;
      int c;

      if (blank (line) || line[0] == '#')
        continue;
      if (g_str_has_prefix (line, "Foundations:") || g_str_has_prefix (line, "Freecells:") ||
          g_str_has_prefix (line, "FC:"))
        {
          header = TRUE;
          line = strchr (line, ':') + 1;
        }
      else if (line[0] == ':')
        line++;

      words = g_strsplit_set (line, " \t", -1);
      if (header)
        {
          for (int w = 0; words[w] != NULL; w++)
            {
              const char *word = words[w];

              if (word[0] == '\0' || g_str_equal (word, "-"))
                continue;
              /* foundations as "H-0": nothing up yet is a deal */
              if (strlen (word) >= 3 && word[1] == '-' && g_str_equal (word + 2, "0"))
                continue;
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("line %d: “%s”: only deals can be read, with no cards up or in "
                             "free cells"),
                           l + 1, word);
              return NULL;
            }
          continue;
        }

      if (level->n_cascades == PW_FC_MAX_CASCADES)
        {
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("line %d: more than %d cascades"), l + 1, PW_FC_MAX_CASCADES);
          return NULL;
        }
      c = level->n_cascades++;
      for (int w = 0; words[w] != NULL; w++)
        {
          guint8 card;

          if (words[w][0] == '\0')
            continue;
          card = pw_fc_card_parse (words[w], -1);
          if (card == 0)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("line %d: “%s” is not a card (write cards as AS, TD, KH…)"), l + 1,
                           words[w]);
              return NULL;
            }
          if (level->height[c] == PW_FC_MAX_HEIGHT)
            {
              g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("line %d: more than %d cards in one cascade"), l + 1,
                           PW_FC_MAX_HEIGHT);
              return NULL;
            }
          level->cards[c][level->height[c]++] = card;
        }
    }
  if (level->n_cascades == 0)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("there are no cascades: write one cascade per line, bottom card "
                             "first"));
      return NULL;
    }
  return g_steal_pointer (&level);
}

char *
pw_fc_level_to_board (const PwFreecellLevel *level)
{
  GString *text = g_string_new (NULL);

  for (int c = 0; c < level->n_cascades; c++)
    {
      append_cascade (text, level, c);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

GArray *
pw_fc_parse_deal_numbers (const char  *text,
                          GError     **error)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      char *part = g_strstrip (parts[i]);
      char *dash = strchr (part, '-');
      guint64 first, last;

      if (dash != NULL)
        *dash = '\0';
      if (!g_ascii_string_to_unsigned (part, 10, 1, G_MAXINT32, &first, NULL) ||
          (dash != NULL && !g_ascii_string_to_unsigned (g_strstrip (dash + 1), 10, 1,
                                                        G_MAXINT32, &last, NULL)))
        {
          if (dash != NULL)
            *dash = '-';
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“%s” is not a deal number or range (deals are 1 to %d)"), part,
                       G_MAXINT32);
          return NULL;
        }
      if (dash == NULL)
        last = first;
      if (last < first || numbers->len + (last - first) >= MAX_DEALS)
        {
          if (dash != NULL)
            *dash = '-';
          g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                       _("“%s”: a range goes from low to high, and a set holds at most a "
                         "million deals"),
                       part);
          return NULL;
        }
      for (guint64 n = first; n <= last; n++)
        {
          guint32 v = n;

          g_array_append_val (numbers, v);
        }
    }
  if (numbers->len == 0)
    {
      g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                           _("no deal numbers given (write them as 1-100,617)"));
      return NULL;
    }
  return g_steal_pointer (&numbers);
}
