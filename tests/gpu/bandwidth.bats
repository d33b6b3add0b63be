#!/usr/bin/env bats
# gpuperf bandwidth on a real GPU: every kernel verified, plausible DRAM figures,
# cache plateaus above DRAM, 64-bit sizes, tuning, and verification that can fail.

load lib

# Run gpuperf with --csv and keep the output in $csv; fails on a non-zero status.
bw_csv() {
	csv=$BATS_TEST_TMPDIR/bw.csv
	"$GPUPERF" --csv bandwidth "$@" >"$csv" 2>"$BATS_TEST_TMPDIR/bw.err"
	local rc=$?
	[ "$rc" -eq 0 ] || { echo "gpuperf bandwidth $* exited $rc"; cat "$BATS_TEST_TMPDIR/bw.err"; return 1; }
}

# Values of column $1 in $csv, one per line; status 1 without that column.
col() {
	field "$csv" "$1" 1
}

# Value of column $2 in the row whose kernel is $1 (first such row);
# status 1 without either column.
kval() {
	local k c
	k=$(csv_col "$csv" kernel) || return 1
	c=$(csv_col "$csv" "$2") || return 1
	awk -F, -v k="$k" -v c="$c" -v want="$1" 'NR > 1 && $k == want { print $c; exit }' "$csv"
}

@test "bandwidth: every kernel and memcpy runs and verifies at 16-byte width" {
	require_gpu
	bw_csv --size 256M --reps 5
	[ "$(col kernel | tr '\n' ' ')" = "read write copy scale add triad memcpy " ]
}

@test "bandwidth: every kernel verifies at 4- and 8-byte width" {
	require_gpu
	bw_csv --width 4,8 --size 64M --reps 3 --kernel all
	[ "$(col kernel | wc -l)" -eq 13 ]
	# memcpy has no access width of its own: judge the kernels' rows
	[ "$(paste -d, <(col kernel) <(col width_bytes) | grep -v '^memcpy,' | cut -d, -f2 | sort -u | tr '\n' ' ')" = "4 8 " ]
}

@test "bandwidth: every unroll verifies on sizes with tails, and tiny sizes verify" {
	require_gpu
	for u in 1 2 4 8 16; do
		for l in grid tile flat; do
			# 123456784 = 16 x 7716049: no grid iteration or tile divides it
			bw_csv --unroll "$u" --layout $l --size 123456784 --reps 2 --warmup 1 \
				--kernel read,write,copy,triad
		done
	done
	bw_csv --layout tile --width 4,8 --size 123456784 --reps 2 --kernel all
	bw_csv --size 16,48,1040,65552 --reps 2 --width 4,16 --kernel all
	[ "$(col kernel | wc -l)" -eq 52 ]
}

@test "bandwidth: DRAM-sized results are between 40 % and 100 % of theoretical" {
	require_gpu
	bw_csv --reps 10
	[ "$(col level | sort -u)" = "DRAM" ]
	col pct_of_theoretical | awk '{ if ($1 < 40 || $1 > 100) { print "out of range: " $1; bad = 1 } } END { exit bad }'
	[ "$(col pct_of_theoretical | wc -l)" -eq 7 ]
}

@test "bandwidth: an L2-resident working set is faster than a DRAM-sized one" {
	require_gpu
	"$GPUPERF" --csv info >"$BATS_TEST_TMPDIR/info.csv"
	l2=$(awk -F, -v c="$(csv_col "$BATS_TEST_TMPDIR/info.csv" l2_bytes)" 'NR == 2 { print $c }' \
		"$BATS_TEST_TMPDIR/info.csv")
	small=$((l2 / 8 / 16 * 16))  # copy touches two arrays: a quarter of the L2
	bw_csv --kernel read,copy --size "$small,1G" --reps 10
	for k in read copy; do
		cache=$(awk -F, -v k="$(csv_col "$csv" kernel)" -v s="$(csv_col "$csv" size_bytes)" \
			-v b="$(csv_col "$csv" bandwidth_gbs)" -v want=$k -v size=$small \
			'$k == want && $s == size { print $b }' "$csv")
		dram=$(awk -F, -v k="$(csv_col "$csv" kernel)" -v s="$(csv_col "$csv" size_bytes)" \
			-v b="$(csv_col "$csv" bandwidth_gbs)" -v want=$k \
			'$k == want && $s == 1073741824 { print $b }' "$csv")
		echo "$k: $cache GB/s at $small B, $dram GB/s at 1 GiB"
		awk -v a="$cache" -v b="$dram" 'BEGIN { exit !(a > b * 1.2) }'
	done
}

@test "bandwidth: a sweep reports one row per size with levels from cache to DRAM" {
	require_gpu
	bw_csv --kernel read --size 1M-1G:x4 --reps 3
	[ "$(col size_bytes | wc -l)" -eq 6 ]
	[[ "$(col level | head -n 1)" == L* ]]
	[ "$(col level | tail -n 1)" = DRAM ]
	run "$GPUPERF" bandwidth --kernel read --size 1M-1G:x4 --reps 3
	[ "$status" -eq 0 ]
	[[ "$output" == *"read, 16 B accesses: GB/s by size per array"* ]]
}

@test "bandwidth: a small set gives every block of its resident grid a tile, and cache sizes beat DRAM" {
	require_gpu
	bw_csv --kernel read,copy,triad --width 4,16 --size 64K-16M:x4 --reps 3
	cat "$csv"
	# the stream kernels' grid x block x unroll accesses in one sweep: no more
	# than the set holds, unless the block is already one warp with unroll 1
	# (the L1 and L2 methods' windows re-read the set by design)
	awk -F, -v k="$(csv_col "$csv" kernel)" -v w="$(csv_col "$csv" width_bytes)" \
		-v s="$(csv_col "$csv" size_bytes)" -v g="$(csv_col "$csv" grid)" \
		-v b="$(csv_col "$csv" block)" -v u="$(csv_col "$csv" unroll)" \
		-v m="$(csv_col "$csv" method)" '
		NR > 1 && $m == "stream" && $g * $b * $u * $w > $s && !($b == 32 && $u == 1) {
			print "idle blocks: " $0; bad = 1 }
		END { exit bad }' "$csv"
	# 4 MiB copies live in L2: above the DRAM peak
	bw_csv --kernel copy --size 4M,1G --reps 5
	awk -F, -v s="$(csv_col "$csv" size_bytes)" -v c="$(csv_col "$csv" bandwidth_gbs)" '
		NR > 1 { v[$s] = $c } END { print "4 MiB " v[4194304] ", 1 GiB " v[1073741824]; exit !(v[4194304] > 1.2 * v[1073741824]) }' "$csv"
}

@test "bandwidth: the L2 method gives every block lines of its own, and the L2 slices read every byte counted" {
	require_gpu
	bw_csv --kernel read --size 1M-32M:x2 --reps 3
	cat "$csv"
	# disjoint windows: the grid's loads of one pass fit in the set
	awk -F, -v m="$(csv_col "$csv" method)" -v s="$(csv_col "$csv" size_bytes)" \
		-v g="$(csv_col "$csv" grid)" -v b="$(csv_col "$csv" block)" \
		-v u="$(csv_col "$csv" unroll)" -v w="$(csv_col "$csv" width_bytes)" '
		NR > 1 && $m == "l2" { n++; if ($g * $b * $u * $w > $s) { print "shared lines: " $0; bad = 1 } }
		END { exit bad || !n }' "$csv"
	require_counters
	[ "$(col l2_read_pct | grep -c .)" -gt 0 ] ||
		{ echo "no counters: $(grep -i counter "$BATS_TEST_TMPDIR/bw.err" | head -n 1)"; return 1; }
	# one L2 read per L1 miss: a line handed to several SMs would read far under 100
	awk -F, -v m="$(csv_col "$csv" method)" -v r="$(csv_col "$csv" l2_read_pct)" \
		-v l="$(csv_col "$csv" level)" '
		NR > 1 && $m == "l2" && ($r < 90 || $r > 110 || $l != "L2") { print "not served by L2: " $0; bad = 1 }
		END { exit bad }' "$csv"
}

@test "bandwidth: --shared-lines adds an l2-shared row beside each l2 row, above it where windows overlap" {
	require_gpu
	bw_csv --kernel read --size 64K,2M,16M --shared-lines --reps 5
	cat "$csv"
	CSV=$csv
	# 64 KiB is the l1 method's: no shared row; 2 and 16 MiB have both
	[ "$(paste -d: <(col size_bytes) <(col method) | tr '\n' ' ')" = \
		"65536:l1 2097152:l2 2097152:l2-shared 16777216:l2 16777216:l2-shared " ]
	[ "$(paste -d: <(col method) <(col level) | grep -c '^l2-shared:L2$')" -eq 2 ]
	# at 2 MiB the windows overlap about 8-fold on a 132-SM H100: SMs receive far more
	# than the disjoint windows' slices deliver
	awk -F, -v s="$(csv_col "$csv" size_bytes)" -v m="$(csv_col "$csv" method)" \
		-v b="$(csv_col "$csv" bandwidth_gbs)" '
		NR > 1 && $s == 2097152 { v[$m] = $b }
		END { print "2 MiB: l2 " v["l2"] ", l2-shared " v["l2-shared"]; exit !(v["l2-shared"] > 1.5 * v["l2"]) }' "$csv"
	run "$GPUPERF" bandwidth --kernel read --size 2M --shared-lines --reps 3
	[ "$status" -eq 0 ]
	[[ "$output" == *"method l2-shared: the l1 method's windows with ld.global.cg, overlapping"* ]]
	require_counters
	counted l2_read_pct
	# one L2 read handed to several SMs: the slices read well under what the loads asked
	awk -F, -v s="$(csv_col "$csv" size_bytes)" -v m="$(csv_col "$csv" method)" \
		-v r="$(csv_col "$csv" l2_read_pct)" '
		NR > 1 && $s == 2097152 { v[$m] = $r }
		END { print "2 MiB l2_read_pct: l2 " v["l2"] ", l2-shared " v["l2-shared"]
		      exit !(v["l2-shared"] != "" && v["l2-shared"] < 75 && v["l2"] > 90) }' "$csv"
}

@test "bandwidth: --shared-lines without an L2-sized read set says so" {
	require_gpu
	run_split "$GPUPERF" --csv bandwidth --kernel read --size 1G --shared-lines --reps 2
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"--shared-lines: no read set was measured by the l2 method"* ]]
	[ "$(grep -c ',l2-shared,' <<<"$output")" -eq 0 ]
}

@test "bandwidth: --cold flushes L2 and still verifies" {
	require_gpu
	bw_csv --cold --kernel read,copy,memcpy --size 1M,256M --reps 3
	[ "$(col level | sort -u)" = "cold" ]
	[ "$(col passes | sort -u)" = "1" ]
}

@test "bandwidth: arrays above 16 GiB (32-bit float indices overflow) verify" {
	require_gpu
	# two arrays of 17 GiB (34816 MiB) and 1 GiB to spare, as nvidia-smi counts the free memory
	local free
	free=$(nvidia-smi -i 0 --query-gpu=memory.free --format=csv,noheader,nounits)
	[[ "$free" =~ ^[0-9]+$ ]] || { echo "nvidia-smi gives no free memory: $free"; return 1; }
	[ "$free" -ge 35840 ] || skip "GPU 0 has $free MiB free (nvidia-smi), under 2 x 17 GiB and 1 GiB"
	run_split "$GPUPERF" --csv bandwidth --kernel copy,read --size 17G --reps 2 --warmup 1
	[ "$status" -eq 0 ] || { echo "$stderr"; return 1; }
	echo "$output" >"$BATS_TEST_TMPDIR/big.csv"
	csv=$BATS_TEST_TMPDIR/big.csv
	[ "$(col size_bytes | sort -u)" = "18253611008" ]
	[ "$(kval copy bytes_moved)" = "36507222016" ]
}

@test "bandwidth: --tune reports the winning configuration and measures with it" {
	require_gpu
	run "$GPUPERF" bandwidth --tune --kernel copy --size 256M --reps 5
	[ "$status" -eq 0 ]
	[[ "$output" == *"Tuning"* ]]
	[[ "$output" == *"tuned configuration"* ]]
	bw_csv --tune --kernel copy,triad --size 256M --reps 5
	[ -n "$(kval copy grid)" ] && [ -n "$(kval copy block)" ] && [ -n "$(kval copy unroll)" ]
}

@test "bandwidth: fixed launch configurations are used as given" {
	require_gpu
	bw_csv --kernel copy --block 512 --unroll 2 --blocks-per-sm 2 --layout tile --size 64M --reps 3
	[ "$(kval copy block)" = 512 ]
	[ "$(kval copy unroll)" = 2 ]
	[ "$(kval copy layout)" = tile ]
	sms=$("$GPUPERF" --csv info | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sm_count") c = i } NR == 2 { print $c }')
	[ "$(kval copy grid)" = $((2 * sms)) ]
}

@test "bandwidth: one pass over DRAM-sized arrays runs flat, one block per tile; cache sizes run resident" {
	require_gpu
	bw_csv --kernel copy,read --size 1G --reps 3
	[ "$(kval copy layout)" = flat ]
	[ "$(kval copy passes)" = 1 ]
	# 1 GiB of 16-byte accesses in tiles of 512 threads x 1
	[ "$(kval copy grid)" = 131072 ]
	[ "$(kval read grid)" = 262144 ]
	bw_csv --kernel copy --size 64M --reps 3
	[ "$(kval copy layout)" = tile ]
	[ "$(kval copy passes)" -gt 1 ]
	bw_csv --kernel copy --size 64M --reps 3 --layout flat
	[ "$(kval copy layout)" = flat ]
	[ "$(kval copy passes)" = 1 ]
}

@test "bandwidth: a configuration the kernel cannot launch is a usage error" {
	require_gpu
	run_split "$GPUPERF" bandwidth --kernel triad --block 1024 --unroll 16 --size 64M
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"registers per thread"* ]]
	[ -z "$output" ]
}

@test "bandwidth: a size larger than device memory is a usage error naming the maximum" {
	require_gpu
	run_split "$GPUPERF" bandwidth --size 100T
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--size: 100 TiB per array does not fit in device memory: at most "*" per array for 3 arrays"* ]]
	# sizes in binary units (79.1 GiB), never a raw byte count
	[ "$(grep -cE '[0-9]{6}' <<<"$stderr")" -eq 0 ]
	[ -z "$output" ]
}

@test "bandwidth: a wrong result is exit 1 with a message and no figures" {
	require_gpu
	for k in read copy triad memcpy; do
		GPUPERF_TEST_CORRUPT=1 run_split "$GPUPERF" bandwidth --kernel "$k" --size 64M --reps 2
		[ "$status" -eq 1 ] || { echo "$k: status $status"; return 1; }
		[[ "$stderr" == *"verification failed: '$k'"* ]]
		[ -z "$output" ]
	done
}

@test "bandwidth: CSV header is the documented column list and JSON parses" {
	require_gpu
	bw_csv --kernel copy --size 64M --reps 3
	[ "$(head -n 1 "$csv" | tr ',' ' ')" = "$("$GPUPERF" --list-columns bandwidth | tr '\n' ' ' | sed 's/ $//')" ]
	run "$GPUPERF" --json bandwidth --kernel copy,memcpy --size 64M --reps 3
	[ "$status" -eq 0 ]
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d) == 2 and d[1]["width_bytes"] is None' <<<"$output"
}

@test "bandwidth: the human table carries the conventions and the verdict" {
	require_gpu
	run "$GPUPERF" bandwidth --kernel copy,memcpy --size 256M --reps 5
	[ "$status" -eq 0 ]
	[[ "$output" == *"theoretical: 2 x "*" MHz x "*" bit / 8 = "* ]]
	[[ "$output" == *"a copy of N bytes moves 2N"* ]]
	[[ "$output" == *"verdict: copy reaches "*" % of theoretical"*"cudaMemcpy D2D"* ]]
}
