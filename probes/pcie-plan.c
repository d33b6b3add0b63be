/* Pure helpers of the pcie probe: plans, batching, arithmetic.  No CUDA. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/pcie-pattern.h"
#include "probes/pcie.h"
#include "util/error.h"

void pcie_plan_kind_bytes(const struct pcie_plan *plan, enum pcie_mem mem, size_t *a, size_t *b)
{
	*a = *b = 0;
	for (size_t i = 0; i < plan->njobs; i++) {
		const struct pcie_job *j = &plan->jobs[i];
		if (j->mem != mem)
			continue;
		if (j->dir != PCIE_D2H && j->size > *a)
			*a = j->size;
		if (j->dir != PCIE_H2D && j->size > *b)
			*b = j->size;
	}
}

/*
 * A single small copy lasts a few microseconds, close to the event
 * resolution (~0.5 us): batch copies until a repetition moves about
 * 8 MiB, but at most 32 so the queue behind the gate never fills.
 */
int pcie_per_rep(uint64_t size)
{
	const uint64_t target = 8ull << 20;
	uint64_t n;

	if (size == 0)
		return 1;
	n = (target + size - 1) / size;
	return n > 32 ? 32 : (int)n;
}

void pcie_lcg_compose(unsigned iters, uint32_t *a, uint32_t *c)
{
	uint32_t ra = 1, rc = 0;

	/* x' = A (ra x + rc) + C */
	for (unsigned k = 0; k < iters; k++) {
		ra *= PCIE_LCG_A;
		rc = rc * PCIE_LCG_A + PCIE_LCG_C;
	}
	*a = ra;
	*c = rc;
}

static int parse_cpu(const char **s, long *v)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -1;
	errno = 0;
	*v = strtol(*s, &end, 10);
	if (errno || *v < 0)
		return -1;
	*s = end;
	return 0;
}

int pcie_parse_cpulist(const char *s, unsigned char *set, int nbits)
{
	int count = 0;

	memset(set, 0, (size_t)(nbits + 7) / 8);
	if (!*s)
		return -1;
	for (;;) {
		long lo, hi;
		if (parse_cpu(&s, &lo))
			return -1;
		hi = lo;
		if (*s == '-') {
			s++;
			if (parse_cpu(&s, &hi) || hi < lo)
				return -1;
		}
		for (long c = lo; c <= hi && c < nbits; c++)
			if (!(set[c / 8] >> (c % 8) & 1)) {
				set[c / 8] |= (unsigned char)(1u << (c % 8));
				count++;
			}
		if (*s == '\0')
			return count;
		if (*s++ != ',')
			return -1;
	}
}

/* ---- plans from the command's options ---- */

static void add_job(struct pcie_plan *p, enum pcie_dir d, enum pcie_mem m, uint64_t size)
{
	p->jobs = gp_xrealloc(p->jobs, (p->njobs + 1) * sizeof(*p->jobs));
	p->jobs[p->njobs++] = (struct pcie_job){ d, m, size };
}

void pcie_plan_build(const struct pcie_opts *o, struct pcie_plan *p)
{
	static const uint64_t sweep[] = { 4ull << 10, 64ull << 10, 1ull << 20, 16ull << 20 };

	memset(p, 0, sizeof(*p));
	p->reps = o->reps;
	p->warmup = o->warmup;
	p->bind = !o->no_bind;
	p->var = o->var;
	for (int d = 0; d < PCIE_NDIRS; d++)
		for (int m = 0; m < PCIE_NMEMS; m++) {
			if (!(o->dirs >> d & 1) || !(o->mems >> m & 1))
				continue;
			for (size_t i = 0; i < o->sizes.n; i++)
				add_job(p, (enum pcie_dir)d, (enum pcie_mem)m, o->sizes.v[i]);
			if (o->sizes.n)
				continue;
			if (m == PCIE_PINNED && d != PCIE_BIDIR)
				for (size_t i = 0; i < sizeof(sweep) / sizeof(sweep[0]); i++)
					add_job(p, (enum pcie_dir)d, (enum pcie_mem)m, sweep[i]);
			add_job(p, (enum pcie_dir)d, (enum pcie_mem)m, PCIE_DEFAULT_SIZE);
		}
}

uint64_t pcie_plan_host_bytes(const struct pcie_plan *plan)
{
	uint64_t most = 0;

	for (int m = 0; m < PCIE_NMEMS; m++) {
		size_t a, b;
		pcie_plan_kind_bytes(plan, (enum pcie_mem)m, &a, &b);
		if ((uint64_t)a + b > most)
			most = (uint64_t)a + b;
	}
	return most;
}

void pcie_overlap_plan_build(const struct pcie_opts *o, struct pcie_overlap_plan *p)
{
	enum pcie_mem *mems = gp_xcalloc(2, sizeof(*mems));
	uint64_t *sizes = gp_xcalloc(o->sizes.n ? o->sizes.n : 1, sizeof(*sizes));
	size_t nmems = 0;

	/* Pinned unless --memory names only registered. */
	if (!o->mems_given || o->mems >> PCIE_PINNED & 1)
		mems[nmems++] = PCIE_PINNED;
	if (o->mems_given && o->mems >> PCIE_REGISTERED & 1)
		mems[nmems++] = PCIE_REGISTERED;
	for (size_t i = 0; i < o->sizes.n; i++)
		sizes[i] = o->sizes.v[i];
	if (!o->sizes.n)
		sizes[0] = PCIE_DEFAULT_SIZE;
	*p = (struct pcie_overlap_plan){
		.mems = mems,
		.nmems = nmems,
		.sizes = sizes,
		.nsizes = o->sizes.n ? o->sizes.n : 1,
		.chunks = o->chunks ? o->chunks : PCIE_DEFAULT_CHUNKS,
		.streams = o->streams ? o->streams : PCIE_DEFAULT_STREAMS,
		.kernel_us = o->kernel_us,
		.reps = o->reps,
		.warmup = o->warmup,
		.bind = !o->no_bind,
	};
}

/* ---- experiments on pinned transfers ---- */

static const char *const host_names[] = { "driver", "hugetlb", "thp", "small" };

/* "N" with 1 <= N <= max into *out: 0, or -1. */
static int parse_count(const char *text, int max, int *out)
{
	char *end;
	long k = strtol(text, &end, 10);

	if (*end || end == text || k < 1 || k > max)
		return -1;
	*out = (int)k;
	return 0;
}

int pcie_variant_parse(const char *text, struct pcie_variant *v, char *err, size_t n)
{
	char *copy = gp_xstrdup(text ? text : ""), *save = NULL;
	int rc = 0;

	memset(v, 0, sizeof(*v));
	if (n)
		err[0] = '\0';
	for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
		int known = 0;

		for (int h = 0; h < 4; h++)
			if (!strcmp(item, host_names[h])) {
				v->host = h;
				known = 1;
			}
		if (known || !strcmp(item, "default"))
			continue;
		if (!strcmp(item, "bind"))
			v->bind_node = 1;
		else if (!strcmp(item, "nogate"))
			v->nogate = 1;
		else if (!strcmp(item, "nosample"))
			v->nosample = 1;
		else if (!strcmp(item, "malloc"))
			v->pmalloc = 1;
		else if (!strcmp(item, "sync"))
			v->psync = 1;
		else if (!strcmp(item, "legacy"))
			v->plegacy = 1;
		else if (!strcmp(item, "flush"))
			v->pflush = 1;
		else if (!strcmp(item, "lastcpu"))
			v->plastcpu = 1;
		else if (!strncmp(item, "split=", 6))
			rc = parse_count(item + 6, PCIE_MAX_SPLIT, &v->split);
		else if (!strncmp(item, "chunk=", 6))
			rc = parse_count(item + 6, PCIE_MAX_CHUNK_MIB, &v->pchunk_mib);
		else
			rc = -1;
		if (rc && n)
			snprintf(err, n, "%s", item);
	}
	free(copy);
	return rc;
}

const char *pcie_variant_text(const struct pcie_variant *v, char *buf, size_t n)
{
	char split[24] = "", chunk[24] = "";

	if (v->split > 1)
		snprintf(split, sizeof(split), ",split=%d", v->split);
	if (v->pchunk_mib > 0)
		snprintf(chunk, sizeof(chunk), ",chunk=%d", v->pchunk_mib);
	snprintf(buf, n, "%s%s%s%s%s%s%s%s%s%s%s",
		 v->host > 0 && v->host < 4 ? host_names[v->host] : "default",
		 v->bind_node ? ",bind" : "", split, v->nogate ? ",nogate" : "",
		 v->nosample ? ",nosample" : "", v->pmalloc ? ",malloc" : "",
		 v->psync ? ",sync" : "", v->plegacy ? ",legacy" : "", chunk,
		 v->pflush ? ",flush" : "", v->plastcpu ? ",lastcpu" : "");
	return buf;
}

/*
 * smaps lists each mapping as a line "start-end perms offset dev inode
 * path" followed by "Key: value kB" lines; huge pages show as
 * AnonHugePages (transparent) or Private_Hugetlb/Shared_Hugetlb.
 */
unsigned long long pcie_smaps_huge_bytes(FILE *f, uintptr_t addr)
{
	char line[512];
	int inside = 0;
	unsigned long long kb = 0, v;

	while (fgets(line, sizeof(line), f)) {
		unsigned long long lo, hi;
		char key[64], perms[8];

		/* a key never parses as "hex-hex perms": its second character is no '-' */
		if (sscanf(line, "%llx-%llx %7s", &lo, &hi, perms) == 3) {
			if (inside)
				break;  /* the next mapping */
			inside = addr >= lo && addr < hi;
			continue;
		}
		if (inside && sscanf(line, "%63[^:]: %llu kB", key, &v) == 2 &&
		    (!strcmp(key, "AnonHugePages") || !strcmp(key, "Private_Hugetlb") ||
		     !strcmp(key, "Shared_Hugetlb")))
			kb += v;
	}
	return kb * 1024;
}
