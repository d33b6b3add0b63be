/*
 * gpuperf pcie: H2D, D2H and simultaneous bidirectional transfers for each
 * memory kind and size of a plan.  Per memory kind the buffers are
 * allocated once at the largest size its jobs need; sources hold a known
 * pattern, destinations are poisoned before the timed repetitions and
 * checked after them, so a wrong or missing transfer is an error, never a
 * number.
 */
#include <stdlib.h>
#include <string.h>
#include "gpu/cuda-check.h"
#include "kernels/kernels.h"
#include "kernels/pcie-pattern.h"
#include "model/pcie.h"
#include "probes/pcie-priv.h"
#include "util/error.h"
#include "util/parse.h"

#define SEED_H2D 0x68326421ull  /* sources of the two directions differ */
#define SEED_D2H 0x64326821ull

/*
 * Buffers of one memory kind: side A moves host->device (h2d, bidir),
 * side B device->host (d2h, bidir).
 */
struct kind_bufs {
	enum pcie_mem mem;
	struct pcie_hostbuf host_a, host_b;
	struct pcie_hostbuf evict;  /* variant flush, pageable: written before each repetition */
	void *dev_a, *dev_b;
	size_t size_a, size_b;
	const struct pcie_variant *var;  /* how pinned host buffers are made */
	int gpu_node;
};

static void kind_free(struct kind_bufs *k)
{
	pcie_host_free(&k->host_a);
	pcie_host_free(&k->host_b);
	pcie_host_free(&k->evict);
	if (k->dev_a)
		(void)cudaFree(k->dev_a);
	if (k->dev_b)
		(void)cudaFree(k->dev_b);
	k->dev_a = k->dev_b = NULL;
}

static int dev_alloc(void **p, size_t size)
{
	char buf[64];
	cudaError_t err = cudaMalloc(p, size ? size : 1);

	if (err == cudaSuccess)
		return 0;
	*p = NULL;
	(void)cudaGetLastError();
	return gp_error(GP_EXIT_FAIL, "cannot allocate %s of device memory: %s",
			format_size(buf, sizeof(buf), size), cudaGetErrorString(err));
}

/* Allocate, fill the sources (once: they are never written again). */
static int kind_alloc(struct kind_bufs *k, struct pcie_timer *t)
{
	int rc;

	if (k->mem == PCIE_PAGEABLE && k->var->pflush && (rc = pcie_evict_alloc(&k->evict)))
		return rc;
	if (k->size_a) {
		if ((rc = pcie_host_alloc_var(&k->host_a, k->mem, k->size_a, k->var, k->gpu_node)) ||
		    (rc = dev_alloc(&k->dev_a, k->size_a)))
			return rc;
		pcie_host_fill(k->host_a.p, k->size_a, SEED_H2D);
	}
	if (k->size_b) {
		if ((rc = pcie_host_alloc_var(&k->host_b, k->mem, k->size_b, k->var, k->gpu_node)) ||
		    (rc = dev_alloc(&k->dev_b, k->size_b)))
			return rc;
		pcie_host_poison(k->host_b.p, k->size_b);
		if ((rc = cuda_check(launch_pcie_fill(k->dev_b, k->size_b, SEED_D2H, t->streams[0]),
				     "fill kernel launch")) ||
		    (rc = cuda_check(cudaStreamSynchronize(t->streams[0]), "fill kernel")))
			return rc;
	}
	return 0;
}

/* The mapped kind moves data with a kernel that sees host memory through its device pointer. */
static void *host_side_ptr(const struct pcie_hostbuf *h)
{
	return h->mem == PCIE_MAPPED ? h->dptr : h->p;
}

static int poison(struct pcie_timer *t, const struct kind_bufs *k, enum pcie_dir dir, size_t size)
{
	int rc;

	if (dir != PCIE_D2H && (rc = pcie_device_poison(t, k->dev_a, size)))
		return rc;
	if (dir != PCIE_H2D)
		pcie_host_poison(k->host_b.p, size);
	return 0;
}

static int verify_failed(enum pcie_dir dir, enum pcie_mem mem, size_t size, uint64_t bad,
			 uint64_t first)
{
	char buf[64];

	return gp_error(GP_EXIT_FAIL,
			"%s %s transfer of %s: %llu wrong bytes/words, the first at byte %llu",
			pcie_dir_names[dir], pcie_mem_names[mem], format_size(buf, sizeof(buf), size),
			(unsigned long long)bad, (unsigned long long)first);
}

/*
 * H2D lands in device memory: checked there.  D2H lands in host memory:
 * checked by the CPU, except write-combined memory, which the CPU reads
 * uncached (slowly): the device reads it back through its mapping instead.
 */
static int verify(struct pcie_timer *t, const struct kind_bufs *k, enum pcie_dir dir, size_t size)
{
	uint64_t bad = 0, first = 0;
	int rc;

	if (dir != PCIE_D2H) {
		if ((rc = pcie_device_check(t, k->dev_a, size, SEED_H2D, &bad, &first)))
			return rc;
		if (bad)
			return verify_failed(PCIE_H2D, k->mem, size, bad, first);
	}
	if (dir != PCIE_H2D) {
		if (k->mem == PCIE_WC) {
			if ((rc = pcie_device_check(t, k->host_b.dptr, size, SEED_D2H, &bad, &first)))
				return rc;
		} else {
			bad = pcie_host_check(k->host_b.p, size, SEED_D2H, &first);
		}
		if (bad)
			return verify_failed(PCIE_D2H, k->mem, size, bad, first);
	}
	return 0;
}

/*
 * Test hook: with GPUPERF_PCIE_CORRUPT set, one byte of every destination
 * is damaged before the check, so a test can show that a wrong transfer
 * fails the run instead of printing a number.
 */
static int corrupt(struct pcie_timer *t, const struct kind_bufs *k, enum pcie_dir dir, size_t size)
{
	const char *env = getenv("GPUPERF_PCIE_CORRUPT");
	size_t off = size / 2;
	unsigned char b = (unsigned char)~(pcie_pattern(off / 8, SEED_H2D) >> (8 * (off % 8)));

	if (!env || !*env)
		return 0;
	if (dir != PCIE_D2H &&
	    (cuda_check(cudaMemcpyAsync((char *)k->dev_a + off, &b, 1, cudaMemcpyHostToDevice,
					t->streams[0]), "corrupt") ||
	     cuda_check(cudaStreamSynchronize(t->streams[0]), "corrupt")))
		return GP_EXIT_FAIL;
	if (dir != PCIE_H2D)
		((unsigned char *)k->host_b.p)[off] ^= 0xff;
	pcie_host_flush();
	return 0;
}

static int rows_of(enum pcie_dir dir)
{
	return dir == PCIE_BIDIR ? 3 : 1;
}

static void set_row(struct pcie_row *r, enum pcie_part part, const struct pcie_job *j,
		    const struct kind_bufs *k, int per_rep, const double *us, int reps)
{
	r->part = part;
	r->mem = j->mem;
	r->size = j->size;
	r->bytes = part == PCIE_PART_BIDIR_SUM ? 2 * j->size : j->size;
	r->per_rep = per_rep;
	r->host_timer = j->mem == PCIE_PAGEABLE;
	stats_compute(us, (size_t)reps, &r->time_us);
	r->host_node = pcie_host_node(part == PCIE_PART_D2H || part == PCIE_PART_BIDIR_D2H
				      ? k->host_b.p : k->host_a.p, j->size);
}

#define PCIE_BIDIR_MIN_COUNT 8

/* Transfers a side made in a repetition: its count and its partial tail. */
static double side_transfers(const struct pcie_side *s, int count)
{
	return (s->count ? s->count : count) + (s->size ? (double)s->tail / (double)s->size : 0);
}

/* The partial tail is cut to whole pages, and only for plain copies. */
#define PCIE_TAIL_ALIGN 4096

/*
 * Both directions at once: the faster one gets more work, so that both
 * run for about the same time and the sum is the throughput while both
 * are busy, not diluted by one direction finishing alone at its
 * single-direction speed.  The work for the next repetition comes from
 * this one's time per transfer on each side (the slower side keeps
 * `count`), so the balance follows the link as it warms up and drifts.
 * Whole transfers alone leave up to half a transfer of imbalance (9 or 10
 * against 8 for a ratio of 1.22, 3 % of the time one side ran alone on the
 * H100, 1.6 % off the sum); a copy's last, partial transfer takes the rest.
 */
static void balance_sides(struct pcie_side *sides, int count, const double *ms)
{
	double per[2];
	int fast, slow;

	for (int i = 0; i < 2; i++)
		per[i] = ms[i] / side_transfers(&sides[i], count);
	fast = per[0] < per[1] ? 0 : 1;
	slow = 1 - fast;
	sides[slow].count = count;
	sides[slow].tail = 0;
	pcie_balance(per[slow], per[fast], count, sides[fast].size, PCIE_TAIL_ALIGN,
		     sides[fast].mem != PCIE_MAPPED && sides[fast].mem != PCIE_PAGEABLE &&
		     sides[fast].split <= 1,
		     &sides[fast].count, &sides[fast].tail);
}

/* Under --reps auto: whether a series of the job (nser of them, cap apart) wants more than n. */
static int wants_more(const double *us, size_t cap, int nser, size_t n)
{
	for (int i = 0; i < nser; i++)
		if (stats_auto_more(us + (size_t)i * cap, n))
			return 1;
	return 0;
}

/* Warm up, time plan->reps repetitions (or --reps auto's), verify, fill the job's rows. */
static int run_job(struct pcie_timer *t, const struct pcie_plan *plan, const struct pcie_job *j,
		   const struct kind_bufs *k, struct pcie_row *rows)
{
	struct pcie_side sides[2];
	int nsides = 0, count = pcie_per_rep(j->size), rc;
	size_t reps = (size_t)(plan->reps ? plan->reps : STATS_AUTO_MAX), n = 0;
	double ms[2], wall, *us;

	if (j->dir != PCIE_D2H)
		sides[nsides++] = (struct pcie_side){ j->mem, k->dev_a, host_side_ptr(&k->host_a),
						      j->size, cudaMemcpyHostToDevice, 0, 0, 0, 0 };
	if (j->dir != PCIE_H2D)
		sides[nsides++] = (struct pcie_side){ j->mem, host_side_ptr(&k->host_b), k->dev_b,
						      j->size, cudaMemcpyDeviceToHost, 0, 0, 0, 0 };
	for (int i = 0; i < nsides; i++) {
		/* The split variant: each side's chunks on streams of its own. */
		int split = plan->var.split > 1 && j->mem != PCIE_PAGEABLE && j->mem != PCIE_MAPPED ?
			    plan->var.split : 1;
		sides[i].split = split;
		sides[i].stream = i * split;
		/*
		 * The pageable variants; the legacy stream only for one side:
		 * two threads' copies there would wait for each other.
		 */
		if (j->mem == PCIE_PAGEABLE) {
			sides[i].sync = plan->var.psync && nsides == 1;
			sides[i].legacy = plan->var.plegacy && nsides == 1;
			sides[i].chunk = (size_t)plan->var.pchunk_mib << 20;
		}
	}

	/* Balancing needs several transfers a side to express a ratio such as 9:8. */
	if (j->dir == PCIE_BIDIR && count < PCIE_BIDIR_MIN_COUNT)
		count = PCIE_BIDIR_MIN_COUNT;
	if ((rc = poison(t, k, j->dir, j->size)))
		return rc;
	us = gp_xcalloc(3 * reps, sizeof(*us));
	for (int r = -plan->warmup; plan->reps ? r < plan->reps
					       : r < 0 || wants_more(us, reps, nsides == 2 ? 3 : 1, n); r++) {
		double ca, cb;
		if (k->evict.p)
			pcie_evict(&k->evict, r);
		if ((rc = pcie_time_sides(t, sides, nsides, count, ms, &wall)))
			goto out;
		/* Time per transfer: each side moved its transfers (and tail) in its time. */
		ca = side_transfers(&sides[0], count);
		cb = nsides == 2 ? side_transfers(&sides[1], count) : count;
		if (nsides == 2)
			balance_sides(sides, count, ms);
		if (r < 0)
			continue;
		us[n] = ms[0] * 1e3 / ca;
		if (nsides == 2) {
			us[reps + n] = ms[1] * 1e3 / cb;
			/* The sum row counts 2 x size per "transfer": the pair's time for ca + cb transfers. */
			us[2 * reps + n] = wall * 1e3 * 2 / (ca + cb);
		}
		n++;
	}
	if ((rc = corrupt(t, k, j->dir, j->size)) || (rc = verify(t, k, j->dir, j->size)))
		goto out;
	if (j->dir == PCIE_BIDIR) {
		set_row(&rows[0], PCIE_PART_BIDIR_H2D, j, k, count, us, (int)n);
		set_row(&rows[1], PCIE_PART_BIDIR_D2H, j, k, count, us + reps, (int)n);
		set_row(&rows[2], PCIE_PART_BIDIR_SUM, j, k, count, us + 2 * reps, (int)n);
	} else {
		set_row(&rows[0], j->dir == PCIE_H2D ? PCIE_PART_H2D : PCIE_PART_D2H, j, k, count,
			us, (int)n);
	}
out:
	free(us);
	return rc;
}

/* Device memory one kind needs: an impossible request is a usage error. */
static int check_capacity(const struct gp_device *dev, const struct pcie_plan *plan)
{
	for (int m = 0; m < PCIE_NMEMS; m++) {
		size_t a, b;
		pcie_plan_kind_bytes(plan, (enum pcie_mem)m, &a, &b);
		if (dev->total_mem_bytes && a + b > dev->total_mem_bytes) {
			char need[64], have[64];
			return gp_error(GP_EXIT_USAGE,
					"--size: %s transfers need %s of device memory; '%s' has %s",
					pcie_mem_names[m], format_size(need, sizeof(need), a + b),
					dev->name, format_size(have, sizeof(have), dev->total_mem_bytes));
		}
	}
	return 0;
}

static int run_kind(struct pcie_timer *t, const struct pcie_plan *plan, enum pcie_mem mem,
		    const size_t *row_at, struct pcie_results *out)
{
	struct kind_bufs k;
	int rc = 0;

	memset(&k, 0, sizeof(k));
	k.mem = mem;
	k.var = &plan->var;
	k.gpu_node = out->env.gpu_node;
	pcie_plan_kind_bytes(plan, mem, &k.size_a, &k.size_b);
	if (!k.size_a && !k.size_b)
		return 0;
	rc = kind_alloc(&k, t);
	out->env.mapped_bytes += k.host_a.mapped + k.host_b.mapped;
	out->env.huge_bytes += k.host_a.huge + k.host_b.huge;
	if (rc)
		goto out;
	for (size_t i = 0; i < plan->njobs && !rc; i++) {
		const struct pcie_job *j = &plan->jobs[i];
		if (j->mem != mem)
			continue;
		gp_progress("pcie: %s %s %llu bytes", pcie_dir_names[j->dir], pcie_mem_names[mem],
			    (unsigned long long)j->size);
		rc = run_job(t, plan, j, &k, &out->rows[row_at[i]]);
	}
out:
	kind_free(&k);
	return rc;
}

/*
 * The variant to run: the plan's, or while no option sets one,
 * GPUPERF_PCIE_VARIANT's (bench/pcie-stability.sh).
 */
static int pick_variant(const struct pcie_plan *plan, struct pcie_variant *v)
{
	static const struct pcie_variant none;
	const char *env = getenv("GPUPERF_PCIE_VARIANT");
	char bad[64];

	*v = plan->var;
	if (memcmp(v, &none, sizeof(none)) || !env || !*env)
		return 0;
	if (pcie_variant_parse(env, v, bad, sizeof(bad)))
		return gp_error(GP_EXIT_USAGE, "GPUPERF_PCIE_VARIANT: '%s' is not one of driver, "
				"hugetlb, thp, small, bind, split=1-%d, nogate, nosample, malloc, sync, "
				"legacy, chunk=1-%d, flush, lastcpu", bad, PCIE_MAX_SPLIT, PCIE_MAX_CHUNK_MIB);
	return 0;
}

int pcie_run(const struct gp_device *dev, const struct pcie_plan *given, struct pcie_results *out)
{
	struct pcie_plan planv = *given, *plan = &planv;
	struct pcie_timer t;
	struct pcie_binding bind;
	struct pcie_sampler sampler;
	size_t *row_at;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&sampler, 0, sizeof(sampler));
	if ((rc = pick_variant(given, &planv.var)) || (rc = check_capacity(dev, plan)))
		return rc;
	row_at = gp_xcalloc(plan->njobs + 1, sizeof(*row_at));
	for (size_t i = 0; i < plan->njobs; i++)
		row_at[i + 1] = row_at[i] + (size_t)rows_of(plan->jobs[i].dir);
	out->nrows = row_at[plan->njobs];
	out->rows = gp_xcalloc(out->nrows ? out->nrows : 1, sizeof(*out->rows));

	pcie_env_begin(dev, plan->bind, &bind, &out->env);
	if (plan->var.plastcpu)
		pcie_bind_last(&bind, &out->env);
	pcie_variant_text(&plan->var, out->env.variant, sizeof(out->env.variant));
	if ((rc = pcie_timer_open(&t, 2 * (plan->var.split > 1 ? plan->var.split : 1), dev)))
		goto out;
	t.ungated = plan->var.nogate;
	if (!plan->var.nosample)
		pcie_sampler_start(&sampler, dev->pci_bus_id);
	for (int m = 0; m < PCIE_NMEMS && !rc; m++)
		rc = run_kind(&t, plan, (enum pcie_mem)m, row_at, out);
	pcie_sampler_stop(&sampler, &out->env);
	pcie_timer_close(&t);
	gp_progress_done();
out:
	pcie_unbind(&bind);
	free(row_at);
	if (rc)
		pcie_results_free(out);
	return rc;
}

