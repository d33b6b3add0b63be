/* gpuperf p2p's tables on a fabricated 2-GPU node: machine rows, matrices, notes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tables/p2p.h"
#include "tests/unit/render.h"
#include "tests/unit/unit.h"

/* size bytes at gbs: the median time of the stats. */
static void timed(struct p2p_pair *p, enum p2p_method m, uint64_t bytes, double gbs)
{
	p->bytes[m] = bytes;
	p->ms[m].n = 10;
	p->ms[m].median = p->ms[m].min = p->ms[m].max = bytes / (gbs * 1e6);
}

int main(void)
{
	struct gp_device devs[2];
	struct p2p_pair pairs[2];
	struct p2p_run run = { devs, 2, pairs, 2, 256u << 20, 10, 2 };
	struct report rep = { 0 };
	char *csv, *human;

	memset(devs, 0, sizeof(devs));
	memset(pairs, 0, sizeof(pairs));
	for (int i = 0; i < 2; i++) {
		snprintf(devs[i].name, sizeof(devs[i].name), "NVIDIA H200");
		devs[i].index = i;
		devs[i].cc_major = 9;
		snprintf(devs[i].pci_bus_id, sizeof(devs[i].pci_bus_id), "0000:%02x:00.0", 0x18 + i);
		pairs[i] = (struct p2p_pair){ .src = i, .dst = 1 - i, .access = 1, .access_back = 1,
			.perf_rank = 0, .link_peak_gbs = 450 };
		snprintf(pairs[i].link, sizeof(pairs[i].link), "NVLink4 x18");
		timed(&pairs[i], P2P_CE_WRITE, 256u << 20, 390 + i);
		timed(&pairs[i], P2P_CE_READ, 256u << 20, 380);
		timed(&pairs[i], P2P_SM_WRITE, 256u << 20, 400);
		timed(&pairs[i], P2P_SM_READ, 256u << 20, 370);
		timed(&pairs[i], P2P_CE_BIDIR, 512u << 20, 760);
	}
	tab_p2p(&rep, NULL, &run);
	csv = unit_render(&rep, REPORT_CSV);
	ok(!strncmp(csv, "device,cc,device_index,uuid,pci_bus_id,hostname,src_device,dst_device,", 70),
	   "CSV: identity of the source first, then the pair");
	ok(strstr(csv, "NVIDIA H200,9.0,0,,0000:18:00.0,,0,1,0000:19:00.0,268435456,1,1,0,0,"
		       "NVLink4 x18,450.000,390.000,380.000,400.000,370.000,760.000,") != NULL,
	   "CSV: a row per ordered pair with every method");
	ok(strstr(csv, ",1,0,0000:18:00.0,") != NULL, "CSV: the pair back, from device 1");
	ok(strstr(csv, ",86.667,10,,\n") != NULL,
	   "CSV: CE write as a share of the link (390 of 450); not watched: contended, throttled empty");
	free(csv);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "copy engine, the source writing (GB/s)\nsrc \\ dst      0      1\n") != NULL,
	   "human: a matrix per method, destinations across");
	ok(strstr(human, "\n0            n/a  390.0\n1          391.0    n/a\n") != NULL,
	   "human: the diagonal empty, each pair in its cell");
	ok(strstr(human, "0 -> 1: NVLink4 x18, peer access yes, 390.0 of 450.0 GB/s per direction (87 %)")
	   != NULL, "human: the link of each pair and its share");
	ok(strstr(human, "both ways at once, sum (GB/s)") != NULL, "human: the bidirectional matrix");
	free(human);
	report_free(&rep);

	/* a pair without peer access: the SM methods were not measured */
	memset(&pairs[0].ms[P2P_SM_WRITE], 0, sizeof(pairs[0].ms[0]));
	pairs[0].access = 0;
	pairs[0].link_peak_gbs = NAN;
	snprintf(pairs[0].link, sizeof(pairs[0].link), "PCIe");
	tab_p2p(&rep, NULL, &run);
	csv = unit_render(&rep, REPORT_CSV);
	ok(strstr(csv, ",0,1,0000:19:00.0,268435456,0,1,0,0,PCIe,,390.000,380.000,,370.000,") != NULL,
	   "no access: SM write and the link's peak left empty");
	free(csv);
	human = unit_render(&rep, REPORT_TABLE);
	ok(strstr(human, "0 -> 1: PCIe, peer access no (the SMs cannot reach it)\n") != NULL,
	   "no access: said in words");
	free(human);
	report_free(&rep);
	return done_testing();
}
