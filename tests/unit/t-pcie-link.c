/*
 * gpuperf pcie's theoretical link bandwidth: model/pcie.h against values
 * worked out by hand (GT/s x lanes x encoding / 8, per direction), and the
 * link the percentages refer to.
 */
#include "tables/pcie.h"
#include "model/pcie.h"
#include "tests/unit/unit.h"

/*
 * Per lane and direction, by hand:
 *   Gen1   2.5 x 8/10    / 8 = 0.25
 *   Gen2   5   x 8/10    / 8 = 0.5
 *   Gen3   8   x 128/130 / 8 = 128/130      = 0.984615384...
 *   Gen4  16   x 128/130 / 8 = 256/130      = 1.969230769...
 *   Gen5  32   x 128/130 / 8 = 512/130      = 3.938461538...
 *   Gen6  64   x 236/256 / 8 = 8 x 0.921875 = 7.375
 */
static const double lane_gbs[] = { 0, 0.25, 0.5, 0.984615384615, 1.969230769231,
				   3.938461538462, 7.375 };
static const double raw_lane_gbs[] = { 0, 0.3125, 0.625, 1.0, 2.0, 4.0, 8.0 };

int main(void)
{
	static const int widths[] = { 1, 2, 4, 8, 12, 16, 32 };
	struct pcie_env env = { 0 };
	int gen, width;

	for (int g = 1; g <= 6; g++)
		for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
			int w = widths[i];
			is_dbl(pcie_peak_gbs(g, w), lane_gbs[g] * w, 1e-9 * w,
			       "Gen%d x%d after encoding: %.3f GB/s per direction", g, w, lane_gbs[g] * w);
			is_dbl(pcie_raw_gbs(g, w), raw_lane_gbs[g] * w, 1e-9 * w,
			       "Gen%d x%d raw: %.3f GB/s", g, w, raw_lane_gbs[g] * w);
		}

	/* The figures the issue and the H100 datasheet quote. */
	is_dbl(pcie_peak_gbs(5, 16), 63.0, 0.05, "Gen5 x16: 63.0 GB/s per direction after 128b/130b");
	is_dbl(2 * pcie_raw_gbs(5, 16), 128.0, 1e-9, "Gen5 x16: the datasheet's 128 GB/s is raw, both ways");
	is_dbl(pcie_peak_gbs(4, 16), 31.5, 0.05, "Gen4 x16: 31.5 GB/s");
	is_dbl(pcie_peak_gbs(3, 16), 15.75, 0.01, "Gen3 x16: 15.75 GB/s");
	is_dbl(pcie_peak_gbs(2, 16), 8.0, 1e-9, "Gen2 x16: 8 GB/s");
	is_dbl(pcie_peak_gbs(1, 1), 0.25, 1e-12, "Gen1 x1: 250 MB/s");
	is_dbl(pcie_peak_gbs(6, 16), 118.0, 1e-9, "Gen6 x16: 118 GB/s of TLP bytes (236 of 256 per FLIT)");
	is_dbl(pcie_peak_gbs(5, 8), 31.5, 0.05, "Gen5 x8 equals Gen4 x16");

	is_dbl(pcie_encoding(1), 0.8, 1e-12, "Gen1: 8b/10b carries 80 %%");
	is_dbl(pcie_encoding(2), 0.8, 1e-12, "Gen2: 8b/10b");
	for (int g = 3; g <= 5; g++)
		is_dbl(pcie_encoding(g), 0.984615384615, 1e-12, "Gen%d: 128b/130b carries 98.46 %%", g);
	is_dbl(pcie_encoding(6), 0.921875, 1e-12, "Gen6: 236/256 of a FLIT");
	is_str(pcie_encoding_name(5), "128b/130b", "Gen5 is named 128b/130b");
	is_str(pcie_encoding_name(1), "8b/10b", "Gen1 is named 8b/10b");
	is_str(pcie_encoding_name(6), "FLIT", "Gen6 is named FLIT");
	is_dbl(pcie_gts(5), 32.0, 0, "Gen5: 32 GT/s");
	is_dbl(pcie_gts(6), 64.0, 0, "Gen6: 64 GT/s");

	is_dbl(pcie_peak_gbs(0, 16), 0, 0, "unknown generation: 0");
	is_dbl(pcie_peak_gbs(7, 16), 0, 0, "Gen7 is not known: 0");
	is_dbl(pcie_peak_gbs(5, 0), 0, 0, "unknown width: 0");

	/* Which link the percentages use: under load, else the maximum, never the idle one. */
	env.idle = (struct pcie_link){ .cur_gen = 1, .cur_width = 16, .max_gen = 5, .max_width = 16 };
	pcie_env_link(&env, &gen, &width);
	ok(gen == 5 && width == 16, "no reading under load: the maximum (Gen5 x16), not the idle Gen1");
	env.busy = (struct pcie_link){ .cur_gen = 4, .cur_width = 8, .max_gen = 5, .max_width = 16 };
	pcie_env_link(&env, &gen, &width);
	ok(gen == 4 && width == 8, "a downtrained link under load is the one used (Gen4 x8)");
	env = (struct pcie_env){ 0 };
	pcie_env_link(&env, &gen, &width);
	ok(gen == 0 && width == 0, "nothing known: 0");
	return done_testing();
}
