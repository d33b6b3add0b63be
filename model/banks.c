/* Bank conflicts of shared-memory warp accesses (see banks.h). */
#include "model/banks.h"

#define TILE 32

static const char *const pattern_names[BANK_NPATTERNS] = {
	[BANK_STRIDE] = "stride",
	[BANK_BROADCAST] = "broadcast",
	[BANK_MULTICAST] = "multicast",
	[BANK_MULTICAST_CONFLICT] = "multicast-conflict",
	[BANK_TR_UNPADDED] = "transpose-unpadded",
	[BANK_TR_PADDED] = "transpose-padded",
	[BANK_TR_SWIZZLED] = "transpose-swizzled",
};

static const char *const op_names[BANK_NOPS] = {
	[BANK_LOAD] = "load",
	[BANK_STORE] = "store",
};

const char *bank_pattern_name(enum bank_pattern p)
{
	return (unsigned)p < BANK_NPATTERNS ? pattern_names[p] : NULL;
}

const char *bank_op_name(enum bank_op op)
{
	return (unsigned)op < BANK_NOPS ? op_names[op] : NULL;
}

int bank_width_ok(unsigned width)
{
	return width == 4 || width == 8 || width == 16;
}

unsigned bank_lanes_per_phase(unsigned width)
{
	return bank_width_ok(width) ? BANK_COUNT * BANK_WORD / width : 0;
}

/* n-way conflict of the lanes [first, first + n) that are active. */
static unsigned phase_ways(const uint32_t *addr, uint32_t active, unsigned width,
			   unsigned first, unsigned n)
{
	/* Distinct words per bank; a phase asks for at most 32 words. */
	uint32_t words[BANK_COUNT][BANK_WARP];
	unsigned count[BANK_COUNT] = { 0 };
	unsigned ways = 0;

	for (unsigned l = first; l < first + n; l++) {
		if (!(active >> l & 1))
			continue;
		for (unsigned k = 0; k < width / BANK_WORD; k++) {
			uint32_t w = addr[l] / BANK_WORD + k;
			unsigned b = w % BANK_COUNT, j;
			for (j = 0; j < count[b] && words[b][j] != w; j++)
				;
			if (j == count[b])
				words[b][count[b]++] = w;
			if (count[b] > ways)
				ways = count[b];
		}
	}
	return ways;
}

void bank_access(const uint32_t *addr, uint32_t active, unsigned width,
		 struct bank_access *out)
{
	unsigned per = bank_lanes_per_phase(width);

	out->ways = 0;
	out->wavefronts = 0;
	if (!per)
		return;
	for (unsigned first = 0; first < BANK_WARP; first += per) {
		unsigned w = phase_ways(addr, active, width, first, per);
		out->wavefronts += w;
		if (w > out->ways)
			out->ways = w;
	}
}

/* Element index, in accesses of width, that lane l touches in access u. */
static uint64_t element(const struct bank_config *c, unsigned u, unsigned l)
{
	uint64_t line = BANK_COUNT * BANK_WORD / c->width;  /* elements per 128 B */

	switch (c->pattern) {
	case BANK_STRIDE:
		/* Access u moves the whole pattern by u lines: same banks. */
		return l * c->stride + u * line;
	case BANK_BROADCAST:
		return u * line;
	case BANK_MULTICAST:
		return l / 4 + u * line;
	case BANK_MULTICAST_CONFLICT:
		return (l % 4) * line + u * 4 * line;
	case BANK_TR_UNPADDED:
		return (uint64_t)l * TILE + u;
	case BANK_TR_PADDED:
		return (uint64_t)l * (TILE + 1) + u;
	case BANK_TR_SWIZZLED:
		return (uint64_t)l * TILE + (u ^ l);
	default:
		return 0;
	}
}

static int config_ok(const struct bank_config *c)
{
	return bank_width_ok(c->width) && (unsigned)c->pattern < BANK_NPATTERNS &&
	       (unsigned)c->op < BANK_NOPS &&
	       (c->pattern != BANK_STRIDE || c->stride >= 1);
}

int bank_addresses(const struct bank_config *c, unsigned u, uint32_t addr[BANK_WARP])
{
	if (!config_ok(c) || u >= BANK_UNROLL)
		return -1;
	for (unsigned l = 0; l < BANK_WARP; l++) {
		/* Reduce before multiplying so huge strides cannot overflow. */
		uint64_t e = element(c, u, l) % (BANK_BUF_BYTES / c->width);
		addr[l] = (uint32_t)(e * c->width);
	}
	return 0;
}

int bank_predict(const struct bank_config *c, struct bank_prediction *p)
{
	uint32_t addr[BANK_WARP];
	struct bank_access a;
	unsigned total = 0;

	if (!config_ok(c))
		return -1;
	p->ways = 0;
	for (unsigned u = 0; u < BANK_UNROLL; u++) {
		bank_addresses(c, u, addr);
		bank_access(addr, 0xffffffffu, c->width, &a);
		total += a.wavefronts;
		if (a.ways > p->ways)
			p->ways = a.ways;
	}
	p->wavefronts = (double)total / BANK_UNROLL;
	p->ideal = c->width / BANK_WORD;
	p->conflicts = p->wavefronts - p->ideal;
	return 0;
}

long long bank_row_stride(const struct bank_config *c)
{
	switch (c->pattern) {
	case BANK_STRIDE:
		return (long long)c->stride;
	case BANK_BROADCAST:
		return 0;
	case BANK_TR_UNPADDED:
	case BANK_TR_SWIZZLED:
		return TILE;
	case BANK_TR_PADDED:
		return TILE + 1;
	default:
		return -1;
	}
}
