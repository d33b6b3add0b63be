/*
 * Fabricated results of every step of gpuperf all, as an H100 might give
 * them: for the tests of the summary, the long CSV, the sectioned JSON
 * and the HTML page, without a GPU.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "occupancy/occupancy.h"
#include "tables/bandwidth.h"
#include "tables/banks.h"
#include "tables/coalesce.h"
#include "tables/info.h"
#include "tables/latency.h"
#include "tables/occupancy.h"
#include "tables/pcie.h"
#include "tests/unit/fake-all.h"

/* gbs at bytes moved: the median time that gives it. */
static struct stats ms_for(double bytes, double gbs)
{
	struct stats st = { 0 };

	st.n = 10;
	st.median = st.min = st.max = bytes / (gbs * 1e6);
	return st;
}

static struct bw_run bw;
static struct bw_result bw_res[5 + 8];
static struct coal_run co;
static struct coal_config co_cfg[6];
static struct coal_result co_res[6];
static struct bank_run bk;
static struct bank_config bk_cfg[4];
static struct bank_result bk_res[4];
static struct occ_run oc;
static struct pcie_run pc;
static struct pcie_row pc_rows[5 + 8];
static struct info_run info;
static struct bw_run lv;
static struct bw_result lv_res[5];
static struct lat_run lat;
static struct lat_row lat_rows[9];

/* gpuperf all's short latency sweep: three sets per level, no counters (level by size). */
static void fake_latency(void)
{
	static const uint64_t sizes[] = { 4u << 10, 8u << 10, 16u << 10, 1u << 20, 3u << 19,
					  2u << 20, 256u << 20, 384u << 20, 512u << 20 };
	static const double cycles[] = { 33.9, 34.0, 34.1, 262, 263, 265, 640, 650, 655 };

	for (int i = 0; i < 9; i++) {
		struct lat_row *r = &lat_rows[i];

		memset(r, 0, sizeof(*r));
		r->memory = LAT_GLOBAL;
		r->size = sizes[i];
		chase_layout_make(sizes[i], 64, CHASE_MAX_ELEMS, &r->layout);
		r->loads = 9216;
		r->counted_loads = 16 * 9216;
		r->cycles = (struct stats){ .n = 9, .median = cycles[i], .min = cycles[i] - 0.5,
					    .max = cycles[i] + 1 };
		r->load_sectors = r->l1_hit_sectors = r->l2_miss_sectors = r->dram_read_bytes = NAN;
	}
	lat = (struct lat_run){ .rows = lat_rows, .nrows = 9, .sm_mhz = 1980, .sm_mhz_before = 1980,
				.sm_mhz_after = 1980, .l1_bytes = 256u << 10, .flush_bytes = 100u << 20 };
	lat.req.stride = 64;
}

/* Smaller sizes of read and copy, and of pinned H2D and D2H, after the headline rows. */
static void add_sweeps(void)
{
	static const uint64_t sizes[] = { 64u << 10, 1u << 20, 16u << 20, 256u << 20 };
	static const double read[] = { 420, 2600, 9100, 3050 }, copy[] = { 380, 2300, 6200, 2750 };
	static const double h2d[] = { 12, 38, 52, 54.6 }, d2h[] = { 13, 40, 53, 54.9 };

	for (int i = 0; i < 8; i++) {
		int copying = i >= 4;
		uint64_t size = sizes[i % 4];
		double bytes = (copying ? 2.0 : 1.0) * (double)size;
		bw_res[5 + i] = (struct bw_result){ .kernel = copying ? BW_COPY : BW_READ, .width = 16,
			.size = size, .passes = 1, .bytes = (uint64_t)bytes, .reps = 10,
			.ms = ms_for(bytes, copying ? copy[i % 4] : read[i % 4]) };
		pc_rows[5 + i] = (struct pcie_row){ .part = copying ? PCIE_PART_D2H : PCIE_PART_H2D,
			.mem = PCIE_PINNED, .size = size, .bytes = size, .per_rep = 1, .host_node = 0 };
		pc_rows[5 + i].time_us.median = pc_rows[5 + i].time_us.min = pc_rows[5 + i].time_us.max =
			(double)size / ((copying ? d2h[i % 4] : h2d[i % 4]) * 1e3);
		pc_rows[5 + i].time_us.n = 10;
	}
	bw.out.nres = 13;
	bw.req.nsizes = 5;
	pc.res.nrows = 13;
}

void fake_all(struct gp_device *d, struct all_run *run, int sweeps)
{
	static const enum bw_kernel k[] = { BW_READ, BW_WRITE, BW_COPY, BW_TRIAD, BW_MEMCPY };
	static const double gbs[] = { 3100, 3200, 2800, 2900, 3000 };
	static const enum coal_pattern pat[] = { COAL_OFFSET, COAL_OFFSET, COAL_OFFSET, COAL_STRIDE,
						 COAL_STRIDE, COAL_STRIDE };
	static const int off[] = { 0, 0, 1, 0, 0, 0 }, str[] = { 1, 1, 1, 1, 2, 32 };
	static const double sec[] = { 4, 4, 5, 4, 8, 32 }, cbw[] = { 2000, 2000, 1800, 2000, 1000, 125 };
	static const int bs[] = { 1, 1, 2, 32 };
	static const enum pcie_part part[] = { PCIE_PART_H2D, PCIE_PART_D2H, PCIE_PART_BIDIR_H2D,
					       PCIE_PART_BIDIR_D2H, PCIE_PART_BIDIR_SUM };
	static const double pbw[] = { 55, 55.1, 46, 51, 95 };

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "Fake GPU, with a comma");
	snprintf(d->uuid, sizeof(d->uuid), "GPU-fake");
	snprintf(d->pci_bus_id, sizeof(d->pci_bus_id), "0000:1b:00.0");
	snprintf(d->hostname, sizeof(d->hostname), "node-1");
	d->cc_major = 9;
	d->mem_clock_khz = 2619000;
	d->mem_bus_width_bits = 5120;  /* 3352.32 GB/s */
	d->sm_count = 132;
	d->l2_bytes = 50 << 20;

	for (int i = 0; i < 5; i++) {
		double bytes = 2.0 * (1u << 30);
		bw_res[i] = (struct bw_result){ .kernel = k[i], .width = 16, .size = 1u << 30,
			.passes = 1, .bytes = (uint64_t)bytes, .reps = 10, .ms = ms_for(bytes, gbs[i]) };
	}
	bw.out.res = bw_res;
	bw.out.nres = 5;
	bw.req.reps = 10;
	bw.req.nsizes = 1;

	for (int i = 0; i < 6; i++) {
		co_cfg[i] = (struct coal_config){ pat[i], COAL_COPY, (uint64_t)off[i], (uint64_t)str[i], 4, 0 };
		co_res[i] = (struct coal_result){ .cfg = co_cfg[i], .bandwidth_gbs = cbw[i],
			.ld_sectors = sec[i] * 1000, .ld_requests = 1000,
			.st_sectors = sec[i] * 1000, .st_requests = 1000,
			.dram_read_bytes = NAN, .dram_write_bytes = NAN };
		co_res[i].ms.min = co_res[i].ms.max = co_res[i].ms.median = 1;
	}
	co = (struct coal_run){ .cfgs = co_cfg, .n = 6, .res = co_res, .width = 4, .reps = 15, .warmup = 3 };

	for (int i = 0; i < 4; i++) {
		bk_cfg[i] = (struct bank_config){ BANK_STRIDE, BANK_LOAD, (uint64_t)bs[i], 4 };
		bk_res[i] = (struct bank_result){ .cfg = bk_cfg[i], .expected_instructions = 1000,
			.time_per_access_ns = 0.5 * bs[i], .instructions = 1000,
			.wavefronts = 1000.0 * bs[i], .conflicts = 1000.0 * (bs[i] - 1), .sm_clock_hz = NAN };
	}
	bk = (struct bank_run){ .cfgs = bk_cfg, .n = 4, .res = bk_res, .reps = 10, .warmup = 2 };

	oc.mode = OCC_MODE_CONFIG;
	oc.arch = *arch_parse("sm_90");
	oc.have_arch = oc.from_device = 1;
	oc.in = (struct occ_input){ 256, 64, 0, OCC_CARVEOUT_DEFAULT, 1 };
	occ_compute(&oc.arch, &oc.in, &oc.r);

	for (int i = 0; i < 5; i++) {
		uint64_t size = 256u << 20, bytes = part[i] == PCIE_PART_BIDIR_SUM ? 2 * size : size;
		pc_rows[i] = (struct pcie_row){ .part = part[i], .mem = PCIE_PINNED, .size = size,
			.bytes = bytes, .per_rep = 1, .host_node = 0 };
		pc_rows[i].time_us.median = pc_rows[i].time_us.min = pc_rows[i].time_us.max =
			bytes / (pbw[i] * 1e3);
		pc_rows[i].time_us.n = 10;
	}
	pc.res.rows = pc_rows;
	pc.res.nrows = 5;
	pc.res.env.busy.cur_gen = pc.res.env.busy.max_gen = 5;
	pc.res.env.busy.cur_width = pc.res.env.busy.max_width = 16;
	pc.plan.reps = 10;
	pc.plan.warmup = 2;

	info.sm_clock_measured_mhz = 1980;
	if (sweeps)
		add_sweeps();
	/*
	 * the levels step: 64 KiB by the L1 method at 30 TB/s, 2 and 16 MiB by the
	 * L2 method at 5 and 9 TB/s (the summary takes the largest set), each
	 * also by the L2 shared method at 20 and 9.1 TB/s (the summary takes the
	 * smallest set, where the windows overlap 8.25-fold)
	 */
	for (int i = 0; i < 5; i++) {
		static const double lv_gbs[] = { 30000, 5000, 20000, 9000, 9100 };
		static const uint64_t lv_size[] = { 64u << 10, 2u << 20, 2u << 20, 16u << 20, 16u << 20 };
		uint64_t size = lv_size[i], bytes = 528ull * size * 100;
		int shared = i == 2 || i == 4;

		lv_res[i] = (struct bw_result){ .kernel = BW_READ, .width = 16, .size = size,
			.passes = 100, .bytes = bytes, .reps = 10, .ms = ms_for((double)bytes, lv_gbs[i]),
			.method = shared ? BW_METHOD_L2_SHARED : i ? BW_METHOD_L2 : BW_METHOD_L1,
			.overlap = i == 2 ? 8.25 : 1.0, .counted = 1,
			.traffic = { i ? 0.0 : 0.99, 0.99, 0.001, i == 2 ? 0.36 : 1.0 } };
	}
	lv.out.res = lv_res;
	lv.out.nres = 5;
	lv.out.counted = 1;
	lv.req.reps = 10;
	lv.req.nsizes = 3;
	bk_res[0].bytes_per_clock_per_sm = 120.5;
	bk_res[0].clock_from_counter = 1;
	fake_latency();
	/* the steps of cli/cmd-all.c, with their commands' hooks (one occupancy run) */
	*run = (struct all_run){ .nsteps = 8, .steps = {
		{ "info", &info, NULL, tab_info, tab_info_summary, 1 },
		{ "bandwidth", &bw, NULL, tab_bandwidth_run, tab_bandwidth_summary },
		{ "bandwidth", &lv, NULL, tab_bandwidth_run, tab_bandwidth_levels_summary },
		{ "coalesce", &co, NULL, tab_coalesce, tab_coalesce_summary },
		{ "banks", &bk, NULL, tab_banks, tab_banks_summary },
		{ "occupancy", &oc, NULL, tab_occupancy, tab_occupancy_summary },
		{ "pcie", &pc, NULL, tab_pcie, tab_pcie_summary },
		{ "latency", &lat, NULL, tab_latency, tab_latency_summary },
	} };
}

