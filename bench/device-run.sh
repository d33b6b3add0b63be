#!/usr/bin/env bash
# One batched run on a GPU machine: build, every GPU test, every benchmark,
# with logs under $OUT (or ./device-logs).  Usage:
#
#   bench/device-run.sh [tests|bench|all]      (default all)
#
# GPU_ARCHS defaults to the local GPU's architecture to keep the build short.
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
export OUT=$PWD/$out  # the benchmarks keep their files beside these logs
[ -d .devtools/usr/bin ] && export PATH=$PWD/.devtools/usr/bin:$PATH
what=${1:-all}

arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
export GPU_ARCHS=${GPU_ARCHS:-${arch:-90}}

{
	echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1)"
	echo "== build (GPU_ARCHS=$GPU_ARCHS)"
} | tee "$out/summary.txt"
if ! make -j"$(nproc)" gpuperf >"$out/build.log" 2>&1; then
	tail -n 40 "$out/build.log"
	exit 1
fi
./gpuperf info >"$out/info.txt" 2>&1

if [ "$what" = tests ] || [ "$what" = all ]; then
	echo "== GPU tests" | tee -a "$out/summary.txt"
	make test-gpu 2>&1 | tee "$out/test-gpu.log" | grep -E '^(not ok|total:|#)' | tee -a "$out/summary.txt"
fi
if [ "$what" = bench ] || [ "$what" = all ]; then
	for b in bench/*.sh; do
		[ "$b" = bench/device-run.sh ] && continue
		echo "== $b" | tee -a "$out/summary.txt"
		timeout 300 bash "$b" >"$out/$(basename "$b" .sh).log" 2>&1
		echo "exit $?" >>"$out/$(basename "$b" .sh).log"
		tail -n 25 "$out/$(basename "$b" .sh).log" | tee -a "$out/summary.txt"
	done
fi
