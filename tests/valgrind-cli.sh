#!/usr/bin/env bash
# valgrind on the command line over every bundled set (issue 16): analyse,
# export-csv and render (which runs puzzlewright-draw, followed with
# --trace-children) on each data/levels/*.json. Fails on any valgrind error
# or definite leak; possible and still-reachable blocks (GLib's and
# fontconfig's process-long caches) are not errors, and fontconfig's
# caches are suppressed with their reason in tests/valgrind.supp.
#
#   tests/valgrind-cli.sh [BUILD [SET.json...]]    (BUILD defaults to build)
#
# Slow: about half an hour on a quiet 2-core machine, most of it the
# combination set (docs/reliability.md, "Valgrind on the command line").
# Not part of `meson test`; run it by hand on a plain (not sanitizer) build.
set -uo pipefail
cd "$(dirname "$0")/.."

build=${1:-build}
shift || true
cli=$build/app/puzzlewright
[ -x "$cli" ] || { echo "valgrind-cli.sh: no $cli: build first (ninja -C $build)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind-cli.sh: valgrind is not installed" >&2; exit 2; }
if [ $# -gt 0 ]; then sets=("$@"); else sets=(data/levels/*.json); fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export G_SLICE=always-malloc GSETTINGS_BACKEND=memory LC_ALL=C.UTF-8

failed=0
run=0
check () {
  local name=$1; shift
  local log=$tmp/$name.log
  local start=$SECONDS
  run=$((run + 1))
  # only definite leaks are shown and count as errors: "possibly lost"
  # blocks are the stacks of GLib's pool threads, alive at exit
  valgrind -q --trace-children=yes --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=definite --suppressions=tests/valgrind.supp \
    --error-exitcode=97 --log-file="$log" \
    "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  if [ $rc -eq 97 ] || [ -s "$log" ]; then
    echo "FAIL $name (valgrind exit $rc)"
    sed 's/^/    /' "$log" | head -n 60
    failed=$((failed + 1))
  elif [ $rc -ne 0 ]; then
    echo "FAIL $name (exit $rc)"
    sed 's/^/    /' "$tmp/err" | head -n 20
    failed=$((failed + 1))
  else
    echo "ok   $name ($((SECONDS - start)) s)"
  fi
}

for set in "${sets[@]}"; do
  base=$(basename "$set" .json)
  check "analyse $base" "$cli" analyse -q --jobs 2 "$set"
  check "export-csv $base" "$cli" export-csv "$set" -o "$tmp/$base.csv"
  check "render $base" "$cli" render "$set" -o "$tmp/$base.pdf"
done
echo "valgrind-cli: $((run - failed)) passed, $failed failed"
[ $failed -eq 0 ]
