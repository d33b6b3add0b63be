/*
 * The counters interface: modes, the once-per-process warning, and sets
 * of logical counters read through counters/cupti.c.
 *
 * Unavailable counters never stop a measurement unless --counters=require
 * asked for them: the probe gets a NULL set (or NAN values) and prints
 * empty columns, and the user reads once on stderr why and what to do.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/error.h"
#include "counters/counters.h"
#include "counters/cupti.h"
#include "counters/metrics.h"
#include "counters/reason.h"

struct ctr_set {
	enum counters_mode mode;
	int dev;
	size_t n;
	const char **metrics;      /* per id; NULL where the chip has none */
	unsigned char *valid;      /* per id: CUPTI accepted the metric */
	struct cupti_config *cfg;
	double *values;            /* nranges rows of n */
	size_t nranges;
	size_t dropped;            /* launches recorded without counters */
	int dead;                  /* profiling failed in AUTO mode: all NAN */
	int open;                  /* between begin and end */
	size_t ranges;             /* launches one bracket can record */
	int bracketed;             /* ranges are push..pop, not launches */
};

static int warned;

/* AUTO: warn once and go on without; REQUIRE: exit 4. */
static int unavailable(enum counters_mode mode, const char *reason)
{
	if (mode == COUNTERS_REQUIRE)
		return gp_error(GP_EXIT_NOCOUNTERS, "hardware counters unavailable: %s", reason);
	if (!warned) {
		warned = 1;
		gp_warn("hardware counters unavailable: %s", reason);
	}
	return 0;
}

/* Profiling broke after the set was open: the set reads NAN from now on. */
static int failed(struct ctr_set *cs, char *reason)
{
	int rc = unavailable(cs->mode, reason);

	free(reason);
	cs->dead = 1;
	cs->open = 0;
	return rc;
}

const char *ctr_unavailable_reason(const struct gp_device *dev)
{
	if (!dev)
		return "no device; counters need a GPU";
	return cupti_device_check(dev->index);
}

const char *ctr_chip_name(const struct gp_device *dev)
{
	if (ctr_unavailable_reason(dev))
		return NULL;
	return cupti_device_chip(dev->index);
}

int ctr_open(const struct gp_device *dev, enum counters_mode mode,
	     const enum ctr_id *ids, size_t n, struct ctr_set **out)
{
	struct ctr_set *cs;
	const char *reason, *chip;
	char *why = NULL;
	size_t nvalid = 0;
	int rc;

	*out = NULL;
	if (mode == COUNTERS_OFF || n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!ctr_name(ids[i]))
			return gp_error(GP_EXIT_FAIL, "counters: no counter with id %d",
					(int)ids[i]);
	if ((reason = ctr_unavailable_reason(dev)))
		return unavailable(mode, reason);
	chip = cupti_device_chip(dev->index);

	cs = gp_xcalloc(1, sizeof(*cs));
	cs->mode = mode;
	cs->dev = dev->index;
	cs->n = n;
	cs->metrics = gp_xcalloc(n, sizeof(*cs->metrics));
	cs->valid = gp_xcalloc(n, 1);
	for (size_t i = 0; i < n; i++)
		cs->metrics[i] = ctr_metric(ids[i], chip);
	cs->cfg = cupti_config_new(chip, dev->index, cs->metrics, n, cs->valid, &why);
	if (!cs->cfg)
		goto unavailable;
	for (size_t i = 0; i < n; i++)
		if (cs->valid[i])
			nvalid++;
		else
			gp_debug("counters: %s has no %s counter; it reads as missing",
				 chip, ctr_name(ids[i]));
	if (!nvalid) {
		why = ctr_reason_nometrics(chip);
		goto unavailable;
	}
	*out = cs;
	return 0;
unavailable:
	rc = unavailable(mode, why);
	free(why);
	ctr_close(cs);
	return rc;
}

int ctr_begin(struct ctr_set *cs)
{
	char *why;

	if (!cs || cs->dead)
		return 0;
	if (cs->open)
		return gp_error(GP_EXIT_FAIL, "counters: ctr_begin twice without ctr_end");
	if (cupti_config_begin(cs->cfg, cs->ranges ? cs->ranges : CTR_MAX_RANGES, cs->bracketed,
			       &why))
		return failed(cs, why);
	cs->open = 1;
	return 0;
}

int ctr_end(struct ctr_set *cs)
{
	double *vals;
	size_t nr, dropped;
	char *why;
	int rc;

	if (!cs || cs->dead)
		return 0;
	if (!cs->open)
		return gp_error(GP_EXIT_FAIL, "counters: ctr_end without ctr_begin");
	cs->open = 0;
	rc = cupti_config_end(cs->cfg, &vals, &nr, &dropped, &why);
	if (rc == CUPTI_END_KERNEL_FAILED) {
		/* Not the counters' fault: the probe's own check will say more. */
		gp_error(GP_EXIT_FAIL, "%s", why);
		free(why);
		cs->dead = 1;
		return GP_EXIT_FAIL;
	}
	if (rc)
		return failed(cs, why);
	if (nr) {
		cs->values = gp_xrealloc(cs->values, (cs->nranges + nr) * cs->n * sizeof(double));
		memcpy(cs->values + cs->nranges * cs->n, vals, nr * cs->n * sizeof(double));
		cs->nranges += nr;
	}
	free(vals);
	if (dropped) {
		cs->dropped += dropped;
		gp_warn("counters: %zu kernel launches beyond the %zu one measurement can "
			"record have no counter values", dropped, cs->ranges ? cs->ranges : CTR_MAX_RANGES);
	}
	return 0;
}

char *ctr_timing(const struct ctr_set *cs, char *buf, size_t len)
{
	const struct cupti_timing *t = cs && cs->cfg ? cupti_config_timing(cs->cfg) : NULL;

	if (!t || !len)
		return NULL;
	return cupti_timing_text(t, buf, len);
}

size_t ctr_passes(const struct ctr_set *cs)
{
	return cs && cs->cfg ? cupti_config_passes(cs->cfg) : 0;
}

void ctr_one_launch_at_a_time(struct ctr_set *cs, size_t ranges)
{
	if (!cs)
		return;
	cs->ranges = ranges ? ranges : 1;
	cupti_config_keep(cs->cfg);
}

void ctr_expect_ranges(struct ctr_set *cs, size_t n)
{
	if (cs && n)
		cs->ranges = n < CTR_MAX_RANGES ? n : CTR_MAX_RANGES;
}

void ctr_bracketed_ranges(struct ctr_set *cs)
{
	if (cs)
		cs->bracketed = 1;
}

/* push or pop: only inside a bracket of a bracketed set; a failure kills the set */
static int range_mark(struct ctr_set *cs, int push)
{
	char *why;

	if (!cs || cs->dead)
		return 0;
	if (!cs->open || !cs->bracketed)
		return gp_error(GP_EXIT_FAIL, "counters: a range %s outside ctr_begin..ctr_end "
				"of a bracketed set", push ? "push" : "pop");
	/* on failure the session stays open until ctr_close ends it */
	if ((push ? cupti_range_push : cupti_range_pop)(cs->cfg, &why))
		return failed(cs, why);
	return 0;
}

int ctr_range_push(struct ctr_set *cs)
{
	return range_mark(cs, 1);
}

int ctr_range_pop(struct ctr_set *cs)
{
	return range_mark(cs, 0);
}

size_t ctr_nranges(const struct ctr_set *cs)
{
	return cs ? cs->nranges : 0;
}

int ctr_dead(const struct ctr_set *cs)
{
	return cs && cs->dead;
}

int ctr_read(const struct ctr_set *cs, size_t range, double *values)
{
	if (!cs)
		return gp_error(GP_EXIT_FAIL, "counters: ctr_read on a set that was never opened");
	for (size_t i = 0; i < cs->n; i++)
		values[i] = NAN;
	if (range < cs->nranges) {
		memcpy(values, cs->values + range * cs->n, cs->n * sizeof(double));
		return 0;
	}
	/* Failed or dropped: already said on stderr; the columns stay empty. */
	if (cs->dead || range < cs->nranges + cs->dropped)
		return 0;
	return gp_error(GP_EXIT_FAIL, "counters: no range %zu; %zu kernel launches were recorded",
			range, cs->nranges);
}

void ctr_close(struct ctr_set *cs)
{
	if (!cs)
		return;
	cupti_config_free(cs->cfg);
	free(cs->metrics);
	free(cs->valid);
	free(cs->values);
	free(cs);
}
