#!/usr/bin/env bash
# Benchmark of `gpuperf coalesce` on the GPU: the default sweeps at widths
# 4, 8 and 16 (CSV kept under $OUT/coalesce), a summary per width, the human
# table of the 4-byte run, and, when Nsight Compute is installed, its
# sectors and requests for two configurations next to gpuperf's.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/coalesce
mkdir -p "$out"
bin=./gpuperf
status=0

# col FILE NAME: 1-based index of a CSV column.
col() { head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }

summary() {  # CSV file
	local f=$1
	awk -F, -v pat="$(col "$f" pattern)" -v off="$(col "$f" offset)" -v str="$(col "$f" stride)" \
		-v m="$(col "$f" model_match)" -v bw="$(col "$f" bandwidth_gbs)" \
		-v pc="$(col "$f" pct_of_copy)" -v ps="$(col "$f" predicted_sectors_per_request)" \
		-v ms="$(col "$f" measured_sectors_per_request)" '
	NR == 1 { next }
	{ rows++; match_[$m == "" ? "no counters" : $m]++ }
	$m == "no" { printf "  MISMATCH %s offset %s stride %s: model %s measured %s\n", $pat, $off, $str, $ps, $ms }
	$pat == "offset" && ($off == 0 || $off == 1 || $off == 8) { printf "  offset %-2s %8.1f GB/s  %5.1f %% of copy\n", $off, $bw, $pc }
	$pat == "stride" && ($str == 1 || $str == 2 || $str == 4 || $str == 8 || $str == 32) { printf "  stride %-2s %8.1f GB/s  %5.1f %% of copy\n", $str, $bw, $pc }
	$pat !~ /^(offset|stride)$/ { printf "  %-17s %8.1f GB/s  %5.1f %% of copy\n", $pat, $bw, $pc }
	END { printf "  %d rows; model_match:", rows; for (k in match_) printf " %s=%d", k, match_[k]; print "" }' "$f"
}

for w in 4 8 16; do
	f=$out/w$w.csv
	start=$(date +%s.%N)
	if ! "$bin" --csv coalesce --width "$w" >"$f" 2>"$out/w$w.err"; then
		echo "width $w: gpuperf failed:"; cat "$out/w$w.err"; status=1; continue
	fi
	printf '== width %s (%.1f s)\n' "$w" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
	grep -v '^$' "$out/w$w.err" | sed 's/^/  stderr: /'
	summary "$f"
done

echo "== human table, width 4, offsets and strides"
"$bin" coalesce --pattern offset,stride,transpose 2>&1

if command -v ncu >/dev/null 2>&1; then
	echo "== Nsight Compute cross-check (--size 64M, first timed launch of each configuration)"
	for cfg in "offset --offset 1" "stride --stride 4"; do
		set -- $cfg
		"$bin" --csv coalesce --size 64M --pattern "$1" "$2" "$3" >"$out/ncu-gpuperf.csv" 2>/dev/null
		# Launches of strided_copy: the reference copy (3 warm-up + 15 timed), then ours.
		ncu --clock-control none --cache-control none -k regex:strided_copy --launch-skip 18 \
			--launch-count 1 --csv --metrics \
			l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,smsp__inst_executed_op_global_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__inst_executed_op_global_st.sum \
			"$bin" --no-counters coalesce --size 64M --pattern "$1" "$2" "$3" >"$out/ncu.csv" 2>&1
		echo "  $cfg: ncu:"
		grep -E 'l1tex__t_sectors|smsp__inst_executed' "$out/ncu.csv" | awk -F'","' '{ print "    " $(NF-2) " = " $NF }' | tr -d '"'
		echo "  $cfg: gpuperf (sectors/req, requests):"
		awk -F, -v a="$(col "$out/ncu-gpuperf.csv" measured_sectors_per_request)" \
			-v b="$(col "$out/ncu-gpuperf.csv" requests)" 'NR > 1 { print "    " $a ", " $b }' "$out/ncu-gpuperf.csv"
	done
else
	echo "== Nsight Compute not installed: no cross-check"
fi
exit $status
