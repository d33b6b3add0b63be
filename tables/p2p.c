/*
 * gpuperf p2p: a row per ordered pair of GPUs for machines, and for people
 * a matrix per method (source down, destination across), like nvbandwidth.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "tables/p2p.h"
#include "util/error.h"
#include "util/compat.h"
#include "util/parse.h"

enum {
	P_SRC = TAB_NIDENTITY, P_DST, P_DST_BUS, P_SIZE, P_ACCESS, P_BACK, P_RANK, P_ATOMICS,
	P_LINK, P_PEAK, P_CE_WRITE, P_CE_READ, P_SM_WRITE, P_SM_READ, P_BIDIR, P_MIN, P_MAX,
	P_PCT, P_REPS, P_CONTENDED,
};
_Static_assert(P_CONTENDED + TAB_NTRUST == P2P_NCOLUMNS, "P2P_NCOLUMNS");

static void machine_table(struct report *rep, const struct p2p_run *run)
{
	struct report_table *t = report_add_table(rep, "Peer-to-peer", p2p_columns, P2P_NCOLUMNS);

	t->flags |= REPORT_MACHINE_ONLY;
	for (size_t i = 0; i < run->npairs; i++) {
		const struct p2p_pair *p = &run->pairs[i];
		const struct stats *w = &p->ms[P2P_CE_WRITE];
		size_t r = report_add_row(t);

		tab_set_identity(t, r, &run->devs[p->src]);
		report_set_int(t, r, P_SRC, p->src);
		report_set_int(t, r, P_DST, p->dst);
		report_set_str(t, r, P_DST_BUS, run->devs[p->dst].pci_bus_id);
		report_set_int(t, r, P_SIZE, (long long)run->size);
		report_set_int(t, r, P_ACCESS, p->access);
		report_set_int(t, r, P_BACK, p->access_back);
		if (p->perf_rank >= 0)
			report_set_int(t, r, P_RANK, p->perf_rank);
		report_set_int(t, r, P_ATOMICS, p->atomics);
		report_set_str(t, r, P_LINK, p->link[0] ? p->link : NULL);
		report_set_dbl(t, r, P_PEAK, p->link_peak_gbs);
		for (int m = 0; m < P2P_NMETHODS; m++)
			report_set_dbl(t, r, (size_t)P_CE_WRITE + (size_t)m, p2p_gbs(p, (enum p2p_method)m));
		if (w->n) {
			report_set_dbl(t, r, P_MIN, p->bytes[P2P_CE_WRITE] / w->max / 1e6);
			report_set_dbl(t, r, P_MAX, p->bytes[P2P_CE_WRITE] / w->min / 1e6);
		}
		report_set_dbl(t, r, P_PCT, 100 * tab_ratio(p2p_gbs(p, P2P_CE_WRITE), p->link_peak_gbs));
		report_set_int(t, r, P_REPS, run->reps);
		tab_set_trust(t, r, P_CONTENDED, &run->watch);
	}
}

/* The stability line: the CoV of every pair and method measured. */
static void stability_note(struct report_table *t, const struct p2p_run *run)
{
	size_t n = run->npairs * P2P_NMETHODS, k = 0;
	struct trust_row *rows = gp_xcalloc(n + 1, sizeof(*rows));
	char (*labels)[48] = gp_xcalloc(n + 1, sizeof(*labels));

	for (size_t i = 0; i < run->npairs; i++)
		for (int m = 0; m < P2P_NMETHODS; m++, k++) {
			const struct p2p_pair *p = &run->pairs[i];

			snprintf(labels[k], sizeof(labels[k]), "%d -> %d %s", p->src, p->dst,
				 p2p_method_names[m]);
			rows[k] = (struct trust_row){ tab_cov_pct(p->ms[m].n, p->ms[m].cov), labels[k] };
		}
	tab_stability_note(t, rows, n, &run->watch);
	free(labels);
	free(rows);
}

/* Columns of a matrix: the source, then one per destination device (at most 32). */
#define MAX_MATRIX 32
static const struct report_col matrix_cols[MAX_MATRIX + 1] = {
	{ "src", "src \\ dst", REPORT_STR, 0 },
#define D(n) { "d" #n, #n, REPORT_DBL, 1 }
	D(0), D(1), D(2), D(3), D(4), D(5), D(6), D(7), D(8), D(9), D(10), D(11), D(12), D(13),
	D(14), D(15), D(16), D(17), D(18), D(19), D(20), D(21), D(22), D(23), D(24), D(25), D(26),
	D(27), D(28), D(29), D(30), D(31),
#undef D
};

static const char *const method_titles[] = {
	"copy engine, the source writing (GB/s)",
	"copy engine, the destination reading (GB/s)",
	"SMs of the source writing into the peer (GB/s)",
	"SMs of the destination reading from the peer (GB/s)",
	"copy engines both ways at once, sum (GB/s)",
};

/* The highest device index a pair names, and whether it fits a matrix. */
static int matrix_size(const struct p2p_run *run)
{
	int n = 0;

	for (size_t i = 0; i < run->npairs; i++) {
		if (run->pairs[i].src + 1 > n)
			n = run->pairs[i].src + 1;
		if (run->pairs[i].dst + 1 > n)
			n = run->pairs[i].dst + 1;
	}
	return n <= MAX_MATRIX ? n : 0;
}

static void matrix(struct report *rep, const struct p2p_run *run, enum p2p_method m, int n)
{
	struct report_table *t = report_add_table(rep, method_titles[m], matrix_cols, (size_t)n + 1);
	char label[16];

	t->flags |= REPORT_HUMAN_ONLY;
	for (int s = 0; s < n; s++) {
		size_t r = 0;
		int any = 0;

		for (size_t i = 0; i < run->npairs; i++) {
			if (run->pairs[i].src != s)
				continue;
			if (!any++) {  /* a row for each device that is a source */
				r = report_add_row(t);
				snprintf(label, sizeof(label), "%d", s);
				report_set_str(t, r, 0, label);
			}
			report_set_dbl(t, r, (size_t)run->pairs[i].dst + 1, p2p_gbs(&run->pairs[i], m));
		}
	}
}

/* Under the first matrix: access, links and how the figures were taken. */
static void notes(struct report_table *t, const struct p2p_run *run)
{
	char sz[32];

	for (size_t i = 0; i < run->npairs; i++) {
		const struct p2p_pair *p = &run->pairs[i];
		double gbs = p2p_gbs(p, P2P_CE_WRITE);

		if (p->src == p->dst)
			report_note(t, "%d -> %d: the device's own copy engines and SMs", p->src, p->dst);
		else if (!isnan(p->link_peak_gbs))
			report_note(t, "%d -> %d: %s, peer access %s, %.1f of %.1f GB/s per direction "
				    "(%.0f %%)", p->src, p->dst, p->link[0] ? p->link : "link unknown",
				    p->access ? "yes" : "no (the SMs cannot reach it)", gbs,
				    p->link_peak_gbs, 100 * gbs / p->link_peak_gbs);
		else
			report_note(t, "%d -> %d: %s, peer access %s", p->src, p->dst,
				    p->link[0] ? p->link : "link unknown",
				    p->access ? "yes" : "no (the SMs cannot reach it)");
	}
	report_note(t, "each figure: %s copied one way (both ways: twice that) / median time of %d "
		    "copies after %d warm-up, CUDA events on the driving device; 1 GB = 10^9 B; every "
		    "copy verified where it landed", format_size(sz, sizeof(sz), run->size), run->reps,
		    run->warmup);
	stability_note(t, run);
}

void tab_p2p(struct report *rep, const struct gp_device *dev, const void *p2p_run)
{
	const struct p2p_run *run = p2p_run;
	int n = matrix_size(run);

	(void)dev;
	machine_table(rep, run);
	for (int m = 0; n && m < P2P_NMETHODS; m++)
		matrix(rep, run, (enum p2p_method)m, n);
	if (n)
		notes(rep->tables[rep->ntables - P2P_NMETHODS], run);
}
