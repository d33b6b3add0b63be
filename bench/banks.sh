#!/usr/bin/env bash
# Benchmark of `gpuperf banks` on the GPU: every pattern at widths 4, 8 and
# 16, loads and stores (CSV kept under $OUT/banks), a summary per run, the
# human table of the 4-byte loads, and, when Nsight Compute is installed, its
# wavefronts and conflicts for the 32-way stride next to gpuperf's.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-device-logs}/banks
mkdir -p "$out"
bin=./gpuperf
status=0

col() { head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }

summary() {
	local f=$1
	awk -F, -v pat="$(col "$f" pattern)" -v s="$(col "$f" stride)" -v m="$(col "$f" model_match)" \
		-v pw="$(col "$f" predicted_wavefronts_per_request)" \
		-v mw="$(col "$f" measured_wavefronts_per_request)" \
		-v mc="$(col "$f" measured_conflicts_per_request)" -v t="$(col "$f" time_per_access_ns)" \
		-v sl="$(col "$f" slowdown)" -v bpc="$(col "$f" bytes_per_clock_per_sm)" \
		-v i="$(col "$f" instructions)" -v e="$(col "$f" expected_instructions)" '
	NR == 1 { next }
	{ rows++; match_[$m == "" ? "no counters" : $m]++ }
	$i != "" && $i != $e { printf "  INSTRUCTIONS %s stride %s: %s, expected %s\n", $pat, $s, $i, $e }
	$m == "no" { printf "  MISMATCH %s stride %s: model %s measured %s wavefronts/req\n", $pat, $s, $pw, $mw }
	$pat != "stride" || $s == 1 || $s == 2 || $s == 4 || $s == 8 || $s == 16 || $s == 32 || $s == 33 {
		printf "  %-18s %-3s wf/req %5s (model %5s) conflicts/req %6s %8.3f ns/access %6.2fx %6.1f B/clk/SM\n",
			$pat, $s, $mw, $pw, $mc, $t, $sl, $bpc }
	END { printf "  %d rows; model_match:", rows; for (k in match_) printf " %s=%d", k, match_[k]; print "" }' "$f"
}

for op in load store; do
	for w in 4 8 16; do
		f=$out/$op-w$w.csv
		start=$(date +%s.%N)
		if ! "$bin" --csv banks --width "$w" --op "$op" >"$f" 2>"$out/$op-w$w.err"; then
			echo "$op width $w: gpuperf failed:"; cat "$out/$op-w$w.err"; status=1; continue
		fi
		printf '== %s width %s (%.1f s)\n' "$op" "$w" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
		grep -v '^$' "$out/$op-w$w.err" | sed 's/^/  stderr: /'
		summary "$f"
	done
done

echo "== human table, 4-byte loads"
"$bin" banks 2>&1

if command -v ncu >/dev/null 2>&1; then
	echo "== Nsight Compute cross-check: stride 32, 4-byte loads (first launch after the baseline)"
	# Launches of bank_load: the stride-1 baseline (2 warm-up + 10 timed), then stride 32.
	ncu --clock-control none -k regex:bank_load --launch-skip 12 --launch-count 1 --csv --metrics \
		l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum \
		"$bin" --no-counters banks --pattern stride --stride 32 >"$out/ncu.csv" 2>&1
	grep -E 'l1tex__data|smsp__inst' "$out/ncu.csv" | awk -F'","' '{ print "  ncu " $(NF-2) " = " $NF }' | tr -d '"'
	"$bin" --csv banks --pattern stride --stride 32 >"$out/ncu-gpuperf.csv" 2>/dev/null
	f=$out/ncu-gpuperf.csv
	awk -F, -v a="$(col "$f" measured_wavefronts_per_request)" -v b="$(col "$f" measured_conflicts_per_request)" \
		-v c="$(col "$f" instructions)" 'NR > 1 { print "  gpuperf wavefronts/req " $a ", conflicts/req " $b ", instructions " $c }' "$f"
else
	echo "== Nsight Compute not installed: no cross-check"
fi
exit $status
