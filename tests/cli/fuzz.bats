#!/usr/bin/env bats
# A short libFuzzer run of each fuzz target (make fuzz runs them longer):
# the option parsers, the cubin reader and its line tables, the JSON writer,
# and diff's readers.
# Skipped where clang cannot build libFuzzer targets.
#
# Each run is the same every time: a fixed number of inputs (-runs), a
# fixed seed, the checked-in corpus (tests/fuzz/corpus*, where every
# crash, leak or timeout a fuzzer found is kept), a fresh output corpus,
# and nothing that follows addresses: the address space laid out the same
# (setarch -R: with ASLR two runs of parse-fuzz ended on 887 and 902
# features), the same command line and environment wherever the clone is
# (they move the stack: json-fuzz ended on 3203 or 3206 by the length of
# an environment variable), and no mutation from the values of traced
# comparisons (-use_cmp=0: pointers among them; make fuzz keeps them for
# its longer runs).  What a run finds is written under
# build/fuzz/artifacts/, never into the work tree.

ROOT=$BATS_TEST_DIRNAME/../..

setup_file() {
	printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' \
		> "$BATS_FILE_TMPDIR/probe.c"
	if command -v clang >/dev/null &&
	   clang -fsanitize=fuzzer "$BATS_FILE_TMPDIR/probe.c" -o "$BATS_FILE_TMPDIR/probe" 2>/dev/null; then
		export HAVE_LIBFUZZER=1
	fi
	# ASLR off for the fuzzer alone, where the system lets a process ask
	if setarch "$(uname -m)" -R true 2>/dev/null; then
		export NO_ASLR="$(command -v setarch) $(uname -m) -R"
	fi
}

# fuzz TARGET MAX_LEN CORPUS RUNS: one run of RUNS inputs, its last lines shown;
# from the repository's root, every path relative, in an empty environment: the
# command line and the environment are the same wherever the clone is and whoever
# runs it (the layout of the stack follows them).
fuzz() {
	[ "${HAVE_LIBFUZZER:-0}" = 1 ] || skip "clang with libFuzzer is not installed"
	cd "$ROOT"
	make -s "build/fuzz/$1" >/dev/null
	rm -rf "build/fuzz/short/$1"
	mkdir -p "build/fuzz/short/$1" build/fuzz/artifacts
	run env -i ${NO_ASLR:-} "build/fuzz/$1" -seed=1 -runs="$4" -reload=0 -use_cmp=0 -close_fd_mask=2 \
		-max_len="$2" -artifact_prefix="build/fuzz/artifacts/$1-" "build/fuzz/short/$1" \
		"tests/fuzz/$3"
	echo "$output" | tail -n 5
}

fuzz_briefly() {
	fuzz "$@"
	[ "$status" -eq 0 ]
	[[ "$output" == *"Done $4 runs in "* ]]
}

@test "fuzz: option-value parsers and architecture names, 200000 inputs" {
	fuzz_briefly parse-fuzz 256 corpus-parse 200000
}

@test "fuzz: cubin/fatbin/ELF reader, 50000 inputs" {
	fuzz_briefly cubin-fuzz 65536 corpus 50000
}

@test "fuzz: the SASS line-table reader, 20000 inputs" {
	fuzz_briefly lines-fuzz 65536 corpus-lines 20000
}

@test "fuzz: profile record decoder, 50000 inputs" {
	fuzz_briefly record-fuzz 4096 corpus-record 50000
}

@test "fuzz: JSON writer, every output parses (strict checker), 30000 inputs" {
	fuzz_briefly json-fuzz 4096 corpus-json 30000
}

@test "fuzz: diff's CSV and JSON readers, each input compared with itself, 10000 inputs" {
	fuzz_briefly diff-fuzz 8192 corpus-diff 10000
}

@test "fuzz: two runs of one target end the same (coverage, features, corpus)" {
	[ -n "${NO_ASLR:-}" ] || skip "setarch -R cannot turn ASLR off here"
	fuzz parse-fuzz 256 corpus-parse 50000
	first=$(grep -o 'DONE .*lim: [0-9]*' <<<"$output")
	[ -n "$first" ]
	fuzz parse-fuzz 256 corpus-parse 50000
	second=$(grep -o 'DONE .*lim: [0-9]*' <<<"$output")
	[ "$first" = "$second" ]
}

@test "fuzz: the diff readers' leak on two quote characters stays in the corpus, and passes" {
	[ "${HAVE_LIBFUZZER:-0}" = 1 ] || skip "clang with libFuzzer is not installed"
	[ "$(cat "$ROOT/tests/fuzz/corpus-diff/leak-two-quotes")" = '""' ]
	make -s -C "$ROOT" build/fuzz/diff-fuzz >/dev/null
	run "$ROOT/build/fuzz/diff-fuzz" -close_fd_mask=2 "$ROOT/tests/fuzz/corpus-diff/leak-two-quotes"
	[ "$status" -eq 0 ]
}
