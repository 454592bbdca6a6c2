#!/usr/bin/env bash
# chart, report, render and playtests over large sets, which they read a
# level at a time (figures in docs/performance.md, "Catalogues on every
# core"; what the outputs cost in docs/scale.md):
#
#   bash bench/draw-scale.sh [LEVELS…]
#
# For each count (default 20000 200000) a set of that many small magic
# squares (cheap to analyse, so that what is measured is the reading, the
# chart and the pages), then: chart (PNG and SVG), report, render (a PDF,
# 100 levels a page), playtests import (a sheet naming three levels) and
# playtests template; wall time, CPU time (user + system), peak resident
# memory and the output's size of each.
#
# PW=PROGRAM runs another build of puzzlewright (a copy, or an older
# build to compare with: a command that fails says so in place of its
# figures). Wall time on a shared machine says little: CPU time is beside
# it, and the load before and after.
set -uo pipefail
cd "$(dirname "$0")/.."
pw=${PW:-$PWD/build/app/puzzlewright}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- 20000 200000

echo "load before: $(uptime)"

# STEP NAME OUTPUT COMMAND…: runs it, prints wall s, CPU s, peak and the
# output's size
step () {
  local name=$1 output=$2
  shift 2
  rm -f "$output"
  if /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr"; then
    awk -v n="$name" -v size="$(stat -c %s "$output" 2>/dev/null || echo 0)" '{
      printf "%-34s wall %7.1f s  CPU %7.1f s  peak %7.1f MiB  output %8.1f MB\n",
             n, $1, $2 + $3, $4 / 1024, size / 1e6 }' "$work/time"
  else
    printf "%-34s failed: %s\n" "$name" "$(head -c 160 "$work/stderr" | tr '\n' ' ')"
  fi
}

for n in "$@"; do
  set="$work/squares-$n.json"
  python3 - "$n" "$set" <<'EOF'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
with open(path, 'w') as f:
    f.write('{"format": "puzzlewright-level-set", "version": 1, "title": "Squares", "levels": [\n')
    f.write(',\n'.join('{"id": "m%u", "name": "Square %u", "kind": "magic", "payload": '
                       '{"size": 3, "grid": [". . 2", ". . .", ". . 4"]}}' % (i, i + 1)
                       for i in range(n)))
    f.write('\n]}\n')
EOF
  printf 'level,tester,rating\r\nm0,Ann,3\r\nm%u,Bob,4\r\nm%u,Cy,5\r\n' $((n / 2)) $((n - 1)) \
    >"$work/sheet.csv"
  echo "== $n levels ($(stat -c %s "$set" | awk '{ printf "%.1f MB", $1 / 1e6 }'))"
  step "chart (PNG)" "$work/chart.png" \
    "$pw" chart -q --y solutions --shape sawtooth --period 1 "$set" -o "$work/chart.png"
  step "chart (SVG)" "$work/chart.svg" \
    "$pw" chart -q --y solutions "$set" -o "$work/chart.svg"
  step "report (PNG)" "$work/report.png" \
    "$pw" report -q --x solutions --y difficulty "$set" -o "$work/report.png"
  step "render (PDF, 100 a page)" "$work/sheet.pdf" \
    "$pw" render -q -n 100 "$set" -o "$work/sheet.pdf"
  step "playtests import" "$work/merged.json" \
    "$pw" playtests import "$set" "$work/sheet.csv" -o "$work/merged.json"
  step "playtests template" "$work/template.csv" \
    "$pw" playtests template "$set" -o "$work/template.csv"
  rm -f "$set" "$work"/chart.* "$work"/report.* "$work"/sheet.pdf "$work"/merged.json*
done
echo "load after: $(uptime)"
