# Shared set-up for CLI tests (bats).  Load with `load lib` in tests/cli/*.bats.
# GPUPERF names the binary under test (tests/run.sh sets it for the ASan pass).

GPUPERF=${GPUPERF:-$BATS_TEST_DIRNAME/../../gpuperf}

# run_split CMD...: run with stdout in $output and stderr in $stderr.
run_split() {
	local errf
	errf=$(mktemp)
	run bash -c '"$@" 2>"$0"' "$errf" "$@"
	stderr=$(cat "$errf")
	rm -f "$errf"
}

# A usage error: exit 2, nothing on stdout, "gpuperf: error:" on stderr.
assert_usage_error() {
	run_split "$GPUPERF" "$@"
	if [ "$status" -ne 2 ] || [ -n "$output" ] || [[ "$stderr" != *"gpuperf: error:"* ]]; then
		echo "args: $*" >&2
		echo "status $status, stdout '$output', stderr '$stderr'" >&2
		return 1
	fi
}
