#!/bin/sh
# test-real-clues.sh APP NONOGRAM.json — a nonogram's clues typed from the
# keyboard with real X input (xdotool) on Xvfb, judged by the file it
# saves: a click on the board selects a cell, R opens the clues of its
# row beside the grid, "1 1" and Return make them the row's clues (the
# level becomes clues only); Ctrl+S saves it. Run by meson inside
# xvfb-run.
set -eu
app="$1"
sample="$2"
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
cp "$sample" "$tmp/set.json"
export GSETTINGS_BACKEND=memory XDG_STATE_HOME="$tmp/state" NO_AT_BRIDGE=1 GTK_A11Y=none

"$app" "$tmp/set.json" &
pid=$!

for i in $(seq 100); do
  win=$(xdotool search --pid "$pid" --onlyvisible 2>/dev/null | head -n 1) && [ -n "$win" ] && break
  sleep 0.1
done
[ -n "${win:-}" ] || { echo "no window"; exit 1; }
sleep 1.5
eval "$(xdotool getwindowgeometry --shell "$win")"

# the board is in the middle of the window; a click there gives it the
# keyboard (it may paint a cell or open a clue: Escape closes that)
cp "$tmp/set.json" "$tmp/before.json"
xdotool mousemove --window "$win" $((WIDTH / 2)) $((HEIGHT / 2)) click 1
sleep 0.4
xdotool key Escape
sleep 0.2
xdotool key r
sleep 0.4
xdotool key ctrl+a
xdotool type --delay 50 "1 1"
xdotool key Return
sleep 0.4
xdotool key ctrl+s
for i in $(seq 100); do
  cmp -s "$tmp/set.json" "$tmp/before.json" || break
  sleep 0.1
done

python3 - "$tmp/set.json" <<'PY'
import json, sys
payload = json.load(open(sys.argv[1]))["levels"][0]["payload"]
print("payload keys:", sorted(payload))
assert "grid" not in payload, "the level kept its picture"
assert [1, 1] in payload["rows"], "no row has the clues 1 1: %r" % payload["rows"]
PY
echo "ok: clues typed from the keyboard, saved"
