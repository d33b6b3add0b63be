#!/usr/bin/env bats
# A short libFuzzer run of each fuzz target (make fuzz runs them longer):
# the option parsers, the cubin reader, the JSON writer, and diff's readers.
# Skipped where clang cannot build libFuzzer targets.

ROOT=$BATS_TEST_DIRNAME/../..

setup_file() {
	printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' \
		> "$BATS_FILE_TMPDIR/probe.c"
	if command -v clang >/dev/null &&
	   clang -fsanitize=fuzzer "$BATS_FILE_TMPDIR/probe.c" -o "$BATS_FILE_TMPDIR/probe" 2>/dev/null; then
		export HAVE_LIBFUZZER=1
	fi
}

fuzz_briefly() {
	[ "${HAVE_LIBFUZZER:-0}" = 1 ] || skip "clang with libFuzzer is not installed"
	make -s -C "$ROOT" "build/fuzz/$1" >/dev/null
	mkdir -p "$BATS_TEST_TMPDIR/corpus"
	run "$ROOT/build/fuzz/$1" -close_fd_mask=2 -max_total_time=10 -max_len="$2" \
		"$BATS_TEST_TMPDIR/corpus" "$ROOT/tests/fuzz/$3"
	echo "$output" | tail -n 5
	[ "$status" -eq 0 ]
	[[ "$output" == *"Done "*" runs in "* ]]
}

@test "fuzz: option-value parsers and architecture names, 10 s" {
	fuzz_briefly parse-fuzz 256 corpus-parse
}

@test "fuzz: cubin/fatbin/ELF reader, 10 s" {
	fuzz_briefly cubin-fuzz 65536 corpus
}

@test "fuzz: profile record decoder, 10 s" {
	fuzz_briefly record-fuzz 4096 corpus-record
}

@test "fuzz: JSON writer, every output parses (strict checker), 10 s" {
	fuzz_briefly json-fuzz 4096 corpus-json
}

@test "fuzz: diff's CSV and JSON readers, each input compared with itself, 10 s" {
	fuzz_briefly diff-fuzz 8192 corpus-diff
}
