/*
 * The SASS of the pc records' instructions (issue 38: the instruction
 * behind a verdict, by name): the library writes each instruction's
 * encoding (a pc record's code, from the module's cubin) and nvdisasm
 * names it, "STG.E desc[UR4][R4.64], R11", into the record's sass.  One
 * nvdisasm run a device (-b SM90a: its raw binary mode), on a temporary
 * file in TMPDIR, removed at once.  nvdisasm is the CUDA toolkit's
 * ($CUDA_HOME/bin, else /usr/local/cuda/bin, else PATH).  Not pure: it
 * writes a file and runs a program.
 */
#ifndef GP_PROFILE_DISASM_H
#define GP_PROFILE_DISASM_H

#include <stddef.h>
#include "profile/record.h"

/*
 * Name the pc records of rs that carry a code.  0 when every one that
 * does was named (or none does); -1 with why (n bytes) saying what is
 * missing: no nvdisasm, or one that could not read an architecture's.
 */
int prof_disasm(struct prof_records *rs, char *why, size_t n);

#endif
