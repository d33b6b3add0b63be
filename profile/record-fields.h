/*
 * The table of record fields, shared by the encoder (record.c) and the
 * decoder (record-decode.c).  Internal to profile/.
 */
#ifndef GP_PROFILE_RECORD_FIELDS_H
#define GP_PROFILE_RECORD_FIELDS_H

#include <stddef.h>
#include "profile/record.h"

extern const char *const prof_type_names[PROF_NTYPES];

enum ftype {
	F_INT,    /* int, min..max */
	F_LL,     /* long long, min..max */
	F_U64,    /* unsigned long long */
	F_DIM3,   /* "x,y,z" */
	F_CC,     /* "9.0" into cc_major, cc_minor */
	F_STR,    /* char *, percent-encoded */
};

/*
 * Every field: the types that must carry it (need) and those that may
 * (opt: a NULL string or an int of 0 is left out, and a record without
 * it reads as NULL or 0).  Encoded in table order.
 */
struct field {
	const char *key;
	enum ftype t;
	size_t off;
	unsigned need, opt;
	long long min, max;   /* F_INT, F_LL */
};

extern const struct field prof_fields[];
extern const size_t prof_nfields;

#define CTR_PREFIX "c."
#define STALL_PREFIX "s."

#endif
