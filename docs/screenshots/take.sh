#!/bin/sh
# Takes the README's screenshots of the real editor window under Xvfb:
#   bash docs/screenshots/take.sh [GROUP…]   (after bash .ci/setup; GROUP: queens, nonogram, magic, knights-tour, logic-dark, generate-slide)
set -eu
cd "$(dirname "$0")/../.."
ninja -C build tests/take-screenshots >/dev/null
xvfb-run -a -s "-screen 0 1600x1000x24" \
  env GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11 GSK_RENDERER=cairo \
  ./build/tests/take-screenshots docs/screenshots "$@"
