/* NVTX range names and paths (profile/range-name.h). */
#include <stdio.h>
#include <string.h>
#include "util/error.h"
#include "profile/range-name.h"

/* What PyTorch's profiler appends to a range's name, each call its own numbers. */
static const char *const per_call[] = {
	", seq = ", ", stashed seq = ", ", op_id = ", ", sizes = ", ", input_op_ids = ",
};

/* Where the per-call fields start: the earliest of them, or the end. */
static size_t scope_length(const char *msg)
{
	size_t n = strlen(msg);

	for (size_t i = 0; i < sizeof(per_call) / sizeof(per_call[0]); i++) {
		const char *p = strstr(msg, per_call[i]);
		if (p && (size_t)(p - msg) < n)
			n = (size_t)(p - msg);
	}
	return n;
}

char *prof_range_name(const char *msg, char *out, size_t size)
{
	size_t n = 0, len;

	if (msg) {
		while (*msg == ' ')
			msg++;
		len = scope_length(msg);
		while (len && msg[len - 1] == ' ')
			len--;
		if (len > size - 1) {
			len = size - 1;
			/* back to the first byte of a character: not a continuation byte (10xxxxxx) */
			while (len && ((unsigned char)msg[len] & 0xC0) == 0x80)
				len--;
		}
		for (; n < len; n++)
			out[n] = msg[n] == PROF_RANGE_SEP ? ' ' : msg[n];
	}
	if (!n)
		snprintf(out, size, "%s", PROF_RANGE_UNNAMED);
	else
		out[n] = '\0';
	return out;
}

char *prof_range_label(const char *path)
{
	char *s = gp_xstrdup(path && *path ? path : PROF_RANGE_NONE);

	for (char *p = s; *p; p++)
		if (*p == PROF_RANGE_SEP)
			*p = '/';
	return s;
}

int prof_range_depth(const char *path)
{
	int d = path && *path;

	for (; path && *path; path++)
		d += *path == PROF_RANGE_SEP;
	return d;
}
