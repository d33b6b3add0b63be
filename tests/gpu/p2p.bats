#!/usr/bin/env bats
# gpuperf p2p on a GPU machine: a device's own copies with one GPU; the
# whole matrix, verified, with two or more.

load lib

setup() {
	require_gpu
	ndev=$(nvidia-smi -L | grep -c '^GPU ')
}

col() {  # col FILE NAME: the column's values, one per row; status 1 without it
	field "$1" "$2" 1
}

@test "p2p: one device with itself: every method measured and verified" {
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/self.csv" p2p --pair 0:0 --size 256M
	[ "$status" -eq 0 ]
	for m in ce_write ce_read sm_write sm_read ce_bidir; do
		v=$(col "$BATS_TEST_TMPDIR/self.csv" "${m}_gbs")
		echo "# $m: $v GB/s" >&3
		# a device-local copy moves hundreds of GB/s on any recent GPU
		awk -v v="$v" 'BEGIN { exit !(v > 100) }' || { echo "$m: $v"; return 1; }
	done
	[ "$(col "$BATS_TEST_TMPDIR/self.csv" link)" = "same device" ]
}

@test "p2p: fewer than two GPUs without --pair is a clear refusal" {
	[ "$ndev" -eq 1 ] || skip "$ndev GPUs"
	run_split "$GPUPERF" p2p
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"p2p needs two GPUs"*"--pair 0:0"* ]]
}

@test "p2p: every ordered pair, every copy verified, both directions alike" {
	[ "$ndev" -ge 2 ] || skip "one GPU: the matrix needs two (blocked on a one-GPU machine)"
	run "$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/all.csv" p2p --size 256M --reps 5
	[ "$status" -eq 0 ]
	[ "$(tail -n +2 "$BATS_TEST_TMPDIR/all.csv" | wc -l)" -eq $((ndev * (ndev - 1))) ]
	paste -d, <(col "$BATS_TEST_TMPDIR/all.csv" src_device) <(col "$BATS_TEST_TMPDIR/all.csv" dst_device) \
		<(col "$BATS_TEST_TMPDIR/all.csv" ce_write_gbs) >"$BATS_TEST_TMPDIR/w.csv"
	# i->j and j->i within 20 % of each other: a symmetric link
	awk -F, '{ w[$1 "," $2] = $3 } END { for (k in w) { split(k, p, ","); b = w[p[2] "," p[1]];
		if (!(w[k] > 0) || w[k] > 1.2 * b || b > 1.2 * w[k]) { print "asymmetric " k; bad = 1 } }
		exit bad }' "$BATS_TEST_TMPDIR/w.csv"
}

@test "p2p: a direct link beats PCIe where a node has both" {
	[ "$ndev" -ge 2 ] || skip "one GPU (blocked on a one-GPU machine)"
	"$GPUPERF" --csv p2p --size 256M --reps 5 >"$BATS_TEST_TMPDIR/l.csv"
	paste -d, <(col "$BATS_TEST_TMPDIR/l.csv" link) <(col "$BATS_TEST_TMPDIR/l.csv" ce_write_gbs) |
		awk -F, '/^PCIe/ { if ($2 > p) p = $2 } !/^PCIe/ { if (!d || $2 < d) d = $2 }
			 END { if (!p || !d) exit 0; exit !(d > p) }'
}
