#!/usr/bin/env bash
# Pageable host<->device copies, every plausible way, beside bandwidthTest
# (issue 31: gpuperf's pageable H2D read 0.88 of bandwidthTest's), on the
# device machine in one call of about a minute:
#
#   bench/pageable-variants.sh [-d N] [PEERS_DIR]     (default: device 0, .peers)
#   bench/pageable-variants.sh --build                (build only; no GPU needed)
#
# 1. build/bench/pageable-variants (bench/pageable-variants.c, built here
#    when missing or older than its source): 19 variants x h2d, d2h x
#    32000000 and 268435456 bytes (bandwidthTest's default and the size the
#    issue compared), 2 rounds of 4 repetitions, the order reversed in the
#    second, every copy's data checked; a table of median, mean, best and
#    worst GB/s and the ratio to bandwidthTest's method (bwt) and
#    gpuperf's (gp) in the same process.
# 2. bandwidthTest itself (when PEERS_DIR has it) at the same sizes, so the
#    bwt replica is checked against the real tool.
# 3. gpuperf pcie --memory pageable at the same sizes, as it is and with
#    switches of GPUPERF_PCIE_VARIANT (PAGEABLE_SWITCHES, default "malloc
#    sync nosample"; also legacy, chunk=MiB, joined by commas), so the
#    winner can be made the default.
#
# Exit 0, or 1 when a build, a data check or gpuperf failed.  Raw outputs
# go to $OUT/peers when OUT is set.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
bin=build/bench/pageable-variants
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
build || exit 1
. bench/peers-lib.sh
peers_init "$@"
rc=0

echo "== pageable-variants (about 35 s)"
"$bin" 32000000 268435456 | tee "$logs/pageable-variants.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1

if have bandwidthTest; then
	echo
	echo "== bandwidthTest --memory=pageable: 32000000 (its default) and 268435456 bytes, mean of 100"
	peer_for 60 bandwidthTest bandwidthTest-pageable-32MB.log --memory=pageable --htod --dtoh --csv
	peer_for 60 bandwidthTest bandwidthTest-pageable.log --memory=pageable --mode=range \
		--start=268435456 --end=268435456 --increment=1 --htod --dtoh --csv
	grep -h '^bandwidthTest-' "$logs/bandwidthTest-pageable-32MB.log" "$logs/bandwidthTest-pageable.log"
fi

echo
echo "== gpuperf pcie --memory pageable --direction h2d,d2h --size 32000000,256M (median of 10)"
printf '%-22s %-4s %10s %8s\n' GPUPERF_PCIE_VARIANT dir size GB/s
for v in default ${PAGEABLE_SWITCHES:-malloc sync nosample}; do
	if ! GPUPERF_PCIE_VARIANT=$v "$gp" --csv pcie --memory pageable --direction h2d,d2h \
		--size 32000000,256M >"$logs/gpuperf-$v.csv" 2>"$logs/gpuperf-$v.err"; then
		echo "gpuperf with GPUPERF_PCIE_VARIANT=$v failed:" >&2
		tail -n 3 "$logs/gpuperf-$v.err" >&2
		rc=1
		continue
	fi
	awk -F, -v v="$v" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ printf "%-22s %-4s %10s %8s\n", v, $c["direction"], $c["size_bytes"], $c["bandwidth_gbs"] }' \
		"$logs/gpuperf-$v.csv"
done
exit "$rc"
