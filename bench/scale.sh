#!/usr/bin/env bash
# Catalogues on every core: import or generate a large set, analyse it in
# shards (one process a core, --shard I/N), join the parts with merge
# (figures in docs/performance.md, recipes in docs/scale.md):
#
#   bash bench/scale.sh [DEALS [FC_SAMPLE [SUDOKU]]]
#
# - FreeCell: Microsoft deals 1..DEALS (default 1000000) imported, then
#   analysed for solvability and solution length (--figures
#   solvable,solution_length) in one shard a core, then merged to one CSV;
#   wall time, CPU time and peak memory (the largest process) of each step;
# - fc-solve -l lg (Debian's freecell-solver-bin) on deals 1..FC_SAMPLE
#   (default 20000) in the same run, on one core: its rate a deal, and
#   what the whole range would take it on the same cores (extrapolated,
#   said so);
# - Sudoku: SUDOKU puzzles (default 250000) generated, analysed in shards
#   with the default figures, merged.
#
# PW=PROGRAM runs another build of puzzlewright (a copy, so that the
# build can change while the benchmark runs).
#
# Wall time on a shared machine says little: CPU time is printed beside
# it, and the load before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-1000000}
fc_sample=${2:-20000}
sudoku=${3:-250000}
cores=$(nproc)
pw=${PW:-$PWD/build/app/puzzlewright}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FREECELL_SOLVER_QUIET=1

meson compile -C build app/puzzlewright >/dev/null
echo "load before: $(uptime)"
echo "cores: $cores"

# STEP NAME COMMAND…: runs it, prints wall s, CPU s (user + system) and
# peak resident memory
step () {
  local name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@"
  awk -v n="$name" '{ printf "%-28s wall %8.1f s  CPU %8.1f s  peak %7.1f MiB\n", n, $1, $2 + $3, $4 / 1024 }' "$work/time"
}

# SHARDED NAME SET FIGURES: analyse SET in $cores shards at once, then merge
sharded () {
  local name=$1 set=$2 figures=$3
  local start end
  start=$(date +%s.%N)
  for i in $(seq 1 "$cores"); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/time-$i" \
      "$pw" analyse -q --jobs 1 --format csv $figures --shard "$i/$cores" "$set" \
      >"$work/part-$i.csv" &
  done
  wait
  end=$(date +%s.%N)
  cat "$work"/time-* | awk -v n="$name" -v s="$start" -v e="$end" '
    { cpu += $2 + $3; if ($4 > peak) peak = $4 }
    END { printf "%-28s wall %8.1f s  CPU %8.1f s  peak %7.1f MiB (largest shard)\n", n, e - s, cpu, peak / 1024 }'
  step "$name: merge" "$pw" merge "$work"/part-*.csv -o "$work/merged.csv"
  rm -f "$work"/part-*.csv "$work"/time-*
}

echo "== FreeCell: Microsoft deals 1-$deals"
step "import" "$pw" import --kind freecell --ms-deal "1-$deals" -o "$work/deals.json"
ls -l "$work/deals.json" | awk '{ printf "%-28s %.1f MB\n", "set file", $5 / 1e6 }'
sharded "analyse ($cores shards)" "$work/deals.json" "--figures solvable,solution_length"
awk -F'","' 'NR > 1 { n++; if ($7 == "true") solved++; else if ($7 == "false") unsolvable++; else unknown++; if ($7 == "true") len += $8 }
  END { printf "%-28s %d deals: %d solved (mean %.1f moves), %d unsolvable, %d undecided\n", "result", n, solved, len / solved, unsolvable, unknown }' "$work/merged.csv"
rm -f "$work/deals.json" "$work/merged.csv"

if command -v freecell-solver-range-parallel-solve >/dev/null; then
  echo "== fc-solve -l lg: deals 1-$fc_sample, one core"
  start=$(date +%s.%N)
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
    freecell-solver-range-parallel-solve 1 "$fc_sample" "$fc_sample" -l lg >"$work/lg.txt" 2>&1
  awk -v n="$fc_sample" -v d="$deals" -v c="$cores" '
    { cpu = $2 + $3
      printf "%-28s wall %8.1f s  CPU %8.1f s  %.3f ms CPU a deal\n", "fc-solve", $1, cpu, cpu * 1000 / n
      printf "%-28s %.1f s CPU for deals 1-%d, %.1f s on %d cores (extrapolated from 1-%d)\n", "fc-solve, whole range", cpu * d / n, d, cpu * d / n / c, c, n }' "$work/time"
else
  echo "fc-solve is not installed (apt install freecell-solver-bin): no comparison"
fi

echo "== Sudoku: $sudoku generated puzzles"
step "generate" "$pw" generate --kind sudoku -n "$sudoku" -q -o "$work/sudoku.json"
sharded "analyse ($cores shards)" "$work/sudoku.json" ""
awk -F'","' 'NR > 1 { n++ } END { printf "%-28s %d puzzles analysed\n", "result", n }' "$work/merged.csv"
echo "load after: $(uptime)"
