/* latin-text.c — the text forms of the number-placement kinds: 81-character
 * sudoku lines, Simon Tatham's Solo and Unequal game IDs, plain grids
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/file-format.md describes the forms for users. The game IDs follow
 * Solo and Unequal as Debian's sgt-puzzles 20230122 reads and writes them
 * (tests/data/latin/ holds its output and says how it was made):
 *
 * Solo: "PARAMS:GRID[,REGIONS]". PARAMS is C, or CxR, then any of j
 * (jigsaw: the size becomes C·R with R = 1), x (both diagonals), k (killer,
 * refused here), a symmetry (r2, r4, m2, m4, md2, md4, m8, a) and a
 * difficulty (dt, db, di, da, de, du). The grid is C·R square; a box is C
 * rows by R columns ("2x3" has boxes 2 high and 3 wide); R = 1 means
 * jigsaw. GRID runs through the cells in reading order: a–z are 1–26
 * blank cells, a decimal number (never starting with 0) is a given, "_"
 * only separates two numbers. A jigsaw's REGIONS lists the n(n−1) lines
 * between horizontally adjacent cells in reading order, then the n(n−1)
 * between vertically adjacent cells column by column, then one dummy line:
 * "_" is a line that divides regions; a–y are 1–25 lines that do not,
 * followed by one that does; z is 26 that do not, with nothing after.
 * Solo itself writes z for 25; its reader, which decides, counts 26, and
 * so does this one (no real puzzle has such a run).
 *
 * Unequal: "N[a][dX]:" then the n² cells in reading order, each its value
 * (0 blank) and any of U R D L (this cell is greater than its neighbour
 * up, right, down, left), separated by commas; sgt writes a comma after
 * the last cell too. Unequal also lets letters a–z stand for that many
 * blank cells before a cell; so does this reader.
 */

#define G_LOG_DOMAIN "pw-latin"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "latin-private.h"

/* Numbers in the text are read up to this; anything larger is only ever
 * "larger than n". */
#define NUMBER_CAP 100000

/* ------------------------------------------------------------------ */
/* Reporting                                                            */

typedef struct
{
  PwLatinVariant variant;
  const char    *display_name;  /* NULL: messages start with the line */
  GError       **error;
} Reader;

typedef struct
{
  const char *text;    /* the line, without its end of line and trailing space */
  guint       number;  /* 1-based */
} Line;

/* Sets the error: "NAME: line L, cell rRcC, character K: what". @row and
 * @col are 1-based (0: no cell); @at points into the line (NULL: no
 * character). Always FALSE. */
static gboolean refuse (const Reader *rd,
                        const Line   *line,
                        guint         row,
                        guint         col,
                        const char   *at,
                        const char   *format,
                        ...) G_GNUC_PRINTF (6, 7);

static gboolean
refuse (const Reader *rd,
        const Line   *line,
        guint         row,
        guint         col,
        const char   *at,
        const char   *format,
        ...)
{
  g_autoptr(GString) message = g_string_new (NULL);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  if (rd->display_name != NULL)
    g_string_append_printf (message, "%s: ", rd->display_name);
  g_string_append_printf (message, _("line %u"), line->number);
  if (row > 0)
    {
      g_string_append (message, ", ");
      g_string_append_printf (message, _("cell r%uc%u"), row, col);
    }
  if (at != NULL)
    {
      g_string_append (message, ", ");
      g_string_append_printf (message, _("character %ld"),
                              g_utf8_pointer_to_offset (line->text, at) + 1);
    }
  g_string_append (message, ": ");
  g_string_append (message, what);
  g_set_error_literal (rd->error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID, message->str);
  return FALSE;
}

/* The character at @p, quoted, or its code point when it does not print. */
static char *
describe_char (const char *p)
{
  gunichar ch = g_utf8_get_char (p);

  if (!g_unichar_isprint (ch))
    return g_strdup_printf ("U+%04X", ch);
  return g_strdup_printf ("“%.*s”", (int) (g_utf8_next_char (p) - p), p);
}

/* The decimal number at *p (at least one digit there), moving *p past it;
 * values past NUMBER_CAP read as NUMBER_CAP. */
static guint
read_number (const char **p)
{
  guint value = 0;

  g_assert (g_ascii_isdigit (**p));
  for (; g_ascii_isdigit (**p); (*p)++)
    value = MIN (value * 10 + (guint) (**p - '0'), NUMBER_CAP);
  return value;
}

static guint
max_size (PwLatinVariant variant)
{
  switch (variant)
    {
    case PW_LATIN_SUDOKU:
      return PW_SUDOKU_MAX_N;
    case PW_LATIN_LATIN:
      return PW_LATIN_MAX_N;
    case PW_LATIN_FUTOSHIKI:
      return PW_FUTOSHIKI_MAX_N;
    default:
      g_assert_not_reached ();
    }
}

/* Refuses sizes outside the variant's range. */
static gboolean
check_size (const Reader *rd,
            const Line   *line,
            const char   *at,
            guint         n)
{
  guint max = max_size (rd->variant);

  if (n >= PW_LATIN_MIN_N && n <= max)
    return TRUE;
  switch (rd->variant)
    {
    case PW_LATIN_SUDOKU:
      return refuse (rd, line, 0, 0, at,
                     _("%u×%u is outside the sizes a sudoku can have, %u×%u to %u×%u"), n, n,
                     PW_LATIN_MIN_N, PW_LATIN_MIN_N, max, max);
    case PW_LATIN_LATIN:
      return refuse (rd, line, 0, 0, at,
                     _("%u×%u is outside the sizes a Latin square can have, %u×%u to %u×%u"), n,
                     n, PW_LATIN_MIN_N, PW_LATIN_MIN_N, max, max);
    case PW_LATIN_FUTOSHIKI:
      return refuse (rd, line, 0, 0, at,
                     _("%u×%u is outside the sizes a futoshiki can have, %u×%u to %u×%u"), n, n,
                     PW_LATIN_MIN_N, PW_LATIN_MIN_N, max, max);
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------ */
/* Regions                                                              */

gboolean
_pw_latin_squarest_boxes (guint  n,
                          guint *box_rows,
                          guint *box_cols)
{
  guint r = 1;

  g_return_val_if_fail (n >= 1, FALSE);

  for (guint d = 1; d * d <= n; d++)
    if (n % d == 0)
      r = d;
  *box_rows = r;
  *box_cols = n / r;
  return r >= 2;
}

void
_pw_latin_level_number_regions (PwLatinLevel *level)
{
  guint cells = level->n * level->n;
  guint8 number[256];
  guint next = 0;

  g_return_if_fail (level->regions != NULL);

  memset (number, 0xff, sizeof number);
  for (guint c = 0; c < cells; c++)
    {
      if (number[level->regions[c]] == 0xff)
        number[level->regions[c]] = (guint8) next++;
      level->regions[c] = number[level->regions[c]];
    }
}

static guint
find_root (guint *parent,
           guint  c)
{
  while (parent[c] != c)
    {
      parent[c] = parent[parent[c]];
      c = parent[c];
    }
  return c;
}

/* The two cells on each side of line @pos of Solo's region description:
 * first the lines between horizontal neighbours in reading order, then
 * those between vertical neighbours column by column. */
static void
solo_line_cells (guint  n,
                 guint  pos,
                 guint *a,
                 guint *b)
{
  if (pos < n * (n - 1))
    {
      guint y = pos / (n - 1), x = pos % (n - 1);

      *a = y * n + x;
      *b = *a + 1;
    }
  else
    {
      guint x = pos / (n - 1) - n, y = pos % (n - 1);

      *a = y * n + x;
      *b = *a + n;
    }
}

/* TRUE when the regions are n regions of n cells, each in one piece. */
static gboolean
regions_writable (const PwLatinLevel *level)
{
  guint n = level->n, cells = n * n;
  g_autofree guint *parent = g_new (guint, cells);
  g_autofree guint *size = g_new0 (guint, cells);
  guint pieces = 0;

  for (guint c = 0; c < cells; c++)
    {
      if (level->regions[c] >= n)
        return FALSE;
      parent[c] = c;
    }
  for (guint c = 0; c < cells; c++)
    {
      guint x = c % n;

      if (x + 1 < n && level->regions[c] == level->regions[c + 1])
        parent[find_root (parent, c)] = find_root (parent, c + 1);
      if (c + n < cells && level->regions[c] == level->regions[c + n])
        parent[find_root (parent, c)] = find_root (parent, c + n);
    }
  for (guint c = 0; c < cells; c++)
    if (size[find_root (parent, c)]++ == 0)
      pieces++;
  if (pieces != n)
    return FALSE;
  for (guint c = 0; c < cells; c++)
    if (parent[c] == c && size[c] != n)
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* 81 characters                                                        */

static PwLatinLevel *
read_81 (const Reader *rd,
         const Line   *line,
         const char   *s)
{
  g_autoptr(PwLatinLevel) level = NULL;
  glong length = g_utf8_strlen (s, -1);
  const char *p = s;

  if (length != 81)
    {
      refuse (rd, line, 0, 0, NULL,
              _("wrong length: a sudoku line has 81 characters, this one %ld"), length);
      return NULL;
    }
  level = _pw_latin_level_new (PW_LATIN_SUDOKU, 9, 3, 3);
  for (guint i = 0; i < 81; i++, p = g_utf8_next_char (p))
    {
      if (*p >= '1' && *p <= '9')
        level->givens[i] = (guint8) (*p - '0');
      else if (*p != '.' && *p != '0')
        {
          g_autofree char *what = describe_char (p);

          refuse (rd, line, i / 9 + 1, i % 9 + 1, p,
                  _("unknown character %s (write 1 to 9, and “.” or 0 for a blank)"), what);
          return NULL;
        }
    }
  return g_steal_pointer (&level);
}

static char *
write_81 (const PwLatinLevel *level)
{
  char *text = g_new (char, 82);

  for (guint i = 0; i < 81; i++)
    text[i] = level->givens[i] != 0 ? (char) ('0' + level->givens[i]) : '.';
  text[81] = '\0';
  return text;
}

/* ------------------------------------------------------------------ */
/* Solo game IDs                                                        */

static PwLatinLevel *
read_solo_regions (const Reader  *rd,
                   const Line    *line,
                   const char   **pp,
                   PwLatinLevel  *level)
{
  guint n = level->n, cells = n * n, lines = 2 * n * (n - 1);
  g_autofree guint *parent = g_new (guint, cells);
  g_autofree guint *size = g_new0 (guint, cells);
  g_autofree guint *number = g_new (guint, cells);
  guint pos = 0, regions = 0;
  const char *p = *pp;

  for (guint c = 0; c < cells; c++)
    parent[c] = c;
  for (; *p != '\0' && *p != ','; p++)
    {
      gboolean past = FALSE;
      guint run;

      if (*p == '_')
        run = 0;
      else if (*p >= 'a' && *p <= 'z')
        run = (guint) (*p - 'a' + 1);
      else
        {
          g_autofree char *what = describe_char (p);

          refuse (rd, line, 0, 0, p,
                  _("unknown character %s in the jigsaw regions (Solo writes them with a–z "
                    "and “_”)"),
                  what);
          return NULL;
        }
      /* run lines inside regions, then one dividing them; z: 26 inside
       * and no dividing line */
      for (guint k = 0; k < run; k++, pos++)
        {
          guint a, b;

          if (pos >= lines)
            {
              past = TRUE;
              break;
            }
          solo_line_cells (n, pos, &a, &b);
          parent[find_root (parent, a)] = find_root (parent, b);
        }
      if (run != 26)
        pos++;
      if (past || pos > lines + 1)
        {
          refuse (rd, line, 0, 0, p, _("the jigsaw regions go past the end of the grid"));
          return NULL;
        }
    }
  if (pos != lines + 1)
    {
      refuse (rd, line, 0, 0, p, _("the jigsaw regions stop before the end of the grid"));
      return NULL;
    }
  *pp = p;

  /* regions numbered in reading order of their first cell */
  for (guint c = 0; c < cells; c++)
    {
      guint root = find_root (parent, c);

      if (size[root]++ == 0)
        number[root] = regions++;
    }
  for (guint c = 0; c < cells; c++)
    {
      guint root = find_root (parent, c);

      if (size[root] != n)
        {
          refuse (rd, line, c / n + 1, c % n + 1, NULL,
                  _("the jigsaw region starting here has %u cells; each needs %u"), size[root],
                  n);
          return NULL;
        }
      level->regions[c] = (guint8) number[root];
    }
  g_assert (regions == n);
  level->jigsaw = TRUE;
  return level;
}

static PwLatinLevel *
read_solo_id (const Reader *rd,
              const Line   *line,
              const char   *s,
              const char   *colon)
{
  g_autoptr(PwLatinLevel) level = NULL;
  const char *p = s;
  guint64 c, r, n;
  gboolean seen_r = FALSE, diagonals = FALSE;
  guint box_rows, box_cols, cells, i;

  if (!g_ascii_isdigit (*p))
    {
      refuse (rd, line, 0, 0, p,
              _("malformed Solo game ID: expected the size before the colon, as in “3x3:”"));
      return NULL;
    }
  c = r = read_number (&p);
  if (*p == 'x' && g_ascii_isdigit (p[1]))
    {
      p++;
      r = read_number (&p);
      seen_r = TRUE;
    }
  while (p < colon)
    {
      const char *at = p;

      switch (*p++)
        {
        case 'j':
          if (seen_r)
            c *= r;
          r = 1;
          break;
        case 'x':
          diagonals = TRUE;
          break;
        case 'k':
          refuse (rd, line, 0, 0, at,
                  _("killer sudoku (“k” in the Solo game ID) is not supported"));
          return NULL;
        case 'm':
          if (*p == 'd')
            p++;
          G_GNUC_FALLTHROUGH;
        case 'r':
          while (g_ascii_isdigit (*p))
            p++;
          break;
        case 'a':
          break;
        case 'd':
          if (*p != '\0' && strchr ("tbiaeu", *p) != NULL)
            {
              p++;
              break;
            }
          G_GNUC_FALLTHROUGH;
        default:
          {
            g_autofree char *what = describe_char (at);

            refuse (rd, line, 0, 0, at,
                    _("malformed Solo game ID: unknown parameter %s before the colon"), what);
            return NULL;
          }
        }
    }

  /* Solo's r = 1 is a jigsaw; its boxes would be whole rows */
  if (c < 2 || r == 0)
    {
      refuse (rd, line, 0, 0, s,
              _("malformed Solo game ID: boxes need at least 2 rows and 2 columns"));
      return NULL;
    }
  n = c * r;
  if (n > PW_SUDOKU_MAX_N)
    {
      refuse (rd, line, 0, 0, s, _("%u×%u is larger than the largest sudoku, %u×%u"),
              (guint) MIN (n, 99999), (guint) MIN (n, 99999), PW_SUDOKU_MAX_N, PW_SUDOKU_MAX_N);
      return NULL;
    }
  if (r == 1)
    _pw_latin_squarest_boxes ((guint) n, &box_rows, &box_cols);
  else
    {
      box_rows = (guint) c;
      box_cols = (guint) r;
    }
  level = _pw_latin_level_new (PW_LATIN_SUDOKU, (guint) n, box_rows, box_cols);
  level->diagonals = diagonals;

  cells = (guint) (n * n);
  i = 0;
  for (p = colon + 1; *p != '\0' && *p != ',';)
    {
      const char *at = p;

      if (*p >= 'a' && *p <= 'z')
        {
          i += (guint) (*p++ - 'a' + 1);
          if (i > cells)
            {
              refuse (rd, line, 0, 0, at, _("the grid goes past its %u cells"), cells);
              return NULL;
            }
        }
      else if (*p == '_')
        p++;
      else if (*p >= '1' && *p <= '9')
        {
          guint value = read_number (&p);

          if (i == cells)
            {
              refuse (rd, line, 0, 0, at, _("the grid goes past its %u cells"), cells);
              return NULL;
            }
          if (value > n)
            {
              refuse (rd, line, i / n + 1, i % n + 1, at, _("%.*s is larger than %u"),
                      (int) (p - at), at, (guint) n);
              return NULL;
            }
          level->givens[i++] = (guint8) value;
        }
      else
        {
          g_autofree char *what = describe_char (at);

          refuse (rd, line, 0, 0, at,
                  _("unknown character %s in the grid (Solo writes a–z for blank cells, numbers "
                    "from 1, and “_” between two numbers)"),
                  what);
          return NULL;
        }
    }
  if (i < cells)
    {
      refuse (rd, line, 0, 0, p,
              _("wrong number of cells: the grid has %u of its %u cells"), i, cells);
      return NULL;
    }
  if (r == 1)
    {
      if (*p != ',')
        {
          refuse (rd, line, 0, 0, NULL,
                  _("malformed Solo game ID: a jigsaw needs “,” and its regions after the grid"));
          return NULL;
        }
      p++;
      if (read_solo_regions (rd, line, &p, level) == NULL)
        return NULL;
    }
  if (*p != '\0')
    {
      refuse (rd, line, 0, 0, p,
              r == 1 ? _("malformed Solo game ID: unexpected text after the jigsaw regions")
                     : _("malformed Solo game ID: unexpected text after the grid"));
      return NULL;
    }
  return g_steal_pointer (&level);
}

static void
append_solo_grid (GString            *text,
                  const PwLatinLevel *level)
{
  guint cells = level->n * level->n, run = 0;

  for (guint i = 0; i <= cells; i++)
    {
      guint value = i < cells ? level->givens[i] : 0;

      if (i < cells && value == 0)
        {
          run++;
          continue;
        }
      for (; run > 26; run -= 26)
        g_string_append_c (text, 'z');
      if (run > 0)
        g_string_append_c (text, (char) ('a' + run - 1));
      else if (value > 0 && i > 0)
        g_string_append_c (text, '_');
      if (value > 0)
        g_string_append_printf (text, "%u", value);
      run = 0;
    }
}

static void
append_solo_regions (GString            *text,
                     const PwLatinLevel *level)
{
  guint n = level->n, lines = 2 * n * (n - 1), run = 0;

  for (guint pos = 0; pos <= lines; pos++)
    {
      guint a, b;

      if (pos < lines)
        {
          solo_line_cells (n, pos, &a, &b);
          if (level->regions[a] == level->regions[b])
            {
              run++;
              continue;
            }
        }
      for (; run >= 26; run -= 26)
        g_string_append_c (text, 'z');
      g_string_append_c (text, run > 0 ? (char) ('a' + run - 1) : '_');
      run = 0;
    }
}

static char *
write_solo_id (const PwLatinLevel *level)
{
  GString *text;

  if (level->jigsaw ? !regions_writable (level)
                    /* Solo reads Rx1 as a jigsaw and refuses 1xC */
                    : level->box_rows < 2 || level->box_cols < 2)
    return NULL;

  text = g_string_new (NULL);
  if (level->jigsaw)
    g_string_append_printf (text, "%uj", level->n);
  else
    g_string_append_printf (text, "%ux%u", level->box_rows, level->box_cols);
  if (level->diagonals)
    g_string_append_c (text, 'x');
  g_string_append_c (text, ':');
  append_solo_grid (text, level);
  if (level->jigsaw)
    {
      g_string_append_c (text, ',');
      append_solo_regions (text, level);
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* Unequal game IDs                                                     */

/* The side of a pair of cells each flag describes. */
typedef struct
{
  char  flag;
  char  opposite;
  int   dx, dy;
} Flag;

static const Flag flags[] = {
  { 'U', 'D', 0, -1 },
  { 'R', 'L', 1, 0 },
  { 'D', 'U', 0, 1 },
  { 'L', 'R', -1, 0 },
};

/* Cell (x, y) is greater than its neighbour in direction @f: the sign on
 * the pair's upper or left cell. */
static gboolean
apply_flag (const Reader *rd,
            const Line   *line,
            const char   *at,
            PwLatinLevel *level,
            guint         x,
            guint         y,
            const Flag   *f)
{
  guint n = level->n;
  int nx = (int) x + f->dx, ny = (int) y + f->dy;
  guint8 set, clash;
  guint owner;

  if (nx < 0 || ny < 0 || nx >= (int) n || ny >= (int) n)
    return refuse (rd, line, y + 1, x + 1, at,
                   _("“%c” points off the board (it says this cell is greater than the one "
                     "beyond the edge)"),
                   f->flag);
  owner = (guint) MIN (ny, (int) y) * n + (guint) MIN (nx, (int) x);
  if (f->dx != 0)
    {
      set = f->dx > 0 ? PW_SIGN_RIGHT_GREATER : PW_SIGN_RIGHT_LESS;
      clash = f->dx > 0 ? PW_SIGN_RIGHT_LESS : PW_SIGN_RIGHT_GREATER;
    }
  else
    {
      set = f->dy > 0 ? PW_SIGN_DOWN_GREATER : PW_SIGN_DOWN_LESS;
      clash = f->dy > 0 ? PW_SIGN_DOWN_LESS : PW_SIGN_DOWN_GREATER;
    }
  if (level->signs[owner] & clash)
    return refuse (rd, line, y + 1, x + 1, at,
                   _("“%c” contradicts “%c” on cell r%uc%u: the two cannot each be greater "
                     "than the other"),
                   f->flag, f->opposite, (guint) ny + 1, (guint) nx + 1);
  level->signs[owner] |= set;
  return TRUE;
}

static PwLatinLevel *
read_unequal_id (const Reader *rd,
                 const Line   *line,
                 const char   *s,
                 const char   *colon)
{
  g_autoptr(PwLatinLevel) level = NULL;
  const char *p = s;
  guint n, cells, i;

  if (!g_ascii_isdigit (*p))
    {
      refuse (rd, line, 0, 0, p,
              _("malformed game ID: expected the size before the colon, as in “5:”"));
      return NULL;
    }
  n = read_number (&p);
  while (p < colon)
    {
      if (*p == 'a')
        {
          refuse (rd, line, 0, 0, p,
                  _("Unequal's Adjacent puzzles (“a” before the colon) are not supported"));
          return NULL;
        }
      if (*p == 'd' && p[1] != '\0' && strchr ("tekxr", p[1]) != NULL)
        p += 2;
      else
        {
          g_autofree char *what = describe_char (p);

          refuse (rd, line, 0, 0, p, _("malformed game ID: unknown parameter %s before the colon"),
                  what);
          return NULL;
        }
    }
  if (!check_size (rd, line, s, n))
    return NULL;

  level = _pw_latin_level_new (rd->variant, n, 0, 0);
  cells = n * n;
  i = 0;
  p = colon + 1;
  while (*p != '\0')
    {
      const char *at = p;
      guint value;

      while (*p >= 'a' && *p <= 'z')
        i += (guint) (*p++ - 'a' + 1);
      if (i >= cells)
        {
          refuse (rd, line, 0, 0, at, _("wrong number of cells: more than %u"), cells);
          return NULL;
        }
      if (!g_ascii_isdigit (*p))
        {
          g_autofree char *what = *p != '\0' ? describe_char (p) : g_strdup (_("the end"));

          refuse (rd, line, i / n + 1, i % n + 1, p,
                  _("malformed game ID: expected a number (0 for a blank), found %s"), what);
          return NULL;
        }
      at = p;
      value = read_number (&p);
      if (value > n)
        {
          refuse (rd, line, i / n + 1, i % n + 1, at, _("%.*s is larger than %u"),
                  (int) (p - at), at, n);
          return NULL;
        }
      level->givens[i] = (guint8) value;
      for (; *p != '\0' && strchr ("URDL", *p) != NULL; p++)
        {
          const Flag *f = &flags[strchr ("URDL", *p) - "URDL"];

          if (rd->variant != PW_LATIN_FUTOSHIKI)
            {
              refuse (rd, line, i / n + 1, i % n + 1, p,
                      _("a Latin square has no inequality signs (found “%c”)"), *p);
              return NULL;
            }
          if (!apply_flag (rd, line, p, level, i % n, i / n, f))
            return NULL;
        }
      i++;
      if (*p == ',')
        p++;
      else if (*p != '\0')
        {
          g_autofree char *what = describe_char (p);

          refuse (rd, line, (i - 1) / n + 1, (i - 1) % n + 1, p,
                  rd->variant == PW_LATIN_FUTOSHIKI
                    ? _("unknown character %s (a cell is a number, then any of U R D L, then a "
                        "comma)")
                    : _("unknown character %s (a cell is a number, then a comma)"),
                  what);
          return NULL;
        }
      else if (i < cells)
        break;
    }
  if (i < cells)
    {
      refuse (rd, line, 0, 0, NULL, _("wrong number of cells: found %u of %u"), i, cells);
      return NULL;
    }
  return g_steal_pointer (&level);
}

static char *
write_unequal_id (const PwLatinLevel *level)
{
  guint n = level->n;
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%u:", n);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint c = y * n + x;

        g_string_append_printf (text, "%u", level->givens[c]);
        if (level->signs != NULL)
          {
            if (y > 0 && (level->signs[c - n] & PW_SIGN_DOWN_LESS))
              g_string_append_c (text, 'U');
            if (x + 1 < n && (level->signs[c] & PW_SIGN_RIGHT_GREATER))
              g_string_append_c (text, 'R');
            if (y + 1 < n && (level->signs[c] & PW_SIGN_DOWN_GREATER))
              g_string_append_c (text, 'D');
            if (x > 0 && (level->signs[c - 1] & PW_SIGN_RIGHT_LESS))
              g_string_append_c (text, 'L');
          }
        g_string_append_c (text, ',');
      }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* Plain grids                                                          */

typedef struct
{
  guint   n;           /* 0: no grid open */
  guint   rows;
  Line    first;       /* the grid's first line */
  guint8 *values;      /* n × n */
} Grid;

static gboolean
grid_open (const Reader *rd,
           Grid         *grid,
           const Line   *line,
           guint         n)
{
  guint r, c;

  if (!check_size (rd, line, NULL, n))
    return FALSE;
  if (rd->variant == PW_LATIN_SUDOKU && !_pw_latin_squarest_boxes (n, &r, &c))
    return refuse (rd, line, 0, 0, NULL,
                   _("a plain %u×%u grid has no box shape (%u is prime): write a jigsaw sudoku "
                     "as a Solo game ID such as “%uj:…”"),
                   n, n, n, n);
  grid->n = n;
  grid->rows = 0;
  grid->first = *line;
  grid->values = g_new0 (guint8, n * n);
  return TRUE;
}

static gboolean
grid_add_row (const Reader *rd,
              Grid         *grid,
              const Line   *line,
              const char   *s,
              guint         tokens)
{
  guint n = grid->n, col = 0;
  const char *p = s;

  if (grid->rows == n)
    return refuse (rd, line, 0, 0, NULL,
                   _("the %u×%u grid starting at line %u already has its %u rows (separate "
                     "puzzles with a blank line)"),
                   n, n, grid->first.number, n);
  if (tokens != n)
    return refuse (rd, line, 0, 0, NULL,
                   _("wrong number of cells: this row has %u numbers, the grid's first row %u"),
                   tokens, n);
  while (*p != '\0')
    {
      const char *token;
      guint value = 0;

      while (g_ascii_isspace (*p))
        p++;
      token = p;
      if (*p == '.' && (p[1] == '\0' || g_ascii_isspace (p[1])))
        p++;
      else
        {
          if (g_ascii_isdigit (*p))
            value = read_number (&p);
          if (p == token || (*p != '\0' && !g_ascii_isspace (*p)))
            {
              g_autofree char *what = describe_char (p);

              return refuse (rd, line, grid->rows + 1, col + 1, p,
                             _("unknown character %s (write numbers 1 to %u, and 0 or “.” for a "
                               "blank)"),
                             what, n);
            }
          if (value > n)
            return refuse (rd, line, grid->rows + 1, col + 1, token, _("%.*s is larger than %u"),
                           (int) (p - token), token, n);
        }
      grid->values[grid->rows * n + col++] = (guint8) value;
    }
  g_assert (col == n);
  grid->rows++;
  return TRUE;
}

/* Closes the open grid, if any, adding its level to @levels. */
static gboolean
grid_close (const Reader *rd,
            Grid         *grid,
            GPtrArray    *levels)
{
  g_autofree guint8 *values = g_steal_pointer (&grid->values);
  guint n = grid->n, r = 0, c = 0;
  PwLatinLevel *level;

  if (n == 0)
    return TRUE;
  grid->n = 0;
  if (grid->rows < n)
    return refuse (rd, &grid->first, 0, 0, NULL,
                   _("wrong number of cells: the grid starting here has %u rows of %u numbers; "
                     "it needs %u"),
                   grid->rows, n, n);
  if (rd->variant == PW_LATIN_SUDOKU)
    _pw_latin_squarest_boxes (n, &r, &c);
  level = _pw_latin_level_new (rd->variant, n, r, c);
  memcpy (level->givens, values, n * n);
  g_ptr_array_add (levels, level);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

static guint
count_tokens (const char *s)
{
  guint tokens = 0;

  while (*s != '\0')
    {
      while (g_ascii_isspace (*s))
        s++;
      if (*s == '\0')
        break;
      tokens++;
      while (*s != '\0' && !g_ascii_isspace (*s))
        s++;
    }
  return tokens;
}

static PwLatinLevel *
read_one_line (const Reader *rd,
               const Line   *line,
               const char   *s)
{
  const char *colon = strchr (s, ':');

  if (colon != NULL)
    return rd->variant == PW_LATIN_SUDOKU ? read_solo_id (rd, line, s, colon)
                                          : read_unequal_id (rd, line, s, colon);
  if (rd->variant == PW_LATIN_SUDOKU)
    return read_81 (rd, line, s);
  refuse (rd, line, 0, 0, NULL,
          rd->variant == PW_LATIN_FUTOSHIKI
            ? _("expected an Unequal game ID such as “4:0,0R,2,0,…” or a plain grid of numbers")
            : _("expected a game ID such as “4:1,0,0,2,…” or a plain grid of numbers"));
  return NULL;
}

/* Reads every puzzle of @text into @levels (PwLatinLevel *). */
static gboolean
read_text (const Reader *rd,
           const char   *text,
           GPtrArray    *levels)
{
  g_auto(GStrv) lines = NULL;
  const char *end;
  Grid grid = { 0 };
  gboolean ok = TRUE;

  if (!g_utf8_validate (text, -1, &end))
    {
      Line line = { "", 1 };

      for (const char *p = text; p < end; p++)
        line.number += *p == '\n';
      return refuse (rd, &line, 0, 0, NULL, _("the text is not valid UTF-8"));
    }
  /* editors on some systems start UTF-8 files with a byte-order mark */
  if (g_str_has_prefix (text, "\xef\xbb\xbf"))
    text += 3;

  lines = g_strsplit (text, "\n", -1);
  for (guint l = 0; ok && lines[l] != NULL; l++)
    {
      Line line = { g_strchomp (lines[l]), l + 1 };
      const char *s = line.text;
      guint tokens;

      while (g_ascii_isspace (*s))
        s++;
      if (*s == '\0')
        {
          ok = grid_close (rd, &grid, levels);
          continue;
        }
      if (*s == '#')
        continue;

      tokens = count_tokens (s);
      if (grid.n > 0)
        {
          if (strchr (s, ':') != NULL || (tokens == 1 && strlen (s) > 3))
            ok = refuse (rd, &line, 0, 0, NULL,
                         _("mixed forms: a one-line puzzle inside the plain grid starting at line "
                           "%u (end the grid with a blank line)"),
                         grid.first.number);
          else
            ok = grid_add_row (rd, &grid, &line, s, tokens);
        }
      else if (tokens >= 2 && strchr (s, ':') == NULL)
        ok = grid_open (rd, &grid, &line, tokens) &&
             grid_add_row (rd, &grid, &line, s, tokens);
      else
        {
          PwLatinLevel *level = read_one_line (rd, &line, s);

          if (level != NULL)
            g_ptr_array_add (levels, level);
          ok = level != NULL;
        }
    }
  if (ok)
    ok = grid_close (rd, &grid, levels);
  g_free (grid.values);
  return ok;
}

PwLatinLevel *
_pw_latin_from_text (PwLatinVariant   variant,
                     const char      *text,
                     GError         **error)
{
  g_autoptr(GPtrArray) levels = NULL;
  Reader rd = { variant, NULL, error };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  levels = g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_latin_level_free);
  if (!read_text (&rd, text, levels))
    return NULL;
  if (levels->len != 1)
    {
      if (levels->len == 0)
        g_set_error_literal (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                             _("there is no puzzle in the text"));
      else
        g_set_error (error, PW_KIND_ERROR, PW_KIND_ERROR_INVALID,
                     _("the text holds %u puzzles; expected one"), levels->len);
      return NULL;
    }
  return g_ptr_array_steal_index (levels, 0);
}

gboolean
_pw_latin_import_text (PwLatinVariant   variant,
                       const char      *text,
                       const char      *display_name,
                       GPtrArray       *levels,
                       GError         **error)
{
  g_autoptr(GPtrArray) read = NULL;
  Reader rd = { variant, display_name, error };

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (display_name != NULL, FALSE);
  g_return_val_if_fail (levels != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  read = g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_latin_level_free);
  if (!read_text (&rd, text, read))
    return FALSE;
  for (guint i = 0; i < read->len; i++)
    g_ptr_array_add (levels, read->pdata[i]);
  g_ptr_array_set_free_func (read, NULL);
  return TRUE;
}

char *
_pw_latin_to_text (const PwLatinLevel *level)
{
  g_return_val_if_fail (level != NULL, NULL);

  switch (level->variant)
    {
    case PW_LATIN_SUDOKU:
      if (!level->jigsaw && !level->diagonals && level->n == 9 && level->box_rows == 3 &&
          level->box_cols == 3)
        return write_81 (level);
      return write_solo_id (level);
    case PW_LATIN_LATIN:
    case PW_LATIN_FUTOSHIKI:
      if (level->diagonals || level->jigsaw || level->regions != NULL)
        return NULL;
      return write_unequal_id (level);
    default:
      g_return_val_if_reached (NULL);
    }
}
