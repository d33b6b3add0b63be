#!/usr/bin/env bats
# The GPU tests' skips, on the CPU: tests/gpu/lib.bash skips a counter test
# only where Nsight Compute cannot read the counters either, never under
# GPUPERF_REQUIRE_COUNTERS=1, and fails on empty counters; a PCIe link
# column may be empty only where nvidia-smi cannot read the link either.
# Fake ncu and nvidia-smi stand in for the real ones.

setup() {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p fake
	PATH=$PWD/fake:$PATH
	# a program for ncu to profile (the fake never runs it)
	COUNTER_CHECK_APP=$PWD/app
	printf '#!/bin/sh\n' >app
	chmod +x app
	source "$BATS_TEST_DIRNAME/../gpu/lib.bash"
	# a skip, told apart from a pass (the tests call the helpers through run)
	skip() { echo "skipped: $*"; exit 3; }
	unset GPUPERF_REQUIRE_COUNTERS
	rm -f "$BATS_RUN_TMPDIR/counters-unreadable"  # the check's answer, kept for the run
}

# fake TOOL OUTPUT [STATUS]: TOOL prints OUTPUT and exits STATUS; each
# call leaves a line in TOOL.calls.
fake() {
	printf '#!/usr/bin/env bash\necho called >>%q\nprintf "%%s\\n" %q\nexit %d\n' \
		"$PWD/$1.calls" "$2" "${3:-0}" >"fake/$1"
	chmod +x "fake/$1"
}

@test "gpu lib: counters that ncu reads are required: no skip" {
	fake ncu '"0","1","app","h","k","1","7","(256, 1, 1)","(64, 1, 1)","0","9.0","Command line profiler metrics","sm__cycles_elapsed.max","cycle","12345"'
	run require_counters
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "gpu lib: counters that ncu cannot read either: a skip with ncu's reason, asked once" {
	fake ncu '==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters' 1
	run require_counters
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == "skipped: counters unreadable: Nsight Compute cannot read them either: ==ERROR== ERR_NVGPUCTRPERM"* ]]
	run require_counters
	[ "$status" -eq 3 ]
	[ "$(wc -l <ncu.calls)" -eq 1 ]
}

@test "gpu lib: GPUPERF_REQUIRE_COUNTERS=1: no skip, ncu not even asked" {
	fake ncu '==ERROR== ERR_NVGPUCTRPERM' 1
	GPUPERF_REQUIRE_COUNTERS=1 run require_counters
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ ! -e ncu.calls ]
}

@test "gpu lib: counted fails, saying why, when the column is empty everywhere" {
	CSV=$PWD/run.csv
	printf 'stride,measured\n1,\n2,\n' >"$CSV"
	echo "gpuperf: warning: hardware counters unavailable: planted" >"$PWD/run.err"
	run counted measured
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no counters in measured: gpuperf: warning: hardware counters unavailable: planted"* ]]
	printf 'stride,measured\n1,1.00\n2,\n' >"$CSV"
	run counted measured
	[ "$status" -eq 0 ]
}

@test "gpu lib: an empty link column fails where nvidia-smi reads the link, skips where it cannot" {
	run link_read 5
	[ "$status" -eq 0 ]
	fake nvidia-smi '5, 5, 16'
	run link_read ''
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"yet nvidia-smi reads it (gen, max gen, width): 5, 5, 16"* ]]
	fake nvidia-smi '[N/A], [N/A], [N/A]'
	run link_read ''
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == "skipped: the PCIe link is not readable here, by nvidia-smi either: [N/A], [N/A], [N/A]" ]]
}
