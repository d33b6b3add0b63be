/* Profile record streams for the analysis' unit tests (profile-records.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/unit/profile-records.h"

const struct prof_opts prec_defaults = { PROF_SORT_TIME, 0, NULL, NULL, 0 };

static char stream[1 << 20];

void prec_add(const char *fmt, ...)
{
	va_list ap;
	size_t n = strlen(stream);

	va_start(ap, fmt);
	vsnprintf(stream + n, sizeof(stream) - n, fmt, ap);
	va_end(ap);
}

void prec_begin(void)
{
	stream[0] = '\0';
	prec_add("gpuperf-profile v=1 pid=%d\n", PREC_PID);
	prec_add("device pid=%d dev=0 cc=9.0 sms=%d mem_clock_khz=2619000 bus_bits=5120 "
		 "name=NVIDIA%%20H100%%2080GB%%20HBM3 chip=GH100\n", PREC_PID, SMS);
}

/* A launch record's start: its configuration, and the chip's peaks as every launch on the H100 reads them. */
static void launch_head(const char *kernel, unsigned grid, unsigned block, int regs)
{
	prec_add("launch pid=%d dev=0 kernel=%s api=cuLaunchKernel corr=1 grid=%u,1,1 "
		 "block=%u,1,1 cluster=0,0,0 dyn_smem=0 static_smem=0 local_bytes=0 regs=%d "
		 "carveout=-1", PREC_PID, kernel, grid, block, regs);
	prec_add(" c.ffma_peak_per_cycle=%.17g c.dfma_peak_per_cycle=%.17g "
		 "c.hfma_peak_per_cycle=%.17g c.sm_clock_hz=%.17g c.dram_peak_bytes_per_s=%.17g "
		 "c.l2_peak_bytes_per_s=%.17g c.l1_peak_bytes_per_s=%.17g", FFMA_PEAK, DFMA_PEAK,
		 HFMA_PEAK, CLOCK, DRAM_ROOF, L2_ROOF, L1_ROOF);
}

void prec_launch(const char *kernel, unsigned grid, unsigned block, int regs, ...)
{
	va_list ap;
	const char *kv;

	launch_head(kernel, grid, block, regs);
	va_start(ap, regs);
	while ((kv = va_arg(ap, const char *)))
		prec_add(" c.%s", kv);
	va_end(ap);
	prec_add("\n");
}

void prec_launch_counts(const char *kernel, unsigned grid, unsigned block, int regs,
			const char *counts)
{
	prec_launch_set(NULL, kernel, grid, block, regs, counts);
}

void prec_launch_set(const char *set, const char *kernel, unsigned grid, unsigned block, int regs,
		     const char *counts)
{
	const char *p = counts;

	launch_head(kernel, grid, block, regs);
	if (set)
		prec_add(" set=%s", set);
	while (*p) {
		size_t n = strcspn(p, " ");
		if (n)
			prec_add(" c.%.*s", (int)n, p);
		p += n + (p[n] == ' ');
	}
	prec_add("\n");
}

void prec_end(void)
{
	prec_add("end pid=%d launches=1 profiled=1 dropped=0 off=0\n", PREC_PID);
}

int prec_analyze(struct prof_analysis *a, const struct prof_opts *o)
{
	struct prof_records rs = { 0 };
	char *err = NULL;
	int rc = prof_decode(stream, strlen(stream), &rs, &err);

	if (rc)
		printf("# decode: %s\n", err);
	free(err);
	rc |= prof_analyze(&rs, o, a);
	prof_records_free(&rs);
	return rc;
}

const struct prof_kernel *prec_find(const struct prof_analysis *a, const char *name)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->k[i].short_name, name))
			return &a->k[i];
	return NULL;
}
