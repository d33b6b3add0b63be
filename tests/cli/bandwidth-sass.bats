#!/usr/bin/env bats
# The stream kernels compile to what peak bandwidth needs (checked in the sm_90 SASS
# of the build): 16-byte accesses, and all of an iteration's loads before its first store.

load lib

OBJ=$BATS_TEST_DIRNAME/../../build/kernels/bandwidth.o

# The sm_90 SASS of the build in $out.  cuobjdump and nvdisasm come from the
# toolkit or from NVIDIA's PyPI wheels (cuda-tool.sh; .ci/run installs them).
sass() {
	local tool=$BATS_TEST_DIRNAME/cuda-tool.sh cuobjdump nvdisasm
	cuobjdump=$("$tool" cuobjdump 2>&1) || skip "$cuobjdump"
	nvdisasm=$("$tool" nvdisasm 2>&1) || skip "$nvdisasm (cuobjdump -sass needs it)"
	[ -f "$OBJ" ] || { echo "$OBJ not built: run make"; return 1; }
	# an object built without sm_90 (GPU_ARCHS) has nothing to read here
	"$cuobjdump" -lelf "$OBJ" | grep -q 'sm_90' || skip "the build has no sm_90 code (GPU_ARCHS)"
	out=$BATS_TEST_TMPDIR/sass.txt
	NVDISASM_PATH=$(dirname "$nvdisasm") "$cuobjdump" -sass -arch sm_90 "$OBJ" >"$out" ||
		{ echo "cuobjdump -sass failed"; return 1; }
	grep -q 'Function : ' "$out" || { echo "cuobjdump printed no SASS"; return 1; }
}

# Instructions of kernel stream_kernel<float4, U, K> up to its first store: "LDG n STG m".
before_first_store() {
	awk -v pat="stream_kernelI6float4Li$1ELi$2E" '
		/Function : / { f = ($0 ~ pat); next }
		f && /STG\.E\.128/ && !done { done = 1; stg = 1 }
		f && !done && /LDG\.E\.128/ { ldg++ }
		f && done && /STG\.E\.128/ { stg_all++ }
		END { print ldg + 0, stg_all + 0 }' "$out"
}

@test "bandwidth SASS: 16-byte loads all issued before the first 16-byte store" {
	sass
	# kernel ids: 0 read 1 write 2 copy 3 scale 4 add 5 triad; inputs per kernel
	inputs=(1 0 1 1 2 2)
	for k in 2 3 4 5; do
		for u in 2 4 8 16; do
			read -r ldg stg <<<"$(before_first_store $u $k)"
			want=$((u * ${inputs[$k]}))
			[ "$ldg" -ge "$want" ] || { echo "kernel $k unroll $u: $ldg LDG.E.128 before the first store, want $want"; return 1; }
			[ "$stg" -ge "$u" ] || { echo "kernel $k unroll $u: $stg STG.E.128"; return 1; }
		done
	done
}

@test "bandwidth SASS: read uses 16-byte loads and write 16-byte stores, no local memory" {
	sass
	for u in 1 4 16; do
		n=$(awk -v pat="stream_kernelI6float4Li${u}ELi0E" '/Function : / { f = ($0 ~ pat); next } f && /LDG\.E\.128/ { n++ } END { print n + 0 }' "$out")
		[ "$n" -ge "$u" ] || { echo "read unroll $u: $n LDG.E.128"; return 1; }
		n=$(awk -v pat="stream_kernelI6float4Li${u}ELi1E" '/Function : / { f = ($0 ~ pat); next } f && /STG\.E\.128/ { n++ } END { print n + 0 }' "$out")
		[ "$n" -ge "$u" ] || { echo "write unroll $u: $n STG.E.128"; return 1; }
	done
	! awk '/Function : / { f = /stream_kernel/; next } f && /(LDL|STL)/' "$out" | grep -q .
}
