#!/usr/bin/env bats
# gpuperf info on a real GPU reports the device's own values.

load lib

@test "info reports what nvidia-smi reports" {
	require_gpu
	run "$GPUPERF" --csv info
	[ "$status" -eq 0 ]
	echo "$output" > "$BATS_TEST_TMPDIR/info.csv"
	info_of() { field "$BATS_TEST_TMPDIR/info.csv" "$1" 'NR == 2'; }
	smi() { nvidia-smi -i 0 --query-gpu="$1" --format=csv,noheader,nounits | head -n 1 | sed 's/^ *//'; }
	[ "$(info_of device)" = "$(smi name)" ]
	[ "$(info_of cc)" = "$(smi compute_cap)" ]
	# nvidia-smi's max memory clock is the same peak the driver gives CUDA
	mem=$(info_of mem_clock_mhz); want=$(smi clocks.max.memory)
	awk -v a="$mem" -v b="$want" 'BEGIN { exit !(a - b < 2 && b - a < 2) }'
	bus=$(info_of pci_bus_id); want=$(smi pci.bus_id | tr 'A-F' 'a-f')
	[[ "$want" == *"$bus" ]]
	# the theoretical peak is the formula applied to the reported inputs
	peak=$(info_of dram_peak_gbs); width=$(info_of mem_bus_width_bits)
	awk -v p="$peak" -v m="$mem" -v w="$width" 'BEGIN { e = 2 * m * 1e6 * w / 8 / 1e9 - p; exit !(e < 0.5 && e > -0.5) }'
	total=$(info_of mem_total_bytes); smi_total=$(smi memory.total)
	awk -v t="$total" -v s="$smi_total" 'BEGIN { d = t / 1048576 - s; exit !(d < 1024 && d > -1024) }'
}

@test "info's measured SM clock is plausible" {
	require_gpu
	run "$GPUPERF" --csv info
	[ "$status" -eq 0 ]
	echo "$output" > "$BATS_TEST_TMPDIR/info.csv"
	c=$(csv_col "$BATS_TEST_TMPDIR/info.csv" sm_clock_measured_mhz)
	p=$(csv_col "$BATS_TEST_TMPDIR/info.csv" sm_clock_mhz)
	awk -F, -v c="$c" -v p="$p" 'NR==2 { exit !($c > 100 && $c < $p * 1.1) }' "$BATS_TEST_TMPDIR/info.csv"
}

@test "info --json is valid JSON with one object" {
	require_gpu
	run "$GPUPERF" --json info
	[ "$status" -eq 0 ]
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert isinstance(d, list) and len(d) == 1' <<<"$output"
}

@test "info on a device number that does not exist is a usage error" {
	require_gpu
	run "$GPUPERF" --device 1000 info
	[ "$status" -eq 2 ]
	[[ "$output" == *"no device 1000"* ]]
}
