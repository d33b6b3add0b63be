#!/usr/bin/env bats
# gpuperf occupancy without a GPU: the calculator from the shell, its
# output formats, every usage error, and --binary on compiled code.

load lib

occ() { run_split "$GPUPERF" occupancy "$@"; }

# Value of column $2 in row $3 (1 = first data row) of the CSV in $1.
csv_field() {
	local c
	c=$(head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1)
	[ -n "$c" ] || { echo "no column $2" >&2; return 1; }
	awk -F, -v c="$c" -v r="$(($3 + 1))" 'NR == r { print $c }' "$1"
}

@test "occupancy: sm_90, 256 threads x 64 registers is 4 blocks, 50 %, registers bind" {
	occ --arch sm_90 --threads 256 --regs 64
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "$output" == *"active blocks per SM "*" 4"* ]]
	[[ "$output" == *"occupancy (%) "*" 50.0"* ]]
	[[ "$output" == *"limited by "*" registers"* ]]
	grep -q '^registers .*<== binds' <<<"$output"
	[ "$(grep -c '^warps .*<== binds' <<<"$output")" -eq 0 ]
	[[ "$output" == *"next step: <= 48 registers per thread would allow 5 blocks (62.5 %)"* ]]
	[[ "$output" == *"shared memory per SM: 228 KiB, the largest configuration"* ]]
	[[ "$output" == *"opt-in assumed"* ]]
}

@test "occupancy --help: it never measures; a GPU only for the current device and --check-runtime" {
	run "$GPUPERF" occupancy --help
	[ "$status" -eq 0 ]
	[[ "$output" != *"only to measure"* ]]
	[[ "$output" == *"never measures"* ]]
	[[ "$output" == *"--check-runtime."* ]]
}

@test "occupancy: the Limits and sweep tables name every column and end no line in a space" {
	for args in "" "--sweep regs" "--sweep threads" "--sweep smem"; do
		run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64 $args
		[ "$status" -eq 0 ]
		run grep -c ' $' <<<"$output"
		[ "$output" = 0 ] || { echo "$args: $output lines end in a space"; return 1; }
	done
	run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64
	[[ "$output" == *$'\nlimit          blocks/SM  binding    how\n'* ]]
	run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs
	[[ "$output" == *$'\nregs/thread  blocks/SM  warps/SM  occupancy (%)  limited by       current\n'* ]]
}

@test "occupancy: sm_88, an architecture without a known chip, says so instead of '?'" {
	run_split "$GPUPERF" occupancy --arch sm_88 --threads 256 --regs 64
	[ "$status" -eq 0 ]
	[[ "$output" == *"sm_88 (CC 8.8: no chip of it known)"* ]]
	[[ "$output" != *"?"* ]]
	[[ "$output" == *"sm_88: provisional"* ]]
}

@test "occupancy: CSV and JSON carry the text's next step and headroom" {
	args=(occupancy --arch sm_90 --threads 256 --regs 64)
	run "$GPUPERF" "${args[@]}"
	[[ "$output" == *"next step: <= 48 registers per thread would allow 5 blocks (62.5 %)"* ]]
	[[ "$output" == *"headroom: up to 56 KiB of shared memory per block keep 4 blocks"* ]]
	"$GPUPERF" --csv "${args[@]}" > "$BATS_TEST_TMPDIR/o.csv"
	"$GPUPERF" --json "${args[@]}" > "$BATS_TEST_TMPDIR/o.json"
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" next_regs_per_thread 1)" = 48 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" next_regs_blocks_per_sm 1)" = 5 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" next_regs_occupancy_pct 1)" = 62.500 ]
	[ -z "$(csv_field "$BATS_TEST_TMPDIR/o.csv" next_smem_per_block_bytes 1)" ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" headroom_regs_per_thread 1)" = 64 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" headroom_smem_per_block_bytes 1)" = 57344 ]
	run same_records "$BATS_TEST_TMPDIR/o.csv" "$BATS_TEST_TMPDIR/o.json"
	[ "$status" -eq 0 ]
	# shared memory binds: its next step too
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 128 --regs 32 --smem 48K > "$BATS_TEST_TMPDIR/s.csv"
	run "$GPUPERF" occupancy --arch sm_90 --threads 128 --regs 32 --smem 48K
	[[ "$output" == *"next step: <= 44.5 KiB (45568 B) of shared memory per block would allow 5 blocks"* ]]
	[ "$(csv_field "$BATS_TEST_TMPDIR/s.csv" next_smem_per_block_bytes 1)" = 45568 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/s.csv" next_smem_blocks_per_sm 1)" = 5 ]
}

@test "occupancy: a configuration that cannot launch has no headroom in CSV" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 1024 --regs 255 > "$BATS_TEST_TMPDIR/o.csv" 2>/dev/null
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" active_blocks_per_sm 1)" = 0 ]
	[ -z "$(csv_field "$BATS_TEST_TMPDIR/o.csv" headroom_regs_per_thread 1)" ]
	[ -z "$(csv_field "$BATS_TEST_TMPDIR/o.csv" headroom_smem_per_block_bytes 1)" ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" next_regs_per_thread 1)" = 64 ]
}

@test "occupancy: active threads are blocks x threads; the thread slots they take, warps x 32" {
	run "$GPUPERF" occupancy --arch sm_90 --threads 33 --regs 32
	[[ "$output" == *"active threads per SM                1056 (32 blocks x 33 threads)"* ]]
	[[ "$output" == *"thread slots in use per SM           2048 (64 warps x 32"* ]]
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 33 --regs 32 > "$BATS_TEST_TMPDIR/o.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" active_threads_per_sm 1)" = 1056 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" active_thread_slots_per_sm 1)" = 2048 ]
}

@test "occupancy --binary: CSV counts the PTX entries the text says it skipped" {
	c=$BATS_TEST_DIRNAME/../fuzz/corpus
	run "$GPUPERF" occupancy --binary "$c/seed.o"
	[[ "$output" == *"1 PTX entry skipped"* ]]
	run "$GPUPERF" --json occupancy --binary "$c/seed.o"
	[ "$status" -eq 0 ]
	# every row: 1 PTX entry, 0 compressed; the kernel with a block size (its bound) has its advice
	run python3 -c '
import json, sys
rows = json.loads(sys.argv[1])
print(" ".join("%s:%s,%s,%s" % (r["kernel_symbol"], r["ptx_entries_skipped"],
      r["compressed_cubins_skipped"], r["headroom_regs_per_thread"]) for r in rows))' "$output"
	[ "$output" = "_Z10seed_plainPi:1,0,None _Z9seed_tilePfi:1,0,32" ]
}

@test "occupancy --smem: 48KB is the 49152 bytes CUDA means, and a note says so" {
	run_split "$GPUPERF" --csv occupancy --arch sm_90 --threads 128 --regs 32 --smem 48KB
	[ "$status" -eq 0 ]
	echo "$output" > "$BATS_TEST_TMPDIR/kb.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/kb.csv" smem_per_block_bytes 1)" = 49152 ]
	[[ "$stderr" == *"--smem 48KB: taken as 49152 B"* ]]
	run_split "$GPUPERF" --csv occupancy --arch sm_90 --threads 128 --regs 32 --smem 48K
	echo "$output" > "$BATS_TEST_TMPDIR/k.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/k.csv" smem_per_block_bytes 1)" = 49152 ]
	[ -z "$stderr" ]
	run "$GPUPERF" occupancy --help
	[[ "$output" == *"K, KB and KiB are all 1024 bytes"* ]]
}

@test "occupancy: the classic CC 1.x cases" {
	"$GPUPERF" --csv occupancy --cc 1.0 --threads 256 --regs 10 > "$BATS_TEST_TMPDIR/a.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/a.csv" active_blocks_per_sm 1)" = 3 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/a.csv" occupancy_pct 1)" = 100.000 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/a.csv" max_warps_per_sm 1)" = 24 ]
	"$GPUPERF" --csv occupancy --cc 1.0 --threads 256 --regs 17 > "$BATS_TEST_TMPDIR/b.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/b.csv" active_blocks_per_sm 1)" = 1 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/b.csv" occupancy_pct 1)" = 33.333 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/b.csv" limiter 1)" = registers ]
	"$GPUPERF" --csv occupancy --cc 1.0 --threads 128 --regs 17 > "$BATS_TEST_TMPDIR/c.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/c.csv" active_blocks_per_sm 1)" = 3 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/c.csv" active_warps_per_sm 1)" = 12 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/c.csv" occupancy_pct 1)" = 50.000 ]
}

@test "occupancy: --arch accepts sm_XY, sm_XYa, X.Y and XY alike" {
	for a in sm_86 sm_86a 8.6 86 compute_86; do
		run "$GPUPERF" --csv occupancy --arch "$a" --threads 128 --regs 46 --smem 2K
		[ "$status" -eq 0 ]
		[[ "${lines[1]}" == ,8.6,,,,,sm_86,128,46,2048,* ]]
	done
}

@test "occupancy: CSV has the issue's columns, named exactly so, and one row" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 256 --regs 64 > "$BATS_TEST_TMPDIR/o.csv"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/o.csv")" -eq 2 ]
	header=$(head -n 1 "$BATS_TEST_TMPDIR/o.csv")
	[[ "$header" == device,cc,* ]]
	for c in arch threads_per_block regs_per_thread smem_per_block_bytes active_blocks_per_sm \
		 active_warps_per_sm active_threads_per_sm max_warps_per_sm occupancy_pct limiter \
		 blocks_limit_warps blocks_limit_blocks blocks_limit_regs blocks_limit_smem; do
		tr ',' '\n' <<<"$header" | grep -qx "$c" || { echo "missing $c"; return 1; }
	done
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" blocks_limit_warps 1)" = 8 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" blocks_limit_regs 1)" = 4 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" blocks_limit_smem 1)" = 228 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/o.csv" smem_per_block_alloc_bytes 1)" = 1024 ]
	[ -z "$(csv_field "$BATS_TEST_TMPDIR/o.csv" device 1)" ]
	[ -z "$(csv_field "$BATS_TEST_TMPDIR/o.csv" carveout_pct 1)" ]
}

@test "occupancy: every CSV column is one --list-columns names" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs > "$BATS_TEST_TMPDIR/s.csv"
	known=$("$GPUPERF" --list-columns occupancy)
	for c in $(head -n 1 "$BATS_TEST_TMPDIR/s.csv" | tr ',' ' '); do
		grep -qx "$c" <<<"$known" || { echo "undeclared column $c"; return 1; }
	done
}

@test "occupancy: JSON is an array of one object with the same keys" {
	run "$GPUPERF" --json occupancy --arch sm_80 --threads 192 --regs 40 --smem 10000
	[ "$status" -eq 0 ]
	python3 - "$output" <<-'EOF'
	import json, sys
	rows = json.loads(sys.argv[1])
	assert isinstance(rows, list) and len(rows) == 1, rows
	r = rows[0]
	assert r["arch"] == "sm_80" and r["cc"] == "8.0" and r["device"] is None, r
	assert r["threads_per_block"] == 192 and r["regs_per_thread"] == 40, r
	assert r["smem_per_block_alloc_bytes"] == 11136, r   # 10000 + 1024 in 128-byte units
	assert r["active_blocks_per_sm"] == min(r["blocks_limit_warps"], r["blocks_limit_blocks"],
	                                        r["blocks_limit_regs"], r["blocks_limit_smem"]), r
	assert r["blocks_limit_barriers"] is None, r
	EOF
	# every column of the CSV, the last one included, is a key, in order
	echo "$output" > "$BATS_TEST_TMPDIR/o.json"
	"$GPUPERF" --csv occupancy --arch sm_80 --threads 192 --regs 40 --smem 10000 > "$BATS_TEST_TMPDIR/o.csv"
	run same_records "$BATS_TEST_TMPDIR/o.csv" "$BATS_TEST_TMPDIR/o.json"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "occupancy: ties name every binding limit" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 256 --regs 32 > "$BATS_TEST_TMPDIR/t.csv"
	[ "$(csv_field "$BATS_TEST_TMPDIR/t.csv" limiter 1)" = "warps+registers" ]
}

@test "occupancy: a carveout preference too small for one block is overridden, and said so" {
	occ --arch 8.6 --threads 128 --regs 46 --smem 2K --carveout 0
	[ "$status" -eq 0 ]
	[[ "$output" == *"carveout 0 % is the 0 B configuration, too small for one block: the driver takes 8 KiB"* ]]
	[[ "$output" == *"active blocks per SM "*" 2"* ]]
}

@test "occupancy: a configuration that cannot launch is 0 blocks, a warning and exit 0" {
	occ --arch sm_90 --threads 1024 --regs 128
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"gpuperf: warning:"*"cannot launch on sm_90"*"registers"* ]]
	[[ "$output" == *"active blocks per SM "*" 0"* ]]
	[[ "$output" == *"occupancy (%) "*" 0.0"* ]]
	[[ "$output" == *"next step: <= 64 registers per thread would allow 1 block (50.0 %)"* ]]
	run_split "$GPUPERF" --csv occupancy --arch sm_90 --threads 64 --regs 32 --smem 228K
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"shared memory"* ]]
	[[ "${lines[1]}" == *",0,0,0,64,0.000,shared_memory,"* ]]
}

@test "occupancy: unknown architecture is a usage error listing the known ones" {
	assert_usage_error occupancy --arch sm_99 --threads 128 --regs 32
	[[ "$stderr" == *"unknown architecture 'sm_99'"* ]]
	[[ "$stderr" == *"sm_10, sm_11,"* ]]
	[[ "$stderr" == *"sm_90, sm_100, sm_103, sm_110, sm_120, sm_121"* ]]
	assert_usage_error occupancy --cc 8.5 --threads 128 --regs 32
	assert_usage_error occupancy --arch sm_90x --threads 128 --regs 32
}

@test "occupancy: usage errors exit 2 with nothing on stdout" {
	assert_usage_error occupancy --arch sm_90
	assert_usage_error occupancy --arch sm_90 --threads 128
	assert_usage_error occupancy --arch sm_90 --regs 32
	assert_usage_error occupancy --arch sm_90 --threads 0 --regs 32
	assert_usage_error occupancy --arch sm_90 --threads 1025 --regs 32
	assert_usage_error occupancy --arch sm_13 --threads 513 --regs 32
	assert_usage_error occupancy --arch sm_90 --threads 12x --regs 32
	assert_usage_error occupancy --arch sm_90 --threads -1 --regs 32
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 0
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 256
	assert_usage_error occupancy --arch sm_30 --threads 128 --regs 64
	assert_usage_error occupancy --arch sm_10 --threads 128 --regs 125
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --smem -1
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --smem 4Q
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --smem 2G
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --carveout 101
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --carveout -1
	assert_usage_error occupancy --arch sm_61 --threads 128 --regs 32 --carveout 50
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --barriers 17
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --sweep blocks
	assert_usage_error occupancy --arch sm_90 --cc 9.0 --threads 128 --regs 32
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 extra
	assert_usage_error occupancy --arch sm_90 --threads 128 --regs 32 --bogus
	assert_usage_error occupancy --function k
	assert_usage_error occupancy --binary "$GPUPERF" --regs 32
	assert_usage_error occupancy --binary "$GPUPERF" --barriers 2
	assert_usage_error occupancy --binary "$GPUPERF" --sweep regs
	assert_usage_error occupancy --check-runtime --arch sm_90
	assert_usage_error occupancy --check-runtime --threads 128
}

@test "occupancy: --carveout default and explicit values are accepted" {
	run "$GPUPERF" --csv occupancy --arch sm_90 --threads 128 --regs 32 --smem 10K --carveout 50
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == *",50,1,"*",135168,"* ]]
	run "$GPUPERF" occupancy --arch sm_90 --threads 128 --regs 32 --carveout default
	[ "$status" -eq 0 ]
}

@test "occupancy: without --arch and without a GPU it is exit 3 with a hint" {
	if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
		skip "a GPU is present"
	fi
	occ --threads 128 --regs 32
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[[ "$stderr" == *"--arch"* ]]
}

@test "occupancy: --sweep regs has a row per register count and marks the current one" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs > "$BATS_TEST_TMPDIR/r.csv"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/r.csv")" -eq 256 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/r.csv" current 64)" = 1 ]
	[ "$(awk -F, 'NR > 1 { n += $NF } END { print n }' "$BATS_TEST_TMPDIR/r.csv")" = 1 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/r.csv" active_blocks_per_sm 40)" = 6 ]
	[ "$(csv_field "$BATS_TEST_TMPDIR/r.csv" active_blocks_per_sm 255)" = 1 ]
}

@test "occupancy: --sweep threads and smem in CSV; the chart in the terminal" {
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 100 --regs 32 --sweep threads > "$BATS_TEST_TMPDIR/t.csv"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/t.csv")" -eq 34 ]  # 32 warp multiples, 100, header
	"$GPUPERF" --csv occupancy --arch sm_90 --threads 128 --regs 32 --sweep smem > "$BATS_TEST_TMPDIR/s.csv"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/s.csv")" -eq 1818 ]  # 0 to 227 KiB by 128 B, header
	run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64 --sweep regs
	[ "$status" -eq 0 ]
	[[ "$output" == *"occupancy vs registers per thread (* = current)"* ]]
	grep -Eq '^ +64 \* \| #+ +50\.0 %$' <<<"$output"  # the table's decimals
	grep -Eq '^33-40 +6 +48 +75.0 +registers' <<<"$output"
	grep -Eq '^64 .*<== current' <<<"$output"
}

@test "occupancy: every architecture of the table computes" {
	for a in 1.0 1.1 1.2 1.3 2.0 2.1 3.0 3.2 3.5 3.7 5.0 5.2 5.3 6.0 6.1 6.2 7.0 7.2 7.5 \
		 8.0 8.6 8.7 8.8 8.9 9.0 10.0 10.3 11.0 12.0 12.1; do
		run "$GPUPERF" --csv occupancy --cc "$a" --threads 128 --regs 32 --smem 1K
		[ "$status" -eq 0 ] || { echo "$a: $output"; return 1; }
		[[ "${lines[1]}" == ,"$a",* ]]
	done
}

# ---- --binary ----

@test "occupancy --binary: malformed, truncated and non-CUDA files are clear errors" {
	d=$BATS_TEST_TMPDIR
	printf 'hello\n' > "$d/text"
	: > "$d/empty"
	head -c 100 "$GPUPERF" > "$d/truncated-elf"
	printf '\x50\xed\x55\xba\x01\x00\x10\x00\xff\xff\xff\x00\x00\x00\x00\x00' > "$d/bad-fatbin"
	head -c 30 "$BATS_TEST_DIRNAME/../fuzz/corpus/seed-sm90.cubin" > "$d/short-cubin"
	head -c 2000 "$BATS_TEST_DIRNAME/../fuzz/corpus/seed-sm90.cubin" > "$d/cut-cubin"
	for f in text empty truncated-elf bad-fatbin short-cubin cut-cubin; do
		run_split timeout 10 "$GPUPERF" occupancy --binary "$d/$f"
		[ "$status" -eq 1 ] || { echo "$f: status $status, stderr $stderr"; return 1; }
		[ -z "$output" ]
		[[ "$stderr" == "gpuperf: error: '$d/$f': "* ]] || { echo "$f: $stderr"; return 1; }
	done
	run_split "$GPUPERF" occupancy --binary /bin/sh
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"no CUDA code found"* ]]
}

@test "occupancy --binary: a file that is not there, not regular or unreadable is a usage error (2)" {
	d=$BATS_TEST_TMPDIR
	mkfifo "$d/fifo"
	printf 'x' > "$d/secret"
	chmod 000 "$d/secret"
	files=(nonexistent . fifo)
	# root reads a file of mode 000: that case only where the mode bites
	[ -r "$d/secret" ] || files+=(secret)
	for f in "${files[@]}"; do
		run_split timeout 10 "$GPUPERF" occupancy --binary "$d/$f"
		[ "$status" -eq 2 ] || { echo "$f: status $status, stderr $stderr"; return 1; }
		[ -z "$output" ]
		[[ "$stderr" == "gpuperf: error: --binary: '$d/$f': "* ]] || { echo "$f: $stderr"; return 1; }
	done
	# before any GPU: without --arch, no device is looked for
	run_split "$GPUPERF" occupancy --binary "$d/nonexistent" --threads 64
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"No such file or directory"* ]]
}

@test "occupancy --binary: the fuzz seeds parse with their known resources" {
	c=$BATS_TEST_DIRNAME/../fuzz/corpus
	run "$GPUPERF" --csv occupancy --binary "$c/seed-sm90.cubin" --function seed_tile
	[ "$status" -eq 0 ]
	# regs 10, static 512 B (the cubin's 1536 less the reserved KiB), bound 128, 1 barrier
	[[ "${lines[1]}" == ,9.0,,,,,sm_90,\"seed_tile\(float\*,\ int\)\",_Z9seed_tilePfi,10,512,0,128,128,512,,1,* ]]
	run "$GPUPERF" --csv occupancy --binary "$c/seed.fatbin" --function _Z10seed_plainPi --threads 64
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == ,8.0,,,,,sm_80,seed_plain\(int\*\),_Z10seed_plainPi,8,0,0,,64,* ]]
	run "$GPUPERF" --csv occupancy --binary "$c/seed.o"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "occupancy --binary: --function that is not there lists the kernels" {
	assert_usage_error occupancy --binary "$BATS_TEST_DIRNAME/../fuzz/corpus/seed.o" --function nosuch
	[[ "$stderr" == *"matches 'nosuch'"* ]]
	[[ "$stderr" == *"it holds 2 kernels: 'seed_plain(int*)', 'seed_tile(float*, int)'" ]]
}

@test "occupancy --binary: --function takes a POSIX extended regex, as profile --kernel does" {
	c=$BATS_TEST_DIRNAME/../fuzz/corpus
	kernels() { tail -n +2 | python3 -c 'import csv, sys; print(" ".join(r[8] for r in csv.reader(sys.stdin)))'; }
	run bash -c '"$0" --csv occupancy --binary "$1" --function seed_ | tail -n +2 | wc -l' "$GPUPERF" "$c/seed.o"
	[ "$output" = 2 ]
	run bash -c '"$0" --csv occupancy --binary "$1" --function "^seed_t.*int\)$"' "$GPUPERF" "$c/seed.o"
	[ "$status" -eq 0 ]
	[ "$(kernels <<<"$output")" = _Z9seed_tilePfi ]
	# an exact name, mangled or demangled, still names its kernel
	for f in _Z10seed_plainPi 'seed_plain(int*)' '_Z9seed_tile' 'seed_tile(float*, int)'; do
		run "$GPUPERF" --csv occupancy --binary "$c/seed.o" --function "$f"
		[ "$status" -eq 0 ]
		[ "${#lines[@]}" -eq 2 ] || { echo "$f: ${#lines[@]} lines"; return 1; }
	done
	# a pattern that does not compile: a usage error before the file is read
	assert_usage_error occupancy --binary /nonexistent --function '(' --arch sm_90
	[[ "$stderr" == *"--function: '(' is not a regular expression"* ]]
}

@test "occupancy --binary: --function without a match in a file of many kernels: a count and whole names" {
	assert_usage_error occupancy --binary "$GPUPERF" --function nosuchkernel
	[[ "$stderr" =~ it\ holds\ ([0-9]+)\ kernels,\ the\ first\ 5:\ (.*)\ and\ ([0-9]+)\ more$ ]]
	total=${BASH_REMATCH[1]} shown=${BASH_REMATCH[2]} more=${BASH_REMATCH[3]}
	[ "$total" -gt 20 ]
	[ "$more" -eq $((total - 5)) ]
	# five names, each whole: quoted, with its parameter list closed
	run python3 -c 'import re, sys; n = re.findall(r"\x27([^\x27]+\))\x27(?:, |$)", sys.argv[1]); print(len(n))' "$shown"
	[ "$output" = 5 ]
	[ "${#stderr}" -lt 1200 ]
}

@test "occupancy --binary: --arch without code for it is an error naming what there is" {
	run_split "$GPUPERF" occupancy --binary "$BATS_TEST_DIRNAME/../fuzz/corpus/seed.fatbin" --arch sm_90
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"has no code that runs on sm_90 (it has sm_80)"* ]]
	# sm_80 code runs on 8.6: the driver's choice
	run "$GPUPERF" --csv occupancy --binary "$BATS_TEST_DIRNAME/../fuzz/corpus/seed.fatbin" --arch 8.6 --threads 128
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == ,8.6,,,,,sm_80,* ]]
}

# Kernels nvcc compiles now, with known resources, against what ptxas says.
compile_kernels() {
	command -v nvcc >/dev/null 2>&1 || skip "nvcc is not installed"
	cat > "$BATS_TEST_TMPDIR/k.cu" <<-'EOF'
	__global__ void __launch_bounds__(256, 2) k_bounds(float *o, const float *a, int n)
	{
		__shared__ float tile[1024];
		int i = blockIdx.x * blockDim.x + threadIdx.x;
		tile[threadIdx.x] = i < n ? a[i] : 0.f;
		__syncthreads();
		if (i < n) o[i] = tile[(threadIdx.x + 1) % 256] * 2.f;
	}
	__device__ float k_heavy_f(float x, int n)
	{
		float acc[32];
		for (int i = 0; i < 32; i++) acc[i] = x * i;
		float s = 0;
		for (int i = 0; i < n; i++) s += acc[(i * 7) % 32];
		return s;
	}
	__global__ void k_local(float *o, int n) { o[threadIdx.x] = k_heavy_f(o[threadIdx.x], n); }
	__global__ void k_barriers(float *o)
	{
		__shared__ float s[64];
		s[threadIdx.x % 64] = threadIdx.x;
		asm volatile("bar.sync 3;");
		o[threadIdx.x] = s[63 - threadIdx.x % 64];
	}
	extern "C" __global__ void k_plain(int *o) { o[threadIdx.x] = 1; }
	EOF
}

# Compare gpuperf's CSV ($2) with ptxas's report ($1): registers, static
# shared memory, barriers and stack frame of every entry function.
compare_with_ptxas() {
	python3 - "$1" "$2" "$3" <<-'EOF'
	import csv, re, sys
	ptxas, got, sm = open(sys.argv[1]).read(), list(csv.DictReader(open(sys.argv[2]))), sys.argv[3]
	want, name = {}, None
	for line in ptxas.splitlines():
	    m = re.search(r"Compiling entry function '(\S+)' for 'sm_(\d+)", line)
	    if m:
	        name = m.group(1)
	        want[name] = {"frame": 0}
	        continue
	    m = re.search(r"(\d+) bytes stack frame", line)
	    if m and name:
	        want[name]["frame"] = int(m.group(1))
	    m = re.search(r"Used (\d+) registers", line)
	    if m and name:
	        w = want[name]
	        w["regs"] = int(m.group(1))
	        b = re.search(r"used (\d+) barriers", line)
	        w["barriers"] = int(b.group(1)) if b else 0
	        s = re.search(r"(\d+) bytes smem", line)
	        w["smem"] = int(s.group(1)) if s else 0
	assert len(want) == 4, ptxas
	rows = {r["kernel_symbol"]: r for r in got}
	for k, w in want.items():
	    r = rows.get(k)
	    assert r, "no %s in %s" % (k, sorted(rows))
	    have = {"regs": int(r["regs_per_thread"]), "smem": int(r["smem_static_bytes"]),
	            "barriers": int(r["barriers_per_block"]), "frame": int(r["local_bytes_per_thread"])}
	    assert have == w, "%s sm_%s: gpuperf %s, ptxas %s" % (k, sm, have, w)
	    assert r["arch"] == "sm_" + sm, r
	b = rows["_Z8k_boundsPfPKfi"]
	assert b["launch_bound_threads"] == "256" and b["threads_per_block"] == "256", b
	assert int(b["active_blocks_per_sm"]) > 0, b
	assert rows["_Z10k_barriersPf"]["barriers_per_block"] == "4"
	assert rows["k_plain"]["kernel"] == "k_plain"
	EOF
}

@test "occupancy --binary: cubins nvcc builds now match nvcc --resource-usage" {
	compile_kernels
	for sm in 75 80 90 100 120; do
		nvcc -cubin -arch=sm_$sm --resource-usage -maxrregcount=64 -o "$BATS_TEST_TMPDIR/k$sm.cubin" \
			"$BATS_TEST_TMPDIR/k.cu" 2> "$BATS_TEST_TMPDIR/ptxas$sm.txt" ||
			{ cat "$BATS_TEST_TMPDIR/ptxas$sm.txt"; return 1; }
		"$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/k$sm.cubin" > "$BATS_TEST_TMPDIR/got$sm.csv"
		compare_with_ptxas "$BATS_TEST_TMPDIR/ptxas$sm.txt" "$BATS_TEST_TMPDIR/got$sm.csv" "$sm"
	done
}

@test "occupancy --binary: a fatbin, an object and an executable hold the same resources" {
	compile_kernels
	printf 'int main(void) { return 0; }\n' > "$BATS_TEST_TMPDIR/main.cu"
	gc="-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]"
	nvcc -fatbin $gc -o "$BATS_TEST_TMPDIR/k.fatbin" "$BATS_TEST_TMPDIR/k.cu"
	nvcc -c $gc -o "$BATS_TEST_TMPDIR/k.o" "$BATS_TEST_TMPDIR/k.cu"
	nvcc $gc -o "$BATS_TEST_TMPDIR/k.exe" "$BATS_TEST_TMPDIR/k.cu" "$BATS_TEST_TMPDIR/main.cu"
	nvcc -cubin -arch=sm_80 -o "$BATS_TEST_TMPDIR/k80.cubin" "$BATS_TEST_TMPDIR/k.cu"
	nvcc -cubin -arch=sm_90 -o "$BATS_TEST_TMPDIR/k90.cubin" "$BATS_TEST_TMPDIR/k.cu"
	cat_cubins() { "$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/k80.cubin" --threads 128 | tail -n +2
		       "$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/k90.cubin" --threads 128 | tail -n +2; }
	# the last two columns count what the file held besides: PTX (in the fatbins), compressed cubins
	but_skipped() { rev | cut -d, -f3- | rev; }
	want=$(cat_cubins | but_skipped | sort)
	[ "$(cat_cubins | rev | cut -d, -f1,2 | rev | sort -u)" = "0,0" ]
	for f in k.fatbin k.o k.exe; do
		run_split "$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/$f" --threads 128
		[ "$status" -eq 0 ]
		[ "$(tail -n +2 <<<"$output" | but_skipped | sort)" = "$want" ] || { echo "$f differs"; echo "$output"; return 1; }
		skipped=$(tail -n +2 <<<"$output" | rev | cut -d, -f1,2 | rev | sort -u)
		[[ "$skipped" =~ ^[1-9][0-9]*,0$ ]] || { echo "$f: PTX, compressed skipped: $skipped"; return 1; }
	done
	# the human table says what it skipped
	run "$GPUPERF" occupancy --binary "$BATS_TEST_TMPDIR/k.o"
	[[ "$output" == *"1 PTX entry skipped"* ]]
	[[ "$output" == *"k_plain"* ]]
	# --function by mangled, demangled and short name
	for f in _Z8k_boundsPfPKfi 'k_bounds(float*, float const*, int)' k_bounds; do
		run "$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/k.o" --function "$f"
		[ "$status" -eq 0 ]
		[ "${#lines[@]}" -eq 3 ]
	done
}

@test "occupancy --binary: zstd-compressed cubins read like plain ones (or say why not)" {
	compile_kernels
	nvcc -fatbin -Xfatbin -compress-all -arch=sm_90 -o "$BATS_TEST_TMPDIR/kc.fatbin" "$BATS_TEST_TMPDIR/k.cu" ||
		skip "this nvcc cannot compress"
	nvcc -fatbin -arch=sm_90 -o "$BATS_TEST_TMPDIR/k.fatbin" "$BATS_TEST_TMPDIR/k.cu"
	run_split "$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/kc.fatbin" --threads 128
	if ! ldconfig -p 2>/dev/null | grep -q 'libzstd\.so\.1 '; then
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"compressed"*"libzstd"* ]]
		return
	fi
	[ "$status" -eq 0 ]
	[ "$output" = "$("$GPUPERF" --csv occupancy --binary "$BATS_TEST_TMPDIR/k.fatbin" --threads 128)" ]
	run "$GPUPERF" occupancy --binary "$BATS_TEST_TMPDIR/kc.fatbin"
	[[ "$output" == *"1 zstd-compressed cubin read"* ]]
}

@test "occupancy --binary: gpuperf reads its own probe kernels" {
	run "$GPUPERF" --csv occupancy --binary "$GPUPERF" --function occ_k_static4k
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -ge 2 ]
	for l in "${lines[@]:1}"; do
		[[ "$l" == *,_Z14occ_k_static4kPjji,*,4096,0,,* ]] || { echo "$l"; return 1; }
	done
}

@test "occupancy: the headroom says the exact step the allocation granularity makes" {
	run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 64
	[[ "$output" == *"headroom: none: 65 registers per thread would give 3 blocks (37.5 %)"* ]]
	# 250 registers round up to 256 per thread: up to 255 keep the one block
	run "$GPUPERF" occupancy --arch sm_90 --threads 256 --regs 250
	[[ "$output" == *"headroom: up to 255 registers per thread keep 1 block"* ]]
	run "$GPUPERF" occupancy --arch sm_70 --threads 64 --regs 255
	[[ "$output" == *"headroom: none: 255 registers per thread is the most sm_70 allows"* ]]
}

@test "occupancy: one warp and one block are singular" {
	run "$GPUPERF" occupancy --arch sm_90 --threads 32 --regs 32
	[[ "$output" == *"/ 1 warp per block"* ]]
	run "$GPUPERF" banks --model --pattern stride --stride 1-3
	[[ "$output" == *" 1 wavefront"$'\n'* ]]
}

@test "occupancy --binary --json: a kernel name of bytes that are not UTF-8 and control characters stays valid JSON" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	local c=$BATS_TEST_TMPDIR/odd.cubin
	# every copy of the name (symbol and section names), same length: \xff and \xc3( are not UTF-8, \x01 and ESC are controls
	python3 - "$BATS_TEST_DIRNAME/../fuzz/corpus/seed-sm90.cubin" "$c" <<-'EOF'
		import sys
		d = open(sys.argv[1], 'rb').read()
		assert d.count(b'seed_plain') > 2
		open(sys.argv[2], 'wb').write(d.replace(b'seed_plain', b's\xffe\x01d\x1b\xc3(in'))
	EOF
	run_split "$GPUPERF" --json occupancy --binary "$c" --threads 128
	[ "$status" -eq 0 ] || { echo "status $status: $stderr"; return 1; }
	printf '%s' "$output" | python3 -c '
import json, sys
raw = sys.stdin.buffer.read()
text = raw.decode("utf-8")                      # strict: every byte is UTF-8
assert all(ch >= " " or ch == "\n" for ch in text), "a raw control character"
def refuse(name): raise ValueError(name)
rows = json.loads(text, parse_constant=refuse)  # no NaN or Infinity either
odd = "s\ufffde\x01d\x1b\ufffd(in"
byname = {r["kernel"]: r for r in rows}
assert sorted(byname) == sorted([odd + "(int*)", "seed_tile(float*, int)"]), list(byname)
assert byname[odd + "(int*)"]["kernel_symbol"] == "_Z10" + odd + "Pi"
'
	[[ "$output" == *'"s\ufffde\u0001d\u001b\ufffd(in(int*)"'* ]]
}

@test "occupancy --arch: sm_101 (CUDA 12.8/12.9) is sm_110 with a note; the a and f suffixes are accepted" {
	run_split "$GPUPERF" --csv occupancy --arch sm_101 --threads 256 --regs 32
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"--arch sm_101: sm_101 (compute capability 10.1, in CUDA 12.8 and 12.9) is sm_110 (11.0) since CUDA 13.0"* ]]
	[[ "${lines[1]}" == *,sm_110,256,32,* ]]
	local want=${lines[1]}
	for name in sm_101a sm_101f 10.1 sm_110 sm_110a sm_110f 11.0; do
		run_split "$GPUPERF" -q --csv occupancy --arch "$name" --threads 256 --regs 32
		[ "$status" -eq 0 ] && [ "${lines[1]}" = "$want" ] || { echo "$name: ${lines[1]}"; return 1; }
	done
	run_split "$GPUPERF" --csv occupancy --arch sm_90a --threads 256 --regs 32
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ "${lines[1]}" == *,sm_90,* ]]
	run_split "$GPUPERF" --csv occupancy --arch sm_100f --threads 256 --regs 32
	[ "$status" -eq 0 ]
	[[ "${lines[1]}" == *,sm_100,* ]]
	assert_usage_error occupancy --arch sm_90b --threads 256 --regs 32
}
