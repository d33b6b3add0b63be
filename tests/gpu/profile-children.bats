#!/usr/bin/env bats
# gpuperf profile of a program whose own child processes run CUDA kernels
# on one GPU at once (issue 40): a GPU's counters serve one process at a
# time, and the second child used to find them "in use by another tool"
# and lose its counters.  Now the children take turns (inject/turns.c):
# every child's launches are profiled, and no message blames another tool.
# PC sampling and the patched launch use the counters too, and take the
# same turns.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/relaunch" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
	command -v python3 >/dev/null || skip "python3 is not installed (the parent program is a script)"
}

@test "profile: a script's two child processes on one GPU both keep their counters, in turn" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/children.csv
	# two children started together, each 400 pairs of launches of two kernels:
	# they run side by side, and each profiles 5 launches of each kernel and
	# samples those judged to wait.  A child whose sampling met the other's
	# counters hung (CUPTI_ERROR_HARDWARE_BUSY, then a wait that never ended):
	# a time limit makes that a failure, not a stalled suite
	run_split timeout -k 5 120 "$GPUPERF" --csv -o "$csv" profile --set light --launches 5 -- python3 -c '
import subprocess, sys
ps = [subprocess.Popen([sys.argv[1], "400"]) for _ in range(2)]
sys.exit(max(p.wait() for p in ps))' "$APPS/relaunch"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"in use by another tool"* ]]
	# and neither waited its whole turn out: a giver lets its waiter in first
	[[ "$stderr" != *"without a launch"* ]]
	[[ "$stderr" != *"counters unavailable"* ]]
	# sampling and patching take the same turns: neither is refused
	[[ "$stderr" != *"PC sampling failed"* ]]
	[[ "$stderr" != *"per-instruction counts failed"* ]]
	for k in relaunch_copy relaunch_stride2; do
		[ "$(kernel_cell "$csv" $k launches)" = 800 ] || { echo "$k launches: $(kernel_cell "$csv" $k launches)"; return 1; }
		# 5 in each child: none lost its counters
		[ "$(kernel_cell "$csv" $k launches_profiled)" = 10 ] ||
			{ echo "$k profiled: $(kernel_cell "$csv" $k launches_profiled)"; return 1; }
	done
	# and each launch its own figures: the two kernels' counters never mixed
	awk -v a="$(kernel_cell "$csv" relaunch_copy load_sectors_per_request)" 'BEGIN { exit !(a != "" && a + 0 == 4) }'
	awk -v a="$(kernel_cell "$csv" relaunch_stride2 load_sectors_per_request)" 'BEGIN { exit !(a != "" && a + 0 == 8) }'
}
