#!/usr/bin/env bats
# The profiling library of gpuperf profile on a GPU, driven without the
# command (build/tests/profile-driver runs the program with the library,
# decodes and analyses the records): the figures of tests/apps' kernels
# equal what theory and gpuperf's own probes say, the verdicts name the
# right problem, and a program whose profiling fails still runs to its end
# with its own output and exit status.  tests/gpu/profile.bats checks the
# same through `gpuperf profile` once the command exists.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
DRIVER=$ROOT/build/tests/profile-driver
APPS=$ROOT/build/tests/apps
SHIM=$ROOT/build/tests/cupti-shim/libcupti-failshim.so

setup() {
	require_gpu
	[ -x "$DRIVER" ] && [ -x "$APPS/coalesced" ] ||
		{ echo "build them first: make gpu-test-deps" >&2; return 1; }
}

# drive NAME [DRIVER OPTIONS] -- APP ARGS: run once per test file (cached
# under NAME); $OUT is the report, $OUT.stdout/.stderr/.status the rest.
drive() {
	local name=$1
	shift
	OUT=$BATS_FILE_TMPDIR/$name.tsv
	if [ ! -e "$OUT.status" ]; then
		local rc=0  # the program's failure is a result here, not the test's (set -e)
		"$DRIVER" -o "$OUT" "$@" >"$OUT.stdout" 2>"$OUT.stderr" || rc=$?
		echo "$rc" >"$OUT.status"
	fi
	echo "== $name: status $(cat "$OUT.status")"
	cat "$OUT.stderr"
}

# get KERNEL FIELD: one figure of the report ("-" for the run's own).
get() {
	awk -F'\t' -v k="$1" -v f="$2" '$1 == k && $2 == f { print $3; exit }' "$OUT"
}

status() {
	cat "$OUT.status"
}

# profiled KERNEL: a launch of KERNEL was profiled with counters; else
# fail with the report's note.  Tests call require_counters (lib.bash)
# first: a broken library profiles nothing, and that is a failure.
profiled() {
	local p
	p=$(get "$1" launches_profiled)
	if [ -z "$p" ] || [ "$p" = 0 ]; then
		echo "no launch of $1 profiled with counters: $(grep -m1 'note' "$OUT" | cut -f3)" >&2
		return 1
	fi
}

# is FIGURE WANT WHAT: exact equality of numbers, with the figure shown.
is() {
	echo "$3: $1 (want $2)"
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 == b + 0) }'
}

# near FIGURE WANT TOLERANCE WHAT
near() {
	echo "$4: $1 (want $2 +- $3)"
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= t) }'
}

@test "coalesced copy: 4 sectors per request both ways, 3 of 5 launches profiled, nothing wasted" {
	drive coalesced -- "$APPS/coalesced"
	[ "$(status)" = 0 ]
	[ ! -s "$OUT.stdout" ]
	k=copy_coalesced
	is "$(get $k launches)" 5 launches
	require_counters
	profiled $k
	is "$(get $k launches_profiled)" 3 "profiled (the default limit)"
	is "$(get $k load_sectors_per_request)" 4 "load sectors/request"
	is "$(get $k load_ideal_sectors_per_request)" 4 "ideal for 4-byte lanes"
	is "$(get $k store_sectors_per_request)" 4 "store sectors/request"
	is "$(get $k load_efficiency_pct)" 100 "load efficiency"
	# 3 launches x 64 MiB read (L2 keeps a little between replay passes)
	near "$(get $k dram_read_bytes)" $((3 * 67108864)) $((3 * 67108864 * 15 / 100)) "DRAM read"
	awk -v t="$(get $k gpu_time_ms)" 'BEGIN { exit !(t > 0) }'
	[[ "$(get $k verdict)" =~ ^(memory_bound|latency_bound)$ ]]
	[ "$(get $k registers_per_thread)" -gt 0 ]
	[ "$(get $k grid)" = 65536x1x1 ] && [ "$(get $k block)" = 256x1x1 ]
}

@test "the same program linked with the shared CUDA runtime is profiled the same" {
	drive coalesced-shared -- "$APPS/coalesced-shared"
	[ "$(status)" = 0 ]
	require_counters
	profiled copy_coalesced
	is "$(get copy_coalesced load_sectors_per_request)" 4 "load sectors/request"
}

@test "offset-by-one copy: 5 load sectors per request, as gpuperf coalesce measures; verdict points at the offset probe" {
	drive offset -- "$APPS/offset"
	k=copy_offset
	require_counters
	profiled $k
	is "$(get $k load_sectors_per_request)" 5 "load sectors/request"
	is "$(get $k store_sectors_per_request)" 4 "store sectors/request"
	[ "$(get $k verdict)" = load_coalescing ]
	[ "$(get $k verdict_command)" = "gpuperf coalesce --pattern offset --offset 1" ]
	run "$GPUPERF" --csv coalesce --pattern offset --offset 1 --op load --size 256M
	[ "$status" -eq 0 ]
	echo "$output" >"$BATS_TEST_TMPDIR/c.csv"
	probe=$(field "$BATS_TEST_TMPDIR/c.csv" measured_sectors_per_request 1)
	[ -n "$probe" ] || { echo "gpuperf coalesce read no counters"; return 1; }
	is "$(get $k load_sectors_per_request)" "$probe" "equal to gpuperf coalesce's"
}

@test "stride-4 and stride-2 copies: 16 and 8 load sectors per request, verdict names the stride" {
	drive stride4 -- "$APPS/stride" 4
	require_counters
	profiled copy_stride
	is "$(get copy_stride load_sectors_per_request)" 16 "stride 4"
	[ "$(get copy_stride verdict_command)" = "gpuperf coalesce --pattern stride --stride 4" ]
	run "$GPUPERF" --csv coalesce --pattern stride --stride 4 --op load --size 256M
	echo "$output" >"$BATS_TEST_TMPDIR/c.csv"
	probe=$(field "$BATS_TEST_TMPDIR/c.csv" measured_sectors_per_request 1)
	[ -n "$probe" ] || { echo "gpuperf coalesce read no counters"; return 1; }
	is "$(get copy_stride load_sectors_per_request)" "$probe" "= gpuperf coalesce"
	drive stride2 -- "$APPS/stride" 2
	is "$(get copy_stride load_sectors_per_request)" 8 "stride 2"
	[ "$(get copy_stride verdict)" = load_coalescing ]
}

@test "AoS float3 read: 12 sectors per request where 4 would do, like stride 3" {
	drive aos -- "$APPS/aos"
	k=aos_sum
	require_counters
	profiled $k
	is "$(get $k load_sectors_per_request)" 12 "load sectors/request"
	is "$(get $k load_ideal_sectors_per_request)" 4 "ideal"
	near "$(get $k load_efficiency_pct)" 33.33 0.1 "efficiency"
	[ "$(get $k verdict)" = load_coalescing ]
	[[ "$(get $k verdict_command)" == *"--stride 3"* ]]
}

@test "transposes: naive stores 32 sectors per request, tiled 32-way conflicts, padded clean" {
	drive transpose -- "$APPS/transpose"
	require_counters
	profiled transpose_naive
	is "$(get transpose_naive load_sectors_per_request)" 4 "naive loads"
	is "$(get transpose_naive store_sectors_per_request)" 32 "naive stores"
	[ "$(get transpose_naive verdict)" = store_coalescing ]
	[ "$(get transpose_naive verdict_command)" = "gpuperf coalesce --pattern transpose" ]
	# the hardware's count, as Nsight Compute reads it in the same run (bench/profile.sh
	# keeps its CSV): 32.25 wavefronts per request here, not the model's 32
	near "$(get 'transpose_tiled<0>' shared_load_wavefronts_per_request)" 32 0.4 "unpadded tile"
	near "$(get 'transpose_tiled<0>' shared_load_ways)" 32 0.4 "32-way"
	[ "$(get 'transpose_tiled<0>' verdict)" = shared_load_conflicts ]
	near "$(get 'transpose_tiled<1>' shared_load_wavefronts_per_request)" 1 0.05 "padded tile"
	is "$(get 'transpose_tiled<1>' store_sectors_per_request)" 4 "padded stores"
	[[ "$(get 'transpose_tiled<1>' verdict)" =~ ^(memory_bound|latency_bound)$ ]]
}

@test "2-, 4- and 32-way bank conflicts: wavefronts per request within 1 % of the ways" {
	drive banks -- "$APPS/banks"
	require_counters
	profiled 'bank_conflict<2>'
	run "$GPUPERF" --csv banks --pattern stride --stride 2,4,32
	echo "$output" >"$BATS_TEST_TMPDIR/b.csv"
	for s in 2 4 32; do
		k="bank_conflict<$s>"
		tol=$(awk -v s="$s" 'BEGIN { print s / 100 }')
		# a program's count is the hardware's, as ncu reads it (2.014 for 2-way on the
		# H100, a few loads per thread); gpuperf banks' long loop reads 2.00
		near "$(get "$k" shared_load_wavefronts_per_request)" $s "$tol" "$k wavefronts/request"
		near "$(get "$k" shared_load_ways)" $s "$tol" "$k ways"
		near "$(get "$k" shared_load_conflicts_per_request)" $((s - 1)) "$tol" "$k conflicts/request"
		[ "$(get "$k" verdict)" = shared_load_conflicts ]
		probe=$(field "$BATS_TEST_TMPDIR/b.csv" measured_wavefronts_per_request "\$$(csv_col "$BATS_TEST_TMPDIR/b.csv" stride) == $s && \$$(csv_col "$BATS_TEST_TMPDIR/b.csv" width_bytes) == 4" | head -n 1)
		[ -n "$probe" ] || { echo "gpuperf banks read no counters"; return 1; }
		near "$(get "$k" shared_load_wavefronts_per_request)" "$probe" "$tol" "~ gpuperf banks"
	done
	[ "$(get 'bank_conflict<2>' verdict_command)" = "gpuperf banks --pattern stride --stride 2" ]
	[ "$(get 'bank_conflict<32>' verdict_command)" = "gpuperf banks --pattern transpose" ]
}

@test "register-heavy kernel: occupancy held by registers, achieved within 5 points of theoretical" {
	drive registers -- "$APPS/registers"
	k=registers_heavy
	require_counters
	profiled $k
	regs=$(get $k registers_per_thread)
	[ "$regs" -gt 64 ]
	# its FMAs may keep the pipe busy with few warps: then compute-bound, not an occupancy verdict
	if [ "$(get $k bound)" = compute ]; then
		[ "$(get $k verdict)" = compute_bound ]
	else
		[ "$(get $k verdict)" = occupancy_limit ]
	fi
	[ "$(get $k occupancy_limiter)" = registers ]
	[[ "$(get $k occupancy_next_step)" == "<= "*" registers per thread would allow "* ]]
	# the same calculator, asked directly
	cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader -i "${GPUPERF_DEVICE:-0}" | head -n 1)
	run "$GPUPERF" --csv occupancy --cc "$cc" --threads 128 --regs "$regs"
	echo "$output" >"$BATS_TEST_TMPDIR/o.csv"
	is "$(get $k theoretical_occupancy_pct)" "$(field "$BATS_TEST_TMPDIR/o.csv" occupancy_pct 1 | head -n 1)" "theoretical = gpuperf occupancy"
	near "$(get $k achieved_occupancy_pct)" "$(get $k theoretical_occupancy_pct)" 5 "achieved"
}

@test "a kernel that faults: the program reports it and exits as it does unprofiled" {
	run "$APPS/fault"
	own=$status
	[ "$own" -eq 2 ]
	drive fault -- "$APPS/fault"
	[ "$(status)" = "$own" ]
	[ "$(cat "$OUT.stdout")" = "before the fault" ]
	grep -q '^fault: ' "$OUT.stderr"
}

@test "a program that launches no kernel: status 0, its output, and the note" {
	drive nokernel -- "$APPS/nokernel"
	[ "$(status)" = 0 ]
	[ "$(cat "$OUT.stdout")" = "no kernel launched" ]
	[ "$(get - kernels)" = 0 ]
	[ "$(get - summary)" = "the program launched no kernel" ]
	is "$(get - processes)" 1 processes
	is "$(get - ended)" 1 "ended normally"
}

@test "a program that exits 3 after its kernels: status 3, kernels reported" {
	drive exit3 -- "$APPS/exit3"
	[ "$(status)" = 3 ]
	[ "$(cat "$OUT.stdout")" = "kernels done, exiting with 3" ]
	is "$(get scale3 launches)" 5 launches
}

@test "driver API with its own context: cuLaunchKernel and cuLaunchKernelEx profiled" {
	drive driver-api -- "$APPS/driver-api"
	[ "$(status)" = 0 ]
	grep -q '^driver API: 6 launches$' "$OUT.stdout"
	is "$(get scale launches)" 6 launches
	require_counters
	profiled scale
	is "$(get scale launches_profiled)" 3 profiled
	is "$(get scale load_sectors_per_request)" 4 "load sectors/request"
}

# relaunch_figures: the relaunch run ended well and profiled all 70 launches of each
# kernel, each with its own figure: a range read into the wrong launch's record
# would mix 4 and 8 sectors a request.
relaunch_figures() {
	[ "$(status)" = 0 ]
	require_counters
	profiled relaunch_copy
	is "$(get relaunch_copy launches_profiled)" 70 "copy profiled"
	is "$(get relaunch_stride2 launches_profiled)" 70 "stride-2 profiled"
	is "$(get relaunch_copy load_sectors_per_request)" 4 "copy loads"
	is "$(get relaunch_stride2 load_sectors_per_request)" 8 "stride-2 loads"
}

@test "70 profiled launches of two kernels in turn, read in batches: each launch its own figures" {
	drive relaunch -v -S light -l 70 -- "$APPS/relaunch" 70
	relaunch_figures
	# the first launch alone (the check), two batches of 64, the last 11 at the exit
	grep -h 'counters were read in' "$OUT" "$OUT.stderr"
	grep -q 'counters were read in 4 sessions' "$OUT" "$OUT.stderr"
}

@test "cudaDeviceReset mid-run: the launches before it are read with their context, those after on the new one" {
	drive relaunch-reset -S light -l 70 -- "$APPS/relaunch" 70 reset
	relaunch_figures
	[ "$(grep -c 'counters stopped\|counters unavailable' "$OUT")" -eq 0 ]
}

@test "driver API: the profiler leaves the primary context alone" {
	drive driver-api -- "$APPS/driver-api"
	grep '^primary context active' "$OUT.stdout"
	grep -q '^primary context active: 0$' "$OUT.stdout"
}

@test "two threads launching at once: both kernels profiled, no launch inside another's bracket" {
	drive threads -- "$APPS/threads"
	[ "$(status)" = 0 ]
	require_counters
	profiled thread_a
	is "$(get thread_a launches_profiled)" 3 "thread_a profiled"
	is "$(get thread_b launches_profiled)" 3 "thread_b profiled"
	[ "$(grep -c 'made [0-9]* ranges' "$OUT")" -eq 0 ]
	is "$(get thread_a store_sectors_per_request)" 4 "thread_a stores"
}

@test "a CUDA graph: its kernels timed and counted, not profiled; the capture undisturbed" {
	drive graph -- "$APPS/graph"
	[ "$(status)" = 0 ]
	is "$(get graph_step launches)" 10 "graph kernel runs"
	is "$(get graph_step launches_graph)" 10 "all from the graph"
	[ "$(get graph_step verdict)" = not_profiled ]
	awk -v t="$(get graph_step gpu_time_ms)" 'BEGIN { exit !(t > 0) }'
	is "$(get plain_step launches)" 1 "the plain launch"
}

@test "--launches 1 and 0: one profiled launch per kernel, or timing only" {
	drive limit1 -l 1 -- "$APPS/coalesced"
	require_counters
	profiled copy_coalesced
	is "$(get copy_coalesced launches_profiled)" 1 "-l 1"
	drive limit0 -l 0 -- "$APPS/coalesced"
	is "$(get copy_coalesced launches_profiled)" 0 "-l 0"
	is "$(get copy_coalesced launches)" 5 "still counted"
	awk -v t="$(get copy_coalesced gpu_time_ms)" 'BEGIN { exit !(t > 0) }'
}

@test "--kernel: only the matching kernel is profiled and shown" {
	drive filter -k 'bank_conflict<4>' -- "$APPS/banks"
	require_counters
	profiled 'bank_conflict<4>'
	[ -z "$(get 'bank_conflict<2>' launches)" ]
	is "$(get - kernels)" 3 "kernels seen"
}

@test "fail open: a CUPTI that does not load; the program runs, a note says why" {
	GPUPERF_CUPTI_LIB=/nonexistent/gpuperf-test drive nocupti -- "$APPS/exit3"
	[ "$(status)" = 3 ]
	[ "$(cat "$OUT.stdout")" = "kernels done, exiting with 3" ]
	grep -q 'CUPTI library not found' "$OUT"
	[ ! -s "$OUT.stderr" ] || ! grep -v '^profile-driver: ' "$OUT.stderr"
}

@test "fail open: counters refused (the Range Profiler fails to enable); kernels still timed" {
	[ -e "$SHIM" ] || skip "no CUPTI fail shim (make gpu-test-deps)"
	GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=cuptiRangeProfilerEnable:1 drive noperm -- "$APPS/exit3"
	[ "$(status)" = 3 ]
	is "$(get scale3 launches_profiled)" 0 "profiled"
	is "$(get scale3 launches)" 5 "launches"
	awk -v t="$(get scale3 gpu_time_ms)" 'BEGIN { exit !(t > 0) }'
	grep -q 'counters unavailable' "$OUT"
}

@test "fail open: CUPTI fails in mid-session (decode); the rest of the run goes on" {
	[ -e "$SHIM" ] || skip "no CUPTI fail shim (make gpu-test-deps)"
	GPUPERF_CUPTI_LIB=$SHIM GPUPERF_CUPTI_FAIL=cuptiRangeProfilerDecodeData:2 drive middecode -- "$APPS/transpose"
	[ "$(status)" = 0 ]
	is "$(get transpose_naive launches)" 5 "naive launches"
	is "$(get 'transpose_tiled<1>' launches)" 5 "padded launches"
}

@test "fail open: no subscription (GPUPERF_FAULT), no activity records: status and output kept" {
	GPUPERF_FAULT="inject subscribe:1" drive nosub -- "$APPS/exit3"
	[ "$(status)" = 3 ]
	grep -q 'nothing profiled: cuptiSubscribe failed' "$OUT"
	GPUPERF_FAULT="inject activity:1" drive noact -- "$APPS/coalesced"
	[ "$(status)" = 0 ]
	grep -q 'kernel times unavailable' "$OUT"
	require_counters
	profiled copy_coalesced
	is "$(get copy_coalesced load_sectors_per_request)" 4 "counters without activity"
}
