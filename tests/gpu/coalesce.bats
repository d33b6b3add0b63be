#!/usr/bin/env bats
# gpuperf coalesce on a GPU: outputs verified (exit 0), sectors per request
# equal to the model, bandwidth shapes.  Counter assertions skip, with the
# reason, where counters cannot be read.

load lib

setup_file() {
	export COAL_DIR="$BATS_FILE_TMPDIR"
}

# coal_csv NAME ARGS...: run once per file, keep the CSV and stderr.
coal_csv() {
	local name=$1
	shift
	if [ ! -s "$COAL_DIR/$name.csv" ]; then
		"$GPUPERF" --csv coalesce "$@" >"$COAL_DIR/$name.csv" 2>"$COAL_DIR/$name.err" || {
			cat "$COAL_DIR/$name.err" >&2
			return 1
		}
	fi
	CSV="$COAL_DIR/$name.csv"
}

# field FILE COLUMN ROW-FILTER-AWK: values of COLUMN in rows matching the awk condition.
field() {
	local c
	c=$(csv_col "$1" "$2")
	awk -F, -v c="$c" "NR > 1 && ($3) { print \$c }" "$1"
}

# Skip when the run had no counters (measured column empty everywhere).
require_counters() {
	local m
	m=$(field "$CSV" measured_sectors_per_request 1 | grep -c .)
	if [ "$m" -eq 0 ]; then
		skip "counters unavailable: $(grep -i counter "${CSV%.csv}.err" | head -n 1)"
	fi
}

# Every row's model_match is yes; print the ones that are not.
all_match() {
	local bad
	bad=$(awk -F, -v c="$(csv_col "$CSV" model_match)" 'NR > 1 && $c != "yes"' "$CSV")
	if [ -n "$bad" ]; then
		echo "rows differing from the model:" >&2
		head -n 1 "$CSV" >&2
		echo "$bad" >&2
		return 1
	fi
}

@test "coalesce width 4: runs, verifies, identity columns first" {
	require_gpu
	coal_csv w4 --width 4
	head -n 1 "$CSV" | grep -q '^device,cc,pattern,op,offset,stride,width_bytes,predicted_sectors_per_request,measured_sectors_per_request,'
	# 33 offsets + 32 strides + 3 AoS + 5 transposes
	[ "$(tail -n +2 "$CSV" | wc -l)" -eq 73 ]
}

@test "coalesce width 4: measured sectors per request equal the model for every row" {
	require_gpu
	coal_csv w4 --width 4
	require_counters
	all_match
}

@test "coalesce width 8: measured sectors per request equal the model" {
	require_gpu
	coal_csv w8 --width 8 --pattern offset,stride
	require_counters
	all_match
}

@test "coalesce width 16: measured sectors per request equal the model" {
	require_gpu
	coal_csv w16 --width 16 --pattern offset,stride
	require_counters
	all_match
}

@test "coalesce load-only and store-only: verified and equal to the model" {
	require_gpu
	coal_csv load --op load --pattern offset,stride --offset 0,1,8 --stride 1,2,32
	require_counters
	all_match
	CSV="$COAL_DIR/store.csv"
	"$GPUPERF" --csv coalesce --op store --pattern offset,stride --offset 0,1,8 --stride 1,2,32 \
		>"$CSV" 2>"$COAL_DIR/store.err"
	all_match
}

@test "coalesce: stride bandwidth falls as the stride grows" {
	require_gpu
	coal_csv w4 --width 4
	local bw
	bw=$(field "$CSV" bandwidth_gbs '$3 == "stride"')
	# Each stride no more than 10 % above the previous one, and stride 32
	# under a quarter of stride 1.
	echo "$bw" | awk 'NR > 1 && $1 > 1.10 * prev { print "stride " NR ": " $1 " > " prev; bad = 1 }
			  { prev = $1 } NR == 1 { first = $1 } END { last = $1
			  if (last * 4 > first) { print "stride 32 " last " vs stride 1 " first; bad = 1 }
			  exit bad }'
}

@test "coalesce: a misaligned copy costs more sectors than an aligned one" {
	require_gpu
	coal_csv w4 --width 4
	require_counters
	local d0 d1
	d0=$(field "$CSV" measured_sectors_per_request '$3 == "offset" && $5 == 0')
	d1=$(field "$CSV" measured_sectors_per_request '$3 == "offset" && $5 == 1')
	awk "BEGIN { exit !($d1 > $d0) }"
}

@test "coalesce: transpose steps, padded beats tiled and tiled transposes beat naive" {
	require_gpu
	coal_csv w4 --width 4
	local naive tiled padded multi
	naive=$(field "$CSV" bandwidth_gbs '$3 == "transpose-naive"')
	tiled=$(field "$CSV" bandwidth_gbs '$3 == "transpose-tiled"')
	padded=$(field "$CSV" bandwidth_gbs '$3 == "transpose-padded"')
	multi=$(field "$CSV" bandwidth_gbs '$3 == "transpose-multi"')
	echo "# naive $naive tiled $tiled padded $padded multi $multi GB/s" >&3
	awk "BEGIN { exit !($padded > $tiled) }"
	awk "BEGIN { exit !($multi > $naive) }"
}

@test "coalesce: aos staged and soa beat direct AoS access" {
	require_gpu
	coal_csv w4 --width 4
	local direct staged soa
	direct=$(field "$CSV" bandwidth_gbs '$3 == "aos-direct"')
	staged=$(field "$CSV" bandwidth_gbs '$3 == "aos-staged"')
	soa=$(field "$CSV" bandwidth_gbs '$3 == "soa"')
	echo "# aos-direct $direct aos-staged $staged soa $soa GB/s" >&3
	awk "BEGIN { exit !($soa > $direct) }"
}

@test "coalesce human output: prediction beside measurement, charts" {
	require_gpu
	run "$GPUPERF" coalesce --pattern offset,stride --offset 0-8 --stride 1-8
	[ "$status" -eq 0 ]
	[[ "$output" == *"bandwidth vs offset"* ]]
	[[ "$output" == *"bandwidth vs stride"* ]]
}
