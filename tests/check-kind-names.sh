#!/bin/sh
# check-kind-names.sh SOURCE_ROOT — the shell asks the kind: no kind's id
# appears in the code of the window, the application, the level list, the
# figures panel, the grid board or the command line (comments aside). The
# kinds' ids are read from their tables in analysis/kinds.
set -eu
root="$1"
ids=$(sed -n 's/^  \.id = "\([a-z0-9_-]*\)",$/\1/p' "$root"/analysis/kinds/*.c | sort -u)
[ -n "$ids" ] || { echo "no kind ids found"; exit 1; }
status=0
for file in "$root"/ui/pw-window*.[ch] "$root"/ui/pw-application.[ch] "$root"/app/pw-cli.c \
            "$root"/ui/pw-level-list*.c "$root"/ui/pw-level-item.c "$root"/ui/pw-analysis-panel.c \
            "$root"/ui/pw-level-panel.c "$root"/ui/pw-grid-board.c "$root"/ui/pw-board.c \
            "$root"/resources/ui/pw-window.ui; do
  # the code without its comments
  code=$(python3 - "$file" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
text = re.sub(r"//[^\n]*", "", text)
print(text)
PY
)
  for id in $ids; do
    if printf '%s\n' "$code" | grep -qiw "$id"; then
      echo "$file names the kind “$id”: ask the kind table or the view table instead" >&2
      status=1
    fi
  done
done
[ "$status" = 0 ] && echo "no kind named in the shell ($(echo $ids | tr '\n' ' '))"
exit "$status"
