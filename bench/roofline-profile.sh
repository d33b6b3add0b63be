#!/usr/bin/env bash
# gpuperf profile's bound of each kernel (issue 27) on the programs bound by
# construction (tests/apps), beside what their source implies and what
# Nsight Compute reads for the same kernel in the same run:
#
#   kernel  bound  nearest ceiling and %  FLOPs/launch (gpuperf | source | ncu)
#           FMA pipe % (gpuperf | ncu)  tensor pipe % (gpuperf | ncu)
#           DRAM and L2 bytes/launch (gpuperf | ncu)
#
# A few minutes on an H100 (ncu profiles one launch of each kernel).
# PyTorch's GEMMs join where python3 has torch with CUDA.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/roofline-profile
mkdir -p "$out"
APPS=build/tests/apps
make -s gpuperf build/lib/gpuperf/libgpuperf-inject.so $APPS/fma-chain $APPS/dfma $APPS/triad \
	$APPS/intensity $APPS/chase || exit 1

NCU_METRICS=smsp__sass_thread_inst_executed_op_ffma_pred_on.sum,smsp__sass_thread_inst_executed_op_fadd_pred_on.sum,smsp__sass_thread_inst_executed_op_fmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed,dram__bytes.sum,lts__t_bytes.sum

# run NAME KERNEL-REGEX SOURCE-FLOPS CMD...: one program under gpuperf, then under ncu.
run() {
	local name=$1 kernel=$2 want=$3
	shift 3
	./gpuperf --csv -o "$out/$name.csv" profile --set full -- "$@" >/dev/null 2>"$out/$name.err" ||
		echo "$name: gpuperf exit $? ($(tail -n 1 "$out/$name.err"))"
	if command -v ncu >/dev/null 2>&1; then
		ncu --csv --clock-control none --kernel-name "regex:$kernel" --launch-count 1 \
			--metrics "$NCU_METRICS" "$@" >"$out/$name.ncu.csv" 2>/dev/null
	fi
	python3 - "$out/$name.csv" "$out/$name.ncu.csv" "$kernel" "$want" <<'PY'
import csv, os, re, sys
path, ncu_path, kernel, want = sys.argv[1:]
pat = re.compile(kernel)
rows = [r for r in csv.DictReader(open(path, newline='')) if pat.search(r['kernel'])]
if not rows:
    sys.exit(f"{kernel}: no row in {path}")
r = max(rows, key=lambda r: float(r['gpu_time_ms'] or 0))
num = lambda v: float(v) if v not in ('', None) else float('nan')
n = num(r['launches_profiled']) or float('nan')
flops = sum(num(r[c]) for c in ('fp64_flop', 'fp32_flop', 'fp16_flop') if r[c]) / n
ncu = {}
if os.path.exists(ncu_path) and os.path.getsize(ncu_path):
    lines = [l for l in open(ncu_path) if l.startswith('"')]
    for m in csv.DictReader(lines):
        try:
            ncu[m['Metric Name']] = float(m['Metric Value'].replace(',', ''))
        except (KeyError, ValueError):
            pass
g = lambda k: ncu.get(k, float('nan'))
ncu_flops = (2 * g('smsp__sass_thread_inst_executed_op_ffma_pred_on.sum') +
             g('smsp__sass_thread_inst_executed_op_fadd_pred_on.sum') +
             g('smsp__sass_thread_inst_executed_op_fmul_pred_on.sum') +
             2 * g('smsp__sass_thread_inst_executed_op_dfma_pred_on.sum') +
             g('smsp__sass_thread_inst_executed_op_dadd_pred_on.sum') +
             g('smsp__sass_thread_inst_executed_op_dmul_pred_on.sum'))
print(f"{r['kernel'][:48]:48}  {r['bound'] or '?':11} {r['bound_by']:11} {num(r['roof_pct']):5.1f} %  "
      f"verdict {r['verdict']}")
print(f"    FLOPs/launch: gpuperf {flops:.6g} | source {want} | ncu {ncu_flops:.6g}")
print(f"    FMA pipe %: gpuperf {num(r['fma_pipe_pct']):.1f} | ncu "
      f"{g('sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_elapsed'):.1f};  tensor pipe %: "
      f"gpuperf {num(r['tensor_pipe_pct']):.1f} | ncu "
      f"{g('sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed'):.1f}")
dram = (num(r['dram_read_bytes']) + num(r['dram_write_bytes'])) / n
print(f"    bytes/launch: DRAM gpuperf {dram:.4g} | ncu {g('dram__bytes.sum'):.4g};  L2 gpuperf "
      f"{num(r['l2_bytes']) / n:.4g} | ncu {g('lts__t_bytes.sum'):.4g};  FLOP/DRAM byte "
      f"{num(r['intensity_dram_flop_per_byte']):.3f}")
print(f"    roofs: FP32 {num(r['fp32_roof_gflops']):.0f} GFLOP/s, FP64 {num(r['fp64_roof_gflops']):.0f}, "
      f"DRAM {num(r['dram_roof_gbs']):.0f} GB/s ({r['roof_source']}); {r['verdict_text'][:160]}")
PY
}

run fma-chain fma_chain $((2 * 1024 * 256 * 4096 * 8)) $APPS/fma-chain 1024 256 4096
run dfma dfma_chain $((2 * 1024 * 256 * 1024 * 8)) $APPS/dfma 1024 256 1024
run triad triad $((2 * (64 << 20))) $APPS/triad $((64 << 20))
run intensity poly16 $((2 * 16 * (64 << 20))) $APPS/intensity $((64 << 20))
run chase chase 0 $APPS/chase 4096 1000
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
	run torch-fp16 'nvjet|gemm|xmma|cutlass' "tensor" python3 tests/apps/torch-gemm.py
	python3 - "$out/torch-fp16.csv" <<'PY'
import csv, sys
for r in sorted(csv.DictReader(open(sys.argv[1], newline='')), key=lambda r: -float(r['gpu_time_ms'] or 0))[:4]:
    print(f"  {r['kernel'][:60]:60} {r['bound'] or '?':11} {r['bound_by']:11} {r['roof_pct'] or '?':>6} %  "
          f"tensor {r['tensor_pipe_pct'] or '?'} %  FMA {r['fma_pipe_pct'] or '?'} %  {r['verdict']}")
PY
else
	echo "PyTorch with CUDA not installed: the GEMMs are left out"
fi
