#!/usr/bin/env bash
# gpuperf beside the public tools ("peers"), in one run on the device machine:
#
#   bench/peers.sh [-d N] [PEERS_DIR]        (default: device 0, .peers)
#
# Builds nothing: runs whatever peer binaries PEERS_DIR holds (how to build
# them: bench/NOTES.md, "Peers") and PyTorch when python3 has it, each
# group of figures interleaved with the gpuperf command that measures the
# same thing, run once before the peers and once after them so a machine
# that drifted shows.  Prints one table: figure, gpuperf (before, after),
# peer, the peer's figure, and the ratio gpuperf / peer (above 1: gpuperf
# is ahead).  Peers' raw output goes to $OUT/peers/ when OUT is set.
#
#   figure        gpuperf                               peers
#   DRAM          bandwidth (1 GiB arrays, 16 B)        BabelStream cuda-stream --float (1 GiB
#                                                       arrays, best of 100), gb-stream (best
#                                                       block size), PyTorch y.copy_(x),
#                                                       nvbandwidth device_local_copy (x2:
#                                                       it counts a copy once)
#   PCIe          pcie --memory pinned|pageable 256M    nvbandwidth *_memcpy_ce -b 256,
#                                                       bandwidthTest at 256 MiB, PyTorch
#   L1, L2 read   bandwidth --kernel read, a size sweep gb-cache, gb-l2-cache
#                 (best row of each level)
#
# Every figure is GB/s (10^9 B/s).  gpuperf's is its median; BabelStream,
# gb-* and bandwidthTest report their best or mean, nvbandwidth its median.
# PEER_TIMEOUT (default 180 s) bounds each peer.  Exit 0, or 1 when gpuperf failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/peers-lib.sh
peers_init "$@"

# ---- DRAM -----------------------------------------------------------------
dram() {  # the gpuperf run into $1
	"$gp" --csv bandwidth --kernel read,write,copy,scale,add,triad,memcpy >"$1" 2>"$1.err" ||
		{ cat "$1.err" >&2; return 1; }
}
echo "== DRAM: gpuperf bandwidth, then the peers" >&2
dram "$tmp/bw1.csv" || exit 1
have cuda-stream && peer cuda-stream babelstream.log --float --arraysize 268435456 --csv --gigabytes
have gb-stream && peer gb-stream gb-stream.log
have nvbandwidth && peer nvbandwidth nvbandwidth-local.log -t device_local_copy
torch_ok=0
if command -v python3 >/dev/null && python3 -c 'import torch, sys; sys.exit(not torch.cuda.is_available())' 2>/dev/null; then
	torch_ok=1
	python3 - >"$logs/pytorch.log" 2>&1 <<'PY'
# What a framework user gets: y.copy_(x) on 1 GiB, and pinned host <-> device
# copies of 256 MiB; CUDA events around each, median of 30 after 5 warm-ups.
import torch

def median_ms(fn, reps=30):
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    t = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); e.synchronize()
        t.append(s.elapsed_time(e))
    t.sort()
    return (t[reps // 2 - 1] + t[reps // 2]) / 2

n = 1 << 28
x = torch.ones(n, device="cuda"); y = torch.empty_like(x)
print("copy", 2 * 4 * n / median_ms(lambda: y.copy_(x)) / 1e6)
m = 1 << 26
h = torch.ones(m).pin_memory(); d = torch.empty(m, device="cuda")
print("h2d", 4 * m / median_ms(lambda: d.copy_(h, non_blocking=True)) / 1e6)
print("d2h", 4 * m / median_ms(lambda: h.copy_(d, non_blocking=True)) / 1e6)
PY
fi
dram "$tmp/bw2.csv" || exit 1

bw() { csv_get "$1" bandwidth_gbs kernel="$2" | head -n 1; }
babel() { awk -F, -v f="$1" '$1 == f { print $5; exit }' "$logs/babelstream.log" 2>/dev/null; }
gbs() {  # gb-stream column: 1 init, 2 read, 3 scale, 4 triad; best block size
	awk -v c="$1" '/GB\/s:/ { sub(/.*GB\/s:/, ""); print $c }' "$logs/gb-stream.log" 2>/dev/null | max_of
}
torch_fig() { awk -v k="$1" '$1 == k { printf "%.1f\n", $2 }' "$logs/pytorch.log" 2>/dev/null; }

for k in copy scale add triad read; do
	b=$(case $k in copy) echo Copy ;; scale) echo Mul ;; add) echo Add ;; triad) echo Triad ;; read) echo Dot ;; esac)
	add "DRAM $k" "$(bw "$tmp/bw1.csv" $k)" "$(bw "$tmp/bw2.csv" $k)" "BabelStream $b" "$(babel "$b")"
done
for k in write:1:init read:2:read scale:3:scale triad:4:triad; do
	IFS=: read -r g c name <<<"$k"
	add "DRAM $g" "$(bw "$tmp/bw1.csv" "$g")" "$(bw "$tmp/bw2.csv" "$g")" "gb-stream $name" "$(gbs "$c")"
done
local_copy=$(nvb device_local_copy nvbandwidth-local.log)
add "DRAM copy" "$(bw "$tmp/bw1.csv" copy)" "$(bw "$tmp/bw2.csv" copy)" "nvbandwidth local copy x2" \
	"$(awk -v v="$local_copy" 'BEGIN { if (v != "") print 2 * v }')"
add "DRAM copy" "$(bw "$tmp/bw1.csv" copy)" "$(bw "$tmp/bw2.csv" copy)" "gpuperf memcpy (same run)" \
	"$(bw "$tmp/bw1.csv" memcpy)"
[ "$torch_ok" = 1 ] && add "DRAM copy" "$(bw "$tmp/bw1.csv" copy)" "$(bw "$tmp/bw2.csv" copy)" \
	"PyTorch y.copy_(x)" "$(torch_fig copy)"

# ---- PCIe -----------------------------------------------------------------
pcie() {
	"$gp" --csv pcie --memory pinned,pageable --direction h2d,d2h,bidir --size 256M >"$1" 2>"$1.err" ||
		{ cat "$1.err" >&2; return 1; }
}
echo "== PCIe: gpuperf pcie, then the peers" >&2
pcie "$tmp/pcie1.csv" || exit 1
have nvbandwidth && peer nvbandwidth nvbandwidth-pcie.log -b 256 -t host_to_device_memcpy_ce \
	device_to_host_memcpy_ce host_to_device_bidirectional_memcpy_ce device_to_host_bidirectional_memcpy_ce
if have bandwidthTest; then
	for m in pinned pageable; do
		peer bandwidthTest "bandwidthTest-$m.log" --memory=$m --mode=range --start=268435456 \
			--end=268435456 --increment=1 --htod --dtoh --csv
	done
fi
pcie "$tmp/pcie2.csv" || exit 1

pc() { csv_get "$1" bandwidth_gbs memory="$2" direction="$3" | head -n 1; }
bwt() {  # bandwidthTest's H2D-Pinned, D2H-Paged...: "bandwidthTest-H2D-Pinned, Bandwidth = 53.9 GB/s"
	awk -v k="bandwidthTest-$1," '$1 == k { print $4; exit }' "$logs/bandwidthTest-$2.log" 2>/dev/null
}
nh=$(nvb host_to_device_bidirectional_memcpy_ce nvbandwidth-pcie.log)
nd=$(nvb device_to_host_bidirectional_memcpy_ce nvbandwidth-pcie.log)
for d in h2d d2h; do
	D=$(echo "$d" | tr '[:lower:]' '[:upper:]')
	add "PCIe $d pinned" "$(pc "$tmp/pcie1.csv" pinned $d)" "$(pc "$tmp/pcie2.csv" pinned $d)" \
		"nvbandwidth" "$(nvb "$([ $d = h2d ] && echo host_to_device || echo device_to_host)_memcpy_ce" nvbandwidth-pcie.log)"
	add "PCIe $d pinned" "$(pc "$tmp/pcie1.csv" pinned $d)" "$(pc "$tmp/pcie2.csv" pinned $d)" \
		"bandwidthTest" "$(bwt "$D-Pinned" pinned)"
	[ "$torch_ok" = 1 ] && add "PCIe $d pinned" "$(pc "$tmp/pcie1.csv" pinned $d)" \
		"$(pc "$tmp/pcie2.csv" pinned $d)" "PyTorch copy_ (pinned)" "$(torch_fig $d)"
	add "PCIe $d pageable" "$(pc "$tmp/pcie1.csv" pageable $d)" "$(pc "$tmp/pcie2.csv" pageable $d)" \
		"bandwidthTest" "$(bwt "$D-Paged" pageable)"
done
add "PCIe both ways, h2d part" "$(pc "$tmp/pcie1.csv" pinned bidir-h2d)" "$(pc "$tmp/pcie2.csv" pinned bidir-h2d)" \
	"nvbandwidth h2d bidirectional" "$nh"
add "PCIe both ways, d2h part" "$(pc "$tmp/pcie1.csv" pinned bidir-d2h)" "$(pc "$tmp/pcie2.csv" pinned bidir-d2h)" \
	"nvbandwidth d2h bidirectional" "$nd"
add "PCIe both ways, sum" "$(pc "$tmp/pcie1.csv" pinned bidir-sum)" "$(pc "$tmp/pcie2.csv" pinned bidir-sum)" \
	"nvbandwidth both bidirectional, added" "$(awk -v a="$nh" -v b="$nd" 'BEGIN { if (a != "" && b != "") print a + b }')"

# ---- L1 and L2 read --------------------------------------------------------
if have gb-cache || have gb-l2-cache; then
	peers_caches "" || exit 1
fi

# ---- the table ---------------------------------------------------------------
peers_table "gpuperf beside its peers, GPU $dev: $(csv_get "$tmp/bw1.csv" device | head -n 1), $(date -u +%FT%TZ)" \
	"GB/s; gpuperf: median (again: the same command after the peers); ratio: gpuperf / peer"
[ -n "${OUT:-}" ] && cp "$tmp"/*.csv "$logs/" 2>/dev/null
exit 0
