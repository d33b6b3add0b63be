#!/usr/bin/env bats
# gpuperf banks: --model output and every usage error, no GPU needed.

load lib

MODEL_HEADER=pattern,op,stride,width_bytes,predicted_ways,predicted_wavefronts_per_request,ideal_wavefronts_per_request,predicted_conflicts_per_request

# model_field PATTERN STRIDE COLUMN: the field of the row with that pattern and stride.
model_field() {
	local col
	col=$(printf '%s\n' "$MODEL_HEADER" | tr ',' '\n' | grep -nx "$3" | cut -d: -f1)
	printf '%s\n' "$output" | awk -F, -v p="$1" -v s="$2" -v c="$col" \
		'$1 == p && $3 == s { print $c + 0 }'
}

@test "banks --model: CSV header and one row per configuration" {
	run_split "$GPUPERF" --csv banks --model
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | head -n 1)" = "$MODEL_HEADER" ]
	# strides 1-33 and 64, broadcast, multicast, multicast-conflict, 3 tiles
	[ "$(printf '%s\n' "$output" | tail -n +2 | wc -l)" -eq 40 ]
	[ "$(printf '%s\n' "$output" | grep -c '^stride,load,')" -eq 34 ]
	for p in broadcast multicast multicast-conflict transpose-unpadded transpose-padded \
		 transpose-swizzled; do
		printf '%s\n' "$output" | grep -q "^$p,load,"
	done
}

@test "banks --model: ways are gcd(stride, 32) for 4-byte words" {
	run_split "$GPUPERF" --csv banks --model --pattern stride
	[ "$status" -eq 0 ]
	[ "$(model_field stride 1 predicted_ways)" = 1 ]
	[ "$(model_field stride 2 predicted_ways)" = 2 ]
	[ "$(model_field stride 6 predicted_ways)" = 2 ]
	[ "$(model_field stride 8 predicted_ways)" = 8 ]
	[ "$(model_field stride 32 predicted_ways)" = 32 ]
	[ "$(model_field stride 33 predicted_ways)" = 1 ]
	[ "$(model_field stride 64 predicted_wavefronts_per_request)" = 32 ]
	[ "$(model_field stride 32 predicted_conflicts_per_request)" = 31 ]
}

@test "banks --model --width 8 and 16: ideal 2 and 4 wavefronts" {
	run_split "$GPUPERF" --csv banks --model --width 8 --stride 1,2,16
	[ "$status" -eq 0 ]
	[ "$(model_field stride 1 predicted_wavefronts_per_request)" = 2 ]
	[ "$(model_field stride 1 ideal_wavefronts_per_request)" = 2 ]
	[ "$(model_field stride 2 predicted_wavefronts_per_request)" = 4 ]
	[ "$(model_field stride 16 predicted_ways)" = 16 ]
	run_split "$GPUPERF" --csv banks --model --width 16 --stride 1,2,8 --op store
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^stride,store,1,16,1,'
	[ "$(model_field stride 1 predicted_wavefronts_per_request)" = 4 ]
	[ "$(model_field stride 2 predicted_wavefronts_per_request)" = 8 ]
	[ "$(model_field stride 8 predicted_wavefronts_per_request)" = 32 ]
}

@test "banks --model: broadcast free, padding and swizzling fix the tile" {
	run_split "$GPUPERF" --csv banks --model --pattern broadcast,transpose
	[ "$status" -eq 0 ]
	[ "$(model_field broadcast 0 predicted_ways)" = 1 ]
	[ "$(printf '%s\n' "$output" | awk -F, '$1 == "multicast" { print $5 }')" = 1 ]
	[ "$(printf '%s\n' "$output" | awk -F, '$1 == "multicast-conflict" { print $5 }')" = 4 ]
	[ "$(model_field transpose-unpadded 32 predicted_ways)" = 32 ]
	[ "$(model_field transpose-padded 33 predicted_ways)" = 1 ]
	[ "$(model_field transpose-swizzled 32 predicted_ways)" = 1 ]
}

@test "banks --model: human table with chart" {
	run_split "$GPUPERF" banks --model
	[ "$status" -eq 0 ]
	[[ "$output" == *"predicted wavefronts per request vs stride"* ]]
}

@test "banks: usage errors exit 2 before any GPU is touched" {
	assert_usage_error banks --stride 0
	assert_usage_error banks --stride -1
	assert_usage_error banks --stride -3-5
	assert_usage_error banks --stride 1,0
	assert_usage_error banks --stride two
	assert_usage_error banks --width 2
	assert_usage_error banks --width 32
	assert_usage_error banks --op copy
	assert_usage_error banks --pattern diagonal
	assert_usage_error banks --size 1G
	assert_usage_error banks --bogus
	assert_usage_error banks extra
	assert_usage_error banks --model --stride 0
}

@test "banks: measuring without a GPU exits 3" {
	if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
		skip "a GPU is present"
	fi
	run_split "$GPUPERF" banks --pattern broadcast
	[ "$status" -eq 3 ]
	[ -z "$output" ]
}

@test "banks --help names every option" {
	run_split "$GPUPERF" banks --help
	[ "$status" -eq 0 ]
	for o in --stride --width --op --pattern --model; do
		[[ "$output$stderr" == *"$o"* ]]
	done
}
