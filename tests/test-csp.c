/* test-csp.c — the constraint engine against enumeration of every
 * assignment, on many small random problems, at every propagation level
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "csp.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* A plain description of the random problem and its own checker, kept
 * apart from the engine's pw_csp_check. */

#define MAX_VALUES 10   /* of the random problems */

typedef struct
{
  int     type;          /* 0 count, 1 automaton, 2 binary, 3 cardinality, 4 precedence */
  guint   vars[8];
  guint   n;
  guint   value, min, max;
  guint   n_states, start;
  guint64 accepting;
  gint16  next[6 * MAX_VALUES];
  guint32 allowed[MAX_VALUES];
  guint   card_min[MAX_VALUES], card_max[MAX_VALUES];
  guint32 first, second;
} Plain;

typedef struct
{
  guint   n_vars;
  guint   n_values;
  guint32 domains[8];
  Plain   constraints[8];
  guint   n_constraints;
} Problem;

/* Whether one constraint holds for @values (indexed by variable). */
static gboolean
plain_constraint_ok (const Problem *p,
                     const Plain   *c,
                     const guint8  *values)
{
  if (c->type == 0)
    {
      guint count = 0;

      for (guint i = 0; i < c->n; i++)
        if (values[c->vars[i]] == c->value)
          count++;
      if (count < c->min || count > c->max)
        return FALSE;
    }
  else if (c->type == 1)
    {
      int state = c->start;

      for (guint i = 0; i < c->n; i++)
        {
          state = c->next[state * p->n_values + values[c->vars[i]]];
          if (state < 0)
            return FALSE;
        }
      if (!(c->accepting & (G_GUINT64_CONSTANT (1) << state)))
        return FALSE;
    }
  else if (c->type == 4)
    {
      /* the first value of either set must be of the first set */
      for (guint i = 0; i < c->n; i++)
        {
          if (c->first & (1u << values[c->vars[i]]))
            break;
          if (c->second & (1u << values[c->vars[i]]))
            return FALSE;
        }
    }
  else if (c->type == 3)
    {
      guint count[MAX_VALUES] = { 0 };

      for (guint i = 0; i < c->n; i++)
        count[values[c->vars[i]]]++;
      for (guint v = 0; v < p->n_values; v++)
        if (count[v] < c->card_min[v] || count[v] > c->card_max[v])
          return FALSE;
    }
  else if (!(c->allowed[values[c->vars[0]]] & (1u << values[c->vars[1]])))
    return FALSE;
  return TRUE;
}

static gboolean
plain_ok (const Problem *p,
          const guint8  *values)
{
  for (guint i = 0; i < p->n_vars; i++)
    if (!(p->domains[i] & (1u << values[i])))
      return FALSE;
  for (guint k = 0; k < p->n_constraints; k++)
    if (!plain_constraint_ok (p, &p->constraints[k], values))
      return FALSE;
  return TRUE;
}

/* How many assignments @n variables have, each one numbered: decode ()
 * sets the variables @vars (NULL: 0..n-1) to assignment @code's values. */
static guint64
n_assignments (const Problem *p,
               guint          n)
{
  guint64 total = 1;

  for (guint i = 0; i < n; i++)
    total *= p->n_values;
  return total;
}

static void
decode (const Problem *p,
        guint64        code,
        const guint   *vars,
        guint          n,
        guint8        *values)
{
  for (guint i = 0; i < n; i++)
    {
      values[vars ? vars[i] : i] = code % p->n_values;
      code /= p->n_values;
    }
}

/* Every assignment, in lexicographic order: the solutions as strings. */
static GPtrArray *
enumerate (const Problem *p)
{
  GPtrArray *solutions = g_ptr_array_new_with_free_func (g_free);
  guint8 values[8] = { 0 };
  guint64 total = n_assignments (p, p->n_vars);

  for (guint64 code = 0; code < total; code++)
    {
      decode (p, code, NULL, p->n_vars, values);
      if (plain_ok (p, values))
        g_ptr_array_add (solutions, g_memdup2 (values, p->n_vars));
    }
  return solutions;
}

static void
random_automaton (GRand         *rand,
                  const Problem *p,
                  Plain         *c)
{
  c->type = 1;
  c->n_states = g_rand_int_range (rand, 1, 7);
  c->start = g_rand_int_range (rand, 0, c->n_states);
  c->accepting = g_rand_int (rand) & ((1u << c->n_states) - 1);
  if (c->accepting == 0)
    c->accepting = 1;
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      /* like a combination line: each value either leads to one state
       * from every state it may come from (a piece) or keeps the state
       * (an empty cell), which the engine propagates by values */
      for (guint v = 0; v < p->n_values; v++)
        {
          int target = g_rand_int_range (rand, 0, 2) == 0 ? -1
                       : g_rand_int_range (rand, 0, c->n_states);

          for (guint st = 0; st < c->n_states; st++)
            c->next[st * p->n_values + v] = g_rand_int_range (rand, 0, 4) == 0 ? -1
                                            : target < 0 ? (int) st : target;
        }
      return;
    }
  for (guint i = 0; i < c->n_states * p->n_values; i++)
    c->next[i] = g_rand_int_range (rand, 0, 5) == 0
                 ? -1 : g_rand_int_range (rand, 0, c->n_states);
  /* often a value that changes no state, as an empty cell on a
   * combination line: the propagator passes those through */
  if (g_rand_int_range (rand, 0, 2) == 0)
    for (guint st = 0; st < c->n_states; st++)
      c->next[st * p->n_values] = st;
  /* often two values the automaton cannot tell apart (two pieces of one
   * colour on a line), which a domain may lose one at a time */
  if (p->n_values >= 3 && g_rand_int_range (rand, 0, 2) == 0)
    {
      guint a = g_rand_int_range (rand, 1, p->n_values);
      guint b = g_rand_int_range (rand, 1, p->n_values);

      for (guint st = 0; st < c->n_states; st++)
        c->next[st * p->n_values + b] = c->next[st * p->n_values + a];
    }
  /* sometimes an accepting state every value keeps (value precedence
   * once its first value has come): the rest of the word is free */
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      guint st = g_rand_int_range (rand, 0, c->n_states);

      c->accepting |= G_GUINT64_CONSTANT (1) << st;
      for (guint v = 0; v < p->n_values; v++)
        c->next[st * p->n_values + v] = st;
    }
}

/* Two disjoint random sets of values, either sometimes empty. */
static void
random_precedence (GRand         *rand,
                   const Problem *p,
                   Plain         *c)
{
  c->type = 4;
  c->first = c->second = 0;
  for (guint v = 0; v < p->n_values; v++)
    switch (g_rand_int_range (rand, 0, 3))
      {
      case 0:
        c->first |= 1u << v;
        break;
      case 1:
        c->second |= 1u << v;
        break;
      default:
        break;
      }
}

/* A random binary constraint on two distinct variables. */
static void
random_binary (GRand         *rand,
               const Problem *p,
               Plain         *c)
{
  c->type = 2;
  c->n = 2;
  c->vars[0] = g_rand_int_range (rand, 0, p->n_vars);
  do
    c->vars[1] = g_rand_int_range (rand, 0, p->n_vars);
  while (c->vars[1] == c->vars[0]);
  for (guint a = 0; a < p->n_values; a++)
    c->allowed[a] = g_rand_int (rand) & ((1u << p->n_values) - 1);
}

static void
random_problem (GRand   *rand,
                Problem *p)
{
  memset (p, 0, sizeof *p);
  p->n_vars = g_rand_int_range (rand, 1, 8);
  p->n_values = g_rand_int_range (rand, 2, 5);
  /* now and then more values than the engine's domain-indexed automaton
   * tables take (8), on fewer variables, so both ways are checked */
  if (g_rand_int_range (rand, 0, 8) == 0)
    {
      p->n_vars = g_rand_int_range (rand, 1, 5);
      p->n_values = g_rand_int_range (rand, 9, 11);
    }
  for (guint i = 0; i < p->n_vars; i++)
    {
      p->domains[i] = (1u << p->n_values) - 1;
      if (g_rand_int_range (rand, 0, 4) == 0)
        p->domains[i] &= ~(1u << g_rand_int_range (rand, 0, p->n_values));
    }
  p->n_constraints = g_rand_int_range (rand, 1, 6);
  for (guint k = 0; k < p->n_constraints; k++)
    {
      Plain *c = &p->constraints[k];

      c->type = g_rand_int_range (rand, 0, 5);
      if (c->type == 2 && p->n_vars < 2)
        c->type = 0;
      if (c->type == 2)
        {
          random_binary (rand, p, c);
          continue;
        }
      /* a random scope, sometimes with a variable twice */
      c->n = g_rand_int_range (rand, 1, p->n_vars + 2);
      for (guint i = 0; i < c->n; i++)
        c->vars[i] = g_rand_int_range (rand, 0, p->n_vars);
      if (c->type == 0)
        {
          c->value = g_rand_int_range (rand, 0, p->n_values);
          c->min = g_rand_int_range (rand, 0, c->n + 1);
          c->max = g_rand_int_range (rand, c->min, c->n + 2);
        }
      else if (c->type == 3)
        for (guint v = 0; v < p->n_values; v++)
          {
            c->card_min[v] = g_rand_int_range (rand, 0, 3);
            c->card_max[v] = c->card_min[v] + g_rand_int_range (rand, 0, c->n + 1);
          }
      else if (c->type == 4)
        random_precedence (rand, p, c);
      else
        random_automaton (rand, p, c);
    }
}

/* Automata, precedences and binary tables only, scopes of distinct
 * variables: the constraints whose propagators are exactly arc
 * consistent, so a search with arc consistency has one right node count. */
static void
random_arc_problem (GRand   *rand,
                    Problem *p)
{
  memset (p, 0, sizeof *p);
  p->n_vars = g_rand_int_range (rand, 2, 8);
  p->n_values = g_rand_int_range (rand, 2, 5);
  for (guint i = 0; i < p->n_vars; i++)
    p->domains[i] = (1u << p->n_values) - 1;
  p->n_constraints = g_rand_int_range (rand, 1, 6);
  for (guint k = 0; k < p->n_constraints; k++)
    {
      Plain *c = &p->constraints[k];
      guint order[8];

      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          random_binary (rand, p, c);
          continue;
        }
      /* a scope of up to five distinct variables */
      for (guint i = 0; i < p->n_vars; i++)
        order[i] = i;
      c->type = 1;
      c->n = g_rand_int_range (rand, 1, MIN (p->n_vars, 5) + 1);
      for (guint i = 0; i < c->n; i++)
        {
          guint j = g_rand_int_range (rand, i, p->n_vars);
          guint t = order[i];

          order[i] = order[j];
          order[j] = t;
          c->vars[i] = order[i];
        }
      if (g_rand_int_range (rand, 0, 4) == 0)
        random_precedence (rand, p, c);
      else
        random_automaton (rand, p, c);
    }
}

static PwCsp *
build (const Problem *p)
{
  PwCsp *csp = pw_csp_new (p->n_vars, p->n_values);

  for (guint i = 0; i < p->n_vars; i++)
    pw_csp_restrict (csp, i, p->domains[i]);
  for (guint k = 0; k < p->n_constraints; k++)
    {
      const Plain *c = &p->constraints[k];

      if (c->type == 0)
        pw_csp_add_count (csp, c->vars, c->n, c->value, c->min, c->max);
      else if (c->type == 1)
        {
          PwCspAutomaton a = { c->n_states, c->start, c->accepting, c->next };

          pw_csp_add_automaton (csp, c->vars, c->n, &a);
        }
      else if (c->type == 3)
        pw_csp_add_cardinality (csp, c->vars, c->n, c->card_min, c->card_max);
      else if (c->type == 4)
        pw_csp_add_precedence (csp, c->vars, c->n, c->first, c->second);
      else
        pw_csp_add_binary (csp, c->vars[0], c->vars[1], c->allowed);
    }
  return csp;
}

typedef struct
{
  GHashTable *seen;
  guint       n_vars;
} Collect;

static gboolean
collect (const guint8 *values,
         gpointer      data)
{
  Collect *c = data;
  char *key = g_strndup ((const char *) values, c->n_vars);

  /* values are small: add 1 so no byte is a terminator */
  for (guint i = 0; i < c->n_vars; i++)
    key[i] = values[i] + 1;
  g_assert_false (g_hash_table_contains (c->seen, key));
  g_hash_table_add (c->seen, key);
  return TRUE;
}

/* Every setting finds exactly the enumerated solutions, each once. */
static void
test_csp_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  guint with_solutions = 0, total = 0;

  for (int n = 0; n < 3000; n++)
    {
      Problem p;
      g_autoptr(PwCsp) csp = NULL;
      g_autoptr(GPtrArray) expected = NULL;

      random_problem (rand, &p);
      csp = build (&p);
      expected = enumerate (&p);
      total++;
      with_solutions += expected->len > 0;

      for (int setting = 0; setting < 16; setting++)
        {
          PwCspSearch search;
          PwCspResult result;
          Collect c = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), p.n_vars };
          g_autoptr(GError) error = NULL;
          guint order[8];

          pw_csp_search_init (&search);
          search.propagation = setting % 4;
          search.cardinality = (setting / 4) % 2;
          search.order = (setting / 8) % 2 ? PW_CSP_ORDER_SMALLEST_DOMAIN : PW_CSP_ORDER_STATIC;
          search.values_descending = setting % 2;
          for (guint i = 0; i < p.n_vars; i++)
            order[i] = p.n_vars - 1 - i;
          search.var_order = setting % 4 == 1 ? order : NULL;
          search.on_solution = collect;
          search.on_solution_data = &c;
          g_assert_true (pw_csp_search (csp, &search, &result, &error));
          g_assert_no_error (error);
          g_assert_true (result.exhausted);
          g_assert_cmpuint (result.solutions, ==, expected->len);
          g_assert_cmpuint (g_hash_table_size (c.seen), ==, expected->len);
          g_hash_table_unref (c.seen);

          /* the cap stops at the cap */
          if (expected->len >= 2)
            {
              search.on_solution = NULL;
              search.max_solutions = 2;
              g_assert_true (pw_csp_search (csp, &search, &result, NULL));
              g_assert_cmpuint (result.solutions, ==, 2);
            }
        }
      for (guint i = 0; i < expected->len; i++)
        g_assert_true (pw_csp_check (csp, g_ptr_array_index (expected, i)));
    }
  g_test_message ("%u problems, %u with solutions", total, with_solutions);
  g_assert_cmpuint (with_solutions, >, total / 5);
  g_assert_cmpuint (with_solutions, <, total - total / 10);
}

/* Arc consistency by its definition, from scratch: a value stays while
 * every constraint on its variable has an assignment of its scope, within
 * the domains, that gives the variable that value and satisfies it.
 * FALSE when a domain empties. */
static gboolean
plain_arc_consistency (const Problem *p,
                       guint32       *dom)
{
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint k = 0; k < p->n_constraints; k++)
        {
          const Plain *c = &p->constraints[k];
          guint32 supported[8] = { 0 };
          guint8 values[8] = { 0 };
          guint64 total = n_assignments (p, c->n);

          for (guint64 code = 0; code < total; code++)
            {
              gboolean within = TRUE;

              decode (p, code, c->vars, c->n, values);
              for (guint i = 0; i < c->n; i++)
                within &= (dom[c->vars[i]] >> values[c->vars[i]]) & 1;
              if (within && plain_constraint_ok (p, c, values))
                for (guint i = 0; i < c->n; i++)
                  supported[i] |= 1u << values[c->vars[i]];
            }
          for (guint i = 0; i < c->n; i++)
            if ((dom[c->vars[i]] & supported[i]) != dom[c->vars[i]])
              {
                dom[c->vars[i]] &= supported[i];
                if (dom[c->vars[i]] == 0)
                  return FALSE;
                changed = TRUE;
              }
        }
    }
  return TRUE;
}

/* The engine's search with arc consistency, written plainly: variables
 * in @order, values ascending, every value tried a node, the domains
 * made arc consistent from scratch at every node. */
static void
plain_search (const Problem *p,
              const guint   *order,
              const guint32 *dom,
              guint64       *nodes,
              guint64       *solutions)
{
  guint var = G_MAXUINT;

  for (guint i = 0; i < p->n_vars && var == G_MAXUINT; i++)
    if (dom[order[i]] & (dom[order[i]] - 1))
      var = order[i];
  if (var == G_MAXUINT)
    {
      ++*solutions;
      return;
    }
  for (guint v = 0; v < p->n_values; v++)
    {
      guint32 child[8];

      if (!((dom[var] >> v) & 1))
        continue;
      ++*nodes;
      memcpy (child, dom, sizeof child);
      child[var] = 1u << v;
      if (plain_arc_consistency (p, child))
        plain_search (p, order, child, nodes, solutions);
    }
}

/* The engine's arc consistency is the definition's at every node of the
 * search, however it gets there (waking only the constraints a change
 * concerns, leaving entailed ones asleep): the same node count as the
 * plain search on many random problems. */
static void
test_csp_arc_nodes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  guint64 all_nodes = 0;

  for (int n = 0; n < 1500; n++)
    {
      Problem p;
      g_autoptr(PwCsp) csp = NULL;
      guint32 dom[8];
      guint order[8];
      guint64 nodes = 0, solutions = 0;
      PwCspSearch search;
      PwCspResult result;

      random_arc_problem (rand, &p);
      csp = build (&p);
      for (guint i = 0; i < p.n_vars; i++)
        order[i] = i;
      for (guint i = p.n_vars; i > 1; i--)
        {
          guint j = g_rand_int_range (rand, 0, i);
          guint t = order[i - 1];

          order[i - 1] = order[j];
          order[j] = t;
        }
      memcpy (dom, p.domains, sizeof dom);
      if (plain_arc_consistency (&p, dom))
        plain_search (&p, order, dom, &nodes, &solutions);

      pw_csp_search_init (&search);
      search.propagation = PW_CSP_ARC_CONSISTENCY;
      search.var_order = order;
      g_assert_true (pw_csp_search (csp, &search, &result, NULL));
      g_assert_cmpuint (result.solutions, ==, solutions);
      g_assert_cmpuint (result.nodes, ==, nodes);
      all_nodes += nodes;
    }
  g_test_message ("%" G_GUINT64_FORMAT " nodes in all", all_nodes);
  g_assert_cmpuint (all_nodes, >, 10000);
}

/* Stronger propagation never needs more nodes; assumptions restrict. */
static void
test_csp_levels (void)
{
  /* 6 variables of 0..2, each value exactly twice, no two equal
   * neighbours in the sequence */
  static const gint16 next[] = {
    /* state = last value + 1; state 0 = start */
    1, 2, 3,
    -1, 2, 3,
    1, -1, 3,
    1, 2, -1,
  };
  PwCspAutomaton automaton = { 4, 0, 0xf, next };
  guint vars[6] = { 0, 1, 2, 3, 4, 5 };
  g_autoptr(PwCsp) csp = pw_csp_new (6, 3);
  PwCspSearch search;
  PwCspResult fc, ac, sac;
  PwCspDomain assume[6] = { 1, 7, 7, 7, 7, 7 };

  pw_csp_add_automaton (csp, vars, 6, &automaton);
  for (guint v = 0; v < 3; v++)
    pw_csp_add_count (csp, vars, 6, v, 2, 2);

  pw_csp_search_init (&search);
  search.propagation = PW_CSP_FORWARD_CHECKING;
  pw_csp_search (csp, &search, &fc, NULL);
  search.propagation = PW_CSP_ARC_CONSISTENCY;
  pw_csp_search (csp, &search, &ac, NULL);
  search.propagation = PW_CSP_SINGLETON_ARC_CONSISTENCY;
  pw_csp_search (csp, &search, &sac, NULL);
  {
    PwCspResult root;

    search.propagation = PW_CSP_SINGLETON_AT_ROOT;
    pw_csp_search (csp, &search, &root, NULL);
    g_assert_cmpuint (root.solutions, ==, 30);
    g_assert_cmpuint (root.nodes, <=, ac.nodes);
    g_assert_cmpuint (root.nodes, >=, sac.nodes);
    search.propagation = PW_CSP_SINGLETON_ARC_CONSISTENCY;
  }
  /* 30 arrangements of aabbcc with no equal neighbours */
  g_assert_cmpuint (fc.solutions, ==, 30);
  g_assert_cmpuint (ac.solutions, ==, 30);
  g_assert_cmpuint (sac.solutions, ==, 30);
  g_assert_cmpuint (ac.nodes, <=, fc.nodes);
  g_assert_cmpuint (sac.nodes, <=, ac.nodes);

  search.domains = assume;
  pw_csp_search (csp, &search, &sac, NULL);
  g_assert_cmpuint (sac.solutions, ==, 10);

  /* a node limit stops the search, not exhausted */
  search.domains = NULL;
  search.propagation = PW_CSP_FORWARD_CHECKING;
  search.max_nodes = 5;
  pw_csp_search (csp, &search, &fc, NULL);
  g_assert_true (fc.node_limit);
  g_assert_false (fc.exhausted);
  g_assert_cmpuint (fc.nodes, ==, 5);
}

/* Automata of more than 64 states take the general path: a counter of
 * ones with 70 states, accepting exactly three. */
static void
test_csp_big_automaton (void)
{
  enum { STATES = 70 };
  g_autofree gint16 *next = g_new (gint16, STATES * 2);
  guint vars[6] = { 0, 1, 2, 3, 4, 5 };
  g_autoptr(PwCsp) csp = pw_csp_new (6, 2);
  PwCspAutomaton automaton = { STATES, 0, G_GUINT64_CONSTANT (1) << 3, next };
  PwCspSearch search;
  PwCspResult result;

  for (int st = 0; st < STATES; st++)
    {
      next[st * 2] = st;
      next[st * 2 + 1] = MIN (st + 1, STATES - 1);
    }
  pw_csp_add_automaton (csp, vars, 6, &automaton);
  for (int level = 0; level < 4; level++)
    {
      pw_csp_search_init (&search);
      search.propagation = level;
      g_assert_true (pw_csp_search (csp, &search, &result, NULL));
      g_assert_cmpuint (result.solutions, ==, 20);  /* 6 choose 3 */
    }
}

static gboolean
cancel_at_once (const guint8 *values,
                gpointer      data)
{
  g_cancellable_cancel (data);
  return TRUE;
}

static void
test_csp_cancel (void)
{
  g_autoptr(PwCsp) csp = pw_csp_new (30, 2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  PwCspSearch search;
  PwCspResult result;

  pw_csp_search_init (&search);
  search.cancellable = cancellable;
  search.on_solution = cancel_at_once;
  search.on_solution_data = cancellable;
  g_assert_false (pw_csp_search (csp, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.nodes, <, 4096);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/csp/random", test_csp_random);
  g_test_add_func ("/analysis/csp/levels", test_csp_levels);
  g_test_add_func ("/analysis/csp/arc-nodes", test_csp_arc_nodes);
  g_test_add_func ("/analysis/csp/cancel", test_csp_cancel);
  g_test_add_func ("/analysis/csp/big-automaton", test_csp_big_automaton);
  return g_test_run ();
}
