#!/usr/bin/env bats
# The roofline kernels compile to what their rows name (checked in the sm_90
# and sm_90a SASS of the build): full FMA loops, the tensor instructions,
# wgmma with one commit group in flight and never serialized, no local memory.

load lib

OBJ=$BATS_TEST_DIRNAME/../../build/kernels/roofline.o
OBJ90A=$BATS_TEST_DIRNAME/../../build/kernels/roofline-sm90a.o

# sass OBJ ARCH: the object's SASS for ARCH in $out.  cuobjdump and nvdisasm
# come from the toolkit or NVIDIA's PyPI wheels (cuda-tool.sh; .ci/run
# installs them); it skips only where they are missing or the build has no
# code for ARCH (GPU_ARCHS), and fails where they cannot read what is there.
sass() {
	local tool=$BATS_TEST_DIRNAME/cuda-tool.sh cuobjdump nvdisasm
	cuobjdump=$("$tool" cuobjdump 2>&1) || skip "$cuobjdump"
	nvdisasm=$("$tool" nvdisasm 2>&1) || skip "$nvdisasm (cuobjdump -sass needs it)"
	[ -f "$1" ] || skip "$(basename "$1") is not built (GPU_ARCHS without its architecture)"
	"$cuobjdump" -lelf "$1" | grep -q "$2" || skip "the build has no $2 code (GPU_ARCHS)"
	out=$BATS_TEST_TMPDIR/$2.sass
	NVDISASM_PATH=$(dirname "$nvdisasm") "$cuobjdump" -sass -arch "$2" "$1" >"$out" ||
		{ echo "cuobjdump -sass failed on $1"; return 1; }
	grep -q 'Function : ' "$out" || { echo "cuobjdump printed no $2 SASS"; return 1; }
}

# count KERNEL-PATTERN INSTRUCTION-REGEX: instructions matching in that kernel's SASS.
count() {
	awk -v k="$1" -v i="$2" '
		/Function : / { f = ($0 ~ k); next }
		f { line = $0; sub(/;.*/, "", line); if (line ~ i) n++ }
		END { print n + 0 }' "$out"
}

@test "roofline SASS: FMA loops of 512 DFMA, FFMA and HFMA2 at least" {
	sass "$OBJ" sm_90
	[ "$(count 'fma_kernelIdE' ' DFMA ')" -ge 512 ]
	[ "$(count 'fma_kernelIfE' ' FFMA ')" -ge 512 ]
	# ptxas issues half of the HFMA2 on the MMA pipe as HFMA2.MMA
	[ "$(count 'fma_kernelI7__half2E' ' HFMA2(\.MMA)? ')" -ge 512 ]
	# the loop keeps them all: nothing but its counter, compare and branch among them
	[ "$(count 'fma_kernelIfE' ' (FADD|FMUL|HADD2|DADD) ')" -le 16 ]
}

@test "roofline SASS: mma.sync kernels issue their tensor instructions, 32 per loop at least" {
	sass "$OBJ" sm_90
	[ "$(count 'mma_kernelINS_7mma_f16E' 'HMMA\.16816\.F32 ')" -ge 32 ]
	[ "$(count 'mma_kernelINS_8mma_bf16E' 'HMMA\.16816\.F32\.BF16')" -ge 32 ]
	[ "$(count 'mma_kernelINS_8mma_tf32E' 'HMMA\.1688\.F32\.TF32')" -ge 32 ]
	[ "$(count 'mma_kernelINS_6mma_s8E' 'IMMA\.16832\.S8\.S8')" -ge 32 ]
	[ "$(count 'mma_kernelINS_7mma_f64E' 'DMMA\.8x8x4 ')" -ge 32 ]
	# Hopper's FP64 ceiling: the m16n8k16 shape, one DMMA.16x8x16 each
	[ "$(count 'mma_kernelINS_11mma_f64_k16E' 'DMMA\.16x8x16 ')" -ge 32 ]
	[ "$(count 'mma_kernelINS_11mma_f64_k16E' 'DMMA\.8x8x4 ')" -eq 0 ]
	# sm_90 has no native e4m3 mma.sync: the kernel is built empty, never an emulation
	[ "$(count 'mma_kernelINS_8mma_e4m3E' 'MMA')" -eq 0 ]
}

@test "roofline SASS: no roofline kernel uses local memory" {
	sass "$OBJ" sm_90
	[ "$(count '(fma|mma)_kernel' '(LDL|STL)')" -eq 0 ]
	sass "$OBJ90A" sm_90a
	[ "$(count 'wgmma_kernel' '(LDL|STL)')" -eq 0 ]
}

@test "roofline SASS: wgmma kernels issue HGMMA, IGMMA and QGMMA, one commit group in flight" {
	sass "$OBJ90A" sm_90a
	[ "$(count 'wgmma_kernelINS_6wg_f16E' 'HGMMA\.64x256x16\.F32 ')" -ge 4 ]
	[ "$(count 'wgmma_kernelINS_7wg_bf16E' 'HGMMA\.64x256x16\.F32\.BF16 ')" -ge 4 ]
	[ "$(count 'wgmma_kernelINS_7wg_tf32E' 'HGMMA\.64x256x8\.F32\.TF32 ')" -ge 4 ]
	[ "$(count 'wgmma_kernelINS_5wg_s8E' 'IGMMA\.64x256x32\.S8\.S8 ')" -ge 4 ]
	[ "$(count 'wgmma_kernelINS_7wg_e4m3E' 'QGMMA\.64x256x32\.F32\.E4M3\.E4M3 ')" -ge 4 ]
	for k in wg_f16 wg_bf16 wg_tf32 wg_s8 wg_e4m3; do
		# ptxas serializes wgmma by waiting for zero groups after each: only the window's
		# end (where its values are checked) may
		[ "$(count "wgmma_kernelINS_[0-9]*${k}E" 'WARPGROUP\.DEPBAR\.LE gsb0, 0x0')" -eq 1 ] ||
			{ echo "$k: wgmma serialized"; return 1; }
		[ "$(count "wgmma_kernelINS_[0-9]*${k}E" 'WARPGROUP\.DEPBAR\.LE gsb0, 0x1')" -ge 1 ]
	done
}

@test "roofline SASS: a window's first wgmma restarts from zero (scale-d from a predicate), the rest add" {
	sass "$OBJ90A" sm_90a
	for k in wg_f16 wg_bf16 wg_tf32 wg_s8 wg_e4m3; do
		# scale-d is the operand after the accumulators: a predicate where it can be 0
		[ "$(count "wgmma_kernelINS_[0-9]*${k}E" 'GMMA\..*, R[0-9]+, !?U?P[0-9]')" -ge 1 ] ||
			{ echo "$k: no wgmma takes scale-d at run time"; return 1; }
		[ "$(count "wgmma_kernelINS_[0-9]*${k}E" 'GMMA\..*, R[0-9]+( ?, gsb0)? *$')" -ge 3 ] ||
			{ echo "$k: fewer than 3 wgmma that always accumulate"; return 1; }
	done
}
