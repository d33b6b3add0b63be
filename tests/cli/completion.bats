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

@test "completion: files after -o and occupancy --binary" {
	cd "$BATS_TEST_TMPDIR"
	touch result-a.csv result-b.csv kernel.cubin
	complete_words -o res
	[ "$output" = "$(printf 'result-a.csv\nresult-b.csv')" ]
	complete_words --output result-a
	[ "$output" = result-a.csv ]
	complete_words occupancy --binary ker
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
	complete_words occupancy --threads ""
	[ -z "$output" ]
}

@test "completion: -d and --device offer all" {
	complete_words -d ""
	[ "$output" = all ]
	complete_words --device a
	[ "$output" = all ]
	complete_words bandwidth -d ""
	[ "$output" = all ]
}

@test "completion: --arch sm_8 offers the sm_8x names of the table; --cc the X.Y ones" {
	complete_words occupancy --arch sm_8
	[ "$output" = "$(printf 'sm_80\nsm_86\nsm_87\nsm_88\nsm_89')" ]
	complete_words occupancy --arch sm_12
	[ "$output" = "$(printf 'sm_12\nsm_120\nsm_121')" ]
	complete_words occupancy --cc 9
	[ "$output" = 9.0 ]
}

@test "completion: a name with spaces is one word, typed with a backslash or in quotes" {
	cd "$BATS_TEST_TMPDIR"
	touch "my file.csv" "my other.csv" plain.csv
	complete_words -o 'my\ f'
	[ "$output" = "my file.csv" ]
	[ "${#COMPREPLY[@]}" -eq 1 ]
	complete_words -o '"my o'
	[ "$output" = "my other.csv" ]
	complete_words diff "'my"
	[ "${#COMPREPLY[@]}" -eq 2 ]
	[ "$output" = "$(printf 'my file.csv\nmy other.csv')" ]
}

@test "completion: folders end in /, so the next TAB goes inside" {
	cd "$BATS_TEST_TMPDIR"
	mkdir -p "results/run 1" kernels
	touch results/a.csv kernels/k.cubin
	complete_words -o res
	[ "$output" = results/ ]
	complete_words -o results/
	[ "$output" = "$(printf 'results/a.csv\nresults/run 1/')" ]
	complete_words occupancy --binary ker
	[ "$output" = kernels/ ]
	complete_words diff results/r
	[ "$output" = "results/run 1/" ]
}

@test "completion: after profile --, the program, then its files" {
	cd "$BATS_TEST_TMPDIR"
	unset -f _command_offset  # bash-completion's, where loaded: tested below
	touch script.py
	printf '#!/bin/sh\n' > app
	chmod +x app
	mkdir tools
	complete_words profile -- ech
	[[ "$output" == *echo* ]]
	complete_words profile -- ./a
	[ "$output" = ./app ]
	complete_words profile -- ./t
	[ "$output" = ./tools/ ]
	complete_words profile -- python3 scr
	[ "$output" = script.py ]
	complete_words profile --kernel gemm -- sh -c x ""
	[[ "$output" == *script.py* ]]
	[[ "$output" == *tools/* ]]
	# options after -- are the program's: none of gpuperf's
	complete_words profile -- ./app --c
	[[ "$output" != *--csv* ]]
}

@test "completion: after profile --, bash-completion's completion of the program where loaded" {
	_command_offset() { echo "$1" > "$BATS_TEST_TMPDIR/offset"; COMPREPLY=(from-bash-completion); }
	complete_words profile -k x -- make ""
	[ "$output" = from-bash-completion ]
	# COMP_WORDS: gpuperf profile -k x -- make '': the program is word 5
	[ "$(cat "$BATS_TEST_TMPDIR/offset")" = 5 ]
}

@test "completion: after diff --, files still" {
	cd "$BATS_TEST_TMPDIR"
	touch -- before.csv -odd.csv
	complete_words diff -- -o
	[ "$output" = -odd.csv ]
}

@test "completion: the gpuperf on the command line answers, not the one on PATH" {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	printf '#!/bin/sh\necho wrong\n' >"$BATS_TEST_TMPDIR/bin/gpuperf"
	chmod +x "$BATS_TEST_TMPDIR/bin/gpuperf"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH
	complete_words bank
	[ "$output" = banks ]
}
