# The harness that bench/peers.sh and bench/latency.sh share: where the
# peers are, how one runs, the parsers of their outputs and of gpuperf's
# CSV, a row list and its table.  Source it, then peers_init with the
# script's arguments.  Every parser prints nothing when its log is
# missing, so a peer that is not there leaves its figure empty.
#
# A row: figure|gpuperf|gpuperf again|peer|peer figure|compare|gpuperf
# spread|peer spread.  compare says which comparison the row is ("like:
# 4 B, best/best", "best: each's best config", ...); a spread is (slowest
# - fastest) / the middle figure in percent, over the repetitions or the
# rounds the figure came from, empty where the tool prints none.

# peers_init [-d N] [DIR]: the GPU ($dev, default 0), the peers' directory
# (default .peers), gpuperf (PEERS_GPUPERF: another build; tests use a
# fake), the one GPU as device 0, a scratch directory ($tmp, removed on
# exit), the peers' logs ($logs: $OUT/peers when OUT is set).
peers_init() {
	dev=0
	if [ "${1:-}" = -d ]; then
		dev=$2
		shift 2
	fi
	peers=$(realpath -m "${1:-.peers}")
	gp=${PEERS_GPUPERF:-$PWD/gpuperf}
	[ -x "$gp" ] || make -j"$(nproc)" gpuperf >/dev/null || exit 1
	# Every tool sees the one GPU, as device 0.
	export CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=$dev
	# gb-cache and gb-l2-cache load CUPTI from the toolkit.
	export LD_LIBRARY_PATH=${CUDA_HOME:-/usr/local/cuda}/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	logs=$tmp
	if [ -n "${OUT:-}" ]; then
		logs=$OUT/peers
		mkdir -p "$logs"
	fi
	rows=$tmp/rows
	: >"$rows"
	timeout_s=${PEER_TIMEOUT:-180}
}

have() { [ -x "$peers/$1" ]; }
# peer NAME LOG ARGS...: run a peer binary with its time limit, output to LOG.
peer() {
	peer_for "$timeout_s" "$@"
}
# peer_for SECONDS NAME LOG ARGS...: the same with a limit of its own.  A
# peer that prints its sets in order (gb-cache, gb-l2-cache) is stopped
# once past the sets compared: its log keeps what it printed.
peer_for() {
	local limit=$1 name=$2 log=$3 rc
	shift 3
	echo "== $name $*" >"$logs/$log"
	timeout "$limit" "$peers/$name" "$@" >>"$logs/$log" 2>&1
	rc=$?
	if [ "$rc" -eq 124 ] && [ "$limit" != "$timeout_s" ]; then
		echo "bench: $name stopped after ${limit} s as planned (its sets so far are in $log)" >&2
	elif [ "$rc" -ne 0 ]; then
		echo "bench: $name $* failed (exit $rc), see $log" >&2
	fi
}

# BabelStream: "best spread" of FUNCTION in LOG under $logs (its best; (max - min) / mean time, %).
babel() {
	awk -F, -v f="$2" '$1 == f && $8 > 0 { printf "%s %.1f\n", $5, 100 * ($7 - $6) / $8; exit }' \
		"$logs/$1" 2>/dev/null
}

# Quote-aware CSV: print column NAME of rows where every KEY=VALUE holds.
csv_get() {  # FILE NAME [KEY=VALUE...]
	local f=$1 name=$2
	shift 2
	awk -v name="$name" -v conds="$*" '
	function split_csv(line, out,    n, i, c, q, field) {
		n = 0; field = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q) { if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { field = field c; i++ } else q = 0 } else field = field c }
			else if (c == "\"") q = 1
			else if (c == ",") { out[++n] = field; field = "" }
			else field = field c
		}
		out[++n] = field
		return n
	}
	NR == 1 { for (i = 1; i <= split_csv($0, h); i++) col[h[i]] = i; nc = split(conds, cs, " "); next }
	{
		split_csv($0, v)
		for (k = 1; k <= nc; k++) { split(cs[k], kv, "="); if (v[col[kv[1]]] != kv[2]) next }
		print v[col[name]]
	}' "$f" 2>/dev/null
}

# Largest of the values on stdin, or nothing.
max_of() { awk 'NF && ($1 + 0 > m || !n) { m = $1 + 0; s = $1; n = 1 } END { if (n) print s }'; }

# "median spread" of the values on stdin (spread: (max - min) / median, %), or nothing.
median_spread() {
	sort -g | awk 'NF { x[++n] = $1 } END {
		if (!n) exit
		m = n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
		printf "%.2f %.1f\n", m, (m > 0 ? 100 * (x[n] - x[1]) / m : 0) }'
}

# gpuperf's spread over its repetitions from a CSV row: (best - min) / median, %.
gp_spread() {  # FILE KEY=VALUE...
	local f=$1
	shift
	paste -d' ' <(csv_get "$f" best_gbs "$@" | head -n 1) <(csv_get "$f" min_gbs "$@" | head -n 1) \
		<(csv_get "$f" bandwidth_gbs "$@" | head -n 1) |
		awk 'NF == 3 && $3 > 0 { printf "%.1f\n", 100 * ($1 - $2) / $3 }'
}

add() {  # FIGURE GPUPERF AGAIN PEER VALUE [COMPARE [GPUPERF_SPREAD [PEER_SPREAD]]]
	echo "$1|$2|$3|$4|$5|${6:-}|${7:-}|${8:-}" >>"$rows"
}

# nvbandwidth: device 0's figure of test $1 in log $2 (the row "0  value ...").
nvb() {
	awk -v t="Running $1." '$0 == t { f = 1; next } f && $1 == "0" && NF >= 2 { print $2; exit }' \
		"$logs/$2" 2>/dev/null
}

# gpu-benches' cache tables: "set GB/s spread%" per row.  gb-cache's set is its
# first "kB" figure, gb-l2-cache's its second (the first is one block's).
gb_rows() {  # LOG NTH_KB
	awk -v nth="$2" '/GB\/s/ {
		k = 0; set = ""; sp = ""
		for (i = 2; i <= NF; i++) {
			if ($i == "kB" && ++k == nth) set = $(i - 1) * 1024
			if ($i ~ /%$/ && sp == "") { sp = $i; sub(/%$/, "", sp) }
			if ($i == "GB/s") { if (set != "") print set, $(i - 1), sp; break }
		} }' "$logs/$1" 2>/dev/null
}
# The best figure of rows within MAX bytes (no MAX: all), "GB/s spread".
gb_best() {  # LOG NTH_KB [MAX]
	gb_rows "$1" "$2" | awk -v max="${3:-}" 'max == "" || $1 <= max + 0 { print $2, $3 }' | sort -g -r | head -n 1
}
# The figure of the row of set BYTES, "GB/s spread".
gb_at() {  # LOG NTH_KB BYTES
	gb_rows "$1" "$2" | awk -v s="$3" '$1 == s { print $2, $3; exit }'
}
# Old names, for the best of each table (gb-l2-cache within half of L2 bytes $2).
gb_cache_best() { gb_best "$1" 1 | cut -d' ' -f1; }
gb_l2_best() { gb_best "$1" 2 "$(( ${2:-50000000} / 2 ))" | cut -d' ' -f1; }

# gpuperf's read sets: L1 (the l1 method) and gb-l2-cache's sets (1536 kB
# and up, blocks of 512 kB) up to 25 MiB, half the H100's L2.
PEERS_L1_SETS="16K 32K 64K 128K"
PEERS_L2_SETS="1536K 2M 4M 8M 12M 25M"
# Compared at the same set in the table: these (the smallest, middle and
# largest of gb-l2-cache's within half the H100's L2); every set is in the CSV.
PEERS_L1_LIKE="16K 64K"
PEERS_L2_LIKE="1536K 4M 25M"

bytes_of() {  # 16K, 2M -> bytes
	awk -v s="$1" 'BEGIN { m = s ~ /K$/ ? 1024 : s ~ /M$/ ? 1048576 : 1; sub(/[KM]$/, "", s); print s * m }'
}

# peers_caches UNIT: gpuperf's read sets (with --shared-lines), gb-cache and
# gb-l2-cache (each stopped once past the sets compared), the sets again; rows:
#   L1 read          like: the same set, best/best, at PEERS_L1_LIKE; best/best
#   L2 read, shared  like: the same set, best/best (what SMs receive, as gb-l2-cache
#                    counts it), at PEERS_L2_LIKE; best/best within L2/2
#   L2 read, slices  best/best: what the L2 slices read, a different quantity
peers_caches() {
	local l2 half s b sizes
	sizes=$(echo $PEERS_L1_SETS $PEERS_L2_SETS | tr ' ' ,)
	caches_run() {
		"$gp" --csv bandwidth --kernel read --size "$sizes" --shared-lines --reps 10 >"$1" 2>"$1.err" ||
			{ cat "$1.err" >&2; return 1; }
	}
	# the best row of method M (within MAX bytes): "best_gbs spread size"
	best_m() {
		local f=$1 m=$2 max=${3:-}
		paste -d' ' <(csv_get "$f" best_gbs method="$m") <(csv_get "$f" size_bytes method="$m") |
			awk -v max="$max" 'max == "" || $2 <= max + 0 { print $1, $2 }' | sort -g -r | head -n 1 |
			while read -r v sz; do echo "$v $(gp_spread "$f" method="$m" size_bytes="$sz") $sz"; done
	}
	echo "== caches: gpuperf bandwidth read sets, then gb-cache and gb-l2-cache" >&2
	caches_run "$tmp/c1.csv" || return 1
	have gb-cache && peer_for "${GB_CACHE_TIMEOUT:-25}" gb-cache gb-cache.log
	have gb-l2-cache && peer_for "${GB_L2_TIMEOUT:-25}" gb-l2-cache gb-l2-cache.log
	caches_run "$tmp/c2.csv" || return 1
	"$gp" --csv info >"$tmp/info.csv" 2>/dev/null
	l2=$(csv_get "$tmp/info.csv" l2_bytes | head -n 1)
	half=$(( ${l2:-50331648} / 2 ))
	for s in $PEERS_L1_LIKE; do
		b=$(bytes_of "$s")
		read -r pv ps <<<"$(gb_at gb-cache.log 1 "$b")"
		add "L1 read $s$1" "$(csv_get "$tmp/c1.csv" best_gbs method=l1 size_bytes="$b")" \
			"$(csv_get "$tmp/c2.csv" best_gbs method=l1 size_bytes="$b")" "gb-cache, $s set" "$pv" \
			"like: same set, best/best" "$(gp_spread "$tmp/c1.csv" method=l1 size_bytes="$b")" "$ps"
	done
	read -r g gs _ <<<"$(best_m "$tmp/c1.csv" l1)"
	read -r g2 _ <<<"$(best_m "$tmp/c2.csv" l1)"
	read -r pv ps <<<"$(gb_best gb-cache.log 1)"
	add "L1 read$1" "$g" "$g2" "gb-cache, its best set" "$pv" "best: each's best set" "$gs" "$ps"
	for s in $PEERS_L2_LIKE; do
		b=$(bytes_of "$s")
		[ "$b" -le "$half" ] || continue
		read -r pv ps <<<"$(gb_at gb-l2-cache.log 2 "$b")"
		add "L2 read, shared lines $s$1" "$(csv_get "$tmp/c1.csv" best_gbs method=l2-shared size_bytes="$b")" \
			"$(csv_get "$tmp/c2.csv" best_gbs method=l2-shared size_bytes="$b")" "gb-l2-cache, $s set" "$pv" \
			"like: same set, best/best" "$(gp_spread "$tmp/c1.csv" method=l2-shared size_bytes="$b")" "$ps"
	done
	read -r g gs _ <<<"$(best_m "$tmp/c1.csv" l2-shared "$half")"
	read -r g2 _ <<<"$(best_m "$tmp/c2.csv" l2-shared "$half")"
	read -r pv ps <<<"$(gb_best gb-l2-cache.log 2 "$half")"
	add "L2 read, shared lines$1" "$g" "$g2" "gb-l2-cache, best set <= L2/2" "$pv" \
		"best: each's best set" "$gs" "$ps"
	read -r g gs _ <<<"$(best_m "$tmp/c1.csv" l2 "$half")"
	read -r g2 _ <<<"$(best_m "$tmp/c2.csv" l2 "$half")"
	add "L2 read, slices$1" "$g" "$g2" "gb-l2-cache, best set <= L2/2" "$pv" \
		"unlike: slices vs shared" "$gs" "$ps"
}

# peers_table TITLE LEGEND: the rows with the ratio gpuperf / peer.
peers_table() {
	local fmt='%-28s %-28s %9s %5s %9s  %-34s %9s %5s %7s\n'
	echo
	echo "$1"
	# shellcheck disable=SC2059
	printf "$fmt" figure compare gpuperf '±%' again peer "peer" '±%' ratio
	while IFS='|' read -r fig g g2 p v cmp gs ps; do
		r=$(awk -v g="$g" -v v="$v" 'BEGIN { if (g != "" && v + 0 > 0) printf "%.3f", g / v; else print "-" }')
		# shellcheck disable=SC2059
		printf "$fmt" "$fig" "${cmp:--}" "${g:--}" "${gs:--}" "${g2:--}" "$p" "${v:--}" "${ps:--}" "$r"
	done <"$rows"
	echo "$2"
}
