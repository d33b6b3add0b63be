/*
 * The headers earlier gpuperfs wrote (results/contract.h, struct
 * result_shape): every column list each machine table has had on main,
 * read from git history by tests/fixtures/shapes/extract.py, today's
 * excepted.  When a table's columns change, its old list joins these
 * (the commit that first wrote it, the one that replaced it) and its
 * fixture joins tests/fixtures/shapes/ (README there).
 */
#include <stdio.h>
#include <string.h>
#include "results/all.h"
#include "results/bandwidth.h"
#include "results/banks.h"
#include "results/check.h"
#include "results/coalesce.h"
#include "results/contract.h"
#include "results/info.h"
#include "results/latency.h"
#include "results/occupancy.h"
#include "results/p2p.h"
#include "results/pcie.h"
#include "results/profile.h"
#include "results/roofline.h"
#include "util/compat.h"

const struct result_shape result_shapes[] = {
	/* replaced by 80219d5 (2026-11-25) */
	{ &info_contract, "2026-11-21 50e9e8d",
	  "device,cc,index,pci_bus_id,sm_count,sm_clock_mhz,sm_clock_measured_mhz,"
	  "mem_clock_mhz,mem_bus_width_bits,dram_peak_gbs,l2_bytes,mem_total_bytes,"
	  "mem_free_bytes,smem_per_sm_bytes,smem_per_block_bytes,smem_per_block_optin_bytes,"
	  "smem_reserved_per_block_bytes,regs_per_sm,regs_per_block,max_threads_per_sm,"
	  "max_warps_per_sm,max_blocks_per_sm,max_threads_per_block,warp_size,ecc,numa_node,"
	  "pcie_gen,pcie_width,pcie_gen_max,pcie_width_max,pcie_peak_gbs,pcie_link_source,"
	  "driver_version,runtime_version,counters,counters_reason" },
	/* replaced by bd33475 (2026-11-25) */
	{ &info_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,sm_count,sm_clock_mhz,"
	  "sm_clock_measured_mhz,mem_clock_mhz,mem_bus_width_bits,dram_peak_gbs,l2_bytes,"
	  "mem_total_bytes,mem_free_bytes,smem_per_sm_bytes,smem_per_block_bytes,"
	  "smem_per_block_optin_bytes,smem_reserved_per_block_bytes,regs_per_sm,regs_per_block,"
	  "max_threads_per_sm,max_warps_per_sm,max_blocks_per_sm,max_threads_per_block,"
	  "warp_size,ecc,numa_node,pcie_gen,pcie_width,pcie_gen_max,pcie_width_max,"
	  "pcie_peak_gbs,pcie_link_source,driver_version,runtime_version,counters,"
	  "counters_reason" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &bandwidth_contract, "2026-11-21 ff5aefb",
	  "device,cc,kernel,width_bytes,size_bytes,level,passes,bytes_moved,reps,time_ms,"
	  "bandwidth_gbs,best_gbs,min_gbs,cov_pct,pct_of_theoretical,theoretical_gbs,grid,"
	  "block,unroll,layout" },
	/* replaced by bd33475 (2026-11-25) */
	{ &bandwidth_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,width_bytes,size_bytes,level,"
	  "passes,bytes_moved,reps,time_ms,bandwidth_gbs,best_gbs,min_gbs,cov_pct,"
	  "pct_of_theoretical,theoretical_gbs,grid,block,unroll,layout" },
	/* replaced by db85f5c (2026-11-25) */
	{ &bandwidth_contract, "2026-11-25 bd33475",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,width_bytes,size_bytes,level,"
	  "passes,bytes_moved,reps,time_ms,bandwidth_gbs,best_gbs,min_gbs,cov_pct,"
	  "pct_of_theoretical,theoretical_gbs,grid,block,unroll,layout,contended,throttled" },
	/* replaced by d180313 (2026-11-25) */
	{ &bandwidth_contract, "2026-11-25 db85f5c",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,width_bytes,size_bytes,level,"
	  "passes,bytes_moved,reps,time_ms,bandwidth_gbs,best_gbs,min_gbs,cov_pct,"
	  "pct_of_theoretical,theoretical_gbs,grid,block,unroll,layout,level_source,method,"
	  "l1_hit_pct,l2_hit_pct,dram_bytes_per_byte,contended,throttled" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &coalesce_contract, "2026-11-21 6c5ddd5",
	  "device,cc,pattern,op,offset,stride,width_bytes,predicted_sectors_per_request,"
	  "measured_sectors_per_request,predicted_sectors_per_request_st,"
	  "measured_sectors_per_request_st,model_match,requests,dram_bytes,bytes_requested,"
	  "efficiency_pct,bandwidth_gbs,pct_of_copy" },
	/* replaced by bd33475 (2026-11-25) */
	{ &coalesce_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,pattern,op,offset,stride,"
	  "width_bytes,predicted_sectors_per_request,measured_sectors_per_request,"
	  "predicted_sectors_per_request_st,measured_sectors_per_request_st,model_match,"
	  "requests,dram_bytes,bytes_requested,efficiency_pct,bandwidth_gbs,pct_of_copy" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &banks_contract, "2026-11-21 6c5ddd5",
	  "device,cc,pattern,op,stride,width_bytes,predicted_ways,"
	  "predicted_wavefronts_per_request,measured_wavefronts_per_request,"
	  "measured_conflicts_per_request,model_match,instructions,expected_instructions,"
	  "time_per_access_ns,bandwidth_gbs,bytes_per_clock_per_sm,slowdown" },
	/* replaced by bd33475 (2026-11-25) */
	{ &banks_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,pattern,op,stride,width_bytes,"
	  "predicted_ways,predicted_wavefronts_per_request,measured_wavefronts_per_request,"
	  "measured_conflicts_per_request,model_match,instructions,expected_instructions,"
	  "time_per_access_ns,bandwidth_gbs,bytes_per_clock_per_sm,slowdown" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &occupancy_contract, "2026-11-21 064ae8a",
	  "device,cc,arch,threads_per_block,regs_per_thread,smem_per_block_bytes,carveout_pct,"
	  "barriers_per_block,regs_per_block_alloc,smem_per_block_alloc_bytes,"
	  "smem_per_sm_config_bytes,active_blocks_per_sm,active_warps_per_sm,"
	  "active_threads_per_sm,max_warps_per_sm,occupancy_pct,limiter,blocks_limit_warps,"
	  "blocks_limit_blocks,blocks_limit_regs,blocks_limit_smem,blocks_limit_barriers" },
	/* replaced by 6bb5501 (2026-11-28) */
	{ &occupancy_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,arch,threads_per_block,"
	  "regs_per_thread,smem_per_block_bytes,carveout_pct,barriers_per_block,"
	  "regs_per_block_alloc,smem_per_block_alloc_bytes,smem_per_sm_config_bytes,"
	  "active_blocks_per_sm,active_warps_per_sm,active_threads_per_sm,max_warps_per_sm,"
	  "occupancy_pct,limiter,blocks_limit_warps,blocks_limit_blocks,blocks_limit_regs,"
	  "blocks_limit_smem,blocks_limit_barriers" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &occupancy_sweep_contract, "2026-11-21 064ae8a",
	  "device,cc,arch,threads_per_block,regs_per_thread,smem_per_block_bytes,carveout_pct,"
	  "barriers_per_block,regs_per_block_alloc,smem_per_block_alloc_bytes,"
	  "smem_per_sm_config_bytes,active_blocks_per_sm,active_warps_per_sm,"
	  "active_threads_per_sm,max_warps_per_sm,occupancy_pct,limiter,blocks_limit_warps,"
	  "blocks_limit_blocks,blocks_limit_regs,blocks_limit_smem,blocks_limit_barriers,"
	  "current" },
	/* replaced by 6bb5501 (2026-11-28) */
	{ &occupancy_sweep_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,arch,threads_per_block,"
	  "regs_per_thread,smem_per_block_bytes,carveout_pct,barriers_per_block,"
	  "regs_per_block_alloc,smem_per_block_alloc_bytes,smem_per_sm_config_bytes,"
	  "active_blocks_per_sm,active_warps_per_sm,active_threads_per_sm,max_warps_per_sm,"
	  "occupancy_pct,limiter,blocks_limit_warps,blocks_limit_blocks,blocks_limit_regs,"
	  "blocks_limit_smem,blocks_limit_barriers,current" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &occupancy_kernel_contract, "2026-11-21 064ae8a",
	  "device,cc,arch,kernel,kernel_symbol,regs_per_thread,smem_static_bytes,"
	  "local_bytes_per_thread,launch_bound_threads,threads_per_block,smem_per_block_bytes,"
	  "carveout_pct,barriers_per_block,regs_per_block_alloc,smem_per_block_alloc_bytes,"
	  "smem_per_sm_config_bytes,active_blocks_per_sm,active_warps_per_sm,"
	  "active_threads_per_sm,max_warps_per_sm,occupancy_pct,limiter,blocks_limit_warps,"
	  "blocks_limit_blocks,blocks_limit_regs,blocks_limit_smem,blocks_limit_barriers" },
	/* replaced by 6bb5501 (2026-11-28) */
	{ &occupancy_kernel_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,arch,kernel,kernel_symbol,"
	  "regs_per_thread,smem_static_bytes,local_bytes_per_thread,launch_bound_threads,"
	  "threads_per_block,smem_per_block_bytes,carveout_pct,barriers_per_block,"
	  "regs_per_block_alloc,smem_per_block_alloc_bytes,smem_per_sm_config_bytes,"
	  "active_blocks_per_sm,active_warps_per_sm,active_threads_per_sm,max_warps_per_sm,"
	  "occupancy_pct,limiter,blocks_limit_warps,blocks_limit_blocks,blocks_limit_regs,"
	  "blocks_limit_smem,blocks_limit_barriers" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &occupancy_check_contract, "2026-11-21 064ae8a",
	  "device,cc,kernel,check,threads_per_block,dynamic_smem_bytes,expected,actual,match" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &pcie_contract, "2026-11-21 9a58f4c",
	  "device,cc,direction,memory,size_bytes,reps,copies_per_rep,time_us,time_min_us,"
	  "time_max_us,bandwidth_gbs,pct_of_link,link_gen,link_width,link_max_gen,"
	  "link_max_width,link_peak_gbs,numa_node,host_numa_node,host_local,timer" },
	/* replaced by bd33475 (2026-11-25) */
	{ &pcie_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,direction,memory,size_bytes,reps,"
	  "copies_per_rep,time_us,time_min_us,time_max_us,bandwidth_gbs,pct_of_link,link_gen,"
	  "link_width,link_max_gen,link_max_width,link_peak_gbs,numa_node,host_numa_node,"
	  "host_local,timer" },
	/* replaced in issue 42: spread_pct added (2026-11-29) */
	{ &pcie_contract, "2026-11-28 0470285",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,direction,memory,size_bytes,reps,"
	  "copies_per_rep,time_us,time_min_us,time_max_us,bandwidth_gbs,pct_of_link,link_gen,"
	  "link_width,link_max_gen,link_max_width,link_peak_gbs,numa_node,host_numa_node,"
	  "host_local,timer,contended,throttled" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &pcie_overlap_contract, "2026-11-21 9a58f4c",
	  "device,cc,memory,size_bytes,chunks,streams,kernel_iters,h2d_us,d2h_us,kernel_us,"
	  "serial_us,serial_min_us,serial_max_us,overlapped_us,overlapped_min_us,"
	  "overlapped_max_us,speedup,overlap_pct,numa_node,host_numa_node,host_local" },
	/* replaced by bd33475 (2026-11-25) */
	{ &pcie_overlap_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,memory,size_bytes,chunks,streams,"
	  "kernel_iters,h2d_us,d2h_us,kernel_us,serial_us,serial_min_us,serial_max_us,"
	  "overlapped_us,overlapped_min_us,overlapped_max_us,speedup,overlap_pct,numa_node,"
	  "host_numa_node,host_local" },
	/* replaced by bd33475 (2026-11-25) */
	{ &p2p_contract, "2026-11-25 f902f02",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,src_device,dst_device,"
	  "dst_pci_bus_id,size_bytes,peer_access,peer_access_back,perf_rank,native_atomics,"
	  "link,link_peak_gbs,ce_write_gbs,ce_read_gbs,sm_write_gbs,sm_read_gbs,ce_bidir_gbs,"
	  "ce_write_min_gbs,ce_write_max_gbs,pct_of_link,reps" },
	/* replaced by d32a213 (2026-11-25) */
	{ &profile_contract, "2026-11-25 b909bbd",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launches,"
	  "launches_profiled,launches_graph,grid,block,registers_per_thread,static_smem_bytes,"
	  "dynamic_smem_bytes,local_bytes_per_thread,gpu_time_ms,time_per_launch_us,time_pct,"
	  "load_sectors_per_request,load_ideal_sectors_per_request,load_efficiency_pct,"
	  "load_fetched_bytes,load_requested_bytes,store_sectors_per_request,"
	  "store_ideal_sectors_per_request,store_efficiency_pct,store_fetched_bytes,"
	  "store_requested_bytes,shared_load_wavefronts_per_request,"
	  "shared_load_conflicts_per_request,shared_load_ways,"
	  "shared_store_wavefronts_per_request,shared_store_conflicts_per_request,"
	  "shared_store_ways,achieved_occupancy_pct,theoretical_occupancy_pct,blocks_per_sm,"
	  "occupancy_limiter,occupancy_next_step,dram_read_bytes,dram_write_bytes,"
	  "dram_bandwidth_gbs,dram_peak_pct,l1_hit_rate_pct,l2_hit_rate_pct,verdict,"
	  "verdict_text,verdict_command" },
	/* replaced in issue 40: counter_set appended */
	{ &profile_contract, "2026-11-25 d32a213",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launches,"
	  "launches_profiled,launches_graph,grid,block,registers_per_thread,static_smem_bytes,"
	  "dynamic_smem_bytes,local_bytes_per_thread,gpu_time_ms,time_per_launch_us,time_pct,"
	  "load_sectors_per_request,load_ideal_sectors_per_request,load_efficiency_pct,"
	  "load_fetched_bytes,load_requested_bytes,store_sectors_per_request,"
	  "store_ideal_sectors_per_request,store_efficiency_pct,store_fetched_bytes,"
	  "store_requested_bytes,shared_load_wavefronts_per_request,"
	  "shared_load_conflicts_per_request,shared_load_ways,"
	  "shared_store_wavefronts_per_request,shared_store_conflicts_per_request,"
	  "shared_store_ways,achieved_occupancy_pct,theoretical_occupancy_pct,blocks_per_sm,"
	  "occupancy_limiter,occupancy_next_step,dram_read_bytes,dram_write_bytes,"
	  "dram_bandwidth_gbs,dram_peak_pct,l1_hit_rate_pct,l2_hit_rate_pct,bound,bound_by,"
	  "roof_pct,roof_source,time_at_stake_ms,fp64_flop,fp32_flop,fp16_flop,gflops,"
	  "fma_pipe_pct,tensor_pipe_pct,l2_bytes,l1_bytes,shared_bytes,l2_bandwidth_gbs,"
	  "l1_bandwidth_gbs,intensity_dram_flop_per_byte,intensity_l2_flop_per_byte,"
	  "dram_roof_gbs,l2_roof_gbs,l1_roof_gbs,fp64_roof_gflops,fp32_roof_gflops,"
	  "fp16_roof_gflops,cp_async_sectors_per_request,cp_async_ideal_sectors_per_request,"
	  "cp_async_efficiency_pct,cp_async_fetched_bytes,cp_async_requested_bytes,tma_loads,"
	  "verdict,verdict_text,verdict_command" },
	/* replaced in issue 38: the patched launch's counts appended */
	{ &profile_instr_contract, "2026-11-29 74ebc36",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launch,"
	  "offset,file,line,samples,kernel_samples_pct,stall_top,stall_top_pct,stalls,"
	  "stall_phrase" },
	/* replaced in issue 38: the where columns appended */
	{ &profile_contract, "2026-11-29 74ebc36",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launches,"
	  "launches_profiled,launches_graph,grid,block,registers_per_thread,static_smem_bytes,"
	  "dynamic_smem_bytes,local_bytes_per_thread,gpu_time_ms,time_per_launch_us,time_pct,"
	  "load_sectors_per_request,load_ideal_sectors_per_request,load_efficiency_pct,"
	  "load_fetched_bytes,load_requested_bytes,store_sectors_per_request,"
	  "store_ideal_sectors_per_request,store_efficiency_pct,store_fetched_bytes,"
	  "store_requested_bytes,shared_load_wavefronts_per_request,"
	  "shared_load_conflicts_per_request,shared_load_ways,"
	  "shared_store_wavefronts_per_request,shared_store_conflicts_per_request,"
	  "shared_store_ways,achieved_occupancy_pct,theoretical_occupancy_pct,blocks_per_sm,"
	  "occupancy_limiter,occupancy_next_step,dram_read_bytes,dram_write_bytes,"
	  "dram_bandwidth_gbs,dram_peak_pct,l1_hit_rate_pct,l2_hit_rate_pct,bound,bound_by,"
	  "roof_pct,roof_source,time_at_stake_ms,fp64_flop,fp32_flop,fp16_flop,gflops,"
	  "fma_pipe_pct,tensor_pipe_pct,l2_bytes,l1_bytes,shared_bytes,l2_bandwidth_gbs,"
	  "l1_bandwidth_gbs,intensity_dram_flop_per_byte,intensity_l2_flop_per_byte,"
	  "dram_roof_gbs,l2_roof_gbs,l1_roof_gbs,fp64_roof_gflops,fp32_roof_gflops,"
	  "fp16_roof_gflops,cp_async_sectors_per_request,cp_async_ideal_sectors_per_request,"
	  "cp_async_efficiency_pct,cp_async_fetched_bytes,cp_async_requested_bytes,tma_loads,"
	  "fp64_pipe_pct,atomic_sectors_per_request,atomic_ideal_sectors_per_request,"
	  "atomic_efficiency_pct,shared_load_ideal_wavefronts_per_request,"
	  "shared_store_ideal_wavefronts_per_request,ldsm_wavefronts_per_request,"
	  "cp_async_shared_wavefronts_per_request,shared_atomic_wavefronts_per_request,"
	  "shared_atomic_ways,global_excess_pct,shared_excess_pct,counters_disagree,verdict,"
	  "verdict_text,verdict_command,counter_set,stall_samples,stall_launch,stall_top,"
	  "stall_top_pct,stall_at,stalls" },
	/* replaced in issue 38: stall_launch, which launch was sampled, added */
	{ &profile_contract, "2026-11-29 a8d6be5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launches,"
	  "launches_profiled,launches_graph,grid,block,registers_per_thread,static_smem_bytes,"
	  "dynamic_smem_bytes,local_bytes_per_thread,gpu_time_ms,time_per_launch_us,time_pct,"
	  "load_sectors_per_request,load_ideal_sectors_per_request,load_efficiency_pct,"
	  "load_fetched_bytes,load_requested_bytes,store_sectors_per_request,"
	  "store_ideal_sectors_per_request,store_efficiency_pct,store_fetched_bytes,"
	  "store_requested_bytes,shared_load_wavefronts_per_request,"
	  "shared_load_conflicts_per_request,shared_load_ways,"
	  "shared_store_wavefronts_per_request,shared_store_conflicts_per_request,"
	  "shared_store_ways,achieved_occupancy_pct,theoretical_occupancy_pct,blocks_per_sm,"
	  "occupancy_limiter,occupancy_next_step,dram_read_bytes,dram_write_bytes,"
	  "dram_bandwidth_gbs,dram_peak_pct,l1_hit_rate_pct,l2_hit_rate_pct,bound,bound_by,"
	  "roof_pct,roof_source,time_at_stake_ms,fp64_flop,fp32_flop,fp16_flop,gflops,"
	  "fma_pipe_pct,tensor_pipe_pct,l2_bytes,l1_bytes,shared_bytes,l2_bandwidth_gbs,"
	  "l1_bandwidth_gbs,intensity_dram_flop_per_byte,intensity_l2_flop_per_byte,"
	  "dram_roof_gbs,l2_roof_gbs,l1_roof_gbs,fp64_roof_gflops,fp32_roof_gflops,"
	  "fp16_roof_gflops,cp_async_sectors_per_request,cp_async_ideal_sectors_per_request,"
	  "cp_async_efficiency_pct,cp_async_fetched_bytes,cp_async_requested_bytes,tma_loads,"
	  "fp64_pipe_pct,atomic_sectors_per_request,atomic_ideal_sectors_per_request,"
	  "atomic_efficiency_pct,shared_load_ideal_wavefronts_per_request,"
	  "shared_store_ideal_wavefronts_per_request,ldsm_wavefronts_per_request,"
	  "cp_async_shared_wavefronts_per_request,shared_atomic_wavefronts_per_request,"
	  "shared_atomic_ways,global_excess_pct,shared_excess_pct,counters_disagree,verdict,"
	  "verdict_text,verdict_command,counter_set,stall_samples,stall_top,stall_top_pct,"
	  "stall_at,stalls" },
	/* replaced in issue 38: the stall columns appended */
	{ &profile_contract, "2026-11-29 eae6634",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,kernel,kernel_mangled,launches,"
	  "launches_profiled,launches_graph,grid,block,registers_per_thread,static_smem_bytes,"
	  "dynamic_smem_bytes,local_bytes_per_thread,gpu_time_ms,time_per_launch_us,time_pct,"
	  "load_sectors_per_request,load_ideal_sectors_per_request,load_efficiency_pct,"
	  "load_fetched_bytes,load_requested_bytes,store_sectors_per_request,"
	  "store_ideal_sectors_per_request,store_efficiency_pct,store_fetched_bytes,"
	  "store_requested_bytes,shared_load_wavefronts_per_request,"
	  "shared_load_conflicts_per_request,shared_load_ways,"
	  "shared_store_wavefronts_per_request,shared_store_conflicts_per_request,"
	  "shared_store_ways,achieved_occupancy_pct,theoretical_occupancy_pct,blocks_per_sm,"
	  "occupancy_limiter,occupancy_next_step,dram_read_bytes,dram_write_bytes,"
	  "dram_bandwidth_gbs,dram_peak_pct,l1_hit_rate_pct,l2_hit_rate_pct,bound,bound_by,"
	  "roof_pct,roof_source,time_at_stake_ms,fp64_flop,fp32_flop,fp16_flop,gflops,"
	  "fma_pipe_pct,tensor_pipe_pct,l2_bytes,l1_bytes,shared_bytes,l2_bandwidth_gbs,"
	  "l1_bandwidth_gbs,intensity_dram_flop_per_byte,intensity_l2_flop_per_byte,"
	  "dram_roof_gbs,l2_roof_gbs,l1_roof_gbs,fp64_roof_gflops,fp32_roof_gflops,"
	  "fp16_roof_gflops,cp_async_sectors_per_request,cp_async_ideal_sectors_per_request,"
	  "cp_async_efficiency_pct,cp_async_fetched_bytes,cp_async_requested_bytes,tma_loads,"
	  "fp64_pipe_pct,atomic_sectors_per_request,atomic_ideal_sectors_per_request,"
	  "atomic_efficiency_pct,shared_load_ideal_wavefronts_per_request,"
	  "shared_store_ideal_wavefronts_per_request,ldsm_wavefronts_per_request,"
	  "cp_async_shared_wavefronts_per_request,shared_atomic_wavefronts_per_request,"
	  "shared_atomic_ways,global_excess_pct,shared_excess_pct,counters_disagree,verdict,"
	  "verdict_text,verdict_command,counter_set" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &all_contract, "2026-11-21 aa468a8",
	  "device,cc,probe,config,metric,value,unit" },
	/* replaced by 80219d5 (2026-11-25) */
	{ &all_summary_contract, "2026-11-21 aa468a8",
	  "device,cc,metric,what,value,unit,reference" },
	/* replaced by 665d841 (2026-11-25) */
	{ &all_summary_contract, "2026-11-25 80219d5",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,metric,what,value,unit,reference" },
	/* replaced by 665d841 (2026-11-25) */
	{ &all_devices_contract, "2026-11-25 74ae5c3",
	  "device,cc,device_index,uuid,pci_bus_id,hostname,metric,what,value,unit,"
	  "siblings_median,pct_of_siblings,outlier" },
};
const size_t result_nshapes = ARRAY_SIZE(result_shapes);

/* Columns renamed since an earlier gpuperf wrote them: as written, then today's name. */
static const char *const renamed[][2] = {
	{ "index", "device_index" },  /* info's, before every table had the identity columns */
};

const char *result_column_now(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(renamed); i++)
		if (!strcmp(renamed[i][0], name))
			return renamed[i][1];
	return name;
}

/* columns ("a,b,c") is names[0..n), in order, either under today's names. */
static int is_header(const char *columns, const char *const *names, size_t n)
{
	const char *p = columns;

	for (size_t i = 0; i < n; i++) {
		size_t len = strcspn(p, ",");
		char was[64];

		snprintf(was, sizeof(was), "%.*s", (int)len, p);
		if (!names[i] || strcmp(result_column_now(was), result_column_now(names[i])))
			return 0;
		p += len;
		if (*p)
			p++;
		else if (i + 1 < n)
			return 0;
	}
	return n && !*p;
}

const struct result_shape *result_shape_of(const char *const *names, size_t n)
{
	for (size_t i = 0; i < result_nshapes; i++)
		if (is_header(result_shapes[i].columns, names, n))
			return &result_shapes[i];
	return NULL;
}
