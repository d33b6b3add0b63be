#!/usr/bin/env bats
# Every chart gpuperf draws keeps its text readable (svglayout.py): no two
# text boxes overlap, none leaves the picture, none lies on a series' line
# or dots, none is cut short.  The charts that need no GPU come from the
# commands themselves (occupancy's sweeps on several architectures, banks
# and coalesce --model); the GPU-only ones (all's, the roofline's) from
# the unit tests that render fabricated results.

load lib

HERE=$BATS_TEST_DIRNAME

setup() {
	cd "$BATS_TEST_TMPDIR"
	command -v python3 >/dev/null || skip "python3 is not installed"
	[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] ||
		skip "DejaVu Sans is not installed (fonts-dejavu-core; .ci/run installs it)"
}

# layout FILE...: svglayout.py's faults, the test failing on any.
layout() {
	run python3 "$HERE/svglayout.py" "$@"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

# The unit test T (build/tests/T beside the gpuperf under test) into $UNIT,
# called directly so that its skip skips the test.
unit_test() {
	local dir
	dir=$(dirname "$GPUPERF")
	[ -x "$dir/build/tests/$1" ] && dir=$dir/build
	[ -x "$dir/tests/$1" ] || skip "$dir/tests/$1 is not built (make test builds it)"
	UNIT=$dir/tests/$1
}

@test "occupancy --sweep: the current point's label clear of the ticks, the line and the edge" {
	local n=0
	for arch in sm_75 sm_86 sm_90 sm_120; do
		for cfg in "--threads 256 --regs 64" "--threads 128 --regs 32 --smem 8K" \
			   "--threads 1024 --regs 255 --smem 48K" "--threads 32 --regs 16"; do
			for sweep in threads regs smem; do
				n=$((n + 1))
				# shellcheck disable=SC2086
				"$GPUPERF" --plot "o$n.svg" occupancy --arch "$arch" $cfg --sweep "$sweep" >/dev/null
			done
		done
	done
	layout o*.svg
}

@test "banks --model and coalesce --model: the reference lines' labels off the data" {
	"$GPUPERF" --plot b1.svg banks --model >/dev/null
	"$GPUPERF" --plot b2.svg banks --model --width 8 >/dev/null
	"$GPUPERF" --plot b3.svg banks --model --stride 1,2,4,8,16,32,64,128,256,512,1024 >/dev/null
	"$GPUPERF" --plot c1.svg coalesce --model >/dev/null
	"$GPUPERF" --plot c2.svg coalesce --model --offset 0-32 --stride 1-8,16,32 >/dev/null
	"$GPUPERF" --plot c3.svg coalesce --model --width 16 >/dev/null
	layout b*.svg c*.svg
}

@test "all --html's charts (fabricated results) and the roofline's" {
	unit_test t-html
	"$UNIT" "$PWD/all.html" >/dev/null
	layout all.html
	unit_test t-roofline
	"$UNIT" r.svg >/dev/null
	layout r.svg
}

@test "svglayout.py finds what it looks for" {
	cat >bad.svg <<-'SVG'
		<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
		<text x="10" y="20" font-size="11">one label</text>
		<text x="40" y="22" font-size="11">another</text>
		<text x="190" y="60" font-size="11">past the edge</text>
		<text x="10" y="90" font-size="11">cut…</text>
		<text font-size="10" transform="translate(150,5) rotate(-90)">up</text>
		<g class="series"><path d="M100 40 L120 40"/></g>
		<text x="95" y="44" font-size="11">on</text>
		</svg>
	SVG
	run python3 "$HERE/svglayout.py" bad.svg
	[ "$status" -eq 1 ]
	[[ "$output" == *"'one label'"*"overlaps 'another'"* ]]
	[[ "$output" == *"'past the edge'"*"leaves the picture"* ]]
	[[ "$output" == *"'cut…'"*"is cut short"* ]]
	[[ "$output" == *"'up'"*"leaves the picture"* ]]
	[[ "$output" == *"'on'"*"lies on the data"* ]]
	[ "$(wc -l <<<"$output")" -eq 5 ]
}

# The records profile reads, as the profiling library wrote them on an H100
# (tests/fixtures: cuBLAS's FP16 and FP32 GEMMs, a chase, a triad, a stride;
# and PyTorch's elementwise kernels, whose demangled names run to 700
# characters), written by a stand-in program into the file gpuperf reads.
replay() {
	REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$HERE/../fixtures/$1")
}

@test "profile's roofline: the ceilings its kernels use, DRAM, L2 and L1; colours apart; wrapped titles; the GPU named" {
	local f
	for f in profile-roofline.records profile-torch.records; do
		replay "$f"
		"$GPUPERF" --plot "${f%.records}.svg" profile --html "${f%.records}.html" -- "${REPLAY[@]}" 2>/dev/null
	done
	layout profile-*.svg profile-*.html
	run python3 "$HERE/svgcolors.py" profile-*.svg profile-*.html
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run python3 "$HERE/svgstat.py" profile-roofline.svg
	# FP32 (the triad, the FP32 GEMM) and FP16 tensor (the FP16 GEMM's tensor pipe):
	# the precisions its kernels use; no FP64 work, no other tensor type
	[ "$(grep -c '^series ' <<<"$output")" -eq 7 ]
	for roof in 'DRAM 3352 GB/s' 'L2 5500 GB/s' 'L1/shared 33454 GB/s' 'FP32 66.9 TFLOP/s' 'FP16 tensor 1070.5 TFLOP/s'; do
		grep -q "^series $roof (theoretical) 0\$" <<<"$output" || { echo "no $roof"; return 1; }
	done
	run grep -cE '^series (FP64|FP16 1|BF16|TF32|FP8|INT8)' <<<"$output"
	[ "$output" = 0 ]
	# the header names the GPU the records came from, not "no GPU used"
	grep -q '>NVIDIA H100 80GB HBM3, CC 9.0 · ' profile-roofline.svg
	run grep -c 'no GPU used' profile-roofline.svg profile-torch.html
	[ "$output" = "$(printf 'profile-roofline.svg:0\nprofile-torch.html:0')" ]
	# every kernel drawn is named beside its point
	for k in sm80_xmma_gemm_f32f3 nvjet_hsh_256x128_64 chase triad; do
		grep -q "class=\"point-label\"[^>]*>$k</text>" profile-roofline.svg || { echo "no label $k"; return 1; }
	done
}

@test "profile's roofline after gpuperf roofline ran on the GPU: the measured roofs, said so" {
	local uuid=GPU-5f4e3d2c-1b0a-9988-7766-554433221100
	# the fixture's device record with a UUID, and gpuperf roofline's cache of that GPU
	sed "s/^\(device .*\)\$/\1 uuid=$uuid driver=13000/" "$HERE/../fixtures/profile-roofline.records" >uuid.records
	mkdir -p "$XDG_CACHE_HOME/gpuperf"
	cat >"$XDG_CACHE_HOME/gpuperf/roofline-$uuid.json" <<-JSON
		{"format": "gpuperf-roofline-cache", "version": 1, "uuid": "$uuid", "driver_version": 13000,
		 "device": "NVIDIA H100 80GB HBM3", "cc": "9.0", "sms": 132, "measured_at": 1767225600,
		 "ceilings": {"dram": 3190.9e9, "l2": 7513.9e9, "l1": 32480.8e9, "shared": 33333.6e9,
		   "fp64": 33.4e12, "fp32": 66.1e12, "fp16": 131.7e12, "tensor-fp16": 885.4e12}}
	JSON
	"$GPUPERF" --plot m.svg profile -- sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh uuid.records 2>/dev/null
	layout m.svg
	run python3 "$HERE/svgstat.py" m.svg
	for roof in 'DRAM 3191 GB/s' 'L2 7514 GB/s' 'L1/shared 33334 GB/s' 'FP32 66.1 TFLOP/s' 'FP16 tensor 885.4 TFLOP/s'; do
		grep -q "^series $roof (measured) 0\$" <<<"$output" || { echo "no $roof (measured)"; echo "$output"; return 1; }
	done
}
