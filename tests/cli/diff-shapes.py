#!/usr/bin/env python3
"""
Helpers of diff.bats for the fixtures of earlier output shapes
(tests/fixtures/shapes):

  diff-shapes.py header FILE          the columns of FILE: a CSV's header, or
                                      the keys of the first record of a JSON's
                                      one section, comma-separated
  diff-shapes.py verdicts OLD TODAY V gpuperf diff --csv's output on standard
                                      input, between fixtures OLD and TODAY:
                                      exit 1 unless every figure is the same
                                      but those whose column OLD lacks and
                                      TODAY has, which are V (new, or gone)
"""
import csv, json, sys

RENAMED = {"index": "device_index"}   # results/shapes.c


def header(path):
    if path.endswith(".json"):
        return list(next(iter(json.load(open(path)).values()))[0])
    return next(csv.reader(open(path)))


def verdicts(old_path, today_path, added):
    old = {RENAMED.get(c, c) for c in header(old_path)}
    today = set(header(today_path))
    rows = list(csv.DictReader(sys.stdin))
    bad = [r for r in rows if not r["figure"] or r["verdict"] not in ("same", added) or
           (r["verdict"] == added) != (r["figure"] in today and r["figure"] not in old)]
    for r in bad[:5]:
        print("unexpected:", dict(r))
    return 1 if bad or not rows else 0


if __name__ == "__main__":
    if sys.argv[1] == "header":
        print(",".join(header(sys.argv[2])))
    else:
        sys.exit(verdicts(*sys.argv[2:5]))
