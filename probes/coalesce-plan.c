/* Launch geometry of the coalescing probe: pure, shared with the CLI's checks. */
#include <stdlib.h>
#include "model/coalesce.h"
#include "probes/coalesce.h"

/* Largest r with r * r <= x. */
static uint64_t isqrt(uint64_t x)
{
	uint64_t r = 0, bit = 1ull << 62;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

int coal_plan(const struct coal_config *cfg, uint64_t size, struct coal_plan *p)
{
	const uint64_t chunk = COAL_BLOCK * COAL_PER_THREAD;  /* accesses per block */
	uint64_t w = cfg->width, elems, n;

	if (!coal_width_ok(cfg->width))
		return -1;
	elems = size / w;
	p->pitch = 0;
	switch (cfg->pattern) {
	case COAL_OFFSET:
	case COAL_STRIDE:
		if (cfg->stride == 0 || cfg->offset >= elems)
			return -1;
		/* Whole blocks only: every warp instruction is a full warp. */
		n = (elems - cfg->offset - 1) / cfg->stride + 1;
		n -= n % chunk;
		if (n < COAL_MIN_ACCESSES)
			return -1;
		p->accesses = n;
		p->span_bytes = (cfg->offset + (n - 1) * cfg->stride + 1) * w;
		p->bytes_requested = (double)n * w * (cfg->op == COAL_COPY ? 2 : 1);
		return 0;
	case COAL_AOS_DIRECT:
	case COAL_AOS_STAGED:
	case COAL_SOA:
		n = elems / 3;                  /* structs of three fields */
		n -= n % COAL_BLOCK;
		if (3 * n < COAL_MIN_ACCESSES)
			return -1;
		p->accesses = 3 * n;
		p->span_bytes = 3 * n * w;
		p->bytes_requested = 2.0 * 3 * n * w;
		return 0;
	case COAL_TR_COPY:
	case COAL_TR_NAIVE:
	case COAL_TR_TILED:
	case COAL_TR_PADDED:
	case COAL_TR_MULTI:
		n = isqrt(elems);
		n -= n % COAL_TILE;
		if (n < 2 * COAL_TILE)
			return -1;
		p->pitch = n;
		p->accesses = n * n;
		p->span_bytes = n * n * w;
		p->bytes_requested = 2.0 * n * n * w;
		return 0;
	default:
		return -1;
	}
}

