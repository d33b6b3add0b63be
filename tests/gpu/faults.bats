#!/usr/bin/env bats
# Faults on the GPU side (issue 10): each gives a clear message and the
# documented exit status, frees what it took, and prints no row for a
# measurement that did not complete.  Provoked for real where possible:
# another process holding device memory (build/tests/gpu-hog), a CUPTI that
# fails mid-session (build/tests/cupti-shim), gpuperf built for another
# architecture (no launch can run), a device number past the last GPU,
# running under ncu; where timing matters (an allocation or launch failing
# mid-sweep), through GPUPERF_FAULT.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
SHIM=$ROOT/build/tests/cupti-shim/libcupti-failshim.so

# A failure as documented: status $1, an error on stderr matching $2, nothing on stdout.
assert_failed() {
	echo "status $status (want $1)"
	echo "stdout: $output"
	echo "stderr: $stderr"
	[ "$status" -eq "$1" ]
	[ -z "$output" ]
	[[ "$stderr" == *"gpuperf: error: "* ]]
	[[ "$stderr" =~ $2 ]]
}

teardown() {
	stop_hog
}

@test "faults: --device past the last GPU is a usage error for every GPU command, stdout empty" {
	require_gpu
	local n cmd
	n=$(nvidia-smi -L | grep -c '^GPU ')
	for cmd in info bandwidth coalesce banks pcie all "occupancy --check-runtime"; do
		# shellcheck disable=SC2086
		run_split "$GPUPERF" --device "$n" $cmd
		assert_failed 2 "--device: no device $n \\(found $n"
	done
}

@test "faults: with most device memory held elsewhere, sizes that cannot fit are refused naming what is free" {
	require_gpu
	start_hog 2048
	# bandwidth: a usage error naming the largest size; coalesce: exit 1, as documented
	run_split "$GPUPERF" bandwidth --kernel copy --size 1G
	assert_failed 2 "free"
	run_split "$GPUPERF" coalesce --size 2G
	assert_failed 1 "free"
}

@test "faults: with most device memory held elsewhere, what fits still runs, the default scaled down with a note" {
	require_gpu
	start_hog 2048
	run_split "$GPUPERF" --csv bandwidth --kernel copy --reps 3
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"free: using"* ]]
	[ "$(wc -l <<<"$output")" -ge 2 ]
}

@test "faults: a device allocation that fails at run time is exit 1, a message, no rows, no file" {
	require_gpu
	start_hog 1024
	# pcie checks sizes against the device's total memory: this one fails in cudaMalloc
	run_split "$GPUPERF" -o "$BATS_TEST_TMPDIR/out.csv" pcie --memory pinned --direction h2d \
		--size 4G --reps 2
	assert_failed 1 "cannot allocate 4 GiB of device memory"
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep out.csv)" ]
}

@test "faults: an allocation or launch failing mid-sweep is exit 1 with the CUDA error, no rows" {
	require_gpu
	local f
	while IFS='|' read -r f cmd; do
		# shellcheck disable=SC2086
		GPUPERF_FAULT=$f run_split "$GPUPERF" --csv --no-counters $cmd
		echo "== GPUPERF_FAULT=$f gpuperf $cmd"
		assert_failed 1 "(cudaErrorMemoryAllocation|cudaErrorLaunchFailure).*injected by GPUPERF_FAULT"
	done <<-'EOF2'
	cudaMalloc:3|bandwidth --kernel copy,triad --size 16M-64M:x2 --reps 3
	timed launch:5|bandwidth --kernel copy,triad --size 16M-64M:x2 --reps 3
	verify launch:2|bandwidth --kernel copy,triad --size 16M-64M:x2 --reps 3
	cudaMalloc:2|coalesce --size 16M --pattern stride --stride 1-8
	timed launch:4|coalesce --size 16M --pattern stride --stride 1-8
	cudaMalloc:1|banks --stride 1-4
	timed launch:3|banks --stride 1-4
	gate kernel launch:3|pcie --memory pinned --size 1M-16M:x4 --reps 2
	check kernel launch:2|pcie --memory pinned --size 1M-16M:x4 --reps 2
	EOF2
}

@test "faults: after a failure mid-sweep, no device memory is left allocated (compute-sanitizer leak check)" {
	require_gpu
	local cs f cmd log=$BATS_TEST_TMPDIR/cs.log
	cs=$(find_sanitizer) || skip "compute-sanitizer not found"
	while IFS='|' read -r f cmd; do
		echo "== GPUPERF_FAULT=$f gpuperf $cmd"
		# shellcheck disable=SC2086
		GPUPERF_FAULT=$f run "$cs" --tool memcheck --leak-check full --error-exitcode 99 \
			--log-file "$log" "$GPUPERF" -q --no-counters $cmd
		cat "$log"
		[ "$status" -eq 1 ]
		grep -q 'ERROR SUMMARY: 0 errors' "$log"
	done <<-'EOF2'
	cudaMalloc:3|bandwidth --kernel copy --size 16M --reps 2
	timed launch:2|bandwidth --kernel copy --size 16M --reps 2
	timed launch:2|coalesce --size 16M --pattern stride --stride 1-2
	timed launch:2|banks --stride 1-2
	check kernel launch:1|pcie --memory pinned,mapped --size 1M --reps 2
	EOF2
}

@test "faults: a pcie gate that times out warns, times the rest without it and still measures verified data" {
	require_gpu
	local f=$BATS_TEST_TMPDIR/pcie.csv c
	# the second gate gives up at once, as when queuing takes longer than its 5 s
	GPUPERF_FAULT="gate timeout:2" run_split "$GPUPERF" --csv --no-counters pcie \
		--direction h2d,d2h --memory pinned,mapped --size 1M-16M:x4 --reps 3 --warmup 1
	echo "status $status"
	echo "stderr: $stderr"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"timing without the gate"* ]]
	printf '%s\n' "$output" >"$f"
	c=$(csv_col "$f" bandwidth_gbs)
	# every direction x memory x size measured (exit 0: its data verified), at a plausible rate
	[ "$(awk -F, -v c="$c" 'NR > 1 && $c > 0.5' "$f" | wc -l)" -eq 12 ]
	[ "$(wc -l <"$f")" -eq 13 ]
}

@test "faults: gpuperf built without code for this GPU fails each launching command with exit 1" {
	require_gpu
	local cc arch bin cmd
	cc=$(nvidia-smi -i 0 --query-gpu=compute_cap --format=csv,noheader | head -n 1 | tr -d ' .')
	# SASS of another major version, no PTX: nothing the driver can run here
	if [ "${cc:0:1}" = 7 ]; then arch=90; else arch=75; fi
	bin=$ROOT/build/noimage-sm$arch/gpuperf
	run make -s -C "$ROOT" NOIMAGE_ARCH=$arch "build/noimage-sm$arch/gpuperf"
	[ "$status" -eq 0 ] || { echo "$output"; false; }
	for cmd in "bandwidth --size 16M --reps 2" "coalesce --size 16M" "banks" \
		"pcie --size 1M --reps 2" "occupancy --check-runtime"; do
		echo "== $cmd"
		# shellcheck disable=SC2086
		run_split "$bin" --no-counters $cmd
		assert_failed 1 "no kernel image|cudaErrorNoKernelImageForDevice|cudaErrorInvalidDeviceFunction"
	done
	# info still describes the device; only the measured SM clock needs a kernel
	run_split "$bin" info
	echo "$output$stderr"
	[ "$status" -le 1 ]
}

@test "faults: a CUPTI failing mid-session is exit 4 under --counters require, no rows" {
	require_gpu
	[ -f "$SHIM" ] || skip "no CUPTI shim (no libcupti in the toolkit)"
	require_counters  # they fail in mid-session: they must work first
	local fn
	# the shim forwards faithfully when told nothing: the counters are there
	GPUPERF_CUPTI_LIB=$SHIM run_split "$GPUPERF" --csv --counters require banks --stride 1-2
	echo "$stderr"
	[ "$status" -eq 0 ]
	col=$(csv_col <(echo "$output") measured_wavefronts_per_request)
	[ -n "$(awk -F, -v c="$col" 'NR == 2 { print $c }' <<<"$output")" ]
	for fn in cuptiRangeProfilerStart:1 cuptiRangeProfilerStop:1 cuptiRangeProfilerDecodeData:1 \
		cuptiProfilerHostEvaluateToGpuValues:2; do
		echo "== GPUPERF_CUPTI_FAIL=$fn"
		GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=$fn run_split "$GPUPERF" --csv \
			--counters require banks --stride 1-2
		assert_failed 4 "counters"
	done
}

@test "faults: a CUPTI failing mid-session under --counters auto warns and leaves the counter columns empty" {
	require_gpu
	[ -f "$SHIM" ] || skip "no CUPTI shim (no libcupti in the toolkit)"
	require_counters  # they fail in mid-session: they must work first
	GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=cuptiRangeProfilerDecodeData:1 \
		run_split "$GPUPERF" --csv banks --stride 1-2
	echo "$output"; echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"gpuperf: warning: hardware counters unavailable"* ]]
	col=$(csv_col <(echo "$output") measured_wavefronts_per_request)
	[ -z "$(awk -F, -v c="$col" 'NR > 1 && $c != "" { print }' <<<"$output")" ]
	[ "$(wc -l <<<"$output")" -ge 3 ]
}

@test "faults: latency's bracketed ranges failing mid-session: a warning and empty columns, or exit 4" {
	require_gpu
	[ -f "$SHIM" ] || skip "no CUPTI shim (no libcupti in the toolkit)"
	require_counters  # they fail in mid-session: they must work first
	local fn
	for fn in cuptiRangeProfilerPushRange:3 cuptiRangeProfilerPopRange:2; do
		echo "== GPUPERF_CUPTI_FAIL=$fn"
		GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=$fn run_split "$GPUPERF" --csv latency \
			--size 4K-64K:x4 --level l1
		echo "$output"; echo "$stderr"
		[ "$status" -eq 0 ]
		[[ "$stderr" == *"gpuperf: warning: hardware counters unavailable"*"cuptiRangeProfiler"* ]]
		echo "$output" >"$BATS_TEST_TMPDIR/lat.csv"
		hits=$(field "$BATS_TEST_TMPDIR/lat.csv" l1_hit_pct '$c != ""')
		[ -z "$hits" ]
		[ "$(field "$BATS_TEST_TMPDIR/lat.csv" verified 1 | sort -u)" = yes ]
		GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=$fn run_split "$GPUPERF" --csv \
			--counters require latency --size 4K-64K:x4 --level l1
		assert_failed 4 "counters"
	done
}

@test "faults: a missing CUPTI is exit 4 under --counters require and a warning otherwise" {
	require_gpu
	GPUPERF_CUPTI_LIB=/nonexistent/libcupti.so.13 run_split "$GPUPERF" --counters require banks --stride 1
	assert_failed 4 "CUPTI library not found"
	GPUPERF_CUPTI_LIB=/nonexistent/libcupti.so.13 run_split "$GPUPERF" --csv coalesce --size 16M --pattern stride --stride 1
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"warning: hardware counters unavailable: CUPTI library not found"* ]]
}
