/* Text bar charts under a table, so the shape of a sweep is seen at a glance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report/report.h"
#include "util/error.h"

void report_chart(struct report_table *t, const char *title,
		  const char *const *labels, const double *values, size_t n,
		  const char *unit, int width)
{
	double max = 0;
	size_t lw = 0;
	char *bar;

	for (size_t i = 0; i < n; i++) {
		if (isfinite(values[i]) && values[i] > max)
			max = values[i];
		if (strlen(labels[i]) > lw)
			lw = strlen(labels[i]);
	}
	if (width < 1)
		width = 1;
	bar = gp_xmalloc((size_t)width + 1);
	report_note(t, "%s", "");
	report_note(t, "%s", title);
	for (size_t i = 0; i < n; i++) {
		int len = 0;
		if (!isfinite(values[i])) {
			report_note(t, "  %*s | n/a", (int)lw, labels[i]);
			continue;
		}
		if (max > 0 && values[i] > 0)
			len = (int)lround(values[i] / max * width);
		if (len < 1 && values[i] > 0)
			len = 1;
		memset(bar, '#', (size_t)len);
		bar[len] = '\0';
		report_note(t, "  %*s | %-*s %.4g %s", (int)lw, labels[i], width, bar, values[i], unit);
	}
	free(bar);
}

void report_chart_keys(struct report_table *t, const char *title, const long long *keys,
		       const double *values, size_t n, const char *unit, int width)
{
	const char **labels = gp_xcalloc(n ? n : 1, sizeof(*labels));
	double *v = gp_xcalloc(n ? n : 1, sizeof(*v));
	char *text = gp_xcalloc(n ? n : 1, 24);
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (isnan(values[i]))
			continue;
		snprintf(text + 24 * k, 24, "%lld", keys[i]);
		labels[k] = text + 24 * k;
		v[k++] = values[i];
	}
	if (k > 1)
		report_chart(t, title, labels, v, k, unit, width);
	free(labels);
	free(v);
	free(text);
}
