/*
 * What the device watch saw while a command measured (model/trust.h
 * judges it, gpu/watch.h reads it): part of every measuring command's
 * results.  Pure C.
 */
#ifndef GP_RESULTS_TRUST_H
#define GP_RESULTS_TRUST_H

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

#endif
