#!/usr/bin/env bash
# The FP64 tensor shapes of mma.sync side by side (bench/dmma-shapes.cu),
# beside gpuperf roofline's tensor-fp64 row and its theoretical, in one run:
#
#   bench/dmma-shapes.sh         (needs nvcc; about 10 s on an H100)
#
# On an H100, m8n8k4 (DMMA.8x8x4) reached half the FP64 tensor peak, below
# cuBLAS's dgemm; gpuperf now uses m16n8k16 on sm_90.  The shape that reaches
# the peak should be the one gpuperf's row names.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
command -v nvcc >/dev/null || { echo "no nvcc: nothing to compare"; exit 2; }
[ -x ./gpuperf ] || make -j"$(nproc)" gpuperf >/dev/null || exit 2
mkdir -p build/bench
cc=$(./gpuperf --csv info 2>/dev/null | awk -F, 'NR == 2 { sub(/\./, "", $2); print $2 }')
nvcc -O3 -arch=sm_"${cc:-90}" -o build/bench/dmma-shapes bench/dmma-shapes.cu || exit 2
echo "== mma.sync FP64 shapes (median of 9 launches, every SM full)"
build/bench/dmma-shapes || exit 2
echo "== gpuperf roofline --ceiling tensor-fp64"
./gpuperf --csv roofline --no-cache --ceiling tensor-fp64 | python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    print("%s %s, %s %% of %s at %s MHz; %s: %s" % (r["value"], r["unit"],
          r["pct_of_theoretical"], r["theoretical"], r["sm_clock_mhz"], r["instruction"], r["method"]))'
