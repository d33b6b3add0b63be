/* NVLink generations and their per-link bandwidth (model/nvlink.h). */
#include <stdio.h>
#include "model/nvlink.h"

/* The generation each architecture's data-centre parts carry, 0 for none known. */
static int arch_generation(int cc_major, int cc_minor)
{
	switch (cc_major) {
	case 6: return 1;                      /* P100 */
	case 7: return cc_minor == 0 ? 2 : 0;  /* V100 */
	case 8: return cc_minor == 0 ? 3 : 0;  /* A100 (GA10x: NVLink3 bridges too) */
	case 9: return 4;                      /* H100, H200, GH200 */
	case 10: return 5;                     /* B200, GB200 */
	default: return 0;
	}
}

int nvlink_generation(unsigned raw, int cc_major, int cc_minor)
{
	static const int by_enum[] = { 0, 1, 2, 2, 3, 3, 4, 5 };
	int arch = arch_generation(cc_major, cc_minor);

	if (arch && raw == (unsigned)arch)
		return arch;
	return raw < sizeof(by_enum) / sizeof(by_enum[0]) ? by_enum[raw] : 0;
}

/*
 * Per link and direction: 20 GB/s for NVLink1 (P100: 4 links, 80),
 * 25 for NVLink2-4 (V100 6 links 150, A100 12 links 300, H100 18 links
 * 450), 50 for NVLink5 (B200 18 links, 900); NVIDIA's datasheets give
 * twice these, both directions added.
 */
double nvlink_link_gbs(int generation)
{
	switch (generation) {
	case 1: return 20;
	case 2: case 3: case 4: return 25;
	case 5: return 50;
	default: return 0;
	}
}

const char *nvlink_name(int generation, int links, char *buf, size_t n)
{
	if (generation > 0)
		snprintf(buf, n, "NVLink%d x%d", generation, links);
	else
		snprintf(buf, n, "NVLink x%d", links);
	return buf;
}
