/*
 * The GPU's PCIe link from sysfs (readable without root), or from NVML
 * loaded at run time when sysfs says nothing (some VMs).  Also the
 * narrowest link on the way up to the root port: a switch or bridge that
 * trained lower caps the GPU, whatever the GPU's own link says.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/pcie-link.h"
#include "model/pcie.h"

static int read_line(const char *dir, const char *file, char *buf, size_t n)
{
	char path[PATH_MAX];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok = fgets(buf, (int)n, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static void read_dir_link(const char *dir, const char *which, int *gen, int *width)
{
	char file[64], buf[64];

	snprintf(file, sizeof(file), "%s_link_speed", which);
	*gen = read_line(dir, file, buf, sizeof(buf)) ? 0 : pcie_gen_from_speed(buf);
	snprintf(file, sizeof(file), "%s_link_width", which);
	*width = read_line(dir, file, buf, sizeof(buf)) ? 0 : atoi(buf);
}

/* Is the last path component a PCI address "dddd:bb:dd.f"? */
static int is_pci_dir(const char *path)
{
	const char *base = strrchr(path, '/');
	unsigned a, b, c, d;
	char tail;

	base = base ? base + 1 : path;
	return sscanf(base, "%4x:%2x:%2x.%1x%c", &a, &b, &c, &d, &tail) == 4;
}

static void min_link(int *gen, int *width, int g, int w)
{
	if (g && (!*gen || g < *gen))
		*gen = g;
	if (w && (!*width || w < *width))
		*width = w;
}

static void read_sysfs(const char *bus_id, struct pcie_link *link)
{
	char dir[PATH_MAX], real[PATH_MAX];

	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s", bus_id);
	read_dir_link(dir, "current", &link->cur_gen, &link->cur_width);
	read_dir_link(dir, "max", &link->max_gen, &link->max_width);
	if (!link->cur_gen && !link->max_gen)
		return;
	link->source = "sysfs";
	link->path_gen = link->cur_gen;
	link->path_width = link->cur_width;
	if (!realpath(dir, real))
		return;
	/* Walk up through bridges and switch ports to the root port. */
	for (char *slash = strrchr(real, '/'); slash; slash = strrchr(real, '/')) {
		int g, w;
		*slash = '\0';
		if (!is_pci_dir(real))
			break;
		read_dir_link(real, "current", &g, &w);
		min_link(&link->path_gen, &link->path_width, g, w);
	}
}

/* NVML, declared here so the build needs no NVML header: 0 is success. */
typedef struct nvml_device *nvml_device_t;

static void read_nvml(const char *bus_id, struct pcie_link *link)
{
	int (*init)(void), (*shutdown)(void);
	int (*by_bus)(const char *, nvml_device_t *);
	int (*cur_gen)(nvml_device_t, unsigned *), (*cur_width)(nvml_device_t, unsigned *);
	int (*max_gen)(nvml_device_t, unsigned *), (*max_width)(nvml_device_t, unsigned *);
	nvml_device_t dev;
	unsigned v;
	void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);

	if (!lib)
		return;
	*(void **)&init = dlsym(lib, "nvmlInit_v2");
	*(void **)&shutdown = dlsym(lib, "nvmlShutdown");
	*(void **)&by_bus = dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
	*(void **)&cur_gen = dlsym(lib, "nvmlDeviceGetCurrPcieLinkGeneration");
	*(void **)&cur_width = dlsym(lib, "nvmlDeviceGetCurrPcieLinkWidth");
	*(void **)&max_gen = dlsym(lib, "nvmlDeviceGetGpuMaxPcieLinkGeneration");
	*(void **)&max_width = dlsym(lib, "nvmlDeviceGetMaxPcieLinkWidth");
	if (!init || !shutdown || !by_bus || !cur_gen || !cur_width || !max_width || init()) {
		dlclose(lib);
		return;
	}
	if (!by_bus(bus_id, &dev)) {
		link->source = "nvml";
		if (!cur_gen(dev, &v))
			link->cur_gen = (int)v;
		if (!cur_width(dev, &v))
			link->cur_width = (int)v;
		if (max_gen && !max_gen(dev, &v))
			link->max_gen = (int)v;
		if (!max_width(dev, &v))
			link->max_width = (int)v;
		link->path_gen = link->cur_gen;
		link->path_width = link->cur_width;
	}
	shutdown();
	dlclose(lib);
}

void pcie_link_read(const char *bus_id, struct pcie_link *link)
{
	memset(link, 0, sizeof(*link));
	read_sysfs(bus_id, link);
	if (!link->source)
		read_nvml(bus_id, link);
}

int pcie_sysfs_read(const char *bus_id, const char *attr, char *buf, size_t n)
{
	char dir[PATH_MAX];

	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s", bus_id);
	return read_line(dir, attr, buf, n);
}

int pcie_numa_node(const char *bus_id)
{
	char buf[32];

	if (pcie_sysfs_read(bus_id, "numa_node", buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}
