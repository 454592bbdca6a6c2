/* pw-cli-stream.c — analyse and export-csv over sets of any size
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each set is read twice as a stream (pw-level-stream.h): once to check
 * all of it, so that a bad level is refused before any work, then level
 * by level into a pool of --jobs threads. The levels go to the threads in
 * batches (Job): one level at a time while they take a while to analyse,
 * more once they are so cheap that handing each one over would cost more
 * than its analysis (about BATCH_US of work a batch). At most
 * WINDOW_PER_JOB batches a thread are in flight; their rows go out in the
 * set's order as soon as the next one is done (pw_report_writer). Memory:
 * the window (at most BATCH_BYTES of level text a batch), the writer's
 * same_game_as table and the stream's ids, not the set.
 */

#define G_LOG_DOMAIN "pw-cli"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "puzzlewright.h"
#include "pw-cli.h"
#include "pw-cli-private.h"
#include "pw-json-text.h"

#define WINDOW_PER_JOB 4
/* a batch: at most this many levels, this much of the set's text, and
 * levels for about this much analysis (µs) by the mean so far */
#define BATCH_MAX 64
#define BATCH_BYTES (1024 * 1024)
#define BATCH_US 2000
/* progress lines at most this often (µs) */
#define PROGRESS_EVERY (G_USEC_PER_SEC / 2)

typedef struct
{
  PwLevelText     *text;      /* read by the job's thread, when it has one */
  PwLevel         *level;
  guint            order;
  PwAnalysis      *analysis;
  GError          *error;
} Item;

/* Levels one thread analyses in turn */
typedef struct
{
  guint            n;
  guint64          bytes;
  gboolean         done;      /* analysed */
  guint            worker;    /* the thread that analysed it */
  Item             items[BATCH_MAX];
} Job;

typedef struct
{
  const PwAnalyseOptions *options;
  guint                   jobs;
  const PwCliShard       *shard;
  PwCliWanted             wanted;     /* besides the shard; NULL: all */
  gpointer                wanted_data;
  PwCliRowFunc            row_func;   /* each row, in the set's order */
  gpointer                row_data;
  PwAnalyseOptions        one_thread;
  GAsyncQueue            *todo;       /* Job, to analyse */
  struct _Worker         *workers;
  guint                   n_workers;
  GMutex                  lock;
  GCond                   cond;
  GQueue                  window;     /* Job, in the set's order */
  guint64                 analysed;   /* levels, and their analyses' µs */
  guint64                 spent_us;
  gboolean                ok;         /* every level analysed */
  PwCliProgress           progress;
} Pipeline;

/* A job thread. It frees the batches it analysed once their rows are
 * out (freed): memory freed by the thread that took it costs a ninth of
 * what another thread's free costs (glibc's arena locks, GSlice's
 * magazines), and for cheap levels freeing is as much work as writing
 * their rows. */
typedef struct _Worker
{
  Pipeline        *p;
  guint            index;
  GThread         *thread;
  GAsyncQueue     *freed;     /* Job */
} Worker;

/* what a job thread takes to mean: stop */
static Job stop_job;

/* analyse and export-csv: the pipeline's rows go to a report */
typedef struct
{
  Pipeline        p;
  PwReportWriter *writer;
  PwCliOutput     out;
} Report;

gboolean
_pw_cli_output_open (PwCliOutput  *output,
                     const char   *path,
                     GError      **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;

  memset (output, 0, sizeof *output);
  if (path == NULL || g_str_equal (path, "-"))
    return TRUE;
  file = g_file_new_for_commandline_arg (path);
  output->writer = pw_file_writer_open (file, &local_error);
  if (output->writer == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code, "%s: %s", path,
                   local_error->message);
      return FALSE;
    }
  output->path = g_strdup (path);
  return TRUE;
}

gboolean
_pw_cli_output_write (PwCliOutput  *output,
                      const char   *data,
                      gsize         length,
                      GError      **error)
{
  g_autoptr(GError) local_error = NULL;

  if (output->writer == NULL)
    {
      if (fwrite (data, 1, length, stdout) == length)
        return TRUE;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s",
                   _("standard output"), g_strerror (errno));
      return FALSE;
    }
  if (pw_file_writer_write (output->writer, data, length, NULL, &local_error))
    return TRUE;
  g_set_error (error, local_error->domain, local_error->code, "%s: %s", output->path,
               local_error->message);
  return FALSE;
}

gboolean
_pw_cli_output_commit (PwCliOutput  *output,
                       GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  if (output->writer == NULL)
    {
      if (fflush (stdout) == 0)
        return TRUE;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s",
                   _("standard output"), g_strerror (errno));
      return FALSE;
    }
  ok = pw_file_writer_commit (g_steal_pointer (&output->writer), FALSE, NULL, &local_error);
  if (!ok)
    g_set_error (error, local_error->domain, local_error->code, "%s: %s", output->path,
                 local_error->message);
  g_clear_pointer (&output->path, g_free);
  return ok;
}

void
_pw_cli_output_abort (PwCliOutput *output)
{
  g_clear_pointer (&output->writer, pw_file_writer_abort);
  g_clear_pointer (&output->path, g_free);
}

static gboolean
write_out (const char  *data,
           gsize        length,
           gpointer     user_data,
           GError     **error)
{
  Report *report = user_data;

  return _pw_cli_output_write (&report->out, data, length, error);
}

static gboolean
add_to_report (PwReportRow  *row,
               gpointer      user_data,
               GError      **error)
{
  Report *report = user_data;

  return pw_report_writer_add (report->writer, row, error);
}

static void
item_clear (Item *item)
{
  g_clear_pointer (&item->analysis, pw_analysis_unref);
  g_clear_error (&item->error);
  g_clear_pointer (&item->level, pw_level_unref);
  g_clear_pointer (&item->text, pw_level_text_free);
}

static void
job_free (Job *job)
{
  for (guint i = 0; i < job->n; i++)
    item_clear (&job->items[i]);
  g_free (job);
}

static void
run_job (Worker *worker,
         Job    *job)
{
  Pipeline *p = worker->p;
  gint64 started = g_get_monotonic_time ();

  for (guint i = 0; i < job->n; i++)
    {
      Item *item = &job->items[i];

      /* a level that does not read now was read in the first pass: its
       * file has changed, which emit_item reports */
      if (item->level == NULL)
        item->level = pw_level_text_read (item->text, &item->error);
      if (item->level != NULL)
        item->analysis = pw_level_analyse (item->level, &p->one_thread, NULL, NULL, NULL,
                                           &item->error);
    }
  g_mutex_lock (&p->lock);
  job->done = TRUE;
  job->worker = worker->index;
  p->analysed += job->n;
  p->spent_us += g_get_monotonic_time () - started;
  g_cond_broadcast (&p->cond);
  g_mutex_unlock (&p->lock);
}

static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;
  Job *job;

  do
    {
      Job *done;

      job = g_async_queue_pop (worker->p->todo);
      while ((done = g_async_queue_try_pop (worker->freed)) != NULL)
        job_free (done);
      if (job != &stop_job)
        run_job (worker, job);
    }
  while (job != &stop_job);
  return NULL;
}

/* How many levels the next batch may take: one until an analysis has
 * been timed, then about BATCH_US of them by the mean so far. */
static guint
batch_size (Pipeline *p)
{
  guint64 analysed, spent_us;

  g_mutex_lock (&p->lock);
  analysed = p->analysed;
  spent_us = p->spent_us;
  g_mutex_unlock (&p->lock);
  if (analysed == 0)
    return 1;
  return CLAMP ((BATCH_US * analysed) / MAX (spent_us, 1), 1, BATCH_MAX);
}

/* Whether the pipeline analyses the level at @index of its set. */
static gboolean
pipeline_has (Pipeline *p,
              guint     index)
{
  return _pw_cli_shard_has (p->shard, index) &&
         (p->wanted == NULL || p->wanted (index, p->wanted_data));
}

/* Ready to analyse @total levels. */
static void
pipeline_init (Pipeline               *p,
               const PwAnalyseOptions *options,
               guint                   jobs,
               gboolean                quiet,
               guint64                 total)
{
  p->options = options;
  p->jobs = jobs;
  p->ok = TRUE;
  p->one_thread = *options;
  p->one_thread.threads = 1;
  g_mutex_init (&p->lock);
  g_cond_init (&p->cond);
  g_queue_init (&p->window);
  _pw_cli_progress_start (&p->progress, quiet, total);
  /* the memory budget is the process's: shared by the jobs at once */
  if (jobs > 1 && p->one_thread.max_bytes > 0)
    p->one_thread.max_bytes = MAX (p->one_thread.max_bytes / jobs, 1);
  if (jobs > 1)
    {
      p->todo = g_async_queue_new ();
      p->n_workers = jobs;
      p->workers = g_new0 (Worker, jobs);
      for (guint i = 0; i < jobs; i++)
        {
          Worker *worker = &p->workers[i];

          worker->p = p;
          worker->index = i;
          worker->freed = g_async_queue_new ();
          worker->thread = g_thread_new ("pw-job", worker_main, worker);
        }
    }
  if (!quiet && jobs > 1 && total > 1)
    /* Translators: the command line, analysing N levels on M threads */
    g_printerr (_("%u levels, %u at a time…\n"), (guint) total, (guint) MIN (jobs, total));
}

/* Waits for the levels still in flight (after a failure) and frees the
 * pipeline. */
static void
pipeline_clear (Pipeline *p)
{
  while (p->window.length > 0)
    {
      Job *job = g_queue_pop_head (&p->window);

      g_mutex_lock (&p->lock);
      while (!job->done)
        g_cond_wait (&p->cond, &p->lock);
      g_mutex_unlock (&p->lock);
      job_free (job);
    }
  /* each thread frees what it was given back, then stops */
  for (guint i = 0; i < p->n_workers; i++)
    g_async_queue_push (p->todo, &stop_job);
  for (guint i = 0; i < p->n_workers; i++)
    {
      g_thread_join (p->workers[i].thread);
      g_async_queue_unref (p->workers[i].freed);
    }
  g_clear_pointer (&p->workers, g_free);
  g_clear_pointer (&p->todo, g_async_queue_unref);
  p->n_workers = 0;
  g_mutex_clear (&p->lock);
  g_cond_clear (&p->cond);
}

void
_pw_cli_progress_start (PwCliProgress *progress,
                        gboolean       quiet,
                        guint64        total)
{
  memset (progress, 0, sizeof *progress);
  progress->quiet = quiet;
  progress->total = total;
  progress->started = progress->shown = g_get_monotonic_time ();
}

static void
show_progress (PwCliProgress *progress,
               gboolean       last)
{
  gint64 now = g_get_monotonic_time ();
  double seconds = (now - progress->started) / 1e6;
  double rate = seconds > 0 ? progress->done / seconds : 0;
  g_autofree char *done = NULL;
  g_autofree char *total = NULL;

  if (progress->quiet || (!last && now - progress->shown < PROGRESS_EVERY))
    return;
  progress->shown = now;
  done = pw_format_count (progress->done);
  total = pw_format_count (progress->total);
  g_printerr ("\r\033[K");
  if (last)
    /* Translators: at the end of analyse: N levels in S seconds, R levels a second */
    g_printerr (_("%s levels in %.1f s, %.1f a second\n"), done, seconds, rate);
  else if (progress->total == 0)
    /* Translators: progress: levels done so far, levels a second */
    g_printerr (_("%s levels, %.1f a second"), done, rate);
  else if (rate > 0)
    {
      double left = (progress->total - MIN (progress->done, progress->total)) / rate;

      /* Translators: progress: levels done of all, levels a second, time left */
      g_printerr (_("%s of %s levels, %.1f a second, %d:%02d:%02d left"), done, total, rate,
                  (int) (left / 3600), (int) (left / 60) % 60, (int) left % 60);
    }
  else
    g_printerr (_("%s of %s levels"), done, total);
}

void
_pw_cli_progress_step (PwCliProgress *progress)
{
  progress->done++;
  show_progress (progress, FALSE);
}

void
_pw_cli_progress_clear (PwCliProgress *progress)
{
  if (!progress->quiet)
    g_printerr ("\r\033[K");
}

void
_pw_cli_progress_end (PwCliProgress *progress)
{
  show_progress (progress, TRUE);
}

/* One row: @item's (freed with its batch). */
static gboolean
emit_item (Pipeline    *p,
           Item        *item,
           const char  *display_name,
           GError     **error)
{
  g_autoptr(PwReportRow) row = NULL;
  gboolean written;

  if (item->level == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: the file changed while it was analysed (%s)"), display_name,
                   item->error->message);
      return FALSE;
    }
  if (item->analysis == NULL)
    {
      _pw_cli_progress_clear (&p->progress);
      g_printerr ("puzzlewright: %s: %s: %s\n", display_name, pw_level_get_name (item->level),
                  item->error->message);
      p->ok = FALSE;
    }
  else
    _pw_cli_keep_figures_asked (item->analysis, pw_level_get_kind (item->level), p->options);
  row = pw_report_row_new (display_name, item->order, item->level, item->analysis,
                           item->error ? item->error->message : NULL);
  written = p->row_func (row, p->row_data, error);
  _pw_cli_progress_step (&p->progress);
  return written;
}

/* Writes the oldest batch's rows, waiting for it. */
static gboolean
emit_oldest (Pipeline    *p,
             const char  *display_name,
             GError     **error)
{
  Job *job = g_queue_pop_head (&p->window);
  gboolean written = TRUE;

  g_mutex_lock (&p->lock);
  while (!job->done)
    g_cond_wait (&p->cond, &p->lock);
  g_mutex_unlock (&p->lock);

  for (guint i = 0; written && i < job->n; i++)
    written = emit_item (p, &job->items[i], display_name, error);
  /* the levels and analyses go back to the thread that made them */
  if (p->workers != NULL)
    g_async_queue_push (p->workers[job->worker].freed, job);
  else
    job_free (job);
  return written;
}

/* Checks the whole set first: its levels (all of them: the count the
 * progress needs), or FALSE having said why. */
static gboolean
check_set (const char  *path,
           guint       *n_levels,
           char       **sha256)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, &error);
  PwLevel *level;

  if (stream != NULL)
    while ((level = pw_level_stream_next (stream, &error)) != NULL)
      pw_level_unref (level);
  if (error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return FALSE;
    }
  *n_levels = pw_level_stream_get_count (stream);
  *sha256 = g_strdup (pw_level_stream_get_sha256 (stream));
  return TRUE;
}

/* One set through the pipeline. */
static gboolean
analyse_file (Pipeline    *p,
              const char  *path,
              PwCliSource *source,
              GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, error);
  guint mine = 0;
  guint window;
  Job *job = NULL;    /* the batch being filled */
  guint size = 1;

  if (stream == NULL)
    return FALSE;
  for (guint i = 0; i < source->levels; i++)
    mine += pipeline_has (p, i);
  /* one level at a time may use every core (PwAnalyseOptions.threads) */
  window = p->jobs > 1 && mine > 1 ? WINDOW_PER_JOB * p->jobs : 1;

  for (guint i = 0;; i++)
    {
      guint64 offset = pw_level_stream_get_offset (stream);
      PwLevelText *text = NULL;
      PwLevel *level = NULL;
      Item *item;

      /* other shards' levels: checked in the first pass, not read again */
      if (!pipeline_has (p, i))
        {
          if (!pw_level_stream_skip (stream, error))
            break;
          continue;
        }
      /* with jobs, the levels are read on their threads too */
      if (window > 1)
        text = pw_level_stream_next_text (stream, error);
      else
        level = pw_level_stream_next (stream, error);
      if (text == NULL && level == NULL)
        break;
      if (job == NULL)
        {
          job = g_new0 (Job, 1);
          size = window == 1 ? 1 : batch_size (p);
        }
      item = &job->items[job->n++];
      item->text = text;
      item->level = level;
      item->order = i + 1;
      job->bytes += pw_level_stream_get_offset (stream) - offset;
      if (job->n < size && job->bytes < BATCH_BYTES)
        continue;

      if (window == 1)
        {
          if (p->options->trace != NULL)
            g_printerr ("%u. %s\n", i + 1, pw_level_get_name (level));
          item->analysis = pw_level_analyse (level, p->options, NULL, NULL, NULL, &item->error);
          job->done = TRUE;
        }
      g_queue_push_tail (&p->window, job);
      if (window > 1)
        g_async_queue_push (p->todo, job);
      job = NULL;
      while (p->window.length >= window)
        if (!emit_oldest (p, path, error))
          return FALSE;
    }
  if (*error != NULL)
    {
      g_clear_pointer (&job, job_free);
      return FALSE;
    }
  /* the last batch, short */
  if (job != NULL)
    {
      g_queue_push_tail (&p->window, job);
      g_async_queue_push (p->todo, job);
    }
  while (p->window.length > 0)
    if (!emit_oldest (p, path, error))
      return FALSE;
  if (g_strcmp0 (pw_level_stream_get_sha256 (stream), source->sha256) != 0 ||
      pw_level_stream_get_count (stream) != source->levels)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s: the file changed while it was analysed"), path);
      return FALSE;
    }
  return TRUE;
}

/* "\"text\"": @text as a JSON string. */
static char *
json_string (const char *text)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, text);
  return pw_json_to_text (node, FALSE, NULL);
}

/* The part's header: the first member up to the opening of "rows". */
static char *
part_json_head (const PwCliShard *shard,
                const char       *options)
{
  g_autofree char *format = json_string (PW_CLI_PART_FORMAT);
  g_autofree char *used = json_string (options);

  return g_strdup_printf ("{\n  \"format\" : %s,\n  \"version\" : %d,\n  \"shard\" : %u,\n"
                          "  \"of\" : %u,\n  \"options\" : %s,\n  \"rows\" : [",
                          format, PW_CLI_PART_VERSION, shard->index, shard->count, used);
}

/* The rest of a JSON part: the sets it was made from. */
static char *
part_json_tail (GPtrArray *sources,
                gboolean   rows)
{
  GString *tail = g_string_new (rows ? "\n  ],\n  \"sources\" : [" : "],\n  \"sources\" : [");

  for (guint i = 0; i < sources->len; i++)
    {
      PwCliSource *source = g_ptr_array_index (sources, i);
      g_autofree char *file = json_string (source->file);
      g_autofree char *sha256 = json_string (source->sha256);

      g_string_append_printf (tail, "%s\n    {\n      \"file\" : %s,\n      \"levels\" : %u,\n"
                              "      \"sha256\" : %s\n    }", i > 0 ? "," : "", file,
                              source->levels, sha256);
    }
  g_string_append (tail, sources->len > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (tail, FALSE);
}

int
_pw_cli_analyse_streamed (char                 **files,
                          const PwCliStreamRun  *run)
{
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func ((GDestroyNotify) _pw_cli_source_free);
  g_autoptr(GPtrArray) paths = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  gboolean sharded = run->shard != NULL && run->shard->count > 0;
  gboolean json = run->format == PW_REPORT_JSON;
  int status = PW_EXIT_OK;
  Report report = { { 0 } };
  Pipeline *p = &report.p;
  guint total = 0;

  /* every set checked before any work */
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *sha256 = NULL;
      PwCliSource *source;
      guint n;

      if (!check_set (files[i], &n, &sha256))
        {
          status = PW_EXIT_FAILURE;
          continue;
        }
      source = g_new0 (PwCliSource, 1);
      source->file = g_strdup (files[i]);
      source->levels = n;
      source->sha256 = g_steal_pointer (&sha256);
      g_ptr_array_add (sources, source);
      g_ptr_array_add (paths, files[i]);
      for (guint l = 0; l < n; l++)
        total += _pw_cli_shard_has (run->shard, l);
    }
  /* a set that cannot be read is the end of export-csv, but analyse goes
   * on with the others, as it always has */
  if (status != PW_EXIT_OK && !run->with_file)
    return status;

  if (!_pw_cli_output_open (&report.out, run->output, &error))
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  report.writer = pw_report_writer_new (run->format, run->with_file, sharded ? 2 : 1, write_out,
                                        &report);
  p->shard = run->shard;
  p->row_func = add_to_report;
  p->row_data = &report;
  pipeline_init (p, run->options, run->jobs, run->quiet, total);

  if (json)
    {
      g_autofree char *head = sharded ? part_json_head (run->shard, run->options_text)
                                      : g_strdup ("[");

      write_out (head, strlen (head), &report, &error);
    }
  for (guint i = 0; error == NULL && i < paths->len; i++)
    analyse_file (p, g_ptr_array_index (paths, i), g_ptr_array_index (sources, i), &error);
  /* levels still in flight when a write failed */
  pipeline_clear (p);

  if (error == NULL && json)
    {
      gboolean rows = pw_report_writer_get_n_rows (report.writer) > 0;
      g_autofree char *tail = sharded ? part_json_tail (sources, rows)
                                      : g_strdup (rows ? "\n]\n" : "]\n");

      write_out (tail, strlen (tail), &report, &error);
    }
  else if (error == NULL)
    {
      g_autofree char *before = sharded ? _pw_cli_part_csv_record (run->shard, run->options_text,
                                                                   sources)
                                        : NULL;

      pw_report_writer_finish (report.writer, before, &error);
    }
  /* on failure the temporary file goes, whatever was at OUTPUT stays */
  if (error == NULL)
    _pw_cli_output_commit (&report.out, &error);
  else
    _pw_cli_output_abort (&report.out);
  _pw_cli_progress_end (&p->progress);
  pw_report_writer_free (report.writer);
  if (error != NULL)
    {
      g_printerr ("puzzlewright: %s\n", error->message);
      return PW_EXIT_FAILURE;
    }
  return p->ok ? status : PW_EXIT_FAILURE;
}

gboolean
_pw_cli_analyse_each (const char              *path,
                      const PwCliAnalyseEach  *each,
                      PwCliSetRead            *read,
                      GError                 **error)
{
  PwCliSource source = { (char *) path, 0, NULL };
  Pipeline p = { 0 };
  guint total = 0;
  gboolean ok;

  if (each->known == NULL && !_pw_cli_each_level (path, NULL, NULL, NULL, NULL, read, error))
    return FALSE;
  source.levels = each->known != NULL ? each->known->n_levels : read->n_levels;
  source.sha256 = each->known != NULL ? each->known->sha256 : read->sha256;
  p.wanted = each->wanted;
  p.wanted_data = each->user_data;
  p.row_func = each->func;
  p.row_data = each->user_data;
  for (guint i = 0; i < source.levels; i++)
    total += each->wanted == NULL || each->wanted (i, each->user_data);
  pipeline_init (&p, each->options, each->jobs, each->quiet, total);
  ok = analyse_file (&p, path, &source, error);
  pipeline_clear (&p);
  if (ok)
    _pw_cli_progress_end (&p.progress);
  else
    _pw_cli_progress_clear (&p.progress);
  read->all_analysed = p.ok;
  return ok;
}

void
_pw_cli_set_read_clear (PwCliSetRead *read)
{
  g_clear_pointer (&read->sha256, g_free);
  g_clear_pointer (&read->header, pw_level_set_unref);
}

gboolean
_pw_cli_each_level (const char      *path,
                    PwCliWanted      wanted,
                    PwCliLevelFunc   func,
                    gpointer         user_data,
                    const char      *expected_sha256,
                    PwCliSetRead    *read,
                    GError         **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(PwLevelStream) stream = pw_level_stream_open (file, error);
  guint index;

  if (stream == NULL)
    return FALSE;
  for (index = 0;; index++)
    {
      g_autoptr(PwLevel) level = NULL;

      if (wanted != NULL && !wanted (index, user_data))
        {
          if (!pw_level_stream_skip (stream, error))
            break;
          continue;
        }
      level = pw_level_stream_next (stream, error);
      if (level == NULL)
        break;
      if (func != NULL && !func (level, index, user_data, error))
        return FALSE;
    }
  if (*error != NULL)
    return FALSE;
  if (expected_sha256 != NULL && g_strcmp0 (pw_level_stream_get_sha256 (stream),
                                            expected_sha256) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: the file changed while it was "
                                                           "read"), path);
      return FALSE;
    }
  if (read != NULL)
    {
      _pw_cli_set_read_clear (read);
      read->n_levels = index;
      read->sha256 = g_strdup (pw_level_stream_get_sha256 (stream));
      read->header = pw_level_set_ref (pw_level_stream_get_header (stream));
    }
  return TRUE;
}
