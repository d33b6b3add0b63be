#!/usr/bin/env bats
# The architecture's rules, checked on the source: pure code stays free of
# CUDA, probes and the GPU layer never print results, and only cli/ exits.

ROOT=$BATS_TEST_DIRNAME/../..

@test "pure modules include no CUDA or CUPTI header" {
	run grep -lE '#include *<(cuda|cupti|nvperf|cuda_runtime)' \
		"$ROOT"/util/*.[ch] "$ROOT"/report/*.[ch] "$ROOT"/model/*.[ch] \
		"$ROOT"/occupancy/*.[ch] "$ROOT"/arch/*.[ch]
	[ -z "$output" ] || { echo "CUDA in pure code: $output"; return 1; }
}

@test "probes, the GPU layer and counters never write to stdout" {
	run grep -nE '(^|[^sfn])printf\(|puts\(|putchar\(|\bstdout\b' \
		"$ROOT"/probes/*.c "$ROOT"/gpu/*.c "$ROOT"/counters/*.c "$ROOT"/model/*.c \
		"$ROOT"/occupancy/*.c "$ROOT"/arch/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
}

@test "only cli/ exits (and the out-of-memory path of the allocator)" {
	run grep -nE '\b(exit|_exit|abort)\(' "$ROOT"/probes/*.c "$ROOT"/gpu/*.c \
		"$ROOT"/counters/*.c "$ROOT"/model/*.c "$ROOT"/occupancy/*.c "$ROOT"/arch/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
	run grep -nE '\bexit\(' "$ROOT"/util/*.c
	[ "$(wc -l <<<"$output")" -eq 1 ] && [[ "$output" == *"error.c"* ]]
}

@test "host code never launches a kernel itself: <<< >>> only in kernels/*.cu" {
	run grep -lE '<<<' "$ROOT"/cli/*.c "$ROOT"/probes/*.c "$ROOT"/gpu/*.c "$ROOT"/counters/*.c
	[ -z "$output" ] || { echo "$output"; return 1; }
}
