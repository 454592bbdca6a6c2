#!/bin/sh
# make-data.sh — regenerates the game IDs in this folder with Debian's
# sgt-puzzles (apt-get install sgt-puzzles; made with 20230122.806ae71-2),
# and their independent decodings through Solo's own PostScript output
# (solo-print-grid.py). Seeds are fixed, so the output is the same each run.
#
# Copyright 2026 The Puzzlewright authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")"
SOLO=/usr/games/sgt-solo
UNEQUAL=/usr/games/sgt-unequal

{
  echo "# Solo game IDs from sgt-solo --generate 3 'PARAMS#puzzlewright' (make-data.sh)"
  for p in 3x3dt 3x3db 2x2 2x3 3x2 3x4db 4x3db 4x4db 3x3xdb 2x3x 9jdb 9jxdb 5j 7jdt 6j; do
    echo "# $p"
    $SOLO --generate 3 "$p#puzzlewright"
  done
} > solo.txt

# what Solo draws for each of them: regions and givens
python3 solo-print-grid.py < solo.txt > solo-printed.txt
# the 9×9 puzzles with 3×3 boxes as 81 characters, as Solo draws them
grep '^3x3:' solo.txt > solo-3x3.ids
python3 solo-print-grid.py --81 < solo-3x3.ids > solo-3x3.81
rm solo-3x3.ids

{
  echo "# Unequal game IDs from sgt-unequal --generate 2 'PARAMS#puzzlewright' (make-data.sh)"
  for p in 3 4de 5dx 5dk 6de 10de; do
    echo "# $p"
    $UNEQUAL --generate 2 "$p#puzzlewright"
  done
} > unequal.txt

{
  echo "# Latin squares: Unequal game IDs without signs, from"
  echo "# sgt-unequal --generate 2 'PARAMS#puzzlewright' (make-data.sh)"
  for p in 7dt 9dt 12dt 16dt; do
    echo "# $p"
    $UNEQUAL --generate 2 "$p#puzzlewright"
  done
} > latin.txt
