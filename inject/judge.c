/*
 * A counted launch judged inside the program, as gpuperf will judge it
 * afterwards (profile/analyze.c, one room for judging): what the library
 * does next depends on the verdict.  The kernel with the most time at
 * stake in a memory or bank verdict gets a launch patched to count its
 * instructions (sass.c); one judged latency-bound or underfilled gets a
 * launch PC-sampled, so its verdict says what the warps wait on
 * (pcsample.c).  The judging sees this launch alone, with the chip's
 * theoretical ceilings (the report may use measured ones).
 */
#include "inject/inject.h"
#include "profile/analyze.h"
#include "profile/bound.h"
#include "util/error.h"

void inj_judge(const struct prof_rec *launch, struct inj_kernel *k)
{
	const struct prof_rec *dev = inj_device_of(launch->dev);
	struct prof_rec v[3];
	struct prof_records rs = { v, 3, 3 };
	struct prof_opts o = { 0 };
	struct prof_analysis a;
	int sample = inj_pcs_on() && inj_pcs_judged();

	if ((!inj_sass_open() && !sample) || !dev)
		return;
	prof_rec_init(&v[0], PROF_HELLO, inj.pid);
	v[0].version = PROF_FORMAT_VERSION;
	v[1] = *dev;
	if (!v[1].chip) {   /* its first launch went unprofiled: counters came later */
		struct gp_device d = { .index = launch->dev };

		v[1].chip = (char *)ctr_chip_name(&d);
	}
	v[2] = *launch;
	if (prof_analyze(&rs, &o, &a))
		return;
	if (a.n == 1) {
		const struct prof_kernel *pk = &a.k[0];

		inj_sass_consider(pk, launch);
		if (sample && prof_bound_waits(pk->bound.kind)) {
			inj_kernel_wants_samples(k);
			gp_debug("PC sampling: %s is judged %s: a launch of it is to be sampled",
				 pk->short_name, pk->bound.kind == PB_LATENCY ? "latency-bound" :
				 "underfilled");
		}
	}
	prof_analysis_free(&a);
}
