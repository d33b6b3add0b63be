#!/usr/bin/env bats
# Every probe clean under compute-sanitizer (issue 10): memcheck with leak
# checking, racecheck where kernels share memory, initcheck.  Small sizes
# keep the instrumented runs short; counters are off (the sanitizer and the
# profiler both instrument launches, and the counters are tested elsewhere).

load lib

find_sanitizer() {
	local c
	for c in "$(command -v compute-sanitizer 2>/dev/null)" \
		"${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer" \
		/usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
		[ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
	done
	return 1
}

# One command per probe, quick settings.
PROBES=(
	"info"
	"bandwidth --size 8M --reps 2 --warmup 1"
	"bandwidth --kernel read,copy --width 4,8 --size 8M --reps 2 --warmup 1 --cold"
	"coalesce --size 8M --stride 1,2,32 --offset 0,1"
	"banks --stride 1,2,32"
	"occupancy --check-runtime"
	"pcie --memory all --size 1M --reps 2 --warmup 1"
	"pcie --overlap --size 4M --reps 2"
)

# sanitize TOOL [tool options]: run every probe under it; all must be clean.
sanitize() {
	local cs tool=$1 log=$BATS_TEST_TMPDIR/cs.log p
	shift
	cs=$(find_sanitizer) || skip "compute-sanitizer not found"
	for p in "${PROBES[@]}"; do
		[ -n "${ONLY:-}" ] && [[ "$p" != $ONLY* ]] && continue
		echo "== $tool: gpuperf $p"
		# shellcheck disable=SC2086
		run timeout 300 "$cs" --tool "$tool" "$@" --error-exitcode 99 --log-file "$log" \
			"$GPUPERF" -q --no-counters $p
		grep 'ERROR SUMMARY' "$log" || cat "$log"
		[ "$status" -eq 0 ] || { echo "status $status"; tail -n 40 "$log"; echo "$output" | tail -n 5; false; }
		grep -q 'ERROR SUMMARY: 0 errors' "$log"
	done
}

@test "sanitizer: every probe is clean under memcheck, leaks included" {
	require_gpu
	sanitize memcheck --leak-check full
}

@test "sanitizer: the shared-memory probes are clean under racecheck" {
	require_gpu
	ONLY="banks" sanitize racecheck
	ONLY="coalesce" sanitize racecheck
	ONLY="occupancy" sanitize racecheck
}

@test "sanitizer: every probe is clean under initcheck" {
	require_gpu
	sanitize initcheck
}
