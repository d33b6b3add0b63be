#!/usr/bin/env bats
# gpuperf profile -- CMD (issue 16) on tests/apps: the command's interface
# (options, CSV/JSON columns, exit statuses) over the profiling library
# that tests/gpu/inject.bats checks figure by figure.  Columns used here
# are the ones profile-driver writes too: kernel, launches,
# launches_profiled, load_sectors_per_request, store_sectors_per_request,
# shared_load_wavefronts_per_request, shared_load_ways,
# achieved_occupancy_pct, theoretical_occupancy_pct, occupancy_limiter,
# dram_peak_pct, verdict, verdict_command.

load lib

ROOT=$BATS_TEST_DIRNAME/../..
APPS=$ROOT/build/tests/apps

setup() {
	require_gpu
	[ -x "$APPS/coalesced" ] || { echo "build the programs: make gpu-test-deps" >&2; return 1; }
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
}

# prof NAME [OPTIONS] -- APP ARGS: gpuperf --csv -o CSV profile ..., once per
# test file; $CSV, and the program's stdout, stderr and status beside it.
prof() {
	local name=$1
	shift
	CSV=$BATS_FILE_TMPDIR/$name.csv
	if [ ! -e "$CSV.status" ]; then
		local rc=0  # the program's failure is a result here, not the test's (set -e)
		"$GPUPERF" --csv -o "$CSV" profile "$@" >"$CSV.stdout" 2>"$CSV.stderr" || rc=$?
		echo "$rc" >"$CSV.status"
	fi
	echo "== $name: status $(cat "$CSV.status")"
	cat "$CSV.stderr"
}

# get KERNEL COLUMN: the value in the row of the kernel named KERNEL
# (its demangled name up to the parameters).
get() {
	python3 - "$CSV" "$1" "$2" <<'EOF'
import csv, re, sys
path, name, col = sys.argv[1:]
pat = re.compile(r'(^|[ :])' + re.escape(name) + r'\(')
with open(path, newline='') as f:
    for row in csv.DictReader(f):
        if pat.search(row.get('kernel', '')):
            print(row.get(col, '')); break
EOF
}

rows() {
	python3 -c 'import csv,sys; print(sum(1 for _ in csv.DictReader(open(sys.argv[1]))))' "$CSV"
}

is() {
	echo "$3: $1 (want $2)"
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 == b + 0) }'
}

@test "profile: the documented columns, one row per kernel" {
	prof transpose -- "$APPS/transpose"
	[ "$(cat "$CSV.status")" = 0 ]
	head -n 1 "$CSV"
	for c in kernel launches launches_profiled grid block registers_per_thread \
		static_smem_bytes dynamic_smem_bytes gpu_time_ms time_per_launch_us \
		load_sectors_per_request load_ideal_sectors_per_request load_efficiency_pct \
		store_sectors_per_request shared_load_wavefronts_per_request shared_load_ways \
		achieved_occupancy_pct theoretical_occupancy_pct occupancy_limiter \
		dram_read_bytes dram_write_bytes dram_peak_pct l1_hit_rate_pct l2_hit_rate_pct \
		verdict verdict_command; do
		head -n 1 "$CSV" | tr ',' '\n' | grep -qx "$c" || { echo "no column $c"; return 1; }
	done
	is "$(rows)" 3 "rows"
}

@test "profile: coalescing, bank conflicts and verdicts of the transpose steps" {
	require_counters
	prof transpose -- "$APPS/transpose"
	[ -n "$(get transpose_naive load_sectors_per_request)" ] || { echo "no counters: $(cat "$CSV.stderr")"; return 1; }
	is "$(get transpose_naive store_sectors_per_request)" 32 "naive stores"
	[ "$(get transpose_naive verdict)" = store_coalescing ]
	# the hardware's count, as ncu reads it: 32.25 on the H100
	w=$(get 'transpose_tiled<0>' shared_load_ways)
	echo "unpadded tile: $w (want 32 +- 0.4)"
	awk -v w="$w" 'BEGIN { exit !(w >= 31.6 && w <= 32.4) }' 
	[ "$(get 'transpose_tiled<0>' verdict)" = shared_load_conflicts ]
	[[ "$(get 'transpose_tiled<1>' verdict)" =~ ^(dram_bound|none)$ ]]
}

@test "profile: offset, stride and AoS copies name their coalescing problem and probe" {
	require_counters
	prof offset -- "$APPS/offset"
	[ -n "$(get copy_offset load_sectors_per_request)" ] || { echo "no counters: $(cat "$CSV.stderr")"; return 1; }
	is "$(get copy_offset load_sectors_per_request)" 5 "offset-by-one"
	[ "$(get copy_offset verdict_command)" = "gpuperf coalesce --pattern offset --offset 1" ]
	prof stride -- "$APPS/stride" 4
	is "$(get copy_stride load_sectors_per_request)" 16 "stride 4"
	prof aos -- "$APPS/aos"
	is "$(get aos_sum load_sectors_per_request)" 12 "AoS float3"
}

@test "profile: register-bound kernel, achieved beside theoretical occupancy" {
	require_counters
	prof registers -- "$APPS/registers"
	[ "$(get registers_heavy verdict)" = occupancy_limit ]
	[ "$(get registers_heavy occupancy_limiter)" = registers ]
	a=$(get registers_heavy achieved_occupancy_pct)
	t=$(get registers_heavy theoretical_occupancy_pct)
	awk -v a="$a" -v t="$t" 'BEGIN { d = a - t; exit !(d < 5 && d > -5) }'
}

@test "profile: the program's own stdout and exit status (3) come through" {
	prof exit3 -- "$APPS/exit3"
	[ "$(cat "$CSV.status")" = 3 ]
	[ "$(cat "$CSV.stdout")" = "kernels done, exiting with 3" ]
	is "$(get scale3 launches)" 5 "launches"
}

@test "profile: a faulting kernel: the program's message and status, as without profiling" {
	run "$APPS/fault"
	own=$status
	prof fault -- "$APPS/fault"
	[ "$(cat "$CSV.status")" = "$own" ]
	grep -q '^fault: ' "$CSV.stderr"
}

@test "profile: no kernel: a clear note, status 0" {
	prof nokernel -- "$APPS/nokernel"
	[ "$(cat "$CSV.status")" = 0 ]
	grep -qi 'no kernel' "$CSV.stderr"
}

@test "profile: a command that cannot be started: 127 (not found), 126 (not executable)" {
	run "$GPUPERF" profile -- /nonexistent/gpuperf-no-such-program
	[ "$status" -eq 127 ]
	[[ "$output" == *"gpuperf: error: "*"No such file"* ]]
	run "$GPUPERF" profile -- "$ROOT/README.md"
	[ "$status" -eq 126 ]
}

@test "profile: --launches, --kernel, --top and --sort" {
	prof l1 --launches 1 -- "$APPS/coalesced"
	is "$(get copy_coalesced launches_profiled)" 1 "--launches 1"
	prof k4 --kernel 'bank_conflict<4>' -- "$APPS/banks"
	is "$(rows)" 1 "--kernel keeps one row"
	prof top1 --top 1 -- "$APPS/transpose"
	is "$(rows)" 1 "--top 1"
	prof byname --sort name -- "$APPS/transpose"
	[ "$(python3 -c 'import csv,sys; print(next(csv.DictReader(open(sys.argv[1])))["kernel"])' "$CSV")" = "transpose_naive(float*, float const*, int)" ]
}

@test "profile: fail open when CUPTI does not load; the program runs and gpuperf says why" {
	GPUPERF_CUPTI_LIB=/nonexistent/gpuperf-test prof nocupti -- "$APPS/exit3"
	[ "$(cat "$CSV.status")" = 3 ]
	grep -qi 'cupti' "$CSV.stderr"
}

@test "profile: --json has the same records" {
	run_split "$GPUPERF" --json profile -- "$APPS/coalesced"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/coalesced.json"
	prof coalesced -- "$APPS/coalesced"
	[ "$(cat "$CSV.status")" = 0 ]
	# two runs of one program: what is measured again need only be there in both
	same_records "$CSV" "$BATS_TEST_TMPDIR/coalesced.json" gpu_time_ms time_per_launch_us time_pct \
		achieved_occupancy_pct dram_read_bytes dram_write_bytes dram_bandwidth_gbs dram_peak_pct \
		l1_hit_rate_pct l2_hit_rate_pct verdict verdict_text verdict_command
}
