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

# summary_of STDERR: the report's first line (people's format, on stderr
# after the program's messages): the line above the blank one before "Kernels of".
summary_of() {
	grep -B2 '^Kernels of ' <<<"$1" | head -n 1
}

# prof NAME [OPTIONS] -- APP ARGS: gpuperf --csv -o CSV profile --set full ...,
# once per test file; $CSV, and the program's stdout, stderr and status
# beside it.  LIGHT=1 prof ...: the light set instead; DEFAULT=1 prof ...:
# no --set, what a user gets.
prof() {
	local name=$1
	shift
	CSV=$BATS_FILE_TMPDIR/$name.csv
	if [ ! -e "$CSV.status" ]; then
		local rc=0  # the program's failure is a result here, not the test's (set -e)
		# the full set: these tests check every figure (FLOPs, conflicts); the light
		# set and the default have tests of their own below
		local set=(--set full)
		[ -z "${LIGHT-}" ] || set=(--set light)
		[ -z "${DEFAULT-}" ] || set=()
		"$GPUPERF" --csv -o "$CSV" profile "${set[@]}" "$@" >"$CSV.stdout" 2>"$CSV.stderr" || rc=$?
		echo "$rc" >"$CSV.status"
	fi
	echo "== $name: status $(cat "$CSV.status")"
	cat "$CSV.stderr"
}

# get KERNEL COLUMN: the value in the row of the kernel named KERNEL
# (its demangled name up to the parameters).
get() {
	kernel_cell "$CSV" "$1" "$2"
}

rows() {
	python3 -c 'import csv,sys; print(sum(1 for _ in csv.DictReader(open(sys.argv[1]))))' "$CSV"
}

is() {
	echo "$3: $1 (want $2)"
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 == b + 0) }'
}

# profiled KERNEL: a launch of KERNEL was profiled with counters; else fail
# with what gpuperf said.  Tests call require_counters (lib.bash) first.
profiled() {
	local p
	p=$(get "$1" launches_profiled)
	if [ -z "$p" ] || [ "$p" = 0 ]; then
		echo "no launch of $1 profiled with counters: $(cat "$CSV.stderr")" >&2
		return 1
	fi
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
	[[ "$(get 'transpose_tiled<1>' verdict)" =~ ^(memory_bound|latency_bound)$ ]]
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
	profiled registers_heavy
	# its FMAs may keep the pipe busy with few warps: then compute-bound, not an occupancy verdict
	if [ "$(get registers_heavy bound)" = compute ]; then
		[ "$(get registers_heavy verdict)" = compute_bound ]
	else
		[ "$(get registers_heavy verdict)" = occupancy_limit ]
	fi
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

@test "profile: stdout byte for byte the program's, without -o too; the report on stderr" {
	cd "$BATS_TEST_TMPDIR"
	"$APPS/exit3" >alone.out || [ $? -eq 3 ]
	for fmt in --table --csv; do
		rc=0
		if [ "$fmt" = --table ]; then
			"$GPUPERF" profile -- "$APPS/exit3" >out 2>err || rc=$?
		else
			"$GPUPERF" --csv profile -- "$APPS/exit3" >out 2>err || rc=$?
		fi
		echo "$fmt: status $rc"; cat err
		[ "$rc" -eq 3 ]
		cmp alone.out out
		grep -q 'scale3' err
	done
	grep -q '^device,cc,.*,kernel,' err
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

@test "profile: no GPU visible to the program: the report says so once; the program's status" {
	run env CUDA_VISIBLE_DEVICES= "$APPS/nokernel"
	own=$status
	[ "$own" -ne 0 ]
	run_split env CUDA_VISIBLE_DEVICES= "$GPUPERF" profile -- "$APPS/nokernel"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq "$own" ]
	[ "$(grep -c 'no CUDA-capable GPU found' <<<"$stderr")" -eq 1 ]
	[ "$(grep -c 'launched no kernel' <<<"$stderr")" -eq 1 ]
	[[ "$stderr" != *"never initialised CUDA"* ]]
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
	run_split "$GPUPERF" --json -o "$BATS_TEST_TMPDIR/coalesced.json" profile --set full -- "$APPS/coalesced"
	[ "$status" -eq 0 ]
	prof coalesced -- "$APPS/coalesced"
	[ "$(cat "$CSV.status")" = 0 ]
	# two runs of one program: counts (sectors, requests, FLOPs, launches) and the
	# configuration exactly; what is measured again need only be there in both (times, DRAM,
	# hit rates, the verdict's text with its figures, a sampled launch's samples, shares and
	# line, which samples of a latency-bound kernel's warps move), or within 5 %: the bound's figures, the
	# bytes at L2 and L1 (L2 takes in other clients' lookups) and their rates, the pipes, and
	# the roofs that follow the clock the kernel ran at.  The time at stake is time x (1 -
	# roof fraction), a difference of two measured figures, and the bound's name follows
	# roof_pct across 60 %: of the same kind only.
	same_records "$CSV" "$BATS_TEST_TMPDIR/coalesced.json" gpu_time_ms time_per_launch_us time_pct \
		achieved_occupancy_pct dram_read_bytes dram_write_bytes dram_bandwidth_gbs dram_peak_pct \
		l1_hit_rate_pct l2_hit_rate_pct verdict verdict_text verdict_command time_at_stake_ms \
		stall_samples stall_top_pct stalls stall_at \
		bound bound_by roof_pct~5 gflops~5 fma_pipe_pct~5 tensor_pipe_pct~5 l2_bytes~5 l1_bytes~5 \
		l2_bandwidth_gbs~5 l1_bandwidth_gbs~5 intensity_dram_flop_per_byte~5 \
		intensity_l2_flop_per_byte~5 dram_roof_gbs~5 l2_roof_gbs~5 l1_roof_gbs~5 \
		fp64_roof_gflops~5 fp32_roof_gflops~5 fp16_roof_gflops~5
}

# ---- the bound of each kernel (issue 27): programs bound by construction ----
#
# These fail, never skip, where a GPU's counters can be read: require_counters
# (lib.bash) skips only where Nsight Compute cannot read them either, and
# never under GPUPERF_REQUIRE_COUNTERS=1; profiled then fails a run whose
# kernel came back without counters.

# within A B FRACTION WHAT: |A - B| <= FRACTION x B.
within() {
	echo "$4: $1 (want $2 +- $3)"
	awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= f * b) }'
}

# per_launch KERNEL COLUMN: the column over the profiled launches, per launch.
per_launch() {
	awk -v v="$(get "$1" "$2")" -v n="$(get "$1" launches_profiled)" 'BEGIN { if (n > 0) printf "%.17g\n", v / n }'
}

@test "roofline: an FMA chain is compute-bound FP32, its FLOPs exact" {
	require_counters
	prof fma -- "$APPS/fma-chain" 1024 256 4096
	[ "$(cat "$CSV.status")" = 0 ]
	profiled fma_chain
	[ "$(get fma_chain bound)" = compute ]
	[[ "$(get fma_chain bound_by)" =~ ^(fma_pipe|fp32)$ ]]
	[ "$(get fma_chain verdict)" = compute_bound ]
	is "$(per_launch fma_chain fp32_flop)" $((2 * 1024 * 256 * 4096 * 8)) "FP32 FLOPs per launch"
	is "$(get fma_chain fp64_flop)" 0 "FP64 FLOPs"
	is "$(get fma_chain fp16_flop)" 0 "FP16 FLOPs"
	awk -v p="$(get fma_chain roof_pct)" 'BEGIN { exit !(p >= 60) }'
	# at its ceiling: never worth fixing first (the report's first line, on stderr)
	run_split "$GPUPERF" profile -- "$APPS/fma-chain" 1024 256 4096
	[ "$status" -eq 0 ]
	summary=$(summary_of "$stderr")
	echo "$summary"
	[ -n "$summary" ]
	[[ "$summary" != *fma_chain* ]]
}

@test "roofline: a DFMA chain is compute-bound FP64, its FLOPs exact" {
	require_counters
	prof dfma -- "$APPS/dfma" 1024 256 1024
	[ "$(cat "$CSV.status")" = 0 ]
	profiled dfma_chain
	[ "$(get dfma_chain bound)" = compute ]
	# its FLOPs against the FP64 roof, or the FP64 pipe's busy share: the nearer
	[[ "$(get dfma_chain bound_by)" =~ ^fp64(_pipe)?$ ]]
	is "$(per_launch dfma_chain fp64_flop)" $((2 * 1024 * 256 * 1024 * 8)) "FP64 FLOPs per launch"
	is "$(get dfma_chain fp32_flop)" 0 "FP32 FLOPs"
}

@test "roofline: an HFMA2 chain is compute-bound FP16, 4 FLOPs an HFMA2 as its roof counts" {
	require_counters
	prof hfma2 -- "$APPS/hfma2" 4096 256 1024
	[ "$(cat "$CSV.status")" = 0 ]
	profiled hfma2_chain
	echo "bound $(get hfma2_chain bound) by $(get hfma2_chain bound_by) at $(get hfma2_chain roof_pct) %"
	[ "$(get hfma2_chain bound)" = compute ]
	[[ "$(get hfma2_chain bound_by)" =~ ^(fma_pipe|fp16)$ ]]
	# the SASS counter counts an HFMA2 once; it is 4 FLOPs (two halves, an FMA each)
	is "$(per_launch hfma2_chain fp16_flop)" $((4 * 4096 * 256 * 1024 * 8)) "FP16 FLOPs per launch"
	# and the FP16 roof (133.8 TFLOP/s on an H100 SXM) is in the same unit.  That roof
	# (gpuperf roofline) issues half its HFMA2s as HFMA2.MMA, down a second path; where
	# the compiler keeps this chain's all on the FMA pipe, the pipe full is half the roof
	# (an H200: 0.48 of it, the pipe 96 % busy), else the chain runs near the roof
	cuo=$("$BATS_TEST_DIRNAME/../cli/cuda-tool.sh" cuobjdump)
	mma=$("$cuo" -sass "$APPS/hfma2" | grep -c 'HFMA2\.MMA' || true)
	lo=0.5 hi=1.05
	[ "$mma" -gt 0 ] || lo=0.4 hi=0.55
	use=$(awk -v f="$(get hfma2_chain gflops)" -v r="$(get hfma2_chain fp16_roof_gflops)" \
		'BEGIN { if (r > 0) printf "%.3f", f / r }')
	echo "FP16 FLOP/s over its roof: $use (HFMA2.MMA in its SASS: $mma; want $lo to $hi)"
	awk -v u="$use" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(u != "" && u >= lo && u <= hi) }'
}

@test "roofline: the STREAM triad is memory-bound, 2 FLOPs per 12 DRAM bytes" {
	require_counters
	prof triad -- "$APPS/triad" $((64 << 20))
	[ "$(cat "$CSV.status")" = 0 ]
	profiled triad
	[ "$(get triad bound)" = memory ]
	[ "$(get triad bound_by)" = dram ]
	is "$(per_launch triad fp32_flop)" $((2 * (64 << 20))) "FP32 FLOPs per launch"
	within "$(get triad intensity_dram_flop_per_byte)" 0.16667 0.1 "FLOP per DRAM byte"
	awk -v p="$(get triad roof_pct)" 'BEGIN { exit !(p >= 60) }'
}

@test "roofline: a known intensity below the ridge: memory-bound at K/4 FLOP per byte" {
	require_counters
	prof intensity -- "$APPS/intensity" $((64 << 20))
	[ "$(cat "$CSV.status")" = 0 ]
	profiled poly16
	is "$(per_launch poly16 fp32_flop)" $((2 * 16 * (64 << 20))) "FP32 FLOPs per launch"
	within "$(get poly16 intensity_dram_flop_per_byte)" 4 0.1 "FLOP per DRAM byte"
	ridge=$(awk -v f="$(get poly16 fp32_roof_gflops)" -v d="$(get poly16 dram_roof_gbs)" 'BEGIN { print f / d }')
	echo "ridge: $ridge FLOP/B"
	awk -v r="$ridge" 'BEGIN { exit !(r > 4) }'
	[ "$(get poly16 bound)" = memory ]
}

@test "roofline: a one-thread pointer chase is latency-bound, one lane, no stride verdict" {
	require_counters
	prof chase -- "$APPS/chase" 4096 1000
	[ "$(cat "$CSV.status")" = 0 ]
	profiled chase
	[[ "$(get chase bound)" =~ ^(latency|underfilled)$ ]]
	is "$(get chase load_ideal_sectors_per_request)" 1 "ideal sectors per request"
	text=$(get chase verdict_text)
	echo "$text"
	[[ "$text" == *"one lane"* ]]
	[[ "$text" != *stride* ]]
	[ "$(get chase verdict)" != load_coalescing ]
}

@test "roofline: --plot and --html of a real run draw the kernels" {
	require_counters
	cd "$BATS_TEST_TMPDIR"
	# --set full: the kernel's point needs its FLOPs
	"$GPUPERF" --plot roof.svg profile --set full --html roof.html -- "$APPS/fma-chain" 256 256 1024 >/dev/null
	python3 "$BATS_TEST_DIRNAME/../cli/svgstat.py" roof.svg | tee facts
	grep -qx 'series kernels: FLOP/s of the CUDA cores (SASS counts) 1' facts
	grep -q '^series FP32 .* TFLOP/s (theoretical) 0$' facts
	grep -q '>fma_chain</text>' roof.svg
	grep -q 'compute-bound' roof.html
}

@test "roofline: PyTorch's FP16 (tensor) and FP32 GEMMs are compute-bound, not worth fixing first" {
	require_counters
	python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null || skip "PyTorch with CUDA is not installed"
	prof torch -- python3 "$ROOT/tests/apps/torch-gemm.py"
	[ "$(cat "$CSV.status")" = 0 ]
	python3 - "$CSV" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
num = lambda r, c: float(r[c]) if r[c] else 0.0
tensor = max(rows, key=lambda r: num(r, 'tensor_pipe_pct'))
fma = max((r for r in rows if r is not tensor), key=lambda r: num(r, 'fp32_flop'))
for what, r in (('FP16 tensor GEMM', tensor), ('FP32 GEMM', fma)):
    print(f"{what}: {r['kernel'][:60]}: {r['bound']} by {r['bound_by']} at {r['roof_pct']} %; "
          f"{r['verdict']}: {r['verdict_text']}")
assert num(tensor, 'tensor_pipe_pct') > 50, 'no kernel kept the tensor pipe busy'
assert tensor['bound'] == 'compute' and tensor['bound_by'] == 'tensor_pipe', tensor['bound_by']
assert tensor['verdict'] == 'compute_bound', tensor['verdict']
assert fma['bound'] == 'compute', fma['bound']
assert fma['verdict'] == 'compute_bound', fma['verdict']
PY
	# the people's report: its first line names no GEMM
	run_split "$GPUPERF" profile --top 5 -- python3 "$ROOT/tests/apps/torch-gemm.py"
	[ "$status" -eq 0 ]
	summary=$(summary_of "$stderr")
	echo "$summary"
	[ -n "$summary" ]
	[[ "$summary" != *gemm* ]]
	[[ "$summary" != *nvjet* ]]
}

@test "profile after gpuperf roofline: the roofs are the ceilings measured on this GPU" {
	require_counters
	cd "$BATS_TEST_TMPDIR"
	# the ceilings the triad is judged by, quickly; the run keeps them for profile
	"$GPUPERF" --csv roofline --quick --ceiling dram,l2,fp32 >roof.csv
	row() { field roof.csv "$2" "\$$(csv_col roof.csv ceiling) == \"$1\""; }
	uuid=$(field roof.csv uuid 'NR == 2')
	echo "fp32 $(row fp32 value) TFLOP/s, dram $(row dram value) GB/s, GPU $uuid"
	[ -s "$XDG_CACHE_HOME/gpuperf/roofline-$uuid.json" ]
	"$GPUPERF" --csv -o k.csv profile -- "$APPS/triad" $((64 << 20)) 2>err
	cat err
	CSV=k.csv
	profiled triad
	[ "$(get triad bound_by)" = dram ]
	[ "$(get triad roof_source)" = measured ]
	# the roofs are the rows, to the CSVs' rounding (TFLOP/s to 3 decimals, GB/s to 2)
	awk -v p="$(get triad fp32_roof_gflops)" -v r="$(row fp32 value)" \
		'BEGIN { d = p / 1000 - r; exit !(p != "" && r != "" && d * d < 1e-6) }'
	awk -v p="$(get triad dram_roof_gbs)" -v r="$(row dram value)" \
		'BEGIN { d = p - r; exit !(p != "" && r != "" && d * d < 1e-4) }'
	awk -v p="$(get triad l2_roof_gbs)" -v r="$(row l2 value)" \
		'BEGIN { d = p - r; exit !(p != "" && r != "" && d * d < 1e-4) }'
	[[ "$(get triad verdict_text)" == *"roof (measured)"* ]]
	run "$GPUPERF" profile -- "$APPS/triad" $((16 << 20))
	[ "$status" -eq 0 ]
	[[ "$output" != *"run \`gpuperf roofline\` once"* ]]
	# --no-cache leaves the file as it was
	cp "$XDG_CACHE_HOME/gpuperf/roofline-$uuid.json" before.json
	"$GPUPERF" --csv roofline --quick --ceiling fp64 --no-cache >/dev/null
	cmp before.json "$XDG_CACHE_HOME/gpuperf/roofline-$uuid.json"
}

# ---- the light set, profile's default (issue 27, item 5): one pass, no replay ----

# median_ms STDERR: the median per profiled launch that -v reports at the end.
median_ms() {
	sed -n 's/.*median \([0-9.]*\) ms a launch.*/\1/p' <<<"$1" | tail -n 1
}

@test "profile --set light: one pass without replay; the transpose's store verdict; under 20 ms a launch" {
	require_counters
	# 5 launches of each kernel: the steady cost a launch, which the default's one
	# launch a kernel hides behind the sessions' start (36 ms each on an H200)
	LIGHT=1 prof light-transpose-5 -v --launches 5 -- "$APPS/transpose"
	[ "$(cat "$CSV.status")" = 0 ]
	grep -q '1 pass each, a user range around the launch, no replay' "$CSV.stderr"
	profiled transpose_naive
	# a user range counts what the GPU does from push to pop, not a replay: the naive
	# transpose's stores read 31.9995 sectors a request on an H200 (exactly 32 under kernel
	# replay, the last test); the range now closes on an idle GPU (inject/launch.c), which
	# may make it exact, unproven: within 0.01 %, which no coalescing change fits in
	within "$(get transpose_naive store_sectors_per_request)" 32 0.0001 "naive stores, one pass"
	[ "$(get transpose_naive verdict)" = store_coalescing ]
	[[ "$(get 'transpose_tiled<1>' bound)" =~ ^(memory|latency)$ ]]
	# what the light set leaves out is empty, not zero
	[ -z "$(get 'transpose_tiled<0>' shared_load_ways)" ]
	[ -z "$(get transpose_naive fp32_flop)" ]
	m=$(median_ms "$(cat "$CSV.stderr")")
	echo "median per profiled launch: $m ms (target 20)"
	awk -v m="$m" 'BEGIN { exit !(m != "" && m <= 20) }'
}

@test "profile --set light: the FMA chain compute-bound by its FMA pipe, the triad memory-bound" {
	require_counters
	LIGHT=1 prof light-fma -- "$APPS/fma-chain" 1024 256 4096
	profiled fma_chain
	echo "fma_chain: $(get fma_chain bound) by $(get fma_chain bound_by), pipe $(get fma_chain fma_pipe_pct) %"
	[ "$(get fma_chain bound)" = compute ]
	[ "$(get fma_chain bound_by)" = fma_pipe ]
	LIGHT=1 prof light-triad -- "$APPS/triad" $((64 << 20))
	profiled triad
	[ "$(get triad bound)" = memory ]
	[ "$(get triad bound_by)" = dram ]
}

@test "profile: GPUPERF_PROFILE_REPLAY=kernel reads the light set with kernel replay, the same verdicts" {
	require_counters
	GPUPERF_PROFILE_REPLAY=kernel LIGHT=1 prof light-replay -v -- "$APPS/transpose"
	grep -q '1 pass each, kernel replay' "$CSV.stderr"
	profiled transpose_naive
	is "$(get transpose_naive store_sectors_per_request)" 32 "naive stores, kernel replay"
	[ "$(get transpose_naive verdict)" = store_coalescing ]
}

# ---- the default (issue 37): right without asking, on our apps and on library kernels ----

# no_false_waste KERNEL: no coalescing or bank-conflict verdict for it.
no_false_waste() {
	local v
	v=$(get "$1" verdict)
	echo "$1: $v: $(get "$1" verdict_text)"
	[ -n "$v" ]
	[[ ! "$v" =~ coalescing|conflicts ]]
}

@test "profile (default): 8- and 16-byte copies: ideal 8 and 16 sectors a request, no waste" {
	require_counters
	DEFAULT=1 prof widths -- "$APPS/widths"
	[ "$(cat "$CSV.status")" = 0 ]
	profiled copy_double
	profiled copy_float4
	is "$(get copy_double load_sectors_per_request)" 8 "double loads"
	is "$(get copy_double load_ideal_sectors_per_request)" 8 "their ideal (32 x 8 B / 32 B)"
	is "$(get copy_float4 load_sectors_per_request)" 16 "float4 loads"
	is "$(get copy_float4 load_ideal_sectors_per_request)" 16 "their ideal (32 x 16 B / 32 B)"
	is "$(get copy_float4 global_excess_pct)" 0 "no excess sectors"
	no_false_waste copy_double
	no_false_waste copy_float4
	[ "$(get copy_float4 counter_set)" = standard ]
}

@test "profile (default): the DFMA chain is compute-bound by FP64, not latency-bound" {
	require_counters
	DEFAULT=1 prof default-dfma -- "$APPS/dfma" 1024 256 1024
	profiled dfma_chain
	[ "$(get dfma_chain bound)" = compute ]
	[[ "$(get dfma_chain bound_by)" =~ ^fp64(_pipe)?$ ]]
	awk -v p="$(get dfma_chain fp64_pipe_pct)" 'BEGIN { exit !(p >= 60) }'
}

@test "profile (default): the bank-conflict apps are conflicted, at most 32 ways" {
	require_counters
	DEFAULT=1 prof default-banks -- "$APPS/banks"
	for s in 2 4 32; do
		k="bank_conflict<$s>"
		profiled "$k"
		is "$(get "$k" shared_load_ways)" "$s" "$k ways"
		[ "$(get "$k" verdict)" = shared_load_conflicts ]
	done
	DEFAULT=1 prof default-transpose -- "$APPS/transpose"
	[ "$(get 'transpose_tiled<0>' verdict)" = shared_load_conflicts ]
	w=$(get 'transpose_tiled<0>' shared_load_ways)
	echo "unpadded tile: $w"
	awk -v w="$w" 'BEGIN { exit !(w >= 31 && w <= 32) }'
	[ "$(get transpose_naive verdict)" = store_coalescing ]
}

# worst_ways: the most ways any kind of shared access shows in $CSV (0 if none).
worst_ways() {
	python3 - "$CSV" <<'EOF'
import csv, sys
worst = 0.0
for row in csv.DictReader(open(sys.argv[1], newline='')):
    for col in ('shared_load_ways', 'shared_store_ways'):
        if row.get(col):
            worst = max(worst, float(row[col]))
    for wf, ideal in (('ldsm_wavefronts_per_request', 'ldsm_ideal_wavefronts_per_request'),
                      ('cp_async_shared_wavefronts_per_request',
                       'cp_async_shared_ideal_wavefronts_per_request')):
        if row.get(wf) and row.get(ideal) and float(row[ideal]) > 0:
            worst = max(worst, float(row[wf]) / float(row[ideal]))
print(worst)
EOF
}

# row_of PATTERN COLUMN: COLUMN of the first row whose kernel matches the
# regular expression PATTERN (library kernels' templated names), empty if none.
row_of() {
	python3 - "$CSV" "$1" "$2" <<'EOF'
import csv, re, sys
for row in csv.DictReader(open(sys.argv[1], newline='')):
    if re.search(sys.argv[2], row['kernel']):
        print(row.get(sys.argv[3], '')); break
EOF
}

# no_false_waste_of PATTERN: the first matching kernel has a verdict, and not
# a coalescing or bank-conflict one.
no_false_waste_of() {
	local v
	v=$(row_of "$1" verdict)
	echo "$1: $v: $(row_of "$1" verdict_text)"
	[ -n "$v" ]
	[[ ! "$v" =~ coalescing|conflicts ]]
}

@test "profile (default): PyTorch's cuBLAS GEMM, elementwise, LayerNorm and cuDNN kernels: right bound, no false waste" {
	require_counters
	python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null || skip "no PyTorch with CUDA here"
	DEFAULT=1 prof torch-library -- python3 "$ROOT/tests/apps/torch-library.py"
	[ "$(cat "$CSV.status")" = 0 ]
	# the FP32 GEMM: cuBLAS on the CUDA cores, compute-bound; its cp.async loads coalesce
	gemm='gemm|Kernel2|nvjet'
	echo "GEMM: $(row_of "$gemm" kernel | cut -c1-100)"
	[ "$(row_of "$gemm" bound)" = compute ]
	no_false_waste_of "$gemm"
	# a vectorized elementwise add: memory-bound, its 16-byte loads not "4.0x"
	add='vectorized_elementwise_kernel<4, .*CUDAFunctor_add'
	echo "add: $(row_of "$add" kernel | cut -c1-100)"
	[ "$(row_of "$add" bound)" = memory ]
	no_false_waste_of "$add"
	is "$(row_of "$add" load_ideal_sectors_per_request)" 16 "16-byte loads' ideal"
	# cuDNN's convolution: no coalescing or conflict verdict (ncu finds no excess)
	conv='implicit_gemm'
	echo "convolution: $(row_of "$conv" kernel | cut -c1-100)"
	no_false_waste_of "$conv"
	# no bank conflict names more ways than 32 banks allow
	w=$(worst_ways)
	echo "worst ways: $w"
	awk -v w="$w" 'BEGIN { exit !(w <= 32) }'
	# no efficiency or DRAM share above 100 % is shown
	python3 - "$CSV" <<'EOF'
import csv, sys
for row in csv.DictReader(open(sys.argv[1], newline='')):
    for col in ('load_efficiency_pct', 'store_efficiency_pct', 'dram_peak_pct'):
        v = row.get(col)
        assert not v or float(v) <= 100.0 + 1e-6, (row['kernel'][:60], col, v)
EOF
}

@test "profile: counter_set says which set read a row; diff of a light and a full run leaves the counters out" {
	require_counters
	LIGHT=1 prof light-transpose -v -- "$APPS/transpose"
	profiled transpose_naive
	[ "$(get transpose_naive counter_set)" = light ]
	light=$CSV
	prof transpose -- "$APPS/transpose"
	[ "$(get transpose_naive counter_set)" = full ]
	run "$GPUPERF" diff "$light" "$CSV"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(sed -n 2p <<<"$output")" = "measured differently: counter_set light (before), full (after); the figures read from counters, and those one side lacks, are not compared" ]
	# the sectors, efficiencies and FLOPs the two sets read apart: not judged, not new
	[[ "$output" != *"store_sectors_per_request"* ]]
	[[ "$output" != *" fp32_flop "* ]]
	grep -qE '^[0-9]+ figures not compared: measured differently' <<<"$output"
	# without counters, no set
	prof nocounters --launches 0 -- "$APPS/transpose"
	[ -z "$(get transpose_naive counter_set)" ]
}
