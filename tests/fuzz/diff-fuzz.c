/*
 * libFuzzer target for gpuperf diff's readers (diff/read.c, diff/csv.c,
 * diff/json.c): any bytes are read as a file; what reads as gpuperf output
 * is then compared with itself (diff/compare.c), which must find every
 * figure the same or unreliable, nothing worse, better, new or gone.
 * The same bytes go to gpuperf roofline's cache reader
 * (results/roofline-cache.h), whose every accepted file must write back
 * as a file that reads the same.
 * Built and run by `make fuzz` and briefly by tests/cli/fuzz.bats.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diff/compare.h"
#include "diff/read.h"
#include "results/roofline-cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A cache file that reads writes back to one that reads the same. */
static void cache_roundtrip(const char *text, size_t size)
{
	struct roof_cache c, back;
	char err[256], *out = NULL;
	size_t len = 0;
	FILE *f;

	if (roof_cache_parse(text, size, &c, err, sizeof(err)))
		return;
	f = open_memstream(&out, &len);
	roof_cache_write(&c, f);
	fclose(f);
	if (roof_cache_parse(out, len, &back, err, sizeof(err)) || strcmp(c.uuid, back.uuid) ||
	    c.driver_version != back.driver_version ||
	    memcmp(c.value, back.value, sizeof(c.value)) != 0) {
		fprintf(stderr, "a cache file did not read back the same: %s\n%s", err, out);
		abort();
	}
	free(out);
}

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
	cache_roundtrip(text, size);
	free(text);
	return 0;
}
