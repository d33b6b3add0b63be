/* Kernel names for people: C++ demangling of the names stored in cubins. */
#ifndef GP_UTIL_DEMANGLE_H
#define GP_UTIL_DEMANGLE_H

#include <stddef.h>

/*
 * "kbounds(float*, float const*, int)" for "_Z7kboundsPfPKfi"; names that
 * are not mangled (extern "C" kernels) come back unchanged.  nvcc's prefix
 * for static kernels in relocatable code ("__nv_static_NN_..._") is kept
 * out of the result.  Returns a malloc'ed string, or NULL out of memory.
 */
char *kernel_demangle(const char *mangled);

/*
 * The demangled name without its parameter list and a template's return
 * type: "ns::k<int>" for "void ns::k<int>(int*)".  malloc'ed, or NULL.
 */
char *kernel_short_name(const char *mangled);

/*
 * The name people read in a table: short (kernel_short_name's, of a
 * mangled or demangled name) cut to KERNEL_LABEL_MAX characters with
 * "..." at the end.  Returns buf (n bytes).
 */
#define KERNEL_LABEL_MAX 48
const char *kernel_label(const char *short_name, char *buf, size_t n);

/*
 * Does name designate the kernel: its mangled name, its demangled name,
 * or the demangled name without the parameter list ("ns::k<int>")?
 */
int kernel_name_matches(const char *mangled, const char *name);

#endif
