/*
 * What counters/ needs from the device, the injected way (counters/cupti-api.h):
 * the program's own current context rather than the runtime's primary
 * one (a driver-API program has its own), the profiled launch's stream
 * rather than the whole device, and the driver API rather than a second
 * copy of the CUDA runtime in someone else's process.  Also the device
 * record gpuperf needs for the DRAM peak, the occupancy calculator and
 * the ceilings gpuperf roofline measured on the GPU (its UUID and driver).
 */
#include <stdlib.h>
#include <string.h>
#include "results/device.h"
#include "util/error.h"
#include "inject/inject.h"

static _Thread_local struct {
	int on;
	CUstream stream;
} sync_on;

void inj_sync_stream(CUstream s)
{
	sync_on.on = 1;
	sync_on.stream = s;
}

int cupti_context(int dev, CUcontext *ctx, CUdevice *cudev, char **reason)
{
	CUresult r;

	*ctx = NULL;
	if ((r = inj_api.cuCtxGetCurrent(ctx)) || !*ctx) {
		*reason = gp_xasprintf("no CUDA context is current on the launching thread (%s); "
				       "this launch cannot be profiled", r ? inj_cuda_error(r) : "none");
		return -1;
	}
	if ((r = inj_api.cuCtxGetDevice(cudev))) {
		*reason = gp_xasprintf("cuCtxGetDevice failed: %s", inj_cuda_error(r));
		return -1;
	}
	if ((int)*cudev != dev) {
		*reason = gp_xasprintf("the current context is on device %d, not %d", (int)*cudev, dev);
		return -1;
	}
	return 0;
}

int cupti_synchronize(int dev, char **reason)
{
	CUresult r = sync_on.on ? inj_api.cuStreamSynchronize(sync_on.stream) :
		     inj_api.cuCtxSynchronize();

	(void)dev;
	sync_on.on = 0;
	if (r) {
		*reason = gp_xstrdup(inj_cuda_error(r));
		return -1;
	}
	return 0;
}

void cupti_device_cc(int dev, int *major, int *minor)
{
	*major = *minor = 0;
	inj_api.cuDeviceGetAttribute(major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
	inj_api.cuDeviceGetAttribute(minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
}

/* The device records written, for the library's own judging (sass.c); the chip is NULL
   where the first launch on the device was not profiled. */
static struct prof_rec kept[INJ_MAX_DEV];

const struct prof_rec *inj_device_of(int dev)
{
	return dev >= 0 && dev < INJ_MAX_DEV && __atomic_load_n(&kept[dev].type, __ATOMIC_ACQUIRE) ==
	       PROF_DEVICE ? &kept[dev] : NULL;
}

void inj_device_record(int dev, const char *chip)
{
	static unsigned char sent[INJ_MAX_DEV];
	struct prof_rec r;
	char name[256] = "", uuid_text[48];
	CUuuid uuid;

	if (dev < 0 || dev >= INJ_MAX_DEV || __atomic_load_n(&sent[dev], __ATOMIC_RELAXED) ||
	    __atomic_exchange_n(&sent[dev], 1, __ATOMIC_SEQ_CST))
		return;
	prof_rec_init(&r, PROF_DEVICE, inj.pid);
	r.dev = dev;
	if (inj_api.cuDeviceGetName(name, (int)sizeof(name) - 1, dev))
		name[0] = '\0';
	r.name = name[0] ? name : "unknown";
	r.chip = (char *)chip;
	cupti_device_cc(dev, &r.cc_major, &r.cc_minor);
	/* attributes the driver lacks stay 0: gpuperf then leaves those columns empty */
	inj_api.cuDeviceGetAttribute(&r.sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
	inj_api.cuDeviceGetAttribute(&r.mem_clock_khz, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, dev);
	inj_api.cuDeviceGetAttribute(&r.bus_bits, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, dev);
	if (r.sms < 0 || r.mem_clock_khz < 0 || r.bus_bits < 0)
		r.sms = r.mem_clock_khz = r.bus_bits = 0;
	/* the GPU and driver whose measured ceilings gpuperf looks for (gpuperf roofline's cache) */
	if (inj_api.cuDeviceGetUuid && !inj_api.cuDeviceGetUuid(&uuid, dev))
		r.uuid = (char *)dev_uuid_string((const unsigned char *)uuid.bytes, uuid_text,
						 sizeof(uuid_text));
	if (inj_api.cuDriverGetVersion && inj_api.cuDriverGetVersion(&r.driver_version))
		r.driver_version = 0;
	inj_write(&r);
	{   /* names copied, the record published last */
		struct prof_rec c = r;

		c.type = PROF_HELLO;
		c.name = strdup(r.name);
		c.chip = chip ? strdup(chip) : NULL;
		c.uuid = NULL;
		kept[dev] = c;
		__atomic_store_n(&kept[dev].type, PROF_DEVICE, __ATOMIC_RELEASE);
	}
}
