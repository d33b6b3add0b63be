#!/usr/bin/env bats
# Where a memory or bank verdict sits, without a GPU: the report of the
# records a "program" writes as the library would.  Each fixture is a real
# run on an H200 (2026-11-29), its one patched launch's pc records with
# counts (CUPTI's SASS metrics):
#   profile-where-transpose.records  tests/apps/transpose (-lineinfo):
#       transpose_naive's 4 STGs at transpose.cu:19;
#   profile-where-banks.records  tests/apps/banks -k 'bank_conflict<32>':
#       8 LDSs at banks.cu:26;
#   profile-where-layernorm.records  bench/verdicts/layernorm.py: PyTorch's
#       vectorized_layer_norm_kernel, no line table, 32 LDGs.
# Nsight Compute's source view of the same launches (bench/where.sh, that
# day) gave each of those instructions the same excess as the records, and
# ranked first the ones named here (0x150, 0x370, 0x4630: ties, the lowest
# offset first).  The shares are worked out from the records by awk here.

load lib
bats_require_minimum_version 1.5.0

FIXTURES=$BATS_TEST_DIRNAME/../fixtures

replay() { # FIXTURE-NAME: the command that appends it to the record file
	REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$FIXTURES/profile-where-$1.records")
}

# excess FIXTURE OP COUNT [LINE]: the excess (COUNT beyond COUNT_ideal) of the OP pc records (at LINE)
excess() {
	awk -v op="op=$2" -v c="$3" -v l="${4:+line=$4}" '$1 == "pc" && index($0, " " op " ") &&
		(l == "" || index($0, " " l " ")) {
		n = 0; i = 0
		for (f = 2; f <= NF; f++) {
			split($f, kv, "=")
			if (kv[1] == c) n = kv[2]
			if (kv[1] == c "_ideal") i = kv[2]
		}
		if (n > i) s += n - i } END { print s + 0 }' "$FIXTURES/profile-where-$1.records"
}

@test "profile: the naive transpose's store verdict names its line and its STGs" {
	replay transpose
	run_split "$GPUPERF" profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	# all of the STGs' excess sits at line 19: 4 x 3670016 sectors
	[ "$(excess transpose STG sectors)" -eq 14680064 ]
	[ "$(excess transpose STG sectors 19)" -eq 14680064 ]
	line=$(grep '^transpose_naive: ' <<<"$stderr")
	echo "$line"
	[[ "$line" == *"stores write 8.0x"*"; where: /work/main/tests/apps/transpose.cu:19 holds 100 % of the excess (4 of 4 instructions); the worst, STG (4 bytes a thread) at 0x150, 25 %"* ]]
	# tiled<0>'s bank conflict was not the one patched: it names nothing
	run grep '^transpose_tiled<0>: .*where:' <<<"$stderr"
	[ "$status" -eq 1 ]
}

@test "profile --csv: the where columns of the patched kernel, empty for the others" {
	replay transpose
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o p.csv profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	run python3 - p.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['kernel_mangled'], r['where_launch'], r['where_at'], r['where_line_pct'],
          r['where_instructions'], r['where_offset'], r['where_op'], r['where_op_bytes'],
          r['where_offset_pct'])
PY
	[ "$status" -eq 0 ]
	echo "$output"
	[ "${lines[0]}" = "_Z15transpose_naivePfPKfi 4 /work/main/tests/apps/transpose.cu:19 100.000 4 0x150 STG 4 25.000" ]
	[ "${lines[1]}" = "_Z15transpose_tiledILi0EEvPfPKfi        " ]
}

@test "profile: a bank conflict's verdict names its shared loads' line" {
	replay banks
	run_split "$GPUPERF" profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	# 8 LDSs at line 26, 8126464 excess wavefronts each; the STS and the LDG have none
	[ "$(excess banks LDS wavefronts)" -eq 65011712 ]
	[ "$(excess banks LDS wavefronts 26)" -eq 65011712 ]
	[ "$(excess banks STS wavefronts)" -eq 0 ]
	line=$(grep '^bank_conflict<32>: ' <<<"$stderr")
	echo "$line"
	[[ "$line" == *"32-way bank conflict"*"; where: /work/main/tests/apps/banks.cu:26 holds 100 % of the excess (8 of 8 instructions); the worst, LDS (4 bytes a thread) at 0x370, 12 %"* ]]
}

@test "profile: PyTorch's LayerNorm, no line table: the loads named by offset, and why no line" {
	replay layernorm
	run_split "$GPUPERF" profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	# 32 LDGs of 49152 excess sectors each: 1572864, ncu's sum for the launch
	[ "$(excess layernorm LDG sectors)" -eq 1572864 ]
	line=$(grep '^at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float, false>: ' <<<"$stderr")
	echo "$line"
	[[ "$line" == *"global loads"*"; where: 32 instructions hold the excess, no source line known (build with -lineinfo); the worst, LDG (4 bytes a thread) at 0x4630, 3 %"* ]]
}

@test "profile: the library is asked to patch by default; not with --no-patch, --launches 0 or --counters off" {
	show='echo "sass=${GPUPERF_PROFILE_SASS-unset}"'
	run_split "$GPUPERF" profile -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "sass=1" ]
	run_split env GPUPERF_PROFILE_SASS=1 "$GPUPERF" profile --no-patch -- sh -c "$show"
	[ "${lines[0]}" = "sass=unset" ]
	run_split "$GPUPERF" profile --launches 0 -- sh -c "$show"
	[ "${lines[0]}" = "sass=unset" ]
	run_split "$GPUPERF" --counters off profile -- sh -c "$show"
	[ "${lines[0]}" = "sass=unset" ]
}

@test "profile --no-patch: a usage error with a value" {
	assert_usage_error profile --no-patch=yes -- true
}

@test "profile --by instruction: the patched kernel's memory instructions with their counts" {
	replay transpose
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o i.csv profile --by instruction -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	# the fixture's memory instructions: 4 STGs and 4 LDGs, one row each
	[ "$(grep '^pc ' "$FIXTURES/profile-where-transpose.records" | grep -cE ' op=(LDG|STG) ')" -eq 8 ]
	[ "$(wc -l <i.csv)" -eq 9 ]
	run python3 - i.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['offset'], r['counted_launch'], r['op'], r['op_bytes'], r['executed'],
          int(r['sectors']) - int(r['sectors_ideal']), r['samples'] or '-')
PY
	[ "$status" -eq 0 ]
	echo "$output"
	# the stores' excess first (3670016 each, as ncu's source view), lowest offset first
	[ "${lines[0]}" = "0x150 4 STG 4 131072 3670016 -" ]
	[ "${lines[3]}" = "0x1d0 4 STG 4 131072 3670016 -" ]
	[ "${lines[4]}" = "0xf0 4 LDG 4 131072 0 -" ]
	run_split "$GPUPERF" profile --by instruction -- "${REPLAY[@]}"
	[[ "$stderr" == *"transpose_naive: launch 4 patched, its 8 memory instructions"* ]]
	[[ "$stderr" == *"STG 4 B, 3670016 of 4194304 sectors excess"* ]]
}

# --patch-each, without a GPU: a "program" that writes, as the library
# would, the records of tests/apps/transpose or banks under profile
# --patch-each on an H200 (2026-11-30, -v): profile-each-APP-first.records
# its first run's (one kernel patched), profile-each-APP-KERNEL.records
# the run that patched KERNEL (mangled) alone.  Each run says its
# variables in $BATS_TEST_TMPDIR/runs, and prints a line on each stream.
# Nsight Compute's source view of each patched launch (bench/where.sh with
# PATCH_EACH=1, that run) gave every instruction the excess its record
# has, and ranked first the one named here.
each() { # APP [SH-COMMANDS-AFTER]: the program, into EACH
	EACH=(sh -c 'echo "the program ran"; echo "its own stderr" >&2
		echo "${GPUPERF_PROFILE_LAUNCHES} ${GPUPERF_PROFILE_SASS_KERNEL:--}" >>"$0/runs"
		cat "$1/profile-each-$2-${GPUPERF_PROFILE_SASS_KERNEL:-first}.records" >>"$GPUPERF_PROFILE_PATH"
		'"${2:-}" "$BATS_TEST_TMPDIR" "$FIXTURES" "$1")
}

@test "profile --patch-each: the tiled transpose's bank conflict names its line, from a run of its own" {
	each transpose
	run_split "$GPUPERF" profile --patch-each -- "${EACH[@]}"
	[ "$status" -eq 0 ]
	echo "$stderr"
	[[ "$stderr" == *"running the program again (1 of 1) to patch transpose_tiled<0>"* ]]
	# the first run counted 1 launch of each kernel; the second none, and patched tiled<0>
	[ "$(cat "$BATS_TEST_TMPDIR/runs")" = "1 -
0 _Z15transpose_tiledILi0EEvPfPKfi" ]
	line=$(grep '^transpose_tiled<0>: ' <<<"$stderr")
	[[ "$line" == *"32-way bank conflict"*"; where: /work/main/tests/apps/transpose.cu:34 holds 100 % of the excess (4 of 4 instructions); the worst, LDS (4 bytes a thread) at 0x290, 25 %"* ]]
	line=$(grep '^transpose_naive: ' <<<"$stderr")
	[[ "$line" == *"where: /work/main/tests/apps/transpose.cu:19 holds 100 % of the excess (4 of 4 instructions); the worst, STG"*" at 0x150, 25 %"* ]]
	# the later run read no input and its output went nowhere
	[ "$(grep -cx 'the program ran' <<<"$output")" -eq 1 ]
	[ "$(grep -cx 'its own stderr' <<<"$stderr")" -eq 1 ]
}

@test "profile --patch-each --csv: the where columns of both kernels" {
	each transpose
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o e.csv profile --patch-each -- "${EACH[@]}"
	[ "$status" -eq 0 ]
	run python3 - e.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['kernel'].split('(')[0].replace('void ', ''), r['where_launch'] or '-', r['where_at'] or '-', r['where_offset'] or '-', r['where_op'] or '-')
PY
	echo "$output"
	[ "${lines[0]}" = "transpose_naive 5 /work/main/tests/apps/transpose.cu:19 0x150 STG" ]
	# its first launch in its own run, as its counted launch was in the first
	[ "${lines[1]}" = "transpose_tiled<0> 1 /work/main/tests/apps/transpose.cu:34 0x290 LDS" ]
	[ "${lines[2]}" = "transpose_tiled<1> - - - -" ]
}

@test "profile without --patch-each: one run, and the tiled transpose names nothing" {
	each transpose
	run_split "$GPUPERF" profile -- "${EACH[@]}"
	[ "$status" -eq 0 ]
	[ "$(cat "$BATS_TEST_TMPDIR/runs")" = "1 -" ]
	run grep -c 'running the program again' <<<"$stderr"
	[ "$output" = 0 ]
	line=$(grep '^transpose_tiled<0>: ' <<<"$stderr")
	[[ "$line" == *"32-way bank conflict"* ]]
	[[ "$line" != *"where:"* ]]
}

@test "profile --patch-each: banks' three conflicts each name banks.cu:26, two from runs of their own" {
	each banks
	run_split "$GPUPERF" profile --patch-each -- "${EACH[@]}"
	[ "$status" -eq 0 ]
	[ "$(grep -c 'running the program again' <<<"$stderr")" -eq 2 ]
	[ "$(grep -c '^0 _Z13bank_conflictILi' "$BATS_TEST_TMPDIR/runs")" -eq 2 ]
	for s in 2 4 32; do
		line=$(grep "^bank_conflict<$s>: " <<<"$stderr")
		echo "$line"
		[[ "$line" == *"$s-way bank conflict"*"; where: /work/main/tests/apps/banks.cu:26 holds 100 % of the excess (8 of 8 instructions); the worst, LDS (4 bytes a thread) at 0x370, 12 %"* ]]
	done
}

@test "profile --patch-each: a run that ends otherwise, or counts nothing, is said" {
	# the later runs fail, and write no record
	each transpose '[ -z "$GPUPERF_PROFILE_SASS_KERNEL" ] || exit 3'
	EACH[2]=${EACH[2]/cat /[ -n \"\$GPUPERF_PROFILE_SASS_KERNEL\" ] || cat }
	run_split "$GPUPERF" profile --patch-each -- "${EACH[@]}"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"warning: the run patching transpose_tiled<0> counted none of its instructions: its verdict names no instruction"* ]]
	[[ "$stderr" == *"warning: the run patching transpose_tiled<0> ended with status 3, the first run with 0: its counts may not be of the same work"* ]]
	line=$(grep '^transpose_tiled<0>: ' <<<"$stderr")
	[[ "$line" != *"where:"* ]]
}

@test "profile --patch-each: a run ended by SIGTERM stops the rest" {
	# (a shell under bats may ignore it: Python ends by it whatever it inherits)
	each banks '[ -z "$GPUPERF_PROFILE_SASS_KERNEL" ] || exec python3 -c "import os, signal
signal.signal(signal.SIGTERM, signal.SIG_DFL); os.kill(os.getpid(), signal.SIGTERM)"'
	run_split "$GPUPERF" profile --patch-each -- "${EACH[@]}"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^0 ' "$BATS_TEST_TMPDIR/runs")" -eq 1 ]
	[[ "$stderr" == *"warning: stopped: 1 kernel not patched"* ]]
}

@test "profile --patch-each: with --no-patch, a usage error" {
	assert_usage_error profile --patch-each --no-patch -- true
	assert_usage_error profile --patch-each=yes -- true
}

@test "profile --by instruction --patch-each: the memory instructions of both patched kernels" {
	each transpose
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o i.csv profile --by instruction --patch-each -- "${EACH[@]}"
	[ "$status" -eq 0 ]
	# a row for each memory instruction of each run's records
	tiled=$(grep '^pc ' "$FIXTURES/profile-each-transpose-_Z15transpose_tiledILi0EEvPfPKfi.records" | grep -c ' op=')
	[ "$tiled" -eq 16 ]
	[ "$(grep -c '_Z15transpose_tiledILi0EEvPfPKfi,' i.csv)" -eq "$tiled" ]
	[ "$(grep -c '_Z15transpose_naivePfPKfi,' i.csv)" -eq 8 ]
	# its bank conflict's four LDSs, 32 wavefronts where 1 would do
	[ "$(grep '_Z15transpose_tiledILi0EEvPfPKfi,' i.csv | grep -c ',1,LDS,4,131072,0,0,4194304,131072')" -eq 4 ]
}
