#!/usr/bin/env bats
# Every GPU of a node: --device all and lists.  With one GPU, --device all
# is --device 0; with two or more, each device's rows are there in order.

load lib

setup() {
	require_gpu
	ndev=$(nvidia-smi -L | grep -c '^GPU ')
}

csv_rows() {  # the rows of a CSV without its header
	tail -n +2 "$1"
}

@test "devices: --device all on one GPU is --device 0" {
	[ "$ndev" -eq 1 ] || skip "$ndev GPUs: see the next test"
	"$GPUPERF" --csv --device all occupancy --threads 256 --regs 32 >"$BATS_TEST_TMPDIR/all.csv"
	"$GPUPERF" --csv --device 0 occupancy --threads 256 --regs 32 >"$BATS_TEST_TMPDIR/0.csv"
	diff "$BATS_TEST_TMPDIR/all.csv" "$BATS_TEST_TMPDIR/0.csv"
	"$GPUPERF" --csv --device all bandwidth --kernel copy --size 64M --reps 3 >"$BATS_TEST_TMPDIR/bw.csv"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/bw.csv")" -eq 2 ]
}

@test "devices: each device's rows, in the order given, with its identity" {
	[ "$ndev" -ge 2 ] || skip "one GPU: a list needs two (blocked on a one-GPU machine)"
	"$GPUPERF" --csv --device all occupancy --threads 256 --regs 32 >"$BATS_TEST_TMPDIR/all.csv"
	[ "$(csv_rows "$BATS_TEST_TMPDIR/all.csv" | wc -l)" -eq "$ndev" ]
	idx=$(head -n 1 "$BATS_TEST_TMPDIR/all.csv" | tr , '\n' | grep -nx device_index | cut -d: -f1)
	[ "$(csv_rows "$BATS_TEST_TMPDIR/all.csv" | cut -d, -f"$idx" | tr '\n' ' ')" = "$(seq -s ' ' 0 $((ndev - 1))) " ]
	"$GPUPERF" --csv --device 1,0 info >"$BATS_TEST_TMPDIR/two.csv"
	[ "$(csv_rows "$BATS_TEST_TMPDIR/two.csv" | cut -d, -f"$idx" | tr '\n' ' ')" = "1 0 " ]
	run "$GPUPERF" --device all info
	[[ "$output" == *"== device 0:"*"== device 1:"* ]]
}

@test "devices: gpuperf all on every GPU compares them" {
	[ "$ndev" -ge 2 ] || skip "one GPU: nothing to compare (blocked on a one-GPU machine)"
	run "$GPUPERF" --device all all
	[ "$status" -eq 0 ]
	[[ "$output" == *"Devices compared"* ]]
}

@test "devices: a device past the last is refused before anything runs" {
	run "$GPUPERF" --device "0,$ndev" info
	echo "status $status: $output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"no device $ndev (found $ndev: "* ]]
	[ "${#lines[@]}" -eq 1 ]
}
