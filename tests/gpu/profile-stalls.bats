#!/usr/bin/env bats
# profile --stalls (issue 38, item 2; inject/pcsample.c): a latency-bound
# verdict says what the warps wait on, and where; the kernels sampled keep
# their counters.  The shares against Nsight Compute's WarpStateStats are
# bench/stalls.sh's (a benchmark: it needs ncu).

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/chase" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
}

@test "profile, PC sampling: the chase waits on its loads (long scoreboard), at chase.cu:17" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/chase.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/chase" 4096 200
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" chase verdict_text)
	echo "chase: $(kernel_cell "$csv" chase verdict): $text"
	# the app's loop body, built with -lineinfo: p = next[p]
	[[ "$text" == *"of samples wait on a global or local memory load (long scoreboard) at "*"chase.cu:17"* ]]
	# the share: a chase spends nearly all its samples waiting on the load (99 % in the probe)
	pct=$(sed -n 's/.* \([0-9]*\) % of samples wait on a global.*/\1/p' <<<"$text")
	[ -n "$pct" ]
	[ "$pct" -ge 90 ]
}

@test "profile without --stalls: no sampling, the verdict as before" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/plain.csv
	run_split "$GPUPERF" --csv -o "$csv" profile -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" chase verdict_text)
	echo "chase: $text"
	[[ "$text" != *"of samples wait on"* ]]
	[ -z "$(kernel_cell "$csv" chase stall_samples)" ]
}

@test "profile --stalls: three kernels, each counted with the full set and sampled" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/transpose.csv
	# the set closes for each sampled launch; the next kernel's first launch opens one again
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/transpose"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"PC sampling failed"* ]]
	for k in transpose_naive 'transpose_tiled<0>' 'transpose_tiled<1>'; do
		echo "$k: profiled $(kernel_cell "$csv" "$k" launches_profiled), set $(kernel_cell "$csv" "$k" counter_set)," \
			"samples $(kernel_cell "$csv" "$k" stall_samples), at $(kernel_cell "$csv" "$k" stall_at)"
		[ "$(kernel_cell "$csv" "$k" launches_profiled)" = 1 ]
		[ "$(kernel_cell "$csv" "$k" counter_set)" = full ]
		[ "$(kernel_cell "$csv" "$k" stall_samples)" -gt 1000 ]
		[[ "$(kernel_cell "$csv" "$k" stall_at)" == *transpose.cu:* ]]
	done
	# the naive kernel's strided stores wait on its loads: its line reads in[]
	[ "$(kernel_cell "$csv" transpose_naive stall_top)" = long_scoreboard ]
}

@test "profile --stalls --launches 0: sampling with no counters at all" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/chase0.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls --launches 0 -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	[ "$(kernel_cell "$csv" chase stall_top)" = long_scoreboard ]
	[ "$(kernel_cell "$csv" chase stall_at | sed 's|.*/||')" = chase.cu:17 ]
}
