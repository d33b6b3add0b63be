#!/usr/bin/env bats
# gpuperf roofline on a real GPU: every ceiling this GPU has measured and
# verified, each within sane bounds of its theoretical at the clock measured
# in the kernel, the instruction each row names, the levels the counters see,
# --quick, --plot, and verification that can fail.  Each test prints the
# table it judges (as # lines) so that a miss can be diagnosed from the log.

bats_require_minimum_version 1.5.0

load lib

# v CEILING COLUMN: the column of that ceiling's row in $CSV.
v() {
	field "$CSV" "$2" "\$$(csv_col "$CSV" ceiling) == \"$1\""
}

# The judged columns of every row, as # lines (shown by make test-gpu).
show() {
	awk -F, -v c="$(csv_col "$CSV" ceiling)" -v val="$(csv_col "$CSV" value)" \
		-v u="$(csv_col "$CSV" unit)" -v t="$(csv_col "$CSV" theoretical)" \
		-v p="$(csv_col "$CSV" pct_of_theoretical)" -v m="$(csv_col "$CSV" sm_clock_mhz)" \
		-v i="$(csv_col "$CSV" instruction)" -v l="$(csv_col "$CSV" level)" \
		-v cv="$(csv_col "$CSV" cov_pct)" \
		'NR > 1 { printf "# %-12s %10s %-7s theor %10s %6s %% clock %7s MHz %-20s cov %s %% %s\n",
			  $c, $val, $u, $t, $p, $m, $i, $cv, $l }' "$CSV" >&3
}

cc() {
	field "$CSV" cc 'NR == 2'
}

# GPU 0's compute capability, as nvidia-smi gives it ("9.0").
smi_cc() {
	nvidia-smi -i 0 --query-gpu=compute_cap --format=csv,noheader | head -n 1 | tr -d ' '
}

# published CC CEILING: the whitepapers give CEILING's peak for compute
# capability CC (the sources of arch/peaks.c: V100, Turing, A100, GA102,
# Ada, H100 and RTX Blackwell), so gpuperf must have a theoretical for it.
published() {
	case "$2" in
	fp32|fp16) [[ " 7.0 7.5 8.0 8.6 8.9 9.0 12.0 " == *" $1 "* ]] ;;
	fp64) [[ " 7.0 7.5 8.0 8.6 8.9 9.0 12.0 " == *" $1 "* ]] ;;
	tensor-fp16) [[ " 7.0 7.5 8.0 8.6 8.9 9.0 " == *" $1 "* ]] ;;
	tensor-bf16|tensor-tf32) [[ " 8.0 8.6 8.9 9.0 " == *" $1 "* ]] ;;
	tensor-int8) [[ " 7.5 8.0 8.6 8.9 9.0 12.0 " == *" $1 "* ]] ;;
	tensor-fp64) [[ " 8.0 9.0 " == *" $1 "* ]] ;;
	tensor-fp8) [[ " 8.9 9.0 " == *" $1 "* ]] ;;
	*) return 1 ;;
	esac
}

# in_range X LO HI: LO <= X <= HI (decimals).
in_range() {
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x != "" && x + 0 >= lo && x + 0 <= hi) }'
}

@test "roofline: every ceiling this GPU has is measured and verified" {
	require_gpu
	cached_csv roof roofline
	show
	for c in dram l2 l1 shared fp64 fp32 fp16; do
		[ -n "$(v $c value)" ] || { echo "$c not measured: $(v $c note)"; return 1; }
	done
	major=$(cc | cut -d. -f1)
	if [ "$major" -ge 8 ]; then
		for c in tensor-fp64 tensor-fp16 tensor-bf16 tensor-tf32 tensor-int8; do
			[ -n "$(v $c value)" ] || { echo "$c not measured: $(v $c note)"; return 1; }
		done
	fi
	case "$(cc)" in
	8.9|9.0|12.*) [ -n "$(v tensor-fp8 value)" ] || { echo "fp8: $(v tensor-fp8 note)"; return 1; } ;;
	esac
	[ "$(field "$CSV" ceiling 1 | wc -l)" -eq 13 ]
}

@test "roofline: FP32 and FP64 reach 90 % of theoretical at the kernel's clock, nothing passes 103 %" {
	require_gpu
	local cc
	cc=$(smi_cc)
	published "$cc" fp32 || skip "CC $cc: no whitepaper figure for its FP32 and FP64 peaks (nvidia-smi)"
	cached_csv roof roofline
	show
	for c in fp32 fp64; do
		p=$(v $c pct_of_theoretical)
		[ -n "$p" ] || { echo "$c: no theoretical, though CC $cc's is published: $(v $c note)"; return 1; }
		in_range "$p" 90 103 || { echo "$c: $p % of theoretical"; return 1; }
		[ "$(v $c clock_source)" = kernel ]
	done
	# an honest ceiling never passes its theoretical at the measured clock
	field "$CSV" pct_of_theoretical 1 | awk '$1 != "" && $1 > 103 { print "above theoretical: " $1; bad = 1 } END { exit bad }'
}

@test "roofline: the tensor cores and FP16 within sane bounds of theoretical" {
	require_gpu
	cached_csv roof roofline
	show
	local cc checked=0
	cc=$(smi_cc)
	for c in fp16 tensor-fp64 tensor-fp16 tensor-bf16 tensor-tf32 tensor-int8 tensor-fp8; do
		# a ceiling without a published peak on this CC has no theoretical to be near
		published "$cc" "$c" || continue
		p=$(v $c pct_of_theoretical)
		in_range "$p" 40 103 || { echo "$c: '$p' % of theoretical ($(v $c note))"; return 1; }
		checked=$((checked + 1))
	done
	echo "# $checked ceilings of CC $cc judged against their published peaks" >&3
	if [ "$(cc)" = 9.0 ]; then
		# wgmma: the H100's tensor peak is within reach
		for c in tensor-fp16 tensor-bf16 tensor-tf32 tensor-int8 tensor-fp8; do
			in_range "$(v $c pct_of_theoretical)" 75 103 ||
				{ echo "$c: $(v $c pct_of_theoretical) % ($(v $c instruction))"; return 1; }
		done
		# FP64: Hopper's m16n8k16 shape, where m8n8k4 stopped at half the peak (below dgemm)
		[[ "$(v tensor-fp64 method)" == "mma.sync.m16n8k16.f64;"* ]]
		in_range "$(v tensor-fp64 pct_of_theoretical)" 85 103 ||
			{ echo "tensor-fp64: $(v tensor-fp64 pct_of_theoretical) %"; return 1; }
	fi
}

@test "roofline: each row names its instruction; an H100 uses wgmma" {
	require_gpu
	cached_csv roof roofline
	[ "$(v fp64 instruction)" = DFMA ]
	[ "$(v fp32 instruction)" = FFMA ]
	[ "$(v fp16 instruction)" = HFMA2 ]
	[ "$(v shared instruction)" = LDS.128 ]
	[ "$(v dram instruction)" = LDG.E.128 ]
	if [ "$(cc)" = 9.0 ]; then
		[ "$(v tensor-fp16 instruction)" = HGMMA ]
		[ "$(v tensor-bf16 instruction)" = HGMMA ]
		[ "$(v tensor-tf32 instruction)" = HGMMA ]
		[ "$(v tensor-int8 instruction)" = IGMMA ]
		[ "$(v tensor-fp8 instruction)" = QGMMA ]
		# FP8 accumulates exactly only to about 2^13: its sums restart every 16 iterations
		[[ "$(v tensor-fp8 method)" == *"; from zero every 16" ]]
		[ "$(v tensor-fp64 instruction)" = DMMA ]
	fi
}

@test "roofline: memory ceilings within bounds, in level order, served by their level" {
	require_gpu
	cached_csv roof roofline
	show
	in_range "$(v dram pct_of_theoretical)" 40 100
	in_range "$(v l1 pct_of_theoretical)" 50 103
	in_range "$(v shared pct_of_theoretical)" 50 103
	# DRAM < L2 < L1
	awk -v d="$(v dram value)" -v l2="$(v l2 value)" -v l1="$(v l1 value)" \
		'BEGIN { exit !(d < l2 && l2 < l1) }' || { echo "dram $(v dram value), l2 $(v l2 value), l1 $(v l1 value)"; return 1; }
	# the levels are the counters' (skip only where ncu cannot read them either)
	require_counters
	counted level
	[ "$(v dram level)" = DRAM ]
	[ "$(v l2 level)" = L2 ]
	[ "$(v l1 level)" = L1 ]
}

@test "roofline: the kernels' clock is the SMs' (at most the maximum, at least half of it)" {
	require_gpu
	max=$(nvidia-smi -i 0 --query-gpu=clocks.max.sm --format=csv,noheader,nounits 2>/dev/null | head -n 1)
	[[ "$max" =~ ^[0-9]+$ ]] || skip "nvidia-smi gives no maximum SM clock"
	cached_csv roof roofline
	local cc
	cc=$(smi_cc)
	for c in fp64 fp32 fp16 tensor-fp16; do
		# the tensor cores came with CC 7.0
		[ "$c" != tensor-fp16 ] || [ "${cc%%.*}" -ge 7 ] || continue
		m=$(v $c sm_clock_mhz)
		in_range "$m" $((max / 2)) $((max * 102 / 100)) || { echo "$c at '$m' MHz, maximum $max"; return 1; }
	done
}

@test "roofline --quick: every ceiling, verified, in a few seconds" {
	require_gpu
	start=$(date +%s%N)
	run_split "$GPUPERF" --csv roofline --quick
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	echo "# roofline --quick: $ms ms wall" >&3
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	[ "$(wc -l <<<"$output")" -eq 14 ]
	[ "$ms" -lt 15000 ]
	CSV=$BATS_TEST_TMPDIR/quick.csv
	printf '%s\n' "$output" >"$CSV"
	show
	[ -n "$(v fp32 value)" ]
	[ "$(v fp32 reps)" -eq 3 ]
}

@test "roofline --reps auto: a memory, a shared and a compute ceiling, 10 to 200 repetitions each, verified" {
	require_gpu
	run_split "$GPUPERF" --csv roofline --ceiling dram,shared,fp32 --reps auto --no-cache
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	CSV=$BATS_TEST_TMPDIR/auto.csv
	printf '%s\n' "$output" >"$CSV"
	show
	for c in dram shared fp32; do
		[ -n "$(v $c value)" ] || { echo "$c: no value"; return 1; }
		in_range "$(v $c reps)" 10 200 || { echo "$c: $(v $c reps) repetitions"; return 1; }
	done
}

@test "roofline: a wrong value fails the command (exit 1), nothing on stdout" {
	require_gpu
	run_split env GPUPERF_TEST_CORRUPT=1 "$GPUPERF" roofline --ceiling fp32 --quick
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ "$stderr" == *"verification failed: fp32 (FFMA"*"1 values wrong (block 0 thread 0's right)"* ]]
	# nothing else was asked: no other ceiling to name
	[[ "$stderr" != *"measures the others"* ]]
}

@test "roofline: wrong values in two ceilings: both said, the one between still measured, exit 1" {
	require_gpu
	run_split env GPUPERF_TEST_CORRUPT=fp64,fp16 "$GPUPERF" roofline --ceiling fp64,fp32,fp16 --quick
	echo "$stderr"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	# fp16 comes after fp64: the run went on past the first wrong ceiling
	[[ "$stderr" == *"verification failed: fp64 (DFMA"*"1 values wrong"* ]]
	[[ "$stderr" == *"verification failed: fp16 (HFMA2"*"1 values wrong"* ]]
	[[ "$stderr" != *"verification failed: fp32"* ]]
	[[ "$stderr" == *"fp64,fp16 failed verification, so no ceiling is reported; --ceiling fp32 measures the others"* ]]
}

@test "roofline --plot and --json on a GPU: the measured lines, valid records" {
	require_gpu
	command -v python3 >/dev/null || skip "python3 is not installed"
	cd "$BATS_TEST_TMPDIR"
	run_split "$GPUPERF" --json --plot r.svg roofline --quick --ceiling dram,l1,fp32,fp64
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	python3 -c 'import json, sys; rows = json.load(sys.stdin); assert len(rows) == 4, rows;
assert all(r["value"] > 0 for r in rows), rows' <<<"$output"
	facts=$(python3 "$BATS_TEST_DIRNAME/../cli/svgstat.py" r.svg)
	[ "$(grep -c '^series ' <<<"$facts")" -eq 4 ]
	grep -q '^legend FP32 ' <<<"$facts"
	grep -q '^legend DRAM ' <<<"$facts"
}
