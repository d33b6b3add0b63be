#!/usr/bin/env bats
# bench/width4.sh without a GPU: fakes of gpuperf, BabelStream and the
# variants program print what the real ones print; the table must pair
# each gpuperf figure with BabelStream's of the same kernel (Mul is scale),
# width (float at 4 B, doubles at 8 B) and round, and the variants table
# must rank each kernel and width's variants with their ratio to it.

bats_require_minimum_version 1.5.0

ROOT=$BATS_TEST_DIRNAME/../..

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	# BabelStream --csv --gigabytes, floats with --float, as its main.cpp prints them
	cat >"$P/cuda-stream" <<'EOF'
#!/bin/sh
echo 'CUDA Driver: 13000'
echo 'function,num_times,n_elements,sizeof,max_GB_per_sec,min_runtime,max_runtime,avg_runtime'
case "$*" in
*--float*)
	echo 'Copy,100,268435456,4,3149.0,0.000682,0.00070,0.000690'
	echo 'Mul,100,268435456,4,3070.0,0.000699,0.00072,0.000710'
	echo 'Add,100,268435456,4,3653.0,0.000882,0.00090,0.000890'
	echo 'Triad,100,268435456,4,3628.0,0.000888,0.00090,0.000895' ;;
*)
	echo 'Copy,100,134217728,8,4000.0,0.000537,0.00055,0.000540'
	echo 'Mul,100,134217728,8,3990.0,0.000538,0.00055,0.000540'
	echo 'Add,100,134217728,8,4100.0,0.000785,0.00080,0.000790'
	echo 'Triad,100,134217728,8,4080.0,0.000789,0.00080,0.000795' ;;
esac
EOF
	chmod +x "$P/cuda-stream"
	# gpuperf: best = 3000 + 100 x (kernel's index) + width, so every pairing is visible
	GP=$BATS_TEST_TMPDIR/gpuperf
	cat >"$GP" <<'EOF'
#!/bin/bash
case "$*" in
*bandwidth*)
	printf 'device,kernel,width_bytes,bandwidth_gbs,best_gbs,min_gbs,block,unroll,layout\n'
	i=0
	for k in copy scale add triad; do
		for w in 4 8 16; do
			b=$((3000 + 100 * i + w))
			printf '"H200, SXM",%s,%s,%s.0,%s.0,%s.0,512,%s,flat\n' $k $w $((b - 10)) $b $((b - 20)) $((16 / w))
		done
		i=$((i + 1))
	done ;;
esac
EOF
	chmod +x "$GP"
	V=$BATS_TEST_TMPDIR/variants
	cat >"$V" <<'EOF'
#!/bin/sh
echo 'variant,kernel,width,layout,block,unroll,grid,regs,threads_per_sm,inflight_kib,best_gbs,median_gbs,check'
echo 'gpuperf,copy,4,flat,512,4,131072,32,2048,32,3300.0,3290.0,ok'
echo 'gpuperf,copy,4,flat,256,1,1048576,16,2048,8,3100.0,3090.0,ok'
echo 'pre-fix,copy,4,flat,512,4,131072,48,1024,16,3040.0,3030.0,ok'
echo 'pre-fix@32,copy,4,flat,512,4,131072,32,2048,32,3280.0,3270.0,ok'
echo 'gpuperf,add,8,flat,1024,2,65536,32,2048,64,4150.0,4140.0,ok'
EOF
	chmod +x "$V"
}

@test "width4: gpuperf against BabelStream by kernel, width and round, and the variants ranked" {
	PEERS_GPUPERF=$GP WIDTH4_VARIANTS=$V run bash "$ROOT/bench/width4.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# copy at 4 B: gpuperf 3004 against BabelStream float's Copy 3149: 3004 / 3149 = 0.954
	grep -Eq '^copy +4 +1 +3004\.0 +2994\.0 +flat 512x4 +3004\.0 +flat 512x4 +3149\.0 +0\.954 +0\.954$' <<<"$output"
	grep -Eq '^copy +4 +2 +3004\.0 ' <<<"$output"
	# scale is BabelStream's Mul: at 8 B, 3108 against the doubles' 3990: 0.779
	grep -Eq '^scale +8 +1 +3108\.0 .* 3990\.0 +0\.779 ' <<<"$output"
	# triad at 4 B: 3304 against 3628: 0.911
	grep -Eq '^triad +4 +1 +3304\.0 .* 3628\.0 +0\.911 ' <<<"$output"
	# the variants: copy at 4 B fastest first, ratio to Copy 3149 (3300 / 3149 = 1.048)
	run grep -E '^(gpuperf|pre-fix)' <<<"$output"
	[ "${lines[1]%% *}" = gpuperf ]
	grep -Eq '^gpuperf +copy +4 +flat +512 +4 +32 +2048 +32 +3300\.0 +1\.048 +3300\.0 +1\.048  ok$' <<<"$output"
	grep -Eq '^pre-fix +copy +4 +flat +512 +4 +48 +1024 +16 +3040\.0 +0\.965 ' <<<"$output"
	# add at 8 B against the doubles' Add: 4150 / 4100 = 1.012
	grep -Eq '^gpuperf +add +8 .* 4150\.0 +1\.012 ' <<<"$output"
}

@test "width4: ncu's registers, occupancy and DRAM throughput per launch, when ncu is there" {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	# ncu --csv as Nsight Compute prints it: a header, then a row per launch and metric
	cat >"$BATS_TEST_TMPDIR/bin/ncu" <<'EOF'
#!/bin/sh
echo '==PROF== Connected to process 4242'
echo '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"'
k='"void (anonymous namespace)::stream_kernel<float, 4, 2>(const T1 *, const T1 *, T1 *, unsigned long, float, unsigned int, int, unsigned int *, int)","1","13","(512, 1, 1)","(131072, 1, 1)","0","9.0","Command line profiler metrics"'
echo "\"0\",\"4242\",\"w4\",\"h\",$k,\"launch__registers_per_thread\",\"register/thread\",\"32\""
echo "\"0\",\"4242\",\"w4\",\"h\",$k,\"sm__warps_active.avg.pct_of_peak_sustained_active\",\"%\",\"91.2\""
EOF
	chmod +x "$BATS_TEST_TMPDIR/bin/ncu"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH PEERS_GPUPERF=$GP WIDTH4_VARIANTS=$V run bash "$ROOT/bench/width4.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# once for the variants, once for BabelStream (the fake answers both alike)
	[ "$(grep -c '^0: stream_kernel<float, 4, 2> (512, 1, 1) (131072, 1, 1) | registers_per_thread=32 warps_active=91.2$' <<<"$output")" -eq 2 ]
}

@test "width4: a variant whose data check failed fails the run and says so" {
	sed -i 's/3100.0,3090.0,ok/3100.0,3090.0,bad 7/' "$V"
	echo 'exit 1' >>"$V"
	PEERS_GPUPERF=$GP WIDTH4_VARIANTS=$V run bash "$ROOT/bench/width4.sh" "$P"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"width4-variants failed (exit 1)"* ]]
	grep -Eq '^gpuperf +copy +4 +flat +256 +1 .* BAD BAD $' <<<"$output"
}

@test "width4-variants: compiles with the product's kernels and, without a GPU, says so" {
	command -v nvcc >/dev/null || skip "no nvcc"
	[ -f "$ROOT/build/kernels/bandwidth.o" ] || skip "build/kernels/bandwidth.o not built"
	! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; } ||
		skip "a GPU is here: the variants would run"
	cd "$ROOT"
	nvcc -O3 -std=c++17 -I. -arch=sm_90 bench/width4-variants.cu build/kernels/bandwidth.o \
		-o "$BATS_TEST_TMPDIR/w4"
	run -2 "$BATS_TEST_TMPDIR/w4" -n 0
	[[ "$output" == *"REPS >= 1"* ]]
	run -1 "$BATS_TEST_TMPDIR/w4"
	[[ "$output" == *"width4-variants: cudaGetDeviceProperties: "* ]]
}
