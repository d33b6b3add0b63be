#!/usr/bin/env bash
# Issue 15's check on a GPU: `gpuperf all` of a build of an earlier commit
# (in the folder given, default .old) against this build: the same CSV
# columns, the same number of rows per probe, the same JSON sections.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
old=${1:-.old}
out=$(mktemp -d)
trap '[ -n "${OUT:-}" ] && tar czf "$OUT/shape-check.tgz" -C "$out" .' EXIT
(cd "$old" && make -j"$(nproc)" gpuperf GPU_ARCHS=${GPU_ARCHS:-90} >/dev/null 2>&1) || { echo "old build failed"; exit 1; }
for b in "$old/gpuperf" ./gpuperf; do
	tag=$(basename "$(dirname "$(realpath "$b")")")
	"$b" --csv all >"$out/all-$tag.csv" 2>"$out/all-$tag.err" || echo "$b all --csv: exit $?"
	"$b" --json all >"$out/all-$tag.json" 2>/dev/null || echo "$b all --json: exit $?"
	"$b" all >"$out/all-$tag.txt" 2>/dev/null || echo "$b all: exit $?"
done
o=$out/all-$(basename "$(realpath "$old")")
n=$out/all-$(basename "$PWD")
echo "header old: $(head -n 1 "$o.csv")"
echo "header new: $(head -n 1 "$n.csv")"
python3 - "$o.csv" "$n.csv" <<'PY'
import csv, sys, collections
rows = [list(csv.reader(open(p))) for p in sys.argv[1:3]]
count = [collections.Counter(r[2] for r in t[1:]) for t in rows]
metrics = [collections.Counter((r[2], r[4]) for r in t[1:]) for t in rows]
print("rows per probe, old -> new:")
for k in sorted(set(count[0]) | set(count[1])):
    print(f"  {k}: {count[0][k]} -> {count[1][k]}")
gone = sorted(set(metrics[0]) - set(metrics[1]))
new = sorted(set(metrics[1]) - set(metrics[0]))
print("metrics only in old:", gone)
print("metrics only in new:", new)
PY
python3 - "$o.json" "$n.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
print("json sections old:", list(a), "new:", list(b))
for k in a:
    ka = sorted({tuple(r) for r in a[k]}) if a[k] else []
    kb = sorted({tuple(r) for r in b.get(k, [])}) if b.get(k) else []
    print(f"  {k}: {len(a[k])} -> {len(b.get(k, []))} records, keys {'same' if ka == kb else 'DIFFER'}")
PY
echo "human tables old -> new: $(grep -c '^---' "$o.txt") -> $(grep -c '^---' "$n.txt")"
