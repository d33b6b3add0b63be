#!/usr/bin/env bats
# gpuperf bandwidth without a GPU: every bad value is exit 2 before the GPU is touched.

load lib

no_gpu() {
	! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }
}

@test "bandwidth: zero sizes are usage errors" {
	assert_usage_error bandwidth --size 0
	assert_usage_error bandwidth --size 0K
	assert_usage_error bandwidth --size 0-1G:x2
	assert_usage_error bandwidth --size 1M,0
}

@test "bandwidth: negative sizes are usage errors" {
	assert_usage_error bandwidth --size -1
	assert_usage_error bandwidth --size=-1G
	assert_usage_error bandwidth -s -64K
}

@test "bandwidth: unparsable sizes are usage errors" {
	for v in abc 1X 1GG "" " 1G" 1.3 16K- -2G 4K-1G:x1 4K-1G:x 1e9 0x100 2P 99999999999999999999; do
		assert_usage_error bandwidth --size "$v"
	done
}

@test "bandwidth: sizes smaller than one 16-byte access are usage errors" {
	assert_usage_error bandwidth --size 8
	[[ "$stderr" == *"--size: 8 B is smaller than one 16-byte access"* ]]
	assert_usage_error bandwidth --size 15
}

@test "bandwidth: bad widths are usage errors" {
	for v in 0 1 2 3 12 32 64 x "" -4 16.0 4,3; do
		assert_usage_error bandwidth --width "$v"
	done
	assert_usage_error bandwidth -w 3
	[[ "$stderr" == *"'3' is not 4, 8 or 16"* ]]
}

@test "bandwidth: bad kernel names are usage errors naming the valid ones" {
	assert_usage_error bandwidth --kernel foo
	[[ "$stderr" == *"unknown value 'foo'"* ]]
	[[ "$stderr" == *"read, write, copy, scale, add, triad, memcpy, all"* ]]
	assert_usage_error bandwidth --kernel copy,bogus
	assert_usage_error bandwidth --kernel ""
	assert_usage_error bandwidth --kernel Copy,
	assert_usage_error bandwidth -k triads
}

@test "bandwidth: bad repetition and warm-up counts are usage errors" {
	for v in 0 -1 x 1.5 "" 100001; do
		assert_usage_error bandwidth --reps "$v"
	done
	for v in -1 x 1.5 "" 100001; do
		assert_usage_error bandwidth --warmup "$v"
	done
}

@test "bandwidth: bad launch configurations are usage errors" {
	for v in 0 16 33 100 1056 2048 x -32; do
		assert_usage_error bandwidth --block "$v"
	done
	for v in 0 3 5 32 x -4; do
		assert_usage_error bandwidth --unroll "$v"
	done
	for v in 0 65 x -1; do
		assert_usage_error bandwidth --blocks-per-sm "$v"
	done
	for v in "" blocks Grid tiles 1 flatt; do
		assert_usage_error bandwidth --layout "$v"
	done
	# a flat grid is one block per tile, not N per SM
	assert_usage_error bandwidth --layout flat --blocks-per-sm 2
	[[ "$stderr" == *"--blocks-per-sm: a flat launch has one block per tile"* ]]
}

@test "bandwidth: --shared-lines needs the read kernel and warm caches" {
	assert_usage_error bandwidth --shared-lines --kernel copy,triad
	[[ "$stderr" == *"--shared-lines: only the read kernel has L2 methods; add read to --kernel"* ]]
	assert_usage_error bandwidth --shared-lines --kernel read --cold
	[[ "$stderr" == *"--shared-lines: --cold reads every set once from DRAM"* ]]
	assert_usage_error bandwidth --shared-lines=yes
}

@test "bandwidth: unknown options, stray arguments and missing values are usage errors" {
	assert_usage_error bandwidth --sise 1G
	[[ "$stderr" == *"did you mean '--size'?"* ]]
	assert_usage_error bandwidth extra
	assert_usage_error bandwidth --size
	assert_usage_error bandwidth --tune=yes
}

@test "bandwidth: a bad value wins over a missing GPU (exit 2, not 3)" {
	no_gpu || skip "this machine has a GPU"
	assert_usage_error bandwidth --size 1G --width 5
	assert_usage_error --csv bandwidth --kernel nope --size 1G
}

@test "bandwidth: good values without a GPU exit 3 with one line and no output" {
	no_gpu || skip "this machine has a GPU"
	for args in "" "--size 16K-2G:x2" "--kernel copy,memcpy --width 4,8,16" \
		"--tune --block 512 --unroll 8 --blocks-per-sm 2 --reps 5 --warmup 0 --cold --memcpy" \
		"--layout tile" "--layout flat --unroll 2"; do
		run_split "$GPUPERF" --csv bandwidth $args
		[ "$status" -eq 3 ] || { echo "args '$args': status $status"; return 1; }
		[ -z "$output" ]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
}

@test "bandwidth: sizes are rounded down to 16 bytes with a note" {
	no_gpu || skip "this machine has a GPU"
	run_split "$GPUPERF" bandwidth --size 1000
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"rounded down to a multiple of 16 bytes"* ]]
}

@test "bandwidth: --help lists every option and the CSV columns are the documented ones" {
	run "$GPUPERF" bandwidth --help
	[ "$status" -eq 0 ]
	for o in kernel width size reps warmup tune memcpy cold block blocks-per-sm unroll layout; do
		[[ "$output" == *"--$o"* ]] || { echo "--help lacks --$o"; return 1; }
	done
	run "$GPUPERF" --list-columns bandwidth
	[ "$status" -eq 0 ]
	want="device cc device_index uuid pci_bus_id hostname kernel width_bytes size_bytes level passes bytes_moved reps time_ms"
	want+=" bandwidth_gbs best_gbs min_gbs cov_pct pct_of_theoretical theoretical_gbs grid"
	want+=" block unroll layout level_source method l1_hit_pct l2_hit_pct dram_bytes_per_byte l2_read_pct contended throttled"
	[ "$(echo $output)" = "$want" ]
}

@test "bandwidth: the man page documents kernels, conventions and exit statuses" {
	m=$BATS_TEST_DIRNAME/../../man/gpuperf-bandwidth.1
	for k in read write copy scale add triad memcpy; do
		grep -q "^\.B $k\$" "$m" || { echo "kernel $k undocumented"; return 1; }
	done
	grep -q "10^9" "$m"
	grep -qi "median" "$m"
	grep -q "bytes read plus bytes written" "$m"
	section=$(sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$m")
	for s in 0 1 2 3; do
		grep -q "^\.B $s\$" <<<"$section" || { echo "exit status $s undocumented"; return 1; }
	done
}
