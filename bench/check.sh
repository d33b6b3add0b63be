#!/usr/bin/env bash
# gpuperf check's targets (issue 29), on the GPU machine:
#
#   bench/check.sh [-n RUNS] [-d N]
#
# RUNS times (default 5), on device N (default 0), idle: `gpuperf -d N
# --json check`, timed, then `gpuperf -d N --csv bandwidth --kernel
# copy,read` (bandwidth's own default size, method and repetitions).  Per
# run: check's seconds, its status, its DRAM copy and read beside
# bandwidth's and their ratio, and every check that warned or failed with
# its reason.  The targets: at most 15 s, DRAM within 1 % of bandwidth's,
# nothing flagged in any run.  Raw outputs go to $OUT when set; GPUPERF
# names the binary (default ./gpuperf).  Exit 0 when every target is met,
# 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
gp=${GPUPERF:-./gpuperf}
runs=5
dev=0
while [ $# -gt 0 ]; do
	case $1 in
	-n) runs=$2; shift 2 ;;
	-d) dev=$2; shift 2 ;;
	*) echo "usage: bench/check.sh [-n RUNS] [-d N]" >&2; exit 2 ;;
	esac
done
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
fail=0
for i in $(seq "$runs"); do
	start=$(date +%s.%N)
	"$gp" -d "$dev" --json check >"$out/check-$i.json" 2>"$out/check-$i.err"
	rc=$?
	end=$(date +%s.%N)
	"$gp" -d "$dev" --csv bandwidth --kernel copy,read >"$out/bandwidth-$i.csv" \
		2>"$out/bandwidth-$i.err" || { cat "$out/bandwidth-$i.err" >&2; fail=1; continue; }
	python3 - "$i" "$rc" "$start" "$end" "$out/check-$i.json" "$out/bandwidth-$i.csv" <<'PY' || fail=1
import csv, json, sys
run, rc, start, end, cj, bc = sys.argv[1:]
secs = float(end) - float(start)
d = json.load(open(cj))
g = d["gpus"][0]
bw = {r["kernel"]: float(r["bandwidth_gbs"]) for r in csv.DictReader(open(bc))}
ok = secs <= 15 and rc == "0"
line = f"run {run}: {secs:5.1f} s, exit {rc}, {g['status']}"
for k, col in (("copy", "dram_copy_gbs"), ("read", "dram_read_gbs")):
    c = g[col]
    ratio = c / bw[k] if c and bw.get(k) else float("nan")
    ok = ok and abs(ratio - 1) <= 0.01
    line += f"; {k}: check {c:.1f} GB/s, bandwidth {bw.get(k, float('nan')):.1f}, ratio {ratio:.4f}"
print(line)
flags = [r for r in d["checks"] if r["status"] != "pass"]
for r in flags:
    print(f"    flag: device {r['device_index']} {r['figure']}: {r['status']}: {r['reason']}")
if not flags:
    print("    flags: none")
sys.exit(0 if ok and not flags else 1)
PY
done
[ -n "${OUT:-}" ] || rm -rf "$out"
echo "targets: at most 15 s, DRAM within 1 % of bandwidth, no flag in $runs runs: $([ $fail = 0 ] && echo met || echo NOT met)"
exit $fail
