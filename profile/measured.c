/* gpuperf roofline's cache, read for gpuperf profile (profile/measured.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "profile/measured.h"
#include "results/roofline-cache.h"
#include "util/cache.h"
#include "util/error.h"

/* The measured roofs of the device of record d into out; left unknown where there are none. */
static void load(const struct prof_rec *d, struct prof_roofs *out)
{
	char *name = roof_cache_name(d->uuid), *path = NULL, *text = NULL, err[256], why[160];
	const char *nowhere = NULL, *mismatch;
	struct roof_cache c;
	size_t len = 0;
	int e = 0;

	if (!name) {
		gp_debug("device %d: no UUID in its record: no measured ceilings looked for", d->dev);
		goto out;
	}
	if (!(path = cache_path(name, &nowhere))) {
		gp_debug("device %d: no measured ceilings: %s", d->dev, nowhere);
		goto out;
	}
	if (!(text = cache_read(path, &len, &e))) {
		if (e != ENOENT)
			gp_warn("cannot read '%s': %s; the roofs of device %d are theoretical", path,
				strerror(e), d->dev);
		goto out;
	}
	if (roof_cache_parse(text, len, &c, err, sizeof(err))) {
		gp_warn("ignoring '%s': %s; run `gpuperf roofline` to measure device %d again", path,
			err, d->dev);
		goto out;
	}
	if ((mismatch = roof_cache_mismatch(&c, d->uuid, d->driver_version, why, sizeof(why)))) {
		gp_note("ignoring '%s': %s; run `gpuperf roofline` to measure device %d again", path,
			mismatch, d->dev);
		goto out;
	}
	prof_roofs_measured(out, c.value);
	gp_debug("device %d: the ceilings gpuperf roofline measured, from '%s'", d->dev, path);
out:
	free(text);
	free(path);
	free(name);
}

/* Devices past this have no measured roofs: a damaged record must not size an array. */
#define MAX_DEVICES 1024

struct prof_roofs *prof_measured_roofs(const struct prof_records *rs, size_t *n)
{
	struct prof_roofs *m;
	unsigned char *seen;
	size_t max = 0;

	*n = 0;
	for (size_t i = 0; i < rs->n; i++)
		if (rs->v[i].type == PROF_DEVICE && rs->v[i].dev < MAX_DEVICES &&
		    (size_t)rs->v[i].dev + 1 > max)
			max = (size_t)rs->v[i].dev + 1;
	if (!max)
		return NULL;
	m = gp_xmalloc(max * sizeof(*m));
	seen = gp_xcalloc(max, 1);
	for (size_t d = 0; d < max; d++)
		prof_roofs_init(&m[d]);
	/* the first record of each device says (analyze.c's device_of does the same) */
	for (size_t i = 0; i < rs->n; i++) {
		const struct prof_rec *d = &rs->v[i];

		if (d->type == PROF_DEVICE && d->dev >= 0 && (size_t)d->dev < max && !seen[d->dev]) {
			seen[d->dev] = 1;
			load(d, &m[d->dev]);
		}
	}
	free(seen);
	*n = max;
	return m;
}
