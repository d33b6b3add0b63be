#!/usr/bin/env bats
# Saying when the machine lies (issue 18): the watch reads the device
# through NVML while a command measures.  Idle, the rows say contended 0
# and no warning comes; beside another process that keeps the GPU busy
# (build/tests/gpu-hog busy) one warning comes and every row is flagged;
# without NVML nothing changes but the two columns, left empty.

load lib

teardown() {
	stop_hog
}

@test "trust: info shows the ECC, persistence, MIG and compute modes from NVML" {
	require_gpu
	require_nvml
	local f=$BATS_TEST_TMPDIR/info.csv
	smi() { nvidia-smi -i 0 --query-gpu="$1" --format=csv,noheader | head -n 1 | sed 's/^ *//'; }
	echo "persistence $(csv_values "$f" persistence_mode) (smi: $(smi persistence_mode))"
	echo "mig $(csv_values "$f" mig_mode) compute $(csv_values "$f" compute_mode) (smi: $(smi compute_mode))"
	case "$(smi persistence_mode)" in
	Enabled) [ "$(csv_values "$f" persistence_mode)" = on ] ;;
	Disabled) [ "$(csv_values "$f" persistence_mode)" = off ] ;;
	esac
	case "$(smi compute_mode)" in
	Default) [ "$(csv_values "$f" compute_mode)" = default ] ;;
	Exclusive_Process) [ "$(csv_values "$f" compute_mode)" = "exclusive process" ] ;;
	esac
	[ -n "$(csv_values "$f" mig_mode)" ]
	[ -n "$(csv_values "$f" sm_clock_max_mhz)" ]
	run "$GPUPERF" info
	[[ "$output" == *"persistence mode"* && "$output" == *"MIG mode"* && "$output" == *"compute mode"* ]]
}

@test "trust: on an idle GPU, no contention warning, rows say contended 0 (or empty where hidden)" {
	require_gpu
	require_nvml
	local f=$BATS_TEST_TMPDIR/bw.csv
	sleep 1  # a hog of an earlier test is gone
	"$GPUPERF" --csv bandwidth --kernel copy,read --size 256M --reps 10 >"$f" 2>"$BATS_TEST_TMPDIR/err"
	cat "$BATS_TEST_TMPDIR/err"
	[ "$(grep -c "another process" "$BATS_TEST_TMPDIR/err")" -eq 0 ]
	[ "$(csv_values "$f" contended | sort -u | tr '\n' ' ')" = "0 " ] ||
		[ "$(csv_values "$f" contended | sort -u | tr '\n' ' ')" = " " ]
	# the clocks' verdict is always given: no, or the reasons
	throttled=$(csv_values "$f" throttled)
	[ "$(grep -cx '' <<<"$throttled")" -eq 0 ]
	sort <<<"$throttled" | uniq -c
	run "$GPUPERF" bandwidth --kernel copy --size 256M --reps 10
	[ "$status" -eq 0 ]
	echo "$output" | grep '^stability: '
	echo "$output" | grep -q '^stability: stable' || echo "(the idle run was called unstable: see above)"
}

@test "trust: beside a busy process, one warning on stderr and every row flagged contended" {
	require_gpu
	require_nvml
	local f=$BATS_TEST_TMPDIR/bw.csv n
	start_busy_hog
	"$GPUPERF" --csv bandwidth --kernel copy,read --size 256M --reps 20 >"$f" 2>"$BATS_TEST_TMPDIR/err"
	cat "$BATS_TEST_TMPDIR/err"
	n=$(grep -cE "warning: device 0: (another process used the GPU|.* GiB of device memory were in use before)" \
		"$BATS_TEST_TMPDIR/err")
	[ "$n" -eq 1 ]
	grep -q "rows flagged contended" "$BATS_TEST_TMPDIR/err"
	[ "$(csv_values "$f" contended | sort -u | tr '\n' ' ')" = "1 " ]
	# the human view: the stability line says what the watch saw
	run "$GPUPERF" bandwidth --kernel copy --size 256M --reps 20
	[ "$status" -eq 0 ]
	echo "$output" | grep '^stability: '
	echo "$output" | grep -q '^stability: .*measured beside another process'
	# and another measuring command
	"$GPUPERF" --csv pcie --memory pinned --size 64M --reps 5 >"$f" 2>/dev/null
	[ "$(csv_values "$f" contended | sort -u | tr '\n' ' ')" = "1 " ]
}

@test "trust: all says a contention warning once, not once per step" {
	require_gpu
	require_nvml
	start_busy_hog
	"$GPUPERF" --csv all >"$BATS_TEST_TMPDIR/all.csv" 2>"$BATS_TEST_TMPDIR/err"
	cat "$BATS_TEST_TMPDIR/err"
	[ "$(grep -cE 'another process used the GPU|GiB of device memory were in use before' "$BATS_TEST_TMPDIR/err")" -eq 1 ]
}

@test "trust: without NVML the run is the same, contended and throttled empty, -v says why" {
	require_gpu
	local f=$BATS_TEST_TMPDIR/bw.csv
	GPUPERF_NVML_LIB=/nonexistent/gpuperf-test/libnvidia-ml.so.1 \
		"$GPUPERF" -v --csv bandwidth --kernel copy --size 64M --reps 3 >"$f" 2>"$BATS_TEST_TMPDIR/err"
	cat "$BATS_TEST_TMPDIR/err"
	[ "$(csv_values "$f" contended | sort -u | tr '\n' ' ')" = " " ]
	[ "$(csv_values "$f" throttled | sort -u | tr '\n' ' ')" = " " ]
	grep -q "watch: nothing read (NVML not found" "$BATS_TEST_TMPDIR/err"
	[ "$(grep -c "warning: device" "$BATS_TEST_TMPDIR/err")" -eq 0 ]
	GPUPERF_NVML_LIB=/nonexistent/gpuperf-test/libnvidia-ml.so.1 \
		"$GPUPERF" --csv info >"$BATS_TEST_TMPDIR/info.csv"
	[[ "$(csv_values "$BATS_TEST_TMPDIR/info.csv" nvml)" == "NVML not found"* ]]
}

@test "trust: a GPU in MIG mode refuses bandwidth, saying which figures are per slice" {
	require_gpu
	[ "$(nvidia-smi -i 0 --query-gpu=mig.mode.current --format=csv,noheader 2>/dev/null)" = Enabled ] ||
		skip "MIG is not enabled on GPU 0"
	run_split "$GPUPERF" bandwidth
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"MIG"*"per slice"* ]]
}

@test "trust: p2p names NVLink where the GPUs have it" {
	require_gpu
	[ "$(nvidia-smi -L | grep -c '^GPU ')" -ge 2 ] || skip "one GPU"
	"$GPUPERF" --csv p2p --pair 0:1 --size 64M --reps 3 >"$BATS_TEST_TMPDIR/p2p.csv"
	link=$(csv_values "$BATS_TEST_TMPDIR/p2p.csv" link)
	echo "link: $link; nvidia-smi: $(nvidia-smi nvlink -s -i 0 2>/dev/null | head -n 3)"
	if nvidia-smi nvlink -s -i 0 2>/dev/null | grep -q 'GB/s'; then
		[[ "$link" == NVLink* ]]
		[ -n "$(csv_values "$BATS_TEST_TMPDIR/p2p.csv" link_peak_gbs)" ]
	else
		[[ "$link" == PCIe* || "$link" == "peer (rank 0)" ]]
	fi
}
