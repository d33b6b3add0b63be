#!/usr/bin/env bats
# The stream kernels compile to what peak bandwidth needs (checked in the sm_90 SASS
# of the build): 16-byte accesses, all of an iteration's loads before its first store,
# and few enough registers that a full SM of threads fits.

load lib

OBJ=$BATS_TEST_DIRNAME/../../build/kernels/bandwidth.o

# The sm_90 SASS of the build in $out.  cuobjdump and nvdisasm come from the
# toolkit or from NVIDIA's PyPI wheels (cuda-tool.sh; .ci/run installs them);
# $cuobjdump names the tool for the tests.
sass() {
	local tool=$BATS_TEST_DIRNAME/cuda-tool.sh
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

# Kernel stream_kernel<float4, U, K>: "LDG n STG m", n the most LDG.E.128 with no
# STG.E.128 between them (the unguarded path issues all of an iteration's loads
# before its first store; the guarded path for the array's end has fewer), m
# the STG.E.128 of the whole kernel.
loads_before_store() {
	awk -v pat="stream_kernelI6float4Li$1ELi$2E" '
		/Function : / { f = ($0 ~ pat); next }
		f && /LDG\.E\.128/ { run++; if (run > most) most = run }
		f && /STG\.E\.128/ { run = 0; stg++ }
		END { print most + 0, stg + 0 }' "$out"
}

@test "bandwidth SASS: 16-byte loads all issued before the first 16-byte store" {
	sass
	# kernel ids: 0 read 1 write 2 copy 3 scale 4 add 5 triad; inputs per kernel
	inputs=(1 0 1 1 2 2)
	for k in 2 3 4 5; do
		for u in 2 4 8 16; do
			read -r ldg stg <<<"$(loads_before_store $u $k)"
			want=$((u * ${inputs[$k]}))
			[ "$ldg" -ge "$want" ] || { echo "kernel $k unroll $u: at most $ldg LDG.E.128 before a store, want $want"; return 1; }
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

# Registers of stream_kernel<TYPE, U, K> in the sm_90 build.
regs() {
	"$cuobjdump" -res-usage -arch sm_90 "$OBJ" 2>/dev/null |
		awk -v pat="stream_kernelI$1Li$2ELi$3E" '/Function / { f = ($0 ~ pat); next }
			f && match($0, /REG:[0-9]+/) { print substr($0, RSTART + 4, RLENGTH - 4); exit }'
}

@test "bandwidth SASS: 16 bytes in flight per thread at any width fit 32 registers (a full SM)" {
	sass
	# An SM has 65536 registers and runs at most 2048 threads (H100 whitepaper,
	# sm_90): full occupancy needs 32 registers a thread or fewer.  At 4 bytes
	# the tail's addresses once took 40-56 (issue 42), so 4-byte kernels ran
	# at half occupancy.  Every kernel, at the default bytes per thread: 16-byte
	# accesses unroll 1, 8-byte unroll 2, 4-byte unroll 4.
	for tu in 6float4:1 6float2:2 f:4; do
		for k in 0 1 2 3 4 5; do
			r=$(regs "${tu%%:*}" "${tu#*:}" "$k")
			[ -n "$r" ] || { echo "no register count for ${tu%%:*} unroll ${tu#*:} kernel $k"; return 1; }
			[ "$r" -le 32 ] || { echo "${tu%%:*} unroll ${tu#*:} kernel $k: $r registers, over 32"; return 1; }
		done
	done
}
