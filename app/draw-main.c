/* draw-main.c — puzzlewright-draw: the commands that draw (chart, report,
 * render), which puzzlewright hands over with their arguments
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A program of its own so that puzzlewright links neither cairo nor the
 * libraries it brings (fonts, images, X), and keeps its quick start.
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "pw-cli-draw.h"

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PUZZLEWRIGHT_LOCALEDIR") != NULL
                                   ? g_getenv ("PUZZLEWRIGHT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return pw_cli_draw_run (argc, argv);
}
