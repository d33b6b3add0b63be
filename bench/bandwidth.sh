#!/usr/bin/env bash
# gpuperf bandwidth against its targets (H100 SXM), beside references from the same machine:
#
#   bench/bandwidth.sh            (from the repository root or anywhere; builds if needed)
#
# 1. `gpuperf bandwidth` with defaults, wall clock timed (target < 5 s), CSV;
# 2. a plain STREAM-style reference (bench/stream-ref.cu, one double per thread)
#    when nvcc is available;
# 3. the --tune search, access widths, and a working-set sweep, for the record;
# 4. last, the summary: each kernel's median GB/s beside its target and beside
#    cudaMemcpy D2D from the same run (1 GB = 10^9 B; copy = read + write).
#
# Exits 0 when every target is met, 1 when one is missed, 2 when a run failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
bin=./gpuperf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || make -j"$(nproc)" gpuperf >/dev/null || exit 2

now() { date +%s.%N; }

# H100 SXM targets (GB/s) and theoretical, from the issue.
declare -A target=([copy]=3000 [read]=3150 [write]=3200 [triad]=3000)

echo "== $("$bin" --csv info 2>/dev/null | awk -F, 'NR == 2 { print $1 ", CC " $2 }')"

echo "== gpuperf bandwidth (defaults), wall clock"
t0=$(now)
"$bin" --csv bandwidth >"$tmp/bw.csv" 2>"$tmp/bw.err"
rc=$?
t1=$(now)
wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
cat "$tmp/bw.err"
if [ "$rc" -ne 0 ]; then
	echo "gpuperf bandwidth failed with status $rc"
	exit 2
fi
echo "wall: $wall s"

echo "== gpuperf bandwidth (defaults), human table"
"$bin" bandwidth 2>&1

ref=
if command -v nvcc >/dev/null; then
	echo "== STREAM-style reference (bench/stream-ref.cu: 1 double per thread, block 1024, 1 GiB per array, best of 99)"
	arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
	mkdir -p build/bench
	if nvcc -O3 -arch=sm_"${arch:-90}" -o build/bench/stream-ref bench/stream-ref.cu &&
		build/bench/stream-ref >"$tmp/ref.csv"; then
		ref=$tmp/ref.csv
		sed 's/^/  /' "$ref"
	else
		echo "stream-ref failed; no STREAM-style reference"
	fi
else
	echo "== no nvcc: no STREAM-style reference"
fi

echo "== gpuperf bandwidth --tune (is the default near the winner?)"
"$bin" bandwidth --tune --reps 10 2>&1 | sed -n '/^Tuning/,$p'

echo "== access widths"
"$bin" bandwidth --kernel read,write,copy,triad --width 4,8,16 --reps 10 2>&1 | head -n 15

echo "== working-set sweep, read and copy (hot caches)"
"$bin" bandwidth --kernel read,copy --size 64K-4G:x4 --reps 10 2>&1

# --- summary ---------------------------------------------------------------
col() { head -n 1 "$tmp/bw.csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
get() {  # kernel column
	awk -F, -v k="$(col kernel)" -v c="$(col "$2")" -v want="$1" \
		'NR > 1 && $k == want { print $c; exit }' "$tmp/bw.csv"
}
refget() { [ -n "$ref" ] && awk -F, -v k="$1" -v c="$2" '$1 == k { print $c }' "$ref"; }

peak=$(get copy theoretical_gbs)
memcpy=$(get memcpy bandwidth_gbs)
missed=0
echo
echo "== summary: gpuperf bandwidth defaults, $(get copy size_bytes) B per array, median of $(get copy reps)"
printf '%-7s %9s %9s %8s %9s %7s %10s %10s\n' kernel 'GB/s' 'best' '% peak' target status 'vs memcpy' 'STREAM-ref'
for k in read write copy scale add triad memcpy; do
	gbs=$(get $k bandwidth_gbs)
	[ -n "$gbs" ] || continue
	t=${target[$k]:-}
	status=-
	if [ -n "$t" ]; then
		if awk -v g="$gbs" -v t="$t" 'BEGIN { exit !(g >= t) }'; then
			status=met
		else
			status=$(awk -v g="$gbs" -v t="$t" 'BEGIN { printf "-%.1f%%", 100 * (t - g) / t }')
			missed=1
		fi
	fi
	case $k in copy) r=copy ;; scale) r=mul ;; add) r=add ;; triad) r=triad ;; *) r= ;; esac
	rv=$( [ -n "$r" ] && refget "$r" 3 )
	printf '%-7s %9.1f %9.1f %8.1f %9s %7s %10s %10s\n' "$k" "$gbs" "$(get $k best_gbs)" \
		"$(get $k pct_of_theoretical)" "${t:+>= $t}" "$status" \
		"$(awk -v g="$gbs" -v m="$memcpy" 'BEGIN { if (m > 0) printf "%.3fx", g / m }')" "${rv:--}"
done
echo "theoretical: $peak GB/s; STREAM-ref column: its median GB/s (copy, mul, add, triad)"
if awk -v c="$(get copy bandwidth_gbs)" -v m="$memcpy" 'BEGIN { exit !(c >= m) }'; then
	echo "copy >= cudaMemcpy D2D: met"
else
	echo "copy >= cudaMemcpy D2D: missed"
	missed=1
fi
if awk -v w="$wall" 'BEGIN { exit !(w < 5) }'; then
	echo "wall clock of 'gpuperf bandwidth': $wall s (target < 5 s): met"
else
	echo "wall clock of 'gpuperf bandwidth': $wall s (target < 5 s): missed"
	missed=1
fi
exit $missed
