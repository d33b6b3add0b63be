#!/usr/bin/env bats
# gpuperf pcie on the command line, without a GPU: every usage error exits 2
# with nothing on stdout, before any device is touched.

load lib

@test "pcie --help shows every option" {
	run "$GPUPERF" pcie --help
	[ "$status" -eq 0 ]
	for o in --direction --memory --size --reps --warmup --overlap --chunks --streams --kernel-us --no-bind; do
		[[ "$output" == *"$o"* ]] || { echo "help lacks $o"; return 1; }
	done
}

@test "pcie: unknown direction" {
	assert_usage_error pcie --direction sideways
	[[ "$stderr" == *"--direction"* ]]
}

@test "pcie: empty direction" {
	assert_usage_error pcie --direction ''
}

@test "pcie: unknown memory kind" {
	assert_usage_error pcie --memory pinnned
	[[ "$stderr" == *"--memory"* ]]
}

@test "pcie: memory list with one bad name" {
	assert_usage_error pcie --memory pinned,swap
}

@test "pcie: size zero" {
	assert_usage_error pcie --size 0
}

@test "pcie: size not a number" {
	assert_usage_error pcie --size lots
}

@test "pcie: size with a bad suffix" {
	assert_usage_error pcie --size 4Q
}

@test "pcie: size above 1 TiB" {
	assert_usage_error pcie --size 2T
}

@test "pcie: a range with a zero bound" {
	assert_usage_error pcie --size 0-1G:x4
}

@test "pcie: a backward range" {
	assert_usage_error pcie --size 1G-4K:x4
}

@test "pcie: more host memory than the machine has" {
	# bidirectional at 1 TiB holds 2 TiB of host memory at once
	mem=$(awk '/^MemTotal:/ { print $2 * 1024 }' /proc/meminfo)
	awk -v m="$mem" 'BEGIN { exit !(m < 2 * 2^40) }' || skip "this machine has 2 TiB of memory or more"
	assert_usage_error pcie --direction bidir --memory pinned --size 1T
	[[ "$stderr" == *"host memory"* ]]
}

@test "pcie: reps zero" {
	assert_usage_error pcie --reps 0
}

@test "pcie: reps not a number" {
	assert_usage_error pcie --reps ten
}

@test "pcie: reps too many" {
	assert_usage_error pcie --reps 100001
}

@test "pcie: negative warm-up" {
	assert_usage_error pcie --warmup -1
}

@test "pcie: warm-up too long" {
	assert_usage_error pcie --warmup 1001
}

@test "pcie: --chunks without --overlap" {
	assert_usage_error pcie --chunks 4
	[[ "$stderr" == *"--chunks needs --overlap"* ]]
}

@test "pcie: --streams without --overlap" {
	assert_usage_error pcie --streams 2
	[[ "$stderr" == *"--streams needs --overlap"* ]]
}

@test "pcie: --kernel-us without --overlap" {
	assert_usage_error pcie --kernel-us 1000
	[[ "$stderr" == *"--kernel-us needs --overlap"* ]]
}

@test "pcie: --overlap with --direction" {
	assert_usage_error pcie --overlap --direction h2d
}

@test "pcie: --overlap with pageable memory" {
	assert_usage_error pcie --overlap --memory pageable
	[[ "$stderr" == *"pinned or registered"* ]]
}

@test "pcie: --overlap with mapped memory" {
	assert_usage_error pcie --overlap --memory pinned,mapped
}

@test "pcie: --overlap with write-combined memory" {
	assert_usage_error pcie --overlap --memory wc
}

@test "pcie: --overlap with a size not a multiple of 4" {
	assert_usage_error pcie --overlap --size 4098
	[[ "$stderr" == *"multiple of 4"* ]]
}

@test "pcie: --overlap with too much host memory" {
	mem=$(awk '/^MemTotal:/ { print $2 * 1024 }' /proc/meminfo)
	awk -v m="$mem" 'BEGIN { exit !(m < 2 * 2^40) }' || skip "this machine has 2 TiB of memory or more"
	assert_usage_error pcie --overlap --size 1T
}

@test "pcie: zero chunks" {
	assert_usage_error pcie --overlap --chunks 0
}

@test "pcie: too many chunks" {
	assert_usage_error pcie --overlap --chunks 4097
}

@test "pcie: zero streams" {
	assert_usage_error pcie --overlap --streams 0
}

@test "pcie: too many streams" {
	assert_usage_error pcie --overlap --streams 33
}

@test "pcie: kernel time zero" {
	assert_usage_error pcie --overlap --kernel-us 0
}

@test "pcie: kernel time not a number" {
	assert_usage_error pcie --overlap --kernel-us soon
}

@test "pcie: a stray argument" {
	assert_usage_error pcie pinned
}

@test "pcie: an option value missing" {
	assert_usage_error pcie --size
}

@test "pcie: a flag given a value" {
	assert_usage_error pcie --overlap=yes
}

@test "pcie: a mistyped option suggests the right one" {
	assert_usage_error pcie --sise 1M
	[[ "$stderr" == *"did you mean '--size'?"* ]]
}

@test "pcie: a usage error wins over a missing GPU" {
	# exit 2 even here: options are checked before any device is opened
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" pcie --reps 0
	[ "$status" -eq 2 ]
	[ -z "$output" ]
}

@test "pcie without a GPU exits 3 with one line and nothing on stdout" {
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" pcie --size 4K --reps 1
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[ "$(printf '%s\n' "$stderr" | grep -c 'gpuperf: error:')" -eq 1 ]
}

@test "pcie --overlap without a GPU exits 3" {
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" pcie --overlap --size 1M --reps 1
	[ "$status" -eq 3 ]
	[ -z "$output" ]
}

@test "pcie lists its CSV columns, identity first" {
	run "$GPUPERF" --list-columns pcie
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = device ]
	[ "${lines[1]}" = cc ]
	for c in direction memory size_bytes time_us bandwidth_gbs pct_of_link link_gen link_width numa_node host_local; do
		grep -qx "$c" <<<"$output" || { echo "no column $c"; return 1; }
	done
}
