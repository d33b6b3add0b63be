/*
 * Where a kernel's memory or bank verdict sits (issue 38, item 1): from
 * the per-instruction counts of a patched launch (the library's pc
 * records with counts), the instructions of the verdict's kind (a
 * store-coalescing verdict's stores, a shared-load conflict's shared
 * loads), each one's excess (global sectors or shared wavefronts beyond
 * the ideal), the source line that holds most of it, and the worst
 * instruction.  Pure: no CUDA, no output.
 */
#ifndef GP_PROFILE_WHERE_H
#define GP_PROFILE_WHERE_H

#include "profile/record.h"
#include "results/profile-analysis.h"

/* The count a verdict's excess is read from. */
enum prof_where_count {
	PW_NONE,         /* not a memory or bank verdict: no instruction to name */
	PW_SECTORS,      /* global sectors beyond the ideal */
	PW_WAVEFRONTS,   /* shared wavefronts beyond the ideal */
};

enum prof_where_count prof_where_count(enum prof_verdict v);

/* Whether an instruction of operation op (NULL: unknown) is of v's kind. */
int prof_where_op(enum prof_verdict v, const char *op);

/* The excess of one pc record in count c (0 where it reads no more than the ideal). */
double prof_where_excess(const struct prof_rec *r, enum prof_where_count c);

/*
 * k->where from the pc records of rs with counts for k's kernel; the
 * verdict's sentence then ends with where it sits.
 */
void prof_where(const struct prof_records *rs, struct prof_kernel *k);

#endif
