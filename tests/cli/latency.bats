#!/usr/bin/env bats
# gpuperf latency without a GPU: options, every usage error before any GPU is
# touched, --plot's refusals, the documented columns.

load lib

@test "latency --help names every option and the levels" {
	run_split "$GPUPERF" latency --help
	[ "$status" -eq 0 ]
	for o in --size --stride-bytes --pattern --level l1,l2,dram,tlb,shared,host,memcpy; do
		[[ "$output" == *"$o"* ]] || { echo "help lacks $o"; return 1; }
	done
	[[ "$output" == *"(default 64)"* && "$output" == *"(default random)"* && "$output" == *"(default all)"* ]]
}

@test "latency: listed as a command, its options, values and defaults" {
	run "$GPUPERF" --list-commands
	[[ "$output" == *latency* ]]
	run "$GPUPERF" --list-options latency
	[ "$(tr '\n' ' ' <<<"$output")" = "--size --stride-bytes --pattern --level " ]
	run "$GPUPERF" --list-values latency --pattern
	[ "$(tr '\n' ' ' <<<"$output")" = "random stride " ]
	run "$GPUPERF" --list-values latency --level
	[ "$(tr '\n' ' ' <<<"$output")" = "l1 l2 dram tlb shared host memcpy all " ]
	run "$GPUPERF" --list-defaults latency
	[ "$(tr '\t\n' '= ' <<<"$output")" = "--stride-bytes=64 --pattern=random --level=all " ]
}

@test "latency: CSV columns as documented" {
	run "$GPUPERF" --list-columns latency
	[ "$status" -eq 0 ]
	[ "$(tr '\n' ',' <<<"$output")" = "device,cc,device_index,uuid,pci_bus_id,hostname,row,memory,size_bytes,size_max_bytes,stride_bytes,pattern,elements,loads,cycles,ns,ns_min,ns_max,level,level_source,l1_hit_pct,l2_hit_pct,dram_bytes_per_load,sm_clock_mhz,verified,contended,throttled," ]
}

@test "latency: usage errors exit 2 before any GPU is touched" {
	assert_usage_error latency --stride-bytes 12
	[[ "$stderr" == *"not a multiple of 8"* ]]
	assert_usage_error latency --stride-bytes 0
	assert_usage_error latency --stride-bytes 4
	assert_usage_error latency --stride-bytes two
	assert_usage_error latency --size 0
	assert_usage_error latency --size 4
	assert_usage_error latency --size 1K-x
	assert_usage_error latency --size 32 --stride-bytes 64
	[[ "$stderr" == *"hold no element 64 bytes apart"* ]]
	assert_usage_error latency --size 4K,16 --stride-bytes 64
	assert_usage_error latency --pattern zigzag
	assert_usage_error latency --level l3
	assert_usage_error latency --level ""
	assert_usage_error latency --level shared,host --size 1M
	[[ "$stderr" == *"--level names none of l1, l2, dram, tlb"* ]]
	assert_usage_error latency --bogus
	assert_usage_error latency extra
	assert_usage_error latency --width 16
	assert_usage_error latency --size
}

@test "latency --plot: refused where there is no sweep, and no file" {
	cd "$BATS_TEST_TMPDIR"
	for args in "--level shared,host,memcpy" "--size 4M" "--level memcpy --stride-bytes 8"; do
		assert_usage_error --plot p.svg latency $args
		[[ "$stderr" == *"latency draws the global-memory sweep"* ]] || { echo "$args: $stderr"; return 1; }
		[ ! -e p.svg ] || { echo "$args left p.svg"; return 1; }
	done
	assert_usage_error --plot p.png latency
}

@test "latency: measuring without a GPU exits 3 with one line" {
	if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
		skip "a GPU is present"
	fi
	for args in "" "--level shared" "--size 4K-1M:x4 --pattern stride" "--level memcpy"; do
		run_split "$GPUPERF" latency $args
		[ "$status" -eq 3 ] || { echo "$args: status $status"; return 1; }
		[ -z "$output" ]
		[ "$(grep -c . <<<"$stderr")" -eq 1 ]
	done
	run_split "$GPUPERF" --csv --plot "$BATS_TEST_TMPDIR/p.svg" latency --size 4K-1M:x4
	[ "$status" -eq 3 ] && [ ! -e "$BATS_TEST_TMPDIR/p.svg" ]
}
