#!/usr/bin/env bats
# The source mutation check's own parts (tests/meta/mutation/): its data
# hold together (every target file, function and test exists), the list of
# mutants is the same each time, and the generator changes code, never
# comments, strings or sizes.  The check itself runs as make test-mutants.

MUT=$BATS_TEST_DIRNAME/mutation/mutate.py
SAMPLE=$BATS_TEST_DIRNAME/mutation/sample.c

setup() {
	command -v python3 >/dev/null || skip "python3 is not installed"
}

@test "mutation: targets and equivalent hold together" {
	run python3 "$MUT" check
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "mutation: the list is the same each run, every operator used, the issue's constant among them" {
	python3 "$MUT" list >"$BATS_TEST_TMPDIR/a"
	python3 "$MUT" list >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/a")" -gt 1000 ]
	# every operator of the table makes mutants of the judging code
	local op
	for op in $(awk '!/^#/ && NF { print $1 }' "$BATS_TEST_DIRNAME/mutation/operators"); do
		grep -q " \[$op\] " "$BATS_TEST_TMPDIR/a" || { echo "operator $op makes no mutant"; return 1; }
	done
	grep -q 'PROF_BOUND_AT \[const\] #define PROF_BOUND_AT 0.6  =>  #define PROF_BOUND_AT 0.66' "$BATS_TEST_TMPDIR/a"
}

@test "mutation: the generator mutates code, not comments, strings or declared sizes" {
	run python3 "$MUT" list --any "$SAMPLE"
	echo "$output"
	[ "$status" -eq 0 ]
	# the #define's value, a table's values, a sentinel's sign
	[[ "$output" == *"LIMIT [const] #define LIMIT 0.6  =>  #define LIMIT 0.66"* ]]
	[[ "$output" == *"table [const] static const int table[] = { 7, -1 };  =>  static const int table[] = { 7, 1 };"* ]]
	[[ "$output" == *"judge [const] int i, best = -1;  =>  int i, best = 1;"* ]]
	# boundary and flip, a dropped term with its whole operand, both branches swapped
	[[ "$output" == *"[lt-le] for (i = 0; i < n; i++)  =>  for (i = 0; i <= n; i++)"* ]]
	[[ "$output" == *"[ge-le] if (v[i] >= LIMIT && "* ]]
	[[ "$output" == *"[drop-add] return best >= 0 ? table[0] + v[best] * 2 : table[1];  =>  return best >= 0 ? table[0] : table[1];"* ]]
	[[ "$output" == *"[drop-and] if (v[i] >= LIMIT && (best < 0 || v[i] > v[best]))  =>  if (v[i] >= LIMIT )"* ]]
	[[ "$output" == *"[cond-swap] return best >= 0 ? table[0] + v[best] * 2 : table[1];  =>  return best >= 0 ? table[1] : table[0] + v[best] * 2;"* ]]
	[[ "$output" == *"[if-not] if (v[i] >= LIMIT && (best < 0 || v[i] > v[best]))  =>  if (!(v[i] >= LIMIT && (best < 0 || v[i] > v[best])))"* ]]
	# the comment's "a < b", the size 32 of buf, the #define's name: untouched
	[[ "$output" != *"buf[33]"* ]]
	[[ "$output" != *":8 "* ]]
	[[ "$output" != *"a <= b"* ]]
	[ "$(grep -c '' <<<"$output")" -eq 30 ]
}

@test "mutation: a survivor's key holds no line number, so explanations outlive edits above it" {
	sed '1i /* a line above */' "$SAMPLE" >"$BATS_TEST_TMPDIR/shifted.c"
	python3 "$MUT" list --any "$SAMPLE" | sed 's/^[^ ]*  //; s/^[^ ]*:[0-9]* //' >"$BATS_TEST_TMPDIR/a"
	python3 "$MUT" list --any "$BATS_TEST_TMPDIR/shifted.c" | sed 's/^[^ ]*  //; s/^[^ ]*:[0-9]* //' >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}
