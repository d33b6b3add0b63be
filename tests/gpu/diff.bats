#!/usr/bin/env bats
# gpuperf diff and --reps auto on a GPU machine: runs made now, compared
# as users compare them; the stopping rule's counts in every row.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
}

col() {  # col FILE NAME: the column's values, one per row; status 1 without it
	field "$1" "$2" 1
}

# every value of column $2 of $1 a whole number from 10 to 200
reps_auto_counts() {
	local n bad
	n=$(col "$1" "$2" | grep -c .)
	[ "$n" -gt 0 ] || { echo "no rows"; return 1; }
	bad=$(col "$1" "$2" | awk '!($1 >= 10 && $1 <= 200)')
	[ -z "$bad" ] || { echo "reps outside 10..200: $bad"; return 1; }
	echo "# $2: $(col "$1" "$2" | sort -n | uniq -c | awk '{ printf "%s x%s ", $2, $1 }')" >&3
}

@test "bandwidth --reps auto: 10 to 200 repetitions a row, each with its CoV" {
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/bw.csv" bandwidth --reps auto --kernel copy,read
	[ "$status" -eq 0 ]
	reps_auto_counts "$BATS_TEST_TMPDIR/bw.csv" reps
	[ "$(col "$BATS_TEST_TMPDIR/bw.csv" cov_pct | grep -c .)" -eq "$(col "$BATS_TEST_TMPDIR/bw.csv" reps | wc -l)" ]
	run "$GPUPERF" bandwidth --reps auto --kernel copy
	[[ "$output" == *"median of 10 to 200 (--reps auto"* ]]
}

@test "pcie and p2p --reps auto: 10 to 200 repetitions a row" {
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/pcie.csv" pcie --reps auto --memory pinned --size 64M
	[ "$status" -eq 0 ]
	reps_auto_counts "$BATS_TEST_TMPDIR/pcie.csv" reps
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/overlap.csv" pcie --overlap --reps auto --size 64M
	[ "$status" -eq 0 ]
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/p2p.csv" p2p --pair 0:0 --reps auto --size 64M
	[ "$status" -eq 0 ]
	reps_auto_counts "$BATS_TEST_TMPDIR/p2p.csv" reps
}

@test "diff: two bandwidth runs of an idle GPU, no figure worse beyond noise and threshold" {
	"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/a.csv" bandwidth --reps auto
	"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/b.csv" bandwidth --reps auto
	run_split "$GPUPERF" diff --fail-on worse "$BATS_TEST_TMPDIR/a.csv" "$BATS_TEST_TMPDIR/b.csv"
	echo "$output" | sed 's/^/# /' >&3
	[ "$status" -eq 0 ]
	[[ "$output" == *"0 worse, "* ]]
}

@test "diff: two runs of all and of latency on an idle GPU: 0 worse, 0 better; summary CoVs" {
	local k
	for k in 1 2; do
		"$GPUPERF" --json -o "$BATS_TEST_TMPDIR/all-$k.json" all
		"$GPUPERF" --json -o "$BATS_TEST_TMPDIR/lat-$k.json" latency --size 16K,8M,1G
	done
	# the summary's bandwidths carry the CoV of the rows they come from
	run python3 -c 'import json, sys
s = {r["metric"]: r for r in json.load(open(sys.argv[1]))["summary"]}
print(" ".join(str(s[m]["cov_pct"] is not None) for m in
      ("dram_copy_gbs", "l2_shared_read_gbs", "pcie_pinned_h2d_gbs", "latency_l1_cycles")))' \
		"$BATS_TEST_TMPDIR/all-1.json"
	[ "$output" = "True True True False" ]
	for k in all lat; do
		run_split "$GPUPERF" diff --fail-on worse "$BATS_TEST_TMPDIR/$k-1.json" "$BATS_TEST_TMPDIR/$k-2.json"
		echo "$output" | sed 's/^/# /' >&3
		[ "$status" -eq 0 ]
		[[ "$output" == *"0 worse, 0 better, "* ]]
	done
}

@test "diff: the transpose fix is better in time and store efficiency" {
	[ -x "$APPS/transpose-fixed" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
	# --set full: the store efficiency needs the bytes the lanes ask for
	"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/before.csv" profile --set full -- "$APPS/transpose-fix"
	"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/after.csv" profile --set full -- "$APPS/transpose-fixed"
	run_split "$GPUPERF" --json diff "$BATS_TEST_TMPDIR/before.csv" "$BATS_TEST_TMPDIR/after.csv"
	[ "$status" -eq 0 ]
	run python3 -c 'import json, sys
for r in json.load(sys.stdin):
    if r["config"].startswith("kernel=transpose") and r["figure"]:
        print(r["figure"], r["verdict"])' <<<"$output"
	echo "$output" | sed 's/^/# /' >&3
	[[ "$output" == *"gpu_time_ms better"* ]]
	# the store efficiency is the counters': it must be there wherever they
	# can be read (require_counters asks Nsight Compute, not gpuperf)
	require_counters
	[[ "$output" == *"store_efficiency_pct better"* ]]
}
