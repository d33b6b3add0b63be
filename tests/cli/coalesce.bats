#!/usr/bin/env bats
# gpuperf coalesce: --model output and every usage error, no GPU needed.

load lib

MODEL_HEADER=pattern,op,offset,stride,width_bytes,predicted_sectors_per_request,predicted_sectors_per_request_st,ideal_sectors_per_request,efficiency_pct

# Field $2 of the CSV row whose pattern/offset/stride match: model_field PATTERN OFFSET STRIDE COLUMN
model_field() {
	local col
	col=$(printf '%s\n' "$MODEL_HEADER" | tr ',' '\n' | grep -nx "$4" | cut -d: -f1)
	printf '%s\n' "$output" | awk -F, -v p="$1" -v o="$2" -v s="$3" -v c="$col" \
		'$1 == p && $3 == o && $4 == s { print $c }'
}

@test "coalesce --model: CSV header and one row per configuration" {
	run_split "$GPUPERF" --csv coalesce --model
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | head -n 1)" = "$MODEL_HEADER" ]
	# offsets 0-32, strides 1-32, 3 AoS, 5 transposes
	[ "$(printf '%s\n' "$output" | tail -n +2 | wc -l)" -eq 73 ]
	[ "$(printf '%s\n' "$output" | grep -c '^offset,copy,')" -eq 33 ]
	[ "$(printf '%s\n' "$output" | grep -c '^stride,copy,')" -eq 32 ]
	for p in aos-direct aos-staged soa transpose-copy transpose-naive transpose-tiled \
		 transpose-padded transpose-multi; do
		printf '%s\n' "$output" | grep -q "^$p,copy,"
	done
}

@test "coalesce --model: sectors per request follow the rule" {
	run_split "$GPUPERF" --csv coalesce --model --pattern offset,stride
	[ "$status" -eq 0 ]
	awk "BEGIN { exit !($(model_field offset 0 1 predicted_sectors_per_request) == 4) }"
	awk "BEGIN { exit !($(model_field offset 1 1 predicted_sectors_per_request) == 5) }"
	awk "BEGIN { exit !($(model_field offset 8 1 predicted_sectors_per_request) == 4) }"
	awk "BEGIN { exit !($(model_field offset 1 1 predicted_sectors_per_request_st) == 5) }"
	awk "BEGIN { exit !($(model_field stride 0 2 predicted_sectors_per_request) == 8) }"
	awk "BEGIN { exit !($(model_field stride 0 32 predicted_sectors_per_request) == 32) }"
	awk "BEGIN { exit !($(model_field stride 0 32 efficiency_pct) == 12.5) }"
}

@test "coalesce --model --width 16 --op load: no store column, 17 sectors when misaligned" {
	run_split "$GPUPERF" --csv coalesce --model --width 16 --op load --pattern offset --offset 1
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 2 ]
	[ "$(model_field offset 1 1 predicted_sectors_per_request_st)" = "" ]
	awk "BEGIN { exit !($(model_field offset 1 1 predicted_sectors_per_request) == 17) }"
	awk "BEGIN { exit !($(model_field offset 1 1 width_bytes) == 16) }"
}

@test "coalesce --model: AoS and naive transpose" {
	run_split "$GPUPERF" --csv coalesce --model --pattern aos,transpose
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk -F, '$1 == "aos-direct" { print $6 }' | awk '{ print $1 + 0 }')" = 12 ]
	[ "$(printf '%s\n' "$output" | awk -F, '$1 == "transpose-naive" { print $7 }' | awk '{ print $1 + 0 }')" = 32 ]
	[ "$(printf '%s\n' "$output" | awk -F, '$1 == "transpose-padded" { print $7 }' | awk '{ print $1 + 0 }')" = 4 ]
}

@test "coalesce --model: human table has a chart and needs no GPU" {
	run_split "$GPUPERF" coalesce --model --pattern stride
	[ "$status" -eq 0 ]
	[[ "$output" == *"stride"* ]]
	[[ "$output" == *"predicted sectors per request vs stride"* ]]
}

@test "coalesce --model --json: an array of records" {
	run_split "$GPUPERF" --json coalesce --model --pattern offset --offset 0,1
	[ "$status" -eq 0 ]
	[[ "$output" == *"\"predicted_sectors_per_request\""* ]]
	[ "$(printf '%s\n' "$output" | grep -o '"pattern"' | wc -l)" -eq 2 ]
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/model.json"
	"$GPUPERF" --csv coalesce --model --pattern offset --offset 0,1 >"$BATS_TEST_TMPDIR/model.csv"
	same_records "$BATS_TEST_TMPDIR/model.csv" "$BATS_TEST_TMPDIR/model.json"
}

@test "coalesce: usage errors exit 2 before any GPU is touched" {
	assert_usage_error coalesce --width 12
	assert_usage_error coalesce --width 0
	assert_usage_error coalesce --width four
	assert_usage_error coalesce --stride 0
	assert_usage_error coalesce --stride 0-4
	assert_usage_error coalesce --stride -1
	assert_usage_error coalesce --offset -1
	assert_usage_error coalesce --offset x
	assert_usage_error coalesce --op add
	assert_usage_error coalesce --pattern diagonal
	assert_usage_error coalesce --size 1K
	assert_usage_error coalesce --size lots
	assert_usage_error coalesce --bogus
	assert_usage_error coalesce extra
	assert_usage_error coalesce --model --width 3
}

@test "coalesce: offsets and strides that overrun the buffer are usage errors" {
	# 1 GiB of 4-byte elements is 268435456 elements.
	assert_usage_error coalesce --offset 268435456
	assert_usage_error coalesce --model --offset 268435456
	# 64 MiB at stride 1000 leaves 16777 accesses, under the 65536 minimum.
	assert_usage_error coalesce --size 64M --stride 1000
	assert_usage_error coalesce --model --size 64M --stride 1,2,1000
	[[ "$stderr" == *"--stride 1000"* ]]
	# The same stride fits a larger buffer.
	run_split "$GPUPERF" --csv coalesce --model --size 1G --stride 1000 --pattern stride
	[ "$status" -eq 0 ]
}

@test "coalesce: offsets and strides only matter for their patterns" {
	run_split "$GPUPERF" --csv coalesce --model --pattern aos --size 64M --stride 1000
	[ "$status" -eq 0 ]
}

@test "coalesce: measuring without a GPU exits 3" {
	if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
		skip "a GPU is present"
	fi
	run_split "$GPUPERF" coalesce --pattern aos
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	[[ "$stderr" == *"gpuperf: error:"* ]]
}

@test "coalesce --help names every option" {
	run_split "$GPUPERF" coalesce --help
	[ "$status" -eq 0 ]
	for o in --offset --stride --width --op --pattern --size --model; do
		[[ "$output$stderr" == *"$o"* ]]
	done
}
