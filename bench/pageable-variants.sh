#!/usr/bin/env bash
# Pageable host<->device copies, every plausible way, beside bandwidthTest
# (issue 31: gpuperf's pageable H2D read 0.88 of bandwidthTest's; issue 42:
# one run's repetitions spread by 43 %), on the device machine in one call
# of about three minutes:
#
#   bench/pageable-variants.sh [-d N] [PEERS_DIR]     (default: device 0, .peers)
#   bench/pageable-variants.sh --build                (build only; no GPU needed)
#
# RUNS (default 5) runs, each of them:
# 1. build/bench/pageable-variants (bench/pageable-variants.c, built here
#    when missing or older than its source): the variants PAGEABLE_VARIANTS
#    names (default below: the candidates for the spread, the CPU caches,
#    the CPU the copy runs on, page faults, THP, chunks, our own staging
#    through N pinned buffers, the CPU's memcpy alone) x h2d, d2h x
#    32000000 and 268435456 bytes (bandwidthTest's default and the size
#    the issues compared), 1 warm-up or 2 and PAGEABLE_REPS (default 4)
#    repetitions, every copy's data checked;
# 2. bandwidthTest itself (when PEERS_DIR has it) at 32 MB, and in the
#    first BWT_BIG_RUNS (default 2) runs at 256 MiB too (its memset of 256
#    MiB after every copy makes that size slow);
# 3. gpuperf pcie --memory pageable at the same sizes with each switch of
#    PAGEABLE_SWITCHES for GPUPERF_PCIE_VARIANT (default "default flush
#    flush,lastcpu"; also lastcpu, malloc, sync, legacy, chunk=MiB, nosample).
# Then the distributions: per variant, size and direction the median,
# fastest and slowest repetition pooled over the runs and the slowest and
# fastest run's median, with the ratio to bandwidthTest's method (bwt);
# bandwidthTest's figure over the runs; per gpuperf switch its median over
# the runs, the slowest and fastest run, its spread within a run (median
# and most, spread_pct) and the runs in which it was at least bandwidthTest
# of the same run.
#
# Exit 0, or 1 when a build, a data check or gpuperf failed.  Raw outputs
# go to $OUT/pageable when OUT is set.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
bin=${PAGEABLE_VARIANTS_BIN:-build/bench/pageable-variants}  # tests give a fake
src=bench/pageable-variants.c
cuda=${CUDA_HOME:-/usr/local/cuda}

build() {
	[ -x "$bin" ] && [ "$bin" -nt "$src" ] && return 0
	mkdir -p "$(dirname "$bin")"
	# the runtime linked in: only the driver's libcuda is needed where it runs
	${CC:-cc} -O2 -Wall -Wextra -std=c11 -I"$cuda/include" "$src" -o "$bin" \
		-L"$cuda/lib64" -lcudart_static -ldl -lrt -lpthread
}
if [ "${1:-}" = --build ]; then
	build
	exit
fi
[ -n "${PAGEABLE_VARIANTS_BIN:-}" ] || build || exit 1
. bench/peers-lib.sh
peers_init "$@"
[ -n "${OUT:-}" ] && logs=$OUT/pageable && mkdir -p "$logs"
runs=${RUNS:-5}
big_runs=${BWT_BIG_RUNS:-2}
variants=${PAGEABLE_VARIANTS:-bwt,gp,gp+flush,gp+hot,gp+unbound,gp+firstcpu,gp+lastcpu,gp+remote,gp+fault,gp+thp,gp+nothp,gp+flush+lastcpu,stage2x2M,stage4x8M,cpu-memcpy,pinned}
read -r -a switches <<<"${PAGEABLE_SWITCHES:-default flush flush,lastcpu}"
rc=0
t0=$SECONDS

for r in $(seq 1 "$runs"); do
	echo "== run $r of $runs: pageable-variants, bandwidthTest, gpuperf pcie ($((SECONDS - t0)) s so far)" >&2
	if ! "$bin" -r 1 -n "${PAGEABLE_REPS:-4}" -v "$variants" -S 32000000 268435456 \
		>"$logs/variants-$r.txt" 2>"$logs/variants-$r.err"; then
		echo "pageable-variants failed in run $r:" >&2
		{ grep -h BAD "$logs/variants-$r.txt"; tail -n 3 "$logs/variants-$r.err"; } >&2
		rc=1
	fi
	if have bandwidthTest; then
		peer_for 60 bandwidthTest "bandwidthTest-32MB-$r.log" --memory=pageable --htod --dtoh --csv
		[ "$r" -le "$big_runs" ] && peer_for 90 bandwidthTest "bandwidthTest-256MiB-$r.log" \
			--memory=pageable --mode=range --start=268435456 --end=268435456 --increment=1 --htod --dtoh --csv
	fi
	for sw in "${switches[@]}"; do
		if ! GPUPERF_PCIE_VARIANT=$sw "$gp" --csv pcie --memory pageable --direction h2d,d2h \
			--size 32000000,256M >"$logs/gpuperf-$sw-$r.csv" 2>"$logs/gpuperf-$sw-$r.err"; then
			echo "gpuperf with GPUPERF_PCIE_VARIANT=$sw failed:" >&2
			tail -n 3 "$logs/gpuperf-$sw-$r.err" >&2
			rc=1
		fi
	done
done
grep -h '^#' "$logs/variants-1.txt" | head -n 2

# ---- the variants, pooled over the runs ---------------------------------------
echo
echo "== pageable-variants over $runs runs: GB/s of each repetition, pooled; the runs' medians"
for r in $(seq 1 "$runs"); do
	awk -F, -v r="$r" '$1 == "sample" { print r, $2, $3, $4, $5 }' "$logs/variants-$r.txt"
done | awk '
	function med(a, n,    i, j, t) {  # a[1..n], sorted here
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{
		k = $2 SUBSEP $3 SUBSEP $4
		if (!(k in n)) { order[++nk] = k }
		v[k, ++n[k]] = $5
		rk = k SUBSEP $1
		if (!(rk in rn)) runs[k] = runs[k] " " $1
		rv[rk, ++rn[rk]] = $5
	}
	END {
		printf "%-10s %-4s %-18s %8s %8s %8s %4s %9s %9s %7s\n", "size", "dir", "variant", "median",
		       "fastest", "slowest", "n", "run min", "run max", "/bwt"
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, f, SUBSEP)
			m = n[k]; delete a
			for (j = 1; j <= m; j++) a[j] = v[k, j]
			pooled[k] = med(a, m); lo = a[1]; hi = a[m]
			rmin = ""; rmax = ""; nr = split(runs[k], rl, " ")
			for (q = 1; q <= nr; q++) {
				rk = k SUBSEP rl[q]; delete b
				for (j = 1; j <= rn[rk]; j++) b[j] = rv[rk, j]
				x = med(b, rn[rk])
				if (rmin == "" || x < rmin) rmin = x
				if (rmax == "" || x > rmax) rmax = x
			}
			line[k] = sprintf("%-10s %-4s %-18s %8.2f %8.2f %8.2f %4d %9.2f %9.2f", f[1], f[2], f[3],
					  pooled[k], hi, lo, m, rmin, rmax)
		}
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, f, SUBSEP); b0 = f[1] SUBSEP f[2] SUBSEP "bwt"
			r = (b0 in pooled) && pooled[b0] > 0 ? sprintf("%.3f", pooled[k] / pooled[b0]) : "-"
			printf "%s %7s\n", line[k], r
		}
	}'
echo "median, fastest, slowest: over every repetition of every run; run min, run max: the slowest"
echo "and fastest run's median; /bwt: median over bandwidthTest's method's (the variants: see"
echo "bench/pageable-variants.c and $logs/variants-1.txt)."

# ---- bandwidthTest and gpuperf over the runs -------------------------------------
bwt_fig() {  # DIR(H2D/D2H) LOG: its Paged figure
	awk -v k="bandwidthTest-$1-Paged," '$1 == k { print $4; exit }' "$logs/$2" 2>/dev/null
}
pgv() {  # SWITCH RUN DIR SIZE COLUMN
	csv_get "$logs/gpuperf-$1-$2.csv" "$5" memory=pageable direction="$3" size_bytes="$4" | head -n 1
}
stats() {  # values on stdin: "median min max"
	sort -g | awk 'NF { x[++n] = $1 } END {
		if (!n) { print "- - -"; exit }
		printf "%.2f %.2f %.2f\n", n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2, x[1], x[n] }'
}
echo
echo "== bandwidthTest --memory=pageable (mean of 100 copies) and gpuperf pcie --memory pageable"
echo "   (median of its repetitions), over the runs"
fmt='%-24s %-4s %-10s %8s %8s %8s %12s %12s %9s\n'
# shellcheck disable=SC2059
printf "$fmt" tool dir size median 'run min' 'run max' 'spread% med' 'spread% max' '>= bwt'
for d in h2d d2h; do
	D=$(echo "$d" | tr '[:lower:]' '[:upper:]')
	for sz in 32000000:32MB 268435456:256MiB; do
		bytes=${sz%%:*} tag=${sz#*:}
		read -r m lo hi <<<"$(for r in $(seq 1 "$runs"); do bwt_fig "$D" "bandwidthTest-$tag-$r.log"; done | stats)"
		# shellcheck disable=SC2059
		printf "$fmt" bandwidthTest "$d" "$bytes" "$m" "$lo" "$hi" - - -
		for sw in "${switches[@]}"; do
			read -r m lo hi <<<"$(for r in $(seq 1 "$runs"); do pgv "$sw" "$r" "$d" "$bytes" bandwidth_gbs; done | stats)"
			read -r sm _ sx <<<"$(for r in $(seq 1 "$runs"); do pgv "$sw" "$r" "$d" "$bytes" spread_pct; done | stats)"
			wins=$(for r in $(seq 1 "$runs"); do
				g=$(pgv "$sw" "$r" "$d" "$bytes" bandwidth_gbs)
				b=$(bwt_fig "$D" "bandwidthTest-$tag-$r.log")
				[ -n "$g" ] && [ -n "$b" ] && awk -v g="$g" -v b="$b" 'BEGIN { print (g >= b) }'
			done | awk '{ n++; w += $1 } END { printf "%d/%d", w, n }')
			# shellcheck disable=SC2059
			printf "$fmt" "gpuperf $sw" "$d" "$bytes" "$m" "$lo" "$hi" "$sm" "$sx" "$wins"
		done
	done
done
echo "median, run min, run max: over the runs (bandwidthTest at 256 MiB in the first $big_runs);"
echo "spread%: gpuperf's spread_pct, (slowest - fastest) / median within one run: the runs' median"
echo "and most; >= bwt: runs in which gpuperf's median was at least bandwidthTest's of the same run."
echo "($((SECONDS - t0)) s)"
exit "$rc"
