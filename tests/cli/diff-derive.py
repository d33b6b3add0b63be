#!/usr/bin/env python3
"""Derive a variant of a gpuperf output for the diff tests (tests/cli/diff.bats).

    diff-derive.py IN OUT [EDIT ...]

IN is gpuperf CSV, a JSON array of records, or JSON sections (all); OUT is
written in the same form.  The edits apply in order; ROW counts data rows
from 1 (in JSON sections, of the section named by --section first):

    --section KEY          the JSON section the next edits apply to
    --scale COL ROW F      multiply a number by F, keeping its decimals
    --set COL ROW VALUE    replace a value (JSON: a number where it parses as one)
    --drop ROW             remove a row
    --copy ROW COL VALUE   append a copy of a row with COL set to VALUE (a new key)
    --drop-column COL      remove a column from every row (an older output's columns)
    --cut N                keep only the first N bytes of the output (a truncated file)

Every derived fixture is made by this script from a real output, never by hand.
"""
import csv
import io
import json
import sys


def scaled(text, factor):
    decimals = len(text.split(".")[1]) if "." in text else 0
    return "%.*f" % (decimals, float(text) * factor)


def as_json_value(value):
    try:
        return json.loads(value)
    except ValueError:
        return value


def main(argv):
    src, dst, edits = argv[1], argv[2], argv[3:]
    text = open(src, encoding="utf-8").read()
    is_json = text.lstrip()[:1] in ("[", "{")
    if is_json:
        doc = json.loads(text)
        rows = doc if isinstance(doc, list) else None
    else:
        table = list(csv.reader(io.StringIO(text, newline="")))
        header, rows = table[0], table[1:]
    cut = None
    i = 0
    while i < len(edits):
        op = edits[i]
        if op == "--section":
            rows = doc[edits[i + 1]]
            i += 2
            continue
        if op == "--cut":
            cut = int(edits[i + 1])
            i += 2
            continue
        if op == "--drop":
            del rows[int(edits[i + 1]) - 1]
            i += 2
            continue
        if op == "--drop-column":
            col = edits[i + 1]
            if is_json:
                for row in rows:
                    del row[col]
            else:
                k = header.index(col)
                del header[k]
                for row in rows:
                    del row[k]
            i += 2
            continue
        if op == "--copy":
            row, col, value = int(edits[i + 1]) - 1, edits[i + 2], edits[i + 3]
            rows.append(dict(rows[row]) if is_json else list(rows[row]))
            row = len(rows) - 1
            op = "--set"
        else:
            col, row, value = edits[i + 1], int(edits[i + 2]) - 1, edits[i + 3]
        if is_json:
            old = rows[row][col]
            rows[row][col] = (float(scaled(str(old), float(value))) if op == "--scale"
                              else as_json_value(value))
        else:
            k = header.index(col)
            rows[row][k] = scaled(rows[row][k], float(value)) if op == "--scale" else value
        i += 4
    if is_json:
        out = json.dumps(doc, indent=1) + "\n"
    else:
        buf = io.StringIO(newline="")
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        out = buf.getvalue()
    data = out.encode("utf-8")
    with open(dst, "wb") as f:
        f.write(data if cut is None else data[:cut])


if __name__ == "__main__":
    main(sys.argv)
