#!/usr/bin/env bats
# gpuperf profile without a GPU: a program runs exactly as without it
# (output, status), the report says what there was to profile, and every
# usage error and start failure has its documented status.

load lib

@test "profile: the program's output and status are its own" {
	run_split "$GPUPERF" profile -- sh -c 'echo out; echo err >&2; exit 3'
	[ "$status" -eq 3 ]
	[[ "${lines[0]}" == out ]]
	[[ "$stderr" == err* ]]
	[[ "$output" == *"exited with status 3"* ]]
}

@test "profile: a program that launches no kernel is a note and status 0" {
	run_split "$GPUPERF" profile -- true
	[ "$status" -eq 0 ]
	[[ "$output" == *"launched no kernel"* ]]
	run_split "$GPUPERF" --csv profile -- true
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "${lines[0]}" == device,cc,*,kernel,* ]]
	run_split "$GPUPERF" --json profile -- true
	[ "$output" = "[]" ]
}

@test "profile: a program that cannot be started: 127 or 126 with a message" {
	run_split "$GPUPERF" profile -- /nonexistent/program
	[ "$status" -eq 127 ]
	[[ "$stderr" == *"cannot run '/nonexistent/program'"* ]]
	printf 'not a program\n' >"$BATS_TEST_TMPDIR/data"
	chmod -x "$BATS_TEST_TMPDIR/data"
	run_split "$GPUPERF" profile -- "$BATS_TEST_TMPDIR/data"
	[ "$status" -eq 126 ]
}

@test "profile: arguments, environment, directory and input reach the program untouched" {
	cd "$BATS_TEST_TMPDIR"
	run_split env MARK=42 "$GPUPERF" profile -- sh -c 'read l; echo "$1 $MARK $(pwd) $l"' sh --help <<<"in"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "--help 42 $BATS_TEST_TMPDIR in" ]
	# the program's own options are its own, even gpuperf's names
	run_split "$GPUPERF" profile -- sh -c 'echo "$@"' sh --csv -h --version
	[ "${lines[0]}" = "--csv -h --version" ]
}

@test "profile: usage errors before the program runs" {
	assert_usage_error profile
	[[ "$stderr" == *"needs a program"* ]]
	assert_usage_error profile --kernel '(' -- true
	assert_usage_error profile --launches -1 -- true
	assert_usage_error profile --sort speed -- true
	assert_usage_error profile --top x -- true
	run_split "$GPUPERF" profile --bogus -- touch "$BATS_TEST_TMPDIR/ran"
	[ "$status" -eq 2 ] && [ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "profile --help names every option" {
	run "$GPUPERF" profile --help
	for o in kernel launches top sort; do
		[[ "$output" == *"--$o"* ]] || { echo "no --$o"; return 1; }
	done
}
