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
#include "results/trust.h"

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
