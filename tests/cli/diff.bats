#!/usr/bin/env bats
# gpuperf diff without a GPU: real outputs (the golden no-GPU cases, and
# gpuperf all's records of fabricated results written by t-diff) against
# variants derived from them by tests/cli/diff-derive.py; every verdict,
# every exit status, and every kind of input refused.  The H100 pairs
# (tests/fixtures/diff/h100, bench/record-diff-fixtures.sh) are compared
# where they have been recorded.

bats_require_minimum_version 1.5.0

load lib

HERE=$BATS_TEST_DIRNAME
ROOT=$HERE/../..
DERIVE=$HERE/diff-derive.py
H100=$ROOT/tests/fixtures/diff/h100

# The stdout of the golden case whose arguments are $1.
golden() {
	local f
	f=$(grep -lxF "case: $1" "$ROOT"/tests/cli/golden/out-*.txt | head -n 1)
	[ -n "$f" ] || { echo "no golden case '$1'" >&2; return 1; }
	sed -n '/^--- stdout$/,/^--- stderr$/p' "$f" | sed '1d;$d'
}

setup_file() {
	cd "$BATS_FILE_TMPDIR"
	golden "--csv banks --model" > banks.csv
	golden "--json banks --model" > banks.json
	golden "--csv coalesce --model" > coal.csv
	golden "--json coalesce --model" > coal.json
	golden "--csv occupancy --arch sm_90 --threads 256 --regs 64 --sweep threads" > occ.csv
	golden "--json occupancy --arch sm_90 --threads 256 --regs 64 --sweep threads" > occ.json
}

setup() {
	cd "$BATS_FILE_TMPDIR"
	command -v python3 >/dev/null || skip "python3 is not installed (the variants are derived with it)"
}

derive() { python3 "$DERIVE" "$@"; }
gdiff() { run_split "$GPUPERF" diff "$@"; }

# The CSV verdict of figure $2 of the row whose config is $1, in $output.
verdict_of() {
	awk -F, -v c="$1" -v f="$2" '$2 == c && $3 == f { print $9 }' <<<"$output"
}

# The t-diff built beside the gpuperf under test, into $T_DIFF.
t_diff() {
	local dir
	dir=$(dirname "$GPUPERF")
	[ -x "$dir/build/tests/t-diff" ] && dir=$dir/build
	[ -x "$dir/tests/t-diff" ] || skip "$dir/tests/t-diff is not built (make test builds it)"
	T_DIFF=$dir/tests/t-diff
}

@test "diff: one run as CSV and as JSON is the same, figure for figure; exit 0" {
	for cmd in banks coal occ; do
		gdiff "$cmd.csv" "$cmd.json"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone; "*" figures the same"* ]]
		gdiff --fail-on worse "$cmd.json" "$cmd.csv"
		[ "$status" -eq 0 ]
	done
	gdiff banks.csv banks.json
	[[ "${lines[0]}" == "banks: banks.csv (CSV) -> banks.json (JSON)" ]]
}

@test "diff: every machine output of the golden cases, each mode's, is read and matches itself" {
	local n=0 f args out
	for f in "$ROOT"/tests/cli/golden/out-*.txt; do
		args=$(sed -n '1s/^case: //p' "$f")
		[[ "$args" == --csv* || "$args" == --json* ]] || continue
		out=$BATS_TEST_TMPDIR/$(basename "$f")
		golden "$args" > "$out"
		gdiff --fail-on worse "$out" "$out"
		[ "$status" -eq 0 ] || { echo "$args: $stderr"; return 1; }
		[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone; "* ]] ||
			{ echo "$args: $output"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 20 ]
}

@test "diff: a figure 10 % worse is worse; --fail-on worse exits 1 with the table on stdout" {
	# coalesce's second row: 5 predicted sectors per request, 10 % more (lower is better)
	derive coal.csv worse.csv --scale predicted_sectors_per_request 2 1.1
	gdiff coal.csv worse.csv
	[ "$status" -eq 0 ]
	grep -qE 'offset=1 .*predicted_sectors_per_request +5 +5\.5 +10\.0 +0\.0 +worse' <<<"$output"
	[[ "$output" == *"1 worse, 0 better, 0 unreliable, 0 new, 0 gone"* ]]
	gdiff --fail-on worse coal.csv worse.csv
	[ "$status" -eq 1 ]
	[[ "$output" == *"worse"* ]]
	[ -z "$stderr" ]
	gdiff --csv coal.csv worse.csv
	[ "$(verdict_of "pattern=offset op=copy offset=1 stride=1 width_bytes=4" predicted_sectors_per_request)" = worse ]
	[ "$(verdict_of "pattern=offset op=copy offset=0 stride=1 width_bytes=4" predicted_sectors_per_request)" = same ]
	grep -q ',predicted_sectors_per_request,lower,5.000000,5.500000,10.000,0.000,worse,$' <<<"$output"
}

@test "diff: a figure 10 % better is better, and --fail-on worse lets it pass" {
	derive coal.json better.json --scale efficiency_pct 2 1.1   # higher is better
	gdiff --fail-on worse coal.json better.json
	[ "$status" -eq 0 ]
	grep -qE ' efficiency_pct +80 +88 +10\.0 .* better' <<<"$output"
	[[ "$output" == *"0 worse, 1 better"* ]]
	# the row shown whole, its unchanged figures too, named on its first line
	grep -qE '^pattern=offset op=copy offset=1 stride=1 width_bytes=4 +predicted_sectors_per_request +5 +5 +0\.0 .* same' <<<"$output"
	[[ "$output" == *"rows with a change shown whole; 72 rows unchanged"* ]]
}

@test "diff: --threshold: a 10 % change under a 15 % threshold is the same" {
	derive coal.csv worse.csv --scale predicted_sectors_per_request 2 1.1
	gdiff --fail-on worse --threshold 15 coal.csv worse.csv
	[ "$status" -eq 0 ]
	[[ "$output" == *"0 worse, 0 better"*"(within the runs' noise or the 15 % threshold)"* ]]
	gdiff --fail-on worse --threshold 9.9 coal.csv worse.csv
	[ "$status" -eq 1 ]
}

@test "diff: a row removed is gone, a row added is new; a whole row each" {
	derive banks.csv changed.csv --drop 2 --copy 1 stride 99
	gdiff --fail-on worse banks.csv changed.csv
	[ "$status" -eq 0 ]
	[[ "$output" == *"0 worse, 0 better, 0 unreliable, 1 new, 1 gone"* ]]
	grep -qE 'stride=99 .*\(whole row\) .* new' <<<"$output"
	gdiff --csv banks.csv changed.csv
	[ "$(verdict_of "pattern=stride op=load stride=2 width_bytes=4" "")" = gone ]
	[ "$(verdict_of "pattern=stride op=load stride=99 width_bytes=4" "")" = new ]
	# changed rows first: worse, better, unreliable, new, gone
	derive banks.csv mixed.csv --drop 2 --copy 1 stride 99 --scale predicted_wavefronts_per_request 3 2
	gdiff banks.csv mixed.csv
	# a verdict ends its line, or has text after it
	run awk '/ worse( |$)/{w=NR} / new( |$)/{n=NR} / gone( |$)/{g=NR} END{print (w && w < n && n < g)}' <<<"$output"
	[ "$output" = 1 ]
}

@test "diff: a row the device watch flagged (contended, throttled) is unreliable, not judged" {
	t_diff
	"$T_DIFF" --write "$BATS_TEST_TMPDIR"
	cd "$BATS_TEST_TMPDIR"
	derive all.json flagged.json --section bandwidth --set contended 1 1 --scale bandwidth_gbs 1 0.5 \
		--set throttled 2 sw_thermal
	gdiff --fail-on worse all.json flagged.json
	[ "$status" -eq 0 ]
	# two rows, each with bandwidth's three figures (time, GB/s, % of peak): none judged
	[[ "$output" == *"0 worse, 0 better, 6 unreliable, 0 new, 0 gone"* ]]
	grep -qE '^bandwidth: kernel=' <<<"$output"
	grep -qE ' bandwidth_gbs .* -50\.0 .* unreliable +contended after' <<<"$output"
	grep -qE 'unreliable +throttled: sw_thermal after' <<<"$output"
	# all's JSON against its long CSV: one run, the same
	gdiff all.json all.csv
	[ "$status" -eq 0 ]
	[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone"* ]]
}

@test "diff: the manual's default noise of each kind of figure is the code's" {
	t_diff
	want=$("$T_DIFF" --noise)
	[[ "$want" == "bandwidth "*"calculations 0 %, over the PCIe link "*" %, L2 lines shared between SMs "*" %, both ways over the link at once "*" %, a CUDA call timed on the host "*" %." ]]
	# the page's text, its lines joined
	page=$(tr '\n' ' ' < "$ROOT/man/gpuperf-diff.1")
	[[ "$page" == *"the default of the figure's kind: $want"* ]] ||
		{ echo "gpuperf-diff.1 should say: $want"; return 1; }
}

@test "diff: other devices, drivers or hosts are compared, a line says which differ" {
	derive occ.csv other.csv --set cc 1 8.0 --set cc 2 8.0
	gdiff occ.csv other.csv
	[ "$status" -eq 0 ]
	[[ "$output" == *"cc differs: 9.0 (before), 8.0,9.0 (after)"* ]]
}

@test "diff: standard input for either side, never both" {
	run_split bash -c "'$GPUPERF' diff - banks.json < banks.csv"
	[ "$status" -eq 0 ]
	[[ "$output" == "banks: standard input (CSV) -> banks.json (JSON)"* ]]
	run_split bash -c "'$GPUPERF' diff banks.csv - < banks.json"
	[ "$status" -eq 0 ]
	assert_usage_error diff - -
	[[ "$stderr" == *"cannot both be standard input"* ]]
}

@test "diff: --csv and --json hold every figure with its verdict" {
	derive coal.csv worse.csv --scale predicted_sectors_per_request 2 1.1
	gdiff --csv coal.csv worse.csv
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$("$GPUPERF" --list-columns diff | paste -sd,)" ]
	[ "$(grep -c ',same,' <<<"$output")" -eq $(( ${#lines[@]} - 2 )) ]
	gdiff --json coal.csv worse.csv
	[ "$status" -eq 0 ]
	run python3 -c 'import json, sys, collections
rows = json.load(sys.stdin)
print(dict(collections.Counter(r["verdict"] for r in rows)))
w = [r for r in rows if r["verdict"] == "worse"][0]
print(w["figure"], w["before"], w["after"], w["change_pct"], w["better"])' <<<"$output"
	[ "${lines[1]}" = "predicted_sectors_per_request 5.0 5.5 10.0 lower" ]
	[[ "${lines[0]}" == "{'same': "*", 'worse': 1}" ]]
}

@test "diff: --plot draws the changes as bars, worse and better apart" {
	derive coal.csv both.csv --scale predicted_sectors_per_request 2 1.1 --scale efficiency_pct 3 1.2
	gdiff --plot bars.svg coal.csv both.csv
	[ "$status" -eq 0 ]
	run python3 - bars.svg <<-'EOF'
		import sys, xml.etree.ElementTree as ET
		ns = "{http://www.w3.org/2000/svg}"
		root = ET.parse(sys.argv[1]).getroot()
		bars = [g for g in root.iter(ns + "g") if "bars" in (g.get("class") or "")]
		rects = [r for r in bars[0].iter(ns + "rect") if r.find(ns + "title") is not None]
		print(len(bars), len(rects))
		for r in rects:
		    print(r.get("fill"), r.find(ns + "title").text)
	EOF
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "1 2" ]
	[[ "${lines[1]}" == *" predicted_sectors_per_request: "*"offset=1 "*": +10.0" ]]
	[[ "${lines[2]}" == *" efficiency_pct: "*"offset=2 "*": +20.0" ]]
	[ "${lines[1]%% *}" != "${lines[2]%% *}" ]   # worse and better in two colours
	# nothing changed: the picture says so rather than failing
	gdiff --plot same.svg coal.csv coal.json
	[ "$status" -eq 0 ]
	grep -q 'No change beyond noise and threshold' same.svg
}

@test "diff: malformed input is a usage error that says what is wrong" {
	derive coal.csv cut.csv --cut 300
	assert_usage_error diff coal.csv cut.csv
	[[ "$stderr" == *"cut.csv line 6: 1 field where the header has 9 (a cut or damaged file?)"* ]]
	derive coal.json cut.json --cut 300
	assert_usage_error diff cut.json coal.json
	[[ "$stderr" == *"cut.json is not valid JSON: line "*"(the text ends there)"* ]]
	head -n 1 coal.csv > header.csv
	assert_usage_error diff header.csv coal.csv
	[[ "$stderr" == *"header.csv holds only a header (coalesce's columns), no rows to compare"* ]]
	: > empty.csv
	assert_usage_error diff coal.csv empty.csv
	[[ "$stderr" == *"empty.csv is empty"* ]]
	head -c 2000 /dev/urandom | tr -d '\0' > garbage.bin
	assert_usage_error diff garbage.bin coal.csv
	[[ "$stderr" == *"garbage.bin "* ]]
	printf 'name,value\nx,1\n' > other.csv
	assert_usage_error diff other.csv coal.csv
	[[ "$stderr" == *"other.csv is not gpuperf output: its header's names (name,value) are no command's columns"* ]]
	derive coal.csv bad.csv --set offset 3 three
	assert_usage_error diff bad.csv coal.csv
	[[ "$stderr" == *"bad.csv line 4: offset 'three' is not a whole number"* ]]
	assert_usage_error diff banks.csv coal.csv
	[[ "$stderr" == *"banks.csv is the output of banks and coal.csv of coalesce"* ]]
	assert_usage_error diff coal.csv nonexistent.csv
	[[ "$stderr" == *"cannot read nonexistent.csv: No such file or directory"* ]]
	assert_usage_error diff coal.csv .
	[[ "$stderr" == *"cannot read .: Is a directory"* ]]
}

@test "diff: usage errors before any file is read" {
	assert_usage_error diff coal.csv
	[[ "$stderr" == *"diff compares two files"*"(1 given)"* ]]
	assert_usage_error diff a b c
	assert_usage_error diff --fail-on better coal.csv coal.json
	assert_usage_error diff --threshold -1 coal.csv coal.json
	assert_usage_error diff --threshold x coal.csv coal.json
}

# ---- the pairs recorded on an H100 (bench/record-diff-fixtures.sh) ----

h100() {
	[ -f "$H100/$1" ] || skip "the H100 fixtures are not recorded yet ($H100/$1)"
}

@test "diff (H100 fixtures): two idle runs of each command: 0 worse, 0 better" {
	h100 bandwidth-1.csv
	for pair in bandwidth-1.csv:bandwidth-2.csv latency-1.json:latency-2.json all-1.json:all-2.json; do
		gdiff --fail-on worse "$H100/${pair%%:*}" "$H100/${pair##*:}"
		[ "$status" -eq 0 ] || { echo "$pair: $stderr"; return 1; }
		[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone; "*" figures the same"* ]] ||
			{ echo "$pair: $output"; return 1; }
	done
}

@test "diff (H100 fixtures): what moves between idle runs has its floor, and 10 % more is caught" {
	h100 all-1.json
	# the idle moves (-3.8 % shared lines, -2.5 % PCIe H2D, +3.3 % host-mapped chase), under the floors
	gdiff --csv "$H100/all-1.json" "$H100/all-2.json"
	grep -q '^summary,,l2_shared_read_gbs,higher,20921.363000,20119.346000,-3.833,8.000,same,$' <<<"$output"
	grep -q '^summary,,pcie_pinned_h2d_gbs,higher,50.152000,48.887000,-2.522,6.000,same,$' <<<"$output"
	grep -q '^pcie,direction=h2d memory=pinned size_bytes=268435456,bandwidth_gbs,.*,-2.524,6.000,same,$' <<<"$output"
	grep -q '^bandwidth,kernel=read width_bytes=16 size_bytes=2097152 method=l2-shared,bandwidth_gbs,.*,-3.833,8.000,same,$' <<<"$output"
	# an l2 row beside it keeps its own noise: 2 x its CoV
	grep -q '^bandwidth,kernel=read width_bytes=16 size_bytes=16777216 method=l2,bandwidth_gbs,.*,1.669,0.097,same,$' <<<"$output"
	gdiff --csv "$H100/latency-1.json" "$H100/latency-2.json"
	grep -q '^,row=size memory=host size_bytes=2097152 stride_bytes=128 pattern=random,cycles,lower,.*,3.342,6.000,same,$' <<<"$output"
	# each pair with a figure of its second run 10 % worse: worse, and --fail-on worse fails
	derive "$H100/all-2.json" shared.json --section summary --scale value 7 0.9
	derive "$H100/all-2.json" h2d.json --section pcie --scale bandwidth_gbs 1 0.9
	derive "$H100/all-2.json" lines.json --section bandwidth --scale bandwidth_gbs 10 0.9
	derive "$H100/latency-2.json" host.json --scale cycles 5 1.1 --scale ns 5 1.1
	for v in shared.json:l2_shared_read_gbs h2d.json:bandwidth_gbs lines.json:bandwidth_gbs \
		 host.json:cycles host.json:ns; do
		case $v in host*) before=$H100/latency-1.json ;; *) before=$H100/all-1.json ;; esac
		gdiff --fail-on worse --csv "$before" "${v%%:*}"
		[ "$status" -eq 1 ] || { echo "$v: not caught: $output"; return 1; }
		grep -qE ",${v##*:},(higher|lower),.*,worse,$" <<<"$output" || { echo "$v: $output"; return 1; }
	done
}

@test "diff: an older output without a noise column is read; its figures take the default" {
	h100 bandwidth-1.csv
	derive "$H100/bandwidth-1.csv" old.csv --drop-column cov_pct
	gdiff --csv old.csv "$H100/bandwidth-2.csv"
	[ "$status" -eq 0 ]
	# the DRAM read row: its time had only the CoV, now the default 2 %; its GB/s the spread
	grep -qE '^,kernel=read width_bytes=16 size_bytes=1073741824 method=stream,time_ms,lower,.*,2.000,same,$' <<<"$output"
	gdiff old.csv "$H100/bandwidth-2.csv"
	[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone"* ]]
	# all's summary before its cov_pct, JSON and long CSV: the same run
	t_diff
	"$T_DIFF" --write "$BATS_TEST_TMPDIR"
	derive "$BATS_TEST_TMPDIR/all.json" old.json --section summary --drop-column cov_pct
	gdiff --fail-on worse old.json "$BATS_TEST_TMPDIR/all.csv"
	[ "$status" -eq 0 ]
	[[ "$output" == *"0 worse, 0 better, 0 unreliable, 0 new, 0 gone"* ]]
	[[ "$output" != *"not compared"* ]]
	# a column that is no noise column missing: not gpuperf's output
	derive "$H100/bandwidth-1.csv" cut.csv --drop-column level
	assert_usage_error diff cut.csv "$H100/bandwidth-2.csv"
	[[ "$stderr" == *"cut.csv is not gpuperf output"* ]]
}

@test "diff (H100 fixtures): a bandwidth 10 % lower is worse, and fails with --fail-on worse" {
	h100 bandwidth-1.csv
	derive "$H100/bandwidth-1.csv" slower.csv --scale bandwidth_gbs 1 0.9
	gdiff --fail-on worse "$H100/bandwidth-1.csv" slower.csv
	[ "$status" -eq 1 ]
	grep -qE 'bandwidth_gbs .* -10\.0 .* worse' <<<"$output"
}

@test "diff (H100 fixtures): the transpose fix, before and after, is better in time and efficiency" {
	h100 profile-before.csv
	gdiff --json "$H100/profile-before.csv" "$H100/profile-after.csv"
	[ "$status" -eq 0 ]
	run python3 -c 'import json, sys
for r in json.load(sys.stdin):
    if r["config"].startswith("kernel=transpose") and r["figure"]:
        print(r["figure"], r["verdict"])' <<<"$output"
	[[ "$output" == *"gpu_time_ms better"* ]]
	[[ "$output" == *"store_efficiency_pct better"* ]]
	[[ "$output" == *"store_sectors_per_request better"* ]]
}

SHAPES=$HERE/diff-shapes.py

@test "diff: every earlier output shape (tests/fixtures/shapes) against today's: added columns new, removed gone" {
	S=$ROOT/tests/fixtures/shapes
	n=0 new=0
	for old in "$S"/*-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].*; do
		ext=${old##*.}
		today=${old%-*}.$ext
		[ -f "$today" ] || { echo "no $today for $old"; return 1; }
		gdiff --csv "$old" "$today"
		[ "$status" -eq 0 ] || { echo "$old: $stderr"; return 1; }
		python3 "$SHAPES" verdicts "$old" "$today" new <<<"$output" || { echo "$old"; return 1; }
		new=$((new + $(grep -c ',new,' <<<"$output" || true)))
		gdiff --csv "$today" "$old"
		[ "$status" -eq 0 ] || { echo "$old (after): $stderr"; return 1; }
		python3 "$SHAPES" verdicts "$old" "$today" gone <<<"$output" || { echo "$old"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 27 ]
	[ "$new" -gt 0 ]
}

@test "diff: profile's 50 columns of 2026-11-25 against its 80 of a day later: the 30 added are new figures" {
	S=$ROOT/tests/fixtures/shapes
	[ "$(python3 "$SHAPES" header "$S/profile-b909bbd.csv" | tr ',' '\n' | wc -l)" -eq 50 ]
	[ "$(python3 "$SHAPES" header "$S/profile-d32a213.csv" | tr ',' '\n' | wc -l)" -eq 80 ]
	gdiff "$S/profile-b909bbd.csv" "$S/profile-d32a213.csv"
	[ "$status" -eq 0 ]
	[[ "$output" == *"(CSV, columns of 2026-11-25 b909bbd) -> "*"(CSV, columns of 2026-11-25 d32a213)"* ]]
	grep -qE '^ +roof_pct +n/a +[0-9.]+ .* new' <<<"$output"
	grep -qE ' gpu_time_ms +1.58533 +1.58533 .* same' <<<"$output"
	[[ "$output" == *"0 worse, 0 better, 0 unreliable, 21 new, 0 gone"* ]]
}

@test "diff: a header no command wrote at any version is refused as today" {
	S=$ROOT/tests/fixtures/shapes
	derive "$S/profile-b909bbd.csv" cut.csv --drop-column launches
	assert_usage_error diff cut.csv "$S/profile.csv"
	[[ "$stderr" == *"cut.csv is not gpuperf output: its header's names (device,cc,"*") are no command's columns"* ]]
}

# The widths of the row column and of the others together (their gaps too), from the
# rule under the header of the table in $output.
row_widths() {
	awk '/^-+ / && !done { print length($1), length($0) - length($1) - 2; done = 1 }' <<<"$output"
}

@test "diff: a profile's kernels named as its table names them; the row never wider than the rest" {
	S=$ROOT/tests/fixtures/shapes
	long='void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*, 1>)'
	derive "$S/profile.csv" torch1.csv --set kernel 1 "$long"
	derive torch1.csv torch2.csv --scale gpu_time_ms 1 2
	gdiff torch1.csv torch2.csv
	[ "$status" -eq 0 ]
	# the short name (no return type, no parameters) cut to 48 characters, as profile's table
	grep -qF 'kernel=at::native::vectorized_elementwise_kernel<4, ...  gpu_time_ms' <<<"$output"
	[[ "$output" != *"FillFunctor<float>, at::detail"* ]]
	read -r row rest < <(row_widths)
	[ "$row" -le "$rest" ]
	# the CSV keeps the name whole
	gdiff --csv torch1.csv torch2.csv
	grep -qF "\"kernel=$long\",gpu_time_ms" <<<"$output"
}

@test "diff: a key longer than the other columns together is cut to their width" {
	h100 bandwidth-1.csv
	k=$(printf 'k%.0s' $(seq 300))
	derive "$H100/bandwidth-1.csv" long1.csv --set kernel 1 "$k"
	derive long1.csv long2.csv --scale bandwidth_gbs 1 0.5
	gdiff long1.csv long2.csv
	[ "$status" -eq 0 ]
	read -r row rest < <(row_widths)
	[ "$row" -le "$rest" ]
	[ "$row" -ge 60 ]
	grep -qE '^kernel=kkkk+\.\.\. +time_ms ' <<<"$output"
}

@test "diff: a change under the figure's last printed digit is the same (fma_pipe_pct 0.001 -> 0.002)" {
	S=$ROOT/tests/fixtures/shapes
	derive "$S/profile.csv" fma1.csv --set fma_pipe_pct 1 0.001
	derive "$S/profile.csv" fma2.csv --set fma_pipe_pct 1 0.002
	gdiff --csv fma1.csv fma2.csv
	[ "$status" -eq 0 ]
	grep -qE ',fma_pipe_pct,higher,0\.001000,0\.002000,100\.000,[0-9.]+,same,$' <<<"$output"
	derive "$S/profile.csv" fma3.csv --set fma_pipe_pct 1 0.2
	gdiff --csv fma1.csv fma3.csv
	grep -qE ',fma_pipe_pct,higher,.*,better,$' <<<"$output"
}

@test "diff: --set light against --set full compares no counter's figure; the header says why" {
	S=$ROOT/tests/fixtures/shapes
	derive "$S/profile.csv" light.csv --set counter_set 1 light --set store_sectors_per_request 1 2.25 \
		--set gflops 1 ''
	derive "$S/profile.csv" full.csv --scale gpu_time_ms 1 1.5
	gdiff light.csv full.csv
	[ "$status" -eq 0 ]
	[ "$(sed -n 2p <<<"$output")" = "measured differently: counter_set light (before), full (after); the figures read from counters, and those one side lacks, are not compared" ]
	[[ "$output" != *"store_sectors_per_request"* ]]
	[[ "$output" != *" gflops "* ]]
	grep -qE ' gpu_time_ms .* worse' <<<"$output"
	grep -qE '^[0-9]+ figures not compared: measured differently' <<<"$output"
	# the same set: the sectors are judged
	derive "$S/profile.csv" full2.csv --set store_sectors_per_request 1 2.25
	gdiff full2.csv "$S/profile.csv"
	grep -qE ' store_sectors_per_request .* worse' <<<"$output"
}

@test "diff: another device's architecture: its counters' figures left out, the header says so" {
	S=$ROOT/tests/fixtures/shapes
	derive "$S/profile.csv" a100.csv --set cc 1 8.0 --set device 1 "NVIDIA A100-SXM4-80GB"
	gdiff a100.csv "$S/profile.csv"
	[ "$status" -eq 0 ]
	[[ "$(sed -n 2,4p <<<"$output")" == *"device differs: NVIDIA A100-SXM4-80GB (before), NVIDIA H100 80GB HBM3 (after)"* ]]
	[[ "$(sed -n 2,4p <<<"$output")" == *"measured differently: cc 8.0 (before), 9.0 (after)"* ]]
}

@test "diff: occupancy --kernel before and after -maxrregcount=64: one row, the registers and occupancy better" {
	O=$ROOT/tests/fixtures/occupancy
	"$GPUPERF" --csv occupancy --kernel "$O/regs-plain.cubin" --arch sm_90 --threads 256 > plain.csv
	"$GPUPERF" --csv occupancy --kernel "$O/regs-capped.cubin" --arch sm_90 --threads 256 > capped.csv
	gdiff --csv plain.csv capped.csv
	[ "$status" -eq 0 ]
	verdicts=$output
	# keyed on the kernel, its architecture and block size: matched, not new and gone;
	# 25 % and 50 %, 128 and 64 registers, 1224 bytes spilled: ptxas -v and by hand (regs.cu)
	run ! grep -qE ',(new|gone),' <<<"$verdicts"
	output=$verdicts
	key='"arch=sm_90 kernel=horner(float const*, float*, int) threads_per_block=256"'
	grep -qxF ",$key,occupancy_pct,higher,25.000000,50.000000,100.000,0.000,better," <<<"$output"
	grep -qxF ",$key,regs_per_thread,lower,128.000000,64.000000,-50.000,0.000,better," <<<"$output"
	# what the cap cost: registers spilled to local memory
	grep -qxF ",$key,local_bytes_per_thread,lower,0.000000,1224.000000,,0.000,worse," <<<"$output"
	grep -qxF ",$key,smem_static_bytes,lower,0.000000,0.000000,0.000,0.000,same," <<<"$output"
	gdiff plain.csv capped.csv
	[[ "$output" == *"1 worse, 5 better, 0 unreliable, 0 new, 0 gone"* ]]
}
