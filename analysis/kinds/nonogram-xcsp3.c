/* nonogram-xcsp3.c — the nonogram kind in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3"): b[r][c] in {0, 1}, 1 black;
 * one <regular> a line, rows then columns, whose automaton accepts exactly
 * the lines that give the line's clue: 0* 1^c1 0+ 1^c2 … 0+ 1^ck 0*.
 * The clues are read back from the automata (the runs of black of the
 * shortest word they accept; the check that follows makes sure the
 * automaton is the one written for that clue). The note says the size,
 * and carries the designer's picture when the level has one (a picture is
 * no constraint: the puzzle is the clues), with clues=stored when the
 * level keeps its clues beside it.
 */

#define G_LOG_DOMAIN "pw-nonogram"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "nonogram-private.h"
#include "xcsp3.h"

/* One line's <regular> for the clue @clue of @k blocks. States: q0 before
 * the first block; then per block its cells, then the white after it. */
static void
write_regular (PwXcspWriter *writer,
               const char   *note,
               const char   *list,
               const guint8 *clue,
               guint         k)
{
  guint state = 0;

  pw_xcsp_writer_begin (writer, "regular", note);
  pw_xcsp_writer_leaf (writer, "list", "%s", list);
  pw_xcsp_writer_begin (writer, "transitions", NULL);
  pw_xcsp_writer_text (writer, "(q0,0,q0)");
  for (guint j = 0; j < k; j++)
    {
      /* from the state before block j (q0 or the white after block j - 1) */
      pw_xcsp_writer_text (writer, "(q%u,1,q%u)", state, state + 1);
      state++;
      for (guint i = 1; i < clue[j]; i++, state++)
        pw_xcsp_writer_text (writer, "(q%u,1,q%u)", state, state + 1);
      pw_xcsp_writer_text (writer, "(q%u,0,q%u)", state, state + 1);
      state++;
      pw_xcsp_writer_text (writer, "(q%u,0,q%u)", state, state);
    }
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_leaf (writer, "start", "q0");
  if (k == 0)
    pw_xcsp_writer_leaf (writer, "final", "q0");
  else
    pw_xcsp_writer_leaf (writer, "final", "q%u q%u", state - 1, state);
  pw_xcsp_writer_end (writer);
}

static char *
clue_text (const guint8 *clue,
           guint         k)
{
  GString *text = g_string_new (NULL);

  for (guint j = 0; j < k; j++)
    g_string_append_printf (text, "%s%u", j ? " " : "", clue[j]);
  if (k == 0)
    g_string_append (text, "0");
  return g_string_free (text, FALSE);
}

gboolean
_pw_nonogram_to_xcsp3 (gconstpointer  data,
                       PwXcspWriter  *writer,
                       GError       **error)
{
  const PwNonogramLevel *level = data;
  guint w = level->width, h = level->height;
  g_autoptr(PwNonoClues) clues = _pw_nonogram_level_clues (level);
  g_autofree char *size = g_strdup_printf ("[%u][%u]", h, w);

  pw_xcsp_writer_set_param (writer, "width", "%u", w);
  pw_xcsp_writer_set_param (writer, "height", "%u", h);
  if (level->grid != NULL)
    {
      GString *picture = g_string_new (NULL);

      for (guint y = 0; y < h; y++)
        {
          if (y > 0)
            g_string_append_c (picture, '/');
          for (guint x = 0; x < w; x++)
            g_string_append_c (picture, level->grid[y * w + x] ? '#' : '.');
        }
      pw_xcsp_writer_set_param (writer, "picture", "%s", picture->str);
      g_string_free (picture, TRUE);
      if (level->clues != NULL)
        pw_xcsp_writer_set_param (writer, "clues", "stored");
    }
  pw_xcsp_writer_comment (writer, "A nonogram of %u × %u: every row and column shows its "
                          "clue, the lengths of its runs of black cells in order.", w, h);
  pw_xcsp_writer_array (writer, "b", size, "b[r][c]: 1 when the cell in row r, column c is black",
                        "0 1");
  for (guint l = 0; l < h + w; l++)
    {
      const guint8 *clue = _pw_nono_clues_line (clues, l);
      guint k = _pw_nono_clues_count (clues, l);
      g_autofree char *numbers = clue_text (clue, k);
      g_autofree char *note = l < h ? g_strdup_printf ("row %u: %s", l + 1, numbers)
                                    : g_strdup_printf ("column %u: %s", l - h + 1, numbers);
      g_autofree char *list = l < h ? g_strdup_printf ("b[%u][]", l)
                                    : g_strdup_printf ("b[][%u]", l - h);

      write_regular (writer, note, list, clue, k);
    }
  return TRUE;
}

/* The clue of one <regular>: the runs of black of the shortest word its
 * automaton accepts (breadth first, transitions in file order). */
static gboolean
read_clue (const PwXcspInstance *instance,
           const PwXcspElement  *regular,
           guint                 length,
           GArray               *clue,
           GError              **error)
{
  const PwXcspElement *transitions = pw_xcsp_element_get_child (regular, "transitions");
  const PwXcspElement *start = pw_xcsp_element_get_child (regular, "start");
  const PwXcspElement *final = pw_xcsp_element_get_child (regular, "final");
  g_autoptr(GPtrArray) all =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_xcsp_transition_free);
  g_autoptr(GHashTable) reached = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) queue = g_ptr_array_new ();
  g_auto(GStrv) starts = NULL;
  g_auto(GStrv) finals = NULL;
  const char *end = NULL;
  g_autoptr(GArray) word = g_array_new (FALSE, FALSE, sizeof (guint8));

  if (transitions == NULL || start == NULL || final == NULL)
    {
      pw_xcsp_set_error (error, instance, regular, PW_XCSP_ERROR_UNSUPPORTED,
                         _("a line’s automaton has <transitions>, <start> and <final>"));
      return FALSE;
    }
  if (!pw_xcsp_read_transitions (instance, transitions, all, error))
    return FALSE;
  starts = pw_xcsp_element_get_tokens (start);
  finals = pw_xcsp_element_get_tokens (final);
  if (g_strv_length (starts) != 1)
    {
      pw_xcsp_set_error (error, instance, start, PW_XCSP_ERROR_UNSUPPORTED,
                         _("an automaton has one start state"));
      return FALSE;
    }
  for (guint i = 0; i < all->len; i++)
    {
      const PwXcspTransition *t = g_ptr_array_index (all, i);

      if (t->value != 0 && t->value != 1)
        {
          pw_xcsp_set_error (error, instance, transitions, PW_XCSP_ERROR_INVALID,
                             _("a cell is 0 or 1, not %d"), (int) t->value);
          return FALSE;
        }
    }

  /* breadth first from the start: each state reached once, with the
   * transition that reached it */
  g_hash_table_insert (reached, starts[0], NULL);
  g_ptr_array_add (queue, starts[0]);
  for (guint q = 0; q < queue->len && end == NULL; q++)
    {
      const char *state = g_ptr_array_index (queue, q);

      if (g_strv_contains ((const char * const *) finals, state))
        {
          end = state;
          break;
        }
      for (guint i = 0; i < all->len; i++)
        {
          PwXcspTransition *t = g_ptr_array_index (all, i);

          if (g_str_equal (t->from, state) && !g_hash_table_contains (reached, t->to))
            {
              g_hash_table_insert (reached, t->to, t);
              g_ptr_array_add (queue, t->to);
            }
        }
    }
  if (end == NULL)
    {
      pw_xcsp_set_error (error, instance, regular, PW_XCSP_ERROR_INVALID,
                         _("the automaton accepts no line"));
      return FALSE;
    }
  for (const PwXcspTransition *t = g_hash_table_lookup (reached, end); t != NULL;
       t = g_hash_table_lookup (reached, t->from))
    {
      guint8 value = t->value;

      g_array_prepend_val (word, value);
      if (word->len > length)
        break;
    }
  if (word->len > length)
    {
      pw_xcsp_set_error (error, instance, regular, PW_XCSP_ERROR_INVALID,
                         _("the automaton accepts no line of %u cells"), length);
      return FALSE;
    }
  for (guint i = 0; i < word->len; i++)
    {
      guint8 run = 0;

      while (i < word->len && g_array_index (word, guint8, i) == 1)
        run++, i++;
      if (run > 0)
        g_array_append_val (clue, run);
    }
  return TRUE;
}

gpointer
_pw_nonogram_from_xcsp3 (const PwXcspInstance  *instance,
                         GError               **error)
{
  g_autoptr(PwNonogramLevel) level = NULL;
  g_autoptr(GPtrArray) regulars = NULL;
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_autofree guint *counts = NULL;
  const char *picture;
  const char *stored;
  guint w, h;

  if (!pw_xcsp_instance_get_uint (instance, "width", 1, PW_NONOGRAM_MAX_SIZE, &w, error) ||
      !pw_xcsp_instance_get_uint (instance, "height", 1, PW_NONOGRAM_MAX_SIZE, &h, error))
    return NULL;
  level = _pw_nonogram_level_new (w, h);
  picture = pw_xcsp_instance_get_param (instance, "picture");
  stored = pw_xcsp_instance_get_param (instance, "clues");
  if (picture != NULL)
    {
      g_auto(GStrv) rows = g_strsplit (picture, "/", -1);
      gboolean ok = g_strv_length (rows) == h;

      for (guint y = 0; ok && y < h; y++)
        {
          ok = strlen (rows[y]) == w && strspn (rows[y], "#.") == w;
          for (guint x = 0; ok && x < w; x++)
            level->grid[y * w + x] = rows[y][x] == '#';
        }
      if (!ok || (stored != NULL && !g_str_equal (stored, "stored")))
        {
          pw_xcsp_set_error (error, instance, pw_xcsp_instance_get_root (instance),
                             PW_XCSP_ERROR_INVALID,
                             _("its note's picture is %u rows of %u “#” or “.” separated by "
                               "“/”, optionally with clues=stored"), h, w);
          return NULL;
        }
    }
  else
    g_clear_pointer (&level->grid, g_free);

  regulars = pw_xcsp_element_get_children (pw_xcsp_instance_get_constraints (instance),
                                           "regular");
  if (regulars->len != h + w)
    {
      pw_xcsp_set_error (error, instance, pw_xcsp_instance_get_constraints (instance),
                         PW_XCSP_ERROR_UNSUPPORTED,
                         _("%u <regular> lines; a nonogram of %u × %u has %u, its rows then its "
                           "columns"), regulars->len, w, h, w + h);
      return NULL;
    }
  counts = g_new0 (guint, h + w);
  for (guint l = 0; l < h + w; l++)
    {
      guint before = numbers->len;

      if (!read_clue (instance, g_ptr_array_index (regulars, l), l < h ? w : h, numbers, error))
        return NULL;
      counts[l] = numbers->len - before;
    }
  level->clues = _pw_nono_clues_new (h + w, counts, (const guint8 *) numbers->data);
  /* a picture's own clues are not stored, unless the level kept them */
  if (level->grid != NULL && stored == NULL)
    {
      g_autoptr(PwNonoClues) painted = _pw_nono_clues_of_grid (level->grid, w, h);

      if (_pw_nono_clues_equal (painted, level->clues))
        g_clear_pointer (&level->clues, _pw_nono_clues_free);
    }
  return g_steal_pointer (&level);
}
