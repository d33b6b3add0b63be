#!/usr/bin/env bats
# The manual agrees with the program: every command, option, column and exit status.

load lib

MAN=$BATS_TEST_DIRNAME/../../man

@test "every man page renders with groff -man -ww without warnings" {
	for m in "$MAN"/*.1; do
		out=$(groff -man -ww -z "$m" 2>&1)
		[ -z "$out" ] || { echo "$m: $out"; return 1; }
	done
}

@test "no page shows its markup: no escape (\\fB, \\-, \\e) survives rendering" {
	local shown=''
	for m in "$MAN"/*.1; do
		# the rendered text, bold and underline (backspaces) removed
		shown+=$(groff -man -Tutf8 -P-cbou "$m" 2>/dev/null |
			grep -n '\\f[BIRP]\|\\-\|\\e\|\\(' | sed "s|^|${m##*/}: |")
	done
	echo "$shown"
	[ -z "$shown" ]
}

@test "every command has its own page and a line in gpuperf(1)" {
	for c in $("$GPUPERF" --list-commands); do
		[ -f "$MAN/gpuperf-$c.1" ] || { echo "no man/gpuperf-$c.1"; return 1; }
		grep -q "^\.B $c\$" "$MAN/gpuperf.1" || { echo "gpuperf.1 lacks command $c"; return 1; }
		grep -q "gpuperf\\\\-$c (1)" "$MAN/gpuperf.1" || { echo "gpuperf.1 lacks a reference to gpuperf-$c(1)"; return 1; }
	done
}

@test "every global option is documented in gpuperf(1)" {
	for o in $("$GPUPERF" --list-options); do
		esc=${o//-/\\\\-}
		grep -q -- "$esc" "$MAN/gpuperf.1" || { echo "gpuperf.1 lacks $o"; return 1; }
	done
}

@test "every command option is documented in the command's page" {
	for c in $("$GPUPERF" --list-commands); do
		for o in $("$GPUPERF" --list-options "$c"); do
			esc=${o//-/\\\\-}
			grep -q -- "$esc" "$MAN/gpuperf-$c.1" || { echo "gpuperf-$c.1 lacks $o"; return 1; }
		done
	done
}

@test "every CSV column is documented in the command's page" {
	for c in $("$GPUPERF" --list-commands); do
		for col in $("$GPUPERF" --list-columns "$c"); do
			grep -q "^\.B ${col}\$" "$MAN/gpuperf-$c.1" ||
				{ echo "gpuperf-$c.1 lacks column $col"; return 1; }
		done
	done
}

@test "gpuperf(1) documents exit statuses 0 to 4" {
	section=$(sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$MAN/gpuperf.1")
	for s in 0 1 2 3 4; do
		grep -q "^\.B $s\$" <<<"$section" || { echo "exit status $s undocumented"; return 1; }
	done
}

@test "the help summary of each command matches the NAME line of its page" {
	for c in $("$GPUPERF" --list-commands); do
		grep -q "^gpuperf\\\\-$c \\\\- " "$MAN/gpuperf-$c.1" || { echo "gpuperf-$c.1: bad NAME line"; return 1; }
	done
}

@test "gpuperf help COMMAND opens that command's page" {
	command -v man >/dev/null || skip "man is not installed"
	run bash -c "set -o pipefail; MANPAGER=cat MANWIDTH=80 '$GPUPERF' help info | col -b"
	[ "$status" -eq 0 ]
	[[ "$output" == *"GPUPERF-INFO(1)"* ]]
	[[ "$output" == *"CSV COLUMNS"* ]]
}

# The paragraph of OPTION under .TP in PAGE (up to the next .TP or .SH).
option_paragraph() {
	local esc=${2//-/\\\\-}
	awk -v opt="$esc" '
		/^\.(TP|SH|SS|PP)/ { if (on) exit; tp = ($0 ~ /^\.TP/); next }
		tp && !on && /^\.B[IR]? / && (index($0 " ", opt " ") || index($0, opt "\"")) { on = 1 }
		on { print }
		{ tp = 0 }' "$1"
}

@test "every option's default is the one its page gives" {
	for c in "" $("$GPUPERF" --list-commands); do
		page=$MAN/gpuperf${c:+-$c}.1
		while IFS=$'\t' read -r opt def; do
			[ -n "$opt" ] || continue
			para=$(option_paragraph "$page" "$opt")
			[ -n "$para" ] || { echo "$page: no paragraph for $opt"; return 1; }
			esc=${def//-/\\-}
			grep -qF -- "$esc" <<<"$para" || { echo "$page: $opt does not say its default '$def'"; echo "$para"; return 1; }
		done < <("$GPUPERF" --list-defaults $c)
	done
}

@test "gpuperf help COMMAND without any man page: the built-in help, exit 0; help help works" {
	local dir=$BATS_TEST_TMPDIR/bin
	mkdir -p "$dir"
	cp "$GPUPERF" "$dir/gpuperf"  # no man/ beside it
	run_split env MANPATH="$BATS_TEST_TMPDIR/nowhere" "$dir/gpuperf" help occupancy
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	[[ "$output" == "usage: gpuperf occupancy "* ]]
	[[ "$output" == *"--threads N"* ]]
	[[ "$stderr" == *"no manual page gpuperf-occupancy(1) found; the built-in help follows"* ]]
	[[ "$stderr" != *"No manual entry"* ]]
	# no man program at all: the same
	run_split env PATH="$BATS_TEST_TMPDIR/nowhere" "$dir/gpuperf" help info
	[ "$status" -eq 0 ]
	[[ "$output" == "usage: gpuperf info"* ]]
	run_split "$dir/gpuperf" help help
	[ "$status" -eq 0 ] && [[ "$output" == "usage: gpuperf help [COMMAND]"* ]] && [ -z "$stderr" ]
}

@test "diff's last note names every kind's noise floor, each as gpuperf-diff(1) gives it" {
	local fix=$BATS_TEST_DIRNAME/../fixtures/diff/h100 page floors item n=0
	run "$GPUPERF" diff "$fix/bandwidth-1.csv" "$fix/bandwidth-2.csv"
	floors=$(sed -n "s/^noise: .*never under the kind's floor (\(.*\)); the larger.*/\1/p" <<<"$output")
	[ -n "$floors" ]
	page=$(groff -man -Tutf8 -P-cbou "$MAN/gpuperf-diff.1" 2>/dev/null | tr -s ' \n' '  ')
	while read -r item; do
		# "over the PCIe link 6 %": a kind and its floor, the page's words
		[[ "$item" =~ ^[a-zA-Z].*\ [0-9.]+\ %$ ]] || { echo "not a kind and its floor: '$item'"; return 1; }
		[[ "$page" == *"$item"* ]] || { echo "gpuperf-diff(1) does not say '$item'"; return 1; }
		n=$((n + 1))
	done < <(sed 's/, /\n/g' <<<"$floors")
	[ "$n" -ge 1 ]
}

@test "gpuperf(1)'s commands that plot are --plot's error's, the command table's" {
	local sentence
	sentence=$(groff -man -Tutf8 -P-cbou -rLL=5000n -rHY=0 "$MAN/gpuperf.1" 2>/dev/null |
		tr -s ' \n' '  ' | grep -o 'The commands that plot: [^.]*\.')
	[ -n "$sentence" ]
	run_split "$GPUPERF" --plot x.svg info
	[[ "$stderr" == *"commands that plot: $(sed ':a;N;s/\n/, /;ba' < <("$GPUPERF" --list-plots))" ]]
	diff <(sed -E 's/^The commands that plot: //; s/\.$//; s/,? and /, /g; s/, /\n/g' <<<"$sentence") \
		<("$GPUPERF" --list-plots)
}

@test "--json: an array of records, or for check (and all) an object of sections, as gpuperf(1) says" {
	local page
	page=$(groff -man -Tutf8 -P-cbou -rLL=5000n -rHY=0 "$MAN/gpuperf.1" 2>/dev/null | tr -s ' \n' '  ')
	[[ "$page" == *"--json Print results as a JSON array of objects; for all and check, whose results are several tables, an object of sections"* ]]
	run "$GPUPERF" --json occupancy --arch sm_90 --threads 256 --regs 32
	[ "$status" -eq 0 ]
	python3 -c 'import json, sys; assert isinstance(json.loads(sys.argv[1]), list)' "$output"
	# check on this machine: its record for a node without a GPU, exit 3
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" --json check
	[ "$status" -eq 3 ]
	python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert sorted(d) == ["checks", "gpus"] and all(isinstance(v, list) for v in d.values()), d' "$output"
}
