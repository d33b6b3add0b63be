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
