/*
 * Kernel resources read from compiled CUDA code, without a driver: a
 * cubin (CUDA ELF), a fatbin, or a host object or executable that embeds
 * fatbins (.nv_fatbin, __nv_relfatbin).  Formats: occupancy.md 4.3-4.4.
 *
 * The input is untrusted: every read is bounds-checked, every loop moves
 * forward through a bounded range, and a malformed file gives a message,
 * never a crash or a hang (tests/fuzz/cubin-fuzz.c exercises this).
 *
 * Pure C: no CUDA types.
 */
#ifndef GP_OCCUPANCY_CUBIN_H
#define GP_OCCUPANCY_CUBIN_H

#include <stddef.h>
#include "results/cubin.h"

int cubin_read_file(const char *path, struct cubin_set *set, char *err, size_t errlen);
int cubin_read_buffer(const unsigned char *buf, size_t len, struct cubin_set *set,
		      char *err, size_t errlen);

/* One section of a cubin, as cubin_sections lists it. */
struct cubin_section {
	const char *name;            /* "" when its name cannot be read */
	unsigned type, link, info;   /* sh_type, sh_link, sh_info */
	const unsigned char *data;   /* its bytes, inside the caller's buffer; NULL when none */
	size_t size;
};

/*
 * The sections of one cubin (a CUDA ELF, not a fatbin) in buf, in index
 * order, into a malloc'd array *out of *n entries (free it); names and
 * data point into buf.  Returns 0, or -1 with a message in err (a section
 * whose bytes lie outside the buffer is an error).  occupancy/lines.c
 * reads the line table through it.
 */
int cubin_sections(const unsigned char *buf, size_t len, struct cubin_section **out, size_t *n,
		   char *err, size_t errlen);

/* Reserved shared memory the cubin's .nv.shared sizes include for sm (from the table). */
long long cubin_reserved_smem(int sm);

#endif
