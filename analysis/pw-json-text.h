/* pw-json-text.h — JSON text as json-glib writes it, made valid
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The JSON text of @node (pretty: two spaces an indent), the way every
 * piece of JSON the program writes is made. json-glib 1.6 writes two
 * things that are not JSON, which this mends: U+001F raw inside a string
 * (now "\u001f"), and a number in exponent form with ".0" after it
 * ("1e+308.0", now "1e+308"). @length may be NULL. */
char *pw_json_to_text (JsonNode *node,
                       gboolean  pretty,
                       gsize    *length);

G_END_DECLS
