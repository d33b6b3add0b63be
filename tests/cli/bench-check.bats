#!/usr/bin/env bats
# bench/check.sh's judging, without a GPU: a fake gpuperf prints check's
# JSON and bandwidth's CSV; the script must set check's DRAM beside
# bandwidth's, list the flags, and judge the targets.

ROOT=$BATS_TEST_DIRNAME/../..

# fake_gpuperf COPY STATUS REASON: check's DRAM copy COPY GB/s (bandwidth's 3190), its status.
fake_gpuperf() {
	local f=$BATS_TEST_TMPDIR/gpuperf
	{
		echo '#!/bin/sh'
		echo 'case "$*" in'
		echo "*check*) echo '{\"gpus\": [{\"status\": \"$2\", \"dram_copy_gbs\": $1, \"dram_read_gbs\": 3200.0}],';"
		echo "  echo '\"checks\": [{\"device_index\": 0, \"figure\": \"throttle\", \"status\": \"$2\", \"reason\": \"$3\"}]}' ;;"
		echo "*bandwidth*) printf 'kernel,bandwidth_gbs\ncopy,3190.0\nread,3200.0\n' ;;"
		echo 'esac'
	} >"$f"
	chmod +x "$f"
}

@test "bench/check.sh: DRAM within 1 %, nothing flagged: targets met" {
	fake_gpuperf 3185.0 pass ""
	run env GPUPERF="$BATS_TEST_TMPDIR/gpuperf" "$ROOT/bench/check.sh" -n 2
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[[ "$output" == *"run 2: "*"copy: check 3185.0 GB/s, bandwidth 3190.0, ratio 0.9984"* ]]
	[[ "$output" == *"flags: none"* ]]
	[[ "$output" == *"targets: at most 15 s, DRAM within 1 % of bandwidth, no flag in 2 runs: met"* ]]
}

@test "bench/check.sh: a flag, or DRAM 2 % off, misses the targets" {
	fake_gpuperf 3185.0 warn "clocks held down: power cap"
	run env GPUPERF="$BATS_TEST_TMPDIR/gpuperf" "$ROOT/bench/check.sh" -n 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"flag: device 0 throttle: warn: clocks held down: power cap"* ]]
	[[ "$output" == *"NOT met"* ]]
	fake_gpuperf 3120.0 pass ""
	run env GPUPERF="$BATS_TEST_TMPDIR/gpuperf" "$ROOT/bench/check.sh" -n 1
	[ "$status" -eq 1 ]
	[[ "$output" == *"ratio 0.9781"* ]]
}
