/* Sectors per warp instruction for the coalescing patterns (see coalesce.h). */
#include "model/coalesce.h"

static const char *const pattern_names[COAL_NPATTERNS] = {
	[COAL_OFFSET] = "offset",
	[COAL_STRIDE] = "stride",
	[COAL_AOS_DIRECT] = "aos-direct",
	[COAL_AOS_STAGED] = "aos-staged",
	[COAL_SOA] = "soa",
	[COAL_TR_COPY] = "transpose-copy",
	[COAL_TR_NAIVE] = "transpose-naive",
	[COAL_TR_TILED] = "transpose-tiled",
	[COAL_TR_PADDED] = "transpose-padded",
	[COAL_TR_MULTI] = "transpose-multi",
};

static const char *const op_names[COAL_NOPS] = {
	[COAL_LOAD] = "load",
	[COAL_STORE] = "store",
	[COAL_COPY] = "copy",
};

const char *coal_pattern_name(enum coal_pattern p)
{
	return (unsigned)p < COAL_NPATTERNS ? pattern_names[p] : NULL;
}

const char *coal_op_name(enum coal_op op)
{
	return (unsigned)op < COAL_NOPS ? op_names[op] : NULL;
}

int coal_width_ok(unsigned width)
{
	return width == 4 || width == 8 || width == 16;
}

unsigned coal_sectors(const uint64_t *addr, size_t n, unsigned width)
{
	uint64_t seen[COAL_WARP];
	unsigned count = 0;

	(void)width;  /* aligned accesses of <= 32 bytes sit inside one sector */
	if (n > COAL_WARP)
		n = COAL_WARP;
	for (size_t i = 0; i < n; i++) {
		uint64_t s = addr[i] / COAL_SECTOR;
		unsigned j;
		for (j = 0; j < count && seen[j] != s; j++)
			;
		if (j == count)
			seen[count++] = s;
	}
	return count;
}

unsigned coal_sectors_strided(uint64_t offset, uint64_t stride, unsigned width)
{
	uint64_t addr[COAL_WARP];

	for (unsigned l = 0; l < COAL_WARP; l++)
		addr[l] = (offset + l * stride) * width;
	return coal_sectors(addr, COAL_WARP, width);
}

unsigned coal_ideal_sectors(unsigned width)
{
	return (COAL_WARP * width + COAL_SECTOR - 1) / COAL_SECTOR;
}

/* Mean sectors of the three field accesses of struct {T x, y, z}. */
static double aos_sectors(unsigned width)
{
	uint64_t addr[COAL_WARP];
	unsigned sum = 0;

	for (unsigned field = 0; field < 3; field++) {
		for (unsigned l = 0; l < COAL_WARP; l++)
			addr[l] = (uint64_t)l * 3 * width + field * width;
		sum += coal_sectors(addr, COAL_WARP, width);
	}
	return sum / 3.0;
}

/* A warp writing one column of a row-major matrix: lane l at row l. */
static unsigned column_sectors(uint64_t pitch, unsigned width)
{
	uint64_t addr[COAL_WARP];

	for (unsigned l = 0; l < COAL_WARP; l++)
		addr[l] = (uint64_t)l * pitch * width;
	return coal_sectors(addr, COAL_WARP, width);
}

int coal_predict(const struct coal_config *c, struct coal_prediction *p)
{
	unsigned w = c->width;
	double row = coal_sectors_strided(0, 1, w);  /* a coalesced warp */
	double ld = 0, st = 0;

	if (!coal_width_ok(w) || (unsigned)c->op >= COAL_NOPS)
		return -1;
	switch (c->pattern) {
	case COAL_OFFSET:
	case COAL_STRIDE:
		if (c->stride == 0)
			return -1;
		ld = st = coal_sectors_strided(c->offset, c->stride, w);
		if (c->op == COAL_LOAD)
			st = 0;
		else if (c->op == COAL_STORE)
			ld = 0;
		break;
	case COAL_AOS_DIRECT:
		ld = st = aos_sectors(w);
		break;
	case COAL_AOS_STAGED:
	case COAL_SOA:
	case COAL_TR_COPY:
	case COAL_TR_TILED:
	case COAL_TR_PADDED:
	case COAL_TR_MULTI:
		ld = st = row;
		break;
	case COAL_TR_NAIVE:
		ld = row;
		st = column_sectors(c->pitch ? c->pitch : 1024, w);
		break;
	default:
		return -1;
	}
	p->ld_sectors = ld;
	p->st_sectors = st;
	p->ld_ideal = ld > 0 ? coal_ideal_sectors(w) : 0;
	p->st_ideal = st > 0 ? coal_ideal_sectors(w) : 0;
	return 0;
}

double coal_efficiency_pct(unsigned width, double sectors)
{
	if (sectors <= 0)
		return 0;
	return 100.0 * COAL_WARP * width / (COAL_SECTOR * sectors);
}
