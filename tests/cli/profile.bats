#!/usr/bin/env bats
# gpuperf profile without a GPU: a program runs exactly as without it
# (output, status), the report says what there was to profile, and every
# usage error and start failure has its documented status.  The report
# goes to stderr (or -o FILE): stdout is the program's alone.

load lib
bats_require_minimum_version 1.5.0

@test "profile: the program's output and status are its own" {
	run_split "$GPUPERF" profile -- sh -c 'echo out; echo err >&2; exit 3'
	[ "$status" -eq 3 ]
	[ "$output" = out ]
	[[ "$stderr" == err* ]]
	[[ "$stderr" == *"exited with status 3"* ]]
}

@test "profile: the report's title quotes the program's words as a shell would take them back" {
	run_split "$GPUPERF" profile -- sh -c 'exit 7' "it's" ''
	[ "$status" -eq 7 ]
	[[ "$stderr" == *"Kernels of sh -c 'exit 7' 'it'\''s' '': "* ]]
}

@test "profile: a program that launches no kernel: said once, status 0" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" profile -- true
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(grep -c 'launched no kernel' <<<"$stderr")" -eq 1 ]
	# CSV and JSON have no place for it: a note on stderr, once, and the records
	run_split "$GPUPERF" --csv -o k.csv profile -- true
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(grep -c 'launched no kernel' <<<"$stderr")" -eq 1 ]
	[[ "$(cat k.csv)" == device,cc,*,kernel,* ]]
	[ "$(wc -l <k.csv)" -eq 1 ]
	run_split "$GPUPERF" --json profile -- true
	[ -z "$output" ]
	[ "$(grep -c 'launched no kernel' <<<"$stderr")" -eq 1 ]
	[ "$(tail -n 1 <<<"$stderr")" = "[]" ]
}

# A real CUDA program (tests/apps/nokernel.cu, built by make test) where
# there is no NVIDIA driver: the CUDA runtime says "insufficient driver",
# the program exits 1, and gpuperf says why no kernel ran, once.
NOKERNEL=$BATS_TEST_DIRNAME/../../build/tests/apps/nokernel

# Whether the CUDA driver library loads here, asked without gpuperf.
driver_loads() {
	if command -v python3 >/dev/null; then
		python3 -c 'import ctypes; ctypes.CDLL("libcuda.so.1")' 2>/dev/null
	else
		ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '
	fi
}

@test "profile: a CUDA program without a driver: the reason, said once; the program's status" {
	driver_loads && skip "this machine has an NVIDIA driver (libcuda.so.1 loads)"
	[ -x "$NOKERNEL" ] || { echo "build it: make build/tests/apps/nokernel (make test does)"; return 1; }
	run -1 "$NOKERNEL"
	[[ "$output" == *"insufficient"* ]]
	for fmt in --table --csv --json; do
		if [ "$fmt" = --table ]; then
			run_split "$GPUPERF" profile -- "$NOKERNEL"
		else
			run_split "$GPUPERF" "$fmt" -o "$BATS_TEST_TMPDIR/out" profile -- "$NOKERNEL"
		fi
		echo "$fmt: status $status; stderr: $stderr"
		[ "$status" -eq 1 ]
		[ "$(grep -c 'no NVIDIA driver found (CUDA driver library libcuda.so.1 not available)' <<<"$stderr")" -eq 1 ]
		[ "$(grep -c 'launched no kernel' <<<"$stderr")" -eq 1 ]
		[[ "$stderr" != *"never initialised CUDA"* ]]
		[[ "$stderr" == *"insufficient"* ]]
	done
}

# prog_out FILE CMD...: the program's stdout alone, as `CMD > FILE` leaves it.
prog_out() {
	local f=$1
	shift
	"$@" >"$f" 2>/dev/null || true
}

@test "profile: stdout is the program's, byte for byte, in every format; the report on stderr" {
	cd "$BATS_TEST_TMPDIR"
	# lines, a tab, bytes that are not UTF-8, and no newline at the end
	app=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"; printf "line 1\n\tline 2\n\377\376 last"; exit 5' sh "$FIXTURE")
	GPUPERF_PROFILE_PATH=/dev/null prog_out alone.out "${app[@]}"
	[ -s alone.out ]
	for fmt in --table --csv --json; do
		rc=0
		if [ "$fmt" = --table ]; then
			"$GPUPERF" profile -- "${app[@]}" >out 2>err || rc=$?
		else
			"$GPUPERF" "$fmt" profile -- "${app[@]}" >out 2>err || rc=$?
		fi
		echo "$fmt: status $rc"
		[ "$rc" -eq 5 ]
		cmp alone.out out
		# the report is whole on stderr
		case $fmt in
		--table) grep -q '^worth fixing first: chase' err ;;
		--csv) [ "$(grep -c '^device,cc,.*,kernel,' err)" -eq 1 ]
			[ "$(grep -c '^NVIDIA H100' err)" -eq 5 ] ;;
		--json) grep -q '"kernel": "nvjet_hsh' err ;;
		esac
	done
}

@test "profile -o FILE: the report in the file, stdout the program's, stderr without the report" {
	cd "$BATS_TEST_TMPDIR"
	app=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"; echo app says hello' sh "$FIXTURE")
	run_split "$GPUPERF" --csv -o k.csv profile -- "${app[@]}"
	[ "$status" -eq 0 ]
	[ "$output" = "app says hello" ]
	[[ "$stderr" != *device,cc* ]]
	[[ "$(head -n 1 k.csv)" == device,cc,*,kernel,* ]]
	[ "$(wc -l <k.csv)" -eq 6 ]
	# -o - asks for stdout: after the program's own output
	run_split "$GPUPERF" --csv -o - profile -- "${app[@]}"
	[ "${lines[0]}" = "app says hello" ]
	[[ "${lines[1]}" == device,cc,*,kernel,* ]]
	# a report that cannot be written is a failure, even where it cannot be said
	run bash -c '"$0" profile -- "$@" 2>/dev/full' "$GPUPERF" "${app[@]}"
	[ "$status" -eq 1 ]
	[ "$output" = "app says hello" ]
}

@test "profile: a program that cannot be started: 127 or 126 with a message" {
	run_split -127 "$GPUPERF" profile -- /nonexistent/program
	[ "$status" -eq 127 ]
	[[ "$stderr" == *"cannot run '/nonexistent/program'"* ]]
	printf 'not a program\n' >"$BATS_TEST_TMPDIR/data"
	chmod -x "$BATS_TEST_TMPDIR/data"
	run_split "$GPUPERF" profile -- "$BATS_TEST_TMPDIR/data"
	[ "$status" -eq 126 ]
}

@test "profile: arguments, environment, directory and input reach the program untouched" {
	cd "$BATS_TEST_TMPDIR"
	run_split env MARK=42 "$GPUPERF" profile -- sh -c 'read l; echo "$1 $MARK $(pwd) $l"' sh --help <<<"in"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "--help 42 $BATS_TEST_TMPDIR in" ]
	# the program's own options are its own, even gpuperf's names
	run_split "$GPUPERF" profile -- sh -c 'echo "$@"' sh --csv -h --version
	[ "${lines[0]}" = "--csv -h --version" ]
}

@test "profile: usage errors before the program runs" {
	assert_usage_error profile
	[[ "$stderr" == *"needs a program"* ]]
	assert_usage_error profile --kernel '(' -- true
	assert_usage_error profile --launches -1 -- true
	assert_usage_error profile --sort speed -- true
	assert_usage_error profile --top x -- true
	run_split "$GPUPERF" profile --bogus -- touch "$BATS_TEST_TMPDIR/ran"
	[ "$status" -eq 2 ] && [ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "profile --set: the counter set reaches the library; standard by default; others refused" {
	run_split "$GPUPERF" profile -- sh -c 'echo "set=${GPUPERF_PROFILE_SET-unset} n=$GPUPERF_PROFILE_LAUNCHES"'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "set=standard n=1" ]
	run_split "$GPUPERF" profile --set light -- sh -c 'echo "set=${GPUPERF_PROFILE_SET-unset}"'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "set=light" ]
	run_split "$GPUPERF" profile --set full -- sh -c 'echo "set=${GPUPERF_PROFILE_SET-unset}"'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "set=full" ]
	# a value of the user's own is replaced, as CUDA_INJECTION64_PATH is
	run_split env GPUPERF_PROFILE_SET=bogus "$GPUPERF" profile -- sh -c 'echo "set=$GPUPERF_PROFILE_SET"'
	[ "${lines[0]}" = "set=standard" ]
	assert_usage_error profile --set heavy -- true
	[[ "$stderr" == *"light"* ]]
}

@test "profile: the library samples the kernels it judges to wait; every one with --stalls, none with --no-stalls" {
	show='echo "stalls=${GPUPERF_PROFILE_STALLS-unset} source=${GPUPERF_PROFILE_SOURCE-unset}"'
	run_split "$GPUPERF" profile -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "stalls=judged source=unset" ]
	run_split "$GPUPERF" profile --stalls -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "stalls=1 source=unset" ]
	run_split "$GPUPERF" profile --by instruction -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "stalls=1 source=1" ]
	# a value of the user's own is replaced, as the other GPUPERF_PROFILE_ ones are
	run_split env GPUPERF_PROFILE_STALLS=1 "$GPUPERF" profile --no-stalls -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "stalls=unset source=unset" ]
	# no counted launch, nothing judged: sampled only when asked
	run_split "$GPUPERF" profile --launches 0 -- sh -c "$show"
	[ "${lines[0]}" = "stalls=unset source=unset" ]
	run_split "$GPUPERF" profile --launches 0 --stalls -- sh -c "$show"
	[ "${lines[0]}" = "stalls=1 source=unset" ]
	# --counters off: times only, so no sampling either
	run_split "$GPUPERF" --counters off profile --stalls -- sh -c "$show"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "stalls=unset source=unset" ]
}

@test "profile --stalls, --no-stalls: usage errors with a value, together, or against --by instruction" {
	assert_usage_error profile --stalls=yes -- true
	assert_usage_error profile --no-stalls=yes -- true
	assert_usage_error profile --stalls --no-stalls -- true
	[[ "$stderr" == *"--stalls and --no-stalls"* ]]
	assert_usage_error profile --by instruction --no-stalls -- true
	[[ "$stderr" == *"--by instruction samples every kernel"* ]]
}

@test "profile --help says it needs a GPU, and what happens without one" {
	run "$GPUPERF" profile --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"Needs a GPU and its driver"* ]]
	[[ "$output" == *"the program still runs"* ]]
}

@test "profile --help names every option" {
	run "$GPUPERF" profile --help
	for o in kernel launches set top sort; do
		[[ "$output" == *"--$o"* ]] || { echo "no --$o"; return 1; }
	done
}

# The roofline without a GPU: a "program" that writes the records the
# profiling library would (tests/fixtures/profile-roofline.records, an
# H100-like run: the issue's FP16 and FP32 GEMMs, a one-thread pointer
# chase, a STREAM triad, a stride-8 copy) into the file gpuperf reads.
FIXTURE=$BATS_TEST_DIRNAME/../fixtures/profile-roofline.records
REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$FIXTURE")

# col CSV KERNEL-PREFIX COLUMN: a cell of the row whose kernel starts with the prefix.
col() {
	python3 - "$@" <<'PY'
import csv, sys
path, name, c = sys.argv[1:]
for row in csv.DictReader(open(path, newline='')):
    if row['kernel'].startswith(name):
        print(row[c]); break
else:
    sys.exit(f"no row for {name}")
PY
}

@test "profile: each kernel's bound first; the GEMMs compute-bound, not worth fixing first" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --csv -o k.csv profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ "$(col k.csv nvjet bound)" = compute ]
	[ "$(col k.csv nvjet bound_by)" = tensor_pipe ]
	[ "$(col k.csv nvjet verdict)" = compute_bound ]
	[[ "$(col k.csv nvjet verdict_text)" == "compute-bound: the tensor pipe busy 94 % of the time; little to gain; besides, "*"12-way bank conflict"* ]]
	[ "$(col k.csv sm80_xmma bound_by)" = fma_pipe ]
	[ "$(col k.csv sm80_xmma verdict)" = compute_bound ]
	awk -v f="$(col k.csv sm80_xmma fp32_flop)" 'BEGIN { exit !(f == 5.2e10) }' 
	[ "$(col k.csv chase verdict)" = latency_bound ]
	[[ "$(col k.csv chase verdict_text)" == *"only one lane of each warp asks"* ]]
	[[ "$(col k.csv chase verdict_text)" != *stride* ]]
	awk -v i="$(col k.csv chase load_ideal_sectors_per_request)" 'BEGIN { exit !(i == 1) }' 
	[ "$(col k.csv triad bound)" = memory ]
	[ "$(col k.csv triad roof_source)" = theoretical ]
	[ "$(col k.csv stride verdict)" = load_coalescing ]
	# the people's view (on stderr): the summary leaves the GEMMs out
	run_split "$GPUPERF" profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	first=$(head -n 1 <<<"$stderr")
	[[ "$first" == "worth fixing first: chase (latency-bound, "*"stride (loads: 8.0x"* ]]
	[[ "$first" != *nvjet* ]]
	[[ "$first" != *xmma* ]]
	[[ "$stderr" == *"compute: tensor pipe 94 %"* ]]
	[[ "$stderr" == *"compute: FMA pipe 81 %"* ]]
	# the FP16 GEMM loads through TMA alone: no LSU load request, so no ratio to show
	grep -qE '^nvjet_hsh_\S+ +21 +21\.000 +18\.6 +n/a +4\.00 / 4\.00 ' <<<"$stderr" ||
		{ grep nvjet <<<"$stderr"; return 1; }
}

@test "profile: a sampled launch that caught no sample says so; the stall columns show it" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	# the fixture's latency-bound chase, and its launch 3 sampled as the library writes
	# one too short for a sample (PyTorch's add on an H200): sampled=1, no s. keys
	k=$(awk '$1 == "launch" && $4 ~ /chase/ { sub("kernel=", "", $4); print $4; exit }' "$FIXTURE")
	[ -n "$k" ]
	{ cat "$FIXTURE"
	  echo "launch pid=4242 dev=0 kernel=$k api=cuLaunchKernel corr=90 grid=1,1,1 block=32,1,1 cluster=0,0,0 dyn_smem=0 static_smem=0 local_bytes=0 regs=16 carveout=-1 nth=3 sampled=1"
	} >empty.records
	run_split "$GPUPERF" --csv -o e.csv profile -- sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh empty.records
	[ "$status" -eq 0 ]
	[ "$(col e.csv chase bound)" = latency ]
	[ "$(col e.csv chase stall_samples)" = 0 ]
	[ "$(col e.csv chase stall_launch)" = 3 ]
	[ -z "$(col e.csv chase stall_top)" ]
	[[ "$(col e.csv chase verdict_text)" == *"; its launch 3, PC-sampled, caught no sample (too short for the sampling period)" ]]
	# a kernel never sampled: its stall columns empty
	[ -z "$(col e.csv triad stall_samples)" ]
	[ -z "$(col e.csv triad stall_launch)" ]
}

# The fixture's records with the device's UUID and driver, as the library writes them now.
UUID=GPU-5f4e3d2c-1b0a-9988-7766-554433221100
with_uuid() {
	sed "s/^\(device .*\)\$/\1 uuid=$UUID driver=${1:-13000}/" "$FIXTURE" >"$BATS_TEST_TMPDIR/uuid.records"
	REPLAY_UUID=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$BATS_TEST_TMPDIR/uuid.records")
}

# cache_file TEXT: gpuperf roofline's cache of $UUID holding TEXT.
cache_file() {
	mkdir -p "$XDG_CACHE_HOME/gpuperf"
	printf '%s\n' "$1" >"$XDG_CACHE_HOME/gpuperf/roofline-$UUID.json"
}

# The H100 of the issue, as gpuperf roofline keeps it.
H100_CACHE='{"format": "gpuperf-roofline-cache", "version": 1,
  "uuid": "GPU-5f4e3d2c-1b0a-9988-7766-554433221100", "driver_version": 13000,
  "device": "NVIDIA H100 80GB HBM3", "cc": "9.0", "sms": 132, "measured_at": 1767225600,
  "ceilings": {"dram": 3190.9e9, "l2": 7513.9e9, "l1": 32480.8e9, "shared": 33333.6e9,
    "fp64": 33.4e12, "fp32": 66.1e12, "fp16": 131.7e12, "tensor-fp16": 885.4e12}}'

@test "profile: without gpuperf roofline's cache, theoretical roofs and a note saying how to measure" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	with_uuid
	run_split "$GPUPERF" -o report.txt profile -- "${REPLAY_UUID[@]}"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	grep -q "the roofs are theoretical.*run \`gpuperf roofline\` once to measure this GPU's ceilings" report.txt
	grep -q "DRAM at 3001 GB/s, 90 % of its 3352 GB/s roof (theoretical)" report.txt
	"$GPUPERF" --csv -o k.csv profile -- "${REPLAY_UUID[@]}"
	[ "$(col k.csv triad roof_source)" = theoretical ]
	# the throughput table at the kernel's 1980 MHz: 2 x 128 FFMA x 132 SMs; 2 x 256 halves
	# (128 HFMA2 of 4 FLOPs, NVIDIA's convention, the FLOPs' too)
	awk -v r="$(col k.csv triad fp32_roof_gflops)" 'BEGIN { exit !(r == 66908.16) }'
	awk -v r="$(col k.csv triad fp16_roof_gflops)" 'BEGIN { exit !(r == 133816.32) }'
	awk -v r="$(col k.csv triad l1_roof_gbs)" 'BEGIN { exit !(r == 33454.08) }'
}

@test "profile: gpuperf roofline's cache of the GPU makes the roofs measured" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	with_uuid
	cache_file "$H100_CACHE"
	run_split "$GPUPERF" --csv -o k.csv profile -- "${REPLAY_UUID[@]}"
	[ "$status" -eq 0 ]
	# stderr holds the summary line alone (CSV has no place for it): no note on the cache
	[[ "$stderr" == "gpuperf: worth fixing first: "* ]]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
	[ "$(col k.csv triad roof_source)" = measured ]
	[ "$(col k.csv triad bound)" = memory ]
	awk -v r="$(col k.csv triad dram_roof_gbs)" 'BEGIN { exit !(r == 3190.9) }'
	awk -v r="$(col k.csv triad fp32_roof_gflops)" 'BEGIN { exit !(r == 66100) }'
	# L1/shared: the faster of the two rows; FP16 the row as it is (an HFMA2 is 4 FLOPs there
	# and in the FLOPs)
	awk -v r="$(col k.csv triad l1_roof_gbs)" 'BEGIN { exit !(r == 33333.6) }'
	awk -v r="$(col k.csv triad fp16_roof_gflops)" 'BEGIN { exit !(r == 131700) }'
	# L2 was measured, its roof too; the FMA pipe's own peak stays the evidence of the GEMM
	awk -v r="$(col k.csv triad l2_roof_gbs)" 'BEGIN { exit !(r == 7513.9) }'
	[[ "$(col k.csv triad verdict_text)" == *"DRAM at 3001 GB/s, 94 % of its 3191 GB/s roof (measured)"* ]]
	[ "$(col k.csv sm80_xmma roof_source)" = theoretical ]
	run_split "$GPUPERF" profile -- "${REPLAY_UUID[@]}"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ "$stderr" != *"the roofs are theoretical"* ]]
	# a record without a UUID (the plain fixture) finds no cache
	"$GPUPERF" --csv -o plain.csv profile -- "${REPLAY[@]}"
	[ "$(col plain.csv triad roof_source)" = theoretical ]
}

@test "profile: a cache of another driver, or damaged, is not used, and stderr says why" {
	command -v python3 >/dev/null || skip "python3 reads the CSV here"
	cd "$BATS_TEST_TMPDIR"
	with_uuid 12080
	cache_file "$H100_CACHE"
	run_split "$GPUPERF" --csv -o k.csv profile -- "${REPLAY_UUID[@]}"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"gpuperf: ignoring '$XDG_CACHE_HOME/gpuperf/roofline-$UUID.json': measured under CUDA driver 13.0, not 12.8; run \`gpuperf roofline\` to measure device 0 again"* ]]
	[ "$(col k.csv triad roof_source)" = theoretical ]
	with_uuid
	cache_file '{"format": "gpuperf-roofline-cache", "version": 1, "uuid": '
	run_split "$GPUPERF" --csv -o k.csv profile -- "${REPLAY_UUID[@]}"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"gpuperf: warning: ignoring '"*"roofline-$UUID.json': line 2: "* ]]
	[ "$(col k.csv triad roof_source)" = theoretical ]
	# quiet: the note goes, the warning stays
	cache_file "${H100_CACHE/13000/12080}"
	run_split "$GPUPERF" -q --csv -o k.csv profile -- "${REPLAY_UUID[@]}"
	[ -z "$stderr" ]
}

@test "profile: the new columns are in the CSV header and the JSON records" {
	command -v python3 >/dev/null || skip "python3 reads the JSON here"
	cd "$BATS_TEST_TMPDIR"
	"$GPUPERF" --csv -o k.csv profile -- "${REPLAY[@]}"
	for c in bound bound_by roof_pct roof_source time_at_stake_ms fp64_flop fp32_flop fp16_flop \
		gflops fma_pipe_pct tensor_pipe_pct l2_bytes l1_bytes shared_bytes l2_bandwidth_gbs \
		l1_bandwidth_gbs intensity_dram_flop_per_byte intensity_l2_flop_per_byte dram_roof_gbs \
		fp32_roof_gflops cp_async_sectors_per_request tma_loads; do
		head -n 1 k.csv | tr ',' '\n' | grep -qx "$c" || { echo "no column $c"; return 1; }
	done
	"$GPUPERF" --json -o k.json profile -- "${REPLAY[@]}"
	python3 - k.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
assert len(rows) == 5, len(rows)
nv = next(r for r in rows if r['kernel'].startswith('nvjet'))
assert nv['bound'] == 'compute' and abs(nv['tensor_pipe_pct'] - 94) < 1e-9, nv
assert nv['tma_loads'] == 16384 and nv['l2_bytes'] == 2.2e9, nv
PY
}

@test "profile --plot: the roofline as SVG, every drawable kernel a labelled point" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --plot roof.svg profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ -s roof.svg ]
	command -v python3 >/dev/null || skip "python3 parses the SVG"
	facts=$(python3 "$BATS_TEST_DIRNAME/svgstat.py" roof.svg)
	echo "$facts"
	grep -qx 'chart Roofline: each profiled kernel against the ceilings, its area by GPU time' <<<"$facts"
	grep -q '^x arithmetic intensity, FLOP per DRAM byte (FLOP/B) | ' <<<"$facts"
	grep -q '^y performance (GFLOP/s) | ' <<<"$facts"
	# the stride copy does no arithmetic: four points of five, a note says so; the tensor
	# GEMM estimated against the theoretical FP16 tensor roof (the throughput table's)
	grep -qx 'series kernels: FLOP/s of the CUDA cores (SASS counts) 3' <<<"$facts"
	grep -qx 'series tensor-core kernels: estimated, tensor pipe busy x FP16 tensor roof 1' <<<"$facts"
	grep -qx 'series DRAM 3352 GB/s (theoretical) 0' <<<"$facts"
	grep -qx 'series FP32 66.9 TFLOP/s (theoretical) 0' <<<"$facts"
	grep -qx 'series FP16 tensor 1070.5 TFLOP/s (theoretical) 0' <<<"$facts"
	grep -q '>sm80_xmma_gemm_f32f3</text>' roof.svg
	grep -q '>nvjet_hsh_256x128_64</text>' roof.svg
	[[ "$stderr" == *"the roofline leaves out 1 profiled kernel without floating-point work"* ]]
}

@test "profile --html: one page with the table, the roofline and the verdicts" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" profile --html report.html -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	grep -q '<svg' report.html
	grep -q 'Roofline: each profiled kernel' report.html
	grep -q 'worth fixing first: chase' report.html
	grep -q 'compute-bound: the tensor pipe busy 94 % of the time' report.html
	# self-contained: nothing fetched
	run grep -Ec '(src|href)="(https?:)?//' report.html
	[ "$output" = 0 ]
}

@test "profile --html and --plot: bad paths are usage errors before the program runs" {
	cd "$BATS_TEST_TMPDIR"
	assert_usage_error profile --html report.pdf -- touch ran
	[[ "$stderr" == *"'report.pdf' does not end in .html"* ]]
	assert_usage_error profile --html nowhere/r.html -- touch ran
	assert_usage_error -o r.html profile --html r.html -- touch ran
	assert_usage_error --plot r.png profile -- touch ran
	[ ! -e ran ]
}

@test "profile --plot: nothing profiled, nothing to draw: status 1, no file, nothing on stdout" {
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --plot roof.svg profile -- true
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"--plot: "*"'roof.svg' not written"* ]]
	[ -z "$output" ]
	[ ! -e roof.svg ]
}

# tests/gpu/profile.bats compares a CSV and a JSON run of one program, the measured
# columns within 5 %
@test "same_records (lib.bash): COLUMN~PCT takes numbers within PCT %, no further" {
	command -v python3 >/dev/null || skip "python3 reads the CSV and JSON here"
	cd "$BATS_TEST_TMPDIR"
	printf 'k,v,t\na,100,x\n' >r.csv
	echo '[{"k": "a", "v": 104, "t": "x"}]' >r.json
	same_records r.csv r.json v~5
	run same_records r.csv r.json v~3
	[ "$status" -eq 1 ]
	[[ "$output" == *"record 1: v: CSV '100', JSON 104"* ]]
	run same_records r.csv r.json
	[ "$status" -eq 1 ]
	# an empty cell against a number is no near miss
	echo '[{"k": "a", "v": null, "t": "x"}]' >e.json
	run same_records r.csv e.json v~5
	[ "$status" -eq 1 ]
	# text in a COLUMN~PCT is compared exactly
	echo '[{"k": "a", "v": 100, "t": "y"}]' >t.json
	run same_records r.csv t.json t~5
	[ "$status" -eq 1 ]
}
