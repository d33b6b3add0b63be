/*
 * libFuzzer target for the profile record decoder (profile/record.h): the
 * bytes a profiled program's injected library left in the record file.
 * Besides crashes, leaks and sanitizer reports, it checks what success
 * promises: every record decoded encodes again, and that text decodes to
 * the same records.  Built and run by `make fuzz` and tests/cli/fuzz.bats.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "profile/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int same(const struct prof_rec *a, const struct prof_rec *b)
{
	for (int i = 0; i < CTR_COUNT; i++)
		if (isnan(a->ctr[i]) != isnan(b->ctr[i]) ||
		    (!isnan(a->ctr[i]) && a->ctr[i] != b->ctr[i]))
			return 0;
	return a->type == b->type && a->pid == b->pid && a->dev == b->dev &&
	       a->launches == b->launches && a->ns == b->ns && a->regs == b->regs &&
	       a->grid.x == b->grid.x && a->block.z == b->block.z &&
	       same_str(a->kernel, b->kernel) && same_str(a->text, b->text) &&
	       same_str(a->name, b->name) && same_str(a->chip, b->chip);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char line[PROF_LINE_MAX];
	struct prof_records rs = { 0 }, again = { 0 };
	char *err = NULL, *text;
	size_t len = 0;
	int rc = prof_decode((const char *)data, size, &rs, &err);

	if (rc && !err)
		abort();   /* a refusal always says why */
	free(err);
	err = NULL;
	text = malloc(rs.n * PROF_LINE_MAX + 1);
	for (size_t i = 0; i < rs.n; i++) {
		int n = prof_encode(&rs.v[i], line, sizeof(line));
		if (n <= 0)
			abort();   /* what was read can be written */
		memcpy(text + len, line, (size_t)n);
		len += (size_t)n;
	}
	if (prof_decode(text, len, &again, &err) || again.n != rs.n)
		abort();
	for (size_t i = 0; i < rs.n; i++)
		if (!same(&rs.v[i], &again.v[i]))
			abort();
	free(err);
	free(text);
	prof_records_free(&rs);
	prof_records_free(&again);
	return 0;
}
