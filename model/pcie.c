/* PCIe line rates and encodings, per generation. */
#include <stdlib.h>
#include <string.h>
#include "model/pcie.h"

struct pcie_gen {
	double gts;       /* GT/s per lane */
	double payload;   /* fraction of bits carrying data after encoding */
	const char *encoding;
};

/* Gen6 moves 256-byte FLITs of which 236 bytes carry TLPs (the rest: DLP, CRC, FEC). */
static const struct pcie_gen gens[] = {
	[1] = { 2.5, 8.0 / 10.0, "8b/10b" },
	[2] = { 5.0, 8.0 / 10.0, "8b/10b" },
	[3] = { 8.0, 128.0 / 130.0, "128b/130b" },
	[4] = { 16.0, 128.0 / 130.0, "128b/130b" },
	[5] = { 32.0, 128.0 / 130.0, "128b/130b" },
	[6] = { 64.0, 236.0 / 256.0, "FLIT" },
};

static const struct pcie_gen *gen_info(int gen)
{
	if (gen < 1 || gen >= (int)(sizeof(gens) / sizeof(gens[0])))
		return NULL;
	return &gens[gen];
}

double pcie_gts(int gen)
{
	const struct pcie_gen *g = gen_info(gen);
	return g ? g->gts : 0;
}

double pcie_encoding(int gen)
{
	const struct pcie_gen *g = gen_info(gen);
	return g ? g->payload : 0;
}

const char *pcie_encoding_name(int gen)
{
	const struct pcie_gen *g = gen_info(gen);
	return g ? g->encoding : "?";
}

double pcie_raw_gbs(int gen, int width)
{
	if (width < 1)
		return 0;
	return pcie_gts(gen) * width / 8.0;
}

double pcie_peak_gbs(int gen, int width)
{
	return pcie_raw_gbs(gen, width) * pcie_encoding(gen);
}

int pcie_gen_from_speed(const char *speed)
{
	char *end;
	double gts;

	if (!speed)
		return 0;
	gts = strtod(speed, &end);
	if (end == speed || strncmp(end, " GT/s", 5))
		return 0;
	for (int g = 1; g < (int)(sizeof(gens) / sizeof(gens[0])); g++)
		if (gts > gens[g].gts * 0.99 && gts < gens[g].gts * 1.01)
			return g;
	return 0;
}

void pcie_balance(double per_slow, double per_fast, int count, size_t size, size_t align,
		  int tail_ok, int *full, size_t *tail)
{
	double ratio = per_fast > 0 && per_slow > 0 ? per_slow / per_fast : 1, want;

	if (ratio > 8)
		ratio = 8;
	*tail = 0;
	if (ratio <= 1.02) {
		*full = count;
		return;
	}
	want = count * ratio;
	if (!tail_ok || size == 0 || align == 0) {
		*full = (int)(want + 0.5);
		return;
	}
	*full = (int)want;
	*tail = (size_t)((want - *full) * (double)size) / align * align;
	if (!*tail && want - *full >= 0.5)  /* transfers under a page: rounded */
		(*full)++;
}
