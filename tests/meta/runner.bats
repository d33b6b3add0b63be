#!/usr/bin/env bats
# tests/run.sh itself: a test that dies, a plan that is not the count of
# results and a non-zero exit without a failing test each fail the run;
# a file is found by path or name; its summary is the suite's.

RUN=$BATS_TEST_DIRNAME/../run.sh

setup() {
	cd "$BATS_TEST_TMPDIR"
	# the runs below judge their skips only where a test says so
	unset CI GPUPERF_REQUIRE_GPU GPUPERF_REQUIRE_COUNTERS
}

# fake_bats TAP STATUS: a bats on PATH that prints TAP and exits STATUS.
fake_bats() {
	mkdir -p fake
	printf '#!/usr/bin/env bash\nprintf %%s %q\nexit %d\n' "$1" "$2" >fake/bats
	chmod +x fake/bats
	printf '@test "x" { true; }\n' >fake.bats
}

@test "runner: all passing, status 0 and the counts" {
	printf '@test "a" { true; }\n@test "b" { skip "no reason here"; }\n' >good.bats
	run "$RUN" "$PWD/good.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"good.bats: 1 passed, 0 failed, 1 skipped"* ]]
	[[ "$output" == *"1 test skipped: no reason here"* ]]
	[[ "${lines[-1]}" == "total: 1 passed, 0 failed, 1 skipped" ]]
}

@test "runner: a failing test fails the run, counted once" {
	printf '@test "a" { true; }\n@test "b" { false; }\n' >bad.bats
	run "$RUN" "$PWD/bad.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "${lines[-1]}" == "total: 1 passed, 1 failed, 0 skipped" ]]
}

@test "runner: a test that kills itself fails the run (plan 1..3, 2 results)" {
	printf '@test "one" { true; }\n@test "dies" { kill -9 $$; }\n@test "three" { true; }\n' >die.bats
	run "$RUN" "$PWD/die.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"plan 1..3 but 2 results: a test died"* ]]
	[[ "${lines[-1]}" == "total: 2 passed, 1 failed, 0 skipped" ]]
}

@test "runner: a plan that is not the count of results fails, whatever the status" {
	fake_bats $'1..3\nok 1 a\nok 2 b\n' 0
	PATH=$PWD/fake:$PATH run "$RUN" "$PWD/fake.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"plan 1..3 but 2 results"* ]]
}

@test "runner: no plan at all fails" {
	fake_bats $'ok 1 a\n' 0
	PATH=$PWD/fake:$PATH run "$RUN" "$PWD/fake.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"no plan (1..N)"* ]]
}

@test "runner: a non-zero exit without a failing test fails" {
	fake_bats $'1..1\nok 1 a\n' 1
	PATH=$PWD/fake:$PATH run "$RUN" "$PWD/fake.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"exited with status 1 without a failing test"* ]]
}

@test "runner: a program skipped whole (a plan of 1..0 and a reason) is one skip with its reason" {
	printf '#!/bin/sh\necho "1..0 # SKIP no CUDA device"\n' >t-skips
	chmod +x t-skips
	run "$RUN" "$PWD/t-skips"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"1 test skipped: no CUDA device"* ]]
	[[ "${lines[-1]}" == "total: 0 passed, 0 failed, 1 skipped" ]]
}

@test "runner: a unit test that dies before its plan fails the run" {
	printf '#!/usr/bin/env bash\necho "ok 1 - first"\nkill -9 $$\n' >t-dies
	chmod +x t-dies
	run "$RUN" "$PWD/t-dies"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"t-dies: no plan (1..N): it stopped before its end (status 137)"* ]]
}

@test "runner: files by path or name; an unknown or ambiguous name is a usage error" {
	run "$RUN" lint
	[ "$status" -eq 0 ]
	[[ "$output" == *"tests/meta/lint.bats: "*" passed, 0 failed"* ]]
	run "$RUN" no-such-test
	[ "$status" -eq 2 ]
	[[ "$output" == *"no test file named 'no-such-test'"* ]]
	run "$RUN" occupancy
	[ "$status" -eq 2 ]
	[[ "$output" == *"'occupancy' names tests/cli/occupancy.bats tests/gpu/occupancy.bats: give the path"* ]]
	run "$RUN" --no-such-option
	[ "$status" -eq 2 ]
	[[ "$output" == "usage: tests/run.sh "* ]]
}

@test "runner: under GPUPERF_REQUIRE_GPU=1, a skip for a reason not on the list fails, named" {
	printf '@test "a" { true; }\n@test "b" { skip "the H100 fixtures are not recorded yet"; }\n' >odd.bats
	GPUPERF_REQUIRE_GPU=1 run "$RUN" "$PWD/odd.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"ok 2 b "*"skipped, and the reason is not an expected one"*": the H100 fixtures are not recorded yet"* ]]
	[[ "${lines[-1]}" == "total: 1 passed, 1 failed, 0 skipped" ]]
}

@test "runner: in CI, a skip for no GPU, one GPU, no MIG or a tool not installed is accepted" {
	printf '%s\n' '@test "a" { skip "no GPU on this machine"; }' '@test "b" { skip "one GPU"; }' \
		'@test "c" { skip "MIG is not enabled on GPU 0"; }' \
		'@test "d" { skip "valgrind is not installed"; }' >expected.bats
	CI=true run "$RUN" "$PWD/expected.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "total: 0 passed, 0 failed, 4 skipped" ]]
}

@test "runner: in CI, a program skipped whole for a reason not on the list fails" {
	printf '#!/bin/sh\necho "1..0 # SKIP the moon is full"\n' >t-moon
	printf '#!/bin/sh\necho "1..0 # SKIP no CUDA device"\n' >t-nogpu
	chmod +x t-moon t-nogpu
	CI=true run "$RUN" "$PWD/t-moon"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"t-moon: skipped, and the reason is not an expected one"*": the moon is full"* ]]
	CI=true run "$RUN" "$PWD/t-nogpu"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "total: 0 passed, 0 failed, 1 skipped" ]]
}

@test "runner: CI=false and no GPUPERF_REQUIRE_GPU judge no skip" {
	printf '@test "b" { skip "the moon is full"; }\n' >moon.bats
	CI=false run "$RUN" "$PWD/moon.bats"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "total: 0 passed, 0 failed, 1 skipped" ]]
}

@test "runner: counters unreadable are expected only under GPUPERF_REQUIRE_COUNTERS=0" {
	printf '@test "b" { skip "counters unreadable: Nsight Compute cannot read them either"; }\n' >ctr.bats
	GPUPERF_REQUIRE_GPU=1 GPUPERF_REQUIRE_COUNTERS=0 run "$RUN" "$PWD/ctr.bats"
	[ "$status" -eq 0 ]
	GPUPERF_REQUIRE_GPU=1 run "$RUN" "$PWD/ctr.bats"
	[ "$status" -eq 1 ]
}
