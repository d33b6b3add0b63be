#!/usr/bin/env bash
# What the warps wait on (issue 38, item 2): gpuperf profile's PC sampling
# beside Nsight Compute's WarpStateStats on the same launch, and what the
# sampling costs, in one run:
#
#   bench/stalls.sh [WORKLOAD...]     (default: $STALLS_WORKLOADS, else all below)
#
#   chase      build/tests/apps/chase 4096 200: a pointer chase (ours)
#   dfma       build/tests/apps/dfma: an FP64 chain (ours)
#   banks      build/tests/apps/banks: shared loads with conflicts (ours)
#   transpose  build/tests/apps/transpose (ours)
#   library    tests/apps/torch-library.py: cuBLAS, cuDNN, PyTorch's LayerNorm
#              and elementwise kernels (nobody's here)
#   softmax    bench/verdicts/triton_softmax.py 20: Triton and PyTorch
#   train      bench/verdicts/train_step.py TRAIN_STEPS (default 120): a
#              PyTorch training loop of some 5400 launches (cost only)
#
# gpuperf profile --stalls samples one launch of a kernel after its
# counted ones (its stall_launch column says which); ncu reads
# WarpStateStats on every launch, as gpuperf runs them (no cache flush,
# no clock lock), and bench/stalls.py takes the launch gpuperf sampled.
# It compares ncu's top stall's share with gpuperf's share of the same
# state, the target within 5 points; then the same against ncu's own PC
# samples (smsp__pcsamp_*, its source view's), gpuperf's method, to tell
# a sampling gap from a measuring one (not judged).  Cost (issue 38, item 5): the program
# alone, gpuperf profile with counters only (--no-stalls --no-patch), the
# default (the standard set; the kernels judged to wait sampled, one
# patched), the same with --set full (the hit rates too), with --no-patch
# and with --stalls (every kernel sampled), in
# three interleaved rounds (the median of each, and of each round's ratio
# to its own plain run), and ncu with the WarpStateStats and SourceCounters sections on each
# kernel's second launch, once (stopped at 3 times --stalls' time).
# STALLS_OPTS="--stalls --count-stalls" compares the warp states counted
# in a run of their own (the shares) instead of the samples'.
# Exit 1 when a comparison misses its target or a run fails.  Logs go to
# $OUT/stalls (default device-logs/stalls).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/stalls
mkdir -p "$out" || exit 1
apps=build/tests/apps
step_limit=${STEP_LIMIT:-150}
read -r -a work <<<"${*:-${STALLS_WORKLOADS:-chase dfma banks transpose library softmax train}}"
status=0

cmd_of() {
	case $1 in
	chase) echo "$apps/chase 4096 200" ;;
	dfma) echo "$apps/dfma" ;;
	banks) echo "$apps/banks" ;;
	transpose) echo "$apps/transpose" ;;
	library) echo "python3 tests/apps/torch-library.py" ;;
	softmax) echo "python3 bench/verdicts/triton_softmax.py 20" ;;
	train) echo "python3 bench/verdicts/train_step.py ${TRAIN_STEPS:-120}" ;;
	esac
}

. bench/timing-lib.sh

[ -x ./gpuperf ] || make -j"$(nproc)" gpuperf gpu-test-deps >/dev/null || exit 1
for w in "${work[@]}"; do
	read -r -a cmd <<<"$(cmd_of "$w")"
	[ "${#cmd[@]}" -gt 0 ] || { echo "unknown workload $w" >&2; exit 2; }
	echo "== $w: ${cmd[*]}"
	if [ "$w" != train ]; then
		# shellcheck disable=SC2086
		timeout -k 10 "$step_limit" ./gpuperf --csv -o "$out/$w.csv" profile ${STALLS_OPTS:---stalls} -- \
			"${cmd[@]}" >"$out/$w.gp.out" 2>"$out/$w.gp.err" || {
			echo "  gpuperf failed: $(tail -n 3 "$out/$w.gp.err")"
			status=1
		}
		timeout -k 10 "$step_limit" ncu --section WarpStateStats --cache-control none --clock-control none \
			--page raw --print-kernel-base mangled --csv "${cmd[@]}" >"$out/$w.ncu.csv" 2>"$out/$w.ncu.err" || {
			echo "  ncu failed: $(tail -n 3 "$out/$w.ncu.err")"
			status=1
		}
		python3 bench/stalls.py "$out/$w.csv" "$out/$w.ncu.csv"
		rc=$?
		[ "$rc" -eq 1 ] && status=1
		# ncu's own samples (its source view's), gpuperf's method: a sampling gap or a measuring one
		timeout -k 10 "$step_limit" ncu --metrics 'regex:^smsp__pcsamp_warps_issue_stalled_' \
			--cache-control none --clock-control none --page raw --print-kernel-base mangled \
			--csv "${cmd[@]}" >"$out/$w.pcsamp.csv" 2>"$out/$w.pcsamp.err" &&
			python3 bench/stalls.py "$out/$w.csv" "$out/$w.pcsamp.csv" | sed 's/^/  /'
	fi
	if [ "$w" = train ] || [ "$w" = softmax ]; then
		# Three rounds, each running every variant once: a lent machine's
		# launch rate drifts between minutes (the plain run moved 2.7 s in
		# one call), and interleaving makes every variant meet the drift
		# alike; each round's ratio is taken against its own plain run.
		tp=() tc=() td=() tf=() tn=() ts=() rc=() rd=() rf=() rn=() rs=()
		# one run first, not counted: on a fresh machine the first reads
		# Python and PyTorch from a cold page cache (12.7 s, then 8.8)
		secs "$step_limit" "${cmd[@]}" >/dev/null
		for _ in 1 2 3; do
			p=$(secs "$step_limit" "${cmd[@]}")
			c=$(secs "$step_limit" ./gpuperf profile --no-stalls --no-patch -o "$out/$w.cost.txt" -- "${cmd[@]}")
			d=$(secs "$step_limit" ./gpuperf profile -o "$out/$w.cost.txt" -- "${cmd[@]}")
			# the default (standard) set beside the full one, with the hit rates
			f=$(secs "$step_limit" ./gpuperf profile --set full -o "$out/$w.cost.txt" -- "${cmd[@]}")
			n=$(secs "$step_limit" ./gpuperf profile --no-patch -o "$out/$w.cost.txt" -- "${cmd[@]}")
			s=$(secs "$step_limit" ./gpuperf profile --stalls -o "$out/$w.cost.txt" -- "${cmd[@]}")
			echo "  round: plain $p s, counters only $c, default $d, --set full $f, --no-patch $n," \
				"--stalls $s"
			tp+=("$p") tc+=("$c") td+=("$d") tf+=("$f") tn+=("$n") ts+=("$s")
			rc+=("$(ratio "$c" "$p")") rd+=("$(ratio "$d" "$p")") rf+=("$(ratio "$f" "$p")")
			rn+=("$(ratio "$n" "$p")") rs+=("$(ratio "$s" "$p")")
		done
		plain=$(median "${tp[@]}") ctr=$(median "${tc[@]}") dflt=$(median "${td[@]}") full=$(median "${tf[@]}")
		nop=$(median "${tn[@]}") smp=$(median "${ts[@]}")
		# ncu is stopped at 3 times gpuperf's time (at least 30 s): slower than that is all we ask
		ncu_limit=$(awk -v t="$smp" 'BEGIN { l = 3 * t; printf "%d", (l > 30 ? l : 30) }')
		ncu_t=$(secs "$ncu_limit" ncu --section WarpStateStats --section SourceCounters \
			--cache-control none --clock-control none --kernel-name-base demangled \
			--kernel-id ::regex:.*:2 "${cmd[@]}")
		lt=$(awk -v a="$ncu_t" -v b="$ncu_limit" 'BEGIN { print (a < b - 0.5) }')
		[ "$lt" = 1 ] || ncu_t="> $ncu_limit"
		echo "  cost, medians: plain $plain s; counters only (--no-stalls --no-patch) $ctr s" \
			"($(median "${rc[@]}")x); default $dflt s ($(median "${rd[@]}")x);" \
			"--set full $full s ($(median "${rf[@]}")x);" \
			"--no-patch $nop s ($(median "${rn[@]}")x); --stalls $smp s ($(median "${rs[@]}")x);" \
			"ncu WarpStateStats+SourceCounters on the same launches $ncu_t s"
	fi
done
exit "$status"
