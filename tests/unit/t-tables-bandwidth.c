/* gpuperf bandwidth tables from fabricated results: CSV shape, values, notes, verdict. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables/bandwidth.h"
#include "report/report.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

#define GiB (1ull << 30)
#define MiB (1ull << 20)
/* 2^31 bytes in 0.7158 ms, in 10^9 B/s */
#define COPY_GBS (2147483648.0 / 0.7158e-3 / 1e9)

static const char header[] =
	"device,cc,device_index,uuid,pci_bus_id,hostname,kernel,width_bytes,size_bytes,level,passes,bytes_moved,reps,time_ms,"
	"bandwidth_gbs,best_gbs,min_gbs,cov_pct,pct_of_theoretical,theoretical_gbs,grid,"
	"block,unroll,layout,level_source,method,l1_hit_pct,l2_hit_pct,dram_bytes_per_byte,l2_read_pct,contended,throttled";

static struct gp_device h100(void)
{
	struct gp_device d;

	memset(&d, 0, sizeof(d));
	snprintf(d.name, sizeof(d.name), "NVIDIA H100 80GB HBM3");
	d.cc_major = 9;
	d.sm_count = 132;
	d.mem_clock_khz = 2619000;
	d.mem_bus_width_bits = 5120;
	d.l2_bytes = 50 << 20;
	return d;
}

static struct bw_result result(enum bw_kernel k, int width, uint64_t size, double ms)
{
	struct bw_result r;

	memset(&r, 0, sizeof(r));
	r.kernel = k;
	r.width = k == BW_MEMCPY ? 0 : width;
	r.size = size;
	r.passes = bw_passes(bw_bytes_moved(k, size, 1), BW_PASS_TARGET);
	r.bytes = bw_bytes_moved(k, size, r.passes);
	r.reps = 30;
	r.ms.n = 30;
	r.ms.median = ms;
	r.ms.min = ms * 0.99;
	r.ms.max = ms * 1.02;
	r.ms.mean = ms;
	r.ms.cov = 0.004;
	if (k != BW_MEMCPY) {
		r.cfg = (struct bw_cfg){ 256, 8, 4, BW_LAYOUT_GRID };
		r.grid = 8 * 132;
	}
	return r;
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Field col (0-based) of CSV line number line (0 = header); fields here are unquoted. */
static void field(const char *csv, int line, int col, char *out, size_t n)
{
	const char *p = csv;

	for (int i = 0; i < line && p; i++)
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
	for (int i = 0; i < col && p; i++)
		p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL;
	out[0] = '\0';
	if (p)
		snprintf(out, n, "%.*s", (int)strcspn(p, ",\n"), p);
}

int main(void)
{
	struct gp_device d = h100();
	int widths[] = { 16 };
	uint64_t sizes[] = { GiB };
	struct bw_request req = { .kernels = BW_ALL_KERNELS, .widths = widths, .nwidths = 1,
				  .sizes = sizes, .nsizes = 1, .reps = 30, .warmup = 3 };
	struct bw_result res[] = {
		result(BW_READ, 16, GiB, 0.3400),
		result(BW_WRITE, 16, GiB, 0.3360),
		result(BW_COPY, 16, GiB, 0.7158),   /* 2 GiB in 0.7158 ms = 3000.0 GB/s */
		result(BW_SCALE, 16, GiB, 0.7160),
		result(BW_ADD, 16, GiB, 1.0700),
		result(BW_TRIAD, 16, GiB, 1.0700),
		result(BW_MEMCPY, 0, GiB, 0.7500),
	};
	struct bw_tuning tune = { BW_COPY, 16, 512 * MiB, 70, { 256, 8, 4, BW_LAYOUT_GRID },
				  { 512, 4, 2, BW_LAYOUT_TILE },
				  2990.0, 3010.0 };
	struct bw_outcome o = { res, 7, &tune, 1, 0, 100.0 };
	struct report r = { 0 };
	char *csv, *txt, *json, f[128], verdict[256];
	int col;

	is_int(BW_NCOLUMNS, 32, "32 machine columns");
	tab_bandwidth(&r, &d, &req, &o, NULL);
	csv = unit_render(&r, REPORT_CSV);
	ok(!strncmp(csv, header, strlen(header)) && csv[strlen(header)] == '\n',
	   "CSV header is the documented column list");
	is_int(count_lines(csv), 8, "header + one row per kernel and memcpy; tuning table not in CSV");

	field(csv, 1, 0, f, sizeof(f));
	is_str(f, "NVIDIA H100 80GB HBM3", "identity: device first");
	field(csv, 1, 1, f, sizeof(f));
	is_str(f, "9.0", "identity: cc second");
	field(csv, 3, 6, f, sizeof(f));
	is_str(f, "copy", "third row is copy");
	field(csv, 3, 11, f, sizeof(f));
	is_str(f, "2147483648", "copy of 1 GiB moves 2 GiB");
	field(csv, 3, 14, f, sizeof(f));
	is_dbl(atof(f), COPY_GBS, 0.001, "copy bandwidth_gbs = 2 GiB / 0.7158 ms");
	field(csv, 3, 15, f, sizeof(f));
	is_dbl(atof(f), COPY_GBS / 0.99, 0.001, "best_gbs from the fastest repetition");
	field(csv, 3, 16, f, sizeof(f));
	is_dbl(atof(f), COPY_GBS / 1.02, 0.001, "min_gbs from the slowest repetition");
	field(csv, 3, 17, f, sizeof(f));
	is_dbl(atof(f), 0.4, 1e-9, "cov_pct is the CoV in percent");
	field(csv, 3, 18, f, sizeof(f));
	is_dbl(atof(f), 100.0 * COPY_GBS / 3352.32, 0.01, "pct_of_theoretical against 3352.3 GB/s");
	field(csv, 3, 19, f, sizeof(f));
	is_dbl(atof(f), 3352.32, 0.01, "theoretical_gbs = 2 x 2619 MHz x 5120 bit / 8");
	field(csv, 3, 9, f, sizeof(f));
	is_str(f, "DRAM", "2 GiB working set is DRAM");
	field(csv, 3, 20, f, sizeof(f));
	is_str(f, "1056", "grid = 8 blocks x 132 SMs");
	field(csv, 7, 6, f, sizeof(f));
	is_str(f, "memcpy", "memcpy row last");
	col = 3;
	field(csv, 7, col, f, sizeof(f));
	is_str(f, "", "memcpy has no width");
	field(csv, 7, 20, f, sizeof(f));
	is_str(f, "", "memcpy has no grid");
	field(csv, 7, 23, f, sizeof(f));
	is_str(f, "", "memcpy has no layout");
	field(csv, 3, 23, f, sizeof(f));
	is_str(f, "grid", "copy's layout");
	field(csv, 3, 30, f, sizeof(f));
	is_str(f, "", "not watched: contended empty");
	field(csv, 3, 31, f, sizeof(f));
	is_str(f, "", "not watched: throttled empty");
	free(csv);

	txt = unit_render(&r, REPORT_TABLE);
	ok(strstr(txt, "verdict: copy reaches 89.5 % of theoretical (3000 of 3352 GB/s at 1 GiB)") != NULL,
	   "verdict line names copy and its share of theoretical");
	ok(strstr(txt, "1.05x cudaMemcpy D2D") != NULL, "verdict compares with cudaMemcpy");
	ok(strstr(txt, "2 x 2619 MHz x 5120 bit / 8 = 3352.3 GB/s") != NULL,
	   "theoretical printed with its inputs");
	ok(strstr(txt, "a copy of N bytes moves 2N") != NULL, "byte convention printed");
	ok(strstr(txt, "1 GB = 10^9 B") != NULL, "unit convention printed");
	ok(strstr(txt, "median of 30 repetitions") != NULL, "statistic printed");
	ok(strstr(txt, "Tuning") != NULL && strstr(txt, "1056 x 256, unroll 4, grid") != NULL &&
	   strstr(txt, "528 x 512, unroll 2, tile") != NULL, "tuning table shows default and winner");
	ok(strstr(txt, "read 101.4 %") == NULL && strstr(txt, "of theoretical at 1 GiB: read") != NULL,
	   "per-kernel summary line");
	ok(strstr(txt, "\nstability: stable: CoV at most 0.40 % over 7 figures\n") != NULL,
	   "the stability line under the table");
	ok(strstr(txt, "contended") == NULL && strstr(txt, "throttled") == NULL,
	   "the flags are machine columns only");
	free(txt);

	json = unit_render(&r, REPORT_JSON);
	ok(json[0] == '[' && strstr(json, "\"kernel\": \"triad\"") != NULL, "JSON has the same records");
	free(json);
	report_free(&r);

	/* Watched beside another process with the power cap on: every row flagged, the line says so. */
	{
		struct trust_summary w;

		trust_unwatched(&w, NULL);
		w.watched = 1;
		w.reasons_read = 3;
		w.procs = TRUST_PROCS_VISIBLE;
		w.nothers = 1;
		w.others[0] = (struct trust_proc){ 4242, "python", 0 };
		w.reasons = TRUST_REASON_SW_POWER;
		res[2].ms.cov = 0.78;
		tab_bandwidth(&r, &d, &req, &o, &w);
		csv = unit_render(&r, REPORT_CSV);
		for (int line = 1, all = 1; line <= 7; line++) {
			field(csv, line, 30, f, sizeof(f));
			all &= !strcmp(f, "1");
			field(csv, line, 31, f, sizeof(f));
			all &= !strcmp(f, "power_cap");
			if (line == 7)
				ok(all, "every row: contended 1, throttled power_cap");
		}
		free(csv);
		txt = unit_render(&r, REPORT_TABLE);
		ok(strstr(txt, "\nstability: unstable: CoV up to 78.0 % (copy 16 B 1 GiB), above 5 %: rerun "
			       "on an idle GPU; measured beside another process; clocks held down (power cap)\n")
		   != NULL, "the stability line names the worst figure and what the watch saw");
		free(txt);
		report_free(&r);
		res[2].ms.cov = 0.004;
		w.nothers = 0;
		w.reasons = 0;
		tab_bandwidth(&r, &d, &req, &o, &w);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 30, f, sizeof(f));
		is_str(f, "0", "watched, alone: contended 0");
		field(csv, 1, 31, f, sizeof(f));
		is_str(f, "no", "watched, clocks free: throttled no");
		free(csv);
		report_free(&r);
	}

	/* A sweep: chart under the table, cache levels, no verdict from a cache size. */
	{
		uint64_t sw[] = { 4 * MiB, GiB };
		struct bw_result rs[] = {
			result(BW_READ, 16, 4 * MiB, 0.1),
			result(BW_READ, 16, GiB, 0.34),
		};
		struct bw_outcome os = { rs, 2, NULL, 0, 0, 100.0 };

		req.kernels = 1u << BW_READ;
		req.sizes = sw;
		req.nsizes = 2;
		memset(&r, 0, sizeof(r));
		tab_bandwidth(&r, &d, &req, &os, NULL);
		txt = unit_render(&r, REPORT_TABLE);
		ok(strstr(txt, "read, 16 B accesses: GB/s by size per array") != NULL, "sweep chart");
		ok(strstr(txt, "swept up to 4096 times per launch") != NULL, "passes explained");
		free(txt);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 9, f, sizeof(f));
		is_str(f, "L1", "4 MiB read over 132 SMs is labelled L1");
		field(csv, 1, 10, f, sizeof(f));
		is_str(f, "256", "4 MiB read runs 256 passes to move 1 GiB");
		free(csv);
		ok(bw_verdict(verdict, sizeof(verdict), &d, &req, &os) &&
		   strstr(verdict, "read reaches") && strstr(verdict, "at 1 GiB") &&
		   !strstr(verdict, "not a DRAM figure"),
		   "verdict uses the largest size");
		os.nres = 1;
		ok(bw_verdict(verdict, sizeof(verdict), &d, &req, &os) &&
		   strstr(verdict, "at 4 MiB); the working set fits in L1: not a DRAM figure"),
		   "verdict warns when the largest size is a cache figure: %s", verdict);
		os.nres = 2;
		report_free(&r);

		/* The L2 method's row: L2 by size, then by the counters with their shares. */
		rs[0].method = BW_METHOD_L2;
		tab_bandwidth(&r, &d, &req, &os, NULL);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 9, f, sizeof(f));
		is_str(f, "L2", "4 MiB read by the L2 method: L2 by size");
		field(csv, 1, 24, f, sizeof(f));
		is_str(f, "size", "level_source: size without counters");
		field(csv, 1, 25, f, sizeof(f));
		is_str(f, "l2", "method column");
		field(csv, 1, 26, f, sizeof(f));
		is_str(f, "", "no counters: hit columns empty");
		free(csv);
		report_free(&r);
		rs[0].counted = rs[1].counted = os.counted = 1;
		rs[0].traffic = (struct bw_traffic){ 0.0, 0.995, 0.002, 0.998 };
		rs[1].traffic = (struct bw_traffic){ 0.0, 0.02, 1.01 };
		tab_bandwidth(&r, &d, &req, &os, NULL);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 9, f, sizeof(f));
		is_str(f, "L2", "counted: L2 (99.5 %% L2 hits, no DRAM)");
		field(csv, 1, 24, f, sizeof(f));
		is_str(f, "counters", "level_source: counters");
		field(csv, 1, 27, f, sizeof(f));
		is_str(f, "99.500", "l2_hit_pct");
		field(csv, 1, 29, f, sizeof(f));
		is_str(f, "99.800", "l2_read_pct: L2 sectors read per L1 miss");
		field(csv, 2, 9, f, sizeof(f));
		is_str(f, "DRAM", "counted 1 GiB: DRAM");
		rs[0].traffic = (struct bw_traffic){ 0.97, NAN, 0.0 };
		free(csv);
		report_free(&r);
		tab_bandwidth(&r, &d, &req, &os, NULL);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 9, f, sizeof(f));
		is_str(f, "L1", "the counters overrule the method: 97 %% L1 hits is L1");
		free(csv);
		txt = unit_render(&r, REPORT_TABLE);
		ok(strstr(txt, "level by counters: one more launch") != NULL, "human: how levels are known");
		free(txt);
		report_free(&r);
		rs[0].counted = rs[1].counted = os.counted = 0;

		req.cold = 1;
		tab_bandwidth(&r, &d, &req, &os, NULL);
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 1, 9, f, sizeof(f));
		is_str(f, "cold", "--cold rows are labelled cold");
		free(csv);
		report_free(&r);
		req.cold = 0;
	}

	/* --shared-lines: an l2 and an l2-shared row of one set, told apart */
	{
		uint64_t sw[] = { 2 * MiB, 16 * MiB };
		struct bw_result rs[] = {
			result(BW_READ, 16, 2 * MiB, 0.1),
			result(BW_READ, 16, 2 * MiB, 0.025),
			result(BW_READ, 16, 16 * MiB, 0.1),
			result(BW_READ, 16, 16 * MiB, 0.1),
		};
		struct bw_outcome os = { rs, 4, NULL, 0, 0, 100.0 };
		struct report_table *t;

		for (int i = 0; i < 4; i++) {
			rs[i].method = i % 2 ? BW_METHOD_L2_SHARED : BW_METHOD_L2;
			rs[i].overlap = i == 1 ? 8.25 : i == 3 ? 1.03 : 0.99;
			rs[i].counted = 1;
			rs[i].traffic = (struct bw_traffic){ 0.0, 0.99, 0.001, i == 1 ? 0.36 : 0.99 };
		}
		rs[1].ms.cov = 0.08;
		os.counted = 1;
		req.kernels = 1u << BW_READ;
		req.sizes = sw;
		req.nsizes = 2;
		memset(&r, 0, sizeof(r));
		tab_bandwidth(&r, &d, &req, &os, NULL);
		t = r.tables[0];
		ok(t->cols[25].flags & REPORT_COL_CONFIG, "method is a key column: it tells the two rows apart");
		csv = unit_render(&r, REPORT_CSV);
		field(csv, 2, 25, f, sizeof(f));
		is_str(f, "l2-shared", "the second row of 2 MiB: method l2-shared");
		field(csv, 2, 9, f, sizeof(f));
		is_str(f, "L2", "l2-shared is served by L2");
		field(csv, 2, 29, f, sizeof(f));
		is_str(f, "36.000", "l2-shared: l2_read_pct under 100, one L2 read reached several SMs");
		field(csv, 1, 25, f, sizeof(f));
		is_str(f, "l2", "the first: l2");
		free(csv);
		txt = unit_render(&r, REPORT_TABLE);
		ok(strstr(txt, "method l2-shared: the l1 method's windows with ld.global.cg, overlapping "
			       "1.0- to 8.2-fold") != NULL, "a note says what l2-shared counts and how much the windows overlap");
		ok(strstr(txt, "(read 16 B 2 MiB l2-shared)") != NULL,
		   "the stability line names the l2-shared row apart from the l2 row of its set");
		free(txt);
		{
			int series = 0;

			for (size_t k = 0; k < t->nitems; k++)
				for (size_t j = 0; t->items[k].chart && j < t->items[k].chart->nseries; j++)
					series += !strcmp(t->items[k].chart->series[j]->name, "read, 16 B, shared lines") ||
						  !strcmp(t->items[k].chart->series[j]->name, "read, 16 B");
			is_int(series, 2, "the chart draws the two methods as two lines");
		}
		report_free(&r);
		os.nres = 2;
		rs[1] = rs[2];
		tab_bandwidth(&r, &d, &req, &os, NULL);
		txt = unit_render(&r, REPORT_TABLE);
		ok(strstr(txt, "l2-shared") == NULL, "without l2-shared rows: no word of them");
		free(txt);
		report_free(&r);
	}
	return done_testing();
}
