#!/usr/bin/env bash
# gpuperf latency and the per-level read bandwidth beside the public peers,
# in one run on the device machine (issue #17):
#
#   bench/latency.sh [-d N] [PEERS_DIR]        (default: device 0, .peers)
#
# Each group: the gpuperf command, the peers, the gpuperf command again
# (a machine that drifted shows).  One table: figure, gpuperf (before,
# after), peer, the peer's figure, ratio gpuperf / peer; then the issue's
# targets, each MET or MISSED.
#
#   figure            gpuperf                            peer
#   L1, L2, DRAM      latency (default sweep): the        gb-latency (te42kyfo/gpu-benches): the
#   latency (cycles)  level's plateau, cycles per load    median cycles of its sets inside
#                                                        gpuperf's plateau of that level
#   host latency (ns) latency: the mapped host chase     nvbandwidth host_device_latency_sm
#   L1, L2 read       bandwidth --kernel read            gb-cache, gb-l2-cache (as bench/peers.sh:
#   (GB/s)            --shared-lines, a set sweep        the same sets, and each's best; the L2
#                                                        slices' figure and the shared lines')
#
# Targets (H100 SXM): L1 and L2 latency within 3 % of gb-latency, host
# latency within 10 % of nvbandwidth, L1 read >= 30000 GB/s, L2 read >= 9000
# GB/s (the slices' figure and the shared lines', each judged), the default
# latency sweep under 10 s.  PEER_TIMEOUT bounds each
# peer (default 180 s).  Exit 0, or 1 when gpuperf failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/peers-lib.sh
peers_init "$@"

# ---- latency ---------------------------------------------------------------
lat() {  # the gpuperf run into $1, its wall time into $1.s
	local t0 t1
	t0=$(date +%s.%N)
	"$gp" --csv latency >"$1" 2>"$1.err" || { cat "$1.err" >&2; return 1; }
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }' >"$1.s"
}
echo "== latency: gpuperf latency, then gb-latency and nvbandwidth" >&2
lat "$tmp/lat1.csv" || exit 1
have gb-latency && peer gb-latency gb-latency.log
have nvbandwidth && peer nvbandwidth nvbandwidth-latency.log -t host_device_latency_sm
lat "$tmp/lat2.csv" || exit 1

# A level row's column: level_val FILE LEVEL COLUMN.
level_val() { csv_get "$1" "$3" row=level level="$2" | head -n 1; }
# gb-latency's median cycles per load over its sets of LO..HI bytes (rows: iters clock kB ms cycles).
gbl() {
	awk -v lo="$1" -v hi="$2" 'NF == 5 && $1 ~ /^[0-9]+$/ { b = $3 * 1024; if (b >= lo && b <= hi) print $5 }' \
		"$logs/gb-latency.log" 2>/dev/null | sort -g |
		awk '{ v[NR] = $1 } END { if (NR) printf "%.1f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
for L in L1 L2 DRAM; do
	lo=$(level_val "$tmp/lat1.csv" $L size_bytes)
	hi=$(level_val "$tmp/lat1.csv" $L size_max_bytes)
	peer_v=""
	[ -n "$lo" ] && peer_v=$(gbl "$lo" "$hi")
	add "$L latency (cycles)" "$(level_val "$tmp/lat1.csv" $L cycles)" \
		"$(level_val "$tmp/lat2.csv" $L cycles)" "gb-latency, sets $lo-$hi B" "$peer_v"
done
add "host latency (ns)" "$(level_val "$tmp/lat1.csv" host ns)" "$(level_val "$tmp/lat2.csv" host ns)" \
	"nvbandwidth host_device_latency_sm" "$(nvb host_device_latency_sm nvbandwidth-latency.log)"

# ---- L1 and L2 read bandwidth ------------------------------------------------
peers_caches "" || exit 1

peers_table "gpuperf latency beside its peers, GPU $dev: $(csv_get "$tmp/lat1.csv" device | head -n 1), $(date -u +%FT%TZ)" \
	"latency: cycles per load (host: ns); bandwidth: GB/s; gpuperf again: after the peers; ratio: gpuperf / peer"

# ---- the targets ---------------------------------------------------------------
# target NAME TEST: MET when the awk expression over g (gpuperf) and p (peer) holds.
target() {
	local fig=$1 expr=$2 g p
	IFS='|' read -r _ g _ _ p _ < <(grep -F "$fig|" "$rows" | head -n 1)
	if [ -z "$g" ] || { [[ "$expr" == *p* ]] && [ -z "$p" ]; }; then
		printf 'target %-42s n/a (no figure)\n' "$3"
	elif awk -v g="$g" -v p="${p:-0}" "BEGIN { exit !($expr) }"; then
		printf 'target %-42s MET\n' "$3"
	else
		printf 'target %-42s MISSED (gpuperf %s, peer %s)\n' "$3" "$g" "${p:--}"
	fi
}
echo
target "L1 latency (cycles)" 'g >= 0.97 * p && g <= 1.03 * p' "L1 latency within 3 % of gb-latency"
target "L2 latency (cycles)" 'g >= 0.97 * p && g <= 1.03 * p' "L2 latency within 3 % of gb-latency"
target "host latency (ns)" 'g >= 0.9 * p && g <= 1.1 * p' "host latency within 10 % of nvbandwidth"
target "L1 read" 'g >= 30000' "L1 read >= 30000 GB/s"
target "L2 read, slices" 'g >= 9000' "L2 read, slices >= 9000 GB/s"
target "L2 read, shared lines" 'g >= 9000' "L2 read, shared lines >= 9000 GB/s"
target "L1 read" 'g >= p' "L1 read at least gb-cache's"
target "L2 read, shared lines" 'g >= p' "L2 read, shared lines at least gb-l2-cache's"
s=$(cat "$tmp/lat1.csv.s")
printf 'target %-42s %s (%s s)\n' "default latency sweep under 10 s" \
	"$(awk -v s="$s" 'BEGIN { print (s < 10 ? "MET" : "MISSED") }')" "$s"
[ -n "${OUT:-}" ] && cp "$tmp"/*.csv "$logs/" 2>/dev/null
exit 0
