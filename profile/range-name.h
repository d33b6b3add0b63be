/*
 * The names of NVTX ranges as gpuperf profile --by range groups them, for
 * the profiling library (inject/nvtx.c) and the analysis
 * (profile/ranges.c) alike.  Pure: no CUDA, no I/O.
 *
 * A range path is the names of the ranges open around a launch, the
 * outermost first, joined by PROF_RANGE_SEP in the records; "" outside
 * any range.  People read the names joined by '/'.
 */
#ifndef GP_PROFILE_RANGE_NAME_H
#define GP_PROFILE_RANGE_NAME_H

#include <stddef.h>

#define PROF_RANGE_SEP '\x1f'       /* between a path's levels in the records */
#define PROF_RANGE_NAME_MAX 256     /* bytes of one name kept, its NUL included */
#define PROF_RANGE_UNNAMED "(unnamed)"
#define PROF_RANGE_NONE "(no range)"

/*
 * The scope an NVTX message names, into out (size bytes, at least 2):
 * what PyTorch adds to each call cut off, so that one scope is one name
 * across iterations (emit_nvtx writes "aten::addmm, seq = 12, op_id =
 * 345, sizes = [[8, 4], [4]], input_op_ids = [...]": from the first of
 * ", seq = ", ", stashed seq = ", ", op_id = ", ", sizes = " and
 * ", input_op_ids = " on); the separator byte made a space; spaces at
 * the ends trimmed; cut to size - 1 bytes, never inside a UTF-8
 * character.  NULL or nothing left: PROF_RANGE_UNNAMED.  Returns out.
 */
char *prof_range_name(const char *msg, char *out, size_t size);

/* A record's path as people read it, malloc'd: its levels joined by '/', or PROF_RANGE_NONE. */
char *prof_range_label(const char *path);

/* The levels of a path: 0 for "". */
int prof_range_depth(const char *path);

#endif
