/*
 * gpuperf all without a GPU: fabricated results of every step through the
 * same tabulation the command uses; the summary's figures and the shapes of
 * the long CSV and the sectioned JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results/bandwidth.h"
#include "results/coalesce.h"
#include "results/pcie.h"
#include "tables/all.h"
#include "tests/unit/fake-all.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

static char *compose(enum report_format fmt)
{
	struct gp_device dev;
	struct all_run run;
	struct report rep = { 0 };
	char *buf;

	fake_all(&dev, &run, 0);
	tab_all(&rep, &dev, &run);
	buf = unit_render(&rep, fmt);
	ok(buf != NULL, "emit format %d", (int)fmt);
	report_free(&rep);
	return buf;
}

static int count_lines(const char *s, const char *prefix)
{
	int n = 0;
	for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += !strncmp(p, prefix, strlen(prefix));
	return n;
}

/* Three devices of one node, the third with a slow copy: the comparison flags it alone. */
static void test_devices(void)
{
	struct gp_device devs[3];
	struct all_run run;
	const void *runs[3] = { &run, &run, &run };
	struct report rep = { 0 };
	char *buf;

	fake_all(&devs[0], &run, 0);
	for (int i = 0; i < 3; i++) {
		devs[i] = devs[0];
		devs[i].index = i;
		snprintf(devs[i].pci_bus_id, sizeof(devs[i].pci_bus_id), "0000:%02x:00.0", 0x1b + i);
	}
	/* every device sees the same run: make the third one's copy 10 % slower */
	tab_all_devices(&rep, devs, runs, 3);
	buf = unit_render(&rep, REPORT_CSV);
	ok(strstr(buf, "devices,metric=dram_copy_gbs,outlier,no,") != NULL, "equal devices: no outlier");
	ok(strstr(buf, "devices,metric=dram_copy_gbs,pct_of_siblings,100.000,%") != NULL,
	   "equal devices: 100 %% of their siblings");
	ok(strstr(buf, "metric=occupancy") == NULL, "calculations are not compared");
	free(buf);
	report_free(&rep);

	{
		struct all_run slow = run;
		struct bw_run bw2 = *(const struct bw_run *)all_results_of(&run, "bandwidth");
		struct bw_result r2[5];
		const void *mixed[3] = { &run, &run, &slow };

		memcpy(r2, bw2.out.res, sizeof(r2));
		r2[2].ms.median *= 1.1;  /* copy: 2800 -> 2545 GB/s */
		bw2.out.res = r2;
		slow.steps[1].results = &bw2;  /* the DRAM step */
		memset(&rep, 0, sizeof(rep));
		tab_all_devices(&rep, devs, mixed, 3);
		buf = unit_render(&rep, REPORT_TABLE);
		ok(strstr(buf, "device 2 (0000:1d:00.0) is 9.1 % below its siblings on DRAM copy bandwidth")
		   != NULL, "a 10 %% slower copy on device 2 is named");
		ok(strstr(buf, "device 0 (") == NULL && strstr(buf, "device 1 (") == NULL,
		   "its siblings are not");
		ok(strstr(buf, "no device stands out") == NULL, "and the table does not say all is well");
		free(buf);
		report_free(&rep);
	}
}

/* Two nodes' `gpuperf --csv all`, concatenated as a cluster job would: one header, columns aligned. */
static void test_nodes(void)
{
	char *csv[2];
	int same = 1, hosts = 0;

	for (int n = 0; n < 2; n++) {
		struct gp_device dev;
		struct all_run run;
		struct report rep = { 0 };

		fake_all(&dev, &run, 0);
		snprintf(dev.hostname, sizeof(dev.hostname), "node-%d", n + 1);
		tab_all(&rep, &dev, &run);
		csv[n] = unit_render(&rep, REPORT_CSV);
		report_free(&rep);
	}
	ok(strcspn(csv[0], "\n") == strcspn(csv[1], "\n") &&
	   !strncmp(csv[0], csv[1], strcspn(csv[0], "\n")), "nodes: the same header");
	/* the second file's rows under the first's header: every row has the header's fields */
	for (int n = 0; n < 2; n++)
		for (const char *p = strchr(csv[n], '\n') + 1; *p; p = strchr(p, '\n') + 1) {
			int commas = 0, q = 0;
			for (const char *c = p; *c != '\n'; c++) {
				q ^= *c == '"';
				commas += !q && *c == ',';
			}
			same &= commas == 10;
			hosts += !strncmp(strstr(p, "0000:1b:00.0,") + 13, n ? "node-2," : "node-1,", 7);
		}
	ok(same, "nodes: every row of both files has the header's 11 fields");
	ok(hosts > 100, "nodes: each row names its host (%d rows)", hosts);
	free(csv[0]);
	free(csv[1]);
}

/* The summary's cov_pct: each headline's repetitions, a ratio's both sides; none for a calculation. */
static void test_cov(void)
{
	struct gp_device dev;
	struct all_run run;
	struct report rep = { 0 };
	struct bw_run *bw;
	struct coal_run *co;
	struct pcie_run *pc;
	char *csv;

	fake_all(&dev, &run, 0);
	bw = (struct bw_run *)all_results_of(&run, "bandwidth");
	co = (struct coal_run *)all_results_of(&run, "coalesce");
	pc = (struct pcie_run *)all_results_of(&run, "pcie");
	for (size_t i = 0; i < bw->out.nres; i++)
		bw->out.res[i].ms.cov = bw->out.res[i].kernel == BW_COPY ? 0.01 : 0.005;
	for (size_t i = 0; i < co->n; i++) {
		co->res[i].ms.n = 15;
		co->res[i].ms.cov = i % 2 ? 0.03 : 0.04;
	}
	for (size_t i = 0; i < pc->res.nrows; i++)
		pc->res.rows[i].time_us.cov = 0.02;
	tab_all(&rep, &dev, &run);
	csv = unit_render(&rep, REPORT_CSV);
	ok(strstr(csv, "summary,metric=dram_copy_gbs,cov_pct,1.0000,%\n") != NULL,
	   "cov_pct: the copy's CoV beside its headline");
	ok(strstr(csv, "summary,metric=dram_read_gbs,cov_pct,0.5000,%\n") != NULL,
	   "cov_pct: each headline its own row's");
	ok(strstr(csv, "summary,metric=misaligned_copy_pct,cov_pct,5.0000,%\n") != NULL,
	   "cov_pct: a share of two copies, 3 %% and 4 %% in quadrature");
	ok(strstr(csv, "summary,metric=pcie_pinned_h2d_gbs,cov_pct,2.0000,%\n") != NULL,
	   "cov_pct: a transfer's, from its times");
	ok(strstr(csv, "summary,metric=occupancy_256x64_pct,cov_pct,") == NULL &&
	   strstr(csv, "summary,metric=latency_l1_cycles,cov_pct,") == NULL,
	   "cov_pct: none for a calculation or a latency plateau");
	free(csv);
	report_free(&rep);
}

int main(void)
{
	char *csv = compose(REPORT_CSV), *json, *human;

	ok(!strncmp(csv, "device,cc,device_index,uuid,pci_bus_id,hostname,probe,config,metric,value,unit\n", 77), "CSV: the long header first");
	ok(strstr(csv, "\"Fake GPU, with a comma\",9.0,0,GPU-fake,0000:1b:00.0,node-1,summary,metric=dram_copy_gbs,value,2800.000,\n") != NULL,
	   "CSV: summary row for the copy, device name quoted");
	ok(strstr(csv, "summary,metric=misaligned_copy_pct,value,90.000,\n") != NULL,
	   "CSV: misalignment costs 10 %% (1800 of 2000 GB/s)");
	ok(strstr(csv, "summary,metric=stride32_copy_pct,value,6.250,\n") != NULL,
	   "CSV: stride 32 keeps 6.25 %%");
	ok(strstr(csv, "summary,metric=bank_conflict_32way_slowdown,value,32.000,\n") != NULL,
	   "CSV: 32-way conflict slowdown");
	ok(strstr(csv, "summary,metric=pcie_pinned_bidir_gbs,value,95.000,\n") != NULL,
	   "CSV: bidirectional PCIe");
	ok(strstr(csv, "summary,metric=occupancy_256x64_pct,value,50.000,\n") != NULL,
	   "CSV: occupancy of 256 x 64");
	ok(strstr(csv, "summary,metric=l1_read_gbs,value,30000.000,\n") &&
	   strstr(csv, "summary,metric=l2_read_gbs,value,9000.000,\n"),
	   "CSV: L1 and L2 read bandwidth from the levels step");
	ok(strstr(csv, "summary,metric=l1_read_gbs,reference,\"64 KiB set, plain loads, level L1 by counters; "
		       "89.7 % of 128 B/clk x 132 SMs x 1980 MHz = 33454 GB/s\"") != NULL,
	   "CSV: the L1 figure against 128 B/clk/SM");
	ok(strstr(csv, "summary,metric=shared_bytes_per_clock_per_sm,value,120.500,\n") != NULL,
	   "CSV: shared memory bytes per clock per SM, from the conflict-free bank case");
	ok(strstr(csv, ",bandwidth,kernel=read width_bytes=16 size_bytes=65536 method=l1,") != NULL,
	   "CSV: the levels step's rows in the bandwidth section, keyed by their method too");
	ok(strstr(csv, "summary,metric=l2_shared_read_gbs,value,20000.000,\n") != NULL,
	   "CSV: the L2 read of shared lines, from the smallest set");
	ok(strstr(csv, "summary,metric=l2_shared_read_gbs,reference,\"2 MiB set, ld.global.cg loads, level L2 "
		       "by counters; windows overlap 8.2-fold: what SMs receive, the L2 slices read 36 % "
		       "of it\"") != NULL, "CSV: the shared-lines figure says how much the windows overlap and what the slices read");
	ok(strstr(csv, ",bandwidth,kernel=read width_bytes=16 size_bytes=2097152 method=l2-shared,"
		       "bandwidth_gbs,20000.000,GB/s\n") != NULL,
	   "CSV: an l2 and an l2-shared record of the same set, told apart");
	ok(strstr(csv, "summary,metric=latency_l1_cycles,value,34.000,\n") &&
	   strstr(csv, "summary,metric=latency_l2_cycles,value,263.000,\n") &&
	   strstr(csv, "summary,metric=latency_dram_cycles,value,650.000,\n"),
	   "CSV: L1, L2 and DRAM latency from the latency step's plateaus");
	ok(strstr(csv, "summary,metric=latency_l1_cycles,reference,\"17.2 ns at 1980 MHz; ") != NULL &&
	   strstr(csv, ",latency,row=level memory=global size_bytes=1048576 ") != NULL,
	   "CSV: latency in ns beside the cycles, the latency step's records follow");
	ok(strstr(csv, ",bandwidth,kernel=copy width_bytes=16 size_bytes=1073741824,"
		       "bandwidth_gbs,2800.000,GB/s\n") != NULL,
	   "CSV: the probe's own records follow, with their configuration and unit");
	ok(strstr(csv, "coalesce,pattern=stride op=copy offset=0 stride=32 width_bytes=4,"
		       "measured_sectors_per_request,32.0000,\n") != NULL,
	   "CSV: coalesce records keyed by pattern, offset and stride");
	ok(strstr(csv, "occupancy,arch=sm_90 threads_per_block=256 regs_per_thread=64 "
		       "smem_per_block_bytes=0 barriers_per_block=1,occupancy_pct,50.000,%\n") != NULL,
	   "CSV: occupancy records from the calculator");
	{
		int rows = count_lines(csv, "\"Fake GPU");
		is_int(rows, count_lines(csv, "\"Fake GPU, with a comma\",9.0,"), "CSV: identity on every row");
		ok(rows > 60, "CSV: %d long rows", rows);
	}
	for (const char *p = csv; *p; p = strchr(p, '\n') + 1) {
		/* every row has 11 fields: 10 separators outside quotes */
		int commas = 0, q = 0;
		for (const char *c = p; *c && *c != '\n'; c++) {
			q ^= *c == '"';
			commas += !q && *c == ',';
		}
		if (commas != 10) {
			ok(0, "CSV: a row with %d separators: %.60s", commas, p);
			break;
		}
		if (!strchr(p, '\n') || !strchr(p, '\n')[1]) {
			ok(1, "CSV: every row has 11 fields");
			break;
		}
	}
	free(csv);

	json = compose(REPORT_JSON);
	ok(json[0] == '{', "JSON: one object");
	for (const char *k = "summary\0info\0bandwidth\0coalesce\0banks\0occupancy\0pcie\0"; *k; k += strlen(k) + 1) {
		char key[32];
		snprintf(key, sizeof(key), "\"%s\": [", k);
		ok(strstr(json, key) != NULL, "JSON: section %s", k);
	}
	free(json);

	human = compose(REPORT_TABLE);
	ok(strstr(human, "gpuperf all: Fake GPU, with a comma\n") != NULL, "human: summary title");
	ok(strstr(human, "DRAM copy bandwidth") != NULL, "human: copy line");
	ok(strstr(human, "83.5 % of 3352.3 GB/s theoretical; cudaMemcpy D2D 3000.0 GB/s") != NULL,
	   "human: copy against theoretical and cudaMemcpy");
	ok(strstr(human, "of the Gen5 x16 link (63.0 GB/s per direction)") != NULL, "human: PCIe against the link");
	ok(strstr(human, "limited by registers") != NULL, "human: occupancy limiter");
	ok(strstr(human, "hardware counters") != NULL && strstr(human, "available") != NULL,
	   "human: counters line");
	ok(strstr(human, "\nDevice-memory bandwidth\n") != NULL, "human: detail tables follow");
	ok(strstr(human, "\nShared-memory bank conflicts\n") != NULL, "human: the banks table too");
	free(human);
	test_devices();
	test_cov();
	test_nodes();
	return done_testing();
}
