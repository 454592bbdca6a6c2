/* test-ui-util.h — helpers shared by the widget tests (under Xvfb)
 *
 * Copyright 2026 The Puzzlewright authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "puzzlewright.h"
#include "pw-window.h"

G_BEGIN_DECLS

typedef gboolean (*TestCondition) (gpointer data);

/* Runs the main loop until @condition holds; fails after 20 s, naming
 * @what. */
void        test_wait_for            (TestCondition  condition,
                                      gpointer       data,
                                      const char    *what);
/* A set from data/levels, by file name. */
PwDocument *test_load_bundled        (const char    *name);
/* A new window of 1280 × 800 on @document, on screen, its first level's
 * analysis shown. */
PwWindow   *test_show_window         (PwDocument    *document);

/* Conditions. */
gboolean    test_panel_says_analysed (gpointer       window);
gboolean    test_list_filled         (gpointer       window);

/* The colour of @widget's pixel at (@x, @y), as it would draw now. */
void        test_widget_pixel        (GtkWidget     *widget,
                                      int            x,
                                      int            y,
                                      guint8         rgb[3]);

/* The visible message dialog, or NULL. */
GtkDialog  *test_find_dialog         (void);

G_END_DECLS
