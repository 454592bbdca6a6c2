#!/usr/bin/env python3
# xcsp3-check.py — an independent check of Puzzlewright's XCSP3 files
#
# Copyright 2026 The Puzzlewright authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   xcsp3-check.py PUZZLEWRIGHT [--seed S] [--per-kind N] [--keep DIR] [--only KIND]
#
# Makes small random levels of every kind whose rules are constraints (its
# own generators, written here from docs/file-format.md, not Puzzlewright's),
# has `puzzlewright export --format xcsp3` write them and `puzzlewright
# analyse --format json` count their solutions, then reads each XCSP3 file
# with xml.etree, builds its constraints in z3 from the XCSP3 elements
# alone (<var>/<array> domains, <instantiation>, <allDifferent>, <sum>,
# <extension>, <intension>, <regular>, <mdd>, <cardinality>, <count>,
# <circuit>, <group>, <block>) and counts their solutions with blocking
# clauses. Every count must equal Puzzlewright's (the raw count, colours
# distinct, for combination). Prints TAP, one test per kind; skips when z3
# (Debian's python3-z3) is missing.

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

try:
    import z3
except ImportError:
    # Debian's python3-z3 is for Debian's python3, which another python3
    # (a virtual environment, pyenv) first in PATH does not see
    if os.path.exists("/usr/bin/python3") and \
            os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("1..0 # SKIP python3-z3 is not installed")
    sys.exit(0)

CAP = 300

# ---------------------------------------------------------------------
# An XCSP3 reader on z3


class Instance:
    """The variables and constraints of one XCSP3 file, as z3 terms."""

    def __init__(self, path):
        self.root = ET.parse(path).getroot()
        if self.root.tag != "instance" or self.root.get("format") != "XCSP3" \
                or self.root.get("type") != "CSP":
            raise ValueError("%s: not an XCSP3 CSP instance" % path)
        self.arrays = {}     # id -> (sizes, {index tuple: z3 var})
        self.vars = {}       # id -> z3 var
        self.main = []       # every variable of the instance
        self.constraints = []
        self.aux = 0
        for element in self.root.find("variables"):
            self.variable(element)
        for element in self.root.find("constraints"):
            self.constraint(element)

    # -- domains and variables
    @staticmethod
    def values(text):
        out = []
        for token in text.split():
            if ".." in token:
                a, b = token.split("..")
                out.extend(range(int(a), int(b) + 1))
            else:
                out.append(int(token))
        return out

    def new_var(self, name, domain):
        v = z3.Int(name)
        if domain and sorted(domain) == list(range(min(domain), max(domain) + 1)):
            self.constraints.append(z3.And(v >= min(domain), v <= max(domain)))
        else:
            self.constraints.append(z3.Or([v == d for d in domain]) if domain
                                    else z3.BoolVal(False))
        self.main.append(v)
        return v

    def variable(self, element):
        if element.tag == "var":
            self.vars[element.get("id")] = self.new_var(element.get("id"),
                                                        self.values(element.text or ""))
        elif element.tag == "array":
            sizes = [int(s) for s in re.findall(r"\[(\d+)\]", element.get("size"))]
            cells = {}
            domains = {}
            default = self.values(element.text or "") if len(element) == 0 else None
            for child in element:
                if child.tag != "domain":
                    raise ValueError("unknown array child %s" % child.tag)
                for token in child.get("for").split():
                    if token == "others":
                        default = self.values(child.text or "")
                    else:
                        for index in self.expand_ref(token, element.get("id"), sizes):
                            domains[index] = self.values(child.text or "")
            for index in self.all_indices(sizes):
                name = "%s%s" % (element.get("id"), "".join("[%d]" % i for i in index))
                cells[index] = self.new_var(name, domains.get(index, default))
            self.arrays[element.get("id")] = (sizes, cells)
        else:
            raise ValueError("unknown variable element %s" % element.tag)

    @staticmethod
    def all_indices(sizes):
        out = [()]
        for size in sizes:
            out = [i + (k,) for i in out for k in range(size)]
        return out

    @staticmethod
    def expand_ref(token, id, sizes):
        parts = re.findall(r"\[([^\]]*)\]", token[len(id):])
        ranges = []
        for part, size in zip(parts, sizes):
            if part == "":
                ranges.append(range(size))
            elif ".." in part:
                a, b = part.split("..")
                ranges.append(range(int(a), int(b) + 1))
            else:
                ranges.append(range(int(part), int(part) + 1))
        out = [()]
        for r in ranges:
            out = [i + (k,) for i in out for k in r]
        return out

    def terms(self, text):
        """A list of variables and integers, slices expanded."""
        out = []
        for token in (text or "").split():
            m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(\[.*)?$", token)
            if m and m.group(1) in self.arrays and m.group(2):
                sizes, cells = self.arrays[m.group(1)]
                out.extend(cells[i] for i in self.expand_ref(token, m.group(1), sizes))
            elif m and token in self.vars:
                out.append(self.vars[token])
            else:
                out.append(int(token))
        return out

    # -- expressions of <intension>
    def expression(self, text):
        tokens = re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:\[\d+\])*|-?\d+|[(),]", text)
        position = [0]

        def parse():
            token = tokens[position[0]]
            position[0] += 1
            if re.match(r"-?\d+$", token):
                return z3.IntVal(int(token))
            if position[0] < len(tokens) and tokens[position[0]] == "(":
                position[0] += 1
                args = []
                while tokens[position[0]] != ")":
                    args.append(parse())
                    if tokens[position[0]] == ",":
                        position[0] += 1
                position[0] += 1
                return self.operator(token, args)
            return self.terms(token)[0]
        return parse()

    @staticmethod
    def operator(name, a):
        table = {
            "lt": lambda: a[0] < a[1], "le": lambda: a[0] <= a[1],
            "gt": lambda: a[0] > a[1], "ge": lambda: a[0] >= a[1],
            "eq": lambda: z3.And([a[0] == b for b in a[1:]]),
            "ne": lambda: a[0] != a[1],
            "add": lambda: z3.Sum(a), "sub": lambda: a[0] - a[1],
            "mul": lambda: a[0] * a[1], "neg": lambda: -a[0],
            "abs": lambda: z3.If(a[0] >= 0, a[0], -a[0]),
            "mod": lambda: a[0] % a[1], "div": lambda: a[0] / a[1],
            "and": lambda: z3.And(a), "or": lambda: z3.Or(a), "not": lambda: z3.Not(a[0]),
            "imp": lambda: z3.Implies(a[0], a[1]), "iff": lambda: a[0] == a[1],
            "if": lambda: z3.If(a[0], a[1], a[2]),
            "dist": lambda: z3.If(a[0] >= a[1], a[0] - a[1], a[1] - a[0]),
        }
        return table[name]()

    @staticmethod
    def condition(text, term):
        m = re.match(r"\s*\(\s*(\w+)\s*,\s*(-?\d+)(?:\.\.(-?\d+))?\s*\)\s*$", text)
        op, k = m.group(1), int(m.group(2))
        if op == "in":
            return z3.And(term >= k, term <= int(m.group(3)))
        return {"lt": term < k, "le": term <= k, "gt": term > k, "ge": term >= k,
                "eq": term == k, "ne": term != k}[op]

    @staticmethod
    def tuples(text):
        text = (text or "").strip()
        if "(" not in text:
            return [(int(t),) for t in text.split()]
        return [tuple(int(v) if v != "*" else None for v in t.split(","))
                for t in re.findall(r"\(([^)]*)\)", text)]

    @staticmethod
    def trie(xs, rows):
        """The tuples @rows over @xs, factored by their first value (a
        smaller formula than one conjunction per tuple)."""
        if not xs:
            return z3.BoolVal(bool(rows))
        by_first = {}
        for row in rows:
            by_first.setdefault(row[0], []).append(row[1:])
        cases = []
        for value, rests in by_first.items():
            rest = Instance.trie(xs[1:], rests)
            cases.append(rest if value is None else z3.And(xs[0] == value, rest))
        return z3.Or(cases) if cases else z3.BoolVal(False)

    @staticmethod
    def child_text(element, tag):
        child = element.find(tag)
        return child.text if child is not None else None

    def automaton(self, xs, transitions, start, finals):
        """x's accepted by the automaton, with state variables."""
        names = {}
        for a, _, b in transitions:
            names.setdefault(a, len(names))
            names.setdefault(b, len(names))
        names.setdefault(start, len(names))
        self.aux += 1
        states = [z3.Int("q%d_%d" % (self.aux, i)) for i in range(len(xs) + 1)]
        out = [states[0] == names[start],
               z3.Or([states[-1] == names[f] for f in finals if f in names])]
        for i, x in enumerate(xs):
            out.append(z3.Or([z3.And(states[i] == names[a], x == v, states[i + 1] == names[b])
                              for a, v, b in transitions]))
        return z3.And(out)

    # -- constraints
    def constraint(self, element, args=None):
        def text_of(e):
            t = e.text or ""
            if args is not None:
                t = t.replace("%...", " ".join(args))
                t = re.sub(r"%(\d+)", lambda m: args[int(m.group(1))], t)
            return t

        tag = element.tag
        if tag == "group":
            template = [c for c in element if c.tag != "args"][0]
            for a in element.findall("args"):
                self.constraint(template, (a.text or "").split())
            return
        if tag == "block":
            for c in element:
                self.constraint(c, args)
            return
        plain = len(element) == 0

        def child(name):
            c = element.find(name)
            return text_of(c) if c is not None else None

        if tag == "instantiation":
            for x, v in zip(self.terms(child("list")), self.terms(child("values"))):
                self.constraints.append(x == v)
        elif tag == "allDifferent":
            xs = self.terms(text_of(element) if plain else child("list"))
            has_except = not plain and element.find("except") is not None
            except_values = self.terms(child("except")) if has_except else []
            if except_values:
                for i in range(len(xs)):
                    for j in range(i + 1, len(xs)):
                        self.constraints.append(z3.Or(xs[i] != xs[j],
                                                      z3.Or([xs[i] == e for e in except_values])))
            elif len(xs) > 1:
                self.constraints.append(z3.Distinct(xs))
        elif tag == "sum":
            xs = self.terms(child("list"))
            coeffs = (self.terms(child("coeffs")) if element.find("coeffs") is not None
                      else [1] * len(xs))
            self.constraints.append(self.condition(child("condition"),
                                                   z3.Sum([c * x for c, x in zip(coeffs, xs)])))
        elif tag == "count":
            xs = self.terms(child("list"))
            values = self.terms(child("values"))
            total = z3.Sum([z3.If(z3.Or([x == v for v in values]), 1, 0) for x in xs])
            self.constraints.append(self.condition(child("condition"), total))
        elif tag == "cardinality":
            xs = self.terms(child("list"))
            for v, occ in zip(self.terms(child("values")), child("occurs").split()):
                total = z3.Sum([z3.If(x == v, 1, 0) for x in xs])
                if ".." in occ:
                    a, b = occ.split("..")
                    self.constraints.append(z3.And(total >= int(a), total <= int(b)))
                else:
                    self.constraints.append(total == int(occ))
        elif tag == "intension":
            self.constraints.append(self.expression(text_of(element) if plain
                                                    else child("function")))
        elif tag == "extension":
            xs = self.terms(child("list"))
            supports = element.find("supports") is not None
            rows = self.tuples(child("supports") if supports else child("conflicts"))
            match = self.trie(xs, rows)
            self.constraints.append(match if supports else z3.Not(match))
        elif tag == "regular":
            xs = self.terms(child("list"))
            transitions = [(a, int(v), b) for a, v, b in
                           re.findall(r"\(\s*(\w+)\s*,\s*(-?\d+)\s*,\s*(\w+)\s*\)",
                                      child("transitions"))]
            self.constraints.append(self.automaton(xs, transitions, child("start").strip(),
                                                   child("final").split()))
        elif tag == "mdd":
            xs = self.terms(child("list"))
            transitions = [(a, int(v), b) for a, v, b in
                           re.findall(r"\(\s*(\w+)\s*,\s*(-?\d+)\s*,\s*(\w+)\s*\)",
                                      child("transitions"))]
            sources = {a for a, _, _ in transitions}
            targets = {b for _, _, b in transitions}
            root = [s for s in sources if s not in targets][0]
            finals = [t for t in targets if t not in sources]
            self.constraints.append(self.automaton(xs, transitions, root, finals))
        elif tag == "circuit":
            xs = self.terms(text_of(element) if plain else child("list"))
            n = len(xs)
            self.aux += 1
            order = [z3.Int("o%d_%d" % (self.aux, i)) for i in range(n)]
            # x[i] = successor; no loops; one cycle through all: an order
            # from node 0 along successors
            self.constraints.append(z3.Distinct(xs))
            for i in range(n):
                self.constraints.append(z3.And(xs[i] != i, order[i] >= 0, order[i] < n))
                for j in range(n):
                    if j != 0:
                        self.constraints.append(z3.Implies(xs[i] == j, order[j] == order[i] + 1))
            self.constraints.append(order[0] == 0)
        else:
            raise ValueError("unknown constraint <%s>" % tag)

    def count(self, cap):
        solver = z3.Solver()
        solver.add(self.constraints)
        found = 0
        while found <= cap and solver.check() == z3.sat:
            model = solver.model()
            found += 1
            solver.add(z3.Or([v != model.eval(v, model_completion=True) for v in self.main]))
        return found


# ---------------------------------------------------------------------
# Random small levels of each kind (payloads of docs/file-format.md)

def latin_solution(rng, n, regions=None, diagonals=False):
    grid = [0] * (n * n)
    units = [[y * n + x for x in range(n)] for y in range(n)]
    units += [[y * n + x for y in range(n)] for x in range(n)]
    if regions is not None:
        units += [[c for c in range(n * n) if regions[c] == r] for r in range(n)]
    if diagonals:
        units += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    of_cell = [[u for u in units if c in u] for c in range(n * n)]

    def fill(c):
        if c == n * n:
            return True
        values = list(range(1, n + 1))
        rng.shuffle(values)
        for v in values:
            if all(grid[o] != v for u in of_cell[c] for o in u):
                grid[c] = v
                if fill(c + 1):
                    return True
                grid[c] = 0
        return False
    return grid if fill(0) else None


def random_regions(rng, n, count=None, seeds=None):
    """n regions of any size, grown from n seeds (random cells unless
    given; each cell joins a neighbouring region), numbered by first
    cell."""
    count = count or n
    region = [-1] * (n * n)
    seeds = seeds or rng.sample(range(n * n), count)
    for r, s in enumerate(seeds):
        region[s] = r
    while -1 in region:
        c = rng.choice([c for c in range(n * n) if region[c] == -1])
        sides = (c - n, c + n, c - 1 if c % n else -1, c + 1 if c % n < n - 1 else -1)
        near = [region[d] for d in sides if 0 <= d < n * n and region[d] >= 0]
        if near:
            region[c] = rng.choice(near)
    order = []
    for r in region:
        if r not in order:
            order.append(r)
    return [order.index(r) for r in region]


def equal_regions(rng, n):
    """n regions of n cells each (jigsaw), by random swaps from boxes of
    rows that keep each region's size."""
    region = [c // n for c in range(n * n)]
    for _ in range(n * n):
        a, b = rng.sample(range(n * n), 2)
        region[a], region[b] = region[b], region[a]
    return region


def grid_rows(values, n, blank="."):
    return ["".join(str(v) if v else blank for v in values[y * n:(y + 1) * n]) for y in range(n)]


def wide_rows(values, n):
    return [" ".join(str(v) if v else "." for v in values[y * n:(y + 1) * n]) for y in range(n)]


def make_sudoku(rng):
    shape = rng.choice(["4", "4", "4x", "4j", "6"])
    n = 6 if shape == "6" else 4
    solution = None
    while solution is None:   # some jigsaw layouts have no solution: draw another
        payload = {"size": n}
        if shape == "4j":
            regions = equal_regions(rng, n)
            payload["regions"] = grid_rows([r + 1 for r in regions], n)
        else:
            br, bc = (2, 3) if n == 6 else (2, 2)
            payload["box_rows"], payload["box_columns"] = br, bc
            regions = [(c // n // br) * (n // bc) + (c % n) // bc for c in range(n * n)]
        payload["diagonals"] = shape == "4x"
        solution = latin_solution(rng, n, regions, payload["diagonals"])
    keep = rng.randint(4, 8) if n == 4 else rng.randint(14, 22)
    cells = rng.sample(range(n * n), keep)
    givens = [solution[c] if c in cells else 0 for c in range(n * n)]
    if rng.random() < 0.15:
        givens[rng.randrange(n * n)] = rng.randint(1, n)   # perhaps a clash
    payload["grid"] = grid_rows(givens, n)
    return payload


def make_latin(rng):
    n = rng.choice([3, 4, 4])
    solution = latin_solution(rng, n)
    cells = rng.sample(range(n * n), rng.randint(2 if n == 3 else 5, n * n - 2))
    return {"size": n, "grid": grid_rows([solution[c] if c in cells else 0
                                          for c in range(n * n)], n)}


def make_futoshiki(rng):
    n = rng.choice([3, 4, 4, 5])
    solution = latin_solution(rng, n)
    pairs = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + \
            [(c, c + n) for c in range(n * n - n)]
    signs = []
    for a, b in rng.sample(pairs, rng.randint(1, len(pairs) // 2)):
        if rng.random() < 0.9:
            a, b = (a, b) if solution[a] < solution[b] else (b, a)
        else:
            a, b = (b, a) if rng.random() < 0.5 else (a, b)
        signs.append([a % n, a // n, b % n, b // n])
    cells = rng.sample(range(n * n), rng.randint(0, n + 2 if n == 5 else n))
    return {"size": n, "grid": grid_rows([solution[c] if c in cells else 0
                                          for c in range(n * n)], n),
            "less_than": signs}


LO_SHU = [2, 7, 6, 9, 5, 1, 4, 3, 8]
DURER = [16, 3, 2, 13, 5, 10, 11, 8, 9, 6, 7, 12, 4, 15, 14, 1]


def make_magic(rng):
    if rng.random() < 0.7:
        n, square, keep = 3, LO_SHU, rng.randint(0, 2)
    else:
        n, square, keep = 4, DURER, rng.randint(6, 9)
    # a symmetry of the square, so the givens vary
    cells = list(range(n * n))
    for _ in range(rng.randrange(4)):
        cells = [(n - 1 - c % n) * n + c // n for c in cells]
    square = [square[cells[c]] for c in range(n * n)]
    given = rng.sample(range(n * n), keep)
    values = [square[c] if c in given else 0 for c in range(n * n)]
    if rng.random() < 0.1 and keep > 0:
        values[given[0]] = rng.randint(1, n * n)
    return {"size": n, "grid": wide_rows(values, n)}


def queens_marks(rng, n, solution=None, given=0, blocked=0):
    marks = ["."] * (n * n)
    if solution:
        for c in rng.sample(solution, min(given, len(solution))):
            marks[c] = "Q"
    free = [c for c in range(n * n) if marks[c] == "."]
    for c in rng.sample(free, min(blocked, len(free))):
        marks[c] = "x"
    return ["".join(marks[y * n:(y + 1) * n]) for y in range(n)]


def queens_solution(rng, n):
    cols = list(range(n))

    def place(rows):
        if len(rows) == n:
            return rows
        order = cols[:]
        rng.shuffle(order)
        for c in order:
            if all(c != r and abs(c - r) != len(rows) - i for i, r in enumerate(rows)):
                out = place(rows + [c])
                if out:
                    return out
        return None
    rows = place([])
    return [y * n + x for y, x in enumerate(rows)] if rows else None


def make_queens(rng):
    n = rng.choice([4, 5, 6, 6, 7])
    solution = queens_solution(rng, n)
    return {"grid": queens_marks(rng, n, solution, rng.randint(0, 1), rng.randint(0, n))}


def star_solution(rng, n):
    """One star a row and column, none touching (a queens-like placement
    without the diagonal rule), or None."""
    def place(rows):
        if len(rows) == n:
            return rows
        order = [c for c in range(n) if c not in rows and (not rows or abs(c - rows[-1]) > 1)]
        rng.shuffle(order)
        for c in order:
            out = place(rows + [c])
            if out:
                return out
        return None
    rows = place([])
    return [y * n + x for y, x in enumerate(rows)] if rows else None


def make_star_battle(rng):
    n, k = rng.choice([(4, 1), (5, 1), (5, 1), (6, 1), (8, 2)])
    stars = star_solution(rng, n) if k == 1 and rng.random() < 0.8 else None
    # regions grown from the stars of a solution have it; random ones
    # rarely have any
    regions = random_regions(rng, n, seeds=stars)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    marks = ["."] * (n * n)
    for c in rng.sample(range(n * n), rng.randint(0, 2)):
        marks[c] = "x" if rng.random() < 0.7 else "*"
        if stars and rng.random() < 0.8:
            marks[c] = "*" if c in stars else "x"   # marks that keep the solution
    return {"stars": k, "regions": ["".join(letters[r] for r in regions[y * n:(y + 1) * n])
                                    for y in range(n)],
            "grid": ["".join(marks[y * n:(y + 1) * n]) for y in range(n)]}


def runs(cells):
    out, run = [], 0
    for v in cells + [0]:
        if v:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return out


def make_nonogram(rng):
    w, h = rng.randint(2, 6), rng.randint(2, 6)
    density = rng.uniform(0.3, 0.7)
    picture = [1 if rng.random() < density else 0 for _ in range(w * h)]
    rows = [runs(picture[y * w:(y + 1) * w]) for y in range(h)]
    cols = [runs(picture[x::w]) for x in range(w)]
    style = rng.randrange(3)
    payload = {"width": w, "height": h}
    if style != 1:
        payload["grid"] = ["".join("#" if v else "." for v in picture[y * w:(y + 1) * w])
                           for y in range(h)]
    if style != 0:
        if style == 1 and rng.random() < 0.3:
            line = rng.randrange(h)   # clues that may have no picture
            rows[line] = runs([rng.randint(0, 1) for _ in range(w)])
        payload["rows"], payload["columns"] = rows, cols
    return payload


KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def knight_tour(rng, w, h, blocked, closed):
    free = [c for c in range(w * h) if c not in blocked]
    step = {}
    path = []

    def moves(c):
        x, y = c % w, c // w
        return [(y + dy) * w + x + dx for dx, dy in KNIGHT
                if 0 <= x + dx < w and 0 <= y + dy < h and (y + dy) * w + x + dx not in blocked]

    budget = [20000]

    def walk(c):
        budget[0] -= 1
        if budget[0] < 0:
            return False
        path.append(c)
        step[c] = len(path)
        if len(path) == len(free):
            if not closed or path[0] in moves(c):
                return True
        else:
            nexts = [d for d in moves(c) if d not in step]
            rng.shuffle(nexts)
            nexts.sort(key=lambda d: len([e for e in moves(d) if e not in step]))
            for d in nexts:
                if walk(d):
                    return True
        path.pop()
        del step[c]
        return False
    for start in rng.sample(free, len(free)):
        if walk(start):
            return path
    return None


def make_knight(rng):
    """A board with a tour and some of its steps given; on boards of 12
    cells or fewer, also boards without one (z3 is slow to refute a tour
    on larger boards, so they always have one, and many givens)."""
    while True:
        w, h, closed, n_blocked = rng.choice([(3, 4, False, 0), (4, 3, False, 0),
                                              (4, 5, False, 1), (5, 5, False, 1),
                                              (5, 5, False, 0), (3, 7, False, 0),
                                              (5, 6, True, 0), (6, 5, True, 2), (4, 4, False, 0),
                                              (3, 3, False, 1), (3, 4, True, 0)])
        blocked = set(rng.sample(range(w * h), n_blocked))
        tour = knight_tour(rng, w, h, blocked, closed)
        if tour or w * h <= 12:
            break
    cells = ["x" if c in blocked else "." for c in range(w * h)]
    if tour:
        keep = rng.randint(0, 2) if w * h <= 12 else rng.randint(len(tour) * 2 // 5,
                                                                  len(tour) // 2)
        for i in rng.sample(range(len(tour)), min(keep, len(tour))):
            cells[tour[i]] = str(i + 1)
    elif rng.random() < 0.5:
        free = [c for c in range(w * h) if c not in blocked]
        cells[rng.choice(free)] = str(rng.randint(1, len(free)))
    return {"closed": closed,
            "grid": [" ".join(cells[y * w:(y + 1) * w]) for y in range(h)]}


def make_combination(rng):
    w, h = rng.randint(2, 4), rng.randint(2, 4)
    cells = [rng.choice("......#o") for _ in range(w * h)]
    empty = cells.count(".")
    if empty == 0:
        cells[0] = "."
        empty = 1
    colours = rng.sample(["red", "blue", "green", "yellow"], rng.randint(1, 3))
    pieces = []
    total = rng.randint(1, min(empty, 5))
    for _ in range(total):
        if pieces and rng.random() < 0.4:
            rng.choice(pieces)["count"] += 1
            continue
        entry = {"count": 1, "colour": rng.choice(colours),
                 "attack": rng.choice(["orthogonal", "diagonal", "both"])}
        if any(p["colour"] == entry["colour"] and p["attack"] == entry["attack"] for p in pieces):
            continue
        pieces.append(entry)
    while sum(p["count"] for p in pieces) > empty:
        pieces[0]["count"] -= 1
        if pieces[0]["count"] == 0:
            pieces.pop(0)
    if not pieces:
        pieces = [{"count": 1, "colour": "red", "attack": "both"}]
    return {"grid": ["".join(cells[y * w:(y + 1) * w]) for y in range(h)], "pieces": pieces}


MAKERS = [
    ("sudoku", make_sudoku, "solutions"),
    ("latin", make_latin, "solutions"),
    ("futoshiki", make_futoshiki, "solutions"),
    ("magic", make_magic, "solutions"),
    ("queens", make_queens, "solutions"),
    ("star-battle", make_star_battle, "solutions"),
    ("nonogram", make_nonogram, "solutions"),
    ("knights-tour", make_knight, "solutions"),
    ("combination", make_combination, "raw_solutions"),
]


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzlewright")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("XCSP3_SEED", "1")))
    parser.add_argument("--per-kind", type=int, default=int(os.environ.get("XCSP3_PER_KIND", "16")))
    parser.add_argument("--keep", help="folder to keep the files in")
    parser.add_argument("--only", help="check this kind alone")
    options = parser.parse_args()
    rng = random.Random(options.seed)

    folder = options.keep or tempfile.mkdtemp(prefix="xcsp3-check-")
    os.makedirs(folder, exist_ok=True)
    makers = [m for m in MAKERS if options.only in (None, m[0])]
    print("1..%d" % len(makers))
    status = 0
    for number, (kind, make, figure) in enumerate(makers, 1):
        levels = [{"id": "%s-%02d" % (kind, i), "name": "%s %d" % (kind, i), "kind": kind,
                   "payload": make(rng)} for i in range(options.per_kind)]
        set_path = os.path.join(folder, kind + ".json")
        with open(set_path, "w") as f:
            json.dump({"format": "puzzlewright-level-set", "version": 1, "levels": levels}, f,
                      indent=2)
        out = os.path.join(folder, kind)
        run([options.puzzlewright, "export", "--format", "xcsp3", set_path, "-o", out])
        rows = json.loads(run([options.puzzlewright, "analyse", "--format", "json", "-q",
                               "--jobs", "1", "--max-solutions", str(CAP),
                               "--figures", "solutions,raw_solutions,capped", set_path]).stdout)
        failures, counts = [], []
        for i, row in enumerate(rows):
            path = [os.path.join(out, f) for f in sorted(os.listdir(out))
                    if f.startswith("%03d-" % (i + 1))][0]
            ours = row.get(figure)
            found = Instance(path).count(CAP)
            capped = row.get("capped")
            exact = not capped or (figure == "raw_solutions" and ours is not None and ours < CAP)
            counts.append(found)
            if ours is None or (exact and found != ours) or (not exact and found < ours):
                failures.append("%s: z3 counts %d, puzzlewright %s%s" %
                                (os.path.basename(path), found, ours, " (capped)" if capped else ""))
        ok = not failures
        status |= not ok
        print("%s %d - %s: %d XCSP3 files, z3's solution counts %s puzzlewright's (counts %d to %d, "
              "%d unsolvable)" % ("ok" if ok else "not ok", number, kind, len(rows),
                                  "equal" if ok else "differ from", min(counts), max(counts),
                                  counts.count(0)))
        for failure in failures:
            print("# " + failure)
        sys.stdout.flush()
    if not options.keep:
        shutil.rmtree(folder)
    return status


if __name__ == "__main__":
    sys.exit(main())
