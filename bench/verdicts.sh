#!/usr/bin/env bash
# The truth harness of issue 37 (item 3): gpuperf profile, by default and
# with --set full, and Nsight Compute on programs nobody here wrote, in one
# run; then bench/verdicts.py's table and rules.
#
#   bench/verdicts.sh [PROG...]
#
# PROGs are bench/verdicts/PROG.py (default all four):
#   train_step      a PyTorch training step: cuBLAS FP32 GEMMs, GELU,
#                   LayerNorm, softmax, cross-entropy, AdamW's foreach kernels;
#   conv            cuDNN FP16 channels-last convolutions forward and
#                   backward, batch norm, ReLU, pooling;
#   cupy_sortrand   CuPy's random (cuRAND) and sort (CUB) kernels;
#   triton_softmax  a Triton kernel (where python3 has triton).
# Each runs with argument STEPS (default 3) under `gpuperf --csv profile`,
# `... --set full`, and ncu with its SpeedOfLight, MemoryWorkloadAnalysis
# and SourceCounters sections and their rules (--clock-control none, as
# gpuperf; the first launch of each kernel by mangled name, --kernel-id
# :::1).  A program whose Python module is missing is left out, with a note.
#
# The table and the rules (see bench/verdicts.py) go to standard output and
# $OUT/verdicts.txt; every log, CSV and ncu page to $OUT/verdicts-logs.tgz
# ($OUT defaults to device-logs).  Each step has its own time limit, and
# none starts past VERDICTS_BUDGET seconds (default 540) from the start.
# About 5-6 minutes on an H200.  Exit status: bench/verdicts.py's (0 every
# rule met, 1 one missed), 1 when the build fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
ret=${OUT:-device-logs}
logs=build/verdicts-logs
rm -rf "$logs"
mkdir -p "$logs" "$ret" || exit 1
# shellcheck disable=SC2317  # pack: called by the EXIT trap
pack() {
	cp "$logs/verdicts.txt" "$ret/" 2>/dev/null
	tar czf "$ret/verdicts-logs.tgz" -C build verdicts-logs
}
trap pack EXIT
trap 'exit 143' TERM
budget=${VERDICTS_BUDGET:-540}
steps=${STEPS:-3}
progs=("$@")
[ "${#progs[@]}" -gt 0 ] || progs=(train_step conv cupy_sortrand triton_softmax)
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}

# limit MAX: the seconds a step may take: MAX, or what the budget has left.
limit() {
	local left=$((budget - SECONDS))
	echo $((left < $1 ? left : $1))
}

# step NAME MAX CMD...: CMD under a time limit, its status and time logged
# (to the script's own standard output, fd 3, whatever CMD's redirections).
exec 3>&1
step() {
	local name=$1 max t0=$SECONDS rc
	max=$(limit "$2")
	shift 2
	if [ "$max" -lt 10 ]; then
		echo "  $name: skipped, the budget of $budget s is spent" | tee -a "$logs/steps.txt" >&3
		return 124
	fi
	timeout -k 10 "$max" "$@"
	rc=$?
	echo "  $name: exit $rc, $((SECONDS - t0)) s (limit $max s)" | tee -a "$logs/steps.txt" >&3
	return "$rc"
}

# needs PROG: a check that python3 has the modules PROG needs, and a GPU.
needs() {
	case $1 in
	cupy_*) echo 'import cupy; cupy.zeros(1)' ;;
	triton_*) echo 'import torch, triton; assert torch.cuda.is_available()' ;;
	*) echo 'import torch; assert torch.cuda.is_available()' ;;
	esac
}

{
	echo "== $(date -u +%FT%TZ) gpuperf $(git rev-parse --short HEAD 2>/dev/null)," \
		"$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1)"
	echo "== ncu: $NCU $("$NCU" --version 2>/dev/null | tail -n 1)"
} | tee "$logs/steps.txt"
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
export GPU_ARCHS=${GPU_ARCHS:-${arch:-90}}
if ! step build 300 make -j"$(nproc)" gpuperf build/lib/gpuperf/libgpuperf-inject.so \
	>"$logs/build.log" 2>&1; then
	tail -n 40 "$logs/build.log"
	exit 1
fi

# Options this ncu may lack: the mangled name as the kernel's identity.
ncu_help=$("$NCU" --help 2>/dev/null)
by_mangled=() print_mangled=()
grep -q -- '--kernel-name-base' <<<"$ncu_help" && by_mangled=(--kernel-name-base mangled)
grep -q -- '--print-kernel-base' <<<"$ncu_help" && print_mangled=(--print-kernel-base mangled)
metrics=memory_l2_theoretical_sectors_global,memory_l2_theoretical_sectors_global_ideal
metrics=$metrics,memory_l1_wavefronts_shared,memory_l1_wavefronts_shared_ideal

# ncu_run PROG: ncu's report of PROG, as its raw and details pages.
ncu_run() {
	local p=$1 rep=$logs/$1.ncu-rep
	step "$p ncu" 240 "$NCU" --clock-control none ${by_mangled[@]+"${by_mangled[@]}"} --kernel-id :::1 \
		--section SpeedOfLight --section MemoryWorkloadAnalysis --section SourceCounters \
		--metrics "$metrics" -f -o "$logs/$p" python3 "bench/verdicts/$p.py" "$steps" \
		>"$logs/$p-ncu.out" 2>&1
	[ -f "$rep" ] || return 1
	step "$p ncu raw page" 120 "$NCU" -i "$rep" --page raw --csv ${print_mangled[@]+"${print_mangled[@]}"} \
		>"$logs/$p-ncu-raw.csv" 2>"$logs/$p-ncu-import.err"
	step "$p ncu details page" 120 "$NCU" -i "$rep" --page details --print-rule-details \
		${print_mangled[@]+"${print_mangled[@]}"} >"$logs/$p-ncu-details.txt" 2>>"$logs/$p-ncu-import.err"
	rm -f "$rep"
}

judged=()
for p in "${progs[@]}"; do
	echo "== $p" | tee -a "$logs/steps.txt"
	if [ ! -f "bench/verdicts/$p.py" ]; then
		echo "  no bench/verdicts/$p.py: left out" | tee -a "$logs/steps.txt"
		continue
	fi
	if ! timeout 120 python3 -c "$(needs "$p")" >"$logs/$p-module.err" 2>&1; then
		echo "  python3 fails $(needs "$p"): left out" | tee -a "$logs/steps.txt"
		continue
	fi
	judged+=("$p")
	step "$p gpuperf default" 150 ./gpuperf --csv -o "$logs/$p-default.csv" profile -- \
		python3 "bench/verdicts/$p.py" "$steps" >"$logs/$p-default.out" 2>"$logs/$p-default.err"
	step "$p gpuperf --set full" 150 ./gpuperf --csv -o "$logs/$p-full.csv" profile --set full -- \
		python3 "bench/verdicts/$p.py" "$steps" >"$logs/$p-full.out" 2>"$logs/$p-full.err"
	ncu_run "$p" || echo "  $p: no ncu report (see $p-ncu.out)" | tee -a "$logs/steps.txt"
done

[ "${#judged[@]}" -gt 0 ] || { echo "no program could run" | tee "$logs/verdicts.txt"; exit 1; }
python3 bench/verdicts.py "$logs" "${judged[@]}" >"$logs/verdicts.txt" 2>&1
rc=$?
cat "$logs/verdicts.txt"
echo "== $((SECONDS)) s in all; bench/verdicts.py exit $rc" | tee -a "$logs/steps.txt"
exit "$rc"
