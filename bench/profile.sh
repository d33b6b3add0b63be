#!/usr/bin/env bash
# What gpuperf profile costs (issue 27, item 5), in one run, for three
# workloads:
#
#   cupy       tests/apps/cupy-small.py: 26 kernels, 80 short launches, 68
#              of them profiled (--launches 3), where python3 has cupy;
#   torch      tests/apps/torch-gemm.py: cuBLAS GEMMs (FP16, FP32) and
#              elementwise kernels, where python3 has torch;
#   transpose  build/tests/apps/transpose: 3 kernels, 15 launches.
#
# For each: the program alone (warm: one run first, untimed, so CuPy's
# JIT cache and the driver's are filled; then the median of 3), gpuperf
# profile with the default set (light, one pass) and with --set full
# (three passes), each the median of 3, and ncu reading the same metrics
# as each set (--clock-control none, --cache-control none: gpuperf neither
# locks clocks nor flushes caches; ncu profiles every launch, as a user
# who types `ncu --metrics ...` gets; once each).  A -v run of each set
# gives the per-launch median the library reports.
#
# Targets (issue 27, item 5): cupy under 2x plain (light); torch under
# 1.3x plain (light); a median of at most 20 ms per profiled launch where
# the set takes one pass; faster than ncu with the same metrics, both sets.
# Exit status 1 when a target fails.  Logs under $OUT/profile (default
# device-logs/profile).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/profile
mkdir -p "$out"
status=0

make -s gpuperf build/lib/gpuperf/libgpuperf-inject.so build/tests/profile-driver \
	build/tests/apps/transpose || exit 1

now() { date +%s.%N; }

# secs CMD...: wall seconds of one run (stdout and stderr to $out/last.*).
secs() {
	local a b
	a=$(now)
	"$@" >"$out/last.out" 2>"$out/last.err" || echo "  (exit status $? from $*)" >&2
	b=$(now)
	awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b - a }'
}

# median3 CMD...: the median of three runs.
median3() {
	local t=()
	for _ in 1 2 3; do
		t+=("$(secs "$@")")
	done
	printf '%s\n' "${t[@]}" | sort -n | sed -n 2p
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# check WHAT CMD...: print a target's verdict, CMD's status; a failure makes
# the exit status 1.
check() {
	local what=$1
	shift
	if "$@"; then
		echo "  target $what: PASS"
	else
		echo "  target $what: FAIL"
		status=1
	fi
}

# shellcheck disable=SC2317  # lt and le: called through check
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 < b + 0) }'; }
# shellcheck disable=SC2317
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 <= b + 0) }'; }

chip=$(./gpuperf -v info 2>&1 | sed -n 's/.*device 0 is chip \([A-Z0-9]*\).*/\1/p' | head -n 1)

# run NAME MAXRATIO CMD...: the workload's figures beside its targets
# (MAXRATIO: the most profile --set light may cost over plain; "-" none).
run() {
	local name=$1 max=$2 plain t r med passes ncu_t
	shift 2
	echo "== $name: $*"
	secs "$@" >/dev/null   # warm-up: JIT caches, the driver's
	plain=$(median3 "$@")
	echo "  plain (warm, median of 3)           $plain s"
	for set in light full; do
		t=$(median3 ./gpuperf -o "$out/$name.$set.txt" profile --set "$set" -- "$@")
		r=$(ratio "$t" "$plain")
		secs ./gpuperf -v -o "$out/$name.$set.v.txt" profile --set "$set" -- "$@" >/dev/null
		cp "$out/last.err" "$out/$name.$set.v.err"
		med=$(sed -n 's/.*median \([0-9.]*\) ms a launch.*/\1/p' "$out/$name.$set.v.err" | tail -n 1)
		passes=$(sed -n 's/.*ms a launch (the first [0-9.]* ms); \([0-9]*\) pass.*/\1/p' \
			"$out/$name.$set.v.err" | tail -n 1)
		echo "  gpuperf profile --set $set: $t s (${r}x plain); -v: $passes pass(es)," \
			"median $med ms per profiled launch"
		grep -hE 'profiled launch.* took|counters were read in' "$out/$name.$set.v.err" |
			sed 's/^/    /'
		grep -h 'launch of' "$out/$name.$set.v.err" | sed -n '1p;2p;$p' | cut -c1-300 | sed 's/^/    /'
		if [ "$set" = light ] && [ "$max" != - ]; then
			check "light at most ${max}x plain" le "$r" "$max"
		fi
		if [ "$passes" = 1 ]; then
			check "$set: at most 20 ms per profiled launch (one pass)" le "$med" 20
		fi
		if command -v ncu >/dev/null 2>&1; then
			ncu_t=$(secs ncu --clock-control none --cache-control none \
				--metrics "$(build/tests/profile-driver -M "$set" "$chip")" --csv "$@")
			cp "$out/last.out" "$out/$name.$set.ncu.csv"
			echo "  ncu, the same $set metrics, every launch: $ncu_t s ($(ratio "$ncu_t" "$plain")x" \
				"plain, $(grep -c '"gpu__time_duration.sum"' "$out/$name.$set.ncu.csv") launches)"
			check "$set faster than ncu" lt "$t" "$ncu_t"
		else
			echo "  ncu: not installed"
		fi
	done
}

if python3 -c 'import cupy; cupy.zeros(1)' 2>/dev/null; then
	run cupy 2 python3 tests/apps/cupy-small.py
else
	echo "== cupy: python3 has no working cupy here; skipped"
fi
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
	run torch 1.3 python3 tests/apps/torch-gemm.py
else
	echo "== torch: python3 has no CUDA-enabled torch here; skipped"
fi
run transpose - build/tests/apps/transpose
exit $status
