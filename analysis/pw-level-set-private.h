/* pw-level-set-private.h — what the whole-set reader shares with the stream
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * pw-level-stream.c reads a set level by level with the same strict rules
 * and the same checks of each level as pw_level_set_load_from_data: these
 * are them.
 */

#pragma once

#include <json-glib/json-glib.h>

#include "pw-level-set.h"

G_BEGIN_DECLS

/* The strict JSON pre-pass (UTF-8, nesting, every token, duplicate
 * members) and the parse of @data, a text that starts at line
 * @first_line, column @first_column of the file @file, @depth lists and
 * objects deep: messages say where in the file. */
JsonNode *_pw_level_set_parse_strict (const char  *data,
                                      gsize        length,
                                      const char  *file,
                                      guint        first_line,
                                      guint        first_column,
                                      guint        depth,
                                      GError     **error);
/* Whether _pw_level_set_parse_strict reads strict JSON through
 * pw_json_read_strict (the default) before json-glib: the tests turn it
 * off to compare what the two readings give. */
void      _pw_level_set_use_fast_read (gboolean     use);
/* A text read with a stretch of its file left out (a set's members but
 * its levels, a part's but its rows): its bytes from @offset on stand at
 * @line, @column of the file. */
typedef struct
{
  gsize offset;
  guint line;
  guint column;
} PwTextCut;

/* _pw_level_set_parse_strict of such a text, which starts its file:
 * messages say where in the file, on either side of the cut. */
JsonNode *_pw_level_set_parse_strict_cut (const char      *data,
                                          gsize            length,
                                          const char      *file,
                                          const PwTextCut *cut,
                                          GError         **error);
/* Checks the set's members but its levels ("levels" must be a list, of
 * any length) and copies title, author, notes into @set unless NULL. */
gboolean  _pw_level_set_read_header  (const char  *file,
                                      JsonNode    *root,
                                      PwLevelSet  *set,
                                      GError     **error);
/* Level @number (from 1) of @file from its JSON, checked as loading does. */
PwLevel  *_pw_level_set_read_level   (const char  *file,
                                      guint        number,
                                      JsonNode    *node,
                                      GError     **error);
/* What pw_level_set_to_data writes, in pieces: the set up to the opening
 * bracket of "levels", and one level as it is written inside it. */
char     *_pw_level_set_header_text  (const char  *title,
                                      const char  *author,
                                      const char  *notes);
char     *_pw_level_set_level_text   (PwLevel     *level);

G_END_DECLS
