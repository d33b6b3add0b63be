#!/usr/bin/env bats
# gpuperf profile --by range without a GPU: the library as the program's
# NVTX tool (a program of NVTX alone, tests/fixtures/nvtx-levels.c), and
# the report of records a "program" writes as the library would
# (tests/fixtures/profile-ranges.records: its times add up by hand in
# tests/unit/t-profile-ranges.c's comment): rows, columns, options.

load lib
bats_require_minimum_version 1.5.0

FIXTURE=$BATS_TEST_DIRNAME/../fixtures/profile-ranges.records
REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$FIXTURE")
LEVELS=$BATS_TEST_DIRNAME/../../build/tests/nvtx-levels
LIB=$BATS_TEST_DIRNAME/../../build/lib/gpuperf/libgpuperf-inject.so

# cell CSV RANGE GRAPH COLUMN: a cell of the row of that range and graph id ('' for none).
cell() {
	python3 - "$@" <<'PY'
import csv, sys
path, rng, graph, c = sys.argv[1:]
for row in csv.DictReader(open(path, newline='')):
    if row['range'] == rng and row['graph_id'] == graph:
        print(row[c]); break
else:
    sys.exit(f"no row for {rng} graph {graph}")
PY
}

@test "profile --by range: the library is the program's NVTX tool, through NVTX_INJECTION64_PATH" {
	[ -x "$LEVELS" ] || { echo "build it: make build/tests/nvtx-levels (make test does)"; return 1; }
	unset NVTX_INJECTION64_PATH
	# NVTX alone: no tool, its no-ops (-2)
	run "$LEVELS"
	[ "$output" = "-2 -2 -2 -2" ]
	# the library named: NVTX loads it, and the pushes and pops say their levels
	run env NVTX_INJECTION64_PATH="$LIB" "$LEVELS"
	[ "$output" = "0 1 1 0" ]
	# gpuperf names it under --by range, and only then
	run_split "$GPUPERF" profile --by range -- "$LEVELS"
	[ "$status" -eq 0 ]
	[ "$output" = "0 1 1 0" ]
	run_split "$GPUPERF" profile -- "$LEVELS"
	[ "$output" = "-2 -2 -2 -2" ]
}

@test "profile --by range: the library's settings; a user's NVTX tool replaced only then" {
	show='echo "${GPUPERF_PROFILE_RANGES-unset} ${NVTX_INJECTION64_PATH-unset}"'
	run_split env NVTX_INJECTION64_PATH=/their/tool.so "$GPUPERF" profile --by range -- sh -c "$show"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "1 /"*"/libgpuperf-inject.so" ]]
	run_split env NVTX_INJECTION64_PATH=/their/tool.so GPUPERF_PROFILE_RANGES=1 \
		"$GPUPERF" profile -- sh -c "$show"
	[ "${lines[0]}" = "unset /their/tool.so" ]
}

@test "profile --by: bad values and --plot refused before the program runs" {
	assert_usage_error profile --by thread -- true
	[[ "$stderr" == *"kernel"*"range"* ]]
	run_split "$GPUPERF" --plot "$BATS_TEST_TMPDIR/r.svg" profile --by range -- touch "$BATS_TEST_TMPDIR/ran"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--by range draws no roofline"* ]]
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
	[ ! -e "$BATS_TEST_TMPDIR/r.svg" ]
}

@test "profile --by range: a row per range, their times adding up to the kernels'" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o r.csv profile --by range -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ "$(wc -l <r.csv)" -eq 5 ]
	awk -v t="$(cell r.csv train/backward '' gpu_time_ms)" 'BEGIN { exit !(t == 2.88) }'
	[ "$(cell r.csv train/backward '' launches)" = 10 ]
	[ "$(cell r.csv train/backward '' kernels)" = 2 ]
	[ "$(cell r.csv train/backward '' depth)" = 2 ]
	[[ "$(cell r.csv train/backward '' top_kernel)" == "stride("* ]]
	[[ "$(cell r.csv train/backward '' verdict_kernel)" == "stride("* ]]
	awk -v t="$(cell r.csv train/forward '' gpu_time_ms)" 'BEGIN { exit !(t == 0.787) }'
	awk -v t="$(cell r.csv '(no range)' '' gpu_time_ms)" 'BEGIN { exit !(t == 3) }'
	[ "$(cell r.csv '(no range)' '' depth)" = 0 ]
	[ "$(cell r.csv train/step 7 graph_node)" = 12 ]
	awk -v t="$(cell r.csv train/step 7 gpu_time_ms)" 'BEGIN { exit !(t == 0.3) }'
	# the ranges' times add up to the kernels' own (--by kernel's rows), and to 6.967 ms
	"$GPUPERF" --csv -o k.csv profile -- "${REPLAY[@]}"
	python3 - r.csv k.csv <<'PY'
import csv, sys
ranges = sum(float(r['gpu_time_ms']) for r in csv.DictReader(open(sys.argv[1])))
kernels = sum(float(r['gpu_time_ms']) for r in csv.DictReader(open(sys.argv[2])))
assert abs(ranges - 6.967) < 1e-9 and abs(kernels - 6.967) < 1e-9, (ranges, kernels)
shares = sum(float(r['time_pct']) for r in csv.DictReader(open(sys.argv[1])))
assert abs(shares - 100) < 0.01, shares
PY
	# a range's verdict is its kernel's, as --by kernel judges it
	stride=$(python3 -c 'import csv, sys
print(next(r["verdict"] for r in csv.DictReader(open(sys.argv[1])) if r["kernel"].startswith("stride")))' k.csv)
	[ -n "$stride" ]
	[ "$(cell r.csv train/backward '' verdict)" = "$stride" ]
}

@test "profile --by range: the people's table, --top, --sort and the JSON records" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" profile --by range --top 3 --sort name -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$(head -n 1 <<<"$stderr")" == "worth fixing first: "*"train/backward (stride: loads: 8.0x"* ]]
	[[ "$stderr" == *"Ranges of sh -c "*": 4 ranges, 6.967 ms of GPU time"* ]]
	grep -qE '^train/backward +2\.880 +41\.3 +10 +2 ' <<<"$stderr" || { echo "$stderr"; return 1; }
	[[ "$stderr" == *"1 more range (3 launches, 0.300 ms) left out by --top"* ]]
	# by name: (no range), train/backward, train/forward
	[ "$(grep -oE '^(\(no range\)|train/backward|train/forward) ' <<<"$stderr" | tr -d '\n')" = \
	  "(no range) train/backward train/forward " ]
	run_split "$GPUPERF" profile --by range -- "${REPLAY[@]}"
	[[ "$stderr" == *"train/step (graph 7, node 12) "* ]]
	command -v python3 >/dev/null || skip "python3 compares the JSON with the CSV"
	"$GPUPERF" --csv -o r.csv profile --by range -- "${REPLAY[@]}"
	"$GPUPERF" --json -o r.json profile --by range -- "${REPLAY[@]}"
	same_records r.csv r.json
}

@test "profile --by range: a program killed before its exit: the time in no range said" {
	cd "$BATS_TEST_TMPDIR"
	grep -v '^range .*_Z5chasePKjPjii' "$FIXTURE" >killed.records
	run_split "$GPUPERF" profile --by range -- sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh killed.records
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"2.000 ms of the kernels' GPU time is in no range"* ]]
}

@test "profile --by range: two outputs compare range by range (gpuperf diff)" {
	cd "$BATS_TEST_TMPDIR"
	"$GPUPERF" --csv -o a.csv profile --by range -- "${REPLAY[@]}"
	sed 's/train%1Fforward timed=6 ns=720000/train%1Fforward timed=6 ns=1440000/' "$FIXTURE" >slower.records
	"$GPUPERF" --csv -o b.csv profile --by range -- sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh slower.records
	run_split "$GPUPERF" diff a.csv b.csv
	echo "$output"
	grep -E 'train/forward.*gpu_time_ms.*worse' <<<"$output"
	! grep -E 'train/backward.*gpu_time_ms.*worse' <<<"$output"
}
