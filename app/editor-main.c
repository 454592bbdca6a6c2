/* editor-main.c — the editor, puzzlewright-editor: what the puzzlewright
 * command runs when it is given no command (main.c)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "pw-application.h"
#include "pw-cli.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PwApplication) app = NULL;
  g_autofree char *sample = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("PUZZLEWRIGHT_LOCALEDIR") != NULL
                                   ? g_getenv ("PUZZLEWRIGHT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  sample = pw_cli_find_sample_set ();
  app = pw_application_new (sample);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
