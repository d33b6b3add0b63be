/*
 * gpuperf profile --by instruction: the PC samples of each kernel's
 * sampled launch, one row per instruction (the library's pc records),
 * ordered as the analysis orders the kernels, the instructions with the
 * most samples first; and each kernel's samples by source line, the
 * lines with the most first (an unrolled loop spreads a line over many
 * instructions).  Pure: no CUDA, no output.
 *
 *     prof_analyze(&rs, &opts, &a);
 *     prof_instructions(&rs, &a, top, &in);
 *     ... in.v[0 .. in.n) ...
 *     prof_instrs_free(&in);    (results/profile-analysis.h)
 */
#ifndef GP_PROFILE_INSTRUCTIONS_H
#define GP_PROFILE_INSTRUCTIONS_H

#include <stddef.h>
#include "profile/analyze.h"
#include "profile/record.h"

/*
 * The pc records of rs whose kernels a kept, top instructions of each
 * (0: all), the rest counted in in->others.
 */
void prof_instructions(const struct prof_records *rs, const struct prof_analysis *a, size_t top,
		       struct prof_instrs *in);

#endif
