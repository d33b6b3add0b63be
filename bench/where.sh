#!/usr/bin/env bash
# Where a memory or bank verdict sits (issue 38, item 1): gpuperf
# profile's per-instruction counts of its one patched launch beside Nsight
# Compute's source view (SourceCounters) of the same launch, in one run:
#
#   bench/where.sh [WORKLOAD...]     (default: all below)
#
#   transpose  build/tests/apps/transpose: the naive store (ours)
#   banks      build/tests/apps/banks, -k 'bank_conflict<32>': a 32-way
#              conflict on shared loads (ours)
#   layernorm  bench/verdicts/layernorm.py 20: PyTorch's LayerNorm forward,
#              whose global loads ncu finds about 55 % excessive (nobody's here)
#   train      bench/verdicts/train_step.py 20: the kernel the library picks
#              in a training loop (nobody's here)
#
# gpuperf patches one launch (its records say which kernel and launch);
# ncu reads that launch alone (--launch-skip), as gpuperf runs it (no
# cache flush, no clock lock).  PATCH_EACH=1 runs gpuperf profile
# --patch-each (banks then without -k): the program again for each other
# kernel with a memory or bank verdict, each patched kernel compared.  bench/where.py compares, instruction by
# instruction (offsets from the kernel's start), the excess sectors or
# wavefronts of the verdict's kind, and the instruction each ranks first.
# Targets: the naive store's line holds at least 90 % of its excess, and
# for every workload the instruction ncu ranks first is gpuperf's worst
# (or ties it), each instruction's excess within 1 % of ncu's.  Exit 1 when
# one misses or a run fails.  Logs go to $OUT/where (default device-logs/where).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/where
mkdir -p "$out" || exit 1
apps=build/tests/apps
step_limit=${STEP_LIMIT:-150}
read -r -a work <<<"${*:-transpose banks layernorm train}"
status=0

cmd_of() {
	case $1 in
	transpose) echo "$apps/transpose" ;;
	banks) echo "$apps/banks" ;;
	layernorm) echo "python3 bench/verdicts/layernorm.py 20" ;;
	train) echo "python3 bench/verdicts/train_step.py 20" ;;
	esac
}

[ -x ./gpuperf ] || make -j"$(nproc)" gpuperf gpu-test-deps >/dev/null || exit 1
for w in "${work[@]}"; do
	cmd=$(cmd_of "$w")
	[ -n "$cmd" ] || { echo "unknown workload $w" >&2; exit 2; }
	kopt=()
	popt=()
	[ "$w" = banks ] && [ -z "${PATCH_EACH:-}" ] && kopt=(-k 'bank_conflict<32>')
	[ -n "${PATCH_EACH:-}" ] && popt=(--patch-each)
	echo "== $w: $cmd ${popt[*]}"
	rm -f "$out/$w.records"
	# the record files, kept by the program's last step (gpuperf removes its
	# own): each run's appended, --patch-each's runs after the first
	t0=$(date +%s.%N)
	timeout -k 10 "$step_limit" ./gpuperf -o "$out/$w.txt" profile "${kopt[@]}" "${popt[@]}" -- \
		sh -c "$cmd"' && cat "$GPUPERF_PROFILE_PATH" >>"$0"' "$out/$w.records" \
		>"$out/$w.out" 2>"$out/$w.err" || { echo "gpuperf failed: $(tail -n 3 "$out/$w.err")"; status=1; continue; }
	awk -v t0="$t0" -v t1="$(date +%s.%N)" 'BEGIN { printf "gpuperf took %.2f s\n", t1 - t0 }'
	mapfile -t patched < <(python3 bench/where.py patched "$out/$w.records")
	if [ "${#patched[@]}" -eq 0 ]; then
		echo "no patched launch in the records"; status=1; continue
	fi
	grep -o "where: .*" "$out/$w.txt" | head -n 3
	for p in "${patched[@]}"; do
		read -r kernel nth <<<"$p"
		echo "-- gpuperf patched launch $nth of $kernel"
		# shellcheck disable=SC2086
		timeout -k 10 "$step_limit" ncu --clock-control none --cache-control none \
			--kernel-name-base mangled -k "$kernel" \
			--launch-skip $((nth - 1)) --launch-count 1 --section SourceCounters \
			-f -o "$out/$w" $cmd >"$out/$w-ncu.out" 2>&1 &&
		ncu -i "$out/$w.ncu-rep" --page source --csv --print-source sass >"$out/$w-source.csv" 2>&1 ||
			{ echo "ncu failed: $(tail -n 3 "$out/$w-ncu.out")"; status=1; continue; }
		rm -f "$out/$w.ncu-rep"
		python3 bench/where.py compare "$out/$w.records" "$out/$w-source.csv" "$w" "$kernel" ||
			status=1
	done
done
exit "$status"
