#!/usr/bin/env bats
# The instructions named (profile/disasm.c): the library writes each pc
# record's encoding, gpuperf has nvdisasm name it.  Here the encodings come
# from tests/apps/transpose.cu built now with nvcc (sm_90, -lineinfo, as
# the H200 run of tests/fixtures/profile-where-transpose.records was), put
# into that run's pc records by offset; the reference is cuobjdump -sass of
# the same cubin (NVIDIA's listing, not gpuperf's reading).

load lib
bats_require_minimum_version 1.5.0

ROOT=$BATS_TEST_DIRNAME/../..
FIXTURE=$ROOT/tests/fixtures/profile-where-transpose.records
KERNEL=_Z15transpose_naivePfPKfi

setup() {
	command -v nvcc >/dev/null 2>&1 || skip "nvcc is not installed"
	nvdisasm=$("$BATS_TEST_DIRNAME/cuda-tool.sh" nvdisasm 2>&1) || skip "$nvdisasm"
	cuobjdump=$("$BATS_TEST_DIRNAME/cuda-tool.sh" cuobjdump 2>&1) || skip "$cuobjdump"
	cubin=$BATS_TEST_TMPDIR/t.cubin
	nvcc -cubin -arch=sm_90 -lineinfo -I"$ROOT/tests/apps" -o "$cubin" "$ROOT/tests/apps/transpose.cu"
	records=$BATS_TEST_TMPDIR/with-code.records
	# each pc record's 16 bytes at its offset in the kernel's .text section, as code=HEX
	python3 - "$cubin" "$FIXTURE" "$KERNEL" >"$records" <<'PY'
import struct, sys
cubin, fixture, kernel = sys.argv[1:]
b = open(cubin, 'rb').read()
shoff, = struct.unpack_from('<Q', b, 0x28)
size, num, strndx = struct.unpack_from('<HHH', b, 0x3a)
secs = [struct.unpack_from('<IIQQQQ', b, shoff + i * size) for i in range(num)]
names = secs[strndx][4]
def name(s): return b[names + s[0]:b.index(b'\0', names + s[0])].decode()
text = next(b[s[4]:s[4] + s[5]] for s in secs if name(s) == '.text.' + kernel)
for line in open(fixture):
    if line.startswith('pc ') and ' kernel=%s ' % kernel in line:
        off = int(line.split(' offset=')[1].split()[0])
        line = line.rstrip('\n') + ' code=' + text[off:off + 16].hex() + '\n'
    sys.stdout.write(line)
PY
	REPLAY=(sh -c 'cat "$1" >>"$GPUPERF_PROFILE_PATH"' sh "$records")
}

# listed OFFSET: cuobjdump's instruction at OFFSET (hex, 4 digits) of the kernel
listed() {
	"$cuobjdump" -sass -fun "$KERNEL" "$cubin" |
		sed -n "s|.*/\*$1\*/ *\(.*[^ ]\) *;.*|\1|p" | head -n 1
}

@test "profile --by instruction: each instruction named as cuobjdump lists it" {
	cd "$BATS_TEST_TMPDIR"
	run_split env PATH="$(dirname "$nvdisasm"):$PATH" CUDA_HOME=/nonexistent \
		"$GPUPERF" --csv -o i.csv profile --by instruction -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[ "$(listed 0150)" = "STG.E desc[UR4][R4.64], R11" ]
	run python3 - i.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    print(r['offset'], r['sass'])
PY
	echo "$output"
	[ "${#lines[@]}" -eq 8 ]
	for l in "${lines[@]}"; do
		off=$(printf '%04x' "$(( ${l%% *} ))")
		[ "${l#* }" = "$(listed "$off")" ]
	done
}

@test "profile: the verdict names the opcode, the CSV the instruction" {
	cd "$BATS_TEST_TMPDIR"
	run_split env PATH="$(dirname "$nvdisasm"):$PATH" CUDA_HOME=/nonexistent \
		"$GPUPERF" --csv -o p.csv profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	run python3 - p.csv <<'PY'
import csv, sys
r = next(csv.DictReader(open(sys.argv[1], newline='')))
print(r['where_sass'])
print(r['verdict_text'])
PY
	[ "${lines[0]}" = "$(listed 0150)" ]
	[[ "${lines[1]}" == *"the worst, STG.E (4 bytes a thread) at 0x150, 25 %" ]]
}

@test "profile without nvdisasm: the instructions by offset, and a note says why" {
	cd "$BATS_TEST_TMPDIR"
	run_split env PATH=/usr/bin:/bin CUDA_HOME=/nonexistent \
		"$GPUPERF" --csv -o p.csv profile -- "${REPLAY[@]}"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"nvdisasm (the CUDA toolkit's) is not on PATH nor in \$CUDA_HOME/bin"* ]]
	run python3 - p.csv <<'PY'
import csv, sys
r = next(csv.DictReader(open(sys.argv[1], newline='')))
print(repr(r['where_sass']), r['verdict_text'].endswith('the worst, STG (4 bytes a thread) at 0x150, 25 %'))
PY
	[ "$output" = "'' True" ]
}
