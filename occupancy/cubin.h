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

struct cubin_kernel {
	char *name;             /* mangled, as stored */
	int sm;                 /* 90 for sm_90 */
	int regs;               /* registers per thread; -1 when the file does not say */
	long long smem_static;  /* the kernel's own static shared memory (as ptxas and
				   cudaFuncGetAttributes count it) */
	long long smem_file;    /* .nv.shared size as stored: on sm_90 and later it
				   includes the driver's reserved part (as cuobjdump's SHARED) */
	long long local_bytes;  /* stack frame per thread (local memory) */
	int max_threads;        /* __launch_bounds__ maximum (x*y*z), 0 when none */
	int reqntid;            /* required block size (x*y*z), 0 when none */
	int maxreg;             /* register cap the compiler was given, 0 when none */
	int barriers;           /* named barriers used */
	int cluster[3];         /* __cluster_dims__, zeros when none */
};

struct cubin_set {
	struct cubin_kernel *k;
	size_t n, cap;
	int cubins;             /* cubins read */
	int compressed;         /* compressed cubin entries that could not be read */
	const char *compressed_why;  /* why not */
	int decompressed;       /* compressed (zstd) cubins read */
	int ptx;                /* PTX entries (no resource data) skipped */
};

/*
 * Read the kernels of a file (or of a buffer holding one) into set,
 * appending.  Returns 0, or -1 with a message in err that names what is
 * wrong (not the file: the caller adds it).  A file whose only code is
 * compressed or PTX is an error that says so; kernels already read stay
 * in the set on error and must still be freed.
 */
int cubin_read_file(const char *path, struct cubin_set *set, char *err, size_t errlen);
int cubin_read_buffer(const unsigned char *buf, size_t len, struct cubin_set *set,
		      char *err, size_t errlen);
void cubin_set_free(struct cubin_set *set);

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
