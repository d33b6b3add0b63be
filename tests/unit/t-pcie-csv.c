/*
 * gpuperf pcie's tables from fabricated results, through the same
 * functions the command uses: CSV header and shape, the values derived
 * from a result (bandwidth, % of link, NUMA locality), the human verdicts,
 * and the man page documenting every column of both tables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tables/pcie.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

static const char transfer_header[] =
	"device,cc,device_index,uuid,pci_bus_id,hostname,direction,memory,size_bytes,reps,copies_per_rep,time_us,time_min_us,"
	"time_max_us,spread_pct,bandwidth_gbs,pct_of_link,link_gen,link_width,link_max_gen,"
	"link_max_width,link_peak_gbs,numa_node,host_numa_node,host_local,timer,contended,throttled";
static const char overlap_header[] =
	"device,cc,device_index,uuid,pci_bus_id,hostname,memory,size_bytes,chunks,streams,kernel_iters,h2d_us,d2h_us,kernel_us,"
	"serial_us,serial_min_us,serial_max_us,overlapped_us,overlapped_min_us,"
	"overlapped_max_us,speedup,overlap_pct,numa_node,host_numa_node,host_local,contended,throttled";

static void fake_row(struct pcie_row *r, enum pcie_part part, enum pcie_mem mem, uint64_t size,
		     double us, int host_node)
{
	memset(r, 0, sizeof(*r));
	r->part = part;
	r->mem = mem;
	r->size = size;
	r->bytes = part == PCIE_PART_BIDIR_SUM ? 2 * size : size;
	r->per_rep = 1;
	r->host_timer = mem == PCIE_PAGEABLE;
	r->time_us = (struct stats){ .n = 10, .median = us, .min = us * 0.99, .max = us * 1.02,
				     .mean = us };
	r->host_node = host_node;
}

/* Field n (0-based) of CSV line `line` (1 = first data row); no quoting in these tables. */
static const char *field(const char *csv, int line, int n, char *buf, size_t len)
{
	const char *p = csv;
	size_t k = 0;

	while (line-- > 0 && (p = strchr(p, '\n')))
		p++;
	for (; p && n > 0; n--)
		if ((p = strpbrk(p, ",\n")) && *p == ',')
			p++;
		else
			p = NULL;
	buf[0] = '\0';
	if (!p)
		return buf;
	while (p[k] && p[k] != ',' && p[k] != '\n' && k + 1 < len) {
		buf[k] = p[k];
		k++;
	}
	buf[k] = '\0';
	return buf;
}

static int count_char(const char *s, char c, const char *end)
{
	int n = 0;
	for (; s < end; s++)
		n += *s == c;
	return n;
}

static void test_transfers(void)
{
	struct gp_device dev = { 0 };
	struct pcie_row rows[5];
	struct pcie_results res = { .rows = rows, .nrows = 5 };
	struct pcie_plan plan = { NULL, 0, 10, 2, 1 };
	struct report rep = { 0 };
	char *csv, *human, buf[64];
	int lines = 0, same = 1;
	const char *p;

	snprintf(dev.name, sizeof(dev.name), "NVIDIA H100 80GB HBM3");
	dev.cc_major = 9;
	res.env.idle = (struct pcie_link){ 1, 16, 5, 16, 5, 16, "sysfs" };
	res.env.busy = (struct pcie_link){ 5, 16, 5, 16, 5, 16, "sysfs" };
	res.env.busy_samples = 40;
	res.env.gpu_node = 0;
	/* 256 MiB in 4850 us = 55.35 GB/s = 87.8 % of 63.015 */
	fake_row(&rows[0], PCIE_PART_H2D, PCIE_PINNED, 256ull << 20, 4850, 0);
	fake_row(&rows[1], PCIE_PART_H2D, PCIE_PAGEABLE, 256ull << 20, 12000, 1);
	fake_row(&rows[2], PCIE_PART_BIDIR_H2D, PCIE_PINNED, 256ull << 20, 5300, PCIE_NODE_UNKNOWN);
	fake_row(&rows[3], PCIE_PART_BIDIR_D2H, PCIE_PINNED, 256ull << 20, 5400, PCIE_NODE_MIXED);
	fake_row(&rows[4], PCIE_PART_BIDIR_SUM, PCIE_PINNED, 256ull << 20, 5400, 0);

	tab_pcie_transfers(&rep, &dev, &plan, &res, NULL);
	csv = unit_render(&rep, REPORT_CSV);
	ok(!strncmp(csv, transfer_header, strlen(transfer_header)) &&
	   csv[strlen(transfer_header)] == '\n', "CSV header: the documented columns in order");
	if (strncmp(csv, transfer_header, strlen(transfer_header)))
		diag("got %.*s", (int)strcspn(csv, "\n"), csv);
	for (p = csv; *p; lines++) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		if (count_char(p, ',', nl) != PCIE_TRANSFER_NCOLS - 1)
			same = 0;
		p = nl + 1;
	}
	is_int(lines, 6, "one header and one line per result");
	ok(same, "every line has %d fields", PCIE_TRANSFER_NCOLS);
	is_str(field(csv, 1, 0, buf, sizeof(buf)), "NVIDIA H100 80GB HBM3", "identity: device first");
	is_str(field(csv, 1, 1, buf, sizeof(buf)), "9.0", "identity: cc second");
	is_str(field(csv, 1, 6, buf, sizeof(buf)), "h2d", "direction");
	is_str(field(csv, 1, 7, buf, sizeof(buf)), "pinned", "memory");
	is_str(field(csv, 1, 8, buf, sizeof(buf)), "268435456", "size_bytes");
	is_dbl(atof(field(csv, 1, 11, buf, sizeof(buf))), 4850, 0.01, "time_us is the median");
	/* fake_row: fastest 0.99 and slowest 1.02 x the median: (1.02 - 0.99) / 1 = 3 % */
	is_dbl(atof(field(csv, 1, 14, buf, sizeof(buf))), 3.0, 1e-6,
	       "spread_pct = (slowest - fastest) / median time, in percent");
	is_dbl(atof(field(csv, 2, 14, buf, sizeof(buf))), 3.0, 1e-6, "and on the pageable row");
	is_dbl(atof(field(csv, 1, 15, buf, sizeof(buf))), 268435456 / 4850e-6 / 1e9, 0.001,
	       "bandwidth_gbs = size / time, 10^9 B/s");
	is_dbl(atof(field(csv, 1, 16, buf, sizeof(buf))), 100 * (268435456 / 4850e-6 / 1e9) / 63.0154,
	       0.01, "pct_of_link against Gen5 x16 after encoding");
	is_str(field(csv, 1, 17, buf, sizeof(buf)), "5", "link_gen under load, not the idle Gen1");
	is_str(field(csv, 1, 18, buf, sizeof(buf)), "16", "link_width");
	is_dbl(atof(field(csv, 1, 21, buf, sizeof(buf))), 63.0154, 0.001, "link_peak_gbs per direction");
	is_str(field(csv, 1, 22, buf, sizeof(buf)), "0", "numa_node of the GPU");
	is_str(field(csv, 1, 24, buf, sizeof(buf)), "1", "host buffer on the GPU's node: local");
	is_str(field(csv, 1, 25, buf, sizeof(buf)), "event", "pinned is timed with events");
	is_str(field(csv, 2, 24, buf, sizeof(buf)), "0", "host buffer on node 1: not local");
	is_str(field(csv, 2, 25, buf, sizeof(buf)), "host", "pageable is timed with the host clock");
	is_str(field(csv, 3, 6, buf, sizeof(buf)), "bidir-h2d", "bidir parts named");
	is_str(field(csv, 3, 23, buf, sizeof(buf)), "", "unknown host node: empty");
	is_str(field(csv, 3, 24, buf, sizeof(buf)), "", "unknown host node: locality empty");
	is_str(field(csv, 4, 23, buf, sizeof(buf)), "", "pages on several nodes: no single node");
	is_str(field(csv, 4, 24, buf, sizeof(buf)), "0", "pages on several nodes: not local");
	is_str(field(csv, 5, 6, buf, sizeof(buf)), "bidir-sum", "the sum row");
	is_dbl(atof(field(csv, 5, 15, buf, sizeof(buf))), 2 * 268435456 / 5400e-6 / 1e9, 0.001,
	       "bidir-sum counts both directions' bytes");
	is_dbl(atof(field(csv, 5, 21, buf, sizeof(buf))), 2 * 63.0154, 0.001,
	       "bidir-sum is against both directions of the link");
	report_free(&rep);
	free(csv);

	memset(&rep, 0, sizeof(rep));
	tab_pcie_transfers(&rep, &dev, &plan, &res, NULL);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "pinned H2D reaches 88 % of the Gen5 x16 link") != NULL,
	   "human verdict for pinned H2D");
	ok(strstr(human, "pinned bidirectional reaches") != NULL, "human verdict for bidir");
	ok(strstr(human, "63.0 GB/s") != NULL, "the theoretical peak is shown");
	ok(strstr(human, "128b/130b") != NULL, "with its encoding");
	ok(strstr(human, "idle, the link read Gen1 x16") != NULL, "idle reading differs: said");
	ok(strstr(human, "below its maximum") == NULL, "no downtraining note at the maximum");
	ok(strstr(human, "some host buffers are not on node 0") != NULL, "a remote buffer is pointed out");
	ok(strstr(human, "NVIDIA H100 80GB HBM3") != NULL, "the device is named");
	ok(strstr(human, "pageable rows spread up to 3 % (pageable h2d 256 MiB) because the CPU "
		       "copies each transfer") != NULL, "the pageable rows' spread, and why");
	report_free(&rep);
	free(human);

	/* A pageable row that moves by 60 %: its own note, not the GPU's "unstable" */
	rows[1].time_us.max = 1.6 * 12000;
	rows[1].time_us.min = 1.0 * 12000;
	rows[1].time_us.cov = 0.25;
	memset(&rep, 0, sizeof(rep));
	tab_pcie_transfers(&rep, &dev, &plan, &res, NULL);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "pageable rows spread up to 60 % (pageable h2d 256 MiB)") != NULL,
	   "the widest pageable spread is named");
	ok(strstr(human, "stability: unstable") == NULL, "pageable spread does not call the GPU unstable");
	ok(strstr(human, "stability: stable") != NULL, "the GPU-timed rows still judged");
	report_free(&rep);
	free(human);
	fake_row(&rows[1], PCIE_PART_H2D, PCIE_PAGEABLE, 256ull << 20, 12000, 1);

	/* Downtrained, and nothing known about NUMA. */
	res.env.busy.cur_gen = 4;
	res.env.busy.cur_width = 8;
	res.env.gpu_node = -1;
	memset(&rep, 0, sizeof(rep));
	tab_pcie_transfers(&rep, &dev, &plan, &res, NULL);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "the link ran below its maximum (Gen4 x8 of Gen5 x16)") != NULL,
	   "current below maximum: said");
	ok(strstr(human, "of the Gen4 x8 link") != NULL, "percentages against the link as it ran");
	ok(strstr(human, "NUMA node is unknown") != NULL, "unknown GPU node: said");
	report_free(&rep);
	free(human);

	/* No link information at all: empty percentage, still a table. */
	memset(&res.env, 0, sizeof(res.env));
	res.env.gpu_node = -1;
	memset(&rep, 0, sizeof(rep));
	tab_pcie_transfers(&rep, &dev, &plan, &res, NULL);
	csv = unit_render(&rep, REPORT_CSV);
	is_str(field(csv, 1, 16, buf, sizeof(buf)), "", "link unknown: pct_of_link empty");
	is_str(field(csv, 1, 17, buf, sizeof(buf)), "", "link unknown: link_gen empty");
	ok(atof(field(csv, 1, 15, buf, sizeof(buf))) > 55, "bandwidth still there");
	report_free(&rep);
	free(csv);
}

static void test_overlap(void)
{
	struct gp_device dev = { 0 };
	struct pcie_overlap_row row = { 0 };
	struct pcie_overlap_results res = { .rows = &row, .nrows = 1 };
	enum pcie_mem mem = PCIE_PINNED;
	uint64_t size = 256ull << 20;
	struct pcie_overlap_plan plan = { &mem, 1, &size, 1, 8, 4, 0, 10, 2, 1 };
	struct report rep = { 0 };
	char *csv, *human, buf[64];

	snprintf(dev.name, sizeof(dev.name), "GPU");
	dev.cc_major = 9;
	res.env.gpu_node = 0;
	row.mem = PCIE_PINNED;
	row.size = size;
	row.chunks = 8;
	row.streams = 4;
	row.iters = 2000;
	row.h2d_us = 4500;
	row.d2h_us = 4500;
	row.kernel_us = 9000;
	row.serial_us = (struct stats){ .n = 10, .median = 18000, .min = 17900, .max = 18100 };
	row.overlapped_us = (struct stats){ .n = 10, .median = 10000, .min = 9900, .max = 10100 };
	row.host_node = 0;

	tab_pcie_overlap(&rep, &dev, &plan, &res, NULL);
	csv = unit_render(&rep, REPORT_CSV);
	ok(!strncmp(csv, overlap_header, strlen(overlap_header)) && csv[strlen(overlap_header)] == '\n',
	   "--overlap CSV header");
	is_int(count_char(csv, '\n', csv + strlen(csv)), 2, "header and one row");
	is_dbl(atof(field(csv, 1, 20, buf, sizeof(buf))), 1.8, 1e-6, "speedup 18 / 10 ms");
	is_dbl(atof(field(csv, 1, 21, buf, sizeof(buf))), 100.0 * 8000 / 9000, 0.01,
	       "overlap_pct: 8 of 9 ms hidden");
	is_str(field(csv, 1, 24, buf, sizeof(buf)), "1", "host_local");
	report_free(&rep);
	free(csv);

	memset(&rep, 0, sizeof(rep));
	tab_pcie_overlap(&rep, &dev, &plan, &res, NULL);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "8 chunks on 4 streams hide 89 %") != NULL, "human overlap verdict");
	report_free(&rep);
	free(human);
}

/* Run from the top of the tree (tests/run.sh does). */
static void test_man_columns(void)
{
	FILE *f = fopen("man/gpuperf-pcie.1", "r");
	char *man = NULL, line[512];
	size_t len = 0;
	FILE *m = open_memstream(&man, &len);
	int all = 1;

	if (!f) {
		ok(0, "man/gpuperf-pcie.1 readable from the current directory");
		fclose(m);
		free(man);
		return;
	}
	while (fgets(line, sizeof(line), f))
		fputs(line, m);
	fclose(f);
	fclose(m);
	for (size_t i = 0; i < PCIE_TRANSFER_NCOLS + PCIE_OVERLAP_NCOLS; i++) {
		const char *name = i < PCIE_TRANSFER_NCOLS ? pcie_transfer_cols[i].name
			: pcie_overlap_cols[i - PCIE_TRANSFER_NCOLS].name;
		char want[128];
		snprintf(want, sizeof(want), "\n.B %s\n", name);
		if (!strstr(man, want)) {
			diag("gpuperf-pcie.1 lacks column %s", name);
			all = 0;
		}
	}
	ok(all, "the man page documents every column of both tables");
	free(man);
}

int main(void)
{
	test_transfers();
	test_overlap();
	test_man_columns();
	return done_testing();
}
