#!/usr/bin/env bats
# The GPU tests' skips, on the CPU: tests/gpu/lib.bash skips a counter test
# only where Nsight Compute cannot read the counters either, never under
# GPUPERF_REQUIRE_COUNTERS=1, and fails on empty counters; a PCIe link
# column may be empty only where nvidia-smi cannot read the link either.
# Fake ncu and nvidia-smi stand in for the real ones.

bats_require_minimum_version 1.5.0

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

@test "gpu lib: csv_col fails on a missing column, and its -1 makes awk fail where its status is lost" {
	printf 'kernel,instructions\ncopy,7\n' >t.csv
	run csv_col t.csv instructions
	[ "$status" -eq 0 ]
	[ "$output" = 2 ]
	run csv_col t.csv instruction
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no column instruction in t.csv: kernel,instructions"* ]]
	# awk reads $"" as the whole row: a lost status must not pass as a value
	run awk -F, -v c="$(csv_col t.csv renamed 2>/dev/null)" 'NR > 1 { print $c }' t.csv
	[ "$status" -ne 0 ]
	[[ "$output" != *copy* ]]
}

@test "gpu lib: field fails on a missing column, prints nothing" {
	printf 'kernel,instructions\ncopy,7\nread,9\n' >t.csv
	run field t.csv instructions '$1 == "read"'
	[ "$status" -eq 0 ]
	[ "$output" = 9 ]
	run --separate-stderr field t.csv instruction 1
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "gpu lib: counted fails on a missing column, as on an empty one" {
	CSV=$PWD/run.csv
	printf 'stride,measured\n1,1.00\n' >"$CSV"
	: >"$PWD/run.err"
	run counted measured
	[ "$status" -eq 0 ]
	run counted measured_renamed
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no column measured_renamed"* ]]
}

@test "gpu lib: csv_values fails on a missing column" {
	printf 'device,nvml\n"H200, SXM",read\n' >t.csv
	run csv_values t.csv nvml
	[ "$status" -eq 0 ]
	[ "$output" = read ]
	run csv_values t.csv device
	[ "$output" = "H200, SXM" ]
	run csv_values t.csv nvml_state
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no column nvml_state"* ]]
}

# fake_gpuperf NVML: a gpuperf whose info --csv says NVML, the column nvml
# or, when NVML is "-", no such column.
fake_gpuperf() {
	if [ "$1" = - ]; then
		printf '#!/bin/sh\nprintf "device,cc\\nH200,9.0\\n"\n' >fake/gpuperf
	else
		printf '#!/bin/sh\nprintf "device,nvml\\nH200,%s\\n"\n' "$1" >fake/gpuperf
	fi
	chmod +x fake/gpuperf
	GPUPERF=$PWD/fake/gpuperf
}

@test "gpu lib: require_nvml asks nvidia-smi, not gpuperf, whether NVML reads the GPU" {
	BATS_TEST_TMPDIR=$PWD
	fake nvidia-smi 'NVIDIA H200, 00000000:19:00.0'
	fake_gpuperf read
	run require_nvml
	[ "$status" -eq 0 ]
	# gpuperf says no where nvidia-smi reads the GPU: a failure, not a skip
	fake_gpuperf 'unavailable: libnvidia-ml.so.1 not found'
	run require_nvml
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"gpuperf's NVML does not read GPU 0 (unavailable: libnvidia-ml.so.1 not found), yet nvidia-smi does"* ]]
	fake_gpuperf -
	run require_nvml
	[ "$status" -eq 1 ]
	# nvidia-smi cannot read it either: a skip with nvidia-smi's word
	fake nvidia-smi 'Failed to initialize NVML: Driver/library version mismatch' 255
	run require_nvml
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == "skipped: NVML cannot read GPU 0, by nvidia-smi either: Failed to initialize NVML"* ]]
}
