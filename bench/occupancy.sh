#!/usr/bin/env bash
# gpuperf occupancy: the closing note's outputs and the tool's own speed.
#
#   bench/occupancy.sh            (from the source tree, after make)
#
# Prints the sm_90 example, a --sweep regs chart, the check against the
# CUDA runtime on the current device (skipped without a GPU), and the
# wall time of one calculation (target: a few milliseconds).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
gp=${GPUPERF:-./gpuperf}

echo "== gpuperf occupancy --arch sm_90 --threads 256 --regs 64"
"$gp" occupancy --arch sm_90 --threads 256 --regs 64
echo
echo "== gpuperf occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs"
"$gp" occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs
echo

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
	echo "== gpuperf occupancy --check-runtime"
	start=$(date +%s%N)
	"$gp" occupancy --check-runtime
	echo "check exit $?, $(( ($(date +%s%N) - start) / 1000000 )) ms"
	"$gp" --csv occupancy --check-runtime > /tmp/gpuperf-occupancy-check.csv
	awk -F, 'NR > 1 { n[$8]++; if ($NF != 1) bad[$8]++ }
		 END { for (c in n) printf "  %-22s %6d comparisons, %d differ\n", c, n[c], bad[c] + 0 }' \
		/tmp/gpuperf-occupancy-check.csv
	echo
	echo "== gpuperf occupancy --threads 256 --regs 64 (current device)"
	"$gp" occupancy --threads 256 --regs 64
	echo
else
	echo "== no GPU: --check-runtime skipped"
fi

echo "== speed: 200 runs of gpuperf --csv occupancy --arch sm_90 --threads 256 --regs 64"
start=$(date +%s%N)
for _ in $(seq 200); do
	"$gp" --csv occupancy --arch sm_90 --threads 256 --regs 64 >/dev/null
done
end=$(date +%s%N)
echo "$(( (end - start) / 200000 )) us per run (process start included)"
start=$(date +%s%N)
for _ in $(seq 20); do
	"$gp" --csv occupancy --arch sm_90 --threads 256 --regs 64 --sweep smem >/dev/null
done
end=$(date +%s%N)
echo "$(( (end - start) / 20000 )) us per --sweep smem (1817 configurations)"
