#!/usr/bin/env bats
# gpuperf check on the CPU: its options, its errors before any GPU is
# touched, and the no-GPU path (exit 3, a record for the host).

load lib

ROOT=$BATS_TEST_DIRNAME/../..
HEADER=product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,p2p_min_gbs,source

no_gpu() {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1
}

@test "check --help lists its options" {
	run "$GPUPERF" check --help
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: gpuperf check [--expect FILE] [--baseline FILE] [--strict]"* ]]
	[[ "$output" == *"--strict"* ]]
}

@test "check: an unknown option or an operand is a usage error" {
	assert_usage_error check --bogus
	assert_usage_error check extra
}

@test "check --plot is a usage error, before its steps are parsed" {
	assert_usage_error --plot "$BATS_TEST_TMPDIR/p.svg" check
	[[ "$stderr" == *"--plot: check has no sweep to draw"* ]]
}

@test "check --expect: a missing file is a usage error" {
	assert_usage_error check --expect "$BATS_TEST_TMPDIR/none.csv"
	[[ "$stderr" == *"--expect: $BATS_TEST_TMPDIR/none.csv: No such file or directory"* ]]
}

@test "check --expect: a malformed file is a usage error naming the line" {
	printf '# floors\n%s\nNVIDIA H100 80GB HBM3,79.6,fast,1,,1,1,,me\n' "$HEADER" >"$BATS_TEST_TMPDIR/f.csv"
	assert_usage_error check --expect "$BATS_TEST_TMPDIR/f.csv"
	[[ "$stderr" == *"f.csv:3: dram_copy_gbs 'fast' is not a number above 0"* ]]
	printf 'product,memory\n' >"$BATS_TEST_TMPDIR/g.csv"
	assert_usage_error check --expect "$BATS_TEST_TMPDIR/g.csv"
	[[ "$stderr" == *"g.csv:1: the first row must be the header"* ]]
}

@test "check --baseline: another command's output, or none, is a usage error" {
	printf 'kernel,value\ncopy,1\n' >"$BATS_TEST_TMPDIR/x.csv"
	assert_usage_error check --baseline "$BATS_TEST_TMPDIR/x.csv"
	assert_usage_error check --baseline "$BATS_TEST_TMPDIR/none.json"
	assert_usage_error check --baseline "$ROOT/tests/fixtures/diff/h100/bandwidth-1.csv"
	[[ "$stderr" == *"bandwidth-1.csv is bandwidth's output, not that of gpuperf check"* ]]
	assert_usage_error check --baseline "$ROOT/tests/fixtures/diff/h100/all-1.json"
	[[ "$stderr" == *"all-1.json is all's output, not that of gpuperf check"* ]]
}

@test "the shipped floors file parses, and names a source for every SKU" {
	"$GPUPERF" check --expect "$ROOT/data/floors.csv" --help >/dev/null
	run python3 - "$ROOT/data/floors.csv" <<'PY'
import csv, sys
rows = [l for l in open(sys.argv[1]) if not l.startswith('#') and l.strip()]
r = list(csv.reader(rows))
assert r[0][:8] == "product,memory_gib,dram_copy_gbs,dram_read_gbs,l2_read_gbs,h2d_gbs,d2h_gbs,p2p_min_gbs".split(','), r[0]
names = [x[0] for x in r[1:]]
for want in ["NVIDIA H100 80GB HBM3", "NVIDIA H100 PCIe", "NVIDIA H100 NVL", "NVIDIA H200",
             "NVIDIA A100-SXM4-40GB", "NVIDIA A100-SXM4-80GB", "NVIDIA L40S"]:
    assert want in names, want
for x in r[1:]:
    assert ','.join(x[8:]).strip(), x
    assert 'measured' in ','.join(x[8:]) or 'theoretical' in ','.join(x[8:]), x
print(len(names))
PY
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$output" -ge 12 ]
}

@test "each shipped floor is its source's arithmetic; a measured one states its healthy range and spread" {
	run python3 - "$ROOT/data/floors.csv" <<'PY'
import csv, re, sys
rows = [l for l in open(sys.argv[1]) if not l.startswith('#') and l.strip()]
r = list(csv.reader(rows))
col = {n: i for i, n in enumerate(r[0])}
named = {'copy': ['dram_copy_gbs'], 'read': ['dram_read_gbs'], 'h2d': ['h2d_gbs'], 'd2h': ['d2h_gbs']}
bad = []
for x in r[1:]:
    src, got = ','.join(x[8:]), {}
    for clause in src.split('; '):
        m = re.search(r'([0-9.]+) GB/s x (0\.[0-9]+)', clause)
        if not m:
            bad.append(f"{x[0]}: no 'N GB/s x MARGIN' in '{clause}'")
            continue
        before, after = clause[:m.start()], clause[m.end():]
        figs = [c for w, cs in named.items() if re.search(r'\b' + w + r'\b', before) for c in cs]
        if not figs:   # a theoretical clause: the memory's, or the link's
            figs = named['copy'] + named['read'] if re.search(r'HBM|GDDR', before) else \
                   named['h2d'] + named['d2h'] if 'PCIe' in before else []
        n, margin = float(m.group(1)), float(m.group(2))
        h = re.search(r'healthy ([0-9.]+)-([0-9.]+) GB/s, ([0-9.]+) % apart', after)
        if h:
            lo, hi, apart = map(float, h.groups())
            if lo != n:
                bad.append(f"{x[0]}: {figs} from {n}, not the lowest healthy figure {lo}")
            if abs(apart - 100 * (hi - lo) / hi) > 0.05:
                bad.append(f"{x[0]}: {lo}-{hi} are {100 * (hi - lo) / hi:.2f} % apart, not {apart}")
        elif 'not measured' not in src:
            bad.append(f"{x[0]}: neither a healthy range and spread nor 'not measured': {clause}")
        for c in figs:
            got[c] = n * margin
    for c in ('dram_copy_gbs', 'dram_read_gbs', 'h2d_gbs', 'd2h_gbs'):
        v = x[col[c]]
        if not v:
            continue
        # DRAM floors in whole GB/s, PCIe to a tenth
        tol = 0.5 if c.startswith('dram') else 0.05
        if c not in got:
            bad.append(f"{x[0]}: {c} {v} has no clause in its source")
        elif abs(float(v) - got[c]) > tol + 1e-9:
            bad.append(f"{x[0]}: {c} {v}, where its source gives {got[c]:.2f}")
print('\n'.join(bad))
print(len(r) - 1, 'rows')
PY
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(tail -n 1 <<<"$output")" = "15 rows" ]
	[ "$(wc -l <<<"$output")" -eq 2 ]   # the rows' count after an empty list of faults
}

@test "the floors in gpuperf-check(1) are the shipped ones" {
	for v in 2679 2866 41.6 46.0 2977 3184.6 48.9 54.1 2039 3938 4800 1555 1935 864; do
		grep -q -- "$v" "$ROOT/man/gpuperf-check.1" || { echo "the page lacks $v"; return 1; }
		grep -q -- "$v" "$ROOT/data/floors.csv" || { echo "floors.csv lacks $v"; return 1; }
	done
}

@test "check without a GPU: the usual message, nothing on stdout, exit 3" {
	no_gpu && skip "this machine has a GPU"
	run_split "$GPUPERF" check
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[[ "$stderr" == "gpuperf: error: "*"this command needs a GPU"* ]]
}

@test "check --json without a GPU: one gpus record for the host, status no-gpu, exit 3" {
	no_gpu && skip "this machine has a GPU"
	run_split "$GPUPERF" check --json
	[ "$status" -eq 3 ]
	[[ "$stderr" == "gpuperf: error: "* ]]
	run python3 -c '
import json, socket, sys
d = json.loads(sys.argv[1])
g = d["gpus"]
assert len(g) == 1, g
r = g[0]
keys = ("hostname device_index device memory_mib uuid serial pci_bus_id driver status "
        "dram_copy_gbs dram_read_gbs l2_read_gbs h2d_gbs d2h_gbs pcie_gen pcie_gen_max "
        "pcie_width pcie_width_max p2p_min_gbs ecc_uncorrected retired_rows throttle "
        "contended reason").split()
assert list(r) == keys, list(r)
assert r["hostname"] == socket.gethostname(), r["hostname"]
assert r["status"] == "no-gpu", r["status"]
assert r["reason"], r
assert all(r[k] is None for k in keys if k not in ("hostname", "status", "reason")), r
assert d["checks"][0]["status"] == "no-gpu"
' "$output"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "check --csv -o FILE without a GPU: the host's row is written, exit 3" {
	no_gpu && skip "this machine has a GPU"
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/c.csv" check
	[ "$status" -eq 3 ]
	run head -n 1 "$BATS_TEST_TMPDIR/c.csv"
	[ "$output" = "device,cc,device_index,uuid,pci_bus_id,hostname,figure,value,floor,node_median,baseline,status,reason,contended,throttled" ]
	run sed -n 2p "$BATS_TEST_TMPDIR/c.csv"
	[[ "$output" == ",,,,,$(hostname),gpu,,,,,no-gpu,"* ]]
}

@test "check --baseline takes an earlier check's output" {
	no_gpu && skip "this machine has a GPU"
	"$GPUPERF" check --json >"$BATS_TEST_TMPDIR/b.json" || [ $? -eq 3 ]
	"$GPUPERF" check --csv >"$BATS_TEST_TMPDIR/b.csv" || [ $? -eq 3 ]
	run "$GPUPERF" check --baseline "$BATS_TEST_TMPDIR/b.json"
	[ "$status" -eq 3 ]
	run "$GPUPERF" check --baseline "$BATS_TEST_TMPDIR/b.csv"
	[ "$status" -eq 3 ]
}

@test "completion offers check and its options" {
	run "$GPUPERF" --list-options check
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf -- '--expect\n--baseline\n--strict')" ]
	run "$GPUPERF" --list-commands
	[[ "$output" == *check* ]]
}
