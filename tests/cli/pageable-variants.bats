#!/usr/bin/env bats
# bench/pageable-variants.sh without a GPU: the experiment builds and, with
# no driver, fails with a message instead of printing figures; with fakes of
# the experiment, bandwidthTest and gpuperf, the distributions over the runs
# are what a hand calculation gives, per variant and per gpuperf switch.

bats_require_minimum_version 1.5.0

ROOT=$BATS_TEST_DIRNAME/../..
CUDA=${CUDA_HOME:-/usr/local/cuda}

setup() {
	P=$BATS_TEST_TMPDIR/peers
	mkdir -p "$P"
	N=$BATS_TEST_TMPDIR/n  # calls so far, so a fake can answer run by run
	# bandwidthTest: 32 MB unless given the 256 MiB range; h2d 7.0, 7.2, 7.4... by call
	cat >"$P/bandwidthTest" <<EOF
#!/bin/bash
c=\$(cat "$N.bwt" 2>/dev/null || echo 0); echo \$((c + 1)) >"$N.bwt"
h=\$(awk -v c=\$c 'BEGIN { printf "%.1f", 7 + 0.2 * c }')
case "\$*" in
*range*) s=268435456 ;;
*) s=32000000 ;;
esac
echo "bandwidthTest-H2D-Paged, Bandwidth = \$h GB/s, Time = 0.03486 s, Size = \$s bytes, NumDevsUsed = 1"
echo "bandwidthTest-D2H-Paged, Bandwidth = 9.6 GB/s, Time = 0.02796 s, Size = \$s bytes, NumDevsUsed = 1"
EOF
	chmod +x "$P/bandwidthTest"
	# gpuperf: h2d 7.1 with flush, else 15, 8, 12, 9, 10 by run; spread 40 % (default), 5 % (flush)
	GP=$BATS_TEST_TMPDIR/gpuperf
	cat >"$GP" <<EOF
#!/bin/bash
c=\$(cat "$N.gp.\$GPUPERF_PCIE_VARIANT" 2>/dev/null || echo 0); echo \$((c + 1)) >"$N.gp.\$GPUPERF_PCIE_VARIANT"
v=(15 8 12 9 10)
h=\${v[\$c]}; sp=40
case "\$GPUPERF_PCIE_VARIANT" in *flush*) h=7.1; sp=5 ;; esac
echo 'device,direction,memory,size_bytes,spread_pct,bandwidth_gbs'
for s in 32000000 268435456; do
	echo "H200,h2d,pageable,\$s,\$sp,\$h"
	echo "H200,d2h,pageable,\$s,3,9.0"
done
EOF
	chmod +x "$GP"
	# the experiment: samples of run k (its call count): gp 10+k, 20+k; bwt 5, 7
	V=$BATS_TEST_TMPDIR/variants
	cat >"$V" <<EOF
#!/bin/bash
c=\$(cat "$N.v" 2>/dev/null || echo 0); echo \$((c + 1)) >"$N.v"
echo '# H200, driver 13000, runtime 13000; 1 rounds x 2 repetitions per variant'
echo '# THP: always [madvise] never; GPU-local CPUs found; CPUs usable: 16'
echo 'size dir variant median ...'
echo "sample,32000000,h2d,gp,\$((10 + c))"
echo "sample,32000000,h2d,gp,\$((20 + c))"
echo "sample,32000000,h2d,bwt,5"
echo "sample,32000000,h2d,bwt,7"
EOF
	chmod +x "$V"
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
	run -2 build/bench/pageable-variants -v gp,nonesuch
	[[ "$output" == *"no variant 'nonesuch'"* ]]
}

@test "pageable-variants: the variants pooled over the runs, bandwidthTest and gpuperf by switch" {
	RUNS=3 BWT_BIG_RUNS=1 PAGEABLE_SWITCHES="default flush" PAGEABLE_VARIANTS_BIN=$V PEERS_GPUPERF=$GP \
		run bash "$ROOT/bench/pageable-variants.sh" "$P"
	echo "$output"
	[ "$status" -eq 0 ]
	# gp's six samples 10, 20, 11, 21, 12, 22: median (12 + 20) / 2 = 16, fastest 22, slowest
	# 10; the runs' medians 15, 16, 17; against bwt's median 6: 2.667
	grep -Eq '^32000000 +h2d +gp +16\.00 +22\.00 +10\.00 +6 +15\.00 +17\.00 +2\.667$' <<<"$output"
	grep -Eq '^32000000 +h2d +bwt +6\.00 +7\.00 +5\.00 +6 +6\.00 +6\.00 +1\.000$' <<<"$output"
	# bandwidthTest's calls: run 1 at 32 MB (7.0) and 256 MiB (7.2), run 2 (7.4), run 3 (7.6)
	grep -Eq '^bandwidthTest +h2d +32000000 +7\.40 +7\.00 +7\.60 ' <<<"$output"
	grep -Eq '^bandwidthTest +h2d +268435456 +7\.20 +7\.20 +7\.20 ' <<<"$output"
	# gpuperf default: 15, 8, 12 against 7.0, 7.4, 7.6: every run ahead; spread 40 %
	grep -Eq '^gpuperf default +h2d +32000000 +12\.00 +8\.00 +15\.00 +40\.00 +40\.00 +3/3$' <<<"$output"
	# at 256 MiB only run 1 has bandwidthTest's figure
	grep -Eq '^gpuperf default +h2d +268435456 +12\.00 +8\.00 +15\.00 +40\.00 +40\.00 +1/1$' <<<"$output"
	# flush: 7.1 against 7.0, 7.4, 7.6: ahead in run 1 only
	grep -Eq '^gpuperf flush +h2d +32000000 +7\.10 +7\.10 +7\.10 +5\.00 +5\.00 +1/3$' <<<"$output"
	# d2h: 9.0 against bandwidthTest's 9.6 in every run
	grep -Eq '^gpuperf flush +d2h +32000000 +9\.00 +9\.00 +9\.00 +3\.00 +3\.00 +0/3$' <<<"$output"
	[[ "$output" == *"# THP: always [madvise] never"* ]]
}

@test "pageable-variants: a failed data check fails the run and shows it" {
	printf 'echo "32000000   h2d  gp   1.0 1.0 1.0 1.0 4 1.000 1.000  BAD   gp"\nexit 1\n' >>"$V"
	RUNS=1 PAGEABLE_SWITCHES=default PAGEABLE_VARIANTS_BIN=$V PEERS_GPUPERF=$GP \
		run bash "$ROOT/bench/pageable-variants.sh" "$P"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"pageable-variants failed in run 1:"* ]]
	grep -Eq '^32000000 +h2d +gp .* BAD +gp$' <<<"$output"
}
