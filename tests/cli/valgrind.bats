#!/usr/bin/env bats
# No leak and no memory error on the exit paths a user meets without a GPU:
# success, usage errors, no device, bad files.  valgrind runs the plain
# build (the ASan pass skips this file: the two do not mix).

load lib

ROOT=$BATS_TEST_DIRNAME/../..

vg() {
	run valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$ROOT/gpuperf" "$@"
	[ "$status" -ne 99 ] || { echo "$output"; return 1; }
}

setup() {
	command -v valgrind >/dev/null || skip "valgrind is not installed"
	[[ "$GPUPERF" != *build-asan* ]] || skip "the ASan pass does not run valgrind"
}

@test "valgrind: usage errors free everything" {
	vg --bogus
	vg bandwidth --size 0
	vg pcie --size 0
	vg occupancy --arch sm_99 --threads 1 --regs 1
	vg coalesce --stride 0
	vg banks --width 3
}

@test "valgrind: successful runs without a GPU free everything" {
	vg occupancy --arch sm_90 --threads 256 --regs 64
	vg --csv occupancy --arch sm_80 --threads 128 --regs 32 --sweep smem
	vg coalesce --model --stride 1-8
	vg --json banks --model
	vg --help
}

@test "valgrind: no GPU and bad files free everything" {
	vg info
	vg --csv all
	vg occupancy --binary /etc/passwd --arch sm_90
	vg occupancy --binary /nonexistent --arch sm_90
}

@test "valgrind: diff's comparisons and refusals free everything" {
	cd "$BATS_TEST_TMPDIR"
	"$ROOT/gpuperf" --csv coalesce --model > a.csv
	"$ROOT/gpuperf" --json coalesce --model > a.json
	"$ROOT/gpuperf" --csv banks --model > b.csv
	head -c 500 a.csv > cut.csv
	head -c 500 a.json > cut.json
	printf '""' > q.csv
	vg diff q.csv q.csv
	vg diff a.csv a.json
	vg --json diff --plot "$BATS_TEST_TMPDIR/d.svg" a.json a.csv
	vg diff --fail-on worse a.csv cut.csv
	vg diff cut.json a.json
	vg diff a.csv b.csv
	vg diff a.csv /nonexistent
	vg diff a.csv
}

@test "valgrind: fleet's verdicts and refusals free everything" {
	F=$ROOT/tests/fixtures/fleet
	vg fleet "$F/slow.json"
	vg --json fleet "$F"/no-gpu/*.json
	vg --csv fleet "$F/mixed.json"
	vg fleet "$F/bad/truncated.json"
	vg fleet "$F/bad/missing-key.json"
	vg fleet "$F/slow.json" "$F/slow/gpu-node01.json"
	vg fleet /nonexistent
	vg fleet
}
