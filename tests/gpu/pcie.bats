#!/usr/bin/env bats
# gpuperf pcie on a real GPU: every transfer verified (a wrong byte is exit 1,
# so status 0 means every destination matched), and the figures relate as
# physics says they must.

load lib

# csv_field FILE DIRECTION MEMORY SIZE COLUMN: one value of the transfer
# table; status 1 when a column is missing.
csv_field() {
	local f=$1 col dc mc sc
	col=$(csv_col "$f" "$5") || return 1
	dc=$(csv_col "$f" direction) || return 1
	mc=$(csv_col "$f" memory) || return 1
	sc=$(csv_col "$f" size_bytes) || return 1
	awk -F, -v d="$dc" -v m="$mc" -v s="$sc" -v c="$col" -v D="$2" -v M="$3" -v S="$4" \
		'NR > 1 && $d == D && $m == M && $s == S { print $c; exit }' "$f"
}

# gt A B: A > B as numbers
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }'; }

@test "every direction and memory kind moves correct data, odd sizes included" {
	require_gpu
	run_split "$GPUPERF" --csv pcie --direction all --memory all --size 4,13,4097,1M,64M --reps 3 --warmup 1
	echo "$stderr"
	[ "$status" -eq 0 ]
	# (h2d + d2h + 3 bidir rows) x 5 kinds x 5 sizes, plus the header
	[ "$(printf '%s\n' "$output" | wc -l)" -eq $((5 * 5 * 5 + 1)) ]
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/all.csv"
	c=$(csv_col "$BATS_TEST_TMPDIR/all.csv" bandwidth_gbs)
	awk -F, -v c="$c" 'NR > 1 && !($c > 0) { print "no bandwidth: " $0; bad = 1 } END { exit bad }' \
		"$BATS_TEST_TMPDIR/all.csv"
}

@test "a damaged transfer fails the run with status 1 and no output" {
	require_gpu
	for m in pageable pinned wc registered mapped; do
		run_split env GPUPERF_PCIE_CORRUPT=1 "$GPUPERF" --csv pcie --memory "$m" --direction h2d --size 1M --reps 1
		[ "$status" -eq 1 ] || { echo "$m h2d: status $status"; return 1; }
		[ -z "$output" ]
		[[ "$stderr" == *"wrong bytes"* ]]
		run_split env GPUPERF_PCIE_CORRUPT=1 "$GPUPERF" --csv pcie --memory "$m" --direction d2h --size 1M --reps 1
		[ "$status" -eq 1 ] || { echo "$m d2h: status $status"; return 1; }
		[ -z "$output" ]
	done
	run_split env GPUPERF_PCIE_CORRUPT=1 "$GPUPERF" --csv pcie --overlap --size 1M --reps 1
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "pinned is faster than pageable, both directions" {
	require_gpu
	f=$BATS_TEST_TMPDIR/pp.csv
	"$GPUPERF" --csv pcie --direction h2d,d2h --memory pageable,pinned --size 256M > "$f"
	for d in h2d d2h; do
		pin=$(csv_field "$f" $d pinned 268435456 bandwidth_gbs)
		pag=$(csv_field "$f" $d pageable 268435456 bandwidth_gbs)
		echo "$d: pinned $pin, pageable $pag GB/s"
		gt "$pin" "$pag"
	done
}

@test "the bidirectional sum is above each direction alone" {
	require_gpu
	f=$BATS_TEST_TMPDIR/bidir.csv
	"$GPUPERF" --csv pcie --memory pinned --size 256M > "$f"
	sum=$(csv_field "$f" bidir-sum pinned 268435456 bandwidth_gbs)
	h2d=$(csv_field "$f" h2d pinned 268435456 bandwidth_gbs)
	d2h=$(csv_field "$f" d2h pinned 268435456 bandwidth_gbs)
	echo "sum $sum, h2d $h2d, d2h $d2h GB/s"
	gt "$sum" "$h2d"
	gt "$sum" "$d2h"
}

@test "pinned transfers reach a plausible share of the link" {
	require_gpu
	f=$BATS_TEST_TMPDIR/link.csv
	"$GPUPERF" --csv pcie --direction h2d,d2h --memory pinned --size 256M > "$f"
	for d in h2d d2h; do
		pct=$(csv_field "$f" $d pinned 268435456 pct_of_link)
		gen=$(csv_field "$f" $d pinned 268435456 link_gen)
		max=$(csv_field "$f" $d pinned 268435456 link_max_gen)
		echo "$d: $pct % of Gen$gen (max Gen$max)"
		link_read "$pct"
		gt "$pct" 40
		gt 101 "$pct"
		[ "$gen" -le "$max" ]
	done
}

@test "the link under load matches what nvidia-smi reports as maximum" {
	require_gpu
	f=$BATS_TEST_TMPDIR/gen.csv
	"$GPUPERF" --csv pcie --direction h2d --memory pinned --size 256M > "$f"
	gen=$(csv_field "$f" h2d pinned 268435456 link_max_gen)
	link_read "$gen"
	smi=$(nvidia-smi -i 0 --query-gpu=pcie.link.gen.max --format=csv,noheader,nounits | head -n 1 | tr -d ' ')
	echo "gpuperf max Gen$gen, nvidia-smi Gen$smi"
	[ "$gen" -ge "$smi" ]
}

@test "the mapped kernel moves correct data both ways at useful speed" {
	require_gpu
	f=$BATS_TEST_TMPDIR/mapped.csv
	run_split "$GPUPERF" --csv pcie --memory mapped --size 17,64M --reps 3
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" > "$f"
	for d in h2d d2h bidir-sum; do
		bw=$(csv_field "$f" $d mapped 67108864 bandwidth_gbs)
		echo "mapped $d: $bw GB/s"
		gt "$bw" 1
	done
}

@test "small transfers take longer per byte than large ones" {
	require_gpu
	f=$BATS_TEST_TMPDIR/sweep.csv
	"$GPUPERF" --csv pcie --direction h2d --memory pinned --size 4K-64M:x4 > "$f"
	small=$(csv_field "$f" h2d pinned 4096 bandwidth_gbs)
	big=$(csv_field "$f" h2d pinned 67108864 bandwidth_gbs)
	t=$(csv_field "$f" h2d pinned 4096 time_us)
	echo "4 KiB: $small GB/s in $t us; 64 MiB: $big GB/s"
	[ -n "$small" ]
	[ -n "$big" ]
	gt "$big" "$small"
	gt "$t" 0.5
}

@test "--overlap hides part of the copies under the kernel, results verified" {
	require_gpu
	f=$BATS_TEST_TMPDIR/ovl.csv
	run_split "$GPUPERF" --csv pcie --overlap --size 64M --reps 5
	echo "$stderr"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" > "$f"
	cat "$f"
	pct=$(field "$f" overlap_pct 'NR == 2')
	sp=$(field "$f" speedup 'NR == 2')
	gt "$pct" 20
	gt "$sp" 1.1
}

@test "--overlap with registered memory and a set kernel time" {
	require_gpu
	run_split "$GPUPERF" --csv pcie --overlap --memory registered --size 16M --kernel-us 2000 --chunks 4 --streams 2 --reps 3
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 2 ]
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/reg.csv"
	k=$(field "$BATS_TEST_TMPDIR/reg.csv" kernel_us 'NR == 2')
	echo "kernel $k us for 2000 asked"
	gt "$k" 1000
	gt 4000 "$k"
}

@test "the default run prints verdicts and the theoretical formula" {
	require_gpu
	run "$GPUPERF" pcie --reps 3
	[ "$status" -eq 0 ]
	[[ "$output" == *"pinned H2D reaches"* ]]
	[[ "$output" == *"pinned bidirectional reaches"* ]]
	[[ "$output" == *"theoretical per direction"* ]]
	[[ "$output" == *"pinned H2D is"*"x pageable"* ]]
}

@test "pcie --json is valid JSON with the CSV's records" {
	require_gpu
	run "$GPUPERF" --json pcie --memory pinned --size 1M --reps 2
	[ "$status" -eq 0 ]
	python3 -c 'import json,sys; d = json.load(sys.stdin); assert len(d) == 5 and "pct_of_link" in d[0]' <<<"$output"
}

@test "more than the device's memory is a usage error, found when the device is open" {
	require_gpu
	dev=$(nvidia-smi -i 0 --query-gpu=memory.total --format=csv,noheader,nounits | head -n 1 | tr -d ' ')
	size=$(( (dev / 1024 + 1) * 1024 * 1024 * 1024 ))   # one GiB above the device, in bytes
	host=$(awk '/^MemTotal:/ { print $2 * 1024 }' /proc/meminfo)
	awk -v h="$host" -v s="$size" 'BEGIN { exit !(h > s) }' || skip "the host has less memory than the device"
	run_split "$GPUPERF" pcie --memory pageable --direction h2d --size "$size"
	echo "$stderr"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == *"device memory"* ]]
}
