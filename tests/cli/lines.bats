#!/usr/bin/env bats
# The line-table reader (occupancy/lines.c) on cubins nvcc builds now from
# tests/fixtures/lines/, checked offset by offset against nvdisasm
# --print-line-info (NVIDIA's own reading of .debug_line): every SASS
# instruction of each kernel gets the file and line nvdisasm last
# annotated above it.  tests/unit/t-lines.c takes malformed tables.

load lib

DUMP=$BATS_TEST_DIRNAME/../../build/tests/lines-dump
SRC=$BATS_TEST_DIRNAME/../fixtures/lines
KERNELS="_Z8sum_rowsPKfPfii _Z5scalePffi"

setup() {
	command -v nvcc >/dev/null 2>&1 || skip "nvcc is not installed"
	nvdisasm=$("$BATS_TEST_DIRNAME/cuda-tool.sh" nvdisasm 2>&1) || skip "$nvdisasm"
	[ -x "$DUMP" ] || { echo "build it: make build/tests/lines-dump (make test does)"; return 1; }
}

# build NAME NVCC-OPTIONS...: $BATS_TEST_TMPDIR/NAME.cubin from rows.cu
build() {
	local name=$1
	shift
	nvcc -cubin "$@" -o "$BATS_TEST_TMPDIR/$name.cubin" "$SRC/rows.cu"
}

# reference CUBIN KERNEL: "OFFSET FILE LINE" for each instruction of KERNEL,
# from nvdisasm's "//## File "F", line N" annotations ("- -" before any).
reference() {
	"$nvdisasm" --print-line-info "$1" | awk -v fn="$2" '
		$1 == ".section" { s = $2; sub(/,.*/, "", s); f = (s == ".text." fn); file = "-"; line = "-"; next }
		f && /\/\/## File "/ {
			match($0, /File "[^"]*"/); file = substr($0, RSTART + 6, RLENGTH - 7)
			match($0, /line [0-9]+/); line = substr($0, RSTART + 5, RLENGTH - 5); next }
		f && match($0, /\/\*[0-9a-f]+\*\//) { print substr($0, RSTART + 2, RLENGTH - 4), file, line }'
}

# same_as_nvdisasm CUBIN: for each kernel, the reader's row at every offset
# nvdisasm lists is the row nvdisasm annotates; nvdisasm names both files.
same_as_nvdisasm() {
	local k ref got
	for k in $KERNELS; do
		ref=$BATS_TEST_TMPDIR/ref.$k got=$BATS_TEST_TMPDIR/got.$k
		reference "$1" "$k" > "$ref"
		[ "$(wc -l < "$ref")" -ge 10 ] || { echo "$k: nvdisasm listed $(wc -l < "$ref") instructions"; return 1; }
		cut -d' ' -f1 "$ref" | "$DUMP" "$1" "$k" > "$got"
		diff "$ref" "$got" || { echo "$k: the reader differs from nvdisasm (< nvdisasm, > reader)"; return 1; }
	done
	cat "$BATS_TEST_TMPDIR"/ref.* > "$BATS_TEST_TMPDIR/all"
	grep -q '/rows\.cu [0-9]' "$BATS_TEST_TMPDIR/all"
	grep -q '/mix\.cuh [0-9]' "$BATS_TEST_TMPDIR/all"
}

@test "lines: sm_90 -lineinfo, every offset of both kernels as nvdisasm annotates it" {
	build k90 -arch=sm_90 -lineinfo
	same_as_nvdisasm "$BATS_TEST_TMPDIR/k90.cubin"
}

@test "lines: the loop's loads and the inlined header's math, at their lines" {
	build k90 -arch=sm_90 -lineinfo
	reference "$BATS_TEST_TMPDIR/k90.cubin" _Z8sum_rowsPKfPfii > "$BATS_TEST_TMPDIR/ref"
	run "$DUMP" "$BATS_TEST_TMPDIR/k90.cubin" _Z8sum_rowsPKfPfii \
		< <(grep -E '^[0-9a-f]+ ' "$BATS_TEST_TMPDIR/ref" | cut -d' ' -f1)
	[ "$status" -eq 0 ]
	# the loop's body (its load of in[]), and the two lines of the inlined mix(), by their text
	body=$(grep -n 'acc = mix(acc, in' "$SRC/rows.cu" | cut -d: -f1)
	mul=$(grep -n 'a \* b + a' "$SRC/mix.cuh" | cut -d: -f1)
	half=$(grep -n 't \* 0.5f' "$SRC/mix.cuh" | cut -d: -f1)
	[ "$(grep -c "/rows\.cu $body\$" <<<"$output")" -ge 1 ]
	[ "$(grep -c "/mix\.cuh $mul\$" <<<"$output")" -ge 1 ]
	[ "$(grep -c "/mix\.cuh $half\$" <<<"$output")" -ge 1 ]
}

@test "lines: sm_75 -lineinfo (REL relocations, the addend in place), as nvdisasm" {
	build k75 -arch=sm_75 -lineinfo
	same_as_nvdisasm "$BATS_TEST_TMPDIR/k75.cubin"
}

@test "lines: sm_90 -G (a debug build's longer table), as nvdisasm" {
	build kg -arch=sm_90 -G
	same_as_nvdisasm "$BATS_TEST_TMPDIR/kg.cubin"
}

@test "lines: a cubin built without -lineinfo gives no rows and says why" {
	build k0 -arch=sm_90
	# nvdisasm agrees there is nothing to annotate
	"$nvdisasm" --print-line-info "$BATS_TEST_TMPDIR/k0.cubin" > "$BATS_TEST_TMPDIR/k0.sass"
	[ "$(grep -c 'LDG' "$BATS_TEST_TMPDIR/k0.sass")" -ge 1 ]
	[ "$(grep -c '//## File' "$BATS_TEST_TMPDIR/k0.sass")" -eq 0 ]
	run_split "$DUMP" "$BATS_TEST_TMPDIR/k0.cubin" _Z5scalePffi < /dev/null
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == *"built without -lineinfo"* ]]
}

@test "lines: a kernel the table does not hold gives no rows, and a cut cubin an error" {
	build k90 -arch=sm_90 -lineinfo
	run_split "$DUMP" "$BATS_TEST_TMPDIR/k90.cubin" _Z6absentv < /dev/null
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no rows for _Z6absentv"* ]]
	head -c 3000 "$BATS_TEST_TMPDIR/k90.cubin" > "$BATS_TEST_TMPDIR/cut.cubin"
	run_split "$DUMP" "$BATS_TEST_TMPDIR/cut.cubin" _Z5scalePffi < /dev/null
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"outside the file"* ]]
}
