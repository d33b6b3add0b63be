/*
 * Demangling through the C++ runtime the program links anyway (the CUDA
 * runtime needs libstdc++): __cxa_demangle is part of the Itanium C++ ABI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/demangle.h"

char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* "_Z..." inside "__nv_static_25__daa59973_4_k_cu_c4ede496__Z7kstaticPi" */
static const char *strip_static_prefix(const char *s)
{
	const char *z;

	if (strncmp(s, "__nv_static_", 12))
		return s;
	z = strstr(s + 12, "__Z");
	return z ? z + 1 : s;
}

char *kernel_demangle(const char *mangled)
{
	const char *s = strip_static_prefix(mangled);
	int status = -1;
	char *d = NULL;

	if (!strncmp(s, "_Z", 2))
		d = __cxa_demangle(s, NULL, NULL, &status);
	if (d && status == 0)
		return d;
	free(d);
	return strdup(s);
}

/* Length of the name part of a demangled function: up to its parameter list. */
static size_t name_length(const char *d)
{
	int depth = 0;

	for (const char *p = d; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth > 0)
			depth--;
		else if (*p == '(' && depth == 0) {
			if (!strncmp(p, "(anonymous namespace)", 21)) {
				p += 20;
				continue;
			}
			return (size_t)(p - d);
		}
	}
	return strlen(d);
}

/* Start of the name in d[0..n): past a template's return type ("void "). */
static size_t name_start(const char *d, size_t n)
{
	size_t start = 0;
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		if (d[i] == '<')
			depth++;
		else if (d[i] == '>' && depth > 0)
			depth--;
		else if (d[i] == ' ' && depth == 0 && strncmp(d + i, " namespace)", 11))
			start = i + 1;
	}
	return start;
}

char *kernel_short_name(const char *mangled)
{
	char *d = kernel_demangle(mangled), *s;
	size_t n, start;

	if (!d)
		return NULL;
	n = name_length(d);
	start = name_start(d, n);
	s = strndup(d + start, n - start);
	free(d);
	return s;
}

const char *kernel_label(const char *short_name, char *buf, size_t n)
{
	if (strlen(short_name) > KERNEL_LABEL_MAX)
		snprintf(buf, n, "%.*s...", KERNEL_LABEL_MAX - 3, short_name);
	else
		snprintf(buf, n, "%s", short_name);
	return buf;
}

int kernel_name_matches(const char *mangled, const char *name)
{
	char *d;
	int match;

	if (!strcmp(mangled, name) || !strcmp(strip_static_prefix(mangled), name))
		return 1;
	d = kernel_demangle(mangled);
	if (!d)
		return 0;
	match = !strcmp(d, name);
	if (!match) {
		/* the name without parameters, and without a template's return type */
		size_t n = name_length(d), start = name_start(d, n);

		match = n - start == strlen(name) && !strncmp(d + start, name, n - start);
	}
	free(d);
	return match;
}
