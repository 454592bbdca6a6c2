/* pw-json-read.h — strict JSON text read into json-glib's tree, fast
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The value @data (@length bytes of valid UTF-8) holds, as the tree
 * json-glib's immutable parser builds from it (sealed), when the text is
 * one strict JSON value (RFC 8259) between optional white space, nested
 * at most @max_depth lists and objects deep, with no member written twice
 * in an object, no string holding U+0000 or half a UTF-16 surrogate pair,
 * every whole number within 64 bits and every other number finite. NULL
 * for anything else, with no message: the caller reads such a text with
 * json-glib and its own checks, which say what and where (pw-level-set.c).
 * The fast path of every level set, level stream, recovery file and part
 * read. */
JsonNode *pw_json_read_strict (const char *data,
                               gsize       length,
                               guint       max_depth);

G_END_DECLS
