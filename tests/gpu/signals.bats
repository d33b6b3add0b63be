#!/usr/bin/env bats
# SIGTERM and SIGINT during a long sweep (issue 10): gpuperf stops at once,
# dies of the signal (status 128 + N), leaves stdout empty (results are
# rendered only at the end) and no -o file or temporary file behind, and
# the GPU is free for the next run.

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
