#!/usr/bin/env bash
# One batched run on a GPU machine: build, the GPU tests, the benchmarks,
# with logs under $OUT (or ./device-logs).  Usage:
#
#   bench/device-run.sh [tests|bench|all] [STEP...]      (default all)
#
# STEPs pick and order the work: a GPU test file (faults for
# tests/gpu/faults.bats) or a benchmark (bench:pcie for bench/pcie.sh);
# without STEPs, every test file, then every benchmark.  Each step has its
# own time limit (STEP_TIMEOUT, default 300 s) and its log is written as it
# runs, so a step that hangs costs its limit, not the run.  For example,
# `bench/device-run.sh all latency bench:latency` runs tests/gpu/latency.bats
# and bench/latency.sh (give it STEP_TIMEOUT=600: gb-latency's sweep to 1 GiB
# is long; PEER_TIMEOUT bounds each peer inside it).
# GPU_ARCHS defaults to the local GPU's architecture to keep the build short.
# The summary has each test file's passed, failed and skipped (skips by
# reason), the totals, and the files and benchmarks that failed; the exit
# status is non-zero when any did.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# Logs go to device-logs/; $OUT (the device tool's return folder, which takes
# few files) gets the summary, the test log and one archive of everything.
out=device-logs
rm -rf "$out"
mkdir -p "$out"
ret=${OUT:-}
pack() {
	[ -n "$ret" ] || return 0
	cp "$out/summary.txt" "$ret/" 2>/dev/null
	cp "$out/test-gpu.log" "$ret/" 2>/dev/null
	tar czf "$ret/device-logs.tgz" "$out"
}
trap pack EXIT
trap 'exit 143' TERM
export OUT=$PWD/$out  # the benchmarks keep their files beside these logs
[ -d .devtools/usr/bin ] && export PATH=$PWD/.devtools/usr/bin:$PATH
what=${1:-all}
shift
steps=("$@")
if [ "${#steps[@]}" -eq 0 ]; then
	if [ "$what" = tests ] || [ "$what" = all ]; then
		for f in tests/gpu/*.bats; do steps+=("$(basename "$f" .bats)"); done
	fi
	if [ "$what" = bench ] || [ "$what" = all ]; then
		for b in bench/*.sh; do
			case $b in bench/device-run.sh | bench/*-lib.sh) continue ;; esac  # no benchmarks
			steps+=("bench:$(basename "$b" .sh)")
		done
	fi
fi

arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
export GPU_ARCHS=${GPU_ARCHS:-${arch:-90}}

{
	echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1)"
	echo "== build (GPU_ARCHS=$GPU_ARCHS)"
} | tee "$out/summary.txt"
if ! make -j"$(nproc)" gpuperf gpu-test-deps >"$out/build.log" 2>&1; then
	tail -n 40 "$out/build.log"
	exit 1
fi
./gpuperf info >"$out/info.txt" 2>&1

# Without a GPU, or without counters, the GPU tests fail rather than skip.
export GPUPERF_REQUIRE_GPU=1 GPUPERF_REQUIRE_COUNTERS=1 GPUPERF=$PWD/gpuperf
# A step past its limit gets TERM, and KILL 10 s later (timeout -k) with every
# process of its group: a profiled program that outlives ncu would keep the
# GPU's counters from the next step.
passed=0 failed=0 skipped=0   # the GPU tests', over every file
bad=()                        # test files and benchmarks that failed
for s in "${steps[@]}"; do
	t0=$SECONDS
	case $s in
	bench:*)
		b=${s#bench:}
		echo "== bench/$b.sh" | tee -a "$out/summary.txt"
		timeout -k 10 "${STEP_TIMEOUT:-300}" bash "bench/$b.sh" >"$out/$b.log" 2>&1
		rc=$?
		echo "exit $rc" >>"$out/$b.log"
		tail -n 25 "$out/$b.log" | tee -a "$out/summary.txt"
		[ "$rc" -eq 0 ] || bad+=("bench/$b.sh (exit $rc)")
		;;
	*)
		# tests/run.sh counts the file's results and holds them to its plan
		# and exit status; the raw TAP goes to test-gpu.log
		f=tests/gpu/$s.bats
		echo "== $f" | tee -a "$out/summary.txt"
		TAP_LOG=$out/test-gpu.log timeout -k 10 "${STEP_TIMEOUT:-300}" tests/run.sh "$f" >"$out/run-$s.log" 2>&1
		rc=$?
		# its not ok lines, diagnostics and counts (the list of failures repeats them)
		sed -e '/^== failures$/,/^== summary$/d' -e '/^== /d' -e '/^total: /d' "$out/run-$s.log" |
			tee -a "$out/summary.txt"
		if [[ "$(tail -n 1 "$out/run-$s.log")" =~ ^total:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
			passed=$((passed + BASH_REMATCH[1])) failed=$((failed + BASH_REMATCH[2]))
			skipped=$((skipped + BASH_REMATCH[3]))
		else
			failed=$((failed + 1))
			echo "$f: no total (exit $rc$([ "$rc" -ne 124 ] || echo ": timed out"))" | tee -a "$out/summary.txt"
		fi
		[ "$rc" -eq 0 ] || bad+=("$f (exit $rc)")
		;;
	esac
	echo "   ($((SECONDS - t0)) s)" | tee -a "$out/summary.txt"
	pack  # after every step, in case the run is cut short
done
{
	echo "== GPU tests: $passed passed, $failed failed, $skipped skipped"
	[ "${#bad[@]}" -eq 0 ] || printf 'failed: %s\n' "${bad[@]}"
} | tee -a "$out/summary.txt"
[ "${#bad[@]}" -eq 0 ]
