#!/usr/bin/env bats
# gpuperf banks on a GPU: every access issued (instruction counter), measured
# wavefronts equal to the model, time following the ways.  Counter assertions
# skip only where another tool cannot read the counters either
# (require_counters, lib.bash); counters that come back empty fail.

load lib

# Rows (matching the awk condition) whose measured wavefronts differ from the model.
wavefront_mismatches() {
	local p m
	p=$(csv_col "$CSV" predicted_wavefronts_per_request) || return 1
	m=$(csv_col "$CSV" measured_wavefronts_per_request) || return 1
	awk -F, -v p="$p" -v m="$m" "NR > 1 && ($1) && (\$m - \$p > 0.005 * \$p || \$p - \$m > 0.005 * \$p)" "$CSV"
}

instruction_mismatches() {
	local i e
	i=$(csv_col "$CSV" instructions) || return 1
	e=$(csv_col "$CSV" expected_instructions) || return 1
	awk -F, -v i="$i" -v e="$e" 'NR > 1 && $i != $e' "$CSV"
}

check_width() {
	require_counters
	cached_csv "w$1" banks --width "$1" --pattern stride
	counted measured_wavefronts_per_request
	local bad
	bad=$(instruction_mismatches)
	[ -z "$bad" ] || { echo "instruction count differs:" >&2; echo "$bad" >&2; return 1; }
	bad=$(wavefront_mismatches 1)
	[ -z "$bad" ] || { echo "wavefronts differ from the model:" >&2; head -n 1 "$CSV" >&2; echo "$bad" >&2; return 1; }
}

@test "banks width 4: columns, verified results" {
	require_gpu
	cached_csv w4 banks --width 4 --pattern stride
	head -n 1 "$CSV" | grep -q '^device,cc,device_index,uuid,pci_bus_id,hostname,pattern,op,stride,width_bytes,predicted_ways,predicted_wavefronts_per_request,measured_wavefronts_per_request,measured_conflicts_per_request,'
	[ "$(tail -n +2 "$CSV" | wc -l)" -eq 34 ]
}

@test "banks width 4: instructions as intended, wavefronts per request equal the ways" {
	require_gpu
	check_width 4
}

@test "banks width 8: instructions as intended, wavefronts equal the model" {
	require_gpu
	check_width 8
}

@test "banks width 16: instructions as intended, wavefronts equal the model" {
	require_gpu
	check_width 16
}

@test "banks stores: instructions as intended, wavefronts equal the model" {
	require_gpu
	require_counters
	cached_csv store banks --op store --stride 1,2,4,8,16,32,33 --pattern stride,transpose
	counted measured_wavefronts_per_request
	local bad
	bad=$(instruction_mismatches)
	[ -z "$bad" ]
	bad=$(wavefront_mismatches 1)
	[ -z "$bad" ]
}

@test "banks: 32-way conflict costs at least 8x the conflict-free time" {
	require_gpu
	cached_csv w4 banks --width 4 --pattern stride
	local t1 t32
	t1=$(field "$CSV" time_per_access_ns '$7 == "stride" && $9 == 1')
	t32=$(field "$CSV" time_per_access_ns '$7 == "stride" && $9 == 32')
	echo "# stride 1: $t1 ns, stride 32: $t32 ns per access" >&3
	awk "BEGIN { exit !($t32 >= 8 * $t1) }"
}

@test "banks: time per access rises with the ways (2, 4, 8, 16, 32)" {
	require_gpu
	cached_csv w4 banks --width 4 --pattern stride
	local prev=0 t s
	for s in 1 2 4 8 16 32; do
		t=$(field "$CSV" time_per_access_ns "\$7 == \"stride\" && \$9 == $s")
		awk "BEGIN { exit !($t > $prev) }" || { echo "stride $s: $t ns not above $prev" >&2; return 1; }
		prev=$t
	done
}

@test "banks: padded and swizzled tiles show zero conflicts, unpadded 32-way" {
	require_gpu
	require_counters
	cached_csv tiles banks --pattern transpose,broadcast
	counted measured_wavefronts_per_request
	local c
	for p in transpose-padded transpose-swizzled broadcast multicast; do
		c=$(field "$CSV" measured_conflicts_per_request "\$7 == \"$p\"")
		echo "# $p: $c conflicts per request" >&3
		awk "BEGIN { exit !($c == 0) }"
	done
	local bad
	bad=$(wavefront_mismatches '$7 ~ /^transpose/')
	[ -z "$bad" ]
	bad=$(instruction_mismatches)
	[ -z "$bad" ]
}

@test "banks human output: chart of time per access" {
	require_gpu
	run "$GPUPERF" banks --pattern stride --stride 1,2,4,8
	[ "$status" -eq 0 ]
	[[ "$output" == *"time per access vs stride"* ]]
}
