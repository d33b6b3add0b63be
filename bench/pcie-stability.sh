#!/usr/bin/env bash
# Why pinned H2D moves between invocations (issue 18), on the device machine:
#
#   bench/pcie-stability.sh [-n ROUNDS] [-d N] [PEERS_DIR] [VARIANT...]
#
# Runs ROUNDS (default 5) rounds; each round runs nvbandwidth's pinned
# tests (h2d, d2h and both bidirectional ones, 256 MiB, when PEERS_DIR has
# nvbandwidth) and then every variant once, in an order rotated each round,
# as `gpuperf --csv -v pcie --memory pinned --direction h2d,d2h,bidir --size 256M`.
# A VARIANT is "SPEC [GPUPERF ARGS...]": SPEC goes to GPUPERF_PCIE_VARIANT
# (driver, hugetlb, thp, small, bind, split=N, nogate, nosample, joined by
# commas; see probes/pcie.h), the rest are extra options; SPEC node=N runs
# gpuperf --no-bind under taskset on node N's CPUs (its pages land there).  Then, per
# variant: the median, the spread ((max - min) / median) over the rounds of
# H2D, D2H and the bidirectional sum, the ratio of medians to nvbandwidth's
# (the sum against its two bidirectional figures added), how many rounds
# gpuperf was at least nvbandwidth of the same round, the NUMA nodes its
# pinned buffers were on, and the huge pages it got.  The issue's goals:
# spread under 2 % and gpuperf >= nvbandwidth in 5 of 5 rounds.
#
# RESERVE_HUGEPAGES=N (root) reserves N 2 MiB hugetlb pages for the run and
# restores the old count after; without it hugetlb falls back to THP when
# none are reserved (the -v lines say so).  Raw CSVs and logs go to $OUT
# when set.  Exit 0, or 1 when a gpuperf run failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
rounds=5
dev=0
while [ $# -gt 0 ]; do
	case $1 in
	-n) rounds=$2; shift 2 ;;
	-d) dev=$2; shift 2 ;;
	*) break ;;
	esac
done
peers=$(realpath -m "${1:-.peers}")
[ $# -gt 0 ] && shift
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
	variants=(default "default --warmup 10" "default --reps 40" "default --no-bind" hugetlb
		  "hugetlb,bind" thp small split=2 split=4 nogate nosample)
	# with several NUMA nodes, the thread held on each node's CPUs in turn
	for n in /sys/devices/system/node/node[0-9]*; do
		[ -d /sys/devices/system/node/node1 ] && [ -r "$n/cpulist" ] && variants+=("node=${n##*node}")
	done
fi
gp=${PEERS_GPUPERF:-$PWD/gpuperf}
[ -x "$gp" ] || make -j"$(nproc)" gpuperf >/dev/null || exit 1
nvb=$peers/nvbandwidth
export CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=$dev
tmp=$(mktemp -d)
logs=${OUT:-$tmp}
restore=
# shellcheck disable=SC2317  # called by the trap
cleanup() {
	[ -n "$restore" ] && echo "$restore" >/proc/sys/vm/nr_hugepages
	[ -n "${OUT:-}" ] && tar czf "$OUT/pcie-stability.tgz" -C "$tmp" . 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

if [ -n "${RESERVE_HUGEPAGES:-}" ] && [ -w /proc/sys/vm/nr_hugepages ]; then
	restore=$(cat /proc/sys/vm/nr_hugepages)
	echo "$RESERVE_HUGEPAGES" >/proc/sys/vm/nr_hugepages
fi

# ---- the machine: what could place or translate host memory differently ----
echo "== $(nvidia-smi -i "$dev" --query-gpu=name,pci.bus_id,driver_version --format=csv,noheader 2>/dev/null)"
bus=$("$gp" --csv info 2>/dev/null | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "pci_bus_id") c = i } NR == 2 && c { print $c }')
echo "GPU NUMA node: $(cat "/sys/bus/pci/devices/$bus/numa_node" 2>/dev/null || echo ?)," \
	"local CPUs: $(cat "/sys/bus/pci/devices/$bus/local_cpulist" 2>/dev/null || echo ?)," \
	"NUMA nodes: $(find /sys/devices/system/node -maxdepth 1 -name 'node[0-9]*' 2>/dev/null | wc -l)"
echo "THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo ?)," \
	"defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag 2>/dev/null || echo ?)"
grep -E '^(HugePages_Total|HugePages_Free|Hugepagesize)' /proc/meminfo | tr -s ' ' | paste -sd, -
echo "IOMMU groups: $(find /sys/kernel/iommu_groups -mindepth 1 -maxdepth 1 2>/dev/null | wc -l), kernel command line:" \
	"$(grep -oE '(intel_iommu|amd_iommu|iommu)(\.[a-z_]+)?=[^ ]+' /proc/cmdline | paste -sd' ' - || true)"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), governor:" \
	"$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo ?)"

# ---- the rounds -------------------------------------------------------------
# value CSV DIRECTION COLUMN: a column of the pinned row of that direction
value() {
	awk -F, -v d="$2" -v want="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["direction"] == d && $c["memory"] == "pinned" { print $c[want]; exit }' "$1"
}
nvb_fig() {  # TEST LOG: device 0's figure
	awk -v t="Running $1." '$0 == t { f = 1; next } f && $1 == "0" && NF >= 2 { print $2; exit }' "$2"
}
res=$tmp/results   # variant index|round|h2d|d2h|sum|bidir h2d|bidir d2h|host node|huge MiB
nres=$tmp/nvb      # round|h2d|d2h|bidir h2d|bidir d2h
: >"$res"
: >"$nres"
nv=${#variants[@]}
for r in $(seq 1 "$rounds"); do
	echo "== round $r of $rounds" >&2
	if [ -x "$nvb" ]; then
		log=$tmp/nvb-$r.log
		timeout 300 "$nvb" -b 256 -t host_to_device_memcpy_ce device_to_host_memcpy_ce \
			host_to_device_bidirectional_memcpy_ce device_to_host_bidirectional_memcpy_ce >"$log" 2>&1
		echo "$r|$(nvb_fig host_to_device_memcpy_ce "$log")|$(nvb_fig device_to_host_memcpy_ce "$log")|$(nvb_fig host_to_device_bidirectional_memcpy_ce "$log")|$(nvb_fig device_to_host_bidirectional_memcpy_ce "$log")" >>"$nres"
	fi
	for k in $(seq 0 $((nv - 1))); do
		i=$(( (k + r - 1) % nv ))  # rotated: no variant always runs first
		read -r spec args <<<"${variants[$i]}"
		csv=$tmp/v$i-r$r.csv
		wrap=()
		if [[ $spec == node=* ]]; then
			# the thread (and so its pages, touched first) on one node's CPUs
			wrap=(taskset -c "$(cat "/sys/devices/system/node/node${spec#node=}/cpulist")")
			spec=default
			args="$args --no-bind"
		fi
		# shellcheck disable=SC2086
		if ! GPUPERF_PCIE_VARIANT=$spec "${wrap[@]}" "$gp" --csv -v pcie --memory pinned \
			--direction h2d,d2h,bidir --size 256M $args >"$csv" 2>"$csv.err"; then
			echo "variant '${variants[$i]}' failed:" >&2
			tail -n 5 "$csv.err" >&2
			exit 1
		fi
		huge=$(sed -n 's/.*pinned buffer of \([0-9]*\) MiB.*: \([0-9]*\) MiB in huge pages.*/\2\/\1/p' "$csv.err" | paste -sd+ -)
		echo "$i|$r|$(value "$csv" h2d bandwidth_gbs)|$(value "$csv" d2h bandwidth_gbs)|$(value "$csv" bidir-sum bandwidth_gbs)|$(value "$csv" bidir-h2d bandwidth_gbs)|$(value "$csv" bidir-d2h bandwidth_gbs)|$(value "$csv" h2d host_numa_node)|${huge:--}" >>"$res"
	done
done

# ---- the summary -------------------------------------------------------------
# stat FIELD [VARIANT]: "median spread%" of a field over the rounds
stat() {
	local f=$1
	if [ $# -gt 1 ]; then
		awk -F'|' -v v="$2" -v f="$f" '$1 == v && $f != "" { print $f }' "$res"
	else
		awk -F'|' -v f="$f" '$f != "" { print $f }' "$nres"
	fi | sort -g | awk '{ x[NR] = $1 } END {
		if (!NR) { print "- -"; exit }
		m = NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2
		printf "%.2f %.1f\n", m, 100 * (x[NR] - x[1]) / m }'
}
# wins FIELD NVB_FIELD[+NVB_FIELD2] VARIANT: rounds where gpuperf >= nvbandwidth of that round
wins() {
	awk -F'|' -v v="$3" -v f="$1" -v nf="$2" '
		FILENAME == ARGV[1] { split(nf, k, "+"); n[$1] = $(k[1]) + (k[2] ? $(k[2]) : 0); next }
		$1 == v && ($2 in n) { t++; if ($f >= n[$2]) w++ }
		END { printf "%d/%d\n", w, t }' "$nres" "$res"
}
echo
echo "pinned 256 MiB, $rounds rounds; median GB/s and spread (max - min) / median over the rounds"
read -r nh nhs <<<"$(stat 2)"
read -r nd nds <<<"$(stat 3)"
nsum=$(awk -F'|' '$4 != "" && $5 != "" { print $4 + $5 }' "$nres" | sort -g |
	awk '{ x[NR] = $1 } END { if (NR) printf "%.2f %.1f", NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2, 100 * (x[NR] - x[1]) / (NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2); else print "- -" }')
read -r ns nss <<<"$nsum"
printf '%-28s %8s %6s %8s %6s %8s %6s  %-7s %-7s %-7s %-6s %s\n' variant h2d '±%' d2h '±%' \
	'sum' '±%' 'h2d>=nv' 'd2h>=nv' 'sum>=nv' nodes 'huge MiB'
printf '%-28s %8s %6s %8s %6s %8s %6s\n' "nvbandwidth (-b 256)" "$nh" "$nhs" "$nd" "$nds" "$ns" "$nss"
for i in $(seq 0 $((nv - 1))); do
	read -r h hs <<<"$(stat 3 "$i")"
	read -r d ds <<<"$(stat 4 "$i")"
	read -r s ss <<<"$(stat 5 "$i")"
	nodes=$(awk -F'|' -v v="$i" '$1 == v { print $8 }' "$res" | sort -u | paste -sd/ -)
	huge=$(awk -F'|' -v v="$i" '$1 == v { print $9 }' "$res" | sort -u | head -n 2 | paste -sd' ' -)
	printf '%-28s %8s %6s %8s %6s %8s %6s  %-7s %-7s %-7s %-6s %s\n' "${variants[$i]}" "$h" "$hs" "$d" "$ds" "$s" "$ss" \
		"$(wins 3 2 "$i")" "$(wins 4 3 "$i")" "$(wins 5 4+5 "$i")" "${nodes:--}" "${huge:--}"
done
echo "ratios of medians to nvbandwidth's (sum: against its two bidirectional figures added):"
for i in $(seq 0 $((nv - 1))); do
	read -r h _ <<<"$(stat 3 "$i")"
	read -r d _ <<<"$(stat 4 "$i")"
	read -r s _ <<<"$(stat 5 "$i")"
	awk -v n="${variants[$i]}" -v h="$h" -v d="$d" -v s="$s" -v nh="$nh" -v nd="$nd" -v ns="$ns" \
		'function r(a, b) { return b + 0 > 0 ? sprintf("%.3f", a / b) : "-" }
		 BEGIN { printf "  %-28s h2d %s  d2h %s  sum %s\n", n, r(h, nh), r(d, nd), r(s, ns) }'
done
[ -n "${OUT:-}" ] && cp "$res" "$nres" "$logs/" 2>/dev/null
exit 0
