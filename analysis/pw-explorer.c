/* pw-explorer.c — one breadth-first state-space explorer for every kind
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "pw-explorer"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "pw-big.h"
#include "pw-explorer.h"

#define CHUNK_BITS        16
#define CHUNK_STATES      (1u << CHUNK_BITS)
#define CHUNK_MASK        (CHUNK_STATES - 1)
#define CANCEL_INTERVAL   1024
/* states rehashed between looks at the cancellable: about 0.1 ms */
#define RESIZE_CANCEL_INTERVAL 65536
#define PROGRESS_INTERVAL 65536
#define TABLE_MIN_BITS    12

typedef struct
{
  guint8  *keys;   /* CHUNK_STATES * key_size */
  guint32 *succ;   /* CHUNK_STATES * n_moves */
  guint8  *flags;  /* CHUNK_STATES */
  guint8  *won;    /* CHUNK_STATES / 8 */
  guint32 *indeg;  /* CHUNK_STATES: edges into each state; until solve */
} Chunk;

struct _PwStateGraph
{
  guint     key_size;
  guint     n_moves;
  guint32   n_states;
  guint32   n_won;
  guint64   n_edges;  /* successors stored */
  gboolean  complete;
  char     *partial_reason;

  Chunk    *chunks;
  guint     n_chunks;
  guint     chunks_alloc;

  /* state index of the first state of each depth, then n_states */
  GArray   *layers;

  /* open addressing, linear probing; an entry is state + 1 (0 = empty)
   * in the bits of index_mask, and above them as many bits of the key's
   * hash as are left, so that most slots of other keys are passed over
   * without reading those keys */
  guint32  *table;
  guint64   table_mask;
  guint32   index_mask;

  guint32  *dist;   /* after solve */

  /* while exploring: the caller's, looked at while the table is rebuilt;
   * resize_cancelled says a rebuild stopped for it */
  GCancellable *cancellable;
  PwDeadline   *deadline;
  gboolean  resize_cancelled;

  gsize     bytes;
  gsize     peak_bytes;
};

static inline guint64
hash_key (const guint8 *key,
          guint         key_size)
{
  guint64 h = 0x243f6a8885a308d3ull;

  for (guint i = 0; i < key_size; i += 8)
    {
      guint64 w;

      memcpy (&w, key + i, 8);
      h = (h ^ w) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 32;
    }
  /* probes take the low bits, entries' hash bits the high ones: one more
   * round mixes both from the whole key */
  h *= 0xd6e8feb86659fd93ull;
  h ^= h >> 32;
  return h;
}

/* Keys are whole 64-bit words; compare them as such (a call to memcmp with
 * a run-time size costs more than the comparison). */
static inline gboolean
keys_equal (const guint8 *a,
            const guint8 *b,
            guint         key_size)
{
  for (guint i = 0; i < key_size; i += 8)
    {
      guint64 x, y;

      memcpy (&x, a + i, 8);
      memcpy (&y, b + i, 8);
      if (x != y)
        return FALSE;
    }
  return TRUE;
}

/* The hash bits an entry for a key of hash @hash carries. */
static inline guint32
entry_tag (const PwStateGraph *graph,
           guint64             hash)
{
  return (guint32) (hash >> 32) & ~graph->index_mask;
}

/* The state an entry (not 0) stands for. */
static inline guint32
entry_state (const PwStateGraph *graph,
             guint32             entry)
{
  return (entry & graph->index_mask) - 1;
}

static inline Chunk *
chunk_of (const PwStateGraph *graph,
          guint32             state)
{
  return &graph->chunks[state >> CHUNK_BITS];
}

/* The _at forms take the key size and move count as arguments, so that
 * the exploration loop, instantiated with constants for the common
 * layout, computes addresses and compares keys without loops. */
static inline guint8 *
key_at (const PwStateGraph *graph,
        guint32             state,
        guint               key_size)
{
  return chunk_of (graph, state)->keys + (gsize) (state & CHUNK_MASK) * key_size;
}

static inline guint32 *
succ_at (const PwStateGraph *graph,
         guint32             state,
         guint               n_moves)
{
  return chunk_of (graph, state)->succ + (gsize) (state & CHUNK_MASK) * n_moves;
}

static inline guint8 *
key_of (const PwStateGraph *graph,
        guint32             state)
{
  return key_at (graph, state, graph->key_size);
}

static inline guint32 *
succ_of (const PwStateGraph *graph,
         guint32             state)
{
  return succ_at (graph, state, graph->n_moves);
}

static inline gboolean
won_of (const PwStateGraph *graph,
        guint32             state)
{
  guint32 i = state & CHUNK_MASK;

  return (chunk_of (graph, state)->won[i >> 3] >> (i & 7)) & 1;
}

/* A big array (pw-big.h: on huge pages) that frees itself (g_auto) at
 * the end of a scope. */
typedef struct
{
  gpointer data;
  gsize    size;
} BigArray;

static gpointer
big_array_alloc0 (BigArray *array,
                  gsize     size)
{
  array->size = size;
  return array->data = pw_big_alloc0 (size);
}

static void
big_array_clear (BigArray *array)
{
  pw_big_free (array->data, array->size);
  array->data = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BigArray, big_array_clear)

static void
account (PwStateGraph *graph,
         gssize        delta)
{
  graph->bytes += delta;
  if (graph->bytes > graph->peak_bytes)
    graph->peak_bytes = graph->bytes;
}

static gsize
chunk_bytes (const PwStateGraph *graph)
{
  return (gsize) CHUNK_STATES * (graph->key_size + 4 * graph->n_moves + 1) + CHUNK_STATES / 8;
}

static gsize
chunk_indeg_bytes (void)
{
  return (gsize) CHUNK_STATES * sizeof (guint32);
}

static gboolean
add_chunk (PwStateGraph *graph)
{
  Chunk chunk;

  if (graph->n_chunks == graph->chunks_alloc)
    {
      guint alloc = MAX (16, graph->chunks_alloc * 2);
      Chunk *chunks = g_try_realloc_n (graph->chunks, alloc, sizeof (Chunk));

      if (chunks == NULL)
        return FALSE;
      graph->chunks = chunks;
      graph->chunks_alloc = alloc;
    }

  chunk.keys = g_try_malloc ((gsize) CHUNK_STATES * graph->key_size);
  chunk.succ = g_try_malloc ((gsize) CHUNK_STATES * graph->n_moves * sizeof (guint32));
  chunk.flags = g_try_malloc0 (CHUNK_STATES);
  chunk.won = g_try_malloc0 (CHUNK_STATES / 8);
  chunk.indeg = g_try_malloc0 (chunk_indeg_bytes ());
  if (!chunk.keys || !chunk.succ || !chunk.flags || !chunk.won || !chunk.indeg)
    {
      g_free (chunk.keys);
      g_free (chunk.succ);
      g_free (chunk.flags);
      g_free (chunk.won);
      g_free (chunk.indeg);
      return FALSE;
    }

  graph->chunks[graph->n_chunks++] = chunk;
  account (graph, chunk_bytes (graph) + chunk_indeg_bytes ());
  return TRUE;
}

static void
table_free (PwStateGraph *graph)
{
  if (graph->table != NULL)
    {
      account (graph, -(gssize) ((graph->table_mask + 1) * sizeof (guint32)));
      pw_big_free (graph->table, (graph->table_mask + 1) * sizeof (guint32));
      graph->table = NULL;
      graph->table_mask = 0;
    }
}

/* Rebuilds the index at 2^@bits slots. FALSE when out of memory, or when
 * graph->cancellable was cancelled on the way (graph->resize_cancelled):
 * a rehash of tens of millions of states takes tens of milliseconds, so
 * it looks every RESIZE_CANCEL_INTERVAL states. The old table stays. */
static gboolean
table_resize (PwStateGraph *graph,
              guint         bits)
{
  guint64 size = G_GUINT64_CONSTANT (1) << bits;
  guint32 *table = pw_big_alloc0 (size * sizeof (guint32));

  if (table == NULL)
    return FALSE;
  account (graph, size * sizeof (guint32));

  /* in batches: hash a batch and request its slots, then fill them */
  for (guint32 first = 0; first < graph->n_states; first += 32)
    {
      guint32 n = MIN (32, graph->n_states - first);
      guint64 hashes[32];

      if (first % RESIZE_CANCEL_INTERVAL == 0 && first > 0 &&
          g_cancellable_is_cancelled (graph->cancellable))
        {
          account (graph, -(gssize) (size * sizeof (guint32)));
          pw_big_free (table, size * sizeof (guint32));
          graph->resize_cancelled = TRUE;
          return FALSE;
        }

      for (guint32 j = 0; j < n; j++)
        {
          hashes[j] = hash_key (key_of (graph, first + j), graph->key_size);
          __builtin_prefetch (&table[hashes[j] & (size - 1)]);
        }
      for (guint32 j = 0; j < n; j++)
        {
          guint64 slot = hashes[j] & (size - 1);

          while (table[slot] != 0)
            slot = (slot + 1) & (size - 1);
          table[slot] = entry_tag (graph, hashes[j]) | (first + j + 1);
        }
    }

  table_free (graph);
  graph->table = table;
  graph->table_mask = size - 1;
  return TRUE;
}

static gboolean
table_build (PwStateGraph *graph)
{
  guint bits = TABLE_MIN_BITS;

  while ((G_GUINT64_CONSTANT (1) << bits) < (guint64) graph->n_states * 2 + 2)
    bits++;
  return table_resize (graph, bits);
}

typedef enum
{
  FIND_FOUND,
  FIND_ADDED,
  FIND_FULL,   /* budget reached */
  FIND_NO_MEMORY,
  FIND_CANCELLED,  /* while the table grew */
} FindResult;

/* Doubles the table when its load passes 1/2: most lookups find a state
 * already stored, and every extra probe is a cache miss in the key store. */
static G_GNUC_NO_INLINE gboolean
table_grow (PwStateGraph *graph)
{
  guint bits = 0;

  while ((G_GUINT64_CONSTANT (1) << bits) <= graph->table_mask)
    bits++;
  return table_resize (graph, bits + 1);
}

/* Looks @key up, adding it as a new state when absent. */
static inline __attribute__ ((always_inline)) FindResult
find_or_add (PwStateGraph          *graph,
             const PwExplorerFuncs *funcs,
             gconstpointer          ctx,
             const guint8          *key,
             guint64                hash,
             guint64                max_states,
             guint32               *state,
             guint                  key_size,
             guint                  n_moves)
{
  guint64 slot = hash & graph->table_mask;
  const guint32 tag = entry_tag (graph, hash);
  guint32 entry;
  guint32 s;
  Chunk *chunk;

  while ((entry = graph->table[slot]) != 0)
    {
      if ((entry & ~graph->index_mask) == tag)
        {
          s = entry_state (graph, entry);
          if (keys_equal (key_at (graph, s, key_size), key, key_size))
            {
              *state = s;
              return FIND_FOUND;
            }
        }
      slot = (slot + 1) & graph->table_mask;
    }

  if (graph->n_states >= max_states)
    return FIND_FULL;

  if ((graph->n_states & CHUNK_MASK) == 0 && graph->n_states >> CHUNK_BITS == graph->n_chunks)
    {
      if (!add_chunk (graph))
        return FIND_NO_MEMORY;
    }

  s = graph->n_states++;
  chunk = chunk_of (graph, s);
  memcpy (key_at (graph, s, key_size), key, key_size);
  memset (succ_at (graph, s, n_moves), 0xff, n_moves * sizeof (guint32));
  if (funcs->is_won (ctx, key))
    {
      guint32 i = s & CHUNK_MASK;

      chunk->won[i >> 3] |= 1u << (i & 7);
      graph->n_won++;
    }
  graph->table[slot] = tag | (s + 1);

  if ((guint64) graph->n_states * 2 > graph->table_mask + 1 && !table_grow (graph))
    {
      /* The state is stored and indexed in the old table; only further
       * growth is impossible (or the caller no longer wants it). */
      *state = s;
      return graph->resize_cancelled ? FIND_CANCELLED : FIND_NO_MEMORY;
    }

  *state = s;
  return FIND_ADDED;
}

static void
mark_partial (PwStateGraph *graph,
              const char   *reason)
{
  graph->complete = FALSE;
  g_free (graph->partial_reason);
  graph->partial_reason = g_strdup (reason);
}

/* One state on its way through the exploration pipeline. */
typedef struct
{
  guint32  state;       /* PW_NO_STATE when empty */
  gboolean won;
  guint    changed;
  guint8  *succ;        /* n_moves keys */
  guint64  hashes[PW_EXPLORER_MAX_MOVES];
} Stage;

/* Expands @state into @stage and asks for the table slots of its
 * successors. */
static inline __attribute__ ((always_inline)) void
stage_expand (PwStateGraph          *graph,
              const PwExplorerFuncs *funcs,
              gconstpointer          ctx,
              Stage                 *stage,
              guint32                state,
              guint                  key_size,
              guint                  n_moves)
{
  guint flagged = 0;

  stage->state = state;
  stage->changed = 0;
  stage->won = won_of (graph, state);
  if (stage->won)
    return;

  funcs->expand (ctx, key_at (graph, state, key_size), stage->succ, &stage->changed, &flagged);
  chunk_of (graph, state)->flags[state & CHUNK_MASK] = flagged;
  for (guint m = 0; m < n_moves; m++)
    if (stage->changed & (1u << m))
      {
        stage->hashes[m] = hash_key (stage->succ + (gsize) m * key_size, key_size);
        __builtin_prefetch (&graph->table[stage->hashes[m] & graph->table_mask]);
      }
}

/* Asks for the keys that @stage's successors' table slots point at. */
static inline __attribute__ ((always_inline)) void
stage_prefetch_keys (PwStateGraph *graph,
                     Stage        *stage,
                     guint         key_size,
                     guint         n_moves)
{
  for (guint m = 0; m < n_moves; m++)
    if (stage->changed & (1u << m))
      {
        guint64 slot = stage->hashes[m] & graph->table_mask;
        const guint32 tag = entry_tag (graph, stage->hashes[m]);
        guint32 entry;

        /* the first entry whose hash bits match: almost always the key */
        while ((entry = graph->table[slot]) != 0 && (entry & ~graph->index_mask) != tag)
          slot = (slot + 1) & graph->table_mask;
        if (entry != 0)
          {
            guint32 s = entry_state (graph, entry);

            __builtin_prefetch (key_at (graph, s, key_size));
            __builtin_prefetch (&chunk_of (graph, s)->indeg[s & CHUNK_MASK], 1);
          }
      }
}

static inline void
rotate_stages (Stage **stage,
               Stage **next,
               Stage **after)
{
  Stage *first = *stage;

  *stage = *next;
  *next = *after;
  *after = first;
}

/* Four fifths of the memory the system has available now, or
 * G_MAXUINT64 when it cannot say. */
static guint64
available_bytes (void)
{
  g_autofree char *meminfo = NULL;
  const char *line;
  guint64 available_kb;

  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    return G_MAXUINT64;
  line = strstr (meminfo, "MemAvailable:");
  if (line == NULL)
    return G_MAXUINT64;
  available_kb = g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10);
  if (available_kb == 0)
    return G_MAXUINT64;
  return available_kb * 1024 / 5 * 4;
}

/* How many states fit in @max_bytes at the most the explorer and the
 * analysis after it need per state: the key, the successors, flags, the
 * table at its fullest while growing, and the reverse graph and distances
 * of the distances pass. */
static guint64
states_that_fit (const PwExplorerFuncs *funcs,
                 guint64                max_bytes)
{
  guint64 per_state = funcs->key_size + 4 * funcs->n_moves + 1 + 24 + 4 * funcs->n_moves + 12;

  if (max_bytes == 0)
    max_bytes = available_bytes ();
  return max_bytes == G_MAXUINT64 ? G_MAXUINT64 : max_bytes / per_state;
}

static void
free_graph_job (gpointer data,
                gpointer user_data)
{
  pw_state_graph_free (data);
}

/* Gives a cancelled exploration's memory back on a thread of its own:
 * unmapping a few hundred MiB takes 5 – 20 ms, which the caller, who
 * has just cancelled, should not wait for (docs/performance.md,
 * “Cancellation”). Where no thread can be had, at once. */
static void
free_in_background (PwStateGraph *graph)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (free_graph_job, NULL, 1, FALSE, NULL));
  graph->cancellable = NULL;
  if (pool == NULL || !g_thread_pool_push (pool, graph, NULL))
    pw_state_graph_free (graph);
}

/* The exploration proper, from the stored states on. Returns FALSE when
 * cancelled. Instantiated with constant @key_size and @n_moves for the
 * common layout. */
static inline __attribute__ ((always_inline)) gboolean
explore_loop (PwStateGraph          *graph,
              const PwExplorerFuncs *funcs,
              gconstpointer          ctx,
              Stage                  stages[3],
              guint64                max_states,
              const char            *budget_reason,
              PwProgressFunc         progress,
              gpointer               progress_data,
              GCancellable          *cancellable,
              GError               **error,
              guint                  key_size,
              guint                  n_moves)
{
  guint32 layer_end = 0;

  /* A three-stage pipeline: at state i, state i + 2 is expanded and the
   * table slots of its successors requested; the slots of state i + 1's
   * successors, requested an iteration ago, are read and the keys they
   * point at requested; and state i's successors, whose keys were requested
   * an iteration ago, are probed. Each cache miss hides behind a whole
   * expansion instead of stalling a probe. */
  /* stage is stages[i % 3], next and after the two after it: rotated
   * at each step rather than computed */
  Stage *stage = &stages[0];
  Stage *next = &stages[1];
  Stage *after = &stages[2];

  for (guint32 i = 0; i < graph->n_states; i++, rotate_stages (&stage, &next, &after))
    {
      if (i == layer_end)
        {
          g_array_append_val (graph->layers, i);
          layer_end = graph->n_states;
        }

      if (i % CANCEL_INTERVAL == 0 && i > 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (pw_deadline_passed (graph->deadline))
            {
              mark_partial (graph, _("the time budget ran out"));
              break;
            }
          if (progress != NULL && i % PROGRESS_INTERVAL == 0)
            progress (graph->n_states, progress_data);
        }

      if (stage->state != i)
        stage_expand (graph, funcs, ctx, stage, i, key_size, n_moves);
      if (i + 1 < graph->n_states && next->state != i + 1)
        stage_expand (graph, funcs, ctx, next, i + 1, key_size, n_moves);
      if (i + 2 < graph->n_states)
        stage_expand (graph, funcs, ctx, after, i + 2, key_size, n_moves);
      else
        after->state = PW_NO_STATE;
      if (next->state == i + 1 && !next->won)
        stage_prefetch_keys (graph, next, key_size, n_moves);

      if (stage->won)
        continue;

      for (guint m = 0; m < n_moves; m++)
        {
          FindResult r;
          guint32 t;

          if (!(stage->changed & (1u << m)))
            continue;

          r = find_or_add (graph, funcs, ctx, stage->succ + (gsize) m * key_size,
                           stage->hashes[m], max_states, &t, key_size, n_moves);
          if (G_UNLIKELY (r == FIND_CANCELLED))
            {
              g_cancellable_set_error_if_cancelled (cancellable, error);
              return FALSE;
            }
          if (r == FIND_FULL || r == FIND_NO_MEMORY)
            {
              mark_partial (graph, r == FIND_FULL ? budget_reason : _("out of memory"));
              break;
            }
          /* chunk storage may have grown: look the row up again */
          succ_at (graph, i, n_moves)[m] = t;
          chunk_of (graph, t)->indeg[t & CHUNK_MASK]++;
          graph->n_edges++;
        }

      if (!graph->complete)
        break;
    }

  return TRUE;
}

static G_GNUC_NO_INLINE gboolean
explore_loop_8_4 (PwStateGraph          *graph,
                  const PwExplorerFuncs *funcs,
                  gconstpointer          ctx,
                  Stage                  stages[3],
                  guint64                max_states,
                  const char            *budget_reason,
                  PwProgressFunc         progress,
                  gpointer               progress_data,
                  GCancellable          *cancellable,
                  GError               **error)
{
  return explore_loop (graph, funcs, ctx, stages, max_states, budget_reason, progress,
                       progress_data, cancellable, error, 8, 4);
}

static G_GNUC_NO_INLINE gboolean
explore_loop_any (PwStateGraph          *graph,
                  const PwExplorerFuncs *funcs,
                  gconstpointer          ctx,
                  Stage                  stages[3],
                  guint64                max_states,
                  const char            *budget_reason,
                  PwProgressFunc         progress,
                  gpointer               progress_data,
                  GCancellable          *cancellable,
                  GError               **error)
{
  return explore_loop (graph, funcs, ctx, stages, max_states, budget_reason, progress,
                       progress_data, cancellable, error, graph->key_size, graph->n_moves);
}

PwStateGraph *
pw_state_graph_explore (const PwExplorerFuncs *funcs,
                        gconstpointer          ctx,
                        const guint8          *start,
                        guint64                max_states,
                        guint64                max_bytes,
                        PwProgressFunc         progress,
                        gpointer               progress_data,
                        GCancellable          *cancellable,
                        PwDeadline            *deadline,
                        GError               **error)
{
  PwStateGraph *graph;
  Stage stages[3];
  guint64 memory_cap;
  const char *budget_reason = _("the state budget ran out");
  guint32 s;

  g_return_val_if_fail (funcs != NULL, NULL);
  g_return_val_if_fail (funcs->key_size > 0 && funcs->key_size % 8 == 0, NULL);
  g_return_val_if_fail (funcs->n_moves > 0 && funcs->n_moves <= PW_EXPLORER_MAX_MOVES, NULL);
  g_return_val_if_fail (start != NULL, NULL);

  /* Indices are 32-bit and the reverse graph counts edges in 32 bits. */
  max_states = CLAMP (max_states, 1, (G_MAXUINT32 - 1) / funcs->n_moves);
  memory_cap = states_that_fit (funcs, max_bytes);

  graph = g_new0 (PwStateGraph, 1);
  graph->key_size = funcs->key_size;
  graph->n_moves = funcs->n_moves;
  graph->complete = TRUE;
  graph->cancellable = cancellable;
  graph->deadline = deadline;
  graph->layers = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint k = 0; k < 3; k++)
    {
      stages[k].state = PW_NO_STATE;
      stages[k].succ = g_malloc ((gsize) funcs->key_size * funcs->n_moves);
    }

  if (memory_cap < max_states)
    {
      /* stop with a partial result before the system runs out of memory:
       * with overcommit, allocation succeeds and the process is killed
       * later instead */
      max_states = MAX (memory_cap, 1);
      budget_reason = _("the memory budget ran out");
    }

  /* entries hold state + 1 <= max_states; the bits above, hash bits */
  graph->index_mask = (guint32) ((G_GUINT64_CONSTANT (1) << g_bit_storage (max_states)) - 1);

  if (!table_resize (graph, TABLE_MIN_BITS) || !add_chunk (graph))
    {
      for (guint k = 0; k < 3; k++)
        g_free (stages[k].succ);
      mark_partial (graph, _("out of memory"));
      return graph;
    }

  find_or_add (graph, funcs, ctx, start, hash_key (start, graph->key_size), max_states, &s,
               graph->key_size, graph->n_moves);

  if (!(graph->key_size == 8 && graph->n_moves == 4
          ? explore_loop_8_4 : explore_loop_any) (graph, funcs, ctx, stages, max_states,
                                                  budget_reason, progress, progress_data,
                                                  cancellable, error))
    {
      for (guint k = 0; k < 3; k++)
        g_free (stages[k].succ);
      free_in_background (graph);
      return NULL;
    }
  /* borrowed for the exploration only */
  graph->cancellable = NULL;

  {
    guint32 end = graph->n_states;

    g_array_append_val (graph->layers, end);
  }

  for (guint k = 0; k < 3; k++)
    g_free (stages[k].succ);

  if (progress != NULL)
    progress (graph->n_states, progress_data);

  return graph;
}

void
pw_state_graph_free (PwStateGraph *graph)
{
  if (graph == NULL)
    return;

  for (guint c = 0; c < graph->n_chunks; c++)
    {
      g_free (graph->chunks[c].keys);
      g_free (graph->chunks[c].succ);
      g_free (graph->chunks[c].flags);
      g_free (graph->chunks[c].won);
      g_free (graph->chunks[c].indeg);
    }
  g_free (graph->chunks);
  table_free (graph);
  g_free (graph->dist);
  g_free (graph->partial_reason);
  g_array_unref (graph->layers);
  g_free (graph);
}

gboolean
pw_state_graph_is_complete (const PwStateGraph *graph)
{
  return graph->complete;
}

const char *
pw_state_graph_get_partial_reason (const PwStateGraph *graph)
{
  return graph->partial_reason;
}

guint32
pw_state_graph_get_n_states (const PwStateGraph *graph)
{
  return graph->n_states;
}

guint32
pw_state_graph_get_n_won (const PwStateGraph *graph)
{
  return graph->n_won;
}

guint
pw_state_graph_get_n_moves (const PwStateGraph *graph)
{
  return graph->n_moves;
}

guint
pw_state_graph_get_key_size (const PwStateGraph *graph)
{
  return graph->key_size;
}

const guint8 *
pw_state_graph_get_key (const PwStateGraph *graph,
                        guint32             state)
{
  g_return_val_if_fail (state < graph->n_states, NULL);
  return key_of (graph, state);
}

gboolean
pw_state_graph_is_won (const PwStateGraph *graph,
                       guint32             state)
{
  g_return_val_if_fail (state < graph->n_states, FALSE);
  return won_of (graph, state);
}

guint32
pw_state_graph_get_successor (const PwStateGraph *graph,
                              guint32             state,
                              guint               move)
{
  g_return_val_if_fail (state < graph->n_states, PW_NO_STATE);
  g_return_val_if_fail (move < graph->n_moves, PW_NO_STATE);
  return succ_of (graph, state)[move];
}

gboolean
pw_state_graph_is_flagged (const PwStateGraph *graph,
                           guint32             state,
                           guint               move)
{
  g_return_val_if_fail (state < graph->n_states, FALSE);
  return (chunk_of (graph, state)->flags[state & CHUNK_MASK] >> move) & 1;
}

guint
pw_state_graph_get_depth (const PwStateGraph *graph,
                          guint32             state)
{
  const guint32 *layers = (const guint32 *) (gconstpointer) graph->layers->data;
  guint lo = 0;
  guint hi = graph->layers->len - 1;

  g_return_val_if_fail (state < graph->n_states, 0);

  /* the last layer whose first state is <= state */
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (layers[mid] <= state)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

guint32
pw_state_graph_lookup (PwStateGraph *graph,
                       const guint8 *key)
{
  guint64 hash;
  guint64 slot;
  guint32 tag;
  guint32 entry;

  if (graph->table == NULL && !table_build (graph))
    return PW_NO_STATE;

  hash = hash_key (key, graph->key_size);
  tag = entry_tag (graph, hash);
  slot = hash & graph->table_mask;
  while ((entry = graph->table[slot]) != 0)
    {
      if ((entry & ~graph->index_mask) == tag &&
          keys_equal (key_of (graph, entry_state (graph, entry)), key, graph->key_size))
        return entry_state (graph, entry);
      slot = (slot + 1) & graph->table_mask;
    }
  return PW_NO_STATE;
}

gboolean
pw_state_graph_solve (PwStateGraph  *graph,
                      GCancellable  *cancellable,
                      GError       **error)
{
  guint32 n = graph->n_states;
  g_auto(BigArray) offsets_array = { 0 };
  g_auto(BigArray) preds_array = { 0 };
  guint32 *offsets;
  guint32 *preds;
  g_autofree guint32 *queue = NULL;
  g_autofree guint8 *seen = NULL;
  guint32 *dist;
  guint32 level = 0;
  guint32 level_end;
  guint64 n_edges = 0;
  guint32 head = 0;
  guint32 tail = 0;
  gsize transient;

  g_return_val_if_fail (graph->complete, FALSE);

  if (graph->dist != NULL)
    return TRUE;

  /* The lookup table can be rebuilt later; drop it to bound the peak. */
  table_free (graph);

  /* Reverse graph in compressed rows: preds[offsets[t] .. offsets[t + 1]).
   * offsets[t + 1] starts as the end of row t: the prefix sums of the
   * numbers of edges into each state, which the exploration counted
   * (counted again here if an earlier attempt dropped them). */
  offsets = big_array_alloc0 (&offsets_array, ((gsize) n + 1) * sizeof (guint32));
  if (offsets == NULL)
    goto no_memory;
  if (graph->n_chunks > 0 && graph->chunks[0].indeg != NULL)
    {
      for (guint c = 0; c < graph->n_chunks; c++)
        {
          guint32 first = c << CHUNK_BITS;
          guint32 end = MIN (n, first + CHUNK_STATES);

          for (guint32 t = first; t < end; t++)
            offsets[t + 1] = offsets[t] + graph->chunks[c].indeg[t - first];
          g_clear_pointer (&graph->chunks[c].indeg, g_free);
          account (graph, -(gssize) chunk_indeg_bytes ());
        }
    }
  else
    {
      for (guint32 s = 0; s < n; s++)
        {
          const guint32 *out = succ_of (graph, s);

          for (guint m = 0; m < graph->n_moves; m++)
            if (out[m] != PW_NO_STATE)
              offsets[out[m] + 1]++;
        }
      for (guint32 s = 0; s < n; s++)
        offsets[s + 1] += offsets[s];
    }
  n_edges = graph->n_edges;

  preds = big_array_alloc0 (&preds_array, MAX (n_edges, 1) * sizeof (guint32));
  queue = g_try_malloc_n (MAX (n, 1), sizeof (guint32));
  dist = g_try_malloc_n (MAX (n, 1), sizeof (guint32));
  if (preds == NULL || queue == NULL || dist == NULL)
    {
      g_free (dist);
      goto no_memory;
    }
  transient = ((gsize) n + 1 + n_edges + n) * sizeof (guint32);
  account (graph, transient + (gsize) n * sizeof (guint32));

  /* Fill from the back so each row ends sorted by source state. */
  for (guint32 s = n; s-- > 0;)
    {
      const guint32 *out = succ_of (graph, s);

      if (s % (CANCEL_INTERVAL * 16) == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_free (dist);
          account (graph, -(gssize) (transient + (gsize) n * sizeof (guint32)));
          g_cancellable_set_error_if_cancelled (cancellable, error);
          return FALSE;
        }

      for (guint m = 0; m < graph->n_moves; m++)
        if (out[m] != PW_NO_STATE)
          preds[--offsets[out[m] + 1]] = s;
    }
  /* offsets[t + 1] now holds the start of row t; shift back. */
  memmove (offsets, offsets + 1, (gsize) n * sizeof (guint32));
  offsets[n] = (guint32) n_edges;

  /* Which states have a distance: a bitmap small enough to stay in
   * cache, so that the search only writes the distances, in order of the
   * queue's levels, and never reads them at random. */
  seen = g_try_malloc0 ((gsize) n / 8 + 1);
  if (seen == NULL)
    {
      g_free (dist);
      account (graph, -(gssize) (transient + (gsize) n * sizeof (guint32)));
      goto no_memory;
    }
  account (graph, (gssize) n / 8 + 1);
  transient += (gsize) n / 8 + 1;
  for (guint32 s = 0; s < n; s++)
    {
      if (won_of (graph, s))
        {
          dist[s] = 0;
          seen[s >> 3] |= 1u << (s & 7);
          queue[tail++] = s;
        }
      else
        dist[s] = PW_NO_STATE;
    }
  level_end = tail;

  while (head < tail)
    {
      guint32 t = queue[head++];

      /* Staggered requests for the states further along the queue: the
       * offsets of the one 32 places on, the predecessor row of the one
       * 16 on (its offsets asked for 16 states ago). */
      if (head + 32 < tail)
        __builtin_prefetch (&offsets[queue[head + 32]]);
      if (head + 16 < tail)
        __builtin_prefetch (&preds[offsets[queue[head + 16]]]);

      if (head % (CANCEL_INTERVAL * 16) == 0 &&
          g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_free (dist);
          account (graph, -(gssize) (transient + (gsize) n * sizeof (guint32)));
          return FALSE;
        }

      for (guint32 p = offsets[t]; p < offsets[t + 1]; p++)
        {
          guint32 s = preds[p];

          if (!(seen[s >> 3] & (1u << (s & 7))))
            {
              seen[s >> 3] |= 1u << (s & 7);
              dist[s] = level + 1;
              queue[tail++] = s;
            }
        }
      if (head == level_end)
        {
          level++;
          level_end = tail;
        }
    }

  graph->dist = dist;
  account (graph, -(gssize) transient);
  return TRUE;

no_memory:
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("Not enough memory to find the dead ends"));
  return FALSE;
}

guint32
pw_state_graph_get_distance (const PwStateGraph *graph,
                             guint32             state)
{
  g_return_val_if_fail (graph->dist != NULL, PW_NO_STATE);
  g_return_val_if_fail (state < graph->n_states, PW_NO_STATE);
  return graph->dist[state];
}

guint64
pw_state_graph_count_shortest (const PwStateGraph *graph)
{
  const guint32 *layers = (const guint32 *) (gconstpointer) graph->layers->data;
  g_autofree guint64 *ways = NULL;
  guint32 par;
  guint32 end;
  guint64 total = 0;

  g_return_val_if_fail (graph->dist != NULL, 0);

  if (graph->n_states == 0 || graph->dist[0] == PW_NO_STATE)
    return 0;
  par = graph->dist[0];
  if (par == 0)
    return 1;

  /* Only states of depth <= par matter, and they come first. */
  end = layers[MIN (par + 1, graph->layers->len - 1)];
  ways = g_new0 (guint64, end);
  ways[0] = 1;

  for (guint d = 0; d < par; d++)
    for (guint32 s = layers[d]; s < layers[d + 1]; s++)
      {
        const guint32 *out;

        if (ways[s] == 0 || graph->dist[s] != par - d)
          continue;
        out = succ_of (graph, s);
        for (guint m = 0; m < graph->n_moves; m++)
          {
            guint32 t = out[m];

            if (t == PW_NO_STATE || graph->dist[t] != par - d - 1)
              continue;
            /* a state one move closer to a win is at depth d + 1 here */
            g_assert (t < end);
            if (ways[t] > G_MAXUINT64 - ways[s])
              ways[t] = G_MAXUINT64;
            else
              ways[t] += ways[s];
          }
      }

  for (guint32 s = layers[par]; s < end; s++)
    if (won_of (graph, s))
      total = ways[s] > G_MAXUINT64 - total ? G_MAXUINT64 : total + ways[s];
  return total;
}

gint64
pw_state_graph_unflagged_par (const PwStateGraph *graph,
                              GCancellable       *cancellable,
                              GError            **error)
{
  guint32 n = graph->n_states;
  g_autofree guint32 *queue = NULL;
  g_autofree guint8 *seen = NULL;
  guint32 head = 0;
  guint32 tail = 0;
  guint32 level_end;
  gint64 depth = 0;

  g_return_val_if_fail (graph->complete, -1);

  if (n == 0)
    return -1;
  if (won_of (graph, 0))
    return 0;

  queue = g_try_malloc_n (n, sizeof (guint32));
  seen = g_try_malloc0 ((gsize) n / 8 + 1);
  if (queue == NULL || seen == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                           _("Not enough memory to search for combo wins"));
      return -1;
    }

  queue[tail++] = 0;
  seen[0] |= 1;
  level_end = tail;

  while (head < tail)
    {
      guint32 s = queue[head++];
      const guint32 *out = succ_of (graph, s);
      guint flags = chunk_of (graph, s)->flags[s & CHUNK_MASK];

      if (head % (CANCEL_INTERVAL * 16) == 0 &&
          g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;

      for (guint m = 0; m < graph->n_moves; m++)
        {
          guint32 t = out[m];

          if (t == PW_NO_STATE || (flags & (1u << m)) || (seen[t >> 3] & (1u << (t & 7))))
            continue;
          if (won_of (graph, t))
            return depth + 1;
          seen[t >> 3] |= 1u << (t & 7);
          queue[tail++] = t;
        }

      if (head == level_end)
        {
          depth++;
          level_end = tail;
        }
    }

  return -1;
}

typedef struct
{
  guint32 state;
  guint8  next;
  guint8  order[PW_EXPLORER_MAX_MOVES];
} Frame;

/* Pushes @state with a fresh random order of its moves: one draw from the
 * n! orders (n <= 8, so n! fits), unranked by the factorial number system. */
static void
push_frame (Frame   *frame,
            guint32  state,
            guint    n_moves,
            guint32  n_orders,
            GRand   *rand)
{
  guint32 rank = g_rand_int_range (rand, 0, n_orders);
  guint8 left[PW_EXPLORER_MAX_MOVES];

  frame->state = state;
  frame->next = 0;
  n_moves = MIN (n_moves, PW_EXPLORER_MAX_MOVES);
  for (guint i = 0; i < n_moves; i++)
    left[i] = i;
  for (guint i = 0; i < n_moves; i++)
    {
      guint remaining = n_moves - i;
      guint pick = rank % remaining;

      rank /= remaining;
      frame->order[i] = left[pick];
      left[pick] = left[remaining - 1];
    }
}

/* One depth-first search, advanced a step at a time. */
typedef struct
{
  Frame   *stack;
  guint32  depth;
  guint32  stack_alloc;
  guint32 *flood;     /* reused by flood_dead_end */
  guint32  flood_alloc;
  guint8  *seen;
  GRand   *rand;
  guint64  expanded;
  gboolean done;
  gboolean flooded;   /* has flooded a dead end */
} Search;

/* Floods that searches begin with, kept for the searches that begin with
 * the same one. A search's first flood finds no dead end seen (searches
 * see dead ends only by flooding them, or the start when it is one, the
 * same for all), so it marks and counts exactly the dead ends reachable
 * from where it enters them, whichever search it is: the states it
 * marks, kept as a bitmap, can be merged into another search's. */
#define FLOOD_MEMO_SIZE 8

typedef struct
{
  guint32  start[FLOOD_MEMO_SIZE];
  guint64  count[FLOOD_MEMO_SIZE];
  guint8  *marks[FLOOD_MEMO_SIZE];   /* bitmaps like Search.seen */
  guint    n;
  guint8  *scratch;                  /* marks of the flood in progress */
  gsize    size;                     /* bytes of a bitmap */
  /* Smaller floods are not kept: merging a bitmap costs about as much as
   * flooding a 64th of the states again. */
  guint64  min_count;
} FloodMemo;

/* Searches interleaved at a time: enough for their cache misses to
 * overlap, few enough for their visited bitmaps to stay in cache. */
#define SEARCH_BATCH 8

/* Marks seen, and counts, the states reachable from @start (already seen)
 * that @search has not seen. A queue lets the rows of states a few places
 * ahead be requested before they are read. */
static guint64
flood_dead_end (const PwStateGraph *graph,
                Search             *search,
                guint32             start,
                guint8             *record)
{
  guint32 *queue = search->flood;
  guint32 tail = 0;
  guint64 count = 0;

  queue[tail++] = start;
  for (guint32 head = 0; head < tail; head++)
    {
      guint32 s = queue[head];
      const guint32 *out;

      if (head + 8 < tail)
        __builtin_prefetch (succ_of (graph, queue[head + 8]));
      out = succ_of (graph, s);
      for (guint m = 0; m < graph->n_moves; m++)
        {
          guint32 t = out[m];

          if (t == PW_NO_STATE || (search->seen[t >> 3] & (1u << (t & 7))))
            continue;
          search->seen[t >> 3] |= 1u << (t & 7);
          if (record != NULL)
            record[t >> 3] |= 1u << (t & 7);
          count++;
          if (G_UNLIKELY (tail == search->flood_alloc))
            {
              search->flood_alloc *= 2;
              queue = search->flood = g_renew (guint32, search->flood, search->flood_alloc);
            }
          queue[tail++] = t;
        }
    }
  return count;
}

/* A search's first flood, from @start: from the memo if a search began
 * with the same one. */
static guint64
first_flood (const PwStateGraph *graph,
             Search             *search,
             guint32             start,
             FloodMemo          *memo)
{
  guint64 count;

  for (guint i = 0; i < memo->n; i++)
    if (memo->start[i] == start)
      {
        for (gsize j = 0; j < memo->size; j++)
          search->seen[j] |= memo->marks[i][j];
        return memo->count[i];
      }

  if (memo->n == FLOOD_MEMO_SIZE)
    return flood_dead_end (graph, search, start, NULL);

  if (memo->scratch == NULL)
    memo->scratch = g_malloc0 (memo->size);
  count = flood_dead_end (graph, search, start, memo->scratch);
  if (count >= memo->min_count)
    {
      memo->scratch[start >> 3] |= 1u << (start & 7);
      memo->start[memo->n] = start;
      memo->count[memo->n] = count;
      memo->marks[memo->n++] = g_steal_pointer (&memo->scratch);
    }
  else
    memset (memo->scratch, 0, memo->size);
  return count;
}

/* Takes one step of @search: tries the next move of the state on top of
 * its stack. The successor row of a newly pushed state is requested at
 * once; the search reads it only on its next step, after the others'. */
static void
search_step (const PwStateGraph *graph,
             Search             *search,
             guint32             n_orders,
             FloodMemo          *memo)
{
  Frame *top;
  guint32 t;

  if (search->depth == 0)
    {
      search->done = TRUE;
      return;
    }
  top = &search->stack[search->depth - 1];
  if (top->next == graph->n_moves)
    {
      search->depth--;
      return;
    }

  t = succ_of (graph, top->state)[top->order[top->next++]];
  if (t == PW_NO_STATE || (search->seen[t >> 3] & (1u << (t & 7))))
    return;
  if (won_of (graph, t))
    {
      search->done = TRUE;
      return;
    }
  search->seen[t >> 3] |= 1u << (t & 7);
  search->expanded++;
  if (graph->dist != NULL && graph->dist[t] == PW_NO_STATE)
    {
      /* A dead end: everything reachable from it is a dead end too, so
       * the search will expand exactly the states reachable from it that
       * it has not seen, whatever order it tries moves in, and then come
       * back. Count them with a plain flood instead of drawing orders. */
      if (!search->flooded)
        {
          search->flooded = TRUE;
          search->expanded += first_flood (graph, search, t, memo);
        }
      else
        search->expanded += flood_dead_end (graph, search, t, NULL);
      return;
    }
  if (G_UNLIKELY (search->depth == search->stack_alloc))
    {
      search->stack_alloc *= 2;
      search->stack = g_renew (Frame, search->stack, search->stack_alloc);
    }
  push_frame (&search->stack[search->depth++], t, graph->n_moves, n_orders, search->rand);
  __builtin_prefetch (succ_of (graph, t));
}

gboolean
pw_state_graph_random_searches (const PwStateGraph *graph,
                                const guint32      *seeds,
                                guint               n_searches,
                                guint64            *expanded,
                                GCancellable       *cancellable,
                                GError            **error)
{
  Search batch[SEARCH_BATCH];
  FloodMemo memo = { .n = 0 };
  guint32 n_orders = 1;
  gsize seen_size = (gsize) graph->n_states / 8 + 1;
  gboolean ok = TRUE;

  g_return_val_if_fail (graph->complete, FALSE);
  g_return_val_if_fail (seeds != NULL || n_searches == 0, FALSE);

  for (guint i = 2; i <= graph->n_moves; i++)
    n_orders *= i;
  memo.size = seen_size;
  memo.min_count = MAX (16, graph->n_states / 256);

  for (guint b = 0; b < SEARCH_BATCH; b++)
    {
      batch[b].stack_alloc = 1024;
      batch[b].stack = g_new (Frame, batch[b].stack_alloc);
      batch[b].flood_alloc = 1024;
      batch[b].flood = g_new (guint32, batch[b].flood_alloc);
      batch[b].seen = g_malloc (seen_size);
      batch[b].rand = NULL;
    }

  for (guint first = 0; ok && first < n_searches; first += SEARCH_BATCH)
    {
      guint n = MIN (SEARCH_BATCH, n_searches - first);
      guint running = 0;
      guint64 steps = 0;

      for (guint b = 0; b < n; b++)
        {
          Search *search = &batch[b];

          search->depth = 0;
          search->expanded = 0;
          search->flooded = FALSE;
          search->done = graph->n_states == 0 || won_of (graph, 0);
          if (search->done)
            continue;
          running++;
          memset (search->seen, 0, seen_size);
          g_clear_pointer (&search->rand, g_rand_free);
          search->rand = g_rand_new_with_seed (seeds[first + b]);
          search->seen[0] |= 1;
          search->expanded = 1;
          push_frame (&search->stack[search->depth++], 0, graph->n_moves, n_orders,
                      search->rand);
        }

      /* a step of each search in turn: their misses overlap */
      while (running > 0)
        {
          for (guint b = 0; b < n; b++)
            if (!batch[b].done)
              {
                search_step (graph, &batch[b], n_orders, &memo);
                running -= batch[b].done;
              }
          if (++steps % (CANCEL_INTERVAL * 16) == 0 &&
              g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              ok = FALSE;
              break;
            }
        }

      for (guint b = 0; b < n; b++)
        expanded[first + b] = batch[b].expanded;
    }

  for (guint b = 0; b < SEARCH_BATCH; b++)
    {
      g_clear_pointer (&batch[b].rand, g_rand_free);
      g_free (batch[b].seen);
      g_free (batch[b].stack);
      g_free (batch[b].flood);
    }
  for (guint i = 0; i < memo.n; i++)
    g_free (memo.marks[i]);
  g_free (memo.scratch);
  return ok;
}

double
pw_state_graph_branching (const PwStateGraph *graph)
{
  guint32 states = graph->n_states - graph->n_won;

  /* won states have no successors: every edge leaves a non-won state */
  return states ? (double) graph->n_edges / states : 0.0;
}

gsize
pw_state_graph_get_bytes (const PwStateGraph *graph)
{
  return graph->bytes;
}

gsize
pw_state_graph_get_peak_bytes (const PwStateGraph *graph)
{
  return graph->peak_bytes;
}
