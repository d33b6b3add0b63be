/*
 * gpuperf profile's side of the injection: start the program with the
 * profiling library injected, wait for it, and read what the library
 * wrote.  POSIX only, no CUDA: gpuperf itself never touches the GPU here.
 *
 *     char *lib = prof_inject_path();
 *     struct prof_spawn_opts o = { lib, 3, NULL, 0 };
 *     struct prof_child r;
 *     if ((rc = prof_spawn(argv, &o, &r)))   // 126/127: could not start; 1: I/O
 *             return rc;
 *     prof_decode(r.records, r.len, &records, &err);
 *     ... the program's own status: r.status ...
 *     prof_child_free(&r);
 */
#ifndef GP_PROFILE_SPAWN_H
#define GP_PROFILE_SPAWN_H

#include <stddef.h>

/* Exit statuses for a program that could not be started, as shells use them. */
#define PROF_EXIT_NOT_FOUND 127
#define PROF_EXIT_NOT_EXECUTABLE 126

/* Whose warps are PC-sampled: nobody's, the kernels judged to wait (the default), every kernel's. */
enum prof_stalls_of { PROF_STALLS_NONE, PROF_STALLS_JUDGED, PROF_STALLS_EVERY };

struct prof_spawn_opts {
	const char *inject_lib;    /* path of libgpuperf-inject.so (prof_inject_path) */
	unsigned launches;         /* launches to profile per kernel; 0: time only */
	const char *kernel_regex;  /* profile only these demangled names; NULL: all */
	int verbose;               /* the library's debug lines as notes */
	const char *set;           /* the counter set (prof_set_names); NULL: the library's default */
	int ranges;                /* --by range: the library times kernels by NVTX range too,
				      and is the program's NVTX tool (NVTX_INJECTION64_PATH) */
	enum prof_stalls_of stalls;  /* whose launch to PC-sample after the counted ones
				      (GPUPERF_PROFILE_STALLS) */
	int source;                /* --by instruction: with stalls, a record for each sampled
				      instruction (GPUPERF_PROFILE_SOURCE) */
	int patch;                 /* count the instructions of one launch of the kernel with
				      the worst memory or bank verdict (GPUPERF_PROFILE_SASS) */
	const char *patch_kernel;  /* ... or of this kernel (mangled), its first launch
				      (GPUPERF_PROFILE_SASS_KERNEL: profile --patch-each's runs) */
	int quiet;                 /* the program reads no input and its output is discarded
				      (a run again: its output was seen) */
	const char *count_at;      /* count the warp states alone, of these launches: "NTH:KERNEL
				      ..." (GPUPERF_PROFILE_COUNT_AT, GPUPERF_PROFILE_WARP_STATES:
				      profile --count-stalls' run) */
};

/* The profiled program once it ended: its status and the records it left. */
struct prof_child {
	int status;                /* the program's exit status, or 128 + the signal */
	int signal;                /* the signal that ended it; 0 when it exited */
	char *records;             /* the record file's bytes (not NUL-terminated) */
	size_t len;
};

/*
 * The profiling library for this gpuperf: $GPUPERF_INJECT_LIB when set,
 * else beside the executable (the build tree's build/lib/gpuperf/, then an
 * installed ../lib/gpuperf/ and the LIBDIR it was built for).  A malloc'd
 * absolute path, or NULL with the message printed.
 */
char *prof_inject_path(void);

/*
 * Run argv (argv[0] looked up in PATH) with its environment, working
 * directory and standard streams untouched but for the variables the
 * library reads (inject/inject.c) and, with o->quiet, its standard
 * streams on /dev/null; wait for it, and read the records.
 *
 * Signals, as time(1) would have them: SIGINT, SIGTERM, SIGHUP and
 * SIGQUIT reaching gpuperf while the program runs are passed on to it,
 * once, and gpuperf waits for it to end.  With a controlling terminal the
 * program stays in gpuperf's process group (job control, the terminal's
 * keys and reads work as without gpuperf), and what the terminal sent to
 * the group is not passed on again; without one (a batch job, a service)
 * it leads a group of its own, to which gpuperf passes them on: a signal
 * sent to gpuperf's group then reaches it once, and reaches the
 * processes it started too.  The same signal from the same process again
 * within 0.2 s is one request (timeout(1) signals gpuperf and its group).  A signal ignored when gpuperf started stays
 * ignored, for the program too.  Not passed on: SIGKILL, SIGSTOP, and
 * what else ends gpuperf (cli/signals.c); the program then runs on.
 *
 * Returns 0 when the program ran, whatever its status; PROF_EXIT_NOT_FOUND
 * or PROF_EXIT_NOT_EXECUTABLE when it could not be started; GP_EXIT_FAIL
 * when the record file failed.  Messages printed.  The record file's
 * directory is gone when it returns.
 */
int prof_spawn(char *const argv[], const struct prof_spawn_opts *o, struct prof_child *r);

/*
 * Remove the record file and its directory, when prof_spawn has them: for
 * a handler of a signal that ends gpuperf (async-signal-safe).
 */
void prof_spawn_remove_temps(void);

void prof_child_free(struct prof_child *r);

/*
 * Run argv[0] (a path) with argv, its standard error to /dev/null, and
 * return its standard output (malloc'd, NUL-terminated); NULL when it
 * could not run or did not exit 0.  For a tool of the toolkit
 * (profile/disasm.h), not the profiled program.
 */
char *prof_run_output(char *const argv[]);

#endif
