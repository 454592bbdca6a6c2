/* main.c — the puzzlewright command: the command line's subcommands, else
 * the editor
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This program links GLib and the analysis library only, so that scripts
 * running it once per level pay no GTK start-up (about 40 ms on the CI
 * machine, against 10 ms); with no command it hands over to the editor,
 * puzzlewright-editor (editor-main.c), with the same arguments.
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "pw-cli.h"

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  /* PUZZLEWRIGHT_LOCALEDIR=build/po runs a build's translations uninstalled */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PUZZLEWRIGHT_LOCALEDIR") != NULL
                                   ? g_getenv ("PUZZLEWRIGHT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (pw_cli_wants (argc, argv))
    return pw_cli_run (argc, argv);
  return pw_cli_exec_editor (argc, argv);
}
