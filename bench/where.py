#!/usr/bin/env python3
"""bench/where.sh's comparer.

  where.py patched RECORDS            each patched kernel (mangled) and its
                                      launch, a line each
  where.py compare RECORDS SOURCE.csv WORKLOAD [KERNEL]
                                      gpuperf's per-instruction excess (of
                                      KERNEL's records alone, when given)
                                      beside ncu's source view; exit 1 on a miss
"""
import csv
import sys
from urllib.parse import unquote


def records(path, kernel=None):
    """The pc records with counts (of kernel's alone, when given), each a dict of its keys."""
    out = []
    for line in open(path, errors="replace"):
        parts = line.split()
        if not parts or parts[0] != "pc" or " executed=" not in line:
            continue
        rec = {k: unquote(v) for k, v in (p.split("=", 1) for p in parts[1:])}
        if kernel is None or rec["kernel"] == kernel:
            out.append(rec)
    return out


def patched(path):
    seen = []
    for r in records(path):
        if (r["kernel"], r["nth"]) not in seen:
            seen.append((r["kernel"], r["nth"]))
            print(r["kernel"], r["nth"])
    return 0 if seen else 1


def ncu_rows(path):
    """ncu's source view: (offset from the kernel's first instruction, source, columns)."""
    rows = list(csv.reader(open(path, errors="replace")))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    names = rows[head]
    body = [r for r in rows[head + 1:] if len(r) == len(names)]
    base = int(body[0][0], 16)
    return [(int(r[0], 16) - base, r[1].strip(), dict(zip(names, r))) for r in body]


def num(x):
    try:
        return float(x)
    except ValueError:
        return 0.0


def compare(rec_path, src_path, workload, kernel=None):
    recs = records(rec_path, kernel)
    ncu = ncu_rows(src_path)
    g_sect = {int(r["offset"]): int(r.get("sectors", 0)) - int(r.get("sectors_ideal", 0)) for r in recs}
    g_wave = {int(r["offset"]): int(r.get("wavefronts", 0)) - int(r.get("wavefronts_ideal", 0)) for r in recs}
    n_sect = {o: num(c.get("L2 Theoretical Sectors Global Excessive", "0")) for o, _, c in ncu}
    n_wave = {o: num(c.get("L1 Wavefronts Shared Excessive", "0")) for o, _, c in ncu}
    # the verdict's kind: the count with the larger excess in ncu's view
    kind, g, n = ("sectors", g_sect, n_sect) if sum(n_sect.values()) >= sum(n_wave.values()) \
        else ("wavefronts", g_wave, n_wave)
    sass = {o: s for o, s, _ in ncu}
    ranked = sorted((o for o in n if n[o] > 0), key=lambda o: (-n[o], o))
    if not ranked:
        print("%s: ncu finds no excess %s" % (workload, kind))
        return 1
    ok = True
    print("%-8s %-44s %14s %14s" % ("offset", "ncu's SASS", "ncu excess", "gpuperf excess"))
    for o in ranked[:8]:
        print("0x%-6x %-44s %14.0f %14d" % (o, sass[o][:44], n[o], max(g.get(o, 0), 0)))
    off = [o for o in ranked if abs(max(g.get(o, 0), 0) - n[o]) > 0.01 * n[o]]
    extra = [o for o in g if g[o] > 0 and n.get(o, 0) == 0]
    total_n = sum(n[o] for o in ranked)
    total_g = sum(v for v in g.values() if v > 0)
    print("%s: excess %s, ncu %.0f, gpuperf %d (%.4f); %d of %d instructions within 1 %%, "
          "%d with excess ncu lacks" % (workload, kind, total_n, total_g,
                                         total_g / total_n, len(ranked) - len(off), len(ranked),
                                         len(extra)))
    lines = {}
    for r in recs:
        o = int(r["offset"])
        if g.get(o, 0) > 0:
            key = "%s:%s" % (r.get("file", "?"), r.get("line", "?"))
            lines[key] = lines.get(key, 0) + g[o]
    line, held = max(lines.items(), key=lambda kv: kv[1])
    print("gpuperf's worst line: %s, %.1f %% of the excess" % (line, 100 * held / total_g))
    if workload == "transpose" and "naive" in (kernel or "naive") and held < 0.9 * total_g:
        print("the naive store's line holds under 90 %: MISSED")
        ok = False
    top = ranked[0]
    g_top = max(g.values())
    first_ok = g.get(top, 0) == g_top
    print("ncu's first: 0x%x %s; gpuperf's worst excess %d there, %d at most: %s" %
          (top, sass[top], g.get(top, 0), g_top, "met" if first_ok else "MISSED"))
    ok &= first_ok and not off
    if not ok:
        print("target MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "patched":
        sys.exit(patched(sys.argv[2]))
    if len(sys.argv) in (5, 6) and sys.argv[1] == "compare":
        sys.exit(compare(*sys.argv[2:]))
    sys.exit(__doc__)
