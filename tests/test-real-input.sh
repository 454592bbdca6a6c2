#!/bin/sh
# test-real-input.sh APP SAMPLE.json — the editor driven by real X input
# (xdotool) on Xvfb, judged by the file it saves: a click on the canvas
# paints exactly one cell of the first level with the pencil's wall; Ctrl+S
# saves it; Ctrl+Z and Ctrl+S bring the file's levels back. Run by meson
# inside xvfb-run.
set -eu
app="$1"
sample="$2"
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
cp "$sample" "$tmp/set.json"
export GSETTINGS_BACKEND=memory XDG_STATE_HOME="$tmp/state" NO_AT_BRIDGE=1 GTK_A11Y=none

"$app" "$tmp/set.json" &
pid=$!

# the window, once mapped
for i in $(seq 100); do
  win=$(xdotool search --pid "$pid" --onlyvisible 2>/dev/null | head -n 1) && [ -n "$win" ] && break
  sleep 0.1
done
[ -n "${win:-}" ] || { echo "no window"; exit 1; }
sleep 1.5
eval "$(xdotool getwindowgeometry --shell "$win")"

saved_after () {
  # waits until set.json differs from $1 (a copy), up to 10 s
  for i in $(seq 100); do
    cmp -s "$tmp/set.json" "$1" || return 0
    sleep 0.1
  done
  echo "the file was not saved"; exit 1
}

first_grid () {
  python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["levels"][0]["payload"]["grid"]))' "$1"
}

# the canvas fills the middle of the window: click at its centre
cp "$tmp/set.json" "$tmp/before.json"
xdotool mousemove --window "$win" $((WIDTH / 2)) $((HEIGHT / 2)) click 1
sleep 0.3
xdotool key y
sleep 0.2
xdotool click 1
sleep 0.5
xdotool key ctrl+s
saved_after "$tmp/before.json"

first_grid "$tmp/before.json" > "$tmp/a"
first_grid "$tmp/set.json" > "$tmp/b"
changed=$(python3 - "$tmp/a" "$tmp/b" <<'PY'
import sys
a = open(sys.argv[1]).read().split()
b = open(sys.argv[2]).read().split()
diff = [(y, x, a[y][x], b[y][x]) for y in range(len(a)) for x in range(len(a[y])) if a[y][x] != b[y][x]]
print(len(diff), diff[0][3] if diff else "")
PY
)
echo "cells changed, new tile: $changed"
[ "$changed" = "1 y" ] || { echo "expected exactly one cell painted as a yellow skiddy"; exit 1; }

cp "$tmp/set.json" "$tmp/painted.json"
xdotool key ctrl+z
sleep 0.2
xdotool key ctrl+z
sleep 0.3
xdotool key ctrl+s
saved_after "$tmp/painted.json"
first_grid "$tmp/set.json" > "$tmp/c"
cmp -s "$tmp/a" "$tmp/c" || { echo "undo did not bring the level back"; exit 1; }
echo "ok: painted, saved, undone, saved"
