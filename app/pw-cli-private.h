/* pw-cli-private.h — what the command line's files and programs share
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-file.h"

#include <stdio.h>

#include "puzzlewright.h"
#include "pw-cli.h"

G_BEGIN_DECLS

/* "puzzlewright COMMAND: MESSAGE" and where to find help, on stderr. */
void        _pw_cli_usage_error  (const char             *command,
                                  const char             *message);
/* Parses @text (NULL: leaves *value) as a count ≥ @min; FALSE, having
 * said why, when it is none. */
gboolean    _pw_cli_parse_count  (const char             *command,
                                  const char             *option,
                                  const char             *text,
                                  guint64                 min,
                                  guint64                *value);
/* @data to @path atomically, or to standard output for NULL or "-". */
gboolean    _pw_cli_write_output (const char             *path,
                                  const char             *data,
                                  gsize                   length);
/* The text of the file @path for @command, at most the size a level set
 * may have (a device or a pipe is not read without end), or FALSE after
 * saying why on stderr. */
gboolean    _pw_cli_read_file    (const char             *command,
                                  const char             *path,
                                  char                  **text,
                                  gsize                  *length);

/* --shard I/N (app/pw-cli-shard.c): the levels whose 0-based index in
 * their set is I − 1 modulo N; count 0: every level. */
typedef struct
{
  guint index;   /* 1 … count */
  guint count;
} PwCliShard;

#define PW_CLI_PART_FORMAT    "puzzlewright-report-part"
#define PW_CLI_PART_VERSION   1
#define PW_CLI_MAX_SHARDS     1000000

/* A set a part was made from: its name as shown, its levels, the SHA-256
 * of its file. */
typedef struct
{
  char  *file;
  guint  levels;
  char  *sha256;
} PwCliSource;

static inline gboolean
_pw_cli_shard_has (const PwCliShard *shard,
                   guint             index)
{
  return shard == NULL || shard->count == 0 || index % shard->count == shard->index - 1;
}

/* Reads --shard's @text (NULL: no shard); FALSE after saying why. */
gboolean     _pw_cli_parse_shard (const char       *command,
                                  const char       *text,
                                  PwCliShard       *shard);
void         _pw_cli_source_free (PwCliSource      *source);
/* The first record of a CSV part: the shard, @options and @sources. */
char        *_pw_cli_part_csv_record (const PwCliShard *shard,
                                      const char       *options,
                                      GPtrArray        *sources);

/* An output written as it goes: standard output, or a file written by
 * pw_file_writer (a temporary beside the target, renamed over it by commit
 * and removed by abort, so that OUTPUT is whole or as it was; a device
 * such as /dev/null is written into) (app/pw-cli-stream.c). */
typedef struct
{
  PwFileWriter *writer;   /* NULL: standard output */
  char         *path;
} PwCliOutput;

gboolean     _pw_cli_output_open    (PwCliOutput  *output,
                                     const char   *path,
                                     GError      **error);
gboolean     _pw_cli_output_write   (PwCliOutput  *output,
                                     const char   *data,
                                     gsize         length,
                                     GError      **error);
gboolean     _pw_cli_output_commit  (PwCliOutput  *output,
                                     GError      **error);
void         _pw_cli_output_abort   (PwCliOutput  *output);

/* Progress on standard error, at most twice a second: levels done (of
 * @total when known, with the rate and the time left), then at the end
 * the total, the time and the rate (app/pw-cli-stream.c). Quiet shows
 * nothing. */
typedef struct
{
  gboolean quiet;
  guint64  done;
  guint64  total;   /* 0: not known */
  gint64   started;
  gint64   shown;
} PwCliProgress;

void         _pw_cli_progress_start (PwCliProgress *progress,
                                     gboolean       quiet,
                                     guint64        total);
/* One more level done. */
void         _pw_cli_progress_step  (PwCliProgress *progress);
/* Clears the progress line (before another message). */
void         _pw_cli_progress_clear (PwCliProgress *progress);
void         _pw_cli_progress_end   (PwCliProgress *progress);

/* analyse and export-csv as streams (app/pw-cli-stream.c). */
typedef struct
{
  PwReportFormat          format;
  gboolean                with_file;    /* analyse: a file column, and goes on past a bad set */
  const PwAnalyseOptions *options;
  const char             *options_text; /* for parts: what the figures depend on */
  guint                   jobs;
  gboolean                quiet;
  const PwCliShard       *shard;
  const char             *output;       /* NULL or "-": standard output */
} PwCliStreamRun;

int          _pw_cli_analyse_streamed   (char                 **files,
                                         const PwCliStreamRun  *run);
/* What reading a set to its end found: its levels, the SHA-256 of its
 * file, its title, author and notes (a set without levels). */
typedef struct
{
  guint       n_levels;
  char       *sha256;
  PwLevelSet *header;
  gboolean    all_analysed;  /* _pw_cli_analyse_each: no level failed */
} PwCliSetRead;

void         _pw_cli_set_read_clear (PwCliSetRead    *read);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PwCliSetRead, _pw_cli_set_read_clear)

/* A set read a level at a time for commands that go over it twice (a
 * check, then the work): @func (unless NULL) is given each level @wanted
 * says (all when NULL; the others are passed over) with its 0-based
 * index, and may stop the reading by failing. FALSE after setting @error
 * (the set is bad, @func failed, or the file's SHA-256 is not
 * @expected_sha256 unless NULL); what was read in @read unless NULL
 * (app/pw-cli-stream.c). */
typedef gboolean (*PwCliWanted)    (guint     index,
                                    gpointer  user_data);
typedef gboolean (*PwCliLevelFunc) (PwLevel  *level,
                                    guint     index,
                                    gpointer  user_data,
                                    GError  **error);

gboolean     _pw_cli_each_level     (const char      *path,
                                     PwCliWanted      wanted,
                                     PwCliLevelFunc   func,
                                     gpointer         user_data,
                                     const char      *expected_sha256,
                                     PwCliSetRead    *read,
                                     GError         **error);

/* A set analysed a level at a time as analyse does (the chart, report
 * and render --solutions): read once to its end and checked (nothing is
 * analysed in a bad set; @read says what was found) unless @known says
 * what an earlier reading found (it may be @read), then its levels
 * @wanted says (all when NULL) analysed on @jobs threads, each row
 * (PwReportRow: the path, the level's order, the level, its analysis)
 * given to @func in the set's order. A level that fails to analyse keeps
 * its row without figures (the message on stderr) and makes
 * @read->all_analysed FALSE. FALSE after setting @error (the set is bad,
 * @func failed or the file changed). */
typedef gboolean (*PwCliRowFunc)   (PwReportRow  *row,
                                    gpointer      user_data,
                                    GError      **error);

typedef struct
{
  const PwAnalyseOptions *options;
  guint                   jobs;
  gboolean                quiet;      /* no progress on stderr */
  PwCliWanted             wanted;     /* NULL: every level */
  PwCliRowFunc            func;
  gpointer                user_data;  /* for @wanted and @func */
  const PwCliSetRead     *known;      /* the set read already (no check); NULL: read it */
} PwCliAnalyseEach;

gboolean     _pw_cli_analyse_each   (const char              *path,
                                     const PwCliAnalyseEach  *each,
                                     PwCliSetRead            *read,
                                     GError                 **error);

/* Drops the figures @options did not ask for (pw-cli.c). */
void         _pw_cli_keep_figures_asked (PwAnalysis             *analysis,
                                         const PwKind           *kind,
                                         const PwAnalyseOptions *options);

/* A JSON part read a row at a time (app/pw-cli-json-rows.c): the rows of
 * its member "rows" one by one, then what is left (the other members,
 * "rows" as an empty list). Errors name the file; @error must not be
 * NULL. */
typedef struct _PwCliJsonRows PwCliJsonRows;

PwCliJsonRows *_pw_cli_json_rows_open         (const char     *path,
                                               GError        **error);
/* The next row (an object), or NULL: after the last (no error; the rest
 * of the file has been read) or after setting @error. */
JsonNode      *_pw_cli_json_rows_next         (PwCliJsonRows  *rows,
                                               GError        **error);
/* Passes over the next row without parsing it: TRUE, or FALSE after the
 * last or after setting @error. */
gboolean       _pw_cli_json_rows_skip         (PwCliJsonRows  *rows,
                                               GError        **error);
guint          _pw_cli_json_rows_get_count    (PwCliJsonRows  *rows);
/* The file's text but the rows (the rows' list empty), parsed strictly,
 * once all of it has been read: NULL after setting @error, which says
 * the line and column of the file. */
JsonNode      *_pw_cli_json_rows_parse_skeleton (PwCliJsonRows  *rows,
                                                 GError        **error);
void           _pw_cli_json_rows_free         (PwCliJsonRows  *rows);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PwCliJsonRows, _pw_cli_json_rows_free)

/* Commands in files of their own (app/pw-cli-export.c, app/pw-cli-sets.c,
 * app/pw-cli-shard.c). */
int         _pw_cli_export       (int                     argc,
                                  char                  **argv);
int         _pw_cli_playtests    (int                     argc,
                                  char                  **argv);
int         _pw_cli_duplicates   (int                     argc,
                                  char                  **argv);
int         _pw_cli_merge        (int                     argc,
                                  char                  **argv);

G_END_DECLS
