#!/usr/bin/env bats
# Bash completion, driven as bash drives it: the words so far in
# COMP_WORDS, the one under the cursor in COMP_CWORD, the answer in
# COMPREPLY.  Everything it offers comes from the gpuperf being completed.

load lib

setup() {
	source "$BATS_TEST_DIRNAME/../../completion/gpuperf.bash"
	# not on PATH: the completion must ask this binary
	PATH=/usr/bin:/bin
}

# complete WORD... : completion for the last word, results in $output (sorted, one per line)
complete_words() {
	COMP_WORDS=("$GPUPERF" "$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_gpuperf
	output=$(printf '%s\n' "${COMPREPLY[@]}" | sort)
}

@test "completion: command names, help included" {
	complete_words ba
	[ "$output" = "$(printf 'bandwidth\nbanks')" ]
	complete_words he
	[ "$output" = help ]
}

@test "completion: a command's options and the global ones" {
	complete_words banks --wi
	[ "$output" = --width ]
	complete_words banks --cs
	[ "$output" = --csv ]
	complete_words --dev
	[ "$output" = --device ]
}

@test "completion: values of options with a fixed set, from the option table" {
	complete_words pcie --memory p
	[ "$output" = "$(printf 'pageable\npinned')" ]
	complete_words occupancy --sweep ""
	[ "$output" = "$(printf 'regs\nsmem\nthreads')" ]
	complete_words bandwidth --kernel co
	[ "$output" = copy ]
	complete_words bandwidth -k read,tr
	[ "$output" = read,triad ]
	complete_words --counters r
	[ "$output" = require ]
	complete_words banks --width 1
	[ "$output" = 16 ]
}

@test "completion: files after -o and occupancy --kernel" {
	cd "$BATS_TEST_TMPDIR"
	touch result-a.csv result-b.csv kernel.cubin
	complete_words -o res
	[ "$output" = "$(printf 'result-a.csv\nresult-b.csv')" ]
	complete_words --output result-a
	[ "$output" = result-a.csv ]
	complete_words occupancy --kernel ker
	[ "$output" = kernel.cubin ]
}

@test "completion: diff's operands are files; --reps offers auto" {
	cd "$BATS_TEST_TMPDIR"
	touch before.csv before.json after.csv
	complete_words diff bef
	[ "$output" = "$(printf 'before.csv\nbefore.json')" ]
	complete_words diff --threshold 5 before.csv af
	[ "$output" = after.csv ]
	complete_words diff --fail-on ""
	[ "$output" = worse ]
	complete_words bandwidth --reps a
	[ "$output" = auto ]
	complete_words pcie --reps ""
	[ "$output" = auto ]
	complete_words bandwidth bef
	[ -z "$output" ]
}

@test "completion: nothing after an option that takes a free value" {
	complete_words bandwidth --size ""
	[ -z "$output" ]
	complete_words --device ""
	[ -z "$output" ]
}

@test "completion: the gpuperf on the command line answers, not the one on PATH" {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\necho wrong\n' >"$BATS_TEST_TMPDIR/bin/gpuperf"
	chmod +x "$BATS_TEST_TMPDIR/bin/gpuperf"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH
	complete_words bank
	[ "$output" = banks ]
}
