#!/usr/bin/env bats
# --plot FILE.svg without a GPU: occupancy's sweeps and the --model sweeps
# give well-formed SVG with the expected series and points, a real renderer
# (rsvg-convert) draws it, and what cannot plot is refused before anything
# runs, leaving no file.

load lib

HERE=$BATS_TEST_DIRNAME

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# svg_facts FILE: svgstat.py's lines (skips without python3).
svg_facts() {
	command -v python3 >/dev/null || skip "python3 is not installed"
	python3 "$HERE/svgstat.py" "$1"
}

# The number of records (CSV rows) the same command gives.
csv_rows() {
	"$GPUPERF" --csv "$@" | tail -n +2 | wc -l
}

@test "occupancy --sweep: one chart, a point per value the CSV lists, the current one marked" {
	for sweep in threads regs smem; do
		args=(occupancy --arch sm_86 --threads 128 --regs 32 --smem 8K --sweep "$sweep")
		run_split "$GPUPERF" --plot occ.svg "${args[@]}"
		[ "$status" -eq 0 ] || { echo "$sweep: $stderr"; return 1; }
		# the terminal shows what it shows without --plot
		[ "$output" = "$("$GPUPERF" "${args[@]}")" ]
		facts=$(svg_facts occ.svg)
		n=$(csv_rows "${args[@]}")
		[ "$(grep -c '^chart ' <<<"$facts")" -eq 1 ]
		grep -qx "series occupancy $n" <<<"$facts" || { echo "$sweep: want $n points"; echo "$facts"; return 1; }
		grep -qx 'y occupancy (%) | 0, 20, 40, 60, 80, 100' <<<"$facts"
		# the current value and its occupancy with the table's one decimal, each said once
		grep -Eq '^legend current \([0-9]+( B| KiB)?\): [0-9]+\.[0-9] %, limited by [a-z+ ]+$' <<<"$facts" ||
			{ echo "$sweep: $facts"; return 1; }
	done
	grep -q '^x shared memory per block | .*KiB' <<<"$facts"
}

@test "the SVG names the command line and says no GPU was used" {
	"$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64 --sweep threads --plot o.svg >/dev/null
	grep -q '<title>gpuperf occupancy --arch sm_90 --threads 256 --regs 64 --sweep threads --plot o.svg</title>' o.svg
	grep -q '>no GPU used' o.svg
	! grep -qiE '<script|href=|xlink' o.svg
}

@test "coalesce --model and banks --model: a chart per sweep with a point per offset or stride" {
	"$GPUPERF" --plot c.svg coalesce --model --offset 0-32 --stride 1-8,16,32 >/dev/null
	facts=$(svg_facts c.svg)
	[ "$(grep -c '^chart ' <<<"$facts")" -eq 2 ]
	[ "$(grep -c '^series predicted sectors per request ' <<<"$facts")" -eq 2 ]
	grep -qx 'series predicted sectors per request 33' <<<"$facts"
	grep -qx 'series predicted sectors per request 10' <<<"$facts"
	grep -qx 'legend ideal (coalesced) = 4 sectors' <<<"$facts"

	"$GPUPERF" --plot b.svg banks --model --width 8 >/dev/null
	facts=$(svg_facts b.svg)
	[ "$(grep -c '^chart ' <<<"$facts")" -eq 1 ]
	grep -qx "series predicted wavefronts per request $(csv_rows banks --model --width 8 --pattern stride)" <<<"$facts"
	grep -qx 'legend conflict-free = 2 wavefronts' <<<"$facts"
	# strides over decades go on a log axis; powers of two on a log2 one
	"$GPUPERF" --plot l.svg banks --model --stride 1,2,4,8,16,32,64,128,256,512,1024 >/dev/null
	grep -qx 'x stride (elements) | 1, 4, 16, 64, 256, 1024' <<<"$(svg_facts l.svg)"
	"$GPUPERF" --plot l.svg banks --model --stride 1,2,4,8,16,32 >/dev/null
	grep -qx 'x stride (elements) | 1, 2, 4, 8, 16, 32' <<<"$(svg_facts l.svg)"
	"$GPUPERF" --plot l.svg banks --model --stride 1,3,10,30,100,300 >/dev/null
	grep -qx 'x stride (elements) | 1, 2, 5, 10, 20, 50, 100, 200' <<<"$(svg_facts l.svg)"
}

@test "rsvg-convert draws it: a PNG of the SVG's size, not blank" {
	command -v rsvg-convert >/dev/null || skip "rsvg-convert is not installed (librsvg2-bin)"
	command -v python3 >/dev/null || skip "python3 is not installed"
	"$GPUPERF" --plot c.svg coalesce --model >/dev/null
	"$GPUPERF" --plot o.svg occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs >/dev/null
	for f in c o; do
		rsvg-convert "$f.svg" -o "$f.png"
		read -r _ w h < <(svg_facts "$f.svg")
		read -r pw ph ink top blue < <(python3 "$HERE/pngstat.py" "$f.png")
		[ "$pw $ph" = "$w $h" ] || { echo "$f: PNG $pw x $ph, SVG $w x $h"; return 1; }
		# text, axes and lines, on a white background that is still most of it
		awk -v i="$ink" 'BEGIN { exit !(i > 0.02 && i < 0.5) }' || { echo "$f: ink $ink"; return 1; }
		[ "$blue" -gt 200 ] || { echo "$f: $blue pixels of the series' blue"; return 1; }
	done
}

@test "a write to -o and --plot together gives both files" {
	"$GPUPERF" --csv -o out.csv --plot out.svg banks --model >/dev/null
	[ -s out.csv ]
	[ -s out.svg ]
	head -c 5 out.svg | grep -q '<?xml'
}

@test "commands without a sweep: a usage error naming the commands that plot, and no file" {
	for args in "info" "all" "occupancy --arch sm_90 --threads 256 --regs 64" \
		    "bandwidth" "bandwidth --size 1G" "pcie --size 1G" "pcie --overlap" \
		    "coalesce --model --pattern aos,transpose" "coalesce --model --offset 3 --stride 2" \
		    "banks --model --pattern broadcast,transpose" "banks --model --stride 4"; do
		assert_usage_error --plot p.svg $args
		[[ "$stderr" == *"commands that plot: bandwidth --size RANGE, coalesce, banks, latency, occupancy --sweep threads|regs|smem, pcie, roofline, profile, diff"* ]] ||
			{ echo "$args: $stderr"; return 1; }
		[ ! -e p.svg ] && [ -z "$(ls)" ] || { echo "$args left $(ls)"; return 1; }
	done
	assert_usage_error occupancy --arch sm_90 --threads 256 --regs 64 --plot p.svg
	[[ "$stderr" == *"--sweep threads|regs|smem"* ]]
	assert_usage_error --plot p.svg all
	[[ "$stderr" == *"all --html FILE"* ]]
}

@test "bad --plot paths: a usage error before anything runs, and no file" {
	assert_usage_error --plot "" banks --model
	[[ "$stderr" == *"empty file name"* ]]
	assert_usage_error --plot plot.png banks --model
	[[ "$stderr" == *"'plot.png' does not end in .svg"* ]]
	assert_usage_error --plot nowhere/p.svg banks --model
	[[ "$stderr" == *"cannot write in 'nowhere': No such file or directory"* ]]
	mkdir d.svg
	assert_usage_error --plot d.svg banks --model
	[[ "$stderr" == *"'d.svg' is a directory"* ]]
	assert_usage_error --plot same.svg -o same.svg banks --model
	[[ "$stderr" == *"--plot and --output name the same file"* ]]
	# checked before the GPU is looked for: a usage error, not "no GPU" (3)
	assert_usage_error --plot nowhere/p.svg bandwidth --size 4K-1M:x2
	[ "$(ls)" = "d.svg" ]
}

@test "an existing file is replaced whole; a refused run leaves it as it was" {
	echo old >p.svg
	assert_usage_error --plot p.svg banks --model --stride 4
	[ "$(cat p.svg)" = old ]
	"$GPUPERF" --plot p.svg banks --model >/dev/null
	head -c 5 p.svg | grep -q '<?xml'
	[ "$(ls)" = "p.svg" ]  # no temporary file left beside it
}
