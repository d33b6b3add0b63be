#!/usr/bin/env bats
# SIGTERM and SIGINT during a long sweep (issue 10): gpuperf stops at once,
# dies of the signal (status 128 + N), leaves stdout empty (results are
# rendered only at the end) and no -o file or temporary file behind, and
# the GPU is free for the next run.  gpuperf profile (issue 30) passes the
# signal on to its program and ends after it.

load lib

# Start a long bandwidth sweep in the background (a minute or so on an
# H100: far longer than any test waits); PID in $pid.
start_sweep() {
	"$GPUPERF" --csv "$@" bandwidth --kernel copy --size 4K-8G:x2 --reps 2000 \
		>"$BATS_TEST_TMPDIR/stdout" 2>"$BATS_TEST_TMPDIR/stderr" &
	pid=$!
	sleep 3
	# still measuring: the sweep takes far longer than 3 s
	kill -0 "$pid"
}

# Send $1 to $pid; it must end within 2 s with status 128 + signal number.
stop_with() {
	local sig=$1 want=$2 status=0 t0 t1
	t0=$(date +%s%N)
	kill "-$sig" "$pid"
	wait "$pid" || status=$?
	t1=$(date +%s%N)
	echo "status $status after $(( (t1 - t0) / 1000000 )) ms; stderr: $(cat "$BATS_TEST_TMPDIR/stderr")"
	[ "$status" -eq "$want" ]
	[ $(( (t1 - t0) / 1000000 )) -lt 2000 ]
	[ ! -s "$BATS_TEST_TMPDIR/stdout" ]
}

gpu_free_for_next_run() {
	run_split "$GPUPERF" --csv bandwidth --kernel copy --size 256M --reps 3
	[ "$status" -eq 0 ]
	if nvidia-smi --query-compute-apps=pid --format=csv,noheader >/dev/null 2>&1; then
		! nvidia-smi --query-compute-apps=pid --format=csv,noheader | grep -qx "$pid"
	fi
}

@test "signals: SIGTERM mid-sweep ends gpuperf at once, no output file, no temporary file" {
	require_gpu
	start_sweep -o "$BATS_TEST_TMPDIR/out.csv"
	stop_with TERM 143
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep out.csv)" ]
	gpu_free_for_next_run
}

@test "signals: SIGINT mid-sweep (Ctrl-C) ends gpuperf at once, stdout empty" {
	require_gpu
	# job control, so that the background job does not start with SIGINT ignored
	set -m
	start_sweep
	stop_with INT 130
	set +m
	gpu_free_for_next_run
}

@test "signals: SIGHUP mid-sweep ends gpuperf too" {
	require_gpu
	start_sweep
	stop_with HUP 129
}

@test "signals: a SIGINT ignored at start (nohup, a background job) stays ignored" {
	require_gpu
	set +m
	start_sweep
	kill -INT "$pid"
	sleep 1
	kill -0 "$pid" || {
		wait "$pid"
		echo "gpuperf ended with status $? before the TERM; stderr: $(cat "$BATS_TEST_TMPDIR/stderr")"
		false
	}
	stop_with TERM 143
}

# ---- gpuperf profile (issue 30): the program gets the signal ----

APPS=$BATS_TEST_DIRNAME/../../build/tests/apps
CLI=$BATS_TEST_DIRNAME/../cli

profile_setup() {
	require_gpu
	command -v python3 >/dev/null || skip "python3 drives these tests"
	[ -x "$APPS/coalesced" ] && [ -x "$APPS/chase" ] || { echo "build them: make gpu-test-deps" >&2; return 1; }
	TMPDIR=$BATS_TEST_TMPDIR/tmp
	export TMPDIR
	mkdir -p "$TMPDIR"
}

@test "signals: SIGTERM to gpuperf profile reaches the program once; the report of what ran; no temporary folder" {
	profile_setup
	log=$BATS_TEST_TMPDIR/log
	# the program: a CUDA program's kernels (profiled), then it waits for signals
	run python3 "$CLI/sigrun.py" session TERM "$log" "$BATS_TEST_TMPDIR/out" -- \
		"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/k.csv" profile -- \
		python3 "$CLI/sigrecord.py" "$log" --run "$APPS/coalesced"
	echo "gpuperf: $output; the program got: $(cat "$log"); stderr: $(cat "$BATS_TEST_TMPDIR/out.stderr")"
	[ "$output" = "killed TERM" ]
	[ "$(grep -cx TERM "$log")" -eq 1 ]
	grep -q '^NVIDIA.*copy_coalesced' "$BATS_TEST_TMPDIR/k.csv"
	[ -z "$(ls -A "$TMPDIR")" ]
}

@test "signals: SIGTERM mid-kernel: the CUDA program ends of it, gpuperf after it, the GPU free" {
	profile_setup
	"$GPUPERF" --csv -o "$BATS_TEST_TMPDIR/k.csv" profile -- "$APPS/chase" 132 100000000 \
		>"$BATS_TEST_TMPDIR/stdout" 2>"$BATS_TEST_TMPDIR/stderr" &
	pid=$!
	sleep 5
	kill -0 "$pid"   # a chase of 10^8 dependent loads per thread: still running
	t0=$(date +%s)
	kill -TERM "$pid"
	status=0
	wait "$pid" || status=$?
	echo "status $status after $(( $(date +%s) - t0 )) s; stderr: $(cat "$BATS_TEST_TMPDIR/stderr")"
	[ "$status" -eq 143 ]
	[ $(( $(date +%s) - t0 )) -lt 10 ]
	[ ! -s "$BATS_TEST_TMPDIR/stdout" ]
	# the library was in it, and had no time to write its end
	grep -q 'ended without saying so' "$BATS_TEST_TMPDIR/stderr"
	# gpuperf waited for the program and wrote what it had; nothing of it is left
	[ -s "$BATS_TEST_TMPDIR/k.csv" ]
	run pgrep -f "$APPS/chase 132 100000000"
	[ "$status" -ne 0 ]
	[ -z "$(ls -A "$TMPDIR")" ]
	gpu_free_for_next_run
}
