/* The architecture table: its invariants and the names it accepts. */
#include <stdio.h>
#include "arch/arch.h"
#include "util/compat.h"
#include "tests/unit/unit.h"

static void invariants(const struct sm_arch *a)
{
	char name[16];
	int sorted = 1;

	snprintf(name, sizeof(name), "sm_%d%d", a->major, a->minor);
	ok(!strcmp(a->name, name), "%s: name matches %d.%d", name, a->major, a->minor);
	is_int(a->max_warps_per_sm * a->warp_size, a->max_threads_per_sm,
	       "%s: warps x warp size = threads per SM", a->name);
	ok(a->max_threads_per_block <= a->max_threads_per_sm,
	   "%s: a block fits an SM", a->name);
	ok(a->max_regs_per_block <= a->regs_per_sm, "%s: block registers <= SM registers", a->name);
	for (int i = 1; i < a->n_smem_configs; i++)
		sorted &= a->smem_configs_kb[i - 1] < a->smem_configs_kb[i];
	ok(sorted && a->n_smem_configs > 0 && a->n_smem_configs <= ARCH_MAX_SMEM_CONFIGS,
	   "%s: shared-memory configurations ascending", a->name);
	is_int((long long)a->smem_configs_kb[a->n_smem_configs - 1] * 1024, a->smem_per_sm,
	       "%s: the largest configuration is the SM's shared memory", a->name);
	ok(a->smem_per_block <= a->smem_per_block_optin &&
	   a->smem_per_block_optin + a->reserved_smem_per_block <= a->smem_per_sm,
	   "%s: default <= opt-in <= SM shared memory", a->name);
	ok((a->smem_per_block_optin + a->reserved_smem_per_block) % a->smem_alloc_unit == 0,
	   "%s: per-block limit is a whole number of allocation units", a->name);
	is_int(a->carveout, a->major >= 7, "%s: carveout from 7.0 on", a->name);
	is_int(a->reserved_smem_per_block, a->major >= 8 ? 1024 : 0, "%s: reserved shared memory", a->name);
	ok(a->major < 3 || a->sub_partitions > 0, "%s: sub-partitions where cuda_occupancy.h uses them", a->name);
	ok(a->major < 9 || a->block_barriers_per_sm > 0, "%s: barriers per SM from 9.0", a->name);
	ok(arch_parse(a->name) == a, "%s: parsed back by name", a->name);
	snprintf(name, sizeof(name), "%d.%d", a->major, a->minor);
	ok(arch_parse(name) == a, "%s: parsed as '%s'", a->name, name);
	snprintf(name, sizeof(name), "%d%d", a->major, a->minor);
	ok(arch_parse(name) == a, "%s: parsed as '%s'", a->name, name);
}

int main(void)
{
	static const char *const bad[] = {
		"", "sm_", "sm_99", "sm_9x", "8.5", "9.", ".0", "9.00", "1000", "sm_1000",
		"compute_", "x", "-90", "sm_-9", "sm_90b", "sm_101b", "sm_102", "10.2", "9", "13.0", "sm_130", " 90", "90 ",
	};
	char buf[512];

	is_int(sm_narchs, 30, "30 architectures, as cc_limits.csv");
	for (size_t i = 0; i < sm_narchs; i++)
		invariants(&sm_archs[i]);

	ok(arch_lookup_cc(9, 0) && arch_lookup_cc(9, 0)->smem_per_block_optin == 232448,
	   "9.0 opt-in shared memory per block as measured on an H100");
	ok(arch_lookup_cc(8, 5) == NULL, "8.5 does not exist");
	ok(arch_parse("sm_90a") == arch_lookup_cc(9, 0), "sm_90a is 9.0");
	ok(arch_parse("sm_100f") == arch_lookup_cc(10, 0), "sm_100f is 10.0");
	ok(arch_parse("compute_86") == arch_lookup_cc(8, 6), "compute_86 is 8.6");
	ok(arch_parse("SM_75") == arch_lookup_cc(7, 5), "SM_75 is 7.5");
	ok(arch_parse("121") == arch_lookup_cc(12, 1), "121 is 12.1");
	ok(arch_parse("10.3") == arch_lookup_cc(10, 3), "10.3");
	ok(arch_parse(NULL) == NULL, "NULL is refused");
	/* CUDA 13.0 renamed Thor's sm_101 (10.1) to sm_110 (11.0): the old names still work */
	for (size_t i = 0; i < 5; i++) {
		static const char *const old[] = { "sm_101", "sm_101a", "sm_101f", "10.1", "101" };
		ok(arch_parse(old[i]) == arch_lookup_cc(11, 0), "'%s' is sm_110", old[i]);
		ok(arch_renamed(old[i]) && strstr(arch_renamed(old[i]), "sm_110"),
		   "'%s' comes with a note naming sm_110", old[i]);
	}
	ok(arch_renamed("sm_110") == NULL && arch_renamed("sm_90a") == NULL, "current names need no note");
	ok(arch_lookup_cc(10, 1) == NULL, "the table itself has no 10.1 row");
	ok(arch_lookup_sm(101) == arch_lookup_cc(11, 0), "a cubin for sm_101 reads as sm_110");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ok(arch_parse(bad[i]) == NULL, "'%s' is refused", bad[i]);

	arch_known_names(buf, sizeof(buf));
	ok(!strncmp(buf, "sm_10, sm_11, ", 14), "known names start with sm_10: '%.20s'", buf);
	ok(strlen(buf) > 8 && !strcmp(buf + strlen(buf) - 8, ", sm_121"), "known names end with sm_121");
	arch_known_names(buf, 12);
	is_str(buf, "sm_10, sm_1", "a short buffer is cut and terminated");
	return done_testing();
}
