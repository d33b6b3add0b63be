/* gpuperf latency's tables on a fabricated H100 run: rows per set and per level, views, chart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tables/latency.h"
#include "tests/unit/unit.h"

#define K 1024ull
#define M (1024ull * 1024)
#define G (1024ull * 1024 * 1024)

static char *render(struct report *r, enum report_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	report_emit(r, fmt, f);
	fclose(f);
	return buf;
}

static void chased(struct lat_row *r, enum lat_memory m, uint64_t size, uint64_t stride,
		   double cycles)
{
	memset(r, 0, sizeof(*r));
	r->memory = m;
	r->size = size;
	chase_layout_make(size, stride, CHASE_MAX_ELEMS, &r->layout);
	r->untimed = 4096;
	r->loads = 9216;
	r->counted_loads = 16 * 9216;
	r->cycles = (struct stats){ 9, cycles, cycles - 0.5, cycles + 1, cycles, 0.001 };
	r->load_sectors = r->l1_hit_sectors = r->l2_miss_sectors = r->dram_read_bytes = NAN;
}

/* The counted loads' counters: fractions served by L1, by L2 (misses of it), DRAM bytes. */
static void counted(struct lat_row *r, double l1, double l2_miss, double dram_per_load)
{
	r->load_sectors = (double)r->counted_loads;
	r->l1_hit_sectors = l1 * r->counted_loads;
	r->l2_miss_sectors = l2_miss * (1 - l1) * r->counted_loads;
	r->dram_read_bytes = dram_per_load * r->counted_loads;
}

static size_t fabricate(struct lat_row *rows, int counters)
{
	static const struct { uint64_t size; double cycles; int kind; } rec[] = {
		{ 1 * K, 33.9, 0 }, { 16 * K, 34.0, 0 }, { 128 * K, 34.2, 0 }, { 4 * M, 264.0, 1 },
		{ 16 * M, 265.0, 1 }, { 32 * M, 462.0, 2 }, { 48 * M, 470.0, 2 }, { 256 * M, 650.0, 3 },
		{ 1 * G, 655.0, 3 }, { 4 * G, 790.0, 3 },
	};
	size_t n = 0;

	for (size_t i = 0; i < sizeof(rec) / sizeof(rec[0]); i++, n++) {
		chased(&rows[n], LAT_GLOBAL, rec[i].size, 64, rec[i].cycles);
		if (!counters)
			continue;
		if (rec[i].kind == 0)
			counted(&rows[n], 1, 0, 0);
		else if (rec[i].kind == 1)
			counted(&rows[n], 0, 0.002, 0.05);
		else if (rec[i].kind == 2)
			counted(&rows[n], 0, 0.5, 0.2);
		else
			counted(&rows[n], 0, 0.99, 64);
	}
	chased(&rows[n++], LAT_SHARED, 16 * K, 64, 30.0);
	chased(&rows[n++], LAT_HOST, 2 * M, 128, 2376.0);
	rows[n - 1].loads = 4608;
	for (int d = 0; d < 2; d++, n++) {
		memset(&rows[n], 0, sizeof(rows[n]));
		rows[n].memory = d ? LAT_MEMCPY_D2H : LAT_MEMCPY_H2D;
		rows[n].size = 8;
		rows[n].loads = 101;
		rows[n].ns = (struct stats){ 101, 9000 + d * 1000, 8500, 12000, 9100, 0.05 };
		rows[n].load_sectors = rows[n].l1_hit_sectors = NAN;
		rows[n].l2_miss_sectors = rows[n].dram_read_bytes = NAN;
	}
	return n;
}

static int count_lines(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

int main(void)
{
	struct gp_device dev = { .l2_bytes = 50 * 1024 * 1024, .sm_count = 132 };
	struct lat_row rows[32];
	struct lat_run run = { .rows = rows, .sm_mhz = 1980, .sm_mhz_before = 1980,
			       .sm_mhz_after = 1980, .l1_bytes = 256 * K, .flush_bytes = 100 * M };
	struct lat_level lv[16];
	struct report rep = { 0 };
	char *csv, *human, *json;
	size_t n;

	snprintf(dev.name, sizeof(dev.name), "NVIDIA H100 80GB HBM3");
	dev.cc_major = 9;
	run.req.stride = 64;
	run.nrows = fabricate(rows, 1);
	tab_latency(&rep, &dev, &run);
	csv = render(&rep, REPORT_CSV);
	ok(!strncmp(csv, "device,cc,device_index,uuid,pci_bus_id,hostname,row,memory,size_bytes,"
		    "size_max_bytes,stride_bytes,pattern,elements,loads,cycles,ns,ns_min,ns_max,level,"
		    "level_source,l1_hit_pct,l2_hit_pct,dram_bytes_per_load,sm_clock_mhz,verified\n",
		    200), "CSV header: the documented columns");
	is_int(count_lines(csv, ",size,"), 14, "a size row per measurement (10 sets, shared, host, "
	       "two copies)");
	is_int(count_lines(csv, ",level,global,"), 5, "a level row per plateau");
	is_int(count_lines(csv, ",level,"), 1 + 9, "and per other memory (header, 5 + 4)");
	ok(strstr(csv, ",size,global,16384,,64,random,256,9216,34.000,17.172,") != NULL,
	   "16 KiB: 256 elements, 34 cycles, 17.2 ns at 1980 MHz");
	ok(strstr(csv, ",L1,counters,100.000,,0.000,1980.00,yes,,\n") != NULL,
	   "... L1 by counters, 100 %% hits");
	ok(strstr(csv, ",size,global,33554432,,64,random,524288,9216,462.000,") != NULL &&
	   strstr(csv, ",L2-far,counters,0.000,50.000,0.200,") != NULL,
	   "32 MiB: the far L2 (half the near slice misses, no DRAM traffic)");
	ok(strstr(csv, ",size,global,4294967296,,64,random,4194304,") != NULL,
	   "4 GiB: a sparse chain of 2^22 elements");
	ok(strstr(csv, ",DRAM-TLB,counters,") != NULL, "4 GiB: DRAM past the TLB");
	ok(strstr(csv, ",level,global,1024,131072,64,random,,27648,34.000,17.172,,,L1,counters,") != NULL,
	   "level row L1: 1-128 KiB, three sets' loads, the median");
	ok(strstr(csv, ",level,shared,16384,16384,64,random,,9216,30.000,15.152,,,shared,memory,") != NULL,
	   "level row shared memory");
	ok(strstr(csv, ",level,host,2097152,2097152,128,random,,4608,2376.000,1200.000,,,host,memory,") != NULL,
	   "level row host memory: 1.2 us");
	ok(strstr(csv, ",size,memcpy-d2h,8,,,,,101,,10000.000,8500.000,12000.000,memcpy-d2h,memory,") != NULL,
	   "memcpy rows: host-timed ns, no cycles, no chain");
	free(csv);
	json = render(&rep, REPORT_JSON);
	ok(json[0] == '[' && count_lines(json, "\"row\": ") == 23, "JSON: the same 23 records");
	free(json);
	human = render(&rep, REPORT_TABLE);
	ok(strstr(human, "Latency by working set") && strstr(human, "Latency by level"),
	   "human: the sweep and the levels");
	ok(strstr(human, "4 GiB *") != NULL, "human: the sparse chain marked");
	ok(strstr(human, "latency by working set (cycles per load)") != NULL, "human: the staircase");
	ok(strstr(human, "L2-far") && strstr(human, "DRAM-TLB"), "human: far L2 and TLB named");
	ok(strstr(human, "1 KiB-128 KiB") != NULL, "human: a level's sets");
	ok(strstr(human, "level by counters") != NULL, "human: how levels are known");
	ok(report_plot_count(&rep) == 1, "one chart for --plot");
	free(human);
	{
		struct report_doc doc = { "gpuperf latency", "Fake GPU, CC 9.0", "0.1.0", NULL, NULL };
		char *svg = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&svg, &len);

		ok(report_emit_svg(&rep, &doc, f) == 0, "--plot: the SVG renders");
		fclose(f);
		ok(strstr(svg, ">latency (cycles)</text>") != NULL, "--plot: latency in cycles on y");
		ok(strstr(svg, ">1 KiB</text>") && strstr(svg, ">1 MiB</text>") && strstr(svg, ">1 GiB</text>"),
		   "--plot: working set on a log axis of bytes");
		ok(strstr(svg, "L1 34 cycles") && strstr(svg, "DRAM-TLB") && strstr(svg, "L1 per SM") &&
		   strstr(svg, ">L2 = "), "--plot: plateaus and cache sizes marked");
		free(svg);
	}
	n = lat_levels(&dev, &run, lv, 16);
	ok(n == 9 && !strcmp(lv[0].name, "L1") && !strcmp(lv[1].name, "L2") &&
	   !strcmp(lv[3].name, "DRAM") && !strcmp(lv[5].name, "shared") &&
	   !strcmp(lv[6].name, "host") && isnan(lv[7].cycles),
	   "lat_levels: plateaus, then shared, host and the copies (%zu)", n);
	is_dbl(lv[6].ns, 1200, 1e-9, "host memory at 1.2 us");
	report_free(&rep);

	run.nrows = fabricate(rows, 0);
	tab_latency(&rep, &dev, &run);
	csv = render(&rep, REPORT_CSV);
	ok(strstr(csv, ",L1,size,,,,1980.00,yes,,\n") != NULL, "no counters: level by size, hit columns empty");
	ok(strstr(csv, ",level,global,268435456,1073741824,64,random,,18432,652.500,") != NULL &&
	   strstr(csv, ",DRAM-TLB,") == NULL &&
	   strstr(csv, ",399.495,DRAM,size,") != NULL,
	   "no counters: a lone last point is no plateau, DRAM by the one before it");
	free(csv);
	human = render(&rep, REPORT_TABLE);
	ok(strstr(human, "counters unavailable") != NULL, "human: says the counters were missing");
	free(human);
	report_free(&rep);

	run.nrows = 1;
	tab_latency(&rep, &dev, &run);
	ok(report_plot_count(&rep) == 0, "one set: no chart");
	report_free(&rep);
	return done_testing();
}
