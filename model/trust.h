/*
 * Can the figures of a run be trusted?  What the device's state looked
 * like before and while a command measured (struct trust_summary, filled
 * by gpu/watch.c from NVML), and what follows from it: the warnings, the
 * per-row flags `contended` and `throttled`, a refusal where a mode makes
 * a measurement meaningless, and a one-line stability verdict from the
 * repetition statistics.  Pure C: no CUDA or NVML types, so the tables
 * and the unit tests use it on fabricated summaries.
 */
#ifndef GP_MODEL_TRUST_H
#define GP_MODEL_TRUST_H

#include <stddef.h>

/*
 * Clock event ("throttle") reasons, NVML's bit values.  IDLE is no
 * slowdown: the GPU had nothing to run, between probes for example.
 */
#define TRUST_REASON_IDLE        0x001ull
#define TRUST_REASON_APP_CLOCKS  0x002ull  /* applications clocks set below the maximum */
#define TRUST_REASON_SW_POWER    0x004ull  /* the power cap */
#define TRUST_REASON_HW_SLOWDOWN 0x008ull  /* hardware slowdown: thermal or power brake */
#define TRUST_REASON_SYNC_BOOST  0x010ull  /* held to the slowest GPU of a sync-boost group */
#define TRUST_REASON_SW_THERMAL  0x020ull
#define TRUST_REASON_HW_THERMAL  0x040ull
#define TRUST_REASON_POWER_BRAKE 0x080ull
#define TRUST_REASON_DISPLAY     0x100ull  /* display clock setting */
#define TRUST_REASON_SLOWDOWNS   0x1feull  /* every reason but IDLE */

/* Compute modes, NVML's values. */
enum trust_compute_mode {
	TRUST_COMPUTE_DEFAULT = 0,
	TRUST_COMPUTE_EXCLUSIVE_THREAD = 1,
	TRUST_COMPUTE_PROHIBITED = 2,
	TRUST_COMPUTE_EXCLUSIVE_PROCESS = 3,
};

/* The device's modes; -1 where unknown. */
struct trust_modes {
	int ecc, ecc_pending;   /* 1 on, 0 off */
	int persistence;
	int mig, mig_pending;   /* MIG mode of the GPU: with it on, a CUDA device is a slice */
	int compute_mode;       /* enum trust_compute_mode */
};

#define TRUST_MAX_PROCS 8
struct trust_proc {
	unsigned pid;               /* as the driver reports it (a host PID in a container) */
	char name[32];              /* from /proc where visible, else "" */
	unsigned long long mem_bytes;  /* device memory it holds; 0 when unknown */
};

/* Whether other processes can be seen at all. */
enum trust_visibility {
	TRUST_PROCS_UNREAD = 0,  /* not read (no NVML, or the call failed) */
	TRUST_PROCS_VISIBLE,     /* the list holds gpuperf itself: the others are all there */
	TRUST_PROCS_HIDDEN,      /* the list lacks gpuperf (a PID namespace hides processes) */
};

/*
 * What the watch saw from the moment the device was opened (before any
 * probe ran) until the measure step ended, over every device it used.
 */
struct trust_summary {
	int watched;                  /* 1: NVML read the device; 0: see why */
	char why[192];                /* why not watched, or what could not be read */
	struct trust_modes modes;     /* of the (first) device, at its opening */
	int devices;                  /* devices watched */
	int samples;                  /* readings, the one at the opening included */
	double seconds;               /* from the first reading to the last */
	enum trust_visibility procs;
	size_t nothers;               /* other compute processes seen, before or during */
	struct trust_proc others[TRUST_MAX_PROCS];  /* the first TRUST_MAX_PROCS of them */
	/*
	 * Device memory in use just before this process first opened the
	 * device (none of it gpuperf's, reserved memory left out): someone
	 * else's; -1 unknown, or read after gpuperf already held some.
	 */
	long long mem_before;
	unsigned sm_max_mhz, mem_max_mhz;      /* the maximum clocks; 0 unknown */
	unsigned sm_min_mhz, mem_min_mhz;      /* lowest clock in a reading of a busy GPU; 0 none */
	unsigned long long reasons;   /* OR of the reasons seen, IDLE left out */
	int reasons_read;             /* readings that gave the reasons: 0, throttled unknown */
};

/* Initialise s as "not watched" with why (may be NULL). */
void trust_unwatched(struct trust_summary *s, const char *why);

/* Merge b (another device's, or a later reading) into a. */
void trust_merge(struct trust_summary *a, const struct trust_summary *b);

/* 1: another process used the GPU; 0: none did; -1: cannot tell. */
int trust_contended(const struct trust_summary *s);

/*
 * The `throttled` flag: "no", or the reasons seen joined by '+'
 * ("power_cap+hw_thermal"); NULL when it cannot be told (not watched).
 */
const char *trust_throttled(const struct trust_summary *s, char *buf, size_t n);

/* Reasons of mask in words, joined by sep ("power cap, thermal (hardware)"); "" for none. */
const char *trust_reason_words(unsigned long long mask, int machine, const char *sep,
			       char *buf, size_t n);

/* "default", "exclusive process", "prohibited", ...; "unknown" for -1. */
const char *trust_compute_mode_name(int mode);
/* "on", "off", "unknown"; with a pending change "off (on after reset)". */
const char *trust_mode_text(int cur, int pending, char *buf, size_t n);

/*
 * The warnings a summary calls for, one line each without a prefix,
 * each saying what was seen and what to do.  Returns how many were
 * written (at most max); lines[i] holds up to TRUST_LINE bytes.
 */
#define TRUST_LINE 320
#define TRUST_MAX_WARNINGS 4
size_t trust_warnings(const struct trust_summary *s, const char *where,
		      char lines[][TRUST_LINE], size_t max);

/*
 * A mode that makes command's figures meaningless: the message (without a
 * prefix), else NULL.  A MIG slice refuses what it cannot measure
 * honestly (bandwidth against the whole GPU's peak, peer copies) and
 * says which figures are per slice.
 */
const char *trust_refusal(const struct trust_modes *m, const char *command, char *buf, size_t n);

/*
 * Repetition CoV above which a figure is called unstable.  Idle, the
 * spread of the repetitions is small: DRAM streams 0.2 % CoV (issue 18),
 * PCIe transfers within 1 % of each other (bench/NOTES.md: 54.75-55.2
 * GB/s over five runs).  Beside another process's work it was 78-126 %.
 * 5 % sits twenty-five times above the idle spread, far under what
 * contention does, and above the jitter of the smallest (latency-bound)
 * transfers; the comparisons the project makes (a peer 1-2 % apart)
 * need figures steadier than that anyway.
 */
#define TRUST_UNSTABLE_COV_PCT 5.0

/* A row's spread: its CoV in percent (NaN: unknown) and a label ("copy 1 GiB"). */
struct trust_row {
	double cov_pct;
	const char *label;
};

/*
 * The stability verdict of a table: "stable: CoV at most 0.3 % over 7
 * figures" or "unstable: CoV up to 78 % (copy 1 GiB): rerun on an idle
 * GPU", plus what the watch saw ("; measured beside another process").
 * s may be NULL.  NULL when no row has a CoV.
 */
const char *trust_stability(const struct trust_row *rows, size_t n,
			    const struct trust_summary *s, char *buf, size_t len);

/* The largest CoV of rows (percent; NaN when none is known), and its index. */
double trust_max_cov(const struct trust_row *rows, size_t n, size_t *at);

#endif
