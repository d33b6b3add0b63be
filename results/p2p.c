/* gpuperf p2p's results: figures of a pair, freeing them, its machine table and contract. */
#include <math.h>
#include <stdlib.h>
#include "results/p2p.h"
#include "util/compat.h"

const char *const p2p_method_names[] = {
	"ce-write", "ce-read", "sm-write", "sm-read", "ce-bidir", NULL,
};

double p2p_gbs(const struct p2p_pair *p, enum p2p_method m)
{
	return p->ms[m].n && p->ms[m].median > 0 ? p->bytes[m] / p->ms[m].median / 1e6 : NAN;
}

void p2p_run_free(void *p2p_run)
{
	struct p2p_run *run = p2p_run;

	free(run->pairs);
	free(run->devs);
	run->pairs = NULL;
	run->devs = NULL;
}

const struct report_col p2p_columns[P2P_NCOLUMNS] = {
	TAB_IDENTITY_COLS,  /* the source device's */
	{ "src_device", "src", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "dst_device", "dst", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "dst_pci_bus_id", "dst bus", REPORT_STR, 0, REPORT_COL_CONFIG },
	{ "size_bytes", "size (B)", REPORT_INT, 0, REPORT_COL_CONFIG },
	{ "peer_access", "peer access", REPORT_INT, 0 },
	{ "peer_access_back", "access back", REPORT_INT, 0 },
	{ "perf_rank", "rank", REPORT_INT, 0 },
	{ "native_atomics", "atomics", REPORT_INT, 0 },
	{ "link", "link", REPORT_STR, 0 },
	{ "link_peak_gbs", "link peak (GB/s)", REPORT_DBL, 1 },
	{ "ce_write_gbs", "CE write (GB/s)", REPORT_DBL, 1 },
	{ "ce_read_gbs", "CE read (GB/s)", REPORT_DBL, 1 },
	{ "sm_write_gbs", "SM write (GB/s)", REPORT_DBL, 1 },
	{ "sm_read_gbs", "SM read (GB/s)", REPORT_DBL, 1 },
	{ "ce_bidir_gbs", "CE both ways (GB/s)", REPORT_DBL, 1 },
	{ "ce_write_min_gbs", "CE write min (GB/s)", REPORT_DBL, 1 },
	{ "ce_write_max_gbs", "CE write max (GB/s)", REPORT_DBL, 1 },
	{ "pct_of_link", "of link (%)", REPORT_DBL, 1 },
	{ "reps", "reps", REPORT_INT, 0 },
	TAB_TRUST_COLS,
};

/*
 * A row per ordered pair: each way of copying in GB/s (the copy engine's
 * write with its fastest and slowest copy), and the share of the link.
 */
static const struct result_figure figures[] = {
	{ "ce_write_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH, NULL, "ce_write_max_gbs",
	  "ce_write_min_gbs" },
	{ "ce_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "sm_write_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "sm_read_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "ce_bidir_gbs", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
	{ "pct_of_link", RESULT_HIGHER, RESULT_KIND_BANDWIDTH },
};

const struct result_contract p2p_contract = {
	.command = "p2p",
	.cols = p2p_columns,
	.ncols = P2P_NCOLUMNS,
	.figures = figures,
	.nfigures = ARRAY_SIZE(figures),
};
