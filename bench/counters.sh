#!/bin/sh
# What hardware counters cost: the counters self-test launches (21 small
# kernels) timed without counters, with a 1-pass set (the coalesce
# counters) and with every counter (2 passes, kernel replay); then, once
# `gpuperf coalesce` and `gpuperf banks` exist, each with and without
# --no-counters.  Needs a GPU where counters are available.
set -eu
cd "$(dirname "$0")/.."
make -s gpuperf build/tests/t-counters-gpu

echo "== self-test launches"
build/tests/t-counters-gpu --overhead

for cmd in coalesce banks; do
	if ./gpuperf "$cmd" --help >/dev/null 2>&1 &&
	   ! ./gpuperf "$cmd" 2>&1 | grep -q 'not implemented'; then
		echo "== gpuperf $cmd"
		for opt in --no-counters --counters=auto; do
			start=$(date +%s.%N)
			./gpuperf "$opt" "$cmd" --csv >/dev/null
			end=$(date +%s.%N)
			echo "$opt: $(awk "BEGIN { printf \"%.2f\", $end - $start }") s wall"
		done
	fi
done
