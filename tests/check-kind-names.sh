#!/bin/sh
# check-kind-names.sh SOURCE_ROOT — the shell asks the kind: no kind's id
# appears in the code of the window, the application, the level list, the
# figures panel, the grid board, the charts, printing or the command line
# (comments aside). The kinds' ids are read from their tables in
# analysis/kinds. One python run reads every file (a process per file and
# kind was slow on a busy machine).
set -eu
exec python3 - "$1" <<'PY'
import glob, re, sys

root = sys.argv[1]
ids = set()
for path in glob.glob(root + "/analysis/kinds/*.c"):
    ids.update(re.findall(r'^  \.id = "([a-z0-9_-]*)",$', open(path, encoding="utf-8").read(), re.M))
if not ids:
    print("no kind ids found")
    sys.exit(1)

patterns = ["ui/pw-window*.[ch]", "ui/pw-application.[ch]", "app/pw-cli*.c", "app/*-main.c",
            "ui/pw-level-list*.c", "ui/pw-level-item.c", "ui/pw-analysis-panel.c",
            "ui/pw-level-panel.c", "ui/pw-grid-board*.[ch]", "ui/pw-board.c",
            "ui/pw-canvas*.[ch]", "ui/pw-preferences-window.[ch]", "ui/pw-chart*.[ch]",
            "ui/pw-sheet*.[ch]", "draw/*.[ch]", "ui/pw-cell-*.[ch]", "resources/ui/pw-window.ui",
            "resources/ui/pw-chart*.ui", "resources/ui/pw-cell-board.ui"]
status = 0
for pattern in patterns:
    for path in sorted(glob.glob(root + "/" + pattern)):
        text = open(path, encoding="utf-8").read()
        # the code without its comments
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for kind in sorted(ids):
            if re.search(r"(?<!\w)" + re.escape(kind) + r"(?!\w)", text, re.I):
                print(f"{path} names the kind “{kind}”: ask the kind table or the view table instead",
                      file=sys.stderr)
                status = 1
if status == 0:
    print("no kind named in the shell (" + " ".join(sorted(ids)) + ")")
sys.exit(status)
PY
