#!/usr/bin/env bash
# The number-placement engine against Debian's qqwing, side by side on one
# core (figures in docs/performance.md):
#
#   bash bench/sudoku.sh [DATA]
#
# DATA is the folder of the public sets (default /work/shared/data, see its
# README.md): sudoku/*.txt and generated/solo_*.txt.
#
# - 9x9 sets: bench-sudoku (solutions counted to 2, each checked with
#   pw_numgrid_check; the file solved 5 times in a run, as the hardest
#   set alone takes 40 ms, too short to measure on a busy machine), then
#   qqwing --solve --count-solutions (which counts them all) on the same
#   file, then bench-sudoku again; CPU seconds of each, puzzles per CPU
#   second, and the ratio, taken with the slower of our two runs.
#   qqwing's count of unique puzzles is shown beside ours;
# - the same 9x9 sets by the general search (--generic), for comparison;
# - Solo's 16x16 and 25x25 files: time per puzzle and the slowest;
# - an empty 100x100 Latin square: the first solution, three times.
#
# The machine may be shared: CPU time (not wall time) is compared, and
# each figure is one run; repeat the script to see the spread.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-/work/shared/data}
cpu=${PW_BENCH_CPU:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

meson compile -C build bench/bench-sudoku >/dev/null
bench=build/bench/bench-sudoku
have_qqwing=1
command -v qqwing >/dev/null || have_qqwing=0
[ "$have_qqwing" = 1 ] || echo "qqwing is not installed (apt install qqwing): Puzzlewright alone"

# the rate (puzzles/s) on the last line of a bench-sudoku run
rate () {
  tail -n 1 "$1" | awk '{ print $(NF - 1) }'
}

echo "== 9x9: Puzzlewright (default path) and qqwing, one core (CPU $cpu)"
for name in sudoku17_royle_49151 forum_hardest_1106 magictour_top1465; do
  file="$data/sudoku/$name.txt"
  [ -f "$file" ] || { echo "$file: missing"; continue; }
  taskset -c "$cpu" "$bench" --repeat 5 "$file" >"$work/a.txt"
  if [ "$have_qqwing" = 1 ]; then
    TIMEFORMAT='%U %S'
    { time taskset -c "$cpu" qqwing --solve --count-solutions <"$file" >"$work/qq.txt"; } 2>"$work/qq-time.txt"
  fi
  taskset -c "$cpu" "$bench" --repeat 5 "$file" >"$work/b.txt"
  cat "$work/a.txt"
  tail -n 1 "$work/b.txt"
  ours=$(printf '%s\n%s\n' "$(rate "$work/a.txt")" "$(rate "$work/b.txt")" | sort -n | head -n 1)
  if [ "$have_qqwing" = 1 ]; then
    n=$(grep -c . "$file")
    unique=$(grep -c 'solution to the puzzle is unique' "$work/qq.txt" || true)
    awk -v n="$n" -v u="$unique" -v ours="$ours" -v f="$file" '
      { cpu = $1 + $2 }
      END {
        printf "%s: qqwing: %d puzzles, %.3f s, %.0f puzzles/s (CPU; %d reported unique)\n", f, n, cpu, n / cpu, u
        printf "%s: ratio (slower of our runs / qqwing): %.1f\n", f, ours / (n / cpu)
      }' "$work/qq-time.txt"
  fi
done

echo "== 9x9 by the general search, for comparison"
for name in sudoku17_royle_49151 forum_hardest_1106; do
  file="$data/sudoku/$name.txt"
  [ -f "$file" ] && taskset -c "$cpu" "$bench" --generic "$file"
done

echo "== 16x16 and 25x25 (Solo), count to 2"
for file in "$data"/generated/solo_4x4*.txt "$data"/generated/solo_5x5*.txt; do
  [ -f "$file" ] && taskset -c "$cpu" "$bench" --repeat 5 "$file" | sed -n 1p
done

echo "== empty 100x100 Latin square, first solution"
taskset -c "$cpu" "$bench" --latin 100 --repeat 3
