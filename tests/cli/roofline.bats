#!/usr/bin/env bats
# gpuperf roofline without a GPU: every bad value is exit 2 before the GPU is
# touched, good ones exit 3; the columns, the completion, and the roofline
# SVG of fabricated results (build/tests/t-roofline FILE) parsed.

bats_require_minimum_version 1.5.0

load lib

HERE=$BATS_TEST_DIRNAME
CEILINGS="dram l2 l1 shared fp64 fp32 fp16 tensor-fp64 tensor-fp16 tensor-bf16 tensor-tf32 tensor-int8 tensor-fp8"

no_gpu() {
	! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }
}

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "roofline: bad ceilings are usage errors naming the valid ones" {
	assert_usage_error roofline --ceiling fp33
	[[ "$stderr" == *"unknown value 'fp33'"* ]]
	[[ "$stderr" == *"dram, l2, l1, shared, fp64, fp32, fp16, tensor-fp64, tensor-fp16, tensor-bf16, tensor-tf32, tensor-int8, tensor-fp8, all"* ]]
	for v in "" dram, ,fp32 DRAM tensor fp32,bogus "fp32 fp64" 1; do
		assert_usage_error roofline --ceiling "$v"
	done
}

@test "roofline: bad counts, times and sizes are usage errors" {
	for v in 0 -1 x 1.5 "" 100001; do
		assert_usage_error roofline --reps "$v"
	done
	for v in -1 x 1.5 "" 1001; do
		assert_usage_error roofline --warmup "$v"
	done
	for v in 0 0.5 -1 x "" 10001 nan inf 1,2; do
		assert_usage_error roofline --rep-ms "$v"
	done
	for v in 0 1K 1048575 x "" -1G 2P 1.3 1G-2G; do
		assert_usage_error roofline --dram-size "$v"
	done
	assert_usage_error roofline --dram-size 512K
	[[ "$stderr" == *"--dram-size"* ]]
}

@test "roofline: unknown options, arguments and flag values are usage errors" {
	assert_usage_error roofline --bogus
	assert_usage_error roofline fp32
	assert_usage_error roofline --quick=yes
	assert_usage_error roofline --model
	assert_usage_error roofline --ceiling
	assert_usage_error roofline --no-cache=yes
}

@test "roofline --plot: a roofline needs both kinds of ceiling and an .svg file" {
	assert_usage_error --plot r.svg roofline --ceiling fp32,fp64
	[[ "$stderr" == *"a roofline needs a memory and a compute ceiling"* ]]
	assert_usage_error --plot r.svg roofline --ceiling dram,l2
	assert_usage_error --plot r.png roofline
	[ ! -e r.svg ]
	[ ! -e r.png ]
}

@test "roofline: a bad value wins over a missing GPU (exit 2, not 3)" {
	no_gpu || skip "this machine has a GPU"
	assert_usage_error roofline --quick --reps 0
	assert_usage_error --csv roofline --ceiling nope
}

@test "roofline: good values without a GPU exit 3 with one line and no output" {
	no_gpu || skip "this machine has a GPU"
	for args in "" "--quick" "--ceiling fp32,tensor-fp16 --reps 3 --warmup 0 --rep-ms 2.5" \
		"--ceiling all --dram-size 2G" "--ceiling dram,l1,shared,l2" "--no-cache"; do
		run_split "$GPUPERF" --csv roofline $args
		[ "$status" -eq 3 ] || { echo "args '$args': status $status"; return 1; }
		[ -z "$output" ]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
	run_split "$GPUPERF" --plot r.svg roofline
	[ "$status" -eq 3 ]
	[ ! -e r.svg ]
	# nothing measured, nothing kept for gpuperf profile
	[ ! -e "$XDG_CACHE_HOME" ]
}

@test "roofline: --help lists every option; the CSV columns are the documented ones" {
	run "$GPUPERF" roofline --help
	[ "$status" -eq 0 ]
	for o in ceiling reps warmup rep-ms dram-size quick no-cache; do
		[[ "$output" == *"--$o"* ]] || { echo "--help lacks --$o"; return 1; }
	done
	run "$GPUPERF" --list-columns roofline
	[ "$status" -eq 0 ]
	want="device cc device_index uuid pci_bus_id hostname kind ceiling precision value unit"
	want+=" theoretical pct_of_theoretical per_clock_per_sm sm_clock_mhz clock_source sms"
	want+=" instruction method best worst cov_pct reps time_ms size_bytes level note contended throttled"
	[ "$(echo $output)" = "$want" ]
}

@test "roofline: completion offers every ceiling, and the man page documents each" {
	run "$GPUPERF" --list-values roofline --ceiling
	[ "$status" -eq 0 ]
	[ "$(echo $output)" = "$CEILINGS all" ]
	m=$HERE/../../man/gpuperf-roofline.1
	for c in $CEILINGS; do
		grep -q "^\.BR* ${c//-/\\\\-}\( ,\)*" "$m" || { echo "ceiling $c undocumented"; return 1; }
	done
	# every row of the throughput table, with its source
	for cc in 7.0 7.2 7.5 8.0 8.6 8.7 8.9 9.0 12.0; do
		grep -q "^\.B $cc\$" "$m" || { echo "CC $cc's row undocumented"; return 1; }
	done
	grep -q "whitepaper" "$m"
}

# svg_lines FILE: "NAME|x1 y1 x2 y2" per series (python3's xml), after svgstat.py's checks.
svg_lines() {
	command -v python3 >/dev/null || skip "python3 is not installed"
	python3 "$HERE/svgstat.py" "$1" >/dev/null
	python3 - "$1" <<'EOF'
import re, sys
import xml.etree.ElementTree as ET
NS = "{http://www.w3.org/2000/svg}"
for g in ET.parse(sys.argv[1]).getroot().iter(NS + "g"):
    if "series" not in (g.get("class") or "").split():
        continue
    d = g.find(NS + "path").get("d")
    pts = [float(v) for v in re.findall(r"-?[0-9.]+", d)]
    print(g.find(NS + "title").text + "|" + " ".join(str(v) for v in pts))
EOF
}

@test "roofline --plot: every ceiling a labelled line, memory rising, compute level" {
	T=$HERE/../../build/tests/t-roofline
	[ -x "$T" ] || skip "build/tests/t-roofline not built (make test builds it)"
	"$T" r.svg
	facts=$(python3 "$HERE/svgstat.py" r.svg)
	[ "$(grep -c '^chart ' <<<"$facts")" -eq 1 ]
	grep -qx 'chart roofline: measured ceilings' <<<"$facts"
	grep -q '^x arithmetic intensity (FLOP/B) | 1, 10, 100, 1000$' <<<"$facts"
	grep -q '^y performance (TFLOP/s) | ' <<<"$facts"
	# the fabricated run measured all but FP8: 12 lines, each in the legend with its value
	for label in "DRAM 3200 GB/s" "L2 7400 GB/s" "L1 32500 GB/s" "shared 33000 GB/s" \
		"FP64 29.0 TFLOP/s" "FP32 58.5 TFLOP/s" "FP16 115 TFLOP/s" "FP64 tensor 55.0 TFLOP/s" \
		"FP16 tensor 850 TFLOP/s" "BF16 tensor 850 TFLOP/s" "TF32 tensor 430 TFLOP/s" \
		"INT8 tensor 1700 TOP/s"; do
		grep -qx "legend $label" <<<"$facts" || { echo "no legend for $label"; echo "$facts"; return 1; }
		grep -qx "series $label 0" <<<"$facts" || { echo "no line for $label"; return 1; }
	done
	[ "$(grep -c '^series ' <<<"$facts")" -eq 12 ]
	run ! grep -q 'FP8' <<<"$facts"
	lines=$(svg_lines r.svg)
	[ "$(wc -l <<<"$lines")" -eq 12 ]
	# two points each, left to right; SVG's y grows downwards: a rising line's y falls
	while IFS='|' read -r name pts; do
		read -r x1 y1 x2 y2 extra <<<"$pts"
		[ -z "$extra" ] || { echo "$name: more than two points"; return 1; }
		awk -v a="$x1" -v b="$x2" 'BEGIN { exit !(a < b) }' || { echo "$name: x not increasing"; return 1; }
		case "$name" in
		*GB/s) awk -v a="$y1" -v b="$y2" 'BEGIN { exit !(b < a) }' || { echo "$name: not rising"; return 1; } ;;
		*) [ "$y1" = "$y2" ] || { echo "$name: not level"; return 1; } ;;
		esac
	done <<<"$lines"
}

@test "roofline --plot: rsvg-convert draws the fabricated roofline" {
	command -v rsvg-convert >/dev/null || skip "rsvg-convert is not installed (librsvg2-bin)"
	T=$HERE/../../build/tests/t-roofline
	[ -x "$T" ] || skip "build/tests/t-roofline not built (make test builds it)"
	"$T" r.svg
	rsvg-convert r.svg -o r.png
	[ -s r.png ]
}
