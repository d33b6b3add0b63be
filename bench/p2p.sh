#!/usr/bin/env bash
# gpuperf p2p beside nvbandwidth in the same run (device machine):
#
#   bench/p2p.sh [PEERS_DIR]      (nvbandwidth in PEERS_DIR, default .peers)
#
# With one GPU: a device's own copy (p2p --pair 0:0) against nvbandwidth's
# device_local_copy.  With two or more: each pair's CE write, CE read and
# both ways against nvbandwidth's device_to_device_memcpy_{write,read}_ce
# and device_to_device_bidirectional_memcpy_write_ce.  nvbandwidth counts
# a copy of N bytes once, as gpuperf p2p does.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
peers=${1:-.peers}
nvb=$peers/nvbandwidth
gp=./gpuperf
out=${OUT:-/tmp}
ndev=$(nvidia-smi -L | grep -c '^GPU ')
[ -x "$gp" ] || { echo "build gpuperf first"; exit 1; }

col() { awk -F, -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } { print $c }' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'; }
printf '%-40s %12s %12s %8s\n' figure gpuperf nvbandwidth ratio
if [ "$ndev" -eq 1 ]; then
	"$gp" --csv p2p --pair 0:0 --size 512M >"$out/p2p-self.csv" || exit 1
	g=$(col "$out/p2p-self.csv" ce_write_gbs)
	n=-
	if [ -x "$nvb" ]; then
		"$nvb" -t device_local_copy >"$out/nvb-local.txt" 2>&1
		n=$(awk '/^ *0 /{ print $2; exit }' "$out/nvb-local.txt")
	fi
	printf '%-40s %12.1f %12s %8s\n' "device 0 local copy (CE), GB/s" "$g" "$n" "$(ratio "$g" "$n")"
	exit 0
fi
"$gp" --csv p2p --size 512M >"$out/p2p.csv" || exit 1
for t in device_to_device_memcpy_write_ce device_to_device_memcpy_read_ce \
	 device_to_device_bidirectional_memcpy_write_ce; do
	[ -x "$nvb" ] && "$nvb" -t "$t" >"$out/nvb-$t.txt" 2>&1
done
tail -n +2 "$out/p2p.csv" | while IFS= read -r line; do
	s=$(echo "$line" | cut -d, -f"$(head -n 1 "$out/p2p.csv" | tr , '\n' | grep -nx src_device | cut -d: -f1)")
	d=$(echo "$line" | cut -d, -f"$(head -n 1 "$out/p2p.csv" | tr , '\n' | grep -nx dst_device | cut -d: -f1)")
	for m in write read; do
		g=$(awk -F, -v s="$s" -v d="$d" -v m="ce_${m}_gbs" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
			$c["src_device"] == s && $c["dst_device"] == d { print $c[m] }' "$out/p2p.csv")
		n=$(awk -v r="$s" -v c="$d" '$1 == r && ok { print $(c + 2); exit } /^ +0 +1/ { ok = 1 }' \
			"$out/nvb-device_to_device_memcpy_${m}_ce.txt" 2>/dev/null)
		printf '%-40s %12.1f %12s %8s\n' "$s -> $d CE $m, GB/s" "$g" "${n:--}" "$(ratio "$g" "${n:-0}")"
	done
done
