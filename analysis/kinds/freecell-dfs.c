/* freecell-dfs.c — a depth-first search for a FreeCell solution, for
 * deals played with few free cells
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The best-first solver (freecell-solve.c) orders its queue by an
 * estimate tuned for four free cells; with one or two it spreads over
 * millions of positions that all look alike. This search goes deep
 * instead, as fc-solve's soft depth-first search does: from each
 * position it tries the solver's moves (whole runs at once, the
 * automatic moves to the foundations made after each) in an order that
 * spends a free cell last — cards up first, then cards out of the free
 * cells onto the cascades, runs onto a card one rank higher (those that
 * empty a cascade or uncover a card needed soon first), then a card into
 * a free cell from the cascade nearest to freeing a low card, and moves
 * into an empty cascade last — and goes on from the first child not seen
 * before. One such search that takes a wrong turn early stays below it
 * for millions of positions, so eight take turns (a portfolio, as
 * fc-solve's -l as schedules several): the first in that order, the
 * others at random within its classes, each from its own seed. They
 * share one table of the positions entered (the solver's, keyed by where
 * each card lies), so none enters a position twice; each searches below
 * every position it enters, and a child it finds entered already is
 * searched by the one that entered it, so with no budget they visit every
 * reachable position together: all running out of moves proves the deal
 * lost with its free cells.
 *
 * A solution is the path of moves, written out as atomic moves (runs by
 * pw_fc_supermove, the automatic moves by pw_fc_auto_moves) and played
 * from the start by the rules (pw_fc_move_legal) before it counts.
 */

#define G_LOG_DOMAIN "pw-freecell"

#include "config.h"

#include <string.h>

#include "freecell-private.h"

/* the portfolio of _pw_fc_solve_dfs: how many searches share the table,
 * and how many new positions each enters in its turn */
#define DFS_RUNNERS 8
#define DFS_QUOTA   500

/* A position on the path: the move that led to it from the one below,
 * and its own moves still to try, moves[next … end) of the search's
 * stack (from @start on they are its own). */
typedef struct
{
  PwFcPosition position;
  PwFcRunMove  made;
  guint32      start;
  guint32      next;
  guint32      end;
} Frame;

typedef struct
{
  Frame       *frames;
  gsize        n_frames;
  gsize        frames_size;
  PwFcRunMove *moves;
  gsize        n_moves;
  gsize        moves_size;
} Path;

/* One search of the portfolio: its path, and where its order draws its
 * randomness from (NULL: the tuned order). */
typedef struct
{
  Path     path;
  GRand   *rand;
  gboolean done;  /* its path ran out */
} Runner;

/* a move's place in the order, lower first, and the move */
typedef struct
{
  guint32     score;
  PwFcRunMove move;
} Ranked;

/* The order of the moves: by kind (a class, below), and within one
 * by how near the cascade a move leaves is to giving up a card the
 * foundations need soon (the first runner), or at random (the others). */
enum
{
  CLASS_UP,            /* a card up (not an automatic move) */
  CLASS_CELL_OUT,      /* a free cell's card onto a cascade */
  CLASS_EMPTYING,      /* a cascade's last cards onto another */
  CLASS_RUN,           /* a run onto a card one rank higher */
  CLASS_SPLIT,         /* the same, leaving part of its run behind */
  CLASS_INTO_CELL,     /* a card into a free cell */
  CLASS_BREAK,         /* the same, breaking a run */
  CLASS_INTO_EMPTY,    /* a run into an empty cascade */
  CLASS_SPLIT_EMPTY,   /* the same, leaving part of its run behind */
  CLASS_CELL_TO_EMPTY, /* a free cell's card into an empty cascade */
};
#define CLASS_SPAN 10000

/* Whether @card may lie on @parent in a cascade. */
static inline gboolean
fits_on (guint8 card,
         guint8 parent)
{
  return PW_FC_RANK (card) + 1 == PW_FC_RANK (parent) && PW_FC_RED (card) != PW_FC_RED (parent);
}

/* How far cascade @c is from giving up a card the foundations need soon:
 * for each card, the cards above it plus twice the ranks it lies above
 * its suit's next card; the least of those (0: the next card is on top). */
static guint32
urgency (const PwFcPosition *position,
         int                 c)
{
  int h = position->height[c];
  guint32 best = G_MAXUINT16;

  for (int i = 0; i < h; i++)
    {
      guint8 card = position->cards[c][i];
      guint32 away = (guint32) (PW_FC_RANK (card) - position->foundation[PW_FC_SUIT (card)] - 1);
      guint32 u = (guint32) (h - 1 - i) + 2 * away;

      best = MIN (best, u);
    }
  return best;
}

/* The class of @move from @position, and its tuned place in the class
 * (@urgent: each cascade's urgency). */
static guint32
move_class (const PwFcPosition *position,
            const guint32      *urgent,
            const PwFcRunMove  *move,
            guint32            *within)
{
  int from = move->from;
  int h, below;
  gboolean split;

  *within = 0;
  if (move->to == PW_FC_FOUNDATION)
    return CLASS_UP;
  if (PW_FC_IS_CELL (from))
    {
      *within = PW_FC_RANK (position->cells[from - PW_FC_CELL (0)]);
      return move->dest >= 4 ? CLASS_CELL_OUT : CLASS_CELL_TO_EMPTY;
    }
  h = position->height[from];
  below = h - move->count - 1;
  /* the run's bottom card lies in sequence on the card under it */
  split = below >= 0 && fits_on (position->cards[from][below + 1], position->cards[from][below]);
  *within = 10 * MIN (urgent[from], 200u);
  if (PW_FC_IS_CELL (move->to))
    return split ? CLASS_BREAK : CLASS_INTO_CELL;
  if (move->dest == 2)
    return split ? CLASS_SPLIT_EMPTY : CLASS_INTO_EMPTY;
  if (below < 0)
    return CLASS_EMPTYING;
  return split ? CLASS_SPLIT : CLASS_RUN;
}

/* Pushes the moves of @frame's position onto the stack, in order. */
static void
push_moves (Runner *runner,
            Frame  *frame)
{
  PwFcRunMove moves[PW_FC_RUN_MOVES_MAX];
  Ranked ranked[PW_FC_RUN_MOVES_MAX];
  guint32 urgent[PW_FC_MAX_CASCADES];
  const PwFcPosition *position = &frame->position;
  Path *path = &runner->path;
  GRand *rand = runner->rand;
  int n = _pw_fc_run_moves (position, moves);

  for (int c = 0; c < position->n_cascades; c++)
    urgent[c] = urgency (position, c);
  /* an insertion sort: stable, and a position has a few dozen moves */
  for (int i = 0; i < n; i++)
    {
      guint32 within;
      guint32 class = move_class (position, urgent, &moves[i], &within);
      Ranked r = { class * CLASS_SPAN, moves[i] };
      int j = i;

      /* the tuned order, or at random within the class */
      r.score += rand != NULL ? (guint32) g_rand_int_range (rand, 0, CLASS_SPAN) : within;

      while (j > 0 && ranked[j - 1].score > r.score)
        {
          ranked[j] = ranked[j - 1];
          j--;
        }
      ranked[j] = r;
    }
  if (path->n_moves + n > path->moves_size)
    {
      path->moves_size = MAX (path->moves_size * 2, path->n_moves + n);
      path->moves = g_renew (PwFcRunMove, path->moves, path->moves_size);
    }
  frame->start = frame->next = path->n_moves;
  for (int i = 0; i < n; i++)
    path->moves[path->n_moves++] = ranked[i].move;
  frame->end = path->n_moves;
}

/* A new frame on top of the path for @position, reached by @made. */
static Frame *
push_frame (Runner             *runner,
            const PwFcPosition *position,
            const PwFcRunMove  *made)
{
  Path *path = &runner->path;
  Frame *frame;

  if (path->n_frames == path->frames_size)
    {
      path->frames_size = MAX (path->frames_size * 2, 64);
      path->frames = g_renew (Frame, path->frames, path->frames_size);
    }
  frame = &path->frames[path->n_frames++];
  frame->position = *position;
  if (made != NULL)
    frame->made = *made;
  push_moves (runner, frame);
  return frame;
}

/* The atomic moves of the path's moves from @start (the first frame's
 * position before its automatic moves), then @last; FALSE when one is
 * not legal or the end is not won. Every move is checked again from the
 * start by the rules: the solution counts only if it plays. */
static gboolean
write_out (const PwFcPosition *start,
           const Path         *path,
           const PwFcRunMove  *last,
           GArray             *solution)
{
  PwFcPosition position = *start;

  pw_fc_auto_moves (&position, solution);
  for (gsize f = 1; f <= path->n_frames; f++)
    {
      const PwFcRunMove *move = f < path->n_frames ? &path->frames[f].made : last;
      guint first = solution->len;

      if (move->count == 1 || PW_FC_IS_CELL (move->from))
        {
          PwFcMove atomic = { move->from, move->to };

          g_array_append_val (solution, atomic);
        }
      else if (!pw_fc_supermove (&position, move->from, move->count, move->to, solution))
        return FALSE;
      for (guint i = first; i < solution->len; i++)
        {
          PwFcMove atomic = g_array_index (solution, PwFcMove, i);

          if (!pw_fc_move_legal (&position, atomic))
            return FALSE;
          pw_fc_move_apply (&position, atomic);
        }
      pw_fc_auto_moves (&position, solution);
    }

  /* the rules' check, from the start */
  position = *start;
  for (guint i = 0; i < solution->len; i++)
    {
      PwFcMove atomic = g_array_index (solution, PwFcMove, i);

      if (!pw_fc_move_legal (&position, atomic))
        return FALSE;
      pw_fc_move_apply (&position, atomic);
    }
  return pw_fc_position_won (&position);
}

typedef enum
{
  RUN_QUOTA,      /* its share done */
  RUN_EMPTY,      /* its path ran out: every child it made was searched */
  RUN_WON,
  RUN_STOPPED,    /* the budget or the deadline */
  RUN_CANCELLED,
} RunEnd;

typedef struct
{
  const PwFcSolveOptions *options;
  PwFcSeen               *seen;
  guint64                 states;
  PwFcRunMove             won_by;
} Search;

/* Carries @runner's search on until it has entered @quota positions
 * more, or ends. */
static RunEnd
run (Search  *search,
     Runner  *runner,
     guint64  quota,
     GError **error)
{
  Path *path = &runner->path;
  guint64 until = search->states + quota;

  while (path->n_frames > 0)
    {
      Frame *frame = &path->frames[path->n_frames - 1];
      PwFcPosition position;
      PwFcRunMove move;

      if (frame->next == frame->end)
        {
          path->n_moves = frame->start;
          path->n_frames--;
          continue;
        }
      /* the budget: positions stored, as the solver's */
      if (search->options->max_states > 0 &&
          _pw_fc_seen_count (search->seen) >= search->options->max_states)
        return RUN_STOPPED;
      move = path->moves[frame->next++];
      position = frame->position;
      _pw_fc_run_move_apply (&position, &move);
      pw_fc_auto_moves (&position, NULL);
      if (!_pw_fc_seen_add (search->seen, &position))
        continue;
      search->states++;
      if (pw_fc_position_won (&position))
        {
          search->won_by = move;
          return RUN_WON;
        }
      if ((search->states & 255) == 0)
        {
          if (g_cancellable_set_error_if_cancelled (search->options->cancellable, error))
            return RUN_CANCELLED;
          if (pw_deadline_passed (search->options->deadline))
            return RUN_STOPPED;
        }
      if ((search->states & 4095) == 0 && search->options->progress != NULL)
        search->options->progress (search->states, search->options->progress_data);
      push_frame (runner, &position, &move);
      if (search->states >= until)
        return RUN_QUOTA;
    }
  return RUN_EMPTY;
}

gboolean
_pw_fc_solve_dfs_portfolio (const PwFcPosition     *start,
                            const PwFcSolveOptions *options,
                            guint                   n_runners,
                            guint64                 quota,
                            PwFcSolveResult        *result,
                            GError                **error)
{
  g_autofree Runner *runners = NULL;
  Search search = { options, NULL, 0, { 0 } };
  PwFcPosition position;
  RunEnd end = RUN_EMPTY;
  Runner *winner = NULL;

  g_return_val_if_fail (start != NULL && options != NULL && result != NULL, FALSE);
  g_return_val_if_fail (n_runners >= 1 && quota >= 1, FALSE);

  memset (result, 0, sizeof *result);
  result->solution = g_array_new (FALSE, FALSE, sizeof (PwFcMove));
  position = *start;
  pw_fc_auto_moves (&position, NULL);
  search.seen = _pw_fc_seen_new (&position);
  _pw_fc_seen_add (search.seen, &position);
  search.states = 1;
  runners = g_new0 (Runner, n_runners);
  if (pw_fc_position_won (&position))
    end = RUN_WON;
  else
    for (guint r = 0; r < n_runners; r++)
      {
        /* the first in the tuned order, the others each at random from
         * its own seed */
        runners[r].rand = r == 0 ? NULL : g_rand_new_with_seed (r);
        push_frame (&runners[r], &position, NULL);
      }

  /* in turn, each its quota, until one wins or all have run out */
  for (gboolean any = end != RUN_WON; any;)
    {
      any = FALSE;
      for (guint r = 0; r < n_runners; r++)
        {
          if (runners[r].done)
            continue;
          end = run (&search, &runners[r], quota, error);
          if (end == RUN_EMPTY)
            runners[r].done = TRUE;
          else if (end == RUN_QUOTA)
            any = TRUE;
          else
            {
              winner = &runners[r];
              break;
            }
        }
      if (winner != NULL)
        break;
    }

  result->states = search.states;
  result->stored = _pw_fc_seen_count (search.seen);
  _pw_fc_seen_free (search.seen);
  if (end == RUN_WON)
    {
      static const Path none = { 0 };

      if (write_out (start, winner != NULL ? &winner->path : &none, &search.won_by,
                     result->solution))
        result->verdict = PW_FC_SOLVED;
      else
        {
          /* a bug, never the input's fault: say so and claim nothing */
          g_critical ("freecell: a depth-first solution did not replay");
          g_array_set_size (result->solution, 0);
        }
    }
  /* every runner's path ran out: every position reachable was entered */
  else if (end == RUN_EMPTY)
    result->verdict = PW_FC_UNSOLVABLE;
  for (guint r = 0; r < n_runners; r++)
    {
      g_free (runners[r].path.frames);
      g_free (runners[r].path.moves);
      g_clear_pointer (&runners[r].rand, g_rand_free);
    }
  if (end == RUN_CANCELLED)
    {
      pw_fc_solve_result_clear (result);
      return FALSE;
    }
  return TRUE;
}

gboolean
_pw_fc_solve_dfs (const PwFcPosition     *start,
                  const PwFcSolveOptions *options,
                  PwFcSolveResult        *result,
                  GError                **error)
{
  return _pw_fc_solve_dfs_portfolio (start, options, DFS_RUNNERS, DFS_QUOTA, result, error);
}
