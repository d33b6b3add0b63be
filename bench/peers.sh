#!/usr/bin/env bash
# gpuperf beside the public tools ("peers"), in one run on the device machine:
#
#   bench/peers.sh [-d N] [PEERS_DIR]        (default: device 0, .peers)
#
# Builds nothing: runs whatever peer binaries PEERS_DIR holds (how to build
# them: bench/NOTES.md, "Peers") and PyTorch when python3 has it.  Each
# group of figures runs gpuperf, the peers, then gpuperf again (a machine
# that drifted shows in the "again" column); pinned PCIe instead runs
# PEERS_ROUNDS (default 10) rounds, nvbandwidth and gpuperf in turn, the
# first of them alternating, and takes each side's median over the rounds.
# Prints one table: figure, which comparison the row is, gpuperf, its
# spread, gpuperf again, the peer, its figure, its spread, and the ratio
# gpuperf / peer (above 1: gpuperf is ahead); then the issue's targets.
# Peers' raw output and gpuperf's CSVs go to $OUT/peers/ when OUT is set.
#
# Rows ("compare" column):
#   like   the same operation, access width and statistic (and set, for
#          the caches): gpuperf --width 4 against BabelStream --float, --width
#          8 against its doubles and gb-stream's, best against best (BabelStream
#          prints min/max/mean of its runs, no median) or median against median
#   best   each tool's best configuration (widths, block sizes, sets), the
#          same statistic
#   unlike a difference the row names (the L2 slices' figure against
#          gb-l2-cache's shared lines; bandwidthTest's mean against a median;
#          gpuperf's SM copy against a copy engine's); a target judged on
#          such a row says so
# PyTorch's y.copy_(x) is a cudaMemcpyAsync device to device (a copy engine):
# its like row is gpuperf's memcpy.
#
#   figure        gpuperf                               peers
#   DRAM          bandwidth, 1 GiB arrays, widths       BabelStream cuda-stream --float and
#                 4, 8 and 16 B                         double (1 GiB arrays, 100 runs), gb-stream
#                                                       (doubles, median of 9, best block size),
#                                                       nvbandwidth device_local_copy (x2: it
#                                                       counts a copy once), PyTorch y.copy_(x)
#   PCIe pinned   pcie --memory pinned 256M, rounds     nvbandwidth *_memcpy_ce -b 256 (median of
#                                                       3), rounds; bandwidthTest at 256 MiB
#                                                       (mean of 100), PyTorch (median of 30)
#   PCIe pageable pcie --memory pageable 32000000,256M  bandwidthTest at 32 MB (its default) and
#                                                       256 MiB (mean of 100)
#   L1, L2 read   bandwidth --kernel read --shared-     gb-cache, gb-l2-cache (fastest of 15 / 11
#                 lines, gb-l2-cache's sets             runs per set; sets within L2/2), each
#                                                       stopped once past the sets compared
#
# Every figure is GB/s (10^9 B/s).  PEER_TIMEOUT (default 180 s) bounds each
# peer; GB_CACHE_TIMEOUT and GB_L2_TIMEOUT (25 s) the cache tests, which go
# on to DRAM-sized sets nobody compares.  About 3 minutes on an H100.
# Exit 0, or 1 when gpuperf failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. bench/peers-lib.sh
peers_init "$@"
rounds=${PEERS_ROUNDS:-10}

# ---- DRAM -----------------------------------------------------------------
dram() {  # the gpuperf run into $1
	"$gp" --csv bandwidth --kernel read,write,copy,scale,add,triad,memcpy --width 4,8,16 \
		>"$1" 2>"$1.err" || { cat "$1.err" >&2; return 1; }
}
echo "== DRAM: gpuperf bandwidth, then the peers" >&2
dram "$tmp/bw1.csv" || exit 1
if have cuda-stream; then
	peer cuda-stream babelstream-float.log --float --arraysize 268435456 --csv --gigabytes
	peer cuda-stream babelstream-double.log --arraysize 134217728 --csv --gigabytes
fi
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

bwv() {  # FILE COLUMN KERNEL WIDTH
	csv_get "$1" "$2" kernel="$3" width_bytes="$4" | head -n 1
}
bw_best_cfg() {  # FILE COLUMN KERNEL: the largest over the widths
	for w in 4 8 16; do bwv "$1" "$2" "$3" $w; done | max_of
}
bw_best_width() {  # FILE COLUMN KERNEL: the width of bw_best_cfg
	for w in 4 8 16; do echo "$(bwv "$1" "$2" "$3" $w) $w"; done | awk 'NF == 2' | sort -g -r | head -n 1 | cut -d' ' -f2
}
gbs() {  # gb-stream column: 1 init, 2 read, 3 scale, 4 triad; best block size
	awk -v c="$1" '/GB\/s:/ { sub(/.*GB\/s:/, ""); print $c }' "$logs/gb-stream.log" 2>/dev/null | max_of
}
torch_fig() { awk -v k="$1" '$1 == k { printf "%.1f\n", $2 }' "$logs/pytorch.log" 2>/dev/null; }

for kb in copy:Copy scale:Mul add:Add triad:Triad; do
	k=${kb%%:*} b=${kb#*:}
	for wt in 4:float 8:double; do
		w=${wt%%:*} t=${wt#*:}
		read -r pv ps <<<"$(babel "babelstream-$t.log" "$b")"
		add "DRAM $k" "$(bwv "$tmp/bw1.csv" best_gbs "$k" "$w")" "$(bwv "$tmp/bw2.csv" best_gbs "$k" "$w")" \
			"BabelStream $b, $t" "$pv" "like: $w B, best/best" \
			"$(gp_spread "$tmp/bw1.csv" kernel="$k" width_bytes="$w")" "$ps"
	done
	pv=$( { babel babelstream-float.log "$b"; babel babelstream-double.log "$b"; } | sort -g -r | head -n 1)
	w=$(bw_best_width "$tmp/bw1.csv" best_gbs "$k")
	add "DRAM $k" "$(bw_best_cfg "$tmp/bw1.csv" best_gbs "$k")" "$(bw_best_cfg "$tmp/bw2.csv" best_gbs "$k")" \
		"BabelStream $b, float or double" "${pv%% *}" "best: best config, best/best" \
		"${w:+$(gp_spread "$tmp/bw1.csv" kernel="$k" width_bytes="$w")}" "${pv#* }"
done
for k in write:1:init read:2:read scale:3:scale triad:4:triad; do
	IFS=: read -r g c name <<<"$k"
	add "DRAM $g" "$(bwv "$tmp/bw1.csv" bandwidth_gbs "$g" 8)" "$(bwv "$tmp/bw2.csv" bandwidth_gbs "$g" 8)" \
		"gb-stream $name, double" "$(gbs "$c")" "like: 8 B, median/median" \
		"$(gp_spread "$tmp/bw1.csv" kernel="$g" width_bytes=8)"
	w=$(bw_best_width "$tmp/bw1.csv" bandwidth_gbs "$g")
	add "DRAM $g" "$(bw_best_cfg "$tmp/bw1.csv" bandwidth_gbs "$g")" "$(bw_best_cfg "$tmp/bw2.csv" bandwidth_gbs "$g")" \
		"gb-stream $name, best block size" "$(gbs "$c")" "best: best config, median" \
		"${w:+$(gp_spread "$tmp/bw1.csv" kernel="$g" width_bytes="$w")}"
done
local_copy=$(nvb device_local_copy nvbandwidth-local.log)
local_copy=$(awk -v v="$local_copy" 'BEGIN { if (v != "") print 2 * v }')
add "DRAM copy, copy engine" "$(csv_get "$tmp/bw1.csv" bandwidth_gbs kernel=memcpy | head -n 1)" \
	"$(csv_get "$tmp/bw2.csv" bandwidth_gbs kernel=memcpy | head -n 1)" "nvbandwidth local copy x2" \
	"$local_copy" "like: CE copy, median" "$(gp_spread "$tmp/bw1.csv" kernel=memcpy)"
add "DRAM copy" "$(bwv "$tmp/bw1.csv" bandwidth_gbs copy 16)" "$(bwv "$tmp/bw2.csv" bandwidth_gbs copy 16)" \
	"nvbandwidth local copy x2" "$local_copy" "unlike: SM vs CE, median" \
	"$(gp_spread "$tmp/bw1.csv" kernel=copy width_bytes=16)"
add "DRAM copy" "$(bwv "$tmp/bw1.csv" bandwidth_gbs copy 16)" "$(bwv "$tmp/bw2.csv" bandwidth_gbs copy 16)" \
	"gpuperf memcpy (same run)" "$(csv_get "$tmp/bw1.csv" bandwidth_gbs kernel=memcpy | head -n 1)" \
	"unlike: SM vs CE, median" "$(gp_spread "$tmp/bw1.csv" kernel=copy width_bytes=16)" \
	"$(gp_spread "$tmp/bw1.csv" kernel=memcpy)"
# y.copy_(x) of two contiguous tensors of one dtype on one GPU is a cudaMemcpyAsync
# device to device: the copy engine's, so its like is gpuperf's memcpy
[ "$torch_ok" = 1 ] && add "DRAM copy, copy engine" \
	"$(csv_get "$tmp/bw1.csv" bandwidth_gbs kernel=memcpy | head -n 1)" \
	"$(csv_get "$tmp/bw2.csv" bandwidth_gbs kernel=memcpy | head -n 1)" "PyTorch y.copy_(x)" \
	"$(torch_fig copy)" "like: CE copy, median" "$(gp_spread "$tmp/bw1.csv" kernel=memcpy)"

# ---- PCIe pinned: alternating rounds ------------------------------------------
echo "== PCIe pinned: $rounds rounds of nvbandwidth and gpuperf pcie, alternating" >&2
pinned_gp() {  # ROUND
	"$gp" --csv pcie --memory pinned --direction h2d,d2h,bidir --size 256M >"$tmp/pin-$1.csv" \
		2>"$tmp/pin-$1.csv.err" || { cat "$tmp/pin-$1.csv.err" >&2; return 1; }
}
pinned_nvb() {  # ROUND
	have nvbandwidth && peer nvbandwidth "nvbandwidth-pcie-$1.log" -b 256 -t host_to_device_memcpy_ce \
		device_to_host_memcpy_ce host_to_device_bidirectional_memcpy_ce device_to_host_bidirectional_memcpy_ce
	return 0
}
for r in $(seq 1 "$rounds"); do
	if [ $((r % 2)) = 1 ]; then
		pinned_nvb "$r"
		pinned_gp "$r" || exit 1
	else
		pinned_gp "$r" || exit 1
		pinned_nvb "$r"
	fi
done
pc() { csv_get "$1" bandwidth_gbs memory="$2" direction="$3" size_bytes="${4:-268435456}" | head -n 1; }
# "median spread" over the rounds of gpuperf's DIRECTION, and of nvbandwidth's TEST(s, added)
gp_rounds() { for r in $(seq 1 "$rounds"); do pc "$tmp/pin-$r.csv" pinned "$1"; done | median_spread; }
nvb_rounds() {
	for r in $(seq 1 "$rounds"); do
		a=$(nvb "$1" "nvbandwidth-pcie-$r.log")
		b=${2:+$(nvb "$2" "nvbandwidth-pcie-$r.log")}
		[ -n "$a" ] && awk -v a="$a" -v b="${b:-0}" 'BEGIN { print a + b }'
	done | median_spread
}
# rounds in which gpuperf was at least nvbandwidth: "k/n"
wins() {
	for r in $(seq 1 "$rounds"); do
		g=$(pc "$tmp/pin-$r.csv" pinned "$1")
		a=$(nvb "$2" "nvbandwidth-pcie-$r.log")
		b=${3:+$(nvb "$3" "nvbandwidth-pcie-$r.log")}
		[ -n "$g" ] && [ -n "$a" ] && awk -v g="$g" -v a="$a" -v b="${b:-0}" 'BEGIN { print (g >= a + b) }'
	done | awk '{ n++; w += $1 } END { printf "%d/%d", w, n }'
}
bwt() {  # bandwidthTest's H2D-Pinned, D2H-Paged...: "bandwidthTest-H2D-Pinned, Bandwidth = 53.9 GB/s"
	awk -v k="bandwidthTest-$1," '$1 == k { print $4; exit }' "$logs/$2" 2>/dev/null
}
have bandwidthTest && peer bandwidthTest bandwidthTest-pinned.log --memory=pinned --mode=range \
	--start=268435456 --end=268435456 --increment=1 --htod --dtoh --csv
for d in h2d d2h; do
	D=$(echo "$d" | tr '[:lower:]' '[:upper:]')
	t=$([ $d = h2d ] && echo host_to_device || echo device_to_host)_memcpy_ce
	read -r g gs <<<"$(gp_rounds $d)"
	read -r v vs <<<"$(nvb_rounds "$t")"
	add "PCIe $d pinned 256 MiB" "$g" "" "nvbandwidth" "$v" "like: median of $rounds rounds" "$gs" "$vs"
	add "PCIe $d pinned 256 MiB" "$g" "" "bandwidthTest" "$(bwt "$D-Pinned" bandwidthTest-pinned.log)" \
		"unlike: its mean of 100" "$gs"
	[ "$torch_ok" = 1 ] && add "PCIe $d pinned 256 MiB" "$g" "" "PyTorch copy_ (pinned)" "$(torch_fig $d)" \
		"like: median" "$gs"
done
read -r g gs <<<"$(gp_rounds bidir-h2d)"
read -r v vs <<<"$(nvb_rounds host_to_device_bidirectional_memcpy_ce)"
add "PCIe both ways, h2d part" "$g" "" "nvbandwidth h2d bidirectional" "$v" "like: median of $rounds rounds" "$gs" "$vs"
read -r g gs <<<"$(gp_rounds bidir-d2h)"
read -r v vs <<<"$(nvb_rounds device_to_host_bidirectional_memcpy_ce)"
add "PCIe both ways, d2h part" "$g" "" "nvbandwidth d2h bidirectional" "$v" "like: median of $rounds rounds" "$gs" "$vs"
read -r g gs <<<"$(gp_rounds bidir-sum)"
read -r v vs <<<"$(nvb_rounds host_to_device_bidirectional_memcpy_ce device_to_host_bidirectional_memcpy_ce)"
add "PCIe both ways, sum" "$g" "" "nvbandwidth bidirectional, added" "$v" \
	"unlike: wall vs 2 rates" "$gs" "$vs"

# ---- PCIe pageable --------------------------------------------------------------
pageable() {
	"$gp" --csv pcie --memory pageable --direction h2d,d2h --size 32000000,256M >"$1" 2>"$1.err" ||
		{ cat "$1.err" >&2; return 1; }
}
echo "== PCIe pageable: gpuperf pcie, bandwidthTest at 32 MB and 256 MiB, gpuperf again" >&2
pageable "$tmp/pg1.csv" || exit 1
if have bandwidthTest; then
	peer bandwidthTest bandwidthTest-pageable-32MB.log --memory=pageable --htod --dtoh --csv
	peer bandwidthTest bandwidthTest-pageable.log --memory=pageable --mode=range \
		--start=268435456 --end=268435456 --increment=1 --htod --dtoh --csv
fi
pageable "$tmp/pg2.csv" || exit 1
pg_spread() {  # DIRECTION SIZE: (longest - shortest time) / median time, %
	paste -d' ' <(csv_get "$tmp/pg1.csv" time_max_us memory=pageable direction="$1" size_bytes="$2") \
		<(csv_get "$tmp/pg1.csv" time_min_us memory=pageable direction="$1" size_bytes="$2") \
		<(csv_get "$tmp/pg1.csv" time_us memory=pageable direction="$1" size_bytes="$2") |
		awk 'NF == 3 && $3 > 0 { printf "%.1f\n", 100 * ($1 - $2) / $3 }'
}
for d in h2d d2h; do
	D=$(echo "$d" | tr '[:lower:]' '[:upper:]')
	for sz in 32000000:"32 MB":bandwidthTest-pageable-32MB.log 268435456:"256 MiB":bandwidthTest-pageable.log; do
		IFS=: read -r bytes label log <<<"$sz"
		add "PCIe $d pageable $label" "$(pc "$tmp/pg1.csv" pageable $d "$bytes")" \
			"$(pc "$tmp/pg2.csv" pageable $d "$bytes")" "bandwidthTest" "$(bwt "$D-Paged" "$log")" \
			"unlike: median vs its mean" "$(pg_spread $d "$bytes")"
	done
done

# ---- L1 and L2 read --------------------------------------------------------
if have gb-cache || have gb-l2-cache; then
	peers_caches "" || exit 1
fi

# ---- the table ---------------------------------------------------------------
peers_table "gpuperf beside its peers, GPU $dev: $(csv_get "$tmp/bw1.csv" device | head -n 1), $(date -u +%FT%TZ)" \
"GB/s (10^9 B/s); ratio: gpuperf / peer; again: gpuperf's same command after the peers.
compare: like = the same operation, access width and statistic (caches: the same set);
  best = each tool's best configuration (width, block size, set), the same statistic;
  unlike = the difference named.  best/best: fastest repetition against the peer's best.
±%: (slowest - fastest) / middle figure over the repetitions (pinned PCIe: over the $rounds
  rounds); BabelStream: (max - min) / mean time of its 100 runs; gb-cache, gb-l2-cache:
  their spread column; '-': the tool prints none.
statistics: gpuperf median of 30 (PCIe 10; caches 10), best = its fastest; BabelStream
  best of 100 (host clock around each launch and its sync); gb-stream median of 9 per block
  size, its best block size; gb-cache / gb-l2-cache fastest of 15 / 11; nvbandwidth median
  of 3; bandwidthTest mean of 100 (pageable: each copy timed alone, a 256 MiB memset between);
  PyTorch median of 30.
not compared: BabelStream Dot (two arrays and a reduction; gpuperf's read reads one)."

# ---- the targets (issue 31) ---------------------------------------------------------
# target TEXT FIGURE PEER_PREFIX EXPR: MET when the awk expression over g and p holds;
# the verdict on an unlike row says so, and what differs
target() {
	local text=$1 fig=$2 pp=$3 expr=$4 g p cmp v
	IFS='|' read -r _ g _ _ p cmp _ < <(awk -F'|' -v f="$fig" -v pp="$pp" \
		'$1 == f && index($4, pp) == 1 { print; exit }' "$rows")
	if [ -z "$g" ] || [ -z "$p" ]; then
		printf 'target %-58s n/a (no figure)\n' "$text"
		return
	fi
	v=MISSED
	awk -v g="$g" -v p="$p" "BEGIN { exit !($expr) }" && v=MET
	case $cmp in
	unlike:*) printf 'target %-58s %s (%s against %s; an unlike row, %s)\n' "$text" "$v" "$g" "$p" \
		"${cmp#unlike: }" ;;
	*) printf 'target %-58s %s (%s against %s)\n' "$text" "$v" "$g" "$p" ;;
	esac
}
echo
target "L2 read, shared lines: at least gb-l2-cache's best" "L2 read, shared lines" "gb-l2-cache" 'g >= p'
target "pageable h2d at least bandwidthTest's, 32 MB" "PCIe h2d pageable 32 MB" bandwidthTest 'g >= p'
target "pageable h2d at least bandwidthTest's, 256 MiB" "PCIe h2d pageable 256 MiB" bandwidthTest 'g >= p'
target "pageable d2h at least bandwidthTest's, 32 MB" "PCIe d2h pageable 32 MB" bandwidthTest 'g >= p'
target "pageable d2h at least bandwidthTest's, 256 MiB" "PCIe d2h pageable 256 MiB" bandwidthTest 'g >= p'
target "pinned h2d >= 0.995 x nvbandwidth, median of $rounds rounds" "PCIe h2d pinned 256 MiB" nvbandwidth 'g >= 0.995 * p'
target "pinned d2h >= 0.995 x nvbandwidth, median of $rounds rounds" "PCIe d2h pinned 256 MiB" nvbandwidth 'g >= 0.995 * p'
echo "pinned rounds with gpuperf >= nvbandwidth: h2d $(wins h2d host_to_device_memcpy_ce)," \
	"d2h $(wins d2h device_to_host_memcpy_ce)," \
	"both ways summed $(wins bidir-sum host_to_device_bidirectional_memcpy_ce device_to_host_bidirectional_memcpy_ce)"
[ -n "${OUT:-}" ] && cp "$tmp"/*.csv "$logs/" 2>/dev/null
exit 0
