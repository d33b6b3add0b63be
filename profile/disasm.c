/* The pc records' instructions named by nvdisasm: profile/disasm.h says what. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "profile/disasm.h"
#include "profile/spawn.h"
#include "util/error.h"

/* nvdisasm's name of the architecture of compute capability major.minor: "SM90a" */
static void arch_name(int major, int minor, char *buf, size_t n)
{
	/* 9.0 and later: the architecture-specific set (wgmma, ...) decodes too */
	snprintf(buf, n, "SM%d%d%s", major, minor, major >= 9 ? "a" : "");
}

/* The PROF_SASS_BYTES bytes of a record's code, or -1 when it is not that much hex. */
static int code_bytes(const char *code, unsigned char *out)
{
	if (!code || strlen(code) != 2 * PROF_SASS_BYTES)
		return -1;
	for (size_t i = 0; i < PROF_SASS_BYTES; i++) {
		unsigned v;

		if (!isxdigit((unsigned char)code[2 * i]) || !isxdigit((unsigned char)code[2 * i + 1]) ||
		    sscanf(code + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (unsigned char)v;
	}
	return 0;
}

/* nvdisasm: beside the toolkit's nvcc or on PATH, as the CUDA tools are found; NULL: none. */
static char *find_nvdisasm(void)
{
	const char *home = getenv("CUDA_HOME"), *path = getenv("PATH");
	char *c;

	if ((c = gp_xasprintf("%s/bin/nvdisasm", home && *home ? home : "/usr/local/cuda")) &&
	    !access(c, X_OK))
		return c;
	free(c);
	for (const char *p = path; p && *p;) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		c = gp_xasprintf("%.*s/nvdisasm", (int)len, len ? p : ".");
		if (!access(c, X_OK))
			return c;
		free(c);
		p = end ? end + 1 : NULL;
	}
	return NULL;
}

/*
 * The instruction of one line of nvdisasm's (its address in a comment,
 * then "STG.E desc[UR4][R4.64], R11 ;"), its index in *index; NULL: none.
 */
static char *instruction_of(const char *line, size_t *index)
{
	const char *p = strstr(line, "/*"), *text, *end;
	unsigned long addr;
	char *stop;

	if (!p || !isxdigit((unsigned char)p[2]))
		return NULL;
	addr = strtoul(p + 2, &stop, 16);
	if (strncmp(stop, "*/", 2) || addr % PROF_SASS_BYTES)
		return NULL;
	for (text = stop + 2; *text == ' ' || *text == '\t'; text++)
		;
	if (!(end = strstr(text, " ;")) || end == text)
		return NULL;
	*index = addr / PROF_SASS_BYTES;
	return gp_xasprintf("%.*s", (int)(end - text), text);
}

/* Name the records of one architecture, v[0 .. n) (their codes valid), by one nvdisasm run. */
static int name_arch(const char *tool, const char *arch, struct prof_rec **v, size_t n)
{
	char path[] = "/tmp/gpuperf-sass-XXXXXX", *out = NULL, *line, *save = NULL;
	const char *tmp = getenv("TMPDIR");
	char *tpath = tmp && *tmp ? gp_xasprintf("%s/gpuperf-sass-XXXXXX", tmp) : gp_xstrdup(path);
	unsigned char bytes[PROF_SASS_BYTES];
	int fd = mkstemp(tpath), ok = fd >= 0;
	size_t named = 0;

	for (size_t i = 0; ok && i < n; i++)
		ok = !code_bytes(v[i]->code, bytes) &&
		     write(fd, bytes, sizeof(bytes)) == (ssize_t)sizeof(bytes);
	if (fd >= 0)
		close(fd);
	if (ok) {
		char *argv[] = { (char *)tool, "-b", (char *)arch, tpath, NULL };

		out = prof_run_output(argv);
	}
	if (fd >= 0)
		unlink(tpath);
	free(tpath);
	for (line = out ? strtok_r(out, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		size_t i;
		char *text = instruction_of(line, &i);

		if (text && i < n && !v[i]->sass) {
			v[i]->sass = text;
			named++;
		} else {
			free(text);
		}
	}
	free(out);
	return named ? 0 : -1;
}

int prof_disasm(struct prof_records *rs, char *why, size_t n)
{
	struct prof_rec **v = gp_xcalloc(rs->n ? rs->n : 1, sizeof(*v));
	char *tool = NULL, arch[16];
	int rc = 0, any = 0;
	unsigned char bytes[PROF_SASS_BYTES];

	why[0] = '\0';
	for (size_t d = 0; d < rs->n; d++) {
		const struct prof_rec *dev = &rs->v[d];
		size_t m = 0;

		if (dev->type != PROF_DEVICE || !dev->cc_major)
			continue;
		for (size_t i = 0; i < rs->n; i++)
			if (rs->v[i].type == PROF_PC && rs->v[i].pid == dev->pid &&
			    rs->v[i].dev == dev->dev && !code_bytes(rs->v[i].code, bytes))
				v[m++] = &rs->v[i];
		if (!m)
			continue;
		any = 1;
		if (!tool && !(tool = find_nvdisasm())) {
			snprintf(why, n, "nvdisasm (the CUDA toolkit's) is not on PATH nor in "
				 "$CUDA_HOME/bin: the instructions are named by offset only");
			rc = -1;
			break;
		}
		arch_name(dev->cc_major, dev->cc_minor, arch, sizeof(arch));
		if (name_arch(tool, arch, v, m)) {
			snprintf(why, n, "%s could not name %s's instructions: they are named by "
				 "offset only", tool, arch);
			rc = -1;
		}
	}
	free(tool);
	free(v);
	return any ? rc : 0;
}
