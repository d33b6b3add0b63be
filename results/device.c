/* What follows from a device's inventory alone (results/device.h). */
#include <stdio.h>
#include "results/device.h"

double dev_dram_peak_gbs(const struct gp_device *d)
{
	return 2.0 * d->mem_clock_khz * 1e3 * d->mem_bus_width_bits / 8.0 / 1e9;
}

const char *dev_uuid_string(const unsigned char *u, char *out, size_t n)
{
	snprintf(out, n, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12],
		 u[13], u[14], u[15]);
	return out;
}

const char *dev_cc_string(const struct gp_device *d, char *buf, size_t n)
{
	snprintf(buf, n, "%d.%d", d->cc_major, d->cc_minor);
	return buf;
}
