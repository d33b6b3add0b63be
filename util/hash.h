/* The hash of a kernel's tables: 32-bit FNV-1a over (name, device). */
#ifndef GP_UTIL_HASH_H
#define GP_UTIL_HASH_H

#include <stdint.h>

static inline uint32_t gp_kernel_hash(const char *name, int dev)
{
	uint32_t h = 2166136261u ^ (uint32_t)dev;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

#endif
