/* The pinned-transfer experiments of the pcie probe: their text, and huge pages read from smaps. */
#include <stdio.h>
#include <string.h>
#include "probes/pcie.h"
#include "tests/unit/unit.h"

static const char smaps[] =
	"55d4c3a00000-55d4c3a21000 rw-p 00000000 00:00 0                          [heap]\n"
	"Size:                132 kB\n"
	"AnonHugePages:         0 kB\n"
	"7f0000000000-7f0010000000 rw-p 00000000 00:00 0 \n"
	"Size:             262144 kB\n"
	"KernelPageSize:        4 kB\n"
	"Anonymous:        262144 kB\n"
	"AnonHugePages:    260096 kB\n"
	"Shared_Hugetlb:        0 kB\n"
	"Private_Hugetlb:       0 kB\n"
	"VmFlags: rd wr mr mw me ac hg\n"
	"7f0010000000-7f0020000000 rw-p 00000000 00:0f 123456                     /anon_hugepage (deleted)\n"
	"Size:             262144 kB\n"
	"KernelPageSize:     2048 kB\n"
	"AnonHugePages:         0 kB\n"
	"Shared_Hugetlb:        0 kB\n"
	"Private_Hugetlb:  262144 kB\n"
	"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n"
	"Size:                  4 kB\n";

static unsigned long long huge_at(unsigned long long addr)
{
	FILE *f = fmemopen((void *)smaps, sizeof(smaps) - 1, "r");
	unsigned long long n = pcie_smaps_huge_bytes(f, (uintptr_t)addr);

	fclose(f);
	return n;
}

int main(void)
{
	struct pcie_variant v;
	char err[64], text[96];

	ok(pcie_variant_parse("", &v, err, sizeof(err)) == 0 && !v.host && !v.split && !v.nogate,
	   "empty: the default");
	is_str(pcie_variant_text(&v, text, sizeof(text)), "default", "named default");
	ok(pcie_variant_parse("default", &v, err, sizeof(err)) == 0, "'default' is a variant");
	ok(pcie_variant_parse("hugetlb,bind,split=4,nogate,nosample", &v, err, sizeof(err)) == 0 &&
	   v.host == PCIE_HOST_HUGETLB && v.bind_node && v.split == 4 && v.nogate && v.nosample,
	   "every item");
	is_str(pcie_variant_text(&v, text, sizeof(text)), "hugetlb,bind,split=4,nogate,nosample",
	       "and back, in the canonical order");
	ok(pcie_variant_parse("split=2,thp", &v, err, sizeof(err)) == 0 && v.host == PCIE_HOST_THP,
	   "any order");
	is_str(pcie_variant_text(&v, text, sizeof(text)), "thp,split=2", "canonical order");
	ok(pcie_variant_parse("small", &v, err, sizeof(err)) == 0 && v.host == PCIE_HOST_SMALL, "small pages");
	ok(pcie_variant_parse("driver,split=1", &v, err, sizeof(err)) == 0 &&
	   !strcmp(pcie_variant_text(&v, text, sizeof(text)), "default"), "split=1 is no split");
	ok(pcie_variant_parse("thp,huge", &v, err, sizeof(err)) == -1 && !strcmp(err, "huge"),
	   "an unknown item is named");
	ok(pcie_variant_parse("split=9", &v, err, sizeof(err)) == -1 && !strcmp(err, "split=9"),
	   "split beyond %d", PCIE_MAX_SPLIT);
	ok(pcie_variant_parse("split=", &v, err, sizeof(err)) == -1, "split without a count");
	ok(pcie_variant_parse("split=2x", &v, err, sizeof(err)) == -1, "split with junk");
	ok(pcie_variant_parse(NULL, &v, err, sizeof(err)) == 0, "NULL: the default");
	ok(pcie_variant_parse("chunk=4,sync,malloc,legacy", &v, err, sizeof(err)) == 0 &&
	   v.pmalloc && v.psync && v.plegacy && v.pchunk_mib == 4 && !v.host,
	   "the pageable items");
	is_str(pcie_variant_text(&v, text, sizeof(text)), "default,malloc,sync,legacy,chunk=4",
	       "and back, in the canonical order");
	ok(pcie_variant_parse("lastcpu,flush", &v, err, sizeof(err)) == 0 && v.pflush && v.plastcpu &&
	   !v.pmalloc, "the pageable spread's items");
	is_str(pcie_variant_text(&v, text, sizeof(text)), "default,flush,lastcpu", "and back");
	ok(pcie_variant_parse("chunk=0", &v, err, sizeof(err)) == -1 && !strcmp(err, "chunk=0"),
	   "chunk of 0 MiB");
	ok(pcie_variant_parse("chunk=1025", &v, err, sizeof(err)) == -1, "chunk beyond %d MiB",
	   PCIE_MAX_CHUNK_MIB);
	ok(pcie_variant_parse("chunk=", &v, err, sizeof(err)) == -1, "chunk without a size");

	is_int(huge_at(0x7f0000000000ull), 260096ull << 10, "THP: AnonHugePages of the mapping");
	is_int(huge_at(0x7f0008000000ull), 260096ull << 10, "an address inside it");
	is_int(huge_at(0x7f0010000000ull), 262144ull << 10, "hugetlb: Private_Hugetlb");
	is_int(huge_at(0x55d4c3a00100ull), 0, "the heap: none");
	is_int(huge_at(0x1000), 0, "not mapped: none");
	return done_testing();
}
