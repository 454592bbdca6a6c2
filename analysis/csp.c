/* csp.c — a small finite-domain constraint engine
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Domains are bit masks; a node's domains are saved whole before each
 * branch (the problems here have at most a few hundred variables), so
 * backtracking is a copy. Each constraint has one propagator that makes
 * it generalised arc consistent (counts: cardinality reasoning, or a
 * check only); a queue runs them to a fixpoint. A change to a domain
 * wakes only the constraints it can concern (see Watch), and a constraint
 * found entailed sleeps until the search backs out of the node that found
 * it: neither changes the fixpoint, which tests/test-csp.c checks against
 * arc consistency computed from its definition at every node.
 */

#define G_LOG_DOMAIN "pw-csp"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "csp.h"

typedef enum
{
  CONSTRAINT_COUNT,
  CONSTRAINT_AUTOMATON,
  CONSTRAINT_BINARY,
  CONSTRAINT_PRECEDENCE,
  CONSTRAINT_CARDINALITY,
} ConstraintType;

/* A variable's place in a cardinality constraint: which one, how often. */
typedef struct
{
  guint card;
  guint times;
} CardUse;

typedef struct
{
  ConstraintType type;
  guint          index;
  guint         *vars;
  guint          n;
  /* one run of its propagator reaches its own fixpoint (its narrowings
   * need not queue it again) */
  gboolean       idempotent;
  /* count */
  guint          value;
  guint          min;
  guint          max;
  /* automaton */
  guint          n_states;
  guint          start;
  guint64        accepting;
  gint16        *next;
  /* n_states ≤ 64, tables shared by every constraint with the same
   * automaton (owned by the PwCsp): */
  const guint64     *to_mask;    /* [state][value]: the next state as a bit, 0 when none */
  const guint64     *by_domain;  /* [state][domain]: the next states under any value of a
                                  * domain (n_values ≤ DOMAIN_TABLE_VALUES), or NULL */
  const PwCspDomain *by_target;  /* [state][state]: the values leading from one to the other */
  const PwCspDomain *failing;    /* [state]: the values with no next state */
  /* when every value either leads to one state from wherever it may come
   * (a piece on a line) or keeps the state wherever it may come (an empty
   * cell): per value, that state or -1, and the states it may come from;
   * NULL otherwise */
  const gint8       *target;
  const guint64     *from_mask;
  PwCspDomain    identity;  /* values that leave every state as it is */
  guint64        universal; /* accepting states every value keeps (n_states ≤ 64) */
  /* cardinality: bounds per value, and which of the search's running
   * counts are its */
  guint          card_index;
  guint          card_min[PW_CSP_MAX_VALUES];
  guint          card_max[PW_CSP_MAX_VALUES];
  /* precedence: the values that must come first, and those after */
  PwCspDomain    first;
  PwCspDomain    second;
  /* binary: vars[0] = x, vars[1] = y */
  PwCspDomain    x_to_y[PW_CSP_MAX_VALUES];
  PwCspDomain    y_to_x[PW_CSP_MAX_VALUES];
} Constraint;

/* A constraint watching a variable, and which losses of the variable's
 * values wake it. The propagators of automata and precedences see a
 * domain only through classes of values they cannot tell apart (for an
 * automaton, values with the same next state from every state; for a
 * precedence, first, second and the rest): after such a propagator has
 * run, a domain losing values changes nothing for it unless a whole class
 * leaves. Values in classes of one, and the constraints of other types,
 * wake it on any loss. */
#define WATCH_GROUPS 3

typedef struct
{
  guint       k;
  PwCspDomain singles;                /* losing any of these wakes it */
  PwCspDomain groups[WATCH_GROUPS];   /* classes of several values: woken when one leaves */
} Watch;

/* The tables of one small automaton (n_states ≤ 64), built once for every
 * constraint that uses it (the lines of a grid share a few). */
#define DOMAIN_TABLE_VALUES 8

typedef struct
{
  guint        n_states;
  guint        start;
  guint64      accepting;
  gint16      *next;
  guint64     *to_mask;
  guint64     *by_domain;
  PwCspDomain *by_target;
  PwCspDomain *failing;
  gint8       *target;      /* NULL unless every value resets or keeps the state */
  guint64     *from_mask;
} AutomatonTables;

static void
automaton_tables_free (gpointer data)
{
  AutomatonTables *t = data;

  g_free (t->next);
  g_free (t->to_mask);
  g_free (t->by_domain);
  g_free (t->by_target);
  g_free (t->failing);
  g_free (t->target);
  g_free (t->from_mask);
  g_free (t);
}

static inline guint
popcount (PwCspDomain d)
{
  return __builtin_popcount (d);
}

static inline gboolean
singleton (PwCspDomain d)
{
  return d != 0 && (d & (d - 1)) == 0;
}

struct _PwCsp
{
  guint        n_vars;
  guint        n_values;
  PwCspDomain  all;
  PwCspDomain *initial;
  GArray      *constraints;   /* Constraint */
  GPtrArray   *tables;        /* AutomatonTables, shared by constraints */
  GArray     **watch;         /* per variable: Watch, one per constraint on it */
  GArray     **cards;         /* per variable: CardUse, its cardinality constraints */
  guint        n_card;
  gsize        scratch_size;  /* automaton work space, in bytes */
};

PwCsp *
pw_csp_new (guint n_vars,
            guint n_values)
{
  PwCsp *csp;

  g_return_val_if_fail (n_values >= 1 && n_values <= PW_CSP_MAX_VALUES, NULL);

  csp = g_new0 (PwCsp, 1);
  csp->n_vars = n_vars;
  csp->n_values = n_values;
  csp->all = n_values == 32 ? G_MAXUINT32 : (1u << n_values) - 1;
  csp->initial = g_new (PwCspDomain, MAX (n_vars, 1));
  for (guint i = 0; i < n_vars; i++)
    csp->initial[i] = csp->all;
  csp->constraints = g_array_new (FALSE, TRUE, sizeof (Constraint));
  csp->tables = g_ptr_array_new_with_free_func (automaton_tables_free);
  csp->watch = g_new0 (GArray *, MAX (n_vars, 1));
  csp->cards = g_new0 (GArray *, MAX (n_vars, 1));
  for (guint i = 0; i < n_vars; i++)
    {
      csp->watch[i] = g_array_new (FALSE, TRUE, sizeof (Watch));
      csp->cards[i] = g_array_new (FALSE, FALSE, sizeof (CardUse));
    }
  return csp;
}

void
pw_csp_free (PwCsp *csp)
{
  if (csp == NULL)
    return;
  for (guint i = 0; i < csp->constraints->len; i++)
    {
      Constraint *c = &g_array_index (csp->constraints, Constraint, i);

      g_free (c->vars);
      g_free (c->next);
    }
  g_array_unref (csp->constraints);
  g_ptr_array_unref (csp->tables);
  for (guint i = 0; i < csp->n_vars; i++)
    {
      g_array_unref (csp->watch[i]);
      g_array_unref (csp->cards[i]);
    }
  g_free (csp->watch);
  g_free (csp->cards);
  g_free (csp->initial);
  g_free (csp);
}

guint
pw_csp_get_n_vars (const PwCsp *csp)
{
  return csp->n_vars;
}

guint
pw_csp_get_n_values (const PwCsp *csp)
{
  return csp->n_values;
}

void
pw_csp_restrict (PwCsp       *csp,
                 guint        var,
                 PwCspDomain  domain)
{
  g_return_if_fail (var < csp->n_vars);
  csp->initial[var] &= domain;
}

static Constraint *
add_constraint (PwCsp          *csp,
                ConstraintType  type,
                const guint    *vars,
                guint           n)
{
  const guint index = csp->constraints->len;
  Constraint c = { .type = type, .index = index, .n = n };

  c.vars = g_memdup2 (vars, sizeof (guint) * MAX (n, 1));
  /* the count, automaton and binary propagators are idempotent on a scope
   * of distinct variables; the cardinality one is not (a value leaving
   * full may leave another needed) */
  c.idempotent = type != CONSTRAINT_CARDINALITY;
  for (guint i = 0; i < n && c.idempotent; i++)
    for (guint j = 0; j < i; j++)
      if (vars[i] == vars[j])
        c.idempotent = FALSE;
  g_array_append_val (csp->constraints, c);
  for (guint i = 0; i < n; i++)
    {
      GArray *w = csp->watch[vars[i]];

      /* a variable twice in one scope is watched once */
      if (w->len == 0 || g_array_index (w, Watch, w->len - 1).k != index)
        {
          Watch watch = { .k = index, .singles = csp->all };

          g_array_append_val (w, watch);
        }
    }
  return &g_array_index (csp->constraints, Constraint, index);
}

void
pw_csp_add_count (PwCsp       *csp,
                  const guint *vars,
                  guint        n_vars,
                  guint        value,
                  guint        min,
                  guint        max)
{
  Constraint *c;

  g_return_if_fail (value < csp->n_values);
  for (guint i = 0; i < n_vars; i++)
    g_return_if_fail (vars[i] < csp->n_vars);

  c = add_constraint (csp, CONSTRAINT_COUNT, vars, n_vars);
  c->value = value;
  c->min = min;
  c->max = max;
}

/* The tables of @c's automaton (n_states ≤ 64): found among those built
 * before, or built. */
static const AutomatonTables *
automaton_tables (PwCsp            *csp,
                  const Constraint *c)
{
  const guint nv = csp->n_values, ns = c->n_states;
  AutomatonTables *t;

  for (guint i = 0; i < csp->tables->len; i++)
    {
      t = g_ptr_array_index (csp->tables, i);
      if (t->n_states == ns && t->start == c->start && t->accepting == c->accepting &&
          memcmp (t->next, c->next, sizeof (gint16) * ns * nv) == 0)
        return t;
    }

  t = g_new0 (AutomatonTables, 1);
  t->n_states = ns;
  t->start = c->start;
  t->accepting = c->accepting;
  t->next = g_memdup2 (c->next, sizeof (gint16) * ns * nv);
  t->to_mask = g_new (guint64, ns * nv);
  for (guint i = 0; i < ns * nv; i++)
    t->to_mask[i] = c->next[i] >= 0 ? G_GUINT64_CONSTANT (1) << c->next[i] : 0;
  t->by_target = g_new0 (PwCspDomain, ns * ns);
  t->failing = g_new0 (PwCspDomain, ns);
  for (guint st = 0; st < ns; st++)
    for (guint v = 0; v < nv; v++)
      if (c->next[st * nv + v] >= 0)
        t->by_target[st * ns + c->next[st * nv + v]] |= 1u << v;
      else
        t->failing[st] |= 1u << v;
  {
    /* does every value reset the state (one target from every state it
     * may come from) or keep it (the same state wherever it may come)? */
    gboolean simple = TRUE;

    t->target = g_new (gint8, nv);
    t->from_mask = g_new0 (guint64, nv);
    for (guint v = 0; v < nv && simple; v++)
      {
        gboolean resets = TRUE, keeps = TRUE;
        int to = -1;

        for (guint st = 0; st < ns; st++)
          {
            int next = c->next[st * nv + v];

            if (next < 0)
              continue;
            t->from_mask[v] |= G_GUINT64_CONSTANT (1) << st;
            keeps &= next == (int) st;
            resets &= to < 0 || next == to;
            to = next;
          }
        if (keeps)
          t->target[v] = -1;
        else if (resets)
          t->target[v] = to;
        else
          simple = FALSE;
      }
    if (!simple)
      {
        g_clear_pointer (&t->target, g_free);
        g_clear_pointer (&t->from_mask, g_free);
      }
  }
  if (nv <= DOMAIN_TABLE_VALUES)
    {
      const gsize n_domains = (gsize) 1 << nv;

      t->by_domain = g_new0 (guint64, ns * n_domains);
      for (guint st = 0; st < ns; st++)
        for (gsize d = 1; d < n_domains; d++)
          {
            /* the domain without its lowest value, and that value */
            guint v = __builtin_ctzll (d);

            t->by_domain[st * n_domains + d] = t->by_domain[st * n_domains + (d & (d - 1))] |
                                               t->to_mask[st * nv + v];
          }
    }
  g_ptr_array_add (csp->tables, t);
  return t;
}

/* Sets the wake-up filter of @c's watches (see Watch) from the classes
 * of values its propagator cannot tell apart (disjoint, covering every
 * value). */
static void
watch_classes (PwCsp             *csp,
               const Constraint  *c,
               const PwCspDomain *classes,
               guint              n_classes)
{
  PwCspDomain singles = 0;
  PwCspDomain groups[WATCH_GROUPS] = { 0 };
  guint n_groups = 0;

  if (!c->idempotent)
    return;   /* it must look again after its own narrowings anyway */
  for (guint i = 0; i < n_classes; i++)
    {
      if (singleton (classes[i]) || n_groups == WATCH_GROUPS)
        singles |= classes[i];   /* too many classes: any loss wakes it */
      else if (classes[i] != 0)
        groups[n_groups++] = classes[i];
    }

  for (guint i = 0; i < c->n; i++)
    {
      GArray *w = csp->watch[c->vars[i]];
      Watch *watch = &g_array_index (w, Watch, w->len - 1);

      g_assert (watch->k == c->index);
      watch->singles = singles;
      memcpy (watch->groups, groups, sizeof groups);
    }
}

void
pw_csp_add_automaton (PwCsp                *csp,
                      const guint          *vars,
                      guint                 n_vars,
                      const PwCspAutomaton *automaton)
{
  Constraint *c;

  g_return_if_fail (automaton->n_states >= 1 && automaton->n_states <= PW_CSP_MAX_STATES);
  g_return_if_fail (automaton->start < automaton->n_states);
  for (guint i = 0; i < n_vars; i++)
    g_return_if_fail (vars[i] < csp->n_vars);

  c = add_constraint (csp, CONSTRAINT_AUTOMATON, vars, n_vars);
  c->n_states = automaton->n_states;
  c->start = automaton->start;
  c->accepting = automaton->accepting;
  c->next = g_memdup2 (automaton->next, sizeof (gint16) * automaton->n_states * csp->n_values);
  c->identity = csp->all;
  for (guint st = 0; st < automaton->n_states; st++)
    for (guint v = 0; v < csp->n_values; v++)
      if (c->next[st * csp->n_values + v] != (gint16) st)
        c->identity &= ~(1u << v);
  if (automaton->n_states <= 64)
    {
      for (guint st = 0; st < automaton->n_states; st++)
        {
          gboolean keeps = (c->accepting >> st) & 1;

          for (guint v = 0; v < csp->n_values && keeps; v++)
            keeps = c->next[st * csp->n_values + v] == (gint16) st;
          if (keeps)
            c->universal |= G_GUINT64_CONSTANT (1) << st;
        }
      const AutomatonTables *t = automaton_tables (csp, c);

      c->to_mask = t->to_mask;
      c->by_domain = t->by_domain;
      c->by_target = t->by_target;
      c->failing = t->failing;
      c->target = t->target;
      c->from_mask = t->from_mask;
    }
  {
    /* values whose columns of the transition table are equal */
    PwCspDomain classes[PW_CSP_MAX_VALUES];
    guint n_classes = 0;
    const guint nv = csp->n_values;

    for (PwCspDomain left = csp->all; left != 0; n_classes++)
      {
        guint v = __builtin_ctz (left);

        classes[n_classes] = 0;
        for (PwCspDomain rest = left; rest != 0; rest &= rest - 1)
          {
            guint u = __builtin_ctz (rest);
            gboolean same = TRUE;

            for (guint st = 0; st < c->n_states && same; st++)
              same = c->next[st * nv + u] == c->next[st * nv + v];
            if (same)
              classes[n_classes] |= 1u << u;
          }
        left &= ~classes[n_classes];
      }
    watch_classes (csp, c, classes, n_classes);
  }
  csp->scratch_size = MAX (csp->scratch_size, (gsize) (n_vars + 1) * MAX (automaton->n_states * 2,
                                                                          sizeof (guint64)));
}

void
pw_csp_add_precedence (PwCsp       *csp,
                       const guint *vars,
                       guint        n_vars,
                       PwCspDomain  first,
                       PwCspDomain  second)
{
  Constraint *c;

  g_return_if_fail ((first & second) == 0);
  for (guint i = 0; i < n_vars; i++)
    g_return_if_fail (vars[i] < csp->n_vars);

  c = add_constraint (csp, CONSTRAINT_PRECEDENCE, vars, n_vars);
  c->first = first & csp->all;
  c->second = second & csp->all;
  {
    PwCspDomain classes[3] = { c->first, c->second, csp->all & ~(c->first | c->second) };

    watch_classes (csp, c, classes, 3);
  }
}

void
pw_csp_add_cardinality (PwCsp       *csp,
                        const guint *vars,
                        guint        n_vars,
                        const guint *min,
                        const guint *max)
{
  Constraint *c;

  for (guint i = 0; i < n_vars; i++)
    g_return_if_fail (vars[i] < csp->n_vars);

  c = add_constraint (csp, CONSTRAINT_CARDINALITY, vars, n_vars);
  c->card_index = csp->n_card++;
  for (guint v = 0; v < csp->n_values; v++)
    {
      c->card_min[v] = min[v];
      c->card_max[v] = max[v];
    }
  for (guint i = 0; i < n_vars; i++)
    {
      GArray *uses = csp->cards[vars[i]];
      CardUse *last = uses->len ? &g_array_index (uses, CardUse, uses->len - 1) : NULL;

      if (last != NULL && last->card == c->card_index)
        last->times++;
      else
        {
          CardUse use = { c->card_index, 1 };

          g_array_append_val (uses, use);
        }
    }
}

void
pw_csp_add_binary (PwCsp             *csp,
                   guint              x,
                   guint              y,
                   const PwCspDomain *allowed)
{
  guint vars[2] = { x, y };
  Constraint *c;

  g_return_if_fail (x < csp->n_vars && y < csp->n_vars && x != y);

  c = add_constraint (csp, CONSTRAINT_BINARY, vars, 2);
  for (guint a = 0; a < csp->n_values; a++)
    {
      c->x_to_y[a] = allowed[a] & csp->all;
      for (guint b = 0; b < csp->n_values; b++)
        if (allowed[a] & (1u << b))
          c->y_to_x[b] |= 1u << a;
    }
}

gboolean
pw_csp_check (const PwCsp  *csp,
              const guint8 *values)
{
  for (guint i = 0; i < csp->n_vars; i++)
    if (values[i] >= csp->n_values || !(csp->initial[i] & (1u << values[i])))
      return FALSE;

  for (guint k = 0; k < csp->constraints->len; k++)
    {
      const Constraint *c = &g_array_index (csp->constraints, Constraint, k);

      switch (c->type)
        {
        case CONSTRAINT_COUNT:
          {
            guint count = 0;

            for (guint i = 0; i < c->n; i++)
              count += values[c->vars[i]] == c->value;
            if (count < c->min || count > c->max)
              return FALSE;
          }
          break;
        case CONSTRAINT_AUTOMATON:
          {
            int state = c->start;

            for (guint i = 0; i < c->n && state >= 0; i++)
              state = c->next[state * csp->n_values + values[c->vars[i]]];
            if (state < 0 || state >= 64 || !(c->accepting & (G_GUINT64_CONSTANT (1) << state)))
              return FALSE;
          }
          break;
        case CONSTRAINT_BINARY:
          if (!(c->x_to_y[values[c->vars[0]]] & (1u << values[c->vars[1]])))
            return FALSE;
          break;
        case CONSTRAINT_PRECEDENCE:
          for (guint i = 0; i < c->n; i++)
            {
              PwCspDomain bit = 1u << values[c->vars[i]];

              if (bit & c->first)
                break;
              if (bit & c->second)
                return FALSE;
            }
          break;
        case CONSTRAINT_CARDINALITY:
          {
            guint count[PW_CSP_MAX_VALUES] = { 0 };

            for (guint i = 0; i < c->n; i++)
              count[values[c->vars[i]]]++;
            for (guint v = 0; v < csp->n_values; v++)
              if (count[v] < c->card_min[v] || count[v] > c->card_max[v])
                return FALSE;
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Propagation                                                          */

typedef struct
{
  const PwCsp       *csp;
  const PwCspSearch *search;
  PwCspResult       *result;
  guint              n_constraints;
  PwCspDomain       *dom;        /* the current node's domains */
  PwCspDomain       *saved;      /* (n_vars + 1) levels of saved domains */
  PwCspDomain       *sac;        /* domains for a singleton test */
  guint             *queue;      /* constraint indices, a ring */
  guint8            *queued;
  guint              head;
  guint              length;
  guint8            *scratch;    /* automaton reachability */
  guint8            *values;     /* a solution */
  /* what a node keeps besides its domains, for the node's domains and
   * for a singleton test's: the running counts per cardinality
   * constraint (assigned[n_values], then holding[n_values]: see
   * count_change), then from entailed_at
   * a bit per constraint found entailed (every assignment of the domains
   * satisfies it, so it need not run again below this node) */
  guint             *counts;
  guint             *sac_counts;
  guint             *saved_counts; /* (n_vars + 1) levels */
  gsize              counts_size;  /* guints */
  gsize              entailed_at;
  gboolean           stop;
  gboolean           cancelled;
} Search;

static void
enqueue (Search *s,
         guint   k)
{
  if (s->queued[k])
    return;
  guint tail = s->head + s->length++;

  s->queued[k] = 1;
  if (tail >= s->n_constraints)
    tail -= s->n_constraints;
  s->queue[tail] = k;
}

static inline guint *
counts_of (Search      *s,
           PwCspDomain *dom)
{
  return dom == s->sac ? s->sac_counts : s->counts;
}

static inline void
set_entailed (Search      *s,
              PwCspDomain *dom,
              guint        k)
{
  counts_of (s, dom)[s->entailed_at + k / 32] |= 1u << (k % 32);
}

/* Whether a domain that lost @lost and is now @now wakes @w. */
static inline gboolean
wakes (const Watch *w,
       PwCspDomain  lost,
       PwCspDomain  now)
{
  if (lost & w->singles)
    return TRUE;
  for (guint g = 0; g < WATCH_GROUPS; g++)
    if ((lost & w->groups[g]) && !(now & w->groups[g]))
      return TRUE;
  return FALSE;
}

/* A variable's domain in @dom shrank to @now, losing @lost: the
 * constraints it wakes, except entailed ones, must look again. */
static void
touched (Search      *s,
         PwCspDomain *dom,
         guint        var,
         PwCspDomain  lost,
         PwCspDomain  now,
         guint        except)
{
  GArray *ws = s->csp->watch[var];
  const guint *entailed = counts_of (s, dom) + s->entailed_at;

  for (guint i = 0; i < ws->len; i++)
    {
      const Watch *w = &g_array_index (ws, Watch, i);
      guint k = w->k;

      if (k != except && !s->queued[k] && !((entailed[k / 32] >> (k % 32)) & 1) &&
          wakes (w, lost, now))
        enqueue (s, k);
    }
}

/* Keeps the cardinality counts of @counts in step with one variable's
 * domain going from @from to @to: per value, the variables fixed to it
 * (assigned) and those whose domain holds it, fixed or not (holding);
 * only the values that come or go change holding. */
static inline void
count_change (const PwCsp *csp,
              guint       *counts,
              guint        var,
              PwCspDomain  from,
              PwCspDomain  to)
{
  GArray *uses = csp->cards[var];
  PwCspDomain lost = from & ~to, gained = to & ~from;

  if (from == to)
    return;
  for (guint u = 0; u < uses->len; u++)
    {
      const CardUse *use = &g_array_index (uses, CardUse, u);
      guint *assigned = counts + (gsize) use->card * 2 * csp->n_values;
      guint *holding = assigned + csp->n_values;

      if (singleton (from))
        assigned[__builtin_ctz (from)] -= use->times;
      if (singleton (to))
        assigned[__builtin_ctz (to)] += use->times;
      for (PwCspDomain rest = lost; rest != 0; rest &= rest - 1)
        holding[__builtin_ctz (rest)] -= use->times;
      for (PwCspDomain rest = gained; rest != 0; rest &= rest - 1)
        holding[__builtin_ctz (rest)] += use->times;
    }
}

/* Every change of a domain goes through here, so the counts follow. */
static inline void
set_domain (Search      *s,
            PwCspDomain *dom,
            guint        var,
            PwCspDomain  to)
{
  if (s->csp->n_card > 0)
    count_change (s->csp, counts_of (s, dom), var, dom[var], to);
  dom[var] = to;
}

static void
count_all (Search      *s,
           PwCspDomain *dom)
{
  guint *counts = counts_of (s, dom);

  memset (counts, 0, sizeof (guint) * s->counts_size);
  for (guint var = 0; var < s->csp->n_vars; var++)
    count_change (s->csp, counts, var, 0, dom[var]);
}

static gboolean
narrow (Search      *s,
        PwCspDomain *dom,
        guint        var,
        PwCspDomain  to,
        guint        k,
        gboolean     chain)
{
  PwCspDomain from = dom[var];

  if (to == from)
    return TRUE;
  set_domain (s, dom, var, to);
  if (to == 0)
    return FALSE;
  /* @k is the narrowing constraint when it is idempotent, G_MAXUINT
   * when it must look again (a scope with a variable twice, cardinality) */
  if (chain)
    touched (s, dom, var, from & ~to, to, k);
  return TRUE;
}

static gboolean
propagate_count (Search           *s,
                 PwCspDomain      *dom,
                 const Constraint *c,
                 guint             k,
                 gboolean          chain)
{
  PwCspDomain bit = 1u << c->value;
  guint assigned = 0, possible = 0;

  for (guint i = 0; i < c->n; i++)
    {
      PwCspDomain d = dom[c->vars[i]];

      if (d == bit)
        assigned++;
      else if (d & bit)
        possible++;
    }
  if (assigned > c->max || assigned + possible < c->min)
    return FALSE;
  if (!s->search->cardinality || possible == 0)
    return TRUE;

  if (assigned == c->max)
    {
      for (guint i = 0; i < c->n; i++)
        {
          guint v = c->vars[i];

          if (dom[v] != bit && (dom[v] & bit) && !narrow (s, dom, v, dom[v] & ~bit, k, chain))
            return FALSE;
        }
    }
  else if (assigned + possible == c->min)
    {
      for (guint i = 0; i < c->n; i++)
        {
          guint v = c->vars[i];

          if ((dom[v] & bit) && !narrow (s, dom, v, bit, k, chain))
            return FALSE;
        }
    }
  return TRUE;
}

/* The same as propagate_automaton, with sets of states as 64-bit masks:
 * only the states reachable at each position are visited. */
static gboolean
propagate_automaton_small (Search           *s,
                           PwCspDomain      *dom,
                           const Constraint *c,
                           guint             k,
                           gboolean          chain)
{
  const guint nv = s->csp->n_values;
  guint64 *fwd = (guint64 *) s->scratch;   /* n + 1 masks */
  guint64 ahead;
  guint end = c->n;
  PwCspDomain failing = 0;   /* values some reachable state has no move for */

  fwd[0] = G_GUINT64_CONSTANT (1) << c->start;
  for (guint i = 0; i < c->n; i++)
    {
      PwCspDomain d = dom[c->vars[i]];
      guint64 out = 0;

      /* only states that accept whatever follows (value precedence once
       * the first value has come): the rest of the word is free */
      if ((fwd[i] & ~c->universal) == 0)
        {
          end = i;
          break;
        }

      /* a variable fixed to a value that changes no state (an empty cell
       * on a line): the states pass through */
      if ((d & ~c->identity) == 0)
        {
          fwd[i + 1] = fwd[i];
          continue;
        }

      if (c->by_domain != NULL)
        for (guint64 from = fwd[i]; from != 0; from &= from - 1)
          {
            guint st = __builtin_ctzll (from);

            out |= c->by_domain[((gsize) st << nv) | d];
            failing |= c->failing[st] & d;
          }
      else
        for (guint64 from = fwd[i]; from != 0; from &= from - 1)
          {
            guint st = __builtin_ctzll (from);
            const guint64 *row = c->to_mask + (gsize) st * nv;

            for (PwCspDomain rest = d; rest != 0; rest &= rest - 1)
              out |= row[__builtin_ctz (rest)];
            failing |= c->failing[st] & d;
          }
      if (out == 0)
        return FALSE;
      fwd[i + 1] = out;
    }

  ahead = fwd[end] & c->accepting;
  if (ahead == 0)
    return FALSE;
  if (failing == 0 && ahead == fwd[end])
    {
      /* every word of the domains is accepted, and will be below */
      set_entailed (s, dom, c->index);
      return TRUE;
    }
  for (guint i = end; i-- > 0;)
    {
      guint var = c->vars[i];
      PwCspDomain d = dom[var];
      PwCspDomain supported = 0;
      guint64 back = 0;

      if ((d & ~c->identity) == 0)
        {
          /* every value of the domain keeps the state: supported exactly
           * when some state goes on to an accepting end */
          if ((fwd[i] & ahead) == 0)
            return FALSE;
          ahead &= fwd[i];
          continue;
        }
      if (c->target != NULL)
        {
          /* per value, the states reached here it leads on from: from
           * any it may come from when it resets to a state that goes on,
           * from those that go on when it keeps the state */
          for (PwCspDomain rest = d; rest != 0; rest &= rest - 1)
            {
              guint value = __builtin_ctz (rest);
              gint target = c->target[value];
              guint64 from = fwd[i] & c->from_mask[value];

              if (target < 0)
                from &= ahead;
              else if (!((ahead >> target) & 1))
                from = 0;
              if (from != 0)
                {
                  back |= from;
                  supported |= 1u << value;
                }
            }
          ahead = back;
          if (supported != d && !narrow (s, dom, var, d & supported, k, chain))
            return FALSE;
          continue;
        }
      /* per state reached here, the values of d that lead to a state
       * that goes on to an accepting end */
      for (guint64 from = fwd[i]; from != 0; from &= from - 1)
        {
          guint st = __builtin_ctzll (from);
          const PwCspDomain *row = c->by_target + (gsize) st * c->n_states;
          PwCspDomain values = 0;

          for (guint64 to = ahead; to != 0; to &= to - 1)
            values |= row[__builtin_ctzll (to)];
          values &= d;
          if (values != 0)
            {
              back |= G_GUINT64_CONSTANT (1) << st;
              supported |= values;
            }
        }
      ahead = back;
      if (supported != d && !narrow (s, dom, var, d & supported, k, chain))
        return FALSE;
    }
  return TRUE;
}

static gboolean
propagate_automaton (Search           *s,
                     PwCspDomain      *dom,
                     const Constraint *c,
                     guint             k,
                     gboolean          chain)
{
  if (c->to_mask != NULL)
    return propagate_automaton_small (s, dom, c, k, chain);

  const guint nv = s->csp->n_values;
  const guint ns = c->n_states;
  guint8 *fwd = s->scratch;                       /* (n + 1) × states */
  guint8 *bwd = s->scratch + (gsize) (c->n + 1) * ns;

  memset (fwd, 0, (gsize) (c->n + 1) * ns);
  memset (bwd, 0, (gsize) (c->n + 1) * ns);
  fwd[c->start] = 1;
  for (guint i = 0; i < c->n; i++)
    {
      PwCspDomain d = dom[c->vars[i]];
      const guint8 *from = fwd + (gsize) i * ns;
      guint8 *to = fwd + (gsize) (i + 1) * ns;
      gboolean any = FALSE;

      for (guint st = 0; st < ns; st++)
        {
          if (!from[st])
            continue;
          for (PwCspDomain rest = d; rest != 0; rest &= rest - 1)
            {
              int t = c->next[st * nv + __builtin_ctz (rest)];

              if (t >= 0)
                {
                  to[t] = 1;
                  any = TRUE;
                }
            }
        }
      if (!any)
        return FALSE;
    }

  {
    guint8 *last = bwd + (gsize) c->n * ns;
    const guint8 *reach = fwd + (gsize) c->n * ns;
    gboolean any = FALSE;

    for (guint st = 0; st < ns && st < 64; st++)
      if (reach[st] && (c->accepting & (G_GUINT64_CONSTANT (1) << st)))
        last[st] = any = 1;
    if (!any)
      return FALSE;
  }

  for (guint i = c->n; i-- > 0;)
    {
      guint var = c->vars[i];
      PwCspDomain d = dom[var];
      PwCspDomain supported = 0;
      const guint8 *from = fwd + (gsize) i * ns;
      guint8 *back = bwd + (gsize) i * ns;
      const guint8 *ahead = bwd + (gsize) (i + 1) * ns;

      for (guint st = 0; st < ns; st++)
        {
          if (!from[st])
            continue;
          for (PwCspDomain rest = d; rest != 0; rest &= rest - 1)
            {
              guint value = __builtin_ctz (rest);
              int t = c->next[st * nv + value];

              if (t >= 0 && ahead[t])
                {
                  back[st] = 1;
                  supported |= 1u << value;
                }
            }
        }
      /* a variable twice in the scope: only the intersection is sound,
       * and pruning it is still correct */
      if (!narrow (s, dom, var, d & supported, k, chain))
        return FALSE;
    }
  return TRUE;
}

static gboolean
propagate_binary (Search           *s,
                  PwCspDomain      *dom,
                  const Constraint *c,
                  guint             k,
                  gboolean          chain)
{
  guint x = c->vars[0], y = c->vars[1];
  PwCspDomain sy = 0, sx = 0;

  for (PwCspDomain rest = dom[x]; rest != 0; rest &= rest - 1)
    sy |= c->x_to_y[__builtin_ctz (rest)];
  if (!narrow (s, dom, y, dom[y] & sy, k, chain))
    return FALSE;
  for (PwCspDomain rest = dom[y]; rest != 0; rest &= rest - 1)
    sx |= c->y_to_x[__builtin_ctz (rest)];
  return narrow (s, dom, x, dom[x] & sx, k, chain);
}

/* Value precedence, made arc consistent without going further than it
 * must: before the first cell that can take a first value (alpha), and
 * there, no second value; alpha takes a first value when no word can go
 * on from it otherwise (every cell up to the next that can take a first
 * value must avoid the second values, and one cannot). Past alpha a first
 * value may have come, after which anything goes. */
static gboolean
propagate_precedence (Search           *s,
                      PwCspDomain      *dom,
                      const Constraint *c,
                      guint             k,
                      gboolean          chain)
{
  guint alpha;
  PwCspDomain d;

  for (alpha = 0; alpha < c->n; alpha++)
    {
      guint var = c->vars[alpha];

      if (dom[var] & c->first)
        break;
      if (!narrow (s, dom, var, dom[var] & ~c->second, k, chain))
        return FALSE;
    }
  if (alpha == c->n)
    {
      /* no first value anywhere, and no second left */
      set_entailed (s, dom, c->index);
      return TRUE;
    }

  d = dom[c->vars[alpha]] & ~c->second;
  if (d & ~c->first)
    {
      /* can alpha take another value and leave a first value to come? */
      gboolean later = TRUE;

      for (guint j = alpha + 1; j < c->n; j++)
        {
          PwCspDomain dj = dom[c->vars[j]];

          if (dj & c->first)
            break;
          if ((dj & ~c->second) == 0)
            {
              later = FALSE;
              break;
            }
        }
      if (!later)
        d &= c->first;
    }
  if (!narrow (s, dom, c->vars[alpha], d, k, chain))
    return FALSE;
  if ((d & ~c->first) == 0)
    set_entailed (s, dom, c->index);   /* a first value comes before any second */
  return TRUE;
}

/* All the values' counts in one pass; pruning as propagate_count does for
 * each value: a value at its maximum leaves the other domains, a value
 * that needs every variable that can still take it gets them. */
static gboolean
propagate_cardinality (Search           *s,
                       PwCspDomain      *dom,
                       const Constraint *c,
                       guint             k,
                       gboolean          chain)
{
  const guint nv = s->csp->n_values;
  const guint *assigned = counts_of (s, dom) + (gsize) c->card_index * 2 * nv;
  const guint *holding = assigned + nv;
  PwCspDomain full = 0, needed = 0;

  for (guint v = 0; v < nv; v++)
    {
      /* holding[v] - assigned[v] variables may still take v */
      if (assigned[v] > c->card_max[v] || holding[v] < c->card_min[v])
        return FALSE;
      if (holding[v] == assigned[v])
        continue;
      if (assigned[v] == c->card_max[v])
        full |= 1u << v;
      else if (holding[v] == c->card_min[v])
        needed |= 1u << v;
    }
  if (!s->search->cardinality || (full | needed) == 0)
    return TRUE;

  for (guint i = 0; i < c->n; i++)
    {
      guint var = c->vars[i];
      PwCspDomain d = dom[var];
      PwCspDomain to;

      if (singleton (d))
        continue;
      to = d & ~full;
      if (to & needed)
        {
          /* a variable two needed values both want cannot serve both */
          if (!singleton (to & needed))
            return FALSE;
          to &= needed;
        }
      if (to != d && !narrow (s, dom, var, to, k, chain))
        return FALSE;
    }
  return TRUE;
}

static gboolean
propagate_one (Search      *s,
               PwCspDomain *dom,
               guint        k,
               gboolean     chain)
{
  const Constraint *c = &g_array_index (s->csp->constraints, Constraint, k);

  /* from here on, k is the constraint narrow () need not queue again */
  if (!c->idempotent)
    k = G_MAXUINT;
  switch (c->type)
    {
    case CONSTRAINT_COUNT:
      return propagate_count (s, dom, c, k, chain);
    case CONSTRAINT_AUTOMATON:
      return propagate_automaton (s, dom, c, k, chain);
    case CONSTRAINT_BINARY:
      return propagate_binary (s, dom, c, k, chain);
    case CONSTRAINT_PRECEDENCE:
      return propagate_precedence (s, dom, c, k, chain);
    case CONSTRAINT_CARDINALITY:
      return propagate_cardinality (s, dom, c, k, chain);
    default:
      g_assert_not_reached ();
    }
}

static void
clear_queue (Search *s)
{
  while (s->length > 0)
    {
      s->queued[s->queue[s->head]] = 0;
      if (++s->head == s->n_constraints)
        s->head = 0;
      s->length--;
    }
}

/* Runs the queue to a fixpoint. */
static gboolean
fixpoint (Search      *s,
          PwCspDomain *dom)
{
  while (s->length > 0)
    {
      guint k = s->queue[s->head];

      if (++s->head == s->n_constraints)
        s->head = 0;
      s->length--;
      s->queued[k] = 0;
      if (!propagate_one (s, dom, k, TRUE))
        {
          clear_queue (s);
          return FALSE;
        }
    }
  return TRUE;
}

/* Every constraint once, without chaining: forward checking's pass, and
 * the check of a complete assignment. */
static gboolean
pass (Search      *s,
      PwCspDomain *dom)
{
  for (guint k = 0; k < s->n_constraints; k++)
    if (!propagate_one (s, dom, k, FALSE))
      return FALSE;
  return TRUE;
}

/* Singleton arc consistency: a value whose assignment fails under arc
 * consistency is removed, until no value is. */
static gboolean
singleton_consistency (Search *s)
{
  const guint n = s->csp->n_vars;
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint x = 0; x < n; x++)
        {
          if (singleton (s->dom[x]))
            continue;
          for (PwCspDomain rest = s->dom[x]; rest != 0; rest &= rest - 1)
            {
              PwCspDomain bit = rest & -rest;

              if (!(s->dom[x] & bit))
                continue;
              memcpy (s->sac, s->dom, sizeof (PwCspDomain) * n);
              memcpy (s->sac_counts, s->counts, sizeof (guint) * s->counts_size);
              set_domain (s, s->sac, x, bit);
              touched (s, s->sac, x, s->dom[x] & ~bit, bit, G_MAXUINT);
              if (fixpoint (s, s->sac))
                continue;
              /* no solution has x = this value */
              set_domain (s, s->dom, x, s->dom[x] & ~bit);
              if (s->dom[x] == 0)
                return FALSE;
              touched (s, s->dom, x, bit, s->dom[x], G_MAXUINT);
              if (!fixpoint (s, s->dom))
                return FALSE;
              changed = TRUE;
            }
        }
    }
  return TRUE;
}

/* After @var was assigned, losing the values @lost (or, with var =
 * G_MAXUINT, at the root). */
static gboolean
propagate (Search      *s,
           guint        var,
           PwCspDomain  lost)
{
  switch (s->search->propagation)
    {
    case PW_CSP_FORWARD_CHECKING:
      if (var == G_MAXUINT)
        return pass (s, s->dom);
      {
        GArray *ws = s->csp->watch[var];

        /* every constraint on it: forward checking leaves the others
         * short of their fixpoints, so no loss can be passed over */
        for (guint i = 0; i < ws->len; i++)
          if (!propagate_one (s, s->dom, g_array_index (ws, Watch, i).k, FALSE))
            return FALSE;
      }
      return TRUE;
    case PW_CSP_ARC_CONSISTENCY:
    case PW_CSP_SINGLETON_ARC_CONSISTENCY:
    case PW_CSP_SINGLETON_AT_ROOT:
      if (var == G_MAXUINT)
        for (guint k = 0; k < s->n_constraints; k++)
          enqueue (s, k);
      else
        touched (s, s->dom, var, lost, s->dom[var], G_MAXUINT);
      if (!fixpoint (s, s->dom))
        return FALSE;
      if (s->search->propagation == PW_CSP_SINGLETON_ARC_CONSISTENCY ||
          (s->search->propagation == PW_CSP_SINGLETON_AT_ROOT && var == G_MAXUINT))
        return singleton_consistency (s);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* ------------------------------------------------------------------ */
/* Search                                                               */

/* The next variable to assign, G_MAXUINT when all are fixed. In a
 * static order the variables before position *from are fixed already
 * (chosen higher up the tree); *from moves past the one chosen. */
static guint
choose (const Search *s,
        guint        *from)
{
  const guint n = s->csp->n_vars;
  guint best = G_MAXUINT, best_size = G_MAXUINT;

  for (guint i = s->search->order == PW_CSP_ORDER_STATIC ? *from : 0; i < n; i++)
    {
      guint var = s->search->var_order ? s->search->var_order[i] : i;
      guint size;

      if (singleton (s->dom[var]))
        continue;
      if (s->search->order == PW_CSP_ORDER_STATIC)
        {
          *from = i + 1;
          return var;
        }
      size = popcount (s->dom[var]);
      if (size < best_size)
        {
          best = var;
          best_size = size;
          if (size == 2)
            break;
        }
    }
  return best;
}

static void
found (Search *s)
{
  const guint n = s->csp->n_vars;

  /* forward checking may leave constraints unchecked among variables
   * that propagation fixed: check the whole assignment */
  if (s->search->propagation == PW_CSP_FORWARD_CHECKING && !pass (s, s->dom))
    return;
  for (guint i = 0; i < n; i++)
    s->values[i] = __builtin_ctz (s->dom[i]);
  g_assert (pw_csp_check (s->csp, s->values));
  s->result->solutions++;
  if (s->search->on_solution != NULL &&
      !s->search->on_solution (s->values, s->search->on_solution_data))
    s->stop = TRUE;
  if (s->search->max_solutions > 0 && s->result->solutions >= s->search->max_solutions)
    s->stop = TRUE;
}

static void
dfs (Search *s,
     guint   depth,
     guint   from)
{
  const guint n = s->csp->n_vars;
  PwCspDomain *saved = s->saved + (gsize) depth * n;
  guint var = choose (s, &from);
  PwCspDomain values;

  if (var == G_MAXUINT)
    {
      found (s);
      return;
    }

  memcpy (saved, s->dom, sizeof (PwCspDomain) * n);
  memcpy (s->saved_counts + depth * s->counts_size, s->counts, sizeof (guint) * s->counts_size);
  values = s->dom[var];
  while (values != 0 && !s->stop)
    {
      guint value = s->search->values_descending ? (guint) (31 - __builtin_clz (values))
                                                 : (guint) __builtin_ctz (values);

      values &= ~(1u << value);
      if (s->search->max_nodes > 0 && s->result->nodes >= s->search->max_nodes)
        {
          s->result->node_limit = TRUE;
          s->stop = TRUE;
          break;
        }
      s->result->nodes++;
      if ((s->result->nodes & 1023) == 0)
        {
          if (g_cancellable_is_cancelled (s->search->cancellable))
            {
              s->cancelled = s->stop = TRUE;
              break;
            }
          if (pw_deadline_passed (s->search->deadline))
            {
              s->result->node_limit = TRUE;
              s->stop = TRUE;
              break;
            }
        }

      memcpy (s->dom, saved, sizeof (PwCspDomain) * n);
      memcpy (s->counts, s->saved_counts + depth * s->counts_size, sizeof (guint) * s->counts_size);
      set_domain (s, s->dom, var, 1u << value);
      if (propagate (s, var, saved[var] & ~(1u << value)))
        dfs (s, depth + 1, from);
    }
  memcpy (s->dom, saved, sizeof (PwCspDomain) * n);
  memcpy (s->counts, s->saved_counts + depth * s->counts_size, sizeof (guint) * s->counts_size);
}

void
pw_csp_search_init (PwCspSearch *search)
{
  memset (search, 0, sizeof *search);
  search->propagation = PW_CSP_ARC_CONSISTENCY;
  search->cardinality = TRUE;
  search->order = PW_CSP_ORDER_STATIC;
}

gboolean
pw_csp_propagate (const PwCsp       *csp,
                  const PwCspSearch *search,
                  PwCspDomain       *domains)
{
  const guint n = csp->n_vars;
  Search s = { 0 };
  PwCspResult result;
  gboolean ok = TRUE;

  memset (&result, 0, sizeof result);
  s.csp = csp;
  s.search = search;
  s.result = &result;
  s.n_constraints = csp->constraints->len;
  s.dom = domains;
  s.sac = g_new (PwCspDomain, MAX (n, 1));
  s.queue = g_new (guint, MAX (s.n_constraints, 1));
  s.queued = g_new0 (guint8, MAX (s.n_constraints, 1));
  s.scratch = g_malloc (MAX (csp->scratch_size, 1));
  s.entailed_at = MAX (csp->n_card, 1) * 2 * csp->n_values;
  s.counts_size = s.entailed_at + (s.n_constraints + 31) / 32;
  s.counts = g_new0 (guint, s.counts_size);
  s.sac_counts = g_new0 (guint, s.counts_size);

  for (guint i = 0; i < n; i++)
    {
      s.dom[i] = csp->initial[i] & (search->domains ? search->domains[i] : csp->all);
      ok &= s.dom[i] != 0;
    }
  count_all (&s, s.dom);
  if (ok)
    ok = propagate (&s, G_MAXUINT, 0);

  g_free (s.counts);
  g_free (s.sac_counts);
  g_free (s.sac);
  g_free (s.queue);
  g_free (s.queued);
  g_free (s.scratch);
  return ok;
}

gboolean
pw_csp_search (const PwCsp       *csp,
               const PwCspSearch *search,
               PwCspResult       *result,
               GError           **error)
{
  const guint n = csp->n_vars;
  Search s = { 0 };

  g_return_val_if_fail (csp != NULL && search != NULL && result != NULL, FALSE);

  memset (result, 0, sizeof *result);
  /* searches too short to reach a check stop here once time has run out */
  if (pw_deadline_passed (search->deadline))
    {
      result->node_limit = TRUE;
      return TRUE;
    }
  s.csp = csp;
  s.search = search;
  s.result = result;
  s.n_constraints = csp->constraints->len;
  s.dom = g_new (PwCspDomain, MAX (n, 1));
  s.saved = g_new (PwCspDomain, (gsize) (n + 1) * MAX (n, 1));
  s.sac = g_new (PwCspDomain, MAX (n, 1));
  s.queue = g_new (guint, MAX (s.n_constraints, 1));
  s.queued = g_new0 (guint8, MAX (s.n_constraints, 1));
  s.scratch = g_malloc (MAX (csp->scratch_size, 1));
  s.values = g_new0 (guint8, MAX (n, 1));
  s.entailed_at = MAX (csp->n_card, 1) * 2 * csp->n_values;
  s.counts_size = s.entailed_at + (s.n_constraints + 31) / 32;
  s.counts = g_new0 (guint, s.counts_size);
  s.sac_counts = g_new0 (guint, s.counts_size);
  s.saved_counts = g_new0 (guint, s.counts_size * (n + 1));

  for (guint i = 0; i < n; i++)
    s.dom[i] = csp->initial[i] & (search->domains ? search->domains[i] : csp->all);
  count_all (&s, s.dom);

  {
    gboolean empty = FALSE;

    for (guint i = 0; i < n; i++)
      empty |= s.dom[i] == 0;
    if (!empty && propagate (&s, G_MAXUINT, 0))
      dfs (&s, 0, 0);
  }
  result->exhausted = !s.stop;

  g_free (s.dom);
  g_free (s.saved);
  g_free (s.sac);
  g_free (s.queue);
  g_free (s.queued);
  g_free (s.scratch);
  g_free (s.values);
  g_free (s.counts);
  g_free (s.sac_counts);
  g_free (s.saved_counts);

  if (s.cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }
  return TRUE;
}
