#!/usr/bin/env bats
# bench/verdicts.py, the comparison behind bench/verdicts.sh, on a first
# real run's outputs (tests/fixtures/verdicts: gpuperf before issue 37 and
# Nsight Compute on library kernels) and on hand-made ones in the CSV form
# issue 37 brings.  Expected figures are worked out from ncu's counters in
# the fixture (see its README), not from the script.

ROOT=$BATS_TEST_DIRNAME/../..
FIX=$ROOT/tests/fixtures/verdicts
VERDICTS=$ROOT/bench/verdicts.py

setup() {
	command -v python3 >/dev/null || skip "python3 is not installed"
}

@test "bench/verdicts.py: the first run's false alarms, rule by rule" {
	run python3 "$VERDICTS" "$FIX" train_step conv cupy_sortrand triton_softmax
	[ "$status" -eq 1 ]
	# every kernel ncu profiled is matched, by normalised name, grid and block
	[[ "$output" == *"== train_step: gpuperf 36 default, 36 full; ncu 20 kernels, 20 matched"* ]]
	[[ "$output" == *"== conv: gpuperf 33 default, 33 full; ncu 19 kernels, 19 matched"* ]]
	# (a): the tn GEMM was occupancy-limited by default, "4097x" loads under full
	[[ "$output" == *"(a) the default's bound and verdict equal the full set's, on every kernel: MISSED"* ]]
	[[ "$output" == *"train_step sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_sta...te_kernel__5x_cublas: bound underfilled / underfilled, verdict occupancy_limit / load_coalescing"* ]]
	# (b): GELU's 16-byte loads read as stride 4 by default: ncu 524288 sectors, all ideal
	[[ "$output" == *"(b) no coalescing or conflict verdict where ncu measures under 5 % excess of that kind: MISSED"* ]]
	[[ "$output" == *"train_step (default) vectorized_elementwise_kernel<4, GeluCUDAKernelImpl"*": load_coalescing names global waste; ncu: 0.0 % excess"* ]]
	# (b): cuDNN's fprop "bank conflicts" under full, where ncu has no excess wavefront
	[[ "$output" == *"conv (full) sm90_xmma_fprop_implicit_gemm"*": shared_store_conflicts names shared waste; ncu: 0.0 % excess"* ]]
	# (c): LayerNorm's (2884608 - 1311744) / 2884608 = 54.5 % excess sectors, no figure by default
	[[ "$output" == *"train_step (default) vectorized_layer_norm_kernel<float, float, false>: global excess - where ncu has 54.5 %"* ]]
	# (c): CUB's histogram, (1500822 - 659456) / 1500822 = 56.1 % excess wavefronts, unseen
	[[ "$output" == *"cupy_sortrand (full) DeviceRadixSortHistogramKernel<policy_hub<float, NullType"*": shared excess ~0.0 where ncu has 56.1 %; verdict (latency_bound) names no shared waste"* ]]
	# (d): the ranking's head names waste ncu does not see
	[[ "$output" == *"(d) \"worth fixing first\" names no waste that ncu does not confirm (5 % or more): MISSED"* ]]
	[[ "$output" == *"train_step (default) multi_tensor_apply_kernel<"*": \"loads: 4.0x the bytes used\": ncu 0.0 % global excess"* ]]
	# of AdamW's seven multi_tensor_apply kernels, the one whose 0.116 ms at stake it names
	[ "$(grep -c '^    train_step (default) multi_tensor_apply_kernel<.*"loads: 4.0x' <<<"$output")" -eq 1 ]
	[[ "$output" == *"train_step (full) sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_sta...te_kernel__5x_cublas: \"loads: 3093.2x the bytes used\": ncu 0.0 % global excess"* ]]
}

@test "bench/verdicts.py: a kernel's row carries ncu's rule speedups and figures" {
	run python3 "$VERDICTS" "$FIX" cupy_sortrand triton_softmax
	[ "$status" -eq 1 ]
	# the details page's "Est. Speedup: 40.89%" of the shared rule, 0.007827% of the global one
	[[ "$output" == *"| DeviceRadixSortHistogramKernel<policy_hub<float, NullType"*" | 4 | latency, latency_bound | latency, latency_bound | -, ~0.0, 0.0 | -, ~0.0, 56.1 | 0.0, 40.9 |"* ]]
	# the whole details page of triton_softmax parses: its kernel #1 has no Uncoalesced rule
	[[ "$output" == *"| softmax_kernel | 1 | memory, load_coalescing | memory, memory_bound | -, ~0.0, 0.0 | -, -, 0.0 | -, - | a b:default |"* ]]
	# a kernel ncu profiled that no gpuperf row matches is named
	[[ "$output" == *"ncu #1 matched to no gpuperf row: gen_sequenced<curandStateXORWOW, float, int"* ]]
}

@test "bench/verdicts.py: the excess columns, mangled names, each rule broken by the full set" {
	run python3 "$VERDICTS" --ranked handmade "$FIX" handmade
	[ "$status" -eq 1 ]
	[[ "$output" == *"== handmade: gpuperf 4 default, 4 full; ncu 4 kernels, 4 matched"* ]]
	[[ "$output" == *"| transpose | 2 | memory, store_coalescing | memory, store_coalescing | 87.4, 70.0, 87.5 | 0.0, 0.0, 0.0 | 40.0, - | c:full |"* ]]
	[[ "$output" == *"handmade gemm: bound compute / compute, verdict shared_load_conflicts / compute_bound (default / full)"* ]]
	[[ "$output" == *"handmade (full) add: load_coalescing names global waste; ncu: 0.0 % excess"* ]]
	# 21.0 is within 10 % of ncu's 20, but the full set's verdict names no conflict
	[[ "$output" == *"handmade (full) gemm: verdict (compute_bound) names no shared waste"* ]]
	[[ "$output" == *"handmade (full) transpose: global excess 70.0 where ncu has 87.5 %"* ]]
	[[ "$output" == *"handmade (full) banks: shared excess - where ncu has 75.0 % (counters disagree: shared wavefronts above 32 a request)"* ]]
	[[ "$output" == *"handmade (full) add: \"loads: 4.0x the bytes used\": ncu 0.0 % global excess"* ]]
	# the default set breaks nothing: no "(default)" break at all
	[[ "$output" != *"handmade (default)"* ]]
}

@test "bench/verdicts.py: every rule met where both sets agree with ncu" {
	local d=$BATS_TEST_TMPDIR
	for s in default full; do
		cp "$FIX/handmade-default.csv" "$d/clean-$s.csv"
		cp "$FIX/handmade-default.err" "$d/clean-$s.err"
	done
	cp "$FIX/handmade-ncu-raw.csv" "$d/clean-ncu-raw.csv"
	cp "$FIX/handmade-ncu-details.txt" "$d/clean-ncu-details.txt"
	echo "gpuperf: nothing worth fixing first: the profiled kernels are near a ceiling or waste little" \
		>"$d/clean-full.err"
	run python3 "$VERDICTS" --ranked clean "$d" clean
	[ "$status" -eq 0 ]
	[[ "$output" == *"full: nothing worth fixing first: the profiled kernels are near a ceiling"* ]]
	[[ "$output" == *"(a) the default's bound and verdict equal the full set's, on every kernel: MET"* ]]
	[[ "$output" == *"(b) no coalescing or conflict verdict where ncu measures under 5 % excess of that kind: MET"* ]]
	[[ "$output" == *"(c) where ncu finds 20 % or more excess, gpuperf's figure within 10 % of ncu's and the waste named in its verdict: MET"* ]]
	[[ "$output" == *"(d) \"worth fixing first\" names no waste that ncu does not confirm (5 % or more): MET"* ]]
}

@test "bench/verdicts.py: missing ncu data breaks the rules that need it, not the others" {
	local d=$BATS_TEST_TMPDIR
	for s in default full; do
		cp "$FIX/handmade-default.csv" "$d/lone-$s.csv"
		cp "$FIX/handmade-default.err" "$d/lone-$s.err"
	done
	run python3 "$VERDICTS" --ranked lone "$d" lone
	[ "$status" -eq 1 ]
	[[ "$output" == *"note: no ncu data: $d/lone-ncu-raw.csv: No such file or directory"* ]]
	[[ "$output" == *"(a) the default's bound and verdict equal the full set's, on every kernel: MET"* ]]
	[[ "$output" == *"lone (default): not judged: no gpuperf CSV or no ncu data"* ]]
	[[ "$output" == *"lone (default) transpose: \"stores: 8.0x the bytes used\": not in ncu's report"* ]]
	# the ranking's shared waste as gpuperf words it since issue 37
	[[ "$output" == *"lone (default) banks: \"shared loads: 75 % excess wavefronts\": not in ncu's report"* ]]
}

@test "bench/verdicts.py: no program is a usage error" {
	run python3 "$VERDICTS" "$FIX"
	[ "$status" -eq 2 ]
	[[ "$output" == *"usage: verdicts.py"* ]]
}
