#!/usr/bin/env bash
# gpuperf's 4- and 8-byte stream kernels beside BabelStream --float and its
# doubles (issue 42: at 4 bytes copy, add and triad trailed it by 3-11 %),
# on the device machine in one call of about 3 minutes:
#
#   bench/width4.sh [-d N] [PEERS_DIR]      (default: device 0, .peers)
#   bench/width4.sh --build                 (build only; no GPU needed)
#
# 1. make gpuperf (GPU_ARCHS: this GPU's) and build/bench/width4-variants
#    (bench/width4-variants.cu, linked with the product's kernels/bandwidth.o);
# 2. ROUNDS (default 2) rounds, each: gpuperf bandwidth --kernel
#    copy,scale,add,triad --width 4,8,16 (its defaults: 1 GiB arrays, 30
#    repetitions), BabelStream's cuda-stream --float and double (1 GiB
#    arrays, 100 runs) when PEERS_DIR has it, then the variants (every
#    flat block and unroll, resident and BabelStream-shaped grids, the
#    kernel before the fix as built and held to 32 registers, L2 fetch
#    hints: see the .cu), every output checked;
# 3. once: gpuperf bandwidth --tune --width 4,8 over the same kernels;
# 4. with ncu on PATH: registers, achieved occupancy and DRAM throughput of
#    the product's and the pre-fix 4-byte copy and add at the default
#    shapes, and of BabelStream's float kernels;
# 5. the tables: per kernel, width and round, gpuperf's best repetition
#    (default and --tune) against BabelStream's best, as bench/peers.sh's
#    like rows (Mul is scale); then, per kernel and width, the variants,
#    fastest first (the 8 best, and every pre-fix one), with their ratio to
#    BabelStream's best of the same round.
#
# Exit 0, or 1 when a build, gpuperf or a variant's data check failed.  Raw
# outputs go to $OUT/width4 when OUT is set (else a scratch directory).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
bin=${WIDTH4_VARIANTS:-build/bench/width4-variants}  # tests give a fake
src=bench/width4-variants.cu
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
export GPU_ARCHS=${GPU_ARCHS:-${arch:-90}}
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=${NVCC:-$(command -v nvcc || echo "$cuda/bin/nvcc")}

build() {
	local gencode=()
	# always: a gpuperf left by an earlier call on this machine may be stale
	make -j"$(nproc)" gpuperf >/dev/null || return 1
	[ -x "$bin" ] && [ "$bin" -nt "$src" ] && [ "$bin" -nt build/kernels/bandwidth.o ] && return 0
	for a in $GPU_ARCHS; do gencode+=(-gencode "arch=compute_$a,code=sm_$a"); done
	mkdir -p "$(dirname "$bin")"
	"$nvcc" -O3 -std=c++17 -I. "${gencode[@]}" "$src" build/kernels/bandwidth.o -o "$bin"
}
if [ "${1:-}" = --build ]; then
	build
	exit
fi
# tests give both a fake gpuperf and a fake variants program: nothing to build
if [ -z "${PEERS_GPUPERF:-}" ] || [ -z "${WIDTH4_VARIANTS:-}" ]; then
	build || exit 1
fi
. bench/peers-lib.sh
peers_init "$@"
[ -n "${OUT:-}" ] && logs=$OUT/width4 && mkdir -p "$logs"
rounds=${ROUNDS:-2}
kernels=copy,scale,add,triad
rc=0

for r in $(seq 1 "$rounds"); do
	echo "== round $r of $rounds: gpuperf bandwidth, BabelStream float and double, the variants" >&2
	"$gp" --csv bandwidth --kernel $kernels --width 4,8,16 >"$logs/gpuperf-$r.csv" \
		2>"$logs/gpuperf-$r.err" || { cat "$logs/gpuperf-$r.err" >&2; exit 1; }
	if have cuda-stream; then
		peer cuda-stream "babelstream-float-$r.log" --float --arraysize 268435456 --csv --gigabytes
		peer cuda-stream "babelstream-double-$r.log" --arraysize 134217728 --csv --gigabytes
	fi
	"$(realpath "$bin")" >"$logs/variants-$r.csv" 2>"$logs/variants-$r.err" ||
		{ echo "width4-variants failed (exit $?): a wrong result or a CUDA error" >&2; tail -n 3 "$logs/variants-$r.err" >&2; rc=1; }
done
echo "== gpuperf bandwidth --tune --width 4,8" >&2
"$gp" --csv bandwidth --tune --kernel $kernels --width 4,8 >"$logs/tune.csv" 2>"$logs/tune.err" ||
	{ cat "$logs/tune.err" >&2; exit 1; }

if command -v ncu >/dev/null; then
	echo "== ncu: registers, occupancy and DRAM throughput at the default shapes" >&2
	m=launch__registers_per_thread,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
	timeout -k 10 120 ncu --csv --metrics "$m" -k 'regex:stream_kernel|old_kernel' "$(realpath "$bin")" -n 1 \
		-m gpuperf,copy,4,flat,512,4 -m pre-fix,copy,4,flat,512,4 -m gpuperf,add,4,flat,1024,4 \
		-m pre-fix,add,4,flat,1024,4 -m gpuperf,copy,8,flat,512,2 >"$logs/ncu-variants.csv" 2>&1
	have cuda-stream && timeout -k 10 120 ncu --csv --metrics "$m" -k regex:for_each_kernel -c 9 \
		"$peers/cuda-stream" --float --arraysize 268435456 --numtimes 2 >"$logs/ncu-babelstream.csv" 2>&1
fi

# ---- the tables ---------------------------------------------------------------
gpv() {  # FILE KERNEL WIDTH COLUMN
	csv_get "$1" "$4" kernel="$2" width_bytes="$3" | head -n 1
}
cfg() {  # FILE KERNEL WIDTH: "layout block x unroll"
	echo "$(gpv "$1" "$2" "$3" layout) $(gpv "$1" "$2" "$3" block)x$(gpv "$1" "$2" "$3" unroll)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b + 0 > 0) printf "%.3f", a / b; else print "-" }'; }
echo
echo "gpuperf bandwidth beside BabelStream, GPU $dev: $(csv_get "$logs/gpuperf-1.csv" device | head -n 1)"
fmt='%-6s %5s %5s %9s %9s %-13s %9s %-13s %11s %10s %10s\n'
# shellcheck disable=SC2059
printf "$fmt" kernel width round 'gp best' 'gp median' 'gp config' '--tune' 'tune config' BabelStream \
	'ratio' 'tune ratio'
for kb in copy:Copy scale:Mul add:Add triad:Triad; do
	k=${kb%%:*} b=${kb#*:}
	for wt in 4:float 8:double; do
		w=${wt%%:*} t=${wt#*:}
		tune=$(gpv "$logs/tune.csv" "$k" "$w" best_gbs)
		for r in $(seq 1 "$rounds"); do
			f=$logs/gpuperf-$r.csv
			g=$(gpv "$f" "$k" "$w" best_gbs)
			read -r p _ <<<"$(babel "babelstream-$t-$r.log" "$b")"
			# shellcheck disable=SC2059
			printf "$fmt" "$k" "$w" "$r" "${g:--}" "$(gpv "$f" "$k" "$w" bandwidth_gbs)" "$(cfg "$f" "$k" "$w")" \
				"${tune:--}" "$(cfg "$logs/tune.csv" "$k" "$w")" "${p:--}" "$(ratio "$g" "$p")" "$(ratio "$tune" "$p")"
		done
	done
	echo "  ($k at 16 B, round 1: best $(gpv "$logs/gpuperf-1.csv" "$k" 16 best_gbs), $(cfg "$logs/gpuperf-1.csv" "$k" 16))"
done
echo "GB/s (10^9 B/s), bytes read + written; gp best: gpuperf's fastest of 30 repetitions (its default"
echo "configuration: layout block x unroll), gp median its median; --tune: the tuned configuration's"
echo "fastest; BabelStream: its best of 100 (--float at 4 B, doubles at 8 B; Mul against scale); ratio: gpuperf / BabelStream."

echo
echo "variants (bench/width4-variants.cu), per kernel and width: the 8 fastest in round 1 and every pre-fix one"
# the BabelStream best of round R, kernel K, width W: from the logs, as "R K W GB/s"
for r in $(seq 1 "$rounds"); do
	for kb in copy:Copy scale:Mul add:Add triad:Triad; do
		for wt in 4:float 8:double; do
			read -r p _ <<<"$(babel "babelstream-${wt#*:}-$r.log" "${kb#*:}")"
			echo "$r ${kb%%:*} ${wt%%:*} ${p:-0}"
		done
	done
done >"$tmp/babel"
vfiles=()
for r in $(seq 1 "$rounds"); do vfiles+=("$logs/variants-$r.csv"); done
awk -F, -v rounds="$rounds" '
	FILENAME ~ /babel$/ { split($0, f, " "); bs[f[1] "," f[2] "," f[3]] = f[4]; next }
	FNR == 1 { r++; next }
	{
		key = $1 "," $2 "," $3 "," $4 "," $5 "," $6
		if (!(key in meta)) { meta[key] = $0; order[++n] = key }
		best[key, r] = $11; chk[key] = chk[key] ($13 == "ok" ? "" : "BAD ")
	}
	END {
		printf "%-11s %-6s %2s %-13s %5s %3s %5s %8s %8s", "variant", "kernel", "w", "layout", "block", "u", "regs", "thr/SM", "KiB/SM"
		for (i = 1; i <= rounds; i++) printf " %8s %6s", "best r" i, "/BS"
		print "  check"
		for (i = 1; i <= n; i++) {
			split(meta[order[i]], m, ",")
			line = sprintf("%-11s %-6s %2s %-13s %5s %3s %5s %8s %8s", m[1], m[2], m[3], m[4], m[5], m[6], m[8], m[9], m[10])
			for (j = 1; j <= rounds; j++) {
				b = bs[j "," m[2] "," m[3]]
				line = line sprintf(" %8s %6s", best[order[i], j], b > 0 && best[order[i], j] != "" ? sprintf("%.3f", best[order[i], j] / b) : "-")
			}
			print m[2] "," m[3] "\t" best[order[i], 1] "\t" (m[1] ~ /^pre-fix/) "\t" line "  " (chk[order[i]] == "" ? "ok" : chk[order[i]])
		}
	}' "$tmp/babel" "${vfiles[@]}" >"$tmp/vt"
head -n 1 "$tmp/vt"
tail -n +2 "$tmp/vt" | sort -t"$(printf '\t')" -k1,1 -k2,2gr |
	awk -F'\t' '$1 != last { last = $1; n = 0; print "" } { n++; if (n <= 8 || $3 == 1) print $4 }'
echo "thr/SM: resident threads per SM (occupancy API); KiB/SM: loads in flight per SM once every resident"
echo "thread has issued its iteration's loads; /BS: best over BabelStream's best of the same round."
if [ -s "$logs/ncu-variants.csv" ]; then
	echo
	echo "ncu (Nsight Compute), per profiled launch: kernel, block, grid | registers per thread, blocks per"
	echo "SM the registers allow, achieved occupancy (% of peak warps), DRAM throughput (% of peak), duration"
	for f in "$logs/ncu-variants.csv" "$logs/ncu-babelstream.csv"; do
		[ -s "$f" ] || continue
		# ncu --csv: a header row "ID","Process ID",..., then a row per kernel and metric
		awk -F'","' '/^"ID"/ { for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); c[h] = i }; next }
			!/^"[0-9]/ || !c["Kernel Name"] || !c["Metric Value"] { next }
			{ id = $1; sub(/^"/, "", id); k = $c["Kernel Name"]
			  gsub(/\(anonymous namespace\)::|^void /, "", k); sub(/\(.*/, "", k)
			  if (!(id in name)) { name[id] = substr(k, 1, 56) " " $c["Block Size"] " " $c["Grid Size"]; ids[++n] = id }
			  m = $c["Metric Name"]; sub(/^[a-z0-9]+__/, "", m); sub(/\..*/, "", m)
			  v = $c["Metric Value"]; sub(/"$/, "", v); vals[id] = vals[id] " " m "=" v }
			END { for (i = 1; i <= n; i++) print ids[i] ": " name[ids[i]] " |" vals[ids[i]] }' "$f"
	done
fi
echo "($SECONDS s)"
exit "$rc"
