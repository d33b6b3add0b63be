/* PCIe theoretical bandwidth for every generation and width, and speed strings. */
#include "model/pcie.h"
#include "tests/unit/unit.h"

/* Both directions: the faster side's work matches the slower side's time. */
static void balance(void)
{
	const size_t mib = 1 << 20, size = 256 * mib;
	int full;
	size_t tail;
	double t_fast, t_slow;

	/* H2D 42.4 and D2H 51.5 GB/s under load: time per 256 MiB transfer */
	pcie_balance(size / 42.4e9, size / 51.5e9, 8, size, 4096, 1, &full, &tail);
	t_slow = 8 * (size / 42.4e9);
	t_fast = (full + (double)tail / size) * (size / 51.5e9);
	ok(full == 9 && tail > 0 && tail < size && tail % 4096 == 0,
	   "ratio 1.215 over 8: 9 whole transfers and a tail (%d, %zu bytes)", full, tail);
	ok(t_fast <= t_slow && t_slow - t_fast < 4096 / 51.5e9 + 1e-12,
	   "the sides end within one page of each other");
	pcie_balance(size / 42.4e9, size / 51.5e9, 8, size, 4096, 0, &full, &tail);
	ok(full == 10 && tail == 0, "no tail (mapped, pageable, split): the count is rounded (%d)", full);
	pcie_balance(1.22, 1.0, 8, 2048, 4096, 1, &full, &tail);
	ok(full == 10 && tail == 0, "2 KiB transfers have no whole page to spare: rounded (%d)", full);
	pcie_balance(1.01, 1.0, 8, size, 4096, 1, &full, &tail);
	ok(full == 8 && tail == 0, "within 2 %%: both keep the count");
	pcie_balance(100.0, 1.0, 8, size, 4096, 1, &full, &tail);
	ok(full == 64 && tail == 0, "the ratio is capped at 8 (%d)", full);
	pcie_balance(0, 1.0, 8, size, 4096, 1, &full, &tail);
	ok(full == 8 && tail == 0, "no time measured: no change");
}

int main(void)
{
	static const double lane[] = { 0, 0.25, 0.5, 8.0 * 128 / 130 / 8, 16.0 * 128 / 130 / 8,
				       32.0 * 128 / 130 / 8, 64.0 * 236 / 256 / 8 };
	static const int widths[] = { 1, 2, 4, 8, 16 };

	for (int g = 1; g <= 6; g++)
		for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++)
			is_dbl(pcie_peak_gbs(g, widths[w]), lane[g] * widths[w], 1e-9,
			       "Gen%d x%d = %.4f GB/s per direction", g, widths[w], lane[g] * widths[w]);
	is_dbl(pcie_peak_gbs(5, 16), 63.015, 0.001, "Gen5 x16 after 128b/130b is 63.0 GB/s");
	is_dbl(pcie_raw_gbs(5, 16), 64.0, 1e-9, "Gen5 x16 raw is 64 GB/s");
	is_dbl(pcie_peak_gbs(3, 16), 15.754, 0.001, "Gen3 x16 is 15.75 GB/s");
	is_dbl(pcie_peak_gbs(1, 16), 4.0, 1e-9, "Gen1 x16 is 4 GB/s (8b/10b)");
	is_dbl(pcie_peak_gbs(6, 16), 118.0, 1e-9, "Gen6 x16 is 118 GB/s of TLPs per direction");
	is_dbl(pcie_peak_gbs(0, 16), 0, 0, "unknown generation gives 0");
	is_dbl(pcie_peak_gbs(7, 16), 0, 0, "generation 7 is unknown");
	is_dbl(pcie_peak_gbs(5, 0), 0, 0, "width 0 gives 0");
	is_str(pcie_encoding_name(2), "8b/10b", "Gen2 encoding");
	is_str(pcie_encoding_name(3), "128b/130b", "Gen3 encoding");
	is_str(pcie_encoding_name(6), "FLIT", "Gen6 encoding");
	is_int(pcie_gen_from_speed("2.5 GT/s"), 1, "2.5 GT/s is Gen1");
	is_int(pcie_gen_from_speed("5 GT/s"), 2, "5 GT/s is Gen2");
	is_int(pcie_gen_from_speed("8 GT/s"), 3, "8 GT/s is Gen3");
	is_int(pcie_gen_from_speed("8.0 GT/s PCIe"), 3, "8.0 GT/s PCIe is Gen3");
	is_int(pcie_gen_from_speed("16.0 GT/s PCIe"), 4, "16.0 GT/s PCIe is Gen4");
	is_int(pcie_gen_from_speed("32.0 GT/s PCIe"), 5, "32.0 GT/s PCIe is Gen5");
	is_int(pcie_gen_from_speed("64.0 GT/s PCIe"), 6, "64.0 GT/s PCIe is Gen6");
	is_int(pcie_gen_from_speed("Unknown"), 0, "Unknown is 0");
	is_int(pcie_gen_from_speed("2.5 GT/s PCIe"), 1, "2.5 GT/s PCIe is Gen1");
	is_int(pcie_gen_from_speed("12 GT/s"), 0, "12 GT/s is no generation");
	is_int(pcie_gen_from_speed(""), 0, "empty is 0");
	is_int(pcie_gen_from_speed(0), 0, "NULL is 0");
	balance();
	return done_testing();
}
