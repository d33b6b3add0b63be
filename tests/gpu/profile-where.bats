#!/usr/bin/env bats
# Where a memory or bank verdict sits (issue 38, item 1; inject/sass.c,
# profile/where.c): one launch of the worst such kernel runs patched by
# CUPTI's SASS metrics, and its verdict names the line and the
# instruction.  Our apps are built with -lineinfo.  The per-instruction
# excess against Nsight Compute's source view is bench/where.sh's (a
# benchmark: it needs ncu).

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/transpose" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
}

@test "profile: the naive transpose's stores, at transpose.cu:19, with at least 90 % of the excess" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/t.csv
	run_split "$GPUPERF" --csv -o "$csv" profile -- "$APPS/transpose"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" transpose_naive verdict_text)
	echo "transpose_naive: $text"
	# the loop's store, out[...] = in[...], unrolled into 4 STGs (cuobjdump -sass)
	# the opcode as nvdisasm names it where the toolkit has it (STG.E), else the counted one
	[[ "$text" == *"; where: "*"transpose.cu:19 holds "*" % of the excess"*"STG"*" (4 bytes a thread)"* ]]
	[ "$(kernel_cell "$csv" transpose_naive where_op)" = STG ]
	# the library read the instruction's encoding from CUPTI's module callback
	if [ -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvdisasm" ]; then
		sass=$(kernel_cell "$csv" transpose_naive where_sass)
		echo "where_sass: $sass"
		[[ "$sass" == "STG.E "* ]]
	fi
	pct=$(kernel_cell "$csv" transpose_naive where_line_pct)
	python3 -c "import sys; sys.exit(0 if float('$pct') >= 90 else 1)"
	# one kernel a process: the tiled ones name nothing
	[ -z "$(kernel_cell "$csv" 'transpose_tiled<0>' where_at)" ]
	# every launch after the patched one keeps its time: 5 launches each, all
	# timed but the patched one and a sampled one (the latency-bound kernels'),
	# run alone; a patch that left activity records off gave the tiled ones 1
	for k in transpose_naive 'transpose_tiled<0>' 'transpose_tiled<1>'; do
		timed=$(python3 -c "print(round(1000 * $(kernel_cell "$csv" "$k" gpu_time_ms) / $(kernel_cell "$csv" "$k" time_per_launch_us)))")
		alone=$(( $([ -n "$(kernel_cell "$csv" "$k" stall_launch)" ] && echo 1 || echo 0) +
			  $([ -n "$(kernel_cell "$csv" "$k" where_launch)" ] && echo 1 || echo 0) ))
		echo "$k: $timed launches' time, $alone run alone"
		[ "$timed" -eq $((5 - alone)) ]
	done
	[ "$(kernel_cell "$csv" transpose_naive where_launch)" -gt 0 ]
	[ "$(kernel_cell "$csv" 'transpose_tiled<1>' stall_launch)" = "" ]
}

@test "profile -k: a 32-way bank conflict's shared loads, at banks.cu:26" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/b.csv
	run_split "$GPUPERF" --csv -o "$csv" profile -k 'bank_conflict<32>' -- "$APPS/banks"
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" 'bank_conflict<32>' verdict_text)
	echo "bank_conflict<32>: $text"
	# the unrolled loop's shared load, lanes S = 32 words apart: s[(lane * S + ...) % SMEM]
	[[ "$text" == *"; where: "*"banks.cu:26 holds 100 % of the excess"*"LDS"*" (4 bytes a thread)"* ]]
}

@test "profile --patch-each: every bank-conflict kernel names banks.cu:26, the others patched in runs of their own" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/e.csv n=0
	run_split "$GPUPERF" --csv -o "$csv" profile --patch-each -- "$APPS/banks"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 0 ]
	for k in 'bank_conflict<2>' 'bank_conflict<4>' 'bank_conflict<32>'; do
		[ "$(kernel_cell "$csv" "$k" verdict)" = shared_load_conflicts ] || continue
		n=$((n + 1))
		echo "$k: $(kernel_cell "$csv" "$k" where_at), launch $(kernel_cell "$csv" "$k" where_launch)"
		[[ "$(kernel_cell "$csv" "$k" where_at)" == *"banks.cu:26" ]]
		[ "$(kernel_cell "$csv" "$k" where_op)" = LDS ]
	done
	# the 2-, 4- and 32-way conflicts (banks.cu's three kernels) are all judged
	[ "$n" -eq 3 ]
	# the first run patched one; each other got a run
	[ "$(grep -c 'running the program again' <<<"$stderr")" -eq 2 ]
}

@test "profile --no-patch: no verdict names an instruction" {
	require_counters
	local csv=$BATS_TEST_TMPDIR/n.csv
	run_split "$GPUPERF" --csv -o "$csv" profile --no-patch -- "$APPS/transpose"
	[ "$status" -eq 0 ]
	text=$(kernel_cell "$csv" transpose_naive verdict_text)
	[[ "$text" == *"stores write 8.0x"* ]]
	[[ "$text" != *"where:"* ]]
	[ -z "$(kernel_cell "$csv" transpose_naive where_launch)" ]
}
