#!/usr/bin/env bats
# The pictures of a real profile on a GPU (issue 40): --plot's SVG and the
# --html page name the GPU the program ran on (as nvidia-smi names it),
# not "no GPU used"; after gpuperf roofline their roofs are the measured
# ones, and their colours apart.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/triad" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
	cd "$BATS_TEST_TMPDIR"
}

@test "profile --plot and --html on a GPU: the header names the GPU, the roofs measured after roofline" {
	require_counters
	local name
	name=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | head -n 1)
	[ -n "$name" ]
	run_split "$GPUPERF" roofline --quick
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	run_split "$GPUPERF" --plot r.svg profile --html r.html -- "$APPS/triad"
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	grep -q ">$name, CC [0-9]*\.[0-9]* · " r.svg || { grep -m1 'class="device"' r.svg; return 1; }
	grep -q "<dt>device</dt><dd>$name, CC [0-9]*\.[0-9]*</dd>" r.html || { grep -m1 '<dt>device' r.html; return 1; }
	run grep -c 'no GPU used' r.svg r.html
	[ "$output" = "$(printf 'r.svg:0\nr.html:0')" ]
	# the triad is FP32 work: the FP32 roof and the memory roofs, measured
	python3 "$BATS_TEST_DIRNAME/../cli/svgstat.py" r.svg | tee facts >&3
	grep -qE '^series DRAM [0-9]+ GB/s \(measured\) 0$' facts
	grep -qE '^series FP32 [0-9.]+ TFLOP/s \(measured\) 0$' facts
	run grep -cE '^series (FP64|BF16|TF32|FP8|INT8)' facts
	[ "$output" = 0 ]
	python3 "$BATS_TEST_DIRNAME/../cli/svgcolors.py" r.svg r.html
}
