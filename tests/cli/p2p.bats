#!/usr/bin/env bats
# gpuperf p2p without a GPU: its options, their errors, the refusal.

load lib

@test "p2p: bad options are usage errors before any GPU is touched" {
	for args in "--pair 0:x" "--pair 0" "--pair 0:1," "--pair ,0:1" "--pair 0:1:2" "--pair ''" \
		    "--pair 1024:0" "--size 1K" "--size 1T" "--reps 0" "--warmup -1" "--bogus"; do
		eval "assert_usage_error p2p $args" || { echo "p2p $args"; return 1; }
	done
}

@test "p2p without a GPU: exit 3, one line, nothing on stdout" {
	command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && skip "this machine has a GPU"
	for args in "" "--pair 0:0" "--pair 0:1,1:0"; do
		run_split "$GPUPERF" --csv p2p $args
		echo "p2p $args: status $status, stderr: $stderr"
		[ "$status" -eq 3 ]
		[ -z "$output" ]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
}

@test "p2p --help names every option" {
	run "$GPUPERF" p2p --help
	for o in size reps warmup pair; do
		[[ "$output" == *"--$o"* ]] || { echo "no --$o"; return 1; }
	done
}
