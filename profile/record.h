/*
 * The records `gpuperf profile` gets from the library it injects into the
 * profiled program (inject/), and the codec both sides share.  Pure: no
 * CUDA types, no I/O.
 *
 * One record is one line of text, at most PROF_LINE_MAX bytes with its
 * newline:
 *
 *     TYPE key=value key=value ...\n
 *
 * Values are percent-encoded (every byte outside '!'..'~', and '%', as
 * %XX), so a value never holds a space or a newline; numbers are decimal,
 * doubles in C-locale %.17g; dims are "x,y,z"; a compute capability is
 * "9.0".  Each process writes its own header first and a pid on every
 * line, so several processes can append to one file (O_APPEND writes of
 * whole lines do not interleave):
 *
 *     gpuperf-profile v=1 pid=4242
 *     device pid=4242 dev=0 cc=9.0 sms=132 mem_clock_khz=2619000 bus_bits=5120 name=NVIDIA%20H100
 *            chip=GH100 uuid=GPU-5f4e... driver=13000
 *     launch pid=4242 dev=0 kernel=_Z4copyPfPKf api=cuLaunchKernel corr=17 grid=4096,1,1 ...
 *            c.global_load_sectors=131072 c.global_load_requests=32768 ...
 *            stall_samples=2159 s.long_scoreboard=2137 s.wait=20 hot_file=chase.cu hot_line=39 nth=4
 *            sampled=1 set=standard
 *     time pid=4242 dev=0 kernel=_Z4copyPfPKf launches=99 graph=0 timed=99 ns=1234567 ...
 *     range pid=4242 dev=0 kernel=_Z4copyPfPKf range=train%1Fforward timed=40 ns=498765
 *     pc pid=4242 dev=0 kernel=_Z5chasePKjPjji nth=4 offset=896 stall_samples=2140
 *        file=chase.cu line=39 s.long_scoreboard=2137 s.wait=3
 *     pc pid=4242 dev=0 kernel=_Z15transpose_naivePfPKfi nth=2 offset=336 file=transpose.cu
 *        line=19 executed=131072 op=STG bytes=4 sectors=4194304 sectors_ideal=524288
 *     note pid=4242 level=warning text=hardware%20counters%20unavailable...
 *     end pid=4242 launches=100 profiled=1 dropped=0 off=0
 *
 * Versioning: a header with a v this gpuperf does not read is refused (a
 * new record type or a changed meaning makes a new version; version 2
 * added range records, version 3 pc records, version 4 pc records of
 * counts without samples, so an older file reads as one without them);
 * keys a reader does not know are skipped (adding one keeps the version).  "c.NAME" keys carry counters
 * by their logical names (counters/counters.h); a counter left out is
 * missing.  "s.NAME" keys carry PC samples by warp state (prof_stall_code);
 * a state left out has none.  Full field list: the table in profile/record.c.
 */
#ifndef GP_PROFILE_RECORD_H
#define GP_PROFILE_RECORD_H

#include <stddef.h>
#include "counters/counters.h"
#include "results/profile-analysis.h"
#include "results/stalls.h"

#define PROF_FORMAT_VERSION 4
#define PROF_FORMAT_OLDEST 1        /* the oldest version read */
#define PROF_LINE_MAX 65536        /* bytes of one record, newline included */
#define PROF_MAGIC "gpuperf-profile"
#define PROF_SASS_BYTES 16         /* an instruction's encoding, Volta and later */

enum prof_type {
	PROF_HELLO,    /* "gpuperf-profile": first line of each process */
	PROF_DEVICE,   /* a device the process profiled on */
	PROF_LAUNCH,   /* one profiled launch, with its counters */
	PROF_TIME,     /* GPU time of a kernel's launches since the last one (a delta) */
	PROF_NOTE,     /* a message for the user: why something was not profiled */
	PROF_END,      /* the process ended normally (absent after a crash or _exit) */
	PROF_RANGE,    /* GPU time of a kernel's runs in one NVTX range path (--by range), a
			  delta: written at the exit and when a context goes */
	PROF_PC,       /* one instruction in a sampled launch (--by instruction) or a
			  patched one: kernel, nth, offset (hot_pc), file and line (hot_file,
			  hot_line); stall_samples and its states, or its counts */
	PROF_NTYPES
};

/*
 * One record; which fields a type uses is in the table in record.c.
 * Strings are malloc'd by the decoder (prof_records_free frees them);
 * the encoder only reads them.
 */
struct prof_rec {
	enum prof_type type;
	long long pid;
	int version;                 /* hello */
	int dev;                     /* device, launch, time: CUDA device ordinal */
	/* device */
	int cc_major, cc_minor, sms, mem_clock_khz, bus_bits;
	char *name;                  /* product name */
	char *chip;                  /* CUPTI's chip name; NULL: counters unavailable */
	char *uuid;                  /* "GPU-...", as nvidia-smi writes it; NULL: unknown
				        (optional: records before it have none) */
	int driver_version;          /* the CUDA driver's: 13000 = 13.0; 0 unknown (optional) */
	/* launch, time */
	char *kernel;                /* mangled name, as the driver knows it */
	char *api;                   /* launch: the driver call (optional) */
	unsigned long long corr;     /* launch: CUPTI correlation id */
	struct prof_dim3 grid, block, cluster;  /* cluster 0,0,0: none */
	unsigned long long dyn_smem, static_smem, local_bytes;  /* bytes; local per thread */
	int regs;                    /* per thread */
	int carveout;                /* preferred shared-memory carveout %, -1 default */
	/* launch, not keys: its warp-cycles by state, counted in profile --count-stalls' own
	   run (profile/count-stalls.h); warps_counted 0: not */
	int warps_counted;
	double warps[PS_N];
	double ctr[CTR_COUNT];       /* launch: NAN where not read */
	/* launch: PC sampling's warp states ("s.NAME" keys, profile/stalls.h; optional) */
	unsigned long long stall[PS_N];   /* samples by state */
	unsigned long long stall_samples; /* every sample; 0: none (see sampled) */
	int sampled;                 /* launch: PC-sampled, even where it caught no sample
				        (optional, 1) */
	char *hot_file;              /* where the top stall gathers most; NULL: unknown */
	int hot_line;
	unsigned long long hot_pc;   /* its SASS offset in the kernel */
	/* pc: the instruction's counts in a patched launch (SASS metrics; 0: none), warp
	   instructions executed, global sectors and L1 shared wavefronts, and their ideal */
	unsigned long long inst_executed, sectors, sectors_ideal, wavefronts, wavefronts_ideal;
	char *op;                    /* pc: its memory operation ("LDG", "STS"); NULL: none */
	char *code;                  /* pc: its PROF_SASS_BYTES of encoding in hex, from the
				        module's cubin; NULL: unknown */
	char *sass;                  /* pc, not a key: the instruction as nvdisasm prints it
				        ("STG.E desc[UR4][R4.64], R11"), from code by
				        profile/disasm.h; NULL: not named */
	int op_bytes;                /* ... and the bytes each thread moves; 0: unknown */
	unsigned long long nth;      /* launch: which launch of its kernel (1: the first; 0:
				        not said, optional) */
	char *counter_set;           /* launch: the set it read (prof_set_names; NULL: not
				        said, optional) */
	/* time: counts and nanoseconds since the process's previous time record */
	unsigned long long launches; /* time, end: launches seen through the API */
	unsigned long long graph;    /* time: kernels run by graphs (no API launch each) */
	unsigned long long timed;    /* time, range: kernels with a GPU time (profiled ones excluded) */
	unsigned long long ns, min_ns, max_ns;
	/* launch, range: the NVTX ranges around the launch, outermost first, joined by
	   PROF_RANGE_SEP (profile/range-name.h); NULL: none (optional) */
	char *range;
	/* range: the CUDA graph that ran the kernels, and their node while one (optional) */
	unsigned long long graph_id, graph_node;
	/* note */
	char *level;                 /* "info", "warning" */
	char *text;
	/* end */
	unsigned long long profiled, dropped;  /* launch records; activity records lost */
	int off;                     /* profiling was turned off on the way (a note said why) */
};

/*
 * The counters the library reads for each profiled launch (what "c.NAME"
 * keys carry), in the order it asks for them: one list for the library,
 * the analysis, and a comparison with Nsight Compute (bench/profile.sh).
 */
extern const enum ctr_id prof_counters[];
extern const size_t prof_ncounters;

/*
 * The counter sets of gpuperf profile --set (the library reads
 * GPUPERF_PROFILE_SET).  light: what the bound and the coalescing
 * verdicts need, no instrumented counter, one pass on Ampere, Ada,
 * Hopper and GB100 (tests/unit/t-counters.c), so no replay; standard,
 * the default: what every verdict needs, three passes; full:
 * prof_counters, standard and the L1 and L2 hit rates, three passes.
 */
enum prof_set { PROF_SET_LIGHT, PROF_SET_FULL, PROF_SET_STANDARD, PROF_NSETS };
extern const char *const prof_set_names[];   /* "light", "full", "standard", NULL */
/* The set named name (NULL or "": standard); -1 for an unknown name. */
int prof_set_lookup(const char *name);
/* The counters of set s, *n of them; NULL for an unknown set. */
const enum ctr_id *prof_set_counters(int s, size_t *n);

/* "gpuperf-profile", "device", ...; NULL out of range. */
const char *prof_type_name(enum prof_type t);

/* A record of type t from process pid: zeros, counters NAN, carveout -1. */
void prof_rec_init(struct prof_rec *r, enum prof_type t, long long pid);

/*
 * Encode r as one line into buf (size bytes).  Returns its length, newline
 * included (no NUL is counted, but one is written when it fits), or -1
 * when it does not fit in size or PROF_LINE_MAX, or a string the type
 * needs is NULL.  Allocates nothing: the injected library calls it.
 */
int prof_encode(const struct prof_rec *r, char *buf, size_t size);

struct prof_records {
	struct prof_rec *v;
	size_t n, cap;
};

/*
 * Decode len bytes of lines.  0 when every line is a good record; else -1
 * with *err (malloc'd) saying which line and what is wrong with it, and
 * out holding the records before it.  A last line without its newline is
 * an error of its own ("cut short"): the program may have been killed
 * while writing.  Never reads outside buf.
 */
int prof_decode(const char *buf, size_t len, struct prof_records *out, char **err);

/* Append a copy of r (its strings then rs's to free). */
void prof_records_push(struct prof_records *rs, const struct prof_rec *r);

void prof_records_free(struct prof_records *rs);

#endif
