#!/usr/bin/env bats
# The tests themselves: no assertion that cannot fail (tests/meta/dead-asserts.py
# says why set -e lets some through), and the checker catches what was planted.

ROOT=$BATS_TEST_DIRNAME/../..
LINT=$BATS_TEST_DIRNAME/dead-asserts.py
PLANTED=$BATS_TEST_DIRNAME/planted-asserts.bats.in

setup() {
	command -v python3 >/dev/null || skip "python3 is not installed"
	cd "$BATS_TEST_TMPDIR"
}

@test "lint: no test body or helper holds an assertion that cannot fail" {
	run python3 "$LINT" "$ROOT/tests"
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "lint: every planted dead assertion is reported as file:line, and nothing else" {
	local want got
	run python3 "$LINT" "$PLANTED"
	echo "$output"
	[ "$status" -eq 1 ]
	want=$(awk '/# dead below$/ { print NR + 1; next } /# dead$/ { print NR }' "$PLANTED")
	got=$(sed -n "s|^$PLANTED:\([0-9]*\): .*|\1|p" <<<"$output" | sort -nu)
	echo "want: $(echo $want)"
	echo "got:  $(echo $got)"
	[ "$want" = "$got" ]
	[ "$(wc -l <<<"$want")" -ge 15 ]
}

@test "lint: a file it cannot read as shell is an error, not a pass" {
	printf '@test "x" {\n\techo "unclosed\n}\n' >broken.bats
	run python3 "$LINT" broken.bats
	echo "$output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"broken.bats: cannot parse"* ]]
}
