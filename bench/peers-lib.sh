# The harness that bench/peers.sh and bench/latency.sh share: where the
# peers are, how one runs, and the parsers of their outputs and of
# gpuperf's CSV; a row list of figure|gpuperf|gpuperf again|peer|peer
# figure and its table.  Source it, then peers_init with the script's
# arguments.  Every parser prints nothing when its log is missing, so a
# peer that is not there leaves its figure empty.

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
	rows=$tmp/rows   # figure|gpuperf|gpuperf again|peer|peer figure
	: >"$rows"
	timeout_s=${PEER_TIMEOUT:-180}
}

have() { [ -x "$peers/$1" ]; }
# peer NAME LOG ARGS...: run a peer binary with its time limit, output to LOG.
peer() {
	local name=$1 log=$2
	shift 2
	echo "== $name $*" >"$logs/$log"
	timeout "$timeout_s" "$peers/$name" "$@" >>"$logs/$log" 2>&1 ||
		echo "bench: $name $* failed (exit $?), see $log" >&2
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
	}' "$f"
}

# Largest of the values on stdin, or nothing.
max_of() { awk 'NF && ($1 + 0 > m || !n) { m = $1 + 0; s = $1; n = 1 } END { if (n) print s }'; }

add() {  # FIGURE GPUPERF AGAIN PEER VALUE
	echo "$1|$2|$3|$4|$5" >>"$rows"
}

# nvbandwidth: device 0's figure of test $1 in log $2 (the row "0  value ...").
nvb() {
	awk -v t="Running $1." '$0 == t { f = 1; next } f && $1 == "0" && NF >= 2 { print $2; exit }' \
		"$logs/$2" 2>/dev/null
}

# gb-cache's best "Eff. bw" (the number before the first GB/s of a row).
gb_cache_best() {
	awk '/GB\/s/ { for (i = 2; i <= NF; i++) if ($i == "GB/s") { print $(i - 1); break } }' \
		"$logs/$1" 2>/dev/null | max_of
}

# gb-l2-cache's best over sets (the second "kB" figure) within half of L2 bytes $2.
gb_l2_best() {
	awk -v l2="${2:-50000000}" '/GB\/s/ {
		k = 0; for (i = 2; i <= NF; i++) { if ($i == "kB") { k++; if (k == 2) set = $(i - 1) * 1024 }
			if ($i == "GB/s") { if (set <= l2 / 2) print $(i - 1); break } } }' \
		"$logs/$1" 2>/dev/null | max_of
}

# peers_caches UNIT: gpuperf's read sweep, gb-cache and gb-l2-cache, the sweep again;
# two rows, "L1 read UNIT" and "L2 read UNIT" (the best row of each level).
peers_caches() {
	local l2
	caches_run() {
		"$gp" --csv bandwidth --kernel read --size 16K-32M:x2 --reps 10 >"$1" 2>"$1.err" ||
			{ cat "$1.err" >&2; return 1; }
	}
	lvl() { csv_get "$1" bandwidth_gbs level="$2" | max_of; }
	echo "== caches: gpuperf bandwidth read sweep, then gb-cache and gb-l2-cache" >&2
	caches_run "$tmp/c1.csv" || return 1
	have gb-cache && peer gb-cache gb-cache.log
	have gb-l2-cache && peer gb-l2-cache gb-l2-cache.log
	caches_run "$tmp/c2.csv" || return 1
	"$gp" --csv info >"$tmp/info.csv" 2>/dev/null
	l2=$(csv_get "$tmp/info.csv" l2_bytes | head -n 1)
	add "L1 read$1" "$(lvl "$tmp/c1.csv" L1)" "$(lvl "$tmp/c2.csv" L1)" "gb-cache" \
		"$(gb_cache_best gb-cache.log)"
	add "L2 read$1" "$(lvl "$tmp/c1.csv" L2)" "$(lvl "$tmp/c2.csv" L2)" \
		"gb-l2-cache (sets <= L2/2)" "$(gb_l2_best gb-l2-cache.log "$l2")"
}

# peers_table TITLE UNITS: the rows with the ratio gpuperf / peer.
peers_table() {
	echo
	echo "$1"
	printf '%-26s %9s %9s  %-38s %9s %7s\n' figure gpuperf again peer "peer" ratio
	while IFS='|' read -r fig g g2 p v; do
		r=$(awk -v g="$g" -v v="$v" 'BEGIN { if (g != "" && v + 0 > 0) printf "%.3f", g / v; else print "-" }')
		printf '%-26s %9s %9s  %-38s %9s %7s\n' "$fig" "${g:--}" "${g2:--}" "$p" "${v:--}" "$r"
	done <"$rows"
	echo "$2"
}
