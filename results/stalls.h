/*
 * What a kernel's warps were doing when PC sampling looked: samples by
 * warp state (CUPTI's PC Sampling API, stall reasons by name), and where
 * the most common stall sits.  The types alone; profile/stalls.h reads
 * the names and words the verdict.  Pure C.
 */
#ifndef GP_RESULTS_STALLS_H
#define GP_RESULTS_STALLS_H

/* Warp states, in Nsight Compute's names (its "Warp Stall Reasons"). */
enum prof_stall {
	PS_LONG_SCOREBOARD,     /* a global, local or texture load's result */
	PS_SHORT_SCOREBOARD,    /* shared memory or a special-function result */
	PS_BARRIER,             /* __syncthreads and its kin */
	PS_MEMBAR,              /* a memory fence */
	PS_WAIT,                /* a fixed-latency dependency */
	PS_MATH_PIPE_THROTTLE,  /* a math pipe busy */
	PS_MIO_THROTTLE,        /* the memory-input-output queue full */
	PS_LG_THROTTLE,         /* the local/global queue full */
	PS_TEX_THROTTLE,        /* the texture queue full */
	PS_NO_INSTRUCTION,      /* instruction fetch */
	PS_IMC_MISS,            /* the immediate-constant cache */
	PS_BRANCH_RESOLVING,    /* a branch target */
	PS_DISPATCH_STALL,      /* the dispatcher */
	PS_DRAIN,               /* stores draining at the exit */
	PS_SLEEPING,            /* nanosleep, a yield */
	PS_GMMA,                /* a warpgroup MMA's operands */
	PS_WARPGROUP_ARRIVE,    /* a warpgroup's arrive barrier (wgmma) */
	PS_MISC,
	PS_NOT_SELECTED,        /* ready, another warp issued: no stall */
	PS_SELECTED,            /* issuing: no stall */
	PS_OTHER,               /* a state this gpuperf does not know */
	PS_N
};

struct prof_stalls {
	double by[PS_N];              /* samples of each state */
	double total;                 /* every sample (0: none taken) */
	/* the instruction where the top stall's samples gather most */
	char *hot_file;               /* its source file; NULL: not known (no -lineinfo) */
	unsigned hot_line;
	unsigned long long hot_pc;    /* its SASS offset in the kernel */
	double hot_samples;           /* the samples of the launch it came from, the most sampled */
	unsigned long long hot_launch; /* which launch of the kernel that was (1: the first; 0: not
					  known) */
	/* launches sampled that caught no sample of the kernel's code (too short for the
	   sampling period), and the first one's number (0: not known) */
	unsigned empty;
	unsigned long long empty_launch;
	/*
	 * profile --count-stalls: the sampled launch's warp-cycles in each
	 * state, counted in a run of their own as Nsight Compute's
	 * WarpStateStats counts them; where counted (counted_total > 0) the
	 * shares are these, the place still the samples'.
	 */
	double counted[PS_N];
	double counted_total;
};

#endif
