/*
 * CUPTI's Range Profiler and Profiler Host APIs behind a few calls, for
 * counters/counters.c only.  No CUPTI type crosses this header: CUPTI is
 * dlopen'ed on first use, so gpuperf builds and runs without it.
 *
 * Every "reason" is a message from counters/reason.h ("<cause>; <remedy>").
 */
#ifndef GP_COUNTERS_CUPTI_H
#define GP_COUNTERS_CUPTI_H

#include <stddef.h>

/*
 * Load libcupti (and preload libnvperf_host.so beside it): the path in
 * GPUPERF_CUPTI_LIB (a file or a directory) and nothing else when it is
 * set; else the toolkit's lib64 this binary was built against, its
 * extras/CUPTI/lib64, then the dynamic loader's search.  NULL on success,
 * else the reason; the answer is cached for the process.
 */
const char *cupti_load(void);

/* The file that was loaded, once cupti_load succeeded. */
const char *cupti_lib_path(void);

/*
 * Another function of the loaded libcupti (the callback and activity
 * APIs the injected library uses), or NULL: one library for both.
 */
void *cupti_symbol(const char *name);

/*
 * Can counters be read on CUDA device dev (a runtime ordinal)?  Loads
 * CUPTI, makes dev current, initialises the profiler, checks device
 * support, reads the chip name and counter availability, and enables then
 * disables the Range Profiler once (the step that meets permissions).
 * NULL when usable, else the reason; cached per device.
 */
const char *cupti_device_check(int dev);

/* CUPTI's chip name of dev after a successful cupti_device_check, else NULL. */
const char *cupti_device_chip(int dev);

/* The chips this CUPTI knows, for offline checks; 0 or -1 when unavailable. */
int cupti_supported_chips(const char *const **chips, size_t *n);

/*
 * A metric configuration: a Profiler Host object for chip plus the config
 * image of metrics[0..n), and, between begin and end, a Range Profiler
 * session on the current context of device dev.
 *
 * cupti_config_new validates every name (valid[i] = 1 when the chip has it)
 * and configures the valid ones.  dev is the device the configuration will
 * profile (its counter availability refines the image), or -1 for an
 * offline check, which cannot begin.  The strings of metrics must outlive
 * the configuration.  Returns NULL with *reason malloc'd.
 */
struct cupti_config;
struct cupti_config *cupti_config_new(const char *chip, int dev,
				      const char *const *metrics, size_t n,
				      unsigned char *valid, char **reason);
/* Passes the valid metrics need (1 when they fit the hardware at once). */
size_t cupti_config_passes(const struct cupti_config *cfg);

/*
 * Start a session: every kernel launched until cupti_config_end is one
 * range (auto range), replayed kernel by kernel when more than one pass
 * is needed; or, with bracketed, each cupti_range_push .. cupti_range_pop
 * is one range (user range), for a configuration of one pass only (no
 * replay).  0, or -1 with *reason malloc'd.
 */
int cupti_config_begin(struct cupti_config *cfg, size_t max_ranges, int bracketed,
		       char **reason);

/* A bracketed range opens, then closes.  0, or -1 with *reason malloc'd. */
int cupti_range_push(struct cupti_config *cfg, char **reason);
int cupti_range_pop(struct cupti_config *cfg, char **reason);

/*
 * Stop, wait for the device, decode, and evaluate: *values gets
 * malloc'd rows of n doubles (NAN for names that were not valid), one row
 * per range in launch order, *nranges of them; *dropped counts launches
 * beyond max_ranges.  The session ends either way.  0, or -1 with *reason,
 * or CUPTI_END_KERNEL_FAILED with *reason when a profiled kernel failed
 * (a CUDA error, not a counters problem).
 */
#define CUPTI_END_KERNEL_FAILED (-2)
int cupti_config_end(struct cupti_config *cfg, double **values, size_t *nranges,
		     size_t *dropped, char **reason);

/*
 * Keep the Range Profiler enabled, and its counter data image, from one
 * session to the next (until cupti_config_free): a caller that profiles
 * one launch at a time over a long program pays the enabling once.
 */
void cupti_config_keep(struct cupti_config *cfg);

/*
 * What the steps of the last session cost, in ms on the monotonic clock,
 * for gpuperf -v: enabling the profiler and sizing its counter data image
 * (0 when kept enabled), initialising the image, SetConfig, Start; the
 * time between begin and end (the launches, with their replays); then
 * the wait for the device, Stop and DecodeData, evaluating the ranges,
 * and disabling the profiler (0 when kept enabled).
 * NULL without CUPTI.
 */
struct cupti_timing {
	double enable, image, set_config, start, begun, inside, sync, stop_decode, evaluate, disable;
	size_t ranges;
};
const struct cupti_timing *cupti_config_timing(const struct cupti_config *cfg);
/* The steps as one line of text into buf; returns buf. */
char *cupti_timing_text(const struct cupti_timing *t, char *buf, size_t len);

void cupti_config_free(struct cupti_config *cfg);

#endif
