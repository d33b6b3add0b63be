/*
 * gpuperf pcie's plan: which transfers the options ask for, in output
 * order.  Apart from cli/cmd-pcie.c so unit tests link it without the
 * option parser.
 */
#include <stdlib.h>
#include <string.h>
#include "cli/cmd-pcie.h"
#include "util/error.h"

void pcie_opts_init(struct pcie_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->dirs = (1u << PCIE_NDIRS) - 1;
	o->mems = 1u << PCIE_PAGEABLE | 1u << PCIE_PINNED | 1u << PCIE_WC;
	o->reps = PCIE_DEFAULT_REPS;
	o->warmup = PCIE_DEFAULT_WARMUP;
	o->bind = 1;
}

void pcie_opts_free(struct pcie_opts *o)
{
	u64_list_free(&o->sizes);
}

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
	p->bind = o->bind;
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

void pcie_plan_free(struct pcie_plan *p)
{
	free(p->jobs);
	p->jobs = NULL;
	p->njobs = 0;
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
