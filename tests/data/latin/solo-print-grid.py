#!/usr/bin/env python3
# solo-print-grid.py [--81] < IDS — read Solo game IDs on stdin; for each,
# have sgt-solo itself render the puzzle as PostScript (--print 1x1) and
# recover what it drew: the givens from where it writes them, the boxes or
# jigsaw regions from the outlines it strokes around them.
#
# With --81, prints one 81-character line per 9×9 puzzle (givens only).
# Otherwise prints, per puzzle, "# ID", then "# regions" and n comment
# lines of region numbers (numbered in reading order of their first cell),
# then the givens as n lines of n numbers, then a blank line.
#
# This decodes the IDs independently of Puzzlewright's reader: everything
# comes from Solo's own drawing code (tests/data/latin/README.md).
#
# Copyright 2026 The Puzzlewright authors
# SPDX-License-Identifier: GPL-3.0-or-later

import re
import subprocess
import sys

SOLO = "/usr/games/sgt-solo"
PATH = re.compile(r"newpath (\d+) (\d+) moveto\n((?:\d+ \d+ lineto\n)+)closepath\n0 setgray stroke")
GIVEN = re.compile(r"(\d+) exch sub (\d+) exch moveto pop pop\n\((.)\) dup stringwidth")


def order(game_id):
    params = game_id.split(":", 1)[0]
    m = re.match(r"(\d+)(?:x(\d+))?", params)
    c = int(m.group(1))
    r = int(m.group(2)) if m.group(2) else (1 if "j" in params else c)
    return c * r


def symbol(ch):
    return int(ch) if ch.isdigit() else ord(ch) - ord("a") + 10


def inside(px, py, poly):
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def decode(game_id):
    n = order(game_id)
    ps = subprocess.run([SOLO, "--print", "1x1"], input=game_id + "\n", capture_output=True,
                        text=True, check=True).stdout
    polys = []
    for m in PATH.finditer(ps):
        pts = [(int(m.group(1)), int(m.group(2)))]
        pts += [tuple(map(int, l.split()[:2])) for l in m.group(3).splitlines()]
        polys.append(pts)
    outline, blocks = polys[0], polys[1:]
    left, top = outline[0]
    right = outline[2][0]
    cell = (right - left) / n
    grid = [[0] * n for _ in range(n)]
    for y, x, ch in GIVEN.findall(ps):
        grid[int((top - int(y)) // cell)][int((int(x) - left) // cell)] = symbol(ch)
    which = [[None] * n for _ in range(n)]
    for b, poly in enumerate(blocks):
        for row in range(n):
            for col in range(n):
                if inside(left + (col + 0.5) * cell, top - (row + 0.5) * cell, poly):
                    which[row][col] = b
    number = {}
    regions = [[number.setdefault(which[r][c], len(number)) for c in range(n)] for r in range(n)]
    return n, grid, regions


for line in sys.stdin:
    game_id = line.strip()
    if not game_id or game_id.startswith("#"):
        continue
    n, grid, regions = decode(game_id)
    if "--81" in sys.argv:
        print("".join(str(v) if v else "." for row in grid for v in row))
        continue
    print("# " + game_id)
    print("# regions")
    for row in regions:
        print("# " + " ".join(str(v) for v in row))
    for row in grid:
        print(" ".join(str(v) for v in row))
    print()
