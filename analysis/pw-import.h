/* pw-import.h — level sets from plain text collections
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "pw-types.h"

G_BEGIN_DECLS

/* Appends the levels of a plain-text collection to @set: levels are
 * separated by blank lines; a line "; Title" before a grid names the level
 * and further ";" lines before it become its notes, as in Sokoban
 * collections. Nothing is appended when the text has an error, which names
 * @display_name and the line. */
gboolean pw_import_text (PwLevelSet  *set,
                         const char  *kind_id,
                         const char  *text,
                         const char  *display_name,
                         GError     **error);
/* The same levels into @levels (empty, freeing with pw_level_unref),
 * without ids: for a set written a level at a time. */
gboolean pw_import_text_levels (const char  *kind_id,
                                const char  *text,
                                const char  *display_name,
                                GPtrArray   *levels,
                                GError     **error);

G_END_DECLS
