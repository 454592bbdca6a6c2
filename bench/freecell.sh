#!/usr/bin/env bash
# The FreeCell solver against Debian's fc-solve on Microsoft deals, side by
# side, one core each (figures in docs/performance.md):
#
#   bash bench/freecell.sh [LAST [SAMPLE [VE_SAMPLE]]]
#
# - every deal 1..LAST (default 32000): Puzzlewright's solver, then
#   fc-solve -l lg: CPU time and wall clock (on a shared machine compare
#   the CPU times), deals solved, positions (fc-solve: iterations) checked;
# - deals 1..SAMPLE (default 1000): solution lengths of both, and the
#   verdicts compared deal by deal;
# - deals 1..VE_SAMPLE (default 100): fc-solve -l ve (shorter solutions,
#   far more search: the whole range would take hours).
#
# fc-solve moves whole runs in one move; its lengths are also given as
# atomic moves, counting a run of k cards as 2k - 1 (the fewest a move
# through the free cells can take).
set -euo pipefail
cd "$(dirname "$0")/.."
last=${1:-32000}
sample=${2:-1000}
ve_sample=${3:-100}
export FREECELL_SOLVER_QUIET=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

meson compile -C build bench/bench-freecell >/dev/null
if ! command -v fc-solve >/dev/null; then
  echo "fc-solve is not installed (apt install freecell-solver-bin): Puzzlewright alone"
  taskset -c 0 build/bench/bench-freecell 1 "$last"
  exit 0
fi

echo "== deals 1-$last, one core"
taskset -c 0 build/bench/bench-freecell 1 "$last"
start=$(date +%s.%N)
# CPU time (user + system) as well as wall clock: the machine is shared
TIMEFORMAT='%U %S'
{ time taskset -c 0 freecell-solver-range-parallel-solve 1 "$last" "$last" -l lg \
    >"$work/lg.txt" 2>&1; } 2>"$work/lg-cpu.txt"
end=$(date +%s.%N)
cpu=$(awk '{ print $1 + $2 }' "$work/lg-cpu.txt")
awk -v s="$start" -v e="$end" -v n="$last" -v cpu="$cpu" '
  /^Unsolved Board No\./ { unsolved = unsolved " " $4 }
  /total_num_iters=/ { split($0, a, "total_num_iters="); iters = a[2] + 0 }
  END {
    printf "fc-solve -l lg: deals 1-%d: %d solved, %d not solved:%s\n", n, n - split(unsolved, u, " "), split(unsolved, u, " "), unsolved
    printf "fc-solve -l lg: %.2f s in all (CPU %.2f s, %.3f ms a deal); iterations: mean %.0f\n", e - s, cpu, cpu * 1000 / n, iters / n
  }' "$work/lg.txt"

# solution length of one fc-solve run: moves as printed, and atomic
fc_length () {
  make-microsoft-freecell-board -t "$1" | fc-solve $2 -m - 2>/dev/null | awk '
    /^Move a card/ { moves++; atomic++ }
    /^Move [0-9]+ cards/ { moves++; atomic += 2 * $2 - 1 }
    /This game is solveable/ { solved = 1 }
    END { printf "%d %d %d\n", solved, moves, atomic }'
}

echo "== deals 1-$sample: solution lengths and verdicts"
taskset -c 0 build/bench/bench-freecell --each 1 "$sample" >"$work/ours.txt"
for deal in $(seq 1 "$sample"); do
  echo "$deal $(fc_length "$deal" "-l lg")"
done >"$work/lg-each.txt"
join "$work/ours.txt" "$work/lg-each.txt" | awk '
  { n++
    ours_solved = $2 == "solved"; lg_solved = $6 == 1
    if (ours_solved) { so++; ol += $3 }
    if (lg_solved) { sl++; lm += $7; la += $8 }
    if ($2 == "unknown" || (ours_solved != lg_solved && $2 != "unsolvable")) disagree = disagree " " $1
    if ($2 == "unsolvable" && lg_solved) disagree = disagree " " $1 }
  END {
    printf "puzzlewright:   %d of %d solved, mean solution %.1f atomic moves\n", so, n, ol / so
    printf "fc-solve -l lg: %d of %d solved, mean solution %.1f moves as printed, %.1f atomic\n", sl, n, lm / sl, la / sl
    printf "verdicts that disagree:%s\n", disagree == "" ? " none" : disagree }'

echo "== deals 1-$ve_sample: fc-solve -l ve"
start=$(date +%s.%N)
for deal in $(seq 1 "$ve_sample"); do
  echo "$deal $(fc_length "$deal" "-l ve")"
done >"$work/ve-each.txt"
end=$(date +%s.%N)
head -n "$ve_sample" "$work/ours.txt" | join - "$work/ve-each.txt" | awk -v s="$start" -v e="$end" '
  { n++; if ($2 == "solved") { so++; ol += $3 } if ($6 == 1) { sv++; vm += $7; va += $8 } }
  END {
    printf "puzzlewright:   %d of %d solved, mean solution %.1f atomic moves\n", so, n, ol / so
    printf "fc-solve -l ve: %d of %d solved, mean solution %.1f moves as printed, %.1f atomic; %.3f s a deal\n", sv, n, vm / sv, va / sv, (e - s) / n }'
