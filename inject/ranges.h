/*
 * NVTX ranges inside the profiled program, for gpuperf profile --by
 * range: the library is the program's NVTX tool (nvtx.c) and keeps each
 * thread's open ranges; every distinct path of names gets a number
 * (range-paths.c), which a launch notes (range-times.c, inject.h).  No
 * CUDA here: the unit tests link these files into a program of their own
 * (tests/unit/t-nvtx.c).
 */
#ifndef GP_INJECT_RANGES_H
#define GP_INJECT_RANGES_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* ---- range-paths.c: names and paths, interned; thread-safe ---- */

#define INJ_MAX_PATHS 65536   /* distinct paths kept; more fold into their parent */

/*
 * The scope an NVTX message names (profile/range-name.h), interned: the
 * same pointer for the same name, valid for the life of the process.
 * Never NULL: out of memory or room, PROF_RANGE_UNNAMED's.
 */
const char *inj_name(const char *msg);
/* The same for a wide-character message (UTF-32 on Linux), as UTF-8. */
const char *inj_name_wide(const wchar_t *msg);

/*
 * The path of the range named name (interned) inside the path parent (0:
 * no range).  Past INJ_MAX_PATHS paths a new one is its parent.
 */
uint32_t inj_path_child(uint32_t parent, const char *name);
/* The path of inner's levels inside outer's. */
uint32_t inj_path_join(uint32_t outer, uint32_t inner);
/*
 * Path id's levels joined by PROF_RANGE_SEP ("" for 0), valid for the
 * life of the process.
 */
const char *inj_path_string(uint32_t id);
/* Whether a path was folded into its parent for want of room. */
int inj_paths_folded(void);
/* Hold the tables still across a fork (nvtx.c's pthread_atfork). */
void inj_paths_lock(void);
void inj_paths_unlock(void);

/* ---- nvtx.c: the NVTX tool ---- */

/*
 * The NVTX injection entry point (NVTX_INJECTION64_PATH names this
 * library): attach to the calling module's NVTX.  1 on success.
 */
int InitializeInjectionNvtx2(const void *(*get_export_table)(uint32_t));

/* Whether some module's NVTX attached to the library. */
int inj_nvtx_attached(void);

/*
 * The path of the ranges open on the calling thread: the process-wide
 * ones (nvtxRangeStart/End), outermost first, then the thread's pushed
 * ones.  0 when none.
 */
uint32_t inj_nvtx_path(void);

#endif
