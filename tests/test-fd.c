/* test-fd.c — the general constraint engine against enumeration of every
 * assignment on many small random problems, its propagation against
 * consistency computed from the definitions, and well-known counts
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fd.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* A plain description of a random problem and its own checker, kept
 * apart from the engine's pw_fd_check (which must agree with it). */

#define MAX_VARS    16
#define MAX_CONS    8
/* narrow problems: every assignment of values 0..n_values−1 is tried */
#define MAX_NARROW  7

enum
{
  PLAIN_ALL_DIFFERENT,
  PLAIN_LESS,
  PLAIN_NOT_EQUAL,
  PLAIN_LINEAR,
  PLAIN_TABLE,
  N_PLAIN,
};

typedef struct
{
  int          type;
  guint        vars[MAX_VARS];
  guint        n;
  int          offsets[MAX_VARS];   /* all-different */
  int          offset;              /* less: x + offset < y */
  int          coeffs[MAX_VARS];    /* linear */
  PwFdRelation relation;
  gint64       rhs;
  gboolean    *allowed;             /* table: n_values × n_values */
} Plain;

/* Narrow problems have at most MAX_NARROW values; wide ones up to
 * PW_FD_MAX_VALUES, with domains of a few values each (over word
 * boundaries), so that the product of the domains is small. */
typedef struct
{
  guint    n_vars;
  guint    n_values;
  gboolean wide;
  gboolean domain[MAX_VARS][PW_FD_MAX_VALUES];
  Plain    cons[MAX_CONS];
  guint    n_cons;
} Problem;

static void
problem_clear (Problem *p)
{
  for (guint k = 0; k < p->n_cons; k++)
    g_free (p->cons[k].allowed);
}

static gboolean
plain_holds (const Problem *p,
             const Plain   *c,
             const guint16 *values)
{
  switch (c->type)
    {
    case PLAIN_ALL_DIFFERENT:
      for (guint i = 0; i < c->n; i++)
        for (guint j = 0; j < i; j++)
          if ((int) values[c->vars[i]] + c->offsets[i] == (int) values[c->vars[j]] + c->offsets[j])
            return FALSE;
      return TRUE;
    case PLAIN_LESS:
      return (int) values[c->vars[0]] + c->offset < (int) values[c->vars[1]];
    case PLAIN_NOT_EQUAL:
      return values[c->vars[0]] != values[c->vars[1]];
    case PLAIN_LINEAR:
      {
        gint64 sum = 0;

        for (guint i = 0; i < c->n; i++)
          sum += c->coeffs[i] * (gint64) values[c->vars[i]];
        return c->relation == PW_FD_EQ ? sum == c->rhs : sum <= c->rhs;
      }
    case PLAIN_TABLE:
      return c->allowed[values[c->vars[0]] * p->n_values + values[c->vars[1]]];
    default:
      g_assert_not_reached ();
    }
}

static gboolean
plain_ok (const Problem *p,
          const guint16 *values)
{
  for (guint i = 0; i < p->n_vars; i++)
    if (!p->domain[i][values[i]])
      return FALSE;
  for (guint k = 0; k < p->n_cons; k++)
    if (!plain_holds (p, &p->cons[k], values))
      return FALSE;
  return TRUE;
}

/* A random subset of @n distinct variables. */
static void
random_scope (GRand *rand,
              guint  n_vars,
              guint *vars,
              guint  n)
{
  guint all[MAX_VARS];

  for (guint i = 0; i < n_vars; i++)
    all[i] = i;
  for (guint i = 0; i < n; i++)
    {
      guint j = g_rand_int_range (rand, i, n_vars);
      guint t = all[i];

      all[i] = all[j];
      all[j] = t;
      vars[i] = all[i];
    }
}

/* A value in the domain of @var, at random (0 when it is empty). */
static guint
some_value (GRand         *rand,
            const Problem *p,
            guint          var)
{
  guint values[PW_FD_MAX_VALUES], n = 0;

  for (guint v = 0; v < p->n_values; v++)
    if (p->domain[var][v])
      values[n++] = v;
  return n > 0 ? values[g_rand_int_range (rand, 0, n)] : 0;
}

static void
random_constraint (GRand   *rand,
                   Problem *p,
                   int      type,
                   gboolean allow_repeats)
{
  Plain *c = &p->cons[p->n_cons++];

  memset (c, 0, sizeof *c);
  c->type = type;
  switch (type)
    {
    case PLAIN_ALL_DIFFERENT:
      c->n = g_rand_int_range (rand, 2, MIN (p->n_vars, 5) + 1);
      random_scope (rand, p->n_vars, c->vars, c->n);
      if (g_rand_int_range (rand, 0, 3) == 0)
        for (guint i = 0; i < c->n; i++)
          {
            c->offsets[i] = g_rand_int_range (rand, -3, 4);
            /* wide: shifts of a word or more, so that some positions
             * meet past a word boundary */
            if (p->wide)
              c->offsets[i] += 64 * g_rand_int_range (rand, -1, 2);
          }
      /* now and then a variable twice (different offsets can make that
       * satisfiable) */
      if (allow_repeats && g_rand_int_range (rand, 0, 15) == 0)
        c->vars[c->n - 1] = c->vars[0];
      break;
    case PLAIN_LESS:
    case PLAIN_NOT_EQUAL:
    case PLAIN_TABLE:
      c->n = 2;
      random_scope (rand, p->n_vars, c->vars, 2);
      if (allow_repeats && g_rand_int_range (rand, 0, 15) == 0)
        c->vars[1] = c->vars[0];
      c->offset = g_rand_int_range (rand, -2, 3);
      if (type == PLAIN_TABLE)
        {
          int density = g_rand_int_range (rand, 30, 81);

          c->allowed = g_new (gboolean, p->n_values * p->n_values);
          for (guint i = 0; i < p->n_values * p->n_values; i++)
            c->allowed[i] = g_rand_int_range (rand, 0, 100) < density;
        }
      break;
    case PLAIN_LINEAR:
      {
        gint64 sum = 0;

        c->n = g_rand_int_range (rand, 1, MIN (p->n_vars, 4) + 1);
        random_scope (rand, p->n_vars, c->vars, c->n);
        if (allow_repeats && c->n > 1 && g_rand_int_range (rand, 0, 15) == 0)
          c->vars[1] = c->vars[0];
        for (guint i = 0; i < c->n; i++)
          {
            c->coeffs[i] = g_rand_int_range (rand, -3, 4);
            sum += c->coeffs[i] * (gint64) some_value (rand, p, c->vars[i]);
          }
        c->relation = g_rand_boolean (rand) ? PW_FD_EQ : PW_FD_LE;
        /* near a reachable sum, so that it is often satisfiable */
        c->rhs = sum + g_rand_int_range (rand, -2, 3);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Narrow: now and then a range, a value removed, a value assigned. */
static void
random_narrow_domains (GRand   *rand,
                       Problem *p)
{
  for (guint i = 0; i < p->n_vars; i++)
    for (guint v = 0; v < p->n_values; v++)
      p->domain[i][v] = TRUE;
  for (guint i = 0; i < p->n_vars; i++)
    {
      switch (g_rand_int_range (rand, 0, 8))
        {
        case 0:
          {
            guint lo = g_rand_int_range (rand, 0, p->n_values);
            guint hi = g_rand_int_range (rand, lo, p->n_values);

            for (guint v = 0; v < p->n_values; v++)
              p->domain[i][v] &= v >= lo && v <= hi;
          }
          break;
        case 1:
        case 2:
          p->domain[i][g_rand_int_range (rand, 0, p->n_values)] = FALSE;
          break;
        case 3:
          if (g_rand_int_range (rand, 0, 3) == 0)
            {
              guint a = g_rand_int_range (rand, 0, p->n_values);

              for (guint v = 0; v < p->n_values; v++)
                p->domain[i][v] &= v == a;
            }
          break;
        default:
          break;
        }
    }
}

/* Wide: @size values each (0: 2 to 5), from a window of 12 that often
 * straddles a word boundary, and now and then one from anywhere. */
static void
random_wide_domains (GRand   *rand,
                     Problem *p,
                     guint    size)
{
  guint start;

  p->n_values = g_rand_int_range (rand, 40, PW_FD_MAX_VALUES + 1);
  start = g_rand_int_range (rand, 0, p->n_values - 11);
  if (p->n_values >= 76 && g_rand_boolean (rand))
    start = 64 * g_rand_int_range (rand, 1, (p->n_values - 12) / 64 + 1) - 6;
  for (guint i = 0; i < p->n_vars; i++)
    {
      guint n = size > 0 ? size : (guint) g_rand_int_range (rand, 2, 6);

      for (guint k = 0; k < n; k++)
        p->domain[i][start + g_rand_int_range (rand, 0, 12)] = TRUE;
      if (g_rand_int_range (rand, 0, 4) == 0)
        p->domain[i][g_rand_int_range (rand, 0, p->n_values)] = TRUE;
    }
}

/* The engine's problem, built through every restriction call the plain
 * domains can be expressed with. */
static PwFd *
build (const Problem *p)
{
  PwFd *fd = pw_fd_new (p->n_vars, p->n_values);

  for (guint i = 0; i < p->n_vars; i++)
    {
      guint lo = 0, hi = p->n_values - 1, count = 0, last = 0;

      for (guint v = 0; v < p->n_values; v++)
        if (p->domain[i][v])
          {
            count++;
            last = v;
          }
      if (count == 1)
        {
          pw_fd_assign (fd, i, last);
          continue;
        }
      while (lo < p->n_values && !p->domain[i][lo])
        lo++;
      while (hi > 0 && !p->domain[i][hi])
        hi--;
      if (count == 0)
        {
          pw_fd_restrict_range (fd, i, 1, 0);
          continue;
        }
      pw_fd_restrict_range (fd, i, lo, hi);
      for (guint v = lo; v <= hi; v++)
        if (!p->domain[i][v])
          pw_fd_remove_value (fd, i, v);
    }
  for (guint k = 0; k < p->n_cons; k++)
    {
      const Plain *c = &p->cons[k];

      switch (c->type)
        {
        case PLAIN_ALL_DIFFERENT:
          {
            gboolean plain = TRUE;

            for (guint i = 0; i < c->n; i++)
              plain &= c->offsets[i] == 0;
            if (plain)
              pw_fd_add_all_different (fd, c->vars, c->n);
            else
              pw_fd_add_all_different_offset (fd, c->vars, c->offsets, c->n);
          }
          break;
        case PLAIN_LESS:
          pw_fd_add_less (fd, c->vars[0], c->vars[1], c->offset);
          break;
        case PLAIN_NOT_EQUAL:
          pw_fd_add_not_equal (fd, c->vars[0], c->vars[1]);
          break;
        case PLAIN_LINEAR:
          pw_fd_add_linear (fd, c->vars, c->coeffs, c->n, c->relation, c->rhs);
          break;
        case PLAIN_TABLE:
          pw_fd_add_table (fd, c->vars[0], c->vars[1], c->allowed);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return fd;
}

/* The assignments the brute force tries: every value of 0..n_values−1
 * for each variable of a narrow problem (so pw_fd_check also sees values
 * outside the domains), the values of its domain in a wide one. An
 * assignment is numbered by the place of each value in its candidates. */
typedef struct
{
  guint  n_vars;
  guint  n[MAX_VARS];
  guint  values[MAX_VARS][PW_FD_MAX_VALUES];
  int    place[MAX_VARS][PW_FD_MAX_VALUES];
  guint  total;
} Candidates;

static void
candidates_init (Candidates    *cand,
                 const Problem *p)
{
  cand->n_vars = p->n_vars;
  cand->total = 1;
  for (guint i = 0; i < p->n_vars; i++)
    {
      cand->n[i] = 0;
      for (guint v = 0; v < PW_FD_MAX_VALUES; v++)
        {
          cand->place[i][v] = -1;
          if (v < p->n_values && (!p->wide || p->domain[i][v]))
            {
              cand->place[i][v] = cand->n[i];
              cand->values[i][cand->n[i]++] = v;
            }
        }
      cand->total *= cand->n[i];
    }
}

static guint
assignment_index (const Candidates *cand,
                  const guint16    *values)
{
  guint index = 0;

  for (guint i = 0; i < cand->n_vars; i++)
    {
      g_assert_cmpint (cand->place[i][values[i]], >=, 0);
      index = index * cand->n[i] + cand->place[i][values[i]];
    }
  return index;
}

/* Every candidate assignment, each checked by the plain checker and by
 * pw_fd_check (they must agree): the solutions as a bitmap by index. */
static guint
brute_force (const Problem    *p,
             const Candidates *cand,
             const PwFd       *fd,
             guint8           *is_solution)
{
  guint16 values[MAX_VARS] = { 0 };
  guint count = 0;

  for (guint index = 0; index < cand->total; index++)
    {
      guint rest = index;
      gboolean ok;

      for (guint i = p->n_vars; i-- > 0;)
        {
          values[i] = cand->values[i][rest % cand->n[i]];
          rest /= cand->n[i];
        }
      g_assert_cmpuint (assignment_index (cand, values), ==, index);
      ok = plain_ok (p, values);
      g_assert_cmpint (ok, ==, pw_fd_check (fd, values));
      is_solution[index] = ok;
      count += ok;
    }
  return count;
}

typedef struct
{
  const Candidates *cand;
  const guint8     *is_solution;
  guint8           *seen;
  guint64           count;
} Collect;

static gboolean
collect_solution (const guint16 *values,
                  gpointer       data)
{
  Collect *collect = data;
  guint index = assignment_index (collect->cand, values);

  g_assert_true (collect->is_solution[index]);
  g_assert_false (collect->seen[index]);
  collect->seen[index] = 1;
  collect->count++;
  return TRUE;
}

/* Runs the engine with @search and checks that it finds exactly the
 * solutions of @is_solution (@total of them), up to the cap. Returns
 * the nodes. */
static guint64
run_and_compare (const Candidates *cand,
                 const PwFd       *fd,
                 PwFdSearch       *search,
                 const guint8     *is_solution,
                 guint             total)
{
  g_autofree guint8 *seen = g_new0 (guint8, MAX (cand->total, 1));
  g_autoptr(GError) error = NULL;
  Collect collect = { cand, is_solution, seen, 0 };
  PwFdResult result;

  search->on_solution = collect_solution;
  search->on_solution_data = &collect;
  g_assert_true (pw_fd_search (fd, search, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.solutions, ==, collect.count);
  g_assert_false (result.node_limit);
  if (search->max_solutions == 0 || total < search->max_solutions)
    {
      /* everything: the same set (each found one is a solution, none
       * twice, and as many) */
      g_assert_cmpuint (result.solutions, ==, total);
      g_assert_true (result.exhausted);
    }
  else
    {
      g_assert_cmpuint (result.solutions, ==, search->max_solutions);
      g_assert_false (result.exhausted);
    }
  return result.nodes;
}

static void
random_problem (GRand   *rand,
                Problem *p,
                gboolean wide,
                gboolean all_different_only)
{
  memset (p, 0, sizeof *p);
  p->n_vars = g_rand_int_range (rand, 3, 7);
  p->wide = wide;
  if (wide)
    random_wide_domains (rand, p, 0);
  else
    {
      p->n_values = g_rand_int_range (rand, 2, MAX_NARROW);
      random_narrow_domains (rand, p);
    }
  for (guint k = g_rand_int_range (rand, 1, 6); k > 0; k--)
    random_constraint (rand, p,
                       all_different_only || g_rand_int_range (rand, 0, 3) == 0
                       ? PLAIN_ALL_DIFFERENT : g_rand_int_range (rand, 1, N_PLAIN),
                       !all_different_only);
}

/* Thousands of random problems, a third of them wide: every search
 * configuration finds exactly the brute-force solutions, with and without
 * a cap; GAC never takes more nodes than values in the same static order
 * (its domains are never larger at any node, so its tree is part of the
 * other). */
static void
test_fd_random (void)
{
  const guint n_problems = test_instances (3000, 300);
  guint64 nodes_values = 0, nodes_gac = 0, n_solutions = 0, n_unsat = 0, n_wide_sat = 0;

  for (guint instance = 0; instance < n_problems; instance++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (instance);
      g_autoptr(PwFd) fd = NULL;
      g_autofree guint8 *is_solution = NULL;
      g_autofree Candidates *cand = g_new (Candidates, 1);
      Problem p;
      guint total;

      random_problem (rand, &p, instance % 3 == 2, instance % 4 == 0);
      fd = build (&p);
      g_assert_cmpuint (pw_fd_get_n_vars (fd), ==, p.n_vars);
      g_assert_cmpuint (pw_fd_get_n_values (fd), ==, p.n_values);
      candidates_init (cand, &p);
      is_solution = g_new0 (guint8, MAX (cand->total, 1));
      total = brute_force (&p, cand, fd, is_solution);
      n_solutions += total;
      n_unsat += total == 0;
      n_wide_sat += p.wide && total > 0;

      for (int mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
        {
          guint64 static_nodes = 0;

          for (guint config = 0; config < 7; config++)
            {
              PwFdSearch search;
              guint64 nodes;

              pw_fd_search_init (&search);
              search.all_different = mode;
              search.order = config % 2 == 0 ? PW_FD_ORDER_STATIC : PW_FD_ORDER_SMALLEST_DOMAIN;
              search.random_order = config >= 2;
              search.seed = config * 1000 + instance;
              nodes = run_and_compare (cand, fd, &search, is_solution, total);
              if (config == 0)
                static_nodes = nodes;

              /* a cap, anywhere from 1 to past the count */
              search.max_solutions = g_rand_int_range (rand, 1, total + 3);
              run_and_compare (cand, fd, &search, is_solution, total);
            }
          if (mode == PW_FD_ALLDIFF_VALUES)
            nodes_values += static_nodes;
          else
            {
              PwFdSearch search;
              guint64 values_nodes;

              pw_fd_search_init (&search);
              search.all_different = PW_FD_ALLDIFF_VALUES;
              values_nodes = run_and_compare (cand, fd, &search, is_solution, total);
              g_assert_cmpuint (static_nodes, <=, values_nodes);
              nodes_gac += static_nodes;
            }
        }
      problem_clear (&p);
    }
  g_test_message ("%u problems, %" G_GUINT64_FORMAT " solutions, %" G_GUINT64_FORMAT
                  " without, %" G_GUINT64_FORMAT " wide ones with; static-order nodes: values %"
                  G_GUINT64_FORMAT ", GAC %" G_GUINT64_FORMAT, n_problems, n_solutions, n_unsat,
                  n_wide_sat, nodes_values, nodes_gac);
  /* the problems are varied: some without solutions, many with */
  g_assert_cmpuint (n_unsat, >, n_problems / 20);
  g_assert_cmpuint (n_unsat, <, n_problems * 3 / 4);
  g_assert_cmpuint (n_solutions, >, n_problems);
  g_assert_cmpuint (n_wide_sat, >, n_problems / 10);
  /* and matching shows */
  g_assert_cmpuint (nodes_gac, <, nodes_values);
}

/* ------------------------------------------------------------------ */
/* All-different's propagation from the definitions                     */

/* Marks in @supported[i][v] whether position i of the all-different @c
 * takes value v in some assignment of its scope from @domain whose
 * values (plus offsets) all differ. */
static void
supports (const Problem *p,
          const Plain   *c,
          gboolean       domain[MAX_VARS][PW_FD_MAX_VALUES],
          gboolean       supported[MAX_VARS][PW_FD_MAX_VALUES])
{
  guint values[MAX_VARS][PW_FD_MAX_VALUES], n[MAX_VARS], tuple[MAX_VARS];
  guint total = 1;

  memset (supported, 0, sizeof (gboolean) * MAX_VARS * PW_FD_MAX_VALUES);
  for (guint i = 0; i < c->n; i++)
    {
      n[i] = 0;
      for (guint v = 0; v < p->n_values; v++)
        if (domain[c->vars[i]][v])
          values[i][n[i]++] = v;
      total *= n[i];
    }
  for (guint index = 0; index < total; index++)
    {
      guint rest = index;
      gboolean ok = TRUE;

      for (guint i = 0; i < c->n; i++)
        {
          tuple[i] = values[i][rest % n[i]];
          rest /= n[i];
        }
      for (guint i = 0; i < c->n && ok; i++)
        for (guint j = 0; j < i && ok; j++)
          ok = (int) tuple[i] + c->offsets[i] != (int) tuple[j] + c->offsets[j];
      if (ok)
        for (guint i = 0; i < c->n; i++)
          supported[i][tuple[i]] = TRUE;
    }
}

static gboolean
no_domain_empty (const Problem *p,
                 gboolean       domain[MAX_VARS][PW_FD_MAX_VALUES])
{
  for (guint i = 0; i < p->n_vars; i++)
    {
      gboolean any = FALSE;

      for (guint v = 0; v < p->n_values; v++)
        any |= domain[i][v];
      if (!any)
        return FALSE;
    }
  return TRUE;
}

/* The GAC fixpoint of the all-different constraints, by definition:
 * remove every value with no support in some constraint until none is
 * left to remove. FALSE when a domain empties. This is the largest set of
 * domains in which every value has a support in every constraint, so a
 * propagation with the same result keeps exactly the supported values and
 * removes only unsupported ones. */
static gboolean
plain_gac (const Problem *p,
           gboolean       domain[MAX_VARS][PW_FD_MAX_VALUES])
{
  gboolean changed = TRUE;

  memcpy (domain, p->domain, sizeof p->domain);
  while (changed)
    {
      changed = FALSE;
      for (guint k = 0; k < p->n_cons; k++)
        {
          const Plain *c = &p->cons[k];
          gboolean supported[MAX_VARS][PW_FD_MAX_VALUES];

          supports (p, c, domain, supported);
          for (guint i = 0; i < c->n; i++)
            for (guint v = 0; v < p->n_values; v++)
              if (domain[c->vars[i]][v] && !supported[i][v])
                {
                  domain[c->vars[i]][v] = FALSE;
                  changed = TRUE;
                }
        }
    }
  return no_domain_empty (p, domain);
}

/* The rules of all-different by values, applied until none applies: a
 * fixed position's value (plus offsets) leaves the others; when the scope
 * can take exactly as many values as it has positions, a value only one
 * position can take is given to it; fewer values than positions fail.
 * FALSE when a domain empties or a scope fails. Shifted values are
 * counted from −PW_FD_MAX_VALUES. */
static gboolean
plain_values (const Problem *p,
              gboolean       domain[MAX_VARS][PW_FD_MAX_VALUES])
{
  gboolean changed = TRUE;

  memcpy (domain, p->domain, sizeof p->domain);
  while (changed)
    {
      changed = FALSE;
      for (guint k = 0; k < p->n_cons; k++)
        {
          const Plain *c = &p->cons[k];
          guint holders[3 * PW_FD_MAX_VALUES] = { 0 }, last[3 * PW_FD_MAX_VALUES];
          guint n_values = 0;

          for (guint i = 0; i < c->n; i++)
            {
              guint n = 0, value = 0;

              for (guint v = 0; v < p->n_values; v++)
                if (domain[c->vars[i]][v])
                  {
                    n++;
                    value = v;
                  }
              if (n != 1)
                continue;
              for (guint j = 0; j < c->n; j++)
                {
                  int other = (int) value + c->offsets[i] - c->offsets[j];

                  if (j != i && other >= 0 && other < (int) p->n_values &&
                      domain[c->vars[j]][other])
                    {
                      domain[c->vars[j]][other] = FALSE;
                      changed = TRUE;
                    }
                }
            }
          for (guint i = 0; i < c->n; i++)
            for (guint v = 0; v < p->n_values; v++)
              if (domain[c->vars[i]][v])
                {
                  guint shifted = v + c->offsets[i] + PW_FD_MAX_VALUES;

                  n_values += holders[shifted]++ == 0;
                  last[shifted] = i;
                }
          if (n_values < c->n)
            return FALSE;
          if (n_values > c->n)
            continue;
          for (guint shifted = 0; shifted < G_N_ELEMENTS (holders); shifted++)
            if (holders[shifted] == 1)
              {
                guint i = last[shifted];
                guint value = shifted - PW_FD_MAX_VALUES - c->offsets[i];

                for (guint v = 0; v < p->n_values; v++)
                  if (v != value && domain[c->vars[i]][v])
                    {
                      domain[c->vars[i]][v] = FALSE;
                      changed = TRUE;
                    }
              }
        }
      if (!no_domain_empty (p, domain))
        return FALSE;
    }
  return TRUE;
}

/* Random all-different problems, narrow and wide, with small domains
 * (where Hall sets are common): the root propagation of each mode is the
 * fixpoint of its definition (GAC: every value left has a support in
 * every constraint, every value removed had none). */
static void
test_fd_all_different (void)
{
  guint n_pruned = 0, n_failed = 0, n_stronger = 0;

  for (guint instance = 0; instance < 3000; instance++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (100000 + instance);
      g_autoptr(PwFd) fd = NULL;
      gboolean domain[MAX_VARS][PW_FD_MAX_VALUES], by_values[MAX_VARS][PW_FD_MAX_VALUES];
      PwFdDomain gac[MAX_VARS], values[MAX_VARS];
      PwFdSearch search;
      gboolean plain_result, gac_result, values_result, plain_values_result;
      Problem p;

      memset (&p, 0, sizeof p);
      p.n_vars = g_rand_int_range (rand, 3, 8);
      p.wide = instance % 3 == 2;
      if (p.wide)
        random_wide_domains (rand, &p, g_rand_int_range (rand, 2, 5));
      else
        {
          /* 2 to 4 values, now and then all */
          p.n_values = g_rand_int_range (rand, 3, 8);
          for (guint i = 0; i < p.n_vars; i++)
            {
              guint size = g_rand_int_range (rand, 0, 6) == 0 ? p.n_values
                           : (guint) g_rand_int_range (rand, 2, 5);

              for (guint k = 0; k < size; k++)
                p.domain[i][g_rand_int_range (rand, 0, p.n_values)] = TRUE;
            }
        }
      for (guint k = g_rand_int_range (rand, 1, 5); k > 0; k--)
        random_constraint (rand, &p, PLAIN_ALL_DIFFERENT, FALSE);
      fd = build (&p);

      plain_result = plain_gac (&p, domain);
      pw_fd_search_init (&search);
      search.all_different = PW_FD_ALLDIFF_GAC;
      gac_result = pw_fd_propagate (fd, &search, gac);
      search.all_different = PW_FD_ALLDIFF_VALUES;
      values_result = pw_fd_propagate (fd, &search, values);

      g_assert_cmpint (gac_result, ==, plain_result);
      /* by values: its rules, to their fixpoint */
      plain_values_result = plain_values (&p, by_values);
      g_assert_cmpint (values_result, ==, plain_values_result);
      if (values_result)
        for (guint i = 0; i < p.n_vars; i++)
          for (guint v = 0; v < PW_FD_MAX_VALUES; v++)
            g_assert_cmpint (pw_fd_domain_contains (&values[i], v), ==,
                             v < p.n_values && by_values[i][v]);
      /* values never prunes what GAC keeps, and never fails where GAC
       * does not */
      if (gac_result)
        g_assert_true (values_result);
      n_failed += !gac_result;
      n_stronger += values_result && !gac_result;
      if (!gac_result)
        continue;
      for (guint i = 0; i < p.n_vars; i++)
        for (guint v = 0; v < PW_FD_MAX_VALUES; v++)
          {
            gboolean plain = v < p.n_values && domain[i][v];

            g_assert_cmpint (pw_fd_domain_contains (&gac[i], v), ==, plain);
            if (plain)
              g_assert_true (pw_fd_domain_contains (&values[i], v));
            n_pruned += v < p.n_values && p.domain[i][v] && !plain;
            n_stronger += plain != pw_fd_domain_contains (&values[i], v);
          }
      problem_clear (&p);
    }
  g_test_message ("GAC removed %u values the definition removes; %u problems failed at the "
                  "root; %u values or failures only GAC found", n_pruned, n_failed, n_stronger);
  g_assert_cmpuint (n_pruned, >, 200);
  g_assert_cmpuint (n_failed, >, 100);
  g_assert_cmpuint (n_stronger, >, 100);
}

/* Chains and cycles of two-value domains (position i takes i or i + 1,
 * in increasing or decreasing order of the positions, the last one now
 * and then closing a cycle, a value now and then removed): alternating
 * paths as long as the scope, which the engine's quick bit-set reach
 * cannot settle in a few passes. GAC against the definition. */
static void
test_fd_all_different_chains (void)
{
  for (guint n = 2; n <= 14; n++)
    for (guint variant = 0; variant < 12; variant++)
      {
        g_autoptr(PwFd) fd = NULL;
        gboolean domain[MAX_VARS][PW_FD_MAX_VALUES];
        PwFdDomain gac[MAX_VARS];
        PwFdSearch search;
        const gboolean reversed = variant & 1, cycle = variant & 2;
        Problem p;
        gboolean plain_result;

        memset (&p, 0, sizeof p);
        p.n_vars = n;
        p.n_values = n + 1;
        for (guint i = 0; i < n; i++)
          {
            guint position = reversed ? n - 1 - i : i;

            p.domain[position][i] = TRUE;
            p.domain[position][cycle && i == n - 1 ? 0 : i + 1] = TRUE;
          }
        if (variant >= 4)
          p.domain[(variant * 7) % n][(variant * 5) % (n + 1)] = FALSE;
        p.n_cons = 1;
        p.cons[0].type = PLAIN_ALL_DIFFERENT;
        p.cons[0].n = n;
        for (guint i = 0; i < n; i++)
          p.cons[0].vars[i] = i;
        fd = build (&p);

        plain_result = plain_gac (&p, domain);
        pw_fd_search_init (&search);
        search.all_different = PW_FD_ALLDIFF_GAC;
        g_assert_cmpint (pw_fd_propagate (fd, &search, gac), ==, plain_result);
        if (plain_result)
          for (guint i = 0; i < n; i++)
            for (guint v = 0; v < PW_FD_MAX_VALUES; v++)
              g_assert_cmpint (pw_fd_domain_contains (&gac[i], v), ==,
                               v < p.n_values && domain[i][v]);
      }
}

/* Bounds reasoning on one sum, against its definition: the smallest and
 * largest value left in each variable's domain must each fit with the
 * other terms' extremes (k·b plus the others' least ≤ rhs, and for = plus
 * the others' greatest ≥ rhs); a bound that does not fit goes, until
 * every bound fits. Domains of up to 130 values (three words), with
 * holes. */
static gboolean
bound_fits (const guint  *vars,
            const int    *coeffs,
            guint         n,
            PwFdRelation  relation,
            gint64        rhs,
            int           lo[],
            int           hi[],
            guint         i,
            int           b)
{
  gint64 least = (gint64) coeffs[i] * b, most = least;

  for (guint j = 0; j < n; j++)
    if (j != i)
      {
        gint64 a = (gint64) coeffs[j] * lo[vars[j]], z = (gint64) coeffs[j] * hi[vars[j]];

        least += MIN (a, z);
        most += MAX (a, z);
      }
  return least <= rhs && (relation == PW_FD_LE || most >= rhs);
}

static void
test_fd_linear_bounds (void)
{
  guint n_narrowed = 0, n_failed = 0;

  for (guint instance = 0; instance < 3000; instance++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (200000 + instance);
      const guint n_values = g_rand_int_range (rand, 2, 131);
      const guint n = g_rand_int_range (rand, 1, 5);
      g_autoptr(PwFd) fd = pw_fd_new (n, n_values);
      gboolean domain[4][130], initial[4][130];
      guint vars[4];
      int coeffs[4], lo[4], hi[4];
      PwFdDomain result[4];
      PwFdRelation relation = g_rand_boolean (rand) ? PW_FD_EQ : PW_FD_LE;
      gint64 rhs = 0;
      gboolean ok = TRUE, changed = TRUE;

      for (guint i = 0; i < n; i++)
        {
          guint a = g_rand_int_range (rand, 0, n_values), b = g_rand_int_range (rand, 0, n_values);

          vars[i] = i;
          do
            coeffs[i] = g_rand_int_range (rand, -4, 5);
          while (coeffs[i] == 0);
          rhs += coeffs[i] * (gint64) g_rand_int_range (rand, 0, n_values);
          pw_fd_restrict_range (fd, i, MIN (a, b), MAX (a, b));
          for (guint v = 0; v < n_values; v++)
            domain[i][v] = v >= MIN (a, b) && v <= MAX (a, b);
          for (guint holes = g_rand_int_range (rand, 0, 4); holes > 0; holes--)
            {
              guint v = g_rand_int_range (rand, 0, n_values);

              pw_fd_remove_value (fd, i, v);
              domain[i][v] = FALSE;
            }
        }
      rhs += g_rand_int_range (rand, -5, 6);
      memcpy (initial, domain, sizeof domain);
      pw_fd_add_linear (fd, vars, coeffs, n, relation, rhs);

      /* the definition, one bound at a time */
      while (changed && ok)
        {
          changed = FALSE;
          for (guint i = 0; i < n && ok; i++)
            {
              lo[i] = -1;
              hi[i] = -1;
              for (guint v = 0; v < n_values; v++)
                if (domain[i][v])
                  {
                    if (lo[i] < 0)
                      lo[i] = v;
                    hi[i] = v;
                  }
              ok = lo[i] >= 0;
            }
          for (guint i = 0; i < n && ok && !changed; i++)
            {
              if (!bound_fits (vars, coeffs, n, relation, rhs, lo, hi, i, lo[i]))
                {
                  domain[i][lo[i]] = FALSE;
                  changed = TRUE;
                }
              else if (!bound_fits (vars, coeffs, n, relation, rhs, lo, hi, i, hi[i]))
                {
                  domain[i][hi[i]] = FALSE;
                  changed = TRUE;
                }
            }
        }

      g_assert_cmpint (pw_fd_propagate (fd, NULL, result), ==, ok);
      n_failed += !ok;
      if (!ok)
        continue;
      for (guint i = 0; i < n; i++)
        {
          gboolean narrowed = FALSE;

          for (guint v = 0; v < PW_FD_MAX_VALUES; v++)
            g_assert_cmpint (pw_fd_domain_contains (&result[i], v), ==,
                             v < n_values && domain[i][v]);
          for (guint v = 0; v < n_values; v++)
            narrowed |= domain[i][v] != initial[i][v];
          n_narrowed += narrowed;
        }
    }
  g_test_message ("%u domains narrowed, %u sums failed at the root", n_narrowed, n_failed);
  g_assert_cmpuint (n_narrowed, >, 1000);
  g_assert_cmpuint (n_failed, >, 100);
}

/* ------------------------------------------------------------------ */
/* Well-known counts                                                    */

static guint64
count (const PwFd *fd,
       PwFdAllDiff mode,
       PwFdOrder   order,
       gboolean    random,
       guint64     seed)
{
  g_autoptr(GError) error = NULL;
  PwFdSearch search;
  PwFdResult result;

  pw_fd_search_init (&search);
  search.all_different = mode;
  search.order = order;
  search.random_order = random;
  search.seed = seed;
  g_assert_true (pw_fd_search (fd, &search, &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.exhausted);
  return result.solutions;
}

/* Every mode and order agree on @expected. */
static void
assert_count (const PwFd *fd,
              guint64     expected)
{
  for (int mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    {
      g_assert_cmpuint (count (fd, mode, PW_FD_ORDER_STATIC, FALSE, 0), ==, expected);
      g_assert_cmpuint (count (fd, mode, PW_FD_ORDER_SMALLEST_DOMAIN, FALSE, 0), ==, expected);
      g_assert_cmpuint (count (fd, mode, PW_FD_ORDER_SMALLEST_DOMAIN, TRUE, 5), ==, expected);
    }
}

/* N queens: the queen of row i in column q[i]; columns all different,
 * and so are q[i] + i and q[i] − i (the diagonals) — offsets. */
static PwFd *
queens (guint n)
{
  PwFd *fd = pw_fd_new (n, n);
  g_autofree guint *vars = g_new (guint, n);
  g_autofree int *up = g_new (int, n);
  g_autofree int *down = g_new (int, n);

  for (guint i = 0; i < n; i++)
    {
      vars[i] = i;
      up[i] = i;
      down[i] = -(int) i;
    }
  pw_fd_add_all_different (fd, vars, n);
  pw_fd_add_all_different_offset (fd, vars, up, n);
  pw_fd_add_all_different_offset (fd, vars, down, n);
  return fd;
}

static void
test_fd_queens (void)
{
  const guint64 expected[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92 };

  for (guint n = 1; n <= 8; n++)
    {
      g_autoptr(PwFd) fd = queens (n);

      assert_count (fd, expected[n]);
    }
}

/* An n × n Latin square: rows and columns all different. */
static PwFd *
latin (guint n)
{
  PwFd *fd = pw_fd_new (n * n, n);
  g_autofree guint *vars = g_new (guint, n);

  for (guint r = 0; r < n; r++)
    {
      for (guint c = 0; c < n; c++)
        vars[c] = r * n + c;
      pw_fd_add_all_different (fd, vars, n);
    }
  for (guint c = 0; c < n; c++)
    {
      for (guint r = 0; r < n; r++)
        vars[r] = r * n + c;
      pw_fd_add_all_different (fd, vars, n);
    }
  return fd;
}

static void
test_fd_latin (void)
{
  g_autoptr(PwFd) four = latin (4);
  g_autoptr(PwFd) five = latin (5);

  assert_count (four, 576);
  /* reduced: first row and column 0, 1, …, 4 */
  for (guint i = 0; i < 5; i++)
    {
      pw_fd_assign (five, i, i);
      pw_fd_assign (five, i * 5, i);
    }
  assert_count (five, 56);
}

/* The n × n magic squares of 1..n² (values 0..n²−1 here, so a line sums
 * to n(n² + 1)/2 − n). */
static PwFd *
magic (guint n)
{
  PwFd *fd = pw_fd_new (n * n, n * n);
  g_autofree guint *all = g_new (guint, n * n);
  g_autofree guint *line = g_new (guint, n);
  g_autofree int *ones = g_new (int, n);
  const gint64 sum = (gint64) n * (n * n + 1) / 2 - n;

  for (guint i = 0; i < n * n; i++)
    all[i] = i;
  pw_fd_add_all_different (fd, all, n * n);
  for (guint i = 0; i < n; i++)
    ones[i] = 1;
  for (guint r = 0; r < n; r++)
    {
      for (guint c = 0; c < n; c++)
        line[c] = r * n + c;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
    }
  for (guint c = 0; c < n; c++)
    {
      for (guint r = 0; r < n; r++)
        line[r] = r * n + c;
      pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
    }
  for (guint i = 0; i < n; i++)
    line[i] = i * n + i;
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  for (guint i = 0; i < n; i++)
    line[i] = i * n + (n - 1 - i);
  pw_fd_add_linear (fd, line, ones, n, PW_FD_EQ, sum);
  return fd;
}

static void
test_fd_magic (void)
{
  g_autoptr(PwFd) three = magic (3);

  assert_count (three, 8);
}

static void
test_fd_magic4 (void)
{
  g_autoptr(PwFd) four = magic (4);

  g_assert_cmpuint (count (four, PW_FD_ALLDIFF_VALUES, PW_FD_ORDER_SMALLEST_DOMAIN, FALSE, 0),
                    ==, 7040);
  g_assert_cmpuint (count (four, PW_FD_ALLDIFF_GAC, PW_FD_ORDER_STATIC, FALSE, 0), ==, 7040);
}

typedef struct
{
  guint16 values[81];
  guint   n;
} Keep;

static gboolean
keep_solution (const guint16 *values,
               gpointer       data)
{
  Keep *keep = data;

  memcpy (keep->values, values, sizeof keep->values);
  keep->n++;
  return TRUE;
}

static void
test_fd_sudoku (void)
{
  const char *puzzle =
    "53..7...."
    "6..195..."
    ".98....6."
    "8...6...3"
    "4..8.3..1"
    "7...2...6"
    ".6....28."
    "...419..5"
    "....8..79";
  const char *answer =
    "534678912"
    "672195348"
    "198342567"
    "859761423"
    "426853791"
    "713924856"
    "961537284"
    "287419635"
    "345286179";
  g_autoptr(PwFd) fd = pw_fd_new (81, 9);
  guint unit[9];

  for (guint i = 0; i < 9; i++)
    {
      for (guint j = 0; j < 9; j++)
        unit[j] = i * 9 + j;
      pw_fd_add_all_different (fd, unit, 9);
      for (guint j = 0; j < 9; j++)
        unit[j] = j * 9 + i;
      pw_fd_add_all_different (fd, unit, 9);
      for (guint j = 0; j < 9; j++)
        unit[j] = (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3;
      pw_fd_add_all_different (fd, unit, 9);
    }
  for (guint cell = 0; cell < 81; cell++)
    if (puzzle[cell] != '.')
      pw_fd_assign (fd, cell, puzzle[cell] - '1');

  for (int mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    for (int order = PW_FD_ORDER_STATIC; order <= PW_FD_ORDER_SMALLEST_DOMAIN; order++)
      {
        Keep keep = { { 0 }, 0 };
        PwFdSearch search;
        PwFdResult result;

        pw_fd_search_init (&search);
        search.all_different = mode;
        search.order = order;
        search.on_solution = keep_solution;
        search.on_solution_data = &keep;
        g_assert_true (pw_fd_search (fd, &search, &result, NULL));
        g_assert_true (result.exhausted);
        g_assert_cmpuint (result.solutions, ==, 1);
        g_assert_cmpuint (keep.n, ==, 1);
        for (guint cell = 0; cell < 81; cell++)
          g_assert_cmpint (keep.values[cell], ==, answer[cell] - '1');
      }
}

/* A Latin square of order 30 from empty (900 variables), the first
 * solution in every mode: the search is linear in the variables. */
static gboolean
check_solution (const guint16 *values,
                gpointer       data)
{
  g_assert_true (pw_fd_check (data, values));
  return TRUE;
}

static void
test_fd_large (void)
{
  g_autoptr(PwFd) fd = latin (30);

  for (int mode = PW_FD_ALLDIFF_VALUES; mode <= PW_FD_ALLDIFF_GAC; mode++)
    {
      PwFdSearch search;
      PwFdResult result;

      pw_fd_search_init (&search);
      search.all_different = mode;
      search.order = PW_FD_ORDER_SMALLEST_DOMAIN;
      search.max_solutions = 1;
      search.on_solution = check_solution;
      search.on_solution_data = fd;
      g_assert_true (pw_fd_search (fd, &search, &result, NULL));
      g_assert_cmpuint (result.solutions, ==, 1);
      g_assert_false (result.exhausted);
      g_test_message ("Latin 30, mode %d: %" G_GUINT64_FORMAT " nodes", mode, result.nodes);
    }
}

/* ------------------------------------------------------------------ */
/* Limits, cancellation, determinism                                    */

static void
test_fd_node_limit (void)
{
  g_autoptr(PwFd) fd = queens (8);
  PwFdSearch search;
  PwFdResult result;
  guint64 all_nodes;

  pw_fd_search_init (&search);
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  g_assert_true (result.exhausted);
  g_assert_false (result.node_limit);
  all_nodes = result.nodes;

  search.max_nodes = 50;
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  g_assert_cmpuint (result.nodes, ==, 50);
  g_assert_true (result.node_limit);
  g_assert_false (result.exhausted);

  /* a limit the search does not reach changes nothing */
  search.max_nodes = all_nodes;
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  g_assert_cmpuint (result.nodes, ==, all_nodes);
  g_assert_cmpuint (result.solutions, ==, 92);
  g_assert_true (result.exhausted);
  g_assert_false (result.node_limit);
}

typedef struct
{
  GCancellable *cancellable;
  guint         n;
  guint         cancel_at;
} Canceller;

static gboolean
cancel_on_solution (const guint16 *values,
                    gpointer       data)
{
  Canceller *canceller = data;

  if (++canceller->n == canceller->cancel_at)
    g_cancellable_cancel (canceller->cancellable);
  return TRUE;
}

static gboolean
stop_on_solution (const guint16 *values,
                  gpointer       data)
{
  return FALSE;
}

static void
test_fd_cancel (void)
{
  g_autoptr(PwFd) fd = queens (8);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Canceller canceller = { cancellable, 0, 3 };
  PwFdSearch search;
  PwFdResult result;

  /* from the solution callback: the search stops there */
  pw_fd_search_init (&search);
  search.cancellable = cancellable;
  search.on_solution = cancel_on_solution;
  search.on_solution_data = &canceller;
  g_assert_false (pw_fd_search (fd, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.solutions, ==, 3);
  g_assert_false (result.exhausted);
  g_clear_error (&error);

  /* cancelled before: no node */
  g_assert_false (pw_fd_search (fd, &search, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.nodes, ==, 0);
  g_assert_cmpuint (result.solutions, ==, 0);
  g_assert_false (result.exhausted);
  g_clear_error (&error);

  /* the callback's FALSE stops without an error */
  pw_fd_search_init (&search);
  search.on_solution = stop_on_solution;
  g_assert_true (pw_fd_search (fd, &search, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.solutions, ==, 1);
  g_assert_false (result.exhausted);
}

typedef struct
{
  GArray *solutions;   /* guint16, n_vars each */
  guint   n_vars;
} Record;

static gboolean
record_solution (const guint16 *values,
                 gpointer       data)
{
  Record *record = data;

  g_array_append_vals (record->solutions, values, record->n_vars);
  return TRUE;
}

static GArray *
record (const PwFd *fd,
        PwFdOrder   order,
        gboolean    random,
        guint64     seed,
        guint64    *nodes)
{
  Record rec = { g_array_new (FALSE, FALSE, sizeof (guint16)), pw_fd_get_n_vars (fd) };
  PwFdSearch search;
  PwFdResult result;

  pw_fd_search_init (&search);
  search.order = order;
  search.random_order = random;
  search.seed = seed;
  search.max_solutions = 20;
  search.on_solution = record_solution;
  search.on_solution_data = &rec;
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  *nodes = result.nodes;
  return rec.solutions;
}

static gboolean
same_solutions (GArray *a,
                GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, sizeof (guint16) * a->len) == 0;
}

static void
test_fd_determinism (void)
{
  g_autoptr(PwFd) fd = queens (10);
  g_autoptr(GArray) plain = NULL;
  guint64 plain_nodes;
  guint differ = 0;

  plain = record (fd, PW_FD_ORDER_SMALLEST_DOMAIN, FALSE, 0, &plain_nodes);
  for (guint64 seed = 1; seed <= 6; seed++)
    for (int order = PW_FD_ORDER_STATIC; order <= PW_FD_ORDER_SMALLEST_DOMAIN; order++)
      {
        g_autoptr(GArray) first = NULL, second = NULL;
        guint64 first_nodes, second_nodes;

        first = record (fd, order, TRUE, seed, &first_nodes);
        second = record (fd, order, TRUE, seed, &second_nodes);
        g_assert_true (same_solutions (first, second));
        g_assert_cmpuint (first_nodes, ==, second_nodes);
        differ += !same_solutions (first, plain);
      }
  /* random orders really are other orders */
  g_assert_cmpuint (differ, >=, 10);
}

/* A cancel from another thread in the middle of a long search with no
 * solution (12 pigeons, 11 holes, by not-equal only): seen at the next
 * check, every 4096 nodes. */
static gpointer
cancel_soon (gpointer data)
{
  g_usleep (50 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_fd_cancel_thread (void)
{
  g_autoptr(PwFd) fd = pw_fd_new (12, 11);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread *thread;
  PwFdSearch search;
  PwFdResult result;

  for (guint i = 0; i < 12; i++)
    for (guint j = 0; j < i; j++)
      pw_fd_add_not_equal (fd, i, j);
  pw_fd_search_init (&search);
  search.cancellable = cancellable;
  thread = g_thread_new ("cancel", cancel_soon, cancellable);
  g_assert_false (pw_fd_search (fd, &search, &result, &error));
  g_thread_join (thread);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (result.solutions, ==, 0);
  g_assert_false (result.exhausted);
  g_assert_cmpuint (result.nodes, >, 0);
  g_assert_cmpuint (result.nodes % 4096, ==, 0);
}

static void
test_fd_misuse (void)
{
  PwFd *fd;

  g_test_expect_message ("pw-fd", G_LOG_LEVEL_CRITICAL, "*n_values*");
  fd = pw_fd_new (3, 0);
  g_test_assert_expected_messages ();
  g_assert_null (fd);
  g_test_expect_message ("pw-fd", G_LOG_LEVEL_CRITICAL, "*n_values*");
  fd = pw_fd_new (3, PW_FD_MAX_VALUES + 1);
  g_test_assert_expected_messages ();
  g_assert_null (fd);

  fd = pw_fd_new (3, PW_FD_MAX_VALUES);
  g_test_expect_message ("pw-fd", G_LOG_LEVEL_CRITICAL, "*var*");
  pw_fd_add_not_equal (fd, 0, 3);
  g_test_assert_expected_messages ();
  pw_fd_free (fd);
}

/* Wide domains: values past the first word reached by every constraint. */
static void
test_fd_wide (void)
{
  g_autoptr(PwFd) fd = pw_fd_new (3, PW_FD_MAX_VALUES);
  const guint vars[3] = { 0, 1, 2 };
  const int coeffs[3] = { 1, 1, -1 };
  PwFdDomain domains[3];
  PwFdSearch search;
  PwFdResult result;

  /* x + y − z = 0, x + 100 < y, z ≥ 250, all different */
  pw_fd_add_linear (fd, vars, coeffs, 3, PW_FD_EQ, 0);
  pw_fd_add_less (fd, 0, 1, 100);
  pw_fd_restrict_range (fd, 2, 250, 255);
  pw_fd_add_all_different (fd, vars, 3);
  g_assert_true (pw_fd_propagate (fd, NULL, domains));
  /* y ≥ 101 and y ≤ 255 − 0; x ≤ 255 − 101 = 154 and x ≤ y − 101 */
  g_assert_false (pw_fd_domain_contains (&domains[1], 100));
  g_assert_true (pw_fd_domain_contains (&domains[1], 101));
  g_assert_false (pw_fd_domain_contains (&domains[0], 155));
  g_assert_true (pw_fd_domain_contains (&domains[0], 154));

  pw_fd_search_init (&search);
  g_assert_true (pw_fd_search (fd, &search, &result, NULL));
  /* z = x + y with y ≥ x + 101, 250 ≤ z ≤ 255: for each z, the x with
   * 2x + 101 ≤ z, i.e. x ≤ (z − 101) / 2, but not 0 (y would be z) */
  {
    guint64 expected = 0;

    for (guint z = 250; z <= 255; z++)
      expected += (z - 101) / 2;
    g_assert_cmpuint (result.solutions, ==, expected);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/fd/random", test_fd_random);
  g_test_add_func ("/analysis/fd/all-different", test_fd_all_different);
  g_test_add_func ("/analysis/fd/all-different-chains", test_fd_all_different_chains);
  g_test_add_func ("/analysis/fd/linear-bounds", test_fd_linear_bounds);
  g_test_add_func ("/analysis/fd/queens", test_fd_queens);
  g_test_add_func ("/analysis/fd/latin", test_fd_latin);
  g_test_add_func ("/analysis/fd/magic", test_fd_magic);
  g_test_add_func ("/analysis/fd/magic4", test_fd_magic4);
  g_test_add_func ("/analysis/fd/sudoku", test_fd_sudoku);
  g_test_add_func ("/analysis/fd/large", test_fd_large);
  g_test_add_func ("/analysis/fd/wide", test_fd_wide);
  g_test_add_func ("/analysis/fd/node-limit", test_fd_node_limit);
  g_test_add_func ("/analysis/fd/cancel", test_fd_cancel);
  g_test_add_func ("/analysis/fd/cancel-thread", test_fd_cancel_thread);
  g_test_add_func ("/analysis/fd/determinism", test_fd_determinism);
  g_test_add_func ("/analysis/fd/misuse", test_fd_misuse);

  return g_test_run ();
}
