/* Device inventory from the CUDA runtime, sysfs and (optionally) NVML. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "gpu/cuda-check.h"
#include "gpu/device.h"
#include "gpu/pcie-link.h"
#include "util/error.h"

/* Why count holds no GPU, or NULL; *missing: the driver or the GPU is missing (not an error). */
static const char *why_none(int *count, int *missing)
{
	static char buf[256];
	cudaError_t err = cudaGetDeviceCount(count);

	*missing = 1;
	if (err == cudaErrorInsufficientDriver)
		return "no NVIDIA driver found (CUDA driver library libcuda.so.1 not available)";
	if (err == cudaErrorNoDevice || (err == cudaSuccess && *count == 0))
		return "no CUDA-capable GPU found";
	*missing = 0;
	if (err == cudaSuccess)
		return NULL;
	snprintf(buf, sizeof(buf), "cannot list GPUs: %s: %s", cudaGetErrorName(err),
		 cudaGetErrorString(err));
	return buf;
}

int dev_count(int *count)
{
	int missing;
	const char *why = why_none(count, &missing);

	if (why)
		return gp_error(GP_EXIT_NODEV, "%s%s", why, missing ? "; this command needs a GPU" : "");
	return 0;
}

const char *dev_unusable(void)
{
	int count, missing;

	return why_none(&count, &missing);
}

static int attr(int *v, enum cudaDeviceAttr a, int dev)
{
	if (cudaDeviceGetAttribute(v, a, dev) != cudaSuccess)
		*v = 0;  /* older drivers lack some attributes: report them as unknown */
	return *v;
}

/* "00000000:1B:00.0" or "0000:1b:00.0" -> "0000:1b:00.0", the name sysfs uses. */
static void normalize_bus_id(const char *in, char *out, size_t n)
{
	unsigned dom, bus, dev, fn;

	if (sscanf(in, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) == 4)
		snprintf(out, n, "%04x:%02x:%02x.%x", dom, bus, dev, fn);
	else
		snprintf(out, n, "%s", in);
}

int dev_bus_id(int index, char *buf, size_t n)
{
	char raw[32];
	int count;

	if (cudaGetDeviceCount(&count) != cudaSuccess || index < 0 || index >= count ||
	    cudaDeviceGetPCIBusId(raw, sizeof(raw), index) != cudaSuccess) {
		(void)cudaGetLastError();
		return -1;
	}
	normalize_bus_id(raw, buf, n);
	return 0;
}

int dev_no_such(int index, int count)
{
	if (count == 1)
		return gp_error(GP_EXIT_USAGE, "--device: no device %d (found 1: device 0)", index);
	return gp_error(GP_EXIT_USAGE, "--device: no device %d (found %d: 0 to %d)", index, count,
			count - 1);
}

int dev_open(int index, struct gp_device *d)
{
	struct cudaDeviceProp prop;
	char bus_id[32];
	size_t free_b = 0, total_b = 0;
	int count, rc;

	memset(d, 0, sizeof(*d));
	if ((rc = dev_count(&count)))
		return rc;
	if (index < 0 || index >= count)
		return dev_no_such(index, count);
	if ((rc = cuda_check(cudaSetDevice(index), "cudaSetDevice")) ||
	    (rc = cuda_check(cudaGetDeviceProperties(&prop, index), "cudaGetDeviceProperties")))
		return rc;
	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", prop.name);
	dev_uuid_string((const unsigned char *)prop.uuid.bytes, d->uuid, sizeof(d->uuid));
	if (gethostname(d->hostname, sizeof(d->hostname) - 1))
		d->hostname[0] = '\0';
	d->cc_major = prop.major;
	d->cc_minor = prop.minor;
	d->total_mem_bytes = prop.totalGlobalMem;
	attr(&d->sm_count, cudaDevAttrMultiProcessorCount, index);
	attr(&d->warp_size, cudaDevAttrWarpSize, index);
	attr(&d->sm_clock_khz, cudaDevAttrClockRate, index);
	attr(&d->mem_clock_khz, cudaDevAttrMemoryClockRate, index);
	attr(&d->mem_bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, index);
	attr(&d->l2_bytes, cudaDevAttrL2CacheSize, index);
	attr(&d->persisting_l2_max_bytes, cudaDevAttrMaxPersistingL2CacheSize, index);
	attr(&d->smem_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, index);
	attr(&d->smem_per_block, cudaDevAttrMaxSharedMemoryPerBlock, index);
	attr(&d->smem_per_block_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, index);
	attr(&d->reserved_smem_per_block, cudaDevAttrReservedSharedMemoryPerBlock, index);
	attr(&d->regs_per_sm, cudaDevAttrMaxRegistersPerMultiprocessor, index);
	attr(&d->regs_per_block, cudaDevAttrMaxRegistersPerBlock, index);
	attr(&d->max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, index);
	attr(&d->max_threads_per_block, cudaDevAttrMaxThreadsPerBlock, index);
	attr(&d->max_blocks_per_sm, cudaDevAttrMaxBlocksPerMultiprocessor, index);
	attr(&d->ecc_enabled, cudaDevAttrEccEnabled, index);
	if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess)
		d->free_mem_bytes = free_b;
	cudaDriverGetVersion(&d->driver_version);
	cudaRuntimeGetVersion(&d->runtime_version);
	if (cudaDeviceGetPCIBusId(bus_id, sizeof(bus_id), index) == cudaSuccess) {
		normalize_bus_id(bus_id, d->pci_bus_id, sizeof(d->pci_bus_id));
		pcie_link_read(d->pci_bus_id, &d->link);
		d->numa_node = pcie_numa_node(d->pci_bus_id);
	} else {
		d->numa_node = -1;
	}
	return 0;
}
