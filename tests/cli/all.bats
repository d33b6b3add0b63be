#!/usr/bin/env bats
# gpuperf all without a GPU: a clean refusal.

load lib

@test "all without a GPU: one line on stderr, nothing on stdout, exit 3" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	for fmt in "" --csv --json; do
		run_split "$GPUPERF" $fmt all
		[ "$status" -eq 3 ]
		[ -z "$output" ]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
}

@test "all takes no options of its own" {
	assert_usage_error all --size 1G
}
