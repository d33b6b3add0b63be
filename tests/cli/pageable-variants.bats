#!/usr/bin/env bats
# bench/pageable-variants.sh without a GPU: the experiment builds and, with
# no driver, fails with a message instead of printing figures; bandwidthTest
# and gpuperf (fakes) run with each pageable switch, and their figures are
# listed under the variant that gave them.

bats_require_minimum_version 1.5.0

ROOT=$BATS_TEST_DIRNAME/../..
CUDA=${CUDA_HOME:-/usr/local/cuda}

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	printf '#!/bin/sh\necho "bandwidthTest-H2D-Paged, Bandwidth = 7.7 GB/s, Time = 0.03486 s, Size = 268435456 bytes"\n' \
		>"$P/bandwidthTest"
	chmod +x "$P/bandwidthTest"
	GP=$BATS_TEST_TMPDIR/gpuperf
	# a gpuperf whose h2d figure names the variant it was given
	cat >"$GP" <<'EOF2'
#!/bin/sh
printf 'device,direction,memory,size_bytes,bandwidth_gbs\n'
printf 'H100,h2d,pageable,268435456,%s\n' "$(echo "$GPUPERF_PCIE_VARIANT" | tr -c 'a-z\n' _)"
EOF2
	chmod +x "$GP"
}

@test "pageable-variants: builds, and without a GPU fails with the runtime's message" {
	[ -f "$CUDA/lib64/libcudart_static.a" ] || skip "no static CUDA runtime under $CUDA/lib64"
	! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; } ||
		skip "a GPU is here: the experiment would run for a minute"
	cd "$ROOT"
	run bench/pageable-variants.sh --build
	[ "$status" -eq 0 ]
	[ -x build/bench/pageable-variants ]
	run -1 build/bench/pageable-variants
	[[ "$output" == *"pageable-variants: cudaSetDevice(dev): "* ]]
	run -2 build/bench/pageable-variants -r 0
	[[ "$output" == *"1 <= rounds x reps"* ]]
}

@test "pageable-variants: bandwidthTest's lines, then gpuperf with each pageable switch" {
	[ -f "$CUDA/lib64/libcudart_static.a" ] || skip "no static CUDA runtime under $CUDA/lib64"
	! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; } ||
		skip "a GPU is here: the experiment would run for a minute"
	PEERS_GPUPERF=$GP run bash "$ROOT/bench/pageable-variants.sh" "$P"
	echo "$output"
	# the experiment itself cannot run here: exit 1, the rest still reported
	[ "$status" -eq 1 ]
	[ "$(grep -c '^bandwidthTest-H2D-Paged, Bandwidth = 7.7 GB/s' <<<"$output")" -eq 2 ]
	for v in default malloc sync nosample; do
		grep -Eq "^$v +h2d +268435456 +$v$" <<<"$output" || { echo "no row for $v"; return 1; }
	done
	PAGEABLE_SWITCHES="chunk=4 malloc,sync" PEERS_GPUPERF=$GP run bash "$ROOT/bench/pageable-variants.sh" "$P"
	grep -Eq '^chunk=4 +h2d +268435456 +chunk__$' <<<"$output"
	grep -Eq '^malloc,sync +h2d +268435456 +malloc_sync$' <<<"$output"
}
