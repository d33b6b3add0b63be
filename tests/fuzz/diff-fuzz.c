/*
 * libFuzzer target for gpuperf diff's readers (judge/read.c, report/read-csv.c,
 * report/read-json.c): any bytes are read as a file; what reads as gpuperf output
 * is then compared with itself (judge/compare.c), which must find every
 * figure the same or unreliable, nothing worse, better, new or gone.
 * The same bytes go to gpuperf roofline's cache reader
 * (results/roofline-cache.h), whose every accepted file must write back
 * as a file that reads the same.
 * The same bytes go to gpuperf fleet's reader (judge/fleet.h: the
 * splitter of concatenated documents and check's records), whose every
 * accepted input must judge consistently.
 * Built and run by `make fuzz` and briefly by tests/cli/fuzz.bats.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "judge/compare.h"
#include "judge/fleet.h"
#include "judge/read.h"
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

/* What fleet accepts judges consistently: a slow figure is past the threshold, the counts add up. */
static void fleet_check(const char *text, size_t size)
{
	struct fleet f = { 0 };
	size_t slow = 0, nodes = 0;

	if (fleet_parse(&f, "fuzz", text, size) || fleet_judge(&f, FLEET_THRESHOLD_PCT)) {
		fleet_free(&f);
		return;
	}
	for (size_t j = 0; j < f.n; j++) {
		const struct fleet_gpu *g = &f.gpus[j];
		int any = 0;

		for (size_t i = 0; i < FLEET_NFIGURES; i++) {
			int is_slow = g->verdict[i] == FLEET_FIG_SLOW;
			if (is_slow && !(g->below_pct[i] > FLEET_THRESHOLD_PCT)) {
				fprintf(stderr, "a figure %g %% below is slow\n", g->below_pct[i]);
				abort();
			}
			any |= is_slow;
		}
		if (any != g->slow || (g->no_gpu && g->sku != -1) || g->node < 0 ||
		    (size_t)g->node >= f.nnodes) {
			fprintf(stderr, "a GPU judged inconsistently\n");
			abort();
		}
		slow += g->slow;
	}
	for (int v = 0; v < FLEET_NNODE_VERDICTS; v++)
		nodes += f.count[v];
	if (slow != f.nslow || nodes != f.nnodes || !f.ndocs) {
		fprintf(stderr, "fleet's counts do not add up\n");
		abort();
	}
	fleet_free(&f);
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
	fleet_check(text, size);
	free(text);
	return 0;
}
