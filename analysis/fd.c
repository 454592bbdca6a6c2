/* fd.c — a general finite-domain constraint engine with wide domains
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A domain is a bit set of W = ⌈n_values / 64⌉ words (at most 4). The
 * search keeps one copy of the domains and a trail: the first time a node
 * changes a variable, the variable's domain as it was is pushed on the
 * trail (stamped with the node, so at most once a node), and backing out
 * of the node pops the trail back to where the node began. A node costs
 * memory for the variables it changed only, never a copy of every domain:
 * a path through the tree holds at most one trail entry per value removed
 * along it.
 *
 * Each constraint has one propagator that runs to its own fixpoint, so
 * its own narrowings do not wake it again. A change to a domain wakes the
 * constraints on the variable that care about that kind of change (any
 * removal, a bound, the variable fixed), cheap ones (less, not-equal,
 * tables, sums) before all-different. The result of the propagation does
 * not depend on that order: tests/test-fd.c checks the GAC mode's
 * fixpoint against one computed from the definition.
 *
 * All-different comes in two strengths. By values: a fixed variable's
 * value leaves the others; when the scope's variables can take only as
 * many values together as there are variables (a permutation), a value
 * only one of them can take is given to it, and the constraint fails
 * when they can take fewer. By matching (Régin 1994): a maximum matching
 * of positions to values, kept from node to node and repaired; then a
 * value stays in a variable only when the edge is in the matching, on an
 * even alternating path from a free value, or on an alternating cycle
 * (both ends in one strongly connected component): exactly the values in
 * some maximum matching, which is generalised arc consistency. Fixed
 * positions are taken out first (their values leave the others), and the
 * matching is skipped when no Hall set can exist among the free positions
 * (no h of them with at most h values each), as in a big grid whose
 * free cells still have many values each.
 */

#define G_LOG_DOMAIN "pw-fd"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "fd.h"

/* all-different with offsets: values shifted by at most this spread */
#define MAX_SPREAD      (2 * PW_FD_MAX_VALUES)
#define MAX_SPAN_WORDS  ((PW_FD_MAX_VALUES + MAX_SPREAD + 63) / 64)
/* sums: bounds on the terms so that no partial sum overflows */
#define MAX_RHS         (G_GINT64_CONSTANT (1) << 60)
#define MAX_TERMS       (1u << 20)

#define CANCEL_CHECK_MASK 4095

typedef enum
{
  CONSTRAINT_ALL_DIFFERENT,
  CONSTRAINT_LESS,
  CONSTRAINT_NOT_EQUAL,
  CONSTRAINT_LINEAR,
  CONSTRAINT_TABLE,
} ConstraintType;

/* What happened to a domain; each watch wakes on some of these. */
enum
{
  EVENT_DOMAIN = 1 << 0,   /* any value removed */
  EVENT_BOUNDS = 1 << 1,   /* the smallest or the largest value removed */
  EVENT_FIXED  = 1 << 2,   /* one value left */
};

typedef struct
{
  ConstraintType type;
  guint          n;
  guint         *vars;
  /* all-different: offsets less the smallest (so ≥ 0); linear: coefficients (none 0) */
  int           *ints;
  /* all-different: n_values + the largest offset, the size of the shifted value space */
  guint          span;
  /* less: x + offset < y */
  int            offset;
  /* linear */
  PwFdRelation   relation;
  gint64         rhs;
  /* table: n_values rows of W words, the y allowed with x = a; n_values
   * rows, the x allowed with y = b; one row, the a with (a, a) allowed */
  guint64       *table;
  /* its propagator reaches its own fixpoint, so its narrowings need not
   * wake it: FALSE when a variable is twice in the scope */
  gboolean       idempotent;
} Constraint;

struct _PwFd
{
  guint    n_vars;
  guint    n_values;
  guint    words;
  guint64 *initial;        /* n_vars × words */
  GArray  *constraints;    /* Constraint */
};

/* ------------------------------------------------------------------ */
/* Bit sets                                                             */

static inline gboolean
bits_has (const guint64 *d,
          guint          v)
{
  return (d[v / 64] >> (v % 64)) & 1;
}

static inline guint
bits_count (const guint64 *d,
            guint          words)
{
  guint n = 0;

  for (guint i = 0; i < words; i++)
    n += __builtin_popcountll (d[i]);
  return n;
}

/* The smallest member, -1 when empty. */
static inline int
bits_min (const guint64 *d,
          guint          words)
{
  for (guint i = 0; i < words; i++)
    if (d[i] != 0)
      return (int) (i * 64 + __builtin_ctzll (d[i]));
  return -1;
}

static inline int
bits_max (const guint64 *d,
          guint          words)
{
  for (guint i = words; i-- > 0;)
    if (d[i] != 0)
      return (int) (i * 64 + 63 - __builtin_clzll (d[i]));
  return -1;
}

static inline gboolean
bits_intersect (const guint64 *a,
                const guint64 *b,
                guint          words)
{
  for (guint i = 0; i < words; i++)
    if (a[i] & b[i])
      return TRUE;
  return FALSE;
}

/* dst (dst_words) = src (src_words) shifted up by @by bits; what passes
 * the end of dst is dropped. */
static void
bits_shift_up (guint64       *dst,
               guint          dst_words,
               const guint64 *src,
               guint          src_words,
               guint          by)
{
  const guint q = by / 64, r = by % 64;

  if (by == 0)
    {
      for (guint i = 0; i < dst_words; i++)
        dst[i] = i < src_words ? src[i] : 0;
      return;
    }
  for (guint i = 0; i < dst_words; i++)
    {
      guint64 v = 0;

      if (i >= q)
        {
          guint j = i - q;

          if (j < src_words)
            v = src[j] << r;
          if (r != 0 && j >= 1 && j - 1 < src_words)
            v |= src[j - 1] >> (64 - r);
        }
      dst[i] = v;
    }
}

/* dst (dst_words) = src (src_words) shifted down by @by bits. */
static void
bits_shift_down (guint64       *dst,
                 guint          dst_words,
                 const guint64 *src,
                 guint          src_words,
                 guint          by)
{
  const guint q = by / 64, r = by % 64;

  if (by == 0)
    {
      for (guint i = 0; i < dst_words; i++)
        dst[i] = i < src_words ? src[i] : 0;
      return;
    }
  for (guint i = 0; i < dst_words; i++)
    {
      guint j = i + q;
      guint64 v = j < src_words ? src[j] >> r : 0;

      if (r != 0 && j + 1 < src_words)
        v |= src[j + 1] << (64 - r);
      dst[i] = v;
    }
}

/* Iterates over the members of a bit set of @words words: @v is each
 * member in turn (the set must not change meanwhile). */
#define FOR_EACH_BIT(d, words, v)                                         \
  for (guint _w = 0; _w < (words); _w++)                                  \
    for (guint64 _b = (d)[_w]; _b != 0; _b &= _b - 1)                     \
      for (guint v = _w * 64 + __builtin_ctzll (_b), _once = 1; _once; _once = 0)

/* ------------------------------------------------------------------ */
/* The problem                                                          */

PwFd *
pw_fd_new (guint n_vars,
           guint n_values)
{
  PwFd *fd;

  g_return_val_if_fail (n_values >= 1 && n_values <= PW_FD_MAX_VALUES, NULL);
  g_return_val_if_fail (n_vars < G_MAXUINT32 / 2, NULL);

  fd = g_new0 (PwFd, 1);
  fd->n_vars = n_vars;
  fd->n_values = n_values;
  fd->words = (n_values + 63) / 64;
  fd->initial = g_new0 (guint64, (gsize) MAX (n_vars, 1) * fd->words);
  for (guint i = 0; i < n_vars; i++)
    for (guint v = 0; v < n_values; v++)
      fd->initial[(gsize) i * fd->words + v / 64] |= G_GUINT64_CONSTANT (1) << (v % 64);
  fd->constraints = g_array_new (FALSE, TRUE, sizeof (Constraint));
  return fd;
}

void
pw_fd_free (PwFd *fd)
{
  if (fd == NULL)
    return;
  for (guint i = 0; i < fd->constraints->len; i++)
    {
      Constraint *c = &g_array_index (fd->constraints, Constraint, i);

      g_free (c->vars);
      g_free (c->ints);
      g_free (c->table);
    }
  g_array_unref (fd->constraints);
  g_free (fd->initial);
  g_free (fd);
}

guint
pw_fd_get_n_vars (const PwFd *fd)
{
  g_return_val_if_fail (fd != NULL, 0);
  return fd->n_vars;
}

guint
pw_fd_get_n_values (const PwFd *fd)
{
  g_return_val_if_fail (fd != NULL, 0);
  return fd->n_values;
}

static guint64 *
initial_of (PwFd  *fd,
            guint  var)
{
  return fd->initial + (gsize) var * fd->words;
}

void
pw_fd_assign (PwFd  *fd,
              guint  var,
              guint  value)
{
  guint64 *d;
  gboolean had;

  g_return_if_fail (fd != NULL);
  g_return_if_fail (var < fd->n_vars && value < fd->n_values);

  d = initial_of (fd, var);
  had = bits_has (d, value);
  memset (d, 0, sizeof (guint64) * fd->words);
  if (had)
    d[value / 64] = G_GUINT64_CONSTANT (1) << (value % 64);
}

void
pw_fd_restrict_range (PwFd  *fd,
                      guint  var,
                      guint  min,
                      guint  max)
{
  guint64 *d;

  g_return_if_fail (fd != NULL);
  g_return_if_fail (var < fd->n_vars);

  d = initial_of (fd, var);
  for (guint v = 0; v < fd->n_values; v++)
    if (v < min || v > max)
      d[v / 64] &= ~(G_GUINT64_CONSTANT (1) << (v % 64));
}

void
pw_fd_remove_value (PwFd  *fd,
                    guint  var,
                    guint  value)
{
  g_return_if_fail (fd != NULL);
  g_return_if_fail (var < fd->n_vars && value < fd->n_values);

  initial_of (fd, var)[value / 64] &= ~(G_GUINT64_CONSTANT (1) << (value % 64));
}

static gboolean
vars_valid (const PwFd  *fd,
            const guint *vars,
            guint        n)
{
  for (guint i = 0; i < n; i++)
    if (vars[i] >= fd->n_vars)
      return FALSE;
  return TRUE;
}

static Constraint *
add_constraint (PwFd           *fd,
                ConstraintType  type,
                const guint    *vars,
                guint           n)
{
  Constraint c = { .type = type, .n = n, .idempotent = TRUE };

  c.vars = g_new (guint, MAX (n, 1));
  if (n > 0)
    memcpy (c.vars, vars, sizeof (guint) * n);
  for (guint i = 0; i < n && c.idempotent; i++)
    for (guint j = 0; j < i; j++)
      if (vars[i] == vars[j])
        c.idempotent = FALSE;
  g_array_append_val (fd->constraints, c);
  return &g_array_index (fd->constraints, Constraint, fd->constraints->len - 1);
}

void
pw_fd_add_all_different_offset (PwFd        *fd,
                                const guint *vars,
                                const int   *offsets,
                                guint        n_vars)
{
  Constraint *c;
  gint64 lo = 0, hi = 0;

  g_return_if_fail (fd != NULL);
  g_return_if_fail (n_vars == 0 || vars != NULL);
  g_return_if_fail (vars_valid (fd, vars, n_vars));

  for (guint i = 0; i < n_vars && offsets != NULL; i++)
    {
      lo = i == 0 ? offsets[i] : MIN (lo, offsets[i]);
      hi = i == 0 ? offsets[i] : MAX (hi, offsets[i]);
    }
  g_return_if_fail (hi - lo <= MAX_SPREAD);

  c = add_constraint (fd, CONSTRAINT_ALL_DIFFERENT, vars, n_vars);
  c->ints = g_new0 (int, MAX (n_vars, 1));
  for (guint i = 0; i < n_vars && offsets != NULL; i++)
    c->ints[i] = (int) (offsets[i] - lo);
  c->span = fd->n_values + (guint) (hi - lo);
}

void
pw_fd_add_all_different (PwFd        *fd,
                         const guint *vars,
                         guint        n_vars)
{
  pw_fd_add_all_different_offset (fd, vars, NULL, n_vars);
}

void
pw_fd_add_less (PwFd  *fd,
                guint  x,
                guint  y,
                int    offset)
{
  const guint vars[2] = { x, y };

  g_return_if_fail (fd != NULL);
  g_return_if_fail (x < fd->n_vars && y < fd->n_vars);

  add_constraint (fd, CONSTRAINT_LESS, vars, 2)->offset = offset;
}

void
pw_fd_add_not_equal (PwFd  *fd,
                     guint  x,
                     guint  y)
{
  const guint vars[2] = { x, y };

  g_return_if_fail (fd != NULL);
  g_return_if_fail (x < fd->n_vars && y < fd->n_vars);

  add_constraint (fd, CONSTRAINT_NOT_EQUAL, vars, 2);
}

void
pw_fd_add_linear (PwFd          *fd,
                  const guint   *vars,
                  const int     *coeffs,
                  guint          n_vars,
                  PwFdRelation   relation,
                  gint64         rhs)
{
  Constraint *c;
  guint n = 0;

  g_return_if_fail (fd != NULL);
  g_return_if_fail (n_vars == 0 || (vars != NULL && coeffs != NULL));
  g_return_if_fail (vars_valid (fd, vars, n_vars));
  g_return_if_fail (relation == PW_FD_EQ || relation == PW_FD_LE);
  g_return_if_fail (n_vars < MAX_TERMS && rhs > -MAX_RHS && rhs < MAX_RHS);

  /* terms with a coefficient of 0 add nothing */
  c = add_constraint (fd, CONSTRAINT_LINEAR, vars, n_vars);
  c->ints = g_new (int, MAX (n_vars, 1));
  for (guint i = 0; i < n_vars; i++)
    if (coeffs[i] != 0)
      {
        c->vars[n] = vars[i];
        c->ints[n] = coeffs[i];
        n++;
      }
  c->n = n;
  c->relation = relation;
  c->rhs = rhs;
}

void
pw_fd_add_table (PwFd           *fd,
                 guint           x,
                 guint           y,
                 const gboolean *allowed)
{
  const guint vars[2] = { x, y };
  const guint nv = fd->n_values, w = fd->words;
  Constraint *c;

  g_return_if_fail (fd != NULL && allowed != NULL);
  g_return_if_fail (x < fd->n_vars && y < fd->n_vars);

  c = add_constraint (fd, CONSTRAINT_TABLE, vars, 2);
  c->table = g_new0 (guint64, (gsize) (2 * nv + 1) * w);
  for (guint a = 0; a < nv; a++)
    for (guint b = 0; b < nv; b++)
      if (allowed[a * nv + b])
        {
          c->table[(gsize) a * w + b / 64] |= G_GUINT64_CONSTANT (1) << (b % 64);
          c->table[(gsize) (nv + b) * w + a / 64] |= G_GUINT64_CONSTANT (1) << (a % 64);
          if (a == b)
            c->table[(gsize) 2 * nv * w + a / 64] |= G_GUINT64_CONSTANT (1) << (a % 64);
        }
}

gboolean
pw_fd_check (const PwFd    *fd,
             const guint16 *values)
{
  g_return_val_if_fail (fd != NULL, FALSE);
  g_return_val_if_fail (fd->n_vars == 0 || values != NULL, FALSE);

  for (guint i = 0; i < fd->n_vars; i++)
    if (values[i] >= fd->n_values || !bits_has (fd->initial + (gsize) i * fd->words, values[i]))
      return FALSE;

  for (guint k = 0; k < fd->constraints->len; k++)
    {
      const Constraint *c = &g_array_index (fd->constraints, Constraint, k);

      switch (c->type)
        {
        case CONSTRAINT_ALL_DIFFERENT:
          {
            guint64 seen[MAX_SPAN_WORDS] = { 0 };

            for (guint i = 0; i < c->n; i++)
              {
                guint v = values[c->vars[i]] + (guint) c->ints[i];

                if (bits_has (seen, v))
                  return FALSE;
                seen[v / 64] |= G_GUINT64_CONSTANT (1) << (v % 64);
              }
          }
          break;
        case CONSTRAINT_LESS:
          if (!((gint64) values[c->vars[0]] + c->offset < (gint64) values[c->vars[1]]))
            return FALSE;
          break;
        case CONSTRAINT_NOT_EQUAL:
          if (values[c->vars[0]] == values[c->vars[1]])
            return FALSE;
          break;
        case CONSTRAINT_LINEAR:
          {
            gint64 sum = 0;

            for (guint i = 0; i < c->n; i++)
              sum += (gint64) c->ints[i] * values[c->vars[i]];
            if (sum > c->rhs || (c->relation == PW_FD_EQ && sum != c->rhs))
              return FALSE;
          }
          break;
        case CONSTRAINT_TABLE:
          if (!bits_has (c->table + (gsize) values[c->vars[0]] * fd->words, values[c->vars[1]]))
            return FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Search state                                                         */

typedef struct
{
  guint  c;
  guint8 events;
} Watch;

/* A choice point: the variable, the values still to try, where the trail
 * stood when it began, and (static order) where the next choice starts. */
typedef struct
{
  guint   var;
  guint   from;
  gsize   mark;
  guint64 left[PW_FD_WORDS];
} Frame;

typedef struct
{
  const PwFd       *fd;
  const PwFdSearch *search;
  PwFdResult       *result;
  guint             words;
  guint             n_constraints;

  guint64          *dom;          /* n_vars × words */
  guint            *size;         /* values in each domain */

  /* trail: entries of (var | size << 32, words of the old domain) */
  guint64          *trail;
  gsize             trail_len;
  gsize             trail_cap;
  guint64          *stamp;        /* per variable: the node that last saved it */
  guint64           node_id;

  guint            *watch_start;  /* n_vars + 1 */
  Watch            *watches;

  /* two queues: cheap propagators first, then all-different */
  guint            *queue[2];
  guint             head[2];
  guint             len[2];
  guint8           *queued;
  guint             current;      /* the constraint propagating, G_MAXUINT: none */
  gboolean          current_idempotent;

  /* GAC all-different: the matching of each (positions → shifted value,
   * shifted values → positions), kept from node to node */
  guint            *match_at;     /* per constraint: where its matching starts */
  int              *match;

  /* scratch of the propagators */
  guint64          *bits;         /* 8 sets of MAX_SPAN_WORDS */
  guint64          *shifted;      /* GAC: each free position's shifted domain (MAX_SPAN_WORDS) */
  guint            *free_at;      /* GAC: the free positions */
  guint            *mark;         /* per shifted value: augmenting-path visits */
  guint             mark_stamp;
  guint            *adj_start;    /* per shifted value + 1 */
  guint            *adj;          /* positions, by value */
  guint8           *reached;      /* per shifted value */
  guint            *list;         /* BFS queue / Tarjan stacks */
  int              *tarjan;       /* index, low, component, edge position: 4 per node */
  guint8           *on_stack;
  gint64           *terms;        /* sums: 2 per term */

  guint64           rng;
  guint16          *values;
  Frame            *frames;
  gboolean          stop;
  gboolean          cancelled;
} Search;

#define DOM(s, var) ((s)->dom + (gsize) (var) * (s)->words)

static guint64
rng_next (Search *s)
{
  /* splitmix64 */
  guint64 z = (s->rng += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static guint
rng_below (Search *s,
           guint   n)
{
  return (guint) (rng_next (s) % n);
}

static void
enqueue (Search *s,
         guint   c)
{
  const Constraint *con = &g_array_index (s->fd->constraints, Constraint, c);
  const guint q = con->type == CONSTRAINT_ALL_DIFFERENT ? 1 : 0;

  s->queue[q][(s->head[q] + s->len[q]) % s->n_constraints] = c;
  s->len[q]++;
  s->queued[c] = 1;
}

static void
clear_queue (Search *s)
{
  for (guint q = 0; q < 2; q++)
    {
      while (s->len[q] > 0)
        {
          s->queued[s->queue[q][s->head[q]]] = 0;
          s->head[q] = (s->head[q] + 1) % s->n_constraints;
          s->len[q]--;
        }
    }
}

/* The domain of @var is about to change: save it once per node. */
static inline void
save (Search *s,
      guint   var)
{
  const guint w = s->words;

  if (s->stamp[var] == s->node_id)
    return;
  s->stamp[var] = s->node_id;
  if (s->trail_len + 1 + w > s->trail_cap)
    {
      s->trail_cap = MAX (s->trail_cap * 2, 1024);
      s->trail = g_renew (guint64, s->trail, s->trail_cap);
    }
  s->trail[s->trail_len] = var | ((guint64) s->size[var] << 32);
  memcpy (s->trail + s->trail_len + 1, DOM (s, var), sizeof (guint64) * w);
  s->trail_len += 1 + w;
}

static void
undo (Search *s,
      gsize   mark)
{
  const guint w = s->words;

  while (s->trail_len > mark)
    {
      guint var;

      s->trail_len -= 1 + w;
      var = (guint) (s->trail[s->trail_len] & G_MAXUINT32);
      s->size[var] = (guint) (s->trail[s->trail_len] >> 32);
      memcpy (DOM (s, var), s->trail + s->trail_len + 1, sizeof (guint64) * w);
    }
}

/* The domain of @var has changed (it was saved): count it, and wake the
 * constraints that care. FALSE when it is empty. */
static gboolean
settle (Search *s,
        guint   var,
        int     old_min,
        int     old_max)
{
  const guint64 *d = DOM (s, var);
  guint size = bits_count (d, s->words);
  guint events = EVENT_DOMAIN;

  s->size[var] = size;
  if (size == 0)
    return FALSE;
  if (size == 1)
    events |= EVENT_FIXED | EVENT_BOUNDS;
  else if (bits_min (d, s->words) != old_min || bits_max (d, s->words) != old_max)
    events |= EVENT_BOUNDS;

  for (guint k = s->watch_start[var]; k < s->watch_start[var + 1]; k++)
    {
      const Watch *watch = &s->watches[k];

      if ((watch->events & events) != 0 && !s->queued[watch->c] &&
          (watch->c != s->current || !s->current_idempotent))
        enqueue (s, watch->c);
    }
  return TRUE;
}

/* Keeps in @var's domain the values of @mask. FALSE when it empties. */
static gboolean
narrow (Search        *s,
        guint          var,
        const guint64 *mask)
{
  guint64 *d = DOM (s, var);
  gboolean same = TRUE;
  int old_min, old_max;

  for (guint i = 0; i < s->words; i++)
    same &= (d[i] & ~mask[i]) == 0;
  if (same)
    return TRUE;
  old_min = bits_min (d, s->words);
  old_max = bits_max (d, s->words);
  save (s, var);
  for (guint i = 0; i < s->words; i++)
    d[i] &= mask[i];
  return settle (s, var, old_min, old_max);
}

static gboolean
remove_value (Search *s,
              guint   var,
              guint   value)
{
  guint64 *d = DOM (s, var);
  int old_min, old_max;

  if (!bits_has (d, value))
    return TRUE;
  old_min = bits_min (d, s->words);
  old_max = bits_max (d, s->words);
  save (s, var);
  d[value / 64] &= ~(G_GUINT64_CONSTANT (1) << (value % 64));
  return settle (s, var, old_min, old_max);
}

static gboolean
assign (Search *s,
        guint   var,
        guint   value)
{
  guint64 mask[PW_FD_WORDS] = { 0 };

  mask[value / 64] = G_GUINT64_CONSTANT (1) << (value % 64);
  return narrow (s, var, mask);
}

/* Keeps the values in [lo, hi]. */
static gboolean
keep_range (Search *s,
            guint   var,
            gint64  lo,
            gint64  hi)
{
  const guint64 *d = DOM (s, var);
  guint64 mask[PW_FD_WORDS];

  if (lo <= bits_min (d, s->words) && hi >= bits_max (d, s->words))
    return TRUE;
  lo = MAX (lo, 0);
  hi = MIN (hi, (gint64) s->fd->n_values - 1);
  for (guint i = 0; i < s->words; i++)
    {
      gint64 first = MAX (lo - (gint64) i * 64, 0), last = MIN (hi - (gint64) i * 64, 63);

      if (first > last)
        mask[i] = 0;
      else
        mask[i] = (G_MAXUINT64 >> (63 - (last - first))) << first;
    }
  return narrow (s, var, mask);
}

/* ------------------------------------------------------------------ */
/* Propagators                                                          */

static gboolean
propagate_less (Search           *s,
                const Constraint *c)
{
  const guint x = c->vars[0], y = c->vars[1];

  if (x == y)
    return c->offset < 0;
  /* x + offset < y: x ≤ max y − offset − 1, y ≥ min x + offset + 1 (these
   * bounds are also arc consistency) */
  if (!keep_range (s, x, G_MININT64, (gint64) bits_max (DOM (s, y), s->words) - c->offset - 1))
    return FALSE;
  return keep_range (s, y, (gint64) bits_min (DOM (s, x), s->words) + c->offset + 1, G_MAXINT64);
}

static gboolean
propagate_not_equal (Search           *s,
                     const Constraint *c)
{
  const guint x = c->vars[0], y = c->vars[1];

  if (x == y)
    return FALSE;
  if (s->size[x] == 1 && !remove_value (s, y, bits_min (DOM (s, x), s->words)))
    return FALSE;
  if (s->size[y] == 1 && !remove_value (s, x, bits_min (DOM (s, y), s->words)))
    return FALSE;
  return TRUE;
}

/* Arc consistency: each value keeps a partner in the other domain. One
 * pass each way is a fixpoint (a value of y losing its last partner in x
 * had none to lose). */
static gboolean
propagate_table (Search           *s,
                 const Constraint *c)
{
  const guint w = s->words, nv = s->fd->n_values;
  const guint x = c->vars[0], y = c->vars[1];
  guint64 keep[PW_FD_WORDS];

  if (x == y)
    return narrow (s, x, c->table + (gsize) 2 * nv * w);

  memset (keep, 0, sizeof keep);
  FOR_EACH_BIT (DOM (s, x), w, a)
    if (bits_intersect (c->table + (gsize) a * w, DOM (s, y), w))
      keep[a / 64] |= G_GUINT64_CONSTANT (1) << (a % 64);
  if (!narrow (s, x, keep))
    return FALSE;

  memset (keep, 0, sizeof keep);
  FOR_EACH_BIT (DOM (s, y), w, b)
    if (bits_intersect (c->table + (gsize) (nv + b) * w, DOM (s, x), w))
      keep[b / 64] |= G_GUINT64_CONSTANT (1) << (b % 64);
  return narrow (s, y, keep);
}

static gint64
floor_div (gint64 a,
           gint64 b)
{
  gint64 q = a / b;

  if (a % b != 0 && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static gint64
ceil_div (gint64 a,
          gint64 b)
{
  return -floor_div (-a, b);
}

/* Bounds consistency of Σ c·x (= or ≤) rhs: each term is bounded by the
 * right-hand side less the other terms' least (and, for =, greatest)
 * values; repeated until the bounds stop moving. */
static gboolean
propagate_linear (Search           *s,
                  const Constraint *c)
{
  const guint w = s->words;
  gint64 *lo = s->terms, *hi = s->terms + c->n;

  for (;;)
    {
      gint64 sum_lo = 0, sum_hi = 0;
      gboolean moved = FALSE;

      for (guint i = 0; i < c->n; i++)
        {
          const guint64 *d = DOM (s, c->vars[i]);
          gint64 k = c->ints[i], a = k * bits_min (d, w), b = k * bits_max (d, w);

          lo[i] = MIN (a, b);
          hi[i] = MAX (a, b);
          sum_lo += lo[i];
          sum_hi += hi[i];
        }
      if (sum_lo > c->rhs || (c->relation == PW_FD_EQ && sum_hi < c->rhs))
        return FALSE;
      if (sum_hi <= c->rhs && (c->relation == PW_FD_LE || sum_lo >= c->rhs))
        return TRUE;

      for (guint i = 0; i < c->n; i++)
        {
          const guint var = c->vars[i];
          const gint64 k = c->ints[i];
          /* k·x ≤ upper, and for =, k·x ≥ lower */
          const gint64 upper = c->rhs - (sum_lo - lo[i]);
          const gint64 lower = c->relation == PW_FD_EQ ? c->rhs - (sum_hi - hi[i]) : G_MININT64;
          gint64 min, max;
          guint before = s->size[var];

          if (k > 0)
            {
              max = floor_div (upper, k);
              min = lower == G_MININT64 ? G_MININT64 : ceil_div (lower, k);
            }
          else
            {
              min = ceil_div (upper, k);
              max = lower == G_MININT64 ? G_MAXINT64 : floor_div (lower, k);
            }
          if (!keep_range (s, var, min, max))
            return FALSE;
          moved |= s->size[var] != before;
        }
      if (!moved)
        return TRUE;
    }
}

/* Naked singles: the values (shifted) of the fixed positions leave the
 * others. *fixed_more tells whether that fixed another. */
static gboolean
remove_fixed (Search           *s,
              const Constraint *c,
              gboolean         *fixed_more)
{
  const guint w = s->words, sw = (c->span + 63) / 64;
  guint64 *fixed = s->bits;
  const int *o = c->ints;
  gboolean any = FALSE;

  memset (fixed, 0, sizeof (guint64) * sw);
  for (guint i = 0; i < c->n; i++)
    if (s->size[c->vars[i]] == 1)
      {
        guint v = bits_min (DOM (s, c->vars[i]), w) + o[i];

        if (bits_has (fixed, v))
          return FALSE;
        fixed[v / 64] |= G_GUINT64_CONSTANT (1) << (v % 64);
        any = TRUE;
      }
  if (!any)
    return TRUE;
  for (guint i = 0; i < c->n; i++)
    if (s->size[c->vars[i]] > 1)
      {
        guint64 keep[PW_FD_WORDS];

        bits_shift_down (keep, w, fixed, sw, o[i]);
        for (guint j = 0; j < w; j++)
          keep[j] = ~keep[j];
        if (!narrow (s, c->vars[i], keep))
          return FALSE;
        *fixed_more |= s->size[c->vars[i]] == 1;
      }
  return TRUE;
}

/* All-different by values, with offsets: naked singles, then hidden
 * singles when the scope is a permutation of the values it can take. */
static gboolean
propagate_values (Search           *s,
                  const Constraint *c)
{
  const guint w = s->words, sw = (c->span + 63) / 64;
  guint64 *once = s->bits + MAX_SPAN_WORDS, *twice = once + MAX_SPAN_WORDS;
  guint64 *shifted = twice + MAX_SPAN_WORDS, *single = shifted + MAX_SPAN_WORDS;
  const int *o = c->ints;

  for (;;)
    {
      gboolean again = FALSE;
      guint count = 0;

      if (!remove_fixed (s, c, &again))
        return FALSE;
      if (again)
        continue;

      /* hidden singles: the values the scope can take, and those only one
       * position can */
      memset (once, 0, sizeof (guint64) * sw);
      memset (twice, 0, sizeof (guint64) * sw);
      for (guint i = 0; i < c->n; i++)
        {
          bits_shift_up (shifted, sw, DOM (s, c->vars[i]), w, o[i]);
          for (guint j = 0; j < sw; j++)
            {
              twice[j] |= once[j] & shifted[j];
              once[j] |= shifted[j];
            }
        }
      count = bits_count (once, sw);
      if (count < c->n)
        return FALSE;
      if (count > c->n)
        return TRUE;
      /* (less those of fixed positions, left in s->bits by remove_fixed) */
      {
        gboolean any = FALSE;

        for (guint j = 0; j < sw; j++)
          {
            single[j] = once[j] & ~twice[j] & ~s->bits[j];
            any |= single[j] != 0;
          }
        if (!any)
          return TRUE;
      }
      /* each free position with such a value takes it (two: it fails) */
      for (guint i = 0; i < c->n; i++)
        {
          const guint var = c->vars[i];
          gboolean any = FALSE;

          if (s->size[var] == 1)
            continue;
          bits_shift_up (shifted, sw, DOM (s, var), w, o[i]);
          for (guint j = 0; j < sw; j++)
            {
              shifted[j] &= single[j];
              any |= shifted[j] != 0;
            }
          if (!any)
            continue;
          if (bits_count (shifted, sw) > 1 || !assign (s, var, bits_min (shifted, sw) - o[i]))
            return FALSE;
          again = TRUE;
        }
      if (!again)
        return TRUE;
    }
}

/* An augmenting path from position @i (Kuhn): a free value of its
 * domain, or one whose position can move to another. */
static gboolean
augment (Search           *s,
         const Constraint *c,
         int              *to_value,
         int              *to_position,
         guint             i)
{
  const guint64 *d = DOM (s, c->vars[i]);
  const guint o = c->ints[i];

  FOR_EACH_BIT (d, s->words, v)
    if (to_position[v + o] < 0)
      {
        to_value[i] = v + o;
        to_position[v + o] = i;
        return TRUE;
      }
  FOR_EACH_BIT (d, s->words, v)
    {
      const guint sv = v + o;

      if (s->mark[sv] == s->mark_stamp)
        continue;
      s->mark[sv] = s->mark_stamp;
      if (augment (s, c, to_value, to_position, to_position[sv]))
        {
          to_value[i] = sv;
          to_position[sv] = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Strongly connected components of the residual graph (positions 0..n−1,
 * shifted values n..n+span−1; a position points to its matched value, a
 * value to the positions that can take it unmatched), iterative Tarjan:
 * comp[node] for every node reached from a position. */
static void
components (Search           *s,
            const Constraint *c,
            const int        *to_value)
{
  const guint n = c->n, nodes = n + c->span;
  int *index = s->tarjan, *low = index + nodes, *comp = low + nodes, *edge = comp + nodes;
  guint *stack = s->list, *calls = s->list + nodes;
  guint n_stack = 0, n_calls = 0;
  int counter = 0, n_comp = 0;

  for (guint u = 0; u < nodes; u++)
    {
      index[u] = -1;
      comp[u] = -1;
      s->on_stack[u] = 0;
    }
  for (guint root = 0; root < n; root++)
    {
      if (index[root] >= 0 || s->size[c->vars[root]] == 1)
        continue;
      index[root] = low[root] = counter++;
      edge[root] = 0;
      stack[n_stack++] = root;
      s->on_stack[root] = 1;
      calls[n_calls++] = root;
      while (n_calls > 0)
        {
          const guint u = calls[n_calls - 1];
          guint next = G_MAXUINT;

          if (u < n)
            {
              if (edge[u] == 0)
                next = n + (guint) to_value[u];
            }
          else
            {
              const guint sv = u - n;

              if (s->adj_start[sv] + (guint) edge[u] < s->adj_start[sv + 1])
                next = s->adj[s->adj_start[sv] + edge[u]];
            }

          if (next != G_MAXUINT)
            {
              edge[u]++;
              if (index[next] < 0)
                {
                  index[next] = low[next] = counter++;
                  edge[next] = 0;
                  stack[n_stack++] = next;
                  s->on_stack[next] = 1;
                  calls[n_calls++] = next;
                }
              else if (s->on_stack[next])
                low[u] = MIN (low[u], index[next]);
              continue;
            }

          n_calls--;
          if (n_calls > 0)
            {
              const guint parent = calls[n_calls - 1];

              low[parent] = MIN (low[parent], low[u]);
            }
          if (low[u] == index[u])
            {
              guint v;

              do
                {
                  v = stack[--n_stack];
                  s->on_stack[v] = 0;
                  comp[v] = n_comp;
                }
              while (v != u);
              n_comp++;
            }
        }
    }
}

#define QUICK_PASSES 8

/* Whether, the matching complete, the residual graph has nothing to
 * prune, told from bit sets without building it (most calls in a big
 * grid): every matched value of a free position is reached from a free
 * value, or those that are not form one strongly connected component
 * that no edge enters from the reached ones. Values stand for the
 * positions matched to them (a value's successors are the values matched
 * to the positions that can take it). The reaches stop after a few
 * passes, which keeps the answer sound: a reach from the free values
 * stopped short leaves "the rest" larger, and if that is still one
 * component with no edge into it from the reached values, either all of
 * it is reached after all or none of it; a reach within the rest stopped
 * short answers FALSE, and the full filtering decides. */
static gboolean
gac_nothing_to_prune (Search           *s,
                      const Constraint *c,
                      const int        *to_value,
                      const int        *to_position,
                      guint             n_free,
                      const guint64    *all)
{
  const guint sw = (c->span + 63) / 64;
  guint64 *matched = s->bits + 5 * MAX_SPAN_WORDS, *reach = matched + MAX_SPAN_WORDS;
  guint64 *rest = reach + MAX_SPAN_WORDS;
  gboolean grew = TRUE, same = TRUE;
  guint passes, first = 0;

  memset (matched, 0, sizeof (guint64) * sw);
  for (guint f = 0; f < n_free; f++)
    {
      const guint sv = to_value[s->free_at[f]];

      matched[sv / 64] |= G_GUINT64_CONSTANT (1) << (sv % 64);
    }

  /* reached from the free values */
  for (guint j = 0; j < sw; j++)
    reach[j] = all[j] & ~matched[j];
  for (passes = 0; grew && passes < QUICK_PASSES; passes++)
    {
      grew = FALSE;
      for (guint f = 0; f < n_free; f++)
        {
          const guint sv = to_value[s->free_at[f]];

          if (!bits_has (reach, sv) && bits_intersect (s->shifted + (gsize) s->free_at[f] * MAX_SPAN_WORDS,
                                                       reach, sw))
            {
              reach[sv / 64] |= G_GUINT64_CONSTANT (1) << (sv % 64);
              grew = TRUE;
            }
        }
    }
  for (guint j = 0; j < sw; j++)
    {
      rest[j] = matched[j] & ~reach[j];
      same &= rest[j] == 0;
    }
  if (same)
    return TRUE;

  /* no edge from a reached value's position into the rest */
  for (guint f = 0; f < n_free; f++)
    if (bits_has (reach, to_value[s->free_at[f]]) &&
        bits_intersect (s->shifted + (gsize) s->free_at[f] * MAX_SPAN_WORDS, rest, sw))
      return FALSE;

  /* the rest one component: all of it reached from its first value, and
   * reaching it (backwards: a value's predecessors are its position's
   * other values) */
  {
    guint64 *forward = s->bits, *backward = s->bits + 2 * MAX_SPAN_WORDS;
    guint64 *todo = s->bits + 4 * MAX_SPAN_WORDS;

    first = bits_min (rest, sw);
    memset (forward, 0, sizeof (guint64) * sw);
    forward[first / 64] |= G_GUINT64_CONSTANT (1) << (first % 64);
    grew = TRUE;
    for (passes = 0; grew && passes < QUICK_PASSES; passes++)
      {
        grew = FALSE;
        for (guint f = 0; f < n_free; f++)
          {
            const guint sv = to_value[s->free_at[f]];

            if (bits_has (rest, sv) && !bits_has (forward, sv) &&
                bits_intersect (s->shifted + (gsize) s->free_at[f] * MAX_SPAN_WORDS, forward, sw))
              {
                forward[sv / 64] |= G_GUINT64_CONSTANT (1) << (sv % 64);
                grew = TRUE;
              }
          }
      }
    for (guint j = 0; j < sw; j++)
      if (forward[j] != rest[j])
        return FALSE;

    memset (backward, 0, sizeof (guint64) * sw);
    memset (todo, 0, sizeof (guint64) * sw);
    backward[first / 64] |= G_GUINT64_CONSTANT (1) << (first % 64);
    todo[first / 64] |= G_GUINT64_CONSTANT (1) << (first % 64);
    for (int b = first; b >= 0; b = bits_min (todo, sw))
      {
        const guint64 *before = s->shifted + (gsize) to_position[b] * MAX_SPAN_WORDS;

        todo[b / 64] &= ~(G_GUINT64_CONSTANT (1) << (b % 64));
        for (guint j = 0; j < sw; j++)
          {
            guint64 add = before[j] & rest[j] & ~backward[j];

            backward[j] |= add;
            todo[j] |= add;
          }
      }
    for (guint j = 0; j < sw; j++)
      if (backward[j] != rest[j])
        return FALSE;
  }
  return TRUE;
}

/* All-different, generalised arc consistency (Régin). */
static gboolean
propagate_gac (Search           *s,
               const Constraint *c,
               guint             k)
{
  const guint n = c->n, w = s->words, span = c->span, sw = (span + 63) / 64;
  int *to_value = s->match + s->match_at[k], *to_position = to_value + n;
  const int *comp = s->tarjan + 2 * (n + span);
  guint64 *once = s->bits + MAX_SPAN_WORDS;   /* the values the free positions can take */
  guint *by_size = s->list, n_free = 0, n_list = 0;
  gboolean fixed_more = TRUE, hall = FALSE;

  if (n > span)
    return FALSE;

  /* the fixed positions first: their values leave the others, and they
   * stay out of the graph below (a fixed position's only edge is the
   * matched one, into it none: it is on no alternating cycle or path) */
  while (fixed_more)
    {
      fixed_more = FALSE;
      if (!remove_fixed (s, c, &fixed_more))
        return FALSE;
    }

  /* Without the fixed positions' values, a value leaves a position only
   * for a Hall set of other positions: h of them that can take only h
   * values between them, so each at most h; and the constraint fails only
   * for h positions that can take fewer, which are all the free ones or
   * contain h − 1 with at most h − 1 values (fixed ones were seen above).
   * When no h below the number of free positions has h positions of at
   * most h values, and all of them can take enough values together,
   * there is nothing to do. */
  memset (by_size, 0, sizeof (guint) * (n + 1));
  memset (once, 0, sizeof (guint64) * sw);
  for (guint i = 0; i < n; i++)
    {
      const guint size = s->size[c->vars[i]];

      if (size > 1)
        {
          guint64 *shifted = s->shifted + (gsize) i * MAX_SPAN_WORDS;

          s->free_at[n_free++] = i;
          by_size[MIN (size, n)]++;
          bits_shift_up (shifted, sw, DOM (s, c->vars[i]), w, c->ints[i]);
          for (guint j = 0; j < sw; j++)
            once[j] |= shifted[j];
        }
    }
  if (bits_count (once, sw) < n_free)
    return FALSE;
  for (guint h = 2, at_most = by_size[2]; h < n_free && !hall; h++)
    {
      if (h > 2)
        at_most += by_size[h];
      hall = at_most >= h;
    }
  if (!hall)
    return TRUE;

  /* the matching: keep the pairs still possible, complete it */
  for (guint i = 0; i < n; i++)
    {
      int sv = to_value[i];

      if (sv >= 0 && !(sv >= c->ints[i] && bits_has (DOM (s, c->vars[i]), sv - c->ints[i])))
        {
          to_position[sv] = -1;
          to_value[i] = -1;
        }
    }
  for (guint i = 0; i < n; i++)
    if (to_value[i] < 0)
      {
        s->mark_stamp++;
        if (s->mark_stamp == 0)
          {
            memset (s->mark, 0, sizeof (guint) * span);
            s->mark_stamp = 1;
          }
        if (!augment (s, c, to_value, to_position, i))
          return FALSE;
      }
  if (gac_nothing_to_prune (s, c, to_value, to_position, n_free, once))
    return TRUE;

  /* the unmatched edges, by value */
  memset (s->adj_start, 0, sizeof (guint) * (span + 1));
  for (guint i = 0; i < n; i++)
    if (s->size[c->vars[i]] > 1)
      FOR_EACH_BIT (DOM (s, c->vars[i]), w, v)
        if ((int) (v + c->ints[i]) != to_value[i])
          s->adj_start[v + c->ints[i] + 1]++;
  for (guint sv = 0; sv < span; sv++)
    s->adj_start[sv + 1] += s->adj_start[sv];
  for (guint i = 0; i < n; i++)
    if (s->size[c->vars[i]] > 1)
      FOR_EACH_BIT (DOM (s, c->vars[i]), w, v)
      {
        guint sv = v + c->ints[i];

        if ((int) sv != to_value[i])
          s->adj[s->adj_start[sv]++] = i;
      }
  for (guint sv = span; sv > 0; sv--)
    s->adj_start[sv] = s->adj_start[sv - 1];
  s->adj_start[0] = 0;

  /* the values on an even alternating path from a free value */
  for (guint sv = 0; sv < span; sv++)
    {
      s->reached[sv] = to_position[sv] < 0 && s->adj_start[sv + 1] > s->adj_start[sv];
      if (s->reached[sv])
        s->list[n_list++] = sv;
    }
  for (guint q = 0; q < n_list; q++)
    {
      const guint sv = s->list[q];

      for (guint e = s->adj_start[sv]; e < s->adj_start[sv + 1]; e++)
        {
          const guint t = (guint) to_value[s->adj[e]];

          if (!s->reached[t])
            {
              s->reached[t] = 1;
              s->list[n_list++] = t;
            }
        }
    }

  components (s, c, to_value);

  for (guint i = 0; i < n; i++)
    {
      guint64 keep[PW_FD_WORDS] = { 0 };

      if (s->size[c->vars[i]] == 1)
        continue;
      FOR_EACH_BIT (DOM (s, c->vars[i]), w, v)
        {
          const guint sv = v + c->ints[i];

          if ((int) sv == to_value[i] || s->reached[sv] || comp[i] == comp[n + sv])
            keep[v / 64] |= G_GUINT64_CONSTANT (1) << (v % 64);
        }
      if (!narrow (s, c->vars[i], keep))
        return FALSE;
    }
  return TRUE;
}

static gboolean
propagate_one (Search *s,
               guint   k)
{
  const Constraint *c = &g_array_index (s->fd->constraints, Constraint, k);

  switch (c->type)
    {
    case CONSTRAINT_ALL_DIFFERENT:
      if (s->search->all_different == PW_FD_ALLDIFF_GAC)
        return propagate_gac (s, c, k);
      return propagate_values (s, c);
    case CONSTRAINT_LESS:
      return propagate_less (s, c);
    case CONSTRAINT_NOT_EQUAL:
      return propagate_not_equal (s, c);
    case CONSTRAINT_LINEAR:
      return propagate_linear (s, c);
    case CONSTRAINT_TABLE:
      return propagate_table (s, c);
    default:
      g_assert_not_reached ();
    }
}

static gboolean
fixpoint (Search *s)
{
  for (;;)
    {
      const guint q = s->len[0] > 0 ? 0 : 1;
      guint k;
      gboolean ok;

      if (s->len[q] == 0)
        return TRUE;
      k = s->queue[q][s->head[q]];
      s->head[q] = (s->head[q] + 1) % s->n_constraints;
      s->len[q]--;
      s->queued[k] = 0;
      s->current = k;
      s->current_idempotent = g_array_index (s->fd->constraints, Constraint, k).idempotent;
      ok = propagate_one (s, k);
      s->current = G_MAXUINT;
      if (!ok)
        {
          clear_queue (s);
          return FALSE;
        }
    }
}

static guint8
watch_events (const Constraint *c)
{
  switch (c->type)
    {
    case CONSTRAINT_ALL_DIFFERENT:
    case CONSTRAINT_TABLE:
      return EVENT_DOMAIN;
    case CONSTRAINT_LESS:
    case CONSTRAINT_LINEAR:
      return EVENT_BOUNDS;
    case CONSTRAINT_NOT_EQUAL:
      return EVENT_FIXED;
    default:
      g_assert_not_reached ();
    }
}

static void
search_setup (Search           *s,
              const PwFd       *fd,
              const PwFdSearch *search,
              PwFdResult       *result)
{
  const guint n = fd->n_vars, w = fd->words;
  guint max_n = 1, max_span = 1, max_terms = 1;
  gsize total = 0, match_size = 0;
  guint *fill;

  memset (s, 0, sizeof *s);
  s->fd = fd;
  s->search = search;
  s->result = result;
  s->words = w;
  s->n_constraints = fd->constraints->len;
  s->current = G_MAXUINT;
  s->rng = search->seed;

  s->dom = g_memdup2 (fd->initial, sizeof (guint64) * w * MAX (n, 1));
  s->size = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    s->size[i] = bits_count (DOM (s, i), w);
  s->stamp = g_new0 (guint64, MAX (n, 1));
  s->node_id = 1;

  /* watches, by variable */
  s->watch_start = g_new0 (guint, n + 1);
  s->match_at = g_new0 (guint, MAX (s->n_constraints, 1));
  for (guint k = 0; k < s->n_constraints; k++)
    {
      const Constraint *c = &g_array_index (fd->constraints, Constraint, k);

      for (guint i = 0; i < c->n; i++)
        s->watch_start[c->vars[i] + 1]++;
      total += c->n;
      if (c->type == CONSTRAINT_ALL_DIFFERENT)
        {
          max_n = MAX (max_n, c->n);
          max_span = MAX (max_span, c->span);
          s->match_at[k] = match_size;
          match_size += c->n + c->span;
        }
      else if (c->type == CONSTRAINT_LINEAR)
        max_terms = MAX (max_terms, c->n);
    }
  for (guint i = 0; i < n; i++)
    s->watch_start[i + 1] += s->watch_start[i];
  s->watches = g_new (Watch, MAX (total, 1));
  fill = g_memdup2 (s->watch_start, sizeof (guint) * (n + 1));
  for (guint k = 0; k < s->n_constraints; k++)
    {
      const Constraint *c = &g_array_index (fd->constraints, Constraint, k);

      for (guint i = 0; i < c->n; i++)
        s->watches[fill[c->vars[i]]++] = (Watch) { k, watch_events (c) };
    }
  g_free (fill);

  s->queue[0] = g_new (guint, MAX (s->n_constraints, 1));
  s->queue[1] = g_new (guint, MAX (s->n_constraints, 1));
  s->queued = g_new0 (guint8, MAX (s->n_constraints, 1));

  s->match = g_new (int, MAX (match_size, 1));
  for (gsize i = 0; i < match_size; i++)
    s->match[i] = -1;
  s->bits = g_new0 (guint64, 8 * MAX_SPAN_WORDS);
  s->shifted = g_new (guint64, (gsize) max_n * MAX_SPAN_WORDS);
  s->free_at = g_new (guint, max_n);
  s->mark = g_new0 (guint, max_span);
  s->adj_start = g_new0 (guint, max_span + 1);
  s->adj = g_new (guint, (gsize) max_n * fd->n_values);
  s->reached = g_new0 (guint8, max_span);
  s->list = g_new (guint, 2 * (gsize) (max_n + max_span));
  s->tarjan = g_new (int, 4 * (gsize) (max_n + max_span));
  s->on_stack = g_new0 (guint8, max_n + max_span);
  s->terms = g_new (gint64, 2 * (gsize) max_terms);
  s->values = g_new0 (guint16, MAX (n, 1));
}

static void
search_clear (Search *s)
{
  g_free (s->dom);
  g_free (s->size);
  g_free (s->trail);
  g_free (s->stamp);
  g_free (s->watch_start);
  g_free (s->watches);
  g_free (s->queue[0]);
  g_free (s->queue[1]);
  g_free (s->queued);
  g_free (s->match_at);
  g_free (s->match);
  g_free (s->bits);
  g_free (s->shifted);
  g_free (s->free_at);
  g_free (s->mark);
  g_free (s->adj_start);
  g_free (s->adj);
  g_free (s->reached);
  g_free (s->list);
  g_free (s->tarjan);
  g_free (s->on_stack);
  g_free (s->terms);
  g_free (s->values);
  g_free (s->frames);
}

/* The root: every constraint propagated to the fixpoint. */
static gboolean
propagate_root (Search *s)
{
  for (guint i = 0; i < s->fd->n_vars; i++)
    if (s->size[i] == 0)
      return FALSE;
  for (guint k = 0; k < s->n_constraints; k++)
    enqueue (s, k);
  return fixpoint (s);
}

/* ------------------------------------------------------------------ */
/* Search                                                               */

/* The next variable to branch on, G_MAXUINT when all are fixed. In the
 * static order the variables before @from are fixed already; *next_from
 * is where the choice below this one starts. */
static guint
choose (Search *s,
        guint   from,
        guint  *next_from)
{
  const guint n = s->fd->n_vars;
  const gboolean random = s->search->random_order;
  guint best = G_MAXUINT, best_size = G_MAXUINT, ties = 0;

  if (s->search->order == PW_FD_ORDER_STATIC)
    {
      for (guint i = from; i < n; i++)
        if (s->size[i] > 1)
          {
            *next_from = i + 1;
            return i;
          }
      return G_MAXUINT;
    }

  *next_from = 0;
  for (guint i = 0; i < n; i++)
    {
      const guint size = s->size[i];

      if (size <= 1 || size > best_size)
        continue;
      if (size < best_size)
        {
          best = i;
          best_size = size;
          ties = 1;
          if (size == 2 && !random)
            break;
        }
      else if (random)
        {
          /* one of the ties, each as likely */
          ties++;
          if (rng_below (s, ties) == 0)
            best = i;
        }
    }
  return best;
}

/* Takes the next value to try out of @left (not empty). */
static guint
take_value (Search  *s,
            guint64 *left)
{
  const guint w = s->words;
  guint v;

  if (!s->search->random_order)
    v = bits_min (left, w);
  else
    {
      guint k = rng_below (s, bits_count (left, w)), j = 0;

      while (k >= (guint) __builtin_popcountll (left[j]))
        k -= __builtin_popcountll (left[j++]);
      {
        guint64 b = left[j];

        for (; k > 0; k--)
          b &= b - 1;
        v = j * 64 + __builtin_ctzll (b);
      }
    }
  left[v / 64] &= ~(G_GUINT64_CONSTANT (1) << (v % 64));
  return v;
}

static void
found (Search *s)
{
  const PwFdSearch *search = s->search;

  for (guint i = 0; i < s->fd->n_vars; i++)
    s->values[i] = (guint16) bits_min (DOM (s, i), s->words);
  g_assert (pw_fd_check (s->fd, s->values));
  s->result->solutions++;
  if (search->on_solution != NULL && !search->on_solution (s->values, search->on_solution_data))
    s->stop = TRUE;
  if (search->max_solutions > 0 && s->result->solutions >= search->max_solutions)
    s->stop = TRUE;
  if (g_cancellable_is_cancelled (search->cancellable))
    s->cancelled = s->stop = TRUE;
}

static void
dfs (Search *s)
{
  const PwFdSearch *search = s->search;
  const guint w = s->words;
  guint depth = 0, from = 0;
  guint var = choose (s, 0, &from);

  if (var == G_MAXUINT)
    {
      found (s);
      return;
    }
  s->frames = g_new (Frame, (gsize) s->fd->n_vars + 1);
  s->frames[0] = (Frame) { .var = var, .from = from, .mark = s->trail_len };
  memcpy (s->frames[0].left, DOM (s, var), sizeof (guint64) * w);
  depth = 1;

  while (depth > 0 && !s->stop)
    {
      Frame *f = &s->frames[depth - 1];
      guint value, next, next_from = 0;
      gboolean empty = TRUE;

      for (guint i = 0; i < w; i++)
        empty &= f->left[i] == 0;
      if (empty)
        {
          undo (s, f->mark);
          depth--;
          continue;
        }
      if (search->max_nodes > 0 && s->result->nodes >= search->max_nodes)
        {
          s->result->node_limit = TRUE;
          s->stop = TRUE;
          break;
        }
      s->result->nodes++;
      if ((s->result->nodes & CANCEL_CHECK_MASK) == 0 &&
          g_cancellable_is_cancelled (search->cancellable))
        {
          s->cancelled = s->stop = TRUE;
          break;
        }

      value = take_value (s, f->left);
      undo (s, f->mark);
      s->node_id++;
      if (!assign (s, f->var, value) || !fixpoint (s))
        continue;
      next = choose (s, f->from, &next_from);
      if (next == G_MAXUINT)
        {
          found (s);
          continue;
        }
      g_assert (depth <= s->fd->n_vars);
      s->frames[depth] = (Frame) { .var = next, .from = next_from, .mark = s->trail_len };
      memcpy (s->frames[depth].left, DOM (s, next), sizeof (guint64) * w);
      depth++;
    }
}

void
pw_fd_search_init (PwFdSearch *search)
{
  g_return_if_fail (search != NULL);

  memset (search, 0, sizeof *search);
  search->all_different = PW_FD_ALLDIFF_VALUES;
  search->order = PW_FD_ORDER_STATIC;
}

gboolean
pw_fd_propagate (const PwFd       *fd,
                 const PwFdSearch *search,
                 PwFdDomain       *domains)
{
  PwFdSearch defaults;
  PwFdResult result = { 0 };
  Search s;
  gboolean ok;

  g_return_val_if_fail (fd != NULL, FALSE);
  g_return_val_if_fail (fd->n_vars == 0 || domains != NULL, FALSE);

  if (search == NULL)
    {
      pw_fd_search_init (&defaults);
      search = &defaults;
    }
  search_setup (&s, fd, search, &result);
  ok = propagate_root (&s);
  for (guint i = 0; i < fd->n_vars; i++)
    {
      memset (&domains[i], 0, sizeof domains[i]);
      memcpy (domains[i].w, DOM (&s, i), sizeof (guint64) * s.words);
    }
  search_clear (&s);
  return ok;
}

gboolean
pw_fd_search (const PwFd        *fd,
              const PwFdSearch  *search,
              PwFdResult        *result,
              GError           **error)
{
  Search s;

  g_return_val_if_fail (fd != NULL && search != NULL && result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (result, 0, sizeof *result);
  if (g_cancellable_is_cancelled (search->cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }

  search_setup (&s, fd, search, result);
  if (propagate_root (&s))
    dfs (&s);
  result->exhausted = !s.stop;
  search_clear (&s);

  if (s.cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }
  return TRUE;
}
