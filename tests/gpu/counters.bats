#!/usr/bin/env bats
# Hardware counters on a GPU: known kernels against theory and against
# Nsight Compute, availability reporting, and a missing CUPTI.
# The driver program is build/tests/t-counters-gpu (tests/unit/t-counters-gpu.c).

load lib

T=$BATS_TEST_DIRNAME/../../build/tests/t-counters-gpu

setup() {
	require_gpu
	[ -x "$T" ] || { echo "$T not built: run make test-gpu" >&2; return 1; }
}

@test "counters: availability is reported with a reason and a remedy" {
	run "$T" --reason
	echo "$output"
	if [ "$status" -eq 0 ]; then
		[[ "$output" == available:* ]]
	else
		[ "$status" -eq 4 ]
		[[ "$output" == *"; "* ]]
	fi
}

@test "counters: sectors, requests, wavefronts and conflicts of known kernels equal theory" {
	require_counters
	GPUPERF_REQUIRE_COUNTERS=1 run "$T"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"load stride 1: 4 load sectors per request"* ]]
	[[ "$output" == *"load stride 8: 32 load sectors per request"* ]]
	[[ "$output" == *"shared stride 32: 32-way conflict, 32 wavefronts per load"* ]]
	[[ "$output" == *"ok "*" - bracketed ranges: each counts its own launches, none outside"* ]]
	! grep -q '^not ok' <<<"$output"
}

@test "counters: every count equals what Nsight Compute reports for the same launch" {
	require_counters
	local ncu metrics csv
	ncu=$(find_ncu) || skip "ncu (Nsight Compute) not found"
	metrics=$("$T" --ncu-metrics)
	csv=$(mktemp)
	run "$ncu" --csv --print-units base --clock-control none --cache-control none \
		-k regex:ctrtest_ --metrics "$metrics" "$T" --launch-only
	printf '%s\n' "$output" >"$csv"
	if [ "$status" -ne 0 ]; then
		echo "ncu failed: $output"
		rm -f "$csv"
		return 1
	fi
	run "$T" --compare-ncu "$csv"
	rm -f "$csv"
	echo "$output"
	[ "$status" -eq 0 ]
	! grep -q '^not ok' <<<"$output"
}

@test "counters: under ncu, gpuperf says another profiler holds the counters" {
	require_counters
	local ncu
	ncu=$(find_ncu) || skip "ncu (Nsight Compute) not found"
	# ncu's own exit status need not be the program's: read what it printed
	# (README: under ncu, the reason says another profiler holds them)
	run "$ncu" --metrics gpc__cycles_elapsed.max "$T" --reason
	echo "$output"
	[[ "$output" == *"another profiler"* || "$output" == *"in use by another tool"* ]]
}

@test "counters: a missing CUPTI is exit 4 under --counters=require, with the reason" {
	GPUPERF_CUPTI_LIB=/nonexistent/libcupti.so.13 run_split "$T" --require
	echo "status $status, stderr: $stderr"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"gpuperf: error: hardware counters unavailable: CUPTI library not found"* ]]
	[[ "$stderr" == *"/nonexistent/libcupti.so.13"* ]]
}

@test "counters: gpuperf info reports counter availability" {
	run_split "$GPUPERF" info
	echo "$output"
	[ "$status" -eq 0 ]
	grep -qi 'counter' <<<"$output"
	if ! "$T" --reason >/dev/null 2>&1; then
		# the reason, word for word
		grep -qF "$("$T" --reason | cut -c1-40)" <<<"$output"
	fi
}
