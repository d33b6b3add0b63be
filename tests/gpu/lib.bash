# Shared set-up for GPU tests (bats).  Load with `load lib` in tests/gpu/*.bats.
#
# Every GPU test starts with require_gpu: without a GPU the test is skipped
# with a message, unless GPUPERF_REQUIRE_GPU=1 (make test-gpu), which turns
# the skip into a failure.  A test that reads hardware counters calls
# require_counters, which skips only where Nsight Compute cannot read them
# either, and never under GPUPERF_REQUIRE_COUNTERS=1 (make test-gpu).

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

# Column of a CSV header by name (1-based), for awk -F, checks.  A column
# the header lacks is an error (status 1, said on stderr), and what it
# prints then, -1, makes awk fail on the first row it reads: a renamed
# column fails its test even where csv_col's status is lost, inside
# `awk -v c="$(csv_col ...)"` (awk would read $"" as the whole row).
csv_col() {
	local c
	c=$(head -n 1 "$1" | tr -d '\r' | tr ',' '\n' | grep -nx -- "$2" | cut -d: -f1)
	if [ -z "$c" ]; then
		echo "no column $2 in $1: $(head -n 1 "$1")" >&2
		echo -1
		return 1
	fi
	echo "$c"
}

# kernel_cell CSV KERNEL COLUMN: COLUMN of the first row of a profile CSV
# whose kernel is KERNEL (its name up to the parameters, after a space or
# a "::"); nothing where no row matches.
kernel_cell() {
	python3 - "$@" <<'EOF'
import csv, re, sys
path, name, col = sys.argv[1:]
pat = re.compile(r'(^|[ :])' + re.escape(name) + r'\(')
with open(path, newline='') as f:
    for row in csv.DictReader(f):
        if pat.search(row.get('kernel', '')):
            print(row.get(col, '')); break
EOF
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

# field FILE COLUMN ROW-FILTER-AWK: values of COLUMN in rows matching the
# awk condition; status 1 when the header has no COLUMN.
field() {
	local c
	c=$(csv_col "$1" "$2") || return 1
	awk -F, -v c="$c" "NR > 1 && ($3) { print \$c }" "$1"
}

# The path of Nsight Compute (ncu), or status 1.
find_ncu() {
	local c
	for c in "$(command -v ncu 2>/dev/null)" "${CUDA_HOME:-/usr/local/cuda}/bin/ncu" \
		/usr/local/cuda/bin/ncu /usr/local/cuda/nsight-compute-*/ncu \
		/opt/nvidia/nsight-compute/*/ncu; do
		if [ -n "$c" ] && [ -x "$c" ]; then
			echo "$c"
			return 0
		fi
	done
	return 1
}

# Why the GPU's hardware counters cannot be read here, judged without
# gpuperf: Nsight Compute reads one counter of a small kernel
# ($COUNTER_CHECK_APP, build/tests/apps/coalesced of make gpu-test-deps);
# without ncu or that program, the driver's own switch
# (RmProfilingAdminOnly: 1 keeps them from users other than root) is all
# there is to go by.  Prints the reason and returns 0 when they cannot be
# read, returns 1 when they can (or when nothing says they cannot).  Asked
# once per bats run.
COUNTER_CHECK_APP=${COUNTER_CHECK_APP:-$BATS_TEST_DIRNAME/../../build/tests/apps/coalesced}

counters_unreadable() {
	local cache=$BATS_RUN_TMPDIR/counters-unreadable ncu out why=''
	if [ ! -e "$cache" ]; then
		if ncu=$(find_ncu) && [ -x "$COUNTER_CHECK_APP" ]; then
			out=$(timeout 300 "$ncu" --metrics sm__cycles_elapsed.max --clock-control none \
				--launch-count 1 --csv "$COUNTER_CHECK_APP" 2>&1)
			if ! grep -q '"sm__cycles_elapsed.max","[^"]*","[0-9]' <<<"$out"; then
				why="Nsight Compute cannot read them either: $(grep -m 1 -E 'ERR_|==ERROR==' <<<"$out" ||
					tail -n 1 <<<"$out")"
			fi
		elif grep -qs '^RmProfilingAdminOnly: 1' /proc/driver/nvidia/params && [ "$(id -u)" -ne 0 ]; then
			why="the driver keeps them for root (RmProfilingAdminOnly: 1)"
		fi
		printf '%s' "$why" >"$cache"
	fi
	why=$(cat "$cache")
	if [ -z "$why" ]; then
		return 1
	fi
	echo "$why"
}

# require_counters: the test reads hardware counters.  Under
# GPUPERF_REQUIRE_COUNTERS=1 (make test-gpu, bench/device-run.sh) they
# must work; otherwise the test skips only where counters_unreadable says
# another tool cannot read them either.  Where they can, a test whose
# counters come back empty fails.
require_counters() {
	local why
	if [ "${GPUPERF_REQUIRE_COUNTERS:-0}" = 1 ]; then
		return 0
	fi
	if why=$(counters_unreadable); then
		skip "counters unreadable: $why"
	fi
}

# counted COLUMN: the run behind $CSV read counters (COLUMN, a measured
# one, has values); else fail with what gpuperf said about them.
counted() {
	local values
	values=$(field "$CSV" "$1" 1) || return 1
	if [ "$(grep -c . <<<"$values")" -eq 0 ]; then
		echo "no counters in $1: $(grep -i counter "${CSV%.csv}.err" | head -n 1)" >&2
		return 1
	fi
}

# link_read VALUE: VALUE, a link column of gpuperf's, is there.  Where it
# is empty, the test skips if nvidia-smi cannot read GPU 0's link either,
# and fails if it can.
link_read() {
	local smi
	[ -z "$1" ] || return 0
	if ! smi=$(nvidia-smi -i 0 --query-gpu=pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current \
		--format=csv,noheader,nounits 2>&1) || ! [[ "$smi" =~ ^[0-9]+,\ *[0-9]+,\ *[0-9]+$ ]]; then
		skip "the PCIe link is not readable here, by nvidia-smi either: $smi"
	fi
	echo "gpuperf left the link empty, yet nvidia-smi reads it (gen, max gen, width): $smi" >&2
	return 1
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

# Column $2 of CSV file $1, every row, through Python's csv (quoted fields
# hold commas); status 1 when the header has no such column.
csv_values() {
	python3 - "$1" "$2" <<-'EOF'
		import csv, sys
		rows = csv.DictReader(open(sys.argv[1]))
		if sys.argv[2] not in (rows.fieldnames or []):
		    sys.exit("no column %s in %s: %s" % (sys.argv[2], sys.argv[1], rows.fieldnames))
		for r in rows:
		    print(r[sys.argv[2]])
	EOF
}

# require_nvml: the test needs NVML to read GPU 0.  nvidia-smi is built
# on NVML: the test skips where nvidia-smi cannot read the GPU either, and
# fails where it can yet gpuperf info's nvml column says NVML does not.
require_nvml() {
	local smi nvml
	if ! smi=$(nvidia-smi -i 0 --query-gpu=name,pci.bus_id --format=csv,noheader 2>&1) ||
		[ -z "$smi" ]; then
		skip "NVML cannot read GPU 0, by nvidia-smi either: $smi"
	fi
	"$GPUPERF" -d 0 --csv info >"$BATS_TEST_TMPDIR/info.csv" 2>"$BATS_TEST_TMPDIR/info.err" ||
		{ cat "$BATS_TEST_TMPDIR/info.err" >&2; return 1; }
	nvml=$(csv_values "$BATS_TEST_TMPDIR/info.csv" nvml) || return 1
	[ "$nvml" = read ] ||
		{ echo "gpuperf's NVML does not read GPU 0 ($nvml), yet nvidia-smi does: $smi" >&2; return 1; }
}

# the hog copying on every SM; half a second for its bursts to get going
start_busy_hog() {
	start_hog 1000000 busy >/dev/null && sleep 0.5
}
