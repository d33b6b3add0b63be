/*
 * The per-architecture table.  Rows follow the design's reference table
 * (shared/reference/cc_limits.csv) column for column, which records per
 * row where the sources disagree; a row's caveat carries the disagreement
 * that can change a result.  tests/unit/t-arch-sources.c checks a sample
 * of rows against figures typed from the sources below.
 *
 * Sources, by column:
 *   Guide  the CUDA C++ Programming Guide, table "Technical Specifications
 *          per Compute Capability" (and, for the L1 size and the
 *          shared-memory capacities, its per-architecture sections)
 *   occ    cuda_occupancy.h of CUDA 13.0 (CUDA_VERSION 13000; the
 *          toolkit's include/), the function named
 *   XLS    the CUDA Occupancy Calculator spreadsheet: v2.4 for CC 1.x,
 *          v11.1 for 2.x; the only source for both, which the Guide and
 *          occ no longer cover
 *
 *   warp_size, max_warps_per_sm, max_threads_per_sm, max_threads_per_block,
 *   regs_per_sm, max_regs_per_block    Guide
 *   max_regs_per_thread     Guide (255; occ's cudaOccRegAllocationMaxPerThread
 *                           allocates up to 256 from 7.0, not what a thread gets)
 *   max_blocks_per_sm       occ cudaOccMaxBlocksPerMultiprocessor (the Guide
 *                           agrees but for 12.x: CAVEAT_12X)
 *   reg_alloc_unit          occ cudaOccRegAllocationGranularity; XLS on 1.x/2.x
 *   reg_alloc, warp_alloc_granularity  XLS ("allocation granularity" rows)
 *   sub_partitions          occ cudaOccSubPartitionsPerMultiprocessor
 *   smem_per_sm, smem_per_block, smem_per_block_optin  Guide ("shared memory
 *                           per SM", "per thread block", and its opt-in figure)
 *   smem_configs_kb         occ cudaOccAlignUpShmemSizeVoltaPlus (7.0 on) and
 *                           cudaOccSMemPreference (3.x); Guide before
 *   smem_alloc_unit         occ cudaOccSMemAllocationGranularity; XLS on 1.x/2.x
 *   reserved_smem_per_block Guide (1 KB per block from 8.0), as occ adds
 *                           reservedSharedMemPerBlock
 *   carveout                occ cudaOccSMemPerMultiprocessor (from 7.0)
 *   block_barriers_per_sm   occ cudaOccMaxBlocksPerSMBlockBarrierLimit (one
 *                           or two per resident block)
 *   l1_smem_unified_kb, smem_banks, sector_bytes  Guide
 *   family                  NVIDIA's chip names; flags and caveat: ours
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "arch/arch.h"

#define CAVEAT_1X "spreadsheet (v2.4) rules; 124 registers per thread as in the spreadsheet " \
	"(the Guide says 128); kernel parameters also use shared memory and are not counted"
#define CAVEAT_2X "spreadsheet (v11.1) rules with a 64-register unit (its 128-register unit " \
	"for 21, 22, 29, 30, 37, 38, 45 or 46 registers is not mimicked)"
#define CAVEAT_GC "partitioned global caching off, as cuda_occupancy.h by default; " \
	"the spreadsheet's default caching mode gives fewer blocks"
#define CAVEAT_12X "24 blocks per SM (cuda_occupancy.h, Nsight Compute, CCCL); " \
	"the Blackwell Tuning Guide says 32"

/*
 * block_barriers_per_sm is recorded from 5.0 on (Nsight Compute applies
 * it there); cuda_occupancy.h, and so the calculator, applies it from 9.0.
 */
const struct sm_arch sm_archs[] = {
	{
		.name = "sm_10", .major = 1, .minor = 0, .family = "G80",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 24, .max_threads_per_sm = 768,
		.max_blocks_per_sm = 8, .max_threads_per_block = 512,
		.regs_per_sm = 8192, .max_regs_per_block = 8192, .max_regs_per_thread = 124,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_BLOCK,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 16384,
		.smem_configs_kb = { 16 }, .n_smem_configs = 1,
		.smem_per_block = 16384, .smem_per_block_optin = 16384,
		.smem_alloc_unit = 512, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 0, .smem_banks = 16, .sector_bytes = 32,
		.caveat = CAVEAT_1X,
	},
	{
		.name = "sm_11", .major = 1, .minor = 1, .family = "G8x/G9x",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 24, .max_threads_per_sm = 768,
		.max_blocks_per_sm = 8, .max_threads_per_block = 512,
		.regs_per_sm = 8192, .max_regs_per_block = 8192, .max_regs_per_thread = 124,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_BLOCK,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 16384,
		.smem_configs_kb = { 16 }, .n_smem_configs = 1,
		.smem_per_block = 16384, .smem_per_block_optin = 16384,
		.smem_alloc_unit = 512, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 0, .smem_banks = 16, .sector_bytes = 32,
		.caveat = CAVEAT_1X,
	},
	{
		.name = "sm_12", .major = 1, .minor = 2, .family = "GT21x",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 32, .max_threads_per_sm = 1024,
		.max_blocks_per_sm = 8, .max_threads_per_block = 512,
		.regs_per_sm = 16384, .max_regs_per_block = 16384, .max_regs_per_thread = 124,
		.reg_alloc_unit = 512, .reg_alloc = ARCH_REG_ALLOC_BLOCK,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 16384,
		.smem_configs_kb = { 16 }, .n_smem_configs = 1,
		.smem_per_block = 16384, .smem_per_block_optin = 16384,
		.smem_alloc_unit = 512, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 0, .smem_banks = 16, .sector_bytes = 32,
		.caveat = CAVEAT_1X,
	},
	{
		.name = "sm_13", .major = 1, .minor = 3, .family = "GT200",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 32, .max_threads_per_sm = 1024,
		.max_blocks_per_sm = 8, .max_threads_per_block = 512,
		.regs_per_sm = 16384, .max_regs_per_block = 16384, .max_regs_per_thread = 124,
		.reg_alloc_unit = 512, .reg_alloc = ARCH_REG_ALLOC_BLOCK,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 16384,
		.smem_configs_kb = { 16 }, .n_smem_configs = 1,
		.smem_per_block = 16384, .smem_per_block_optin = 16384,
		.smem_alloc_unit = 512, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 0, .smem_banks = 16, .sector_bytes = 32,
		.caveat = CAVEAT_1X,
	},
	{
		.name = "sm_20", .major = 2, .minor = 0, .family = "GF100",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 8, .max_threads_per_block = 1024,
		.regs_per_sm = 32768, .max_regs_per_block = 32768, .max_regs_per_thread = 63,
		.reg_alloc_unit = 64, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 49152,
		.smem_configs_kb = { 16, 48 }, .n_smem_configs = 2,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 64, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_2X,
	},
	{
		.name = "sm_21", .major = 2, .minor = 1, .family = "GF10x",
		.flags = 0,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 8, .max_threads_per_block = 1024,
		.regs_per_sm = 32768, .max_regs_per_block = 32768, .max_regs_per_thread = 63,
		.reg_alloc_unit = 64, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 2, .sub_partitions = 0,
		.smem_per_sm = 49152,
		.smem_configs_kb = { 16, 48 }, .n_smem_configs = 2,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 64, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_2X,
	},
	{
		.name = "sm_30", .major = 3, .minor = 0, .family = "GK10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 63,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 49152,
		.smem_configs_kb = { 16, 32, 48 }, .n_smem_configs = 3,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 64, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_32", .major = 3, .minor = 2, .family = "GK20A",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 49152,
		.smem_configs_kb = { 16, 32, 48 }, .n_smem_configs = 3,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 64, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "registers per block: 65536 per the spreadsheet, 32768 per one third-party table",
	},
	{
		.name = "sm_35", .major = 3, .minor = 5, .family = "GK11x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 49152,
		.smem_configs_kb = { 16, 32, 48 }, .n_smem_configs = 3,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 64, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_37", .major = 3, .minor = 7, .family = "GK210",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 131072, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 114688,
		.smem_configs_kb = { 80, 96, 112 }, .n_smem_configs = 3,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 0,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "registers floored per sub-partition as cuda_occupancy.h does; the spreadsheet floors per 64K half and differs in about 6 % of cases",
	},
	{
		.name = "sm_50", .major = 5, .minor = 0, .family = "GM10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 65536,
		.smem_configs_kb = { 64 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_52", .major = 5, .minor = 2, .family = "GM20x",
		.flags = ARCH_IN_CUDA_OCC | ARCH_PARTITIONED_GC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 98304,
		.smem_configs_kb = { 96 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_GC,
	},
	{
		.name = "sm_53", .major = 5, .minor = 3, .family = "GM20B",
		.flags = ARCH_IN_CUDA_OCC | ARCH_PARTITIONED_GC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 32768, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 65536,
		.smem_configs_kb = { 64 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_GC,
	},
	{
		.name = "sm_60", .major = 6, .minor = 0, .family = "GP100",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 2, .sub_partitions = 2,
		.smem_per_sm = 65536,
		.smem_configs_kb = { 64 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "a configuration that cannot run on GP10x (6.1) gets 0 blocks, as in cuda_occupancy.h",
	},
	{
		.name = "sm_61", .major = 6, .minor = 1, .family = "GP10x",
		.flags = ARCH_IN_CUDA_OCC | ARCH_PARTITIONED_GC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 98304,
		.smem_configs_kb = { 96 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_62", .major = 6, .minor = 2, .family = "GP10B",
		.flags = ARCH_IN_CUDA_OCC | ARCH_PARTITIONED_GC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 32768, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 65536,
		.smem_configs_kb = { 64 }, .n_smem_configs = 1,
		.smem_per_block = 49152, .smem_per_block_optin = 49152,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 0,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 0, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "registers per block: 32768 per the Guide, 65536 per the spreadsheet and Nsight Compute",
	},
	{
		.name = "sm_70", .major = 7, .minor = 0, .family = "GV100",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 98304,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 96 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 98304,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_72", .major = 7, .minor = 2, .family = "GV11B",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 98304,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 96 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 98304,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "not in the spreadsheet; opt-in shared memory per block 96 KB per Nsight Compute (48 KB per one third-party table)",
	},
	{
		.name = "sm_75", .major = 7, .minor = 5, .family = "TU10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 32, .max_threads_per_sm = 1024,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 65536,
		.smem_configs_kb = { 32, 64 }, .n_smem_configs = 2,
		.smem_per_block = 49152, .smem_per_block_optin = 65536,
		.smem_alloc_unit = 256, .reserved_smem_per_block = 0, .carveout = 1,
		.block_barriers_per_sm = 32,
		.l1_smem_unified_kb = 96, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_80", .major = 8, .minor = 0, .family = "GA100",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 167936,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164 }, .n_smem_configs = 8,
		.smem_per_block = 49152, .smem_per_block_optin = 166912,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 192, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_86", .major = 8, .minor = 6, .family = "GA10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 102400,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 101376,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 16,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_87", .major = 8, .minor = 7, .family = "GA10y",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 167936,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164 }, .n_smem_configs = 8,
		.smem_per_block = 49152, .smem_per_block_optin = 166912,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 16,
		.l1_smem_unified_kb = 192, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_88", .major = 8, .minor = 8, .family = NULL,  /* no chip known */
		.flags = ARCH_IN_CUDA_OCC | ARCH_PROVISIONAL,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 16, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 102400,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 101376,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 16,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "provisional: no product data; values follow 8.6 as CCCL does",
	},
	{
		.name = "sm_89", .major = 8, .minor = 9, .family = "AD10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 24, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 102400,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 101376,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 24,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_90", .major = 9, .minor = 0, .family = "GH100",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 233472,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 }, .n_smem_configs = 10,
		.smem_per_block = 49152, .smem_per_block_optin = 232448,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 256, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_100", .major = 10, .minor = 0, .family = "GB10x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 233472,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 }, .n_smem_configs = 10,
		.smem_per_block = 49152, .smem_per_block_optin = 232448,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 256, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_103", .major = 10, .minor = 3, .family = "GB11x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 64, .max_threads_per_sm = 2048,
		.max_blocks_per_sm = 32, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 233472,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 }, .n_smem_configs = 10,
		.smem_per_block = 49152, .smem_per_block_optin = 232448,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 64,
		.l1_smem_unified_kb = 256, .smem_banks = 32, .sector_bytes = 32,
	},
	{
		.name = "sm_110", .major = 11, .minor = 0, .family = "GB10B",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 24, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 233472,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 }, .n_smem_configs = 10,
		.smem_per_block = 49152, .smem_per_block_optin = 232448,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 24,
		.l1_smem_unified_kb = 256, .smem_banks = 32, .sector_bytes = 32,
		.caveat = "Thor; named 10.1 (sm_101) in CUDA 12.8 and 12.9",
	},
	{
		.name = "sm_120", .major = 12, .minor = 0, .family = "GB20x",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 24, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 102400,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 101376,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 24,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_12X,
	},
	{
		.name = "sm_121", .major = 12, .minor = 1, .family = "GB20y",
		.flags = ARCH_IN_CUDA_OCC,
		.warp_size = 32, .max_warps_per_sm = 48, .max_threads_per_sm = 1536,
		.max_blocks_per_sm = 24, .max_threads_per_block = 1024,
		.regs_per_sm = 65536, .max_regs_per_block = 65536, .max_regs_per_thread = 255,
		.reg_alloc_unit = 256, .reg_alloc = ARCH_REG_ALLOC_WARP,
		.warp_alloc_granularity = 4, .sub_partitions = 4,
		.smem_per_sm = 102400,
		.smem_configs_kb = { 0, 8, 16, 32, 64, 100 }, .n_smem_configs = 6,
		.smem_per_block = 49152, .smem_per_block_optin = 101376,
		.smem_alloc_unit = 128, .reserved_smem_per_block = 1024, .carveout = 1,
		.block_barriers_per_sm = 24,
		.l1_smem_unified_kb = 128, .smem_banks = 32, .sector_bytes = 32,
		.caveat = CAVEAT_12X,
	},
};
const size_t sm_narchs = sizeof(sm_archs) / sizeof(sm_archs[0]);

const struct sm_arch *arch_lookup_cc(int major, int minor)
{
	for (size_t i = 0; i < sm_narchs; i++)
		if (sm_archs[i].major == major && sm_archs[i].minor == minor)
			return &sm_archs[i];
	return NULL;
}

/* Digits only, at most max of them; -1 otherwise. */
static int small_number(const char *s, size_t len, size_t max)
{
	int v = 0;

	if (len == 0 || len > max)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/*
 * Names toolkits have since given to another architecture: accepted,
 * with a note.  Thor was compute capability 10.1 (sm_101) in CUDA 12.8
 * and 12.9; CUDA 13.0 calls it 11.0 (sm_110), as cuda_occupancy.h does.
 */
static const struct {
	int old_sm, new_sm;
	const char *note;
} renamed[] = {
	{ 101, 110, "sm_101 (compute capability 10.1, in CUDA 12.8 and 12.9) is sm_110 (11.0) "
		    "since CUDA 13.0: figures for sm_110" },
};

const struct sm_arch *arch_lookup_sm(int sm)
{
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		if (renamed[i].old_sm == sm)
			sm = renamed[i].new_sm;
	return sm >= 10 ? arch_lookup_cc(sm / 10, sm % 10) : NULL;
}

/* "sm_90", "sm_90a", "compute_90", "9.0", "90" as 90; -1 when malformed. */
static int sm_number(const char *s)
{
	size_t len;

	if (!strncasecmp(s, "sm_", 3) || !strncasecmp(s, "compute_", 8)) {
		/* "sm_90", and the arch-specific "sm_90a" / family "sm_100f" */
		s += tolower((unsigned char)s[0]) == 's' ? 3 : 8;
		len = strlen(s);
		if (len > 0 && (s[len - 1] == 'a' || s[len - 1] == 'f'))
			len--;
		return small_number(s, len, 3);
	}
	if (strchr(s, '.')) {
		const char *dot = strchr(s, '.');
		int major = small_number(s, (size_t)(dot - s), 2);
		int minor = small_number(dot + 1, strlen(dot + 1), 1);

		return major < 0 || minor < 0 ? -1 : major * 10 + minor;
	}
	return small_number(s, strlen(s), 3);
}

const struct sm_arch *arch_parse(const char *s)
{
	return s ? arch_lookup_sm(sm_number(s)) : NULL;
}

const char *arch_renamed(const char *s)
{
	int sm = s ? sm_number(s) : -1;

	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		if (renamed[i].old_sm == sm)
			return renamed[i].note;
	return NULL;
}

char *arch_known_names(char *buf, size_t n)
{
	size_t used = 0;

	if (n == 0)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < sm_narchs; i++) {
		int w = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", sm_archs[i].name);

		if (w < 0 || (size_t)w >= n - used)
			break;
		used += (size_t)w;
	}
	return buf;
}
