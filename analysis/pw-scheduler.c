/* pw-scheduler.c — analyses levels on a worker thread, for live analysis
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pattern of GNOME Text Editor's live document statistics: copy on the
 * main thread, cancel and replace, a dedicated thread for long CPU work,
 * results posted back with a weak reference and dropped when stale, edits
 * debounced with a timeout.
 */

#define G_LOG_DOMAIN "pw-scheduler"

#include "config.h"

#include "pw-analysis.h"
#include "pw-level.h"
#include "pw-scheduler.h"

/* Boxed types for signals and, later, list models. Registered by hand:
 * G_DEFINE_BOXED_TYPE's type check trips -Wpedantic with GCC. */
#define DEFINE_BOXED(TypeName, type_name)                                          \
  GType                                                                            \
  type_name##_get_type (void)                                                      \
  {                                                                                \
    static gsize type_id = 0;                                                      \
                                                                                   \
    if (g_once_init_enter (&type_id))                                              \
      {                                                                            \
        GType id = g_boxed_type_register_static (g_intern_static_string (#TypeName), \
                                                 (GBoxedCopyFunc) type_name##_ref,   \
                                                 (GBoxedFreeFunc) type_name##_unref); \
        g_once_init_leave (&type_id, id);                                          \
      }                                                                            \
    return type_id;                                                                \
  }

DEFINE_BOXED (PwLevel, pw_level)
DEFINE_BOXED (PwAnalysis, pw_analysis)

typedef struct
{
  gatomicrefcount  ref_count;
  PwLevel         *level;       /* a copy, owned */
  char            *key;
  PwAnalyseOptions options;     /* the scheduler's when the job was made: the
                                 * worker never reads the scheduler's own */
  gboolean         focus;
  guint64          generation;  /* of the focus request */
  GCancellable    *cancellable;
  gboolean         paused;      /* cancelled to make way for the focus level */
  GWeakRef         scheduler;
  PwAnalysis      *analysis;    /* results */
  GError          *error;
} Job;

struct _PwScheduler
{
  GObject           parent_instance;

  PwAnalyseOptions  options;
  guint             delay_ms;
  guint             progress_ms;
  GMainContext     *context;
  GHashTable       *cache;          /* key -> PwAnalysis */
  GQueue            graphs;         /* keys of cached analyses that keep a state
                                     * graph, most recently used first */
  gsize             graph_budget;   /* bytes of graphs kept beyond the newest */

  /* main thread only */
  guint64           generation;
  Job              *waiting;        /* focus request in its quiet period */
  guint             delay_id;
  guint             progress_id;
  guint64           progress_reported;

  /* shared with the worker, under mutex */
  GMutex            mutex;
  GCond             cond;
  Job              *focus_job;
  GQueue            background;
  Job              *running;
  GHashTable       *reporting;      /* keys of finished analyses whose report
                                     * has not reached the cache yet */
  gboolean          quit;
  GThread          *thread;

  gint              progress;       /* atomic: states explored (< 2^31) */
  guint             n_started;      /* atomic */
};

enum {
  PROP_0,
  PROP_BUSY,
  PROP_N_STARTED,
  N_PROPS
};

enum {
  ANALYSED,
  FIRST_LOOK,
  FAILED,
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (PwScheduler, pw_scheduler, G_TYPE_OBJECT)

static Job *
job_new (PwScheduler *self,
         PwLevel     *level,
         const char  *key,
         gboolean     focus)
{
  Job *job = g_new0 (Job, 1);

  g_atomic_ref_count_init (&job->ref_count);
  job->level = pw_level_copy (level);
  job->key = g_strdup (key);
  job->options = self->options;
  job->focus = focus;
  job->generation = self->generation;
  job->cancellable = g_cancellable_new ();
  g_weak_ref_init (&job->scheduler, self);
  return job;
}

static void
job_unref (Job *job)
{
  if (!g_atomic_ref_count_dec (&job->ref_count))
    return;
  pw_level_unref (job->level);
  g_free (job->key);
  g_object_unref (job->cancellable);
  g_weak_ref_clear (&job->scheduler);
  g_clear_pointer (&job->analysis, pw_analysis_unref);
  g_clear_error (&job->error);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Job, job_unref)

/* The cache key: the kind, the level's payload and the options that change
 * figures. Names, notes and playtests do not change an analysis. */
static char *
make_key (PwScheduler *self,
          PwLevel     *level)
{
  const PwKind *kind = pw_level_get_kind (level);
  g_autofree char *payload = NULL;

  if (kind != NULL)
    {
      g_autoptr(JsonNode) node = kind->to_json (pw_level_get_data (level));

      payload = json_to_string (node, FALSE);
    }
  else
    payload = json_to_string (pw_level_get_unknown_payload (level), FALSE);

  return g_strdup_printf ("%s\n%" G_GUINT64_FORMAT "\n%" G_GUINT64_FORMAT "\n%u\n%"
                          G_GUINT64_FORMAT "\n%" G_GUINT64_FORMAT "\n%.17g\n%s",
                          pw_level_get_kind_id (level), self->options.seed,
                          self->options.max_states, self->options.search_runs,
                          self->options.max_bytes, self->options.max_solutions,
                          self->options.max_seconds, payload);
}

static void
worker_progress (guint64  explored,
                 gpointer data)
{
  PwScheduler *self = data;

  g_atomic_int_set (&self->progress, (gint) MIN (explored, G_MAXINT));
}

static gboolean
report_job (gpointer data);

/* The quick figures of a focus job (PwKind.first_look), on their way to
 * the main context. */
typedef struct
{
  Job        *job;
  PwAnalysis *analysis;
} FirstLook;

static void
first_look_free (FirstLook *look)
{
  job_unref (look->job);
  pw_analysis_unref (look->analysis);
  g_free (look);
}

/* On the main context: reported unless the focus moved on meanwhile. */
static gboolean
report_first_look (gpointer data)
{
  FirstLook *look = data;
  g_autoptr(PwScheduler) self = g_weak_ref_get (&look->job->scheduler);

  if (self != NULL && look->job->generation == self->generation &&
      !g_cancellable_is_cancelled (look->job->cancellable))
    g_signal_emit (self, signals[FIRST_LOOK], 0, look->job->level, look->analysis);
  return G_SOURCE_REMOVE;
}

/* On the worker: the kind's first-look figures of a focus job, alone,
 * posted before its whole analysis starts. Nothing is posted when the
 * kind has none, the options already ask for a few figures, or the
 * quick analysis fails (the whole one reports why). */
static void
first_look (PwScheduler *self,
            Job         *job)
{
  const PwKind *kind = pw_level_get_kind (job->level);
  PwAnalyseOptions options = job->options;
  PwAnalysis *analysis;
  FirstLook *look;
  GSource *source;

  if (!job->focus || kind == NULL || kind->first_look == NULL || options.figures != NULL)
    return;
  options.figures = kind->first_look;
  analysis = pw_level_analyse (job->level, &options, NULL, NULL, job->cancellable, NULL);
  if (analysis == NULL)
    return;
  look = g_new0 (FirstLook, 1);
  look->job = job;
  g_atomic_ref_count_inc (&job->ref_count);
  look->analysis = analysis;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, report_first_look, look, (GDestroyNotify) first_look_free);
  g_source_set_static_name (source, "[puzzlewright] first look");
  g_source_attach (source, self->context);
  g_source_unref (source);
}


/* Reports from the main context's loop, always later: never from inside
 * the caller (g_main_context_invoke would call at once on the main
 * thread, re-entering the editor in the middle of a change). */
static void
report_later (PwScheduler *self,
              GSourceFunc  func,
              Job         *job)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, job, (GDestroyNotify) job_unref);
  g_source_set_static_name (source, "[puzzlewright] analysis report");
  g_source_attach (source, self->context);
  g_source_unref (source);
}

static gpointer
worker_main (gpointer data)
{
  PwScheduler *self = data;

  g_mutex_lock (&self->mutex);
  for (;;)
    {
      Job *job;

      while (!self->quit && self->focus_job == NULL && self->background.length == 0)
        g_cond_wait (&self->cond, &self->mutex);
      if (self->quit)
        break;

      if (self->focus_job != NULL)
        job = g_steal_pointer (&self->focus_job);
      else
        job = g_queue_pop_head (&self->background);
      self->running = job;
      g_mutex_unlock (&self->mutex);

      g_atomic_int_inc (&self->n_started);
      if (job->focus)
        g_atomic_int_set (&self->progress, 0);
      first_look (self, job);
      job->analysis = pw_level_analyse (job->level, &job->options,
                                        job->focus ? worker_progress : NULL, self,
                                        job->cancellable, &job->error);
      /* play mode looks positions up in the graph from the main thread:
       * build the lookup table here, where it costs no frames */
      if (job->focus && job->analysis != NULL && pw_analysis_get_graph (job->analysis) != NULL &&
          pw_state_graph_get_n_states (pw_analysis_get_graph (job->analysis)) > 0)
        {
          PwStateGraph *graph = pw_analysis_get_graph (job->analysis);

          pw_state_graph_lookup (graph, pw_state_graph_get_key (graph, 0));
        }

      g_mutex_lock (&self->mutex);
      self->running = NULL;
      if (job->analysis != NULL && !job->paused)
        g_hash_table_add (self->reporting, g_strdup (job->key));
      if (job->paused && !self->quit)
        {
          /* made way for the focus level: start again afterwards */
          g_clear_error (&job->error);
          g_clear_pointer (&job->analysis, pw_analysis_unref);
          g_object_unref (job->cancellable);
          job->cancellable = g_cancellable_new ();
          job->paused = FALSE;
          g_queue_push_head (&self->background, job);
          continue;
        }
      g_mutex_unlock (&self->mutex);

      /* the job carries a weak reference: the scheduler may be gone */
      report_later (self, report_job, job);
      g_mutex_lock (&self->mutex);
    }
  g_mutex_unlock (&self->mutex);
  return NULL;
}

static void
stop_progress (PwScheduler *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
}

static void
notify_busy (PwScheduler *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* State graphs are what play mode and the graph view need, and they are
 * big (tens of bytes per state). The cache keeps every analysis's figures
 * but graphs only within a budget, most recently used first; an evicted
 * analysis is replaced by a copy without its graph (anyone holding the
 * full one keeps it). */
static void
touch_graph (PwScheduler *self,
             const char  *key)
{
  GList *link = g_queue_find_custom (&self->graphs, key, (GCompareFunc) g_strcmp0);

  if (link != NULL)
    {
      g_queue_unlink (&self->graphs, link);
      g_queue_push_head_link (&self->graphs, link);
    }
  else
    g_queue_push_head (&self->graphs, g_strdup (key));
}

static void
trim_graphs (PwScheduler *self)
{
  gsize total = 0;
  guint kept = 0;

  for (GList *l = self->graphs.head; l != NULL;)
    {
      GList *next = l->next;
      PwAnalysis *analysis = g_hash_table_lookup (self->cache, l->data);
      PwStateGraph *graph = analysis ? pw_analysis_get_graph (analysis) : NULL;

      if (graph == NULL)
        {
          g_free (l->data);
          g_queue_delete_link (&self->graphs, l);
        }
      else if (kept > 0 && total + pw_state_graph_get_bytes (graph) > self->graph_budget)
        {
          g_hash_table_replace (self->cache, g_strdup (l->data),
                                pw_analysis_copy_figures (analysis));
          g_free (l->data);
          g_queue_delete_link (&self->graphs, l);
        }
      else
        {
          total += pw_state_graph_get_bytes (graph);
          kept++;
        }
      l = next;
    }
}

/* On the main context. */
static gboolean
report_job (gpointer data)
{
  Job *job = data;
  g_autoptr(PwScheduler) self = g_weak_ref_get (&job->scheduler);
  gboolean current;

  if (self == NULL)
    return G_SOURCE_REMOVE;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STARTED]);

  if (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      notify_busy (self);
      return G_SOURCE_REMOVE;
    }

  /* a finished analysis is right for its content, stale or not */
  if (job->analysis != NULL && !pw_analysis_get_partial (job->analysis))
    {
      g_hash_table_replace (self->cache, g_strdup (job->key), pw_analysis_ref (job->analysis));
      if (pw_analysis_get_graph (job->analysis) != NULL)
        {
          /* a background level's graph is the first to go */
          if (job->focus)
            touch_graph (self, job->key);
          else
            g_queue_push_tail (&self->graphs, g_strdup (job->key));
          trim_graphs (self);
        }
    }

  g_mutex_lock (&self->mutex);
  g_hash_table_remove (self->reporting, job->key);
  g_mutex_unlock (&self->mutex);

  current = !job->focus || job->generation == self->generation;
  if (job->focus && current)
    stop_progress (self);
  if (current)
    {
      if (job->analysis != NULL)
        g_signal_emit (self, signals[ANALYSED], 0, job->level, job->analysis, job->focus);
      else
        g_signal_emit (self, signals[FAILED], 0, job->level, job->error, job->focus);
    }
  notify_busy (self);
  return G_SOURCE_REMOVE;
}

static gboolean
report_progress (gpointer data)
{
  PwScheduler *self = data;
  guint64 explored = (guint) g_atomic_int_get (&self->progress);

  if (explored != self->progress_reported)
    {
      self->progress_reported = explored;
      g_signal_emit (self, signals[PROGRESS], 0, explored);
    }
  return G_SOURCE_CONTINUE;
}

/* The quiet period is over: hand the focus job to the worker. */
static gboolean
start_focus (gpointer data)
{
  PwScheduler *self = data;
  Job *job = g_steal_pointer (&self->waiting);

  self->delay_id = 0;

  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->focus_job, job_unref);
  self->focus_job = job;
  if (self->running != NULL)
    {
      if (!self->running->focus)
        self->running->paused = TRUE;
      g_cancellable_cancel (self->running->cancellable);
    }
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);

  self->progress_reported = 0;
  stop_progress (self);
  if (self->progress_ms > 0)
    self->progress_id = g_timeout_add (self->progress_ms, report_progress, self);
  notify_busy (self);
  return G_SOURCE_REMOVE;
}

/* A result from the cache, reported from the main loop like any other. */
static gboolean
report_cached (gpointer data)
{
  Job *job = data;
  g_autoptr(PwScheduler) self = g_weak_ref_get (&job->scheduler);

  if (self != NULL && job->generation == self->generation)
    g_signal_emit (self, signals[ANALYSED], 0, job->level, job->analysis, TRUE);
  return G_SOURCE_REMOVE;
}

void
pw_scheduler_focus (PwScheduler *self,
                    PwLevel     *level)
{
  g_autofree char *key = NULL;
  PwAnalysis *cached;

  g_return_if_fail (PW_IS_SCHEDULER (self));
  g_return_if_fail (level != NULL);

  key = make_key (self, level);
  self->generation++;

  /* whatever was asked for before is out of date */
  g_clear_handle_id (&self->delay_id, g_source_remove);
  g_clear_pointer (&self->waiting, job_unref);
  stop_progress (self);
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->focus_job, job_unref);
  if (self->running != NULL && self->running->focus)
    g_cancellable_cancel (self->running->cancellable);
  g_mutex_unlock (&self->mutex);

  /* a cached analysis serves, unless play mode needs the state graph the
   * cache let go (the figures are in the cache meanwhile) */
  cached = g_hash_table_lookup (self->cache, key);
  if (cached != NULL && (pw_analysis_get_graph (cached) != NULL ||
                         pw_level_get_kind (level) == NULL ||
                         pw_level_get_kind (level)->play_new == NULL))
    {
      Job *job = job_new (self, level, key, TRUE);

      if (pw_analysis_get_graph (cached) != NULL)
        touch_graph (self, key);
      job->analysis = pw_analysis_ref (cached);
      report_later (self, report_cached, job);
      return;
    }

  self->waiting = job_new (self, level, key, TRUE);
  self->delay_id = g_timeout_add (self->delay_ms, start_focus, self);
  notify_busy (self);
}

void
pw_scheduler_queue (PwScheduler *self,
                    PwLevel     *level)
{
  g_autofree char *key = NULL;

  g_return_if_fail (PW_IS_SCHEDULER (self));
  g_return_if_fail (level != NULL);

  key = make_key (self, level);
  if (g_hash_table_contains (self->cache, key))
    return;

  g_mutex_lock (&self->mutex);
  /* already queued, being analysed, or done and on its way to the cache */
  if ((self->running != NULL && g_str_equal (self->running->key, key)) ||
      g_hash_table_contains (self->reporting, key))
    {
      g_mutex_unlock (&self->mutex);
      return;
    }
  for (GList *l = self->background.head; l != NULL; l = l->next)
    if (g_str_equal (((Job *) l->data)->key, key))
      {
        g_mutex_unlock (&self->mutex);
        return;
      }
  g_queue_push_tail (&self->background, job_new (self, level, key, FALSE));
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);
  notify_busy (self);
}

PwAnalysis *
pw_scheduler_lookup (PwScheduler *self,
                     PwLevel     *level)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (PW_IS_SCHEDULER (self), NULL);
  g_return_val_if_fail (level != NULL, NULL);

  key = make_key (self, level);
  return g_hash_table_lookup (self->cache, key);
}

void
pw_scheduler_set_max_bytes (PwScheduler *self,
                            guint64      max_bytes)
{
  g_return_if_fail (PW_IS_SCHEDULER (self));

  /* read on this thread only (jobs take a copy); a new budget is a new
   * cache key, so levels are analysed again as they are asked for */
  self->options.max_bytes = max_bytes;
}

gboolean
pw_scheduler_get_busy (PwScheduler *self)
{
  gboolean busy;

  g_return_val_if_fail (PW_IS_SCHEDULER (self), FALSE);

  g_mutex_lock (&self->mutex);
  busy = self->waiting != NULL || self->focus_job != NULL || self->running != NULL ||
         self->background.length > 0;
  g_mutex_unlock (&self->mutex);
  return busy;
}

guint
pw_scheduler_get_n_started (PwScheduler *self)
{
  g_return_val_if_fail (PW_IS_SCHEDULER (self), 0);
  return g_atomic_int_get (&self->n_started);
}

PwScheduler *
pw_scheduler_new (const PwAnalyseOptions *options,
                  guint                   delay_ms,
                  guint                   progress_ms)
{
  PwScheduler *self = g_object_new (PW_TYPE_SCHEDULER, NULL);

  if (options != NULL)
    self->options = *options;
  self->options.trace = NULL;
  self->delay_ms = delay_ms;
  self->progress_ms = progress_ms;
  return self;
}

static void
pw_scheduler_dispose (GObject *object)
{
  PwScheduler *self = (PwScheduler *) object;

  g_clear_handle_id (&self->delay_id, g_source_remove);
  stop_progress (self);
  g_clear_pointer (&self->waiting, job_unref);

  if (self->thread != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->quit = TRUE;
      if (self->running != NULL)
        g_cancellable_cancel (self->running->cancellable);
      g_cond_signal (&self->cond);
      g_mutex_unlock (&self->mutex);
      g_thread_join (g_steal_pointer (&self->thread));
    }
  g_clear_pointer (&self->focus_job, job_unref);
  g_queue_clear_full (&self->background, (GDestroyNotify) job_unref);

  G_OBJECT_CLASS (pw_scheduler_parent_class)->dispose (object);
}

static void
pw_scheduler_finalize (GObject *object)
{
  PwScheduler *self = (PwScheduler *) object;

  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);

  g_hash_table_unref (self->reporting);
  g_queue_clear_full (&self->graphs, g_free);
  G_OBJECT_CLASS (pw_scheduler_parent_class)->finalize (object);
}

static void
pw_scheduler_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PwScheduler *self = PW_SCHEDULER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, pw_scheduler_get_busy (self));
      break;

    case PROP_N_STARTED:
      g_value_set_uint (value, pw_scheduler_get_n_started (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pw_scheduler_class_init (PwSchedulerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pw_scheduler_dispose;
  object_class->finalize = pw_scheduler_finalize;
  object_class->get_property = pw_scheduler_get_property;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_STARTED] =
    g_param_spec_uint ("n-started", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ANALYSED] =
    g_signal_new ("analysed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, PW_TYPE_LEVEL, PW_TYPE_ANALYSIS, G_TYPE_BOOLEAN);
  signals[FIRST_LOOK] =
    g_signal_new ("first-look", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, PW_TYPE_LEVEL, PW_TYPE_ANALYSIS);
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, PW_TYPE_LEVEL, G_TYPE_ERROR, G_TYPE_BOOLEAN);
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
pw_scheduler_init (PwScheduler *self)
{
  pw_analyse_options_init (&self->options);
  self->context = g_main_context_ref_thread_default ();
  self->graph_budget = PW_SCHEDULER_GRAPH_BUDGET;
  self->reporting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&self->graphs);
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) pw_analysis_unref);
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  g_queue_init (&self->background);
  self->thread = g_thread_new ("pw-analyse", worker_main, self);
}

void
pw_scheduler_set_graph_budget (PwScheduler *self,
                               gsize        bytes)
{
  g_return_if_fail (PW_IS_SCHEDULER (self));

  self->graph_budget = bytes;
  trim_graphs (self);
}
