#!/usr/bin/env bash
# Benchmark: gpuperf pcie against the targets of DESIGN.md (H100, PCIe Gen5 x16):
# pinned H2D >= 55 GB/s, D2H >= 55 GB/s, bidirectional >= 94 GB/s total
# (63.0 GB/s per direction after 128b/130b encoding).  Pageable,
# write-combined and registered are measured and printed beside them, with
# no target.  Exit status: 0 when every target is met, 1 when one is missed,
# 2 when gpuperf failed.
#
#   bench/pcie.sh [GPUPERF [SIZE [REPS]]]     default ./gpuperf 256M 20
set -u
cd "$(dirname "$0")/.." || exit 2
GPUPERF=${1:-./gpuperf}
SIZE=${2:-256M}
REPS=${3:-20}

csv=$(mktemp) || exit 2
trap 'rm -f "$csv"' EXIT
if ! "$GPUPERF" --csv pcie --direction all --memory pageable,pinned,wc,registered \
	--size "$SIZE" --reps "$REPS" > "$csv"; then
	echo "bench/pcie.sh: gpuperf pcie failed" >&2
	exit 2
fi

col() { head -n 1 "$csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
# value DIRECTION MEMORY COLUMN
value() {
	awk -F, -v d="$(col direction)" -v m="$(col memory)" -v c="$(col "$3")" -v D="$1" -v M="$2" \
		'NR > 1 && $d == D && $m == M { print $c; exit }' "$csv"
}

dev=$(awk -F, -v c="$(col device)" 'NR == 2 { print $c }' "$csv")
gen=$(value h2d pinned link_gen)
width=$(value h2d pinned link_width)
peak=$(value h2d pinned link_peak_gbs)
node=$(value h2d pinned numa_node)
case $(value h2d pinned host_local) in 1) local_=yes ;; 0) local_=no ;; *) local_= ;; esac
echo "gpuperf pcie benchmark: $dev, link Gen${gen:-?} x${width:-?} under load," \
	"${peak:-?} GB/s per direction after encoding; GPU NUMA node ${node:-?}," \
	"pinned buffer local: ${local_:-unknown}; $SIZE per transfer, median of $REPS"
printf '%-10s %-10s %12s %10s %10s %8s\n' memory direction "GB/s" "% link" target verdict

missed=0
row() {  # memory direction target
	local bw pct verdict="-"
	bw=$(value "$2" "$1" bandwidth_gbs)
	pct=$(value "$2" "$1" pct_of_link)
	if [ "$3" != "-" ]; then
		if awk -v b="$bw" -v t="$3" 'BEGIN { exit !(b >= t) }'; then
			verdict=ok
		else
			verdict=MISSED
			missed=1
		fi
	fi
	printf '%-10s %-10s %12.2f %10s %10s %8s\n' "$1" "$2" "$bw" "${pct:-n/a}" \
		"$([ "$3" = - ] && echo - || echo ">= $3")" "$verdict"
}

row pinned h2d 55
row pinned d2h 55
row pinned bidir-sum 94
row pinned bidir-h2d -
row pinned bidir-d2h -
for m in pageable wc registered; do
	for d in h2d d2h bidir-sum; do
		row $m $d -
	done
done
exit $missed
