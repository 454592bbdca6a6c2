/* combination-xcsp3.c — the combination kind in XCSP3
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (docs/file-format.md, "XCSP3") is _pw_combination_model_new's
 * without its symmetry breaking, so that its solutions are the level's
 * raw solutions (colours distinct): x[r][c] in 0..E, 0 no piece, e a piece
 * of the e-th kind of piece (entries of one colour and attack merged, in
 * the order they first appear); walls and holes an <instantiation> to 0;
 * a <cardinality> of the pieces; one <regular> for every run of cells
 * between walls in each direction (rows, columns, diagonals down and up,
 * every run however short), whose automaton is the kind's line automaton:
 * its state is the last piece's colour ("red") and whether it attacks
 * along the line ("red_attacks"), or "none"; a piece next to one of
 * another colour, either of them attacking along the line, has no
 * transition. Read back: walls are the cells of no line, holes the other
 * cells instantiated to 0, counts from the cardinality, each kind's colour
 * and attack from the states the first row and the first diagonal go to.
 * The note says the size.
 */

#define G_LOG_DOMAIN "pw-combination"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "combination-private.h"
#include "xcsp3.h"

static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
static const char * const dir_names[4] = { "row", "column", "diagonal", "diagonal" };

/* Entries merged by colour and attack, in the order they first appear. */
static int
merge_entries (const PwCombinationLevel *level,
               PwCombinationEntry       *merged)
{
  int n = 0;

  for (int i = 0; i < level->n_entries; i++)
    {
      int e;

      for (e = 0; e < n; e++)
        if (merged[e].colour == level->entries[i].colour &&
            merged[e].attack == level->entries[i].attack)
          break;
      if (e == n)
        {
          merged[n] = level->entries[i];
          merged[n++].count = 0;
        }
      merged[e].count += level->entries[i].count;
    }
  return n;
}

static void
append_state (GString *out,
              int      colour,
              gboolean attacks)
{
  if (colour < 0)
    g_string_append (out, "none");
  else
    g_string_append_printf (out, "%s%s", pw_combination_colours[colour],
                            attacks ? "_attacks" : "");
}

/* The line automaton's transitions for direction @d. */
static char *
transitions_for (const PwCombinationEntry *entries,
                 int                       n_entries,
                 int                       d)
{
  GString *out = g_string_new (NULL);
  gboolean used[PW_COMBINATION_N_COLOURS] = { FALSE };

  for (int e = 0; e < n_entries; e++)
    used[entries[e].colour] = TRUE;
  for (int st = -1; st < PW_COMBINATION_N_COLOURS * 2; st++)
    {
      int colour = st < 0 ? -1 : st / 2;
      gboolean attacks = st >= 0 && (st & 1);

      if (colour >= 0 && !used[colour])
        continue;
      /* an empty cell changes nothing */
      g_string_append_c (out, '(');
      append_state (out, colour, attacks);
      g_string_append (out, ",0,");
      append_state (out, colour, attacks);
      g_string_append (out, ") ");
      for (int e = 0; e < n_entries; e++)
        {
          gboolean a = (entries[e].attack & (d < 2 ? PW_ATTACK_ORTHOGONAL
                                                   : PW_ATTACK_DIAGONAL)) != 0;

          if (colour >= 0 && colour != entries[e].colour && (attacks || a))
            continue;
          g_string_append_c (out, '(');
          append_state (out, colour, attacks);
          g_string_append_printf (out, ",%d,", e + 1);
          append_state (out, entries[e].colour, a);
          g_string_append (out, ") ");
        }
    }
  g_strchomp (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

static char *
final_states (const PwCombinationEntry *entries,
              int                       n_entries)
{
  GString *out = g_string_new ("none");
  gboolean used[PW_COMBINATION_N_COLOURS] = { FALSE };

  for (int e = 0; e < n_entries; e++)
    used[entries[e].colour] = TRUE;
  for (int c = 0; c < PW_COMBINATION_N_COLOURS; c++)
    if (used[c])
      g_string_append_printf (out, " %s %s_attacks", pw_combination_colours[c],
                              pw_combination_colours[c]);
  return g_string_free (out, FALSE);
}

static gboolean
is_wall (const PwCombinationLevel *level,
         int                       x,
         int                       y)
{
  return x < 0 || y < 0 || x >= level->width || y >= level->height ||
         level->cells[y * level->width + x] == '#';
}

/* Calls @func for every run of non-wall cells in direction @d, from its
 * first cell (x, y), with its length. */
typedef void (*RunFunc) (int      d,
                         int      x,
                         int      y,
                         int      length,
                         gpointer data);

static void
for_each_run (const PwCombinationLevel *level,
              int                       d,
              RunFunc                   func,
              gpointer                  data)
{
  for (int y = 0; y < level->height; y++)
    for (int x = 0; x < level->width; x++)
      {
        int length = 0;

        if (is_wall (level, x, y) || !is_wall (level, x - dirs[d][0], y - dirs[d][1]))
          continue;
        for (int cx = x, cy = y; !is_wall (level, cx, cy); cx += dirs[d][0], cy += dirs[d][1])
          length++;
        func (d, x, y, length, data);
      }
}

typedef struct
{
  PwXcspWriter *writer;
  const char   *transitions;
  const char   *finals;
} WriteRuns;

static void
write_run (int      d,
           int      x,
           int      y,
           int      length,
           gpointer data)
{
  WriteRuns *runs = data;
  g_autofree char *note = g_strdup_printf ("%s from row %d, column %d", dir_names[d], y + 1,
                                           x + 1);

  pw_xcsp_writer_begin (runs->writer, "regular", note);
  if (d == 0)
    {
      if (length == 1)
        pw_xcsp_writer_leaf (runs->writer, "list", "x[%d][%d]", y, x);
      else
        pw_xcsp_writer_leaf (runs->writer, "list", "x[%d][%d..%d]", y, x, x + length - 1);
    }
  else if (d == 1)
    {
      if (length == 1)
        pw_xcsp_writer_leaf (runs->writer, "list", "x[%d][%d]", y, x);
      else
        pw_xcsp_writer_leaf (runs->writer, "list", "x[%d..%d][%d]", y, y + length - 1, x);
    }
  else
    {
      pw_xcsp_writer_begin (runs->writer, "list", NULL);
      for (int i = 0; i < length; i++)
        pw_xcsp_writer_text (runs->writer, "x[%d][%d]", y + i * dirs[d][1], x + i * dirs[d][0]);
      pw_xcsp_writer_end (runs->writer);
    }
  pw_xcsp_writer_leaf (runs->writer, "transitions", "%s", runs->transitions);
  pw_xcsp_writer_leaf (runs->writer, "start", "none");
  pw_xcsp_writer_leaf (runs->writer, "final", "%s", runs->finals);
  pw_xcsp_writer_end (runs->writer);
}

gboolean
_pw_combination_to_xcsp3 (gconstpointer  data,
                          PwXcspWriter  *writer,
                          GError       **error)
{
  const PwCombinationLevel *level = data;
  PwCombinationEntry merged[PW_COMBINATION_MAX_ENTRIES * 4];
  int n = merge_entries (level, merged), w = level->width, h = level->height, fixed = 0;
  g_autofree char *size = g_strdup_printf ("[%d][%d]", h, w);
  g_autofree char *domain = g_strdup_printf ("0..%d", n);
  g_autofree char *finals = final_states (merged, n);
  GString *kinds = g_string_new (NULL);

  pw_xcsp_writer_set_param (writer, "width", "%d", w);
  pw_xcsp_writer_set_param (writer, "height", "%d", h);
  for (int e = 0; e < n; e++)
    g_string_append_printf (kinds, "%s%d: %d %s (%s)", e ? "; " : "", e + 1, merged[e].count,
                            pw_combination_colours[merged[e].colour],
                            merged[e].attack == PW_ATTACK_ORTHOGONAL ? "orthogonal"
                            : merged[e].attack == PW_ATTACK_DIAGONAL ? "diagonal" : "both");
  pw_xcsp_writer_comment (writer, "A combination puzzle of %d × %d: every piece on its own "
                          "empty cell, none hit by a ray of another colour. Pieces: %s.", w, h,
                          kinds->str);
  g_string_free (kinds, TRUE);
  pw_xcsp_writer_array (writer, "x", size,
                        "x[r][c]: 0 no piece, e a piece of the e-th kind; walls and holes hold "
                        "none", domain);

  for (int c = 0; c < w * h; c++)
    fixed += level->cells[c] != '.';
  if (fixed > 0)
    {
      pw_xcsp_writer_begin (writer, "instantiation", "walls and holes hold no piece");
      pw_xcsp_writer_begin (writer, "list", NULL);
      for (int c = 0; c < w * h; c++)
        if (level->cells[c] != '.')
          pw_xcsp_writer_text (writer, "x[%d][%d]", c / w, c % w);
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_begin (writer, "values", NULL);
      for (int c = 0; c < w * h; c++)
        if (level->cells[c] != '.')
          pw_xcsp_writer_text (writer, "0");
      pw_xcsp_writer_end (writer);
      pw_xcsp_writer_end (writer);
    }

  pw_xcsp_writer_begin (writer, "cardinality", "how many pieces of each kind");
  pw_xcsp_writer_leaf (writer, "list", "x[][]");
  pw_xcsp_writer_begin (writer, "values", NULL);
  for (int e = 0; e < n; e++)
    pw_xcsp_writer_text (writer, "%d", e + 1);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_begin (writer, "occurs", NULL);
  for (int e = 0; e < n; e++)
    pw_xcsp_writer_text (writer, "%d", merged[e].count);
  pw_xcsp_writer_end (writer);
  pw_xcsp_writer_end (writer);

  for (int d = 0; d < 4; d++)
    {
      g_autofree char *transitions = transitions_for (merged, n, d);
      WriteRuns runs = { writer, transitions, finals };

      for_each_run (level, d, write_run, &runs);
    }
  return TRUE;
}

static void
count_run (int      d,
           int      x,
           int      y,
           int      length,
           gpointer data)
{
  (*(guint *) data)++;
}

/* The colour and whether it attacks of the state @name, or FALSE. */
static gboolean
parse_state (const char *name,
             int        *colour,
             gboolean   *attacks)
{
  g_autofree char *copy = g_strdup (name);

  *attacks = g_str_has_suffix (copy, "_attacks");
  if (*attacks)
    copy[strlen (copy) - strlen ("_attacks")] = '\0';
  for (int c = 0; c < PW_COMBINATION_N_COLOURS; c++)
    if (g_str_equal (copy, pw_combination_colours[c]))
      {
        *colour = c;
        return TRUE;
      }
  return FALSE;
}

/* From the first <regular> of a direction: each kind's colour, and
 * whether it attacks along it. */
static gboolean
read_kinds (const PwXcspInstance *instance,
            const PwXcspElement  *regular,
            int                   n,
            int                  *colours,
            gboolean             *attacks,
            GError              **error)
{
  const PwXcspElement *transitions = pw_xcsp_element_get_child (regular, "transitions");
  g_autoptr(GPtrArray) all =
    g_ptr_array_new_with_free_func ((GDestroyNotify) pw_xcsp_transition_free);

  if (transitions == NULL)
    {
      pw_xcsp_set_error (error, instance, regular, PW_XCSP_ERROR_UNSUPPORTED,
                         _("a line’s automaton has <transitions>"));
      return FALSE;
    }
  if (!pw_xcsp_read_transitions (instance, transitions, all, error))
    return FALSE;
  for (int e = 0; e < n; e++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < all->len && !found; i++)
        {
          const PwXcspTransition *t = g_ptr_array_index (all, i);

          if (t->value != e + 1 || !g_str_equal (t->from, "none"))
            continue;
          if (!parse_state (t->to, &colours[e], &attacks[e]))
            {
              pw_xcsp_set_error (error, instance, transitions, PW_XCSP_ERROR_INVALID,
                                 _("the state “%s” is not a colour, alone or with “_attacks”"),
                                 t->to);
              return FALSE;
            }
          found = TRUE;
        }
      if (!found)
        {
          pw_xcsp_set_error (error, instance, transitions, PW_XCSP_ERROR_INVALID,
                             _("no transition (none,%d,…) says what the pieces %d are"), e + 1,
                             e + 1);
          return FALSE;
        }
    }
  return TRUE;
}

gpointer
_pw_combination_from_xcsp3 (const PwXcspInstance  *instance,
                            GError               **error)
{
  const PwXcspElement *constraints = pw_xcsp_instance_get_constraints (instance);
  const PwXcspElement *fixed, *cardinality, *values, *occurs;
  g_autoptr(GPtrArray) regulars = pw_xcsp_element_get_children (constraints, "regular");
  g_autoptr(GArray) kinds = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint8 *in_line = NULL;
  PwCombinationLevel *level;
  int colours[2][PW_COMBINATION_MAX_ENTRIES];
  gboolean attacks[2][PW_COMBINATION_MAX_ENTRIES];
  guint w, h, sizes[2], first_diagonal = 0;

  if (!pw_xcsp_instance_get_uint (instance, "width", 1, PW_COMBINATION_MAX_SIZE, &w, error) ||
      !pw_xcsp_instance_get_uint (instance, "height", 1, PW_COMBINATION_MAX_SIZE, &h, error))
    return NULL;
  sizes[0] = h;
  sizes[1] = w;

  /* the kinds of pieces and their counts */
  cardinality = pw_xcsp_element_get_child (constraints, "cardinality");
  values = cardinality != NULL ? pw_xcsp_element_get_child (cardinality, "values") : NULL;
  occurs = cardinality != NULL ? pw_xcsp_element_get_child (cardinality, "occurs") : NULL;
  if (values == NULL || occurs == NULL)
    {
      pw_xcsp_set_error (error, instance, cardinality != NULL ? cardinality : constraints,
                         PW_XCSP_ERROR_UNSUPPORTED,
                         _("a combination puzzle has a <cardinality> with the <values> 1 to E "
                           "and how many pieces of each <occurs>"));
      return NULL;
    }
  if (!pw_xcsp_read_integers (instance, values, 1, PW_COMBINATION_MAX_ENTRIES, kinds, error) ||
      !pw_xcsp_read_integers (instance, occurs, 1, w * h, counts, error))
    return NULL;
  for (guint e = 0; e < kinds->len; e++)
    if (g_array_index (kinds, gint64, e) != e + 1)
      {
        pw_xcsp_set_error (error, instance, values, PW_XCSP_ERROR_UNSUPPORTED,
                           _("the kinds of pieces are the values 1 to E in order"));
        return NULL;
      }
  if (counts->len != kinds->len || kinds->len == 0)
    {
      pw_xcsp_set_error (error, instance, occurs, PW_XCSP_ERROR_INVALID,
                         _("one count for each of the %u kinds of pieces"), kinds->len);
      return NULL;
    }

  level = _pw_combination_level_new (w, h, kinds->len);
  memset (level->cells, '.', w * h);

  /* walls: the cells of no line */
  in_line = g_new0 (guint8, w * h);
  for (guint i = 0; i < regulars->len; i++)
    {
      const PwXcspElement *list = pw_xcsp_element_get_child (g_ptr_array_index (regulars, i),
                                                             "list");
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));

      if (list == NULL)
        {
          pw_xcsp_set_error (error, instance, g_ptr_array_index (regulars, i),
                             PW_XCSP_ERROR_UNSUPPORTED, _("a line’s automaton has a <list>"));
          goto fail;
        }
      if (!pw_xcsp_read_variables (instance, list, "x", 2, sizes, cells, error))
        goto fail;
      for (guint j = 0; j < cells->len; j++)
        in_line[g_array_index (cells, guint, j)] = 1;
    }
  for (guint c = 0; c < w * h; c++)
    if (!in_line[c])
      level->cells[c] = '#';

  /* holes: the other cells that hold no piece */
  fixed = pw_xcsp_element_get_child (constraints, "instantiation");
  if (fixed != NULL)
    {
      g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr(GArray) zeros = g_array_new (FALSE, FALSE, sizeof (gint64));

      if (!pw_xcsp_read_instantiation (instance, fixed, "x", 2, sizes, 0, 0, cells, zeros, error))
        goto fail;
      for (guint i = 0; i < cells->len; i++)
        {
          guint c = g_array_index (cells, guint, i);

          if (level->cells[c] == '.')
            level->cells[c] = 'o';
        }
    }

  /* colours and attacks: rows say the orthogonal attack, the first
   * diagonal the diagonal one */
  for (int d = 0; d < 2; d++)
    for_each_run (level, d, count_run, &first_diagonal);
  if (first_diagonal >= regulars->len)
    {
      pw_xcsp_set_error (error, instance, constraints, PW_XCSP_ERROR_UNSUPPORTED,
                         _("a combination puzzle has a <regular> for every run of cells between "
                           "walls: rows, columns, then diagonals"));
      goto fail;
    }
  if (!read_kinds (instance, g_ptr_array_index (regulars, 0), kinds->len, colours[0],
                   attacks[0], error) ||
      !read_kinds (instance, g_ptr_array_index (regulars, first_diagonal), kinds->len,
                   colours[1], attacks[1], error))
    goto fail;
  for (guint e = 0; e < kinds->len; e++)
    {
      PwCombinationEntry *entry = &level->entries[e];

      if (colours[0][e] != colours[1][e] || (!attacks[0][e] && !attacks[1][e]))
        {
          pw_xcsp_set_error (error, instance, g_ptr_array_index (regulars, first_diagonal),
                             PW_XCSP_ERROR_INVALID,
                             _("the pieces %u are not of one colour with an attack"), e + 1);
          goto fail;
        }
      entry->count = g_array_index (counts, gint64, e);
      entry->colour = colours[0][e];
      entry->attack = (attacks[0][e] ? PW_ATTACK_ORTHOGONAL : 0) |
                      (attacks[1][e] ? PW_ATTACK_DIAGONAL : 0);
    }
  return level;

fail:
  pw_combination_kind.free (level);
  return NULL;
}
