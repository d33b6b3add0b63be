/*
 * The watch: what the devices a command uses look like before its probe
 * and while it runs.  A reading when each device is opened (before any
 * probe), then one every period from a background thread that sleeps in
 * between, and a last one when the measure step ends; the summary
 * (model/trust.h) says which other processes were seen, how low the
 * clocks went and why.  Without NVML the summary says why nothing was
 * read, and nothing else changes.
 *
 *     struct gp_watch *w = watch_new(WATCH_PERIOD_MS);
 *     watch_add(w, dev.pci_bus_id);      after the device is opened
 *     ... measure ...
 *     watch_finish(w, &summary);         stops the thread
 *     watch_free(w);
 */
#ifndef GP_GPU_WATCH_H
#define GP_GPU_WATCH_H

#include "model/trust.h"

/* Between readings: five a second costs well under 0.1 % of a core. */
#define WATCH_PERIOD_MS 200
#define WATCH_MAX_DEVICES 16

struct gp_watch;

/*
 * Before this process first opens the device at bus_id: NVML's process
 * list (so that gpuperf's own entry can be told apart later, when a PID
 * namespace gives it a PID other than getpid()'s) and the device's modes
 * into *modes (fields -1 where unknown).  0, or -1 without NVML.
 */
int watch_before_open(const char *bus_id, struct trust_modes *modes);

struct gp_watch *watch_new(unsigned period_ms);

/*
 * Watch one more device (just opened, nothing run on it by this step):
 * its first reading now; the thread starts with the first device.
 * Devices past WATCH_MAX_DEVICES, or added twice, are left out.
 */
void watch_add(struct gp_watch *w, const char *bus_id);

/* Stop the thread, take a last reading, and summarise every device into *out. */
void watch_finish(struct gp_watch *w, struct trust_summary *out);

/* Free w (after watch_finish, or instead of it: the thread is stopped). */
void watch_free(struct gp_watch *w);

#endif
