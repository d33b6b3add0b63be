/* gpuperf info: the device inventory and the theoretical peaks derived from it. */
#include <math.h>
#include <stdio.h>
#include "model/pcie.h"
#include "model/trust.h"
#include "results/info-columns.h"
#include "tables/all.h"
#include "tables/info.h"

/* ECC, persistence, MIG and compute modes, clocks and processes, from the watch. */
static void set_watch(struct report_table *t, size_t r, const struct trust_summary *w)
{
	const struct trust_modes *m = &w->modes;
	char buf[64];

	if (!w->watched) {
		report_set_str(t, r, C_NVML, w->why[0] ? w->why : NULL);
		return;
	}
	report_set_str(t, r, C_NVML, "read");
	if (m->ecc >= 0)
		report_set_str(t, r, C_ECC, trust_mode_text(m->ecc, m->ecc_pending, buf, sizeof(buf)));
	if (m->persistence >= 0)
		report_set_str(t, r, C_PERSISTENCE, m->persistence ? "on" : "off");
	if (m->mig >= 0)
		report_set_str(t, r, C_MIG, m->mig == 1 ? "on (this device is a slice)"
				 : trust_mode_text(m->mig, m->mig_pending, buf, sizeof(buf)));
	if (m->compute_mode >= 0)
		report_set_str(t, r, C_COMPUTE_MODE, trust_compute_mode_name(m->compute_mode));
	if (w->sm_max_mhz)
		report_set_int(t, r, C_SM_CLOCK_MAX, w->sm_max_mhz);
	if (w->mem_max_mhz)
		report_set_int(t, r, C_MEM_CLOCK_MAX, w->mem_max_mhz);
	if (trust_contended(w) >= 0 && w->procs == TRUST_PROCS_VISIBLE)
		report_set_int(t, r, C_OTHERS, (long long)w->nothers);
}

static void set_pos_int(struct report_table *t, size_t row, size_t col, long long v)
{
	if (v > 0)
		report_set_int(t, row, col, v);
}

static void set_version(struct report_table *t, size_t row, size_t col, int v)
{
	char buf[32];
	if (v <= 0)
		return;
	snprintf(buf, sizeof(buf), "%d.%d", v / 1000, v % 1000 / 10);
	report_set_str(t, row, col, buf);
}

static void add_notes(struct report_table *t, const struct gp_device *d, const char *why)
{
	const struct pcie_link *l = &d->link;

	report_note(t, "%s", "");
	report_note(t, "Theoretical DRAM bandwidth = 2 (double data rate) x %.0f MHz x %d bit / 8 "
		    "= %.1f GB/s (1 GB = 10^9 B)", d->mem_clock_khz / 1e3, d->mem_bus_width_bits,
		    dev_dram_peak_gbs(d));
	if (l->max_gen && l->max_width) {
		report_note(t, "Theoretical PCIe per direction = %g GT/s x %d lanes x %s / 8 = %.1f GB/s "
			    "(Gen%d x%d, the link's maximum, read from %s)", pcie_gts(l->max_gen),
			    l->max_width, pcie_encoding_name(l->max_gen),
			    pcie_peak_gbs(l->max_gen, l->max_width), l->max_gen, l->max_width, l->source);
		if (l->cur_gen != l->max_gen || l->cur_width != l->max_width)
			report_note(t, "The link runs at Gen%d x%d now; idle links train down and come "
				    "back up under load ('gpuperf pcie' reads it during a transfer)",
				    l->cur_gen, l->cur_width);
		if (l->path_gen && (l->path_gen < l->cur_gen || l->path_width < l->cur_width))
			report_note(t, "A link on the way to the root port runs at Gen%d x%d: it caps "
				    "the GPU's transfers", l->path_gen, l->path_width);
	} else {
		report_note(t, "PCIe link: unknown (neither sysfs nor NVML describes it)");
	}
	if (why)
		report_note(t, "Hardware counters: unavailable: %s", why);
}

/* What the modes mean for the figures, where they matter. */
static void watch_notes(struct report_table *t, const struct trust_summary *w)
{
	if (!w->watched) {
		if (w->why[0])  /* a reason: the watch ran and could not read */
			report_note(t, "Modes, maximum clocks and other processes: unknown (%s)", w->why);
		return;
	}
	if (w->modes.mig == 1)
		report_note(t, "MIG is on: this device is a slice; its SMs and memory are the slice's, "
			    "the theoretical DRAM bandwidth above is the whole GPU's");
	if (w->modes.persistence == 0)
		report_note(t, "Persistence mode is off: the driver may unload between runs, so the "
			    "first command after an idle spell starts slower (measurements are not "
			    "affected; 'nvidia-smi -pm 1' keeps it loaded)");
	if (w->modes.compute_mode == TRUST_COMPUTE_EXCLUSIVE_PROCESS)
		report_note(t, "Compute mode is exclusive-process: while gpuperf runs, no other "
			    "process can use the GPU");
	if (w->modes.ecc == 1)
		report_note(t, "ECC is on: part of the memory bandwidth carries check bits on some "
			    "GPUs (HBM keeps them aside: no cost there)");
}

void tab_info(struct report *rep, const struct gp_device *d, const void *info_run)
{
	const struct info_run *run = info_run;
	const char *why = run->counters_reason;
	double mhz = run->sm_clock_measured_mhz;
	struct report_table *t;
	char title[512];
	size_t r;

	snprintf(title, sizeof(title), "Device %d: %s", d->index, d->name);
	t = report_add_table(rep, title, info_columns, INFO_NCOLUMNS);
	t->layout = REPORT_VERTICAL;
	r = report_add_row(t);
	tab_set_identity(t, r, d);
	set_pos_int(t, r, C_SMS, d->sm_count);
	if (d->sm_clock_khz > 0)
		report_set_dbl(t, r, C_SM_CLOCK, d->sm_clock_khz / 1e3);
	if (mhz > 0)
		report_set_dbl(t, r, C_SM_CLOCK_MEASURED, mhz);
	if (d->mem_clock_khz > 0)
		report_set_dbl(t, r, C_MEM_CLOCK, d->mem_clock_khz / 1e3);
	set_pos_int(t, r, C_BUS_WIDTH, d->mem_bus_width_bits);
	if (d->mem_clock_khz > 0 && d->mem_bus_width_bits > 0)
		report_set_dbl(t, r, C_DRAM_PEAK, dev_dram_peak_gbs(d));
	set_pos_int(t, r, C_L2, d->l2_bytes);
	set_pos_int(t, r, C_MEM_TOTAL, (long long)d->total_mem_bytes);
	set_pos_int(t, r, C_MEM_FREE, (long long)d->free_mem_bytes);
	set_pos_int(t, r, C_SMEM_SM, d->smem_per_sm);
	set_pos_int(t, r, C_SMEM_BLOCK, d->smem_per_block);
	set_pos_int(t, r, C_SMEM_OPTIN, d->smem_per_block_optin);
	report_set_int(t, r, C_SMEM_RESERVED, d->reserved_smem_per_block);
	set_pos_int(t, r, C_REGS_SM, d->regs_per_sm);
	set_pos_int(t, r, C_REGS_BLOCK, d->regs_per_block);
	set_pos_int(t, r, C_THREADS_SM, d->max_threads_per_sm);
	if (d->warp_size > 0)
		set_pos_int(t, r, C_WARPS_SM, d->max_threads_per_sm / d->warp_size);
	set_pos_int(t, r, C_BLOCKS_SM, d->max_blocks_per_sm);
	set_pos_int(t, r, C_THREADS_BLOCK, d->max_threads_per_block);
	set_pos_int(t, r, C_WARP, d->warp_size);
	report_set_str(t, r, C_ECC, d->ecc_enabled ? "on" : "off");
	if (d->numa_node >= 0)
		report_set_int(t, r, C_NUMA, d->numa_node);
	set_pos_int(t, r, C_PCIE_GEN, d->link.cur_gen);
	set_pos_int(t, r, C_PCIE_WIDTH, d->link.cur_width);
	set_pos_int(t, r, C_PCIE_GEN_MAX, d->link.max_gen);
	set_pos_int(t, r, C_PCIE_WIDTH_MAX, d->link.max_width);
	if (d->link.max_gen && d->link.max_width)
		report_set_dbl(t, r, C_PCIE_PEAK, pcie_peak_gbs(d->link.max_gen, d->link.max_width));
	report_set_str(t, r, C_PCIE_SOURCE, d->link.source);
	set_version(t, r, C_DRIVER, d->driver_version);
	set_version(t, r, C_RUNTIME, d->runtime_version);
	report_set_str(t, r, C_COUNTERS, why ? "unavailable" : "available");
	report_set_str(t, r, C_COUNTERS_REASON, why);
	set_watch(t, r, &run->watch);
	add_notes(t, d, why);
	watch_notes(t, &run->watch);
}

/* ---- gpuperf all's summary ---- */

/* gpuperf all's summary: whether the hardware counters could be read. */
void tab_info_summary(struct all_summary *s, const struct gp_device *d, const void *info_run)
{
	const struct info_run *info = info_run;
	const char *why = info ? info->counters_reason : NULL;

	(void)d;
	/* no number here: the availability stands in the unit's place */
	all_add(s, "counters", "hardware counters", NAN, NAN, why ? "unavailable" : "available",
	    why ? why : "read through CUPTI's Range Profiler");
}
