/* pw-cli-draw.h — the command line's pictures: chart, report, render
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Runs `puzzlewright-draw COMMAND ARGS…` (chart, report or render), as
 * puzzlewright hands them over; returns the exit status. */
int pw_cli_draw_run (int    argc,
                     char **argv);

G_END_DECLS
