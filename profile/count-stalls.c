/* profile --count-stalls' run: profile/count-stalls.h says what. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "profile/count-stalls.h"
#include "profile/stalls.h"
#include "util/error.h"

/* Whether r is a sampled launch that caught samples. */
static int sampled(const struct prof_rec *r)
{
	return r->type == PROF_LAUNCH && r->stall_samples && r->kernel;
}

/* The most sampled launch of kernel in rs, from index i on (i its first). */
static const struct prof_rec *most_sampled(const struct prof_records *rs, size_t i)
{
	const struct prof_rec *best = &rs->v[i];

	for (size_t j = i + 1; j < rs->n; j++)
		if (sampled(&rs->v[j]) && !strcmp(rs->v[j].kernel, best->kernel) &&
		    rs->v[j].stall_samples > best->stall_samples)
			best = &rs->v[j];
	return best;
}

/* Whether a sampled launch of kernel comes before index i. */
static int seen_before(const struct prof_records *rs, size_t i, const char *kernel)
{
	int seen = 0;

	for (size_t j = 0; j < i; j++)
		seen |= sampled(&rs->v[j]) && !strcmp(rs->v[j].kernel, kernel);
	return seen;
}

char *prof_count_at(const struct prof_records *rs)
{
	char *out = NULL;

	for (size_t i = 0; i < rs->n; i++) {
		const struct prof_rec *r;
		char *t;

		if (!sampled(&rs->v[i]) || seen_before(rs, i, rs->v[i].kernel))
			continue;
		r = most_sampled(rs, i);
		t = gp_xasprintf("%s%s%llu:%s", out ? out : "", out ? " " : "", r->nth, r->kernel);
		free(out);
		out = t;
	}
	return out;
}

/* Whether r counted warp states: one of their counters read. */
static int counted(const struct prof_rec *r)
{
	size_t n;
	const enum ctr_id *ids = prof_stall_counters(&n);
	int any = 0;

	for (size_t i = 0; i < n; i++)
		any |= !isnan(r->ctr[ids[i]]);
	return any;
}

/* rs's sampled launch to give r's counts: same kernel, device and number, none yet. */
static struct prof_rec *target(struct prof_records *rs, const struct prof_rec *r)
{
	for (size_t i = 0; i < rs->n; i++) {
		struct prof_rec *t = &rs->v[i];

		if (sampled(t) && !t->warps_counted && t->dev == r->dev && t->nth == r->nth &&
		    !strcmp(t->kernel, r->kernel))
			return t;
	}
	return NULL;
}

size_t prof_count_merge(struct prof_records *rs, const struct prof_records *run)
{
	size_t n = 0;

	for (size_t i = 0; i < run->n; i++) {
		const struct prof_rec *r = &run->v[i];
		struct prof_rec *t;

		if (r->type != PROF_LAUNCH || !r->kernel || !counted(r) || !(t = target(rs, r)))
			continue;
		for (int s = 0; s < PS_N; s++) {
			enum ctr_id c = prof_stall_counter((enum prof_stall)s);

			t->warps[s] = c != CTR_COUNT && !isnan(r->ctr[c]) ? r->ctr[c] : 0;
		}
		t->warps_counted = 1;
		n++;
	}
	return n;
}
