#!/bin/sh
# Takes the README's screenshots of the real editor window under Xvfb:
#   bash docs/screenshots/take.sh [GROUP…]   (after bash .ci/setup)
# GROUP: queens, nonogram, magic, knights-tour, logic-dark, generate-slide,
# or sets (every bundled set at 1280×800 and 1920×1080, the test
# `screenshots` also takes them); no GROUP: all of them.
set -eu
cd "$(dirname "$0")/../.."
ninja -C build tests/take-screenshots >/dev/null
run () {
  xvfb-run -a -s "-screen 0 2048x1280x24" \
    env GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11 GSK_RENDERER=cairo \
    ./build/tests/take-screenshots docs/screenshots "$@"
}
if [ $# -eq 0 ]; then
  run
  run sets
else
  run "$@"
fi
