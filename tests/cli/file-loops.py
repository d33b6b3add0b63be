#!/usr/bin/env python3
"""Loops of files inside one folder, from the symbols the objects define and use.

    file-loops.py BUILD_DIR...

A file a.o that uses a symbol b.o defines, in the same folder, depends on
b; a folder whose files depend on each other in a circle has a loop.  Prints
each loop as "folder: a -> b -> a" and exits 1 when there is one.
"""
import os
import subprocess
import sys


def symbols(obj):
    defined, used = set(), set()
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBR":
            defined.add(f[2])
        elif len(f) == 2 and f[0] == "U":
            used.add(f[1])
    return defined, used


def loops(objs):
    owner, uses = {}, {}
    for o in objs:
        d, u = symbols(o)
        uses[o] = u
        for s in d:
            owner.setdefault(s, o)
    graph = {o: {owner[s] for s in uses[o] if owner.get(s, o) != o} for o in objs}
    found, state = [], {}

    def walk(o, path):
        state[o] = 1
        for n in sorted(graph[o]):
            if state.get(n) == 1:
                found.append(path[path.index(n):] + [n])
            elif n not in state:
                walk(n, path + [n])
        state[o] = 2

    for o in sorted(objs):
        if o not in state:
            walk(o, [o])
    return found


def main():
    bad = 0
    for top in sys.argv[1:]:
        folders = {}
        for d, _, files in os.walk(top):
            if os.path.relpath(d, top).split(os.sep)[0] in ("tests", "pure-tests", "fuzz"):
                continue
            folders[d] = [os.path.join(d, f) for f in files if f.endswith(".o")]
        for d, objs in sorted(folders.items()):
            for cycle in loops(objs):
                print("%s: %s" % (d, " -> ".join(os.path.basename(o) for o in cycle)))
                bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
