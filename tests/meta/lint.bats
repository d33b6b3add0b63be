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

# tests/meta/undefined-calls.py: bash finds a renamed helper only when the
# line runs (roofline.bats called skip_without_counters on the GPU only).
UNDEF=$BATS_TEST_DIRNAME/undefined-calls.py

@test "lint: every command the tests call is a function, builtin or program somewhere" {
	run python3 "$UNDEF" "$ROOT"
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "lint: a call to a helper defined nowhere is reported as file:line, defined ones are not" {
	mkdir -p repo/tests
	cat >repo/tests/lib.bash <<'LIB'
require_thing() {
	return 0
}
LIB
	# bats would read an "@test" line of a heredoc here as a test of its own
	printf '%s\n' 'load lib' '' "@""test \"x\" {" \
		'	require_thing' \
		'	run skip_without_thing level' \
		'	helper_of_the_body() { true; }' \
		'	helper_of_the_body' \
		'	if [ -n "$x" ]; then' \
		'		gone_helper "$x"' \
		'	fi' \
		'	[ "$(wc -l <f)" -eq 1 ]' \
		'	x=$(old_field "$CSV" size)' \
		'	[ "$(require_thing)" = "" ]' \
		'}' >repo/tests/a.bats
	run python3 "$UNDEF" repo
	echo "$output"
	[ "$status" -eq 1 ]
	[ "$(wc -l <<<"$output")" -eq 3 ]
	[[ "$output" == *"repo/tests/a.bats:5: skip_without_thing: "* ]]
	[[ "$output" == *"repo/tests/a.bats:9: gone_helper: "* ]]
	[[ "$output" == *"repo/tests/a.bats:12: old_field: "* ]]
}
