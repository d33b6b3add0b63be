# Shared set-up for GPU tests (bats).  Load with `load lib` in tests/gpu/*.bats.
#
# Every GPU test starts with require_gpu: without a GPU the test is skipped
# with a message, unless GPUPERF_REQUIRE_GPU=1 (make test-gpu), which turns
# the skip into a failure.

GPUPERF=${GPUPERF:-$BATS_TEST_DIRNAME/../../gpuperf}

# run_split and assert_usage_error, as the CLI tests have them
source "$BATS_TEST_DIRNAME/../cli/lib.bash"

have_gpu() {
	command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '
}

require_gpu() {
	if ! have_gpu; then
		if [ "${GPUPERF_REQUIRE_GPU:-0}" = 1 ]; then
			echo "no GPU found but GPUPERF_REQUIRE_GPU=1" >&2
			return 1
		fi
		skip "no GPU on this machine"
	fi
}

# Column of a CSV header by name (1-based), for awk -F, checks.
csv_col() {
	head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1
}

# cached_csv NAME COMMAND ARGS...: run `gpuperf --csv COMMAND ARGS` once per
# test file, keeping its CSV (named by $CSV) and its stderr beside it.
cached_csv() {
	local name=$1
	shift
	CSV=$BATS_FILE_TMPDIR/$name.csv
	if [ ! -s "$CSV" ]; then
		"$GPUPERF" --csv "$@" >"$CSV" 2>"${CSV%.csv}.err" || {
			cat "${CSV%.csv}.err" >&2
			rm -f "$CSV"
			return 1
		}
	fi
}

# field FILE COLUMN ROW-FILTER-AWK: values of COLUMN in rows matching the awk condition.
field() {
	local c
	c=$(csv_col "$1" "$2")
	awk -F, -v c="$c" "NR > 1 && ($3) { print \$c }" "$1"
}

# skip_without_counters COLUMN: skip when the run behind $CSV had no counters
# (COLUMN, a measured one, empty everywhere), saying why.
skip_without_counters() {
	if [ "$(field "$CSV" "$1" 1 | grep -c .)" -eq 0 ]; then
		skip "counters unavailable: $(grep -i counter "${CSV%.csv}.err" | head -n 1)"
	fi
}

# The path of compute-sanitizer, or status 1.
find_sanitizer() {
	local c
	for c in "$(command -v compute-sanitizer 2>/dev/null)" \
		"${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer" \
		/usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
		[ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
	done
	return 1
}

# gpu-hog (tests/gpu/gpu-hog.c, built by make test-gpu), shared by faults
# and trust: start_hog ARGS... starts it and returns once it holds the GPU
# (its "held" line), stop_hog ends it; the files' teardown calls stop_hog.
HOG=$BATS_TEST_DIRNAME/../../build/tests/gpu-hog

start_hog() {
	[ -x "$HOG" ] || { echo "missing $HOG: run make test-gpu" >&2; return 1; }
	"$HOG" "$@" >"$BATS_TEST_TMPDIR/hog.out" 2>&1 &
	HOG_PID=$!
	for _ in $(seq 100); do
		grep -q '^held' "$BATS_TEST_TMPDIR/hog.out" && { cat "$BATS_TEST_TMPDIR/hog.out"; return 0; }
		kill -0 "$HOG_PID" 2>/dev/null || break
		sleep 0.1
	done
	cat "$BATS_TEST_TMPDIR/hog.out" >&2
	return 1
}

stop_hog() {
	if [ -n "${HOG_PID:-}" ]; then
		kill "$HOG_PID" 2>/dev/null
		wait "$HOG_PID" 2>/dev/null || true
	fi
}
