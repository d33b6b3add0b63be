/*
 * The gpuperf pcie probe: host<->device transfers timed and verified.
 * Plain C types only: the command's options (struct pcie_opts) become a
 * plan here, the probe runs it, and tables/pcie.c turns the results into
 * tables.
 */
#ifndef GP_PROBES_PCIE_H
#define GP_PROBES_PCIE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpu/device.h"
#include "gpu/pcie-link.h"
#include "results/pcie.h"
#include "util/parse.h"

/*
 * "hugetlb,bind,split=4,nogate,nosample" (also driver, thp, small;
 * pageable: malloc, sync, legacy, chunk=MiB, flush, lastcpu; "default"
 * or "" for none)
 * into *v: 0, or -1 with the offending item in err.
 */
int pcie_variant_parse(const char *text, struct pcie_variant *v, char *err, size_t n);
/* The canonical text of v: "default", or its items in the order of struct pcie_variant. */
const char *pcie_variant_text(const struct pcie_variant *v, char *buf, size_t n);
/*
 * Bytes of the mapping that contains addr held in huge pages (AnonHugePages
 * and hugetlb), from smaps text (/proc/self/smaps); 0 when addr is not found.
 */
unsigned long long pcie_smaps_huge_bytes(FILE *smaps, uintptr_t addr);

/*
 * Run every job of plan on dev (already open): allocate per memory kind,
 * warm up, time, verify.  0, or GP_EXIT_FAIL (CUDA error, allocation
 * failure, wrong data) / GP_EXIT_USAGE (request larger than the device)
 * after a message; everything allocated is freed on every path.
 */
int pcie_run(const struct gp_device *dev, const struct pcie_plan *plan, struct pcie_results *out);

/* ---- --overlap ---- */

int pcie_overlap_run(const struct gp_device *dev, const struct pcie_overlap_plan *plan,
		     struct pcie_overlap_results *out);

/* ---- the command's options, as parsed, and what they plan ---- */

#define PCIE_DEFAULT_SIZE (256ull << 20)
#define PCIE_DEFAULT_CHUNKS 8
#define PCIE_DEFAULT_STREAMS 4

struct pcie_opts {
	unsigned dirs;            /* bit per enum pcie_dir */
	unsigned mems;            /* bit per enum pcie_mem */
	int dirs_given, mems_given;
	struct u64_list sizes;    /* empty: the default size and sweep summary */
	int reps, warmup;
	int no_bind;
	int overlap;
	int chunks, streams;      /* 0 when not given */
	double kernel_us;         /* 0 when not given */
	struct pcie_variant var;  /* experiments on pinned transfers; zero: none */
};

/*
 * Jobs in output order: direction, then memory kind, then size.  Without
 * --size: 256 MiB for every pair, and pinned H2D and D2H also at 4 KiB,
 * 64 KiB, 1 MiB and 16 MiB (the size sweep summary).
 */
void pcie_plan_build(const struct pcie_opts *o, struct pcie_plan *plan);

/* Host bytes the plan holds at once (the hungriest memory kind). */
uint64_t pcie_plan_host_bytes(const struct pcie_plan *plan);

/* The --overlap plan: pinned unless --memory names only registered; sizes copied. */
void pcie_overlap_plan_build(const struct pcie_opts *o, struct pcie_overlap_plan *plan);

/* ---- pure helpers (no GPU), exposed for unit tests ---- */

/*
 * Largest sizes kind mem needs over the plan: *a host->device (h2d, bidir),
 * *b device->host (d2h, bidir).  Each side has one host and one device buffer.
 */
void pcie_plan_kind_bytes(const struct pcie_plan *plan, enum pcie_mem mem, size_t *a, size_t *b);

/* Transfers per timed repetition for a size: enough to time small copies, at most 32. */
int pcie_per_rep(uint64_t size);

/* After iters steps of x = x * PCIE_LCG_A + PCIE_LCG_C, x = *a * x0 + *c (mod 2^32). */
void pcie_lcg_compose(unsigned iters, uint32_t *a, uint32_t *c);

/* Parse a sysfs cpulist ("0-31,64-95"); returns the CPU count, -1 if malformed. */
int pcie_parse_cpulist(const char *s, unsigned char *set, int nbits);

#endif
