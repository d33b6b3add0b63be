#!/usr/bin/env bats
# PC sampling (issue 38, item 2; inject/pcsample.c): a latency-bound
# verdict says what the warps wait on, and where, by default (--stalls:
# every kernel sampled); the kernels sampled keep
# their counters.  The shares against Nsight Compute's WarpStateStats are
# bench/stalls.sh's (a benchmark: it needs ncu).

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/chase" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
}

@test "profile, PC sampling: the chase waits on its loads (long scoreboard), at chase.cu:17" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/chase.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/chase" 4096 200
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" chase verdict_text)
	echo "chase: $(kernel_cell "$csv" chase verdict): $text"
	# the app's loop body, built with -lineinfo: p = next[p]
	[[ "$text" == *"of samples wait on a global or local memory load (long scoreboard) at "*"chase.cu:17"* ]]
	# the share: a chase spends nearly all its samples waiting on the load (99 % in the probe)
	pct=$(sed -n 's/.* \([0-9]*\) % of samples wait on a global.*/\1/p' <<<"$text")
	[ -n "$pct" ]
	[ "$pct" -ge 90 ]
}

@test "profile (default): the kernels judged to wait are sampled, the others not; --no-stalls none" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/plain.csv
	run_split "$GPUPERF" --csv -o "$csv" profile -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" chase verdict_text)
	echo "chase: $(kernel_cell "$csv" chase bound): $text"
	[ "$(kernel_cell "$csv" chase bound)" = latency ]
	[[ "$text" == *"of samples wait on a global or local memory load (long scoreboard) at "*"chase.cu:17"* ]]
	# the DFMA chain is compute-bound (FP64): nothing to sample
	local dcsv=$BATS_TEST_TMPDIR/dfma.csv
	run_split "$GPUPERF" --csv -o "$dcsv" profile -- "$APPS/dfma" 1024 256 1024
	[ "$status" -eq 0 ]
	echo "dfma_chain: $(kernel_cell "$dcsv" dfma_chain bound)"
	[ "$(kernel_cell "$dcsv" dfma_chain bound)" = compute ]
	[ -z "$(kernel_cell "$dcsv" dfma_chain stall_samples)" ]
	run_split "$GPUPERF" --csv -o "$csv" profile --no-stalls -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" chase verdict_text)
	[[ "$text" != *"of samples wait on"* ]]
	[ -z "$(kernel_cell "$csv" chase stall_samples)" ]
}

@test "profile --stalls: three kernels, each counted with the standard set and sampled" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/transpose.csv
	# the set closes for a turn of sampling; the next kernel's first launch opens one again
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/transpose"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"PC sampling failed"* ]]
	for k in transpose_naive 'transpose_tiled<0>' 'transpose_tiled<1>'; do
		echo "$k: profiled $(kernel_cell "$csv" "$k" launches_profiled), set $(kernel_cell "$csv" "$k" counter_set)," \
			"samples $(kernel_cell "$csv" "$k" stall_samples), at $(kernel_cell "$csv" "$k" stall_at)"
		[ "$(kernel_cell "$csv" "$k" launches_profiled)" = 1 ]
		[ "$(kernel_cell "$csv" "$k" counter_set)" = standard ]
		[ "$(kernel_cell "$csv" "$k" stall_samples)" -gt 1000 ]
		[[ "$(kernel_cell "$csv" "$k" stall_at)" == *transpose.cu:* ]]
		# 5 launches in a row: the 1st counted, the 2nd and 3rd wait for a turn, the 4th sampled
		[ "$(kernel_cell "$csv" "$k" stall_launch)" = 4 ]
	done
	# the naive kernel's strided stores wait on its loads: its line reads in[]
	[ "$(kernel_cell "$csv" transpose_naive stall_top)" = long_scoreboard ]
}

@test "profile --stalls --launches 0: sampling with no counters at all" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/chase0.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls --launches 0 -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	[ "$(kernel_cell "$csv" chase stall_top)" = long_scoreboard ]
	[ "$(kernel_cell "$csv" chase stall_at | sed 's|.*/||')" = chase.cu:17 ]
	# no counter set to close: its first launch
	[ "$(kernel_cell "$csv" chase stall_launch)" = 1 ]
}

@test "profile --stalls: a sampling Start that CUPTI refuses ends the report there, not the program" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/refused.csv
	# GPUPERF_FAULT gives sampling no hardware buffer, and CUPTI's own Start
	# fails.  After a set had counted on the context, the Disable that
	# followed failed too and the program hung: a time limit makes that a
	# failure.  CUPTI then reports none of the later launches: the warning
	# says where the report ends
	GPUPERF_FAULT="inject pcs start:1" run_split timeout -k 5 60 "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/banks"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"PC sampling failed (start: CUPTI error"* ]]
	[[ "$stderr" == *"this report ends at a launch of bank_conflict<2> (--no-stalls profiles the whole program, unsampled)"* ]]
	[ "$(grep -c 'PC sampling failed' <<<"$stderr")" = 1 ]
	[ "$(kernel_cell "$csv" "bank_conflict<2>" counter_set)" = standard ]
}

@test "profile --stalls: a launch whose samples overflow CUPTI's buffer is lost, and said so" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/overflow.csv text
	# a 1 MB hardware buffer (GPUPERF_FAULT) for a chase of about 25 ms: some
	# 800 000 samples.  Every PC came back with 0 samples, and the verdict
	# said the launch was too short to catch one
	GPUPERF_FAULT="inject pcs overflow:1" run_split timeout -k 5 60 "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/chase" 264 20000
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"PC sampling lost a launch of chase: its samples overflowed"* ]]
	[ -z "$(kernel_cell "$csv" chase stall_samples)" ]
	text=$(kernel_cell "$csv" chase verdict_text)
	echo "chase: $text"
	[[ "$text" != *"caught no sample"* ]]
}

@test "profile --stalls beside another tool that holds the counters: no sampling, every launch" {
	require_counters
	local ready=$BATS_TEST_TMPDIR/held csv=$BATS_TEST_TMPDIR/beside.csv holder
	# another gpuperf profile (its own turns) holds the counters while its
	# program sleeps; a refused sampling Start here used to end the report
	# at that launch (CUPTI reports none after it)
	"$GPUPERF" -o "$BATS_TEST_TMPDIR/holder.txt" profile -- "$APPS/hold" 60 "$ready" >/dev/null 2>&1 &
	holder=$!
	for _ in $(seq 1 300); do [ -e "$ready" ] || sleep 0.1; done
	[ -e "$ready" ] || { kill "$holder"; echo "the holder did not start" >&2; return 1; }
	run_split timeout -k 5 60 "$GPUPERF" --csv -o "$csv" profile --stalls -- "$APPS/banks"
	kill "$holder"
	wait "$holder" || true
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"in use by another tool"* ]]
	[[ "$stderr" == *"PC sampling off: it needs the GPU's counters"* ]]
	[[ "$stderr" != *"PC sampling failed"* ]]
	for s in 2 4 32; do
		echo "bank_conflict<$s>: $(kernel_cell "$csv" "bank_conflict<$s>" launches) launches"
		[ "$(kernel_cell "$csv" "bank_conflict<$s>" launches)" = 5 ]
	done
}

@test "profile --by instruction: the chase's loads top its instructions, at chase.cu:17" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/instr.csv html=$BATS_TEST_TMPDIR/instr.html
	run_split "$GPUPERF" --csv -o "$csv" profile --by instruction --html "$html" -- \
		"$APPS/chase" 4096 200
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	head -n 3 "$csv"
	# the most sampled instruction first; the loop is unrolled, so p = next[p] is several
	# loads at line 17, which hold nearly every sample between them (97 % in --stalls)
	read -r sym first top launch at17 all <<<"$(python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
r = rows[0]
at = lambda x: x["file"].rsplit("/", 1)[-1] + ":" + x["line"]
print(r["kernel_mangled"], at(r), r["stall_top"], r["launch"],
      int(sum(float(x["kernel_samples_pct"]) for x in rows if at(x) == "chase.cu:17")),
      round(sum(float(x["kernel_samples_pct"]) for x in rows)))
PY
)"
	echo "first: $sym $first $top launch $launch; line 17 $at17 %, all $all %"
	[ "$sym" = _Z5chasePKjPjji ]
	[ "$first" = chase.cu:17 ]
	[ "$top" = long_scoreboard ]
	[ "$launch" = 4 ]
	[ "$at17" -ge 90 ]
	[ "$all" -eq 100 ]
	# the HTML report has the kernel's own table of instructions
	grep -q 'chase: launch 4, [0-9]* samples in these [0-9]* instructions' "$html"
}

@test "profile (default), a PyTorch training loop: the kernels sampled are those judged to wait" {
	require_counters
	python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null ||
		skip "PyTorch with CUDA is not installed"
	local csv=$BATS_TEST_TMPDIR/train.csv
	run_split "$GPUPERF" -v --csv -o "$csv" profile -- python3 "$ROOT/bench/verdicts/train_step.py" 8
	echo "status $status; stderr: $(grep -v 'profile: launch of' <<<"$stderr")"
	[ "$status" -eq 0 ]
	# one turn of sampling, after every kernel was counted: AdamW's first step zeroes its
	# state with 2 us fills, which wait for the loop rather than close the set mid-step
	[[ "$stderr" == *" in 1 turn of sampling;"* ]]
	python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
waits = lambda r: r['bound'] in ('latency', 'underfilled')
# a sampled launch names its launch, with 0 samples where it was too short to catch one
sampled = [r for r in rows if r['stall_launch']]
for r in rows:
    print(r['kernel'][:60], r['launches'], r['bound'], r['stall_launch'] or '-',
          r['stall_samples'] or '-', r['stall_top'])
# the library judges each counted launch as the report does: sampled only where it waits
assert all(waits(r) for r in sampled), [r['kernel'] for r in sampled if not waits(r)]
# and every such kernel launched often enough got its turn (its 4th launch at the latest,
# or once the loop settled where its counted launch took under 10 us)
missed = [r['kernel'] for r in rows if waits(r) and int(r['launches']) >= 4 and not r['stall_launch']]
assert not missed, missed
assert len(sampled) >= 3, len(sampled)
PY
}

@test "profile --stalls --count-stalls: bank_conflict<32>'s warp cycles counted: the MIO queue, as WarpStateStats counts them" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/count.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --stalls --count-stalls -- "$APPS/banks"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"running the program again to count the warp states of 3 sampled launches"* ]]
	# Nsight Compute's WarpStateStats on an H200: mio_throttle 65.9-66.1 % of
	# the warp cycles on every launch (bench/NOTES.md, the fifth session of
	# 2026-11-29), where PC samples taken after counters say short scoreboard
	[ "$(kernel_cell "$csv" 'bank_conflict<32>' stall_top)" = mio_throttle ]
	pct=$(kernel_cell "$csv" 'bank_conflict<32>' stall_top_pct)
	echo "mio_throttle: $pct %"
	python3 -c "import sys; sys.exit(0 if 60 <= float('$pct') <= 72 else 1)"
	[[ "$(kernel_cell "$csv" 'bank_conflict<32>' stalls)" == "mio_throttle "* ]]
	# the place is still the samples': a line of the kernel's
	[[ "$(kernel_cell "$csv" 'bank_conflict<32>' stall_at)" == *"banks.cu:"* ]]
	# the chase, latency-bound, says so in its verdict
	run_split "$GPUPERF" profile --count-stalls -- "$APPS/chase" 4096 200
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"% of warp cycles (counted) wait on a global or local memory load (long scoreboard) at chase.cu:17"* ]]
}
