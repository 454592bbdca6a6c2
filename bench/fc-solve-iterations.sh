#!/usr/bin/env bash
# fc-solve's effort on each Microsoft deal, for bench/fit-freecell-model's
# --fc-solve (docs/difficulty.md):
#
#   bash bench/fc-solve-iterations.sh FIRST LAST > FILE
#
# Lines "DEAL ITERATIONS": the iterations (positions checked) of
# `fc-solve -l lg` on the deal, from the running totals that
# freecell-solver-range-parallel-solve prints after each board.
set -euo pipefail
first=${1:?first deal}
last=${2:?last deal}
command -v freecell-solver-range-parallel-solve >/dev/null || {
  echo "fc-solve is not installed (apt install freecell-solver-bin)" >&2
  exit 1
}
FREECELL_SOLVER_QUIET=1 freecell-solver-range-parallel-solve "$first" "$last" 1 -l lg 2>&1 |
  awk '/^Reached Board No\./ {
         split($0, a, "total_num_iters="); total = a[2] + 0
         print $4, total - previous; previous = total
       }'
