#!/usr/bin/env bats
# The unit tests of the models and the judges under valgrind: no read of
# memory never written (ASan, in make test's asan pass, sees overruns but
# not that).  A model that leaves one lane's address unset still gives the
# right count by luck of the stack; valgrind says so.

ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	[[ "${GPUPERF:-}" != *build-asan* ]] || skip "the ASan pass does not run valgrind"
}

# clean T: build/tests/T runs under valgrind without an error, its tests passing
clean() {
	local t=$ROOT/build/tests/$1
	[ -x "$t" ] || { echo "$t is not built (make test builds it)"; return 1; }
	run valgrind -q --error-exitcode=99 --track-origins=yes "$t"
	[ "$status" -eq 0 ] || { echo "$output" | grep -v '^ok '; return 1; }
}

@test "valgrind: t-coalesce reads nothing unset" {
	clean t-coalesce
}

@test "valgrind: t-banks reads nothing unset" {
	clean t-banks
}

@test "valgrind: t-occupancy reads nothing unset" {
	clean t-occupancy
}
