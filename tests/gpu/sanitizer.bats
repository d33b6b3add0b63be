#!/usr/bin/env bats
# Every probe clean under compute-sanitizer (issue 10): memcheck with leak
# checking, racecheck where kernels share memory, initcheck.  Small sizes
# keep the instrumented runs short; counters are off (the sanitizer and the
# profiler both instrument launches, and the counters are tested elsewhere).

load lib

# One command per probe, quick settings.
PROBES=(
	"info"
	"bandwidth --size 8M --reps 2 --warmup 1"
	"bandwidth --kernel read,copy --width 4,8 --size 8M --reps 2 --warmup 1 --cold"
	"bandwidth --kernel read,triad --size 64M --reps 2 --warmup 1 --layout flat"
	"coalesce --size 8M --stride 1,2,32 --offset 0,1"
	"banks --stride 1,2,32"
	"occupancy --check-runtime"
	"pcie --memory all --size 1M --reps 2 --warmup 1"
	"pcie --overlap --size 4M --reps 2"
	"latency --size 8K-1M:x8 --level l1,l2,shared,host,memcpy"
)

# The kernels that share memory between threads, for racecheck: its
# instrumented shared accesses are slow (the default banks run takes more
# than 5 minutes), so each runs one pattern and racecheck checks only the
# first launches (the rest repeat the same kernel).
SHARED=(
	"banks --pattern stride --stride 2"
	"banks --pattern transpose"
	"coalesce --size 8M --pattern transpose"
	"bandwidth --kernel read --size 8M --reps 2 --warmup 1"
	"occupancy --check-runtime"
)

# sanitize TOOL [tool options] -- PROBE...: run each probe under TOOL; all
# must be clean.  Every probe runs even after a failure, for the log.
sanitize() {
	local cs tool=$1 log=$BATS_TEST_TMPDIR/cs.log p opts=() failed=()
	shift
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	cs=$(find_sanitizer) || skip "compute-sanitizer not found"
	for p in "$@"; do
		local extra=()
		# occupancy's check asks for launches the runtime must refuse: those
		# API errors are its results, not faults
		[[ "$p" == occupancy* ]] && extra=(--report-api-errors no)
		echo "== $tool: gpuperf $p"
		# shellcheck disable=SC2086
		run timeout "${SANITIZER_TIMEOUT:-240}" "$cs" --tool "$tool" "${opts[@]}" "${extra[@]}" --error-exitcode 99 \
			--log-file "$log" "$GPUPERF" -q --no-counters $p
		# memcheck and initcheck end with "ERROR SUMMARY: N errors",
		# racecheck with "RACECHECK SUMMARY: N hazards displayed (N errors, ...)"
		grep 'SUMMARY' "$log" || tail -n 5 "$log"
		if [ "$status" -ne 0 ] || ! grep -Eq 'ERROR SUMMARY: 0 errors|SUMMARY: 0 hazards displayed \(0 errors' "$log"; then
			echo "status $status"
			grep -v '^=========         Host Frame' "$log" | head -n 30
			echo "gpuperf said: $(tail -n 5 <<<"$output")"
			failed+=("$p")
		fi
	done
	[ "${#failed[@]}" -eq 0 ] || { echo "not clean under $tool:"; printf '  gpuperf %s\n' "${failed[@]}"; false; }
}

@test "sanitizer: every probe is clean under memcheck, leaks included" {
	require_gpu
	sanitize memcheck --leak-check full -- "${PROBES[@]}"
}

@test "sanitizer: the shared-memory kernels are clean under racecheck" {
	require_gpu
	SANITIZER_TIMEOUT=90 sanitize racecheck --launch-count 2 -- "${SHARED[@]}"
}

@test "sanitizer: every probe is clean under initcheck" {
	require_gpu
	sanitize initcheck -- "${PROBES[@]}"
}
