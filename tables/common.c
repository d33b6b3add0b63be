/* What every command's tables share: identity columns, ratios, plurals. */
#include <math.h>
#include "tables/tables.h"
#include "util/stats.h"

void tab_set_identity(struct report_table *t, size_t row, const struct gp_device *dev)
{
	char cc[16];

	report_set_str(t, row, 0, dev->name);
	report_set_str(t, row, 1, dev_cc_string(dev, cc, sizeof(cc)));
	report_set_int(t, row, 2, dev->index);
	report_set_str(t, row, 3, dev->uuid[0] ? dev->uuid : NULL);
	report_set_str(t, row, 4, dev->pci_bus_id[0] ? dev->pci_bus_id : NULL);
	report_set_str(t, row, 5, dev->hostname[0] ? dev->hostname : NULL);
}

double tab_ratio(double a, double b)
{
	return isnan(a) || isnan(b) || b <= 0 ? NAN : a / b;
}

unsigned tab_log_if_wide(double lo, double hi)
{
	return lo > 0 && hi >= 100 * lo ? REPORT_AXIS_LOG : 0;
}

unsigned tab_stride_axis(double lo, double hi, int pow2)
{
	if (pow2 && lo > 0 && hi >= 4 * lo)
		return REPORT_AXIS_LOG | REPORT_AXIS_POW2;
	return tab_log_if_wide(lo, hi);
}

const char *tab_plural(long long n)
{
	return n == 1 ? "" : "s";
}

void tab_set_trust(struct report_table *t, size_t row, size_t col, const struct trust_summary *s)
{
	char buf[128];
	int c;

	if (!s)
		return;
	c = trust_contended(s);
	if (c >= 0)
		report_set_int(t, row, col, c);
	report_set_str(t, row, col + 1, trust_throttled(s, buf, sizeof(buf)));
}

void tab_stability_note(struct report_table *t, const struct trust_row *rows, size_t n,
			const struct trust_summary *s)
{
	char line[512];

	if (trust_stability(rows, n, s, line, sizeof(line)))
		report_note(t, "%s", line);
}

double tab_cov_pct(size_t n, double cov)
{
	return n >= 2 ? 100.0 * cov : NAN;
}

/* To first order, independent errors of a ratio's two sides add in quadrature. */
double tab_ratio_cov_pct(const struct stats *a, const struct stats *b)
{
	return a && b ? hypot(tab_cov_pct(a->n, a->cov), tab_cov_pct(b->n, b->cov)) : NAN;
}
