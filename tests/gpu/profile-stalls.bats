#!/usr/bin/env bats
# PC sampling (issue 38, item 2; inject/pcsample.c, a draft behind
# GPUPERF_PROFILE_STALLS=1): a latency-bound verdict says what the warps
# wait on, and where.  Not yet run on a GPU when written: the first run
# decides whether the draft works (and the next step is ncu's
# WarpStateStats on the same launch as the reference, within 5 points).

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/chase" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
}

get() {
	python3 - "$@" <<'PY'
import csv, re, sys
path, name, col = sys.argv[1:]
pat = re.compile(r'(^|[ :])' + re.escape(name) + r'\(')
for row in csv.DictReader(open(path, newline='')):
    if pat.search(row.get('kernel', '')):
        print(row.get(col, '')); break
PY
}

@test "profile, PC sampling: the chase waits on its loads (long scoreboard), at chase.cu:17" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/chase.csv
	GPUPERF_PROFILE_STALLS=1 run_split "$GPUPERF" --csv -o "$csv" profile -- "$APPS/chase" 4096 200
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	text=$(get "$csv" chase verdict_text)
	echo "chase: $(get "$csv" chase verdict): $text"
	# the app's loop body, built with -lineinfo: p = next[p]
	[[ "$text" == *"of samples wait on a global or local memory load (long scoreboard) at "*"chase.cu:17"* ]]
	# the share: a chase spends nearly all its samples waiting on the load (99 % in the probe)
	pct=$(sed -n 's/.* \([0-9]*\) % of samples wait on a global.*/\1/p' <<<"$text")
	[ -n "$pct" ]
	[ "$pct" -ge 90 ]
}

@test "profile without GPUPERF_PROFILE_STALLS: no sampling, the verdict as before" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/plain.csv
	run_split "$GPUPERF" --csv -o "$csv" profile -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	text=$(get "$csv" chase verdict_text)
	echo "chase: $text"
	[[ "$text" != *"of samples wait on"* ]]
}
