#!/usr/bin/env bats
# The README agrees with the program: what it says of diff's noise floors,
# of the commands that plot, and no count that the next test makes stale.

load lib

README=$BATS_TEST_DIRNAME/../../README.md
FIX=$BATS_TEST_DIRNAME/../fixtures/diff/h100

# The README as one line of words (its line breaks are not the text's).
readme_words() {
	tr -s ' \n' '  ' <"$README"
}

@test "README: each kind of noise floor diff applies is named, and no floor figure of its own" {
	local words floors item kind
	run "$GPUPERF" diff "$FIX/bandwidth-1.csv" "$FIX/bandwidth-2.csv"
	floors=$(sed -n "s/^noise: .*never under the kind's floor (\(.*\)); the larger.*/\1/p" <<<"$output")
	[ -n "$floors" ]
	words=$(readme_words)
	while read -r item; do
		kind=${item% [0-9]* %}
		[[ "$words" == *"$kind"* ]] || { echo "the README does not name '$kind'"; return 1; }
		# a figure beside the kind's name would go stale when the floor moves
		[[ "$words" != *"$kind"" "[0-9]*" %"* ]] || { echo "the README gives a figure for '$kind'"; return 1; }
	done < <(sed 's/, /\n/g' <<<"$floors")
}

@test "README: no count of tests, which the next test makes stale" {
	run grep -nE '[0-9]+ (gpu |cpu |unit |cli |meta )?tests? (skipped|passed|run)' "$README"
	echo "$output"
	[ "$status" -eq 1 ]
}

# items TEXT: the items of an English list "a, b, c and d." one a line.
items() {
	sed -E 's/\.$//; s/,? and /, /g; s/, /\n/g' <<<"$1"
}

@test "README: the commands that plot are --plot's, the command table's" {
	local list
	list=$(readme_words | grep -o 'What plots: [^.]*\.' | tr -d '`')
	[ -n "$list" ]
	diff <(items "${list#What plots: }") <("$GPUPERF" --list-plots)
}
