#!/usr/bin/env bats
# gpuperf profile --by instruction without a GPU: the report of the pc
# records a "program" writes as the library would
# (tests/fixtures/profile-instructions.records: tests/apps/transpose under
# --by instruction on an H200, 2026-11-29, 130 sampled instructions of 3
# kernels).  The expected figures are read from the records by awk here:
# transpose_naive's 31 instructions hold 33525 samples, its most sampled
# (offset 464 = 0x1d0, transpose.cu:19) 6844 of them, 20.41 %.

load lib
bats_require_minimum_version 1.5.0

FIXTURE=$BATS_TEST_DIRNAME/../fixtures/profile-instructions.records
REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$FIXTURE")

# samples KERNEL [LINE]: the sum of a kernel's pc records' samples in the fixture (at LINE)
samples() {
	awk -v k="kernel=$1" -v l="${2:+line=$2}" '$1 == "pc" && index($0, " " k " ") &&
		(l == "" || index($0, " " l " ")) {
		for (i = 1; i <= NF; i++) if ($i ~ /^stall_samples=/) { split($i, a, "="); s += a[2] } }
		END { print s }' "$FIXTURE"
}

@test "profile --by instruction: a row per sampled instruction, the most sampled first" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o i.csv profile --by instruction -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	# every pc record is a row: 130, and the header
	[ "$(wc -l <i.csv)" -eq "$(( $(grep -c '^pc ' "$FIXTURE") + 1 ))" ]
	[ "$(samples _Z15transpose_naivePfPKfi)" -eq 33525 ]
	first=$(sed -n 2p i.csv)
	echo "$first"
	[[ "$first" == *",_Z15transpose_naivePfPKfi,4,0x1d0,,/work/main/tests/apps/transpose.cu,19,6844,20.415,long_scoreboard,97.501,"* ]]
	# each kernel's shares add up to 100 %
	run python3 - i.csv <<'PY'
import csv, sys
tot = {}
for r in csv.DictReader(open(sys.argv[1], newline='')):
    tot[r['kernel_mangled']] = tot.get(r['kernel_mangled'], 0) + float(r['kernel_samples_pct'])
print(" ".join(f"{v:.1f}" for v in tot.values()))
PY
	[ "$output" = "100.0 100.0 100.0" ]
	# within a kernel, samples never rise down the rows
	run python3 - i.csv <<'PY'
import csv, sys
last = (None, 0)
for n, r in enumerate(csv.DictReader(open(sys.argv[1], newline='')), 2):
    if r['kernel_mangled'] == last[0] and int(r['samples']) > last[1]:
        print("rises at row", n)
    last = (r['kernel_mangled'], int(r['samples']))
PY
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "profile --by instruction --top 2: each kernel's two most sampled, the rest counted" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" profile --by instruction --top 2 -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"Instructions of "*": 6 in 3 kernels"* ]]
	# by hand: the naive kernel's two most sampled, 6844 + 6118 samples
	[[ "$stderr" == *"transpose_naive: launch 4, 12962 samples in these 2 instructions"* ]]
	[[ "$stderr" == *"0x1d0   transpose.cu:19     6844  20.4  long_scoreboard 97.5 %"* ]]
	[[ "$stderr" == *"124 more instructions left out by --top"* ]]
	# by line, every instruction of it: line 19's 25056 of 33525 samples (74.7 %), line 20's
	# 5607 (16.7 %), line 16's 2847 (8.5 %), by hand from the records
	[ "$(samples _Z15transpose_naivePfPKfi 19)" -eq 25056 ]
	[ "$(samples _Z15transpose_naivePfPKfi 20)" -eq 5607 ]
	[ "$(samples _Z15transpose_naivePfPKfi 16)" -eq 2847 ]
	[[ "$stderr" == *"by line, its instructions together: transpose.cu:19 74.7 %, transpose.cu:20 16.7 %, transpose.cu:16 8.5 %"* ]]
	run_split "$GPUPERF" --csv -o top.csv profile --by instruction --top 2 -- "${REPLAY[@]}"
	[ "$(wc -l <top.csv)" -eq 7 ]
}

@test "profile --by instruction: CSV and JSON hold the same records; the HTML a table per kernel" {
	cd "$BATS_TEST_TMPDIR"
	"$GPUPERF" --csv -o i.csv profile --by instruction -- "${REPLAY[@]}"
	"$GPUPERF" --json -o i.json profile --by instruction --html i.html -- "${REPLAY[@]}"
	same_records i.csv i.json
	[ "$(grep -c '<h2 id="t[0-9]*">[^<]*samples in these' i.html)" -eq 3 ]
	# by hand (awk): transpose_tiled<1>'s 49 pc records, 4451 samples
	[ "$(samples _Z15transpose_tiledILi1EEvPfPKfi)" -eq 4451 ]
	grep -q '<h2 id="t[0-9]*">transpose_tiled&lt;1&gt;: launch 4, 4451 samples in these 49 instructions</h2>' i.html
}

@test "profile --by instruction: no sampled launch, said; no roofline to plot" {
	cd "$BATS_TEST_TMPDIR"
	# the fixture without its pc records: the launches were not sampled
	grep -v '^pc ' "$FIXTURE" >none.records
	run_split "$GPUPERF" --csv -o n.csv profile --by instruction -- \
		sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh none.records
	[ "$status" -eq 0 ]
	[ "$(wc -l <n.csv)" -eq 1 ]
	run_split "$GPUPERF" profile --by instruction -- \
		sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh none.records
	[[ "$stderr" == *"no launch was sampled"* ]]
	run_split "$GPUPERF" profile --by instruction --plot r.svg -- true
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--by instruction draws no roofline"* ]]
}
