#!/usr/bin/env bats
# gpuperf coalesce on a GPU: outputs verified (exit 0), sectors per request
# equal to the model, bandwidth shapes.  Counter assertions skip only where
# another tool cannot read the counters either (require_counters, lib.bash);
# counters that come back empty fail.

load lib

# Every row's model_match is yes; print the ones that are not.
all_match() {
	local bad c
	c=$(csv_col "$CSV" model_match) || return 1
	bad=$(awk -F, -v c="$c" 'NR > 1 && $c != "yes"' "$CSV")
	if [ -n "$bad" ]; then
		echo "rows differing from the model:" >&2
		head -n 1 "$CSV" >&2
		echo "$bad" >&2
		return 1
	fi
}

@test "coalesce width 4: runs, verifies, identity columns first" {
	require_gpu
	cached_csv w4 coalesce --width 4
	head -n 1 "$CSV" | grep -q '^device,cc,device_index,uuid,pci_bus_id,hostname,pattern,op,offset,stride,width_bytes,predicted_sectors_per_request,measured_sectors_per_request,'
	# 33 offsets + 32 strides + 3 AoS + 5 transposes
	[ "$(tail -n +2 "$CSV" | wc -l)" -eq 73 ]
}

@test "coalesce width 4: measured sectors per request equal the model for every row" {
	require_gpu
	require_counters
	cached_csv w4 coalesce --width 4
	counted measured_sectors_per_request
	all_match
}

@test "coalesce width 8: measured sectors per request equal the model" {
	require_gpu
	require_counters
	cached_csv w8 coalesce --width 8 --pattern offset,stride
	counted measured_sectors_per_request
	all_match
}

@test "coalesce width 16: measured sectors per request equal the model" {
	require_gpu
	require_counters
	cached_csv w16 coalesce --width 16 --pattern offset,stride
	counted measured_sectors_per_request
	all_match
}

@test "coalesce load-only and store-only: verified and equal to the model" {
	require_gpu
	require_counters
	cached_csv load coalesce --op load --pattern offset,stride --offset 0,1,8 --stride 1,2,32
	counted measured_sectors_per_request
	all_match
	cached_csv store coalesce --op store --pattern offset,stride --offset 0,1,8 --stride 1,2,32
	all_match
}

@test "coalesce: stride bandwidth falls as the stride grows" {
	require_gpu
	cached_csv w4 coalesce --width 4
	local bw
	bw=$(field "$CSV" bandwidth_gbs '$7 == "stride"')
	# Each stride no more than 10 % above the previous one, and stride 32
	# under a quarter of stride 1.
	echo "$bw" | awk 'NR > 1 && $1 > 1.10 * prev { print "stride " NR ": " $1 " > " prev; bad = 1 }
			  { prev = $1 } NR == 1 { first = $1 } END { last = $1
			  if (last * 4 > first) { print "stride 32 " last " vs stride 1 " first; bad = 1 }
			  exit bad }'
}

@test "coalesce: a misaligned copy costs more sectors than an aligned one" {
	require_gpu
	require_counters
	cached_csv w4 coalesce --width 4
	counted measured_sectors_per_request
	local d0 d1
	d0=$(field "$CSV" measured_sectors_per_request '$7 == "offset" && $9 == 0')
	d1=$(field "$CSV" measured_sectors_per_request '$7 == "offset" && $9 == 1')
	awk "BEGIN { exit !($d1 > $d0) }"
}

@test "coalesce: transpose steps, padded beats tiled and tiled transposes beat naive" {
	require_gpu
	cached_csv w4 coalesce --width 4
	local naive tiled padded multi
	naive=$(field "$CSV" bandwidth_gbs '$7 == "transpose-naive"')
	tiled=$(field "$CSV" bandwidth_gbs '$7 == "transpose-tiled"')
	padded=$(field "$CSV" bandwidth_gbs '$7 == "transpose-padded"')
	multi=$(field "$CSV" bandwidth_gbs '$7 == "transpose-multi"')
	echo "# naive $naive tiled $tiled padded $padded multi $multi GB/s" >&3
	awk "BEGIN { exit !($padded > $tiled) }"
	awk "BEGIN { exit !($multi > $naive) }"
}

@test "coalesce: direct AoS loads touch 3x the sectors of SoA loads" {
	# On GPUs whose L1 caches global loads (Hopper) the over-fetch of direct
	# float3 loads is absorbed by L1 and the bandwidths come out alike; the
	# sectors per request still show the uncoalesced access.
	require_gpu
	require_counters
	cached_csv w4 coalesce --width 4
	counted measured_sectors_per_request
	local direct soa bd bs
	direct=$(field "$CSV" measured_sectors_per_request '$7 == "aos-direct"')
	soa=$(field "$CSV" measured_sectors_per_request '$7 == "soa"')
	bd=$(field "$CSV" bandwidth_gbs '$7 == "aos-direct"')
	bs=$(field "$CSV" bandwidth_gbs '$7 == "soa"')
	echo "# aos-direct $direct sectors/request, $bd GB/s; soa $soa sectors/request, $bs GB/s" >&3
	awk "BEGIN { exit !($direct >= 2.9 * $soa) }"
}

@test "coalesce human output: prediction beside measurement, charts" {
	require_gpu
	run "$GPUPERF" coalesce --pattern offset,stride --offset 0-8 --stride 1-8
	[ "$status" -eq 0 ]
	[[ "$output" == *"bandwidth vs offset"* ]]
	[[ "$output" == *"bandwidth vs stride"* ]]
}
