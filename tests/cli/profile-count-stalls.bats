#!/usr/bin/env bats
# profile --count-stalls without a GPU: a "program" that writes, as the
# library would, the records of tests/apps/banks under profile --stalls
# --count-stalls on an H200 (2026-11-30, -v): profile-count-banks-first.records
# its first run's (every kernel counted, then sampled),
# profile-count-banks-warp.records the run that counted the sampled
# launches' warp states alone.  Each run says GPUPERF_PROFILE_COUNT_AT in
# $BATS_TEST_TMPDIR/runs.  The expected shares are worked out from the
# records by awk here; Nsight Compute's WarpStateStats gave
# bank_conflict<32> mio_throttle 65.9-66.1 % on every launch (bench/NOTES.md).

load lib
bats_require_minimum_version 1.5.0

FIXTURES=$BATS_TEST_DIRNAME/../fixtures

counting() { # [SH-COMMANDS-AFTER]: the program, into PROG
	PROG=(sh -c 'echo "${GPUPERF_PROFILE_COUNT_AT:--} ${GPUPERF_PROFILE_WARP_STATES:--} ${GPUPERF_PROFILE_LAUNCHES}" >>"$0/runs"
		f=first; [ -z "$GPUPERF_PROFILE_COUNT_AT" ] || f=warp
		cat "$1/profile-count-banks-$f.records" >>"$GPUPERF_PROFILE_PATH"
		'"${1:-}" "$BATS_TEST_TMPDIR" "$FIXTURES")
}

# share KERNEL: the top stall (not selected or not_selected) of KERNEL's counted
# launch and its share of every state's warp-cycles, in percent
share() {
	awk -v k="kernel=$1" '$1 == "launch" && index($0, " " k " ") {
		for (f = 2; f <= NF; f++) if ($f ~ /^c\.warps_/) {
			split(substr($f, 9), kv, "="); t += kv[2]
			if (kv[1] != "selected" && kv[1] != "not_selected" && kv[2] > best) { best = kv[2]; top = kv[1] }
		}
		printf "%s %.1f\n", top, 100 * best / t }' "$FIXTURES/profile-count-banks-warp.records"
}

# the sampled launch of KERNEL in the first run: its number
sampled_nth() {
	awk -v k="kernel=$1" '$1 == "launch" && index($0, " " k " ") && / sampled=1 / {
		for (f = 2; f <= NF; f++) if ($f ~ /^nth=/) print substr($f, 5) }' \
		"$FIXTURES/profile-count-banks-first.records"
}

@test "profile --stalls --count-stalls: a second run counts each sampled launch's warp states" {
	counting
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o c.csv profile --stalls --count-stalls -- "${PROG[@]}"
	[ "$status" -eq 0 ]
	echo "$stderr"
	[[ "$stderr" == *"running the program again to count the warp states of 3 sampled launches"* ]]
	# the second run: each kernel's sampled launch (its number), warp states alone, one launch
	n2=$(sampled_nth _Z13bank_conflictILi2EEvPfPKf)
	n32=$(sampled_nth _Z13bank_conflictILi32EEvPfPKf)
	[ "$n2" = 4 ]
	[ "$(sed -n 2p runs)" = "$n2:_Z13bank_conflictILi2EEvPfPKf 4:_Z13bank_conflictILi4EEvPfPKf $n32:_Z13bank_conflictILi32EEvPfPKf 1 1" ]
	[ "$(sed -n 1p runs)" = "- - 1" ]
	run python3 - c.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['kernel'].split('(')[0].replace('void ', ''), r['stall_top'], '%.1f' % float(r['stall_top_pct']), r['stall_samples'])
PY
	echo "$output"
	[ "${lines[0]}" = "bank_conflict<32> $(share _Z13bank_conflictILi32EEvPfPKf) 33908" ]
	[ "$(share _Z13bank_conflictILi32EEvPfPKf)" = "mio_throttle 66.0" ]
	[ "${lines[1]}" = "bank_conflict<4> $(share _Z13bank_conflictILi4EEvPfPKf) 5292" ]
	[ "${lines[2]}" = "bank_conflict<2> $(share _Z13bank_conflictILi2EEvPfPKf) 3213" ]
}

@test "profile --stalls without --count-stalls: one run, the samples' shares" {
	counting
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o s.csv profile --stalls -- "${PROG[@]}"
	[ "$status" -eq 0 ]
	[ "$(cat runs)" = "- - 1" ]
	# bank_conflict<32>'s samples, taken after its counted launch: short scoreboard first
	top=$(awk '$1 == "launch" && / kernel=_Z13bank_conflictILi32EEvPfPKf / && / sampled=1 / {
		for (f = 2; f <= NF; f++) if ($f ~ /^s\./) { split(substr($f, 3), kv, "=")
			if (kv[1] != "selected" && kv[1] != "not_selected" && kv[2] > b) { b = kv[2]; t = kv[1] } }
		print t }' "$FIXTURES/profile-count-banks-first.records")
	[ "$top" = short_scoreboard ]
	[ "$(python3 -c "import csv; print([r['stall_top'] for r in csv.DictReader(open('s.csv')) if 'conflict<32>' in r['kernel']][0])")" = "$top" ]
}

@test "profile --count-stalls: a second run that counts nothing is said, and the samples stay" {
	counting 'exit 0'
	PROG[2]=${PROG[2]/f=warp/f=none}
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o n.csv profile --stalls --count-stalls -- "${PROG[@]}"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"warning: 3 of 3 sampled launches got no warp-state counts"*"their shares are the samples'"* ]]
	[ "$(python3 -c "import csv; print([r['stall_top'] for r in csv.DictReader(open('n.csv')) if 'conflict<32>' in r['kernel']][0])")" = short_scoreboard ]
}

@test "profile --count-stalls: nothing sampled, no second run" {
	counting
	run_split "$GPUPERF" profile --count-stalls --launches 0 -- "${PROG[@]}"
	[ "$status" -eq 0 ]
	[ "$(cat "$BATS_TEST_TMPDIR/runs")" = "- - 0" ]
}

@test "profile --count-stalls: with --no-stalls, a usage error" {
	assert_usage_error profile --count-stalls --no-stalls -- true
	assert_usage_error profile --count-stalls=yes -- true
}
