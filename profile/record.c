/*
 * The profile record codec (profile/record.h), encoding side: the table
 * of fields that drives both directions (record-decode.c reads it too),
 * so what the library writes is what gpuperf reads.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "util/compat.h"
#include "profile/record-fields.h"
#include "profile/stalls.h"

const char *const prof_type_names[PROF_NTYPES] = {
	[PROF_HELLO] = PROF_MAGIC,
	[PROF_DEVICE] = "device",
	[PROF_LAUNCH] = "launch",
	[PROF_TIME] = "time",
	[PROF_NOTE] = "note",
	[PROF_END] = "end",
	[PROF_RANGE] = "range",
	[PROF_PC] = "pc",
};

/*
 * The full set, three passes on GH100 (two of hardware counters, one of
 * instrumented code): time, DRAM, L2 and L1 bytes with the chip's peaks,
 * the FMA, FP64 and tensor pipes, occupancy and the hit rates; and, by
 * instrumented code, each kind of access apart (LDG, STG, atomics,
 * cp.async, LDS, STS, ldmatrix, cp.async's shared writes, TMA) with the
 * bytes its lanes asked for, and the FLOPs by precision.  The hardware's
 * own global sectors and shared wavefronts are left out: they mix kinds.
 * The standard set is the same less the hit rates, the last NHIT_RATES.
 */
#define NHIT_RATES 2
const enum ctr_id prof_counters[] = {
	/* hardware */
	CTR_ACHIEVED_OCCUPANCY_PCT, CTR_DRAM_READ_BYTES, CTR_DRAM_WRITE_BYTES,
	CTR_L2_READ_SECTORS, CTR_L2_WRITE_SECTORS, CTR_ELAPSED_CYCLES, CTR_DURATION_NS,
	CTR_SM_ACTIVE_CYCLES_MAX,
	CTR_FMA_PIPE_PCT, CTR_FP64_PIPE_PCT, CTR_TENSOR_PIPE_PCT, CTR_L1_BYTES, CTR_L2_BYTES,
	CTR_SM_CLOCK_HZ, CTR_SHARED_LOAD_BANK_CONFLICTS, CTR_SHARED_STORE_BANK_CONFLICTS,
	/* the chip's peaks: no counter, no pass */
	CTR_FFMA_PEAK_PER_CYCLE, CTR_DFMA_PEAK_PER_CYCLE, CTR_HFMA_PEAK_PER_CYCLE,
	CTR_DRAM_PEAK_BYTES_PER_S, CTR_L2_PEAK_BYTES_PER_S, CTR_L1_PEAK_BYTES_PER_S,
	/* instrumented: FLOPs, then each kind of access */
	CTR_DADD, CTR_DMUL, CTR_DFMA, CTR_FADD, CTR_FMUL, CTR_FFMA, CTR_HADD, CTR_HMUL, CTR_HFMA,
	CTR_LDG_REQUESTS, CTR_LDG_SECTORS, CTR_GLOBAL_LOAD_BYTES,
	CTR_STG_REQUESTS, CTR_STG_SECTORS, CTR_GLOBAL_STORE_BYTES,
	CTR_ATOM_REQUESTS, CTR_ATOM_SECTORS, CTR_ATOM_BYTES,
	CTR_RED_REQUESTS, CTR_RED_SECTORS, CTR_RED_BYTES,
	CTR_CP_ASYNC_REQUESTS, CTR_CP_ASYNC_SECTORS, CTR_CP_ASYNC_BYTES,
	CTR_LDS_INSTRUCTIONS, CTR_LDS_WAVEFRONTS, CTR_LDS_BYTES,
	CTR_STS_INSTRUCTIONS, CTR_STS_WAVEFRONTS, CTR_STS_BYTES,
	CTR_LDSM_INSTRUCTIONS, CTR_LDSM_WAVEFRONTS, CTR_LDSM_BYTES,
	CTR_LDGSTS_SHARED_WAVEFRONTS, CTR_LDGSTS_SHARED_BYTES,
	CTR_SHARED_ATOM_INSTRUCTIONS, CTR_SHARED_ATOM_WAVEFRONTS,
	CTR_SHARED_BYTES, CTR_SHARED_GMMA_BYTES, CTR_TMA_LOAD_REQUESTS,
	CTR_GLOBAL_SECTORS_ALL, CTR_SHARED_WAVEFRONTS_ALL,
	/*
	 * The hit rates, informational: no verdict uses them.  They cost a
	 * third of a replayed launch on an H200 (104 ms a launch with them,
	 * 65 without, bench/NOTES.md), the L2's in two passes of its own.
	 */
	CTR_L1_HIT_RATE_PCT, CTR_L2_HIT_RATE_PCT,
};
const size_t prof_ncounters = ARRAY_SIZE(prof_counters);

/*
 * One pass on GH100: global sectors and requests (coalescing), DRAM, L2
 * and L1 bytes with the chip's peaks (the memory roofs), the tensor pipe
 * and the FMA pipe's issue rate (the compute roofs), occupancy, time.
 * Left out, each for a pass of its own: shared wavefronts and bank
 * conflicts (they share L1TEX's counters with the global sectors), the
 * L2 hit rate, the FMA pipe's busy cycles, and every instrumented count
 * (FLOPs, the bytes lanes ask for, cp.async, TMA, shared bytes).
 */
static const enum ctr_id light_counters[] = {
	CTR_GLOBAL_LOAD_SECTORS, CTR_GLOBAL_LOAD_REQUESTS,
	CTR_GLOBAL_STORE_SECTORS, CTR_GLOBAL_STORE_REQUESTS,
	CTR_ACHIEVED_OCCUPANCY_PCT, CTR_DRAM_READ_BYTES, CTR_DRAM_WRITE_BYTES,
	CTR_L1_HIT_RATE_PCT, CTR_L2_READ_SECTORS, CTR_L2_WRITE_SECTORS,
	CTR_ELAPSED_CYCLES, CTR_DURATION_NS, CTR_SM_ACTIVE_CYCLES_MAX,
	CTR_FMA_ISSUE_PCT, CTR_TENSOR_PIPE_PCT, CTR_L1_BYTES, CTR_L2_BYTES, CTR_SM_CLOCK_HZ,
	CTR_FFMA_PEAK_PER_CYCLE, CTR_DFMA_PEAK_PER_CYCLE, CTR_HFMA_PEAK_PER_CYCLE,
	CTR_DRAM_PEAK_BYTES_PER_S, CTR_L2_PEAK_BYTES_PER_S, CTR_L1_PEAK_BYTES_PER_S,
};

const char *const prof_set_names[] = { [PROF_SET_LIGHT] = "light", [PROF_SET_FULL] = "full",
				       [PROF_SET_STANDARD] = "standard", NULL };

int prof_set_lookup(const char *name)
{
	if (!name || !*name)
		return PROF_SET_STANDARD;
	for (int i = 0; i < PROF_NSETS; i++)
		if (!strcmp(name, prof_set_names[i]))
			return i;
	return -1;
}

const enum ctr_id *prof_set_counters(int s, size_t *n)
{
	switch (s) {
	case PROF_SET_LIGHT:
		*n = ARRAY_SIZE(light_counters);
		return light_counters;
	case PROF_SET_FULL:
		*n = prof_ncounters;
		return prof_counters;
	case PROF_SET_STANDARD:
		*n = prof_ncounters - NHIT_RATES;
		return prof_counters;
	default:
		*n = 0;
		return NULL;
	}
}

#define T(t) (1u << PROF_##t)
#define ALL ((1u << PROF_NTYPES) - 1)
#define OFF(f) offsetof(struct prof_rec, f)

const struct field prof_fields[] = {
	{ "v", F_INT, OFF(version), T(HELLO), 0, 1, INT_MAX },
	{ "pid", F_LL, OFF(pid), ALL, 0, 1, LLONG_MAX },
	{ "dev", F_INT, OFF(dev), T(DEVICE) | T(LAUNCH) | T(TIME) | T(RANGE) | T(PC), 0, 0, INT_MAX },
	{ "cc", F_CC, 0, T(DEVICE), 0, 0, 0 },
	{ "sms", F_INT, OFF(sms), T(DEVICE), 0, 0, INT_MAX },
	{ "mem_clock_khz", F_INT, OFF(mem_clock_khz), T(DEVICE), 0, 0, INT_MAX },
	{ "bus_bits", F_INT, OFF(bus_bits), T(DEVICE), 0, 0, INT_MAX },
	{ "name", F_STR, OFF(name), T(DEVICE), 0, 0, 0 },
	{ "chip", F_STR, OFF(chip), 0, T(DEVICE), 0, 0 },
	/* the GPU and driver gpuperf roofline's ceilings are kept for (results/roofline-cache.h) */
	{ "uuid", F_STR, OFF(uuid), 0, T(DEVICE), 0, 0 },
	{ "driver", F_INT, OFF(driver_version), 0, T(DEVICE), 0, INT_MAX },
	{ "kernel", F_STR, OFF(kernel), T(LAUNCH) | T(TIME) | T(RANGE) | T(PC), 0, 0, 0 },
	{ "api", F_STR, OFF(api), 0, T(LAUNCH), 0, 0 },
	{ "corr", F_U64, OFF(corr), T(LAUNCH), 0, 0, 0 },
	{ "grid", F_DIM3, OFF(grid), T(LAUNCH) | T(TIME), 0, 0, 0 },
	{ "block", F_DIM3, OFF(block), T(LAUNCH) | T(TIME), 0, 0, 0 },
	{ "cluster", F_DIM3, OFF(cluster), T(LAUNCH), 0, 0, 0 },
	{ "dyn_smem", F_U64, OFF(dyn_smem), T(LAUNCH) | T(TIME), 0, 0, 0 },
	{ "static_smem", F_U64, OFF(static_smem), T(LAUNCH) | T(TIME), 0, 0, 0 },
	{ "local_bytes", F_U64, OFF(local_bytes), T(LAUNCH), 0, 0, 0 },
	{ "regs", F_INT, OFF(regs), T(LAUNCH) | T(TIME), 0, 0, 65535 },
	{ "carveout", F_INT, OFF(carveout), T(LAUNCH), 0, -1, 100 },
	{ "launches", F_U64, OFF(launches), T(TIME) | T(END), 0, 0, 0 },
	{ "graph", F_U64, OFF(graph), T(TIME), 0, 0, 0 },
	{ "timed", F_U64, OFF(timed), T(TIME) | T(RANGE), 0, 0, 0 },
	{ "ns", F_U64, OFF(ns), T(TIME) | T(RANGE), 0, 0, 0 },
	{ "min_ns", F_U64, OFF(min_ns), T(TIME), 0, 0, 0 },
	{ "max_ns", F_U64, OFF(max_ns), T(TIME), 0, 0, 0 },
	{ "level", F_STR, OFF(level), T(NOTE), 0, 0, 0 },
	{ "text", F_STR, OFF(text), T(NOTE), 0, 0, 0 },
	{ "profiled", F_U64, OFF(profiled), T(END), 0, 0, 0 },
	{ "dropped", F_U64, OFF(dropped), T(END), 0, 0, 0 },
	{ "off", F_INT, OFF(off), T(END), 0, 0, 1 },
	/* gpuperf profile --by range */
	{ "range", F_STR, OFF(range), 0, T(LAUNCH) | T(RANGE), 0, 0 },
	{ "graph_id", F_U64, OFF(graph_id), 0, T(RANGE), 0, 0 },
	{ "graph_node", F_U64, OFF(graph_node), 0, T(RANGE), 0, 0 },
	/* PC sampling (profile/stalls.h) */
	{ "stall_samples", F_U64, OFF(stall_samples), 0, T(LAUNCH) | T(PC), 0, 0 },
	{ "sampled", F_INT, OFF(sampled), 0, T(LAUNCH), 0, 1 },
	{ "hot_file", F_STR, OFF(hot_file), 0, T(LAUNCH), 0, 0 },
	{ "hot_line", F_INT, OFF(hot_line), 0, T(LAUNCH), 0, INT_MAX },
	{ "hot_pc", F_U64, OFF(hot_pc), 0, T(LAUNCH), 0, 0 },
	{ "nth", F_U64, OFF(nth), T(PC), T(LAUNCH), 0, 0 },
	{ "set", F_STR, OFF(counter_set), 0, T(LAUNCH), 0, 0 },
	/* a pc record's instruction: the hot spot's fields under their own names */
	{ "offset", F_U64, OFF(hot_pc), T(PC), 0, 0, 0 },
	{ "file", F_STR, OFF(hot_file), 0, T(PC), 0, 0 },
	{ "line", F_INT, OFF(hot_line), 0, T(PC), 0, INT_MAX },
	/* ... and its counts in a patched launch (SASS metrics) */
	{ "executed", F_U64, OFF(inst_executed), 0, T(PC), 0, 0 },
	{ "op", F_STR, OFF(op), 0, T(PC), 0, 0 },
	{ "bytes", F_INT, OFF(op_bytes), 0, T(PC), 0, 64 },
	{ "code", F_STR, OFF(code), 0, T(PC), 0, 0 },
	{ "sectors", F_U64, OFF(sectors), 0, T(PC), 0, 0 },
	{ "sectors_ideal", F_U64, OFF(sectors_ideal), 0, T(PC), 0, 0 },
	{ "wavefronts", F_U64, OFF(wavefronts), 0, T(PC), 0, 0 },
	{ "wavefronts_ideal", F_U64, OFF(wavefronts_ideal), 0, T(PC), 0, 0 },
};
const size_t prof_nfields = ARRAY_SIZE(prof_fields);

_Static_assert(ARRAY_SIZE(prof_fields) <= 64, "the decoder tracks fields in a 64-bit mask");
const char *prof_type_name(enum prof_type t)
{
	return (int)t >= 0 && t < PROF_NTYPES ? prof_type_names[t] : NULL;
}

void prof_rec_init(struct prof_rec *r, enum prof_type t, long long pid)
{
	memset(r, 0, sizeof(*r));
	r->type = t;
	r->pid = pid;
	r->version = PROF_FORMAT_VERSION;
	r->carveout = -1;
	for (int i = 0; i < CTR_COUNT; i++)
		r->ctr[i] = NAN;
}

/* ---- encoding ---- */

struct out {
	char *buf;
	size_t size, len;
	int full;
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->full || o->len + n >= o->size) {
		o->full = 1;
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

GP_PRINTF(2, 3)
static void putf(struct out *o, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(tmp))
		o->full = 1;
	else
		put(o, tmp, (size_t)n);
}

static int plain_byte(unsigned char c)
{
	return c > ' ' && c <= '~' && c != '%';
}

static void put_escaped(struct out *o, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const unsigned char *p = (const unsigned char *)s; *p && !o->full; p++) {
		size_t n = 1;

		if (!plain_byte(*p)) {
			char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };
			put(o, e, 3);
			continue;
		}
		while (plain_byte(p[n]))
			n++;
		put(o, (const char *)p, n);
		p += n - 1;
	}
}

/*
 * %.17g in the C locale whatever the program set: the injected library
 * formats inside someone else's process, where LC_NUMERIC may say ','.
 * Anything %g writes that is not a digit, sign or exponent is the radix.
 */
static void put_double(struct out *o, double v)
{
	char tmp[64], fixed[64];
	size_t j = 0;
	int radix_done = 0;

	snprintf(tmp, sizeof(tmp), "%.17g", v);
	for (size_t i = 0; tmp[i] && j + 1 < sizeof(fixed); i++) {
		char c = tmp[i];
		if (isdigit((unsigned char)c) || c == '-' || c == '+' || c == 'e' || c == 'E') {
			fixed[j++] = c;
		} else if (!radix_done) {
			fixed[j++] = '.';
			radix_done = 1;
			while (tmp[i + 1] && !isdigit((unsigned char)tmp[i + 1]))
				i++;   /* a multibyte radix */
		}
	}
	put(o, fixed, j);
}

static void put_field(struct out *o, const struct prof_rec *r, const struct field *f)
{
	const char *base = (const char *)r;

	put(o, " ", 1);
	put(o, f->key, strlen(f->key));
	put(o, "=", 1);
	switch (f->t) {
	case F_INT:
		putf(o, "%d", *(const int *)(base + f->off));
		break;
	case F_LL:
		putf(o, "%lld", *(const long long *)(base + f->off));
		break;
	case F_U64:
		putf(o, "%llu", *(const unsigned long long *)(base + f->off));
		break;
	case F_DIM3: {
		const struct prof_dim3 *d = (const struct prof_dim3 *)(base + f->off);
		putf(o, "%u,%u,%u", d->x, d->y, d->z);
		break;
	}
	case F_CC:
		putf(o, "%d.%d", r->cc_major, r->cc_minor);
		break;
	case F_STR:
		put_escaped(o, *(char *const *)(base + f->off));
		break;
	}
}

int prof_encode(const struct prof_rec *r, char *buf, size_t size)
{
	struct out o = { buf, size < PROF_LINE_MAX ? size : PROF_LINE_MAX, 0, 0 };
	const char *name = prof_type_name(r->type);
	unsigned bit;

	if (!name || !size)
		return -1;
	bit = 1u << r->type;
	put(&o, name, strlen(name));
	for (size_t i = 0; i < prof_nfields; i++) {
		const struct field *f = &prof_fields[i];
		if (!((f->need | f->opt) & bit))
			continue;
		if (f->t == F_STR && !*(char *const *)((const char *)r + f->off)) {
			if (f->need & bit)
				return -1;
			continue;
		}
		if (!(f->need & bit) && ((f->t == F_INT && !*(const int *)((const char *)r + f->off)) ||
		    (f->t == F_U64 && !*(const unsigned long long *)((const char *)r + f->off))))
			continue;   /* an optional number left out: 0 */
		put_field(&o, r, f);
	}
	for (int i = 0; r->type == PROF_LAUNCH && i < CTR_COUNT; i++) {
		if (!isfinite(r->ctr[i]))
			continue;
		put(&o, " " CTR_PREFIX, strlen(" " CTR_PREFIX));
		put(&o, ctr_name((enum ctr_id)i), strlen(ctr_name((enum ctr_id)i)));
		put(&o, "=", 1);
		put_double(&o, r->ctr[i]);
	}
	for (int i = 0; (r->type == PROF_LAUNCH || r->type == PROF_PC) && r->stall_samples &&
			i < PS_N; i++) {
		if (!r->stall[i])
			continue;
		put(&o, " " STALL_PREFIX, strlen(" " STALL_PREFIX));
		put(&o, prof_stall_code((enum prof_stall)i),
		    strlen(prof_stall_code((enum prof_stall)i)));
		putf(&o, "=%llu", r->stall[i]);
	}
	put(&o, "\n", 1);
	if (o.full)
		return -1;
	buf[o.len] = '\0';
	return (int)o.len;
}
