/*
 * The kernels of a cubin, fatbin or host ELF as occupancy/cubin.h reads
 * them: part of the results of occupancy --kernel.  Pure C.
 */
#ifndef GP_RESULTS_CUBIN_H
#define GP_RESULTS_CUBIN_H

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
void cubin_set_free(struct cubin_set *set);

#endif
