/*
 * libFuzzer target for gpuperf diff's readers (diff/read.c, diff/csv.c,
 * diff/json.c): any bytes are read as a file; what reads as gpuperf output
 * is then compared with itself (diff/compare.c), which must find every
 * figure the same or unreliable, nothing worse, better, new or gone.
 * Built and run by `make fuzz` and briefly by tests/cli/fuzz.bats.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diff/compare.h"
#include "diff/read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct diff_input in;
	struct diff_opts o = { 2.0 };
	struct diff_result res = { 0 };

	memcpy(text, data, size);
	text[size] = '\0';
	if (!diff_parse("fuzz", text, size, &in)) {
		if (diff_files(&in, &in, &o, &res) ||
		    res.count[DIFF_WORSE] + res.count[DIFF_BETTER] + res.count[DIFF_NEW] +
		    res.count[DIFF_GONE] != 0) {
			fprintf(stderr, "a file compared with itself changed\n");
			abort();
		}
		diff_result_free(&res);
		diff_input_free(&in);
	}
	free(text);
	return 0;
}
