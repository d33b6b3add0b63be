/* What a watch summary says about a run's figures (model/trust.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "model/trust.h"

/*
 * Device memory held by others before gpuperf opened the device that
 * counts as another process, where the process list cannot say: any
 * CUDA context holds a few hundred MiB (an H100's about 500), an idle
 * GPU none once reserved memory is left out.  Unlike utilization,
 * which NVML averages over up to a second, memory is freed when a
 * process exits, so a gpuperf run just before leaves no trace.
 */
#define TRUST_OTHERS_MEM (256ll << 20)

static const struct {
	unsigned long long bit;
	const char *machine, *words;
} reasons[] = {
	{ TRUST_REASON_APP_CLOCKS, "app_clocks", "applications clocks" },
	{ TRUST_REASON_SW_POWER, "power_cap", "power cap" },
	{ TRUST_REASON_HW_SLOWDOWN, "hw_slowdown", "hardware slowdown" },
	{ TRUST_REASON_SYNC_BOOST, "sync_boost", "sync boost" },
	{ TRUST_REASON_SW_THERMAL, "sw_thermal", "thermal (software)" },
	{ TRUST_REASON_HW_THERMAL, "hw_thermal", "thermal (hardware)" },
	{ TRUST_REASON_POWER_BRAKE, "power_brake", "power brake" },
	{ TRUST_REASON_DISPLAY, "display_clocks", "display clocks" },
};

void trust_unwatched(struct trust_summary *s, const char *why)
{
	memset(s, 0, sizeof(*s));
	s->modes = (struct trust_modes){ -1, -1, -1, -1, -1, -1 };
	s->mem_before = -1;
	if (why)
		snprintf(s->why, sizeof(s->why), "%s", why);
}

static unsigned min_known(unsigned a, unsigned b)
{
	return !a ? b : !b ? a : a < b ? a : b;
}

static unsigned max_of(unsigned a, unsigned b)
{
	return a > b ? a : b;
}

void trust_merge(struct trust_summary *a, const struct trust_summary *b)
{
	if (!b->watched) {
		if (!a->watched && !a->why[0])
			snprintf(a->why, sizeof(a->why), "%s", b->why);
		return;
	}
	if (!a->watched) {
		*a = *b;
		return;
	}
	a->devices += b->devices;
	a->samples += b->samples;
	a->seconds = a->seconds > b->seconds ? a->seconds : b->seconds;
	/* visible only if every device's list was */
	if (a->procs != b->procs)
		a->procs = a->procs == TRUST_PROCS_UNREAD || b->procs == TRUST_PROCS_UNREAD ?
				   TRUST_PROCS_UNREAD : TRUST_PROCS_HIDDEN;
	for (size_t i = 0; i < b->nothers; i++) {
		int seen = 0;

		for (size_t k = 0; k < a->nothers && k < TRUST_MAX_PROCS; k++)
			seen |= a->others[k].pid == b->others[i].pid;
		if (seen)
			continue;
		if (a->nothers < TRUST_MAX_PROCS && i < TRUST_MAX_PROCS)
			a->others[a->nothers] = b->others[i];
		a->nothers++;
	}
	if (b->mem_before > a->mem_before)
		a->mem_before = b->mem_before;
	a->sm_max_mhz = max_of(a->sm_max_mhz, b->sm_max_mhz);
	a->mem_max_mhz = max_of(a->mem_max_mhz, b->mem_max_mhz);
	a->sm_min_mhz = min_known(a->sm_min_mhz, b->sm_min_mhz);
	a->mem_min_mhz = min_known(a->mem_min_mhz, b->mem_min_mhz);
	a->reasons |= b->reasons;
	a->reasons_read += b->reasons_read;
}

static int held_before(const struct trust_summary *s)
{
	return s->mem_before >= TRUST_OTHERS_MEM;
}

int trust_contended(const struct trust_summary *s)
{
	if (!s->watched)
		return -1;
	if (s->nothers)
		return 1;
	if (s->procs == TRUST_PROCS_VISIBLE)
		return 0;
	return held_before(s) ? 1 : -1;
}

const char *trust_reason_words(unsigned long long mask, int machine, const char *sep,
			       char *buf, size_t n)
{
	size_t len = 0;

	if (!n)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(reasons) / sizeof(reasons[0]) && len < n; i++)
		if (mask & reasons[i].bit)
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? sep : "",
						machine ? reasons[i].machine : reasons[i].words);
	return buf;
}

const char *trust_throttled(const struct trust_summary *s, char *buf, size_t n)
{
	if (!s->watched || !s->reasons_read)
		return NULL;
	if (!(s->reasons & TRUST_REASON_SLOWDOWNS)) {
		snprintf(buf, n, "no");
		return buf;
	}
	return trust_reason_words(s->reasons, 1, "+", buf, n);
}

const char *trust_compute_mode_name(int mode)
{
	switch (mode) {
	case TRUST_COMPUTE_DEFAULT: return "default";
	case TRUST_COMPUTE_EXCLUSIVE_THREAD: return "exclusive thread";
	case TRUST_COMPUTE_PROHIBITED: return "prohibited";
	case TRUST_COMPUTE_EXCLUSIVE_PROCESS: return "exclusive process";
	default: return "unknown";
	}
}

const char *trust_mode_text(int cur, int pending, char *buf, size_t n)
{
	const char *c = cur < 0 ? "unknown" : cur ? "on" : "off";

	if (cur >= 0 && pending >= 0 && pending != cur)
		snprintf(buf, n, "%s (%s after a reset)", c, pending ? "on" : "off");
	else
		snprintf(buf, n, "%s", c);
	return buf;
}

/* "pid 4242 (python, 20.0 GiB), pid 77" for the others seen. */
static void others_text(const struct trust_summary *s, char *buf, size_t n)
{
	size_t len = 0, shown = s->nothers < TRUST_MAX_PROCS ? s->nothers : TRUST_MAX_PROCS;

	buf[0] = '\0';
	for (size_t i = 0; i < shown && i < 3 && len < n; i++) {
		const struct trust_proc *p = &s->others[i];
		char mem[32] = "";

		if (p->mem_bytes)
			snprintf(mem, sizeof(mem), "%s%.1f GiB", p->name[0] ? ", " : "",
				 (double)p->mem_bytes / (1ull << 30));
		len += (size_t)snprintf(buf + len, n - len, "%spid %u", i ? ", " : "", p->pid);
		if (len < n && (p->name[0] || mem[0]))
			len += (size_t)snprintf(buf + len, n - len, " (%s%s)", p->name, mem);
	}
	if (len < n && s->nothers > 3)
		snprintf(buf + len, n - len, " and %zu more", s->nothers - 3);
}

size_t trust_warnings(const struct trust_summary *s, const char *where,
		      char lines[][TRUST_LINE], size_t max)
{
	size_t k = 0;
	char text[192];

	if (!s->watched || !max)
		return 0;
	if (s->nothers && k < max) {
		others_text(s, text, sizeof(text));
		snprintf(lines[k++], TRUST_LINE, "%s: another process used the GPU while gpuperf "
			 "measured (%s): the figures are low and unsteady (rows flagged contended); "
			 "stop it, or rerun on an idle GPU", where, text);
	} else if (s->procs != TRUST_PROCS_VISIBLE && held_before(s) && k < max) {
		snprintf(lines[k++], TRUST_LINE, "%s: %.1f GiB of device memory were in use before "
			 "gpuperf opened the GPU: another process is using it, unseen from here (a "
			 "container hides the process list; rows flagged contended); rerun on an idle GPU",
			 where, (double)s->mem_before / (1ull << 30));
	}
	if ((s->reasons & TRUST_REASON_SLOWDOWNS) && k < max) {
		char clocks[96] = "";

		trust_reason_words(s->reasons, 0, ", ", text, sizeof(text));
		if (s->sm_min_mhz && s->sm_max_mhz)
			snprintf(clocks, sizeof(clocks), "SM clock down to %u of %u MHz, ",
				 s->sm_min_mhz, s->sm_max_mhz);
		snprintf(lines[k++], TRUST_LINE, "%s: clocks were held down while gpuperf measured "
			 "(%s%s; rows flagged throttled): on-chip figures (caches, shared memory) "
			 "are low; check cooling, power limits and applications clocks "
			 "(nvidia-smi -q -d PERFORMANCE)", where, clocks, text);
	}
	if (s->mem_min_mhz && s->mem_max_mhz && s->mem_min_mhz < 0.95 * s->mem_max_mhz && k < max)
		snprintf(lines[k++], TRUST_LINE, "%s: the memory clock ran at %u of %u MHz while "
			 "the GPU was busy: DRAM figures are below what the memory can do", where,
			 s->mem_min_mhz, s->mem_max_mhz);
	if (s->modes.mig == 1 && k < max)
		snprintf(lines[k++], TRUST_LINE, "%s is a MIG slice: SM counts, occupancy and "
			 "bandwidth are the slice's share, not the whole GPU's", where);
	return k;
}

const char *trust_refusal(const struct trust_modes *m, const char *command, char *buf, size_t n)
{
	if (m->compute_mode == TRUST_COMPUTE_PROHIBITED) {
		snprintf(buf, n, "the GPU's compute mode is 'prohibited': no process may run CUDA "
			 "work on it (an administrator sets it back with 'nvidia-smi -c DEFAULT')");
		return buf;
	}
	if (m->mig != 1)
		return NULL;
	if (!strcmp(command, "p2p")) {
		snprintf(buf, n, "the GPU is in MIG mode: its slices cannot copy peer to peer, so "
			 "p2p has nothing to measure; disable MIG ('nvidia-smi -mig 0') to measure "
			 "the links");
		return buf;
	}
	if (!strcmp(command, "bandwidth") || !strcmp(command, "all") || !strcmp(command, "check")) {
		snprintf(buf, n, "the GPU is in MIG mode and this device is a slice: its DRAM "
			 "bandwidth is the slice's share of the memory system, which the driver's "
			 "theoretical peak (the whole GPU's) does not describe, so %s refuses; per "
			 "slice and still measured: coalesce, banks, occupancy and pcie (the slice's "
			 "copy engines only)", command);
		return buf;
	}
	return NULL;
}

double trust_max_cov(const struct trust_row *rows, size_t n, size_t *at)
{
	double max = NAN;

	for (size_t i = 0; i < n; i++)
		if (!isnan(rows[i].cov_pct) && (isnan(max) || rows[i].cov_pct > max)) {
			max = rows[i].cov_pct;
			if (at)
				*at = i;
		}
	return max;
}

const char *trust_stability(const struct trust_row *rows, size_t n,
			    const struct trust_summary *s, char *buf, size_t len)
{
	size_t at = 0, known = 0, used;
	double max = trust_max_cov(rows, n, &at);
	char why[160];

	if (isnan(max))
		return NULL;
	for (size_t i = 0; i < n; i++)
		known += !isnan(rows[i].cov_pct);
	if (max > TRUST_UNSTABLE_COV_PCT)
		used = (size_t)snprintf(buf, len, "stability: unstable: CoV up to %.1f %% (%s), "
					"above %.0f %%: rerun on an idle GPU", max,
					rows[at].label ? rows[at].label : "one figure",
					TRUST_UNSTABLE_COV_PCT);
	else
		used = (size_t)snprintf(buf, len, "stability: stable: CoV at most %.2f %% over %zu "
					"figure%s", max, known, known == 1 ? "" : "s");
	if (s && used < len && trust_contended(s) == 1)
		used += (size_t)snprintf(buf + used, len - used, "; measured beside another process");
	if (s && used < len && trust_throttled(s, why, sizeof(why)) && strcmp(why, "no"))
		snprintf(buf + used, len - used, "; clocks held down (%s)",
			 trust_reason_words(s->reasons, 0, ", ", why, sizeof(why)));
	return buf;
}
