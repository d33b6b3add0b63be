/*
 * libFuzzer target for the cubin/fatbin/ELF reader (occupancy/cubin.c).
 *
 *   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -I. -D_GNU_SOURCE \
 *         tests/fuzz/cubin-fuzz.c occupancy/cubin.c results/cubin.c arch/arch.c -ldl -o build/cubin-fuzz
 *   build/cubin-fuzz -max_len=65536 build/fuzz-corpus tests/fuzz/corpus
 *
 * (the first corpus directory receives new inputs; tests/fuzz/corpus is
 * the seed: small cubins, fatbins and host objects nvcc made from
 * tests/fuzz/seed.cu).  Any crash, leak, hang or sanitizer report is a bug.
 * With libzstd.so.1 installed, compressed entries reach the decompressor too.
 */
#include <stddef.h>
#include <stdint.h>
#include "occupancy/cubin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cubin_set set = { 0 };
	char err[256];

	cubin_read_buffer(data, size, &set, err, sizeof(err));
	for (size_t i = 0; i < set.n; i++)
		if (!set.k[i].name)
			__builtin_trap();
	cubin_set_free(&set);
	return 0;
}
