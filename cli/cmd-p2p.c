/*
 * gpuperf p2p: the links between the GPUs of a node: for every ordered
 * pair, peer access, the link, and copy bandwidth one way and both ways
 * (probes/p2p.c), as a matrix per method (tables/p2p.c).  It takes the
 * devices itself: -d LIST or all picks them (default: every GPU).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "gpu/nvml.h"
#include "model/nvlink.h"
#include "model/pcie.h"
#include "probes/p2p.h"
#include "tables/p2p.h"
#include "util/error.h"
#include "util/parse.h"

struct args {
	uint64_t size;
	int reps, warmup;
	const char *pair_text;
	int *pairs;          /* from --pair, or every ordered pair of the devices */
	size_t npairs;
};

#define ARG(f) offsetof(struct args, f)
static const struct gp_option options[] = {
	{ "size", 0, GP_OPT_SIZE, "SIZE", "bytes per copy, per direction", "256M",
	  4096, 1ull << 36, NULL, ARG(size) },
	{ "reps", 0, GP_OPT_INT, "N|auto",
	  "timed copies per measurement, or auto: until the median is known to 0.5 %", "10",
	  1, 10000, NULL, ARG(reps), GP_OPT_AUTO },
	{ "warmup", 0, GP_OPT_INT, "N", "untimed copies before them", "2", 0, 1000, NULL, ARG(warmup) },
	{ "pair", 0, GP_OPT_STRING, "LIST",
	  "SRC:DST pairs such as 0:1,1:0 (default every ordered pair of distinct devices; "
	  "0:0 is a device's own copy engines)", .offset = ARG(pair_text) },
	{ NULL }
};

/* "0:1,1:0" into pairs; 0 or a usage error. */
static int parse_pairs(struct args *a)
{
	const char *p = a->pair_text;

	a->pairs = gp_xcalloc(2 * (strlen(p) / 2 + 1), sizeof(*a->pairs));
	while (*p) {
		unsigned src, dst;
		int used = 0;

		if (sscanf(p, "%3u:%3u%n", &src, &dst, &used) != 2 || src > 1023 || dst > 1023 ||
		    (p[used] && p[used] != ',') || (p[used] == ',' && !p[used + 1]))
			return gp_error(GP_EXIT_USAGE, "--pair: '%s' is not a list of SRC:DST device "
					"pairs such as 0:1,1:0", a->pair_text);
		a->pairs[2 * a->npairs] = (int)src;
		a->pairs[2 * a->npairs + 1] = (int)dst;
		a->npairs++;
		p += used + (p[used] == ',');
	}
	return a->npairs ? 0 : gp_error(GP_EXIT_USAGE, "--pair: empty list");
}

static int check(struct gp_ctx *ctx, const struct gp_args *given, void *p)
{
	struct args *a = p;

	(void)ctx, (void)given;
	return a->pair_text ? parse_pairs(a) : 0;
}

/* Every ordered pair of distinct devices among -d's (default all). */
static int all_pairs(const struct gp_ctx *ctx, int count, struct args *a)
{
	int *devs, n;
	size_t nd;

	cli_spanned_devices(ctx, count, &devs, &nd);
	n = (int)nd;
	a->pairs = gp_xcalloc(2 * (size_t)n * (size_t)n + 1, sizeof(*a->pairs));
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (i != j) {
				a->pairs[2 * a->npairs] = devs[i];
				a->pairs[2 * a->npairs + 1] = devs[j];
				a->npairs++;
			}
	free(devs);
	if (!a->npairs)
		return gp_error(GP_EXIT_NODEV, "p2p needs two GPUs and has %d%s ('--pair 0:0' measures "
				"one device's own copy engines and SMs)", n, n == count ? "" : " of them");
	return 0;
}

/*
 * NVLink between two GPUs from NVML: "NVLink4 x18" and its theoretical
 * bandwidth per direction; 0 when NVML knows of none.
 */
static int nvlink_of(struct p2p_pair *p, const struct gp_device *s, const struct gp_device *d)
{
	struct nvml_gpu a, b;
	struct nvml_nvlink l;
	const char *why;
	int gen;

	if (nvml_gpu_open(s->pci_bus_id, &a, &why) || nvml_gpu_open(d->pci_bus_id, &b, &why)) {
		gp_debug("p2p: NVLink not read: %s", why);
		return 0;
	}
	if (nvml_nvlink_between(&a, &b, &l) || !l.links)
		return 0;
	gen = nvlink_generation(l.version, s->cc_major, s->cc_minor);
	nvlink_name(gen, l.links, p->link, sizeof(p->link));
	if (l.via_switch)
		snprintf(p->link + strlen(p->link), sizeof(p->link) - strlen(p->link), " via NVSwitch");
	if (nvlink_link_gbs(gen) > 0)
		p->link_peak_gbs = l.links * nvlink_link_gbs(gen);
	return 1;
}

/*
 * The link of a pair and its theoretical bandwidth per direction: NVLink
 * where NVML finds it, else PCIe, the narrower of the two ends.
 */
static void link_of(struct p2p_pair *p, const struct gp_device *s, const struct gp_device *d)
{
	int gen = s->link.max_gen < d->link.max_gen ? s->link.max_gen : d->link.max_gen;
	int width = s->link.max_width < d->link.max_width ? s->link.max_width : d->link.max_width;

	p->link_peak_gbs = NAN;
	if (p->src == p->dst) {
		snprintf(p->link, sizeof(p->link), "same device");
		return;
	}
	if (nvlink_of(p, s, d))
		return;
	if (p->perf_rank == 0 && p->access && gen > 0) {
		/* the best rank the driver gives: NVLink where the GPUs have it */
		snprintf(p->link, sizeof(p->link), "peer (rank 0)");
		return;
	}
	snprintf(p->link, sizeof(p->link), "PCIe");
	if (gen > 0 && width > 0) {
		snprintf(p->link, sizeof(p->link), "PCIe Gen%d x%d", gen, width);
		p->link_peak_gbs = pcie_peak_gbs(gen, width);
	}
}

static char progress_what[] = "p2p: pair";  /* gp_progress_step's */

static int measure(struct gp_ctx *ctx, void *p, void *r)
{
	struct args *a = p;
	struct p2p_run *run = r;
	struct p2p_opts o = { a->size, a->reps, a->warmup, NULL, 0, gp_progress_step, progress_what };
	int count, rc;

	if ((rc = dev_count(&count)) || (!a->npairs && (rc = all_pairs(ctx, count, a))))
		return rc;
	run->ndevs = count;
	run->devs = gp_xcalloc((size_t)count, sizeof(*run->devs));
	for (size_t i = 0; i < 2 * a->npairs; i++) {
		int d = a->pairs[i];
		if (d >= count)
			return gp_error(GP_EXIT_USAGE, "--pair: no device %d (found %d)", d, count);
		if (!run->devs[d].name[0] && (rc = cli_open_other(ctx, d, &run->devs[d])))
			return rc;
	}
	ctx->have_dev = 0;  /* each pair sets its own devices */
	o.pairs = a->pairs;
	o.npairs = a->npairs;
	rc = p2p_probe(&o, run);
	gp_progress_done();
	for (size_t i = 0; i < run->npairs; i++)
		link_of(&run->pairs[i], &run->devs[run->pairs[i].src], &run->devs[run->pairs[i].dst]);
	return rc;
}

static void free_args(void *p)
{
	free(((struct args *)p)->pairs);
}

const struct gp_cmd gp_cmd_p2p = {
	.name = "p2p",
	.flags = CMD_NEEDS_GPU | CMD_TAKES_DEVICES | CMD_WATCHED,
	.summary = "peer-to-peer links between the GPUs of a node: access, path, copy bandwidth",
	.synopsis = "[--size SIZE] [--reps N|auto] [--warmup N] [--pair LIST]",
	.options = options,
	.columns = p2p_columns,
	.ncolumns = P2P_NCOLUMNS,
	.args_size = sizeof(struct args),
	.results_size = sizeof(struct p2p_run),
	.watch_offset = offsetof(struct p2p_run, watch),
	.check = check,
	.measure = measure,
	.tabulate = tab_p2p,
	.free_results = p2p_run_free,
	.free_args = free_args,
};
